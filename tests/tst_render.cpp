// The renderer: the witness line's pixels are green, a blocked line's red up to its
// first blocker, and the three export formats are written. The ruling sheet and the
// panel's ruling: short headers, a dash for a pair not visible, a legend for every symbol,
// pieces named by their labels, legible pages.
#include "analysis_layer.h"
#include "fixtures.h"
#include "board_renderer.h"
#include "kernel/base.h"
#include "los/scene.h"
#include "rules/rulings.h"
#include "ruling_html.h"
#include "ruling_sheet.h"
#include "rules/side_view.h"
#include "scenario_io.h"

#include <numbers>
#include "side_view_picture.h"

#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QTextDocument>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <array>
#include <map>
#include <set>

using namespace sl;

namespace {

Scenario load(const char* relative) {
    io::ReadResult r = io::readScenarioFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/") + QLatin1String(relative));
    if (!r.scenario) qFatal("cannot read %s", relative);
    return *r.scenario;
}

// The board with the overlay written as an SVG file, its text (empty where it fails).
QString svgOf(const Scenario& s, const render::Overlay& overlay) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("map.svg"));
    QFile svg(path);
    if (!render::renderToFile(s, overlay, path, nullptr) || !svg.open(QIODevice::ReadOnly)) return {};
    return QString::fromUtf8(svg.readAll());
}

// How many of the SVG's dashed strokes there are, each dash and gap at most `most` times
// the stroke's width (an SVG reads dashes in the drawing's units); -1 where one is longer.
int dashesWithin(const QString& svg, double most) {
    static const QRegularExpression dashed(QStringLiteral("<g [^>]*stroke-dasharray=\"([^\"]*)\"[^>]*>"));
    static const QRegularExpression width(QStringLiteral("stroke-width=\"([^\"]*)\""));
    int dashes = 0;
    for (auto it = dashed.globalMatch(svg); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        const double w = width.match(m.captured(0)).captured(1).toDouble();
        for (const QString& d : m.captured(1).split(QLatin1Char(',')))
            if (!(w > 0) || d.toDouble() > most * w * (1 + 1e-5)) {
                qWarning("%s", qPrintable(m.captured(0)));
                return -1;
            }
        ++dashes;
    }
    return dashes;
}

// Renders at 20 pixels an inch (no margin) and returns the colour at a table point.
struct Picture {
    QImage image;
    QTransform t;
    QColor at(Vec2 inches) const {
        const QPointF p = t.map(QPointF(inches.x, inches.y));
        return image.pixelColor(static_cast<int>(p.x()), static_cast<int>(p.y()));
    }
};

Picture draw(const Scenario& s, const render::Overlay& overlay) {
    Picture pic;
    pic.image = QImage(static_cast<int>(s.board.width * 20), static_cast<int>(s.board.height * 20), QImage::Format_ARGB32);
    pic.image.fill(Qt::black);
    pic.t = QTransform::fromScale(20, 20);
    QPainter painter(&pic.image);
    render::BoardRenderer(s).paint(painter, pic.t, overlay);
    return pic;
}

// An overlay with no labels and a map of 1" cells all of `colour` over the whole table.
render::Overlay oneColourMap(const Scenario& s, const QColor& colour) {
    render::Overlay overlay;
    overlay.labels = false;
    overlay.map = render::MapLayer{};
    render::MapLayer& map = *overlay.map;
    map.spacing = 1;
    map.cols = static_cast<int>(s.board.width);
    map.rows = static_cast<int>(s.board.height);
    map.cells.assign(static_cast<size_t>(map.cols * map.rows), colour);
    return overlay;
}

Scenario loadData(const char* name) {
    io::ReadResult r = io::readScenarioFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/tests/data/") + QLatin1String(name));
    if (!r.scenario) qFatal("cannot read %s", name);
    return *r.scenario;
}

UnitRuling unitRuling(const Scenario& s, const char* attacker, const char* target, Method method = Method::Exact) {
    const Scene scene(s);
    return Rulings(scene).units(attacker, target, method);
}

// 30 against 30 on the official layout, ruled once (by the centre method: the exact one
// takes half a minute there, and the sheet's layout is what these tests are about).
const Scenario& table30() {
    static const Scenario s = loadData("sheet-11e-30v30.sightline.json");
    return s;
}
const UnitRuling& ruling30() {
    static const UnitRuling u = unitRuling(table30(), "Termagants", "Gretchin", Method::Center);
    return u;
}

// The text of a PDF's pages (pdftotext), and each page's smallest word height in points
// (pdftotext -bbox); empty when poppler's tools are missing.
struct PdfText {
    QStringList pages;
    std::vector<double> smallest;
};
PdfText pdfText(const QString& pdf) {
    PdfText out;
    const QString tool = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
    if (tool.isEmpty()) return out;
    QProcess p;
    p.start(tool, {QStringLiteral("-bbox"), pdf, QStringLiteral("-")});
    p.waitForFinished(60000);
    const QString html = QString::fromUtf8(p.readAllStandardOutput());
    static const QRegularExpression word(QStringLiteral("<word xMin=\"[\\d.]+\" yMin=\"([\\d.]+)\" xMax=\"[\\d.]+\" "
                                                        "yMax=\"([\\d.]+)\">([^<]*)</word>"));
    for (const QString& page : html.split(QStringLiteral("<page ")).mid(1)) {
        QStringList words;
        double smallest = 1e9;
        for (auto it = word.globalMatch(page); it.hasNext();) {
            const QRegularExpressionMatch m = it.next();
            // As written: ligatures (fl, fi) and the XML escapes undone.
            words << m.captured(3)
                         .replace(QChar(0xFB02), QStringLiteral("fl"))
                         .replace(QChar(0xFB01), QStringLiteral("fi"))
                         .replace(QStringLiteral("&quot;"), QStringLiteral("\""))
                         .replace(QStringLiteral("&lt;"), QStringLiteral("<"))
                         .replace(QStringLiteral("&gt;"), QStringLiteral(">"))
                         .replace(QStringLiteral("&amp;"), QStringLiteral("&"));
            smallest = std::min(smallest, m.captured(2).toDouble() - m.captured(1).toDouble());
        }
        out.pages << words.join(QLatin1Char(' '));
        out.smallest.push_back(smallest);
    }
    return out;
}

bool near(const QColor& a, const QColor& b) {
    return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue()) < 40;
}

// The one-wall table's vision map from Eye 1 (1" cells), drawn opaque, without labels.
// The board and `overlay` written to a PNG `width` pixels across (renderToFile), read back;
// a null image, with the reason said, where it could not be written.
QImage writtenPng(const Scenario& s, const render::Overlay& overlay, int width) {
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("map.png"));
    QString error;
    if (!render::renderToFile(s, overlay, png, &error, width)) {
        qWarning().noquote() << error;
        return {};
    }
    return QImage(png);
}

render::Overlay wallVisionMap(const Scenario& s) {
    const analysis::VisionMap map = analysis::visionMap(s, {0}, analysis::Probe{}, 1.0);
    render::Overlay overlay;
    overlay.map = render::visionLayer(map, s);
    overlay.map->opacity = 1;
    overlay.labels = false;
    return overlay;
}

// Hiding spots on `s`'s table in 2" cells for a 32 mm round and a 100x50 mm rect base that
// hide nowhere, with these areas said for each: what a legend is made from.
analysis::HidingSpots emptyHidingSpots(const Scenario& s, double safeArea = 0, double semiArea = 0) {
    analysis::HidingSpots spots;
    spots.grid = analysis::tableGrid(s.board, 2);
    for (const Base b : {Base{BaseShape::Circle, 32, 32}, Base{BaseShape::Rect, 100, 50}}) {
        analysis::HidingBase hb;
        hb.probe.base = b;
        hb.safe.assign(static_cast<size_t>(spots.grid.cells()), 0);
        hb.semi = hb.safe;
        hb.seen.assign(hb.safe.size(), 0);
        hb.safeArea = safeArea;
        hb.semiArea = semiArea;
        spots.bases.push_back(hb);
    }
    return spots;
}

}  // namespace

class TestRender : public QObject {
    Q_OBJECT
private slots:
    void labelsSayWhereAModelStands() {
        // A model off the table (on a floor) says at what height; one on the table does not;
        // a floor gives its underside and top.
        Scenario s = load("regression/31-upper-floor.sightline.json");
        QVERIFY(!s.models.empty());
        Model m = s.models.front();
        m.elevation = 0;
        QVERIFY(!render::labelText(s, m).contains(QStringLiteral(" at ")));
        m.elevation = 3;
        QCOMPARE(render::labelText(s, m), QString::fromStdString(s.labelOf(m.id)) + QStringLiteral("  at 3\""));
        TerrainPiece floor;
        floor.id = "walk";
        floor.kind = TerrainKind::Feature;
        floor.bottom = 2.75;
        floor.height = 3;
        QCOMPARE(render::labelText(s, floor), QStringLiteral("walk  2.75\" to 3\""));
        // An opening's label says whether the ruleset closes it: 13.11 the 2.9" window of a
        // dense wall, not the 3.1" one.
        const Scenario w = load("wh40k-11e/14-windows-13-11.sightline.json");
        QStringList texts;
        for (const TerrainPiece& t : w.terrain)
            for (const Opening& o : t.openings) texts << render::openingText(w, t, o);
        texts.sort();
        QCOMPARE(texts, (QStringList{QStringLiteral("gap 2.9\" to 4.5\", closed (13.11)"), QStringLiteral("gap 3.1\" to 4.5\"")}));
    }

    void witnessIsGreen() {
        const Scenario s = load("regression/01-open-table.sightline.json");
        const Scene scene(s);
        const render::Overlay overlay = render::pairOverlay(scene, 0, 1, Method::Exact);
        QVERIFY(overlay.result->visible);
        const Picture pic = draw(s, overlay);
        // Points along the witness, away from both bases.
        const Segment w = *overlay.result->witness;
        for (double f : {0.3, 0.5, 0.7}) {
            const Vec2 p = w.a + (w.b - w.a) * f;
            QVERIFY2(near(pic.at(p), render::kVisibleGreen), qPrintable(pic.at(p).name()));
        }
        QVERIFY(overlay.blocked.empty());
    }

    void lightsAndNightOnTheBoard() {
        // A night table: the board under a veil, lifted where a light reaches (warm), and an
        // area of magical darkness darker still; a daylight table has no veil.
        const Scenario night = load("senses/01-light-and-darkvision.sightline.json");
        const Picture pic = draw(night, {});
        const QColor lit = pic.at({20, 12}), dark = pic.at({25, 2}), pool = pic.at({8.5, 13});
        QVERIFY2(lit.red() > dark.red() + 20 && lit.green() > dark.green(), qPrintable(lit.name() + " " + dark.name()));
        QVERIFY2(pool.value() < dark.value(), qPrintable(pool.name() + " " + dark.name()));
        Scenario day = night;
        day.ambient_light = "bright";
        day.lights.clear();
        day.terrain.clear();
        QVERIFY(draw(day, {}).at({25, 2}).value() > dark.value() + 20);
    }

    void visionMapUnderThePieces() {
        // The vision map of the one-wall table: red where a model would be fully visible,
        // blue in the wall's shadow, the wall itself drawn over its clear cells; the legend
        // names what the map shows, each with the area of its cells (1" cells: together the
        // table's 24 x 16 square inches).
        const Scenario s = loadData("analysis-wall.sightline.json");
        const render::Overlay overlay = wallVisionMap(s);
        QCOMPARE(overlay.map->cells.size(), size_t(24 * 16));
        QVERIFY(overlay.map->title.startsWith(QStringLiteral("Seen by Eye 1: 32 mm round, 1.75\"")));
        QStringList legend;
        double sum = 0;
        for (const auto& [colour, text] : overlay.map->legend) {
            const QStringList parts = text.split(QStringLiteral(" \u2014 "));
            QCOMPARE(parts.size(), qsizetype(2));
            legend << parts[0];
            QVERIFY2(parts[1].endsWith(QStringLiteral("\u00a0sq\u00a0in")), qPrintable(text));
            const double area = parts[1].section(QChar(0xa0), 0, 0).toDouble();
            QCOMPARE(area, static_cast<double>(std::ranges::count(overlay.map->cells, colour)));
            sum += area;
        }
        QCOMPARE(legend, (QStringList{QStringLiteral("fully visible"), QStringLiteral("visible, not fully"), QStringLiteral("hidden"),
                                      QStringLiteral("clear: no place to stand (a feature, a model, the table's edge)")}));
        QCOMPARE(sum, 24.0 * 16.0);
        const Picture pic = draw(s, overlay);
        QVERIFY2(near(pic.at({2.2, 2.2}), render::kMapFullyVisible), qPrintable(pic.at({2.2, 2.2}).name()));
        QVERIFY2(near(pic.at({20.5, 8.5}), render::kMapHidden), qPrintable(pic.at({20.5, 8.5}).name()));
        QVERIFY(!near(pic.at({10.5, 8.5}), render::kMapHidden) && !near(pic.at({10.5, 8.5}), render::kMapFullyVisible));
    }

