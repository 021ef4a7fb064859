// The window as a user drives it, offscreen: pick an observer and a target by clicking,
// read the ruling panel, drag a model (one undo step), undo and redo, switch the method,
// observer against all enemies, save and reopen; edit the table: place a model from the
// palette, draw polygon and rectangle terrain, select with a rubber band, duplicate, rotate
// and delete, edit fields in the inspector (bad values refused), recover autosaved work.
#include "analysis_panel.h"
#include "analysis_layer.h"
#include "side_view_widget.h"
#include "eliding_combo_box.h"
#include "board_view.h"
#include "catalog_dialog.h"
#include "inspector.h"
#include "kernel/base.h"
#include "kernel/polygon.h"
#include "layout_dialog.h"
#include "main_window.h"
#include "prompts.h"
#include "guide_dialog.h"
#include "legend.h"
#include "table_size_dialog.h"
#include "tile_map_window.h"
#include "grid/fov.h"
#include "grid/fog_script.h"
#include "scenario_io.h"
#include "table_generator.h"
#include "fixtures.h"
#include "fog_state_io.h"
#include "fog_history_dialog.h"
#include "rules/table_fog.h"
#include "rules/rulings.h"
#include "los/scene.h"
#include "ruling_html.h"

#include <QProxyStyle>
#include <QStyleOptionComboBox>
#include <QComboBox>
#include <QLineEdit>
#include <QListWidget>
#include <QSpinBox>
#include <QDoubleSpinBox>
#include <QStatusBar>
#include <QTextBrowser>
#include <QToolTip>
#include <QFormLayout>
#include <QAbstractButton>
#include <QTemporaryDir>
#include <QProcess>
#include <QStandardPaths>
#include <QDockWidget>
#include <QCheckBox>
#include <QPointer>
#include <QUndoStack>
#include <QPushButton>
#include <QSlider>
#include <QStyleOptionComboBox>
#include <QScrollArea>
#include <QScrollBar>
#include <QRegularExpression>
#include <QWheelEvent>
#include <QApplication>
#include <QProgressBar>
#include <QtTest>

#include <optional>

using namespace sl;

namespace {
const QString kDemo = QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/demo.sightline.json");

// How long a test waits for what the window works out off its thread (a map, hiding spots,
// a unit ruling, a side's view) before it fails: a guard against a hang, not a timing; each
// wait returns as soon as the work is done. Ten minutes: under the sanitizers, beside two
// other suites on two cores, one table's hiding spots took over two.
constexpr int kWorkMs = 600000;

QPoint at(gui::BoardView* view, Vec2 inches) { return view->toWidget(QPointF(inches.x, inches.y)).toPoint(); }

// Answers the window's questions in the person's place, in order, and keeps what was asked.
class ScriptedPrompts : public gui::Prompts {
public:
    QStringList saveNames;                          // answers to "save to which file?" ("" cancels)
    QStringList openNames;                          // answers to "open which file?"
    QList<QMessageBox::StandardButton> answers;     // answers to questions
    QStringList asked;                              // "save-file: caption", "warning: title: text", ...

