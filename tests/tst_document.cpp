// The scenario document: edits go through its undo stack, a drag undoes in one step,
// saving marks it clean, and a bad file leaves it as it was.
#include "scenario_document.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace sl;

namespace {
const QString kDemo = QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/demo.sightline.json");
constexpr int kDragKey = 1;
}  // namespace

class TestDocument : public QObject {
    Q_OBJECT
private slots:
    void editUndoRedo() {
        ScenarioDocument doc;
        QVERIFY(doc.open(kDemo, nullptr));
        QVERIFY(!doc.isModified());
        const Vec2 start = doc.scenario().models[0].position;
        QSignalSpy changed(&doc, &ScenarioDocument::changed);
        doc.edit(QStringLiteral("Raise model"), [](Scenario& s) { s.models[0].elevation = 3; });
        QCOMPARE(doc.scenario().models[0].elevation, 3.0);
        QVERIFY(doc.isModified());
        QCOMPARE(changed.count(), 1);
        doc.undoStack()->undo();
        QCOMPARE(doc.scenario().models[0].elevation, 0.0);
        QCOMPARE(doc.scenario().models[0].position, start);
        QVERIFY(!doc.isModified());
        doc.undoStack()->redo();
        QCOMPARE(doc.scenario().models[0].elevation, 3.0);
        QCOMPARE(doc.undoStack()->undoText(), QStringLiteral("Raise model"));
    }

    void aDragUndoesInOneStep() {
        ScenarioDocument doc;
        QVERIFY(doc.open(kDemo, nullptr));
        const Vec2 start = doc.scenario().models[2].position;
        for (int i = 1; i <= 5; ++i)
            doc.edit(QStringLiteral("Move model"), [i](Scenario& s) { s.models[2].position.x += 0.1 * i; }, kDragKey);
        QCOMPARE(doc.undoStack()->count(), 1);
        doc.undoStack()->undo();
        QCOMPARE(doc.scenario().models[2].position, start);
        // A different kind of edit after the drag is a step of its own.
        doc.undoStack()->redo();
        doc.edit(QStringLiteral("Rename"), [](Scenario& s) { s.name = "Renamed table"; });
        QCOMPARE(doc.undoStack()->count(), 2);
    }

    void saveMarksCleanAndRoundTrips() {
        QTemporaryDir dir;
        ScenarioDocument doc;
        QVERIFY(doc.open(kDemo, nullptr));
        QString error;
        QVERIFY(!ScenarioDocument().save(&error));  // no file yet: a message, not a crash
        QVERIFY(error.contains(QStringLiteral("no file")));
        doc.edit(QStringLiteral("Move"), [](Scenario& s) { s.models[0].position = {30, 30}; });
        const QString path = dir.filePath(QStringLiteral("copy.sightline.json"));
        QVERIFY2(doc.saveAs(path, &error), qPrintable(error));
        QVERIFY(!doc.isModified());
        QCOMPARE(doc.filePath(), path);
        ScenarioDocument again;
        QVERIFY(again.open(path, nullptr));
        QCOMPARE(again.scenario().models[0].position, (Vec2{30, 30}));
        QCOMPARE(again.scenario().terrain.size(), doc.scenario().terrain.size());
    }

    void aBadFileChangesNothing() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"format\": \"sightline-scenario\", \"version\": 1}");
        f.close();
        ScenarioDocument doc;
        QVERIFY(doc.open(kDemo, nullptr));
        doc.edit(QStringLiteral("Rename"), [](Scenario& s) { s.name = "mine"; });
        QList<io::Problem> problems;
        QVERIFY(!doc.open(path, &problems));
        QVERIFY(!problems.isEmpty());
        QCOMPARE(problems.front().path, QStringLiteral("board"));
        QCOMPARE(doc.scenario().name, std::string("mine"));
        QCOMPARE(doc.filePath(), kDemo);
        QVERIFY(doc.isModified());
    }
};

QTEST_GUILESS_MAIN(TestDocument)
#include "tst_document.moc"
