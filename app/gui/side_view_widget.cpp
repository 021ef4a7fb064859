// The Side View dock (side_view_widget.h).
#include "side_view_widget.h"

#include "los/scene.h"
#include "rules/rulings.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace sl::gui {

QString inchesText(double inches) { return QStringLiteral("%1\"").arg(inches, 0, 'f', 2); }

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
    const SideView& v = *view_;
    const SectionPiece* near = v.closest >= 0 ? &v.pieces[static_cast<size_t>(v.closest)] : nullptr;
    const QString line = tr("%1 to %2, %3 long, from %4 high to %5 high")
                             .arg(observer_, target_, inchesText(v.length), inchesText(v.h0), inchesText(v.h1));
    if (v.witness) {
        caption_ = !near ? tr("Seen along the line drawn: nothing stands in it (%1).").arg(line)
                         : tr("Seen along the line drawn: it passes %1 over %2 (its top %3) where it comes nearest (%4).")
                               .arg(inchesText(near->clearance), QString::fromStdString(near->label), inchesText(near->top), line);
    } else if (!near) {
        caption_ = tr("Not seen; the line drawn (the least blocked between the bases' centres and edges) meets nothing "
                      "here: what stops the others is in the ruling (%1).")
                       .arg(line);
    } else if (near->wall) {
        caption_ = tr("Not seen; even the least blocked line between the bases' centres and edges runs through %1, which "
                      "the ruleset makes a wall of any height for this pair (%2).")
                       .arg(QString::fromStdString(near->label), line);
    } else {
        caption_ = tr("Not seen; the least blocked line between the bases' centres and edges runs %1 into %2 (its top %3) "
                      "(%4).")
                       .arg(inchesText(-near->clearance), QString::fromStdString(near->label), inchesText(near->top), line);
    }
    update();
}

