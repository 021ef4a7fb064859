// The exact decision: the critical lines between two regions (bitangents of bases, convex
// blockers and corners, edge lines), each placed where it is highest and tested exactly;
// the proofs that answer before the search; the witness's refinement; the clearance.
#include "los/exact_los.h"

#include "los/certify.h"

#include "kernel/base.h"
#include "kernel/exact.h"
#include "kernel/polygon.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <numbers>
#include <set>

namespace sl {
namespace {

// Length of a table-sized vector (std::hypot guards against overflow, which these values
// never reach, at several times the cost).
inline double length(double x, double y) { return std::sqrt(x * x + y * y); }

// A convex thing a critical line can be tangent to: a base, a convex blocker, or a single
// vertex of a blocker that is not convex.
struct Thing {
    const Ring* ring;                // convex, positively oriented
    Vec2 point;                      // when ring is null
    const Region* round = nullptr;   // when ring is a base's outline on a circle or ellipse,
    double grow = 1;                 // or the polygon around it (vertices on the curve scaled by this)
    bool blocker = false;            // a round blocker: lines are tangent to its true curve
    size_t size() const { return ring ? ring->size() : 1; }
    Vec2 operator[](size_t i) const { return ring ? (*ring)[i] : point; }
};

// The index of the vertex y of `t` with all of `t` on side s (+1 left, -1 right) of the
// line p->y, or none when p lies inside t.
std::optional<size_t> extreme(const Thing& t, Vec2 p, int s) {
    const size_t n = t.size();
    if (t.round && t.round->curved) {
        // A round base's outline has its vertex i at the curve's parameter 2 pi i / n, so
        // the curve's own tangents from p give the vertex's index at once; a few steps
        // along the outline then settle it, checked exactly (a convex polygon seen from
        // outside has one extreme vertex each way: a local one is the one).
        const Region& r = *t.round;
        const Vec2 d = p - r.centre;
        const Vec2 w{(d.x * r.cosRot + d.y * r.sinRot) / (r.halfLength * t.grow),
                     (-d.x * r.sinRot + d.y * r.cosRot) / (r.halfWidth * t.grow)};
        const double dist = std::sqrt(w.x * w.x + w.y * w.y);  // (table-sized: no overflow to guard)
        if (dist > 1 + 1e-6) {
            const double phi = std::atan2(w.y, w.x), delta = std::acos(1 / dist);
            const long ln = static_cast<long>(n);
            auto wrap = [&](long k) { return static_cast<size_t>((k % ln + ln) % ln); };
            // In the curve's own frame (a rotation and a scaling: sides are kept) the tangent
            // point at phi + delta has the curve on the left of p -> point, phi - delta on
            // the right; the other guess is kept in case rounding misleads the first.
            for (double angle : {phi + s * delta, phi - s * delta}) {
                long i = std::lround(angle / (2 * std::numbers::pi) * static_cast<double>(n));
                for (int step = 0; step < 8; ++step) {
                    if (s * exact::orient(p, t[wrap(i)], t[wrap(i + 1)]) < 0) ++i;
                    else if (s * exact::orient(p, t[wrap(i)], t[wrap(i - 1)]) < 0) --i;
                    else return wrap(i);
                }
            }
        }
    }
    size_t best = 0;
    for (size_t i = 1; i < n; ++i)
        if (s * exact::orient(p, t[best], t[i]) < 0) best = i;
    if (t[best] == p) return std::nullopt;
    return best;
}

// The point of the region's true curve where a line from p touches it, the curve on side s
// (+1 left, -1 right) of p -> point; none when p is not outside it. (Floating point: where
// a candidate line is drawn, not a decision.)
std::optional<Vec2> curveTangent(const Region& r, Vec2 p, int s) {
    const Vec2 d = p - r.centre;
    const Vec2 w{(d.x * r.cosRot + d.y * r.sinRot) / r.halfLength, (-d.x * r.sinRot + d.y * r.cosRot) / r.halfWidth};
    const double dist = std::sqrt(w.x * w.x + w.y * w.y);
    if (!(dist > 1)) return std::nullopt;
    const double angle = std::atan2(w.y, w.x) + s * std::acos(1 / dist);
    const Vec2 local{r.halfLength * std::cos(angle), r.halfWidth * std::sin(angle)};
    return r.centre + Vec2{local.x * r.cosRot - local.y * r.sinRot, local.x * r.sinRot + local.y * r.cosRot};
}

// Whether all of convex `t` lies on side s of the line a->b, which passes through its
// vertex k: its neighbours decide (past any lying on the line itself), by convexity.
bool onSideAt(const Thing& t, size_t k, Vec2 a, Vec2 b, int s) {
    const size_t n = t.size();
    if (n == 1) return true;
    for (size_t dir : {size_t{1}, n - 1}) {
        size_t j = (k + dir) % n;
        for (size_t steps = 1; steps < n && exact::orient(a, b, t[j]) == 0; ++steps) j = (j + dir) % n;
        if (s * exact::orient(a, b, t[j]) < 0) return false;
    }
    return true;
}

// The lines tangent to both things (through a vertex of each), up to four; with outerOnly
// the two with both things on the same side.
void bitangents(const Thing& x, const Thing& y, std::vector<std::pair<Vec2, Vec2>>& out, bool outerOnly = false) {
    for (int sx : {1, -1})
        for (int sy : {1, -1}) {
            if (outerOnly && sx != sy) continue;
            // x on side sx and y on side sy of the directed line xv->yv: alternate the
            // tangents from each side's current vertex until they settle.
            // Start from x's tangent vertex as seen from a vertex of y: the alternation then
            // usually settles in a step or two.
            const std::optional<size_t> start = extreme(x, y[0], -sx);
            if (!start) continue;
            size_t xi = *start;
            std::optional<size_t> yi;
            bool settled = false;
            for (int iter = 0; iter < 12 && !settled; ++iter) {
                yi = extreme(y, x[xi], sy);
                if (!yi) break;
                const std::optional<size_t> nx = extreme(x, y[*yi], -sx);
                if (!nx) break;
                settled = *nx == xi;
                xi = *nx;
            }
            if (!settled || !yi || x[xi] == y[*yi]) continue;
            const Vec2 xv = x[xi], yv = y[*yi];
            if (!onSideAt(x, xi, xv, yv, sx) || !onSideAt(y, *yi, xv, yv, sy)) continue;
            const bool xCurve = x.blocker && x.round && x.round->curved, yCurve = y.blocker && y.round && y.round->curved;
            if (!xCurve && !yCurve) {
                out.emplace_back(xv, yv);
                continue;
            }
            // A round blocker blocks as its true curve, which bulges past its outline: the
            // line is made tangent to the curve itself (alternating tangents from the other
            // end settle in a few steps), then moved off it by a hair, so it clears it.
            Vec2 a = xv, b = yv;
            for (int iter = 0; iter < 8; ++iter) {
                if (xCurve) a = curveTangent(*x.round, b, -sx).value_or(a);
                if (yCurve) b = curveTangent(*y.round, a, sy).value_or(b);
            }
            const Vec2 d = b - a;
            const double len = std::hypot(d.x, d.y);
            if (len == 0) continue;
            const Vec2 left{-d.y / len, d.x / len};
            constexpr double kClear = 1e-9;
            if (xCurve) a = a - left * (sx * kClear * (1 + std::abs(a.x) + std::abs(a.y)));
            if (yCurve) b = b - left * (sy * kClear * (1 + std::abs(b.x) + std::abs(b.y)));
            out.emplace_back(a, b);
        }
}

// Parameters s of the points u + s (v - u) inside the convex region: the chord, or none.
std::optional<std::pair<double, double>> chord(const Region& r, Vec2 u, Vec2 v) {
    const Vec2 d = v - u;
    if (r.curved) {
        // In the base's own frame, scaled to the unit circle: |w0 + s w1|^2 = 1.
        auto local = [&](Vec2 p) {
            return Vec2{(p.x * r.cosRot + p.y * r.sinRot) / r.halfLength, (-p.x * r.sinRot + p.y * r.cosRot) / r.halfWidth};
        };
        const Vec2 w0 = local(u - r.centre), w1 = local(d);
        const double A = w1.x * w1.x + w1.y * w1.y, B = w0.x * w1.x + w0.y * w1.y, C = w0.x * w0.x + w0.y * w0.y - 1;
        if (A == 0) return std::nullopt;
        double disc = B * B - A * C;
        // A line through a vertex of the outline (on the curve, up to rounding) tangent to
        // it may come out a hair short of the curve: keep it as touching.
        if (disc < 0 && disc > -1e-12 * (B * B + std::abs(A * C))) disc = 0;
        if (disc < 0) return std::nullopt;
        const double root = std::sqrt(disc);
        return std::pair{(-B - root) / A, (-B + root) / A};
    }
    if (r.isPoint()) {
        const Vec2 c = r.outline[0];
        if (exact::orient(u, v, c) != 0) return std::nullopt;
        const double s = ((c.x - u.x) * d.x + (c.y - u.y) * d.y) / (d.x * d.x + d.y * d.y);
        return std::pair{s, s};
    }
    double lo = -HUGE_VAL, hi = HUGE_VAL;
    const Ring& ring = r.outline;
    for (size_t i = 0; i < ring.size(); ++i) {
        const Vec2 a = ring[i], b = ring[(i + 1) % ring.size()];
        // Inside: cross(b - a, u + s d - a) >= 0, i.e. k0 + s k1 >= 0.
        const double k0 = (b.x - a.x) * (u.y - a.y) - (b.y - a.y) * (u.x - a.x);
        const double k1 = (b.x - a.x) * d.y - (b.y - a.y) * d.x;
        if (k1 == 0) {
            if (k0 < 0) return std::nullopt;
            continue;
        }
        const double s = -k0 / k1;
        if (k1 > 0) lo = std::max(lo, s);
        else hi = std::min(hi, s);
    }
    if (lo > hi) {
        // A line through a vertex of the region meets it in one point, which rounding of
        // the clipping can lose: keep the vertex.
        for (const Vec2& p : ring)
            if (exact::orient(u, v, p) == 0) {
                const double s = ((p.x - u.x) * d.x + (p.y - u.y) * d.y) / (d.x * d.x + d.y * d.y);
                return std::pair{s, s};
            }
        return std::nullopt;
    }
    return std::pair{lo, hi};
}

// The point of the line at parameter s, moved onto the region if rounding put it a hair
// outside: a point of the region itself when it is a defining point or a vertex.
Vec2 pointIn(const Region& r, Vec2 u, Vec2 v, double s) {
    if (r.isPoint()) return r.outline[0];
    Vec2 p = u + (v - u) * s;
    if (r.curved) return p + (r.centre - p) * 1e-12;  // a chord end: just inside the curve
    for (Vec2 candidate : {u, v})
        if (std::abs(p.x - candidate.x) < 1e-12 && std::abs(p.y - candidate.y) < 1e-12 &&
            locate(candidate, r.outline) != Where::Outside)
            return candidate;
    // A chord end lies on an edge of the outline: pulled a hair inwards first, so that the
    // exact test below is not a tie decided by rational arithmetic every time.
    p = p + (r.centre - p) * 1e-11;
    for (double pull = 1e-11; locate(p, r.outline) == Where::Outside && pull < 1e-3; pull *= 8)
        p = p + (r.centre - p) * pull;
    return p;
}

struct Tested {
    bool valid = false;     // the line meets both regions
    bool free = false;      // the exact line between p and q is open
    bool straight = false;  // and so is the segment between p and q as rounded to doubles
    Vec2 p, q;
    Vec2 u, v;              // the exact line: through these two points
    int stopper = -1;       // when blocked: a blocker found on the rounded segment
};

// Tests the exact line through u and v between the two regions. The end points are chosen
// where the line is highest over everything between: when it rises towards the target,
// from the back of the observer's chord to the front of the target's (a later start or a
// farther end lowers it everywhere between); when it falls, the reverse; level, the inner
// ends. When the segment between the rounded ends is blocked and the line was drawn through
// corners (throughCorners), it is tested again as a chain through every blocker vertex lying
// exactly on the line, so the legs between such vertices are exact: a line that grazes a
// corner or runs along an edge is judged on the line itself, not on a rounded neighbour.
// What a candidate line is tested against: the whole scene (its index, seams and all), or
// a few of its pieces on their own.
class SceneBlockers {
public:
    SceneBlockers(const Scene& scene, const ModelMask& ignored, const std::vector<uint32_t>& recent)
        : scene_(scene), ignored_(ignored), recent_(recent) {}
    const Scene& scene() const { return scene_; }
    // A piece stopping the segment, or -1. The pieces that stopped the last lines usually
    // stop this one too: they are tried first, without a query of the index.
    int firstStop(const SightLine& line) const {
        for (uint32_t id : recent_)
            if (scene_.blocks(id, line)) return static_cast<int>(id);
        const std::vector<uint32_t> stops = scene_.blocking(line, ignored_, true);
        return stops.empty() ? -1 : static_cast<int>(stops.front());
    }
    bool blocked(const SightLine& line) const { return scene_.blocked(line, ignored_); }
    std::vector<Vec2> cornersOn(Vec2 u, Vec2 v, Vec2 p, Vec2 q) const { return scene_.verticesOnLine(u, v, p, q); }

private:
    const Scene& scene_;
    const ModelMask& ignored_;
    const std::vector<uint32_t>& recent_;
};

template <class Blockers>
Tested testLine(const Blockers& blockers, const Region& from, double hFrom, const Region& to, double hTo, Vec2 u,
                Vec2 v, bool inner, bool throughCorners) {
    Tested t;
    if (u == v) return t;
    const auto ca = chord(from, u, v), cb = chord(to, u, v);
    if (!ca || !cb) return t;
    double sp, sq;
    if (ca->second <= cb->first) {  // from lies before to along u->v
        const bool rising = hTo > hFrom, falling = hTo < hFrom;
        sp = (rising && !inner) ? ca->first : ca->second;
        sq = (falling && !inner) ? cb->second : cb->first;
    } else if (cb->second <= ca->first) {
        const bool rising = hTo > hFrom, falling = hTo < hFrom;
        sp = (rising && !inner) ? ca->second : ca->first;
        sq = (falling && !inner) ? cb->first : cb->second;
    } else {  // the regions overlap along the line
        sp = sq = std::max(ca->first, cb->first);
    }
    t.valid = true;
    t.u = u;
    t.v = v;
    t.p = pointIn(from, u, v, sp);
    t.q = pointIn(to, u, v, sq);
    // The ends must lie in the true regions (a chord end on a curve is pulled inwards by a
    // hair; rarely that is not enough).
    for (int i = 0; i < 8 && !insideRegion(from, t.p); ++i) t.p = t.p + (from.centre - t.p) * (1e-9 * (1 << (3 * i)));
    for (int i = 0; i < 8 && !insideRegion(to, t.q); ++i) t.q = t.q + (to.centre - t.q) * (1e-9 * (1 << (3 * i)));
    if (!insideRegion(from, t.p) || !insideRegion(to, t.q)) {
        t.valid = false;
        return t;
    }
    // The segment between the rounded ends first: when it is open, so is a sight line.
    const int stop = blockers.firstStop({t.p, t.q, hFrom, hTo});
    if (stop < 0) {
        t.free = t.straight = true;
        return t;
    }
    t.stopper = stop;
    if (!throughCorners) return t;
    // Rounding the ends matters only where the exact line touches a corner of a piece that
    // stops the rounded segment; a piece with no corner on the line stops the exact line
    // too (unless a corner lies within about 1e-15" of it, a case taken as blocked). So the
    // first piece found decides whether the chain below is needed.
    const Blocker& bl = blockers.scene().blockers()[static_cast<uint32_t>(stop)];
    auto onLine = [&](const Ring& r) {
        for (const Vec2& c : r)
            if (exact::orient(u, v, c) == 0) return true;
        return false;
    };
    bool touched = onLine(bl.polygon.outer);
    for (const Ring& h : bl.polygon.holes) touched = touched || onLine(h);
    if (!touched) return t;
    std::vector<Vec2> nodes{t.p};
    for (const Vec2& x : blockers.cornersOn(u, v, t.p, t.q)) nodes.push_back(x);
    nodes.push_back(t.q);
    // Heights along the chain by the position along the line.
    const bool byX = std::abs(t.q.x - t.p.x) >= std::abs(t.q.y - t.p.y);
    const double p0 = byX ? t.p.x : t.p.y, p1 = byX ? t.q.x : t.q.y;
    auto height = [&](size_t i) {
        if (i == 0) return hFrom;
        if (i + 1 == nodes.size()) return hTo;
        if (hFrom == hTo) return hFrom;
        const double at = byX ? nodes[i].x : nodes[i].y;
        return hFrom + (hTo - hFrom) * (at - p0) / (p1 - p0);
    };
    for (size_t i = 0; i + 1 < nodes.size(); ++i)
        if (blockers.blocked({nodes[i], nodes[i + 1], height(i), height(i + 1)})) return t;
    t.free = true;  // open as an exact line, though not as the rounded segment: grazing
    return t;
}

// Distance from p to the line through c and d (a prefilter only: a margin covers rounding).
double lineDistance(Vec2 c, Vec2 d, Vec2 p) {
    const Vec2 u = d - c;
    const double len = length(u.x, u.y);
    return len == 0 ? HUGE_VAL : std::abs(u.x * (p.y - c.y) - u.y * (p.x - c.x)) / len;
}

// Farthest distance from the region's centre to its outline, with a margin for rounding.
double reach(const Region& r) {
    double most = 0;
    for (const Vec2& v : r.outline) most = std::max(most, length(v.x - r.centre.x, v.y - r.centre.y));
    return most * (1 + 1e-9) + 1e-9;
}

// With a band, each critical line is also tried moved sideways by half the band's width,
// both ways, so that it clears what the zero-width line touches; a line through two things
// between the regions (corners, pieces) is also turned about its middle so that it passes
// the one on one side and the other on the other (the crossing tangent of two discs of
// that radius): the line that threads a gap between two corners. Each line's moved and
// turned ones follow it at once (the band along the line itself touches what it touches,
// and is seldom open: tried all first, they delayed the open ones).
class BandShifts {
public:
    BandShifts(double halfWidth, const Region& from, const Region& to)
        : h_(halfWidth * 1.000001), reachFrom_(reach(from)), reachTo_(reach(to)), fromCentre_(from.centre), toCentre_(to.centre) {}
    // The line u-v, then its moved and turned ones, appended to `out`.
    void add(Vec2 u, Vec2 v, std::vector<std::pair<Vec2, Vec2>>& out) const {
        out.emplace_back(u, v);
        const Vec2 d = v - u;
        const double len = std::hypot(d.x, d.y);
        if (len == 0) return;
        const Vec2 shift{-d.y / len * h_, d.x / len * h_};
        out.emplace_back(u + shift, v + shift);
        out.emplace_back(u - shift, v - shift);
        if (2 * h_ >= len || !off(u) || !off(v)) return;
        const Vec2 m = (u + v) * 0.5, dir = d * (1 / len);
        const double sin = 2 * h_ / len, cos = std::sqrt(1 - sin * sin);
        for (double sign : {1.0, -1.0}) {
            const Vec2 turned{dir.x * cos - sign * dir.y * sin, sign * dir.x * sin + dir.y * cos};
            out.emplace_back(m - turned * (len / 2), m + turned * (len / 2));
        }
    }

private:
    bool off(Vec2 p) const {
        return std::hypot(p.x - fromCentre_.x, p.y - fromCentre_.y) > reachFrom_ + 1e-6 &&
               std::hypot(p.x - toCentre_.x, p.y - toCentre_.y) > reachTo_ + 1e-6;
    }
    double h_, reachFrom_, reachTo_;
    Vec2 fromCentre_, toCentre_;
};

// Whether the convex polygon lies wholly outside the convex hull: all its vertices beyond
// one of the hull's edges (by a margin, so rounding can only keep a polygon in).
bool outsideHull(const Ring& polygon, const Ring& hull) {
    for (size_t i = 0; i < hull.size(); ++i) {
        const Vec2 a = hull[i], b = hull[(i + 1) % hull.size()];
        const double len = length(b.x - a.x, b.y - a.y);
        bool allOut = true;
        for (const Vec2& v : polygon)
            if ((b.x - a.x) * (v.y - a.y) - (b.y - a.y) * (v.x - a.x) > -1e-9 * len) {
                allOut = false;
                break;
            }
        if (allOut) return true;
    }
    return false;
}

// The pieces near two regions: those whose box meets the box around both (with the band's
// half-width).
std::vector<uint32_t> nearby(const Scene& scene, const Region& from, const Region& to, double hw) {
    std::vector<Vec2> both = from.around;
    both.insert(both.end(), to.around.begin(), to.around.end());
    auto [lo, hi] = boundsOf(both);
    return scene.blockersInBox(lo - Vec2{hw, hw}, hi + Vec2{hw, hw});
}

// The critical lines between two regions among the given pieces: every line tangent to two
// of the things a critical line can touch (the two regions, the convex pieces, the convex
// corners of the others) inside the hull of the two regions, and the pieces' edge lines
// that pass near both regions. If any sight line among those pieces is open, one of these
// is: an open line can be moved, staying open, until it touches two of them (an open line
// turning about a corner can next meet the neighbouring corner of the same piece, hence
// the edge lines). With `timed`, a quick proof whose time runs out stops the work between
// two things and gets no lines (the caller sees scene.outOfTime()).
std::vector<std::pair<Vec2, Vec2>> criticalLines(const Scene& scene, const Region& from, const Region& to,
                                                 const std::vector<uint32_t>& pieces, double lowest, double highestLine,
                                                 const ModelMask& ignored, bool timed) {
    // The hull of the polygons around the two regions (16 corners each at most): it holds
    // every sight line, so filtering by it keeps every thing a line can touch.
    std::vector<Vec2> both = from.around;
    both.insert(both.end(), to.around.begin(), to.around.end());
    const Ring hull = convexHullOf(both);
    std::vector<Thing> things{{&from.outline, {}, &from}, {&to.outline, {}, &to}};
    if (from.isPoint()) things[0] = {nullptr, from.outline[0]};
    if (to.isPoint()) things[1] = {nullptr, to.outline[0]};
    // (A floor over every line counts no more than a piece under every line.)
    auto counts = [&](const Blocker& bl) {
        return bl.top > lowest && !(bl.bottom > 0 && bl.bottom >= highestLine) && !(bl.model >= 0 && ignored[bl.model]);
    };
    for (uint32_t id : pieces) {
        const Blocker& bl = scene.blockers()[id];
        if (!counts(bl)) continue;
        if (bl.convex) {
            // A piece wholly outside the hull cannot touch a line between the regions.
            if (hull.size() < 3 || !outsideHull(bl.polygon.outer, hull))
                things.push_back({&bl.polygon.outer, {}, bl.model >= 0 ? &scene.modelRegion(bl.model) : nullptr, 1,
                                  bl.curved});
            continue;
        }
        auto vertices = [&](const Ring& r) {
            for (size_t i = 0; i < r.size(); ++i) {
                const Vec2 v = r[i];
                const bool convexCorner = exact::orient(r[(i + r.size() - 1) % r.size()], v, r[(i + 1) % r.size()]) > 0;
                if (convexCorner && (hull.size() < 3 || locate(v, hull) != Where::Outside)) things.push_back({nullptr, v});
            }
        };
        vertices(bl.polygon.outer);
        for (const Ring& h : bl.polygon.holes) vertices(h);
    }
    std::vector<std::pair<Vec2, Vec2>> lines;
    // A line to or from a single point passes through it: only the tangents from that
    // point count then, not the lines tangent to two other things.
    const bool pointed = from.isPoint() || to.isPoint();
    auto throughPoint = [&](size_t i, size_t j) {
        return (from.isPoint() && (i == 0 || j == 0)) || (to.isPoint() && (i == 1 || j == 1));
    };
    for (size_t i = 0; i < things.size(); ++i) {
        if (timed && scene.outOfTime()) return {};
        for (size_t j = i + 1; j < things.size(); ++j)
            if (!pointed || throughPoint(i, j)) bitangents(things[i], things[j], lines);
    }
    if (pointed) return lines;  // an edge line passes through a single point only by chance
    const double reachFrom = reach(from), reachTo = reach(to);
    for (uint32_t id : pieces) {
        const Blocker& bl = scene.blockers()[id];
        if (!counts(bl)) continue;
        auto edges = [&](const Ring& r) {
            for (size_t i = 0; i < r.size(); ++i) {
                const Vec2 c = r[i], d = r[(i + 1) % r.size()];
                if (lineDistance(c, d, from.centre) <= reachFrom && lineDistance(c, d, to.centre) <= reachTo)
                    lines.emplace_back(c, d);
            }
        };
        edges(bl.polygon.outer);
        for (const Ring& h : bl.polygon.holes) edges(h);
    }
    return lines;
}

// base + k (to - from) when doubles hold every step exactly (each step's rounding error,
// found error-free, is zero): then the point lies exactly on the line through base with
// that direction, with no exact arithmetic needed to know it.
std::optional<Vec2> exactlyAt(Vec2 base, Vec2 from, Vec2 to, double k) {
    auto sumError = [](double a, double b, double s) {  // (a + b) - s, exactly (TwoSum)
        const double bb = s - a;
        return (a - (s - bb)) + (b - bb);
    };
    auto coord = [&](double b, double f, double t, double& out) {
        const double d = t - f;
        if (sumError(t, -f, d) != 0) return false;
        const double step = k * d;
        if (std::fma(k, d, -step) != 0) return false;
        out = b + step;
        return sumError(b, step, out) == 0 && std::isfinite(out);
    };
    Vec2 p;
    if (!coord(base.x, from.x, to.x, p.x) || !coord(base.y, from.y, to.y, p.y)) return std::nullopt;
    return p;
}


// Whether the segment a-b passes through the convex polygon (positively oriented) at least
// 1e-9" inside it somewhere: clipped against each edge moved inwards by that margin. The
// margin is far above the rounding of the arithmetic (about 1e-14"), so a "yes" is sure.
bool crossesWellInside(Vec2 a, Vec2 b, const Ring& convex) {
    constexpr double kMargin = 1e-9;
    double s0 = 0, s1 = 1;
    const Vec2 d = b - a;
    for (size_t i = 0; i < convex.size(); ++i) {
        const Vec2 c = convex[i], e = convex[(i + 1) % convex.size()];
        const Vec2 edge = e - c;
        const double need = kMargin * length(edge.x, edge.y);
        const double k0 = edge.x * (a.y - c.y) - edge.y * (a.x - c.x);  // inside: k0 + s k1 >= need
        const double k1 = edge.x * d.y - edge.y * d.x;
        if (k1 == 0) {
            if (k0 < need) return false;
            continue;
        }
        const double s = (need - k0) / k1;
        if (k1 > 0) s0 = std::max(s0, s);
        else s1 = std::min(s1, s);
        if (s0 >= s1) return false;
    }
    return true;
}

// A point of the segment a-b strictly inside the polygon (1e-9" clear of its edges), if
// the segment passes through it: the middle of the first inside stretch between crossings.
std::optional<Vec2> insidePoint(Vec2 a, Vec2 b, const Polygon& poly) {
    std::vector<double> cuts{0, 1};
    const Vec2 d = b - a;
    auto ring = [&](const Ring& r) {
        for (size_t i = 0; i < r.size(); ++i) {
            const Vec2 c = r[i], e = r[(i + 1) % r.size()];
            const double den = (e.x - c.x) * d.y - (e.y - c.y) * d.x;
            if (den == 0) continue;
            const double s = ((e.x - c.x) * (a.y - c.y) - (e.y - c.y) * (a.x - c.x)) / -den;
            // Only where the segment meets the edge itself (with a margin for rounding): the
            // stretches between are then whole, and a polygon of many edges does not cut the
            // segment into as many pieces to test (a cut missed only merges two stretches,
            // whose middle is still tested exactly below).
            const double t = ((a.x - c.x) * d.y - (a.y - c.y) * d.x) / den;
            if (s > 0 && s < 1 && t >= -1e-9 && t <= 1 + 1e-9) cuts.push_back(s);
        }
    };
    ring(poly.outer);
    for (const Ring& h : poly.holes) ring(h);
    std::sort(cuts.begin(), cuts.end());
    for (size_t i = 0; i + 1 < cuts.size(); ++i) {
        const Vec2 m = a + d * ((cuts[i] + cuts[i + 1]) / 2);
        if (locate(m, poly) != Where::Inside) continue;
        bool clear = true;
        auto far = [&](const Ring& r) {
            for (size_t j = 0; j < r.size() && clear; ++j) {
                const Vec2 c = r[j], e = r[(j + 1) % r.size()];
                const Vec2 u = e - c, w = m - c;
                const double len2 = u.x * u.x + u.y * u.y;
                const double t = len2 > 0 ? std::clamp((w.x * u.x + w.y * u.y) / len2, 0.0, 1.0) : 0.0;
                const Vec2 near = c + u * t - m;
                clear = near.x * near.x + near.y * near.y > 1e-18;
            }
        };
        far(poly.outer);
        for (const Ring& h : poly.holes) far(h);
        if (clear) return m;
    }
    return std::nullopt;
}

// Whether the segment a-b lies in the polygon's open interior: a strictly inside, and no
// edge met (exact).
bool segmentInside(Vec2 a, Vec2 b, const Polygon& poly) {
    if (locate(a, poly) != Where::Inside) return false;
    auto ring = [&](const Ring& r) {
        for (size_t i = 0; i < r.size(); ++i)
            if (segmentsIntersect(a, b, r[i], r[(i + 1) % r.size()])) return false;
        return true;
    };
    if (!ring(poly.outer)) return false;
    for (const Ring& h : poly.holes)
        if (!ring(h)) return false;
    return true;
}

// A proof that no line runs between the regions: a blocker, above every line where it
// stands, touching neither region, holding in its interior a segment from one outer common
// tangent to the other (for a convex blocker: its interior crosses both tangents). That
// segment splits the hull of the regions into a part holding one region and a part
// holding the other, so every sight line crosses the blocker's interior. The tangents used
// are those of polygons around the regions (their hull holds every sight line), which only
// makes the proof harder to find. For a round blocker its outline (inside the true curve)
// is used. The fast path in front of the certified subdivision.
std::optional<uint32_t> separator(const Scene& scene, const Region& from, double hFrom, const Region& to, double hTo,
                                  const ModelMask& ignored) {
    const double highest = std::max(hFrom, hTo);
    // The outer common tangents: both polygons on the same side of each.
    const Thing a{from.around.size() > 1 ? &from.around : nullptr, from.around[0], &from, kAroundGrow};
    const Thing b{to.around.size() > 1 ? &to.around : nullptr, to.around[0], &to, kAroundGrow};
    std::vector<std::pair<Vec2, Vec2>> outer;
    bitangents(a, b, outer, true);
    if (outer.size() != 2) return std::nullopt;  // the regions overlap, or touch
    std::vector<SightLine> tangents;
    for (const auto& [p, q] : outer) tangents.push_back({p, q, 0, 0});
    // (Named copies, not structured bindings: the lambdas below capture them.)
    const Bounds fromBox = boundsOf(from.around), toBox = boundsOf(to.around);
    const Vec2 flo = fromBox.lo, fhi = fromBox.hi, tlo = toBox.lo, thi = toBox.hi;
    auto apart = [](Vec2 lo1, Vec2 hi1, Vec2 lo2, Vec2 hi2) {
        return hi1.x < lo2.x || hi2.x < lo1.x || hi1.y < lo2.y || hi2.y < lo1.y;
    };
    // A blocker lower than the line at one end counts when it stands where every line is
    // below its top: falling towards the target, a line is below `top` beyond the share
    // (hFrom - top) / (hFrom - hTo) of its length; a blocker at least that share of the
    // longest possible line away from the observer's base is past that point on every
    // line (and the mirror image for rising lines). Distances between boxes bound them.
    auto gap = [](Vec2 lo1, Vec2 hi1, Vec2 lo2, Vec2 hi2) {
        const double dx = std::max({0.0, lo2.x - hi1.x, lo1.x - hi2.x});
        const double dy = std::max({0.0, lo2.y - hi1.y, lo1.y - hi2.y});
        return length(dx, dy);
    };
    const double longest = length(std::max(fhi.x, thi.x) - std::min(flo.x, tlo.x),
                                      std::max(fhi.y, thi.y) - std::min(flo.y, tlo.y));
    auto everyLineBelow = [&](const Blocker& bl) {
        // (A line may pass under it. Between its ends a line stands strictly between hFrom and
        // hTo, and a blocker met here is apart from both bases: a bottom at the lower end's
        // height is passed under only by a level line.)
        const double low = std::min(hFrom, hTo);
        if (bl.bottom > 0 && (bl.bottom > low || (bl.bottom == low && hFrom == hTo))) return false;
        if (bl.top > highest) return true;
        if (bl.top <= std::min(hFrom, hTo) || longest <= 0) return false;
        const Vec2 blo{bl.minX, bl.minY}, bhi{bl.maxX, bl.maxY};
        if (hFrom > hTo)  // falling: far enough from the observer's base
            return gap(flo, fhi, blo, bhi) / longest > (hFrom - bl.top) / (hFrom - hTo) * (1 + 1e-9);
        return gap(tlo, thi, blo, bhi) / longest > (hTo - bl.top) / (hTo - hFrom) * (1 + 1e-9);
    };
    // A blocker that crosses both tangents meets the first: only those are looked at.
    for (uint32_t id : scene.blockersAlong(tangents[0].a, tangents[0].b)) {
        const Blocker& bl = scene.blockers()[id];
        if ((bl.model >= 0 && ignored[bl.model]) || !everyLineBelow(bl)) continue;
        const Vec2 blo{bl.minX, bl.minY}, bhi{bl.maxX, bl.maxY};
        if (!apart(blo, bhi, flo, fhi) || !apart(blo, bhi, tlo, thi)) continue;
        bool reaches = true;
        for (const SightLine& t : tangents)
            reaches = reaches && !apart(blo, bhi, {std::min(t.a.x, t.b.x), std::min(t.a.y, t.b.y)},
                                        {std::max(t.a.x, t.b.x), std::max(t.a.y, t.b.y)});
        if (!reaches) continue;
        if (bl.convex) {
            if (crossesWellInside(tangents[0].a, tangents[0].b, bl.polygon.outer) &&
                crossesWellInside(tangents[1].a, tangents[1].b, bl.polygon.outer))
                return id;
            continue;
        }
        // Not convex: a segment inside it from a point on one tangent to a point on the
        // other serves the same.
        const auto u0 = insidePoint(tangents[0].a, tangents[0].b, bl.polygon);
        if (!u0) continue;
        const auto u1 = insidePoint(tangents[1].a, tangents[1].b, bl.polygon);
        if (u1 && segmentInside(*u0, *u1, bl.polygon)) return id;
    }
    return std::nullopt;
}

// A floor between two heights: every line from `from` (at hFrom) to `to` (at hTo) that runs
// from below a floor's bottom to above its top (or the other way) passes every height
// between them; at the middle one it stands at the same share f of the way along each
// line, so its points there fill (1 - f) A + f B (A and B the convex polygons around the
// regions). When that set lies inside the floor's convex footprint, with the band's half
// width to spare, every line runs through the floor's open interior between its bottom and
// top: the pair is not visible (a model on an upper floor from close under it). Floating
// point with a margin far above its rounding.
std::optional<uint32_t> floorBetween(const Scene& scene, const Region& from, double hFrom, const Region& to, double hTo,
                                     const ModelMask& ignored) {
    const Bounds fb = boundsOf(from.around), tb = boundsOf(to.around);
    const Vec2 lo{std::min(fb.lo.x, tb.lo.x), std::min(fb.lo.y, tb.lo.y)}, hi{std::max(fb.hi.x, tb.hi.x), std::max(fb.hi.y, tb.hi.y)};
    const double hw = scene.halfWidth();
    for (uint32_t id : scene.blockersInBox(lo, hi)) {
        const Blocker& bl = scene.blockers()[id];
        if (bl.bottom <= 0 || bl.curved || !bl.convex || (bl.model >= 0 && ignored[bl.model])) continue;
        const bool rising = hFrom < bl.bottom && hTo > bl.top, falling = hFrom > bl.top && hTo < bl.bottom;
        if (!rising && !falling) continue;
        const double f = ((bl.bottom + bl.top) / 2 - hFrom) / (hTo - hFrom);
        const double margin = hw + 1e-7 * (1 + std::abs(lo.x) + std::abs(lo.y) + std::abs(hi.x) + std::abs(hi.y));
        bool inside = true;
        for (size_t i = 0; i < from.around.size() && inside; ++i)
            for (size_t j = 0; j < to.around.size() && inside; ++j) {
                const Vec2 p = from.around[i] * (1 - f) + to.around[j] * f;
                inside = locate(p, bl.polygon) == Where::Inside && squaredDistanceToEdges(p, bl.polygon.outer) > margin * margin;
            }
        if (inside) return id;
    }
    return std::nullopt;
}

// A knife edge between two round bases: a line tangent to both (on the same side) that the
// blockers it meets only touch, within 1e-9": the true line is open there (bases are closed)
// or misses by less than doubles can show, and no printable line near it is open (a row of
// equal bases at one height is the usual case). Penetration: for a round blocker its radius
// less the line's distance from its centre; for a convex footprint the lesser of its
// corners' farthest distances on either side (a band's half-width more); any other
// footprint counts as entered.
bool knifeAlongTangent(const Scene& scene, const Region& from, double hFrom, const Region& to, double hTo,
                       const ModelMask& ignored) {
    if (!from.curved || !to.curved || from.halfLength != from.halfWidth || to.halfLength != to.halfWidth) return false;
    const Vec2 d = to.centre - from.centre;
    const double len = std::hypot(d.x, d.y), r1 = from.halfLength, r2 = to.halfLength;
    if (!(len > r1 + r2)) return false;
    const Vec2 u = d * (1 / len), v{-u.y, u.x};
    const double c = (r1 - r2) / len, s = std::sqrt(std::max(0.0, 1 - c * c));
    constexpr double kTouch = 1e-9;
    for (double side : {1.0, -1.0}) {
        const Vec2 n = u * c + v * (side * s);  // unit normal: n.x = n.centre + r on both
        const Vec2 p = from.centre + n * r1, q = to.centre + n * r2;
        bool knife = true;
        const auto stops = scene.blocking({p, q, hFrom, hTo}, ignored, false);
        if (stops.empty()) continue;  // (open as rounded: the candidates would have found it)
        for (uint32_t id : stops) {
            const Blocker& bl = scene.blockers()[id];
            double depth;
            if (bl.curved && bl.ellipse.lengthMm == bl.ellipse.widthMm) {
                const Vec2 e = bl.ellipse.centre - p;
                depth = bl.ellipse.lengthMm / 50.8 - std::abs(e.x * n.x + e.y * n.y);
            } else if (bl.convex && !bl.curved) {
                double lo = 0, hi = 0;
                for (const Vec2& w : bl.polygon.outer) {
                    const double dist = (w.x - p.x) * n.x + (w.y - p.y) * n.y;
                    lo = std::min(lo, dist);
                    hi = std::max(hi, dist);
                }
                depth = std::min(hi, -lo);
            } else {
                depth = HUGE_VAL;
            }
            if (!(depth + scene.halfWidth() < kTouch)) {  // (a band reaches its half-width further)
                knife = false;
                break;
            }
        }
        if (knife) return true;
    }
    return false;
}

// A printable witness on the exact line of a grazing candidate: end points u + k (v - u)
// with k of few binary digits, which doubles hold exactly (exactlyAt), inside the
// true regions, near the ends the candidate used; the segment between them tested again.
std::optional<Segment> onExactLine(const Scene& scene, const Region& from, double hFrom, const Region& to, double hTo,
                                   const ModelMask& ignored, const Tested& g) {
    const Vec2 d = g.v - g.u;
    const double len2 = d.x * d.x + d.y * d.y;
    if (len2 == 0) return std::nullopt;
    auto param = [&](Vec2 p) { return ((p.x - g.u.x) * d.x + (p.y - g.u.y) * d.y) / len2; };
    auto exactPoint = [&](const Region& r, double k0) -> std::optional<Vec2> {
        if (r.isPoint()) return r.outline[0];
        for (int bits = 2; bits <= 40; bits += 2) {
            const double scale = std::ldexp(1.0, bits);
            for (double step : {0.0, 1.0, -1.0, 2.0, -2.0}) {
                const double k = (std::round(k0 * scale) + step) / scale;
                const auto p = exactlyAt(g.u, g.u, g.v, k);
                if (p && insideRegion(r, *p)) return *p;
            }
        }
        return std::nullopt;
    };
    auto openSegment = [&](Vec2 p, Vec2 q) { return !(p == q) && !scene.blocked({p, q, hFrom, hTo}, ignored); };
    {
        const auto p = exactPoint(from, param(g.p)), q = exactPoint(to, param(g.q));
        if (p && q && openSegment(*p, *q)) return Segment{*p, *q};
    }
    // Through one corner the line grazes (a pinch): an observer point on a fine binary grid
    // near the end found, and the target point c + m (c - p) with m of few binary digits;
    // exactness checked, as above.
    for (const Vec2& c : scene.verticesOnLine(g.u, g.v, g.p, g.q)) {
        for (int bits = 4; bits <= 30; bits += 2) {
            const double grid = std::ldexp(1.0, -bits);
            Vec2 p{std::round(g.p.x / grid) * grid, std::round(g.p.y / grid) * grid};
            if (from.isPoint()) p = from.outline[0];
            if (!insideRegion(from, p)) continue;
            const Vec2 cp = c - p;
            const double len = std::hypot(cp.x, cp.y);
            if (len == 0) continue;
            const double m0 = std::hypot(g.q.x - c.x, g.q.y - c.y) / len;
            for (int mbits = 2; mbits <= 20; mbits += 6) {
                const double scale = std::ldexp(1.0, mbits);
                const double m = std::round(m0 * scale) / scale;
                const auto q = exactlyAt(c, p, c, m);
                if (q && insideRegion(to, *q) && openSegment(p, *q)) return Segment{p, *q};
            }
        }
    }
    return std::nullopt;
}

}  // namespace

double clearanceOf(const Scene& scene, const SightLine& L, const ModelMask& ignored) {
    const Vec2 lo{std::min(L.a.x, L.b.x) - kClearanceCap, std::min(L.a.y, L.b.y) - kClearanceCap};
    const Vec2 hi{std::max(L.a.x, L.b.x) + kClearanceCap, std::max(L.a.y, L.b.y) + kClearanceCap};
    double best = kClearanceCap;
    auto segDist = [](Vec2 p, Vec2 a, Vec2 b) {
        const Vec2 u = b - a, w = p - a;
        const double len2 = u.x * u.x + u.y * u.y;
        const double t = len2 > 0 ? std::clamp((w.x * u.x + w.y * u.y) / len2, 0.0, 1.0) : 0.0;
        const Vec2 d = a + u * t - p;
        return std::hypot(d.x, d.y);
    };
    for (uint32_t id : scene.blockersInBox(lo, hi)) {
        const Blocker& bl = scene.blockers()[id];
        if (bl.top <= std::min(L.h0, L.h1) || (bl.bottom > 0 && bl.bottom >= std::max(L.h0, L.h1)) ||
            (bl.model >= 0 && ignored[bl.model]))
            continue;
        // The part of the line below the blocker's top (and above its bottom).
        double t0 = 0, t1 = 1;
        if (L.h1 > L.h0) t1 = std::min(1.0, (bl.top - L.h0) / (L.h1 - L.h0));
        if (L.h1 < L.h0) t0 = std::max(0.0, (bl.top - L.h0) / (L.h1 - L.h0));
        if (bl.bottom > 0 && L.h1 > L.h0) t0 = std::max(t0, (bl.bottom - L.h0) / (L.h1 - L.h0));
        if (bl.bottom > 0 && L.h1 < L.h0) t1 = std::min(t1, (bl.bottom - L.h0) / (L.h1 - L.h0));
        if (!(t0 <= t1)) continue;
        const Vec2 a = L.a + (L.b - L.a) * t0, b = L.a + (L.b - L.a) * t1;
        // A measure, not a decision: plain floating point. The line is known to be open,
        // so it can at most touch an edge, and touching gives a distance of about zero.
        double d = HUGE_VAL;
        auto ring = [&](const Ring& r) {
            for (size_t i = 0; i < r.size(); ++i) {
                const Vec2 c = r[i], e = r[(i + 1) % r.size()];
                d = std::min({d, segDist(c, a, b), segDist(a, c, e), segDist(b, c, e)});
            }
        };
        ring(bl.polygon.outer);
        for (const Ring& h : bl.polygon.holes) ring(h);
        best = std::min(best, d);
    }
    return best;
}

namespace {

// What the decisions made on this thread expect (ExpectNotVisible, ExpectVisible).
enum class Expect { Either, Visible, NotVisible };
thread_local Expect expected = Expect::Either;
// The cells of the subdivision tried before the candidates when the pair is expected not
// visible: enough for nine pairs in ten behind terrain, few for one that turns out visible.
constexpr int kFirstCells = 25;

// The subdivision's budget for a proof that "not visible" requires: a sixtieth of it while
// a model is dragged (Scene::Effort::Quick), a fifteenth in a map of the table (Survey).
CertifyLimits requiredLimits(const Scene& scene) {
    CertifyLimits limits;
    if (scene.effort() == Scene::Effort::Quick) limits.maxCells = 50;
    if (scene.effort() == Scene::Effort::Survey) limits.maxCells = 200;
    return limits;
}

}  // namespace

ExpectNotVisible::ExpectNotVisible(bool on) : before_(static_cast<int>(expected)) {
    expected = on ? Expect::NotVisible : Expect::Either;
}
ExpectNotVisible::~ExpectNotVisible() { expected = static_cast<Expect>(before_); }
ExpectVisible::ExpectVisible() : before_(static_cast<int>(expected)) { expected = Expect::Visible; }
ExpectVisible::~ExpectVisible() { expected = static_cast<Expect>(before_); }

ExactAnswer decideExact(const Scene& scene, const Region& from, double hFrom, const Region& to, double hTo,
                        const ModelMask& ignored, Witness witness, std::optional<Vec2> hint, Proof proof, int mostCells) {
    ExactAnswer answer;
    const double lowest = std::min(hFrom, hTo);
    const bool expectNotVisible = expected == Expect::NotVisible, expectVisible = expected == Expect::Visible;

    // The candidate lines, cheapest and likeliest first: centre to centre and the sample
    // points; then, when none of those is open, every line tangent to two of the things a
    // critical line can touch (the two regions, the convex blockers, the vertices of the
    // others) inside the convex hull of the two regions. If any sight line is open, one
    // of these is: an open line can be moved, staying open, until it touches two of them.
    // The blockers' heights enter through the choice of end points (testLine).
    // Open lines whose rounded end points give an open segment too (witnesses that can be
    // drawn and checked), and open lines that only graze a corner exactly (proof that the
    // pair is visible, but rounding their ends may put them a hair into the corner).
    std::vector<Tested> open, grazing;
    std::vector<std::pair<Vec2, Vec2>> tried;
    std::vector<uint32_t> recent;    // the last pieces that stopped a line, most recent first
    std::vector<uint32_t> stoppers;  // every piece that stopped a line
    bool outOfTime = false;  // (a quick proof's time ran out among the candidates)
    auto run = [&](const std::vector<std::pair<Vec2, Vec2>>& lines, bool throughCorners) {
        for (const auto& [u, v] : lines) {
            if (proof != Proof::Estimate && scene.outOfTime()) {
                outOfTime = true;
                return;
            }
            for (bool inner : {false, true}) {
                if (inner && hFrom == hTo) break;  // level lines: the inner ends are the choice
                const Tested t = testLine(SceneBlockers(scene, ignored, recent), from, hFrom, to, hTo, u, v, inner,
                                          throughCorners);
                if (!t.valid) break;
                ++answer.candidates;
                if (t.free && t.straight) {
                    open.push_back(t);
                    break;
                }
                if (t.free) {
                    // A grazing line: moved sideways by a hair, it usually clears the
                    // corner with room to spare on the open side.
                    grazing.push_back(t);
                    const Vec2 d = v - u;
                    const double len = std::hypot(d.x, d.y);
                    for (double hair : {1e-9, -1e-9, 1e-7, -1e-7}) {
                        const Vec2 shift{-d.y / len * hair, d.x / len * hair};
                        const Tested moved = testLine(SceneBlockers(scene, ignored, recent), from, hFrom, to, hTo,
                                                      u + shift, v + shift, inner, false);
                        if (moved.free && moved.straight) {
                            open.push_back(moved);
                            break;
                        }
                    }
                    if (!open.empty()) break;
                    continue;
                }
                tried.emplace_back(t.p, t.q);
                if (t.stopper >= 0) stoppers.push_back(static_cast<uint32_t>(t.stopper));
                if (t.stopper >= 0 && std::find(recent.begin(), recent.end(), t.stopper) == recent.end()) {
                    recent.insert(recent.begin(), static_cast<uint32_t>(t.stopper));
                    if (recent.size() > 3) recent.pop_back();
                }
            }
            if (!open.empty() && witness == Witness::First) return;
        }
    };
    const double hw = scene.halfWidth();
    // The likeliest line first: from the hint, or centre to centre.
    {
        std::vector<std::pair<Vec2, Vec2>> first;
        if (hint && !(*hint == to.centre)) first.emplace_back(*hint, to.centre);
        first.emplace_back(from.centre, to.centre);
        run(first, false);
    }
    const bool grazedFirst = !grazing.empty();
    // The centres and edge points (0, 90, 180, 270 degrees): on most visible pairs one of
    // these lines is open, and trying them costs far less than the proofs below. First, but
    // for a pair expected not to be visible (a dragged pair last seen hidden: the proof
    // first, before its time runs out).
    auto samples = [&] {
        if (!open.empty() && witness != Witness::Clearest) return;
        std::vector<std::pair<Vec2, Vec2>> lines;
        const size_t n = std::min<size_t>(5, from.samples.size()), m = std::min<size_t>(5, to.samples.size());
        for (size_t i = 0; i < n; ++i)
            for (size_t j = 0; j < m; ++j)
                if (i + j > 0) lines.emplace_back(from.samples[i], to.samples[j]);
        run(lines, false);
    };
    if (!expectNotVisible) samples();
    // Then, before trying many lines, a proof that none is open (the usual case of a pair
    // behind a wall) when there is one (after them, where the pair is expected visible). (Not
    // when a line through the centres already grazed through.)
    // A knife edge (a tangent of both bases that others only touch) admits no proof: the
    // search below is for a printable line only, and failing it the pair is undecided.
    bool knife = false;
    auto quickProof = [&] {
        if (const auto wall = separator(scene, from, hFrom, to, hTo, ignored)) {
            answer.cover = {*wall};
            return true;
        }
        if (const auto floor = floorBetween(scene, from, hFrom, to, hTo, ignored)) {
            answer.cover = {*floor};
            return true;
        }
        knife = knifeAlongTangent(scene, from, hFrom, to, hTo, ignored);
        if (auto cover = knife ? std::nullopt : certifyWhole(scene, from, hFrom, to, hTo, ignored)) {
            answer.cover = std::move(*cover);
            return true;
        }
        return false;
    };
    std::optional<CertifySearch> early;  // (expectNotVisible: the subdivision begun first)
    // (Each stage below takes a while: none is begun once a quick proof's time is out.)
    if (open.empty() && proof != Proof::Estimate && scene.outOfTime()) outOfTime = true;
    if (open.empty() && !grazedFirst && !outOfTime && !expectVisible) {
        if (quickProof()) return answer;
        if (proof == Proof::Required && expectNotVisible && !knife) {
            // The first cells of the subdivision now (most pairs behind terrain need few);
            // the candidates if they are not enough, and the rest of the subdivision last.
            early.emplace(scene, from, hFrom, to, hTo, ignored, requiredLimits(scene));
            const Certified c = early->run(kFirstCells);
            answer.cells = c.cells;
            if (c.outcome == Certified::Outcome::Blocked) {
                answer.cover = c.cover;
                return answer;
            }
            // Visible: the candidates below find the line they would have found in the usual
            // order (what follows from the first line found, fully visible's search, is then
            // the same whatever the order).
        }
    }
    if (expectNotVisible) samples();
    if (open.empty() && proof != Proof::Estimate && scene.outOfTime()) outOfTime = true;
    if ((open.empty() || witness == Witness::Clearest) && !outOfTime) {
        const bool timed = proof != Proof::Estimate;
        std::vector<std::pair<Vec2, Vec2>> lines =
            criticalLines(scene, from, to, nearby(scene, from, to, hw), lowest, std::max(hFrom, hTo), ignored, timed);
        if (timed && scene.outOfTime()) {
            outOfTime = true;  // (the lines may be cut short: none is tried)
        } else {
            // The same line can come from several pairs of things: each is tried once, in
            // the order of their coordinates, taken from a heap one at a time: a decision
            // stops at the first open line, often among the first few of hundreds, where
            // sorting them all (and moving each sideways for the band) cost more than
            // trying those.
            auto key = [](const std::pair<Vec2, Vec2>& l) { return std::array{l.first.x, l.first.y, l.second.x, l.second.y}; };
            auto after = [&](const auto& a, const auto& b) { return key(b) < key(a); };
            std::make_heap(lines.begin(), lines.end(), after);
            if (timed && scene.outOfTime()) {
                outOfTime = true;  // (the heap can take the last of the time: nothing more begins)
            } else {
                std::optional<BandShifts> shifts;
                if (hw > 0) shifts.emplace(hw, from, to);
                std::vector<std::pair<Vec2, Vec2>> next;  // (a line, then its moved ones)
                for (auto end = lines.end(); end != lines.begin();) {
                    std::pop_heap(lines.begin(), end, after);
                    --end;
                    if (end + 1 != lines.end() && *end == *(end + 1)) continue;  // (tried just now)
                    next.clear();
                    if (shifts) shifts->add(end->first, end->second, next);
                    else next.push_back(*end);
                    run(next, hw == 0);
                    if (outOfTime || (!open.empty() && witness == Witness::First)) break;
                }
            }
        }
    }

    if (open.empty() && !grazing.empty()) {
        // Visible only along lines that touch corners exactly. A witness that stays open as
        // printed lies on the exact line itself: points u + k (v - u) that doubles hold
        // exactly (k with few binary digits), near the ends found, checked exactly.
        for (const Tested& g : grazing) {
            if (auto w = onExactLine(scene, from, hFrom, to, hTo, ignored, g)) {
                answer.visible = true;
                answer.witness = answer.first = ExactLine{w->a, w->b, 0};
                return answer;
            }
        }
    }
    if (!open.empty()) {
        answer.visible = true;
        answer.first = ExactLine{open.front().p, open.front().q, 0};
        const Tested* best = &open.front();
        if (witness == Witness::First) {  // a decision: the clearance is not measured
            answer.witness = ExactLine{best->p, best->q, 0};
            return answer;
        }
        double bestClear = clearanceOf(scene, {best->p, best->q, hFrom, hTo}, ignored);
        {
            for (const Tested& t : open) {
                const double c = clearanceOf(scene, {t.p, t.q, hFrom, hTo}, ignored);
                if (c > bestClear) {
                    bestClear = c;
                    best = &t;
                }
            }
        }
        ExactLine line{best->p, best->q, bestClear};
        if (witness == Witness::Clearest) {
            // Local refinement of the line itself: shift it sideways, or turn it about
            // either end, while it stays open and its clearance grows; its ends are taken
            // again from its chords each time, so they stay on the bases. Steps halve from
            // 0.2" to 0.0001", so a line in a narrow slit settles in its middle.
            for (double step = 0.2; step >= 1e-4; step /= 2) {
                bool improved = true;
                for (int round = 0; round < 8 && improved; ++round) {
                    improved = false;
                    const Vec2 d = line.q - line.p;
                    const double len = std::hypot(d.x, d.y);
                    if (len == 0) break;
                    const Vec2 n{-d.y / len * step, d.x / len * step};
                    for (int move = 0; move < 6; ++move) {
                        const double sign = move % 2 ? -1 : 1;
                        const Vec2 u = line.p + (move < 4 ? n * sign : Vec2{});
                        const Vec2 v = line.q + (move < 2 || move >= 4 ? n * sign : Vec2{});
                        if (from.isPoint() && !(u == line.p)) continue;
                        if (to.isPoint() && !(v == line.q)) continue;
                        const Tested t =
                            testLine(SceneBlockers(scene, ignored, recent), from, hFrom, to, hTo, u, v, false, false);
                        if (!t.free || !t.straight) continue;
                        const double c = clearanceOf(scene, {t.p, t.q, hFrom, hTo}, ignored);
                        if (c > line.clearance) {
                            line = {t.p, t.q, c};
                            improved = true;
                            break;
                        }
                    }
                }
            }
        }
        answer.witness = line;
        return answer;
    }

    // No candidate is open: that alone proves nothing (the candidates are complete only
    // in the plane). The pair is not visible only when the certified subdivision covers
    // every sight line by proofs; it may instead find an open line the candidates missed,
    // or stop, undecided, at a knife edge. (Expected visible: the quick proofs first.)
    if (expectVisible && !grazedFirst && !outOfTime && quickProof()) return answer;
    if (!grazing.empty()) answer.grazing = ExactLine{grazing.front().p, grazing.front().q, 0};
    if (proof == Proof::Estimate) return answer;
    if (outOfTime) {
        answer.undecided = true;
        if (proof == Proof::Required) countProofCutShort();
        return answer;
    }
    if (knife || knifeAlongTangent(scene, from, hFrom, to, hTo, ignored)) {
        answer.undecided = true;
        return answer;
    }
    CertifyLimits limits = requiredLimits(scene);
    if (proof == Proof::Bounded) limits.maxCells = 300;
    if (proof == Proof::Brief) limits.maxCells = 40;
    if (mostCells > 0) limits.maxCells = std::min(limits.maxCells, mostCells);
    const Certified c = early ? early->run(limits.maxCells) : certifyPair(scene, from, hFrom, to, hTo, ignored, limits);
    answer.cells = c.cells;
    switch (c.outcome) {
    case Certified::Outcome::Blocked:
        answer.cover = c.cover;
        return answer;
    case Certified::Outcome::Undecided:
        answer.undecided = true;
        if (proof == Proof::Required && scene.effort() != Scene::Effort::Full) countProofCutShort();
        return answer;
    case Certified::Outcome::Visible:
        break;
    }
    answer.visible = true;
    answer.first = ExactLine{c.witness->a, c.witness->b, 0};
    answer.witness = ExactLine{c.witness->a, c.witness->b,
                               witness == Witness::Clearest ? clearanceOf(scene, {c.witness->a, c.witness->b, hFrom, hTo}, ignored) : 0};
    return answer;
}

namespace {
thread_local unsigned long cutShort = 0;
}

unsigned long proofsCutShort() { return cutShort; }
void countProofCutShort() { ++cutShort; }

}  // namespace sl
