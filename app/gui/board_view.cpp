// The board view: painting through the shared renderer, zoom and pan, and the mouse and
// keyboard tools that pick, move, place and draw on the table.
#include "board_view.h"

#include "kernel/base.h"
#include "kernel/polygon.h"
#include "ruling_sheet.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace sl::gui {
namespace {

constexpr double kHandlePx = 6;  // how near a vertex handle a press must be

QPolygonF polygonOf(const std::vector<Vec2>& ring) {
    QPolygonF out;
    for (const Vec2& v : ring) out << QPointF(v.x, v.y);
    return out;
}

bool has(const std::vector<int>& list, int i) { return std::find(list.begin(), list.end(), i) != list.end(); }

void toggle(std::vector<int>& list, int i) {
    if (auto it = std::find(list.begin(), list.end(), i); it != list.end()) list.erase(it);
    else list.push_back(i);
}

}  // namespace

BoardView::BoardView(ScenarioDocument* document, QWidget* parent) : QWidget(parent), document_(document) {
    setMouseTracking(true);
    setMinimumSize(320, 240);
    setFocusPolicy(Qt::StrongFocus);
    placement_.base = {BaseShape::Circle, 32, 32};
    connect(document_, &ScenarioDocument::changed, this, &BoardView::documentChanged);
    documentChanged();
}

void BoardView::documentChanged() {
    scene_ = std::make_unique<Scene>(document_->scenario());
    const int count = static_cast<int>(document_->scenario().models.size());
    const int pieces = static_cast<int>(document_->scenario().terrain.size());
    if (observer_ >= count) observer_ = -1;
    if (target_ >= count) target_ = -1;
    if (hover_ >= count) hover_ = -1;
    edits::Selection kept;
    for (int i : selection_.models)
        if (i < count) kept.models.push_back(i);
    for (int i : selection_.terrain)
        if (i < pieces) kept.terrain.push_back(i);
    if (!(kept == selection_)) {
        selection_ = kept;
        emit selectionChanged();
    } else {
        emit selectionChanged();  // the selected items' fields may have changed
    }
    if (fitted_) fitToWindow();
    recompute();
}

void BoardView::recompute() {
    QElapsedTimer clock;
    clock.start();
    const int target = hover_ >= 0 ? hover_ : target_;
    unitRuling_.reset();
    if (observer_ >= 0 && target >= 0 && target != observer_ && unitMode_ != UnitMode::Off && !allEnemies_) {
        const Rulings rulings(*scene_);
        const Scenario& s = document_->scenario();
        unitRuling_ = unitMode_ == UnitMode::UnitVsUnit
                          ? rulings.units(s.models[observer_].unit, s.models[target].unit, method_)
                          : rulings.matrix({observer_}, rulings.unitModels(s.models[target].unit), method_);
        overlay_ = render::unitOverlay(*unitRuling_);
    } else if (observer_ >= 0 && allEnemies_) overlay_ = render::enemiesOverlay(*scene_, observer_);
    else if (observer_ >= 0 && target >= 0 && target != observer_)
        overlay_ = render::pairOverlay(*scene_, observer_, target, method_);
    else
        overlay_ = {};
    overlay_.observer = observer_;
    if (!allEnemies_) overlay_.target = target;
    if (method_ == Method::Sampled && observer_ >= 0 && target >= 0 && target != observer_ && !allEnemies_ &&
        !unitRuling_) {
        // The debug view: every line the sampled method may try.
        const Model& o = document_->scenario().models[observer_];
        const Model& t = document_->scenario().models[target];
        for (const Vec2& p : samplePoints(o, 9))
            for (const Vec2& q : samplePoints(t, 9)) overlay_.debugLines.push_back({p, q});
    }
    if (!unitRuling_) overlay_.selected = selection_.models;
    overlay_.selectedTerrain = selection_.terrain;
    lastRecomputeMs_ = clock.nsecsElapsed() / 1e6;
    update();
    emit rulingChanged();
}

void BoardView::setObserver(int model) {
    observer_ = model;
    if (target_ == model) target_ = -1;
    recompute();
}

