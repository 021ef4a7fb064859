// The judge's ruling sheet: the board zoomed to the two units with numbered models and
// labelled pieces, the pages the ruling's HTML parts are laid out on, written as PDF or PNG.
#include "ruling_sheet.h"

#include "kernel/base.h"
#include "ruling_html.h"
#include "scenario_io.h"
#include "side_view_picture.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QImage>
#include <QPdfWriter>
#include <QAbstractTextDocumentLayout>
#include <QTextBlock>
#include <QTextDocument>

#include <algorithm>
#include <vector>
#include <cmath>
#include <memory>
#include <optional>

namespace sl::render {
namespace {

QString q(const std::string& s) { return QString::fromStdString(s).toHtmlEscaped(); }

bool isGame(const Scenario& s) { return s.ruleset.name == "wh40k-11e" || s.ruleset.name == "wh40k-10e"; }

QString rulesetText(const Ruleset& r) {
    QString text = q(r.name);
    QStringList options;
    options << (r.sight_line_width_mm > 0 ? QStringLiteral("sight line %1 mm").arg(r.sight_line_width_mm)
                                          : QStringLiteral("sight lines of no width"));
    if (r.name == "wh40k-11e")
        options << QStringLiteral("detection range %1\"").arg(r.detection_range)
                << QStringLiteral("solid gap %1\"").arg(r.solid_gap_height);
    return text + QStringLiteral(" (") + options.join(QStringLiteral(", ")) + QLatin1Char(')');
}

}  // namespace

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

// The sheet is laid out in half points (144 to the inch) on A4 landscape: text sizes are
// whole numbers of them, 10 pt for the body, never under 8 pt.
constexpr double kPerInch = 144;
constexpr double kPageW = 297 / 25.4 * kPerInch;
constexpr double kPageH = 210 / 25.4 * kPerInch;
constexpr double kMargin = 10 / 25.4 * kPerInch;
constexpr double kGap = 24;

const QString kStyle = QStringLiteral("<style>p { margin-top: 0px; margin-bottom: 8px; } th { font-weight: bold; }</style>");

std::unique_ptr<QTextDocument> document(const QString& html, double width, int fontPx = 20) {
    auto doc = std::make_unique<QTextDocument>();
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPixelSize(fontPx);
    doc->setDefaultFont(font);
    doc->setDocumentMargin(0);
    doc->setHtml(kStyle + html);
    doc->setTextWidth(width);
    return doc;
}

// The matrix at most `width` wide: all targets in one table if it fits, else split into
// tables of as few, even columns as fit (the text keeps its size).
QString fittedMatrix(const Scenario& s, const UnitRuling& u, double width, int* tables) {
    QFont bold(QStringLiteral("DejaVu Sans"));
    bold.setBold(true);
    bold.setPixelSize(20);
    const QFontMetricsF normal(bold);
    const double pad = 2 * 2 + 2;  // cell padding and borders
    const double corner = std::max(normal.horizontalAdvance(QString::fromStdString(u.attackerUnit) + QStringLiteral(" \u2193")),
                                   normal.horizontalAdvance(QStringLiteral("cover"))) + pad;
    double perModel = 0;
    QStringList heads{QStringLiteral("unit seen"), QStringLiteral("fully")};
    if (s.ruleset.name == "wh40k-11e") heads << QStringLiteral("cover");
    if (isGame(s)) heads << QStringLiteral("plunging");
    for (const QString& h : heads) perModel += normal.horizontalAdvance(h) + pad;
    perModel = std::max(perModel, normal.horizontalAdvance(QStringLiteral("per attacking model")) + pad);
    const double column = kSheetCellWidth + pad;
    const int n = std::max<int>(1, static_cast<int>(u.targets.size()));
    const int fit = std::max(1, static_cast<int>((width * 0.97 - corner - perModel) / column));
    const int count = (n + fit - 1) / fit;
    if (tables) *tables = count;
    return matrixHtml(s, u, (n + count - 1) / count, kSheetCellWidth);
}

// The part of the table the map shows: the two units and the pieces the reasons cite, with
// 2" around them.
QRectF mapRegion(const Scenario& s, const UnitRuling& u) {
    double minX = 1e300, minY = 1e300, maxX = -1e300, maxY = -1e300;
    auto grow = [&](double x0, double y0, double x1, double y1) {
        minX = std::min(minX, x0);
        minY = std::min(minY, y0);
        maxX = std::max(maxX, x1);
        maxY = std::max(maxY, y1);
    };
    for (const std::vector<int>* list : {&u.attackers, &u.targets})
        for (int i : *list) {
            const Model& m = s.models[i];
            const double r = std::max(halfLengthIn(m.base), halfWidthIn(m.base));
            grow(m.position.x - r, m.position.y - r, m.position.x + r, m.position.y + r);
        }
    for (int t : citedPieces(s, u))
        for (const Vec2& v : s.terrain[t].footprint.outer) grow(v.x, v.y, v.x, v.y);
    if (minX > maxX) return QRectF(0, 0, s.board.width, s.board.height);
    minX = std::max(0.0, minX - 2);
    minY = std::max(0.0, minY - 2);
    maxX = std::min(s.board.width, maxX + 2);
    maxY = std::min(s.board.height, maxY + 2);
    return QRectF(minX, minY, std::max(1.0, maxX - minX), std::max(1.0, maxY - minY));
}

// A document laid out on pages of its own, in one or two columns.
struct Flow {
    std::unique_ptr<QTextDocument> doc;
    int columns = 1;
    int firstPage = 0;  // of the sheet
    int pages = 0;
};

// Where everything goes: page one (header, map, the side column), then the matrix when it
// does not fit beside the map, then the reasons in two columns.
struct Layout {
    QString title;
    QString subtitle;
    QString fingerprint;
    QRectF map;
    QRectF side;
    std::unique_ptr<QTextDocument> sideDoc;
    QRectF area;  // of the pages after the first
    std::vector<Flow> flows;
    double header = 64;  // its height, the rule under it included
    int pages = 1;
    int sideFirst = -1;  // the first page of the side views (two to a page), if any
    // The first side view in the lower half of that page, under the end of the reasons
    // (which leave it free): the rest two to a page after it.
    bool sideShared = false;
};

// The sheet's pages: the ruling's (layOutRuling), then those of `sideViews` side views.
Layout layOutRuling(const Scenario& s, const UnitRuling& u);

// The matrix, with the legend of its symbols under it, and the reasons: on one page when
// they fit, else the reasons from the next page in two columns.
void appendMatrixAndReasons(Layout& l, const Scenario& s, const UnitRuling& u, const QString& reasons, double contentW,
                            double height);

// How far down its page the last flow's text reaches (the page's height when its last
// column is not the first: the columns before it are full).
double lastFlowHeight(const Flow& f) {
    QTextDocument& doc = *f.doc;
    const double pageH = doc.pageSize().height();
    const int pages = doc.pageCount();
    if (pages < 1 || (pages - 1) % f.columns != 0) return pageH;
    const QRectF last = doc.documentLayout()->blockBoundingRect(doc.lastBlock());
    return last.bottom() - (pages - 1) * pageH;
}

Layout layOut(const Scenario& s, const UnitRuling& u, size_t sideViews) {
    Layout l = layOutRuling(s, u);
    if (sideViews > 0) {
        // Under the reasons' end when the lower half of their last page is free.
        const double half = (l.area.height() - kGap) / 2;
        l.sideShared = !l.flows.empty() && lastFlowHeight(l.flows.back()) + kGap <= l.area.height() - half - kGap;
        l.sideFirst = l.sideShared ? l.pages - 1 : l.pages;
        const size_t rest = l.sideShared ? sideViews - 1 : sideViews;
        l.pages += static_cast<int>((rest + 1) / 2);
    }
    return l;
}

Layout layOutRuling(const Scenario& s, const UnitRuling& u) {
    Layout l;
    l.title = QStringLiteral("Ruling: %1 shooting at %2").arg(q(u.attackerUnit), q(u.targetUnit));
    QString method;
    if (!u.pairs.empty() && !u.pairs[0].empty()) {
        const std::string_view name = methodName(u.pairs[0][0].method);
        method = QStringLiteral(" &middot; %1 method").arg(QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size())));
    }
    l.subtitle = QStringLiteral("%1 &middot; %2%3 &middot; %4")
                     .arg(q(s.name), rulesetText(s.ruleset), method,
                          QDateTime::currentDateTime().toString(QStringLiteral("yyyy-MM-dd HH:mm")));
    l.fingerprint = scenarioFingerprint(s);
    const double contentW = kPageW - 2 * kMargin;
    l.header = 40 + document(l.subtitle, contentW, 18)->size().height() + 12;
    const double top = kMargin + l.header;
    const double height = kPageH - kMargin - top;
    // The map beside the side column, or above it when the units stand far apart across
    // the page: whichever shows it larger.
    const QRectF region = mapRegion(s, u);
    const double mapW = std::clamp((height - 28) * region.width() / region.height(), contentW * 0.45, contentW * 0.62);
    const double besideScale = std::min(mapW / region.width(), (height - 28) / region.height());
    double mapH = std::min(contentW * region.height() / region.width() + 28, height * 0.6);
    const double aboveScale = std::min(contentW / region.width(), (mapH - 28) / region.height());
    const bool above = aboveScale > besideScale * 1.25;
    RulingHtml parts = rulingParts(s, u, 0, true);
    if (above) {
        // The verdict and the legend side by side under the map, the map taking the rest.
        parts.summary = QStringLiteral("<table width='100%' cellspacing=0 cellpadding=0><tr><td width='44%'>%1</td>"
                                       "<td width='4%'></td><td>%2</td></tr></table>")
                            .arg(parts.summary, parts.legend);
        parts.legend.clear();
        mapH = std::min(mapH, height - kGap / 2 - document(parts.summary, contentW)->size().height());
        l.map = QRectF(kMargin, top, contentW, mapH);
        l.side = QRectF(kMargin, top + mapH + kGap / 2, contentW, height - mapH - kGap / 2);
    }
    l.area = QRectF(kMargin, top, contentW, height);
    const QString reasons = QStringLiteral("<div style='font-size:18px'>%1</div>").arg(parts.reasons);
    // All on page one when it fits beside the map (a narrower map if that does it), else
    // the matrix there and the reasons after it, else the matrix on a page of its own.
    // With the map above, a lower map (down to 60%) before the reasons go to a page of
    // their own: a short sheet stays one page.
    const double mapHFull = mapH;
    auto place = [&](double width) {
        if (above) {
            const double h = mapHFull * width;
            l.map = QRectF(kMargin, top, contentW, h);
            l.side = QRectF(kMargin, top + h + kGap / 2, contentW, height - h - kGap / 2);
            return;
        }
        l.map = QRectF(kMargin, top, width, height);
        l.side = QRectF(kMargin + width + kGap, top, contentW - width - kGap, height);
    };
    for (const bool withReasons : {true, false}) {
        const std::vector<double> tries = above ? std::vector<double>{1.0, 0.8, 0.6}
                                                : std::vector<double>{mapW, withReasons ? contentW * 0.45 : mapW};
        for (const double width : tries) {
            place(width);
            int tables = 0;
            const QString narrow = fittedMatrix(s, u, l.side.width(), &tables);
            if (tables == 1) {
                l.sideDoc = document(parts.summary + narrow + parts.legend + (withReasons ? reasons : QString()), l.side.width());
                if (l.sideDoc->size().height() <= l.side.height()) break;
                l.sideDoc.reset();
            }
            if (above && !withReasons) break;
        }
        if (l.sideDoc && withReasons) return l;
        if (l.sideDoc) break;
    }
    if (!l.sideDoc) place(above ? 1.0 : mapW);
    if (l.sideDoc) {
        Flow why;
        why.doc = document(reasons, (contentW - kGap) / 2);
        why.columns = 2;
        l.flows.push_back(std::move(why));
    } else {
        l.sideDoc = document(parts.summary + parts.legend, l.side.width());
        appendMatrixAndReasons(l, s, u, reasons, contentW, height);
    }
    for (Flow& f : l.flows) {
        f.doc->setPageSize(QSizeF((contentW - (f.columns - 1) * kGap) / f.columns, height));
        f.firstPage = l.pages;
        f.pages = (f.doc->pageCount() + f.columns - 1) / f.columns;
        l.pages += f.pages;
    }
    return l;
}

