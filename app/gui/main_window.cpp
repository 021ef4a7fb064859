#include "main_window.h"

#include "board_renderer.h"
#include "board_view.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QToolBar>

namespace sl::gui {
namespace {

QString ids(const std::vector<std::string>& list) {
    QStringList out;
    for (const auto& id : list) out << QString::fromStdString(id);
    return out.isEmpty() ? QObject::tr("none") : out.join(QStringLiteral(", "));
}

}  // namespace

MainWindow::MainWindow() : board_(new BoardView(&document_, this)), ruling_(new QLabel(this)), cursor_(new QLabel(this)) {
    setCentralWidget(board_);
    ruling_->setTextFormat(Qt::RichText);
    ruling_->setWordWrap(true);
    ruling_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    ruling_->setMargin(8);
    ruling_->setMinimumWidth(220);
    auto* dock = new QDockWidget(tr("Ruling"), this);
    dock->setObjectName(QStringLiteral("ruling"));
    dock->setWidget(ruling_);
    addDockWidget(Qt::RightDockWidgetArea, dock);
    statusBar()->addPermanentWidget(cursor_);
    buildMenus();

    connect(board_, &BoardView::rulingChanged, this, &MainWindow::updateRuling);
    connect(board_, &BoardView::cursorMoved, this, [this](const QPointF& p) {
        cursor_->setText(tr("x %1\"  y %2\"").arg(p.x(), 0, 'f', 2).arg(p.y(), 0, 'f', 2));
    });
    connect(document_.undoStack(), &QUndoStack::cleanChanged, this, &MainWindow::updateTitle);
    connect(&document_, &ScenarioDocument::changed, this, &MainWindow::updateTitle);

    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    if (const auto m = parseMethod(settings.value(QStringLiteral("sight/method"), QStringLiteral("exact")).toString().toStdString()))
        board_->setMethod(*m);
    updateTitle();
    updateRuling();
    statusBar()->showMessage(tr("Click a model to make it the observer; shift-click or right-click another for the "
                                "target, or hover an enemy. Drag to move. Wheel to zoom."));
}

void MainWindow::buildMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&New"), QKeySequence::New, this, [this] {
        if (!maybeSave()) return;
        document_.edit(tr("New table"), [](Scenario& s) { s = Scenario{}; s.name = "Untitled"; });
        document_.undoStack()->clear();
        document_.undoStack()->setClean();
        updateTitle();
    });
    file->addAction(tr("&Open..."), QKeySequence::Open, this, [this] {
        if (!maybeSave()) return;
        const QString path = QFileDialog::getOpenFileName(this, tr("Open scenario"), {},
                                                          tr("Scenarios (*.sightline.json *.json)"));
        if (!path.isEmpty()) openFile(path);
    });
    recentMenu_ = file->addMenu(tr("Open &Recent"));
    rebuildRecentMenu();
    file->addAction(tr("&Save"), QKeySequence::Save, this, [this] {
        if (document_.filePath().isEmpty()) {
            const QString path = QFileDialog::getSaveFileName(this, tr("Save scenario"), {}, tr("Scenarios (*.sightline.json)"));
            if (!path.isEmpty()) saveTo(path);
        } else {
            saveTo(document_.filePath());
        }
    });
    file->addAction(tr("Save &As..."), QKeySequence::SaveAs, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Save scenario as"), document_.filePath(),
                                                          tr("Scenarios (*.sightline.json)"));
        if (!path.isEmpty()) saveTo(path);
    });
    file->addAction(tr("&Export Image..."), this, &MainWindow::exportImage);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = document_.undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = document_.undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addAction(tr("&Fit to Window"), QKeySequence(Qt::CTRL | Qt::Key_0), board_, &BoardView::fitToWindow);

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
    QAction* all = sight->addAction(tr("Observer Against &All Enemies"));
    all->setCheckable(true);
    all->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    connect(all, &QAction::toggled, board_, &BoardView::setAllEnemies);
    sight->addAction(tr("&Clear Target"), QKeySequence(Qt::Key_Escape), this, [this] { board_->setTarget(-1); });

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Sightline"), this, [this] {
        QMessageBox::about(this, tr("About Sightline"),
                           tr("<h3>Sightline %1</h3><p>Line of sight between based models on a tabletop: who can "
                              "see whom, exactly.</p><p>Licence: GPL-3.0-or-later.</p>")
                               .arg(QApplication::applicationVersion()));
    });

    QToolBar* tools = addToolBar(tr("Sight"));
    tools->setObjectName(QStringLiteral("sight-toolbar"));
    tools->addActions(methods->actions());
    tools->addSeparator();
    tools->addAction(all);
}

