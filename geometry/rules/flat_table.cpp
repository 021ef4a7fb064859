// The walls of a pair in the plane (flat_table.h).
#include "rules/flat_table.h"

#include "kernel/base.h"
#include "kernel/polygon.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace sl {

namespace {

// Whether `inner` lies in the open interior of `outer`: every corner inside, no edge meeting
// the outline (exact tests). A piece that only touches its area's edge is not counted (it is
// then kept as a wall of its own, which costs time and nothing else).
bool strictlyWithin(const Ring& inner, const Polygon& outer) {
    for (const Vec2 p : inner)
        if (locate(p, outer) != Where::Inside) return false;
    const Bounds box = boundsOf(inner);
    auto meets = [&](const Ring& ring) {
        for (size_t j = 0; j < ring.size(); ++j) {
            const Vec2 c = ring[j], d = ring[(j + 1) % ring.size()];
            // (An edge whose box misses the inner ring's cannot meet it.)
            if (std::max(c.x, d.x) < box.lo.x || std::min(c.x, d.x) > box.hi.x || std::max(c.y, d.y) < box.lo.y ||
                std::min(c.y, d.y) > box.hi.y)
                continue;
            for (size_t i = 0; i < inner.size(); ++i)
                if (segmentsIntersect(inner[i], inner[(i + 1) % inner.size()], c, d)) return true;
        }
        return false;
    };
    if (meets(outer.outer)) return false;
    return std::ranges::none_of(outer.holes, meets);
}

// Keeps the part of the convex ring at least `depth` in from the side through a (inward: the
// unit normal towards the inside); Sutherland-Hodgman against one half plane.
Ring keepIn(const Ring& ring, Vec2 a, Vec2 inward, double depth) {
    const double keep = a.x * inward.x + a.y * inward.y + depth;
    Ring next;
    for (size_t i = 0; i < ring.size(); ++i) {
        const Vec2 p = ring[i], q = ring[(i + 1) % ring.size()];
        const double fp = p.x * inward.x + p.y * inward.y - keep, fq = q.x * inward.x + q.y * inward.y - keep;
        if (fp >= 0) next.push_back(p);
        if ((fp >= 0) != (fq >= 0)) next.push_back(p + (q - p) * (fp / (fp - fq)));
    }
    return next;
}

// A convex ring (positively oriented) with every side moved in by `depth`: nothing where
// that leaves nothing.
std::optional<Ring> shrunk(const Ring& ring, double depth) {
    Ring cut = ring;
    for (size_t k = 0; k < ring.size() && cut.size() >= 3; ++k) {
        const Vec2 a = ring[k], d = ring[(k + 1) % ring.size()] - a;
        const double len = std::hypot(d.x, d.y);
        if (len > 0) cut = keepIn(cut, a, {-d.y / len, d.x / len}, depth);
    }
    if (cut.size() < 3 || !(signedArea(cut) > 0)) return std::nullopt;
    return cut;
}

// The ring's convex hull with each side moved in past the ring's corners that lie between
// that side's two ends (the bay the side spans), and by `least` at least: the part of the
// hull no bay reaches, within the ring. Nothing where that leaves nothing.
std::optional<Ring> cutBack(const Ring& ring, double least) {
    const Ring hull = convexHullOf(ring);
    const size_t n = ring.size(), h = hull.size();
    if (h < 3) return std::nullopt;
    // (Where each hull corner is in the ring, and the ring's orientation, to walk each bay.)
    std::vector<size_t> at(h, n);
    for (size_t k = 0; k < h; ++k)
        for (size_t i = 0; i < n; ++i)
            if (ring[i] == hull[k]) at[k] = i;
    if (std::ranges::find(at, n) != at.end()) return std::nullopt;
    const bool forward = signedArea(ring) > 0;  // (the hull is positively oriented)
    Ring cut = hull;
    for (size_t k = 0; k < h && !cut.empty(); ++k) {
        const Vec2 a = hull[k], b = hull[(k + 1) % h];
        const Vec2 d = b - a;
        const double len = std::hypot(d.x, d.y);
        if (!(len > 0)) continue;
        const Vec2 inward{-d.y / len, d.x / len};
        double depth = 0;
        for (size_t i = at[k]; i != at[(k + 1) % h]; i = forward ? (i + 1) % n : (i + n - 1) % n) {
            const Vec2 v = ring[i] - a;
            depth = std::max(depth, v.x * inward.x + v.y * inward.y);
        }
        cut = keepIn(cut, a, inward, std::max(depth, least));
    }
    if (cut.size() < 3 || !(signedArea(cut) > 0)) return std::nullopt;
    return cut;
}

}  // namespace

