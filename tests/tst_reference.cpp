// The exact method against an independent reference (reference_los.h), on generated hard
// tables (platforms, walls with tops between the models', crossing walls, round models in
// contact): every witness is open when checked exactly by the reference, with its ends in
// the true bases; no pair said not visible has a sight line the reference finds (and
// confirms exactly); no point said hidden behind "not fully visible" is reached; and a
// pair said fully visible has no foot point the reference cannot reach even with every
// piece 0.02" lower. SIGHTLINE_REFERENCE_TABLES sets how many tables (ctest: 500, both
// directions each) and SIGHTLINE_REFERENCE_FIRST the first seed; tools/reference-run.sh
// runs the long check. Under tools/sanitize.sh every check here draws a share of its tables
// (SIGHTLINE_TEST_SHARE, tests/share.h).
#include "kernel/region.h"
#include "los/coverage.h"
#include "los/exact_los.h"
#include "los/scene.h"
#include "reference_los.h"
#include "share.h"

#include <QtTest>

#include <boost/geometry.hpp>
#include <boost/geometry/geometries/point_xy.hpp>
#include <boost/geometry/geometries/polygon.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <numbers>

using namespace sl;

namespace {

// The scene's test of one line against the reference's: whether the reference finds it
// blocked; a disagreement is added to `problems`, with the table's seed.
bool sameAsTheReference(const Scene& scene, const ModelMask& ignored, const std::vector<reference::Piece>& pieces,
                        const SightLine& line, uint64_t seed, QStringList& problems) {
    const bool ours = scene.blocked(line, ignored);
    const bool theirs = reference::blockedExact(pieces, line.a, line.h0, line.b, line.h1);
    if (ours != theirs)
        problems << QStringLiteral("table %1: (%2, %3) at %4 - (%5, %6) at %7: the scene says %8, the reference %9")
                        .arg(seed).arg(line.a.x, 0, 'g', 17).arg(line.a.y, 0, 'g', 17).arg(line.h0, 0, 'g', 17)
                        .arg(line.b.x, 0, 'g', 17).arg(line.b.y, 0, 'g', 17).arg(line.h1, 0, 'g', 17)
                        .arg(ours ? "blocked" : "open", theirs ? "blocked" : "open");
    return theirs;
}

// Two models on 32 mm bases: O (the observer) and T, their heights and places.
std::vector<Model> twoModels(double oHeight, Vec2 observer, double tHeight, Vec2 target) {
    Model o, t;
    o.id = o.unit = "O";
    t.id = t.unit = "T";
    for (Model* m : {&o, &t}) m->base = {BaseShape::Circle, 32, 32};
    o.height = oHeight;
    t.height = tHeight;
    o.position = observer;
    t.position = target;
    return {o, t};
}

// A 60" x 44" table with a walkway (its footprint, bottom and top), a 1.75" observer and a
// 3" target (32 mm bases).
Scenario withAWalkway(const Ring& footprint, double bottom, double top, Vec2 observer, Vec2 target) {
    Scenario s;
    s.board = {60, 44};
    TerrainPiece walkway;
    walkway.id = "walkway";
    walkway.bottom = bottom;
    walkway.height = top;
    walkway.footprint.outer = footprint;
    s.terrain = {walkway};
    s.models = twoModels(1.75, observer, 3, target);
    return s;
}

// A floor resting on a wall at a random angle (its underside at the wall's top, h, between
// 1.5" and 3"), `floorLength` its half-length's range, turned `floorTurn` from the wall; and
// two 32 mm models across the wall whose tops are at h, `off` and `shift` how far along it.
struct FloorOnAWall {
    Scenario s;
    double h;
    Vec2 c;
};
FloorOnAWall floorOnAWall(testing::SplitMix64& rng, std::pair<double, double> floorLength, double floorTurn, double off, double shift) {
    FloorOnAWall out;
    const double h = out.h = std::round(rng.uniform(1.5, 3) * 16) / 16;
    const double angle = rng.uniform(0, std::numbers::pi);
    const Vec2 c = out.c = {30 + rng.uniform(-2, 2), 22 + rng.uniform(-2, 2)};
    Scenario& s = out.s;
    s.board = {60, 44};
    TerrainPiece wall, floor;
    wall.id = "wall";
    wall.height = h;
    wall.footprint.outer = reference::rectangleOnGrid(c, rng.uniform(4, 10), rng.uniform(0.25, 1), angle);
    floor.id = "floor";
    floor.bottom = h;
    floor.height = h + 0.25;
    floor.footprint.outer = reference::rectangleOnGrid(c + Vec2{rng.uniform(-1, 1), rng.uniform(-1, 1)},
                                                       rng.uniform(floorLength.first, floorLength.second), rng.uniform(1, 3),
                                                       angle + floorTurn + rng.uniform(-0.3, 0.3));
    s.terrain = {wall, floor};
    const Vec2 across{-std::sin(angle), std::cos(angle)}, along{std::cos(angle), std::sin(angle)};
    Model o, t;
    o.id = o.unit = "O";
    t.id = t.unit = "T";
    for (Model* m : {&o, &t}) {
        m->base = {BaseShape::Circle, 32, 32};
        m->height = h;
    }
    const double at = rng.uniform(-off, off);
    o.position = c + across * 8 + along * at;
    t.position = c - across * 8 + along * (at + rng.uniform(-shift, shift));
    s.models = {o, t};
    return out;
}

// The two models of a table decided both ways round, each with how the pair is named.
struct Decided {
    int observer, target;
    ExactAnswer answer;
    QString where;
};
std::array<Decided, 2> bothWays(const Scene& scene, const Scenario& s, uint64_t seed) {
    std::array<Decided, 2> out;
    for (int k = 0; k < 2; ++k) {
        const int oi = k, ti = 1 - k;
        const Model& from = s.models[static_cast<size_t>(oi)];
        const Model& to = s.models[static_cast<size_t>(ti)];
        out[static_cast<size_t>(k)] = {oi, ti,
                                       decideExact(scene, scene.modelRegion(oi), from.top(), scene.modelRegion(ti), to.top(),
                                                   scene.ignoredModels(oi, ti), Witness::First),
                                       QStringLiteral("table %1, %2 -> %3").arg(seed).arg(QString::fromStdString(from.id), QString::fromStdString(to.id))};
    }
    return out;
}

// What is wrong with a foot point q said hidden from o's base (fullyVisible): it lies outside
// the target's base, or the reference finds a line to it.
QStringList hiddenPointProblems(const QString& where, const Scenario& s, const Model& o, const Model& t, Vec2 q,
                                testing::SplitMix64& rng) {
    QStringList problems;
    if (!reference::insideBase(t, q))
        problems << QStringLiteral("%1: the hidden point (%2, %3) is not in the target's base").arg(where).arg(q.x, 0, 'g', 17).arg(q.y, 0, 'g', 17);
    const auto pieces = reference::piecesFor(s, o, t);
    if (auto f = reference::searchOpen(pieces, o, o.top(), t, t.elevation, rng, 300, 6, q))
        problems << QStringLiteral("%1: said hidden, but the foot point (%2, %3) is seen from (%4, %5)")
                        .arg(where).arg(q.x, 0, 'g', 17).arg(q.y, 0, 'g', 17).arg(f->p.x, 0, 'g', 17).arg(f->p.y, 0, 'g', 17);
    return problems;
}

}  // namespace

