// A tile map's window: the view (tiles, the viewer, its field of view) and its side panel.
#include "tile_map_window.h"

#include "grid/perception.h"

#include "grid/fog.h"
#include "board_renderer.h"
#include "grid/fog_script.h"
#include "fog_state_io.h"
#include "tile_renderer.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QMouseEvent>
#include <QPainter>
#include <QPushButton>
#include <QSaveFile>
#include <QSlider>
#include <QInputDialog>
#include <QUndoStack>
#include <QSpinBox>
#include <QStatusBar>
#include <QVBoxLayout>
#include <QWheelEvent>

#include <algorithm>
#include <cctype>
#include <cmath>

namespace sl::gui {

namespace {

// "1 tile", "3 tiles".
QString count(long n, const char* one, const char* many) {
    return QStringLiteral("%1 %2").arg(n).arg(QLatin1String(n == 1 ? one : many));
}

}  // namespace

TileMapView::TileMapView(grid::TileMap map, QWidget* parent)
    : QWidget(parent), map_(std::move(map)), transparent_(map_.transparency()),
      explored_(map_.tiles.size(), 0) {
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setMinimumSize(240, 180);
}

bool TileMapView::placeViewer(grid::Tile at) {
    if (!map_.inside(at.x, at.y)) {
        emit refused(tr("%1,%2 is off the map").arg(at.x).arg(at.y));
        return false;
    }
    const grid::TerrainType& terrain = map_.at(at.x, at.y);
    if (terrain.solid) {
        emit refused(tr("Cannot stand on %1,%2: %3 stops movement").arg(at.x).arg(at.y).arg(QString::fromStdString(terrain.name)));
        return false;
    }
    viewer_ = at;
    see();
    return true;
}

bool TileMapView::step(int dx, int dy) {
    if (!viewer_) {
        emit refused(tr("Click a tile to put the viewer there first"));
        return false;
    }
    return placeViewer({viewer_->x + dx, viewer_->y + dy});
}

void TileMapView::setTarget(std::optional<grid::Tile> at) {
    target_ = at && map_.inside(at->x, at->y) ? at : std::nullopt;
    see();
}

void TileMapView::setOptions(const grid::FovOptions& options) {
    options_ = options;
    see();
}

void TileMapView::reset() {
    std::fill(explored_.begin(), explored_.end(), 0);
    see();
}

void TileMapView::setGlyphs(bool on) {
    glyphs_ = on;
    update();
    emit changed();
}

void TileMapView::see() {
    if (viewer_) {
        visible_ = grid::fieldOfView(transparent_, map_.width, map_.height, viewer_->x, viewer_->y, options_);
        for (size_t i = 0; i < visible_.size(); ++i) explored_[i] |= visible_[i];
    } else {
        visible_.clear();
    }
    sightStop_.reset();
    fireStop_.reset();
    if (viewer_ && target_ && !(*viewer_ == *target_)) {
        sightStop_ = grid::sightStop(map_, *viewer_, *target_);
        fireStop_ = grid::fireStop(map_, *viewer_, *target_);
    }
    update();
    emit changed();
}

std::vector<std::uint8_t> TileMapView::states() const {
    std::vector<std::uint8_t> out(map_.tiles.size(), static_cast<std::uint8_t>(grid::FogState::Unexplored));
    if (!viewer_) {  // nobody looks yet: the whole map, as its maker drew it
        std::fill(out.begin(), out.end(), static_cast<std::uint8_t>(grid::FogState::Visible));
        return out;
    }
    for (size_t i = 0; i < out.size(); ++i)
        out[i] = static_cast<std::uint8_t>(visible_[i] ? grid::FogState::Visible
                                           : explored_[i] ? grid::FogState::Explored
                                                          : grid::FogState::Unexplored);
    return out;
}

int TileMapView::visibleCount() const { return static_cast<int>(std::count(visible_.begin(), visible_.end(), 1)); }

int TileMapView::exploredCount() const { return static_cast<int>(std::count(explored_.begin(), explored_.end(), 1)); }

void TileMapView::fitToWindow() {
    if (map_.width <= 0 || map_.height <= 0) return;
    tile_ = std::max(2.0, std::min((width() - 16.0) / map_.width, (height() - 16.0) / map_.height));
    origin_ = QPointF((width() - tile_ * map_.width) / 2, (height() - tile_ * map_.height) / 2);
    fitted_ = true;
    update();
}

std::optional<grid::Tile> TileMapView::tileAt(QPointF p) const {
    const int x = static_cast<int>(std::floor((p.x() - origin_.x()) / tile_));
    const int y = static_cast<int>(std::floor((p.y() - origin_.y()) / tile_));
    if (!map_.inside(x, y)) return std::nullopt;
    return grid::Tile{x, y};
}

QPointF TileMapView::tileCentre(grid::Tile t) const { return origin_ + QPointF((t.x + 0.5) * tile_, (t.y + 0.5) * tile_); }

void TileMapView::showGame(const GameView& view) {
    game_ = view;
    update();
    emit changed();
}

render::TilePicture TileMapView::picture() const {
    render::TilePicture picture;
    picture.map = &map_;
    picture.glyphs = glyphs_;
    if (const grid::FogGame* g = game_.game) {
        const std::string& side = game_.side;
        picture = render::fogPicture(*g, side);
        picture.glyphs = glyphs_;
        const grid::FogSide* s = side.empty() ? nullptr : g->side(side);
        const grid::FogUnit* picked = game_.unit.empty() ? nullptr : g->unit(game_.unit);
        if (picked) {
            if (auto senses = render::perceptionPicture(*g, picked->id, game_.senses)) {  // (light and senses)
                picture = std::move(*senses);
                picture.glyphs = glyphs_;
                return picture;
            }
        }
        if (picked && !picked->seen.empty()) {
            // The unit's own record: the tiles it has seen lit, the rest black; the tiles it
            // has stood on framed.
            picture.states.assign(picked->seen.size(), static_cast<std::uint8_t>(grid::FogState::Unexplored));
            for (size_t i = 0; i < picked->seen.size(); ++i)
                if (picked->seen[i]) picture.states[i] = static_cast<std::uint8_t>(grid::FogState::Visible);
            picture.marked = picked->visited;
            picture.markColour = QColor(0xff, 0xff, 0xff, 220);  // (targets are yellow)
        }
        if (s && game_.targets && !picked) {  // (the action mask: the tiles the side may target)
            picture.marked.assign(map_.tiles.size(), 0);
            for (int y = 0; y < map_.height; ++y)
                for (int x = 0; x < map_.width; ++x) picture.marked[static_cast<size_t>(y) * map_.width + x] = g->canTarget(side, {x, y});
        }
        if (game_.ranges) {
            // Each unit's range (of the side shown, or every unit): a square of tiles, or a
            // diamond for a unit that sees by its terrain (Manhattan distance).
            for (const grid::FogUnit& u : g->units()) {
                if (s && u.side != side) continue;
                const double r = g->range(u), cx = u.at.x + 0.5, cy = u.at.y + 0.5;
                render::TilePicture::Outline o;
                o.colour = render::sideColour(u.side).lighter(150);
                if (u.terrainVision)
                    o.points = {{cx, cy - r - 0.5}, {cx + r + 0.5, cy}, {cx, cy + r + 0.5}, {cx - r - 0.5, cy}};
                else
                    o.points = {{cx - r - 0.5, cy - r - 0.5}, {cx + r + 0.5, cy - r - 0.5}, {cx + r + 0.5, cy + r + 0.5}, {cx - r - 0.5, cy + r + 0.5}};
                picture.outlines.push_back(std::move(o));
            }
            for (const grid::FogStructure& st : g->structures()) {
                if (s && st.side != side) continue;
                const double r = g->range(st), cx = st.at.x + 0.5, cy = st.at.y + 0.5;
                picture.outlines.push_back({{{cx - r - 0.5, cy - r - 0.5}, {cx + r + 0.5, cy - r - 0.5}, {cx + r + 0.5, cy + r + 0.5}, {cx - r - 0.5, cy + r + 0.5}},
                                            render::sideColour(st.side).lighter(120)});
            }
        }
        return picture;
    }
    picture.states = states();
    if (viewer_) picture.markers.push_back({*viewer_, QStringLiteral("@"), QColor(0x1f, 0x77, 0xb4)});
    if (viewer_ && target_ && !(*viewer_ == *target_)) {
        picture.line = grid::tileLine(*viewer_, *target_);
        if (sightStop_) picture.sightStop = grid::stepStart(*viewer_, *target_, sightStop_->at);
        if (fireStop_) picture.fireStop = fireStop_->at;
        picture.markers.push_back({*target_, QStringLiteral("B"), QColor(0x94, 0x67, 0xbd)});
    }
    return picture;
}

void TileMapView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), QColor(0x16, 0x18, 0x1c));
    render::paintTiles(p, picture(), origin_, tile_);
}