    void mapCellsMeetWithoutSeamsAndGapsAreDashed() {
        // A map of one colour drawn at a scale where the rows' edges fall within pixels: every
        // pixel under it is that colour (no pale stripe where one row meets the next). A gap
        // (an outline of two points, dashed) drawn along a row: dashes, not a solid line.
        Scenario s;
        s.board = {24, 16};
        render::Overlay overlay;
        render::MapLayer map;
        map.spacing = 0.5;
        map.cols = 48;
        map.rows = 32;
        map.opacity = 1;
        map.legendOnBoard = false;
        const QColor blue(40, 80, 200);
        map.cells.assign(static_cast<size_t>(map.cols * map.rows), blue);
        overlay.map = map;
        QImage image(331, 221, QImage::Format_ARGB32);
        image.fill(Qt::black);
        const QTransform t = QTransform::fromScale(13.7, 13.7);
        {
            QPainter painter(&image);
            render::BoardRenderer(s).paint(painter, t, overlay);
        }
        int checked = 0;
        for (int y = 3; y < 16 * 13.7 - 3; ++y)
            for (int x : {20, 150, 300}) {
                QVERIFY2(image.pixelColor(x, y) == blue, qPrintable(QStringLiteral("(%1, %2): %3").arg(x).arg(y).arg(image.pixelColor(x, y).name())));
                ++checked;
            }
        QVERIFY(checked > 600);
        overlay.map->cells.assign(overlay.map->cells.size(), QColor(0, 0, 0, 0));
        // (18.48" there and back is a whole number of the dash pattern's periods at 20
        // pixels an inch: drawn as a closed ring, the way back filled every gap.)
        overlay.map->outlines.push_back({QColor(214, 39, 40), {Ring{{2, 8.3}, {20.48, 8.3}}}, true});
        const Picture pic = draw(s, overlay);
        int red = 0, other = 0;
        for (double x = 3; x < 19.5; x += 0.05) (near(pic.at({x, 8.3}), QColor(214, 39, 40)) ? red : other) += 1;
        qInfo("%d red, %d not", red, other);
        QVERIFY2(red > 60 && other > 60, qPrintable(QStringLiteral("%1 red, %2 not").arg(red).arg(other)));
    }

    void aVisionLegendWithCoverSaysWhatFullyVisibleLeavesOut() {
        // Cells in cover are drawn in cover's colour whether seen fully or not: with some,
        // the legend's first two entries say "out of cover", and cover's says "fully or not"
        // (a walkthrough read "fully visible — 28.3 sq in" as every cell seen fully, with
        // 72.5 sq in more of them in cover). Without, the entries are the short ones.
        analysis::VisionMap map;
        map.grid = analysis::tableGrid({4, 1}, 1.0);
        map.observers = {0};
        Scenario s;
        s.board = {4, 1};
        s.models = {testing::infantry("eye", {0.5, 0.5})};
        analysis::Cell fully, fullyInCover, seenInCover, hidden;
        fully.verdict = analysis::Verdict::FullyVisible;
        fullyInCover = fully;
        fullyInCover.cover = true;
        seenInCover.verdict = analysis::Verdict::Visible;
        seenInCover.cover = true;
        hidden.verdict = analysis::Verdict::Hidden;
        map.cells = {fully, fullyInCover, seenInCover, hidden};
        QStringList entries;
        for (const auto& [colour, text] : render::visionLayer(map, s).legend) entries << text;
        QVERIFY2(entries.contains(QStringLiteral("fully visible, out of cover — 1.0 sq in")), qPrintable(entries.join(" | ")));
        QVERIFY2(entries.contains(QStringLiteral("visible (fully or not), in cover — 2.0 sq in")), qPrintable(entries.join(" | ")));
        QVERIFY(render::visionLayer(map, s).key.empty());
        // (A cell seen whose full view a knife edge left open: said in a picture's key, as the
        // panel's figures say it.)
        analysis::Cell open;
        open.verdict = analysis::Verdict::Visible;
        open.undecided = true;
        map.cells[3] = open;
        const render::MapLayer withOpen = render::visionLayer(map, s);
        QCOMPARE(withOpen.key.size(), size_t(1));
        QCOMPARE(withOpen.key[0], QStringLiteral("of the cells seen, 1.0\u00a0sq\u00a0in may be fully visible: left undecided at or near a knife edge"));
        QVERIFY(render::unseenLayer(map, s).key.empty());
        map.cells = {fully, fully, hidden, hidden};
        entries.clear();
        for (const auto& [colour, text] : render::visionLayer(map, s).legend) entries << text;
        QVERIFY2(entries.contains(QStringLiteral("fully visible — 2.0 sq in")), qPrintable(entries.join(" | ")));
    }

    void exportedMapLegendBesideTheBoard() {
        // A map written to a picture has its legend on a band to the right of the board,
        // not over it: the picture is as wide as asked, the board's lower left corner shows
        // the map (it was under the legend), and the band holds the legend's white box.
        const Scenario s = loadData("analysis-wall.sightline.json");
        const render::Overlay overlay = wallVisionMap(s);
        const QImage image = writtenPng(s, overlay, 1200);
        QCOMPARE(image.width(), 1200);
        render::BoardRenderer renderer(s);
        const double band = renderer.legendSize(render::pictureLayer(s, *overlay.map)).width() + 18;
        QVERIFY(band > 100);
        QCOMPARE(image.height(), static_cast<int>(std::lround((1200 - band) * s.board.height / s.board.width)));
        const QTransform t = render::BoardRenderer::fit(QSizeF(1200 - band, image.height()), s.board, 18);
        // The cell next to the lower left corner is the map's colour (fully visible there; the
        // corner's own would have the base reach past the table's edge).
        const QPointF corner = t.map(QPointF(1.5, s.board.height - 1.5));
        const QColor c = image.pixelColor(corner.toPoint());
        QVERIFY2(near(c, render::kMapFullyVisible), qPrintable(c.name()));
        // The band: beyond the board's right edge, the legend's box near its top.
        const QPointF right = t.map(QPointF(s.board.width, 0));
        const QColor box = image.pixelColor(QPoint(static_cast<int>(right.x() + 18 + 4), static_cast<int>(right.y() + 4)));
        QVERIFY2(box.lightness() > 200, qPrintable(box.name()));
        // A narrow picture keeps half its width for the board (the legend's band is cut).
        const QImage narrow = writtenPng(s, overlay, 300);
        QCOMPARE(narrow.width(), 300);
        const QTransform nt = render::BoardRenderer::fit(QSizeF(150, narrow.height()), s.board, 18);
        const QColor nc = narrow.pixelColor(nt.map(QPointF(1.5, s.board.height - 1.5)).toPoint());
        QVERIFY2(near(nc, render::kMapFullyVisible), qPrintable(nc.name()));
    }

    void zonesEdgesShowOverAMap() {
        // A map drawn opaque over the table hides the zones' tint; their edges are drawn over
        // it, in the side's colour: the west zone's east edge (x = 6) is blue there, the
        // cells either side of it the map's colours.
        const Scenario s = loadData("analysis-wall.sightline.json");
        render::Overlay overlay = wallVisionMap(s);
        overlay.map->opacity = 1;
        const Picture pic = draw(s, overlay);
        const QColor edge = pic.at({6.0, 8.5}), beside = pic.at({5.5, 8.5});
        QVERIFY2(near(edge, render::sideColour("blue")), qPrintable(edge.name()));
        QVERIFY2(!near(beside, render::sideColour("blue")), qPrintable(beside.name()));
    }

    void exportedLongLegendWrapsWithinThePicture() {
        // Long entries (the hiding spots' areas per base) wrap within the legend's width, the
        // box whole in the picture, its bottom not cut off where it is taller than the board.
        const Scenario s = loadData("analysis-wall.sightline.json");
        render::Overlay overlay = wallVisionMap(s);
        overlay.map->title = QStringLiteral("Hiding from deployment-attacker (28 places 4\" apart); 2\" cells; semi-safe: seen from at most 2 (10%)");
        overlay.map->legend.clear();
        for (int k = 0; k < 12; ++k)
            overlay.map->legend.push_back({QColor(40 + 15 * k, 90, 160), QStringLiteral("up to 100x50 mm rect, 1.75\": safe 488.0 sq in, semi-safe 652.0 sq in (its safe ground outlined white) %1").arg(k)});
        render::BoardRenderer renderer(s);
        const QSizeF legend = renderer.legendSize(render::pictureLayer(s, *overlay.map));
        QVERIFY2(legend.width() <= render::BoardRenderer::kLegendWidth + 2 * 8 + 1, qPrintable(QString::number(legend.width())));
        const QImage image = writtenPng(s, overlay, 1200);
        QCOMPARE(image.width(), 1200);
        const double band = legend.width() + 18;
        const double boardHeight = (1200 - band) * s.board.height / s.board.width;
        QVERIFY2(legend.height() + 36 > boardHeight, "a legend taller than the board, for this test");
        QCOMPARE(image.height(), static_cast<int>(std::lround(legend.height() + 36)));
        // The box's lower right corner, just inside it, is the box's white.
        const QTransform t = render::BoardRenderer::fit(QSizeF(1200 - band, image.height()), s.board, 18);
        const QPointF right = t.map(QPointF(s.board.width, 0));
        const QPoint inside(static_cast<int>(right.x() + 18 + legend.width() - 4), static_cast<int>(18 + legend.height() - 4));
        QVERIFY2(inside.x() < image.width() && inside.y() < image.height(), "the box within the picture");
        QVERIFY2(image.pixelColor(inside).lightness() > 200, qPrintable(image.pixelColor(inside).name()));
    }

    void hidingLegendKeepsNumbersWithTheirUnits() {
        // The hiding spots' legend: "535.2 sq in" and "100x50 mm" are never broken across
        // two lines where an entry wraps (non-breaking spaces), in the window as in a picture.
        const Scenario s = loadData("analysis-wall.sightline.json");
        analysis::HidingSpots spots = emptyHidingSpots(s, 535.2, 1234.5);
        spots.zone = "somewhere";
        spots.places = 20;
        spots.semiMost = 2;
        const render::MapLayer layer = render::hidingLayer(spots, s);
        int entries = 0;
        for (const auto& entry : layer.legend) {
            const QString& text = entry.second;
            if (!text.contains(QStringLiteral("safe 535.2"))) continue;
            ++entries;
            QVERIFY2(text.contains(QStringLiteral("535.2\u00a0sq\u00a0in")) && text.contains(QStringLiteral("1234.5\u00a0sq\u00a0in")),
                     qPrintable(text));
            QVERIFY2(text.contains(QStringLiteral("\u00a0mm")) && !text.contains(QStringLiteral(" mm")), qPrintable(text));
        }
        QCOMPARE(entries, 2);
    }

    void aFloorsHoleIsNotHatched() {
        // A walkway (a floor, hatched) with a square hole: in the window's picture the hole
        // shows the table, no hatching; in an SVG file no hatch line runs through it.
        Scenario s;
        s.board = {20, 20};
        TerrainPiece walk;
        walk.id = "walk";
        walk.kind = TerrainKind::Feature;
        walk.bottom = 2.75;
        walk.height = 3;
        walk.footprint.outer = {{2, 2}, {18, 2}, {18, 18}, {2, 18}};
        walk.footprint.holes = {{{7, 7}, {7, 13}, {13, 13}, {13, 7}}};
        s.terrain.push_back(walk);
        render::Overlay overlay;
        overlay.labels = false;
        const Picture pic = draw(s, overlay);
        const QColor table = pic.at({10.5, 10.5});
        for (double x = 7.6; x <= 12.4; x += 0.05)
            for (double y : {7.5, 8.5, 9.5, 10.5, 11.5, 12.5})
                if (std::abs(x - std::round(x)) > 0.1) QCOMPARE(pic.at({x, y}), table);  // (not on the grid's lines)
        int hatched = 0;  // (and on the walkway, the hatching's dark lines)
        for (double x = 3; x <= 6; x += 0.05) hatched += pic.at({x, 4}).lightness() < table.lightness() - 40;
        QVERIFY2(hatched > 3, qPrintable(QString::number(hatched)));
        const QString text = svgOf(s, overlay);
        static const QRegularExpression line(QStringLiteral("points=\"([-0-9.e]+),([-0-9.e]+) ([-0-9.e]+),([-0-9.e]+) \""));
        int lines = 0;
        for (auto it = line.globalMatch(text); it.hasNext();) {
            const QRegularExpressionMatch m = it.next();
            const Vec2 a{m.captured(1).toDouble(), m.captured(2).toDouble()}, b{m.captured(3).toDouble(), m.captured(4).toDouble()};
            if (std::abs((a.x + a.y) - (b.x + b.y)) > 1e-6 || a.x == b.x) continue;  // (a hatch line: x + y the same at both ends)
            ++lines;
            const Vec2 mid = (a + b) * 0.5;
            QVERIFY2(!(mid.x > 7 && mid.x < 13 && mid.y > 7 && mid.y < 13), qPrintable(m.captured(0)));
        }
        QVERIFY2(lines > 10, qPrintable(QString::number(lines)));
    }

    void objectivesShowOverAMap() {
        // A map's cells, and the piece an objective stands on, covered its marker: drawn
        // over both, its centre is the marker's gold (labels off: they would sit on it).
        const Scenario s = load("layouts/11e/bm-purge-vs-purge-01.sightline.json");
        const render::Overlay overlay = oneColourMap(s, QColor(8, 48, 107));
        int objectives = 0;
        const Picture pic = draw(s, overlay);
        for (const Zone& z : s.zones) {
            if (!z.position) continue;
            ++objectives;
            const QColor c = pic.at(*z.position);
            QVERIFY2(c.red() > 200 && c.green() > 170 && c.blue() < 80, qPrintable(QString::fromStdString(z.id) + " " + c.name()));
        }
        QCOMPARE(objectives, 6);
    }

