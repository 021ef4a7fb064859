// Reading and writing scenario files: every defect a person can make is reported with
// the file, the JSON path and the problem; a round trip loses nothing.
#include "kernel/polygon.h"
#include "scenario_io.h"
#include "scenario_edits.h"
#include "table_generator.h"
#include "rules/table_fog.h"

#include <QBuffer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <set>

using namespace sl;

namespace {

// A valid scenario to break one piece at a time.
QJsonObject validDoc() {
    const QByteArray text = R"({
      "format": "sightline-scenario", "version": 1, "name": "base",
      "board": {"width": 60, "height": 44},
      "terrain": [
        {"id": "a1", "kind": "area", "footprint": [[0,0],[20,0],[20,20],[0,20]]},
        {"id": "w1", "kind": "feature", "height": 3, "area": "a1",
         "footprint": [[2,2],[10,2],[10,10],[2,10]], "holes": [[[4,4],[6,4],[6,6],[4,6]]]}
      ],
      "models": [
        {"id": "A1", "side": "blue", "base": {"shape": "circle", "diameter_mm": 32}, "position": [30,5], "height": 1.75},
        {"id": "B1", "side": "red", "base": {"shape": "oval", "length_mm": 60, "width_mm": 35.5}, "position": [40,5], "height": 2}
      ],
      "queries": [ {"observer": "A1", "target": "B1", "expect": {"visible": true}} ]
    })";
    return QJsonDocument::fromJson(text).object();
}

io::ReadResult readBytes(const QByteArray& bytes) {
    QBuffer buffer;
    buffer.setData(bytes);
    buffer.open(QIODevice::ReadOnly);
    return io::readScenario(buffer, QStringLiteral("case.json"));
}

io::ReadResult readDoc(const QJsonObject& doc) { return readBytes(QJsonDocument(doc).toJson()); }

// Sets obj[path] = value (an undefined value removes the key) for a path of keys and
// indices such as "terrain/1/height".
void setIn(QJsonObject& obj, QStringList path, const QJsonValue& value) {
    const QString key = path.takeFirst();
    if (path.isEmpty()) {
        if (value.isUndefined()) obj.remove(key);
        else obj[key] = value;
        return;
    }
    QJsonValue child = obj.value(key);
    if (child.isObject()) {
        QJsonObject o = child.toObject();
        setIn(o, path, value);
        obj[key] = o;
    } else {
        QJsonArray a = child.toArray();
        const int i = path.takeFirst().toInt();
        if (path.isEmpty()) {
            a[i] = value;
        } else {
            QJsonObject o = a[i].toObject();
            setIn(o, path, value);
            a[i] = o;
        }
        obj[key] = a;
    }
}

// The first problem reading `doc` with the value at `path` set ("path: message"), or nothing.
QString firstProblem(QJsonObject doc, const QStringList& path, const QJsonValue& value) {
    setIn(doc, path, value);
    const io::ReadResult bad = readDoc(doc);
    return bad.scenario ? QString() : bad.problems.value(0).path + QStringLiteral(": ") + bad.problems.value(0).message;
}

QJsonArray ring(std::initializer_list<std::pair<double, double>> pts) {
    QJsonArray a;
    for (auto [x, y] : pts) a.append(QJsonArray{x, y});
    return a;
}

}  // namespace

class TestScenarioIo : public QObject {
    Q_OBJECT
private slots:
    void validFileReads() {
        const io::ReadResult r = readDoc(validDoc());
        QVERIFY2(r.problems.isEmpty(), qPrintable(r.problems.value(0).toString()));
        QVERIFY(r.scenario.has_value());
        QCOMPARE(r.scenario->terrain.size(), size_t(2));
        QCOMPARE(r.scenario->terrain[1].footprint.holes.size(), size_t(1));
        QCOMPARE(r.scenario->models[1].base.shape, BaseShape::Oval);
        QCOMPARE(r.scenario->models[0].unit, std::string("A1"));  // defaults to its id
        QCOMPARE(r.scenario->ruleset.name, std::string("true-los"));
    }