void TileMapView::resizeEvent(QResizeEvent*) {
    if (fitted_) fitToWindow();
}

void TileMapView::mousePressEvent(QMouseEvent* e) {
    pressAt_ = e->position();
    panFrom_ = e->position();
}

void TileMapView::mouseMoveEvent(QMouseEvent* e) {
    if (panFrom_ && (e->buttons() & (Qt::LeftButton | Qt::MiddleButton)) &&
        (e->position() - pressAt_).manhattanLength() >= QApplication::startDragDistance()) {
        origin_ += e->position() - *panFrom_;
        panFrom_ = e->position();
        fitted_ = false;
        update();
        return;
    }
    emit hovered(tileAt(e->position()));
}

void TileMapView::mouseReleaseEvent(QMouseEvent* e) {
    const bool click = (e->position() - pressAt_).manhattanLength() < QApplication::startDragDistance();
    panFrom_.reset();
    if (!click) return;
    const auto t = tileAt(e->position());
    if (game_.game) {
        if (t && e->button() == Qt::LeftButton) emit tileClicked(*t);
        if (t && e->button() == Qt::RightButton) emit tileRightClicked(*t);
        return;
    }
    if (e->button() == Qt::RightButton || (e->button() == Qt::LeftButton && (e->modifiers() & Qt::ShiftModifier))) setTarget(t);
    else if (e->button() == Qt::LeftButton && t) placeViewer(*t);
}

void TileMapView::wheelEvent(QWheelEvent* e) {
    const double factor = std::pow(1.0015, e->angleDelta().y());
    const double next = std::clamp(tile_ * factor, 2.0, 120.0);
    const QPointF at = e->position();
    origin_ = at - (at - origin_) * (next / tile_);
    tile_ = next;
    fitted_ = false;
    update();
}

void TileMapView::keyPressEvent(QKeyEvent* e) {
    if (game_.game) {  // (a game is stepped in its panel)
        QWidget::keyPressEvent(e);
        return;
    }
    // Arrows; the numpad's digits (with or without Num Lock: Home, PgUp, End and PgDn are the
    // diagonals).
    int dx = 0, dy = 0;
    switch (e->key()) {
    case Qt::Key_Left: case Qt::Key_4: dx = -1; break;
    case Qt::Key_Right: case Qt::Key_6: dx = 1; break;
    case Qt::Key_Up: case Qt::Key_8: dy = -1; break;
    case Qt::Key_Down: case Qt::Key_2: dy = 1; break;
    case Qt::Key_Home: case Qt::Key_7: dx = dy = -1; break;
    case Qt::Key_PageUp: case Qt::Key_9: dx = 1; dy = -1; break;
    case Qt::Key_End: case Qt::Key_1: dx = -1; dy = 1; break;
    case Qt::Key_PageDown: case Qt::Key_3: dx = dy = 1; break;
    case Qt::Key_Escape: setTarget(std::nullopt); return;
    default: QWidget::keyPressEvent(e); return;
    }
    step(dx, dy);
}