    void aMapOfTheTableBeforeIsGreyedAndSaidToBe() {
        // A map marked as of the table before its last edits: its cells drawn greyer and
        // fainter than the same map's, and its note over the table's top edge.
        const Scenario s = load("layouts/11e/bm-purge-vs-purge-01.sightline.json");
        render::Overlay overlay = oneColourMap(s, render::kMapFullyVisible);
        render::MapLayer& map = *overlay.map;
        const Vec2 open{s.board.width / 2, 0.6 * s.board.height};  // (a spot of bare table, away from the top edge)
        const Picture current = draw(s, overlay);
        map.staleNote = QStringLiteral("Map of the table before the last edits");
        const Picture before = draw(s, overlay);
        const QColor now = current.at(open), then = before.at(open);
        QVERIFY2(then.hsvSaturationF() < 0.6 * now.hsvSaturationF(), qPrintable(now.name() + " " + then.name()));
        // (The note's dark plate, at the middle of the top edge, where the table is drawn alone.)
        const Vec2 top{s.board.width / 2, 0.6};
        QVERIFY2(before.at(top).value() < 90 && current.at(top).value() > 90, qPrintable(before.at(top).name() + " " + current.at(top).name()));
    }

    void noPieceLabelCoversAnObjective() {
        // Purge vs Purge 01 drawn with its labels: every objective's ring shows all round but
        // at its top, where its own name sits (a piece's label, "Ruin 2 building floor",
        // covered objective-2's), and every objective is named.
        const Scenario s = load("layouts/11e/bm-purge-vs-purge-01.sightline.json");
        const Picture pic = draw(s, render::Overlay{});
        int objectives = 0;
        for (const Zone& z : s.zones) {
            if (!z.position) continue;
            ++objectives;
            const double r = std::max(0.4, z.radius);
            for (int k = 0; k < 12; ++k) {
                const double a = k * std::numbers::pi / 6;
                if (std::sin(a) < -0.4) continue;  // (the top: y grows downwards)
                const QPointF at = pic.t.map(QPointF(z.position->x + r * std::cos(a), z.position->y + r * std::sin(a)));
                int gold = 0;  // (the ring is thin: its pixel or a neighbour's)
                for (int dy = -1; dy <= 1; ++dy)
                    for (int dx = -1; dx <= 1; ++dx) {
                        const QColor c = pic.image.pixelColor(static_cast<int>(at.x()) + dx, static_cast<int>(at.y()) + dy);
                        gold = std::max(gold, c.red() - c.blue());
                    }
                QVERIFY2(gold > 110, qPrintable(QStringLiteral("%1 at %2 degrees").arg(QString::fromStdString(z.id)).arg(k * 30)));
            }
        }
        QCOMPARE(objectives, 6);
        const QString text = svgOf(s, render::Overlay{});
        for (const Zone& z : s.zones)
            if (z.position) QVERIFY2(text.contains(QString::fromStdString(z.id)), z.id.c_str());
    }

    void thinPiecesShowBesideTheirLabels() {
        // The demo drawn with its labels: the barricades, the low wall and the central ruin's
        // north wall are thinner than a label's plate, which on them hid them whole (the
        // east barricade and the north wall could not be seen). Along each one's middle line
        // the piece shows, not a dark plate; and each is still named.
        const Scenario s = load("demo.sightline.json");
        const Picture pic = draw(s, render::Overlay{});
        const QString text = svgOf(s, render::Overlay{});
        int thin = 0;
        for (const TerrainPiece& t : s.terrain) {
            if (t.kind != TerrainKind::Feature || t.footprint.outer.size() != 4) continue;
            const Bounds b = boundsOf(t.footprint.outer);
            const Vec2 size = b.hi - b.lo;
            if (std::min(size.x, size.y) > 0.6 || std::max(size.x, size.y) < 3) continue;  // (the pipe, 1" wide, shows either side of a plate)
            ++thin;
            int plated = 0;
            constexpr int kSteps = 20;
            for (int k = 1; k < kSteps; ++k) {
                const double f = static_cast<double>(k) / kSteps;
                const Vec2 at = size.x > size.y ? Vec2{b.lo.x + size.x * f, (b.lo.y + b.hi.y) / 2} : Vec2{(b.lo.x + b.hi.x) / 2, b.lo.y + size.y * f};
                plated += pic.at(at).value() < 55;
            }
            QVERIFY2(plated <= 2, qPrintable(QStringLiteral("%1: %2 of %3 points under a plate").arg(QString::fromStdString(t.id)).arg(plated).arg(kSteps - 1)));
            QVERIFY2(text.contains(QString::fromStdString(t.name)), t.id.c_str());
        }
        QVERIFY2(thin >= 4, qPrintable(QString::number(thin)));
        // Purge vs Purge 01's slanted barriers and bent walls, thin but with large boxes: of the
        // points within each, under a tenth lie under a dark plate (their own labels and the
        // floors' sat on them).
        const Scenario pvp = load("layouts/11e/bm-purge-vs-purge-01.sightline.json");
        const Picture drawn = draw(pvp, render::Overlay{});
        int slanted = 0;
        for (const TerrainPiece& t : pvp.terrain) {
            if (t.kind != TerrainKind::Feature || t.bottom > 0) continue;
            double area = 0, perimeter = 0;
            for (size_t k = 0; k < t.footprint.outer.size(); ++k) {
                const Vec2 a = t.footprint.outer[k], b = t.footprint.outer[(k + 1) % t.footprint.outer.size()];
                perimeter += std::hypot(b.x - a.x, b.y - a.y);
            }
            area = std::abs(signedArea(t.footprint.outer));
            if (2 * area / perimeter > 0.7) continue;  // (thin: a strip under 0.7" wide)
            const Bounds b = boundsOf(t.footprint.outer);
            int inside = 0, plated = 0;
            for (double x = b.lo.x; x <= b.hi.x; x += 0.1)
                for (double y = b.lo.y; y <= b.hi.y; y += 0.1)
                    if (locate({x, y}, t.footprint) == Where::Inside && squaredDistanceToEdges({x, y}, t.footprint.outer) > 0.1 * 0.1 &&  // (its dark rim apart)
                        std::ranges::none_of(pvp.terrain, [&](const TerrainPiece& o) {  // (a floor's hatching over it is dark too)
                            return &o != &t && o.kind == TerrainKind::Feature && locate({x, y}, o.footprint) != Where::Outside;
                        })) {
                        ++inside;
                        plated += drawn.at({x, y}).value() < 55;
                    }
            if (inside < 10) continue;
            ++slanted;
            QVERIFY2(plated * 10 < inside, qPrintable(QStringLiteral("%1: %2 of %3 points under a plate").arg(QString::fromStdString(t.id)).arg(plated).arg(inside)));
        }
        QVERIFY2(slanted >= 10, qPrintable(QString::number(slanted)));
    }

    void floorsLabelsTouchTheirFloors() {
        // Purge vs Purge 01's floors stand among their ruins' walls, whose thin pieces a plate
        // keeps off: a floor's label went a few steps along from it, beside other pieces
        // (Ruin 3 building floor's 2" below the ruin, beside Tower 1's barrier), and read as
        // theirs. At 20 pixels an inch and more each now touches its floor's box, or comes
        // within a quarter inch of it. (A plate is as many pixels at every scale: the fewer
        // to an inch, the more crowded. At 15, about a map picture's, three of the ten are
        // still farther off, the rotated ruins' two 2" off. A floor's label goes no farther
        // than 2.5" from it, else it is left out, as a label with no room is: hovering names
        // the floor. At 12, a small window's, the places a thin piece's label has across it
        // went 2.7" off: kept within reach, all ten touch.)
        // (Drawn in DejaVu Sans, the fonts the set-up installs: a plate's size is its font's.)
        const Scenario pvp = load("layouts/11e/bm-purge-vs-purge-01.sightline.json");
        for (const double perInch : {12.0, 15.0, 20.0, 30.0}) {
            QImage image(static_cast<int>(pvp.board.width * perInch), static_cast<int>(pvp.board.height * perInch), QImage::Format_ARGB32);
            image.fill(Qt::black);
            QPainter painter(&image);
            painter.setFont(QFont(QStringLiteral("DejaVu Sans")));
            QCOMPARE(QFontInfo(painter.font()).family(), QStringLiteral("DejaVu Sans"));
            const render::BoardRenderer renderer(pvp);
            renderer.paint(painter, QTransform::fromScale(perInch, perInch), render::Overlay{});
            int floors = 0, touching = 0, labelled = 0;
            for (const TerrainPiece& t : pvp.terrain) {
                if (t.kind != TerrainKind::Feature || !(t.bottom > 0)) continue;
                ++floors;
                const auto& placed = renderer.labelsPlaced();
                const auto label = std::ranges::find_if(placed, [&](const auto& l) { return l.id == t.id; });
                QVERIFY2(label != placed.end() || perInch < 15, qPrintable(QStringLiteral("%1 px an inch, %2: no label").arg(perInch).arg(t.id.c_str())));
                if (label == placed.end()) continue;
                ++labelled;
                QCOMPARE(label->text, render::labelText(pvp, t));
                const Bounds b = boundsOf(t.footprint.outer);
                const QRectF& plate = label->plate;
                const double dx = std::max({0.0, b.lo.x - plate.right(), plate.left() - b.hi.x});
                const double dy = std::max({0.0, b.lo.y - plate.bottom(), plate.top() - b.hi.y});
                const double off = std::hypot(dx, dy);
                touching += off <= 0.25;
                QVERIFY2(off <= (perInch >= 20 ? 0.25 : 2.5), qPrintable(QStringLiteral("%1 px an inch, %2: %3\" off").arg(perInch).arg(t.id.c_str()).arg(off)));
            }
            QCOMPARE(floors, 10);
            QVERIFY2(touching >= (perInch >= 20 ? 10 : 7), qPrintable(QStringLiteral("%1 px an inch: %2 touching").arg(perInch).arg(touching)));
            qDebug("%g px an inch: %d of %d floors labelled, %d touching", perInch, labelled, floors, touching);
        }
    }

    void aModelOnAnObjectiveKeepsItsLabel() {
        // A model standing on an objective: its label goes beside its base as anywhere (the
        // marker, wider than the base, is kept clear of the pieces' labels only); and a
        // picked objective shows so, a dashed white ring over its marker.
        Scenario s;
        s.board = {20, 10};
        Zone objective;
        objective.id = "flag";
        objective.kind = "objective";
        objective.position = Vec2{10, 5};
        objective.radius = 20 / kMmPerInch;
        s.zones = {objective};
        s.models = {testing::infantry("scout", {10, 5})};
        s.models[0].name = "Scout Sergeant";
        QVERIFY2(svgOf(s, render::Overlay{}).contains(QStringLiteral("Scout Sergeant")), "the model's label");
        auto whiteOnRing = [&](const render::Overlay& overlay) {
            const Picture pic = draw(s, overlay);
            int white = 0;
            for (int k = 0; k < 48; ++k) {
                const double a = k * std::numbers::pi / 24, r = objective.radius;
                const QColor c = pic.at({10 + r * std::cos(a), 5 + r * std::sin(a)});
                white += c.red() > 235 && c.green() > 235 && c.blue() > 235;
            }
            return white;
        };
        render::Overlay picked;
        picked.labels = false;
        QCOMPARE(whiteOnRing(picked), 0);
        picked.selectedZones = {0};
        QVERIFY(whiteOnRing(picked) >= 6);
    }

    void everyZoneIsLabelledOnACrowdedTable() {
        // Purge vs Purge 01 drawn with its labels: the pieces' and objectives' labels take the
        // middle of the defender's zone, and its own label found room further out in it
        // (it was left off, the zone unnamed in the picture).
        const Scenario s = load("layouts/11e/bm-purge-vs-purge-01.sightline.json");
        const QString text = svgOf(s, render::Overlay{});
        QVERIFY(!text.isEmpty());
        for (const Zone& z : s.zones)
            if (z.polygon.size() >= 3) QVERIFY2(text.contains(QString::fromStdString(z.id)), z.id.c_str());
    }

    void hidingLegendSaysTheGroundItsColourCovers() {
        // A base's colour covers where it hides with every smaller base; where it also hides
        // alone (a smaller one seen there), its outline holds more: its legend entry gives
        // both areas, so that the swatch is not read as all its safe ground.
        const Scenario s = loadData("analysis-wall.sightline.json");
        analysis::HidingSpots spots = emptyHidingSpots(s, 8, 8);  // (2" cells: 4 sq in each)
        spots.zone = "somewhere";
        spots.places = 20;
        spots.semiMost = 2;
        spots.bases[0].safe[0] = spots.bases[0].safe[1] = 1;
        spots.bases[1].safe[1] = spots.bases[1].safe[2] = 1;
        const render::MapLayer layer = render::hidingLayer(spots, s);
        QVERIFY2(!layer.legend[0].second.contains(QStringLiteral("every smaller base")), qPrintable(layer.legend[0].second));
        QVERIFY2(layer.legend[1].second.contains(
                     QStringLiteral("safe 8.0\u00a0sq\u00a0in (this colour or darker: 4.0\u00a0sq\u00a0in; outlined orange: 4.0\u00a0sq\u00a0in, "
                                    "where a smaller base within it is seen: it reaches within an area, where the rules hide it)")),
                 qPrintable(layer.legend[1].second));
        QVERIFY(layer.key.empty());  // (no objective)
        // The pale cells: the smallest base seen from a few places (which base, said).
        QVERIFY(std::ranges::any_of(layer.legend, [](const auto& entry) {
            // (Whole: the same legend goes into an exported picture, where there is no cell
            // to hover.)
            return entry.second == QStringLiteral("semi-safe: the 32\u00a0mm round is seen from 1 to 2 of the places");
        }));
        // (And what the table left clear is: most of it.)
        QVERIFY(std::ranges::any_of(layer.legend, [](const auto& entry) {
            return !entry.first.isValid() && entry.second.startsWith(QStringLiteral("no colour: seen from more than"));
        }));
        // With objectives, a picture's key gives each one's safe ground for every base.
        {
            analysis::HidingSpots near = spots;
            near.bases[0].objectives = {{"flag", 12, 16}, {"well", 0, 4}};
            near.bases[1].objectives = {{"flag", 4, 8}, {"well", 0, 0}};
            const render::MapLayer withFlags = render::hidingLayer(near, s);
            QCOMPARE(withFlags.key, (std::vector<QString>{QStringLiteral("safe within 3\" of each objective, sq\u00a0in (32\u00a0mm round / 100x50\u00a0mm rect):"),
                                                 QStringLiteral("flag: 12.0 / 4.0"), QStringLiteral("well: 0.0 / 0.0")}));
        }
        spots.bases[0].safe[2] = 1;  // (now nested: no second figure)
        spots.bases[0].safeArea = 12;
        QVERIFY(!render::hidingLayer(spots, s).legend[1].second.contains(QStringLiteral("every smaller base")));
    }

