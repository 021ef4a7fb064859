// The Side View dock: the vertical section of the table along the current pair's sight line
// (rules/side_view.h), drawn to scale: the line from the observer's top to the target's,
// every piece it passes with its height, and how far it clears (or runs into) the one it
// comes nearest to. It follows the pair on the board.
#pragma once

#include "board_view.h"
#include "rules/side_view.h"
#include "scenario_document.h"

#include <QWidget>

#include <optional>

namespace sl::gui {

class SideViewWidget : public QWidget {
    Q_OBJECT

public:
    SideViewWidget(ScenarioDocument* document, BoardView* board, QWidget* parent = nullptr);
    // Worked out again for the board's pair (nothing without an observer and a target).
    void refresh();
    const std::optional<SideView>& view() const { return view_; }
    // What the drawing says in words (also drawn under it).
    QString caption() const { return caption_; }
    QSize sizeHint() const override { return {640, 220}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    ScenarioDocument* document_;
    BoardView* board_;
    std::optional<SideView> view_;
    QString observer_, target_;  // their labels
    QString caption_;
};

}  // namespace sl::gui
