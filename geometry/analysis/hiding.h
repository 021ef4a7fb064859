// Hiding spots: where a model of each of several bases can stand hidden from every place of
// an enemy deployment zone ("safe"), or from all but a stated share of them ("semi-safe"),
// each cell decided by pair rulings (exposure.h), with the areas, per objective too, and the
// regions' outlines.
#pragma once

#include "analysis/exposure.h"

#include <string>
#include <vector>

namespace sl::analysis {

struct HidingOptions {
    double spacing = 1.0;      // the cells, inches
    double zoneSpacing = 2.0;  // the enemy's places in its zone, inches
    double semiShare = 0.1;    // semi-safe: seen from at most this share of the places
    double objectiveRange = 3; // an objective's ground: cells whose centre is this near it
};

struct ObjectiveHiding {
    std::string objective;  // the zone's id
    double safeArea = 0;    // square inches of safe cells within range of it
    double semiArea = 0;
};

struct HidingBase {
    Probe probe;
    std::vector<char> safe;  // a cell each (row by row): hidden from every place
    std::vector<char> semi;  // seen from at most semiShare of them (safe ones included)
    std::vector<int> seen;   // from how many places, counted up to semiMost + 1 ("more")
    std::vector<char> room;  // a model of this base can stand there (on no feature, within the table)
    int fromSmaller = 0;     // cells not ruled for it: a smaller base within it was seen there from more
                             // places than semi-safe allows, and so is it
    double safeArea = 0, semiArea = 0;  // square inches
    std::vector<ObjectiveHiding> objectives;
};

struct HidingSpots {
    Grid grid;
    std::string zone;  // the enemy's zone
    int places = 0;
    int semiMost = 0;  // semi-safe: seen from at most this many places
    HidingOptions options;
    std::vector<HidingBase> bases;  // in the order asked
    bool complete = true;
};

// For each probe (a base, its height and keywords), the cells where it is hidden from the
// zone's places (the observer at each: a 32 mm 1.75" infantry model). Progress counts
// places over all the probes. `known`: an exposure map of this zone already made (the
// layout report's), used for the probe it was made for instead of counting again.
HidingSpots hidingSpots(const Scenario& scenario, int zone, const std::vector<Probe>& probes, const HidingOptions& options,
                        const Run& run = {}, const ExposureMap* known = nullptr);

// The outlines of a set of cells (a cell each, row by row): closed rings along the cells'
// edges, one per boundary (holes included).
std::vector<Ring> cellOutlines(const Grid& grid, const std::vector<char>& in);

// Every cell as CSV: x,y and, per base, safe_<base>,semi_<base>,room_<base> (<base>: "32_mm_round",
// "100x50_mm_rect", with "_3.5in" after each where the bases' heights differ; 1 or 0; room:
// a model of the base can stand there, so 0,0,1 is seen and 0,0,0 no place to stand).
std::string hidingCsv(const HidingSpots& spots);

// Whether a model of probe `small` stands within one of `large` on the same cell (its base
// within the other's, facing the same way, a hundredth of an inch to spare; the same height
// and keywords): a line that reaches it reaches the larger, so where the larger hides and it
// is seen, only the rules hide the larger (within an area: 13.09).
bool probeWithin(const Probe& small, const Probe& large);

// Per cell: the largest k such that the cell is safe (semi: semi-safe) for every probe from
// the first to the k-th, else -1. Given smallest base first, k is the largest base that hides
// there with every smaller one hiding too. (A larger base alone may be safe where a smaller
// one is not: under 11e it can reach within an area, 13.09; the outlines show each base's.)
std::vector<int> largestHidden(const HidingSpots& spots, bool semi);

}  // namespace sl::analysis
