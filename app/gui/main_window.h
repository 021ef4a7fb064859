// The application's window: the board, the ruling panel, menus and the document's life
// (open, save, recent files, a prompt before losing changes), settings kept between runs.
#pragma once

#include "prompts.h"
#include "scenario_document.h"

#include <QFutureWatcher>
#include <QLabel>
#include <QByteArray>
#include <QMainWindow>

#include <optional>
#include <QElapsedTimer>
#include <QTimer>

#include <memory>

class QActionGroup;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QListWidget;
class QProgressDialog;

namespace sl::gui {

class TileMapWindow;

class BoardView;
class CatalogDialog;
class GuideDialog;
class Legend;
class AnalysisPanel;
class SideViewWidget;
class Inspector;
class LayoutDialog;

class FogHistoryDialog;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    MainWindow();

    // Opens a scenario file; on a problem, says so (a message box unless quiet) and keeps
    // the document as it was.
    // A tile map in a window of its own (shown); nothing, and the problem said, if it cannot be read.
    TileMapWindow* openTileMap(const QString& path, bool quiet = false);
    bool openFile(const QString& path, bool quiet = false);
    bool saveTo(const QString& path);

    // File > New, Save, Save As and Open Recent, as the menu runs them: each asks what it
    // must (unsaved changes, a file name) through prompts(); false when nothing was done.
    bool newTable();
    bool save();
    bool saveAs();
    bool openRecent(const QString& path);
    // Whether the file is one of the examples that come with Sightline (the scenarios it
    // was built from, or those installed with it): Save asks before writing over one.
    static bool isExample(const QString& path);

    // Where the window's questions go (file dialogs and message boxes by default).
    void setPrompts(std::unique_ptr<Prompts> prompts) { prompts_ = std::move(prompts); }
    Prompts* prompts() { return prompts_.get(); }

    ScenarioDocument* document() { return &document_; }
    BoardView* board() { return board_; }
    QLabel* rulingLabel() { return ruling_; }
    Inspector* inspector() { return inspector_; }
    QListWidget* palette() { return palette_; }
    QComboBox* sideBox() { return side_; }
    Legend* legend() { return legend_; }
    AnalysisPanel* analysis() { return analysis_; }
    SideViewWidget* sideView() { return sideView_; }
    // Help > User Guide (F1): the guide's window, made when first asked for.
    GuideDialog* showGuide();

    // The table's size, as one undoable step; says what lies off a smaller table.
    bool setTableSize(double width, double height);

    // Autosave: unsaved work is written a few seconds after the last change to a file that
    // a clean exit removes; finding it at start means the last run did not end well.
    // Adds the unit chosen in the catalog dialog (asked for when `dialog` is null) as a
    // block of models; false when nothing was added.
    bool addUnitFromCatalog(CatalogDialog* dialog = nullptr);

    // Replaces the table (after the unsaved-changes prompt, by the caller) with the layout
    // picked in the dialog, as a new untitled table.
    bool newFromLayout(LayoutDialog* dialog);

    // Range rings at these distances ("6, 12, 18, 24"); false, saying why, for a bad list.
    bool setRingRadii(const QString& text, QString* why = nullptr);

    // File > Export Ruling Sheet once the file is chosen: the observer's unit against the
    // target's, ruled and written on a worker thread (a big ruling takes seconds) while the
    // window stays live and shows it busy; rulingSheetDone follows. False, writing nothing,
    // without an observer and a target or while a sheet is still being written.
    bool exportRulingSheetTo(const QString& path);
    bool writingRulingSheet() const { return sheetJob_ != nullptr; }

    // Fog of War > End Turn: what each side sees is worked out off the GUI thread and
    // recorded as one undoable step (the turn ended, the sightings, the history); a change
    // of the table meanwhile has it worked out again. False while one is being ended.
    bool endFogTurn();
    // Fog of War > Shade What the Side Cannot See: the vision map of every model of the side
    // chosen in Point of View, for a point (a 1 mm base) this high on every inch of the
    // table, in the Analysis dock; what no model of the side sees is drawn hidden. False
    // when no side is chosen.
    bool shadeUnseen(double height);
    bool endingFogTurn() const { return turnBusy_; }
    // Fog of War > Turn History: the turns ended, replayed from either side.
    FogHistoryDialog* showFogHistory();

