// Exact signs of the few expressions on which a line-of-sight decision hangs.
// Every input is a double taken as an exact number; the answer is the sign of the
// expression evaluated without rounding (a floating-point filter first, exact rational
// arithmetic when the filter cannot tell). Results are -1, 0 or +1.
#pragma once

#include "kernel/types.h"

namespace sl::exact {

// Sign of cross(b - a, c - a): +1 when c is to the left of a->b in the algebraic sense.
int orient(Vec2 a, Vec2 b, Vec2 c);

// Sign of cross(p1 - p0, q1 - q0).
int crossSign(Vec2 p0, Vec2 p1, Vec2 q0, Vec2 q1);

// Sign of dot(p1 - p0, q1 - q0).
int dotSign(Vec2 p0, Vec2 p1, Vec2 q0, Vec2 q1);

// A line runs from a (height h0) to b (height h1), its height linear in between.
// Sign of (its height - top) where it properly crosses the line through c and d.
int heightAtCrossingSign(Vec2 a, Vec2 b, double h0, double h1, Vec2 c, Vec2 d, double top);

// Same, at the point v lying on the segment a-b (v collinear with a and b).
int heightAtPointSign(Vec2 a, Vec2 b, double h0, double h1, Vec2 v, double top);

}  // namespace sl::exact
