// The scene: blockers from the terrain and the bases, their R-trees, and the exact test of
// one sight line (or band) against them, seams between touching footprints included.
#include "los/scene.h"

#include "kernel/base.h"
#include "kernel/exact.h"
#include "kernel/polygon.h"
#include "kernel/solids.h"

#include <boost/geometry.hpp>
#include <boost/geometry/geometries/box.hpp>
#include <boost/geometry/geometries/point.hpp>
#include <boost/geometry/geometries/segment.hpp>
#include <boost/geometry/index/rtree.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>
#include <numbers>
#include <optional>
#include <set>
#include <stdexcept>

namespace sl {
namespace bg = boost::geometry;
namespace bgi = boost::geometry::index;

namespace {

using BPoint = bg::model::point<double, 2, bg::cs::cartesian>;
using BBox = bg::model::box<BPoint>;
using Entry = std::pair<BBox, uint32_t>;
// Six entries a node: measured best for segment queries (the 50x50 matrix: 84 ms, against
// 97 ms with 16 and 104 ms with linear<32>).
using Tree = bgi::rtree<Entry, bgi::quadratic<6>>;

struct EdgeRef {
    Vec2 c;
    Vec2 d;
};

BBox boxOf(Vec2 a, Vec2 b, double margin = 0) {
    return BBox(BPoint(std::min(a.x, b.x) - margin, std::min(a.y, b.y) - margin),
                BPoint(std::max(a.x, b.x) + margin, std::max(a.y, b.y) + margin));
}

template <class F>
void forEachEdge(const Polygon& polygon, F f) {
    auto ring = [&](const Ring& r) {
        for (size_t i = 0; i < r.size(); ++i) f(EdgeRef{r[i], r[(i + 1) % r.size()]});
    };
    ring(polygon.outer);
    for (const Ring& hole : polygon.holes) ring(hole);
}

// A ray leaving a boundary point along an edge: towards the edge's end (outgoing) or back
// towards its start (incoming). The interior lies to the left of every edge.
struct Ray {
    Vec2 from;
    Vec2 to;
    bool incoming;
};

// Whether the direction `to - from`, taken from a boundary point where `rays` leave,
// points into the open interior. Turn counter-clockwise (in the algebraic sense) from the
// direction until a ray is met: if it runs along an outgoing edge, the direction lies just
// to the right of that edge (outside); if it runs back along an incoming edge, just to the
// left of that edge's travel (inside). A direction along a ray runs on the boundary.
bool pointsInside(const std::vector<Ray>& rays, Vec2 from, Vec2 to) {
    const Ray* first = nullptr;
    int firstHalf = 0;
    for (const Ray& r : rays) {
        const int cs = exact::crossSign(from, to, r.from, r.to);
        if (cs == 0 && exact::dotSign(from, to, r.from, r.to) > 0) return false;
        const int half = cs > 0 ? 0 : 1;
        if (!first || half < firstHalf ||
            (half == firstHalf && exact::crossSign(r.from, r.to, first->from, first->to) > 0)) {
            first = &r;
            firstHalf = half;
        }
    }
    return first && first->incoming;
}

bool inBox(Vec2 v, const BBox& box) {
    return box.min_corner().get<0>() <= v.x && v.x <= box.max_corner().get<0>() &&
           box.min_corner().get<1>() <= v.y && v.y <= box.max_corner().get<1>();
}

// The exact zero-width test. Each maximal stretch of the segment inside the polygon's
// open interior begins and ends at a boundary contact or at an end of the segment; the
// line is lowest at one end of it (the start when the line rises or is level, the end
// when it falls), and the stretch holds a point below `top` exactly when that lowest end
// is below `top`. So every contact is classified by which side of it lies inside, and
// the height there compared with `top`, all with exact signs: no contact is ordered or
// constructed.
//
// A solid with a bottom (a floor slab, a walkway: it blocks the line only where it runs
// strictly between `bottom` and `top`; `bottom` <= 0 is the table) is tested on the line
// turned to rise: the part of a stretch above the bottom begins at the stretch's start,
// when that is at or above the bottom, or at the point P where the line reaches the
// bottom, when P lies inside. So a start counts when its height is in [bottom, top), and P
// is located exactly (kernel/exact.h).
bool edgesBlockLine(const Polygon& polygon, const BBox& box, double bottom, double top, const SightLine& line,
                    const std::vector<EdgeRef>& edges) {
    const bool floored = bottom > 0;
    SightLine L = line;
    if (floored) {
        if (L.h0 > L.h1) L = {line.b, line.a, line.h1, line.h0};  // (rising: the same points)
        if (L.h1 <= bottom || L.h0 >= top) return false;
    }
    const Vec2 a = L.a, b = L.b;
    if (L.h0 >= top && L.h1 >= top) return false;
    if (a == b) return locate(a, polygon) == Where::Inside;
    const bool checkStarts = L.h1 >= L.h0;  // a stretch is lowest where it begins
    const bool checkEnds = L.h1 <= L.h0;    // ... where it ends
    // (With a bottom, a start below it counts only through P.)
    auto aboveBottom = [&](int signAtBottom) { return !floored || signAtBottom >= 0; };
    // (P on the boundary is a contact of the line, a crossing or a corner at the bottom's
    // height, which the starts below take.)
    if (floored && L.h0 < bottom && exact::locateAtHeight(a, b, L.h0, L.h1, bottom, polygon) == exact::AtHeight::Inside) return true;

    // The contacts first: the corners on the segment and its ends on the boundary; the
    // edges whose inside the segment crosses (and which side of them each end lies) kept.
    std::vector<Vec2> contacts;
    thread_local std::vector<std::pair<const EdgeRef*, bool>> crossings;  // the edge, whether b is on its inner side
    crossings.clear();
    for (const EdgeRef& e : edges) {
        const int oa = exact::orient(e.c, e.d, a), ob = exact::orient(e.c, e.d, b);
        const int oc = exact::orient(a, b, e.c), od = exact::orient(a, b, e.d);
        if (oa * ob < 0 && oc * od < 0) {
            // (A ring alone, simple as read, has no corner on another edge's inside: its
            // crossings are decided at once. Only a hole can touch its ring at a point.)
            if (polygon.holes.empty()) {
                const bool insideAfter = ob > 0, insideBefore = oa > 0;
                if (((checkStarts && insideAfter) || (checkEnds && insideBefore)) &&
                    exact::heightAtCrossingSign(a, b, L.h0, L.h1, e.c, e.d, top) < 0 &&
                    aboveBottom(floored ? exact::heightAtCrossingSign(a, b, L.h0, L.h1, e.c, e.d, bottom) : 0))
                    return true;
            } else {
                crossings.emplace_back(&e, ob > 0);
            }
            continue;
        }
        if (oc == 0 && onCollinearSegment(a, b, e.c)) contacts.push_back(e.c);
        if (od == 0 && onCollinearSegment(a, b, e.d)) contacts.push_back(e.d);
        if (oa == 0 && onCollinearSegment(e.c, e.d, a)) contacts.push_back(a);
        if (ob == 0 && onCollinearSegment(e.c, e.d, b)) contacts.push_back(b);
    }
    // Then the proper crossings of an edge's inside. One that falls on a corner of another
    // edge (a hole touching its ring there, or rings meeting at a point) does not say on
    // its own which side is inside: it is left to that contact, whose rays see every edge
    // through the point.
    for (const auto& [edge, insideAfter] : crossings) {
        const EdgeRef& e = *edge;
        if (std::any_of(contacts.begin(), contacts.end(),
                        [&](Vec2 v) { return exact::orient(e.c, e.d, v) == 0 && onCollinearSegment(e.c, e.d, v); }))
            continue;
        const bool insideBefore = !insideAfter;
        if (((checkStarts && insideAfter) || (checkEnds && insideBefore)) &&
            exact::heightAtCrossingSign(a, b, L.h0, L.h1, e.c, e.d, top) < 0 &&
            aboveBottom(floored ? exact::heightAtCrossingSign(a, b, L.h0, L.h1, e.c, e.d, bottom) : 0))
            return true;
    }
    std::sort(contacts.begin(), contacts.end(),
              [](Vec2 p, Vec2 q) { return p.x < q.x || (p.x == q.x && p.y < q.y); });
    contacts.erase(std::unique(contacts.begin(), contacts.end()), contacts.end());

    bool aOnBoundary = false, bOnBoundary = false;
    std::vector<Ray> rays;
    for (const Vec2 v : contacts) {
        aOnBoundary |= v == a;
        bOnBoundary |= v == b;
        rays.clear();
        for (const EdgeRef& e : edges) {
            if (exact::orient(e.c, e.d, v) != 0 || !onCollinearSegment(e.c, e.d, v)) continue;
            if (v != e.d) rays.push_back({e.c, e.d, false});
            if (v != e.c) rays.push_back({e.d, e.c, true});
        }
        const bool after = v != b && pointsInside(rays, a, b);
        const bool before = v != a && pointsInside(rays, b, a);
        if (!((checkStarts && after) || (checkEnds && before))) continue;
        const int s = v == a   ? (L.h0 < top ? -1 : 1)
                      : v == b ? (L.h1 < top ? -1 : 1)
                               : exact::heightAtPointSign(a, b, L.h0, L.h1, v, top);
        if (s >= 0) continue;
        if (floored) {
            const int sb = v == a   ? (L.h0 < bottom ? -1 : L.h0 > bottom)
                           : v == b ? (L.h1 < bottom ? -1 : L.h1 > bottom)
                                    : exact::heightAtPointSign(a, b, L.h0, L.h1, v, bottom);
            if (!aboveBottom(sb)) continue;
        }
        return true;
    }
    if (checkStarts && !aOnBoundary && L.h0 < top && L.h0 >= (floored ? bottom : -HUGE_VAL) && inBox(a, box) &&
        locate(a, polygon) == Where::Inside)
        return true;
    if (checkEnds && !bOnBoundary && L.h1 < top && inBox(b, box) &&
        locate(b, polygon) == Where::Inside)
        return true;
    return false;
}

// The part of `ring` inside the convex polygon `clip` (Sutherland-Hodgman: exact in area
// for any simple ring against a convex window), as a ring whose signed area is that of
// the intersection; into `out`, with `spare` for the passes between (both reused by the
// caller, as this runs for every band near a piece).
// A pass whose side holds the whole of what is left leaves it as it is, point for point: one
// whose side holds the box of what is left, by a margin far above the rounding of `side`
// at any point of the box, is skipped (against a base's outline of some ninety sides, most
// passes once the first few have cut the ring down to the part near the base).
void clipToConvexInto(const Ring& ring, const Ring& clip, Ring& out, Ring& spare) {
    out = ring;
    if (out.empty()) return;
    Bounds box = boundsOf(out);
    for (size_t i = 0; i < clip.size() && !out.empty(); ++i) {
        const Vec2 a = clip[i], b = clip[(i + 1) % clip.size()];
        auto side = [&](Vec2 p) { return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x); };
        const double scale = (std::abs(b.x - a.x) + std::abs(b.y - a.y)) *
                             (1 + std::max({std::abs(a.x), std::abs(a.y), std::abs(box.lo.x), std::abs(box.lo.y),
                                            std::abs(box.hi.x), std::abs(box.hi.y)}));
        const double least = std::min({side(box.lo), side(box.hi), side({box.lo.x, box.hi.y}), side({box.hi.x, box.lo.y})});
        if (least > 1e-9 * scale) continue;
        std::swap(out, spare);
        out.clear();
        for (size_t j = 0; j < spare.size(); ++j) {
            const Vec2 p = spare[j], q = spare[(j + 1) % spare.size()];
            const double sp = side(p), sq = side(q);
            if (sp >= 0) out.push_back(p);
            if ((sp >= 0) != (sq >= 0)) out.push_back(p + (q - p) * (sp / (sp - sq)));
        }
        if (!out.empty()) box = boundsOf(out);
    }
}

Ring clipToConvex(const Ring& ring, const Ring& clip) {
    Ring out, spare;
    clipToConvexInto(ring, clip, out, spare);
    return out;
}

// The band of a line of width 2 * halfWidth (flat ends): the part of it where the line
// runs below `top` is a rectangle; it is blocked when that rectangle and the polygon
// overlap with positive area. Touching (an edge along the band's side, a corner on it)
// has none. The rectangle's corners and the clipped area are computed in doubles: an
// overlap thinner than about 1e-12 square inch counts as touching.
// The part of the band below `top`: the rectangle's corners p - n, q - n, q + n, p + n
// (p and q on the line, n across it, half the width long). Nothing when the line is above
// the top all along; n is zero for a line of no length.
struct BandBelow {
    Vec2 p, q, n;
};
// With a bottom above the table, the part between the bottom and the top.
std::optional<BandBelow> bandBelow(double bottom, double top, const SightLine& L, double halfWidth) {
    if (L.h0 >= top && L.h1 >= top) return std::nullopt;
    double t0 = 0, t1 = 1;
    if (L.h1 > L.h0) t1 = std::min(1.0, (top - L.h0) / (L.h1 - L.h0));
    if (L.h1 < L.h0) t0 = std::max(0.0, (top - L.h0) / (L.h1 - L.h0));
    if (bottom > 0) {
        if (L.h0 <= bottom && L.h1 <= bottom) return std::nullopt;
        if (L.h1 > L.h0) t0 = std::max(t0, (bottom - L.h0) / (L.h1 - L.h0));
        if (L.h1 < L.h0) t1 = std::min(t1, (bottom - L.h0) / (L.h1 - L.h0));
        if (!(t0 < t1)) return std::nullopt;
    }
    const Vec2 u = L.b - L.a;
    const double len = std::hypot(u.x, u.y);
    const Vec2 n = len == 0 ? Vec2{} : Vec2{-u.y / len * halfWidth, u.x / len * halfWidth};
    return BandBelow{L.a + u * t0, L.a + u * t1, n};
}

// Which of the band rectangle's four sides each vertex of a ring lies beyond (by more than
// a margin, in the band's frame: bit 0 before its start, 1 past its end, 2 and 3 beyond
// either long side), and how far along the band it lies. An edge whose two ends share a
// bit lies wholly beyond that side.
struct BandFrame {
    std::vector<uint8_t> masks;
    std::vector<double> along;
};
uint8_t bandMask(Vec2 v, Vec2 p, Vec2 along, Vec2 across, double len, double hw, double& s) {
    constexpr double m = 1e-9;
    const Vec2 a = v - p;
    s = a.x * along.x + a.y * along.y;
    const double t = a.x * across.x + a.y * across.y;
    return static_cast<uint8_t>((s < -m) | (s > len + m) << 1 | (t < -hw - m) << 2 | (t > hw + m) << 3);
}
void placeInBand(const Ring& r, Vec2 p, Vec2 along, Vec2 across, double len, double hw, BandFrame& f) {
    f.masks.resize(r.size());
    f.along.resize(r.size());
    for (size_t i = 0; i < r.size(); ++i) f.masks[i] = bandMask(r[i], p, along, across, len, hw, f.along[i]);
}

// The ring with every vertex dropped whose two neighbours (the last one kept, and the next)
// lie beyond a side it lies beyond as well: the triangle it cuts off is wholly beyond that
// side, so within the band the ring winds as before, and its part inside the band, the
// area clipToConvex gives, is the same. Pieces hundreds of points long (rounded areas)
// shrink to the few points near the band.
void reduceToBand(const Ring& r, const std::vector<uint8_t>& masks, Ring& out) {
    out.clear();
    const size_t n = r.size();
    if (n < 4) {
        out = r;
        return;
    }
    out.push_back(r[0]);
    uint8_t kept = masks[0];
    for (size_t i = 1; i < n; ++i) {
        const uint8_t next = masks[(i + 1) % n];
        if (kept & masks[i] & next) continue;
        out.push_back(r[i]);
        kept = masks[i];
    }
}

bool bandBlocked(const Polygon& polygon, double bottom, double top, const SightLine& L, double halfWidth,
                 const std::vector<Blocker::EdgeRun>& runs) {
    const auto below = bandBelow(bottom, top, L, halfWidth);
    if (!below) return false;
    if (L.a == L.b) return locate(L.a, polygon) == Where::Inside;
    const auto [p, q, n] = *below;
    Ring band{p - n, q - n, q + n, p + n};
    if (signedArea(band) < 0) std::reverse(band.begin(), band.end());
    const Vec2 d = q - p;
    const double len = std::hypot(d.x, d.y), hw = std::hypot(n.x, n.y);
    if (len <= 1e-6 || hw <= 0) return overlapArea(polygon, band) > 1e-12;
    // Most pieces a band is tested against lie beside it: when every edge is clear of the
    // band's rectangle (both its ends beyond one side) it is either wholly inside the piece
    // or wholly outside, and one point tells which. Otherwise the area they share, of the
    // rings reduced to what lies near the band.
    const Vec2 along{d.x / len, d.y / len}, across{n.x / hw, n.y / hw};
    thread_local std::vector<BandFrame> frames;
    frames.resize(1 + polygon.holes.size());
    bool clear = true;
    bool inside = false;  // of the band's middle, when clear: edges crossing the ray across it
    size_t placed = 0;
    thread_local Ring near, clipped, spare;
    if (!runs.empty()) {
        // A polygon of many edges, a run of them at a time: a run whose box lies beyond one
        // side of the band has every vertex beyond it, so every edge clear of the band; it
        // crosses the middle's ray as often as its two ends lie on either side of the middle
        // (beyond the long side the ray runs to), an odd number of times when they do.
        // Only the runs near the band are looked at edge by edge, as below.
        thread_local std::vector<uint8_t> beyond;  // each run's: the sides its box lies beyond
        beyond.assign(runs.size(), 0);
        for (size_t k = 0; k < runs.size(); ++k) {
            const Blocker::EdgeRun& run = runs[k];
            const Ring& r = run.ring == 0 ? polygon.outer : polygon.holes[run.ring - 1];
            double s = 0;
            uint8_t box = 0xF;
            for (const Vec2 c : {Vec2{run.minX, run.minY}, Vec2{run.maxX, run.minY}, Vec2{run.maxX, run.maxY}, Vec2{run.minX, run.maxY}})
                box &= bandMask(c, p, along, across, len, hw, s);
            beyond[k] = box;
            if (!clear) continue;  // (the boxes only, for the area below)
            double s0 = 0, s1 = 0;
            uint8_t m0 = bandMask(r[run.first], p, along, across, len, hw, s0);
            if (box) {
                if (box & 8) {
                    bandMask(r[(run.first + run.count) % r.size()], p, along, across, len, hw, s1);
                    if ((s0 <= len / 2) != (s1 <= len / 2)) inside = !inside;
                }
                continue;
            }
            for (uint32_t i = run.first; i < run.first + run.count; ++i) {
                const uint8_t m1 = bandMask(r[(i + 1) % r.size()], p, along, across, len, hw, s1);
                const uint8_t shared = m0 & m1;
                if (!shared) {
                    clear = false;
                    break;
                }
                if ((s0 <= len / 2) != (s1 <= len / 2) && (shared & 8)) inside = !inside;
                m0 = m1;
                s0 = s1;
            }
        }
        if (clear) return inside;
        // The area in common, of each ring with every run that lies beyond a side cut to its
        // first vertex: the run's edges replaced by the segment from its first vertex to the
        // next run's, which changes the ring only within the run's hull, beyond that side,
        // where no point of the band lies. Then reduced and clipped as below.
        thread_local Ring chain;
        thread_local BandFrame frame;
        double area = 0;
        for (size_t k = 0; k < runs.size();) {
            const uint32_t ring = runs[k].ring;
            const Ring& r = ring == 0 ? polygon.outer : polygon.holes[ring - 1];
            chain.clear();
            for (; k < runs.size() && runs[k].ring == ring; ++k) {
                if (beyond[k]) chain.push_back(r[runs[k].first]);
                else
                    chain.insert(chain.end(), r.begin() + runs[k].first, r.begin() + runs[k].first + runs[k].count);
            }
            placeInBand(chain, p, along, across, len, hw, frame);
            reduceToBand(chain, frame.masks, near);
            clipToConvexInto(near, band, clipped, spare);
            area += signedArea(clipped);
        }
        return area > 1e-12;
    }
    for (; placed < frames.size() && clear; ++placed) {
        const Ring& r = placed == 0 ? polygon.outer : polygon.holes[placed - 1];
        BandFrame& f = frames[placed];
        placeInBand(r, p, along, across, len, hw, f);
        for (size_t i = 0; i < r.size() && clear; ++i) {
            const size_t j = (i + 1) % r.size();
            const uint8_t shared = f.masks[i] & f.masks[j];
            clear = shared != 0;
            // An edge clear of the band that spans its middle lies beyond one long side.
            if ((f.along[i] <= len / 2) != (f.along[j] <= len / 2) && (shared & 8)) inside = !inside;
        }
    }
    if (clear) return inside;
    double area = 0;
    for (size_t k = 0; k < frames.size(); ++k) {
        const Ring& r = k == 0 ? polygon.outer : polygon.holes[k - 1];
        if (k >= placed) placeInBand(r, p, along, across, len, hw, frames[k]);
        reduceToBand(r, frames[k].masks, near);
        clipToConvexInto(near, band, clipped, spare);
        area += signedArea(clipped);
    }
    return area > 1e-12;
}

// The band against a round base's true curve: in the curve's own frame, scaled to the unit
// circle, the band's rectangle (below the top) is a parallelogram; they overlap with
// positive area when it comes nearer than 1 to the centre. Floating point, as every band
// test: a band touching the curve within about 1e-12" counts as touching.
bool bandInEllipse(const exact::Ellipse& e, double top, const SightLine& L, double halfWidth) {
    const auto below = bandBelow(0, top, L, halfWidth);
    if (!below) return false;
    const double a = e.lengthMm / 50.8, b = e.widthMm / 50.8;
    auto local = [&](Vec2 p) {
        const Vec2 d = p - e.centre;
        return Vec2{(e.cosRot * d.x + e.sinRot * d.y) / a, (e.cosRot * d.y - e.sinRot * d.x) / b};
    };
    if (L.a == L.b) {
        const Vec2 q = local(L.a);
        return q.x * q.x + q.y * q.y < 1;
    }
    const auto [p, q, n] = *below;
    const Ring quad{local(p - n), local(q - n), local(q + n), local(p + n)};
    // Distance from the origin to the parallelogram: 0 when inside, else to its edges.
    bool inside = true;
    double sign = 0;
    double nearest = HUGE_VAL;
    for (size_t i = 0; i < 4; ++i) {
        const Vec2 c = quad[i], d = quad[(i + 1) % 4], w = d - c;
        const double side = w.x * (-c.y) - w.y * (-c.x);
        if (sign == 0) sign = side;
        inside = inside && side * sign > 0;
        const double len2 = w.x * w.x + w.y * w.y;
        const double t = len2 > 0 ? std::clamp((-c.x * w.x - c.y * w.y) / len2, 0.0, 1.0) : 0.0;
        const Vec2 m = c + w * t;
        nearest = std::min(nearest, m.x * m.x + m.y * m.y);
    }
    return inside || nearest < 1 - 1e-12;
}

BBox boxOfPolygon(const Polygon& p) {
    BBox box(BPoint(HUGE_VAL, HUGE_VAL), BPoint(-HUGE_VAL, -HUGE_VAL));
    for (const Vec2& v : p.outer) bg::expand(box, BPoint(v.x, v.y));
    return box;
}

// An edge lying on the sight line's own line, with the side its polygon's interior is on
// (+1 left of a->b, -1 right) and its blocker.
struct CollinearEdge {
    Vec2 c;
    Vec2 d;
    int side;
    uint32_t blocker;
    double bottom;  // (0: the table)
    double top;
};

// Position along the line a->b of a point collinear with it, by its dominant coordinate
// (exact: no arithmetic).
double along(Vec2 a, Vec2 b, Vec2 p) { return std::abs(b.x - a.x) >= std::abs(b.y - a.y) ? p.x : p.y; }

// The seams. A point inside the union of the footprints but inside none of them lies on
// their boundaries; a line crossing such a point passes through some footprint's interior
// right beside it, which the test of that footprint finds. So the union blocks more than
// the pieces only where the line runs along boundary edges: along a stretch where two
// edges collinear with it have interiors on opposite sides and both pieces stand above
// the line. The stretch's ends are vertices or ends of the line, so the line is lowest at
// one of them and its height there decides, exactly. Returns the two blockers, if any.
std::optional<std::pair<uint32_t, uint32_t>> seamBlocks(const SightLine& L, const std::vector<CollinearEdge>& edges) {
    const Vec2 a = L.a, b = L.b;
    const bool increasing = along(a, b, b) > along(a, b, a);
    auto key = [&](Vec2 p) { return increasing ? along(a, b, p) : -along(a, b, p); };
    for (size_t i = 0; i < edges.size(); ++i)
        for (size_t j = i + 1; j < edges.size(); ++j) {
            const CollinearEdge& e = edges[i];
            const CollinearEdge& f = edges[j];
            if (e.side == f.side) continue;
            // The common stretch of the line and both edges, from its first point to its last.
            Vec2 lo = a, hi = b;
            for (const CollinearEdge* g : {&e, &f}) {
                const Vec2 gl = key(g->c) < key(g->d) ? g->c : g->d;
                const Vec2 gh = key(g->c) < key(g->d) ? g->d : g->c;
                if (key(gl) > key(lo)) lo = gl;
                if (key(gh) < key(hi)) hi = gh;
            }
            if (!(key(lo) < key(hi))) continue;  // no stretch of positive length
            // Both stand over the heights between the higher bottom and the lower top: the
            // open stretch runs there when one end is below that top and one above that
            // bottom (on the table, any height below the top).
            const double top = std::min(e.top, f.top), bottom = std::max(e.bottom, f.bottom);
            auto sign = [&](Vec2 v, double h) {
                const double at = v == a ? L.h0 : L.h1;
                return v == a || v == b ? (at < h ? -1 : at > h) : exact::heightAtPointSign(a, b, L.h0, L.h1, v, h);
            };
            const bool belowTop = sign(lo, top) < 0 || sign(hi, top) < 0;
            const bool aboveBottom = bottom <= 0 || sign(lo, bottom) > 0 || sign(hi, bottom) > 0;
            if (belowTop && aboveBottom && bottom < top) return std::pair{e.blocker, f.blocker};
        }
    return std::nullopt;
}

// A floor resting on a piece (its underside exactly at that piece's top) and a level line
// at that very height: one solid lies under the line and the other over it, so where both
// footprints hold the line the union of the two solids holds it inside, and the seam
// between them is closed (as between two walls side by side). Claimed where the footprints
// share a stretch of the line with a point well inside both (1e-7" from every edge: rounding
// cannot put it outside); a sliver thinner than that is left open. (A band: below.)
bool stackedSeamBlocks(const Polygon& lower, const Polygon& upper, const SightLine& L) {
    const std::vector<std::pair<double, double>> inLower = stretchesInside(lower, L.a, L.b);
    if (inLower.empty()) return false;
    const std::vector<std::pair<double, double>> inUpper = stretchesInside(upper, L.a, L.b);
    constexpr double kMargin = 1e-7;
    auto deepIn = [&](const Polygon& poly, Vec2 m) {
        if (locate(m, poly) != Where::Inside || squaredDistanceToEdges(m, poly.outer) <= kMargin * kMargin) return false;
        return std::ranges::none_of(poly.holes, [&](const Ring& h) { return squaredDistanceToEdges(m, h) <= kMargin * kMargin; });
    };
    for (const auto& [l0, l1] : inLower)
        for (const auto& [u0, u1] : inUpper) {
            const double lo = std::max(l0, u0), hi = std::min(l1, u1);
            if (!(hi > lo)) continue;
            const Vec2 m = L.a + (L.b - L.a) * ((lo + hi) / 2);
            if (deepIn(lower, m) && deepIn(upper, m)) return true;
        }
    return false;
}

// The same for a band of half-width hw around the level line: closed where the band and
// both footprints share an area (more than the 1e-12 square inch a band's own test takes
// for touching): each convex part of the lower piece (their union the piece exactly)
// clipped to the band, then the upper footprint's part within that. (The middle line alone
// would leave open a band whose side runs over the seam.)
bool stackedSeamBlocksBand(const std::vector<Ring>& lowerParts, const Polygon& upper, const SightLine& L, double hw) {
    const Vec2 u = L.b - L.a;
    const double len = std::hypot(u.x, u.y);
    if (len == 0) return false;
    const Vec2 n{-u.y / len * hw, u.x / len * hw};
    Ring band{L.a - n, L.b - n, L.b + n, L.a + n};
    if (signedArea(band) < 0) std::reverse(band.begin(), band.end());
    for (const Ring& part : lowerParts) {
        const Ring within = clipToConvex(part, band);
        if (within.size() < 3 || std::abs(signedArea(within)) <= 1e-12) continue;
        Ring window = within;
        if (signedArea(window) < 0) std::reverse(window.begin(), window.end());
        if (overlapArea(upper, window) > 1e-12) return true;
    }
    return false;
}

}  // namespace

