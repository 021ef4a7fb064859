// The exact decision: hand-built cases that sampling gets wrong or that hang on a single
// point, and properties on random tables against a brute-force reference.
#include "fixtures.h"
#include "kernel/base.h"
#include "kernel/exact.h"
#include "kernel/polygon.h"
#include "los/exact_los.h"
#include "los/pair.h"
#include "los/scene.h"
#include "table_generator.h"

#include <QtTest>

#include <cmath>
#include <numbers>
#include <random>
#include <stdexcept>

using namespace sl;
using sl::testing::randomTable;
using sl::testing::scatterModels;
using namespace sl::testing;

namespace {

// Dense points of a base: its outline's vertices (every one up to 48, evenly chosen
// beyond) and a grid inside.
std::vector<Vec2> densePoints(const Model& m) {
    const Ring outline = baseOutline(m);
    std::vector<Vec2> pts;
    const size_t step = std::max<size_t>(1, outline.size() / 48);
    for (size_t i = 0; i < outline.size(); i += step) pts.push_back(outline[i]);
    for (const Vec2& q : basePoints(m, 24, false)) pts.push_back(q);
    return pts;
}

// The reference: some segment between the dense points of both bases is open.
std::optional<Segment> bruteForce(const Scene& scene, int o, int t) {
    const Model& mo = scene.scenario().models[o];
    const Model& mt = scene.scenario().models[t];
    const ModelMask ignored = scene.ignoredModels(o, t);
    const auto from = densePoints(mo), to = densePoints(mt);
    for (const Vec2& p : from)
        for (const Vec2& q : to)
            if (!scene.blocked({p, q, mo.top(), mt.top()}, ignored)) return Segment{p, q};
    return std::nullopt;
}

struct Verdicts {
    bool exact = false;
    bool sampled = false;
};

Verdicts decide(const Scenario& s, const std::string& o, const std::string& t) {
    const Scene scene(s);
    return {findSightLine(scene, scene.modelIndex(o), scene.modelIndex(t), Method::Exact).has_value(),
            findSightLine(scene, scene.modelIndex(o), scene.modelIndex(t), Method::Sampled).has_value()};
}

}  // namespace

class TestExact : public QObject {
    Q_OBJECT
private slots:
    void slitsThatSamplingMisses_data() {
        QTest::addColumn<double>("width");
        QTest::newRow("0.05 inch") << 0.05;
        QTest::newRow("0.001 inch") << 0.001;
    }

    void slitsThatSamplingMisses() {
        // A 1" thick wall with a horizontal slit centred on y = 22.1: no sampled line stays
        // inside it (the sample points sit at y = 21.37, 22 and 22.63), the line y = 22.1
        // between the bases does.
        QFETCH(double, width);
        Scenario s;
        s.terrain = {wall("lower", 29, 8, 30, 22.1 - width / 2), wall("upper", 29, 22.1 + width / 2, 30, 36)};
        s.models = {infantry("A", {10, 22}), infantry("B", {50, 22})};
        const Verdicts v = decide(s, "A", "B");
        QVERIFY(!v.sampled);
        QVERIFY(v.exact);
        // And the witness really runs through the slit.
        const Scene scene(s);
        const auto w = findSightLine(scene, 0, 1, Method::Exact);
        QVERIFY(!scene.blocked({w->a, w->b, 1.75, 1.75}, scene.ignoredModels(0, 1)));
        // Closing the slit closes the view.
        s.terrain[1] = wall("upper", 29, 22.1 - width / 2, 30, 36);
        QVERIFY(!decide(s, "A", "B").exact);
    }

    void pinchIsOpenAtZeroWidthAndClosedAtOneMillimetre() {
        Scenario s;
        s.terrain = {wall("nw", 28, 10, 30, 22), wall("se", 30, 22, 32, 34)};
        s.models = {infantry("A", {20, 32}), infantry("B", {40, 12})};
        // Move the models off the pinch's diagonal: only lines through the pinch point
        // can still pass, and none of the sample lines goes through it.
        s.models[0].position = {19.5, 32.3};
        QVERIFY(decide(s, "A", "B").exact);
        s.ruleset.sight_line_width_mm = 1;
        QVERIFY(!decide(s, "A", "B").exact);
    }

