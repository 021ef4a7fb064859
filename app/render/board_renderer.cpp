// The one painter of the table: grid, zones, terrain, models and sight lines on any paint
// device, the overlays of a pair and of an observer against its enemies, and file export.
#include "board_renderer.h"

#include "kernel/base.h"
#include "kernel/polygon.h"
#include "kernel/solids.h"
#include "los/exact_los.h"
#include "los/scene.h"
#include "rules/rulings.h"

#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QPainterPath>
#include <QRadialGradient>
#include <QRegularExpression>
#include <QPdfWriter>
#include <QSvgGenerator>

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>

namespace sl::render {
namespace {

QPointF pt(Vec2 v) { return {v.x, v.y}; }

QPainterPath ringPath(const Ring& r) {
    QPainterPath path;
    if (r.empty()) return path;
    path.moveTo(pt(r[0]));
    for (size_t i = 1; i < r.size(); ++i) path.lineTo(pt(r[i]));
    path.closeSubpath();
    return path;
}

QPainterPath polygonPath(const Polygon& poly) {
    QPainterPath path = ringPath(poly.outer);
    for (const Ring& h : poly.holes) path.addPath(ringPath(h));
    path.setFillRule(Qt::OddEvenFill);
    return path;
}

QPainterPath basePath(const Model& m) {
    QPainterPath path;
    const double a = halfLengthIn(m.base), b = halfWidthIn(m.base);
    if (m.base.shape == BaseShape::Rect) path.addRect(QRectF(-a, -b, 2 * a, 2 * b));
    else path.addEllipse(QPointF(0, 0), a, b);
    QTransform t;
    t.translate(m.position.x, m.position.y);
    t.rotate(m.rotation_deg);
    return t.map(path);
}


QString inches(double v) { return QString::number(v, 'g', 3) + QLatin1Char('"'); }

bool contains(const std::vector<int>& list, int i) { return std::find(list.begin(), list.end(), i) != list.end(); }
bool contains(const std::vector<std::string>& list, const std::string& s) {
    return std::find(list.begin(), list.end(), s) != list.end();
}

// The radius of an objective's marker (its ring), inches: its own radius, at least 0.4".
double objectiveMarkerRadius(const Zone& z) { return std::max(0.4, z.radius); }
}  // namespace

Vec2 labelPoint(const Ring& ring) {
    const Vec2 c = areaCentroid(ring);
    if (locate(c, ring) == Where::Inside) return c;
    const auto [lo, hi] = boundsOf(ring);
    Vec2 best = c;
    double widest = -1;
    for (int k = 1; k < 8; ++k) {
        const double y = lo.y + (hi.y - lo.y) * k / 8.0;
        std::vector<double> xs;
        for (size_t i = 0; i < ring.size(); ++i) {
            const Vec2 a = ring[i], b = ring[(i + 1) % ring.size()];
            if ((a.y <= y) != (b.y <= y)) xs.push_back(a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x));
        }
        std::sort(xs.begin(), xs.end());
        for (size_t i = 0; i + 1 < xs.size(); i += 2)
            if (xs[i + 1] - xs[i] > widest) {
                widest = xs[i + 1] - xs[i];
                best = {(xs[i] + xs[i + 1]) / 2, y};
            }
    }
    return best;
}

namespace {

// A piece's outline as a strip's width: twice its area over its perimeter (device units).
double thicknessOf(const QPolygonF& outline) {
    double area = 0, perimeter = 0;
    for (qsizetype k = 0; k < outline.size(); ++k) {
        const QPointF a = outline[k], b = outline[(k + 1) % outline.size()];
        area += a.x() * b.y() - b.x() * a.y();
        perimeter += std::hypot(b.x() - a.x(), b.y() - a.y());
    }
    return perimeter > 0 ? std::abs(area) / perimeter : 0;  // (2 * (area / 2) / perimeter)
}

// Thin beside a label's plate `plateHeight` tall: by its box (under two plates) or by its
// thickness (under a plate and a half): a plate on it would cut across or hide it.
bool thinUnder(const QPolygonF& outline, double plateHeight) {
    const QRectF box = outline.boundingRect();
    return std::min(box.width(), box.height()) < 2 * plateHeight || (outline.size() >= 3 && thicknessOf(outline) < 1.5 * plateHeight);
}

// Labels on plates in device pixels. A label goes to the first of its places that covers
// no label placed before it and no model's base (but its own); with none free it is left
// out, unless forced (the observer, the target, what is pointed out), which takes the first.
class Labeller {
public:
    // `size`: the text that many times the usual; `pad`: the plate's room either side of it.
    Labeller(QPainter& p, double px, double size = 1, double pad = 4) : p_(p), px_(px), pad_(pad) {
        font_ = p.font();
        font_.setPixelSize(std::max(1, static_cast<int>(std::lround(11 * px * size))));
        font_.setBold(size > 1);
    }
    // Device boxes of the models' bases, kept clear of other labels.
    void setBases(std::vector<QRectF> bases) { bases_ = std::move(bases); }
    // Where labels must stay (the part of the table shown), or none.
    void setBounds(const QRectF& bounds) { bounds_ = bounds; }
    // Outlines (device) a label had better not cover, each with the piece it is of: a place
    // clear of them is taken first where there is one (a thin piece hidden under a label,
    // its own or another's), else the first free of labels and bases as before.
    void setAvoid(std::vector<std::pair<QPolygonF, int>> avoid) { avoid_ = std::move(avoid); }
    // Where each plate placed from now on is said, in device units, with the id given last
    // to naming(), or nowhere.
    struct Said {
        QString text;
        QRectF box;
        std::string id;
    };
    void record(std::vector<Said>* placed) { record_ = placed; }
    void naming(std::string id) { naming_ = std::move(id); }

    QSizeF sizeOf(const QString& text) const {
        const QFontMetricsF fm(font_, p_.device());
        return {fm.horizontalAdvance(text) + 2 * pad_ * px_, fm.height() + 2 * px_};
    }

    // `centres`: where the plate may go, best first. `own`: the model labelled (its base
    // does not count against it), or -1. `near`: the first so many are tried (clear of the
    // outlines to avoid, then not) before any of the rest.
    bool place(const QString& text, const std::vector<QPointF>& centres, bool force, int own = -1,
               const QColor& plate = QColor(20, 20, 20, 200), const QColor& ink = QColor(255, 255, 255),
               bool round = false, QRectF* where = nullptr, size_t near = SIZE_MAX) {
        if (centres.empty()) return false;
        QSizeF size = sizeOf(text);
        if (round) size.setWidth(std::max(size.width(), size.height()));
        auto boxAt = [&](QPointF c) {
            QRectF box(c - QPointF(size.width() / 2, size.height() / 2), size);
            // Moved inside the bounds, when there are some and it fits in them.
            if (bounds_.isValid() && box.width() <= bounds_.width() && box.height() <= bounds_.height())
                box.moveTo(std::clamp(box.left(), bounds_.left(), bounds_.right() - box.width()),
                           std::clamp(box.top(), bounds_.top(), bounds_.bottom() - box.height()));
            return box;
        };
        // (The first free among centres [from, to): clear of the outlines to avoid where one
        // is, else of the labels and bases alone.)
        auto firstFree = [&](size_t from, size_t to) -> std::optional<QRectF> {
            for (const bool strict : {true, false}) {
                if (strict && avoid_.empty()) continue;
                for (size_t c = from; c < to; ++c) {
                    const QRectF box = boxAt(centres[c]);
                    bool free = true;
                    for (const QRectF& r : taken_) free = free && !r.intersects(box);
                    for (size_t i = 0; i < bases_.size() && free; ++i) free = static_cast<int>(i) == own || !bases_[i].intersects(box);
                    if (strict)
                        for (size_t i = 0; i < avoid_.size() && free; ++i) free = !avoid_[i].first.intersects(QPolygonF(box));
                    if (free) return box;
                }
            }
            return std::nullopt;
        };
        const size_t split = std::min(near, centres.size());
        std::optional<QRectF> chosen = firstFree(0, split);
        if (!chosen) chosen = firstFree(split, centres.size());
        if (!chosen && !force) return false;
        const QRectF box = chosen.value_or(boxAt(centres.front()));
        if (where) *where = box;
        if (record_) record_->push_back({text, box, naming_});
        taken_.push_back(box);
        Plate drawn{box, text, plate, ink, round};
        if (deferred_) pending_.push_back(std::move(drawn));
        else paintPlate(drawn);
        return true;
    }

    // Plates placed from now on are painted by flush(), over whatever is drawn meanwhile
    // (leader lines to pieces then never cross a plate placed before them).
    void defer() { deferred_ = true; }
    // Square plates get the white rim too.
    void outline() { outlined_ = true; }
    void flush() {
        for (const Plate& plate : pending_) paintPlate(plate);
        pending_.clear();
    }

private:
    struct Plate {
        QRectF box;
        QString text;
        QColor plate, ink;
        bool round = false;
    };
    void paintPlate(const Plate& d) {
        // A white rim on numbered plates, round or square, so they show on a base of their
        // own colour.
        p_.setPen(d.round || outlined_ ? QPen(QColor(255, 255, 255), 1.2 * px_) : QPen(Qt::NoPen));
        p_.setBrush(d.plate);
        if (d.round) p_.drawRoundedRect(d.box, d.box.height() / 2, d.box.height() / 2);
        else p_.drawRoundedRect(d.box, 3 * px_, 3 * px_);
        p_.setPen(d.ink);
        p_.setFont(font_);
        p_.drawText(d.box, Qt::AlignCenter, d.text);
    }
    std::vector<Said>* record_ = nullptr;
    std::string naming_;
    bool deferred_ = false;
    bool outlined_ = false;
    std::vector<Plate> pending_;
    QPainter& p_;
    double px_;
    double pad_;
    QFont font_;
    std::vector<QRectF> taken_;
    std::vector<QRectF> bases_;
    std::vector<std::pair<QPolygonF, int>> avoid_;
    QRectF bounds_;
};

}  // namespace