class TestReference : public QObject {
    Q_OBJECT
private slots:
    // Both kinds of table: prisms from the table (hardTable), and the same with windows,
    // doors and walkways (floorTable, 300 tables by default).
    void exactAgreesWithTheReferenceOnHardTables_data() {
        QTest::addColumn<bool>("floors");
        QTest::newRow("prisms") << false;
        QTest::newRow("floors and openings") << true;
    }
    void exactAgreesWithTheReferenceOnHardTables() {
        QFETCH(bool, floors);
        int tables = testing::share(floors ? 300 : 500);
        if (const char* n = std::getenv("SIGHTLINE_REFERENCE_TABLES")) tables = std::atoi(n);
        const uint64_t first = std::getenv("SIGHTLINE_REFERENCE_FIRST") ? std::strtoull(std::getenv("SIGHTLINE_REFERENCE_FIRST"), nullptr, 10) : 1;
        int pairs = 0, visible = 0, hidden = 0, undecided = 0, fully = 0, notFully = 0, fullUndecided = 0, fullChecked = 0;
        int hiddenAbove = 0;  // not fully visible for a point above a foot
        QStringList problems;
        for (uint64_t seed = first; seed < first + static_cast<uint64_t>(tables); ++seed) {
            const Scenario s = floors ? reference::floorTable(seed) : reference::hardTable(seed);
            const Scene scene(s);
            testing::SplitMix64 rng(seed * 7919);
            for (const auto& [oi, ti] : {std::pair{0, 1}, std::pair{1, 0}}) {
                ++pairs;
                const Model& o = s.models[oi];
                const Model& t = s.models[ti];
                const ModelMask ignored = scene.ignoredModels(oi, ti);
                const auto pieces = reference::piecesFor(s, o, t);
                const ExactAnswer a = decideExact(scene, scene.modelRegion(oi), o.top(), scene.modelRegion(ti), t.top(), ignored,
                                                  Witness::First);
                const QString where = QStringLiteral("table %1, %2 -> %3").arg(seed).arg(QString::fromStdString(o.id), QString::fromStdString(t.id));
                if (a.undecided) {
                    ++undecided;
                    continue;
                }
                if (!a.visible) {
                    ++hidden;
                    if (auto f = reference::searchOpen(pieces, o, o.top(), t, t.top(), rng))
                        problems << QStringLiteral("%1: said not visible, but (%2, %3) - (%4, %5) is open")
                                        .arg(where).arg(f->p.x, 0, 'g', 17).arg(f->p.y, 0, 'g', 17).arg(f->q.x, 0, 'g', 17).arg(f->q.y, 0, 'g', 17);
                    continue;
                }
                ++visible;
                const Vec2 p = a.witness->p, q = a.witness->q;
                if (!reference::insideBase(o, p) || !reference::insideBase(t, q) ||
                    reference::blockedExact(pieces, p, o.top(), q, t.top()))
                    problems << QStringLiteral("%1: the witness (%2, %3) - (%4, %5) is not an open sight line")
                                    .arg(where).arg(p.x, 0, 'g', 17).arg(p.y, 0, 'g', 17).arg(q.x, 0, 'g', 17).arg(q.y, 0, 'g', 17);
                // Fully visible: on every pair; its robust check (costly) on a share of them.
                const FullView full = fullyVisible(scene, scene.modelRegion(oi), o, scene.modelRegion(ti), t, ignored, p);
                if (full.outcome == FullView::Outcome::Undecided) {
                    ++fullUndecided;
                } else if (full.outcome == FullView::Outcome::No) {
                    ++notFully;
                    // (At its foot, or at the height given: a point over a foot seen under a floor.)
                    const double z = full.height.value_or(t.elevation);
                    if (full.height) ++hiddenAbove;
                    if (auto f = reference::searchOpen(pieces, o, o.top(), t, z, rng, 300, 6, *full.hidden))
                        problems << QStringLiteral("%1: said hidden, but the point (%2, %3) at %4\" is seen from (%5, %6)")
                                        .arg(where).arg(full.hidden->x, 0, 'g', 17).arg(full.hidden->y, 0, 'g', 17).arg(z).arg(f->p.x, 0, 'g', 17).arg(f->p.y, 0, 'g', 17);
                } else {
                    ++fully;
                    if (seed % 4 == 0 || floors) {
                        ++fullChecked;
                        auto lowered = pieces;
                        for (auto& piece : lowered) {
                            piece.top -= 0.02;
                            if (piece.bottom > 0) piece.bottom += 0.02;
                        }
                        for (int k = 0; k < 8; ++k) {
                            const Vec2 foot = reference::randomIn(t, rng);
                            if (!reference::searchOpen(lowered, o, o.top(), t, t.elevation, rng, 300, 6, foot))
                                problems << QStringLiteral("%1: said fully visible, but no line reaches the foot point (%2, %3) "
                                                           "even with every piece 0.02\" lower")
                                                .arg(where).arg(foot.x, 0, 'g', 17).arg(foot.y, 0, 'g', 17);
                            // Under a floor the foot is not the hardest point of its column:
                            // a point at a random height too.
                            if (!floors) continue;
                            const double z = t.elevation + rng.uniform(0, 1) * t.height;
                            if (!reference::searchOpen(lowered, o, o.top(), t, z, rng, 300, 6, foot))
                                problems << QStringLiteral("%1: said fully visible, but no line reaches the point (%2, %3) at %4\" "
                                                           "even with every piece 0.02\" smaller")
                                                .arg(where).arg(foot.x, 0, 'g', 17).arg(foot.y, 0, 'g', 17).arg(z);
                        }
                    }
                }
            }
        }
        qInfo().noquote() << QStringLiteral("%1 pairs: %2 visible (%3 fully, %4 not fully (%5 for a point above its foot), %6 undecided; "
                                            "%7 fully visible checked at 8 foot points), %8 not visible, %9 undecided")
                                 .arg(pairs).arg(visible).arg(fully).arg(notFully).arg(hiddenAbove).arg(fullUndecided).arg(fullChecked).arg(hidden).arg(undecided);
        for (const QString& p : problems) qWarning().noquote() << p;
        QCOMPARE(problems.size(), 0);
        // The generator leans on hidden pairs, where a missed line would show.
        QVERIFY(hidden > pairs / 4);
        // A knife edge is reported, not guessed; on these tables it is rare.
        QVERIFY2(undecided <= pairs / 100, qPrintable(QString::number(undecided)));
    }

