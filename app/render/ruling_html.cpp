// The ruling as HTML: the verdict, the legend, the matrix with the models numbered as on
// the sheet's map, and the reasons grouped by attacking model and pair, naming pieces and
// models by their labels. The sheet lays these parts out; the window's panel shows them.
#include "ruling_html.h"

#include <QAbstractTextDocumentLayout>
#include <QRegularExpression>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextTable>
#include <QUrl>

#include <algorithm>
#include <map>
#include <set>

namespace sl::render {
namespace {

QString q(const std::string& s) { return QString::fromStdString(s).toHtmlEscaped(); }

QString yesNo(bool v) { return v ? QStringLiteral("yes") : QStringLiteral("no"); }

const QString kDash = QStringLiteral("\u2013");

bool isGame(const Scenario& s) { return s.ruleset.name == "wh40k-11e" || s.ruleset.name == "wh40k-10e"; }

}  // namespace

// The plate a unit's numbers stand on, on the map and in the matrix: its side's colour,
// with ink that reads on it.
QColor plateColour(const Model& m) { return sideColour(m.side).darker(115); }
QColor inkOn(const QColor& plate) { return plate.lightness() > 150 ? QColor(0, 0, 0) : QColor(255, 255, 255); }

namespace {

// A model's number in HTML, on its unit's plate.
QString plateHtml(const Model& m, int number) {
    const QColor plate = plateColour(m);
    return QStringLiteral("<span style='background-color:%1; color:%2'>&nbsp;%3&nbsp;</span>")
        .arg(plate.name(), inkOn(plate).name())
        .arg(number);
}

// A model as the key names it: its label, and its id when the label is its name.
QString modelName(const Model& m) {
    return m.name.empty() ? q(m.id) : QStringLiteral("%1 (%2)").arg(q(m.name), q(m.id));
}

// A cell of the matrix: its symbol and colours.
struct Cell {
    QString text;
    QString background;
    QString ink;
};

// A pair whose quick proofs (a drag step) were cut short: being worked out.
const Cell kWorking{QStringLiteral("\u2026"), QStringLiteral("#9db7e0"), QStringLiteral("#10223f")};

Cell cellOf(const PairResult& r) {
    if (r.provisional) return kWorking;
    if (!r.visible)
        return r.undecided ? Cell{QStringLiteral("?"), QStringLiteral("#f6d8a8"), QStringLiteral("#6b3d00")}
                           : Cell{kDash, QStringLiteral("#ffffff"), QStringLiteral("#b01e1e")};
    QString text = r.fully_visible ? QStringLiteral("F") : QStringLiteral("V");
    if (r.undecided) text += QLatin1Char('?');
    // (Narrow no-break spaces: a cell's marks stay on one line, so rows keep their height.)
    if (r.cover.value_or(false)) text += QStringLiteral("\u202fC");
    if (r.hidden.value_or(false)) text += QStringLiteral("\u202fH");
    if (r.plunging_fire.value_or(false)) text += QStringLiteral("\u202fP");
    return r.fully_visible ? Cell{text, QStringLiteral("#1f8f37"), QStringLiteral("#ffffff")}
                           : Cell{text, QStringLiteral("#cdeccf"), QStringLiteral("#0b4d19")};
}

// Per attacking model: plunging fire against the unit (UnitRuling::plungingAgainst, else
// some pair of the row that sees has it).
bool plungingOf(const UnitRuling& u, size_t i) {
    if (u.plungingAgainst.size() == u.attackers.size()) return u.plungingAgainst[i];
    for (const PairResult& r : u.pairs[i])
        if (r.visible && r.plunging_fire.value_or(false)) return true;
    return false;
}

// The ids a reason cites with their labels, in the order they stand in its text: from
// reason_ids when the rulings give them, else every whole word of the text that is the id
// of a model or a piece.
struct Span {
    qsizetype from = 0;
    qsizetype length = 0;
    std::string id;
};

bool isWordChar(QChar c) { return c.isLetterOrNumber() || c == QLatin1Char('_') || c == QLatin1Char('-'); }

std::vector<Span> citedSpans(const Scenario& s, const PairResult& pair, size_t k) {
    const QString text = QString::fromStdString(pair.reasons[k]);
    std::vector<Span> spans;
    if (k < pair.reason_ids.size() && !pair.reason_ids[k].empty()) {
        // The reason names them by label, in the order of reason_ids: each label as a whole
        // word, after the one before if it can.
        std::vector<char> taken(static_cast<size_t>(text.size()), 0);
        auto find = [&](const QString& label, qsizetype from) -> qsizetype {
            for (qsizetype at = text.indexOf(label, from); at >= 0; at = text.indexOf(label, at + 1)) {
                const qsizetype end = at + label.size();
                if ((at > 0 && isWordChar(text[at - 1])) || (end < text.size() && isWordChar(text[end]))) continue;
                if (std::any_of(taken.begin() + at, taken.begin() + end, [](char c) { return c != 0; })) continue;
                return at;
            }
            return -1;
        };
        qsizetype after = 0;
        for (const std::string& id : pair.reason_ids[k]) {
            const QString label = QString::fromStdString(s.labelOf(id));
            if (label.isEmpty()) continue;
            qsizetype at = find(label, after);
            if (at < 0) at = find(label, 0);
            if (at < 0) continue;
            std::fill(taken.begin() + at, taken.begin() + at + label.size(), 1);
            spans.push_back({at, label.size(), id});
            after = at + label.size();
        }
    } else {
        // The reason writes ids.
        static const QRegularExpression token(QStringLiteral("[A-Za-z0-9_-]+(?:[.:][A-Za-z0-9_-]+)*"));
        for (auto it = token.globalMatch(text); it.hasNext();) {
            const QRegularExpressionMatch m = it.next();
            const std::string word = m.captured().toStdString();
            bool known = s.findModel(word) != nullptr;
            for (const TerrainPiece& t : s.terrain) known = known || t.id == word;
            if (known) spans.push_back({m.capturedStart(), m.capturedLength(), word});
        }
    }
    std::sort(spans.begin(), spans.end(), [](const Span& a, const Span& b) { return a.from < b.from; });
    return spans;
}

}  // namespace

// What the sheet calls a model or a piece: its label (Scenario::labelOf: the name, with its
// id when another model or piece has the same name; official layouts name several alike).
QString sheetLabel(const Scenario& s, const std::string& id) { return QString::fromStdString(s.labelOf(id)); }

namespace {

int terrainIndex(const Scenario& s, const std::string& id) {
    for (size_t i = 0; i < s.terrain.size(); ++i)
        if (s.terrain[i].id == id) return static_cast<int>(i);
    return -1;
}

// The reason as HTML: labels in bold (pieces) or plain (models); in the panel, links to the
// ids (`links`), which it selects on a click.
// With `each`, the model of that id is written as "each of them" (a line for several targets);
// with `pair`, its attacker and target as "the attacker" and "the target" (a line for
// several pairs).
struct PairNames {
    std::string attacker, target;
};
QString reasonHtml(const Scenario& s, const PairResult& pair, size_t k, bool links, const std::string* each = nullptr,
                   const PairNames* names = nullptr) {
    const QString text = QString::fromStdString(pair.reasons[k]);
    QString html;
    qsizetype at = 0;
    for (const Span& span : citedSpans(s, pair, k)) {
        html += text.mid(at, span.from - at).toHtmlEscaped();
        at = span.from + span.length;
        if (each && span.id == *each) {
            html += QStringLiteral("<i>each of them</i>");
            continue;
        }
        if (names && (span.id == names->attacker || span.id == names->target)) {
            html += span.id == names->attacker ? QStringLiteral("<i>the attacker</i>") : QStringLiteral("<i>the target</i>");
            continue;
        }
        QString label = sheetLabel(s, span.id).toHtmlEscaped();
        if (terrainIndex(s, span.id) >= 0) label = QStringLiteral("<b>%1</b>").arg(label);
        html += links ? QStringLiteral("<a href='id:%1'>%2</a>")
                            .arg(QString::fromUtf8(QUrl::toPercentEncoding(QString::fromStdString(span.id))), label)
                      : label;
    }
    return html + text.mid(at).toHtmlEscaped();
}

QString summaryHtml(const Scenario& s, const UnitRuling& u) {
    const auto& models = s.models;
    int seeing = 0, fully = 0;
    for (size_t i = 0; i < u.attackers.size(); ++i) {
        seeing += u.unitVisible[i] != 0;
        fully += u.unitFullyVisible[i] != 0;
    }
    const int n = static_cast<int>(u.attackers.size());
    int working = 0;
    for (const auto& pairs : u.pairs)
        for (const PairResult& r : pairs) working += r.provisional;
    auto counted = [](size_t count) { return count == 1 ? QStringLiteral("1 model") : QStringLiteral("%1 models").arg(count); };
    QString html = QStringLiteral("<p><b>%1</b> (%2) shooting at <b>%3</b> (%4)</p>")
                       .arg(q(u.attackerUnit), counted(static_cast<size_t>(n)), q(u.targetUnit), counted(u.targets.size()));
    if (working > 0)
        html += QStringLiteral("<p style='background-color:%1; color:%2'>&nbsp;%3 %4 pair%5 being worked out: the answers below may "
                               "change when the model is put down.&nbsp;</p>")
                    .arg(kWorking.background, kWorking.ink, kWorking.text)
                    .arg(working)
                    .arg(working == 1 ? QString() : QStringLiteral("s"));
    html += QStringLiteral("<table cellspacing=0 cellpadding=2>");
    auto row = [&html](const QString& what, const QString& answer) {
        html += QStringLiteral("<tr><td>%1&nbsp;&nbsp;</td><td>%2</td></tr>").arg(what, answer);
    };
    row(QStringLiteral("Unit visible"), QStringLiteral("<b>%1</b> (to %2 of %3 attacking models)").arg(yesNo(u.visible)).arg(seeing).arg(n));
    row(QStringLiteral("Fully visible"), QStringLiteral("<b>%1</b> (to %2 of %3)").arg(yesNo(u.fullyVisible)).arg(fully).arg(n));
    if (s.ruleset.name == "wh40k-11e") {
        // 13.08, for the attack: the unit ruling's (cover against every attacking model that
        // sees the unit; against every one when none does), as the CLI says it.
        int against = 0, againstAll = 0;
        for (size_t i = 0; i < u.attackers.size(); ++i) {
            against += u.unitVisible[i] && u.coverAgainst[i];
            againstAll += u.coverAgainst[i];
        }
        // (Said with the count: "no" alone reads as "against none" when some rows have it.)
        row(QStringLiteral("Cover (13.08)"),
            u.visible ? QStringLiteral("<b>%1</b> against the attack (it has it against %2 of the %3 attacking models that see it; "
                                       "the attack needs all)")
                            .arg(yesNo(u.cover))
                            .arg(against)
                            .arg(seeing)
                      : u.cover ? QStringLiteral("<b>yes</b> (no attacking model sees the unit; it would have cover against each of them)")
                                : QStringLiteral("<b>no</b> (no attacking model sees the unit; it would have cover against %1 of the %2, "
                                                 "and needs it against all)")
                                      .arg(againstAll)
                                      .arg(n));
    } else if (s.ruleset.name == "wh40k-10e") {
        QStringList with;
        for (size_t j = 0; j < u.targets.size(); ++j)
            if (u.coverOf[j]) with << plateHtml(models[u.targets[j]], static_cast<int>(j + 1));
        row(QStringLiteral("Cover"), with.size() == static_cast<int>(u.targets.size())
                                         ? QStringLiteral("<b>every model</b>")
                                         : with.isEmpty() ? QStringLiteral("<b>no model</b>")
                                                          : QStringLiteral("<b>models</b> %1").arg(with.join(QLatin1Char(' '))));
    }
    if (isGame(s)) {
        bool plunging = false;
        for (size_t i = 0; i < u.attackers.size(); ++i) plunging = plunging || (u.unitVisible[i] && plungingOf(u, i));
        row(s.ruleset.name == "wh40k-11e" ? QStringLiteral("Plunging fire (22.05)") : QStringLiteral("Plunging fire"),
            QStringLiteral("<b>%1</b>").arg(yesNo(plunging)));
    }
    return html + QStringLiteral("</table>");
}

}  // namespace

QString legendHtml(const Scenario& s, const UnitRuling& u, bool forSheet) {
    const bool e11 = s.ruleset.name == "wh40k-11e", e10 = s.ruleset.name == "wh40k-10e";
    QString html = QStringLiteral("<p><b>Legend</b></p><table cellspacing=0 cellpadding=2>");
    auto row = [&html](const Cell& c, const QString& meaning) {
        html += QStringLiteral("<tr><td align=center style='background-color:%1; color:%2'><b>%3</b></td><td>&nbsp;%4</td></tr>")
                    .arg(c.background, c.ink, c.text, meaning);
    };
    const Cell none{QStringLiteral("#ffffff"), QStringLiteral("#ffffff"), QStringLiteral("#000000")};
    auto mark = [&](const QString& text) { return Cell{text, none.background, none.ink}; };
    int working = 0;
    for (const auto& pairs : u.pairs)
        for (const PairResult& r : pairs) working += r.provisional;
    if (working > 0)
        row(kWorking, QStringLiteral("<b>being worked out</b> (%1 pair%2): the quick look taken while a model is dragged was "
                                     "not enough; decided when it is put down or held still, and the answers above may "
                                     "change then")
                          .arg(working)
                          .arg(working == 1 ? QString() : QStringLiteral("s")));
    row({QStringLiteral("F"), QStringLiteral("#1f8f37"), QStringLiteral("#ffffff")}, QStringLiteral("fully visible"));
    row({QStringLiteral("V"), QStringLiteral("#cdeccf"), QStringLiteral("#0b4d19")}, QStringLiteral("visible, not fully"));
    QString dash = QStringLiteral("not visible: no cover, hidden or plunging mark");
    if (e11) dash += QStringLiteral("; a model terrain hides entirely still counts towards its unit's cover (13.08)");
    if (e10) dash += QStringLiteral("; a model terrain hides entirely still has cover against the unit (bottom row)");
    row({kDash, QStringLiteral("#ffffff"), QStringLiteral("#b01e1e")}, dash);
    row({QStringLiteral("?"), QStringLiteral("#f6d8a8"), QStringLiteral("#6b3d00")},
        QStringLiteral("undecided: no proof either way at a knife edge (after F or V: fully visible undecided)"));
    if (e11) row(mark(QStringLiteral("C")), QStringLiteral("the model counts towards its unit's cover against that attacking model"));
    if (e10) row(mark(QStringLiteral("C")), QStringLiteral("the model has cover against that attacking model"));
    if (e11) row(mark(QStringLiteral("H")), QStringLiteral("hidden (13.09), seen from within the detection range"));
    if (e11 || e10) row(mark(QStringLiteral("P")), QStringLiteral("plunging fire for that pair"));
    row(mark(kDash), QStringLiteral("in a column per attacking model: that model does not see the unit"));
    if (e10) row(mark(QStringLiteral("yes")), QStringLiteral("bottom row: the target model's cover against the attacking unit"));
    if (forSheet && !u.attackers.empty() && !u.targets.empty()) {
        const Model& a = s.models[u.attackers.front()];
        const Model& t = s.models[u.targets.front()];
        html += QStringLiteral("<tr><td align=center>%1</td><td>&nbsp;attacking model 1 of %2 (round plate on the map)</td></tr>")
                    .arg(plateHtml(a, 1), q(u.attackerUnit));
        html += QStringLiteral("<tr><td align=center>%1</td><td>&nbsp;target model 1 of %2 (square plate on the map); the two units' bases are ringed in yellow</td></tr>")
                    .arg(plateHtml(t, 1), q(u.targetUnit));
        html += QStringLiteral("<tr><td align=center style='color:#1fa33a'><b>&#9472;&#9472;</b></td><td>&nbsp;a pair that sees: its sight line</td></tr>"
                               "<tr><td align=center style='color:#d62728'><b>- -</b></td><td>&nbsp;a pair that does not see: centre to centre</td></tr>"
                               "<tr><td align=center><span style='background-color:#8b1a1a; color:#ffffff'>&nbsp;name&nbsp;</span></td>"
                               "<td>&nbsp;a piece a reason cites (outlined in red), by its name, else its id</td></tr>");
    }
    return html + QStringLiteral("</table>");
}

namespace {

// One table of the matrix: the targets [from, to), the per-model columns when `last`.
QString matrixTable(const Scenario& s, const UnitRuling& u, size_t from, size_t to, bool last, int cellWidth) {
    const auto& models = s.models;
    const bool e11 = s.ruleset.name == "wh40k-11e", e10 = s.ruleset.name == "wh40k-10e";
    const int perModel = last ? 2 + (e11 ? 1 : 0) + (isGame(s) ? 1 : 0) : 0;
    QString html = QStringLiteral("<table border=1 cellspacing=0 cellpadding=2 style='border-color:#888888; border-style:solid'>"
                                  "<thead><tr><th rowspan=2 align=left>%1 &darr;</th><th colspan=%2 align=left>%3 &rarr;%4</th>")
                       .arg(q(u.attackerUnit))
                       .arg(to - from)
                       .arg(q(u.targetUnit))
                       .arg(from > 0 || to < u.targets.size()
                                ? QStringLiteral(" <span style='font-weight:normal'>(%1&ndash;%2 of %3)</span>").arg(from + 1).arg(to).arg(u.targets.size())
                                : QString());
    if (perModel) html += QStringLiteral("<th colspan=%1>per attacking model</th>").arg(perModel);
    html += QStringLiteral("</tr><tr>");
    for (size_t j = from; j < to; ++j) {
        const QColor plate = plateColour(models[u.targets[j]]);
        html += QStringLiteral("<th%1 style='background-color:%2; color:%3'>%4</th>")
                    .arg(cellWidth > 0 ? QStringLiteral(" width=%1").arg(cellWidth) : QString(), plate.name(), inkOn(plate).name())
                    .arg(j + 1);
    }
    if (perModel) {
        html += QStringLiteral("<th>unit seen</th><th>fully</th>");
        if (e11) html += QStringLiteral("<th>cover</th>");
        if (isGame(s)) html += QStringLiteral("<th>plunging</th>");
    }
    html += QStringLiteral("</tr></thead>");
    for (size_t i = 0; i < u.attackers.size(); ++i) {
        const QColor plate = plateColour(models[u.attackers[i]]);
        html += QStringLiteral("<tr><th style='background-color:%1; color:%2'>%3</th>").arg(plate.name(), inkOn(plate).name()).arg(i + 1);
        for (size_t j = from; j < to; ++j) {
            const Cell c = cellOf(u.pairs[i][j]);
            html += QStringLiteral("<td align=center nowrap style='background-color:%1; color:%2; white-space:nowrap'>%3</td>").arg(c.background, c.ink, c.text);
        }
        if (perModel) {
            const bool sees = u.unitVisible[i];
            // A row with a pair being worked out is not final but for "seen" (a line found
            // is found): its other answers wait for the full proofs.
            bool open = false;
            for (const PairResult& r : u.pairs[i]) open = open || r.provisional;
            const QString waiting = QStringLiteral("<td align=center style='background-color:%1; color:%2'>%3</td>")
                                        .arg(kWorking.background, kWorking.ink, kWorking.text);
            auto unitCell = [&](bool v) {
                return open ? waiting : QStringLiteral("<td align=center>%1</td>").arg(sees ? yesNo(v) : kDash);
            };
            html += (open && !sees ? waiting : QStringLiteral("<td align=center>%1</td>").arg(yesNo(sees))) + unitCell(u.unitFullyVisible[i]);
            if (e11) html += unitCell(u.coverAgainst[i]);
            if (isGame(s)) html += unitCell(plungingOf(u, i));
        }
        html += QStringLiteral("</tr>");
    }
    if (e10) {
        // 10e: each target model's cover against the attacking unit, under its column.
        html += QStringLiteral("<tr><th align=left>cover</th>");
        for (size_t j = from; j < to; ++j) html += QStringLiteral("<td align=center><b>%1</b></td>").arg(yesNo(u.coverOf[j]));
        if (perModel) html += QStringLiteral("<td colspan=%1>&larr; against the unit</td>").arg(perModel);
        html += QStringLiteral("</tr>");
    }
    return html + QStringLiteral("</table>");
}

}  // namespace

QString matrixHtml(const Scenario& s, const UnitRuling& u, int columns, int cellWidth) {
    const auto& models = s.models;
    const size_t n = u.targets.size();
    const size_t per = columns <= 0 ? std::max<size_t>(1, n) : static_cast<size_t>(columns);
    QString html = QStringLiteral("<p><b>Matrix</b>: a row for each attacking model of <b>%1</b>, a column for each "
                                  "target model of <b>%2</b>, numbered as on the map.</p>")
                       .arg(q(u.attackerUnit), q(u.targetUnit));
    if (n == 0) html += matrixTable(s, u, 0, 0, true, cellWidth);
    for (size_t from = 0; from < n; from += per) {
        const size_t to = std::min(n, from + per);
        html += matrixTable(s, u, from, to, to == n, cellWidth);
        if (to < n) html += QStringLiteral("<p></p>");
    }
    // The key: which model each number is.
    auto key = [&](const std::vector<int>& list, const std::string& unit) {
        QStringList items;
        for (size_t k = 0; k < list.size(); ++k)
            items << QStringLiteral("%1&nbsp;%2").arg(plateHtml(models[list[k]], static_cast<int>(k + 1)), modelName(models[list[k]]));
        return QStringLiteral("<p><b>%1</b>: %2</p>").arg(q(unit), items.join(QStringLiteral(" &nbsp; ")));
    };
    return html + key(u.attackers, u.attackerUnit) + key(u.targets, u.targetUnit);
}

namespace {

QString reasonsHtml(const Scenario& s, const UnitRuling& u, bool links) {
    const auto& models = s.models;
    // A reason every attacking model's pair with a target gives (the target's cover, its
    // own area) is listed once for that target.
    std::vector<std::set<std::string>> common(u.targets.size());
    if (u.attackers.size() > 1)
        for (size_t j = 0; j < u.targets.size(); ++j) {
            common[j] = {u.pairs[0][j].reasons.begin(), u.pairs[0][j].reasons.end()};
            for (size_t i = 1; i < u.attackers.size(); ++i) {
                const auto& rs = u.pairs[i][j].reasons;
                std::erase_if(common[j], [&](const std::string& r) { return std::find(rs.begin(), rs.end(), r) == rs.end(); });
            }
        }
    // And one every pair of an attacking model gives (its own area), once for that model.
    std::vector<std::set<std::string>> mine(u.attackers.size());
    if (u.targets.size() > 1)
        for (size_t i = 0; i < u.attackers.size(); ++i) {
            for (const std::string& r : u.pairs[i][0].reasons)
                if (!common[0].count(r)) mine[i].insert(r);
            for (size_t j = 1; j < u.targets.size(); ++j) {
                const auto& rs = u.pairs[i][j].reasons;
                std::erase_if(mine[i], [&](const std::string& r) { return std::find(rs.begin(), rs.end(), r) == rs.end(); });
            }
        }
    auto row = [&](const QString& who, const QString& whom, const QStringList& texts) {
        return QStringLiteral("<tr><td>%1</td><td>&rarr;&nbsp;%2: %3</td></tr>").arg(who, whom, texts.join(QStringLiteral("<br>")));
    };
    auto target = [&](size_t j) { return plateHtml(models[u.targets[j]], static_cast<int>(j + 1)); };
    QString rows;
    bool first = true;
    for (size_t j = 0; j < u.targets.size(); ++j) {
        QStringList texts;
        const PairResult& r = u.pairs[0][j];
        for (size_t k = 0; k < r.reasons.size(); ++k)
            if (common[j].count(r.reasons[k])) texts << reasonHtml(s, r, k, links);
        if (texts.isEmpty()) continue;
        rows += row(first ? QStringLiteral("<b>every</b>") : QString(), target(j), texts);
        first = false;
    }
    for (size_t i = 0; i < u.attackers.size(); ++i) {
        first = true;
        const QString attacker = plateHtml(models[u.attackers[i]], static_cast<int>(i + 1));
        if (!mine[i].empty()) {
            QStringList texts;
            const PairResult& r = u.pairs[i][0];
            for (size_t k = 0; k < r.reasons.size(); ++k)
                if (mine[i].count(r.reasons[k])) texts << reasonHtml(s, r, k, links);
            rows += row(attacker, QStringLiteral("<b>every</b>"), texts);
            first = false;
        }
        // Targets with the same reasons from this model, but for naming the target, share a
        // line.
        struct Group {
            QStringList whom;
            QStringList texts;  // of the first
            QStringList each;   // the target written "each of them"
        };
        std::vector<Group> groups;
        for (size_t j = 0; j < u.targets.size(); ++j) {
            const PairResult& r = u.pairs[i][j];
            const std::string& id = models[u.targets[j]].id;
            QStringList texts, each;
            for (size_t k = 0; k < r.reasons.size(); ++k)
                if (!common[j].count(r.reasons[k]) && !mine[i].count(r.reasons[k])) {
                    texts << reasonHtml(s, r, k, links);
                    each << reasonHtml(s, r, k, links, &id);
                }
            if (texts.isEmpty()) continue;
            auto same = std::find_if(groups.begin(), groups.end(), [&](const Group& g) { return g.each == each; });
            if (same != groups.end()) same->whom << target(j);
            else groups.push_back({{target(j)}, texts, each});
        }
        for (const Group& g : groups) {
            rows += row(first ? attacker : QString(), g.whom.join(QLatin1Char(' ')), g.whom.size() > 1 ? g.each : g.texts);
            first = false;
        }
    }
    if (rows.isEmpty()) return QStringLiteral("<p><b>Reasons</b>: none; no rule or piece of terrain changes a pair.</p>");
    return QStringLiteral("<p><b>Reasons</b>, by attacking model and target model (<b>every</b>: the same for each of them):</p>"
                          "<table cellspacing=0 cellpadding=2>%1</table>")
        .arg(rows);
}

// Model numbers on their plates, runs of three or more written first to last: "1 to 4 7 9".
QString platesHtml(const Scenario& s, const std::vector<int>& models, const std::vector<size_t>& numbers) {
    QStringList out;
    for (size_t k = 0; k < numbers.size();) {
        size_t end = k;
        while (end + 1 < numbers.size() && numbers[end + 1] == numbers[end] + 1) ++end;
        auto plate = [&](size_t n) { return plateHtml(s.models[models[n]], static_cast<int>(n + 1)); };
        if (end >= k + 2) {
            out << QStringLiteral("%1&nbsp;to&nbsp;%2").arg(plate(numbers[k]), plate(numbers[end]));  // (no break in a run)
            k = end + 1;
        } else {
            out << plate(numbers[k]);
            ++k;
        }
    }
    return out.join(QLatin1Char(' '));
}

// The sheet's reasons: each thing said once, with the pairs it is said of ("the attacker"
// and "the target" standing for the pair's models), those pairs by attacking model, and
// attacking models that say it of the same targets together: "1 to 3 8 -> 2 4 5 10".
QString reasonsByWhatTheySay(const Scenario& s, const UnitRuling& u) {
    const auto& models = s.models;
    struct Said {
        QString text;
        std::vector<std::vector<size_t>> targetsOf;  // per attacking model, the targets' indices
    };
    std::vector<Said> said;
    std::map<QString, size_t> index;
    for (size_t i = 0; i < u.attackers.size(); ++i)
        for (size_t j = 0; j < u.targets.size(); ++j) {
            const PairResult& r = u.pairs[i][j];
            const PairNames names{models[u.attackers[i]].id, models[u.targets[j]].id};
            for (size_t k = 0; k < r.reasons.size(); ++k) {
                // (13.09's distance differs from pair to pair: the line says "beyond" the
                // range, the pairs it names are each beyond it.)
                static const QRegularExpression distance(QStringLiteral("\\d+(?:\\.\\d+)?(?:&quot;|\") away, beyond"));
                const QString text = reasonHtml(s, r, k, false, nullptr, &names).replace(distance, QStringLiteral("beyond"));
                auto [it, added] = index.emplace(text, said.size());
                if (added) said.push_back({text, std::vector<std::vector<size_t>>(u.attackers.size())});
                std::vector<size_t>& targets = said[it->second].targetsOf[i];
                if (targets.empty() || targets.back() != j) targets.push_back(j);
            }
        }
    if (said.empty()) return QStringLiteral("<p><b>Reasons</b>: none; no rule or piece of terrain changes a pair.</p>");
    QString rows;
    for (const Said& x : said) {
        // Attacking models that say it of the same targets share a line.
        std::vector<std::pair<std::vector<size_t>, std::vector<size_t>>> lines;  // (attackers, targets)
        for (size_t i = 0; i < x.targetsOf.size(); ++i) {
            if (x.targetsOf[i].empty()) continue;
            auto same = std::find_if(lines.begin(), lines.end(), [&](const auto& l) { return l.second == x.targetsOf[i]; });
            if (same != lines.end()) same->first.push_back(i);
            else lines.push_back({{i}, x.targetsOf[i]});
        }
        QStringList pairs;
        for (const auto& [attackers, targets] : lines)
            pairs << QStringLiteral("%1&nbsp;&rarr;&nbsp;%2")
                         .arg(platesHtml(s, u.attackers, attackers), platesHtml(s, u.targets, targets));
        rows += QStringLiteral("<tr><td>%1 &nbsp;&mdash;&nbsp; %2</td></tr>").arg(x.text, pairs.join(QStringLiteral(" &nbsp;&middot;&nbsp; ")));
    }
    return QStringLiteral("<p><b>Reasons</b>: each said once, then &mdash; the pairs it is said of (attacking models "
                          "&rarr; target models, numbered as on the map and in the matrix):</p>"
                          "<table cellspacing=0 cellpadding=2>%1</table>")
        .arg(rows);
}

}  // namespace

std::vector<int> citedPieces(const Scenario& s, const UnitRuling& u) {
    std::set<int> cited;
    auto add = [&](const std::string& id) {
        if (const int t = terrainIndex(s, id); t >= 0) cited.insert(t);
    };
    for (const auto& row : u.pairs)
        for (const PairResult& r : row) {
            for (size_t k = 0; k < r.reasons.size(); ++k)
                for (const Span& span : citedSpans(s, r, k)) add(span.id);
            if (!r.visible) {
                for (const std::string& id : r.blocking_set.empty() ? r.blocked_by : r.blocking_set) add(id);
            }
        }
    return {cited.begin(), cited.end()};
}

QString reasonText(const Scenario& s, const PairResult& pair, size_t k) {
    const QString text = QString::fromStdString(pair.reasons[k]);
    QString out;
    qsizetype at = 0;
    for (const Span& span : citedSpans(s, pair, k)) {
        out += text.mid(at, span.from - at) + sheetLabel(s, span.id);
        at = span.from + span.length;
    }
    return out + text.mid(at);
}

double matrixWidth(const QString& html, const QFont& font) {
    QTextDocument doc;
    doc.setDefaultFont(font);
    doc.setHtml(html);
    doc.setTextWidth(1e6);
    double widest = 0;
    for (QTextFrame* frame : doc.rootFrame()->childFrames())  // (the matrix's: ruled tables)
        if (auto* table = qobject_cast<QTextTable*>(frame); table && table->format().border() > 0)
            widest = std::max(widest, doc.documentLayout()->frameBoundingRect(frame).width());
    return widest + 2 * doc.documentMargin();
}

RulingHtml rulingParts(const Scenario& scenario, const UnitRuling& u, int columns, bool forSheet) {
    return {summaryHtml(scenario, u), legendHtml(scenario, u, forSheet), matrixHtml(scenario, u, columns, forSheet ? kSheetCellWidth : 0),
            forSheet ? reasonsByWhatTheySay(scenario, u) : reasonsHtml(scenario, u, true)};
}

QString rulingHtml(const Scenario& scenario, const UnitRuling& u) {
    const RulingHtml parts = rulingParts(scenario, u, 10, false);
    return parts.summary + parts.matrix + parts.legend + parts.reasons;
}

}  // namespace sl::render