// What the board writes on a model or piece: its label (the name, else the id), the name
// reasons cite it by.
QString labelText(const Scenario& s, const Model& m) {
    const QString label = QString::fromStdString(s.labelOf(m.id));
    // Off the table (on a floor, a walkway, a hill): where it stands.
    return m.elevation > 0 ? QStringLiteral("%1  at %2").arg(label, inches(m.elevation)) : label;
}

QString labelText(const Scenario& s, const TerrainPiece& t) {
    const QString label = QString::fromStdString(s.labelOf(t.id));
    if (t.kind != TerrainKind::Feature) return label;
    // A floor or a walkway: from its underside to its top.
    if (t.bottom > 0) return QStringLiteral("%1  %2 to %3").arg(label, inches(t.bottom), inches(t.height));
    return QStringLiteral("%1  %2").arg(label, inches(t.height));
}

QString openingText(const Scenario& s, const TerrainPiece& t, const Opening& o) {
    const QString heights = QStringLiteral("gap %1 to %2").arg(inches(o.from), inches(o.to));
    if (openingIsOpen(s, t, o)) return heights;
    return QStringLiteral("%1, closed (%2)").arg(heights, s.ruleset.name == "wh40k-11e" ? QStringLiteral("13.11") : QStringLiteral("ruin"));
}

QColor sideColour(const std::string& side) {
    const QString name = QString::fromStdString(side);
    if (QColor::isValidColorName(name)) return QColor::fromString(name);
    static const QColor palette[] = {{0x1f, 0x77, 0xb4}, {0xd6, 0x27, 0x28}, {0x94, 0x67, 0xbd},
                                     {0xff, 0x7f, 0x0e}, {0x17, 0xbe, 0xcf}, {0x8c, 0x56, 0x4b}};
    return palette[qHash(name) % std::size(palette)];
}

QTransform BoardRenderer::fit(const QSizeF& device, const Board& board, double margin) {
    const double scale = std::max(1e-6, std::min((device.width() - 2 * margin) / board.width,
                                                 (device.height() - 2 * margin) / board.height));
    QTransform t;
    t.translate((device.width() - board.width * scale) / 2, (device.height() - board.height * scale) / 2);
    t.scale(scale, scale);
    return t;
}

void BoardRenderer::paint(QPainter& p, const QTransform& inchToDevice, const Overlay& overlay) const {
    p.save();
    const QTransform device = p.transform();
    p.setRenderHint(QPainter::Antialiasing);
    p.setTransform(inchToDevice, true);
    // One screen pixel, in inches.
    const double unit = pixelScale_ / std::max(1e-9, std::sqrt(std::abs(inchToDevice.determinant())));
    // The table.
    p.fillRect(QRectF(0, 0, scenario_.board.width, scenario_.board.height), tableColour());
    paintGrid(p, unit);
    paintZones(p, overlay, unit);
    paintLights(p, unit);
    if (overlay.map) {
        paintMap(p, *overlay.map, unit);
        // The zones' edges again over the map, whose cells hide their tint: where a zone
        // (the one a map is worked out for) lies stays plain at any opacity.
        for (const Zone& z : scenario_.zones) {
            if (z.polygon.size() < 3) continue;
            QColor c = z.side.empty() ? QColor(250, 250, 250) : sideColour(z.side);
            p.setBrush(Qt::NoBrush);
            p.setPen(QPen(QColor(0, 0, 0, 130), 4 * unit));
            p.drawPath(ringPath(z.polygon));
            p.setPen(QPen(c, 2 * unit));
            p.drawPath(ringPath(z.polygon));
        }
    }
    paintTerrain(p, overlay, unit);
    // The objectives' markers, which a map's cells wash out and the pieces they stand on
    // cover (an objective on a generator): over both, a ring and the centre on a dark halo.
    // (One picked: a dashed white ring over its own.)
    for (size_t i = 0; i < scenario_.zones.size(); ++i) {
        const Zone& z = scenario_.zones[i];
        if (!z.position) continue;
        const double r = objectiveMarkerRadius(z);
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(QColor(0, 0, 0, 130), 4 * unit));
        p.drawEllipse(pt(*z.position), r, r);
        p.setPen(QPen(QColor(255, 215, 0), 2 * unit));
        p.drawEllipse(pt(*z.position), r, r);
        if (contains(overlay.selectedZones, static_cast<int>(i))) {
            p.setPen(QPen(QColor(255, 255, 255), 2 * unit, Qt::DashLine));
            p.drawEllipse(pt(*z.position), r, r);
        }
        p.setPen(QPen(QColor(0, 0, 0, 130), unit));
        p.setBrush(QColor(255, 215, 0));
        p.drawEllipse(pt(*z.position), 0.2, 0.2);
    }
    paintSight(p, overlay, unit);
    paintModels(p, overlay, unit);
    paintMeasuring(p, overlay, unit);
    p.setPen(QPen(QColor(0x2b, 0x33, 0x24), 2 * unit));
    p.setBrush(Qt::NoBrush);
    p.drawRect(QRectF(0, 0, scenario_.board.width, scenario_.board.height));
    p.setTransform(device);
    paintLabels(p, inchToDevice, overlay);
    if (overlay.map && overlay.map->legendOnBoard) paintMapLegend(p, inchToDevice, *overlay.map);
    if (overlay.map && !overlay.map->staleNote.isEmpty()) paintStaleNote(p, inchToDevice, overlay.map->staleNote);
    p.restore();
}

void BoardRenderer::paintMap(QPainter& p, const MapLayer& map, double unit) const {
    // Runs of one colour along a row as one rectangle each, and every colour's rectangles as
    // one path filled once (a small SVG or PDF). Filled one by one, the rows' edges were
    // blended twice where a row meets the next within a pixel, and showed as pale stripes;
    // in one path the shared edges cancel out. (The opacity in each colour, not the
    // painter's: the colours' paths never overlap, and an SVG file's group opacity is drawn
    // black by some readers.)
    p.save();
    p.setPen(Qt::NoPen);
    std::map<QRgb, QPainterPath> byColour;
    for (int row = 0; row < map.rows; ++row)
        for (int col = 0; col < map.cols;) {
            const QColor c = map.cells[static_cast<size_t>(row) * map.cols + col];
            int end = col + 1;
            while (end < map.cols && map.cells[static_cast<size_t>(row) * map.cols + end] == c) ++end;
            if (c.alpha() > 0) {
                const double x1 = std::min(end * map.spacing, scenario_.board.width);
                const double y1 = std::min((row + 1) * map.spacing, scenario_.board.height);
                QPainterPath& path = byColour[c.rgba()];
                path.setFillRule(Qt::WindingFill);
                path.addRect(QRectF(QPointF(col * map.spacing, row * map.spacing), QPointF(x1, y1)));
            }
            col = end;
        }
    const double opacity = std::clamp(map.opacity, 0.0, 1.0);
    // (A map of the table before its last edits: each colour mostly grey, at half its
    // opacity; the hues still tell the verdicts apart, but not as the table's.)
    const bool stale = !map.staleNote.isEmpty();
    auto look = [&](QColor c) {
        if (!stale) return c;
        const int grey = qGray(c.rgb());
        auto mix = [&](int v) { return (3 * grey + v) / 4; };
        QColor g(mix(c.red()), mix(c.green()), mix(c.blue()));
        g.setAlphaF(c.alphaF() / 2);
        return g;
    };
    for (const auto& [rgba, path] : byColour) {
        QColor c = look(QColor::fromRgba(rgba));
        c.setAlphaF(c.alphaF() * opacity);
        p.fillPath(path, c);
    }
    p.setBrush(Qt::NoBrush);
    // (Over a map's cells, the widest outline at most half a cell wide, the others narrowed
    // with it: wider, one round a cell or a strip a cell wide filled it, and read as a piece
    // of the table, in a picture of a whole table or a window fitted to it.)
    double narrowed = 1;
    if (!map.cells.empty())
        for (const MapLayer::Outline& o : map.outlines)
            if (o.width * unit > 0.5 * map.spacing) narrowed = std::min(narrowed, 0.5 * map.spacing / (o.width * unit));
    for (const MapLayer::Outline& o : map.outlines) {
        // (In the board's units, as every other line: a cosmetic pen's width an SVG file
        // states as "non-scaling", which not every reader honours.)
        QPen pen(look(o.colour), o.width * unit * narrowed);
        pen.setJoinStyle(Qt::MiterJoin);
        if (o.dashed) pen.setStyle(Qt::DashLine);
        p.setPen(pen);
        QColor fill = look(o.colour);
        fill.setAlphaF(fill.alphaF() * 0.22 * opacity);
        p.setBrush(o.filled ? QBrush(fill) : QBrush(Qt::NoBrush));
        for (const Ring& r : o.rings) {
            QPolygonF poly;
            for (const Vec2& v : r) poly << QPointF(v.x, v.y);
            // (A ring of two points is a segment, a gap's: drawn there and back as a
            // polygon, the way back filled in the dashes of the way there.)
            if (poly.size() == 2) p.drawPolyline(poly);
            else p.drawPolygon(poly);
        }
    }
    p.restore();
}

