// Firing lanes and gaps: the open straight corridors between two deployment zones (widest
// first), and the narrow gaps between the pieces that stop sight lines, with the bases that
// fit through each and whether a sight line passes it.
#pragma once

#include "kernel/types.h"

#include <string>
#include <vector>

namespace sl::analysis {

// A corridor of parallel lines from one zone to the other that none of the blocking pieces
// cuts: its direction, its width across and its length between the zones, and its outline.
struct Lane {
    double angle = 0;   // radians, of its direction
    double width = 0;   // inches across
    double length = 0;  // inches, the shortest of its lines between the zones
    Ring outline;       // the strip between the zones, four corners
};

// Two blocking pieces nearer than the largest gap looked at: where they come nearest.
struct Gap {
    int a = -1, b = -1;  // terrain indices
    Vec2 from, to;       // the nearest points, on a and on b
    double width = 0;    // inches
    std::vector<std::string> basesThrough;  // the bases given whose narrowest side fits
    double widestThrough = 0;               // the widest of those narrowest sides, inches
    bool sightPasses = false;               // wider than the ruleset's sight line
};

struct LanesAndGaps {
    std::string zoneA, zoneB;
    std::vector<int> blocking;  // the pieces that stop lines: features above `eye`, and (11e) obscuring ones
    std::vector<Lane> lanes;    // widest first
    std::vector<Gap> gaps;      // narrowest first
    double lineWidth = 0;       // inches (11e: 1 mm)
    size_t basesTried = 0;      // the bases given (each gap's basesThrough are of them)
};

// The indices of the scenario's deployment zones (polygons), in the file's order.
std::vector<int> deploymentZones(const Scenario& scenario);

// The deployment zone the lanes from `zone` run to: the last other one the file lists, or -1.
int otherDeploymentZone(const Scenario& scenario, int zone);

// The pieces that stop a sight line at `eye` inches (features taller than it; under 11e also
// the obscuring areas and features), the lanes from zone a to zone b (directions every
// degree, lines every `step` inches across; lanes narrower than minWidth left out), and the
// gaps narrower than maxGap (pieces less than 0.01" apart touch: no gap). `bases`: a label and the narrowest
// side in inches, each.
LanesAndGaps lanesAndGaps(const Scenario& scenario, int zoneA, int zoneB, double eye,
                          const std::vector<std::pair<std::string, double>>& bases, double step = 0.1,
                          double minWidth = 0.5, double maxGap = 6);

}  // namespace sl::analysis
