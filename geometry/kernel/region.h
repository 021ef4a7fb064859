// Where a sight line may start or end: a model's base or a single point of the table.
#pragma once

#include "kernel/exact.h"
#include "kernel/types.h"

#include <optional>
#include <utility>
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
    exact::Ellipse ellipse;     // the same curve as exact tests take it
    Ring around;                // a convex polygon (16 corners at most) containing the region
    bool isPoint() const { return outline.size() == 1; }
};

// How much larger than the curve the polygon around a round base is (circumscribed 16-gon).
extern const double kAroundGrow;

Region baseRegion(const Model& model);
Region pointRegion(Vec2 p);

// Whether p lies in the region as it truly is (the true circle or ellipse, a rectangle's
// outline, the point itself), exactly; its boundary counts as inside.
bool insideRegion(const Region& r, Vec2 p);

// The true curve of a round base (for exact tests).
exact::Ellipse ellipseOf(const Model& model);

// Parts of a region as convex polygons, for subdivisions that prove something of every
// point of the region: each part holds (never misses) its share of the true region.
// The whole region: a point, a rectangle's outline, or a polygon around the curve (the
// circumscribed 16-gon, a hair larger).
Ring regionPart(const Region& r);
// A part cut in two across its longer side, through its middle; the halves overlap by a
// hair, so rounding loses nothing between them.
std::pair<Ring, Ring> splitPart(const Ring& part);
// A part cut in two through its middle, across `across` (a unit vector) where the part's
// extent along it, times `bias`, is at least its extent along the perpendicular; else
// along it. (The lines from a far observer past a corner bound what it sees of a part:
// those run nearly along the line of sight, and the part is cut across them first.)
std::pair<Ring, Ring> splitPartAcross(const Ring& part, Vec2 across, double bias);
// The part cut down towards the true region: for a curve, by its tangents (moved out by a
// hair) across the part's span of it, so the bulge left is small for a small part.
// Nothing when no point of the true region is left in it.
std::optional<Ring> tightenPart(const Ring& part, const Region& r);
// A point of the true region near the part's middle, if one is found.
std::optional<Vec2> pointInPart(const Ring& part, const Region& r);
// The point of the true region's edge across the part's middle from the centre (a curve's
// point on the ray through it; a rectangle's: the part's farthest corner), when the part
// reaches that near the edge: where a sliver hidden behind a corner usually lies.
std::optional<Vec2> rimPointNear(const Ring& part, const Region& r);
// The part of the convex polygon on the side n . x <= c (in floating point: a caller that
// must lose nothing to rounding moves c out by a slack; cutting with opposite slacks, two
// halves then overlap by a hair).
Ring clipHalf(const Ring& poly, Vec2 n, double c);
// The part's middle (mean of its corners) and its size (its box's diagonal).
Vec2 partCentre(const Ring& part);
double partSize(const Ring& part);

}  // namespace sl
