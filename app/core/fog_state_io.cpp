// Reading and writing the fog-of-war state file: every field checked and named by its JSON
// path, written whole or not at all.
#include "fog_state_io.h"

#include "scenario_io.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

#include <cmath>

namespace sl::io {

using namespace sl::grid;

namespace {

const QString kFormat = QStringLiteral("sightline-fog");
constexpr int kVersion = 1;

QJsonArray tileJson(Tile t) { return QJsonArray{t.x, t.y}; }

// Per-tile values as rows of digits, one string a row.
QJsonArray rowsJson(const std::vector<std::uint8_t>& values, int width, int height) {
    QJsonArray rows;
    for (int y = 0; y < height; ++y) {
        QString row;
        for (int x = 0; x < width; ++x) row += QChar(u'0' + values[static_cast<size_t>(y) * width + x]);
        rows.append(row);
    }
    return rows;
}

QJsonObject visionJson(const std::map<std::string, int>& ranges) {
    QJsonObject o;
    for (const auto& [name, range] : ranges) o.insert(QString::fromStdString(name), range);
    return o;
}

struct Reader {
    const TileMap& map;
    QString problem;

    bool fail(const QString& path, const QString& why) {
        if (problem.isEmpty()) problem = path.isEmpty() ? why : path + QStringLiteral(": ") + why;
        return false;
    }
    bool text(const QJsonObject& o, const QString& key, const QString& path, std::string& out) {
        const QJsonValue v = o.value(key);
        if (!v.isString() || v.toString().isEmpty()) return fail(path + u'.' + key, QStringLiteral("expected a non-empty string"));
        out = v.toString().toStdString();
        return true;
    }
    bool whole(const QJsonValue& v, const QString& path, int& out, int least = 0) {
        const double d = v.toDouble(-1e18);
        // (the range first: a number too large for an integer is never cast to one)
        if (!v.isDouble() || d < least || d > 1e9 || d != std::floor(d))
            return fail(path, QStringLiteral("expected a whole number, %1 or more").arg(least));
        out = static_cast<int>(d);
        return true;
    }
    bool tile(const QJsonValue& v, const QString& path, Tile& out) {
        const QJsonArray a = v.toArray();
        if (!v.isArray() || a.size() != 2) return fail(path, QStringLiteral("expected [x, y]"));
        if (!whole(a[0], path + QStringLiteral("[0]"), out.x) || !whole(a[1], path + QStringLiteral("[1]"), out.y)) return false;
        if (!map.inside(out.x, out.y))
            return fail(path, QStringLiteral("%1,%2 is off the map (%3 columns, %4 rows)").arg(out.x).arg(out.y).arg(map.width).arg(map.height));
        return true;
    }
    // Optional rows of digits up to `most`; absent: all zero.
    bool rows(const QJsonObject& o, const QString& key, const QString& path, int most, std::vector<std::uint8_t>& out) {
        out.assign(map.tiles.size(), 0);
        if (!o.contains(key)) return true;
        const QJsonArray a = o.value(key).toArray();
        if (!o.value(key).isArray() || a.size() != map.height)
            return fail(path + u'.' + key, QStringLiteral("expected %1 rows, one a map row").arg(map.height));
        for (int y = 0; y < map.height; ++y) {
            const QString row = a[y].toString();
            const QString rowPath = QStringLiteral("%1.%2[%3]").arg(path, key).arg(y);
            if (!a[y].isString() || row.size() != map.width)
                return fail(rowPath, QStringLiteral("expected a string of %1 digits").arg(map.width));
            for (int x = 0; x < map.width; ++x) {
                const int d = row[x].unicode() - u'0';
                if (d < 0 || d > most)
                    return fail(rowPath, QStringLiteral("column %1: expected a digit from 0 to %2, found '%3'").arg(x).arg(most).arg(row[x]));
                out[static_cast<size_t>(y) * map.width + x] = static_cast<std::uint8_t>(d);
            }
        }
        return true;
    }
    bool ranges(const QJsonObject& o, const QString& key, const QString& path, std::map<std::string, int>& out) {
        if (!o.contains(key)) return true;
        if (!o.value(key).isObject()) return fail(path + u'.' + key, QStringLiteral("expected an object of ranges"));
        out.clear();
        const QJsonObject r = o.value(key).toObject();
        for (auto it = r.begin(); it != r.end(); ++it) {
            int n = 0;
            if (!whole(it.value(), path + u'.' + key + u'.' + it.key(), n)) return false;
            out[it.key().toStdString()] = n;
        }
        return true;
    }
};

}  // namespace

QByteArray writeFogState(const FogGame& game) {
    const TileMap& map = game.map();
    const FogSettings& s = game.settings();
    QJsonObject settings{{QStringLiteral("mode"), s.mode == VisionMode::LineOfSight ? QStringLiteral("los")
                                                  : s.mode == VisionMode::Senses       ? QStringLiteral("senses")
                                                                                       : QStringLiteral("radius")},
                         {QStringLiteral("memory"), s.memoryTurns < 0 ? QJsonValue(QStringLiteral("forever")) : QJsonValue(s.memoryTurns)},
                         {QStringLiteral("unit_vision"), s.unitVision},
                         {QStringLiteral("type_vision"), visionJson(s.typeVision)},
                         {QStringLiteral("structure_vision"), visionJson(s.structureVision)}};
    QJsonArray sides;
    for (const FogSide& side : game.sides()) {
        QJsonArray memories;
        for (const auto& [id, m] : side.sightings)
            memories.append(QJsonObject{{QStringLiteral("unit"), QString::fromStdString(m.unit)},
                                        {QStringLiteral("type"), QString::fromStdString(m.type)},
                                        {QStringLiteral("owner"), QString::fromStdString(m.owner)},
                                        {QStringLiteral("health"), m.health},
                                        {QStringLiteral("position"), tileJson(m.at)},
                                        {QStringLiteral("turn_seen"), m.turnSeen}});
        sides.append(QJsonObject{{QStringLiteral("name"), QString::fromStdString(side.name)},
                                 {QStringLiteral("fog"), rowsJson(side.state, map.width, map.height)},
                                 {QStringLiteral("memories"), memories}});
    }
    QJsonArray units;
    for (const FogUnit& u : game.units()) {
        QJsonObject o{{QStringLiteral("id"), QString::fromStdString(u.id)},
                      {QStringLiteral("type"), QString::fromStdString(u.type)},
                      {QStringLiteral("side"), QString::fromStdString(u.side)},
                      {QStringLiteral("health"), u.health},
                      {QStringLiteral("position"), tileJson(u.at)},
                      {QStringLiteral("seen"), rowsJson(u.seen, map.width, map.height)},
                      {QStringLiteral("visited"), rowsJson(u.visited, map.width, map.height)}};
        if (u.terrainVision) o.insert(QStringLiteral("vision"), QStringLiteral("terrain"));
        else if (u.vision >= 0) o.insert(QStringLiteral("vision"), u.vision);
        if (u.perception != 10) o.insert(QStringLiteral("perception"), u.perception);
        QJsonArray senses;  // (its senses and traits, as scripts write them: only those given)
        for (const std::string& w : creatureWords(u.body)) senses.append(QString::fromStdString(w));
        if (!senses.isEmpty()) o.insert(QStringLiteral("senses"), senses);
        units.append(o);
    }
    QJsonArray structures;
    for (const FogStructure& st : game.structures()) {
        QJsonObject o{{QStringLiteral("kind"), QString::fromStdString(st.kind)},
                      {QStringLiteral("side"), QString::fromStdString(st.side)},
                      {QStringLiteral("position"), tileJson(st.at)}};
        if (st.vision >= 0) o.insert(QStringLiteral("vision"), st.vision);
        structures.append(o);
    }
    QJsonObject root{{QStringLiteral("format"), kFormat},
                     {QStringLiteral("version"), kVersion},
                     {QStringLiteral("map_size"), QJsonArray{map.width, map.height}},
                     {QStringLiteral("turn"), game.turn()},
                     {QStringLiteral("settings"), settings},
                     {QStringLiteral("sides"), sides},
                     {QStringLiteral("units"), units},
                     {QStringLiteral("structures"), structures}};
    if (!game.lights().empty()) {
        QJsonArray lights;
        for (const LightSource& l : game.lights()) {
            QJsonObject o{{QStringLiteral("position"), tileJson(l.at)}, {QStringLiteral("radius"), l.radius}};
            if (l.bright >= 0) o.insert(QStringLiteral("bright"), l.bright);
            lights.append(o);
        }
        root.insert(QStringLiteral("lights"), lights);
    }
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

std::optional<FogGame> readFogState(const QByteArray& json, const TileMap& map, QString* problem) {
    Reader r{map, {}};
    auto failed = [&]() -> std::optional<FogGame> {
        if (problem) *problem = r.problem;
        return std::nullopt;
    };
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        r.fail({}, QStringLiteral("not valid JSON at byte %1: %2").arg(parseError.offset).arg(parseError.errorString()));
        return failed();
    }
    if (!doc.isObject()) {
        r.fail({}, QStringLiteral("expected a JSON object"));
        return failed();
    }
    const QJsonObject root = doc.object();
    if (root.value(QStringLiteral("format")).toString() != kFormat) {
        r.fail(QStringLiteral("format"), QStringLiteral("expected \"%1\"").arg(kFormat));
        return failed();
    }
    if (root.value(QStringLiteral("version")).toInt(-1) != kVersion) {
        r.fail(QStringLiteral("version"), QStringLiteral("this program reads version %1").arg(kVersion));
        return failed();
    }
    const QJsonArray size = root.value(QStringLiteral("map_size")).toArray();
    if (size.size() != 2 || size[0].toInt() != map.width || size[1].toInt() != map.height) {
        r.fail(QStringLiteral("map_size"), QStringLiteral("the state is for a %1x%2 map; this map is %3x%4")
                                               .arg(size.size() == 2 ? size[0].toInt() : 0)
                                               .arg(size.size() == 2 ? size[1].toInt() : 0)
                                               .arg(map.width)
                                               .arg(map.height));
        return failed();
    }
    FogGame game(map);
    int turn = 0;
    if (!r.whole(root.value(QStringLiteral("turn")), QStringLiteral("turn"), turn)) return failed();
    game.setTurn(turn);

    const QJsonObject so = root.value(QStringLiteral("settings")).toObject();
    FogSettings& s = game.settings();
    const QString mode = so.value(QStringLiteral("mode")).toString(QStringLiteral("radius"));
    if (mode == QLatin1String("los")) s.mode = VisionMode::LineOfSight;
    else if (mode == QLatin1String("senses")) s.mode = VisionMode::Senses;
    else if (mode != QLatin1String("radius")) {
        r.fail(QStringLiteral("settings.mode"), QStringLiteral("expected \"radius\", \"los\" or \"senses\", found \"%1\"").arg(mode));
        return failed();
    }
    const QJsonValue memory = so.value(QStringLiteral("memory"));
    if (memory.toString() == QLatin1String("forever")) s.memoryTurns = -1;
    else if (!memory.isUndefined() && !r.whole(memory, QStringLiteral("settings.memory"), s.memoryTurns)) return failed();
    if (so.contains(QStringLiteral("unit_vision")) &&
        !r.whole(so.value(QStringLiteral("unit_vision")), QStringLiteral("settings.unit_vision"), s.unitVision))
        return failed();
    if (!r.ranges(so, QStringLiteral("type_vision"), QStringLiteral("settings"), s.typeVision) ||
        !r.ranges(so, QStringLiteral("structure_vision"), QStringLiteral("settings"), s.structureVision))
        return failed();

    const QJsonArray sides = root.value(QStringLiteral("sides")).toArray();
    std::vector<FogSide> loadedSides;
    for (int i = 0; i < sides.size(); ++i) {
        const QString path = QStringLiteral("sides[%1]").arg(i);
        const QJsonObject o = sides[i].toObject();
        FogSide side;
        if (!r.text(o, QStringLiteral("name"), path, side.name) || !r.rows(o, QStringLiteral("fog"), path, 2, side.state))
            return failed();
        const QJsonArray memories = o.value(QStringLiteral("memories")).toArray();
        for (int k = 0; k < memories.size(); ++k) {
            const QString mp = QStringLiteral("%1.memories[%2]").arg(path).arg(k);
            const QJsonObject m = memories[k].toObject();
            Snapshot snap;
            if (!r.text(m, QStringLiteral("unit"), mp, snap.unit) || !r.text(m, QStringLiteral("type"), mp, snap.type) ||
                !r.text(m, QStringLiteral("owner"), mp, snap.owner) ||
                !r.whole(m.value(QStringLiteral("health")), mp + QStringLiteral(".health"), snap.health) ||
                !r.tile(m.value(QStringLiteral("position")), mp + QStringLiteral(".position"), snap.at) ||
                !r.whole(m.value(QStringLiteral("turn_seen")), mp + QStringLiteral(".turn_seen"), snap.turnSeen))
                return failed();
            side.sightings[snap.unit] = snap;
        }
        if (const std::string why = game.addSide(side.name); !why.empty()) {
            r.fail(path + QStringLiteral(".name"), QString::fromStdString(why));
            return failed();
        }
        loadedSides.push_back(std::move(side));
    }

    const QJsonArray units = root.value(QStringLiteral("units")).toArray();
    std::vector<std::pair<std::vector<std::uint8_t>, std::vector<std::uint8_t>>> tracks;
    for (int i = 0; i < units.size(); ++i) {
        const QString path = QStringLiteral("units[%1]").arg(i);
        const QJsonObject o = units[i].toObject();
        FogUnit u;
        if (!r.text(o, QStringLiteral("id"), path, u.id) || !r.text(o, QStringLiteral("type"), path, u.type) ||
            !r.text(o, QStringLiteral("side"), path, u.side) ||
            !r.whole(o.value(QStringLiteral("health")), path + QStringLiteral(".health"), u.health) ||
            !r.tile(o.value(QStringLiteral("position")), path + QStringLiteral(".position"), u.at))
            return failed();
        const QJsonValue vision = o.value(QStringLiteral("vision"));
        if (vision.toString() == QLatin1String("terrain")) u.terrainVision = true;
        else if (!vision.isUndefined() && !r.whole(vision, path + QStringLiteral(".vision"), u.vision)) return failed();
        if (o.contains(QStringLiteral("perception")) &&
            !r.whole(o.value(QStringLiteral("perception")), path + QStringLiteral(".perception"), u.perception))
            return failed();
        if (o.contains(QStringLiteral("senses")) && !o.value(QStringLiteral("senses")).isArray()) {
            r.fail(path + QStringLiteral(".senses"), QStringLiteral("expected a list of words such as \"darkvision=4\""));
            return failed();
        }
        const QJsonArray senses = o.value(QStringLiteral("senses")).toArray();
        for (int k = 0; k < senses.size(); ++k) {
            bool known = false;
            if (!senses[k].isString()) {
                r.fail(path + QStringLiteral(".senses[%1]").arg(k), QStringLiteral("expected a word such as \"darkvision=4\" or \"flying\""));
                return failed();
            }
            const std::string why = setCreatureWord(u.body, senses[k].toString().toStdString(), known);
            if (!why.empty()) {
                r.fail(path + QStringLiteral(".senses[%1]").arg(k), QString::fromStdString(why));
                return failed();
            }
        }
        std::vector<std::uint8_t> seen, visited;
        if (!r.rows(o, QStringLiteral("seen"), path, 1, seen) || !r.rows(o, QStringLiteral("visited"), path, 1, visited))
            return failed();
        if (const std::string why = game.addUnit(u); !why.empty()) {
            r.fail(path, QString::fromStdString(why));
            return failed();
        }
        tracks.emplace_back(std::move(seen), std::move(visited));
    }
    const QJsonArray structures = root.value(QStringLiteral("structures")).toArray();
    for (int i = 0; i < structures.size(); ++i) {
        const QString path = QStringLiteral("structures[%1]").arg(i);
        const QJsonObject o = structures[i].toObject();
        FogStructure st;
        if (!r.text(o, QStringLiteral("kind"), path, st.kind) || !r.text(o, QStringLiteral("side"), path, st.side) ||
            !r.tile(o.value(QStringLiteral("position")), path + QStringLiteral(".position"), st.at))
            return failed();
        if (o.contains(QStringLiteral("vision")) && !r.whole(o.value(QStringLiteral("vision")), path + QStringLiteral(".vision"), st.vision))
            return failed();
        if (const std::string why = game.addStructure(st); !why.empty()) {
            r.fail(path, QString::fromStdString(why));
            return failed();
        }
    }
    if (root.contains(QStringLiteral("lights")) && !root.value(QStringLiteral("lights")).isArray()) {
        r.fail(QStringLiteral("lights"), QStringLiteral("expected a list of lights"));
        return failed();
    }
    const QJsonArray lights = root.value(QStringLiteral("lights")).toArray();
    for (int i = 0; i < lights.size(); ++i) {
        const QString path = QStringLiteral("lights[%1]").arg(i);
        const QJsonObject o = lights[i].toObject();
        LightSource l;
        if (!r.tile(o.value(QStringLiteral("position")), path + QStringLiteral(".position"), l.at) ||
            !r.whole(o.value(QStringLiteral("radius")), path + QStringLiteral(".radius"), l.radius))
            return failed();
        if (o.contains(QStringLiteral("bright")) && !r.whole(o.value(QStringLiteral("bright")), path + QStringLiteral(".bright"), l.bright))
            return failed();
        if (const std::string why = game.addLight(l); !why.empty()) {
            r.fail(path, QString::fromStdString(why));
            return failed();
        }
    }
    // What was explored, seen, visited and remembered replaces what placing them computed;
    // then the fog is brought up to date from where everything stands.
    for (size_t i = 0; i < loadedSides.size(); ++i) game.sides()[i] = std::move(loadedSides[i]);
    for (size_t i = 0; i < tracks.size(); ++i) {
        game.units()[i].seen = std::move(tracks[i].first);
        game.units()[i].visited = std::move(tracks[i].second);
    }
    game.update();
    return game;
}

bool saveFogStateFile(const FogGame& game, const QString& path, QString* error) {
    return saveBytes(writeFogState(game), path, error);
}

}  // namespace sl::io
