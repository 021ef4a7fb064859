// The renderer: the witness line's pixels are green, a blocked line's red up to its
// first blocker, and the three export formats are written.
#include "board_renderer.h"
#include "kernel/base.h"
#include "los/scene.h"
#include "scenario_io.h"

#include <QImage>
#include <QTemporaryDir>
#include <QtTest>

using namespace sl;

namespace {

Scenario load(const char* relative) {
    io::ReadResult r = io::readScenarioFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/") + QLatin1String(relative));
    if (!r.scenario) qFatal("cannot read %s", relative);
    return *r.scenario;
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

bool near(const QColor& a, const QColor& b) {
    return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue()) < 40;
}

}  // namespace

class TestRender : public QObject {
    Q_OBJECT
private slots:
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
};

QTEST_MAIN(TestRender)
#include "tst_render.moc"