void BoardRenderer::hatch(QPainter& p, const Polygon& shape, const QColor& colour, Qt::BrushStyle style, double unit) const {
    p.save();
    if (!hatchAsLines_) {
        p.setPen(Qt::NoPen);
        p.setBrush(QBrush(colour, style));
        p.drawPath(polygonPath(shape));
        p.restore();
        return;
    }
    if (style != Qt::BDiagPattern) {
        // (Sparse dots: as the tint they give.)
        QColor tint = colour;
        tint.setAlphaF(tint.alphaF() * 0.2);
        p.setPen(Qt::NoPen);
        p.setBrush(tint);
        p.drawPath(polygonPath(shape));
        p.restore();
        return;
    }
    // Lines rising to the right on the page (x + y constant: the board's y runs down the
    // page), 8 pixels apart along a row as the pattern's, each clipped to the shape: the
    // stretches between its crossings with the sides of its rings (the holes' too), taken
    // in pairs.
    if (shape.outer.size() < 3) {
        p.restore();
        return;
    }
    std::vector<const Ring*> rings{&shape.outer};
    for (const Ring& h : shape.holes) rings.push_back(&h);
    const double step = 8 * unit;
    double lo = HUGE_VAL, hi = -HUGE_VAL;
    for (const Vec2& v : shape.outer) lo = std::min(lo, v.x + v.y), hi = std::max(hi, v.x + v.y);
    p.setPen(QPen(colour, unit, Qt::SolidLine, Qt::FlatCap));
    std::vector<double> cuts;
    for (double k = std::floor(lo / step) * step + step / 2; k < hi; k += step) {
        // The line x + y = k, by x: where each side crosses it.
        cuts.clear();
        for (const Ring* ring : rings)
            for (size_t i = 0; i < ring->size(); ++i) {
                const Vec2 a = (*ring)[i], b = (*ring)[(i + 1) % ring->size()];
                const double fa = a.x + a.y - k, fb = b.x + b.y - k;
                if ((fa < 0) == (fb < 0)) continue;
                cuts.push_back(a.x + (b.x - a.x) * (fa / (fa - fb)));
            }
        std::sort(cuts.begin(), cuts.end());
        for (size_t i = 0; i + 1 < cuts.size(); i += 2) p.drawLine(QPointF(cuts[i], k - cuts[i]), QPointF(cuts[i + 1], k - cuts[i + 1]));
    }
    p.restore();
}

QColor tableColour() { return {0x6b, 0x8e, 0x4e}; }

QColor MapLayer::swatch(const QColor& colour) const {
    if (!colour.isValid() || cells.empty()) return colour;
    const QColor table = tableColour();
    const double a = std::clamp(opacity, 0.0, 1.0) * colour.alphaF();
    auto mix = [a](int under, int over) { return static_cast<int>(std::lround(under + (over - under) * a)); };
    return {mix(table.red(), colour.red()), mix(table.green(), colour.green()), mix(table.blue(), colour.blue())};
}

namespace {

// The map's legend laid out: the title on as many lines as it takes within `room` (device
// units), then a swatch and a text per entry, each entry's text on as many lines as it takes
// beside its swatch.
struct LegendLayout {
    QFont font, bold;
    double swatch, gap, pad, line, width = 0, height = 0;
    QStringList title;
    std::vector<QStringList> entries;  // map.legend's texts, by lines
};

// `text`'s words on lines no wider than `room` (a word wider than that on a line of its own).
QStringList wrapWords(const QString& text, const QFontMetricsF& fm, double room) {
    QStringList lines;
    for (const QString& word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (!lines.isEmpty() && fm.horizontalAdvance(lines.back() + QLatin1Char(' ') + word) <= room)
            lines.back() += QLatin1Char(' ') + word;
        else
            lines << word;
    }
    return lines;
}

LegendLayout layoutLegend(const QFont& base, const MapLayer& map, double px, double room) {
    LegendLayout l;
    l.font = base;
    l.font.setPixelSize(static_cast<int>(std::lround(12 * px)));
    l.bold = l.font;
    l.bold.setBold(true);
    const QFontMetricsF fm(l.font), fb(l.bold);
    l.swatch = 12 * px;
    l.gap = 6 * px;
    l.pad = 8 * px;
    l.line = std::max(fm.height(), l.swatch) + 3 * px;
    l.title = wrapWords(map.title, fb, room);
    double lines = static_cast<double>(l.title.size());
    for (const QString& t : l.title) l.width = std::max(l.width, fb.horizontalAdvance(t));
    for (const auto& [colour, text] : map.legend) {
        l.entries.push_back(wrapWords(text, fm, room - l.swatch - l.gap));
        if (l.entries.back().isEmpty()) l.entries.back() << QString();
        for (const QString& t : l.entries.back()) l.width = std::max(l.width, l.swatch + l.gap + fm.horizontalAdvance(t));
        lines += static_cast<double>(l.entries.back().size());
    }
    l.width += 2 * l.pad;
    l.height = l.line * lines + 2 * l.pad;
    return l;
}

void paintLegendBox(QPainter& p, const LegendLayout& l, const MapLayer& map, QPointF topLeft, double px) {
    const QRectF box(topLeft, QSizeF(l.width, l.height));
    p.save();
    p.setPen(QPen(QColor(0, 0, 0, 160), px));
    p.setBrush(QColor(255, 255, 255, 225));
    p.drawRoundedRect(box, 4 * px, 4 * px);
    double y = box.top() + l.pad;
    const double inner = l.width - 2 * l.pad;
    p.setPen(QColor(20, 20, 20));
    p.setFont(l.bold);
    for (const QString& t : l.title) {
        p.drawText(QRectF(box.left() + l.pad, y, inner, l.line), Qt::AlignLeft | Qt::AlignVCenter, t);
        y += l.line;
    }
    p.setFont(l.font);
    for (size_t k = 0; k < map.legend.size() && k < l.entries.size(); ++k) {
        const QColor colour = map.swatch(map.legend[k].first);
        if (colour.isValid()) {  // (a note has none)
            p.setPen(QPen(QColor(0, 0, 0, 140), px));
            p.setBrush(colour.alpha() > 0 ? QBrush(colour) : QBrush(Qt::NoBrush));
            p.drawRect(QRectF(box.left() + l.pad, y + (l.line - l.swatch) / 2, l.swatch, l.swatch));
        }
        p.setPen(QColor(20, 20, 20));
        for (const QString& t : l.entries[k]) {
            p.drawText(QRectF(box.left() + l.pad + l.swatch + l.gap, y, inner - l.swatch - l.gap, l.line), Qt::AlignLeft | Qt::AlignVCenter, t);
            y += l.line;
        }
    }
    p.restore();
}

}  // namespace

void BoardRenderer::paintMapLegend(QPainter& p, const QTransform& inchToDevice, const MapLayer& map) const {
    if (map.legend.empty() && map.title.isEmpty()) return;
    const double px = pixelScale_;
    // Within the table's width (a small picture: a long title would run off it), over its
    // lower left corner.
    const QPointF left = inchToDevice.map(QPointF(0, 0)), right = inchToDevice.map(QPointF(scenario_.board.width, 0));
    const LegendLayout l = layoutLegend(p.font(), map, px, std::max(100 * px, std::abs(right.x() - left.x()) - 20 * px - 16 * px));
    const QPointF corner = inchToDevice.map(QPointF(0, scenario_.board.height));
    paintLegendBox(p, l, map, QPointF(corner.x() + 10 * px, corner.y() - 10 * px - l.height), px);
}

void BoardRenderer::paintStaleNote(QPainter& p, const QTransform& inchToDevice, const QString& note) const {
    const double px = pixelScale_;
    // Centred over the table's top edge, on a dark plate, within the table's width (the
    // text smaller on a small board, down to 9 pixels, before it is cut short); over the
    // part of the table in view where the view is zoomed in on it.
    QRectF table = inchToDevice.mapRect(QRectF(0, 0, scenario_.board.width, scenario_.board.height));
    if (p.device()) {
        const QRectF shown = table.intersected(QRectF(0, 0, p.device()->width(), p.device()->height()));
        if (!shown.isEmpty()) table = shown;
    }
    const double pad = 6 * px;
    QFont font = p.font();
    font.setBold(true);
    font.setPixelSize(static_cast<int>(std::lround(13 * px)));
    if (const double wide = QFontMetricsF(font).horizontalAdvance(note) + 2 * pad, room = table.width() - 8 * px; wide > room)
        font.setPixelSize(std::max(static_cast<int>(std::lround(9 * px)), static_cast<int>(13 * px * room / wide)));
    const QFontMetricsF fm(font);
    const double width = std::min(fm.horizontalAdvance(note) + 2 * pad, table.width() - 8 * px);
    const QRectF plate(table.center().x() - width / 2, table.top() + 6 * px, width, fm.height() + 2 * pad);
    p.save();
    p.setPen(Qt::NoPen);
    p.setBrush(QColor(40, 40, 40, 215));
    p.drawRoundedRect(plate, 4 * px, 4 * px);
    p.setFont(font);
    p.setPen(QColor(255, 255, 255));
    p.drawText(plate.adjusted(pad, 0, -pad, 0), Qt::AlignCenter, fm.elidedText(note, Qt::ElideRight, plate.width() - 2 * pad));
    p.restore();
}

QSizeF BoardRenderer::legendSize(const MapLayer& map) const {
    if (map.legend.empty() && map.title.isEmpty()) return {};
    const LegendLayout l = layoutLegend(QFont(), map, pixelScale_, kLegendWidth * pixelScale_);
    return {l.width, l.height};
}

void BoardRenderer::paintLegendAt(QPainter& p, const MapLayer& map, QPointF topLeft) const {
    if (map.legend.empty() && map.title.isEmpty()) return;
    const LegendLayout l = layoutLegend(QFont(), map, pixelScale_, kLegendWidth * pixelScale_);
    paintLegendBox(p, l, map, topLeft, pixelScale_);
}