    // Degenerate input that is still valid: points on an edge's line (collinear corners)
    // change no answer, whatever the models' places (the decision, fully visible, with and
    // without a 1 mm line).
    void collinearCornersChangeNothing() {
        auto withMidpoints = [](Polygon p) {
            Ring more;
            for (size_t i = 0; i < p.outer.size(); ++i) {
                const Vec2 a = p.outer[i], b = p.outer[(i + 1) % p.outer.size()];
                more.push_back(a);
                more.push_back(a + (b - a) * 0.5);       // exactly on the edge (halves are exact)
                more.push_back(a + (b - a) * 0.75);
            }
            p.outer = more;
            return p;
        };
        SplitMix64 rng(77);
        int visible = 0, hidden = 0;
        for (double width : {0.0, 1.0}) {
            Scenario plain;
            plain.ruleset.sight_line_width_mm = width;
            plain.terrain = {wall("a", 20, 10, 24, 20, 3), wall("b", 30, 18, 31, 30, 5), wall("c", 36, 8, 40, 12, 1.5)};
            Scenario degenerate = plain;
            for (TerrainPiece& t : degenerate.terrain) t.footprint = withMidpoints(t.footprint);
            for (int k = 0; k < 30; ++k) {
                const Vec2 a{rng.uniform(5, 15), rng.uniform(5, 35)}, b{rng.uniform(45, 55), rng.uniform(5, 35)};
                for (Scenario* sc : {&plain, &degenerate}) sc->models = {infantry("A", a), infantry("B", b)};
                const Scene p(plain), d(degenerate);
                const PairResult x = evaluatePair(p, 0, 1, Method::Exact, Detail::Decisions);
                const PairResult y = evaluatePair(d, 0, 1, Method::Exact, Detail::Decisions);
                const QString where = QStringLiteral("width %1, A (%2, %3), B (%4, %5)").arg(width).arg(a.x).arg(a.y).arg(b.x).arg(b.y);
                QVERIFY2(x.visible == y.visible && x.fully_visible == y.fully_visible && x.undecided == y.undecided,
                         qPrintable(where));
                (x.visible ? visible : hidden)++;
            }
        }
        QVERIFY(visible > 5 && hidden > 5);  // both answers were asked
    }

    // A base flush against a wall's face (its edge exactly on the face): it sees along the
    // face and past it on its own side, and nothing through the wall.
    void baseFlushAgainstAWall() {
        Scenario s;
        s.terrain = {wall("w", 20, 0, 22, 44, 5)};
        Model flush = infantry("A", {23, 20});
        flush.base = {BaseShape::Rect, 50.8, 25.4};  // 2" x 1": its west edge at x = 22 exactly
        s.models = {flush, infantry("B", {40, 30}), infantry("C", {10, 20}), infantry("D", {23, 35})};
        const Scene scene(s);
        const ModelMask none(4, 0);
        auto seen = [&](int o, int t) { return evaluatePair(scene, o, t, Method::Exact, Detail::Decisions); };
        QVERIFY(seen(0, 1).visible && seen(0, 1).fully_visible);
        QVERIFY(!seen(0, 2).visible && !seen(0, 2).undecided);  // through the wall
        QVERIFY(!seen(2, 0).visible && !seen(2, 0).undecided);
        QVERIFY(seen(0, 3).visible);                              // along the face, on its side
        // A line along the face itself touches it and stays open.
        QVERIFY(!scene.blocked({{22, 20}, {22, 35}, 1.75, 1.75}, none));
        QVERIFY(scene.blocked({{21.999, 20}, {22, 35}, 1.75, 1.75}, none));
    }

    // A hole that touches its ring at one point (a courtyard closed but for a point): a line
    // through that point passes at zero width and not with a 1 mm line; one through the
    // solid beside it does not.
    void holeTouchingItsRing() {
        Scenario s;
        TerrainPiece yard = wall("yard", 10, 4, 30, 24, 5);
        Ring hole{{20, 4}, {26, 18}, {14, 18}};  // its first corner on the ring's south edge
        yard.footprint.holes = {hole};
        orientForInteriorLeft(yard.footprint);
        s.terrain = {yard};
        Model in = infantry("A", {20, 14}), out = infantry("B", {20, 0.5});
        in.base = out.base = {BaseShape::Circle, 10, 10};
        s.models = {in, out};
        const Scene scene(s);
        const ModelMask none(2, 0);
        QVERIFY(!scene.blocked({{20, 14}, {20, 0.5}, 1.75, 1.75}, none));   // through the point
        QVERIFY(scene.blocked({{20.01, 14}, {20.01, 0.5}, 1.75, 1.75}, none));
        QVERIFY(decide(s, "A", "B").exact);
        s.ruleset.sight_line_width_mm = 1;
        QVERIFY(!decide(s, "A", "B").exact);
    }

