// The legend dock: what every colour and mark on the board means (sides, the observer and
// target, selection, zones and objectives, terrain kinds, sight lines, rings, measuring),
// drawn with the renderer's own colours. Switched on and off from the View menu.
#pragma once

#include "kernel/types.h"

#include <QWidget>

#include <functional>
#include <vector>

namespace sl::gui {

class Legend : public QWidget {
    Q_OBJECT
public:
    explicit Legend(QWidget* parent = nullptr);

    // Rebuilds the entries for this table (its sides, whether it has zones, areas...).
    void showFor(const Scenario& scenario);
    // The entries' texts, in order (for tests and for reading aloud).
    QStringList entries() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent*) override;

private:
    struct Entry {
        QString text;
        std::function<void(QPainter&, const QRectF&)> swatch;
        bool heading = false;
    };
    std::vector<Entry> entries_;
};

}  // namespace sl::gui
