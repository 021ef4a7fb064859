// Fog of War > Turn History: the game's turns as they ended, replayed from either side (its
// models, the enemies it saw, the ones it remembered as ghosts) or from everyone's view.
#pragma once

#include "kernel/types.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QPushButton;
class QSlider;

namespace sl::gui {

class FogHistoryDialog : public QDialog {
    Q_OBJECT
public:
    FogHistoryDialog(const Scenario& scenario, QWidget* parent = nullptr);
    QSlider* turnSlider() const { return slider_; }
    QComboBox* sideBox() const { return side_; }
    // The turn and side shown, and the models drawn there (ids) and the ghosts (ids).
    int turnShown() const;
    std::vector<std::string> drawnModels() const;
    std::vector<std::string> ghostModels() const;
    QString caption() const;

protected:
    void resizeEvent(QResizeEvent*) override;

private:
    void redraw();
    Scenario scenario_;
    QSlider* slider_;
    QComboBox* side_;
    QLabel* caption_;
    QLabel* picture_;
    QPushButton* back_;
    QPushButton* forward_;
};

}  // namespace sl::gui
