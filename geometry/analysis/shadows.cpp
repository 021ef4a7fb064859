// Full shadows (shadows.h): the arcs of directions in which a disc reaches past a convex part
// of a piece, and whether two such arcs meet.
#include "analysis/shadows.h"

#include "kernel/base.h"
#include "kernel/exact.h"
#include "kernel/polygon.h"
#include "rules/rulings.h"

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
// disc (h_K(n) > h_disc(n)) are the open arc (lo, hi), loDir and hiDir as unit vectors (to
// rounding); its corners lie in the directions [from, from + span] from the centre; `near`
// is the part's distance from the centre.
struct Arc {
    double lo, hi, from, span, near;
    Vec2 loDir, hiDir;
};

// Nothing when the disc (grown by `clear`) meets the part.
std::optional<Arc> arcOf(Vec2 centre, double radius, std::span<const Vec2> part, double clear) {
    const size_t n = part.size();
    double near2 = 1e300;  // (squared: one root for the nearest, the same as the least root)
    bool outside = false;
    for (size_t i = 0; i < n; ++i) {
        const Vec2 a = part[i], b = part[(i + 1) % n];
        const Vec2 e = b - a, w = centre - a;
        if (e.x * w.y - e.y * w.x < 0) outside = true;
        const double len2 = e.x * e.x + e.y * e.y;
        const double t = len2 > 0 ? std::clamp((e.x * w.x + e.y * w.y) / len2, 0.0, 1.0) : 0.0;
        const Vec2 d = w - e * t;
        near2 = std::min(near2, d.x * d.x + d.y * d.y);
    }
    const double near = std::sqrt(near2);
    if (!outside || near <= radius + clear) return std::nullopt;
    const Vec2 ref = part[0] - centre;
    double lo = 1e300, hi = -1e300, from = 1e300, to = -1e300;
    size_t atLo = 0, atHi = 0;
    for (size_t i = 0; i < n; ++i) {
        const Vec2 w = part[i] - centre;
        // (The first corner's turn from itself is 0, as atan2 gives it.)
        const double theta = i == 0 ? 0.0 : std::atan2(ref.x * w.y - ref.y * w.x, ref.x * w.x + ref.y * w.y);
        const double alpha = std::acos(radius / std::sqrt(w.x * w.x + w.y * w.y));
        if (theta - alpha < lo) {
            lo = theta - alpha;
            atLo = i;
        }
        if (theta + alpha > hi) {
            hi = theta + alpha;
            atHi = i;
        }
        from = std::min(from, theta);
        to = std::max(to, theta);
    }
    const double base = std::atan2(ref.y, ref.x);
    // (The corner's direction turned by its alpha, whose cosine is radius / distance.)
    auto turned = [&](size_t i, double sign) {
        const Vec2 w = part[i] - centre;
        const double d = std::sqrt(w.x * w.x + w.y * w.y), c = radius / d, sn = sign * std::sqrt(std::max(0.0, 1 - c * c));
        return Vec2{(w.x * c - w.y * sn) / d, (w.x * sn + w.y * c) / d};
    };
    return Arc{base + lo, base + hi, base + from, to - from, near, turned(atLo, -1), turned(atHi, 1)};
}

double dot(Vec2 a, Vec2 b) { return a.x * b.x + a.y * b.y; }

// A number that grows with v's turn from `ref` over (-pi, pi], without trigonometry: 0 along
// ref, 1 and -1 a quarter turn either way, 2 half a turn round (v not zero).
double turnKey(Vec2 ref, Vec2 v) {
    const double along = dot(ref, v), across = ref.x * v.y - ref.y * v.x;
    const double key = 1 - along / (std::abs(along) + std::abs(across));
    return across >= 0 ? key : -key;
}

// Whether p lies within r of the segment from a to b.
bool nearSegment(Vec2 a, Vec2 b, Vec2 p, double r) {
    const Vec2 e = b - a;
    const double len2 = dot(e, e);
    const Vec2 w = p - (a + e * (len2 > 0 ? std::clamp(dot(p - a, e) / len2, 0.0, 1.0) : 0.0));
    return dot(w, w) <= r * r;
}

// The point of the ring's outline nearest to p (its one point, for a ring of one).
Vec2 nearestOnRing(std::span<const Vec2> ring, Vec2 p) {
    Vec2 best = ring[0];
    double bestD = HUGE_VAL;
    for (size_t i = 0; i < ring.size(); ++i) {
        const Vec2 u = ring[i], e = ring[(i + 1) % ring.size()] - u;
        const double len2 = dot(e, e);
        const Vec2 q = u + e * (len2 > 0 ? std::clamp(dot(p - u, e) / len2, 0.0, 1.0) : 0.0), w = q - p;
        if (dot(w, w) < bestD) {
            bestD = dot(w, w);
            best = q;
        }
    }
    return best;
}

// Whether the segment from p to q has a point in the open interior of the convex ring
// (positively oriented), or, for a ring of one point, nearer to it than `round`: a sufficient
// test, false where rounding leaves it in doubt (the segment along a side, through a corner).
bool segmentCrosses(std::span<const Vec2> ring, double round, Vec2 p, Vec2 q) {
    if (ring.size() == 1) {
        const Vec2 d = q - p, w = ring[0] - p;
        const double len2 = dot(d, d);
        const Vec2 gap = w - d * (len2 > 0 ? std::clamp(dot(w, d) / len2, 0.0, 1.0) : 0.0);
        return dot(gap, gap) < round * round * (1 - 1e-6);
    }
    if (ring.size() < 3) return false;
    double t0 = 0, t1 = 1;
    for (size_t i = 0; i < ring.size(); ++i) {
        const Vec2 a = ring[i], e = ring[(i + 1) % ring.size()] - a;
        const double fp = e.x * (p.y - a.y) - e.y * (p.x - a.x), fq = e.x * (q.y - a.y) - e.y * (q.x - a.x);
        if (fp <= 0 && fq <= 0) return false;
        if (fp < 0) t0 = std::max(t0, fp / (fp - fq));
        else if (fq < 0) t1 = std::min(t1, fp / (fp - fq));
    }
    return t1 - t0 > 1e-6;
}

// x reduced to [0, 2 pi). Within four turns either way (differences of angles, as here) a
// turn is taken off or added exactly (Sterbenz: x and 2 pi within a factor of two), which
// is what fmod gives, at a fraction of its cost.
double turn(double x) {
    if (std::abs(x) < 2 * kTwoPi) {
        if (x >= kTwoPi) x -= kTwoPi;
        else if (x <= -kTwoPi) x += kTwoPi;
    } else {
        x = std::fmod(x, kTwoPi);
    }
    return x < 0 ? x + kTwoPi : x;
}

// Whether the convex part reaches farther than the disc in every direction of the closed arc
// [from, from + length] (h_K(n) > h_disc(n)), the disc allowed to meet the part, even to lie
// within it. The part reaches past the disc in direction n where one of its corners v does,
// (v - centre).n > radius: for a corner outside the disc, the open arc of half-width
// acos(radius / |v - centre|) about the corner's direction. The arc asked about must lie
// within the union of these, kAngle inside each.
bool reachesPastThroughout(Vec2 centre, double radius, std::span<const Vec2> part, double from, double length) {
    constexpr size_t kMost = 32;
    if (part.size() > kMost) return false;
    std::pair<double, double> spans[2 * kMost];
    size_t n = 0;
    for (const Vec2& v : part) {
        const Vec2 w = v - centre;
        const double d = std::sqrt(w.x * w.x + w.y * w.y);
        if (d <= radius) continue;
        const double alpha = std::acos(radius / d) - kAngle;
        if (alpha <= 0) continue;
        // (Measured from `from`, a turn at most; the part past a full turn starts again at 0,
        // open there as the arc is about the turn's end.)
        const double start = turn(std::atan2(w.y, w.x) - alpha - from), end = start + 2 * alpha;
        if (start < length) spans[n++] = {start, end};
        if (end > kTwoPi) spans[n++] = {-1.0, end - kTwoPi};
    }
    std::sort(spans, spans + n);
    // Swept from the arc's start: each point up to `reach` lies within an open span.
    double reach = 0;
    for (size_t i = 0; i < n && reach <= length; ++i) {
        if (spans[i].first >= reach) return false;
        reach = std::max(reach, spans[i].second);
    }
    return reach > length;
}

}  // namespace

PartShape::PartShape(std::span<const Vec2> ring, int piece, int joins) : ring(ring), piece(piece), joins(joins) {
    if (ring.empty()) return;
    const Bounds b = boundsOf(ring);
    boxLo = b.lo;
    boxHi = b.hi;
    middle = (b.lo + b.hi) * 0.5;
    for (const Vec2& v : ring) reach = std::max(reach, std::sqrt(dot(v - middle, v - middle)));
}