    void legendSwatchesLookAsTheCellsDo() {
        // A cell's fill is laid over the table's green at the map's opacity: a pale lavender
        // (the hiding map's semi-safe, once) reads grey there, and its legend showed the
        // lavender itself. The swatch is the colour the board shows; an outline's colour (a map of
        // outlines alone) stays as drawn; a note has no swatch.
        render::MapLayer map;
        map.cols = map.rows = 1;
        map.spacing = 1;
        map.cells = {QColor(222, 214, 232)};
        map.opacity = 0.65;
        const QColor table = render::tableColour(), seen = map.swatch(QColor(222, 214, 232));
        QCOMPARE(seen, QColor(static_cast<int>(std::lround(table.red() + (222 - table.red()) * 0.65)),
                              static_cast<int>(std::lround(table.green() + (214 - table.green()) * 0.65)),
                              static_cast<int>(std::lround(table.blue() + (232 - table.blue()) * 0.65))));
        QCOMPARE(map.swatch(QColor(0, 0, 0, 0)), table);  // (a cell left clear: the table)
        map.opacity = 1;
        QCOMPARE(map.swatch(QColor(222, 214, 232)), QColor(222, 214, 232));
        QVERIFY(!map.swatch(QColor()).isValid());
        // The hiding map's semi-safe reads yellow over the table, its safe bases blue (a grey
        // semi-safe beside a light blue was told apart by few, and read pink over the red
        // zone's tint).
        map.opacity = 0.65;
        const int semi = map.swatch(render::hidingColour(0, 3, true)).hsvHue();
        QVERIFY2(semi >= 40 && semi <= 70, qPrintable(QString::number(semi)));
        for (size_t b = 0; b < 3; ++b) {
            const int hue = map.swatch(render::hidingColour(b, 3, false)).hsvHue();
            QVERIFY2(hue >= 160 && hue <= 230, qPrintable(QStringLiteral("base %1: %2").arg(b).arg(hue)));
        }
        render::MapLayer outlines;
        QCOMPARE(outlines.swatch(QColor(255, 217, 47)), QColor(255, 217, 47));
        // The hiding map's closing line is a note.
        const Scenario s = loadData("analysis-wall.sightline.json");
        const render::MapLayer layer = render::hidingLayer(emptyHidingSpots(s), s);
        QVERIFY(!layer.legend.empty() && !layer.legend.back().first.isValid());
        QVERIFY(layer.legend.back().second.startsWith(QStringLiteral("a cell's colour")));
    }

    void hidingOutlinesMarkOnlyWhatTheColoursCannotSay() {
        // A cell's colour says which bases hide there where they nest; only the ground where a
        // base hides and a smaller one is seen is outlined, in that base's colour. (Each base's
        // whole safe ground outlined drew three stripes beside every edge of the fills.)
        const Scenario s = loadData("analysis-wall.sightline.json");
        analysis::HidingSpots spots = emptyHidingSpots(s);
        spots.bases.insert(spots.bases.begin() + 1, spots.bases.front());
        spots.bases[1].probe.base = {BaseShape::Oval, 60, 35.5};
        for (analysis::HidingBase& b : spots.bases) b.safe[0] = 1;  // (nested: its colour says it all)
        QVERIFY(render::hidingLayer(spots, s).outlines.empty());
        // Cell 5: the oval and the rect hide there, the 32 mm round is seen; cell 7: the rect alone.
        spots.bases[1].safe[5] = spots.bases[2].safe[5] = spots.bases[2].safe[7] = 1;
        const render::MapLayer layer = render::hidingLayer(spots, s);
        QCOMPARE(layer.outlines.size(), size_t(2));
        // Where both outlines share an edge, both show: the rect's (white) first and wider,
        // the oval's (orange) over it.
        QCOMPARE(layer.outlines.front().colour, QColor(250, 250, 250));
        QCOMPARE(layer.outlines.back().colour, QColor(255, 127, 0));
        QVERIFY(layer.outlines.front().width > layer.outlines.back().width);
        auto cellsIn = [&](const std::vector<Ring>& rings) {
            double area = 0;
            for (const Ring& r : rings) area += std::abs(signedArea(r));
            return area / (spots.grid.spacing * spots.grid.spacing);
        };
        QCOMPARE(cellsIn(layer.outlines.front().rings), 2.0);  // (cells 5 and 7)
        QCOMPARE(cellsIn(layer.outlines.back().rings), 1.0);   // (cell 5)
        const Vec2 five = spots.grid.centre(5 % spots.grid.cols, 5 / spots.grid.cols);
        QVERIFY(std::ranges::any_of(layer.outlines.back().rings, [&](const Ring& r) { return locate(five, r) == Where::Inside; }));
        // The cells keep their colours: cell 0 the rect's (every base), cells 5 and 7 none.
        QCOMPARE(layer.cells[0], render::hidingColour(2, 3, false));
        QCOMPARE(layer.cells[5].alpha(), 0);
        QCOMPARE(layer.cells[7].alpha(), 0);
    }

    void manyBasesHideInFiveShades() {
        // The hiding spots of every base of the palette (21) were 21 shades of blue, which no
        // one tells apart, and a legend longer than the table. Past five bases the fills take
        // five of them, the smallest and the largest among them; a cell takes the shade of the
        // largest of those up to its own base; the legend has those five, and the key every
        // base's figures, a line each. Ground where a shaded base hides and a smaller one is
        // seen was outlined for up to four bases only: now for the shaded ones.
        QCOMPARE(render::hidingShadedBases(3), (std::vector<size_t>{0, 1, 2}));
        QCOMPARE(render::hidingShadedBases(5), (std::vector<size_t>{0, 1, 2, 3, 4}));
        QCOMPARE(render::hidingShadedBases(6), (std::vector<size_t>{0, 1, 3, 4, 5}));
        QCOMPARE(render::hidingShadedBases(21), (std::vector<size_t>{0, 5, 10, 15, 20}));
        QCOMPARE(render::hidingShadedBases(7), (std::vector<size_t>{0, 2, 3, 5, 6}));
        const Scenario s = loadData("analysis-wall.sightline.json");
        analysis::HidingSpots spots = emptyHidingSpots(s);
        spots.zone = "somewhere";
        spots.places = 20;
        spots.bases.resize(1);
        for (int b = 1; b < 21; ++b) {
            analysis::HidingBase next = spots.bases.front();
            next.probe.base = {BaseShape::Circle, 32.0 + b, 32.0 + b};
            spots.bases.push_back(next);
        }
        // (Each base's areas as its cells give them, 4 sq in a cell; semi-safe a made-up 200 less.)
        auto tallied = [&] {
            for (size_t b = 0; b < 21; ++b) {
                spots.bases[b].safeArea = 4.0 * static_cast<double>(std::ranges::count(spots.bases[b].safe, 1));
                spots.bases[b].semiArea = 200.0 - static_cast<double>(b);
            }
        };
        // Cell k: every base up to base k hides (cells 0 to 20).
        for (size_t k = 0; k < 21; ++k)
            for (size_t b = 0; b <= k; ++b) spots.bases[b].safe[k] = 1;
        tallied();
        const render::MapLayer layer = render::hidingLayer(spots, s);
        std::set<QRgb> shades;
        for (size_t k = 0; k < 21; ++k) {
            const size_t shade = k < 5 ? 0 : k < 10 ? 1 : k < 15 ? 2 : k < 20 ? 3 : 4;
            QCOMPARE(layer.cells[k], render::hidingColour(shade, 5, false));
            shades.insert(layer.cells[k].rgba());
        }
        QCOMPARE(shades.size(), size_t(5));
        // (Told apart: each shade more than 20 of 255 lighter than the next.)
        for (size_t g = 1; g < 5; ++g)
            QVERIFY(render::hidingColour(g - 1, 5, false).lightness() - render::hidingColour(g, 5, false).lightness() > 20);
        int entries = 0;
        for (const auto& [colour, text] : layer.legend)
            if (text.contains(QStringLiteral(": safe "))) {
                QCOMPARE(colour, render::hidingColour(static_cast<size_t>(entries), 5, false));
                const int base = std::array{0, 5, 10, 15, 20}[static_cast<size_t>(entries)];
                QVERIFY2(text.contains(QStringLiteral("%1\u00a0mm round, 1.75\": safe %2\u00a0sq\u00a0in;").arg(32 + base).arg(4.0 * (21 - base), 0, 'f', 1)),
                         qPrintable(text));
                // (Nested: all its safe ground is this colour or darker, said no further.)
                QVERIFY2(!text.contains(QStringLiteral("this colour or darker")), qPrintable(text));
                ++entries;
            }
        QCOMPARE(entries, 5);
        QVERIFY(std::ranges::any_of(layer.legend, [](const auto& entry) {
            return entry.second.startsWith(QStringLiteral("a cell's colour: the largest of these 5 of the 21 bases"));
        }));
        // (A line a base.)
        QCOMPARE(layer.key.size(), size_t(22));
        for (int b = 0; b < 21; ++b)
            QCOMPARE(layer.key[static_cast<size_t>(b) + 1],
                     QStringLiteral("%1\u00a0mm round: %2 / %3").arg(32 + b).arg(4.0 * (21 - b), 0, 'f', 1).arg(200.0 - b, 0, 'f', 1));
        QVERIFY(layer.outlines.empty());  // (nested: the shades say it all)
        // Where a shaded base hides and a smaller one is seen, that ground is outlined in the
        // shade's outline colour, and its legend says so: cell 30, where the 47 mm (the fourth
        // shade's) and larger hide and the smaller are seen.
        for (size_t b = 15; b < 21; ++b) spots.bases[b].safe[30] = 1;
        tallied();
        const render::MapLayer outlined = render::hidingLayer(spots, s);
        QCOMPARE(outlined.outlines.size(), size_t(2));  // (the 47 mm's and the 52 mm's)
        QCOMPARE(outlined.outlines.front().colour, QColor(15, 15, 15));
        QCOMPARE(outlined.outlines.back().colour, QColor(231, 41, 138));
        QVERIFY(std::ranges::any_of(outlined.legend, [](const auto& entry) {
            return entry.second.startsWith(QStringLiteral("up to 52\u00a0mm round")) &&
                   entry.second.contains(QStringLiteral("safe 8.0\u00a0sq\u00a0in (this colour or darker: 4.0\u00a0sq\u00a0in; outlined black: 4.0\u00a0sq\u00a0in"));
        }));
        // (Black shows on the cells it outlines: each lighter than the fifth shade, and the
        // lightest shade far lighter than black.)
        QVERIFY(outlined.outlines.front().colour.lightness() + 100 < render::hidingColour(0, 5, false).lightness());
        QCOMPARE(outlined.cells[30].alpha(), 0);  // (the 32 mm is seen there: no shade)
        // Each objective's safe ground, every figure named (a row of 21 numbers had to be
        // counted through), the bases none is safe from said at once.
        for (size_t b = 0; b < 21; ++b)
            spots.bases[b].objectives = {{"flag", b < 3 ? 10.0 - static_cast<double>(b) : 0.0, 20}, {"well", 0, 0}};
        const render::MapLayer flags = render::hidingLayer(spots, s);
        const auto header = std::ranges::find(flags.key, QStringLiteral("safe within 3\" of each objective, sq\u00a0in:"));
        QVERIFY(header != flags.key.end() && header + 2 < flags.key.end());
        QCOMPARE(*(header + 1), QStringLiteral("flag: 32\u00a0mm round 10.0, 33\u00a0mm round 9.0, 34\u00a0mm round 8.0, none from the 35\u00a0mm round on"));
        QCOMPARE(*(header + 2), QStringLiteral("well: none for any base"));
        // Two bases of one size at different heights are told apart in the key.
        spots.bases[1].probe.base = spots.bases[0].probe.base;
        spots.bases[1].probe.height = 3;
        const render::MapLayer heights = render::hidingLayer(spots, s);
        QVERIFY(std::ranges::find(heights.key, QStringLiteral("32\u00a0mm round, 1.75\": 84.0 / 200.0")) != heights.key.end());
        QVERIFY(std::ranges::find(heights.key, QStringLiteral("32\u00a0mm round, 3\": 80.0 / 199.0")) != heights.key.end());
    }

    void anOutlineRoundOneCellLeavesItSeen() {
        // The hiding map outlines a cell where a larger base hides and a smaller one within
        // it is seen: with 21 bases, in a picture of the whole table or a window fitted to it,
        // the widest outlines round a single cell or a strip a cell wide filled it, and read
        // as pieces of the table (black bars). Over a map's cells the widest outline is at
        // most half a cell wide, the others narrowed with it.
        const Scenario s = loadData("analysis-wall.sightline.json");
        render::Overlay overlay = oneColourMap(s, QColor(240, 240, 240));
        overlay.map->spacing = 0.5;
        overlay.map->cols = static_cast<int>(s.board.width * 2);
        overlay.map->rows = static_cast<int>(s.board.height * 2);
        overlay.map->cells.assign(static_cast<size_t>(overlay.map->cols * overlay.map->rows), QColor(240, 240, 240));
        overlay.map->opacity = 1;
        const Ring cell{{5, 5}, {5.5, 5}, {5.5, 5.5}, {5, 5.5}};
        overlay.map->outlines.push_back({QColor(15, 15, 15), {cell}, false, 12});  // (12 pixels: over a 10-pixel cell)
        overlay.map->outlines.push_back({QColor(231, 41, 138), {cell}, false, 6});
        const Picture pic = draw(s, overlay);  // (20 pixels an inch)
        QVERIFY2(pic.at({5.25, 5.25}).lightness() > 200, qPrintable(pic.at({5.25, 5.25}).name()));
        // (Both still drawn, the wider outside the narrower: black just outside the cell,
        // magenta on its edge.)
        QVERIFY2(pic.at({5.25, 4.92}).lightness() < 60, qPrintable(pic.at({5.25, 4.92}).name()));
        QVERIFY2(near(pic.at({5.25, 5.0}), QColor(231, 41, 138)), qPrintable(pic.at({5.25, 5.0}).name()));
    }

