// The exposure map: an observer probe at every place in the zone, a target probe at every
// cell, each pair ruled as a pair would be (exposure.h), on every core.
#include "analysis/exposure.h"

#include "rules/flat_table.h"
#include "analysis/shadows.h"
#include "analysis/terrain_parts.h"
#include "kernel/base.h"
#include "kernel/polygon.h"
#include "los/pair.h"
#include "los/scene.h"
#include "rules/rulings.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <numbers>
#include <numeric>
#include <optional>
#include <sstream>

namespace sl::analysis {

namespace {
constexpr int kExposureBlock = 16;  // cells along a side of the largest block
constexpr double kSpot = 0.01;      // inches: the spot of a target's top seen over low pieces
constexpr int kSlabs = 3;           // a base that is not round, taken in the plane as this many parts at first (under 8)
constexpr int kPartHalvings = 14;   // ... and those halved this often, at most, along each line of halving
constexpr int kPartTests = 1000;     // ... and at most this many parts' discs tried for one pair
constexpr double kCornerDisc = 0.03;  // inches: the radius of the discs at a base's corners, at most
constexpr int kCorners = 3;  // a place's views (flatView): from the discs at its corners, this and on
constexpr int kHiding = 16;  // ... and among the walls that prove hidden, each this many on

// A base that is not round in its own frame: its long axis `u` (half length a), and `v`
// across it (half width b).
struct BaseFrame {
    double a = 0, b = 0;
    Vec2 u{1, 0}, v{0, 1};
    bool rect = true;
};

BaseFrame frameOf(const Probe& probe) {
    const Model m = probeModel(probe, {0, 0});
    BaseFrame f;
    f.a = halfLengthIn(probe.base);
    f.b = halfWidthIn(probe.base);
    double turn = m.rotation_deg * std::numbers::pi / 180;
    if (f.a < f.b) {
        std::swap(f.a, f.b);
        turn += std::numbers::pi / 2;
    }
    f.u = {std::cos(turn), std::sin(turn)};
    f.v = {-f.u.y, f.u.x};
    f.rect = probe.base.shape == BaseShape::Rect;
    return f;
}

// Two discs within the base of a model of `probe` standing at `at`, beside the one about its
// centre, where it is not round: about points of its long axis towards either end (a rect's
// where the disc as wide as the base reaches its end; an oval's well within the point where
// its curve is tightest), each as large as the base's outline allows (a hair less). A sight
// line to a point of one reaches the base; a base seen near an end is seen by one of them
// where the disc about the centre is not. Found about (0, 0) once (a probe stands unturned),
// and moved to each place (discsMoved).
std::vector<flat::Disc> discsTowardsTheEnds(const Probe& probe) {
    if (probe.base.shape == BaseShape::Circle) return {};
    const Vec2 at{0, 0};
    const BaseFrame f = frameOf(probe);
    const double c = f.rect ? f.a - f.b : 0.6 * (f.a - f.b * f.b / f.a);
    if (!(c > 1e-3)) return {};
    const Vec2 along = f.u * c;
    const Ring outline = baseOutline(probeModel(probe, at));
    std::vector<flat::Disc> out;
    for (const Vec2 centre : {at + along, at - along})
        out.push_back({centre, (1 - 1e-6) * std::sqrt(squaredDistanceToEdges(centre, outline))});
    return out;
}

// A part of such a base: what of it lies in the box [x0, x1] x [y0, y1] of its frame. `key`
// names it among the parts of its base (a place's views from its parts are kept by it): its
// slab's number, and above that its place in the slab's halvings (1 the slab, 2 k and
// 2 k + 1 the halves of k).
struct BasePart {
    double x0 = 0, x1 = 0, y0 = 0, y1 = 0;
    int key = 0;
};
constexpr int kSlabBits = 3;

// The base cut across its long axis into kSlabs equal slabs.
std::vector<BasePart> slabsOf(const BaseFrame& f) {
    std::vector<BasePart> out;
    for (int i = 0; i < kSlabs; ++i)
        out.push_back({-f.a + 2 * f.a * i / kSlabs, -f.a + 2 * f.a * (i + 1) / kSlabs, -f.b, f.b, (1 << kSlabBits) | i});
    return out;
}

// The part's two halves, across its box's longer side.
std::array<BasePart, 2> halvesOf(const BasePart& p) {
    const int slab = p.key & ((1 << kSlabBits) - 1), place = p.key >> kSlabBits;
    const int first = (2 * place) << kSlabBits | slab, second = (2 * place + 1) << kSlabBits | slab;
    if (p.x1 - p.x0 >= p.y1 - p.y0) {
        const double x = (p.x0 + p.x1) / 2;
        return {BasePart{p.x0, x, p.y0, p.y1, first}, BasePart{x, p.x1, p.y0, p.y1, second}};
    }
    const double y = (p.y0 + p.y1) / 2;
    return {BasePart{p.x0, p.x1, p.y0, y, first}, BasePart{p.x0, p.x1, y, p.y1, second}};
}

// Whether an oval leaves the whole box out (the box's point nearest the centre in the oval's
// measure lies outside it): no part of the base.
bool emptyPart(const BaseFrame& f, const BasePart& p) {
    if (f.rect) return false;
    const double x = std::clamp(0.0, p.x0, p.x1) / f.a, y = std::clamp(0.0, p.y0, p.y1) / f.b;
    return x * x + y * y >= 1;
}

// A disc that holds the part of the base standing at `at`: about its box's middle, through
// the box's corners (an oval's box first narrowed to the oval's reach within it: across, to
// the oval's half width at the box's x nearest the axis' middle; along, the same at its y);
// for a slab across the whole base (the box as wide as the base), about
// the middle of its axis and through the farthest of the points where its two cuts meet the
// outline (along a cut's line the squared distance from that middle, (x - c)^2 + w(x)^2 with
// w the half width at x, is convex in x for a rect and for an oval whose long axis this is,
// so the slab's farthest point lies on a cut: an oval's slab is held more tightly so).
// A hair larger, for rounding.
flat::Disc discAbout(const BaseFrame& f, Vec2 at, const BasePart& p) {
    const bool wholeWidth = p.y0 <= -f.b && p.y1 >= f.b;
    if (!f.rect && !wholeWidth) {
        BasePart in = p;
        for (int k = 0; k < 2; ++k) {
            const double x = std::clamp(0.0, in.x0, in.x1) / f.a, y = std::clamp(0.0, in.y0, in.y1) / f.b;
            const double across = f.b * std::sqrt(std::max(0.0, 1 - x * x)), along = f.a * std::sqrt(std::max(0.0, 1 - y * y));
            in = {std::max(in.x0, -along), std::min(in.x1, along), std::max(in.y0, -across), std::min(in.y1, across), p.key};
        }
        if (in.x0 <= in.x1 && in.y0 <= in.y1) {
            const double r = std::hypot((in.x1 - in.x0) / 2, (in.y1 - in.y0) / 2);
            return {at + f.u * ((in.x0 + in.x1) / 2) + f.v * ((in.y0 + in.y1) / 2), r * (1 + 1e-9) + 1e-9};
        }
    }
    const double cx = (p.x0 + p.x1) / 2;
    double cy = (p.y0 + p.y1) / 2, r = std::hypot((p.x1 - p.x0) / 2, (p.y1 - p.y0) / 2);
    if (!f.rect && wholeWidth) {  // (a slab across the whole oval)
        auto halfWidthAt = [&](double x) { return f.b * std::sqrt(std::max(0.0, 1 - (x * x) / (f.a * f.a))); };
        cy = 0;
        r = std::max(std::hypot(p.x0 - cx, halfWidthAt(p.x0)), std::hypot(p.x1 - cx, halfWidthAt(p.x1)));
    }
    return {at + f.u * cx + f.v * cy, r * (1 + 1e-9) + 1e-9};
}

// Small discs within the base of a model of `probe` standing at (0, 0), where it is not
// round, at its far points: a rect's corners; an oval's ends along both axes and the points
// between them. A base seen past a corner only (a sliver between two walls) is seen at one
// of them where no disc about its middle is. Each touches the outline from within: a rect's
// in its corner; an oval's no larger than the oval's tightest curve (radius b^2 / a), so
// that it stays within wherever it touches.
std::vector<flat::Disc> discsAtTheCorners(const Probe& probe) {
    if (probe.base.shape == BaseShape::Circle) return {};
    const BaseFrame f = frameOf(probe);
    std::vector<flat::Disc> out;
    if (f.rect) {
        const double r = std::min(kCornerDisc, 0.25 * f.b);
        for (const double sa : {1.0, -1.0})
            for (const double sb : {1.0, -1.0}) out.push_back({f.u * (sa * (f.a - r)) + f.v * (sb * (f.b - r)), r * (1 - 1e-6)});
        return out;
    }
    const double r = std::min(kCornerDisc, 0.5 * f.b * f.b / f.a);
    for (int k = 0; k < 8; ++k) {
        // (The outline's point at this turn of its parametrisation, and the disc inward from
        // it along the outline's normal there.)
        const double t = std::numbers::pi / 4 * k, c = std::cos(t), sn = std::sin(t);
        const Vec2 on = f.u * (f.a * c) + f.v * (f.b * sn), normal = f.u * (f.b * c) + f.v * (f.a * sn);
        out.push_back({on - normal * (r / std::hypot(normal.x, normal.y)), r * (1 - 1e-6)});
    }
    return out;
}

// The discs about (0, 0) moved to `at` (the same discs about it: the 1e-6 left of each
// radius is far more than the rounding of a move across the table).
std::vector<flat::Disc> discsMoved(const std::vector<flat::Disc>& about, Vec2 at) {
    std::vector<flat::Disc> out = about;
    for (flat::Disc& d : out) d.centre = d.centre + at;
    return out;
}
}  // namespace

std::vector<Vec2> zonePositions(const Scenario& scenario, const Zone& zone, const Probe& probe, double spacing) {
    std::vector<Vec2> out;
    if (zone.polygon.size() < 3 || !(spacing > 0)) return out;
    Polygon area{zone.polygon, {}};
    orientForInteriorLeft(area);
    const auto [lo, hi] = boundsOf(zone.polygon);
    const std::shared_ptr<const TerrainParts> terrain = TerrainParts::of(scenario);
    const FeatureOverlap& overlaps = terrain->overlaps();
    const ModelOverlap onModels(scenario);
    // (The count along a side, and the first place: the same places as a grid from half a
    // spacing in where the side is a whole number of spacings.)
    auto count = [&](double side) { return static_cast<int>(std::floor(side / spacing + 0.5 + 1e-9)); };
    auto first = [&](double from, double side) { return from + (side - (count(side) - 1) * spacing) / 2; };
    const double width = hi.x - lo.x, height = hi.y - lo.y;
    for (int row = 0; row < count(height); ++row)
        for (int col = 0; col < count(width); ++col) {
            const double x = first(lo.x, width) + col * spacing, y = first(lo.y, height) + row * spacing;
            const Model m = probeModel(probe, {x, y});
            const Ring outline = baseOutline(m);
            // Wholly within: the base's area all inside the zone (to a hair).
            if (overlapArea(area, outline) < std::abs(signedArea(outline)) - kOverlapArea) continue;
            // (Nor on a model of the table's: no model could stand there.)
            if (overlaps(m) || overTableEdge(m, scenario.board) || onModels(m) >= 0) continue;
            out.push_back({x, y});
        }
    return out;
}

double ExposureMap::share(const ExposureCell& c) const {
    return positions.empty() ? 0 : static_cast<double>(c.seen) / static_cast<double>(positions.size());
}

double ExposureMap::fullyShare(const ExposureCell& c) const {
    return positions.empty() ? 0 : static_cast<double>(c.fully) / static_cast<double>(positions.size());
}

ExposureMap exposureMap(const Scenario& scenario, int zone, const Probe& observer, const Probe& target,
                        const ExposureOptions& options, const Run& run) {
    ExposureMap map;
    map.grid = tableGrid(scenario.board, options.spacing);
    map.observer = observer;
    map.target = target;
    map.stopAt = options.stopAt;
    map.withFully = options.withFully;
    const int stopAt = options.stopAt;
    const Zone& z = scenario.zones.at(static_cast<size_t>(zone));
    map.zone = z.id;
    map.zoneSpacing = options.zoneSpacing;
    map.positions = zonePositions(scenario, z, observer, options.zoneSpacing);
    const int cells = map.grid.cells();
    map.cells.assign(static_cast<size_t>(cells), ExposureCell{});
    const std::shared_ptr<const TerrainParts> terrain = TerrainParts::of(scenario);
    const FeatureOverlap& overlaps = terrain->overlaps();
    // (A cell whose target would stand on a feature, past the table's edge, or on one of the
    // table's models, as in the vision map: no place to stand.)
    const ModelOverlap onModels(scenario);
    const double targetInnerRadius = ModelOverlap::innerRadius(probeModel(target, {}));
    for (int k = 0; k < cells; ++k) {
        const Model placed = probeModel(target, map.grid.centre(k % map.grid.cols, k / map.grid.cols));
        map.cells[static_cast<size_t>(k)].overlap =
            overTableEdge(placed, scenario.board) || overlaps(placed) || onModels(placed, targetInnerRadius) >= 0;
    }
    const auto seen = std::make_unique<std::atomic<int>[]>(static_cast<size_t>(cells));
    const auto fully = std::make_unique<std::atomic<int>[]>(static_cast<size_t>(cells));
    const auto undecided = std::make_unique<std::atomic<int>[]>(static_cast<size_t>(cells));
    if (stopAt > 0 && options.seenEnough)
        for (int k = 0; k < cells; ++k)
            if ((*options.seenEnough)[static_cast<size_t>(k)] && !map.cells[static_cast<size_t>(k)].overlap) seen[k] = stopAt;
    const PieceParts& parts = terrain->pieces();
    const Obstacles obstacles(terrain->terrain(), scenario);
    // What a place's lines can meet (areas block nothing under true-los), with their heights
    // (OpenViews::openOver); and what a line from its top to the target's top can meet
    // (features lower than both tops pass under it). Neither runs higher than the higher
    // top (both probes stand on the table): a floor whose bottom is there or above is over
    // every line, as the vision map leaves it out.
    const bool areasBlock = scenario.ruleset.name != "true-los";
    const double reach = std::max(observer.height, target.height);
    const Obstacles sightlines(obstacles, scenario, -HUGE_VAL, {}, areasBlock, reach);
    const Obstacles above(obstacles, scenario, std::min(observer.height, target.height), {}, areasBlock, reach);
    const double targetRadius = boundingRadius(target.base), observerRadius = boundingRadius(observer.base);
    const double targetInner = 0.9 * std::min(target.base.length_mm, target.base.width_mm) / kMmPerInch / 2;
    // (Points on a circle just within the largest one within the target's base.)
    const double targetRim = (1 - 1e-6) * ModelOverlap::innerRadius(probeModel(target, {}));
    const double observerRim = (1 - 1e-6) * ModelOverlap::innerRadius(probeModel(observer, {}));
    constexpr int kRimPoints = 8;
    const std::vector<Vec2> rimTurns = turnsRound(kRimPoints);  // (their turns about the centre)
    // Under 11e, what a cell's target stands within, the same from every place: the obscuring
    // areas (a pair's walls are the place's possible walls less these: Rulings::wallsOf) and
    // whether 13.09 hides it. Found once per cell here rather than for every place.
    struct TargetIn {
        std::vector<int> areas;
        bool hidden = false;
    };
    std::vector<TargetIn> targetIn;
    if (scenario.ruleset.name == "wh40k-11e") {
        Scenario s = scenario;
        s.models.push_back(probeModel(target, {}));
        const int ti = static_cast<int>(s.models.size()) - 1;
        const Scene scene(s);
        Rulings rulings(scene);
        targetIn.resize(static_cast<size_t>(cells));
        for (int k = 0; k < cells && !(run.cancel && run.cancel->load()); ++k) {
            if (map.cells[static_cast<size_t>(k)].overlap) continue;
            s.models[static_cast<size_t>(ti)].position = map.grid.centre(k % map.grid.cols, k / map.grid.cols);
            rulings.modelMoved(ti);  // (the scene's index is not asked)
            targetIn[static_cast<size_t>(k)] = {*rulings.obscuringWithin(ti), rulings.hiddenOf(ti).value_or(false)};
        }
    }
    const int total = static_cast<int>(map.positions.size());
    // The places taken in an order spread over the zone, not row by row: their costs differ
    // by far (a place near the front sees most of the table), and the share done is what
    // the progress bar's time left is foretold from. (The counts are sums over the places:
    // the same in any order.) A stride near the golden share of the count, with no factor
    // in common with it, visits every place once.
    std::vector<int> order(static_cast<size_t>(total));
    {
        int stride = std::max(1, static_cast<int>(std::lround(total * 0.6180339887)));
        while (std::gcd(stride, total) != 1) ++stride;
        for (int k = 0; k < total; ++k) order[static_cast<size_t>(k)] = static_cast<int>((static_cast<long long>(k) * stride) % total);
    }
    const std::vector<flat::Disc> observerEnds = discsTowardsTheEnds(observer), targetEnds = discsTowardsTheEnds(target);
    const std::vector<flat::Disc> observerCorners = discsAtTheCorners(observer), targetCorners = discsAtTheCorners(target);
    const std::optional<BaseFrame> observerFrame = observer.base.shape == BaseShape::Circle ? std::nullopt : std::optional(frameOf(observer));
    const std::optional<BaseFrame> targetFrame = target.base.shape == BaseShape::Circle ? std::nullopt : std::optional(frameOf(target));
    const std::vector<BasePart> observerSlabs = observerFrame ? slabsOf(*observerFrame) : std::vector<BasePart>{};
    const std::vector<BasePart> targetSlabs = targetFrame ? slabsOf(*targetFrame) : std::vector<BasePart>{};
    // (The place's parts the pair's parts are first asked from: none, a round base's disc.)
    std::vector<const BasePart*> observerParts;
    for (const BasePart& part : observerSlabs) observerParts.push_back(&part);
    if (observerParts.empty()) observerParts.push_back(nullptr);
    const Vec2 aside = offTable(scenario, baseHalfExtent(probeModel(target, {})));
    std::atomic<int> next{0}, done{0};
    std::atomic<long long> cellsInPlane{0}, blocksInPlane{0}, pairsRuled{0};
    auto cancelled = [&] { return run.cancel && run.cancel->load(std::memory_order_relaxed); };
    auto work = [&] {
        // Each thread its own table with both probes on it (each a unit of its own), and its
        // scene and rulings; the probes are moved, what is kept of the terrain stays.
        Scenario s = scenario;
        Model o = probeModel(observer, {});
        o.id = o.name = o.unit = "(zone)";
        o.side = z.side.empty() ? "(zone)" : z.side;
        s.models.push_back(o);
        s.models.push_back(probeModel(target, {}));
        const int oi = static_cast<int>(s.models.size()) - 2, ti = oi + 1;
        Scene scene(s);
        scene.setCancel(run.cancel);
        // (As the vision map: a pair whose proof would run longer than a survey allows is
        // left undecided, where one pair at a knife edge could take longer than a place's
        // thousands of other cells.)
        scene.setEffort(run.survey ? Scene::Effort::Survey : Scene::Effort::Full);
        // What one cell's proofs find of the place's view serves the next cells (as in the
        // vision map); forgotten at each place, so that the counts are the same on any
        // number of threads.
        scene.setRememberViews(true);
        Rulings rulings(scene);
        rulings.setVerdictsOnly(true);
        MovingModel movingTarget(s, scene, rulings, ti);
        // Most pairs are decided in the plane (flat_table.h): where every piece near their
        // lines is a wall to them (under 11e, the areas; features taller than both models).
        // A base that is not round, the place's or the target's, is taken between discs:
        // seen where the largest disc within the one base is seen from the largest within
        // the other, or one of two within it towards its ends from one within the other (a
        // line between points of such discs joins the bases), or between small discs at their
        // corners; hidden where the discs about their parts are hidden from each other (every
        // line between the bases is one between a part of each, within the discs about them:
        // hiddenInParts). The walls and 13.09 are the bases' own, found for them; a wall near
        // a disc, or within it, leaves the plane's answer Unknown (the view proves Hidden only
        // among walls clear of both discs, or their insides, which stop no more). The others,
        // and the whole map where it counts fully visible too, go to the proofs below.
        FlatTable flatTable(s, {oi, ti}, kZeroWidthBand);
        const bool flatOn = run.shadows && flatTable.usable() && !options.withFully;
        const bool roundTarget = target.base.shape == BaseShape::Circle, roundObserver = observer.base.shape == BaseShape::Circle;
        const double flatInner = roundTarget ? targetRadius : targetRim;
        const double observerInner = roundObserver ? observerRadius : observerRim;
        flat::TangentCache tangents;
        ExposureMap::Work how;  // (this thread's, added to the map's at its end)
        // (This place's, by the pair's walls and by the disc (flatView): about the place's
        // base, or one within it; one for all where the base is round.)
        std::map<std::pair<std::vector<int>, int>, std::unique_ptr<flat::View>> flatViews;
        // (And from the parts of the place's base, by the pair's walls and the part's key.)
        std::map<std::pair<std::vector<int>, int>, std::unique_ptr<flat::View>> partViews;
        for (int p = next++; p < total && !cancelled(); p = next++) {
            scene.forgetViews();
            flatViews.clear();
            partViews.clear();
            tangents.forgetDiscs();  // (the views that asked for them gone: the observer moves)
            s.models[oi].position = map.positions[static_cast<size_t>(order[static_cast<size_t>(p)])];
            scene.modelMoved(oi);
            rulings.modelMoved(oi);
            // (The disc about the place's base: it, where round; else only where it stays
            // clear of every piece, as the target's below.)
            const bool aboutClear = roundObserver || (flatOn && flatTable.clear(s.models[oi].position, observerRadius));
            const std::vector<flat::Disc> placeEnds = flatOn ? discsMoved(observerEnds, s.models[oi].position) : std::vector<flat::Disc>{};
            const std::vector<flat::Disc> placeCorners = flatOn ? discsMoved(observerCorners, s.models[oi].position) : std::vector<flat::Disc>{};
            std::optional<FullShadows> shadows;
            std::optional<OpenViews> views, over;
            // (Under 11e, the areas no pair with this place makes walls of left out: those
            // it stands within, and the ones that do not obscure.)
            std::optional<Obstacles> placeSight, placeAbove;
            const std::optional<std::vector<int>> placeWalls = rulings.wallsWhateverTarget(oi);
            if (run.shadows) {
                shadows.emplace(parts, s, s.models[oi], target.height);
                if (placeWalls) {
                    placeSight.emplace(sightlines, s, *placeWalls);
                    placeAbove.emplace(above, s, *placeWalls);
                }
                views.emplace(placeSight ? *placeSight : sightlines, s, oi);
                over.emplace(placeAbove ? *placeAbove : above, s, oi);
            }
            auto moveTarget = [&](Vec2 to) { movingTarget.moveTo(to); };
            // Whether a spot of the target's top is seen from the place's top over everything
            // lower than both: its centre, else spots towards the place and across, 9/10 of
            // the way out to the largest circle within its base (as the vision map's); the
            // spot seen, kept for the next cells (seenSpots), if any.
            KeptPoints seenSpots;
            auto topSeen = [&](Vec2 at, Vec2 from, const std::vector<int>& walls, bool cones, bool lines,
                               std::optional<Vec2> near = std::nullopt) {
                auto seenAt = [&](Vec2 q) {
                    seenSpots.keep(0, q, walls);
                    return true;
                };
                if (cones && over->open(at, kSpot, &walls)) return seenAt(at);
                Vec2 d = at - from;
                const double length = std::hypot(d.x, d.y);
                if (length < 1e-6) return false;
                d = d * (targetInner / length);
                const Vec2 across{-d.y, d.x};
                const Vec2 slant1 = (d + across) * (std::numbers::sqrt2 / 2), slant2 = (d - across) * (std::numbers::sqrt2 / 2);
                const Vec2 spots[] = {at - d, at - slant1, at - slant2, at + across, at - across};
                if (cones)
                    for (const Vec2 q : spots)
                        if (over->open(q, kSpot, &walls)) return seenAt(q);
                if (!lines) return false;
                // Else any line from the place's base to the point `near` (where the joint
                // proof found a line the walls leave open; brought within the largest circle
                // within the base), to a spot's centre, or to a point of the rim (a sliver
                // there is often the part seen), found among the directions from that point
                // (OpenViews::lineFrom).
                if (near) {
                    const Vec2 off = *near - at;
                    const double out = std::hypot(off.x, off.y);
                    const Vec2 q = out > targetRim ? at + off * (targetRim / out) : *near;
                    if (over->lineFrom(q, &walls)) return seenAt(q);
                }
                for (const Vec2 q : spots)
                    if (over->lineFrom(q, &walls)) return seenAt(q);
                for (const Vec2 t : rimTurns) {
                    const Vec2 q = at + (d * t.x + across * t.y) * (targetRim / targetInner);
                    if (over->lineFrom(q, &walls)) return seenAt(q);
                }
                return false;
            };
            // The pair's walls and 13.09 for the target on cell k (the target moved there).
            auto wallsAt = [&](int k) {
                if (targetIn.empty() || !placeWalls) return rulings.wallsOf(oi, ti);
                std::vector<int> walls = *placeWalls;
                std::erase_if(walls, [&](int a) { return std::ranges::find(targetIn[static_cast<size_t>(k)].areas, a) != targetIn[static_cast<size_t>(k)].areas.end(); });
                return walls;
            };
            auto hiddenAt = [&](int k) { return targetIn.empty() ? rulings.hiddenOf(ti).value_or(false) : targetIn[static_cast<size_t>(k)].hidden; };
            // The place's view in the plane for pairs with these walls, from the disc about
            // its base (-1) or a disc within it: about its centre (0), towards an end (1, 2),
            // or at a corner (kCorners and on).
            // Its Visible is trusted; its Hidden only where the plane is not banded. With
            // `hiding`, the view among the walls that prove Hidden (FlatTable::Walls::hiding),
            // trusted to say only that: the same view where the plane is not banded.
            auto flatView = [&](const std::vector<int>& walls, int disc, bool hiding = false) -> const flat::View& {
                if (roundObserver) disc = 0;
                hiding = hiding && flatTable.banded();
                std::unique_ptr<flat::View>& v = flatViews[{walls, hiding ? disc + kHiding : disc}];
                if (!v) {
                    const FlatTable::Walls& w = flatTable.wallsFor(walls, {}, observer.height, target.height);
                    const flat::Disc from = disc < 0         ? flat::Disc{s.models[oi].position, observerRadius}
                                            : disc == 0      ? flat::Disc{s.models[oi].position, observerInner}
                                            : disc < kCorners ? placeEnds[static_cast<size_t>(disc - 1)]
                                                             : placeCorners[static_cast<size_t>(disc - kCorners)];
                    v = hiding ? std::make_unique<flat::View>(from, w.hiding, w.unsure, flatTable.hidingHalf(), tangents)
                               : std::make_unique<flat::View>(from, w.walls, w.unsure, flatTable.half(), tangents);
                }
                return *v;
            };
            // Whether, among these walls, the plane proves every line from the place's base to
            // the target's hidden, part by part (each an answer Hidden trusts: every line
            // between the bases runs between a part of each, within the discs about them).
            // The target's base stands at `at`; a round base is one part, its disc. From the
            // slabs of both bases (kSlabs), the larger of two parts whose discs are not
            // found hidden from each other halved (its halves both to be), up to `halvings`
            // times along each line of halving. (The discs about parts reach past the base by a
            // share of the parts' size: halved, they reach past it less, and a base at a
            // shadow's edge is found hidden part by part. A wall near a disc may leave it
            // unknown; the pair's walls are the bases' own, whatever else the discs meet.)
            auto partView = [&](const std::vector<int>& walls, const BasePart* part) -> const flat::View& {
                if (!part) return flatView(walls, -1, true);
                std::unique_ptr<flat::View>& v = partViews[{walls, part->key}];
                if (!v) {
                    const FlatTable::Walls& w = flatTable.wallsFor(walls, {}, observer.height, target.height);
                    const flat::Disc from = discAbout(*observerFrame, s.models[oi].position, *part);
                    v = flatTable.banded() ? std::make_unique<flat::View>(from, w.hiding, w.unsure, flatTable.hidingHalf(), tangents)
                                           : std::make_unique<flat::View>(from, w.walls, w.unsure, flatTable.half(), tangents);
                }
                return *v;
            };
            auto partsHidden = [&](auto& self, const std::vector<int>& walls, const BasePart* from, const BasePart* to, Vec2 at,
                                   int halvings, int& tests) -> bool {
                if (tests-- <= 0) return false;
                const flat::Disc toDisc = to ? discAbout(*targetFrame, at, *to) : flat::Disc{at, targetRadius};
                if (partView(walls, from).hides(toDisc) == flat::Sight::Hidden) return true;
                if (halvings <= 0) return false;
                const double fromRadius = from ? discAbout(*observerFrame, {0, 0}, *from).radius : 0;
                if (from && (!to || fromRadius > toDisc.radius)) {
                    for (const BasePart& half : halvesOf(*from))
                        if (!emptyPart(*observerFrame, half) && !self(self, walls, &half, to, at, halvings - 1, tests)) return false;
                    return true;
                }
                if (!to) return false;
                for (const BasePart& half : halvesOf(*to))
                    if (!emptyPart(*targetFrame, half) && !self(self, walls, from, &half, at, halvings - 1, tests)) return false;
                return true;
            };
            auto hiddenInParts = [&](const std::vector<int>& walls, Vec2 at, int halvings) {
                int tests = kPartTests;
                auto fromEvery = [&](const BasePart* to) {
                    return std::ranges::all_of(observerParts,
                                               [&](const BasePart* from) { return partsHidden(partsHidden, walls, from, to, at, halvings, tests); });
                };
                if (targetSlabs.empty()) return fromEvery(nullptr);
                return std::ranges::all_of(targetSlabs, [&](const BasePart& to) { return fromEvery(&to); });
            };
            auto decideCell = [&](int k) {
                if (map.cells[static_cast<size_t>(k)].overlap) return;
                if (stopAt > 0 && seen[k].load(std::memory_order_relaxed) >= stopAt) return;
                moveTarget(map.grid.centre(k % map.grid.cols, k / map.grid.cols));
                // In a full shadow: not seen from this place (the ruling's decision, proven).
                // One part's first; the parts' together (the dearest, and it mostly fails
                // where one part's does) after the cones to a spot of its top, below.
                const std::vector<int> walls = wallsAt(k);
                if (flatOn) {
                    // (13.09: beyond the detection range, not seen whatever the lines:
                    // Rulings::hiddenBeyondRange, for a target known hidden.)
                    if (hiddenAt(k) && baseDistance3dAbove(s.models[oi], s.models[ti], scenario.ruleset.detection_range)) return;
                    const flat::Disc inner{s.models[ti].position, flatInner};
                    const flat::Sight sight = flatView(walls, 0).sees(inner);
                    if (sight == flat::Sight::Visible) ++seen[k];
                    // (Banded, Hidden is asked again among the walls eroded.)
                    const bool hidden = sight == flat::Sight::Hidden &&
                                        (!flatTable.banded() || flatView(walls, 0, true).hides(inner) == flat::Sight::Hidden);
                    if (sight == flat::Sight::Visible || (roundTarget && roundObserver && hidden)) {
                        ++how.cellsInPlane;
                        return;
                    }
                    // (Between the slabs of the bases, halved no further here: the cells seen
                    // by a disc towards an end are found so first. Both round: that is the
                    // question just asked.)
                    const bool bothRound = roundTarget && roundObserver;
                    if (!bothRound && hiddenInParts(walls, s.models[ti].position, 0)) {
                        ++how.cellsInPlane;
                        return;
                    }
                    // Seen between the discs within the bases towards their ends (a base seen
                    // at an end, a line there passing a wall that hides its centre's disc).
                    if (!bothRound) {
                        // (The target's end discs, then the one about its centre.)
                        std::array<flat::Disc, 3> ends;
                        const Vec2 at = s.models[ti].position;
                        for (size_t e = 0; e < targetEnds.size(); ++e) ends[e] = {targetEnds[e].centre + at, targetEnds[e].radius};
                        ends[targetEnds.size()] = {at, flatInner};
                        for (size_t from = 0; from <= placeEnds.size(); ++from)
                            for (size_t to = 0; to <= targetEnds.size(); ++to)
                                if ((from > 0 || to < targetEnds.size()) &&
                                    flatView(walls, static_cast<int>(from)).sees(ends[to]) == flat::Sight::Visible) {
                                    ++seen[k];
                                    ++how.cellsInPlane;
                                    return;
                                }
                    }
                }
                if (shadows && shadows->hides(s.models[ti].position, targetRadius, walls, false)) return;
                // In the open: seen, fully (the same proof as the vision map's).
                const Vec2 apart = s.models[ti].position - s.models[oi].position;
                const bool away = views && std::hypot(apart.x, apart.y) > targetRadius + observerRadius + obstacles.margin();
                if (away && obstacles.discClear(s.models[ti].position, targetRadius) && views->openOver(s.models[ti].position, targetRadius)) {
                    ++seen[k];
                    if (options.withFully) ++fully[k];
                    return;
                }
                const bool countSeen = !options.withFully && away && (!hiddenAt(k) || !rulings.hiddenBeyondRange(oi, ti));
                if (countSeen && (seenSpots.within(0, s.models[ti].position, targetRim, walls) ||
                                  topSeen(s.models[ti].position, s.models[oi].position, walls, true, false))) {
                    ++seen[k];
                    return;
                }
                std::optional<Vec2> openNear;  // (where the joint proof found a line the walls leave open)
                if (shadows && shadows->hidesJointly(s.models[ti].position, targetRadius, walls, openNear)) return;
                if (!options.withFully) {
                    // Seen: a spot of its top from the place's top over everything lower than
                    // both, the areas that are no walls for the pair left out (where 13.09
                    // hides it, from a place within its detection range only: beyond it the
                    // ruling says not seen whatever the lines), else the same decision as
                    // the full ruling's.
                    // (A spot seen for a cell before, within this target's base, is seen.)
                    if (countSeen && topSeen(s.models[ti].position, s.models[oi].position, walls, false, true, openNear)) {
                        ++seen[k];
                        return;
                    }
                    if (flatOn && !(roundTarget && roundObserver)) {
                        // In the plane: seen past a corner, between the discs at the bases'
                        // corners, or those and the discs within them (a base seen only at a
                        // corner, through a gap, by the other's side or corner); else
                        // hidden, found part by part with halving.
                        const Vec2 at = s.models[ti].position;
                        std::vector<flat::Disc> to = discsMoved(targetCorners, at);
                        to.push_back({at, flatInner});
                        for (const flat::Disc& e : targetEnds) to.push_back({e.centre + at, e.radius});
                        const int within = roundObserver ? 1 : 1 + static_cast<int>(placeEnds.size());
                        const int froms = within + static_cast<int>(placeCorners.size());
                        for (int from = 0; from < froms; ++from)
                            for (size_t t = 0; t < to.size(); ++t) {
                                if (from < within && t >= targetCorners.size()) continue;  // (asked above)
                                if (flatView(walls, from < within ? from : kCorners + from - within).sees(to[t]) == flat::Sight::Visible) {
                                    ++seen[k];
                                    ++how.cellsInPlane;
                                    return;
                                }
                            }
                        if (hiddenInParts(walls, at, kPartHalvings)) {
                            ++how.cellsInPlane;
                            return;
                        }
                    }
                    movingTarget.follow();
                    ++how.pairsRuled;
                    const Rulings::Sight sight = rulings.sight(oi, ti);
                    if (sight.seenAt) seenSpots.keep(0, *sight.seenAt, walls);  // (the open line's end)
                    if (sight.visible) ++seen[k];
                    else if (sight.undecided) ++undecided[k];
                    return;
                }
                movingTarget.follow();
                ++how.pairsRuled;
                PairResult r = rulings.evaluate(oi, ti, Method::Exact, Detail::Decisions);
                if (r.provisional && !r.undecided) {
                    // A proof cut short that the ruling read as "no" without saying so (as in
                    // the vision map): ruled again with full proofs.
                    scene.setEffort(Scene::Effort::Full);
                    r = rulings.evaluate(oi, ti, Method::Exact, Detail::Decisions);
                    scene.setEffort(Scene::Effort::Survey);
                }
                if (r.visible) ++seen[k];
                if (r.fully_visible) ++fully[k];
                if (r.undecided) ++undecided[k];
            };
            // Blocks of cells, as the vision map decides them (vision_map.cpp): the walls of
            // a target within no area, found with it off the table, where it is within none
            // (the rulings alone are asked).
            moveTarget(aside);
            const std::vector<int> openWalls = rulings.wallsOf(oi, ti);
            std::vector<char> isWall(scenario.terrain.size(), 0);  // (the pieces a block's cells may take out of them)
            for (int w : openWalls) isWall[static_cast<size_t>(w)] = 1;
            // Whether every cell of the block is counted as far as asked (stopAt): nothing to do.
            auto allCounted = [&](const Block& block) {
                if (stopAt <= 0) return false;
                for (int row = block.r0; row < block.r1; ++row)
                    for (int col = block.c0; col < block.c1; ++col) {
                        const int k = row * map.grid.cols + col;
                        if (!map.cells[static_cast<size_t>(k)].overlap && seen[k].load(std::memory_order_relaxed) < stopAt) return false;
                    }
                return true;
            };
            auto settle = [&](const Block& block) {
                if (allCounted(block)) return true;
                const Vec2 centre = block.centre(map.grid);
                const double radius = block.radius(map.grid, targetRadius);
                // (A block touching the place's own base is left to its cells, as the zone's
                // probe is no obstacle of the table's.)
                const Vec2 apart = centre - s.models[oi].position;
                if (!views || std::hypot(apart.x, apart.y) <= radius + observerRadius + obstacles.margin()) return false;
                // Hidden from this place: a full shadow over the block, with the walls of a
                // target within none of the pieces the block meets. The proof holds for every
                // cell (a cell's walls are no fewer; a part that meets a target's disc is no
                // part of it; the cells on a feature are counted by no place).
                // (In the plane, by the pieces' hulls: near the hull of an area may count as
                // meeting it, which gives the block fewer walls and no clear view, never more.)
                const bool clear = flatOn ? flatTable.clear(centre, radius) : obstacles.discClear(centre, radius);
                const std::vector<int> met = clear    ? std::vector<int>{}
                                             : flatOn ? flatTable.piecesNear(centre, radius, isWall)
                                                      : obstacles.piecesMet(centre, radius, isWall);
                std::vector<int> walls = openWalls;
                std::erase_if(walls, [&](int a) { return std::ranges::find(met, a) != met.end(); });
                // In the plane: hidden from the disc that holds every cell's base, with the
                // fewest walls any of them has; or, clear of every piece (the cells' walls
                // are these), no wall near any line to it: seen, every cell.
                // Where the plane decides neither, the block is cut (its cells are decided in
                // the plane too) unless the plane does not apply to it (a piece near it).
                // (From the disc about the place's base, where it is clear, for hidden; from a
                // point of the disc within it for seen.)
                bool seenAll = false;
                if (flatOn) {
                    const flat::Disc disc{centre, radius};
                    // (From each slab of the place's base, where it is not round; else from the
                    // disc about it, where that stays clear.)
                    const bool fromSlabs = !observerSlabs.empty() && std::ranges::all_of(observerSlabs, [&](const BasePart& part) {
                        return partView(walls, &part).hides(disc) == flat::Sight::Hidden;
                    });
                    const flat::Sight sight = fromSlabs     ? flat::Sight::Hidden
                                              : aboutClear ? flatView(walls, -1, true).hides(disc)
                                                           : flat::Sight::Unknown;
                    if (sight == flat::Sight::Hidden) {
                        ++how.blocksInPlane;
                        return true;
                    }
                    seenAll = clear && flatView(walls, 0).openFromAPoint(disc);
                    if (!seenAll && sight == flat::Sight::Visible) return false;
                }
                if (!seenAll && shadows->hides(centre, radius, walls, false)) return true;
                // (The joint proof, the dearest, last: a spot seen at the block's centre, over
                // what a line from the place's top to the target's meets, walls and all, shows
                // that no line is stopped by the walls and tall parts together.)
                auto jointlyHidden = [&] {
                    return !(flatOn && aboutClear) && jointly(block, radius, clear) && !over->open(centre, kSpot, &walls) &&
                           shadows->hidesJointly(centre, radius, walls);
                };
                if (!clear) return jointlyHidden();
                // Fully visible; or, where only being seen is counted, the top of every
                // cell's centre seen from the place's top over everything lower than both
                // (topSeen's first proof, for a disc that holds every cell's spot; a block
                // clear of every piece is within none: no 13.09).
                const bool seenWhole = seenAll || views->openOver(centre, radius);
                if (!seenWhole && (options.withFully || !over->open(centre, block.radius(map.grid, kSpot), &openWalls)))
                    return jointlyHidden();
                how.blocksInPlane += seenAll;
                for (int row = block.r0; row < block.r1; ++row)
                    for (int col = block.c0; col < block.c1; ++col) {
                        const int k = row * map.grid.cols + col;
                        if (map.cells[static_cast<size_t>(k)].overlap) continue;  // (over the table's edge)
                        if (stopAt > 0 && seen[k].load(std::memory_order_relaxed) >= stopAt) continue;
                        ++seen[k];
                        if (options.withFully) ++fully[k];  // (seenWhole)
                    }
                return true;
            };
            for (int r0 = 0; r0 < map.grid.rows && !cancelled(); r0 += kExposureBlock)
                for (int c0 = 0; c0 < map.grid.cols && !cancelled(); c0 += kExposureBlock)
                    byBlocks({c0, r0, std::min(c0 + kExposureBlock, map.grid.cols), std::min(r0 + kExposureBlock, map.grid.rows)},
                             map.grid.cols, settle, decideCell, cancelled);
            if (cancelled()) break;
            const int d = ++done;
            if (run.progress) run.progress(d, total);
        }
        cellsInPlane += how.cellsInPlane;
        blocksInPlane += how.blocksInPlane;
        pairsRuled += how.pairsRuled;
    };
    onThreads(run, total, work);
    for (int k = 0; k < cells; ++k) {
        ExposureCell& c = map.cells[static_cast<size_t>(k)];
        c.seen = seen[k];
        c.fully = fully[k];
        c.undecided = undecided[k];
    }
    map.complete = done == total;
    map.work = {cellsInPlane, blocksInPlane, pairsRuled};
    return map;
}

ExposureTally tallyExposure(const ExposureMap& map) {
    ExposureTally t;
    for (const ExposureCell& c : map.cells) {
        if (c.overlap) {
            ++t.overlap;
            continue;
        }
        ++t.cells;
        t.undecided += c.undecided;
        t.undecidedCells += c.undecided > 0;
        t.none += c.seen == 0 && c.undecided == 0;
        t.all += !map.positions.empty() && c.seen == static_cast<int>(map.positions.size());
        t.sum += map.share(c);
        t.fullySum += map.fullyShare(c);
    }
    return t;
}

std::string exposureCsv(const ExposureMap& map) {
    std::ostringstream out;
    out << "x,y,overlap,positions,seen,fully,share,fully_share,undecided\n";
    for (int row = 0; row < map.grid.rows; ++row)
        for (int col = 0; col < map.grid.cols; ++col) {
            const ExposureCell& c = map.at(col, row);
            const Vec2 at = map.grid.centre(col, row);
            out << at.x << ',' << at.y << ',' << c.overlap << ',' << map.positions.size() << ',';
            // (Left empty: what no place was asked, a cell with no place to stand and the
            // fully visible counts of a map that did not count them; not 0, which is an answer.)
            if (c.overlap) {
                out << ",,,,\n";
                continue;
            }
            out << c.seen << ',';
            if (map.withFully) out << c.fully;
            out << ',' << map.share(c) << ',';
            if (map.withFully) out << map.fullyShare(c);
            out << ',' << c.undecided << '\n';
        }
    return out.str();
}

}  // namespace sl::analysis