TileMapWindow::TileMapWindow(grid::TileMap map, const QString& path, QWidget* parent)
    : QMainWindow(parent), view_(new TileMapView(std::move(map), this)) {
    setAttribute(Qt::WA_DeleteOnClose);
    setWindowTitle(tr("%1 - Sightline").arg(QFileInfo(path).fileName()));
    setWindowFilePath(path);
    setCentralWidget(view_);
    // The side panel: how the viewer sees.
    auto* panel = new QWidget(this);
    auto* form = new QFormLayout(panel);
    radius_ = new QSpinBox(panel);
    radius_->setObjectName(QStringLiteral("tiles-radius"));
    radius_->setRange(0, 999);
    radius_->setSpecialValueText(tr("unlimited"));
    radius_->setToolTip(tr("How far the viewer sees (0: unlimited). A tile is within radius R when it is closer than R "
                           "(libtcod's rule, as the fov command): radius 1 is the viewer's own tile. The fog game's "
                           "ranges include their last tile."));
    form->addRow(tr("Radius"), radius_);
    shape_ = new QComboBox(panel);
    shape_->setObjectName(QStringLiteral("tiles-shape"));
    shape_->addItems({tr("Circle (Euclid)"), tr("Square (Chebyshev)"), tr("Diamond (Manhattan)")});
    form->addRow(tr("Shape"), shape_);
    lightWalls_ = new QCheckBox(tr("Walls at the edge of the view are seen"), panel);
    lightWalls_->setObjectName(QStringLiteral("tiles-light-walls"));
    lightWalls_->setChecked(true);
    form->addRow(lightWalls_);
    auto* resetButton = new QPushButton(tr("Reset"), panel);
    resetButton->setObjectName(QStringLiteral("tiles-reset"));
    resetButton->setToolTip(tr("Forget what was explored"));
    form->addRow(resetButton);
    auto* help = new QLabel(tr("Click a tile to put the viewer there; walk with the arrow keys or the numpad "
                               "(7 9 1 3: diagonals). Lit: visible; dimmed: explored; black: unexplored. "
                               "Right-click (or Shift+click) a tile: the line to it, green where sight passes, "
                               "red where it is stopped, fire's stop framed in orange; Esc clears it. "
                               "Wheel: zoom; drag: pan."),
                            panel);
    help->setWordWrap(true);
    form->addRow(help);
    auto* dock = new QDockWidget(tr("Field of View"), this);
    fovDock_ = dock;
    dock->setObjectName(QStringLiteral("tiles-panel"));
    dock->setWidget(panel);
    addDockWidget(Qt::RightDockWidgetArea, dock);
    connect(radius_, &QSpinBox::valueChanged, this, &TileMapWindow::applyOptions);
    connect(shape_, &QComboBox::currentIndexChanged, this, &TileMapWindow::applyOptions);
    connect(lightWalls_, &QCheckBox::toggled, this, &TileMapWindow::applyOptions);
    connect(resetButton, &QPushButton::clicked, view_, &TileMapView::reset);

    // The game panel: a fog-of-war script played on this map, stepped turn by turn.
    auto* gamePanel = new QWidget(this);
    auto* gameForm = new QFormLayout(gamePanel);
    turnLabel_ = new QLabel(gamePanel);
    gameForm->addRow(turnLabel_);
    turnSlider_ = new QSlider(Qt::Horizontal, gamePanel);
    turnSlider_->setObjectName(QStringLiteral("game-turn"));
    turnSlider_->setPageStep(1);
    gameForm->addRow(tr("Turn"), turnSlider_);
    auto* steps = new QWidget(gamePanel);
    auto* stepsLayout = new QHBoxLayout(steps);
    stepsLayout->setContentsMargins(0, 0, 0, 0);
    auto* back = new QPushButton(tr("\u25c0 Back"), steps);
    auto* forward = new QPushButton(tr("Forward \u25b6"), steps);
    back->setObjectName(QStringLiteral("game-back"));
    forward->setObjectName(QStringLiteral("game-forward"));
    stepsLayout->addWidget(back);
    stepsLayout->addWidget(forward);
    gameForm->addRow(steps);
    sideBox_ = new QComboBox(gamePanel);
    sideBox_->setObjectName(QStringLiteral("game-side"));
    gameForm->addRow(tr("View of"), sideBox_);
    targetsBox_ = new QCheckBox(tr("Tiles the side may target"), gamePanel);
    targetsBox_->setObjectName(QStringLiteral("game-targets"));
    gameForm->addRow(targetsBox_);
    rangesBox_ = new QCheckBox(tr("Vision ranges"), gamePanel);
    rangesBox_->setObjectName(QStringLiteral("game-ranges"));
    gameForm->addRow(rangesBox_);
    // Light and senses (a game under `mode senses`): which senses of the unit picked show.
    sensesBox_ = new QComboBox(gamePanel);
    sensesBox_->setObjectName(QStringLiteral("game-senses"));
    const std::pair<QString, std::uint16_t> senseChoices[] = {
        {tr("All senses"), 0xffff},
        {tr("Sight (S, s in shadow)"), grid::kSight | grid::kShadow},
        {tr("Darkvision (D)"), grid::kDarkvision},
        {tr("Blindsight (B)"), grid::kBlind},
        {tr("Tremorsense (T)"), grid::kTremor},
        {tr("Telepathy (P)"), grid::kTelepathy},
        {tr("Awareness (A)"), grid::kPerception},
        {tr("Scent (N)"), grid::kScent},
    };
    for (const auto& [name, mask] : senseChoices) sensesBox_->addItem(name, static_cast<int>(mask));
    sensesBox_->setToolTip(tr("Under mode senses, a unit picked shows what it perceives now: the units it detects by "
                              "these senses (seen: a disc; only sensed: a silhouette), the senses on a badge, its "
                              "tiles seen, in outline (hatched) and unseen, and the light (dark tiles shaded, bright "
                              "ones warm)."));
    gameForm->addRow(tr("&Senses"), sensesBox_);
    auto* edits = new QWidget(gamePanel);
    auto* editsLayout = new QHBoxLayout(edits);
    editsLayout->setContentsMargins(0, 0, 0, 0);
    auto* endTurnButton = new QPushButton(tr("End Turn"), edits);
    endTurnButton->setObjectName(QStringLiteral("game-end-turn"));
    auto* addUnitButton = new QPushButton(tr("Add Unit..."), edits);
    addUnitButton->setObjectName(QStringLiteral("game-add-unit"));
    editsLayout->addWidget(endTurnButton);
    editsLayout->addWidget(addUnitButton);
    gameForm->addRow(edits);
    auto* playHelp = new QLabel(tr("Play on at the last turn: click a unit, then right-click where it goes. "
                                   "Edit > Undo takes a move back; File > Save Script As keeps the game."),
                                gamePanel);
    playHelp->setWordWrap(true);
    gameForm->addRow(playHelp);
    auto* closeGame = new QPushButton(tr("Close the game"), gamePanel);
    closeGame->setObjectName(QStringLiteral("game-close"));
    gameForm->addRow(closeGame);
    gameDock_ = new QDockWidget(tr("Fog of War Game"), this);
    gameDock_->setObjectName(QStringLiteral("game-panel"));
    gameDock_->setWidget(gamePanel);
    addDockWidget(Qt::RightDockWidgetArea, gameDock_);
    gameDock_->hide();
    connect(turnSlider_, &QSlider::valueChanged, this, &TileMapWindow::showTurn);
    connect(back, &QPushButton::clicked, this, [this] { turnSlider_->setValue(turnSlider_->value() - 1); });
    connect(forward, &QPushButton::clicked, this, [this] { turnSlider_->setValue(turnSlider_->value() + 1); });
    connect(sideBox_, &QComboBox::currentIndexChanged, this,
            [this](int i) { showSide(i <= 0 ? QString() : sideBox_->itemText(i)); });
    connect(targetsBox_, &QCheckBox::toggled, this, &TileMapWindow::showMoment);
    connect(rangesBox_, &QCheckBox::toggled, this, &TileMapWindow::showMoment);
    connect(sensesBox_, &QComboBox::currentIndexChanged, this, &TileMapWindow::showMoment);
    gameUndo_ = new QUndoStack(this);
    auto refusedEdit = [this](const QString& why) { statusBar()->showMessage(why, 6000); };
    connect(view_, &TileMapView::tileRightClicked, this, [this, refusedEdit](grid::Tile at) {
        if (unit_.empty()) {
            refusedEdit(tr("Click a unit first, then right-click where it goes"));
            return;
        }
        QString why;
        if (!moveUnit(QString::fromStdString(unit_), at, &why)) refusedEdit(tr("Not moved: %1").arg(why));
    });
    connect(endTurnButton, &QPushButton::clicked, this, [this, refusedEdit] {
        QString why;
        if (!endTurn(&why)) refusedEdit(tr("Turn not ended: %1").arg(why));
    });
    connect(addUnitButton, &QPushButton::clicked, this, [this, refusedEdit] {
        bool ok = false;
        const QString spec = QInputDialog::getText(this, tr("Add unit"), tr("Side, id, type and tile (and options, as in a script):"),
                                                   QLineEdit::Normal, QStringLiteral("red A2 archer 5,6"), &ok);
        if (!ok) return;
        QString why;
        if (!addUnit(spec, &why)) refusedEdit(tr("Not added: %1").arg(why));
    });
    connect(view_, &TileMapView::tileClicked, this, [this](grid::Tile at) {
        // A unit shown on the tile is picked (again: unpicked); elsewhere, none.
        const grid::FogGame* g = view_->gameView().game;
        if (!g) return;
        QString id;
        for (const grid::FogUnit& u : g->units())
            if (u.at == at && (side_.isEmpty() || u.side == side_.toStdString())) id = QString::fromStdString(u.id);
        pickUnit(id.toStdString() == unit_ ? QString() : id);
    });
    connect(closeGame, &QPushButton::clicked, this, [this] {
        view_->showGame({});  // (first: the view points into the turns)
        turns_.clear();
        script_.clear();
        start_.reset();
        startPath_.clear();
        gameUndo_->clear();
        gameDock_->hide();
        fovDock_->show();  // (the viewer is back)
    });

    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("Open &Tile Map..."), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open tile map"), QFileInfo(windowFilePath()).absolutePath(),
                                                          tr("Tile maps (*.map *.txt)"));
        if (path.isEmpty()) return;
        QString error;
        if (TileMapWindow* other = open(path, &error)) other->show();
        else QMessageBox::warning(this, tr("Cannot open %1").arg(QFileInfo(path).fileName()), error);
    })->setObjectName(QStringLiteral("tiles-open"));
    file->addAction(tr("Load Fog of War &Script..."), QKeySequence(Qt::CTRL | Qt::Key_G), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Fog of war script"), QFileInfo(windowFilePath()).absolutePath(),
                                                          tr("Fog scripts (*.fog *.txt)"));
        if (path.isEmpty()) return;
        // A game played on in the window, replaced by a new one: asked first.
        if (!start_ && gameUndo_->count() > 0 &&
            QMessageBox::question(this, tr("Replace the game?"),
                                  gameUndo_->count() == 1
                                      ? tr("The game shown has 1 edit made in the window. Playing %1 starts a new game "
                                           "and it is lost (File > Save Script As keeps it).")
                                            .arg(QFileInfo(path).fileName())
                                      : tr("The game shown has %1 edits made in the window. Playing %2 starts a new game "
                                           "and they are lost (File > Save Script As keeps them).")
                                            .arg(QString::number(gameUndo_->count()), QFileInfo(path).fileName()),
                                  QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Cancel) != QMessageBox::Discard)
            return;
        QString error;
        if (!loadFogScript(path, &error)) QMessageBox::warning(this, tr("Cannot play %1").arg(QFileInfo(path).fileName()), error);
    })->setObjectName(QStringLiteral("tiles-load-script"));
    file->addAction(tr("&Open Fog State..."), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Fog of war state"), QFileInfo(windowFilePath()).absolutePath(),
                                                          tr("Fog states (*.json)"));
        if (path.isEmpty()) return;
        QString error;
        if (!openFogState(path, &error)) QMessageBox::warning(this, tr("Cannot open %1").arg(QFileInfo(path).fileName()), error);
    })->setObjectName(QStringLiteral("tiles-open-state"));
    file->addAction(tr("Save Fog Stat&e As..."), this, [this] {
        if (turns_.empty()) {
            statusBar()->showMessage(tr("No game to save: load a fog of war script or open a fog state first"), 4000);
            return;
        }
        const QFileInfo map(windowFilePath());
        const QString suggested = map.absolutePath() + QLatin1Char('/') + map.completeBaseName() +
                                  QStringLiteral("-turn-%1.json").arg(turns_[static_cast<size_t>(turnIndex_)].first);
        const QString path = QFileDialog::getSaveFileName(this, tr("Save the game at this turn"), suggested, tr("Fog states (*.json)"));
        if (path.isEmpty()) return;
        QString error;
        if (!saveFogState(path, &error)) QMessageBox::warning(this, tr("Cannot save"), error);
        else statusBar()->showMessage(tr("Saved turn %1 to %2").arg(turns_[static_cast<size_t>(turnIndex_)].first).arg(path), 4000);
    })->setObjectName(QStringLiteral("tiles-save-state"));
    file->addAction(tr("Save Script &As..."), this, [this] {
        if (turns_.empty()) {
            statusBar()->showMessage(tr("No game to save: load a fog of war script or open a fog state first"), 4000);
            return;
        }
        const QString path = QFileDialog::getSaveFileName(this, tr("Save the game as a script"), QFileInfo(windowFilePath()).absolutePath(),
                                                          tr("Fog scripts (*.fog)"));
        if (path.isEmpty()) return;
        QString error;
        if (!saveScript(path, &error)) QMessageBox::warning(this, tr("Cannot save"), error);
        else if (start_)
            statusBar()->showMessage(tr("Saved %1: it plays on from the game saved in %2 (its first line says how)")
                                         .arg(path, QFileInfo(startPath_).fileName()),
                                     8000);
        else statusBar()->showMessage(tr("Saved %1").arg(path), 4000);
    })->setObjectName(QStringLiteral("tiles-save-script"));
    file->addAction(tr("&Close"), QKeySequence::Close, this, &QWidget::close);
    QMenu* editMenu = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = gameUndo_->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = gameUndo_->createRedoAction(this, tr("&Redo"));
    redo->setShortcuts({QKeySequence::Redo, QKeySequence(Qt::CTRL | Qt::Key_Y)});
    editMenu->addAction(undo);
    editMenu->addAction(redo);
    QMenu* viewMenu = menuBar()->addMenu(tr("&View"));
    QAction* glyphs = viewMenu->addAction(tr("&Glyphs"));
    glyphs->setObjectName(QStringLiteral("tiles-glyphs"));
    glyphs->setCheckable(true);
    glyphs->setToolTip(tr("Each tile's character instead of its terrain's colour"));
    connect(glyphs, &QAction::toggled, view_, &TileMapView::setGlyphs);
    viewMenu->addAction(tr("&Fit to Window"), QKeySequence(Qt::Key_F), view_, &TileMapView::fitToWindow);
    viewMenu->addAction(dock->toggleViewAction());

    status_ = new QLabel(this);
    statusBar()->addWidget(status_, 1);
    connect(view_, &TileMapView::changed, this, &TileMapWindow::describe);
    connect(view_, &TileMapView::hovered, this, [this](std::optional<grid::Tile> t) {
        hover_ = t;
        describe();
    });
    connect(view_, &TileMapView::refused, this, [this](const QString& why) { statusBar()->showMessage(why, 2500); });
    applyOptions();
    resize(1000, 700);
}

