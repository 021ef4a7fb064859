// Hiding spots (hiding.h): an exposure map per base, counting stopped once a cell is seen
// from more places than semi-safe allows.
#include "analysis/hiding.h"

#include "analysis/shadows.h"
#include "analysis/terrain_parts.h"
#include "kernel/base.h"
#include "kernel/polygon.h"
#include "los/scene.h"
#include "rules/rulings.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>
#include <utility>

namespace sl::analysis {

namespace {

bool sameProbe(const Probe& a, const Probe& b) {
    return a.base.shape == b.base.shape && a.base.length_mm == b.base.length_mm && a.base.width_mm == b.base.width_mm &&
           a.height == b.height && a.keywords == b.keywords;
}

// Whether a model of base `small` lies within one of base `large` centred on the same point
// (both facing the same way, as the probes do), a hundredth of an inch to spare: a line that
// reaches the one reaches the other.
bool baseWithin(const Probe& small, const Probe& large) {
    const Ring inner = baseOutline(probeModel(small, {})), outer = baseOutline(probeModel(large, {}));
    const double turn = signedArea(outer) > 0 ? 1 : -1;  // (the outline is convex)
    constexpr double kSpare = 0.01;
    for (size_t i = 0; i < outer.size(); ++i) {
        const Vec2 p = outer[i], q = outer[(i + 1) % outer.size()];
        const Vec2 d = q - p;
        const double length = std::hypot(d.x, d.y);
        if (length == 0) continue;
        for (const Vec2 v : inner)
            if (turn * (d.x * (v.y - p.y) - d.y * (v.x - p.x)) / length < kSpare) return false;
    }
    return true;
}

}  // namespace

bool probeWithin(const Probe& small, const Probe& large) {
    return small.height == large.height && small.keywords == large.keywords && baseWithin(small, large);
}

HidingSpots hidingSpots(const Scenario& scenario, int zone, const std::vector<Probe>& probes, const HidingOptions& options,
                        const Run& run, const ExposureMap* known) {
    HidingSpots spots;
    spots.grid = tableGrid(scenario.board, options.spacing);
    spots.options = options;
    const Zone& z = scenario.zones.at(static_cast<size_t>(zone));
    spots.zone = z.id;
    const Probe watcher;  // the enemy at each place
    const std::vector<Vec2> places = zonePositions(scenario, z, watcher, options.zoneSpacing);
    spots.places = static_cast<int>(places.size());
    spots.semiMost = static_cast<int>(std::floor(options.semiShare * spots.places + 1e-9));
    const double cellArea = options.spacing * options.spacing;
    // A line that reaches a smaller base reaches any larger base that holds it (the same
    // height and keywords, centred on the same cell), so where a pair's walls for the larger
    // are no more than for the smaller and nothing else of the ruling tells them apart, a
    // place that sees the smaller sees the larger: the cells a smaller base was proven seen
    // from more places than semi-safe allows are not ruled again for the larger one
    // (ExposureOptions::seenEnough). Where, cell by cell: apart from every place's base (no
    // pair of overlapping bases), and under 11e within every obscuring area the smaller is
    // within (Rulings::wallsOf: fewer walls) and not within a dense one (13.09); under
    // true-los anywhere (no area is a wall); under the other rulesets, within nothing (no
    // piece, no model). (A cell where the larger would overlap a feature is counted by no
    // place either way.) `seenMore[i]`: those cells of probe i.
    const Obstacles obstacles(TerrainParts::of(scenario)->terrain(), scenario);
    const std::string& ruleset = scenario.ruleset.name;
    Scenario standing = scenario;
    standing.models.push_back(probeModel(watcher, {}));
    const int probeIndex = static_cast<int>(standing.models.size()) - 1;
    const Scene standingScene(standing);
    Rulings rulings(standingScene);
    auto obscuringAt = [&](const Probe& p, Vec2 at) {
        standing.models[static_cast<size_t>(probeIndex)] = probeModel(p, at);
        rulings.modelMoved(probeIndex);  // (the scene's index is not asked)
        return *rulings.obscuringWithin(probeIndex);
    };
    auto transfers = [&](const Probe& smaller, const Probe& larger, Vec2 at) {
        const double radius = boundingRadius(larger.base), apart = radius + boundingRadius(watcher.base) + obstacles.margin();
        if (std::ranges::any_of(places, [&](Vec2 p) { return (at.x - p.x) * (at.x - p.x) + (at.y - p.y) * (at.y - p.y) <= apart * apart; }))
            return false;
        if (ruleset == "true-los") return true;
        if (ruleset != "wh40k-11e") return obstacles.discClear(at, radius);
        const std::vector<int> small = obscuringAt(smaller, at), large = obscuringAt(larger, at);
        if (rulings.hiddenOf(probeIndex).value_or(true)) return false;  // (the larger's, placed last)
        return std::ranges::all_of(small, [&](int a) { return std::ranges::find(large, a) != large.end(); });
    };
    std::vector<std::vector<char>> seenMore;
    int before = 0;
    for (const Probe& probe : probes) {
        Run part = run;
        if (run.progress) part.progress = [&, before](int done, int) { run.progress(before + done, spots.places * static_cast<int>(probes.size())); };
        ExposureOptions eo;
        eo.spacing = options.spacing;
        eo.zoneSpacing = options.zoneSpacing;
        eo.stopAt = spots.semiMost + 1;  // enough to tell semi-safe from not
        std::vector<char> enough(static_cast<size_t>(spots.grid.cells()), 0);
        const bool reuse = known && known->complete && known->zone == z.id && sameProbe(known->observer, watcher) &&
                           sameProbe(known->target, probe) && known->grid.spacing == options.spacing &&
                           known->zoneSpacing == options.zoneSpacing && (known->stopAt == 0 || known->stopAt > spots.semiMost);
        for (size_t i = 0; i < seenMore.size() && !reuse; ++i) {
            const Probe& smaller = probes[i];
            if (!probeWithin(smaller, probe)) continue;
            for (size_t k = 0; k < enough.size(); ++k)
                if (seenMore[i][k] && !enough[k])
                    enough[k] = transfers(smaller, probe, spots.grid.centre(static_cast<int>(k) % spots.grid.cols, static_cast<int>(k) / spots.grid.cols));
        }
        eo.seenEnough = &enough;
        // (A map of the same zone, places and cells, counted far enough, answers as well: reuse.)
        const ExposureMap map = reuse ? *known : exposureMap(scenario, zone, watcher, probe, eo, part);
        before += spots.places;
        if (!map.complete) {
            spots.complete = false;
            return spots;
        }
        std::vector<char>& more = seenMore.emplace_back(map.cells.size(), 0);
        for (size_t k = 0; k < map.cells.size(); ++k) more[k] = map.cells[k].seen > spots.semiMost;
        HidingBase b;
        b.probe = probe;
        for (size_t k = 0; k < map.cells.size(); ++k) b.fromSmaller += enough[k] && !map.cells[k].overlap;
        b.safe.resize(map.cells.size());
        b.semi.resize(map.cells.size());
        b.seen.resize(map.cells.size());
        b.room.resize(map.cells.size());
        for (size_t k = 0; k < map.cells.size(); ++k) {
            const ExposureCell& c = map.cells[k];
            // (A place whose answer was left undecided may see it: safe and semi-safe count
            // it as seeing, so that no spot is claimed without a proof.)
            const int seen = c.seen + c.undecided;
            b.seen[k] = std::min(seen, spots.semiMost + 1);
            b.room[k] = !c.overlap;
            b.safe[k] = !c.overlap && seen == 0;
            b.semi[k] = !c.overlap && seen <= spots.semiMost;
            b.safeArea += b.safe[k] * cellArea;
            b.semiArea += b.semi[k] * cellArea;
        }
        for (const Zone& o : scenario.zones) {
            if (!o.position || o.kind != "objective") continue;
            ObjectiveHiding h;
            h.objective = o.id;
            for (size_t k = 0; k < map.cells.size(); ++k) {
                const Vec2 c = spots.grid.centre(static_cast<int>(k) % spots.grid.cols, static_cast<int>(k) / spots.grid.cols);
                if (std::hypot(c.x - o.position->x, c.y - o.position->y) > options.objectiveRange) continue;
                h.safeArea += b.safe[k] * cellArea;
                h.semiArea += b.semi[k] * cellArea;
            }
            b.objectives.push_back(std::move(h));
        }
        spots.bases.push_back(std::move(b));
    }
    return spots;
}

std::vector<Ring> cellOutlines(const Grid& grid, const std::vector<char>& in) {
    auto inside = [&](int col, int row) {
        return col >= 0 && row >= 0 && col < grid.cols && row < grid.rows && in[static_cast<size_t>(row) * grid.cols + col];
    };
    // Each boundary edge, directed so that the cell inside is on the same side throughout,
    // keyed by its start corner (corners as integer grid points).
    using Corner = std::pair<int, int>;
    std::multimap<Corner, Corner> edges;
    for (int row = 0; row < grid.rows; ++row)
        for (int col = 0; col < grid.cols; ++col) {
            if (!inside(col, row)) continue;
            if (!inside(col, row - 1)) edges.emplace(Corner{col, row}, Corner{col + 1, row});
            if (!inside(col + 1, row)) edges.emplace(Corner{col + 1, row}, Corner{col + 1, row + 1});
            if (!inside(col, row + 1)) edges.emplace(Corner{col + 1, row + 1}, Corner{col, row + 1});
            if (!inside(col - 1, row)) edges.emplace(Corner{col, row + 1}, Corner{col, row});
        }
    std::vector<Ring> rings;
    while (!edges.empty()) {
        auto it = edges.begin();
        const Corner start = it->first;
        Corner at = it->second;
        edges.erase(it);
        std::vector<Corner> corners{start};
        while (at != start) {
            corners.push_back(at);
            auto next = edges.find(at);
            if (next == edges.end()) break;  // (cannot happen: every corner has as many edges in as out)
            at = next->second;
            edges.erase(next);
        }
        // Corners along a straight run are left out.
        Ring ring;
        const size_t n = corners.size();
        for (size_t i = 0; i < n; ++i) {
            const Corner& a = corners[(i + n - 1) % n];
            const Corner& b = corners[i];
            const Corner& c = corners[(i + 1) % n];
            const bool straight = (a.first == b.first && b.first == c.first) || (a.second == b.second && b.second == c.second);
            if (!straight) ring.push_back({b.first * grid.spacing, b.second * grid.spacing});
        }
        if (ring.size() >= 3) rings.push_back(std::move(ring));
    }
    return rings;
}

std::string hidingCsv(const HidingSpots& spots) {
    std::ostringstream out;
    out << "x,y";
    // (Each base's height too where the bases' heights differ: "32_mm_round_3in" beside
    // "32_mm_round_1.75in", so that no two columns have one name.)
    const bool heights = std::ranges::any_of(spots.bases, [&](const HidingBase& b) { return b.probe.height != spots.bases.front().probe.height; });
    for (const HidingBase& b : spots.bases) {
        std::ostringstream name;
        const Base& base = b.probe.base;
        if (base.shape == BaseShape::Circle) name << base.length_mm << "_mm_round";
        else name << base.length_mm << 'x' << base.width_mm << (base.shape == BaseShape::Oval ? "_mm_oval" : "_mm_rect");
        if (heights) name << '_' << b.probe.height << "in";
        out << ",safe_" << name.str() << ",semi_" << name.str() << ",room_" << name.str();
    }
    out << '\n';
    for (int k = 0; k < spots.grid.cells(); ++k) {
        const Vec2 at = spots.grid.centre(k % spots.grid.cols, k / spots.grid.cols);
        out << at.x << ',' << at.y;
        for (const HidingBase& b : spots.bases)
            out << ',' << int(b.safe[static_cast<size_t>(k)] != 0) << ',' << int(b.semi[static_cast<size_t>(k)] != 0) << ','
                << int(b.room[static_cast<size_t>(k)] != 0);
        out << '\n';
    }
    return out.str();
}

std::vector<int> largestHidden(const HidingSpots& spots, bool semi) {
    std::vector<int> out(static_cast<size_t>(spots.grid.cells()), -1);
    for (size_t k = 0; k < out.size(); ++k)
        for (size_t b = 0; b < spots.bases.size(); ++b) {
            const std::vector<char>& cells = semi ? spots.bases[b].semi : spots.bases[b].safe;
            if (k >= cells.size() || !cells[k]) break;
            out[k] = static_cast<int>(b);
        }
    return out;
}

}  // namespace sl::analysis