    void hidingOutlinesOnlyWhereABaseWithinIsSeen() {
        // A larger base hidden where a smaller one within it is seen: only the rules hide it
        // (13.09), and the map outlines that ground. Where the smaller one seen is not within
        // it (a long oval beside a round base) the larger may be hidden by its shape alone, and
        // where the smaller has no room it is not seen: neither is outlined, nor said.
        const Scenario s = loadData("analysis-wall.sightline.json");
        analysis::HidingSpots spots = emptyHidingSpots(s);
        spots.zone = "somewhere";
        spots.places = 20;
        spots.bases[0].probe.base = {BaseShape::Circle, 32, 32};
        spots.bases[1].probe.base = {BaseShape::Oval, 170, 109};
        spots.bases.push_back(spots.bases[0]);
        spots.bases[2].probe.base = {BaseShape::Circle, 160, 160};
        for (analysis::HidingBase& b : spots.bases) b.room.assign(b.safe.size(), 1);
        QVERIFY(analysis::probeWithin(spots.bases[0].probe, spots.bases[2].probe));
        QVERIFY(!analysis::probeWithin(spots.bases[1].probe, spots.bases[2].probe));
        // Cell 1: the 32 mm hides, the oval is seen, the 160 mm hides. Cell 2: the 32 mm and the
        // oval are seen, the 160 mm hides. Cell 3: the 32 mm has no room, the oval and the
        // 160 mm hide.
        spots.bases[0].safe[1] = spots.bases[2].safe[1] = 1;
        spots.bases[2].safe[2] = 1;
        spots.bases[0].room[3] = 0;
        spots.bases[1].safe[3] = spots.bases[2].safe[3] = 1;
        for (analysis::HidingBase& b : spots.bases) b.safeArea = 4.0 * static_cast<double>(std::ranges::count(b.safe, 1));
        const render::MapLayer layer = render::hidingLayer(spots, s);
        QCOMPARE(layer.outlines.size(), size_t(1));
        double cells = 0;
        for (const Ring& r : layer.outlines.front().rings) cells += std::abs(signedArea(r)) / 4;
        QCOMPARE(cells, 1.0);
        const Vec2 two = spots.grid.centre(2, 0);
        QVERIFY(std::ranges::any_of(layer.outlines.front().rings, [&](const Ring& r) { return locate(two, r) == Where::Inside; }));
        QVERIFY(std::ranges::any_of(layer.legend, [](const auto& entry) {
            return entry.second.contains(QStringLiteral("safe 12.0\u00a0sq\u00a0in (this colour or darker: 0.0\u00a0sq\u00a0in; outlined white: 4.0\u00a0sq\u00a0in, where a smaller base within it is seen"));
        }));
    }

    void hoveredHidingCellShowsEachBase() {
        // Hovering a hiding map draws each base as it would stand at the cell, in its
        // outline's colour: the 100x50 mm rect's end (white) reaches where the 32 mm round's
        // rim (yellow) does not. Solid where the base is safe, dashed where it is not.
        const Scenario s = loadData("analysis-wall.sightline.json");
        analysis::HidingSpots spots = emptyHidingSpots(s);
        spots.bases.insert(spots.bases.begin() + 1, spots.bases.front());
        spots.bases[1].probe.base = {BaseShape::Oval, 60, 35.5};
        const size_t here = static_cast<size_t>(std::floor(8 / spots.grid.spacing)) * spots.grid.cols +
                            static_cast<size_t>(std::floor(20 / spots.grid.spacing));
        for (analysis::HidingBase& b : spots.bases) b.safe[here] = 1;
        std::vector<render::MapBase> bases = render::hidingBasesAt(spots, {20, 8});
        QCOMPARE(bases.size(), size_t(3));
        QCOMPARE(bases.front().colour, QColor(255, 217, 47));
        QCOMPARE(bases.back().colour, QColor(250, 250, 250));
        QVERIFY(std::ranges::none_of(bases, [](const render::MapBase& b) { return b.dashed; }));
        QCOMPARE(render::hidingOutlineName(2, 3), QStringLiteral("white"));
        QVERIFY(render::hidingOutlineName(2, 5).isEmpty());  // (more bases than hover colours: two drawn)
        render::Overlay overlay = wallVisionMap(s);
        overlay.map->opacity = 0;
        const Picture plain = draw(s, overlay);
        overlay.mapBases = bases;
        const Picture marked = draw(s, overlay);
        const double halfRect = 50 / kMmPerInch, rim = 16 / kMmPerInch;
        const QColor end = marked.at({20 + halfRect, 8}), edge = marked.at({20 + rim, 8});
        QVERIFY2(end.lightness() > 230 && end != plain.at({20 + halfRect, 8}), qPrintable(end.name()));
        QVERIFY2(near(edge, QColor(255, 217, 47)), qPrintable(edge.name()));
        QCOMPARE(marked.at({20, 8}), plain.at({20, 8}));  // (outlines only: the cell itself shows)
        // The rect seen there (only the rect): dashed, its white broken by its dark edge
        // along its long side, where the solid one is white throughout.
        auto whiteAlong = [&](const Picture& picture) {
            int white = 0, all = 0;
            for (double x = 20 - 0.8; x <= 20 + 0.8; x += 0.01, ++all)
                white += picture.at({x, 8 + 25 / kMmPerInch}).lightness() > 230;
            return std::pair{white, all};
        };
        const auto [solidWhite, samples] = whiteAlong(marked);
        QVERIFY2(solidWhite > samples * 9 / 10, qPrintable(QStringLiteral("%1 of %2").arg(solidWhite).arg(samples)));
        spots.bases.back().safe[here] = 0;
        bases = render::hidingBasesAt(spots, {20, 8});
        QVERIFY(!bases[0].dashed && !bases[1].dashed && bases[2].dashed);
        overlay.mapBases = bases;
        const auto [dashedWhite, again] = whiteAlong(draw(s, overlay));
        QVERIFY2(dashedWhite < again * 3 / 4 && dashedWhite > again / 4, qPrintable(QStringLiteral("%1 of %2").arg(dashedWhite).arg(again)));
        // Six bases (more than the outlines' colours; "all" gives 21): not six white rings
        // too close to tell apart, but the largest base hidden there (yellow: the map's
        // outlines of many bases are white too) and the smallest seen (red).
        analysis::HidingSpots many = emptyHidingSpots(s);
        while (many.bases.size() < 6) many.bases.push_back(many.bases.back());
        const Vec2 at{20, 8};
        const size_t k = static_cast<size_t>(std::floor(at.y / many.grid.spacing)) * many.grid.cols + static_cast<size_t>(std::floor(at.x / many.grid.spacing));
        for (size_t b = 0; b < 6; ++b) {
            many.bases[b].probe.base = {BaseShape::Circle, 25.0 + 10 * b, 25.0 + 10 * b};
            many.bases[b].safe[k] = b < 3;
        }
        const std::vector<render::MapBase> two = render::hidingBasesAt(many, at);
        QCOMPARE(two.size(), size_t(2));
        QCOMPARE(two[0].colour, QColor(255, 217, 47));
        QVERIFY(!two[0].dashed && two[1].dashed);
        // (The cell beside it: the three larger bases hide there and the smaller are seen,
        // which the map outlines, white among others.)
        for (size_t b = 3; b < 6; ++b) many.bases[b].safe[k + 1] = 1;
        const std::vector<render::MapLayer::Outline> outlines = render::hidingLayer(many, s).outlines;
        QVERIFY(std::ranges::any_of(outlines, [](const auto& o) { return o.colour == QColor(250, 250, 250); }));
        QVERIFY(std::ranges::none_of(outlines, [&](const auto& o) { return o.colour == two[0].colour || o.colour == two[1].colour; }));
        QCOMPARE(two[1].colour, render::kBlockedRed);
        QCOMPARE(render::hidingBoundaryAt(many, at), (std::pair<int, int>{2, 3}));
        QVERIFY(std::abs(boundsOf(two[0].outline).hi.x - at.x - 45.0 / 2 / kMmPerInch) < 0.01);  // (the 45 mm round's rim)
    }

    void aMapsCellsWithinAnAreaLookAsTheLegendSays() {
        // Under a map an area is outlined, not filled: a cell within it is the colour of one
        // outside it (its fill over the cells made them another colour than the legend's).
        Scenario s;
        s.board = {20, 10};
        TerrainPiece area = testing::feature("ruin", testing::square(4, 2, 10, 8), 0);
        area.kind = TerrainKind::Area;
        area.tags = {"ruin"};
        s.terrain = {area};
        const render::Overlay overlay = oneColourMap(s, render::kMapVisible);
        const Picture pic = draw(s, overlay);
        const QColor in = pic.at({7, 5}), out = pic.at({15, 5});
        QCOMPARE(in, out);
        // (Without a map it is filled: told apart from the table; so it is under a map of
        // outlines alone, lanes and gaps, with no cells to show.)
        render::Overlay plain;
        plain.labels = false;
        const Picture bare = draw(s, plain);
        QVERIFY(bare.at({7, 5}) != bare.at({15, 5}));
        render::Overlay lanes = plain;
        lanes.map = render::lanesLayer(analysis::LanesAndGaps{}, s);
        lanes.map->legendOnBoard = false;
        const Picture outlined = draw(s, lanes);
        QVERIFY(outlined.at({7, 5}) != outlined.at({15, 5}));
    }

    void aLaneIsABandAndLabelsStayInThePicture() {
        // A lane is drawn as a faint band between its edges (two thin lines alone left its
        // inside looking like the table, and hard to hover); and a piece's label at the
        // table's left edge is kept within the picture (its start was cut off).
        Scenario s;
        s.board = {20, 10};
        TerrainPiece edge = testing::wall("w", 0, 4, 2, 4.5);
        edge.name = "A piece with a long name at the edge";
        s.terrain = {edge};
        analysis::LanesAndGaps found;
        analysis::Lane lane;
        lane.width = 2;
        lane.length = 10;
        lane.outline = {{5, 1}, {15, 1}, {15, 3}, {5, 3}};
        found.lanes = {lane};
        render::Overlay plain;
        plain.labels = false;
        render::Overlay lanes = plain;
        lanes.map = render::lanesLayer(found, s);
        lanes.map->legendOnBoard = false;
        const QColor before = draw(s, plain).at({10, 2}), after = draw(s, lanes).at({10, 2});
        QVERIFY2(after.red() > before.red() + 10, qPrintable(before.name() + " " + after.name()));  // (yellower)
        QCOMPARE(draw(s, lanes).at({10, 5}), draw(s, plain).at({10, 5}));  // (outside it, the table)
        const Picture labelled = draw(s, render::Overlay{});
        int dark = 0;  // (the plate's dark pixels in the picture's first column)
        for (int y = 0; y < labelled.image.height(); ++y) dark += labelled.image.pixelColor(0, y).value() < 40;
        QCOMPARE(dark, 0);
        // Nor past the table into what a picture puts beside it (an exported map's legend hid
        // the end of a label at the table's right edge): the same piece at the right edge,
        // drawn with room to its right, labelled within the table.
        Scenario right = s;
        right.terrain[0] = testing::wall("w", 18, 4, 20, 4.5);
        right.terrain[0].name = edge.name;
        QImage wide(20 * 20 + 300, 10 * 20, QImage::Format_ARGB32);
        wide.fill(Qt::white);
        {
            QPainter painter(&wide);
            render::BoardRenderer(right).paint(painter, QTransform::fromScale(20, 20), render::Overlay{});
        }
        int beyond = 0;  // (a plate's dark pixels right of the table)
        for (int x = 20 * 20 + 1; x < wide.width(); ++x)
            for (int y = 0; y < wide.height(); ++y) beyond += wide.pixelColor(x, y).value() < 120;  // (a plate over white: grey)
        QCOMPARE(beyond, 0);
    }

    void aGapsNumberIsNotPutOnAModel() {
        // A model standing in the middle of a 5" gap: the gap's number goes further along it,
        // off the model (it was put at the middle whatever stood there).
        Scenario s;
        s.board = {20, 10};
        s.terrain = {testing::wall("a", 8, 0, 12, 1), testing::wall("b", 8, 6, 12, 7)};
        s.models = {testing::infantry("m", {10, 3.5})};
        analysis::LanesAndGaps found;
        analysis::Gap g;
        g.a = 0;
        g.b = 1;
        g.from = {10, 1};
        g.to = {10, 6};
        g.width = 5;
        found.gaps = {g};
        render::Overlay overlay;
        overlay.labels = false;
        overlay.map = render::lanesLayer(found, s);
        overlay.map->legendOnBoard = false;
        const Picture pic = draw(s, overlay);
        // (The plate's dark red is nowhere on the model's base.)
        const QColor plate = overlay.map->labels.front().plate;
        int onBase = 0;
        for (double dx = -0.5; dx <= 0.5; dx += 0.1)
            for (double dy = -0.5; dy <= 0.5; dy += 0.1) {
                const QColor c = pic.at({10 + dx, 3.5 + dy});
                onBase += std::abs(c.red() - plate.red()) < 20 && std::abs(c.green() - plate.green()) < 20 && std::abs(c.blue() - plate.blue()) < 20;
            }
        QCOMPARE(onBase, 0);
        // (And it is on the gap: its plate's colour near the gap's end.)
        int near = 0;
        for (double y = 1; y <= 3; y += 0.05) {
            const QColor c = pic.at({10, y});
            near += std::abs(c.red() - plate.red()) < 20 && std::abs(c.green() - plate.green()) < 20 && std::abs(c.blue() - plate.blue()) < 20;
        }
        QVERIFY(near > 0);
    }

