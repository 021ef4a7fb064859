// The legend dock's entries and their swatches, painted with the renderer's colours.
#include "legend.h"

#include "board_renderer.h"
#include "kernel/solids.h"

#include <QPainter>
#include <QPainterPath>

#include <set>

namespace sl::gui {
namespace {

constexpr int kRow = 20;
constexpr int kSwatch = 28;

void disc(QPainter& p, const QRectF& r, const QColor& fill, const QPen& pen) {
    p.setBrush(fill);
    p.setPen(pen);
    const double d = std::min(r.width(), r.height()) - 6;
    p.drawEllipse(r.center(), d / 2, d / 2);
}

void line(QPainter& p, const QRectF& r, const QPen& pen) {
    p.setPen(pen);
    p.drawLine(QPointF(r.left() + 2, r.center().y()), QPointF(r.right() - 2, r.center().y()));
}

void box(QPainter& p, const QRectF& r, const QBrush& fill, const QPen& pen) {
    p.setBrush(fill);
    p.setPen(pen);
    p.drawRect(r.adjusted(3, 4, -3, -4));
}

}  // namespace

Legend::Legend(QWidget* parent) : QWidget(parent) { showFor({}); }

void Legend::showFor(const Scenario& s) {
    entries_.clear();
    auto heading = [this](const QString& text) { entries_.push_back({text, nullptr, true}); };
    auto add = [this](const QString& text, std::function<void(QPainter&, const QRectF&)> swatch) {
        entries_.push_back({text, std::move(swatch), false});
    };
    heading(tr("Models"));
    std::vector<std::string> sides;
    for (const Model& m : s.models)
        if (std::find(sides.begin(), sides.end(), m.side) == sides.end()) sides.push_back(m.side);
    if (sides.empty()) sides = {"blue", "red"};
    for (const std::string& side : sides) {
        const QColor c = render::sideColour(side);
        add(tr("side %1").arg(QString::fromStdString(side.empty() ? std::string("(none)") : side)),
            [c](QPainter& p, const QRectF& r) { disc(p, r, c, QPen(c.darker(170), 1.5)); });
    }
    add(tr("observer and target"), [](QPainter& p, const QRectF& r) { disc(p, r, QColor(90, 90, 90), QPen(Qt::white, 3)); });
    add(tr("selected"), [](QPainter& p, const QRectF& r) { disc(p, r, QColor(90, 90, 90), QPen(QColor(255, 230, 0), 3)); });
    add(tr("overlaps: cannot stand there"), [](QPainter& p, const QRectF& r) {
        disc(p, r, QColor(90, 90, 90), QPen(QColor(255, 140, 0), 2.5, Qt::DotLine));
    });
    heading(tr("Sight"));
    add(tr("an open sight line"), [](QPainter& p, const QRectF& r) { line(p, r, QPen(render::kVisibleGreen, 3.5)); });
    add(tr("blocked, to the first blocker"), [](QPainter& p, const QRectF& r) {
        line(p, r, QPen(render::kBlockedRed, 2.5));
        p.setPen(QPen(Qt::white, 1.5));
        p.setBrush(render::kBlockedRed);
        p.drawEllipse(QPointF(r.right() - 6, r.center().y()), 4, 4);
    });
    add(tr("pieces that block it"), [](QPainter& p, const QRectF& r) { box(p, r, QColor(120, 115, 105), QPen(render::kBlockedRed, 3)); });
    add(tr("all enemies: seen"), [](QPainter& p, const QRectF& r) {
        disc(p, r, Qt::transparent, QPen(render::kVisibleGreen, 4));
    });
    add(tr("all enemies: not seen"), [](QPainter& p, const QRectF& r) {
        QPen pen(render::kBlockedRed, 4);
        pen.setDashPattern({1.2, 0.8});
        disc(p, r, Qt::transparent, pen);
    });
    heading(tr("Table"));
    add(tr("feature (darker: taller)"), [](QPainter& p, const QRectF& r) { box(p, r, QColor(146, 141, 131), QPen(QColor(35, 30, 25), 1.2)); });
    // Floors and openings, where the table has them.
    bool floors = false, openings = false, closed = false;
    for (const TerrainPiece& t : s.terrain) {
        floors = floors || (t.kind == TerrainKind::Feature && t.bottom > 0);
        for (const Opening& o : t.openings) (openingIsOpen(s, t, o) ? openings : closed) = true;
    }
    if (floors)
        add(tr("floor or walkway (hatched: open below)"), [](QPainter& p, const QRectF& r) {
            box(p, r, QColor(146, 141, 131, 120), QPen(QColor(35, 30, 25), 1.4, Qt::DashLine));
            box(p, r, QBrush(QColor(35, 30, 25, 170), Qt::BDiagPattern), QPen(Qt::NoPen));
        });
    if (openings)
        add(tr("opening: a window, a door (its heights beside it)"), [](QPainter& p, const QRectF& r) {
            box(p, r, QColor(0xe8, 0xe4, 0xc8, 230), QPen(QColor(35, 30, 25), 1.2, Qt::DotLine));
        });
    if (closed)
        add(tr("opening the ruleset closes (13.11; 10th edition: a ruin's)"), [](QPainter& p, const QRectF& r) {
            box(p, r, QColor(146, 141, 131), QPen(render::kBlockedRed, 1.6, Qt::DotLine));
        });
    bool woods = false, ruins = false, areas = false;
    for (const TerrainPiece& t : s.terrain)
        if (t.kind == TerrainKind::Area) {
            areas = true;
            woods = woods || t.hasTag("woods");
            ruins = ruins || t.hasTag("ruin");
        }
    if (areas || s.terrain.empty())
        add(tr("area (never blocks alone)"), [](QPainter& p, const QRectF& r) {
            box(p, r, QColor(0x8a, 0x8a, 0x7a, 100), QPen(QColor(40, 40, 30, 160), 1.5, Qt::DashLine));
        });
    if (ruins) add(tr("ruin area"), [](QPainter& p, const QRectF& r) { box(p, r, QColor(0x9c, 0x8b, 0x6e, 110), QPen(QColor(40, 40, 30, 160), 1.5, Qt::DashLine)); });
    if (woods) add(tr("woods area"), [](QPainter& p, const QRectF& r) { box(p, r, QColor(0x2f, 0x5d, 0x2a, 150), QPen(QColor(40, 40, 30, 160), 1.5, Qt::DashLine)); });
    std::set<std::string> zoneSides;
    bool objectives = false;
    for (const Zone& z : s.zones) {
        if (!z.polygon.empty()) zoneSides.insert(z.side);
        objectives = objectives || z.position.has_value();
    }
    for (const std::string& side : zoneSides) {
        QColor c = side.empty() ? QColor(250, 250, 250) : render::sideColour(side);
        c.setAlpha(70);
        add(side.empty() ? tr("zone") : tr("deployment zone, %1").arg(QString::fromStdString(side)),
            [c](QPainter& p, const QRectF& r) { box(p, r, c, QPen(c.darker(130), 1.5)); });
    }
    if (objectives || s.zones.empty())
        add(tr("objective and its range"), [](QPainter& p, const QRectF& r) {
            disc(p, r, QColor(255, 215, 0, 90), QPen(QColor(255, 215, 0), 1));
            p.setBrush(QColor(255, 215, 0));
            p.drawEllipse(r.center(), 2.5, 2.5);
        });
    heading(tr("Measuring"));
    add(tr("a measured distance"), [](QPainter& p, const QRectF& r) {
        line(p, r, QPen(QColor(255, 214, 10), 2.5));
    });
    add(tr("range ring (from the edge)"), [](QPainter& p, const QRectF& r) {
        QPen pen(QColor(255, 250, 220), 1.6);
        pen.setDashPattern({6, 4});
        line(p, r, pen);
    });
    updateGeometry();
    update();
}

QStringList Legend::entries() const {
    QStringList out;
    for (const Entry& e : entries_) out << e.text;
    return out;
}

QSize Legend::sizeHint() const {
    int width = 0;
    for (const Entry& e : entries_) width = std::max(width, fontMetrics().horizontalAdvance(e.text));
    return {width + kSwatch + 24, static_cast<int>(entries_.size()) * kRow + 12};
}

QSize Legend::minimumSizeHint() const { return {120, sizeHint().height()}; }

void Legend::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    int y = 6;
    for (const Entry& e : entries_) {
        const QRectF row(8, y, width() - 16, kRow);
        if (e.heading) {
            QFont f = font();
            f.setBold(true);
            p.setFont(f);
            p.setPen(palette().windowText().color());
            p.drawText(row, Qt::AlignLeft | Qt::AlignVCenter, e.text);
        } else {
            const QRectF swatch(row.left(), row.top(), kSwatch, kRow);
            p.fillRect(swatch.adjusted(1, 1, -1, -1), render::tableColour());  // on the table's green
            p.save();
            e.swatch(p, swatch);
            p.restore();
            p.setFont(font());
            p.setPen(palette().windowText().color());
            p.drawText(row.adjusted(kSwatch + 8, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, e.text);
        }
        y += kRow;
    }
}

}  // namespace sl::gui
