// The main window: menus and docks, the ruling panel, files (open, save, recent, export),
// autosave and recovery, and the settings kept between runs.
#include "main_window.h"

#include "tile_map_window.h"


#include "analysis_panel.h"
#include "side_view_widget.h"
#include "board_renderer.h"
#include "board_view.h"
#include "evaluation.h"
#include "catalog_dialog.h"
#include "inspector.h"
#include "guide_dialog.h"
#include "layout_dialog.h"
#include "legend.h"
#include "table_size_dialog.h"
#include "fog_history_dialog.h"
#include "los/exact_los.h"
#include "rules/table_fog.h"
#include "kdc_data.h"
#include "ruling_html.h"
#include "ruling_sheet.h"
#include "scenario_edits.h"

#include <QPushButton>
#include <QInputDialog>
#include <QSpinBox>
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QProgressDialog>
#include <QtConcurrent/QtConcurrentRun>
#include <QCloseEvent>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QLineEdit>
#include <QListWidget>
#include <QPointer>
#include <QScrollArea>
#include <QScrollBar>
#include <QSlider>
#include <QTextDocument>
#include <QStandardPaths>
#include <QToolButton>
#include <QVBoxLayout>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QToolBar>
#include <QRegularExpression>
#include <QSet>
#include <QUrl>

#include <algorithm>
#include <cmath>

namespace sl::gui {
namespace {

// A model's or piece's label (its name, else its id: what the board shows) as a link to it.
QString link(const Scenario& s, const std::string& id) {
    return QStringLiteral("<a href='id:%1'>%2</a>")
        .arg(QString::fromUtf8(QUrl::toPercentEncoding(QString::fromStdString(id))),
             QString::fromStdString(s.labelOf(id)).toHtmlEscaped());
}

QString ids(const Scenario& s, const std::vector<std::string>& list) {
    QStringList out;
    for (const auto& id : list) out << link(s, id);
    return out.isEmpty() ? QObject::tr("none") : out.join(QStringLiteral(", "));
}

// A reason as HTML, the labels of the pieces and models it cites turned into links.
QString reasonHtml(const Scenario& s, const std::string& text, const std::vector<std::string>& cited) {
    QString html = QString::fromStdString(text).toHtmlEscaped();
    // Longest labels first, through placeholders, so that "Ruin 1" does not take part of
    // "Ruin 10" and a link's text is not linked again.
    std::vector<std::string> order = cited;
    std::sort(order.begin(), order.end(), [&](const std::string& a, const std::string& b) {
        return s.labelOf(a).size() > s.labelOf(b).size();
    });
    order.erase(std::unique(order.begin(), order.end()), order.end());
    QStringList links;
    for (const std::string& id : order) {
        const QString label = QString::fromStdString(s.labelOf(id)).toHtmlEscaped();
        const QString mark = QStringLiteral("\x01%1\x02").arg(links.size());
        static const QRegularExpression word(QStringLiteral("[A-Za-z0-9_]"));
        // Whole words only: not inside a longer name.
        qsizetype at = 0;
        while ((at = html.indexOf(label, at)) >= 0) {
            const qsizetype end = at + label.size();
            const bool startOk = at == 0 || !word.match(html.mid(at - 1, 1)).hasMatch();
            const bool endOk = end >= html.size() || !word.match(html.mid(end, 1)).hasMatch();
            if (startOk && endOk) {
                html.replace(at, label.size(), mark);
                at += mark.size();
            } else {
                at = end;
            }
        }
        links << link(s, id);
    }
    for (qsizetype k = 0; k < links.size(); ++k) html.replace(QStringLiteral("\x01%1\x02").arg(k), links[k]);
    return html;
}

// A wheel turned over a control of a scrolled dock that does not have the focus scrolls the
// dock: a slider or a list passing under the pointer while the dock is scrolled keeps its
// value. Clicked or tabbed to, the control takes the wheel as usual.
class WheelScrollsDock : public QObject {
public:
    explicit WheelScrollsDock(QScrollArea* area) : QObject(area), area_(area) {}

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() != QEvent::Wheel) return false;
        const auto* control = qobject_cast<QWidget*>(watched);
        if (!control || control->hasFocus()) return false;
        QCoreApplication::sendEvent(area_->verticalScrollBar(), event);
        return true;
    }

private:
    QScrollArea* area_;
};

}  // namespace

MainWindow::MainWindow()
    : board_(new BoardView(&document_, this)), ruling_(new QLabel(this)), cursor_(new QLabel(this)),
      inspector_(new Inspector(&document_, this)), legend_(new Legend(this)) {
    setCentralWidget(board_);
    ruling_->setTextFormat(Qt::RichText);
    ruling_->setWordWrap(true);
    ruling_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    ruling_->setMargin(8);
    ruling_->setMinimumWidth(220);
    // A dock on the right holding `content` (in a scroll area when it may grow long).
    auto rightDock = [this](const QString& title, const QString& name, QWidget* content, bool scrolled) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(name);
        if (scrolled) {
            auto* scroll = new QScrollArea(d);
            scroll->setWidgetResizable(true);
            scroll->setFrameShape(QFrame::NoFrame);
            scroll->setWidget(content);
            auto* guard = new WheelScrollsDock(scroll);
            for (QWidget* control : content->findChildren<QWidget*>())
                if (qobject_cast<QAbstractSlider*>(control) || qobject_cast<QComboBox*>(control) ||
                    qobject_cast<QAbstractSpinBox*>(control)) {
                    control->setFocusPolicy(Qt::StrongFocus);  // (not taken by a wheel passing over)
                    control->installEventFilter(guard);
                }
            content = scroll;
        }
        d->setWidget(content);
        addDockWidget(Qt::RightDockWidgetArea, d);
        return d;
    };
    auto* dock = rightDock(tr("Ruling"), QStringLiteral("ruling"), ruling_, true);
    auto* inspectorDock = rightDock(tr("Inspector"), QStringLiteral("inspector"), inspector_, false);
    auto* legendDock = rightDock(tr("Legend"), QStringLiteral("legend"), legend_, true);
    legendDock->hide();  // View > Legend shows it, under the inspector
    analysis_ = new AnalysisPanel(&document_, board_, this);
    analysisDock_ = rightDock(tr("Analysis"), QStringLiteral("analysis"), analysis_, true);
    tabifyDockWidget(inspectorDock, analysisDock_);  // (it needs the room: a tab beside the inspector)
    analysisDock_->hide();  // Sight > Vision Map (or View > Analysis) shows it
    // The pair's sight line seen from the side: wide and low, under the board.
    sideView_ = new SideViewWidget(&document_, board_, this);
    auto* sideDock = new QDockWidget(tr("Side View"), this);
    sideDock->setObjectName(QStringLiteral("side-view"));
    sideDock->setWidget(sideView_);
    // (Under the board only: the docks on either side keep their whole height.)
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    addDockWidget(Qt::BottomDockWidgetArea, sideDock);
    sideDock->hide();  // Sight > Side View (or View > Side View) shows it
    connect(sideDock, &QDockWidget::visibilityChanged, sideView_, [this](bool shown) {
        if (shown) sideView_->refresh();
    });
    connect(analysis_->findChild<QPushButton*>(QStringLiteral("analysis-csv")), &QPushButton::clicked, this, [this] {
        const QString title = analysis_->exposure() ? tr("Export exposure map cells")
                              : analysis_->hiding() ? tr("Export hiding spots cells")
                                                    : tr("Export vision map cells");
        const QString path = prompts_->saveFileName(this, title, exportStart(QStringLiteral(".csv"), true), tr("CSV file (*.csv)"));
        if (path.isEmpty()) return;
        QString error;
        if (!analysis_->exportCsv(path, &error)) prompts_->warning(this, tr("Cannot export"), error);
        else exported(path);
    });
    connect(&document_, &ScenarioDocument::changed, this, [this] { legend_->showFor(document_.scenario()); });
    cursor_->setMinimumWidth(cursor_->fontMetrics().horizontalAdvance(QStringLiteral("x 000.00\"  y 000.00\"")));
    statusBar()->addPermanentWidget(cursor_);
    buildPalette();
    buildMenus();
    // The board gets the room; the docks start narrow (a saved layout overrides this).
    resizeDocks({findChild<QDockWidget*>(QStringLiteral("palette")), dock}, {170, 250}, Qt::Horizontal);
    resizeDocks({dock, inspectorDock}, {260, 400}, Qt::Vertical);

    connect(board_, &BoardView::selectionChanged, this, [this] { inspector_->showSelection(board_->selection()); });
    connect(board_, &BoardView::message, this, [this](const QString& text) { statusBar()->showMessage(text, 6000); });
    connect(inspector_, &Inspector::refused, this, [this](const QString& text) { statusBar()->showMessage(text, 6000); });
    // (A refusal shown there goes once an edit is made after it.)
    connect(&document_, &ScenarioDocument::changed, this, [this] {
        if (statusBar()->currentMessage().startsWith(tr("Refused"))) statusBar()->clearMessage();
    });
    // Enter in a field ends the edit: the board has the keys again (R, Delete, arrows).
    connect(inspector_, &Inspector::finished, this, [this] { board_->setFocus(Qt::OtherFocusReason); });
    ruling_->setTextInteractionFlags(Qt::LinksAccessibleByMouse);
    // Clicking an id selects what it names.
    connect(ruling_, &QLabel::linkActivated, this, [this](const QString& link) {
        const std::string id = QUrl::fromPercentEncoding(link.mid(3).toUtf8()).toStdString();
        const Scenario& s = document_.scenario();
        edits::Selection sel;
        for (int i = 0; i < static_cast<int>(s.models.size()); ++i)
            if (s.models[i].id == id) sel.models.push_back(i);
        for (int i = 0; i < static_cast<int>(s.terrain.size()); ++i)
            if (s.terrain[i].id == id) sel.terrain.push_back(i);
        for (int i = 0; i < static_cast<int>(s.zones.size()); ++i)
            if (s.zones[i].id == id) sel.zones.push_back(i);
        board_->setSelection(sel);
    });
    connect(ruling_, &QLabel::linkHovered, this, [this](const QString& link) {
        board_->setHighlighted(link.isEmpty() ? std::vector<std::string>{}
                                              : std::vector<std::string>{QUrl::fromPercentEncoding(link.mid(3).toUtf8()).toStdString()});
    });
    autosave_.setSingleShot(true);
    autosave_.setInterval(5000);
    connect(&autosave_, &QTimer::timeout, this, &MainWindow::autosaveNow);
    connect(&document_, &ScenarioDocument::changed, &autosave_, qOverload<>(&QTimer::start));

    // While something is dragged the panel follows a few times a second (a unit ruling's
    // matrix and reasons take long to lay out); the board's lines follow every step.
    rulingRefresh_.setSingleShot(true);
    connect(&rulingRefresh_, &QTimer::timeout, this, &MainWindow::updateRuling);
    connect(board_, &BoardView::rulingChanged, this, [this] {
        constexpr qint64 kDragRefreshMs = 200;
        // (Observer against all enemies: a short list, laid out at once, as the rings are drawn.)
        if (!board_->dragging() || board_->allEnemies() || !rulingShown_.isValid() || rulingShown_.elapsed() >= kDragRefreshMs) {
            rulingRefresh_.stop();
            updateRuling();
        } else if (!rulingRefresh_.isActive()) {
            rulingRefresh_.start(static_cast<int>(kDragRefreshMs - rulingShown_.elapsed()));
        }
    });
    connect(board_, &BoardView::cursorMoved, this, [this](const QPointF& p) {
        cursor_->setText(tr("x %1\"  y %2\"").arg(p.x(), 0, 'f', 2).arg(p.y(), 0, 'f', 2));
    });
    connect(document_.undoStack(), &QUndoStack::cleanChanged, this, &MainWindow::updateTitle);
    connect(&document_, &ScenarioDocument::changed, this, &MainWindow::updateTitle);
    connect(&document_, &ScenarioDocument::changed, this, [this] { ++tableChanges_; });
    connect(&turnWatcher_, &QFutureWatcher<std::optional<TableFog>>::finished, this, [this] {
        turnBusy_ = false;
        std::optional<TableFog> fog = turnWatcher_.result();
        if (!fog) return;
        if (tableChanges_ != turnAskedAt_) {  // (what was seen is no longer the table's)
            statusBar()->showMessage(tr("The table changed while the turn was ending: ending it again..."));
            endFogTurn();
            return;
        }
        const TableTurn& ended = fog->history.back();
        QStringList seen;
        for (const auto& [side, ids] : ended.seen)
            seen << tr("%1 sees %2 enemy model(s) and remembers %3")
                        .arg(QString::fromStdString(side))
                        .arg(ids.size())
                        .arg(ended.remembered.count(side) ? ended.remembered.at(side).size() : 0);
        document_.edit(tr("End Turn %1").arg(ended.turn), [&](Scenario& s) { s.fog = std::move(*fog); });
        statusBar()->showMessage(tr("Turn %1 ended: %2. Turn %3 begins.").arg(ended.turn).arg(seen.join(QStringLiteral("; "))).arg(ended.turn + 1),
                                 10000);
    });

    QSettings settings;
    defaultLayout_ = saveState();
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    analysis_->restoreChoices();  // (the last session's map, bases, cells...)
    if (const auto m = parseMethod(settings.value(QStringLiteral("sight/method"), QStringLiteral("exact")).toString().toStdString()))
        board_->setMethod(*m);
    updateTitle();
    updateRuling();
    statusBar()->showMessage(tr("Click a model to make it the observer; shift-click or right-click another for the "
                                "target, or hover an enemy. Drag to move. Wheel to zoom."));
}