void BoardView::setTarget(int model) {
    target_ = model == observer_ ? -1 : model;
    hover_ = -1;
    recompute();
    if (target_ >= 0)
        emit message(tr("Target %1 pinned: hover another model to preview it; Esc unpins.")
                         .arg(QString::fromStdString(document_->scenario().models[target_].id)));
}

void BoardView::setMethod(Method method) {
    method_ = method;
    recompute();
}

void BoardView::setAllEnemies(bool on) {
    if (allEnemies_ == on) return;
    allEnemies_ = on;
    recompute();
    emit modeChanged();
}

void BoardView::setUnitMode(UnitMode mode) {
    if (unitMode_ == mode) return;
    unitMode_ = mode;
    recompute();
    emit modeChanged();
}

void BoardView::setTool(Tool tool) {
    tool_ = tool;
    drawing_.clear();
    drag_ = Drag::None;
    setCursor(tool == Tool::Select ? Qt::ArrowCursor : Qt::CrossCursor);
    update();
    emit toolChanged();
}

void BoardView::setPreset(const TerrainPiece& piece) {
    preset_ = piece;
    setTool(Tool::PlacePreset);
}

void BoardView::setSelection(const edits::Selection& s) {
    selection_ = s;
    if (!unitRuling_) overlay_.selected = selection_.models;
    overlay_.selectedTerrain = selection_.terrain;
    update();
    emit selectionChanged();
}

QPointF BoardView::toBoard(const QPointF& widget) const { return view_.inverted().map(widget); }
QPointF BoardView::toWidget(const QPointF& board) const { return view_.map(board); }

int BoardView::modelIndex(const QString& id) const { return scene_->modelIndex(id.toStdString()); }

int BoardView::modelAt(const QPointF& board) const {
    const auto& models = document_->scenario().models;
    for (int i = static_cast<int>(models.size()) - 1; i >= 0; --i)
        if (baseContains(models[i], {board.x(), board.y()}, 0.05)) return i;
    return -1;
}

int BoardView::terrainAt(const QPointF& board) const {
    const auto& terrain = document_->scenario().terrain;
    const Vec2 p{board.x(), board.y()};
    for (int pass = 0; pass < 2; ++pass)
        for (int i = static_cast<int>(terrain.size()) - 1; i >= 0; --i) {
            if ((terrain[i].kind == TerrainKind::Area) != (pass == 1)) continue;
            if (locate(p, terrain[i].footprint) != Where::Outside) return i;
        }
    return -1;
}

std::pair<int, int> BoardView::vertexAt(const QPointF& widget) const {
    for (int piece : selection_.terrain) {
        const Ring& ring = document_->scenario().terrain[piece].footprint.outer;
        for (int v = 0; v < static_cast<int>(ring.size()); ++v) {
            const QPointF d = toWidget(QPointF(ring[v].x, ring[v].y)) - widget;
            if (std::hypot(d.x(), d.y()) <= kHandlePx) return {piece, v};
        }
    }
    return {-1, -1};
}

Vec2 BoardView::snap(QPointF board) const { return edits::snapped({board.x(), board.y()}, snapStep_); }

void BoardView::fitToWindow() {
    view_ = render::BoardRenderer::fit(size(), document_->scenario().board, 16);
    fitted_ = true;
    update();
}

