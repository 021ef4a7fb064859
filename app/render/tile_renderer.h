// Painting a tile map: its terrain (a colour per terrain, or its glyph), what a viewer or a
// side sees of it (visible lit, explored dimmed, unexplored black), units and remembered
// enemies, and a line between two tiles. For the CLI's pictures (fov, sight, fog --png) and
// the window.
#pragma once

#include "grid/fog.h"
#include "grid/tilemap.h"
#include "grid/vision.h"

#include <QColor>
#include <QImage>
#include <QPainter>
#include <QPointF>
#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

namespace sl::render {

// What is drawn over the map.
struct TilePicture {
    const grid::TileMap* map = nullptr;
    // A FogState per tile (unexplored, explored, visible), row by row; empty: all visible.
    std::vector<std::uint8_t> states;
    // A unit, a viewer or a remembered enemy on a tile: its letter in a disc of its side's
    // colour; a memory (ghost) as a hollow dashed ring with its age in turns.
    struct Marker {
        Marker() = default;
        Marker(grid::Tile at_, QString text_, QColor colour_, bool ghost_ = false, int age_ = 0)
            : at(at_), text(std::move(text_)), colour(colour_), ghost(ghost_), age(age_) {}
        grid::Tile at;
        QString text;
        QColor colour;
        bool ghost = false;
        int age = 0;  // turns since it was seen (ghosts)
        bool outline = false;  // detected, not seen (light and senses): a dark silhouette, no letter
        QString badge;         // a small label on its corner: the senses that detect it
    };
    std::vector<Marker> markers;
    // A line between two tiles (sight versus fire): its tiles, where sight stops (that tile
    // and those after it red, those before green) and where fire stops (an orange frame).
    std::vector<grid::Tile> line;
    std::optional<grid::Tile> sightStop, fireStop;
    // The light of every tile (grid::LightLevel: dark tiles shaded, bright ones warmed);
    // empty: none drawn. Tiles seen in outline only (hatched), one flag a tile.
    std::vector<std::uint8_t> light;
    std::vector<std::uint8_t> outlined;
    // Tiles tinted (a side's targetable tiles: seed 001's action mask), one flag a tile.
    std::vector<std::uint8_t> marked;
    QColor markColour{0xff, 0xe0, 0x40, 200};
    // Outlines in tile units (0,0 the map's top-left corner), dashed in their colour: a
    // unit's vision range.
    struct Outline {
        std::vector<QPointF> points;
        QColor colour;
    };
    std::vector<Outline> outlines;
    QString title;        // over the map
    QString caption;      // under it: what the colours mean
    bool glyphs = false;  // each tile's character instead of its terrain's colour
};

// A fog-of-war game as one side sees it: its fog, its structures and units, the enemies
// and enemy structures it sees, the enemies it remembers (ghosts, with their age in turns);
// `side` empty: everyone's view (every tile, every unit and structure, no ghosts). The
// picture holds a pointer to the game's map.
TilePicture fogPicture(const grid::FogGame& game, const std::string& side);
// Under light and senses (grid::VisionMode::Senses) what one unit perceives now: its tiers of
// the map (outline hatched), the light, and the units it perceives by any of `senses` (a
// grid::Sense mask): seen ones as discs, sensed ones as silhouettes, each with a badge of
// the senses' letters (senseLetters). Nothing when the game has no senses.
std::optional<TilePicture> perceptionPicture(const grid::FogGame& game, const std::string& unit, std::uint16_t senses = 0xffff);
// The senses as short letters for badges: S sight, s shadow, D darkvision, B blindsight,
// T tremorsense, P telepathy (psychic), A awareness, N scent (nose).
QString senseLetters(std::uint16_t senses);

// The colour a terrain is drawn in: by its name for the usual ones (wall, floor, the
// overworld's), else by what it does (opaque, solid, dark, obscuring).
QColor terrainColour(const grid::TerrainType& terrain);

// The map alone (no title or caption) on `p`, its top-left corner at `origin`, `tile`
// device units a tile: for the window, which zooms and pans.
void paintTiles(QPainter& p, const TilePicture& picture, QPointF origin, double tile);
// The picture with its title and caption, `tile` pixels a tile.
QImage paintTiles(const TilePicture& picture, int tile = 24);
// Written as PNG; false with the reason in `error`.
bool saveTiles(const TilePicture& picture, const QString& path, QString* error, int tile = 24);

}  // namespace sl::render
