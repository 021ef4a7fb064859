// Converting 40kdc-data's official layouts to scenarios: areas, features placed in their
// area's frame, walls given thickness, heights, deployment zones and objectives.
#include "kdc_layouts.h"

#include "kdc_data.h"
#include "kernel/polygon.h"
#include "scenario_edits.h"

#include <QJsonArray>
#include <QRegularExpression>

#include <algorithm>
#include <functional>
#include <set>
#include <cmath>
#include <map>
#include <numbers>

namespace sl::kdc {
namespace {

// x' = a x + b y + e, y' = c x + d y + f
struct Affine {
    double a = 1, b = 0, c = 0, d = 1, e = 0, f = 0;
    Vec2 operator()(Vec2 p) const { return {a * p.x + b * p.y + e, c * p.x + d * p.y + f}; }
    Affine then(const Affine& o) const {  // o after this
        return {o.a * a + o.b * c, o.a * b + o.b * d, o.c * a + o.d * c, o.c * b + o.d * d, o.a * e + o.b * f + o.e,
                o.c * e + o.d * f + o.f};
    }
};

// A piece's mirror, as the scale it applies to x and y: "horizontal" (or true) x -> -x,
// "vertical" y -> -y, "none" (or nothing, or false) neither; none for any other value.
std::optional<Vec2> mirrorOf(const QJsonObject& piece) {
    const QJsonValue m = piece.value(QLatin1String("mirror"));
    if (m.toString() == QLatin1String("horizontal") || m.toBool(false)) return Vec2{-1, 1};
    if (m.toString() == QLatin1String("vertical")) return Vec2{1, -1};
    if (m.isUndefined() || m.isNull() || m == QJsonValue(false) || m.toString() == QLatin1String("none")) return Vec2{1, 1};
    return std::nullopt;
}

// Template point p -> board: centred on the centroid, mirrored, turned clockwise (y down),
// moved to the position.
Affine placement(Vec2 centroid, Vec2 position, double degrees, Vec2 mirror) {
    const double t = degrees * std::numbers::pi / 180, cs = std::cos(t), sn = std::sin(t);
    Affine A;
    A.a = cs * mirror.x;
    A.b = -sn * mirror.y;
    A.c = sn * mirror.x;
    A.d = cs * mirror.y;
    const Vec2 moved = A(centroid);
    A.e = position.x - moved.x;
    A.f = position.y - moved.y;
    return A;
}

Vec2 point(const QJsonValue& v) { return {v.toObject().value(QLatin1String("x")).toDouble(), v.toObject().value(QLatin1String("y")).toDouble()}; }

std::vector<Vec2> points(const QJsonArray& a) {
    std::vector<Vec2> out;
    for (const QJsonValue& v : a) out.push_back(point(v));
    return out;
}

// A footprint object: {"type":"polygon","points":[...]} or {"type":"rectangle","width","height"}.
std::optional<Ring> footprint(const QJsonObject& fp) {
    const QString type = fp.value(QLatin1String("type")).toString();
    if (type == QLatin1String("polygon")) {
        // Some outlines repeat points (the closing point, twice): drop the repeats.
        Ring r;
        for (const Vec2& p : points(fp.value(QLatin1String("points")).toArray()))
            if (r.empty() || !(r.back() == p)) r.push_back(p);
        while (r.size() >= 2 && r.front() == r.back()) r.pop_back();
        return r;
    }
    if (type == QLatin1String("rectangle")) {
        const double w = fp.value(QLatin1String("width")).toDouble(), h = fp.value(QLatin1String("height")).toDouble();
        return Ring{{0, 0}, {w, 0}, {w, h}, {0, h}};
    }
    return std::nullopt;
}

// Board coordinates are kept to 0.000001": far below any ruling, and files stay small.
double rounded(double v) { return std::round(v * 1e6) / 1e6; }

Ring transformed(const Ring& r, const Affine& A) {
    Ring out;
    for (const Vec2& p : r) {
        const Vec2 q = A(p);
        const Vec2 k{rounded(q.x), rounded(q.y)};
        if (out.empty() || !(out.back() == k)) out.push_back(k);
    }
    while (out.size() >= 2 && out.front() == out.back()) out.pop_back();
    return out;
}

double defaultHeight(const std::string& category) {
    if (category == "dense") return kDefaultHeightDense;
    if (category == "light") return kDefaultHeightLight;
    if (category == "exposed") return kDefaultHeightExposed;
    return kDefaultHeightOther;
}

std::string str(const QJsonValue& v) { return v.toString().toStdString(); }

// Names. The layouts name their pieces after their templates (every "SmallRect Generator"
// of a table alike, each of its features "Battlemaster Generator"), and a ruling's reasons
// name pieces by their labels (the name, else the id: "area-09-feature-1"), so
// the importer gives each piece a name a player can find on the table: a short noun from
// its template and the number of that noun's pieces so far, in the layout's order ("Ruin 3",
// "Barrier 2"); an area's features read with their area ("Ruin 3 building", "Ruin 3 wall 2").

// What the import made of each terrain piece, for naming it afterwards.
struct PieceNote {
    int piece = -1;           // the layout's piece it comes from (index in "pieces")
    int feature = -1;         // the feature of the area's template it is, else -1
    int wall = 0;             // its wall (1, 2...) when its feature was split into several
    QJsonObject tpl;          // the template its noun comes from
    QString ownName;          // the layout's name for the piece (layout pieces only)
    QString parentArea;       // a layout feature's parent_area_id
    int floorOf = -1;         // an upper floor: its feature's first piece (index in the terrain)
};

// A feature's noun, lower case, from its template's name and shape.
QString featureNoun(const QJsonObject& tpl) {
    const QString name = tpl.value(QLatin1String("name")).toString().toLower();
    static const std::pair<const char*, const char*> words[] = {
        {"tower", "tower"},       {"generator", "generator"}, {"pipe", "pipe"},         {"barricade", "barricade"},
        {"barrier", "barrier"},   {"catwalk", "catwalk"},     {"gantry", "gantry"},     {"container", "container"},
        {"ruin part", "ruin part"}, {"ruin", "ruin"},         {"wall", "wall"},         {"corner", "wall"},
        {"crater", "crater"},     {"woods", "woods"},         {"forest", "woods"},      {"hill", "hill"}};
    for (const auto& [word, noun] : words)
        if (name.contains(QLatin1String(word))) return QLatin1String(noun);
    if (QRegularExpression(QStringLiteral("\\bl\\b")).match(name).hasMatch()) return QStringLiteral("wall");  // "Small L"
    if (tpl.value(QLatin1String("has_roof")).toBool() || tpl.contains(QLatin1String("upper_floor"))) return QStringLiteral("building");
    return QStringLiteral("feature");
}

QString capitalised(QString s) {
    if (!s.isEmpty()) s[0] = s[0].toUpper();
    return s;
}

// An area's noun: a ruin when it holds a ruin's buildings or walls, else its tower, else
// its first feature's noun; an area without features by its template's name.
QString areaNoun(const QJsonObject& tpl, const std::map<QString, QJsonObject>& templates) {
    QStringList nouns;
    for (const QJsonValue& f : tpl.value(QLatin1String("features")).toArray()) {
        const auto t = templates.find(f.toObject().value(QLatin1String("template")).toString());
        if (t != templates.end()) nouns << featureNoun(t->second);
    }
    for (const char* ruin : {"building", "ruin", "ruin part", "wall"})
        if (nouns.contains(QLatin1String(ruin))) return QStringLiteral("Ruin");
    if (nouns.contains(QLatin1String("tower"))) return QStringLiteral("Tower");
    if (!nouns.isEmpty()) return capitalised(nouns.front());
    const QString noun = featureNoun(tpl);
    return noun == QLatin1String("feature") ? QStringLiteral("Area") : capitalised(noun);
}

// Gives every piece its name (see above). A layout's own name for a piece is kept when it
// is the piece's alone (no other piece of the layout has it) and not its template's name
// (the King of the Colosseum names its pieces by place: "Ruin (inner NE)").
void nameThePieces(Scenario& s, const std::vector<PieceNote>& notes, const std::map<QString, QJsonObject>& templates) {
    std::map<QString, int> ownNames;
    std::map<int, QString> seen;
    for (const PieceNote& n : notes)
        if (n.feature < 0 && n.wall <= 1 && !seen.count(n.piece)) seen[n.piece] = n.ownName.toLower();
    for (const auto& [piece, name] : seen) ++ownNames[name];
    auto keeps = [&](const PieceNote& n) {
        const QString own = n.ownName.trimmed();
        if (own.isEmpty() || ownNames[own.toLower()] > 1) return false;
        return !n.tpl.value(QLatin1String("name")).toString().toLower().endsWith(own.toLower());
    };

    std::map<QString, int> count;               // pieces of each noun so far
    std::map<int, QString> pieceName;           // a layout piece's name, by its index
    std::map<QString, QString> byLayoutId;      // and by its id, for features in an area
    std::map<int, QString> noun;                // an area's noun
    for (size_t i = 0; i < notes.size(); ++i) {
        const PieceNote& n = notes[i];
        if (n.feature >= 0 || !n.parentArea.isEmpty() || pieceName.count(n.piece)) continue;
        QString name;
        if (keeps(n)) {
            name = n.ownName.trimmed();
        } else {
            noun[n.piece] = s.terrain[i].kind == TerrainKind::Area ? areaNoun(n.tpl, templates) : capitalised(featureNoun(n.tpl));
            name = QStringLiteral("%1 %2").arg(noun[n.piece]).arg(++count[noun[n.piece]]);
        }
        pieceName[n.piece] = name;
        byLayoutId[QString::fromStdString(s.terrain[i].id)] = name;
    }
    // Features: "<area> <noun>", numbered from the second of a noun in the area; the one
    // feature whose noun is its area's takes the area's name, the area then "<name> area"
    // ("Tower 4" in "Tower 4 area", beside "Tower 4 barrier").
    std::map<std::pair<int, QString>, int> inArea;  // features of a noun in an area so far
    std::map<std::pair<int, QString>, int> total;   // and in all
    std::map<std::pair<int, int>, QString> featureName;
    std::map<QString, int> inLayoutArea;           // the layout's own features in an area
    for (const PieceNote& n : notes)
        if (n.feature >= 0 && n.wall <= 1 && n.floorOf < 0) ++total[{n.piece, featureNoun(n.tpl)}];
    for (size_t i = 0; i < notes.size(); ++i) {
        const PieceNote& n = notes[i];
        if ((n.feature < 0 && n.parentArea.isEmpty()) || n.floorOf >= 0) continue;
        QString name;
        if (n.feature >= 0) {
            const auto key = std::make_pair(n.piece, n.feature);
            if (!featureName.count(key)) {
                const QString fn = featureNoun(n.tpl), area = pieceName[n.piece];
                const int k = ++inArea[{n.piece, fn}];
                if (noun.count(n.piece) && fn == noun[n.piece].toLower() && total[{n.piece, fn}] == 1)
                    featureName[key] = area;
                else
                    featureName[key] = k == 1 ? QStringLiteral("%1 %2").arg(area, fn) : QStringLiteral("%1 %2 %3").arg(area, fn).arg(k);
            }
            name = featureName[key];
        } else if (keeps(n)) {
            name = n.ownName.trimmed();
        } else {
            const QString area = byLayoutId.count(n.parentArea) ? byLayoutId[n.parentArea] : QStringLiteral("Area");
            const QString fn = n.tpl.isEmpty() ? QStringLiteral("walls") : featureNoun(n.tpl);
            const int k = ++inLayoutArea[area + QLatin1Char('|') + fn];
            name = k == 1 ? QStringLiteral("%1 %2").arg(area, fn) : QStringLiteral("%1 %2 %3").arg(area, fn).arg(k);
        }
        if (n.wall > 0) name += QStringLiteral(" part %1").arg(n.wall);
        s.terrain[i].name = name.toStdString();
    }
    for (size_t i = 0; i < notes.size(); ++i) {
        const PieceNote& n = notes[i];
        if (n.feature >= 0 || !n.parentArea.isEmpty() || n.floorOf >= 0) continue;
        QString name = pieceName[n.piece];
        const bool lent = std::any_of(featureName.begin(), featureName.end(),
                                      [&](const auto& f) { return f.first.first == n.piece && f.second == name; });
        if (lent) name += QStringLiteral(" area");
        if (n.wall > 0) name += QStringLiteral(" part %1").arg(n.wall);
        s.terrain[i].name = name.toStdString();
    }
    // An upper floor: its feature's name ("Ruin 3 building floor"; a feature in parts, the
    // name they share).
    for (size_t i = 0; i < notes.size(); ++i) {
        if (notes[i].floorOf < 0) continue;
        std::string name = s.terrain[static_cast<size_t>(notes[i].floorOf)].name;
        if (notes[static_cast<size_t>(notes[i].floorOf)].wall > 0) name.erase(name.rfind(" part "));
        s.terrain[i].name = name + " floor";
    }
    // Whatever still meets another piece's name (a layout's own name that reads like a
    // made one) gets its id, so that no two pieces share a label.
    std::map<std::string, int> uses;
    for (const TerrainPiece& t : s.terrain) ++uses[t.name];
    for (TerrainPiece& t : s.terrain)
        if (uses[t.name] > 1) t.name += " (" + t.id + ")";
}

}  // namespace

Ring wallOutline(const std::vector<Vec2>& line, double thickness, std::optional<Vec2> inside) {
    std::vector<Vec2> pts;
    for (const Vec2& p : line)
        if (pts.empty() || !(pts.back() == p)) pts.push_back(p);
    const bool closed = pts.size() >= 4 && pts.front() == pts.back();
    if (closed) {
        pts.pop_back();
        return pts;  // the solid the loop encloses
    }
    const size_t n = pts.size();
    if (n < 2) return {};
    auto normal = [](Vec2 a, Vec2 b) {
        const double dx = b.x - a.x, dy = b.y - a.y, len = std::hypot(dx, dy);
        return len > 0 ? Vec2{-dy / len, dx / len} : Vec2{};
    };
    // The point at distance d from both segments a-b and b-c along their normals.
    auto miter = [&](Vec2 a, Vec2 b, Vec2 c, double d) {
        const Vec2 n1 = normal(a, b), n2 = normal(b, c);
        Vec2 m = n1 + n2;
        const double len = std::hypot(m.x, m.y);
        if (len < 1e-9) return b + n1 * d;
        m = m * (1 / len);
        const double cosHalf = m.x * n1.x + m.y * n1.y;
        return b + m * (d / std::max(cosHalf, 0.2));  // very sharp corners: a limited mitre
    };
    auto offset = [&](double d) {
        std::vector<Vec2> out;
        for (size_t i = 0; i < n; ++i) {
            if (i == 0) out.push_back(pts[0] + normal(pts[0], pts[1]) * d);
            else if (i == n - 1) out.push_back(pts[i] + normal(pts[n - 2], pts[n - 1]) * d);
            else out.push_back(miter(pts[i - 1], pts[i], pts[i + 1], d));
        }
        return out;
    };
    double a = thickness / 2, b = -thickness / 2;
    if (inside) {
        // The side of the normals the inside point is on, by the segments' majority.
        double votes = 0;
        for (size_t i = 0; i + 1 < n; ++i) {
            const Vec2 nn = normal(pts[i], pts[i + 1]);
            votes += ((inside->x - pts[i].x) * nn.x + (inside->y - pts[i].y) * nn.y) > 0 ? 1 : -1;
        }
        a = 0;
        b = votes >= 0 ? thickness : -thickness;
    }
    Ring out = offset(a);
    const std::vector<Vec2> other = offset(b);
    for (size_t i = other.size(); i-- > 0;) out.push_back(other[i]);
    return out;
}

QStringList layoutIds(const QJsonObject& dataset) {
    QStringList out;
    for (const QJsonValue& l : dataset.value(QLatin1String("terrainLayouts")).toArray())
        out << l.toObject().value(QLatin1String("id")).toString();
    return out;
}

namespace {

// What the dataset gives that a scenario file cannot hold, made so or left out, each said:
// pieces without an id or with one already used get one of their own; then whatever the
// scenario reader would still refuse (a height not above 0, a number out of range, an area
// that is not there, ...) is left out piece by piece (a board it refuses becomes 60 x 44).
// The layout written is always one the reader accepts.
void keepReadable(Scenario& s, const std::function<void(const QString&, const QString&)>& problem) {
    std::set<std::string> used;
    for (const Model& m : s.models) used.insert(m.id);
    for (size_t i = 0; i < s.terrain.size(); ++i) {
        TerrainPiece& t = s.terrain[i];
        if (!t.id.empty() && used.insert(t.id).second) continue;
        const std::string base = t.id.empty() ? "piece-" + std::to_string(i + 1) : t.id;
        std::string id = base;
        for (int n = 2; used.count(id); ++n) id = base + "-" + std::to_string(n);
        problem(QString::fromStdString(t.id.empty() ? base : t.id),
                QStringLiteral("%1; named %2").arg(t.id.empty() ? QStringLiteral("no id") : QStringLiteral("an id used twice"),
                                                  QString::fromStdString(id)));
        t.id = id;
        used.insert(id);
    }
    static const QRegularExpression element(QStringLiteral("^(terrain|zones|models)\\[(\\d+)\\]"));
    for (int round = 0; round < 10000; ++round) {
        const QList<io::Problem> problems = edits::problemsOf(s);
        if (problems.isEmpty()) return;
        const io::Problem& first = problems.front();
        const QRegularExpressionMatch m = element.match(first.path);
        if (m.hasMatch()) {
            const QString list = m.captured(1);
            const size_t index = m.captured(2).toULong();
            auto drop = [&](auto& items) {
                if (index >= items.size()) return false;
                problem(QString::fromStdString(items[index].id), QStringLiteral("%1: %2; left out").arg(first.path, first.message));
                items.erase(items.begin() + static_cast<std::ptrdiff_t>(index));
                return true;
            };
            if (list == QLatin1String("terrain") ? drop(s.terrain) : list == QLatin1String("zones") ? drop(s.zones) : drop(s.models))
                continue;
        }
        if (first.path.startsWith(QLatin1String("board"))) {
            problem(QStringLiteral("board"), QStringLiteral("%1: %2; the table is 60\" x 44\"").arg(first.path, first.message));
            s.board = Board{};
            continue;
        }
        // Nothing left to leave out: said, and the layout left as it is (the caller's own
        // check refuses it).
        problem(QStringLiteral("layout"), QStringLiteral("%1: %2").arg(first.path, first.message));
        return;
    }
}

}  // namespace

LayoutImport importLayout(const QJsonObject& dataset, const QString& layoutId) {
    LayoutImport result;
    QJsonObject layout;
    for (const QJsonValue& l : dataset.value(QLatin1String("terrainLayouts")).toArray())
        if (l.toObject().value(QLatin1String("id")).toString() == layoutId) layout = l.toObject();
    if (layout.isEmpty()) {
        result.problems << QStringLiteral("no layout \"%1\" in the dataset").arg(layoutId);
        return result;
    }
    std::map<QString, QJsonObject> templates;
    for (const QJsonValue& t : dataset.value(QLatin1String("terrainTemplates")).toArray())
        templates[t.toObject().value(QLatin1String("id")).toString()] = t.toObject();

    Scenario s;
    s.name = str(layout.value(QLatin1String("name")));
    s.description = (layout.value(QLatin1String("description")).toString() +
                     QStringLiteral(" Imported from 40kdc-data (layout %1). %2").arg(layoutId, QString::fromLatin1(kAttribution)))
                        .trimmed()
                        .toStdString();
    if (layout.contains(QLatin1String("board"))) {
        s.board.width = layout.value(QLatin1String("board")).toObject().value(QLatin1String("width")).toDouble(60);
        s.board.height = layout.value(QLatin1String("board")).toObject().value(QLatin1String("height")).toDouble(44);
    }
    s.ruleset.name = "wh40k-11e";
    s.ruleset.sight_line_width_mm = 1;

    auto problem = [&](const QString& id, const QString& why) { result.problems << QStringLiteral("%1: %2").arg(id, why); };
    // A piece's mirror; one this does not know is said, and taken as none.
    auto mirror = [&](const QJsonObject& piece, const QString& id) {
        if (const std::optional<Vec2> m = mirrorOf(piece)) return *m;
        problem(id, QStringLiteral("unknown mirror \"%1\" (horizontal, vertical or none); not mirrored")
                        .arg(piece.value(QLatin1String("mirror")).toVariant().toString()));
        return Vec2{1, 1};
    };
    std::vector<PieceNote> notes;  // one per terrain piece, for naming them at the end
    PieceNote current;             // what the piece being added is
    auto addPiece = [&](TerrainPiece t, const QString& id) {
        if (auto p = ringProblem(t.footprint.outer)) {
            problem(id, QStringLiteral("its footprint is not a simple polygon (%1); left out").arg(QString::fromStdString(*p)));
            return false;
        }
        s.terrain.push_back(std::move(t));
        notes.push_back(current);
        return true;
    };
    // A feature from its template, placed by `frame` (template -> board).
    auto addFeature = [&](const QJsonObject& tpl, const Affine& frame, const std::string& id, const std::string& area,
                          std::optional<double> height, const QString& name) {
        TerrainPiece f;
        f.id = id;
        f.name = name.toStdString();
        f.kind = TerrainKind::Feature;
        f.category = str(tpl.value(QLatin1String("terrain_category")));
        f.area = area;
        f.height = height.value_or(tpl.contains(QLatin1String("default_height_inches"))
                                       ? tpl.value(QLatin1String("default_height_inches")).toDouble()
                                       : defaultHeight(f.category));
        // Its upper floor, after it (see kdc_layouts.h).
        const int first = static_cast<int>(s.terrain.size());  // (the feature's first piece, once added)
        auto addFloor = [&] {
            const QJsonObject upper = tpl.value(QLatin1String("upper_floor")).toObject();
            const auto fp = footprint(upper.value(QLatin1String("footprint")).toObject());
            if (upper.isEmpty() || !fp || fp->size() < 3 || static_cast<int>(s.terrain.size()) <= first) return;
            TerrainPiece floor = f;
            floor.id = id + "-floor";
            floor.height = kStoreyHeight * std::max(1, upper.value(QLatin1String("floor")).toInt(1));
            floor.bottom = floor.height - kFloorThickness;
            floor.tags.push_back("floor");
            floor.footprint.outer = transformed(*fp, frame);
            PieceNote of = current;
            current.wall = 0;
            current.floorOf = first;
            addPiece(floor, QString::fromStdString(floor.id));
            current = of;
        };
        const QJsonArray walls = tpl.value(QLatin1String("walls")).toArray();
        if (walls.isEmpty()) {
            const auto fp = footprint(tpl.value(QLatin1String("footprint")).toObject());
            if (!fp) {
                problem(QString::fromStdString(id), QStringLiteral("its template has no footprint this can read; left out"));
                return;
            }
            f.footprint.outer = transformed(*fp, frame);
            addPiece(f, QString::fromStdString(id));
            addFloor();
            return;
        }
        for (int w = 0; w < walls.size(); ++w) {
            const QJsonObject wall = walls[w].toObject();
            TerrainPiece part = f;
            if (walls.size() > 1) part.id = id + "-wall-" + std::to_string(w + 1);
            current.wall = walls.size() > 1 ? w + 1 : 0;
            const auto fp = footprint(tpl.value(QLatin1String("footprint")).toObject());
            const Ring outline = wallOutline(points(wall.value(QLatin1String("points")).toArray()),
                                             wall.value(QLatin1String("thickness")).toDouble(0.5),
                                             fp && fp->size() >= 3 ? std::optional<Vec2>(areaCentroid(*fp)) : std::nullopt);
            part.footprint.outer = transformed(outline, frame);
            addPiece(part, QString::fromStdString(part.id));
        }
        addFloor();
    };

    const QJsonArray pieces = layout.value(QLatin1String("pieces")).toArray();
    // The frame of the area of this id (area-local -> board: from its centroid, turned and
    // mirrored with it), for the pieces that name it as their parent_area_id; none where the
    // layout has no such piece.
    auto areaFrameOf = [&](const QString& parent) -> std::optional<Affine> {
        for (const QJsonValue& v : pieces)
            if (const QJsonObject a = v.toObject(); a.value(QLatin1String("id")).toString() == parent)
                return placement({0, 0}, point(a.value(QLatin1String("position"))), a.value(QLatin1String("rotation_degrees")).toDouble(0),
                                 mirrorOf(a).value_or(Vec2{1, 1}));
        return std::nullopt;
    };
    for (int pieceIndex = 0; pieceIndex < pieces.size(); ++pieceIndex) {
        const QJsonObject piece = pieces[pieceIndex].toObject();
        const QString id = piece.value(QLatin1String("id")).toString();
        const QString type = piece.value(QLatin1String("piece_type")).toString();
        // (A piece marked as no terrain, an objective's own area: its objective is added
        // below; it is nothing on the table.)
        if (piece.value(QLatin1String("terrain")) == QJsonValue(false)) continue;
        const QJsonObject tpl = templates.count(piece.value(QLatin1String("template")).toString())
                                    ? templates[piece.value(QLatin1String("template")).toString()]
                                    : QJsonObject{};
        const QJsonObject fpObject = piece.contains(QLatin1String("footprint")) ? piece.value(QLatin1String("footprint")).toObject()
                                                                               : tpl.value(QLatin1String("footprint")).toObject();
        const auto fp = footprint(fpObject);
        if (!fp || fp->size() < 3) {
            problem(id, QStringLiteral("no footprint (template \"%1\")").arg(piece.value(QLatin1String("template")).toString()));
            continue;
        }
        Affine frame = placement(areaCentroid(*fp), point(piece.value(QLatin1String("position"))),
                                 piece.value(QLatin1String("rotation_degrees")).toDouble(0), mirror(piece, id));
        // A piece of an area (parent_area_id) is placed in the area's frame (its position
        // from the area's centroid, turned and mirrored with it), as the area's template's
        // features are.
        if (const QString parent = piece.value(QLatin1String("parent_area_id")).toString(); !parent.isEmpty()) {
            const std::optional<Affine> area = areaFrameOf(parent);
            if (!area) {
                problem(id, QStringLiteral("its area \"%1\" is not in the layout; left out").arg(parent));
                continue;
            }
            frame = frame.then(*area);
        }
        std::optional<double> height;
        if (piece.contains(QLatin1String("height_inches"))) height = piece.value(QLatin1String("height_inches")).toDouble();
        current = PieceNote{};
        current.piece = pieceIndex;
        current.tpl = tpl;
        current.ownName = piece.value(QLatin1String("name")).toString();
        if (type == QLatin1String("feature")) {
            QJsonObject t = tpl;
            t[QStringLiteral("footprint")] = fpObject;
            if (!t.contains(QLatin1String("terrain_category"))) t[QStringLiteral("terrain_category")] = QStringLiteral("dense");
            if (piece.contains(QLatin1String("footprint"))) t.remove(QStringLiteral("walls"));
            current.parentArea = piece.value(QLatin1String("parent_area_id")).toString();
            addFeature(t, frame, id.toStdString(), str(piece.value(QLatin1String("parent_area_id"))), height,
                       piece.value(QLatin1String("name")).toString());
            continue;
        }
        TerrainPiece area;
        area.id = id.toStdString();
        area.name = str(piece.value(QLatin1String("name")));
        area.kind = TerrainKind::Area;
        area.footprint.outer = transformed(*fp, frame);
        if (piece.value(QLatin1String("is_objective")).toBool()) area.tags.push_back("objective");
        if (!addPiece(area, id)) continue;
        // The area's features, in the area's frame: their positions are relative to the
        // area's centroid.
        const QJsonArray features = tpl.value(QLatin1String("features")).toArray();
        const Affine areaFrame = placement({0, 0}, point(piece.value(QLatin1String("position"))),
                                           piece.value(QLatin1String("rotation_degrees")).toDouble(0), mirrorOf(piece).value_or(Vec2{1, 1}));  // (said above where unknown)
        for (int featureIndex = 0; featureIndex < features.size(); ++featureIndex) {
            const QJsonObject feature = features[featureIndex].toObject();
            const QString fid = id + QLatin1Char('-') + feature.value(QLatin1String("id")).toString();
            const QString templateId = feature.value(QLatin1String("template")).toString();
            if (!templates.count(templateId)) {
                problem(fid, QStringLiteral("unknown template \"%1\"; left out").arg(templateId));
                continue;
            }
            const QJsonObject ftpl = templates[templateId];
            const auto ffp = footprint(ftpl.value(QLatin1String("footprint")).toObject());
            if (!ffp || ffp->size() < 3) {
                problem(fid, QStringLiteral("its template has no footprint; left out"));
                continue;
            }
            const Affine inArea = placement(areaCentroid(*ffp), point(feature.value(QLatin1String("position"))),
                                            feature.value(QLatin1String("rotation_degrees")).toDouble(0), mirror(feature, fid));
            current.feature = featureIndex;
            current.tpl = ftpl;
            current.wall = 0;
            addFeature(ftpl, inArea.then(areaFrame), fid.toStdString(), area.id, std::nullopt,
                       ftpl.value(QLatin1String("name")).toString());
        }
        // An area whose template is dense but has no features: its category stays on it.
        if (features.isEmpty() && tpl.contains(QLatin1String("terrain_category")))
            s.terrain.back().category = str(tpl.value(QLatin1String("terrain_category")));
    }

    nameThePieces(s, notes, templates);

    // Deployment zones, and the objectives: the layout's own where it gives them, else the
    // deployment pattern's.
    QJsonObject pattern;
    for (const QJsonValue& p : dataset.value(QLatin1String("deploymentPatterns")).toArray())
        if (p.toObject().value(QLatin1String("id")) == layout.value(QLatin1String("deployment_pattern_id"))) pattern = p.toObject();
    if (pattern.isEmpty() && layout.contains(QLatin1String("deployment_pattern_id")))
        problem(layoutId, QStringLiteral("unknown deployment pattern \"%1\"; no zones").arg(layout.value(QLatin1String("deployment_pattern_id")).toString()));
    for (const QJsonValue& zv : pattern.value(QLatin1String("zones")).toArray()) {
        const QJsonObject z = zv.toObject();
        const auto shape = footprint(z.value(QLatin1String("shape")).toObject());
        if (!shape) continue;
        Zone zone;
        zone.side = str(z.value(QLatin1String("player")));
        zone.id = "deployment-" + zone.side;
        // (two zones of one player: the second is deployment-SIDE-2, and so on)
        for (int n = 2; std::any_of(s.zones.begin(), s.zones.end(), [&](const Zone& o) { return o.id == zone.id; }); ++n)
            zone.id = "deployment-" + zone.side + "-" + std::to_string(n);
        zone.kind = "deployment";
        const Vec2 at = point(z.value(QLatin1String("position")));
        for (const Vec2& p : *shape) zone.polygon.push_back(p + at);
        if (auto why = ringProblem(zone.polygon)) {
            problem(QString::fromStdString(zone.id),
                    QStringLiteral("the zone is not a simple polygon (%1); left out").arg(QString::fromStdString(*why)));
            continue;
        }
        s.zones.push_back(zone);
    }
    int objective = 0;
    auto addObjective = [&](Vec2 at) {
        Zone z;
        z.id = "objective-" + std::to_string(++objective);
        z.kind = "objective";
        z.position = at;
        z.radius = 20 / kMmPerInch;  // a 40 mm marker
        s.zones.push_back(z);
    };
    // (At the objective's own position, else at its piece's: a piece is placed by its
    // centroid, the middle of an objective's own area; a piece of an area from the area's
    // centroid, in its frame.)
    for (const QJsonValue& pv : pieces)
        if (const QJsonObject piece = pv.toObject(); piece.contains(QLatin1String("objective"))) {
            const QJsonObject o = piece.value(QLatin1String("objective")).toObject();
            if (o.contains(QLatin1String("position"))) {
                addObjective(point(o.value(QLatin1String("position"))));
                continue;
            }
            Vec2 at = point(piece.value(QLatin1String("position")));
            if (const QString parent = piece.value(QLatin1String("parent_area_id")).toString(); !parent.isEmpty())
                if (const std::optional<Affine> area = areaFrameOf(parent)) at = (*area)(at);
            addObjective(at);
        }
    if (objective == 0)
        for (const QJsonValue& o : pattern.value(QLatin1String("objectives")).toArray()) addObjective(point(o));
    keepReadable(s, problem);
    result.scenario = std::move(s);
    return result;
}

}  // namespace sl::kdc