void appendMatrixAndReasons(Layout& l, const Scenario& s, const UnitRuling& u, const QString& reasons, double contentW,
                            double height) {
    const QString table = fittedMatrix(s, u, contentW, nullptr);
    const QString matrix = table + legendHtml(s, u, false);
    Flow after;  // the matrix, its legend and the reasons, one after the other
    after.doc = document(matrix + QStringLiteral("<p></p>") + reasons, contentW);
    if (after.doc->size().height() <= height) {
        l.flows.push_back(std::move(after));
        return;
    }
    // Page one holds the legend too: the matrix and the reasons on one page without it
    // (pointed to) rather than the reasons on a page of their own.
    Flow both;
    both.doc = document(table + QStringLiteral("<p>The symbols are explained in the legend on page 1.</p>") + reasons, contentW);
    if (both.doc->size().height() <= height) {
        l.flows.push_back(std::move(both));
        return;
    }
    // More than a page: the reasons in two columns from a page of their own, or straight
    // after the matrix in one, whichever takes fewer pages.
    auto pagesOf = [&](QTextDocument& doc, int columns) {
        doc.setPageSize(QSizeF((contentW - (columns - 1) * kGap) / columns, height));
        return (doc.pageCount() + columns - 1) / columns;
    };
    Flow first;
    first.doc = document(matrix, contentW);
    Flow why;
    why.doc = document(reasons, (contentW - kGap) / 2);
    why.columns = 2;
    if (pagesOf(*after.doc, 1) < pagesOf(*first.doc, 1) + pagesOf(*why.doc, 2)) {
        l.flows.push_back(std::move(after));
    } else {
        l.flows.push_back(std::move(first));
        l.flows.push_back(std::move(why));
    }
}