    void seamBetweenAbuttingWallsBlocks() {
        Scenario s;
        s.terrain = {wall("n", 29, 10, 30, 22), wall("s", 29, 22, 30, 34)};
        s.models = {infantry("A", {10, 22}), infantry("B", {50, 22})};
        QVERIFY(!decide(s, "A", "B").exact);
        // Pulled apart by a hair, the walls leave a slit.
        s.terrain[1] = wall("s", 29, 22.0001, 30, 34);
        QVERIFY(decide(s, "A", "B").exact);
    }

    void grazeAlongAnEdgeIsOpen() {
        // The bases sit so that the only open lines run along y = 22, where one wall's
        // south edge and another's north edge lie; a 1 mm band does not fit.
        Scenario s;
        s.terrain = {wall("n", 25, 15, 35, 22), wall("s", 36, 22, 40, 30)};
        s.models = {infantry("A", {10, 22}), infantry("B", {50, 22})};
        s.terrain.push_back(wall("n2", 14, 10, 15, 22));   // nothing passes above y = 22 near A
        s.terrain.push_back(wall("s2", 44, 22, 45, 34));   // nor below it near B
        QVERIFY(decide(s, "A", "B").exact);
        s.ruleset.sight_line_width_mm = 1;
        QVERIFY(!decide(s, "A", "B").exact);
    }

    void heightProfileOverALowWall() {
        // Level 2" lines pass over a 1.5" wall; a 1" target behind it at ground level is
        // seen by a 6" observer only because the line falls steeply after the wall.
        Scenario s;
        s.terrain = {wall("low", 29, 8, 30, 36, 1.5)};
        s.models = {infantry("A", {10, 22}), infantry("B", {50, 22})};
        s.models[0].height = 2;
        s.models[1].height = 2;
        QVERIFY(decide(s, "A", "B").exact);
        s.models[1].height = 1;  // falling from 2 to 1: at x = 29..30 the line is near 1.5"
        const Scene scene(s);
        const bool exact = findSightLine(scene, 0, 1, Method::Exact).has_value();
        QCOMPARE(exact, bruteForce(scene, 0, 1).has_value());
    }

    void hiddenPatchStrictlyInsideTheBase() {
        // A 1" post stands on a 160 mm base's footprint; the observer looks down from 30"
        // up, 40" away. The post hides a patch of ground about 1.4" long behind it, well
        // inside the 6.3" base, while the base's whole rim is in view.
        Scenario s;
        s.terrain = {wall("post", 49.9, 21.9, 50.1, 22.1, 1)};
        s.models = {infantry("O", {10, 22}), infantry("T", {50.5, 22})};
        s.models[0].elevation = 28.25;
        s.models[1].base = {BaseShape::Circle, 160, 160};
        s.models[1].height = 3;
        const Scene scene(s);
        const PairResult r = evaluatePair(scene, 0, 1, Method::Exact);
        QVERIFY(r.visible);
        QVERIFY(!r.fully_visible);
        QVERIFY(r.visible_fraction > 0.9);
        // Every point of the rim is seen at the foot.
        for (const Vec2& q : baseOutline(s.models[1]))
            QVERIFY(decideExact(scene, baseRegion(s.models[0]), s.models[0].top(), pointRegion(q), 0,
                                scene.ignoredModels(0, 1), Witness::First)
                        .visible);
        // Without the post, all of it is seen.
        s.terrain.clear();
        const Scene open(s);
        QVERIFY(evaluatePair(open, 0, 1, Method::Exact).fully_visible);
    }

