// Whole-table maps for layout analysis: where on the table a model of a given base and height
// would be seen by an observer (a model, or a unit: any of its models), decided cell by cell
// by the same ruling a pair gets (rules/rulings.h), under the scenario's ruleset.
#pragma once

#include "kernel/polygon.h"
#include "kernel/types.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace sl {
class Scene;
class Rulings;
}  // namespace sl

namespace sl::analysis {

// The model the map places on every cell: its base and height, standing on the table.
struct Probe {
    Base base;                                    // default: 32 mm round
    double height = 1.75;                         // inches
    std::vector<std::string> keywords{"INFANTRY"};  // what the ruleset reads (cover, 13.09)
};

// Cells of `spacing` inches over the table, row by row from the corner at (0, 0); a cell's
// verdict is the ruling for the probe standing at its centre.
struct Grid {
    double spacing = 0.5;
    int cols = 0, rows = 0;
    Vec2 centre(int col, int row) const { return {(col + 0.5) * spacing, (row + 0.5) * spacing}; }
    int cells() const { return cols * rows; }
    // The cell a point of the table lies in (column, row), or none off the grid.
    std::optional<std::pair<int, int>> cellAt(Vec2 at) const {
        const double col = std::floor(at.x / spacing), row = std::floor(at.y / spacing);
        if (!(col >= 0 && row >= 0 && col < cols && row < rows)) return std::nullopt;  // (not a number too)
        return std::pair{static_cast<int>(col), static_cast<int>(row)};
    }
    // Its index in a map's cells, row by row.
    size_t index(std::pair<int, int> cell) const {
        return static_cast<size_t>(cell.second) * static_cast<size_t>(cols) + static_cast<size_t>(cell.first);
    }
};
Grid tableGrid(const Board& board, double spacing);

enum class Verdict : std::uint8_t {
    Overlap,       // the probe's base would overlap a feature or a model, or reach past the
                   // table's edge: no place to stand
    Hidden,        // no observer sees it
    Visible,       // some observer sees it, none fully
    FullyVisible,  // some observer sees every point of it
};

struct Cell {
    Verdict verdict = Verdict::Hidden;
    bool undecided = false;  // the verdict could be better: an observer's answer that could raise
                             // it rests on no proof either way (a knife edge, or a proof longer
                             // than a survey allows: Run::survey); the verdict is then a floor
    bool hidden1309 = false; // 11e: within an area with a dense feature (13.09), whatever it hides from
    bool cover = false;      // the ruleset's cover against every observer proven to see it (none: false)
    int seenBy = -1;         // an observer (index into the scenario's models) that sees it, one
                             // that sees it fully where the verdict is fully visible
};

struct VisionMap {
    Grid grid;
    Probe probe;
    std::vector<int> observers;  // the scenario's model indices
    std::vector<Cell> cells;     // grid.cells(), row by row
    bool complete = true;        // false when cancelled: the cells after the first unfinished one mean nothing
    int blockCells = 0;          // cells decided a block at a time (with one proof for many cells)
    const Cell& at(int col, int row) const { return cells[static_cast<size_t>(row) * grid.cols + col]; }
};

// The probe as a model of its own (a unit of its own, on no one's side) at `where`.
Model probeModel(const Probe& probe, Vec2 where);

// A model a map moves from cell to cell in a table of its own (the probe; an exposure map's
// target): the rulings are told at once (they forget where it stood within the pieces), the
// scene only when a ruling is about to ask it (follow). Moving the model's blocker in the
// scene's index costs more than the proofs that settle most cells, which ask nothing of
// the scene (full shadows, open views, the rulings' walls, cover and 13.09).
class MovingModel {
public:
    MovingModel(Scenario& table, Scene& scene, Rulings& rulings, int index)
        : table_(table), scene_(scene), rulings_(rulings), index_(index) {}
    void moveTo(Vec2 to);
    // The scene brought to where the model stands: before anything that asks the scene
    // (Rulings::evaluate, Rulings::sight).
    void follow();

private:
    Scenario& table_;
    Scene& scene_;
    Rulings& rulings_;
    int index_;
    bool behind_ = false;
};

// `count` unit vectors at equal turns round the circle, the first along x: points on a
// base's rim, as the maps try them (a cosine and a sine each, worked out once per map).
std::vector<Vec2> turnsRound(int count);

// Whether a model's base reaches past the table's edge, by more than a hair (touching it does
// not count): where no real model could stand either, so the maps mark it as they do a
// place on a feature.
bool overTableEdge(const Model& model, const Board& board);
// The same for a base whose box has these half sizes (baseHalfExtent) centred at `at`.
bool overTableEdge(Vec2 at, Vec2 halfExtent, const Board& board);
// A spot left of the table and of every piece, model and zone (a file may place them off
// the table), where a base with these half sizes stands within no area and meets nothing: how
// the maps find the walls of a target in the open.
Vec2 offTable(const Scenario& scenario, Vec2 halfExtent);

// Whether a model's base overlaps a feature higher than it stands (touching does not count:
// less than kOverlapArea square inches in common), and which: where a real model could not
// stand. The same test for the window's overlap warning (scenario_edits) and the maps.
inline constexpr double kOverlapArea = 1e-4;
class FeatureOverlap {
public:
    explicit FeatureOverlap(const Scenario& scenario);
    bool operator()(const Model& model) const { return !features(model, true).empty(); }
    // The terrain indices of the features it overlaps (the first only, when firstOnly).
    // With `among` (near()), of those alone: a base whose box lies within the box they were
    // found for overlaps none of the others.
    std::vector<int> features(const Model& model, bool firstOnly = false, const std::vector<int>* among = nullptr) const;
    // The features whose box meets the box from lo to hi (features' `among`), in order.
    std::vector<int> near(Vec2 lo, Vec2 hi) const;

private:
    struct Feature {
        int piece;
        double height;
        double bottom;  // a floor's underside: a model whose top is no higher stands under it
        Polygon footprint;  // oriented for overlapArea
        Vec2 lo, hi;
        // The footprint as convex parts (kernel convexParts; none for a footprint with holes):
        // the base is clipped by each, its few sides, rather than a part by the base's ninety.
        std::vector<Ring> parts;
        std::vector<Bounds> partBoxes;
    };
    std::vector<Feature> features_;
};

// Whether a model's base overlaps another model's (touching does not count, nor a model
// standing above the other, on a floor: their heights do not meet), and which: a real model
// could not stand there either. The maps place their probe only where no model stands.
class ModelOverlap {
public:
    explicit ModelOverlap(const Scenario& scenario);
    // The index (in the scenario's models) of the first model it overlaps, or -1. With the
    // model's `inner` radius (innerRadius: a disc around its centre within its outline), a
    // model whose inner disc overlaps another's by a wide enough lens is found without
    // measuring the area the outlines share (the maps: most cells on a model).
    int operator()(const Model& model, double inner = 0) const;
    // The radius of the largest disc around the base's centre within its outline.
    static double innerRadius(const Model& model);

private:
    struct Other {
        int index;
        double bottom, top;
        Polygon outline;
        Vec2 lo, hi;
        Vec2 centre;
        double reach;  // the disc around its centre that holds its base
        double inner;  // the disc around its centre within its outline
    };
    std::vector<Other> models_;
};

// Points of the table proven of an observer's view for the last cells a map decided (a foot
// hidden, a spot seen), each with the observer (an index of the map's own) and the pair's
// walls: a point of the table is hidden, or seen, whatever base of the same height stands on
// it, so one within the next cell's base (within `r` of its centre) tells the same of that
// probe, where its walls are the same. The last few are kept.
class KeptPoints {
public:
    bool within(size_t observer, Vec2 at, double r, const std::vector<int>& walls) const {
        for (size_t k = 0; k < count_; ++k) {
            const Point& p = points_[k];
            const Vec2 d = p.at - at;
            if (p.observer == observer && d.x * d.x + d.y * d.y <= r * r && p.walls == walls) return true;
        }
        return false;
    }
    void keep(size_t observer, Vec2 at, const std::vector<int>& walls) {
        Point& p = points_[next_];
        p.observer = observer;
        p.at = at;
        p.walls.assign(walls.begin(), walls.end());
        next_ = (next_ + 1) % points_.size();
        count_ = std::min(count_ + 1, points_.size());
    }
    void forget() { count_ = next_ = 0; }

private:
    struct Point {
        size_t observer;
        Vec2 at;
        std::vector<int> walls;
    };
    std::array<Point, 12> points_;
    size_t count_ = 0, next_ = 0;
};

// What the map is computed with: threads (0: every core), a flag that stops it early, and
// a function told how many cells are done (from any thread, every so often).
struct Run {
    unsigned threads = 0;
    const std::atomic<bool>* cancel = nullptr;
    std::function<void(int done, int total)> progress;
    // Cells in an observer's full shadow (shadows.h) ruled hidden from it without a proof;
    // false: every cell ruled as a pair (what the shortcut is checked against).
    bool shadows = true;
    // The pairs' proofs held to a survey's budget (Scene::Effort::Survey): a pair whose proof
    // would run longer (at a knife edge, or near one) leaves its cell undecided, where a
    // pair's ruling could spend seconds on it; false: the full proofs a pair ruling makes.
    bool survey = true;
};

// Runs `work` on as many threads as the run allows (one each, the calling thread too), at
// most one per job, and returns when all are done: how the maps share out their work.
void onThreads(const Run& run, int jobs, const std::function<void()>& work);

// A block of cells: columns [c0, c1) and rows [r0, r1) of a grid, and the disc around every
// base of `radius` standing on its cells.
struct Block {
    int c0, r0, c1, r1;
    int cells() const { return (c1 - c0) * (r1 - r0); }
    Vec2 centre(const Grid& grid) const { return {(c0 + c1) * grid.spacing / 2, (r0 + r1) * grid.spacing / 2}; }
    double radius(const Grid& grid, double baseRadius) const {
        return grid.spacing * std::hypot(c1 - c0 - 1, r1 - r0 - 1) / 2 + baseRadius;
    }
};
// Whether a block within a disc of `radius`, `clear` of every piece or meeting one, is worth
// trying for the full shadow of several parts together (FullShadows::hides with `jointly`).
bool jointly(const Block& block, double radius, bool clear);
// The block decided at once where `settle` can (it says whether it did), else cut in four,
// down to single cells, each given to `cell` (by its index); nothing more once `stop` says so.
void byBlocks(const Block& block, int cols, const std::function<bool(const Block&)>& settle,
              const std::function<void(int)>& cell, const std::function<bool()>& stop);

// The map for these observers (model indices): each cell decided by the pair ruling
// (exact, decisions only) of every observer against the probe standing there.
VisionMap visionMap(const Scenario& scenario, const std::vector<int>& observers, const Probe& probe, double spacing,
                    const Run& run = {});

// Counts of cells by verdict, and the same as square inches of the table.
struct Tally {
    int overlap = 0, hidden = 0, visible = 0, fully = 0, undecided = 0, cover = 0, hidden1309 = 0;
    // Of the hidden cells (undecided ones apart, grey on the map), those within an area
    // with a dense feature (13.09): the map's purple, the CLI's "D". hidden1309 counts every
    // cell within one, seen (from within the detection range) or not.
    int hiddenDense = 0;
};
Tally tally(const VisionMap& map);

std::string verdictName(Verdict v);

// Every cell as CSV: x,y (its centre, inches),verdict,cover,in_dense_area_13_09,undecided,seen_by.
std::string visionCsv(const VisionMap& map, const Scenario& scenario);

}  // namespace sl::analysis