void paintHeader(QPainter& p, const Layout& l, int page) {
    const double contentW = kPageW - 2 * kMargin;
    const auto title = document(QStringLiteral("<b>%1</b>").arg(l.title), contentW * 0.75, 32);
    p.save();
    p.translate(kMargin, kMargin);
    title->drawContents(&p);
    const auto number = document(QStringLiteral("<p align=right>table fingerprint <b>%1</b> &middot; page %2 of %3</p>")
                                     .arg(l.fingerprint)
                                     .arg(page + 1)
                                     .arg(l.pages),
                                 contentW, 20);
    number->drawContents(&p);
    p.translate(0, 38);
    const auto sub = document(l.subtitle, contentW, 18);
    sub->drawContents(&p);
    p.restore();
    p.setPen(QPen(QColor(120, 120, 120), 1));
    p.drawLine(QPointF(kMargin, kMargin + l.header - 8), QPointF(kPageW - kMargin, kMargin + l.header - 8));
}

void paintMap(QPainter& p, const Scenario& s, const UnitRuling& u, const QRectF& page) {
    const QRectF area = page.adjusted(0, 0, 0, -28);  // a line under it says where it is
    // The region grown to the shape of the box (more of the table around it), within the table.
    QRectF region = mapRegion(s, u);
    const double want = area.width() / area.height();
    if (region.width() / region.height() < want) {
        const double w = std::min(s.board.width, region.height() * want);
        region.setLeft(std::clamp(region.center().x() - w / 2, 0.0, s.board.width - w));
        region.setWidth(w);
    } else {
        const double h = std::min(s.board.height, region.width() / want);
        region.setTop(std::clamp(region.center().y() - h / 2, 0.0, s.board.height - h));
        region.setHeight(h);
    }
    const double minX = region.left(), minY = region.top(), maxX = region.right(), maxY = region.bottom();
    const std::vector<int> cited = citedPieces(s, u);
    const double scale = std::min(area.width() / std::max(1.0, maxX - minX), area.height() / std::max(1.0, maxY - minY));
    QTransform t;
    t.translate(area.left() + (area.width() - (maxX - minX) * scale) / 2, area.top());
    t.scale(scale, scale);
    t.translate(-minX, -minY);

    Overlay o = unitOverlay(u);
    // The red lines of the pairs that do not see, centre to centre, under the green ones.
    std::vector<std::pair<Segment, bool>> red;
    for (size_t i = 0; i < u.attackers.size(); ++i)
        for (size_t j = 0; j < u.targets.size(); ++j)
            if (!u.pairs[i][j].visible)
                red.push_back({Segment{s.models[u.attackers[i]].position, s.models[u.targets[j]].position}, false});
    o.pairLines.insert(o.pairLines.begin(), red.begin(), red.end());
    o.tagsOnly = true;
    o.tagScale = 1.3;
    for (size_t i = 0; i < u.attackers.size(); ++i) {
        const QColor plate = plateColour(s.models[u.attackers[i]]);
        o.modelTags.push_back({u.attackers[i], QString::number(i + 1), plate, inkOn(plate), true});
    }
    for (size_t j = 0; j < u.targets.size(); ++j) {
        const QColor plate = plateColour(s.models[u.targets[j]]);
        o.modelTags.push_back({u.targets[j], QString::number(j + 1), plate, inkOn(plate), false});
    }
    for (int c : cited) {
        o.terrainTags.push_back({c, sheetLabel(s, s.terrain[c].id), QColor(0x8b, 0x1a, 0x1a, 235)});
        o.highlighted.push_back(s.terrain[c].id);
    }
    const QRectF shown = t.mapRect(QRectF(minX, minY, maxX - minX, maxY - minY));
    p.save();
    p.setClipRect(shown);
    BoardRenderer renderer(s);
    renderer.setPixelScale(kPerInch / 96);
    renderer.paint(p, t, o);
    p.restore();
    p.setPen(QPen(QColor(60, 60, 60), 1.5));
    p.setBrush(Qt::NoBrush);
    p.drawRect(shown);
    // Where on the table this is.
    const auto where = document(QStringLiteral("x %1&ndash;%2\", y %3&ndash;%4\" of the %5\" &times; %6\" table; grid 1\"")
                                    .arg(minX, 0, 'f', 0)
                                    .arg(maxX, 0, 'f', 0)
                                    .arg(minY, 0, 'f', 0)
                                    .arg(maxY, 0, 'f', 0)
                                    .arg(s.board.width)
                                    .arg(s.board.height),
                                area.width(), 17);
    p.save();
    p.translate(shown.left(), shown.bottom() + 4);
    where->drawContents(&p);
    p.restore();
}