    // The one-line test against the reference's, on the tables with floors and openings:
    // lines between points of the table near the two models, and from corners of the pieces
    // (through windows' sides, along walls and slabs), at heights drawn at random or set to
    // the pieces' tops and bottoms and the openings' ends exactly, and lines that reach a
    // walkway's bottom exactly at a corner or on an edge of it; and each line the other way. The reference cuts the line at every crossing and every top and bottom, in exact
    // rationals, and looks at the middle of each stretch.
    void lineTestAgreesWithTheReferenceOnFloors() {
        int lines = 0, blocked = 0, atEdges = 0, atBottoms = 0;
        QStringList problems;
        for (uint64_t seed = 1, seeds = testing::share(60); seed <= seeds; ++seed) {
            const Scenario s = reference::floorTable(seed);
            const Scene scene(s);
            const ModelMask ignored = scene.ignoredModels(0, 1);
            const auto pieces = reference::piecesFor(s, s.models[0], s.models[1]);
            testing::SplitMix64 rng(seed * 4099);
            std::vector<double> heights{s.models[0].top(), s.models[1].top()};
            std::vector<Vec2> corners;
            std::vector<const reference::Piece*> floors;
            for (const reference::Piece& p : pieces) {
                if (p.round) continue;
                if (p.bottom > 0) floors.push_back(&p);
                heights.push_back(p.top);
                if (p.bottom > 0) heights.push_back(p.bottom);
                for (const Ring& r : p.rings) corners.insert(corners.end(), r.begin(), r.end());
            }
            const Vec2 a0 = s.models[0].position, b0 = s.models[1].position;
            auto pointNear = [&]() -> Vec2 {
                const double k = rng.uniform(0, 1);
                if (!corners.empty() && k < 0.4) return corners[static_cast<size_t>(rng.uniform(0, static_cast<double>(corners.size()) - 0.01))];
                const double t = rng.uniform(-0.1, 1.1);
                return {std::round((a0.x + (b0.x - a0.x) * t + rng.uniform(-3, 3)) * 64) / 64,
                        std::round((a0.y + (b0.y - a0.y) * t + rng.uniform(-3, 3)) * 64) / 64};
            };
            auto height = [&]() {
                return rng.uniform(0, 1) < 0.5 ? heights[static_cast<size_t>(rng.uniform(0, static_cast<double>(heights.size()) - 0.01))]
                                               : std::round(rng.uniform(0, 7) * 16) / 16;
            };
            for (int k = 0; k < 400; ++k) {
                Vec2 p = pointNear(), q = pointNear();
                if (k % 5 == 0 && corners.size() > 1) {
                    // Along an edge of a piece, or from one corner through another.
                    p = corners[static_cast<size_t>(rng.uniform(0, static_cast<double>(corners.size()) - 0.01))];
                    const Vec2 c = corners[static_cast<size_t>(rng.uniform(0, static_cast<double>(corners.size()) - 0.01))];
                    q = {p.x + (c.x - p.x) * 2, p.y + (c.y - p.y) * 2};
                    ++atEdges;
                }
                double hp = height(), hq = height();
                if (k % 5 == 1 && !floors.empty()) {
                    // Reaching a walkway's bottom exactly at one of its corners or at the middle
                    // of one of its edges (E, the middle of the line), rising or falling.
                    const reference::Piece& f = *floors[static_cast<size_t>(rng.uniform(0, static_cast<double>(floors.size()) - 0.01))];
                    const Ring& r = f.rings[0];
                    const size_t i = static_cast<size_t>(rng.uniform(0, static_cast<double>(r.size()) - 0.01));
                    const Vec2 c = r[i], e = r[(i + 1) % r.size()];
                    const Vec2 at = rng.uniform(0, 1) < 0.5 ? c : Vec2{(c.x + e.x) / 2, (c.y + e.y) / 2};
                    const Vec2 d{std::round(rng.uniform(-4, 4) * 16) / 16, std::round(rng.uniform(-4, 4) * 16) / 16};
                    const double dh = std::round(rng.uniform(-2, 2) * 16) / 16;
                    p = at - d;
                    q = at + d;
                    hp = f.bottom - dh;
                    hq = f.bottom + dh;
                    ++atBottoms;
                }
                for (const SightLine& line : {SightLine{p, q, hp, hq}, SightLine{q, p, hq, hp}}) {
                    ++lines;
                    blocked += sameAsTheReference(scene, ignored, pieces, line, seed, problems);
                }
            }
        }
        qInfo().noquote() << QStringLiteral("%1 lines (%2 blocked; %3 from a corner through another, %4 reaching a walkway's bottom on its outline)")
                                 .arg(lines).arg(blocked).arg(atEdges).arg(atBottoms);
        for (int i = 0; i < std::min<int>(20, static_cast<int>(problems.size())); ++i) qWarning().noquote() << problems[i];
        QCOMPARE(problems.size(), 0);
        QVERIFY(blocked > lines / 5 && blocked < lines * 4 / 5);
    }