Ring clipToConvexRing(const Ring& ring, const Ring& window) { return clipToConvex(ring, window); }

double overlapArea(const Polygon& polygon, const Ring& window) {
    double area = signedArea(clipToConvex(polygon.outer, window));
    for (const Ring& hole : polygon.holes) area += signedArea(clipToConvex(hole, window));
    return area;
}

struct Scene::Index {
    std::vector<EdgeRef> edges;          // terrain edges, in the edge tree
    std::vector<uint32_t> edgeBlocker;
    std::vector<EdgeRef> modelEdgeList;  // base outlines, looked at whole
    std::vector<std::pair<size_t, size_t>> modelEdges;
    std::vector<double> modelReach;      // circumscribed radius of each base
    std::vector<std::pair<size_t, size_t>> blockerEdges;  // each terrain blocker's range in edges
    std::vector<BBox> blockerBox;
    Tree edgeTree;
    Tree blockerTree;
};

bool polygonBlocksLine(const Polygon& polygon, double bottom, double top, const SightLine& line, double halfWidth,
                       const std::vector<Blocker::EdgeRun>& runs) {
    if (halfWidth > 0) return bandBlocked(polygon, bottom, top, line, halfWidth, runs);
    if (line.h0 >= top && line.h1 >= top) return false;
    thread_local std::vector<EdgeRef> edges;  // reused: this runs for every candidate line
    edges.clear();
    forEachEdge(polygon, [&](EdgeRef e) { edges.push_back(e); });
    return edgesBlockLine(polygon, boxOfPolygon(polygon), bottom, top, line, edges);
}

