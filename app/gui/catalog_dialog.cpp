// The Add Unit from Catalog dialog: searching the catalog and choosing count and side.
#include "catalog_dialog.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QSettings>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace sl::gui {

CatalogDialog::CatalogDialog(QWidget* parent)
    : QDialog(parent), search_(new QLineEdit(this)), results_(new QListWidget(this)), count_(new QSpinBox(this)),
      side_(new QComboBox(this)), height_(new QDoubleSpinBox(this)) {
    setWindowTitle(tr("Add Unit from Catalog"));
    search_->setPlaceholderText(tr("Search by unit name or faction"));
    search_->setClearButtonEnabled(true);
    count_->setRange(1, 40);
    count_->setValue(5);
    side_->setEditable(true);
    side_->addItems({QStringLiteral("blue"), QStringLiteral("red")});
    side_->setCurrentText(QSettings().value(QStringLiteral("catalog/side"), QStringLiteral("blue")).toString());
    height_->setRange(0.1, 40);
    height_->setDecimals(2);
    height_->setValue(1.75);
    height_->setSuffix(QStringLiteral("\""));
    auto* form = new QFormLayout;
    form->addRow(tr("&Models"), count_);
    form->addRow(tr("S&ide"), side_);
    form->addRow(tr("&Height"), height_);
    auto* searchLabel = new QLabel(tr("&Search:"), this);
    searchLabel->setBuddy(search_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Add"));
    auto* credit = new QLabel(QString::fromLatin1(kdc::kAttribution), this);
    credit->setWordWrap(true);
    QFont small = credit->font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    credit->setFont(small);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(searchLabel);
    layout->addWidget(search_);
    layout->addWidget(results_, 1);
    layout->addLayout(form);
    layout->addWidget(credit);
    layout->addWidget(buttons);
    resize(520, 560);
    connect(search_, &QLineEdit::textChanged, this, &CatalogDialog::refill);
    connect(results_, &QListWidget::itemDoubleClicked, this, &QDialog::accept);
    connect(results_, &QListWidget::currentRowChanged, this,
            [buttons](int row) { buttons->button(QDialogButtonBox::Ok)->setEnabled(row >= 0); });
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    search_->installEventFilter(this);
    refill();
    buttons->button(QDialogButtonBox::Ok)->setEnabled(results_->currentRow() >= 0);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Add"));
}

bool CatalogDialog::eventFilter(QObject* watched, QEvent* event) {
    if (watched == search_ && event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent*>(event)->key();
        if (key == Qt::Key_Up || key == Qt::Key_Down || key == Qt::Key_PageUp || key == Qt::Key_PageDown) {
            QCoreApplication::sendEvent(results_, event);
            return true;
        }
    }
    return QDialog::eventFilter(watched, event);
}

void CatalogDialog::accept() {
    QSettings().setValue(QStringLiteral("catalog/side"), side());
    QDialog::accept();
}

void CatalogDialog::refill() {
    results_->clear();
    shown_ = kdc::search(kdc::builtInCatalog(), search_->text());
    const size_t limit = 300;  // a list a person can read; narrow it by typing
    for (size_t i = 0; i < shown_.size() && i < limit; ++i)
        results_->addItem(QStringLiteral("%1 — %2 — %3").arg(shown_[i].name, shown_[i].faction, kdc::baseLabel(shown_[i])));
    if (shown_.size() > limit) shown_.resize(limit);
    if (!shown_.empty()) results_->setCurrentRow(0);
}

std::optional<kdc::CatalogEntry> CatalogDialog::chosen() const {
    const int row = results_->currentRow();
    if (row < 0 || row >= static_cast<int>(shown_.size())) return std::nullopt;
    return shown_[row];
}

void CatalogDialog::offerSides(const QStringList& sides, const QString& preferred) {
    for (const QString& side : sides)
        if (!side.isEmpty() && side_->findText(side) < 0) side_->addItem(side);
    if (!preferred.isEmpty()) side_->setCurrentText(preferred);
}

int CatalogDialog::count() const { return count_->value(); }
QString CatalogDialog::side() const { return side_->currentText().trimmed(); }
double CatalogDialog::height() const { return height_->value(); }

}  // namespace sl::gui
