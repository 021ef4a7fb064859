// Reading a scenario file with every check a person can fail, each named by file, JSON
// path and problem; writing it back with the unknown keys it had.
#include "scenario_io.h"

#include "kernel/polygon.h"
#include "los/scene.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSaveFile>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <cmath>
#include <map>
#include <set>

namespace sl::io {
namespace {

QString typeName(const QJsonValue& v) {
    switch (v.type()) {
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Bool: return QStringLiteral("a boolean");
    case QJsonValue::Double: return QStringLiteral("a number");
    case QJsonValue::String: return QStringLiteral("a string");
    case QJsonValue::Array: return QStringLiteral("an array");
    case QJsonValue::Object: return QStringLiteral("an object");
    case QJsonValue::Undefined: break;
    }
    return QStringLiteral("nothing");
}

std::string extrasOf(const QJsonObject& obj, std::initializer_list<const char*> known) {
    QJsonObject rest = obj;
    for (const char* k : known) rest.remove(QLatin1String(k));
    if (rest.isEmpty()) return {};
    return QJsonDocument(rest).toJson(QJsonDocument::Compact).toStdString();
}

QJsonObject parseExtras(const std::string& extras) {
    if (extras.empty()) return {};
    return QJsonDocument::fromJson(QByteArray::fromStdString(extras)).object();
}

QString idList(const std::vector<std::string>& ids) {
    QStringList out;
    for (const auto& id : ids) out << QString::fromStdString(id);
    return out.join(QStringLiteral(", "));
}

// Reads one file, collecting every problem with its JSON path.
class Reader {
public:
    explicit Reader(QString file) : file_(std::move(file)) {}

    QList<Problem> problems;

    void fail(const QString& path, const QString& message) { problems.push_back({file_, path, message}); }

    bool number(const QJsonValue& v, const QString& path, double* out) {
        if (!v.isDouble()) {
            fail(path, QStringLiteral("expected a number, found %1").arg(typeName(v)));
            return false;
        }
        const double d = v.toDouble();
        if (!std::isfinite(d)) {
            fail(path, QStringLiteral("the number is not finite"));
            return false;
        }
        if (std::abs(d) > kMaxMagnitude) {
            fail(path, QStringLiteral("%1 is larger in magnitude than %2").arg(d).arg(kMaxMagnitude));
            return false;
        }
        *out = d;
        return true;
    }

    // A field that must be there.
    bool requiredNumber(const QJsonObject& o, const char* key, const QString& at, double* out) {
        const QString path = join(at, key);
        if (!o.contains(QLatin1String(key))) {
            fail(path, QStringLiteral("missing (a number is required)"));
            return false;
        }
        return number(o.value(QLatin1String(key)), path, out);
    }

    bool optionalNumber(const QJsonObject& o, const char* key, const QString& at, double* out) {
        if (!o.contains(QLatin1String(key))) return true;
        return number(o.value(QLatin1String(key)), join(at, key), out);
    }

    bool positive(const QJsonObject& o, const char* key, const QString& at, double* out) {
        if (!requiredNumber(o, key, at, out)) return false;
        if (*out <= 0) {
            fail(join(at, key), QStringLiteral("must be greater than 0, found %1").arg(*out));
            return false;
        }
        return true;
    }

    bool string(const QJsonObject& o, const char* key, const QString& at, std::string* out, bool required) {
        const QString path = join(at, key);
        if (!o.contains(QLatin1String(key))) {
            if (required) fail(path, QStringLiteral("missing (a string is required)"));
            return !required;
        }
        const QJsonValue v = o.value(QLatin1String(key));
        if (!v.isString()) {
            fail(path, QStringLiteral("expected a string, found %1").arg(typeName(v)));
            return false;
        }
        *out = v.toString().toStdString();
        return true;
    }

    bool strings(const QJsonObject& o, const char* key, const QString& at, std::vector<std::string>* out) {
        if (!o.contains(QLatin1String(key))) return true;
        const QString path = join(at, key);
        const QJsonValue v = o.value(QLatin1String(key));
        if (!v.isArray()) {
            fail(path, QStringLiteral("expected an array of strings, found %1").arg(typeName(v)));
            return false;
        }
        const QJsonArray arr = v.toArray();
        for (int i = 0; i < arr.size(); ++i) {
            if (!arr[i].isString()) {
                fail(index(path, i), QStringLiteral("expected a string, found %1").arg(typeName(arr[i])));
                return false;
            }
            out->push_back(arr[i].toString().toStdString());
        }
        return true;
    }

    bool point(const QJsonValue& v, const QString& path, Vec2* out) {
        if (!v.isArray() || v.toArray().size() != 2) {
            fail(path, QStringLiteral("expected a point [x, y], found %1").arg(typeName(v)));
            return false;
        }
        const QJsonArray a = v.toArray();
        return number(a[0], index(path, 0), &out->x) && number(a[1], index(path, 1), &out->y);
    }

    bool ring(const QJsonValue& v, const QString& path, Ring* out) {
        if (!v.isArray()) {
            fail(path, QStringLiteral("expected an array of points, found %1").arg(typeName(v)));
            return false;
        }
        const QJsonArray arr = v.toArray();
        Ring r;
        bool ok = true;
        for (int i = 0; i < arr.size(); ++i) {
            Vec2 p;
            ok = point(arr[i], index(path, i), &p) && ok;
            r.push_back(p);
        }
        if (!ok) return false;
        r = openRing(std::move(r));
        // A point written twice in a row is one point (an edge of no length: drawing tools
        // leave them); the ring is read without the repeat.
        r.erase(std::unique(r.begin(), r.end()), r.end());
        r = openRing(std::move(r));
        if (auto problem = ringProblem(r)) {
            fail(path, QString::fromStdString(*problem));
            return false;
        }
        *out = std::move(r);
        return true;
    }

    QJsonObject object(const QJsonValue& v, const QString& path, bool* ok) {
        if (!v.isObject()) {
            fail(path, QStringLiteral("expected an object, found %1").arg(typeName(v)));
            *ok = false;
            return {};
        }
        *ok = true;
        return v.toObject();
    }

    QJsonArray array(const QJsonObject& o, const char* key) {
        if (!o.contains(QLatin1String(key))) return {};
        const QJsonValue v = o.value(QLatin1String(key));
        if (!v.isArray()) {
            fail(QLatin1String(key), QStringLiteral("expected an array, found %1").arg(typeName(v)));
            return {};
        }
        return v.toArray();
    }

    static QString join(const QString& at, const char* key) {
        return at.isEmpty() ? QString::fromLatin1(key) : at + QLatin1Char('.') + QLatin1String(key);
    }
    static QString index(const QString& at, int i) { return QStringLiteral("%1[%2]").arg(at).arg(i); }