PieceParts::PieceParts(const Scenario& scenario, bool bridges) {
    std::vector<Part>& parts = kept_->parts;
    // (Traced outlines wiggle: their parts are taken from a ring inside that does not.)
    constexpr double kCut = 0.01;  // square inches
    std::vector<Slivers> slivers;
    for (int i = 0; i < static_cast<int>(scenario.terrain.size()); ++i) {
        const Polygon& footprint = scenario.terrain[static_cast<size_t>(i)].footprint;
        if (!footprint.holes.empty() || footprint.outer.size() < 3) continue;
        std::vector<Ring> cut;
        for (Ring& ring : convexParts(Polygon{innerRing(footprint.outer, kCut, &cut), {}})) parts.push_back({i, std::move(ring), -1});
        if (cut.empty()) continue;
        Bounds box = boundsOf(cut.front());
        for (const Ring& ring : cut) {
            const Bounds b = boundsOf(ring);
            box.lo = {std::min(box.lo.x, b.lo.x), std::min(box.lo.y, b.lo.y)};
            box.hi = {std::max(box.hi.x, b.hi.x), std::max(box.hi.y, b.hi.y)};
        }
        Slivers piece(i, box.lo, box.hi);
        piece.parts.reserve(cut.size());
        size_t count = 0;
        for (const Ring& ring : cut) count += ring.size();
        piece.corners.reserve(count);  // (the parts' rings view these: reserved, they stay put)
        for (const Ring& ring : cut) {
            const size_t first = piece.corners.size();
            piece.corners.insert(piece.corners.end(), ring.begin(), ring.end());
            piece.parts.emplace_back(std::span<const Vec2>(piece.corners).subspan(first, ring.size()), i, -1);
        }
        slivers.push_back(std::move(piece));
    }
    slivers_ = std::make_shared<const std::vector<Slivers>>(std::move(slivers));
    if (bridges) addBridges();
    kept_->shapes.reserve(parts.size());
    for (const Part& part : parts) kept_->shapes.emplace_back(part.ring, part.piece, part.joins);
}

void PieceParts::addBridges() {
    std::vector<Part>& parts = kept_->parts;
    // The bridges: b grown across a side it shares with a (the two sides on one line, run
    // opposite ways, overlapping along a segment) by the part of a within b's other sides
    // (their lines run on into a: for two walls meeting in an L, the strip of one behind
    // the other's end), where b and that part together are convex (the hull's area is the
    // sum of theirs: it holds nothing else). Only between parts of different pieces: within
    // one (a traced ruin's parts) they were many and proved nothing.
    constexpr double kOn = 1e-9, kLeast = 1e-6;
    const size_t n = parts.size();
    std::vector<Part> found;  // (added after: parts must not move while they are read)
    std::vector<Bounds> boxes;
    for (const Part& part : parts) boxes.push_back(boundsOf(part.ring));
    // The convex ring clipped to the left of the line from c0 to c1 (Sutherland-Hodgman).
    auto clip = [](const Ring& ring, Vec2 c0, Vec2 c1) {
        const Vec2 f = c1 - c0;
        auto side = [&](Vec2 p) { return f.x * (p.y - c0.y) - f.y * (p.x - c0.x); };
        Ring out;
        for (size_t k = 0; k < ring.size(); ++k) {
            const Vec2 p = ring[k], q = ring[(k + 1) % ring.size()];
            const double sp = side(p), sq = side(q);
            if (sp >= 0) out.push_back(p);
            if ((sp >= 0) != (sq >= 0)) out.push_back(p + (q - p) * (sp / (sp - sq)));
        }
        return out;
    };
    for (size_t ia = 0; ia < n; ++ia)
        for (size_t ib = 0; ib < n; ++ib) {
            const Bounds &ba = boxes[ia], &bb = boxes[ib];
            if (parts[ia].piece == parts[ib].piece || ba.hi.x < bb.lo.x - kOn || bb.hi.x < ba.lo.x - kOn || ba.hi.y < bb.lo.y - kOn || bb.hi.y < ba.lo.y - kOn)
                continue;
            const Ring &a = parts[ia].ring, &b = parts[ib].ring;
            for (size_t i = 0; i < a.size(); ++i) {
                const Vec2 a0 = a[i], a1 = a[(i + 1) % a.size()];
                const Vec2 e = a1 - a0;
                const double len = std::sqrt(dot(e, e));
                if (len < kLeast) continue;
                const Vec2 u = e * (1 / len), in{-u.y, u.x};  // (a lies to the left of its sides)
                for (size_t j = 0; j < b.size(); ++j) {
                    const Vec2 b0 = b[j], b1 = b[(j + 1) % b.size()];
                    // b's side on a's line exactly (the engine closes a seam only so: two sides
                    // a hair apart leave a line between them), run the other way, along a
                    // stretch of a's.
                    if (std::abs(dot(b0 - a0, in)) > kOn || std::abs(dot(b1 - a0, in)) > kOn || dot(b1 - b0, u) >= 0) continue;
                    if (exact::orient(a0, a1, b0) != 0 || exact::orient(a0, a1, b1) != 0) continue;
                    if (std::min(len, dot(b0 - a0, u)) - std::max(0.0, dot(b1 - a0, u)) < kLeast) continue;
                    Ring taken = a;
                    for (size_t k = 0; k < b.size() && taken.size() >= 3; ++k)
                        if (k != j) taken = clip(taken, b[k], b[(k + 1) % b.size()]);
                    if (taken.size() < 3) continue;
                    const double more = std::abs(signedArea(taken));
                    if (more < kLeast) continue;
                    std::vector<Vec2> points(b.begin(), b.end());
                    points.insert(points.end(), taken.begin(), taken.end());
                    Ring grown = convexHullOf(std::move(points));
                    const double sum = std::abs(signedArea(b)) + more;
                    if (grown.size() < 3 || std::abs(signedArea(grown)) > sum * (1 + 1e-12)) continue;
                    found.push_back({parts[ib].piece, std::move(grown), parts[ia].piece});
                }
            }
        }
    for (Part& bridge : found) parts.push_back(std::move(bridge));
}

double boundingRadius(const Base& base) {
    const double a = halfLengthIn(base), b = halfWidthIn(base);
    return base.shape == BaseShape::Rect ? std::hypot(a, b) : std::max(a, b);
}

FullShadows::FullShadows(const PieceParts& parts, const Scenario& scenario, const Model& observer, double targetTop)
    : eye_(observer.position), top_(observer.top()), above_(std::max(observer.top(), targetTop)),
      shapes_(parts.shapes()) {
    const double radius = radius_ = boundingRadius(observer.base) + kMargin;
    const double above = above_;
    halfWidth_ = scenario.ruleset.sight_line_width_mm / kMmPerInch / 2.0;
    // (A feature with a floor's gap below it or openings may let lines through: it
    // shades only where the ruleset makes it a wall, whole.)
    auto featureHeight = [&](int i) {
        const TerrainPiece& piece = scenario.terrain[static_cast<size_t>(i)];
        return piece.kind == TerrainKind::Feature && piece.bottom <= 0 && piece.openings.empty() ? piece.height : 0.0;
    };
    shades_.reserve(shapes_->size());
    for (const PartShape& part : *shapes_) {
        const TerrainPiece& piece = scenario.terrain[static_cast<size_t>(part.piece)];
        const std::optional<Arc> arc = arcOf(eye_, radius, part.ring, kClear + halfWidth_);
        if (!arc) continue;
        const double height = featureHeight(part.piece);
        // (A bridge: as high as the lower of its pieces, a barricade where either is.)
        const double joined = part.joins >= 0 ? featureHeight(part.joins) : 0.0;
        const bool barricade = piece.hasTag("barricade") ||
                               (part.joins >= 0 && scenario.terrain[static_cast<size_t>(part.joins)].hasTag("barricade"));
        shades_.push_back({&part, part.joins >= 0 ? std::min(height, joined) : height, barricade, height > above, joined > above,
                           arc->lo, arc->hi, arc->from, arc->span, arc->near, nearestOnRing(part.ring, eye_), arc->loDir, arc->hiDir});
    }
    for (size_t k = 0; k < shades_.size(); ++k) {
        const PartShape& s = *shades_[k].shape;
        if (runs_.empty() || shades_[runs_.back().begin].shape->piece != s.piece) {
            runs_.push_back({k, k + 1, s.boxLo, s.boxHi});
            continue;
        }
        Run& run = runs_.back();
        run.end = k + 1;
        run.lo = {std::min(run.lo.x, s.boxLo.x), std::min(run.lo.y, s.boxLo.y)};
        run.hi = {std::max(run.hi.x, s.boxHi.x), std::max(run.hi.y, s.boxHi.y)};
    }
    for (Run& run : runs_) {
        run.middle = (run.lo + run.hi) * 0.5;
        run.reach = std::hypot(run.hi.x - run.lo.x, run.hi.y - run.lo.y) / 2;
    }
    const double step = kTwoPi / kDirections;
    constexpr double kHair = 1e-7;  // radians: more than the rounding of the directions compared
    // (Counted, then filled.)
    auto eachList = [&](uint32_t k, const auto& take) {
        const double from = turn(shades_[k].from);
        const int first = static_cast<int>(std::floor((from - kHair) / step));
        const int last = static_cast<int>(std::floor((from + shades_[k].span + kHair) / step));
        for (int b = first; b <= last && b < first + kDirections; ++b) take(static_cast<size_t>((b % kDirections + kDirections) % kDirections));
    };
    for (uint32_t k = 0; k < shades_.size(); ++k) eachList(k, [&](size_t b) { ++directionStart_[b + 1]; });
    for (size_t b = 0; b < kDirections; ++b) directionStart_[b + 1] += directionStart_[b];
    byDirection_.resize(directionStart_[kDirections]);
    std::array<uint32_t, kDirections> filled{};
    for (uint32_t k = 0; k < shades_.size(); ++k) eachList(k, [&](size_t b) { byDirection_[directionStart_[b] + filled[b]++] = k; });
    // (Only the joint test takes slivers, and it leaves out those that meet the observer's
    // disc: no arcs.)
    slivers_ = parts.slivers();
    sliverPieces_.reserve(slivers_->size());
    for (const PieceParts::Slivers& piece : *slivers_)
        sliverPieces_.push_back({piece.piece, scenario.terrain[static_cast<size_t>(piece.piece)].hasTag("barricade"),
                                 featureHeight(piece.piece) > above, piece.lo, piece.hi});
}

