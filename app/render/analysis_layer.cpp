// The vision map's colours, legend and title (analysis_layer.h).
#include "analysis_layer.h"

namespace sl::render {

QColor visionColour(const analysis::Cell& cell) {
    using analysis::Verdict;
    switch (cell.verdict) {
    case Verdict::Overlap: return QColor(0, 0, 0, 0);
    case Verdict::Hidden:
        if (cell.undecided) return kMapUndecided;
        return cell.hidden1309 ? kMapHidden1309 : kMapHidden;
    case Verdict::Visible:
    case Verdict::FullyVisible:
        if (cell.cover) return kMapCover;
        if (cell.undecided && cell.verdict == Verdict::Visible) return kMapVisible;  // (fully visible unproven)
        return cell.verdict == Verdict::FullyVisible ? kMapFullyVisible : kMapVisible;
    }
    return QColor(0, 0, 0, 0);
}

QString probeText(const analysis::Probe& probe) {
    const Base& b = probe.base;
    const QString size = b.shape == BaseShape::Circle ? QStringLiteral("%1 mm round").arg(b.length_mm)
                         : QStringLiteral("%1x%2 mm %3").arg(b.length_mm).arg(b.width_mm)
                               .arg(b.shape == BaseShape::Oval ? QStringLiteral("oval") : QStringLiteral("rect"));
    return QStringLiteral("%1, %2\"").arg(size).arg(probe.height);
}

MapLayer visionLayer(const analysis::VisionMap& map, const Scenario& scenario) {
    MapLayer layer;
    layer.spacing = map.grid.spacing;
    layer.cols = map.grid.cols;
    layer.rows = map.grid.rows;
    layer.cells.reserve(map.cells.size());
    bool cover = false, dense = false, undecided = false, overlap = false;
    for (const analysis::Cell& c : map.cells) {
        layer.cells.push_back(visionColour(c));
        cover = cover || (c.cover && c.verdict != analysis::Verdict::Hidden);
        dense = dense || (c.hidden1309 && c.verdict == analysis::Verdict::Hidden);
        undecided = undecided || c.undecided;
        overlap = overlap || c.verdict == analysis::Verdict::Overlap;
    }
    QString who;
    if (map.observers.size() == 1) {
        who = QString::fromStdString(scenario.labelOf(scenario.models[map.observers[0]].id));
    } else if (!map.observers.empty()) {
        who = QStringLiteral("%1 (%2 models)")
                  .arg(QString::fromStdString(scenario.models[map.observers[0]].unit))
                  .arg(map.observers.size());
    }
    layer.title = QStringLiteral("Seen by %1: %2 on each %3\" cell")
                      .arg(who, probeText(map.probe))
                      .arg(map.grid.spacing);
    layer.legend = {{kMapFullyVisible, QStringLiteral("fully visible")}, {kMapVisible, QStringLiteral("visible, not fully")}};
    if (cover) layer.legend.push_back({kMapCover, QStringLiteral("visible, in cover")});
    layer.legend.push_back({kMapHidden, QStringLiteral("hidden")});
    if (dense) layer.legend.push_back({kMapHidden1309, QStringLiteral("hidden (13.09, within a dense area)")});
    if (undecided) layer.legend.push_back({kMapUndecided, QStringLiteral("undecided (a knife edge)")});
    if (overlap) layer.legend.push_back({QColor(0, 0, 0, 0), QStringLiteral("clear: would overlap a feature")});
    return layer;
}

}  // namespace sl::render