void MainWindow::buildMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&New"), QKeySequence::New, this, &MainWindow::newTable)->setObjectName(QStringLiteral("file-new"));
    file->addAction(tr("New from Official &Layout..."), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L), this, [this] {
        if (!maybeSave()) return;
        LayoutDialog dialog(this);
        if (dialog.exec() == QDialog::Accepted) newFromLayout(&dialog);
    });
    file->addAction(tr("&Open..."), QKeySequence::Open, this, [this] {
        if (!maybeSave()) return;
        const QString path =
            prompts_->openFileName(this, tr("Open scenario"), startFolder(), tr("Scenarios (*.sightline.json *.json)"));
        if (!path.isEmpty()) openFile(path);
    })->setObjectName(QStringLiteral("file-open"));
    file->addAction(tr("Open &Tile Map..."), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O), this, [this] {
        // (Where the last tile map was, else the shipped maps.)
        QString folder = QSettings().value(QStringLiteral("tiles/folder")).toString();
        if (folder.isEmpty() || !QFileInfo(folder).isDir()) folder = startFolder();
        const QString path = prompts_->openFileName(this, tr("Open tile map"), folder, tr("Tile maps (*.map *.txt)"));
        if (path.isEmpty()) return;
        if (openTileMap(path)) QSettings().setValue(QStringLiteral("tiles/folder"), QFileInfo(path).absolutePath());
    })->setObjectName(QStringLiteral("file-open-tile-map"));
    recentMenu_ = file->addMenu(tr("Open &Recent"));
    rebuildRecentMenu();
    file->addAction(tr("&Save"), QKeySequence::Save, this, &MainWindow::save)->setObjectName(QStringLiteral("file-save"));
    // (The platform's Save As key, which some desktops leave unset, and Ctrl+Shift+S.)
    QAction* saveAsAction = file->addAction(tr("Save &As..."), this, &MainWindow::saveAs);
    saveAsAction->setObjectName(QStringLiteral("file-save-as"));
    QList<QKeySequence> saveAsKeys = QKeySequence::keyBindings(QKeySequence::SaveAs);
    if (!saveAsKeys.contains(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S))) saveAsKeys << QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S);
    saveAsAction->setShortcuts(saveAsKeys);
    file->addAction(tr("&Export Image..."), this, &MainWindow::exportImage)->setObjectName(QStringLiteral("file-export-image"));
    file->addAction(tr("Export Ruling S&heet..."), this, &MainWindow::exportRulingSheet)
        ->setObjectName(QStringLiteral("file-export-ruling-sheet"));
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = document_.undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = document_.undoStack()->createRedoAction(this, tr("&Redo"));
    // Ctrl+Shift+Z (the platform's) and Ctrl+Y, which many expect.
    QList<QKeySequence> redoKeys = QKeySequence::keyBindings(QKeySequence::Redo);
    if (!redoKeys.contains(QKeySequence(Qt::CTRL | Qt::Key_Y))) redoKeys << QKeySequence(Qt::CTRL | Qt::Key_Y);
    redo->setShortcuts(redoKeys);
    redo->setObjectName(QStringLiteral("edit-redo"));
    undo->setObjectName(QStringLiteral("edit-undo"));
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    edit->addAction(tr("&Delete"), QKeySequence::Delete, board_, &BoardView::deleteSelected);
    edit->addAction(tr("D&uplicate"), QKeySequence(Qt::CTRL | Qt::Key_D), board_, &BoardView::duplicateSelected);
    edit->addAction(tr("Rotate &Clockwise 15°"), QKeySequence(Qt::Key_R), this, [this] { board_->rotateSelected(15); });
    edit->addAction(tr("Rotate &Anticlockwise 15°"), QKeySequence(Qt::SHIFT | Qt::Key_R), this,
                    [this] { board_->rotateSelected(-15); });
    edit->addSeparator();
    edit->addAction(tr("&Table Size..."), this, [this] {
        TableSizeDialog dialog(document_.scenario().board.width, document_.scenario().board.height, this);
        if (dialog.exec() == QDialog::Accepted) setTableSize(dialog.width(), dialog.height());
    })->setObjectName(QStringLiteral("edit-table-size"));
    edit->addSeparator();
    edit->addAction(tr("Select &All"), QKeySequence::SelectAll, board_, &BoardView::selectAll);
    edit->addAction(tr("Select &Unit"), QKeySequence(Qt::CTRL | Qt::Key_U), board_, &BoardView::selectUnit);

    QMenu* tools = menuBar()->addMenu(tr("&Tools"));
    tools_ = new QActionGroup(this);
    auto addTool = [&](const QString& text, BoardView::Tool tool, const QKeySequence& key, const char* name = nullptr) {
        QAction* a = tools->addAction(text);
        a->setCheckable(true);
        a->setShortcut(key);
        a->setData(static_cast<int>(tool));
        if (name) a->setObjectName(QLatin1String(name));
        tools_->addAction(a);
        connect(a, &QAction::triggered, this, [this, tool] {
            if (tool == BoardView::Tool::PlaceModel) {
                placeFromPalette();
                return;
            }
            syncPlacement();  // a zone takes the side chosen in the Models dock
            board_->setTool(tool);
        });
        return a;
    };
    addTool(tr("&Select"), BoardView::Tool::Select, QKeySequence(Qt::Key_S), "tool-select")->setChecked(true);
    addTool(tr("M&easure"), BoardView::Tool::Measure, QKeySequence(Qt::Key_M), "tool-measure");
    addTool(tr("Place &Model"), BoardView::Tool::PlaceModel, QKeySequence(Qt::SHIFT | Qt::Key_M), "tool-place-model");
    addTool(tr("&Polygon Terrain"), BoardView::Tool::Polygon, QKeySequence(Qt::Key_P), "tool-polygon");
    addTool(tr("Rec&tangle Terrain"), BoardView::Tool::Rectangle, QKeySequence(Qt::Key_T), "tool-rectangle");
    addTool(tr("&Wall"), BoardView::Tool::Wall, QKeySequence(Qt::Key_W), "tool-wall")
        ->setToolTip(tr("Draw a wall: click its points, double-click or Enter to finish (%1\" thick, 3\" high)").arg(BoardView::kWallThickness));
    addTool(tr("Deployment &Zone"), BoardView::Tool::ZoneRectangle, QKeySequence(Qt::Key_Z), "tool-zone")
        ->setIconText(tr("Zone"));
    addTool(tr("Deployment Zone (Pol&ygon)"), BoardView::Tool::ZonePolygon, QKeySequence(Qt::SHIFT | Qt::Key_Z),
            "tool-zone-polygon")
        ->setIconText(tr("Zone Polygon"));
    addTool(tr("&Objective"), BoardView::Tool::Objective, QKeySequence(Qt::Key_O), "tool-objective");
    addTool(tr("Ope&ning"), BoardView::Tool::Opening, QKeySequence(Qt::SHIFT | Qt::Key_O), "tool-opening")
        ->setToolTip(tr("Drag a rectangle across a feature (a wall) to cut a window or a door through it"));
    tools->addAction(tr("Add Unit from &Catalog..."), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A), this,
                     [this] { addUnitFromCatalog(); });
    QMenu* presets = tools->addMenu(tr("Terrain P&resets"));
    for (const edits::Preset& preset : edits::terrainPresets()) {
        const std::vector<TerrainPiece> pieces = preset.pieces;
        presets->addAction(preset.label, this, [this, pieces] { board_->setPreset(pieces); });
    }
    connect(board_, &BoardView::toolChanged, this, [this] {
        for (QAction* a : tools_->actions()) a->setChecked(a->data().toInt() == static_cast<int>(board_->tool()));
        if (board_->tool() == BoardView::Tool::PlacePreset)
            for (QAction* a : tools_->actions()) a->setChecked(false);
        // One hint per BoardView::Tool, in its order.
        static const char* hints[] = {
            "Click to select, drag to move, drag on the empty table to select several; arrows nudge.",
            "Click on the table to place a model; Esc to stop.",
            "Click on the table to place the piece; Esc to stop.",
            "Click the corners; double-click or Enter to close; Esc to cancel.",
            "Drag out a rectangle; Esc to stop.",
            "Drag from a model (its base's edge) or a point to another model or a point; Esc clears.",
            "Drag out a deployment zone for the side chosen in the Models dock; Esc to stop.",
            "Click the zone's corners; double-click or Enter to close; Esc to cancel.",
            "Click to place an objective (3\" radius; change it in the inspector); Esc to stop.",
            "Click the wall's points; double-click or Enter to finish (a quarter of an inch thick, 3\" high); Esc to cancel.",
            "Drag a rectangle across a feature (a wall): the part of it inside becomes an opening; Esc to stop.",
        };
        // (Every tool has its hint: the last one in the enum is the last hint.)
        static_assert(std::size(hints) == static_cast<size_t>(BoardView::Tool::Opening) + 1);
        statusBar()->showMessage(tr(hints[static_cast<int>(board_->tool())]));
    });

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addAction(tr("&Fit to Window"), QKeySequence(Qt::CTRL | Qt::Key_0), board_, &BoardView::fitToWindow);
    QAction* snap = view->addAction(tr("S&nap to Half-Inch Grid"));
    snap->setCheckable(true);
    snap->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_G));
    snap->setChecked(QSettings().value(QStringLiteral("edit/snap"), false).toBool());
    board_->setSnapStep(snap->isChecked() ? 0.5 : 0);
    connect(snap, &QAction::toggled, this, [this](bool on) {
        board_->setSnapStep(on ? 0.5 : 0);
        QSettings().setValue(QStringLiteral("edit/snap"), on);
    });
    // Range rings on the selected models, at distances kept between runs.
    QAction* rings = view->addAction(tr("&Range Rings on Selected Models"));
    rings->setObjectName(QStringLiteral("view-range-rings"));
    rings->setCheckable(true);
    rings->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    {
        std::vector<double> radii;
        for (const QVariant& v : QSettings().value(QStringLiteral("view/ring-radii")).toList()) radii.push_back(v.toDouble());
        if (!radii.empty()) board_->setRingRadii(radii);
    }
    connect(rings, &QAction::toggled, board_, &BoardView::setRangeRings);
    view->addAction(tr("Range Ring &Distances..."), this, &MainWindow::editRingRadii);
    QAction* labels = view->addAction(tr("&Labels on Models and Pieces"));
    labels->setObjectName(QStringLiteral("view-labels"));
    labels->setCheckable(true);
    labels->setChecked(QSettings().value(QStringLiteral("view/labels"), true).toBool());
    board_->setLabels(labels->isChecked());
    connect(labels, &QAction::toggled, this, [this](bool on) {
        board_->setLabels(on);
        QSettings().setValue(QStringLiteral("view/labels"), on);
    });
    // Fog of war on the table: the board as one side sees it. The sides are the table's,
    // listed afresh each time the menu opens.
    QMenu* pov = view->addMenu(tr("&Point of View"));
    pov->setObjectName(QStringLiteral("view-point-of-view"));
    connect(pov, &QMenu::aboutToShow, this, [this, pov] {
        pov->clear();
        auto* group = new QActionGroup(pov);
        std::vector<std::string> sides;
        for (const Model& m : document_.scenario().models)
            if (std::find(sides.begin(), sides.end(), m.side) == sides.end()) sides.push_back(m.side);
        QStringList names{QString()};
        for (const std::string& side : sides) names << QString::fromStdString(side);
        for (const QString& side : names) {
            QAction* a = pov->addAction(side.isEmpty() ? tr("&Everyone") : tr("What %1 Sees").arg(side));
            a->setCheckable(true);
            a->setChecked(board_->pointOfView() == side);
            a->setActionGroup(group);
            a->setData(side);
            a->setObjectName(QStringLiteral("view-pov-") + (side.isEmpty() ? QStringLiteral("everyone") : side));
            connect(a, &QAction::triggered, this, [this, side] { board_->setPointOfView(side); });
        }
    });
    connect(board_, &BoardView::pointOfViewChanged, this, [this] {
        // Said when the side is switched and when its first answer comes; not on every
        // later update (a message such as End Turn's stays).
        const QString side = board_->pointOfView();
        const bool waiting = board_->pointOfViewPending() && board_->pointOfViewSeen().empty();
        const bool news = side != povSaid_ || (!waiting && povSaidWaiting_);
        // A veil drawn for another side would show the new one where that side's models stand.
        if (side != povSaid_ && analysis_->veil()) {
            analysis_->clear();
            analysis_->setVeil(false);
        }
        povSaid_ = side;
        povSaidWaiting_ = waiting;
        if (!news) return;
        if (side.isEmpty()) {
            statusBar()->showMessage(tr("Point of view: everyone (every model drawn)"), 4000);
            return;
        }
        int enemies = 0;
        for (const Model& m : document_.scenario().models) enemies += m.side != side.toStdString();
        const int hidden = static_cast<int>(board_->unseenModels().size());
        statusBar()->showMessage(waiting ? tr("What %1 sees: being worked out...").arg(side)
                                 : hidden == 0
                                     ? tr("What %1 sees: every enemy model (%2)").arg(side).arg(enemies)
                                     : tr("What %1 sees: %2 of %3 enemy models (the others are not drawn; View > Point of "
                                          "View > Everyone shows them)")
                                           .arg(side)
                                           .arg(enemies - hidden)
                                           .arg(enemies),
                                 8000);
    });
    // Every dock and toolbar comes back from here.
    view->addSeparator();
    for (const char* name : {"palette", "ruling", "inspector", "legend", "analysis", "side-view"})
        if (auto* dock = findChild<QDockWidget*>(QLatin1String(name))) {
            QAction* a = dock->toggleViewAction();
            a->setObjectName(QStringLiteral("view-dock-") + QLatin1String(name));
            view->addAction(a);
            // (Shown as a tab behind another, it would seem not shown at all: brought to the front.)
            connect(a, &QAction::triggered, dock, [dock](bool shown) {
                if (shown) dock->raise();
            });
        }
    // A layout made unusable (a dock closed, buried under another, floating off screen):
    // the docks as a new window has them.
    view->addAction(tr("Reset &Layout"), this, [this] {
        for (QDockWidget* d : findChildren<QDockWidget*>()) d->setFloating(false);
        restoreState(defaultLayout_);
        resizeDocks({findChild<QDockWidget*>(QStringLiteral("palette")), findChild<QDockWidget*>(QStringLiteral("ruling"))}, {170, 250},
                    Qt::Horizontal);
        resizeDocks({findChild<QDockWidget*>(QStringLiteral("ruling")), findChild<QDockWidget*>(QStringLiteral("inspector"))}, {260, 400},
                    Qt::Vertical);
        statusBar()->showMessage(tr("The docks are back where a new window has them."), 4000);
    })->setObjectName(QStringLiteral("view-reset-layout"));
    viewMenu_ = view;

    QMenu* sight = menuBar()->addMenu(tr("&Sight"));
    auto* methods = new QActionGroup(this);
    for (Method m : {Method::Exact, Method::Sampled, Method::Center}) {
        const QString name = QString::fromUtf8(methodName(m).data(), static_cast<int>(methodName(m).size()));
        QAction* a = sight->addAction(name);
        a->setCheckable(true);
        a->setChecked(board_->method() == m);
        methods->addAction(a);
        connect(a, &QAction::triggered, this, [this, m, name] {
            board_->setMethod(m);
            QSettings().setValue(QStringLiteral("sight/method"), name);
        });
    }
    sight->addSeparator();
    // The game whose rulings are shown: part of the table, so an undoable edit.
    QMenu* rulesetMenu = sight->addMenu(tr("&Ruleset"));
    auto* rulesets = new QActionGroup(this);
    const std::pair<const char*, QString> names[] = {{"true-los", tr("True line of sight (geometry only)")},
                                                     {"wh40k-11e", tr("Warhammer 40,000, 11th edition")},
                                                     {"wh40k-10e", tr("Warhammer 40,000, 10th edition")}};
    for (const auto& [name, label] : names) {
        QAction* a = rulesetMenu->addAction(label);
        a->setCheckable(true);
        a->setData(QString::fromLatin1(name));
        rulesets->addAction(a);
        const std::string id = name;
        connect(a, &QAction::triggered, this, [this, id] {
            if (document_.scenario().ruleset.name == id) return;
            document_.edit(tr("Ruleset %1").arg(QString::fromStdString(id)), [id](Scenario& s) {
                // The 11th edition's line is 1 mm wide; the others' have no width unless set.
                const double width = s.ruleset.sight_line_width_mm;
                if (id == "wh40k-11e" && width == 0) s.ruleset.sight_line_width_mm = 1;
                if (s.ruleset.name == "wh40k-11e" && width == 1) s.ruleset.sight_line_width_mm = 0;
                s.ruleset.name = id;
            });
        });
    }
    connect(&document_, &ScenarioDocument::changed, rulesets, [this, rulesets] {
        for (QAction* a : rulesets->actions())
            a->setChecked(a->data().toString().toStdString() == document_.scenario().ruleset.name);
    });
    for (QAction* a : rulesets->actions())
        a->setChecked(a->data().toString().toStdString() == document_.scenario().ruleset.name);
    // What is ruled: one pair, the observer against all enemies, or a unit mode. One at a
    // time; Esc (or Single Pair) goes back to the pair.
    sight->addSeparator();
    auto* modes = new QActionGroup(this);
    auto addMode = [&](const QString& text, const QString& shortText, const QKeySequence& key, const char* name) {
        QAction* a = sight->addAction(text);
        a->setIconText(shortText);
        a->setShortcut(key);
        a->setCheckable(true);
        a->setObjectName(QLatin1String(name));
        modes->addAction(a);
        return a;
    };
    QAction* pair = addMode(tr("Single &Pair"), tr("Pair"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P), "mode-pair");
    QAction* all = addMode(tr("Observer Against &All Enemies"), tr("All Enemies"), QKeySequence(Qt::CTRL | Qt::Key_E),
                           "mode-all-enemies");
    QAction* vsUnit = addMode(tr("Observer Against Target's &Unit"), tr("vs Unit"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_U),
                              "mode-observer-vs-unit");
    QAction* unitVsUnit = addMode(tr("U&nit Against Unit"), tr("Unit vs Unit"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N),
                                  "mode-unit-vs-unit");
    pair->setChecked(true);
    connect(modes, &QActionGroup::triggered, this, [this, all, vsUnit, unitVsUnit](QAction* a) {
        board_->setAllEnemies(a == all);
        board_->setUnitMode(a == unitVsUnit ? BoardView::UnitMode::UnitVsUnit
                            : a == vsUnit   ? BoardView::UnitMode::ObserverVsUnit
                                            : BoardView::UnitMode::Off);
        // A unit ruling's matrix needs room: the Ruling dock widens to show ten columns (a
        // wider one is left as the user made it), raised over a dock sharing its place.
        if (a == unitVsUnit || a == vsUnit) {
            if (auto* ruling = findChild<QDockWidget*>(QStringLiteral("ruling")); ruling && !ruling->isFloating()) {
                ruling->show();
                ruling->raise();
                widenForMatrix_ = true;  // (and to its matrix's width when that is shown)
                constexpr int kMatrixWidth = 430;
                if (ruling->width() < kMatrixWidth) resizeDocks({ruling}, {kMatrixWidth}, Qt::Horizontal);
                // And most of the height, above the inspector (the reasons follow the matrix).
                auto* inspector = findChild<QDockWidget*>(QStringLiteral("inspector"));
                if (inspector && !inspector->isFloating() && inspector->isVisible() && ruling->height() < 2 * inspector->height())
                    resizeDocks({ruling, inspector}, {3 * (ruling->height() + inspector->height()) / 4, (ruling->height() + inspector->height()) / 4},
                                Qt::Vertical);
            }
        }
    });
    connect(board_, &BoardView::modeChanged, this, [this, pair, all, vsUnit, unitVsUnit] {
        QAction* on = board_->allEnemies()                                              ? all
                      : board_->unitMode() == BoardView::UnitMode::UnitVsUnit     ? unitVsUnit
                      : board_->unitMode() == BoardView::UnitMode::ObserverVsUnit ? vsUnit
                                                                                   : pair;
        on->setChecked(true);
    });
    sight->addSeparator();
    sight->addAction(tr("Unpin Target or Leave Mode"), QKeySequence(Qt::Key_Escape), board_, &BoardView::escape);
    sight->addSeparator();
    // Layout analysis: where a model would be seen by the observer, over the whole table.
    sight->addAction(tr("&Vision Map..."), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V), this, [this] {
        showAnalysis();
        analysis_->compute();
    })->setObjectName(QStringLiteral("sight-vision-map"));
    // The pair's line seen from the side, with what it passes and by how much it clears it.
    sight->addAction(tr("Si&de View"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D), this, [this] {
        auto* dock = findChild<QDockWidget*>(QStringLiteral("side-view"));
        dock->show();
        dock->raise();
        sideView_->refresh();
    })->setObjectName(QStringLiteral("sight-side-view"));

    // Fog of war on the table: a side's point of view, turns, ghosts and the game's history.
    QMenu* fog = menuBar()->addMenu(tr("Fog of &War"));
    if (QMenu* pov = findChild<QMenu*>(QStringLiteral("view-point-of-view"))) fog->addMenu(pov);
    fog->addAction(tr("&End Turn"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_T), this, [this] { endFogTurn(); })
        ->setObjectName(QStringLiteral("fog-end-turn"));
    fog->addAction(tr("Turn &History..."), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H), this, [this] { showFogHistory(); })
        ->setObjectName(QStringLiteral("fog-history"));
    fog->addAction(tr("&Shade What the Side Cannot See..."), this, [this] {
        const QString side = board_->pointOfView();
        const bool onTable = std::any_of(document_.scenario().models.begin(), document_.scenario().models.end(),
                                         [&](const Model& m) { return QString::fromStdString(m.side) == side; });
        if (!side.isEmpty() && !onTable) {
            prompts_->information(this, tr("Shade What the Side Cannot See"),
                                  tr("The side %1 has no model on the table: nothing of it sees.").arg(side));
            return;
        }
        if (side.isEmpty()) {
            prompts_->information(this, tr("Shade What the Side Cannot See"),
                                  tr("Choose a side first (Fog of War > Point of View): the shading is what no model "
                                     "of that side sees."));
            return;
        }
        bool ok = false;
        const double height = prompts_->number(this, tr("Shade What the Side Cannot See"),
                                               tr("A point of the table counts as seen when a point this high above "
                                                  "it is seen (inches, 0.1 to 30):"),
                                               lastShadeHeight_, 0.1, 30, 2, &ok);
        if (ok) shadeUnseen(height);
    })->setObjectName(QStringLiteral("fog-shade"));
    fog->addAction(tr("&Memory..."), this, [this] {
        const int now = document_.scenario().fog ? document_.scenario().fog->memoryTurns : TableFog{}.memoryTurns;
        bool ok = false;
        QInputDialog ask(this);
        ask.setWindowTitle(tr("Memory"));
        ask.setLabelText(tr("For how many turns a side remembers an enemy it no longer sees:"));
        ask.setIntRange(-1, 1000);
        ask.setIntValue(now);
        if (auto* box = ask.findChild<QSpinBox*>()) box->setSpecialValueText(tr("for ever"));  // (at -1)
        ok = ask.exec() == QDialog::Accepted;
        const int turns = ask.intValue();
        if (!ok || turns == now) return;
        document_.edit(turns < 0 ? tr("Memory for Ever") : turns == 1 ? tr("Memory of 1 Turn") : tr("Memory of %1 Turns").arg(turns), [turns](Scenario& s) {
            if (!s.fog) s.fog = TableFog{};
            s.fog->memoryTurns = turns;
        });
    })->setObjectName(QStringLiteral("fog-memory"));

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&User Guide"), QKeySequence::HelpContents, this, &MainWindow::showGuide)
        ->setObjectName(QStringLiteral("help-guide"));
    help->addAction(tr("&About Sightline"), this, [this] {
        QMessageBox::about(this, tr("About Sightline"),
                           tr("<h3>Sightline %1</h3><p>Line of sight between based models on a tabletop: who can "
                              "see whom, exactly.</p><p>Licence: GPL-3.0-or-later.</p>"
                              "<p>Base sizes: Powered by <a href='https://40kdc.alpacasoft.dev'>40kdc-data</a> "
                              "(CC BY 4.0, Alpaca Software and the 40kdc community contributors).</p>")
                               .arg(QApplication::applicationVersion()));
    });

    QToolBar* editBar = addToolBar(tr("Tools"));
    editBar->setObjectName(QStringLiteral("tools-toolbar"));
    editBar->addActions(tools_->actions());
    auto* presetButton = new QToolButton(editBar);
    presetButton->setText(tr("Presets"));
    presetButton->setMenu(presets);
    presetButton->setPopupMode(QToolButton::InstantPopup);
    editBar->addWidget(presetButton);
    QToolBar* sightBar = addToolBar(tr("Sight"));
    sightBar->setObjectName(QStringLiteral("sight-toolbar"));
    sightBar->addActions(methods->actions());
    sightBar->addSeparator();
    sightBar->addActions(modes->actions());
    viewMenu_->addSeparator();
    for (QToolBar* bar : {editBar, sightBar}) {
        QAction* a = bar->toggleViewAction();
        a->setText(tr("%1 Toolbar").arg(bar->windowTitle()));
        a->setObjectName(QStringLiteral("view-") + bar->objectName());
        viewMenu_->addAction(a);
    }
}

