// What one viewer on a tile map sees without the full field of view: the sight radius
// that the terrain stood on gives (terrain radius), and single lines between two tiles,
// where sight and fire differ (sight versus fire). No Qt.
#pragma once

#include "grid/tilemap.h"

#include <optional>
#include <string>
#include <vector>

namespace sl::grid {

struct Tile {
    int x = 0;
    int y = 0;
    friend bool operator==(const Tile&, const Tile&) = default;
};
// "x,y", as files and the command line write a tile.
inline std::string tileText(Tile t) { return std::to_string(t.x) + "," + std::to_string(t.y); }

// ---- Terrain radius ----------------------------------------------------------------
// The table's radius for a terrain: its legend's radius=N, or 2 when the legend gives none.
int terrainSightRadius(const TerrainType& terrain);
// +1 per 5 perception above 10 (15 gives 1, 20 gives 2; 10 or less gives 0).
int perceptionBonus(int perception);
// A viewer standing on `terrain`: the table's radius, the terrain's standing bonus (a
// mountain's +2) and the perception bonus.
int viewerSightRadius(const TerrainType& terrain, int perception);
// The tiles within Manhattan distance `radius` of (cx, cy) (|dx| + |dy| <= radius: 1, 5,
// 13, 25 ... tiles), clipped to the map when a size is given (width, height > 0).
std::vector<Tile> tilesInRadius(int cx, int cy, int radius, int width = 0, int height = 0);

// Terrain that hides what stands in it from anyone not beside it (dark or obscuring).
inline bool hidesContents(const TerrainType& t) { return t.dark || t.obscuring; }

// ---- Sight versus fire -------------------------------------------------------------
// Sight and fire between two tiles follow the field of view (fov.h): the target is seen
// when the viewer's field of view over the tiles that stop it holds the target, so that
// `sight` and `fov` never disagree. The line drawn is the one between the two tiles'
// centres, which the field of view's rule is a rule about: a tile that stops it stands
// across the line in a column it crosses (a row, for a line steeper than 45 degrees); a line
// passing exactly between two such tiles is stopped, one grazing a single tile's corner
// may pass.

// The tiles the line between the two tiles' centres meets, from `from` to `to`, both
// included: in each column between them (each row, for a line steeper than 45 degrees)
// the tile it crosses, or the two tiles whose shared edge it passes exactly through.
std::vector<Tile> tileLine(Tile from, Tile to);
// The first tile of tileLine(from, to) in the same step as `at` (the other of two tiles the
// line passes exactly between, when `at` is the second): where a drawing of a line stopped
// at `at` turns from "passes" to "stopped".
Tile stepStart(Tile from, Tile to, Tile at);

struct SightOptions {
    bool seesInDark = false;          // darkvision: dark tiles do not stop it
    bool seesThroughObscuring = false;  // fog, foliage and the like do not stop it
};

// Where a line stops: the tile that stops it, with the reason.
struct LineStop {
    Tile at;
    std::string terrain;  // the terrain's name
    std::string why;      // "opaque", "dark", "obscuring" (sight) or "solid" (fire)
};

// Sight: stopped by opaque, dark and obscuring tiles (it passes bars and glass). Fire:
// stopped only by solid tiles (it passes fog, foliage and darkness). A target tile that
// would stop the line is reached but not seen into (the stop is the target itself), except
// that sight reaches into a dark or obscuring tile next to the viewer: one sees out of the
// fog one stands in, and into fog only from beside it. When the line is stopped before the
// target, the stop is the first tile on it that the line crosses squarely (or, failing one,
// the first it touches). Nothing: clear. Each call works out the viewer's field of view.
std::optional<LineStop> sightStop(const TileMap& map, Tile from, Tile to, const SightOptions& options = {});
std::optional<LineStop> fireStop(const TileMap& map, Tile from, Tile to);
inline bool lineOfSight(const TileMap& map, Tile from, Tile to, const SightOptions& options = {}) {
    return !sightStop(map, from, to, options);
}
inline bool lineOfFire(const TileMap& map, Tile from, Tile to) { return !fireStop(map, from, to); }

}  // namespace sl::grid
