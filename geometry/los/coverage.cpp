// fully_visible and visible_fraction of the exact method: the target's foot points, the
// fan and shadow tests that clear many points at once, and the bisection on heights.
#include "los/coverage.h"

#include "kernel/base.h"
#include "kernel/exact.h"
#include "kernel/polygon.h"
#include "los/exact_los.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <optional>

namespace sl {

FootPoints footPoints(const Model& t, const Region& region) {
    FootPoints f;
    const std::vector<Vec2> points = basePoints(t, kFullyVisiblePoints, true);
    f.points.reserve(points.size());
    for (size_t stride = 64; stride >= 1; stride /= 2)
        for (size_t i = 0; i < points.size(); i += stride)
            if (stride == 64 || i % (stride * 2) != 0) f.points.push_back(points[i]);
    f.around = region.around;
    return f;
}

namespace {

// The blockers that could stop a line from p (at the observer's top) to the foot of the
// target anywhere in `cell` (a convex polygon): those overlapping the fan of those lines
// (up to most + 1 of them; a degenerate fan gives UINT32_MAX). The others cannot. A line
// of the fan falls from the observer's top to the foot; over a blocker it is at least as
// high as its height a fraction (farthest point of the blocker from p) / (nearest point of
// the cell from p) of the way along: a blocker lower than that cannot stop it.
std::vector<uint32_t> fanBlockers(const Scene& scene, Vec2 p, const Ring& cell, const Model& o, const Model& t,
                                  const ModelMask& ignored, size_t most) {
    std::vector<uint32_t> found;
    std::vector<Vec2> pts = cell;
    pts.push_back(p);
    const Ring fan = convexHullOf(pts);
    if (fan.size() < 3) return {UINT32_MAX};  // degenerate: unknown, as if many
    const auto [lo, hi] = boundsOf(fan);
    double nearest2 = HUGE_VAL;  // squared distances: one root per blocker, not per vertex
    for (const Vec2& v : cell) nearest2 = std::min(nearest2, (v.x - p.x) * (v.x - p.x) + (v.y - p.y) * (v.y - p.y));
    const double nearest = std::sqrt(nearest2);
    for (uint32_t id : scene.blockersInBox(lo, hi)) {
        const Blocker& bl = scene.blockers()[id];
        if (bl.top <= std::min(o.top(), t.elevation) || (bl.model >= 0 && ignored[bl.model])) continue;
        double farthest2 = 0;
        for (const Vec2& v : bl.polygon.outer)
            farthest2 = std::max(farthest2, (v.x - p.x) * (v.x - p.x) + (v.y - p.y) * (v.y - p.y));
        const double farthest = std::sqrt(farthest2);
        if (o.top() >= t.elevation && nearest > 0 && farthest < nearest) {
            const double lowest = o.top() - (o.top() - t.elevation) * (farthest / nearest);
            if (lowest > bl.top * (1 + 1e-12)) continue;
        }
        // Cheap screens before clipping: a box wholly beyond one edge of the fan cannot
        // overlap it; a convex blocker whose centre lies strictly inside it does.
        bool beyond = false;
        for (size_t i = 0; i < fan.size() && !beyond; ++i) {
            const Vec2 a = fan[i], b = fan[(i + 1) % fan.size()];
            beyond = true;
            for (const Vec2 c : {Vec2{bl.minX, bl.minY}, Vec2{bl.maxX, bl.minY}, Vec2{bl.maxX, bl.maxY}, Vec2{bl.minX, bl.maxY}})
                beyond = beyond && exact::orient(a, b, c) < 0;
        }
        if (beyond) continue;
        const bool overlaps = (bl.convex && locate(Vec2{(bl.minX + bl.maxX) / 2, (bl.minY + bl.maxY) / 2}, fan) == Where::Inside &&
                               locate(Vec2{(bl.minX + bl.maxX) / 2, (bl.minY + bl.maxY) / 2}, bl.polygon) == Where::Inside) ||
                              overlapArea(bl.polygon, fan) > 0;  // any overlap at all counts
        if (!overlaps) continue;
        found.push_back(id);
        if (found.size() > most) return found;
    }
    return found;
}

// The shadow that a blocker casts on the target's foot as seen from p, at the observer's
// top, when lines fall from there to the foot: a foot point is hidden from p behind P
// exactly when it is p + l (x - p) for some x of P and l in [1, k), where k is
// (p's height - foot) / (p's height - P's top) (no bound when P is taller than p). Every
// such point lies in the hull of P and its copy scaled by k about p: taken with P's hull
// and a lower bound of P's distance for k, too big, never too small. `reachAll` bounds k
// so the shadow covers the base. None when p is on the piece.
std::optional<Ring> shadowOf(const Scene& scene, uint32_t id, Vec2 p, double hp, double z, double far) {
    const Blocker& bl = scene.blockers()[id];
    const Ring& shape = bl.model >= 0 ? scene.modelRegion(bl.model).around : bl.polygon.outer;
    if (locate(p, shape) != Where::Outside) return std::nullopt;
    double near = HUGE_VAL;
    for (size_t i = 0; i < shape.size(); ++i) {
        const Vec2 a = shape[i], u = shape[(i + 1) % shape.size()] - a, w = p - a;
        const double len2 = u.x * u.x + u.y * u.y;
        const double tt = len2 > 0 ? std::clamp((w.x * u.x + w.y * u.y) / len2, 0.0, 1.0) : 0.0;
        const Vec2 d = a + u * tt - p;
        near = std::min(near, std::hypot(d.x, d.y));
    }
    near = near * (1 - 1e-9) - 1e-12;
    if (near <= 0) return std::nullopt;
    const double reachAll = far / near * (1 + 1e-9) + 1e-9;
    const double k = bl.top >= hp ? reachAll : std::min(reachAll, (hp - z) / (hp - bl.top) * (1 + 1e-9));
    std::vector<Vec2> pts = shape;
    for (const Vec2& v : shape) pts.push_back(p + (v - p) * std::max(1.0, k));
    return convexHullOf(pts);
}

}  // namespace

// Whether every point of the target's base is seen at its foot. A few points spread over
// the base are decided first (a hidden part usually shows among them); then the base's
// box, and if need be its quarters, are tested as a whole: a cell whose fan of lines from
// the witness's observer end is clear is seen at once. The points of the other cells are
// decided one by one, the observer's end of the last line found tried first for the next
// point (neighbours are usually seen from the same place). Measured on the 50 x 50
// armies: deeper cells cost more in fan tests than they save in points.
bool fullyVisible(const Scene& scene, const Region& from, const Model& o, const Model& t, const ModelMask& ignored,
                  Vec2 hint, const FootPoints& foot) {
    // A few points first, spread over the base: a hidden part usually shows among them.
    Vec2 h = hint;
    // The line from the last point of the observer's base that saw a neighbour, first
    // (usually open); the whole decision only when it is not.
    auto seen = [&](Vec2 q) {
        if (!scene.blocked({h, q, o.top(), t.elevation}, ignored)) return true;
        const ExactAnswer s = decideExact(scene, from, o.top(), pointRegion(q), t.elevation, ignored, Witness::First, h);
        if (s.visible) h = s.witness->p;
        return s.visible;
    };
    for (size_t i = 0; i < std::min<size_t>(16, foot.points.size()); ++i)
        if (!seen(foot.points[i])) return false;
    const auto [lo, hi] = boundsOf(foot.around);
    const double smallest = std::max(hi.x - lo.x, hi.y - lo.y) / 2;
    // Points are checked in the prepared coarse-to-fine order, cell by cell.
    std::function<bool(Vec2, Vec2, const std::vector<size_t>&)> cellSeen = [&](Vec2 a, Vec2 b,
                                                                               const std::vector<size_t>& inside) {
        if (inside.empty()) return true;
        // The cell cut to the polygon around the base: a tighter fan than the square's.
        const Ring cell = clipToConvexRing(Ring{{a.x, a.y}, {b.x, a.y}, {b.x, b.y}, {a.x, b.y}}, foot.around);
        const std::vector<uint32_t> blockers = fanBlockers(scene, h, cell, o, t, ignored, 3);
        if (blockers.empty()) return true;
        // A few blockers in the fan: only the points in their shadows need a look of their own.
        if (blockers.size() <= 3 && blockers.front() != UINT32_MAX && o.top() >= t.elevation) {
            double far2 = 0;
            for (const Vec2& v : cell) far2 = std::max(far2, (v.x - h.x) * (v.x - h.x) + (v.y - h.y) * (v.y - h.y));
            std::vector<Ring> shadows;
            bool usable = true;
            for (uint32_t id : blockers) {
                auto sh = shadowOf(scene, id, h, o.top(), t.elevation, std::sqrt(far2));
                if (!sh) {
                    usable = false;
                    break;
                }
                shadows.push_back(std::move(*sh));
            }
            if (usable) {  // (the shadows are from the current h; seen() may move h on)
                for (size_t i : inside) {
                    const Vec2 q = foot.points[i];
                    bool shaded = false;
                    for (const Ring& sh : shadows) shaded = shaded || locate(q, sh) != Where::Outside;
                    if (shaded && !seen(q)) return false;
                }
                return true;
            }
        }
        if (b.x - a.x > smallest) {
            const Vec2 m = (a + b) * 0.5;
            const std::array<std::pair<Vec2, Vec2>, 4> quarters{
                std::pair{a, m}, std::pair{Vec2{m.x, a.y}, Vec2{b.x, m.y}}, std::pair{Vec2{a.x, m.y}, Vec2{m.x, b.y}},
                std::pair{m, b}};
            for (const auto& [qa, qb] : quarters) {
                std::vector<size_t> part;
                for (size_t i : inside) {
                    const Vec2 q = foot.points[i];
                    if (q.x >= qa.x && q.x <= qb.x && q.y >= qa.y && q.y <= qb.y) part.push_back(i);
                }
                if (!cellSeen(qa, qb, part)) return false;
            }
            return true;
        }
        for (size_t i : inside)
            if (!seen(foot.points[i])) return false;
        return true;
    };
    // A square box around the base, so the cells stay square.
    const double side = std::max(hi.x - lo.x, hi.y - lo.y) * (1 + 1e-9);
    std::vector<size_t> all(foot.points.size());
    for (size_t i = 0; i < all.size(); ++i) all[i] = i;
    return cellSeen(lo, lo + Vec2{side, side}, all);
}

double visibleFraction(const Scene& scene, const Region& from, const Model& o, const Model& t, const ModelMask& ignored,
                       Vec2 start) {
    // For each point, the lowest height seen: nothing when its top is hidden, all of it
    // when its foot is seen, else found by bisection (a higher point is never harder to see).
    std::optional<Vec2> hint = start;
    auto seen = [&](Vec2 q, double z) {
        const ExactAnswer s = decideExact(scene, from, o.top(), pointRegion(q), z, ignored, Witness::First, hint);
        if (s.visible) hint = s.witness->p;
        return s.visible;
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