void BoardRenderer::paintMeasuring(QPainter& p, const Overlay& overlay, double unit) const {
    // Range rings: dashed, light, around each model that has them.
    for (int m : overlay.ringModels) {
        if (m < 0 || m >= static_cast<int>(scenario_.models.size())) continue;
        for (double r : overlay.ringRadii) {
            p.setBrush(Qt::NoBrush);
            p.setPen(QPen(QColor(0, 0, 0, 110), 3.5 * unit));
            p.drawPath(ringPath(rangeOutline(scenario_.models[m], r)));
            QPen pen(QColor(255, 250, 220, 230), 1.6 * unit, Qt::DashLine);
            pen.setDashPattern({6, 4});
            p.setPen(pen);
            p.drawPath(ringPath(rangeOutline(scenario_.models[m], r)));
        }
    }
    // Measurements: a dark-edged yellow line with end dots.
    for (const Measurement& m : overlay.measurements) {
        p.setPen(QPen(QColor(0, 0, 0, 150), 5 * unit, Qt::SolidLine, Qt::RoundCap));
        p.drawLine(pt(m.from), pt(m.to));
        p.setPen(QPen(QColor(255, 214, 10), 2.5 * unit, Qt::SolidLine, Qt::RoundCap));
        p.drawLine(pt(m.from), pt(m.to));
        p.setPen(QPen(QColor(0, 0, 0), 1 * unit));
        p.setBrush(QColor(255, 214, 10));
        for (const Vec2& end : {m.from, m.to}) p.drawEllipse(pt(end), 3.5 * unit, 3.5 * unit);
    }
}

