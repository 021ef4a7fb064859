#include "eliding_combo_box.h"

#include <QStyleOptionComboBox>
#include <QStylePainter>

namespace sl::gui {

QString ElidingComboBox::shortened(const QStyleOptionComboBox& option) const {
    // (The room the style gives the text: the edit field, less the icon and the gaps about
    // the text, taken a few pixels wider than the common style's, so that styles that pad
    // it more still show the ellipsis.)
    const QRect field = style()->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, this);
    int room = field.width() - 6;
    if (!option.currentIcon.isNull()) room -= option.iconSize.width() + 6;
    return fontMetrics().elidedText(option.currentText, Qt::ElideMiddle, std::max(room, 0));
}

QString ElidingComboBox::shownText() const {
    QStyleOptionComboBox option;
    initStyleOption(&option);
    return shortened(option);
}

void ElidingComboBox::paintEvent(QPaintEvent*) {
    QStylePainter painter(this);
    painter.setPen(palette().color(QPalette::Text));
    QStyleOptionComboBox option;
    initStyleOption(&option);
    painter.drawComplexControl(QStyle::CC_ComboBox, option);
    // (Nothing chosen: the placeholder, greyed, as the plain box shows it.)
    if (currentIndex() < 0 && !placeholderText().isEmpty()) {
        option.palette.setBrush(QPalette::ButtonText, option.palette.placeholderText());
        option.currentText = placeholderText();
    }
    option.currentText = shortened(option);
    painter.drawControl(QStyle::CE_ComboBoxLabel, option);
}

}  // namespace sl::gui
