// The golden suite: every query with expectations in every scenario file under
// scenarios/ must come out as its file says, with the default (exact) method; and on
// every file, for every pair and method, the result's fields agree with each other.
#include "evaluation.h"
#include "los/certify.h"
#include "los/exact_los.h"
#include "los/pair.h"
#include "los/scene.h"
#include "rules/rulings.h"
#include "rules/side_view.h"
#include "rules/table_fog.h"
#include "scenario_io.h"
#include "fixtures.h"

#include <QDirIterator>
#include <QtTest>

#include <algorithm>
#include <atomic>
#include <functional>
#include <random>

using namespace sl;

namespace {

QStringList scenarioFiles() {
    QStringList files;
    QDirIterator it(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios"), {QStringLiteral("*.json")}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) files << it.next();
    files.sort();
    return files;
}

// The official layout with two units (ten Intercessors, ten Boyz) under 11th edition.
Scenario officialUnits() {
    const io::ReadResult file = io::readScenarioFile(
        QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/wh40k-11e/12-official-layout-units.sightline.json"));
    return file.scenario ? *file.scenario : Scenario{};
}

// The table with its obscuring pieces standing as walls too, as the 11th edition's rulings
// see them.
Scenario withObscuringAsWalls(Scenario s) {
    const Scene plain(s);
    for (int w : Rulings(plain).obscuringPieces()) {
        TerrainPiece wall = s.terrain[static_cast<size_t>(w)];
        wall.kind = TerrainKind::Feature;
        wall.height = 1000;
        s.terrain.push_back(wall);
    }
    return s;
}

// The official layout with two units, its obscuring areas standing as walls.
Scenario officialUnitsWalled() { return withObscuringAsWalls(officialUnits()); }

}  // namespace

class TestGolden : public QObject {
    Q_OBJECT
private slots:
    void everyFileReads_data() {
        QTest::addColumn<QString>("file");
        int count = 0;
        for (const QString& path : scenarioFiles()) {
            QTest::newRow(qPrintable(QDir(QStringLiteral(SIGHTLINE_SOURCE_DIR)).relativeFilePath(path))) << path;
            ++count;
        }
        QVERIFY2(count >= 16, "the scenarios folder should hold the demo and the regression files");
    }

    void everyFileReads() {
        QFETCH(QString, file);
        const io::ReadResult r = io::readScenarioFile(file);
        QVERIFY2(r.scenario.has_value(), qPrintable(r.problems.value(0).toString()));
    }

    void queries_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("query");
        int rows = 0;
        for (const QString& path : scenarioFiles()) {
            const io::ReadResult r = io::readScenarioFile(path);
            if (!r.scenario) continue;  // reported by everyFileReads
            for (size_t i = 0; i < r.scenario->queries.size(); ++i) {
                if (r.scenario->queries[i].expect.empty()) continue;
                const QString name = QStringLiteral("%1 #%2 %3->%4")
                                         .arg(QFileInfo(path).completeBaseName())
                                         .arg(i)
                                         .arg(QString::fromStdString(r.scenario->queries[i].isUnit()
                                                                         ? r.scenario->queries[i].attacker_unit
                                                                         : r.scenario->queries[i].observer),
                                              QString::fromStdString(r.scenario->queries[i].isUnit()
                                                                         ? r.scenario->queries[i].target_unit
                                                                         : r.scenario->queries[i].target));
                QTest::newRow(qPrintable(name)) << path << static_cast<int>(i);
                ++rows;
            }
        }
        QVERIFY2(rows >= 15, "expected at least 15 queries with expectations");
    }

    void queries() {
        QFETCH(QString, file);
        QFETCH(int, query);
        const io::ReadResult r = io::readScenarioFile(file);
        QVERIFY(r.scenario);
        const Scene scene(*r.scenario);
        const Query& q = r.scenario->queries[query];
        bool undecided = false;
        QStringList problems = queryMismatches(Rulings(scene), scene, q, Method::Exact, &undecided);
        // An expected answer is a decided one: "not visible" from a proof, not a knife edge.
        if (undecided) problems << QStringLiteral("undecided");
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("; ")) + QStringLiteral(" (") +
                                                QString::fromStdString(q.note) + QStringLiteral(")")));
    }

    void unitRulingsMatchPairs_data() {
        QTest::addColumn<QString>("file");
        for (const QString& path : scenarioFiles())
            if (path.contains(QLatin1String("wh40k-")))
                QTest::newRow(qPrintable(QFileInfo(path).completeBaseName())) << path;
    }

    void unitRulingsMatchPairs() {
        // A unit ruling decides its pairs on several threads: each must be the pair's own
        // ruling, decided alone, whatever the order (run twice, to give a race a chance).
        QFETCH(QString, file);
        const io::ReadResult r = io::readScenarioFile(file);
        QVERIFY(r.scenario);
        const Scene scene(*r.scenario);
        std::vector<std::string> units;
        for (const Model& m : r.scenario->models)
            if (std::find(units.begin(), units.end(), m.unit) == units.end()) units.push_back(m.unit);
        for (size_t a = 0; a < units.size(); ++a)
            for (size_t b = 0; b < units.size(); ++b) {
                if (a == b) continue;
                for (int round = 0; round < 2; ++round) {
                    const Rulings rulings(scene);
                    const UnitRuling u = rulings.units(units[a], units[b], Method::Exact, Detail::Decisions);
                    const Rulings alone(scene);
                    for (size_t i = 0; i < u.attackers.size(); ++i)
                        for (size_t j = 0; j < u.targets.size(); ++j) {
                            const PairResult& got = u.pairs[i][j];
                            const PairResult want = alone.evaluate(u.attackers[i], u.targets[j], Method::Exact, Detail::Decisions);
                            const QByteArray where = QByteArray(got.observer.c_str()) + " -> " + got.target.c_str();
                            QVERIFY2(got.visible == want.visible && got.fully_visible == want.fully_visible &&
                                         got.undecided == want.undecided && got.cover == want.cover &&
                                         got.hidden == want.hidden && got.plunging_fire == want.plunging_fire,
                                     where);
                            QVERIFY2(got.blocking_set == want.blocking_set, where);
                        }
                }
            }
    }

    void cachedUnitRulingsMatchFresh() {
        // While a model is dragged the window keeps the pair rulings that did not change: a
        // unit ruling made with the cache must equal one made afresh, step after step (a
        // model of either unit moved, a model of neither, a piece of terrain, a unit flag).
        const io::ReadResult r = io::readScenarioFile(
            QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/wh40k-11e/12-official-layout-units.sightline.json"));
        QVERIFY(r.scenario);
        Scenario s = *r.scenario;
        Model stranger = s.models.front();  // a third unit, standing between them
        stranger.id = "stranger";
        stranger.unit = "strangers";
        stranger.side = "green";
        stranger.position = {22, 24};
        s.models.push_back(stranger);
        RulingCache cache;
        auto index = [&](const char* id) {
            for (int i = 0; i < static_cast<int>(s.models.size()); ++i)
                if (s.models[i].id == id) return i;
            return -1;
        };
        const std::vector<std::function<void()>> steps = {
            [] {},
            [&] { s.models[index("boy-3")].position.x -= 0.6; },
            [&] { s.models[index("boy-3")].position.y += 0.4; },
            [&] { s.models[index("intercessor-2")].position.x += 0.5; },
            [&] { s.models[index("stranger")].position.y -= 1.5; },
            [&] { s.models[index("boy-7")].elevation = 3; },
            [&] { s.models[index("boy-1")].shot_recently = true; },
            [&] { s.terrain[0].footprint.outer[0].x += 0.3; },
        };
        size_t reused = 0;
        for (size_t k = 0; k < steps.size(); ++k) {
            steps[k]();
            const Scene scene(s);
            Rulings cached(scene);
            cached.setCache(&cache);
            const size_t before = cache.size();
            const UnitRuling a = cached.units("intercessors", "boyz", Method::Exact, Detail::Decisions);
            reused += 100 - (cache.size() - std::min(cache.size(), before));
            const UnitRuling b = Rulings(scene).units("intercessors", "boyz", Method::Exact, Detail::Decisions);
            for (size_t i = 0; i < a.attackers.size(); ++i)
                for (size_t j = 0; j < a.targets.size(); ++j) {
                    const PairResult &x = a.pairs[i][j], &y = b.pairs[i][j];
                    const QByteArray where = QByteArray::number(int(k)) + ": " + x.observer.c_str() + " -> " + x.target.c_str();
                    QVERIFY2(x.visible == y.visible && x.fully_visible == y.fully_visible && x.undecided == y.undecided &&
                                 x.cover == y.cover && x.hidden == y.hidden && x.plunging_fire == y.plunging_fire &&
                                 x.blocking_set == y.blocking_set && x.reasons == y.reasons,
                             where);
                }
            QCOMPARE(a.cover, b.cover);
            QCOMPARE(a.plungingFire, b.plungingFire);
        }
        // Each of the three steps that move a model of the two units re-decides only that
        // model's ten pairs; a third unit's model, a unit's flag or elevation, or the terrain
        // touch them all.
        QCOMPARE(reused, size_t(3 * 90));
    }

    // A long drag fills the cache: past its size each new ruling drops the one used least
    // recently, so the newest are kept, and so are the pairs a drag does not touch (looked up
    // at every step); the table's pairs' last verdicts stay known. (It was emptied at once,
    // which stalled a drag step for tens of milliseconds.)
    // A kept ruling follows the light: a light moved (or its carrier) and a model's senses
    // changed are part of what a cached ruling rests on.
    void cachedRulingsFollowTheLight() {
        const io::ReadResult r = io::readScenarioFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/senses/01-light-and-darkvision.sightline.json"));
        QVERIFY(r.scenario);
        Scenario s = *r.scenario;
        RulingCache cache;
        auto tier = [&](const char* observer, const char* target) {
            const Scene scene(s);
            Rulings rulings(scene);
            rulings.setCache(&cache);
            return *rulings.evaluate(scene.modelIndex(observer), scene.modelIndex(target), Method::Exact).tier;
        };
        QCOMPARE(tier("human", "g-torch"), std::string("seen"));
        for (TableLight& l : s.lights)
            if (l.id == "torch") l.position = {28, 18};  // (out of reach)
        QCOMPARE(tier("human", "g-torch"), std::string("unseen"));
        QCOMPARE(tier("human", "g-near"), std::string("unseen"));
        for (Model& m : s.models)
            if (m.id == "human") m.senses.darkvision = 6;
        QCOMPARE(tier("human", "g-near"), std::string("seen"));
    }

    void fullCacheDropsTheLeastUsedOnly() {
        RulingCache cache;
        cache.useTable("table");
        const size_t most = RulingCache::kMostPairs;
        auto key = [](size_t k) { return "key " + std::to_string(k); };
        for (size_t k = 0; k < most + 50; ++k) {
            PairResult r;
            r.observer = "o" + std::to_string(k % 7);
            r.target = "t";
            r.visible = k % 2 == 0;
            cache.put(key(k), r);
            if (k >= 3) QVERIFY(cache.find(key(3)));  // (a pair the drag does not touch, used at every step)
        }
        QCOMPARE(cache.size(), most);
        QVERIFY(cache.find(key(3)));
        QVERIFY(!cache.find(key(0)));
        QVERIFY(!cache.find(key(50)));
        QVERIFY(cache.find(key(51)));
        QVERIFY(cache.find(key(most + 49)));
        // The last verdict of each pair of models, from its latest ruling.
        const size_t last = most + 49;
        QCOMPARE(cache.lastSeen("o" + std::to_string(last % 7), "t"), std::optional<bool>(last % 2 == 0));
        // Put again, a ruling counts as used: the next least used goes.
        cache.put(key(52), PairResult{});
        cache.put("key new", PairResult{});
        QCOMPARE(cache.size(), most);
        QVERIFY(cache.find(key(52)));
        QVERIFY(!cache.find(key(53)));
        // Another table starts afresh.
        cache.useTable("another");
        QCOMPARE(cache.size(), size_t(0));
        QVERIFY(!cache.lastSeen("o0", "t"));
    }

    void quickProofsKeepTheirDecisions() {
        // While a model is dragged the window's proofs are quick (Scene::Effort::Quick): a
        // pair that needs a long one is marked provisional (in the cache too, for the next
        // quick step only), and decided in full afterwards. Every pair that is not provisional must be ruled as the
        // full proofs rule it, and a full ruling after a quick one with the same cache must
        // be as one made afresh. Boy 3 at ordinary places and at knife edges (the gap between
        // two obscuring areas just reaching it; a sliver of its base hidden).
        const io::ReadResult file = io::readScenarioFile(
            QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/wh40k-11e/12-official-layout-units.sightline.json"));
        QVERIFY(file.scenario);
        Scenario s = *file.scenario;
        const int boy = Scene(s).modelIndex("boy-3");
        const Vec2 start = s.models[boy].position;
        const std::vector<Vec2> places{start,           start + Vec2{-1, 0.5}, {32.5147, 26.407}, {31.4464, 26.9088},
                                       {30.8847, 27.1999}, {30.5559, 27.3703}, {30.3915, 27.4555}, {31.8300, 26.7100}};
        int provisional = 0;
        auto same = [](const PairResult& a, const PairResult& b) {
            return a.visible == b.visible && a.fully_visible == b.fully_visible && a.undecided == b.undecided &&
                   a.cover == b.cover && a.hidden == b.hidden && a.plunging_fire == b.plunging_fire && a.reasons == b.reasons;
        };
        for (const Vec2& at : places) {
            s.models[boy].position = at;
            const Scene full(s);
            const UnitRuling fresh = Rulings(full).units("intercessors", "boyz", Method::Exact, Detail::Decisions);
            Scene quickScene(s);
            quickScene.setEffort(Scene::Effort::Quick);
            RulingCache cache;
            Rulings quickRulings(quickScene);
            quickRulings.setCache(&cache);
            const UnitRuling quick = quickRulings.units("intercessors", "boyz", Method::Exact, Detail::Decisions);
            int here = 0;
            for (size_t i = 0; i < fresh.pairs.size(); ++i)
                for (size_t j = 0; j < fresh.pairs[i].size(); ++j) {
                    QVERIFY(!fresh.pairs[i][j].provisional);
                    if (quick.pairs[i][j].provisional) {
                        ++here;
                        // An open line found is found: "seen" holds whatever is left open.
                        if (quick.pairs[i][j].visible) QVERIFY(fresh.pairs[i][j].visible);
                        continue;
                    }
                    QVERIFY2(same(quick.pairs[i][j], fresh.pairs[i][j]),
                             qPrintable(QStringLiteral("%1 -> %2 at %3, %4").arg(QString::fromStdString(fresh.pairs[i][j].observer),
                                                                              QString::fromStdString(fresh.pairs[i][j].target))
                                            .arg(at.x).arg(at.y)));
                }
            QCOMPARE(cache.size(), size_t(100));
            // A quick ruling again takes every pair from the cache, provisional ones as well.
            const UnitRuling again = quickRulings.units("intercessors", "boyz", Method::Exact, Detail::Decisions);
            for (size_t i = 0; i < fresh.pairs.size(); ++i)
                for (size_t j = 0; j < fresh.pairs[i].size(); ++j)
                    QCOMPARE(again.pairs[i][j].provisional, quick.pairs[i][j].provisional);
            provisional += here;
            Rulings after(full);
            after.setCache(&cache);
            const UnitRuling refined = after.units("intercessors", "boyz", Method::Exact, Detail::Decisions);
            for (size_t i = 0; i < fresh.pairs.size(); ++i)
                for (size_t j = 0; j < fresh.pairs[i].size(); ++j) QVERIFY(same(refined.pairs[i][j], fresh.pairs[i][j]));
            QCOMPARE(refined.cover, fresh.cover);
            QCOMPARE(refined.visible, fresh.visible);
        }
        QVERIFY(provisional > 0);  // (the knife edges: else this tests nothing of the marking)
    }

    void stepTimeLeavesPairsOpenNotWrong() {
        // A drag step's quick proofs stop when its time runs out (Scene::setQuickDeadline):
        // what they leave is provisional, never decided otherwise than the full proofs
        // decide it, and not kept in the cache (the next step is given time of its own).
        // Here the time has run out before the ruling starts.
        Scenario s = officialUnits();
        QVERIFY(!s.models.empty());
        const int boy = Scene(s).modelIndex("boy-3");
        const Vec2 start = s.models[boy].position;
        int provisional = 0;
        for (const Vec2& at : {start, start + Vec2{-1, 0.5}, Vec2{31.4464, 26.9088}}) {
            s.models[boy].position = at;
            const Scene full(s);
            const UnitRuling fresh = Rulings(full).units("intercessors", "boyz", Method::Exact, Detail::Decisions);
            Scene late(s);
            late.setEffort(Scene::Effort::Quick);
            late.setQuickDeadline(Scene::Clock::now());
            QVERIFY(late.outOfTime());
            RulingCache cache;
            Rulings rulings(late);
            rulings.setCache(&cache);
            const UnitRuling quick = rulings.units("intercessors", "boyz", Method::Exact, Detail::Decisions);
            int here = 0;
            for (size_t i = 0; i < fresh.pairs.size(); ++i)
                for (size_t j = 0; j < fresh.pairs[i].size(); ++j) {
                    const PairResult& q = quick.pairs[i][j];
                    const PairResult& f = fresh.pairs[i][j];
                    if (q.provisional) {
                        ++here;
                        if (q.visible) QVERIFY(f.visible);
                        continue;
                    }
                    QCOMPARE(q.visible, f.visible);
                    QCOMPARE(q.fully_visible, f.fully_visible);
                    QCOMPARE(q.cover, f.cover);
                }
            QCOMPARE(cache.size(), size_t(100 - here));
            provisional += here;
        }
        QVERIFY(provisional > 0);
        // Without a deadline the same scene's quick proofs are not cut by time.
        Scene quick(s);
        quick.setEffort(Scene::Effort::Quick);
        QVERIFY(!quick.outOfTime());
        Scene full(s);
        full.setQuickDeadline(Scene::Clock::now());
        QVERIFY(!full.outOfTime());  // (full proofs never look at it)
    }

    void sideViewShowsWhatTheLinePasses() {
        // The side view of a pair: along the witness when seen, with each piece the line
        // passes, its stretch along the line and the line's clearance over it; not seen,
        // along the least blocked line, the piece it runs into marked. Hand-computed: eyes
        // 1.75" high 10" apart, a wall 1" thick from 4" to 5" along the line.
        for (const double height : {1.70, 1.80}) {
            Scenario s;
            s.board = {20, 20};
            s.terrain.push_back(testing::wall("low wall", 4, 0, 5, 20, height));
            s.models = {testing::infantry("a", {0, 10}), testing::infantry("b", {10, 10})};
            const Scene scene(s);
            const Rulings rulings(scene);
            const PairResult r = rulings.evaluate(0, 1, Method::Exact);
            QCOMPARE(r.visible, height < 1.75);
            const SideView v = sideView(scene, rulings, 0, 1, r);
            QCOMPARE(v.witness, r.visible);
            QCOMPARE(v.h0, 1.75);
            QCOMPARE(v.h1, 1.75);
            QCOMPARE(v.pieces.size(), size_t(1));
            const SectionPiece& w = v.pieces[0];
            QCOMPARE(w.id, std::string("low wall"));
            QVERIFY(!w.wall && !w.model);
            QCOMPARE(w.top, height);
            // The wall's 1" across the line (slanted lines cross it a little longer).
            QVERIFY(w.to - w.from >= 1 - 1e-9 && w.to - w.from < 1.1);
            QVERIFY(std::abs(w.clearance - (1.75 - height)) < 1e-9);
            QCOMPARE(v.closest, 0);
        }
        // 11th edition: an obscuring area neither model is within is a wall of any height;
        // a model between them, of another unit, stands in the line.
        Scenario s;
        s.board = {30, 20};
        s.ruleset.name = "wh40k-11e";
        TerrainPiece area = testing::wall("ruin", 12, 0, 14, 9, 0);
        area.kind = TerrainKind::Area;
        s.terrain.push_back(area);
        TerrainPiece rubble = testing::wall("rubble", 12.5, 1, 13.5, 2, 1);  // a light feature in it: it obscures
        rubble.category = "light";
        rubble.area = "ruin";
        s.terrain.push_back(rubble);
        s.models = {testing::infantry("a", {2, 10}), testing::infantry("b", {24, 10}), testing::infantry("c", {8, 10})};
        s.models[2].height = 3;
        const Scene scene(s);
        const Rulings rulings(scene);
        const SideView v = sectionAlong(scene, rulings, 0, 1, {2, 5}, {24, 5});
        QCOMPARE(v.pieces.size(), size_t(1));
        QVERIFY(v.pieces[0].wall);
        QVERIFY(std::isinf(v.pieces[0].clearance) && v.pieces[0].clearance < 0);
        QVERIFY(std::abs(v.pieces[0].from - 10) < 1e-9 && std::abs(v.pieces[0].to - 12) < 1e-9);
        const SideView m = sectionAlong(scene, rulings, 0, 1, {2, 10}, {24, 10});
        QCOMPARE(m.pieces.size(), size_t(1));
        QVERIFY(m.pieces[0].model);
        QCOMPARE(m.pieces[0].id, std::string("c"));
        QVERIFY(std::abs(m.pieces[0].clearance - (1.75 - 3)) < 1e-9);
    }

    // The side view with floors and openings: a walkway the line passes under (how far
    // under its underside), one it runs into, and a wall with a window, drawn as its parts
    // (the sill and the lintel each a piece of their own, the gap between them).
    void sideViewShowsFloorsAndWindows() {
        Scenario s;
        s.board = {30, 20};
        TerrainPiece walkway = testing::wall("walkway", 8, 0, 10, 20, 3.25);
        walkway.bottom = 3;
        TerrainPiece w = testing::wall("wall", 14, 0, 14.5, 20, 5);
        w.openings = {{testing::square(14, 9, 14.5, 11).outer, 1, 2.5}};
        s.terrain = {walkway, w};
        s.models = {testing::infantry("a", {2, 10}), testing::infantry("b", {24, 10})};
        const Scene scene(s);
        const Rulings rulings(scene);
        const PairResult r = rulings.evaluate(0, 1, Method::Exact);
        QVERIFY(r.visible);  // under the walkway and through the window, at 1.75"
        const SideView v = sectionAlong(scene, rulings, 0, 1, {2, 10}, {24, 10});
        QCOMPARE(v.pieces.size(), size_t(3));  // the walkway, the window's sill and lintel
        QCOMPARE(v.pieces[0].id, std::string("walkway"));
        QCOMPARE(v.pieces[0].bottom, 3.0);
        QVERIFY(std::abs(v.pieces[0].clearance - (3 - 1.75)) < 1e-9);  // under it by 1.25"
        std::vector<std::pair<double, double>> parts;
        for (size_t k = 1; k < 3; ++k) {
            QCOMPARE(v.pieces[k].id, std::string("wall"));
            parts.emplace_back(v.pieces[k].bottom, v.pieces[k].top);
        }
        std::sort(parts.begin(), parts.end());
        QCOMPARE(parts, (std::vector<std::pair<double, double>>{{0, 1}, {2.5, 5}}));
        QVERIFY(v.pieces[v.closest].id == "wall");  // 0.75" over the sill, 0.75" under the lintel
        // A taller pair (3.1"): the line runs 0.1" into the walkway.
        s.models[0].height = s.models[1].height = 3.1;
        const Scene tall(s);
        const Rulings tallRulings(tall);
        const SideView t = sectionAlong(tall, tallRulings, 0, 1, {2, 10}, {24, 10});
        QCOMPARE(t.pieces[0].id, std::string("walkway"));
        QVERIFY(std::abs(t.pieces[0].clearance + 0.1) < 1e-9);
        QVERIFY(!tallRulings.evaluate(0, 1, Method::Exact).visible);  // (every line at 3.1" runs into it, and into the lintel)
        // The window itself, open, and the models' feet where they stand.
        QCOMPARE(v.gaps.size(), size_t(1));
        QCOMPARE(v.gaps[0].id, std::string("wall"));
        QVERIFY(v.gaps[0].open);
        QCOMPARE(std::pair(v.gaps[0].bottom, v.gaps[0].top), std::pair(1.0, 2.5));
        QVERIFY(std::abs(v.gaps[0].from - 12) < 1e-9 && std::abs(v.gaps[0].to - 12.5) < 1e-9);
        QCOMPARE(v.closedGapPassed(), nullptr);
        QCOMPARE(std::pair(v.e0, v.e1), std::pair(0.0, 0.0));
    }

    // Under 11th edition a dense feature's gap that begins below 3" is closed (13.11): the side
    // view still shows the gap, says it is closed and why, and that the line runs through it;
    // a model on a floor stands at the floor's top.
    void sideViewShowsAClosedGap() {
        Scenario s;
        s.board = {30, 20};
        s.ruleset.name = "wh40k-11e";
        TerrainPiece w = testing::wall("wall", 14, 0, 14.5, 20, 5);
        w.category = "dense";
        w.openings = {{testing::square(14, 9, 14.5, 11).outer, 1, 2.5}};
        s.terrain = {w};
        s.models = {testing::infantry("a", {2, 10}), testing::infantry("b", {24, 10})};
        s.models[1].elevation = 0.5;
        const Scene scene(s);
        const Rulings rulings(scene);
        QVERIFY(!rulings.evaluate(0, 1, Method::Exact).visible);
        const SideView v = sectionAlong(scene, rulings, 0, 1, {2, 10}, {24, 10});
        QCOMPARE(v.gaps.size(), size_t(1));
        QVERIFY(!v.gaps[0].open);
        QVERIFY2(v.gaps[0].closedBy.starts_with("13.11 solid"), v.gaps[0].closedBy.c_str());
        QVERIFY(v.closedGapPassed() == &v.gaps[0]);  // (at 1.75" to 2.25", within 1" to 2.5")
        QCOMPARE(std::pair(v.e0, v.e1), std::pair(0.0, 0.5));
        // Not dense: open, and the line passes through it.
        s.terrain[0].category = "light";
        const Scene light(s);
        const Rulings lightRulings(light);
        const SideView o = sectionAlong(light, lightRulings, 0, 1, {2, 10}, {24, 10});
        QVERIFY(o.gaps.size() == 1 && o.gaps[0].open && o.closedGapPassed() == nullptr);
        // 10th edition: a ruin's door is closed; the ruling says so, and the side view too.
        const io::ReadResult door = io::readScenarioFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/wh40k-10e/11-ruin-door.sightline.json"));
        QVERIFY(door.scenario);
        const Scene doorScene(*door.scenario);
        const Rulings doorRulings(doorScene);
        const PairResult shut = doorRulings.evaluate(0, 1, Method::Exact);
        QVERIFY(!shut.visible);
        QVERIFY(std::ranges::any_of(shut.reasons, [](const std::string& why) { return why.starts_with("ruins: the windows and doors of"); }));
        const SideView d = sideView(doorScene, doorRulings, 0, 1, shut);
        QVERIFY(d.closedGapPassed() && d.closedGapPassed()->closedBy.starts_with("10th edition"));
    }

    // The subdivision's proofs with a band (11e's 1 mm line): a band under a walkway is not
    // blocked by it, and the walkway grown for the band must not stand from the table. Two
    // tall walls leave a corridor under the walkway; the pair sees along it, and the
    // subdivision over all lines must find that, not prove them blocked.
    void bandsPassUnderAWalkwayInTheProofs() {
        Scenario s;
        s.board = {60, 44};
        s.ruleset.sight_line_width_mm = 1;
        // (The target stands 2" up: the lines rise from 1.75" to 3.75", the walkway's underside
        // between, so it is not passed over as above every line; they are under 2.75" there.)
        TerrainPiece walkway = testing::wall("walkway", 20, 0, 30, 44, 3.25);
        walkway.bottom = 3;
        s.terrain = {walkway, testing::wall("north", 22, 0, 28, 21.9, 6), testing::wall("south", 22, 22.1, 28, 44, 6)};
        s.models = {testing::infantry("a", {10, 22}), testing::infantry("b", {50, 22})};
        s.models[1].elevation = 2;
        const Scene scene(s);
        const ModelMask ignored = scene.ignoredModels(0, 1);
        const Certified c = certifyPair(scene, scene.modelRegion(0), 1.75, scene.modelRegion(1), 3.75, ignored);
        QVERIFY2(c.outcome != Certified::Outcome::Blocked, "proved blocked under a walkway");
        // (The walkway alone, every line under it: the same.)
        Scenario open = s;
        open.terrain.resize(1);
        const Scene alone(open);
        const Certified d = certifyPair(alone, alone.modelRegion(0), 1.75, alone.modelRegion(1), 3.75, alone.ignoredModels(0, 1));
        QVERIFY2(d.outcome == Certified::Outcome::Visible, qPrintable(QString::number(int(d.outcome))));
        // One line under it, beside its edge (within the band's reach of it, in the part of
        // the walkway grown for the band): open, not proven blocked.
        const Certified one = certifyPair(alone, pointRegion({10, 22}), 1.75, pointRegion({50, 22}), 3.75, alone.ignoredModels(0, 1));
        QVERIFY(one.outcome == Certified::Outcome::Visible);
        QVERIFY(decideExact(scene, scene.modelRegion(0), 1.75, scene.modelRegion(1), 3.75, ignored, Witness::First).visible);
        // Lower the walkway into the lines' way (from 1.5" to 3.5"): blocked, and proven so.
        s.terrain[0].bottom = 1.5;
        s.terrain[0].height = 3.5;
        const Scene low(s);
        const Certified b = certifyPair(low, low.modelRegion(0), 1.75, low.modelRegion(1), 3.75, low.ignoredModels(0, 1));
        QCOMPARE(int(b.outcome), int(Certified::Outcome::Blocked));
    }

    // regression/33 with a 1 mm line: every band from A to B runs along the seam where the
    // floor rests on the wall (x = 29-30), closed there; the subdivision proves it (its
    // stacked seams taken from the pieces themselves, not their grown parts). C -> D still
    // sees beside the floor.
    void aStackedSeamClosesBandsToo() {
        const io::ReadResult r = io::readScenarioFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/regression/33-floor-on-a-wall.sightline.json"));
        QVERIFY(r.scenario);
        Scenario s = *r.scenario;
        s.ruleset.sight_line_width_mm = 1;
        const Scene scene(s);
        auto decide = [&](const char* o, const char* t) {
            const int a = scene.modelIndex(o), b = scene.modelIndex(t);
            return decideExact(scene, scene.modelRegion(a), s.models[a].top(), scene.modelRegion(b), s.models[b].top(),
                               scene.ignoredModels(a, b), Witness::First);
        };
        const ExactAnswer ab = decide("A", "B");
        QVERIFY(!ab.visible && !ab.undecided);
        QVERIFY(decide("C", "D").visible);
    }

    void cachesFollowFloorsAndOpenings() {
        // A wall between two models, then the same wall as a floor high above them, then
        // with an opening across it below their tops: each time the kept table, the pair
        // cache and the side's cache rule the pair as a table made afresh (a table's key
        // holds a feature's bottom and openings, which the window's inspector edits).
        Scenario s;
        s.board = {20, 20};
        s.terrain.push_back(testing::wall("wall", 9, 5, 11, 15, 5));
        s.models = {testing::infantry("a", {5, 10}), testing::infantry("b", {15, 10})};
        s.models[0].side = "blue";
        s.models[1].side = "red";
        KeptTable table;
        RulingCache pairs;
        SeenCache seen;
        auto check = [&](bool expected) {
            const PairResult kept = table.follow(s).evaluate(0, 1, Method::Exact, Detail::Decisions);
            const Scene scene(s);
            Rulings cached(scene);
            cached.setCache(&pairs);
            const PairResult viaCache = cached.evaluate(0, 1, Method::Exact, Detail::Decisions);
            const std::vector<char> bySide = Rulings(scene).seenBySide("blue", nullptr, &seen);
            const bool fresh = Rulings(scene).evaluate(0, 1, Method::Exact, Detail::Decisions).visible;
            QCOMPARE(fresh, expected);
            QCOMPARE(kept.visible, expected);
            QCOMPARE(viaCache.visible, expected);
            QCOMPARE(static_cast<bool>(bySide[1]), expected);
        };
        check(false);
        s.terrain[0].bottom = 3;  // (a floor from 3" up: the lines pass under it)
        check(true);
        s.terrain[0].bottom = 0;
        check(false);
        s.terrain[0].openings.push_back({s.terrain[0].footprint.outer, 0, 4});  // (open from the table to 4")
        check(true);
        s.terrain[0].openings.front().to = 1;  // (a slot 1" high: no line from a top gets down into it before the wall)
        check(false);
    }

    void keptTableFollowsMovesAndRulesAsAFreshOne() {
        // The window keeps its scene, rulings and wall scenes from one drag step to the next
        // (KeptTable): moved models are followed in place, and every pair is ruled as on a
        // table made afresh; any other change makes the table afresh. The wall scenes share
        // each step's deadline: one that has passed leaves pairs provisional, and the next
        // step, without one, decides them all.
        Scenario s = officialUnitsWalled();
        QVERIFY(!s.models.empty());
        const int boy = Scene(s).modelIndex("boy-3");
        const int marine = Scene(s).modelIndex("intercessor-2");
        QVERIFY(boy >= 0 && marine >= 0);
        const Vec2 boyStart = s.models[boy].position, marineStart = s.models[marine].position;
        KeptTable table;
        auto same = [](const UnitRuling& a, const UnitRuling& b) {
            if (a.pairs.size() != b.pairs.size()) return false;
            for (size_t i = 0; i < a.pairs.size(); ++i)
                for (size_t j = 0; j < a.pairs[i].size(); ++j) {
                    const PairResult &p = a.pairs[i][j], &q = b.pairs[i][j];
                    if (p.visible != q.visible || p.fully_visible != q.fully_visible || p.cover != q.cover ||
                        p.hidden != q.hidden || p.plunging_fire != q.plunging_fire || p.undecided != q.undecided ||
                        p.provisional || q.provisional)
                        return false;
                }
            return a.cover == b.cover && a.visible == b.visible;
        };
        const std::vector<std::pair<Vec2, Vec2>> places{
            {boyStart, marineStart},
            {boyStart + Vec2{-1, 0.5}, marineStart},
            {Vec2{31.4464, 26.9088}, marineStart},
            {Vec2{31.4464, 26.9088}, marineStart + Vec2{2, -1}},
            {Vec2{32.5147, 26.407}, marineStart + Vec2{2, -1}}};
        for (const auto& [b, m] : places) {
            s.models[boy].position = b;
            s.models[marine].position = m;
            Rulings& kept = table.follow(s);
            table.scene().setEffort(Scene::Effort::Full);
            table.scene().setQuickDeadline(std::nullopt);
            const UnitRuling followed = kept.units("intercessors", "boyz", Method::Exact, Detail::Decisions);
            const Scene fresh(s);
            QVERIFY(same(followed, Rulings(fresh).units("intercessors", "boyz", Method::Exact, Detail::Decisions)));
        }
        QCOMPARE(table.made(), 1);
        QCOMPARE(table.followed(), 4);  // the boy at each step but one, the marine once
        // A step whose time has already run out: provisional pairs, none decided otherwise.
        s.models[boy].position = boyStart + Vec2{-0.5, 0.25};
        Rulings& late = table.follow(s);
        table.scene().setEffort(Scene::Effort::Quick);
        table.scene().setQuickDeadline(Scene::Clock::now());
        const UnitRuling cut = late.units("intercessors", "boyz", Method::Exact, Detail::Decisions);
        Scene freshLate(s);
        freshLate.setEffort(Scene::Effort::Quick);
        freshLate.setQuickDeadline(Scene::Clock::now());
        const UnitRuling freshCut = Rulings(freshLate).units("intercessors", "boyz", Method::Exact, Detail::Decisions);
        int provisional = 0, freshProvisional = 0;
        for (size_t i = 0; i < cut.pairs.size(); ++i)
            for (size_t j = 0; j < cut.pairs[i].size(); ++j) {
                provisional += cut.pairs[i][j].provisional;
                freshProvisional += freshCut.pairs[i][j].provisional;
                QCOMPARE(cut.pairs[i][j].visible, freshCut.pairs[i][j].visible);
            }
        QVERIFY(provisional > 0);
        QCOMPARE(provisional, freshProvisional);  // (the wall scenes kept were cut short too)
        // The next step has no deadline: the wall scenes see it too, and nothing is left open.
        table.scene().setEffort(Scene::Effort::Full);
        table.scene().setQuickDeadline(std::nullopt);
        const UnitRuling whole = table.follow(s).units("intercessors", "boyz", Method::Exact, Detail::Decisions);
        QVERIFY(same(whole, Rulings(Scene(s)).units("intercessors", "boyz", Method::Exact, Detail::Decisions)));
        // Another change than a place makes the table afresh.
        s.models[marine].height += 1;
        const UnitRuling taller = table.follow(s).units("intercessors", "boyz", Method::Exact, Detail::Decisions);
        QCOMPARE(table.made(), 2);
        QVERIFY(same(taller, Rulings(Scene(s)).units("intercessors", "boyz", Method::Exact, Detail::Decisions)));
    }

    void provingFirstDecidesTheSame() {
        // ExpectNotVisible (a pair not visible a moment ago) and ExpectVisible (the points of
        // fully visible's search) change the order of the work only: every pair of the two
        // units, at ordinary places and at knife edges, decided with the subdivision first,
        // in the usual order, and with the quick proofs after the candidates, gives the same
        // answer.
        Scenario s = officialUnitsWalled();
        QVERIFY(!s.models.empty());
        const int boy = Scene(s).modelIndex("boy-3");
        const Vec2 start = s.models[boy].position;
        int blocked = 0, visible = 0;
        for (const Vec2& at : {start, start + Vec2{-1, 0.5}, Vec2{32.5147, 26.407}, Vec2{31.4464, 26.9088}, Vec2{30.5559, 27.3703}}) {
            s.models[boy].position = at;
            const Scene scene(s);
            for (int o = 0; o < static_cast<int>(s.models.size()); ++o)
                for (int t = 0; t < static_cast<int>(s.models.size()); ++t) {
                    if (s.models[o].unit != "intercessors" || s.models[t].unit != "boyz") continue;
                    const PairResult usual = evaluatePair(scene, o, t, Method::Exact, Detail::Decisions);
                    PairResult first, last;
                    {
                        const ExpectNotVisible order(true);
                        first = evaluatePair(scene, o, t, Method::Exact, Detail::Decisions);
                    }
                    {
                        const ExpectVisible order;
                        last = evaluatePair(scene, o, t, Method::Exact, Detail::Decisions);
                    }
                    const QByteArray where = QStringLiteral("%1 -> %2 at %3, %4")
                                                 .arg(QString::fromStdString(usual.observer), QString::fromStdString(usual.target))
                                                 .arg(at.x).arg(at.y).toUtf8();
                    for (const PairResult* other : {&first, &last}) {
                        QVERIFY2(other->visible == usual.visible, where.constData());
                        QVERIFY2(other->undecided == usual.undecided, where.constData());
                        QVERIFY2(other->fully_visible == usual.fully_visible, where.constData());
                        QVERIFY2(other->blocking_set == usual.blocking_set, where.constData());
                    }
                    blocked += !usual.visible;
                    visible += usual.visible;
                }
        }
        QVERIFY(blocked > 20);
        QVERIFY(visible > 20);
    }

    void certifyingInStepsIsCertifyingAtOnce() {
        // CertifySearch::run goes on where it stopped: in steps of 1, 7 and the rest, the
        // search ends as one run at once does (outcome, cells, the pieces it used), and an
        // answer given before the end is that one.
        const Scenario s = officialUnitsWalled();
        QVERIFY(!s.models.empty());
        const Scene scene(s);
        int searched = 0, long_ = 0;
        for (int o = 0; o < static_cast<int>(s.models.size()); ++o)
            for (int t = 0; t < static_cast<int>(s.models.size()); ++t) {
                if (s.models[o].unit != "intercessors" || s.models[t].unit != "boyz") continue;
                const ModelMask ignored = scene.ignoredModels(o, t);
                const Region& from = scene.modelRegion(o);
                const Region& to = scene.modelRegion(t);
                const double hFrom = s.models[o].top(), hTo = s.models[t].top();
                const Certified whole = certifyPair(scene, from, hFrom, to, hTo, ignored);
                CertifySearch steps(scene, from, hFrom, to, hTo, ignored);
                Certified c;
                for (int upTo : {1, 8, 100000}) {
                    c = steps.run(upTo);
                    QVERIFY(c.cells <= upTo);
                    if (c.outcome != Certified::Outcome::Undecided) break;
                }
                QVERIFY(c.outcome == whole.outcome);
                QCOMPARE(c.cells, whole.cells);
                QVERIFY(c.cover == whole.cover);
                QCOMPARE(c.witness.has_value(), whole.witness.has_value());
                ++searched;
                long_ += whole.cells > 8;
            }
        QCOMPARE(searched, 100);
        QVERIFY(long_ > 0);  // (some searches went past the steps)
    }

    void keptChordsChangeNoAnswer() {
        // A search keeps its separator lines' chords after a few cells (keepChordsAfter):
        // from the first cell, after four (as it runs), or never, every search ends the same
        // (outcome, cells, the pieces used, the witness). The pairs: the unit against unit
        // pairs, and four pairs at a knife edge on Purge vs Purge 01, whose searches are long.
        std::vector<std::pair<Scenario, std::pair<int, int>>> tables;
        {
            const Scenario s = officialUnitsWalled();
            for (int o = 0; o < static_cast<int>(s.models.size()); ++o)
                for (int t = 0; t < static_cast<int>(s.models.size()); ++t)
                    if (s.models[o].unit == "intercessors" && s.models[t].unit == "boyz" && (o + t) % 3 == 0)
                        tables.push_back({s, {o, t}});
        }
        const io::ReadResult purge =
            io::readScenarioFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/layouts/11e/bm-purge-vs-purge-01.sightline.json"));
        QVERIFY(purge.scenario);
        for (const auto& [from, to] : {std::pair<Vec2, Vec2>{{40.5, 16.5}, {22.25, 4.25}},
                                       {{38.5, 16.5}, {15.75, 2.75}},
                                       {{46.5, 14.5}, {4.75, 31.25}},
                                       {{43.5, 16.5}, {17.75, 12.75}}}) {
            Scenario s = withObscuringAsWalls(*purge.scenario);
            for (const Vec2 at : {from, to}) {
                Model m;
                m.id = m.name = at == from ? "o" : "t";
                m.unit = m.id;
                m.side = m.id;
                m.position = at;
                m.base = {BaseShape::Circle, 32, 32};
                m.height = 1.75;
                s.models.push_back(m);
            }
            const int n = static_cast<int>(s.models.size());
            tables.push_back({s, {n - 2, n - 1}});
        }
        int longest = 0;
        for (const auto& [s, pair] : tables) {
            const Scene scene(s);
            const auto [o, t] = pair;
            const ModelMask ignored = scene.ignoredModels(o, t);
            auto search = [&](int keepAfter) {
                CertifyLimits limits;
                limits.keepChordsAfter = keepAfter;
                return certifyPair(scene, scene.modelRegion(o), s.models[o].top(), scene.modelRegion(t), s.models[t].top(),
                                   ignored, limits);
            };
            const Certified never = search(-1);
            longest = std::max(longest, never.cells);
            for (int keepAfter : {0, CertifyLimits{}.keepChordsAfter}) {
                const Certified kept = search(keepAfter);
                const QString where = QStringLiteral("pair %1-%2 of %3 models, chords kept after %4 cells")
                                          .arg(o).arg(t).arg(s.models.size()).arg(keepAfter);
                QVERIFY2(kept.outcome == never.outcome, qPrintable(where));
                QVERIFY2(kept.cells == never.cells, qPrintable(where));
                QVERIFY2(kept.cover == never.cover, qPrintable(where));
                QVERIFY2(kept.witness.has_value() == never.witness.has_value(), qPrintable(where));
                if (kept.witness)
                    QVERIFY2(kept.witness->a == never.witness->a && kept.witness->b == never.witness->b, qPrintable(where));
            }
        }
        QVERIFY2(longest > 200, qPrintable(QString::number(longest)));  // (searches long enough to keep much)
    }

    // Fog of war on the table: a side sees its models and the enemies they see; it remembers
    // an enemy where it last saw it until that place is seen again or the memory is older
    // than memoryTurns; each turn ended is kept with what each side saw and remembered.
    void tableFogRemembersAndForgets() {
        Scenario s = testing::fogTable();
        QCOMPARE(tableSides(s), (std::vector<std::string>{"blue", "red"}));
        // Turn 1: the scout and the raider see each other; the lurker is behind the wall.
        const auto now = seenNow(s);
        QCOMPARE(now.at("blue"), (std::set<std::string>{"scout", "raider"}));
        QCOMPARE(now.at("red"), (std::set<std::string>{"raider", "lurker", "scout"}));
        QVERIFY(endTableTurn(s));
        QVERIFY(s.fog);
        QCOMPARE(s.fog->turn, 2);
        QCOMPARE(s.fog->history.size(), size_t(1));
        QCOMPARE(s.fog->history[0].seen.at("blue"), std::vector<std::string>{"raider"});
        QVERIFY(s.fog->history[0].remembered.at("blue").empty());
        // Turn 2: the scout goes south of the wall, the lurker north of it.
        s.models[0].position = {5, 40};
        s.models[2].position = {55, 5};
        QVERIFY(endTableTurn(s));
        // Blue sees no enemy now; it remembers the raider where it saw it (turn 1), whose
        // place it does not see from behind the wall.
        const std::vector<TableSighting> ghosts = tableGhosts(s, "blue", seenNow(s).at("blue"));
        QCOMPARE(ghosts.size(), size_t(1));
        QCOMPARE(ghosts[0].model.id, std::string("raider"));
        QCOMPARE(ghosts[0].model.position, (Vec2{30, 10}));
        QCOMPARE(ghosts[0].turnSeen, 1);
        QCOMPARE(s.fog->history[1].remembered.at("blue").size(), size_t(1));
        // Red sees no enemy either; the raider sees where the scout stood, so red knows it
        // is not there: no memory of it.
        QVERIFY(s.fog->history[1].seen.at("red").empty());
        QVERIFY(!s.fog->sightings.at("red").count("scout"));
        // Turn 3: the raider moves on, unseen: the memory stays where it was.
        s.models[1].position = {45, 8};
        QVERIFY(endTableTurn(s));
        QCOMPARE(tableGhosts(s, "blue", seenNow(s).at("blue")).size(), size_t(1));
        QCOMPARE(tableGhosts(s, "blue", seenNow(s).at("blue"))[0].model.position, (Vec2{30, 10}));
        // Turn 4: the scout comes back and sees the place again: the memory is gone, though
        // the raider itself (now behind the wall) is not seen.
        s.models[1].position = {45, 35};
        s.models[0].position = {10, 10};
        s.models[2].position = {55, 30};
        QVERIFY(endTableTurn(s));
        QVERIFY(!seenNow(s).at("blue").count("raider"));
        QVERIFY(tableGhosts(s, "blue", seenNow(s).at("blue")).empty());
        // Memories expire: with one turn of memory, a sighting of turn 5 is gone at turn 7.
        s.fog->memoryTurns = 1;
        s.models[1].position = {30, 10};  // seen again (turn 5)
        QVERIFY(endTableTurn(s));
        QCOMPARE(s.fog->sightings.at("blue").at("raider").turnSeen, 5);
        s.models[0].position = {5, 40};   // behind the wall
        QVERIFY(endTableTurn(s));         // turn 6: remembered (6 - 5 <= 1)
        QVERIFY(s.fog->sightings.at("blue").count("raider"));
        QVERIFY(endTableTurn(s));         // turn 7: too old (7 - 5 > 1)
        QVERIFY(!s.fog->sightings.at("blue").count("raider"));
        QCOMPARE(s.fog->history.size(), size_t(7));
        QCOMPARE(s.fog->history.back().turn, 7);
        QCOMPARE(s.fog->history[2].models[1].position, (Vec2{45, 8}));  // as the turn ended
        // A cancelled turn changes nothing.
        const std::atomic<bool> stop{true};
        QVERIFY(!endTableTurn(s, &stop));
        QCOMPARE(s.fog->turn, 8);
    }

    // A side's view worked out again after each change of the table, its pairs' answers kept
    // between changes (SeenCache), is the view worked out afresh: models moved one or several
    // at a time, near and far from the lines, a unit's flag changed, a model removed.
    void seenBySideWithItsCacheIsSeenAfresh() {
        const io::ReadResult r = io::readScenarioFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/wh40k-11e/12-official-layout-units.sightline.json"));
        QVERIFY(r.scenario);
        Scenario s = *r.scenario;
        std::mt19937 rng(16);
        std::uniform_real_distribution<double> step(-3, 3);
        SeenCache blueCache, redCache;
        const std::string blue = s.models.front().side, red = s.models.back().side;
        int reused = 0, decided = 0;
        for (int k = 0; k < 40; ++k) {
            const int moves = k % 5 == 4 ? 3 : 1;
            for (int n = 0; n < moves; ++n) {
                Model& m = s.models[rng() % s.models.size()];
                m.position = {std::clamp(m.position.x + step(rng), 1.0, s.board.width - 1),
                              std::clamp(m.position.y + step(rng), 1.0, s.board.height - 1)};
            }
            if (k == 20) s.models.back().shot_recently = true;
            if (k == 30) s.models.erase(s.models.begin() + 3);
            const Scene scene(s);
            const Rulings rulings(scene);
            const std::vector<char> cachedBlue = rulings.seenBySide(blue, nullptr, &blueCache);
            const std::vector<char> cachedRed = rulings.seenBySide(red, nullptr, &redCache);
            QCOMPARE(cachedBlue, rulings.seenBySide(blue));
            QCOMPARE(cachedRed, rulings.seenBySide(red));
            reused += static_cast<int>(blueCache.reused() + redCache.reused());
            decided += static_cast<int>(blueCache.decided() + redCache.decided());
        }
        // Many answers came from the caches (a move touches the lines of the pairs near it; the
        // units here stand in tight blocks, so a move of up to 3" touches many).
        qInfo("%d pair answers reused, %d decided", reused, decided);
        QVERIFY(reused > 1000);
    }

    void cancelledRulingsLeaveNoTrace() {
        // A unit ruling cut short by the scene's cancel flag (the window gives up a drag
        // step when a newer one waits) stops without deciding its pairs and puts none of
        // them in the cache, so the next ruling with that cache is as one made afresh.
        const io::ReadResult r = io::readScenarioFile(
            QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/wh40k-11e/12-official-layout-units.sightline.json"));
        QVERIFY(r.scenario);
        std::atomic<bool> cancel{true};
        RulingCache cache;
        {
            Scene scene(*r.scenario);
            scene.setCancel(&cancel);
            QVERIFY(scene.cancelled());
            Rulings rulings(scene);
            rulings.setCache(&cache);
            const UnitRuling cut = rulings.units("intercessors", "boyz", Method::Exact, Detail::Decisions);
            QCOMPARE(cut.pairs.size(), size_t(10));
            QCOMPARE(cache.size(), size_t(0));
            // The proofs themselves stop at once: an undecided answer, no cell looked at.
            const Certified c = certifyPair(scene, scene.modelRegion(0), 1.75, scene.modelRegion(15), 0,
                                            scene.ignoredModels(0, 15));
            QCOMPARE(int(c.outcome), int(Certified::Outcome::Undecided));
            QCOMPARE(c.cells, 0);
        }
        cancel = false;
        Scene scene(*r.scenario);
        scene.setCancel(&cancel);
        QVERIFY(!scene.cancelled());
        Rulings cached(scene);
        cached.setCache(&cache);
        const UnitRuling a = cached.units("intercessors", "boyz", Method::Exact, Detail::Decisions);
        QCOMPARE(cache.size(), size_t(100));
        const UnitRuling b = Rulings(scene).units("intercessors", "boyz", Method::Exact, Detail::Decisions);
        for (size_t i = 0; i < b.pairs.size(); ++i)
            for (size_t j = 0; j < b.pairs[i].size(); ++j) {
                QCOMPARE(a.pairs[i][j].visible, b.pairs[i][j].visible);
                QCOMPARE(a.pairs[i][j].fully_visible, b.pairs[i][j].fully_visible);
                QCOMPARE(a.pairs[i][j].reasons, b.pairs[i][j].reasons);
            }
        QCOMPARE(a.cover, b.cover);
    }

    void fieldsAgree_data() {
        QTest::addColumn<QString>("file");
        for (const QString& path : scenarioFiles())
            QTest::newRow(qPrintable(QFileInfo(path).completeBaseName())) << path;
    }

    void fieldsAgree() {
        // The share seen is 1 exactly when the target is fully visible (so "100% seen" never
        // sits beside "not fully visible"), 0 when it is not visible.
        QFETCH(QString, file);
        const io::ReadResult r = io::readScenarioFile(file);
        QVERIFY(r.scenario);
        const Scene scene(*r.scenario);
        const Rulings rulings(scene);
        const auto& models = r.scenario->models;
        for (int o = 0; o < static_cast<int>(models.size()); ++o)
            for (int t = 0; t < static_cast<int>(models.size()); ++t) {
                if (models[o].side == models[t].side) continue;
                for (Method m : {Method::Exact, Method::Sampled}) {
                    const PairResult p = rulings.evaluate(o, t, m);
                    const QByteArray where = QByteArray(methodName(m).data()) + ' ' + models[o].id.c_str() + " -> " +
                                             models[t].id.c_str();
                    QVERIFY2(p.fully_visible == (p.visible_fraction == 1), where);
                    QVERIFY2(p.fully_visible == (percentSeen(p.visible_fraction) == 100), where);
                    if (!p.visible) QVERIFY2(p.visible_fraction == 0 && !p.fully_visible, where);
                    // The decision alone (the window's "against all enemies") agrees.
                    if (m == Method::Exact) QVERIFY2(rulings.visible(o, t) == p.visible, where);
                }
            }
    }
};

QTEST_GUILESS_MAIN(TestGolden)
#include "tst_golden.moc"
