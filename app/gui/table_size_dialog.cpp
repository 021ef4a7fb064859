// The table size dialog: a preset list that fills the two sizes, which can be typed.
#include "table_size_dialog.h"

#include "scenario_edits.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>

namespace sl::gui {

TableSizeDialog::TableSizeDialog(double width, double height, QWidget* parent)
    : QDialog(parent), presets_(new QComboBox(this)), width_(new QDoubleSpinBox(this)), height_(new QDoubleSpinBox(this)) {
    setWindowTitle(tr("Table Size"));
    const auto sizes = edits::tableSizes();
    for (const auto& s : sizes) presets_->addItem(s.label);
    presets_->addItem(tr("Custom"));
    for (QDoubleSpinBox* box : {width_, height_}) {
        box->setRange(1, 1000);
        box->setDecimals(2);
        box->setSuffix(QStringLiteral("\""));
    }
    width_->setValue(width);
    height_->setValue(height);
    auto match = [this, sizes] {
        int index = static_cast<int>(sizes.size());
        for (int i = 0; i < static_cast<int>(sizes.size()); ++i)
            if (sizes[i].width == width_->value() && sizes[i].height == height_->value()) index = i;
        const QSignalBlocker block(presets_);
        presets_->setCurrentIndex(index);
    };
    match();
    connect(presets_, &QComboBox::activated, this, [this, sizes](int i) {
        if (i >= static_cast<int>(sizes.size())) return;
        width_->setValue(sizes[i].width);
        height_->setValue(sizes[i].height);
    });
    connect(width_, &QDoubleSpinBox::valueChanged, this, match);
    connect(height_, &QDoubleSpinBox::valueChanged, this, match);
    auto* form = new QFormLayout(this);
    form->addRow(tr("&Table"), presets_);
    form->addRow(tr("&Width"), width_);
    form->addRow(tr("&Height"), height_);
    auto* note = new QLabel(tr("Nothing on the table moves; what lies past a smaller table's edge is said."), this);
    note->setWordWrap(true);
    form->addRow(note);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
}

double TableSizeDialog::width() const { return width_->value(); }
double TableSizeDialog::height() const { return height_->value(); }

}  // namespace sl::gui