    // Layout analysis keeps what fullyVisible proves from an observer's base (points hidden,
    // parts seen: Scene::setRememberViews) and tries it on the next target first. The target
    // walked in small steps over hard tables, with a screening model taken off the table half way
    // (what was proven with it standing no longer holds): every answer the remembering scene
    // decides is the one a scene that remembers nothing gives, where that one decides; it
    // never leaves undecided what that one decides; and a hidden point it hands back lies in
    // the target's true base, where no line the reference finds reaches it.
    void rememberedViewsAgreeWithAFreshScene() {
        int steps = 0, fromMemory = 0, decided = 0, screensMoved = 0;
        QStringList problems;
        for (uint64_t seed = 1, seeds = testing::share(80); seed <= seeds; ++seed) {
            Scenario s = reference::hardTable(seed);
            Scene scene(s);
            scene.setRememberViews(true);
            testing::SplitMix64 rng(seed * 104729);
            for (const auto& [oi, ti] : {std::pair{0, 1}, std::pair{1, 0}}) {
                const Vec2 start = s.models[ti].position;
                const double a = rng.uniform(0, 6.283);
                const Vec2 step{0.15 * std::cos(a), 0.15 * std::sin(a)};
                const Vec2 screenAt = s.models.size() > 2 ? s.models[2].position : Vec2{};
                std::vector<Vec2> hiddenBefore;
                for (int k = 0; k < 8; ++k) {
                    s.models[ti].position = start + step * k;
                    scene.modelMoved(ti);
                    if (s.models.size() > 2) {
                        s.models[2].position = k < 4 ? screenAt : screenAt + Vec2{0, 40};
                        scene.modelMoved(2);
                        screensMoved += k == 4;
                    }
                    const Scene plain(s);
                    const Model& o = s.models[oi];
                    const Model& t = s.models[ti];
                    const ModelMask ignored = scene.ignoredModels(oi, ti);
                    const FullView kept = fullyVisible(scene, scene.modelRegion(oi), o, scene.modelRegion(ti), t, ignored, o.position);
                    const FullView fresh = fullyVisible(plain, plain.modelRegion(oi), o, plain.modelRegion(ti), t, ignored, o.position);
                    ++steps;
                    const QString where = QStringLiteral("table %1, %2 -> %3, step %4").arg(seed).arg(QString::fromStdString(o.id), QString::fromStdString(t.id)).arg(k);
                    if (fresh.outcome != FullView::Outcome::Undecided) {
                        ++decided;
                        if (kept.outcome != fresh.outcome)
                            problems << QStringLiteral("%1: remembering gives %2, a fresh scene %3").arg(where).arg(static_cast<int>(kept.outcome)).arg(static_cast<int>(fresh.outcome));
                    }
                    if (kept.outcome != FullView::Outcome::No) continue;
                    // (A point found for this target is checked by the test above; one found
                    // for an earlier one, here.)
                    const Vec2 q = *kept.hidden;
                    const bool remembered = std::find(hiddenBefore.begin(), hiddenBefore.end(), q) != hiddenBefore.end();
                    hiddenBefore.push_back(q);
                    if (!remembered) continue;
                    ++fromMemory;
                    problems << hiddenPointProblems(where, s, o, t, q, rng);
                }
            }
        }
        qInfo().noquote() << QStringLiteral("%1 steps, %2 decided by a fresh scene, %3 hidden points handed back from memory, %4 screens moved")
                                 .arg(steps).arg(decided).arg(fromMemory).arg(screensMoved);
        for (const QString& p : problems) qWarning().noquote() << p;
        QCOMPARE(problems.size(), 0);
        QVERIFY(fromMemory > steps / 20);  // (the memory is used, not only kept)
        QVERIFY(screensMoved > testing::share(10));
    }