    void defects_data() {
        QTest::addColumn<QString>("path");   // where to change the valid document
        QTest::addColumn<QJsonValue>("value");  // the new value (undefined: remove)
        QTest::addColumn<QString>("where");  // expected JSON path in the message
        QTest::addColumn<QString>("what");   // expected words of the message
        const QJsonValue gone(QJsonValue::Undefined);
        QTest::newRow("wrong format") << "format" << QJsonValue("tiled-map") << "format" << "expected \"sightline-scenario\"";
        QTest::newRow("missing format") << "format" << gone << "format" << "missing";
        QTest::newRow("newer version") << "version" << QJsonValue(2) << "version" << "newer";
        QTest::newRow("version not a number") << "version" << QJsonValue("1") << "version" << "expected a number";
        QTest::newRow("missing board") << "board" << gone << "board" << "missing";
        QTest::newRow("missing board width") << "board/width" << gone << "board.width" << "missing";
        QTest::newRow("mistyped board height") << "board/height" << QJsonValue("44") << "board.height" << "expected a number, found a string";
        QTest::newRow("huge number") << "models/0/position/0" << QJsonValue(1e300) << "models[0].position[0]" << "larger in magnitude";
        QTest::newRow("missing id") << "models/1/id" << gone << "models[1].id" << "missing";
        QTest::newRow("mistyped side") << "models/0/side" << QJsonValue(3) << "models[0].side" << "expected a string";
        QTest::newRow("too few points") << "terrain/1/footprint" << QJsonValue(ring({{0, 0}, {1, 1}})) << "terrain[1].footprint" << "at least 3";
        QTest::newRow("point not a pair") << "terrain/1/footprint/2" << QJsonValue(QJsonArray{1}) << "terrain[1].footprint[2]" << "expected a point";
        QTest::newRow("self-intersecting ring") << "terrain/1/footprint" << QJsonValue(ring({{2, 2}, {10, 10}, {10, 2}, {2, 10}})) << "terrain[1].footprint" << "crosses itself";
        QTest::newRow("hole outside its ring") << "terrain/1/holes/0" << QJsonValue(ring({{12, 12}, {14, 12}, {14, 14}})) << "terrain[1].holes[0]" << "outside the outer ring";
        QTest::newRow("duplicate id") << "models/1/id" << QJsonValue("w1") << "models[1].id" << "duplicate id \"w1\"";
        QTest::newRow("unknown area") << "terrain/1/area" << QJsonValue("nowhere") << "terrain[1].area" << "no area piece";
        QTest::newRow("unknown query model") << "queries/0/target" << QJsonValue("Z9") << "queries[0].target" << "no model has the id \"Z9\"";
        QTest::newRow("zero base") << "models/0/base/diameter_mm" << QJsonValue(0) << "models[0].base.diameter_mm" << "greater than 0";
        QTest::newRow("negative height") << "terrain/1/height" << QJsonValue(-1) << "terrain[1].height" << "greater than 0";
        QTest::newRow("missing feature height") << "terrain/1/height" << gone << "terrain[1].height" << "missing";
        QTest::newRow("zero model height") << "models/1/height" << QJsonValue(0) << "models[1].height" << "greater than 0";
        QTest::newRow("unknown base shape") << "models/0/base/shape" << QJsonValue("hexagon") << "models[0].base.shape" << "unknown base shape";
        QTest::newRow("unknown kind") << "terrain/0/kind" << QJsonValue("hill") << "terrain[0].kind" << "expected \"feature\" or \"area\"";
        QTest::newRow("unknown ruleset option") << "ruleset" << QJsonValue(QJsonObject{{"name", "wh40k-11e"}, {"options", QJsonObject{{"fog", 1}}}})
                                                << "ruleset.options.fog" << "unknown option of ruleset \"wh40k-11e\"";
        QTest::newRow("negative detection range") << "ruleset" << QJsonValue(QJsonObject{{"name", "wh40k-11e"}, {"options", QJsonObject{{"detection_range", -1}}}})
                                                  << "ruleset.options.detection_range" << "must not be negative";
        QTest::newRow("shot_recently not a boolean") << "models/0/shot_recently" << QJsonValue("yes") << "models[0].shot_recently" << "expected true or false";
        QTest::newRow("unknown ruleset") << "ruleset" << QJsonValue("chess") << "ruleset" << "unknown ruleset \"chess\" (known: true-los, wh40k-11e, wh40k-10e)";
        QTest::newRow("bad expectation") << "queries/0/expect/visible" << QJsonValue("yes") << "queries[0].expect.visible" << "expected a boolean";
    }

