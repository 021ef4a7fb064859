// Light and senses on tile maps (seed 002): each light rule and each sense on hand-made maps,
// on both sides of every range and rule (exactly at a range and one tile beyond, flying
// against tremorsense, mindless against telepathy, silence against blindsight, magical
// darkness over a torch, far darkness), the three tiers, and a side's view.
#include "grid/perception.h"

#include <QtTest>

using namespace sl::grid;

namespace {

// An open dark room 21 x 9 walled round, with the legend's extra tiles.
const char* const kLegend =
    "legend:\n"
    "* torch solid opaque light=3\n"
    "D void magic-dark\n"
    "L glow magic-light\n"
    "B both magic-dark magic-light\n"
    "o curtain opaque\n"
    "S hush silence\n"
    "f fog obscuring\n"
    "l lamp lit\n"
    "map:\n";

PerceptionWorld world(const std::vector<std::string>& rows) {
    std::string text = kLegend;
    for (const std::string& r : rows) text += r + "\n";
    std::string problem;
    const auto map = parseTileMap(text, &problem);
    if (!map) qFatal("%s", problem.c_str());
    return PerceptionWorld(*map);
}

std::vector<std::string> room() {
    return {
        "#####################",
        "#...................#",
        "#...................#",
        "#...................#",
        "#...................#",
        "#...................#",
        "#...................#",
        "#...................#",
        "#####################",
    };
}

Creature creature(const std::string& id, Tile at, const std::string& side = "red") {
    Creature c;
    c.id = id;
    c.side = side;
    c.at = at;
    return c;
}

// The viewer (creature 0) against the target (creature 1).
Perceived look(PerceptionWorld& w, Creature viewer, Creature target) {
    w.creatures() = {std::move(viewer), std::move(target)};
    w.update();
    return w.perceives(0, 1);
}

Tier tileTier(PerceptionWorld& w, int who, Tile t) { return w.tiles(who)[static_cast<size_t>(t.y) * w.map().width + t.x]; }

}  // namespace

class TestPerception : public QObject {
    Q_OBJECT

private slots:
    void lightReachesItsRadiusAndStopsAtWalls() {
        std::vector<std::string> rows = room();
        rows[4][5] = '*';   // a torch of radius 3 (bright 1)
        rows[1][12] = '#';  // a wall between it and (13, 1)... and none before (8, 4)
        PerceptionWorld w = world(rows);
        w.update();
        QCOMPARE(w.light({5, 4}), LightLevel::Bright);  // the torch's own tile
        QCOMPARE(w.light({6, 4}), LightLevel::Bright);  // 1 away
        QCOMPARE(w.light({7, 4}), LightLevel::Lit);
        QCOMPARE(w.light({8, 4}), LightLevel::Lit);     // exactly 3 away
        QCOMPARE(w.light({9, 4}), LightLevel::Dark);    // one beyond
        QCOMPARE(w.light({7, 6}), LightLevel::Lit);     // 2*2 + 2*2 = 8 <= 9
        QCOMPARE(w.light({8, 6}), LightLevel::Dark);    // 9 + 4 = 13 > 9
        // A wall stops light: a source beside it lights nothing behind.
        std::vector<std::string> walled = room();
        walled[1][10] = '#';
        walled[2][10] = '#';
        walled[3][10] = '#';
        PerceptionWorld v = world(walled);
        v.sources().push_back({{9, 2}, 4, 2});
        v.update();
        QCOMPARE(v.light({11, 2}), LightLevel::Dark);
        QCOMPARE(v.light({7, 2}), LightLevel::Bright);  // (bright radius given: 2)
        QCOMPARE(v.light({6, 2}), LightLevel::Lit);
        QCOMPARE(v.light({10, 2}), LightLevel::Bright);  // the wall's face is lit
    }

