// Edit > Table Size: the standard tables (60x44, 44x30) or a custom size in inches.
#pragma once

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;

namespace sl::gui {

class TableSizeDialog : public QDialog {
    Q_OBJECT
public:
    TableSizeDialog(double width, double height, QWidget* parent = nullptr);
    double width() const;
    double height() const;
    QComboBox* presets() { return presets_; }
    QDoubleSpinBox* widthBox() { return width_; }
    QDoubleSpinBox* heightBox() { return height_; }

private:
    QComboBox* presets_;
    QDoubleSpinBox* width_;
    QDoubleSpinBox* height_;
};

}  // namespace sl::gui
