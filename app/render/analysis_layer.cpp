// The vision map's colours, legend and title (analysis_layer.h).
#include "analysis_layer.h"

#include "kernel/base.h"

#include <QRegularExpression>

#include <algorithm>
#include <cmath>

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

QString zoneText(const Zone& zone) {
    const QString id = QString::fromStdString(zone.id), side = QString::fromStdString(zone.side);
    // (Said by the id where it is one of its words: "deployment-attacker", not "east" for side "a".)
    const QStringList words = id.split(QRegularExpression(QStringLiteral("[-_ ]+")), Qt::SkipEmptyParts);
    const bool said = std::ranges::any_of(words, [&](const QString& w) { return w.compare(side, Qt::CaseInsensitive) == 0; });
    return side.isEmpty() || said ? id : QStringLiteral("%1 (%2)").arg(id, side);
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
        dense = dense || (c.hidden1309 && c.verdict == analysis::Verdict::Hidden && !c.undecided);
        undecided = undecided || (c.undecided && c.verdict == analysis::Verdict::Hidden);  // (grey: a seen one is drawn as seen)
        overlap = overlap || c.verdict == analysis::Verdict::Overlap;
    }
    QString who;
    if (map.observers.size() == 1) {
        who = QString::fromStdString(scenario.labelOf(scenario.models[map.observers[0]].id));
    } else if (!map.observers.empty()) {
        // Their unit, or their side (fog of war: what a side sees), or only how many.
        const Model& first = scenario.models[map.observers[0]];
        bool oneUnit = true, oneSide = true;
        for (int o : map.observers) {
            oneUnit = oneUnit && scenario.models[o].unit == first.unit;
            oneSide = oneSide && scenario.models[o].side == first.side;
        }
        const QString group = oneUnit                          ? QString::fromStdString(first.unit)
                              : oneSide && !first.side.empty() ? QStringLiteral("side %1").arg(QString::fromStdString(first.side))
                                                               : QStringLiteral("any of");
        who = QStringLiteral("%1 (%2 models)").arg(group).arg(map.observers.size());
    }
    layer.title = QStringLiteral("Seen by %1: %2 on each %3\" cell")
                      .arg(who, probeText(map.probe))
                      .arg(map.grid.spacing);
    // (Where some cells are in cover, a model seen fully there is drawn in cover's colour
    // too: the entries say which is which, so that "fully visible" is not read as all of it.)
    if (cover)
        layer.legend = {{kMapFullyVisible, QStringLiteral("fully visible, out of cover")},
                        {kMapVisible, QStringLiteral("visible, not fully, out of cover")},
                        {kMapCover, QStringLiteral("visible (fully or not), in cover")}};
    else
        layer.legend = {{kMapFullyVisible, QStringLiteral("fully visible")}, {kMapVisible, QStringLiteral("visible, not fully")}};
    layer.legend.push_back({kMapHidden, QStringLiteral("hidden")});
    if (dense) layer.legend.push_back({kMapHidden1309, QStringLiteral("hidden (13.09, within a dense area)")});
    if (undecided) layer.legend.push_back({kMapUndecided, QStringLiteral("undecided (at or near a knife edge)")});
    if (overlap)
        layer.legend.push_back({QColor(0, 0, 0, 0), QStringLiteral("clear: no place to stand (a feature, a model, the table's edge)")});
    // Each with the area of the cells drawn in its colour: the entries, each cell in one,
    // make up the table.
    const double cellArea = map.grid.spacing * map.grid.spacing;
    for (auto& [colour, text] : layer.legend)
        text += QStringLiteral(" — %1\u00a0sq\u00a0in").arg(static_cast<double>(std::ranges::count(layer.cells, colour)) * cellArea, 0, 'f', 1);
    // (A picture's key says what the panel's figures do: the cells seen that a knife edge
    // left open to being fully visible, drawn as seen, not fully.)
    const auto seenOpen = std::ranges::count_if(map.cells, [](const analysis::Cell& c) { return c.undecided && c.verdict == analysis::Verdict::Visible; });
    if (seenOpen > 0)
        layer.key.push_back(QStringLiteral("of the cells seen, %1\u00a0sq\u00a0in may be fully visible: left undecided at or near a knife edge")
                                .arg(static_cast<double>(seenOpen) * cellArea, 0, 'f', 1));
    return layer;
}