bool FullShadows::hides(Vec2 centre, double radius, const std::vector<int>& walls, bool jointly) const {
    const Vec2 w = centre - eye_;
    const double distance = std::sqrt(w.x * w.x + w.y * w.y), direction = std::atan2(w.y, w.x);
    // (Every line from the observer's centre to the target crosses a part that hides it:
    // the target's directions from there, within `wide` of the centre line's, lie within
    // the part's, with a hair for rounding.)
    const double wide = (radius < distance ? std::asin(radius / distance) : std::numbers::pi / 2) - 1e-9;
    // The centre line must cross the part: the target lies beyond it, in its directions.
    auto behind = [&](const Shade& s) {
        if (distance <= s.near) return false;
        const double along = turn(direction - s.from);
        return along <= s.span && along >= wide && along <= s.span - wide;
    };
    const int bucket = std::min(kDirections - 1, static_cast<int>(turn(direction) / (kTwoPi / kDirections)));
    for (uint32_t at = directionStart_[static_cast<size_t>(bucket)]; at < directionStart_[static_cast<size_t>(bucket) + 1]; ++at) {
        const Shade& s = shades_[byDirection_[at]];
        if (!behind(s) || !blocks(s, walls) || besideShadow(s, centre, radius + kMargin)) continue;
        const std::optional<Arc> target = arcOf(centre, radius + kMargin, s.shape->ring, kClear + halfWidth_);
        if (!target) continue;
        // The directions where the target reaches past the part, [target->hi, target->lo + 2 pi],
        // all within the observer's (s.lo, s.hi), where the observer does not.
        const double start = turn(target->hi - s.lo), length = target->lo + kTwoPi - target->hi;
        if (start > kAngle && start + length < s.hi - s.lo - kAngle) return true;
    }
    // (A model taller than both tops, in the same way.)
    for (const Shade& s : modelShades_) {
        if (!s.tall || !behind(s) || besideShadow(s, centre, radius + kMargin)) continue;
        const std::optional<Arc> target = arcOf(centre, radius + kMargin, s.shape->ring, kClear + halfWidth_);
        if (!target) continue;
        const double start = turn(target->hi - s.lo), length = target->lo + kTwoPi - target->hi;
        if (start > kAngle && start + length < s.hi - s.lo - kAngle) return true;
    }
    return jointly && hidesJointly(centre, radius, walls);
}

void FullShadows::addModels(const Scenario& scenario, const Model& observer, int skip) {
    modelShapes_.reserve(modelShapes_.size() + scenario.models.size());
    modelShades_.reserve(modelShades_.size() + scenario.models.size());
    // (Every ruleset's lines meet the models but those of the two units: Scene::ignoredModels.)
    for (int i = 0; i < static_cast<int>(scenario.models.size()); ++i) {
        const Model& m = scenario.models[static_cast<size_t>(i)];
        // (A model on a floor or a hill leaves a gap below it: not taken.)
        if (i == skip || m.unit == observer.unit || m.elevation != 0 || m.top() <= 0) continue;
        // (Every k-th corner of its outline, whose corners lie on the base's edge: the
        // polygon they make lies within the base.)
        const Ring outline = baseOutline(m);
        const size_t step = std::max<size_t>(1, outline.size() / 24);
        Ring ring;
        for (size_t k = 0; k < outline.size(); k += step) ring.push_back(outline[k]);
        const std::optional<Arc> arc = arcOf(eye_, radius_, ring, kClear + halfWidth_);
        if (!arc) continue;
        const Vec2 nearEye = nearestOnRing(ring, eye_);
        modelShapes_.emplace_back(modelRings_.emplace_back(std::move(ring)), -1, -1);
        modelShades_.push_back({nullptr, m.top(), false, m.top() > above_, false, arc->lo, arc->hi, arc->from, arc->span, arc->near,
                                nearEye, arc->loDir, arc->hiDir});
    }
    // (Pointed at once all are made: the shapes may have moved.)
    for (size_t k = 0; k < modelShades_.size(); ++k) modelShades_[k].shape = &modelShapes_[k];
}

bool FullShadows::hidesFoot(Vec2 centre, double radius, const std::vector<int>& walls, bool barricades) const {
    return hidesSomeFoot(std::span(&centre, 1), centre, 0, radius, walls, barricades).has_value();
}

bool FullShadows::hidesFootBehindModel(Vec2 centre, double radius) const {
    return hidesSomeFoot(std::span(&centre, 1), centre, 0, radius, {}, true, true).has_value();
}

std::optional<Vec2> FullShadows::hidesSomeFoot(std::span<const Vec2> feet, Vec2 around, double reach, double radius,
                                               const std::vector<int>& walls, bool barricades, bool byModels) const {
    if (top_ <= 0) return std::nullopt;
    // The parts some foot within the disc could lie behind (beyond their nearest point and
    // within their directions, the disc's angle seen from the observer allowed, with a hair),
    // each with whether it is a wall.
    thread_local std::vector<std::pair<const Shade*, bool>> behind;
    behind.clear();
    const Vec2 w = around - eye_;
    const double distance = std::sqrt(w.x * w.x + w.y * w.y), direction = std::atan2(w.y, w.x);
    const double half = distance > reach ? std::asin(reach / distance) + 1e-9 : std::numbers::pi;
    for (const Shade& s : byModels ? modelShades_ : shades_) {
        if ((s.barricade && !barricades) || distance + reach <= s.near) continue;
        if (half < std::numbers::pi && turn(direction - half - s.from) > s.span && turn(s.from - (direction - half)) > 2 * half) continue;
        const bool wall = byModels ? s.tall : blocks(s, walls);  // (looked up only for the parts left)
        if (!wall && s.height <= 0) continue;
        behind.emplace_back(&s, wall);
    }
    for (const Vec2& foot : feet)
        for (const auto& [s, wall] : behind)
            if (footBehind(*s, wall, foot, radius)) return foot;
    return std::nullopt;
}

bool FullShadows::besideShadow(const Shade& s, Vec2 centre, double radius) {
    constexpr double kBeside = 1e-6;  // inches: far above the rounding of the arcs' ends
    for (const Vec2 n : {s.loDir, s.hiDir}) {
        double most = -HUGE_VAL;
        for (const Vec2& v : s.shape->ring) most = std::max(most, dot(n, v - centre));
        if (most < radius - kBeside) return true;
    }
    return false;
}