    void defects() {
        QFETCH(QString, path);
        QFETCH(QJsonValue, value);
        QFETCH(QString, where);
        QFETCH(QString, what);
        QJsonObject doc = validDoc();
        setIn(doc, path.split(QLatin1Char('/')), value);
        const io::ReadResult r = readDoc(doc);
        QVERIFY(!r.scenario.has_value());
        QVERIFY(!r.problems.isEmpty());
        const QString text = r.problems.front().toString();
        QVERIFY2(text.startsWith(QStringLiteral("case.json: ")), qPrintable(text));
        QVERIFY2(r.problems.front().path == where, qPrintable(text));
        QVERIFY2(text.contains(what), qPrintable(text));
    }

    // Degenerate but valid rings: a point written twice in a row (drawing tools leave them)
    // is read as one, the closing point too; a corner on its neighbours' line is kept.
    // Folding back, or every point on one line, is still refused.
    void repeatedAndCollinearPoints() {
        QJsonObject doc = validDoc();
        setIn(doc, {QStringLiteral("terrain"), QStringLiteral("1"), QStringLiteral("footprint")},
              ring({{2, 2}, {6, 2}, {6, 2}, {10, 2}, {10, 10}, {2, 10}, {2, 10}, {2, 2}}));
        const io::ReadResult r = readDoc(doc);
        QVERIFY2(r.scenario, qPrintable(r.problems.value(0).toString()));
        QCOMPARE(r.scenario->terrain[1].footprint.outer,
                 (Ring{{2, 2}, {6, 2}, {10, 2}, {10, 10}, {2, 10}}));  // (6, 2) stays: collinear, not repeated
        QCOMPARE(firstProblem(validDoc(), {QStringLiteral("terrain"), QStringLiteral("1"), QStringLiteral("footprint")},
                              ring({{2, 2}, {2, 2}, {10, 2}, {10, 2}})),
                 QStringLiteral("terrain[1].footprint: a ring needs at least 3 distinct points, found 2"));
        QCOMPARE(firstProblem(validDoc(), {QStringLiteral("terrain"), QStringLiteral("1"), QStringLiteral("footprint")},
                              ring({{2, 2}, {10, 2}, {6, 2}, {6, 8}})),
                 QStringLiteral("terrain[1].footprint: edges 0 and 1 fold back on each other"));
    }