MapLayer unseenLayer(const analysis::VisionMap& map, const Scenario& scenario) {
    MapLayer layer = visionLayer(map, scenario);  // (its grid and title)
    layer.cells.clear();
    layer.key.clear();  // (a veil says seen or not: nothing of fully visible)
    bool undecided = false, overlap = false;
    const QColor standing(kMapUnseen.red(), kMapUnseen.green(), kMapUnseen.blue(), 110);
    for (const analysis::Cell& c : map.cells) {
        const bool open = c.undecided && c.verdict == analysis::Verdict::Hidden;
        undecided = undecided || open;
        overlap = overlap || c.verdict == analysis::Verdict::Overlap;
        // (Where a point cannot stand, on a feature or a model the side knows or over the
        // table's edge, nothing is said of its sight: half veiled, so that it is not read as
        // seen ground.)
        layer.cells.push_back(c.verdict == analysis::Verdict::Hidden    ? (open ? kMapUndecided : kMapUnseen)
                              : c.verdict == analysis::Verdict::Overlap ? standing
                                                                        : QColor(0, 0, 0, 0));
    }
    const QString who = map.observers.empty() ? QString() : QString::fromStdString(scenario.models[map.observers[0]].side);
    layer.title = QStringLiteral("What side %1 cannot see: a point %2\" high, on each %3\" cell")
                      .arg(who)
                      .arg(map.probe.height)
                      .arg(map.grid.spacing);
    layer.legend = {{kMapUnseen, QStringLiteral("no model of the side sees it")},
                    {QColor(0, 0, 0, 0), QStringLiteral("clear: seen by a model of the side")}};
    if (overlap)
        layer.legend.push_back({standing, QStringLiteral("half shaded: no place to stand (a feature or model, the table's edge)")});
    if (undecided) layer.legend.push_back({kMapUndecided, QStringLiteral("undecided (at or near a knife edge)")});
    return layer;
}

namespace {

// The steps of the exposure scale: from none (hidden from the whole zone) to all.
struct Step {
    double upTo;  // shares up to this one (and above the last step's)
    QColor colour;
    const char* text;
};
const Step kSteps[] = {
    {0.2, QColor(255, 237, 160), "seen from up to a fifth of the places"},
    {0.4, QColor(254, 204, 92), "a fifth to two fifths"},
    {0.6, QColor(253, 141, 60), "two fifths to three fifths"},
    {0.8, QColor(240, 59, 32), "three fifths to four fifths"},
    {1.0, QColor(189, 0, 38), "more than four fifths, up to all of them"},
};

}  // namespace

QColor exposureColour(double share, bool anySeen) {
    if (!anySeen) return kMapHidden;
    for (const Step& s : kSteps)
        if (share <= s.upTo + 1e-12) return s.colour;
    return kSteps[4].colour;
}