    void fullyVisibleIntoTheBayOfAnOutline() {
        // A tall C-shaped ruin wall (x 20..32, y 18..30, open to the south between x 22 and
        // 30) with a target standing in its bay at (26, 24), an observer 14" south at (26,
        // 10): every line between them runs in through the opening, 2.6" or more clear of the
        // arms, so the target is fully visible, and under 11th edition's 1 mm line too. The
        // piece's hull holds the whole target: a fan is cleared only against its convex parts.
        TerrainPiece c;
        c.id = "c";
        c.kind = TerrainKind::Feature;
        c.height = 6;
        c.footprint.outer = {{20, 18}, {22, 18}, {22, 28}, {30, 28}, {30, 18}, {32, 18}, {32, 30}, {20, 30}};
        for (const char* ruleset : {"true-los", "wh40k-11e"}) {
            Scenario s;
            s.ruleset.name = ruleset;
            s.ruleset.sight_line_width_mm = std::string(ruleset) == "true-los" ? 0 : 1;
            s.terrain = {c};
            s.models = {infantry("O", {26, 10}), infantry("T", {26, 24})};
            const Scene scene(s);
            const PairResult r = evaluatePair(scene, 0, 1, Method::Exact);
            QVERIFY2(r.visible && r.fully_visible && !r.undecided, ruleset);
            QVERIFY(visibilityMatrix(scene, {0}, {1})[0].fully_visible);
        }
    }

    void fullyVisibleWithRisingLines() {
        // A target standing 5" up (foot at 5") seen by a 1.75" model over a low wall close to
        // it (x 12 to 13). A rising line is lowest over the wall at its near edge x = 12, and
        // highest there when it starts from the back of the observer's base (x = 9.37) and
        // ends at the front of the target's (x = 49.37): 1.75 + 3.25 * 2.63 / 40 = 1.96" to
        // the foot, 1.75 + 5 * 2.63 / 40 = 2.08" to the top.
        Scenario s;
        s.terrain = {wall("low", 12, 10, 13, 34, 1.9)};
        s.models = {infantry("O", {10, 22}), infantry("T", {50, 22})};
        s.models[1].elevation = 5;
        {
            const Scene scene(s);
            const PairResult r = evaluatePair(scene, 0, 1, Method::Exact);
            QVERIFY(r.visible);
            QVERIFY(r.fully_visible);  // every foot point is seen over 1.9"
        }
        s.terrain[0].height = 2.05;  // no foot line clears it; a line to the top still does
        const Scene scene(s);
        const PairResult r = evaluatePair(scene, 0, 1, Method::Exact);
        QVERIFY(r.visible);
        QVERIFY(!r.fully_visible);
        QVERIFY(!visibilityMatrix(scene, {0}, {1})[0].fully_visible);
    }

    void visibleFractionMatchesTheHandComputedShare() {
        // A 6" observer on a 2" x 10" base (front edge x = 11) sees a 2" target on a 2" x 2"
        // base (x 49 to 51) over a 3.5" wall whose far edge is x = 30, running the table's
        // length. A target point at x sees down to z(x) = 6 - 2.5 (x - 11) / 19, from 1 at
        // x = 49 to 0.737 at x = 51; the share seen, (2 - z) / 2, is linear in x, so its mean
        // over the base is its value at the middle: (2 - (6 - 2.5 * 39 / 19)) / 2 = 0.5658.
        Scenario s;
        s.terrain = {wall("wall", 29, 0, 30, 44, 3.5)};
        s.models = {infantry("O", {10, 22}), infantry("T", {50, 22})};
        s.models[0].base = {BaseShape::Rect, 50.8, 254};
        s.models[0].height = 6;
        s.models[1].base = {BaseShape::Rect, 50.8, 50.8};
        s.models[1].height = 2;
        const Scene scene(s);
        const PairResult r = evaluatePair(scene, 0, 1, Method::Exact);
        QVERIFY(r.visible);
        QVERIFY(!r.fully_visible);
        const double expected = (2 - (6 - 2.5 * 39 / 19)) / 2;
        QVERIFY2(std::abs(r.visible_fraction - expected) <= 0.01,
                 qPrintable(QStringLiteral("%1, expected %2").arg(r.visible_fraction).arg(expected)));
    }

    void agreesWithBruteForceOnRandomTables_data() {
        QTest::addColumn<int>("vertices");
        QTest::addColumn<int>("pieces");
        QTest::addColumn<int>("wanted");
        QTest::newRow("rectangles") << 4 << 16 << 1000;
        QTest::newRow("12-point stars (not convex)") << 12 << 150 << 300;
        // Pieces of many edges, whose edges the proofs look at a run at a time (edgesNear).
        QTest::newRow("72-point stars (edge runs)") << 72 << 60 << 200;
    }

