// Bases: their half-axes, boundary points and outlines, the point-in-base test, the
// distance between two bases, and the points spread over a base (see base.h).
#include "kernel/base.h"

#include "kernel/polygon.h"

#include <boost/geometry.hpp>
#include <boost/geometry/geometries/point_xy.hpp>
#include <boost/geometry/geometries/polygon.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace sl {
namespace bg = boost::geometry;
namespace {

using BPoint = bg::model::d2::point_xy<double>;
using BPolygon = bg::model::polygon<BPoint, false, false>;  // counter-clockwise, open

Vec2 toWorld(const Model& m, Vec2 local) {
    const double r = m.rotation_deg * std::numbers::pi / 180.0;
    const double c = std::cos(r), s = std::sin(r);
    return {m.position.x + local.x * c - local.y * s, m.position.y + local.x * s + local.y * c};
}

BPolygon toBoost(const Ring& ring) {
    BPolygon p;
    for (const Vec2& v : ring) p.outer().emplace_back(v.x, v.y);
    bg::correct(p);
    return p;
}

}  // namespace

double halfLengthIn(const Base& base) { return base.length_mm / 2.0 / kMmPerInch; }

double halfWidthIn(const Base& base) {
    return (base.shape == BaseShape::Circle ? base.length_mm : base.width_mm) / 2.0 / kMmPerInch;
}

Vec2 baseHalfExtent(const Model& model) {
    const double a = halfLengthIn(model.base), b = halfWidthIn(model.base);
    if (model.base.shape == BaseShape::Circle) return {a, a};
    const double turn = model.rotation_deg * std::numbers::pi / 180;
    const double c = std::abs(std::cos(turn)), s = std::abs(std::sin(turn));
    // (A rectangle's corners; an ellipse's extent along an axis, sqrt(a^2 cos^2 + b^2 sin^2).)
    if (model.base.shape == BaseShape::Rect) return {a * c + b * s, a * s + b * c};
    return {std::hypot(a * c, b * s), std::hypot(a * s, b * c)};
}

double largestDimensionMm(const Base& base) {
    return base.shape == BaseShape::Circle ? base.length_mm
                                           : std::max(base.length_mm, base.width_mm);
}

BoundaryLocal boundaryLocal(const Base& base, double localAngleDeg) {
    const double a = halfLengthIn(base);
    const double b = halfWidthIn(base);
    // Exact values at the quarter turns, so that the edge points of the spec are exact.
    const int quarter = static_cast<int>(std::lround(localAngleDeg / 90.0));
    if (std::abs(localAngleDeg - quarter * 90.0) < 1e-12) {
        const int q = ((quarter % 4) + 4) % 4;
        return {q == 0 ? Vec2{a, 0} : q == 1 ? Vec2{0, b} : q == 2 ? Vec2{-a, 0} : Vec2{0, -b}, true};
    }
    const double phi = localAngleDeg * std::numbers::pi / 180.0;
    const double c = std::cos(phi), s = std::sin(phi);
    double r = a;
    switch (base.shape) {
    case BaseShape::Circle:
        r = a;
        break;
    case BaseShape::Oval:
        r = a * b / std::sqrt((b * c) * (b * c) + (a * s) * (a * s));
        break;
    case BaseShape::Rect: {
        const double rx = std::abs(c) > 1e-12 ? a / std::abs(c) : HUGE_VAL;
        const double ry = std::abs(s) > 1e-12 ? b / std::abs(s) : HUGE_VAL;
        r = std::min(rx, ry);
        break;
    }
    }
    return {{r * c, r * s}, false};
}

Vec2 boundaryPoint(const Model& model, double localAngleDeg) {
    const BoundaryLocal l = boundaryLocal(model.base, localAngleDeg);
    if (l.quarter && model.rotation_deg == 0) return model.position + l.point;
    return toWorld(model, l.point);
}

