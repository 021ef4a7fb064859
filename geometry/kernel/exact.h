// Exact signs of the few expressions on which a line-of-sight decision hangs.
// Every input is a double taken as an exact number; the answer is the sign of the
// expression evaluated without rounding (a floating-point filter first, exact rational
// arithmetic when the filter cannot tell). Results are -1, 0 or +1.
#pragma once

#include "kernel/types.h"

namespace sl::exact {

// Sign of cross(b - a, c - a): +1 when c is to the left of a->b in the algebraic sense.
// The common case (the double determinant far from zero) here, inline; the rest in orientNear.
int orientNear(Vec2 a, Vec2 b, Vec2 c);
inline int orient(Vec2 a, Vec2 b, Vec2 c) {
    // Each factor one rounded difference: the double determinant's error is below
    // 1e-15 * (|l| + |r|) (as crossSign's filter). Repeated points give l == r: not here.
    const double l = (b.x - a.x) * (c.y - a.y), r = (b.y - a.y) * (c.x - a.x), det = l - r;
    const double bound = 1e-15 * ((l < 0 ? -l : l) + (r < 0 ? -r : r));
    if (det > bound) return 1;
    if (-det > bound) return -1;
    return orientNear(a, b, c);
}

// Sign of cross(p1 - p0, q1 - q0).
int crossSign(Vec2 p0, Vec2 p1, Vec2 q0, Vec2 q1);

// Sign of dot(p1 - p0, q1 - q0).
int dotSign(Vec2 p0, Vec2 p1, Vec2 q0, Vec2 q1);

// A line runs from a (height h0) to b (height h1), its height linear in between.
// Sign of (its height - top) where it properly crosses the line through c and d.
int heightAtCrossingSign(Vec2 a, Vec2 b, double h0, double h1, Vec2 c, Vec2 d, double top);

// Same, at the point v lying on the segment a-b (v collinear with a and b).
int heightAtPointSign(Vec2 a, Vec2 b, double h0, double h1, Vec2 v, double top);

// The point P where the line from a (height h0) to b (height h1), h0 != h1, reaches the
// height `level`: P = a + (b - a) (level - h0) / (h1 - h0), an exact rational point.
// Sign of cross(d - c, P - c): +1 when P is to the left of c->d.
int orientAtHeight(Vec2 a, Vec2 b, double h0, double h1, double level, Vec2 c, Vec2 d);
// Sign of (P.x - value), or of (P.y - value) with `yAxis`.
int coordinateAtHeightSign(Vec2 a, Vec2 b, double h0, double h1, double level, bool yAxis, double value);
// Where P lies with respect to the closed region of the polygon (outer ring and holes).
enum class AtHeight { Outside, Boundary, Inside };
AtHeight locateAtHeight(Vec2 a, Vec2 b, double h0, double h1, double level, const Polygon& polygon);

// A round base as it truly is: the ellipse (or circle) centred at `centre` with half-axes
// of lengthMm / 50.8 and widthMm / 50.8 inches (exact ratios: 25.4 mm to the inch), its
// length axis along (cosRot, sinRot), the double-precision cosine and sine of its
// rotation (a circle has 1 and 0). Every test below is exact for this shape.
struct Ellipse {
    Vec2 centre;
    double lengthMm = 0;
    double widthMm = 0;
    double cosRot = 1;
    double sinRot = 0;
};

// -1 when p lies inside the ellipse, 0 on it, +1 outside.
int ellipseSide(const Ellipse& e, Vec2 p);

// Whether the segment a-b, its height running from h0 at a to h1 at b, has a point in the
// ellipse's open interior where it is below `top`.
bool segmentBelowTopInEllipse(const Ellipse& e, Vec2 a, Vec2 b, double h0, double h1, double top);

}  // namespace sl::exact