MapLayer exposureLayer(const analysis::ExposureMap& map, const Scenario& scenario, bool byFully) {
    MapLayer layer;
    layer.spacing = map.grid.spacing;
    layer.cols = map.grid.cols;
    layer.rows = map.grid.rows;
    bool overlap = false, undecided = false;
    for (const analysis::ExposureCell& c : map.cells) {
        overlap = overlap || c.overlap;
        const int n = byFully ? c.fully : c.seen;
        // (Seen from no place proven, and undecided from some: not known hidden, so not
        // drawn as hidden; the figures count it in neither.)
        const bool open = !c.overlap && n == 0 && c.undecided > 0;
        undecided = undecided || open;
        layer.cells.push_back(c.overlap ? QColor(0, 0, 0, 0)
                              : open    ? kMapUndecided
                                        : exposureColour(byFully ? map.fullyShare(c) : map.share(c), n > 0));
    }
    QString zone = QString::fromStdString(map.zone);
    for (const Zone& z : scenario.zones)
        if (z.id == map.zone) zone = zoneText(z);
    // (The model on each cell named again only where it is not the one at the places.)
    const QString target = probeText(map.target) == probeText(map.observer) ? QStringLiteral("one") : probeText(map.target);
    layer.title = QStringLiteral("Exposure to %1: %2 at %3 places %4\" apart; %5 on each %6\" cell")
                      .arg(zone, probeText(map.observer))
                      .arg(map.positions.size())
                      .arg(map.zoneSpacing)
                      .arg(target)
                      .arg(map.grid.spacing);
    layer.legend.push_back({kMapHidden, byFully ? QStringLiteral("fully visible from no place in the zone")
                                                : QStringLiteral("hidden from every place in the zone")});
    for (const Step& s : kSteps) layer.legend.push_back({s.colour, QString::fromLatin1(s.text)});
    if (byFully) layer.legend.back().second += QStringLiteral(" (fully visible)");
    if (undecided)
        layer.legend.push_back({kMapUndecided, byFully ? QStringLiteral("fully visible from no place proven, undecided from some")
                                                       : QStringLiteral("seen from no place proven, undecided from some")});
    if (overlap)
        layer.legend.push_back({QColor(0, 0, 0, 0), QStringLiteral("clear: no place to stand (a feature, a model, the table's edge)")});
    // (The figures the panel and the CLI give, for a picture.)
    const analysis::ExposureTally t = analysis::tallyExposure(map);
    const double area = map.grid.spacing * map.grid.spacing;
    layer.key.push_back(QStringLiteral("hidden from every place: %1\u00a0sq\u00a0in; seen from every place: %2\u00a0sq\u00a0in")
                            .arg(t.none * area, 0, 'f', 1)
                            .arg(t.all * area, 0, 'f', 1));
    layer.key.push_back(byFully ? QStringLiteral("places that see a cell fully, on average: %1%").arg(100 * t.meanFullyShare(), 0, 'f', 1)
                                : QStringLiteral("places that see a cell, on average: %1%").arg(100 * t.meanShare(), 0, 'f', 1));
    if (t.undecided > 0)
        layer.key.push_back(QStringLiteral("undecided (at or near a knife edge): %1 %2 in %3 %4, counted as not seen")
                                .arg(t.undecided)
                                .arg(t.undecided == 1 ? QStringLiteral("pair") : QStringLiteral("pairs"))
                                .arg(t.undecidedCells)
                                .arg(t.undecidedCells == 1 ? QStringLiteral("cell") : QStringLiteral("cells")));
    return layer;
}

QColor hidingColour(size_t base, size_t bases, bool semi) {
    // From a light blue (the smallest base) to a dark navy (the largest): apart from the
    // table's greens and from the exposure scale's warm colours.
    const double t = bases > 1 ? static_cast<double>(base) / static_cast<double>(bases - 1) : 1.0;
    auto mix = [t](int a, int b) { return static_cast<int>(std::lround(a + (b - a) * t)); };
    QColor c(mix(158, 8), mix(202, 48), mix(225, 107));
    // Pale yellow, seen from a few places: a caution, apart from the blues (and from one
    // another to every eye: blue and yellow are the pair that no common colour blindness
    // runs together); over the zones' tints it stays yellow, where a pale grey or lavender read
    // pink over the red zone.
    if (semi) c = QColor(255, 236, 139);
    return c;
}

std::vector<size_t> hidingShadedBases(size_t bases) {
    std::vector<size_t> shaded;
    if (bases <= kHidingShades) {
        for (size_t b = 0; b < bases; ++b) shaded.push_back(b);
        return shaded;
    }
    for (size_t g = 0; g < kHidingShades; ++g)
        shaded.push_back(static_cast<size_t>(std::lround(static_cast<double>(g * (bases - 1)) / static_cast<double>(kHidingShades - 1))));
    return shaded;
}