    void magicalDarknessAndMagicalLight() {
        std::vector<std::string> rows = room();
        rows[4][5] = '*';
        rows[4][6] = 'D';   // magical darkness beside the torch: dark
        rows[4][15] = 'L';  // magical light far from any source: lit
        rows[4][16] = 'B';  // both: magical light wins
        rows[6][17] = 'l';  // a lit tile
        PerceptionWorld w = world(rows);
        w.update();
        QCOMPARE(w.light({6, 4}), LightLevel::Dark);
        QCOMPARE(w.light({15, 4}), LightLevel::Lit);
        QCOMPARE(w.light({16, 4}), LightLevel::Lit);
        QCOMPARE(w.light({17, 6}), LightLevel::Lit);
        QCOMPARE(w.light({17, 5}), LightLevel::Dark);
        // No sight into magical darkness, even beside it with a light; darkvision neither.
        Creature viewer = creature("v", {6, 3});
        viewer.senses.light = 2;
        viewer.senses.darkvision = 5;
        w.creatures() = {viewer};
        w.update();
        QCOMPARE(tileTier(w, 0, {6, 4}), Tier::Unseen);
        QCOMPARE(tileTier(w, 0, {7, 4}), Tier::Seen);
        Creature inside = creature("t", {6, 4}, "blue");
        QCOMPARE(look(w, viewer, inside).senses & (kSight | kShadow | kDarkvision), 0);
        viewer.senses.blindsight = 2;  // blindsight needs no light
        QCOMPARE(look(w, viewer, inside).tier, Tier::Seen);
    }

    void magicalDarknessStopsSightAndMagicalLightLiftsIt() {
        std::vector<std::string> rows = room();
        rows[2][6] = 'D';   // a tile of magical darkness between the viewer and a lit target
        rows[2][9] = 'l';
        rows[6][9] = 'B';   // magical darkness and magical light: lit, and seen
        PerceptionWorld w = world(rows);
        Creature viewer = creature("v", {3, 2});
        viewer.senses.darkvision = 10;
        QCOMPARE(look(w, viewer, creature("t", {9, 2}, "blue")).senses, std::uint16_t(0));  // (sight and darkvision stop there)
        viewer.at = {3, 6};
        QCOMPARE(look(w, viewer, creature("t", {9, 6}, "blue")).senses, std::uint16_t(kSight | kDarkvision));
        QCOMPARE(tileTier(w, 0, {9, 6}), Tier::Seen);
    }

    void whatStandsInACurtainIsSeenFromBesideIt() {
        std::vector<std::string> rows = room();
        rows[2][6] = 'o';  // a curtain: opaque, not solid
        rows[2][7] = 'l';
        rows[2][6] = 'o';
        PerceptionWorld w = world(rows);
        Creature viewer = creature("v", {3, 2});
        viewer.senses.light = 6;
        viewer.senses.darkvision = 6;
        QCOMPARE(look(w, viewer, creature("t", {6, 2}, "blue")).senses, std::uint16_t(0));
        viewer.at = {5, 2};
        QCOMPARE(look(w, viewer, creature("t", {6, 2}, "blue")).senses, std::uint16_t(kSight | kDarkvision));
    }

    void rangesLargerThanTheMapReachAcrossIt() {
        // (Not a square of a billion tiles a side: the map's width and height bound a range.)
        std::vector<std::string> rows = room();
        rows[4][18] = 'l';
        PerceptionWorld w = world(rows);
        Creature viewer = creature("v", {1, 4});
        viewer.senses.sight = 999999999;
        viewer.senses.light = 999999999;
        viewer.senses.telepathy = 999999999;
        QCOMPARE(look(w, viewer, creature("t", {18, 4}, "blue")).senses, std::uint16_t(kSight | kTelepathy));
        w.sources().push_back({{10, 4}, 999999999, -1});
        w.update();
        QCOMPARE(w.light({19, 7}), LightLevel::Bright);
    }