    std::optional<Scenario> read(const QByteArray& bytes);

private:
    void readRuleset(const QJsonValue& v, Ruleset* out);
    void readTerrain(const QJsonValue& v, const QString& at, std::vector<TerrainPiece>* out);
    void readSolid(const QJsonObject& o, const QString& at, TerrainPiece* t);
    void readModel(const QJsonValue& v, const QString& at, std::vector<Model>* out);
    void readZone(const QJsonValue& v, const QString& at, std::vector<Zone>* out);
    void readQuery(const QJsonValue& v, const QString& at, std::vector<Query>* out);
    void readFog(const QJsonValue& v, Scenario* out);
    void readSenses(const QJsonValue& v, const QString& at, ModelSenses* out);
    void readLight(const QJsonValue& v, const QString& at, std::vector<TableLight>* out);
    // A number 0 or more, when the key is there.
    bool notNegative(const QJsonObject& o, const char* key, const QString& at, double* out) {
        if (!optionalNumber(o, key, at, out)) return false;
        if (*out < 0) {
            fail(join(at, key), QStringLiteral("must not be negative, found %1").arg(*out));
            return false;
        }
        return true;
    }
    // A whole number at least `least`, or nothing (with the problem said).
    std::optional<int> integer(const QJsonObject& o, const char* key, const QString& at, int least, bool required);
    // {"side": [sighting, ...], ...}: each sighting {"model": a model, "turn_seen": N}.
    void readSightings(const QJsonValue& v, const QString& at, std::map<std::string, std::vector<TableSighting>>* out);
    void checkReferences(const Scenario& s);

