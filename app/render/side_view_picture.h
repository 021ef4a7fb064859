// The side view of a pair drawn (rules/side_view.h): for the window's Side View dock and the
// CLI's pictures alike. Heights are drawn larger than lengths; a caption says in words what
// the drawing shows.
#pragma once

#include "kernel/types.h"
#include "rules/side_view.h"

#include <QPainter>
#include <QString>

namespace sl::render {

// "0.05"" for a length or height in inches.
QString inchesText(double inches);

// An opening as the side view labels it: "gap 1.50" to 3.50"", and for one the ruleset
// closes, the rule ("gap 2.90" to 3.50", closed (13.11 solid)").
QString gapText(const SectionGap& gap);

// What the side view shows, in a sentence (`observer` and `target` are their labels).
QString sideViewCaption(const SideView& view, const QString& observer, const QString& target);

// Draws the side view into `area` (the caption along its bottom) with the painter's font and
// these colours for the background and the text.
void paintSideView(QPainter& p, const QRectF& area, const SideView& view, const QString& observer, const QString& target,
                   const QString& caption, const QColor& background = QColor(255, 255, 255),
                   const QColor& ink = QColor(20, 20, 20), const QColor& grid = QColor(170, 170, 170));

// The side view to a PNG, SVG or PDF file; false with the reason.
bool sideViewToFile(const SideView& view, const QString& observer, const QString& target, const QString& path,
                    QString* error, int width = 1200);

}  // namespace sl::render