bool FullShadows::footBehind(const Shade& s, bool wall, Vec2 centre, double radius) const {
    const Vec2 w = centre - eye_;
    const double distance = std::sqrt(w.x * w.x + w.y * w.y), direction = std::atan2(w.y, w.x);
    const double around = radius + kMargin;
    // As in hides: the centre line must cross the part (the scaled disc's centre lies on it).
    if (distance <= s.near || turn(direction - s.from) > s.span || besideShadow(s, centre, around)) return false;
    const std::optional<Arc> target = arcOf(centre, around, s.shape->ring, kClear + halfWidth_);
    if (!target) return false;
    // The lines from the target's disc to the observer's scaled by `share` towards it end
    // in a disc between the two; a wall or a part as high as the observer's top: all of it.
    const double share = wall ? 1.0 : std::min(1.0, s.height / top_);
    double lo = s.lo, hi = s.hi;
    if (share < 1) {
        const Vec2 scaled = centre + (eye_ - centre) * share;
        const double scaledRadius = share * radius_ + (1 - share) * around;
        const std::optional<Arc> seen = arcOf(scaled, scaledRadius, s.shape->ring, kClear + halfWidth_);
        if (!seen) {
            // The scaled disc meets the part (the lines enter it through its top: a thin
            // wall, the foot near the end of its shadow). A line from the foot to a point
            // of the disc within the part ends in its interior; to one beyond it, it
            // crosses the part: no line misses the part where, in every direction the
            // target reaches past it, the part reaches past the disc.
            return reachesPastThroughout(scaled, scaledRadius + kClear, s.shape->ring, target->hi - kAngle,
                                         target->lo + kTwoPi - target->hi + 2 * kAngle);
        }
        lo = seen->lo;
        hi = seen->hi;
    }
    const double start = turn(target->hi - lo), length = target->lo + kTwoPi - target->hi;
    return start > kAngle && start + length < hi - lo - kAngle;
}

namespace {

// The line of direction phi, (cos phi, sin phi), is the set of points x with n(phi).x = p,
// n(phi) = (-sin phi, cos phi): p is its offset. Over a range of directions each point's
// offset is bounded exactly (a sinusoid: its values at the ends, or its peak within).
struct Span {
    double lo, hi;
};

struct Directions {
    double c0, s0, c1, s1, cm, sm;  // cos and sin at the two ends and the middle
};

constexpr double kOffsetEps = 1e-9;  // inches: rounding of an offset, far below it

[[gnu::always_inline]] inline Span offsets(const Directions& d, Vec2 v) {
    const double a = -v.x * d.s0 + v.y * d.c0, b = -v.x * d.s1 + v.y * d.c1;
    Span out{std::min(a, b), std::max(a, b)};
    // A peak within: n(phi) turns past v or -v, where n x v changes sign.
    const double x0 = -d.s0 * v.y - d.c0 * v.x, x1 = -d.s1 * v.y - d.c1 * v.x;
    if ((x0 <= 0) != (x1 < 0) || x0 == 0 || x1 == 0) {
        const double len = std::sqrt(v.x * v.x + v.y * v.y);
        if (-v.x * d.sm + v.y * d.cm > 0) out.hi = len;
        else out.lo = -len;
    }
    return out;
}

// The offsets of the lines in the directions d that meet both discs (about a and b), with a
// hair for rounding: empty (lo > hi) where none does.
Span needed(const Directions& d, Vec2 a, double ra, Vec2 b, double rb) {
    const Span oa = offsets(d, a), ob = offsets(d, b);
    return {std::max(oa.lo - ra, ob.lo - rb) - kOffsetEps, std::min(oa.hi + ra, ob.hi + rb) + kOffsetEps};
}

// Whether a part within `reach` of `centre` lies, over the directions d, wholly beside the
// offsets `need`, its band's half width hw about it: each of its corners' offsets lies
// within the centre's grown by the reach, so the offsets it stops (hidesJointly's cover)
// hold none of `need` (a hair more than their rounding allowed). The same holds over every
// range of directions within d, whose offsets needed lie within these.
bool beside(const Directions& d, Vec2 centre, double reach, double hw, const Span& need) {
    const Span around = offsets(d, centre);
    const double slack = hw + reach + 1e-9 * (1 + std::abs(around.lo) + std::abs(around.hi) + reach);
    return around.hi + slack < need.lo || around.lo - slack > need.hi;
}

}  // namespace

bool FullShadows::hidesJointly(Vec2 centre, double radius, const std::vector<int>& walls, bool barricades, bool models) const {
    return jointlyWithSlivers(centre, radius, walls, barricades, models).hidden;
}

bool FullShadows::hidesJointly(Vec2 centre, double radius, const std::vector<int>& walls, std::optional<Vec2>& openNear) const {
    const Joint j = jointlyWithSlivers(centre, radius, walls, true, true);
    openNear.reset();
    if (j.hidden || (j.direction.x == 0 && j.direction.y == 0)) return j.hidden;
    // The line of direction j.direction whose offset about the middle of the two centres
    // is the middle of those left open; its point nearest the target's centre.
    const Vec2 n{-j.direction.y, j.direction.x}, b = (centre - eye_) * 0.5;
    openNear = centre + n * ((j.lo + j.hi) / 2 - dot(n, b));
    return false;
}

FullShadows::Joint FullShadows::jointlyWithSlivers(Vec2 centre, double radius, const std::vector<int>& walls, bool barricades,
                                                   bool models) const {
    // (Every line between the two discs, grown as jointly grows them, lies within the larger
    // radius of the segment between their centres; its band within half the width more.)
    const Along along{eye_, centre, std::max(radius_ + kClear, radius + kMargin + kClear) + halfWidth_ + 1e-6};
    const Joint first = jointly(centre, radius, [&](Vec2 lo, Vec2 hi, const auto& consider) {
        forEachCandidate(lo, hi, walls, barricades, models, [&](const Shade& s) { consider(*s.shape, &s.nearEye); }, &along);
    });
    if (first.hidden || !sliversMayClose(first, centre, walls, barricades)) return first;
    return jointly(centre, radius, [&](Vec2 lo, Vec2 hi, const auto& consider) {
        forEachCandidate(lo, hi, walls, barricades, models, [&](const Shade& s) { consider(*s.shape, &s.nearEye); }, &along);
        forEachSliver(lo, hi, walls, barricades, [&](const PartShape& s) { consider(s, nullptr); });
    });
}

bool FullShadows::hidesSomeFootJointly(std::span<const Vec2> feet, double radius, const std::vector<int>& walls, bool barricades,
                                       size_t* hiddenAt) const {
    return someFootJointly(feet, radius, walls, barricades, false, hiddenAt);
}

bool FullShadows::hidesSomeFootJointlyWithModels(std::span<const Vec2> feet, double radius, const std::vector<int>& walls,
                                                 bool barricades) const {
    return someFootJointly(feet, radius, walls, barricades, true);
}

bool FullShadows::someFootJointly(std::span<const Vec2> feet, double radius, const std::vector<int>& walls, bool barricades,
                                  bool models, size_t* hiddenAt) const {
    if (feet.empty() || (models && (modelShades_.empty() || top_ <= 0))) return false;
    // The parts near any foot's lines, picked out once: those near the box of every foot's
    // disc and the observer's, grown as jointly grows them.
    const double ra = radius_ + kClear, rb = radius + kMargin + kClear;
    Vec2 lo = eye_ - Vec2{ra, ra}, hi = eye_ + Vec2{ra, ra};
    for (const Vec2& f : feet) {
        lo = {std::min(lo.x, f.x - rb), std::min(lo.y, f.y - rb)};
        hi = {std::max(hi.x, f.x + rb), std::max(hi.y, f.y + rb)};
    }
    // (Each with its point nearest the observer's centre, where known: none for a sliver.)
    thread_local std::vector<std::pair<const PartShape*, const Vec2*>> parts;
    parts.clear();
    forEachCandidate(lo, hi, walls, barricades, false, [&](const Shade& s) { parts.emplace_back(s.shape, &s.nearEye); });
    // And the lower features, each where every line from the observer's top to a foot that
    // meets it passes below its top there: such a line is below height h over the last
    // h / top of its length (as in hidesFoot), so a part counts where all of it lies farther
    // from every point of the observer's disc than (1 - h / top) times the longest of those
    // lines. (A band's points lie as high as its middle line's beside them: the distances
    // are taken half a band's width short and long. The parts are few beside the feet's
    // decisions: all of them are looked at, not by piece as forEachCandidate does.)
    {
        double longest = 0;
        for (const Vec2& f : feet) longest = std::max(longest, std::hypot(f.x - eye_.x, f.y - eye_.y));
        longest += ra + rb + 2 * halfWidth_;
        for (const Shade& s : shades_)
            if (s.height > 0 && (barricades || !s.barricade) && !blocks(s, walls) && s.meets(lo, hi) &&
                (s.near - ra - halfWidth_) * (1 - 1e-9) > (1 - std::min(1.0, s.height / top_)) * longest * (1 + 1e-9) + 1e-9)
                parts.emplace_back(s.shape, &s.nearEye);
    }
    // (Only a model near some line from the observer's disc to a foot's changes what the
    // terrain alone said: one within the discs' reach of the segment between their centres,
    // for these feet the segment to their middle, their spread allowed.)
    const double wide = std::max(ra, rb) + halfWidth_ + 1e-6;
    auto nearLines = [&](const PartShape& s, Vec2 to, double spread) { return nearSegment(eye_, to, s.middle, s.reach + wide + spread); };
    const size_t terrain = parts.size();
    if (models) {
        Vec2 middle{};
        for (const Vec2& f : feet) middle = middle + f;
        middle = middle * (1.0 / static_cast<double>(feet.size()));
        double spread = 0;
        for (const Vec2& f : feet) spread = std::max(spread, std::hypot(f.x - middle.x, f.y - middle.y));
        for (const Shade& s : modelShades_)
            if (s.height >= top_ && s.meets(lo, hi) && nearLines(*s.shape, middle, spread)) parts.emplace_back(s.shape, &s.nearEye);
        if (parts.size() < terrain + 2) return false;
    }
    // (The slivers among them, once a foot leaves a narrow gap.)
    const size_t whole = parts.size();
    bool slivers = false;
    const auto hidden = std::ranges::find_if(feet, [&](const Vec2& foot) {
        if (models && std::none_of(parts.begin() + static_cast<std::ptrdiff_t>(terrain), parts.begin() + static_cast<std::ptrdiff_t>(whole),
                                   [&](const auto& s) { return nearLines(*s.first, foot, 0); }))
            return false;
        auto upTo = [&](size_t count) {
            return [&, count](Vec2, Vec2, const auto& consider) {
                for (size_t k = 0; k < count; ++k) consider(*parts[k].first, parts[k].second);
            };
        };
        const Joint first = jointly(foot, radius, upTo(whole));
        if (first.hidden || !sliversMayClose(first, foot, walls, barricades)) return first.hidden;
        if (!slivers) {
            slivers = true;
            forEachSliver(lo, hi, walls, barricades, [&](const PartShape& s) { parts.emplace_back(&s, nullptr); });
        }
        return parts.size() > whole && jointly(foot, radius, upTo(parts.size())).hidden;
    });
    if (hidden == feet.end()) return false;
    if (hiddenAt) *hiddenAt = static_cast<size_t>(hidden - feet.begin());
    return true;
}

