// The terrain sight radius (the table, the standing bonus, perception) and single lines
// between two tiles: where sight and fire stop.
#include "grid/vision.h"

#include <algorithm>
#include <cstdlib>

namespace sl::grid {

int terrainSightRadius(const TerrainType& terrain) { return terrain.sightRadius >= 0 ? terrain.sightRadius : 2; }

int perceptionBonus(int perception) { return perception > 10 ? (perception - 10) / 5 : 0; }

int viewerSightRadius(const TerrainType& terrain, int perception) {
    return terrainSightRadius(terrain) + terrain.standingBonus + perceptionBonus(perception);
}

std::vector<Tile> tilesInRadius(int cx, int cy, int radius, int width, int height) {
    std::vector<Tile> out;
    for (int dy = -radius; dy <= radius; ++dy)
        for (int dx = -radius; dx <= radius; ++dx) {
            if (std::abs(dx) + std::abs(dy) > radius) continue;
            const int x = cx + dx, y = cy + dy;
            if (width > 0 && height > 0 && (x < 0 || y < 0 || x >= width || y >= height)) continue;
            out.push_back({x, y});
        }
    return out;
}

std::vector<Tile> tileLine(Tile from, Tile to) {
    std::vector<Tile> out;
    const int dx = std::abs(to.x - from.x), dy = -std::abs(to.y - from.y);
    const int sx = from.x < to.x ? 1 : -1, sy = from.y < to.y ? 1 : -1;
    int error = dx + dy;
    Tile at = from;
    out.reserve(static_cast<size_t>(std::max(dx, -dy)) + 1);
    for (;;) {
        out.push_back(at);
        if (at == to) break;
        const int twice = 2 * error;
        if (twice >= dy) {
            error += dy;
            at.x += sx;
        }
        if (twice <= dx) {
            error += dx;
            at.y += sy;
        }
    }
    return out;
}

namespace {

template <typename Stops>
std::optional<LineStop> firstStop(const TileMap& map, Tile from, Tile to, Stops stops) {
    const std::vector<Tile> line = tileLine(from, to);
    for (size_t i = 1; i < line.size(); ++i) {
        const Tile t = line[i];
        if (!map.inside(t.x, t.y)) return LineStop{t, "off the map", "solid"};
        const TerrainType& terrain = map.at(t.x, t.y);
        if (const char* why = stops(terrain)) return LineStop{t, terrain.name, why};
    }
    return std::nullopt;
}

}  // namespace

std::optional<LineStop> sightStop(const TileMap& map, Tile from, Tile to, const SightOptions& options) {
    const bool beside = std::abs(to.x - from.x) <= 1 && std::abs(to.y - from.y) <= 1;
    if (beside && map.inside(to.x, to.y) && !map.at(to.x, to.y).opaque) return std::nullopt;
    return firstStop(
        map, from, to,
        [&](const TerrainType& t) -> const char* {
            if (t.opaque) return "opaque";
            if (t.dark && !options.seesInDark) return "dark";
            if (t.obscuring && !options.seesThroughObscuring) return "obscuring";
            return nullptr;
        });
}

std::optional<LineStop> fireStop(const TileMap& map, Tile from, Tile to) {
    return firstStop(map, from, to, [](const TerrainType& t) -> const char* { return t.solid ? "solid" : nullptr; });
}

}  // namespace sl::grid
