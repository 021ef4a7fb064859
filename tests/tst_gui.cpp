// The window as a user drives it, offscreen: pick an observer and a target by clicking,
// read the ruling panel, drag a model (one undo step), undo and redo, switch the method,
// observer against all enemies, save and reopen.
#include "board_view.h"
#include "main_window.h"
#include "scenario_io.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace sl;

namespace {
const QString kDemo = QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/demo.sightline.json");

QPoint at(gui::BoardView* view, Vec2 inches) { return view->toWidget(QPointF(inches.x, inches.y)).toPoint(); }
}  // namespace

class TestGui : public QObject {
    Q_OBJECT
private slots:
    void init() {
        // Settings of earlier runs must not leak into a test.
        QCoreApplication::setOrganizationName(QStringLiteral("SightlineTests"));
        QSettings().clear();
    }

    void pickObserverAndTargetByClicking() {
        gui::MainWindow w;
        w.resize(1200, 800);
        QVERIFY(w.openFile(kDemo, true));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        gui::BoardView* view = w.board();
        const Scenario& s = w.document()->scenario();
        const int observer = view->modelIndex(QStringLiteral("b-int-1"));
        const int target = view->modelIndex(QStringLiteral("r-nob"));
        QTest::mouseClick(view, Qt::LeftButton, {}, at(view, s.models[observer].position));
        QCOMPARE(view->observer(), observer);
        QVERIFY(w.rulingLabel()->text().contains(QStringLiteral("Observer")));
        QTest::mouseClick(view, Qt::LeftButton, Qt::ShiftModifier, at(view, s.models[target].position));
        QCOMPARE(view->target(), target);
        QVERIFY(view->ruling().has_value());
        QCOMPARE(view->ruling()->visible, false);  // behind the south-east ruin
        QVERIFY2(w.rulingLabel()->text().contains(QStringLiteral("Not visible")), qPrintable(w.rulingLabel()->text()));
        QVERIFY(w.rulingLabel()->text().contains(QStringLiteral("ruin-se")));
        QVERIFY(!view->overlay().blocked.empty());  // the red lines
        // Another target, seen: the witness is drawn.
        QTest::mouseClick(view, Qt::RightButton, {}, at(view, s.models[view->modelIndex(QStringLiteral("r-grot"))].position));
        QVERIFY(view->ruling()->visible);
        QVERIFY(w.rulingLabel()->text().contains(QStringLiteral("Visible")));
    }

    void dragIsOneUndoStep() {
        gui::MainWindow w;
        w.resize(1200, 800);
        QVERIFY(w.openFile(kDemo, true));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        gui::BoardView* view = w.board();
        const int model = view->modelIndex(QStringLiteral("b-captain"));
        const Vec2 start = w.document()->scenario().models[model].position;
        QTest::mousePress(view, Qt::LeftButton, {}, at(view, start));
        for (int i = 1; i <= 5; ++i) QTest::mouseMove(view, at(view, start + Vec2{1.0 * i, 0.5 * i}));
        QTest::mouseRelease(view, Qt::LeftButton, {}, at(view, start + Vec2{5, 2.5}));
        const Vec2 moved = w.document()->scenario().models[model].position;
        QVERIFY(std::abs(moved.x - (start.x + 5)) < 0.1 && std::abs(moved.y - (start.y + 2.5)) < 0.1);
        QCOMPARE(w.document()->undoStack()->count(), 1);
        QVERIFY(w.isWindowModified());
        w.document()->undoStack()->undo();
        QCOMPARE(w.document()->scenario().models[model].position, start);
        w.document()->undoStack()->redo();
        QCOMPARE(w.document()->scenario().models[model].position, moved);
    }

    void methodAndAllEnemies() {
        gui::MainWindow w;
        QVERIFY(w.openFile(kDemo, true));
        gui::BoardView* view = w.board();
        view->setObserver(view->modelIndex(QStringLiteral("b-int-2")));
        view->setTarget(view->modelIndex(QStringLiteral("r-boy-5")));
        view->setMethod(Method::Sampled);
        QCOMPARE(view->ruling()->method, Method::Sampled);
        QVERIFY(w.rulingLabel()->text().contains(QStringLiteral("sampled")));
        QVERIFY(!view->overlay().debugLines.empty());  // the lines the sampled method may try
        view->setAllEnemies(true);
        QCOMPARE(view->overlay().enemies.size(), size_t(10));
        QVERIFY(w.rulingLabel()->text().contains(QStringLiteral("against all enemies")));
    }

    void saveAndReopen() {
        QTemporaryDir dir;
        gui::MainWindow w;
        QVERIFY(w.openFile(kDemo, true));
        w.document()->edit(QStringLiteral("Move"), [](Scenario& s) { s.models[0].position = {20, 20}; });
        const QString path = dir.filePath(QStringLiteral("table.sightline.json"));
        QVERIFY(w.saveTo(path));
        QVERIFY(!w.isWindowModified());
        const QByteArray saved = io::writeScenario(w.document()->scenario());
        gui::MainWindow again;
        QVERIFY(again.openFile(path, true));
        QCOMPARE(io::writeScenario(again.document()->scenario()), saved);
        // A bad file leaves the open table as it was.
        QFile bad(dir.filePath(QStringLiteral("bad.json")));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("{ not json");
        bad.close();
        QVERIFY(!again.openFile(bad.fileName(), true));
        QCOMPARE(io::writeScenario(again.document()->scenario()), saved);
    }
};

QTEST_MAIN(TestGui)
#include "tst_gui.moc"
