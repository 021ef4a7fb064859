// A combo box that shortens its shown text in the middle where the box is too narrow for
// it ("Zone deplo…attacker"), so that both ends stay in sight: two long names that begin
// alike ("Zone deployment-attacker", "Zone deployment-defender") were cut to the same
// start. Its list shows every item whole.
#pragma once

#include <QComboBox>

namespace sl::gui {

class ElidingComboBox : public QComboBox {
    Q_OBJECT
public:
    using QComboBox::QComboBox;

    // The text as the box shows it at its width: the current item's, or that shortened in
    // the middle.
    QString shownText() const;

protected:
    void paintEvent(QPaintEvent*) override;

private:
    QString shortened(const QStyleOptionComboBox& option) const;
};

}  // namespace sl::gui
