// 40kdc-data: reading the dataset from a JSON file, a bundle and a .tgz; the base catalog
// made from its units (shapes, approximate entries, what is left out and why), its file
// format, the catalog built into the programs, and searching it.
#include "kdc_data.h"
#include "kdc_layouts.h"
#include "kernel/polygon.h"
#include "scenario_edits.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <array>
#include <map>
#include <set>

using namespace sl;

namespace {
const QString kUnits = QStringLiteral(SIGHTLINE_SOURCE_DIR "/tests/data/kdc-units.json");

const kdc::CatalogEntry* find(const std::vector<kdc::CatalogEntry>& list, const QString& id) {
    for (const auto& e : list)
        if (e.id == id) return &e;
    return nullptr;
}
}  // namespace

class TestKdc : public QObject {
    Q_OBJECT
private slots:
    void catalogFromUnits() {
        QString error;
        const auto dataset = kdc::loadDataset(kUnits, &error);
        QVERIFY2(dataset, qPrintable(error));
        QStringList skipped;
        const auto catalog = kdc::catalogFrom(*dataset, &skipped);
        const auto* round = find(catalog, QStringLiteral("intercessor-squad"));
        QVERIFY(round);
        QCOMPARE(round->base.shape, BaseShape::Circle);
        QCOMPARE(round->base.length_mm, 32.0);
        QVERIFY(!round->approximate);
        QCOMPARE(round->keywords, std::vector<std::string>{"INFANTRY"});  // only the keywords rulings read
        // The dataset's "width 120, length 92" oval: our length is the longer axis.
        const auto* oval = find(catalog, QStringLiteral("triumph-of-saint-katherine"));
        QVERIFY(oval);
        QCOMPARE(oval->base.shape, BaseShape::Oval);
        QCOMPARE(oval->base.length_mm, 120.0);
        QCOMPARE(oval->base.width_mm, 92.0);
        // A large flying base becomes its oval, marked approximate.
        const auto* flyer = find(catalog, QStringLiteral("falcon"));
        QVERIFY(flyer && flyer->approximate);
        QCOMPARE(kdc::baseLabel(*flyer), QStringLiteral("120x92 mm oval (approximate)"));
        // An unsized hull and a unit without a base are left out, each with its reason.
        QVERIFY(!find(catalog, QStringLiteral("immolator")));
        QCOMPARE(skipped.size(), 2);
        QVERIFY(skipped.join(QLatin1Char('\n')).contains(QStringLiteral("immolator (Immolator): hull base without a size")));
        QVERIFY(skipped.join(QLatin1Char('\n')).contains(QStringLiteral("wardens-of-ultramar")));
        // The file round-trips.
        const auto again = kdc::readCatalog(kdc::writeCatalog(catalog), &error);
        QVERIFY2(again, qPrintable(error));
        QCOMPARE(again->size(), catalog.size());
        QCOMPARE(kdc::writeCatalog(*again), kdc::writeCatalog(catalog));
    }