namespace {

// A band of half-width h (the line's width, flat ends) is blocked where it overlaps a piece
// below its top. Where its middle line runs through the piece grown by a shape inside the
// disc of radius h, some point of the band within h of the line lies inside the piece
// itself. Grown here by a regular polygon of kGrowSides sides inscribed in that disc (a
// little smaller, so that rounding keeps it inside): for a polygon, the polygon with every
// edge swept by it (each a convex piece of its own, overlapping the next); for a round or
// oval base, the ellipse with both semi-axes h longer, whose points lie within h of it (its
// extent in every direction u, sqrt((a + h)^2 ux^2 + (b + h)^2 uy^2), is at most the
// base's, sqrt(a^2 ux^2 + b^2 uy^2), plus h: a ux^2 + b uy^2 is at most the latter root).
// It reaches h out at the ends of both axes; scaled about its centre, an oval reached only
// h b / a past its long sides. A band that passes a corner closer than h is blocked, but
// the grown piece reaches only cos(pi / kGrowSides) h out in some directions: a proof
// through it cannot show a band blocked that clears the corner by more than that (an
// octagon left 7.6% of h so, where Purge vs Purge 01's watcher sees past a ruin's corner;
// 32 sides leave 0.5%).
constexpr int kGrowSides = 32;

}  // namespace

