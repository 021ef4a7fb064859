// The scenario document: edits go through its undo stack, a drag undoes in one step,
// saving marks it clean, and a bad file leaves it as it was; the table edits (new ids,
// duplicating, deleting, rotating, moving a selection) keep the scenario a sound file.
#include "scenario_document.h"
#include "scenario_edits.h"
#include "kernel/polygon.h"
#include "rules/rulings.h"
#include "rules/table_fog.h"
#include "fixtures.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

using namespace sl;

namespace {
const QString kDemo = QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/demo.sightline.json");
constexpr int kDragKey = 1;
}  // namespace

class TestDocument : public QObject {
    Q_OBJECT
private slots:
    void editUndoRedo() {
        ScenarioDocument doc;
        QVERIFY(doc.open(kDemo, nullptr));
        QVERIFY(!doc.isModified());
        const Vec2 start = doc.scenario().models[0].position;
        QSignalSpy changed(&doc, &ScenarioDocument::changed);
        doc.edit(QStringLiteral("Raise model"), [](Scenario& s) { s.models[0].elevation = 3; });
        QCOMPARE(doc.scenario().models[0].elevation, 3.0);
        QVERIFY(doc.isModified());
        QCOMPARE(changed.count(), 1);
        doc.undoStack()->undo();
        QCOMPARE(doc.scenario().models[0].elevation, 0.0);
        QCOMPARE(doc.scenario().models[0].position, start);
        QVERIFY(!doc.isModified());
        doc.undoStack()->redo();
        QCOMPARE(doc.scenario().models[0].elevation, 3.0);
        QCOMPARE(doc.undoStack()->undoText(), QStringLiteral("Raise model"));
    }

    void aDragUndoesInOneStep() {
        ScenarioDocument doc;
        QVERIFY(doc.open(kDemo, nullptr));
        const Vec2 start = doc.scenario().models[2].position;
        for (int i = 1; i <= 5; ++i)
            doc.edit(QStringLiteral("Move model"), [i](Scenario& s) { s.models[2].position.x += 0.1 * i; }, kDragKey);
        QCOMPARE(doc.undoStack()->count(), 1);
        doc.undoStack()->undo();
        QCOMPARE(doc.scenario().models[2].position, start);
        // A different kind of edit after the drag is a step of its own.
        doc.undoStack()->redo();
        doc.edit(QStringLiteral("Rename"), [](Scenario& s) { s.name = "Renamed table"; });
        QCOMPARE(doc.undoStack()->count(), 2);
    }

    void saveMarksCleanAndRoundTrips() {
        QTemporaryDir dir;
        ScenarioDocument doc;
        QVERIFY(doc.open(kDemo, nullptr));
        QString error;
        QVERIFY(!ScenarioDocument().save(&error));  // no file yet: a message, not a crash
        QVERIFY(error.contains(QStringLiteral("no file")));
        doc.edit(QStringLiteral("Move"), [](Scenario& s) { s.models[0].position = {30, 30}; });
        const QString path = dir.filePath(QStringLiteral("copy.sightline.json"));
        QVERIFY2(doc.saveAs(path, &error), qPrintable(error));
        QVERIFY(!doc.isModified());
        QCOMPARE(doc.filePath(), path);
        ScenarioDocument again;
        QVERIFY(again.open(path, nullptr));
        QCOMPARE(again.scenario().models[0].position, (Vec2{30, 30}));
        QCOMPARE(again.scenario().terrain.size(), doc.scenario().terrain.size());
    }