FlatTable::Stops FlatTable::stops(double bottom, double top, double from, double to) {
    // A line is stopped where its height there is above the bottom (or the bottom is the
    // table) and below the top. Over a piece that stands clear of both bases the lines'
    // heights lie between the two, strictly where they differ.
    const double low = std::min(from, to), high = std::max(from, to);
    if (top <= low || (bottom > 0 && bottom >= high)) return Stops::None;
    const bool all = low < high ? (bottom <= low && top >= high) : ((bottom <= 0 || bottom < low) && top > high);
    return all ? Stops::All : Stops::Some;
}

FlatTable::FlatTable(const Scenario& scenario, std::vector<int> moving, double band)
    : half_(scenario.ruleset.sight_line_width_mm / kMmPerInch / 2) {
    if (!(half_ > 0) && band > 0) {
        half_ = band / 2;
        banded_ = true;
    }
    const size_t pieces = scenario.terrain.size();
    // A feature's convex parts (its hull where the footprint has holes or cannot be cut).
    // (Each with its inside: the part shrunk by a little more than the band's reach, for a
    // pair that stands against it.)
    auto partsOf = [&](const TerrainPiece& t) {
        std::vector<Ring> parts = convexParts(t.footprint);
        if (parts.empty()) parts = {convexHullOf(t.footprint.outer)};
        std::vector<flat::Shape> shapes;
        for (Ring& part : parts) {
            const std::optional<Ring> in = shrunk(part, 3 * half_);
            shapes.emplace_back(std::move(part), 0);
            if (in) shapes.back().setInside(insides_.emplace_back(std::make_unique<flat::Shape>(*in, 0)).get());
        }
        return shapes;
    };
    // Banded: the same eroded by half the band. A feature's footprint whole (a line along the
    // seam of two of its parts would pass between them eroded one by one), where it can be,
    // then cut into convex parts, each with an inside as above; else each shape on its own
    // (a seam may then open, which only leaves more pairs to the exact decision), with an
    // inside only where the shape is one of the footprint's parts: a hull (an area's, a
    // feature's with a courtyard) holds ground that is not the piece's.
    auto eroded = [&](const TerrainPiece& t, const std::vector<flat::Shape>& asWall) {
        std::vector<flat::Shape> out;
        auto add = [&](Ring ring, bool inside) {
            const std::optional<Ring> in = inside ? shrunk(ring, 3 * half_) : std::nullopt;
            out.emplace_back(std::move(ring), 0);
            if (in) out.back().setInside(insides_.emplace_back(std::make_unique<flat::Shape>(*in, 0)).get());
        };
        const bool feature = t.kind == TerrainKind::Feature;
        if (feature && t.footprint.holes.empty())
            if (const std::optional<Ring> whole = erodedRing(t.footprint.outer, half_)) {
                std::vector<Ring> parts = convexParts(Polygon{*whole, {}});
                for (Ring& part : parts) add(std::move(part), true);
                if (!parts.empty()) return out;
            }
        const bool cut = feature && !convexParts(t.footprint).empty();
        for (const flat::Shape& shape : asWall)
            if (std::optional<Ring> in = shrunk(shape.ring(), half_)) add(std::move(*in), cut);
        return out;
    };
    asWall_.resize(pieces);
    if (banded_) hidingWall_.resize(pieces);
    for (size_t i = 0; i < pieces; ++i) {
        const TerrainPiece& t = scenario.terrain[i];
        if (t.footprint.outer.size() < 3) continue;
        if (t.kind == TerrainKind::Feature) {
            asWall_[i] = partsOf(t);
            if (banded_) hidingWall_[i] = eroded(t, asWall_[i]);
            continue;
        }
        asWall_[i].emplace_back(convexHullOf(t.footprint.outer), 0);
        if (banded_) hidingWall_[i] = eroded(t, asWall_[i]);
        if (!t.footprint.holes.empty()) continue;  // (a hole's ground is not the piece's)
        asWall_[i].back().setParts([footprint = t.footprint] {
            std::vector<flat::Shape> parts;
            for (Ring& part : convexParts(footprint)) parts.emplace_back(std::move(part), 0);
            return parts;
        });
        if (std::optional<Ring> in = cutBack(t.footprint.outer, 3 * half_))
            asWall_[i].back().setInside(insides_.emplace_back(std::make_unique<flat::Shape>(std::move(*in), 0)).get());
    }
    // (The pieces' boxes: a piece is within another only where its box is.)
    std::vector<Bounds> boxes(pieces);
    for (size_t i = 0; i < pieces; ++i)
        if (!scenario.terrain[i].footprint.outer.empty()) boxes[i] = boundsOf(scenario.terrain[i].footprint.outer);
    auto inBox = [](const Bounds& inner, const Bounds& outer) {
        return outer.lo.x <= inner.lo.x && outer.lo.y <= inner.lo.y && inner.hi.x <= outer.hi.x && inner.hi.y <= outer.hi.y;
    };
    for (size_t i = 0; i < pieces; ++i) {
        const TerrainPiece& t = scenario.terrain[i];
        if (t.kind != TerrainKind::Feature || t.footprint.outer.size() < 3) continue;
        Blocker b;
        b.piece = static_cast<int>(i);
        b.bottom = t.bottom;
        b.top = t.height;
        b.some = !t.openings.empty();
        b.shapes = asWall_[i];  // (its parts, their insides shared)
        if (banded_) b.hiding = hidingWall_[i];
        for (size_t a = 0; a < pieces; ++a)
            if (a != i && scenario.terrain[a].footprint.outer.size() >= 3 && inBox(boxes[i], boxes[a]) &&
                strictlyWithin(t.footprint.outer, scenario.terrain[a].footprint))
                b.within.push_back(static_cast<int>(a));
        b.within.push_back(static_cast<int>(i));  // (a wall of its own: its footprint holds it)
        blockers_.push_back(std::move(b));
    }
    for (size_t m = 0; m < scenario.models.size(); ++m) {
        if (std::ranges::find(moving, static_cast<int>(m)) != moving.end()) continue;
        const Model& model = scenario.models[m];
        const Ring outline = baseOutline(model);
        // (A round or oval base's outline lies within its curve, less than 0.01 mm off it.)
        const double bulge = model.base.shape == BaseShape::Rect ? 0.0 : 0.001;
        models_.emplace_back(convexHullOf(outline), bulge);
        Blocker b;
        b.model = static_cast<int>(m);
        b.top = model.top();  // (from the table: a model's prism runs from there)
        if (model.base.shape == BaseShape::Circle) {
            const double radius = model.base.length_mm / kMmPerInch / 2;
            b.shapes.emplace_back(Ring{model.position}, radius);
            if (banded_ && radius > half_) b.hiding.emplace_back(Ring{model.position}, radius - half_);
        } else if (model.base.shape == BaseShape::Rect) {
            b.shapes.emplace_back(outline, 0);
            if (banded_)
                if (std::optional<Ring> in = shrunk(convexHullOf(outline), half_)) b.hiding.emplace_back(std::move(*in), 0);
        } else {
            // (An oval: its outline grown by the bulge holds it, the outline lies within it.
            // With one set of walls, some lines only; banded, the one holds it for Visible,
            // the other, eroded, for Hidden.)
            b.shapes.emplace_back(convexHullOf(outline), bulge);
            b.some = !banded_;
            if (banded_)
                if (std::optional<Ring> in = shrunk(convexHullOf(outline), half_)) b.hiding.emplace_back(std::move(*in), 0);
        }
        // (Within a piece: its outline, and for a curve the base's centre deeper in than the
        // curve reaches.)
        const double reach = model.base.length_mm / kMmPerInch / 2 + bulge;
        const Bounds box = boundsOf(outline);
        for (size_t a = 0; a < pieces; ++a) {
            const Polygon& footprint = scenario.terrain[a].footprint;
            if (footprint.outer.size() < 3 || !inBox(box, boxes[a]) || !strictlyWithin(outline, footprint)) continue;
            if (bulge > 0 && squaredDistanceToEdges(model.position, footprint.outer) <= reach * reach) continue;
            b.within.push_back(static_cast<int>(a));
        }
        blockers_.push_back(std::move(b));
    }
}

