// Painting a scenario and its sight lines with QPainter, on any paint device: the window,
// an image, an SVG or a PDF. One renderer, so that what the CLI exports is what the window
// shows.
#pragma once

#include "kernel/types.h"
#include "los/pair.h"

#include <QColor>
#include <QPainter>
#include <QRectF>
#include <QString>
#include <QTransform>

#include <optional>
#include <string>
#include <vector>

namespace sl::render {

// A line drawn blocked: solid from its start to the first point where something blocks it,
// that point marked, and faded beyond.
struct BlockedLine {
    Vec2 from;
    Vec2 to;
    double hit = 1;  // share of the way from `from` to `to` where it is first blocked
};

// A line that explains a cell of a layout map: from an observer (or a zone's place) to the
// cell, green where it sees it; red where not, solid up to the first point where its centre
// line is blocked, that point marked, and faded beyond (as a pair's blocked lines).
struct MapLine {
    Segment line;
    bool seen = false;
    double hit = 1;  // (red: share of the way where it is first blocked)
};

// A measured distance: the segment drawn and what it says.
struct Measurement {
    Vec2 from;
    Vec2 to;
    std::string label;  // 12.34" (flat 12.10", 2.50" up)
};

// A label chosen by the caller (the ruling sheet's model numbers, the pieces its reasons
// cite): text on a plate of its colour, round or square.
struct Tag {
    int index = -1;  // a model's index, or a terrain piece's
    QString text;
    QColor plate;
    QColor ink{255, 255, 255};
    bool round = false;
};

// The table's cloth, under everything drawn on it.
QColor tableColour();

// A map over the table (layout analysis): square cells of `spacing` inches from the
// corner at (0, 0), row by row, each a colour (alpha 0: left clear), drawn under the
// terrain's outlines and the models at `opacity`; its legend in a corner of the picture.
struct MapLayer {
    double spacing = 0;
    int cols = 0, rows = 0;
    std::vector<QColor> cells;
    // Regions drawn as outlines over the cells (hiding spots per base), in inches.
    struct Outline {
        QColor colour;
        std::vector<Ring> rings;
        bool dashed = false;
        double width = 2.2;  // pixels (at the renderer's scale)
        bool filled = false;  // its rings also filled, faintly (a lane: a band to see and hover)
    };
    std::vector<Outline> outlines;
    // Short texts on plates of their colour at points of the table (the gaps' numbers, as
    // the lists number them), always shown.
    struct Label {
        Vec2 at;
        QString text;
        QColor plate;
        std::vector<Vec2> elsewhere;  // places to put it instead, in order, where `at` is taken
    };
    std::vector<Label> labels;
    double opacity = 0.65;
    // Not empty: the map is of the table before its last edits (the window, while it is
    // worked out again): its cells and outlines are drawn greyed and faint, and this is said
    // over the table's top edge, so that no one reads it as the table's.
    QString staleNote;
    bool legendOnBoard = true;  // false: shown beside the board instead (the window's panel)
    QString title;
    // A colour and what it means: a cell's fill (a map with cells), an outline's colour (a
    // map of outlines alone); an invalid colour: a note, with no swatch.
    std::vector<std::pair<QColor, QString>> legend;
    // Lines a picture adds below the legend (pictureLayer), where the window's panel gives
    // them its own way: the figures, the gaps' key.
    std::vector<QString> key;
    // A legend entry's swatch as the board shows it: a cell's fill laid over the table at the
    // map's opacity (a pale fill reads grey over the green otherwise), an outline's colour
    // as it is; invalid for a note.
    QColor swatch(const QColor& colour) const;
};

// A base drawn where a cell of a hiding map is explained: its outline and colour, dashed
// where it is not safe there (seen, semi-safe, or no room to stand).
struct MapBase {
    Ring outline;
    QColor colour;
    bool dashed = false;
    bool operator==(const MapBase&) const = default;
};

// What is drawn over the board: line of sight, measuring, labels.
struct Overlay {
    int observer = -1;                    // model indices, -1 for none
    int target = -1;
    std::optional<PairResult> result;     // the pair's ruling
    std::vector<BlockedLine> blocked;     // red lines when the pair is not visible
    std::vector<std::pair<int, bool>> enemies;  // observer against all: target, visible
    // Enemies whose quick proofs (a model being dragged) ran out of time: not decided yet,
    // drawn as being worked out (their entry in `enemies` says not visible).
    std::vector<int> enemiesOpen;
    std::vector<Segment> debugLines;      // every sampled line tried (debug view)
    std::vector<int> selected;            // selected models
    std::vector<int> selectedTerrain;     // selected terrain pieces
    std::vector<int> selectedZones;       // selected zones and objectives
    // Unit against unit: each pair's witness (visible, green) or centre line (red).
    std::vector<std::pair<Segment, bool>> pairLines;
    // Measuring and range rings (each ring that far from the base's edge, labelled).
    std::vector<Measurement> measurements;
    std::vector<int> ringModels;
    std::vector<double> ringRadii;
    // Pieces and models to point out (an id a reason cites, hovered), by id.
    std::vector<std::string> highlighted;
    // Models standing where a real one could not: overlapping a feature or another model.
    std::vector<int> overlapping;
    // Fog of war on the table (a side's point of view): models not drawn, nor labelled;
    // and the enemies the side remembers, drawn as ghosts where it last saw them.
    std::vector<int> unseen;
    struct Ghost {
        Model model;    // as it was seen
        QString label;  // what it was and when: "Raider, seen turn 2"
        QString tag;    // the same in short, on its base when the label finds no room: "T2"
    };
    std::vector<Ghost> ghosts;
    // Labels on models and pieces (ids on plates, never overlapping one another).
    bool labels = true;
    // In place of those labels, only these (each placed, over others when it must), their
    // text `tagScale` times the usual size.
    bool tagsOnly = false;
    std::vector<Tag> modelTags;
    std::vector<Tag> terrainTags;
    double tagScale = 1;
    // A layout analysis map under the pieces and models, and the lines that explain a cell
    // of it (from an observer to the cell: green seen, red not).
    std::optional<MapLayer> map;
    std::vector<MapLine> mapLines;
    std::optional<Vec2> mapCell;  // (the cell they explain, ringed; else the first line's end)
    // Bases drawn where a cell of the map is explained (hiding spots: each base as it would
    // stand there), outlines in their colours.
    std::vector<MapBase> mapBases;
};

// The colour of a side: its own name when it is a colour's ("blue", "red"), else one of a
// fixed palette chosen by the name.
QColor sideColour(const std::string& side);

inline const QColor kVisibleGreen{0x1f, 0xa3, 0x3a};
inline const QColor kBlockedRed{0xd6, 0x27, 0x28};
inline const QColor kWorkedOutBlue{0x9d, 0xb7, 0xe0};  // not decided yet (a drag's quick proofs)

class BoardRenderer {
public:
    explicit BoardRenderer(const Scenario& scenario) : scenario_(scenario) {}

