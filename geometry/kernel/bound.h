// Doubles with a bound on their error: every operation adds the rounding of its result, so
// a comparison made with the bound holds for the exact value. For proofs computed in
// floating point (certify, coverage) where exact rationals would cost too much.
#pragma once

#include <cmath>

namespace sl {

struct Bound {
    double v = 0;  // the computed value
    double e = 0;  // the exact value lies within [v - e, v + e]
    Bound() = default;
    Bound(double value) : v(value) {}  // NOLINT(google-explicit-constructor): an input double is exact
    Bound(double value, double err) : v(value), e(err) {}
    double lo() const { return v - e; }
    double hi() const { return v + e; }
};

inline constexpr double kBoundUlp = 2.3e-16;  // a little above the unit roundoff, 2^-53

inline Bound operator+(Bound a, Bound b) {
    const double v = a.v + b.v;
    return {v, a.e + b.e + std::abs(v) * kBoundUlp};
}
inline Bound operator-(Bound a, Bound b) {
    const double v = a.v - b.v;
    return {v, a.e + b.e + std::abs(v) * kBoundUlp};
}
inline Bound operator*(Bound a, Bound b) {
    const double v = a.v * b.v;
    return {v, std::abs(a.v) * b.e + std::abs(b.v) * a.e + a.e * b.e + std::abs(v) * kBoundUlp};
}
// With a divisor that may be zero the bound is infinite: no comparison then holds.
inline Bound operator/(Bound a, Bound b) {
    const double m = std::abs(b.v) - b.e;
    if (!(m > 0)) return {0, HUGE_VAL};
    const double v = a.v / b.v;
    return {v, (a.e + std::abs(v) * b.e) / m + std::abs(v) * kBoundUlp};
}
inline Bound sqrtOf(Bound a) {
    const double lo = a.v - a.e;
    if (!(lo > 0)) return {0, HUGE_VAL};
    const double v = std::sqrt(a.v);
    return {v, a.e / (std::sqrt(lo) + v) + v * kBoundUlp};
}

}  // namespace sl