    void bundleAndArchive() {
        // The package keeps the dataset as a JS string in dist/data/bundle.generated.js.
        QFile f(kUnits);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray json = QJsonDocument::fromJson(f.readAll()).toJson(QJsonDocument::Compact);
        QTemporaryDir dir;
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("package/dist/data"))));
        QFile bundle(dir.filePath(QStringLiteral("package/dist/data/bundle.generated.js")));
        QVERIFY(bundle.open(QIODevice::WriteOnly));
        QByteArray literal = QJsonDocument(QJsonArray{QString::fromUtf8(json)}).toJson(QJsonDocument::Compact);
        bundle.write("const JSON_TEXT = " + literal.mid(1, literal.size() - 2) + ";\nexport const RAW_DATA = JSON.parse(JSON_TEXT);\n");
        bundle.close();
        QString error;
        auto fromFolder = kdc::loadDataset(dir.filePath(QStringLiteral("package")), &error);
        QVERIFY2(fromFolder, qPrintable(error));
        QCOMPARE(fromFolder->value(QStringLiteral("units")).toArray().size(), 5);
        // As npm pack makes it: a .tgz with package/ inside.
        const QString tgz = dir.filePath(QStringLiteral("data.tgz"));
        QCOMPARE(QProcess::execute(QStringLiteral("tar"), {QStringLiteral("-czf"), tgz, QStringLiteral("-C"), dir.path(), QStringLiteral("package")}), 0);
        auto fromTgz = kdc::loadDataset(tgz, &error);
        QVERIFY2(fromTgz, qPrintable(error));
        QCOMPARE(*fromTgz, *fromFolder);
        // Bad sources say what is wrong.
        QVERIFY(!kdc::loadDataset(dir.filePath(QStringLiteral("nothing.tgz")), &error));
        QVERIFY2(error.contains(QStringLiteral("no such file")), qPrintable(error));
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("empty"))));
        QVERIFY(!kdc::loadDataset(dir.filePath(QStringLiteral("empty")), &error));
        QVERIFY2(error.contains(QStringLiteral("not the 40kdc-data package")), qPrintable(error));
    }

    void layoutFromTheDataset() {
        QString error;
        const auto dataset = kdc::loadDataset(QStringLiteral(SIGHTLINE_SOURCE_DIR "/tests/data/kdc-layouts.json"), &error);
        QVERIFY2(dataset, qPrintable(error));
        QCOMPARE(kdc::layoutIds(*dataset), (QStringList{QStringLiteral("bm-assets-vs-assets-01"), QStringLiteral("kotc-colosseum")}));
        const kdc::LayoutImport imported = kdc::importLayout(*dataset, QStringLiteral("bm-assets-vs-assets-01"));
        QVERIFY2(imported.problems.isEmpty(), qPrintable(imported.problems.join(QLatin1Char('\n'))));
        const Scenario& s = *imported.scenario;
        QVERIFY(edits::problemsOf(s).isEmpty());
        // One area per piece, and its template's features.
        QJsonObject layout;
        std::map<QString, QJsonObject> templates;
        for (const QJsonValue& t : dataset->value(QStringLiteral("terrainTemplates")).toArray())
            templates[t.toObject().value(QStringLiteral("id")).toString()] = t.toObject();
        for (const QJsonValue& l : dataset->value(QStringLiteral("terrainLayouts")).toArray())
            if (l.toObject().value(QStringLiteral("id")) == QStringLiteral("bm-assets-vs-assets-01")) layout = l.toObject();
        size_t expected = 0, floors = 0;
        for (const QJsonValue& p : layout.value(QStringLiteral("pieces")).toArray()) {
            const QJsonArray features = templates[p.toObject().value(QStringLiteral("template")).toString()].value(QStringLiteral("features")).toArray();
            expected += 1 + features.size();
            for (const QJsonValue& f : features)
                floors += templates[f.toObject().value(QStringLiteral("template")).toString()].contains(QStringLiteral("upper_floor"));
        }
        QCOMPARE(s.terrain.size(), expected + floors);
        QCOMPARE(s.terrain.size(), size_t(54));  // 16 areas, their 28 features and 10 upper floors
        // An upper floor: a slab whose top is 3" up, 0.25" thick, in its feature's area, named
        // after it, tagged floor; and the engine sees it as a solid with a bottom.
        int found = 0;
        for (const TerrainPiece& t : s.terrain) {
            if (!t.hasTag("floor")) continue;
            ++found;
            QCOMPARE(t.height, kdc::kStoreyHeight);
            QCOMPARE(t.bottom, kdc::kStoreyHeight - kdc::kFloorThickness);
            QVERIFY(t.id.size() > 6 && t.id.compare(t.id.size() - 6, 6, "-floor") == 0);
            const std::string feature = t.id.substr(0, t.id.size() - 6);
            bool sibling = false;
            for (const TerrainPiece& f : s.terrain)
                if ((f.id == feature || f.id.rfind(feature + "-wall-", 0) == 0) && f.area == t.area && f.kind == TerrainKind::Feature) sibling = true;
            QVERIFY2(sibling, t.id.c_str());
            QVERIFY2(t.name.size() > 6 && t.name.compare(t.name.size() - 6, 6, " floor") == 0, t.name.c_str());
        }
        QCOMPARE(found, 10);
        // Each area's centroid is its piece's position.
        for (const QJsonValue& pv : layout.value(QStringLiteral("pieces")).toArray()) {
            const QJsonObject p = pv.toObject();
            const TerrainPiece* area = nullptr;
            for (const TerrainPiece& t : s.terrain)
                if (QString::fromStdString(t.id) == p.value(QStringLiteral("id")).toString()) area = &t;
            QVERIFY(area);
            const Vec2 c = areaCentroid(area->footprint.outer);
            const QJsonObject pos = p.value(QStringLiteral("position")).toObject();
            QVERIFY2(std::abs(c.x - pos.value(QStringLiteral("x")).toDouble()) < 1e-6 &&
                         std::abs(c.y - pos.value(QStringLiteral("y")).toDouble()) < 1e-6,
                     qPrintable(QStringLiteral("%1: %2, %3").arg(QString::fromStdString(area->id)).arg(c.x).arg(c.y)));
        }
        // Every feature stands inside its area.
        for (const TerrainPiece& f : s.terrain) {
            if (f.kind != TerrainKind::Feature) continue;
            const TerrainPiece* area = nullptr;
            for (const TerrainPiece& t : s.terrain)
                if (t.id == f.area) area = &t;
            QVERIFY2(area, f.id.c_str());
            // (The dataset draws some features flush with their area's edge, to 0.001".)
            for (const Vec2& v : f.footprint.outer) {
                bool in = locate(v, area->footprint) != Where::Outside;
                for (double dx : {-0.002, 0.0, 0.002})
                    for (double dy : {-0.002, 0.0, 0.002}) in = in || locate(v + Vec2{dx, dy}, area->footprint) != Where::Outside;
                QVERIFY2(in, f.id.c_str());
            }
            QVERIFY(f.height > 0);
            QVERIFY(f.category == "dense" || f.category == "light");
        }
        // Zones: two deployment zones and the layout's objectives.
        int deployment = 0, objectives = 0;
        for (const Zone& z : s.zones) {
            deployment += z.kind == "deployment";
            objectives += z.kind == "objective";
        }
        QCOMPARE(deployment, 2);
        QCOMPARE(objectives, 6);
        QCOMPARE(s.ruleset.name, std::string("wh40k-11e"));
        // The other layout: its own board and inline features in areas.
        const kdc::LayoutImport kotc = kdc::importLayout(*dataset, QStringLiteral("kotc-colosseum"));
        QVERIFY(kotc.problems.isEmpty());
        QCOMPARE(kotc.scenario->board.width, 36.0);
        QVERIFY(!kdc::importLayout(*dataset, QStringLiteral("nope")).scenario);
    }

    void piecesGetNamesPeopleCanFind() {
        // A ruling names pieces by their labels: every imported piece has a short name of its
        // own on its table, numbered in the layout's order, the same on every import, and an
        // area's features read with their area.
        QString error;
        const auto dataset = kdc::loadDataset(QStringLiteral(SIGHTLINE_SOURCE_DIR "/tests/data/kdc-layouts.json"), &error);
        QVERIFY2(dataset, qPrintable(error));
        for (const QString& layout : kdc::layoutIds(*dataset)) {
            const Scenario s = *kdc::importLayout(*dataset, layout).scenario;
            const Scenario again = *kdc::importLayout(*dataset, layout).scenario;
            std::set<std::string> names;
            for (size_t i = 0; i < s.terrain.size(); ++i) {
                const TerrainPiece& t = s.terrain[i];
                QVERIFY2(!t.name.empty(), t.id.c_str());
                QVERIFY2(names.insert(t.name).second, qPrintable(QStringLiteral("%1: %2 twice").arg(layout, QString::fromStdString(t.name))));
                QCOMPARE(again.terrain[i].name, t.name);
                QVERIFY2(t.name.find("Battlemaster") == std::string::npos, t.name.c_str());
                if (t.kind != TerrainKind::Feature || t.area.empty()) continue;
                // A feature's name begins with its area's ("Ruin 3 wall" in "Ruin 3").
                std::string area = s.labelOf(t.area);
                if (area.size() > 5 && area.compare(area.size() - 5, 5, " area") == 0) area.resize(area.size() - 5);
                QVERIFY2(t.name.rfind(area, 0) == 0, qPrintable(QString::fromStdString(t.name + " in " + s.labelOf(t.area))));
            }
        }
        const Scenario s = *kdc::importLayout(*dataset, QStringLiteral("bm-assets-vs-assets-01")).scenario;
        const std::map<std::string, std::string> expected = {
            {"area-01", "Generator 1 area"}, {"area-01-feature-1", "Generator 1"},
            {"area-02", "Barrier 1 area"},   {"area-02-feature-1", "Barrier 1"},
            {"area-03", "Pipe 1 area"},      {"area-03-feature-1", "Pipe 1"},
            {"area-04", "Ruin 1"},           {"area-04-feature-1", "Ruin 1 wall"},      {"area-04-feature-2", "Ruin 1 wall 2"},
            {"area-05", "Ruin 2"},           {"area-05-feature-1", "Ruin 2 building"},  {"area-05-feature-2", "Ruin 2 wall"},
            {"area-07", "Tower 1 area"},     {"area-07-feature-2", "Tower 1 barrier 2"}, {"area-07-feature-3", "Tower 1"},
            {"area-08", "Ruin 4"},           {"area-08-feature-2", "Ruin 4 building 2"},
            {"area-09", "Generator 2 area"}, {"area-16-feature-2", "Ruin 8 building 2"}};
        for (const auto& [id, name] : expected) QVERIFY2(s.labelOf(id) == name, (id + ": " + s.labelOf(id)).c_str());
        // The King of the Colosseum names its pieces by place: those names stay.
        const Scenario kotc = *kdc::importLayout(*dataset, QStringLiteral("kotc-colosseum")).scenario;
        QCOMPARE(kotc.labelOf("ruin-inner-nw"), std::string("Ruin (inner NW)"));
        QCOMPARE(kotc.labelOf("ruin-inner-nw-walls"), std::string("Ruin (inner NW) Walls"));
        QCOMPARE(kotc.labelOf("colosseum-wall-ne"), std::string("Colosseum Wall (NE)"));
    }

    void placementTurnsClockwiseAndMirrors() {
        // An L whose long arm points right (+x) from the corner: turned 90° clockwise on a
        // y-down board it points down (+y); mirrored first it points left, then up.
        const QByteArray json = R"({"units": [], "deploymentPatterns": [],
          "terrainTemplates": [{"id": "l", "kind": "feature", "terrain_category": "dense", "default_height_inches": 4,
            "footprint": {"type": "polygon", "points": [{"x":0,"y":0},{"x":6,"y":0},{"x":6,"y":1},{"x":1,"y":1},{"x":1,"y":3},{"x":0,"y":3}]}}],
          "terrainLayouts": [{"id": "t", "name": "t", "pieces": [
            {"id": "plain", "piece_type": "feature", "template": "l", "position": {"x": 10, "y": 10}},
            {"id": "turned", "piece_type": "feature", "template": "l", "position": {"x": 30, "y": 10}, "rotation_degrees": 90},
            {"id": "mirrored", "piece_type": "feature", "template": "l", "position": {"x": 30, "y": 30}, "rotation_degrees": 90, "mirror": true}]}]})";
        const QJsonObject dataset = QJsonDocument::fromJson(json).object();
        const kdc::LayoutImport r = kdc::importLayout(dataset, QStringLiteral("t"));
        QVERIFY2(r.problems.isEmpty(), qPrintable(r.problems.join(QLatin1Char('\n'))));
        const auto& t = r.scenario->terrain;
        QCOMPARE(t.size(), size_t(3));
        QCOMPARE(t[0].height, 4.0);
        auto extent = [](const Ring& ring) {
            double minX = 1e9, maxX = -1e9, minY = 1e9, maxY = -1e9;
            for (const Vec2& v : ring) {
                minX = std::min(minX, v.x);
                maxX = std::max(maxX, v.x);
                minY = std::min(minY, v.y);
                maxY = std::max(maxY, v.y);
            }
            return std::array<double, 4>{minX, maxX, minY, maxY};
        };
        // The corner (template 0,0) relative to the centroid: where the arm starts.
        auto corner = [&](int i) { return t[i].footprint.outer[0] - areaCentroid(t[i].footprint.outer); };
        const auto e0 = extent(t[0].footprint.outer), e1 = extent(t[1].footprint.outer);
        QVERIFY(std::abs((e0[1] - e0[0]) - 6) < 1e-9 && std::abs((e0[3] - e0[2]) - 3) < 1e-9);
        QVERIFY(std::abs((e1[1] - e1[0]) - 3) < 1e-9 && std::abs((e1[3] - e1[2]) - 6) < 1e-9);  // turned a quarter
        QVERIFY(corner(0).x < 0 && corner(0).y < 0);  // the corner is top-left of the centroid
        QVERIFY(corner(1).x > 0 && corner(1).y < 0);  // clockwise: top-right, the arm going down
        QVERIFY(corner(2).x > 0 && corner(2).y > 0);  // mirrored then turned: bottom-right
        for (int i = 0; i < 3; ++i) {
            const Vec2 c = areaCentroid(t[i].footprint.outer);
            QVERIFY(std::abs(c.x - (i == 0 ? 10 : 30)) < 1e-6 && std::abs(c.y - (i == 2 ? 30 : 10)) < 1e-6);
        }
    }

    void mirrorsAreNamedAsTheDataNamesThem() {
        // The dataset names a mirror "horizontal" (x -> -x before the turn) or "vertical"
        // (y -> -y); "none" leaves the piece as it is. (A name read as a flag mirrored nothing:
        // one generator of Purge vs Recon 01 stood the wrong way round.)
        const QByteArray json = R"({"units": [], "deploymentPatterns": [],
          "terrainTemplates": [{"id": "l", "kind": "feature", "terrain_category": "dense", "default_height_inches": 4,
            "footprint": {"type": "polygon", "points": [{"x":0,"y":0},{"x":6,"y":0},{"x":6,"y":1},{"x":1,"y":1},{"x":1,"y":3},{"x":0,"y":3}]}}],
          "terrainLayouts": [{"id": "t", "name": "t", "pieces": [
            {"id": "none", "piece_type": "feature", "template": "l", "position": {"x": 10, "y": 10}, "mirror": "none"},
            {"id": "across", "piece_type": "feature", "template": "l", "position": {"x": 30, "y": 10}, "mirror": "horizontal"},
            {"id": "upside", "piece_type": "feature", "template": "l", "position": {"x": 30, "y": 30}, "mirror": "vertical"}]}]})";
        const kdc::LayoutImport r = kdc::importLayout(QJsonDocument::fromJson(json).object(), QStringLiteral("t"));
        QVERIFY2(r.problems.isEmpty(), qPrintable(r.problems.join(QLatin1Char('\n'))));
        const auto& t = r.scenario->terrain;
        QCOMPARE(t.size(), size_t(3));
        auto corner = [&](int i) { return t[i].footprint.outer[0] - areaCentroid(t[i].footprint.outer); };
        QVERIFY(corner(0).x < 0 && corner(0).y < 0);  // as drawn: the corner top-left
        QVERIFY(corner(1).x > 0 && corner(1).y < 0);  // mirrored across: top-right
        QVERIFY(corner(2).x < 0 && corner(2).y > 0);  // upside down: bottom-left
    }

    void placementAgreesWithThePackagesResolver() {
        // Pieces turned and mirrored, on their own and in a turned, mirrored area, against
        // the vertices the package's own resolver (dist/terrain/resolve.js, 40kdc-data
        // 1.4.5) gives for the same layout, to its 0.0001" rounding: a mirror after the turn
        // instead of before it, or an area's turn left out, moves them.
        const QByteArray json = R"({"units": [], "deploymentPatterns": [],
          "terrainTemplates": [
            {"id": "l", "kind": "feature", "terrain_category": "dense", "default_height_inches": 4,
             "footprint": {"type": "polygon", "points": [{"x":0,"y":0},{"x":6,"y":0},{"x":6,"y":1},{"x":1,"y":1},{"x":1,"y":3},{"x":0,"y":3}]}},
            {"id": "box", "kind": "area", "footprint": {"type": "rectangle", "width": 4, "height": 4}}],
          "terrainLayouts": [{"id": "t", "name": "t", "pieces": [
            {"id": "a", "piece_type": "feature", "template": "l", "position": {"x": 10, "y": 10}, "rotation_degrees": 90, "mirror": "horizontal"},
            {"id": "b", "piece_type": "area", "template": "box", "position": {"x": 30, "y": 20}, "rotation_degrees": 30, "mirror": "vertical"},
            {"id": "c", "piece_type": "feature", "parent_area_id": "b", "position": {"x": 1, "y": 0.5}, "rotation_degrees": 45,
             "mirror": "horizontal", "height_inches": 3, "footprint": {"type": "polygon", "points": [{"x":0,"y":0},{"x":2,"y":0},{"x":0,"y":1}]}},
            {"id": "d", "piece_type": "area", "terrain": false, "parent_area_id": "b", "position": {"x": -1, "y": 1}, "objective": {}},
            {"id": "e", "piece_type": "feature", "template": "l", "position": {"x": 50, "y": 30}, "mirror": "both"}]}]})";
        const kdc::LayoutImport r = kdc::importLayout(QJsonDocument::fromJson(json).object(), QStringLiteral("t"));
        QVERIFY(r.scenario);
        const std::map<std::string, std::vector<Vec2>> resolver = {
            {"a", {{10.875, 12.375}, {10.875, 6.375}, {9.875, 6.375}, {9.875, 11.375}, {7.875, 11.375}, {7.875, 12.375}}},
            {"b", {{27.2679, 20.7321}, {30.7321, 22.7321}, {32.7321, 19.2679}, {29.2679, 17.2679}}},
            {"c", {{31.8462, 20.2164}, {29.9144, 20.7341}, {31.5874, 19.2505}}}};
        for (const auto& [id, expected] : resolver) {
            const TerrainPiece* t = nullptr;
            for (const TerrainPiece& piece : r.scenario->terrain)
                if (piece.id == id) t = &piece;
            QVERIFY2(t, id.c_str());
            QCOMPARE(t->footprint.outer.size(), expected.size());
            for (const Vec2& v : expected)
                QVERIFY2(std::ranges::any_of(t->footprint.outer, [&](const Vec2& w) { return std::abs(w.x - v.x) < 1e-4 && std::abs(w.y - v.y) < 1e-4; }),
                         qPrintable(QStringLiteral("%1: (%2, %3)").arg(QString::fromStdString(id)).arg(v.x).arg(v.y)));
        }
        // The objective of a piece with no position of its own, in the area's frame: (-1, 1)
        // mirrored to (-1, -1), turned 30 degrees clockwise, from (30, 20).
        QCOMPARE(r.scenario->zones.size(), size_t(1));
        const Vec2 objective = *r.scenario->zones[0].position;
        QVERIFY2(std::abs(objective.x - (30 - std::sqrt(3.0) / 2 + 0.5)) < 1e-9 && std::abs(objective.y - (20 - 0.5 - std::sqrt(3.0) / 2)) < 1e-9,
                 qPrintable(QStringLiteral("%1,%2").arg(objective.x).arg(objective.y)));
        // A mirror it does not know is said, and taken as none.
        QVERIFY2(r.problems.size() == 1 && r.problems[0].contains(QStringLiteral("e: unknown mirror \"both\"")), qPrintable(r.problems.join(QLatin1Char('\n'))));
    }

    void aPieceOfAnAreaIsPlacedInTheAreasFrame() {
        // A feature with a parent_area_id: its position is from its area's centroid, and it
        // turns with the area (the package's resolver: board = area position + R_area
        // (position + R (v - c))). An objective's own area, marked "terrain": false, is no
        // piece of the table, and its objective, with no position of its own, stands at
        // the piece's.
        const QByteArray json = R"({"units": [], "deploymentPatterns": [],
          "terrainTemplates": [{"id": "box", "kind": "area", "footprint": {"type": "rectangle", "width": 4, "height": 4}}],
          "terrainLayouts": [{"id": "t", "name": "t", "pieces": [
            {"id": "ruin", "piece_type": "area", "template": "box", "position": {"x": 20, "y": 10}, "rotation_degrees": 90},
            {"id": "ruin-walls", "piece_type": "feature", "parent_area_id": "ruin", "position": {"x": 1, "y": 0}, "height_inches": 3,
             "footprint": {"type": "polygon", "points": [{"x":-0.5,"y":-1},{"x":0.5,"y":-1},{"x":0.5,"y":1},{"x":-0.5,"y":1}]}},
            {"id": "lost", "piece_type": "feature", "parent_area_id": "nowhere", "position": {"x": 0, "y": 0},
             "footprint": {"type": "rectangle", "width": 1, "height": 1}},
            {"id": "obj", "piece_type": "area", "terrain": false, "position": {"x": 5, "y": 7}, "is_objective": true,
             "objective": {"control_range_inches": 3}, "footprint": {"type": "rectangle", "width": 6, "height": 6}}]}]})";
        const kdc::LayoutImport r = kdc::importLayout(QJsonDocument::fromJson(json).object(), QStringLiteral("t"));
        const auto& t = r.scenario->terrain;
        QCOMPARE(t.size(), size_t(2));  // the area and its walls; neither the lost piece nor the objective's area
        QCOMPARE(t[1].id, std::string("ruin-walls"));
        QCOMPARE(t[1].area, std::string("ruin"));
        // (1, 0) from the area's centroid, turned a quarter clockwise with it: (0, 1) from (20, 10).
        const Vec2 c = areaCentroid(t[1].footprint.outer);
        QVERIFY2(std::abs(c.x - 20) < 1e-9 && std::abs(c.y - 11) < 1e-9, qPrintable(QStringLiteral("%1,%2").arg(c.x).arg(c.y)));
        double width = 0;  // (2" long along y, turned: along x)
        for (const Vec2& v : t[1].footprint.outer) width = std::max(width, std::abs(v.x - c.x));
        QVERIFY(std::abs(width - 1) < 1e-9);
        QCOMPARE(r.problems.size(), qsizetype(1));
        QVERIFY2(r.problems[0].contains(QStringLiteral("lost")) && r.problems[0].contains(QStringLiteral("nowhere")), qPrintable(r.problems[0]));
        QCOMPARE(r.scenario->zones.size(), size_t(1));
        QVERIFY(r.scenario->zones[0].position.has_value());
        QCOMPARE(*r.scenario->zones[0].position, (Vec2{5, 7}));
    }

    void theColosseumStandsWhereItsDataPutsIt() {
        // King of the Colosseum: every ruin's walls within their ruin, and its five
        // objectives at the middle and 5.5" in from each edge (its walls once stood in a
        // heap at the table's corner, its objectives all at (0, 0)).
        QString error;
        const auto dataset = kdc::loadDataset(QStringLiteral(SIGHTLINE_SOURCE_DIR "/tests/data/kdc-layouts.json"), &error);
        QVERIFY2(dataset, qPrintable(error));
        const Scenario kotc = *kdc::importLayout(*dataset, QStringLiteral("kotc-colosseum")).scenario;
        int walls = 0;
        for (const TerrainPiece& f : kotc.terrain) {
            if (f.area.empty()) continue;
            ++walls;
            const TerrainPiece* area = nullptr;
            for (const TerrainPiece& a : kotc.terrain)
                if (a.id == f.area) area = &a;
            QVERIFY2(area, f.id.c_str());
            const Bounds in = boundsOf(area->footprint.outer), wall = boundsOf(f.footprint.outer);
            QVERIFY2(wall.lo.x > in.lo.x - 0.01 && wall.lo.y > in.lo.y - 0.01 && wall.hi.x < in.hi.x + 0.01 && wall.hi.y < in.hi.y + 0.01,
                     f.id.c_str());
        }
        QCOMPARE(walls, 8);
        std::set<std::pair<double, double>> objectives;
        for (const Zone& z : kotc.zones)
            if (z.kind == "objective") objectives.insert({z.position->x, z.position->y});
        QCOMPARE(objectives, (std::set<std::pair<double, double>>{{18, 18}, {5.5, 18}, {30.5, 18}, {18, 5.5}, {18, 30.5}}));
    }

    void wallsBecomeFootprints() {
        // An open L of 0.5" walls on two edges of a footprint, thick towards its inside:
        // arms of 4" and 3", their corner square once.
        const Ring l = kdc::wallOutline({{0, 0}, {4, 0}, {4, 3}}, 0.5, Vec2{2, 1.5});
        QCOMPARE(l.size(), size_t(6));
        QVERIFY(!ringProblem(l));
        QVERIFY(std::abs(std::abs(signedArea(l)) - (4 * 0.5 + 3 * 0.5 - 0.25)) < 1e-9);
        for (const Vec2& v : l) QVERIFY(v.x >= -1e-12 && v.x <= 4 + 1e-12 && v.y >= -1e-12 && v.y <= 3 + 1e-12);
        // Without a footprint, centred on the line.
        QVERIFY(std::abs(std::abs(signedArea(kdc::wallOutline({{0, 0}, {4, 0}, {4, 3}}, 0.5))) - 0.5 * 7) < 1e-9);
        // A closed loop: the solid it encloses.
        const Ring loop = kdc::wallOutline({{0, 0}, {2, 0}, {2, 2}, {0, 2}, {0, 0}}, 0.5);
        QCOMPARE(loop.size(), size_t(4));
        QVERIFY(std::abs(std::abs(signedArea(loop)) - 4) < 1e-9);
    }

    void builtInCatalogAndSearch() {
        const auto& catalog = kdc::builtInCatalog();
        QVERIFY(catalog.size() > 500);
        const auto found = kdc::search(catalog, QStringLiteral("INTERCESSOR squad"));
        const auto* squad = find(found, QStringLiteral("intercessor-squad"));
        QVERIFY(squad);
        QCOMPARE(squad->base.length_mm, 32.0);
        for (const auto& e : found) QVERIFY((e.name + e.id).toLower().contains(QStringLiteral("intercessor")));
        QVERIFY(kdc::search(catalog, QStringLiteral("no-such-unit-anywhere")).empty());
    }
};

QTEST_GUILESS_MAIN(TestKdc)
#include "tst_kdc.moc"