// The convex hull of the segment from a to b swept by `round` (a regular polygon about the
// origin, counter-clockwise), as convexHullOf gives it (counter-clockwise from its least
// corner, x then y). A corner of `round` is a corner of the hull at a where a direction
// it is extreme in (between its two sides' outward normals, the directions of their
// midpoints) leans back from b - a, at b where one leans forward, at both for the corners
// square to the segment; taken in their order round it (from b to a where its side before
// leans forward). A corner near a tie is taken at both: where that, or rounding, leaves
// the polygon not strictly convex (exact turns), the hull of all the points instead.
Ring sweptSegment(Vec2 a, Vec2 b, const Ring& round) {
    const Vec2 d = b - a;
    const size_t n = round.size();
    const double slack = 1e-9 * (std::abs(d.x) + std::abs(d.y)) * (std::abs(round[0].x) + std::abs(round[0].y));
    auto lean = [&](size_t k) { return round[k % n].x * d.x + round[k % n].y * d.y; };
    Ring out;
    out.reserve(n + 2);
    for (size_t k = 0; k < n; ++k) {
        const double before = lean(k + n - 1) + lean(k), after = lean(k) + lean(k + 1);  // (the sides' normals)
        const bool atA = before <= slack || after <= slack, atB = before >= -slack || after >= -slack;
        if (atA && atB) {
            if (before > 0) out.insert(out.end(), {b + round[k], a + round[k]});
            else out.insert(out.end(), {a + round[k], b + round[k]});
        } else {
            out.push_back((atA ? a : b) + round[k]);
        }
    }
    bool convex = out.size() >= 3;
    for (size_t i = 0; i < out.size() && convex; ++i)
        convex = exact::orient(out[i], out[(i + 1) % out.size()], out[(i + 2) % out.size()]) > 0;
    if (!convex) {
        std::vector<Vec2> pts;
        for (const Vec2& k : round) {
            pts.push_back(a + k);
            pts.push_back(b + k);
        }
        return convexHullOf(std::move(pts));
    }
    std::rotate(out.begin(), std::min_element(out.begin(), out.end(), [](Vec2 p, Vec2 q) { return p.x < q.x || (p.x == q.x && p.y < q.y); }),
                out.end());
    return out;
}

