// The footprint of a model's base: sample points on it, its outline, the distance between
// two bases. Circles and ovals are true curves for sample points and distances between two
// circles; where an outline polygon stands for a curve its vertices lie on the curve and
// no point of the curve is more than kOutlineErrorMm from it.
#pragma once

#include "kernel/types.h"

#include <vector>

namespace sl {

inline constexpr double kOutlineErrorMm = 0.01;

// Half-length and half-width of the base in inches (along and across its rotation axis).
double halfLengthIn(const Base& base);
double halfWidthIn(const Base& base);

// Largest dimension of the base in millimetres.
double largestDimensionMm(const Base& base);

// The point where the ray from the centre at localAngleDeg (in the base's own rotated
// frame, clockwise, 0 along the length axis) meets the base's boundary.
Vec2 boundaryPoint(const Model& model, double localAngleDeg);

// The same point in the base's own frame (centre at the origin). `quarter`: the angle is a
// quarter turn, where the point is exact and an unturned base adds it to its position.
struct BoundaryLocal {
    Vec2 point;
    bool quarter = false;
};
BoundaryLocal boundaryLocal(const Base& base, double localAngleDeg);

// The base's outline, positively oriented (interior to the left in the algebraic sense).
Ring baseOutline(const Model& model);

// Half the width and half the depth of the box around the base as it stands (turned by its
// rotation), in inches: of the true circle, ellipse or rectangle.
Vec2 baseHalfExtent(const Model& model);

// Whether p lies in the base (the true circle, ellipse or rectangle), allowing `tolerance`
// inches of rounding.
bool baseContains(const Model& model, Vec2 p, double tolerance = 1e-9);

// The same test, for many points: the rotation's cosine and sine taken once.
class BaseTest {
public:
    explicit BaseTest(const Model& model, double tolerance = 1e-9);
    bool contains(Vec2 p) const;

private:
    Vec2 centre_;
    double c_, s_, a_, b_;
    bool rect_;
};

// Shortest distance between the two bases in inches, 0 when they touch or overlap.
double baseDistance(const Model& a, const Model& b);

// The distance the rules measure between two models: between the closest points of their
// bases, in three dimensions when they stand at different elevations (the bases as discs
// at their elevations): the flat distance and the height difference combined.
double baseDistance3d(const Model& a, const Model& b);
// Whether baseDistance3d(a, b) > d: the same answer, most often without measuring, from the
// discs about each base and within it (the distance lies between the centres' less the
// sum of the first radii and less the sum of the second).
bool baseDistance3dAbove(const Model& a, const Model& b, double d);

// The closest points of the two bases (a's, then b's): where a measured distance is drawn.
// Both the same point when the bases touch or overlap.
Segment closestPoints(const Model& a, const Model& b);

// The point of the base nearest to p (p itself when it lies in the base).
Vec2 nearestPointOfBase(const Model& model, Vec2 p);

// The outline of everything within `inches` of the base, measured from its edge (a range
// ring): the base's outline pushed out by that distance, `steps` points around.
Ring rangeOutline(const Model& model, double inches, int steps = 180);

// Points spread evenly over the base, about `count` of them at the centres of a square
// grid, and with `edge` the outline's vertices at about the grid's spacing along it.
std::vector<Vec2> basePoints(const Model& model, int count, bool edge);

// The sample points of the progressive method, in the order they are tried: the centre,
// then the 4 edge points (0, 90, 180, 270 degrees in the base's own frame), then the
// other 4 of the 8 boundary points (45 degrees apart).
std::vector<Vec2> samplePoints(const Model& model, int count);

}  // namespace sl