namespace {

// A file's bytes, or nothing with "FILE: cannot open: why".
std::optional<QByteArray> readFile(const QString& path, QString* error) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error) *error = QObject::tr("%1: cannot open: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    return file.readAll();
}

// An edit of a game: its script before and after.
class ScriptEdit : public QUndoCommand {
public:
    ScriptEdit(TileMapWindow* window, QString before, QString after, const QString& text)
        : QUndoCommand(text), window_(window), before_(std::move(before)), after_(std::move(after)) {}
    void undo() override { window_->play(before_, nullptr, true); }
    void redo() override {
        if (first_) {  // (already played by the edit itself)
            first_ = false;
            return;
        }
        window_->play(after_, nullptr, true);
    }

private:
    TileMapWindow* window_;
    QString before_, after_;
    bool first_ = true;
};

}  // namespace

TileMapWindow* TileMapWindow::open(const QString& path, QString* error, QWidget* parent) {
    const std::optional<QByteArray> bytes = readFile(path, error);
    if (!bytes) return nullptr;
    std::string problem;
    auto map = grid::parseTileMap(bytes->toStdString(), &problem);
    if (!map) {
        if (error) *error = QStringLiteral("%1: %2").arg(path, QString::fromStdString(problem));
        return nullptr;
    }
    return new TileMapWindow(std::move(*map), path, parent);
}