void BoardRenderer::paintLabels(QPainter& p, const QTransform& inchToDevice, const Overlay& overlay) const {
    const double px = pixelScale_;
    Labeller labels(p, px);
    // (Said in inches for labelsPlaced, whichever way this returns.)
    placed_.clear();
    std::vector<Labeller::Said> devicePlaced;
    struct InInches {
        const std::vector<Labeller::Said>& from;
        std::vector<PlacedLabel>& to;
        QTransform toInches;
        ~InInches() {
            for (const Labeller::Said& l : from) to.push_back({l.text, toInches.mapRect(l.box), l.id});
        }
    } said{devicePlaced, placed_, inchToDevice.inverted()};
    // (Within a picture's table, a little in from its edge: a piece at the edge had its label
    // cut off by the picture's edge, or hidden under a legend beside the table. Not in the
    // window's part of the table shown: a piece out of view would have its label brought to
    // the view's edge.)
    if (!p.hasClipping())
        labels.setBounds(inchToDevice.mapRect(QRectF(0, 0, scenario_.board.width, scenario_.board.height))
                             .intersected(QRectF(p.viewport()))
                             .adjusted(2 * px, 2 * px, -2 * px, -2 * px));
    const double perInch = std::sqrt(std::abs(inchToDevice.determinant()));
    auto device = [&](Vec2 v) { return inchToDevice.map(pt(v)); };
    // The thin features (thinner than two plates are tall, by their box or their thickness,
    // twice their area over their perimeter): a plate is put clear of them where it can be,
    // so that a wall or a barrier is not hidden under a label, its own or another's.
    {
        const double plateHeight = labels.sizeOf(QStringLiteral("X")).height();
        std::vector<std::pair<QPolygonF, int>> thin;
        for (size_t i = 0; i < scenario_.terrain.size(); ++i) {
            const TerrainPiece& t = scenario_.terrain[i];
            if (t.kind != TerrainKind::Feature || t.footprint.outer.size() < 3) continue;
            QPolygonF outline;
            for (const Vec2& v : t.footprint.outer) outline << device(v);
            if (thinUnder(outline, plateHeight)) thin.emplace_back(outline, static_cast<int>(i));
        }
        labels.setAvoid(std::move(thin));
    }
    // Measurements and range rings first: they are what is being read.
    for (const Measurement& m : overlay.measurements)
        labels.place(QString::fromStdString(m.label), {device((m.from + m.to) * 0.5) + QPointF(0, -12 * px)}, true, -1,
                     QColor(255, 214, 10, 235), QColor(0, 0, 0));
    for (int m : overlay.ringModels) {
        if (m < 0 || m >= static_cast<int>(scenario_.models.size())) continue;
        const Model& model = scenario_.models[m];
        for (double r : overlay.ringRadii) {
            // At the ring's top.
            const Ring ring = rangeOutline(model, r, 4);
            labels.place(inches(r), {device(ring[3])}, false, -1, QColor(20, 20, 20, 170));
        }
    }
    std::vector<QRectF> bases;
    for (size_t i = 0; i < scenario_.models.size(); ++i)
        bases.push_back(contains(overlay.unseen, static_cast<int>(i)) ? QRectF()
                                                                      : inchToDevice.mapRect(basePath(scenario_.models[i]).boundingRect()));
    // Ghosts' bases too (after the models'): no label covers one, so each ghost keeps its own
    // label beside it, or none rather than a neighbour's.
    std::vector<QRectF> withGhosts = bases;
    for (const Overlay::Ghost& g : overlay.ghosts) withGhosts.push_back(inchToDevice.mapRect(basePath(g.model).boundingRect()));
    // And the objectives' markers (after those): a piece's label over one hid where the
    // objective is, which a player reads the table by. (Not for the models' labels: a
    // marker is wider than a base, and a model standing on one would find no place for its
    // label beside its base.)
    std::vector<QRectF> withMarkers = withGhosts;
    std::vector<int> markers(scenario_.zones.size(), -1);  // (by zone: its marker's index there)
    for (size_t i = 0; i < scenario_.zones.size(); ++i)
        if (const Zone& z = scenario_.zones[i]; z.position) {
            const double r = objectiveMarkerRadius(z);
            markers[i] = static_cast<int>(withMarkers.size());
            withMarkers.push_back(inchToDevice.mapRect(QRectF(z.position->x - r, z.position->y - r, 2 * r, 2 * r)));
        }
    labels.setBases(withMarkers);
    // A map's own labels (the gaps' numbers) next: the list beside it is read by them. Off
    // the models' bases where one of its places is clear of them (on one, where none is).
    if (overlay.map)
        for (const MapLayer::Label& l : overlay.map->labels) {
            std::vector<QPointF> places{device(l.at)};
            for (const Vec2& v : l.elsewhere) places.push_back(device(v));
            // (Grey on a map of the table before its last edits, as its cells are.)
            const QColor plate = overlay.map->staleNote.isEmpty() ? l.plate : QColor(120, 120, 120, l.plate.alpha());
            labels.place(l.text, places, true, -1, plate, QColor(255, 255, 255), true);
        }
    if (!overlay.labels) return;
    labels.record(&devicePlaced);
    labels.setBases(withGhosts);
    if (overlay.tagsOnly) {
        paintTags(p, inchToDevice, overlay, bases);
        return;
    }
    // Then models (the pair and what is pointed out first), then features, then areas;
    // a label that would cover one already placed is left out (hovering tells the rest).
    std::vector<int> order;
    for (int i : {overlay.observer, overlay.target})
        if (i >= 0 && i < static_cast<int>(scenario_.models.size())) order.push_back(i);
    for (size_t i = 0; i < scenario_.models.size(); ++i)
        if (contains(overlay.highlighted, scenario_.models[i].id) && !contains(order, static_cast<int>(i)))
            order.push_back(static_cast<int>(i));
    const size_t forced = order.size();
    for (size_t i = 0; i < scenario_.models.size(); ++i)
        if (!contains(order, static_cast<int>(i))) order.push_back(static_cast<int>(i));
    for (size_t k = 0; k < order.size(); ++k) {
        if (contains(overlay.unseen, order[k])) continue;
        const Model& m = scenario_.models[order[k]];
        const QString text = labelText(scenario_, m);
        const QSizeF size = labels.sizeOf(text);
        const QRectF box = bases[order[k]];
        const double across = 2 * std::min(halfLengthIn(m.base), halfWidthIn(m.base)) * perInch;
        std::vector<QPointF> places;
        if (size.width() <= across * 0.95 && size.height() <= across * 0.8) places.push_back(box.center());  // on the base
        const double gap = 2 * px;
        places.push_back({box.center().x(), box.bottom() + gap + size.height() / 2});                 // below
        places.push_back({box.right() + gap + size.width() / 2, box.center().y()});                   // right
        places.push_back({box.center().x(), box.top() - gap - size.height() / 2});                    // above
        places.push_back({box.left() - gap - size.width() / 2, box.center().y()});                    // left
        labels.naming(m.id);
        labels.place(text, places, k < forced, order[k]);
    }
    // Ghosts: what was seen there, and when.
    for (size_t k = 0; k < overlay.ghosts.size(); ++k) {
        const Overlay::Ghost& g = overlay.ghosts[k];
        const QRectF box = withGhosts[bases.size() + k];
        const QSizeF size = labels.sizeOf(g.label);
        const double gap = 2 * px;
        labels.naming(g.model.id);
        const bool placed =
            labels.place(g.label,
                         {QPointF(box.center().x(), box.bottom() + gap + size.height() / 2),       // below
                          QPointF(box.right() + gap + size.width() / 2, box.center().y()),         // right
                          QPointF(box.center().x(), box.top() - gap - size.height() / 2),          // above
                          QPointF(box.left() - gap - size.width() / 2, box.center().y())},         // left
                         false, static_cast<int>(bases.size() + k), QColor(60, 60, 70, 190));
        // No room beside it (a cluster of ghosts): the turn it was seen, on its own base.
        if (!placed && !g.tag.isEmpty())
            labels.place(g.tag, {box.center()}, true, static_cast<int>(bases.size() + k), QColor(60, 60, 70, 190));
    }
    labels.setBases(withMarkers);
    // Objectives just above their marker's centre (on its ring, which the label may cover:
    // it names it), else below; deployment zones in their middle.
    for (size_t i = 0; i < scenario_.zones.size(); ++i)
        if (const Zone& z = scenario_.zones[i]; z.position) {
            const QPointF at = device(*z.position) - QPointF(0, 0.2 * perInch + 10 * px);
            labels.naming(z.id);
            labels.place(QString::fromStdString(z.id), {at, device(*z.position) + QPointF(0, 0.2 * perInch + 10 * px)},
                         contains(overlay.highlighted, z.id), markers[i], QColor(120, 90, 0, 210));
        }
    const bool overCells = overlay.map && !overlay.map->cells.empty();
    for (int pass = 0; pass < 2; ++pass)
        for (const TerrainPiece& t : scenario_.terrain) {
            if ((t.kind == TerrainKind::Area) != (pass == 1) || t.footprint.outer.empty()) continue;
            const bool pointed = contains(overlay.highlighted, t.id);
            const QPointF at = device(labelPoint(t.footprint.outer));
            const QSizeF plate = labels.sizeOf(labelText(scenario_, t));
            const double step = plate.height() + 2 * px;
            std::vector<QPointF> places{at, at + QPointF(0, step), at - QPointF(0, step)};
            QPolygonF outline;
            for (const Vec2& v : t.footprint.outer) outline << device(v);
            const QRectF box = outline.boundingRect();
            // (Just clear of its box, beside the label's point: below, above, right, left.)
            const double gap = 2 * px;
            const QPointF below{at.x(), box.bottom() + gap + plate.height() / 2}, above{at.x(), box.top() - gap - plate.height() / 2};
            const QPointF right{box.right() + gap + plate.width() / 2, at.y()}, left{box.left() - gap - plate.width() / 2, at.y()};
            if (t.bottom > 0) {
                // (A floor stands among its ruin's walls, whose thin pieces its plate keeps
                // off where it can: just beside its box next, touching it, at its sides'
                // middles, then at its corners.)
                places.insert(places.end(), {below, above, right, left,
                                             QPointF(box.right() - plate.width() / 2, box.bottom() + gap + plate.height() / 2),
                                             QPointF(box.left() + plate.width() / 2, box.bottom() + gap + plate.height() / 2),
                                             QPointF(box.right() - plate.width() / 2, box.top() - gap - plate.height() / 2),
                                             QPointF(box.left() + plate.width() / 2, box.top() - gap - plate.height() / 2),
                                             QPointF(box.right() + gap + plate.width() / 2, box.top() + plate.height() / 2),
                                             QPointF(box.right() + gap + plate.width() / 2, box.bottom() - plate.height() / 2),
                                             QPointF(box.left() - gap - plate.width() / 2, box.top() + plate.height() / 2),
                                             QPointF(box.left() - gap - plate.width() / 2, box.bottom() - plate.height() / 2)});
            }
            // (A floor's: these first, over its ruin's thin walls where nothing else is free,
            // before any place farther off, which reads as another piece's label.)
            size_t near = t.bottom > 0 ? places.size() : SIZE_MAX;
            // (A floor usually has models standing on it: farther along it too, but no farther
            // than 2.5" from it, past which its label reads as another piece's and is left out
            // rather, as any label with no room (hovering names it); any piece a step farther,
            // clear of an objective's marker standing on it.)
            auto withinReach = [&](QPointF c) {
                const double dx = std::max({0.0, box.left() - (c.x() + plate.width() / 2), (c.x() - plate.width() / 2) - box.right()});
                const double dy = std::max({0.0, box.top() - (c.y() + plate.height() / 2), (c.y() - plate.height() / 2) - box.bottom()});
                return std::hypot(dx, dy) <= 2.5 * perInch;
            };
            for (int k = 2; k <= (t.bottom > 0 ? 5 : 2); ++k) places.insert(places.end(), {at + QPointF(0, k * step), at - QPointF(0, k * step)});
            // A thin piece (a barricade, a low wall, a pipe, straight, slanted or bent), which a
            // plate on it would cut across or hide: its label beside it before any place on it,
            // across it from the label's point (either side of its nearest long side, just
            // clear of it), then beside its box. Thin: its box is, or its thickness (twice its
            // area over its perimeter: a strip's width) is under a plate and a half.
            const double thickness = thicknessOf(outline);
            if (outline.size() >= 3 && thinUnder(outline, plate.height())) {
                std::vector<QPointF> beside;
                // (The nearest side longer than the piece is thick: along it, the piece runs.)
                double nearest = HUGE_VAL;
                QPointF along;
                for (qsizetype k = 0; k < outline.size(); ++k) {
                    const QPointF a = outline[k], b = outline[(k + 1) % outline.size()], e = b - a;
                    const double len = std::hypot(e.x(), e.y());
                    if (len <= thickness) continue;
                    const double u = std::clamp(QPointF::dotProduct(at - a, e) / (len * len), 0.0, 1.0);
                    const QPointF gapTo = at - (a + e * u);
                    if (const double d = std::hypot(gapTo.x(), gapTo.y()); d < nearest) nearest = d, along = e / len;
                }
                if (nearest < HUGE_VAL) {
                    QPointF n{-along.y(), along.x()};
                    if (n.y() < -1e-9 || (std::abs(n.y()) <= 1e-9 && n.x() < 0)) n = -n;  // (below, or right, first)
                    // How far from the label's point the ray along d leaves the piece.
                    auto exitAlong = [&](QPointF d) {
                        double out = HUGE_VAL;
                        for (qsizetype k = 0; k < outline.size(); ++k) {
                            const QPointF a = outline[k], e = outline[(k + 1) % outline.size()] - a;
                            const double den = d.x() * e.y() - d.y() * e.x();
                            if (std::abs(den) < 1e-12) continue;
                            const QPointF w = a - at;
                            const double sAlong = (w.x() * e.y() - w.y() * e.x()) / den, v = (w.x() * d.y() - w.y() * d.x()) / den;
                            if (sAlong > 1e-9 && v >= 0 && v <= 1) out = std::min(out, sAlong);
                        }
                        return out == HUGE_VAL ? 0.0 : out;
                    };
                    for (const QPointF d : {n, -n}) {
                        const double reach = plate.width() / 2 * std::abs(d.x()) + plate.height() / 2 * std::abs(d.y());
                        beside.push_back(at + d * (exitAlong(d) + gap + reach));
                    }
                }
                for (const QPointF& q : box.width() >= box.height() ? std::vector<QPointF>{below, above, right, left}
                                                                    : std::vector<QPointF>{right, left, below, above})
                    beside.push_back(q);
                places.insert(places.begin(), beside.begin(), beside.end());
                if (near != SIZE_MAX) near += beside.size();
            }
            if (t.bottom > 0) {
                // (A floor's places all within reach of it: those beside a thin one too.)
                std::vector<QPointF> reached;
                size_t nearReached = 0;
                for (size_t i = 0; i < places.size(); ++i)
                    if (withinReach(places[i])) {
                        reached.push_back(places[i]);
                        nearReached += i < near;
                    }
                places = std::move(reached);
                near = nearReached;
            }
            // (Over a map's cells, plates the cells show through: a report's 2" cells were
            // hidden whole under the pieces' names.)
            labels.naming(t.id);
            labels.place(labelText(scenario_, t), places, pointed, -1,
                         pointed                       ? QColor(0xd6, 0x27, 0x28, 230)
                         : t.kind == TerrainKind::Area ? QColor(40, 40, 30, overCells ? 110 : 150)
                                                       : QColor(20, 20, 20, overCells ? 150 : 200),
                         QColor(255, 255, 255), false, nullptr, near);
            // Each opening's heights, beside it.
            for (const Opening& o : t.openings) {
                if (o.polygon.size() < 3) continue;
                const QPointF gap = device(labelPoint(o.polygon));
                const QString text = openingText(scenario_, t, o);
                const QSizeF size = labels.sizeOf(text);
                const double below = size.height() / 2 + 6 * px, beside = size.width() / 2 + 8 * px;
                labels.naming(t.id);
                labels.place(text,
                             {gap + QPointF(beside, 0), gap - QPointF(beside, 0), gap + QPointF(0, below), gap - QPointF(0, below),
                              gap + QPointF(beside, 2 * below), gap + QPointF(beside, -2 * below), gap + QPointF(-beside, 2 * below),
                              gap + QPointF(-beside, -2 * below)},
                             false, -1, QColor(70, 60, 30, 190));
            }
        }
    for (const Zone& z : scenario_.zones)
        if (!z.polygon.empty()) {
            QColor plate = z.side.empty() ? QColor(60, 60, 60) : sideColour(z.side).darker(160);
            plate.setAlpha(190);
            const QPointF at = device(labelPoint(z.polygon));
            // (A zone is large, and a map's pieces' labels may take its middle: places further
            // out within it too, rings of them about its middle.)
            std::vector<QPointF> places{at, at + QPointF(0, 20 * px), at - QPointF(0, 20 * px)};
            QPolygonF outline;
            for (const Vec2& v : z.polygon) outline << device(v);
            for (const double r : {60.0, 120.0, 180.0})
                for (int k = 0; k < 8; ++k) {
                    const double turn = k * std::numbers::pi / 4;
                    const QPointF q = at + QPointF(std::cos(turn), std::sin(turn)) * (r * px);
                    if (outline.size() < 3 || outline.containsPoint(q, Qt::OddEvenFill)) places.push_back(q);
                }
            labels.naming(z.id);
            labels.place(QString::fromStdString(z.id), places, contains(overlay.highlighted, z.id), -1, plate);
        }
}