    // How many device pixels a screen pixel is: line widths and text scale with it, so an
    // export at 300 dpi looks like the window (1 on screen; dpi / 96 for a page).
    void setPixelScale(double scale) { pixelScale_ = scale; }
    // Hatching drawn as lines, not as a pattern brush (which an SVG file states in the
    // board's units, tiles an inch wide): for SVG files.
    void setHatchAsLines(bool lines) { hatchAsLines_ = lines; }

    // Paints the board into `painter`, inches mapped to the device by `inchToDevice`.
    void paint(QPainter& painter, const QTransform& inchToDevice, const Overlay& overlay) const;

    // The transform that fits the board into `device` with a margin (in device units).
    static QTransform fit(const QSizeF& device, const Board& board, double margin = 12);
    // A map's legend drawn on its own (beside the board, in a picture): its size in device
    // units at this renderer's scale, and the box painted at a point of the device.
    QSizeF legendSize(const MapLayer& map) const;
    void paintLegendAt(QPainter& p, const MapLayer& map, QPointF topLeft) const;
    static constexpr double kLegendWidth = 300;  // a title and each entry wrap within this, in 96-dpi pixels

    // The labels the last paint placed of the models, pieces, zones and openings (not a map's,
    // nor the numbered tags, nor the measuring's): each text, its plate in inches, and the id
    // of the model, piece or zone it names (an opening's: its piece's).
    struct PlacedLabel {
        QString text;
        QRectF plate;
        std::string id;
    };
    const std::vector<PlacedLabel>& labelsPlaced() const { return placed_; }

private:
    void paintGrid(QPainter& p, double unit) const;
    void paintZones(QPainter& p, const Overlay& overlay, double unit) const;
    // Light and senses (true-los): each light's pool (dim and bright radii) and its lamp, a
    // carried one at its carrier; areas of magical darkness shaded.
    void paintLights(QPainter& p, double unit) const;
    void paintMap(QPainter& p, const MapLayer& map, double unit) const;
    void paintMapLegend(QPainter& p, const QTransform& inchToDevice, const MapLayer& map) const;
    // A map's staleNote, over the table's top edge.
    void paintStaleNote(QPainter& p, const QTransform& inchToDevice, const QString& note) const;
    // The shape (its holes left out) filled with the brush's pattern (hatching or dots) in
    // `colour`; as lines or a light tint under setHatchAsLines.
    void hatch(QPainter& p, const Polygon& shape, const QColor& colour, Qt::BrushStyle style, double unit) const;
    void paintTerrain(QPainter& p, const Overlay& overlay, double unit) const;
    void paintModels(QPainter& p, const Overlay& overlay, double unit) const;
    void paintSight(QPainter& p, const Overlay& overlay, double unit) const;
    void paintMeasuring(QPainter& p, const Overlay& overlay, double unit) const;
    // Text in device space (readable at any zoom), over everything else.
    void paintLabels(QPainter& p, const QTransform& inchToDevice, const Overlay& overlay) const;
    void paintTags(QPainter& p, const QTransform& inchToDevice, const Overlay& overlay,
                   const std::vector<QRectF>& bases) const;