void TileMapWindow::applyOptions() {
    grid::FovOptions o;
    o.radius = radius_->value();
    o.shape = shape_->currentIndex() == 1 ? grid::RadiusShape::Chebyshev
              : shape_->currentIndex() == 2 ? grid::RadiusShape::Manhattan
                                            : grid::RadiusShape::Euclid;
    o.lightWalls = lightWalls_->isChecked();
    view_->setOptions(o);
}


bool TileMapWindow::loadFogScript(const QString& path, QString* error) {
    const std::optional<QByteArray> bytes = readFile(path, error);
    if (!bytes) return false;
    QString problem;
    const QString text = QString::fromUtf8(*bytes);
    if (start_) {
        // A game opened from a state: the script plays on from where the game stands now
        // (the moves made in the window kept), one step of Edit > Undo.
        if (!playOn(text, tr("Play %1").arg(QFileInfo(path).fileName()), &problem)) {
            if (error)
                *error = tr("%1: %2 (it was played on from the game opened from %3: a script that sets up a game of its own "
                            "needs the game closed first)")
                             .arg(path, problem, QFileInfo(startPath_).fileName());
            return false;
        }
        statusBar()->showMessage(tr("Played %1 on from turn %2: now turn %3")
                                     .arg(QFileInfo(path).fileName())
                                     .arg(turns_.front().first)
                                     .arg(turns_.back().first),
                                 6000);
        return true;
    }
    newGame_ = true;  // (its first side's view, whatever was shown before)
    if (!play(text, &problem, false)) {
        newGame_ = false;
        if (error) *error = QStringLiteral("%1: %2").arg(path, problem);
        return false;
    }
    gameUndo_->clear();
    turnSlider_->setValue(0);
    showTurn(0);
    statusBar()->showMessage(tr("Played %1: %2 turns").arg(QFileInfo(path).fileName()).arg(turns_.back().first), 4000);
    return true;
}

