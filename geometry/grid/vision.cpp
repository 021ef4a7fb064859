// The terrain sight radius (the table, the standing bonus, perception) and single lines
// between two tiles: where sight and fire stop.
#include "grid/vision.h"

#include "grid/fov.h"

#include <algorithm>
#include <cstdint>
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

namespace {

// One step of the line between two centres: the tile it crosses in a column (row), or the
// two it passes exactly between (`second`).
struct Crossing {
    Tile first;
    std::optional<Tile> second;
};

// Floor division for a positive divisor.
long long floorDiv(long long a, long long b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

std::vector<Crossing> crossings(Tile from, Tile to) {
    std::vector<Crossing> out;
    out.push_back({from, std::nullopt});
    if (from == to) return out;
    const int dx = to.x - from.x, dy = to.y - from.y;
    const bool steep = std::abs(dy) > std::abs(dx);
    const int n = steep ? std::abs(dy) : std::abs(dx);        // steps along the main axis
    const int major = steep ? (dy > 0 ? 1 : -1) : (dx > 0 ? 1 : -1);
    const int minorStart = steep ? from.x : from.y, minorSpan = steep ? dx : dy;
    for (int i = 1; i < n; ++i) {
        // The minor coordinate at step i: minorStart + i * minorSpan / n, in halves: 2v = t / n.
        const long long t = 2LL * minorStart * n + 2LL * i * minorSpan;
        const int at = (steep ? from.y : from.x) + i * major;
        auto tile = [&](long long minor) { return steep ? Tile{static_cast<int>(minor), at} : Tile{at, static_cast<int>(minor)}; };
        if (t % n == 0 && floorDiv(t / n, 1) % 2 != 0) {  // exactly halfway between two tiles
            const long long lower = floorDiv(t / n - 1, 2);
            out.push_back({tile(lower), tile(lower + 1)});
        } else {
            out.push_back({tile(floorDiv(t + n, 2LL * n)), std::nullopt});  // the nearest
        }
    }
    out.push_back({to, std::nullopt});
    return out;
}

template <typename Stops>
std::optional<LineStop> firstStop(const TileMap& map, Tile from, Tile to, Stops stops) {
    // The field of view over what stops the line; walls lit, so a target that stops it is
    // seen when the line reaches it.
    std::vector<std::uint8_t> clear(map.tiles.size());
    for (size_t i = 0; i < clear.size(); ++i) clear[i] = stops(map.legend[map.tiles[i]]) == nullptr;
    const std::vector<std::uint8_t> seen = fieldOfView(clear, map.width, map.height, from.x, from.y, FovOptions{0, RadiusShape::Euclid, true});
    const size_t target = static_cast<size_t>(to.y) * map.width + to.x;
    const TerrainType& last = map.at(to.x, to.y);
    if (seen[target]) {
        if (const char* why = stops(last); why && !(from == to)) return LineStop{to, last.name, why};
        return std::nullopt;
    }
    // Not reached: the first tile that stands squarely across the line, else the first it
    // touches (the field of view closes a line that only grazes, in places).
    const std::vector<Crossing> line = crossings(from, to);
    auto blocks = [&](Tile t) { return stops(map.at(t.x, t.y)) != nullptr; };
    for (int pass = 0; pass < 2; ++pass)
        for (size_t k = 1; k + 1 < line.size(); ++k) {
            const Crossing& c = line[k];
            const bool squarely = c.second ? blocks(c.first) && blocks(*c.second) : blocks(c.first);
            const bool touched = blocks(c.first) || (c.second && blocks(*c.second));
            if (pass == 0 ? !squarely : !touched) continue;
            const Tile t = blocks(c.first) ? c.first : *c.second;
            const TerrainType& terrain = map.at(t.x, t.y);
            return LineStop{t, terrain.name, stops(terrain)};
        }
    if (const char* why = stops(last)) return LineStop{to, last.name, why};
    return LineStop{to, last.name, "out of view"};  // (not met: tested on random maps)
}

}  // namespace

std::vector<Tile> tileLine(Tile from, Tile to) {
    std::vector<Tile> out;
    for (const Crossing& c : crossings(from, to)) {
        out.push_back(c.first);
        if (c.second) out.push_back(*c.second);
    }
    return out;
}

Tile stepStart(Tile from, Tile to, Tile at) {
    for (const Crossing& c : crossings(from, to))
        if (c.first == at || (c.second && *c.second == at)) return c.first;
    return at;
}

std::optional<LineStop> sightStop(const TileMap& map, Tile from, Tile to, const SightOptions& options) {
    if (!map.inside(from.x, from.y) || !map.inside(to.x, to.y)) return LineStop{to, "off the map", "solid"};
    const bool beside = std::abs(to.x - from.x) <= 1 && std::abs(to.y - from.y) <= 1;
    if (beside && !map.at(to.x, to.y).opaque) return std::nullopt;
    return firstStop(map, from, to, [&](const TerrainType& t) -> const char* {
        if (t.opaque) return "opaque";
        if (t.dark && !options.seesInDark) return "dark";
        if (t.obscuring && !options.seesThroughObscuring) return "obscuring";
        return nullptr;
    });
}

std::optional<LineStop> fireStop(const TileMap& map, Tile from, Tile to) {
    if (!map.inside(from.x, from.y) || !map.inside(to.x, to.y)) return LineStop{to, "off the map", "solid"};
    return firstStop(map, from, to, [](const TerrainType& t) -> const char* { return t.solid ? "solid" : nullptr; });
}

}  // namespace sl::grid