    void aBadFileChangesNothing() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"format\": \"sightline-scenario\", \"version\": 1}");
        f.close();
        ScenarioDocument doc;
        QVERIFY(doc.open(kDemo, nullptr));
        doc.edit(QStringLiteral("Rename"), [](Scenario& s) { s.name = "mine"; });
        QList<io::Problem> problems;
        QVERIFY(!doc.open(path, &problems));
        QVERIFY(!problems.isEmpty());
        QCOMPARE(problems.front().path, QStringLiteral("board"));
        QCOMPARE(doc.scenario().name, std::string("mine"));
        QCOMPARE(doc.filePath(), kDemo);
        QVERIFY(doc.isModified());
    }

    void tableEditsKeepTheFileSound() {
        const io::ReadResult r = io::readScenarioFile(kDemo);
        QVERIFY(r.scenario);
        Scenario s = *r.scenario;
        auto index = [&](const std::string& id) {
            for (int i = 0; i < static_cast<int>(s.models.size()); ++i)
                if (s.models[i].id == id) return i;
            return -1;
        };
        // New ids never clash with models, terrain or zones.
        QCOMPARE(edits::uniqueId(s, "b-int-1"), std::string("b-int-1-2"));
        QCOMPARE(edits::uniqueId(s, "ruin-se"), std::string("ruin-se-2"));
        QCOMPARE(edits::uniqueId(s, "fresh"), std::string("fresh"));
        // Duplicating two models of a unit makes a new unit of the two; the captain's copy
        // gets a unit of its own.
        const int a = index("b-int-1"), b = index("b-int-2"), cap = index("b-captain");
        const edits::Selection copies = edits::duplicateSelection(s, {{a, b, cap}, {}, {}}, {1, 1});
        QCOMPARE(copies.models.size(), size_t(3));
        const Model& c0 = s.models[copies.models[0]];
        const Model& c1 = s.models[copies.models[1]];
        const Model& c2 = s.models[copies.models[2]];
        QCOMPARE(c0.unit, c1.unit);
        QVERIFY(c0.unit != s.models[a].unit);
        QVERIFY(c2.unit != s.models[cap].unit && c2.unit != c0.unit);
        QCOMPARE(c0.position, (s.models[a].position + Vec2{1, 1}));
        QVERIFY(edits::problemsOf(s).isEmpty());
        // Turning: a circle keeps its rotation, an oval turns, terrain turns about its centre.
        const int bike = index("b-bike");
        const double before = s.models[bike].rotation_deg;
        edits::rotateSelection(s, {{a, bike}, {0}, {}}, 30);
        QCOMPARE(s.models[a].rotation_deg, 0.0);
        QCOMPARE(s.models[bike].rotation_deg, std::fmod(before + 30, 360.0));
        // Moving keeps every model's centre on the table, all by the same shift.
        edits::moveSelection(s, {{a, b}, {}, {}}, {-100, 0});
        QCOMPARE(s.models[a].position.x, 0.0);
        QCOMPARE(s.models[b].position.x, 0.0);
        // Deleting an area frees its features; deleting a model drops the queries about it.
        int area = -1;
        for (int i = 0; i < static_cast<int>(s.terrain.size()); ++i)
            if (s.terrain[i].kind == TerrainKind::Area) area = i;
        QVERIFY(area >= 0);
        // Moving an area carries the features standing in it (selected too or not: once).
        {
            Scenario moved = s;
            int holder = -1;
            std::vector<int> inside;
            for (int a = 0; a < static_cast<int>(s.terrain.size()) && inside.empty(); ++a) {
                if (s.terrain[a].kind != TerrainKind::Area) continue;
                holder = a;
                for (int i = 0; i < static_cast<int>(s.terrain.size()); ++i)
                    if (s.terrain[i].kind == TerrainKind::Feature && s.terrain[i].area == s.terrain[a].id) inside.push_back(i);
            }
            QVERIFY(!inside.empty());
            edits::moveSelection(moved, {{}, {holder, inside.front()}, {}}, {2, -1});
            for (int i : inside)
                QCOMPARE(moved.terrain[i].footprint.outer[0], (s.terrain[i].footprint.outer[0] + Vec2{2, -1}));
            QCOMPARE(moved.terrain[holder].footprint.outer[0], (s.terrain[holder].footprint.outer[0] + Vec2{2, -1}));
        }
        s.queries.push_back({"b-int-1", "r-nob", {}, "", "", "", ""});
        // A unit query goes with the last model of its unit, and stays while one is left.
        const std::string unitOfA = s.models[a].unit;
        const bool aloneInUnit = std::count_if(s.models.begin(), s.models.end(),
                                               [&](const Model& m) { return m.unit == unitOfA; }) == 1;
        const auto other = std::find_if(s.models.begin(), s.models.end(), [&](const Model& m) { return m.unit != unitOfA; });
        QVERIFY(other != s.models.end());
        s.queries.push_back({"", "", {}, "", "", unitOfA, other->unit});
        edits::deleteSelection(s, {{a}, {area}, {}});
        QCOMPARE(std::any_of(s.queries.begin(), s.queries.end(), [&](const Query& q) { return q.attacker_unit == unitOfA; }),
                 !aloneInUnit);
        QCOMPARE(s.findModel("b-int-1"), nullptr);
        QVERIFY(s.queries.empty() || s.queries.back().observer != "b-int-1");
        QVERIFY2(edits::problemsOf(s).isEmpty(), qPrintable(edits::problemsOf(s).value(0).toString()));
        // And a bad value is caught the way a file's would be.
        s.models[0].height = -1;
        QCOMPARE(edits::problemsOf(s).value(0).path, QStringLiteral("models[0].height"));
    }

    // A light carried by a model that is deleted stays where it was carried; a light's id is
    // taken for new models; the file stays sound.
    void aCarriedLightOutlivesItsCarrier() {
        Scenario s;
        s.board = {30, 20};
        Model m;
        m.id = m.unit = "human";
        m.position = {5, 6};
        m.height = 1.5;
        s.models.push_back(m);
        s.lights.push_back({"lantern", {}, 2, "human", 1, 2});
        QVERIFY(edits::problemsOf(s).isEmpty());
        QCOMPARE(edits::uniqueId(s, "lantern"), std::string("lantern-2"));
        edits::deleteSelection(s, {{0}, {}, {}});
        QCOMPARE(s.lights.size(), size_t(1));
        QVERIFY(s.lights[0].carried_by.empty());
        QCOMPARE(s.lights[0].position, (Vec2{5, 6}));
        QCOMPARE(s.lights[0].height, 1.5);
        QVERIFY2(edits::problemsOf(s).isEmpty(), qPrintable(edits::problemsOf(s).value(0).toString()));
    }

    // Fog of war (seed 001's rule, as on tile maps): a model taken off the table while a side
    // sees it is forgotten by that side; a side that does not see it keeps its ghost.
    void deletingAModelInSightForgetsIt() {
        Scenario s = testing::fogTable();
        QVERIFY(endTableTurn(s));  // turn 1: the scout and the raider see each other
        s.models[0].position = {5, 40};  // the scout behind the wall
        s.models[2].position = {55, 5};  // the lurker north of it
        QVERIFY(endTableTurn(s));
        QVERIFY(s.fog->sightings.at("blue").count("raider"));  // remembered, not seen
        // The raider is killed out of blue's sight: blue's ghost of it stays.
        Scenario unseen = s;
        edits::deleteSelection(unseen, {{1}, {}, {}});
        QVERIFY(unseen.fog->sightings.at("blue").count("raider"));
        QCOMPARE(tableGhosts(unseen, "blue", seenNow(unseen).at("blue")).size(), size_t(1));
        // The scout comes back in sight of it (turn 3), then it is killed: blue saw it go.
        s.models[0].position = {10, 10};
        QVERIFY(endTableTurn(s));
        QVERIFY(s.fog->sightings.at("red").count("scout"));
        QVERIFY(seenNow(s).at("blue").count("raider"));
        edits::deleteSelection(s, {{1}, {}, {}});
        QVERIFY(!s.fog->sightings.at("blue").count("raider"));
        QVERIFY(tableGhosts(s, "blue", seenNow(s).at("blue")).empty());
        // The scout taken off in sight of the lurker (north of the wall now): red forgets it.
        QVERIFY(seenNow(s).at("red").count("scout"));
        edits::deleteSelection(s, {{0}, {}, {}});
        QVERIFY(!s.fog->sightings.at("red").count("scout"));
    }

    // Ids of placed, duplicated and catalog models read as a numbered series.
    void newIdsReadWell() {
        Scenario s;
        const Base round{BaseShape::Circle, 32, 32};
        for (int i = 0; i < 3; ++i) s.models.push_back(edits::newModel(s, round, {10.0 + i, 10}, "red", "", 1.5));
        QCOMPARE(s.models[0].id, std::string("red-1"));
        QCOMPARE(s.models[1].id, std::string("red-2"));
        QCOMPARE(s.models[2].id, std::string("red-3"));
        QCOMPARE(s.models[2].unit, std::string("red-3"));  // each its own unit
        s.models.push_back(edits::newModel(s, round, {20, 10}, "red", "boyz", 1.5));
        s.models.push_back(edits::newModel(s, round, {21, 10}, "red", "boyz", 1.5));
        QCOMPARE(s.models[3].id, std::string("boyz-1"));
        QCOMPARE(s.models[4].id, std::string("boyz-2"));
        // Copies continue the series; an id without a number gets one.
        const edits::Selection copies = edits::duplicateSelection(s, {{1, 4}, {}, {}}, {0, 2});
        QCOMPARE(s.models[copies.models[0]].id, std::string("red-4"));
        QCOMPARE(s.models[copies.models[1]].id, std::string("boyz-3"));
        QCOMPARE(edits::copyId(s, "b-tank"), std::string("b-tank"));
        s.models.back().id = "b-tank";
        QCOMPARE(edits::copyId(s, "b-tank"), std::string("b-tank-2"));
        // Two squads from the catalog: two units, their models numbered on.
        // (The second asked for at the same point: put at the nearest clear ground, beside the
        // first, said so; neither overlaps anything.)
        for (int squad = 0; squad < 2; ++squad) {
            bool moved = true;
            const auto block = edits::unitBlock(s, round, 5, {30, 20}, "blue", "intercessor-squad", "Intercessor", 1.75, {}, &moved);
            QCOMPARE(moved, squad == 1);
            if (squad == 1) QVERIFY(std::hypot(block[2].position.x - 30, block[2].position.y - 20) < 4);
            s.models.insert(s.models.end(), block.begin(), block.end());
        }
        // (The models placed by hand above stand 1" apart, overlapping: not the squads'.)
        auto squadsClear = [](const Scenario& t) {
            for (const edits::Overlap& o : edits::overlaps(t))
                if (t.models[o.model].unit.find("squad") != std::string::npos || t.models[o.model].unit == "tacticals") return false;
            return true;
        };
        QVERIFY(squadsClear(s));
        {  // (Asked for on a wall: moved off it, as near as it fits.)
            Scenario walled = s;
            walled.terrain.push_back(testing::wall("wall", 40, 15, 41, 25, 5));
            bool moved = false;
            const auto block = edits::unitBlock(walled, round, 5, {40.5, 20}, "blue", "tacticals", "Tactical", 1.75, {}, &moved);
            QVERIFY(moved);
            walled.models.insert(walled.models.end(), block.begin(), block.end());
            QVERIFY(squadsClear(walled));
            QVERIFY(std::hypot(block[2].position.x - 40.5, block[2].position.y - 20) < 6);
        }
        QCOMPARE(s.models[s.models.size() - 10].id, std::string("intercessor-squad-1"));
        QCOMPARE(s.models[s.models.size() - 6].id, std::string("intercessor-squad-5"));
        QCOMPARE(s.models[s.models.size() - 5].id, std::string("intercessor-squad-b-1"));
        QCOMPARE(s.models[s.models.size() - 1].id, std::string("intercessor-squad-b-5"));
        QCOMPARE(s.models[s.models.size() - 10].unit, std::string("intercessor-squad"));
        QCOMPARE(s.models[s.models.size() - 1].unit, std::string("intercessor-squad-b"));
        // Names of their own, so that the board and the reasons tell them apart.
        QCOMPARE(s.models[s.models.size() - 10].name, std::string("Intercessor 1"));
        QCOMPARE(s.models[s.models.size() - 1].name, std::string("Intercessor B 5"));
        QCOMPARE(s.labelOf(s.models[s.models.size() - 1].id), std::string("Intercessor B 5"));
        QVERIFY(edits::problemsOf(s).isEmpty());
    }

    // The presets are pieces as the game rulesets read them, and a preset of several pieces
    // (a ruin's area and its walls) goes down with ids of one series, its walls in it.
    void presetsMatchTheRules() {
        std::map<QString, std::vector<TerrainPiece>> presets;
        for (const edits::Preset& p : edits::terrainPresets()) presets[p.label] = p.pieces;
        const auto& ruin = presets[QStringLiteral("Ruin (L)")];
        QCOMPARE(ruin.size(), size_t(3));
        QCOMPARE(ruin[0].kind, TerrainKind::Area);
        QVERIFY(ruin[0].hasTag("ruin"));
        for (size_t i = 1; i < ruin.size(); ++i) {
            QCOMPARE(ruin[i].kind, TerrainKind::Feature);
            QCOMPARE(ruin[i].category, std::string("dense"));
            QCOMPARE(ruin[i].height, 5.0);
            QCOMPARE(ruin[i].area, ruin[0].id);
            for (const Vec2& v : ruin[i].footprint.outer) QVERIFY(locate(v, ruin[0].footprint) != Where::Outside);
        }
        const auto& barricade = presets[QStringLiteral("Barricade")];
        QCOMPARE(barricade.size(), size_t(1));
        QCOMPARE(barricade[0].category, std::string("exposed"));
        QVERIFY(barricade[0].hasTag("barricade"));
        QCOMPARE(presets[QStringLiteral("Container")].at(0).category, std::string("dense"));
        const auto& woods = presets[QStringLiteral("Woods (area)")];
        QCOMPARE(woods[0].kind, TerrainKind::Area);
        QVERIFY(woods[0].hasTag("woods"));
        QVERIFY(woods.size() > 1);
        for (size_t i = 1; i < woods.size(); ++i) {
            QCOMPARE(woods[i].category, std::string("light"));  // so that it obscures under 11th
            QCOMPARE(woods[i].area, woods[0].id);
        }

        // Placed twice: the second ruin is ruin-2 with its walls ruin-2-wall-1 and -2 in it.
        Scenario s;
        for (Vec2 at : {Vec2{30, 22}, Vec2{30, 8}}) {
            const auto placed = edits::placedPieces(s, ruin, at);
            QCOMPARE(placed.size(), ruin.size());
            QCOMPARE(edits::footprintCentre(placed[0].footprint), at);
            s.terrain.insert(s.terrain.end(), placed.begin(), placed.end());
        }
        std::vector<std::string> ids, areas, names;
        for (const TerrainPiece& t : s.terrain) {
            ids.push_back(t.id);
            areas.push_back(t.area);
            names.push_back(t.name);
        }
        QCOMPARE(ids, (std::vector<std::string>{"ruin", "ruin-wall-1", "ruin-wall-2", "ruin-2", "ruin-2-wall-1", "ruin-2-wall-2"}));
        QCOMPARE(areas, (std::vector<std::string>{"", "ruin", "ruin", "", "ruin-2", "ruin-2"}));
        QCOMPARE(names, (std::vector<std::string>{"Ruin", "Ruin wall", "Ruin wall 2", "Ruin 2", "Ruin 2 wall", "Ruin 2 wall 2"}));
        // The walls moved with their area.
        for (size_t i = 4; i < 6; ++i)
            for (const Vec2& v : s.terrain[i].footprint.outer) QVERIFY(locate(v, s.terrain[3].footprint) != Where::Outside);
        QVERIFY2(edits::problemsOf(s).isEmpty(), qPrintable(edits::problemsOf(s).value(0).toString()));

        // And they rule as the rules say: two models either side of the ruin do not see each
        // other under either edition; across the barricade they do, the one behind it in cover
        // under 10th (INFANTRY within 3"); across the woods, hidden under 11th, not fully
        // visible under 10th.
        const Base round{BaseShape::Circle, 32, 32};
        auto pair = [&](const std::vector<TerrainPiece>& preset, const std::string& ruleset, Vec2 o, Vec2 t) {
            Scenario table;
            table.ruleset.name = ruleset;
            table.ruleset.sight_line_width_mm = ruleset == "wh40k-11e" ? 1 : 0;
            table.terrain = edits::placedPieces(table, preset, {30, 22});
            table.models.push_back(edits::newModel(table, round, o, "blue", "", 1.75));
            table.models.push_back(edits::newModel(table, round, t, "red", "", 1.75));
            table.models.back().keywords = {"INFANTRY"};
            const Scene scene(table);
            return Rulings(scene).evaluate(0, 1, Method::Exact);
        };
        for (const char* edition : {"wh40k-11e", "wh40k-10e"}) QVERIFY(!pair(ruin, edition, {20, 22}, {40, 22}).visible);
        QVERIFY(pair(barricade, "wh40k-11e", {30, 14}, {30, 23}).visible);  // exposed: not an obscuring area
        const PairResult behind = pair(barricade, "wh40k-10e", {30, 14}, {30, 23});
        QVERIFY(behind.visible && !behind.fully_visible && behind.cover && *behind.cover);
        QVERIFY(!pair(woods, "wh40k-11e", {20, 22}, {40, 22}).visible);
        const PairResult wood10 = pair(woods, "wh40k-10e", {20, 22}, {40, 22});
        QVERIFY(wood10.visible && !wood10.fully_visible);
    }

    // A model on a feature or on another model is flagged; touching is not.
    void overlapsAreFound() {
        Scenario s;
        TerrainPiece wall;
        wall.id = "wall";
        wall.height = 3;
        wall.footprint.outer = {{10, 10}, {12, 10}, {12, 20}, {10, 20}};
        s.terrain.push_back(wall);
        auto model = [](const char* id, Vec2 at, double elevation = 0) {
            Model m;
            m.id = id;
            m.unit = id;
            m.base = {BaseShape::Circle, 25.4, 25.4};  // 1" across
            m.position = at;
            m.elevation = elevation;
            return m;
        };
        s.models = {model("against", {9.5, 12}),      // touches the wall's side
                    model("into", {9.6, 15}),         // 0.1" into it
                    model("on-top", {11, 18}, 3),     // stands on it
                    model("a", {30, 30}), model("b", {31, 30}),  // in base contact
                    model("c", {30, 35}), model("d", {30.8, 35})};
        const std::vector<edits::Overlap> found = edits::overlaps(s);
        QCOMPARE(found.size(), size_t(3));
        QCOMPARE(found[0].model, 1);
        QCOMPARE(found[0].with, std::vector<std::string>{"wall"});
        QCOMPARE(found[1].model, 5);
        QCOMPARE(found[1].with, std::vector<std::string>{"d"});
        QCOMPARE(found[2].model, 6);
        QCOMPARE(found[2].with, std::vector<std::string>{"c"});
    }
};

QTEST_GUILESS_MAIN(TestDocument)
#include "tst_document.moc"