void BoardView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), QColor(0x24, 0x2a, 0x22));
    render::BoardRenderer(document_->scenario()).paint(p, view_, overlay_);

    // Editing aids, in widget pixels over the board.
    p.setRenderHint(QPainter::Antialiasing);
    const Scenario& s = document_->scenario();
    for (int piece : selection_.terrain)
        for (const Vec2& v : s.terrain[piece].footprint.outer) {
            const QPointF at = toWidget(QPointF(v.x, v.y));
            p.setPen(QPen(Qt::black, 1));
            p.setBrush(Qt::white);
            p.drawRect(QRectF(at.x() - 4, at.y() - 4, 8, 8));
        }
    const QPen guide(QColor(255, 230, 0), 1.5, Qt::DashLine);
    if (drag_ == Drag::Band || drag_ == Drag::Rect) {
        p.setPen(guide);
        p.setBrush(drag_ == Drag::Band ? QColor(255, 230, 0, 30) : QColor(200, 200, 190, 90));
        p.drawRect(QRectF(toWidget(dragStart_), toWidget(dragNow_)).normalized());
    }
    if (!drawing_.empty()) {
        QPolygonF line = view_.map(polygonOf(drawing_));
        line << toWidget(dragNow_);
        p.setPen(guide);
        p.setBrush(QColor(200, 200, 190, 70));
        p.drawPolygon(line);
        p.setBrush(Qt::white);
        p.setPen(QPen(Qt::black, 1));
        for (const QPointF& v : line.mid(0, line.size() - 1)) p.drawEllipse(v, 3.5, 3.5);
    }
    if (tool_ == Tool::PlaceModel && rect().contains(mapFromGlobal(QCursor::pos()))) {
        Model ghost;
        ghost.base = placement_.base;
        ghost.position = snap(dragNow_);
        p.setPen(QPen(render::sideColour(placement_.side), 1.5, Qt::DashLine));
        p.setBrush(Qt::NoBrush);
        p.drawPolygon(view_.map(polygonOf(baseOutline(ghost))));
    }
    if (tool_ == Tool::PlacePreset && rect().contains(mapFromGlobal(QCursor::pos()))) {
        Polygon ghost = preset_.footprint;
        edits::translate(ghost, snap(dragNow_) - edits::footprintCentre(ghost));
        p.setPen(guide);
        p.setBrush(Qt::NoBrush);
        p.drawPolygon(view_.map(polygonOf(ghost.outer)));
    }
}

void BoardView::resizeEvent(QResizeEvent*) {
    if (fitted_) fitToWindow();
}

void BoardView::wheelEvent(QWheelEvent* e) {
    // Zoom about the point under the cursor.
    const double factor = std::pow(1.0015, e->angleDelta().y());
    const QPointF at = e->position();
    QTransform t;
    t.translate(at.x(), at.y());
    t.scale(factor, factor);
    t.translate(-at.x(), -at.y());
    const double scale = std::sqrt(std::abs((view_ * t).determinant()));
    if (scale < 2 || scale > 2000) return;  // pixels per inch: keep it sensible
    view_ = view_ * t;
    fitted_ = false;
    update();
}

void BoardView::addTerrain(TerrainPiece piece, const QString& text) {
    if (auto problem = ringProblem(piece.footprint.outer)) {
        emit message(tr("Not a terrain piece: %1").arg(QString::fromStdString(*problem)));
        return;
    }
    document_->edit(text.arg(QString::fromStdString(piece.id)), [piece](Scenario& s) { s.terrain.push_back(piece); });
    edits::Selection sel;
    sel.terrain.push_back(static_cast<int>(document_->scenario().terrain.size()) - 1);
    setSelection(sel);
}

void BoardView::mousePressEvent(QMouseEvent* e) {
    const QPointF board = toBoard(e->position());
    dragNow_ = board;
    if (e->button() == Qt::MiddleButton || (e->button() == Qt::RightButton && modelAt(board) < 0)) {
        drag_ = Drag::Pan;
        lastPan_ = e->position();
        return;
    }
    if (e->button() == Qt::RightButton) {
        setTarget(modelAt(board));
        return;
    }
    if (e->button() != Qt::LeftButton) return;
    const Scenario& s = document_->scenario();
    switch (tool_) {
    case Tool::Select:
        pressSelect(e, board);
        return;
    case Tool::PlaceModel: {
        const Vec2 at = snap(board);
        if (at.x < 0 || at.y < 0 || at.x > s.board.width || at.y > s.board.height) {
            emit message(tr("Models go on the table: %1\", %2\" is off it").arg(at.x).arg(at.y));
            return;
        }
        const Model m = edits::newModel(s, placement_.base, at, placement_.side, placement_.unit, placement_.height);
        document_->edit(tr("Place %1").arg(QString::fromStdString(m.id)), [m](Scenario& sc) { sc.models.push_back(m); });
        edits::Selection sel;
        sel.models.push_back(static_cast<int>(document_->scenario().models.size()) - 1);
        setSelection(sel);
        return;
    }
    case Tool::PlacePreset:
        addTerrain(edits::placedPiece(s, preset_, snap(board)), tr("Place %1"));
        return;
    case Tool::Polygon:
        drawing_.push_back(snap(board));
        update();
        return;
    case Tool::Rectangle:
        drag_ = Drag::Rect;
        dragStart_ = QPointF(snap(board).x, snap(board).y);
        return;
    }
}