bool FullShadows::sliversMayClose(const Joint& first, Vec2 centre, const std::vector<int>& walls, bool barricades) const {
    if (first.hidden || !(first.hi > first.lo) || first.hi - first.lo >= kSliverGap || sliverPieces_.empty()) return false;
    const Vec2 mid = (eye_ + centre) * 0.5, d = first.direction;
    thread_local std::vector<std::pair<double, double>> spans;
    spans.clear();
    forEachSliver(first.boxLo, first.boxHi, walls, barricades, [&](const PartShape& s) {
        double lo = HUGE_VAL, hi = -HUGE_VAL;
        for (const Vec2& v : s.ring) {
            // (The offset as offsets() gives it in one direction, without its check for a peak.)
            const double o = -(v.x - mid.x) * d.y + (v.y - mid.y) * d.x;
            lo = std::min(lo, o);
            hi = std::max(hi, o);
        }
        if (hi + halfWidth_ > first.lo && lo - halfWidth_ < first.hi) spans.emplace_back(lo - halfWidth_, hi + halfWidth_);
    });
    std::sort(spans.begin(), spans.end());
    double reach = first.lo;
    for (const auto& [lo, hi] : spans) {
        if (lo > reach) break;
        reach = std::max(reach, hi);
    }
    return reach >= first.hi;
}

template <class Consider>
void FullShadows::forEachSliver(Vec2 lo, Vec2 hi, const std::vector<int>& walls, bool barricades, const Consider& consider) const {
    for (size_t g = 0; g < sliverPieces_.size(); ++g) {
        const SliverPiece& piece = sliverPieces_[g];
        if (piece.hi.x < lo.x || hi.x < piece.lo.x || piece.hi.y < lo.y || hi.y < piece.lo.y) continue;
        if (!(piece.tall || isWall(walls, piece.piece)) || (piece.barricade && !barricades)) continue;
        for (const PartShape& s : (*slivers_)[g].parts)
            if (s.meets(lo, hi)) consider(s);
    }
}

template <class Consider>
void FullShadows::forEachCandidate(Vec2 lo, Vec2 hi, const std::vector<int>& walls, bool barricades, bool models,
                                   const Consider& consider, const Along* along) const {
    const Vec2 e = along ? along->b - along->a : Vec2{};
    const double len2 = dot(e, e);
    for (const Run& run : runs_) {
        if (run.hi.x < lo.x || hi.x < run.lo.x || run.hi.y < lo.y || hi.y < run.lo.y) continue;
        if (along) {
            const Vec2 q = along->a + e * (len2 > 0 ? std::clamp(dot(run.middle - along->a, e) / len2, 0.0, 1.0) : 0.0),
                       w = run.middle - q;
            const double r = run.reach + along->wide;
            if (dot(w, w) > r * r) continue;
        }
        for (size_t k = run.begin; k < run.end; ++k) {
            const Shade& s = shades_[k];
            if (s.meets(lo, hi) && blocks(s, walls) && (barricades || !s.barricade)) consider(s);
        }
    }
    if (models)
        for (const Shade& s : modelShades_)
            if (s.tall && s.meets(lo, hi)) consider(s);
}

template <class EachPart>
FullShadows::Joint FullShadows::jointly(Vec2 centre, double radius, const EachPart& eachPart) const {
    constexpr double kEps = kOffsetEps;
    constexpr int kMostRanges = 256;  // ranges tried before giving up
    // Both discs grown by a hair only: a band that sees runs, as the pair engine's sight
    // lines do, from a point of the observer's base to a point of the target's (for a point
    // of the target seen across a band's end, the caller's disc is grown by half the band's
    // width: hidesSomeFootJointly's feet), and its centre line stays half its width from
    // every part (a line of offset p meets a part's band where p lies within the part's
    // offsets grown by half the width). A part counts where it lies beyond that width from
    // both discs, so that the points of the band it meets lie between the band's ends.
    const double hw = halfWidth_;
    const double ra = radius_ + kClear, rb = radius + kMargin + kClear;
    // Coordinates about the middle, so that every offset is small.
    const Vec2 mid = (eye_ + centre) * 0.5, a = eye_ - mid, b = centre - mid;
    const Vec2 ab = b - a;
    const double gap = std::sqrt(dot(ab, ab));
    if (gap <= (ra + rb) * 1.01) return {};
    // The parts that may stand between: walls for this pair, clear of both discs, within
    // the box of the two discs. For each, its corners about the middle and the two
    // directions that separate it from the discs: it lies beyond the observer's disc and
    // before the target's along every line whose direction is within a right angle of both.
    // (The buffers are the thread's, kept from call to call: a map asks this for thousands
    // of cells.)
    struct Between {
        size_t first, count;  // its corners in `corners`
        Vec2 pastA, beforeB;
        Vec2 centre;   // of its box, about the middle
        double reach;  // from there to its farthest corner
    };
    // The directions of the lines that meet both discs: within asin((ra + rb) / gap) of ab.
    const double axis = std::atan2(ab.y, ab.x), half = std::asin((ra + rb) / gap);
    // A part whose offsets lie wholly beside those of the lines over all these directions
    // (covered, below) lies beside them over every range within: left out at once.
    const Directions all{std::cos(axis - half), std::sin(axis - half), std::cos(axis + half),
                         std::sin(axis + half), std::cos(axis), std::sin(axis)};
    const Span needAll = needed(all, a, ra, b, rb);
    thread_local std::vector<Between> between;
    thread_local std::vector<Vec2> corners;
    between.clear();
    corners.clear();
    const Vec2 lo{std::min(eye_.x - ra, centre.x - rb), std::min(eye_.y - ra, centre.y - rb)};
    const Vec2 hi{std::max(eye_.x + ra, centre.x + rb), std::max(eye_.y + ra, centre.y + rb)};
    // (The parts that stop every line for this pair, and the models taller than both tops.)
    auto consider = [&](const PartShape& s, const Vec2* nearEye) {
        if (beside(all, s.middle - mid, s.reach, hw, needAll)) return;
        const Vec2 qa = nearEye ? *nearEye : nearestOnRing(s.ring, eye_), qb = nearestOnRing(s.ring, centre);
        const Vec2 ua = qa - eye_, ub = centre - qb;
        const double da = std::sqrt(dot(ua, ua)), db = std::sqrt(dot(ub, ub));
        // (A disc within the part, or touching it: the part is not between.)
        bool inside = true;
        for (size_t i = 0; i < s.ring.size() && inside; ++i) {
            const Vec2 u = s.ring[i], e = s.ring[(i + 1) % s.ring.size()] - u;
            inside = e.x * (centre.y - u.y) - e.y * (centre.x - u.x) >= 0;
        }
        if (inside || da <= ra + hw + kClear || db <= rb + hw + kClear) return;
        const size_t first = corners.size();
        for (const Vec2& v : s.ring) corners.push_back(v - mid);
        between.push_back({first, s.ring.size(), ua * (1 / da), ub * (1 / db), s.middle - mid, s.reach});
    };
    eachPart(lo, hi, [&](const PartShape& s, const Vec2* nearEye) {
        if (s.meets(lo, hi)) consider(s, nearEye);
    });
    Joint found;
    found.boxLo = lo;
    found.boxHi = hi;
    if (between.empty()) return found;
    // (Ranges under half a radian: a corner's offset peaks at most once within one.)
    thread_local std::vector<std::pair<double, double>> ranges;
    ranges.clear();
    const int first = static_cast<int>(std::ceil(2 * half / 0.5));
    for (int i = first - 1; i >= 0; --i)
        ranges.push_back({axis - half + 2 * half * i / first, axis - half + 2 * half * (i + 1) / first});
    thread_local std::vector<Span> cover;
    // Whether every line of the directions d meets a part between. Given one direction
    // (both ends the same), a "no" means a line is open as far as the parts between tell:
    // no smaller range about it can be proven either. The offsets left open first, from the
    // least: [open.lo, open.hi].
    Span open{0, 0};
    auto covered = [&](const Directions& d) {
        // Every offset of a line meeting both discs, over the range, lies in [need.lo, need.hi].
        const Span need = needed(d, a, ra, b, rb);
        if (need.lo > need.hi) return true;  // no line meets both
        // Each part between, over the whole range: the lines with offsets in (lo, hi) cross it.
        cover.clear();
        for (const Between& t : between) {
            auto ahead = [&](Vec2 s) {  // within a right angle of the range's directions
                return s.x * d.c0 + s.y * d.s0 > kEps && s.x * d.c1 + s.y * d.s1 > kEps;
            };
            if (!ahead(t.pastA) || !ahead(t.beforeB) || beside(d, t.centre, t.reach, hw, need)) continue;
            double lo = 1e300, hi = -1e300;
            for (size_t k = t.first; k < t.first + t.count; ++k) {
                const Span o = offsets(d, corners[k]);
                lo = std::min(lo, o.hi);
                hi = std::max(hi, o.lo);
            }
            if (lo - hw + kEps < hi + hw - kEps) cover.push_back({lo - hw + kEps, hi + hw - kEps});
        }
        std::sort(cover.begin(), cover.end(), [](const Span& x, const Span& y) { return x.lo < y.lo; });
        double reach = need.lo;
        open.hi = need.hi;
        for (const Span& c : cover) {
            if (reach > need.hi) break;
            if (c.lo >= reach) {
                open.hi = std::min(c.lo, need.hi);
                break;
            }
            reach = std::max(reach, c.hi);
        }
        open.lo = reach;
        return reach > need.hi;  // every line of the range crosses a part
    };
    int tried = 0;
    while (!ranges.empty()) {
        const auto [phi0, phi1] = ranges.back();
        ranges.pop_back();
        if (++tried > kMostRanges) return found;
        const double phim = (phi0 + phi1) / 2, c = std::cos(phim), s = std::sin(phim);
        // Its middle direction alone where the range is not proven (a line open there ends
        // the search); the first range's before it, as most seen targets end the search there.
        auto openInTheMiddle = [&] {
            if (covered({c, s, c, s, c, s})) return false;
            found.direction = {c, s};
            found.lo = open.lo;
            found.hi = open.hi;
            return true;
        };
        if (tried == 1 && openInTheMiddle()) return found;
        if (covered({std::cos(phi0), std::sin(phi0), std::cos(phi1), std::sin(phi1), c, s})) continue;
        if (tried > 1 && openInTheMiddle()) return found;
        ranges.push_back({phim, phi1});
        ranges.push_back({phi0, phim});
    }
    found.hidden = true;
    return found;
}