    static QString autosavePath();
    void autosaveNow();
    static bool hasAutosave();
    // Asks whether to take the autosaved work back (`ask` false: takes it without asking).
    bool offerRecovery(bool ask = true);

signals:
    // The sheet is written (`error` empty) or could not be.
    void rulingSheetDone(const QString& path, const QString& error);

protected:
    void closeEvent(QCloseEvent* e) override;

private:
    void buildMenus();
    void buildPalette();
    void placeFromPalette();
    // The board's placement (base, side, unit, height) from the Models dock.
    void syncPlacement();
    void discardAutosave();
    // After the document became another one (new, opened, recovered): no observer,
    // target or selection from the old table, the whole table in view.
    void startOnNewTable();
    // Where file dialogs start: the table's folder, else the last file's, else Documents;
    // an export's suggested file there, named after the table with `tail`.
    QString startFolder() const;
    // Where dialogs that write a file start: the same, but never a folder of the examples
    // that come with Sightline (the last folder written to outside them, else Documents, or
    // the home folder where there is no Documents folder).
    QString writeFolder() const;
    // Saves to `path`, an example only where the person agrees (else a copy, or nothing).
    bool saveOrCopy(const QString& path);
    // An export's suggested file: in the folder the last export went to (where it is there
    // and no example's), else writeFolder(); named after the table with `tail`, and with the
    // kind of map shown where `map` ("-hiding.png": several maps of one table are not
    // suggested the same name).
    QString exportStart(const QString& tail, bool map = false) const;
    // After an export to `path`: its folder is where the next one starts.
    void exported(const QString& path);
    // The Analysis dock shown, raised and given room for its panel.
    void showAnalysis();
    bool maybeSave();
    void updateTitle();
    void updateRuling();
    // Ids in the ruling panel's text made links: hovering one points it out on the board.
    QString linked(const QString& html) const;
    void rememberRecent(const QString& path);
    void rebuildRecentMenu();
    void exportImage();
    void exportRulingSheet();
    void editRingRadii();

    ScenarioDocument document_;
    BoardView* board_;
    QTimer rulingRefresh_;       // the ruling panel's next update while dragging
    QElapsedTimer rulingShown_;  // since it was last brought up to date
    QLabel* ruling_;
    QLabel* cursor_;
    QMenu* recentMenu_ = nullptr;
    QMenu* viewMenu_ = nullptr;
    QByteArray defaultLayout_;  // the docks as they are before a saved layout is restored (View > Reset Layout)
    std::optional<int> dragScroll_;  // the ruling panel's scroll when a drag began (given back after it)
    bool widenForMatrix_ = false;     // a unit mode was entered: the Ruling dock widens to its matrix once
    Inspector* inspector_;
    Legend* legend_;
    AnalysisPanel* analysis_ = nullptr;
    SideViewWidget* sideView_ = nullptr;
    class QDockWidget* analysisDock_ = nullptr;
    GuideDialog* guide_ = nullptr;
    QListWidget* palette_ = nullptr;
    QComboBox* side_ = nullptr;
    QLineEdit* unit_ = nullptr;
    QDoubleSpinBox* height_ = nullptr;
    QActionGroup* tools_ = nullptr;
    QTimer autosave_;
    QFutureWatcher<QString>* sheetJob_ = nullptr;  // the ruling sheet being written
    QFutureWatcher<std::optional<TableFog>> turnWatcher_;  // a turn being ended
    bool turnBusy_ = false;  // from its start until its answer is taken
    quint64 tableChanges_ = 0;   // (counted: a turn ended on a table since changed is ended again)
    quint64 turnAskedAt_ = 0;
    QString povSaid_;             // the point of view last said in the status bar
    QString overwriteAgreed_;     // the example open, which Save may write over: the person said so
    bool povSaidWaiting_ = false;
    QProgressDialog* sheetProgress_ = nullptr;
    std::unique_ptr<Prompts> prompts_ = std::make_unique<Prompts>();
    double lastShadeHeight_ = 1.75;  // the point's height last asked for (Shade What the Side Cannot See)
};

}  // namespace sl::gui