    // Without the edge points looked at first (Scene::setEdgesFirst, as a unit's map asks of
    // cells another model sees), fullyVisible goes part by part alone: on hard tables, every
    // answer it decides is the one the default gives where that one decides, and a hidden point
    // it hands back lies in the target's base, where no line the reference finds reaches it.
    void fullyVisibleWithoutTheEdgesFirstAgrees() {
        int pairs = 0, decided = 0, hidden = 0;
        QStringList problems;
        for (uint64_t seed = 1, seeds = testing::share(80); seed <= seeds; ++seed) {
            const Scenario s = reference::hardTable(seed);
            Scene edgesFirst(s), partsAlone(s);
            partsAlone.setEdgesFirst(false);
            QVERIFY(edgesFirst.edgesFirst() && !partsAlone.edgesFirst());
            testing::SplitMix64 rng(seed * 7919);
            for (const auto& [oi, ti] : {std::pair{0, 1}, std::pair{1, 0}}) {
                const Model& o = s.models[oi];
                const Model& t = s.models[ti];
                const ModelMask ignored = edgesFirst.ignoredModels(oi, ti);
                const FullView usual =
                    fullyVisible(edgesFirst, edgesFirst.modelRegion(oi), o, edgesFirst.modelRegion(ti), t, ignored, o.position);
                const FullView alone =
                    fullyVisible(partsAlone, partsAlone.modelRegion(oi), o, partsAlone.modelRegion(ti), t, ignored, o.position);
                ++pairs;
                const QString where = QStringLiteral("table %1, %2 -> %3").arg(seed).arg(QString::fromStdString(o.id), QString::fromStdString(t.id));
                if (usual.outcome != FullView::Outcome::Undecided && alone.outcome != FullView::Outcome::Undecided) {
                    ++decided;
                    if (usual.outcome != alone.outcome)
                        problems << QStringLiteral("%1: part by part gives %2, with the edges first %3").arg(where).arg(static_cast<int>(alone.outcome)).arg(static_cast<int>(usual.outcome));
                }
                if (alone.outcome != FullView::Outcome::No || alone.height) continue;
                ++hidden;
                problems << hiddenPointProblems(where, s, o, t, *alone.hidden, rng);
            }
        }
        qInfo().noquote() << QStringLiteral("%1 pairs, %2 decided both ways, %3 hidden points found part by part").arg(pairs).arg(decided).arg(hidden);
        for (const QString& p : problems) qWarning().noquote() << p;
        QCOMPARE(problems.size(), 0);
        QVERIFY(decided > pairs / 2);
        QVERIFY(hidden > pairs / 10);  // (the parts alone find hidden points, not only "fully visible")
    }

    // By hand: a model standing between the two hides part of the target, which the scene
    // remembers; once that model is taken away the target is fully visible, and the
    // remembered hidden point is no longer handed back.
    void aModelTakenAwayTakesWhatItHidWithIt() {
        Scenario s;
        s.board = {60, 44};
        Model o, t, screen;
        o.id = o.unit = "O";
        t.id = t.unit = "T";
        screen.id = screen.unit = "S";
        for (Model* m : {&o, &t, &screen}) {
            m->base = {BaseShape::Circle, 32, 32};
            m->height = 2;
        }
        o.position = {10, 20};
        t.position = {20, 20};
        screen.position = {15, 20.6};  // covering the target's half on that side
        screen.height = 4;
        s.models = {o, t, screen};
        Scene scene(s);
        scene.setRememberViews(true);
        auto full = [&] {
            return fullyVisible(scene, scene.modelRegion(0), s.models[0], scene.modelRegion(1), s.models[1], scene.ignoredModels(0, 1),
                                s.models[0].position);
        };
        const FullView before = full();
        QCOMPARE(before.outcome, FullView::Outcome::No);
        QVERIFY(before.hidden && before.hidden->y > 20);
        // (The target a hair along: the same point is handed back from memory.)
        s.models[1].position.y += 0.01;
        scene.modelMoved(1);
        const FullView again = full();
        QCOMPARE(again.outcome, FullView::Outcome::No);
        QCOMPARE(again.hidden->x, before.hidden->x);
        QCOMPARE(again.hidden->y, before.hidden->y);
        s.models[2].position = {15, 40};
        scene.modelMoved(2);
        QCOMPARE(full().outcome, FullView::Outcome::Yes);
    }