    // A line is tested against a many-edged piece's edges a run at a time (Blocker::runs):
    // every edge it touches or crosses is among those visited, for lines through vertices,
    // along edges and in general position, with a hole of many edges too.
    void edgeRunsVisitEveryEdgeALineMeets() {
        SplitMix64 rng(5);
        Scenario s;
        TerrainPiece t;
        t.id = "ring";
        t.kind = TerrainKind::Feature;
        t.height = 3;
        for (int k = 0; k < 150; ++k) {
            const double ang = 2 * std::numbers::pi * k / 150, r = rng.uniform(4, 6);
            t.footprint.outer.push_back({30 + r * std::cos(ang), 22 + r * std::sin(ang)});
        }
        Ring hole;
        for (int k = 0; k < 60; ++k) {
            const double ang = -2 * std::numbers::pi * k / 60, r = rng.uniform(1, 2);
            hole.push_back({30 + r * std::cos(ang), 22 + r * std::sin(ang)});
        }
        t.footprint.holes.push_back(hole);
        s.terrain.push_back(t);
        const Scene scene(s);
        const Blocker& bl = scene.blockers().front();
        QVERIFY(bl.runs.size() > 4);  // (else this tests nothing)
        std::vector<std::pair<Vec2, Vec2>> edges;
        for (const Ring* r : {&bl.polygon.outer, &bl.polygon.holes.front()})
            for (size_t i = 0; i < r->size(); ++i) edges.emplace_back((*r)[i], (*r)[(i + 1) % r->size()]);
        int lines = 0, met = 0;
        for (int k = 0; k < 3000; ++k) {
            Vec2 u{rng.uniform(20, 40), rng.uniform(12, 32)}, w{rng.uniform(20, 40), rng.uniform(12, 32)};
            const auto& [c, d] = edges[static_cast<size_t>(rng.uniform(0, static_cast<double>(edges.size()) - 1e-9))];
            if (k % 3 == 1) u = c;                                     // through a vertex
            if (k % 3 == 2) u = c, w = d;                              // along an edge
            if (u == w) continue;
            std::vector<char> visited(edges.size(), 0);
            edgesNear(bl, u, w, [&](Vec2, Vec2, int index) { visited[static_cast<size_t>(index)] = 1; });
            for (size_t i = 0; i < edges.size(); ++i) {
                const int oc = exact::orient(u, w, edges[i].first), od = exact::orient(u, w, edges[i].second);
                if (oc == od && oc != 0) continue;  // wholly on one side
                ++met;
                QVERIFY2(visited[i], qPrintable(QStringLiteral("line %1: edge %2 meets it and was not visited").arg(k).arg(i)));
            }
            ++lines;
        }
        QVERIFY(lines > 2500 && met > lines);
    }

    void agreesWithBruteForceOnRandomTables() {
        QFETCH(int, vertices);
        QFETCH(int, pieces);
        QFETCH(int, wanted);
        int pairs = 0, visible = 0, missed = 0, sampledOnly = 0;
        for (uint64_t seed = 1; pairs < wanted; ++seed) {
            Scenario s = randomTable(seed, pieces, 0, vertices);
            scatterModels(s, seed * 31, 8);
            const Scene scene(s);
            for (int o = 0; o < static_cast<int>(s.models.size()); ++o)
                for (int t = 0; t < static_cast<int>(s.models.size()); ++t) {
                    if (o == t) continue;
                    ++pairs;
                    const ModelMask ignored = scene.ignoredModels(o, t);
                    const Model& mo = s.models[o];
                    const Model& mt = s.models[t];
                    const ExactAnswer a = decideExact(scene, baseRegion(mo), mo.top(), baseRegion(mt), mt.top(),
                                                      ignored, Witness::First);
                    const auto reference = bruteForce(scene, o, t);
                    visible += a.visible;
                    if (a.visible) {
                        // Never visible on a blocked witness.
                        QVERIFY2(!scene.blocked({a.witness->p, a.witness->q, mo.top(), mt.top()}, ignored),
                                 qPrintable(QStringLiteral("seed %1 %2->%3: blocked witness").arg(seed).arg(o).arg(t)));
                        QVERIFY(baseContains(mo, a.witness->p));
                        QVERIFY(baseContains(mt, a.witness->q));
                    } else if (reference) {
                        ++missed;
                        qWarning("seed %llu %d->%d: the reference sees (%.6f, %.6f)-(%.6f, %.6f)",
                                 static_cast<unsigned long long>(seed), o, t, reference->a.x, reference->a.y,
                                 reference->b.x, reference->b.y);
                    }
                    if (findSightLine(scene, o, t, Method::Sampled) && !a.visible) ++sampledOnly;
                    // Equal heights and elevations: the same answer both ways.
                    if (mo.top() == mt.top() && mo.elevation == mt.elevation)
                        QCOMPARE(findSightLine(scene, t, o, Method::Exact).has_value(), a.visible);
                }
        }
        qInfo("%d pairs, %d visible", pairs, visible);
        QVERIFY(visible * 10 > pairs && visible * 10 < pairs * 9);
        QCOMPARE(missed, 0);
        QCOMPARE(sampledOnly, 0);
    }

