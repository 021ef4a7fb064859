// Fog of war on tile maps: the three states per side from every vision source, by radius
// and with line of sight; memories of enemy units (what they hold, expiry, clearing when
// the tile is seen again, death in and out of sight); targeting; seen versus visited per
// observer; the script; the state file (round trip, an old file without the memory
// fields, bad files).
#include "fog_state_io.h"
#include "grid/fog.h"
#include "grid/fog_script.h"

#include <algorithm>

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonArray>
#include <QtTest>

using namespace sl::grid;

namespace {

TileMap openMap(int width, int height) {
    std::string rows;
    for (int y = 0; y < height; ++y) rows += std::string(static_cast<size_t>(width), '.') + "\n";
    std::string problem;
    return *parseTileMap(rows, &problem);
}

TileMap shippedMap(const char* name) {
    QFile f(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/maps/") + QLatin1String(name));
    if (!f.open(QIODevice::ReadOnly)) qFatal("cannot open %s", name);
    std::string problem;
    auto map = parseTileMap(f.readAll().toStdString(), &problem);
    if (!map) qFatal("%s: %s", name, problem.c_str());
    return *map;
}

std::string shippedScript(const char* name) {
    QFile f(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/maps/") + QLatin1String(name));
    if (!f.open(QIODevice::ReadOnly)) qFatal("cannot open %s", name);
    return f.readAll().toStdString();
}

FogUnit unit(const std::string& side, const std::string& id, Tile at, int vision = -1, const std::string& type = "soldier") {
    FogUnit u;
    u.side = side;
    u.id = id;
    u.type = type;
    u.at = at;
    u.vision = vision;
    u.health = 10;
    return u;
}

int count(const FogSide& s, FogState state) {
    return static_cast<int>(std::count(s.state.begin(), s.state.end(), static_cast<std::uint8_t>(state)));
}

// A game that must accept every change.
void must(const std::string& problem) {
    if (!problem.empty()) qFatal("refused: %s", problem.c_str());
}

}  // namespace

class TestFog : public QObject {
    Q_OBJECT
private slots:
    void statesFromEverySource() {
        FogGame game(openMap(30, 20));
        must(game.addSide("red"));
        must(game.addSide("blue"));
        // A unit sees a Chebyshev square of its range (3 by default): 7x7 tiles.
        must(game.addUnit(unit("red", "A", {5, 5})));
        QCOMPARE(count(*game.side("red"), FogState::Visible), 49);
        QCOMPARE(count(*game.side("red"), FogState::Unexplored), 30 * 20 - 49);
        QCOMPARE(game.state("red", {8, 8}), FogState::Visible);
        QCOMPARE(game.state("red", {9, 5}), FogState::Unexplored);
        QCOMPARE(count(*game.side("blue"), FogState::Visible), 0);
        // It moves: what it saw before is explored, what it sees now visible.
        must(game.moveUnit("A", {6, 5}));
        QCOMPARE(game.state("red", {2, 5}), FogState::Explored);
        QCOMPARE(game.state("red", {9, 5}), FogState::Visible);
        QCOMPARE(count(*game.side("red"), FogState::Explored), 7);
        // Structures: headquarters 4, building 3, tower 5; unit types their own range.
        must(game.addStructure({"headquarters", "blue", {20, 10}, -1}));
        QCOMPARE(count(*game.side("blue"), FogState::Visible), 81);
        must(game.addStructure({"tower", "blue", {10, 15}, -1}));
        QCOMPARE(game.state("blue", {15, 15}), FogState::Visible);
        QCOMPARE(game.state("blue", {16, 15}), FogState::Unexplored);
        must(game.addStructure({"building", "blue", {26, 2}, -1}));
        QCOMPARE(game.state("blue", {29, 0}), FogState::Visible);
        QCOMPARE(game.state("blue", {22, 2}), FogState::Unexplored);
        QVERIFY(game.addStructure({"castle", "blue", {1, 1}, -1}).find("unknown structure \"castle\"") == 0);
        must(game.addStructure({"castle", "blue", {1, 1}, 1}));  // any kind given a range
        game.settings().typeVision["archer"] = 5;
        must(game.addUnit(unit("red", "B", {15, 5}, -1, "archer")));
        QCOMPARE(game.range(*game.unit("B")), 5);
        QCOMPARE(game.state("red", {20, 5}), FogState::Visible);
        // Refusals: off the map, a taken tile, an unknown side or unit.
        QVERIFY(game.addUnit(unit("red", "C", {30, 1})).find("off the map") != std::string::npos);
        QVERIFY(game.addUnit(unit("red", "C", {15, 5})).find("taken by B") != std::string::npos);
        QVERIFY(game.addUnit(unit("green", "C", {1, 2})).find("no side named green") != std::string::npos);
        QVERIFY(game.moveUnit("Z", {1, 1}).find("no unit Z") == 0);
        QVERIFY(!game.addSide("red").empty());
    }

    void lineOfSightMode() {
        std::string problem;
        const auto map = parseTileMap("legend:\n: gloom dark\nmap:\n"
                                      "...........\n"
                                      ".....#.....\n"
                                      ".....#.....\n"
                                      ".....#..:..\n"
                                      "...........\n",
                                      &problem);
        QVERIFY2(map, problem.c_str());
        FogSettings settings;
        settings.mode = VisionMode::LineOfSight;
        FogGame game(*map, settings);
        must(game.addSide("red"));
        must(game.addSide("blue"));
        must(game.addUnit(unit("red", "A", {3, 2}, 8)));
        must(game.addUnit(unit("blue", "B", {8, 2}, 8)));
        // The wall hides each from the other; the tiles behind it are not seen.
        QCOMPARE(game.state("red", {7, 2}), FogState::Unexplored);
        QVERIFY(game.visibleEnemies("red").empty());
        // By radius alone the wall does not count.
        game.settings().mode = VisionMode::Radius;
        game.update();
        QCOMPARE(game.visibleEnemies("red").size(), size_t(1));
        game.settings().mode = VisionMode::LineOfSight;
        game.update();
        // Blue steps into the darkness: red, in the open, sees the dark tile (its edge) but
        // not the unit in it, and may not target it; from beside it red sees it.
        must(game.moveUnit("B", {8, 3}));
        must(game.moveUnit("A", {4, 4}));
        QCOMPARE(game.state("red", {8, 3}), FogState::Visible);
        QVERIFY(!game.seesInto("red", {8, 3}));
        QVERIFY(!game.canTarget("red", {8, 3}));
        QVERIFY(game.visibleEnemies("red").empty());
        must(game.moveUnit("A", {7, 4}));
        QVERIFY(game.canTarget("red", {8, 3}));
        QCOMPARE(game.visibleEnemies("red").size(), size_t(1));
        // The one in the dark sees out.
        QVERIFY(game.canTarget("blue", {7, 4}));
    }

    void memoryRules() {
        FogSettings settings;
        settings.memoryTurns = 2;
        FogGame game(openMap(40, 10), settings);
        must(game.addSide("red"));
        must(game.addSide("blue"));
        must(game.addUnit(unit("red", "A", {2, 5})));
        must(game.addUnit(unit("blue", "B", {5, 5})));   // seen by A
        must(game.addUnit(unit("blue", "C", {4, 2})));   // seen by A
        game.nextTurn();                                 // turn 1
        must(game.moveUnit("A", {2, 9}));                // red looks away: 5,5 and 4,2 leave its sight
        QCOMPARE(game.state("red", {5, 5}), FogState::Explored);
        std::vector<Snapshot> m = game.memories("red");
        QCOMPARE(m.size(), size_t(2));
        must(game.moveUnit("B", {30, 5}));               // moves and is wounded out of red's sight
        must(game.setHealth("B", 3));
        m = game.memories("red");
        QCOMPARE(m[0].unit, std::string("B"));
        QCOMPARE(m[0].at, (Tile{5, 5}));
        QCOMPARE(m[0].health, 10);
        QCOMPARE(m[0].turnSeen, 1);
        QVERIFY(!game.canTarget("red", {5, 5}));   // explored is not enough to target
        QVERIFY(!game.canTarget("red", {30, 5}));  // nor unexplored
        // Cleared when its tile is seen again (B is not there any more).
        must(game.moveUnit("A", {4, 6}));
        m = game.memories("red");
        QCOMPARE(m.size(), size_t(1));  // B's gone; C at 4,2 is 4 rows up, still unseen
        QCOMPARE(m[0].unit, std::string("C"));
        // Expiry: kept while turn - turn seen <= 2.
        game.nextTurn();  // 2
        game.nextTurn();  // 3
        QCOMPARE(game.memories("red").size(), size_t(1));
        game.nextTurn();  // 4
        QVERIFY(game.memories("red").empty());
        // Forever: never expires.
        game.settings().memoryTurns = -1;
        must(game.moveUnit("A", {4, 3}));  // sees C at 4,2
        must(game.moveUnit("A", {20, 9}));
        for (int i = 0; i < 50; ++i) game.nextTurn();
        QCOMPARE(game.memories("red").size(), size_t(1));
        // A unit dying in sight is forgotten; out of sight, it stays remembered.
        must(game.addUnit(unit("blue", "D", {21, 8})));
        must(game.removeUnit("D"));
        QCOMPARE(game.memories("red").size(), size_t(1));
        must(game.removeUnit("C"));
        QCOMPARE(game.memories("red").size(), size_t(1));
        QCOMPARE(game.memories("red")[0].unit, std::string("C"));
    }

    void seenVersusVisited() {
        // A walker with the terrain radius on the overworld: plains 3 (+1 for perception 15).
        FogGame game(shippedMap("overworld.map"));
        must(game.addSide("walkers"));
        FogUnit w = unit("walkers", "W", {5, 4});
        w.terrainVision = true;
        w.perception = 15;
        must(game.addUnit(w));
        QCOMPARE(game.map().at(5, 4).name, std::string("plains"));
        QCOMPARE(game.range(*game.unit("W")), 4);
        // By radius: the Manhattan diamond of radius 4, clipped to the map.
        const auto diamond = tilesInRadius(5, 4, 4, game.map().width, game.map().height);
        int seen = 0;
        for (std::uint8_t s : game.unit("W")->seen) seen += s;
        QCOMPARE(seen, static_cast<int>(diamond.size()));
        for (const Tile& t : diamond) QCOMPARE(game.state("walkers", t), FogState::Visible);
        // Onto a mountain: 0 + 2 + 1.
        must(game.moveUnit("W", {21, 1}));
        QCOMPARE(game.map().at(21, 1).name, std::string("mountain"));
        QCOMPARE(game.range(*game.unit("W")), 3);
        const FogUnit& u = *game.unit("W");
        int visited = 0;
        for (std::uint8_t v : u.visited) visited += v;
        QCOMPARE(visited, 2);  // where it stood
        QVERIFY(u.visited[4 * game.map().width + 5] && u.visited[1 * game.map().width + 21]);
        QVERIFY(u.seen[4 * game.map().width + 8]);      // seen from 5,4 (distance 3)
        QVERIFY(!u.visited[4 * game.map().width + 8]);  // but never stood on
        // The observer rendering: '*' visited, terrain seen, blank unseen, the walker itself.
        const std::vector<std::string> rows = renderObserver(game, u);
        QCOMPARE(rows[4][5], '*');
        QCOMPARE(rows[1][21], 'W');
        QCOMPARE(rows[4][8], game.map().at(8, 4).symbol);
        QCOMPARE(rows[7][27], ' ');
    }

    void skirmishScriptPlays() {
        // The shipped example game, turn by turn.
        FogGame game(shippedMap("skirmish.map"));
        std::vector<std::string> lines;
        std::string problem;
        QVERIFY2(playFogScript(game, shippedScript("skirmish.fog"), [&](const std::string& l) { lines.push_back(l); }, &problem),
                 problem.c_str());
        auto section = [&](int turn) {  // the lines of one turn
            std::string text;
            bool in = false;
            for (const std::string& l : lines) {
                if (l.rfind("== turn ", 0) == 0) in = l.rfind("== turn " + std::to_string(turn) + " ", 0) == 0;
                if (in) text += l + "\n";
            }
            return QString::fromStdString(text);
        };
        // Turn 1: red's scout sees the archer through the portcullis and may target it;
        // the archer does not see the scout.
        QVERIFY(section(1).contains(QStringLiteral("target red 19,3: yes, visible")));
        QVERIFY(section(1).contains(QStringLiteral("target blue 14,3: no, unexplored")));
        QVERIFY(section(1).contains(QStringLiteral("  sees B1 archer (blue) at 19,3, health 8")));
        // Turn 2: remembered where it was last seen, with the health seen then.
        QVERIFY(section(2).contains(QStringLiteral("target red 19,3: no, explored but not visible now")));
        QVERIFY(section(2).contains(QStringLiteral("remembers B1 archer (blue) at 19,3, health 8, seen on turn 2 (this turn)")));
        QVERIFY(section(4).contains(QStringLiteral("remembers B1 archer (blue) at 19,3, health 8, seen on turn 2 (2 turns ago)")));
        // Turn 4: the knight in the darkness, seen only from beside it.
        QVERIFY(section(4).contains(QStringLiteral("target red 21,6: no, unexplored")));
        QVERIFY(section(4).contains(QStringLiteral("target red 21,6: yes, visible")));
        QVERIFY(section(4).contains(QStringLiteral("sees K1 knight (blue) at 21,6")));
        // Turn 5: the memory has expired; the knight left in red's sight is not remembered.
        QVERIFY(!section(5).contains(QStringLiteral("remembers B1")));
        QVERIFY(!section(5).contains(QStringLiteral("K1")));
        QVERIFY(section(5).contains(QStringLiteral("remembers Q1 knight (red) at 20,7, health 12, seen on turn 5")));
        // Turn 6: blue looks again and the memory is cleared; red sees the archer's true health.
        QVERIFY(!section(6).contains(QStringLiteral("remembers Q1")));
        QVERIFY(section(6).contains(QStringLiteral("sees B1 archer (blue) at 18,4, health 3")));
        QCOMPARE(game.turn(), 6);
    }

    void cryptScriptPlaysWithSenses() {
        // The shipped game of light and senses: each turn's report from the units' senses,
        // turn 3's checked line by line (the lantern, darkvision and blindsight together;
        // the invisible shade seen by blindsight only; the hiding thief not at all; the
        // skeleton by the moonlight at the gate).
        FogGame game(shippedMap("crypt.map"));
        std::vector<std::string> lines;
        std::string problem;
        QVERIFY2(playFogScript(game, shippedScript("crypt.fog"), [&](const std::string& l) { lines.push_back(l); }, &problem, "party"),
                 problem.c_str());
        const std::vector<std::string> want = {
            "party: 178 visible, 56 explored, 106 unexplored",
            "+----------------------------------+",
            "|▒▒ #########  ##                  |",
            "|▒·.........# ....         ·.      |",
            "|▒··*.......#....X       ·SSS      |",
            "|▒·.........c.A..D       SSSS      |",
            "|▒........B.c......       ..       |",
            "|▒·.........#..fGf        ..*      |",
            "|▒▒###.######..fff    ▒▒▒##.####▒  |",
            "|▒··.···......D......···...H.llK·· |",
            "|▒·······...M.W.....  ···....lll·  |",
            "|▒▒▒▒▒▒▒▒###########  ▒▒▒######▒▒  |",
            "+----------------------------------+",
            "  sees G ghoul (crypt) at 15,5, health 1",
            "  sees X shade (crypt) at 16,2, health 1",
            "  sees W worm (crypt) at 13,8, health 1",
            "  sees K skeleton (crypt) at 30,7, health 1",
            "  sees A spider (crypt) at 13,3, health 1"
        };
        const auto start = std::find(lines.begin(), lines.end(), want.front());
        QVERIFY(start != lines.end());
        QCOMPARE(std::vector<std::string>(start, lines.end()), want);
        // Earlier turns: the monk's telepathy senses the spider through the wall (not seen);
        // the dwarf's darkvision sees the worm in the dark corridor.
        const auto has = [&](const std::string& text) { return std::find(lines.begin(), lines.end(), text) != lines.end(); };
        QVERIFY(has("  senses A spider (crypt) at 13,3 by telepathy (outline, not seen)"));
        QVERIFY(has("  sees W worm (crypt) at 13,8 by darkvision"));
        QVERIFY(has("  sees X shade (crypt) at 16,2 by blindsight"));
        QVERIFY(has("  does not perceive T thief (crypt) at 25,3"));
        // Senses and lights survive a state file, and the game goes on from it the same.
        const QByteArray saved = sl::io::writeFogState(game);
        QString readProblem;
        auto loaded = sl::io::readFogState(saved, game.map(), &readProblem);
        QVERIFY2(loaded, qPrintable(readProblem));
        QCOMPARE(sl::io::writeFogState(*loaded), saved);
        QCOMPARE(loaded->lights().size(), size_t(1));
        QVERIFY(loaded->unit("B")->body.flying && loaded->unit("B")->body.senses.blindsight == 8);
        QCOMPARE(loaded->settings().mode, VisionMode::Senses);
        auto quiet = [](const std::string&) {};
        QVERIFY(playFogScript(*loaded, "move D 12,7\nturn\n", quiet, &problem));
        QVERIFY(playFogScript(game, "move D 12,7\nturn\n", quiet, &problem));
        QCOMPARE(sl::io::writeFogState(*loaded), sl::io::writeFogState(game));
    }

    void sensesWithStructuresAndHidingTerrain() {
        // Under mode senses a structure sees as under line of sight: the units on what it sees
        // into are seen; and what stands in fog is seen into only from beside it.
        std::string problem;
        const auto map = parseTileMap("legend:\nm mist obscuring\nmap:\n..........\n....m.....\n..........\n", &problem);
        QVERIFY2(map, problem.c_str());
        FogGame game(*map);
        auto quiet = [](const std::string&) {};
        QVERIFY2(playFogScript(game,
                               "mode senses\nside a\nside b\nstructure a tower 0,0 vision=9\nunit a S scout 0,2 sight=0\n"
                               "unit b E enemy 7,0\nunit b F foe 4,1\n",
                               quiet, &problem),
                 problem.c_str());
        QCOMPARE(game.visibleEnemies("a").size(), size_t(1));  // E, by the tower; not F in the mist
        QCOMPARE(game.visibleEnemies("a")[0]->id, std::string("E"));
        QVERIFY(!game.canTarget("a", {4, 1}));
        QVERIFY(game.canTarget("a", {7, 0}));
        QVERIFY(playFogScript(game, "move S 3,1\n", quiet, &problem));  // beside the mist
        QVERIFY(game.canTarget("a", {4, 1}));
    }

    void sensesOutsideModeSensesAreSaid() {
        FogGame game(openMap(10, 10));
        std::vector<std::string> lines;
        std::string problem;
        QVERIFY(playFogScript(game, "mode los\nside a\nunit a A scout 1,1 darkvision=4\n", [&](const std::string& l) { lines.push_back(l); }, &problem));
        QCOMPARE(lines.back(), std::string("note: the lights and senses given are used under \"mode senses\" only (this game's mode is los)"));
        lines.clear();
        FogGame plain(openMap(10, 10));
        QVERIFY(playFogScript(plain, "side a\nunit a A scout 1,1\n", [&](const std::string& l) { lines.push_back(l); }, &problem));
        QVERIFY(lines.back().rfind("note:", 0) != 0);
    }

    void scriptErrorsNameTheLine() {
        const std::vector<std::pair<std::string, std::string>> cases = {
            {"side red\nunit red A scout 99,1\n", "line 2: unit A: 99,1 is off the map"},
            {"side red\nunit red A scout 1,1 speed=3\n", "line 2: unknown property \"speed=3\""},
            {"side red\nturn\nmode los\n", "line 3: \"mode\" is a set-up line"},
            {"mode sonar\n", "line 1: unknown mode \"sonar\" (available: radius, los, senses)"},
            {"side red\nunit red A scout 1,1 darkvision=x\n", "line 2: \"darkvision=x\": darkvision must be a whole number"},
            {"side red\nunit red A scout 1,1 sonar=3\n", "line 2: unknown property \"sonar=3\" (known: health=N"},
            {"light 99,1 3\n", "line 1: light at 99,1: off the map"},
            {"light 1,1\n", "line 1: expected \"light X,Y RADIUS [bright=N]\""},
            {"light 1,1 3 glow=2\n", "line 1: \"glow=2\": expected bright=N"},
            {"side red\nunit red A scout 1,1\nperceive A\n", "line 3: perceive: the game's senses are used under \"mode senses\" only"},
            {"mode senses\nperceive Z\n", "line 2: no unit Z"},
            {"memory soon\n", "line 1: memory: expected a whole number of turns or \"forever\""},
            {"side red\nmove A 1,1\n", "line 2: no unit A"},
            {"side red\nunit red A scout 1,1\nmove A 1\n", "line 3: expected the tile to move to as X,Y"},
            {"teleport A\n", "line 1: unknown line \"teleport\""},
            {"side red\ntarget red 1\n", "line 2: expected a tile on the map as X,Y"},
            {"structure red tower 1,1\n", "line 1: tower at 1,1: no side named red"},
        };
        for (const auto& [script, want] : cases) {
            FogGame game(openMap(10, 10));
            std::string problem;
            QVERIFY2(!playFogScript(game, script, [](const std::string&) {}, &problem), script.c_str());
            QVERIFY2(problem.rfind(want, 0) == 0, (problem + " / wanted: " + want).c_str());
        }
        FogGame game(openMap(10, 10));
        std::string problem;
        QVERIFY(!playFogScript(game, "side red\n", [](const std::string&) {}, &problem, "green"));
        QCOMPARE(problem, std::string("no side named green in the game or the script"));
    }

    void stateFileRoundTrip() {
        // Half the game, saved and read back, then the other half: the same end as in one go.
        const TileMap map = shippedMap("skirmish.map");
        const std::string script = shippedScript("skirmish.fog");
        const size_t split = script.find("\nturn\n// Turn 4.");
        QVERIFY(split != std::string::npos);
        auto quiet = [](const std::string&) {};
        std::string problem;
        FogGame whole(map);
        QVERIFY2(playFogScript(whole, script, quiet, &problem), problem.c_str());

        FogGame first(map);
        QVERIFY2(playFogScript(first, script.substr(0, split + 1), quiet, &problem), problem.c_str());
        QVERIFY(!first.memories("red").empty());  // there is memory to keep
        const QByteArray saved = sl::io::writeFogState(first);
        QString readProblem;
        auto loaded = sl::io::readFogState(saved, map, &readProblem);
        QVERIFY2(loaded, qPrintable(readProblem));
        QCOMPARE(sl::io::writeFogState(*loaded), saved);  // nothing lost or changed
        QVERIFY2(playFogScript(*loaded, script.substr(split + 1), quiet, &problem), problem.c_str());
        QCOMPARE(sl::io::writeFogState(*loaded), sl::io::writeFogState(whole));
    }

    void oldStateFileLoadsWithEmptyMemory() {
        const TileMap map = shippedMap("skirmish.map");
        FogGame game(map);
        std::string problem;
        QVERIFY(playFogScript(game, shippedScript("skirmish.fog").substr(0, shippedScript("skirmish.fog").find("\nturn\n// Turn 4.") + 1),
                              [](const std::string&) {}, &problem));
        QJsonObject root = QJsonDocument::fromJson(sl::io::writeFogState(game)).object();
        // As written before fog, memories, seen and visited were kept.
        QJsonArray sides = root.value(QStringLiteral("sides")).toArray();
        for (qsizetype i = 0; i < sides.size(); ++i) {
            QJsonObject s = sides[i].toObject();
            s.remove(QStringLiteral("fog"));
            s.remove(QStringLiteral("memories"));
            sides[i] = s;
        }
        root.insert(QStringLiteral("sides"), sides);
        QJsonArray units = root.value(QStringLiteral("units")).toArray();
        for (qsizetype i = 0; i < units.size(); ++i) {
            QJsonObject u = units[i].toObject();
            u.remove(QStringLiteral("seen"));
            u.remove(QStringLiteral("visited"));
            units[i] = u;
        }
        root.insert(QStringLiteral("units"), units);
        QString readProblem;
        const auto old = sl::io::readFogState(QJsonDocument(root).toJson(), map, &readProblem);
        QVERIFY2(old, qPrintable(readProblem));
        QCOMPARE(old->turn(), game.turn());
        QCOMPARE(old->units().size(), game.units().size());
        QVERIFY(old->memories("red").empty());
        QCOMPARE(count(*old->side("red"), FogState::Explored), 0);  // only what it sees now
        QCOMPARE(count(*old->side("red"), FogState::Visible), count(*game.side("red"), FogState::Visible));
        int visited = 0;
        for (std::uint8_t v : old->unit("R1")->visited) visited += v;
        QCOMPARE(visited, 1);  // where it stands
    }

    void badStateFiles() {
        const TileMap map = shippedMap("skirmish.map");
        FogGame game(map);
        must(game.addSide("red"));
        must(game.addUnit(unit("red", "A", {2, 2})));
        const QJsonObject good = QJsonDocument::fromJson(sl::io::writeFogState(game)).object();
        auto problemWith = [&](const std::function<void(QJsonObject&)>& spoil) {
            QJsonObject o = good;
            spoil(o);
            QString problem;
            const auto r = sl::io::readFogState(QJsonDocument(o).toJson(), map, &problem);
            return r ? QStringLiteral("(read)") : problem;
        };
        QCOMPARE(problemWith([](QJsonObject& o) { o.insert(QStringLiteral("map_size"), QJsonArray{10, 10}); }),
                 QStringLiteral("map_size: the state is for a 10x10 map; this map is 32x11"));
        QCOMPARE(problemWith([](QJsonObject& o) { o.insert(QStringLiteral("format"), QStringLiteral("x")); }),
                 QStringLiteral("format: expected \"sightline-fog\""));
        QCOMPARE(problemWith([](QJsonObject& o) {
                     QJsonArray u = o.value(QStringLiteral("units")).toArray();
                     QJsonObject a = u[0].toObject();
                     a.insert(QStringLiteral("position"), QJsonArray{0, 0});  // a wall
                     u[0] = a;
                     o.insert(QStringLiteral("units"), u);
                 }),
                 QStringLiteral("units[0]: unit A: 0,0 is wall, which is solid"));
        QCOMPARE(problemWith([](QJsonObject& o) {
                     QJsonArray s = o.value(QStringLiteral("sides")).toArray();
                     QJsonObject r = s[0].toObject();
                     QJsonArray fog = r.value(QStringLiteral("fog")).toArray();
                     fog[1] = QStringLiteral("0000000000000000000000000000000x");
                     r.insert(QStringLiteral("fog"), fog);
                     s[0] = r;
                     o.insert(QStringLiteral("sides"), s);
                 }),
                 QStringLiteral("sides[0].fog[1]: column 31: expected a digit from 0 to 2, found 'x'"));
        QString problem;
        QVERIFY(!sl::io::readFogState("{ not json", map, &problem));
        QVERIFY(problem.startsWith(QStringLiteral("not valid JSON")));
    }
};

QTEST_GUILESS_MAIN(TestFog)
#include "tst_fog.moc"
