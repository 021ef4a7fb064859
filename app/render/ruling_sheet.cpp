// The judge's ruling sheet: the zoomed board, the matrix and reasons, the ruleset, the
// date and the table's fingerprint, on one page written as PDF or PNG.
#include "ruling_sheet.h"

#include "kernel/base.h"
#include "scenario_io.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QImage>
#include <QPdfWriter>
#include <QTextDocument>

#include <algorithm>

namespace sl::render {
namespace {

QString q(const std::string& s) { return QString::fromStdString(s).toHtmlEscaped(); }

QString yesNo(bool v) { return v ? QStringLiteral("yes") : QStringLiteral("no"); }

QString rulesetText(const Ruleset& r) {
    QString text = q(r.name);
    QStringList options;
    options << QStringLiteral("sight line %1 mm").arg(r.sight_line_width_mm);
    if (r.name == "wh40k-11e")
        options << QStringLiteral("detection range %1\"").arg(r.detection_range)
                << QStringLiteral("solid gap %1\"").arg(r.solid_gap_height);
    return text + QStringLiteral(" (") + options.join(QStringLiteral(", ")) + QLatin1Char(')');
}

}  // namespace

QString rulingHtml(const Scenario& scenario, const UnitRuling& u) {
    const bool game = scenario.ruleset.name != "true-los";
    QString html = QStringLiteral("<table border=1 cellspacing=0 cellpadding=3><tr><th></th>");
    for (int t : u.targets) html += QStringLiteral("<th>%1</th>").arg(q(scenario.models[t].id));
    html += QStringLiteral("<th>unit seen</th><th>fully</th>%1</tr>").arg(game ? QStringLiteral("<th>cover</th>") : QString());
    for (size_t i = 0; i < u.attackers.size(); ++i) {
        html += QStringLiteral("<tr><th>%1</th>").arg(q(scenario.models[u.attackers[i]].id));
        for (size_t j = 0; j < u.targets.size(); ++j) {
            const PairResult& r = u.pairs[i][j];
            QString cell = !r.visible ? QStringLiteral("<span style='color:#d62728'>no</span>")
                           : r.fully_visible ? QStringLiteral("<span style='color:#1fa33a'>full</span>")
                                             : QStringLiteral("<span style='color:#1fa33a'>seen</span>");
            if (r.hidden.value_or(false)) cell += QStringLiteral(" H");
            if (r.cover.value_or(false)) cell += QStringLiteral(" C");
            if (r.plunging_fire.value_or(false)) cell += QStringLiteral(" P");
            html += QStringLiteral("<td align=center>%1</td>").arg(cell);
        }
        html += QStringLiteral("<td align=center>%1</td><td align=center>%2</td>")
                    .arg(yesNo(u.unitVisible[i]), yesNo(u.unitFullyVisible[i]));
        if (game) html += QStringLiteral("<td align=center>%1</td>").arg(yesNo(u.coverAgainst[i]));
        html += QStringLiteral("</tr>");
    }
    html += QStringLiteral("</table><p>full: fully visible; seen: visible, not fully; H hidden, C cover, P plunging "
                           "fire (for that pair).</p>");
    html += QStringLiteral("<p><b>%1</b> sees <b>%2</b>: %3; fully: %4.</p>")
                .arg(q(u.attackerUnit), q(u.targetUnit), yesNo(u.visible), yesNo(u.fullyVisible));
    if (scenario.ruleset.name == "wh40k-10e") {
        QStringList cover;
        for (size_t j = 0; j < u.targets.size(); ++j)
            cover << QStringLiteral("%1 %2").arg(q(scenario.models[u.targets[j]].id), yesNo(u.coverOf[j]));
        html += QStringLiteral("<p>Cover against the unit: %1.</p>").arg(cover.join(QStringLiteral(", ")));
    }
    if (!u.reasons.empty()) {
        html += QStringLiteral("<p><b>Reasons</b></p><ul>");
        for (const auto& reason : u.reasons) html += QStringLiteral("<li>%1</li>").arg(q(reason));
        html += QStringLiteral("</ul>");
    }
    return html;
}

Overlay unitOverlay(const UnitRuling& ruling) {
    Overlay o;
    for (size_t i = 0; i < ruling.attackers.size(); ++i)
        for (size_t j = 0; j < ruling.targets.size(); ++j) {
            const PairResult& r = ruling.pairs[i][j];
            if (r.visible && r.witness) o.pairLines.push_back({*r.witness, true});
        }
    o.selected = ruling.attackers;
    o.selected.insert(o.selected.end(), ruling.targets.begin(), ruling.targets.end());
    return o;
}

QString scenarioFingerprint(const Scenario& scenario) {
    return QString::fromLatin1(
        QCryptographicHash::hash(io::writeScenario(scenario), QCryptographicHash::Sha256).toHex().left(12));
}

namespace {

// Paints the sheet on a page of W x H device pixels at `dpi`.
void paintSheet(QPainter& p, double W, double H, double dpi, const Scenario& scenario, const UnitRuling& u) {
    const double textScale = dpi / 96.0;  // text is laid out at 96 dpi

    // The board, zoomed to the two units with 4" around them, on the left half.
    double minX = 1e300, minY = 1e300, maxX = -1e300, maxY = -1e300;
    for (const std::vector<int>* list : {&u.attackers, &u.targets})
        for (int i : *list) {
            const Model& m = scenario.models[i];
            const double r = std::max(halfLengthIn(m.base), halfWidthIn(m.base));
            minX = std::min(minX, m.position.x - r);
            maxX = std::max(maxX, m.position.x + r);
            minY = std::min(minY, m.position.y - r);
            maxY = std::max(maxY, m.position.y + r);
        }
    if (minX > maxX) {
        minX = minY = 0;
        maxX = scenario.board.width;
        maxY = scenario.board.height;
    }
    minX = std::max(0.0, minX - 4);
    minY = std::max(0.0, minY - 4);
    maxX = std::min(scenario.board.width, maxX + 4);
    maxY = std::min(scenario.board.height, maxY + 4);
    const QRectF boardArea(0, H * 0.12, W * 0.52, H * 0.86);
    const double scale = std::min(boardArea.width() / (maxX - minX), boardArea.height() / (maxY - minY));
    QTransform t;
    t.translate(boardArea.left() + (boardArea.width() - (maxX - minX) * scale) / 2,
                boardArea.top());
    t.scale(scale, scale);
    t.translate(-minX, -minY);
    p.save();
    p.setClipRect(t.mapRect(QRectF(minX, minY, maxX - minX, maxY - minY)));
    BoardRenderer renderer(scenario);
    renderer.setPixelScale(textScale);
    renderer.paint(p, t, unitOverlay(u));
    p.restore();

    // The heading and the rulings, as a small HTML document.
    const QString fingerprint = scenarioFingerprint(scenario);
    QString head = QStringLiteral("<h2 style='margin:0'>Ruling: %1 against %2</h2>"
                                  "<p style='margin:0'>%3 &middot; %4 &middot; %5 &middot; table fingerprint <b>%6</b></p>")
                       .arg(q(u.attackerUnit), q(u.targetUnit), q(scenario.name), rulesetText(scenario.ruleset),
                            QDateTime::currentDateTime().toString(QStringLiteral("yyyy-MM-dd HH:mm")), fingerprint);
    QTextDocument heading;
    heading.setHtml(head);
    heading.setTextWidth(W / textScale);
    p.save();
    p.scale(textScale, textScale);
    heading.drawContents(&p);
    p.restore();

    const QString html = rulingHtml(scenario, u);
    QTextDocument body;
    body.setHtml(html);
    body.setTextWidth(W * 0.45 / textScale);
    p.save();
    p.translate(W * 0.54, H * 0.12);
    p.scale(textScale, textScale);
    body.drawContents(&p, QRectF(0, 0, W * 0.45 / textScale, H * 0.86 / textScale));
    p.restore();
}

}  // namespace

bool writeRulingSheet(const Scenario& scenario, const UnitRuling& u, const QString& path, QString* error) {
    const QString title = QStringLiteral("Ruling: %1 against %2").arg(QString::fromStdString(u.attackerUnit),
                                                                      QString::fromStdString(u.targetUnit));
    if (path.endsWith(QLatin1String(".png"), Qt::CaseInsensitive)) {
        // A4 landscape at 150 dpi, less the margins.
        QImage image(1650, 1130, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::white);
        QPainter p(&image);
        p.setRenderHint(QPainter::Antialiasing);
        paintSheet(p, image.width(), image.height(), 150, scenario, u);
        p.end();
        if (!image.save(path)) {
            if (error) *error = QStringLiteral("%1: cannot write the image").arg(path);
            return false;
        }
        return true;
    }
    QPdfWriter pdf(path);
    pdf.setPageSize(QPageSize(QPageSize::A4));
    pdf.setPageOrientation(QPageLayout::Landscape);
    pdf.setPageMargins(QMarginsF(12, 12, 12, 12), QPageLayout::Millimeter);
    pdf.setResolution(300);
    pdf.setTitle(title);
    QPainter p;
    if (!p.begin(&pdf)) {
        if (error) *error = QStringLiteral("%1: cannot write the PDF file").arg(path);
        return false;
    }
    paintSheet(p, pdf.width(), pdf.height(), 300, scenario, u);
    p.end();
    return true;
}

}  // namespace sl::render
