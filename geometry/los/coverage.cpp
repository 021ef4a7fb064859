// fully_visible as a certificate (parts of the target's foot each cleared by a fan of
// lines from one point of the observer's base, or a point proven hidden) and the estimate
// of visible_fraction (exact decisions at points of the base, bisection on heights).
#include "los/coverage.h"

#include "kernel/base.h"
#include "kernel/bound.h"
#include "kernel/exact.h"
#include "kernel/polygon.h"
#include "los/exact_los.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <deque>
#include <limits>
#include <numbers>
#include <optional>

namespace sl {
namespace {

// The farthest and nearest distances from p to a blocker, made a hair larger and smaller
// than computed (relative 1e-12: far above the rounding of a few operations).
double farthestFrom(Vec2 p, const Blocker& bl) {
    double d = 0;
    if (bl.curved) {
        d = std::hypot(bl.ellipse.centre.x - p.x, bl.ellipse.centre.y - p.y) +
            std::max(bl.ellipse.lengthMm, bl.ellipse.widthMm) / 50.8;
    } else {
        for (const Vec2& v : bl.polygon.outer) d = std::max(d, (v.x - p.x) * (v.x - p.x) + (v.y - p.y) * (v.y - p.y));
        d = std::sqrt(d);
    }
    return d * (1 + 1e-12) + 1e-12;
}

double nearestOf(Vec2 p, const Ring& ring) {
    double d = HUGE_VAL;
    for (size_t i = 0; i < ring.size(); ++i) {
        const Vec2 a = ring[i], u = ring[(i + 1) % ring.size()] - a, w = p - a;
        const double len2 = u.x * u.x + u.y * u.y;
        const double t = len2 > 0 ? std::clamp((w.x * u.x + w.y * u.y) / len2, 0.0, 1.0) : 0.0;
        const double gx = a.x + u.x * t - p.x, gy = a.y + u.y * t - p.y;
        d = std::min(d, gx * gx + gy * gy);
    }
    return std::sqrt(d);
}

double nearestFrom(Vec2 p, const Blocker& bl) {
    double d = 0;
    if (bl.curved) {
        d = std::hypot(bl.ellipse.centre.x - p.x, bl.ellipse.centre.y - p.y) -
            std::max(bl.ellipse.lengthMm, bl.ellipse.widthMm) / 50.8;
    } else if (locate(p, bl.polygon) == Where::Outside) {
        d = nearestOf(p, bl.polygon.outer);
        for (const Ring& h : bl.polygon.holes) d = std::min(d, nearestOf(p, h));
    }
    return std::max(0.0, d * (1 - 1e-12) - 1e-12);
}

// Whether the blocker lies wholly on the outer side of one of the fan's edges (at least
// `margin` away), or the fan on the outer side of one of the blocker's hull edges, or (a
// piece that is not convex) each of its convex parts apart so: then no line of the fan
// (nor a band of half-width `margin` around one) enters its interior.
bool apart(const Ring& fan, const Blocker& bl, const Ring& blockerHull, const std::vector<Ring>& blockerParts, double margin) {
    // Every point of `pts` right of a->b (the outer side of a positively oriented ring), at
    // least `margin` away. With a margin: in floating point first, where a point lies
    // farther from the limit than any rounding could move it (the bounds decide the rest,
    // as they decide every point without it); and the box around the points first when
    // one is given (the farthest point on the inner side is one of its corners).
    auto outside = [&](Vec2 a, Vec2 b, const Ring& pts, const Ring* box) {
        if (margin == 0) {
            for (const Vec2& v : pts)
                if (exact::orient(a, b, v) > 0) return false;
            return true;
        }
        const Bound ex = Bound(b.x) - Bound(a.x), ey = Bound(b.y) - Bound(a.y);
        const double limit = -(margin * sqrtOf(ex * ex + ey * ey).hi());
        const double fx = b.x - a.x, fy = b.y - a.y;
        // 0: surely beyond the limit (outside), 1: surely not, 2: too close to call in floats.
        auto judge = [&](Vec2 v) {
            const double c = fx * (v.y - a.y) - fy * (v.x - a.x);
            const double slack = 1e-9 * (std::abs(fx) * std::abs(v.y - a.y) + std::abs(fy) * std::abs(v.x - a.x) +
                                         std::abs(limit) + 1e-300);
            return c < limit - slack ? 0 : c > limit + slack ? 1 : 2;
        };
        auto bounded = [&](Vec2 v) {
            const Bound c = ex * (Bound(v.y) - Bound(a.y)) - ey * (Bound(v.x) - Bound(a.x));
            return c.hi() <= limit;
        };
        if (box) {
            bool all = true;
            for (const Vec2& v : *box) all = all && judge(v) == 0;
            if (all) return true;
        }
        for (const Vec2& v : pts) {
            const int j = judge(v);
            if (j == 1 || (j == 2 && !bounded(v))) return false;
        }
        return true;
    };
    const Ring box{{bl.minX, bl.minY}, {bl.maxX, bl.minY}, {bl.maxX, bl.maxY}, {bl.minX, bl.maxY}};
    for (size_t i = 0; i < fan.size(); ++i) {
        const Vec2 a = fan[i], b = fan[(i + 1) % fan.size()];
        if (bl.curved) {
            // The ellipse's farthest reach towards the edge's outer normal (left side).
            const exact::Ellipse& e = bl.ellipse;
            const Bound nx = Bound(a.y) - Bound(b.y), ny = Bound(b.x) - Bound(a.x);  // points left (inwards)
            const Bound ra = Bound(e.lengthMm) * Bound(5) / Bound(254), rb = Bound(e.widthMm) * Bound(5) / Bound(254);
            const Bound nu = Bound(e.cosRot) * nx + Bound(e.sinRot) * ny, nv = Bound(e.cosRot) * ny - Bound(e.sinRot) * nx;
            const Bound reach = sqrtOf(ra * ra * nu * nu + rb * rb * nv * nv + Bound(1e-300));
            const Bound centre = nx * (Bound(e.centre.x) - Bound(a.x)) + ny * (Bound(e.centre.y) - Bound(a.y));
            const Bound len = sqrtOf(nx * nx + ny * ny);
            if ((centre + reach).hi() <= -(margin * len.hi())) return true;
            continue;
        }
        if (outside(a, b, bl.polygon.outer, &box)) return true;
    }
    if (!bl.curved)
        for (size_t i = 0; i < blockerHull.size(); ++i)
            if (outside(blockerHull[i], blockerHull[(i + 1) % blockerHull.size()], fan, nullptr)) return true;
    // A piece that is not convex: apart from each of its convex parts (the fan reaches into a
    // bay of its outline). Each part is apart by one of the fan's edges or one of its own.
    if (!bl.curved && !blockerParts.empty()) {
        bool all = true;
        for (const Ring& part : blockerParts) {
            bool split = false;
            for (size_t i = 0; i < fan.size() && !split; ++i) split = outside(fan[i], fan[(i + 1) % fan.size()], part, nullptr);
            for (size_t i = 0; i < part.size() && !split; ++i) split = outside(part[i], part[(i + 1) % part.size()], fan, nullptr);
            if (!split) {
                all = false;
                break;
            }
        }
        if (all) return true;
    }
    // Or the fan lies within one of its holes (a courtyard): every corner of the fan in the
    // hole, no corner of the hole inside the fan, no edges crossing (exact; a band needs
    // room to the hole's edges, which this does not measure: zero width only).
    if (!bl.curved && margin == 0)
        for (const Ring& hole : bl.polygon.holes) {
            bool within = true;
            for (const Vec2& v : fan) within = within && locate(v, hole) != Where::Outside;
            for (const Vec2& v : hole) within = within && locate(v, fan) != Where::Inside;
            for (size_t i = 0; i < fan.size() && within; ++i)
                for (size_t j = 0; j < hole.size() && within; ++j)
                    within = !segmentsCrossProperly(fan[i], fan[(i + 1) % fan.size()], hole[j], hole[(j + 1) % hole.size()]);
            if (within) return true;
        }
    return false;
}

// The convex ring (positively oriented: it turns left at every corner, each edge's outward
// normal on its right) with each edge moved out by `reach` and a hair more, the corners
// mitred: it holds the disc of that radius around every point of the ring. False for a ring
// with a corner too sharp to grow (or a repeated point).
bool grownRing(const Ring& ring, double reach, Ring& out) {
    const size_t n = ring.size();
    out.resize(n);
    for (size_t i = 0; i < n; ++i) {
        const Vec2 a = ring[(i + n - 1) % n], b = ring[i], c = ring[(i + 1) % n];
        const Vec2 u = b - a, w = c - b;
        const double lu = std::hypot(u.x, u.y), lw = std::hypot(w.x, w.y);
        if (lu == 0 || lw == 0) return false;
        const Vec2 nu{u.y / lu, -u.x / lu}, nw{w.y / lw, -w.x / lw};
        // The mitre: the corner moved along the two normals' bisector, to where both moved
        // edges meet (1 / cos of half the turn, times the reach).
        const Vec2 m = nu + nw;
        const double m2 = m.x * m.x + m.y * m.y;
        if (m2 < 1e-12) return false;
        out[i] = b + m * (2 * reach / m2 * (1 + 1e-9));
    }
    return true;
}

// The blocker's outline clipped to the fan (the hull of p and a part) grown by `grow` (and a
// hair more for rounding): every point of the blocker a line of the fan, with a band of
// half-width `grow` around it, could meet. Nothing for a curved blocker or a fan too sharp
// to grow (a fan this sharp is no fan); fewer than three points when the clip leaves nothing.
std::optional<Ring> blockerInFan(const Blocker& bl, const Ring& fan, double grow, double& scale) {
    if (bl.curved || fan.size() < 3) return std::nullopt;
    scale = 1;
    for (const Vec2& v : fan) scale = std::max({scale, std::abs(v.x), std::abs(v.y)});
    thread_local Ring window;
    if (!grownRing(fan, grow + 1e-9 * scale, window)) return std::nullopt;
    return clipToConvexRing(bl.polygon.outer, window);
}

// The farthest from p of the blocker's points that a line of the fan could pass over
// (blockerInFan). Where a long line crosses a low blocker near its middle, this is far
// nearer than the blocker's farthest corner. Infinite when the clip says nothing (the
// caller keeps its own bound).
double farthestInFan(Vec2 p, const Blocker& bl, const Ring& fan, double grow) {
    double scale = 1;
    const std::optional<Ring> clipped = blockerInFan(bl, fan, grow, scale);
    if (!clipped || clipped->size() < 3) return HUGE_VAL;
    double d = 0;
    for (const Vec2& v : *clipped) d = std::max(d, (v.x - p.x) * (v.x - p.x) + (v.y - p.y) * (v.y - p.y));
    d = std::sqrt(d);
    return d * (1 + 1e-9) + 1e-9 * scale;
}

// The nearest to p of those points: where the lines cross a floor far from its corner
// nearest p, this is well beyond that corner. Zero when the clip says nothing (the caller
// keeps its own bound) or holds p.
double nearestInFan(Vec2 p, const Blocker& bl, const Ring& fan, double grow) {
    double scale = 1;
    const std::optional<Ring> clipped = blockerInFan(bl, fan, grow, scale);
    if (!clipped || clipped->size() < 3 || locate(p, *clipped) != Where::Outside) return 0;
    return std::max(0.0, nearestOf(p, *clipped) * (1 - 1e-9) - 1e-9 * scale);
}

// How near and how far from p the points of a part lie (nearest 0 when p is in it), each
// widened by a hair for rounding: every line from p to the part is between the two long.
struct PartReach {
    double nearest, farthest;
};
PartReach reachOf(Vec2 p, const Ring& part) {
    const double nearest = locate(p, part) == Where::Outside ? nearestOf(p, part) : 0;
    double farthest = 0;
    for (const Vec2& v : part) farthest = std::max(farthest, (v.x - p.x) * (v.x - p.x) + (v.y - p.y) * (v.y - p.y));
    farthest = std::sqrt(farthest);
    return {nearest * (1 - 1e-12) - 1e-12, farthest * (1 + 1e-12) + 1e-12};
}

// Whether every line from p (height hp) to a point of the part (height hq; `reach`, its
// distances from p) passes over the blocker: its height along the line is linear in the
// distance from p, and bounded by the blocker's nearest and farthest distances against the
// part's. With the fan (the hull of p and the part, `grow` the band's reach beside it),
// looking down: the farthest of the blocker's points within the fan only.
bool overEveryLine(Vec2 p, double hp, PartReach reach, double hq, const Blocker& bl, double hw, const Ring* fan = nullptr,
                   double grow = 0) {
    if (hp >= bl.top && hq >= bl.top) return true;
    const double nearPart = reach.nearest, farPart = reach.farthest;
    double lowest;
    if (hp > hq) {  // falling: lowest where the line is farthest along over the blocker
        if (nearPart <= 0) return false;
        if (bl.top >= hp) return false;  // (no line runs higher than hp)
        double far = farthestFrom(p, bl);
        // Within the fan, when the blocker's nearest point leaves room for it to help.
        const double room = nearPart * (hp - bl.top) / (hp - hq) - hw;
        if (fan && far >= room && nearestFrom(p, bl) < room) far = std::min(far, farthestInFan(p, bl, *fan, grow));
        lowest = hp - (hp - hq) * std::min(1.0, (far + hw) / nearPart);
    } else {        // rising (or level): lowest where it is nearest p
        auto at = [&](double near) { return hp + (hq - hp) * std::min(1.0, std::max(0.0, near - hw) / farPart); };
        lowest = at(nearestFrom(p, bl));
        // (Else within the fan only: a long piece crossed far from its corner nearest p.)
        if (fan && lowest - 1e-9 * (1 + std::abs(lowest)) < bl.top) lowest = std::max(lowest, at(nearestInFan(p, bl, *fan, grow)));
    }
    return lowest - 1e-9 * (1 + std::abs(lowest)) >= bl.top;
}

// Whether every line from p (height hp) to a point of the part (height hq) passes under the
// blocker, a floor or a walkway (its bottom no lower than the line wherever the line, or a
// band of half-width hw around it, is over the blocker): the mirror of overEveryLine, the
// line highest where it leaves the blocker when rising, where it reaches it when falling.
bool underEveryLine(Vec2 p, double hp, PartReach reach, double hq, const Blocker& bl, double hw, const Ring* fan = nullptr,
                    double grow = 0) {
    if (bl.bottom <= 0) return false;
    if (hp <= bl.bottom && hq <= bl.bottom) return true;
    const double nearPart = reach.nearest, farPart = reach.farthest;
    double highest;
    if (hq > hp) {  // rising: highest where the line is farthest along under the blocker
        if (nearPart <= 0 || bl.bottom <= hp) return false;
        auto at = [&](double far) { return hp + (hq - hp) * std::min(1.0, (far + hw) / nearPart); };
        highest = at(farthestFrom(p, bl));
        // (Else within the fan only, as overEveryLine looking down: a long walkway crossed near p.)
        if (fan && highest + 1e-9 * (1 + std::abs(highest)) > bl.bottom) highest = std::min(highest, at(farthestInFan(p, bl, *fan, grow)));
    } else {        // falling (or level): highest where it is nearest p
        auto at = [&](double near) { return hp - (hp - hq) * std::min(1.0, std::max(0.0, near - hw) / farPart); };
        highest = at(nearestFrom(p, bl));
        // (Else within the fan only, as looking up past a piece: a floor crossed far from
        // its corner nearest p.)
        if (fan && highest + 1e-9 * (1 + std::abs(highest)) > bl.bottom) highest = std::min(highest, at(nearestInFan(p, bl, *fan, grow)));
    }
    return highest + 1e-9 * (1 + std::abs(highest)) <= bl.bottom;
}

// Level lines at h pass a piece whose top is at h and a floor whose underside is at h, each
// on its own, but not the seam where the floor rests on the piece (Scene::blocking): a fan
// of such lines that reaches both is not taken as open (whether they overlap where it
// passes is not looked for).
struct StackedSeams {
    bool level;
    double h;
    bool under = false, over = false;  // a piece topped at h, a floor from h, in the fan's way
    bool isOne(const Blocker& bl) const { return level && ((bl.top == h && bl.bottom < h) || (bl.bottom > 0 && bl.bottom == h)); }
    // The blocker, one of them, is in the way: whether both kinds now are.
    bool meets(const Blocker& bl) {
        under = under || bl.top == h;
        over = over || bl.bottom == h;
        return under && over;
    }
};

// Whether no blocker can stop a line from p (at hp) to any point of the part at any height
// from z0 to z1 (the columns over the part; z0 = z1, the points at one height): each blocker
// beside the fan of lines, or passed over by every line to z0 (a line to a higher point runs
// higher all along), or under by every line to z1. With `inWay`: where the fan is not open,
// the blockers that stop it, up to one more than apexBeside takes (none where level lines
// meet a seam, StackedSeams, for a part of one point, or for a fan of fewer than three
// corners).
constexpr size_t kMostBeside = 4;  // (apexBeside: blockers a point beside them is looked for)
bool fanOpen(const Scene& scene, Vec2 p, double hp, const Ring& part, double z0, double z1, const ModelMask& ignored,
             std::vector<uint32_t>* inWay = nullptr) {
    if (inWay) inWay->clear();
    if (part.size() == 1 && z0 == z1) return !scene.blocked({p, part[0], hp, z0}, ignored);
    std::vector<Vec2> pts = part;
    pts.push_back(p);
    const Ring fan = convexHullOf(pts);
    if (fan.size() < 3) return false;
    const double hw = scene.halfWidth();
    auto [lo, hi] = boundsOf(fan);
    StackedSeams seams{z0 <= hp && hp <= z1, hp};
    std::optional<PartReach> reached;  // (the part's distances from p, worked out once when asked)
    auto reach = [&] { return reached ? *reached : *(reached = reachOf(p, part)); };
    for (uint32_t id : scene.blockersInBox(lo - Vec2{hw, hw}, hi + Vec2{hw, hw})) {
        const Blocker& bl = scene.blockers()[id];
        if (bl.model >= 0 && ignored[bl.model]) continue;
        if (seams.isOne(bl) && !apart(fan, bl, scene.hull(id), scene.parts(id), hw) && seams.meets(bl)) {
            if (inWay) inWay->clear();
            return false;
        }
        // (Lower than every line, or a floor above every line.)
        if (bl.top <= std::min(hp, z0) || (bl.bottom > 0 && bl.bottom >= std::max(hp, z1))) continue;
        if (overEveryLine(p, hp, reach(), z0, bl, hw, &fan, hw) || underEveryLine(p, hp, reach(), z1, bl, hw, &fan, hw)) continue;
        if (apart(fan, bl, scene.hull(id), scene.parts(id), hw)) continue;
        if (!inWay) return false;
        inWay->push_back(id);
        if (inWay->size() > kMostBeside) return false;
    }
    return !inWay || inWay->empty();
}

// Whether no blocker can stop a line from p (at hp) to any point of the part (at hq).
bool fanOpen(const Scene& scene, Vec2 p, double hp, const Ring& part, double hq, const ModelMask& ignored,
             std::vector<uint32_t>* inWay = nullptr) {
    return fanOpen(scene, p, hp, part, hq, hq, ignored, inWay);
}

// The two lines that part the convex part from the convex ring `bl` (positively oriented),
// each through a corner of each: the half-planes on the part's side of them, as n . x <= c
// (n of unit length, c moved in by `margin`). Nothing where the two overlap or touch. Each
// is found by turning a line about a corner of one and then of the other, the tangent
// from each corner to the other ring, until it stays (a few turns), and then checked.
std::optional<std::array<std::pair<Vec2, double>, 2>> partingLines(const Ring& part, const Ring& bl, double margin) {
    if (part.empty() || bl.empty()) return std::nullopt;
    auto turn = [](Vec2 a, Vec2 b, Vec2 x) { return (b.x - a.x) * (x.y - a.y) - (b.y - a.y) * (x.x - a.x); };
    std::array<std::pair<Vec2, double>, 2> sides;
    for (int k = 0; k < 2; ++k) {
        const double s = k == 0 ? 1 : -1;  // the part left (1) or right (-1) of the line from v to u
        Vec2 u = part.front(), v = bl.front();
        bool still = false;
        for (int round = 0; round < 12 && !still; ++round) {
            const Vec2 u0 = u, v0 = v;
            for (const Vec2& x : bl)  // the ring on the other side
                if (s * turn(u, v, x) < 0) v = x;
            for (const Vec2& x : part)  // the part on its side
                if (s * turn(v, u, x) < 0) u = x;
            still = u == u0 && v == v0;
        }
        const Vec2 d = u - v;
        const double len = std::hypot(d.x, d.y);
        if (!still || len == 0) return std::nullopt;
        const Vec2 n = Vec2{d.y, -d.x} * (s / len);  // (n . x < n . v: the part's side)
        const double c = n.x * v.x + n.y * v.y;
        // Every corner of the part on its side and every corner of the ring on the other
        // (plain doubles: the fan from the apex found is proven as every other).
        const double tol = 1e-12 * (1 + std::abs(c));
        for (const Vec2& x : part)
            if (n.x * x.x + n.y * x.y > c + tol) return std::nullopt;
        for (const Vec2& x : bl)
            if (n.x * x.x + n.y * x.y < c - tol) return std::nullopt;
        sides[static_cast<size_t>(k)] = {n, c - margin};
    }
    return sides;
}

// A point of the observer's outline from which the fan to the part passes beside each of
// the blockers `inWay` names (the fan, apart from the blocker's hull grown by the band's
// half-width, on the part's side of one of the two lines that part them): the area
// centroid of the room the outline leaves within the lines chosen, for the choice of sides
// that leaves the most. Nothing where no choice leaves any, or for more than kMostBeside
// blockers. A guide to an apex only: the fan from it is proven as every other (fanOpen),
// and may meet blockers these did not name.
std::optional<Vec2> apexBeside(const Scene& scene, const Ring& outline, const Ring& part, const std::vector<uint32_t>& inWay) {
    if (inWay.empty() || inWay.size() > kMostBeside || part.empty() || outline.size() < 3) return std::nullopt;
    double scale = 1;
    for (const Vec2& v : outline) scale = std::max({scale, std::abs(v.x), std::abs(v.y)});
    const double margin = 1e-9 * scale;
    std::vector<std::array<std::pair<Vec2, double>, 2>> lines;
    thread_local Ring grown;
    for (uint32_t id : inWay) {
        const Blocker& bl = scene.blockers()[id];
        const Ring& hull = scene.hull(id);
        // (A round base's outline has its corners on the curve, which bulges past each edge:
        // by a (1 - cos(pi / n)) for a circle of radius a and n corners; an oval's flatter
        // side, by more, taken as the ratio of its axes more, and a tenth. The room found
        // is a guide: no more is needed than that it be mostly right.)
        double bulge = 0;
        if (bl.curved && hull.size() >= 3) {
            const double a = std::max(bl.ellipse.lengthMm, bl.ellipse.widthMm) / 50.8;
            const double b = std::min(bl.ellipse.lengthMm, bl.ellipse.widthMm) / 50.8;
            bulge = 1.1 * a * (a / b) * (1 - std::cos(std::numbers::pi / static_cast<double>(hull.size())));
        }
        if (!grownRing(hull, scene.halfWidth() + bulge + margin, grown)) return std::nullopt;
        const auto sides = partingLines(part, grown, margin);
        if (!sides) return std::nullopt;
        lines.push_back(*sides);
    }
    // (The room cut from 16 of the outline's corners at most, evenly spread: their hull
    // lies within the outline, and the middle of its room is as good a guide.)
    thread_local Ring coarse;
    coarse.clear();
    const size_t step = (outline.size() + 15) / 16;
    for (size_t i = 0; i < outline.size(); i += step) coarse.push_back(outline[i]);
    std::optional<Vec2> best;
    double most = 0;
    for (unsigned choice = 0; choice < (1u << lines.size()); ++choice) {
        Ring room = coarse;
        for (size_t i = 0; i < lines.size() && room.size() >= 3; ++i) {
            const auto& [n, c] = lines[i][(choice >> i) & 1u];
            room = clipHalf(room, n, c);
        }
        if (room.size() < 3) continue;
        if (const double area = signedArea(room); area > most) {
            most = area;
            best = areaCentroid(room);
        }
    }
    return best;
}

// The part cut along the line from the apex past the first blocker that stops the fan from
// it (of `inWay`, the lowest index: the tangent from the apex to the blocker's hull, grown by
// half the band's width, with `seen`, a point of the part the apex sees, on the open side):
// the piece beyond the line, whose fan from the apex passes beside that blocker (a round
// base's hull, whose corners lie on its curve, may still meet it), and the rest (each
// overlapping the other by a hair). Nothing where no blocker is named, the apex is within
// the hull, or either piece would hold under a twentieth of the part: the caller then
// splits the part in halves. A guide only: each piece is proven as every other part.
std::optional<std::pair<Ring, Ring>> splitPast(const Scene& scene, Vec2 apex, const Ring& part, Vec2 seen,
                                               const std::vector<uint32_t>& inWay) {
    if (inWay.empty() || part.size() < 3) return std::nullopt;
    const Ring& hull = scene.hull(inWay.front());
    if (hull.size() < 3) return std::nullopt;
    thread_local Ring grown;
    double scale = 1;
    for (const Vec2& v : part) scale = std::max({scale, std::abs(v.x), std::abs(v.y)});
    const double margin = 1e-9 * scale;
    if (!grownRing(hull, scene.halfWidth() + margin, grown)) return std::nullopt;
    const auto lines = partingLines(Ring{apex}, grown, 0);
    if (!lines) return std::nullopt;
    const double whole = std::abs(signedArea(part));
    if (!(whole > 0)) return std::nullopt;
    for (const auto& [n, c] : *lines) {
        // (n . x <= c: the apex's side, away from the blocker; the seen point there.)
        if (n.x * seen.x + n.y * seen.y > c) continue;
        Ring beyond = clipHalf(part, n, c - margin), rest = clipHalf(part, n * -1.0, -c + 2 * margin);
        if (beyond.size() < 3 || rest.size() < 3) continue;
        if (std::abs(signedArea(beyond)) < 0.05 * whole || std::abs(signedArea(rest)) < 0.05 * whole) continue;
        return std::pair{std::move(beyond), std::move(rest)};
    }
    return std::nullopt;
}

// The corner of a convex ring farthest in direction n.
Vec2 supportPoint(const Ring& ring, Vec2 n) {
    Vec2 best = ring.front();
    double most = -HUGE_VAL;
    for (const Vec2& v : ring)
        if (const double h = v.x * n.x + v.y * n.y; h > most) most = h, best = v;
    return best;
}

// Whether the disc of radius h around p lies in the region (its outline holds no more than
// the true region: vertices on the curve), with a margin well above rounding.
bool discInside(const Region& r, Vec2 p, double h) {
    if (r.isPoint() || locate(p, r.outline) != Where::Inside) return false;
    return nearestOf(p, r.outline) >= h * (1 + 1e-9) + 1e-12;
}

// A band of the sight line's width reaches a point of the target anywhere across its flat
// end (rulesets.md, 06.01): the band whose end's centre is a hair to one side of q, with q
// at one corner of its end. Its lines are then the line from p to q and its parallels on
// that side, up to 2 hw away, and its start's centre lies within hw of p. A fan of such
// bands from p over the part: clear when no blocker enters the hull of their corners (the
// normals of the part's vertices taken crosswise, with a margin for the arcs between them).
// `side` is +1 (left of the lines from p) or -1. The caller keeps p at least hw inside the
// observer's base, so every band's start is centred on the base.
bool sideFanOpen(const Scene& scene, Vec2 p, double hp, const Ring& part, double hq, const ModelMask& ignored,
                 double side) {
    const double hw = scene.halfWidth();
    // The lines' directions, as angles from the first one's: the widest angle between two of
    // them is the spread of the extreme two. Their normals lie on the arc between those two
    // extremes' normals, within the arc's sagitta (the margin below) of the chord between
    // them: the hull of the corners taken with the extreme normals only, grown by that
    // margin, holds every band's corners.
    if (part.empty()) return false;
    const Vec2 d0 = part[0] - p;
    double lowest = 0, highest = 0;
    size_t low = 0, high = 0;
    for (size_t i = 0; i < part.size(); ++i) {
        const Vec2 d = part[i] - p;
        if (d.x == 0 && d.y == 0) return false;
        const double a = std::atan2(d0.x * d.y - d0.y * d.x, d0.x * d.x + d0.y * d.y);
        if (a < lowest) lowest = a, low = i;
        if (a > highest) highest = a, high = i;
    }
    const double spread = highest - lowest;
    if (spread > 0.5) return false;  // (a narrow fan only: the margin below grows with it)
    std::vector<Vec2> pts{p};
    for (size_t i : {low, high}) {
        const Vec2 d = part[i] - p;
        const double len = std::hypot(d.x, d.y);
        const Vec2 n = Vec2{-d.y / len, d.x / len} * (side * 2 * hw);
        pts.push_back(p + n);
        for (const Vec2& v : part) pts.push_back(v + n);
    }
    pts.insert(pts.end(), part.begin(), part.end());
    const Ring fan = convexHullOf(pts);
    if (fan.size() < 3) return false;
    const double margin = 2 * hw * (1 - std::cos(spread / 2)) * (1 + 1e-6) + 1e-12;
    auto [lo, hi] = boundsOf(fan);
    StackedSeams seams{hp == hq, hp};
    std::optional<PartReach> reached;  // (as in fanOpen)
    auto reach = [&] { return reached ? *reached : *(reached = reachOf(p, part)); };
    for (uint32_t id : scene.blockersInBox(lo - Vec2{margin, margin}, hi + Vec2{margin, margin})) {
        const Blocker& bl = scene.blockers()[id];
        if (seams.isOne(bl) && !(bl.model >= 0 && ignored[bl.model]) && !apart(fan, bl, scene.hull(id), scene.parts(id), margin) &&
            seams.meets(bl))
            return false;
        if (bl.top <= std::min(hp, hq) || (bl.bottom > 0 && bl.bottom >= std::max(hp, hq)) || (bl.model >= 0 && ignored[bl.model]))
            continue;
        if (overEveryLine(p, hp, reach(), hq, bl, 2 * hw, &fan, margin) || underEveryLine(p, hp, reach(), hq, bl, 2 * hw, &fan, margin))
            continue;
        if (apart(fan, bl, scene.hull(id), scene.parts(id), margin)) continue;
        return false;
    }
    return true;
}

// With a line of width: the part cleared by one-sided bands (sideFanOpen) from a point at
// least hw inside the observer's base near `near`, or from its centre (`outermost`: only
// from as far out as a band's start allows).
bool sideFansClear(const Scene& scene, const Region& from, Vec2 near, double hp, const Ring& part, double hq,
                   const ModelMask& ignored, bool outermost = false) {
    const double hw = scene.halfWidth();
    if (hw <= 0 || from.isPoint()) return false;
    // As far out towards `near` as a band's start allows first (hw inside the outline, which
    // lies within 0.01 mm of a curve; not in a quick look), then nearer the centre.
    std::vector<double> shares;
    const double reach = std::hypot(near.x - from.centre.x, near.y - from.centre.y);
    const double farthest = reach > 0 ? 1 - (hw * (1 + 1e-6) + 5e-4) / reach : 0;
    if (scene.effort() != Scene::Effort::Quick && farthest > 0) shares.push_back(farthest);
    for (double k : {0.98, 0.9, 0.7, 0.4, 0.0})
        if (shares.empty() || (k < shares.front() && !outermost)) shares.push_back(k);
    for (double k : shares) {
        const Vec2 apex = from.centre + (near - from.centre) * k;
        if (!discInside(from, apex, hw)) continue;
        for (double side : {1.0, -1.0})
            if (sideFanOpen(scene, apex, hp, part, hq, ignored, side)) return true;
    }
    return false;
}

}  // namespace

namespace {

FullView fullyVisibleAtFeet(const Scene& scene, const Region& from, const Model& o, const Region& to, const Model& t,
                            const ModelMask& ignored, Vec2 hint);

// What a point q of the target is proven hidden against. With a line of width, a band may
// reach q anywhere across its end: its end's centre lies within hw of q, so q is hidden only
// when no band ends in the disc of radius hw around it.
Region targetPoint(const Scene& scene, Vec2 q) {
    if (scene.halfWidth() <= 0) return pointRegion(q);
    Model reach;
    reach.position = q;
    reach.base = {BaseShape::Circle, 2 * scene.halfWidth() * kMmPerInch, 2 * scene.halfWidth() * kMmPerInch};
    return baseRegion(reach);
}

// Heights up a column at which a point over a foot seen under a floor is looked at
// (fullyVisible): an eighth of the model's height apart, its top first.
constexpr int kColumnHeights = 8;

FullView fullyVisibleColumns(const Scene& scene, const Region& from, const Model& o, const Region& to, const Model& t,
                             const ModelMask& ignored, Vec2 hint);

}  // namespace

// Every point of the target seen. On a table of prisms standing from it, a point's foot is
// the hardest of its column to see (lines to the points above run above it all along), so
// the feet are looked at alone. With a floor near (or the part of a wall over an opening),
// a line may pass under it to a foot while a line to a point above runs into it: a "yes"
// then holds only when the table with every floor standing from the table gives it too
// (Scene::grounded). Where that table hides a foot, the column above it on the true table
// is looked at, at heights spread up to the top: a point there proven hidden is hidden (not
// fully visible); else the answer is left undecided. A foot found hidden is hidden.
FullView fullyVisible(const Scene& scene, const Region& from, const Model& o, const Region& to, const Model& t,
                      const ModelMask& ignored, Vec2 hint) {
    const ExpectVisible mostlySeen;  // (the points looked at)
    FullView feet = fullyVisibleAtFeet(scene, from, o, to, t, ignored, hint);
    if (feet.outcome != FullView::Outcome::Yes) return feet;
    std::vector<Vec2> both = from.around;
    both.insert(both.end(), to.around.begin(), to.around.end());
    const Bounds box = boundsOf(both);
    const double hw = scene.halfWidth();
    const double reach = std::max(o.top(), t.top());  // (no line runs higher)
    if (!scene.floorsIn(box.lo - Vec2{hw, hw}, box.hi + Vec2{hw, hw}, reach)) return feet;
    const Scene& grounded = scene.grounded(reach);
    const FullView filled = fullyVisibleAtFeet(grounded, from, o, to, t, ignored, hint);
    if (filled.outcome == FullView::Outcome::Yes) return feet;
    FullView view;
    view.outcome = FullView::Outcome::Undecided;
    if (filled.outcome == FullView::Outcome::No && filled.hidden) {
        const Vec2 q = *filled.hidden;
        // The heights: where the line from the observer's centre would run through the
        // middle of a floor's slab, halfway along its stretch over the floor (the points
        // a floor hides are there), then spread up the column from the top.
        std::vector<double> heights;
        const double hp = o.top(), low = t.elevation, high = t.top();
        for (uint32_t id : scene.blockersInBox(box.lo - Vec2{hw, hw}, box.hi + Vec2{hw, hw})) {
            const Blocker& bl = scene.blockers()[id];
            if (bl.bottom <= 0 || bl.bottom >= reach || (bl.model >= 0 && ignored[bl.model])) continue;
            constexpr int kSteps = 64;
            int first = -1, last = -1;
            for (int i = 1; i < kSteps; ++i)
                if (locate(from.centre + (q - from.centre) * (static_cast<double>(i) / kSteps), bl.polygon) == Where::Inside) {
                    if (first < 0) first = i;
                    last = i;
                }
            if (first < 0) continue;
            const double f = (first + last) / 2.0 / kSteps;
            const double z = hp + ((bl.bottom + bl.top) / 2 - hp) / f;
            if (z > low && z <= high) heights.push_back(z);
        }
        for (int k = kColumnHeights; k >= 1; --k) heights.push_back(low + (high - low) * k / kColumnHeights);
        const bool brief = scene.effort() != Scene::Effort::Full;
        for (const double z : heights) {
            if (scene.cancelled() || scene.outOfTime()) break;
            const ExactAnswer a = decideExact(scene, from, hp, targetPoint(scene, q), z, ignored, Witness::First, hint,
                                              brief ? Proof::Brief : Proof::Bounded);
            if (a.visible || a.undecided) continue;
            view.outcome = FullView::Outcome::No;
            view.hidden = q;
            view.height = z;
            return view;
        }
    }
    // Every point of the target, at every height, covered by fans of lines to its columns.
    return fullyVisibleColumns(scene, from, o, to, t, ignored, hint);
}

namespace {

// Every point of the target's columns seen, from its foot to its top: the base and the
// heights cut into cells (a part, a stretch of heights), each cleared by a fan from a point
// of the observer's base (fanOpen over a stretch of heights), else a point of it decided: one proven hidden
// makes the target not fully visible, one seen gives the next fan's apex, and the cell is
// cut in two (across its heights or its part, the longer). Undecided past a budget.
FullView fullyVisibleColumns(const Scene& scene, const Region& from, const Model& o, const Region& to, const Model& t,
                             const ModelMask& ignored, Vec2 hint) {
    const double hp = o.top();
    const bool quick = scene.effort() == Scene::Effort::Quick, survey = scene.effort() == Scene::Effort::Survey;
    const int kMostCells = quick ? 24 : survey ? 48 : 256;
    const int kMostUndecided = quick ? 0 : survey ? 1 : 3;
    constexpr double kSmallest = 1e-6;
    struct Cell {
        Ring ring;
        double z0, z1;
        Vec2 apex;
    };
    std::deque<Cell> cells{{regionPart(to), t.elevation, t.top(), hint}};
    FullView view;
    int undecidedPoints = 0;
    for (int done = 0; !cells.empty(); ++done) {
        if (done >= kMostCells || scene.cancelled() || scene.outOfTime()) return view;  // (undecided)
        Cell cell = std::move(cells.front());
        cells.pop_front();
        const auto ring = tightenPart(cell.ring, to);
        if (!ring) continue;
        auto clears = [&](Vec2 apex) { return fanOpen(scene, apex, hp, *ring, cell.z0, cell.z1, ignored); };
        if (clears(cell.apex) || (!from.isPoint() && clears(from.centre))) continue;
        const auto q = pointInPart(*ring, to);
        if (!q) return view;
        const double z = (cell.z0 + cell.z1) / 2;
        const ExactAnswer a = decideExact(scene, from, hp, targetPoint(scene, *q), z, ignored, Witness::First, cell.apex,
                                          quick || survey ? Proof::Brief : Proof::Bounded);
        if (!a.visible && !a.undecided) {
            view.outcome = FullView::Outcome::No;
            view.hidden = *q;
            if (z != t.elevation) view.height = z;
            return view;
        }
        if (a.undecided && ++undecidedPoints > kMostUndecided) return view;
        const Vec2 seenFrom = a.visible ? a.witness->p : a.grazing ? a.grazing->p : cell.apex;
        if (clears(seenFrom)) continue;
        const double size = partSize(*ring);
        if (size < kSmallest && cell.z1 - cell.z0 < kSmallest) return view;
        if (cell.z1 - cell.z0 > size) {
            cells.push_back({*ring, cell.z0, z, seenFrom});
            cells.push_back({*ring, z, cell.z1, seenFrom});
        } else {
            auto [x, y] = splitPart(*ring);
            cells.push_back({std::move(x), cell.z0, cell.z1, seenFrom});
            cells.push_back({std::move(y), cell.z0, cell.z1, seenFrom});
        }
    }
    view.outcome = FullView::Outcome::Yes;
    return view;
}

FullView fullyVisibleAtFeet(const Scene& scene, const Region& from, const Model& o, const Region& to, const Model& t,
                            const ModelMask& ignored, Vec2 hint) {
    const double hp = o.top(), hq = t.elevation;
    // Parts looked at, and points left undecided (each after a bounded proof), before the
    // answer is given as undecided; parts smaller than kSmallest inches are not split.
    const bool quick = scene.effort() == Scene::Effort::Quick, survey = scene.effort() == Scene::Effort::Survey;
    const int kMostParts = quick ? 48 : survey ? 32 : 256;
    const int kMostUndecided = quick ? 0 : survey ? 1 : 3;
    // (A survey's budget of proof cells over the whole search: each point's proof gets what
    // is left of it.)
    const int kMostCells = survey ? 100 : std::numeric_limits<int>::max();
    int cells = 0;
    auto left = [&] { return survey ? std::max(kMostCells - cells, 1) : 0; };
    constexpr double kSmallest = 1e-6;
    // (A part is cut across the line of sight while that way it is at least a quarter as
    // wide as it is long, so that the cuts along it, which a low piece's far side needs,
    // still come.)
    constexpr double kAcrossBias = 4;
    int undecidedPoints = 0;
    struct Part {
        Ring ring;
        Vec2 from;  // the point of the observer's base tried first
    };
    std::deque<Part> parts{{regionPart(to), hint}};
    FullView view;
    bool undecided = false;
    auto disc = [&](Vec2 q) { return targetPoint(scene, q); };
    // What earlier proofs from this observer's base found (layout analysis: Scene::views):
    // a point of this base proven hidden settles it; a part inside one proven seen needs no
    // proof. What is proven here is kept for the next target.
    ViewMemo* memo = scene.views();
    const ViewMemo::Key key = memo ? ViewMemo::Key{from.centre, from.around, hp, hq, ignored} : ViewMemo::Key{};
    auto hiddenAt = [&](Vec2 q) {
        view.outcome = FullView::Outcome::No;
        view.hidden = q;
        if (memo) memo->addHidden(key, q);
        return view;
    };
    auto cleared = [&](const Ring& part, Vec2 apex) {
        if (!memo) return;
        memo->addSeen(key, part);
        memo->addApex(key, apex);
    };
    // A fan from one of the points of the observer's base that last cleared a part (the
    // target before this one stood next to this one).
    auto fanFromBefore = [&](const Ring& part, Vec2 tried) {
        if (memo)
            for (const Vec2& apex : memo->apexes(key))
                if (apex != tried && fanOpen(scene, apex, hp, part, hq, ignored)) {
                    memo->addSeen(key, part);
                    memo->addApex(key, apex);
                    return true;
                }
        return false;
    };
    // A fan from a point of the observer's base found beside the blockers that stop the one
    // tried (apexBeside), then beside those that stop that one too, for a few rounds.
    std::vector<uint32_t> inWay, more;
    auto fanBeside = [&](const Ring& part) -> std::optional<Vec2> {
        if (from.isPoint()) return std::nullopt;
        for (int round = 0; round < 3; ++round) {
            const std::optional<Vec2> apex = apexBeside(scene, from.outline, part, inWay);
            if (!apex || !insideRegion(from, *apex)) return std::nullopt;
            if (fanOpen(scene, *apex, hp, part, hq, ignored, &more)) return apex;
            const size_t before = inWay.size();
            for (uint32_t id : more)
                if (std::ranges::find(inWay, id) == inWay.end()) inWay.push_back(id);
            if (inWay.size() == before) return std::nullopt;
        }
        return std::nullopt;
    };
    if (memo && !to.isPoint())
        if (const auto q = memo->hiddenIn(key, to)) {
            view.outcome = FullView::Outcome::No;
            view.hidden = *q;
            return view;
        }
    // The whole base in one fan from the observer's centre, first: the hint is an extremal
    // point of the observer's base, whose lines graze what limits them, and the centre,
    // deep inside, often sees the whole target where no rim point does.
    if (!from.isPoint()) {
        const bool open = fanOpen(scene, from.centre, hp, parts.front().ring, hq, ignored);
        if (open) cleared(parts.front().ring, from.centre);
        if (open || fanFromBefore(parts.front().ring, from.centre)) {
            view.outcome = FullView::Outcome::Yes;
            return view;
        }
    }
    if (!to.isPoint() && scene.edgesFirst()) {
        // Where the view is cut, a point of the base's edge is usually hidden: the edge
        // points of the sampled method are tried first, then points spread over the base
        // and its edge (a small hidden patch is found there more surely than by the parts,
        // whose middles may all sit on its border). A hidden one, proven, settles it; one
        // seen or left undecided proves nothing of the rest, and the parts below go on (so
        // each point gets a brief proof: one that needs long is left to them).
        std::vector<Vec2> first(to.samples.begin() + 1, to.samples.end());
        for (const Vec2& q : basePoints(t, 24, true)) first.push_back(q);
        Vec2 seenFrom = hint;
        // (A point seen along the line from the last point of the observer's base that saw
        // one needs no search: that segment, between a point of each region at their heights
        // and open as Scene::blocked tests it, is the witness testLine would accept.)
        bool seenFromInside = insideRegion(from, hint);
        for (const Vec2& q : first) {
            if (scene.cancelled()) return view;
            if (scene.outOfTime() || cells >= kMostCells) break;  // (the parts below say undecided)
            if (seenFromInside && !(seenFrom == q) && !scene.blocked({seenFrom, q, hp, hq}, ignored)) continue;
            const ExactAnswer a = decideExact(scene, from, hp, disc(q), hq, ignored, Witness::First, seenFrom, Proof::Brief, left());
            cells += a.cells;
            if (!a.visible && !a.undecided) return hiddenAt(q);
            if (a.undecided) break;  // a knife edge: left to the parts below, which split there
            if (a.visible) {
                seenFrom = a.witness->p;
                seenFromInside = true;
            }
        }
    }
    for (int done = 0; !parts.empty(); ++done) {
        if (done >= kMostParts || cells >= kMostCells || scene.cancelled() || scene.outOfTime()) {
            undecided = true;
            break;
        }
        Part part = std::move(parts.front());
        parts.pop_front();
        const auto ring = tightenPart(part.ring, to);
        if (!ring) continue;
        if (memo && memo->seen(key, *ring)) continue;
        if (fanOpen(scene, part.from, hp, *ring, hq, ignored, from.isPoint() ? nullptr : &inWay)) {
            cleared(*ring, part.from);
            continue;
        }
        if (fanFromBefore(*ring, part.from)) continue;
        if (const std::optional<Vec2> apex = fanBeside(*ring)) {
            cleared(*ring, *apex);
            continue;
        }
        // A point of the part: hidden, proven (then not fully visible), or seen from some
        // point of the observer's base, whose fan may clear the part.
        const auto q = pointInPart(*ring, to);
        if (!q) {
            undecided = true;
            continue;
        }
        const ExactAnswer a =
            decideExact(scene, from, hp, disc(*q), hq, ignored, Witness::First, part.from, quick || survey ? Proof::Brief : Proof::Bounded, left());
        cells += a.cells;
        if (!a.visible && !a.undecided) return hiddenAt(*q);
        // Undecided: the part is split (another of its points may be decided), with the
        // line open only exactly, if one was found, as the next fans' apex.
        if (a.undecided && ++undecidedPoints > kMostUndecided) {
            undecided = true;
            break;
        }
        // The line found often grazes a corner (the candidates are extremal lines): its end
        // moved across the line, within the observer's base, gives the fan room.
        Vec2 seenFrom = a.visible ? a.witness->p : a.grazing ? a.grazing->p : part.from;
        // (The blockers in the way of the fan from the point that sees it: splitPast below
        // cuts the part past the first, where nothing clears it. seenFrom changes only where
        // a fan clears the part.)
        std::vector<uint32_t> past;
        bool clear = fanOpen(scene, seenFrom, hp, *ring, hq, ignored, !from.isPoint() && a.visible ? &past : nullptr);
        if (!clear && !from.isPoint()) {
            const Vec2 d = *q - seenFrom;
            const double len = std::hypot(d.x, d.y);
            const double reach = partSize(from.outline);
            for (double share : {0.02, 0.05, 0.1, 0.2, 0.35}) {
                for (double sign : {1.0, -1.0}) {
                    const Vec2 moved = seenFrom + Vec2{-d.y / len, d.x / len} * (sign * share * reach);
                    if (len == 0 || !insideRegion(from, moved)) continue;
                    if (fanOpen(scene, moved, hp, *ring, hq, ignored)) {
                        seenFrom = moved;
                        clear = true;
                        break;
                    }
                }
                if (clear) break;
            }
        }
        // The line found may leave little room on one side (it is extremal: its end on the
        // observer's outline, where a blocker's corner stops it turning further). The
        // points of the observer's base farthest across the line, on either side, give the
        // fan the most room past a corner on that side. (Not in a quick look: a drag's step
        // leaves such a cell to the full proof once the model is put down.)
        if (!clear && !quick && !from.isPoint()) {
            const Vec2 d = *q - seenFrom;
            for (double sign : {1.0, -1.0}) {
                const Vec2 across{-d.y * sign, d.x * sign};
                const Vec2 far = supportPoint(from.outline, across);
                if (far == seenFrom) continue;
                // (In a survey, from the far points outermost only: nine in ten of these
                // searches fail, and the points further in rarely clear what they do not.)
                if (fanOpen(scene, far, hp, *ring, hq, ignored) ||
                    sideFansClear(scene, from, far, hp, *ring, hq, ignored, survey)) {
                    seenFrom = far;
                    clear = true;
                    break;
                }
            }
        }
        if (!clear) clear = sideFansClear(scene, from, seenFrom, hp, *ring, hq, ignored);
        if (clear) {
            cleared(*ring, seenFrom);
            continue;
        }
        // Before splitting: the edge of the base across the part, where a sliver hidden
        // behind a blocker's edge usually lies (thinner than the parts' middles can find).
        if (const auto rim = quick ? std::nullopt : rimPointNear(*ring, to)) {
            const ExactAnswer e = decideExact(scene, from, hp, disc(*rim), hq, ignored, Witness::First, seenFrom, Proof::Brief, left());
            cells += e.cells;
            if (!e.visible && !e.undecided) return hiddenAt(*rim);
        }
        if (partSize(*ring) < kSmallest) {
            undecided = true;
            continue;
        }
        if (!from.isPoint() && a.visible)
            if (auto pieces = splitPast(scene, seenFrom, *ring, *q, past)) {
                parts.push_back({std::move(pieces->first), seenFrom});
                parts.push_back({std::move(pieces->second), seenFrom});
                continue;
            }
        // (Cut across the line of sight first: what the observer sees of the part past a
        // corner is bounded by lines from its base through the corner, which run nearly
        // along it.)
        const Vec2 sight = partCentre(*ring) - from.centre;
        const double length = std::hypot(sight.x, sight.y);
        auto [x, y] = length > 0 ? splitPartAcross(*ring, Vec2{-sight.y / length, sight.x / length}, kAcrossBias) : splitPart(*ring);
        parts.push_back({std::move(x), seenFrom});
        parts.push_back({std::move(y), seenFrom});
    }
    view.outcome = undecided ? FullView::Outcome::Undecided : FullView::Outcome::Yes;
    if (undecided && (quick || survey)) countProofCutShort();
    return view;
}

}  // namespace

double visibleFraction(const Scene& scene, const Region& from, const Model& o, const Model& t, const ModelMask& ignored,
                       Vec2 start) {
    // For each point, the lowest height seen: nothing when its top is hidden, all of it
    // when its foot is seen, else found by bisection (a higher point is never harder to see).
    std::optional<Vec2> hint = start;
    auto seen = [&](Vec2 q, double z) {
        const ExactAnswer s = decideExact(scene, from, o.top(), pointRegion(q), z, ignored, Witness::First, hint,
                                          Proof::Estimate);
        // (A line open only exactly, through a pinch, counts as seen: an estimate.)
        if (s.visible || s.grazing) hint = (s.visible ? s.witness : s.grazing)->p;
        return s.visible || s.grazing.has_value();
    };
    const std::vector<Vec2> points = basePoints(t, kFractionPoints, false);
    double sum = 0;
    for (const Vec2& q : points) {
        if (!seen(q, t.top())) continue;
        if (seen(q, t.elevation)) {
            sum += 1;
            continue;
        }
        double hidden = 0, shown = 1;  // as shares of the height
        for (int k = 0; k < kFractionHeightSteps; ++k) {
            const double mid = (hidden + shown) / 2;
            (seen(q, t.elevation + mid * t.height) ? shown : hidden) = mid;
        }
        sum += 1 - (hidden + shown) / 2;
    }
    const double fraction = points.empty() ? 0 : sum / static_cast<double>(points.size());
    // Some part is hidden even when every sampled point was seen: say less than all, by
    // less than one point's share.
    return std::min(fraction, 1 - 0.5 / static_cast<double>(std::max<size_t>(points.size(), 1)));
}

}  // namespace sl