void BoardRenderer::paintTags(QPainter& p, const QTransform& inchToDevice, const Overlay& overlay,
                              const std::vector<QRectF>& bases) const {
    const double px = pixelScale_;
    Labeller tags(p, px, overlay.tagScale, 1.5);  // tight plates: numbers sit on their bases
    tags.defer();  // (the leader lines below go under every plate)
    tags.outline();
    tags.setBases(bases);
    if (p.hasClipping()) tags.setBounds(p.clipBoundingRect());
    const double perInch = std::sqrt(std::abs(inchToDevice.determinant()));
    // Models first: on the base when the plate fits in it, else beside it.
    for (const Tag& tag : overlay.modelTags) {
        if (tag.index < 0 || tag.index >= static_cast<int>(scenario_.models.size()) || contains(overlay.unseen, tag.index)) continue;
        const Model& m = scenario_.models[tag.index];
        QSizeF size = tags.sizeOf(tag.text);
        if (tag.round) size.setWidth(std::max(size.width(), size.height()));
        const QRectF box = bases[tag.index];
        const double across = 2 * std::min(halfLengthIn(m.base), halfWidthIn(m.base)) * perInch;
        const double gap = 1 * px;
        std::vector<QPointF> places;
        if (size.width() <= across * 1.6 && size.height() <= across * 1.05) places.push_back(box.center());
        places.push_back({box.center().x(), box.bottom() + gap + size.height() / 2});
        places.push_back({box.right() + gap + size.width() / 2, box.center().y()});
        places.push_back({box.center().x(), box.top() - gap - size.height() / 2});
        places.push_back({box.left() - gap - size.width() / 2, box.center().y()});
        // With no room anywhere, over its own base rather than a neighbour's.
        if (!tags.place(tag.text, places, false, tag.index, tag.plate, tag.ink, tag.round))
            tags.place(tag.text, {box.center()}, true, tag.index, tag.plate, tag.ink, tag.round);
    }
    for (const Tag& tag : overlay.terrainTags) {
        if (tag.index < 0 || tag.index >= static_cast<int>(scenario_.terrain.size())) continue;
        const TerrainPiece& t = scenario_.terrain[tag.index];
        if (t.footprint.outer.empty()) continue;
        const QPointF at = inchToDevice.map(pt(labelPoint(t.footprint.outer)));
        // At its label point, else nearby, clear of the numbers and the bases.
        const QSizeF size = tags.sizeOf(tag.text);
        const double step = size.height() + 2 * px;
        std::vector<QPointF> places{at};
        const double side = size.width() / 2 + 6 * px;
        for (int k = 1; k <= 8; ++k)
            for (const QPointF d : {QPointF(0, k * step), QPointF(0, -k * step), QPointF(side, (k - 1) * step),
                                    QPointF(-side, (k - 1) * step), QPointF(side, -k * step), QPointF(-side, -k * step)})
                places.push_back(at + d);
        QRectF box;
        tags.place(tag.text, places, true, -1, tag.plate, tag.ink, tag.round, &box);
        if (!box.contains(at)) {
            // Away from its piece: a leader line from the piece to the plate.
            const QPointF end(std::clamp(at.x(), box.left(), box.right()), std::clamp(at.y(), box.top(), box.bottom()));
            p.setPen(QPen(tag.plate, 1.5 * px));
            p.drawLine(at, end);
            p.setBrush(tag.plate);
            p.drawEllipse(at, 2.5 * px, 2.5 * px);
        }
    }
    tags.flush();
}

void BoardRenderer::paintGrid(QPainter& p, double unit) const {
    const Board& b = scenario_.board;
    for (int pass = 0; pass < 2; ++pass) {
        // 1" lines first, then every sixth stronger over them.
        p.setPen(pass == 0 ? QPen(QColor(255, 255, 255, 40), unit) : QPen(QColor(255, 255, 255, 95), 1.6 * unit));
        for (int x = 1; x < b.width; ++x)
            if ((x % 6 == 0) == (pass == 1)) p.drawLine(QPointF(x, 0), QPointF(x, b.height));
        for (int y = 1; y < b.height; ++y)
            if ((y % 6 == 0) == (pass == 1)) p.drawLine(QPointF(0, y), QPointF(b.width, y));
    }
}

void BoardRenderer::paintZones(QPainter& p, const Overlay& overlay, double unit) const {
    for (size_t i = 0; i < scenario_.zones.size(); ++i) {
        const Zone& z = scenario_.zones[i];
        QColor c = z.side.empty() ? QColor(250, 250, 250) : sideColour(z.side);
        const bool selected = contains(overlay.selectedZones, static_cast<int>(i));
        if (!z.polygon.empty()) {
            c.setAlpha(45);
            p.setPen(Qt::NoPen);
            p.setBrush(c);
            p.drawPath(ringPath(z.polygon));
            // Its edge, where it is picked.
            c.setAlpha(140);
            p.setPen(QPen(c, 1.5 * unit));
            p.setBrush(Qt::NoBrush);
            p.drawPath(ringPath(z.polygon));
            if (selected) {
                p.setPen(QPen(QColor(255, 255, 255), 2 * unit, Qt::DashLine));
                p.drawPath(ringPath(z.polygon));
            }
        }
        if (z.position) {
            const double r = objectiveMarkerRadius(z);
            p.setBrush(QColor(255, 215, 0, 90));
            p.setPen(QPen(QColor(255, 215, 0), 0.08));
            p.drawEllipse(pt(*z.position), r, r);
            p.setBrush(QColor(255, 215, 0));
            p.drawEllipse(pt(*z.position), 0.2, 0.2);
        }
    }
}

void BoardRenderer::paintLights(QPainter& p, double unit) const {
    // Night: the table under a veil, dim or dark, that the lights' pools lift.
    if (scenario_.ambient_light == "dim" || scenario_.ambient_light == "dark")
        p.fillRect(QRectF(0, 0, scenario_.board.width, scenario_.board.height),
                   QColor(8, 12, 40, scenario_.ambient_light == "dark" ? 120 : 60));
    for (const TerrainPiece& t : scenario_.terrain)
        if (t.kind == TerrainKind::Area && t.hasTag("darkness")) {
            p.setPen(Qt::NoPen);
            p.setBrush(QColor(10, 10, 25, 150));
            p.drawPath(ringPath(t.footprint.outer));
            hatch(p, t.footprint, QColor(120, 110, 170, 120), Qt::Dense6Pattern, unit);
        }
    for (const TableLight& l : scenario_.lights) {
        Vec2 at = l.position;
        if (!l.carried_by.empty()) {
            const Model* m = scenario_.findModel(l.carried_by);
            if (!m) continue;
            at = m->position;
        }
        const double dim = std::max(l.dim, 0.05);
        QRadialGradient glow(pt(at), dim);
        const double inner = std::clamp(l.bright / dim, 0.0, 1.0);
        glow.setColorAt(0, QColor(255, 214, 110, 130));
        glow.setColorAt(inner, QColor(255, 214, 110, 95));
        glow.setColorAt(std::min(1.0, inner + 1e-3), QColor(255, 214, 110, 45));
        glow.setColorAt(1, QColor(255, 214, 110, 10));
        p.setPen(QPen(QColor(255, 214, 110, 120), unit, Qt::DotLine));
        p.setBrush(glow);
        p.drawEllipse(pt(at), dim, dim);
        if (l.bright > 0 && l.bright < dim) {
            p.setBrush(Qt::NoBrush);
            p.drawEllipse(pt(at), l.bright, l.bright);
        }
        if (l.carried_by.empty()) {  // the lamp itself
            p.setPen(QPen(QColor(90, 60, 10), unit));
            p.setBrush(QColor(255, 200, 60));
            p.drawEllipse(pt(at), 0.18, 0.18);
        }
    }
}

void BoardRenderer::paintTerrain(QPainter& p, const Overlay& overlay, double unit) const {
    // The pieces that block a pair that is not visible: those on its centre line and those
    // that together block every line.
    const bool blockedPair = overlay.result && !overlay.result->visible;
    auto highlighted = [&](const std::string& id) {
        if (!blockedPair) return false;
        const auto& set = overlay.result->blocking_set;
        const auto& centre = overlay.result->blocked_by;
        return std::find(set.begin(), set.end(), id) != set.end() ||
               std::find(centre.begin(), centre.end(), id) != centre.end();
    };
    // Areas under features.
    for (int pass = 0; pass < 2; ++pass)
        for (size_t i = 0; i < scenario_.terrain.size(); ++i) {
            const TerrainPiece& t = scenario_.terrain[i];
            if ((t.kind == TerrainKind::Area) != (pass == 0)) continue;
            const QPainterPath path = polygonPath(t.footprint);
            const bool selected = std::find(overlay.selectedTerrain.begin(), overlay.selectedTerrain.end(),
                                            static_cast<int>(i)) != overlay.selectedTerrain.end();
            if (t.kind == TerrainKind::Area) {
                const QColor fill = t.hasTag("woods") ? QColor(0x2f, 0x5d, 0x2a, 150)
                                    : t.hasTag("ruin") ? QColor(0x9c, 0x8b, 0x6e, 110)
                                                        : QColor(0x8a, 0x8a, 0x7a, 100);
                // (Under a map's cells, its outline alone: its fill over them made their
                // colours within it other than the legend's.)
                p.setBrush(overlay.map && !overlay.map->cells.empty() ? QBrush(Qt::NoBrush) : QBrush(fill));
                p.setPen(QPen(QColor(40, 40, 30, 160), 1.5 * unit, Qt::DashLine));
                p.drawPath(path);
            } else {
                // Darker for taller pieces; dense darkest.
                const int shade = std::clamp(200 - static_cast<int>(t.height * 18), 70, 200);
                QColor fill(shade, shade - 5, shade - 15);
                if (t.category == "light") fill = fill.lighter(115);
                if (t.bottom > 0) {
                    // A floor or a walkway, with open space below: see-through, hatched, its
                    // outline dashed, so that what stands under it shows.
                    fill.setAlpha(120);
                    p.setBrush(fill);
                    p.setPen(Qt::NoPen);
                    p.drawPath(path);
                    hatch(p, t.footprint, QColor(35, 30, 25, 170), Qt::BDiagPattern, unit);
                    p.setBrush(Qt::NoBrush);
                    p.setPen(QPen(QColor(35, 30, 25), 1.4 * unit, Qt::DashLine));
                    p.drawPath(path);
                } else {
                    p.setBrush(fill);
                    p.setPen(QPen(QColor(35, 30, 25), 1.2 * unit));
                    p.drawPath(path);
                }
                // Its openings (a window, a door): pale, dotted outlines; one the ruleset
                // closes (13.11, a ruin's under 10th edition) in the piece's own colour with a
                // red dotted outline. Their heights are written beside them (paintLabels).
                for (const Opening& o : t.openings) {
                    if (o.polygon.size() < 3) continue;
                    const QPainterPath gap = ringPath(o.polygon);
                    const bool open = openingIsOpen(scenario_, t, o);
                    p.setBrush(open ? QBrush(QColor(0xe8, 0xe4, 0xc8, 230)) : QBrush(fill));
                    p.setPen(open ? QPen(QColor(35, 30, 25), 1.2 * unit, Qt::DotLine) : QPen(kBlockedRed, 1.6 * unit, Qt::DotLine));
                    p.drawPath(gap);
                    hatch(p, Polygon{o.polygon, {}}, QColor(35, 30, 25, 140), Qt::Dense6Pattern, unit);
                }
            }
            if (highlighted(t.id) || contains(overlay.highlighted, t.id)) {
                p.setBrush(Qt::NoBrush);
                p.setPen(QPen(kBlockedRed, 3 * unit));
                p.drawPath(path);
            }
            if (selected) {
                p.setBrush(Qt::NoBrush);
                p.setPen(QPen(QColor(255, 255, 255), 2 * unit, Qt::DashLine));
                p.drawPath(path);
            }
        }
}