// "attacker 3 (Intercessor 3)": the model's number in the matrix and on the map, and its label.
QString numbered(const Scenario& s, const UnitRuling& u, int model) {
    for (const auto& [list, role] : {std::pair{&u.attackers, "attacker"}, std::pair{&u.targets, "target"}}) {
        const auto it = std::find(list->begin(), list->end(), model);
        if (it != list->end())
            return QStringLiteral("%1 %2 (%3)")
                .arg(QLatin1String(role))
                .arg(it - list->begin() + 1)
                .arg(sheetLabel(s, s.models[static_cast<size_t>(model)].id));
    }
    return sheetLabel(s, s.models[static_cast<size_t>(model)].id);
}

// Two side views to a page, each under a line that names the pair and says why it is shown.
void paintSideViews(QPainter& p, const Layout& l, int page, const Scenario& s, const UnitRuling& u,
                    const std::vector<SheetSideView>& views) {
    const double half = (l.area.height() - kGap) / 2;
    for (int k = 0; k < 2; ++k) {
        // (The shared page holds the first in its lower half only.)
        if (l.sideShared && page == l.sideFirst && k == 0) continue;
        const size_t index = static_cast<size_t>((page - l.sideFirst) * 2 + k - (l.sideShared ? 1 : 0));
        if (index >= views.size()) break;
        const SheetSideView& v = views[index];
        const QRectF box(l.area.left(), l.area.top() + k * (half + kGap), l.area.width(), half);
        const QString observer = numbered(s, u, v.attacker), target = numbered(s, u, v.target);
        const auto title = document(QStringLiteral("<b>Side view: %1 to %2</b> &middot; %3")
                                        .arg(observer.toHtmlEscaped(), target.toHtmlEscaped(), v.why.toHtmlEscaped()),
                                    box.width(), 22);
        p.save();
        p.translate(box.topLeft());
        title->drawContents(&p);
        p.restore();
        const double titleH = title->size().height() + 6;
        QFont font(QStringLiteral("DejaVu Sans"));
        font.setPixelSize(19);
        p.save();
        p.setFont(font);
        const QRectF drawing(box.left(), box.top() + titleH, box.width(), box.height() - titleH);
        paintSideView(p, drawing, v.view, observer, target, sideViewCaption(v.view, observer, target));
        p.setPen(QPen(QColor(170, 170, 170), 1));
        p.setBrush(Qt::NoBrush);
        p.drawRect(drawing);
        p.restore();
    }
}