    const Scenario& scenario_;
    double pixelScale_ = 1;
    bool hatchAsLines_ = false;
    mutable std::vector<PlacedLabel> placed_;  // (labelsPlaced)
};

// The overlay for one pair: its ruling, and when it is not visible the red lines (the
// centre line and the lines between the bases' edge points; `center`: the centre line
// only), each up to its first blocker.
Overlay pairOverlay(const Scene& scene, int observer, int target, Method method);

// Every enemy of the observer, visible or not (exact decisions, under the scenario's
// ruleset).
// Every enemy of the observer: seen or not under the ruleset (exact). Under a quick scene
// (Scene::Effort::Quick), an enemy its proofs leave undecided is in enemiesOpen.
Overlay enemiesOverlay(const Scene& scene, int observer);

// A point inside the ring where its label goes: the area centroid, or (for an L or a U whose
// centroid falls outside) the middle of the widest horizontal chord through it.
Vec2 labelPoint(const Ring& ring);

// The text of a model's or a piece's label (Scenario::labelOf), and a feature's height.
QString labelText(const Scenario& s, const Model& m);
QString labelText(const Scenario& s, const TerrainPiece& t);
// An opening's label: its heights, and where the ruleset closes it, which rule ("gap 2.90"
// to 4.50", closed (13.11)"; 10th edition: "closed (ruin)").
QString openingText(const Scenario& s, const TerrainPiece& t, const Opening& o);

// The distance between two models as the rules measure it (closest points of the bases,
// in 3D across a height difference), as drawn: 12.34" (flat 12.10", 2.50" up).
Measurement baseToBase(const Model& a, const Model& b);

// Why a picture cannot be written to this path's type (not .png, .svg or .pdf), or nothing:
// the message every picture writer gives, said before any work is done.
std::optional<QString> pictureTypeProblem(const QString& path);

// A map as a picture of it shows it: its title begins with the table's name (a picture
// leaves the window, which names the table in its own title).
MapLayer pictureLayer(const Scenario& scenario, MapLayer map);

// An SVG file written by QSvgGenerator made right for every reader: the dash patterns of
// its pens thinner than half a unit are written in pen widths (it scales them by the width
// rounded to a whole number, taken as 1 where that is 0), where SVG reads them in the
// drawing's units (a dash of 4 pen widths drawn 4 inches long on the board, whose unit is
// the inch): each multiplied by its stroke's width. False, with the error, where the file
// cannot be read or written.
bool fixSvgDashes(const QString& path, QString* error);

// Writes the board to a PNG (`pngWidth` pixels across), SVG or PDF file, chosen by the
// extension; false with a message on failure. A map's legend goes beside the board
// (pictureLayer's).
bool renderToFile(const Scenario& scenario, const Overlay& overlay, const QString& path, QString* error,
                  int pngWidth = 1800);

}  // namespace sl::render
