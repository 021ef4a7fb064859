// A tile map in a window of its own: drawn as tiles (a colour per terrain, or each tile's
// glyph), zoomed and panned like the table; a viewer placed with a click and walked with the
// arrow keys and the numpad (diagonals), seeing with the field of view: visible tiles lit,
// explored ones dimmed, unexplored black. Radius, shape and light walls in a side panel;
// Reset forgets what was explored.
#pragma once

#include "grid/fog.h"
#include "grid/fov.h"
#include "grid/tilemap.h"
#include "grid/vision.h"
#include "tile_renderer.h"

#include <QMainWindow>
#include <QPointF>
#include <QWidget>

#include <cstdint>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QSpinBox;
class QSlider;
class QDockWidget;
class QUndoStack;

namespace sl::gui {

// The map, the viewer, and what it has seen.
class TileMapView : public QWidget {
    Q_OBJECT
public:
    explicit TileMapView(grid::TileMap map, QWidget* parent = nullptr);

    const grid::TileMap& map() const { return map_; }
    std::optional<grid::Tile> viewer() const { return viewer_; }
    // Puts the viewer on the tile (false, and nothing changes, off the map or on a tile
    // that stops movement: opaque or solid) and adds what it sees to what was explored.
    bool placeViewer(grid::Tile at);
    // One step (dx, dy each -1, 0 or 1); false when refused.
    bool step(int dx, int dy);
    // The line tool: a target tile (right-click, or Shift+click) and the line from the
    // viewer to it, with where sight and fire stop.
    void setTarget(std::optional<grid::Tile> at);
    std::optional<grid::Tile> target() const { return target_; }
    std::optional<grid::LineStop> sightStop() const { return sightStop_; }
    std::optional<grid::LineStop> fireStop() const { return fireStop_; }
    void setOptions(const grid::FovOptions& options);
    const grid::FovOptions& options() const { return options_; }
    // Forgets what was explored (what the viewer sees now stays).
    void reset();
    void setGlyphs(bool on);
    bool glyphs() const { return glyphs_; }
    // Per tile: 0 unexplored, 1 explored, 2 visible (grid::FogState).
    std::vector<std::uint8_t> states() const;
    int visibleCount() const;
    int exploredCount() const;  // explored, visible ones included
    void fitToWindow();
    // A fog-of-war game's moment shown instead of the viewer: one side's view (its fog, its
    // units, the enemies it sees, the ones it remembers as ghosts with their age), or
    // everyone's (`side` empty: every tile, every unit); with the tiles the side may target
    // and the units' vision ranges on request. Nothing: back to the viewer.
    struct GameView {
        const grid::FogGame* game = nullptr;
        std::string side;  // empty: everyone
        bool targets = false;
        bool ranges = false;
        std::string unit;  // a unit picked (a click on it): its seen and visited tiles shown
        // Under light and senses: what the picked unit perceives now instead (its tiers, the
        // light, the units it perceives by these senses, a grid::Sense mask, with badges).
        std::uint16_t senses = 0xffff;
    };
    void showGame(const GameView& view);
    const GameView& gameView() const { return game_; }
    // What the picture shows now (for the window's status and for tests).
    render::TilePicture picture() const;
    // The tile under a point of the widget, if on the map.
    std::optional<grid::Tile> tileAt(QPointF widgetPoint) const;
    QPointF tileCentre(grid::Tile t) const;  // in widget coordinates

signals:
    void changed();                          // the viewer, the view or what is explored
    void tileClicked(grid::Tile at);         // in a game (the window picks the unit there)
    void tileRightClicked(grid::Tile at);    // in a game (the window moves the unit picked there)
    void hovered(std::optional<grid::Tile>);
    void refused(const QString& why);

protected:
    void paintEvent(QPaintEvent*) override;
    void resizeEvent(QResizeEvent*) override;
    void mousePressEvent(QMouseEvent*) override;
    void mouseMoveEvent(QMouseEvent*) override;
    void mouseReleaseEvent(QMouseEvent*) override;
    void wheelEvent(QWheelEvent*) override;
    void keyPressEvent(QKeyEvent*) override;

private:
    void see();