namespace {

void grow(const Blocker& bl, double h, std::vector<Blocker>& out) {
    if (bl.curved) {
        Blocker g = bl;
        const double wider = 2 * h * kMmPerInch * (1 - 1e-9);  // (both diameters, in mm, a hair short)
        g.ellipse.lengthMm += wider;
        g.ellipse.widthMm += wider;
        g.minX -= h, g.minY -= h, g.maxX += h, g.maxY += h;
        out.push_back(std::move(g));
        return;
    }
    out.push_back(bl);
    Ring round;
    for (int k = 0; k < kGrowSides; ++k) {
        const double t = k * 2 * std::numbers::pi / kGrowSides;
        round.push_back(Vec2{std::cos(t), std::sin(t)} * (h * (1 - 1e-9)));
    }
    auto sweep = [&](const Ring& r) {
        for (size_t i = 0; i < r.size(); ++i) {
            Blocker g;
            g.polygon.outer = sweptSegment(r[i], r[(i + 1) % r.size()], round);
            g.bottom = bl.bottom;  // (a floor's edge: a band there is blocked between its bottom and top only)
            g.top = bl.top;
            g.model = bl.model;
            g.convex = true;
            const auto [lo, hi] = boundsOf(g.polygon.outer);
            g.minX = lo.x, g.minY = lo.y, g.maxX = hi.x, g.maxY = hi.y;
            out.push_back(std::move(g));
        }
    };
    sweep(bl.polygon.outer);
    for (const Ring& hole : bl.polygon.holes) sweep(hole);
}

}  // namespace

// A blocker's box: its polygon's, or for a round base its true curve's, which reaches past
// its outline's vertices.
BBox blockerBoxOf(const Blocker& blocker) {
    if (!blocker.curved) return boxOfPolygon(blocker.polygon);
    const exact::Ellipse& e = blocker.ellipse;
    const double a = e.lengthMm / 50.8, b = e.widthMm / 50.8;
    const double ex = std::hypot(a * e.cosRot, b * e.sinRot) * (1 + 1e-9) + 1e-9;
    const double ey = std::hypot(a * e.sinRot, b * e.cosRot) * (1 + 1e-9) + 1e-9;
    return BBox(BPoint(e.centre.x - ex, e.centre.y - ey), BPoint(e.centre.x + ex, e.centre.y + ey));
}

