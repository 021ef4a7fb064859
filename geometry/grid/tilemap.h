// Tile maps: rows of characters, each a terrain named by a legend (what blocks sight, what
// blocks fire, what is dark or obscuring, and how far one sees standing on it). No Qt.
//
// A file is either just the rows (read with the default legend), or a legend block and
// then the rows:
//
//     legend:
//     T tree  obscuring radius=1
//     = bars  solid
//     map:
//     #####
//     #.T=#
//     #####
//
// Legend lines are `CHAR NAME [opaque] [solid] [dark] [obscuring] [radius=N]`; a legend
// line starting with `//` is a comment. Characters the legend does not name come from the
// default legend. Coordinates are column x, row y from the top-left, 0-based.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sl::grid {

struct TerrainType {
    char symbol = '.';
    std::string name;
    bool opaque = false;     // blocks sight
    bool solid = false;      // blocks fire (and sight)
    bool dark = false;       // blocks sight unless lit (sight versus fire)
    bool obscuring = false;  // blocks sight, not fire
    int sightRadius = -1;    // standing on it (seed 000); -1: not given
};

// '#' wall, '.' floor, and the terrain of the overworld: 'p' plains, 'h' hills, 'b' beach,
// 'd' desert, 'f' forest, 's' swamp, 'F' foothills, 'M' mountain, '~' water.
const std::vector<TerrainType>& defaultLegend();

struct TileMap {
    int width = 0;
    int height = 0;
    std::vector<TerrainType> legend;
    std::vector<int> tiles;  // index into legend, row by row

    const TerrainType& at(int x, int y) const { return legend[tiles[static_cast<size_t>(y) * width + x]]; }
    bool inside(int x, int y) const { return x >= 0 && y >= 0 && x < width && y < height; }
    // For field of view: 1 where sight passes (not opaque, solid, dark or obscuring).
    std::vector<std::uint8_t> transparency() const;
};

// Reads a map; on a problem, returns nothing and says where ("line 4, column 7: ...").
std::optional<TileMap> parseTileMap(const std::string& text, std::string* problem);

}  // namespace sl::grid