namespace {
// Each base's outline, told apart from the fills and from one another.
const QColor kOutlines[] = {QColor(255, 217, 47), QColor(255, 127, 0), QColor(250, 250, 250), QColor(231, 41, 138)};
const char* const kOutlineNames[] = {"yellow", "orange", "white", "magenta"};
// A shade's outline on the map (where its base hides and a smaller one is seen): the bases'
// own above, and for a fifth shade, black (the cells it outlines are lighter than its shade:
// a light blue outline would not show on them). (The smallest's none: no smaller base.)
const QColor kShadeOutlines[] = {QColor(), kOutlines[1], kOutlines[2], kOutlines[3], QColor(15, 15, 15)};
const char* const kShadeOutlineNames[] = {"", "orange", "white", "magenta", "black"};
static_assert(std::size(kShadeOutlines) == kHidingShades);
}  // namespace

namespace {
// A base as a legend names it, kept whole on one line: "32\u00a0mm round".
QString baseName(const analysis::Probe& probe) {
    return probeText(probe).section(QLatin1Char(','), 0, 0).replace(QStringLiteral(" mm"), QStringLiteral("\u00a0mm"));
}
}  // namespace

MapLayer hidingLayer(const analysis::HidingSpots& spots, const Scenario& scenario) {
    MapLayer layer;
    layer.spacing = spots.grid.spacing;
    layer.cols = spots.grid.cols;
    layer.rows = spots.grid.rows;
    const size_t n = spots.bases.size();
    const std::vector<int> safe = analysis::largestHidden(spots, false), semi = analysis::largestHidden(spots, true);
    // (The bases the fills' shades stand for: every one, or with many, five spread over them;
    // a cell takes the shade of the largest of those up to its own base.)
    const std::vector<size_t> shaded = hidingShadedBases(n);
    std::vector<size_t> shadeOf(n, 0);
    for (size_t b = 0, g = 0; b < n; ++b) {
        while (g + 1 < shaded.size() && shaded[g + 1] <= b) ++g;
        shadeOf[b] = g;
    }
    for (size_t k = 0; k < safe.size(); ++k)
        layer.cells.push_back(safe[k] >= 0   ? hidingColour(shadeOf[static_cast<size_t>(safe[k])], shaded.size(), false)
                              : semi[k] >= 0 ? hidingColour(0, shaded.size(), true)
                                             : QColor(0, 0, 0, 0));
    // A cell's colour says which bases hide there when they nest (every base up to its
    // colour's). Where a base hides and a smaller one within it is seen (within an area,
    // 13.09, a larger base reaches further), its colour cannot say so: that ground alone is
    // outlined, in the base's colour, so that the map is its fills with a few marked places,
    // not each base's whole safe ground drawn again beside the fills' own edges. (Not where
    // the smaller base seen is not within it, as a long oval beside a round: the larger may
    // be hidden there by its shape alone; nor where the smaller has no room: the colour is
    // lighter there, and neither is claimed.) For the shaded bases alone (with many, four of
    // the five, the smallest having none smaller: more would hide the map). Where two
    // bases' such ground shares an edge, both show: the larger's drawn first and wider, the
    // smaller's within it.
    const double cell = spots.grid.spacing * spots.grid.spacing;
    std::vector<double> alone(n, 0.0);
    for (size_t g = shaded.size(); g-- > 1;) {
        const size_t b = shaded[g];
        std::vector<size_t> within;  // (the smaller bases within it)
        for (size_t c = 0; c < b; ++c)
            if (analysis::probeWithin(spots.bases[c].probe, spots.bases[b].probe)) within.push_back(c);
        std::vector<char> only(safe.size(), 0);
        for (size_t k = 0; k < safe.size(); ++k)
            if (spots.bases[b].safe[k] && std::ranges::any_of(within, [&](size_t c) {
                    const analysis::HidingBase& smaller = spots.bases[c];
                    return (k >= smaller.room.size() || smaller.room[k]) && !smaller.safe[k];
                })) {
                only[k] = 1;
                alone[b] += cell;
            }
        if (alone[b] > 0)
            layer.outlines.push_back(
                {kShadeOutlines[g], analysis::cellOutlines(spots.grid, only), false,
                 // (Each wider than the one within it; the fifth, black, by less: wide, it filled
                 // a small patch.)
                 g < 4 ? 2.2 + 1.6 * static_cast<double>(g) : 7.8});
    }
    QString zone = QString::fromStdString(spots.zone);
    for (const Zone& z : scenario.zones)
        if (z.id == spots.zone) zone = zoneText(z);
    const int percent = static_cast<int>(std::lround(spots.options.semiShare * 100));
    layer.title = QStringLiteral("Hiding from %1 (%2 places %3\" apart); %4\" cells; semi-safe: seen from at most %5 (%6%)")
                      .arg(zone)
                      .arg(spots.places)
                      .arg(spots.options.zoneSpacing)
                      .arg(spots.grid.spacing)
                      .arg(spots.semiMost)
                      .arg(percent);
    // (Each base's safe ground: its colour and the darker ones, and its outline where it has
    // one; both areas said where it does.)
    std::vector<int> nested(n, 0);
    for (const int k : safe)
        for (int b = 0; b <= k; ++b) ++nested[static_cast<size_t>(b)];
    for (size_t g = 0; g < shaded.size(); ++g) {
        const size_t b = shaded[g];
        const double coloured = nested[b] * cell;
        const bool more = b > 0 && coloured < spots.bases[b].safeArea - cell / 2;
        // (Its safe ground not all of its colour or darker: a smaller base seen there, or with
        // no room; the part outlined said where there is one.)
        QString where;
        if (more && alone[b] > 0)
            where = QStringLiteral(" (this colour or darker: %1\u00a0sq\u00a0in; outlined %2: %3\u00a0sq\u00a0in, where a smaller base within it is seen: it reaches within an area, where the rules hide it)")
                        .arg(coloured, 0, 'f', 1)
                        .arg(QLatin1String(kShadeOutlineNames[g]))
                        .arg(alone[b], 0, 'f', 1);
        else if (more)
            where = QStringLiteral(" (with every smaller base, this colour or darker: %1\u00a0sq\u00a0in)").arg(coloured, 0, 'f', 1);
        layer.legend.push_back({hidingColour(g, shaded.size(), false),
                                // (No line broken within "535.2 sq in" or "32 mm": non-breaking spaces.)
                                // (The semi-safe figure holds the safe ground too: said so.)
                                QStringLiteral("%1%2: safe %3\u00a0sq\u00a0in%4; safe or semi-safe %5\u00a0sq\u00a0in")
                                    .arg(b == 0 ? QString() : QStringLiteral("up to "))
                                    .arg(probeText(spots.bases[b].probe).replace(QStringLiteral(" mm"), QStringLiteral("\u00a0mm")))
                                    .arg(spots.bases[b].safeArea, 0, 'f', 1)
                                    .arg(where)
                                    .arg(spots.bases[b].semiArea, 0, 'f', 1)});
    }
    // (Pale: the smallest base seen from a few places, none safe up to it; with no place
    // allowed, semi-safe is safe and there is none.)
    if (spots.semiMost > 0)
        layer.legend.push_back({hidingColour(0, n, true),
                                QStringLiteral("semi-safe: the %1 is seen from %2 of the places")
                                    .arg(baseName(n > 0 ? spots.bases[0].probe : analysis::Probe{}))
                                    .arg(spots.semiMost == 1 ? QStringLiteral("1") : QStringLiteral("1 to %1").arg(spots.semiMost))});
    // (The rest of the table, left clear: what most of it is.)
    layer.legend.push_back({QColor(), QStringLiteral("no colour: seen from more than %1 of the places, or no place to stand")
                                          .arg(spots.semiMost)});
    // (A base in the key: its height too where the bases' heights differ, as the panel names
    // them: two of one size tell apart.)
    const bool oneHeight = std::ranges::all_of(spots.bases, [&](const analysis::HidingBase& b) { return b.probe.height == spots.bases[0].probe.height; });
    auto keyName = [&](const analysis::Probe& probe) {
        return oneHeight ? baseName(probe) : probeText(probe).replace(QStringLiteral(" mm"), QStringLiteral("\u00a0mm"));
    };
    if (n > shaded.size()) {
        // (Every base's figures, for a picture: the window's panel gives them as a table.)
        layer.legend.push_back({QColor(), QStringLiteral("a cell's colour: the largest of these %1 of the %2 bases that hides there "
                                                         "with every smaller one (every base's figures below)")
                                              .arg(shaded.size())
                                              .arg(n)});
        // (A line a base: a paragraph of 21 had to be counted through.)
        layer.key.push_back(QStringLiteral("every base, safe / safe or semi-safe, sq\u00a0in:"));
        for (const analysis::HidingBase& b : spots.bases)
            layer.key.push_back(QStringLiteral("%1: %2 / %3").arg(keyName(b.probe)).arg(b.safeArea, 0, 'f', 1).arg(b.semiArea, 0, 'f', 1));
    } else if (n > 1) {
        layer.legend.push_back({QColor(), QStringLiteral("a cell's colour: the largest base that hides there with every smaller one")});
    }
    // (The figures the panel and the CLI give by objective, for a picture: each base's safe
    // ground within range of it, a line for each objective.)
    if (n > shaded.size() && !spots.bases[0].objectives.empty()) {
        // (Many bases: each figure named, as the panel gives them; a row of 21 numbers had to
        // be counted through. The bases from which none is safe there said at once.)
        layer.key.push_back(QStringLiteral("safe within %1\" of each objective, sq\u00a0in:").arg(spots.options.objectiveRange));
        for (size_t o = 0; o < spots.bases[0].objectives.size(); ++o) {
            auto area = [&](size_t b) { return o < spots.bases[b].objectives.size() ? spots.bases[b].objectives[o].safeArea : 0.0; };
            size_t some = n;  // (past the last base with safe ground there)
            while (some > 0 && !(area(some - 1) > 0)) --some;
            QStringList each;
            for (size_t b = 0; b < some; ++b) each << QStringLiteral("%1 %2").arg(keyName(spots.bases[b].probe)).arg(area(b), 0, 'f', 1);
            if (some == 0) each << QStringLiteral("none for any base");
            else if (some < n) each << QStringLiteral("none from the %1 on").arg(keyName(spots.bases[some].probe));
            layer.key.push_back(QStringLiteral("%1: %2").arg(QString::fromStdString(spots.bases[0].objectives[o].objective), each.join(QStringLiteral(", "))));
        }
    } else if (n > 0 && !spots.bases[0].objectives.empty()) {
        QStringList names;
        for (const analysis::HidingBase& b : spots.bases)
            names << keyName(b.probe);
        layer.key.push_back(QStringLiteral("safe within %1\" of each objective, sq\u00a0in (%2):")
                                .arg(spots.options.objectiveRange)
                                .arg(names.join(QStringLiteral(" / "))));
        for (size_t o = 0; o < spots.bases[0].objectives.size(); ++o) {
            QStringList areas;
            for (const analysis::HidingBase& b : spots.bases)
                areas << (o < b.objectives.size() ? QString::number(b.objectives[o].safeArea, 'f', 1) : QStringLiteral("-"));
            layer.key.push_back(QStringLiteral("%1: %2").arg(QString::fromStdString(spots.bases[0].objectives[o].objective),
                                                             areas.join(QStringLiteral(" / "))));
        }
    }
    return layer;
}