void BoardRenderer::paintModels(QPainter& p, const Overlay& overlay, double unit) const {
    // Ghosts under the models: a pale, dashed outline in the side's colour.
    for (const Overlay::Ghost& g : overlay.ghosts) {
        QColor fill = sideColour(g.model.side);
        QColor pale = fill;
        pale.setAlpha(60);
        p.setBrush(pale);
        QPen pen(fill.lighter(130), 2 * unit, Qt::DashLine);
        pen.setDashPattern({3, 2});
        p.setPen(pen);
        p.drawPath(basePath(g.model));
    }
    for (size_t i = 0; i < scenario_.models.size(); ++i) {
        const Model& m = scenario_.models[i];
        const int idx = static_cast<int>(i);
        if (contains(overlay.unseen, idx)) continue;
        const QColor fill = sideColour(m.side);
        // Observer against all enemies: a ring around each enemy, past a white gap so it
        // shows on any side's colour: solid green when seen, dashed red when not. The model
        // keeps its side's colour.
        for (const auto& [t, visible] : overlay.enemies)
            if (t == idx) {
                p.setBrush(Qt::NoBrush);
                const bool open = std::find(overlay.enemiesOpen.begin(), overlay.enemiesOpen.end(), t) != overlay.enemiesOpen.end();
                QPen ring(open ? kWorkedOutBlue : visible ? kVisibleGreen : kBlockedRed, 16 * unit, Qt::SolidLine, Qt::FlatCap,
                          Qt::RoundJoin);
                if (open) ring.setDashPattern({0.1, 0.35});  // dots: not decided yet
                else if (!visible) ring.setDashPattern({0.45, 0.3});  // in pen widths: short dashes around any base
                p.setPen(ring);
                p.drawPath(basePath(m));
                p.setPen(QPen(QColor(255, 255, 255), 7 * unit, Qt::SolidLine, Qt::FlatCap, Qt::RoundJoin));
                p.drawPath(basePath(m));
            }
        p.setBrush(fill);
        QPen pen(fill.darker(170), 1.5 * unit);
        if (idx == overlay.observer || idx == overlay.target) pen = QPen(QColor(255, 255, 255), 3.5 * unit);
        if (std::find(overlay.selected.begin(), overlay.selected.end(), idx) != overlay.selected.end())
            pen = QPen(QColor(255, 230, 0), 3 * unit);
        p.setPen(pen);
        p.drawPath(basePath(m));
        // Facing of rotated ovals and rects: a tick along the length axis.
        if (m.base.shape != BaseShape::Circle) {
            const Vec2 tip = boundaryPoint(m, 0);
            p.setPen(QPen(fill.darker(200), 1.2 * unit));
            p.drawLine(pt(m.position), pt(tip));
        }
        // Where no real model could stand (on a feature, on another model): an orange
        // dotted outline.
        if (contains(overlay.overlapping, idx)) {
            QPen warn(QColor(255, 140, 0), 2.5 * unit, Qt::DotLine);
            p.setPen(warn);
            p.setBrush(Qt::NoBrush);
            p.drawPath(basePath(m));
        }
        if (contains(overlay.highlighted, m.id)) {
            p.setPen(QPen(kBlockedRed, 3 * unit));
            p.setBrush(Qt::NoBrush);
            p.drawPath(basePath(m));
        }
    }
}

void BoardRenderer::paintSight(QPainter& p, const Overlay& overlay, double unit) const {
    for (const auto& [line, visible] : overlay.pairLines) {
        QColor c = visible ? kVisibleGreen : kBlockedRed;
        if (!visible) c.setAlpha(150);
        p.setPen(QPen(c, (visible ? 2.5 : 1.5) * unit, visible ? Qt::SolidLine : Qt::DashLine, Qt::RoundCap));
        p.drawLine(pt(line.a), pt(line.b));
    }
    // A map cell explained: a dark edge under each line so it reads over the map's colours,
    // and the cell's centre ringed.
    // (A red line solid up to where it is first blocked, that point marked, faded beyond.)
    for (const MapLine& m : overlay.mapLines) {
        const Vec2 hit = m.seen ? m.line.b : m.line.a + (m.line.b - m.line.a) * std::clamp(m.hit, 0.0, 1.0);
        p.setPen(QPen(QColor(0, 0, 0, 170), 5 * unit, Qt::SolidLine, Qt::RoundCap));
        p.drawLine(pt(m.line.a), pt(hit));
        p.setPen(QPen(m.seen ? kVisibleGreen : kBlockedRed, 2.5 * unit, Qt::SolidLine, Qt::RoundCap));
        p.drawLine(pt(m.line.a), pt(hit));
        if (m.seen || m.hit >= 1) continue;
        QColor faded = kBlockedRed;
        faded.setAlpha(110);
        p.setPen(QPen(faded, 2 * unit, Qt::DashLine));
        p.drawLine(pt(hit), pt(m.line.b));
        p.setPen(QPen(QColor(255, 255, 255), 1.5 * unit));
        p.setBrush(kBlockedRed);
        p.drawEllipse(pt(hit), 4 * unit, 4 * unit);
    }
    if (!overlay.mapLines.empty()) {
        p.setPen(QPen(QColor(255, 255, 255), 2 * unit));
        p.setBrush(Qt::NoBrush);
        p.drawEllipse(pt(overlay.mapCell.value_or(overlay.mapLines.front().line.b)), 6 * unit, 6 * unit);
    }
    for (const MapBase& base : overlay.mapBases) {
        const QPainterPath path = ringPath(base.outline);
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(QColor(0, 0, 0, 170), 4.5 * unit, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        p.drawPath(path);
        // (Not safe there: dashed, its dark edge showing between the dashes.)
        QPen pen(base.colour, 2 * unit, Qt::SolidLine, Qt::FlatCap, Qt::RoundJoin);
        if (base.dashed) pen.setDashPattern({2.5, 1.5});
        p.setPen(pen);
        p.drawPath(path);
    }
    for (const Segment& s : overlay.debugLines) {
        p.setPen(QPen(QColor(255, 255, 255, 70), unit));
        p.drawLine(pt(s.a), pt(s.b));
    }
    if (overlay.result && overlay.result->visible && overlay.result->witness) {
        const Segment w = *overlay.result->witness;
        p.setPen(QPen(kVisibleGreen, 3.5 * unit, Qt::SolidLine, Qt::RoundCap));
        p.drawLine(pt(w.a), pt(w.b));
    }
    for (const BlockedLine& line : overlay.blocked) {
        const Vec2 hit = line.from + (line.to - line.from) * line.hit;
        p.setPen(QPen(kBlockedRed, 2.5 * unit, Qt::SolidLine, Qt::RoundCap));
        p.drawLine(pt(line.from), pt(hit));
        QColor faded = kBlockedRed;
        faded.setAlpha(70);
        p.setPen(QPen(faded, 2 * unit, Qt::DashLine));
        p.drawLine(pt(hit), pt(line.to));
        // The hit point: a ring.
        p.setPen(QPen(QColor(255, 255, 255), 1.5 * unit));
        p.setBrush(kBlockedRed);
        p.drawEllipse(pt(hit), 4 * unit, 4 * unit);
    }
}

Overlay pairOverlay(const Scene& scene, int observer, int target, Method method) {
    Overlay o;
    o.observer = observer;
    o.target = target;
    o.result = Rulings(scene).evaluate(observer, target, method);  // the game's ruling, if it plays one
    if (!o.result->visible) {
        const Model& a = scene.scenario().models[observer];
        const Model& b = scene.scenario().models[target];
        const ModelMask ignored = scene.ignoredModels(observer, target);
        // `center` tried only the centre line: that is the line shown.
        const int lines = method == Method::Center ? 1 : 5;
        const std::vector<Vec2> from = samplePoints(a, lines), to = samplePoints(b, lines);
        for (size_t i = 0; i < from.size(); ++i) {
            // The centre line and one line from each edge point to the matching one.
            const SightLine line{from[i], to[i], a.top(), b.top()};
            o.blocked.push_back({from[i], to[i], firstBlockedShare(scene, line, ignored)});
        }
    }
    return o;
}

Overlay enemiesOverlay(const Scene& scene, int observer) {
    Overlay o;
    o.observer = observer;
    const Scenario& s = scene.scenario();
    std::vector<int> targets;
    for (size_t i = 0; i < s.models.size(); ++i)
        if (s.models[i].side != s.models[observer].side) targets.push_back(static_cast<int>(i));
    if (s.ruleset.name == "true-los") {
        const unsigned long before = proofsCutShort();
        const std::vector<MatrixCell> cells = visibilityMatrix(scene, {observer}, targets);
        for (size_t j = 0; j < targets.size(); ++j) {
            o.enemies.emplace_back(targets[j], cells[j].visible);
            // (A cut-short proof: the matrix does not say whose, so every unseen one waits.)
            if (proofsCutShort() != before && !cells[j].visible) o.enemiesOpen.push_back(targets[j]);
        }
    } else {
        // The game's answer: obscuring areas, ruins and hidden models count.
        const Rulings rulings(scene);
        for (int t : targets) {
            const unsigned long before = proofsCutShort();
            const bool seen = rulings.visible(observer, t);
            o.enemies.emplace_back(t, seen);
            if (!seen && proofsCutShort() != before) o.enemiesOpen.push_back(t);  // (a line found is found)
        }
    }
    return o;
}

Measurement baseToBase(const Model& a, const Model& b) {
    const Segment seg = closestPoints(a, b);
    const double flat = baseDistance(a, b), up = std::abs(a.elevation - b.elevation);
    auto in = [](double v) { return QString::number(v, 'f', 2) + QLatin1Char('"'); };
    QString label = in(std::hypot(flat, up));
    if (up > 0) label += QStringLiteral(" (flat %1, %2 up)").arg(in(flat), in(up));
    return {seg.a, seg.b, label.toStdString()};
}

std::optional<QString> pictureTypeProblem(const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("png") || suffix == QLatin1String("svg") || suffix == QLatin1String("pdf")) return std::nullopt;
    return QStringLiteral("%1: unknown image type \"%2\" (use .png, .svg or .pdf)").arg(path, suffix);
}

