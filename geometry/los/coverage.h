// How much of a target's base is seen: the exact method's fully_visible (every point of
// the target's foot seen, proven) and visible_fraction (an estimate with a stated bound).
#pragma once

#include "kernel/region.h"
#include "kernel/types.h"
#include "los/scene.h"

#include <optional>

namespace sl {

// How finely visible_fraction looks at the target's base.
inline constexpr int kFractionPoints = 200;     // spread evenly over the base
inline constexpr int kFractionHeightSteps = 7;  // bisection: 1/128 of the model's height

// Whether every point of the target's base, at its foot, is seen from some point of the
// observer's base (`from`, at the observer's top). Yes only from a certificate: the base
// covered by parts, each with a point of the observer's base from which no blocker can
// stop a line to any point of the part (it lies beside the fan of those lines, or under
// every one of them). No only with a point of the base proven hidden (exact decision).
// `hint`, a point of `from` that sees the target, is tried first.
struct FullView {
    enum class Outcome { Yes, No, Undecided };
    Outcome outcome = Outcome::Undecided;
    std::optional<Vec2> hidden;  // No: a point of the target's base no sight line reaches,
    std::optional<double> height;  // at this height where it is not the foot (a point above a
                                   // foot seen under a floor, the floor hiding it)
};
FullView fullyVisible(const Scene& scene, const Region& from, const Model& o, const Region& to, const Model& t,
                      const ModelMask& ignored, Vec2 hint);

// The share of the target seen from `from`: at kFractionPoints points of its base, the
// lowest height seen, found by bisection. Below 1 (some part is hidden) even when every
// point was seen. `start` is a point of `from` that sees the target, tried first.
double visibleFraction(const Scene& scene, const Region& from, const Model& o, const Model& t, const ModelMask& ignored,
                       Vec2 start);

}  // namespace sl
