// Deciding line of sight between two models, and the results the spec names for a pair.
#pragma once

#include "scene.h"
#include "types.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sl {

enum class Method { Center, Sampled, Exact };

std::string_view methodName(Method method);
std::optional<Method> parseMethod(std::string_view name);

struct PairResult {
    std::string observer;
    std::string target;
    bool visible = false;
    bool fully_visible = false;
    double visible_fraction = 0;
    double distance = 0;
    std::optional<Segment> witness;
    std::vector<std::string> blocked_by;
    Method method = Method::Sampled;
    std::optional<double> clearance;          // exact, when visible: of the witness, inches
    std::vector<std::string> blocking_set;    // exact, when not visible: together they stop every line
    // Game rulesets (wh40k-11e, wh40k-10e): their fields, and why, citing the rules.
    std::optional<bool> cover;
    std::optional<bool> hidden;
    std::optional<bool> plunging_fire;
    std::optional<bool> in_engagement_range;
    std::vector<std::string> reasons;
};

// How finely `exact` checks the target's base for fully_visible and visible_fraction.
inline constexpr int kFullyVisiblePoints = 400;   // spread evenly over the base, plus its edge
inline constexpr int kFractionPoints = 200;       // spread evenly over the base
inline constexpr int kFractionHeightSteps = 7;    // bisection: 1/128 of the model's height

// Points spread evenly over the base, about `count` of them at the centres of a square
// grid, and with `edge` the outline's vertices at about the grid's spacing along it.
std::vector<Vec2> basePoints(const Model& model, int count, bool edge);

// The sample points of the progressive method, in the order they are tried: the centre,
// then the 4 edge points (0, 90, 180, 270 degrees in the base's own frame), then the
// other 4 of the 8 boundary points (45 degrees apart).
std::vector<Vec2> samplePoints(const Model& model, int count);

// Only the decision and its witness: what the method finds to the target's top.
std::optional<Segment> findSightLine(const Scene& scene, int observer, int target, Method method);

// Which of the observers see which of the targets (exact), and whether fully: the
// decisions only, without witnesses' refinement or fractions. cells[i * targets + j].
struct MatrixCell {
    bool visible = false;
    bool fully_visible = false;
};
std::vector<MatrixCell> visibilityMatrix(const Scene& scene, const std::vector<int>& observers,
                                         const std::vector<int>& targets);

// The share of the way along the line to the first point where it is blocked (1 when it
// is open): blocking along a prefix only grows with its length, so bisection with the
// exact test finds it, to about 1e-9 of the line.
double firstBlockedShare(const Scene& scene, const SightLine& line, const ModelMask& ignored);

// Every result field for the pair. fully_visible and visible_fraction follow the method's
// sample points (see the README: they are estimates for `center` and `sampled`).
PairResult evaluatePair(const Scene& scene, int observer, int target, Method method);

}  // namespace sl