// What every blocker gets before it is indexed: its interior on the left of its edges,
// whether it is convex, its edge runs, its box (returned) and the box's bounds.
BBox finishBlocker(Blocker& blocker) {
    orientForInteriorLeft(blocker.polygon);
    const Ring& r = blocker.polygon.outer;
    blocker.convex = blocker.polygon.holes.empty();
    for (size_t i = 0; i < r.size() && blocker.convex; ++i)
        blocker.convex = exact::orient(r[i], r[(i + 1) % r.size()], r[(i + 2) % r.size()]) >= 0;
    blocker.runs = blocker.curved ? std::vector<Blocker::EdgeRun>{} : edgeRunsOf(blocker.polygon);
    // The two longest edges: the line halfway between each and the farthest inside vertex,
    // and just inside it.
    blocker.edgeLines.clear();
    if (!blocker.curved && r.size() >= 3) {
        std::vector<std::pair<double, size_t>> longest;
        for (size_t i = 0; i < r.size(); ++i) {
            const Vec2 d = r[(i + 1) % r.size()] - r[i];
            longest.emplace_back(d.x * d.x + d.y * d.y, i);
        }
        std::sort(longest.rbegin(), longest.rend());
        for (size_t k = 0; k < std::min<size_t>(2, longest.size()); ++k) {
            const Vec2 c = r[longest[k].second], d = r[(longest[k].second + 1) % r.size()];
            const Vec2 dir = d - c;
            const double len = std::hypot(dir.x, dir.y);
            if (len == 0) continue;
            const Vec2 inward{-dir.y / len, dir.x / len};  // the interior is on the left
            // The depth of the piece behind this edge, up to the first vertex beyond it.
            double depth = HUGE_VAL;
            for (const Vec2& v : r) {
                const double dist = (v.x - c.x) * inward.x + (v.y - c.y) * inward.y;
                if (dist > 1e-9) depth = std::min(depth, dist);
            }
            if (depth == HUGE_VAL) continue;
            for (double f : {0.5, 0.05}) {
                const Vec2 m = (c + d) * 0.5 + inward * (depth * f);
                blocker.edgeLines.emplace_back(m, m + dir);
            }
        }
    }
    const BBox box = blockerBoxOf(blocker);
    blocker.minX = box.min_corner().get<0>();
    blocker.minY = box.min_corner().get<1>();
    blocker.maxX = box.max_corner().get<0>();
    blocker.maxY = box.max_corner().get<1>();
    return box;
}

Scene::Scene(const Scenario& scenario) : scenario_(scenario), index_(std::make_unique<Index>()) {
    halfWidth_ = scenario.ruleset.sight_line_width_mm / kMmPerInch / 2.0;
    if (scenario.ruleset.name == "wh40k-10e") seeThrough_ = SeeThrough::ObserverUnit;

    // Every feature and every model base is a blocker of its own. Where pieces touch,
    // the seams between them are resolved by each test (see seamBlocks), which decides
    // exactly as a test against the union of the footprints would.
    // A feature with a bottom or openings is several prisms (kernel/solids.h), each a
    // blocker of its piece.
    for (PiecePrism& p : prismsOf(scenario)) {
        Blocker b;
        b.polygon = std::move(p.prism.footprint);
        b.bottom = p.prism.bottom;
        b.top = p.prism.top;
        b.features = {p.piece};
        floors_ = floors_ || b.bottom > 0;
        addBlocker(std::move(b));
    }
    std::map<std::string, int> units;
    for (const Model& m : scenario.models) modelUnit_.push_back(units.emplace(m.unit, static_cast<int>(units.size())).first->second);
    firstModelBlocker_ = static_cast<uint32_t>(blockers_.size());
    for (size_t i = 0; i < scenario.models.size(); ++i) {
        modelRegions_.push_back(baseRegion(scenario.models[i]));
        addBlocker(modelBlocker(static_cast<int>(i), modelRegions_.back()));
    }

    std::vector<Entry> edgeEntries, blockerEntries;
    for (uint32_t i = 0; i < index_->edges.size(); ++i)
        edgeEntries.emplace_back(boxOf(index_->edges[i].c, index_->edges[i].d), i);
    for (uint32_t i = 0; i < index_->blockerBox.size(); ++i) blockerEntries.emplace_back(index_->blockerBox[i], i);
    index_->edgeTree = Tree(edgeEntries);  // packed
    index_->blockerTree = Tree(blockerEntries);
    // The heights of the seams where a floor may rest on a piece (Scene::blocking): a
    // floor's underside at some other blocker's top. (A model moved keeps its top.)
    std::vector<double> tops;
    for (const Blocker& b : blockers_) tops.push_back(b.top);
    std::sort(tops.begin(), tops.end());
    for (const Blocker& b : blockers_)
        if (b.bottom > 0 && std::binary_search(tops.begin(), tops.end(), b.bottom)) seamHeights_.push_back(b.bottom);
    std::sort(seamHeights_.begin(), seamHeights_.end());
    seamHeights_.erase(std::unique(seamHeights_.begin(), seamHeights_.end()), seamHeights_.end());
}

Scene::~Scene() = default;

ViewMemo* Scene::views() const {
    if (!remembersViews()) return nullptr;
    const Scene* root = this;
    while (root->owner_) root = root->owner_;
    const unsigned epoch = root->viewsEpoch_;
    if (memoEpoch_.exchange(epoch) != epoch) views_.clear();
    return &views_;
}

Blocker Scene::modelBlocker(int model, const Region& region) const {
    Blocker b;
    b.polygon.outer = region.outline;
    b.curved = region.curved;
    b.ellipse = region.ellipse;
    b.top = scenario_.models[model].top();
    b.model = model;
    return b;
}

bool Scene::floorsIn(Vec2 min, Vec2 max, double reach) const {
    if (!floors_) return false;
    for (uint32_t id : blockersInBox(min, max))
        if (blockers_[id].bottom > 0 && blockers_[id].bottom < reach) return true;
    return false;
}

const Scene& Scene::grounded(double reach) const {
    const std::lock_guard<std::mutex> lock(groundedMutex_);
    Grounded& g = grounded_[reach];
    if (!g.scene) {
        // A feature's bottom and its openings' gaps below `reach` filled: each opening whose
        // lintel is that low is closed, a floor that low stands from the table. (A scene
        // once made for a reach stays where it is until a model moves.)
        auto s = std::make_unique<Scenario>(scenario_);
        for (TerrainPiece& t : s->terrain) {
            if (t.kind != TerrainKind::Feature) continue;
            if (t.bottom < reach) t.bottom = 0;
            std::erase_if(t.openings, [&](const Opening& o) { return o.to < std::min(reach, t.height); });
        }
        g.scene.reset();
        g.scenario = std::move(s);
        g.scene = std::make_unique<Scene>(*g.scenario);
        g.scene->setSeeThrough(seeThrough_);
        g.scene->shareSettingsOf(this);
    }
    return *g.scene;
}

void Scene::modelMoved(int model) {
    for (auto& [reach, g] : grounded_) {
        g.scenario->models[static_cast<size_t>(model)].position = scenario_.models[static_cast<size_t>(model)].position;
        g.scene->modelMoved(model);
    }
    const uint32_t id = firstModelBlocker_ + static_cast<uint32_t>(model);
    // Made as the constructor makes it, into the same slots (the same base: as many edges);
    // checked before anything changes.
    Region region = baseRegion(scenario_.models[model]);
    Blocker b = modelBlocker(model, region);
    const BBox box = finishBlocker(b);
    std::vector<EdgeRef> edges;
    double reach2 = 0;  // (squared: one root for the base, not one per corner)
    forEachEdge(b.polygon, [&](EdgeRef e) {
        edges.push_back(e);
        const Vec2 v = e.c - scenario_.models[model].position;
        reach2 = std::max(reach2, v.x * v.x + v.y * v.y);
    });
    const double reach = std::sqrt(reach2);
    const auto [first, last] = index_->modelEdges[model];
    if (edges.size() != last - first) throw std::logic_error("Scene::modelMoved: the model's base changed");
    if (index_->blockerTree.remove(Entry(index_->blockerBox[id], id)) != 1)
        throw std::logic_error("Scene::modelMoved: the model's index entry is missing");
    std::copy(edges.begin(), edges.end(), index_->modelEdgeList.begin() + static_cast<std::ptrdiff_t>(first));
    index_->modelReach[model] = reach;
    index_->blockerBox[id] = box;
    index_->blockerTree.insert(Entry(box, id));
    modelRegions_[model] = std::move(region);
    blockers_[id] = std::move(b);
    views_.modelMoved(model);
    const std::lock_guard<std::mutex> lock(grownMutex_);
    if (id < grown_.size()) grown_[id].reset();
}

