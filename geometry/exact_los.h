// The exact decision: whether any sight line of the spec runs between two regions (a
// model's base, or a single point of it), with the clearest such line as the witness,
// or a small set of pieces that together stop every line.
#pragma once

#include "scene.h"
#include "types.h"

#include <optional>
#include <vector>

namespace sl {

// Where a sight line may start or end: a model's base or a single point. Sight lines end
// on the true circle or ellipse of a round base; the critical lines are found with its
// outline polygon (vertices on the curve, the curve nowhere more than 0.01 mm away).
struct Region {
    Ring outline;               // convex, positively oriented; one point for a point region
    Vec2 centre;
    std::vector<Vec2> samples;  // the centre and the 8 boundary points of the sampled method
    bool curved = false;        // a circle or an ellipse with these half-axes and rotation:
    double halfLength = 0, halfWidth = 0, cosRot = 1, sinRot = 0;
    Ring around;                // a convex polygon (16 corners at most) containing the region
    bool isPoint() const { return outline.size() == 1; }
};

Region baseRegion(const Model& model);
Region pointRegion(Vec2 p);

struct ExactLine {
    Vec2 p;                // on the observer's side
    Vec2 q;                // on the target's side
    double clearance = 0;  // inches to the nearest piece the line passes below the top of
                           // (measured for Witness::Clearest only)
};

struct ExactAnswer {
    bool visible = false;
    std::optional<ExactLine> witness;  // when visible
    std::vector<uint32_t> cover;       // when not: blockers that together stop every critical line
    int candidates = 0;                // lines tested
};

enum class Witness {
    First,    // stop at the first unblocked line (a decision only)
    Clearest  // the unblocked line with the largest clearance, refined locally
};

// The clearance reported is capped at this distance.
inline constexpr double kClearanceCap = 2.0;

// Whether some sight line runs from `from` (its top at height hFrom) to `to` (at height
// hTo), every blocker of the scene counting but the models in `ignored`. A hint is a point
// of `from` worth trying first (the line from it through the centre of `to`).
ExactAnswer decideExact(const Scene& scene, const Region& from, double hFrom, const Region& to, double hTo,
                        const ModelMask& ignored, Witness witness, std::optional<Vec2> hint = std::nullopt);

// Inches from the line (its parts below each blocker's top) to the nearest blocker, up to
// kClearanceCap.
double clearanceOf(const Scene& scene, const SightLine& line, const ModelMask& ignored);

}  // namespace sl