    // A floor resting on a wall (its underside exactly at the wall's top, overhanging it on
    // both sides), turned at random: level lines at that height run inside the two solids'
    // union wherever both footprints hold them (the seam between them is closed); lines a
    // hair above or below it, or not level, as either piece says. The scene's test against the
    // reference's (exact rationals, the seam looked for at the middle of every stretch
    // between crossings); and two models whose tops are at that height, on either side: the
    // pair ruling against the reference's search.
    void stackedSeamsAgreeWithTheReference() {
        int lines = 0, blocked = 0, pairs = 0, hiddenPairs = 0;
        QStringList problems;
        for (uint64_t seed = 1, seeds = testing::share(12); seed <= seeds; ++seed) {
            testing::SplitMix64 rng(seed * 6151);
            const auto [s, h, c] = floorOnAWall(rng, {2, 6}, 0, 1.5, 1);
            const TerrainPiece& wall = s.terrain[0];
            const TerrainPiece& floor = s.terrain[1];
            const Model& o = s.models[0];
            const Model& t = s.models[1];
            const Scene scene(s);
            const ModelMask ignored = scene.ignoredModels(0, 1);
            const auto pieces = reference::piecesFor(s, o, t);
            std::vector<Vec2> corners = wall.footprint.outer;
            corners.insert(corners.end(), floor.footprint.outer.begin(), floor.footprint.outer.end());
            auto pointNear = [&]() -> Vec2 {
                if (rng.uniform(0, 1) < 0.3) return corners[static_cast<size_t>(rng.uniform(0, static_cast<double>(corners.size()) - 0.01))];
                return {std::round((c.x + rng.uniform(-9, 9)) * 64) / 64, std::round((c.y + rng.uniform(-9, 9)) * 64) / 64};
            };
            for (int k = 0; k < 150; ++k) {
                const Vec2 p = pointNear(), q = pointNear();
                const double pick = rng.uniform(0, 1);
                double hp = h, hq = h;  // level at the seam, most often
                if (pick > 0.6 && pick <= 0.8) hp = hq = h + (rng.uniform(0, 1) < 0.5 ? 1.0 : -1.0) / 64;
                if (pick > 0.8) hq = h + std::round(rng.uniform(-1, 1) * 16) / 16;
                for (const SightLine& line : {SightLine{p, q, hp, hq}, SightLine{q, p, hq, hp}}) {
                    ++lines;
                    blocked += sameAsTheReference(scene, ignored, pieces, line, seed, problems);
                }
            }
            for (const auto& [oi, ti, a, where] : bothWays(scene, s, seed)) {
                ++pairs;
                const Model& from = s.models[static_cast<size_t>(oi)];
                const Model& to = s.models[static_cast<size_t>(ti)];
                if (a.undecided) {
                    problems << where + QStringLiteral(": undecided");
                    continue;
                }
                if (a.visible) {
                    if (reference::blockedExact(pieces, a.witness->p, from.top(), a.witness->q, to.top()))
                        problems << where + QStringLiteral(": the witness is blocked");
                    continue;
                }
                ++hiddenPairs;
                if (auto f = reference::searchOpen(pieces, from, from.top(), to, to.top(), rng, 200, 4))
                    problems << where + QStringLiteral(": said not visible, but (%1, %2) - (%3, %4) is open").arg(f->p.x).arg(f->p.y).arg(f->q.x).arg(f->q.y);
            }
        }
        qInfo().noquote() << QStringLiteral("%1 lines (%2 blocked), %3 pairs (%4 not visible)").arg(lines).arg(blocked).arg(pairs).arg(hiddenPairs);
        for (const QString& p : problems) qWarning().noquote() << p;
        QCOMPARE(problems.size(), 0);
        QVERIFY(blocked > lines / 4 && blocked < lines * 3 / 4);
        QVERIFY(hiddenPairs > pairs / 4);
    }