    QStringList saveStarts;                         // where each save dialog started
    QStringList saveFilters;                        // and the file types it offered
    QList<gui::Prompts::ExampleSave> exampleAnswers;  // answers to "save over an example?"
    QString saveFileName(QWidget*, const QString& caption, const QString& start, const QString& filter) override {
        asked << QStringLiteral("save-file: ") + caption;
        saveStarts << start;
        saveFilters << filter;
        return saveNames.isEmpty() ? QString() : saveNames.takeFirst();
    }
    QStringList openStarts;                         // where each open dialog started
    QString openFileName(QWidget*, const QString& caption, const QString& start, const QString&) override {
        asked << QStringLiteral("open-file: ") + caption;
        openStarts << start;
        return openNames.isEmpty() ? QString() : openNames.takeFirst();
    }
    QMessageBox::StandardButton saveChanges(QWidget*, const QString& text) override {
        asked << QStringLiteral("save-changes: ") + text;
        return answers.isEmpty() ? QMessageBox::Cancel : answers.takeFirst();
    }
    QMessageBox::StandardButton question(QWidget*, const QString& title, const QString&, QMessageBox::StandardButtons,
                                         QMessageBox::StandardButton) override {
        asked << QStringLiteral("question: ") + title;
        return answers.isEmpty() ? QMessageBox::Cancel : answers.takeFirst();
    }
    gui::Prompts::ExampleSave saveOverExample(QWidget*, const QString& text) override {
        asked << QStringLiteral("save-example: ") + text;
        return exampleAnswers.isEmpty() ? gui::Prompts::ExampleSave::Cancel : exampleAnswers.takeFirst();
    }
    void warning(QWidget*, const QString& title, const QString& text) override {
        asked << QStringLiteral("warning: %1: %2").arg(title, text);
    }
    QList<double> numbers;  // answers to "a number"
    double number(QWidget*, const QString& title, const QString&, double, double, double, int, bool* ok) override {
        asked << QStringLiteral("number: ") + title;
        *ok = !numbers.isEmpty();
        return numbers.isEmpty() ? 0 : numbers.takeFirst();
    }
    QStringList texts;  // answers to "type a line"
    QString text(QWidget*, const QString& title, const QString&, const QString&, bool* ok) override {
        asked << QStringLiteral("text: ") + title;
        *ok = !texts.isEmpty();
        return texts.isEmpty() ? QString() : texts.takeFirst();
    }
    void information(QWidget*, const QString& title, const QString& text) override {
        asked << QStringLiteral("information: %1: %2").arg(title, text);
    }
    bool askedFor(const QString& start) const {
        for (const QString& a : asked)
            if (a.startsWith(start)) return true;
        return false;
    }
};

ScriptedPrompts* scripted(gui::MainWindow& w) {
    auto prompts = std::make_unique<ScriptedPrompts>();
    ScriptedPrompts* raw = prompts.get();
    w.setPrompts(std::move(prompts));
    return raw;
}

QByteArray contents(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// A copy of the demo in `dir`, to be opened, changed and saved over.
QString demoCopy(const QTemporaryDir& dir, const QString& name) {
    const QString path = dir.filePath(name);
    QFile::copy(kDemo, path);
    QFile(path).setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    return path;
}

// The table saved as `name` in `dir` and opened in the window, as a person opens a file:
// whether both worked (a file not saved says why).
bool openSaved(gui::MainWindow& w, const QTemporaryDir& dir, const Scenario& s, const QString& name) {
    const QString file = dir.filePath(name);
    QString error;
    if (!io::saveScenarioFile(s, file, &error)) {
        qWarning("%s", qPrintable(error));
        return false;
    }
    return w.openFile(file, true);
}

// The window shown at `size` (1280 x 760) with its Analysis dock raised, as a person sees it
// (the dock's layout is then real): whether it is.
bool showWithAnalysisDock(gui::MainWindow& w, QSize size = {1280, 760}) {
    w.resize(size);
    w.show();
    if (!QTest::qWaitForWindowExposed(&w)) return false;
    auto* dock = w.findChild<QDockWidget*>(QStringLiteral("analysis"));
    if (!dock) return false;
    dock->show();
    dock->raise();
    return w.analysis()->isVisible();
}

void trigger(gui::MainWindow& w, const char* action) {
    QAction* a = w.findChild<QAction*>(QLatin1String(action));
    QVERIFY2(a, action);
    a->trigger();
}

// The demo open in a shown window of a fixed size, as a user would have it.
bool showDemo(gui::MainWindow& w) {
    w.resize(1200, 800);
    if (!w.openFile(kDemo, true)) return false;
    w.show();
    return QTest::qWaitForWindowExposed(&w);
}

// The official layout with two units of ten, in a shown window of this size.
bool showOfficialUnits(gui::MainWindow& w, QSize size) {
    w.resize(size);
    if (!w.openFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/wh40k-11e/12-official-layout-units.sightline.json"), true))
        return false;
    w.show();
    return QTest::qWaitForWindowExposed(&w);
}

// The window on `file`, its Analysis dock set to the hiding spots from `zone` (its places
// `apart` inches apart, the cells `cells` inches): the panel, or none where the file or the
// zone is not there.
gui::AnalysisPanel* hidingSpotsOn(gui::MainWindow& w, const QString& file, const QString& zone, double apart, double cells) {
    if (!w.openFile(file, true)) return nullptr;
    gui::AnalysisPanel* panel = w.analysis();
    if (!panel->setZone(zone, apart)) return nullptr;
    panel->setHidingSpots(true);
    panel->setSpacing(cells);
    return panel;
}

// Purge vs Purge 01's hiding spots from the attacker's zone (places 2" apart, 0.5" cells)
// asked for and under way (some progress made): the panel, or none where that fails. For
// what a request made meanwhile does to the work.
gui::AnalysisPanel* hidingSpotsUnderWay(gui::MainWindow& w) {
    gui::AnalysisPanel* panel = hidingSpotsOn(w, QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/layouts/11e/bm-purge-vs-purge-01.sightline.json"),
                                              QStringLiteral("deployment-attacker"), 2, 0.5);
    auto* progress = panel ? panel->findChild<QProgressBar*>() : nullptr;
    if (!progress || !panel->compute() || !QTest::qWaitFor([&] { return progress->value() > 0; }, kWorkMs)) return nullptr;
    return panel;
}

// The table's first piece moved `dx` inches east, as one edit (a step of a drag).
void nudgeFirstPiece(gui::MainWindow& w, double dx) {
    w.document()->edit(QStringLiteral("Move"), [dx](Scenario& s) {
        for (Vec2& v : s.terrain[0].footprint.outer) v.x += dx;
    });
}

// `file` opened and its zone's exposure map (places `apart` inches apart, cells `cells`
// inches) worked out and shown: the panel, or none where any of it fails.
gui::AnalysisPanel* exposureShown(gui::MainWindow& w, const QString& file, const QString& zone, double apart, double cells) {
    if (!w.openFile(file, true)) return nullptr;
    gui::AnalysisPanel* panel = w.analysis();
    if (!panel->setZone(zone, apart)) return nullptr;
    panel->setSpacing(cells);
    QSignalSpy finished(panel, &gui::AnalysisPanel::finished);
    if (!panel->compute() || !finished.wait(kWorkMs) || !panel->exposure()) return nullptr;
    return panel;
}

// Purge vs Purge 01's exposure map of the attacker's zone (places 4" apart, 1" cells), worked
// out and shown: the panel, or none.
gui::AnalysisPanel* purgeExposureShown(gui::MainWindow& w) {
    return exposureShown(w, QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/layouts/11e/bm-purge-vs-purge-01.sightline.json"),
                         QStringLiteral("deployment-attacker"), 4, 1.0);
}

// The official layout with two units of ten, the model `observer` picked on the board and
// the Analysis dock's cells `cells` inches: the panel, or none where the file is not there.
gui::AnalysisPanel* unitsSeenBy(gui::MainWindow& w, const QString& observer, double cells) {
    if (!w.openFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/wh40k-11e/12-official-layout-units.sightline.json"), true))
        return nullptr;
    w.board()->setObserver(w.board()->modelIndex(observer));
    w.analysis()->setSpacing(cells);
    return w.analysis();
}

// The official layout's unit of ten Intercessors: its vision map at 0.5" asked for, on its
// way (no answer taken yet: the event loop has not run since).
gui::AnalysisPanel* unitMapUnderWay(gui::MainWindow& w) {
    gui::AnalysisPanel* panel = unitsSeenBy(w, QStringLiteral("intercessor-1"), 0.5);
    if (!panel) return nullptr;
    panel->setUnit(true);
    return panel->compute() ? panel : nullptr;
}

}  // namespace

class TestGui : public QObject {
    Q_OBJECT
private slots:
    void init() {
        // Settings of earlier runs must not leak into a test.
        QCoreApplication::setOrganizationName(QStringLiteral("SightlineTests"));
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        QFile::remove(gui::MainWindow::autosavePath());
    }

    // File > New, a model placed, Ctrl+S: the first save asks for a name and the file that
    // was open before is never written.
    void newStartsAnUntitledTable() {
        QTemporaryDir dir;
        const QString old = demoCopy(dir, QStringLiteral("old.sightline.json"));
        const QByteArray before = contents(old);
        gui::MainWindow w;
        ScriptedPrompts* prompts = scripted(w);
        QVERIFY(showDemo(w));
        QVERIFY(w.openFile(old, true));
        trigger(w, "file-new");
        QVERIFY(w.document()->filePath().isEmpty());
        QVERIFY(w.windowTitle().startsWith(QStringLiteral("Untitled")));
        QVERIFY(w.document()->scenario().models.empty());
        QCOMPARE(w.document()->undoStack()->count(), 0);  // no undoing back into the old table
        w.palette()->setCurrentRow(2);
        QTest::mouseClick(w.palette()->viewport(), Qt::LeftButton, {}, w.palette()->visualItemRect(w.palette()->item(2)).center());
        QTest::mouseClick(w.board(), Qt::LeftButton, {}, at(w.board(), {10, 10}));
        QCOMPARE(w.document()->scenario().models.size(), size_t(1));
        // Save, and cancel the file dialog: nothing written anywhere, still modified.
        trigger(w, "file-save");
        QVERIFY(prompts->askedFor(QStringLiteral("save-file:")));
        QCOMPARE(contents(old), before);
        QVERIFY(w.document()->isModified());
        // Save again and give a name: the new file holds the new table; the old is untouched.
        const QString fresh = dir.filePath(QStringLiteral("new.sightline.json"));
        prompts->saveNames << fresh;
        trigger(w, "file-save");
        QCOMPARE(contents(old), before);
        QCOMPARE(io::readScenarioFile(fresh).scenario->models.size(), size_t(1));
        QCOMPARE(w.document()->filePath(), fresh);
        QVERIFY(w.windowTitle().startsWith(QStringLiteral("new.sightline.json")));
    }

    // Save on one of the examples that come with Sightline (those it was built from, those
    // installed in a data folder) asks first: Cancel writes nothing; Save a Copy asks for a
    // name, starting outside the examples' folder; Overwrite writes over it, and is not
    // asked again while that file stays open.
    void savingAnExampleAsksFirst() {
        QTemporaryDir dir;
        QVERIFY(gui::MainWindow::isExample(kDemo));
        QVERIFY(!gui::MainWindow::isExample(demoCopy(dir, QStringLiteral("mine.sightline.json"))));
        const QString examples = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + QStringLiteral("/sightline/examples");
        QVERIFY(QDir().mkpath(examples));
        const QString example = examples + QStringLiteral("/demo.sightline.json");
        QFile::remove(example);
        QVERIFY(QFile::copy(kDemo, example));
        QFile(example).setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        QVERIFY(gui::MainWindow::isExample(example));
        const QByteArray shipped = contents(example);

        gui::MainWindow w;
        ScriptedPrompts* prompts = scripted(w);
        w.resize(1200, 800);
        QVERIFY(w.openFile(example, true));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto placeOne = [&] {
            w.palette()->setCurrentRow(2);
            QTest::mouseClick(w.palette()->viewport(), Qt::LeftButton, {}, w.palette()->visualItemRect(w.palette()->item(2)).center());
            QTest::mouseClick(w.board(), Qt::LeftButton, {}, at(w.board(), {30, 2}));
        };
        const size_t models = w.document()->scenario().models.size();
        placeOne();
        QCOMPARE(w.document()->scenario().models.size(), models + 1);
        // Cancel: nothing written, still modified, no file dialog.
        prompts->exampleAnswers << gui::Prompts::ExampleSave::Cancel;
        trigger(w, "file-save");
        QVERIFY(prompts->askedFor(QStringLiteral("save-example: demo.sightline.json is one of the examples")));
        QVERIFY(!prompts->askedFor(QStringLiteral("save-file:")));
        QCOMPARE(contents(example), shipped);
        QVERIFY(w.document()->isModified());
        // Save a Copy, and the example itself chosen in the dialog: asked about again
        // (Cancel: nothing written).
        prompts->asked.clear();
        prompts->exampleAnswers << gui::Prompts::ExampleSave::Copy << gui::Prompts::ExampleSave::Cancel;
        prompts->saveNames << example;
        trigger(w, "file-save");
        QCOMPARE(prompts->asked.filter(QStringLiteral("save-example:")).size(), 2);
        QCOMPARE(contents(example), shipped);
        QVERIFY(w.document()->isModified());
        prompts->saveStarts.clear();
        // Save a Copy: the dialog starts outside the examples' folder, under the example's
        // name; the copy is written and becomes the document's file.
        const QString copy = dir.filePath(QStringLiteral("copy.sightline.json"));
        prompts->exampleAnswers << gui::Prompts::ExampleSave::Copy;
        prompts->saveNames << copy;
        trigger(w, "file-save");
        QCOMPARE(prompts->saveStarts.size(), 1);
        QVERIFY2(!prompts->saveStarts.front().startsWith(examples), qPrintable(prompts->saveStarts.front()));
        // (In a folder that is there: a dialog told of one that is not starts where it was last.)
        QVERIFY2(QFileInfo(QFileInfo(prompts->saveStarts.front()).absolutePath()).isDir(), qPrintable(prompts->saveStarts.front()));
        QVERIFY(prompts->saveStarts.front().endsWith(QStringLiteral("/demo.sightline.json")));
        QCOMPARE(contents(example), shipped);
        QCOMPARE(io::readScenarioFile(copy).scenario->models.size(), models + 1);
        QCOMPARE(w.document()->filePath(), copy);
        QVERIFY(!w.document()->isModified());
        // A model placed and Save (the answer given, if asked): whether it asked.
        auto placeAndSave = [&](std::optional<gui::Prompts::ExampleSave> answer) {
            prompts->asked.clear();
            if (answer) prompts->exampleAnswers << *answer;
            placeOne();
            trigger(w, "file-save");
            return prompts->askedFor(QStringLiteral("save-example:"));
        };
        // Saving the copy again asks nothing.
        QVERIFY(!placeAndSave(std::nullopt));
        QCOMPARE(io::readScenarioFile(copy).scenario->models.size(), models + 2);
        // Overwrite: the example is written, and the next Save asks nothing.
        QVERIFY(w.openFile(example, true));
        QVERIFY(placeAndSave(gui::Prompts::ExampleSave::Overwrite));
        QCOMPARE(io::readScenarioFile(example).scenario->models.size(), models + 1);
        QVERIFY(!placeAndSave(std::nullopt));
        QCOMPARE(io::readScenarioFile(example).scenario->models.size(), models + 2);
        // Opened again, it is asked about again (no answer: Cancel, nothing written).
        QVERIFY(w.openFile(example, true));
        QVERIFY(placeAndSave(std::nullopt));
        QCOMPARE(io::readScenarioFile(example).scenario->models.size(), models + 2);
        QFile::remove(example);
    }

    // New with unsaved changes asks first: Cancel keeps everything; Save on an untitled
    // table asks for a name.
    void newAsksBeforeLosingChanges() {
        QTemporaryDir dir;
        const QString old = demoCopy(dir, QStringLiteral("old.sightline.json"));
        gui::MainWindow w;
        ScriptedPrompts* prompts = scripted(w);
        QVERIFY(w.openFile(old, true));
        w.document()->edit(QStringLiteral("Move"), [](Scenario& s) { s.models[0].position = {20, 20}; });
        prompts->answers << QMessageBox::Cancel;
        QVERIFY(!w.newTable());
        QCOMPARE(w.document()->filePath(), old);
        QVERIFY(w.document()->isModified());
        prompts->answers << QMessageBox::Save;
        QVERIFY(w.newTable());  // saved to its own file, then a new table
        QCOMPARE(io::readScenarioFile(old).scenario->models[0].position, (Vec2{20, 20}));
        w.document()->edit(QStringLiteral("Name"), [](Scenario& s) { s.name = "draft"; });
        prompts->answers << QMessageBox::Save;  // the untitled draft: Save asks where, cancelled
        QVERIFY(!w.newTable());
        QVERIFY(prompts->askedFor(QStringLiteral("save-file:")));
        QCOMPARE(w.document()->scenario().name, std::string("draft"));
    }

    void newFromLayoutStartsAnUntitledTable() {
        QTemporaryDir dir;
        const QString old = demoCopy(dir, QStringLiteral("old.sightline.json"));
        const QByteArray before = contents(old);
        gui::MainWindow w;
        ScriptedPrompts* prompts = scripted(w);
        QVERIFY(w.openFile(old, true));
        gui::LayoutDialog dialog(&w);
        QVERIFY(w.newFromLayout(&dialog));
        QVERIFY(w.document()->filePath().isEmpty());
        QVERIFY(w.windowTitle().startsWith(QStringLiteral("Untitled")));
        w.document()->edit(QStringLiteral("Move"), [](Scenario& s) { s.board.width = 50; });
        trigger(w, "file-save");
        QVERIFY(prompts->askedFor(QStringLiteral("save-file:")));
        QCOMPARE(contents(old), before);
    }

    // Open, and a failed open: the document is the file opened, or stays the one it was.
    void openChangesTheFileAndAFailedOpenDoesNot() {
        QTemporaryDir dir;
        const QString a = demoCopy(dir, QStringLiteral("a.sightline.json"));
        const QString b = demoCopy(dir, QStringLiteral("b.sightline.json"));
        const QByteArray aBefore = contents(a);
        gui::MainWindow w;
        ScriptedPrompts* prompts = scripted(w);
        QVERIFY(w.openFile(a, true));
        prompts->openNames << b;
        trigger(w, "file-open");
        QCOMPARE(w.document()->filePath(), b);
        w.document()->edit(QStringLiteral("Move"), [](Scenario& s) { s.models[0].position = {20, 20}; });
        trigger(w, "file-save");
        QCOMPARE(contents(a), aBefore);
        QCOMPARE(io::readScenarioFile(b).scenario->models[0].position, (Vec2{20, 20}));
        // A bad file: refused with a message; the document is still b, with its changes.
        const QString bad = dir.filePath(QStringLiteral("bad.sightline.json"));
        QFile f(bad);
        const QByteArray badBytes = "{ \"format\": \"sightline-scenario\", ";
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(badBytes);
        f.close();
        w.document()->edit(QStringLiteral("Move"), [](Scenario& s) { s.models[0].position = {30, 30}; });
        prompts->answers << QMessageBox::Discard;
        prompts->openNames << bad;
        trigger(w, "file-open");
        QVERIFY(prompts->askedFor(QStringLiteral("warning: Cannot open bad.sightline.json")));
        QCOMPARE(w.document()->filePath(), b);
        QVERIFY(w.windowTitle().startsWith(QStringLiteral("b.sightline.json")));
        QCOMPARE(w.document()->scenario().models[0].position, (Vec2{30, 30}));
        trigger(w, "file-save");
        QCOMPARE(contents(bad), badBytes);  // the bad file is never written over
        QCOMPARE(io::readScenarioFile(b).scenario->models[0].position, (Vec2{30, 30}));
    }

    void openRecentOpensThatFileAndDropsAMissingOne() {
        QTemporaryDir dir;
        const QString a = demoCopy(dir, QStringLiteral("a.sightline.json"));
        const QString b = demoCopy(dir, QStringLiteral("b.sightline.json"));
        gui::MainWindow w;
        ScriptedPrompts* prompts = scripted(w);
        QVERIFY(w.openFile(b, true));
        QVERIFY(w.openFile(a, true));
        QVERIFY(w.openRecent(QFileInfo(b).absoluteFilePath()));
        QCOMPARE(QFileInfo(w.document()->filePath()).absoluteFilePath(), QFileInfo(b).absoluteFilePath());
        QVERIFY(QFile::remove(a));
        QVERIFY(!w.openRecent(QFileInfo(a).absoluteFilePath()));
        QVERIFY(prompts->askedFor(QStringLiteral("warning: Cannot open a.sightline.json")));
        QCOMPARE(QFileInfo(w.document()->filePath()).absoluteFilePath(), QFileInfo(b).absoluteFilePath());
        QVERIFY(!QSettings().value(QStringLiteral("files/recent")).toStringList().contains(QFileInfo(a).absoluteFilePath()));
    }

    // Work recovered from an untitled table is untitled: saving it asks for a name.
    void recoveredUntitledWorkAsksForAName() {
        {
            gui::MainWindow w;
            w.document()->edit(QStringLiteral("Name"), [](Scenario& s) { s.name = "draft"; });
            w.autosaveNow();
        }
        gui::MainWindow again;
        ScriptedPrompts* prompts = scripted(again);
        QVERIFY(again.offerRecovery(false));
        QVERIFY(again.document()->filePath().isEmpty());
        QVERIFY(again.document()->isModified());
        QVERIFY(!again.save());
        QVERIFY(prompts->askedFor(QStringLiteral("save-file:")));
    }

    // A name typed without an extension gets the filter's.
    void saveDialogsAddTheExtension() {
        QCOMPARE(gui::suffixForFilter(QStringLiteral("Scenarios (*.sightline.json)")), QStringLiteral("sightline.json"));
        QCOMPARE(gui::suffixForFilter(QStringLiteral("PNG image (*.png)")), QStringLiteral("png"));
        QCOMPARE(gui::suffixForFilter(QStringLiteral("Scenarios (*.sightline.json *.json)")), QStringLiteral("sightline.json"));
        QCOMPARE(gui::suffixForFilter(QStringLiteral("All files (*)")), QString());
    }

    // A save that cannot be written says so and keeps the document modified, on its file.
    void aFailedSaveSaysSoAndKeepsTheChanges() {
        QTemporaryDir dir;
        const QString path = demoCopy(dir, QStringLiteral("table.sightline.json"));
        gui::MainWindow w;
        ScriptedPrompts* prompts = scripted(w);
        QVERIFY(w.openFile(path, true));
        w.document()->edit(QStringLiteral("Move"), [](Scenario& s) { s.models[0].position = {20, 20}; });
        // A folder without write permission (root writes anyway), and a path under a plain
        // file (no one can write there).
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("locked")));
        QFile::setPermissions(dir.filePath(QStringLiteral("locked")), QFileDevice::ReadOwner | QFileDevice::ExeOwner);
        QStringList targets{path + QStringLiteral("/under-a-file.sightline.json")};
        if (!QFileInfo(dir.filePath(QStringLiteral("locked"))).isWritable())
            targets << dir.filePath(QStringLiteral("locked/table.sightline.json"));
        for (const QString& target : targets) {
            prompts->asked.clear();
            prompts->saveNames << target;
            QVERIFY(!w.saveAs());
            QVERIFY2(prompts->askedFor(QStringLiteral("warning: Cannot save: The table was not saved.")), qPrintable(prompts->asked.join('|')));
            QVERIFY(w.document()->isModified());
            QVERIFY(w.isWindowModified());
            QCOMPARE(w.document()->filePath(), path);
            QVERIFY(!QFile::exists(target));
        }
        QFile::setPermissions(dir.filePath(QStringLiteral("locked")), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    }

    void placeModelFromPalette() {
        gui::MainWindow w;
        QVERIFY(showDemo(w));
        gui::BoardView* view = w.board();
        const size_t before = w.document()->scenario().models.size();
        // Pick the 60x35.5 mm oval in the palette, then click twice on the table.
        QListWidget* palette = w.palette();
        const auto items = palette->findItems(QStringLiteral("60x35.5 mm oval"), Qt::MatchExactly);
        QCOMPARE(items.size(), 1);
        palette->setCurrentItem(items.front());
        QTest::mouseClick(palette->viewport(), Qt::LeftButton, {}, palette->visualItemRect(items.front()).center());
        QCOMPARE(view->tool(), gui::BoardView::Tool::PlaceModel);
        QTest::mouseClick(view, Qt::LeftButton, {}, at(view, {20, 30}));
        QTest::mouseClick(view, Qt::LeftButton, {}, at(view, {22, 30}));
        const Scenario& s = w.document()->scenario();
        QCOMPARE(s.models.size(), before + 2);
        const Model& m = s.models.back();
        QCOMPARE(m.base.shape, BaseShape::Oval);
        QCOMPARE(m.base.length_mm, 60.0);
        QVERIFY(std::abs(m.position.x - 22) < 0.1 && std::abs(m.position.y - 30) < 0.1);
        QVERIFY(m.id != s.models[s.models.size() - 2].id);
        QCOMPARE(m.side, std::string("blue"));
        QCOMPARE(view->selection().models, std::vector<int>{static_cast<int>(s.models.size()) - 1});
        // Each placement one step; Esc leaves the tool.
        w.document()->undoStack()->undo();
        QCOMPARE(w.document()->scenario().models.size(), before + 1);
        view->escape();
        QCOMPARE(view->tool(), gui::BoardView::Tool::Select);
        // The new model sees: pick it as observer, an enemy as target.
        QTest::mouseClick(view, Qt::LeftButton, {}, at(view, {20, 30}));
        QCOMPARE(view->observer(), static_cast<int>(before));
        view->setTarget(view->modelIndex(QStringLiteral("r-boy-1")));
        QVERIFY(view->ruling().has_value());
        // Undo while the new model is being dragged takes it away; the drag just ends.
        QTest::mousePress(view, Qt::LeftButton, {}, at(view, {20, 30}));
        QTest::mouseMove(view, at(view, {21, 30}));
        w.document()->undoStack()->undo();  // the move
        w.document()->undoStack()->undo();  // the placing
        QCOMPARE(w.document()->scenario().models.size(), before);
        QTest::mouseMove(view, at(view, {23, 31}));
        QTest::mouseRelease(view, Qt::LeftButton, {}, at(view, {23, 31}));
        QCOMPARE(w.document()->scenario().models.size(), before);
        QCOMPARE(view->observer(), -1);
    }

    void drawAWall() {
        // The Wall tool: points clicked, Enter finishes; the piece is the line's outline, a
        // quarter of an inch thick, one undo step; one point is not a wall.
        gui::MainWindow w;
        QVERIFY(showDemo(w));
        gui::BoardView* view = w.board();
        const size_t before = w.document()->scenario().terrain.size();
        w.findChild<QAction*>(QStringLiteral("tool-wall"))->trigger();
        QCOMPARE(view->tool(), gui::BoardView::Tool::Wall);
        // Its own hint in the status bar (each tool has one).
        QVERIFY2(w.statusBar()->currentMessage().startsWith(QStringLiteral("Click the wall's points")),
                 qPrintable(w.statusBar()->currentMessage()));
        QTest::mouseClick(view, Qt::LeftButton, {}, at(view, {2, 40}));
        view->finishPolygon();
        QCOMPARE(w.document()->scenario().terrain.size(), before);
        QTest::mouseClick(view, Qt::LeftButton, {}, at(view, {8, 40}));
        QTest::mouseClick(view, Qt::LeftButton, {}, at(view, {8, 36}));
        QTest::keyClick(view, Qt::Key_Return);
        QCOMPARE(w.document()->scenario().terrain.size(), before + 1);
        const TerrainPiece& t = w.document()->scenario().terrain.back();
        QCOMPARE(t.kind, TerrainKind::Feature);
        QCOMPARE(t.name, std::string("Wall"));
        const double length = std::hypot(6.0, 0.0) + 4.0;  // (the snap may move the points a little)
        QVERIFY2(std::abs(std::abs(signedArea(t.footprint.outer)) - length * gui::BoardView::kWallThickness) < 0.5,
                 qPrintable(QString::number(signedArea(t.footprint.outer))));
        w.document()->undoStack()->undo();
        QCOMPARE(w.document()->scenario().terrain.size(), before);
    }

    void drawPolygonAndRectangle() {
        gui::MainWindow w;
        QVERIFY(showDemo(w));
        gui::BoardView* view = w.board();
        const size_t before = w.document()->scenario().terrain.size();
        view->setTool(gui::BoardView::Tool::Polygon);
        QTest::mouseClick(view, Qt::LeftButton, {}, at(view, {2, 2}));
        QTest::mouseClick(view, Qt::LeftButton, {}, at(view, {8, 2}));
        // Two corners are not a polygon: refused, the drawing goes on.
        view->finishPolygon();
        QCOMPARE(w.document()->scenario().terrain.size(), before);
        QTest::mouseClick(view, Qt::LeftButton, {}, at(view, {8, 6}));
        QTest::keyClick(view, Qt::Key_Return);
        QCOMPARE(w.document()->scenario().terrain.size(), before + 1);
        const TerrainPiece& t = w.document()->scenario().terrain.back();
        QCOMPARE(t.footprint.outer.size(), size_t(3));
        QCOMPARE(t.kind, TerrainKind::Feature);
        QVERIFY(t.height > 0);
        QCOMPARE(view->selection().terrain, std::vector<int>{static_cast<int>(before)});
        // A double-click closes a polygon too (its first click a corner, as a window
        // system delivers it).
        QTest::mouseClick(view, Qt::LeftButton, {}, at(view, {40, 2}));
        QTest::mouseClick(view, Qt::LeftButton, {}, at(view, {44, 2}));
        QTest::mouseClick(view, Qt::LeftButton, {}, at(view, {44, 5}));
        QTest::mouseDClick(view, Qt::LeftButton, {}, at(view, {44, 5}));
        QCOMPARE(w.document()->scenario().terrain.size(), before + 2);
        QCOMPARE(w.document()->scenario().terrain.back().footprint.outer.size(), size_t(3));
        // A crossed outline is refused.
        const Vec2 bow[] = {{2, 38}, {6, 42}, {6, 38}, {2, 42}};
        for (Vec2 v : bow) QTest::mouseClick(view, Qt::LeftButton, {}, at(view, v));
        view->finishPolygon();
        QCOMPARE(w.document()->scenario().terrain.size(), before + 2);
        view->escape();  // cancels the drawing
        // A rectangle by dragging.
        view->setTool(gui::BoardView::Tool::Rectangle);
        QTest::mousePress(view, Qt::LeftButton, {}, at(view, {50, 38}));
        QTest::mouseMove(view, at(view, {53, 40}));
        QTest::mouseMove(view, at(view, {56, 42}));
        QTest::mouseRelease(view, Qt::LeftButton, {}, at(view, {56, 42}));
        QCOMPARE(w.document()->scenario().terrain.size(), before + 3);
        const Ring& r = w.document()->scenario().terrain.back().footprint.outer;
        QCOMPARE(r.size(), size_t(4));
        QVERIFY(std::abs(r[2].x - r[0].x - 6) < 0.1 && std::abs(r[2].y - r[0].y - 4) < 0.1);
        QVERIFY(edits::problemsOf(w.document()->scenario()).isEmpty());
    }

    void editSelection() {
        gui::MainWindow w;
        QVERIFY(showDemo(w));
        gui::BoardView* view = w.board();
        const Scenario before = w.document()->scenario();
        // A rubber band around the blue infantry in the west.
        QTest::mousePress(view, Qt::LeftButton, {}, at(view, {4.2, 16.5}));
        QTest::mouseMove(view, at(view, {6, 20}));
        QTest::mouseMove(view, at(view, {7.8, 26.5}));
        QTest::mouseRelease(view, Qt::LeftButton, {}, at(view, {7.8, 26.5}));
        const std::vector<int> band = view->selection().models;
        QVERIFY2(band.size() >= 3, qPrintable(QString::number(band.size())));
        for (int i : band) QCOMPARE(before.models[i].side, std::string("blue"));
        // Dragging one moves them all, as one step.
        const Vec2 grab = before.models[band[0]].position;
        QTest::mousePress(view, Qt::LeftButton, {}, at(view, grab));
        QTest::mouseMove(view, at(view, grab + Vec2{1, 0}));
        QTest::mouseMove(view, at(view, grab + Vec2{2, 0}));
        QTest::mouseRelease(view, Qt::LeftButton, {}, at(view, grab + Vec2{2, 0}));
        QCOMPARE(w.document()->undoStack()->count(), 1);
        for (int i : band) QVERIFY(std::abs(w.document()->scenario().models[i].position.x - before.models[i].position.x - 2) < 0.1);
        // Duplicate, then delete the copies: back to the moved table.
        const size_t count = w.document()->scenario().models.size();
        view->duplicateSelected();
        QCOMPARE(w.document()->scenario().models.size(), count + band.size());
        QCOMPARE(view->selection().models.size(), band.size());
        view->deleteSelected();
        QCOMPARE(w.document()->scenario().models.size(), count);
        // Rotate an oval; a circle keeps its rotation.
        const int bike = view->modelIndex(QStringLiteral("b-bike"));
        const double turned = w.document()->scenario().models[bike].rotation_deg;
        view->setSelection({{bike}, {}, {}});
        view->rotateSelected(15);
        QCOMPARE(w.document()->scenario().models[bike].rotation_deg, std::fmod(turned + 15 + 360, 360.0));
        // Deleting a model removes the questions about it, so the file stays sound.
        view->setSelection({{view->modelIndex(QStringLiteral("b-int-1"))}, {}, {}});
        view->deleteSelected();
        QCOMPARE(view->modelIndex(QStringLiteral("b-int-1")), -1);
        QVERIFY(edits::problemsOf(w.document()->scenario()).isEmpty());
        // Everything undoes back to the file.
        while (w.document()->undoStack()->canUndo()) w.document()->undoStack()->undo();
        QCOMPARE(io::writeScenario(w.document()->scenario()), io::writeScenario(before));
    }

    // A feature made a floor and given openings in the inspector: each change one undo step,
    // a bottom not under the height and a range turned round refused, the board's rulings
    // following (the piece's prisms).
    void modelsStandOnFloors() {
        gui::MainWindow w;
        QVERIFY(showDemo(w));
        gui::BoardView* view = w.board();
        // A walkway (3" to 3.25") on the empty corner of the demo table.
        TerrainPiece floor;
        floor.id = "walkway";
        floor.kind = TerrainKind::Feature;
        floor.height = 3.25;
        floor.bottom = 3;
        floor.footprint.outer = {{40, 2}, {45, 2}, {45, 7}, {40, 7}};
        w.document()->edit(QStringLiteral("Add walkway"), [floor](Scenario& s) { s.terrain.push_back(floor); });
        QListWidget* palette = w.palette();
        const auto items = palette->findItems(QStringLiteral("32 mm round"), Qt::MatchExactly);
        QCOMPARE(items.size(), 1);
        palette->setCurrentItem(items.front());
        QTest::mouseClick(palette->viewport(), Qt::LeftButton, {}, palette->visualItemRect(items.front()).center());
        QCOMPARE(view->tool(), gui::BoardView::Tool::PlaceModel);
        // Placed on the walkway: it stands on its top; placed beside it: on the table.
        QTest::mouseClick(view, Qt::LeftButton, {}, at(view, {42.5, 4.5}));
        QTest::mouseClick(view, Qt::LeftButton, {}, at(view, {42.5, 9.5}));
        view->escape();
        const int up = static_cast<int>(w.document()->scenario().models.size()) - 2, down = up + 1;
        QCOMPARE(w.document()->scenario().models[up].elevation, 3.25);
        QCOMPARE(w.document()->scenario().models[down].elevation, 0.0);
        // Carried off the walkway, it comes down to the table, in the move's own undo step.
        const int steps = w.document()->undoStack()->count();
        QTest::mousePress(view, Qt::LeftButton, {}, at(view, {42.5, 4.5}));
        QTest::mouseMove(view, at(view, {42.5, 6}));
        QTest::mouseMove(view, at(view, {42.5, 12.5}));  // (over the walkway's edge on the way)
        QTest::mouseRelease(view, Qt::LeftButton, {}, at(view, {42.5, 12.5}));
        QVERIFY(std::abs(w.document()->scenario().models[up].position.y - 12.5) < 0.1);
        QCOMPARE(w.document()->scenario().models[up].elevation, 0.0);
        QCOMPARE(w.document()->undoStack()->count(), steps + 1);
        w.document()->undoStack()->undo();
        QVERIFY(std::abs(w.document()->scenario().models[up].position.y - 4.5) < 0.1);
        QCOMPARE(w.document()->scenario().models[up].elevation, 3.25);
        // Moved along the walkway it stays on it; the one on the table, carried under it,
        // stays on the table.
        QTest::mousePress(view, Qt::LeftButton, {}, at(view, {42.5, 4.5}));
        QTest::mouseMove(view, at(view, {43, 4.5}));
        QTest::mouseMove(view, at(view, {43.5, 4.5}));
        QTest::mouseRelease(view, Qt::LeftButton, {}, at(view, {43.5, 4.5}));
        QCOMPARE(w.document()->scenario().models[up].elevation, 3.25);
        QTest::mousePress(view, Qt::LeftButton, {}, at(view, {42.5, 9.5}));
        QTest::mouseMove(view, at(view, {42.5, 8}));
        QTest::mouseMove(view, at(view, {41.5, 5}));
        QTest::mouseRelease(view, Qt::LeftButton, {}, at(view, {41.5, 5}));
        QVERIFY(std::abs(w.document()->scenario().models[down].position.y - 5) < 0.1);
        QCOMPARE(w.document()->scenario().models[down].elevation, 0.0);
        // Nudged off the walkway's edge with the arrows (1" a press): down on the last press.
        QTest::mouseClick(view, Qt::LeftButton, {}, at(view, {43.5, 4.5}));
        QCOMPARE(view->selection().models, std::vector<int>{up});
        QTest::keyClick(view, Qt::Key_Right, Qt::ShiftModifier);
        QCOMPARE(w.document()->scenario().models[up].elevation, 3.25);
        QTest::keyClick(view, Qt::Key_Right, Qt::ShiftModifier);
        QVERIFY(std::abs(w.document()->scenario().models[up].position.x - 45.5) < 0.1);
        QCOMPARE(w.document()->scenario().models[up].elevation, 0.0);
        // The walkway moved carries the model standing on it, not the one under it.
        {
            const Vec2 before = w.document()->scenario().models[up].position;
            edits::Selection walkway;
            walkway.terrain.push_back(static_cast<int>(w.document()->scenario().terrain.size()) - 1);
            QTest::keyClick(view, Qt::Key_Left, Qt::ShiftModifier);  // (back onto it, from 45.5)
            w.document()->edit(QStringLiteral("Climb"), [up](Scenario& s) { s.models[up].elevation = 3.25; });
            const Vec2 on = w.document()->scenario().models[up].position, under = w.document()->scenario().models[down].position;
            QVERIFY(on.x < before.x);
            view->setSelection(walkway);
            QTest::keyClick(view, Qt::Key_Up, Qt::ShiftModifier);
            QVERIFY(std::abs(w.document()->scenario().models[up].position.y - (on.y - 1)) < 1e-9);
            QVERIFY(w.document()->scenario().models[down].position == under);
            QCOMPARE(w.document()->scenario().models[up].elevation, 3.25);
            w.document()->undoStack()->undo();  // (the walkway's move, the model with it)
            QVERIFY(w.document()->scenario().models[up].position == on);
            view->setSelection({});
        }
        // The walkway taken away: a model standing on it comes down to the table (one undo
        // step with the deletion).
        QTest::keyClick(view, Qt::Key_Left, Qt::ShiftModifier);
        w.document()->edit(QStringLiteral("Climb"), [up](Scenario& s) { s.models[up].elevation = 3.25; });
        QCOMPARE(edits::floorUnder(w.document()->scenario(), w.document()->scenario().models[up]),
                 static_cast<int>(w.document()->scenario().terrain.size()) - 1);
        edits::Selection walkway;
        walkway.terrain.push_back(static_cast<int>(w.document()->scenario().terrain.size()) - 1);
        view->setSelection(walkway);
        QTest::keyClick(view, Qt::Key_Delete);
        QCOMPARE(w.document()->scenario().terrain.back().id, std::string("woods"));
        QCOMPARE(w.document()->scenario().models[up].elevation, 0.0);
        w.document()->undoStack()->undo();
        QCOMPARE(w.document()->scenario().terrain.back().id, std::string("walkway"));
        QCOMPARE(w.document()->scenario().models[up].elevation, 3.25);
    }

    // The legend lists floors and openings (and the ones the ruleset closes) where the table
    // has them, and not where it does not.
    void legendListsFloorsAndOpenings() {
        auto entries = [](const char* file) {
            io::ReadResult r = io::readScenarioFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/") + QLatin1String(file));
            gui::Legend legend;
            legend.showFor(*r.scenario);
            return legend.entries().join(QLatin1Char('|'));
        };
        const QString windows = entries("wh40k-11e/14-windows-13-11.sightline.json");
        QVERIFY2(windows.contains(QStringLiteral("opening the ruleset closes")), qPrintable(windows));
        QVERIFY(windows.contains(QStringLiteral("opening: a window, a door")));
        QVERIFY(entries("regression/31-upper-floor.sightline.json").contains(QStringLiteral("floor or walkway")));
        const QString plain = entries("regression/02-tall-wall.sightline.json");
        QVERIFY(!plain.contains(QStringLiteral("floor or walkway")) && !plain.contains(QStringLiteral("opening")));
    }

    void inspectorEditsFloorsAndOpenings() {
        gui::MainWindow w;
        QVERIFY(showDemo(w));
        gui::BoardView* view = w.board();
        int piece = -1;
        for (int i = 0; i < static_cast<int>(w.document()->scenario().terrain.size()); ++i)
            if (w.document()->scenario().terrain[i].id == "container-n") piece = i;
        QVERIFY(piece >= 0);
        const Vec2 c = edits::footprintCentre(w.document()->scenario().terrain[piece].footprint);
        QTest::mouseClick(view, Qt::LeftButton, {}, at(view, c));
        QCOMPARE(view->selection().terrain, std::vector<int>{piece});
        auto* bottom = qobject_cast<QLineEdit*>(w.inspector()->field(QStringLiteral("terrain.bottom")));
        auto* openings = qobject_cast<QLineEdit*>(w.inspector()->field(QStringLiteral("terrain.openings")));
        auto* add = qobject_cast<QPushButton*>(w.inspector()->field(QStringLiteral("terrain.add-opening")));
        auto* remove = qobject_cast<QPushButton*>(w.inspector()->field(QStringLiteral("terrain.remove-opening")));
        QVERIFY(bottom && openings && add && remove);
        QCOMPARE(bottom->text(), QStringLiteral("0"));
        QVERIFY(!remove->isEnabled());
        const int steps = w.document()->undoStack()->count();
        bottom->setText(QStringLiteral("2"));
        emit bottom->editingFinished();
        QCOMPARE(w.document()->scenario().terrain[piece].bottom, 2.0);
        QCOMPARE(w.document()->undoStack()->count(), steps + 1);
        bottom->setText(QStringLiteral("3"));  // the container is 3" high
        emit bottom->editingFinished();
        QCOMPARE(w.document()->scenario().terrain[piece].bottom, 2.0);
        QVERIFY2(w.inspector()->message().contains(QStringLiteral("less than the height")), qPrintable(w.inspector()->message()));
        bottom->setText(QStringLiteral("-1"));  // below the table: refused, as the file reader refuses it
        emit bottom->editingFinished();
        QCOMPARE(w.document()->scenario().terrain[piece].bottom, 2.0);
        QVERIFY2(w.inspector()->message().contains(QStringLiteral("must not be negative")), qPrintable(w.inspector()->message()));
        QCOMPARE(bottom->text(), QStringLiteral("2"));
        QCOMPARE(w.document()->undoStack()->count(), steps + 1);
        // On a floor, Add opening makes a hole through the whole slab (a stairwell).
        add->click();
        QCOMPARE(w.document()->scenario().terrain[piece].openings.size(), size_t(1));
        QCOMPARE(w.document()->scenario().terrain[piece].openings[0].from, 2.0);
        QCOMPARE(w.document()->scenario().terrain[piece].openings[0].to, 3.0);
        QVERIFY2(w.inspector()->message().isEmpty(), qPrintable(w.inspector()->message()));  // (the refusal above gone)
        w.document()->undoStack()->undo();
        w.document()->undoStack()->undo();
        QCOMPARE(w.document()->scenario().terrain[piece].bottom, 0.0);
        // An opening at its middle, through its whole width there, 30% to 70% of its height.
        add->click();
        QCOMPARE(w.document()->scenario().terrain[piece].openings.size(), size_t(1));
        const Opening o = w.document()->scenario().terrain[piece].openings[0];
        QCOMPARE(o.from, 0.9);
        QCOMPARE(o.to, 2.1);
        QVERIFY(std::abs(signedArea(o.polygon)) > 0.5);
        QCOMPARE(openings->text(), QStringLiteral("0.9-2.1"));
        QVERIFY(remove->isEnabled());
        openings->setText(QStringLiteral("1.5-1"));  // turned round
        emit openings->editingFinished();
        QCOMPARE(w.document()->scenario().terrain[piece].openings[0].from, 0.9);
        QVERIFY(w.inspector()->message().startsWith(QStringLiteral("Refused")));
        openings->setText(QStringLiteral("0.5-2.5"));
        emit openings->editingFinished();
        QCOMPARE(w.document()->scenario().terrain[piece].openings[0].from, 0.5);
        QCOMPARE(w.document()->scenario().terrain[piece].openings[0].to, 2.5);
        openings->setText(QStringLiteral("0.5-2.5, 1-2"));  // one range per opening
        emit openings->editingFinished();
        QVERIFY(w.inspector()->message().contains(QStringLiteral("one range per opening")));
        w.document()->undoStack()->undo();
        w.document()->undoStack()->undo();
        QVERIFY(w.document()->scenario().terrain[piece].openings.empty());
        QCOMPARE(w.document()->undoStack()->count(), steps + 2);  // (the opening and its heights: undone, kept for redo)
        w.document()->undoStack()->redo();
        QCOMPARE(w.document()->scenario().terrain[piece].openings.size(), size_t(1));
        remove->click();
        QVERIFY(w.document()->scenario().terrain[piece].openings.empty());
        // The Opening tool: a rectangle dragged across the piece's middle (2" by 8", the piece
        // narrower than that) cuts its part inside the rectangle: a gap through its whole
        // width; dragged on the empty table, nothing, and the board says why.
        const TerrainPiece& t = w.document()->scenario().terrain[piece];
        const Bounds box = boundsOf(t.footprint.outer);
        const Vec2 mid{(box.lo.x + box.hi.x) / 2, (box.lo.y + box.hi.y) / 2};
        const bool wide = box.hi.x - box.lo.x > box.hi.y - box.lo.y;  // cut across the long side
        const Vec2 from = mid - (wide ? Vec2{1, 4} : Vec2{4, 1}), to = mid + (wide ? Vec2{1, 4} : Vec2{4, 1});
        bottom->setText(QStringLiteral("x"));  // a refusal, which the tool's edit below takes away
        emit bottom->editingFinished();
        QVERIFY(w.inspector()->message().startsWith(QStringLiteral("Refused")));
        view->setTool(gui::BoardView::Tool::Opening);
        QTest::mousePress(view, Qt::LeftButton, {}, at(view, from));
        QTest::mouseMove(view, at(view, mid));
        QTest::mouseMove(view, at(view, to));
        QTest::mouseRelease(view, Qt::LeftButton, {}, at(view, to));
        QCOMPARE(w.document()->scenario().terrain[piece].openings.size(), size_t(1));
        const Opening cut = w.document()->scenario().terrain[piece].openings[0];
        const Bounds cb = boundsOf(cut.polygon);
        QVERIFY(wide ? std::abs((cb.hi.y - cb.lo.y) - (box.hi.y - box.lo.y)) < 1e-6 : std::abs((cb.hi.x - cb.lo.x) - (box.hi.x - box.lo.x)) < 1e-6);
        QVERIFY(std::abs((wide ? cb.hi.x - cb.lo.x : cb.hi.y - cb.lo.y) - 2) < 0.2);  // (snapped to the grid)
        QVERIFY(edits::problemsOf(w.document()->scenario()).isEmpty());
        QVERIFY2(w.inspector()->message().isEmpty(), qPrintable(w.inspector()->message()));
        const size_t pieces = w.document()->scenario().terrain.size();
        QTest::mousePress(view, Qt::LeftButton, {}, at(view, {1, 1}));
        QTest::mouseMove(view, at(view, {2, 2}));
        QTest::mouseMove(view, at(view, {3, 3}));
        QTest::mouseRelease(view, Qt::LeftButton, {}, at(view, {3, 3}));
        QCOMPARE(w.document()->scenario().terrain.size(), pieces);
        QCOMPARE(w.document()->scenario().terrain[piece].openings.size(), size_t(1));
        w.document()->undoStack()->undo();
        QVERIFY(w.document()->scenario().terrain[piece].openings.empty());
    }

    void inspectorEditsAndRefuses() {
        gui::MainWindow w;
        QVERIFY(showDemo(w));
        gui::BoardView* view = w.board();
        const int piece = [&] {
            for (int i = 0; i < static_cast<int>(w.document()->scenario().terrain.size()); ++i)
                if (w.document()->scenario().terrain[i].id == "container-n") return i;
            return -1;
        }();
        QVERIFY(piece >= 0);
        // Clicking the piece selects it and shows it in the inspector.
        const Vec2 c = edits::footprintCentre(w.document()->scenario().terrain[piece].footprint);
        QTest::mouseClick(view, Qt::LeftButton, {}, at(view, c));
        QCOMPARE(view->selection().terrain, std::vector<int>{piece});
        auto* height = qobject_cast<QLineEdit*>(w.inspector()->field(QStringLiteral("terrain.height")));
        QVERIFY(height);
        QCOMPARE(height->text(), QStringLiteral("3"));
        height->setFocus();
        height->selectAll();
        QTest::keyClicks(height, QStringLiteral("4.5"));
        QTest::keyClick(height, Qt::Key_Return);
        QCOMPARE(w.document()->scenario().terrain[piece].height, 4.5);
        QCOMPARE(w.document()->undoStack()->count(), 1);
        // Bad values are refused with a message, and nothing changes.
        for (const QString& bad : {QStringLiteral("tall"), QStringLiteral("-2"), QStringLiteral("0")}) {
            height->selectAll();
            QTest::keyClicks(height, bad);
            QTest::keyClick(height, Qt::Key_Return);
            QCOMPARE(w.document()->scenario().terrain[piece].height, 4.5);
            QVERIFY2(w.inspector()->message().startsWith(QStringLiteral("Refused")), qPrintable(bad));
            QCOMPARE(height->text(), QStringLiteral("4.5"));
        }
        QCOMPARE(w.document()->undoStack()->count(), 1);
        // An id already used is refused; a free one renames.
        auto* id = qobject_cast<QLineEdit*>(w.inspector()->field(QStringLiteral("terrain.id")));
        id->setText(QStringLiteral("container-s"));
        emit id->editingFinished();
        QCOMPARE(w.document()->scenario().terrain[piece].id, std::string("container-n"));
        QVERIFY(w.inspector()->message().contains(QStringLiteral("container-s")));
        id->setText(QStringLiteral("north-container"));
        emit id->editingFinished();
        QCOMPARE(w.document()->scenario().terrain[piece].id, std::string("north-container"));
        QVERIFY(w.inspector()->message().isEmpty());
        // A model put where a piece stands: the note names the piece as the board does.
        const int boyz = view->modelIndex(QStringLiteral("r-boy-1"));
        QVERIFY(boyz >= 0);
        QTest::mouseClick(view, Qt::LeftButton, {}, at(view, w.document()->scenario().models[boyz].position));
        auto* x = qobject_cast<QLineEdit*>(w.inspector()->field(QStringLiteral("model.x")));
        auto* y = qobject_cast<QLineEdit*>(w.inspector()->field(QStringLiteral("model.y")));
        QVERIFY(x && y);
        x->setText(QString::number(c.x));
        emit x->editingFinished();
        y->setText(QString::number(c.y));
        emit y->editingFinished();
        QTRY_VERIFY2(w.inspector()->standingNote().contains(QString::fromStdString(w.document()->scenario().labelOf("north-container"))),
                     qPrintable(w.inspector()->standingNote()));
        w.document()->undoStack()->undo();
        w.document()->undoStack()->undo();
        QTest::mouseClick(view, Qt::LeftButton, {}, at(view, c));
        // A model's height, and its category combo for terrain.
        auto* category = qobject_cast<QComboBox*>(w.inspector()->field(QStringLiteral("terrain.category")));
        category->setCurrentIndex(2);  // light
        emit category->activated(2);
        QCOMPARE(w.document()->scenario().terrain[piece].category, std::string("light"));
        const int model = view->modelIndex(QStringLiteral("b-captain"));
        QTest::mouseClick(view, Qt::LeftButton, {}, at(view, w.document()->scenario().models[model].position));
        auto* mh = qobject_cast<QLineEdit*>(w.inspector()->field(QStringLiteral("model.height")));
        mh->setText(QStringLiteral("2.25"));
        emit mh->editingFinished();
        QCOMPARE(w.document()->scenario().models[model].height, 2.25);
    }

    void dragAVertexAndPlaceAPreset() {
        gui::MainWindow w;
        QVERIFY(showDemo(w));
        gui::BoardView* view = w.board();
        int piece = -1;
        for (int i = 0; i < static_cast<int>(w.document()->scenario().terrain.size()); ++i)
            if (w.document()->scenario().terrain[i].id == "container-s") piece = i;
        QVERIFY(piece >= 0);
        view->setSelection({{}, {piece}, {}});
        const Vec2 corner = w.document()->scenario().terrain[piece].footprint.outer[0];
        QTest::mousePress(view, Qt::LeftButton, {}, at(view, corner));
        QTest::mouseMove(view, at(view, corner + Vec2{-0.5, -0.5}));
        QTest::mouseMove(view, at(view, corner + Vec2{-1, -1}));
        QTest::mouseRelease(view, Qt::LeftButton, {}, at(view, corner + Vec2{-1, -1}));
        const Ring& ring = w.document()->scenario().terrain[piece].footprint.outer;
        QVERIFY(std::abs(ring[0].x - (corner.x - 1)) < 0.1 && std::abs(ring[0].y - (corner.y - 1)) < 0.1);
        QCOMPARE(w.document()->undoStack()->count(), 1);
        w.document()->undoStack()->undo();
        QCOMPARE(w.document()->scenario().terrain[piece].footprint.outer[0], corner);
        // A preset goes down where it is clicked, with fresh ids, snapped when asked: the
        // ruin's area and its two walls in one undoable step, all three selected.
        const size_t before = w.document()->scenario().terrain.size();
        const int steps = w.document()->undoStack()->index();
        view->setSnapStep(0.5);
        view->setPreset(edits::terrainPresets().front().pieces);
        QTest::mouseMove(view, at(view, {30.1, 12.2}));  // the ghost of every piece
        view->repaint();
        QTest::mouseClick(view, Qt::LeftButton, {}, at(view, {30.1, 12.2}));
        const auto& terrain = w.document()->scenario().terrain;
        QCOMPARE(terrain.size(), before + 3);
        const TerrainPiece& area = terrain[before];
        QCOMPARE(edits::footprintCentre(area.footprint), (Vec2{30, 12}));
        QCOMPARE(area.id, std::string("ruin"));
        QCOMPARE(area.kind, TerrainKind::Area);
        QCOMPARE(terrain[before + 1].id, std::string("ruin-wall-1"));
        QCOMPARE(terrain[before + 2].area, std::string("ruin"));
        QCOMPARE(view->selection().terrain.size(), size_t(3));
        QCOMPARE(w.document()->undoStack()->index(), steps + 1);
        QVERIFY(edits::problemsOf(w.document()->scenario()).isEmpty());
        // A second one continues the series, its walls in it.
        QTest::mouseClick(view, Qt::LeftButton, {}, at(view, {40, 12}));
        QCOMPARE(terrain.size(), before + 6);
        QCOMPARE(terrain[before + 3].id, std::string("ruin-2"));
        QCOMPARE(terrain[before + 5].id, std::string("ruin-2-wall-2"));
        QCOMPARE(terrain[before + 5].area, std::string("ruin-2"));
        w.document()->undoStack()->undo();
        w.document()->undoStack()->undo();
        QCOMPARE(w.document()->scenario().terrain.size(), before);
    }

    void sensesAreEditedInTheInspector() {
        // A model's senses as words in the inspector: set, one undo step, and a bad word refused.
        gui::MainWindow w;
        QVERIFY(w.openFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/senses/01-light-and-darkvision.sightline.json"), true));
        gui::BoardView* view = w.board();
        const int human = view->modelIndex(QStringLiteral("human"));
        view->setSelection({{human}, {}, {}});
        auto* senses = qobject_cast<QLineEdit*>(w.inspector()->field(QStringLiteral("model.senses")));
        QVERIFY(senses);
        QCOMPARE(senses->text(), QString());
        senses->setText(QStringLiteral("darkvision=6 flying"));
        emit senses->editingFinished();
        QCOMPARE(w.document()->scenario().models[human].senses.darkvision, 6.0);
        QVERIFY(w.document()->scenario().models[human].senses.flying);
        // The human now sees the goblin in the dark by darkvision.
        view->setObserver(human);
        view->setTarget(view->modelIndex(QStringLiteral("g-near")));
        QVERIFY(view->ruling()->tier.has_value());
        QCOMPARE(*view->ruling()->tier, std::string("seen"));
        senses->setText(QStringLiteral("sonar=3"));
        emit senses->editingFinished();
        QCOMPARE(w.document()->scenario().models[human].senses.darkvision, 6.0);  // (refused: unchanged)
        w.document()->undoStack()->undo();
        QVERIFY(!w.document()->scenario().models[human].senses.any());
    }

    void rulingPanelSaysWhatSensesPerceive() {
        // Light and senses on the table: the pair's tier, senses and light in the panel.
        gui::MainWindow w;
        QVERIFY(w.openFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/senses/01-light-and-darkvision.sightline.json"), true));
        gui::BoardView* view = w.board();
        view->setObserver(view->modelIndex(QStringLiteral("dwarf")));
        view->setTarget(view->modelIndex(QStringLiteral("g-near")));
        QVERIFY(view->ruling()->tier.has_value());
        QVERIFY2(w.rulingLabel()->text().contains(QStringLiteral("Perceived")) && w.rulingLabel()->text().contains(QStringLiteral("by darkvision")),
                 qPrintable(w.rulingLabel()->text()));
        view->setObserver(view->modelIndex(QStringLiteral("human")));
        QVERIFY2(w.rulingLabel()->text().contains(QStringLiteral("<b>unseen</b>")), qPrintable(w.rulingLabel()->text()));
        QVERIFY(w.rulingLabel()->text().contains(QStringLiteral("the light is dark")));
    }

    void rulesetFromTheMenu() {
        // Switching the game is an undoable edit of the table; the ruling panel then gives
        // the game's fields and reasons.
        gui::MainWindow w;
        QVERIFY(w.openFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/wh40k-11e/01-obscuring.sightline.json"), true));
        gui::BoardView* view = w.board();
        view->setObserver(view->modelIndex(QStringLiteral("O")));
        view->setTarget(view->modelIndex(QStringLiteral("T")));
        QVERIFY(!view->ruling()->visible);
        QVERIFY2(w.rulingLabel()->text().contains(QStringLiteral("13.10 obscuring")), qPrintable(w.rulingLabel()->text()));
        QAction* trueLos = nullptr;
        for (QAction* a : w.findChildren<QAction*>())
            if (a->data().toString() == QLatin1String("true-los")) trueLos = a;
        QVERIFY(trueLos);
        trueLos->trigger();
        QCOMPARE(w.document()->scenario().ruleset.name, std::string("true-los"));
        QCOMPARE(w.document()->scenario().ruleset.sight_line_width_mm, 0.0);
        QVERIFY(view->ruling()->visible);  // the crate alone is too low
        QVERIFY(!w.rulingLabel()->text().contains(QStringLiteral("13.10")));
        w.document()->undoStack()->undo();
        QCOMPARE(w.document()->scenario().ruleset.name, std::string("wh40k-11e"));
        QCOMPARE(w.document()->scenario().ruleset.sight_line_width_mm, 1.0);
        QVERIFY(!view->ruling()->visible);
    }

    void unitModes() {
        gui::MainWindow w;
        QVERIFY(w.openFile(kDemo, true));
        gui::BoardView* view = w.board();
        view->setObserver(view->modelIndex(QStringLiteral("b-int-2")));
        view->setTarget(view->modelIndex(QStringLiteral("r-boy-5")));
        view->setUnitMode(gui::BoardView::UnitMode::UnitVsUnit);
        // Worked out off the GUI thread: the panel says so until it comes.
        QVERIFY(view->unitRulingPending() || view->unitRuling().has_value());
        if (!view->unitRuling()) QVERIFY(w.rulingLabel()->text().contains(QStringLiteral("Working out")));
        QTRY_VERIFY(!view->unitRulingPending());
        QVERIFY(view->unitRuling().has_value());
        QCOMPARE(view->unitRuling()->attackers.size(), size_t(5));
        QCOMPARE(view->unitRuling()->targets.size(), size_t(5));
        QVERIFY(view->unitRuling()->visible);  // b-int-2 sees r-boy-5
        const QString panel = w.rulingLabel()->text();
        QVERIFY2(panel.contains(QStringLiteral("unit seen")), qPrintable(panel));
        // Numbers for headers, the key linking them to the models' ids, a legend.
        QVERIFY(panel.contains(QStringLiteral("blue-intercessors &darr;")));
        QVERIFY(!panel.contains(QStringLiteral("<th>b-int-1</th>")));
        QVERIFY2(panel.contains(QStringLiteral("<a href='id:b-int-1'>b-int-1</a>")), qPrintable(panel));
        QVERIFY(panel.contains(QStringLiteral("<b>Legend</b>")));
        QVERIFY(!panel.contains(QStringLiteral("<a href='id:b-int-1'><a")));
        QVERIFY(!view->overlay().pairLines.empty());  // the green lines of the pairs that see
        // Moving a model of the unit keeps the last answer on the board until the next comes.
        const int boy = view->modelIndex(QStringLiteral("r-boy-5"));
        edits::Selection moved;
        moved.models = {boy};
        w.document()->edit(QStringLiteral("Move"), [&](Scenario& s) { edits::moveSelection(s, moved, {0.5, 0}); });
        QVERIFY(view->unitRuling().has_value());
        QTRY_VERIFY(!view->unitRulingPending());
        QCOMPARE(view->unitRuling()->targets.size(), size_t(5));
        view->setUnitMode(gui::BoardView::UnitMode::ObserverVsUnit);
        QTRY_VERIFY(!view->unitRulingPending());
        QCOMPARE(view->unitRuling()->attackers, std::vector<int>{view->modelIndex(QStringLiteral("b-int-2"))});
        QCOMPARE(view->unitRuling()->targets.size(), size_t(5));
        view->setUnitMode(gui::BoardView::UnitMode::Off);
        QVERIFY(!view->unitRuling().has_value());
        QVERIFY(view->ruling().has_value());
    }

    // The Analysis dock: the vision map off the GUI thread, drawn under the pieces, a cell
    // explained on hover, worked out again after an edit, cancelled, exported.
    void analysisExposureMap() {
        QTemporaryDir dir;
        gui::MainWindow w;
        QVERIFY(w.openFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/tests/data/analysis-wall.sightline.json"), true));
        gui::BoardView* view = w.board();
        gui::AnalysisPanel* panel = w.analysis();
        QVERIFY(!panel->setZone(QStringLiteral("east")));  // no such zone
        QVERIFY(panel->setZone(QStringLiteral("west"), 2));
        // With a zone's rows shown the panel still fits a narrow dock (each field beside its
        // label): nothing is cut off at the edge.
        QVERIFY2(panel->minimumSizeHint().width() <= 240, qPrintable(QString::number(panel->minimumSizeHint().width())));
        panel->setSpacing(1.0);
        QSignalSpy finished(panel, &gui::AnalysisPanel::finished);
        QVERIFY(panel->compute());  // no observer needed: the zone's places look
        QVERIFY(panel->computing());
        QVERIFY(finished.wait(kWorkMs));
        QVERIFY(panel->exposure().has_value());
        QVERIFY(!panel->map().has_value());
        QCOMPARE(panel->exposure()->positions.size(), size_t(18));
        QVERIFY(view->overlay().map.has_value());
        QCOMPARE(view->overlay().map->cols, 24);
        QVERIFY2(panel->summary().contains(QStringLiteral("hidden from every place")), qPrintable(panel->summary()));
        QCOMPARE(panel->exposure()->at(16, 8).seen, 0);   // the wall's shadow
        QCOMPARE(panel->exposure()->at(2, 8).seen, 18);   // beside the zone
        // Hovering: the places that see the cell drawn green, some of the others red.
        QSignalSpy explained(panel, &gui::AnalysisPanel::explained);
        panel->explainAt({16.5, 8.5});
        QVERIFY(explained.wait(kWorkMs));
        // (The map's model named: the map shown may be one kept for other choices.)
        QVERIFY2(panel->explanation().contains(QStringLiteral("At (16.5\", 8.5\"), a 32 mm round, 1.75\" model: hidden from every one of the 18 places in west")),
                 qPrintable(panel->explanation()));
        QVERIFY(!view->overlay().mapLines.empty());
        for (const auto& line : view->overlay().mapLines) {
            QVERIFY(!line.seen);
            // (Each drawn up to where it meets the wall, x = 10, and marked there.)
            const Vec2 hit = line.line.a + (line.line.b - line.line.a) * line.hit;
            QVERIFY2(line.hit > 0 && line.hit < 1 && std::abs(hit.x - 10) < 1e-6, qPrintable(QString::number(hit.x)));
        }
        // (The red lines said to be some of the places, as many as are drawn.)
        QVERIFY2(panel->explanation().contains(QStringLiteral("The red lines: from %1 of the 18 that do not see it")
                                                   .arg(view->overlay().mapLines.size())),
                 qPrintable(panel->explanation()));
        // (And what stops them: the wall, on every one.)
        QVERIFY2(panel->explanation().contains(QStringLiteral("What blocks every line from each of those places: Wall.")),
                 qPrintable(panel->explanation()));
        // (A cell on one of the table's models: no place to stand, the model named.)
        panel->explainAt({4.5, 8.5});
        QVERIFY(explained.wait(kWorkMs));
        QVERIFY2(panel->explanation().contains(QStringLiteral("would overlap Eye 1: no place to stand")), qPrintable(panel->explanation()));
        panel->explainAt({2.5, 8.5});
        QVERIFY(explained.wait(kWorkMs));
        QVERIFY2(panel->explanation().contains(QStringLiteral("seen from 18 of the 18 places")), qPrintable(panel->explanation()));
        QCOMPARE(view->overlay().mapLines.size(), size_t(18));
        panel->explainAt({23.5, 8.5});
        QVERIFY(explained.wait(kWorkMs));
        QVERIFY2(panel->explanation().contains(QStringLiteral("reach past the table's edge: no place to stand")),
                 qPrintable(panel->explanation()));
        panel->explainAt({2.5, 8.5});  // (the lines of the cell before, for what follows)
        QVERIFY(explained.wait(kWorkMs));
        const QString csv = dir.filePath(QStringLiteral("exposure.csv"));
        QString error;
        QVERIFY(panel->exportCsv(csv, &error));
        QFile cells(csv);
        QVERIFY(cells.open(QIODevice::ReadOnly));
        QVERIFY(cells.readLine().startsWith("x,y,overlap,positions,seen"));
        cells.close();
        // An edit: the map shown is the table's as it was, so hovering explains no cell (its
        // lines would be the table's as it is) until the map worked out again is drawn.
        w.document()->edit(QStringLiteral("Move wall"), [](Scenario& s) {
            for (Vec2& v : s.terrain[0].footprint.outer) v.y += 3;
        });
        QVERIFY(view->overlay().mapLines.empty());
        QVERIFY2(panel->explanation().contains(QStringLiteral("The table has changed")), qPrintable(panel->explanation()));
        panel->explainAt({16.5, 8.5});
        QVERIFY2(panel->explanation().contains(QStringLiteral("The table has changed")), qPrintable(panel->explanation()));
        QVERIFY(view->overlay().mapLines.empty());
        QVERIFY(finished.wait(kWorkMs));
        panel->explainAt({16.5, 8.5});
        QVERIFY(explained.wait(kWorkMs));
        QVERIFY2(panel->explanation().contains(QStringLiteral("of the 18 places")), qPrintable(panel->explanation()));
        QVERIFY(!view->overlay().mapLines.empty());
        // The zone taken away: the map goes once the edits pause (no observer to look instead).
        w.document()->edit(QStringLiteral("Delete zone"), [](Scenario& s) { s.zones.clear(); });
        QTRY_VERIFY_WITH_TIMEOUT(!panel->exposure().has_value() && !view->overlay().map.has_value(), 10000);
    }

    void analysisHidingSpots() {
        QTemporaryDir dir;
        gui::MainWindow w;
        QVERIFY(w.openFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/tests/data/analysis-wall.sightline.json"), true));
        gui::BoardView* view = w.board();
        gui::AnalysisPanel* panel = w.analysis();
        QVERIFY(panel->setZone(QStringLiteral("west"), 2));
        auto* base = panel->findChild<QComboBox*>(QStringLiteral("analysis-base"));
        auto* bases = panel->findChild<QLineEdit*>(QStringLiteral("analysis-bases"));
        auto* form = panel->findChild<QFormLayout*>();
        QVERIFY(base && bases && form);
        QVERIFY(base->isVisibleTo(panel) && !bases->isVisibleTo(panel));
        panel->setHidingSpots(true);
        // (The bases listed in Bases, three by default: the one base's row gives way to it.)
        QVERIFY(!base->isVisibleTo(panel) && bases->isVisibleTo(panel));
        QVERIFY(!form->labelForField(base)->isVisibleTo(panel) && form->labelForField(bases)->isVisibleTo(panel));
        QCOMPARE(bases->text(), QStringLiteral("32, 60x35.5, 100x50 rect"));
        panel->setSpacing(1.0);
        QSignalSpy finished(panel, &gui::AnalysisPanel::finished);
        QVERIFY(panel->compute());
        QVERIFY(finished.wait(kWorkMs));
        QVERIFY(panel->hiding().has_value());
        QVERIFY(!panel->exposure().has_value());
        QCOMPARE(panel->hiding()->bases.size(), size_t(3));
        QVERIFY(view->overlay().map.has_value());
        // (Behind one wall a larger base hides only where the smaller ones do: the colours say
        // it all, no ground is outlined.)
        QVERIFY(view->overlay().map->outlines.empty());
        QVERIFY2(panel->summary().contains(QStringLiteral("100x50 mm rect")) && panel->summary().contains(QStringLiteral("semi-safe")),
                 qPrintable(panel->summary()));
        // (The semi-safe figures take in the safe ground: said so, in the legend and the table.)
        QVERIFY2(panel->summary().contains(QStringLiteral("; safe or semi-safe ")) && panel->summary().contains(QStringLiteral(">safe or semi-safe<")),
                 qPrintable(panel->summary()));
        // Hovering says which bases hide there: straight behind the wall, all three.
        QSignalSpy explained(panel, &gui::AnalysisPanel::explained);
        panel->explainAt({16.5, 8.5});
        QVERIFY(!explained.isEmpty() || explained.wait(2000));
        QCOMPARE(panel->explanation().count(QStringLiteral("safe (hidden from every place)")), 3);
        // ... and draws each base there, centred on the cell, in the colour its outlines
        // take (the text names it): yellow, orange, white.
        {
            const auto& drawn = view->overlay().mapBases;
            QCOMPARE(drawn.size(), size_t(3));
            QVERIFY2(panel->explanation().contains(QStringLiteral("100x50 mm rect, 1.75\" (drawn white): safe")), qPrintable(panel->explanation()));
            for (size_t i = 0; i < drawn.size(); ++i) {
                QCOMPARE(drawn[i].colour, (std::array{QColor(255, 217, 47), QColor(255, 127, 0), QColor(250, 250, 250)}[i]));
                QVERIFY(!drawn[i].dashed);  // (each safe there: solid)
                const auto [lo, hi] = boundsOf(drawn[i].outline);
                QVERIFY2(std::abs((lo.x + hi.x) / 2 - 16.5) < 1e-3 && std::abs((lo.y + hi.y) / 2 - 8.5) < 1e-3, qPrintable(QStringLiteral("%1 %2 %3 %4").arg(lo.x).arg(lo.y).arg(hi.x).arg(hi.y)));
            }
            const auto [lo, hi] = boundsOf(drawn[2].outline);
            QVERIFY(std::abs(hi.x - lo.x - 100 / kMmPerInch) < 1e-6);  // (the rect, 100 mm long)
        }
        panel->explainAt({2.5, 8.5});
        QVERIFY2(panel->explanation().contains(QStringLiteral("seen from more than")), qPrintable(panel->explanation()));
        // (Seen: drawn dashed, and said so.)
        QVERIFY2(panel->explanation().contains(QStringLiteral("32 mm round, 1.75\" (drawn yellow, dashed): seen from more than")),
                 qPrintable(panel->explanation()));
        QVERIFY(std::ranges::all_of(view->overlay().mapBases, [](const render::MapBase& b) { return b.dashed; }));
        // A semi-safe cell says from how many places it is seen.
        {
            const analysis::HidingSpots& h = *panel->hiding();
            const analysis::HidingBase& b = h.bases.front();
            int semiOnly = -1;
            for (size_t k = 0; k < b.semi.size() && semiOnly < 0; ++k)
                if (b.semi[k] && !b.safe[k]) semiOnly = static_cast<int>(k);
            QVERIFY(semiOnly >= 0);
            QVERIFY(b.seen[static_cast<size_t>(semiOnly)] >= 1 && b.seen[static_cast<size_t>(semiOnly)] <= h.semiMost);
            panel->explainAt(h.grid.centre(semiOnly % h.grid.cols, semiOnly / h.grid.cols));
            const QString said = QStringLiteral("semi-safe (seen from %1 of them, at most %2 allowed)").arg(b.seen[static_cast<size_t>(semiOnly)]).arg(h.semiMost);
            QVERIFY2(panel->explanation().contains(said), qPrintable(panel->explanation()));
        }
        const QString csv = dir.filePath(QStringLiteral("hiding.csv"));
        QString error;
        QVERIFY(panel->exportCsv(csv, &error));
        QFile cells(csv);
        QVERIFY(cells.open(QIODevice::ReadOnly));
        QVERIFY(cells.readLine().startsWith("x,y,safe_32_mm_round,semi_32_mm_round"));
        // Back to the exposure of the same zone: one map at a time.
        panel->setHidingSpots(false);
        QVERIFY(base->isVisibleTo(panel) && !bases->isVisibleTo(panel));
        QVERIFY(panel->compute());
        QVERIFY(finished.wait(kWorkMs));
        QVERIFY(panel->exposure().has_value());
        QVERIFY(!panel->hiding().has_value());
        QVERIFY(view->overlay().map->outlines.empty());
    }

    void analysisBaseRowComesBackAfterTheLanes() {
        // In the dock as shown, Map: Hiding spots, then Lanes and gaps, then Exposure: the
        // Base row shows again, laid out between Seen by and Height. (In the window, rows that
        // wrapped under their labels, WrapLongRows, left it no height: a blank gap. Offscreen
        // the form did not show that; the window was checked by eye.)
        gui::MainWindow w;
        QVERIFY(w.openFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/layouts/11e/bm-purge-vs-purge-01.sightline.json"), true));
        QVERIFY(showWithAnalysisDock(w));
        gui::AnalysisPanel* panel = w.analysis();
        QVERIFY(panel->setZone(QStringLiteral("deployment-attacker"), 2));
        auto* base = panel->findChild<QComboBox*>(QStringLiteral("analysis-base"));
        auto* bases = panel->findChild<QLineEdit*>(QStringLiteral("analysis-bases"));
        QVERIFY(base && bases);
        QVERIFY(base->isVisible() && !bases->isVisible());
        // (Chosen as a person does, from the Map box's list.)
        auto* map = panel->findChild<QComboBox*>(QStringLiteral("analysis-map"));
        QVERIFY(map);
        auto choose = [&](int index) {
            map->showPopup();
            QAbstractItemView* list = map->view();
            QTRY_VERIFY(list->isVisible());
            const QRect item = list->visualRect(list->model()->index(index, 0));
            QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, item.center());
            QTRY_VERIFY(!list->isVisible());
            QCOMPARE(map->currentIndex(), index);
        };
        choose(1);  // hiding spots
        QVERIFY(!base->isVisible() && bases->isVisible());
        choose(2);  // lanes and gaps
        QVERIFY(!base->isVisible() && !bases->isVisible());
        // (What pressing the button does, said for the lanes: no places, no cells.)
        QVERIFY2(panel->summary().startsWith(QStringLiteral("Press Lanes and Gaps: the open corridors")), qPrintable(panel->summary()));
        choose(0);  // exposure
        QVERIFY(base->isVisible() && !bases->isVisible());
        // (Laid out: the row has its height, below Seen by and above Height.)
        QTRY_VERIFY(base->height() >= base->sizeHint().height());
        auto* form = panel->findChild<QFormLayout*>();
        QVERIFY(form && form->labelForField(base)->isVisible());
        QVERIFY(base->geometry().top() > panel->findChild<QComboBox*>(QStringLiteral("analysis-seen-by"))->geometry().bottom());
        QVERIFY(base->geometry().bottom() < panel->findChild<QDoubleSpinBox*>()->geometry().top());
    }

    void analysisHidingSpotsOfTheBasesWritten() {
        // The bases written in Bases, each at its own height after an @ or at the Height box's,
        // worked out smallest first; a list that is no bases is said, in the box's tooltip
        // as it is typed and on the panel when pressed, and the map shown stays.
        gui::MainWindow w;
        gui::AnalysisPanel* panel = hidingSpotsOn(w, QStringLiteral(SIGHTLINE_SOURCE_DIR "/tests/data/analysis-wall.sightline.json"), QStringLiteral("west"), 2, 1.0);
        QVERIFY(panel);
        auto* bases = panel->findChild<QLineEdit*>(QStringLiteral("analysis-bases"));
        QVERIFY(bases);
        panel->setHidingBases(QStringLiteral("100x50 rect@3.5, 32"));
        QSignalSpy finished(panel, &gui::AnalysisPanel::finished);
        QVERIFY(panel->compute());
        QVERIFY(finished.wait(kWorkMs));
        QVERIFY(panel->hiding().has_value());
        const std::vector<analysis::HidingBase>& got = panel->hiding()->bases;
        QCOMPARE(got.size(), size_t(2));
        QCOMPARE(got[0].probe.base.shape, BaseShape::Circle);
        QCOMPARE(got[0].probe.height, 1.75);
        QCOMPARE(got[1].probe.base.shape, BaseShape::Rect);
        QCOMPARE(got[1].probe.height, 3.5);
        QVERIFY2(panel->summary().contains(QStringLiteral("rect, 3.5&quot;: safe")), qPrintable(panel->summary()));
        // A cell with no room to stand says what is in the way: a model of the table's, the
        // wall, the table's edge (the rect's).
        panel->explainAt({4.5, 8.5});
        QVERIFY2(panel->explanation().contains(QStringLiteral("no room to stand (it would overlap Eye 1)")), qPrintable(panel->explanation()));
        panel->explainAt({10.5, 8.5});
        QVERIFY2(panel->explanation().contains(QStringLiteral("no room to stand (it would overlap Wall)")), qPrintable(panel->explanation()));
        panel->explainAt({0.5, 8.5});
        QVERIFY2(panel->explanation().contains(QStringLiteral("no room to stand (it would reach past the table's edge)")),
                 qPrintable(panel->explanation()));
        // Other bases, or another height, and the map shown is said to be for other choices;
        // the same ones again (written with other spaces), and it is not.
        const QString forOthers = QStringLiteral("worked out for other choices");
        QVERIFY(!panel->summary().contains(forOthers));
        panel->setHidingBases(QStringLiteral("100x50 rect@3.5, 32, 25"));
        QVERIFY2(panel->summary().contains(forOthers), qPrintable(panel->summary()));
        panel->setHidingBases(QStringLiteral("100x50 rect@3.5,32"));
        QVERIFY2(!panel->summary().contains(forOthers), qPrintable(panel->summary()));
        auto* height = panel->findChildren<QDoubleSpinBox*>().value(0);
        QVERIFY(height);
        height->setValue(2.5);
        QVERIFY2(panel->summary().contains(forOthers), qPrintable(panel->summary()));
        height->setValue(1.75);
        QVERIFY2(!panel->summary().contains(forOthers), qPrintable(panel->summary()));
        // Not bases: marked as typed, said when pressed (as typed, beside the legend of the
        // map kept); nothing started. Said no more once the list names bases again.
        panel->setHidingBases(QStringLiteral("32, banana"));
        QVERIFY2(bases->toolTip().contains(QStringLiteral("expected a base")) && bases->toolTip().contains(QStringLiteral("banana")),
                 qPrintable(bases->toolTip()));
        QVERIFY(!panel->compute());
        QVERIFY(!panel->computing());
        auto shown = [&] {  // (the summary as its label shows it)
            QTextDocument doc;
            doc.setHtml(panel->summary());
            return Qt::mightBeRichText(panel->summary()) ? doc.toPlainText() : panel->summary();
        };
        QVERIFY2(shown().contains(QStringLiteral("Bases: expected a base")) && shown().contains(QStringLiteral("found \"banana\"")),
                 qPrintable(shown()));
        QVERIFY2(shown().contains(QStringLiteral("semi-safe")), qPrintable(shown()));  // (the legend)
        QVERIFY(panel->hiding().has_value());
        QVERIFY(w.board()->overlay().map.has_value());
        panel->setHidingBases(QStringLiteral("32@0"));
        QVERIFY2(bases->toolTip().contains(QStringLiteral("a height from 0.1 to 30")), qPrintable(bases->toolTip()));
        panel->setHidingBases(QStringLiteral("32, 32"));
        QVERIFY2(bases->toolTip().contains(QStringLiteral("given twice")), qPrintable(bases->toolTip()));
        panel->setHidingBases(QStringLiteral("25, 32"));
        QVERIFY2(!bases->toolTip().contains(QStringLiteral("expected")), qPrintable(bases->toolTip()));
        QVERIFY2(!shown().contains(QStringLiteral("Bases:")) && shown().contains(QStringLiteral("semi-safe")), qPrintable(shown()));
    }

    void analysisAskedAgainWhileWorkedOutGoesOn() {
        // Hiding Spots pressed again while those very spots are worked out: the work goes on
        // (its progress kept), rather than start again from nothing; another height asked
        // for starts again. The progress says which base is worked out.
        gui::MainWindow w;
        gui::AnalysisPanel* panel = hidingSpotsUnderWay(w);
        QVERIFY(panel);
        auto* progress = panel->findChild<QProgressBar*>();
        QSignalSpy finished(panel, &gui::AnalysisPanel::finished);
        QVERIFY(panel->computing());
        // (Three bases one after another, whose costs differ: which one, no time foretold
        // from the first. The first is most often still under way here; on a busy machine
        // the next may be.)
        QVERIFY2(progress->format().contains(QRegularExpression(QStringLiteral("base [12] of 3"))) &&
                     !progress->format().contains(QStringLiteral("left")),
                 qPrintable(progress->format()));
        const int before = progress->value();
        QVERIFY(panel->compute());
        QVERIFY(panel->computing());
        QCOMPARE(progress->value(), before);
        panel->findChildren<QDoubleSpinBox*>().value(0)->setValue(2.5);
        QVERIFY(panel->compute());
        QCOMPARE(progress->value(), 0);
        // Cancelled, and asked for again before the work has stopped: started again.
        QTRY_VERIFY_WITH_TIMEOUT(progress->value() > 0, kWorkMs);
        panel->cancel();
        QVERIFY(panel->computing());
        QVERIFY(panel->compute());
        QCOMPARE(progress->value(), 0);
        QTRY_VERIFY_WITH_TIMEOUT(progress->value() > 0, kWorkMs);
        panel->cancel();
        QVERIFY(finished.wait(kWorkMs));
        QVERIFY(!panel->computing());
    }

    void analysisAnotherKindAskedWhileWorkedOutTakesOver() {
        // Hiding spots being worked out, then the exposure map asked for: the hiding spots
        // stop, and their end neither ends the exposure's work (its progress and Cancel stay)
        // nor is said as a cancel; the first answer to arrive is the exposure map.
        gui::MainWindow w;
        gui::AnalysisPanel* panel = hidingSpotsUnderWay(w);
        QVERIFY(panel);
        QSignalSpy finished(panel, &gui::AnalysisPanel::finished);
        panel->setHidingSpots(false);
        QVERIFY(panel->compute());
        QVERIFY(panel->computing());
        QVERIFY(finished.wait(kWorkMs));
        QCOMPARE(finished.size(), 1);
        QVERIFY(panel->exposure().has_value());
        QVERIFY(!panel->hiding().has_value());
        QVERIFY2(!panel->summary().contains(QStringLiteral("Cancelled")), qPrintable(panel->summary()));
    }

    void analysisAnotherChoiceWhileWorkedOutLosesNoWork() {
        // Another map kind chosen while hiding spots are worked out, the button not pressed:
        // the work goes on, and the spots arrive said to be for other choices.
        gui::MainWindow w;
        gui::AnalysisPanel* panel = hidingSpotsUnderWay(w);
        QVERIFY(panel);
        QSignalSpy finished(panel, &gui::AnalysisPanel::finished);
        panel->setHidingSpots(false);
        QVERIFY(panel->computing());
        QVERIFY(finished.wait(kWorkMs));
        QVERIFY(panel->hiding().has_value() && panel->hiding()->complete);
        QVERIFY2(panel->summary().contains(QStringLiteral("worked out for other choices: press Exposure Map")), qPrintable(panel->summary()));
    }

    void analysisRefusedRequestLeavesTheMapOnItsWay() {
        // A unit's vision map on its way; hiding spots asked for with Bases that name none:
        // refused, and the vision map still arrives, with its observers.
        gui::MainWindow w;
        gui::AnalysisPanel* panel = unitMapUnderWay(w);
        QVERIFY(panel);
        QSignalSpy finished(panel, &gui::AnalysisPanel::finished);  // (before the event loop runs again)
        QVERIFY(panel->setZone(QStringLiteral("deployment-defender"), 2));
        panel->setHidingSpots(true);
        panel->setHidingBases(QStringLiteral("nothing"));
        QVERIFY(!panel->compute());
        QVERIFY(panel->computing());
        QVERIFY(finished.wait(kWorkMs));
        QVERIFY(panel->map().has_value() && panel->map()->observers.size() == 10);
    }

    void analysisEditWhileTheFirstMapIsWorkedOutWorksItOutAgain() {
        // Hiding spots asked for, no map shown yet, and the table edited while they are
        // worked out: the work is not lost, but worked out again for the table as it is once
        // the edits pause, and shown.
        gui::MainWindow w;
        gui::AnalysisPanel* panel = hidingSpotsUnderWay(w);
        QVERIFY(panel);
        QVERIFY(!panel->hiding().has_value() && !panel->exposure().has_value());
        nudgeFirstPiece(w, 0.5);
        // (Its places 2" apart and 0.5" cells: a few seconds, over a minute under the sanitizers.)
        QTRY_VERIFY_WITH_TIMEOUT(panel->hiding().has_value(), kWorkMs);
        QVERIFY(panel->hiding()->complete);
        QVERIFY(!panel->computing());
        QVERIFY2(!panel->summary().contains(QStringLiteral("given up")), qPrintable(panel->summary()));
        QVERIFY2(!panel->summary().contains(QStringLiteral("changed")), qPrintable(panel->summary()));
    }

    void analysisDragWhileAnotherKindIsWorkedOutWorksItOutAgain() {
        // An exposure map shown, hiding spots asked for and under way, then a drag (several
        // edits, the work given up after the first, stopped before the next): the hiding
        // spots are worked out again once the edits pause, not lost (the second edit took
        // the exposure map, for other choices, off and forgot the pause).
        gui::MainWindow w;
        gui::AnalysisPanel* panel = purgeExposureShown(w);
        QVERIFY(panel);
        panel->setHidingSpots(true);
        panel->setSpacing(0.5);
        auto* progress = panel->findChild<QProgressBar*>();
        QVERIFY(progress && panel->compute());
        QVERIFY(QTest::qWaitFor([&] { return progress->value() > 0; }, kWorkMs));
        for (int step = 0; step < 3; ++step) {
            nudgeFirstPiece(w, 0.2);
            QTRY_VERIFY_WITH_TIMEOUT(!panel->computing(), kWorkMs);  // (the work given up has stopped)
        }
        QVERIFY(panel->exposure().has_value());  // (still drawn, until the spots take its place)
        // (Said of the exposure map drawn: not that it is worked out again, but that the map
        // asked for takes its place.)
        QVERIFY2(panel->explanation().contains(QStringLiteral("takes its place")), qPrintable(panel->explanation()));
        QTRY_VERIFY_WITH_TIMEOUT(panel->hiding().has_value(), kWorkMs);
        QVERIFY(panel->hiding()->complete);
        QVERIFY(!panel->computing());
        QVERIFY2(!panel->summary().contains(QStringLiteral("changed")), qPrintable(panel->summary()));
    }

    void analysisChoiceLookedAtDuringTheEditsPauseIsNotWorkedOut() {
        // An exposure map shown, the table edited (it is to be worked out again once the
        // edits pause), then hiding spots chosen, only looked at: when the pause ends nothing
        // is started for them, and the panel says the work was given up; the same with an
        // edit after the look (a drag going on).
        for (const bool editAfter : {false, true}) {
            gui::MainWindow w;
            gui::AnalysisPanel* panel = purgeExposureShown(w);
            QVERIFY(panel);
            nudgeFirstPiece(w, 0.2);
            panel->setHidingSpots(true);
            if (editAfter) nudgeFirstPiece(w, 0.2);
            QTest::qWait(1500);  // (past the pause)
            QVERIFY(!panel->computing());
            QVERIFY(!panel->hiding().has_value());
            QVERIFY2(panel->summary().contains(editAfter ? QStringLiteral("taken off") : QStringLiteral("given up")),
                     qPrintable(panel->summary()));
        }
    }

    void analysisFirstMapGivenUpForADragWhileAnotherChoiceIsLookedAt() {
        // Hiding spots under way, no map shown; the table edited (the work given up, to be
        // worked out again after the pause), another map kind looked at, and edited again:
        // nothing is started, and the panel says the work was given up (no map was taken
        // off: none was drawn).
        gui::MainWindow w;
        gui::AnalysisPanel* panel = hidingSpotsUnderWay(w);
        QVERIFY(panel);
        nudgeFirstPiece(w, 0.2);
        QTRY_VERIFY_WITH_TIMEOUT(!panel->computing(), kWorkMs);
        panel->setHidingSpots(false);
        nudgeFirstPiece(w, 0.2);
        QTest::qWait(1500);  // (past the pause)
        QVERIFY(!panel->computing());
        QVERIFY(!panel->hiding().has_value() && !panel->exposure().has_value());
        QVERIFY2(panel->summary().contains(QStringLiteral("given up")), qPrintable(panel->summary()));
        QVERIFY2(!panel->summary().contains(QStringLiteral("taken off")), qPrintable(panel->summary()));
    }

    void analysisUndoOfAnEditBringsItsMapBack() {
        // An exposure map shown, the table edited and the map worked out again, then the edit
        // undone: the first map comes back at once, with nothing worked out (it was worked out
        // again, as the table before the edit had never been seen). A redo brings the second.
        // After the undo, another edit (the same undo step, another table) is worked out.
        gui::MainWindow w;
        gui::AnalysisPanel* panel = purgeExposureShown(w);
        QVERIFY(panel);
        const analysis::ExposureMap first = *panel->exposure();
        QSignalSpy finished(panel, &gui::AnalysisPanel::finished);
        nudgeFirstPiece(w, 3);
        QVERIFY(finished.wait(kWorkMs));
        QVERIFY(!panel->computing());
        const analysis::ExposureMap second = *panel->exposure();
        auto seen = [](const analysis::ExposureMap& m) {
            std::vector<int> out;
            for (const analysis::ExposureCell& c : m.cells) out.push_back(c.seen);
            return out;
        };
        QVERIFY(seen(first) != seen(second));  // (the piece moved 3": the map is another)
        w.document()->undoStack()->undo();
        QVERIFY(!panel->computing());
        QVERIFY(!panel->stale());
        QVERIFY(panel->exposure().has_value());
        QCOMPARE(seen(*panel->exposure()), seen(first));
        QVERIFY2(panel->summary().contains(QStringLiteral("kept from before")), qPrintable(panel->summary()));
        QVERIFY2(w.board()->mapLayer() && w.board()->mapLayer()->staleNote.isEmpty(), "drawn as the table's");
        w.document()->undoStack()->redo();
        QVERIFY(!panel->computing());
        QCOMPARE(seen(*panel->exposure()), seen(second));
        w.document()->undoStack()->undo();
        QCOMPARE(seen(*panel->exposure()), seen(first));
        // Another edit from there: the undo step the second map was at, another table. The
        // word that a kept map was shown is gone with it (it read beside "being worked out
        // again").
        nudgeFirstPiece(w, -3);
        QVERIFY2(!panel->summary().contains(QStringLiteral("kept from before")), qPrintable(panel->summary()));
        QVERIFY2(panel->explanation().contains(QStringLiteral("being worked out again")), qPrintable(panel->explanation()));
        QVERIFY(finished.wait(kWorkMs));
        QVERIFY(panel->exposure().has_value() && panel->exposure()->complete);
        QVERIFY(seen(*panel->exposure()) != seen(second));
        // Another base chosen, then the edit undone: the map shown (for other choices) is
        // taken off, but the maps kept stay: the base chosen back and the button pressed shows
        // the first map again, with nothing worked out.
        const analysis::ExposureMap third = *panel->exposure();
        panel->setProbe(3, 1.75, QStringLiteral("INFANTRY"));  // (40 mm round)
        w.document()->undoStack()->undo();
        QVERIFY(!panel->exposure().has_value());
        panel->setProbe(2, 1.75, QStringLiteral("INFANTRY"));  // (32 mm round, as the maps kept)
        QVERIFY(panel->compute());
        QVERIFY(!panel->computing());
        QVERIFY(panel->exposure().has_value());
        QCOMPARE(seen(*panel->exposure()), seen(first));
        QVERIFY2(panel->summary().contains(QStringLiteral("kept from before")), qPrintable(panel->summary()));
        // An undo while the map is worked out again, back to the table of the map shown: that
        // map is the table's again, and what to hover is said as when it was drawn.
        w.document()->undoStack()->redo();
        QVERIFY(!panel->computing());  // (the third map, kept)
        QCOMPARE(seen(*panel->exposure()), seen(third));
        nudgeFirstPiece(w, 1);
        QTRY_VERIFY_WITH_TIMEOUT(panel->computing(), 5000);
        w.document()->undoStack()->undo();
        QVERIFY(!panel->computing());
        QVERIFY(!panel->stale());
        auto* hint = panel->findChild<QLabel*>(QStringLiteral("analysis-explanation"));
        QVERIFY(hint);
        QVERIFY2(hint->text().contains(QStringLiteral("Hover a cell of the map")), qPrintable(hint->text()));
        QCOMPARE(seen(*panel->exposure()), seen(third));
        // Cleared, the maps kept are forgotten: an undo brings none back.
        panel->clear();
        w.document()->undoStack()->undo();
        QVERIFY(!panel->exposure().has_value());
        QVERIFY(!panel->computing());
    }

    void analysisMapOfTheTableBeforeAnEditIsDrawnAsSuch() {
        // An exposure map shown, then the table edited: the map on the board is marked as of
        // the table before (greyed, said over it) until it is worked out again; and an edit
        // undone before the pause ends makes it the table's again at once.
        gui::MainWindow w;
        gui::AnalysisPanel* panel = purgeExposureShown(w);
        QVERIFY(panel);
        auto note = [&] { return w.board()->mapLayer() ? w.board()->mapLayer()->staleNote : QStringLiteral("(no map)"); };
        QVERIFY(note().isEmpty());
        const QImage fresh = w.board()->grab().toImage();
        QSignalSpy finished(panel, &gui::AnalysisPanel::finished);
        nudgeFirstPiece(w, 0.5);
        QVERIFY2(note().contains(QStringLiteral("before the last edits")), qPrintable(note()));
        // (Drawn so: the board's picture is greyer than the map's was.)
        const QImage old = w.board()->grab().toImage();
        auto saturation = [](const QImage& image) {
            double sum = 0;
            for (int y = 0; y < image.height(); y += 7)
                for (int x = 0; x < image.width(); x += 7) sum += image.pixelColor(x, y).hsvSaturationF();
            return sum;
        };
        QVERIFY2(saturation(old) < 0.8 * saturation(fresh), qPrintable(QStringLiteral("%1 %2").arg(saturation(old)).arg(saturation(fresh))));
        QVERIFY(finished.wait(kWorkMs));
        QVERIFY(!panel->stale());
        QVERIFY2(note().isEmpty(), qPrintable(note()));
        // Back to the table the map shown was worked out on, within the pause: current again.
        nudgeFirstPiece(w, 0.5);
        QVERIFY(!note().isEmpty());
        w.document()->undoStack()->undo();
        QTRY_VERIFY_WITH_TIMEOUT(!panel->stale(), 5000);
        QVERIFY2(note().isEmpty(), qPrintable(note()));
    }

    void analysisMapOfTheTableBeforeAnEditIsNotExported() {
        // An exposure map shown, then the table edited: until the map is worked out again,
        // neither the picture (the old map over the new table) nor the cells are exported,
        // each refusal saying why; once it is, both are.
        QTemporaryDir dir;
        gui::MainWindow w;
        ScriptedPrompts* prompts = scripted(w);
        gui::AnalysisPanel* panel = purgeExposureShown(w);
        QVERIFY(panel);
        QSignalSpy finished(panel, &gui::AnalysisPanel::finished);
        nudgeFirstPiece(w, 0.5);
        QVERIFY(panel->stale());
        const QString png = dir.filePath(QStringLiteral("map.png")), csv = dir.filePath(QStringLiteral("cells.csv"));
        prompts->saveNames << png;
        trigger(w, "file-export-image");
        QVERIFY(prompts->askedFor(QStringLiteral("warning: Cannot export yet")));
        QVERIFY(!QFile::exists(png));
        QString error;
        QVERIFY(!panel->exportCsv(csv, &error));
        QVERIFY2(error.contains(QStringLiteral("before its last edits")), qPrintable(error));
        QVERIFY(!QFile::exists(csv));
        QVERIFY(finished.wait(kWorkMs));
        QVERIFY(!panel->stale());
        prompts->saveNames.clear();
        prompts->saveNames << png;
        trigger(w, "file-export-image");
        QVERIFY(QImage(png).width() > 1000);
        QVERIFY2(panel->exportCsv(csv, &error), qPrintable(error));
    }

    void analysisHoverBringsItsExplanationIntoView() {
        // A short dock scrolled down to the legend: hovering a cell of the hiding map brings
        // its explanation (above the legend) into view, rather than write it out of sight.
        gui::MainWindow w;
        gui::AnalysisPanel* panel = hidingSpotsOn(w, QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/layouts/11e/bm-purge-vs-purge-01.sightline.json"),
                                                  QStringLiteral("deployment-attacker"), 4, 1.0);
        QVERIFY(panel);
        QVERIFY(showWithAnalysisDock(w, {1200, 520}));
        QSignalSpy finished(panel, &gui::AnalysisPanel::finished);
        QVERIFY(panel->compute());
        QVERIFY(finished.wait(kWorkMs));
        QVERIFY(panel->hiding().has_value());
        QScrollArea* area = nullptr;
        for (QWidget* p = panel->parentWidget(); p && !area; p = p->parentWidget()) area = qobject_cast<QScrollArea*>(p);
        QVERIFY(area);
        auto* explain = panel->findChild<QLabel*>(QStringLiteral("analysis-explanation"));
        QVERIFY(explain);
        QScrollBar* bar = area->verticalScrollBar();
        QTRY_VERIFY(bar->maximum() > 0);  // (the dock is shorter than the panel)
        bar->setValue(bar->maximum());
        const int top = explain->mapTo(area->widget(), QPoint(0, 0)).y();
        QVERIFY2(top < bar->value(), "the explanation above the view");  // (the premise)
        panel->explainAt({10.5, 10.5});
        QVERIFY(!panel->explanation().isEmpty());
        QVERIFY2(bar->value() <= top, qPrintable(QStringLiteral("%1 > %2").arg(bar->value()).arg(top)));
    }

    void analysisNewMapBringsItsLegendIntoView() {
        // A window 700 pixels high, the dock under the Ruling dock: the settings fill the
        // dock's view, and the hiding map's legend came below its foot, seen only by
        // scrolling. Drawn, the map's title and legend are in view whole.
        gui::MainWindow w;
        gui::AnalysisPanel* panel = hidingSpotsOn(w, QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/layouts/11e/bm-purge-vs-purge-01.sightline.json"),
                                                  QStringLiteral("deployment-attacker"), 4, 1.0);
        QVERIFY(panel);
        QVERIFY(showWithAnalysisDock(w, {1200, 700}));
        auto* dock = w.findChild<QDockWidget*>(QStringLiteral("analysis"));
        auto* ruling = w.findChild<QDockWidget*>(QStringLiteral("ruling"));
        QVERIFY(dock && ruling);
        w.resizeDocks({ruling, dock}, {350, 350}, Qt::Vertical);
        QCoreApplication::processEvents();
        auto* area = qobject_cast<QScrollArea*>(dock->widget());
        QVERIFY(area);
        QScrollBar* bar = area->verticalScrollBar();
        QCOMPARE(bar->value(), 0);
        QSignalSpy finished(panel, &gui::AnalysisPanel::finished);
        QVERIFY(panel->compute());
        QVERIFY(finished.wait(kWorkMs));
        auto* summary = panel->findChild<QLabel*>(QStringLiteral("analysis-summary"));
        QVERIFY(summary);
        // The title and legend alone, laid out as the summary is, from where the summary is
        // now: their foot in the panel.
        auto legendFoot = [&] {
            const QString shown = summary->text();
            const qsizetype end = shown.indexOf(QStringLiteral("</table>"));
            if (end < 0) return -1;
            QLabel legend(shown.left(end + 8));
            legend.setFont(summary->font());
            legend.setWordWrap(true);
            return summary->mapTo(area->widget(), QPoint(0, 0)).y() + legend.heightForWidth(summary->width());
        };
        const int view = area->viewport()->height();
        QTRY_VERIFY2(bar->value() > 0 && legendFoot() <= bar->value() + view,
                     qPrintable(QStringLiteral("legend's foot %1, view %2 to %3").arg(legendFoot()).arg(bar->value()).arg(bar->value() + view)));
        QVERIFY2(legendFoot() > view, qPrintable(QStringLiteral("%1 within %2").arg(legendFoot()).arg(view)));  // (the premise)
        QVERIFY2(summary->mapTo(area->widget(), QPoint(0, 0)).y() >= bar->value(), "the map's title scrolled past");
        // Scrolled back up to the settings, then the table edited: the map worked out again
        // for the same choices leaves the dock where the person has it.
        bar->setValue(0);
        nudgeFirstPiece(w, 0.25);
        QVERIFY(finished.wait(kWorkMs));
        QVERIFY(panel->hiding().has_value());
        QTest::qWait(50);
        QCOMPARE(bar->value(), 0);
    }

    // A wheel turned over the analysis dock's controls while scrolling it scrolls the dock:
    // a control the pointer passes over keeps its value; once clicked (focused), it takes
    // the wheel.
    void aWheelOverTheDocksControlsScrollsTheDock() {
        gui::MainWindow w;
        scripted(w);
        QVERIFY(w.openFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/demo.sightline.json"), true));
        QVERIFY(showWithAnalysisDock(w, {1200, 300}));
        auto* dock = w.findChild<QDockWidget*>(QStringLiteral("analysis"));
        auto* area = qobject_cast<QScrollArea*>(dock->widget());
        QVERIFY(area);
        QScrollBar* bar = area->verticalScrollBar();
        // (A map's legend and figures make the panel longer than the dock.)
        w.board()->setObserver(w.board()->modelIndex(QStringLiteral("b-int-1")));
        w.analysis()->setSpacing(1.0);
        QSignalSpy finished(w.analysis(), &gui::AnalysisPanel::finished);
        QVERIFY(w.analysis()->compute());
        QVERIFY(finished.wait(kWorkMs));
        QTRY_VERIFY(bar->maximum() > 0);  // (the dock is shorter than the panel)
        auto* opacity = w.analysis()->findChild<QSlider*>(QStringLiteral("analysis-opacity"));
        QVERIFY(opacity);
        area->ensureWidgetVisible(opacity);
        bar->setValue(0);
        const int before = opacity->value(), barBefore = bar->value();
        auto wheel = [&](QWidget* over) {
            const QPointF at(over->width() / 2.0, over->height() / 2.0);
            QWheelEvent event(at, over->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
            QApplication::sendEvent(over, &event);
        };
        QVERIFY(!opacity->hasFocus());
        wheel(opacity);
        QCOMPARE(opacity->value(), before);
        QVERIFY2(bar->value() > barBefore, qPrintable(QStringLiteral("%1, %2").arg(bar->value()).arg(barBefore)));
        for (auto* box : w.analysis()->findChildren<QComboBox*>()) {
            const int index = box->currentIndex();
            wheel(box);
            QCOMPARE(box->currentIndex(), index);
        }
        // Focused (clicked or tabbed to), it takes the wheel.
        opacity->setFocus();
        QTRY_VERIFY(opacity->hasFocus());
        wheel(opacity);
        QVERIFY(opacity->value() != before);
    }

    void analysisEditWhileAnotherChoiceIsLookedAtStartsNothing() {
        // A vision map on its way, a zone chosen (only looked at), then the table edited:
        // the map on its way is given up for a table no longer there, and nothing is started
        // for the zone until the button is pressed.
        gui::MainWindow w;
        gui::AnalysisPanel* panel = unitMapUnderWay(w);
        QVERIFY(panel);
        QSignalSpy finished(panel, &gui::AnalysisPanel::finished);  // (before the event loop runs again)
        QVERIFY(panel->setZone(QStringLiteral("deployment-defender"), 2));
        nudgeFirstPiece(w, 0.5);
        QVERIFY(finished.wait(kWorkMs));
        QTest::qWait(1500);  // (past the edits' pause: nothing started after it)
        QVERIFY(!panel->computing());
        QVERIFY(!panel->exposure().has_value() && !panel->map().has_value());
        QVERIFY2(panel->summary().contains(QStringLiteral("given up")), qPrintable(panel->summary()));
    }

    void analysisCancelHandsTheFocusBackToTheMapButton() {
        // Cancel pressed with the keyboard's focus on it, a map shown: once the work stops the
        // focus goes back to the map's button, not on to Clear (where the next key pressed
        // would take the map off).
        gui::MainWindow w;
        gui::AnalysisPanel* panel = hidingSpotsOn(w, QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/layouts/11e/bm-purge-vs-purge-01.sightline.json"), QStringLiteral("deployment-attacker"), 4, 1.0);
        QVERIFY(panel);
        auto* dock = w.findChild<QDockWidget*>(QStringLiteral("analysis"));
        QVERIFY(dock);
        w.show();
        dock->show();
        dock->raise();
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        auto* compute = panel->findChild<QPushButton*>(QStringLiteral("analysis-compute"));
        auto* cancel = panel->findChild<QPushButton*>(QStringLiteral("analysis-cancel"));
        auto* clear = panel->findChild<QPushButton*>(QStringLiteral("analysis-clear"));
        QVERIFY(compute && cancel && clear);
        QSignalSpy finished(panel, &gui::AnalysisPanel::finished);
        QVERIFY(panel->compute());
        QVERIFY(finished.wait(kWorkMs));
        QVERIFY(panel->hiding().has_value() && clear->isEnabled());
        panel->setSpacing(0.5);
        QVERIFY(panel->compute());
        QVERIFY(cancel->isEnabled());
        cancel->setFocus();
        QTRY_VERIFY(cancel->hasFocus());
        QTest::keyClick(cancel, Qt::Key_Space);
        QVERIFY(finished.wait(kWorkMs));
        QVERIFY(!cancel->isEnabled());
        QVERIFY(!clear->hasFocus());
        QVERIFY(compute->hasFocus());
        QVERIFY(panel->hiding().has_value());  // (the map shown stays)
    }

    void analysisExposureHoverLinesAgreeWithTheText() {
        // The demo's exposure map from the blue zone: hovering a cell draws each green line
        // along an open line (not the centres' line, which may cross a wall the open line
        // passes), and each red line solid up to the first piece or model its centre line
        // meets, no further (an earlier drawing ran on to the piece the text names), as the
        // text says. The cells two walkthroughs looked at.
        gui::MainWindow w;
        gui::AnalysisPanel* panel = exposureShown(w, kDemo, QStringLiteral("dz-blue"), 2, 1.0);
        QVERIFY(panel);
        const Scenario& s = w.document()->scenario();
        QSignalSpy explained(panel, &gui::AnalysisPanel::explained);
        int green = 0, dots = 0;
        for (const Vec2 at : {Vec2{50.5, 32.5}, Vec2{35.5, 20.5}, Vec2{34.5, 37.5}, Vec2{36.5, 19.5}, Vec2{45.5, 14.5}}) {
            panel->explainAt(at);
            QVERIFY(explained.wait(kWorkMs));
            const QString text = panel->explanation();
            if (text.contains(QStringLiteral("The red line")))
                QVERIFY2(text.contains(QStringLiteral("centre to centre, each solid up to where it is first blocked")), qPrintable(text));
            const auto& overlay = w.board()->overlay();
            QVERIFY(overlay.mapCell && std::abs(overlay.mapCell->x - at.x) < 0.5 && std::abs(overlay.mapCell->y - at.y) < 0.5);
            for (const render::MapLine& m : overlay.mapLines) {
                if (m.seen) {
                    // (Through no feature taller than both models' tops.)
                    for (const TerrainPiece& t : s.terrain) {
                        if (t.kind != TerrainKind::Feature || t.height <= 1.75) continue;
                        for (const auto& [from, to] : stretchesInside(t.footprint, m.line.a, m.line.b))
                            QVERIFY2(to - from < 1e-6, qPrintable(QStringLiteral("a green line to (%1, %2) crosses %3").arg(at.x).arg(at.y).arg(QString::fromStdString(t.id))));
                    }
                    ++green;
                    continue;
                }
                if (m.hit >= 1) continue;
                const Vec2 hit = m.line.a + (m.line.b - m.line.a) * m.hit;
                // (Solid through no feature taller than the lines, up to the first it meets,
                // on the outline of a piece or a model.)
                for (const TerrainPiece& t : s.terrain) {
                    if (t.kind != TerrainKind::Feature || t.height <= 1.75) continue;
                    for (const auto& [from, to] : stretchesInside(t.footprint, m.line.a, hit))
                        QVERIFY2(to - from < 1e-6, qPrintable(QStringLiteral("a red line to (%1, %2) runs solid through %3").arg(at.x).arg(at.y).arg(QString::fromStdString(t.id))));
                }
                double nearest = HUGE_VAL;
                for (const TerrainPiece& t : s.terrain) nearest = std::min(nearest, std::sqrt(squaredDistanceToEdges(hit, t.footprint.outer)));
                for (const Model& model : s.models) nearest = std::min(nearest, std::sqrt(squaredDistanceToEdges(hit, baseOutline(model))));
                QVERIFY2(nearest < 1e-3, qPrintable(QStringLiteral("a red line to (%1, %2) stops at (%3, %4), %5\" from any piece or model")
                                                        .arg(at.x).arg(at.y).arg(hit.x).arg(hit.y).arg(nearest)));
                // (And the text names what is met there, among the marks: a walkthrough found
                // marks on pieces the text never named.)
                QString metLabel;
                double metAt = HUGE_VAL;
                for (const TerrainPiece& t : s.terrain)
                    if (const double d = std::sqrt(squaredDistanceToEdges(hit, t.footprint.outer)); d < metAt) metAt = d, metLabel = QString::fromStdString(s.labelOf(t.id));
                for (const Model& model : s.models)
                    if (const double d = std::sqrt(squaredDistanceToEdges(hit, baseOutline(model))); d < metAt) metAt = d, metLabel = QString::fromStdString(s.labelOf(model.id));
                const qsizetype marked = text.indexOf(QStringLiteral("(marked: by "));
                QVERIFY2(marked >= 0 && text.indexOf(metLabel, marked) > marked,
                         qPrintable(QStringLiteral("%1 not named among the marks: %2").arg(metLabel, text)));
                ++dots;
            }
        }
        QVERIFY(green > 10);
        QVERIFY(dots > 10);
    }

    void analysisHoverDrawsTheMapsModelOnTheCell() {
        // A vision map of a large oval (a 120x92 mm base): hovering a cell outlines the model
        // as it would stand there, and each green line ends on that outline (it ended on an
        // oval nothing drew, 1.3" from the ringed centre).
        gui::MainWindow w;
        QVERIFY(w.openFile(kDemo, true));
        w.board()->setObserver(w.board()->modelIndex(QStringLiteral("b-int-1")));
        gui::AnalysisPanel* panel = w.analysis();
        panel->setSpacing(1.0);
        const std::vector<edits::BaseChoice> palette = edits::basePalette();
        const auto oval = std::ranges::find_if(palette, [](const edits::BaseChoice& c) { return c.base.shape == BaseShape::Oval && c.base.length_mm >= 100; });
        QVERIFY(oval != palette.end());
        panel->setProbe(static_cast<int>(oval - palette.begin()), 1.75, QString());
        QSignalSpy finished(panel, &gui::AnalysisPanel::finished);
        QVERIFY(panel->compute());
        QVERIFY(finished.wait(kWorkMs));
        QVERIFY(panel->map().has_value());
        QSignalSpy explained(panel, &gui::AnalysisPanel::explained);
        int ends = 0;
        for (const Vec2 at : {Vec2{30.5, 40.5}, Vec2{20.5, 8.5}, Vec2{8.5, 36.5}}) {
            panel->explainAt(at);
            QVERIFY(explained.wait(kWorkMs));
            const auto& overlay = w.board()->overlay();
            QCOMPARE(overlay.mapBases.size(), size_t(1));
            const Ring& ring = overlay.mapBases.front().outline;
            const Bounds b = boundsOf(ring);
            QVERIFY2(std::abs((b.hi.x - b.lo.x) - oval->base.length_mm / kMmPerInch) < 0.05, qPrintable(QString::number(b.hi.x - b.lo.x)));
            QVERIFY(std::abs((b.lo.x + b.hi.x) / 2 - at.x) < 0.01 && std::abs((b.lo.y + b.hi.y) / 2 - at.y) < 0.01);
            for (const render::MapLine& m : overlay.mapLines)
                if (m.seen) {
                    QVERIFY2(std::sqrt(squaredDistanceToEdges(m.line.b, ring)) < 0.02, qPrintable(QStringLiteral("(%1, %2)").arg(m.line.b.x).arg(m.line.b.y)));
                    ++ends;
                }
        }
        QVERIFY(ends > 0);
    }

    void analysisHoverSays1309AsOneWhereItDoesNotApply() {
        // A vision map cell within a dense area, seen from within the detection range: the
        // hover said "13.09 hidden: ... dense feature" and then "13.09 hidden, but Near is
        // ... it can see it", read as two answers. Said as one: the rule does not apply, and why.
        gui::MainWindow w;
        QVERIFY(w.openFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/wh40k-11e/02-hidden.sightline.json"), true));
        w.board()->setObserver(w.board()->modelIndex(QStringLiteral("Near")));
        gui::AnalysisPanel* panel = w.analysis();
        panel->setSpacing(1.0);
        panel->setProbe(2, 1.75, QStringLiteral("INFANTRY"));  // (32 mm round)
        QSignalSpy finished(panel, &gui::AnalysisPanel::finished);
        QVERIFY(panel->compute());
        QVERIFY(finished.wait(kWorkMs));
        QSignalSpy explained(panel, &gui::AnalysisPanel::explained);
        panel->explainAt({38.5, 30.5});
        QVERIFY(explained.wait(kWorkMs));
        const QString text = panel->explanation();
        QVERIFY2(text.contains(QStringLiteral("13.09 hidden does not apply: the model here is within")) &&
                     text.contains(QStringLiteral(", but Near is ")) && !text.contains(QStringLiteral("13.09 hidden, but")) &&
                     !text.contains(QStringLiteral("13.09 hidden: ")),
                 qPrintable(text));
    }

    void analysisExposureHoverNamesWhatBlocks() {
        // On an official layout, hovering cells of the exposure map names what stops the red
        // lines from the places that do not see them: pieces of the table, by their labels.
        gui::MainWindow w;
        gui::AnalysisPanel* panel = exposureShown(w, QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/layouts/11e/bm-purge-vs-purge-01.sightline.json"),
                                                  QStringLiteral("deployment-attacker"), 4, 2.0);
        QVERIFY(panel);
        QSignalSpy explained(panel, &gui::AnalysisPanel::explained);
        int named = 0, together = 0, ruled = 0;
        for (const Vec2 at : {Vec2{9, 15}, Vec2{15, 35}, Vec2{45, 37}, Vec2{5, 41}, Vec2{27, 31}, Vec2{49.75, 8.25}}) {
            panel->explainAt(at);
            QVERIFY(explained.wait(kWorkMs));
            // (The places that do not see the cell's model and are beyond 13.09's detection
            // range of it, every one of them ruled here: the text says how many, not only
            // those among the few red lines drawn.)
            {
                const analysis::ExposureMap& map = *panel->exposure();
                const int col = static_cast<int>(at.x / map.grid.spacing), row = static_cast<int>(at.y / map.grid.spacing);
                const Vec2 centre = map.grid.centre(col, row);
                Scenario s = w.document()->scenario();
                Model o = analysis::probeModel(map.observer, {});
                o.id = "place", o.side = "attacker", o.unit = "places";
                Model t = analysis::probeModel(map.target, centre);
                t.id = "here", t.side = "defender", t.unit = "here";
                s.models = {o, t};
                Scene scene(s);
                Rulings rulings(scene);
                int unseen = 0, beyond = 0;
                for (const Vec2& p : map.positions) {
                    s.models[0].position = p;
                    scene.modelMoved(0);
                    rulings.modelMoved(0);
                    if (rulings.sight(0, 1).visible) continue;
                    ++unseen;
                    beyond += rulings.hiddenBeyondRange(0, 1);
                }
                const QString text = panel->explanation();
                if (map.at(col, row).overlap) {
                    QVERIFY2(text.contains(QStringLiteral("no place to stand")), qPrintable(text));
                } else if (beyond == 0) {
                    QVERIFY2(!text.contains(QStringLiteral("detection range")), qPrintable(text));
                } else {
                    ++ruled;
                    QVERIFY2(text.contains(beyond == unseen ? QStringLiteral("every place that does not see it is farther than the detection range of 15.00\"")
                                                            : QStringLiteral("%1 of the %2 places that do not see it are farther than the detection range of 15.00\"")
                                                                  .arg(beyond)
                                                                  .arg(unseen)),
                             qPrintable(QStringLiteral("%1 of %2: ").arg(beyond).arg(unseen) + text));
                }
            }
            // (Purge vs Purge 01's pieces are ruins, towers, barriers, pipes and generators.)
            named += panel->explanation().contains(QRegularExpression(QStringLiteral("What blocks every line from those places: (Ruin|Tower|Barrier|Pipe|Generator)")));
            // (Counts that add up to more than the red lines: said to be pieces stopping a
            // place's lines together.)
            int sum = 0, of = 0;
            for (auto it = QRegularExpression(QStringLiteral("\\((\\d+) of the (\\d+)\\)")).globalMatch(panel->explanation()); it.hasNext();) {
                const QRegularExpressionMatch m = it.next();
                sum += m.captured(1).toInt();
                of = m.captured(2).toInt();
            }
            if (sum > of) {
                QVERIFY2(panel->explanation().contains(QStringLiteral("several of these together")), qPrintable(panel->explanation()));
                ++together;
            }
        }
        QVERIFY(named >= 2);
        qInfo("%d cells whose pieces stop some places' lines together", together);
        QVERIFY(ruled >= 1);
        // (Some of the last cell's places do not see it by 13.09, not by a piece: the rule
        // said, in words, its models named as the player knows them, not by the map's ids.)
        QVERIFY2(panel->explanation().contains(QStringLiteral("13.09 hidden: the model here is within Ruin 3, which has a dense feature, and ")),
                 qPrintable(panel->explanation()));
        QVERIFY2(!panel->explanation().contains(QStringLiteral("(probe)")) && !panel->explanation().contains(QStringLiteral("(zone)")),
                 qPrintable(panel->explanation()));
    }

    void analysisExposureHoverOfAnUndecidedCellSaysWhatTheFullRulingsFind() {
        // A cell the exposure map left undecided from some places (Disrupt vs Disrupt 01, a
        // knife edge the survey's budget does not settle): hovering says the map's count and
        // the undecided places, then what the full rulings drawn find, never "seen from 0
        // ..., the green lines" with none drawn.
        gui::MainWindow w;
        gui::AnalysisPanel* panel = exposureShown(w, QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/layouts/11e/bm-disrupt-vs-disrupt-01.sightline.json"),
                                                  QStringLiteral("deployment-attacker"), 8, 0.5);
        QVERIFY(panel);
        const analysis::ExposureMap& map = *panel->exposure();
        std::optional<Vec2> open;
        for (int k = 0; k < map.grid.cells() && !open; ++k)
            if (map.cells[static_cast<size_t>(k)].undecided > 0) open = map.grid.centre(k % map.grid.cols, k / map.grid.cols);
        QVERIFY(open);
        QSignalSpy explained(panel, &gui::AnalysisPanel::explained);
        panel->explainAt(*open);
        QVERIFY(explained.wait(kWorkMs));
        const QString text = panel->explanation();
        QVERIFY2(text.contains(QStringLiteral("at or near a knife edge (not counted as seeing).")) && text.contains(QStringLiteral("Ruled in full here")) &&
                     !text.contains(QStringLiteral("(s)")),
                 qPrintable(text));
        int green = 0;
        for (const auto& line : w.board()->overlay().mapLines) green += line.seen;
        QVERIFY2(text.contains(green == 0 ? QStringLiteral("hidden from all of them") : QStringLiteral("seen from %1, the green lines").arg(green)),
                 qPrintable(text));
    }

    void analysisHidingSpotsOfManyBasesKeepTheDockNarrow() {
        // Eight bases on an official layout with objectives: the figures per objective wrap
        // as lines, so the panel asks little more width than before the map (no table of a
        // column a base, which with every base of the palette ran off the dock's right
        // edge, taking the buttons with it).
        gui::MainWindow w;
        gui::AnalysisPanel* panel = hidingSpotsOn(w, QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/layouts/11e/bm-purge-vs-purge-01.sightline.json"), QStringLiteral("deployment-attacker"), 4, 1.0);
        QVERIFY(panel);
        panel->setHidingBases(QStringLiteral("25, 28.5, 32, 40, 50, 60, 80, 90"));
        const int before = panel->minimumSizeHint().width();
        QSignalSpy finished(panel, &gui::AnalysisPanel::finished);
        QVERIFY(panel->compute());
        QVERIFY(finished.wait(kWorkMs));
        QVERIFY(panel->hiding().has_value());
        QCOMPARE(panel->hiding()->bases.size(), size_t(8));
        QVERIFY(!panel->hiding()->bases.front().objectives.empty());
        // (The figures' least width: the table of the bases' areas, a few words; 8 columns of
        // a table made it half as wide again.)
        const int after = panel->minimumSizeHint().width();
        QVERIFY2(after <= before + 40, qPrintable(QStringLiteral("%1 before, %2 after").arg(before).arg(after)));
        QVERIFY2(panel->summary().contains(QStringLiteral("<b>objective")), qPrintable(panel->summary()));
        // (Each to a tenth of a square inch, as the exports and the CLI give them.)
        const analysis::ObjectiveHiding& first = panel->hiding()->bases.front().objectives.front();
        QVERIFY2(panel->summary().contains(QStringLiteral("25&nbsp;mm&nbsp;round&nbsp;%1").arg(first.safeArea, 0, 'f', 1)), qPrintable(panel->summary()));
    }

    // Seen by in a narrow dock: the zone's name shortened in its middle, so that its end
    // still tells the attacker's zone from the defender's (cut at the end, both read "Zone
    // deployment-" or less).
    void analysisSeenByKeepsTheEndOfALongName() {
        // (The text the box gives its style to draw, recorded.)
        struct LabelRecorder : QProxyStyle {
            mutable QString drawn;
            void drawControl(ControlElement element, const QStyleOption* option, QPainter* painter, const QWidget* widget) const override {
                if (element == CE_ComboBoxLabel)
                    if (const auto* box = qstyleoption_cast<const QStyleOptionComboBox*>(option)) drawn = box->currentText;
                QProxyStyle::drawControl(element, option, painter, widget);
            }
        } recorder;
        gui::MainWindow w;
        QVERIFY(w.openFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/layouts/11e/bm-purge-vs-purge-01.sightline.json"), true));
        w.resize(1280, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto* seenBy = qobject_cast<gui::ElidingComboBox*>(w.analysis()->findChild<QComboBox*>(QStringLiteral("analysis-seen-by")));
        QVERIFY(seenBy);
        // (As narrow as the dock lets it be.)
        seenBy->setFixedWidth(seenBy->minimumSizeHint().width());
        auto shown = [&](const QString& zone) {
            seenBy->setCurrentIndex(seenBy->findData(zone));
            return seenBy->shownText();
        };
        const QString attacker = shown(QStringLiteral("deployment-attacker")), defender = shown(QStringLiteral("deployment-defender"));
        const QString whole = seenBy->itemText(seenBy->findData(QStringLiteral("deployment-attacker")));
        QCOMPARE(whole, QStringLiteral("Zone deployment-attacker"));
        QVERIFY2(attacker.size() < whole.size() && attacker.contains(QChar(0x2026)), qPrintable(attacker));
        QVERIFY2(attacker.startsWith(QStringLiteral("Zone")) && attacker.endsWith(QStringLiteral("ker")), qPrintable(attacker));
        QVERIFY2(defender.endsWith(QStringLiteral("der")) && attacker != defender, qPrintable(defender));
        // (As painted: the shortened text is the one drawn.)
        seenBy->setStyle(&recorder);
        seenBy->grab();
        QCOMPARE(recorder.drawn, defender);
        seenBy->setStyle(nullptr);
        // (Wide enough, the whole name.)
        seenBy->setFixedWidth(seenBy->fontMetrics().horizontalAdvance(whole) + 80);
        QCOMPARE(shown(QStringLiteral("deployment-attacker")), whole);
        // (The same box for the base: the palette's longest names.)
        QVERIFY(qobject_cast<gui::ElidingComboBox*>(w.analysis()->findChild<QComboBox*>(QStringLiteral("analysis-base"))));
    }

    // A zone's places: 1" apart for its exposure, as the CLI's default, and 2" for the
    // hiding spots (as `--hiding`: every base is worked out), until a person chooses.
    void analysisPlacesFollowTheMapUntilChosen() {
        gui::MainWindow w;
        QVERIFY(w.openFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/layouts/11e/bm-purge-vs-purge-01.sightline.json"), true));
        gui::AnalysisPanel* panel = w.analysis();
        auto* seenBy = panel->findChild<QComboBox*>(QStringLiteral("analysis-seen-by"));
        auto* places = panel->findChild<QComboBox*>(QStringLiteral("analysis-places"));
        QVERIFY(seenBy && places);
        seenBy->setCurrentIndex(seenBy->findData(QStringLiteral("deployment-attacker")));
        QCOMPARE(seenBy->currentData().toString(), QStringLiteral("deployment-attacker"));
        QCOMPARE(places->currentData().toDouble(), 1.0);
        panel->setHidingSpots(true);
        QCOMPARE(places->currentData().toDouble(), 2.0);
        panel->setLanes();
        QCOMPARE(places->currentData().toDouble(), 1.0);
        panel->setHidingSpots(false);
        QCOMPARE(places->currentData().toDouble(), 1.0);
        // Chosen (a key on the box, as a person): kept whatever the map.
        places->setFocus();
        QTest::keyClick(places, Qt::Key_End);
        QCOMPARE(places->currentData().toDouble(), 4.0);
        panel->setHidingSpots(true);
        QCOMPARE(places->currentData().toDouble(), 4.0);
        panel->setHidingSpots(false);
        QCOMPARE(places->currentData().toDouble(), 4.0);
        // The exposure map says the places it used.
        QSignalSpy finished(panel, &gui::AnalysisPanel::finished);
        QVERIFY(panel->compute());
        QVERIFY(finished.wait(kWorkMs));
        QVERIFY2(panel->summary().contains(QStringLiteral("places 4&quot; apart")), qPrintable(panel->summary()));  // (HTML)
    }

    void analysisLanesAndGaps() {
        gui::MainWindow w;
        QVERIFY(w.openFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/layouts/11e/bm-purge-vs-purge-01.sightline.json"), true));
        gui::BoardView* view = w.board();
        gui::AnalysisPanel* panel = w.analysis();
        // An official layout has no models yet: the panel says to place one, and offers its
        // zones, not the sides it does not have.
        QVERIFY(!panel->compute());
        QVERIFY2(panel->summary().contains(QStringLiteral("No model on the table: place one")) &&
                     panel->summary().contains(QStringLiteral("choose a deployment zone")) && !panel->summary().contains(QStringLiteral("side")),
                 qPrintable(panel->summary()));
        QVERIFY(panel->setZone(QStringLiteral("deployment-defender")));
        panel->setLanes();
        QSignalSpy finished(panel, &gui::AnalysisPanel::finished);
        QVERIFY(panel->compute());
        QVERIFY(finished.wait(kWorkMs));
        QVERIFY(panel->lanes().has_value());
        QCOMPARE(panel->lanes()->zoneB, std::string("deployment-attacker"));
        QVERIFY(!panel->lanes()->lanes.empty());
        QVERIFY(view->overlay().map.has_value());
        QVERIFY(!view->overlay().map->outlines.empty());
        QVERIFY2(panel->summary().contains(QStringLiteral("lane 1")) && panel->summary().contains(QStringLiteral("Gaps under 6")),
                 qPrintable(panel->summary()));
        QVERIFY2(!panel->summary().contains(QStringLiteral("<td>lane 1</td>")), qPrintable(panel->summary()));  // (said once, in the legend)
        QString error;
        QVERIFY(!panel->exportCsv(QDir::temp().filePath(QStringLiteral("lanes.csv")), &error));  // no cells to write
        // The gaps numbered on the map as in the list; hovering one, or a lane, describes it.
        QCOMPARE(view->overlay().map->labels.size(), panel->lanes()->gaps.size());
        QCOMPARE(view->overlay().map->labels.front().text, QStringLiteral("1"));
        QSignalSpy explained(panel, &gui::AnalysisPanel::explained);
        const analysis::Gap& first = panel->lanes()->gaps.front();
        panel->explainAt((first.from + first.to) * 0.5);
        QVERIFY(!explained.isEmpty());
        QVERIFY2(panel->explanation().startsWith(QStringLiteral("Gap 1: %1\"").arg(first.width, 0, 'f', 2)) &&
                     panel->explanation().contains(QStringLiteral("sight line")),
                 qPrintable(panel->explanation()));
        // (The gap hovered drawn over its dashes, green where a sight line passes it.)
        QVERIFY(view->overlay().mapLines.empty());  // (no cell: no ring at an end)
        QCOMPARE(view->overlay().mapBases.size(), size_t(1));
        QCOMPARE(view->overlay().mapBases[0].outline.front(), first.from);
        QCOMPARE(view->overlay().mapBases[0].colour, first.sightPasses ? render::kVisibleGreen : render::kBlockedRed);
        // (A point of the lane away from every gap: along its diagonal.)
        const Ring& lane = panel->lanes()->lanes.front().outline;
        std::optional<Vec2> inLane;
        for (double t = 0.1; t < 0.95 && !inLane; t += 0.05) {
            const Vec2 q = lane[0] + (lane[2] - lane[0]) * t;
            if (std::ranges::all_of(panel->lanes()->gaps, [&](const analysis::Gap& g) { return squaredDistanceToEdges(q, {g.from, g.to}) > 1; }))
                inLane = q;
        }
        QVERIFY(inLane);
        panel->explainAt(*inLane);
        QVERIFY2(panel->explanation().startsWith(QStringLiteral("Lane 1: ")), qPrintable(panel->explanation()));
        QVERIFY(view->overlay().mapBases.empty());  // (no gap hovered: none marked)
        panel->explainAt({0.2, 0.2});  // (the table's corner: neither)
        QVERIFY2(panel->explanation().isEmpty(), qPrintable(panel->explanation()));
        // (What to hover said again where the explanation was.)
        auto* explanationLabel = panel->findChild<QLabel*>(QStringLiteral("analysis-explanation"));
        QVERIFY(explanationLabel && explanationLabel->text().contains(QStringLiteral("Hover a numbered gap or a lane")));
        // The lanes are for a sight line at the Height alone: the settings they do not read
        // are not shown, and changing them leaves the map shown as it is.
        auto* form = panel->findChild<QFormLayout*>();
        QVERIFY(form);
        QVERIFY(panel->findChild<QDoubleSpinBox*>()->isVisibleTo(panel));
        QVERIFY(!panel->findChild<QComboBox*>(QStringLiteral("analysis-base"))->isVisibleTo(panel));
        int shownFields = 0;
        for (int r = 0; r < form->rowCount(); ++r) {
            const QLayoutItem* field = form->itemAt(r, QFormLayout::FieldRole);
            const QLayoutItem* label = form->itemAt(r, QFormLayout::LabelRole);
            const bool shown = field && field->widget()->isVisibleTo(panel);
            QCOMPARE(label && label->widget()->isVisibleTo(panel), shown);  // (label and field together)
            shownFields += shown;
        }
        QCOMPARE(shownFields, 3);  // (Seen by, Height, Map)
        panel->setProbe(5, 1.75, QStringLiteral("VEHICLE"));
        QVERIFY2(!panel->summary().contains(QStringLiteral("worked out for other choices")), qPrintable(panel->summary()));
        // Another choice: the gap last hovered is no longer explained (the map stays).
        panel->explainAt((first.from + first.to) * 0.5);
        QVERIFY(!panel->explanation().isEmpty());
        panel->setProbe(5, 3, QStringLiteral("VEHICLE"));
        QVERIFY2(panel->summary().contains(QStringLiteral("worked out for other choices")), qPrintable(panel->summary()));
        QVERIFY2(panel->explanation().isEmpty(), qPrintable(panel->explanation()));
        QVERIFY(view->overlay().map.has_value());
        // Worked out again for the same choices, the gap hovered last before hovered again:
        // explained anew, not left at what to hover.
        panel->setProbe(5, 1.75, QStringLiteral("VEHICLE"));
        const Vec2 gapMiddle = (first.from + first.to) * 0.5;  // (taken before the lanes are replaced)
        panel->explainAt(gapMiddle);
        QVERIFY(panel->explanation().startsWith(QStringLiteral("Gap 1: ")));
        // (The map kept for these choices on this table shown again at once: drawn anew all
        // the same.)
        const qsizetype before = finished.count();
        QVERIFY(panel->compute());
        if (finished.count() == before) QVERIFY(finished.wait(kWorkMs));
        QVERIFY2(panel->summary().contains(QStringLiteral("kept from before")), qPrintable(panel->summary()));
        panel->explainAt(gapMiddle);
        QVERIFY2(explanationLabel->text().startsWith(QStringLiteral("Gap 1: ")), qPrintable(explanationLabel->text()));
    }

    // Sight > Vision Map gives the Analysis dock room under the Ruling dock: two thirds of
    // their height and 330 pixels of width (it opened short and narrow, its legend wrapped
    // and its figures below the fold); one made larger by hand keeps its size.
    void analysisDockGetsRoom() {
        gui::MainWindow w;
        scripted(w);
        QVERIFY(showDemo(w));
        w.board()->setObserver(w.board()->modelIndex(QStringLiteral("b-int-1")));
        w.analysis()->setSpacing(2.0);
        auto* dock = w.findChild<QDockWidget*>(QStringLiteral("analysis"));
        auto* ruling = w.findChild<QDockWidget*>(QStringLiteral("ruling"));
        QVERIFY(dock && ruling);
        QSignalSpy finished(w.analysis(), &gui::AnalysisPanel::finished);
        trigger(w, "sight-vision-map");
        QVERIFY(finished.wait(kWorkMs));
        QCoreApplication::processEvents();
        const int total = dock->height() + ruling->height();
        QVERIFY2(dock->height() >= total * 2 / 3 - 12, qPrintable(QStringLiteral("%1 of %2").arg(dock->height()).arg(total)));
        QVERIFY2(dock->width() >= 330, qPrintable(QString::number(dock->width())));
        // Made taller by hand: showing it again leaves it so.
        w.resizeDocks({ruling, dock}, {total / 6, total - total / 6}, Qt::Vertical);
        QCoreApplication::processEvents();
        const int tall = dock->height();
        QVERIFY(tall > total * 2 / 3 + 20);
        trigger(w, "sight-vision-map");
        QVERIFY(finished.wait(kWorkMs));
        QCoreApplication::processEvents();
        QCOMPARE(dock->height(), tall);
        // Closed, then shown again from the View menu: in front of the Inspector, whose tab
        // it shares, not behind it.
        auto* inspector = w.findChild<QDockWidget*>(QStringLiteral("inspector"));
        QVERIFY(w.tabifiedDockWidgets(dock).contains(inspector));
        dock->close();
        inspector->raise();
        trigger(w, "view-dock-analysis");
        QVERIFY(dock->isVisible());
        QTRY_VERIFY(!dock->visibleRegion().isEmpty() && inspector->visibleRegion().isEmpty());
    }

    // A zone's hiding spots in the room the dock is given: Seen by shows the zone's name
    // whole, beside the scroll bar the legend brings ("Zone deployment-attacker (attacker)"
    // lost its end, and the side said twice); the legend's swatches are the colours the
    // cells show over the table, at the opacity set.
    void analysisZoneHidingMapInTheDock() {
        gui::MainWindow w;
        scripted(w);
        w.resize(1200, 800);
        QVERIFY(w.openFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/layouts/11e/bm-purge-vs-purge-01.sightline.json"), true));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        gui::AnalysisPanel* panel = w.analysis();
        QVERIFY(panel->setZone(QStringLiteral("deployment-attacker"), 4));
        panel->setSpacing(1.0);
        panel->setHidingSpots(true);
        QSignalSpy finished(panel, &gui::AnalysisPanel::finished);
        trigger(w, "sight-vision-map");
        QVERIFY(finished.wait(kWorkMs));
        QVERIFY(panel->hiding().has_value());
        QCoreApplication::processEvents();
        auto* seenBy = w.findChild<QComboBox*>(QStringLiteral("analysis-seen-by"));
        QVERIFY(seenBy);
        QCOMPARE(seenBy->currentText(), QStringLiteral("Zone deployment-attacker"));
        QStyleOptionComboBox option;
        option.initFrom(seenBy);
        option.editable = false;
        const QRect field = seenBy->style()->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, seenBy);
        QVERIFY2(field.width() >= seenBy->fontMetrics().horizontalAdvance(seenBy->currentText()),
                 qPrintable(QStringLiteral("%1 px for %2 px of text").arg(field.width()).arg(seenBy->fontMetrics().horizontalAdvance(seenBy->currentText()))));
        const QColor semi = render::hidingColour(0, 3, true);
        QVERIFY(w.board()->mapLayer().has_value());
        QVERIFY2(panel->summary().contains(w.board()->mapLayer()->swatch(semi).name()) && !panel->summary().contains(semi.name()),
                 qPrintable(panel->summary()));
        auto* opacity = panel->findChild<QSlider*>();
        QVERIFY(opacity);
        opacity->setValue(100);
        QCOMPARE(w.board()->mapLayer()->opacity, 1.0);
        QVERIFY2(panel->summary().contains(semi.name()), qPrintable(panel->summary()));
    }

    // The Open dialog starts in a folder that is there (a folder that is not would be taken
    // for a file's name).
    void openStartsInAFolderThatIsThere() {
        gui::MainWindow w;
        ScriptedPrompts* prompts = scripted(w);
        trigger(w, "file-open");
        QCOMPARE(prompts->openStarts.size(), 1);
        QVERIFY2(QFileInfo(prompts->openStarts.front()).isDir(), qPrintable(prompts->openStarts.front()));
    }

    void analysisCancelledRecomputeIsHeldBackAndUndoMakesTheMapCurrent() {
        // An edit starts the map shown on its way again; the person cancels it: the hover
        // says the map is of the table before and was not worked out again (not "being worked
        // out again"), and the next edits do not start it. Undone back to the table the map
        // was worked out on, the map is the table's again: nothing stale, nothing started.
        gui::MainWindow w;
        gui::AnalysisPanel* panel = exposureShown(w, QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/layouts/11e/bm-purge-vs-purge-01.sightline.json"),
                                                  QStringLiteral("deployment-attacker"), 2, 0.5);
        QVERIFY(panel);  // (its exposure map shown)
        QSignalSpy finished(panel, &gui::AnalysisPanel::finished);
        const QString summary = panel->summary();
        auto nudge = [&](double dx) {
            w.document()->edit(QStringLiteral("Move"), [dx](Scenario& s) {
                for (Vec2& v : s.terrain[0].footprint.outer) v.x += dx;
            });
        };
        nudge(0.5);
        QTRY_VERIFY_WITH_TIMEOUT(panel->computing(), 5000);  // (worked out again after the pause)
        finished.clear();
        auto* cancel = panel->findChild<QPushButton*>(QStringLiteral("analysis-cancel"));
        QVERIFY(cancel && cancel->isEnabled());
        QTest::mouseClick(cancel, Qt::LeftButton);
        QVERIFY(finished.wait(kWorkMs));
        QVERIFY(!panel->computing());
        QVERIFY(panel->exposure().has_value());  // (the last one finished, kept)
        QVERIFY2(panel->summary().contains(QStringLiteral("Cancelled")), qPrintable(panel->summary()));
        QVERIFY2(panel->explanation().contains(QStringLiteral("working it out again was cancelled")) &&
                     !panel->explanation().contains(QStringLiteral("being worked out again")),
                 qPrintable(panel->explanation()));
        nudge(0.5);
        QTest::qWait(900);  // (past the pause after an edit: nothing started)
        QVERIFY(!panel->computing());
        panel->explainAt({30.25, 22.25});
        QVERIFY2(panel->explanation().contains(QStringLiteral("was cancelled: press Exposure Map")), qPrintable(panel->explanation()));
        w.document()->undoStack()->undo();
        w.document()->undoStack()->undo();
        QTest::qWait(900);
        QVERIFY(!panel->computing());
        QCOMPARE(panel->summary(), summary);  // (the map's own summary, no word of a change)
        QVERIFY2(panel->explanation().isEmpty(), qPrintable(panel->explanation()));
    }

    void analysisLegendStaysPutWhileHovering() {
        // With a map shown, room is kept for a hovered cell's explanation: the legend and
        // figures below do not jump down at the first hover (a scroll bar coming, the
        // controls reflowing), nor back up when the pointer leaves the map.
        gui::MainWindow w;
        QVERIFY(w.openFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/tests/data/analysis-wall.sightline.json"), true));
        QVERIFY(showWithAnalysisDock(w));
        gui::AnalysisPanel* panel = w.analysis();
        QVERIFY(panel->setZone(QStringLiteral("west"), 2));
        panel->setHidingSpots(true);
        panel->setSpacing(1.0);
        QSignalSpy finished(panel, &gui::AnalysisPanel::finished);
        QVERIFY(panel->compute());
        QVERIFY(finished.wait(kWorkMs));
        auto* summary = panel->findChild<QLabel*>(QStringLiteral("analysis-summary"));
        QVERIFY(summary);
        // (Where the summary stands once the layout has settled: the same three reads in a
        // row, a tenth of a second apart; a slow build lays out later.)
        auto settled = [&] {
            int last = -1, same = 0;
            for (int i = 0; i < 50 && same < 3; ++i) {
                QTest::qWait(100);
                same = summary->y() == last ? same + 1 : 0;
                last = summary->y();
            }
            return last;
        };
        const int before = settled();
        // (Nor when a map is worked out: the progress bar's room is kept while it is hidden.)
        auto* progress = panel->findChild<QProgressBar*>();
        QVERIFY(progress && !progress->isVisible() && progress->sizePolicy().retainSizeWhenHidden());
        panel->explainAt({16.5, 8.5});  // (which bases hide here: eight lines in this narrow dock)
        QVERIFY(!panel->explanation().isEmpty());
        QCOMPARE(settled(), before);
        // Every base of the palette: explanations longer than the room kept, some longer
        // than others (where a base would overlap the wall, and as the lines wrap). The
        // legend goes down for the longest yet, and never back up from cell to cell.
        panel->setHidingBases(QStringLiteral("all"));
        QVERIFY(panel->compute());
        QVERIFY(finished.wait(kWorkMs));
        int last = settled();
        bool down = false;  // (some explanation was longer than the room kept: else nothing was tried)
        for (const double x : {12.5, 20.5, 14.5, 18.5, 15.5, 13.5, 17.5}) {
            panel->explainAt({x, 8.5});
            const int now = settled();
            QVERIFY2(now >= last, qPrintable(QStringLiteral("at x %1: %2 after %3").arg(x).arg(now).arg(last)));
            down = down || now > last;
            last = now;
        }
        QVERIFY(down);
    }

    void analysisObserverDeletedThenUndone() {
        // The observer deleted with its map shown: the map stays, said to be of the table
        // before (not "other choices"); Undo brings the observer back, as the observer, and
        // the map is worked out again for it.
        gui::MainWindow w;
        QVERIFY(w.openFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/tests/data/analysis-wall.sightline.json"), true));
        gui::BoardView* view = w.board();
        gui::AnalysisPanel* panel = w.analysis();
        view->setObserver(view->modelIndex(QStringLiteral("eye-1")));
        panel->setSpacing(1.0);
        QSignalSpy finished(panel, &gui::AnalysisPanel::finished);
        QVERIFY(panel->compute());
        QVERIFY(finished.wait(kWorkMs));
        QVERIFY(panel->map().has_value());
        view->setSelection({{view->modelIndex(QStringLiteral("eye-1"))}, {}, {}});
        view->deleteSelected();
        QCOMPARE(view->observer(), -1);
        QVERIFY(panel->map().has_value() && view->overlay().map.has_value());
        QVERIFY(!panel->computing());
        QVERIFY2(!panel->summary().contains(QStringLiteral("other choices")) && !panel->summary().contains(QStringLiteral("taken off")),
                 qPrintable(panel->summary()));  // (said once, below)
        QVERIFY2(panel->explanation().contains(QStringLiteral("The observer was taken off the table")), qPrintable(panel->explanation()));
        panel->explainAt({20.5, 8.5});  // (a cell of the map shown: what it is, not "worked out again")
        QVERIFY2(panel->explanation().contains(QStringLiteral("Undoing that (Ctrl+Z) brings it back")), qPrintable(panel->explanation()));
        w.document()->undoStack()->undo();
        QCOMPARE(view->observer(), view->modelIndex(QStringLiteral("eye-1")));
        // (The table the map was worked out on: once the edits pause, the map is its own
        // again, nothing worked out.)
        finished.clear();
        QTest::qWait(900);
        QVERIFY(panel->map().has_value() && !panel->computing() && finished.isEmpty());
        QVERIFY2(!panel->summary().contains(QStringLiteral("taken off")) && !panel->summary().contains(QStringLiteral("other choices")),
                 qPrintable(panel->summary()));
        QSignalSpy explained(panel, &gui::AnalysisPanel::explained);
        panel->explainAt({20.5, 8.5});
        QVERIFY(!explained.isEmpty() || explained.wait(kWorkMs));
        QVERIFY2(panel->explanation().contains(QStringLiteral("Wall")), qPrintable(panel->explanation()));
        // Deleted within the pause after an edit (the map on its way again): it stays, and
        // nothing is worked out for no observer.
        w.document()->edit(QStringLiteral("Move"), [](Scenario& s) {
            for (Vec2& v : s.terrain[0].footprint.outer) v.y += 0.25;
        });
        view->setSelection({{view->modelIndex(QStringLiteral("eye-1"))}, {}, {}});
        view->deleteSelected();
        QTest::qWait(900);
        QVERIFY(panel->map().has_value() && !panel->computing());
        QVERIFY2(panel->explanation().contains(QStringLiteral("The observer was taken off the table")), qPrintable(panel->explanation()));
        // A new model that takes the deleted one's id is not the observer brought back.
        {
            Model newcomer = w.document()->scenario().models.front();
            newcomer.id = "eye-1";
            newcomer.position = newcomer.position + Vec2{0, 3};
            w.document()->edit(QStringLiteral("Place"), [newcomer](Scenario& s) { s.models.push_back(newcomer); });
        }
        QCOMPARE(view->observer(), -1);
        w.document()->undoStack()->undo();  // (the newcomer)
        w.document()->undoStack()->undo();  // (the deletion: the observer back, as it was)
        QCOMPARE(view->observer(), view->modelIndex(QStringLiteral("eye-1")));
        w.document()->undoStack()->undo();  // (the move)
        QTRY_VERIFY_WITH_TIMEOUT(!panel->computing() && !panel->explanation().contains(QStringLiteral("changed")), 5000);
        // Another model chosen after a deletion: hovering says the map waits for the button
        // (nothing is being worked out); no observer comes back on an undo.
        view->setSelection({{view->modelIndex(QStringLiteral("eye-1"))}, {}, {}});
        view->deleteSelected();
        view->setObserver(view->modelIndex(QStringLiteral("eye-2")));
        panel->explainAt({20.5, 8.5});
        QVERIFY(!panel->computing());
        QVERIFY2(panel->explanation().contains(QStringLiteral("press Vision Map for the table as it is")) &&
                     !panel->explanation().contains(QStringLiteral("being worked out again")),
                 qPrintable(panel->explanation()));
        view->setObserver(-1);
        w.document()->undoStack()->undo();
        QCOMPARE(view->observer(), -1);
    }

    void analysisChoicesKeptForTheNextSession() {
        // A designer who maps every base ("all"), at 0.25" cells, had to choose it all again
        // after each restart. The dock's choices are kept when the window closes and taken
        // back by the next one (not Seen by: the table's).
        {
            gui::MainWindow w;
            gui::AnalysisPanel* panel = w.analysis();
            panel->findChild<QComboBox*>(QStringLiteral("analysis-map"))->setCurrentIndex(1);
            panel->findChild<QLineEdit*>(QStringLiteral("analysis-bases"))->setText(QStringLiteral("all"));
            panel->findChild<QComboBox*>(QStringLiteral("analysis-base"))->setCurrentIndex(5);
            panel->findChild<QComboBox*>(QStringLiteral("analysis-places"))->setCurrentIndex(2);  // (4")
            panel->findChild<QSlider*>(QStringLiteral("analysis-opacity"))->setValue(40);
            panel->setSpacing(0.25);
            QVERIFY(w.close());
        }
        {
            gui::MainWindow w;
            gui::AnalysisPanel* panel = w.analysis();
            QCOMPARE(panel->findChild<QComboBox*>(QStringLiteral("analysis-map"))->currentIndex(), 1);
            QCOMPARE(panel->findChild<QLineEdit*>(QStringLiteral("analysis-bases"))->text(), QStringLiteral("all"));
            QCOMPARE(panel->findChild<QComboBox*>(QStringLiteral("analysis-base"))->currentIndex(), 5);
            QCOMPARE(panel->findChild<QComboBox*>(QStringLiteral("analysis-places"))->currentData().toDouble(), 4.0);
            QCOMPARE(panel->findChild<QSlider*>(QStringLiteral("analysis-opacity"))->value(), 40);
            const QList<QComboBox*> boxes = panel->findChildren<QComboBox*>();
            QVERIFY(std::ranges::any_of(boxes, [](QComboBox* c) { return c->currentText() == QStringLiteral("0.25\""); }));
        }
        // (The next tests start from the defaults: the window's layout kept on closing too.)
        QSettings().remove(QStringLiteral("analysis"));
        QSettings().remove(QStringLiteral("window"));
        gui::MainWindow fresh;
        QCOMPARE(fresh.analysis()->findChild<QLineEdit*>(QStringLiteral("analysis-bases"))->text(), QStringLiteral("32, 60x35.5, 100x50 rect"));
    }

    void analysisVisionMap() {
        QTemporaryDir dir;
        gui::MainWindow w;
        ScriptedPrompts* prompts = scripted(w);
        QVERIFY(w.openFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/tests/data/analysis-wall.sightline.json"), true));
        gui::BoardView* view = w.board();
        gui::AnalysisPanel* panel = w.analysis();
        QVERIFY(panel);
        // No observer yet: it says what to do.
        QVERIFY(!panel->compute());
        QVERIFY2(panel->summary().contains(QStringLiteral("No observer")), qPrintable(panel->summary()));
        view->setObserver(view->modelIndex(QStringLiteral("eye-1")));
        panel->setSpacing(1.0);
        QSignalSpy finished(panel, &gui::AnalysisPanel::finished);
        trigger(w, "sight-vision-map");  // shows the dock and starts
        QVERIFY(panel->isVisibleTo(&w));
        QVERIFY(finished.wait(kWorkMs));
        QVERIFY(panel->map().has_value());
        QVERIFY(!panel->computing());
        QVERIFY(view->overlay().map.has_value());
        QCOMPARE(view->overlay().map->cols, 24);
        QVERIFY(!view->overlay().map->legendOnBoard);  // the panel shows it
        QVERIFY2(panel->summary().contains(QStringLiteral("sq\u00a0in")) && panel->summary().contains(QStringLiteral("hidden")),
                 qPrintable(panel->summary()));
        // The legend's areas, one for each colour drawn, make up the table (24 x 16 cells of
        // a square inch), each the area of the cells of its colour.
        {
            const render::MapLayer& layer = *view->overlay().map;
            static const QRegularExpression area(QStringLiteral(" \u2014 ([0-9.]+)\u00a0sq\u00a0in$"));
            double sum = 0;
            for (const auto& [colour, text] : layer.legend) {
                const QRegularExpressionMatch m = area.match(text);
                QVERIFY2(m.hasMatch(), qPrintable(text));
                QCOMPARE(m.captured(1).toDouble(), static_cast<double>(std::ranges::count(layer.cells, colour)));
                sum += m.captured(1).toDouble();
                QVERIFY2(panel->summary().contains(text.toHtmlEscaped()), qPrintable(text));
            }
            QCOMPARE(sum, 24.0 * 16.0);
            const auto fully = std::ranges::count_if(panel->map()->cells, [](const analysis::Cell& c) {
                return c.verdict == analysis::Verdict::FullyVisible && !c.cover;
            });
            QVERIFY(fully > 0);
            QVERIFY(std::ranges::any_of(layer.legend, [&](const auto& entry) {
                return entry.first == render::kMapFullyVisible &&
                       entry.second == QStringLiteral("fully visible \u2014 %1.0\u00a0sq\u00a0in").arg(fully);
            }));
        }
        QCOMPARE(panel->map()->at(20, 8).verdict, analysis::Verdict::Hidden);
        QCOMPARE(panel->map()->at(2, 8).verdict, analysis::Verdict::FullyVisible);
        // Hovering a cell explains it: the wall's shadow in red, a seen cell with its witness.
        QSignalSpy explained(panel, &gui::AnalysisPanel::explained);
        panel->explainAt({20.5, 8.5});
        QVERIFY(explained.wait(kWorkMs));
        QVERIFY2(panel->explanation().contains(QStringLiteral("hidden")), qPrintable(panel->explanation()));
        QVERIFY2(panel->explanation().contains(QStringLiteral("Wall")), qPrintable(panel->explanation()));
        QCOMPARE(view->overlay().mapLines.size(), size_t(1));
        QVERIFY(!view->overlay().mapLines.front().seen);
        panel->explainAt({2.5, 8.5});
        QVERIFY(explained.wait(kWorkMs));
        QVERIFY2(panel->explanation().contains(QStringLiteral("fully visible to Eye 1")), qPrintable(panel->explanation()));
        QVERIFY(view->overlay().mapLines.front().seen);
        // A cell whose base would reach past the table's edge: no place to stand.
        QCOMPARE(panel->map()->at(0, 8).verdict, analysis::Verdict::Overlap);
        panel->explainAt({0.5, 8.5});
        QVERIFY(explained.wait(kWorkMs));
        QVERIFY2(panel->explanation().contains(QStringLiteral("reach past the table's edge: no place to stand")),
                 qPrintable(panel->explanation()));
        // Exported with the board, its legend on the picture; the cells as CSV.
        const QString csv = dir.filePath(QStringLiteral("cells.csv"));
        QString error;
        QVERIFY(panel->exportCsv(csv, &error));
        QFile cells(csv);
        QVERIFY(cells.open(QIODevice::ReadOnly));
        QCOMPARE(cells.readAll().count('\n'), 1 + 24 * 16);
        QVERIFY(!panel->exportCsv(dir.filePath(QStringLiteral("no/such/dir/c.csv")), &error));
        QVERIFY(error.contains(QStringLiteral("cannot write")));
        const QString png = dir.filePath(QStringLiteral("map.png"));
        prompts->saveNames << png;
        trigger(w, "file-export-image");
        QVERIFY(QImage(png).width() > 1000);
        // The picture is the map's, not the pointer's: the same with a cell's lines drawn
        // (a cell seen, its green line and mark) as with none.
        panel->explainAt({2.5, 8.5});
        QVERIFY(explained.wait(kWorkMs));
        QVERIFY(!view->overlay().mapLines.empty());
        const QString hovered = dir.filePath(QStringLiteral("hovered.png"));
        prompts->saveNames << hovered;
        trigger(w, "file-export-image");
        QCOMPARE(QImage(hovered), QImage(png));
        // The next export starts where the last went, named for the table and its map (not
        // the name the map before it was exported under); what is selected is not drawn.
        QCOMPARE(prompts->saveStarts.last(), QDir(dir.path()).filePath(QStringLiteral("analysis-wall-vision.png")));
        edits::Selection wall;
        wall.terrain = {0};
        view->setSelection(wall);
        QVERIFY(!view->overlay().selectedTerrain.empty());
        const QString selected = dir.filePath(QStringLiteral("selected.png"));
        prompts->saveNames << selected;
        trigger(w, "file-export-image");
        QCOMPARE(QImage(selected), QImage(png));
        view->setSelection({});
        // The kind of file exported last is offered first next time: its name ends with it,
        // the dialog's type is it.
        QVERIFY2(prompts->saveFilters.last().startsWith(QStringLiteral("PNG image")), qPrintable(prompts->saveFilters.last()));
        const QString svg = dir.filePath(QStringLiteral("map.svg"));
        prompts->saveNames << svg;
        trigger(w, "file-export-image");
        QVERIFY(QFileInfo(svg).size() > 0);
        prompts->saveNames << QString();  // (cancelled)
        trigger(w, "file-export-image");
        QCOMPARE(prompts->saveStarts.last(), QDir(dir.path()).filePath(QStringLiteral("analysis-wall-vision.svg")));
        QVERIFY2(prompts->saveFilters.last().startsWith(QStringLiteral("SVG drawing (*.svg);;PNG image")), qPrintable(prompts->saveFilters.last()));
        const QString png2 = dir.filePath(QStringLiteral("map2.png"));
        prompts->saveNames << png2;
        trigger(w, "file-export-image");
        QCOMPARE(QImage(png2), QImage(png));
        prompts->saveNames << QString();
        trigger(w, "file-export-image");
        QVERIFY(prompts->saveStarts.last().endsWith(QStringLiteral(".png")));
        // A cell hovered, then another choice made before its ruling comes back: the
        // explanation, worked out for the cell of the map shown, is not put back.
        panel->explainAt({5.5, 5.5});
        panel->setSpacing(0.5);
        QTest::qWait(1500);
        QVERIFY2(panel->explanation().isEmpty(), qPrintable(panel->explanation()));
        QVERIFY(view->overlay().mapLines.empty());
        panel->setSpacing(1.0);
        // An edit: the map is worked out again once the edits pause. The observer moved
        // east of the wall sees what was hidden.
        const int eye = view->modelIndex(QStringLiteral("eye-1"));
        edits::Selection moved;
        moved.models = {eye};
        w.document()->edit(QStringLiteral("Move"), [&](Scenario& s) { edits::moveSelection(s, moved, {16, 0}); });
        QVERIFY(finished.wait(kWorkMs));
        QTRY_VERIFY_WITH_TIMEOUT(!panel->computing(), kWorkMs);
        QCOMPARE(panel->map()->at(22, 8).verdict, analysis::Verdict::FullyVisible);
        QCOMPARE(panel->map()->at(20, 8).verdict, analysis::Verdict::Overlap);  // on the observer
        QCOMPARE(panel->map()->at(2, 8).verdict, analysis::Verdict::Hidden);
        // The observer taken off the table: the map shown stays, said to be of the table
        // before, and hovering it says so (nothing is worked out for no observer); undo brings
        // the observer back, on the table its map was worked out on: the map is its own.
        w.document()->edit(QStringLiteral("Delete"), [&](Scenario& s) { s.models.erase(s.models.begin() + eye); });
        panel->explainAt({5.5, 5.5});
        QVERIFY2(panel->explanation().contains(QStringLiteral("The observer was taken off the table")), qPrintable(panel->explanation()));
        QTest::qWait(800);  // (past the pause after an edit)
        QVERIFY(view->overlay().map.has_value() && !panel->computing());
        w.document()->undoStack()->undo();
        QCOMPARE(view->observer(), view->modelIndex(QStringLiteral("eye-1")));
        QVERIFY(!panel->computing() && view->overlay().map.has_value());
        QCOMPARE(panel->map()->at(22, 8).verdict, analysis::Verdict::FullyVisible);
        // Clear takes it off the board.
        view->setObserver(view->modelIndex(QStringLiteral("eye-1")));
        QVERIFY(panel->compute());
        QVERIFY(finished.wait(kWorkMs));
        QVERIFY(view->overlay().map.has_value());
        panel->clear();
        QVERIFY(!view->overlay().map.has_value());
        QVERIFY(view->overlay().mapLines.empty());
    }

    void observerAndTargetFollowTheirModels() {
        // Deleting a model before the observer leaves the observer on the same model (at its
        // new index); deleting the observer leaves none, not the model that took its index,
        // until an undo brings it back.
        gui::MainWindow w;
        QVERIFY(w.openFile(kDemo, true));
        gui::BoardView* view = w.board();
        const std::string observer = "b-int-2", target = "r-boy-5";
        view->setObserver(view->modelIndex(QString::fromStdString(observer)));
        view->setTarget(view->modelIndex(QString::fromStdString(target)));
        const int before = view->observer();
        QVERIFY(before > 0);
        w.document()->edit(QStringLiteral("Delete"), [](Scenario& s) { s.models.erase(s.models.begin()); });
        QCOMPARE(view->observer(), before - 1);
        QCOMPARE(w.document()->scenario().models[view->observer()].id, observer);
        QCOMPARE(w.document()->scenario().models[view->target()].id, target);
        const int at = view->observer();
        w.document()->edit(QStringLiteral("Delete"), [at](Scenario& s) { s.models.erase(s.models.begin() + at); });
        QCOMPARE(view->observer(), -1);
        QCOMPARE(w.document()->scenario().models[view->target()].id, target);
        w.document()->undoStack()->undo();  // (undo brings the model back, and it is the observer again)
        QCOMPARE(view->observer(), view->modelIndex(QString::fromStdString(observer)));
    }

    void analysisProgressSaysTheTimeLeft() {
        // The progress bar says the time left once there is enough to go by: a quarter done
        // in 10 s leaves about 30 s; a tenth in 60 s, about 9 min; not before 2 s, nor with
        // nothing done yet, nor once done.
        QCOMPARE(gui::timeLeftText(10, 25, 100), QStringLiteral("about 30 s left"));
        QCOMPARE(gui::timeLeftText(10, 24, 100), QStringLiteral("about 35 s left"));
        QCOMPARE(gui::timeLeftText(60, 10, 100), QStringLiteral("about 9 min left"));
        QCOMPARE(gui::timeLeftText(3, 99, 100), QString());
        QCOMPARE(gui::timeLeftText(1.5, 10, 100), QString());
        QCOMPARE(gui::timeLeftText(30, 0, 100), QString());
        QCOMPARE(gui::timeLeftText(30, 100, 100), QString());
        // On the window's bar, while a long map is worked out.
        gui::MainWindow w;
        QVERIFY(w.openFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/layouts/11e/bm-purge-vs-purge-01.sightline.json"), true));
        gui::AnalysisPanel* panel = w.analysis();
        // (Places an inch apart, quarter-inch cells, an oval base: some tens of seconds.)
        QVERIFY(panel->setZone(QStringLiteral("deployment-attacker"), 1));
        panel->setSpacing(0.25);
        const std::vector<edits::BaseChoice> palette = edits::basePalette();
        const auto oval = std::ranges::find_if(palette, [](const edits::BaseChoice& c) { return c.base.shape == BaseShape::Oval; });
        QVERIFY(oval != palette.end());
        panel->setProbe(static_cast<int>(oval - palette.begin()), 2.5, QStringLiteral("MOUNTED"));
        QVERIFY(panel->compute());
        auto* bar = panel->findChild<QProgressBar*>();
        QVERIFY(bar && bar->isVisibleTo(panel));
        QTRY_VERIFY_WITH_TIMEOUT(bar->text().contains(QStringLiteral("left")), kWorkMs);
        QSignalSpy finished(panel, &gui::AnalysisPanel::finished);
        panel->cancel();
        QVERIFY(finished.wait(kWorkMs));
    }

    void analysisSaysTheMapShownIsForOtherChoices() {
        // Another choice in Seen by or Map keeps the map shown (nothing is lost by a look at
        // the choices) but says it was worked out for other choices; choosing back, not.
        gui::MainWindow w;
        gui::AnalysisPanel* panel = exposureShown(w, QStringLiteral(SIGHTLINE_SOURCE_DIR "/tests/data/analysis-wall.sightline.json"),
                                                  QStringLiteral("west"), 2, 1.0);
        QVERIFY(panel);  // (its exposure map shown)
        const QString other = QStringLiteral("worked out for other choices");
        QVERIFY2(!panel->summary().contains(other), qPrintable(panel->summary()));
        panel->setLanes();
        QVERIFY2(panel->summary().contains(other) && panel->summary().contains(QStringLiteral("Lanes and Gaps")), qPrintable(panel->summary()));
        QVERIFY(panel->exposure().has_value());
        QVERIFY(w.board()->overlay().map.has_value());
        panel->setHidingSpots(false);  // (the exposure again)
        QVERIFY2(!panel->summary().contains(other) && panel->summary().contains(QStringLiteral("hidden from every place")),
                 qPrintable(panel->summary()));
        panel->setUnit(false);  // Seen by: the observer
        QVERIFY2(panel->summary().contains(other) && panel->summary().contains(QStringLiteral("Vision Map")), qPrintable(panel->summary()));
    }

    void analysisFollowsTheObserverClicked() {
        // Vision Map asked for before any observer says what to do; a model then clicked as
        // the observer is named, no longer "no observer". A map shown, another observer
        // clicked makes it a map for other choices; the first clicked again, not.
        gui::MainWindow w;
        QVERIFY(w.openFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/tests/data/analysis-wall.sightline.json"), true));
        gui::BoardView* view = w.board();
        gui::AnalysisPanel* panel = w.analysis();
        QVERIFY(!panel->compute());
        QVERIFY2(panel->summary().contains(QStringLiteral("No observer")), qPrintable(panel->summary()));
        view->setObserver(view->modelIndex(QStringLiteral("eye-1")));
        QVERIFY2(panel->summary().contains(QStringLiteral("Seen by Eye 1: press Vision Map")), qPrintable(panel->summary()));
        panel->setUnit(true);
        QVERIFY2(panel->summary().contains(QStringLiteral("Seen by Eye 1's unit: press Vision Map")), qPrintable(panel->summary()));
        panel->setUnit(false);
        panel->setSpacing(1.0);
        QSignalSpy finished(panel, &gui::AnalysisPanel::finished);
        QVERIFY(panel->compute());
        QVERIFY(finished.wait(kWorkMs));
        const QString other = QStringLiteral("worked out for other choices");
        QVERIFY2(!panel->summary().contains(other) && panel->summary().contains(QStringLiteral("Eye 1")), qPrintable(panel->summary()));
        view->setObserver(view->modelIndex(QStringLiteral("eye-2")));
        QVERIFY2(panel->summary().contains(other), qPrintable(panel->summary()));
        QVERIFY(panel->map().has_value());  // (kept)
        view->setObserver(view->modelIndex(QStringLiteral("eye-1")));
        QVERIFY2(!panel->summary().contains(other), qPrintable(panel->summary()));
        panel->clear();
        QVERIFY2(panel->summary().contains(QStringLiteral("Seen by Eye 1: press Vision Map")), qPrintable(panel->summary()));
        // Another observer clicked while the map is worked out: the map, when it comes, is
        // said to be for other choices; the first observer clicked again, not.
        QVERIFY(panel->compute());
        view->setObserver(view->modelIndex(QStringLiteral("eye-2")));
        QVERIFY(finished.wait(kWorkMs));
        QVERIFY2(panel->summary().contains(other) && panel->summary().contains(QStringLiteral("Eye 1")), qPrintable(panel->summary()));
        view->setObserver(view->modelIndex(QStringLiteral("eye-1")));
        QVERIFY2(!panel->summary().contains(other), qPrintable(panel->summary()));
        // Seen by the observer's unit: another model of the same unit is the same choice.
        panel->setUnit(true);
        QVERIFY(panel->compute());
        QVERIFY(finished.wait(kWorkMs));
        view->setObserver(view->modelIndex(QStringLiteral("eye-2")));
        QVERIFY2(!panel->summary().contains(other) && panel->summary().contains(QStringLiteral("eyes (2 models)")), qPrintable(panel->summary()));
    }

    void analysisExplainsAUnitsCellOutOfCover() {
        // A unit's map: behind the boyz, a cell one intercessor sees in cover (terrain hides
        // part of it) is out of cover, for another sees it with none. Hovering it says both.
        gui::MainWindow w;
        QVERIFY(w.openFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/wh40k-11e/12-official-layout-units.sightline.json"), true));
        gui::BoardView* view = w.board();
        gui::AnalysisPanel* panel = w.analysis();
        view->setObserver(view->modelIndex(QStringLiteral("intercessor-1")));
        panel->setUnit(true);
        QSignalSpy finished(panel, &gui::AnalysisPanel::finished);
        QVERIFY(panel->compute());
        QVERIFY(finished.wait(kWorkMs));
        // (A cell seen, not fully, out of cover, whose seer the map names gives it cover: the
        // first such, ruled as pairs.)
        const analysis::VisionMap& map = *panel->map();
        Scenario table = w.document()->scenario();
        table.models.push_back(analysis::probeModel(map.probe, {}));
        const int probe = static_cast<int>(table.models.size()) - 1;
        Scene scene(table);
        Rulings rulings(scene);
        std::optional<Vec2> at;
        for (int k = 0; k < map.grid.cells() && !at; ++k) {
            const analysis::Cell& c = map.cells[static_cast<size_t>(k)];
            if (c.verdict != analysis::Verdict::Visible || c.cover || c.seenBy < 0) continue;
            table.models[static_cast<size_t>(probe)].position = map.grid.centre(k % map.grid.cols, k / map.grid.cols);
            scene.modelMoved(probe);
            rulings.modelMoved(probe);
            if (rulings.evaluate(c.seenBy, probe, Method::Exact, Detail::Decisions).cover.value_or(false))
                at = table.models[static_cast<size_t>(probe)].position;
        }
        QVERIFY2(at, "no cell seen out of cover whose seer named gives cover");
        QSignalSpy explained(panel, &gui::AnalysisPanel::explained);
        panel->explainAt(*at);
        QVERIFY(explained.wait(kWorkMs));
        const QString text = panel->explanation();
        QVERIFY2(text.contains(QStringLiteral("13.08 cover")) && text.contains(QStringLiteral("sees it with no cover")) &&
                     !text.contains(QStringLiteral(", in cover")),
                 qPrintable(text));
        QCOMPARE(view->overlay().mapLines.size(), size_t(2));  // (both witnesses)
        // A cell in cover against the whole unit says nothing of the kind.
        int covered = -1;
        for (int k = 0; k < panel->map()->grid.cells() && covered < 0; ++k)
            if (panel->map()->cells[static_cast<size_t>(k)].cover && panel->map()->cells[static_cast<size_t>(k)].verdict == analysis::Verdict::Visible) covered = k;
        QVERIFY(covered >= 0);
        panel->explainAt(panel->map()->grid.centre(covered % panel->map()->grid.cols, covered / panel->map()->grid.cols));
        QVERIFY(explained.wait(kWorkMs));
        QVERIFY2(panel->explanation().contains(QStringLiteral(", in cover")) && !panel->explanation().contains(QStringLiteral("no cover")),
                 qPrintable(panel->explanation()));
    }

    void analysisExplainsACellFullyVisibleByBandsBesideAnArea() {
        // The boyz' map: a base 0.004" beyond an area, beside it, is fully visible to a boy
        // by the plane's proof (bands on one side of their lines), where the exact search
        // along the lines stops at a knife edge. The full ruling takes the same proof:
        // hovering it says fully visible, out of cover, with the proof's rule, and nothing
        // of a knife edge left open or of cover.
        gui::MainWindow w;
        gui::AnalysisPanel* panel = unitsSeenBy(w, QStringLiteral("boy-1"), 0.5);
        QVERIFY(panel);
        panel->setUnit(true);
        QSignalSpy finished(panel, &gui::AnalysisPanel::finished);
        QVERIFY(panel->compute());
        QVERIFY(finished.wait(kWorkMs));
        const Vec2 at{9.75, 32.25};
        const analysis::Cell cell = panel->map()->at(static_cast<int>(at.x / 0.5), static_cast<int>(at.y / 0.5));
        QCOMPARE(cell.verdict, analysis::Verdict::FullyVisible);
        QVERIFY(!cell.undecided && !cell.cover);
        QSignalSpy explained(panel, &gui::AnalysisPanel::explained);
        panel->explainAt(at);
        QVERIFY(explained.wait(kWorkMs));
        const QString text = panel->explanation();
        QVERIFY2(text.startsWith(QStringLiteral("At (9.75\", 32.25\"): fully visible")) && text.contains(QStringLiteral("06.01 fully visible")) &&
                     !text.contains(QStringLiteral("without a proof either way")) && !text.contains(QStringLiteral("13.08 cover")) &&
                     !text.contains(QStringLiteral("undecided")),
                 qPrintable(text));
    }

    void analysisExplainsAnUndecidedCellPlainly() {
        // A cell the map leaves undecided (the proof a cell is given runs out under an upper
        // floor): hovering it says it is visible, that whether fully visible is left
        // undecided and why, then what the full ruling makes of a model there.
        gui::MainWindow w;
        QVERIFY(w.openFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/regression/31-upper-floor.sightline.json"), true));
        w.board()->setObserver(w.board()->modelIndex(QStringLiteral("U")));
        gui::AnalysisPanel* panel = w.analysis();
        panel->setSpacing(1.0);
        QSignalSpy finished(panel, &gui::AnalysisPanel::finished);
        QVERIFY(panel->compute());
        QVERIFY(finished.wait(kWorkMs));
        const Vec2 at{34.5, 35.5};
        const analysis::Cell cell = panel->map()->at(34, 35);
        QVERIFY(cell.undecided);
        QCOMPARE(cell.verdict, analysis::Verdict::Visible);
        QSignalSpy explained(panel, &gui::AnalysisPanel::explained);
        panel->explainAt(at);
        QVERIFY(explained.wait(kWorkMs));
        const QString text = panel->explanation();
        QVERIFY2(text.startsWith(QStringLiteral("At (34.5\", 35.5\"): visible to U; whether fully visible, the map leaves undecided: "
                                                "its proof for this cell stopped at or near a knife edge. Ruled in full, a model here is "
                                                "visible, not fully.")),
                 qPrintable(text));
    }

    void analysisCancel() {
        // A map that takes a while (an official layout at 0.25"): Cancel gives it up, and
        // the board keeps no half-done map.
        gui::MainWindow w;
        gui::AnalysisPanel* panel = unitsSeenBy(w, QStringLiteral("intercessor-3"), 0.25);
        QVERIFY(panel);
        gui::BoardView* view = w.board();
        QSignalSpy finished(panel, &gui::AnalysisPanel::finished);
        QVERIFY(panel->compute());
        QVERIFY(panel->computing());
        panel->cancel();
        QVERIFY(finished.wait(kWorkMs));
        QVERIFY(!panel->computing());
        QVERIFY(!panel->map().has_value());
        QVERIFY(!view->overlay().map.has_value());
        QVERIFY2(panel->summary().contains(QStringLiteral("Cancelled")), qPrintable(panel->summary()));
    }

    // A map drawn stays with its legend while another is worked out, and after that one is
    // cancelled; an edit then takes it off (it was for other choices) and starts nothing the
    // person cancelled; an edit during a map's work is said as such, not as a Cancel, and the
    // map is worked out again; another file opened takes the map off.
    void analysisCancelStaysCancelledAndTheLegendStays() {
        gui::MainWindow w;
        gui::AnalysisPanel* panel = unitsSeenBy(w, QStringLiteral("intercessor-3"), 1.0);
        QVERIFY(panel);
        gui::BoardView* view = w.board();
        QSignalSpy finished(panel, &gui::AnalysisPanel::finished);
        QVERIFY(panel->compute());
        QVERIFY(finished.wait(kWorkMs));
        QTRY_VERIFY_WITH_TIMEOUT(!panel->computing(), kWorkMs);
        QVERIFY(panel->map().has_value());
        const QString legend = QStringLiteral("fully visible");
        QVERIFY2(panel->summary().contains(legend), qPrintable(panel->summary()));
        // Another map asked for (a zone's exposure, places 1" apart: it takes a while): the
        // map drawn keeps its legend while it is worked out, and once it is cancelled.
        QVERIFY(panel->setZone(QStringLiteral("deployment-defender"), 1));
        panel->setSpacing(0.25);
        QVERIFY(panel->compute());
        QVERIFY(panel->computing());
        QVERIFY2(panel->summary().contains(legend), qPrintable(panel->summary()));
        panel->cancel();
        QVERIFY(finished.wait(kWorkMs));
        QTRY_VERIFY_WITH_TIMEOUT(!panel->computing(), kWorkMs);
        QVERIFY2(panel->summary().contains(QStringLiteral("Cancelled")) && panel->summary().contains(legend), qPrintable(panel->summary()));
        QVERIFY(panel->map().has_value() && !panel->exposure().has_value());
        // An undo of an edit: the map drawn was for other choices, so it goes, and the
        // exposure map cancelled is not started again.
        const int boy = view->modelIndex(QStringLiteral("boy-1"));
        w.document()->edit(QStringLiteral("Move"), [&](Scenario& s) { s.models[boy].position.x += 1; });
        QVERIFY(!panel->computing());
        QVERIFY(!panel->map().has_value() && !view->overlay().map.has_value());
        QVERIFY2(panel->summary().contains(QStringLiteral("taken off")), qPrintable(panel->summary()));
        QTest::qWait(1500);  // (past the pause after which a map is worked out again)
        QVERIFY(!panel->computing());
        QVERIFY(!panel->exposure().has_value());
        // A map being worked out when the table changes: said as such, and worked out again.
        QVERIFY(panel->setZone(QStringLiteral("deployment-defender"), 4));
        panel->setSpacing(1.0);
        QVERIFY(panel->compute());
        w.document()->edit(QStringLiteral("Move"), [&](Scenario& s) { s.models[boy].position.x -= 1; });
        QVERIFY(finished.wait(kWorkMs));
        QVERIFY2(!panel->summary().contains(QStringLiteral("Cancelled")), qPrintable(panel->summary()));
        QTRY_VERIFY_WITH_TIMEOUT(panel->exposure().has_value() && !panel->computing(), kWorkMs);
        // Its cells' CSV asked for as the exposure map's.
        ScriptedPrompts* prompts = scripted(w);
        panel->findChild<QPushButton*>(QStringLiteral("analysis-csv"))->click();
        QVERIFY2(prompts->askedFor(QStringLiteral("save-file: Export exposure map cells")), qPrintable(prompts->asked.join(QLatin1Char('|'))));
        QVERIFY2(prompts->saveStarts.last().endsWith(QStringLiteral("/12-official-layout-units-exposure.csv")), qPrintable(prompts->saveStarts.last()));
        // Exported, the zone's map has no observer's ring or lines in it: the same picture
        // with an observer and its target picked as with none.
        QTemporaryDir pictures;
        view->setTarget(view->modelIndex(QStringLiteral("boy-2")));
        QVERIFY(view->observer() >= 0 && view->overlay().result.has_value());
        const QString withObserver = pictures.filePath(QStringLiteral("with.png")), without = pictures.filePath(QStringLiteral("without.png"));
        prompts->saveNames << withObserver;
        trigger(w, "file-export-image");
        view->setTarget(-1);
        view->setObserver(-1);
        prompts->saveNames << without;
        trigger(w, "file-export-image");
        QVERIFY(!QImage(without).isNull());
        QCOMPARE(QImage(withObserver), QImage(without));
        // Another file opened (with a zone of the same name: the same choices): the map of
        // this one goes, and nothing is worked out for it.
        QVERIFY(w.openFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/wh40k-11e/06-official-layout.sightline.json"), true));
        QVERIFY(!panel->exposure().has_value() && !view->overlay().map.has_value());
        QTest::qWait(1500);
        QVERIFY(!panel->computing());
        QVERIFY(!panel->exposure().has_value());
    }

    // A drag step whose ruling takes long (here a knife edge: Boy 3 where a gap between two
    // obscuring areas just reaches it, so the proofs search long) is given up once a newer
    // step waits, so the lines follow the drag; what is shown at the end is the last step's.
    void unitRulingGivesUpAStaleStep() {
        // The knife edge's step, then the next asked for at once; the window's give-up
        // times: the least patience, and the age of the lines shown beyond which the
        // running one is let finish.
        auto twoSteps = [](std::chrono::milliseconds leastPatience, std::chrono::milliseconds stalest, auto&& check) {
            gui::MainWindow w;
            QVERIFY(w.openFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/wh40k-11e/12-official-layout-units.sightline.json"), true));
            gui::BoardView* view = w.board();
            view->setGiveUpTimes(leastPatience, stalest);
            view->setObserver(view->modelIndex(QStringLiteral("intercessor-7")));
            view->setTarget(view->modelIndex(QStringLiteral("boy-3")));
            view->setUnitMode(gui::BoardView::UnitMode::UnitVsUnit);
            QTRY_VERIFY_WITH_TIMEOUT(!view->unitRulingPending(), kWorkMs);
            QCOMPARE(view->unitRulingsGivenUp(), 0);
            const int boy = view->modelIndex(QStringLiteral("boy-3"));
            auto moveTo = [&](Vec2 to) {
                edits::Selection moved;
                moved.models = {boy};
                const Vec2 at = w.document()->scenario().models[boy].position;
                w.document()->edit(QStringLiteral("Move"), [&](Scenario& s) { edits::moveSelection(s, moved, to - at); });
            };
            moveTo({32.5147, 26.407});  // the knife edge: well over a drag step's time
            moveTo({32.5147, 26.9});    // the next step, asked for at once
            QVERIFY(view->unitRulingPending());
            QTRY_VERIFY_WITH_TIMEOUT(!view->unitRulingPending(), kWorkMs);
            QCOMPARE(view->unitRulingShown(), view->unitRulingAsked());
            check(w, *view);
        };
        // Given up at once, whatever the age of the lines shown: with the window's own
        // times, a slow machine (a sanitizer's build, the other core busy) may take longer
        // than kStalest over the edits on the GUI thread, and a fast one may finish the
        // knife edge within kLeastPatience.
        twoSteps(std::chrono::milliseconds(0), std::chrono::minutes(10), [](gui::MainWindow& w, gui::BoardView& view) {
            QCOMPARE(view.unitRulingsGivenUp(), 1);
            // The answer shown is the last step's, as a ruling made afresh gives it.
            const Scene scene(w.document()->scenario());
            const UnitRuling fresh = Rulings(scene).units("intercessors", "boyz", Method::Exact, Detail::Decisions);
            const UnitRuling& shown = *view.unitRuling();
            QCOMPARE(shown.pairs.size(), fresh.pairs.size());
            for (size_t i = 0; i < fresh.pairs.size(); ++i)
                for (size_t j = 0; j < fresh.pairs[i].size(); ++j) {
                    QCOMPARE(shown.pairs[i][j].visible, fresh.pairs[i][j].visible);
                    QCOMPARE(shown.pairs[i][j].fully_visible, fresh.pairs[i][j].fully_visible);
                    QCOMPARE(shown.pairs[i][j].undecided, fresh.pairs[i][j].undecided);
                }
            QCOMPARE(shown.cover, fresh.cover);
        });
        if (QTest::currentTestFailed()) return;
        // Lines already older than the stalest (here any age) are not made older still: the
        // knife edge's step finishes and is shown, then the next.
        twoSteps(gui::BoardView::kLeastPatience, std::chrono::milliseconds(0), [](gui::MainWindow&, gui::BoardView& view) {
            QCOMPARE(view.unitRulingsGivenUp(), 0);
        });
    }

    void escapeCancelsADrag() {
        // Esc while dragging puts the model back where it was and ends the drag; the unit
        // mode stays (a second Esc leaves it).
        gui::MainWindow w;
        QVERIFY(w.openFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/wh40k-11e/12-official-layout-units.sightline.json"), true));
        gui::BoardView* view = w.board();
        const int boy = view->modelIndex(QStringLiteral("boy-3"));
        view->setObserver(view->modelIndex(QStringLiteral("intercessor-8")));
        view->setTarget(boy);
        view->setUnitMode(gui::BoardView::UnitMode::UnitVsUnit);
        const Vec2 from = w.document()->scenario().models[boy].position;
        const int index = w.document()->undoStack()->index();
        QTest::mousePress(view, Qt::LeftButton, {}, at(view, from));
        QTest::mouseMove(view, at(view, from + Vec2{-5, 1}));
        QTest::mouseMove(view, at(view, from + Vec2{-7, 2}));
        QVERIFY(view->dragging());
        QVERIFY(w.document()->scenario().models[boy].position.x < from.x - 1);
        QCOMPARE(w.document()->undoStack()->text(w.document()->undoStack()->index() - 1), QStringLiteral("Move Boy 3"));
        view->escape();
        QVERIFY(!view->dragging());
        QCOMPARE(w.document()->scenario().models[boy].position.x, from.x);
        QCOMPARE(w.document()->scenario().models[boy].position.y, from.y);
        QCOMPARE(w.document()->undoStack()->index(), index);
        QVERIFY(!w.document()->undoStack()->canRedo());  // the cancelled move cannot be brought back
        QCOMPARE(w.document()->undoStack()->count(), index);
        QCOMPARE(view->unitMode(), gui::BoardView::UnitMode::UnitVsUnit);
        QTest::mouseMove(view, at(view, from + Vec2{-9, 3}));  // the drag is over: nothing moves
        QCOMPARE(w.document()->scenario().models[boy].position.x, from.x);
        QTest::mouseRelease(view, Qt::LeftButton, {}, at(view, from + Vec2{-9, 3}));
        QCOMPARE(view->observer(), view->modelIndex(QStringLiteral("intercessor-8")));  // (not a click on the Boy)
        view->escape();
        QCOMPARE(view->unitMode(), gui::BoardView::UnitMode::Off);
    }

    void rulingPanelKeepsItsPlaceOverADrag() {
        // The reader scrolled down the ruling (to the reasons); a drag shortens the panel
        // (the reasons wait for the put-down); once the model is down the panel is where the
        // reader left it.
        gui::MainWindow w;
        QVERIFY(showOfficialUnits(w, {1200, 700}));
        gui::BoardView* view = w.board();
        const int boy = view->modelIndex(QStringLiteral("boy-3"));
        view->setObserver(view->modelIndex(QStringLiteral("intercessor-8")));
        view->setTarget(boy);
        view->setUnitMode(gui::BoardView::UnitMode::UnitVsUnit);
        QTRY_VERIFY_WITH_TIMEOUT(!view->unitRulingPending(), kWorkMs);
        QTRY_VERIFY(w.rulingLabel()->text().contains(QStringLiteral("13.08")));
        auto* area = qobject_cast<QScrollArea*>(w.findChild<QDockWidget*>(QStringLiteral("ruling"))->widget());
        QVERIFY(area);
        QScrollBar* bar = area->verticalScrollBar();
        QTRY_VERIFY(bar->maximum() > 100);
        const int place = bar->maximum() / 2;
        bar->setValue(place);
        const Vec2 from = w.document()->scenario().models[boy].position;
        QTest::mousePress(view, Qt::LeftButton, {}, at(view, from));
        QTest::mouseMove(view, at(view, from + Vec2{-2, 1}));
        QTRY_VERIFY_WITH_TIMEOUT(w.rulingLabel()->text().contains(QStringLiteral("The reasons follow")), 5000);
        QTRY_VERIFY(bar->value() < place);  // (the panel shorter: scrolled up)
        QTest::mouseRelease(view, Qt::LeftButton, {}, at(view, from + Vec2{-2, 1}));
        QTRY_VERIFY_WITH_TIMEOUT(!view->unitRulingPending(), kWorkMs);
        QTRY_VERIFY(!w.rulingLabel()->text().contains(QStringLiteral("The reasons follow")));
        QTRY_COMPARE(bar->value(), place);
        // A narrow panel scrolls across the matrix rather than cut its last columns off.
        w.resizeDocks({w.findChild<QDockWidget*>(QStringLiteral("ruling"))}, {240}, Qt::Horizontal);
        QTRY_VERIFY(area->horizontalScrollBar()->maximum() > 0);
        QVERIFY(w.rulingLabel()->width() >= w.rulingLabel()->minimumWidth());
    }

    void unitModeWidensThePanelToItsMatrix() {
        // Entering Unit Against Unit from the menu on a window of ordinary size: the Ruling
        // dock widens to the whole matrix, its per attacking model columns (cover, plunging)
        // included, rather than paint the table past its edge.
        gui::MainWindow w;
        QVERIFY(showOfficialUnits(w, {1280, 860}));
        gui::BoardView* view = w.board();
        view->setObserver(view->modelIndex(QStringLiteral("intercessor-1")));
        view->setTarget(view->modelIndex(QStringLiteral("boy-1")));
        trigger(w, "mode-unit-vs-unit");
        QTRY_VERIFY_WITH_TIMEOUT(!view->unitRulingPending(), kWorkMs);
        QTRY_VERIFY(w.rulingLabel()->text().contains(QStringLiteral("plunging")));
        auto* area = qobject_cast<QScrollArea*>(w.findChild<QDockWidget*>(QStringLiteral("ruling"))->widget());
        QVERIFY(area);
        // The matrix's own width: its ruled table laid out unbroken in the label's font.
        const double matrix = render::matrixWidth(w.rulingLabel()->text(), w.rulingLabel()->font());
        QVERIFY(matrix > 300);
        QTRY_VERIFY2(area->viewport()->width() >= matrix,
                     qPrintable(QStringLiteral("panel %1, matrix %2").arg(area->viewport()->width()).arg(matrix)));
        QVERIFY(w.rulingLabel()->width() >= matrix);
    }

    void unitRulingWhileDraggingIsQuickThenFull() {
        // A drag step's proofs are quick: at a knife edge a pair is shown as being worked out
        // (not as undecided), and once the model is put down it is decided in full, as a
        // ruling made afresh gives it.
        gui::MainWindow w;
        QVERIFY(w.openFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/wh40k-11e/12-official-layout-units.sightline.json"), true));
        gui::BoardView* view = w.board();
        const int boy = view->modelIndex(QStringLiteral("boy-3"));
        view->setObserver(view->modelIndex(QStringLiteral("intercessor-8")));
        view->setTarget(boy);
        view->setUnitMode(gui::BoardView::UnitMode::UnitVsUnit);
        QTRY_VERIFY_WITH_TIMEOUT(!view->unitRulingPending(), kWorkMs);
        QVERIFY(!view->unitRulingProvisional());
        const Vec2 from = w.document()->scenario().models[boy].position;
        QTest::mousePress(view, Qt::LeftButton, {}, at(view, from));
        QTest::mouseMove(view, at(view, from + Vec2{-5, 1}));  // (past the drag distance)
        QVERIFY(w.document()->scenario().models[boy].position.x < from.x);  // it is being dragged
        // Held, moved to the knife edge (exactly: a mouse is not that precise).
        edits::Selection moved;
        moved.models = {boy};
        const Vec2 now = w.document()->scenario().models[boy].position;
        w.document()->edit(QStringLiteral("Move"), [&](Scenario& s) { edits::moveSelection(s, moved, Vec2{30.8847, 27.1999} - now); });
        QTRY_VERIFY_WITH_TIMEOUT(!view->unitRulingPending(), kWorkMs);
        QVERIFY(view->unitRulingProvisional());
        QTRY_VERIFY_WITH_TIMEOUT(w.rulingLabel()->text().contains(QStringLiteral("being worked out")), 2000);  // (the panel follows a drag a few times a second)
        // While dragging, the reasons wait for the put-down (the panel stays quick to lay out).
        QVERIFY(w.rulingLabel()->text().contains(QStringLiteral("The reasons follow when the model is put down")));
        // The unit's answers say they may change (a row with a pair being worked out has
        // its fully, cover and plunging cells being worked out too).
        QVERIFY2(w.rulingLabel()->text().contains(QStringLiteral("being worked out: the answers below may change")), qPrintable(w.rulingLabel()->text()));
        QTest::mouseRelease(view, Qt::LeftButton, {}, at(view, Vec2{30.8847, 27.1999}));
        QVERIFY(view->unitRulingPending());  // the full proofs, at once
        QTRY_VERIFY_WITH_TIMEOUT(!view->unitRulingPending(), kWorkMs);
        QVERIFY(!view->unitRulingProvisional());
        QVERIFY(!w.rulingLabel()->text().contains(QStringLiteral("being worked out")));
        QVERIFY(!w.rulingLabel()->text().contains(QStringLiteral("The reasons follow")));
        QVERIFY(w.rulingLabel()->text().contains(QStringLiteral("13.08")));  // the reasons are back
        const Scene scene(w.document()->scenario());
        const UnitRuling fresh = Rulings(scene).units("intercessors", "boyz", Method::Exact, Detail::Decisions);
        const UnitRuling& shown = *view->unitRuling();
        for (size_t i = 0; i < fresh.pairs.size(); ++i)
            for (size_t j = 0; j < fresh.pairs[i].size(); ++j) {
                QCOMPARE(shown.pairs[i][j].visible, fresh.pairs[i][j].visible);
                QCOMPARE(shown.pairs[i][j].fully_visible, fresh.pairs[i][j].fully_visible);
                QCOMPARE(shown.pairs[i][j].undecided, fresh.pairs[i][j].undecided);
                QCOMPARE(shown.pairs[i][j].reasons, fresh.pairs[i][j].reasons);
            }
        QCOMPARE(shown.cover, fresh.cover);
    }

    void tileMapWindowWalk() {
        // File > Open Tile Map: the map in a window of its own; a click puts the viewer on a
        // tile, the arrow keys and the numpad walk it; what it sees is the field of view, what
        // it saw stays explored; a wall refuses a step; the radius narrows the view; Reset
        // forgets what was explored; a map that cannot be read is said.
        gui::MainWindow w;
        QPointer<gui::TileMapWindow> t = w.openTileMap(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/maps/dungeon.map"), true);
        QVERIFY(t);
        QVERIFY(QTest::qWaitForWindowExposed(t));
        gui::TileMapView* view = t->view();
        QVERIFY(!view->viewer());
        const std::vector<std::uint8_t> before = view->states();
        QCOMPARE(std::count(before.begin(), before.end(), 2), long(30 * 15));  // nobody looks: all shown
        QTest::mouseClick(view, Qt::LeftButton, {}, view->tileCentre({3, 2}).toPoint());
        QVERIFY(view->viewer() && *view->viewer() == (grid::Tile{3, 2}));
        const std::vector<std::uint8_t> clear = view->map().transparency();
        auto fov = [&](grid::Tile at, int radius) {
            grid::FovOptions o;
            o.radius = radius;
            const auto v = grid::fieldOfView(clear, 30, 15, at.x, at.y, o);
            return static_cast<int>(std::count(v.begin(), v.end(), 1));
        };
        QCOMPARE(view->visibleCount(), fov({3, 2}, 0));
        QCOMPARE(view->exploredCount(), view->visibleCount());
        view->setFocus();
        for (int i = 0; i < 8; ++i) QTest::keyClick(view, Qt::Key_Right);
        QTest::keyClick(view, Qt::Key_3, Qt::KeypadModifier);  // a diagonal: down and right
        QCOMPARE(*view->viewer(), (grid::Tile{12, 3}));
        QCOMPARE(view->visibleCount(), fov({12, 3}, 0));
        QVERIFY(view->exploredCount() > view->visibleCount());  // the way behind is remembered
        const int explored = view->exploredCount();
        QVERIFY2(t->statusText().contains(QStringLiteral("Viewer at 12,3")) && t->statusText().contains(QStringLiteral("%1 explored").arg(explored)),
                 qPrintable(t->statusText()));
        QTest::keyClick(view, Qt::Key_Right);  // (13,3) is a wall
        QCOMPARE(*view->viewer(), (grid::Tile{12, 3}));
        QVERIFY(t->statusBar()->currentMessage().contains(QStringLiteral("stops movement")));
        // The line tool: right-click a tile; sight and fire stop where `sight` says.
        QTest::mouseClick(view, Qt::RightButton, {}, view->tileCentre({20, 3}).toPoint());
        QVERIFY(view->target() && *view->target() == (grid::Tile{20, 3}));
        const auto stop = grid::sightStop(view->map(), {12, 3}, {20, 3});
        QVERIFY(stop && view->sightStop() && view->sightStop()->at == stop->at);
        QVERIFY2(t->statusText().contains(QStringLiteral("sight stopped at %1,%2").arg(stop->at.x).arg(stop->at.y)), qPrintable(t->statusText()));
        QTest::keyClick(view, Qt::Key_Escape);
        QVERIFY(!view->target());
        t->radiusBox()->setValue(3);
        QCOMPARE(view->visibleCount(), fov({12, 3}, 3));
        QVERIFY(view->visibleCount() < fov({12, 3}, 0));
        QCOMPARE(view->exploredCount(), explored);
        t->findChild<QPushButton*>(QStringLiteral("tiles-reset"))->click();
        QCOMPARE(view->exploredCount(), view->visibleCount());
        QAction* glyphs = t->findChild<QAction*>(QStringLiteral("tiles-glyphs"));
        QVERIFY(glyphs);
        glyphs->trigger();
        QVERIFY(view->glyphs());
        t->close();
        QTRY_VERIFY(!t);  // (deleted on close)
        // A map that cannot be read.
        QTemporaryDir dir;
        QFile bad(dir.filePath(QStringLiteral("bad.map")));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("legend:\nT tower bonus=-1\nmap:\nT\n");
        bad.close();
        QVERIFY(!w.openTileMap(bad.fileName(), true));
        QVERIFY2(w.statusBar()->currentMessage().contains(QStringLiteral("line")), qPrintable(w.statusBar()->currentMessage()));
    }

    void tileMapWindowGame() {
        // A fog-of-war script played in the tile map's window: stepped turn by turn, from
        // each side or everyone's; each turn's picture holds what the CLI's report of that
        // turn says (the side's units, the enemies it sees, its memories as ghosts with their
        // age); the tiles it may target and the vision ranges on request; a bad script says
        // its line.
        gui::MainWindow w;
        QPointer<gui::TileMapWindow> t = w.openTileMap(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/maps/skirmish.map"), true);
        QVERIFY(t);
        const QString script = QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/maps/skirmish.fog");
        QString error;
        QVERIFY2(t->loadFogScript(script, &error), qPrintable(error));
        // The same script played apart: each report's game, by turn.
        QFile f(script);
        QVERIFY(f.open(QIODevice::ReadOnly));
        grid::FogGame game(t->view()->map());
        std::map<int, grid::FogGame> reports;
        std::string problem;
        QVERIFY(grid::playFogScript(game, f.readAll().toStdString(), [](const std::string&) {}, &problem, {},
                                    [&](const grid::FogGame& g, const std::string&) { reports.insert_or_assign(g.turn(), g); }));
        QCOMPARE(t->gameTurns(), static_cast<int>(reports.size()));
        int ghosts = 0;
        for (const QString& side : {QStringLiteral("red"), QStringLiteral("blue")}) {
            t->showSide(side);
            int index = 0;
            for (const auto& [turn, g] : reports) {
                t->turnSlider()->setValue(index++);
                const render::TilePicture pic = t->view()->picture();
                QCOMPARE(pic.states, g.side(side.toStdString())->state);
                int seenGhosts = 0;
                for (const render::TilePicture::Marker& m : pic.markers) seenGhosts += m.ghost;
                const std::vector<grid::Snapshot> memories = g.memories(side.toStdString());
                QCOMPARE(seenGhosts, static_cast<int>(memories.size()));
                for (const grid::Snapshot& m : memories) {
                    bool drawn = false;
                    for (const render::TilePicture::Marker& k : pic.markers)
                        drawn = drawn || (k.ghost && k.at == m.at && k.age == turn - m.turnSeen);
                    QVERIFY(drawn);
                }
                ghosts += seenGhosts;
                QVERIFY2(t->statusText().contains(QStringLiteral("Turn %1, the view of %2").arg(turn).arg(side)), qPrintable(t->statusText()));
            }
        }
        QVERIFY(ghosts > 0);  // (the script has enemies seen and lost)
        // The action mask and the ranges.
        t->findChild<QCheckBox*>(QStringLiteral("game-targets"))->setChecked(true);
        t->findChild<QCheckBox*>(QStringLiteral("game-ranges"))->setChecked(true);
        render::TilePicture pic = t->view()->picture();
        QVERIFY(!pic.marked.empty());
        QVERIFY(!pic.outlines.empty());
        // Everyone: every tile, every unit, no ghosts.
        t->showSide(QString());
        pic = t->view()->picture();
        QVERIFY(pic.states.empty());
        for (const render::TilePicture::Marker& m : pic.markers) QVERIFY(!m.ghost);
        // Closing the game gives the viewer back.
        t->findChild<QPushButton*>(QStringLiteral("game-close"))->click();
        QVERIFY(!t->view()->gameView().game);
        // A script with a bad line.
        QTemporaryDir dir;
        QFile bad(dir.filePath(QStringLiteral("bad.fog")));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("side red\nunit red A archer 99,99\n");
        bad.close();
        QVERIFY(!t->loadFogScript(bad.fileName(), &error));
        QVERIFY2(error.contains(QStringLiteral("line 2")), qPrintable(error));
        t->close();
    }

    void tileMapWindowLightAndSenses() {
        // The crypt's game (mode senses): a side's view has the light and its tiles seen in
        // outline hatched, the enemies it only senses as silhouettes with their senses; a unit
        // picked shows what it perceives now, a badge of senses on each unit it detects, and
        // the Senses choice keeps one sense.
        gui::MainWindow w;
        QPointer<gui::TileMapWindow> t = w.openTileMap(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/maps/crypt.map"), true);
        QVERIFY(t);
        QString error;
        QVERIFY2(t->loadFogScript(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/maps/crypt.fog"), &error), qPrintable(error));
        t->turnSlider()->setValue(1);  // turn 1: the monk senses the spider through the wall
        t->showSide(QStringLiteral("party"));
        render::TilePicture pic = t->view()->picture();
        QCOMPARE(pic.light.size(), pic.states.size());
        QVERIFY(std::count(pic.light.begin(), pic.light.end(), std::uint8_t(0)) > 0);
        QVERIFY(std::count(pic.light.begin(), pic.light.end(), std::uint8_t(2)) > 0);
        bool spider = false;
        for (const render::TilePicture::Marker& m : pic.markers)
            if (m.text == QLatin1String("A")) spider = m.outline && m.badge == QLatin1String("P");
        QVERIFY(spider);
        // The familiar at turn 2: blindsight finds the invisible shade; the fighter sees nothing of it.
        t->turnSlider()->setValue(2);
        QVERIFY(t->sensesBox()->isEnabled());
        QVERIFY(t->pickUnit(QStringLiteral("B")));
        pic = t->view()->picture();
        auto badge = [&](const QString& who) -> QString {
            for (const render::TilePicture::Marker& m : pic.markers)
                if (m.text == who) return m.badge.isEmpty() && !m.outline ? QStringLiteral("(drawn)") : m.badge;
            return QStringLiteral("(not drawn)");
        };
        QCOMPARE(badge(QStringLiteral("X")), QStringLiteral("B"));
        QCOMPARE(badge(QStringLiteral("B")), QStringLiteral("(drawn)"));  // itself
        QVERIFY(t->statusText().contains(QStringLiteral("B (sight=0 blindsight=8 flying) sees")));
        // Only telepathy: the familiar has none, so nothing but itself is drawn.
        t->sensesBox()->setCurrentIndex(t->sensesBox()->findData(static_cast<int>(grid::kTelepathy)));
        pic = t->view()->picture();
        QCOMPARE(badge(QStringLiteral("X")), QStringLiteral("(not drawn)"));
        QCOMPARE(pic.markers.size(), size_t(1));
        // A game without senses: the choice is off, the unit's record shown as before.
        t->close();
        QPointer<gui::TileMapWindow> plain = w.openTileMap(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/maps/skirmish.map"), true);
        QVERIFY2(plain->loadFogScript(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/maps/skirmish.fog"), &error), qPrintable(error));
        QVERIFY(!plain->sensesBox()->isEnabled());
        QVERIFY(plain->view()->picture().light.empty());
        plain->close();
    }

    void tileMapWindowUnitRecord() {
        // A unit picked in a game: the tiles it has seen lit, those it stood on framed, and its
        // range explained from the terrain it stands on (the overworld's walker sees by its
        // terrain, with perception 15).
        gui::MainWindow w;
        QPointer<gui::TileMapWindow> t = w.openTileMap(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/maps/overworld.map"), true);
        QVERIFY(t);
        QString error;
        QVERIFY2(t->loadFogScript(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/maps/overworld.fog"), &error), qPrintable(error));
        t->turnSlider()->setValue(t->gameTurns() - 1);
        t->showSide(QStringLiteral("explorers"));
        QVERIFY(t->pickUnit(QStringLiteral("W")));
        QVERIFY(!t->pickUnit(QStringLiteral("nobody")));
        const grid::FogUnit* walker = t->view()->gameView().game->unit("W");
        QVERIFY(walker);
        const render::TilePicture pic = t->view()->picture();
        QCOMPARE(pic.marked, walker->visited);
        int lit = 0, seen = 0, visited = 0;
        for (std::uint8_t s : pic.states) lit += s == static_cast<std::uint8_t>(grid::FogState::Visible);
        for (size_t i = 0; i < walker->seen.size(); ++i) {
            seen += walker->seen[i];
            visited += walker->visited[i];
        }
        QCOMPARE(lit, seen);
        QVERIFY(visited > 1);  // (it walked)
        QVERIFY2(t->statusText().contains(QStringLiteral("W has seen %1 tiles (lit) and stood on %2").arg(seen).arg(visited)), qPrintable(t->statusText()));
        QVERIFY2(t->statusText().contains(QStringLiteral("+1 for perception 15")), qPrintable(t->statusText()));
        // A click on the unit again unpicks it.
        QVERIFY(t->pickUnit(QString()));
        QVERIFY(t->view()->gameView().unit.empty());
        t->close();
    }

    void tileMapWindowPlayOn() {
        // Playing on at a game's last turn: a unit moved (right-click), a unit added, the turn
        // ended; each undoable; refused at an earlier turn or where the script refuses it;
        // saved as a script that plays the same game.
        gui::MainWindow w;
        QPointer<gui::TileMapWindow> t = w.openTileMap(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/maps/skirmish.map"), true);
        QVERIFY(t);
        QVERIFY(QTest::qWaitForWindowExposed(t));
        QString error;
        QVERIFY2(t->loadFogScript(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/maps/skirmish.fog"), &error), qPrintable(error));
        const int turns = t->gameTurns();
        // At the first turn: history, not played on.
        QVERIFY(!t->endTurn(&error));
        QVERIFY2(error.contains(QStringLiteral("last turn")), qPrintable(error));
        t->turnSlider()->setValue(turns - 1);
        const grid::FogGame* g = t->view()->gameView().game;
        const grid::FogUnit* r1 = g->unit("R1");
        QVERIFY(r1);
        const grid::Tile from = r1->at;
        // A free floor tile beside it.
        std::optional<grid::Tile> to;
        for (const grid::Tile d : {grid::Tile{1, 0}, grid::Tile{-1, 0}, grid::Tile{0, 1}, grid::Tile{0, -1}}) {
            const grid::Tile c{from.x + d.x, from.y + d.y};
            bool taken = false;
            for (const grid::FogUnit& u : g->units()) taken = taken || u.at == c;
            if (!to && g->map().inside(c.x, c.y) && !g->map().at(c.x, c.y).solid && !taken) to = c;
        }
        QVERIFY(to);
        t->showSide(QStringLiteral("red"));
        QVERIFY(t->pickUnit(QStringLiteral("R1")));
        QTest::mouseClick(t->view(), Qt::RightButton, {}, t->view()->tileCentre(*to).toPoint());
        QVERIFY(t->view()->gameView().game->unit("R1")->at == *to);
        QCOMPARE(t->gameUndo()->count(), 1);
        QVERIFY(t->script().trimmed().endsWith(QStringLiteral("move R1 %1,%2").arg(to->x).arg(to->y)));
        t->gameUndo()->undo();
        QVERIFY(t->view()->gameView().game->unit("R1")->at == from);
        t->gameUndo()->redo();
        QVERIFY(t->view()->gameView().game->unit("R1")->at == *to);
        QVERIFY2(t->addUnit(QStringLiteral("red Z9 archer 2,2"), &error), qPrintable(error));
        QVERIFY(t->view()->gameView().game->unit("Z9"));
        QVERIFY(!t->addUnit(QStringLiteral("red Z8 archer 0,0"), &error));  // a wall
        QVERIFY(!error.isEmpty() && !error.startsWith(QStringLiteral("line ")));
        QVERIFY(t->endTurn(&error));
        QCOMPARE(t->gameTurns(), turns + 1);
        QCOMPARE(t->gameUndo()->count(), 3);
        // Saved, and played again: the same game.
        QTemporaryDir dir;
        const QString saved = dir.filePath(QStringLiteral("played.fog"));
        QVERIFY2(t->saveScript(saved, &error), qPrintable(error));
        QVERIFY(t->loadFogScript(saved, &error));
        QCOMPARE(t->gameTurns(), turns + 1);
        t->turnSlider()->setValue(t->gameTurns() - 1);
        QVERIFY(t->view()->gameView().game->unit("Z9"));
        QVERIFY(t->view()->gameView().game->unit("R1")->at == *to);
        t->close();
    }

    void tileMapWindowFogState() {
        // File > Save Fog State As writes the game as the shown turn left it; File > Open Fog
        // State starts the timeline there, plays on from it, and a script loaded afterwards
        // continues it, as the CLI's `fog --state` does; a broken file is refused, naming it.
        gui::MainWindow w;
        const QString mapPath = QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/maps/skirmish.map");
        QPointer<gui::TileMapWindow> t = w.openTileMap(mapPath, true);
        QVERIFY(t);
        QVERIFY(QTest::qWaitForWindowExposed(t));
        QString error;
        QVERIFY(!t->saveFogState(QStringLiteral("unused.json"), &error));  // no game yet
        QVERIFY2(error.contains(QStringLiteral("No game")), qPrintable(error));
        QVERIFY2(t->loadFogScript(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/maps/skirmish.fog"), &error), qPrintable(error));
        QVERIFY(t->gameTurns() >= 3);
        t->turnSlider()->setValue(1);
        const grid::FogGame shown = *t->view()->gameView().game;
        QTemporaryDir dir;
        const QString statePath = dir.filePath(QStringLiteral("turn.json"));
        QVERIFY2(t->saveFogState(statePath, &error), qPrintable(error));
        auto sameFog = [](const grid::FogGame& a, const grid::FogGame& b) {
            if (a.turn() != b.turn() || a.units().size() != b.units().size() || a.sides().size() != b.sides().size()) return false;
            for (const grid::FogSide& side : a.sides())
                for (int y = 0; y < a.map().height; ++y)
                    for (int x = 0; x < a.map().width; ++x)
                        if (a.state(side.name, {x, y}) != b.state(side.name, {x, y})) return false;
            for (const grid::FogUnit& u : a.units())
                if (!b.unit(u.id) || !(b.unit(u.id)->at == u.at)) return false;
            return true;
        };
        QFile file(statePath);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QString problem;
        const std::optional<grid::FogGame> saved = io::readFogState(file.readAll(), t->view()->map(), &problem);
        QVERIFY2(saved, qPrintable(problem));
        QVERIFY(sameFog(*saved, shown));

        // Opened: one turn, the saved one, and the same fog for every side.
        QVERIFY2(t->openFogState(statePath, &error), qPrintable(error));
        QCOMPARE(t->gameTurns(), 1);
        QCOMPARE(t->startState(), statePath);
        QVERIFY(sameFog(*t->view()->gameView().game, *saved));
        // Played on from it.
        QVERIFY2(t->endTurn(&error), qPrintable(error));
        QCOMPARE(t->gameTurns(), 2);
        QCOMPARE(t->view()->gameView().game->turn(), saved->turn() + 1);
        t->gameUndo()->undo();
        QCOMPARE(t->gameTurns(), 1);
        // A script continues the state, turn for turn as the CLI plays it.
        const QString more = QStringLiteral("move R1 14,1\nturn\nmove B1 20,1\nturn\n");
        const QString scriptPath = dir.filePath(QStringLiteral("more.fog"));
        QFile script(scriptPath);
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write(more.toUtf8());
        script.close();
        QVERIFY2(t->loadFogScript(scriptPath, &error), qPrintable(error));
        grid::FogGame cli = *saved;
        std::string why;
        QVERIFY2(grid::playFogScript(cli, more.toStdString(), [](const std::string&) {}, &why), why.c_str());
        QCOMPARE(t->gameTurns(), 3);
        t->turnSlider()->setValue(t->gameTurns() - 1);
        QVERIFY(sameFog(*t->view()->gameView().game, cli));
        // One step of Edit > Undo, and the moves played in the window before it are kept.
        t->gameUndo()->undo();
        QCOMPARE(t->gameTurns(), 1);
        t->gameUndo()->redo();
        QCOMPARE(t->gameTurns(), 3);
        QVERIFY2(t->endTurn(&error), qPrintable(error));
        QVERIFY2(t->loadFogScript(scriptPath, &error), qPrintable(error));
        QCOMPARE(t->gameTurns(), 6);  // (played on: turn 6 ended by hand, then two more)
        // Saved as a script: it says which state it plays on from.
        const QString savedScript = dir.filePath(QStringLiteral("on.fog"));
        QVERIFY2(t->saveScript(savedScript, &error), qPrintable(error));
        QFile on(savedScript);
        QVERIFY(on.open(QIODevice::ReadOnly));
        QVERIFY(on.readLine().startsWith("// Plays on from the game saved in turn.json"));
        // A script that sets a game up is refused after a state, and says why.
        QVERIFY(!t->loadFogScript(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/maps/skirmish.fog"), &error));
        QVERIFY2(error.contains(QStringLiteral("game closed first")), qPrintable(error));
        QCOMPARE(t->gameTurns(), 6);
        t->gameUndo()->undo();
        t->gameUndo()->undo();
        QCOMPARE(t->gameTurns(), 3);  // (the second script and the turn ended by hand undone)
        // A broken state: refused with its name and the place, the game kept.
        const QString broken = dir.filePath(QStringLiteral("broken.json"));
        QFile bad(broken);
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("{\"format\": \"sightline-fog\", \"version\": 1, \"turn\": \"three\"}");
        bad.close();
        QVERIFY(!t->openFogState(broken, &error));
        QVERIFY2(error.startsWith(broken + QStringLiteral(": ")), qPrintable(error));
        QCOMPARE(t->gameTurns(), 3);
        QCOMPARE(t->startState(), statePath);
        t->close();
    }

    void resetLayoutBringsTheDocksBack() {
        // View > Reset Layout: a Ruling dock closed, another dock floating and the Analysis
        // dock over the Ruling's place come back as a new window has them.
        gui::MainWindow w;
        w.show();
        auto dock = [&](const char* name) { return w.findChild<QDockWidget*>(QLatin1String(name)); };
        QVERIFY(dock("ruling") && dock("inspector") && dock("analysis"));
        QVERIFY(!dock("ruling")->isHidden());
        QVERIFY(dock("analysis")->isHidden());
        dock("ruling")->hide();
        dock("inspector")->setFloating(true);
        dock("analysis")->show();
        w.tabifyDockWidget(dock("analysis"), dock("ruling"));
        trigger(w, "view-reset-layout");
        QVERIFY(!dock("ruling")->isHidden());
        QVERIFY(!dock("ruling")->isFloating());
        QVERIFY(!dock("inspector")->isFloating());
        QVERIFY(dock("analysis")->isHidden());
        QCOMPARE(w.dockWidgetArea(dock("ruling")), Qt::RightDockWidgetArea);
    }

    void pointOfViewDrawsWhatTheSideSees() {
        // View > Point of View: with a side chosen, an enemy is drawn only when some model of
        // that side sees it under the ruleset (the same answer as the pair rulings); a move
        // reveals what is seen where the model is put down, not along the way; everyone's
        // view draws every model again.
        gui::MainWindow w;
        QVERIFY(w.openFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/wh40k-11e/12-official-layout-units.sightline.json"), true));
        gui::BoardView* view = w.board();
        const Scenario& s = w.document()->scenario();
        const std::string side = s.models[static_cast<size_t>(view->modelIndex(QStringLiteral("intercessor-1")))].side;
        auto expected = [&] {
            const Scene scene(s);
            const Rulings rulings(scene);
            std::vector<int> unseen;
            for (int t = 0; t < static_cast<int>(s.models.size()); ++t) {
                if (s.models[t].side == side) continue;
                bool seen = false;
                for (int o = 0; o < static_cast<int>(s.models.size()) && !seen; ++o)
                    seen = s.models[o].side == side && rulings.evaluate(o, t, Method::Exact, Detail::Decisions).visible;
                if (!seen) unseen.push_back(t);
            }
            return unseen;
        };
        QVERIFY(view->overlay().unseen.empty());
        view->setPointOfView(QString::fromStdString(side));
        QCOMPARE(view->overlay().unseen.size(), size_t(10));  // (nothing shown before the answer)
        QTRY_VERIFY_WITH_TIMEOUT(!view->pointOfViewPending(), kWorkMs);
        const std::vector<int> first = expected();
        QCOMPARE(view->unseenModels(), first);
        QCOMPARE(view->overlay().unseen, first);
        QVERIFY2(!first.empty() && first.size() < 10, "some enemies seen, some not");
        // A hidden model is not there to pick: not by Select All either.
        {
            edits::Selection all;
            for (int i = 0; i < static_cast<int>(s.models.size()); ++i) all.models.push_back(i);
            view->setSelection(all);
            QCOMPARE(view->selection().models.size(), s.models.size() - first.size());
            for (int m : first) QVERIFY(std::find(view->selection().models.begin(), view->selection().models.end(), m) == view->selection().models.end());
            view->setSelection({});
        }
        const int hidden = first.front();
        QTest::mouseClick(view, Qt::LeftButton, {}, at(view, s.models[static_cast<size_t>(hidden)].position));
        QVERIFY(view->selection().models.empty() || view->selection().models.front() != hidden);
        // The unit ruling in the panel leaves the hidden Boyz out, names and reasons.
        {
            int seenBoy = -1;
            for (int t = 0; t < static_cast<int>(s.models.size()); ++t)
                if (s.models[t].side != side && std::find(first.begin(), first.end(), t) == first.end()) seenBoy = t;
            QVERIFY(seenBoy >= 0);
            view->setObserver(view->modelIndex(QStringLiteral("intercessor-1")));
            view->setTarget(seenBoy);
            view->setUnitMode(gui::BoardView::UnitMode::UnitVsUnit);
            QTRY_VERIFY_WITH_TIMEOUT(view->unitRuling().has_value() && !view->unitRulingPending(), kWorkMs);
            QTRY_VERIFY_WITH_TIMEOUT(w.rulingLabel()->text().contains(QString::fromStdString(s.labelOf(s.models[seenBoy].id))), 5000);
            for (int m : first)
                QVERIFY2(!w.rulingLabel()->text().contains(QString::fromStdString(s.labelOf(s.models[static_cast<size_t>(m)].id)) + QLatin1Char('<')) &&
                             !w.rulingLabel()->text().contains(QString::fromStdString(s.models[static_cast<size_t>(m)].id) + QLatin1Char('\'')),
                         s.models[static_cast<size_t>(m)].id.c_str());
            view->setUnitMode(gui::BoardView::UnitMode::Off);
            view->setTarget(-1);
            view->setObserver(-1);
        }
        // An Intercessor dragged out in the open and put down: what it sees from there.
        const int mover = view->modelIndex(QStringLiteral("intercessor-1"));
        const Vec2 from = s.models[static_cast<size_t>(mover)].position;
        QTest::mousePress(view, Qt::LeftButton, {}, at(view, from));
        QTest::mouseMove(view, at(view, from + Vec2{1, 0}));
        QTest::mouseMove(view, at(view, from + Vec2{3, -2}));
        QVERIFY(view->dragging());
        QCOMPARE(view->overlay().unseen, first);  // (nothing revealed along the way)
        QTest::mouseRelease(view, Qt::LeftButton, {}, at(view, from + Vec2{3, -2}));
        QTRY_VERIFY_WITH_TIMEOUT(!view->pointOfViewPending(), kWorkMs);
        QCOMPARE(view->overlay().unseen, expected());
        // Everyone: every model drawn.
        view->setPointOfView(QString());
        QVERIFY(view->overlay().unseen.empty());
        QVERIFY(view->unseenModels().empty());
    }

    void unitRulingFollowsAFloorMadeInTheInspector() {
        // Unit against unit across a wall: not seen. The wall made a floor 3" up in the
        // inspector: the lines pass under it, and the unit ruling says so (the table kept from
        // one step to the next is made afresh when a piece's bottom or openings change); undone,
        // not seen again; an opening 1" wide through the wall's middle, from the table to 4":
        // seen through it.
        Scenario s;
        s.board = {24, 20};
        s.terrain.push_back(testing::wall("wall", 11.5, 2, 12.5, 18, 5));  // (1" thick: Add opening goes through)
        s.models = {testing::infantry("a1", {5, 8}, "alpha"), testing::infantry("a2", {5, 12}, "alpha"),
                    testing::infantry("b1", {19, 8}, "beta"), testing::infantry("b2", {19, 12}, "beta")};
        for (Model& m : s.models) m.side = m.unit;
        QTemporaryDir dir;
        gui::MainWindow w;
        QVERIFY(openSaved(w, dir, s, QStringLiteral("wall.sightline.json")));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        gui::BoardView* view = w.board();
        view->setObserver(0);
        view->setTarget(2);
        view->setUnitMode(gui::BoardView::UnitMode::UnitVsUnit);
        auto ruled = [&](bool visible) {
            return !view->unitRulingPending() && view->unitRuling().has_value() && view->unitRuling()->visible == visible;
        };
        QTRY_VERIFY_WITH_TIMEOUT(ruled(false), kWorkMs);
        QTest::mouseClick(view, Qt::LeftButton, {}, at(view, {12, 15}));
        QCOMPARE(view->selection().terrain, std::vector<int>{0});
        auto* bottom = qobject_cast<QLineEdit*>(w.inspector()->field(QStringLiteral("terrain.bottom")));
        QVERIFY(bottom);
        bottom->setText(QStringLiteral("3"));
        emit bottom->editingFinished();
        QCOMPARE(w.document()->scenario().terrain[0].bottom, 3.0);
        QTRY_VERIFY_WITH_TIMEOUT(ruled(true), kWorkMs);
        w.document()->undoStack()->undo();
        QCOMPARE(w.document()->scenario().terrain[0].bottom, 0.0);
        QTRY_VERIFY_WITH_TIMEOUT(ruled(false), kWorkMs);
        auto* openings = qobject_cast<QLineEdit*>(w.inspector()->field(QStringLiteral("terrain.openings")));
        auto* add = qobject_cast<QPushButton*>(w.inspector()->field(QStringLiteral("terrain.add-opening")));
        QVERIFY(openings && add);
        add->click();
        QCOMPARE(w.document()->scenario().terrain[0].openings.size(), size_t(1));
        openings->setText(QStringLiteral("0-4"));
        emit openings->editingFinished();
        QCOMPARE(w.document()->scenario().terrain[0].openings[0].to, 4.0);
        QVERIFY2(w.document()->scenario().terrain[0].openings[0].polygon.size() >= 3, "an opening across the wall");
        QTRY_VERIFY_WITH_TIMEOUT(ruled(true), kWorkMs);
    }

    void sideViewFollowsThePair() {
        // Sight > Side View: the section along the pair's sight line, for the pair on the
        // board: seen, along its witness, with the clearance over what it passes; not seen,
        // along the least blocked line, with what it runs into. It follows the pair.
        Scenario s;
        s.board = {20, 20};
        s.terrain.push_back(testing::wall("low wall", 4, 0, 5, 8, 1.5));
        s.terrain.back().name = "Low wall";
        s.terrain.push_back(testing::wall("high wall", 4, 8, 5, 20, 4));
        s.models = {testing::infantry("a", {0, 6}), testing::infantry("b", {10, 6}), testing::infantry("c", {10, 17})};
        QTemporaryDir dir;
        gui::MainWindow w;
        QVERIFY(openSaved(w, dir, s, QStringLiteral("walls.sightline.json")));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        gui::SideViewWidget* side = w.sideView();
        QVERIFY(side);
        QVERIFY(!side->isVisible());
        trigger(w, "sight-side-view");
        QTRY_VERIFY(side->isVisible());
        QVERIFY(!side->view());
        QVERIFY(side->caption().contains(QStringLiteral("Pick an observer and a target")));
        gui::BoardView* view = w.board();
        view->setObserver(0);
        view->setTarget(1);
        QTRY_VERIFY(view->ruling().has_value() && side->view().has_value());
        QVERIFY(view->ruling()->visible);
        QVERIFY(side->view()->witness);
        QCOMPARE(side->view()->pieces.size(), size_t(1));
        QCOMPARE(side->view()->pieces[0].id, std::string("low wall"));
        QVERIFY2(side->caption().contains(QStringLiteral("passes 0.25\" over Low wall (its top 1.50\")")), qPrintable(side->caption()));
        // Another target, behind the high wall: not seen; the line drawn runs into it.
        view->setTarget(2);
        QTRY_VERIFY(side->view().has_value() && !side->view()->witness);
        QVERIFY(!view->ruling()->visible);
        QVERIFY(side->view()->closest >= 0);
        QCOMPARE(side->view()->pieces[static_cast<size_t>(side->view()->closest)].id, std::string("high wall"));
        QVERIFY2(side->caption().contains(QStringLiteral("into high wall (its top 4.00\")")), qPrintable(side->caption()));
        const QImage drawn = side->grab().toImage();
        QVERIFY(!drawn.isNull() && drawn.width() > 100);
    }

    void shadingWhatTheSideCannotSee() {
        // Fog of War > Shade What the Side Cannot See: the Analysis dock's vision map of every
        // model of the side shown in Point of View, for a point of the height asked on every
        // inch: a cell is hidden exactly when no model of the side sees a point model there
        // (checked against the pair rulings). Without a side chosen it says so.
        Scenario s = testing::fogTable();
        s.models.push_back(s.models[0]);  // a second blue model, north of the wall too
        s.models.back().id = s.models.back().name = "sentry";
        s.models.back().unit = "sentry";
        s.models.back().position = {50, 5};
        QTemporaryDir dir;
        gui::MainWindow w;
        QVERIFY(openSaved(w, dir, s, QStringLiteral("fog.sightline.json")));
        ScriptedPrompts* prompts = scripted(w);
        trigger(w, "fog-shade");
        QVERIFY(prompts->askedFor(QStringLiteral("information: Shade What the Side Cannot See")));
        QVERIFY(!prompts->askedFor(QStringLiteral("number:")));
        QVERIFY(!w.analysis()->computing());
        w.board()->setPointOfView(QStringLiteral("blue"));
        prompts->numbers << 1.0;
        trigger(w, "fog-shade");
        QVERIFY(prompts->askedFor(QStringLiteral("number: Shade What the Side Cannot See")));
        QTRY_VERIFY_WITH_TIMEOUT(w.analysis()->map().has_value() && !w.analysis()->computing(), kWorkMs);
        const analysis::VisionMap& map = *w.analysis()->map();
        QCOMPARE(map.observers, (std::vector<int>{0, 3}));  // the scout and the sentry
        QCOMPARE(map.probe.base.length_mm, 1.0);
        QCOMPARE(map.probe.height, 1.0);
        QCOMPARE(map.grid.spacing, 1.0);
        QVERIFY(w.analysis()->veil());
        QVERIFY(w.analysis()->summary().contains(QStringLiteral("What side blue cannot see")));
        QVERIFY(w.board()->mapLayer() && w.board()->mapLayer()->cells.size() == map.cells.size());
        for (size_t k = 0; k < map.cells.size(); ++k)  // dark where no model of blue sees, clear where one does
            if (!map.cells[k].undecided) QCOMPARE(w.board()->mapLayer()->cells[k] == render::kMapUnseen, map.cells[k].verdict == analysis::Verdict::Hidden);
        int hidden = 0, seen = 0;
        for (int row = 0; row < map.grid.rows; ++row)
            for (int col = 0; col < map.grid.cols; ++col) {
                const analysis::Cell& c = map.at(col, row);
                if (c.verdict == analysis::Verdict::Overlap || c.undecided || (row * map.grid.cols + col) % 37) continue;
                Scenario t = tableKnownTo(w.document()->scenario(), "blue");  // (the lurker, unseen, is not there)
                t.models.push_back(analysis::probeModel(map.probe, map.grid.centre(col, row)));
                const Scene scene(t);
                const Rulings rulings(scene);
                const int probe = static_cast<int>(t.models.size()) - 1;
                bool sees = false;
                for (int o : map.observers)  // (the map's observers are the window's table's models)
                    sees = sees || rulings.evaluate(scene.modelIndex(w.document()->scenario().models[o].id), probe, Method::Exact,
                                                    Detail::Decisions).visible;
                QCOMPARE(c.verdict != analysis::Verdict::Hidden, sees);
                (sees ? seen : hidden) += 1;
            }
        // The lurker, which blue does not see, leaves no mark: its place is veiled like the rest
        // (a cell it stands on is not "no place to stand"), and hovering there does not name it.
        QCOMPARE(map.at(30, 30).verdict, analysis::Verdict::Hidden);
        QVERIFY(w.board()->mapLayer()->cells[static_cast<size_t>(30 * map.grid.cols + 30)] == render::kMapUnseen);
        w.analysis()->explainAt({30.5, 30.5});
        QTRY_VERIFY(!w.analysis()->explanation().isEmpty());
        QVERIFY2(!w.analysis()->explanation().contains(QStringLiteral("lurker")), qPrintable(w.analysis()->explanation()));
        QVERIFY2(hidden > 5 && seen > 5, qPrintable(QStringLiteral("hidden %1 seen %2 cells %3").arg(hidden).arg(seen).arg(map.cells.size())));
        // Another point of view: the veil drawn for blue goes (it would show red where blue stands).
        w.board()->setPointOfView(QStringLiteral("red"));
        QTRY_VERIFY(!w.board()->mapLayer().has_value());
        QVERIFY(!w.analysis()->veil());
    }

    void fogOfWarTurnsOnTheTable() {
        // Fog of War > End Turn records what each side sees (one undo step); in a side's point
        // of view an enemy seen before and now out of sight is a ghost where it was; the Turn
        // History replays each turn from either side; the game is saved with the file.
        Scenario s = testing::fogTable();
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("fog.sightline.json"));
        gui::MainWindow w;
        QVERIFY(openSaved(w, dir, s, QStringLiteral("fog.sightline.json")));
        gui::BoardView* view = w.board();
        view->setPointOfView(QStringLiteral("blue"));
        QTRY_VERIFY_WITH_TIMEOUT(!view->pointOfViewPending(), kWorkMs);
        QCOMPARE(view->overlay().unseen, std::vector<int>{2});  // the lurker, behind the wall
        // Turn 1 ends: blue saw the raider.
        QVERIFY(w.endFogTurn());
        QTRY_VERIFY_WITH_TIMEOUT(w.document()->scenario().fog.has_value(), kWorkMs);
        QCOMPARE(w.document()->scenario().fog->turn, 2);
        QCOMPARE(w.document()->scenario().fog->history[0].seen.at("blue"), std::vector<std::string>{"raider"});
        // The scout goes behind the wall: the raider is a ghost where it was seen.
        w.document()->edit(QStringLiteral("Move"), [](Scenario& t) { t.models[0].position = {5, 40}; });
        QTRY_VERIFY_WITH_TIMEOUT(!view->pointOfViewPending(), kWorkMs);
        QCOMPARE(view->overlay().unseen, std::vector<int>{1});  // (the lurker is seen now, south of the wall)
        QCOMPARE(view->overlay().ghosts.size(), size_t(1));
        QCOMPARE(view->overlay().ghosts[0].model.id, std::string("raider"));
        QCOMPARE(view->overlay().ghosts[0].model.position, (Vec2{30, 10}));
        QVERIFY(view->overlay().ghosts[0].label.contains(QStringLiteral("seen turn 1")));
        // The scout looks again at the place: the ghost goes at once, before any End Turn.
        w.document()->edit(QStringLiteral("Move"), [](Scenario& t) { t.models[0].position = {10, 8}; });
        QTRY_VERIFY_WITH_TIMEOUT(!view->pointOfViewPending(), kWorkMs);
        QVERIFY(view->overlay().ghosts.empty());
        w.document()->undoStack()->undo();
        QTRY_VERIFY_WITH_TIMEOUT(!view->pointOfViewPending(), kWorkMs);
        QCOMPARE(view->overlay().ghosts.size(), size_t(1));
        QVERIFY(w.endFogTurn());
        QTRY_COMPARE_WITH_TIMEOUT(w.document()->scenario().fog->turn, 3, kWorkMs);
        QTRY_VERIFY_WITH_TIMEOUT(!view->pointOfViewPending(), kWorkMs);
        QCOMPARE(view->overlay().ghosts.size(), size_t(1));
        // A memory shortened below its age (seen turn 1, turn 2 ended): the ghost goes at once;
        // lengthened again, it is back.
        w.document()->edit(QStringLiteral("Memory"), [](Scenario& t) { t.fog->memoryTurns = 0; });
        QTRY_VERIFY_WITH_TIMEOUT(!view->pointOfViewPending(), kWorkMs);
        QCOMPARE(view->overlay().ghosts.size(), size_t(0));
        w.document()->undoStack()->undo();
        QTRY_VERIFY_WITH_TIMEOUT(!view->pointOfViewPending(), kWorkMs);
        QCOMPARE(view->overlay().ghosts.size(), size_t(1));
        // The history, from blue: turn 1 the raider seen, turn 2 remembered (the lurker seen).
        gui::FogHistoryDialog* history = w.showFogHistory();
        history->sideBox()->setCurrentIndex(history->sideBox()->findData(QStringLiteral("blue")));
        history->turnSlider()->setValue(0);
        QCOMPARE(history->turnShown(), 1);
        QCOMPARE(history->drawnModels(), (std::vector<std::string>{"scout", "raider"}));
        QVERIFY(history->ghostModels().empty());
        history->turnSlider()->setValue(1);
        QCOMPARE(history->turnShown(), 2);
        QCOMPARE(history->drawnModels(), (std::vector<std::string>{"scout", "lurker"}));
        QCOMPARE(history->ghostModels(), std::vector<std::string>{"raider"});
        QVERIFY2(history->caption().contains(QStringLiteral("1 of 2 enemy models seen, 1 remembered")), qPrintable(history->caption()));
        history->sideBox()->setCurrentIndex(0);  // everyone
        QCOMPARE(history->drawnModels().size(), size_t(3));
        history->close();
        // Saved with the file, read back; and End Turn is undone as one step.
        QVERIFY(w.saveTo(file));
        const io::ReadResult back = io::readScenarioFile(file);
        QVERIFY(back.scenario && back.scenario->fog);
        QCOMPARE(back.scenario->fog->history.size(), size_t(2));
        w.document()->undoStack()->undo();
        QCOMPARE(w.document()->scenario().fog->turn, 2);
    }

    void allEnemiesWhileDraggingIsQuickThenFull() {
        // Observer against all enemies follows a drag with quick proofs (a few milliseconds a
        // step, on the GUI thread): an enemy they leave is drawn and listed as being worked
        // out, never as not seen, and is decided in full, off the GUI thread, when the model
        // is held still or put down. (No time at all for the quick proofs of a drag step
        // here: what they leave is certain.)
        gui::MainWindow w;
        QVERIFY(w.openFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/wh40k-11e/12-official-layout-units.sightline.json"), true));
        gui::BoardView* view = w.board();
        view->setDragStepTimes(std::chrono::milliseconds(0), std::chrono::milliseconds(0));
        const int observer = view->modelIndex(QStringLiteral("intercessor-3"));
        view->setObserver(observer);
        view->setAllEnemies(true);
        auto fresh = [&] {
            const Scene scene(w.document()->scenario());
            return render::enemiesOverlay(scene, observer).enemies;
        };
        QTRY_VERIFY_WITH_TIMEOUT(view->overlay().enemiesOpen.empty() && !view->enemiesPending(), 5000);  // (not dragging: full proofs)
        QCOMPARE(view->overlay().enemies, fresh());
        const Vec2 from = w.document()->scenario().models[observer].position;
        QTest::mousePress(view, Qt::LeftButton, {}, at(view, from));
        QTest::mouseMove(view, at(view, from + Vec2{2, -1}));  // (past the drag distance)
        QVERIFY(view->dragging());
        QVERIFY(w.document()->scenario().models[observer].position.x > from.x);  // it is being dragged
        QVERIFY(!view->overlay().enemiesOpen.empty());
        // The panel follows at once (the rings and the list say the same), and counts every
        // enemy, those being worked out too.
        QVERIFY(w.rulingLabel()->text().contains(QStringLiteral("Being worked out")));
        QVERIFY2(w.rulingLabel()->text().contains(QStringLiteral(" of 10 (%1 being worked out)").arg(view->overlay().enemiesOpen.size())),
                 qPrintable(w.rulingLabel()->text()));
        // Every enemy decided is decided as the full proofs decide it.
        {
            const auto full = fresh();
            const auto& open = view->overlay().enemiesOpen;
            for (size_t k = 0; k < full.size(); ++k)
                if (std::find(open.begin(), open.end(), full[k].first) == open.end()) QCOMPARE(view->overlay().enemies[k], full[k]);
        }
        // Held still: decided in full.
        QTRY_VERIFY_WITH_TIMEOUT(view->overlay().enemiesOpen.empty(), 5000);
        QVERIFY(view->dragging());
        QCOMPARE(view->overlay().enemies, fresh());
        QTRY_VERIFY_WITH_TIMEOUT(!w.rulingLabel()->text().contains(QStringLiteral("Being worked out")), 2000);
        // Moved again, then put down: decided in full at once.
        QTest::mouseMove(view, at(view, from + Vec2{2.9, -1.45}));
        QVERIFY(!view->overlay().enemiesOpen.empty());
        QTest::mouseRelease(view, Qt::LeftButton, {}, at(view, from + Vec2{2.9, -1.45}));
        QVERIFY(view->enemiesPending());  // (its worker started at once)
        QTRY_VERIFY_WITH_TIMEOUT(view->overlay().enemiesOpen.empty(), 5000);
        QCOMPARE(view->overlay().enemies, fresh());
    }

    // On a large table (the stress table: 1,000 models, 500 pieces; seconds of proofs for
    // one observer against its 500 enemies) choosing an observer returns at once: the
    // quick proofs take their few milliseconds on the GUI thread, the rest is worked out by
    // a worker while the window answers input; an edit meanwhile drops the answer being
    // worked out, and the next one is the full answer for the table as it is then.
    void allEnemiesOnALargeTableNeverHoldTheWindow() {
        gui::MainWindow w;
        QTemporaryDir dir;
        QVERIFY(openSaved(w, dir, testing::stressTable(1), QStringLiteral("stress.sightline.json")));
        gui::BoardView* view = w.board();
        view->setObserver(0);
        view->setAllEnemies(true);
        // Back already, with the full proofs left to the worker (before, they ran here).
        QVERIFY(view->enemiesPending());
        QVERIFY(!view->overlay().enemiesOpen.empty());
        QVERIFY2(w.rulingLabel()->text().contains(QStringLiteral("being decided in the background")), qPrintable(w.rulingLabel()->text()));
        // The window answers meanwhile: an edit (a model moved) while it is worked out.
        const Vec2 before = w.document()->scenario().models[5].position;
        w.document()->edit(QStringLiteral("Move"), [&](Scenario& s) { s.models[5].position = before + Vec2{0.5, 0}; });
        QTRY_VERIFY_WITH_TIMEOUT(!view->enemiesPending(), kWorkMs);
        QVERIFY(view->overlay().enemiesOpen.empty());
        const Scene scene(w.document()->scenario());
        QCOMPARE(view->overlay().enemies, render::enemiesOverlay(scene, 0).enemies);
    }

    // File > Export Ruling Sheet rules the units and writes the sheet off the GUI thread:
    // the window is still busy with it when the action returns, and says when it is done.
    void rulingSheetExport() {
        QTemporaryDir dir;
        gui::MainWindow w;
        ScriptedPrompts* prompts = scripted(w);
        QVERIFY(w.openFile(kDemo, true));
        gui::BoardView* view = w.board();
        trigger(w, "file-export-ruling-sheet");  // no pair picked: says what to do
        QVERIFY(prompts->askedFor(QStringLiteral("information: Export ruling sheet")));
        QVERIFY(!w.writingRulingSheet());
        view->setObserver(view->modelIndex(QStringLiteral("b-int-2")));
        view->setTarget(view->modelIndex(QStringLiteral("r-boy-5")));
        const QString pdf = dir.filePath(QStringLiteral("sheet.pdf"));
        prompts->saveNames << pdf;
        QSignalSpy done(&w, &gui::MainWindow::rulingSheetDone);
        trigger(w, "file-export-ruling-sheet");
        QVERIFY(w.writingRulingSheet());
        QVERIFY(!w.exportRulingSheetTo(dir.filePath(QStringLiteral("again.pdf"))));  // one at a time
        QVERIFY(done.wait(kWorkMs));
        QCOMPARE(done.first().at(0).toString(), pdf);
        QCOMPARE(done.first().at(1).toString(), QString());
        QVERIFY(!w.writingRulingSheet());
        QVERIFY(contents(pdf).startsWith("%PDF-"));
        // The pair picked is the pair in dispute: the sheet ends with its side view.
        if (const QString tool = QStandardPaths::findExecutable(QStringLiteral("pdftotext")); !tool.isEmpty()) {
            QProcess text;
            text.start(tool, {QStringLiteral("-layout"), pdf, QStringLiteral("-")});
            QVERIFY(text.waitForFinished(60000));
            const QString all = QString::fromUtf8(text.readAllStandardOutput()).simplified();
            QVERIFY2(all.contains(QStringLiteral("Side view: attacker")) && all.contains(QStringLiteral("the pair in dispute")),
                     qPrintable(all.right(600)));
            QVERIFY(all.contains(QStringLiteral("(Intercessor 2) to target")));
        }
        // A file that cannot be written: a warning, after the work.
        QTest::ignoreMessage(QtWarningMsg, "QPainter::begin(): Returned false");
        QVERIFY(w.exportRulingSheetTo(dir.filePath(QStringLiteral("no/such/folder/sheet.pdf"))));
        QVERIFY(done.wait(kWorkMs));
        QVERIFY(!done.last().at(1).toString().isEmpty());
        QVERIFY(prompts->askedFor(QStringLiteral("warning: Cannot export")));
    }

    void addUnitFromCatalog() {
        gui::MainWindow w;
        QVERIFY(w.openFile(kDemo, true));
        const size_t before = w.document()->scenario().models.size();
        gui::CatalogDialog dialog(&w);
        QTest::keyClicks(dialog.searchBox(), QStringLiteral("intercessor squad"));
        QVERIFY(dialog.results()->count() >= 1);
        const auto items = dialog.results()->findItems(QStringLiteral("Intercessor Squad — "), Qt::MatchStartsWith);
        QCOMPARE(items.size(), 1);
        dialog.results()->setCurrentItem(items.front());
        dialog.countBox()->setValue(7);
        QVERIFY(w.addUnitFromCatalog(&dialog));
        const Scenario& s = w.document()->scenario();
        QCOMPARE(s.models.size(), before + 7);
        for (size_t i = before; i < s.models.size(); ++i) {
            QCOMPARE(s.models[i].base.length_mm, 32.0);
            QCOMPARE(s.models[i].unit, s.models[before].unit);
            QCOMPARE(s.models[i].keywords, std::vector<std::string>{"INFANTRY"});  // for the rulings
            for (size_t j = before; j < i; ++j)  // a tidy block: no two bases overlap
                QVERIFY(std::hypot(s.models[i].position.x - s.models[j].position.x,
                                   s.models[i].position.y - s.models[j].position.y) > 32 / 25.4);
        }
        QCOMPARE(w.board()->selection().models.size(), size_t(7));
        QVERIFY(edits::problemsOf(s).isEmpty());
        // (The table's middle holds the central ruin's walls: the block stands clear of them.)
        QVERIFY(edits::overlaps(s).empty());
        QCOMPARE(w.statusBar()->currentMessage(),
                 QStringLiteral("Added 7 models of Intercessor Squad on 32 mm bases, at the nearest ground clear of the pieces and models there"));
        w.document()->undoStack()->undo();  // one step
        QCOMPARE(w.document()->scenario().models.size(), before);
        // One model: said as one.
        dialog.countBox()->setValue(1);
        QVERIFY(w.addUnitFromCatalog(&dialog));
        QCOMPARE(w.document()->scenario().models.size(), before + 1);
        QCOMPARE(w.statusBar()->currentMessage(), QStringLiteral("Added 1 model of Intercessor Squad on a 32 mm base"));
    }

    void newFromOfficialLayout() {
        gui::MainWindow w;
        gui::LayoutDialog dialog(&w);
        QCOMPARE(dialog.list()->count(), 46);  // every shipped layout is built in and reads
        QTest::keyClicks(dialog.searchBox(), QStringLiteral("colosseum"));
        QCOMPARE(dialog.list()->count(), 1);
        QVERIFY(!dialog.preview()->pixmap().isNull());
        QVERIFY(w.newFromLayout(&dialog));
        QCOMPARE(w.document()->scenario().board.width, 36.0);
        QCOMPARE(w.document()->scenario().ruleset.name, std::string("wh40k-11e"));
        QVERIFY(w.document()->filePath().isEmpty());  // untitled: saving asks where
        QVERIFY(!w.document()->isModified());
        QVERIFY(!w.document()->scenario().terrain.empty());
    }

    void autosaveIsOfferedBack() {
        Scenario edited;
        {
            gui::MainWindow w;
            QVERIFY(w.openFile(kDemo, true));
            w.document()->edit(QStringLiteral("Move"), [](Scenario& s) { s.models[0].position = {21, 21}; });
            w.autosaveNow();
            QVERIFY(gui::MainWindow::hasAutosave());
            edited = w.document()->scenario();
            // The window goes away without closing, as in a crash.
        }
        gui::MainWindow again;
        QVERIFY(again.offerRecovery(false));
        QCOMPARE(io::writeScenario(again.document()->scenario()), io::writeScenario(edited));
        QVERIFY(again.document()->isModified());
        QCOMPARE(again.document()->filePath(), kDemo);
        // A second crash while the work recovered is not yet saved: it is offered again, whole.
        {
            gui::MainWindow crashing;
            QVERIFY(crashing.offerRecovery(false));
        }
        QVERIFY(gui::MainWindow::hasAutosave());
        QVERIFY(again.offerRecovery(false));
        QCOMPARE(io::writeScenario(again.document()->scenario()), io::writeScenario(edited));
        // A place that cannot be written (a read-only file system, whoever runs the tests):
        // said, nothing lost: the table stays modified, its file and the autosave as they were.
        ScriptedPrompts* prompts = scripted(again);
        QVERIFY(!again.saveTo(QStringLiteral("/proc/sightline-cannot-write-here.sightline.json")));
        QVERIFY(prompts->askedFor(QStringLiteral("warning: Cannot save: The table was not saved.")));
        QVERIFY(prompts->askedFor(QStringLiteral("warning: Cannot save: The table was not saved.\n\n/proc/sightline-cannot-write-here")));
        QVERIFY(again.document()->isModified());
        QCOMPARE(again.document()->filePath(), kDemo);
        QVERIFY(gui::MainWindow::hasAutosave());
        // Saving it ends the autosave.
        QTemporaryDir dir;
        QVERIFY(again.saveTo(dir.filePath(QStringLiteral("kept.sightline.json"))));
        QVERIFY(!gui::MainWindow::hasAutosave());
    }

    void undecidedPairSaysSo() {
        // A row of equal bases: neither "visible" nor "not visible" is proven, and the panel
        // says so in its own colour rather than in the red of "not visible".
        gui::MainWindow w;
        w.resize(1200, 800);
        QVERIFY(w.openFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/regression/28-row-of-equal-bases.sightline.json"), true));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        gui::BoardView* view = w.board();
        const Scenario& s = w.document()->scenario();
        QTest::mouseClick(view, Qt::LeftButton, {}, at(view, s.models[view->modelIndex(QStringLiteral("A1"))].position));
        QTest::mouseClick(view, Qt::LeftButton, Qt::ShiftModifier, at(view, s.models[view->modelIndex(QStringLiteral("B1"))].position));
        QVERIFY(view->ruling().has_value());
        QVERIFY(view->ruling()->undecided);
        const QString text = w.rulingLabel()->text();
        QVERIFY2(text.contains(QStringLiteral("<b>Undecided</b>")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("Not visible")), qPrintable(text));
    }

    void pickObserverAndTargetByClicking() {
        gui::MainWindow w;
        QVERIFY(showDemo(w));
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
        QVERIFY(showDemo(w));
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

    // The pair workflow: a drag moves, a click picks. Dragging the pinned target behind a
    // ruin keeps the observer and the target, and the ruling follows the move.
    void draggingKeepsTheObserverAndTarget() {
        gui::MainWindow w;
        QVERIFY(showDemo(w));
        gui::BoardView* view = w.board();
        const Scenario& s = w.document()->scenario();
        const int observer = view->modelIndex(QStringLiteral("b-int-1"));
        const int target = view->modelIndex(QStringLiteral("r-grot"));
        QTest::mouseClick(view, Qt::LeftButton, {}, at(view, s.models[observer].position));
        QCOMPARE(view->observer(), observer);
        QTest::mouseClick(view, Qt::LeftButton, Qt::ShiftModifier, at(view, s.models[target].position));
        QCOMPARE(view->target(), target);
        QVERIFY(view->ruling()->visible);
        // Drag the target behind the south-east ruin (its 5" wall runs x 47-48, y 28-36).
        const Vec2 from = s.models[target].position;
        const Vec2 to{50, 31};
        QTest::mousePress(view, Qt::LeftButton, {}, at(view, from));
        for (int i = 1; i <= 8; ++i) QTest::mouseMove(view, at(view, from + (to - from) * (i / 8.0)));
        QTest::mouseRelease(view, Qt::LeftButton, {}, at(view, to));
        QCOMPARE(view->observer(), observer);
        QCOMPARE(view->target(), target);
        QVERIFY(std::hypot(s.models[target].position.x - to.x, s.models[target].position.y - to.y) < 0.2);
        QCOMPARE(view->ruling()->target, std::string("r-grot"));
        QVERIFY(!view->ruling()->visible);  // the ruling followed the target behind the ruin
        // A click without moving still picks the observer.
        const int other = view->modelIndex(QStringLiteral("b-int-2"));
        QTest::mouseClick(view, Qt::LeftButton, {}, at(view, s.models[other].position));
        QCOMPARE(view->observer(), other);
        QCOMPARE(w.document()->undoStack()->count(), 1);  // the click moved nothing
    }

    // Hovering an enemy previews it while a target is pinned; leaving it brings the pinned
    // pair back; the status bar says how to unpin.
    void hoverPreviewsWhileATargetIsPinned() {
        gui::MainWindow w;
        QVERIFY(showDemo(w));
        gui::BoardView* view = w.board();
        const Scenario& s = w.document()->scenario();
        view->setObserver(view->modelIndex(QStringLiteral("b-int-1")));
        QTest::mouseClick(view, Qt::RightButton, {}, at(view, s.models[view->modelIndex(QStringLiteral("r-nob"))].position));
        QVERIFY2(w.statusBar()->currentMessage().contains(QStringLiteral("Esc")), qPrintable(w.statusBar()->currentMessage()));
        QCOMPARE(view->ruling()->target, std::string("r-nob"));
        QTest::mouseMove(view, at(view, s.models[view->modelIndex(QStringLiteral("r-grot"))].position));
        QCOMPARE(view->ruling()->target, std::string("r-grot"));
        QCOMPARE(view->overlay().target, view->modelIndex(QStringLiteral("r-grot")));
        QTest::mouseMove(view, at(view, {30, 3}));  // the empty table
        QCOMPARE(view->ruling()->target, std::string("r-nob"));
        QCOMPARE(view->target(), view->modelIndex(QStringLiteral("r-nob")));
        QTest::keyClick(view, Qt::Key_Escape);
        QCOMPARE(view->target(), -1);
    }

    // Observer against all enemies: every model keeps its side's colour; seen and unseen
    // get a ring; the panel names both lists.
    void allEnemiesKeepsSideColoursAndNamesThem() {
        gui::MainWindow w;
        QVERIFY(showDemo(w));
        gui::BoardView* view = w.board();
        const Scenario& s = w.document()->scenario();
        view->setObserver(view->modelIndex(QStringLiteral("b-int-1")));
        trigger(w, "mode-all-enemies");
        QVERIFY(view->allEnemies());
        const int grot = view->modelIndex(QStringLiteral("r-grot")), nob = view->modelIndex(QStringLiteral("r-nob"));
        bool grotSeen = false, nobSeen = true;
        for (const auto& [t, visible] : view->overlay().enemies) {
            if (t == grot) grotSeen = visible;
            if (t == nob) nobSeen = visible;
        }
        QVERIFY(grotSeen && !nobSeen);
        QImage image(view->size(), QImage::Format_ARGB32);
        view->render(&image);
        for (int m : {grot, nob}) {
            // Inside the base, clear of its label: the red side's colour, not recoloured.
            const QColor inside = image.pixelColor(at(view, s.models[m].position + Vec2{0, halfLengthIn(s.models[m].base) * 0.6}));
            QVERIFY2(inside.red() > 180 && inside.green() < 90, qPrintable(inside.name()));
        }
        // Just outside the grot's base, past the white gap: its green ring.
        const double r = halfLengthIn(s.models[grot].base);
        const QPoint ring = at(view, s.models[grot].position + Vec2{r, 0}) + QPoint(6, 0);
        QVERIFY2(image.pixelColor(ring).green() > 130 && image.pixelColor(ring).red() < 90, qPrintable(image.pixelColor(ring).name()));
        const QString panel = w.rulingLabel()->text();
        QVERIFY(panel.indexOf(QStringLiteral("Seen")) < panel.indexOf(QStringLiteral("r-grot")));
        QVERIFY(panel.indexOf(QStringLiteral("Not seen")) < panel.indexOf(QStringLiteral("r-nob")));
    }

    // `center` shows its own line: the centre line, green when open, red when blocked.
    void centerShowsTheCentreLine() {
        gui::MainWindow w;
        QVERIFY(w.openFile(kDemo, true));
        gui::BoardView* view = w.board();
        const Scenario& s = w.document()->scenario();
        view->setMethod(Method::Center);
        view->setObserver(view->modelIndex(QStringLiteral("b-int-2")));
        view->setTarget(view->modelIndex(QStringLiteral("r-nob")));
        QVERIFY(!view->ruling()->visible);
        QCOMPARE(view->overlay().blocked.size(), size_t(1));
        QCOMPARE(view->overlay().blocked[0].from, s.models[view->observer()].position);
        QCOMPARE(view->overlay().blocked[0].to, s.models[view->target()].position);
        view->setTarget(view->modelIndex(QStringLiteral("r-grot")));
        view->setObserver(view->modelIndex(QStringLiteral("b-int-1")));
        view->setTarget(view->modelIndex(QStringLiteral("r-grot")));
        QVERIFY(view->ruling()->visible);
        QCOMPARE(view->ruling()->witness->a, s.models[view->observer()].position);
        QCOMPARE(view->ruling()->witness->b, s.models[view->target()].position);
    }

    void redoAnswersCtrlY() {
        gui::MainWindow w;
        QVERIFY(showDemo(w));
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        w.document()->edit(QStringLiteral("Move"), [](Scenario& sc) { sc.models[0].position = {20, 20}; });
        w.document()->undoStack()->undo();
        QVERIFY(w.document()->scenario().models[0].position != (Vec2{20, 20}));
        QTest::keyClick(w.board(), Qt::Key_Y, Qt::ControlModifier);
        QCOMPARE(w.document()->scenario().models[0].position, (Vec2{20, 20}));
        w.document()->undoStack()->undo();
        QTest::keyClick(w.board(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(w.document()->scenario().models[0].position, (Vec2{20, 20}));
    }

    // The unit modes are left from the menu (Single Pair) or with Esc.
    void unitModesAreLeftByMenuAndEsc() {
        gui::MainWindow w;
        QVERIFY(showDemo(w));
        gui::BoardView* view = w.board();
        view->setObserver(view->modelIndex(QStringLiteral("b-int-2")));
        view->setTarget(view->modelIndex(QStringLiteral("r-boy-5")));
        trigger(w, "mode-unit-vs-unit");
        QCOMPARE(view->unitMode(), gui::BoardView::UnitMode::UnitVsUnit);
        trigger(w, "mode-pair");
        QCOMPARE(view->unitMode(), gui::BoardView::UnitMode::Off);
        QVERIFY(!view->allEnemies());
        trigger(w, "mode-observer-vs-unit");
        QCOMPARE(view->unitMode(), gui::BoardView::UnitMode::ObserverVsUnit);
        QTest::keyClick(view, Qt::Key_Escape);
        QCOMPARE(view->unitMode(), gui::BoardView::UnitMode::Off);
        QVERIFY(w.findChild<QAction*>(QStringLiteral("mode-pair"))->isChecked());
        QCOMPARE(view->target(), view->modelIndex(QStringLiteral("r-boy-5")));  // the pair stays
        trigger(w, "mode-all-enemies");
        QTest::keyClick(view, Qt::Key_Escape);
        QVERIFY(!view->allEnemies());
        QVERIFY(w.findChild<QAction*>(QStringLiteral("mode-pair"))->isChecked());
    }

    // The measuring tool (M): base to base between models, as the rules measure it, drawn
    // on the board and said in the status bar; from a base to a point; Esc clears it.
    void measuringBaseToBase() {
        gui::MainWindow w;
        QVERIFY(showDemo(w));
        gui::BoardView* view = w.board();
        const Scenario& s = w.document()->scenario();
        const Model& a = s.models[view->modelIndex(QStringLiteral("b-int-1"))];
        const Model& b = s.models[view->modelIndex(QStringLiteral("r-nob"))];
        QTest::keyClick(view, Qt::Key_M);
        QCOMPARE(view->tool(), gui::BoardView::Tool::Measure);
        QTest::mousePress(view, Qt::LeftButton, {}, at(view, a.position));
        QTest::mouseMove(view, at(view, {30, 25}));
        QVERIFY(view->measurement().has_value());
        QVERIFY(view->measurementText().contains(QStringLiteral("base edge to the point")));
        QTest::mouseMove(view, at(view, b.position));
        QTest::mouseRelease(view, Qt::LeftButton, {}, at(view, b.position));
        QVERIFY(view->measurement().has_value());
        const QString expected = QString::number(baseDistance(a, b), 'f', 2) + QLatin1Char('"');
        QCOMPARE(QString::fromStdString(view->measurement()->label), expected);
        QVERIFY(w.statusBar()->currentMessage().contains(QStringLiteral("b-int-1 to r-nob: ") + expected));
        QCOMPARE(view->overlay().measurements.size(), size_t(1));
        const render::Measurement m = *view->measurement();
        QVERIFY(std::abs(std::hypot(m.to.x - m.from.x, m.to.y - m.from.y) - baseDistance(a, b)) < 1e-6);
        // On a platform 3" up: the distance is measured in three dimensions.
        const int nobIndex = view->modelIndex(QStringLiteral("r-nob"));
        w.document()->edit(QStringLiteral("Up"), [nobIndex](Scenario& sc) { sc.models[nobIndex].elevation = 3; });
        const Model& nob = s.models[nobIndex];
        QTest::mousePress(view, Qt::LeftButton, {}, at(view, a.position));
        QTest::mouseMove(view, at(view, nob.position));
        QTest::mouseRelease(view, Qt::LeftButton, {}, at(view, nob.position));
        QVERIFY2(view->measurementText().contains(QStringLiteral("3.00\" up")), qPrintable(view->measurementText()));
        QVERIFY(QString::fromStdString(view->measurement()->label).startsWith(QString::number(baseDistance3d(a, nob), 'f', 2)));
        QTest::keyClick(view, Qt::Key_Escape);
        QVERIFY(!view->measurement().has_value());
        QTest::keyClick(view, Qt::Key_Escape);
        QCOMPARE(view->tool(), gui::BoardView::Tool::Select);
    }

    // Range rings on the selected model, at distances that can be set and are kept.
    void rangeRingsOnTheSelection() {
        gui::MainWindow w;
        ScriptedPrompts* prompts = scripted(w);
        QVERIFY(showDemo(w));
        gui::BoardView* view = w.board();
        const int model = view->modelIndex(QStringLiteral("b-captain"));
        view->setSelection({{model}, {}, {}});
        trigger(w, "view-range-rings");
        QCOMPARE(view->overlay().ringModels, std::vector<int>{model});
        QCOMPARE(view->overlay().ringRadii, (std::vector<double>{6, 12, 18, 24}));
        QString why;
        QVERIFY(!w.setRingRadii(QStringLiteral("6, twelve"), &why));
        QVERIFY(why.contains(QStringLiteral("twelve")));
        prompts->texts << QStringLiteral("3\", 9");
        trigger(w, "view-range-rings");  // off and on again: it is a toggle
        trigger(w, "view-range-rings");
        QAction* distances = nullptr;
        for (QAction* a : w.findChildren<QAction*>())
            if (a->text().contains(QStringLiteral("Range Ring &Distances"))) distances = a;
        QVERIFY(distances);
        distances->trigger();
        QCOMPARE(view->overlay().ringRadii, (std::vector<double>{3, 9}));
        gui::MainWindow again;  // kept between runs
        QCOMPARE(again.board()->ringRadii(), (std::vector<double>{3, 9}));
        // Drawn: the 9" ring crosses the row east of the captain 9" past its base's edge.
        const Model& captain = w.document()->scenario().models[model];
        QImage image(view->size(), QImage::Format_ARGB32);
        view->render(&image);
        const double edge = captain.position.x + halfLengthIn(captain.base) + 9;
        int light = 0;
        for (int dx = -2; dx <= 2; ++dx)
            light += image.pixelColor(at(view, {edge, captain.position.y}) + QPoint(dx, 0)).lightness() > 200;
        QVERIFY(light > 0);
        view->setSelection({});
        QVERIFY(view->overlay().ringModels.empty());
    }

    // Table set-up: the table's size (presets or custom, one undo step), zones drawn with a
    // side and objectives placed, both moved and edited in the inspector like terrain.
    void tableSizeZonesAndObjectives() {
        gui::MainWindow w;
        QVERIFY(showDemo(w));
        gui::BoardView* view = w.board();
        gui::TableSizeDialog dialog(60, 44);
        QCOMPARE(dialog.presets()->currentIndex(), 0);
        dialog.presets()->setCurrentIndex(1);
        emit dialog.presets()->activated(1);
        QCOMPARE(dialog.width(), 44.0);
        QCOMPARE(dialog.height(), 30.0);
        dialog.widthBox()->setValue(48);
        QCOMPARE(dialog.presets()->currentText(), QStringLiteral("Custom"));
        QVERIFY(w.setTableSize(44, 30));
        QCOMPARE(w.document()->scenario().board.width, 44.0);
        QVERIFY2(w.statusBar()->currentMessage().contains(QStringLiteral("past its edge")), qPrintable(w.statusBar()->currentMessage()));
        w.document()->undoStack()->undo();
        QCOMPARE(w.document()->scenario().board.width, 60.0);
        view->fitToWindow();
        // A deployment zone for the red side, dragged out with Z.
        w.sideBox()->setCurrentText(QStringLiteral("red"));
        const size_t zones = w.document()->scenario().zones.size();
        trigger(w, "tool-zone");
        QCOMPARE(view->tool(), gui::BoardView::Tool::ZoneRectangle);
        QTest::mousePress(view, Qt::LeftButton, {}, at(view, {40, 2}));
        QTest::mouseMove(view, at(view, {50, 8}));
        QTest::mouseRelease(view, Qt::LeftButton, {}, at(view, {50, 8}));
        QCOMPARE(w.document()->scenario().zones.size(), zones + 1);
        const Zone& z = w.document()->scenario().zones.back();
        QCOMPARE(z.kind, std::string("deployment"));
        QCOMPARE(z.side, std::string("red"));
        QCOMPARE(z.polygon.size(), size_t(4));
        QCOMPARE(view->selection().zones, std::vector<int>{static_cast<int>(zones)});
        // Its inspector: move it by its centre.
        auto* zx = qobject_cast<QLineEdit*>(w.inspector()->field(QStringLiteral("zone.x")));
        QVERIFY(std::abs(zx->text().toDouble() - 45) < 0.1);
        const Vec2 corner = w.document()->scenario().zones.back().polygon[0];
        const double centreX = edits::zoneCentre(w.document()->scenario().zones.back()).x;
        zx->setText(QStringLiteral("46"));
        emit zx->editingFinished();
        const Vec2 moved = w.document()->scenario().zones.back().polygon[0];
        QVERIFY(std::abs(edits::zoneCentre(w.document()->scenario().zones.back()).x - 46) < 1e-9);
        QVERIFY(std::abs(moved.y - corner.y) < 1e-12 && std::abs(moved.x - corner.x - (46 - centreX)) < 1e-9);
        // An objective (O): placed with a 3" radius, picked by its marker, dragged.
        trigger(w, "tool-objective");
        QTest::mouseClick(view, Qt::LeftButton, {}, at(view, {30, 10}));
        const Zone& obj = w.document()->scenario().zones.back();
        QCOMPARE(obj.kind, std::string("objective"));
        QCOMPARE(obj.radius, 3.0);
        QVERIFY(obj.id.rfind("obj-", 0) == 0);
        trigger(w, "tool-select");
        view->setSelection({});
        QTest::mousePress(view, Qt::LeftButton, {}, at(view, {30, 10}));
        for (int k = 1; k <= 4; ++k) QTest::mouseMove(view, at(view, {30.0 + k, 10}));
        QTest::mouseRelease(view, Qt::LeftButton, {}, at(view, {34, 10}));
        QVERIFY(std::abs(w.document()->scenario().zones.back().position->x - 34) < 0.1);
        auto* radius = qobject_cast<QLineEdit*>(w.inspector()->field(QStringLiteral("zone.radius")));
        radius->setText(QStringLiteral("6"));
        emit radius->editingFinished();
        QCOMPARE(w.document()->scenario().zones.back().radius, 6.0);
        // Both labelled on the board (the renderer places their ids).
        QImage image(view->size(), QImage::Format_ARGB32);
        view->render(&image);
        QVERIFY(!image.isNull());
        view->deleteSelected();
        QCOMPARE(w.document()->scenario().zones.size(), zones + 1);
    }

    // The inspector types in positions, notes a model that overlaps, hands the keys back to
    // the board on Enter, and forgets a refusal when the selection changes.
    void inspectorPositionsNotesAndFocus() {
        gui::MainWindow w;
        QVERIFY(showDemo(w));
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        gui::BoardView* view = w.board();
        const int model = view->modelIndex(QStringLiteral("b-captain"));
        view->setSelection({{model}, {}, {}});
        auto* x = qobject_cast<QLineEdit*>(w.inspector()->field(QStringLiteral("model.x")));
        auto* y = qobject_cast<QLineEdit*>(w.inspector()->field(QStringLiteral("model.y")));
        x->setFocus();
        x->selectAll();
        QTest::keyClicks(x, QStringLiteral("12.5"));
        QTest::keyClick(x, Qt::Key_Return);
        QCOMPARE(w.document()->scenario().models[model].position.x, 12.5);
        QVERIFY(view->hasFocus());  // Enter gave the board the keys again
        QTest::keyClick(view, Qt::Key_Right);  // so arrows nudge the model
        QVERIFY(std::abs(w.document()->scenario().models[model].position.x - 12.6) < 1e-9);
        y->setText(QStringLiteral("99"));
        emit y->editingFinished();
        QVERIFY(w.inspector()->message().contains(QStringLiteral("off the table")));
        view->setSelection({{view->modelIndex(QStringLiteral("b-tank"))}, {}, {}});
        QVERIFY(w.inspector()->message().isEmpty());
        // On top of the north-west ruin's wall: allowed, flagged on the board and noted.
        const int scout = view->modelIndex(QStringLiteral("b-scout"));
        int ruin = -1;
        for (int k = 0; k < static_cast<int>(w.document()->scenario().terrain.size()); ++k)
            if (w.document()->scenario().terrain[k].id == "container-n") ruin = k;
        QVERIFY(ruin >= 0);
        const Vec2 wall = edits::footprintCentre(w.document()->scenario().terrain[ruin].footprint);
        w.document()->edit(QStringLiteral("Move"), [scout, wall](Scenario& sc) { sc.models[scout].position = wall; });
        view->setSelection({{scout}, {}, {}});
        auto* note = w.inspector()->findChild<QLabel*>(QStringLiteral("inspector-note"));
        QVERIFY(note && note->isVisible());
        QVERIFY2(note->text().contains(QStringLiteral("container-n")), qPrintable(note->text()));
        QVERIFY(std::find(view->overlay().overlapping.begin(), view->overlay().overlapping.end(), scout) !=
                view->overlay().overlapping.end());
        view->setSelection({{view->modelIndex(QStringLiteral("b-tank"))}, {}, {}});
        QVERIFY(!note->isVisible());
    }

    // Readability: the legend, labels that can be switched off, every dock back from the
    // View menu, and an id hovered in the ruling panel pointed out on the board.
    void legendLabelsDocksAndPointingOut() {
        gui::MainWindow w;
        QVERIFY(showDemo(w));
        gui::BoardView* view = w.board();
        QAction* legend = w.findChild<QAction*>(QStringLiteral("view-dock-legend"));
        QVERIFY(legend);
        legend->trigger();
        QVERIFY(w.legend()->isVisible());
        const QStringList entries = w.legend()->entries();
        for (const char* e : {"side blue", "side red", "observer and target", "an open sight line",
                              "all enemies: not seen", "range ring (from the edge)"})
            QVERIFY2(entries.contains(QLatin1String(e)), e);
        for (const char* dock : {"view-dock-palette", "view-dock-ruling", "view-dock-inspector"}) {
            QAction* a = w.findChild<QAction*>(QLatin1String(dock));
            QVERIFY2(a, dock);
            a->trigger();  // closed
            QVERIFY(!a->isChecked());
            a->trigger();  // back
            QVERIFY(a->isChecked());
        }
        QAction* bar = w.findChild<QAction*>(QStringLiteral("view-tools-toolbar"));
        QVERIFY(bar && bar->isChecked());
        trigger(w, "view-labels");
        QVERIFY(!view->overlay().labels);
        trigger(w, "view-labels");
        QVERIFY(view->overlay().labels);
        // The ruling cites ruin-se: it is a link, and hovering it points the piece out.
        view->setObserver(view->modelIndex(QStringLiteral("b-int-1")));
        view->setTarget(view->modelIndex(QStringLiteral("r-nob")));
        // (by its label, the name drawn on the board)
        QVERIFY2(w.rulingLabel()->text().contains(QStringLiteral("<a href='id:ruin-se'>South-east ruin</a>")),
                 qPrintable(w.rulingLabel()->text()));
        emit w.rulingLabel()->linkHovered(QStringLiteral("id:ruin-se"));
        QCOMPARE(view->overlay().highlighted, std::vector<std::string>{"ruin-se"});
        emit w.rulingLabel()->linkHovered(QString());
        QVERIFY(view->overlay().highlighted.empty());
        emit w.rulingLabel()->linkActivated(QStringLiteral("id:ruin-se"));
        QCOMPARE(view->selection().terrain.size(), size_t(1));
    }

    // The catalog dialog: exact names first, Up and Down from the search box, the side
    // remembered, and the unit put where the cursor was.
    void catalogDialogAsAPlayerUsesIt() {
        gui::MainWindow w;
        QVERIFY(showDemo(w));
        {
            gui::CatalogDialog dialog(&w);
            QTest::keyClicks(dialog.searchBox(), QStringLiteral("intercessor squad"));
            QVERIFY(dialog.results()->item(0)->text().startsWith(QStringLiteral("Intercessor Squad — ")));
            QTest::keyClick(dialog.searchBox(), Qt::Key_Down);
            QCOMPARE(dialog.results()->currentRow(), 1);
            QTest::keyClick(dialog.searchBox(), Qt::Key_Up);
            QCOMPARE(dialog.results()->currentRow(), 0);
            dialog.sideBox()->setCurrentText(QStringLiteral("red"));
            dialog.accept();
        }
        gui::CatalogDialog again(&w);
        QCOMPARE(again.side(), QStringLiteral("red"));
        // The cursor over the table at (24, 30), clear ground: the block goes there.
        QCursor::setPos(w.board()->mapToGlobal(at(w.board(), {24, 30})));
        QVERIFY2(w.board()->mapFromGlobal(QCursor::pos()) == at(w.board(), {24, 30}), "the platform moves no cursor");
        {
            QTest::keyClicks(again.searchBox(), QStringLiteral("intercessor squad"));
            again.countBox()->setValue(1);
            QVERIFY(w.addUnitFromCatalog(&again));
            const Model& m = w.document()->scenario().models.back();
            QVERIFY(std::abs(m.position.x - 24) < 0.1 && std::abs(m.position.y - 30) < 0.1);
            QCOMPARE(m.side, std::string("red"));
        }
        // Opened with the cursor in a deployment zone, the dialog offers that zone's side
        // (whatever was chosen last), and the table's sides.
        for (const auto& [where, side] : {std::pair{Vec2{54, 20}, QStringLiteral("red")}, std::pair{Vec2{6, 20}, QStringLiteral("blue")}}) {
            QCursor::setPos(w.board()->mapToGlobal(at(w.board(), where)));
            QString offered;
            QStringList sides;
            QTimer::singleShot(0, &w, [&] {
                auto* dialog = qobject_cast<gui::CatalogDialog*>(QApplication::activeModalWidget());
                if (!dialog) return;
                offered = dialog->side();
                for (int i = 0; i < dialog->sideBox()->count(); ++i) sides << dialog->sideBox()->itemText(i);
                dialog->reject();
            });
            QVERIFY(!w.addUnitFromCatalog());
            QCOMPARE(offered, side);
            QCOMPARE(sides, (QStringList{QStringLiteral("blue"), QStringLiteral("red")}));
        }
        // Over the low wall at (20, 30): put beside it, as near as it stands clear, and said.
        QCursor::setPos(w.board()->mapToGlobal(at(w.board(), {20, 30})));
        {
            again.countBox()->setValue(1);
            QVERIFY(w.addUnitFromCatalog(&again));
            const Model& m = w.document()->scenario().models.back();
            QVERIFY2(std::hypot(m.position.x - 20, m.position.y - 30) < 1.2, qPrintable(QStringLiteral("%1, %2").arg(m.position.x).arg(m.position.y)));
            QVERIFY(edits::overlaps(w.document()->scenario()).empty());
            QVERIFY2(w.statusBar()->currentMessage().endsWith(QStringLiteral(", at the nearest ground clear of the pieces and models there")),
                     qPrintable(w.statusBar()->currentMessage()));
        }
    }

    // Help > User Guide (F1): the guide shipped inside the program, with its pictures.
    void userGuideOpensWithItsPictures() {
        gui::MainWindow w;
        QVERIFY(showDemo(w));
        QAction* help = w.findChild<QAction*>(QStringLiteral("help-guide"));
        QVERIFY(help);
        QVERIFY(help->shortcuts().contains(QKeySequence(QKeySequence::HelpContents)));
        help->trigger();
        auto* guide = w.findChild<gui::GuideDialog*>();
        QVERIFY(guide && guide->isVisible());
        const QString text = guide->browser()->toPlainText();
        for (const char* part : {"A shot: observer and target", "Measuring", "Setting up the table", "Keys"})
            QVERIFY2(text.contains(QLatin1String(part)), part);
        for (const char* picture : {"visible.png", "not-visible.png", "all-enemies.png", "measuring.png"}) {
            const QVariant image = guide->browser()->document()->resource(QTextDocument::ImageResource, QUrl(QLatin1String(picture)));
            QVERIFY2(image.isValid() && !image.value<QImage>().isNull(), picture);
        }
    }

    // A selected area of an official layout (346 points) shows a few handles, not a band;
    // a rectangle keeps all four; zooming in shows more.
    void denseOutlinesGetAFewHandles() {
        gui::MainWindow w;
        w.resize(1200, 800);
        QVERIFY(w.openFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/layouts/11e/bm-assets-vs-assets-01.sightline.json"), true));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        gui::BoardView* view = w.board();
        const Scenario& s = w.document()->scenario();
        int area = -1, rect = -1;
        for (int i = 0; i < static_cast<int>(s.terrain.size()); ++i) {
            if (s.terrain[i].id == "area-05") area = i;
            if (rect < 0 && s.terrain[i].footprint.outer.size() == 4) rect = i;
        }
        QVERIFY(area >= 0 && rect >= 0);
        const Ring& ring = s.terrain[area].footprint.outer;
        QCOMPARE(ring.size(), size_t(346));
        const size_t fitted = view->handleVertices(ring).size();
        QVERIFY2(fitted >= 4 && fitted <= 40, qPrintable(QString::number(fitted)));
        QCOMPARE(view->handleVertices(s.terrain[rect].footprint.outer).size(), size_t(4));
        // Handles are at least 18 pixels apart.
        const std::vector<int> shown = view->handleVertices(ring);
        for (size_t k = 1; k < shown.size(); ++k) {
            const QPointF a = view->toWidget(QPointF(ring[shown[k - 1]].x, ring[shown[k - 1]].y));
            const QPointF b = view->toWidget(QPointF(ring[shown[k]].x, ring[shown[k]].y));
            QVERIFY(std::hypot(a.x() - b.x(), a.y() - b.y()) >= 17.9);
        }
        const Vec2 c = edits::footprintCentre(s.terrain[area].footprint);
        QWheelEvent zoom(at(view, c), view->mapToGlobal(at(view, c)), {}, {0, 120 * 4}, Qt::NoButton, {}, Qt::NoScrollPhase, false);
        QApplication::sendEvent(view, &zoom);
        QVERIFY(view->handleVertices(ring).size() > fitted);
    }

    // Hovering a model tells who it is.
    void tooltipsNameWhatIsUnderTheCursor() {
        gui::MainWindow w;
        QVERIFY(showDemo(w));
        gui::BoardView* view = w.board();
        const Model& captain = w.document()->scenario().models[view->modelIndex(QStringLiteral("b-captain"))];
        QHelpEvent help(QEvent::ToolTip, at(view, captain.position), view->mapToGlobal(at(view, captain.position)));
        QApplication::sendEvent(view, &help);
        QTRY_VERIFY(QToolTip::isVisible());
        QVERIFY2(QToolTip::text().contains(QStringLiteral("b-captain")) && QToolTip::text().contains(QStringLiteral("40 mm round")),
                 qPrintable(QToolTip::text()));
        QVERIFY(QToolTip::text().contains(QStringLiteral("elevation")));
        // A piece of an imported layout: named first by its label, as the board writes it;
        // its long id after, and its area by the area's label.
        QVERIFY(w.openFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/layouts/11e/bm-purge-vs-purge-01.sightline.json")));
        const Scenario& s = w.document()->scenario();
        // (The first such piece whose middle shows its own tooltip: another may lie over it.)
        const TerrainPiece* floor = nullptr;
        QString tip;
        for (const TerrainPiece& t : s.terrain) {
            if (t.area.empty() || t.name.empty()) continue;
            const Vec2 inside = areaCentroid(t.footprint.outer);
            if (locate(inside, t.footprint) != Where::Inside) continue;
            QToolTip::hideText();
            QTRY_VERIFY(!QToolTip::isVisible());
            QHelpEvent onPiece(QEvent::ToolTip, at(view, inside), view->mapToGlobal(at(view, inside)));
            QApplication::sendEvent(view, &onPiece);
            QTRY_VERIFY(QToolTip::isVisible());
            tip = QToolTip::text();
            if (tip.startsWith(QStringLiteral("<b>%1</b>").arg(QString::fromStdString(s.labelOf(t.id)).toHtmlEscaped()))) {
                floor = &t;
                break;
            }
        }
        QVERIFY2(floor, qPrintable(tip));
        QVERIFY2(tip.contains(QString::fromStdString(floor->id)), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("in area %1").arg(QString::fromStdString(s.labelOf(floor->area)).toHtmlEscaped())), qPrintable(tip));
        QVERIFY2(!tip.contains(QStringLiteral("in area %1").arg(QString::fromStdString(floor->area))), qPrintable(tip));
    }

    // Every dialog can be worked from the keyboard: its fields have accelerators.
    void dialogsHaveAccelerators() {
        gui::MainWindow w;
        gui::CatalogDialog catalog(&w);
        gui::LayoutDialog layouts(&w);
        gui::TableSizeDialog size(60, 44, &w);
        gui::GuideDialog guide(&w);
        for (QDialog* d : std::initializer_list<QDialog*>{&catalog, &layouts, &size, &guide}) {
            int accelerated = 0;
            for (QLabel* label : d->findChildren<QLabel*>())
                if (label->buddy() && label->text().contains(QLatin1Char('&'))) ++accelerated;
            for (QAbstractButton* button : d->findChildren<QAbstractButton*>())
                if (button->text().contains(QLatin1Char('&'))) ++accelerated;
            QVERIFY2(accelerated >= 1, qPrintable(d->windowTitle()));
        }
        // The form rows of the catalog and table-size dialogs: each labelled with a key.
        for (QDialog* d : std::initializer_list<QDialog*>{&catalog, &size})
            for (QFormLayout* form : d->findChildren<QFormLayout*>())
                for (int row = 0; row < form->rowCount(); ++row)
                    if (auto* item = form->itemAt(row, QFormLayout::LabelRole))
                        if (auto* label = qobject_cast<QLabel*>(item->widget()))
                            QVERIFY2(label->text().contains(QLatin1Char('&')), qPrintable(label->text()));
    }
};

QTEST_MAIN(TestGui)
#include "tst_gui.moc"