bool TileMapWindow::openFogState(const QString& path, QString* error) {
    const std::optional<QByteArray> bytes = readFile(path, error);
    if (!bytes) return false;
    QString problem;
    std::optional<grid::FogGame> state = io::readFogState(*bytes, view_->map(), &problem);
    if (!state) {
        if (error) *error = QStringLiteral("%1: %2").arg(path, problem);
        return false;
    }
    std::optional<grid::FogGame> before = std::move(start_);
    start_ = std::move(state);
    newGame_ = true;
    if (!play(QString(), &problem, false)) {  // (cannot fail: nothing to play)
        start_ = std::move(before);
        newGame_ = false;
        if (error) *error = QStringLiteral("%1: %2").arg(path, problem);
        return false;
    }
    startPath_ = path;
    gameUndo_->clear();
    showTurn(0);
    statusBar()->showMessage(tr("Continuing from %1 at turn %2: play on, or load a script to continue it")
                                 .arg(QFileInfo(path).fileName())
                                 .arg(turns_.front().first),
                             6000);
    return true;
}

bool TileMapWindow::saveFogState(const QString& path, QString* error) const {
    if (turns_.empty()) {
        if (error) *error = tr("No game to save: load a fog of war script or open a fog state first");
        return false;
    }
    return io::saveFogStateFile(turns_[static_cast<size_t>(turnIndex_)].second, path, error);
}

bool TileMapWindow::play(const QString& text, QString* problem, bool toEnd) {
    grid::FogGame game = start_ ? *start_ : grid::FogGame(view_->map());
    std::vector<std::pair<int, grid::FogGame>> turns;
    // Each report (every side's, at the end of a turn or at `show`): the game as it stands,
    // one moment a turn (the last report of it).
    const grid::ReportHook keep = [&turns](const grid::FogGame& g, const std::string&) {
        if (!turns.empty() && turns.back().first == g.turn()) turns.back().second = g;
        else turns.emplace_back(g.turn(), g);
    };
    std::string why;
    if (!grid::playFogScript(game, text.toStdString(), [](const std::string&) {}, &why, {}, keep)) {
        if (problem) *problem = QString::fromStdString(why);
        return false;
    }
    // Where the script ends (the present, where edits go): its own moment.
    if (turns.empty() || turns.back().first != game.turn()) turns.emplace_back(game.turn(), game);
    else turns.back().second = game;
    view_->showGame({});  // (the view points into the turns about to be replaced)
    const bool fresh = turns_.empty() || newGame_;
    newGame_ = false;
    turns_ = std::move(turns);
    script_ = text;
    if (!unit_.empty() && !turns_.back().second.unit(unit_)) unit_.clear();
    const QSignalBlocker blockSide(sideBox_), blockSlider(turnSlider_);
    const QString keptSide = side_;
    sideBox_->clear();
    sideBox_->addItem(tr("Everyone"));
    for (const grid::FogSide& s : turns_.back().second.sides()) sideBox_->addItem(QString::fromStdString(s.name));
    const int at = keptSide.isEmpty() ? -1 : sideBox_->findText(keptSide);
    // A new game: its first side's view; the same game again: the side shown before.
    sideBox_->setCurrentIndex(fresh ? std::min(1, sideBox_->count() - 1) : std::max(0, at));
    side_ = sideBox_->currentIndex() > 0 ? sideBox_->currentText() : QString();
    turnSlider_->setRange(0, static_cast<int>(turns_.size()) - 1);
    turnIndex_ = toEnd ? static_cast<int>(turns_.size()) - 1 : std::min(turnIndex_, static_cast<int>(turns_.size()) - 1);
    turnSlider_->setValue(turnIndex_);
    gameDock_->show();
    gameDock_->raise();
    fovDock_->hide();  // (no viewer while a game is shown)
    showMoment();
    return true;
}


bool TileMapWindow::edit(const QString& line, const QString& what, QString* error) {
    if (turns_.empty()) {
        if (error) *error = tr("No game: load a fog of war script first");
        return false;
    }
    if (turnIndex_ != static_cast<int>(turns_.size()) - 1) {
        if (error) *error = tr("Go to the last turn to play on (the turns before it are the game's history)");
        return false;
    }
    QString problem;
    if (!playOn(line + QLatin1Char('\n'), what, &problem)) {
        // (The line is the last one: say what is wrong with it, not its number.)
        const int colon = problem.indexOf(QStringLiteral(": "));
        if (error) *error = problem.startsWith(QStringLiteral("line ")) && colon > 0 ? problem.mid(colon + 2) : problem;
        return false;
    }
    return true;
}