    QString file_;
};

std::optional<Scenario> Reader::read(const QByteArray& bytes) {
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
    if (error.error != QJsonParseError::NoError) {
        const QByteArray before = bytes.left(error.offset);
        const int line = before.count('\n') + 1;
        const int column = static_cast<int>(error.offset - before.lastIndexOf('\n'));
        fail({}, QStringLiteral("not valid JSON: %1 at line %2, column %3")
                     .arg(error.errorString())
                     .arg(line)
                     .arg(column));
        return std::nullopt;
    }
    if (!doc.isObject()) {
        fail({}, QStringLiteral("expected a JSON object at the top level"));
        return std::nullopt;
    }
    const QJsonObject root = doc.object();
    const QJsonValue format = root.value(QLatin1String("format"));
    if (format.isUndefined()) {
        fail(QStringLiteral("format"), QStringLiteral("missing: this is not a scenario file (expected \"sightline-scenario\")"));
        return std::nullopt;
    }
    if (format.toString() != QLatin1String("sightline-scenario")) {
        fail(QStringLiteral("format"), QStringLiteral("expected \"sightline-scenario\", found %1")
                                           .arg(format.isString() ? QLatin1Char('"') + format.toString() + QLatin1Char('"')
                                                                  : typeName(format)));
        return std::nullopt;
    }
    double version = 0;
    if (!requiredNumber(root, "version", {}, &version)) return std::nullopt;
    if (version != std::floor(version) || version < 1) {
        fail(QStringLiteral("version"), QStringLiteral("expected a whole number from 1, found %1").arg(version));
        return std::nullopt;
    }
    if (version > kFormatVersion) {
        fail(QStringLiteral("version"), QStringLiteral("version %1 is newer than this program reads (%2): "
                                                       "update Sightline to open this file")
                                            .arg(version)
                                            .arg(kFormatVersion));
        return std::nullopt;
    }

    Scenario s;
    string(root, "name", {}, &s.name, false);
    string(root, "description", {}, &s.description, false);
    if (!root.contains(QLatin1String("board"))) {
        fail(QStringLiteral("board"), QStringLiteral("missing (an object with width and height is required)"));
    } else {
        bool ok = false;
        const QJsonObject board = object(root.value(QLatin1String("board")), QStringLiteral("board"), &ok);
        if (ok) {
            positive(board, "width", QStringLiteral("board"), &s.board.width);
            positive(board, "height", QStringLiteral("board"), &s.board.height);
            s.board_extras = extrasOf(board, {"width", "height"});
        }
    }
    if (root.contains(QLatin1String("ruleset"))) readRuleset(root.value(QLatin1String("ruleset")), &s.ruleset);

    const QJsonArray terrain = array(root, "terrain");
    for (int i = 0; i < terrain.size(); ++i) readTerrain(terrain[i], index(QStringLiteral("terrain"), i), &s.terrain);
    const QJsonArray models = array(root, "models");
    for (int i = 0; i < models.size(); ++i) readModel(models[i], index(QStringLiteral("models"), i), &s.models);
    const QJsonArray zones = array(root, "zones");
    for (int i = 0; i < zones.size(); ++i) readZone(zones[i], index(QStringLiteral("zones"), i), &s.zones);
    const QJsonArray queries = array(root, "queries");
    for (int i = 0; i < queries.size(); ++i) readQuery(queries[i], index(QStringLiteral("queries"), i), &s.queries);
    if (root.contains(QLatin1String("fog_of_war"))) readFog(root.value(QLatin1String("fog_of_war")), &s);
    if (root.contains(QLatin1String("ambient_light"))) {
        string(root, "ambient_light", {}, &s.ambient_light, true);
        if (s.ambient_light != "bright" && s.ambient_light != "dim" && s.ambient_light != "dark")
            fail(QStringLiteral("ambient_light"), QStringLiteral("expected \"bright\", \"dim\" or \"dark\", found \"%1\"")
                                                      .arg(QString::fromStdString(s.ambient_light)));
    }
    const QJsonArray lights = array(root, "lights");
    for (int i = 0; i < lights.size(); ++i) readLight(lights[i], index(QStringLiteral("lights"), i), &s.lights);
    s.extras = extrasOf(root, {"format", "version", "name", "description", "board", "ruleset", "terrain",
                               "models", "zones", "queries", "fog_of_war", "ambient_light", "lights"});
    if (!problems.isEmpty()) return std::nullopt;
    checkReferences(s);
    if (!problems.isEmpty()) return std::nullopt;
    return s;
}

void Reader::readRuleset(const QJsonValue& v, Ruleset* out) {
    const QString path = QStringLiteral("ruleset");
    QJsonObject options;
    if (v.isString()) {
        out->name = v.toString().toStdString();
    } else if (v.isObject()) {
        out->written_as_object = true;
        const QJsonObject o = v.toObject();
        if (!string(o, "name", path, &out->name, true)) return;
        if (o.contains(QLatin1String("options"))) {
            bool ok = false;
            options = object(o.value(QLatin1String("options")), path + QStringLiteral(".options"), &ok);
            if (!ok) return;
        }
    } else {
        fail(path, QStringLiteral("expected a name or an object {\"name\", \"options\"}, found %1").arg(typeName(v)));
        return;
    }
    const bool is11e = out->name == "wh40k-11e";
    if (out->name != "true-los" && !is11e && out->name != "wh40k-10e") {
        fail(v.isObject() ? path + QStringLiteral(".name") : path,
             QStringLiteral("unknown ruleset \"%1\" (known: true-los, wh40k-11e, wh40k-10e)")
                 .arg(QString::fromStdString(out->name)));
        return;
    }
    const QString optPath = path + QStringLiteral(".options");
    if (is11e) out->sight_line_width_mm = 1;  // 06.01: the sight line is 1 mm wide
    if (optionalNumber(options, "sight_line_width_mm", optPath, &out->sight_line_width_mm) &&
        out->sight_line_width_mm < 0)
        fail(optPath + QStringLiteral(".sight_line_width_mm"), QStringLiteral("must not be negative"));
    QStringList known{QStringLiteral("sight_line_width_mm")};
    if (is11e) {
        known << QStringLiteral("solid_gap_height") << QStringLiteral("detection_range");
        if (optionalNumber(options, "solid_gap_height", optPath, &out->solid_gap_height) && out->solid_gap_height < 0)
            fail(optPath + QStringLiteral(".solid_gap_height"), QStringLiteral("must not be negative"));
        if (optionalNumber(options, "detection_range", optPath, &out->detection_range) && out->detection_range < 0)
            fail(optPath + QStringLiteral(".detection_range"), QStringLiteral("must not be negative"));
    }
    for (auto it = options.begin(); it != options.end(); ++it)
        if (!known.contains(it.key()))
            fail(optPath + QLatin1Char('.') + it.key(), QStringLiteral("unknown option of ruleset \"%1\" (it has: %2)")
                                                           .arg(QString::fromStdString(out->name), known.join(QStringLiteral(", "))));
}

void Reader::readTerrain(const QJsonValue& v, const QString& at, std::vector<TerrainPiece>* out) {
    bool ok = false;
    const QJsonObject o = object(v, at, &ok);
    if (!ok) return;
    TerrainPiece t;
    ok = string(o, "id", at, &t.id, true);
    string(o, "name", at, &t.name, false);
    std::string kind;
    if (string(o, "kind", at, &kind, true)) {
        if (kind == "feature") t.kind = TerrainKind::Feature;
        else if (kind == "area") t.kind = TerrainKind::Area;
        else {
            fail(join(at, "kind"), QStringLiteral("expected \"feature\" or \"area\", found \"%1\"")
                                       .arg(QString::fromStdString(kind)));
            ok = false;
        }
    } else {
        ok = false;
    }
    if (string(o, "category", at, &t.category, false) && !t.category.empty() && t.category != "exposed" &&
        t.category != "light" && t.category != "dense") {
        fail(join(at, "category"), QStringLiteral("expected \"exposed\", \"light\" or \"dense\", found \"%1\"")
                                       .arg(QString::fromStdString(t.category)));
    }
    if (t.kind == TerrainKind::Feature && ok) positive(o, "height", at, &t.height);
    else if (o.contains(QLatin1String("height")) && optionalNumber(o, "height", at, &t.height) && t.height < 0)
        fail(join(at, "height"), QStringLiteral("must not be negative"));
    const QString fp = join(at, "footprint");
    if (o.contains(QLatin1String("wall"))) {
        // A wall drawn as a line with a thickness: kept as its outline.
        const QString wp = join(at, "wall");
        bool isObject = false;
        const QJsonObject w = object(o.value(QLatin1String("wall")), wp, &isObject);
        if (o.contains(QLatin1String("footprint"))) {
            fail(wp, QStringLiteral("a piece has a footprint or a wall, not both"));
        } else if (isObject) {
            std::vector<Vec2> points;
            double thickness = 0;
            const QJsonValue pv = w.value(QLatin1String("points"));
            bool good = pv.isArray();
            if (!good) fail(join(wp, "points"), QStringLiteral("expected an array of points [x, y], found %1").arg(typeName(pv)));
            const QJsonArray pa = pv.toArray();
            for (int i = 0; good && i < pa.size(); ++i) {
                Vec2 q;
                good = point(pa[i], index(join(wp, "points"), i), &q);
                points.push_back(q);
            }
            if (good && requiredNumber(w, "thickness", wp, &thickness)) {
                std::string why;
                if (auto outline = thickLine(points, thickness, &why)) t.footprint.outer = std::move(*outline);
                else fail(wp, QString::fromStdString(why));
            }
        }
    } else if (!o.contains(QLatin1String("footprint"))) fail(fp, QStringLiteral("missing (an array of points, or a wall: points and a thickness)"));
    else if (ring(o.value(QLatin1String("footprint")), fp, &t.footprint.outer) && o.contains(QLatin1String("holes"))) {
        const QJsonValue hv = o.value(QLatin1String("holes"));
        if (!hv.isArray()) {
            fail(join(at, "holes"), QStringLiteral("expected an array of rings, found %1").arg(typeName(hv)));
        } else {
            const QJsonArray holes = hv.toArray();
            for (int i = 0; i < holes.size(); ++i) {
                const QString hp = index(join(at, "holes"), i);
                Ring hole;
                if (!ring(holes[i], hp, &hole)) continue;
                if (auto problem = holeProblem(t.footprint.outer, hole)) fail(hp, QString::fromStdString(*problem));
                else t.footprint.holes.push_back(std::move(hole));
            }
        }
    }
    string(o, "area", at, &t.area, false);
    strings(o, "tags", at, &t.tags);
    orientForInteriorLeft(t.footprint);
    readSolid(o, at, &t);
    t.extras = extrasOf(o, {"id", "name", "kind", "category", "height", "bottom", "footprint", "holes", "openings", "area", "tags", "wall"});
    out->push_back(std::move(t));
}

// A feature's bottom (a floor, a walkway: the solid runs from it to the height) and its
// openings (a window, a door: a polygon within the footprint, empty from `from` to `to`).
void Reader::readSolid(const QJsonObject& o, const QString& at, TerrainPiece* t) {
    const bool feature = t->kind == TerrainKind::Feature;
    if (o.contains(QLatin1String("bottom"))) {
        const QString bp = join(at, "bottom");
        if (!feature) fail(bp, QStringLiteral("only a feature has a bottom"));
        else if (optionalNumber(o, "bottom", at, &t->bottom)) {
            if (t->bottom < 0) fail(bp, QStringLiteral("must not be negative, found %1").arg(t->bottom));
            else if (t->height > 0 && t->bottom >= t->height)
                fail(bp, QStringLiteral("must be less than the height (%1), found %2").arg(t->height).arg(t->bottom));
        }
    }
    if (!o.contains(QLatin1String("openings"))) return;
    const QString op = join(at, "openings");
    if (!feature) {
        fail(op, QStringLiteral("only a feature has openings"));
        return;
    }
    const QJsonValue ov = o.value(QLatin1String("openings"));
    if (!ov.isArray()) {
        fail(op, QStringLiteral("expected an array of openings ({\"polygon\", \"from\", \"to\"}), found %1").arg(typeName(ov)));
        return;
    }
    const QJsonArray openings = ov.toArray();
    const double footprintArea = std::abs(signedArea(t->footprint.outer));
    for (int i = 0; i < openings.size(); ++i) {
        const QString here = index(op, i);
        bool isObject = false;
        const QJsonObject g = object(openings[i], here, &isObject);
        if (!isObject) continue;
        Opening opening;
        const QString pp = join(here, "polygon");
        bool good = true;
        if (!g.contains(QLatin1String("polygon"))) {
            fail(pp, QStringLiteral("missing (an array of points)"));
            good = false;
        } else {
            good = ring(g.value(QLatin1String("polygon")), pp, &opening.polygon);
        }
        good = requiredNumber(g, "from", here, &opening.from) && good;
        good = requiredNumber(g, "to", here, &opening.to) && good;
        if (!good) continue;
        if (opening.from >= opening.to) {
            fail(join(here, "from"), QStringLiteral("must be less than \"to\" (%1), found %2").arg(opening.to).arg(opening.from));
            continue;
        }
        if (opening.from < t->bottom) {
            fail(join(here, "from"), QStringLiteral("must not be below the feature's bottom (%1), found %2").arg(t->bottom).arg(opening.from));
            continue;
        }
        if (t->height > 0 && opening.to > t->height) {
            fail(join(here, "to"), QStringLiteral("must not be above the feature's height (%1), found %2").arg(t->height).arg(opening.to));
            continue;
        }
        Polygon shape{opening.polygon, {}};
        orientForInteriorLeft(shape);
        opening.polygon = shape.outer;
        // Within the footprint: the area they share is the opening's own (and it shares
        // none with a hole); apart from the other openings. (Measured over the opening's
        // convex parts: overlapArea clips by a convex window.)
        const double own = std::abs(signedArea(opening.polygon)), slack = 1e-9 * std::max({1.0, own, footprintArea});
        const std::vector<Ring> parts = convexParts(Polygon{opening.polygon, {}});
        auto shared = [&](const Polygon& with) {
            double a = 0;
            for (const Ring& part : parts) a += overlapArea(with, part);
            return a;
        };
        if (t->footprint.outer.size() >= 3 && shared(t->footprint) < own - slack) {
            fail(pp, QStringLiteral("must lie within the feature's footprint"));
            continue;
        }
        bool apart = true;
        for (size_t k = 0; k < t->openings.size() && apart; ++k)
            if (shared(Polygon{t->openings[k].polygon, {}}) > slack) {
                fail(pp, QStringLiteral("overlaps openings[%1]").arg(k));
                apart = false;
            }
        if (apart) t->openings.push_back(std::move(opening));
    }
}

void Reader::readModel(const QJsonValue& v, const QString& at, std::vector<Model>* out) {
    bool ok = false;
    const QJsonObject o = object(v, at, &ok);
    if (!ok) return;
    Model m;
    string(o, "id", at, &m.id, true);
    string(o, "name", at, &m.name, false);
    string(o, "side", at, &m.side, false);
    string(o, "unit", at, &m.unit, false);
    const QString bp = join(at, "base");
    if (!o.contains(QLatin1String("base"))) {
        fail(bp, QStringLiteral("missing (an object with shape and size is required)"));
    } else {
        const QJsonObject base = object(o.value(QLatin1String("base")), bp, &ok);
        std::string shape;
        if (ok && string(base, "shape", bp, &shape, true)) {
            if (shape == "circle") {
                m.base.shape = BaseShape::Circle;
                if (positive(base, "diameter_mm", bp, &m.base.length_mm)) m.base.width_mm = m.base.length_mm;
                m.base_extras = extrasOf(base, {"shape", "diameter_mm"});
            } else if (shape == "oval" || shape == "rect") {
                m.base.shape = shape == "oval" ? BaseShape::Oval : BaseShape::Rect;
                positive(base, "length_mm", bp, &m.base.length_mm);
                positive(base, "width_mm", bp, &m.base.width_mm);
                m.base_extras = extrasOf(base, {"shape", "length_mm", "width_mm"});
            } else {
                fail(bp + QStringLiteral(".shape"), QStringLiteral("unknown base shape \"%1\" (expected circle, oval or rect)")
                                                        .arg(QString::fromStdString(shape)));
            }
        }
    }
    const QString pp = join(at, "position");
    if (!o.contains(QLatin1String("position"))) fail(pp, QStringLiteral("missing (a point [x, y] is required)"));
    else point(o.value(QLatin1String("position")), pp, &m.position);
    optionalNumber(o, "rotation_deg", at, &m.rotation_deg);
    positive(o, "height", at, &m.height);
    if (optionalNumber(o, "elevation", at, &m.elevation) && m.elevation < 0)
        fail(join(at, "elevation"), QStringLiteral("must not be negative"));
    strings(o, "keywords", at, &m.keywords);
    if (o.contains(QLatin1String("shot_recently"))) {
        const QJsonValue shot = o.value(QLatin1String("shot_recently"));
        if (shot.isBool()) m.shot_recently = shot.toBool();
        else fail(join(at, "shot_recently"), QStringLiteral("expected true or false, found %1").arg(typeName(shot)));
    }
    if (o.contains(QLatin1String("senses"))) readSenses(o.value(QLatin1String("senses")), join(at, "senses"), &m.senses);
    if (m.unit.empty()) m.unit = m.id;
    m.extras = extrasOf(o, {"id", "name", "side", "unit", "base", "position", "rotation_deg", "height", "elevation",
                            "keywords", "shot_recently", "senses"});
    out->push_back(std::move(m));
}

std::optional<int> Reader::integer(const QJsonObject& o, const char* key, const QString& at, int least, bool required) {
    const QString path = join(at, key);
    if (!o.contains(QLatin1String(key))) {
        if (required) fail(path, QStringLiteral("missing (a whole number is required)"));
        return std::nullopt;
    }
    double d = 0;
    if (!number(o.value(QLatin1String(key)), path, &d)) return std::nullopt;
    if (d != std::floor(d) || d < least || d > 1e6) {
        fail(path, QStringLiteral("expected a whole number from %1 to 1000000, found %2").arg(least).arg(d));
        return std::nullopt;
    }
    return static_cast<int>(d);
}

void Reader::readSightings(const QJsonValue& v, const QString& at, std::map<std::string, std::vector<TableSighting>>* out) {
    bool ok = false;
    const QJsonObject sides = object(v, at, &ok);
    if (!ok) return;
    for (auto it = sides.begin(); it != sides.end(); ++it) {
        const QString sideAt = at + QLatin1Char('.') + it.key();
        if (!it.value().isArray()) {
            fail(sideAt, QStringLiteral("expected an array of sightings, found %1").arg(typeName(it.value())));
            continue;
        }
        std::vector<TableSighting>& list = (*out)[it.key().toStdString()];
        const QJsonArray a = it.value().toArray();
        for (int i = 0; i < a.size(); ++i) {
            const QString here = index(sideAt, i);
            const QJsonObject o = object(a[i], here, &ok);
            if (!ok) continue;
            std::vector<Model> model;
            if (!o.contains(QLatin1String("model"))) fail(join(here, "model"), QStringLiteral("missing (the model as it was seen)"));
            else readModel(o.value(QLatin1String("model")), join(here, "model"), &model);
            const std::optional<int> turn = integer(o, "turn_seen", here, 1, true);
            if (model.size() == 1 && turn) list.push_back({model[0], *turn});
        }
    }
}

void Reader::readFog(const QJsonValue& v, Scenario* out) {
    const QString at = QStringLiteral("fog_of_war");
    bool ok = false;
    const QJsonObject o = object(v, at, &ok);
    if (!ok) return;
    TableFog fog;
    if (const auto turn = integer(o, "turn", at, 1, true)) fog.turn = *turn;
    if (const auto memory = integer(o, "memory_turns", at, -1, false)) fog.memoryTurns = *memory;
    if (o.contains(QLatin1String("sightings"))) {
        std::map<std::string, std::vector<TableSighting>> lists;
        readSightings(o.value(QLatin1String("sightings")), join(at, "sightings"), &lists);
        for (auto& [side, list] : lists)
            for (TableSighting& g : list) fog.sightings[side][g.model.id] = std::move(g);
    }
    if (o.contains(QLatin1String("history"))) {
        const QJsonValue h = o.value(QLatin1String("history"));
        if (!h.isArray()) fail(join(at, "history"), QStringLiteral("expected an array of turns, found %1").arg(typeName(h)));
        const QJsonArray turns = h.toArray();
        for (int i = 0; i < turns.size(); ++i) {
            const QString here = index(join(at, "history"), i);
            const QJsonObject t = object(turns[i], here, &ok);
            if (!ok) continue;
            TableTurn turn;
            if (const auto n = integer(t, "turn", here, 1, true)) turn.turn = *n;
            const QJsonValue models = t.value(QLatin1String("models"));
            if (!models.isArray()) fail(join(here, "models"), QStringLiteral("expected an array of models, found %1").arg(typeName(models)));
            const QJsonArray list = models.toArray();
            for (int k = 0; k < list.size(); ++k) readModel(list[k], index(join(here, "models"), k), &turn.models);
            if (t.contains(QLatin1String("seen"))) {
                const QJsonObject seen = object(t.value(QLatin1String("seen")), join(here, "seen"), &ok);
                for (auto it = seen.begin(); ok && it != seen.end(); ++it) {
                    std::vector<std::string>& ids = turn.seen[it.key().toStdString()];
                    const QJsonArray a = it.value().toArray();
                    if (!it.value().isArray()) fail(join(here, "seen") + QLatin1Char('.') + it.key(), QStringLiteral("expected an array of model ids"));
                    for (const QJsonValue& id : a) {
                        if (!id.isString()) fail(join(here, "seen") + QLatin1Char('.') + it.key(), QStringLiteral("expected model ids (strings)"));
                        else ids.push_back(id.toString().toStdString());
                    }
                }
            }
            if (t.contains(QLatin1String("remembered")))
                readSightings(t.value(QLatin1String("remembered")), join(here, "remembered"), &turn.remembered);
            fog.history.push_back(std::move(turn));
        }
    }
    out->fog = std::move(fog);
}

void Reader::readZone(const QJsonValue& v, const QString& at, std::vector<Zone>* out) {
    bool ok = false;
    const QJsonObject o = object(v, at, &ok);
    if (!ok) return;
    Zone z;
    string(o, "id", at, &z.id, true);
    string(o, "kind", at, &z.kind, true);
    string(o, "side", at, &z.side, false);
    const bool hasPolygon = o.contains(QLatin1String("polygon"));
    const bool hasPosition = o.contains(QLatin1String("position"));
    if (hasPolygon) ring(o.value(QLatin1String("polygon")), join(at, "polygon"), &z.polygon);
    if (hasPosition) {
        Vec2 p;
        if (point(o.value(QLatin1String("position")), join(at, "position"), &p)) z.position = p;
        if (optionalNumber(o, "radius", at, &z.radius) && z.radius < 0)
            fail(join(at, "radius"), QStringLiteral("must not be negative"));
    }
    if (!hasPolygon && !hasPosition) fail(at, QStringLiteral("a zone needs a polygon or a position"));
    z.extras = extrasOf(o, {"id", "kind", "side", "polygon", "position", "radius"});
    out->push_back(std::move(z));
}

void Reader::readQuery(const QJsonValue& v, const QString& at, std::vector<Query>* out) {
    bool ok = false;
    const QJsonObject o = object(v, at, &ok);
    if (!ok) return;
    Query q;
    if (o.contains(QLatin1String("attacker_unit")) || o.contains(QLatin1String("target_unit"))) {
        // A unit query: two units in place of two models.
        string(o, "attacker_unit", at, &q.attacker_unit, true);
        string(o, "target_unit", at, &q.target_unit, true);
        for (const char* key : {"observer", "target"})
            if (o.contains(QLatin1String(key)))
                fail(join(at, key), QStringLiteral("a query names two models (observer, target) or two units "
                                                   "(attacker_unit, target_unit), not both"));
    } else {
        string(o, "observer", at, &q.observer, true);
        string(o, "target", at, &q.target, true);
    }
    string(o, "note", at, &q.note, false);
    if (o.contains(QLatin1String("expect"))) {
        const QString ep = join(at, "expect");
        const QJsonObject expect = object(o.value(QLatin1String("expect")), ep, &ok);
        for (auto it = expect.begin(); ok && it != expect.end(); ++it) {
            const QString path = ep + QLatin1Char('.') + it.key();
            Expectation e;
            e.key = it.key().toStdString();
            const QJsonValue val = it.value();
            if (val.isBool()) {
                e.type = Expectation::Type::Bool;
                e.boolean = val.toBool();
            } else if (val.isDouble()) {
                e.type = Expectation::Type::Number;
                if (!number(val, path, &e.min)) continue;
                e.max = e.min;
            } else if (val.isObject()) {
                e.type = Expectation::Type::Range;
                const QJsonObject r = val.toObject();
                e.min = -HUGE_VAL;
                e.max = HUGE_VAL;
                if (!r.contains(QLatin1String("min")) && !r.contains(QLatin1String("max"))) {
                    fail(path, QStringLiteral("a range needs \"min\", \"max\" or both"));
                    continue;
                }
                optionalNumber(r, "min", path, &e.min);
                optionalNumber(r, "max", path, &e.max);
                if (e.min > e.max) fail(path, QStringLiteral("min is greater than max"));
            } else if (val.isArray()) {
                e.type = Expectation::Type::Ids;
                const QJsonArray arr = val.toArray();
                for (int i = 0; i < arr.size(); ++i) {
                    if (!arr[i].isString()) fail(index(path, i), QStringLiteral("expected an id (a string)"));
                    else e.ids.push_back(arr[i].toString().toStdString());
                }
            } else {
                fail(path, QStringLiteral("expected a boolean, a number, {\"min\", \"max\"} or a list of ids, found %1")
                               .arg(typeName(val)));
                continue;
            }
            q.expect.push_back(std::move(e));
        }
    }
    q.extras = extrasOf(o, {"observer", "target", "attacker_unit", "target_unit", "expect", "note"});
    out->push_back(std::move(q));
}

void Reader::readSenses(const QJsonValue& v, const QString& at, ModelSenses* out) {
    bool ok = false;
    const QJsonObject o = object(v, at, &ok);
    if (!ok) return;
    notNegative(o, "darkvision", at, &out->darkvision);
    notNegative(o, "blindsight", at, &out->blindsight);
    notNegative(o, "tremorsense", at, &out->tremorsense);
    notNegative(o, "telepathy", at, &out->telepathy);
    for (const auto& [key, flag] : {std::pair{"flying", &out->flying}, {"mindless", &out->mindless}, {"invisible", &out->invisible}}) {
        if (!o.contains(QLatin1String(key))) continue;
        const QJsonValue b = o.value(QLatin1String(key));
        if (b.isBool()) *flag = b.toBool();
        else fail(join(at, key), QStringLiteral("expected true or false, found %1").arg(typeName(b)));
    }
    for (auto it = o.begin(); it != o.end(); ++it)
        if (!QStringList{QStringLiteral("darkvision"), QStringLiteral("blindsight"), QStringLiteral("tremorsense"), QStringLiteral("telepathy"),
                         QStringLiteral("flying"), QStringLiteral("mindless"), QStringLiteral("invisible")}
                 .contains(it.key()))
            fail(at + u'.' + it.key(), QStringLiteral("unknown sense (known: darkvision, blindsight, tremorsense, telepathy, "
                                                      "flying, mindless, invisible)"));
}

void Reader::readLight(const QJsonValue& v, const QString& at, std::vector<TableLight>* out) {
    bool ok = false;
    const QJsonObject o = object(v, at, &ok);
    if (!ok) return;
    TableLight l;
    string(o, "id", at, &l.id, true);
    string(o, "carried_by", at, &l.carried_by, false);
    if (o.contains(QLatin1String("position"))) point(o.value(QLatin1String("position")), join(at, "position"), &l.position);
    else if (l.carried_by.empty()) fail(join(at, "position"), QStringLiteral("missing (a light is placed at a point [x, y], or carried_by a model)"));
    notNegative(o, "height", at, &l.height);
    notNegative(o, "bright", at, &l.bright);
    if (!o.contains(QLatin1String("dim"))) l.dim = l.bright;
    else notNegative(o, "dim", at, &l.dim);
    if (l.dim < l.bright) fail(join(at, "dim"), QStringLiteral("must be at least the bright radius (%1)").arg(l.bright));
    if (l.dim <= 0) fail(join(at, "dim"), QStringLiteral("a light needs a bright or dim radius greater than 0"));
    out->push_back(std::move(l));
}

void Reader::checkReferences(const Scenario& s) {
    std::map<std::string, QString> seen;  // id -> where first defined
    auto define = [&](const std::string& id, const QString& path) {
        auto [it, fresh] = seen.emplace(id, path);
        if (!fresh)
            fail(path, QStringLiteral("duplicate id \"%1\" (already used at %2)").arg(QString::fromStdString(id), it->second));
    };
    for (size_t i = 0; i < s.terrain.size(); ++i)
        define(s.terrain[i].id, index(QStringLiteral("terrain"), static_cast<int>(i)) + QStringLiteral(".id"));
    for (size_t i = 0; i < s.models.size(); ++i)
        define(s.models[i].id, index(QStringLiteral("models"), static_cast<int>(i)) + QStringLiteral(".id"));
    std::set<std::string> zoneIds;
    for (size_t i = 0; i < s.zones.size(); ++i)
        if (!zoneIds.insert(s.zones[i].id).second)
            fail(index(QStringLiteral("zones"), static_cast<int>(i)) + QStringLiteral(".id"),
                 QStringLiteral("duplicate zone id \"%1\"").arg(QString::fromStdString(s.zones[i].id)));

    std::set<std::string> areas;
    for (const TerrainPiece& t : s.terrain)
        if (t.kind == TerrainKind::Area) areas.insert(t.id);
    for (size_t i = 0; i < s.terrain.size(); ++i) {
        const TerrainPiece& t = s.terrain[i];
        if (!t.area.empty() && !areas.count(t.area))
            fail(index(QStringLiteral("terrain"), static_cast<int>(i)) + QStringLiteral(".area"),
                 QStringLiteral("no area piece has the id \"%1\"").arg(QString::fromStdString(t.area)));
    }
    std::vector<std::string> modelIds;
    for (const Model& m : s.models) modelIds.push_back(m.id);
    for (size_t i = 0; i < s.lights.size(); ++i) {
        const QString at = index(QStringLiteral("lights"), static_cast<int>(i));
        define(s.lights[i].id, at + QStringLiteral(".id"));
        if (!s.lights[i].carried_by.empty() &&
            std::find(modelIds.begin(), modelIds.end(), s.lights[i].carried_by) == modelIds.end())
            fail(at + QStringLiteral(".carried_by"), QStringLiteral("no model has the id \"%1\"").arg(QString::fromStdString(s.lights[i].carried_by)));
    }
    std::vector<std::string> units;
    for (const Model& m : s.models)
        if (std::find(units.begin(), units.end(), m.unit) == units.end()) units.push_back(m.unit);
    for (size_t i = 0; i < s.queries.size(); ++i) {
        const QString at = index(QStringLiteral("queries"), static_cast<int>(i));
        if (s.queries[i].isUnit()) {
            for (const auto& [key, unit] :
                 {std::pair{"attacker_unit", s.queries[i].attacker_unit}, std::pair{"target_unit", s.queries[i].target_unit}})
                if (std::find(units.begin(), units.end(), unit) == units.end())
                    fail(join(at, key), QStringLiteral("no model is in the unit \"%1\" (units: %2)")
                                            .arg(QString::fromStdString(unit), idList(units)));
            if (s.queries[i].attacker_unit == s.queries[i].target_unit)
                fail(at, QStringLiteral("the attacking unit and the target unit are the same unit"));
            continue;
        }
        for (const auto& [key, id] : {std::pair{"observer", s.queries[i].observer}, std::pair{"target", s.queries[i].target}}) {
            if (!s.findModel(id))
                fail(join(at, key), QStringLiteral("no model has the id \"%1\" (models: %2)")
                                        .arg(QString::fromStdString(id), idList(modelIds)));
        }
        if (s.queries[i].observer == s.queries[i].target && s.findModel(s.queries[i].observer))
            fail(at, QStringLiteral("the observer and the target are the same model"));
    }
}

QJsonArray pointJson(Vec2 p) { return QJsonArray{p.x, p.y}; }

QJsonArray ringJson(const Ring& r) {
    QJsonArray a;
    for (const Vec2& p : r) a.append(pointJson(p));
    return a;
}

QJsonArray stringsJson(const std::vector<std::string>& v) {
    QJsonArray a;
    for (const auto& s : v) a.append(QString::fromStdString(s));
    return a;
}

QString str(const std::string& s) { return QString::fromStdString(s); }

// A model as the file writes it (in "models", and as remembered in "fog_of_war").
QJsonObject modelJson(const Model& m) {
    QJsonObject o = parseExtras(m.extras);
    o[QStringLiteral("id")] = str(m.id);
    if (!m.name.empty()) o[QStringLiteral("name")] = str(m.name);
    if (!m.side.empty()) o[QStringLiteral("side")] = str(m.side);
    if (m.unit != m.id) o[QStringLiteral("unit")] = str(m.unit);
    QJsonObject base = parseExtras(m.base_extras);
    if (m.base.shape == BaseShape::Circle) {
        base[QStringLiteral("shape")] = QStringLiteral("circle");
        base[QStringLiteral("diameter_mm")] = m.base.length_mm;
    } else {
        base[QStringLiteral("shape")] = m.base.shape == BaseShape::Oval ? QStringLiteral("oval") : QStringLiteral("rect");
        base[QStringLiteral("length_mm")] = m.base.length_mm;
        base[QStringLiteral("width_mm")] = m.base.width_mm;
    }
    o[QStringLiteral("base")] = base;
    o[QStringLiteral("position")] = pointJson(m.position);
    if (m.rotation_deg != 0) o[QStringLiteral("rotation_deg")] = m.rotation_deg;
    o[QStringLiteral("height")] = m.height;
    if (m.elevation != 0) o[QStringLiteral("elevation")] = m.elevation;
    if (!m.keywords.empty()) o[QStringLiteral("keywords")] = stringsJson(m.keywords);
    if (m.shot_recently) o[QStringLiteral("shot_recently")] = true;
    if (m.senses.any()) {  // (only when it has some: files without senses stay as they were)
        QJsonObject senses;
        for (const auto& [key, range] : {std::pair{"darkvision", m.senses.darkvision}, {"blindsight", m.senses.blindsight},
                                          {"tremorsense", m.senses.tremorsense}, {"telepathy", m.senses.telepathy}})
            if (range > 0) senses[QLatin1String(key)] = range;
        for (const auto& [key, flag] : {std::pair{"flying", m.senses.flying}, {"mindless", m.senses.mindless}, {"invisible", m.senses.invisible}})
            if (flag) senses[QLatin1String(key)] = true;
        o[QStringLiteral("senses")] = senses;
    }
    return o;
}

QJsonArray sightingsJson(const std::vector<TableSighting>& list) {
    QJsonArray out;
    for (const TableSighting& g : list) out.append(QJsonObject{{QStringLiteral("model"), modelJson(g.model)}, {QStringLiteral("turn_seen"), g.turnSeen}});
    return out;
}

QJsonObject fogJson(const TableFog& fog) {
    QJsonObject o;
    o[QStringLiteral("turn")] = fog.turn;
    o[QStringLiteral("memory_turns")] = fog.memoryTurns;
    QJsonObject sightings;
    for (const auto& [side, byId] : fog.sightings) {
        std::vector<TableSighting> list;
        for (const auto& [id, g] : byId) list.push_back(g);
        sightings[QString::fromStdString(side)] = sightingsJson(list);
    }
    o[QStringLiteral("sightings")] = sightings;
    QJsonArray history;
    for (const TableTurn& t : fog.history) {
        QJsonObject turn;
        turn[QStringLiteral("turn")] = t.turn;
        QJsonArray models;
        for (const Model& m : t.models) models.append(modelJson(m));
        turn[QStringLiteral("models")] = models;
        QJsonObject seen, remembered;
        for (const auto& [side, ids] : t.seen) seen[QString::fromStdString(side)] = stringsJson(ids);
        for (const auto& [side, list] : t.remembered) remembered[QString::fromStdString(side)] = sightingsJson(list);
        turn[QStringLiteral("seen")] = seen;
        turn[QStringLiteral("remembered")] = remembered;
        history.append(turn);
    }
    o[QStringLiteral("history")] = history;
    return o;
}


}  // namespace

QString Problem::toString() const {
    return path.isEmpty() ? QStringLiteral("%1: %2").arg(file, message)
                          : QStringLiteral("%1: %2: %3").arg(file, path, message);
}

ReadResult readScenario(QIODevice& device, const QString& fileName) {
    Reader reader(fileName);
    ReadResult result;
    result.scenario = reader.read(device.readAll());
    result.problems = reader.problems;
    return result;
}

ReadResult readScenarioFile(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        ReadResult r;
        r.problems.push_back({path, {}, QStringLiteral("cannot open: %1").arg(file.errorString())});
        return r;
    }
    return readScenario(file, path);
}