    void threeTiersOfSight() {
        // A dark room; the viewer's own light reaches 2, its shadow sight 5, its sight 10.
        std::vector<std::string> rows = room();
        rows[4][12] = 'l';
        rows[4][13] = 'l';
        PerceptionWorld w = world(rows);
        Creature viewer = creature("v", {2, 4});
        viewer.senses.sight = 10;
        viewer.senses.light = 2;
        viewer.senses.shadow = 5;
        w.creatures() = {viewer};
        w.update();
        QCOMPARE(tileTier(w, 0, {4, 4}), Tier::Seen);     // within its light (lit by it too)
        QCOMPARE(tileTier(w, 0, {5, 4}), Tier::Outline);  // beyond the light, within the shadow
        QCOMPARE(tileTier(w, 0, {7, 4}), Tier::Outline);  // exactly the shadow range
        QCOMPARE(tileTier(w, 0, {8, 4}), Tier::Unseen);   // one beyond
        QCOMPARE(tileTier(w, 0, {12, 4}), Tier::Seen);    // lit, 10 away: within sight
        QCOMPARE(tileTier(w, 0, {13, 4}), Tier::Unseen);  // lit, 11 away: beyond sight
        // The shadow range is at least the light range.
        w.creatures()[0].senses.shadow = 0;
        w.update();
        QCOMPARE(tileTier(w, 0, {5, 4}), Tier::Unseen);
        QCOMPARE(tileTier(w, 0, {4, 4}), Tier::Seen);
        // Behind a wall: nothing.
        rows[3][4] = rows[4][4] = rows[5][4] = '#';
        PerceptionWorld walled = world(rows);
        walled.creatures() = {viewer};
        walled.update();
        QCOMPARE(tileTier(walled, 0, {5, 4}), Tier::Unseen);
        QCOMPARE(tileTier(walled, 0, {12, 4}), Tier::Unseen);
    }

    void creaturesInLightAndShadow() {
        PerceptionWorld w = world(room());
        Creature viewer = creature("v", {2, 4});
        viewer.senses.light = 3;
        viewer.senses.shadow = 8;
        // Exactly at the light range: seen; one tile beyond, in its shadow sight: outline.
        Perceived at = look(w, viewer, creature("t", {5, 4}, "blue"));
        QCOMPARE(at.senses, std::uint16_t(kSight));
        QCOMPARE(at.tier, Tier::Seen);
        Perceived beyond = look(w, viewer, creature("t", {6, 4}, "blue"));
        QCOMPARE(beyond.senses, std::uint16_t(kShadow));
        QCOMPARE(beyond.tier, Tier::Outline);
        // Far darkness: more than twice the light range away on an unlit tile, not seen by
        // sight at all, though its tile is in the shadow sight's outline.
        Perceived twice = look(w, viewer, creature("t", {8, 4}, "blue"));
        QCOMPARE(twice.senses, std::uint16_t(kShadow));
        Perceived far = look(w, viewer, creature("t", {9, 4}, "blue"));
        QCOMPARE(far.senses, std::uint16_t(0));
        QCOMPARE(tileTier(w, 0, {9, 4}), Tier::Outline);
        // Its tile marked seen by perception: sight still does not see it there.
        viewer.senses.perception = 7;
        Perceived aware = look(w, viewer, creature("t", {9, 4}, "blue"));
        QCOMPARE(aware.senses, std::uint16_t(kPerception));
        QCOMPARE(tileTier(w, 0, {9, 4}), Tier::Seen);
        // On a lit tile far away: seen.
        std::vector<std::string> rows = room();
        rows[4][12] = 'l';
        PerceptionWorld lit = world(rows);
        viewer.senses.perception = 0;
        QCOMPARE(look(lit, viewer, creature("t", {12, 4}, "blue")).senses, std::uint16_t(kSight));
    }

    void darkvisionNeedsNoLight() {
        std::vector<std::string> rows = room();
        rows[3][6] = rows[4][6] = rows[5][6] = 'f';  // fog does stop it
        PerceptionWorld w = world(rows);
        Creature viewer = creature("v", {2, 2});
        viewer.senses.darkvision = 4;
        QCOMPARE(look(w, viewer, creature("t", {6, 2}, "blue")).senses, std::uint16_t(kDarkvision));  // exactly 4
        QCOMPARE(look(w, viewer, creature("t", {7, 2}, "blue")).senses, std::uint16_t(0));            // 5
        viewer.at = {2, 4};
        viewer.senses.darkvision = 8;
        QCOMPARE(look(w, viewer, creature("t", {8, 4}, "blue")).senses, std::uint16_t(0));  // behind the fog
        QCOMPARE(look(w, viewer, creature("t", {6, 4}, "blue")).senses, std::uint16_t(0));  // in it, not beside
        QCOMPARE(look(w, viewer, creature("t", {6, 4}, "blue")).tier, Tier::Unseen);
        viewer.at = {5, 4};
        QCOMPARE(look(w, viewer, creature("t", {6, 4}, "blue")).senses, std::uint16_t(kDarkvision));  // beside
    }