void Scene::addBlocker(Blocker blocker) {
    const uint32_t id = static_cast<uint32_t>(blockers_.size());
    const BBox box = finishBlocker(blocker);
    if (blocker.model >= 0) {
        const size_t first = index_->modelEdgeList.size();
        double reach2 = 0;
        forEachEdge(blocker.polygon, [&](EdgeRef e) {
            index_->modelEdgeList.push_back(e);
            const Vec2 r = e.c - scenario_.models[blocker.model].position;
            reach2 = std::max(reach2, r.x * r.x + r.y * r.y);
        });
        index_->modelEdges.emplace_back(first, index_->modelEdgeList.size());
        index_->modelReach.push_back(std::sqrt(reach2));
    } else {
        const size_t first = index_->edges.size();
        forEachEdge(blocker.polygon, [&](EdgeRef e) {
            index_->edges.push_back(e);
            index_->edgeBlocker.push_back(id);
        });
        index_->blockerEdges.resize(id + 1);
        index_->blockerEdges[id] = {first, index_->edges.size()};
    }
    index_->blockerBox.push_back(box);
    blockers_.push_back(std::move(blocker));
}

int Scene::modelIndex(const std::string& id) const {
    for (size_t i = 0; i < scenario_.models.size(); ++i)
        if (scenario_.models[i].id == id) return static_cast<int>(i);
    return -1;
}

const std::vector<Blocker>& Scene::grown(uint32_t blocker) const {
    std::lock_guard<std::mutex> lock(grownMutex_);
    if (grown_.size() < blockers_.size()) grown_.resize(blockers_.size());  // (the pointees stay put)
    std::unique_ptr<std::vector<Blocker>>& slot = grown_[blocker];
    if (!slot) {
        slot = std::make_unique<std::vector<Blocker>>();
        grow(blockers_[blocker], halfWidth_, *slot);
    }
    return *slot;
}

const Ring& Scene::hull(uint32_t blocker) const {
    const Blocker& bl = blockers_[blocker];
    if (bl.curved || bl.convex) return bl.polygon.outer;
    std::lock_guard<std::mutex> lock(hullMutex_);
    if (hulls_.size() < blockers_.size()) hulls_.resize(blockers_.size());  // (the pointees stay put)
    std::unique_ptr<Ring>& slot = hulls_[blocker];
    if (!slot) slot = std::make_unique<Ring>(convexHullOf(bl.polygon.outer));
    return *slot;
}

const std::vector<Ring>& Scene::parts(uint32_t blocker) const {
    static const std::vector<Ring> none;
    const Blocker& bl = blockers_[blocker];
    if (bl.curved || bl.convex) return none;
    std::lock_guard<std::mutex> lock(hullMutex_);
    if (parts_.size() < blockers_.size()) parts_.resize(blockers_.size());  // (the pointees stay put)
    std::unique_ptr<std::vector<Ring>>& slot = parts_[blocker];
    if (!slot) {
        constexpr double kFill = 1e-3;  // square inches: a notch smaller than this is filled in
        slot = std::make_unique<std::vector<Ring>>(coveringParts(bl.polygon.outer, kFill));
    }
    return *slot;
}

ModelMask Scene::ignoredModels(int observer, int target) const {
    ModelMask mask(scenario_.models.size(), seeThrough_ == SeeThrough::AllModels);
    const int uo = modelUnit_[observer], ut = modelUnit_[target];
    for (size_t i = 0; i < modelUnit_.size(); ++i)
        mask[i] = mask[i] || modelUnit_[i] == uo || (seeThrough_ == SeeThrough::BothUnits && modelUnit_[i] == ut);
    mask[observer] = mask[target] = 1;
    return mask;
}

std::vector<uint32_t> Scene::blocking(const SightLine& line, const ModelMask& ignored, bool firstOnly) const {
    std::vector<uint32_t> found;
    const double lowest = std::min(line.h0, line.h1), highest = std::max(line.h0, line.h1);
    auto skip = [&](const Blocker& bl) {
        return bl.top <= lowest || (bl.bottom > 0 && bl.bottom >= highest) || (bl.model >= 0 && ignored[bl.model]);
    };
    const BBox query = boxOf(line.a, line.b, halfWidth_);
    // A level line at the height where a floor rests on a piece (stackedSeamBlocks): the
    // two, if any, among the blockers whose boxes it meets.
    auto stacked = [&](const std::vector<Entry>& hits) -> std::optional<std::pair<uint32_t, uint32_t>> {
        if (line.h0 != line.h1 || line.a == line.b || !std::binary_search(seamHeights_.begin(), seamHeights_.end(), line.h0))
            return std::nullopt;
        const double h = line.h0;
        for (const Entry& upper : hits) {
            const Blocker& up = blockers_[upper.second];
            if (up.bottom != h || up.bottom <= 0 || (up.model >= 0 && ignored[up.model])) continue;
            for (const Entry& lower : hits) {
                const Blocker& low = blockers_[lower.second];
                if (low.top != h || low.bottom >= h || low.curved || (low.model >= 0 && ignored[low.model])) continue;
                if (halfWidth_ > 0 ? stackedSeamBlocksBand(convexParts(low.polygon), up.polygon, line, halfWidth_)
                                   : stackedSeamBlocks(low.polygon, up.polygon, line))
                    return std::pair{lower.second, upper.second};
            }
        }
        return std::nullopt;
    };
    if (halfWidth_ > 0) {
        // A band of positive width along a seam overlaps the pieces on both sides: the
        // pieces' own tests find it.
        std::vector<Entry> hits;
        index_->blockerTree.query(bgi::intersects(query), std::back_inserter(hits));
        for (const Entry& h : hits) {
            const Blocker& bl = blockers_[h.second];
            if (skip(bl) || !blocks(h.second, line)) continue;
            found.push_back(h.second);
            if (firstOnly) return found;
        }
        if (found.empty())
            if (const auto pair = stacked(hits)) found = {pair->first, pair->second};
        return found;
    }
    // The segment itself as the predicate: its bounding box would take in everything in
    // a long diagonal line's whole rectangle.
    thread_local std::vector<Entry> blockerHits, edgeHits;
    thread_local std::vector<EdgeRef> edges;
    thread_local std::vector<CollinearEdge> collinear;
    blockerHits.clear();
    edgeHits.clear();
    collinear.clear();
    const bg::model::segment<BPoint> segment(BPoint(line.a.x, line.a.y), BPoint(line.b.x, line.b.y));
    index_->blockerTree.query(bgi::intersects(segment), std::back_inserter(blockerHits));
    if (blockerHits.empty()) return found;
    // Pieces of a few edges are taken whole (all their edges are candidates, which only adds
    // work to the exact test); the edge index is asked only when a piece has many edges.
    constexpr size_t kFewEdges = 16;
    bool manyEdges = false;
    for (const Entry& hit : blockerHits) {
        const Blocker& bl = blockers_[hit.second];
        if (bl.model < 0) {
            const auto [first, last] = index_->blockerEdges[hit.second];
            manyEdges = manyEdges || last - first > kFewEdges;
        }
    }
    if (manyEdges) index_->edgeTree.query(bgi::intersects(segment), std::back_inserter(edgeHits));
    // Terrain edges grouped by their blocker, in the blockers' order.
    std::sort(blockerHits.begin(), blockerHits.end(), [](const Entry& x, const Entry& y) { return x.second < y.second; });
    std::sort(edgeHits.begin(), edgeHits.end(), [this](const Entry& x, const Entry& y) {
        return index_->edgeBlocker[x.second] < index_->edgeBlocker[y.second];
    });
    size_t k = 0;
    for (const Entry& hit : blockerHits) {
        const uint32_t id = hit.second;
        const Blocker& bl = blockers_[id];
        edges.clear();
        for (; k < edgeHits.size() && index_->edgeBlocker[edgeHits[k].second] < id; ++k) {}
        for (; k < edgeHits.size() && index_->edgeBlocker[edgeHits[k].second] == id; ++k)
            edges.push_back(index_->edges[edgeHits[k].second]);
        if (!manyEdges && bl.model < 0) {
            const auto [first, last] = index_->blockerEdges[id];
            edges.assign(index_->edges.begin() + static_cast<long>(first), index_->edges.begin() + static_cast<long>(last));
        }
        if (skip(bl)) continue;
        if (bl.model >= 0) {
            // A base: nothing to do unless the line comes within its circumscribed circle.
            const Model& m = scenario_.models[bl.model];
            const Vec2 u = line.b - line.a, w = m.position - line.a;
            const double len2 = u.x * u.x + u.y * u.y;
            const double t = len2 > 0 ? std::clamp((w.x * u.x + w.y * u.y) / len2, 0.0, 1.0) : 0.0;
            const Vec2 near = line.a + u * t - m.position;
            const double reach = index_->modelReach[bl.model] * (1 + 1e-9) + 1e-9;
            if (near.x * near.x + near.y * near.y > reach * reach) continue;
            if (bl.curved) {
                // The true circle or ellipse, exactly. (No seam: it has no straight edge.)
                if (exact::segmentBelowTopInEllipse(bl.ellipse, line.a, line.b, line.h0, line.h1, bl.top)) {
                    found.push_back(id);
                    if (firstOnly) return found;
                }
                continue;
            }
            const auto [first, last] = index_->modelEdges[bl.model];
            edges.assign(index_->modelEdgeList.begin() + first, index_->modelEdgeList.begin() + last);
        }
        if (edgesBlockLine(bl.polygon, index_->blockerBox[id], bl.bottom, bl.top, line, edges)) {
            found.push_back(id);
            if (firstOnly) return found;
            continue;
        }
        for (const EdgeRef& e : edges)
            if (exact::orient(line.a, line.b, e.c) == 0 && exact::orient(line.a, line.b, e.d) == 0)
                collinear.push_back({e.c, e.d, exact::dotSign(e.c, e.d, line.a, line.b) > 0 ? 1 : -1, id, bl.bottom, bl.top});
    }
    if (line.a != line.b) {
        if (auto seam = seamBlocks(line, collinear)) {
            found.push_back(seam->first);
            if (seam->second != seam->first) found.push_back(seam->second);
        }
    }
    if (found.empty())
        if (const auto pair = stacked(blockerHits)) found = {pair->first, pair->second};
    return found;
}