    // The stress table (tests/table_generator.h) is a valid scenario, every base shape and
    // overlapping, abutting and holed pieces in it, and survives a round trip whole.
    void stressTableIsValid() {
        const Scenario s = testing::stressTable(1);
        QCOMPARE(s.models.size(), size_t(1000));
        QVERIFY(s.terrain.size() >= 480);
        const QList<io::Problem> problems = edits::problemsOf(s);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.value(0).path + QStringLiteral(": ") + problems.value(0).message));
        std::set<BaseShape> shapes;
        size_t holed = 0, corners = 0;
        for (const Model& m : s.models) shapes.insert(m.base.shape);
        for (const TerrainPiece& t : s.terrain) {
            holed += !t.footprint.holes.empty();
            corners = std::max(corners, t.footprint.outer.size());
        }
        QCOMPARE(shapes.size(), size_t(3));
        QVERIFY(holed > 0);
        QVERIFY(corners > 32);
        const io::ReadResult back = readBytes(io::writeScenario(s));
        QVERIFY2(back.scenario, qPrintable(back.problems.value(0).toString()));
        QCOMPARE(back.scenario->terrain.size(), s.terrain.size());
        QCOMPARE(back.scenario->models.size(), s.models.size());
    }

    void rulesetDefaultsAndRoundTrip() {
        // wh40k-11e's line is 1 mm wide unless the file says otherwise; options survive a
        // round trip and defaults are not written out.
        QJsonObject doc = validDoc();
        doc[QStringLiteral("ruleset")] = QStringLiteral("wh40k-11e");
        io::ReadResult r = readDoc(doc);
        QVERIFY(r.scenario);
        QCOMPARE(r.scenario->ruleset.sight_line_width_mm, 1.0);
        QCOMPARE(r.scenario->ruleset.detection_range, 15.0);
        QCOMPARE(QJsonDocument::fromJson(io::writeScenario(*r.scenario)).object().value(QStringLiteral("ruleset")).toString(),
                 QStringLiteral("wh40k-11e"));
        doc[QStringLiteral("ruleset")] = QJsonObject{{"name", "wh40k-11e"}, {"options", QJsonObject{{"sight_line_width_mm", 0}, {"detection_range", 12}}}};
        r = readDoc(doc);
        QVERIFY(r.scenario);
        QCOMPARE(r.scenario->ruleset.sight_line_width_mm, 0.0);
        const io::ReadResult again = readBytes(io::writeScenario(*r.scenario));
        QVERIFY(again.scenario);
        QCOMPARE(again.scenario->ruleset.sight_line_width_mm, 0.0);
        QCOMPARE(again.scenario->ruleset.detection_range, 12.0);
        doc[QStringLiteral("ruleset")] = QStringLiteral("wh40k-10e");
        r = readDoc(doc);
        QVERIFY(r.scenario);
        QCOMPARE(r.scenario->ruleset.sight_line_width_mm, 0.0);
    }

    void notJson() {
        const io::ReadResult r = readBytes("{\"format\": \"sightline-scenario\",\n \"version\": 1,,}");
        QVERIFY(!r.scenario);
        QVERIFY2(r.problems.front().toString().contains(QStringLiteral("not valid JSON")), qPrintable(r.problems.front().toString()));
        QVERIFY(r.problems.front().toString().contains(QStringLiteral("line 2")));
        QVERIFY(!readBytes("[1, 2]").scenario);
        QVERIFY(!readBytes("").scenario);
    }

    void nonFiniteNumber() {
        // JSON has no NaN or infinity; a literal too large for a double reads as one.
        QByteArray bytes = QJsonDocument(validDoc()).toJson();
        bytes.replace("\"height\": 1.75", "\"height\": 1e999");
        const io::ReadResult r = readBytes(bytes);
        QVERIFY(!r.scenario);
        QVERIFY2(!r.problems.isEmpty(), "a non-finite number must be refused");
    }

    void missingFile() {
        const io::ReadResult r = io::readScenarioFile(QStringLiteral("/nonexistent/x.json"));
        QVERIFY(!r.scenario);
        QVERIFY(r.problems.front().toString().contains(QStringLiteral("cannot open")));
    }

    void roundTripKeepsUnknownKeys() {
        QJsonObject doc = validDoc();
        doc[QStringLiteral("editor")] = QJsonObject{{QStringLiteral("zoom"), 2}};
        setIn(doc, {"board", "felt"}, QJsonValue("green"));
        setIn(doc, {"models", "0", "painted"}, QJsonValue(true));
        setIn(doc, {"models", "0", "base", "magnetised"}, QJsonValue(true));
        setIn(doc, {"terrain", "1", "colour"}, QJsonValue("#888"));
        setIn(doc, {"queries", "0", "asked_by"}, QJsonValue("judge"));
        doc[QStringLiteral("zones")] = QJsonArray{QJsonObject{{"id", "obj"}, {"kind", "objective"}, {"position", QJsonArray{30, 22}}, {"radius", 3}, {"points", 5}}};
        const io::ReadResult first = readDoc(doc);
        QVERIFY2(first.scenario, qPrintable(first.problems.value(0).toString()));
        const QByteArray written = io::writeScenario(*first.scenario);
        const QJsonObject again = QJsonDocument::fromJson(written).object();
        QCOMPARE(again.value("editor").toObject().value("zoom").toInt(), 2);
        QCOMPARE(again.value("board").toObject().value("felt").toString(), QStringLiteral("green"));
        const QJsonObject m0 = again.value("models").toArray()[0].toObject();
        QVERIFY(m0.value("painted").toBool());
        QVERIFY(m0.value("base").toObject().value("magnetised").toBool());
        QCOMPARE(again.value("terrain").toArray()[1].toObject().value("colour").toString(), QStringLiteral("#888"));
        QCOMPARE(again.value("queries").toArray()[0].toObject().value("asked_by").toString(), QStringLiteral("judge"));
        QCOMPARE(again.value("zones").toArray()[0].toObject().value("points").toInt(), 5);
        // Reading what was written and writing it again changes nothing.
        const io::ReadResult second = readBytes(written);
        QVERIFY(second.scenario);
        QCOMPARE(io::writeScenario(*second.scenario), written);
        QCOMPARE(second.scenario->models[1].base.width_mm, 35.5);
        QCOMPARE(second.scenario->queries[0].expect.size(), size_t(1));
    }

    // The game's fog of war (turn, memory, what each side remembers, every turn ended) is
    // kept in the file's "fog_of_war" section, read back as written; mistakes in it are
    // named by their place.
    void fogOfWarRoundTrip() {
        const io::ReadResult r = readDoc(validDoc());
        QVERIFY(r.scenario);
        Scenario s = *r.scenario;
        QVERIFY(!s.fog);
        QVERIFY(!QJsonDocument::fromJson(io::writeScenario(s)).object().contains(QStringLiteral("fog_of_war")));
        QVERIFY(endTableTurn(s));
        s.models[1].position = {40, 30};
        QVERIFY(endTableTurn(s));
        s.fog->memoryTurns = 2;
        // (Something to remember, whatever the table decided.)
        s.fog->sightings["blue"]["B1"] = {s.models[1], 1};
        s.fog->history[1].remembered["blue"].push_back({s.models[1], 1});
        const QByteArray written = io::writeScenario(s);
        const io::ReadResult back = readBytes(written);
        QVERIFY2(back.scenario, qPrintable(back.problems.value(0).toString()));
        QVERIFY(back.scenario->fog);
        const TableFog& f = *back.scenario->fog;
        QCOMPARE(f.turn, 3);
        QCOMPARE(f.memoryTurns, 2);
        QCOMPARE(f.history.size(), size_t(2));
        QCOMPARE(f.history[1].models[1].position, (Vec2{40, 30}));
        QCOMPARE(f.history[0].seen, s.fog->history[0].seen);
        QCOMPARE(f.sightings.at("blue").at("B1").model.base.width_mm, 35.5);
        QCOMPARE(f.sightings.at("blue").at("B1").turnSeen, 1);
        QCOMPARE(f.history[1].remembered.at("blue").size(), s.fog->history[1].remembered.at("blue").size());
        QCOMPARE(io::writeScenario(*back.scenario), written);
        // Mistakes, each named by its place.
        QJsonObject doc = QJsonDocument::fromJson(written).object();
        auto problem = [&](const QStringList& path, const QJsonValue& value) { return firstProblem(doc, path, value); };
        QVERIFY2(problem({"fog_of_war", "turn"}, QJsonValue("three")).startsWith(QStringLiteral("fog_of_war.turn: expected a number")),
                 qPrintable(problem({"fog_of_war", "turn"}, QJsonValue("three"))));
        QVERIFY(problem({"fog_of_war", "turn"}, QJsonValue(0)).startsWith(QStringLiteral("fog_of_war.turn: expected a whole number from 1")));
        QVERIFY(problem({"fog_of_war", "memory_turns"}, QJsonValue(1.5)).startsWith(QStringLiteral("fog_of_war.memory_turns")));
        QVERIFY(problem({"fog_of_war", "history"}, QJsonValue(3)).startsWith(QStringLiteral("fog_of_war.history: expected an array")));
        QVERIFY2(problem({"fog_of_war", "history", "0", "models", "0", "height"}, QJsonValue(-1))
                     .startsWith(QStringLiteral("fog_of_war.history[0].models[0].height")),
                 qPrintable(problem({"fog_of_war", "history", "0", "models", "0", "height"}, QJsonValue(-1))));
        QVERIFY(problem({"fog_of_war", "sightings", "blue"}, QJsonValue(1)).startsWith(QStringLiteral("fog_of_war.sightings.blue")));
    }

    void lightAndSensesRoundTrip() {
        // A file without them writes none of them (old files unchanged).
        const io::ReadResult r = readDoc(validDoc());
        QVERIFY(r.scenario);
        Scenario s = *r.scenario;
        const QJsonObject plain = QJsonDocument::fromJson(io::writeScenario(s)).object();
        QVERIFY(!plain.contains(QStringLiteral("lights")) && !plain.contains(QStringLiteral("ambient_light")));
        QVERIFY(!plain.value(QStringLiteral("models")).toArray()[0].toObject().contains(QStringLiteral("senses")));
        s.ambient_light = "dark";
        s.lights.push_back({"torch", {10, 12}, 3, "", 2, 5});
        s.lights.push_back({"lantern", {}, 2, s.models[0].id, 1, 2});
        s.models[0].senses.darkvision = 6;
        s.models[0].senses.flying = true;
        s.models[1].senses.telepathy = 12;
        s.models[1].senses.mindless = true;
        s.models[1].senses.invisible = true;
        const QByteArray written = io::writeScenario(s);
        const io::ReadResult back = readBytes(written);
        QVERIFY2(back.scenario, qPrintable(back.problems.value(0).toString()));
        QCOMPARE(back.scenario->ambient_light, std::string("dark"));
        QCOMPARE(back.scenario->lights.size(), size_t(2));
        QCOMPARE(back.scenario->lights[0].position, (Vec2{10, 12}));
        QCOMPARE(back.scenario->lights[0].dim, 5.0);
        QCOMPARE(back.scenario->lights[1].carried_by, s.models[0].id);
        QVERIFY(back.scenario->models[0].senses == s.models[0].senses);
        QVERIFY(back.scenario->models[1].senses == s.models[1].senses);
        QCOMPARE(io::writeScenario(*back.scenario), written);
        // Mistakes, each named by its place.
        QJsonObject doc = QJsonDocument::fromJson(written).object();
        auto problem = [&](const QStringList& path, const QJsonValue& value) { return firstProblem(doc, path, value); };
        QCOMPARE(problem({"ambient_light"}, QJsonValue("dusk")), QStringLiteral("ambient_light: expected \"bright\", \"dim\" or \"dark\", found \"dusk\""));
        QVERIFY(problem({"lights", "0", "dim"}, QJsonValue(1)).startsWith(QStringLiteral("lights[0].dim: must be at least the bright radius")));
        QVERIFY(problem({"lights", "1", "carried_by"}, QJsonValue("nobody")).startsWith(QStringLiteral("lights[1].carried_by: no model has the id \"nobody\"")));
        QVERIFY(problem({"lights", "0", "bright"}, QJsonValue(-2)).startsWith(QStringLiteral("lights[0].bright: must not be negative")));
        QVERIFY(problem({"models", "0", "senses", "darkvision"}, QJsonValue(-1)).startsWith(QStringLiteral("models[0].senses.darkvision: must not be negative")));
        QVERIFY(problem({"models", "0", "senses", "sonar"}, QJsonValue(3)).startsWith(QStringLiteral("models[0].senses.sonar: unknown sense")));
        QVERIFY(problem({"models", "0", "senses", "flying"}, QJsonValue("yes")).startsWith(QStringLiteral("models[0].senses.flying: expected true or false")));
    }

    void wallsDrawnAsLinesAreRead() {
        QJsonObject doc = validDoc();
        QJsonArray terrain = doc.value(QStringLiteral("terrain")).toArray();
        terrain.append(QJsonObject{{QStringLiteral("id"), QStringLiteral("thin")},
                                   {QStringLiteral("kind"), QStringLiteral("feature")},
                                   {QStringLiteral("height"), 3},
                                   {QStringLiteral("wall"), QJsonObject{{QStringLiteral("points"), QJsonArray{QJsonArray{10, 10}, QJsonArray{20, 10}, QJsonArray{20, 14}}},
                                                                        {QStringLiteral("thickness"), 0.25}}}});
        doc[QStringLiteral("terrain")] = terrain;
        const io::ReadResult r = readDoc(doc);
        QVERIFY2(r.scenario, qPrintable(r.problems.value(0).toString()));
        const TerrainPiece& wall = r.scenario->terrain.back();
        QCOMPARE(wall.footprint.outer.size(), size_t(6));
        QVERIFY(std::abs(std::abs(signedArea(wall.footprint.outer)) - 14 * 0.25) < 1e-9);
        // Saved as its outline (a footprint), which reads back the same.
        const io::ReadResult back = readBytes(io::writeScenario(*r.scenario));
        QVERIFY(back.scenario);
        QCOMPARE(back.scenario->terrain.back().footprint.outer, wall.footprint.outer);
        const int last = static_cast<int>(terrain.size()) - 1;
        const QString n = QString::number(last);
        QCOMPARE(firstProblem(doc, {"terrain", n, "wall", "thickness"}, QJsonValue(0)),
                 QStringLiteral("terrain[%1].wall: the thickness must be greater than 0").arg(last));
        QCOMPARE(firstProblem(doc, {"terrain", n, "footprint"}, QJsonArray{QJsonArray{0, 0}, QJsonArray{1, 0}, QJsonArray{1, 1}}),
                 QStringLiteral("terrain[%1].wall: a piece has a footprint or a wall, not both").arg(last));
        QVERIFY(firstProblem(doc, {"terrain", n, "wall", "points"}, QJsonValue(3)).startsWith(QStringLiteral("terrain[%1].wall.points: expected an array").arg(last)));
    }

    // A floor (a bottom under its height) and a wall's openings (a window, a door): read,
    // written only where used, read back the same; every malformed field refused with its
    // JSON path.
    void floorsAndOpeningsReadAndRoundTrip() {
        QJsonObject doc = validDoc();
        const QByteArray plain = io::writeScenario(*readDoc(doc).scenario);
        QVERIFY(!plain.contains("\"bottom\"") && !plain.contains("\"openings\""));  // (version 1 files stay as they were)
        QJsonArray terrain = doc.value(QStringLiteral("terrain")).toArray();
        terrain.append(QJsonObject{{"id", "walkway"}, {"kind", "feature"}, {"bottom", 3}, {"height", 3.25},
                                   {"footprint", ring({{20, 30}, {30, 30}, {30, 32}, {20, 32}})}});
        terrain.append(QJsonObject{{"id", "ruin-wall"}, {"kind", "feature"}, {"height", 5},
                                   {"footprint", ring({{20, 20}, {30, 20}, {30, 21}, {20, 21}})},
                                   {"openings", QJsonArray{QJsonObject{{"polygon", ring({{22, 20}, {24, 20}, {24, 21}, {22, 21}})}, {"from", 2}, {"to", 3}},
                                                           QJsonObject{{"polygon", ring({{26, 20}, {27, 20}, {27, 21}, {26, 21}})}, {"from", 0}, {"to", 2.5}}}}});
        doc[QStringLiteral("terrain")] = terrain;
        const io::ReadResult r = readDoc(doc);
        QVERIFY2(r.scenario, qPrintable(r.problems.value(0).toString()));
        const TerrainPiece& walkway = r.scenario->terrain[terrain.size() - 2];
        const TerrainPiece& wall = r.scenario->terrain.back();
        QCOMPARE(walkway.bottom, 3.0);
        QCOMPARE(walkway.height, 3.25);
        QCOMPARE(wall.openings.size(), size_t(2));
        QCOMPARE(wall.openings[0].from, 2.0);
        QCOMPARE(wall.openings[1].to, 2.5);
        QCOMPARE(wall.openings[1].polygon.size(), size_t(4));
        const io::ReadResult back = readBytes(io::writeScenario(*r.scenario));
        QVERIFY(back.scenario);
        QCOMPARE(back.scenario->terrain.back().openings.size(), size_t(2));
        for (size_t k = 0; k < 2; ++k) {
            QCOMPARE(back.scenario->terrain.back().openings[k].polygon, wall.openings[k].polygon);
            QCOMPARE(back.scenario->terrain.back().openings[k].from, wall.openings[k].from);
            QCOMPARE(back.scenario->terrain.back().openings[k].to, wall.openings[k].to);
        }
        QCOMPARE(back.scenario->terrain[terrain.size() - 2].bottom, 3.0);
        QCOMPARE(io::writeScenario(*back.scenario), io::writeScenario(*r.scenario));
        const QString w = QString::number(terrain.size() - 1), f = QString::number(terrain.size() - 2);
        const QString at = QStringLiteral("terrain[%1]").arg(w), floorAt = QStringLiteral("terrain[%1]").arg(f);
        auto refused = [&](const QStringList& path, const QJsonValue& value, const QString& where, const QString& what) {
            const QString problem = firstProblem(doc, path, value);
            QVERIFY2(problem.startsWith(where + QStringLiteral(": ")) && problem.contains(what), qPrintable(problem));
        };
        refused({"terrain", f, "bottom"}, -1, floorAt + ".bottom", "must not be negative");
        refused({"terrain", f, "bottom"}, 3.25, floorAt + ".bottom", "must be less than the height (3.25)");
        refused({"terrain", f, "bottom"}, "low", floorAt + ".bottom", "expected a number");
        refused({"terrain", "0", "bottom"}, 1, "terrain[0].bottom", "only a feature has a bottom");
        refused({"terrain", "0", "openings"}, QJsonArray{}, "terrain[0].openings", "only a feature has openings");
        refused({"terrain", w, "openings"}, 3, at + ".openings", "expected an array of openings");
        refused({"terrain", w, "openings", "0"}, 3, at + ".openings[0]", "expected an object");
        refused({"terrain", w, "openings", "0", "polygon"}, ring({{22, 20}, {24, 20}}), at + ".openings[0].polygon", "at least 3");
        refused({"terrain", w, "openings", "0", "polygon"}, QJsonValue(QJsonValue::Undefined), at + ".openings[0].polygon", "missing");
        refused({"terrain", w, "openings", "0", "polygon"}, ring({{40, 20}, {42, 20}, {42, 21}, {40, 21}}), at + ".openings[0].polygon",
                "within the feature's footprint");
        refused({"terrain", w, "openings", "0", "polygon"}, ring({{22, 19}, {24, 19}, {24, 21}, {22, 21}}), at + ".openings[0].polygon",
                "within the feature's footprint");  // (partly outside)
        refused({"terrain", w, "openings", "0", "from"}, 3, at + ".openings[0].from", "must be less than \"to\" (3)");
        refused({"terrain", w, "openings", "0", "to"}, QJsonValue(QJsonValue::Undefined), at + ".openings[0].to", "missing");
        refused({"terrain", w, "openings", "1", "to"}, 6, at + ".openings[1].to", "must not be above the feature's height (5)");
        refused({"terrain", w, "openings", "1", "polygon"}, ring({{23, 20}, {25, 20}, {25, 21}, {23, 21}}), at + ".openings[1].polygon",
                "overlaps openings[0]");
        // An opening below a floor's bottom.
        QJsonObject floorDoc = doc;
        setIn(floorDoc, {"terrain", f, "openings"}, QJsonArray{QJsonObject{{"polygon", ring({{21, 30}, {22, 30}, {22, 31}, {21, 31}})}, {"from", 2}, {"to", 3.1}}});
        const io::ReadResult below = readDoc(floorDoc);
        QVERIFY(!below.scenario);
        QCOMPARE(below.problems.value(0).path, floorAt + ".openings[0].from");
        QVERIFY(below.problems.value(0).message.contains(QStringLiteral("below the feature's bottom (3)")));
        // A wall drawn as a line, with a bottom and an opening: read.
        setIn(floorDoc, {"terrain", f}, QJsonObject{{"id", "walkway"}, {"kind", "feature"}, {"bottom", 3}, {"height", 3.25},
                                                     {"wall", QJsonObject{{"points", QJsonArray{QJsonArray{20, 31}, QJsonArray{30, 31}}}, {"thickness", 2}}},
                                                     {"openings", QJsonArray{QJsonObject{{"polygon", ring({{21, 30.5}, {22, 30.5}, {22, 31}, {21, 31}})}, {"from", 3}, {"to", 3.25}}}}});
        const io::ReadResult drawn = readDoc(floorDoc);
        QVERIFY2(drawn.scenario, qPrintable(drawn.problems.value(0).toString()));
        QCOMPARE(drawn.scenario->terrain[terrain.size() - 2].openings.size(), size_t(1));
    }

    void saveGoesThroughASaveFile() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("s.sightline.json"));
        const io::ReadResult r = readDoc(validDoc());
        QString error;
        QVERIFY2(io::saveScenarioFile(*r.scenario, path, &error), qPrintable(error));
        QVERIFY(io::readScenarioFile(path).scenario.has_value());
        // A directory that does not exist: a clear error, nothing written.
        QVERIFY(!io::saveScenarioFile(*r.scenario, dir.filePath(QStringLiteral("no/such/dir/x.json")), &error));
        QVERIFY(error.contains(QStringLiteral("cannot write")));
    }
};

QTEST_GUILESS_MAIN(TestScenarioIo)
#include "tst_scenario_io.moc"