bool TileMapWindow::playOn(const QString& more, const QString& what, QString* problem) {
    const QString before = script_;
    QString after = before;
    if (!after.isEmpty() && !after.endsWith(QLatin1Char('\n'))) after += QLatin1Char('\n');
    after += more;
    if (!play(after, problem, true)) return false;  // (nothing changed)
    gameUndo_->push(new ScriptEdit(this, before, after, what));
    return true;
}

bool TileMapWindow::moveUnit(const QString& id, grid::Tile to, QString* error) {
    return edit(QStringLiteral("move %1 %2,%3").arg(id).arg(to.x).arg(to.y), tr("Move %1").arg(id), error);
}

bool TileMapWindow::addUnit(const QString& spec, QString* error) {
    const QStringList words = spec.simplified().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (words.size() < 4) {
        if (error) *error = tr("Give SIDE ID TYPE X,Y, as in \"red A2 archer 5,6\"");
        return false;
    }
    return edit(QStringLiteral("unit ") + spec.simplified(), tr("Add %1").arg(words[1]), error);
}

bool TileMapWindow::endTurn(QString* error) { return edit(QStringLiteral("turn"), tr("End Turn"), error); }

bool TileMapWindow::saveScript(const QString& path, QString* error) const {
    QSaveFile file(path);
    QString text = script_;
    if (start_)
        text = tr("// Plays on from the game saved in %1 (turn %2): sightline-cli fog MAP --script %3 --state "
                  "A_COPY_OF_%1 (the state file is written over)\n")
                   .arg(QFileInfo(startPath_).fileName())
                   .arg(start_->turn())
                   .arg(QFileInfo(path).fileName()) +
               text;
    if (!file.open(QIODevice::WriteOnly) || file.write(text.toUtf8()) < 0 || !file.commit()) {
        if (error) *error = tr("%1: cannot write: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

void TileMapWindow::showTurn(int index) {
    if (turns_.empty()) return;
    turnIndex_ = std::clamp(index, 0, static_cast<int>(turns_.size()) - 1);
    if (turnSlider_->value() != turnIndex_) turnSlider_->setValue(turnIndex_);
    showMoment();
}

void TileMapWindow::showSide(const QString& side) {
    side_ = side;
    const int at = side.isEmpty() ? 0 : sideBox_->findText(side);
    if (at >= 0 && sideBox_->currentIndex() != at) sideBox_->setCurrentIndex(at);
    showMoment();
}

void TileMapWindow::showMoment() {
    if (turns_.empty()) return;
    if (auto* back = findChild<QPushButton*>(QStringLiteral("game-back"))) back->setEnabled(turnIndex_ > 0);
    if (auto* forward = findChild<QPushButton*>(QStringLiteral("game-forward"))) forward->setEnabled(turnIndex_ + 1 < static_cast<int>(turns_.size()));
    const auto& [turn, game] = turns_[static_cast<size_t>(turnIndex_)];
    turnLabel_->setText(tr("Turn %1 (%2 of %3 reports)").arg(turn).arg(turnIndex_ + 1).arg(turns_.size()));
    if (!unit_.empty() && !game.unit(unit_)) unit_.clear();  // (gone by this turn)
    sensesBox_->setEnabled(game.settings().mode == grid::VisionMode::Senses);
    view_->showGame({&game, side_.toStdString(), targetsBox_->isChecked() && !side_.isEmpty(), rangesBox_->isChecked(), unit_,
                     static_cast<std::uint16_t>(sensesBox_->currentData().toInt())});
}

bool TileMapWindow::pickUnit(const QString& id) {
    if (turns_.empty()) return false;
    const grid::FogGame& game = turns_[static_cast<size_t>(turnIndex_)].second;
    if (!id.isEmpty() && !game.unit(id.toStdString())) return false;
    unit_ = id.toStdString();
    showMoment();
    return true;
}

QString TileMapWindow::rangeExplained(const grid::FogGame& game, const grid::FogUnit& u) {
    const int range = game.range(u);
    if (u.terrainVision) {
        const grid::TerrainType& t = game.map().at(u.at.x, u.at.y);
        QStringList why{tr("%1 %2").arg(QString::fromStdString(t.name)).arg(grid::terrainSightRadius(t))};
        if (t.standingBonus) why << tr("%1%2 standing on it").arg(t.standingBonus > 0 ? QStringLiteral("+") : QString()).arg(t.standingBonus);
        if (const int bonus = grid::perceptionBonus(u.perception)) why << tr("+%1 for perception %2").arg(bonus).arg(u.perception);
        return tr("sees %1 far (Manhattan): %2").arg(count(range, "tile", "tiles")).arg(why.join(QStringLiteral(", ")));
    }
    if (u.vision >= 0) return tr("sees %1 far (its own vision)").arg(count(range, "tile", "tiles"));
    return tr("sees %1 far (the range of its type, %2)").arg(count(range, "tile", "tiles")).arg(QString::fromStdString(u.type));
}

QString TileMapWindow::statusText() const { return status_->text(); }

void TileMapWindow::describe() {
    statusBar()->clearMessage();  // (a refusal said before gives way to what is now)
    QStringList parts;
    const grid::TileMap& map = view_->map();
    if (const grid::FogGame* g = view_->gameView().game) {
        const std::string& side = view_->gameView().side;
        if (const grid::FogSide* s = side.empty() ? nullptr : g->side(side)) {
            int visible = 0, explored = 0;
            for (std::uint8_t st : s->state) {
                visible += st == static_cast<std::uint8_t>(grid::FogState::Visible);
                explored += st != static_cast<std::uint8_t>(grid::FogState::Unexplored);
            }
            parts << tr("Turn %1, the view of %2: %3 visible, %4 explored; sees %5, remembers %6")
                         .arg(g->turn()).arg(QString::fromStdString(side)).arg(count(visible, "tile", "tiles"))
                         .arg(explored - visible)
                         .arg(count(static_cast<long>(g->visibleEnemies(side).size()), "enemy", "enemies"))
                         .arg(static_cast<long>(g->memories(side).size()));
        } else {
            parts << tr("Turn %1, everyone's view: %2 units").arg(g->turn()).arg(g->units().size());
        }
        const grid::FogUnit* picked = view_->gameView().unit.empty() ? nullptr : g->unit(view_->gameView().unit);
        if (picked && g->perception() && g->settings().mode == grid::VisionMode::Senses) {
            // Light and senses: what it perceives now, by which senses.
            const grid::PerceptionWorld& world = *g->perception();
            const int k = static_cast<int>(picked - g->units().data());
            int seen = 0, sensed = 0;
            for (int t = 0; t < static_cast<int>(g->units().size()); ++t) {
                if (t == k) continue;
                const grid::Perceived p = world.perceives(k, t);
                seen += p.tier == grid::Tier::Seen;
                sensed += p.tier == grid::Tier::Outline;
            }
            QStringList words;
            for (const std::string& w : grid::creatureWords(world.creatures()[static_cast<size_t>(k)])) words << QString::fromStdString(w);
            parts << tr("%1 (%2) sees %3 and senses %4 (silhouettes); the badges name the senses (as in the Senses list)")
                         .arg(QString::fromStdString(picked->id), words.join(QLatin1Char(' ')))
                         .arg(count(seen, "unit", "units"))
                         .arg(sensed);
            picked = nullptr;  // (its record of seen tiles is not what is shown)
        }
        if (picked) {
            int seen = 0, visited = 0;
            for (size_t i = 0; i < picked->seen.size(); ++i) {
                seen += picked->seen[i];
                visited += picked->visited[i];
            }
            parts << tr("%1 has seen %2 tiles (lit) and stood on %3 (framed); %4").arg(QString::fromStdString(picked->id)).arg(seen).arg(visited)
                         .arg(rangeExplained(*g, *picked));
        }
        if (hover_) {
            const grid::TerrainType& terrain = map.at(hover_->x, hover_->y);
            QString light;  // (light and senses: the tile's light)
            if (const grid::PerceptionWorld* w = g->perception(); w && g->settings().mode == grid::VisionMode::Senses) {
                const grid::LightLevel l = w->light(*hover_);
                light = l == grid::LightLevel::Bright ? tr(", bright") : l == grid::LightLevel::Lit ? tr(", lit") : tr(", dark");
            }
            parts << QStringLiteral("%1,%2: %3%4").arg(hover_->x).arg(hover_->y).arg(QString::fromStdString(terrain.name), light);
            for (const grid::FogUnit& u : g->units())
                if (u.at == *hover_ && u.id != view_->gameView().unit && (side.empty() || u.side == side || g->seesUnit(side, u.id)))
                    parts << tr("%1 (%2, %3), health %4, %5").arg(QString::fromStdString(u.id), QString::fromStdString(u.type),
                                                                 QString::fromStdString(u.side)).arg(u.health).arg(rangeExplained(*g, u));
            for (const grid::FogStructure& st : g->structures())
                if (st.at == *hover_ && (side.empty() || st.side == side || g->seesInto(side, st.at)))
                    parts << tr("%1 of %2, sees %3 tiles far").arg(QString::fromStdString(st.kind), QString::fromStdString(st.side)).arg(g->range(st));
            if (!side.empty())
                for (const grid::Snapshot& m : g->memories(side))
                    if (m.at == *hover_) {
                        const int age = g->turn() - m.turnSeen;
                        parts << tr("%1 (%2, %3, health %4) remembered here, seen %5")
                                     .arg(QString::fromStdString(m.unit), QString::fromStdString(m.type), QString::fromStdString(m.owner))
                                     .arg(m.health)
                                     .arg(age == 0 ? tr("this turn (turn %1)").arg(m.turnSeen)
                                                   : tr("on turn %1, %2 ago").arg(m.turnSeen).arg(count(age, "turn", "turns")));
                    }
        }
        status_->setText(parts.join(QStringLiteral("   |   ")));
        status_->setToolTip(parts.join(QLatin1Char('\n')));  // (the whole of it, when the bar is too narrow)
        return;
    }
    if (const auto v = view_->viewer())
        parts << tr("Viewer at %1,%2 on %3: %4 visible, %5 explored of %6")
                     .arg(v->x).arg(v->y)
                     .arg(QString::fromStdString(map.at(v->x, v->y).name))
                     .arg(count(view_->visibleCount(), "tile", "tiles"))
                     .arg(view_->exploredCount())
                     .arg(map.width * map.height);
    else
        parts << tr("Click a tile to put the viewer there");
    if (const auto target = view_->target(); target && view_->viewer() && !(*target == *view_->viewer())) {
        auto said = [](const std::optional<grid::LineStop>& stop) {
            return stop ? tr("stopped at %1,%2 (%3, %4)").arg(stop->at.x).arg(stop->at.y).arg(QString::fromStdString(stop->terrain),
                                                                                            QString::fromStdString(stop->why))
                        : tr("clear");
        };
        parts << tr("To %1,%2: sight %3; fire %4").arg(target->x).arg(target->y).arg(said(view_->sightStop()), said(view_->fireStop()));
    }
    if (hover_) {
        const grid::TerrainType& t = map.at(hover_->x, hover_->y);
        QStringList does;
        if (t.opaque) does << tr("stops sight");
        if (t.solid) does << tr("stops movement and fire");
        if (t.dark) does << tr("dark");
        if (t.obscuring) does << tr("obscuring");
        parts << tr("%1,%2: %3%4").arg(hover_->x).arg(hover_->y).arg(QString::fromStdString(t.name),
                                                                   does.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(does.join(QStringLiteral(", "))));
    }
    status_->setText(parts.join(QStringLiteral("   |   ")));
    status_->setToolTip(parts.join(QLatin1Char('\n')));
}

}  // namespace sl::gui