std::vector<int> FlatTable::piecesNear(Vec2 centre, double radius, const std::vector<char>& among) const {
    std::vector<int> out;
    const double reach = radius + half_ + 1e-9 * (1 + std::abs(centre.x) + std::abs(centre.y) + radius);
    for (size_t i = 0; i < asWall_.size() && i < among.size(); ++i) {
        if (!among[i]) continue;
        if (std::ranges::any_of(asWall_[i], [&](const flat::Shape& s) { return s.within(centre, reach); }))
            out.push_back(static_cast<int>(i));
    }
    return out;
}

bool FlatTable::clear(Vec2 centre, double radius) const {
    const double reach = radius + half_ + 1e-9 * (1 + std::abs(centre.x) + std::abs(centre.y) + radius);
    auto near = [&](const flat::Shape& s) { return s.within(centre, reach); };
    for (const std::vector<flat::Shape>& shapes : asWall_)
        if (std::ranges::any_of(shapes, near)) return false;
    return std::ranges::none_of(models_, near);
}

const FlatTable::Walls& FlatTable::wallsFor(const std::vector<int>& pieces, const std::vector<char>& seenThrough, double from,
                                            double to) {
    auto [it, fresh] = kept_.try_emplace({pieces, seenThrough, from, to});
    if (!fresh) return it->second;
    Walls& w = it->second;
    for (int p : pieces)
        if (p >= 0 && static_cast<size_t>(p) < asWall_.size()) {
            for (const flat::Shape& s : asWall_[static_cast<size_t>(p)]) w.walls.push_back(&s);
            if (banded_)
                for (const flat::Shape& s : hidingWall_[static_cast<size_t>(p)]) w.hiding.push_back(&s);
        }
    for (const Blocker& b : blockers_) {
        if (b.model >= 0 && static_cast<size_t>(b.model) < seenThrough.size() && seenThrough[static_cast<size_t>(b.model)]) continue;
        Stops stop = stops(b.bottom, b.top, from, to);
        if (stop == Stops::None) continue;
        if (b.some) stop = Stops::Some;
        if (std::ranges::any_of(b.within, [&](int a) { return std::ranges::find(pieces, a) != pieces.end(); })) continue;
        for (const flat::Shape& s : b.shapes) (stop == Stops::All ? w.walls : w.unsure).push_back(&s);
        if (banded_ && stop == Stops::All)
            for (const flat::Shape& s : b.hiding) w.hiding.push_back(&s);
    }
    if (!banded_) w.hiding = w.walls;
    return w;
}

}  // namespace sl