    void aLongLegendMakesThePdfPageTaller() {
        // A map whose legend runs longer than an A4 sheet across is high (a lanes map's 24
        // gaps, one entry each): the PDF's page is made taller, so that none is cut off at
        // its foot; a short legend keeps the sheet.
        const Scenario s = loadData("analysis-wall.sightline.json");
        QTemporaryDir dir;
        auto pageHeight = [&](size_t lines) {
            render::Overlay overlay = oneColourMap(s, render::kMapHidden);
            overlay.map->title = QStringLiteral("Gaps");
            for (size_t k = 0; k < lines; ++k)
                overlay.map->key.push_back(QStringLiteral("gap %1: 2.50\" between Ruin 1 and Ruin 2; bases up to 60 mm fit (12 of 21)").arg(k + 1));
            const QString path = dir.filePath(QStringLiteral("map-%1.pdf").arg(lines));
            QString error;
            if (!render::renderToFile(s, overlay, path, &error)) return -1.0;
            QFile pdf(path);
            if (!pdf.open(QIODevice::ReadOnly)) return -1.0;
            // (The page's size in points, written plainly in the page's dictionary.)
            const QRegularExpressionMatch m =
                QRegularExpression(QStringLiteral("/MediaBox \\[0 0 ([0-9.]+) ([0-9.]+)\\]")).match(QString::fromLatin1(pdf.readAll()));
            return m.hasMatch() ? m.captured(2).toDouble() : -1.0;
        };
        const double shortOne = pageHeight(3), longOne = pageHeight(60);
        QVERIFY2(std::abs(shortOne - 595) < 1, qPrintable(QString::number(shortOne)));  // (A4 across)
        // (60 entries of two lines each, at about 15 points a line.)
        QVERIFY2(longOne > 60 * 2 * 12, qPrintable(QString::number(longOne)));
    }

    void exportedMapsCarryTheirKey() {
        // A picture has no panel beside it: the lanes' gaps are keyed by their numbers, and
        // an exposure map's figures given, below the legend (MapLayer::key, added by
        // pictureLayer; the window's panel lists them its own way).
        const Scenario s = loadData("analysis-wall.sightline.json");
        QVERIFY(s.terrain.size() >= 1);
        analysis::LanesAndGaps found;
        found.zoneA = "west";
        found.zoneB = "east";
        analysis::Gap g;
        g.a = g.b = 0;
        g.from = {10, 2};
        g.to = {10, 4.5};
        g.width = 2.5;
        g.basesThrough = {"32 mm"};
        g.widestThrough = 32 / kMmPerInch;
        g.sightPasses = true;
        found.gaps = {g};
        const render::MapLayer lanes = render::lanesLayer(found, s);
        QCOMPARE(lanes.key.size(), size_t(1));
        // (The legend says the models are left out of lanes and gaps; with neither, nothing is.)
        QVERIFY(lanes.legend.back().second.contains(QStringLiteral("models on the table, which move, are not counted")));
        QVERIFY(!render::lanesLayer(analysis::LanesAndGaps{}, s).legend.back().second.contains(QStringLiteral("not counted")));
        const QString label = QString::fromStdString(s.labelOf(s.terrain[0].id));
        QCOMPARE(lanes.key[0], QStringLiteral("gap 1: 2.50\" between %1 and %1; bases up to 32\u00a0mm across fit (1 of 1)").arg(label));
        // (A gap no sight line passes says so; one no base fits through too.)
        found.gaps[0].sightPasses = false;
        found.gaps[0].basesThrough.clear();
        QCOMPARE(render::lanesLayer(found, s).key[0], QStringLiteral("gap 1: 2.50\" between %1 and %1; no base fits; no sight line passes").arg(label));
        found.gaps[0] = g;
        const render::MapLayer picture = render::pictureLayer(s, lanes);
        QCOMPARE(picture.legend.size(), lanes.legend.size() + 1);
        QCOMPARE(picture.legend.back().second, lanes.key[0]);
        QVERIFY(!picture.legend.back().first.isValid());  // (a note: no swatch)
        // Exposure: the hidden and seen areas and the mean share, as the panel gives them.
        analysis::ExposureMap map;
        map.grid = analysis::tableGrid(s.board, 12);
        map.positions = {{1, 1}, {2, 2}};
        map.cells.assign(static_cast<size_t>(map.grid.cells()), analysis::ExposureCell{});
        map.cells[0].overlap = true;
        map.cells[1].seen = 2;
        map.cells[2].seen = 1;
        const render::MapLayer exposure = render::exposureLayer(map, s);
        QCOMPARE(exposure.key.size(), size_t(2));
        const int open = map.grid.cells() - 1;
        QCOMPARE(exposure.key[0], QStringLiteral("hidden from every place: %1\u00a0sq\u00a0in; seen from every place: 144.0\u00a0sq\u00a0in")
                                      .arg((open - 2) * 144.0, 0, 'f', 1));
        QCOMPARE(exposure.key[1], QStringLiteral("places that see a cell, on average: %1%").arg(100 * 1.5 / open, 0, 'f', 1));
        // A pair left undecided is said in the picture too, as the panel and the CLI say it.
        map.cells[3].undecided = 2;
        const render::MapLayer open2 = render::exposureLayer(map, s);
        QCOMPARE(open2.key.size(), size_t(3));
        QCOMPARE(open2.key[2], QStringLiteral("undecided (at or near a knife edge): 2 pairs in 1 cell, counted as not seen"));
        // Drawn so too: a cell seen from no place proven but undecided from some is not known
        // hidden, and is grey, not the hidden colour (its area is in neither figure); one seen
        // from some keeps its share's colour; the legend names the grey.
        QCOMPARE(open2.cells[3], render::kMapUndecided);
        QCOMPARE(exposure.cells[3], render::kMapHidden);  // (before its places were undecided)
        QCOMPARE(open2.key[0], QStringLiteral("hidden from every place: %1\u00a0sq\u00a0in; seen from every place: 144.0\u00a0sq\u00a0in")
                                   .arg((open - 3) * 144.0, 0, 'f', 1));
        const std::pair grey{render::kMapUndecided, QStringLiteral("seen from no place proven, undecided from some")};
        QCOMPARE(std::ranges::count(open2.legend, grey), 1);
        QVERIFY(std::ranges::none_of(exposure.legend, [](const auto& e) { return e.first == render::kMapUndecided; }));
        map.cells[2].undecided = 1;
        QCOMPARE(render::exposureLayer(map, s).cells[2], render::exposureColour(0.5, true));
    }

    void mapTitlesNameAZonesSideOnce() {
        // "deployment-attacker (attacker)" said the side twice, and cut the Analysis dock's
        // Seen by short of the zone's name; a side the id does not say is still named.
        Zone z;
        z.id = "deployment-attacker";
        z.side = "attacker";
        QCOMPARE(render::zoneText(z), QStringLiteral("deployment-attacker"));
        z.side = "Attacker";
        QCOMPARE(render::zoneText(z), QStringLiteral("deployment-attacker"));
        z.id = "north";
        QCOMPARE(render::zoneText(z), QStringLiteral("north (Attacker)"));
        z.side = "a";  // (a side one of the id's letters, not one of its words: said)
        z.id = "east";
        QCOMPARE(render::zoneText(z), QStringLiteral("east (a)"));
        z.id = "east_a";
        QCOMPARE(render::zoneText(z), QStringLiteral("east_a"));
        z.id = "north";
        z.side.clear();
        QCOMPARE(render::zoneText(z), QStringLiteral("north"));
        // In a hiding map's title, as the window and the report show it.
        Scenario s = loadData("analysis-wall.sightline.json");
        z.id = "deployment-attacker";
        z.side = "attacker";
        s.zones.push_back(z);
        analysis::HidingSpots spots = emptyHidingSpots(s);
        spots.zone = z.id;
        QVERIFY2(render::hidingLayer(spots, s).title.startsWith(QStringLiteral("Hiding from deployment-attacker (0 places")),
                 qPrintable(render::hidingLayer(spots, s).title));
    }

    void blockedLinesAreRedUpToTheWall() {
        const Scenario s = load("regression/02-tall-wall.sightline.json");  // wall at x 29 to 31
        const Scene scene(s);
        const render::Overlay overlay = render::pairOverlay(scene, 0, 1, Method::Exact);
        QVERIFY(!overlay.result->visible);
        QVERIFY(!overlay.blocked.empty());
        const render::BlockedLine& centre = overlay.blocked.front();  // (10, 22) to (50, 22)
        QVERIFY(std::abs(centre.from.x + (centre.to.x - centre.from.x) * centre.hit - 29) < 1e-6);  // stops at x = 29
        const Picture pic = draw(s, overlay);
        QVERIFY2(near(pic.at({20, 22}), render::kBlockedRed), qPrintable(pic.at({20, 22}).name()));
        // Beyond the wall the line is faded: not the solid red.
        QVERIFY(!near(pic.at({40, 22}), render::kBlockedRed));
    }

    void observerAgainstAllEnemies() {
        const Scenario s = load("regression/05-elevation.sightline.json");  // A1 sees B1 over the wall, not C1
        const Scene scene(s);
        render::Overlay overlay = render::enemiesOverlay(scene, scene.modelIndex("A1"));
        QCOMPARE(overlay.enemies.size(), size_t(2));
        overlay.labels = false;  // the colours only
        const Picture pic = draw(s, overlay);
        // Each enemy keeps its side's red inside; around it a ring past a white gap: green
        // all round when seen, red dashes when not.
        for (const char* id : {"B1", "C1"}) {
            const Model& m = s.models[scene.modelIndex(id)];
            const QColor inside = pic.at(m.position + Vec2{0.3, 0.2});
            QVERIFY2(inside.red() > 200 && inside.green() < 60 && inside.blue() < 60, qPrintable(inside.name()));
            QVERIFY2(pic.at(m.position + Vec2{0.63 + 0.08, 0}) == QColor(Qt::white), id);  // the gap
            int green = 0, red = 0;
            for (int k = 0; k < 72; ++k) {
                const double a = k * 2 * 3.14159265358979 / 72;
                const QColor c = pic.at(m.position + Vec2{std::cos(a), std::sin(a)} * (0.63 + 0.3));
                green += near(c, render::kVisibleGreen);
                red += near(c, render::kBlockedRed);
            }
            if (QByteArray(id) == "B1") QVERIFY2(green == 72 && red == 0, qPrintable(QString::number(green)));
            else QVERIFY2(green == 0 && red > 20 && red < 65, qPrintable(QString::number(red)));  // dashes: some, not all
        }
    }

    // Zoomed in, bases stay their shape and labels stay on plates of the same size: a base
    // is its side's colour everywhere but under its label, and no label is lost.
    void zoomKeepsBasesAndLabels() {
        const Scenario s = load("demo.sightline.json");
        const Model& trukk = *s.findModel("r-trukk");  // a 120 x 92 mm oval at (44, 22)
        for (double perInch : {13.0, 30.0, 80.0, 300.0}) {
            QImage image(800, 600, QImage::Format_ARGB32);
            image.fill(Qt::black);
            QTransform t;
            t.translate(400, 300);
            t.scale(perInch, perInch);
            t.translate(-trukk.position.x, -trukk.position.y);
            QPainter painter(&image);
            render::BoardRenderer(s).paint(painter, t, {});
            painter.end();
            const double a = halfLengthIn(trukk.base), b = halfWidthIn(trukk.base);
            int checked = 0;
            for (double fx : {-0.8, -0.5, 0.0, 0.5, 0.8})
                for (double fy : {-0.7, -0.4, 0.0, 0.4, 0.7}) {
                    if ((fx / 0.95) * (fx / 0.95) + (fy / 0.95) * (fy / 0.95) > 1) continue;  // near the edge
                    const QPointF p = t.map(QPointF(trukk.position.x + fx * a, trukk.position.y + fy * b));
                    if (std::abs(p.x() - 400) < 40 && std::abs(p.y() - 300) < 12) continue;  // the label's plate
                    if (fy == 0) continue;  // the facing tick along the length axis
                    if (!QRectF(0, 0, 800, 600).contains(p)) continue;
                    const QColor c = image.pixelColor(p.toPoint());
                    QVERIFY2(c.red() > 200 && c.green() < 60 && c.blue() < 60,
                             qPrintable(QStringLiteral("%1 px/in, (%2, %3): %4").arg(perInch).arg(fx).arg(fy).arg(c.name())));
                    ++checked;
                }
            QVERIFY(checked >= 4);
            // The label: white text on its dark plate, at the oval's centre, the same size at every zoom.
            int white = 0;
            for (int y = 292; y <= 308; ++y)
                for (int x = 375; x <= 425; ++x) white += image.pixelColor(x, y).lightness() > 200;
            QVERIFY2(white > 20, qPrintable(QStringLiteral("%1 px/in: %2 white pixels").arg(perInch).arg(white)));
        }
    }