void BoardView::pressSelect(QMouseEvent* e, const QPointF& board) {
    const bool add = e->modifiers() & Qt::ControlModifier;
    ++dragKey_;
    dragged_ = false;
    dragStart_ = board;
    if (auto [piece, vertex] = vertexAt(e->position()); piece >= 0 && !add) {
        drag_ = Drag::Vertex;
        vertexPiece_ = piece;
        vertexIndex_ = vertex;
        return;
    }
    const int model = modelAt(board);
    if (model >= 0 && (e->modifiers() & Qt::ShiftModifier)) {
        setTarget(model);
        return;
    }
    const int piece = model < 0 ? terrainAt(board) : -1;
    if (model < 0 && piece < 0) {
        // Empty table: a rubber band.
        if (!add) setSelection({});
        drag_ = Drag::Band;
        dragNow_ = board;
        return;
    }
    edits::Selection sel = selection_;
    if (add) {
        model >= 0 ? toggle(sel.models, model) : toggle(sel.terrain, piece);
    } else if (!(model >= 0 ? has(sel.models, model) : has(sel.terrain, piece))) {
        sel = {};
        model >= 0 ? sel.models.push_back(model) : sel.terrain.push_back(piece);
    }
    setSelection(sel);
    if (add) return;
    // A click picks the observer; a drag only moves (observer and target stay).
    clicked_ = model;
    pressAt_ = e->position();
    drag_ = Drag::Move;
    anchorModel_ = model;
    anchorPiece_ = piece;
    const Scenario& s = document_->scenario();
    const Vec2 c = model >= 0 ? s.models[model].position : edits::footprintCentre(s.terrain[piece].footprint);
    anchorOffset_ = c - Vec2{board.x(), board.y()};
}

void BoardView::mouseMoveEvent(QMouseEvent* e) {
    const QPointF board = toBoard(e->position());
    dragNow_ = board;
    emit cursorMoved(board);
    const Scenario& s = document_->scenario();
    switch (drag_) {
    case Drag::Pan: {
        const QPointF d = e->position() - lastPan_;
        lastPan_ = e->position();
        QTransform t;
        t.translate(d.x(), d.y());
        view_ = view_ * t;
        fitted_ = false;
        update();
        return;
    }
    case Drag::Move: {
        // An undo in the middle of a drag may take the grabbed item away.
        if (anchorModel_ >= static_cast<int>(s.models.size()) || anchorPiece_ >= static_cast<int>(s.terrain.size()) ||
            (anchorModel_ < 0 && anchorPiece_ < 0)) {
            drag_ = Drag::None;
            return;
        }
        const Vec2 anchor = anchorModel_ >= 0 ? s.models[anchorModel_].position
                                              : edits::footprintCentre(s.terrain[anchorPiece_].footprint);
        if (!dragged_ && (e->position() - pressAt_).manhattanLength() < QApplication::startDragDistance()) return;
        const Vec2 to = snap(QPointF(board.x() + anchorOffset_.x, board.y() + anchorOffset_.y));
        const Vec2 by = to - anchor;
        if (by.x == 0 && by.y == 0) return;
        const edits::Selection sel = selection_;
        const int count = static_cast<int>(sel.models.size() + sel.terrain.size());
        const QString what = count == 1 ? QString::fromStdString(anchorModel_ >= 0 ? s.models[anchorModel_].id
                                                                                 : s.terrain[anchorPiece_].id)
                                        : tr("%1 items").arg(count);
        document_->edit(tr("Move %1").arg(what), [sel, by](Scenario& sc) { edits::moveSelection(sc, sel, by); }, dragKey_);
        dragged_ = true;
        return;
    }
    case Drag::Vertex: {
        const Vec2 to = snap(board);
        const int piece = vertexPiece_, vertex = vertexIndex_;
        if (piece >= static_cast<int>(s.terrain.size()) || vertex >= static_cast<int>(s.terrain[piece].footprint.outer.size())) {
            drag_ = Drag::None;
            return;
        }
        Ring ring = s.terrain[piece].footprint.outer;
        ring[vertex] = to;
        if (ringProblem(ring)) {
            emit message(tr("A vertex cannot go there: the outline would cross itself"));
            return;
        }
        document_->edit(tr("Edit %1").arg(QString::fromStdString(s.terrain[piece].id)),
                        [piece, vertex, to](Scenario& sc) { sc.terrain[piece].footprint.outer[vertex] = to; }, dragKey_);
        return;
    }
    case Drag::Band:
    case Drag::Rect:
        if (drag_ == Drag::Rect) dragNow_ = QPointF(snap(board).x, snap(board).y);
        update();
        return;
    case Drag::None:
        break;
    }
    if (tool_ != Tool::Select) {
        update();  // the ghost and the rubber line follow the cursor
        return;
    }
    // Hovering an enemy shows its sight line; a pinned target comes back when the cursor
    // leaves it. (In a unit mode a pinned target stays: its ruling is the whole matrix.)
    if (observer_ >= 0 && !allEnemies_ && (target_ < 0 || unitMode_ == UnitMode::Off)) {
        const int model = modelAt(board);
        const int enemy = model >= 0 && model != target_ && s.models[model].side != s.models[observer_].side ? model : -1;
        if (enemy != hover_) {
            hover_ = enemy;
            recompute();
        }
    }
    setCursor(vertexAt(e->position()).first >= 0 ? Qt::SizeAllCursor : Qt::ArrowCursor);
}