void paintPage(QPainter& p, const Layout& l, int page, const Scenario& s, const UnitRuling& u,
               const std::vector<SheetSideView>& views) {
    paintHeader(p, l, page);
    if (l.sideFirst >= 0 && page >= l.sideFirst) {
        paintSideViews(p, l, page, s, u, views);
        if (!l.sideShared || page != l.sideFirst) return;
    }
    if (page == 0) {
        paintMap(p, s, u, l.map);
        p.save();
        p.translate(l.side.topLeft());
        l.sideDoc->drawContents(&p, QRectF(QPointF(0, 0), l.side.size()));
        p.restore();
        return;
    }
    for (const Flow& f : l.flows) {
        if (page < f.firstPage || page >= f.firstPage + f.pages) continue;
        const QSizeF size = f.doc->pageSize();
        for (int c = 0; c < f.columns; ++c) {
            const int docPage = (page - f.firstPage) * f.columns + c;
            if (docPage >= f.doc->pageCount()) break;
            p.save();
            p.translate(l.area.left() + c * (size.width() + kGap), l.area.top() - docPage * size.height());
            // (less a sliver: the top of the next page's first line must not show)
            f.doc->drawContents(&p, QRectF(0, docPage * size.height(), size.width(), size.height() - 2));
            p.restore();
        }
    }
}

}  // namespace