namespace {

Vec2 unit(Vec2 v) {
    const double l = std::sqrt(dot(v, v));
    return l > 0 ? v * (1 / l) : Vec2{1, 0};
}

// A convex shape that holds the model's base, and the growth about it: a round base as its
// centre grown by its radius; a rectangle as its corners; an oval as the affine image of a
// regular polygon about a circle (its sides touch the ellipse), with enough sides that no
// corner stands more than kOvalReach off the curve, unless it is so nearly round that its
// disc is closer.
constexpr double kOvalReach = 0.02;  // inches
std::pair<Ring, double> hullOfBase(const Model& m) {
    const double a = halfLengthIn(m.base), b = halfWidthIn(m.base), big = std::max(a, b);
    if (m.base.shape == BaseShape::Circle || big <= 0) return {Ring{m.position}, boundingRadius(m.base)};
    Ring local;
    if (m.base.shape == BaseShape::Rect) {
        local = {Vec2{a, b}, Vec2{-a, b}, Vec2{-a, -b}, Vec2{a, -b}};
    } else {
        // (A corner stands big (out - 1) off the curve at most, out = 1 / cos(pi / sides).)
        const int sides = std::max(8, static_cast<int>(std::ceil(std::numbers::pi / std::acos(big / (big + kOvalReach)))));
        const double out = 1 / std::cos(std::numbers::pi / sides);
        if (big - std::min(a, b) <= (out - 1) * big) return {Ring{m.position}, big};
        for (int k = 0; k < sides; ++k) {
            const double t = 2 * std::numbers::pi * k / sides;
            local.push_back({a * out * std::cos(t), b * out * std::sin(t)});
        }
    }
    const double r = m.rotation_deg * std::numbers::pi / 180.0, c = std::cos(r), s = std::sin(r);
    Ring ring;
    for (const Vec2& l : local) ring.push_back({m.position.x + l.x * c - l.y * s, m.position.y + l.x * s + l.y * c});
    return {std::move(ring), 0.0};
}

}  // namespace

Obstacles::Shape Obstacles::shapeOf(const Scenario& scenario, Ring ring, double round, int model, int piece) {
    Bounds box = boundsOf(ring);
    box.lo = box.lo - Vec2{round, round};
    box.hi = box.hi + Vec2{round, round};
    // (An 11e feature that is an obscuring area of its own stands as a wall of unlimited
    // height, as an area does.)
    const double height = model >= 0 ? scenario.models[static_cast<size_t>(model)].top()
                          : scenario.terrain[static_cast<size_t>(piece)].kind == TerrainKind::Feature &&
                                    !obscuringFeature11e(scenario, piece)
                              ? scenario.terrain[static_cast<size_t>(piece)].height
                              : HUGE_VAL;
    const bool area = piece >= 0 && scenario.terrain[static_cast<size_t>(piece)].kind == TerrainKind::Area;
    Shape shape{std::move(ring), round, box.lo, box.hi, model, piece, area, height, {}};
    const size_t k = shape.ring.size();
    for (size_t i = 0; k > 1 && i < k; ++i) {
        // (The polygon is convex and positively oriented: along a side's inward normal its
        // nearest points are that side's.)
        const Vec2 e = shape.ring[(i + 1) % k] - shape.ring[i];
        if (e.x == 0 && e.y == 0) continue;  // (a side rounded to nothing has no normal)
        const Vec2 n = unit(Vec2{-e.y, e.x});
        shape.sides.emplace_back(n, dot(n, shape.ring[i]));
    }
    return shape;
}

Obstacles::Obstacles(const Scenario& scenario)
    : margin_(scenario.ruleset.sight_line_width_mm / kMmPerInch / 2.0 + kClear) {
    auto kept = std::make_shared<std::vector<Shape>>();
    for (int i = 0; i < static_cast<int>(scenario.terrain.size()); ++i) {
        const TerrainPiece& piece = scenario.terrain[static_cast<size_t>(i)];
        if (piece.footprint.outer.size() < 3) continue;
        // (A traced outline's wiggles filled in first: fewer parts, each a little larger.)
        for (Ring& ring : coveringParts(piece.footprint.outer, 0.01)) kept->push_back(shapeOf(scenario, std::move(ring), 0, -1, i));
    }
    for (const Shape& shape : *kept) shapes_.push_back(&shape);
    kept_ = std::move(kept);
    addModels(scenario);
}

Obstacles::Obstacles(const Obstacles& terrain, const Scenario& scenario) : kept_(terrain.kept_), margin_(terrain.margin_) {
    for (const Shape* shape : terrain.shapes_)
        if (shape->model < 0) shapes_.push_back(shape);
    addModels(scenario);
}

void Obstacles::addModels(const Scenario& scenario) {
    auto models = std::make_shared<std::vector<Shape>>();
    models->reserve(scenario.models.size());
    for (int i = 0; i < static_cast<int>(scenario.models.size()); ++i) {
        auto [ring, round] = hullOfBase(scenario.models[static_cast<size_t>(i)]);
        models->push_back(shapeOf(scenario, std::move(ring), round, i, -1));
    }
    for (const Shape& shape : *models) shapes_.push_back(&shape);
    models_ = std::move(models);
    boxed();
}

