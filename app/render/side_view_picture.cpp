// The side view of a pair drawn (side_view_picture.h).
#include "side_view_picture.h"

#include "board_renderer.h"

#include <QFileInfo>
#include <QFontMetricsF>
#include <QImage>
#include <QPdfWriter>
#include <QSvgGenerator>

#include <algorithm>
#include <cmath>
#include <optional>

namespace sl::render {

QString inchesText(double inches) { return QStringLiteral("%1\"").arg(inches, 0, 'f', 2); }

namespace {

// Whether the line passes under the piece over its stretch (a floor, a walkway, a lintel).
bool passesUnder(const SideView& v, const SectionPiece& piece) {
    return !piece.model && !piece.wall && piece.bottom > 0 && std::max(v.heightAt(piece.from), v.heightAt(piece.to)) <= piece.bottom;
}

// A piece's heights as written: its top, or from its underside to its top.
QString heightsText(const SectionPiece& piece) {
    if (piece.model || piece.bottom <= 0) return inchesText(piece.top);
    return QStringLiteral("%1 to %2").arg(inchesText(piece.bottom), inchesText(piece.top));
}

}  // namespace

// A level line at the height where a floor (its underside there) rests on a piece (its top
// there), over a stretch both cover: the seam between them, which the two close together
// (Scene::blocking). The floor and the piece, or nothing.
std::optional<std::pair<const SectionPiece*, const SectionPiece*>> stackedSeam(const SideView& v) {
    if (v.h0 != v.h1) return std::nullopt;
    for (const SectionPiece& upper : v.pieces) {
        if (upper.model || upper.wall || upper.bottom <= 0 || upper.bottom != v.h0) continue;
        for (const SectionPiece& lower : v.pieces)
            if (!lower.wall && lower.top == v.h0 && lower.bottom < v.h0 && std::max(upper.from, lower.from) < std::min(upper.to, lower.to))
                return std::pair{&upper, &lower};
    }
    return std::nullopt;
}

namespace {

// Whether the line runs through the whole thickness of a piece with an underside (in at one
// face, out at the other) rather than into it.
bool runsThrough(const SideView& v, const SectionPiece& piece) {
    if (piece.model || piece.wall || piece.bottom <= 0) return false;
    const double lo = std::min(v.heightAt(piece.from), v.heightAt(piece.to)), hi = std::max(v.heightAt(piece.from), v.heightAt(piece.to));
    return lo <= piece.bottom && hi >= piece.top;
}

QString lineCaption(const SideView& v, const QString& observer, const QString& target) {
    const SectionPiece* near = v.closest >= 0 ? &v.pieces[static_cast<size_t>(v.closest)] : nullptr;
    const QString line = QStringLiteral("%1 to %2, %3 long, from %4 high to %5 high")
                             .arg(observer, target, inchesText(v.length), inchesText(v.h0), inchesText(v.h1));
    if (!v.witness && (!near || near->clearance >= 0))
        if (const auto seam = stackedSeam(v))
            return QStringLiteral("Not seen; the least blocked line between the bases' centres and edges runs at %1, along the "
                                  "seam where %2 (from %3) rests on %4 (its top %5): the two together close it (%6).")
                .arg(inchesText(v.h0), QString::fromStdString(seam->first->label), heightsText(*seam->first),
                     QString::fromStdString(seam->second->label), inchesText(seam->second->top), line);
    if (v.witness && near && passesUnder(v, *near))
        return QStringLiteral("Seen along the line drawn: it passes %1 under %2 (from %3) where it comes nearest (%4).")
            .arg(inchesText(near->clearance), QString::fromStdString(near->label), heightsText(*near), line);
    if (v.witness)
        return !near ? QStringLiteral("Seen along the line drawn: nothing stands in it (%1).").arg(line)
                     : QStringLiteral("Seen along the line drawn: it passes %1 over %2 (its top %3) where it comes nearest (%4).")
                           .arg(inchesText(near->clearance), QString::fromStdString(near->label), inchesText(near->top), line);
    if (!near)
        return QStringLiteral("Not seen; the line drawn (the least blocked between the bases' centres and edges) meets "
                              "nothing here: what stops the others is in the ruling (%1).")
            .arg(line);
    if (near->wall)
        return QStringLiteral("Not seen; even the least blocked line between the bases' centres and edges runs through %1, "
                              "which the ruleset makes a wall of any height for this pair (%2).")
            .arg(QString::fromStdString(near->label), line);
    if (runsThrough(v, *near))
        return QStringLiteral("Not seen; the least blocked line between the bases' centres and edges runs through %1 (from %2) "
                              "(%3).")
            .arg(QString::fromStdString(near->label), heightsText(*near), line);
    return QStringLiteral("Not seen; the least blocked line between the bases' centres and edges runs %1 into %2 (%3 %4) "
                          "(%5).")
        .arg(inchesText(-near->clearance), QString::fromStdString(near->label),
             near->bottom > 0 && !near->model ? QStringLiteral("from") : QStringLiteral("its top"), heightsText(*near), line);
}

}  // namespace

QString gapText(const SectionGap& gap) {
    const QString heights = QStringLiteral("%1 to %2").arg(inchesText(gap.bottom), inchesText(gap.top));
    if (gap.open) return QStringLiteral("gap %1").arg(heights);
    const QString rule = QString::fromStdString(gap.closedBy.substr(0, gap.closedBy.find(':')));
    return QStringLiteral("gap %1, closed (%2)").arg(heights, rule);
}

QString sideViewCaption(const SideView& v, const QString& observer, const QString& target) {
    QString caption = lineCaption(v, observer, target);
    // A line through a gap the ruleset closes: the reason it is not open there.
    if (const SectionGap* gap = v.witness ? nullptr : v.closedGapPassed())
        caption += QStringLiteral(" It runs through the gap in %1 (%2 to %3), which is closed to sight: %4.")
                       .arg(QString::fromStdString(gap->label), inchesText(gap->bottom), inchesText(gap->top),
                            QString::fromStdString(gap->closedBy));
    return caption;
}

void paintSideView(QPainter& p, const QRectF& frame, const SideView& v, const QString& observer, const QString& target,
                   const QString& caption, const QColor& background, const QColor& ink, const QColor& grid) {
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(frame, background);
    const QFontMetricsF fm(p.font(), p.device());
    const double lineHeight = fm.height();
    const QRectF captionBox(frame.left() + 8, frame.bottom() - 3 * lineHeight - 6, frame.width() - 16, 3 * lineHeight + 4);
    p.setPen(ink);
    p.drawText(captionBox, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, caption);
    const double left = frame.left() + std::max(48.0, fm.horizontalAdvance(QStringLiteral("00\"")) + 16);
    const QRectF area(left, frame.top() + 10 + 2 * lineHeight, frame.right() - 24 - left,
                      captionBox.top() - frame.top() - 10 - 2 * lineHeight - lineHeight - 8);
    if (v.length <= 0 || area.width() < 40 || area.height() < 30) {
        p.restore();
        return;
    }
    double most = std::max(v.h0, v.h1);
    for (const SectionPiece& piece : v.pieces)
        if (std::isfinite(piece.top)) most = std::max(most, piece.top);
    const double ceiling = most * 1.25 + 0.25;
    auto X = [&](double s) { return area.left() + s / v.length * area.width(); };
    auto Y = [&](double h) { return area.bottom() - std::min(h, ceiling) / ceiling * area.height(); };
    // Height scale, every inch (or every few when tall).
    const double step = ceiling > 12 ? 4 : ceiling > 6 ? 2 : ceiling > 2.5 ? 1 : 0.5;
    for (double h = step; h < ceiling; h += step) {
        p.setPen(QPen(grid, 1, Qt::DotLine));
        p.drawLine(QPointF(area.left(), Y(h)), QPointF(area.right(), Y(h)));
        p.setPen(ink);
        p.drawText(QRectF(frame.left(), Y(h) - lineHeight / 2, area.left() - frame.left() - 6, lineHeight),
                   Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("%1\"").arg(h));
    }
    // The table.
    p.setPen(QPen(ink, 2));
    p.drawLine(QPointF(area.left(), Y(0)), QPointF(area.right(), Y(0)));
    p.drawText(QRectF(area.left(), Y(0) + 2, area.width(), lineHeight), Qt::AlignHCenter | Qt::AlignTop,
               QStringLiteral("%1 along the line").arg(inchesText(v.length)));
    // The shapes first (pieces, gaps, the models, the line), then their words, each put where
    // it runs into no word written before it, no shape and not the line: the first of its
    // places that is clear (above a piece, beside a gap, beside a callout's mark), else the
    // first clear of words and the line only, else where it was meant to go.
    struct Label {
        QString text;
        QColor colour;
        std::vector<QPointF> places;  // baselines' left ends, best first
    };
    std::vector<Label> labels;
    std::vector<QRectF> shapes;
    // Above a box at its middle, then a line higher each time; `first` the baseline to start at.
    auto above = [&](const QRectF& box, double width, double first) {
        const double x = std::clamp(box.center().x() - width / 2, area.left() + 2, std::max(area.left() + 2, frame.right() - 2 - width));
        std::vector<QPointF> places;
        for (int k = 0; k < 10; ++k) places.emplace_back(x, first - k * lineHeight);
        return places;
    };
    // Beside a box, right then left, level with its middle, then a line up or down.
    auto beside = [&](const QRectF& box, double width) {
        std::vector<QPointF> places;
        const double right = std::min(box.right() + 6, frame.right() - 2 - width), left = std::max(area.left() + 2, box.left() - 6 - width);
        for (const double dy : {0.0, -1.0, 1.0, -2.0, 2.0, -3.0, 3.0})
            for (const double x : {right, left}) places.emplace_back(x, box.center().y() + fm.ascent() / 2 + dy * lineHeight);
        return places;
    };
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
        shapes.push_back(box.adjusted(-1, -1, 1, 1));
        // (A feature cut into parts over one stretch, a wall with a window's sill and lintel:
        // one label for them all, over the highest, written once its last part is drawn.)
        const bool samePartNext = k + 1 < v.pieces.size() && !piece.wall && !v.pieces[k + 1].wall && v.pieces[k + 1].id == piece.id &&
                                  v.pieces[k + 1].from == piece.from && v.pieces[k + 1].to == piece.to;
        if (samePartNext) continue;
        size_t first = k;
        while (first > 0 && !piece.wall && !v.pieces[first - 1].wall && v.pieces[first - 1].id == piece.id &&
               v.pieces[first - 1].from == piece.from && v.pieces[first - 1].to == piece.to)
            --first;
        std::vector<std::pair<double, QString>> parts;  // (from the lowest up)
        double highest = piece.top;
        for (size_t j = first; j <= k; ++j) {
            parts.emplace_back(v.pieces[j].bottom, heightsText(v.pieces[j]));
            highest = std::max(highest, v.pieces[j].top);
        }
        std::ranges::sort(parts, {}, &std::pair<double, QString>::first);
        QStringList heights;
        for (const auto& part : parts) heights << part.second;
        const QString text = piece.wall ? QStringLiteral("%1: a wall of any height").arg(QString::fromStdString(piece.label))
                                        : QStringLiteral("%1 %2").arg(QString::fromStdString(piece.label), heights.join(QStringLiteral(", ")));
        const double width = fm.horizontalAdvance(text);
        const QRectF top(QPointF(box.left(), Y(piece.wall ? ceiling : highest)), QPointF(box.right(), box.bottom()));
        labels.push_back({text, ink, above(top, width, piece.wall ? area.top() - lineHeight : top.top() - 4 - fm.descent())});
    }
    // The openings: open ones outlined, closed ones hatched, each with its heights (and the
    // rule that closes it) beside it.
    for (const SectionGap& gap : v.gaps) {
        const QRectF box(QPointF(X(gap.from), Y(gap.top)), QPointF(X(gap.to), Y(gap.bottom)));
        const QColor edge = gap.open ? QColor(40, 110, 190) : QColor(170, 30, 30);
        p.setPen(QPen(edge, 1.5, Qt::DashLine));
        p.setBrush(gap.open ? QBrush(Qt::NoBrush) : QBrush(QColor(170, 30, 30, 150), Qt::DiagCrossPattern));
        p.drawRect(box.adjusted(0, 0, std::max(0.0, 1.5 - box.width()), 0));
        shapes.push_back(box.adjusted(-1, -1, 1, 1));
        const QString text = gapText(gap);
        labels.push_back({text, edge.darker(130), beside(box, fm.horizontalAdvance(text))});
    }
    // The two models at the ends, as high as they stand, and their names.
    p.setPen(QPen(QColor(40, 80, 200), 5, Qt::SolidLine, Qt::FlatCap));
    p.drawLine(QPointF(X(0), Y(v.e0)), QPointF(X(0), Y(v.h0)));
    p.setPen(QPen(QColor(200, 40, 40), 5, Qt::SolidLine, Qt::FlatCap));
    p.drawLine(QPointF(X(v.length), Y(v.e1)), QPointF(X(v.length), Y(v.h1)));
    p.setPen(ink);
    p.drawText(QPointF(area.left() + 4, frame.top() + 4 + fm.ascent()), observer);
    p.drawText(QPointF(area.right() - fm.horizontalAdvance(target), frame.top() + 4 + fm.ascent()), target);
    // The line: green when it is the witness, red when it is blocked.
    p.setPen(QPen(v.witness ? QColor(0, 160, 60) : QColor(210, 30, 30), 2));
    p.drawLine(QPointF(X(0), Y(v.h0)), QPointF(X(v.length), Y(v.h1)));
    // The clearance at the nearest piece: between its top and the line, at the end where it
    // is least (or, passing under it, between the line and its underside, at the end where
    // the line is highest).
    if (v.closest >= 0) {
        const SectionPiece& piece = v.pieces[static_cast<size_t>(v.closest)];
        if (!piece.wall) {
            const bool under = passesUnder(v, piece);
            const bool lowEnd = v.heightAt(piece.from) <= v.heightAt(piece.to);
            // (Along a seam: where the floor rests on the piece, a ring on the line there.)
            const auto seamOf = v.witness ? std::nullopt : stackedSeam(v);
            const bool seam = seamOf.has_value();
            const double s = seam ? (std::max(seamOf->first->from, seamOf->second->from) + std::min(seamOf->first->to, seamOf->second->to)) / 2
                             : under != lowEnd ? piece.from
                                               : piece.to;
            const double edge = seam ? v.heightAt(s) : under ? piece.bottom : piece.top;
            p.setPen(QPen(QColor(230, 120, 0), 1.5, seam ? Qt::SolidLine : Qt::DashLine));
            if (seam) p.drawEllipse(QPointF(X(s), Y(edge)), 5, 5);
            else p.drawLine(QPointF(X(s), Y(edge)), QPointF(X(s), Y(v.heightAt(s))));
            const QString text = seam                    ? QStringLiteral("on the seam: closed")
                                 : runsThrough(v, piece) ? QStringLiteral("through it")
                                 : piece.clearance < 0   ? QStringLiteral("%1 into it").arg(inchesText(-piece.clearance))
                                 : under                 ? QStringLiteral("%1 under it").arg(inchesText(piece.clearance))
                                                         : QStringLiteral("clears by %1").arg(inchesText(piece.clearance));
            // Beside the mark (between the edge and the line where there is room), right then
            // left; else above both.
            const QRectF mark(QPointF(X(s) - 1, std::min(Y(edge), Y(v.heightAt(s)))), QPointF(X(s) + 1, std::max(Y(edge), Y(v.heightAt(s)))));
            const double width = fm.horizontalAdvance(text);
            std::vector<QPointF> places = beside(mark, width);
            const std::vector<QPointF> up = above(mark, width, mark.top() - 4 - fm.descent());
            places.insert(places.end(), up.begin(), up.end());
            labels.insert(labels.begin(), {text, QColor(170, 80, 0), places});  // (placed first: it is the point)
        }
    }
    auto crossesLine = [&](const QRectF& r) {
        const double s0 = std::clamp((r.left() - area.left()) / area.width() * v.length, 0.0, v.length);
        const double s1 = std::clamp((r.right() - area.left()) / area.width() * v.length, 0.0, v.length);
        if (r.right() < X(0) || r.left() > X(v.length)) return false;
        const double y0 = Y(v.heightAt(s0)), y1 = Y(v.heightAt(s1));
        return std::max(y0, y1) + 2 >= r.top() && std::min(y0, y1) - 2 <= r.bottom();
    };
    std::vector<QRectF> written;
    auto meets = [](const std::vector<QRectF>& boxes, const QRectF& r) {
        return std::ranges::any_of(boxes, [&](const QRectF& b) { return b.intersects(r); });
    };
    const QRectF room(area.left(), frame.top() + lineHeight + 4, frame.right() - area.left(), Y(0) - frame.top() - lineHeight - 4);
    for (const Label& label : labels) {
        const double width = fm.horizontalAdvance(label.text);
        auto rect = [&](QPointF at) { return QRectF(at.x(), at.y() - fm.ascent(), width, lineHeight); };
        std::optional<QPointF> at;
        for (const bool avoidShapes : {true, false}) {
            for (const QPointF& place : label.places) {
                const QRectF r = rect(place);
                if (room.contains(r) && !crossesLine(r) && !meets(written, r) && !(avoidShapes && meets(shapes, r))) {
                    at = place;
                    break;
                }
            }
            if (at) break;
        }
        if (!at) at = label.places.front();
        written.push_back(rect(*at));
        p.setPen(label.colour);
        p.drawText(*at, label.text);
    }
    p.restore();
}