bool Scene::blocks(uint32_t id, const SightLine& line) const {
    const Blocker& bl = blockers_[id];
    if (bl.curved) {
        if (halfWidth_ > 0) return bandInEllipse(bl.ellipse, bl.top, line, halfWidth_);
        return exact::segmentBelowTopInEllipse(bl.ellipse, line.a, line.b, line.h0, line.h1, bl.top);
    }
    return polygonBlocksLine(bl.polygon, bl.bottom, bl.top, line, halfWidth_, bl.runs);
}

bool Scene::blocked(const SightLine& line, const ModelMask& ignored) const {
    return !blocking(line, ignored, true).empty();
}

std::vector<std::string> Scene::blockersOf(const SightLine& line, const ModelMask& ignored) const {
    return idsOf(blocking(line, ignored, false));
}

std::vector<std::string> Scene::idsOf(const std::vector<uint32_t>& blockers) const {
    std::set<std::string> ids;
    for (uint32_t id : blockers) {
        const Blocker& bl = blockers_[id];
        if (bl.model >= 0) ids.insert(scenario_.models[bl.model].id);
        for (int f : bl.features) ids.insert(scenario_.terrain[f].id);
    }
    return {ids.begin(), ids.end()};
}

std::vector<Vec2> Scene::verticesOnLine(Vec2 u, Vec2 v, Vec2 p, Vec2 q) const {
    std::vector<Vec2> out;
    if (p == q) return out;
    const bool byX = std::abs(q.x - p.x) >= std::abs(q.y - p.y);
    const double from = byX ? p.x : p.y, to = byX ? q.x : q.y;
    auto take = [&](Vec2 c) {
        const double at = byX ? c.x : c.y;
        if (std::min(from, to) < at && at < std::max(from, to) && exact::orient(u, v, c) == 0) out.push_back(c);
    };
    const bg::model::segment<BPoint> segment(BPoint(p.x, p.y), BPoint(q.x, q.y));
    std::vector<Entry> hits;
    index_->edgeTree.query(bgi::intersects(segment), std::back_inserter(hits));
    for (const Entry& h : hits) {
        take(index_->edges[h.second].c);
        take(index_->edges[h.second].d);
    }
    hits.clear();
    index_->blockerTree.query(bgi::intersects(segment), std::back_inserter(hits));
    for (const Entry& h : hits) {
        const Blocker& bl = blockers_[h.second];
        if (bl.model < 0) continue;
        const auto [first, last] = index_->modelEdges[bl.model];
        for (size_t i = first; i < last; ++i) take(index_->modelEdgeList[i].c);
    }
    const double sign = to > from ? 1 : -1;
    std::sort(out.begin(), out.end(), [&](Vec2 a, Vec2 b) { return sign * (byX ? a.x - b.x : a.y - b.y) < 0; });
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::vector<uint32_t> Scene::blockersAlong(Vec2 a, Vec2 b) const {
    std::vector<Entry> hits;
    index_->blockerTree.query(bgi::intersects(bg::model::segment<BPoint>(BPoint(a.x, a.y), BPoint(b.x, b.y))),
                              std::back_inserter(hits));
    std::vector<uint32_t> ids;
    ids.reserve(hits.size());
    for (const Entry& h : hits) ids.push_back(h.second);
    return ids;
}

std::vector<uint32_t> Scene::blockersInBox(Vec2 min, Vec2 max) const {
    std::vector<Entry> hits;
    index_->blockerTree.query(bgi::intersects(BBox(BPoint(min.x, min.y), BPoint(max.x, max.y))), std::back_inserter(hits));
    std::vector<uint32_t> ids;
    ids.reserve(hits.size());
    for (const Entry& h : hits) ids.push_back(h.second);
    std::sort(ids.begin(), ids.end());
    return ids;
}

double firstBlockedShare(const Scene& scene, const SightLine& line, const ModelMask& ignored) {
    if (!scene.blocked(line, ignored)) return 1;
    double open = 0, blocked = 1;
    for (int i = 0; i < 32; ++i) {
        const double mid = (open + blocked) / 2;
        const SightLine prefix{line.a, line.a + (line.b - line.a) * mid, line.h0, line.h0 + (line.h1 - line.h0) * mid};
        (scene.blocked(prefix, ignored) ? blocked : open) = mid;
    }
    return blocked;
}

}  // namespace sl
