// How much of a target's base is seen, by exact decisions for single points of it: the
// exact method's fully_visible (is every point of the foot seen?) and visible_fraction.
#pragma once

#include "kernel/region.h"
#include "kernel/types.h"
#include "los/scene.h"

#include <vector>

namespace sl {

// How finely `exact` checks the target's base for fully_visible and visible_fraction.
inline constexpr int kFullyVisiblePoints = 400;   // spread evenly over the base, plus its edge
inline constexpr int kFractionPoints = 200;       // spread evenly over the base
inline constexpr int kFractionHeightSteps = 7;    // bisection: 1/128 of the model's height

// The points at which a target's foot is checked, coarse to fine (a hidden part is
// usually met after a few), and a 16-gon around its base for the fan test.
struct FootPoints {
    std::vector<Vec2> points;
    Ring around;
};

FootPoints footPoints(const Model& t, const Region& region);

// Whether every point of the target's base is seen at its foot from some point of the
// observer's base (`from`, at the observer's top). `hint` is a point of `from` that sees
// the target (the witness's end), tried first.
bool fullyVisible(const Scene& scene, const Region& from, const Model& o, const Model& t, const ModelMask& ignored,
                  Vec2 hint, const FootPoints& foot);

// The share of the target seen from `from`: at kFractionPoints points of its base, the
// lowest height seen, found by bisection. Below 1 (some part is hidden) even when every
// point was seen. `start` is a point of `from` that sees the target, tried first.
double visibleFraction(const Scene& scene, const Region& from, const Model& o, const Model& t, const ModelMask& ignored,
                       Vec2 start);

}  // namespace sl