MapLayer pictureLayer(const Scenario& scenario, MapLayer map) {
    if (!scenario.name.empty()) map.title = QStringLiteral("%1: %2").arg(QString::fromStdString(scenario.name), map.title);
    for (const QString& line : map.key) map.legend.push_back({QColor(), line});
    return map;
}

bool fixSvgDashes(const QString& path, QString* error) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error) *error = QStringLiteral("%1: cannot read the SVG file back").arg(path);
        return false;
    }
    const QString svg = QString::fromUtf8(file.readAll());
    file.close();
    static const QRegularExpression tag(QStringLiteral("<g [^>]*stroke-dasharray=\"([^\"]*)\"[^>]*>"));
    static const QRegularExpression width(QStringLiteral("stroke-width=\"([^\"]*)\""));
    static const QRegularExpression offset(QStringLiteral("stroke-dashoffset=\"([^\"]*)\""));
    QString fixed;
    fixed.reserve(svg.size());
    qsizetype from = 0;
    for (QRegularExpressionMatchIterator it = tag.globalMatch(svg); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        QString g = m.captured(0);
        const QRegularExpressionMatch w = width.match(g);
        const double scale = w.hasMatch() ? w.captured(1).toDouble() : 1;
        // (The generator multiplies by the pen's width rounded to a whole number, 1 where
        // that is 0: its thin pens' dashes, under half a unit wide, are in pen widths.)
        if (scale > 0 && scale < 0.5) {
            QStringList dashes = m.captured(1).split(QLatin1Char(','));
            for (QString& d : dashes) d = QString::number(d.toDouble() * scale, 'g', 6);
            g.replace(QStringLiteral("stroke-dasharray=\"%1\"").arg(m.captured(1)),
                      QStringLiteral("stroke-dasharray=\"%1\"").arg(dashes.join(QLatin1Char(','))));
            if (const QRegularExpressionMatch o = offset.match(g); o.hasMatch())
                g.replace(o.captured(0), QStringLiteral("stroke-dashoffset=\"%1\"").arg(o.captured(1).toDouble() * scale, 0, 'g', 6));
        }
        fixed += QStringView(svg).mid(from, m.capturedStart(0) - from);
        fixed += g;
        from = m.capturedEnd(0);
    }
    fixed += QStringView(svg).mid(from);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(fixed.toUtf8()) < 0) {
        if (error) *error = QStringLiteral("%1: cannot write the SVG file").arg(path);
        return false;
    }
    return true;
}

bool renderToFile(const Scenario& scenario, const Overlay& overlay, const QString& path, QString* error, int pngWidth) {
    if (const auto problem = pictureTypeProblem(path)) {
        if (error) *error = *problem;
        return false;
    }
    const QString suffix = QFileInfo(path).suffix().toLower();
    BoardRenderer renderer(scenario);
    const double aspect = scenario.board.height / scenario.board.width;
    // A map's legend goes beside the board, on a band of its own to the right (over the
    // board it would hide the corner it covers).
    Overlay drawn = overlay;
    const bool legend = drawn.map && drawn.map->legendOnBoard && !(drawn.map->legend.empty() && drawn.map->title.isEmpty());
    if (drawn.map) drawn.map->legendOnBoard = false;
    if (legend) drawn.map = pictureLayer(scenario, *drawn.map);
    // Paints the board in `size` (device units) with the legend's band: the board fitted to
    // what the band leaves, the legend at the band's top.
    auto paint = [&](QPainter& painter, const QSizeF& size, double margin) {
        const double band = legend ? std::min(renderer.legendSize(*drawn.map).width() + margin, size.width() / 2) : 0.0;
        const QTransform t = BoardRenderer::fit(QSizeF(size.width() - band, size.height()), scenario.board, margin);
        renderer.paint(painter, t, drawn);
        if (legend) {
            // (Level with the board's top, but within the picture where it is the taller.)
            const QPointF topRight = t.map(QPointF(scenario.board.width, 0));
            const double top = std::max(margin, std::min(topRight.y(), size.height() - renderer.legendSize(*drawn.map).height() - margin));
            painter.resetTransform();
            renderer.paintLegendAt(painter, *drawn.map, QPointF(topRight.x() + margin, top));
        }
    };
    // The band's width at the renderer's scale.
    auto bandFor = [&](double margin) { return legend ? renderer.legendSize(*drawn.map).width() + margin : 0.0; };
    // (And the height the legend takes, so that a tall one is not cut off below a wide board.)
    auto heightFor = [&](double margin) { return legend ? renderer.legendSize(*drawn.map).height() + 2 * margin : 0.0; };
    if (suffix == QLatin1String("png")) {
        renderer.setPixelScale(std::max(1.0, pngWidth / 1200.0));  // drawn as a 1200-pixel window would be, sharper
        const double band = std::min(bandFor(18), pngWidth / 2.0);  // (the width asked for is the picture's)
        QImage image(pngWidth, static_cast<int>(std::lround(std::max((pngWidth - band) * aspect, heightFor(18)))),
                     QImage::Format_ARGB32_Premultiplied);
        image.fill(QColor(0x24, 0x2a, 0x22));
        QPainter painter(&image);
        paint(painter, image.size(), 18);
        painter.end();
        if (!image.save(path)) {
            if (error) *error = QStringLiteral("%1: cannot write the image").arg(path);
            return false;
        }
        return true;
    }
    if (suffix == QLatin1String("svg")) {
        renderer.setHatchAsLines(true);
        QSvgGenerator svg;
        svg.setFileName(path);
        const QSize size(1200, static_cast<int>(std::lround(std::max((1200 - std::min(bandFor(12), 600.0)) * aspect, heightFor(12)))));
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(QString::fromStdString(scenario.name));
        QPainter painter;
        if (!painter.begin(&svg)) {
            if (error) *error = QStringLiteral("%1: cannot write the SVG file").arg(path);
            return false;
        }
        paint(painter, size, 12);
        painter.end();
        return fixSvgDashes(path, error);
    }
    if (suffix == QLatin1String("pdf")) {
        QPdfWriter pdf(path);
        pdf.setPageOrientation(QPageLayout::Landscape);
        pdf.setResolution(300);
        pdf.setTitle(QString::fromStdString(scenario.name));
        renderer.setPixelScale(pdf.resolution() / 96.0);
        // An A4 sheet across, made as much taller as a long legend needs (a lanes map's
        // gaps, one line each): it was cut off at the sheet's foot.
        if (const double need = heightFor(40); need > pdf.height()) {
            const QMarginsF margins = pdf.pageLayout().margins(QPageLayout::Millimeter);
            const double across = pdf.pageLayout().fullRect(QPageLayout::Millimeter).width();
            pdf.setPageOrientation(QPageLayout::Portrait);
            pdf.setPageSize(QPageSize(QSizeF(across, need / pdf.resolution() * 25.4 + margins.top() + margins.bottom() + 1),
                                      QPageSize::Millimeter, QString(), QPageSize::ExactMatch));
        }
        QPainter painter;
        if (!painter.begin(&pdf)) {
            if (error) *error = QStringLiteral("%1: cannot write the PDF file").arg(path);
            return false;
        }
        const QSizeF page(pdf.width(), pdf.height());
        paint(painter, page, 40);
        painter.end();
        return true;
    }
    return false;  // (not reached: the type was checked first)
}

}  // namespace sl::render