    void writesThreeFormats() {
        QTemporaryDir dir;
        const Scenario s = load("demo.sightline.json");
        QString error;
        for (const char* name : {"a.png", "a.svg", "a.pdf"}) {
            const QString path = dir.filePath(QLatin1String(name));
            QVERIFY2(render::renderToFile(s, {}, path, &error), qPrintable(error));
            QVERIFY(QFileInfo(path).size() > 1000);
        }
        QVERIFY(!render::renderToFile(s, {}, dir.filePath(QStringLiteral("a.bmpx")), &error));
        QVERIFY(error.contains(QStringLiteral("unknown image type")));
    }

    void aMapsPictureNamesItsTable() {
        // A map exported (window or CLI) leaves the window: its legend's title begins with the
        // table's name. (The SVG writes the title's words as text.)
        Scenario s = load("demo.sightline.json");
        s.name = "Demo table";
        render::Overlay overlay;
        overlay.map = render::MapLayer{};
        overlay.map->title = QStringLiteral("Seen by someone");
        overlay.map->legend = {{QColor(10, 120, 200), QStringLiteral("fully visible")}};
        const QString text = svgOf(s, overlay);
        QVERIFY(!text.isEmpty());
        QVERIFY2(text.contains(QStringLiteral("Demo table: Seen by someone")), qPrintable(text.left(300)));
    }

    void anSvgMapReadsTheSameEverywhere() {
        // A map with outlines and cells over a table with floors (hatched, dashed outlines),
        // written as SVG, states nothing that only some readers draw right: no line width
        // "non-scaling" (an outline 14 times too thick elsewhere), no group opacity (cells
        // drawn black), no pattern tiles (an inch wide in the board's units), and dashes in
        // the drawing's units, a few line widths long (not 4 inches).
        const Scenario s = load("layouts/11e/bm-purge-vs-purge-01.sightline.json");
        QVERIFY(std::ranges::any_of(s.terrain, [](const TerrainPiece& t) { return t.bottom > 0; }));  // (floors)
        render::Overlay overlay;
        overlay.map = render::MapLayer{};
        render::MapLayer& map = *overlay.map;
        map.spacing = 1;
        map.cols = static_cast<int>(s.board.width);
        map.rows = static_cast<int>(s.board.height);
        map.opacity = 0.65;
        map.cells.assign(static_cast<size_t>(map.cols * map.rows), QColor(20, 60, 160, 200));
        map.outlines.push_back({QColor(250, 250, 250), {Ring{{2, 2}, {10, 2}, {10, 8}, {2, 8}}}, false, 2.2});
        map.outlines.push_back({QColor(255, 140, 0), {Ring{{12, 2}, {20, 2}, {20, 8}, {12, 8}}}, true, 2.2});
        map.title = QStringLiteral("Cells and outlines");
        const QString text = svgOf(s, overlay);
        QVERIFY(!text.isEmpty());
        QVERIFY(!text.contains(QStringLiteral("non-scaling-stroke")));
        QVERIFY(!text.contains(QRegularExpression(QStringLiteral("(?<![-\\w])opacity=\""))));
        QVERIFY(!text.contains(QStringLiteral("<pattern")));
        // (Every dash pattern drawn is at most 6 pen widths long: the 4,2 of a dashed line,
        // 6,4 the longest of the board's own.)
        QVERIFY(dashesWithin(text, 6) > 0);
        // The side view's dashes, its pens over half a unit wide, which the generator writes
        // in the drawing's units already: left as they are (not 1.5 times too long).
        const Scenario demo = load("demo.sightline.json");
        const Scene scene(demo);
        const Rulings rulings(scene);
        const int o = static_cast<int>(demo.findModel("b-int-1") - demo.models.data());
        const int t = static_cast<int>(demo.findModel("r-nob") - demo.models.data());
        const SideView view = sideView(scene, rulings, o, t, rulings.evaluate(o, t, Method::Exact));
        QTemporaryDir dir;
        const QString side = dir.filePath(QStringLiteral("side.svg"));
        QString error;
        QVERIFY2(render::sideViewToFile(view, QStringLiteral("o"), QStringLiteral("t"), side, &error), qPrintable(error));
        QFile file(side);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(dashesWithin(QString::fromUtf8(file.readAll()), 4) > 0);  // (dashes 4,2 and dots 1,2)
    }

    // The matrix: numbers for headers (not ids), a dash and no mark for a pair that is not
    // visible, and every symbol of its cells in the legend.
    void rulingMatrixAndLegend() {
        const Scenario s = loadData("sheet-11e-10v10.sightline.json");
        const UnitRuling u = unitRuling(s, "Intercessors", "Boyz");
        QCOMPARE(u.attackers.size(), size_t(10));
        const render::RulingHtml parts = render::rulingParts(s, u, 0, true);
        static const QRegularExpression th(QStringLiteral("<th[^>]*>([^<]*)</th>"));
        QStringList numbers;
        for (auto it = th.globalMatch(parts.matrix); it.hasNext();) {
            const QString head = it.next().captured(1);
            for (const Model& m : s.models) QVERIFY2(head != QString::fromStdString(m.id), qPrintable(head));
            bool number = false;
            head.toInt(&number);
            if (number) numbers << head;
        }
        QCOMPARE(numbers.size(), 20);  // 10 targets across, 10 attackers down
        QCOMPARE(numbers.first(), QStringLiteral("1"));
        // One cell per pair, in order; not visible: the dash alone, even where the pair has cover.
        static const QRegularExpression td(
            QStringLiteral("<td align=center nowrap style='background-color:[^']*; color:[^;']*; white-space:nowrap'>([^<]*)</td>"));
        QStringList cells;
        for (auto it = td.globalMatch(parts.matrix); it.hasNext();) cells << it.next().captured(1);
        QCOMPARE(cells.size(), 100);
        int hiddenCover = 0;
        std::set<QChar> symbols;
        for (size_t i = 0; i < 10; ++i)
            for (size_t j = 0; j < 10; ++j) {
                const PairResult& r = u.pairs[i][j];
                const QString cell = cells[static_cast<int>(i * 10 + j)];
                if (!r.visible) {
                    QCOMPARE(cell, QStringLiteral("\u2013"));
                    hiddenCover += r.cover.value_or(false);
                } else {
                    QVERIFY2(cell.startsWith(r.fully_visible ? QLatin1Char('F') : QLatin1Char('V')), qPrintable(cell));
                    QCOMPARE(cell.contains(QLatin1Char('C')), r.cover.value_or(false));
                }
                for (QChar c : cell)
                    if (!c.isSpace()) symbols.insert(c);
            }
        QVERIFY2(hiddenCover > 0, "the table should hold a pair that is not visible yet counts towards cover");
        QVERIFY(symbols.size() >= 4);  // F, V, the dash, C
        for (QChar c : symbols)
            QVERIFY2(parts.legend.contains(QStringLiteral("<b>%1</b>").arg(c)), qPrintable(QString(c)));
        QVERIFY(parts.legend.contains(QStringLiteral("still counts towards its unit's cover")));
        // The reasons name pieces by their labels (the name, with the id when names repeat).
        QVERIFY2(parts.reasons.contains(QStringLiteral("<b>BigRect EF GH (area-08)</b>")), qPrintable(parts.reasons));
        QVERIFY(!parts.reasons.contains(QStringLiteral("<a ")));  // the sheet has no links
        const std::vector<int> cited = render::citedPieces(s, u);
        for (const auto& row : u.pairs)
            for (const PairResult& r : row)
                for (size_t k = 0; k < r.reasons.size(); ++k) {
                    const QString text = render::reasonText(s, r, k);
                    for (int t : cited) {
                        const QString id = QString::fromStdString(s.terrain[t].id);
                        // An id shows only inside its label's brackets.
                        QVERIFY2(!text.contains(QRegularExpression(QStringLiteral("(^|[^(\\w-])%1($|[^\\w-])").arg(id))),
                                 qPrintable(text));
                    }
                }
    }

    // The rulings write labels (Scenario::labelOf: a repeated name carries its id) and list
    // the ids each reason cites (reason_ids): the sheet keeps them as written, and links
    // each label to its id in order.
    void reasonsCitingByLabel() {
        const Scenario s = loadData("sheet-11e-10v10.sightline.json");  // area-04 and area-12: "SmallRect L"
        QCOMPARE(s.labelOf("area-12"), std::string("SmallRect L (area-12)"));
        QCOMPARE(s.labelOf("boy-1"), std::string("Boss Nob"));
        PairResult r;
        r.observer = "int-1";
        r.target = "boy-1";
        r.reasons = {"06.01 no sight line: blocked by " + s.labelOf("area-12") + ", " + s.labelOf("area-04"),
                     "13.08 cover: " + s.labelOf("boy-1") + " is INFANTRY within " + s.labelOf("area-12"),
                     "03.04 engagement range: 1.50\" apart"};
        r.reason_ids = {{"area-12", "area-04"}, {"boy-1", "area-12"}, {}};
        QCOMPARE(render::reasonText(s, r, 0), QStringLiteral("06.01 no sight line: blocked by SmallRect L (area-12), SmallRect L (area-04)"));
        QCOMPARE(render::reasonText(s, r, 1), QStringLiteral("13.08 cover: Boss Nob is INFANTRY within SmallRect L (area-12)"));
        QCOMPARE(render::reasonText(s, r, 2), QStringLiteral("03.04 engagement range: 1.50\" apart"));
        UnitRuling u;
        u.attackerUnit = "Intercessors";
        u.targetUnit = "Boyz";
        u.attackers = {static_cast<int>(s.findModel("int-1") - s.models.data())};
        u.targets = {static_cast<int>(s.findModel("boy-1") - s.models.data())};
        u.pairs = {{r}};
        u.unitVisible = u.unitFullyVisible = u.coverAgainst = {0};
        u.coverOf = {0};
        std::vector<std::string> cited;
        for (int t : render::citedPieces(s, u)) cited.push_back(s.terrain[t].id);
        QCOMPARE(cited, (std::vector<std::string>{"area-04", "area-12"}));
        const QString panel = render::rulingHtml(s, u);
        QVERIFY2(panel.contains(QStringLiteral("<a href='id:area-12'><b>SmallRect L (area-12)</b></a>, "
                                               "<a href='id:area-04'><b>SmallRect L (area-04)</b></a>")),
                 qPrintable(panel));
        QVERIFY(panel.contains(QStringLiteral("<a href='id:boy-1'>Boss Nob</a>")));
    }

    // The summary's cover is the unit ruling's, as the CLI says it: a target unit no attacking
    // model sees (a window 13.11 closes) has it against them all (13.08: not fully visible
    // because of terrain), and the sheet says so with why.
    void summaryCoverIsTheUnitRulings() {
        const Scenario s = load("wh40k-11e/14-windows-13-11.sightline.json");
        const Scene scene(s);
        const Rulings rulings(scene);
        const UnitRuling u = rulings.units("O1", "T1", Method::Exact);
        QVERIFY(!u.visible);
        QVERIFY(u.cover);
        const QString summary = render::rulingParts(s, u, 0, true).summary;
        QVERIFY2(summary.contains(QStringLiteral("<b>yes</b> (no attacking model sees the unit; it would have cover against each of them)")), qPrintable(summary));
    }

    // A side view goes under the reasons when the lower half of their last page is free: a
    // short ruling with one pair in dispute is two pages, the side view on the second.
    void sideViewSharesTheReasonsPage() {
        const Scenario s = load("wh40k-11e/14-windows-13-11.sightline.json");
        const Scene scene(s);
        const Rulings rulings(scene);
        const UnitRuling u = rulings.units("O1", "T1", Method::Exact);
        const std::vector<render::SheetSideView> views = render::disputedSideViews(scene, rulings, u, {{u.attackers[0], u.targets[0]}});
        QCOMPARE(views.size(), size_t(1));
        QTemporaryDir dir;
        const QString pdf = dir.filePath(QStringLiteral("sheet.pdf"));
        QString error;
        int pages = 0;
        QVERIFY2(render::writeRulingSheet(s, u, pdf, &error, &pages, views), qPrintable(error));
        const PdfText text = pdfText(pdf);
        if (text.pages.isEmpty()) QSKIP("pdftotext (poppler-utils) is not installed");
        QCOMPARE(pages, 2);
        QVERIFY(text.pages[1].contains(QStringLiteral("Reasons")));
        QVERIFY(text.pages[1].contains(QStringLiteral("Side view")));
        QVERIFY(text.pages[1].contains(QStringLiteral("closed to sight")));
        // Three in dispute: the first under the reasons, the other two on a page of their own.
        int three = 0;
        QVERIFY2(render::writeRulingSheet(s, u, pdf, &error, &three, {views[0], views[0], views[0]}), qPrintable(error));
        QCOMPARE(three, 3);
        const PdfText more = pdfText(pdf);
        QCOMPARE(more.pages[2].count(QStringLiteral("Side view")), 2);
    }

    // The panel: the same parts, tables of at most 10 targets, reasons linking the ids.
    void rulingPanel() {
        const Scenario& s = table30();
        const UnitRuling& u = ruling30();
        const QString html = render::rulingHtml(s, u);
        QCOMPARE(html.count(QStringLiteral("<table border=1")), 3);  // 30 targets: three tables of 10
        QVERIFY(html.contains(QStringLiteral("(21&ndash;30 of 30)")));
        QVERIFY(html.contains(QStringLiteral("Legend")));
        QVERIFY2(html.contains(QStringLiteral("<a href='id:area-08'><b>BigRect EF GH (area-08)</b></a>")), qPrintable(html.left(2000)));
    }

