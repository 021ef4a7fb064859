// The sampling methods, `center` and `sampled`: lines between sample points of the two
// bases phase by phase, and the estimates of fully visible and the share seen.
#include "los/sampled.h"

#include "kernel/base.h"

#include <algorithm>
#include <vector>

namespace sl {
namespace {

constexpr double kLargeBaseMm = 60;
constexpr int kHeightLevels = 4;

bool lineOpen(const Scene& scene, const ModelMask& ignored, Vec2 p, double hp, Vec2 q, double hq) {
    return !scene.blocked({p, q, hp, hq}, ignored);
}

// The first unblocked line from any of `from` to any of `to` at height z, skipping the
// pairs whose both indices fall below `skipBelow` (already tried in an earlier phase).
std::optional<Segment> firstOpen(const Scene& scene, const ModelMask& ignored, const std::vector<Vec2>& from,
                                 double hFrom, const std::vector<Vec2>& to, double z, int skipBelow) {
    for (size_t i = 0; i < from.size(); ++i)
        for (size_t j = 0; j < to.size(); ++j) {
            if (static_cast<int>(i) < skipBelow && static_cast<int>(j) < skipBelow) continue;
            if (lineOpen(scene, ignored, from[i], hFrom, to[j], z)) return Segment{from[i], to[j]};
        }
    return std::nullopt;
}

}  // namespace

int sampledPointsPerBase(const Model& o, const Model& t) {
    return largestDimensionMm(o.base) > kLargeBaseMm || largestDimensionMm(t.base) > kLargeBaseMm ? kBoundary
                                                                                                : kEdges;
}

std::optional<Segment> sampledSightLine(const Scene& scene, const ModelMask& ignored, const Model& o, const Model& t,
                                        int n) {
    const std::vector<Vec2> from = samplePoints(o, n), to = samplePoints(t, n);
    // Phases: centre to centre, then the edge points, then the boundary points; each
    // phase tries only the pairs that the earlier ones did not.
    int tried = 0;
    for (int phase : {kCentreOnly, kEdges, kBoundary}) {
        if (phase > n) break;
        const std::vector<Vec2> f(from.begin(), from.begin() + phase), g(to.begin(), to.begin() + phase);
        if (auto s = firstOpen(scene, ignored, f, o.top(), g, t.top(), tried)) return s;
        tried = phase;
    }
    return std::nullopt;
}

SampledCoverage sampledCoverage(const Scene& scene, const ModelMask& ignored, const Model& o, const Model& t, int n) {
    // Every target point seen at its foot for fully_visible; the share of (target point,
    // height level) seen for the fraction.
    const std::vector<Vec2> from = samplePoints(o, n), to = samplePoints(t, n);
    auto seen = [&](Vec2 q, double z) {
        for (const Vec2& p : from)
            if (lineOpen(scene, ignored, p, o.top(), q, z)) return true;
        return false;
    };
    // (A foot seen is the whole column seen on a table of prisms from the table; under a
    // floor it may not be: every height level must be seen as well.)
    bool all = true;
    int seenCount = 0;
    for (const Vec2& q : to) {
        all = all && seen(q, t.elevation);
        for (int k = 0; k < kHeightLevels; ++k) {
            const bool level = seen(q, t.elevation + t.height * (k + 0.5) / kHeightLevels);
            seenCount += level ? 1 : 0;
            all = all && level;
        }
    }
    SampledCoverage c;
    c.fully_visible = all;
    const double samples = kHeightLevels * static_cast<double>(to.size());
    c.visible_fraction = static_cast<double>(seenCount) / samples;
    if (!c.fully_visible) c.visible_fraction = std::min(c.visible_fraction, 1 - 0.5 / samples);  // a foot is hidden
    return c;
}

}  // namespace sl