    grid::TileMap map_;
    std::vector<std::uint8_t> transparent_;
    grid::FovOptions options_;
    GameView game_;
    std::optional<grid::Tile> viewer_, target_;
    std::optional<grid::LineStop> sightStop_, fireStop_;
    std::vector<std::uint8_t> visible_, explored_;
    bool glyphs_ = false;
    double tile_ = 24;  // pixels a tile
    QPointF origin_;    // where the map's corner is drawn
    bool fitted_ = true;
    std::optional<QPointF> panFrom_;
    QPointF pressAt_;
};

class TileMapWindow : public QMainWindow {
    Q_OBJECT
public:
    TileMapWindow(grid::TileMap map, const QString& path, QWidget* parent = nullptr);
    // The map file read, or nothing with the problem ("FILE: line 4, column 7: ...").
    static TileMapWindow* open(const QString& path, QString* error, QWidget* parent = nullptr);

    TileMapView* view() const { return view_; }
    // Game > Load Fog Script: the script played on this map, each turn's report kept to be
    // stepped through; false with the problem ("FILE: line N: ...").
    bool loadFogScript(const QString& path, QString* error);
    // Playing on at the game's last turn, each edit a line added to its script and undoable
    // (Edit > Undo): a unit moved, a unit added ("SIDE ID TYPE X,Y [options]", as the
    // script's `unit` line), the turn ended. False, and nothing changes, when the script
    // refuses the line (the reason in `error`) or a turn before the last is shown.
    bool moveUnit(const QString& id, grid::Tile to, QString* error);
    bool addUnit(const QString& spec, QString* error);
    bool endTurn(QString* error);
    QString script() const { return script_; }
    bool saveScript(const QString& path, QString* error) const;
    // File > Open Fog State: a saved game (`fog --state`'s file) as the start of the game
    // shown: its turn the first of the timeline, played on from there; a script loaded
    // afterwards continues from it, as `fog --script S --state F` does, until the game is
    // closed. False with the problem ("FILE: JSON path: what is wrong"), nothing changed.
    bool openFogState(const QString& path, QString* error);
    // File > Save Fog State As: the game as the shown turn left it, a file the CLI's `fog
    // --state` (and Open Fog State) continues from.
    bool saveFogState(const QString& path, QString* error) const;
    // The state file the game continues from, if any.
    QString startState() const { return startPath_; }
    QUndoStack* gameUndo() const { return gameUndo_; }
    // Replays `text` as the game (the view keeps its side, unit and, if `toEnd`, shows the
    // last turn); false with the problem, nothing changed.
    bool play(const QString& text, QString* problem, bool toEnd);
    int gameTurns() const { return static_cast<int>(turns_.size()); }
    void showTurn(int index);  // 0 .. gameTurns() - 1
    void showSide(const QString& side);  // empty: everyone
    QSlider* turnSlider() const { return turnSlider_; }
    QSpinBox* radiusBox() const { return radius_; }
    QComboBox* shapeBox() const { return shape_; }
    QCheckBox* lightWallsBox() const { return lightWalls_; }
    QString statusText() const;

private:
    void applyOptions();
    void describe();

    TileMapView* view_;
    QSpinBox* radius_;
    QComboBox* shape_;
    QCheckBox* lightWalls_;
    void showMoment();
    QLabel* status_;
    std::optional<grid::Tile> hover_;
    // The game, each turn as its last report left it.
    std::vector<std::pair<int, grid::FogGame>> turns_;
    int turnIndex_ = 0;
    QString side_;
    QDockWidget* gameDock_ = nullptr;
    QDockWidget* fovDock_ = nullptr;
    QSlider* turnSlider_ = nullptr;
    QLabel* turnLabel_ = nullptr;
    QComboBox* sideBox_ = nullptr;
    QCheckBox* targetsBox_ = nullptr;
    QCheckBox* rangesBox_ = nullptr;
    QComboBox* sensesBox_ = nullptr;  // (light and senses: all senses, or one)
public:
    QComboBox* sensesBox() const { return sensesBox_; }
private:
    std::string unit_;  // the unit picked in the game, if any
    QString script_;    // the game's script, edits included
    std::optional<grid::FogGame> start_;  // the state the script continues from (none: a new game)
    QString startPath_;                   // its file
    bool newGame_ = false;  // (the next play is a new game: its first side's view)
    QUndoStack* gameUndo_ = nullptr;
    bool edit(const QString& line, const QString& what, QString* error);
    // The script's text and `more` after it played as the game, one undoable step named
    // `what`; false with the problem, nothing changed.
    bool playOn(const QString& more, const QString& what, QString* problem);
public:
    // A unit of the game picked (its seen and visited tiles shown, its range explained);
    // empty: none. False when no unit of that id is in the game at this turn.
    bool pickUnit(const QString& id);
    // How far a unit sees and why ("4 tiles: hills 2, +2 standing on it, +1 for perception 15").
    static QString rangeExplained(const grid::FogGame& game, const grid::FogUnit& unit);
};

}  // namespace sl::gui