    // The stacked seam with a 1 mm line: a floor resting on a wall, two models whose tops are
    // at the seam's height, so that every band runs level there. A band is blocked only
    // where it shares an area with both footprints (it touches the wall's top and the
    // floor's underside elsewhere); the reference measures that with Boost.Geometry (no
    // engine code) for bands between random points of the two bases and their rims. A pair
    // said not visible must have no such band open; a witness must be open.
    void bandStackedSeamsAgreeWithAReference() {
        namespace bg = boost::geometry;
        using BPoint = bg::model::d2::point_xy<double>;
        using BPolygon = bg::model::polygon<BPoint>;
        auto polygonOf = [](const Ring& r) {
            BPolygon poly;
            for (const Vec2& v : r) bg::append(poly.outer(), BPoint(v.x, v.y));
            bg::correct(poly);
            return poly;
        };
        const double hw = 0.5 / 25.4;
        int pairs = 0, hidden = 0, undecided = 0, bands = 0;
        QStringList problems;
        for (uint64_t seed = 1, seeds = testing::share(24); seed <= seeds; ++seed) {
            testing::SplitMix64 rng(seed * 7919);
            // (A floor about as long as the wall is thick to a few inches, across it: the bands
            // pass its ends about as often as they cross it.)
            FloorOnAWall table = floorOnAWall(rng, {0.5, 3}, std::numbers::pi / 2, 3, 2);
            Scenario& s = table.s;
            s.ruleset.sight_line_width_mm = 1;
            const TerrainPiece& wall = s.terrain[0];
            const TerrainPiece& floor = s.terrain[1];
            // The seam: where both footprints overlap.
            std::vector<BPolygon> seam;
            bg::intersection(polygonOf(wall.footprint.outer), polygonOf(floor.footprint.outer), seam);
            auto bandOpen = [&](Vec2 p, Vec2 q) {
                const Vec2 d = q - p;
                const double len = std::hypot(d.x, d.y);
                if (len == 0) return false;
                const Vec2 n{-d.y / len * hw, d.x / len * hw};
                const BPolygon strip = polygonOf({p - n, q - n, q + n, p + n});
                double area = 0;
                for (const BPolygon& part : seam) {
                    std::vector<BPolygon> common;
                    bg::intersection(strip, part, common);
                    for (const BPolygon& x : common) area += bg::area(x);
                }
                return area <= 1e-12;
            };
            const Scene scene(s);
            for (const auto& [oi, ti, a, where] : bothWays(scene, s, seed)) {
                ++pairs;
                const Model& from = s.models[static_cast<size_t>(oi)];
                const Model& to = s.models[static_cast<size_t>(ti)];
                if (a.undecided) {
                    ++undecided;
                    continue;
                }
                if (a.visible) {
                    if (!bandOpen(a.witness->p, a.witness->q)) problems << where + QStringLiteral(": the witness's band runs over the seam");
                    continue;
                }
                ++hidden;
                // Bands between points of the two bases (within them, and on their rims).
                for (int k = 0; k < 3000; ++k) {
                    auto point = [&](const Model& m) {
                        if (k % 2 == 0) return reference::randomIn(m, rng);
                        const double phi = rng.uniform(0, 2 * std::numbers::pi);
                        return m.position + Vec2{std::cos(phi), std::sin(phi)} * (16 / 25.4 * (1 - 1e-9));
                    };
                    const Vec2 p = point(from), q = point(to);
                    ++bands;
                    if (bandOpen(p, q)) {
                        problems << where + QStringLiteral(": said not visible, but the band (%1, %2) - (%3, %4) is open").arg(p.x).arg(p.y).arg(q.x).arg(q.y);
                        break;
                    }
                }
            }
        }
        qInfo().noquote() << QStringLiteral("%1 pairs (%2 not visible, %3 undecided), %4 bands looked at").arg(pairs).arg(hidden).arg(undecided).arg(bands);
        for (const QString& p : problems) qWarning().noquote() << p;
        QCOMPARE(problems.size(), 0);
        QVERIFY(hidden > pairs / 4);
        QVERIFY(undecided <= pairs / 8);
    }

    // By hand (regression/32, C -> D): a walkway (1.9" to 2.1", 4" deep) across the table
    // seen edge-on, halfway between a 1.75" observer and a 3" target. Every line from the
    // observer's top to a foot passes under the walkway (at about 0.9"; the fans that show
    // it pass under the slab), and to the head over it (about 2.4"); a line to a point about
    // 2.3" up crosses the slab's middle at about 2". Not fully visible, with a point of that
    // band hidden, which the reference confirms; the feet are all seen.
    void aBandOfAColumnHiddenBehindAWalkway() {
        const Scenario s = withAWalkway({{28, 33}, {32, 33}, {32, 44}, {28, 44}}, 1.9, 2.1, {10, 39}, {50, 39});
        const Model& o = s.models[0];
        const Model& t = s.models[1];
        const Scene scene(s);
        const FullView v = fullyVisible(scene, scene.modelRegion(0), o, scene.modelRegion(1), t, scene.ignoredModels(0, 1), o.position);
        QCOMPARE(v.outcome, FullView::Outcome::No);
        QVERIFY(v.hidden && v.height);
        QVERIFY2(*v.height > 2.0 && *v.height < 2.55, qPrintable(QString::number(*v.height)));
        const auto pieces = reference::piecesFor(s, o, t);
        testing::SplitMix64 rng(11);
        QVERIFY(!reference::searchOpen(pieces, o, o.top(), t, *v.height, rng, 300, 6, *v.hidden));
        for (int k = 0; k < 8; ++k) {
            const Vec2 foot = reference::randomIn(t, rng);
            QVERIFY(reference::searchOpen(pieces, o, o.top(), t, t.elevation, rng, 300, 6, foot));
            QVERIFY(reference::searchOpen(pieces, o, o.top(), t, t.top(), rng, 300, 6, foot));
        }
    }

    // By hand (regression/32, E -> F): a walkway (2.5" to 2.75") close in front of a 1.75"
    // observer, a 3" target 40" away: every line to any point of the target is under 2" over
    // the walkway. The table with the walkway standing from the table hides the feet, so
    // the answer rests on the columns' own fans (under every line to the target's head):
    // fully visible, and the reference reaches random points of the target at random
    // heights, every piece 0.02" smaller.
    void aTallModelSeenWhollyUnderAWalkway() {
        const Scenario s = withAWalkway({{12, 0}, {16, 0}, {16, 44}, {12, 44}}, 2.5, 2.75, {10, 20}, {50, 20});
        const Model& o = s.models[0];
        const Model& t = s.models[1];
        const Scene scene(s);
        QCOMPARE(fullyVisible(scene, scene.modelRegion(0), o, scene.modelRegion(1), t, scene.ignoredModels(0, 1), o.position).outcome,
                 FullView::Outcome::Yes);
        auto pieces = reference::piecesFor(s, o, t);
        for (auto& piece : pieces) {
            piece.top -= 0.02;
            if (piece.bottom > 0) piece.bottom += 0.02;
        }
        testing::SplitMix64 rng(13);
        for (int k = 0; k < 16; ++k) {
            const Vec2 q = reference::randomIn(t, rng);
            const double z = t.elevation + rng.uniform(0, 1) * t.height;
            QVERIFY(reference::searchOpen(pieces, o, o.top(), t, z, rng, 300, 6, q));
        }
    }

