// Layout analysis: the vision map's cells against the pair ruling of a model placed at their
// centres (every official layout, both rulesets, several bases) and the maps' full-shadow
// shortcut against ruling every cell, a hand-built wall whose shadow is known (and a full
// shadow's edge), cells where the probe would overlap a feature, and cancelling; the
// exposure map's counts against pair rulings from every place in the zone.
#include "analysis/exposure.h"
#include "analysis/hiding.h"
#include "analysis/lanes.h"
#include "analysis/shadows.h"
#include "analysis/terrain_parts.h"
#include "analysis/vision_map.h"
#include "fixtures.h"
#include "kernel/base.h"
#include "kernel/polygon.h"
#include "los/pair.h"
#include "los/scene.h"
#include "reference_los.h"
#include "rules/rulings.h"
#include "scenario_io.h"
#include "share.h"

#include <QDirIterator>
#include <QtTest>

#include <array>
#include <cmath>
#include <functional>
#include <numbers>
#include <optional>
#include <random>

using namespace sl;
using namespace sl::analysis;

namespace {

// The pair ruling of a model with the probe's base, height and keywords at `at` against
// each observer, made the way a scenario file with that model in it is ruled. `seers`: the
// observers that may stand as the cell's seenBy (those that see it; fully, where it is).
Cell referenceCell(Scenario s, const std::vector<int>& observers, const Probe& probe, Vec2 at, std::vector<int>* seers = nullptr) {
    Model m;
    m.id = "reference-target";
    m.name = "Reference target";
    m.side = "nobody";
    m.unit = "reference-unit";
    m.base = probe.base;
    m.height = probe.height;
    m.keywords = probe.keywords;
    m.position = at;
    s.models.push_back(m);
    const Scene scene(s);
    const Rulings rulings(scene);
    Cell c;
    bool cover = true, notSeenUndecided = false, notFullyUndecided = false;
    std::vector<int> seeing, fully;
    for (int o : observers) {
        const PairResult r = rulings.evaluate(o, static_cast<int>(s.models.size()) - 1, Method::Exact, Detail::Full);
        if (r.undecided && r.visible) notFullyUndecided = true;
        if (r.undecided && !r.visible) notSeenUndecided = true;
        c.hidden1309 = c.hidden1309 || r.hidden.value_or(false);
        if (!r.visible) continue;
        if (c.seenBy < 0) c.seenBy = o;
        seeing.push_back(o);
        if (r.fully_visible) fully.push_back(o);
        cover = cover && r.cover.value_or(false);
        if (r.fully_visible) c.verdict = Verdict::FullyVisible;
        else if (c.verdict != Verdict::FullyVisible) c.verdict = Verdict::Visible;
    }
    c.cover = c.seenBy >= 0 && cover;
    c.undecided = (c.verdict == Verdict::Hidden && notSeenUndecided) ||
                  (c.verdict == Verdict::Visible && (notFullyUndecided || notSeenUndecided));
    if (seers) *seers = fully.empty() ? seeing : fully;
    return c;
}

// The full proofs a pair ruling makes, cell by cell (not a survey's budget); with `shadows`
// false, no shortcut either: every cell ruled as pairs.
Run fullProofs(bool shadows = true) {
    Run run;
    run.survey = false;
    run.shadows = shadows;
    return run;
}

// A map of several observers put together from each one's own map, as the vision map says
// it is: seen (fully) where any sees it (fully), 13.09 from any, cover where every one that
// sees it gives cover, undecided where an answer that would raise the verdict is; and the
// observers each cell's seenBy may be (one that sees it, fully where it is fully visible).
struct Combined {
    std::vector<Cell> cells;
    std::vector<std::vector<int>> seers;
};
Combined combine(const std::vector<VisionMap>& singles) {
    Combined out;
    const size_t n = singles.front().cells.size();
    out.cells.resize(n);
    out.seers.resize(n);
    for (size_t k = 0; k < n; ++k) {
        Cell& c = out.cells[k];
        bool cover = true, notSeenUndecided = false, notFullyUndecided = false;
        std::vector<int> seeing, fully;
        for (const VisionMap& m : singles) {
            const Cell& one = m.cells[k];
            if (one.verdict == Verdict::Overlap) {
                c.verdict = Verdict::Overlap;
                break;
            }
            c.hidden1309 = c.hidden1309 || one.hidden1309;
            (one.verdict == Verdict::Hidden ? notSeenUndecided : notFullyUndecided) |= one.undecided;
            if (one.verdict == Verdict::Hidden) continue;
            seeing.push_back(m.observers.front());
            if (one.verdict == Verdict::FullyVisible) fully.push_back(m.observers.front());
            cover = cover && one.cover;
            c.verdict = std::max(c.verdict, one.verdict);
        }
        if (c.verdict == Verdict::Overlap) continue;
        c.cover = !seeing.empty() && cover;
        c.undecided = (c.verdict == Verdict::Hidden && notSeenUndecided) ||
                  (c.verdict == Verdict::Visible && (notFullyUndecided || notSeenUndecided));
        // (Fully visible and out of cover: the map asks no further, and 13.09 is the target's
        // own, the same from every observer.)
        out.seers[k] = fully.empty() ? seeing : fully;
    }
    return out;
}

bool oneOf(int x, const std::vector<int>& xs) { return std::find(xs.begin(), xs.end(), x) != xs.end(); }

// Whether a map's cell says what the pair rulings' cell says (verdict, cover, 13.09), and
// what each says where not.
bool sameRuling(const Cell& a, const Cell& b) {
    return a.verdict == b.verdict && a.cover == b.cover && a.hidden1309 == b.hidden1309;
}
QString cellsDiffer(const char* ruleset, size_t k, const Cell& a, const Cell& b) {
    return QStringLiteral("%1, cell %2: %3 (cover %4) against the pairs' %5 (cover %6)")
        .arg(ruleset)
        .arg(k)
        .arg(QString::fromStdString(verdictName(a.verdict)))
        .arg(a.cover)
        .arg(QString::fromStdString(verdictName(b.verdict)))
        .arg(b.cover);
}

// An empty table under true line of sight with one wall of this footprint and height.
Scenario wallTable(Board board, Ring footprint, double height) {
    Scenario s;
    s.board = board;
    s.ruleset.name = "true-los";
    TerrainPiece wall;
    wall.id = "wall";
    wall.kind = TerrainKind::Feature;
    wall.height = height;
    wall.footprint.outer = std::move(footprint);
    s.terrain.push_back(wall);
    return s;
}

// The official layouts' files, sorted.
QStringList officialLayouts() {
    QStringList files;
    for (QDirIterator it(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/layouts/11e"), {QStringLiteral("*.sightline.json")}); it.hasNext();)
        files << it.next();
    files.sort();
    return files;
}

// The index of the attacker's deployment zone (a polygon), or -1.
int attackerZone(const Scenario& s) {
    int zone = -1;
    for (int z = 0; z < static_cast<int>(s.zones.size()); ++z)
        if (s.zones[z].side == "attacker" && s.zones[z].polygon.size() >= 3) zone = z;
    return zone;
}

// An official layout's table, under 10th edition when `tenth` (its ruleset's name only: the
// 1 mm line the file gives 11th edition stays, so both rulesets are ruled with it).
std::optional<Scenario> layoutUnder(const QString& file, bool tenth) {
    const io::ReadResult r = io::readScenarioFile(file);
    if (!r.scenario) return std::nullopt;
    Scenario s = *r.scenario;
    if (tenth) s.ruleset.name = "wh40k-10e";
    return s;
}

Model observerAt(const std::string& id, Vec2 at) {
    Model m;
    m.id = m.name = id;
    m.side = "watchers";
    m.unit = "watchers";
    m.base = {BaseShape::Circle, 32, 32};
    m.height = 1.75;
    m.position = at;
    m.keywords = {"INFANTRY"};
    return m;
}

// Tallies of exposure maps checked against ruling every pair (exposureAgainstPairs).
struct AgainstPairs {
    int cells = 0, checked = 0, seenSome = 0, seenNone = 0;
};

// The exposure map of `zone` on `s` (2" cells, a model of `observer` at places 6" apart, one
// of `target` at the cells, unless said) checked against ruling every pair (no plane, no shadows): each
// cell's count is that ruling's, but for pairs those proofs left undecided; and at four
// random cells, the count of places whose own pair ruling sees a model there. The first
// disagreement (`name` and the cell), or an empty string.
QString exposureAgainstPairs(const Scenario& s, const QString& name, int zone, const Probe& observer, const Probe& target,
                             std::mt19937& rng, AgainstPairs& tally, double spacing = 2, double zoneSpacing = 6) {
    ExposureOptions options;
    options.spacing = spacing;
    options.zoneSpacing = zoneSpacing;
    const ExposureMap map = exposureMap(s, zone, observer, target, options);
    if (!map.complete || map.positions.size() < 4) return name + QStringLiteral(": %1 places").arg(map.positions.size());
    Run pairs;
    pairs.shadows = false;
    const ExposureMap every = exposureMap(s, zone, observer, target, options, pairs);
    for (size_t k = 0; k < map.cells.size(); ++k) {
        const ExposureCell &got = map.cells[k], &want = every.cells[k];
        if (!(want.seen <= got.seen && got.seen <= want.seen + want.undecided && got.undecided <= want.undecided))
            return name + QStringLiteral(" cell %1: %2 seen, every pair %3 (%4 undecided)").arg(k).arg(got.seen).arg(want.seen).arg(want.undecided);
        tally.cells += !got.overlap;
    }
    for (int k = 0; k < 4; ++k) {
        const int col = static_cast<int>(rng() % map.grid.cols), row = static_cast<int>(rng() % map.grid.rows);
        const ExposureCell& got = map.at(col, row);
        if (got.overlap) continue;
        const Vec2 at = map.grid.centre(col, row);
        int seen = 0;
        for (const Vec2& p : map.positions) {
            Scenario t = s;
            Model placed = observerAt("zone-model", p);
            placed.base = observer.base;
            placed.height = observer.height;
            t.models.push_back(placed);
            seen += referenceCell(t, {static_cast<int>(t.models.size()) - 1}, target, at).verdict != Verdict::Hidden;
        }
        if (!(got.seen <= seen && seen <= got.seen + got.undecided))
            return name + QStringLiteral(" at %1,%2: seen %3, want %4").arg(at.x).arg(at.y).arg(got.seen).arg(seen);
        ++tally.checked;
        (seen ? tally.seenSome : tally.seenNone) += 1;
    }
    return {};
}

// How an exposure map's pairs were decided, said ("... cells and ... blocks in the plane, ...
// of ... pairs ruled"); its pairs (cells where a model stands, times places) in `pairs`.
QByteArray planeWork(const ExposureMap& map, long long& pairs) {
    pairs = 0;
    for (const ExposureCell& c : map.cells) pairs += c.overlap ? 0 : static_cast<long long>(map.positions.size());
    return QByteArray::number(map.work.cellsInPlane) + " cells and " + QByteArray::number(map.work.blocksInPlane) + " blocks in the plane, " +
           QByteArray::number(map.work.pairsRuled) + " of " + QByteArray::number(pairs) + " pairs ruled";
}

// A random 20" table: under true-los in even rounds, 11th edition with its 1 mm line in odd
// ones; `pieces` star-shaped pieces (the last an area) of the heights `height` gives, and
// one model.
Scenario starTable(std::mt19937& rng, int round, int pieces, const std::function<double()>& height) {
    std::uniform_real_distribution<double> unit(0, 1);
    Scenario s;
    s.board = {20, 20};
    s.ruleset.name = round % 2 ? "wh40k-11e" : "true-los";
    s.ruleset.sight_line_width_mm = round % 2 ? 1 : 0;
    for (int k = 0; k < pieces; ++k) {
        TerrainPiece t;
        t.id = "piece-" + std::to_string(k);
        t.kind = k == pieces - 1 ? TerrainKind::Area : TerrainKind::Feature;
        t.height = height();
        const Vec2 c{2 + 16 * unit(rng), 2 + 16 * unit(rng)};
        const int n = 3 + static_cast<int>(rng() % 10);
        for (int i = 0; i < n; ++i) {
            const double a = 2 * std::numbers::pi * (i + 0.3 * unit(rng)) / n, r = 0.4 + 2.2 * unit(rng);
            t.footprint.outer.push_back(c + Vec2{std::cos(a), std::sin(a)} * r);
        }
        s.terrain.push_back(t);
    }
    s.models.push_back(observerAt("model", {2 + 16 * unit(rng), 2 + 16 * unit(rng)}));
    // (Its base by the round, not drawn from rng: a round one, an oval or a rectangle of the
    // palette's sizes, turned.)
    static const Base bases[] = {{BaseShape::Circle, 32, 32},  {BaseShape::Oval, 75, 42},   {BaseShape::Rect, 100, 50},
                                 {BaseShape::Oval, 170, 109},  {BaseShape::Rect, 60, 35.5}, {BaseShape::Oval, 90, 52},
                                 {BaseShape::Circle, 60, 60},  {BaseShape::Rect, 170, 109}, {BaseShape::Oval, 60, 35.5}};
    s.models.back().base = bases[static_cast<size_t>(round) % std::size(bases)];
    s.models.back().rotation_deg = 37.0 * round;
    return s;
}

// A 30 x 24" table under true-los built for the traps of deciding lines of no width with a
// band (FlatTable, banded), with a deployment zone on its west edge (the attacker's): an L
// whose convex parts meet along a seam from (10, 10) to (11, 11), on the line y = x through
// the zone; two walls that abut, two a slit of 0.0003" apart (narrower than the band: lines
// of no width pass), two 0.003" apart, all running west to east as the zone's lines do; and a
// tall oval base at (22, 12).
Scenario bandTraps() {
    Scenario traps;
    traps.board = {30, 24};
    traps.ruleset.name = "true-los";
    traps.ruleset.sight_line_width_mm = 0;
    traps.terrain.push_back(testing::feature("ell", Polygon{{{10, 10}, {14, 10}, {14, 11}, {11, 11}, {11, 14}, {10, 14}}, {}}, 5));
    traps.terrain.push_back(testing::wall("abut-s", 12, 4, 16, 5, 5));
    traps.terrain.push_back(testing::wall("abut-n", 12, 5, 16, 6, 5));
    traps.terrain.push_back(testing::wall("slit-s", 12, 1, 16, 2, 5));
    traps.terrain.push_back(testing::wall("slit-n", 12, 2.0003, 16, 3, 5));
    traps.terrain.push_back(testing::wall("wide-s", 12, 17, 16, 18, 5));
    traps.terrain.push_back(testing::wall("wide-n", 12, 18.003, 16, 19, 5));
    Model trukk = testing::infantry("trukk", {22, 12});
    trukk.base = {BaseShape::Oval, 120, 92};
    trukk.height = 3;
    trukk.unit = trukk.side = "trukk";
    traps.models.push_back(trukk);
    traps.zones.push_back(Zone{"west", "deployment", "attacker", {{0, 0}, {6, 0}, {6, 24}, {0, 24}}, std::nullopt, 0, {}});
    return traps;
}

// Whether the segment p-q runs through the open interior of a convex, counter-clockwise
// ring: its part strictly inside every side is longer than a hair (in the segment's
// parameter).
bool crossesInterior(Vec2 p, Vec2 q, const Ring& r) {
    double t0 = 0, t1 = 1;
    for (size_t i = 0; i < r.size() && t0 < t1; ++i) {
        const Vec2 e = r[(i + 1) % r.size()] - r[i];
        // inside: cross(e, x - r[i]) > 0, linear in the segment's parameter
        const double f0 = e.x * (p.y - r[i].y) - e.y * (p.x - r[i].x);
        const double f1 = e.x * (q.y - r[i].y) - e.y * (q.x - r[i].x);
        if (f0 <= 0 && f1 <= 0) t1 = -1;
        else if (f0 <= 0) t0 = std::max(t0, f0 / (f0 - f1));
        else if (f1 <= 0) t1 = std::min(t1, f0 / (f0 - f1));
    }
    return t1 - t0 > 1e-9;
}

// The distance from x to a model's base (0 within it), measured on its outline (whose
// corners lie on the curve, so a hair farther than the curve at most: less that hair).
double toBase(Vec2 x, const Model& m) {
    if (baseContains(m, x)) return 0;
    if (m.base.shape == BaseShape::Circle) return std::hypot(x.x - m.position.x, x.y - m.position.y) - halfLengthIn(m.base);
    const Ring r = baseOutline(m);
    double d = 1e300;
    for (size_t i = 0; i < r.size(); ++i) {
        const Vec2 p0 = r[i], e = r[(i + 1) % r.size()] - p0;
        const double u = std::clamp(((x.x - p0.x) * e.x + (x.y - p0.y) * e.y) / (e.x * e.x + e.y * e.y), 0.0, 1.0);
        d = std::min(d, std::hypot(p0.x + e.x * u - x.x, p0.y + e.y * u - x.y));
    }
    return std::max(0.0, d - kOutlineErrorMm / kMmPerInch);
}

// A true-los table of features `height` high with these footprints (each turned positive).
Scenario featureTable(Board board, std::vector<Ring> rings, double height) {
    Scenario s;
    s.board = board;
    s.ruleset.name = "true-los";
    for (Ring& r : rings) {
        if (signedArea(r) < 0) std::reverse(r.begin(), r.end());
        TerrainPiece piece;
        piece.id = "piece-" + std::to_string(s.terrain.size());
        piece.kind = TerrainKind::Feature;
        piece.height = height;
        piece.footprint.outer = std::move(r);
        s.terrain.push_back(std::move(piece));
    }
    return s;
}

// A deployment zone of the side's.
Zone deploymentZone(const std::string& id, const std::string& side, Ring polygon) {
    Zone zone;
    zone.id = id;
    zone.kind = "deployment";
    zone.side = side;
    zone.polygon = std::move(polygon);
    return zone;
}

// Probes on the grid [from, to] (x every `step.x`, y every `step.y`) that `shadows` says are
// hidden: each is ruled as a pair, which must find it hidden (else the first such probe is
// said in `failure`). Returns how many were said hidden, and how many of them `before` did
// not prove.
std::pair<int, int> hiddenClaims(const Scenario& s, const FullShadows& shadows, const std::function<bool(Vec2)>& before, Vec2 from,
                                 Vec2 to, Vec2 step, QString* failure) {
    const Probe probe;
    const double radius = probe.base.length_mm / kMmPerInch / 2;
    int hidden = 0, newly = 0;
    for (double x = from.x; x <= to.x; x += step.x)
        for (double y = from.y; y <= to.y; y += step.y) {
            const Vec2 c{x, y};
            if (!shadows.hides(c, radius, {})) continue;
            ++hidden;
            newly += !before(c);
            if (failure->isEmpty() && referenceCell(s, {0}, probe, c).verdict != Verdict::Hidden)
                *failure = QStringLiteral("(%1, %2) said hidden, the pair ruling sees it").arg(x).arg(y);
        }
    return {hidden, newly};
}

// Points on a model's outline no farther apart than `step`.
std::vector<Vec2> outlinePoints(const Model& m, double step) {
    const Ring r = baseOutline(m);
    std::vector<Vec2> out;
    for (size_t i = 0; i < r.size(); ++i) {
        const Vec2 a = r[i], b = r[(i + 1) % r.size()];
        const int n = std::max(1, static_cast<int>(std::ceil(std::hypot(b.x - a.x, b.y - a.y) / step)));
        for (int j = 0; j < n; ++j) out.push_back(a + (b - a) * (static_cast<double>(j) / n));
    }
    return out;
}


// Whether the segment from a to b runs through the open box (lo, hi) for some length past
// the share `from` of the way from a.
bool throughBox(Vec2 a, Vec2 b, Vec2 lo, Vec2 hi, double from = 0) {
    double t0 = from, t1 = 1;
    for (int axis = 0; axis < 2; ++axis) {
        const double p = axis ? a.y : a.x, d = axis ? b.y - a.y : b.x - a.x, l = axis ? lo.y : lo.x, h = axis ? hi.y : hi.x;
        if (d == 0) {
            if (p <= l || p >= h) return false;
            continue;
        }
        const double u = (l - p) / d, v = (h - p) / d;
        t0 = std::max(t0, std::min(u, v));
        t1 = std::min(t1, std::max(u, v));
    }
    return t0 < t1;
}

// Whether some segment from a point of the disc of radius r about `eye` (a 31 x 31 grid over
// it) to the foot f or a point of its rim (radius `foot`, eight points) is not `blocked`.
bool segmentOpenFromDisc(Vec2 eye, double r, Vec2 f, double foot, const std::function<bool(Vec2, Vec2)>& blocked) {
    for (int i = 0; i <= 30; ++i)
        for (int j = 0; j <= 30; ++j) {
            const Vec2 o{eye.x + r * (i / 15.0 - 1), eye.y + r * (j / 15.0 - 1)};
            if (std::hypot(o.x - eye.x, o.y - eye.y) > r) continue;
            for (int k = 0; k <= 8; ++k) {
                const double a = std::numbers::pi * k / 4;
                const Vec2 q = k == 8 ? f : f + Vec2{std::cos(a), std::sin(a)} * foot;
                if (!blocked(o, q)) return true;
            }
        }
    return false;
}

}  // namespace

class TestAnalysis : public QObject {
    Q_OBJECT

private slots:
    void agreesWithThePairRulingOnEveryOfficialLayout() {
        // Each layout with two observers standing in the attacker's zone, a coarse map
        // (every cell is decided as a pair would be; 6" keeps the run short), and cells
        // checked against the reference: all of the map's at random places too (the map's
        // cells are at fixed centres, so the reference is asked at those centres).
        const QStringList files = officialLayouts();
        QCOMPARE(files.size(), 46);
        const std::vector<Probe> probes = [] {
            Probe infantry;
            Probe cavalry;
            cavalry.base = {BaseShape::Oval, 60, 35.5};
            cavalry.height = 2.5;
            cavalry.keywords = {"MOUNTED"};
            Probe tank;
            tank.base = {BaseShape::Rect, 100, 50};
            tank.height = 3;
            tank.keywords = {"VEHICLE"};
            return std::vector<Probe>{infantry, cavalry, tank};
        }();
        std::mt19937 rng(15);
        int checked = 0, seen = 0, hidden = 0, overlap = 0;
        for (int f = 0; f < files.size(); ++f) {
            const std::optional<Scenario> layout = layoutUnder(files[f], f % 2);
            QVERIFY2(layout, qPrintable(files[f]));
            Scenario s = *layout;
            // (Within the attacker's zone on the long tables and the short ones.)
            s.models.push_back(observerAt("watcher-1", {s.board.width * 0.2, s.board.height - 4}));
            s.models.push_back(observerAt("watcher-2", {s.board.width * 0.67, s.board.height - 6}));
            const std::vector<int> observers{static_cast<int>(s.models.size()) - 2, static_cast<int>(s.models.size()) - 1};
            const Probe& probe = probes[static_cast<size_t>(f) % probes.size()];
            const VisionMap map = visionMap(s, observers, probe, 6.0, fullProofs());
            QVERIFY(map.complete);
            // The cells ruled from full shadows are ruled as the pairs are (a full shadow is a
            // proof: where a pair's search found none at a knife edge, it may settle one).
            {
                std::vector<VisionMap> singles;
                for (int o : observers) singles.push_back(visionMap(s, {o}, probe, 6.0, fullProofs(false)));
                const Combined every = combine(singles);
                for (size_t k = 0; k < map.cells.size(); ++k) {
                    const Cell &a = map.cells[k], &b = every.cells[k];
                    QVERIFY2(a.verdict == b.verdict && a.hidden1309 == b.hidden1309 && a.cover == b.cover &&
                                 (a.verdict <= Verdict::Hidden || oneOf(a.seenBy, every.seers[k])) &&
                                 (a.undecided == b.undecided || (b.undecided && a.verdict == Verdict::Hidden)),
                             qPrintable(files[f] + QStringLiteral(" cell %1: %2 against the pairs' %3 (cover %4/%5, 13.09 %6/%7, seen by %8/%9, undecided %10/%11)")
                                                        .arg(k)
                                                        .arg(QString::fromStdString(verdictName(a.verdict)), QString::fromStdString(verdictName(b.verdict)))
                                                        .arg(a.cover).arg(b.cover).arg(a.hidden1309).arg(b.hidden1309).arg(a.seenBy)
                                                        .arg(every.seers[k].empty() ? -1 : every.seers[k].front())
                                                        .arg(a.undecided).arg(b.undecided)));
                }
            }
            QCOMPARE(map.grid.cols, static_cast<int>(std::ceil(s.board.width / 6)));
            QCOMPARE(map.grid.rows, static_cast<int>(std::ceil(s.board.height / 6)));
            const FeatureOverlap overlaps(s);
            const ModelOverlap onModels(s);
            for (int k = 0; k < 6; ++k) {
                const int col = static_cast<int>(rng() % map.grid.cols), row = static_cast<int>(rng() % map.grid.rows);
                const Cell& got = map.at(col, row);
                const Vec2 at = map.grid.centre(col, row);
                const QByteArray where = files[f].section(QLatin1Char('/'), -1).toUtf8() + " " + s.ruleset.name.c_str() + " at " +
                                         QByteArray::number(at.x) + "," + QByteArray::number(at.y);
                Model placed = probeModel(probe, at);
                if (overTableEdge(placed, s.board) || overlaps(placed) || onModels(placed) >= 0) {
                    QVERIFY2(got.verdict == Verdict::Overlap, where);
                    ++overlap;
                    continue;
                }
                std::vector<int> seers;
                const Cell want = referenceCell(s, observers, probe, at, &seers);
                QVERIFY2(got.verdict == want.verdict, where + " verdict " + verdictName(got.verdict).c_str() + " want " +
                                                          verdictName(want.verdict).c_str());
                QVERIFY2(got.cover == want.cover, where + " cover");
                QVERIFY2(got.hidden1309 == want.hidden1309, where + " 13.09");
                QVERIFY2(got.undecided == want.undecided, where + " undecided");
                QVERIFY2(got.seenBy == -1 ? want.seenBy == -1 : oneOf(got.seenBy, seers), where + " seen by");
                ++checked;
                seen += want.verdict != Verdict::Hidden;
                hidden += want.verdict == Verdict::Hidden;
            }
        }
        // Both answers were met, and places to stand were found off the features.
        QVERIFY(checked > 150);
        QVERIFY(seen > 20);
        QVERIFY(hidden > 20);
        qInfo("%d cells against the pair ruling (%d seen, %d hidden), %d on features or models", checked, seen, hidden, overlap);
    }

    // Cells decided a block at a time (one full shadow or one open view for a whole block)
    // against every cell ruled as a pair, at 1.5" on every sixth official layout, both
    // rulesets, two observers. Where the pair ruling was left undecided at a knife edge, a
    // block's proof may settle it (hidden stays hidden; visible may be proven fully so).
    void obscuringFeaturesAreWallsIn11eMaps() {
        // Under 11th edition a light or dense feature in no area is an obscuring area of its
        // own: a wall of unlimited height, however low (the demo's barricades, 1"; its low
        // wall, 2"). The map's own proofs (open views over low pieces, spots of the probe's
        // top) must not see over them: every cell the same as ruling it as a pair.
        io::ReadResult r = io::readScenarioFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/demo.sightline.json"));
        QVERIFY(r.scenario);
        Scenario s = *r.scenario;
        s.ruleset.name = "wh40k-11e";
        s.ruleset.sight_line_width_mm = 1;
        const auto barricade = std::ranges::find_if(s.terrain, [](const TerrainPiece& t) { return t.id == "barricade-w"; });
        QVERIFY(barricade != s.terrain.end());
        QVERIFY(obscuringFeature11e(s, static_cast<int>(barricade - s.terrain.begin())));
        const VisionMap map = visionMap(s, {0}, Probe{}, 0.5, fullProofs());
        const VisionMap every = visionMap(s, {0}, Probe{}, 0.5, fullProofs(false));
        int compared = 0;
        for (size_t k = 0; k < map.cells.size(); ++k) {
            const Cell &a = map.cells[k], &b = every.cells[k];
            if (a.undecided || b.undecided) continue;
            QVERIFY2(a.verdict == b.verdict && a.cover == b.cover,
                     qPrintable(QStringLiteral("cell %1: %2 against the pairs' %3")
                                    .arg(k)
                                    .arg(QString::fromStdString(verdictName(a.verdict)), QString::fromStdString(verdictName(b.verdict)))));
            ++compared;
        }
        QVERIFY(compared > 10000);
        QVERIFY(map.blockCells > 1000);
    }

    // A sliver of the rim hidden between the sixteen rim points a cell's proofs try first:
    // before the exact decision, a last look at four times as many (one part at a time)
    // finds the foot where the pair ruling's search runs out (fully visible undecided). On
    // the demo at (15.75, 42.25) and on the slanted low wall's table at (53.5, 21.5), the
    // cells are seen, not fully, and decided; the pair ruling sees them and does not find
    // them fully visible.
    void denseRimFindsASliverHiddenAtTheRim() {
        struct Case {
            const char* file;
            const char* observer;
            Vec2 at;
            double spacing;
        };
        for (const Case& c : {Case{"demo.sightline.json", "b-int-1", {15.75, 42.25}, 0.5},
                              Case{"regression/26-slanted-low-wall-long-oval.sightline.json", "O", {53.5, 21.5}, 1.0}}) {
            const io::ReadResult r = io::readScenarioFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/") + QLatin1String(c.file));
            QVERIFY(r.scenario);
            int observer = -1;
            for (int m = 0; m < static_cast<int>(r.scenario->models.size()); ++m)
                if (r.scenario->models[m].id == c.observer) observer = m;
            QVERIFY(observer >= 0);
            const VisionMap map = visionMap(*r.scenario, {observer}, Probe{}, c.spacing);
            const int col = static_cast<int>(c.at.x / c.spacing), row = static_cast<int>(c.at.y / c.spacing);
            QCOMPARE(map.grid.centre(col, row).x, c.at.x);
            QCOMPARE(map.grid.centre(col, row).y, c.at.y);
            const Cell& cell = map.at(col, row);
            QCOMPARE(cell.verdict, Verdict::Visible);
            QVERIFY2(!cell.undecided, c.file);
            const Cell pair = referenceCell(*r.scenario, {observer}, Probe{}, c.at);
            QVERIFY(pair.verdict != Verdict::Hidden);
            QVERIFY(pair.verdict != Verdict::FullyVisible || pair.undecided);
        }
    }

    void modelsHideFeetAndCastFullShadows() {
        // The demo's models block the lines of every ruleset (but the observer's unit's).
        // Behind the blue Dreadnought (60 mm, 3.5", taller than both 1.75" tops) a probe is
        // in its full shadow; a foot just behind the Outrider (an oval, 1.9") is hidden from
        // the whole observer. Neither is the terrain's doing, and none is found without the
        // models.
        io::ReadResult r = io::readScenarioFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/demo.sightline.json"));
        QVERIFY(r.scenario);
        const Scenario& s = *r.scenario;
        const PieceParts parts(s);
        const Model& observer = s.models[0];
        QCOMPARE(observer.id, std::string("b-int-1"));
        FullShadows withModels(parts, s, observer, 1.75);
        withModels.addModels(s, observer, -1);
        const FullShadows terrainOnly(parts, s, observer, 1.75);
        const Vec2 dread{9, 33}, bike{16, 24};
        auto beyond = [&](Vec2 model, double by) {
            const Vec2 d = model - observer.position;
            return model + d * (by / std::hypot(d.x, d.y));
        };
        QVERIFY(withModels.hides(beyond(dread, 2.0), 0.63, {}));
        QVERIFY(!terrainOnly.hides(beyond(dread, 2.0), 0.63, {}));
        QVERIFY(!withModels.hides(beyond(dread, 2.0), 1.5, {}));  // (wider than its shadow there)
        QVERIFY(withModels.hidesFootBehindModel(beyond(bike, 2.0), 0.03));
        QVERIFY(!terrainOnly.hidesFootBehindModel(beyond(bike, 2.0), 0.03));
        QVERIFY(!terrainOnly.hidesFoot(beyond(bike, 2.0), 0.03, {}));
        QVERIFY(!withModels.hidesFootBehindModel(beyond(bike, 2.0) + Vec2{-1.5, 2.5}, 0.03));  // (beside its shadow)
        // The observer's own unit is seen through: Intercessor 2 stands right beside it.
        QVERIFY(!withModels.hidesFootBehindModel(beyond(s.models[1].position, 0.8), 0.03));

        // Every cell of the demo's map, under each ruleset, as ruling it as a pair: the cells
        // hidden in part by a model are seen, not fully, out of cover (no model gives cover;
        // the terrain alone is seen past).
        for (const char* ruleset : {"true-los", "wh40k-10e"}) {
            Scenario t = s;
            t.ruleset.name = ruleset;
            const double spacing = testing::sharedSpacing(0.5);
            const VisionMap map = visionMap(t, {0}, Probe{}, spacing, fullProofs());
            const VisionMap every = visionMap(t, {0}, Probe{}, spacing, fullProofs(false));
            int compared = 0;
            for (size_t k = 0; k < map.cells.size(); ++k) {
                const Cell &a = map.cells[k], &b = every.cells[k];
                if (a.undecided || b.undecided) continue;
                QVERIFY2(sameRuling(a, b), qPrintable(cellsDiffer(ruleset, k, a, b)));
                ++compared;
            }
            QVERIFY2(compared > testing::share(10000), qPrintable(QString::number(compared)));
        }
    }

    void aUnitsCellIsInCoverOnlyWhereEveryOneThatSeesItGivesCover() {
        // Two observers across the demo's table, each cell of their map against the two
        // observers' pair rulings of it put together. Once one observer sees a cell, another
        // that cannot see it fully is asked whether it sees it only where that could take the
        // cover away: where it would see it out of cover (a model, not the terrain, hiding
        // part of it). Such cells are on the table: seen by both, in cover from one only.
        io::ReadResult r = io::readScenarioFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/demo.sightline.json"));
        QVERIFY(r.scenario);
        const std::vector<int> observers{0, 10};  // (b-int-1, r-boy-1)
        for (const char* ruleset : {"wh40k-10e", "wh40k-11e"}) {
            Scenario t = *r.scenario;
            t.ruleset.name = ruleset;
            const double spacing = testing::sharedSpacing(1);
            const VisionMap map = visionMap(t, observers, Probe{}, spacing, fullProofs());
            std::vector<VisionMap> singles;
            for (int o : observers) singles.push_back(visionMap(t, {o}, Probe{}, spacing, fullProofs(false)));
            const Combined every = combine(singles);
            int compared = 0, coverFromOne = 0;
            for (size_t k = 0; k < map.cells.size(); ++k) {
                const Cell &a = map.cells[k], &b = every.cells[k];
                if (a.undecided || b.undecided) continue;
                QVERIFY2(sameRuling(a, b), qPrintable(cellsDiffer(ruleset, k, a, b)));
                ++compared;
                const Cell &one = singles[0].cells[k], &other = singles[1].cells[k];
                coverFromOne += one.verdict == Verdict::Visible && other.verdict == Verdict::Visible && one.cover != other.cover;
            }
            QVERIFY2(compared > testing::share(2000), qPrintable(QString::number(compared)));
            QVERIFY2(coverFromOne > 0, ruleset);
            qInfo("%s: %d cells compared, %d seen by both in cover from one only", ruleset, compared, coverFromOne);
        }
    }

    void aUnitsCellSeenOutOfCoverByAModelHidingPartOfIt() {
        // Under 11e, a vehicle (no cover for standing within an area) at P, touching a bare
        // area (so not clear of every piece): A sees it past a dense wall that hides its top
        // edge (cover); B sees it past a tall enemy model that hides its right side (no
        // cover: not the terrain's doing). A is asked first and gives cover; B's proofs find
        // it not fully visible, but not whether the terrain alone sees all of it, so only
        // B's ruling can take the cover away. The cell must say what the two pairs say.
        Scenario s;
        s.board = {30, 30};
        s.ruleset.name = "wh40k-11e";
        TerrainPiece wall = testing::wall("wall", 13.75, 15.45, 13.95, 17.25);
        wall.category = "dense";
        s.terrain.push_back(wall);
        TerrainPiece patch = testing::feature("patch", testing::square(15.65, 15.65, 17.25, 17.25), 0);
        patch.kind = TerrainKind::Area;
        s.terrain.push_back(patch);
        s.models.push_back(observerAt("A", {3.25, 15.25}));
        s.models.push_back(observerAt("B", {15.25, 3.25}));
        Model tall = observerAt("M", {16.15, 13.25});
        tall.side = tall.unit = "enemies";
        tall.base = {BaseShape::Circle, 60, 60};
        tall.height = 3;
        tall.keywords = {"VEHICLE"};
        s.models.push_back(tall);
        Probe vehicle;
        vehicle.keywords = {"VEHICLE"};
        const Vec2 p{15.25, 15.25};
        // (What the table is built to show, pair by pair.)
        const Cell fromA = referenceCell(s, {0}, vehicle, p), fromB = referenceCell(s, {1}, vehicle, p);
        QCOMPARE(fromA.verdict, Verdict::Visible);
        QVERIFY(fromA.cover);
        QCOMPARE(fromB.verdict, Verdict::Visible);
        QVERIFY(!fromB.cover);
        const Cell both = referenceCell(s, {0, 1}, vehicle, p);
        for (const Run& run : {Run{}, fullProofs()}) {
            const VisionMap map = visionMap(s, {0, 1}, vehicle, 0.5, run);
            const Cell& cell = map.at(30, 30);
            QCOMPARE(map.grid.centre(30, 30).x, p.x);
            QVERIFY2(sameRuling(cell, both), qPrintable(cellsDiffer("wh40k-11e", 30 * 60 + 30, cell, both)));
        }
    }

    void blocksAgreeWithRulingEveryCell() {
        const QStringList files = officialLayouts();
        int inBlocks = 0, cells = 0, cutShort = 0;
        for (int f = 0; f < files.size(); f += 6) {
            const std::optional<Scenario> layout = layoutUnder(files[f], (f / 6) % 2);
            QVERIFY2(layout, qPrintable(files[f]));
            Scenario s = *layout;
            s.models.push_back(observerAt("watcher-1", {s.board.width * 0.3, s.board.height - 5}));
            s.models.push_back(observerAt("watcher-2", {s.board.width * 0.6, 5}));
            const std::vector<int> observers{static_cast<int>(s.models.size()) - 2, static_cast<int>(s.models.size()) - 1};
            const Probe probe;
            const double spacing = testing::sharedSpacing(1.5);
            const VisionMap map = visionMap(s, observers, probe, spacing, fullProofs());
            std::vector<VisionMap> singles;
            for (int o : observers) {
                singles.push_back(visionMap(s, {o}, probe, spacing, fullProofs(false)));
                QCOMPARE(singles.back().blockCells, 0);
            }
            const Combined every = combine(singles);
            for (size_t k = 0; k < map.cells.size(); ++k) {
                const Cell &a = map.cells[k], &b = every.cells[k];
                const bool same = a.verdict == b.verdict && a.hidden1309 == b.hidden1309 && a.cover == b.cover &&
                                  (a.verdict <= Verdict::Hidden || oneOf(a.seenBy, every.seers[k])) && a.undecided == b.undecided;
                const bool settled = b.undecided && !a.undecided &&
                                     (a.verdict == b.verdict || (b.verdict == Verdict::Visible && a.verdict == Verdict::FullyVisible));
                QVERIFY2(same || settled, qPrintable(files[f] + QStringLiteral(" cell %1: %2 against the pairs' %3")
                                                                   .arg(k)
                                                                   .arg(QString::fromStdString(verdictName(a.verdict)),
                                                                        QString::fromStdString(verdictName(b.verdict)))));
            }
            inBlocks += map.blockCells;
            cells += static_cast<int>(map.cells.size());
            // A survey (the maps' default) decides as the full proofs do, but where it stops
            // short: the cell undecided, its verdict no higher than theirs.
            const VisionMap survey = visionMap(s, observers, probe, spacing);
            for (size_t k = 0; k < map.cells.size(); ++k) {
                const Cell &a = survey.cells[k], &b = map.cells[k];
                const bool same = a.verdict == b.verdict && a.hidden1309 == b.hidden1309 && a.cover == b.cover &&
                                  (a.verdict <= Verdict::Hidden ? a.seenBy == b.seenBy : oneOf(a.seenBy, every.seers[k])) &&
                                  a.undecided == b.undecided;
                const bool short_ = a.undecided && !b.undecided && a.verdict <= b.verdict;
                QVERIFY2(same || short_, qPrintable(files[f] + QStringLiteral(" cell %1: the survey's %2 against %3")
                                                                   .arg(k)
                                                                   .arg(QString::fromStdString(verdictName(a.verdict)),
                                                                        QString::fromStdString(verdictName(b.verdict)))));
                cutShort += short_;
            }
        }
        // The blocks were used: a good share of the cells came from them.
        QVERIFY2(inBlocks > cells / 5, qPrintable(QStringLiteral("%1 of %2").arg(inBlocks).arg(cells)));
        // Few cells are left undecided by a survey's budget alone.
        QVERIFY2(cutShort * 500 <= cells, qPrintable(QStringLiteral("%1 of %2").arg(cutShort).arg(cells)));
        qInfo("%d of %d cells decided a block at a time; %d undecided by a survey that full proofs decide", inBlocks, cells, cutShort);
    }

    // An observer standing within an area that hides (13.09: it holds a dense feature) has no
    // wall of that area, yet the cells within it are hidden by 13.09 wherever no line reaches
    // them: a block settled in a full shadow asks it of each of its cells there too. Each of
    // three official layouts with the observer inside such an area, every cell against the
    // pair rulings.
    void blocksAroundAnObserverWithinAnAreaThatHides() {
        const QStringList files = officialLayouts();
        int hiddenWithin = 0, layouts = 0;
        for (int f = 0; f < files.size() && layouts < 3; f += 5) {
            const std::optional<Scenario> layout = layoutUnder(files[f], false);
            QVERIFY2(layout, qPrintable(files[f]));
            Scenario s = *layout;
            // The first area holding a dense feature with a spot inside it where a base stands
            // on no feature: the one farthest from the middle of the area's box (the rest of
            // the area lies beyond the walls in it).
            const FeatureOverlap overlaps(s);
            std::optional<Vec2> spot;
            int area = -1;
            for (int a = 0; a < static_cast<int>(s.terrain.size()) && !spot; ++a) {
                const TerrainPiece& t = s.terrain[a];
                if (t.kind != TerrainKind::Area) continue;
                if (std::ranges::none_of(s.terrain, [&](const TerrainPiece& x) { return x.area == t.id && x.category == "dense"; }))
                    continue;
                const Bounds box = boundsOf(t.footprint.outer);
                const Vec2 middle = (box.lo + box.hi) * 0.5;
                double farthest = -1;
                for (double y = box.lo.y + 0.5; y < box.hi.y; y += 0.5)
                    for (double x = box.lo.x + 0.5; x < box.hi.x; x += 0.5)
                        if (const double d = std::hypot(x - middle.x, y - middle.y);
                            d > farthest && locate({x, y}, t.footprint) == Where::Inside && !overlaps(observerAt("o", {x, y}))) {
                            spot = Vec2{x, y};
                            area = a;
                            farthest = d;
                        }
            }
            if (!spot) continue;
            ++layouts;
            s.models.push_back(observerAt("inside", *spot));
            const std::vector<int> observers{static_cast<int>(s.models.size()) - 1};
            const double spacing = testing::sharedSpacing(1);
            const VisionMap map = visionMap(s, observers, Probe{}, spacing, fullProofs());
            const VisionMap pairs = visionMap(s, observers, Probe{}, spacing, fullProofs(false));
            QVERIFY(map.blockCells > 0);
            for (size_t k = 0; k < map.cells.size(); ++k) {
                const Cell &a = map.cells[k], &b = pairs.cells[k];
                if (a.undecided || b.undecided) continue;
                QVERIFY2(sameRuling(a, b), qPrintable(files[f] + QStringLiteral(" cell %1: %2 against the pairs' %3 (13.09 %4 against %5)")
                                                          .arg(k)
                                                          .arg(QString::fromStdString(verdictName(a.verdict)),
                                                               QString::fromStdString(verdictName(b.verdict)))
                                                          .arg(a.hidden1309)
                                                          .arg(b.hidden1309)));
                const Vec2 at = map.grid.centre(static_cast<int>(k) % map.grid.cols, static_cast<int>(k) / map.grid.cols);
                hiddenWithin += a.verdict == Verdict::Hidden && a.hidden1309 &&
                                locate(at, s.terrain[static_cast<size_t>(area)].footprint) == Where::Inside;
            }
        }
        QCOMPARE(layouts, 3);
        QVERIFY(hiddenWithin > 0);
    }

    // A file may place pieces off the table. An area reaching from far off the table (where
    // the spot the open walls were once found at lay) across it, with a dense feature in it
    // on the table: the walls of a target in the open must hold it, or a block of cells
    // beyond its strip has its tops looked at past it, and is counted seen through it. The
    // exposure map from a zone left of the strip against the pair rulings, cell by cell.
    void openWallsAreFoundClearOfPiecesOffTheTable() {
        Scenario s;
        s.board = {60, 44};
        s.ruleset.name = "wh40k-11e";
        TerrainPiece area;
        area.id = "far-reaching";
        area.kind = TerrainKind::Area;
        // A block far to the left (around x = -516, y = 0, the old spot), a corridor off the table's
        // bottom edge and a strip up across the table at x 25 to 30.
        area.footprint.outer = {{-700, -10}, {30, -10}, {30, 40}, {25, 40}, {25, -5}, {-400, -5}, {-400, 10}, {-700, 10}};
        s.terrain.push_back(area);
        TerrainPiece crate;
        crate.id = "crate";
        crate.kind = TerrainKind::Feature;
        crate.category = "dense";
        crate.height = 1;
        crate.area = area.id;
        crate.footprint.outer = {{26, 34}, {29, 34}, {29, 36}, {26, 36}};
        s.terrain.push_back(crate);
        s.zones.push_back(deploymentZone("zone", "attacker", {{4, 14}, {16, 14}, {16, 26}, {4, 26}}));
        ExposureOptions options;  // (seen only counted: where a block's tops are looked at over its walls)
        options.spacing = testing::sharedSpacing(2);
        options.zoneSpacing = 6;
        const ExposureMap exposure = exposureMap(s, 0, Probe{}, Probe{}, options, fullProofs());
        const ExposureMap every = exposureMap(s, 0, Probe{}, Probe{}, options, fullProofs(false));
        int unseen = 0;
        for (size_t k = 0; k < exposure.cells.size(); ++k) {
            QVERIFY2(exposure.cells[k].seen == every.cells[k].seen, qPrintable(QStringLiteral("exposure, cell %1: %2 against the pairs' %3")
                                                                                   .arg(k)
                                                                                   .arg(exposure.cells[k].seen)
                                                                                   .arg(every.cells[k].seen)));
            unseen += !exposure.cells[k].overlap && exposure.cells[k].seen == 0;
        }
        QVERIFY(unseen > 0);
    }

    // A map's cells do not depend on how many threads worked them out (what one cell's proofs
    // find is kept for the next cells of its block: Scene::setRememberViews), nor does the
    // exposure map: the unit of the official layout with units, and the attacker's zone of
    // Purge vs Purge 01, on one, two and three threads.
    void mapsAreTheSameOnAnyNumberOfThreads() {
        const io::ReadResult r =
            io::readScenarioFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/wh40k-11e/12-official-layout-units.sightline.json"));
        QVERIFY(r.scenario);
        std::vector<int> unit;
        for (int i = 0; i < static_cast<int>(r.scenario->models.size()); ++i)
            if (r.scenario->models[i].unit == "intercessors") unit.push_back(i);
        QVERIFY(unit.size() > 5);
        std::vector<VisionMap> maps;
        for (unsigned threads : {1u, 2u, 3u}) {
            Run run;
            run.threads = threads;
            maps.push_back(visionMap(*r.scenario, unit, Probe{}, 1.0, run));
        }
        for (size_t m = 1; m < maps.size(); ++m)
            for (size_t k = 0; k < maps[0].cells.size(); ++k) {
                const Cell &a = maps[0].cells[k], &b = maps[m].cells[k];
                QVERIFY2(a.verdict == b.verdict && a.undecided == b.undecided && a.cover == b.cover && a.hidden1309 == b.hidden1309 &&
                             a.seenBy == b.seenBy,
                         qPrintable(QStringLiteral("cell %1 on %2 threads").arg(k).arg(m + 1)));
            }
        const io::ReadResult purge =
            io::readScenarioFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/layouts/11e/bm-purge-vs-purge-01.sightline.json"));
        QVERIFY(purge.scenario);
        int zone = -1;
        for (int z = 0; z < static_cast<int>(purge.scenario->zones.size()); ++z)
            if (purge.scenario->zones[z].id == "deployment-attacker") zone = z;
        QVERIFY(zone >= 0);
        ExposureOptions options;
        options.spacing = 2;
        options.zoneSpacing = 4;
        std::vector<ExposureMap> exposures;
        for (unsigned threads : {1u, 2u}) {
            Run run;
            run.threads = threads;
            exposures.push_back(exposureMap(*purge.scenario, zone, Probe{}, Probe{}, options, run));
        }
        QCOMPARE(exposures[0].cells.size(), exposures[1].cells.size());
        for (size_t k = 0; k < exposures[0].cells.size(); ++k) {
            const ExposureCell &a = exposures[0].cells[k], &b = exposures[1].cells[k];
            QVERIFY2(a.overlap == b.overlap && a.seen == b.seen && a.fully == b.fully && a.undecided == b.undecided,
                     qPrintable(QStringLiteral("exposure cell %1").arg(k)));
        }
    }

    void terrainPartsAreKeptForTheSameTerrainOnly() {
        // What the maps make of a table's terrain (TerrainParts) is shared by the maps of the
        // same terrain and ruleset whatever the models, never by a table whose terrain or
        // ruleset differs in anything; a map made with kept parts is the one made with new.
        Scenario s;
        s.board = {24, 24};
        s.ruleset.name = "wh40k-11e";
        s.ruleset.sight_line_width_mm = 1;
        s.terrain.push_back(testing::wall("wall", 10, 6, 12, 18, 5));
        s.models = {testing::infantry("eye", {4, 12})};
        const std::shared_ptr<const TerrainParts> first = TerrainParts::of(s);
        Run run;
        run.threads = 1;
        const VisionMap before = visionMap(s, {0}, Probe{}, 1.0, run);
        QCOMPARE(TerrainParts::of(s).get(), first.get());
        Scenario moved = s;
        moved.models[0].position = {5, 11};
        moved.models.push_back(testing::infantry("other", {20, 20}));
        QCOMPARE(TerrainParts::of(moved).get(), first.get());  // (the models play no part)
        const std::vector<std::pair<const char*, std::function<void(Scenario&)>>> changes = {
            {"a corner", [](Scenario& t) { t.terrain[0].footprint.outer[0].x += 0.01; }},
            {"a hole", [](Scenario& t) { t.terrain[0].footprint.holes.push_back({{10.5, 7}, {11.5, 7}, {11.5, 8}}); }},
            {"the height", [](Scenario& t) { t.terrain[0].height = 1; }},
            {"the bottom", [](Scenario& t) { t.terrain[0].bottom = 2; }},
            {"an opening", [](Scenario& t) { t.terrain[0].openings.push_back({t.terrain[0].footprint.outer, 1, 2}); }},
            {"the kind", [](Scenario& t) { t.terrain[0].kind = TerrainKind::Area; }},
            {"the category", [](Scenario& t) { t.terrain[0].category = "dense"; }},
            {"the area", [](Scenario& t) { t.terrain[0].area = "ruin"; }},
            {"a tag", [](Scenario& t) { t.terrain[0].tags.push_back("woods"); }},
            {"the line width", [](Scenario& t) { t.ruleset.sight_line_width_mm = 0; }},
            {"the ruleset", [](Scenario& t) { t.ruleset.name = "true-los"; }},
            {"another piece", [](Scenario& t) { t.terrain.push_back(testing::wall("more", 1, 1, 2, 2)); }},
        };
        for (const auto& [what, change] : changes) {
            Scenario t = s;
            change(t);
            const std::shared_ptr<const TerrainParts> other = TerrainParts::of(t);
            QVERIFY2(other.get() != first.get(), what);
            QCOMPARE(TerrainParts::of(t).get(), other.get());
        }
        // The map once the table's parts were let go (more tables asked since than are kept)
        // and made again: the same, cell for cell; and a lower wall is seen over.
        QVERIFY(changes.size() > TerrainParts::kKept);
        QVERIFY(TerrainParts::of(s).get() != first.get());
        const VisionMap again = visionMap(s, {0}, Probe{}, 1.0, run);
        QCOMPARE(again.cells.size(), before.cells.size());
        for (size_t k = 0; k < before.cells.size(); ++k) {
            const Cell &a = before.cells[k], &b = again.cells[k];
            QVERIFY2(a.verdict == b.verdict && a.undecided == b.undecided && a.cover == b.cover && a.hidden1309 == b.hidden1309 &&
                         a.seenBy == b.seenBy,
                     qPrintable(QStringLiteral("cell %1").arg(k)));
        }
        Scenario low = s;
        low.terrain[0].height = 1;
        const VisionMap over = visionMap(low, {0}, Probe{}, 1.0, run);
        // (The cell centred at (18.5, 12.5), behind the wall.)
        QCOMPARE(before.at(18, 12).verdict, Verdict::Hidden);
        QVERIFY(over.at(18, 12).verdict != Verdict::Hidden);
    }

    // A model cannot stand where another stands: such cells are left clear, as on a
    // feature (the pair ruling of a base inside another's is a knife edge everywhere, and
    // took most of a map's time). Touching is not overlapping, nor is a model on a floor
    // above the probe's head.
    void cellsOnAModelAreClear() {
        Scenario s = wallTable({60, 44}, {{20, 20}, {40, 20}, {40, 21}, {20, 21}}, 2);
        s.models.push_back(observerAt("watcher", {30, 10}));
        Model tank = observerAt("tank", {30, 30});
        tank.side = tank.unit = "others";
        tank.base = {BaseShape::Rect, 120, 92};  // 4.72" x 3.62"
        tank.height = 3;
        s.models.push_back(tank);
        Model above = observerAt("on-a-floor", {5.5, 30.5});
        above.side = above.unit = "others";
        above.elevation = 3;  // over the probe's 1.75" head
        s.models.push_back(above);
        const VisionMap map = visionMap(s, {0}, Probe{}, 1.0);
        auto verdictAt = [&](double x, double y) { return map.at(static_cast<int>(x), static_cast<int>(y)).verdict; };
        QCOMPARE(verdictAt(30.5, 30.5), Verdict::Overlap);  // on the tank
        QCOMPARE(verdictAt(32.5, 31.5), Verdict::Overlap);  // its base reaches onto the tank's
        QCOMPARE(verdictAt(30.5, 10.5), Verdict::Overlap);  // on the observer itself
        QVERIFY(verdictAt(33.5, 30.5) != Verdict::Overlap);  // 0.5" clear of the tank's side
        QVERIFY(verdictAt(5.5, 30.5) != Verdict::Overlap);  // under the model on a floor: the pair ruling's answer
        const ModelOverlap onModels(s);
        QCOMPARE(onModels(probeModel(Probe{}, {30.5, 30.5})), 1);
        QCOMPARE(onModels(probeModel(Probe{}, {33.5, 30.5})), -1);
        // Base to base with the tank's long side (x = 32.36): touching only.
        QCOMPARE(onModels(probeModel(Probe{}, {30 + 60 / 25.4 + 16 / 25.4, 30})), -1);
        QCOMPARE(onModels(probeModel(Probe{}, {5.5, 30.5})), -1);
        Model tall = probeModel(Probe{}, {5.5, 30.5});
        tall.height = 3.5;  // its head reaches the floor the other stands on
        QCOMPARE(onModels(tall), 2);
        // With the probe's inner radius (the maps' quick test for bases deep in one another)
        // the same answers, walking out from each model's centre in 40 directions, from
        // where the two inner discs overlap to past where the bases could touch, in steps
        // of 0.005", for a round base, an oval and a rectangle turned (touching and grazing
        // included), and as the outlines' area in common says. Quick tests that call a few
        // hundredths of an inch too much overlap fail.
        int tried = 0, deep = 0, wrong = 0;
        for (const Base& base : {Base{BaseShape::Circle, 32, 32}, Base{BaseShape::Oval, 105, 70}, Base{BaseShape::Rect, 60, 35}}) {
            Model probe = probeModel(Probe{base, 1.75, {}}, {});
            probe.rotation_deg = 30;
            const double inner = ModelOverlap::innerRadius(probe);
            for (int other = 0; other < 3; ++other) {
                const Model& m = s.models[static_cast<size_t>(other)];
                const double from = inner + ModelOverlap::innerRadius(m) - 0.1, to = boundingRadius(base) + boundingRadius(m.base) + 0.05;
                for (int k = 0; k < 40; ++k) {
                    const double angle = 2 * std::numbers::pi * (k + 0.37) / 40;
                    for (double d = from; d <= to; d += 0.005) {
                        probe.position = m.position + Vec2{std::cos(angle), std::sin(angle)} * d;
                        const int measured = onModels(probe), withInner = onModels(probe, inner);
                        QCOMPARE(withInner, measured);
                        if (other < 2) {  // (the model on a floor stands above the probe)
                            // The outlines measured whole: the same answer.
                            Polygon whole{baseOutline(m), {}};
                            orientForInteriorLeft(whole);
                            QCOMPARE(measured == other, overlapArea(whole, baseOutline(probe)) > kOverlapArea);
                        }
                        ++tried;
                        deep += measured >= 0 && d < inner + ModelOverlap::innerRadius(m);
                        // (A test that took bases 0.02" apart as overlapping: an inner radius
                        // grown by the quick test's margin, 0.04", and 0.02".)
                        wrong += measured < 0 && onModels(probe, inner + 2 * 0.02 + 0.02) >= 0;
                    }
                }
            }
        }
        QVERIFY(tried > 50000);
        QVERIFY(deep > 1000);
        QVERIFY(wrong > 0);
    }

    // A base on a feature overlaps it, and one that shares less than kOverlapArea with it does
    // not (touching, or across a sliver): the quick test for a base's centre deep within a
    // footprint must agree with measuring the area.
    void featureOverlapMeasuresWhatItDoesNotSee() {
        // A sliver 0.00005" wide under a 32 mm base: 0.00006 square inches in common.
        const Scenario sliver = wallTable({60, 44}, {{20, 20}, {40, 20}, {40, 20.00005}, {20, 20.00005}}, 2);
        QVERIFY(!FeatureOverlap(sliver)(probeModel(Probe{}, {30, 20.000025})));
        // A wall 0.2" thick (a hole of the same kind of width would do the same).
        const Scenario wall = wallTable({60, 44}, {{20, 20}, {40, 20}, {40, 20.2}, {20, 20.2}}, 2);
        const FeatureOverlap onWall(wall);
        QVERIFY(onWall(probeModel(Probe{}, {30, 20.1})));   // centred on it
        QVERIFY(onWall(probeModel(Probe{}, {30, 20.5})));   // reaching over it
        QVERIFY(!onWall(probeModel(Probe{}, {30, 20.2 + 16 / 25.4})));  // touching its side
        QVERIFY(onWall(probeModel(Probe{}, {30, 20.2 + 15.9 / 25.4})));  // 0.1 mm over it
        // A block with a courtyard: a base in the courtyard stands clear, one on the rim does not.
        Scenario yard = wallTable({60, 44}, {{10, 10}, {30, 10}, {30, 30}, {10, 30}}, 3);
        yard.terrain[0].footprint.holes.push_back({{15, 15}, {15, 25}, {25, 25}, {25, 15}});
        const FeatureOverlap onYard(yard);
        QVERIFY(!onYard(probeModel(Probe{}, {20, 20})));
        QVERIFY(onYard(probeModel(Probe{}, {12, 20})));
        QVERIFY(onYard(probeModel(Probe{}, {15.3, 20})));
        QVERIFY(!onYard(probeModel(Probe{}, {15 + 16 / 25.4, 20})));
        QCOMPARE(onYard.features(probeModel(Probe{}, {12, 12})), std::vector<int>{0});
    }

    void featuresNearABoxAreAllABaseWithinItCanOverlap() {
        // The features near a block's box (FeatureOverlap::near), as the vision map asks them
        // of each cell of the block: the same features, in the same order, as all of them, for
        // bases of every shape placed all over Purge vs Purge 01 (features that touch, bases
        // over edges, corners and seams); the box itself holds fewer than all.
        const io::ReadResult r =
            io::readScenarioFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/layouts/11e/bm-purge-vs-purge-01.sightline.json"));
        QVERIFY(r.scenario);
        const FeatureOverlap overlaps(*r.scenario);
        std::mt19937 random(20261129);
        std::uniform_real_distribution<double> x(0, r.scenario->board.width), y(0, r.scenario->board.height), size(0.5, 6);
        int overlapping = 0, fewer = 0;
        for (int n = 0; n < 3000; ++n) {
            Probe probe;
            probe.base = n % 3 == 0 ? Base{BaseShape::Circle, 32, 32} : n % 3 == 1 ? Base{BaseShape::Oval, 60, 35.5} : Base{BaseShape::Rect, 100, 50};
            const Model placed = probeModel(probe, {x(random), y(random)});
            // (A box that holds the base's, as a block's holds each of its cells'.)
            const double reach = boundingRadius(probe.base), more = size(random);
            const Vec2 lo = placed.position - Vec2{reach + more * 0.3, reach + more * 0.7};
            const Vec2 hi = placed.position + Vec2{reach + more * 0.6, reach + more * 0.2};
            const std::vector<int> near = overlaps.near(lo, hi);
            fewer += near.size() < r.scenario->terrain.size();
            for (const bool first : {true, false}) {
                const std::vector<int> all = overlaps.features(placed, first);
                QCOMPARE(overlaps.features(placed, first, &near), all);
                overlapping += !all.empty() && first;
            }
        }
        QVERIFY(overlapping > 300);  // (a fair share of them on a feature)
        QVERIFY(fewer > 2900);
    }

    // Each convex part of a footprint clips the base's outline rather than the other way
    // round: the same answer as measuring the footprint's part within the outline, for round,
    // oval and rectangular bases walked in fine steps across the sides and corners of a
    // rotated rectangle, a hexagon, an L and a wall with a notch and a zigzag (parts that
    // meet along cuts a base walks across).
    void footprintsClipTheBaseByConvexParts() {
        auto rotated = [](Vec2 c, double a, double b, double turn) {
            Ring r;
            for (const Vec2 v : {Vec2{a, b}, Vec2{-a, b}, Vec2{-a, -b}, Vec2{a, -b}})
                r.push_back({c.x + v.x * std::cos(turn) - v.y * std::sin(turn), c.y + v.x * std::sin(turn) + v.y * std::cos(turn)});
            return r;
        };
        Ring hexagon;
        for (int k = 0; k < 6; ++k) hexagon.push_back({40 + 3 * std::cos(k * std::numbers::pi / 3 + 0.2), 22 + 3 * std::sin(k * std::numbers::pi / 3 + 0.2)});
        const Ring ell{{5, 30}, {12, 30}, {12, 31}, {6, 31}, {6, 38}, {5, 38}};
        const Ring notched{{30, 30}, {36, 30}, {36, 33}, {35, 33}, {35, 31}, {34.5, 32}, {34, 31}, {33.5, 32}, {33, 31}, {31, 31}, {31, 36}, {30, 36}};
        QVERIFY(convexParts(Polygon{notched, {}}).size() > 3);
        for (const Ring& footprint : {rotated({20, 15}, 4, 0.3, 0.41), hexagon, ell, notched}) {
            const Scenario table = wallTable({60, 44}, footprint, 3);
            const FeatureOverlap onIt(table);
            Polygon measured{footprint, {}};
            orientForInteriorLeft(measured);
            Vec2 centre{};
            for (const Vec2& v : footprint) centre = centre + v * (1.0 / footprint.size());
            int tried = 0, over = 0, near = 0;
            for (const Base& base : {Base{BaseShape::Circle, 32, 32}, Base{BaseShape::Oval, 60, 35.5}, Base{BaseShape::Rect, 100, 50}}) {
                Probe probe;
                probe.base = base;
                for (int k = 0; k < 24; ++k) {
                    const double angle = 2 * std::numbers::pi * (k + 0.29) / 24;
                    Model m = probeModel(probe, centre);
                    m.rotation_deg = 17 * k;
                    for (double d = 0, step = testing::sharedStep(0.002); d <= 8; d += step) {
                        m.position = centre + Vec2{std::cos(angle), std::sin(angle)} * d;
                        const double area = overlapArea(measured, baseOutline(m));
                        QCOMPARE(onIt(m), area > kOverlapArea);
                        ++tried;
                        over += area > kOverlapArea;
                        near += area > 0 && area < 0.01;
                    }
                }
            }
            QVERIFY2(over > testing::share(1000) && tried - over > testing::share(1000), qPrintable(QStringLiteral("%1 of %2").arg(over).arg(tried)));
            QVERIFY2(near > testing::share(50), qPrintable(QString::number(near)));  // (steps within a hair of touching)
        }
        // A sliver 0.00004" wide and 2" long: its corners come well inside a base, the part
        // within it is less than kOverlapArea (a corner's sector reaches no farther than the
        // part's other sides).
        const Scenario sliver = wallTable({60, 44}, rotated({30, 20}, 1, 0.00002, 0.3), 3);
        const FeatureOverlap onSliver(sliver);
        int deep = 0;
        for (double d = -1.5; d <= 1.5; d += 0.01) {
            const Model m = probeModel(Probe{}, Vec2{30 + std::cos(0.3), 20 + std::sin(0.3)} + Vec2{std::cos(0.3), std::sin(0.3)} * d);
            QVERIFY(!onSliver(m));
            deep += std::abs(d) < 0.3;
        }
        QVERIFY(deep > 50);
    }

    // Under 10th edition with a line width given (a table moved from 11th edition keeps its
    // 1 mm line), woods keep a model from being fully visible and a barricade gives cover
    // only to INFANTRY within 3" of it: the map's cells, whatever it decides in the plane,
    // are the pair rulings', cell for cell.
    void tenthEditionWoodsAndBarricadesWithALineWidth() {
        Scenario s = wallTable({24, 16}, {{11, 3}, {13, 3}, {13, 9}, {11, 9}}, 1);
        s.ruleset.name = "wh40k-10e";
        s.ruleset.sight_line_width_mm = 1;
        s.terrain[0].id = "barricade";
        s.terrain[0].tags = {"barricade"};
        TerrainPiece woods;
        woods.id = "woods";
        woods.kind = TerrainKind::Area;
        woods.tags = {"woods"};
        woods.footprint.outer = {{9, 10}, {14, 10}, {14, 14}, {9, 14}};
        s.terrain.push_back(woods);
        s.models = {observerAt("observer", {3, 8})};
        Probe infantry;
        infantry.keywords = {"INFANTRY"};
        const VisionMap map = visionMap(s, {0}, infantry, 1.0, fullProofs());
        const VisionMap every = visionMap(s, {0}, infantry, 1.0, fullProofs(false));
        int compared = 0, fully = 0, covered = 0;
        for (size_t k = 0; k < map.cells.size(); ++k) {
            const Cell &a = map.cells[k], &b = every.cells[k];
            if (a.undecided || b.undecided) continue;
            QVERIFY2(a.verdict == b.verdict && a.cover == b.cover,
                     qPrintable(QStringLiteral("cell %1 (%2, %3): %4 cover %5 against the pairs' %6 cover %7")
                                    .arg(k)
                                    .arg(map.grid.centre(static_cast<int>(k) % map.grid.cols, static_cast<int>(k) / map.grid.cols).x)
                                    .arg(map.grid.centre(static_cast<int>(k) % map.grid.cols, static_cast<int>(k) / map.grid.cols).y)
                                    .arg(QString::fromStdString(verdictName(a.verdict)))
                                    .arg(a.cover)
                                    .arg(QString::fromStdString(verdictName(b.verdict)))
                                    .arg(b.cover)));
            ++compared;
            fully += a.verdict == Verdict::FullyVisible;
            covered += a.cover;
        }
        QVERIFY(compared > 300);
        QVERIFY(fully > 50 && covered > 10);
    }

    void coverNotAskedChangesOnlyCover() {
        // Rulings::setCoverNotAsked (a map's cell already seen out of cover): every field of
        // every ruling the same, under 11th and 10th edition, but cover, which is left unset
        // only where the proofs it skips would have decided it (not within an area); and
        // some of them are skipped.
        int skipped = 0, pairs = 0;
        for (bool tenth : {false, true}) {
            const std::optional<Scenario> s =
                layoutUnder(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/wh40k-11e/12-official-layout-units.sightline.json"), tenth);
            QVERIFY(s);
            const Scene scene(*s);
            Rulings asked(scene), notAsked(scene);
            asked.setVerdictsOnly(true);
            notAsked.setVerdictsOnly(true);
            notAsked.setCoverNotAsked(true);
            for (int o = 0; o < static_cast<int>(s->models.size()); ++o)
                for (int t = 0; t < static_cast<int>(s->models.size()); ++t) {
                    if (s->models[o].side == s->models[t].side) continue;
                    const PairResult a = asked.evaluate(o, t, Method::Exact, Detail::Decisions);
                    const PairResult b = notAsked.evaluate(o, t, Method::Exact, Detail::Decisions);
                    const QByteArray where = QByteArray(tenth ? "10e " : "11e ") + s->models[o].id.c_str() + " -> " + s->models[t].id.c_str();
                    QVERIFY2(a.visible == b.visible && a.fully_visible == b.fully_visible && a.undecided == b.undecided &&
                                 a.hidden == b.hidden && a.blocking_set == b.blocking_set,
                             where.constData());
                    QVERIFY2(a.cover.has_value(), where.constData());
                    if (b.cover) QVERIFY2(*b.cover == *a.cover, where.constData());
                    else QVERIFY2(!a.fully_visible, where.constData());
                    skipped += !b.cover && *a.cover;
                    ++pairs;
                }
        }
        qInfo("%d pairs, %d whose cover the proofs skipped would have given", pairs, skipped);
        QVERIFY(skipped > 0);
    }

    void aBaseOverTheTableEdgeHasNoPlaceToStand() {
        // The box around a base as it stands: a circle's radius; a turned oval's and
        // rectangle's from their outlines (whose corners lie on the curve, within 0.01 mm).
        Model m = probeModel(Probe{}, {10, 10});
        QCOMPARE(baseHalfExtent(m).x, 16 / 25.4);
        for (const Base base : {Base{BaseShape::Oval, 170, 109}, Base{BaseShape::Rect, 100, 50}})
            for (double turn : {0.0, 30.0, 90.0, 135.0, 200.0}) {
                m.base = base;
                m.rotation_deg = turn;
                const Bounds box = boundsOf(baseOutline(m));
                const Vec2 half = baseHalfExtent(m);
                for (const double got : {half.x - (box.hi.x - 10), half.x - (10 - box.lo.x), half.y - (box.hi.y - 10), half.y - (10 - box.lo.y)})
                    QVERIFY2(got > -1e-9 && got < 0.01 / 25.4, qPrintable(QStringLiteral("%1 at %2: %3").arg(base.length_mm).arg(turn).arg(got)));
            }
        // Touching the edge is standing on the table; a hair past it is not.
        const Board board{60, 44};
        const double r = 16 / 25.4;
        QVERIFY(!overTableEdge(probeModel(Probe{}, {r, 10}), board));
        QVERIFY(!overTableEdge(probeModel(Probe{}, {60 - r, 44 - r}), board));
        QVERIFY(overTableEdge(probeModel(Probe{}, {r - 1e-4, 10}), board));
        QVERIFY(overTableEdge(probeModel(Probe{}, {30, 44 - r + 1e-4}), board));
        // The maps: on an empty table every cell whose base stays on it is seen fully, and
        // the others have no place to stand (the block proofs too, which settle most cells);
        // no hiding spot, no zone place, reaches past the edge.
        Scenario s = wallTable(board, {{20, 20}, {40, 20}, {40, 21}, {20, 21}}, 2);
        s.models.push_back(observerAt("watcher", {30, 10}));
        const VisionMap map = visionMap(s, {0}, Probe{}, 0.5);
        int off = 0;
        for (int k = 0; k < map.grid.cells(); ++k) {
            const Vec2 at = map.grid.centre(k % map.grid.cols, k / map.grid.cols);
            const bool over = overTableEdge(probeModel(Probe{}, at), board);
            off += over;
            if (over) QCOMPARE(map.cells[static_cast<size_t>(k)].verdict, Verdict::Overlap);
            else if (at.y < 15 && std::hypot(at.x - 30, at.y - 10) > 1.3)  // (in front of the wall, off the watcher)
                QCOMPARE(map.cells[static_cast<size_t>(k)].verdict, Verdict::FullyVisible);
        }
        QCOMPARE(off, 2 * 120 + 2 * 86);  // the outermost ring of cells, 0.25" from the edge
        QVERIFY(map.blockCells > map.grid.cells() / 2);
        s.zones.push_back(deploymentZone("south", "", {{25, -5}, {35, -5}, {35, 8}, {25, 8}}));  // (past the table's edge)
        ExposureOptions eo;
        eo.spacing = 1;
        eo.zoneSpacing = 1;
        const ExposureMap exposure = exposureMap(s, 0, Probe{}, Probe{}, eo);
        for (const Vec2& p : exposure.positions) QVERIFY(!overTableEdge(probeModel(Probe{}, p), board));
        QCOMPARE(static_cast<int>(exposure.positions.size()), 8 * 6);  // 26.5" to 33.5" across, 1.5" to 6.5" up
        HidingOptions ho;
        ho.spacing = 1;
        ho.zoneSpacing = 1;
        const HidingSpots spots = hidingSpots(s, 0, {Probe{}}, ho, {}, &exposure);
        int safe = 0;
        for (int k = 0; k < exposure.grid.cells(); ++k) {
            const Vec2 at = exposure.grid.centre(k % exposure.grid.cols, k / exposure.grid.cols);
            const bool over = overTableEdge(probeModel(Probe{}, at), board);
            // (On the watcher, too: no place to stand, as in the vision map.)
            QCOMPARE(exposure.cells[static_cast<size_t>(k)].overlap,
                     over || FeatureOverlap(s)(probeModel(Probe{}, at)) || ModelOverlap(s)(probeModel(Probe{}, at)) >= 0);
            if (over) QVERIFY(!spots.bases[0].safe[static_cast<size_t>(k)]);
            safe += spots.bases[0].safe[static_cast<size_t>(k)];
        }
        QVERIFY(safe > 0);  // (behind the wall)
    }

    void aWallCastsTheShadowWorkedOutByHand() {
        // A 2" high wall 1" thick from x = 20 to 40 at y = 20..21 on an empty 60 x 44 table,
        // an observer at (30, 10) looking at 1" tall probes (below the wall's top: nothing
        // is seen over it). Behind the wall, within the lines from the observer's base past
        // the wall's ends, the probe is hidden; on the wall it cannot stand; far to the side
        // it is fully visible.
        Scenario s = wallTable({60, 44}, {{20, 20}, {40, 20}, {40, 21}, {20, 21}}, 2);
        s.models.push_back(observerAt("watcher", {30, 10}));
        Probe probe;
        probe.height = 1;
        const VisionMap map = visionMap(s, {0}, probe, 1.0);
        QCOMPARE(map.grid.cols, 60);
        QCOMPARE(map.grid.rows, 44);
        auto verdictAt = [&](double x, double y) { return map.at(static_cast<int>(x), static_cast<int>(y)).verdict; };
        QCOMPARE(verdictAt(30.5, 20.5), Verdict::Overlap);   // on the wall
        QCOMPARE(verdictAt(30.5, 19.5), Verdict::Overlap);   // its base reaches onto the wall
        QCOMPARE(verdictAt(30.5, 30.5), Verdict::Hidden);    // straight behind it
        QCOMPARE(verdictAt(30.5, 42.5), Verdict::Hidden);
        QCOMPARE(verdictAt(30.5, 43.5), Verdict::Overlap);   // its base reaches past the table's edge
        QCOMPARE(verdictAt(0.5, 5.5), Verdict::Overlap);
        QCOMPARE(verdictAt(30.5, 5.5), Verdict::FullyVisible);
        QCOMPARE(verdictAt(5.5, 30.5), Verdict::FullyVisible);  // off to the side, past the wall's end
        // The shadow's edge: the line through the wall's corner (40, 20) tangent to the
        // observer's base on the far side; a probe at y = 40.5 is hidden while its whole top
        // lies on the wall's side of it (0.85" across it, the line being steep).
        const double r = 16 / 25.4;
        const double angle = std::atan2(10.0, 10.0) + std::asin(r / std::hypot(10.0, 10.0));
        const double edge = 40 + (40.5 - 20) / std::tan(angle);  // about 58.8
        for (int col = 30; col < 60; ++col) {
            const double x = col + 0.5;
            if (x + r < edge - 1.0) QVERIFY2(verdictAt(x, 40.5) == Verdict::Hidden, qPrintable(QString::number(x)));
        }
        QCOMPARE(verdictAt(58.5, 40.5), Verdict::Visible);  // past the edge, partly
        QCOMPARE(verdictAt(42.5, 25.5), Verdict::Hidden);
        const Tally t = tally(map);
        QCOMPARE(t.overlap + t.hidden + t.visible + t.fully, 60 * 44);
        QVERIFY(t.overlap >= 20 * 2);
        QVERIFY(t.hidden > 100);
    }

    // Full shadows of a wall the target hugs: seen from the target's centre the wall spans up
    // to 150 degrees, and the whole table is turned so that the directions run across the
    // half turn where angles wrap. Where a target is said hidden, no segment between 120
    // points on each base's rim (every other one in the sanitizer run's share) may miss the
    // wall's interior; behind the middle of a long wall the target is found hidden.
    void fullShadowsOfAWallTheTargetHugs() {
        const double r = 16 / 25.4;
        int hidden = 0, checked = 0;
        for (const double turnDegrees : {0.0, 90.0, 179.0, 180.0, 181.0, 270.0}) {
            const double a = turnDegrees * std::numbers::pi / 180;
            const Vec2 eye{30, 22}, along{-std::sin(a), std::cos(a)}, away{std::cos(a), std::sin(a)};
            for (const double length : {3.0, 6.0, 12.0}) {
                const Vec2 mid = eye + away * 10;
                Ring wall{mid - along * (length / 2) - away * 0.15, mid + along * (length / 2) - away * 0.15,
                          mid + along * (length / 2) + away * 0.15, mid - along * (length / 2) + away * 0.15};
                if (signedArea(wall) < 0) std::reverse(wall.begin(), wall.end());
                Scenario s = wallTable({60, 44}, wall, 5);
                s.ruleset.name = "true-los";
                s.ruleset.sight_line_width_mm = 0;
                s.models.push_back(observerAt("watcher", eye));
                const FullShadows shadows(PieceParts(s), s, s.models[0], 1.75);
                for (const double gap : {0.02, 0.1, 0.5})
                    for (double t = -length / 2 - 1; t <= length / 2 + 1 + 1e-9; t += length / 8 + 0.25) {
                        const Vec2 c = mid + along * t + away * (0.15 + gap + r);
                        const bool said = shadows.hides(c, r, {}, false);
                        ++checked;
                        if (std::abs(t) < 1e-9 && length >= 6 && gap <= 0.1)
                            QVERIFY2(said, qPrintable(QStringLiteral("turned %1, wall %2\", %3\" off: behind its middle, not found hidden").arg(turnDegrees).arg(length).arg(gap)));
                        if (!said) continue;
                        ++hidden;
                        const int kRim = testing::sharePerSide(120);
                        for (int i = 0; i < kRim; ++i)
                            for (int j = 0; j < kRim; ++j) {
                                const double ti = 2 * std::numbers::pi * i / kRim, tj = 2 * std::numbers::pi * j / kRim;
                                const Vec2 p = eye + Vec2{std::cos(ti), std::sin(ti)} * r, q = c + Vec2{std::cos(tj), std::sin(tj)} * r;
                                QVERIFY2(crossesInterior(p, q, wall), qPrintable(QStringLiteral("turned %1, wall %2\", %3\" off at %4: said hidden, a segment misses the wall")
                                                                         .arg(turnDegrees).arg(length).arg(gap).arg(t)));
                            }
                    }
            }
        }
        QVERIFY2(hidden > 60 && hidden < checked, qPrintable(QStringLiteral("%1 of %2").arg(hidden).arg(checked)));
        qInfo("%d of %d targets hugging a wall found hidden, each checked", hidden, checked);
    }

    // A full shadow's edge, worked out by hand: the line through a wall's corner tangent to
    // the observer's base with both on the same side. A probe whose base lies a hundredth of
    // an inch inside it is in the shadow, one a hundredth across is not; the pair ruling says
    // the same of both (hidden, and seen past the corner), as it does of a wall lower than
    // the models' tops, which casts no full shadow.
    void fullShadowsEndWhereThePairRulingSaysSo() {
        Scenario s = wallTable({60, 44}, {{10, -5}, {11, -5}, {11, 5}, {10, 5}}, 5);
        s.board = {60, 44};
        for (TerrainPiece& t : s.terrain)
            for (Vec2& v : t.footprint.outer) v = v + Vec2{0, 22};
        s.models.push_back(observerAt("watcher", {0.5, 22}));
        const double r = 16 / 25.4;
        // The edge: n.x = r (about the observer's centre) through the corner (10, 5), n pointing up.
        const double theta = std::atan2(5.0, 9.5), phi = theta + std::acos(r / std::hypot(9.5, 5.0));
        const Vec2 n{std::cos(phi), std::sin(phi)};
        QVERIFY(n.y > 0);
        const PieceParts parts(s);
        Probe probe;
        for (double x : {16.0, 25.0, 40.0}) {
            for (double off : {-0.01, 0.01}) {
                // The probe's centre c (relative to the observer) with n.c = r - radius + off.
                const double along = x - 0.5;
                const Vec2 c{along, (r - r + off - n.x * along) / n.y};
                const Vec2 at = c + Vec2{0.5, 22};
                const FullShadows shadows(parts, s, s.models[0], probe.height);
                const bool hidden = shadows.hides(at, r, {});
                QCOMPARE(hidden, off < 0);
                const Cell pair = referenceCell(s, {0}, probe, at);
                QCOMPARE(pair.verdict == Verdict::Hidden, off < 0);
                // A wall no higher than the probe's top casts none: lines pass over it.
                Scenario low = s;
                low.terrain[0].height = 1.75;
                const FullShadows none(PieceParts(low), low, low.models[0], probe.height);
                QVERIFY(!none.hides(at, r, {}));
                // Unless the ruleset makes it a wall.
                QCOMPARE(none.hides(at, r, {0}), off < 0);
            }
        }
    }

    // A full shadow is found whichever way it falls from the observer (the parts are looked
    // up by direction): a tall wall 8" away and a target 14" away behind it, at 360 turns
    // round the observer and at the edges of the lists of directions (64 equal arcs, and
    // the turn from pi to -pi), a hair either side.
    void fullShadowsFoundInEveryDirection() {
        std::vector<double> angles;
        for (int k = 0; k < 360; ++k) angles.push_back(2 * std::numbers::pi * k / 360);
        for (int k = -32; k <= 32; ++k)
            for (double hair : {-1e-9, 0.0, 1e-9}) angles.push_back(2 * std::numbers::pi * k / 64 + hair);
        const Vec2 eye{30, 22};
        Probe probe;
        for (const double a : angles) {
            const Vec2 u{std::cos(a), std::sin(a)}, across{-u.y, u.x};
            const Vec2 c = eye + u * 8;
            Scenario s = wallTable({60, 44}, {c - across * 2 - u * 0.25, c + across * 2 - u * 0.25, c + across * 2 + u * 0.25, c - across * 2 + u * 0.25}, 5);
            s.models.push_back(observerAt("watcher", eye));
            const FullShadows shadows(PieceParts(s), s, s.models[0], probe.height);
            const Vec2 target = eye + u * 14;
            // (Its own full shadow: not several parts together, which finds them by their boxes.)
            QVERIFY2(shadows.hides(target, 16 / 25.4, {}, false), qPrintable(QString::number(a, 'g', 17)));
            QVERIFY(!shadows.hides(eye + across * 14, 16 / 25.4, {}));  // (beside it: in the open)
        }
    }

    // Bridges across the seam of two touching parts (PieceParts): every point of one lies
    // within one of its two pieces, on random pairs of touching pieces (walls meeting in an L
    // or a T, walls end to end, convex pieces sharing a side, some widening away from it so
    // that no bridge is convex); the walls of an L give one. Then the L's shadow, which no
    // wall casts alone, against the pair ruling: a probe said hidden is not seen, and the
    // corner's shadow is proven where it was not before (the probes behind the L all round).
    void bridgesAcrossSeamsLieWithinTheirPiecesAndCloseTheCorner() {
        std::mt19937 rng(4417);
        std::uniform_real_distribution<double> u(0, 1);
        int bridges = 0, pairs = 0;
        auto rect = [](Vec2 lo, Vec2 hi) { return Ring{lo, {hi.x, lo.y}, hi, {lo.x, hi.y}}; };
        for (int round = 0; round < 300; ++round) {
            Ring a, b;
            const double t = 0.2 + 0.8 * u(rng), l = 2 + 6 * u(rng), at = u(rng);
            switch (round % 4) {
            case 0:  // an L
                a = rect({10, 10}, {10 + l, 10 + t});
                b = rect({10 + l - t, 10 + t}, {10 + l, 10 + t + l * at + 0.5});
                break;
            case 1:  // a T
                a = rect({10, 10}, {10 + l, 10 + t});
                b = rect({10 + l * at * 0.8, 10 + t}, {10 + l * at * 0.8 + t, 10 + t + l});
                break;
            case 2:  // end to end, one wider
                a = rect({10, 10}, {10 + l, 10 + t});
                b = rect({10 + l, 10 - t * at}, {10 + 2 * l, 10 + t + t * at});
                break;
            default: {  // a shared side, the other sides turned at random (some widening)
                const double w1 = (u(rng) - 0.5) * 3, w2 = (u(rng) - 0.5) * 3, h1 = 1 + 3 * u(rng), h2 = 1 + 3 * u(rng);
                a = {{10, 10}, {10 + l, 10}, {10 + l + w1, 10 + h1}, {10 + w2, 10 + h1}};
                b = {{10 + l, 10}, {10, 10}, {10 - w2 * 0.5, 10 - h2}, {10 + l - w1 * 0.5, 10 - h2}};
                break;
            }
            }
            for (Ring* r : {&a, &b})
                if (signedArea(*r) < 0) std::reverse(r->begin(), r->end());
            const Scenario s = featureTable({30, 30}, {a, b}, 5);
            const PieceParts parts(s);
            ++pairs;
            for (const PieceParts::Part& part : parts.parts()) {
                if (part.joins < 0) continue;
                ++bridges;
                QVERIFY(part.joins != part.piece || s.terrain.size() == 1);
                // Points all over it: its corners' mixes, and along its sides.
                const Ring& r = part.ring;
                for (int k = 0; k < 400; ++k) {
                    Vec2 p{0, 0};
                    double sum = 0;
                    std::vector<double> w(r.size());
                    for (double& x : w) sum += (x = std::pow(u(rng), 4));
                    for (size_t i = 0; i < r.size(); ++i) p = p + r[i] * (w[i] / sum);
                    if (k % 2) {
                        const size_t i = static_cast<size_t>(k / 2) % r.size();
                        p = r[i] + (r[(i + 1) % r.size()] - r[i]) * u(rng);
                    }
                    auto within = [&](const Ring& ring) {
                        if (locate(p, ring) != Where::Outside) return true;
                        for (size_t i = 0; i < ring.size(); ++i) {
                            const Vec2 e0 = ring[i], e = ring[(i + 1) % ring.size()] - e0;
                            const double q = std::clamp(((p.x - e0.x) * e.x + (p.y - e0.y) * e.y) / (e.x * e.x + e.y * e.y), 0.0, 1.0);
                            if (std::hypot(e0.x + e.x * q - p.x, e0.y + e.y * q - p.y) < 1e-9) return true;
                        }
                        return false;
                    };
                    QVERIFY2(within(a) || within(b), qPrintable(QStringLiteral("round %1: a bridge's point (%2, %3) lies outside both pieces")
                                                                   .arg(round).arg(p.x).arg(p.y)));
                }
            }
        }
        QVERIFY2(bridges >= 150, qPrintable(QStringLiteral("%1 bridges over %2 pairs").arg(bridges).arg(pairs)));
        // Two pieces a hair apart: no bridge (a line passes between them).
        for (const double gap : {1e-11, 1e-15}) {
            const PieceParts parts(featureTable({30, 30}, {rect({0, -1}, {10, 0}), rect({0, gap}, {10, 10})}, 5));
            QVERIFY(std::ranges::none_of(parts.parts(), [](const PieceParts::Part& p) { return p.joins >= 0; }));
        }

        // The demo's north and east walls of the central ruin, alone on a table: an L. The
        // probes behind its corner, from an observer level with the north wall.
        Scenario s = featureTable({60, 44}, {rect({26, 17}, {34, 17.5}), rect({33.5, 17.5}, {34, 24})}, 6);
        s.models.push_back(observerAt("watcher", {6, 18}));
        const PieceParts parts(s);
        QVERIFY(std::ranges::any_of(parts.parts(), [](const PieceParts::Part& p) { return p.joins >= 0; }));
        const Probe probe;
        const FullShadows shadows(parts, s, s.models[0], probe.height);
        // (Without the bridges: the parts alone.)
        const PieceParts alone(s, false);
        const FullShadows without(alone, s, s.models[0], probe.height);
        QString failure;
        const auto [hidden, newly] = hiddenClaims(s, shadows, [&](Vec2 c) { return without.hides(c, 16 / 25.4, {}); }, {36, 16.75},
                                                  {58, 18.25}, {2, 0.25}, &failure);
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        QVERIFY2(newly >= 10, qPrintable(QStringLiteral("%1 of %2 hidden only with the bridge").arg(newly).arg(hidden)));
    }

    // A model taller than both tops standing at a wall's end: behind the two together the
    // lines pass through one or the other, and the joint test takes the model in (the polygon
    // of its outline's corners, within the base). Each probe said hidden is not seen in the
    // pair ruling; some are hidden by neither alone.
    void tallModelsCloseJointShadowsWithTheTerrain() {
        Scenario s = wallTable({40, 44}, {{10, 10}, {11, 10}, {11, 21.5}, {10, 21.5}}, 5);
        s.models.push_back(observerAt("watcher", {0.5, 22}));
        Model tall = observerAt("tall", {10.5, 22.1});  // (its base reaches 0.19" into the wall's end)
        tall.side = tall.unit = "others";
        tall.base = {BaseShape::Circle, 40, 40};
        tall.height = 3;
        s.models.push_back(tall);
        const Probe probe;
        const PieceParts parts(s);
        FullShadows withModels(parts, s, s.models[0], probe.height);
        withModels.addModels(s, s.models[0], -1);
        const FullShadows terrainOnly(parts, s, s.models[0], probe.height);
        Scenario bare = s;  // (the model alone)
        bare.terrain.clear();
        FullShadows modelOnly(PieceParts(bare), bare, bare.models[0], probe.height);
        modelOnly.addModels(bare, bare.models[0], -1);
        auto alone = [&](Vec2 c) { return terrainOnly.hides(c, 16 / 25.4, {}) || modelOnly.hides(c, 16 / 25.4, {}); };
        QString failure;
        const auto [hidden, newly] = hiddenClaims(s, withModels, alone, {16, 18}, {36, 26}, {2, 0.5}, &failure);
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        QVERIFY2(newly >= 5, qPrintable(QStringLiteral("%1 of %2 hidden only by the two together").arg(newly).arg(hidden)));
    }

    // Feet behind the corner of an L of two tall walls (no bridge between them: the parts
    // alone) are hidden by neither wall but by the two together (hidesSomeFootJointly).
    // Each foot so claimed is checked against segments from points all over the observer's
    // disc to points of the foot's disc: every one runs through the open box of a wall.
    // A tall model in place of one wall closes the same shadow with the other, as a
    // target's, but not as the terrain's: the joint test of the feet leaves models out.
    void feetHiddenOnlyByTwoWallsTogether() {
        auto rect = [](Vec2 lo, Vec2 hi) { return Ring{lo, {hi.x, lo.y}, hi, {lo.x, hi.y}}; };
        Scenario s = featureTable({60, 44}, {rect({26, 17}, {34, 17.5}), rect({33.5, 17.5}, {34, 24})}, 6);
        s.models.push_back(observerAt("watcher", {6, 18}));
        const PieceParts alone(s, false);
        const Probe probe;
        const FullShadows shadows(alone, s, s.models[0], probe.height);
        const double r = 16 / 25.4, foot = 0.01;
        auto someSegmentOpen = [&](Vec2 f) {
            return segmentOpenFromDisc({6, 18}, r, f, foot, [](Vec2 o, Vec2 q) {
                return throughBox(o, q, {26, 17}, {34, 17.5}) || throughBox(o, q, {33.5, 17.5}, {34, 24});
            });
        };
        int claimed = 0, jointOnly = 0;
        for (double x = 35; x <= 55; x += 2)
            for (double y = 16.5; y <= 19.5; y += 0.125) {
                const Vec2 f{x, y};
                const Vec2 feet[] = {f};
                if (!shadows.hidesSomeFootJointly(feet, foot, {}, true)) continue;
                ++claimed;
                jointOnly += !shadows.hidesFoot(f, foot, {});
                QVERIFY2(!someSegmentOpen(f), qPrintable(QStringLiteral("(%1, %2)").arg(x).arg(y)));
            }
        QVERIFY2(jointOnly >= 20, qPrintable(QStringLiteral("%1 of %2 hidden only by the two together").arg(jointOnly).arg(claimed)));
        // In the open beside the L, nothing.
        const Vec2 open[] = {{45, 30}, {45, 12}};
        QVERIFY(!shadows.hidesSomeFootJointly(open, foot, {}, true));

        // The east wall as a tall model's base instead (a 4" square, 6" high, on the table).
        Scenario m = featureTable({60, 44}, {rect({26, 17}, {34, 17.5})}, 6);
        m.models.push_back(observerAt("watcher", {6, 18}));
        Model block = observerAt("block", {35.5, 19.5});
        block.side = block.unit = "others";
        block.base = {BaseShape::Rect, 4 * 25.4, 4 * 25.4};
        block.height = 6;
        m.models.push_back(block);
        const PieceParts wallOnly(m, false);
        FullShadows withModel(wallOnly, m, m.models[0], probe.height);
        withModel.addModels(m, m.models[0], -1);
        const FullShadows terrainOnly(wallOnly, m, m.models[0], probe.height);
        int byModel = 0;
        for (double x = 40; x <= 55; x += 3)
            for (double y = 16.75; y <= 17.75; y += 0.125) {
                const Vec2 feet[] = {{x, y}};
                const bool jointly = withModel.hidesSomeFootJointly(feet, foot, {}, true);
                QCOMPARE(jointly, terrainOnly.hidesSomeFootJointly(feet, foot, {}, true));
                byModel += withModel.hidesJointly({x, y}, foot, {}) && !jointly;
            }
        QVERIFY2(byModel >= 5, qPrintable(QString::number(byModel)));
    }

    // Feet beyond a tall wall near the observer and a low one far out (below both tops):
    // the lines must pass the tall wall's corner on one side and the low wall's on the
    // other, and the feet past the line through both corners are hidden by neither alone
    // but by the two together. The low wall counts for the feet (hidesSomeFootJointly):
    // every line from the observer's top down to a foot that crosses it crosses it below its
    // top. Each foot so claimed is checked against segments from points all over the
    // observer's disc, at its top, to points of the foot's disc on the table: every one runs
    // through the tall wall's open box, or through the low wall's where it is lower than the
    // wall. The low wall stands far out, then nearer (where it still counts), then near the
    // observer, where the lines to the feet pass over it: then a foot the two hide together
    // when it stands far out is not claimed.
    void feetHiddenByATallWallAndALowOneTogether() {
        auto rect = [](Vec2 lo, Vec2 hi) { return Ring{lo, {hi.x, lo.y}, hi, {lo.x, hi.y}}; };
        const double r = 16 / 25.4, foot = 0.01, top = 1.75, low = 1.5;
        const Vec2 tallLo{12, 8}, tallHi{13, 16.7};
        for (const double lowAt : {38.0, 16.0, 10.5, 8.5}) {
            const Vec2 lowLo{lowAt, 10}, lowHi{lowAt + 1, 20};
            Scenario s = featureTable({60, 44}, {rect(tallLo, tallHi), rect(lowLo, lowHi)}, 6);
            s.terrain[1].height = low;
            s.models.push_back(observerAt("watcher", {6, 18}));
            const PieceParts alone(s, false);
            const FullShadows shadows(alone, s, s.models[0], Probe{}.height);
            // (A segment from the observer's top down to the table is lower than the low wall
            // past the share 1 - low / top of its length.)
            auto someSegmentOpen = [&](Vec2 f) {
                return segmentOpenFromDisc({6, 18}, r, f, foot, [&](Vec2 o, Vec2 q) {
                    return throughBox(o, q, tallLo, tallHi) || throughBox(o, q, lowLo, lowHi, 1 - low / top);
                });
            };
            int claimed = 0, jointOnly = 0;
            for (double x = 45; x <= 57; x += 2)
                for (double y = 4; y <= 9; y += 0.05) {
                    const Vec2 f{x, y};
                    const Vec2 feet[] = {f};
                    if (!shadows.hidesSomeFootJointly(feet, foot, {}, true)) continue;
                    ++claimed;
                    jointOnly += !shadows.hidesFoot(f, foot, {});
                    QVERIFY2(!someSegmentOpen(f), qPrintable(QStringLiteral("low wall at %1: (%2, %3)").arg(lowAt).arg(x).arg(y)));
                }
            qInfo("low wall at x = %g: %d feet claimed hidden jointly, %d of them by neither wall alone", lowAt, claimed, jointOnly);
            if (lowAt > 20) {
                QVERIFY2(jointOnly >= 20, qPrintable(QStringLiteral("%1 of %2 hidden only by the two together").arg(jointOnly).arg(claimed)));
            } else if (lowAt < 12) {
                // (A foot the two walls hide together when the low one stands far out: seen
                // over it when it stands near.)
                const Vec2 past[] = {{53, 6.3}};
                QVERIFY(!shadows.hidesSomeFootJointly(past, foot, {}, true));
                QVERIFY(someSegmentOpen(past[0]));
            }
        }
    }

    // Random tables of a tall wall near the observer and two low walls (0.3" to 1.7", under
    // its 1.75" top) farther out, at random distances and lengths, their lower corners near
    // the line from the observer over the tall wall's corner, and feet on either side of that
    // line. The joint test (hidesSomeFootJointly, which takes
    // a low wall where every line down to the foot crosses it below its top) claims feet
    // hidden that no single part hides, which it could not without the low walls; the first
    // few such claims of each table and one of the rest are checked against the independent
    // reference (reference_los.h: a search for a line from the observer's top to the foot's
    // centre or a point of its rim, each line found confirmed with rationals). No line is
    // found.
    void jointFeetPastLowWallsAgreeWithTheReference() {
        auto rect = [](Vec2 lo, Vec2 hi) { return Ring{lo, {hi.x, lo.y}, hi, {lo.x, hi.y}}; };
        const double foot = 0.01;
        testing::SplitMix64 tables(20261129), search(7);
        int claimed = 0, jointOnly = 0, checked = 0;
        const int rounds = testing::share(12);
        for (int round = 0; round < rounds; ++round) {
            const Vec2 eye{3, tables.uniform(20, 26)};
            const double tallAt = tables.uniform(6, 10);
            const Vec2 tallLo{tallAt, eye.y - tables.uniform(3, 6)}, tallHi{tallAt + 0.5, eye.y - tables.uniform(-0.5, 1.5)};
            // (The line from the observer's centre over the tall wall's corner, which the
            // low walls' lower corners stand near.)
            auto over = [&](double x) { return eye.y + (tallHi.y - eye.y) * (x - eye.x) / (tallHi.x - eye.x); };
            std::vector<Ring> rings{rect(tallLo, tallHi)};
            std::vector<double> heights{6};
            for (int k = 0; k < 2; ++k) {
                const double at = tables.uniform(12, 30), bottom = over(at) - tables.uniform(-0.6, 0.4);
                rings.push_back(rect({at, bottom}, {at + 0.5, bottom + tables.uniform(2, 8)}));
                heights.push_back(tables.uniform(0.3, 1.7));
            }
            Scenario s = featureTable({40, 30}, rings, 6);
            for (size_t k = 0; k < heights.size(); ++k) s.terrain[k].height = heights[k];
            s.models.push_back(observerAt("watcher", eye));
            Model speck = observerAt("speck", {});
            speck.side = speck.unit = "others";
            speck.base = {BaseShape::Circle, 2 * foot * 25.4, 2 * foot * 25.4};
            speck.height = 0.01;
            const PieceParts alone(s, false);
            const FullShadows shadows(alone, s, s.models[0], Probe{}.height);
            int jointHere = 0, singleHere = 0;
            for (double x = 32; x <= 38; x += 1)
                for (double y = over(x) - 3; y <= over(x) + 1.5; y += 0.05) {
                    const Vec2 f{x, y};
                    const Vec2 feet[] = {f};
                    if (!shadows.hidesSomeFootJointly(feet, foot, {}, true)) continue;
                    ++claimed;
                    const bool byOne = shadows.hidesFoot(f, foot, {});
                    jointOnly += !byOne;
                    if (byOne ? singleHere++ >= 1 : jointHere++ >= 6) continue;
                    ++checked;
                    speck.position = f;
                    const auto pieces = reference::piecesFor(s, s.models[0], speck);
                    for (int k = 0; k <= 4; ++k) {
                        const double a = std::numbers::pi * k / 2;
                        const Vec2 q = k == 4 ? f : f + Vec2{std::cos(a), std::sin(a)} * foot;
                        const auto open = reference::searchOpen(pieces, s.models[0], s.models[0].top(), speck, 0, search, 150, 4, q);
                        QVERIFY2(!open, qPrintable(QStringLiteral("round %1: the foot at (%2, %3) is seen from (%4, %5) at (%6, %7)")
                                                       .arg(round).arg(x).arg(y).arg(open->p.x).arg(open->p.y).arg(q.x).arg(q.y)));
                    }
                }
        }
        qInfo("%d feet claimed hidden jointly, %d of them by no single part; %d checked against the reference", claimed, jointOnly, checked);
        QVERIFY2(jointOnly >= testing::share(30), qPrintable(QString::number(jointOnly)));
    }

    // Feet behind two models standing side by side (their bases overlapping a little), as
    // high as the observer, are hidden by neither alone but by the two together, for the
    // lines to a foot run lower than the observer's top all the way
    // (hidesSomeFootJointlyWithModels). Each foot so claimed is not visible to the pair
    // engine, for a speck of a model standing there.
    // The same two models an inch high are taken for no such proof: past them lines from
    // the observer's top come down onto feet well behind, which the pair engine sees.
    void feetHiddenOnlyByTwoModelsTogether() {
        const double foot = 0.01;
        auto table = [&](double height) {
            Scenario s = featureTable({24, 36}, {}, 1);
            s.models.push_back(observerAt("watcher", {6, 18}));
            for (const double y : {17.4, 18.6}) {
                Model m = observerAt("screen-" + std::to_string(s.models.size()), {9, y});
                m.side = m.unit = "screen";
                m.height = height;
                s.models.push_back(m);
            }
            Model speck = observerAt("speck", {});
            speck.side = speck.unit = "others";
            speck.base = {BaseShape::Circle, 2 * foot * 25.4, 2 * foot * 25.4};
            speck.height = 0.01;
            s.models.push_back(speck);
            return s;
        };
        auto seenByThePairEngine = [](Scenario s, Vec2 f) {
            s.models.back().position = f;
            const Scene scene(s);
            const Rulings rulings(scene);
            return rulings.evaluate(0, static_cast<int>(s.models.size()) - 1, Method::Exact, Detail::Decisions).visible;
        };
        // Feet 1" to 7" behind the models, across their shadows.
        std::vector<Vec2> feet;
        for (double x = 10.5; x <= 16; x += 0.5)
            for (double y = 14; y <= 22; y += 0.25) feet.push_back({x, y});
        const int speck = 3;
        const Scenario as = table(1.75);
        FullShadows shadows(PieceParts(as), as, as.models[0], 1.75);
        shadows.addModels(as, as.models[0], speck);
        std::vector<Vec2> jointOnly;
        int claimed = 0;
        for (const Vec2& f : feet) {
            const Vec2 one[] = {f};
            if (!shadows.hidesSomeFootJointlyWithModels(one, foot, {}, true)) continue;
            ++claimed;
            QVERIFY(!shadows.hidesSomeFootJointly(one, foot, {}, true));  // (no terrain)
            QVERIFY2(!seenByThePairEngine(as, f), qPrintable(QStringLiteral("(%1, %2)").arg(f.x).arg(f.y)));
            if (!shadows.hidesFootBehindModel(f, foot)) jointOnly.push_back(f);
        }
        QVERIFY2(jointOnly.size() >= 20, qPrintable(QStringLiteral("%1 of %2 hidden only by the two together").arg(jointOnly.size()).arg(claimed)));
        // In the open beside them, nothing.
        const Vec2 open[] = {{12, 24}, {12, 12}};
        QVERIFY(!shadows.hidesSomeFootJointlyWithModels(open, foot, {}, true));

        const Scenario low = table(1);
        FullShadows lowShadows(PieceParts(low), low, low.models[0], 1.75);
        lowShadows.addModels(low, low.models[0], speck);
        int seenPastLow = 0;
        for (const Vec2& f : jointOnly) {
            const Vec2 one[] = {f};
            const bool seen = seenByThePairEngine(low, f);
            seenPastLow += seen;
            QVERIFY2(!seen || !lowShadows.hidesSomeFootJointlyWithModels(one, foot, {}, true),
                     qPrintable(QStringLiteral("(%1, %2)").arg(f.x).arg(f.y)));
        }
        QVERIFY2(seenPastLow >= 10, qPrintable(QString::number(seenPastLow)));
    }

    // A traced outline's wiggles, cut from the parts (PieceParts), still hide: the L of the
    // test above with its corner opened by 0.03" (the east wall starts that far above the
    // south wall's top), and the south wall's top traced with teeth 0.03" high every 0.1",
    // which fill the opening. Where the parts leave a foot only that gap, it is asked again
    // with the teeth (the slivers). Every foot claimed hidden is not visible to the pair
    // engine, for a model of the foot's size there; with the teeth's tips cut off (the
    // parts' own outline) some of those feet are seen through the gap, and none is claimed.
    // The same for that model as a whole target in the walls' full shadow (hides: the
    // walls stand above every line, so what hides its foot hides all of it).
    void feetHiddenByTheWigglesOfATracedOutline() {
        auto rect = [](Vec2 lo, Vec2 hi) { return Ring{lo, {hi.x, lo.y}, hi, {lo.x, hi.y}}; };
        Ring traced{{26, 17}, {34, 17}};
        for (int k = 0; k < 80; ++k) {
            traced.push_back({34 - 0.1 * k, 17.5});
            traced.push_back({34 - 0.1 * k - 0.05, 17.53});
        }
        traced.push_back({26, 17.5});
        const Ring east = rect({33.5, 17.53}, {34, 24});
        const double foot = 0.01;
        struct Found {
            std::vector<Vec2> hidden;  // feet claimed hidden
            std::vector<char> seen;    // and whether the pair engine sees a model there
            std::vector<Vec2> whole;   // models there claimed in a full shadow
        };
        auto run = [&](const Ring& south, const std::vector<Vec2>& ask) {
            Scenario s = featureTable({60, 44}, {south, east}, 6);
            s.models.push_back(observerAt("watcher", {6, 18}));
            Model speck = observerAt("speck", {});
            speck.side = speck.unit = "others";
            speck.base = {BaseShape::Circle, 2 * foot * 25.4, 2 * foot * 25.4};
            s.models.push_back(speck);
            const PieceParts parts(s);
            const FullShadows shadows(parts, s, s.models[0], 1.75);
            Found found;
            for (const Vec2& f : ask) {
                const Vec2 feet[] = {f};
                if (shadows.hidesSomeFootJointly(feet, foot, {}, true)) found.hidden.push_back(f);
                if (shadows.hides(f, foot, {})) found.whole.push_back(f);
                s.models[1].position = f;
                const Scene scene(s);
                const Rulings rulings(scene);
                found.seen.push_back(rulings.evaluate(0, 1, Method::Exact, Detail::Decisions).visible);
            }
            return found;
        };
        std::vector<Vec2> feet;
        for (double x = 35; x <= 55; x += 2)
            for (double y = 16.5; y <= 18; y += 0.0625) feet.push_back({x, y});
        const Found withTeeth = run(traced, feet);
        QVERIFY(!withTeeth.hidden.empty());
        for (const Vec2& f : withTeeth.hidden)
            QVERIFY2(!withTeeth.seen[static_cast<size_t>(std::ranges::find(feet, f) - feet.begin())],
                     qPrintable(QStringLiteral("(%1, %2)").arg(f.x).arg(f.y)));
        QCOMPARE(innerRing(traced, 0.01).size(), size_t{4});  // (the teeth are what the parts leave out)
        const Found cut = run(innerRing(traced, 0.01), withTeeth.hidden);
        int byTheTeeth = 0, throughTheGap = 0;
        for (size_t k = 0; k < withTeeth.hidden.size(); ++k) {
            if (std::ranges::find(cut.hidden, withTeeth.hidden[k]) != cut.hidden.end()) {
                QVERIFY(!cut.seen[k]);  // (hidden by the two walls' parts alone)
                continue;
            }
            ++byTheTeeth;
            throughTheGap += cut.seen[k];
        }
        QVERIFY2(throughTheGap >= 5 && throughTheGap == byTheTeeth,
                 qPrintable(QStringLiteral("%1 seen through the gap of %2 hidden by the teeth (%3 in all)")
                                .arg(throughTheGap).arg(byTheTeeth).arg(withTeeth.hidden.size())));
        // Whole targets: every one claimed is unseen; some only with the teeth, and those
        // are seen through the gap without them.
        auto seenAt = [&](const Found& found, const std::vector<Vec2>& asked, Vec2 f) {
            return found.seen[static_cast<size_t>(std::ranges::find(asked, f) - asked.begin())];
        };
        for (const Vec2& f : withTeeth.whole)
            QVERIFY2(!seenAt(withTeeth, feet, f), qPrintable(QStringLiteral("(%1, %2)").arg(f.x).arg(f.y)));
        const Found cutWhole = run(innerRing(traced, 0.01), withTeeth.whole);
        int wholeByTheTeeth = 0, wholeThroughTheGap = 0;
        for (const Vec2& f : withTeeth.whole) {
            if (std::ranges::find(cutWhole.whole, f) != cutWhole.whole.end()) continue;
            ++wholeByTheTeeth;
            wholeThroughTheGap += seenAt(cutWhole, withTeeth.whole, f);
        }
        QVERIFY2(wholeThroughTheGap >= 5 && wholeThroughTheGap == wholeByTheTeeth,
                 qPrintable(QStringLiteral("%1 seen through the gap of %2 in a full shadow by the teeth (%3 in all)")
                                .arg(wholeThroughTheGap).arg(wholeByTheTeeth).arg(withTeeth.whole.size())));
    }

    // A foot behind a wall is found hidden up to the shadow's edges, and not where a line
    // passes: a wall taller than every line (the full shadow of the observer's base), and a
    // 1" one (a line from the observer's top, 1.75" up, runs below its top over the last
    // 1/1.75 of its way to the foot). The reference samples the lines from points of the
    // observer's base to points of the foot's disc (64 on each rim, less than 0.001" inside
    // the circles: a line that misses the wall from within them misses it from a point of
    // each rim), both grown by 0.02" (all of them through the wall where they run below
    // its top: surely hidden) or shrunk by as much (one of them past it: surely not). The
    // feet cross the shadow's edges in 0.02" steps; three walls (square on, turned, a
    // hexagon), so that the shadow's edges run every way.
    void feetAtAWallsShadowEdgesAreFoundHidden() {
        const std::vector<Ring> outlines{
            {{15, 18}, {15.5, 18}, {15.5, 22}, {15, 22}},
            {{14, 19}, {17, 21.5}, {16.7, 21.9}, {13.7, 19.4}},
            {{16, 19}, {17, 18.5}, {18, 19}, {18, 21}, {17, 21.5}, {16, 21}},
        };
        const Vec2 eye{5, 20.3};
        const double r = 16 / 25.4, foot = 0.03;
        int hidden = 0, open = 0, nearEdge = 0;
        for (const double height : {5.0, 1.0})
        for (const Ring& outline : outlines) {
            const double share = std::min(1.0, height / 1.75);  // (of a line, from the foot, below the wall's top)
            Scenario s = wallTable({60, 44}, outline, height);
            s.models.push_back(observerAt("watcher", eye));
            const PieceParts parts(s);
            const FullShadows shadows(parts, s, s.models[0], Probe{}.height);
            Polygon wall{outline, {}};
            orientForInteriorLeft(wall);
            // Whether the segment from p to q runs through the wall's interior (clipped by
            // each side: a stretch of it left inside).
            auto through = [&](Vec2 p, Vec2 q) {
                double t0 = 0, t1 = 1;
                const Ring& w = wall.outer;
                for (size_t i = 0; i < w.size(); ++i) {
                    const Vec2 a = w[i], e = w[(i + 1) % w.size()] - a;
                    const double fp = e.x * (p.y - a.y) - e.y * (p.x - a.x), fq = e.x * (q.y - a.y) - e.y * (q.x - a.x);
                    if (fp <= 0 && fq <= 0) return false;
                    if (fp < 0) t0 = std::max(t0, fp / (fp - fq));
                    else if (fq < 0) t1 = std::min(t1, fp / (fp - fq));
                }
                return t1 - t0 > 1e-9;
            };
            auto everyLineThrough = [&](Vec2 at, double grow) {
                constexpr int kRim = 64;
                for (int i = 0; i < kRim; ++i) {
                    const double a = 2 * std::numbers::pi * i / kRim;
                    const Vec2 o = eye + Vec2{std::cos(a), std::sin(a)} * (r + grow);
                    for (int j = 0; j < kRim; ++j) {
                        const double b = 2 * std::numbers::pi * j / kRim;
                        const Vec2 q = at + Vec2{std::cos(b), std::sin(b)} * std::max(0.0, foot + grow);
                        if (!through(q, q + (o - q) * share)) return false;
                    }
                }
                return true;
            };
            for (const double x : {21.0, 27.0})
                for (int k = 0; k <= 650; ++k) {
                    const Vec2 at{x, 14 + 0.02 * k};
                    const bool said = shadows.hidesFoot(at, foot, {});
                    if (everyLineThrough(at, 0.02)) {
                        QVERIFY2(said, qPrintable(QStringLiteral("foot (%1, %2) behind wall %3, %4\" high: not found hidden").arg(x).arg(at.y).arg(&outline - outlines.data()).arg(height)));
                        ++hidden;
                        // (Within 0.1" of the edge: the foot moved that far sideways is not surely hidden.)
                        if (!everyLineThrough(at + Vec2{0, 0.1}, 0.02) || !everyLineThrough(at - Vec2{0, 0.1}, 0.02)) ++nearEdge;
                    } else if (!everyLineThrough(at, -0.02)) {
                        QVERIFY2(!said, qPrintable(QStringLiteral("foot (%1, %2) beside wall %3, %4\" high: found hidden").arg(x).arg(at.y).arg(&outline - outlines.data()).arg(height)));
                        ++open;
                    }
                }
        }
        QVERIFY(hidden > 200);
        QVERIFY(open > 2000);
        QVERIFY(nearEdge > 40);
    }

    // A wall lower than the models' tops hides the feet behind it as far as a line from the
    // observer's top to the table is still below the wall's top when it passes it: a 1" wall
    // from x = 10 to 11, an observer's top at 1.75" centred at x = 0.5. A line to a foot is
    // below the wall's top over its last 1/1.75, so a foot on the axis is hidden while the
    // observer's disc scaled towards it by that share lies on the observer's side of the
    // wall: up to x = 21.8 with the scaled disc clear of the wall (the test asks that); not
    // from x = 25.9 on (the scaled disc lies past the wall, on the foot's side). Each answer
    // checked against segments from points of the observer's top to the foot, against the
    // wall's box; and the pair ruling and the map of probes on either side.
    void aLowWallHidesTheFeetBehindIt() {
        Scenario s = wallTable({60, 44}, {{10, 17}, {11, 17}, {11, 27}, {10, 27}}, 1);
        s.models.push_back(observerAt("watcher", {0.5, 22}));
        const PieceParts parts(s);
        const Probe probe;
        const FullShadows shadows(parts, s, s.models[0], probe.height);
        const double r = 16 / 25.4;
        // Whether some segment from a point of the observer's top (1.75" up) to the foot at
        // (x, 22) stays out of the wall's open box.
        auto someLineOpen = [&](double x) {
            for (int i = 0; i <= 40; ++i)
                for (int j = 0; j <= 40; ++j) {
                    const Vec2 o{0.5 + r * (i / 20.0 - 1), 22 + r * (j / 20.0 - 1)};
                    if (std::hypot(o.x - 0.5, o.y - 22) > r) continue;
                    // The segment crosses x in (10, 11) for t in an interval; its height there,
                    // 1.75 (1 - t), is below 1 only for t > 3/7.
                    const double t11 = (x - 11) / (x - o.x);  // from the foot, where it meets x = 11
                    const double tFoot = 1 - t11;              // as a share from the observer
                    if (tFoot <= 3.0 / 7.0) return true;       // over the wall's top where it enters
                }
            return false;
        };
        for (double x : {14.0, 18.0, 21.0}) {
            QVERIFY2(shadows.hidesFoot({x, 22}, 0.01, {}), qPrintable(QString::number(x)));
            QVERIFY(!someLineOpen(x));
        }
        for (double x : {27.5, 35.0, 50.0}) {
            QVERIFY2(!shadows.hidesFoot({x, 22}, 0.01, {}), qPrintable(QString::number(x)));
            QVERIFY(someLineOpen(x));
        }
        // Nothing is hidden beside the wall, nor in front of it.
        QVERIFY(!shadows.hidesFoot({18, 35}, 0.01, {}));
        QVERIFY(!shadows.hidesFoot({8, 22}, 0.01, {}));
        // A probe centred at x = 20.25 (its far side at 20.88) is seen over the wall, not
        // fully, and one at 28.75 (its near side at 28.12) fully: as pairs, and as the vision
        // map's cells there.
        const VisionMap map = visionMap(s, {0}, probe, 0.5, fullProofs());
        for (double x : {20.25, 28.75}) {
            const Vec2 at{x, 22.25};
            const Cell pair = referenceCell(s, {0}, probe, at);
            QCOMPARE(pair.verdict, x < 25 ? Verdict::Visible : Verdict::FullyVisible);
            QCOMPARE(map.at(static_cast<int>(x / 0.5), static_cast<int>(at.y / 0.5)).verdict, pair.verdict);
        }
    }

    // Near the end of a low wall's shadow the lines from the observer's top to a foot enter
    // the wall through its top: the disc the observer's is scaled to (where those lines come
    // down to the wall's height) meets the wall, and the foot is hidden where every such
    // line ends within the wall or crosses it. Random thin walls, rotated, of heights below
    // the observer's top, under true-los and with 11th edition's 1 mm line; feet from the
    // wall's far side to past its shadow's end, on and beside the line through its middle.
    // Every such foot said hidden is checked against the independent reference: segments from
    // 64 points on the rim of the observer's top and 16 within it, to the foot and to 4
    // points half the line's width from it, must all be blocked (exactly, in rationals).
    void feetWhoseLinesEnterALowWallFromAboveAreHidden() {
        testing::SplitMix64 rng(1125);
        const Vec2 eye{5, 22};
        const double r = 16 / 25.4, top = 1.75;
        int claims = 0, throughTop = 0, open = 0;
        for (int round = 0, rounds = testing::share(48); round < rounds; ++round) {
            const double direction = rng.uniform(-1.0, 1.0), distance = rng.uniform(5, 14);
            const Vec2 c = eye + Vec2{std::cos(direction), std::sin(direction)} * distance;
            const double halfThickness = rng.uniform(0.1, 0.5), height = rng.uniform(0.4, 1.7);
            Scenario s = wallTable({60, 44}, reference::rectangleOnGrid(c, rng.uniform(1, 4), halfThickness, rng.uniform(0, 3.2)), height);
            if (round % 2) {
                s.ruleset.name = "wh40k-11e";
                s.ruleset.sight_line_width_mm = 1;
            }
            s.models.push_back(observerAt("watcher", eye));
            const double band = s.ruleset.sight_line_width_mm / 25.4 / 2;
            const PieceParts parts(s);
            const FullShadows shadows(parts, s, s.models[0], top);
            const std::vector<reference::Piece> pieces = reference::piecesFor(s, s.models[0], s.models[0]);
            Polygon wall = s.terrain[0].footprint;
            orientForInteriorLeft(wall);
            // (The shadow's end along the centre line: the foot where the line from the
            // observer's centre at its top passes the wall's top there, with room past it.)
            const double end = distance * top / (top - height) + 3;
            for (int k = 0; k < 24; ++k) {
                const double along = rng.uniform(distance, end), aside = rng.uniform(-0.4, 0.4);
                const Vec2 foot = eye + Vec2{std::cos(direction + aside / distance * 4), std::sin(direction + aside / distance * 4)} * along;
                if (locate(foot, wall) != Where::Outside) continue;
                if (!shadows.hidesFoot(foot, 0.01 + band, {})) continue;
                ++claims;
                const double share = height / top;
                const Vec2 scaled = foot + (eye - foot) * share;
                const double reach = share * r;
                if (locate(scaled, wall) == Where::Outside && squaredDistanceToEdges(scaled, wall.outer) >= reach * reach) continue;
                ++throughTop;
                std::vector<Vec2> from;
                for (int i = 0; i < 64; ++i) from.push_back(eye + Vec2{std::cos(i * std::numbers::pi / 32), std::sin(i * std::numbers::pi / 32)} * r);
                for (int i = 0; i < 16; ++i) {
                    const double a = rng.uniform(0, 2 * std::numbers::pi), d = r * std::sqrt(rng.uniform(0, 1));
                    from.push_back(eye + Vec2{std::cos(a), std::sin(a)} * d);
                }
                std::vector<Vec2> to{foot};
                for (int i = 0; band > 0 && i < 4; ++i) to.push_back(foot + Vec2{std::cos(i * std::numbers::pi / 2), std::sin(i * std::numbers::pi / 2)} * band);
                for (Vec2 p : from)
                    for (Vec2 q : to) open += !reference::blockedExact(pieces, p, top, q, 0);
                QVERIFY2(open == 0, qPrintable(QStringLiteral("round %1: an open line to the foot at (%2, %3) said hidden")
                                                   .arg(round)
                                                   .arg(foot.x)
                                                   .arg(foot.y)));
            }
        }
        // (Not vacuous: many of the feet said hidden are ones whose lines enter the wall from above.)
        qInfo("%d feet said hidden, %d of them through the top", claims, throughTop);
        QVERIFY2(throughTop >= testing::share(40), qPrintable(QStringLiteral("%1 of %2").arg(throughTop).arg(claims)));
    }

    // The pair engine's sight lines, and so its bands' middle lines, run from a point of the
    // observer's base to a point of the target's; the joint test takes the same lines (it
    // grows neither disc by half the band's width). Under 11th edition (1 mm), two walls 5"
    // from the observer leave a gap from 0.62" to 0.70" above the line between the centres
    // (20" apart): the band through it, 0.64" up and flat, starts 0.01" beside the observer's
    // base, and no band from the base itself reaches the target through it. The pair is not
    // visible to the pair engine, and the joint test proves it; with the gap 0.02" lower, a
    // band from the base passes, which both see. The same with the walls 5" from the target.
    void bandsRunFromBaseToBase() {
        auto rect = [](Vec2 lo, Vec2 hi) { return Ring{lo, {hi.x, lo.y}, hi, {lo.x, hi.y}}; };
        const std::array<std::pair<double, double>, 4> tables{{{14.5, 0.62}, {14.5, 0.60}, {24.5, 0.62}, {24.5, 0.60}}};
        for (const auto& [x, lower] : tables) {
            Scenario s = featureTable({60, 44}, {rect({x, 19}, {x + 1, 22 + lower}), rect({x, 22 + lower + 0.08}, {x + 1, 25})}, 6);
            s.ruleset.name = "wh40k-11e";
            s.ruleset.sight_line_width_mm = 1;
            s.models.push_back(observerAt("watcher", {10, 22}));
            Model target = observerAt("target", {30, 22});
            target.side = target.unit = "others";
            s.models.push_back(target);
            const Scene scene(s);
            const Rulings rulings(scene);
            const PairResult pair = rulings.evaluate(0, 1, Method::Exact, Detail::Decisions);
            QVERIFY(!pair.undecided);
            QCOMPARE(pair.visible, lower < 0.61);
            const PieceParts parts(s);
            const FullShadows shadows(parts, s, s.models[0], 1.75);
            QCOMPARE(shadows.hidesJointly({30, 22}, 16 / 25.4, rulings.wallsOf(0, 1)), !pair.visible);
        }
    }

    // Joint shadows: several walls that together stop every line from the observer's disc to
    // a target's, where none does alone. Each "hidden" is checked against an independent
    // search for an open line (segments between 200 points on each disc's rim, and the
    // extremal lines: through two walls' corners, through a corner and tangent to a disc,
    // and the discs' common tangents, each nudged to either side), which must find none, and
    // against the pair ruling, which must not see it. The walls are set about the line
    // between the two so that many cases are near knife edges. Every other table is under
    // 11th edition: the search then looks for a band's centre line, from disc to disc both
    // grown by half its width, nowhere within half its width of a wall (the lines through
    // two corners also shifted by that much): more lines than the joint test answers for,
    // which runs from base to base as the pair engine's do, so finding none is the stronger
    // check (bandsRunFromBaseToBase tests the difference).
    void jointShadowsHaveNoOpenLine() {
        std::mt19937 rng(1518);
        std::uniform_real_distribution<double> u(0, 1);
        const double ro = 16 / 25.4;
        int jointOnly = 0, hidden = 0, open = 0, unproven = 0, pairUndecided = 0, hinted = 0, hintOpen = 0;
        for (int round = 0; round < 400; ++round) {
            Scenario s = wallTable({60, 44}, {}, 5);
            s.terrain.clear();
            // Every other table under 11th edition: a 1 mm band, which no gap narrower lets by.
            if (round % 2) {
                s.ruleset.name = "wh40k-11e";
                s.ruleset.sight_line_width_mm = 1;
            }
            const double hw = round % 2 ? 0.5 / 25.4 : 0.0;
            const Vec2 a{10, 22};
            const Vec2 c{28 + 16 * u(rng), 6 + 32 * u(rng)};
            const double rt = 0.3 + 1.2 * u(rng);
            const Vec2 d = c - a;
            const double len = std::hypot(d.x, d.y);
            const Vec2 along = d * (1 / len), across{-along.y, along.x};
            const int walls = 2 + static_cast<int>(rng() % 3);
            if (round % 4 == 1) {
                // Two long walls in one line across the way, a gap of 0.5 to 4 band widths
                // between them near the middle: the band passes where the gap is wider.
                const Vec2 mid = a + along * (len * (0.3 + 0.4 * u(rng))) + across * ((u(rng) - 0.5) * 0.5);
                const double gap = 2 * hw * (0.5 + 3.5 * u(rng));
                for (double side : {-1.0, 1.0}) {
                    const Vec2 near = mid + across * (side * gap / 2), far = mid + across * (side * (gap / 2 + 6));
                    TerrainPiece t;
                    t.id = side < 0 ? "left" : "right";
                    t.kind = TerrainKind::Feature;
                    t.height = 5;
                    t.footprint.outer = {near - along * 0.2, far - along * 0.2, far + along * 0.2, near + along * 0.2};
                    if (signedArea(t.footprint.outer) < 0) std::reverse(t.footprint.outer.begin(), t.footprint.outer.end());
                    s.terrain.push_back(t);
                }
            }
            // Some rounds add walls that must not count: beyond the target, behind the
            // observer, or over the observer's base (each may still stop lines that miss the
            // target or start elsewhere); and in some, every wall is low (1": lines pass over
            // it) but handed over as the ruleset's walls, which stop every line whatever its height.
            const int decoys = round % 3 == 0 ? 1 + static_cast<int>(rng() % 2) : 0;
            const bool low = round % 5 == 2;
            for (int w = 0; w < walls + decoys && round % 4 != 1; ++w) {
                // A thin wall across the line, shifted to one side: together they may close it.
                const double k = w < walls ? 0.3 + 0.4 * u(rng) : std::array{-0.02, 1.0 + (rt + 0.6) / len}[rng() % 2];
                const Vec2 at = a + along * (len * k) + across * ((u(rng) - 0.5) * (w < walls ? 5 : 2));
                const double turn = (u(rng) - 0.5) * 1.2, half = 0.6 + 1.6 * u(rng), thick = 0.1 + 0.3 * u(rng);
                const Vec2 e = across * std::cos(turn) + along * std::sin(turn), f{-e.y, e.x};
                TerrainPiece t;
                t.id = "wall-" + std::to_string(w);
                t.kind = TerrainKind::Feature;
                t.height = low ? 1 : 5;
                t.footprint.outer = {at - e * half - f * thick, at + e * half - f * thick, at + e * half + f * thick,
                                     at - e * half + f * thick};
                if (signedArea(t.footprint.outer) < 0) std::reverse(t.footprint.outer.begin(), t.footprint.outer.end());
                s.terrain.push_back(t);
            }
            s.models.push_back(observerAt("watcher", a));
            // (A target touching a wall or the observer's base is not what this is about.)
            bool touches = false;
            for (const TerrainPiece& t : s.terrain)
                for (size_t i = 0; i < 4; ++i) {
                    const Vec2 p = t.footprint.outer[i], q = t.footprint.outer[(i + 1) % 4];
                    const double l2 = (q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y);
                    const double k = std::clamp(((c.x - p.x) * (q.x - p.x) + (c.y - p.y) * (q.y - p.y)) / l2, 0.0, 1.0);
                    touches = touches || std::hypot(c.x - p.x - k * (q.x - p.x), c.y - p.y - k * (q.y - p.y)) < rt + 0.01;
                }
            for (const TerrainPiece& t : s.terrain) touches = touches || locate(c, t.footprint.outer) != Where::Outside;
            if (touches) continue;
            const PieceParts parts(s);
            const FullShadows shadows(parts, s, s.models[0], 1.75);
            std::vector<int> rulesetWalls;
            if (low)
                for (int w = 0; w < static_cast<int>(s.terrain.size()); ++w) rulesetWalls.push_back(w);
            const bool joint = shadows.hidesJointly(c, rt, rulesetWalls);
            // The independent search: any open segment from disc to disc is a counterexample
            // (with a band: its centre line from disc to disc, both grown by half its width,
            // and nowhere within half its width of a wall).
            auto nearAWall = [&](Vec2 p, Vec2 q) {
                if (hw <= 0) return false;
                auto pointToSegment = [](Vec2 x, Vec2 e0, Vec2 e1) {
                    const Vec2 e = e1 - e0;
                    const double l2 = e.x * e.x + e.y * e.y;
                    const double k = l2 > 0 ? std::clamp(((x.x - e0.x) * e.x + (x.y - e0.y) * e.y) / l2, 0.0, 1.0) : 0.0;
                    return std::hypot(x.x - e0.x - k * e.x, x.y - e0.y - k * e.y);
                };
                for (const TerrainPiece& t : s.terrain) {
                    const Ring& r = t.footprint.outer;
                    for (size_t i = 0; i < r.size(); ++i) {
                        const Vec2 e0 = r[i], e1 = r[(i + 1) % r.size()];
                        if (segmentsIntersect(p, q, e0, e1) || pointToSegment(e0, p, q) < hw || pointToSegment(e1, p, q) < hw ||
                            pointToSegment(p, e0, e1) < hw || pointToSegment(q, e0, e1) < hw)
                            return true;
                    }
                }
                return false;
            };
            auto crossesAWall = [&](Vec2 p, Vec2 q) {
                if (nearAWall(p, q)) return true;
                for (const TerrainPiece& t : s.terrain)
                    if (crossesInterior(p, q, t.footprint.outer)) return true;
                return false;
            };
            auto openAlong = [&](Vec2 p, Vec2 dir) {  // the line through p: its gap between the discs
                auto chord = [&](Vec2 centre, double radius, double& lo, double& hi) {
                    const Vec2 w = p - centre;
                    const double b = w.x * dir.x + w.y * dir.y, cc = w.x * w.x + w.y * w.y - radius * radius;
                    const double disc = b * b - cc;
                    if (disc < 0) return false;
                    lo = -b - std::sqrt(disc);
                    hi = -b + std::sqrt(disc);
                    return true;
                };
                double alo, ahi, blo, bhi;
                if (!chord(a, ro + hw, alo, ahi) || !chord(c, rt + hw, blo, bhi)) return false;
                const Vec2 from = p + dir * (ahi < blo ? ahi : alo), to = p + dir * (ahi < blo ? blo : bhi);
                return !crossesAWall(from, to);
            };
            bool found = false;
            constexpr int kRim = 200;
            for (int i = 0; i < kRim && !found; ++i)
                for (int j = 0; j < kRim && !found; ++j) {
                    const double ti = 2 * std::numbers::pi * i / kRim, tj = 2 * std::numbers::pi * j / kRim;
                    found = !crossesAWall(a + Vec2{std::cos(ti), std::sin(ti)} * (ro + hw), c + Vec2{std::cos(tj), std::sin(tj)} * (rt + hw));
                }
            std::vector<Vec2> corners;
            for (const TerrainPiece& t : s.terrain) corners.insert(corners.end(), t.footprint.outer.begin(), t.footprint.outer.end());
            auto nudged = [&](Vec2 p, Vec2 q) {
                const Vec2 v = q - p;
                const double l = std::hypot(v.x, v.y);
                if (l < 1e-9) return false;
                const Vec2 dir = v * (1 / l), n{-dir.y, dir.x};
                // (With a band: also shifted by half its width, tangent to both corners' circles.)
                for (double side : {-1e-7, 0.0, 1e-7, -hw - 1e-7, hw + 1e-7})
                    if (openAlong(p + n * side, dir)) return true;
                return false;
            };
            auto tangents = [&](Vec2 p, Vec2 centre, double radius) {  // from p to the disc's two tangent points
                std::vector<Vec2> out;
                const Vec2 w = centre - p;
                const double l = std::hypot(w.x, w.y);
                if (l <= radius) return out;
                const double base = std::atan2(w.y, w.x), off = std::asin(radius / l);
                for (double sgn : {-1.0, 1.0}) out.push_back(p + Vec2{std::cos(base + sgn * off), std::sin(base + sgn * off)});
                return out;
            };
            for (size_t i = 0; i < corners.size() && !found; ++i) {
                for (size_t j = i + 1; j < corners.size() && !found; ++j) found = nudged(corners[i], corners[j]);
                for (const auto& [centre, radius] : {std::pair{a, ro + hw}, std::pair{c, rt + hw}})
                    for (const Vec2& q : tangents(corners[i], centre, radius)) found = found || nudged(corners[i], q);
            }
            // The four common tangents of the two discs.
            for (double s1 : {-1.0, 1.0})
                for (double s2 : {-1.0, 1.0}) {
                    const double k = (s1 * (ro + hw) - s2 * (rt + hw)) / len;
                    if (std::abs(k) > 1) continue;
                    const double base = std::atan2(d.y, d.x), ang = base + std::acos(k);
                    for (double flip : {-1.0, 1.0}) {
                        const double th = flip > 0 ? ang : 2 * base - ang;
                        const Vec2 n{std::cos(th), std::sin(th)};
                        found = found || nudged(a + n * (s1 * (ro + hw)), a + n * (s1 * (ro + hw)) + Vec2{-n.y, n.x});
                    }
                }
            open += found;
            if (!joint) {
                unproven += !found;
                // Where the parts leave a line open, the point of it the joint proof gives
                // (where the exposure map looks for a line that nothing stops) lies within
                // the target's disc, and the line through it across the way to the target's
                // centre is open between the two discs, by the search's own test (on tables
                // with no walls set beyond the target or behind the observer: a line the
                // joint proof rightly passes over may cross those outside the two discs).
                std::optional<Vec2> near;
                QVERIFY(!shadows.hidesJointly(c, rt, rulesetWalls, near));
                if (near) {
                    ++hinted;
                    const Vec2 off = *near - c;
                    const double out = std::hypot(off.x, off.y);
                    QVERIFY2(out <= rt + 1e-3, qPrintable(QStringLiteral("round %1: %2 from the centre").arg(round).arg(out)));
                    if (decoys == 0 && out > 1e-6) {
                        QVERIFY2(openAlong(*near, Vec2{-off.y, off.x} * (1 / out)), qPrintable(QStringLiteral("round %1").arg(round)));
                        ++hintOpen;
                    }
                }
                continue;
            }
            ++hidden;
            QVERIFY2(!found, qPrintable(QStringLiteral("round %1: an open line where the walls were said to close every one").arg(round)));
            // And the pair ruling does not see it either (nor leaves it undecided, but for a
            // knife edge it cannot settle: counted). (Low walls are walls only by the test's say.)
            if (!low) {
                const Cell pair = referenceCell(s, {0}, Probe{{BaseShape::Circle, 2 * rt * 25.4, 2 * rt * 25.4}, 1.75, {}}, c);
                QVERIFY2(pair.verdict == Verdict::Hidden, qPrintable(QStringLiteral("round %1").arg(round)));
                pairUndecided += pair.undecided;
            }
            // Jointly: no wall alone stops every rim-to-rim segment.
            bool alone = false;
            for (size_t w = 0; w < s.terrain.size() && !alone; ++w) {
                Scenario one = s;
                one.terrain = {s.terrain[w]};
                alone = FullShadows(PieceParts(one), one, one.models[0], 1.75).hides(c, rt, low ? std::vector<int>{0} : std::vector<int>{});
            }
            jointOnly += !alone;
        }
        // Both outcomes were met often, the hidden ones often by walls together only.
        QVERIFY2(hidden > 60 && open > 60 && jointOnly > 20, qPrintable(QStringLiteral("%1 %2 %3").arg(hidden).arg(open).arg(jointOnly)));
        QVERIFY2(pairUndecided * 20 < hidden, qPrintable(QString::number(pairUndecided)));
        QVERIFY2(hintOpen > 40, qPrintable(QString::number(hintOpen)));
        qInfo("%d targets hidden jointly (%d of them by no wall alone; %d left undecided by the pair ruling), %d with an open "
              "line, %d neither found open nor proven; %d open lines pointed out, %d checked",
              hidden, jointOnly, pairUndecided, open, unproven, hinted, hintOpen);
    }

    // Open views' clearance (Obstacles) against a reference that measures it another way:
    // the hull of a point and a disc is the union of the discs of radius t R centred on
    // the segment from the point to the disc's centre at t (0 to 1); its distance to a
    // piece is sampled along the piece's outline, each point's least over t found by a
    // ternary search (0 when the apex or the disc's centre lies inside). A hull said clear must be at least the margin away
    // (nothing the sampling finds nearer); one farther than the margin by 0.03" (the
    // sampling's step) must be said clear. Random star-shaped pieces and models, hulls placed to graze
    // them.
    void openViewsMeetOnlyThePairsWallAreas() {
        // An area across the view and a feature beside it: with a pair's walls, the areas
        // not among them are left out of the open views (lines meet only the walls), the
        // listed ones and every feature stay.
        Scenario s = wallTable({24, 16}, {{10, 12}, {14, 12}, {14, 15}, {10, 15}}, 3);  // the feature, off the line
        TerrainPiece ruin;
        ruin.id = "ruin";
        ruin.kind = TerrainKind::Area;
        ruin.footprint.outer = {{10, 6}, {14, 6}, {14, 10}, {10, 10}};
        s.terrain.push_back(ruin);  // index 1
        s.models.push_back(observerAt("eye", {2, 8}));
        const Obstacles obstacles(s);
        const Vec2 apex{2, 8}, across{20, 8}, past{20, 15};
        const std::vector<int> none, theRuin{1};
        QVERIFY(!obstacles.coneClear(apex, across, 0.5, 0));          // every area
        QVERIFY(obstacles.coneClear(apex, across, 0.5, 0, &none));    // no wall: the ruin left out
        QVERIFY(!obstacles.coneClear(apex, across, 0.5, 0, &theRuin));
        QVERIFY(!obstacles.coneClear(apex, past, 0.5, 0, &none));     // the feature is never left out
        const OpenViews views(obstacles, s, 0);
        QVERIFY(!views.open(across, 0.5));
        QVERIFY(views.open(across, 0.5, &none));
        QVERIFY(!views.open(across, 0.5, &theRuin));
    }

    void obstaclesAgreeWithASampledDistance() {
        std::mt19937 rng(1507);
        std::uniform_real_distribution<double> unit(0, 1);
        int clear = 0, blocked = 0;
        for (int round = 0; round < 30; ++round) {
            Scenario s = starTable(rng, round, 3, [] { return 2.0; });
            const Obstacles obstacles(s);
            for (int q = 0; q < 40; ++q) {
                const Vec2 apex{20 * unit(rng), 20 * unit(rng)}, centre{20 * unit(rng), 20 * unit(rng)};
                const double radius = 0.2 + 2 * unit(rng);
                // The reference: the least sampled distance from the hull to any obstacle.
                // (|x - m(t)| - t R is convex in t: a ternary search finds its least value.)
                auto toHull = [&](Vec2 x) {
                    auto f = [&](double t) {
                        const Vec2 m = apex + (centre - apex) * t;
                        return std::hypot(x.x - m.x, x.y - m.y) - t * radius;
                    };
                    double lo = 0, hi = 1;
                    for (int i = 0; i < 40; ++i) {
                        const double a = lo + (hi - lo) / 3, b = hi - (hi - lo) / 3;
                        (f(a) < f(b) ? hi : lo) = f(a) < f(b) ? b : a;
                    }
                    return std::max(0.0, std::min({f(0), f(1), f((lo + hi) / 2)}));
                };
                double least = 1e300;
                for (const TerrainPiece& t : s.terrain) {
                    if (locate(apex, t.footprint.outer) != Where::Outside || locate(centre, t.footprint.outer) != Where::Outside)
                        least = 0;
                    const Ring& r = t.footprint.outer;
                    for (size_t i = 0; i < r.size() && least > 0; ++i)
                        for (int j = 0; j < 150; ++j) least = std::min(least, toHull(r[i] + (r[(i + 1) % r.size()] - r[i]) * (j / 150.0)));
                }
                for (const Model& m : s.models) {
                    if (baseContains(m, apex) || baseContains(m, centre)) least = 0;
                    // (Far off, the disc that holds the base is near enough: both checks below
                    // ask only whether the distance is under the margin and a little.)
                    const double bound = std::max(0.0, toHull(m.position) - boundingRadius(m.base));
                    if (m.base.shape == BaseShape::Circle || bound > obstacles.margin() + 0.1)
                        least = std::min(least, bound);
                    else
                        for (const Vec2& x : outlinePoints(m, 0.01)) least = std::min(least, std::max(0.0, toHull(x) - kOutlineErrorMm / kMmPerInch));
                }
                const bool said = obstacles.coneClear(apex, centre, radius, -1);
                QVERIFY2(!said || least >= obstacles.margin(), qPrintable(QStringLiteral("round %1 hull %2: said clear, %3 away").arg(round).arg(q).arg(least)));
                // (An oval is held as a polygon about it, whose corners stand up to 0.02" off it.)
                const double slack = s.models.back().base.shape == BaseShape::Oval ? 0.05 : 0.03;
                QVERIFY2(said || least <= obstacles.margin() + slack,
                         qPrintable(QStringLiteral("round %1 hull %2: said not clear, %3 away").arg(round).arg(q).arg(least)));
                (said ? clear : blocked) += 1;
                // The disc alone, the same way.
                double fromDisc = 1e300;
                for (const TerrainPiece& t : s.terrain) {
                    if (locate(centre, t.footprint.outer) != Where::Outside) fromDisc = 0;
                    const Ring& r = t.footprint.outer;
                    for (size_t i = 0; i < r.size(); ++i)
                        for (int j = 0; j < 200; ++j) {
                            const Vec2 x = r[i] + (r[(i + 1) % r.size()] - r[i]) * (j / 200.0);
                            fromDisc = std::min(fromDisc, std::max(0.0, std::hypot(x.x - centre.x, x.y - centre.y) - radius));
                        }
                }
                for (const Model& m : s.models) {
                    if (baseContains(m, centre)) fromDisc = 0;
                    const double bound =
                        std::max(0.0, std::hypot(m.position.x - centre.x, m.position.y - centre.y) - radius - boundingRadius(m.base));
                    if (bound > obstacles.margin() + 0.1) {
                        fromDisc = std::min(fromDisc, bound);
                        continue;
                    }
                    for (const Vec2& x : outlinePoints(m, 0.005))
                        fromDisc = std::min(fromDisc, std::max(0.0, std::hypot(x.x - centre.x, x.y - centre.y) - radius - kOutlineErrorMm / kMmPerInch));
                }
                const bool discSaid = obstacles.discClear(centre, radius);
                QVERIFY2(!discSaid || fromDisc >= obstacles.margin(), qPrintable(QStringLiteral("round %1 disc %2").arg(round).arg(q)));
                QVERIFY2(discSaid || fromDisc <= obstacles.margin() + slack, qPrintable(QStringLiteral("round %1 disc %2").arg(round).arg(q)));
            }
        }
        QVERIFY(clear > 100);
        QVERIFY(blocked > 100);
    }

    // Ovals and rectangles stand in the open views as their outlines, not as the discs that
    // hold them: a disc 0.1" off an oval's or a rectangle's side is clear of it, and so is
    // a view passing that close; one that overlaps the base by 0.02" is not.
    void obstaclesHoldOvalsAndRectsByTheirOutlines() {
        for (const Base base : {Base{BaseShape::Oval, 170, 109}, Base{BaseShape::Oval, 75, 42}, Base{BaseShape::Rect, 100, 50}}) {
            for (double turn : {0.0, 30.0, 135.0}) {
                Scenario s;
                s.board = {30, 30};
                s.models.push_back(observerAt("tank", {15, 15}));
                s.models.back().base = base;
                s.models.back().rotation_deg = turn;
                const Obstacles obstacles(s);
                const double radius = 0.63;
                // Across the base's width (its rotation turns it: the frame is the base's own).
                const double r = turn * std::numbers::pi / 180;
                const Vec2 across{-std::sin(r), std::cos(r)}, along{std::cos(r), std::sin(r)};
                const double half = halfWidthIn(base);
                QVERIFY(half + 0.1 < boundingRadius(base));  // (within the disc that holds it)
                const Vec2 off = Vec2{15, 15} + across * (half + 0.1 + radius), into = Vec2{15, 15} + across * (half - 0.02 + radius);
                QVERIFY(obstacles.discClear(off, radius));
                QVERIFY(!obstacles.discClear(into, radius));
                // A view along the side, 0.1" off it.
                const Vec2 from = Vec2{15, 15} + across * (half + 0.1) - along * 8, to = Vec2{15, 15} + across * (half + 0.1 + radius) + along * 8;
                QVERIFY(obstacles.coneClear(from, to, radius, -1));
                QVERIFY(!obstacles.coneClear(from - across * 0.12, to - across * 0.12, radius, -1));
                QVERIFY(obstacles.lineToDisc(from, to, radius, -1));
            }
        }
        // A rectangle all but without width: its corners round onto each other, and a side of
        // no length proves nothing (its normal is any direction).
        for (const auto& [width, turn] : {std::pair{1e-14, 0.0}, std::pair{3e-14, 28.4}, std::pair{1.77e-13, 66.9}}) {
            Scenario s;
            s.board = {30, 30};
            s.models.push_back(observerAt("sliver", {10, 10}));
            s.models.back().base = {BaseShape::Rect, 40, width};
            s.models.back().rotation_deg = turn;
            const Obstacles obstacles(s);
            QVERIFY(!obstacles.discClear({10, 10}, 0));
            QVERIFY(!obstacles.coneClear({10, 0}, {10, 20}, 0.5, -1));
        }
    }

    // Obstacles::lineToDisc against directions tried one by one: where it says some line
    // from the point to the disc meets nothing, one of 4,000 directions (or, failing them,
    // of 200,000) gives a segment from the point into the disc that keeps the margin from
    // every piece (areas too) and every model's disc, measured exactly. Random star-shaped
    // pieces and models; points and discs placed near and behind them.
    void linesToDiscAreOpenWhereSaid() {
        std::mt19937 rng(2511);
        std::uniform_real_distribution<double> unit(0, 1);
        auto segmentsApart = [](Vec2 a, Vec2 b, Vec2 c, Vec2 d) {
            auto toSegment = [](Vec2 p, Vec2 s0, Vec2 s1) {
                const Vec2 e = s1 - s0;
                const double len2 = e.x * e.x + e.y * e.y;
                const double t = len2 > 0 ? std::clamp(((p.x - s0.x) * e.x + (p.y - s0.y) * e.y) / len2, 0.0, 1.0) : 0.0;
                return std::hypot(s0.x + e.x * t - p.x, s0.y + e.y * t - p.y);
            };
            auto side = [](Vec2 o, Vec2 p, Vec2 q) { return (p.x - o.x) * (q.y - o.y) - (p.y - o.y) * (q.x - o.x); };
            if (side(a, b, c) * side(a, b, d) < 0 && side(c, d, a) * side(c, d, b) < 0) return 0.0;
            return std::min({toSegment(a, c, d), toSegment(b, c, d), toSegment(c, a, b), toSegment(d, a, b)});
        };
        int open = 0, closed = 0;
        for (int round = 0; round < 40; ++round) {
            const Scenario s = starTable(rng, round, 4, [&] { return 0.3 + 3.7 * unit(rng); });
            const Obstacles obstacles(s);
            for (int k = 0; k < 60; ++k) {
                Vec2 q{20 * unit(rng), 20 * unit(rng)}, centre{20 * unit(rng), 20 * unit(rng)};
                const double radius = 0.3 + 0.7 * unit(rng);
                if (k % 2) {
                    // Just off a piece's edge, the disc almost along it: the piece then spans
                    // nearly a half turn seen from the point, from behind it to ahead.
                    const Ring& r = s.terrain[static_cast<size_t>(k / 2) % s.terrain.size()].footprint.outer;
                    const size_t i = static_cast<size_t>(unit(rng) * static_cast<double>(r.size())) % r.size();
                    const Vec2 a = r[i], b = r[(i + 1) % r.size()], e = (b - a) * (1 / std::hypot(b.x - a.x, b.y - a.y));
                    const Vec2 out = Vec2{e.y, -e.x} * (locate((a + b) * 0.5 + Vec2{e.y, -e.x} * 1e-3, r) == Where::Outside ? 1.0 : -1.0);
                    q = (a + b) * 0.5 + out * (obstacles.margin() + 0.002 + 0.05 * unit(rng));
                    const double tilt = (unit(rng) - 0.5) * 0.4, ahead = 2 + 10 * unit(rng);
                    centre = q + (e * std::cos(tilt) + out * std::sin(tilt)) * (unit(rng) < 0.5 ? ahead : -ahead);
                }
                const bool said = obstacles.lineToDisc(q, centre, radius, -1);
                (said ? open : closed) += 1;
                if (!said) continue;
                const double distance = std::hypot(centre.x - q.x, centre.y - q.y), half = std::asin(radius / distance);
                const double toward = std::atan2(centre.y - q.y, centre.x - q.x);
                auto clearAlong = [&](double theta) {
                    // The segment from q to where the ray enters the disc.
                    const Vec2 u{std::cos(theta), std::sin(theta)};
                    const double along = (centre.x - q.x) * u.x + (centre.y - q.y) * u.y;
                    const double off2 = distance * distance - along * along;
                    if (off2 >= radius * radius) return false;
                    const Vec2 end = q + u * (along - std::sqrt(radius * radius - off2));
                    for (const TerrainPiece& t : s.terrain) {
                        const Ring& r = t.footprint.outer;
                        if (locate(q, r) != Where::Outside) return false;
                        for (size_t i = 0; i < r.size(); ++i)
                            if (segmentsApart(q, end, r[i], r[(i + 1) % r.size()]) < obstacles.margin()) return false;
                    }
                    for (const Model& m : s.models) {
                        if (m.base.shape == BaseShape::Circle) {
                            if (segmentsApart(q, end, m.position, m.position) < halfLengthIn(m.base) + obstacles.margin()) return false;
                            continue;
                        }
                        if (baseContains(m, q)) return false;
                        const Ring r = baseOutline(m);
                        for (size_t i = 0; i < r.size(); ++i)
                            if (segmentsApart(q, end, r[i], r[(i + 1) % r.size()]) < obstacles.margin() + kOutlineErrorMm / kMmPerInch)
                                return false;
                    }
                    return true;
                };
                bool found = false;
                for (int steps : {4000, 200000}) {
                    for (int j = 1; j < steps && !found; ++j) found = clearAlong(toward - half + 2 * half * j / steps);
                    if (found) break;
                }
                QVERIFY2(found, qPrintable(QStringLiteral("round %1, point %2: said open, no open direction found").arg(round).arg(k)));
            }
        }
        QVERIFY(open > 200);
        QVERIFY(closed > 200);
        qInfo("%d points with an open line to the disc, %d not said so", open, closed);
    }

    // A piece whose directions from the point run from ahead, past the side, to behind it (a
    // range across the half turn opposite the disc), beside another that covers the rest: a
    // disc so large and near that it is reached within 86 degrees either way. Every line is
    // stopped before it reaches the disc (worked out by hand: the ray at 61 degrees, the
    // nearest call, meets the first piece 0.019" out and the disc 0.0207" out), so no line
    // is said open; without the first piece, the lines between the second's directions and
    // the disc's edge are open.
    void lineToDiscCountsARangeAcrossTheHalfTurnBehind() {
        Scenario s;
        s.board = {40, 40};
        s.ruleset.name = "true-los";
        s.ruleset.sight_line_width_mm = 0;
        const Vec2 q{10, 20}, centre = q + Vec2{4.01, 0};
        auto polar = [&](double r, double degrees) {
            const double a = degrees * std::numbers::pi / 180;
            return q + Vec2{std::cos(a), std::sin(a)} * r;
        };
        auto piece = [&](const std::string& id, Ring outline) {
            TerrainPiece t;
            t.id = id;
            t.kind = TerrainKind::Feature;
            t.height = 3;
            t.footprint.outer = std::move(outline);
            return t;
        };
        const TerrainPiece across = piece("across", {polar(0.02, 60), polar(0.05, 130), polar(0.02, 200)});
        const TerrainPiece ahead = piece("ahead", {polar(0.02, -100), polar(0.05, -20), polar(0.02, 62)});
        s.terrain = {ahead};
        QVERIFY(Obstacles(s).lineToDisc(q, centre, 4, -1));
        s.terrain.push_back(across);
        QVERIFY(!Obstacles(s).lineToDisc(q, centre, 4, -1));
        // (The same with the pieces the other way round, mirrored: the range across the half
        // turn from behind to ahead.)
        for (TerrainPiece& t : s.terrain)
            for (Vec2& v : t.footprint.outer) v.y = 2 * q.y - v.y;
        QVERIFY(!Obstacles(s).lineToDisc(q, centre, 4, -1));
        s.terrain.pop_back();
        QVERIFY(Obstacles(s).lineToDisc(q, centre, 4, -1));
    }

    // The open view over low pieces (Obstacles::footConeClear) against lines sampled in three
    // dimensions: from a point `top` up to points of a target standing in the disc (16 on
    // its rim and halfway in, and its centre; at its foot, halfway up and at its top), each
    // line sampled every 0.01";
    // where a sample lies lower than a feature's height (an area's: any), or a model's top,
    // it must lie at least the margin (less a hair for the sampling) outside its footprint
    // or base. Random star-shaped features from 0.3" to 4" high, an area, models; targets
    // placed near and behind them, so that both answers come up often.
    void footConesClearWhatSampledLinesClear() {
        std::mt19937 rng(2411);
        std::uniform_real_distribution<double> unit(0, 1);
        int clear = 0, blocked = 0;
        for (int round = 0, rounds = testing::share(40); round < rounds; ++round) {
            Scenario s = starTable(rng, round, 4, [&] { return 0.3 + 3.7 * unit(rng); });
            s.models.back().height = 0.5 + 2 * unit(rng);
            const Obstacles obstacles(s);
            for (int q = 0; q < 30; ++q) {
                const Vec2 apex{20 * unit(rng), 20 * unit(rng)}, centre{20 * unit(rng), 20 * unit(rng)};
                const double top = 1 + 3 * unit(rng), radius = 0.3 + 0.5 * unit(rng), targetTop = 0.5 + 3 * unit(rng);
                const bool said = obstacles.footConeClear(apex, top, centre, radius, -1);
                (said ? clear : blocked) += 1;
                if (!said) continue;
                const double allowed = obstacles.margin() - 0.006;
                for (int k = 0; k < 17; ++k) {
                    const double a = 2 * std::numbers::pi * k / 16, rr = k == 16 ? 0 : radius * (k % 2 ? 1 : 0.5);
                    const Vec2 end = centre + Vec2{std::cos(a), std::sin(a)} * rr;
                    for (double z : {0.0, targetTop / 2, targetTop}) {
                        const double length = std::hypot(end.x - apex.x, end.y - apex.y);
                        const int steps = std::max(2, static_cast<int>(length / 0.01));
                        for (int j = 0; j <= steps; ++j) {
                            const double t = static_cast<double>(j) / steps;
                            const Vec2 x = apex + (end - apex) * t;
                            const double h = top + (z - top) * t;
                            for (const TerrainPiece& piece : s.terrain) {
                                if (piece.kind == TerrainKind::Feature && h >= piece.height) continue;
                                const Ring& r = piece.footprint.outer;
                                const Bounds box = boundsOf(r);
                                if (x.x < box.lo.x - 1 || x.x > box.hi.x + 1 || x.y < box.lo.y - 1 || x.y > box.hi.y + 1) continue;
                                const bool inside = locate(x, r) != Where::Outside;
                                double d = 1e300;
                                for (size_t i = 0; i < r.size(); ++i) {
                                    const Vec2 p0 = r[i], e = r[(i + 1) % r.size()] - p0;
                                    const double u = std::clamp(((x.x - p0.x) * e.x + (x.y - p0.y) * e.y) / (e.x * e.x + e.y * e.y), 0.0, 1.0);
                                    d = std::min(d, std::hypot(p0.x + e.x * u - x.x, p0.y + e.y * u - x.y));
                                }
                                QVERIFY2(!inside && d >= allowed, qPrintable(QStringLiteral("round %1 cone %2: a line at %3\" up passes %4 %5\" from %6")
                                                                            .arg(round).arg(q).arg(h).arg(inside ? "inside," : "").arg(d)
                                                                            .arg(QString::fromStdString(piece.id))));
                            }
                            for (const Model& m : s.models)
                                if (h < m.top() && std::hypot(x.x - m.position.x, x.y - m.position.y) < boundingRadius(m.base) + allowed)
                                    QVERIFY2(toBase(x, m) >= allowed,
                                             qPrintable(QStringLiteral("round %1 cone %2: a line meets the model").arg(round).arg(q)));
                        }
                    }
                }
            }
        }
        QVERIFY(clear > testing::share(100));
        QVERIFY(blocked > testing::share(100));
        qInfo("%d open views over low pieces, %d not", clear, blocked);
    }

    // A base seen in parts (OpenViews::openOverInParts): the seven parts cover the disc, to
    // its rim; the points on the observer's rim lie within its base by more than half the
    // line's width, for round, oval and rectangular bases; and on random tables of low
    // pieces, a base in the open that no one point of the observer sees whole but the parts
    // say is seen is fully visible in the pair ruling.
    void basesSeenInPartsAreFullyVisible() {
        std::mt19937 rng(2511);
        std::uniform_real_distribution<double> unit(0, 1);
        for (double radius : {0.3, 0.63, 1.7}) {
            const Vec2 centre{10 * unit(rng), 10 * unit(rng)};
            const auto parts = OpenViews::partsOf(centre, radius);
            for (int k = 0; k < 20000; ++k) {
                // Half the points on the rim, the rest within.
                const double a = 2 * std::numbers::pi * unit(rng), rr = radius * (k % 2 ? 1 : std::sqrt(unit(rng)));
                const Vec2 q = centre + Vec2{std::cos(a), std::sin(a)} * rr;
                QVERIFY2(std::ranges::any_of(parts, [&](const OpenViews::Disc& d) { return std::hypot(q.x - d.centre.x, q.y - d.centre.y) <= d.radius; }),
                         qPrintable(QStringLiteral("radius %1: a point %2\" out at %3 rad in no part").arg(radius).arg(rr).arg(a)));
            }
        }
        for (double widthMm : {0.0, 1.0}) {
            Scenario s;
            s.board = {20, 20};
            s.ruleset.sight_line_width_mm = widthMm;
            for (const Base& b : {Base{BaseShape::Circle, 25, 25}, Base{BaseShape::Circle, 32, 32}, Base{BaseShape::Oval, 75, 42},
                                  Base{BaseShape::Rect, 100, 50}}) {
                s.models = {observerAt("observer", {10, 10})};
                s.models[0].base = b;
                s.models[0].rotation_deg = 30;
                const Obstacles obstacles(s);
                const OpenViews view(obstacles, s, 0);
                QVERIFY(!view.rimPoints().empty());
                const Ring outline = baseOutline(s.models[0]);
                for (const Vec2& p : view.rimPoints()) {
                    QVERIFY(locate(p, outline) == Where::Inside);
                    QVERIFY2(std::sqrt(squaredDistanceToEdges(p, outline)) > widthMm / kMmPerInch / 2,
                             qPrintable(QStringLiteral("%1 mm base: a rim point %2\" from its edge")
                                            .arg(b.length_mm)
                                            .arg(std::sqrt(squaredDistanceToEdges(p, outline)))));
                }
            }
        }
        int inParts = 0, checked = 0;
        const double radius = boundingRadius(Probe{}.base);
        for (int round = 0; round < 60 && checked < 40; ++round) {
            const Scenario s = starTable(rng, round, 5, [&] { return 0.3 + 1.2 * unit(rng); });
            const Obstacles obstacles(s);
            const OpenViews view(obstacles, s, 0);
            for (int k = 0; k < 400 && checked < 40; ++k) {
                const Vec2 at{1 + 18 * unit(rng), 1 + 18 * unit(rng)};
                if (!obstacles.discClear(at, radius) || view.openOver(at, radius) || !view.openOverInParts(at, radius)) continue;
                ++inParts;
                const Cell c = referenceCell(s, {0}, Probe{}, at);
                if (c.undecided) continue;
                ++checked;
                QVERIFY2(c.verdict == Verdict::FullyVisible,
                         qPrintable(QStringLiteral("round %1, (%2, %3): seen in parts, the pair ruling says %4")
                                        .arg(round)
                                        .arg(at.x)
                                        .arg(at.y)
                                        .arg(QString::fromStdString(verdictName(c.verdict)))));
            }
        }
        QVERIFY(checked >= 20);
        qInfo("%d bases seen in parts only, %d ruled as pairs", inParts, checked);
    }

    // Cells that the open views (seen whole or in parts) find fully visible where the pair
    // ruling's full proofs leave them undecided (knife edges on the scenario files' tables): against the
    // brute-force reference, every point of the probe's column (73 points of its foot, at
    // the foot, halfway up and at the top) is reached by a line from a point of the
    // observer's base (at its top, as far within the base as half the line's width) that
    // no piece comes within half that width of (every area standing as a wall, higher than
    // anything: a stricter table than any ruleset's).
    void cellsSeenInPartsAtKnifeEdgesHoldAgainstTheReference() {
        struct Case {
            const char* file;
            const char* observer;
            Vec2 at;
        };
        const Case cases[] = {{"regression/22-exact-tie", "O", {39.5, 16.5}},         {"regression/22-exact-tie", "O", {39.5, 29.5}},
                              {"regression/26-slanted-low-wall-long-oval", "O", {55.5, 19.5}},
                              {"wh40k-11e/07-detection-3d", "O", {29.5, 34.5}},         {"wh40k-11e/07-detection-3d", "O2", {43.5, 19.5}},
                              {"wh40k-11e/11-plunging-unit", "G3", {30.5, 15.5}},       {"wh40k-10e/03-barricades", "Far", {24.5, 36.5}},
                              // (Behind the 170 x 109 mm oval, seen past its flat side: cells the
                              // open views decide since they hold the oval by its outline.)
                              {"regression/26-slanted-low-wall-long-oval", "O", {58.5, 15.5}}};
        // (Under tools/sanitize.sh, a share of them spread over the list: tests/share.h.)
        const size_t count = std::size(cases), drawn = static_cast<size_t>(testing::share(static_cast<int>(count)));
        for (size_t n = 0; n < drawn; ++n) {
            const Case& c = cases[n * count / drawn];
            io::ReadResult r = io::readScenarioFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/%1.sightline.json").arg(QLatin1String(c.file)));
            QVERIFY(r.scenario);
            Scenario s = *r.scenario;
            int o = -1;
            for (int i = 0; i < static_cast<int>(s.models.size()); ++i)
                if (s.models[static_cast<size_t>(i)].id == c.observer) o = i;
            QVERIFY(o >= 0);
            // The cell as the map and the pair ruling give it.
            const VisionMap map = visionMap(s, {o}, Probe{}, 1.0, fullProofs());
            const Cell& cell = map.cells[static_cast<size_t>(static_cast<int>(c.at.y) * map.grid.cols + static_cast<int>(c.at.x))];
            QCOMPARE(verdictName(cell.verdict), std::string("fully_visible"));
            QVERIFY(!cell.undecided);
            const Cell pair = referenceCell(s, {o}, Probe{}, c.at);
            QVERIFY2(pair.undecided, "the pair ruling decides it: not a knife edge any more");
            // The reference.
            s.models.push_back(probeModel(Probe{}, c.at));
            const Model &observer = s.models[static_cast<size_t>(o)], &target = s.models.back();
            std::vector<reference::Piece> pieces = reference::piecesFor(s, observer, target);
            for (const TerrainPiece& t : s.terrain)
                if (t.kind == TerrainKind::Area) {
                    reference::Piece wall;
                    wall.id = t.id;
                    wall.top = 1e6;
                    wall.rings.push_back(t.footprint.outer);
                    for (const Ring& h : t.footprint.holes) wall.rings.push_back(h);
                    pieces.push_back(wall);
                }
            const double hw = s.ruleset.sight_line_width_mm / kMmPerInch / 2;
            const double radius = boundingRadius(target.base) * (1 - 1e-6);
            const Ring outline = baseOutline(observer);
            const double inner = std::sqrt(squaredDistanceToEdges(observer.position, outline)) - hw - 1e-6;
            std::vector<Vec2> from{observer.position};
            for (int k = 1; k <= 8; ++k)
                for (int a = 0; a < 48; ++a)
                    from.push_back(observer.position + Vec2{std::cos(2 * std::numbers::pi * a / 48), std::sin(2 * std::numbers::pi * a / 48)} * (inner * k / 8));
            int points = 0;
            for (int ring = 0; ring <= 3; ++ring)
                for (int a = 0; a < (ring == 0 ? 1 : 24); ++a) {
                    const Vec2 q = target.position + Vec2{std::cos(2 * std::numbers::pi * a / 24), std::sin(2 * std::numbers::pi * a / 24)} * (radius * ring / 3);
                    for (double z : {0.0, target.height / 2, target.height}) {
                        const bool seen = std::ranges::any_of(from, [&](Vec2 p) {
                            return reference::blockage(pieces, p, observer.top(), q, z, hw) == 0 &&
                                   !reference::blockedExact(pieces, p, observer.top(), q, z);
                        });
                        QVERIFY2(seen, qPrintable(QStringLiteral("%1, %2 at (%3, %4): no line to (%5, %6) at %7\"")
                                                      .arg(QLatin1String(c.file), QLatin1String(c.observer))
                                                      .arg(c.at.x)
                                                      .arg(c.at.y)
                                                      .arg(q.x)
                                                      .arg(q.y)
                                                      .arg(z)));
                        ++points;
                    }
                }
            QCOMPARE(points, 73 * 3);
        }
    }

    // Two cells of the demo's map where Intercessor 1's lines pass a gap between the corners
    // of two pieces, and the base clears the line through both corners by about 0.002": no
    // one point of the observer's base sees a whole half of the target past both, so halving
    // the parts ran through a survey's budget and left them undecided. Cut along the line
    // from the point that sees the part's middle past the first piece in its way, they are
    // decided within it: fully visible, as the pair ruling says.
    void knifeEdgeGapsAreDecidedWithinASurvey() {
        const io::ReadResult r = io::readScenarioFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/demo.sightline.json"));
        QVERIFY(r.scenario);
        QCOMPARE(r.scenario->models[0].id, std::string("b-int-1"));
        const VisionMap map = visionMap(*r.scenario, {0}, Probe{}, 0.5, Run{});
        QVERIFY(map.complete);
        for (const Vec2 at : {Vec2{46.75, 7.25}, Vec2{59.25, 4.25}}) {
            const Cell& cell = map.at(static_cast<int>(at.x / 0.5), static_cast<int>(at.y / 0.5));
            const QString where = QStringLiteral("(%1, %2)").arg(at.x).arg(at.y);
            QVERIFY2(cell.verdict == Verdict::FullyVisible && !cell.undecided,
                     qPrintable(where + QStringLiteral(": ") + QString::fromStdString(verdictName(cell.verdict)) +
                                (cell.undecided ? QStringLiteral(", undecided") : QString())));
            const Cell want = referenceCell(*r.scenario, {0}, Probe{}, at);
            QVERIFY2(want.verdict == Verdict::FullyVisible && !want.undecided, qPrintable(where));
        }
    }

    // The boyz' map of the units' table: a base 0.004" beyond an area, beside it, is fully
    // visible to Boy 1 only by bands on one side of their lines (the plane's proof), where
    // the exact search along the lines that touch the area stops at a knife edge. The pair
    // ruling takes the plane's proof as the map does: the cell and the pair read the same,
    // decided, and the ruling says where its proof comes from.
    void thePairRulingTakesThePlanesProofAsTheMapDoes() {
        const io::ReadResult r =
            io::readScenarioFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/wh40k-11e/12-official-layout-units.sightline.json"));
        QVERIFY(r.scenario);
        std::vector<int> boyz;
        int boy1 = -1;
        for (int i = 0; i < static_cast<int>(r.scenario->models.size()); ++i) {
            if (r.scenario->models[i].unit == "boyz") boyz.push_back(i);
            if (r.scenario->models[i].id == "boy-1") boy1 = i;
        }
        QVERIFY(boyz.size() >= 10 && boy1 >= 0);
        const Vec2 at{9.75, 32.25};
        const VisionMap map = visionMap(*r.scenario, boyz, Probe{}, 0.5, Run{});
        QVERIFY(map.complete);
        const Cell& got = map.at(static_cast<int>(at.x / 0.5), static_cast<int>(at.y / 0.5));
        QCOMPARE(got.verdict, Verdict::FullyVisible);
        QVERIFY(!got.cover && !got.undecided);
        const Cell want = referenceCell(*r.scenario, boyz, Probe{}, at);
        QCOMPARE(want.verdict, Verdict::FullyVisible);
        QVERIFY(!want.cover && !want.undecided);
        // Boy 1 alone: fully visible, by the plane's proof, and no cover.
        Scenario s = *r.scenario;
        Model probe = probeModel(Probe{}, at);
        probe.side = "nobody";
        s.models.push_back(probe);
        const Scene scene(s);
        const Rulings rulings(scene);
        const PairResult pair = rulings.evaluate(boy1, static_cast<int>(s.models.size()) - 1, Method::Exact, Detail::Full);
        QVERIFY(pair.visible && pair.fully_visible && !pair.undecided);
        QVERIFY(!pair.cover.value_or(true));
        QCOMPARE(pair.visible_fraction, 1.0);
        QVERIFY2(std::ranges::any_of(pair.reasons, [](const std::string& t) { return t.starts_with("06.01 fully visible") && t.find("in the plane") != std::string::npos; }),
                 qPrintable(QString::fromStdString(pair.reasons.empty() ? std::string("(no reasons)") : pair.reasons.front())));
        const int placed = static_cast<int>(s.models.size()) - 1;
        QCOMPARE(rulings.wholeInThePlane(boy1, placed, rulings.wallsOf(boy1, placed), scene.ignoredModels(boy1, placed)),
                 flat::Sight::Visible);
        // The plane's decision on a table of its own: an area as a wall across the upper half
        // of the lines hides the target's top edge (Hidden); with none, it is seen whole; an
        // oval observer is not the plane's to decide (Unknown).
        Scenario t = wallTable({20, 20}, {{10, 9.9}, {10.5, 9.9}, {10.5, 15}, {10, 15}}, 5);
        t.ruleset.name = "wh40k-11e";
        t.ruleset.sight_line_width_mm = 1;
        t.terrain[0].kind = TerrainKind::Area;
        t.models = {observerAt("observer", {5, 10}), probeModel(Probe{}, {15, 10})};
        t.models[1].side = "nobody";
        t.models[1].unit = "targets";
        {
            const Scene table(t);
            const Rulings ruled(table);
            std::optional<Vec2> hiddenAt;
            QCOMPARE(ruled.wholeInThePlane(0, 1, {0}, table.ignoredModels(0, 1), &hiddenAt), flat::Sight::Hidden);
            // (The point found: within the base, on the wall's side, where every line from
            // the observer's base crosses the wall.)
            QVERIFY(hiddenAt && std::hypot(hiddenAt->x - 15, hiddenAt->y - 10) <= 0.63 + 1e-9 && hiddenAt->y > 10.2);
            QCOMPARE(ruled.wholeInThePlane(0, 1, {}, table.ignoredModels(0, 1)), flat::Sight::Visible);
        }
        t.models[0].base = {BaseShape::Oval, 60, 35.5};
        {
            const Scene ovalTable(t);
            const Rulings ovalRuled(ovalTable);
            QCOMPARE(ovalRuled.wholeInThePlane(0, 1, {0}, ovalTable.ignoredModels(0, 1)), flat::Sight::Unknown);
        }
        // A walkway between the two tops (from 2" to 2.005", the observer 1" tall, the target
        // 3"): it stops some of the lines to the target's upper part and none to its foot. The
        // plane does not apply (as in the maps, where the lines between the tops meet a piece
        // that stops some of them), so the ruling never claims fully visible on the plane's
        // word: a point of the target is hidden at about 2.8" up.
        Scenario w = wallTable({30, 20}, {{9, 10}, {11, 10}, {11, 20}, {9, 20}}, 2.005);
        w.ruleset.name = "wh40k-11e";
        w.ruleset.sight_line_width_mm = 1;
        w.terrain[0].bottom = 2;
        w.models = {observerAt("observer", {5, 10}), probeModel(Probe{}, {15, 10})};
        w.models[0].height = 1;
        w.models[1].height = 3;
        w.models[1].side = "nobody";
        w.models[1].unit = "targets";
        const Scene walkway(w);
        const Rulings overWalkway(walkway);
        QCOMPARE(overWalkway.wholeInThePlane(0, 1, {}, walkway.ignoredModels(0, 1)), flat::Sight::Unknown);
        for (Detail detail : {Detail::Decisions, Detail::Full}) {
            const PairResult under = overWalkway.evaluate(0, 1, Method::Exact, detail);
            QVERIFY(under.visible && !under.fully_visible);
            QVERIFY(std::ranges::none_of(under.reasons, [](const std::string& t) { return t.find("in the plane") != std::string::npos; }));
        }
    }

    void aUnitSeesWhatAnyOfItsModelsSees() {
        // Two observers on either side of a wall: each sees what the other cannot, the map
        // of the two sees both sides.
        Scenario s = wallTable({30, 20}, {{14, 0}, {16, 0}, {16, 20}, {14, 20}}, 5);
        s.models.push_back(observerAt("west", {5, 10}));
        s.models.push_back(observerAt("east", {25, 10}));
        const Probe probe;
        const VisionMap west = visionMap(s, {0}, probe, 2.0), east = visionMap(s, {1}, probe, 2.0),
                        both = visionMap(s, {0, 1}, probe, 2.0);
        QCOMPARE(west.at(1, 5).verdict, Verdict::FullyVisible);
        QCOMPARE(west.at(13, 5).verdict, Verdict::Hidden);
        QCOMPARE(east.at(1, 5).verdict, Verdict::Hidden);
        QCOMPARE(both.at(1, 5).verdict, Verdict::FullyVisible);
        QCOMPARE(both.at(13, 5).verdict, Verdict::FullyVisible);
        QCOMPARE(both.at(13, 5).seenBy, 1);
        QCOMPARE(both.at(7, 5).verdict, Verdict::Overlap);  // x = 15: on the wall
    }

    void exposureCountsThePlacesThatSeeEachCell() {
        // Every fifth official layout, both rulesets, a coarse map of the exposure to the
        // attacker's zone (places 6" apart): at random cells, the places whose pair ruling
        // (a scenario with the two models in it, ruled afresh) sees a model there are as many
        // as the map counts; fully visible too, every other layout.
        const QStringList files = officialLayouts();
        std::mt19937 rng(1502);
        int checked = 0, seenSome = 0, seenNone = 0;
        for (int f = 0; f < files.size(); f += 5) {
            const std::optional<Scenario> layout = layoutUnder(files[f], (f / 5) % 2);
            QVERIFY2(layout, qPrintable(files[f]));
            Scenario s = *layout;
            const int zone = attackerZone(s);
            QVERIFY2(zone >= 0, qPrintable(files[f]));
            const Probe probe;
            ExposureOptions options;
            options.spacing = 6;
            options.zoneSpacing = 6;
            options.withFully = (f / 5) % 2 == 0;
            const ExposureMap map = exposureMap(s, zone, probe, probe, options);
            QVERIFY(map.complete);
            QVERIFY(map.positions.size() >= 4);
            {  // (the pairs in a full shadow left out: the same counts as ruling every pair)
                Run pairs;
                pairs.shadows = false;
                const ExposureMap every = exposureMap(s, zone, probe, probe, options, pairs);
                for (size_t k = 0; k < map.cells.size(); ++k)
                    QVERIFY2(map.cells[k].seen == every.cells[k].seen && map.cells[k].fully == every.cells[k].fully &&
                                 map.cells[k].undecided <= every.cells[k].undecided,
                             qPrintable(files[f] + QStringLiteral(" cell %1").arg(k)));
            }
            // Each place: the base wholly within the zone, off the features.
            const FeatureOverlap overlaps(s);
            for (const Vec2& p : map.positions) {
                for (const Vec2& v : baseOutline(probeModel(probe, p))) QVERIFY(locate(v, s.zones[zone].polygon) != Where::Outside);
                QVERIFY(!overlaps(probeModel(probe, p)));
                QVERIFY(!overTableEdge(probeModel(probe, p), s.board));
            }
            for (int k = 0; k < 5; ++k) {
                const int col = static_cast<int>(rng() % map.grid.cols), row = static_cast<int>(rng() % map.grid.rows);
                const ExposureCell& got = map.at(col, row);
                const Vec2 at = map.grid.centre(col, row);
                const QByteArray where = files[f].section(QLatin1Char('/'), -1).toUtf8() + " " + s.ruleset.name.c_str() + " at " +
                                         QByteArray::number(at.x) + "," + QByteArray::number(at.y);
                QCOMPARE(got.overlap, overlaps(probeModel(probe, at)) || overTableEdge(probeModel(probe, at), s.board));
                if (got.overlap) continue;
                int seen = 0, fully = 0;
                for (const Vec2& p : map.positions) {
                    Scenario t = s;
                    t.models.push_back(observerAt("zone-model", p));
                    const Cell c = referenceCell(t, {static_cast<int>(t.models.size()) - 1}, probe, at);
                    seen += c.verdict != Verdict::Hidden;
                    fully += c.verdict == Verdict::FullyVisible;
                }
                // (A place left undecided within the survey's budget is not counted: the
                // count may fall short by as many, never more, and never exceed.)
                QVERIFY2(got.seen <= seen && seen <= got.seen + got.undecided,
                         where + " seen " + QByteArray::number(got.seen) + " want " + QByteArray::number(seen));
                if (options.withFully) QVERIFY2(got.fully <= fully && fully <= got.fully + got.undecided, where + " fully");
                ++checked;
                (seen ? seenSome : seenNone) += 1;
            }
        }
        QVERIFY(checked > 25);
        QVERIFY(seenSome > 5);
        QVERIFY(seenNone > 3);
        qInfo("%d cells against the pair rulings from every place (%d seen from some, %d from none)", checked, seenSome, seenNone);
    }

    void aSightsOpenLineEndsInTheTargetsBaseAtASpotSeen() {
        // Rulings::sight, where it sees: the open line's end (what the maps keep for the next
        // cells) lies within the target's base, and a speck of a model as high as the target
        // standing there, with the same walls, is seen too. Random pairs on official
        // layouts, both rulesets.
        const QStringList files = officialLayouts();
        std::mt19937 rng(2711);
        std::uniform_real_distribution<double> x(1, 59), y(1, 43);
        int seen = 0;
        for (int f = 0; f < files.size(); f += 9) {
            const std::optional<Scenario> layout = layoutUnder(files[f], (f / 9) % 2);
            QVERIFY2(layout, qPrintable(files[f]));
            for (int k = 0; k < 40; ++k) {
                Scenario s = *layout;
                s.models.push_back(observerAt("watcher", {x(rng), y(rng)}));
                Model target = observerAt("target", {x(rng), y(rng)});
                target.side = target.unit = "others";
                s.models.push_back(target);
                const FeatureOverlap overlaps(s);
                if (overlaps(s.models[0]) || overlaps(s.models[1])) continue;
                const Scene scene(s);
                const Rulings rulings(scene);
                const Rulings::Sight sight = rulings.sight(0, 1);
                QCOMPARE(sight.seenAt.has_value(), sight.visible);
                if (!sight.visible) continue;
                ++seen;
                const Vec2 d = *sight.seenAt - target.position;
                const QByteArray where = files[f].section(QLatin1Char('/'), -1).toUtf8() + " " + s.ruleset.name.c_str() + " at " +
                                         QByteArray::number(sight.seenAt->x) + "," + QByteArray::number(sight.seenAt->y);
                QVERIFY2(std::hypot(d.x, d.y) <= 16 / 25.4 + 1e-9, where);
                Scenario speck = s;
                speck.models[1].position = *sight.seenAt;
                speck.models[1].base = {BaseShape::Circle, 0.02 * 25.4, 0.02 * 25.4};
                const Scene specks(speck);
                const Rulings speckRulings(specks);
                if (speckRulings.wallsOf(0, 1) != rulings.wallsOf(0, 1)) continue;  // (11e: within an area the target was not)
                QVERIFY2(speckRulings.sight(0, 1).visible, where);
            }
        }
        QVERIFY2(seen >= 20, qPrintable(QString::number(seen)));
    }

    void exposureOfABaseNotRoundAgreesWithEveryPair() {
        // A 32 mm model at the places and an oval or a rect at the cells (the hiding spots'
        // larger bases): the plane takes such a base between the discs within it (about its
        // centre and towards its ends) and the disc about it. Every fifth official layout,
        // both rulesets, against ruling every pair
        // (exposureAgainstPairs).
        const QStringList files = officialLayouts();
        std::mt19937 rng(2911);
        AgainstPairs tally;
        for (int f = 0; f < files.size(); f += 5) {
            const std::optional<Scenario> layout = layoutUnder(files[f], (f / 5) % 2);
            QVERIFY2(layout, qPrintable(files[f]));
            const int zone = attackerZone(*layout);
            QVERIFY2(zone >= 0, qPrintable(files[f]));
            Probe target;
            target.base = (f / 5) % 2 ? Base{BaseShape::Oval, 90, 52.5} : Base{BaseShape::Rect, 100, 50};
            // (Every fourth, written across: its long axis along the table's depth.)
            if ((f / 5) % 4 == 3) std::swap(target.base.length_mm, target.base.width_mm);
            target.height = (f / 5) % 3 == 1 ? 3 : 1.75;
            const QString failure = exposureAgainstPairs(*layout, files[f], zone, Probe{}, target, rng, tally);
            QVERIFY2(failure.isEmpty(), qPrintable(failure));
        }
        QVERIFY(tally.checked > 15);
        QVERIFY(tally.seenSome > 3);
        qInfo("%d cells against every pair, %d against the pair rulings from every place (%d seen from some, %d from none)", tally.cells,
              tally.checked, tally.seenSome, tally.seenNone);
    }

    void exposureFromPlacesNotRoundAgreesWithEveryPair() {
        // An oval or a rect at the places (the exposure map of a base that is not round: its
        // zone's places are that base too), the same base, the other or a 32 mm model at the
        // cells: the plane takes the place's base between the discs within it and the disc
        // about it, as a target's. Every fifth official layout from the third, both rulesets
        // with each base (the oval under 11e too, where 13.09 counts), against ruling every
        // pair (exposureAgainstPairs).
        const QStringList files = officialLayouts();
        std::mt19937 rng(3011);
        AgainstPairs tally;
        for (int f = 2; f < files.size(); f += 5) {
            const std::optional<Scenario> layout = layoutUnder(files[f], (f / 5) % 2);
            QVERIFY2(layout, qPrintable(files[f]));
            const int zone = attackerZone(*layout);
            QVERIFY2(zone >= 0, qPrintable(files[f]));
            const int round = f / 5;
            const Base oval{BaseShape::Oval, 90, 52.5}, rect{BaseShape::Rect, 100, 50};
            Probe observer;
            observer.base = (round / 2) % 2 ? oval : rect;
            observer.height = round % 3 == 1 ? 3 : 1.75;
            Probe target = round % 3 == 0 ? observer : Probe{};
            if (round % 3 == 2) target.base = observer.base.shape == BaseShape::Oval ? rect : oval;
            const QString failure = exposureAgainstPairs(*layout, files[f], zone, observer, target, rng, tally);
            QVERIFY2(failure.isEmpty(), qPrintable(failure));
        }
        QVERIFY(tally.checked > 15);
        QVERIFY(tally.seenSome > 3);
        qInfo("%d cells against every pair, %d against the pair rulings from every place (%d seen from some, %d from none)", tally.cells,
              tally.checked, tally.seenSome, tally.seenNone);
    }

    void exposureOfBasesNotRoundAmongCrowdedPiecesAgreesWithEveryPair() {
        // Bases that are not round at the places and the cells, decided in the plane part by
        // part (their slabs, halved where their discs are not found hidden) and past their
        // corners, on crowded random tables: nine star-shaped pieces on a 20" table, three of
        // them areas, the rest features tall or low (some lines pass over), the places within
        // and beside the pieces, where the discs about the parts meet walls. Under
        // true-los and 11th edition, every cell against ruling every pair (exposureAgainstPairs).
        std::mt19937 rng(4111);
        std::uniform_real_distribution<double> unit(0, 1);
        AgainstPairs tally;
        static const Base bases[] = {{BaseShape::Circle, 32, 32}, {BaseShape::Oval, 75, 42},  {BaseShape::Rect, 100, 50},
                                     {BaseShape::Oval, 170, 109}, {BaseShape::Rect, 60, 35.5}, {BaseShape::Oval, 90, 52},
                                     {BaseShape::Rect, 170, 109}, {BaseShape::Oval, 60, 35.5}, {BaseShape::Rect, 35.5, 60}};
        // (Tables drawn until that many have places enough to stand on: a table may leave
        // its zone too crowded for four.)
        const int wanted = testing::share(24);
        int maps = 0;
        for (int round = 0; maps < wanted && round < 4 * wanted; ++round) {
            Scenario s = starTable(rng, round, 9, [&] { return unit(rng) < 0.3 ? 0.5 + unit(rng) : 2 + 3 * unit(rng); });
            s.models.clear();
            for (size_t k = 0; k < s.terrain.size(); k += 3) s.terrain[k].kind = TerrainKind::Area;
            for (TerrainPiece& t : s.terrain)
                if (t.kind == TerrainKind::Feature) t.category = round % 3 ? "dense" : "light";
            Zone zone;
            zone.id = "west";
            zone.kind = "deployment";
            zone.polygon = {{0, 0}, {7, 0}, {7, 20}, {0, 20}};
            s.zones = {zone};
            Probe observer, target;
            // (Not both round: the plane's round pairs are the other tests'.)
            observer.base = bases[rng() % std::size(bases)];
            target.base = bases[1 + rng() % (std::size(bases) - 1)];
            if (round % 2) std::swap(observer.base, target.base);
            observer.height = unit(rng) < 0.5 ? 1.75 : 0.5 + 4 * unit(rng);
            target.height = unit(rng) < 0.5 ? 1.75 : 0.5 + 4 * unit(rng);
            const QString failure = exposureAgainstPairs(s, QStringLiteral("crowded table %1").arg(round), 0, observer, target, rng, tally, 0.5, 1.5);
            if (failure.endsWith(QStringLiteral(" places"))) continue;  // (too few places to stand on: another table)
            QVERIFY2(failure.isEmpty(), qPrintable(failure));
            ++maps;
        }
        QCOMPARE(maps, wanted);
        QVERIFY(tally.cells > 500 * maps);
        qInfo("%d maps, %d cells against every pair, %d against the pair rulings from every place", maps, tally.cells, tally.checked);
    }

    void exposureDecidesMostPairsInThePlane() {
        // The agreement tests above pass whether or not the plane decides anything (the
        // pair ruling gives the same counts, slower): here, on Purge vs Purge 01 from the
        // attacker's zone, a 32 mm model, a 100x50 mm rect and a 90x52.5 mm oval at both ends
        // (the places and the cells), the plane decides cells one by one and blocks of cells
        // at once, and few pairs are left to the pair ruling (the same from run to run: what
        // the places' threads keep is forgotten at each place); without the shortcuts
        // (Run::shadows false) the plane decides none and every pair is ruled.
        const io::ReadResult r =
            io::readScenarioFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/layouts/11e/bm-purge-vs-purge-01.sightline.json"));
        QVERIFY(r.scenario);
        const int zone = attackerZone(*r.scenario);
        QVERIFY(zone >= 0);
        ExposureOptions options;
        options.spacing = 2;
        options.zoneSpacing = 4;
        for (const Base& base : {Base{BaseShape::Circle, 32, 32}, Base{BaseShape::Rect, 100, 50}, Base{BaseShape::Oval, 90, 52.5}}) {
            Probe probe;
            probe.base = base;
            const ExposureMap map = exposureMap(*r.scenario, zone, probe, probe, options);
            QVERIFY(map.complete && !map.positions.empty());
            long long pairs = 0;
            const QByteArray what = QByteArray::number(base.length_mm) + "x" + QByteArray::number(base.width_mm) + ": " + planeWork(map, pairs);
            qInfo("%s", what.constData());
            QVERIFY2(map.work.cellsInPlane * 10 > pairs, what);
            QVERIFY2(map.work.blocksInPlane > 50, what);
            // (The rect's 168 of 11,804 pairs ruled; 696 without its parts and corners, 1,028
            // without the discs towards its ends too: the bound tells them apart.)
            QVERIFY2(map.work.pairsRuled * 50 < pairs, what);
            Run plain;
            plain.shadows = false;
            const ExposureMap ruled = exposureMap(*r.scenario, zone, probe, probe, options, plain);
            QCOMPARE(ruled.work.cellsInPlane + ruled.work.blocksInPlane, 0LL);
            QCOMPARE(ruled.work.pairsRuled, pairs);
            for (size_t k = 0; k < map.cells.size(); ++k)
                QVERIFY2(map.cells[k].seen == ruled.cells[k].seen || map.cells[k].undecided + ruled.cells[k].undecided > 0, what);
        }
    }

    void visionMapsUnderTrueLosAgreeWithEveryPair() {
        // Lines of no width past seams, through slits a hair wide and past an oval base: the
        // vision map (its shadows and open views; the plane does not serve it here, see
        // the README) against ruling every pair (no shadows), every cell, on the band's
        // traps (bandTraps) from three observers that look along the L's seam, through the
        // slits and past the oval, and on the demo from the blue intercessors and a red boy,
        // round and oval probes.
        Scenario traps = bandTraps();
        for (const Vec2 at : {Vec2{3, 3}, Vec2{4, 2.0}, Vec2{4, 18.5}}) traps.models.push_back(observerAt("eye", at));
        for (size_t m = 1; m < traps.models.size(); ++m) traps.models[m].id += std::to_string(m);
        const io::ReadResult demo = io::readScenarioFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/demo.sightline.json"));
        QVERIFY(demo.scenario);
        struct Case {
            const Scenario* table;
            std::vector<int> observers;
            Probe probe;
            double spacing;
        };
        const Case cases[] = {{&traps, {1, 2, 3}, Probe{}, 0.5},
                              {&traps, {1, 2, 3}, Probe{{BaseShape::Oval, 90, 52.5}, 1.75}, 1},
                              {&*demo.scenario, {0, 1, 2, 3, 4}, Probe{}, 1},
                              {&*demo.scenario, {10}, Probe{}, 0.5}};
        int compared = 0, fully = 0, seen = 0, hidden = 0;
        for (const Case& c : cases) {
            const double spacing = testing::sharedSpacing(c.spacing);
            const VisionMap map = visionMap(*c.table, c.observers, c.probe, spacing, fullProofs());
            std::vector<VisionMap> singles;
            for (int o : c.observers) singles.push_back(visionMap(*c.table, {o}, c.probe, spacing, fullProofs(false)));
            const Combined every = combine(singles);
            for (size_t k = 0; k < map.cells.size(); ++k) {
                const Cell &a = map.cells[k], &b = every.cells[k];
                if (a.undecided || b.undecided) continue;
                QVERIFY2(sameRuling(a, b), qPrintable(cellsDiffer(c.table->ruleset.name.c_str(), k, a, b)));
                ++compared;
                fully += a.verdict == Verdict::FullyVisible;
                seen += a.verdict == Verdict::Visible;
                hidden += a.verdict == Verdict::Hidden;
            }
        }
        qInfo("%d cells compared: %d fully visible, %d visible, %d hidden", compared, fully, seen, hidden);
        QVERIFY(fully > testing::share(1000));
        QVERIFY(seen > testing::share(100));
        QVERIFY(hidden > testing::share(300));
    }

    void exposureUnderTrueLosAgreesWithEveryPair() {
        // Lines of no width (true-los) are decided in the plane with a band 0.001" wide,
        // trusting Visible among the walls as they are and Hidden among them eroded
        // (FlatTable, banded). Against ruling every pair (exposureAgainstPairs): the demo
        // from the blue zone (round bases, an oval and a rect at either end; and under 10th
        // edition, whose line has no width either), and the band's traps (bandTraps) from
        // their zone, at 1" cells and places 1" apart. On the demo the plane decides most
        // pairs.
        std::mt19937 rng(3011);
        AgainstPairs tally;
        const io::ReadResult demo = io::readScenarioFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/demo.sightline.json"));
        QVERIFY(demo.scenario);
        const auto blue = std::ranges::find_if(demo.scenario->zones, [](const Zone& z) { return z.id == "dz-blue"; });
        QVERIFY(blue != demo.scenario->zones.end());
        const int blueZone = static_cast<int>(blue - demo.scenario->zones.begin());
        const Base oval{BaseShape::Oval, 90, 52.5}, rect{BaseShape::Rect, 100, 50};
        for (int round = 0; round < 4; ++round) {
            Probe observer, target;
            if (round == 1) target.base = oval;
            if (round == 2) observer.base = rect, target.height = 3;
            // (10th edition, whose line has no width either: its woods and barricades.)
            Scenario table = *demo.scenario;
            if (round == 3) table.ruleset.name = "wh40k-10e";
            const QString failure = exposureAgainstPairs(table, QStringLiteral("demo round %1").arg(round), blueZone, observer,
                                                         target, rng, tally);
            QVERIFY2(failure.isEmpty(), qPrintable(failure));
        }
        const Scenario traps = bandTraps();
        for (const Probe& target : {Probe{}, Probe{{BaseShape::Oval, 90, 52.5}, 1.75}}) {
            const QString failure = exposureAgainstPairs(traps, QStringLiteral("traps"), 0, Probe{}, target, rng, tally, 1, 1);
            QVERIFY2(failure.isEmpty(), qPrintable(failure));
        }
        qInfo("%d cells against every pair, %d against the pair rulings from every place (%d seen from some, %d from none)", tally.cells,
              tally.checked, tally.seenSome, tally.seenNone);
        QVERIFY(tally.checked > 12);
        QVERIFY(tally.seenSome > 3);
        // The plane's share on the demo (0.5" cells, places 2" apart): without the band it
        // decided none (the ruleset's line has no width).
        ExposureOptions options;
        options.spacing = 1;
        options.zoneSpacing = 2;
        const ExposureMap map = exposureMap(*demo.scenario, blueZone, Probe{}, Probe{}, options);
        long long pairs = 0;
        const QByteArray what = planeWork(map, pairs);
        qInfo("demo: %s", what.constData());
        QVERIFY2(map.work.cellsInPlane * 10 > pairs, what);
        QVERIFY2(map.work.blocksInPlane > 50, what);
        QVERIFY2(map.work.pairsRuled * 50 < pairs, what);
    }

    void exposureLeavesNoPlaceOnTheTablesModels() {
        // A model of the table's takes its ground: no zone place stands on one, and a cell
        // whose model would stand on one has no place to stand, as in the vision map (cell for
        // cell, the same probe). Purge vs Purge 01 with a vehicle and a trooper in the
        // attacker's zone and a vehicle in the middle of the table.
        const io::ReadResult r =
            io::readScenarioFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/layouts/11e/bm-purge-vs-purge-01.sightline.json"));
        QVERIFY(r.scenario);
        Scenario s = *r.scenario;
        const int zone = attackerZone(s);
        QVERIFY(zone >= 0);
        ExposureOptions options;
        options.spacing = 2;
        options.zoneSpacing = 2;
        const ExposureMap empty = exposureMap(s, zone, Probe{}, Probe{}, options);
        QVERIFY(empty.positions.size() > 20);
        Model tank = observerAt("tank", empty.positions[empty.positions.size() / 2]);
        tank.base = {BaseShape::Rect, 170, 109};
        tank.height = 5;
        tank.keywords = {"VEHICLE"};
        s.models.push_back(tank);
        s.models.push_back(observerAt("trooper", empty.positions[3]));
        tank.id = tank.name = "middle-tank";
        tank.position = {30, 22};
        s.models.push_back(tank);
        const ModelOverlap onModels(s);
        for (const Probe& probe : {Probe{}, Probe{Base{BaseShape::Oval, 90, 52.5}}}) {
            const ExposureMap map = exposureMap(s, zone, probe, probe, options);
            const ExposureMap none = exposureMap(*r.scenario, zone, probe, probe, options);  // (without the models)
            QVERIFY(map.complete && none.complete);
            QVERIFY2(map.positions.size() + 4 <= none.positions.size(), qPrintable(QString::number(map.positions.size())));
            for (const Vec2& p : map.positions) QVERIFY(onModels(probeModel(probe, p)) < 0);
            const VisionMap vision = visionMap(s, {1}, probe, options.spacing);  // (from the trooper)
            QCOMPARE(vision.cells.size(), map.cells.size());
            int onAModel = 0;
            for (size_t k = 0; k < map.cells.size(); ++k) {
                QVERIFY2(map.cells[k].overlap == (vision.cells[k].verdict == Verdict::Overlap), qPrintable(QString::number(k)));
                onAModel += map.cells[k].overlap && !none.cells[k].overlap;
            }
            QVERIFY2(onAModel >= 6, qPrintable(QString::number(onAModel)));
        }
    }

    void exposureSeesPastAWallsEndAsEveryPairDoes() {
        // A wall 1.5" high ending in the open, four places 1" high before it, targets 1.75"
        // high past it: far enough behind it a target is hidden (the line from a place's top
        // to its top runs into the wall) and near its end seen round it, but the wall is no
        // full shadow (lower than the target's top), so the map proves the hidden cells with
        // the pair ruling and the seen ones with a spot, or with a spot seen for a cell just
        // before within the target's base (the map counts that cell seen without a proof of
        // its own). On a 0.25" grid past the wall, every cell's count is the same as with
        // every pair ruled (Run::shadows off). The wall's end at ten places along the table.
        auto rect = [](Vec2 lo, Vec2 hi) { return Ring{lo, {hi.x, lo.y}, hi, {lo.x, hi.y}}; };
        int some = 0, none = 0;
        for (int shift = 0; shift < 10; ++shift) {
            const double end = 5.5 + 0.07 * shift;
            Scenario s = featureTable({16, 12}, {rect({8, 0}, {8.5, end})}, 1.5);
            s.zones.push_back(deploymentZone("west", "blue", {{0, 1}, {4, 1}, {4, 5}, {0, 5}}));
            ExposureOptions options;
            options.spacing = 0.25;
            options.zoneSpacing = 1;
            Probe low, target;
            low.height = 1;
            const ExposureMap map = exposureMap(s, 0, low, target, options);
            Run pairs;
            pairs.shadows = false;
            const ExposureMap every = exposureMap(s, 0, low, target, options, pairs);
            QCOMPARE(map.positions.size(), size_t{4});
            for (int row = 0; row < map.grid.rows; ++row)
                for (int col = 4 * 9; col < map.grid.cols; ++col) {  // (past the wall)
                    const ExposureCell &got = map.at(col, row), &want = every.at(col, row);
                    // (A pair left undecided within the survey's budget, by either, is
                    // counted unseen: the counts may differ by as many.)
                    QVERIFY2(std::abs(got.seen - want.seen) <= std::max(got.undecided, want.undecided),
                             qPrintable(QStringLiteral("(%1, %2): %3 places, %4 with every pair ruled")
                                            .arg(map.grid.centre(col, row).x).arg(map.grid.centre(col, row).y).arg(got.seen).arg(want.seen)));
                    some += got.seen > 0 && got.seen < 4;
                    none += got.seen == 0 && got.undecided == 0;
                }
        }
        QVERIFY2(some >= 10 && none >= 10, qPrintable(QStringLiteral("%1 seen from some places, %2 from none").arg(some).arg(none)));
    }

    void hidingCellsAreTheSameWhenCountingStopsEarly() {
        // Counting stopped at the first place that sees a cell (what the hiding spots need)
        // finds the same cells seen from nowhere, sooner.
        const io::ReadResult r =
            io::readScenarioFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/layouts/11e/bm-purge-vs-purge-01.sightline.json"));
        QVERIFY(r.scenario);
        ExposureOptions options;
        options.spacing = 3;
        options.zoneSpacing = 4;
        const ExposureMap all = exposureMap(*r.scenario, 0, Probe{}, Probe{}, options);
        options.stopAt = 1;
        const ExposureMap first = exposureMap(*r.scenario, 0, Probe{}, Probe{}, options);
        int none = 0;
        for (size_t k = 0; k < all.cells.size(); ++k) {
            QCOMPARE(first.cells[k].seen == 0, all.cells[k].seen == 0);
            QVERIFY(first.cells[k].seen <= all.cells[k].seen);
            none += !all.cells[k].overlap && all.cells[k].seen == 0;
        }
        QVERIFY(none > 10);
    }

    void exposureSurveysLeaveLongProofsUndecidedAndSaySo() {
        // The exposure map holds each pair's proofs to a survey's budget (Run::survey): on an
        // official layout with a knife edge (a place and a cell of Disrupt vs Disrupt 01 that
        // neither the decision in the plane nor full proofs settle), some pairs are left
        // undecided, and against the map made with full proofs, every cell's count falls
        // short by no more than its undecided pairs and is the same where none is; a cell
        // with an undecided place is not a safe hiding spot.
        const io::ReadResult r =
            io::readScenarioFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/layouts/11e/bm-disrupt-vs-disrupt-01.sightline.json"));
        QVERIFY(r.scenario);
        int zone = -1;
        for (int z = 0; z < static_cast<int>(r.scenario->zones.size()); ++z)
            if (r.scenario->zones[z].id == "deployment-attacker") zone = z;
        QVERIFY(zone >= 0);
        ExposureOptions options;
        options.spacing = 0.5;
        options.zoneSpacing = 8;
        const ExposureMap survey = exposureMap(*r.scenario, zone, Probe{}, Probe{}, options);
        Run thorough;
        thorough.survey = false;
        const ExposureMap full = exposureMap(*r.scenario, zone, Probe{}, Probe{}, options, thorough);
        QVERIFY(survey.complete && full.complete);
        int undecided = 0, short_ = 0;
        for (size_t k = 0; k < survey.cells.size(); ++k) {
            const ExposureCell& a = survey.cells[k];
            const ExposureCell& b = full.cells[k];
            QVERIFY2(a.seen <= b.seen && b.seen <= a.seen + a.undecided, qPrintable(QStringLiteral("cell %1").arg(k)));
            if (a.undecided == 0) QCOMPARE(a.seen, b.seen);
            undecided += a.undecided;
            short_ += b.seen - a.seen;
        }
        QVERIFY2(undecided > 0, "no pair left undecided: the test shows nothing");
        qInfo("%d pairs undecided in the survey; %d of them seen with full proofs", undecided, short_);
        // (Hiding spots read from this map: no cell with an undecided place is safe.)
        HidingOptions ho;
        ho.spacing = 0.5;
        ho.zoneSpacing = 8;
        const HidingSpots spots = hidingSpots(*r.scenario, zone, {Probe{}}, ho, {}, &survey);
        QCOMPARE(spots.bases.size(), size_t{1});
        int unsafe = 0;
        for (size_t k = 0; k < survey.cells.size(); ++k) {
            const ExposureCell& a = survey.cells[k];
            QCOMPARE(static_cast<bool>(spots.bases[0].safe[k]), !a.overlap && a.seen == 0 && a.undecided == 0);
            unsafe += !a.overlap && a.seen == 0 && a.undecided > 0;
        }
        qInfo("%d cells seen from no place but with an undecided one: not safe", unsafe);
    }

    void hidingBehindAWallIsTheShadowWorkedOutByHand() {
        // A 5" high wall (x 10-20, y 10-11) on a 30 x 24 table, the enemy's zone south of it:
        // a base hides from a place when the wall, grown by half the sight line's width,
        // meets both outer common tangents of the place's base and its own (the segments
        // between their points of contact bound every line from one base to the other; a
        // line along either is open if the wall misses it), worked out here from the discs
        // alone. Each cell is safe where its base stands clear of the wall and within the
        // table and hides from every place: for a 32 mm and a 60 mm base, without and with
        // a 1 mm line. Cells within a hair of a tangent's touching the wall are left out.
        const double x0 = 10, x1 = 20, y0 = 10, y1 = 11;
        for (const double width : {0.0, 1.0}) {
            Scenario s = wallTable({30, 24}, {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}, 5);
            s.ruleset.sight_line_width_mm = width;
            s.zones.push_back(deploymentZone("south", "blue", {{6, 0}, {24, 0}, {24, 4}, {6, 4}}));
            std::vector<Probe> probes(2);
            probes[1].base = {BaseShape::Circle, 60, 60};
            HidingOptions options;
            options.spacing = 0.5;
            options.zoneSpacing = 2;
            const HidingSpots spots = hidingSpots(s, 0, probes, options);
            const std::vector<Vec2> places = zonePositions(s, s.zones[0], Probe{}, options.zoneSpacing);
            QCOMPARE(spots.places, static_cast<int>(places.size()));
            QVERIFY(places.size() >= 10);
            const double ro = 16 / 25.4, hw = width / 25.4 / 2, hair = 1e-6;
            // The distance from the segment a-b to the wall, and how long a stretch of it lies inside.
            auto toWall = [&](Vec2 a, Vec2 b) {
                double t0 = 0, t1 = 1;
                const Vec2 d = b - a;
                for (const auto& [p, q] : {std::pair{-d.x, a.x - x0}, {d.x, x1 - a.x}, {-d.y, a.y - y0}, {d.y, y1 - a.y}}) {
                    if (p == 0) {
                        if (q < 0) t1 = -1;
                        continue;
                    }
                    const double t = q / p;
                    if (p < 0) t0 = std::max(t0, t);
                    else t1 = std::min(t1, t);
                }
                if (t1 > t0) return std::pair{0.0, (t1 - t0) * std::hypot(d.x, d.y)};
                auto pointToWall = [&](Vec2 v) { return std::hypot(std::max({x0 - v.x, 0.0, v.x - x1}), std::max({y0 - v.y, 0.0, v.y - y1})); };
                auto cornerToSegment = [&](Vec2 c) {
                    const Vec2 ca = c - a;
                    const double k = std::clamp((ca.x * d.x + ca.y * d.y) / (d.x * d.x + d.y * d.y), 0.0, 1.0);
                    const Vec2 e = a + d * k - c;
                    return std::hypot(e.x, e.y);
                };
                double far = std::min(pointToWall(a), pointToWall(b));
                for (const Vec2 c : {Vec2{x0, y0}, Vec2{x1, y0}, Vec2{x1, y1}, Vec2{x0, y1}}) far = std::min(far, cornerToSegment(c));
                return std::pair{far, 0.0};
            };
            // Whether the wall meets the segment a-b (its band): 1 yes, 0 no, -1 too near to tell.
            auto meets = [&](Vec2 a, Vec2 b) {
                const auto [far, inside] = toWall(a, b);
                if (hw == 0) return inside > hair ? 1 : far > hair ? 0 : -1;
                return far < hw - hair ? 1 : far > hw + hair ? 0 : -1;
            };
            for (size_t b = 0; b < probes.size(); ++b) {
                const double rt = boundingRadius(probes[b].base);
                int safe = 0, near = 0;
                for (int k = 0; k < spots.grid.cells(); ++k) {
                    const Vec2 c = spots.grid.centre(k % spots.grid.cols, k / spots.grid.cols);
                    // No place to stand: over the table's edge, or on the wall.
                    if (c.x < rt || c.x > 30 - rt || c.y < rt || c.y > 24 - rt) {
                        QVERIFY(!spots.bases[b].safe[static_cast<size_t>(k)]);
                        continue;
                    }
                    const double clear = toWall(c, c).first;
                    if (std::abs(clear - rt) < hair) continue;
                    int hidden = clear > rt ? 1 : 0;
                    for (size_t i = 0; i < places.size() && hidden != 0; ++i) {
                        const Vec2 p = places[i], pc = c - p;
                        const double dist = std::hypot(pc.x, pc.y);
                        if (dist <= std::abs(ro - rt) + hair) {  // (one base within the other: seen)
                            hidden = 0;
                            break;
                        }
                        const double along = (ro - rt) / dist;
                        const Vec2 u = pc * (1 / dist), across{-u.y, u.x};
                        const double side = std::sqrt(1 - along * along);
                        int both = 1;
                        for (const double sign : {1.0, -1.0}) {
                            const Vec2 n = u * along + across * (sign * side);
                            const int m = meets(p + n * ro, c + n * rt);
                            both = m == 0 ? 0 : (m < 0 && both != 0) ? -1 : both;
                        }
                        hidden = both == 0 ? 0 : (both < 0 || hidden < 0) ? -1 : 1;
                    }
                    if (hidden < 0) {
                        ++near;
                        continue;
                    }
                    const QString where = QStringLiteral("%1 mm line, base %2, cell (%3, %4)").arg(width).arg(b).arg(c.x).arg(c.y);
                    QVERIFY2(bool(spots.bases[b].safe[static_cast<size_t>(k)]) == bool(hidden), qPrintable(where));
                    safe += hidden;
                }
                QVERIFY2(near < 20, qPrintable(QString::number(near)));
                QVERIFY2(safe > 40, qPrintable(QString::number(safe)));
                // Its area, the cells' count (each a quarter of a square inch): all of them
                // hidden from every place by the hand's reckoning, but the few too near to tell.
                QVERIFY(spots.bases[b].safeArea >= safe * 0.25 && spots.bases[b].safeArea <= (safe + near) * 0.25);
            }
            QVERIFY(spots.bases[1].safeArea < spots.bases[0].safeArea);  // the larger base hides in less room
        }
    }

    void hidingSpotsAreTheCellsNoPlaceSees() {
        // Behind a wall, seen from a zone on its other side: for three bases, the safe cells
        // are those of the exposure map seen from no place (semi-safe: from at most the
        // share), a larger base hides in no more room than a smaller one inside it, and the
        // areas are the cells' count.
        Scenario s = wallTable({24, 16}, {{10, 4}, {11, 4}, {11, 12}, {10, 12}}, 3);
        s.zones.push_back(deploymentZone("west", "blue", {{0, 2}, {6, 2}, {6, 14}, {0, 14}}));
        Zone flag;
        flag.id = "flag";
        flag.kind = "objective";
        flag.position = Vec2{17, 8};
        s.zones.push_back(flag);
        std::vector<Probe> probes(3);
        probes[1].base = {BaseShape::Oval, 60, 35.5};
        probes[2].base = {BaseShape::Rect, 100, 50};
        HidingOptions options;
        options.spacing = 1;
        options.zoneSpacing = 2;
        options.semiShare = 0.2;
        const HidingSpots spots = hidingSpots(s, 0, probes, options);
        QVERIFY(spots.complete);
        QCOMPARE(spots.places, 18);
        QCOMPARE(spots.semiMost, 3);
        QCOMPARE(spots.bases.size(), size_t(3));
        for (size_t b = 0; b < 3; ++b) {
            ExposureOptions eo;
            eo.spacing = 1;
            eo.zoneSpacing = 2;
            const ExposureMap map = exposureMap(s, 0, Probe{}, probes[b], eo);
            int safe = 0, semi = 0;
            for (size_t k = 0; k < map.cells.size(); ++k) {
                const ExposureCell& c = map.cells[k];
                QCOMPARE(bool(spots.bases[b].safe[k]), !c.overlap && c.seen == 0);
                QCOMPARE(bool(spots.bases[b].semi[k]), !c.overlap && c.seen <= 3);
                safe += spots.bases[b].safe[k];
                semi += spots.bases[b].semi[k];
            }
            QCOMPARE(spots.bases[b].safeArea, double(safe));
            QCOMPARE(spots.bases[b].semiArea, double(semi));
            QVERIFY(semi >= safe);
            if (b > 0) QVERIFY(spots.bases[b].safeArea <= spots.bases[b - 1].safeArea);
            // Its outlines enclose exactly its safe cells.
            double enclosed = 0;
            for (const Ring& r : cellOutlines(spots.grid, spots.bases[b].safe)) enclosed += signedArea(r);
            QCOMPARE(std::abs(enclosed), double(safe));
        }
        QVERIFY(spots.bases[0].safeArea > spots.bases[2].safeArea);  // infantry hides where the tank cannot
        QVERIFY(spots.bases[2].safeArea > 0);
        // The objective at (17, 8), in the wall's shadow: of its ground (the 32 cells whose
        // centres are within 3" of it), the safe cells; most, not all (places near the zone's
        // ends see past the wall's ends).
        QCOMPARE(spots.bases[0].objectives.size(), size_t(1));
        QCOMPARE(spots.bases[0].objectives[0].objective, std::string("flag"));
        int near = 0, nearSafe = 0;
        for (int k = 0; k < spots.grid.cells(); ++k) {
            const Vec2 c = spots.grid.centre(k % 24, k / 24);
            if (std::hypot(c.x - 17, c.y - 8) > 3) continue;
            ++near;
            nearSafe += spots.bases[0].safe[static_cast<size_t>(k)];
        }
        QCOMPARE(near, 32);
        QCOMPARE(spots.bases[0].objectives[0].safeArea, double(nearSafe));
        QVERIFY(nearSafe > 16 && nearSafe < 32);
        // An exposure map of the zone already made answers for its own model: the same cells.
        {
            ExposureOptions eo;
            eo.spacing = 1;
            eo.zoneSpacing = 2;
            const ExposureMap known = exposureMap(s, 0, Probe{}, probes[0], eo);
            ExposureOptions coarse = eo;
            coarse.spacing = 2;
            const ExposureMap other = exposureMap(s, 0, Probe{}, probes[0], coarse);  // (another grid: not used)
            for (const ExposureMap* map : {&known, &other}) {
                const HidingSpots again = hidingSpots(s, 0, probes, options, {}, map);
                for (size_t b = 0; b < 3; ++b) {
                    QCOMPARE(again.bases[b].safe, spots.bases[b].safe);
                    QCOMPARE(again.bases[b].semi, spots.bases[b].semi);
                }
            }
        }
        const std::vector<int> largest = largestHidden(spots, false);
        QCOMPARE(largest[static_cast<size_t>(8 * 24 + 16)], 2);  // straight behind: even the tank
    }

    void largerBasesSeenWhereSmallerOnesWithinThemAre() {
        // The hiding spots rule a larger base only where no smaller base within it was seen
        // from more places than semi-safe allows (HidingBase::fromSmaller): under 11e only
        // where the larger is within every obscuring area the smaller is (no more walls) and
        // within no dense one (13.09). Each base's cells are the same as its own hiding spots
        // made alone, on an official layout's ruins and woods, under 11e, 10e and true-los.
        const io::ReadResult r =
            io::readScenarioFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/layouts/11e/bm-purge-vs-purge-01.sightline.json"));
        QVERIFY(r.scenario);
        std::vector<Probe> probes(5);
        probes[0].base = {BaseShape::Circle, 25, 25};
        probes[2].base = {BaseShape::Oval, 60, 35.5};
        probes[3].base = {BaseShape::Rect, 100, 50};
        probes[4].base = {BaseShape::Oval, 170, 109};
        HidingOptions options;
        options.spacing = testing::sharedSpacing(1);
        options.zoneSpacing = 4;
        for (const char* ruleset : {"wh40k-11e", "wh40k-10e", "true-los"}) {
            Scenario s = *r.scenario;
            s.ruleset.name = ruleset;
            const HidingSpots together = hidingSpots(s, 1, probes, options);
            QVERIFY(together.complete);
            int settled = 0;
            for (size_t b = 0; b < probes.size(); ++b) {
                const HidingSpots alone = hidingSpots(s, 1, {probes[b]}, options);
                QCOMPARE(alone.bases[0].fromSmaller, 0);
                const HidingBase& t = together.bases[b];
                const HidingBase& a = alone.bases[0];
                for (size_t k = 0; k < t.safe.size(); ++k) {
                    const QString where = QStringLiteral("%1, base %2, cell %3").arg(QLatin1String(ruleset)).arg(b).arg(k);
                    QVERIFY2(t.safe[k] == a.safe[k] && t.semi[k] == a.semi[k] && t.seen[k] == a.seen[k], qPrintable(where));
                }
                settled += t.fromSmaller;
            }
            QVERIFY2(together.bases[0].fromSmaller == 0 && settled > testing::share(200), qPrintable(QString::number(settled)));
        }
    }

    void cellOutlinesEncloseTheirCells() {
        // Random sets of cells, holes and touching corners included: the outlines' areas add
        // up to the cells' (outer rings one way round, holes the other).
        std::mt19937 rng(77);
        for (int round = 0; round < 200; ++round) {
            Grid g;
            g.spacing = 0.5;
            g.cols = 1 + static_cast<int>(rng() % 12);
            g.rows = 1 + static_cast<int>(rng() % 12);
            std::vector<char> in(static_cast<size_t>(g.cells()));
            int count = 0;
            for (char& c : in) count += (c = rng() % 3 != 0);
            double area = 0;
            for (const Ring& r : cellOutlines(g, in)) area += signedArea(r);
            QCOMPARE(std::abs(area), count * 0.25);
        }
    }

    void lanesRunToTheLastOtherDeploymentZone() {
        // The deployment zones are the polygons of kind "deployment"; an objective, or a zone
        // with too few corners, is none. The lanes from one run to the last other the file
        // lists (the window and the CLI alike).
        Scenario s;
        s.board = {44, 60};
        const Ring square{{0, 0}, {6, 0}, {6, 6}, {0, 6}};
        s.zones.push_back(deploymentZone("a", "", square));
        Zone objective = deploymentZone("objective", "", square);
        objective.kind = "objective";
        s.zones.push_back(objective);
        s.zones.push_back(deploymentZone("b", "", square));
        s.zones.push_back(deploymentZone("flat", "", {{0, 0}, {6, 0}}));
        QCOMPARE(deploymentZones(s), (std::vector<int>{0, 2}));
        QCOMPARE(otherDeploymentZone(s, 0), 2);
        QCOMPARE(otherDeploymentZone(s, 2), 0);
        QCOMPARE(otherDeploymentZone(s, 1), 2);
        s.zones.push_back(deploymentZone("c", "", square));
        QCOMPARE(otherDeploymentZone(s, 0), 4);
        QCOMPARE(otherDeploymentZone(s, 4), 2);
        s.zones.resize(2);
        QCOMPARE(otherDeploymentZone(s, 0), -1);
    }

    void lanesAndGapsOnAHandBuiltTable() {
        // Two zones facing each other across a 40 x 30 table (y 0-6 and 24-30), two 4" high
        // walls across the middle (x 0-17 and 20-40, y 14-16): one lane through the 3" gap,
        // straight across, 3" wide and 18" long; the gap fits bases narrower than 3" and lets
        // a sight line through. A 1" high wall does not stop lines 1.75" high.
        Scenario s;
        s.board = {40, 30};
        s.ruleset.name = "true-los";
        auto wall = [&](const char* id, Ring footprint, double height) {
            TerrainPiece t;
            t.id = id;
            t.kind = TerrainKind::Feature;
            t.height = height;
            t.footprint.outer = std::move(footprint);
            s.terrain.push_back(t);
        };
        wall("west", {{0, 14}, {17, 14}, {17, 16}, {0, 16}}, 4);
        wall("east", {{20, 14}, {40, 14}, {40, 16}, {20, 16}}, 4);
        wall("low", {{17.5, 20}, {19.5, 20}, {19.5, 21}, {17.5, 21}}, 1);
        for (const auto& [id, y0] : {std::pair{"south", 0.0}, std::pair{"north", 24.0}}) {
            s.zones.push_back(deploymentZone(id, "", {{0, y0}, {40, y0}, {40, y0 + 6}, {0, y0 + 6}}));
        }
        const LanesAndGaps found = lanesAndGaps(s, 0, 1, 1.75, {{"25 mm", 25 / 25.4}, {"100 mm", 100 / 25.4}});
        QCOMPARE(found.blocking, (std::vector<int>{0, 1}));
        QVERIFY(!found.lanes.empty());
        const Lane& lane = found.lanes.front();
        QVERIFY2(std::abs(lane.width - 3) <= 1e-5, qPrintable(QString::number(lane.width, 'g', 10)));
        QVERIFY2(std::abs(std::cos(lane.angle)) < 0.02, qPrintable(QString::number(lane.angle)));  // straight across
        QVERIFY2(std::abs(lane.length - 18) < 0.05, qPrintable(QString::number(lane.length)));
        // Every lane found runs through the gap: its outline stays clear of both walls.
        for (const Lane& l : found.lanes)
            for (const Vec2& v : l.outline) QVERIFY(v.y <= 6 + 1e-9 || v.y >= 24 - 1e-9);
        QCOMPARE(found.gaps.size(), size_t(1));
        const Gap& g = found.gaps.front();
        QCOMPARE(g.width, 3.0);
        QCOMPARE(g.basesThrough, std::vector<std::string>{"25 mm"});
        QVERIFY(g.sightPasses);
    }

    void aLanesEdgesAreTheCorridorsOwn() {
        // Every lane of a few official layouts, against lines sampled independently: its two
        // edges' lines, moved 0.001" inwards, cross no piece that stops sight; moved 0.01"
        // outwards, each crosses one (or leaves the zones). Its width was the count of its
        // clear lines times their spacing, up to a spacing more than the corridor: on Purge vs
        // Purge 01 a lane 2.9" wide through a gap of 2.83".
        for (const char* file : {"bm-purge-vs-purge-01", "bm-assets-vs-assets-01", "bm-disrupt-vs-assets-01"}) {
            const io::ReadResult r = io::readScenarioFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/layouts/11e/%1.sightline.json").arg(QLatin1String(file)));
            QVERIFY(r.scenario);
            const Scenario& s = *r.scenario;
            const std::vector<int> zones = deploymentZones(s);
            QCOMPARE(zones.size(), size_t(2));
            const LanesAndGaps found = lanesAndGaps(s, zones[0], zones[1], 1.75, {});
            // (A point strictly within a piece that stops sight, or outside both zones' reach.)
            auto blockedAt = [&](Vec2 p) {
                for (int b : found.blocking)
                    if (locate(p, s.terrain[static_cast<size_t>(b)].footprint) == Where::Inside) return true;
                return false;
            };
            auto crosses = [&](Vec2 a, Vec2 b) {
                constexpr int kSamples = 8000;
                for (int k = 0; k <= kSamples; ++k)
                    if (blockedAt(a + (b - a) * (static_cast<double>(k) / kSamples))) return true;
                return false;
            };
            auto inZone = [&](Vec2 p, int z) { return locate(p, s.zones[static_cast<size_t>(z)].polygon) != Where::Outside; };
            QVERIFY(!found.lanes.empty());
            for (size_t i = 0; i < found.lanes.size(); ++i) {
                const Lane& l = found.lanes[i];
                const QString what = QStringLiteral("%1 lane %2 (%3\" at %4 degrees)").arg(QLatin1String(file)).arg(i + 1).arg(l.width).arg(l.angle * 180 / std::numbers::pi);
                const Vec2 n{-std::sin(l.angle), std::cos(l.angle)};
                const Ring& o = l.outline;  // p0, q0, q1, p1: the first edge p0-q0, the last p1-q1
                auto dot = [](Vec2 a, Vec2 b) { return a.x * b.x + a.y * b.y; };
                const double side = dot(o[3] - o[0], n) >= 0 ? 1 : -1;  // (across, from the first edge to the last)
                QVERIFY2(std::abs(std::abs(dot(o[3] - o[0], n)) - l.width) < 1e-6, qPrintable(what));
                QVERIFY2(!crosses(o[0] + n * (side * 0.001), o[1] + n * (side * 0.001)), qPrintable(what + QStringLiteral(": first edge")));
                QVERIFY2(!crosses(o[3] - n * (side * 0.001), o[2] - n * (side * 0.001)), qPrintable(what + QStringLiteral(": last edge")));
                // Outwards: blocked between the zones, or the zones end there (the line's ends
                // leave them).
                const Vec2 d{std::cos(l.angle), std::sin(l.angle)};
                auto shut = [&](Vec2 p, Vec2 q) {
                    // (Its stretch between the zones, a little longer either way: a line whose
                    // ends are no longer on the zones' edges runs on into one or stops short.)
                    const Vec2 a = p - d * 0.02, b = q + d * 0.02;
                    return crosses(p, q) || !(inZone(a, zones[0]) || inZone(a, zones[1])) || !(inZone(b, zones[0]) || inZone(b, zones[1]));
                };
                QVERIFY2(shut(o[0] - n * (side * 0.01), o[1] - n * (side * 0.01)), qPrintable(what + QStringLiteral(": open beyond the first edge")));
                QVERIFY2(shut(o[3] + n * (side * 0.01), o[2] + n * (side * 0.01)), qPrintable(what + QStringLiteral(": open beyond the last edge")));
            }
        }
    }

    void cancelledMapsSaySo() {
        const io::ReadResult r = io::readScenarioFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/demo.sightline.json"));
        QVERIFY(r.scenario);
        std::atomic<bool> cancel{true};
        Run run;
        run.cancel = &cancel;
        int reported = 0;
        run.progress = [&](int, int) { ++reported; };
        const VisionMap map = visionMap(*r.scenario, {0}, Probe{}, 0.5, run);
        QVERIFY(!map.complete);
        QCOMPARE(reported, 0);
        // Uncancelled, progress reaches the whole grid.
        cancel = false;
        std::atomic<int> last{0}, whole{0};
        run.progress = [&](int done, int total) {  // (from the map's threads: only noted here)
            whole = total;
            int seen = last.load();
            while (done > seen && !last.compare_exchange_weak(seen, done)) {
            }
        };
        const VisionMap coarse = visionMap(*r.scenario, {0}, Probe{}, 2.0, run);
        QVERIFY(coarse.complete);
        QCOMPARE(whole.load(), coarse.grid.cells());
        QCOMPARE(last.load(), coarse.grid.cells());
    }
};

QTEST_MAIN(TestAnalysis)
#include "tst_analysis.moc"