void BoardView::mouseReleaseEvent(QMouseEvent*) {
    const Drag was = drag_;
    drag_ = Drag::None;
    if (was == Drag::Move && !dragged_ && clicked_ >= 0 && clicked_ != observer_ &&
        clicked_ < static_cast<int>(document_->scenario().models.size()))
        setObserver(clicked_);
    clicked_ = -1;
    if (was == Drag::Band) {
        const QRectF box = QRectF(dragStart_, dragNow_).normalized();
        edits::Selection sel = selection_;
        const Scenario& s = document_->scenario();
        for (int i = 0; i < static_cast<int>(s.models.size()); ++i)
            if (box.contains(s.models[i].position.x, s.models[i].position.y) && !has(sel.models, i)) sel.models.push_back(i);
        for (int i = 0; i < static_cast<int>(s.terrain.size()); ++i)
            if (box.contains(polygonOf(s.terrain[i].footprint.outer).boundingRect()) && !has(sel.terrain, i))
                sel.terrain.push_back(i);
        setSelection(sel);
    } else if (was == Drag::Rect) {
        const QRectF r = QRectF(dragStart_, dragNow_).normalized();
        if (r.width() > 0 && r.height() > 0) {
            TerrainPiece t;
            t.id = edits::uniqueId(document_->scenario(), "terrain");
            t.name = tr("Terrain").toStdString();
            t.category = "dense";
            t.height = 3;
            t.footprint.outer = {{r.left(), r.top()}, {r.right(), r.top()}, {r.right(), r.bottom()}, {r.left(), r.bottom()}};
            addTerrain(t, tr("Draw %1"));
        }
    }
    update();
}

void BoardView::mouseDoubleClickEvent(QMouseEvent* e) {
    if (tool_ == Tool::Polygon && e->button() == Qt::LeftButton) finishPolygon();
    else mousePressEvent(e);
}