void Obstacles::boxed() {
    boxes_.clear();
    boxes_.reserve(shapes_.size());
    for (const Shape* s : shapes_) boxes_.push_back({s->lo.x, s->lo.y, s->hi.x, s->hi.y});
}

Obstacles::Obstacles(const Obstacles& all, const Scenario& scenario, double below, const std::string& unseen, bool areas,
                     double reach)
    : kept_(all.kept_), models_(all.models_), margin_(all.margin_) {
    for (const Shape* kept : all.shapes_) {
        const Shape& shape = *kept;
        if (shape.model >= 0) {
            const Model& m = scenario.models[static_cast<size_t>(shape.model)];
            if (m.top() < below || (!unseen.empty() && m.unit == unseen)) continue;
        } else {
            const TerrainPiece& piece = scenario.terrain[static_cast<size_t>(shape.piece)];
            if (piece.kind == TerrainKind::Feature ? shape.height < below : !areas) continue;
            // (A floor over every line: no line that stays below `reach` meets it. A wall
            // stands whole, from the table.)
            if (piece.kind == TerrainKind::Feature && piece.bottom > 0 && piece.bottom >= reach && shape.height != HUGE_VAL) continue;
        }
        shapes_.push_back(kept);
    }
    boxed();
}

Obstacles::Obstacles(const Obstacles& from, const Scenario& scenario, const std::vector<int>& areas)
    : kept_(from.kept_), models_(from.models_), margin_(from.margin_) {
    for (const Shape* shape : from.shapes_)
        if (shape->piece < 0 || scenario.terrain[static_cast<size_t>(shape->piece)].kind != TerrainKind::Area ||
            std::ranges::find(areas, shape->piece) != areas.end())
            shapes_.push_back(shape);
    boxed();
}

Obstacles Obstacles::withoutModels() const {
    Obstacles out = *this;
    std::erase_if(out.shapes_, [](const Shape* shape) { return shape->model >= 0; });
    out.boxed();
    return out;
}

Obstacles Obstacles::withoutAreas() const {
    Obstacles out = *this;
    std::erase_if(out.shapes_, [](const Shape* shape) { return shape->area; });
    out.boxed();
    return out;
}

std::vector<int> Obstacles::piecesMet(Vec2 centre, double radius, const std::vector<char>& among) const {
    std::vector<int> out;
    const double r = radius + margin_;
    const Vec2 lo{centre.x - r, centre.y - r}, hi{centre.x + r, centre.y + r};
    for (size_t i = 0; i < shapes_.size(); ++i) {
        if (!meets(i, lo, hi)) continue;
        const Shape& s = *shapes_[i];
        if (s.piece < 0 || static_cast<size_t>(s.piece) >= among.size() || !among[static_cast<size_t>(s.piece)] ||
            std::ranges::find(out, s.piece) != out.end())
            continue;
        if (!clearOf(s, centre, 0, centre, radius)) out.push_back(s.piece);
    }
    return out;
}

bool Obstacles::clearOf(const Shape& shape, Vec2 apex, double apexRadius, Vec2 centre, double radius) const {
    constexpr double kWithin = 1e-7;  // inches: far above the rounding of the tests
    const double grow = margin_ + shape.round;
    {
        // (The circle about its box farther from the segment between the two centres than
        // the larger radius and the growth: apart, as the hull lies within that of it.)
        const Vec2 c = (shape.lo + shape.hi) * 0.5, half = (shape.hi - shape.lo) * 0.5;
        const Vec2 d = centre - apex, w = c - apex;
        const double len2 = dot(d, d);
        const double t = len2 > 0 ? std::clamp(dot(w, d) / len2, 0.0, 1.0) : 0.0;
        const Vec2 gap = w - d * t;
        const double reach = std::sqrt(dot(half, half)) + std::max(apexRadius, radius) + margin_;
        if (dot(gap, gap) > reach * reach) return true;
    }
    // Apart along n: the hull, grown, reaches less far along n than the shape's nearest point.
    auto reach = [&](Vec2 n) { return std::max(dot(n, apex) + apexRadius, dot(n, centre) + radius) + grow; };
    auto apart = [&](Vec2 n) {
        double least = 1e300;
        for (const Vec2& v : shape.ring) least = std::min(least, dot(n, v));
        return reach(n) < least;
    };
    // Two convex shapes at a distance are apart along the line through their nearest points:
    // a side's normal where the shape's nearest point lies within a side; the normal of one
    // of the hull's two straight sides; or, where the hull's nearest point is on one of its
    // discs and the shape's at a corner, the direction from that disc's centre to its own
    // nearest point of the shape. Each is tried (a direction proves what it proves, however
    // it was found: rounding in finding it can only leave a pair unproven), after the two
    // tests that no direction can (most cones that come this far meet what stands in them).
    // (The segment between the two centres lies within the hull: where it runs through the
    // shape's interior, no direction can set them apart.)
    if (segmentCrosses(shape.ring, shape.round, apex, centre)) return false;
    // (Nor where a corner of the shape, grown, lies well within the hull: within the disc
    // of it about the corner's nearest point of that segment, the hull being the union of
    // the discs about its points with radii between the two. Nine in ten of the shapes that
    // every direction below fails to set apart have one.)
    {
        const Vec2 d = centre - apex;
        const double len2 = dot(d, d);
        for (const Vec2& v : shape.ring) {
            const Vec2 w = v - apex;
            const double t = len2 > 0 ? std::clamp(dot(w, d) / len2, 0.0, 1.0) : 0.0;
            const Vec2 gap = w - d * t;
            const double within = apexRadius + (radius - apexRadius) * t + grow - kWithin;
            if (within > 0 && dot(gap, gap) < within * within) return false;
        }
    }
    // The shape's sides' normals (kept with it), then the hull's two sides and the nearest points.
    for (const auto& [n, nearest] : shape.sides)
        if (reach(n) < nearest) return true;
    // The hull's two sides: the discs' outer common tangents (n.apex + apexRadius = n.centre + radius).
    const Vec2 d = centre - apex;
    const double l = std::sqrt(dot(d, d));
    if (l > std::abs(radius - apexRadius)) {
        const Vec2 u = d * (1 / l), w{-u.y, u.x};
        const double c = (apexRadius - radius) / l, s = std::sqrt(std::max(0.0, 1 - c * c));
        if (apart(u * c + w * s) || apart(u * c - w * s)) return true;
    }
    for (const Vec2 p : {centre, apex}) {
        const Vec2 w = nearestOnRing(shape.ring, p) - p;
        if ((w.x != 0 || w.y != 0) && apart(unit(w))) return true;
    }
    return false;
}

bool Obstacles::discClear(Vec2 centre, double radius) const {
    const double r = radius + margin_;
    const Vec2 lo{centre.x - r, centre.y - r}, hi{centre.x + r, centre.y + r};
    for (size_t i = 0; i < shapes_.size(); ++i)
        if (meets(i, lo, hi) && !clearOf(*shapes_[i], centre, 0, centre, radius)) return false;
    return true;
}

template <class Clear>
bool Obstacles::allClear(Vec2 lo, Vec2 hi, const Clear& clear, int* stopper) const {
    const int first = stopper && *stopper >= 0 && *stopper < static_cast<int>(shapes_.size()) ? *stopper : -1;
    if (first >= 0 && meets(static_cast<size_t>(first), lo, hi) && !clear(*shapes_[static_cast<size_t>(first)])) return false;
    for (int i = 0; i < static_cast<int>(shapes_.size()); ++i) {
        if (i == first || !meets(static_cast<size_t>(i), lo, hi) || clear(*shapes_[static_cast<size_t>(i)])) continue;
        if (stopper) *stopper = i;
        return false;
    }
    return true;
}

bool Obstacles::coneClear(Vec2 apex, Vec2 centre, double radius, int skip, const std::vector<int>* walls, int* stopper) const {
    const double r = radius + margin_;
    const Vec2 lo{std::min(apex.x - margin_, centre.x - r), std::min(apex.y - margin_, centre.y - r)};
    const Vec2 hi{std::max(apex.x + margin_, centre.x + r), std::max(apex.y + margin_, centre.y + r)};
    return allClear(
        lo, hi,
        [&](const Shape& s) {
            if (s.model == skip && skip >= 0) return true;
            if (walls && s.area && std::ranges::find(*walls, s.piece) == walls->end()) return true;
            return clearOf(s, apex, 0, centre, radius);
        },
        stopper);
}