GuideDialog* MainWindow::showGuide() {
    if (!guide_) guide_ = new GuideDialog(this);
    guide_->show();
    guide_->raise();
    guide_->activateWindow();
    return guide_;
}

bool MainWindow::setTableSize(double width, double height) {
    const Board now = document_.scenario().board;
    if (!(width > 0) || !(height > 0)) return false;
    if (now.width == width && now.height == height) return false;
    document_.edit(tr("Table size %1\" x %2\"").arg(width).arg(height), [width, height](Scenario& s) {
        s.board.width = width;
        s.board.height = height;
    });
    if (board_->isVisible()) board_->fitToWindow();
    int off = 0;
    const Scenario& s = document_.scenario();
    for (const Model& m : s.models) off += m.position.x > width || m.position.y > height;
    for (const TerrainPiece& t : s.terrain) {
        const Vec2 c = edits::footprintCentre(t.footprint);
        off += c.x > width || c.y > height;
    }
    for (const Zone& z : s.zones) {
        const Vec2 c = edits::zoneCentre(z);
        off += c.x > width || c.y > height;
    }
    statusBar()->showMessage(off == 0 ? tr("The table is now %1\" x %2\".").arg(width).arg(height)
                                      : tr("The table is now %1\" x %2\"; %3 items lie past its edge (Undo puts the size back).")
                                            .arg(width).arg(height).arg(off),
                             8000);
    return true;
}