Ring baseOutline(const Model& model) {
    // The outline in the base's own frame and the rotation's cosine and sine, kept for the
    // last few bases (a map moves one base from cell to cell): the world points are then
    // worked out as toWorld works them out, to the same bits.
    struct Shape {
        BaseShape shape;
        double lengthMm, widthMm, rotationDeg;
        double c, s;
        std::vector<Vec2> local;
    };
    thread_local std::vector<Shape> kept;
    auto same = [&](const Shape& k) {
        return k.shape == model.base.shape && k.lengthMm == model.base.length_mm && k.widthMm == model.base.width_mm &&
               k.rotationDeg == model.rotation_deg;
    };
    auto found = std::find_if(kept.begin(), kept.end(), same);
    if (found == kept.end()) {
        Shape k{model.base.shape, model.base.length_mm, model.base.width_mm, model.rotation_deg, 0, 0, {}};
        const double r = model.rotation_deg * std::numbers::pi / 180.0;
        k.c = std::cos(r);
        k.s = std::sin(r);
        const double a = halfLengthIn(model.base);
        const double b = halfWidthIn(model.base);
        if (model.base.shape == BaseShape::Rect) {
            // Counter-clockwise in the algebraic sense (positive area); a rotation keeps it so.
            k.local = {Vec2{a, b}, Vec2{-a, b}, Vec2{-a, -b}, Vec2{a, -b}};
        } else {
            // Vertices on the curve; the sagitta of a chord spanning angle step on a curve
            // whose radius of curvature is at most R is R (1 - cos(step / 2)) <= the allowed
            // error.
            const double rMm = std::max(a, b) * kMmPerInch;
            // (A base smaller than the allowed error needs no more than the minimum of 16
            // vertices; the clamp keeps acos in its domain for it.)
            const double step = 2.0 * std::acos(std::max(-1.0, 1.0 - kOutlineErrorMm / rMm));
            // (Even, so that the outline, a corner at each end of the length, is its own
            // mirror image across both axes and its own half-turn, as the curve is: with 89
            // corners a 32 mm base on a layout that is its own half-turn overlapped a barrier
            // by the threshold's area on one side and not on the other.)
            const int n = (std::max(16, static_cast<int>(std::ceil(2.0 * std::numbers::pi / step))) + 1) / 2 * 2;
            k.local.reserve(n);
            for (int i = 0; i < n; ++i) {
                const double t = 2.0 * std::numbers::pi * i / n;
                k.local.push_back({a * std::cos(t), b * std::sin(t)});
            }
        }
        if (kept.size() >= 8) kept.erase(kept.begin());
        kept.push_back(std::move(k));
        found = kept.end() - 1;
    }
    const double c = found->c, s = found->s;
    const Vec2 p = model.position;
    Ring ring;
    ring.reserve(found->local.size());
    for (const Vec2& l : found->local) ring.push_back({p.x + l.x * c - l.y * s, p.y + l.x * s + l.y * c});
    return ring;
}

BaseTest::BaseTest(const Model& model, double tolerance)
    : centre_(model.position),
      c_(std::cos(model.rotation_deg * std::numbers::pi / 180.0)),
      s_(std::sin(model.rotation_deg * std::numbers::pi / 180.0)),
      a_(halfLengthIn(model.base) + tolerance),
      b_(halfWidthIn(model.base) + tolerance),
      rect_(model.base.shape == BaseShape::Rect) {}

bool BaseTest::contains(Vec2 p) const {
    const Vec2 d = p - centre_;
    const double x = d.x * c_ + d.y * s_, y = -d.x * s_ + d.y * c_;  // in the base's own frame
    if (rect_) return std::abs(x) <= a_ && std::abs(y) <= b_;
    return (x / a_) * (x / a_) + (y / b_) * (y / b_) <= 1;
}

bool baseContains(const Model& model, Vec2 p, double tolerance) { return BaseTest(model, tolerance).contains(p); }

double baseDistance(const Model& a, const Model& b) {
    if (a.base.shape == BaseShape::Circle && b.base.shape == BaseShape::Circle) {
        const double d = std::hypot(a.position.x - b.position.x, a.position.y - b.position.y);
        return std::max(0.0, d - halfLengthIn(a.base) - halfLengthIn(b.base));
    }
    if (a.base.shape == BaseShape::Circle || b.base.shape == BaseShape::Circle) {
        const Model& circle = a.base.shape == BaseShape::Circle ? a : b;
        const Model& other = a.base.shape == BaseShape::Circle ? b : a;
        const BPolygon poly = toBoost(baseOutline(other));
        const BPoint centre(circle.position.x, circle.position.y);
        if (bg::within(centre, poly)) return 0;
        return std::max(0.0, bg::distance(centre, poly) - halfLengthIn(circle.base));
    }
    const BPolygon pa = toBoost(baseOutline(a));
    const BPolygon pb = toBoost(baseOutline(b));
    if (bg::intersects(pa, pb)) return 0;
    return bg::distance(pa, pb);
}

double baseDistance3d(const Model& a, const Model& b) {
    return std::hypot(baseDistance(a, b), a.elevation - b.elevation);
}

bool baseDistance3dAbove(const Model& a, const Model& b, double d) {
    // (About a base: its corners' distance from the centre; an oval's outline lies within
    // its curve. Within it: its half width; less, for an oval, a margin far larger than the
    // outline's chords fall inside the curve.)
    auto about = [](const Base& base) {
        const double l = halfLengthIn(base), w = halfWidthIn(base);
        return base.shape == BaseShape::Rect ? std::hypot(l, w) : std::max(l, w);
    };
    auto within = [](const Base& base) {
        const double least = std::min(halfLengthIn(base), halfWidthIn(base));
        return base.shape == BaseShape::Oval ? least * (1 - 1e-3) - 1e-3 : least;
    };
    const double apart = std::hypot(a.position.x - b.position.x, a.position.y - b.position.y), rise = a.elevation - b.elevation;
    if (std::hypot(std::max(0.0, apart - about(a.base) - about(b.base)), rise) > d * (1 + 1e-12) + 1e-12) return true;
    if (std::hypot(std::max(0.0, apart - within(a.base) - within(b.base)), rise) < d * (1 - 1e-12) - 1e-12) return false;
    return baseDistance3d(a, b) > d;
}