    // 30 against 30: more than one page, no text under 8 pt, every model's number and every
    // cited piece's label on the map, the matrix's headers and the reasons' labels in the text.
    void rulingSheetPages() {
        const Scenario& s = table30();
        const UnitRuling& u = ruling30();
        QTemporaryDir dir;
        const QString pdf = dir.filePath(QStringLiteral("sheet.pdf"));
        QString error;
        int pages = 0;
        QVERIFY2(render::writeRulingSheet(s, u, pdf, &error, &pages), qPrintable(error));
        QVERIFY2(pages > 1, qPrintable(QString::number(pages)));
        QFile f(pdf);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.read(5) == "%PDF-");
        const PdfText text = pdfText(pdf);
        if (text.pages.isEmpty()) QSKIP("pdftotext (poppler-utils) is not installed");
        QCOMPARE(text.pages.size(), pages);
        for (int k = 0; k < pages; ++k) {
            // DejaVu's words stand about 1.16 times their size high: 8 pt is 9.3 pt high.
            QVERIFY2(text.smallest[k] >= 9.2, qPrintable(QStringLiteral("page %1: %2").arg(k + 1).arg(text.smallest[k])));
            QVERIFY(text.pages[k].contains(QStringLiteral("page %1 of %2").arg(k + 1).arg(pages)));
            QVERIFY(text.pages[k].contains(render::scenarioFingerprint(s)));
        }
        // Page one is the map: the numbers 1 to 30 (twice), the cited pieces by label.
        const QStringList words = text.pages[0].split(QLatin1Char(' '));
        for (int n = 1; n <= 30; ++n) QVERIFY2(words.count(QString::number(n)) >= 2, qPrintable(QString::number(n)));
        const std::vector<int> cited = render::citedPieces(s, u);
        QVERIFY(cited.size() >= 3);
        for (int t : cited) {
            const QString label = render::sheetLabel(s, s.terrain[t].id);
            QVERIFY2(text.pages[0].contains(label), qPrintable(label));
        }
        const QString all = text.pages.join(QLatin1Char(' '));
        QVERIFY(all.contains(QStringLiteral("Termagants \u2193 Gretchin \u2192 (1\u201315 of 30)")));
        QVERIFY(all.contains(QStringLiteral("13.10 obscuring")));
        QVERIFY(!all.contains(QStringLiteral(" area-08 ")));  // by label: BigRect EF GH (area-08)
        // The PNG: 150 dpi A4 landscape pages one under the other.
        const QString png = dir.filePath(QStringLiteral("sheet.png"));
        QVERIFY2(render::writeRulingSheet(s, u, png, &error), qPrintable(error));
        const QImage image(png);
        QCOMPARE(image.width(), 1754);
        QCOMPARE(image.height(), 1240 * pages);
    }

    // The sheet ends with side views: of the pair named in dispute, else of the closest call
    // (here a line that clears a long low wall by 0.05"), else none.
    void rulingSheetSideViews() {
        Scenario s;
        s.board = {24, 24};
        s.ruleset.name = "true-los";
        s.models = {testing::infantry("a1", {4, 12}, "A"), testing::infantry("a2", {4, 6}, "A"),
                    testing::infantry("b1", {20, 12}, "B")};
        s.terrain = {testing::wall("low-wall", 11.9, 0, 12.1, 24, 1.70)};
        s.terrain[0].name = "Low Wall";
        const Scene scene(s);
        const Rulings rulings(scene);
        const UnitRuling u = rulings.units("A", "B", Method::Exact);
        QVERIFY(u.pairs[0][0].visible && u.pairs[1][0].visible);
        std::vector<render::SheetSideView> views = render::disputedSideViews(scene, rulings, u, {});
        QCOMPARE(views.size(), size_t(1));
        QVERIFY(views[0].why.contains(QStringLiteral("closest call")));
        QVERIFY(views[0].view.witness);
        QCOMPARE(views[0].attacker, 0);  // (a2's line clears it by as much: the first pair is shown)
        QCOMPARE(views[0].target, 2);
        QVERIFY(views[0].view.closest >= 0);
        const SectionPiece& near = views[0].view.pieces[static_cast<size_t>(views[0].view.closest)];
        QCOMPARE(near.label, std::string("Low Wall"));
        QVERIFY2(near.clearance >= 0.049 && near.clearance < 0.1, qPrintable(QString::number(near.clearance)));
        // Named: that pair only.
        views = render::disputedSideViews(scene, rulings, u, {{1, 2}});
        QCOMPARE(views.size(), size_t(1));
        QCOMPARE(views[0].attacker, 1);
        QVERIFY(views[0].why.contains(QStringLiteral("dispute")));
        // The wall lowered to 0.5" (the lines pass 1.25" over it): no close call, no side view.
        Scenario high = s;
        high.terrain[0].height = 0.5;
        const Scene highScene(high);
        const Rulings highRulings(highScene);
        QVERIFY(render::disputedSideViews(highScene, highRulings, highRulings.units("A", "B", Method::Exact), {}).empty());
        // On the sheet: one page more, which names the pair and says why it is shown.
        QTemporaryDir dir;
        QString error;
        int without = 0, with = 0;
        QVERIFY2(render::writeRulingSheet(s, u, dir.filePath(QStringLiteral("a.pdf")), &error, &without), qPrintable(error));
        views = render::disputedSideViews(scene, rulings, u, {{0, 2}, {1, 2}, {0, 2}});
        QCOMPARE(views.size(), size_t(3));
        QVERIFY2(render::writeRulingSheet(s, u, dir.filePath(QStringLiteral("b.pdf")), &error, &with, views), qPrintable(error));
        QCOMPARE(with, without + 2);  // two side views to a page
        const PdfText text = pdfText(dir.filePath(QStringLiteral("b.pdf")));
        if (text.pages.isEmpty()) QSKIP("pdftotext (poppler-utils) is not installed");
        QCOMPARE(text.pages.size(), with);
        const QString last = text.pages.back(), before = text.pages[with - 2];
        QVERIFY2(before.contains(QStringLiteral("Side view: attacker 1 (a1) to target 1 (b1)")), qPrintable(before));
        QVERIFY(before.contains(QStringLiteral("Side view: attacker 2 (a2) to target 1 (b1)")));
        QVERIFY(before.contains(QStringLiteral("passes 0.05\" over Low Wall")));
        QVERIFY(last.contains(QStringLiteral("Side view: attacker 1 (a1)")));
    }

    // The sheet's reasons say each thing once, with the pairs it is said of: every reason of
    // every pair is found, its two models written "the attacker" and "the target", on a line
    // whose pairs include that pair (read back from the plates' numbers), and no line lists a
    // pair that does not give it. Checked against the ruling by plain text replacement.
    void rulingSheetReasonsSaidOnce_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("attacker");
        QTest::addColumn<QString>("target");
        QTest::newRow("10 v 10, official layout") << QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/wh40k-11e/12-official-layout-units.sightline.json")
                                                 << QStringLiteral("intercessors") << QStringLiteral("boyz");
        QTest::newRow("30 v 30") << QStringLiteral(SIGHTLINE_SOURCE_DIR "/tests/data/sheet-11e-30v30.sightline.json")
                                 << QStringLiteral("Termagants") << QStringLiteral("Gretchin");
        QTest::newRow("10e, 5 v 5") << QStringLiteral(SIGHTLINE_SOURCE_DIR "/tests/data/sheet-10e-5v5.sightline.json")
                                    << QStringLiteral("Devastators") << QStringLiteral("Boyz");
    }
    void rulingSheetReasonsSaidOnce() {
        QFETCH(QString, file);
        QFETCH(QString, attacker);
        QFETCH(QString, target);
        io::ReadResult read = io::readScenarioFile(file);
        QVERIFY(read.scenario);
        const Scenario& s = *read.scenario;
        const UnitRuling u = file.contains(QStringLiteral("30v30")) ? ruling30()
                                                                     : unitRuling(s, attacker.toUtf8().constData(), target.toUtf8().constData());
        const QString html = render::rulingParts(s, u, 0, true).reasons;
        // Each line: its text, and the pairs (attacking model, target model) it names.
        std::map<QString, std::set<std::pair<int, int>>> lines;
        static const QRegularExpression row(QStringLiteral("<tr><td>(.*?) &nbsp;&mdash;&nbsp; (.*?)</td></tr>"));
        static const QRegularExpression number(QStringLiteral(">&nbsp;(\\d+)&nbsp;<"));
        for (auto it = row.globalMatch(html); it.hasNext();) {
            const QRegularExpressionMatch m = it.next();
            QTextDocument text;
            text.setHtml(m.captured(1));
            const QString said = text.toPlainText().simplified();
            QVERIFY2(!lines.count(said), qPrintable(QStringLiteral("said twice: ") + said));
            std::set<std::pair<int, int>>& pairs = lines[said];
            for (const QString& group : m.captured(2).split(QStringLiteral("&middot;"))) {
                const QStringList sides = group.split(QStringLiteral("&rarr;"));
                QCOMPARE(sides.size(), 2);
                auto numbers = [&](const QString& side) {  // "1 3 to 5" as 1, 3, 4, 5
                    std::vector<int> out;
                    const QStringList pieces = side.split(QStringLiteral("&nbsp;to&nbsp;"));
                    for (qsizetype p = 0; p < pieces.size(); ++p) {
                        std::vector<int> here;
                        for (auto n = number.globalMatch(pieces[p]); n.hasNext();) here.push_back(n.next().captured(1).toInt());
                        if (p > 0 && !out.empty() && !here.empty())  // after "to": the run's middle
                            for (int k = out.back() + 1; k < here.front(); ++k) out.push_back(k);
                        out.insert(out.end(), here.begin(), here.end());
                    }
                    return out;
                };
                for (int a : numbers(sides[0]))
                    for (int t : numbers(sides[1])) pairs.insert({a - 1, t - 1});
            }
        }
        QVERIFY(!lines.empty());
        // The ruling's reasons, each pair's models replaced by plain text.
        std::map<QString, std::set<std::pair<int, int>>> expected;
        auto replaceWord = [](QString text, const QString& word, const QString& by) {
            return text.replace(QRegularExpression(QStringLiteral("(?<![\\w-])") + QRegularExpression::escape(word) +
                                                   QStringLiteral("(?![\\w-])")),
                                by);
        };
        for (size_t i = 0; i < u.attackers.size(); ++i)
            for (size_t j = 0; j < u.targets.size(); ++j) {
                const PairResult& r = u.pairs[i][j];
                for (size_t k = 0; k < r.reasons.size(); ++k) {
                    QString text = render::reasonText(s, r, k);
                    text = replaceWord(text, QString::fromStdString(s.labelOf(s.models[u.attackers[i]].id)), QStringLiteral("the attacker"));
                    text = replaceWord(text, QString::fromStdString(s.labelOf(s.models[u.targets[j]].id)), QStringLiteral("the target"));
                    // (13.09's distance, different for each pair, is left out: "is beyond".)
                    text.replace(QRegularExpression(QStringLiteral("[0-9.]+\" away, beyond")), QStringLiteral("beyond"));
                    expected[text.simplified()].insert({static_cast<int>(i), static_cast<int>(j)});
                }
            }
        QCOMPARE(lines.size(), expected.size());
        for (const auto& [text, pairs] : expected) {
            QVERIFY2(lines.count(text), qPrintable(QStringLiteral("not on the sheet: ") + text));
            QVERIFY2(lines[text] == pairs, qPrintable(QStringLiteral("other pairs for: ") + text));
        }
    }

    // The judge's sheet for ten against ten on an official layout is two pages: the map with
    // the verdict and the legend, then the matrix with the reasons.
    void rulingSheetTenAgainstTenOnTwoPages() {
        io::ReadResult read = io::readScenarioFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/wh40k-11e/12-official-layout-units.sightline.json"));
        QVERIFY(read.scenario);
        const UnitRuling u = unitRuling(*read.scenario, "intercessors", "boyz");
        QTemporaryDir dir;
        QString error;
        int pages = 0;
        QVERIFY2(render::writeRulingSheet(*read.scenario, u, dir.filePath(QStringLiteral("s.pdf")), &error, &pages), qPrintable(error));
        QCOMPARE(pages, 2);
        const PdfText text = pdfText(dir.filePath(QStringLiteral("s.pdf")));
        if (text.pages.isEmpty()) QSKIP("pdftotext (poppler-utils) is not installed");
        QVERIFY(text.pages[1].contains(QStringLiteral("Matrix")));
        QVERIFY(text.pages[1].contains(QStringLiteral("Reasons")));
        QCOMPARE(text.pages[1].count(QStringLiteral("the target cannot be seen by the attacker because of terrain")), 1);
        for (double smallest : text.smallest) QVERIFY(smallest >= 9.2);  // (8 pt at least)
    }

    // A small ruling fits on one page; 10e gives each target model's cover under its column.
    void rulingSheetSmall() {
        const Scenario s = loadData("sheet-10e-5v5.sightline.json");
        const UnitRuling u = unitRuling(s, "Devastators", "Boyz");
        const render::RulingHtml parts = render::rulingParts(s, u, 0, true);
        QVERIFY(parts.matrix.contains(QStringLiteral("<th align=left>cover</th>")));
        QVERIFY(parts.reasons.contains(QStringLiteral("<b>Ruined Manufactorum</b>")));
        QTemporaryDir dir;
        QString error;
        int pages = 0;
        QVERIFY2(render::writeRulingSheet(s, u, dir.filePath(QStringLiteral("s.pdf")), &error, &pages), qPrintable(error));
        QVERIFY(pages <= 2);
        const PdfText text = pdfText(dir.filePath(QStringLiteral("s.pdf")));
        if (text.pages.isEmpty()) QSKIP("pdftotext (poppler-utils) is not installed");
        QVERIFY(text.pages[0].contains(QStringLiteral("Ruined Manufactorum")));  // labelled on the map
        QVERIFY(text.pages.join(QLatin1Char(' ')).contains(QStringLiteral("wh40k-10e")));
    }
};

QTEST_MAIN(TestRender)
#include "tst_render.moc"
