// The Side View dock (side_view_widget.h).
#include "side_view_widget.h"

#include "los/scene.h"
#include "side_view_picture.h"
#include "rules/rulings.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace sl::gui {

SideViewWidget::SideViewWidget(ScenarioDocument* document, BoardView* board, QWidget* parent)
    : QWidget(parent), document_(document), board_(board) {
    setMinimumSize(320, 160);
    setToolTip(tr("The table seen from the side along the pair's sight line: the line from the observer's top to the "
                  "target's, every piece it passes with its height, and how far it clears the nearest one "
                  "(heights drawn larger than lengths)"));
    connect(board_, &BoardView::rulingChanged, this, [this] {
        if (isVisible()) refresh();  // (hidden, it is worked out when shown)
    });
    refresh();
}

void SideViewWidget::refresh() {
    view_.reset();
    const Scenario& s = document_->scenario();
    const int o = board_->observer(), t = board_->target();
    const auto& ruling = board_->ruling();
    const int n = static_cast<int>(s.models.size());
    if (o < 0 || t < 0 || o >= n || t >= n || o == t || !ruling || ruling->observer != s.models[o].id ||
        ruling->target != s.models[t].id) {
        caption_ = tr("Pick an observer and a target on the board: the side view follows their sight line.");
        update();
        return;
    }
    const Scene scene(s);
    const Rulings rulings(scene);
    view_ = sideView(scene, rulings, o, t, *ruling);
    observer_ = QString::fromStdString(s.labelOf(s.models[o].id));
    target_ = QString::fromStdString(s.labelOf(s.models[t].id));
    caption_ = render::sideViewCaption(*view_, observer_, target_);
    update();
}

void SideViewWidget::paintEvent(QPaintEvent*) {
    QPainter p(this);
    if (!view_) {
        p.fillRect(rect(), palette().base());
        p.setPen(palette().text().color());
        p.drawText(rect().adjusted(8, 8, -8, -8), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, caption_);
        return;
    }
    render::paintSideView(p, QRectF(rect()), *view_, observer_, target_, caption_, palette().base().color(),
                          palette().text().color(), palette().mid().color());
}

}  // namespace sl::gui