namespace {

// The point of segment p-q nearest to v.
Vec2 nearestOnSegment(Vec2 p, Vec2 q, Vec2 v) {
    const Vec2 d = q - p;
    const double len2 = d.x * d.x + d.y * d.y;
    const double t = len2 > 0 ? std::clamp(((v.x - p.x) * d.x + (v.y - p.y) * d.y) / len2, 0.0, 1.0) : 0.0;
    return p + d * t;
}

double distance2(Vec2 a, Vec2 b) { return (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y); }

}  // namespace

Vec2 nearestPointOfBase(const Model& model, Vec2 p) {
    if (baseContains(model, p, 0)) return p;
    if (model.base.shape == BaseShape::Circle) {
        const Vec2 d = p - model.position;
        const double len = std::hypot(d.x, d.y);
        return model.position + d * (halfLengthIn(model.base) / len);
    }
    const Ring ring = baseOutline(model);
    Vec2 best = ring.front();
    for (size_t i = 0; i < ring.size(); ++i) {
        const Vec2 c = nearestOnSegment(ring[i], ring[(i + 1) % ring.size()], p);
        if (distance2(c, p) < distance2(best, p)) best = c;
    }
    return best;
}

Segment closestPoints(const Model& a, const Model& b) {
    if (baseDistance(a, b) == 0) {
        const Vec2 mid = (nearestPointOfBase(a, b.position) + nearestPointOfBase(b, a.position)) * 0.5;
        return {mid, mid};
    }
    if (a.base.shape == BaseShape::Circle && b.base.shape == BaseShape::Circle)
        return {nearestPointOfBase(a, b.position), nearestPointOfBase(b, a.position)};
    // Two convex outlines apart: the nearest pair has a vertex of one of them.
    const Ring ra = baseOutline(a), rb = baseOutline(b);
    Segment best{ra.front(), rb.front()};
    double bestD = HUGE_VAL;
    auto scan = [&](const Ring& vertices, const Ring& edges, bool fromA) {
        for (const Vec2& v : vertices)
            for (size_t i = 0; i < edges.size(); ++i) {
                const Vec2 c = nearestOnSegment(edges[i], edges[(i + 1) % edges.size()], v);
                const double d = distance2(c, v);
                if (d < bestD) {
                    bestD = d;
                    best = fromA ? Segment{v, c} : Segment{c, v};
                }
            }
    };
    scan(ra, rb, true);
    scan(rb, ra, false);
    // A circle's own nearest point, on the true curve rather than its outline.
    if (a.base.shape == BaseShape::Circle) best.a = nearestPointOfBase(a, best.b);
    if (b.base.shape == BaseShape::Circle) best.b = nearestPointOfBase(b, best.a);
    return best;
}

Ring rangeOutline(const Model& model, double inches, int steps) {
    // The base is convex: pushed out by r, its boundary in the direction n is the base's
    // farthest point that way plus r n (the Minkowski sum with a disc).
    const Ring outline = baseOutline(model);
    const bool circle = model.base.shape == BaseShape::Circle;
    Ring ring;
    ring.reserve(steps);
    for (int i = 0; i < steps; ++i) {
        const double t = 2.0 * std::numbers::pi * i / steps;
        const Vec2 n{std::cos(t), std::sin(t)};
        Vec2 support = model.position + n * halfLengthIn(model.base);
        if (!circle) {
            double best = -HUGE_VAL;
            for (const Vec2& v : outline)
                if (const double d = v.x * n.x + v.y * n.y; d > best) {
                    best = d;
                    support = v;
                }
        }
        ring.push_back(support + n * inches);
    }
    return ring;
}

std::vector<Vec2> basePoints(const Model& model, int count, bool edge) {
    const Ring outline = baseOutline(model);
    const auto [lo, hi] = boundsOf(outline);
    const double g = std::sqrt(std::abs(signedArea(outline)) / count);
    std::vector<Vec2> points;
    if (edge) {
        double walked = g;
        for (size_t i = 0; i < outline.size(); ++i) {
            if (walked >= g) {
                points.push_back(outline[i]);
                walked = 0;
            }
            const Vec2 d = outline[(i + 1) % outline.size()] - outline[i];
            walked += std::hypot(d.x, d.y);
        }
    }
    // Inside the curve by more than the outline's largest gap from it: inside the outline.
    const BaseTest inside(model, -(kOutlineErrorMm / kMmPerInch + 1e-6));
    for (double y = lo.y + g / 2; y < hi.y; y += g)
        for (double x = lo.x + g / 2; x < hi.x; x += g)
            if (inside.contains({x, y})) points.push_back({x, y});
    return points;
}

std::vector<Vec2> samplePoints(const Model& model, int count) {
    static constexpr double kAngles[] = {0, 90, 180, 270, 45, 135, 225, 315};
    std::vector<Vec2> points{model.position};
    for (int i = 0; i + 1 < count && i < 8; ++i) points.push_back(boundaryPoint(model, kAngles[i]));
    return points;
}

}  // namespace sl
