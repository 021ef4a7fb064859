// The sampling methods: `sampled`, the progressive sampling of the original design
// (centre, then edge points, then boundary points of both bases), and `center`, centre to
// centre; with their estimates of how much of the target is seen.
#pragma once

#include "kernel/types.h"
#include "los/scene.h"

#include <optional>

namespace sl {

// Points per base in each phase of the progressive sampling: the centre, then the 4 edge
// points, then the 8 boundary points (in samplePoints' order).
inline constexpr int kCentreOnly = 1;
inline constexpr int kEdges = 5;
inline constexpr int kBoundary = 9;

// How many points per base `sampled` tries for this pair: the boundary points only when
// either base's largest dimension exceeds 60 mm.
int sampledPointsPerBase(const Model& observer, const Model& target);

// The first open line between the first `pointsPerBase` sample points of the two bases,
// phase by phase (centre to centre, the edge points, the boundary points), each phase
// trying only the pairs the earlier ones did not; nothing when every line is blocked.
std::optional<Segment> sampledSightLine(const Scene& scene, const ModelMask& ignored, const Model& observer,
                                        const Model& target, int pointsPerBase);

// fully_visible and visible_fraction estimated over sample points: the target's first
// `pointsPerBase` points, each at 4 heights (the middle of each quarter of its height),
// seen from the observer's. Fully visible when every point is seen at its foot; the
// fraction is the share of (point, height) seen, below 1 when a foot is hidden.
struct SampledCoverage {
    bool fully_visible = false;
    double visible_fraction = 0;
};
SampledCoverage sampledCoverage(const Scene& scene, const ModelMask& ignored, const Model& observer,
                                const Model& target, int pointsPerBase);

}  // namespace sl
