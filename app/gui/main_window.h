// The application's window: the board, the ruling panel, menus and the document's life
// (open, save, recent files, a prompt before losing changes), settings kept between runs.
#pragma once

#include "scenario_document.h"

#include <QLabel>
#include <QMainWindow>

namespace sl::gui {

class BoardView;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    MainWindow();

    // Opens a scenario file; on a problem, says so (a message box unless quiet) and keeps
    // the document as it was.
    bool openFile(const QString& path, bool quiet = false);
    bool saveTo(const QString& path);

    ScenarioDocument* document() { return &document_; }
    BoardView* board() { return board_; }
    QLabel* rulingLabel() { return ruling_; }

protected:
    void closeEvent(QCloseEvent* e) override;

private:
    void buildMenus();
    bool maybeSave();
    void updateTitle();
    void updateRuling();
    void rememberRecent(const QString& path);
    void rebuildRecentMenu();
    void exportImage();

    ScenarioDocument document_;
    BoardView* board_;
    QLabel* ruling_;
    QLabel* cursor_;
    QMenu* recentMenu_ = nullptr;
};

}  // namespace sl::gui
