// Full shadows (shadows.h): the arcs of directions in which a disc reaches past a convex part
// of a piece, and whether two such arcs meet.
#include "analysis/shadows.h"

#include "kernel/base.h"
#include "kernel/polygon.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>

namespace sl::analysis {

namespace {

constexpr double kTwoPi = 2 * std::numbers::pi;
// Angles this close are not trusted to be apart: far above the rounding of the arcs' ends
// (a disc is kept 1e-4" clear of the part, so no arccosine is taken near 1).
constexpr double kAngle = 1e-9;
constexpr double kClear = 1e-4;

// What a disc sees of a convex part: the directions n in which the part reaches past the
// disc (h_K(n) > h_disc(n)) are the open arc (lo, hi); its corners lie in the directions
// [from, from + span] from the centre; `near` is the part's distance from the centre.
struct Arc {
    double lo, hi, from, span, near;
};

// Nothing when the disc (grown by `clear`) meets the part.
std::optional<Arc> arcOf(Vec2 centre, double radius, const Ring& part, double clear) {
    const size_t n = part.size();
    double near = 1e300;
    bool outside = false;
    for (size_t i = 0; i < n; ++i) {
        const Vec2 a = part[i], b = part[(i + 1) % n];
        const Vec2 e = b - a, w = centre - a;
        if (e.x * w.y - e.y * w.x < 0) outside = true;
        const double len2 = e.x * e.x + e.y * e.y;
        const double t = len2 > 0 ? std::clamp((e.x * w.x + e.y * w.y) / len2, 0.0, 1.0) : 0.0;
        const Vec2 d = w - e * t;
        near = std::min(near, std::sqrt(d.x * d.x + d.y * d.y));
    }
    if (!outside || near <= radius + clear) return std::nullopt;
    const Vec2 ref = part[0] - centre;
    double lo = 1e300, hi = -1e300, from = 1e300, to = -1e300;
    for (const Vec2& v : part) {
        const Vec2 w = v - centre;
        const double theta = std::atan2(ref.x * w.y - ref.y * w.x, ref.x * w.x + ref.y * w.y);
        const double alpha = std::acos(radius / std::sqrt(w.x * w.x + w.y * w.y));
        lo = std::min(lo, theta - alpha);
        hi = std::max(hi, theta + alpha);
        from = std::min(from, theta);
        to = std::max(to, theta);
    }
    const double base = std::atan2(ref.y, ref.x);
    return Arc{base + lo, base + hi, base + from, to - from, near};
}

// x reduced to [0, 2 pi).
double turn(double x) {
    x = std::fmod(x, kTwoPi);
    return x < 0 ? x + kTwoPi : x;
}

}  // namespace

PieceParts::PieceParts(const Scenario& scenario) {
    // (Traced outlines wiggle: their parts are taken from a ring inside that does not.)
    constexpr double kCut = 0.01;  // square inches
    for (int i = 0; i < static_cast<int>(scenario.terrain.size()); ++i) {
        const Polygon& footprint = scenario.terrain[static_cast<size_t>(i)].footprint;
        if (!footprint.holes.empty() || footprint.outer.size() < 3) continue;
        for (Ring& ring : convexParts(Polygon{innerRing(footprint.outer, kCut), {}})) parts_.push_back({i, std::move(ring)});
    }
}

double boundingRadius(const Base& base) {
    const double a = halfLengthIn(base), b = halfWidthIn(base);
    return base.shape == BaseShape::Rect ? std::hypot(a, b) : std::max(a, b);
}

FullShadows::FullShadows(const PieceParts& parts, const Scenario& scenario, const Model& observer, double targetTop)
    : eye_(observer.position) {
    const double radius = boundingRadius(observer.base) + kMargin;
    const double above = std::max(observer.top(), targetTop);
    halfWidth_ = scenario.ruleset.sight_line_width_mm / kMmPerInch / 2.0;
    for (const PieceParts::Part& part : parts.parts()) {
        const TerrainPiece& piece = scenario.terrain[static_cast<size_t>(part.piece)];
        const std::optional<Arc> arc = arcOf(eye_, radius, part.ring, kClear + halfWidth_);
        if (!arc) continue;
        shades_.push_back({part.ring, part.piece, piece.kind == TerrainKind::Feature && piece.height > above, arc->lo, arc->hi,
                           arc->from, arc->span, arc->near});
    }
}

bool FullShadows::hides(Vec2 centre, double radius, const std::vector<int>& walls) const {
    const Vec2 w = centre - eye_;
    const double distance = std::sqrt(w.x * w.x + w.y * w.y), direction = std::atan2(w.y, w.x);
    for (const Shade& s : shades_) {
        if (!s.tall && std::find(walls.begin(), walls.end(), s.piece) == walls.end()) continue;
        // The centre line must cross the part: the target lies beyond it, in its directions.
        if (distance <= s.near || turn(direction - s.from) > s.span) continue;
        const std::optional<Arc> target = arcOf(centre, radius + kMargin, s.ring, kClear + halfWidth_);
        if (!target) continue;
        // The directions where the target reaches past the part, [target->hi, target->lo + 2 pi],
        // all within the observer's (s.lo, s.hi), where the observer does not.
        const double start = turn(target->hi - s.lo), length = target->lo + kTwoPi - target->hi;
        if (start > kAngle && start + length < s.hi - s.lo - kAngle) return true;
    }
    return false;
}

namespace {

double dot(Vec2 a, Vec2 b) { return a.x * b.x + a.y * b.y; }

Vec2 unit(Vec2 v) {
    const double l = std::sqrt(dot(v, v));
    return l > 0 ? v * (1 / l) : Vec2{1, 0};
}

}  // namespace

Obstacles::Obstacles(const Scenario& scenario)
    : margin_(scenario.ruleset.sight_line_width_mm / kMmPerInch / 2.0 + kClear) {
    auto add = [&](Ring ring, double round, int model) {
        Bounds box = boundsOf(ring);
        box.lo = box.lo - Vec2{round, round};
        box.hi = box.hi + Vec2{round, round};
        shapes_.push_back({std::move(ring), round, box.lo, box.hi, model});
    };
    for (const TerrainPiece& piece : scenario.terrain) {
        if (piece.footprint.outer.size() < 3) continue;
        // (A traced outline's wiggles filled in first: fewer parts, each a little larger.)
        for (Ring& ring : coveringParts(piece.footprint.outer, 0.01)) add(std::move(ring), 0, -1);
    }
    for (int i = 0; i < static_cast<int>(scenario.models.size()); ++i) {
        const Model& m = scenario.models[static_cast<size_t>(i)];
        add(Ring{m.position}, boundingRadius(m.base), i);
    }
}

// Whether the hull of the apex and the disc, grown by the margin, and the shape, grown by
// its own radius, are apart: some direction n in which the one ends before the other
// begins. Where two convex sets are apart, the direction between their closest points
// does: a normal of one of the shape's edges, of one of the hull's two tangents, or the
// direction to one of the shape's corners from the apex or from the disc's centre; each is
// tried. (A direction found is a proof; rounding is far below the margin.)
bool Obstacles::clearOf(const Shape& shape, Vec2 apex, Vec2 centre, double radius) const {
    const double grow = margin_ + shape.round;
    auto apart = [&](Vec2 n) {
        double least = 1e300;
        for (const Vec2& v : shape.ring) least = std::min(least, dot(n, v));
        return std::max(dot(n, apex), dot(n, centre) + radius) + grow < least;
    };
    const size_t k = shape.ring.size();
    for (size_t i = 0; k > 1 && i < k; ++i) {
        const Vec2 e = shape.ring[(i + 1) % k] - shape.ring[i];
        if (apart(unit(Vec2{e.y, -e.x}) * -1.0)) return true;  // (from the hull towards the part)
    }
    const Vec2 d = centre - apex;
    const double l = std::sqrt(dot(d, d));
    if (l > radius) {
        const Vec2 u = d * (1 / l), w{-u.y, u.x};
        const double c = -radius / l, s = std::sqrt(std::max(0.0, 1 - c * c));
        if (apart(u * c + w * s) || apart(u * c - w * s)) return true;
    }
    for (const Vec2& v : shape.ring)
        if (apart(unit(v - centre)) || apart(unit(v - apex))) return true;
    return false;
}

bool Obstacles::discClear(Vec2 centre, double radius) const {
    const double r = radius + margin_;
    for (const Shape& s : shapes_) {
        if (centre.x + r < s.lo.x || s.hi.x < centre.x - r || centre.y + r < s.lo.y || s.hi.y < centre.y - r) continue;
        if (!clearOf(s, centre, centre, radius)) return false;
    }
    return true;
}

bool Obstacles::coneClear(Vec2 apex, Vec2 centre, double radius, int skip) const {
    const double r = radius + margin_;
    const Vec2 lo{std::min(apex.x - margin_, centre.x - r), std::min(apex.y - margin_, centre.y - r)};
    const Vec2 hi{std::max(apex.x + margin_, centre.x + r), std::max(apex.y + margin_, centre.y + r)};
    for (const Shape& s : shapes_) {
        if (s.model == skip && skip >= 0) continue;
        if (hi.x < s.lo.x || s.hi.x < lo.x || hi.y < s.lo.y || s.hi.y < lo.y) continue;
        if (!clearOf(s, apex, centre, radius)) return false;
    }
    return true;
}

OpenViews::OpenViews(const Obstacles& obstacles, const Scenario& scenario, int observer)
    : obstacles_(&obstacles), observer_(observer) {
    const Model& m = scenario.models[static_cast<size_t>(observer)];
    apexes_.push_back(m.position);
    const Ring outline = baseOutline(m);
    const size_t step = std::max<size_t>(1, outline.size() / 8);
    for (size_t i = 0; i < outline.size(); i += step) apexes_.push_back(m.position + (outline[i] - m.position) * 0.8);
}

bool OpenViews::open(Vec2 centre, double radius) const {
    for (const Vec2& apex : apexes_)
        if (obstacles_->coneClear(apex, centre, radius, observer_)) return true;
    return false;
}

}  // namespace sl::analysis