void SideViewWidget::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), palette().base());
    const QFontMetrics fm(font());
    const int captionLines = 3;
    const QRect captionBox(8, height() - captionLines * fm.height() - 6, width() - 16, captionLines * fm.height() + 4);
    p.setPen(palette().text().color());
    p.drawText(captionBox, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, caption_);
    if (!view_ || view_->length <= 0) return;
    const SideView& v = *view_;
    // The drawing's frame: heights up the left, the line's length along the bottom.
    const QRectF area(48, 10 + 2 * fm.height(), width() - 48 - 24, captionBox.top() - 10 - 2 * fm.height() - fm.height() - 8);
    if (area.width() < 40 || area.height() < 30) return;
    double most = std::max(v.h0, v.h1);
    for (const SectionPiece& piece : v.pieces)
        if (std::isfinite(piece.top)) most = std::max(most, piece.top);
    const double ceiling = most * 1.25 + 0.25;
    auto X = [&](double s) { return area.left() + s / v.length * area.width(); };
    auto Y = [&](double h) { return area.bottom() - std::min(h, ceiling) / ceiling * area.height(); };
    // Height scale, every inch (or every few when tall).
    const double step = ceiling > 12 ? 4 : ceiling > 6 ? 2 : ceiling > 2.5 ? 1 : 0.5;
    p.setPen(QPen(palette().mid().color(), 1, Qt::DotLine));
    for (double h = step; h < ceiling; h += step) {
        p.drawLine(QPointF(area.left(), Y(h)), QPointF(area.right(), Y(h)));
        p.drawText(QRectF(0, Y(h) - fm.height() / 2.0, area.left() - 6, fm.height()), Qt::AlignRight | Qt::AlignVCenter,
                   QStringLiteral("%1\"").arg(h));
    }
    // The table.
    p.setPen(QPen(palette().text().color(), 2));
    p.drawLine(QPointF(area.left(), Y(0)), QPointF(area.right(), Y(0)));
    p.drawText(QRectF(area.left(), Y(0) + 2, area.width(), fm.height()), Qt::AlignHCenter | Qt::AlignTop,
               tr("%1 along the line").arg(inchesText(v.length)));
    // The pieces the line passes, each with its label and top; the nearest outlined.
    for (size_t k = 0; k < v.pieces.size(); ++k) {
        const SectionPiece& piece = v.pieces[k];
        const QRectF box(QPointF(X(piece.from), Y(piece.wall ? ceiling : piece.top)), QPointF(X(piece.to), Y(piece.bottom)));
        const QColor fill = piece.model ? QColor(120, 140, 190) : QColor(150, 150, 150);
        p.setPen(Qt::NoPen);
        p.setBrush(piece.wall ? QBrush(QColor(110, 110, 110), Qt::BDiagPattern) : QBrush(fill));
        p.drawRect(box.adjusted(0, 0, std::max(0.0, 1.5 - box.width()), 0));
        const bool nearest = static_cast<int>(k) == v.closest;
        p.setPen(QPen(nearest ? QColor(230, 120, 0) : QColor(80, 80, 80), nearest ? 2 : 1));
        p.setBrush(Qt::NoBrush);
        p.drawRect(box);
        const QString text = piece.wall ? tr("%1: a wall of any height").arg(QString::fromStdString(piece.label))
                                        : QStringLiteral("%1 %2").arg(QString::fromStdString(piece.label), inchesText(piece.top));
        const double row = piece.wall ? area.top() - fm.height() * (1 + k % 2) : box.top() - 4 - fm.height() * (k % 2);
        p.setPen(palette().text().color());
        p.drawText(QPointF(std::clamp(box.center().x() - fm.horizontalAdvance(text) / 2.0, 2.0,
                                      width() - 2.0 - fm.horizontalAdvance(text)),
                           row),
                   text);
    }
    // The two models at the ends, as high as they stand.
    const QColor blue(40, 80, 200), red(200, 40, 40);
    p.setPen(QPen(blue, 5, Qt::SolidLine, Qt::FlatCap));
    p.drawLine(QPointF(X(0), Y(0)), QPointF(X(0), Y(v.h0)));
    p.setPen(QPen(red, 5, Qt::SolidLine, Qt::FlatCap));
    p.drawLine(QPointF(X(v.length), Y(0)), QPointF(X(v.length), Y(v.h1)));
    p.setPen(palette().text().color());
    p.drawText(QPointF(area.left() + 4, 4 + fm.ascent()), observer_);
    p.drawText(QPointF(area.right() - fm.horizontalAdvance(target_), 4 + fm.ascent()), target_);
    // The line: green when it is the witness, red when it is blocked.
    p.setPen(QPen(v.witness ? QColor(0, 160, 60) : QColor(210, 30, 30), 2));
    p.drawLine(QPointF(X(0), Y(v.h0)), QPointF(X(v.length), Y(v.h1)));
    // The clearance at the nearest piece: between its top and the line, at the end where it is least.
    if (v.closest >= 0) {
        const SectionPiece& piece = v.pieces[static_cast<size_t>(v.closest)];
        if (!piece.wall) {
            const double s = v.heightAt(piece.from) - piece.top <= v.heightAt(piece.to) - piece.top ? piece.from : piece.to;
            p.setPen(QPen(QColor(230, 120, 0), 1.5, Qt::DashLine));
            p.drawLine(QPointF(X(s), Y(piece.top)), QPointF(X(s), Y(v.heightAt(s))));
            const QString text = piece.clearance >= 0 ? tr("clears by %1").arg(inchesText(piece.clearance))
                                                      : tr("%1 into it").arg(inchesText(-piece.clearance));
            p.setPen(QColor(170, 80, 0));
            p.drawText(QPointF(std::min(X(s) + 4, width() - 4.0 - fm.horizontalAdvance(text)),
                               (Y(piece.top) + Y(v.heightAt(s))) / 2 + fm.ascent() / 2.0),
                       text);
        }
    }
}

}  // namespace sl::gui