bool Obstacles::footConeClear(Vec2 apex, double top, Vec2 centre, double radius, int skip, int* stopper) const {
    if (top <= 0) return false;
    const double r = radius + margin_;
    const Vec2 lo{std::min(apex.x - margin_, centre.x - r), std::min(apex.y - margin_, centre.y - r)};
    const Vec2 hi{std::max(apex.x + margin_, centre.x + r), std::max(apex.y + margin_, centre.y + r)};
    return allClear(
        lo, hi,
        [&](const Shape& s) {
            if ((s.model == skip && skip >= 0) || s.height <= 0) return true;
            const double share = std::min(1.0, s.height / top);
            return clearOf(s, centre + (apex - centre) * share, (1 - share) * radius, centre, radius);
        },
        stopper);
}

bool Obstacles::lineToDisc(Vec2 q, Vec2 centre, double radius, int skip, const std::vector<int>* walls) const {
    const Vec2 d = centre - q;
    const double distance = std::sqrt(dot(d, d));
    if (radius <= 0 || distance <= radius + margin_) return false;
    // Directions by their turn keys from q's direction to the centre (turnKey): the disc is
    // reached within `half` either way, the key of the tangent's turn (under 1, a quarter).
    const Vec2 u = d * (1 / distance);
    const double sine = radius / distance, cosine = std::sqrt(1 - sine * sine);
    const double half = 1 - cosine / (cosine + sine);
    const Vec2 lo{std::min(q.x, centre.x - radius) - margin_, std::min(q.y, centre.y - radius) - margin_};
    const Vec2 hi{std::max(q.x, centre.x + radius) + margin_, std::max(q.y, centre.y + radius) + margin_};
    std::vector<std::pair<double, double>> blocked;
    for (size_t i = 0; i < shapes_.size(); ++i) {
        if (!meets(i, lo, hi)) continue;
        const Shape& s = *shapes_[i];
        if (s.model == skip && skip >= 0) continue;
        if (walls && s.area && std::ranges::find(*walls, s.piece) == walls->end()) continue;
        {
            // (Its box's circle farther from the segment from q to the centre than the disc's
            // radius and the margin: clear of the hull of q and the disc, of every line.)
            const Vec2 c = (s.lo + s.hi) * 0.5, half = (s.hi - s.lo) * 0.5;
            const Vec2 w = c - q;
            const double t = std::clamp(dot(w, u), 0.0, distance);
            const Vec2 gap = w - u * t;
            const double reach = std::sqrt(dot(half, half)) + radius + margin_;
            if (dot(gap, gap) > reach * reach) continue;
        }
        const double grow = margin_ + s.round;
        // q within the grown shape (or too near it to say): no answer here.
        const size_t k = s.ring.size();
        bool inside = k >= 3;
        for (size_t i = 0; i < k; ++i) {
            const Vec2 a = s.ring[i], b = s.ring[(i + 1) % k];
            if (k >= 3 && (b.x - a.x) * (q.y - a.y) - (b.y - a.y) * (q.x - a.x) < 0) inside = false;
            const Vec2 e = b - a, w = q - a;
            const double len2 = dot(e, e);
            const double t = len2 > 0 ? std::clamp(dot(e, w) / len2, 0.0, 1.0) : 0.0;
            const Vec2 gap = w - e * t;
            if (dot(gap, gap) <= grow * grow * (1 + 1e-9) + 1e-12) return false;
        }
        if (inside) return false;
        // The directions of the grown shape seen from q: each corner's, widened by the
        // angle its disc of radius `grow` takes (the shape, q outside, spans less than a
        // half turn: they are ordered about the first corner's). The widened directions are
        // the corners' vectors turned, ordered by turnKey; the two outermost bound the range.
        const Vec2 first = s.ring[0] - q;
        Vec2 least = first, most = first;
        double leastKey = HUGE_VAL, mostKey = -HUGE_VAL;
        for (const Vec2& v : s.ring) {
            const Vec2 w = v - q;
            const double sine = grow / std::sqrt(dot(w, w));  // (below 1: q is farther than grow)
            const double cosine = std::sqrt(1 - sine * sine);
            const Vec2 left{w.x * cosine - w.y * sine, w.x * sine + w.y * cosine};
            const Vec2 right{w.x * cosine + w.y * sine, w.y * cosine - w.x * sine};
            const double key = turnKey(first, w), leftKey = turnKey(first, left), rightKey = turnKey(first, right);
            // (Widened past a half turn either way from the first corner: the grown shape
            // would span a half turn or more, which with q outside it only rounding can do;
            // not said, as below.)
            if (leftKey < key || rightKey > key) return false;
            if (rightKey < leastKey) leastKey = rightKey, least = right;
            if (leftKey > mostKey) mostKey = leftKey, most = left;
        }
        // (Turned a half turn or more from the least to the most: q all but within it, not said.)
        if (least.x * most.y - least.y * most.x <= 0) return false;
        const double from = turnKey(u, least), to = turnKey(u, most);
        // (A range across the half turn behind q's direction, in two.)
        auto add = [&](double a, double b) {
            if (b >= -half && a <= half) blocked.emplace_back(a, b);
        };
        if (from <= to) add(from, to);
        else add(from, 2), add(-2, to);
    }
    // A direction within (-half, half) outside every blocked range, with room for rounding
    // (in keys: a key grows by at most the angle it turns through, so room in keys is at
    // least as much room in angles).
    constexpr double kRoom = 1e-9;
    std::sort(blocked.begin(), blocked.end());
    double reached = -half + kRoom;
    for (const auto& [a, b] : blocked) {
        if (a > reached + kRoom) return reached + kRoom < half - kRoom;
        reached = std::max(reached, b);
        if (reached >= half - kRoom) return false;
    }
    return reached < half - 2 * kRoom;
}

OpenViews::OpenViews(const Obstacles& obstacles, const Scenario& scenario, int observer)
    : obstacles_(&obstacles), observer_(observer), top_(scenario.models[static_cast<size_t>(observer)].top()) {
    const Model& m = scenario.models[static_cast<size_t>(observer)];
    apexes_.push_back(m.position);
    const Ring outline = baseOutline(m);
    centre_ = m.position;
    inner_ = std::sqrt(squaredDistanceToEdges(m.position, outline));
    const size_t step = std::max<size_t>(1, outline.size() / 8);
    for (size_t i = 0; i < outline.size(); i += step) apexes_.push_back(m.position + (outline[i] - m.position) * 0.8);
    constexpr int kRim = 16;
    const double out = inner_ - obstacles.margin() * (1 + 1e-6) - 1e-6;
    if (out > 0)
        for (int k = 0; k < kRim; ++k) {
            const double a = 2 * std::numbers::pi * k / kRim;
            rim_.push_back(centre_ + Vec2{std::cos(a), std::sin(a)} * out);
        }
}

bool OpenViews::open(Vec2 centre, double radius, const std::vector<int>* walls) const {
    int stopper = -1;
    for (const Vec2& apex : apexes_)
        if (obstacles_->coneClear(apex, centre, radius, observer_, walls, &stopper)) return true;
    return false;
}

bool OpenViews::openOver(Vec2 centre, double radius) const {
    int stopper = -1;
    return openOver(centre, radius, stopper);
}

bool OpenViews::openOver(Vec2 centre, double radius, int& stopper) const {
    for (const Vec2& apex : apexes_)
        if (obstacles_->footConeClear(apex, top_, centre, radius, observer_, &stopper)) return true;
    return false;
}

bool OpenViews::openOverFromRim(Vec2 centre, double radius) const {
    int stopper = -1;
    return openOverFromRim(centre, radius, stopper);
}

bool OpenViews::openOverFromRim(Vec2 centre, double radius, int& stopper) const {
    if (openOver(centre, radius, stopper)) return true;
    for (const Vec2& apex : rim_)
        if (obstacles_->footConeClear(apex, top_, centre, radius, observer_, &stopper)) return true;
    return false;
}

bool OpenViews::openOverInParts(Vec2 centre, double radius) const {
    int stopper = -1;
    if (openOverFromRim(centre, radius, stopper)) return true;
    return std::ranges::all_of(partsOf(centre, radius),
                               [&](const Disc& part) { return openOverFromRim(part.centre, part.radius, stopper); });
}

std::array<OpenViews::Disc, 7> OpenViews::partsOf(Vec2 centre, double radius) {
    // (Half the radius covers it exactly, the six meeting on the rim: a little more.)
    const double part = 0.505 * radius, out = std::numbers::sqrt3 / 2 * radius;
    std::array<Disc, 7> parts;
    for (int k = 0; k < 6; ++k) {
        const double a = std::numbers::pi / 3 * k;
        parts[static_cast<size_t>(k)] = {centre + Vec2{std::cos(a), std::sin(a)} * out, part};
    }
    parts[6] = {centre, part};
    return parts;
}

bool OpenViews::lineFrom(Vec2 q, const std::vector<int>* walls) const {
    return obstacles_->lineToDisc(q, centre_, inner_, observer_, walls);
}

}  // namespace sl::analysis
