// The vision map: the probe placed at every cell's centre and ruled against each observer as
// a pair would be (vision_map.h), on every core.
#include "analysis/vision_map.h"

#include "rules/flat_table.h"
#include "analysis/shadows.h"
#include "analysis/terrain_parts.h"
#include "kernel/base.h"
#include "kernel/polygon.h"
#include "los/pair.h"
#include "los/scene.h"
#include "rules/rulings.h"

#include <algorithm>
#include <numeric>
#include <array>
#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <numbers>
#include <optional>
#include <span>
#include <sstream>
#include <thread>

namespace sl::analysis {

Grid tableGrid(const Board& board, double spacing) {
    Grid g;
    g.spacing = spacing;
    g.cols = std::max(1, static_cast<int>(std::ceil(board.width / spacing - 1e-9)));
    g.rows = std::max(1, static_cast<int>(std::ceil(board.height / spacing - 1e-9)));
    return g;
}

Model probeModel(const Probe& probe, Vec2 where) {
    Model m;
    m.id = m.name = m.side = m.unit = "(probe)";
    m.base = probe.base;
    m.position = where;
    m.height = probe.height;
    m.keywords = probe.keywords;
    return m;
}

void MovingModel::moveTo(Vec2 to) {
    table_.models[static_cast<size_t>(index_)].position = to;
    rulings_.modelMoved(index_);
    behind_ = true;
}

void MovingModel::follow() {
    if (!behind_) return;
    scene_.modelMoved(index_);
    behind_ = false;
}

FeatureOverlap::FeatureOverlap(const Scenario& scenario) {
    for (int i = 0; i < static_cast<int>(scenario.terrain.size()); ++i) {
        const TerrainPiece& t = scenario.terrain[i];
        if (t.kind != TerrainKind::Feature || t.footprint.outer.empty()) continue;
        Feature f{i, t.height, t.bottom, t.footprint, {}, {}, {}, {}};
        orientForInteriorLeft(f.footprint);
        f.parts = convexParts(f.footprint);
        for (const Ring& part : f.parts) f.partBoxes.push_back(boundsOf(part));
        const Bounds box = boundsOf(f.footprint.outer);
        f.lo = box.lo;
        f.hi = box.hi;
        features_.push_back(std::move(f));
    }
}

namespace {

// Whether the disc of radius r around p lies within the polygon (p inside, every edge at
// least r away): a sufficient test, never true where the disc reaches out.
bool discWithin(const Polygon& polygon, Vec2 p, double r) {
    if (locate(p, polygon) != Where::Inside || squaredDistanceToEdges(p, polygon.outer) < r * r) return false;
    return std::ranges::none_of(polygon.holes, [&](const Ring& hole) { return squaredDistanceToEdges(p, hole) < r * r; });
}

// The largest area of a sector at a corner of a convex part (positively oriented) that lies
// within both the part and the disc of radius `inner` about c: the corner's angle, out to
// the nearer of the disc's edge and the lines of the part's other sides. The part and a
// base whose outline holds that disc have at least this much in common.
double cornerSector(const Ring& part, Vec2 c, double inner) {
    const size_t n = part.size();
    double best = 0;
    for (size_t k = 0; k < n; ++k) {
        const Vec2 v = part[k], u = part[(k + n - 1) % n], w = part[(k + 1) % n];
        double rho = inner - std::hypot(v.x - c.x, v.y - c.y);
        if (rho <= 0) continue;
        for (size_t e = 0; e < n && rho > 0; ++e) {
            if (e == k || (e + 1) % n == k) continue;  // (the sides at the corner)
            const Vec2 a = part[e], d = part[(e + 1) % n] - a;
            const double length = std::hypot(d.x, d.y);
            if (length > 0) rho = std::min(rho, std::abs(d.x * (v.y - a.y) - d.y * (v.x - a.x)) / length);
        }
        const double angle = std::atan2(std::abs((u - v).x * (w - v).y - (u - v).y * (w - v).x), (u - v).x * (w - v).x + (u - v).y * (w - v).y);
        best = std::max(best, angle / 2 * rho * rho);
    }
    return best;
}

// The radius of the disc about the base's centre within its outline, less a hair for the
// rounding of an outline placed elsewhere: worked out once for the last base shape and
// turn the thread met (a map asks it of one base at cell after cell).
double innerRadiusOf(const Model& model, const Ring& outline) {
    thread_local struct {
        Base base{};
        double turn = NAN;
        double radius = 0;
    } last;
    if (!(last.base.shape == model.base.shape && last.base.length_mm == model.base.length_mm &&
          last.base.width_mm == model.base.width_mm && last.turn == model.rotation_deg)) {
        last = {model.base, model.rotation_deg, std::sqrt(squaredDistanceToEdges(model.position, outline)) - 1e-9};
    }
    return last.radius;
}

}  // namespace

std::vector<int> FeatureOverlap::near(Vec2 lo, Vec2 hi) const {
    std::vector<int> out;
    for (size_t i = 0; i < features_.size(); ++i) {
        const Feature& f = features_[i];
        if (!(hi.x < f.lo.x || f.hi.x < lo.x || hi.y < f.lo.y || f.hi.y < lo.y)) out.push_back(static_cast<int>(i));
    }
    return out;
}

std::vector<int> FeatureOverlap::features(const Model& model, bool firstOnly, const std::vector<int>* among) const {
    std::vector<int> out;
    // The box around the disc that holds the base first; its outline only where it is needed.
    const double reach = boundingRadius(model.base);
    const Vec2 lo = model.position - Vec2{reach, reach}, hi = model.position + Vec2{reach, reach};
    std::optional<Ring> outline;
    // Whether the disc that holds the base reaches the footprint (its centre inside, or an
    // edge nearer than its radius, with a hair for rounding): else nothing is in common.
    auto reaches = [&](const Polygon& footprint) {
        const double r2 = reach * reach * (1 + 1e-9) + 1e-9;
        if (squaredDistanceToEdges(model.position, footprint.outer) <= r2) return true;
        for (const Ring& hole : footprint.holes)
            if (squaredDistanceToEdges(model.position, hole) <= r2) return true;
        return locate(model.position, footprint) != Where::Outside;
    };
    // The area in common, summed over the convex parts whose box meets the base's (their
    // interiors do not overlap); over the footprint whole where it has no parts. A part
    // with a corner well inside the base overlaps it without measuring (cornerSector).
    std::optional<double> inner;  // the radius of the disc about the centre within the outline
    auto measured = [&](const Feature& f) {
        if (!outline) outline = baseOutline(model);
        if (f.parts.empty()) return overlapArea(f.footprint, *outline) > kOverlapArea;
        double area = 0;
        for (size_t p = 0; p < f.parts.size(); ++p) {
            const Bounds& box = f.partBoxes[p];
            if (hi.x < box.lo.x || box.hi.x < lo.x || hi.y < box.lo.y || box.hi.y < lo.y) continue;
            if (!inner) inner = innerRadiusOf(model, *outline);
            if (cornerSector(f.parts[p], model.position, *inner) > 4 * kOverlapArea) return true;
            // (A part wholly beyond the disc that holds the base has nothing in common with it.)
            if (squaredDistanceToEdges(model.position, f.parts[p]) > reach * reach * (1 + 1e-9) + 1e-9 &&
                locate(model.position, f.parts[p]) == Where::Outside)
                continue;
            area += signedArea(clipToConvexRing(*outline, f.parts[p]));
        }
        return area > kOverlapArea;
    };
    // A disc kCore wide around the centre of a base more than 4 kCore across lies within its
    // outline, and is more than kOverlapArea: where it lies within a footprint too, the two
    // overlap without measuring how much (most cells on a feature, in the maps).
    constexpr double kCore = 0.02;
    static_assert(std::numbers::pi * kCore * kCore > 4 * kOverlapArea);
    const bool coreFits = std::min(model.base.length_mm, model.base.width_mm) / kMmPerInch > 4 * kCore;
    const size_t count = among ? among->size() : features_.size();
    for (size_t n = 0; n < count; ++n) {
        const Feature& f = features_[among ? static_cast<size_t>((*among)[n]) : n];
        if (model.elevation >= f.height) continue;  // standing on it or above it
        if (f.bottom > 0 && f.bottom >= model.top()) continue;  // under it
        if (hi.x < f.lo.x || f.hi.x < lo.x || hi.y < f.lo.y || f.hi.y < lo.y) continue;
        if ((coreFits && discWithin(f.footprint, model.position, kCore)) || (reaches(f.footprint) && measured(f))) {
            out.push_back(f.piece);
            if (firstOnly) break;
        }
    }
    return out;
}

ModelOverlap::ModelOverlap(const Scenario& scenario) {
    for (int i = 0; i < static_cast<int>(scenario.models.size()); ++i) {
        const Model& m = scenario.models[i];
        Other o{i, m.elevation, m.top(), Polygon{baseOutline(m), {}}, {}, {}, m.position, boundingRadius(m.base), innerRadius(m)};
        orientForInteriorLeft(o.outline);
        const Bounds box = boundsOf(o.outline.outer);
        o.lo = box.lo;
        o.hi = box.hi;
        models_.push_back(std::move(o));
    }
}

double ModelOverlap::innerRadius(const Model& model) {
    return std::sqrt(squaredDistanceToEdges(model.position, baseOutline(model)));
}

int ModelOverlap::operator()(const Model& model, double inner) const {
    const double reach = boundingRadius(model.base);
    const Vec2 lo = model.position - Vec2{reach, reach}, hi = model.position + Vec2{reach, reach};
    std::optional<Ring> outline, box;
    // Two inner discs whose centres are closer than their radii's sum less 2 kCore share a
    // disc kCore across (on the line between the centres), more than kOverlapArea; a hair
    // kept for rounding.
    constexpr double kCore = 0.02;
    static_assert(std::numbers::pi * kCore * kCore > 4 * kOverlapArea);
    for (const Other& o : models_) {
        if (model.elevation >= o.top || o.bottom >= model.top()) continue;
        if (hi.x < o.lo.x || o.hi.x < lo.x || hi.y < o.lo.y || o.hi.y < lo.y) continue;
        const double apart = std::hypot(model.position.x - o.centre.x, model.position.y - o.centre.y);
        if (inner > 0 && apart + 2 * kCore + 1e-9 < inner + o.inner) return o.index;
        // (Discs holding the two bases apart, with room for rounding: the outlines, inside
        // them, do not overlap.)
        if (apart > (reach + o.reach) * (1 + 1e-9) + 1e-9) continue;
        if (!outline) {
            outline = baseOutline(model);
            const Bounds b = boundsOf(*outline);
            box = Ring{b.lo, {b.hi.x, b.lo.y}, b.hi, {b.lo.x, b.hi.y}};
        }
        // (The other outline cut to this one's box first, four sides: this outline's ninety
        // then pass over only the corners left near it, and most pass them by.)
        if (signedArea(clipToConvexRing(clipToConvexRing(o.outline.outer, *box), *outline)) > kOverlapArea) return o.index;
    }
    return -1;
}

void onThreads(const Run& run, int jobs, const std::function<void()>& work) {
    const unsigned cores = run.threads ? run.threads : std::max(1u, std::thread::hardware_concurrency());
    std::vector<std::jthread> helpers;
    for (unsigned t = 1; t < std::min<unsigned>(cores, static_cast<unsigned>(std::max(jobs, 1))); ++t) helpers.emplace_back(work);
    work();
}

namespace {

// Cells decided a block at a time where one proof holds for the whole block: the disc around
// every base a block's cells would hold (OpenViews, FullShadows) is clear of every piece and
// model, and each observer in turn either has it in a full shadow or sees it in the open; or
// it is in every observer's full shadow (settle, below); otherwise the block is cut in four,
// down to single cells, which are ruled as pairs are (with the same two proofs tried first).
constexpr int kBlock = 16;  // cells along a side of the largest block

}  // namespace

bool jointly(const Block& block, double radius, bool clear) {
    // (Not a block of four cells or fewer: cut from one the proof failed for, it seldom
    // holds (on the default exposure map, for 8% of those that meet a piece, 17% of those
    // clear), and its cells ask it alone where they need to. Where it meets a piece, only a
    // small block of a few cells: a large one is rarely in the shadow several parts cast
    // together, and the proof, dearer than one part's, is then made again for its cells.)
    constexpr double kReach = 2;  // inches
    return block.cells() > 4 && (clear || radius < kReach);
}

void byBlocks(const Block& block, int cols, const std::function<bool(const Block&)>& settle,
              const std::function<void(int)>& cell, const std::function<bool()>& stop) {
    if (stop()) return;
    if (block.cells() == 1) {
        cell(block.r0 * cols + block.c0);
        return;
    }
    if (block.cells() < 1 || settle(block)) return;
    const int cm = block.c0 + (block.c1 - block.c0 + 1) / 2, rm = block.r0 + (block.r1 - block.r0 + 1) / 2;
    for (const Block& part : {Block{block.c0, block.r0, cm, rm}, Block{cm, block.r0, block.c1, rm}, Block{block.c0, rm, cm, block.r1},
                              Block{cm, rm, block.c1, block.r1}})
        if (part.cells() > 0) byBlocks(part, cols, settle, cell, stop);
}

VisionMap visionMap(const Scenario& scenario, const std::vector<int>& observers, const Probe& probe, double spacing,
                    const Run& run) {
    VisionMap map;
    map.grid = tableGrid(scenario.board, spacing);
    map.probe = probe;
    map.observers = observers;
    const Grid& grid = map.grid;
    const int total = grid.cells();
    map.cells.assign(static_cast<size_t>(total), Cell{});
    // (What the terrain gives, whatever the models: made once for every map of this table.)
    const std::shared_ptr<const TerrainParts> terrain = TerrainParts::of(scenario);
    const FeatureOverlap& overlaps = terrain->overlaps();
    const ModelOverlap onModels(scenario);
    const double probeInner = ModelOverlap::innerRadius(probeModel(probe, {}));
    const Vec2 probeExtent = baseHalfExtent(probeModel(probe, {}));
    const PieceParts& parts = terrain->pieces();
    const Obstacles obstacles(terrain->terrain(), scenario);
    // For each observer, what its lines can meet (its own unit's models are seen through,
    // areas block nothing under true-los), with their heights (OpenViews::openOver); and
    // what a line from its top to the probe's top can meet (features and models lower than
    // both tops pass under it).
    // (A unit's models alike share them: the same tops and unit make the same obstacles.)
    std::vector<std::unique_ptr<const Obstacles>> shared;
    std::vector<const Obstacles*> above, sightlines;
    const bool areasBlock = scenario.ruleset.name != "true-los";
    for (size_t i = 0; i < observers.size(); ++i) {
        const Model& m = scenario.models[static_cast<size_t>(observers[i])];
        const double reach = std::max(m.top(), probe.height);  // (no line runs higher)
        const auto alike = std::ranges::find_if(observers.begin(), observers.begin() + static_cast<std::ptrdiff_t>(i), [&](int o) {
            const Model& e = scenario.models[static_cast<size_t>(o)];
            return e.unit == m.unit && e.top() == m.top();
        });
        if (alike != observers.begin() + static_cast<std::ptrdiff_t>(i)) {
            const size_t j = static_cast<size_t>(alike - observers.begin());
            above.push_back(above[j]);
            sightlines.push_back(sightlines[j]);
            continue;
        }
        above.push_back(shared.emplace_back(std::make_unique<const Obstacles>(obstacles, scenario, std::min(m.top(), probe.height), m.unit,
                                                                            areasBlock, reach)).get());
        sightlines.push_back(shared.emplace_back(std::make_unique<const Obstacles>(obstacles, scenario, -HUGE_VAL, m.unit, areasBlock,
                                                                                 reach)).get());
    }
    // What a base cannot stand on: the features and models. What a cell must stand clear of
    // to be settled by the open views alone (fully visible, within nothing, out of cover):
    // every piece and model; under true-los, a base within an area is ruled as one in the
    // open (no cover, no 13.09), so the areas are left out.
    const Obstacles solid = obstacles.withoutAreas();
    const Obstacles& standing = areasBlock ? obstacles : solid;
    const double probeRadius = boundingRadius(probe.base);
    const int blockCols = (grid.cols + kBlock - 1) / kBlock, blockRows = (grid.rows + kBlock - 1) / kBlock;
    const int blocks = blockCols * blockRows;
    std::atomic<int> next{0}, done{0}, inBlocks{0};
    auto cancelled = [&] { return run.cancel && run.cancel->load(std::memory_order_relaxed); };
    auto finished = [&](int cells) {
        const int before = done.fetch_add(cells), d = before + cells;
        if (run.progress && (d / 64 != before / 64 || d == total)) run.progress(d, total);
    };
    auto work = [&] {
        // Each thread its own table with the probe on it, and its scene and rulings, the
        // probe moved from cell to cell (what they keep of the terrain stays).
        Scenario s = scenario;
        s.models.push_back(probeModel(probe, {}));
        const int probeIndex = static_cast<int>(s.models.size()) - 1;
        Model& placed = s.models[static_cast<size_t>(probeIndex)];
        Scene scene(s);
        scene.setCancel(run.cancel);
        scene.setEffort(run.survey ? Scene::Effort::Survey : Scene::Effort::Full);
        // What one cell's proofs find of an observer's view (a point hidden, a part seen)
        // serves the next cells, whose bases overlap it. Forgotten at each block's start, with
        // the observer tried first (lastFully, below), so that the cells come out the same on
        // any number of threads.
        scene.setRememberViews(true);
        Rulings rulings(scene);
        rulings.setVerdictsOnly(true);
        MovingModel moving(s, scene, rulings, probeIndex);
        std::vector<FullShadows> shadows;
        std::vector<OpenViews> views, overViews;  // (over `sightlines` and `above`)
        // (Under 11e, the areas no pair with the observer makes walls of left out: those it
        // stands within, and the ones that do not obscure.)
        // (Shared by the observers whose obstacles and walls are the same.)
        std::map<std::pair<const Obstacles*, std::vector<int>>, std::unique_ptr<const Obstacles>> ownSight, ownAbove;
        std::map<const Obstacles*, std::unique_ptr<const Obstacles>> terrainSight;
        auto own = [&](auto& kept, const Obstacles* from, const std::vector<int>& walls) {
            std::unique_ptr<const Obstacles>& o = kept[{from, walls}];
            if (!o) o = std::make_unique<const Obstacles>(*from, scenario, walls);
            return o.get();
        };
        // (Past the terrain alone, for the cover of a cell that models hide in part.)
        std::vector<OpenViews> terrainViews;
        if (run.shadows)
            for (size_t i = 0; i < observers.size(); ++i) {
                const int o = observers[i];
                shadows.emplace_back(parts, s, s.models[static_cast<size_t>(o)], probe.height);
                shadows.back().addModels(s, s.models[static_cast<size_t>(o)], probeIndex);
                const Obstacles* sight = sightlines[i];
                const Obstacles* over = above[i];
                if (const std::optional<std::vector<int>> walls = rulings.wallsWhateverTarget(o)) {
                    sight = own(ownSight, sight, *walls);
                    over = own(ownAbove, over, *walls);
                }
                views.emplace_back(*sight, scenario, o);
                overViews.emplace_back(*over, scenario, o);
                std::unique_ptr<const Obstacles>& terrain = terrainSight[sight];
                if (!terrain) terrain = std::make_unique<const Obstacles>(sight->withoutModels());
                terrainViews.emplace_back(*terrain, scenario, o);
            }
        // 11e: observer i's open views against a probe that stands within areas or touches
        // one (not clear, below), over what the pair's lines can meet: its walls the only
        // areas (Rulings::wallsOf, the areas the probe is within left out). Made the first
        // time a cell asks, for each observer and set of walls (the obstacles shared, as
        // above, by the observers alike).
        std::vector<std::map<std::vector<int>, std::unique_ptr<const OpenViews>>> pairViews(observers.size());
        auto viewsFor = [&](size_t i, const std::vector<int>& walls) -> const OpenViews& {
            std::unique_ptr<const OpenViews>& made = pairViews[i][walls];
            if (!made) made = std::make_unique<const OpenViews>(*own(ownSight, sightlines[i], walls), scenario, observers[i]);
            return *made;
        };
        // Hidden in part from observer i, the terrain's doing, with a proof that needs no
        // ruling: a foot on the far side of the probe's base (or across) hidden by one part
        // (FullShadows::hidesFoot), or, `jointly` (asked only where the exact decision would
        // be next: it is dearer, and rarely holds where one part does not), by the parts
        // that stop every line for the pair, or every line down to a foot, together
        // (FullShadows::hidesSomeFootJointly).
        // Else by a model alone, or (`jointly`) by models with those parts: not fully
        // visible either, but no cover where the terrain alone is seen past.
        // Then the probe is not fully visible, and where seen it is
        // in cover under 11e and 10e (under 10e no barricade is tried: one gives cover only to
        // INFANTRY near it). Where 13.09 hides it the observer is within its detection range
        // here (hiddenBeyondRange is asked first): the ruling is the lines', 13.09 said with
        // it. Whether it is seen: a spot towards the observer (or across) seen from a point
        // of its base over everything lower than both tops (its top from the observer's top),
        // else the exact decision alone (the share seen, which costs most, is not looked for).
        const std::string& ruleset = scenario.ruleset.name;
        const bool partProofs = run.shadows, tenth = ruleset == "wh40k-10e", eleventh = ruleset == "wh40k-11e";
        const std::optional<bool> partCover = ruleset == "wh40k-11e" || tenth ? std::optional<bool>(true) : std::nullopt;
        // (The spots: kSpot in radius, their centres 9/10 of the way out to the largest
        // circle within the base; a band reaches a point from half its width away.)
        constexpr double kSpot = 0.01;
        const double inner = 0.9 * std::min(probe.base.length_mm, probe.base.width_mm) / kMmPerInch / 2;
        // (Points on a circle just within the largest one within the base: of the target.)
        const double rim = (1 - 1e-6) * ModelOverlap::innerRadius(probeModel(probe, {}));
        constexpr int kRimPoints = 8;
        // (Their turns about the centre, the same for every cell.)
        const std::vector<Vec2> rimTurns = turnsRound(2 * kRimPoints);
        // (Four times as many, for a last look before the exact decision: a sliver of the
        // rim hidden between two of the points above.)
        constexpr int kDenseRim = 4 * kRimPoints;
        const std::vector<Vec2> denseTurns = turnsRound(2 * kDenseRim);
        // (And a smaller spot about each: the sliver hidden behind a corner is often narrower
        // than kSpot. A spot of any size hidden proves its centre, a point of the base, hidden,
        // and each settled here is an exact decision saved.)
        constexpr double kDenseSpot = 0.001;
        const double band = scenario.ruleset.sight_line_width_mm / kMmPerInch / 2;
        // (A pair whose only question left is the exact decision, Rulings::sight, is put
        // off to the end of the cell, in `later`: by then another observer may have settled
        // the cell or made its answer moot.)
        struct Later {
            size_t observer;
            PairResult result;  // what the proofs before the decision found, and the cover it gives where it sees
            std::vector<int> walls;  // the pair's
        };
        std::vector<Later> later;
        // (And the observers whose proofs all failed, ruled exactly after every other
        // observer's proofs were tried: one of those may settle the cell, most often where
        // several see it, and the exact rulings, the dearest, are then not made.)
        std::vector<size_t> exact;
        // (Those among them proven not to see it fully, a foot hidden by a model, whose proofs
        // failed only for the cover they would give: seen already by one that gives none,
        // they can change nothing.)
        std::vector<char> partlyByModels(observers.size(), 0);
        // The feet found hidden by one part for the last cells (KeptPoints): a foot within
        // the next cell's base (within `rim` of its centre) keeps that probe from being fully
        // visible too. And the spots found seen: one within the next cell's base shows it is
        // seen, so no full shadow holds it. Forgotten at each block's start, as the views are.
        KeptPoints keptFeet, seenSpots;
        size_t lastJointFoot = 0;  // (partRuling's: the index among its feet of the last found hidden jointly)
        auto keptFootWithin = [&](size_t i, Vec2 at, const std::vector<int>& walls) { return keptFeet.within(i, at, rim, walls); };
        // The probe's 13.09 ruling where it stands (Rulings::hiddenOf: whether it is within a
        // dense area, which no observer changes), worked out once for each place.
        std::optional<bool> hiddenHereIs;
        std::optional<Vec2> hiddenHereAt;
        auto hiddenHere = [&] {
            if (hiddenHereAt != placed.position) {
                hiddenHereIs = rulings.hiddenOf(probeIndex);
                hiddenHereAt = placed.position;
            }
            return hiddenHereIs;
        };
        // Rulings::hiddenBeyondRange, with the place's ruling above.
        auto hiddenBeyondRange = [&](int o) {
            return hiddenHere().value_or(false) &&
                   baseDistance3dAbove(s.models[static_cast<size_t>(o)], placed, s.ruleset.detection_range);
        };
        // `seen`: whether another observer has been proven to see the cell, and `coverSoFar`
        // whether every one that sees it gives cover.
        // `dense`: the rim's points kDenseRim and as many between them (one part at a time).
        auto partRuling = [&](size_t i, Vec2 at, const std::vector<int>& walls, bool clear, bool seen, bool coverSoFar,
                              bool jointly, bool dense = false) -> std::optional<PairResult> {
            if (!partProofs) return std::nullopt;
            const int o = observers[i];
            Vec2 d = at - s.models[static_cast<size_t>(o)].position;
            const double length = std::hypot(d.x, d.y);
            if (length < 1e-6) return std::nullopt;
            d = d * (inner / length);
            const Vec2 across{-d.y, d.x};
            const double foot = (dense ? kDenseSpot : kSpot) + band;
            // Around the rim from the far side (hidden) and from the side towards the observer (seen).
            const Vec2 slant1 = (d + across) * (std::numbers::sqrt2 / 2), slant2 = (d - across) * (std::numbers::sqrt2 / 2);
            const Vec2 farSpots[] = {at + d, at + slant1, at + slant2, at + across, at - across, at - slant1, at - slant2};
            const Vec2 nearSpots[] = {at - d, at - slant1, at - slant2, at + across, at - across};
            // Hidden in part by the terrain; else by a model, where the terrain alone is seen
            // past (no model gives cover): a cell within nothing seen over the terrain alone.
            // (Then points on the rim all round, kRimPoints and as many between them: a
            // shadow whose edge crosses the base only near its rim, on the near side too.)
            constexpr int kFar = std::size(farSpots);
            const int rims = dense ? 2 * kDenseRim : 2 * kRimPoints;
            const Vec2* turns = dense ? denseTurns.data() : rimTurns.data();
            auto onRim = [&](Vec2 t) { return at + (d * t.x + across * t.y) * (rim / inner); };
            Vec2 allFeet[kFar + 2 * kDenseRim];
            std::ranges::copy(farSpots, allFeet);
            for (int k = 0; k < rims; ++k) allFeet[kFar + k] = onRim(turns[k]);
            const std::span<const Vec2> feet(allFeet, static_cast<size_t>(kFar + rims));
            const double reach = rim * (1 + 1e-9) + 1e-9;  // (the spots lie nearer the centre)
            bool byTerrain = false;
            if (jointly) {
                // (Nearest first to the foot found hidden so last, at the same place about
                // this observer's line: the next observer's, a unit's models standing near
                // one another, is most often hidden there or next to it. Whether one is
                // hidden does not depend on the order.)
                const Vec2 last = feet[lastJointFoot < feet.size() ? lastJointFoot : 0];
                size_t order[std::size(allFeet)];
                double away[std::size(allFeet)];
                for (size_t k = 0; k < feet.size(); ++k) away[k] = (feet[k].x - last.x) * (feet[k].x - last.x) + (feet[k].y - last.y) * (feet[k].y - last.y);
                std::iota(order, order + feet.size(), size_t{0});
                std::stable_sort(order, order + feet.size(), [&](size_t a, size_t b) { return away[a] < away[b]; });
                Vec2 ordered[std::size(allFeet)];
                for (size_t k = 0; k < feet.size(); ++k) ordered[k] = feet[order[k]];
                size_t hiddenAt = 0;
                byTerrain = shadows[i].hidesSomeFootJointly(std::span<const Vec2>(ordered, feet.size()), foot, walls, !tenth, &hiddenAt);
                if (byTerrain) lastJointFoot = order[hiddenAt];
            } else if (keptFootWithin(i, at, walls)) {
                byTerrain = true;
            } else if (const std::optional<Vec2> hidden = shadows[i].hidesSomeFoot(feet, at, reach, foot, walls, !tenth)) {
                byTerrain = true;
                keptFeet.keep(i, *hidden, walls);
            }
            if (!byTerrain && !(jointly ? shadows[i].hidesSomeFootJointlyWithModels(feet, foot, walls, !tenth)
                                        : shadows[i].hidesSomeFoot(feet, at, reach, foot, {}, true, true).has_value()))
                return std::nullopt;
            // (Or where it stands in cover whoever sees it: within an area under 11e.)
            const bool standsInCover = !byTerrain && partCover && !clear && rulings.coverWhereItStands(probeIndex);
            if (!byTerrain && partCover && !standsInCover && !(seen && !coverSoFar) &&
                !(clear && terrainViews[i].openOverInParts(at, probeRadius))) {
                partlyByModels[i] = 1;
                return std::nullopt;
            }
            PairResult r;
            r.hidden = hiddenHere();
            r.fully_visible = false;
            // The cover it would give where it sees the cell.
            const std::optional<bool> cover = byTerrain || standsInCover || !partCover ? partCover : std::optional<bool>(false);
            // Seen already, and it cannot see it fully: whether it sees it changes the cell
            // only where it would take away the cover the others give. Else not looked for
            // (the cell is as it would be either way, undecided or not: Cell::undecided).
            if (seen && !(coverSoFar && !cover.value_or(false))) {
                r.visible = false;
                return r;
            }
            // A cone from one of a few points of the observer's base to a spot; else any line
            // from its base to a spot's centre or to a point on the rim (the part seen is
            // often a sliver at the rim), found among the directions from that point.
            auto lineToRim = [&] {
                for (int k = 0; k < 2 * kRimPoints; k += 2)
                    if (overViews[i].lineFrom(onRim(rimTurns[static_cast<size_t>(k)]), &walls)) return true;
                return false;
            };
            auto seenAt = [&](Vec2 q, bool found) {
                if (found) seenSpots.keep(i, q, walls);
                return found;
            };
            // (A spot kept from a cell before within this base is seen too: the same probe.)
            if (seenSpots.within(i, at, rim, walls) ||
                std::ranges::any_of(nearSpots, [&](const Vec2& q) { return seenAt(q, overViews[i].open(q, kSpot, &walls)); }) ||
                std::ranges::any_of(nearSpots, [&](const Vec2& q) { return seenAt(q, overViews[i].lineFrom(q, &walls)); }) || lineToRim()) {
                r.visible = true;
                r.cover = cover;
            } else {
                PairResult pending = r;
                pending.cover = cover;
                later.push_back({i, pending, walls});
                r.visible = false;  // (for now)
            }
            return r;
        };
        // The exact decision put off: whether observer i sees the probe at all, where it
        // still matters (as in partRuling: seen by another, it changes the cell only where
        // it would take away the cover the others give).
        auto decideLater = [&](const Later& l, bool seen, bool coverSoFar) -> std::optional<PairResult> {
            if (seen && !(coverSoFar && !l.result.cover.value_or(false))) return std::nullopt;
            PairResult r = l.result;
            moving.follow();
            const Rulings::Sight sight = rulings.sight(observers[l.observer], probeIndex);
            if (sight.seenAt) seenSpots.keep(l.observer, *sight.seenAt, l.walls);  // (the open line's end)
            r.visible = sight.visible;
            r.undecided = sight.undecided;
            r.provisional = sight.provisional;
            if (!r.visible) r.cover.reset();
            return r;
        };
        auto moveProbe = [&](Vec2 to) { moving.moveTo(to); };
        // Pairs decided in the plane (flat_table.h), observer by observer, where every piece
        // near their lines is a wall to them and both bases are round: seen over what stops
        // the lines between the two tops; fully seen over what stops the lines from the
        // observer's top to the probe's foot, with the models it does not see through and
        // without any (the terrain alone: cover). What the plane leaves open goes to the
        // proofs below. The views keep what they find (the bands found open) for the cells
        // after; forgotten at each block's start (View::forget: as if made afresh), as the
        // proofs' are, so that the cells come out the same on any number of threads.
        std::unique_ptr<FlatTable> flatTable;  // (made when first asked)
        struct FlatKind {
            std::vector<std::map<std::vector<int>, std::unique_ptr<flat::View>>> views;  // by observer, then walls
            // (By observer: the walls last asked and their view; the next cell's are most
            // often the same.)
            std::vector<std::pair<const std::vector<int>*, const flat::View*>> last;
        };
        FlatKind flatTops, flatFeet, flatTerrain;
        flat::TangentCache tangents;
        // (Not under 10th edition on a table with woods or barricades: those rule fully
        // visible and cover by rules of their own, which the plane's walls do not follow.)
        const bool flatOn = run.shadows && scenario.ruleset.sight_line_width_mm > 0 && probe.base.shape == BaseShape::Circle &&
                            !(tenth && std::ranges::any_of(scenario.terrain, [](const TerrainPiece& t) {
                                  return t.hasTag("barricade") || (t.kind == TerrainKind::Area && t.hasTag("woods"));
                              }));
        std::vector<std::vector<char>> seenThrough;  // by observer: the models its lines pass through
        std::vector<char> flatObserver;              // by observer: round, on the table
        const std::vector<char> everyModel(s.models.size(), 1);
        for (int o : observers) {
            seenThrough.push_back(scene.ignoredModels(o, probeIndex));
            const Model& m = s.models[static_cast<size_t>(o)];
            flatObserver.push_back(flatOn && m.base.shape == BaseShape::Circle);
        }
        for (FlatKind* kind : {&flatTops, &flatFeet, &flatTerrain}) {
            kind->views.resize(observers.size());
            kind->last.assign(observers.size(), {nullptr, nullptr});
        }
        auto flatView = [&](FlatKind& kind, size_t i, const std::vector<int>& walls) -> const flat::View& {
            if (kind.last[i].first && *kind.last[i].first == walls) return *kind.last[i].second;
            const auto at = kind.views[i].try_emplace(walls).first;
            std::unique_ptr<flat::View>& v = at->second;
            if (!v) {
                const Model& m = s.models[static_cast<size_t>(observers[i])];
                if (!flatTable) flatTable = std::make_unique<FlatTable>(s, std::vector<int>{probeIndex});
                const FlatTable::Walls& w = flatTable->wallsFor(walls, &kind == &flatTerrain ? everyModel : seenThrough[i], m.top(),
                                                                &kind == &flatTops ? probe.height : 0.0);
                v = std::make_unique<flat::View>(flat::Disc{m.position, boundingRadius(m.base)}, w.walls, w.unsure, flatTable->half(),
                                                 tangents);
            }
            kind.last[i] = {&at->first, v.get()};
            return *v;
        };
        auto forgetFlatViews = [&] {
            for (FlatKind* kind : {&flatTops, &flatFeet, &flatTerrain})
                for (auto& byWalls : kind->views)
                    for (auto& [walls, view] : byWalls) view->forget();
        };
        // Observer i's ruling of the probe at `at` in the plane (seen, fully, the cover it
        // gives, 13.09 as the rulings say of the probe), or none where the plane leaves it
        // open (flat::View::sees, fullyVisible). Cover (13.08): where it stands, or not
        // fully seen because of the terrain (seen fully over the terrain alone: because of
        // models, no cover).
        std::optional<Vec2> lastHidden;  // (the last point of a base found hidden, forgotten at each block's start)
        auto flatRuling = [&](size_t i, Vec2 at, const std::vector<int>& walls) -> std::optional<PairResult> {
            if (!flatObserver[i]) return std::nullopt;
            const flat::Disc target{at, probeRadius};
            const flat::Sight sight = flatView(flatTops, i, walls).sees(target);
            if (sight == flat::Sight::Unknown) return std::nullopt;
            PairResult r;
            r.hidden = hiddenHere();
            r.visible = sight == flat::Sight::Visible;
            if (!r.visible) return r;
            const bool standsInCover = rulings.coverWhereItStands(probeIndex);
            // Whether every point of the base is reached over what the view holds
            // (View::seenWhole).
            auto fully = [&](const flat::View& view) {
                // (The point found hidden last first, where it lies within the base: another
                // observer's lines to it, or the next cell's, are often stopped as well.)
                if (lastHidden && std::hypot(lastHidden->x - at.x, lastHidden->y - at.y) <= rim - band &&
                    view.hides({*lastHidden, band}) == flat::Sight::Hidden)
                    return flat::Sight::Hidden;
                return view.seenWhole(target, &lastHidden);
            };
            const flat::Sight whole = fully(flatView(flatFeet, i, walls));
            if (whole == flat::Sight::Unknown) return std::nullopt;
            r.fully_visible = whole == flat::Sight::Visible;
            if (r.fully_visible || standsInCover) {
                r.cover = standsInCover;
                return r;
            }
            const flat::Sight byTerrain = fully(flatView(flatTerrain, i, walls));
            if (byTerrain == flat::Sight::Unknown) return std::nullopt;
            r.cover = byTerrain == flat::Sight::Hidden;
            return r;
        };
        // The walls of each observer against a probe within no area (they depend only on
        // which areas either model is within): found with the probe off the table, where
        // it is within none (the rulings alone are asked).
        std::vector<std::vector<int>> openWalls;
        const std::vector<int> hidingPieces = rulings.hidingPieces();
        moveProbe(offTable(scenario, probeExtent));
        for (int o : observers) openWalls.push_back(rulings.wallsOf(o, probeIndex));
        // (The pieces a block's cells may take out of the walls, or be hidden within.)
        std::vector<char> asked(scenario.terrain.size(), 0);
        for (const std::vector<int>& walls : openWalls)
            for (int w : walls) asked[static_cast<size_t>(w)] = 1;
        for (int p : hidingPieces) asked[static_cast<size_t>(p)] = 1;
        size_t lastFully = 0;
        // The blocks being cut into smaller ones (byBlocks goes depth first), each with the
        // observers its full shadows were proven for: their proof holds for every cell within
        // (for every base within its disc, with fewer walls than any cell's), so no cell there
        // asks it again.
        struct Cut {
            Block block;
            std::vector<char> hidden;  // by observer (the map's index)
        };
        std::vector<Cut> cutFrom;
        auto hiddenAbove = [&](const Block& b) -> const std::vector<char>* {
            while (!cutFrom.empty()) {
                const Block& a = cutFrom.back().block;
                if (a.c0 <= b.c0 && b.c1 <= a.c1 && a.r0 <= b.r0 && b.r1 <= a.r1) return &cutFrom.back().hidden;
                cutFrom.pop_back();
            }
            return nullptr;
        };
        auto decideCell = [&](int k) {
            Cell& cell = map.cells[static_cast<size_t>(k)];
            placed.position = grid.centre(k % grid.cols, k / grid.cols);
            if (overTableEdge(placed.position, probeExtent, scenario.board)) {
                cell.verdict = Verdict::Overlap;
                return;
            }
            // (A base whose disc, grown by the band, stands clear of every feature and model
            // overlaps none of them: the area in common is measured only where it is not.)
            const bool clear = !views.empty() && standing.discClear(placed.position, probeRadius);
            if (!clear && (overlaps(placed) || onModels(placed, probeInner) >= 0)) {
                cell.verdict = Verdict::Overlap;
                return;
            }
            // The proofs that need no pair ruling first, for every observer: one that sees
            // the cell in the open settles it (fully visible, within nothing, out of cover).
            // (They ask nothing of the scene: the probe is moved in it after them.)
            // (Not where a foot kept from a cell before, proven hidden from this observer with
            // the walls of a probe within nothing, lies within the base: not fully visible.)
            // (For observers in the plane, only the one that saw the last cell so: the
            // rulings below settle the others' as quickly.)
            for (size_t n = 0; clear && n < observers.size(); ++n)
                if (const size_t i = (lastFully + n) % observers.size(); (n == 0 || !flatObserver[i]) &&
                    !keptFootWithin(i, placed.position, openWalls[i]) && views[i].openOver(placed.position, probeRadius)) {
                    cell.verdict = Verdict::FullyVisible;
                    cell.seenBy = observers[i];
                    return;
                }
            moveProbe(placed.position);
            // The pair's walls: under 11e the observer's less the areas the probe is within
            // (Rulings::wallsOf), those found once for the cell.
            const std::optional<std::vector<int>> probeWithin = eleventh ? rulings.obscuringWithin(probeIndex) : std::nullopt;
            auto pairWalls = [&](size_t i) {
                if (!probeWithin) return rulings.wallsOf(observers[i], probeIndex);
                std::vector<int> walls = openWalls[i];
                std::erase_if(walls, [&](int a) { return std::ranges::find(*probeWithin, a) != probeWithin->end(); });
                return walls;
            };
            bool anyCover = true, notSeenUndecided = false, notFullyUndecided = false;
            later.clear();
            exact.clear();
            std::ranges::fill(partlyByModels, 0);
            // What observer i's ruling r makes of the cell; whether that settles it.
            auto take = [&](size_t i, PairResult r) {
                const int o = observers[i];
                if (r.provisional && !r.undecided) {
                    // A proof cut short by the survey that the ruling read as "no" without
                    // saying so (whether terrain rather than a model keeps it from being
                    // fully visible: cover; 10e woods): ruled again with full proofs.
                    moving.follow();
                    scene.setEffort(Scene::Effort::Full);
                    r = rulings.evaluate(o, probeIndex, Method::Exact, Detail::Decisions);
                    scene.setEffort(Scene::Effort::Survey);
                }
                (r.visible ? notFullyUndecided : notSeenUndecided) |= r.undecided;
                cell.hidden1309 = cell.hidden1309 || r.hidden.value_or(false);
                if (!r.visible) return false;
                // (One that sees it fully, where one does.)
                if (cell.seenBy < 0 || (r.fully_visible && cell.verdict != Verdict::FullyVisible)) cell.seenBy = o;
                anyCover = anyCover && r.cover.value_or(false);
                cell.verdict = r.fully_visible ? Verdict::FullyVisible : std::max(cell.verdict, Verdict::Visible);
                // Fully visible and out of cover: no other observer changes the cell (13.09
                // is the target's alone, the same from every observer); nor in cover that
                // every observer that sees it gives it for where it stands.
                if (cell.verdict == Verdict::FullyVisible && (!anyCover || rulings.coverWhereItStands(probeIndex))) {
                    lastFully = i;
                    return true;
                }
                return false;
            };
            bool settled = false;
            const int col = k % grid.cols, row = k / grid.cols;
            const std::vector<char>* hiddenBefore = hiddenAbove({col, row, col + 1, row + 1});
            // The observer that last saw a cell fully and out of cover first: the cells are
            // worked through a block at a time, and the next one is usually seen as well from
            // there, which settles it without ruling the others.
            for (size_t n = 0; n < observers.size() && !settled; ++n) {
                const size_t i = n == 0 ? lastFully : n <= lastFully ? n - 1 : n;
                const int o = observers[i];
                if (hiddenBefore && (*hiddenBefore)[i]) {
                    // (Its full shadow proven for a block the cell lies in.)
                    cell.hidden1309 = cell.hidden1309 || hiddenHere().value_or(false);
                    continue;
                }
                const std::vector<int> walls = pairWalls(i);  // (the pair's, for the proofs below)
                // (Not where a spot kept from a cell before, seen from this observer with these
                // walls, lies within the base.)
                if (hiddenBeyondRange(o)) {
                    // (What the ruling would say after all its proofs: not seen, 13.09.)
                    cell.hidden1309 = true;
                    continue;
                }
                if (const std::optional<PairResult> r = flatRuling(i, placed.position, walls)) {
                    if (r->visible) settled = take(i, *r);
                    else cell.hidden1309 = cell.hidden1309 || r->hidden.value_or(false);
                    continue;
                }
                if (!shadows.empty() && !seenSpots.within(i, placed.position, rim, walls) &&
                    shadows[i].hides(placed.position, probeRadius, walls)) {
                    // Hidden from this one, with the proof its full shadow gives.
                    cell.hidden1309 = cell.hidden1309 || hiddenHere().value_or(false);
                    continue;
                }
                std::optional<PairResult> part =
                    partRuling(i, placed.position, walls, clear, cell.seenBy >= 0, anyCover, false);
                if (!part && clear && views[i].openOverInParts(placed.position, probeRadius)) {
                    // Fully visible within nothing, as in the open (no foot hidden by one part).
                    cell.verdict = Verdict::FullyVisible;
                    cell.seenBy = o;
                    anyCover = false;
                    lastFully = i;
                    settled = true;
                    break;
                }
                if (!part && !clear && partProofs && eleventh && viewsFor(i, walls).openOverInParts(placed.position, probeRadius)) {
                    // Fully visible over the pair's walls (no foot hidden by one part): in
                    // cover where it stands, and 13.09, as the ruling says of a target fully
                    // visible.
                    PairResult r;
                    r.visible = r.fully_visible = true;
                    r.cover = rulings.coverWhereItStands(probeIndex);
                    r.hidden = hiddenHere();
                    settled = take(i, r);
                    continue;
                }
                // (Before the exact decision, a foot hidden by several parts together.)
                if (!part) part = partRuling(i, placed.position, walls, clear, cell.seenBy >= 0, anyCover, true);
                // (And a foot on the rim between the points tried, by one part.)
                if (!part) part = partRuling(i, placed.position, walls, clear, cell.seenBy >= 0, anyCover, false, true);
                if (!part) {
                    exact.push_back(i);
                    continue;
                }
                settled = take(i, *part);
            }
            for (size_t e = 0; !settled && e < exact.size(); ++e) {
                if (partlyByModels[exact[e]] && cell.seenBy >= 0 && !anyCover) {
                    cell.hidden1309 = cell.hidden1309 || hiddenHere().value_or(false);
                    continue;
                }
                moving.follow();
                // (Seen already by one that gives no cover: this one's cover changes nothing.)
                rulings.setCoverNotAsked(cell.seenBy >= 0 && !anyCover);
                // (Seen by another: what this one can add is mostly that it sees it fully.)
                scene.setEdgesFirst(cell.seenBy < 0);
                settled = take(exact[e], rulings.evaluate(observers[exact[e]], probeIndex, Method::Exact, Detail::Decisions));
                scene.setEdgesFirst(true);
                rulings.setCoverNotAsked(false);
            }
            // The exact decisions put off, where the others left them a question.
            for (size_t k = 0; !settled && k < later.size(); ++k)
                if (const std::optional<PairResult> r = decideLater(later[k], cell.seenBy >= 0, anyCover))
                    settled = take(later[k].observer, *r);
            cell.cover = cell.seenBy >= 0 && anyCover;
            // Undecided only where an answer left open could raise the verdict (an observer
            // not proven to see it may see it fully).
            cell.undecided = (cell.verdict == Verdict::Hidden && notSeenUndecided) ||
                             (cell.verdict == Verdict::Visible && (notFullyUndecided || notSeenUndecided));
        };
        // A block seen in the open from one observer and hidden from the others before it
        // (it stands clear of every piece and model); or hidden from all, in a full shadow
        // with the walls of a probe within none of the pieces the block meets (a cell's walls
        // are no fewer; a part that meets a target's disc is no part of the proof, and the
        // cells on a feature or a model are no place to stand).
        auto settle = [&](const Block& block) {
            if (views.empty()) return false;
            const Vec2 centre = block.centre(grid);
            const double radius = block.radius(grid, probeRadius);
            const bool clear = standing.discClear(centre, radius);
            const std::vector<int> met = clear ? std::vector<int>{} : obstacles.piecesMet(centre, radius, asked);
            int seenBy = -1;
            // Seen whole from a point of one observer's base, clear of every piece: fully
            // visible and out of cover, whatever the others see; the observers in turn, each
            // hidden from the block or the first not hidden seeing it so (for a unit, the
            // others are not asked first: a block one of them sees whole, another sees some of
            // as often, and is cut).
            auto openTo = [&](size_t i) {
                return clear && (flatObserver[i] ? flatView(flatFeet, i, openWalls[i]).openFromAPoint({centre, radius})
                                                 : views[i].openOver(centre, radius));
            };
            const std::vector<char>* before = hiddenAbove(block);
            std::vector<char> hidden = before ? *before : std::vector<char>(observers.size(), 0);
            for (size_t i = 0; i < observers.size() && seenBy < 0; ++i) {
                if (hidden[i]) continue;
                if (openTo(i)) {
                    seenBy = observers[i];
                    break;
                }
                std::vector<int> walls = openWalls[i];
                std::erase_if(walls, [&](int a) { return std::ranges::find(met, a) != met.end(); });
                // In the plane: hidden, or seen fully from a point of the observer's base; where
                // it decides neither, the block is cut (the old proofs are for where it does not
                // apply).
                if (flatObserver[i]) {
                    const flat::Sight h = flatView(flatTops, i, walls).hides({centre, radius});
                    if (h == flat::Sight::Hidden) {
                        hidden[i] = 1;
                        continue;
                    }
                    if (h == flat::Sight::Visible) {
                        cutFrom.push_back({block, std::move(hidden)});
                        return false;
                    }
                }
                if (shadows[i].hides(centre, radius, walls, jointly(block, radius, clear))) {
                    hidden[i] = 1;
                    continue;
                }
                cutFrom.push_back({block, std::move(hidden)});
                return false;
            }
            Cell cell;  // hidden from all (within no area: not hidden by 13.09, no cover)
            if (seenBy >= 0) {
                cell.verdict = Verdict::FullyVisible;
                cell.seenBy = seenBy;
            }
            // (The proof holds for every base within the disc; no model stands on a cell
            // whose base would reach past the table's edge, or on a feature or a model: asked
            // of each where the block meets one. 13.09 where it meets a piece that hides.)
            const bool onSomething = !clear && !solid.discClear(centre, radius);
            const bool hiding = std::ranges::any_of(met, [&](int p) { return std::ranges::find(hidingPieces, p) != hidingPieces.end(); });
            Cell nowhere;
            nowhere.verdict = Verdict::Overlap;
            // (The features whose box meets that of the block's bases, for each cell to look at.)
            std::vector<int> featuresNear;
            if (onSomething) {
                const Vec2 reach{probeRadius, probeRadius};
                featuresNear = overlaps.near(grid.centre(block.c0, block.r0) - reach, grid.centre(block.c1 - 1, block.r1 - 1) + reach);
            }
            for (int row = block.r0; row < block.r1; ++row)
                for (int col = block.c0; col < block.c1; ++col) {
                    Cell& c = map.cells[static_cast<size_t>(row) * grid.cols + col];
                    placed.position = grid.centre(col, row);
                    if (overTableEdge(placed.position, probeExtent, scenario.board) ||
                        (onSomething &&
                         (!overlaps.features(placed, true, &featuresNear).empty() || onModels(placed, probeInner) >= 0))) {
                        c = nowhere;
                        continue;
                    }
                    c = cell;
                    if (hiding) {
                        moveProbe(placed.position);
                        c.hidden1309 = hiddenHere().value_or(false);
                    }
                }
            inBlocks += block.cells();
            finished(block.cells());
            return true;
        };
        auto single = [&](int k) {
            decideCell(k);
            finished(1);
        };
        for (int b = next++; b < blocks && !cancelled(); b = next++) {
            const int c0 = (b % blockCols) * kBlock, r0 = (b / blockCols) * kBlock;
            scene.forgetViews();
            forgetFlatViews();
            lastHidden.reset();
            lastFully = 0;
            cutFrom.clear();
            keptFeet.forget();
            lastJointFoot = 0;
            seenSpots.forget();
            byBlocks({c0, r0, std::min(c0 + kBlock, grid.cols), std::min(r0 + kBlock, grid.rows)}, grid.cols, settle, single,
                     cancelled);
        }
    };
    onThreads(run, blocks, work);
    map.complete = done == total;
    map.blockCells = inBlocks;
    return map;
}

bool overTableEdge(Vec2 at, Vec2 halfExtent, const Board& board) {
    constexpr double kHair = 1e-6;  // inches
    return at.x - halfExtent.x < -kHair || at.y - halfExtent.y < -kHair || at.x + halfExtent.x > board.width + kHair ||
           at.y + halfExtent.y > board.height + kHair;
}

std::vector<Vec2> turnsRound(int count) {
    std::vector<Vec2> turns;
    for (int k = 0; k < count; ++k) {
        const double a = 2 * std::numbers::pi * k / count;
        turns.push_back({std::cos(a), std::sin(a)});
    }
    return turns;
}

Vec2 offTable(const Scenario& scenario, Vec2 halfExtent) {
    double left = 0;
    for (const TerrainPiece& piece : scenario.terrain)
        if (!piece.footprint.outer.empty()) left = std::min(left, boundsOf(piece.footprint.outer).lo.x);
    for (const Model& model : scenario.models) left = std::min(left, model.position.x - baseHalfExtent(model).x);
    for (const Zone& zone : scenario.zones) {  // (where a zone's places stand)
        if (!zone.polygon.empty()) left = std::min(left, boundsOf(zone.polygon).lo.x);
        if (zone.position) left = std::min(left, zone.position->x - zone.radius);
    }
    return {left - halfExtent.x - 100, 0};
}

bool overTableEdge(const Model& model, const Board& board) {
    return overTableEdge(model.position, baseHalfExtent(model), board);
}

Tally tally(const VisionMap& map) {
    Tally t;
    for (const Cell& c : map.cells) {
        switch (c.verdict) {
        case Verdict::Overlap: ++t.overlap; break;
        case Verdict::Hidden: ++t.hidden; break;
        case Verdict::Visible: ++t.visible; break;
        case Verdict::FullyVisible: ++t.fully; break;
        }
        t.undecided += c.undecided;
        t.cover += c.cover;
        t.hidden1309 += c.hidden1309;
        t.hiddenDense += c.hidden1309 && c.verdict == Verdict::Hidden && !c.undecided;
    }
    return t;
}

std::string visionCsv(const VisionMap& map, const Scenario& scenario) {
    std::ostringstream out;
    out << "x,y,verdict,cover,in_dense_area_13_09,undecided,seen_by\n";
    for (int row = 0; row < map.grid.rows; ++row)
        for (int col = 0; col < map.grid.cols; ++col) {
            const Cell& c = map.at(col, row);
            const Vec2 at = map.grid.centre(col, row);
            out << at.x << ',' << at.y << ',' << verdictName(c.verdict) << ',' << c.cover << ',' << c.hidden1309 << ','
                << c.undecided << ',' << (c.seenBy >= 0 ? scenario.models[c.seenBy].id : std::string()) << '\n';
        }
    return out.str();
}

std::string verdictName(Verdict v) {
    switch (v) {
    case Verdict::Overlap: return "overlap";
    case Verdict::Hidden: return "hidden";
    case Verdict::Visible: return "visible";
    case Verdict::FullyVisible: return "fully_visible";
    }
    return "";
}

}  // namespace sl::analysis