    void addingAPieceNeverMakesVisible() {
        int checked = 0;
        for (uint64_t seed = 100; seed < 106; ++seed) {
            Scenario s = randomTable(seed, 12, 0);
            scatterModels(s, seed, 6);
            Scenario more = s;
            for (TerrainPiece t : randomTable(seed + 7, 6, 0).terrain) {
                t.id += "+";
                more.terrain.push_back(t);
            }
            const Scene before(s), after(more);
            for (int o = 0; o < static_cast<int>(s.models.size()); ++o)
                for (int t = 0; t < static_cast<int>(s.models.size()); ++t) {
                    if (o == t) continue;
                    ++checked;
                    if (!findSightLine(before, o, t, Method::Exact))
                        QVERIFY(!findSightLine(after, o, t, Method::Exact).has_value());
                }
        }
        QVERIFY(checked > 100);
    }

    void aMovedModelIsAsInANewScene() {
        // Scene::modelMoved (a model placed again and again, as layout analysis does) must
        // leave the scene as a new one of the moved table: the same blockers of random
        // lines, the same exact decisions, with 1 mm lines and without.
        std::mt19937 rng(77);
        std::uniform_real_distribution<double> x(1, 59), y(1, 43);
        int lines = 0, pairs = 0;
        for (uint64_t seed = 300; seed < 304; ++seed) {
            Scenario s = randomTable(seed, 14, 0);
            scatterModels(s, seed, 5);
            s.ruleset.sight_line_width_mm = seed % 2 ? 1.0 : 0.0;
            Scene moved(s);
            for (int step = 0; step < 6; ++step) {
                const int m = static_cast<int>(rng() % s.models.size());
                s.models[m].position = {x(rng), y(rng)};
                moved.modelMoved(m);
                const Scene fresh(s);
                for (int k = 0; k < 60; ++k) {
                    const SightLine line{{x(rng), y(rng)}, {x(rng), y(rng)}, 0.5 + (k % 3), 0.2 * (k % 5)};
                    const ModelMask none(s.models.size(), 0);
                    QCOMPARE(moved.blocked(line, none), fresh.blocked(line, none));
                    QCOMPARE(moved.blockersOf(line, none), fresh.blockersOf(line, none));
                    ++lines;
                }
                for (int o = 0; o < static_cast<int>(s.models.size()); ++o) {
                    if (o == m) continue;
                    for (const auto& [a, b] : {std::pair{o, m}, std::pair{m, o}}) {
                        const PairResult p = evaluatePair(moved, a, b, Method::Exact, Detail::Decisions);
                        const PairResult q = evaluatePair(fresh, a, b, Method::Exact, Detail::Decisions);
                        QCOMPARE(p.visible, q.visible);
                        QCOMPARE(p.fully_visible, q.fully_visible);
                        QCOMPARE(p.undecided, q.undecided);
                        QCOMPARE(p.blocking_set, q.blocking_set);
                        ++pairs;
                    }
                }
            }
        }
        QVERIFY(lines >= 1000);
        QVERIFY(pairs >= 100);
        // Only the position may change: a new base is refused, not half applied.
        Scenario s = randomTable(5, 4, 0);
        scatterModels(s, 5, 2);
        const Scenario before = s;
        Scene scene(s);
        s.models[0].base = {BaseShape::Rect, 100, 50};
        s.models[0].position = s.models[0].position + Vec2{3, 0};
        QVERIFY_THROWS_EXCEPTION(std::logic_error, scene.modelMoved(0));
        QCOMPARE(scene.modelRegion(0).outline, Scene(before).modelRegion(0).outline);
    }
};

QTEST_GUILESS_MAIN(TestExact)
#include "tst_exact.moc"
