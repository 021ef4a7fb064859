// Where a sight line may start or end: a model's base or a single point of the table.
#pragma once

#include "kernel/types.h"

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

// How much larger than the curve the polygon around a round base is (circumscribed 16-gon).
extern const double kAroundGrow;

Region baseRegion(const Model& model);
Region pointRegion(Vec2 p);

}  // namespace sl
