// The parts the maps make of a table's terrain, kept for the tables asked of late
// (terrain_parts.h).
#include "analysis/terrain_parts.h"

#include "rules/rulings.h"

#include <list>
#include <mutex>
#include <string>
#include <utility>

namespace sl::analysis {

TerrainParts::TerrainParts(const Scenario& terrainOnly) : pieces_(terrainOnly), terrain_(terrainOnly), overlaps_(terrainOnly) {}

std::shared_ptr<const TerrainParts> TerrainParts::of(const Scenario& scenario) {
    static std::mutex mutex;
    static std::list<std::pair<std::string, std::shared_ptr<const TerrainParts>>> kept;  // (the one asked last first)
    std::string key = terrainKey(scenario);
    auto find = [&]() -> std::shared_ptr<const TerrainParts> {
        for (auto it = kept.begin(); it != kept.end(); ++it)
            if (it->first == key) {
                kept.splice(kept.begin(), kept, it);
                return kept.front().second;
            }
        return nullptr;
    };
    {
        const std::lock_guard<std::mutex> lock(mutex);
        if (auto found = find()) return found;
    }
    // (Made outside the lock: another thread's maps of another table need not wait.)
    Scenario terrainOnly;
    terrainOnly.ruleset = scenario.ruleset;
    terrainOnly.terrain = scenario.terrain;
    auto made = std::make_shared<const TerrainParts>(terrainOnly);
    const std::lock_guard<std::mutex> lock(mutex);
    if (auto found = find()) return found;  // (made meanwhile by another thread: that one is kept)
    kept.emplace_front(std::move(key), made);
    if (kept.size() > kKept) kept.pop_back();
    return made;
}

}  // namespace sl::analysis