    void blindsightFollowsLinesOfFireAndSilence() {
        std::vector<std::string> rows = room();
        rows[1][6] = rows[2][6] = rows[3][6] = 'o';  // a curtain: opaque, not solid
        rows[5][6] = rows[6][6] = rows[7][6] = '#';  // a wall
        PerceptionWorld w = world(rows);
        Creature viewer = creature("v", {3, 2});
        viewer.senses.blindsight = 6;
        viewer.senses.sight = 0;
        QCOMPARE(look(w, viewer, creature("t", {9, 2}, "blue")).senses, std::uint16_t(kBlind));  // through the curtain, 6 away
        QCOMPARE(look(w, viewer, creature("t", {10, 2}, "blue")).senses, std::uint16_t(0));       // 7 away
        viewer.at = {3, 6};
        QCOMPARE(look(w, viewer, creature("t", {8, 6}, "blue")).senses, std::uint16_t(0));  // through the wall
        viewer.senses.sight = 12;                                                              // sight stops at the curtain
        viewer.at = {3, 2};
        QCOMPARE(look(w, viewer, creature("t", {9, 2}, "blue")).senses & kSight, 0);
        // Silence on the line, or under either creature, stops it.
        std::vector<std::string> hushed = room();
        hushed[2][6] = 'S';
        PerceptionWorld s = world(hushed);
        viewer.senses.sight = 0;
        QCOMPARE(look(s, viewer, creature("t", {9, 2}, "blue")).senses, std::uint16_t(0));
        QCOMPARE(look(s, viewer, creature("t", {6, 2}, "blue")).senses, std::uint16_t(0));
        QCOMPARE(look(s, viewer, creature("t", {5, 2}, "blue")).senses, std::uint16_t(kBlind));
        viewer.at = {6, 2};
        QCOMPARE(look(s, viewer, creature("t", {8, 2}, "blue")).senses, std::uint16_t(0));
    }

    void tremorsenseTelepathyPerceptionAndScent() {
        std::vector<std::string> rows = room();
        for (int y = 1; y < 8; ++y) rows[static_cast<size_t>(y)][8] = '#';
        rows[4][5] = 'f';
        PerceptionWorld w = world(rows);
        Creature viewer = creature("v", {3, 4});
        viewer.senses.sight = 0;
        viewer.senses.tremorsense = 6;
        Creature walker = creature("t", {9, 4}, "blue");
        QCOMPARE(look(w, viewer, walker).senses, std::uint16_t(kTremor));  // through the wall
        QCOMPARE(look(w, viewer, walker).tier, Tier::Outline);
        Creature flier = walker;
        flier.flying = true;
        QCOMPARE(look(w, viewer, flier).senses, std::uint16_t(0));
        QCOMPARE(look(w, viewer, creature("t", {10, 4}, "blue")).senses, std::uint16_t(0));  // 7 away
        // It shows the solid tiles around it to memory.
        const std::vector<std::uint8_t> felt = w.felt(0);
        QCOMPARE(felt[4 * 21 + 8], std::uint8_t(1));   // the wall, 5 away
        QCOMPARE(felt[4 * 21 + 4], std::uint8_t(0));   // floor
        QCOMPARE(felt[4 * 21 + 20], std::uint8_t(0));  // the far wall, 17 away
        viewer.senses.tremorsense = 0;
        viewer.senses.telepathy = 6;
        QCOMPARE(look(w, viewer, walker).senses, std::uint16_t(kTelepathy));
        Creature mindless = walker;
        mindless.mindless = true;
        QCOMPARE(look(w, viewer, mindless).senses, std::uint16_t(0));
        Creature undead = walker;
        undead.undead = true;
        QCOMPARE(look(w, viewer, undead).senses, std::uint16_t(0));
        viewer.senses.telepathy = 0;
        viewer.senses.perception = 6;
        QCOMPARE(look(w, viewer, undead).senses, std::uint16_t(kPerception));
        QCOMPARE(look(w, viewer, undead).tier, Tier::Seen);
        viewer.senses.perception = 0;
        viewer.senses.scent = 6;
        QCOMPARE(look(w, viewer, creature("t", {7, 4}, "blue")).senses, std::uint16_t(kScent));  // through the fog
        QCOMPARE(look(w, viewer, walker).senses, std::uint16_t(0));                              // not through the wall
    }