bool sideViewToFile(const SideView& view, const QString& observer, const QString& target, const QString& path,
                    QString* error, int width) {
    if (const auto problem = pictureTypeProblem(path)) {
        if (error) *error = *problem;
        return false;
    }
    const QString suffix = QFileInfo(path).suffix().toLower();
    const QString caption = sideViewCaption(view, observer, target);
    const QSize size(std::max(400, width), std::max(200, width * 3 / 10));
    if (suffix == QLatin1String("png")) {
        QImage image(size, QImage::Format_ARGB32);
        image.fill(Qt::white);
        QPainter p(&image);
        QFont font = p.font();
        font.setPixelSize(std::max(12, size.width() / 80));
        p.setFont(font);
        paintSideView(p, QRectF(QPointF(0, 0), QSizeF(size)), view, observer, target, caption);
        p.end();
        if (!image.save(path)) {
            if (error) *error = QStringLiteral("%1: cannot write the image").arg(path);
            return false;
        }
        return true;
    }
    if (suffix == QLatin1String("svg")) {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(QStringLiteral("Side view: %1 to %2").arg(observer, target));
        QPainter p;
        if (!p.begin(&svg)) {
            if (error) *error = QStringLiteral("%1: cannot write the SVG file").arg(path);
            return false;
        }
        QFont font = p.font();
        font.setPixelSize(std::max(12, size.width() / 80));
        p.setFont(font);
        paintSideView(p, QRectF(QPointF(0, 0), QSizeF(size)), view, observer, target, caption);
        p.end();
        return fixSvgDashes(path, error);
    }
    if (suffix == QLatin1String("pdf")) {
        QPdfWriter pdf(path);
        pdf.setResolution(96);  // (the drawing's pens and fonts in screen pixels)
        pdf.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Landscape, QMarginsF(10, 10, 10, 10)));
        pdf.setTitle(QStringLiteral("Side view: %1 to %2").arg(observer, target));
        QPainter p;
        if (!p.begin(&pdf)) {
            if (error) *error = QStringLiteral("%1: cannot write the PDF file").arg(path);
            return false;
        }
        const double w = pdf.width(), h = std::min<double>(pdf.height(), w * 0.4);
        QFont font = p.font();
        font.setPointSizeF(10);
        p.setFont(font);
        paintSideView(p, QRectF(0, 0, w, h), view, observer, target, caption);
        p.end();
        return true;
    }
    return false;  // (not reached: the type was checked first)
}

}  // namespace sl::render
