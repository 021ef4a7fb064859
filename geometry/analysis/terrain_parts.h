// What the maps make of a table's terrain, whatever its models: the pieces' convex parts for
// the full shadows (PieceParts), the terrain's shapes among the obstacles (Obstacles), the
// features' parts for the overlap test (FeatureOverlap). Made once for a terrain and ruleset
// and shared by every map of such a table: the window's maps after a model moved or the
// observer changed, a zone's exposure maps for each base, the report's maps of one layout.
#pragma once

#include "analysis/shadows.h"
#include "analysis/vision_map.h"

#include <memory>

namespace sl::analysis {

class TerrainParts {
public:
    // Those of this table's terrain and ruleset: the ones kept where a table with the same
    // terrain and ruleset was asked of late (the last kKept, for every thread), else made
    // now and kept (the one asked least lately let go). Its models play no part.
    static std::shared_ptr<const TerrainParts> of(const Scenario& scenario);
    static constexpr size_t kKept = 4;

    // (Made of a table with no models: the terrain and the ruleset of one, all its key holds.)
    explicit TerrainParts(const Scenario& terrainOnly);
    TerrainParts(const TerrainParts&) = delete;
    TerrainParts& operator=(const TerrainParts&) = delete;

    const PieceParts& pieces() const { return pieces_; }
    // The terrain's shapes alone: Obstacles(terrain, scenario) adds a table's models.
    const Obstacles& terrain() const { return terrain_; }
    const FeatureOverlap& overlaps() const { return overlaps_; }

private:
    PieceParts pieces_;
    Obstacles terrain_;
    FeatureOverlap overlaps_;
};

}  // namespace sl::analysis