    // By hand: a long low bank (4.5" deep) across the table between the two, nearer the observer,
    // and every line from the observer's top to the target's foot (2" falling to 0 over
    // 19" or so) leaves it at about 1.16" or more. At 1" the target is fully visible: the
    // fans from the observer clear the bank by the part of it they cross (its far corners,
    // 10" to the side, are much farther away and prove nothing). At 1.2" its foot is
    // hidden behind it. With no width and with the 1 mm band.
    void aLongLowBankUnderEveryLine() {
        for (const double width : {0.0, 1.0})
            for (const double top : {1.0, 1.2}) {
                Scenario s;
                s.board = {40, 30};
                s.ruleset.sight_line_width_mm = width;
                s.models = twoModels(2, {5, 15}, 1.75, {25, 15});
                const Model& o = s.models[0];
                const Model& t = s.models[1];
                TerrainPiece bank;
                bank.id = "bank";
                bank.height = top;
                bank.footprint.outer = {{9, 5}, {13.5, 5}, {13.5, 25}, {9, 25}};
                s.terrain = {bank};
                const Scene scene(s);
                const FullView v = fullyVisible(scene, scene.modelRegion(0), o, scene.modelRegion(1), t, scene.ignoredModels(0, 1), o.position);
                const QString where = QStringLiteral("bank %1\", width %2 mm").arg(top).arg(width);
                QVERIFY2(v.outcome == (top < 1.16 ? FullView::Outcome::Yes : FullView::Outcome::No), qPrintable(where));
                if (v.outcome == FullView::Outcome::No) {
                    // (A point no line the reference finds reaches.)
                    testing::SplitMix64 rng(7);
                    if (width == 0)
                        QVERIFY2(!reference::searchOpen(reference::piecesFor(s, o, t), o, o.top(), t, t.elevation, rng, 300, 6, *v.hidden),
                                 qPrintable(where));
                }
            }
    }

    // The reference itself: it agrees with hand-made answers (so that a disagreement above
    // is the engine's).
    void theReferenceKnowsTheRules() {
        Model o, t, b;
        o.id = "O";
        o.unit = "O";
        o.base = {BaseShape::Circle, 25.4, 25.4};
        o.position = {0, 0};
        o.height = 2;
        t = o;
        t.id = "T";
        t.unit = "T";
        t.position = {20, 0};
        Scenario s;
        TerrainPiece w;
        w.id = "W";
        w.height = 3;
        w.footprint.outer = {{9, -5}, {10, -5}, {10, 5}, {9, 5}};
        s.terrain = {w};
        s.models = {o, t};
        auto pieces = reference::piecesFor(s, o, t);
        QVERIFY(reference::blockedExact(pieces, {0, 0}, 2, {20, 0}, 2));
        QVERIFY(!reference::blockedExact(pieces, {0, 0}, 3, {20, 0}, 3));  // at the top: open
        QVERIFY(!reference::blockedExact(pieces, {0, 5}, 2, {20, 5}, 2));  // along the end: open
        // A seam: a second wall abutting along x = 10, the line runs along it.
        TerrainPiece w2 = w;
        w2.id = "W2";
        w2.footprint.outer = {{10, -5}, {11, -5}, {11, 5}, {10, 5}};
        s.terrain = {w, w2};
        pieces = reference::piecesFor(s, o, t);
        QVERIFY(reference::blockedExact(pieces, {10, -6}, 2, {10, 6}, 2));
        QVERIFY(!reference::blockedExact(pieces, {9, -6}, 2, {9, 6}, 2));  // along the outer edge
        // Round bases: two in contact, overlapping by 0.0001", close the way.
        b = o;
        b.unit = "screen";
        b.height = 5;
        Model b1 = b, b2 = b;
        b1.id = "B1";
        b1.position = {10, 0.5 - 0.00005};
        b2.id = "B2";
        b2.position = {10, -0.5 + 0.00005};
        s.terrain.clear();
        s.models = {o, t, b1, b2};
        pieces = reference::piecesFor(s, o, t);
        QVERIFY(reference::blockedExact(pieces, {0, 0}, 2, {20, 0}, 2));
        b1.position = {10, 0.5 + 0.00005};  // apart by 0.0001": a slit
        b2.position = {10, -0.5 - 0.00005};
        s.models = {o, t, b1, b2};
        pieces = reference::piecesFor(s, o, t);
        QVERIFY(!reference::blockedExact(pieces, {0, 0}, 2, {20, 0}, 2));
        QVERIFY(reference::insideBase(o, {0.4999999, 0}));
        QVERIFY(!reference::insideBase(o, {0.5, 0.0001}));
    }
};

QTEST_GUILESS_MAIN(TestReference)
#include "tst_reference.moc"