void BoardView::finishPolygon() {
    // A double-click's second press may repeat the last vertex.
    while (drawing_.size() >= 2 && std::hypot(drawing_.back().x - drawing_[drawing_.size() - 2].x,
                                              drawing_.back().y - drawing_[drawing_.size() - 2].y) < 1e-9)
        drawing_.pop_back();
    if (drawing_.size() < 3) {
        emit message(tr("A polygon needs at least three corners; keep clicking, or Esc to cancel"));
        return;
    }
    TerrainPiece t;
    t.id = edits::uniqueId(document_->scenario(), "terrain");
    t.name = tr("Terrain").toStdString();
    t.category = "dense";
    t.height = 3;
    t.footprint.outer = drawing_;
    if (auto problem = ringProblem(t.footprint.outer)) {
        emit message(tr("Not a terrain piece: %1; fix it or Esc to cancel").arg(QString::fromStdString(*problem)));
        return;
    }
    drawing_.clear();
    addTerrain(t, tr("Draw %1"));
}

void BoardView::keyPressEvent(QKeyEvent* e) {
    if (tool_ == Tool::Polygon && (e->key() == Qt::Key_Return || e->key() == Qt::Key_Enter)) {
        finishPolygon();
        return;
    }
    if (e->key() == Qt::Key_Escape) {
        escape();
        return;
    }
    QWidget::keyPressEvent(e);
}

void BoardView::escape() {
    if (!drawing_.empty() || drag_ == Drag::Rect) {
        drawing_.clear();
        drag_ = Drag::None;
        update();
    } else if (tool_ != Tool::Select) {
        setTool(Tool::Select);
    } else if (unitMode_ != UnitMode::Off) {
        setUnitMode(UnitMode::Off);
        emit message(tr("Back to a single pair."));
    } else if (allEnemies_) {
        setAllEnemies(false);
        emit message(tr("Back to a single pair."));
    } else if (target_ >= 0) {
        setTarget(-1);
        emit message(tr("Target unpinned: hover an enemy to see its line, shift-click or right-click to pin one."));
    }
}

void BoardView::leaveEvent(QEvent*) {
    if (hover_ >= 0) {
        hover_ = -1;
        recompute();
    }
    update();
}

void BoardView::deleteSelected() {
    if (selection_.empty()) return;
    const edits::Selection sel = selection_;
    selection_ = {};
    if (has(sel.models, observer_)) observer_ = -1;
    if (has(sel.models, target_)) target_ = -1;
    hover_ = -1;
    // Indices after the removed ones shift down.
    auto shifted = [&](int i) {
        if (i < 0) return i;
        return i - static_cast<int>(std::count_if(sel.models.begin(), sel.models.end(), [i](int r) { return r < i; }));
    };
    observer_ = shifted(observer_);
    target_ = shifted(target_);
    const int count = static_cast<int>(sel.models.size() + sel.terrain.size());
    document_->edit(count == 1 ? tr("Delete %1").arg(QString::fromStdString(
                                     sel.models.empty() ? document_->scenario().terrain[sel.terrain[0]].id
                                                        : document_->scenario().models[sel.models[0]].id))
                               : tr("Delete %1 items").arg(count),
                    [sel](Scenario& s) { edits::deleteSelection(s, sel); });
    emit selectionChanged();
}

void BoardView::duplicateSelected() {
    if (selection_.empty()) return;
    const edits::Selection sel = selection_;
    edits::Selection copies;
    document_->edit(tr("Duplicate"), [sel, &copies](Scenario& s) { copies = edits::duplicateSelection(s, sel, {1, 1}); });
    setSelection(copies);
}

void BoardView::rotateSelected(double degrees) {
    if (selection_.empty()) return;
    const edits::Selection sel = selection_;
    document_->edit(tr("Rotate"), [sel, degrees](Scenario& s) { edits::rotateSelection(s, sel, degrees); });
}

void BoardView::selectUnit() {
    const Scenario& s = document_->scenario();
    edits::Selection sel = selection_;
    for (int picked : selection_.models)
        for (int i = 0; i < static_cast<int>(s.models.size()); ++i)
            if (s.models[i].unit == s.models[picked].unit && !has(sel.models, i)) sel.models.push_back(i);
    setSelection(sel);
}

void BoardView::selectAll() {
    edits::Selection sel;
    for (int i = 0; i < static_cast<int>(document_->scenario().models.size()); ++i) sel.models.push_back(i);
    for (int i = 0; i < static_cast<int>(document_->scenario().terrain.size()); ++i) sel.terrain.push_back(i);
    setSelection(sel);
}

}  // namespace sl::gui
