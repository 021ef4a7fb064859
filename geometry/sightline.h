// Deciding line of sight between two models, and the results the spec names for a pair.
#pragma once

#include "scene.h"
#include "types.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sl {

enum class Method { Center, Sampled };

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
};

// The sample points of the progressive method, in the order they are tried: the centre,
// then the 4 edge points (0, 90, 180, 270 degrees in the base's own frame), then the
// other 4 of the 8 boundary points (45 degrees apart).
std::vector<Vec2> samplePoints(const Model& model, int count);

// Only the decision and its witness: what `center` or `sampled` finds to the target's top.
std::optional<Segment> findSightLine(const Scene& scene, int observer, int target, Method method);

// Every result field for the pair. fully_visible and visible_fraction follow the method's
// sample points (see the README: they are estimates for `center` and `sampled`).
PairResult evaluatePair(const Scene& scene, int observer, int target, Method method);

}  // namespace sl
