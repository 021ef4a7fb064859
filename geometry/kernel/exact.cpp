// The exact signs: each expression first in interval arithmetic (a static filter for the
// cross product), then in CGAL's exact rationals when the interval cannot tell.
#include "kernel/exact.h"

#include <CGAL/Exact_rational.h>
#include <CGAL/Interval_nt.h>

#include <cmath>

namespace sl::exact {
namespace {

using Q = CGAL::Exact_rational;
using I = CGAL::Interval_nt<false>;

template <class T>
int signOf(const T& v) {
    return v > 0 ? 1 : (v < 0 ? -1 : 0);
}

// Evaluates f first with interval arithmetic (rounding directed outwards), and exactly
// when the interval straddles zero. f must return its number type by value (a declared
// return type): with GMP's C++ classes an expression returned by `auto` would refer to
// the lambda's locals after they are gone.
template <class F>
int filteredSign(F f) {
    {
        CGAL::Protect_FPU_rounding<true> guard;
        const I v = f(I{});
        if (v.inf() > 0) return 1;
        if (v.sup() < 0) return -1;
    }
    return signOf(f(Q{}));
}

// cross(p1 - p0, q1 - q0) with a static filter: each factor is one rounded difference,
// so the error of the double result is below 1e-15 * (|l| + |r|) (Shewchuk's bound is
// about 3.3e-16 times the same sum).
int crossFiltered(Vec2 p0, Vec2 p1, Vec2 q0, Vec2 q1) {
    const double px = p1.x - p0.x, py = p1.y - p0.y, qx = q1.x - q0.x, qy = q1.y - q0.y;
    const double l = px * qy;
    const double r = py * qx;
    const double det = l - r;
    const double bound = 1e-15 * (std::abs(l) + std::abs(r));
    if (det > bound) return 1;
    if (-det > bound) return -1;
    // A difference of two doubles is zero exactly when they are equal (gradual underflow),
    // so a product with a zero factor is exactly zero: the common axis-aligned case.
    if ((px == 0 || qy == 0) && (py == 0 || qx == 0)) return 0;
    return signOf((Q(p1.x) - Q(p0.x)) * (Q(q1.y) - Q(q0.y)) -
                  (Q(p1.y) - Q(p0.y)) * (Q(q1.x) - Q(q0.x)));
}

}  // namespace

int orient(Vec2 a, Vec2 b, Vec2 c) {
    // A repeated point makes the determinant zero by construction, but its two products,
    // equal and non-zero, would leave the filter undecided.
    if (a == b || a == c || b == c) return 0;
    return crossFiltered(a, b, a, c);
}

int crossSign(Vec2 p0, Vec2 p1, Vec2 q0, Vec2 q1) { return crossFiltered(p0, p1, q0, q1); }

int dotSign(Vec2 p0, Vec2 p1, Vec2 q0, Vec2 q1) {
    const double l = (p1.x - p0.x) * (q1.x - q0.x);
    const double r = (p1.y - p0.y) * (q1.y - q0.y);
    const double dot = l + r;
    const double bound = 1e-15 * (std::abs(l) + std::abs(r));
    if (dot > bound) return 1;
    if (-dot > bound) return -1;
    return signOf((Q(p1.x) - Q(p0.x)) * (Q(q1.x) - Q(q0.x)) +
                  (Q(p1.y) - Q(p0.y)) * (Q(q1.y) - Q(q0.y)));
}

int heightAtCrossingSign(Vec2 a, Vec2 b, double h0, double h1, Vec2 c, Vec2 d, double top) {
    // With oa = cross(d - c, a - c) and ob likewise, the crossing is at t = oa / (oa - ob),
    // so sign(h(t) - top) = sign(oa - ob) * sign((h0 - top)(oa - ob) + (h1 - h0) oa).
    return filteredSign([&](auto zero) -> decltype(zero) {
        using T = decltype(zero);
        const T cx(c.x), cy(c.y);
        const T ex = T(d.x) - cx, ey = T(d.y) - cy;
        const T oa = ex * (T(a.y) - cy) - ey * (T(a.x) - cx);
        const T ob = ex * (T(b.y) - cy) - ey * (T(b.x) - cx);
        const T diff = oa - ob;
        const T num = (T(h0) - T(top)) * diff + (T(h1) - T(h0)) * oa;
        return num * diff;  // same sign as num * sign(diff)
    });
}

int heightAtPointSign(Vec2 a, Vec2 b, double h0, double h1, Vec2 v, double top) {
    // t = dot(v - a, b - a) / |b - a|^2, so sign(h(t) - top) =
    // sign((h0 - top) |b - a|^2 + (h1 - h0) dot(v - a, b - a)).
    return filteredSign([&](auto zero) -> decltype(zero) {
        using T = decltype(zero);
        const T ux = T(b.x) - T(a.x), uy = T(b.y) - T(a.y);
        const T len2 = ux * ux + uy * uy;
        const T dot = (T(v.x) - T(a.x)) * ux + (T(v.y) - T(a.y)) * uy;
        return (T(h0) - T(top)) * len2 + (T(h1) - T(h0)) * dot;
    });
}

}  // namespace sl::exact
