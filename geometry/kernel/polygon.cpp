// Rings and polygons: exact point location, bounds, area and centroid, segment tests,
// the problems that make a ring or hole unusable, convex hulls, orientation.
#include "kernel/polygon.h"

#include "kernel/exact.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <numbers>
#include <unordered_map>

namespace sl {
bool onCollinearSegment(Vec2 a, Vec2 b, Vec2 p) {
    return std::min(a.x, b.x) <= p.x && p.x <= std::max(a.x, b.x) && std::min(a.y, b.y) <= p.y &&
           p.y <= std::max(a.y, b.y);
}

namespace {

// The winding number's step for the ring's edge i about p, or nothing where p lies on it.
std::optional<int> windingStep(Vec2 p, const Ring& ring, size_t i) {
    const Vec2 a = ring[i];
    const Vec2 b = ring[(i + 1) % ring.size()];
    // (An edge wholly above or below p neither holds it nor turns round it.)
    if ((a.y > p.y && b.y > p.y) || (a.y < p.y && b.y < p.y)) return 0;
    const int o = exact::orient(a, b, p);
    if (o == 0 && onCollinearSegment(a, b, p)) return std::nullopt;
    if (a.y <= p.y) return b.y > p.y && o > 0 ? 1 : 0;
    return b.y <= p.y && o < 0 ? -1 : 0;
}

// The winding number of the ring about p over its edges first .. last - 1, or nothing where
// p lies on one.
std::optional<int> windingOver(Vec2 p, const Ring& ring, size_t first, size_t last) {
    int winding = 0;
    for (size_t i = first; i < last; ++i) {
        const std::optional<int> step = windingStep(p, ring, i);
        if (!step) return std::nullopt;
        winding += *step;
    }
    return winding;
}

}  // namespace

Where locate(Vec2 p, const Ring& ring) {
    const std::optional<int> winding = windingOver(p, ring, 0, ring.size());
    return !winding ? Where::Boundary : *winding != 0 ? Where::Inside : Where::Outside;
}

std::vector<EdgeRun> edgeRunsOf(const Polygon& polygon) {
    constexpr size_t kEdgeRun = 16;
    std::vector<EdgeRun> runs;
    size_t edges = polygon.outer.size();
    for (const Ring& hole : polygon.holes) edges += hole.size();
    if (edges <= 2 * kEdgeRun) return runs;
    int index = 0;
    for (uint32_t k = 0; k <= polygon.holes.size(); ++k) {
        const Ring& ring = k == 0 ? polygon.outer : polygon.holes[k - 1];
        for (size_t first = 0; first < ring.size(); first += kEdgeRun) {
            EdgeRun run{k, static_cast<uint32_t>(first), static_cast<uint32_t>(std::min(kEdgeRun, ring.size() - first)),
                        index + static_cast<int>(first), HUGE_VAL, HUGE_VAL, -HUGE_VAL, -HUGE_VAL};
            for (size_t i = first; i <= first + run.count; ++i) {  // (the last edge's far end too)
                const Vec2 v = ring[i % ring.size()];
                run.minX = std::min(run.minX, v.x), run.minY = std::min(run.minY, v.y);
                run.maxX = std::max(run.maxX, v.x), run.maxY = std::max(run.maxY, v.y);
            }
            runs.push_back(run);
        }
        index += static_cast<int>(ring.size());
    }
    return runs;
}

Where locate(Vec2 p, const Polygon& polygon, const std::vector<EdgeRun>& runs) {
    if (runs.empty()) return locate(p, polygon);
    // Each ring in turn, as locate(p, polygon) takes them, its winding number over its runs
    // (they come ring by ring): a run wholly above or below p, or wholly to its left, turns
    // nothing round it (an edge left of p that crosses its height has p on its right going
    // up, on its left going down) and does not hold it.
    auto ringAt = [&](size_t k) -> Where {
        int winding = 0;
        for (const EdgeRun& run : runs) {
            if (run.ring != k || run.minY > p.y || run.maxY < p.y || run.maxX < p.x) continue;
            const Ring& ring = k == 0 ? polygon.outer : polygon.holes[k - 1];
            const std::optional<int> w = windingOver(p, ring, run.first, run.first + run.count);
            if (!w) return Where::Boundary;
            winding += *w;
        }
        return winding != 0 ? Where::Inside : Where::Outside;
    };
    const Where outer = ringAt(0);
    if (outer != Where::Inside) return outer;
    for (size_t h = 1; h <= polygon.holes.size(); ++h) {
        const Where w = ringAt(h);
        if (w == Where::Boundary) return Where::Boundary;
        if (w == Where::Inside) return Where::Outside;
    }
    return Where::Inside;
}

double distanceToEdges(Vec2 p, const Polygon& polygon, const std::vector<EdgeRun>* runs, double atMost) {
    double best = atMost;
    // (An edge, or a run, whose box is farther than the nearest so far in x or y is farther.)
    auto farther = [&](double minX, double minY, double maxX, double maxY) {
        const double gapX = std::max({minX - p.x, p.x - maxX, 0.0});
        const double gapY = std::max({minY - p.y, p.y - maxY, 0.0});
        return std::max(gapX, gapY) > best * (1 + 1e-12);
    };
    auto edges = [&](const Ring& r, size_t first, size_t last) {
        for (size_t i = first; i < last; ++i) {
            const Vec2 a = r[i], b = r[(i + 1) % r.size()];
            if (farther(std::min(a.x, b.x), std::min(a.y, b.y), std::max(a.x, b.x), std::max(a.y, b.y))) continue;
            const Vec2 d = b - a;
            const double len2 = d.x * d.x + d.y * d.y;
            const double t = len2 > 0 ? std::clamp(((p.x - a.x) * d.x + (p.y - a.y) * d.y) / len2, 0.0, 1.0) : 0.0;
            const Vec2 c = a + d * t;
            best = std::min(best, std::hypot(p.x - c.x, p.y - c.y));
        }
    };
    if (runs && !runs->empty()) {
        for (const EdgeRun& run : *runs)
            if (!farther(run.minX, run.minY, run.maxX, run.maxY))
                edges(run.ring == 0 ? polygon.outer : polygon.holes[run.ring - 1], run.first, run.first + run.count);
        return best;
    }
    edges(polygon.outer, 0, polygon.outer.size());
    for (const Ring& h : polygon.holes) edges(h, 0, h.size());
    return best;
}

Where locate(Vec2 p, const Polygon& polygon) {
    const Where outer = locate(p, polygon.outer);
    if (outer != Where::Inside) return outer;
    for (const Ring& hole : polygon.holes) {
        const Where w = locate(p, hole);
        if (w == Where::Boundary) return Where::Boundary;
        if (w == Where::Inside) return Where::Outside;
    }
    return Where::Inside;
}

namespace {
// The squared distance from p to the segment a-b (rounded).
double squaredToSegment(Vec2 p, Vec2 a, Vec2 b) {
    const Vec2 ab = b - a, ap = p - a;
    const double len2 = ab.x * ab.x + ab.y * ab.y;
    const double t = len2 > 0 ? std::clamp((ap.x * ab.x + ap.y * ab.y) / len2, 0.0, 1.0) : 0.0;
    const Vec2 d = ap - ab * t;
    return d.x * d.x + d.y * d.y;
}
}  // namespace

double squaredDistanceToEdges(Vec2 p, const Ring& ring) {
    double best = std::numeric_limits<double>::infinity();
    for (size_t i = 0; i < ring.size(); ++i) best = std::min(best, squaredToSegment(p, ring[i], ring[(i + 1) % ring.size()]));
    return best;
}

Bounds boundsOf(std::span<const Vec2> points) {
    Bounds b{points.front(), points.front()};
    for (const Vec2& v : points) {
        b.lo = {std::min(b.lo.x, v.x), std::min(b.lo.y, v.y)};
        b.hi = {std::max(b.hi.x, v.x), std::max(b.hi.y, v.y)};
    }
    return b;
}

double signedArea(const Ring& ring) {
    double twice = 0;
    const size_t n = ring.size();
    for (size_t i = 0; i < n; ++i) {
        const Vec2 a = ring[i], b = ring[(i + 1) % n];
        twice += (a.x - ring[0].x) * (b.y - ring[0].y) - (b.x - ring[0].x) * (a.y - ring[0].y);
    }
    return twice / 2.0;
}

namespace {

// Whether the closed boxes of the two segments are apart (then so are the segments).
bool boxesApart(Vec2 p0, Vec2 p1, Vec2 q0, Vec2 q1) {
    return std::max(p0.x, p1.x) < std::min(q0.x, q1.x) || std::max(q0.x, q1.x) < std::min(p0.x, p1.x) ||
           std::max(p0.y, p1.y) < std::min(q0.y, q1.y) || std::max(q0.y, q1.y) < std::min(p0.y, p1.y);
}

}  // namespace

bool segmentsCrossProperly(Vec2 p0, Vec2 p1, Vec2 q0, Vec2 q1) {
    if (boxesApart(p0, p1, q0, q1)) return false;
    return exact::orient(p0, p1, q0) * exact::orient(p0, p1, q1) < 0 &&
           exact::orient(q0, q1, p0) * exact::orient(q0, q1, p1) < 0;
}

bool segmentsIntersect(Vec2 p0, Vec2 p1, Vec2 q0, Vec2 q1) {
    if (boxesApart(p0, p1, q0, q1)) return false;
    const int o1 = exact::orient(p0, p1, q0), o2 = exact::orient(p0, p1, q1);
    const int o3 = exact::orient(q0, q1, p0), o4 = exact::orient(q0, q1, p1);
    if (o1 * o2 < 0 && o3 * o4 < 0) return true;
    return (o1 == 0 && onCollinearSegment(p0, p1, q0)) || (o2 == 0 && onCollinearSegment(p0, p1, q1)) ||
           (o3 == 0 && onCollinearSegment(q0, q1, p0)) || (o4 == 0 && onCollinearSegment(q0, q1, p1));
}

Ring openRing(Ring ring) {
    if (ring.size() > 1 && ring.front() == ring.back()) ring.pop_back();
    return ring;
}

std::optional<std::string> ringProblem(const Ring& ring) {
    const size_t n = ring.size();
    if (n < 3) return "a ring needs at least 3 distinct points, found " + std::to_string(n);
    for (size_t i = 0; i < n; ++i)
        if (ring[i] == ring[(i + 1) % n])
            return "point " + std::to_string((i + 1) % n) + " repeats point " + std::to_string(i);
    bool flat = true;
    for (size_t i = 1; i + 1 < n && flat; ++i) flat = exact::orient(ring[0], ring[i], ring[i + 1]) == 0;
    if (flat) return "all points lie on one line (the ring encloses no area)";
    for (size_t i = 0; i < n; ++i) {
        const Vec2 a = ring[i], b = ring[(i + 1) % n];
        // The next edge turning straight back along this one.
        const Vec2 c = ring[(i + 2) % n];
        if (exact::orient(a, b, c) == 0 && exact::dotSign(a, b, b, c) < 0)
            return "edges " + std::to_string(i) + " and " + std::to_string((i + 1) % n) +
                   " fold back on each other";
        for (size_t j = i + 2; j < n; ++j) {
            if (i == 0 && j == n - 1) continue;  // adjacent through the closing point
            if (segmentsIntersect(a, b, ring[j], ring[(j + 1) % n]))
                return "the ring crosses itself: edges " + std::to_string(i) + " and " +
                       std::to_string(j) + " meet";
        }
    }
    return std::nullopt;
}

std::optional<std::string> holeProblem(const Ring& outer, const Ring& hole) {
    for (size_t i = 0; i < hole.size(); ++i)
        if (locate(hole[i], outer) == Where::Outside)
            return "point " + std::to_string(i) + " of the hole lies outside the outer ring";
    for (size_t i = 0; i < hole.size(); ++i)
        for (size_t j = 0; j < outer.size(); ++j)
            if (segmentsCrossProperly(hole[i], hole[(i + 1) % hole.size()], outer[j],
                                      outer[(j + 1) % outer.size()]))
                return "edge " + std::to_string(i) + " of the hole crosses the outer ring";
    return std::nullopt;
}

// Convex hull (positively oriented) of a point set, by the monotone chain.
Ring convexHullOf(std::vector<Vec2> pts) {
    std::sort(pts.begin(), pts.end(), [](Vec2 a, Vec2 b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
    pts.erase(std::unique(pts.begin(), pts.end()), pts.end());
    if (pts.size() < 3) return pts;
    Ring hull(2 * pts.size());
    size_t k = 0;
    for (size_t i = 0; i < pts.size(); ++i) {
        while (k >= 2 && exact::orient(hull[k - 2], hull[k - 1], pts[i]) <= 0) --k;
        hull[k++] = pts[i];
    }
    for (size_t i = pts.size() - 1, lower = k + 1; i > 0; --i) {
        while (k >= lower && exact::orient(hull[k - 2], hull[k - 1], pts[i - 1]) <= 0) --k;
        hull[k++] = pts[i - 1];
    }
    hull.resize(k - 1);
    return hull;
}

void orientForInteriorLeft(Polygon& polygon) {
    if (signedArea(polygon.outer) < 0) std::reverse(polygon.outer.begin(), polygon.outer.end());
    for (Ring& hole : polygon.holes)
        if (signedArea(hole) > 0) std::reverse(hole.begin(), hole.end());
}

Vec2 areaCentroid(const Ring& r) {
    double a = 0, cx = 0, cy = 0;
    for (size_t i = 0; i < r.size(); ++i) {
        const Vec2 p = r[i], q = r[(i + 1) % r.size()];
        const double cross = p.x * q.y - q.x * p.y;
        a += cross;
        cx += (p.x + q.x) * cross;
        cy += (p.y + q.y) * cross;
    }
    if (std::abs(a) < 1e-12) {
        Vec2 m;
        for (const Vec2& p : r) m = m + p * (1.0 / static_cast<double>(r.size()));
        return m;
    }
    return {cx / (3 * a), cy / (3 * a)};
}

std::vector<Ring> convexParts(const Polygon& polygon) {
    if (!polygon.holes.empty()) return {};
    Ring ring = openRing(polygon.outer);
    if (signedArea(ring) < 0) std::reverse(ring.begin(), ring.end());
    // The corners left to cut, as a cycle of indices into `ring`; a corner that does not
    // turn (a repeated point, or one on the line of its neighbours) goes without a triangle.
    std::vector<int> prev(ring.size()), next(ring.size());
    const int n = static_cast<int>(ring.size());
    for (int i = 0; i < n; ++i) {
        prev[static_cast<size_t>(i)] = (i + n - 1) % n;
        next[static_cast<size_t>(i)] = (i + 1) % n;
    }
    int left = n, at = 0;
    auto turn = [&](int i) { return exact::orient(ring[prev[i]], ring[i], ring[next[i]]); };
    auto drop = [&](int i) {
        next[prev[i]] = next[i];
        prev[next[i]] = prev[i];
        --left;
        return next[i];
    };
    std::vector<std::array<int, 3>> triangles;
    int tried = 0;  // corners looked at since the last cut
    while (left > 3 && tried <= left) {
        if (ring[at] == ring[next[at]] || turn(at) == 0) {
            at = drop(at);
            tried = 0;
            continue;
        }
        bool ear = turn(at) > 0;
        const Vec2 a = ring[prev[at]], b = ring[at], c = ring[next[at]];
        // No other corner in the closed triangle (a corner on its edge too: the cut would
        // leave a ring that touches itself); one outside the triangle's box is outside it.
        const double loX = std::min({a.x, b.x, c.x}), hiX = std::max({a.x, b.x, c.x});
        const double loY = std::min({a.y, b.y, c.y}), hiY = std::max({a.y, b.y, c.y});
        for (int j = next[next[at]]; ear && j != prev[at]; j = next[j]) {
            const Vec2 v = ring[j];
            if (v.x < loX || v.x > hiX || v.y < loY || v.y > hiY) continue;
            ear = !(exact::orient(a, b, v) >= 0 && exact::orient(b, c, v) >= 0 && exact::orient(c, a, v) >= 0);
        }
        if (!ear) {
            at = next[at];
            ++tried;
            continue;
        }
        triangles.push_back({prev[at], at, next[at]});
        at = drop(at);
        tried = 0;
    }
    if (left > 3) return {};  // (no ear: not a simple ring)
    if (left == 3 && turn(at) > 0) triangles.push_back({prev[at], at, next[at]});
    // Merged across shared edges while both corners at the ends of the edge stay convex.
    std::vector<std::vector<int>> parts;
    // A directed edge (a, b) -> the part that has it (looked up, never gone through in order).
    struct EdgeKey {
        size_t operator()(const std::pair<int, int>& e) const {
            return std::hash<uint64_t>{}(static_cast<uint64_t>(static_cast<uint32_t>(e.first)) << 32 | static_cast<uint32_t>(e.second));
        }
    };
    std::unordered_map<std::pair<int, int>, int, EdgeKey> edgeOf;
    edgeOf.reserve(3 * triangles.size());
    for (const auto& t : triangles) {
        for (int k = 0; k < 3; ++k) edgeOf[{t[k], t[(k + 1) % 3]}] = static_cast<int>(parts.size());
        parts.push_back({t[0], t[1], t[2]});
    }
    // (After a merge, the parts before the first one that borders the merged part, or before
    // it, are looked at no more: none of them could merge before, and none has a new
    // neighbour. The same merges, in the same order, as going round from the first part.)
    int from = 0;
    for (bool merged = true; merged;) {
        merged = false;
        for (int p = from; p < static_cast<int>(parts.size()) && !merged; ++p) {
            std::vector<int>& part = parts[static_cast<size_t>(p)];
            for (size_t k = 0; k < part.size() && !merged; ++k) {
                const int i = part[k], j = part[(k + 1) % part.size()];
                const auto other = edgeOf.find({j, i});
                if (other == edgeOf.end() || other->second == p) continue;
                const std::vector<int>& q = parts[static_cast<size_t>(other->second)];
                // The merged ring: this part from j round to i, then the other from i round to j.
                std::vector<int> ring2;
                for (size_t m = 0; m < part.size(); ++m) ring2.push_back(part[(k + 1 + m) % part.size()]);
                const size_t qi = static_cast<size_t>(std::find(q.begin(), q.end(), i) - q.begin());
                for (size_t m = 1; m + 1 < q.size(); ++m) ring2.push_back(q[(qi + m) % q.size()]);
                bool convex = true;
                for (size_t m = 0; m < ring2.size() && convex; ++m)
                    convex = exact::orient(ring[ring2[(m + ring2.size() - 1) % ring2.size()]], ring[ring2[m]],
                                           ring[ring2[(m + 1) % ring2.size()]]) >= 0;
                if (!convex) continue;
                const int gone = other->second;
                for (size_t m = 0; m < q.size(); ++m) edgeOf.erase({q[m], q[(m + 1) % q.size()]});
                edgeOf.erase({i, j});
                parts[static_cast<size_t>(gone)].clear();
                part = std::move(ring2);
                for (size_t m = 0; m < part.size(); ++m) edgeOf[{part[m], part[(m + 1) % part.size()]}] = p;
                merged = true;
                from = p;
                for (size_t m = 0; m < part.size(); ++m)
                    if (const auto beside = edgeOf.find({part[(m + 1) % part.size()], part[m]}); beside != edgeOf.end())
                        from = std::min(from, beside->second);
            }
        }
    }
    std::vector<Ring> out;
    for (const std::vector<int>& part : parts) {
        if (part.empty()) continue;
        Ring r;
        for (int i : part) r.push_back(ring[static_cast<size_t>(i)]);
        out.push_back(std::move(r));
    }
    return out;
}

namespace {

// innerRing and outerRing: the corners that turn `turn` (+1 convex, -1 reflex) cut off while
// the triangle cut is smaller than `maxCut` and holds no other corner (so that the new edge
// crosses none: an edge crossing it would have an end inside); each triangle cut added to
// `removed` where given.
Ring cutCorners(const Ring& ring, double maxCut, int turnCut, std::vector<Ring>* removed) {
    Ring r = openRing(ring);
    if (signedArea(r) < 0) std::reverse(r.begin(), r.end());
    const size_t n = r.size();
    if (n <= 3) return r;
    // The corners left, linked in ring order: passes go round from the first, a cut unlinks
    // one (what erasing it from the ring and going on from the next would do).
    std::vector<size_t> next(n), prev(n);
    for (size_t i = 0; i < n; ++i) {
        next[i] = (i + 1) % n;
        prev[i] = (i + n - 1) % n;
    }
    std::vector<char> gone(n, 0);
    size_t left = n, first = 0;
    // The corners by cell of a grid over the ring's box (about one a cell): a triangle's
    // corners are looked for in the cells its box meets, not all round the ring.
    const Bounds box = boundsOf(r);
    const int cols = std::max(1, static_cast<int>(std::sqrt(static_cast<double>(n))));
    const double cellW = std::max((box.hi.x - box.lo.x) / cols, 1e-300), cellH = std::max((box.hi.y - box.lo.y) / cols, 1e-300);
    auto col = [&](double x) { return std::clamp(static_cast<int>((x - box.lo.x) / cellW), 0, cols - 1); };
    auto row = [&](double y) { return std::clamp(static_cast<int>((y - box.lo.y) / cellH), 0, cols - 1); };
    std::vector<size_t> start(static_cast<size_t>(cols * cols) + 1, 0), inCell(n);
    for (const Vec2& v : r) ++start[static_cast<size_t>(row(v.y) * cols + col(v.x)) + 1];
    for (size_t k = 1; k < start.size(); ++k) start[k] += start[k - 1];
    {
        std::vector<size_t> fill(start.begin(), start.end() - 1);
        for (size_t j = 0; j < n; ++j) inCell[fill[static_cast<size_t>(row(r[j].y) * cols + col(r[j].x))]++] = j;
    }
    for (bool cut = true; cut && left > 3;) {
        cut = false;
        for (size_t i = first; left > 3;) {
            const size_t ip = prev[i], in = next[i];
            const Vec2 a = r[ip], b = r[i], c = r[in];
            const int turn = exact::orient(a, b, c);
            bool drop = turn == 0 && b != a && b != c && exact::dotSign(a, b, b, c) > 0;  // (on the line: nothing lost)
            if (turn == turnCut && std::abs((b - a).x * (c - a).y - (b - a).y * (c - a).x) / 2 < maxCut) {
                drop = true;
                // (A corner outside the triangle's box is outside it.)
                const double loX = std::min({a.x, b.x, c.x}), hiX = std::max({a.x, b.x, c.x});
                const double loY = std::min({a.y, b.y, c.y}), hiY = std::max({a.y, b.y, c.y});
                for (int y = row(loY); y <= row(hiY) && drop; ++y)
                    for (int x = col(loX); x <= col(hiX) && drop; ++x) {
                        const size_t cell = static_cast<size_t>(y * cols + x);
                        for (size_t k = start[cell]; k < start[cell + 1] && drop; ++k) {
                            const size_t j = inCell[k];
                            if (gone[j] || j == i || j == ip || j == in) continue;
                            const Vec2 v = r[j];
                            if (v.x < loX || v.x > hiX || v.y < loY || v.y > hiY) continue;
                            drop = !(exact::orient(a, b, v) * turn >= 0 && exact::orient(b, c, v) * turn >= 0 &&
                                     exact::orient(c, a, v) * turn >= 0);
                        }
                    }
            }
            const bool last = in <= i;  // (the pass ends after the last corner in ring order)
            if (drop) {
                if (removed && turn == turnCut) removed->push_back({a, b, c});
                next[ip] = in;
                prev[in] = ip;
                gone[i] = 1;
                --left;
                if (i == first) first = in;
                cut = true;
            }
            if (last) break;
            i = in;
        }
    }
    Ring out;
    out.reserve(left);
    for (size_t j = 0; j < n; ++j)
        if (!gone[j]) out.push_back(r[j]);
    return out;
}

}  // namespace

Ring innerRing(const Ring& ring, double maxCut, std::vector<Ring>* cut) { return cutCorners(ring, maxCut, +1, cut); }

Ring outerRing(const Ring& ring, double maxFill) { return cutCorners(ring, maxFill, -1, nullptr); }

std::vector<Ring> coveringParts(const Ring& ring, double maxFill) {
    std::vector<Ring> parts = convexParts(Polygon{outerRing(ring, maxFill), {}});
    if (parts.empty()) parts.push_back(convexHullOf(ring));
    return parts;
}

std::optional<Ring> thickLine(const std::vector<Vec2>& pts, double thickness, std::string* problem) {
    auto fail = [&](const std::string& why) -> std::optional<Ring> {
        if (problem) *problem = why;
        return std::nullopt;
    };
    if (!(thickness > 0) || !std::isfinite(thickness)) return fail("the thickness must be greater than 0");
    if (pts.size() < 2) return fail("a wall needs at least 2 points, found " + std::to_string(pts.size()));
    for (size_t i = 0; i + 1 < pts.size(); ++i)
        if (pts[i] == pts[i + 1]) return fail("points " + std::to_string(i) + " and " + std::to_string(i + 1) + " are the same");
    const double h = thickness / 2;
    auto normal = [&](size_t i) {  // the left normal of segment i, unit
        const Vec2 d = pts[i + 1] - pts[i];
        const double len = std::hypot(d.x, d.y);
        return Vec2{-d.y / len, d.x / len};
    };
    Ring left, right;
    left.push_back(pts.front() + normal(0) * h);
    right.push_back(pts.front() - normal(0) * h);
    for (size_t i = 1; i + 1 < pts.size(); ++i) {
        const Vec2 n0 = normal(i - 1), n1 = normal(i);
        const double dot = n0.x * n1.x + n0.y * n1.y;
        if (dot < -1 + 1e-9) return fail("it turns back on itself at point " + std::to_string(i));
        // The mitre: along the bisector of the two normals, h / cos(half the turn) out.
        const Vec2 b{n0.x + n1.x, n0.y + n1.y};
        const double blen = std::hypot(b.x, b.y);
        const Vec2 bis = b * (1 / blen);
        const double cosHalf = bis.x * n0.x + bis.y * n0.y;
        if (cosHalf > 0.25) {  // (a corner of at least about 29 degrees: mitred)
            left.push_back(pts[i] + bis * (h / cosHalf));
            right.push_back(pts[i] - bis * (h / cosHalf));
        } else {  // sharper: the outer side cut square, the inner side mitred
            const double cross = n0.x * n1.y - n0.y * n1.x;  // > 0: turning left
            Ring& outer = cross > 0 ? right : left;
            Ring& inner = cross > 0 ? left : right;
            const double s = cross > 0 ? -1 : 1;
            outer.push_back(pts[i] + n0 * (s * h));
            outer.push_back(pts[i] + n1 * (s * h));
            inner.push_back(pts[i] - bis * (s * h / cosHalf));
        }
    }
    const size_t last = pts.size() - 2;
    left.push_back(pts.back() + normal(last) * h);
    right.push_back(pts.back() - normal(last) * h);
    Ring ring = left;
    ring.insert(ring.end(), right.rbegin(), right.rend());
    if (signedArea(ring) < 0) std::reverse(ring.begin(), ring.end());
    if (auto why = ringProblem(ring)) return fail("its outline is not a simple ring (" + *why + "): draw it as pieces that do not cross");
    return ring;
}

std::vector<std::pair<double, double>> stretchesInside(const Polygon& polygon, Vec2 a, Vec2 b) {
    std::vector<double> cuts{0, 1};
    const Vec2 d = b - a;
    auto crossings = [&](const Ring& ring) {
        for (size_t i = 0; i < ring.size(); ++i) {
            const Vec2 c = ring[i], e = ring[(i + 1) % ring.size()] - c;
            const double den = d.x * e.y - d.y * e.x;
            if (den == 0) continue;  // parallel: its ends are crossings of the neighbouring edges
            const Vec2 ac = c - a;
            const double t = (ac.x * e.y - ac.y * e.x) / den, u = (ac.x * d.y - ac.y * d.x) / den;
            if (t > 0 && t < 1 && u >= 0 && u <= 1) cuts.push_back(t);
        }
    };
    crossings(polygon.outer);
    for (const Ring& h : polygon.holes) crossings(h);
    std::sort(cuts.begin(), cuts.end());
    std::vector<std::pair<double, double>> out;
    for (size_t k = 0; k + 1 < cuts.size(); ++k) {
        const double lo = cuts[k], hi = cuts[k + 1];
        if (!(hi > lo)) continue;
        if (locate(a + d * ((lo + hi) / 2), polygon) != Where::Inside) continue;
        if (!out.empty() && out.back().second == lo) out.back().second = hi;
        else out.emplace_back(lo, hi);
    }
    return out;
}

std::optional<Ring> erodedRing(const Ring& given, double depth) {
    Ring ring = openRing(given);
    ring.erase(std::unique(ring.begin(), ring.end()), ring.end());
    while (ring.size() > 1 && ring.front() == ring.back()) ring.pop_back();
    if (ring.size() < 3 || !(depth > 0) || ringProblem(ring)) return std::nullopt;
    if (signedArea(ring) < 0) std::reverse(ring.begin(), ring.end());
    const size_t n = ring.size();
    std::vector<Vec2> inward(n);  // (side k's, from corner k to k + 1: the inside is on its left)
    for (size_t k = 0; k < n; ++k) {
        const Vec2 d = ring[(k + 1) % n] - ring[k];
        const double len = std::hypot(d.x, d.y);
        inward[k] = {-d.y / len, d.x / len};
    }
    // Each side moved in by depth; at a convex corner the two moved sides meet; a reflex
    // corner is rounded by the disc of depth about it, and the ring goes round that disc on
    // lines tangent to it (steps of at most 45 degrees), outside it.
    Ring out;
    for (size_t k = 0; k < n; ++k) {
        const Vec2 v = ring[k], n1 = inward[(k + n - 1) % n], n2 = inward[k];
        const double turn = n1.x * n2.y - n1.y * n2.x, along = n1.x * n2.x + n1.y * n2.y;
        if (turn >= 0) {
            if (!(1 + along > 1e-9)) return std::nullopt;  // (a spike: it goes back along itself)
            out.push_back(v + (n1 + n2) * (depth / (1 + along)));
            continue;
        }
        const double angle = std::atan2(turn, along);  // (negative: the normals turn clockwise)
        const int steps = static_cast<int>(std::ceil(-angle / (std::numbers::pi / 4) - 1e-12));
        const double step = angle / steps, reach = depth / std::cos(step / 2);
        out.push_back(v + n1 * depth);
        for (int j = 0; j < steps; ++j) {
            const double a = (j + 0.5) * step;
            out.push_back(v + Vec2{n1.x * std::cos(a) - n1.y * std::sin(a), n1.x * std::sin(a) + n1.y * std::cos(a)} * reach);
        }
        out.push_back(v + n2 * depth);
    }
    // Checked, not trusted: a simple ring, turning the same way, one corner inside the ring
    // given, and every side of it at least `depth` (less a millionth) from every side of the
    // ring given. Then every point it bounds is that far from the ring's outside: a segment
    // from such a point to a nearer point of the outline would cross its own outline nearer.
    if (ringProblem(out) || !(signedArea(out) > 0) || locate(out[0], ring) != Where::Inside) return std::nullopt;
    const double least = depth * (1 - 1e-6), least2 = least * least;
    for (size_t i = 0; i < out.size(); ++i) {
        const Vec2 a = out[i], b = out[(i + 1) % out.size()];
        const Bounds box{{std::min(a.x, b.x) - least, std::min(a.y, b.y) - least}, {std::max(a.x, b.x) + least, std::max(a.y, b.y) + least}};
        for (size_t k = 0; k < n; ++k) {
            const Vec2 c = ring[k], d = ring[(k + 1) % n];
            if (std::max(c.x, d.x) < box.lo.x || std::min(c.x, d.x) > box.hi.x || std::max(c.y, d.y) < box.lo.y ||
                std::min(c.y, d.y) > box.hi.y)
                continue;
            if (segmentsIntersect(a, b, c, d)) return std::nullopt;
            const double near2 = std::min({squaredToSegment(a, c, d), squaredToSegment(b, c, d), squaredToSegment(c, a, b),
                                           squaredToSegment(d, a, b)});
            if (!(near2 >= least2)) return std::nullopt;
        }
    }
    return out;
}

}  // namespace sl