QString hidingOutlineName(size_t base, size_t bases) {
    return bases <= std::size(kOutlines) ? QLatin1String(kOutlineNames[base]) : QString();
}

std::pair<int, int> hidingBoundaryAt(const analysis::HidingSpots& spots, Vec2 at) {
    const std::optional<std::pair<int, int>> cell = spots.grid.cellAt(at);
    if (!cell) return {-1, -1};
    const size_t k = spots.grid.index(*cell);
    int largestSafe = -1, smallestSeen = -1;
    for (size_t b = 0; b < spots.bases.size(); ++b) {
        const analysis::HidingBase& base = spots.bases[b];
        if (k < base.safe.size() && base.safe[k]) largestSafe = static_cast<int>(b);
        else if (smallestSeen < 0 && (k >= base.room.size() || base.room[k])) smallestSeen = static_cast<int>(b);
    }
    return {largestSafe, smallestSeen};
}

std::vector<MapBase> hidingBasesAt(const analysis::HidingSpots& spots, Vec2 at) {
    std::vector<MapBase> out;
    const size_t n = spots.bases.size();
    // (Off the map, none: as with many bases, where nothing is safe or seen there.)
    const std::optional<std::pair<int, int>> cell = spots.grid.cellAt(at);
    if (!cell) return out;
    const size_t k = spots.grid.index(*cell);
    auto drawn = [&](size_t b, QColor colour) {
        const analysis::HidingBase& base = spots.bases[b];
        const bool safe = k < base.safe.size() && base.safe[k];
        return MapBase{baseOutline(analysis::probeModel(base.probe, at)), colour, !safe};
    };
    if (n <= std::size(kOutlines)) {
        for (size_t b = 0; b < n; ++b) out.push_back(drawn(b, kOutlines[b]));
        return out;
    }
    // (Many bases, nested rings too close to tell apart: the two that say where the line
    // falls; yellow and red, which the map's outlines of many bases never are.)
    const auto [safe, seen] = hidingBoundaryAt(spots, at);
    if (safe >= 0) out.push_back(drawn(static_cast<size_t>(safe), kOutlines[0]));
    if (seen >= 0) out.push_back(drawn(static_cast<size_t>(seen), kBlockedRed));
    return out;
}

