// Exposure of the table to a deployment zone: for every cell, from how many of the places a
// model could stand in the zone a target there is seen (and fully seen), each decided by the
// same ruling a pair gets (rules/rulings.h), under the scenario's ruleset.
#pragma once

#include "analysis/vision_map.h"

#include <string>
#include <vector>

namespace sl::analysis {

// The places a model of the probe's base could stand wholly within the zone (a polygon
// zone), on a grid of `spacing` inches over the zone's bounding box, where its base overlaps
// no feature and no model of the table's; row by row. Along each side of the box, as many
// places as the side holds spacings (rounded to the nearest), the room left over split
// evenly at both ends (half a spacing where the side is a whole number of them): two zones
// that are each other's mirror image or half-turn get places that are too, so that neither
// side is favoured by where its grid happens to fall.
std::vector<Vec2> zonePositions(const Scenario& scenario, const Zone& zone, const Probe& probe, double spacing);

struct ExposureCell {
    bool overlap = false;  // the target's base would overlap a feature or a model of the
                           // table's, or reach past its edge: no place to stand
    int seen = 0;          // zone positions from which the target here is visible
    int fully = 0;         // of those, from which it is fully visible
    int undecided = 0;     // positions whose answer rests on no proof either way (not counted in seen: a
                           // knife edge, or a proof longer than a survey allows, Run::survey)
};

struct ExposureMap {
    Grid grid;
    Probe observer;               // the model standing at each zone position
    Probe target;                 // the model standing at each cell
    std::string zone;             // the zone's id
    std::vector<Vec2> positions;  // where the observer stands, in the zone
    double zoneSpacing = 1;       // how far apart (inches)
    std::vector<ExposureCell> cells;
    int stopAt = 0;               // 0, or: a cell seen from this many positions was not looked at further
    bool withFully = false;       // fully and undecided counted (else only seen: much faster)
    bool complete = true;         // false when cancelled: the counts are partial
    // How the pairs were decided (the plane's share, which the counts alone do not show):
    // cells one by one in the plane, blocks of cells at once in the plane, and pairs given
    // to the pair ruling (the rest by the shadows and the open-view proofs).
    struct Work {
        long long cellsInPlane = 0, blocksInPlane = 0, pairsRuled = 0;
    } work;
    const ExposureCell& at(int col, int row) const { return cells[static_cast<size_t>(row) * grid.cols + col]; }
    // The share of the zone's positions that see the cell (0 without positions).
    double share(const ExposureCell& c) const;
    double fullyShare(const ExposureCell& c) const;
};

// The exposure of every cell of `spacing` inches to the zone (an index into the scenario's
// zones, a polygon), the observer probe standing at each of its positions `zoneSpacing`
// apart. With stopAt > 0, a cell already seen from stopAt positions is not ruled against the
// others (its counts then stop there: enough to tell "seen from at least stopAt places").
// withFully: fully visible counted as well, which takes a full ruling per pair instead of the decision alone. Progress counts zone positions done.
// With run.survey (the default), a pair's proofs are held to a survey's budget, as in the
// vision map: one whose proof would run longer is counted undecided.
struct ExposureOptions {
    double spacing = 0.5;      // the cells, inches
    double zoneSpacing = 1.0;  // the observer's places in the zone, inches
    int stopAt = 0;
    bool withFully = false;
    // With stopAt > 0: the cells (a flag each, row by row) known to be seen from stopAt
    // places or more (the hiding spots: a smaller base seen there); their counts are set to
    // stopAt and they are not ruled.
    const std::vector<char>* seenEnough = nullptr;
};
ExposureMap exposureMap(const Scenario& scenario, int zone, const Probe& observer, const Probe& target,
                        const ExposureOptions& options, const Run& run = {});

// The figures of an exposure map, over the cells where a model can stand.
struct ExposureTally {
    int cells = 0;           // where a model can stand
    int overlap = 0;         // no place to stand (on a feature or a model, over the table's edge)
    int none = 0;            // seen from no place, none undecided
    int all = 0;             // seen from every place
    int undecided = 0;       // pairs left undecided
    int undecidedCells = 0;  // cells with one or more
    double sum = 0, fullySum = 0;  // their shares, summed
    double meanShare() const { return cells ? sum / cells : 0.0; }
    double meanFullyShare() const { return cells ? fullySum / cells : 0.0; }
};
ExposureTally tallyExposure(const ExposureMap& map);

// Every cell as CSV: x,y (its centre, inches),overlap,positions (the zone's places, on every
// row),seen,fully,share,fully_share,undecided;
// on a cell with no place to stand (overlap 1) the counts are empty, and so are fully and
// fully_share where the map did not count them (withFully).
std::string exposureCsv(const ExposureMap& map);

}  // namespace sl::analysis
