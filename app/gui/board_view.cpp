#include "board_view.h"

#include "base.h"

#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>

#include <cmath>

namespace sl::gui {

BoardView::BoardView(ScenarioDocument* document, QWidget* parent) : QWidget(parent), document_(document) {
    setMouseTracking(true);
    setMinimumSize(320, 240);
    setFocusPolicy(Qt::StrongFocus);
    connect(document_, &ScenarioDocument::changed, this, &BoardView::documentChanged);
    documentChanged();
}

void BoardView::documentChanged() {
    scene_ = std::make_unique<Scene>(document_->scenario());
    const int count = static_cast<int>(document_->scenario().models.size());
    if (observer_ >= count) observer_ = -1;
    if (target_ >= count) target_ = -1;
    if (hover_ >= count) hover_ = -1;
    if (fitted_) fitToWindow();
    recompute();
}

void BoardView::recompute() {
    const int target = target_ >= 0 ? target_ : hover_;
    if (observer_ >= 0 && allEnemies_) overlay_ = render::enemiesOverlay(*scene_, observer_);
    else if (observer_ >= 0 && target >= 0 && target != observer_)
        overlay_ = render::pairOverlay(*scene_, observer_, target, method_);
    else
        overlay_ = {};
    overlay_.observer = observer_;
    if (!allEnemies_) overlay_.target = target;
    if (method_ == Method::Sampled && observer_ >= 0 && target >= 0 && target != observer_ && !allEnemies_) {
        // The debug view: every line the sampled method may try.
        const Model& o = document_->scenario().models[observer_];
        const Model& t = document_->scenario().models[target];
        for (const Vec2& p : samplePoints(o, 9))
            for (const Vec2& q : samplePoints(t, 9)) overlay_.debugLines.push_back({p, q});
    }
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
    recompute();
}

void BoardView::setMethod(Method method) {
    method_ = method;
    recompute();
}

void BoardView::setAllEnemies(bool on) {
    allEnemies_ = on;
    recompute();
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

void BoardView::fitToWindow() {
    view_ = render::BoardRenderer::fit(size(), document_->scenario().board, 16);
    fitted_ = true;
    update();
}

void BoardView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), QColor(0x24, 0x2a, 0x22));
    render::BoardRenderer(document_->scenario()).paint(p, view_, overlay_);
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

void BoardView::mousePressEvent(QMouseEvent* e) {
    const QPointF board = toBoard(e->position());
    const int model = modelAt(board);
    if (e->button() == Qt::MiddleButton || (e->button() == Qt::RightButton && model < 0)) {
        panning_ = true;
        lastPan_ = e->position();
        return;
    }
    if (model < 0) return;
    if (e->button() == Qt::RightButton || (e->button() == Qt::LeftButton && (e->modifiers() & Qt::ShiftModifier))) {
        setTarget(model);
        return;
    }
    if (e->button() == Qt::LeftButton) {
        if (model != observer_) setObserver(model);
        const Vec2 c = document_->scenario().models[model].position;
        dragging_ = model;
        dragOffset_ = QPointF(c.x, c.y) - board;
        ++dragKey_;
    }
}

void BoardView::mouseMoveEvent(QMouseEvent* e) {
    const QPointF board = toBoard(e->position());
    emit cursorMoved(board);
    if (panning_) {
        const QPointF d = e->position() - lastPan_;
        lastPan_ = e->position();
        QTransform t;
        t.translate(d.x(), d.y());
        view_ = view_ * t;
        fitted_ = false;
        update();
        return;
    }
    if (dragging_ >= 0) {
        const QPointF to = board + dragOffset_;
        const int model = dragging_;
        const Board& b = document_->scenario().board;
        const Vec2 pos{std::clamp(to.x(), 0.0, b.width), std::clamp(to.y(), 0.0, b.height)};
        document_->edit(tr("Move %1").arg(QString::fromStdString(document_->scenario().models[model].id)),
                        [model, pos](Scenario& s) { s.models[model].position = pos; }, dragKey_);
        return;
    }
    // Hovering an enemy shows its sight line until a target is picked.
    if (observer_ >= 0 && target_ < 0 && !allEnemies_) {
        const int model = modelAt(board);
        const int enemy = model >= 0 && document_->scenario().models[model].side !=
                                            document_->scenario().models[observer_].side
                              ? model
                              : -1;
        if (enemy != hover_) {
            hover_ = enemy;
            recompute();
        }
    }
}

void BoardView::mouseReleaseEvent(QMouseEvent*) {
    dragging_ = -1;
    panning_ = false;
}

void BoardView::leaveEvent(QEvent*) {
    if (hover_ >= 0) {
        hover_ = -1;
        recompute();
    }
}

}  // namespace sl::gui
