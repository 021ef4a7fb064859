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

int orientNear(Vec2 a, Vec2 b, Vec2 c) {
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

// With s = h1 - h0 and k = level - h0, P - c = ((a - c) s + (b - a) k) / s: each sign below
// is the sign of the numerator times the sign of s.
int orientAtHeight(Vec2 a, Vec2 b, double h0, double h1, double level, Vec2 c, Vec2 d) {
    const int s = h1 > h0 ? 1 : -1;
    return s * filteredSign([&](auto zero) -> decltype(zero) {
        using T = decltype(zero);
        const T sh = T(h1) - T(h0), k = T(level) - T(h0);
        const T px = (T(a.x) - T(c.x)) * sh + (T(b.x) - T(a.x)) * k;
        const T py = (T(a.y) - T(c.y)) * sh + (T(b.y) - T(a.y)) * k;
        return (T(d.x) - T(c.x)) * py - (T(d.y) - T(c.y)) * px;
    });
}

int coordinateAtHeightSign(Vec2 a, Vec2 b, double h0, double h1, double level, bool yAxis, double value) {
    const int s = h1 > h0 ? 1 : -1;
    const double av = yAxis ? a.y : a.x, bv = yAxis ? b.y : b.x;
    return s * filteredSign([&](auto zero) -> decltype(zero) {
        using T = decltype(zero);
        return (T(av) - T(value)) * (T(h1) - T(h0)) + (T(bv) - T(av)) * (T(level) - T(h0));
    });
}

AtHeight locateAtHeight(Vec2 a, Vec2 b, double h0, double h1, double level, const Polygon& polygon) {
    // Crossings of the ray from P towards +x, counted with the half-open rule (an edge
    // counts when one end is above P and the other not), every comparison exact.
    bool inside = false;
    auto ring = [&](const Ring& r) {
        for (size_t i = 0; i < r.size(); ++i) {
            const Vec2 c = r[i], d = r[(i + 1) % r.size()];
            const int yc = coordinateAtHeightSign(a, b, h0, h1, level, true, c.y);  // sign(P.y - c.y)
            const int yd = coordinateAtHeightSign(a, b, h0, h1, level, true, d.y);
            if (yc * yd > 0) continue;  // the edge lies wholly above or below P
            const int o = orientAtHeight(a, b, h0, h1, level, c, d);
            if (o == 0) {
                const int xc = coordinateAtHeightSign(a, b, h0, h1, level, false, c.x);
                const int xd = coordinateAtHeightSign(a, b, h0, h1, level, false, d.x);
                if (xc * xd <= 0 && yc * yd <= 0) return true;  // on the edge
            }
            // (c.y > P.y) != (d.y > P.y), the crossing to the right of P.
            if ((yc < 0) != (yd < 0)) {
                const bool upward = yd < 0;  // from c (at or below P) to d (above it)
                if ((upward && o > 0) || (!upward && o < 0)) inside = !inside;
            }
        }
        return false;
    };
    if (ring(polygon.outer)) return AtHeight::Boundary;
    for (const Ring& h : polygon.holes)
        if (ring(h)) return AtHeight::Boundary;
    return inside ? AtHeight::Inside : AtHeight::Outside;
}

namespace {

// The ellipse's implicit function, scaled to be polynomial: with u and v the coordinates of
// p - centre along and across the axis, 254^2 (u^2 W^2 + v^2 L^2) - 25 L^2 W^2 (negative
// inside: u^2 / (5L/254)^2 + v^2 / (5W/254)^2 < 1).
template <class T>
T ellipseValue(const Ellipse& e, const T& x, const T& y) {
    const T dx = x - T(e.centre.x), dy = y - T(e.centre.y);
    const T c(e.cosRot), s(e.sinRot), L(e.lengthMm), W(e.widthMm);
    const T u = c * dx + s * dy, v = c * dy - s * dx;
    const T k(64516);  // 254^2
    return k * (u * u * W * W + v * v * L * L) - T(25) * L * L * W * W;
}

}  // namespace

int ellipseSide(const Ellipse& e, Vec2 p) {
    return filteredSign([&](auto zero) -> decltype(zero) {
        using T = decltype(zero);
        return ellipseValue<T>(e, T(p.x), T(p.y));
    });
}

bool segmentBelowTopInEllipse(const Ellipse& e, Vec2 a, Vec2 b, double h0, double h1, double top) {
    // The stretch of the segment below `top`: t in [0, 1] with h0 + t (h1 - h0) < top; its
    // closure [lo, hi] with lo = 0 or t*, hi = 1 or t*, t* = (top - h0) / (h1 - h0).
    if (h0 >= top && h1 >= top) return false;
    // f(t), the implicit function along the segment, is a convex quadratic: the stretch has
    // a point inside exactly when f is negative at f's lowest point on [lo, hi] (if that is
    // an end where the line reaches `top`, f < 0 there holds just inside the stretch too).
    auto decide = [&](auto zero) -> decltype(zero) {
        using T = decltype(zero);
        const T ax(a.x), ay(a.y), dx = T(b.x) - ax, dy = T(b.y) - ay;
        T lo(0), hi(1);
        if (h1 > h0 && h1 >= top) hi = (T(top) - T(h0)) / (T(h1) - T(h0));
        if (h0 > h1 && h0 >= top) lo = (T(top) - T(h0)) / (T(h1) - T(h0));
        // f(t) = A t^2 + B t + C, from the value at three points (0, 1/2, 1).
        const T bx = ax + dx, by = ay + dy, mx = ax + dx / T(2), my = ay + dy / T(2);
        const T f0 = ellipseValue<T>(e, ax, ay);
        const T f1 = ellipseValue<T>(e, bx, by);
        const T fm = ellipseValue<T>(e, mx, my);
        const T A = T(2) * (f0 + f1) - T(4) * fm, B = T(4) * fm - T(3) * f0 - f1;
        T t = lo;
        if (A > T(0)) {
            const T vertex = -B / (T(2) * A);
            t = vertex < lo ? lo : (vertex > hi ? hi : vertex);
        } else if (f1 - f0 < T(0)) {
            t = hi;  // (degenerate: a point, or rounding in the filter) the lower end
        }
        return (A * t + B) * t + f0;
    };
    // In interval arithmetic first: a comparison it cannot settle (the lowest point near an
    // end of the stretch) throws, and then the exact evaluation decides.
    {
        CGAL::Protect_FPU_rounding<true> guard;
        try {
            const I v = decide(I{});
            if (v.sup() < 0) return true;
            if (v.inf() > 0) return false;
        } catch (const CGAL::Uncertain_conversion_exception&) {
        }
    }
    return decide(Q{}) < 0;
}

}  // namespace sl::exact