QByteArray writeScenario(const Scenario& s) {
    QJsonObject root = parseExtras(s.extras);
    root[QStringLiteral("format")] = QStringLiteral("sightline-scenario");
    root[QStringLiteral("version")] = kFormatVersion;
    if (!s.name.empty()) root[QStringLiteral("name")] = str(s.name);
    if (!s.description.empty()) root[QStringLiteral("description")] = str(s.description);
    QJsonObject board = parseExtras(s.board_extras);
    board[QStringLiteral("width")] = s.board.width;
    board[QStringLiteral("height")] = s.board.height;
    root[QStringLiteral("board")] = board;
    {
        // Options are written when they differ from the ruleset's defaults.
        QJsonObject options = parseExtras(s.ruleset.options_extras);
        const double width = s.ruleset.name == "wh40k-11e" ? 1 : 0;
        if (s.ruleset.sight_line_width_mm != width) options[QStringLiteral("sight_line_width_mm")] = s.ruleset.sight_line_width_mm;
        if (s.ruleset.solid_gap_height != Ruleset{}.solid_gap_height)
            options[QStringLiteral("solid_gap_height")] = s.ruleset.solid_gap_height;
        if (s.ruleset.detection_range != Ruleset{}.detection_range)
            options[QStringLiteral("detection_range")] = s.ruleset.detection_range;
        if (s.ruleset.written_as_object || !options.isEmpty()) {
            QJsonObject rs{{QStringLiteral("name"), str(s.ruleset.name)}};
            if (!options.isEmpty()) rs[QStringLiteral("options")] = options;
            root[QStringLiteral("ruleset")] = rs;
        } else {
            root[QStringLiteral("ruleset")] = str(s.ruleset.name);
        }
    }
    QJsonArray terrain;
    for (const TerrainPiece& t : s.terrain) {
        QJsonObject o = parseExtras(t.extras);
        o[QStringLiteral("id")] = str(t.id);
        if (!t.name.empty()) o[QStringLiteral("name")] = str(t.name);
        o[QStringLiteral("kind")] = t.kind == TerrainKind::Feature ? QStringLiteral("feature") : QStringLiteral("area");
        if (!t.category.empty()) o[QStringLiteral("category")] = str(t.category);
        if (t.kind == TerrainKind::Feature || t.height > 0) o[QStringLiteral("height")] = t.height;
        if (t.bottom != 0) o[QStringLiteral("bottom")] = t.bottom;  // (a negative one too: read back, it is refused)
        o[QStringLiteral("footprint")] = ringJson(t.footprint.outer);
        if (!t.footprint.holes.empty()) {
            QJsonArray holes;
            for (const Ring& h : t.footprint.holes) holes.append(ringJson(h));
            o[QStringLiteral("holes")] = holes;
        }
        if (!t.openings.empty()) {
            QJsonArray openings;
            for (const Opening& g : t.openings)
                openings.append(QJsonObject{{QStringLiteral("polygon"), ringJson(g.polygon)},
                                            {QStringLiteral("from"), g.from},
                                            {QStringLiteral("to"), g.to}});
            o[QStringLiteral("openings")] = openings;
        }
        if (!t.area.empty()) o[QStringLiteral("area")] = str(t.area);
        if (!t.tags.empty()) o[QStringLiteral("tags")] = stringsJson(t.tags);
        terrain.append(o);
    }
    root[QStringLiteral("terrain")] = terrain;
    QJsonArray models;
    for (const Model& m : s.models) models.append(modelJson(m));
    root[QStringLiteral("models")] = models;
    if (!s.zones.empty()) {
        QJsonArray zones;
        for (const Zone& z : s.zones) {
            QJsonObject o = parseExtras(z.extras);
            o[QStringLiteral("id")] = str(z.id);
            o[QStringLiteral("kind")] = str(z.kind);
            if (!z.side.empty()) o[QStringLiteral("side")] = str(z.side);
            if (!z.polygon.empty()) o[QStringLiteral("polygon")] = ringJson(z.polygon);
            if (z.position) {
                o[QStringLiteral("position")] = pointJson(*z.position);
                o[QStringLiteral("radius")] = z.radius;
            }
            zones.append(o);
        }
        root[QStringLiteral("zones")] = zones;
    }
    if (!s.queries.empty()) {
        QJsonArray queries;
        for (const Query& q : s.queries) {
            QJsonObject o = parseExtras(q.extras);
            if (q.isUnit()) {
                o[QStringLiteral("attacker_unit")] = str(q.attacker_unit);
                o[QStringLiteral("target_unit")] = str(q.target_unit);
            } else {
                o[QStringLiteral("observer")] = str(q.observer);
                o[QStringLiteral("target")] = str(q.target);
            }
            if (!q.expect.empty()) {
                QJsonObject expect;
                for (const Expectation& e : q.expect) {
                    const QString key = str(e.key);
                    switch (e.type) {
                    case Expectation::Type::Bool: expect[key] = e.boolean; break;
                    case Expectation::Type::Number: expect[key] = e.min; break;
                    case Expectation::Type::Range: {
                        QJsonObject r;
                        if (std::isfinite(e.min)) r[QStringLiteral("min")] = e.min;
                        if (std::isfinite(e.max)) r[QStringLiteral("max")] = e.max;
                        expect[key] = r;
                        break;
                    }
                    case Expectation::Type::Ids: expect[key] = stringsJson(e.ids); break;
                    }
                }
                o[QStringLiteral("expect")] = expect;
            }
            if (!q.note.empty()) o[QStringLiteral("note")] = str(q.note);
            queries.append(o);
        }
        root[QStringLiteral("queries")] = queries;
    }
    if (s.fog) root[QStringLiteral("fog_of_war")] = fogJson(*s.fog);
    if (s.ambient_light != "bright") root[QStringLiteral("ambient_light")] = str(s.ambient_light);
    if (!s.lights.empty()) {
        QJsonArray lights;
        for (const TableLight& l : s.lights) {
            QJsonObject o{{QStringLiteral("id"), str(l.id)}};
            if (l.carried_by.empty()) {
                o[QStringLiteral("position")] = pointJson(l.position);
                o[QStringLiteral("height")] = l.height;
            } else {
                o[QStringLiteral("carried_by")] = str(l.carried_by);
            }
            o[QStringLiteral("bright")] = l.bright;
            o[QStringLiteral("dim")] = l.dim;
            lights.append(o);
        }
        root[QStringLiteral("lights")] = lights;
    }
    // Points on one line each ([x, y]), so that a footprint of many points stays readable
    // and small.
    static const QRegularExpression point(QStringLiteral("\\[\\s*(-?[0-9.eE+-]+),\\s*(-?[0-9.eE+-]+)\\s*\\]"));
    return QString::fromUtf8(QJsonDocument(root).toJson(QJsonDocument::Indented))
        .replace(point, QStringLiteral("[\\1, \\2]"))
        .toUtf8();
}

QString saveProblem(const QFileDevice& file, int systemError) {
    const QString qt = file.errorString();
    if (!qt.isEmpty() && qt != QLatin1String("Unknown error")) return qt;
    if (systemError == ENOSPC || systemError == EFBIG || systemError == EDQUOT)
        return QStringLiteral("no room left to write it (%1); the file is as it was").arg(QString::fromLocal8Bit(std::strerror(systemError)));
    if (systemError != 0) return QString::fromLocal8Bit(std::strerror(systemError));
    return qt.isEmpty() ? QStringLiteral("the system gave no reason") : qt;
}

bool saveBytes(const QByteArray& bytes, const QString& path, QString* error) {
    QSaveFile file(path);
    errno = 0;
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        const int systemError = errno;
        if (error) *error = QStringLiteral("%1: cannot write: %2").arg(path, saveProblem(file, systemError));
        return false;
    }
    return true;
}

bool saveScenarioFile(const Scenario& scenario, const QString& path, QString* error) {
    return saveBytes(writeScenario(scenario), path, error);
}

}  // namespace sl::io