void MainWindow::buildPalette() {
    auto* panel = new QWidget(this);
    auto* layout = new QVBoxLayout(panel);
    palette_ = new QListWidget(panel);
    palette_->setObjectName(QStringLiteral("palette"));
    for (const edits::BaseChoice& b : edits::basePalette()) palette_->addItem(b.label);
    palette_->setCurrentRow(2);  // 32 mm
    layout->addWidget(palette_, 1);
    auto* form = new QFormLayout;
    side_ = new QComboBox(panel);
    side_->setEditable(true);
    side_->addItems({QStringLiteral("blue"), QStringLiteral("red")});
    unit_ = new QLineEdit(panel);
    unit_->setPlaceholderText(tr("each model its own"));
    height_ = new QDoubleSpinBox(panel);
    height_->setRange(0.1, 40);
    height_->setDecimals(2);
    height_->setSingleStep(0.25);
    height_->setValue(1.75);
    height_->setSuffix(QStringLiteral("\""));
    form->addRow(tr("Side"), side_);
    form->addRow(tr("Unit"), unit_);
    form->addRow(tr("Height"), height_);
    layout->addLayout(form);
    auto* dock = new QDockWidget(tr("Models"), this);
    dock->setObjectName(QStringLiteral("palette"));
    dock->setWidget(panel);
    addDockWidget(Qt::LeftDockWidgetArea, dock);
    // Picking a base, or changing what is placed, arms the place-model tool.
    connect(palette_, &QListWidget::itemClicked, this, &MainWindow::placeFromPalette);
    connect(side_, &QComboBox::currentTextChanged, this, [this] {
        if (board_->tool() == BoardView::Tool::PlaceModel) placeFromPalette();
        else syncPlacement();
    });
    connect(unit_, &QLineEdit::textChanged, this, [this] {
        if (board_->tool() == BoardView::Tool::PlaceModel) placeFromPalette();
    });
    connect(height_, &QDoubleSpinBox::valueChanged, this, [this] {
        if (board_->tool() == BoardView::Tool::PlaceModel) placeFromPalette();
    });
}