namespace {
// What the window, the CLI and a picture's key all say of a gap first ("2.50\" between Ruin 1
// and Ruin 2"), and how many of the bases tried it is given against.
QString gapBetween(const analysis::Gap& g, const Scenario& scenario) {
    auto label = [&](int piece) { return QString::fromStdString(scenario.labelOf(scenario.terrain[static_cast<size_t>(piece)].id)); };
    // (One call: a piece's label may hold a "%".)
    return QStringLiteral("%1\" between %2 and %3").arg(QString::number(g.width, 'f', 2), label(g.a), label(g.b));
}
size_t basesTried(const analysis::Gap& g, const analysis::LanesAndGaps& found) { return std::max(found.basesTried, g.basesThrough.size()); }

// A picture's key: shorter, one entry to a gap (the legend's line above it says how many a
// sight line passes, so only a gap none passes says so).
QString gapKey(const analysis::Gap& g, const analysis::LanesAndGaps& found, const Scenario& scenario) {
    return gapBetween(g, scenario) + QStringLiteral("; ") +
           (g.basesThrough.empty() ? QStringLiteral("no base fits")
                                   : QStringLiteral("bases up to %1\u00a0mm across fit (%2 of %3)")
                                         .arg(g.widestThrough * kMmPerInch, 0, 'f', 0)
                                         .arg(g.basesThrough.size())
                                         .arg(basesTried(g, found))) +
           (g.sightPasses ? QString() : QStringLiteral("; no sight line passes"));
}
}  // namespace

