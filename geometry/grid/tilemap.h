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
// Legend lines are `CHAR NAME [opaque] [solid] [dark] [obscuring] [radius=N] [bonus=N]`, and for
// light and senses (perception.h) `[lit] [bright] [magic-dark] [magic-light] [silence]
// [light=N]`; a legend line starting with `//` is a comment. Characters the legend does not name come from the
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
    bool solid = false;      // blocks fire and movement; not sight (bars, glass)
    bool dark = false;       // blocks sight, not fire; hides what is in it
    bool obscuring = false;  // blocks sight, not fire; hides what is in it (fog, foliage)
    int sightRadius = -1;    // standing on it (seed 000); -1: not given
    int standingBonus = 0;   // added to the radius of a viewer standing on it (a mountain's +2)
    // Light (perception.h): lit or bright whatever the sources; magical darkness (no light
    // and no sight there, whatever lights it) and magical light (lit, over magical darkness
    // too); silence (blindsight neither works there nor passes); a light source of this
    // radius on every such tile (a torch, a brazier).
    bool lit = false;
    bool bright = false;
    bool magicDark = false;
    bool magicLight = false;
    bool silence = false;
    int light = 0;

    bool blocksSight() const { return opaque || dark || obscuring; }
};

// '#' wall, '.' floor, and the terrain of the overworld: 'p' plains, 'h' hills, 'b' beach,
// 'd' desert, 'f' forest (obscuring), 's' swamp, 'F' foothills, 'M' mountain (opaque: it
// stops sight, but one can climb it and see far from its top), '~' water. Their sight
// radii are the terrain-radius table (plains 3; hills, beach, desert, water 2; forest,
// swamp, foothills 1; mountain 0 with +2 standing on it).
const std::vector<TerrainType>& defaultLegend();

struct TileMap {
    int width = 0;
    int height = 0;
    std::vector<TerrainType> legend;
    std::vector<int> tiles;  // index into legend, row by row

    const TerrainType& at(int x, int y) const { return legend[tiles[static_cast<size_t>(y) * width + x]]; }
    bool inside(int x, int y) const { return x >= 0 && y >= 0 && x < width && y < height; }
    // For field of view: 1 where sight passes (not opaque, dark or obscuring).
    std::vector<std::uint8_t> transparency() const;
};

// A whole number written in digits only (at most 9 of them), 0 or more.
bool parseWholeNumber(const std::string& text, int& value);

// Reads a map; on a problem, returns nothing and says where ("line 4, column 7: ...").
std::optional<TileMap> parseTileMap(const std::string& text, std::string* problem);

}  // namespace sl::grid