void MainWindow::placeFromPalette() {
    syncPlacement();
    board_->setTool(BoardView::Tool::PlaceModel);
}

void MainWindow::syncPlacement() {
    const auto palette = edits::basePalette();
    const int row = std::clamp(palette_->currentRow(), 0, static_cast<int>(palette.size()) - 1);
    BoardView::Placement p;
    p.base = palette[row].base;
    p.side = side_->currentText().trimmed().toStdString();
    p.unit = unit_->text().trimmed().toStdString();
    p.height = height_->value();
    board_->setPlacement(p);
}

namespace {

// A unit ruling as a side's point of view shows it: without the models the side does not see
// (their rows or columns) and the reasons that name them.
UnitRuling withoutUnseen(const UnitRuling& u, const std::vector<int>& unseen, const Scenario& s) {
    if (unseen.empty()) return u;
    auto hidden = [&](int m) { return std::find(unseen.begin(), unseen.end(), m) != unseen.end(); };
    UnitRuling out = u;
    out.attackers.clear();
    out.targets.clear();
    out.pairs.clear();
    out.unitVisible.clear();
    out.unitFullyVisible.clear();
    out.coverAgainst.clear();
    out.plungingAgainst.clear();
    out.coverOf.clear();
    out.reasons.clear();
    out.reasonIds.clear();
    std::vector<size_t> kept;
    for (size_t j = 0; j < u.targets.size(); ++j)
        if (!hidden(u.targets[j])) {
            kept.push_back(j);
            out.targets.push_back(u.targets[j]);
            if (j < u.coverOf.size()) out.coverOf.push_back(u.coverOf[j]);
        }
    for (size_t i = 0; i < u.attackers.size(); ++i) {
        if (hidden(u.attackers[i])) continue;
        out.attackers.push_back(u.attackers[i]);
        std::vector<PairResult> row;
        for (size_t j : kept) row.push_back(u.pairs[i][j]);
        out.pairs.push_back(std::move(row));
        out.unitVisible.push_back(u.unitVisible[i]);
        out.unitFullyVisible.push_back(u.unitFullyVisible[i]);
        out.coverAgainst.push_back(u.coverAgainst[i]);
        out.plungingAgainst.push_back(u.plungingAgainst[i]);
    }
    for (size_t k = 0; k < u.reasons.size(); ++k) {
        bool names = false;
        for (const std::string& id : u.reasonIds[k])
            for (int m : unseen) names = names || s.models[static_cast<size_t>(m)].id == id;
        if (names) continue;
        out.reasons.push_back(u.reasons[k]);
        out.reasonIds.push_back(u.reasonIds[k]);
    }
    return out;
}

}  // namespace

bool MainWindow::shadeUnseen(double height) {
    const QString side = board_->pointOfView();
    if (side.isEmpty() || !analysis_->setSide(side)) return false;
    lastShadeHeight_ = height;
    analysis_->setPointProbe(height);
    analysis_->setSpacing(1.0);  // (a shading: one inch is fine enough, and quick)
    analysis_->setVeil(true);
    showAnalysis();
    return analysis_->compute();
}

void MainWindow::showAnalysis() {
    analysisDock_->show();
    analysisDock_->raise();
    // Under the Ruling dock it starts short and narrow: its settings, buttons, legend and
    // figures (which come with the map) want two thirds of the docks' height and 350 pixels
    // of width (a zone's name whole in Seen by, beside the scroll bar a long legend brings).
    // It gets that; one the person made larger keeps its size.
    auto* ruling = findChild<QDockWidget*>(QStringLiteral("ruling"));
    if (analysisDock_->isFloating() || !ruling || !ruling->isVisible() || ruling->isFloating() ||
        dockWidgetArea(ruling) != dockWidgetArea(analysisDock_))
        return;
    const int total = ruling->height() + analysisDock_->height();
    if (const int tall = total * 2 / 3; analysisDock_->height() < tall)
        resizeDocks({ruling, analysisDock_}, {total - tall, tall}, Qt::Vertical);
    if (constexpr int kWide = 350; analysisDock_->width() < kWide) resizeDocks({analysisDock_}, {kWide}, Qt::Horizontal);
}

bool MainWindow::endFogTurn() {
    if (turnBusy_) {
        statusBar()->showMessage(tr("A turn is being ended already"), 3000);
        return false;
    }
    if (tableSides(document_.scenario()).size() < 2) {
        statusBar()->showMessage(tr("No turn to end: fog of war needs models of two sides on the table"), 5000);
        return false;
    }
    turnAskedAt_ = tableChanges_;
    auto scenario = std::make_shared<const Scenario>(document_.scenario());
    statusBar()->showMessage(tr("Ending turn %1: working out what each side sees...")
                                 .arg(scenario->fog ? scenario->fog->turn : TableFog{}.turn));
    turnBusy_ = true;
    turnWatcher_.setFuture(QtConcurrent::run([scenario]() -> std::optional<TableFog> {
        Scenario s = *scenario;
        if (!endTableTurn(s)) return std::nullopt;
        return s.fog;
    }));
    return true;
}

