// The board in the window: paints the scenario with the shared renderer, zooms and pans,
// picks the observer and the target, drags models (each drag one undo step), and shows the
// sight lines of the current pair, or of the observer against all its enemies.
#pragma once

#include "board_renderer.h"
#include "scenario_document.h"
#include "scene.h"
#include "sightline.h"

#include <QPointF>
#include <QWidget>

#include <memory>

namespace sl::gui {

class BoardView : public QWidget {
    Q_OBJECT
public:
    explicit BoardView(ScenarioDocument* document, QWidget* parent = nullptr);

    int observer() const { return observer_; }
    int target() const { return target_; }
    void setObserver(int model);
    void setTarget(int model);
    void setMethod(Method method);
    Method method() const { return method_; }
    void setAllEnemies(bool on);
    bool allEnemies() const { return allEnemies_; }

    // The ruling of the current pair, if there is one.
    const std::optional<PairResult>& ruling() const { return overlay_.result; }
    const render::Overlay& overlay() const { return overlay_; }

    // Board inches at a widget point, and back.
    QPointF toBoard(const QPointF& widget) const;
    QPointF toWidget(const QPointF& board) const;

    // The model with this id, or -1.
    int modelIndex(const QString& id) const;

    // The model under a board point (the topmost), or -1.
    int modelAt(const QPointF& board) const;

public slots:
    void fitToWindow();

signals:
    void cursorMoved(const QPointF& board);
    void rulingChanged();

protected:
    void paintEvent(QPaintEvent*) override;
    void resizeEvent(QResizeEvent*) override;
    void wheelEvent(QWheelEvent*) override;
    void mousePressEvent(QMouseEvent*) override;
    void mouseMoveEvent(QMouseEvent*) override;
    void mouseReleaseEvent(QMouseEvent*) override;
    void leaveEvent(QEvent*) override;

private:
    void documentChanged();
    void recompute();

    ScenarioDocument* document_;
    std::unique_ptr<Scene> scene_;
    QTransform view_;         // board inches -> widget pixels
    bool fitted_ = true;      // follow the window's size until the user zooms or pans
    int observer_ = -1;
    int target_ = -1;
    int hover_ = -1;          // an enemy under the cursor, shown when no target is picked
    Method method_ = Method::Exact;
    bool allEnemies_ = false;
    render::Overlay overlay_;
    // Dragging a model, or panning.
    int dragging_ = -1;
    QPointF dragOffset_;      // model centre minus the grab point, in inches
    bool panning_ = false;
    QPointF lastPan_;
    int dragKey_ = 100;       // merge key of the current drag's edits
};

}  // namespace sl::gui