QString lineWidthText(const analysis::LanesAndGaps& found) {
    if (!(found.lineWidth > 0)) return QStringLiteral("a sight line has no width");
    return QStringLiteral("a sight line is %1 mm wide").arg(QString::number(found.lineWidth * kMmPerInch, 'g', 3));
}

QString gapText(const analysis::Gap& g, const analysis::LanesAndGaps& found, const Scenario& scenario) {
    const size_t tried = basesTried(g, found);
    return gapBetween(g, scenario) + QStringLiteral("; ") +
           (g.basesThrough.empty() ? QStringLiteral("no base fits through")
                                   : QStringLiteral("%1 of %2 %3 through (up to %4\u00a0mm across)")
                                         .arg(g.basesThrough.size())
                                         .arg(tried)
                                         .arg(tried == 1                   ? QStringLiteral("base fits")
                                              : g.basesThrough.size() == 1 ? QStringLiteral("bases fits")
                                                                           : QStringLiteral("bases fit"))
                                         .arg(g.widestThrough * kMmPerInch, 0, 'f', 0)) +
           QStringLiteral("; ") + (g.sightPasses ? QStringLiteral("a sight line passes") : QStringLiteral("no sight line passes"));
}

MapLayer lanesLayer(const analysis::LanesAndGaps& found, const Scenario& scenario, size_t lanes) {
    MapLayer layer;
    // (None white: a legend's swatch of it would not show on the legend's pale plate.)
    static const QColor kLanes[] = {QColor(255, 217, 47), QColor(0, 200, 255), QColor(255, 127, 0), QColor(231, 41, 138),
                                    QColor(170, 120, 255)};
    layer.title = QStringLiteral("Firing lanes from %1 to %2 (widest first) and gaps under 6\" between the pieces that stop sight")
                      .arg(QString::fromStdString(found.zoneA), QString::fromStdString(found.zoneB));
    for (size_t i = 0; i < found.lanes.size() && i < lanes && i < std::size(kLanes); ++i) {
        const analysis::Lane& l = found.lanes[i];
        layer.outlines.push_back({kLanes[i], {l.outline}, false, 2.2, true});
        layer.legend.push_back({kLanes[i], QStringLiteral("lane %1: %2\" wide, %3\" long").arg(i + 1).arg(l.width, 0, 'f', 1).arg(l.length, 0, 'f', 1)});
    }
    if (found.lanes.empty()) layer.legend.push_back({QColor(), QStringLiteral("no open lane between the zones")});
    const QColor red(214, 39, 40);
    MapLayer::Outline gaps{red, {}, true};
    int passes = 0;
    for (size_t i = 0; i < found.gaps.size(); ++i) {
        const analysis::Gap& g = found.gaps[i];
        gaps.rings.push_back({g.from, g.to});
        passes += g.sightPasses;
        // (At its middle, else further along it: a model may stand in the gap.)
        layer.labels.push_back({(g.from + g.to) * 0.5, QString::number(i + 1), red.darker(130),
                                {g.from + (g.to - g.from) * 0.3, g.from + (g.to - g.from) * 0.7, g.from + (g.to - g.from) * 0.15,
                                 g.from + (g.to - g.from) * 0.85}});
        // (The key a picture gives to the numbers, as the panel's list does: gapKey.)
        layer.key.push_back(QStringLiteral("gap %1: ").arg(i + 1) + gapKey(g, found, scenario));
    }
    if (!gaps.rings.empty()) {
        layer.outlines.push_back(gaps);
        layer.legend.push_back({red, QStringLiteral("%1 gaps (dashed, numbered narrowest first, from %2\"); a sight line passes %3 of them")
                                                         .arg(found.gaps.size())
                                                         .arg(found.gaps.front().width, 0, 'f', 2)
                                                         .arg(passes)});
    }
    // (Drawn over the models, which they leave out: said, so that a lane across a unit is
    // not read as a mistake.)
    if (!found.lanes.empty() || !found.gaps.empty())
        layer.legend.push_back({QColor(), QStringLiteral("lanes and gaps are the terrain's: the models on the table, which move, are not counted")});
    return layer;
}

}  // namespace sl::render