std::vector<SheetSideView> disputedSideViews(const Scene& scene, const Rulings& rulings, const UnitRuling& u,
                                             const std::vector<std::pair<int, int>>& named) {
    std::vector<SheetSideView> out;
    auto pairOf = [&](int a, int t) -> const PairResult* {
        const auto i = std::find(u.attackers.begin(), u.attackers.end(), a);
        const auto j = std::find(u.targets.begin(), u.targets.end(), t);
        if (i == u.attackers.end() || j == u.targets.end()) return nullptr;
        return &u.pairs[static_cast<size_t>(i - u.attackers.begin())][static_cast<size_t>(j - u.targets.begin())];
    };
    for (const auto& [a, t] : named)
        if (const PairResult* r = pairOf(a, t)) {
            SheetSideView v{a, t, sideView(scene, rulings, a, t, *r), QStringLiteral("the pair in dispute")};
            if (!r->visible && r->hidden.value_or(false) && v.view.closest < 0)
                v.why += QStringLiteral("; not seen because 13.09 hides the target beyond its detection range, not because of terrain");
            out.push_back(std::move(v));
        }
    if (!named.empty()) return out;
    // The closest call: the least margin, over a piece (seen) or into one (not seen).
    std::optional<SheetSideView> closest;
    double least = 0;
    for (size_t i = 0; i < u.attackers.size(); ++i)
        for (size_t j = 0; j < u.targets.size(); ++j) {
            const int a = u.attackers[i], t = u.targets[j];
            SideView v = sideView(scene, rulings, a, t, u.pairs[i][j]);
            if (v.closest < 0) continue;
            const SectionPiece& near = v.pieces[static_cast<size_t>(v.closest)];
            // (the first of equal margins: the lowest numbers)
            if (near.wall || std::abs(near.clearance) > kCloseCall || (closest && std::abs(near.clearance) >= least)) continue;
            least = std::abs(near.clearance);
            const QString label = QString::fromStdString(near.label);
            closest = SheetSideView{a, t, std::move(v),
                                    u.pairs[i][j].visible
                                        ? QStringLiteral("the closest call: its sight line clears %1 by %2").arg(label, inchesText(near.clearance))
                                        : QStringLiteral("the closest call: its least blocked line dips %1 into %2")
                                              .arg(inchesText(-near.clearance), label)};
        }
    if (closest) out.push_back(std::move(*closest));
    return out;
}