    void invisibleHidingAndAsleep() {
        std::vector<std::string> rows = room();
        rows[4][10] = 'l';
        PerceptionWorld w = world(rows);
        Creature viewer = creature("v", {3, 4});
        Creature target = creature("t", {10, 4}, "blue");
        target.invisible = true;
        QCOMPARE(look(w, viewer, target).senses, std::uint16_t(0));
        viewer.senses.seeInvisible = true;
        QCOMPARE(look(w, viewer, target).senses, std::uint16_t(kSight));
        viewer.senses.seeInvisible = false;
        viewer.senses.blindsight = 8;  // blindsight is not fooled
        QCOMPARE(look(w, viewer, target).senses, std::uint16_t(kBlind));
        viewer.senses.blindsight = 0;
        target.invisible = false;
        target.hide = 5;
        viewer.senses.spot = 5;
        QCOMPARE(look(w, viewer, target).senses, std::uint16_t(0));
        viewer.senses.spot = 6;
        QCOMPARE(look(w, viewer, target).senses, std::uint16_t(kSight));
        viewer.asleep = true;
        QCOMPARE(look(w, viewer, target).senses, std::uint16_t(0));
        w.update();
        QCOMPARE(tileTier(w, 0, {4, 4}), Tier::Unseen);
        // A creature always perceives itself (awake).
        viewer.asleep = false;
        look(w, viewer, target);
        QCOMPARE(w.perceives(0, 0).tier, Tier::Seen);
    }

    void aSideSeesWithAllItsCreatures() {
        std::vector<std::string> rows = room();
        for (int y = 1; y < 8; ++y) rows[static_cast<size_t>(y)][10] = '#';
        PerceptionWorld w = world(rows);
        Creature a = creature("a", {3, 4}), b = creature("b", {16, 4});
        a.senses.light = 2;
        b.senses.telepathy = 5;
        b.senses.sight = 0;
        Creature near = creature("n", {4, 4}, "blue"), far = creature("f", {18, 4}, "blue");
        w.creatures() = {a, b, near, far};
        w.update();
        QCOMPARE(w.sidePerceives("red", 2).tier, Tier::Seen);     // a sees it
        QCOMPARE(w.sidePerceives("red", 3).tier, Tier::Outline);  // b only senses it
        QCOMPARE(w.sidePerceives("red", 3).senses, std::uint16_t(kTelepathy));
        const std::vector<Tier> side = w.sideTiles("red");
        QCOMPARE(side[4 * 21 + 4], Tier::Seen);     // by a's light
        QCOMPARE(side[4 * 21 + 16], Tier::Seen);    // b's own tile
        QCOMPARE(side[4 * 21 + 17], Tier::Unseen);  // b has no sight
        QCOMPARE(senseNames(kSight | kTelepathy), (std::vector<std::string>{"sight", "telepathy"}));
    }

    void legendFlagsAreRead() {
        std::string problem;
        QVERIFY(!parseTileMap("legend:\nx odd light=abc\nmap:\nx\n", &problem));
        QVERIFY(problem.find("line 2") != std::string::npos && problem.find("light") != std::string::npos);
        QVERIFY(!parseTileMap("legend:\nx odd glowing\nmap:\nx\n", &problem));
        QVERIFY(problem.find("magic-dark") != std::string::npos);
        const auto map = parseTileMap(kLegend + std::string("*DLBoSfl\n"), &problem);
        QVERIFY(map);
        QCOMPARE(map->at(0, 0).light, 3);
        QVERIFY(map->at(1, 0).magicDark && map->at(2, 0).magicLight && map->at(4, 0).opaque && !map->at(4, 0).solid);
        QVERIFY(map->at(5, 0).silence && map->at(7, 0).lit);
    }
};

QTEST_GUILESS_MAIN(TestPerception)
#include "tst_perception.moc"