bool MainWindow::openFile(const QString& path, bool quiet) {
    QList<io::Problem> problems;
    if (!document_.open(path, &problems)) {
        QStringList lines;
        for (const io::Problem& p : problems) lines << p.toString();
        if (!quiet) QMessageBox::warning(this, tr("Cannot open %1").arg(QFileInfo(path).fileName()), lines.join(QLatin1Char('\n')));
        statusBar()->showMessage(lines.value(0));
        return false;
    }
    board_->setObserver(-1);
    board_->fitToWindow();
    rememberRecent(path);
    updateTitle();
    return true;
}

bool MainWindow::saveTo(const QString& path) {
    QString error;
    if (!document_.saveAs(path, &error)) {
        QMessageBox::warning(this, tr("Cannot save"), error);
        return false;
    }
    rememberRecent(path);
    statusBar()->showMessage(tr("Saved %1").arg(path), 4000);
    updateTitle();
    return true;
}

bool MainWindow::maybeSave() {
    if (!document_.isModified()) return true;
    const auto answer = QMessageBox::question(this, tr("Unsaved changes"),
                                              tr("The table has changes that are not saved. Save them?"),
                                              QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Cancel) return false;
    if (answer == QMessageBox::Discard) return true;
    if (!document_.filePath().isEmpty()) return saveTo(document_.filePath());
    const QString path = QFileDialog::getSaveFileName(this, tr("Save scenario"), {}, tr("Scenarios (*.sightline.json)"));
    return !path.isEmpty() && saveTo(path);
}

void MainWindow::closeEvent(QCloseEvent* e) {
    if (!maybeSave()) {
        e->ignore();
        return;
    }
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    e->accept();
}

void MainWindow::updateTitle() {
    const QString name = document_.filePath().isEmpty() ? tr("Untitled") : QFileInfo(document_.filePath()).fileName();
    setWindowTitle(QStringLiteral("%1[*] - Sightline").arg(name));
    setWindowModified(document_.isModified());
}

void MainWindow::updateRuling() {
    const Scenario& s = document_.scenario();
    const int o = board_->observer();
    if (o < 0) {
        ruling_->setText(tr("<p><b>No observer.</b></p><p>Click a model to make it the observer.</p>"));
        return;
    }
    const QString observer = QString::fromStdString(s.models[o].id);
    if (board_->allEnemies()) {
        int seen = 0, total = 0;
        for (const auto& [t, visible] : board_->overlay().enemies) {
            ++total;
            seen += visible;
        }
        ruling_->setText(tr("<p><b>%1</b> against all enemies</p><p>sees <b>%2</b> of %3</p>"
                            "<p><span style='color:#1fa33a'>green</span>: visible, "
                            "<span style='color:#d62728'>red</span>: not.</p>")
                             .arg(observer)
                             .arg(seen)
                             .arg(total));
        return;
    }
    const auto& r = board_->ruling();
    if (!r) {
        ruling_->setText(tr("<p>Observer <b>%1</b></p><p>Shift-click or right-click a target, or hover an enemy.</p>")
                             .arg(observer));
        return;
    }
    const QString colour = r->visible ? QStringLiteral("#1fa33a") : QStringLiteral("#d62728");
    QString text = tr("<p><b>%1</b> &rarr; <b>%2</b> <small>(%3)</small></p>")
                       .arg(observer, QString::fromStdString(r->target),
                            QString::fromUtf8(methodName(r->method).data(), static_cast<int>(methodName(r->method).size())));
    text += tr("<p style='color:%1'><b>%2</b></p>").arg(colour, r->visible ? tr("Visible") : tr("Not visible"));
    text += tr("<table cellspacing=4>"
               "<tr><td>Fully visible</td><td><b>%1</b></td></tr>"
               "<tr><td>Seen</td><td><b>%2%</b></td></tr>"
               "<tr><td>Distance</td><td><b>%3\"</b></td></tr>")
                .arg(r->fully_visible ? tr("yes") : tr("no"))
                .arg(qRound(r->visible_fraction * 100))
                .arg(r->distance, 0, 'f', 2);
    if (r->clearance) text += tr("<tr><td>Clearance</td><td><b>%1\"</b></td></tr>").arg(*r->clearance, 0, 'f', *r->clearance < 0.1 ? 4 : 2);
    text += QStringLiteral("</table>");
    if (!r->visible) {
        text += tr("<p>Every line blocked by: <b>%1</b></p>").arg(ids(r->blocking_set));
        text += tr("<p>Centre line blocked by: %1</p>").arg(ids(r->blocked_by));
    }
    ruling_->setText(text);
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
        recentMenu_->addAction(QFileInfo(path).fileName(), this, [this, path] {
            if (maybeSave()) openFile(path);
        })->setToolTip(path);
    recentMenu_->setEnabled(!recent.isEmpty());
}

void MainWindow::exportImage() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export image"), {},
                                                      tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"));
    if (path.isEmpty()) return;
    QString error;
    if (!render::renderToFile(document_.scenario(), board_->overlay(), path, &error))
        QMessageBox::warning(this, tr("Cannot export"), error);
    else
        statusBar()->showMessage(tr("Exported %1").arg(path), 4000);
}

}  // namespace sl::gui
