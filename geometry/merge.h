// Exact union of footprints, so that a sight line cannot slip along the seam between
// two pieces that touch. Kept apart: its CGAL headers are slow to compile.
#pragma once

#include "types.h"

#include <vector>

namespace sl {

// The regularised union of valid polygons (outer rings positive, holes negative),
// returned with the same orientation. Vertices where two edges cross are rounded to the
// nearest double.
std::vector<Polygon> unitePolygons(const std::vector<Polygon>& polygons);

// Whether the closed regions share at least one point (touching counts).
bool polygonsMeet(const Polygon& a, const Polygon& b);

}  // namespace sl
