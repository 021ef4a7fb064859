// The game's turns replayed (fog_history_dialog.h), drawn by the board's renderer.
#include "fog_history_dialog.h"

#include "board_renderer.h"
#include "fog_view.h"
#include "rules/table_fog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QImage>
#include <QLabel>
#include <QPainter>
#include <QPixmap>
#include <QPushButton>
#include <QSlider>
#include <QVBoxLayout>

#include <algorithm>

namespace sl::gui {

FogHistoryDialog::FogHistoryDialog(const Scenario& scenario, QWidget* parent) : QDialog(parent), scenario_(scenario) {
    setWindowTitle(tr("Fog of War: Turn History"));
    slider_ = new QSlider(Qt::Horizontal, this);
    slider_->setObjectName(QStringLiteral("history-turn"));
    const int turns = scenario_.fog ? static_cast<int>(scenario_.fog->history.size()) : 0;
    slider_->setRange(0, std::max(0, turns - 1));
    slider_->setPageStep(1);
    side_ = new QComboBox(this);
    side_->setObjectName(QStringLiteral("history-side"));
    side_->addItem(tr("Everyone"), QString());
    for (const std::string& s : tableSides(scenario_)) side_->addItem(tr("What %1 saw").arg(QString::fromStdString(s)), QString::fromStdString(s));
    if (side_->count() > 1) side_->setCurrentIndex(1);
    back_ = new QPushButton(tr("&Back"), this);
    forward_ = new QPushButton(tr("&Forward"), this);
    connect(back_, &QPushButton::clicked, this, [this] { slider_->setValue(slider_->value() - 1); });
    connect(forward_, &QPushButton::clicked, this, [this] { slider_->setValue(slider_->value() + 1); });
    caption_ = new QLabel(this);
    caption_->setWordWrap(true);
    picture_ = new QLabel(this);
    picture_->setMinimumSize(480, 360);
    picture_->setAlignment(Qt::AlignCenter);
    picture_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored);
    auto* controls = new QHBoxLayout;
    controls->addWidget(back_);
    controls->addWidget(slider_, 1);
    controls->addWidget(forward_);
    controls->addWidget(side_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(caption_);
    layout->addWidget(picture_, 1);
    layout->addWidget(buttons);
    connect(slider_, &QSlider::valueChanged, this, &FogHistoryDialog::redraw);
    connect(side_, &QComboBox::currentIndexChanged, this, &FogHistoryDialog::redraw);
    resize(900, 700);
    slider_->setValue(slider_->maximum());
    redraw();
}

int FogHistoryDialog::turnShown() const {
    if (!scenario_.fog || scenario_.fog->history.empty()) return 0;
    return scenario_.fog->history[static_cast<size_t>(slider_->value())].turn;
}

std::vector<std::string> FogHistoryDialog::drawnModels() const {
    std::vector<std::string> out;
    const auto v = render::fogViewAtTurn(scenario_, side_->currentData().toString().toStdString(), turnShown());
    if (!v) return out;
    for (int i = 0; i < static_cast<int>(v->table.models.size()); ++i)
        if (std::find(v->overlay.unseen.begin(), v->overlay.unseen.end(), i) == v->overlay.unseen.end())
            out.push_back(v->table.models[static_cast<size_t>(i)].id);
    return out;
}

std::vector<std::string> FogHistoryDialog::ghostModels() const {
    std::vector<std::string> out;
    const auto v = render::fogViewAtTurn(scenario_, side_->currentData().toString().toStdString(), turnShown());
    if (!v) return out;
    for (const render::Overlay::Ghost& g : v->overlay.ghosts) out.push_back(g.model.id);
    return out;
}

QString FogHistoryDialog::caption() const { return caption_->text(); }

void FogHistoryDialog::resizeEvent(QResizeEvent* e) {
    QDialog::resizeEvent(e);
    redraw();
}

void FogHistoryDialog::redraw() {
    back_->setEnabled(slider_->value() > slider_->minimum());
    forward_->setEnabled(slider_->value() < slider_->maximum());
    if (!scenario_.fog || scenario_.fog->history.empty()) {
        caption_->setText(tr("No turn has been ended yet: Fog of War > End Turn records what each side sees."));
        picture_->clear();
        return;
    }
    const TableTurn& turn = scenario_.fog->history[static_cast<size_t>(slider_->value())];
    const std::string side = side_->currentData().toString().toStdString();
    const std::optional<render::FogView> m = render::fogViewAtTurn(scenario_, side, turn.turn);
    if (!m) return;
    caption_->setText(side.empty()
                          ? tr("The end of turn %1 (%2 of %3): every model.").arg(turn.turn).arg(slider_->value() + 1).arg(slider_->maximum() + 1)
                          : tr("The end of turn %1 (%2 of %3), as %4 saw it: %5 of %6 enemy models seen, %7 remembered "
                               "(dashed, where they were last seen).")
                                .arg(turn.turn)
                                .arg(slider_->value() + 1)
                                .arg(slider_->maximum() + 1)
                                .arg(QString::fromStdString(side))
                                .arg(m->seen)
                                .arg(m->enemies)
                                .arg(m->overlay.ghosts.size()));
    const QSize size = picture_->size().expandedTo(QSize(320, 240)) * devicePixelRatioF();
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(QColor(0x24, 0x2a, 0x22));
    {
        QPainter p(&image);
        p.setRenderHint(QPainter::Antialiasing);
        render::BoardRenderer(m->table).paint(p, render::BoardRenderer::fit(QSizeF(image.size()), m->table.board), m->overlay);
    }
    image.setDevicePixelRatio(devicePixelRatioF());
    picture_->setPixmap(QPixmap::fromImage(image));
}

}  // namespace sl::gui
