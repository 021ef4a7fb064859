// The side view of a pair: the vertical section of the table along one sight line, from the
// observer's top to the target's top, with every piece the line passes over or into (its
// stretch along the line, its bottom and top) and how far above each the line runs. It is
// for a drawing, so that a player sees why a line clears a wall by a hair or does not: the
// stretches and clearances are worked out in floating point (to far better than the
// hundredth of an inch shown); the verdict itself is the ruling's exact one. No Qt.
#pragma once

#include "kernel/types.h"
#include "los/pair.h"
#include "los/scene.h"

#include <string>
#include <vector>

namespace sl {

class Rulings;

struct SectionPiece {
    std::string id;
    std::string label;  // as the board writes it (Scenario::labelOf)
    bool model = false;
    // The ruleset makes it a wall of unlimited height for this pair (11e: an obscuring area
    // neither model is within; 10e: a ruin): the line is blocked wherever it crosses it.
    bool wall = false;
    // A feature is cut into its prisms (a wall with a window: the wall beside it, the sill
    // below and the lintel above, each a piece of its own with the feature's id).
    double bottom = 0;  // inches above the table (a floor, a walkway, a lintel: its underside)
    double top = 0;     // inches; a wall: unlimited
    double from = 0;    // its stretch along the line, inches from the observer's end
    double to = 0;
    // How far the line stays above the top over the stretch, or below the bottom of a
    // piece with one (negative: the line runs into the piece; a wall: -infinity).
    double clearance = 0;
};

// An opening of a feature the line passes (a window, a door, the gap under an arch): its
// stretch along the line and its heights; closed where the ruleset closes it (solids.h,
// openingIsOpen), which then says why.
struct SectionGap {
    std::string id;     // the feature's
    std::string label;
    double bottom = 0;  // the opening's heights within the feature's
    double top = 0;
    double from = 0;    // its stretch along the line, inches from the observer's end
    double to = 0;
    bool open = true;
    std::string closedBy;  // the rule, where closed ("13.11 solid: ...")
};

struct SideView {
    Vec2 a, b;          // the line on the table, from the observer's end
    double h0 = 0;      // its height at a: the observer's top
    double h1 = 0;      // at b: the target's top
    double e0 = 0;      // the observer's and the target's elevations (where each stands:
    double e1 = 0;      // the table, or a floor)
    double length = 0;  // inches, on the table
    bool witness = false;  // the ruling's witness (the pair sees); else the least blocked line tried
    std::vector<SectionPiece> pieces;  // in order along the line
    std::vector<SectionGap> gaps;      // the openings it passes, in order along the line
    int closest = -1;   // the piece the line comes nearest to (or runs deepest into), or -1
    double heightAt(double s) const { return length > 0 ? h0 + (h1 - h0) * s / length : h0; }
    // The first closed gap the line runs through (its heights within the gap's all along the
    // stretch): where it would pass were the gap open. Null when there is none.
    const SectionGap* closedGapPassed() const;
};

// The side view of the pair's ruling: along its witness when the target is seen, else along
// the line (between the bases' sample points: centre and edges) that is least blocked.
SideView sideView(const Scene& scene, const Rulings& rulings, int observer, int target, const PairResult& ruling);

// The section of the table along one line (the same, for a line given).
SideView sectionAlong(const Scene& scene, const Rulings& rulings, int observer, int target, Vec2 a, Vec2 b);

}  // namespace sl