FogHistoryDialog* MainWindow::showFogHistory() {
    auto* dialog = new FogHistoryDialog(document_.scenario(), this);
    if (const int at = dialog->sideBox()->findData(board_->pointOfView()); at >= 0) dialog->sideBox()->setCurrentIndex(at);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

QString MainWindow::autosavePath() {
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/autosave.sightline.json");
}

bool MainWindow::hasAutosave() { return QFile::exists(autosavePath()); }

void MainWindow::autosaveNow() {
    if (!document_.isModified()) {
        discardAutosave();
        return;
    }
    QDir().mkpath(QFileInfo(autosavePath()).absolutePath());
    QString error;
    if (io::saveScenarioFile(document_.scenario(), autosavePath(), &error)) {
        QSettings settings;
        settings.setValue(QStringLiteral("autosave/origin"), document_.filePath());
        settings.setValue(QStringLiteral("autosave/time"), QDateTime::currentDateTime());
    } else {
        statusBar()->showMessage(tr("Autosave failed: %1").arg(error), 6000);
    }
}

void MainWindow::discardAutosave() {
    autosave_.stop();
    QFile::remove(autosavePath());
}

bool MainWindow::offerRecovery(bool ask) {
    if (!hasAutosave()) return false;
    QSettings settings;
    const QString origin = settings.value(QStringLiteral("autosave/origin")).toString();
    if (ask) {
        const QString when = QLocale().toString(settings.value(QStringLiteral("autosave/time")).toDateTime(), QLocale::ShortFormat);
        const auto answer = prompts_->question(
            this, tr("Recover unsaved work?"),
            tr("Sightline did not close normally. Unsaved changes to %1 from %2 were kept. Recover them?")
                .arg(origin.isEmpty() ? tr("an untitled table") : QFileInfo(origin).fileName(), when),
            QMessageBox::Yes | QMessageBox::Discard, QMessageBox::Yes);
        if (answer != QMessageBox::Yes) {
            discardAutosave();
            return false;
        }
    }
    io::ReadResult r = io::readScenarioFile(autosavePath());
    if (!r.scenario) {
        QStringList lines;
        for (const io::Problem& p : r.problems) lines << p.toString();
        if (ask) prompts_->warning(this, tr("Cannot recover"), lines.join(QLatin1Char('\n')));
        return false;
    }
    document_.adoptUnsaved(*r.scenario, origin);
    startOnNewTable();
    updateTitle();
    statusBar()->showMessage(tr("Recovered unsaved work; save it to keep it."), 8000);
    return true;
}

TileMapWindow* MainWindow::openTileMap(const QString& path, bool quiet) {
    QString error;
    TileMapWindow* w = TileMapWindow::open(path, &error);
    if (!w) {
        if (!quiet) prompts_->warning(this, tr("Cannot open %1").arg(QFileInfo(path).fileName()), error);
        statusBar()->showMessage(error);
        return nullptr;
    }
    w->show();
    return w;
}

bool MainWindow::openFile(const QString& path, bool quiet) {
    QList<io::Problem> problems;
    if (!document_.open(path, &problems)) {
        QStringList lines;
        for (const io::Problem& p : problems) lines << p.toString();
        if (!quiet) prompts_->warning(this, tr("Cannot open %1").arg(QFileInfo(path).fileName()), lines.join(QLatin1Char('\n')));
        statusBar()->showMessage(lines.value(0));
        return false;
    }
    startOnNewTable();
    discardAutosave();
    rememberRecent(path);
    updateTitle();
    return true;
}

bool MainWindow::saveTo(const QString& path) {
    QString error;
    if (!document_.saveAs(path, &error)) {
        // The document keeps its file and stays modified: nothing was written.
        statusBar()->showMessage(tr("Not saved: %1").arg(error));
        prompts_->warning(this, tr("Cannot save"), tr("The table was not saved.\n\n%1").arg(error));
        return false;
    }
    rememberRecent(path);
    discardAutosave();
    statusBar()->showMessage(tr("Saved %1").arg(path), 4000);
    updateTitle();
    return true;
}

bool MainWindow::maybeSave() {
    if (!document_.isModified()) return true;
    const QString name = document_.filePath().isEmpty() ? tr("The untitled table") : QFileInfo(document_.filePath()).fileName();
    const auto answer = prompts_->saveChanges(this, tr("%1 has changes that are not saved. Save them?").arg(name));
    if (answer == QMessageBox::Cancel) return false;
    if (answer == QMessageBox::Discard) return true;
    return save();
}

bool MainWindow::newTable() {
    if (!maybeSave()) return false;
    document_.newDocument();
    startOnNewTable();
    discardAutosave();
    updateTitle();
    statusBar()->showMessage(tr("New table; saving asks for a file name."), 6000);
    return true;
}

bool MainWindow::save() {
    const QString path = document_.filePath();
    if (path.isEmpty()) return saveAs();
    return saveOrCopy(path);
}

bool MainWindow::saveOrCopy(const QString& path) {
    if (isExample(path) && overwriteAgreed_ != path) {
        const QString text = tr("%1 is one of the examples that come with Sightline. Save your changes to a copy, "
                                "so that the example stays as it came?")
                                 .arg(QFileInfo(path).fileName());
        switch (prompts_->saveOverExample(this, text)) {
        case Prompts::ExampleSave::Copy:
            return saveAs();
        case Prompts::ExampleSave::Cancel:
            statusBar()->showMessage(tr("Not saved"), 4000);
            return false;
        case Prompts::ExampleSave::Overwrite:
            overwriteAgreed_ = path;
            break;
        }
    }
    return saveTo(path);
}

namespace {

// The folders of the examples that come with Sightline, as they are now (worked out on a save
// or an export: a few file lookups).
QStringList exampleRoots() {
    QStringList dirs{QStringLiteral(SIGHTLINE_EXAMPLES_DIR), QCoreApplication::applicationDirPath() + QStringLiteral("/../share/sightline/examples")};
    dirs += QStandardPaths::locateAll(QStandardPaths::GenericDataLocation, QStringLiteral("sightline/examples"), QStandardPaths::LocateDirectory);
    QStringList out;
    for (const QString& d : dirs)
        if (const QString c = QFileInfo(d).canonicalFilePath(); !c.isEmpty() && !out.contains(c)) out << c;
    return out;
}

bool within(const QStringList& roots, const QString& path) {
    const QString file = QFileInfo(path).canonicalFilePath();
    return !file.isEmpty() && std::ranges::any_of(roots, [&](const QString& root) { return file.startsWith(root + QLatin1Char('/')); });
}

}  // namespace

bool MainWindow::isExample(const QString& path) {
    return within(exampleRoots(), path);
}

bool MainWindow::saveAs() {
    // (An example's copy is offered where the person's own files are, under its name.)
    const QString start = document_.filePath().isEmpty() ? writeFolder()
                          : isExample(document_.filePath())
                              ? QDir(writeFolder()).filePath(QFileInfo(document_.filePath()).fileName())
                              : document_.filePath();
    const QString path = prompts_->saveFileName(this, document_.filePath().isEmpty() ? tr("Save scenario") : tr("Save scenario as"),
                                                start, tr("Scenarios (*.sightline.json)"));
    // (A name chosen among the examples is asked about as Save asks.)
    return !path.isEmpty() && saveOrCopy(path);
}

bool MainWindow::openRecent(const QString& path) {
    if (!maybeSave()) return false;
    if (!QFileInfo::exists(path)) {
        // Gone since it was opened: say so, and drop it from the list.
        QSettings settings;
        QStringList recent = settings.value(QStringLiteral("files/recent")).toStringList();
        recent.removeAll(path);
        settings.setValue(QStringLiteral("files/recent"), recent);
        rebuildRecentMenu();
        prompts_->warning(this, tr("Cannot open %1").arg(QFileInfo(path).fileName()),
                          tr("%1 no longer exists; it was taken off the recent files.").arg(path));
        return false;
    }
    return openFile(path);
}

QString MainWindow::startFolder() const {
    if (!document_.filePath().isEmpty()) return QFileInfo(document_.filePath()).absolutePath();
    const QStringList recent = QSettings().value(QStringLiteral("files/recent")).toStringList();
    if (!recent.isEmpty() && QFileInfo(QFileInfo(recent.front()).absolutePath()).isDir()) return QFileInfo(recent.front()).absolutePath();
    // (A folder that is not there would be taken for a file's name: the home folder then.)
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return QFileInfo(documents).isDir() ? documents : QDir::homePath();
}

QString MainWindow::writeFolder() const {
    const QStringList roots = exampleRoots();
    if (!document_.filePath().isEmpty() && !within(roots, document_.filePath())) return QFileInfo(document_.filePath()).absolutePath();
    // (A dialog told of a folder that does not exist starts where it was last, which may
    // be among the examples: only folders that are there, the home folder where there is
    // no Documents folder.)
    for (const QString& file : QSettings().value(QStringLiteral("files/recent")).toStringList())
        if (!within(roots, file) && QFileInfo(QFileInfo(file).absolutePath()).isDir()) return QFileInfo(file).absolutePath();
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return QFileInfo(documents).isDir() ? documents : QDir::homePath();
}

QString MainWindow::exportStart(const QString& tail, bool map) const {
    QString base = document_.filePath().isEmpty() ? QStringLiteral("table")
                                                  : QFileInfo(document_.filePath()).fileName().section(QLatin1Char('.'), 0, 0);
    if (map && board_->mapLayer())
        base += analysis_->exposure() ? QStringLiteral("-exposure")
                : analysis_->hiding() ? QStringLiteral("-hiding")
                : analysis_->lanes()  ? QStringLiteral("-lanes")
                : analysis_->map()    ? QStringLiteral("-vision")
                                      : QString();
    const QString last = QSettings().value(QStringLiteral("files/export-folder")).toString();
    const QStringList roots = exampleRoots();
    const bool usable = !last.isEmpty() && QFileInfo(last).isDir() && !within(roots, last) &&
                        !roots.contains(QFileInfo(last).canonicalFilePath());
    const QString folder = usable ? last : writeFolder();
    return QDir(folder).filePath(base + tail);
}

void MainWindow::exported(const QString& path) {
    QSettings().setValue(QStringLiteral("files/export-folder"), QFileInfo(path).absolutePath());
    statusBar()->showMessage(tr("Exported %1").arg(path), 4000);
}

void MainWindow::startOnNewTable() {
    overwriteAgreed_.clear();  // (an example opened again is asked about again)
    if (analysis_) analysis_->clear();  // (its map was another table's)
    board_->setPointOfView(QString());  // (another table: every model, until a side is chosen)
    board_->setTarget(-1);
    board_->setObserver(-1);
    board_->setSelection({});
    board_->fitToWindow();
}

void MainWindow::closeEvent(QCloseEvent* e) {
    if (!maybeSave()) {
        e->ignore();
        return;
    }
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    analysis_->saveChoices();
    discardAutosave();
    e->accept();
}

void MainWindow::updateTitle() {
    const QString name = document_.filePath().isEmpty() ? tr("Untitled") : QFileInfo(document_.filePath()).fileName();
    setWindowTitle(QStringLiteral("%1[*] - Sightline").arg(name));
    setWindowModified(document_.isModified());
}

void MainWindow::updateRuling() {
    rulingShown_.start();
    auto show = [this](const QString& html) {
        const QString text = linked(html);
        // While a model is dragged the panel is shorter (the reasons wait for the put-down) and
        // scrolls up; where the reader was is kept and given back once it is put down (the
        // text then may be the same as the last step's: given back all the same).
        QScrollArea* area = nullptr;
        for (QWidget* w = ruling_->parentWidget(); w && !area; w = w->parentWidget()) area = qobject_cast<QScrollArea*>(w);
        QPointer<QScrollBar> bar = area ? area->verticalScrollBar() : nullptr;
        auto giveBack = [&] {
            if (!bar || board_->dragging() || !dragScroll_) return;
            const int value = *dragScroll_;
            dragScroll_.reset();
            QTimer::singleShot(0, this, [bar, value] {
                if (bar) bar->setValue(value);
            });
        };
        if (text == ruling_->text()) {  // (the same text: no new layout)
            giveBack();
            return;
        }
        if (bar && board_->dragging() && !dragScroll_) dragScroll_ = bar->value();
        ruling_->setText(text);
        // A matrix wider than the panel is scrolled across, not cut off: the label is at least
        // as wide as its widest table laid out at its own width (a table squeezed to the
        // panel's width keeps its cells' unbroken text and is painted past the panel's edge).
        if (area) {
            const int inner = std::max(100, area->viewport()->width() - 2 * ruling_->margin());
            const int need = static_cast<int>(std::ceil(render::matrixWidth(text, ruling_->font())));
            auto* dock = findChild<QDockWidget*>(QStringLiteral("ruling"));
            if (need > inner && widenForMatrix_ && dock && !dock->isFloating()) {
                // Entering a unit mode: the dock as wide as the matrix (the text then wraps
                // at that width too), once; a panel the user narrows later scrolls.
                widenForMatrix_ = false;
                resizeDocks({dock}, {dock->width() + need - inner + 12}, Qt::Horizontal);
            }
            ruling_->setMinimumWidth(need > inner ? need + 2 * ruling_->margin() : 220);
        }
        giveBack();
    };
    const Scenario& s = document_.scenario();
    const int o = board_->observer();
    if (o < 0) {
        show(tr("<p><b>No observer.</b></p><p>Click a model to make it the observer.</p>"));
        return;
    }
    const QString observer = link(s, s.models[o].id);
    if (board_->allEnemies()) {
        QStringList seen, unseen, open;
        const std::vector<int>& working = board_->overlay().enemiesOpen;
        for (const auto& [t, visible] : board_->overlay().enemies) {
            const Model& m = s.models[t];
            const bool undecided = std::find(working.begin(), working.end(), t) != working.end();
            (undecided ? open : visible ? seen : unseen) << link(s, m.id);
        }
        auto list = [](const QStringList& names) {
            return names.isEmpty() ? QObject::tr("<p><i>none</i></p>")
                                   : QStringLiteral("<ul style='margin-left:-20px'><li>%1</li></ul>").arg(names.join(QStringLiteral("</li><li>")));
        };
        show(tr("<p><b>%1</b> against all enemies</p><p>sees <b>%2</b> of %3%4</p>")
                             .arg(observer)
                             .arg(seen.size())
                             .arg(seen.size() + unseen.size() + open.size())
                             .arg(open.isEmpty() ? QString() : tr(" (%1 being worked out)").arg(open.size())) +
                         tr("<p><span style='color:#1fa33a'>&#9679;</span> <b>Seen</b> (solid green ring)</p>") + list(seen) +
                         tr("<p><span style='color:#d62728'>&#9675;</span> <b>Not seen</b> (dashed red ring)</p>") + list(unseen) +
                         (open.isEmpty() ? QString()
                                         : tr("<p><span style='color:#9db7e0'>&#9675;</span> <b>Being worked out</b> (dotted blue ring; "
                                              "%1)</p>")
                                                   .arg(board_->dragging() ? tr("decided when the model is put down or held still")
                                                                           : tr("being decided in the background; the window stays free")) +
                                               list(open)));
        return;
    }
    if (board_->unitMode() != BoardView::UnitMode::Off && !board_->unitRuling() && board_->unitRulingPending()) {
        show(tr("<p><b>%1</b></p><p><i>Working out the unit ruling...</i></p>").arg(observer));
        return;
    }
    if (const auto& shown = board_->unitRuling()) {
        const std::optional<UnitRuling> u = withoutUnseen(*shown, board_->unseenModels(), s);
        show(tr("<p><small>%1, %2</small></p>")
                             .arg(QString::fromUtf8(methodName(board_->method()).data(), static_cast<int>(methodName(board_->method()).size())),
                                  QString::fromStdString(s.ruleset.name)) +
                         (board_->dragging()
                              // While dragging: the reasons (the longest part to lay out) wait for the put-down.
                              ? [&] {
                                    const render::RulingHtml parts = render::rulingParts(s, *u, 10, false);
                                    return parts.summary + parts.matrix + parts.legend +
                                           tr("<p><i>The reasons follow when the model is put down.</i></p>");
                                }()
                              : render::rulingHtml(s, *u)));
        return;
    }
    const auto& r = board_->ruling();
    if (!r) {
        show(tr("<p>Observer <b>%1</b></p><p>Shift-click or right-click a target, or hover an enemy.</p>")
                             .arg(observer));
        return;
    }
    const QString colour = r->visible     ? QStringLiteral("#1fa33a")
                           : r->undecided ? QStringLiteral("#c77800")  // amber: neither proven
                                          : QStringLiteral("#d62728");
    QString text = tr("<p><b>%1</b> &rarr; <b>%2</b> <small>(%3, %4)</small></p>")
                       .arg(observer, link(s, r->target),
                            QString::fromUtf8(methodName(r->method).data(), static_cast<int>(methodName(r->method).size())),
                            QString::fromStdString(s.ruleset.name));
    text += tr("<p style='color:%1'><b>%2</b></p>")
                .arg(colour, r->visible ? tr("Visible") : r->undecided ? tr("Undecided") : tr("Not visible"));
    if (r->undecided)
        text += r->visible ? tr("<p>Fully visible is undecided: no proof either way at a knife edge.</p>")
                           : tr("<p>Undecided: the only lines found touch a base or a corner exactly, and none "
                                "near them that can be written down is open; no proof that none is open.</p>");
    text += tr("<table cellspacing=4>"
               "<tr><td>Fully visible</td><td><b>%1</b></td></tr>"
               "<tr><td>Seen</td><td><b>%2%</b></td></tr>"
               "<tr><td>Distance</td><td><b>%3\"</b></td></tr>")
                .arg(r->fully_visible ? tr("yes") : r->undecided && r->visible ? tr("undecided") : tr("no"))
                .arg(percentSeen(r->visible_fraction))
                .arg(r->distance, 0, 'f', 2);
    // (On the table: how far the witness keeps from the nearest piece it is low enough to
    // meet; its height over or under a piece is the side view's.)
    if (r->clearance)
        text += tr("<tr><td>Room beside the line</td><td><b>%1\"%2</b> <span style='color:gray'>(on the table; over or "
                   "under a piece: Side View, Ctrl+Shift+D)</span></td></tr>")
                    .arg(*r->clearance, 0, 'f', *r->clearance < 0.1 ? 4 : 2)
                    .arg(*r->clearance >= kClearanceCap ? tr(" or more") : QString());
    text += QStringLiteral("</table>");
    if (!r->visible && !r->blocking_set.empty()) text += tr("<p>Every line blocked by: <b>%1</b></p>").arg(ids(s, r->blocking_set));
    if (!r->blocked_by.empty()) text += tr("<p>Centre line blocked by: %1</p>").arg(ids(s, r->blocked_by));
    if (r->cover) {
        // The game's rulings and why.
        auto yes = [this](const std::optional<bool>& v) { return v.value_or(false) ? tr("yes") : tr("no"); };
        text += tr("<table cellspacing=4><tr><td>Cover</td><td><b>%1</b></td></tr><tr><td>Hidden</td><td><b>%2</b></td></tr>"
                   "<tr><td>Plunging fire</td><td><b>%3</b></td></tr><tr><td>Engagement range</td><td><b>%4</b></td></tr></table>")
                    .arg(yes(r->cover), yes(r->hidden), yes(r->plunging_fire), yes(r->in_engagement_range));
        QStringList reasons;
        for (size_t k = 0; k < r->reasons.size(); ++k)
            reasons << reasonHtml(s, r->reasons[k], k < r->reason_ids.size() ? r->reason_ids[k] : std::vector<std::string>{});
        if (!reasons.isEmpty()) text += QStringLiteral("<ul style='margin-left:-20px'><li>%1</li></ul>").arg(reasons.join(QStringLiteral("</li><li>")));
    } else if (r->tier) {
        // Light and senses (true-los): the tier, the senses, the light, and why.
        QStringList senses;
        for (const std::string& n : r->senses) senses << QString::fromStdString(n);
        text += tr("<table cellspacing=4><tr><td>Perceived</td><td><b>%1</b>%2</td></tr>%3</table>")
                    .arg(QString::fromStdString(*r->tier), senses.isEmpty() ? QString() : tr(" by %1").arg(senses.join(QStringLiteral(", "))),
                         r->light.empty() ? QString() : tr("<tr><td>Light there</td><td><b>%1</b></td></tr>").arg(QString::fromStdString(r->light)));
        QStringList reasons;
        for (size_t k = 0; k < r->reasons.size(); ++k)
            reasons << reasonHtml(s, r->reasons[k], k < r->reason_ids.size() ? r->reason_ids[k] : std::vector<std::string>{});
        if (!reasons.isEmpty()) text += QStringLiteral("<ul style='margin-left:-20px'><li>%1</li></ul>").arg(reasons.join(QStringLiteral("</li><li>")));
    }
    show(text);
}

QString MainWindow::linked(const QString& html) const {
    // Every word outside a tag that is the id of a model, piece or zone becomes a link
    // (not one already inside a link: the unit ruling links the labels it cites).
    const Scenario& s = document_.scenario();
    QSet<QString> ids;
    for (const Model& m : s.models) ids.insert(QString::fromStdString(m.id).toHtmlEscaped());
    for (const TerrainPiece& t : s.terrain) ids.insert(QString::fromStdString(t.id).toHtmlEscaped());
    for (const Zone& z : s.zones) ids.insert(QString::fromStdString(z.id).toHtmlEscaped());
    static const QRegularExpression token(QStringLiteral("<[^>]*>|[A-Za-z0-9_.:-]+"));
    QString out;
    qsizetype last = 0;
    bool inLink = false;
    for (auto it = token.globalMatch(html); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        out += html.mid(last, m.capturedStart() - last);
        const QString word = m.captured();
        if (word.startsWith(QLatin1String("<a "), Qt::CaseInsensitive)) inLink = true;
        else if (word.compare(QLatin1String("</a>"), Qt::CaseInsensitive) == 0) inLink = false;
        if (!inLink && !word.startsWith(QLatin1Char('<')) && ids.contains(word))
            out += QStringLiteral("<a href='id:%1'>%2</a>").arg(QString::fromUtf8(QUrl::toPercentEncoding(word)), word);
        else
            out += word;
        last = m.capturedEnd();
    }
    return out + html.mid(last);
}

void MainWindow::rememberRecent(const QString& path) {
    QSettings settings;
    QStringList recent = settings.value(QStringLiteral("files/recent")).toStringList();
    recent.removeAll(QFileInfo(path).absoluteFilePath());
    recent.prepend(QFileInfo(path).absoluteFilePath());
    while (recent.size() > 10) recent.removeLast();
    settings.setValue(QStringLiteral("files/recent"), recent);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu() {
    recentMenu_->clear();
    const QStringList recent = QSettings().value(QStringLiteral("files/recent")).toStringList();
    for (const QString& path : recent)
        recentMenu_->addAction(QFileInfo(path).fileName(), this, [this, path] { openRecent(path); })->setToolTip(path);
    recentMenu_->setEnabled(!recent.isEmpty());
}

bool MainWindow::newFromLayout(LayoutDialog* dialog) {
    const auto s = dialog->chosen();
    if (!s) return false;
    // A new, untitled table made from the layout: saving asks where.
    document_.newDocument(*s);
    startOnNewTable();
    discardAutosave();
    updateTitle();
    statusBar()->showMessage(tr("New table from the layout %1").arg(QString::fromStdString(s->name)), 6000);
    return true;
}

bool MainWindow::addUnitFromCatalog(CatalogDialog* dialog) {
    // Where the cursor is now, on the table, before a dialog covers it; else the middle of
    // the part of the table in view.
    const Scenario& s = document_.scenario();
    const QPoint cursor = board_->mapFromGlobal(QCursor::pos());
    QPointF at = board_->toBoard(cursor);
    auto onTable = [&s](QPointF p) { return p.x() >= 0 && p.y() >= 0 && p.x() <= s.board.width && p.y() <= s.board.height; };
    if (!board_->rect().contains(cursor) || !onTable(at)) {
        const QRectF seen = QRectF(board_->toBoard(QPointF(0, 0)), board_->toBoard(QPointF(board_->width(), board_->height())))
                                .normalized()
                                .intersected(QRectF(0, 0, s.board.width, s.board.height));
        at = seen.isEmpty() ? QPointF(s.board.width / 2, s.board.height / 2) : seen.center();
    }
    std::unique_ptr<CatalogDialog> owned;
    if (!dialog) {
        owned = std::make_unique<CatalogDialog>(this);
        dialog = owned.get();
        // The table's sides offered, and the side of the deployment zone the block will
        // stand in chosen (else the one last chosen).
        QStringList sides;
        for (const Model& m : s.models) sides << QString::fromStdString(m.side);
        for (const Zone& z : s.zones) sides << QString::fromStdString(z.side);
        sides.removeDuplicates();
        dialog->offerSides(sides, QString::fromStdString(edits::deploymentSideAt(s, {at.x(), at.y()})));
        if (dialog->exec() != QDialog::Accepted) return false;
    }
    const auto entry = dialog->chosen();
    if (!entry) return false;
    bool moved = false;
    const std::vector<Model> block =
        edits::unitBlock(s, entry->base, dialog->count(), {at.x(), at.y()}, dialog->side().toStdString(),
                         entry->id.toStdString(), entry->name.toStdString(), dialog->height(), entry->keywords, &moved);
    const size_t first = s.models.size();
    document_.edit(tr("Add %1 %2").arg(block.size()).arg(entry->name), [block](Scenario& sc) {
        sc.models.insert(sc.models.end(), block.begin(), block.end());
    });
    edits::Selection sel;
    for (size_t i = 0; i < block.size(); ++i) sel.models.push_back(static_cast<int>(first + i));
    board_->setSelection(sel);
    // (Where the block would have overlapped a piece or a model there, it stands at the
    // nearest clear ground: said.)
    statusBar()->showMessage((block.size() == 1 ? tr("Added 1 model of %1 on a %2 base").arg(entry->name, kdc::baseLabel(*entry))
                                                : tr("Added %1 models of %2 on %3 bases").arg(block.size()).arg(entry->name, kdc::baseLabel(*entry))) +
                                 (moved ? tr(", at the nearest ground clear of the pieces and models there") : QString()),
                             6000);
    return true;
}

void MainWindow::exportRulingSheet() {
    const int o = board_->observer(), t = board_->target();
    if (o < 0 || t < 0) {
        prompts_->information(this, tr("Export ruling sheet"),
                                 tr("Pick an observer and a target first: the sheet rules the observer's unit "
                                    "against the target's unit."));
        return;
    }
    if (sheetJob_) {
        statusBar()->showMessage(tr("A ruling sheet is still being written"), 4000);
        return;
    }
    const QString path = prompts_->saveFileName(this, tr("Export ruling sheet"), exportStart(QStringLiteral("-ruling.pdf")),
                                                tr("PDF document (*.pdf);;PNG image (*.png)"));
    if (path.isEmpty()) return;
    exportRulingSheetTo(path);
}

bool MainWindow::exportRulingSheetTo(const QString& path) {
    const Scenario& s = document_.scenario();
    const int o = board_->observer(), t = board_->target();
    if (o < 0 || t < 0 || sheetJob_) return false;
    const std::string attacker = s.models[o].unit, target = s.models[t].unit;
    // The table as it is now, copied: edits made while the sheet is written do not reach it.
    // The observer and target picked are the pair in dispute: the sheet ends with their side view.
    auto job = [scenario = s, attacker, target, o, t, method = board_->method(), path]() -> QString {
        const Scene scene(scenario);
        const Rulings rulings(scene);
        const UnitRuling u = rulings.units(attacker, target, method);
        const std::vector<render::SheetSideView> views = render::disputedSideViews(scene, rulings, u, {{o, t}});
        QString error;
        if (!render::writeRulingSheet(scenario, u, path, &error, nullptr, views))
            return error.isEmpty() ? QStringLiteral("%1: cannot write the ruling sheet").arg(path) : error;
        return {};
    };
    sheetJob_ = new QFutureWatcher<QString>(this);
    sheetProgress_ = new QProgressDialog(tr("Ruling %1 against %2 and writing the sheet...")
                                             .arg(QString::fromStdString(attacker), QString::fromStdString(target)),
                                         QString(), 0, 0, this);
    sheetProgress_->setWindowTitle(tr("Export ruling sheet"));
    sheetProgress_->setMinimumDuration(400);  // a quick one shows no dialog
    sheetProgress_->setValue(0);
    statusBar()->showMessage(tr("Writing the ruling sheet %1...").arg(path));
    connect(sheetJob_, &QFutureWatcher<QString>::finished, this, [this, path] {
        const QString error = sheetJob_->result();
        sheetJob_->deleteLater();
        sheetJob_ = nullptr;
        sheetProgress_->deleteLater();
        sheetProgress_ = nullptr;
        if (!error.isEmpty()) {
            statusBar()->clearMessage();
            prompts_->warning(this, tr("Cannot export"), error);
        } else {
            exported(path);
        }
        emit rulingSheetDone(path, error);
    });
    sheetJob_->setFuture(QtConcurrent::run(std::move(job)));
    return true;
}

bool MainWindow::setRingRadii(const QString& text, QString* why) {
    std::vector<double> radii;
    QVariantList stored;
    for (const QString& part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        QString item = part.trimmed();
        if (item.endsWith(QLatin1Char('"'))) item.chop(1);
        bool ok = false;
        const double r = item.toDouble(&ok);
        if (!ok || !(r > 0) || r > 200) {
            if (why) *why = tr("\"%1\" is not a distance in inches (a number above 0, up to 200)").arg(part.trimmed());
            return false;
        }
        radii.push_back(r);
        stored << r;
    }
    if (radii.empty() || radii.size() > 8) {
        if (why) *why = tr("give one to eight distances, such as 6, 12, 18, 24");
        return false;
    }
    std::sort(radii.begin(), radii.end());
    board_->setRingRadii(radii);
    QSettings().setValue(QStringLiteral("view/ring-radii"), stored);
    return true;
}

void MainWindow::editRingRadii() {
    QStringList now;
    for (double r : board_->ringRadii()) now << QString::number(r, 'g', 4);
    bool ok = false;
    const QString text = prompts_->text(this, tr("Range rings"), tr("Distances from the base's edge, in inches:"),
                                        now.join(QStringLiteral(", ")), &ok);
    if (!ok) return;
    QString why;
    if (!setRingRadii(text, &why)) prompts_->warning(this, tr("Range rings"), tr("Not changed: %1.").arg(why));
}

void MainWindow::exportImage() {
    // (A map of the table before the last edits, drawn over the table as it is, would show
    // neither: the picture waits for the map worked out again.)
    if (board_->overlay().map && analysis_->stale()) {
        prompts_->warning(this, tr("Cannot export yet"),
                          tr("The map shown was worked out on the table before its last edits. Export the picture once the "
                             "map is worked out again for the table as it is (the Analysis dock says when), or clear the "
                             "map to export the table alone."));
        return;
    }
    // (The kind of file exported last offered first: the name ends with it, and the dialog's
    // type is it.)
    QStringList kinds{tr("PNG image (*.png)"), tr("SVG drawing (*.svg)"), tr("PDF document (*.pdf)")};
    const QString last = QSettings().value(QStringLiteral("files/export-image-kind"), QStringLiteral("png")).toString();
    for (qsizetype k = 1; k < kinds.size(); ++k)
        if (kinds[k].contains(QStringLiteral("*.") + last)) {
            kinds.move(k, 0);
            break;
        }
    const QString path = prompts_->saveFileName(this, tr("Export image"), exportStart(QLatin1Char('.') + suffixForFilter(kinds.front()), true),
                                                kinds.join(QStringLiteral(";;")));
    if (path.isEmpty()) return;
    QString error;
    render::Overlay overlay = board_->overlay();
    if (overlay.map) overlay.map->legendOnBoard = true;  // (the window shows it in the Analysis panel)
    overlay.mapLines.clear();  // (the lines of the cell last hovered: the pointer's, not the map's)
    overlay.mapCell.reset();
    overlay.mapBases.clear();  // (and the bases drawn there)
    // (What is selected is the editor's, not the table's: no outlines and handles.)
    overlay.selected.clear();
    overlay.selectedTerrain.clear();
    overlay.selectedZones.clear();
    // (A zone's map, exposure, hiding spots or lanes, is no model's: the observer's ring and
    // the pair's lines are not part of it.)
    if (overlay.map && (analysis_->exposure() || analysis_->hiding() || analysis_->lanes())) {
        overlay.observer = overlay.target = -1;
        overlay.result.reset();
        overlay.blocked.clear();
        overlay.enemies.clear();
        overlay.enemiesOpen.clear();
        overlay.pairLines.clear();
    }
    if (!render::renderToFile(document_.scenario(), overlay, path, &error)) {
        prompts_->warning(this, tr("Cannot export"), error);
        return;
    }
    exported(path);
    if (const QString kind = QFileInfo(path).suffix().toLower(); kind == QLatin1String("svg") || kind == QLatin1String("pdf") || kind == QLatin1String("png"))
        QSettings().setValue(QStringLiteral("files/export-image-kind"), kind);
}

}  // namespace sl::gui