bool writeRulingSheet(const Scenario& scenario, const UnitRuling& u, const QString& path, QString* error, int* pages,
                      const std::vector<SheetSideView>& sideViews) {
    const Layout layout = layOut(scenario, u, sideViews.size());
    if (pages) *pages = layout.pages;
    const QString title = QStringLiteral("Ruling: %1 shooting at %2").arg(QString::fromStdString(u.attackerUnit),
                                                                          QString::fromStdString(u.targetUnit));
    if (path.endsWith(QLatin1String(".png"), Qt::CaseInsensitive)) {
        // 150 dpi, the pages one under the other.
        const double scale = 150 / kPerInch;
        const int w = static_cast<int>(std::lround(kPageW * scale)), h = static_cast<int>(std::lround(kPageH * scale));
        QImage image(w, h * layout.pages, QImage::Format_ARGB32_Premultiplied);
        if (image.isNull()) {
            if (error) *error = QStringLiteral("%1: the sheet is too large for an image; write a PDF").arg(path);
            return false;
        }
        image.fill(Qt::white);
        QPainter p(&image);
        p.setRenderHint(QPainter::Antialiasing);
        p.setRenderHint(QPainter::TextAntialiasing);
        for (int page = 0; page < layout.pages; ++page) {
            p.save();
            p.translate(0, page * h);
            if (page > 0) p.fillRect(QRectF(0, 0, w, 2), QColor(170, 170, 170));
            p.scale(scale, scale);
            paintPage(p, layout, page, scenario, u, sideViews);
            p.restore();
        }
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
    pdf.setPageMargins(QMarginsF(0, 0, 0, 0), QPageLayout::Millimeter);
    pdf.setResolution(300);
    pdf.setTitle(title);
    pdf.setCreator(QStringLiteral("Sightline"));
    QPainter p;
    if (!p.begin(&pdf)) {
        if (error) *error = QStringLiteral("%1: cannot write the PDF file").arg(path);
        return false;
    }
    const double scale = pdf.width() / kPageW;
    for (int page = 0; page < layout.pages; ++page) {
        if (page > 0) pdf.newPage();
        p.save();
        p.scale(scale, scale);
        paintPage(p, layout, page, scenario, u, sideViews);
        p.restore();
    }
    p.end();
    return true;
}

}  // namespace sl::render

