// The New from Official Layout dialog: the shipped layouts, searchable, with a picture of
// the one picked.
#include "layout_dialog.h"

#include "board_renderer.h"
#include "kdc_data.h"
#include "scenario_io.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPainter>
#include <QPushButton>
#include <QVBoxLayout>

namespace sl::gui {

QString LayoutDialog::layoutsFolder() { return QStringLiteral(":/layouts/11e"); }

LayoutDialog::LayoutDialog(QWidget* parent)
    : QDialog(parent), search_(new QLineEdit(this)), list_(new QListWidget(this)), preview_(new QLabel(this)) {
    setWindowTitle(tr("New from Official Layout"));
    search_->setPlaceholderText(tr("Search layouts (mission, deployment, number)"));
    search_->setClearButtonEnabled(true);
    preview_->setMinimumSize(480, 352);
    preview_->setAlignment(Qt::AlignCenter);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Open"));
    auto* searchLabel = new QLabel(tr("&Search:"), this);
    searchLabel->setBuddy(search_);
    auto* listLabel = new QLabel(tr("&Layouts:"), this);
    listLabel->setBuddy(list_);
    auto* credit = new QLabel(tr("Layouts: Powered by 40kdc-data (https://40kdc.alpacasoft.dev), CC BY 4.0."), this);
    auto* left = new QVBoxLayout;
    left->addWidget(searchLabel);
    left->addWidget(search_);
    left->addWidget(listLabel);
    left->addWidget(list_, 1);
    auto* row = new QHBoxLayout;
    row->addLayout(left, 1);
    row->addWidget(preview_, 2);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(row, 1);
    layout->addWidget(credit);
    layout->addWidget(buttons);
    resize(900, 520);
    const QDir dir(layoutsFolder());
    for (const QString& file : dir.entryList({QStringLiteral("*.sightline.json")}, QDir::Files, QDir::Name)) {
        const io::ReadResult r = io::readScenarioFile(dir.filePath(file));
        if (r.scenario) layouts_.emplace_back(QString::fromStdString(r.scenario->name), dir.filePath(file));
    }
    connect(search_, &QLineEdit::textChanged, this, &LayoutDialog::refill);
    connect(list_, &QListWidget::currentRowChanged, this, &LayoutDialog::showPreview);
    connect(list_, &QListWidget::itemDoubleClicked, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    refill();
}

void LayoutDialog::refill() {
    list_->clear();
    const QStringList words = search_->text().toLower().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (const auto& [name, path] : layouts_) {
        const QString hay = (name + QLatin1Char(' ') + path).toLower();
        if (!std::all_of(words.begin(), words.end(), [&](const QString& w) { return hay.contains(w); })) continue;
        auto* item = new QListWidgetItem(name, list_);
        item->setData(Qt::UserRole, path);
        item->setToolTip(QFileInfo(path).fileName());
    }
    if (list_->count() > 0) list_->setCurrentRow(0);
    else preview_->setText(tr("No layout matches."));
}

void LayoutDialog::showPreview() {
    const auto s = chosen();
    if (!s) return;
    QImage image(preview_->minimumSize() * devicePixelRatioF(), QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(devicePixelRatioF());
    image.fill(palette().window().color());
    QPainter p(&image);
    render::Overlay plain;
    plain.labels = false;  // a thumbnail: the shapes tell the layout
    render::BoardRenderer(*s).paint(p, render::BoardRenderer::fit(preview_->minimumSize(), s->board, 6), plain);
    p.end();
    preview_->setPixmap(QPixmap::fromImage(image));
}

std::optional<Scenario> LayoutDialog::chosen() const {
    const QListWidgetItem* item = list_->currentItem();
    if (!item) return std::nullopt;
    return io::readScenarioFile(item->data(Qt::UserRole).toString()).scenario;
}

}  // namespace sl::gui
