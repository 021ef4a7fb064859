// Help > User Guide: the short guide shipped inside the program, in a window of its own
// that can stay open beside the board.
#pragma once

#include <QDialog>

class QTextBrowser;

namespace sl::gui {

class GuideDialog : public QDialog {
    Q_OBJECT
public:
    explicit GuideDialog(QWidget* parent = nullptr);
    QTextBrowser* browser() const { return browser_; }

private:
    QTextBrowser* browser_;
};

}  // namespace sl::gui
