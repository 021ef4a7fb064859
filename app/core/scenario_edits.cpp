// The table edits as plain functions on a scenario: new ids, models and terrain presets,
// moves, turns, duplicates and deletions, and the check of the result.
#include "scenario_edits.h"
#include <optional>
#include <QStringList>
#include <QRegularExpression>

#include "analysis/vision_map.h"
#include "kernel/base.h"
#include "kernel/polygon.h"
#include "los/scene.h"
#include "rules/table_fog.h"

#include <QBuffer>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <numbers>
#include <map>
#include <set>

namespace sl::edits {
namespace {

bool idTaken(const Scenario& s, const std::string& id) {
    for (const Model& m : s.models)
        if (m.id == id) return true;
    for (const TerrainPiece& t : s.terrain)
        if (t.id == id) return true;
    for (const Zone& z : s.zones)
        if (z.id == id) return true;
    for (const TableLight& l : s.lights)
        if (l.id == id) return true;
    return false;
}

Ring rect(double w, double h) { return {{-w / 2, -h / 2}, {w / 2, -h / 2}, {w / 2, h / 2}, {-w / 2, h / 2}}; }

bool contains(const std::vector<int>& list, int i) { return std::find(list.begin(), list.end(), i) != list.end(); }

}  // namespace

std::vector<BaseChoice> basePalette() {
    std::vector<BaseChoice> out;
    for (double d : {25.0, 28.5, 32.0, 40.0, 50.0, 60.0, 80.0, 90.0, 100.0, 130.0, 160.0})
        out.push_back({QStringLiteral("%1 mm round").arg(d), {BaseShape::Circle, d, d}});
    const std::pair<double, double> ovals[] = {{60, 35.5}, {75, 42},  {90, 52.5}, {105, 70},
                                               {120, 92},  {150, 95}, {170, 109}};
    for (auto [l, w] : ovals) out.push_back({QStringLiteral("%1x%2 mm oval").arg(l).arg(w), {BaseShape::Oval, l, w}});
    for (auto [l, w] : {std::pair{50.0, 25.0}, std::pair{60.0, 35.0}, std::pair{100.0, 50.0}})
        out.push_back({QStringLiteral("%1x%2 mm rect").arg(l).arg(w), {BaseShape::Rect, l, w}});
    return out;
}

std::optional<Base> parseBase(const QString& text, QString* problem) {
    static const QRegularExpression re(
        QStringLiteral("^\\s*(\\d+(?:\\.\\d+)?)\\s*(?:x\\s*(\\d+(?:\\.\\d+)?))?\\s*(?:mm)?\\s*(round|circle|oval|rect|rectangle)?\\s*$"),
        QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch m = re.match(text);
    if (!m.hasMatch()) {
        *problem = QStringLiteral("expected a base such as 32, 60x35.5 (an oval) or 100x50 rect, in mm, found \"%1\"").arg(text.trimmed());
        return std::nullopt;
    }
    const double a = m.captured(1).toDouble(), b = m.captured(2).isEmpty() ? a : m.captured(2).toDouble();
    const QString kind = m.captured(3).toLower();
    Base base;
    base.length_mm = a;
    base.width_mm = b;
    if (kind.startsWith(QLatin1String("rect"))) base.shape = BaseShape::Rect;
    else if (m.captured(2).isEmpty() || kind == QLatin1String("round") || kind == QLatin1String("circle")) base.shape = BaseShape::Circle;
    else base.shape = BaseShape::Oval;
    if (base.shape == BaseShape::Circle && a != b) {
        *problem = QStringLiteral("a round base has one size, found \"%1\"").arg(text.trimmed());
        return std::nullopt;
    }
    if (a < 10 || b < 10 || a > 400 || b > 400) {
        *problem = QStringLiteral("base sizes from 10 to 400 mm, found \"%1\"").arg(text.trimmed());
        return std::nullopt;
    }
    return base;
}

std::optional<std::vector<analysis::Probe>> parseHidingBases(const QString& text, const analysis::Probe& model, QString* problem) {
    std::vector<analysis::Probe> probes;
    if (text.trimmed().compare(QLatin1String("all"), Qt::CaseInsensitive) == 0) {
        for (const BaseChoice& b : basePalette()) {
            analysis::Probe p = model;
            p.base = b.base;
            probes.push_back(p);
        }
    } else {
        for (const QString& item : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            if (item.trimmed().isEmpty()) continue;
            analysis::Probe p = model;
            const QString base = item.section(QLatin1Char('@'), 0, 0);
            // (A height as the program writes it, 3.5" or 3.5 in, is read too.)
            QString height = item.section(QLatin1Char('@'), 1).trimmed();
            if (height.endsWith(QLatin1Char('"'))) height.chop(1);
            else if (height.endsWith(QLatin1String("in"), Qt::CaseInsensitive)) height.chop(2);
            if (base.trimmed().compare(QLatin1String("all"), Qt::CaseInsensitive) == 0) {
                *problem = QStringLiteral("\"all\" stands alone (every base of the palette), found \"%1\"").arg(text.trimmed());
                return std::nullopt;
            }
            const std::optional<Base> b = parseBase(base, problem);
            if (!b) return std::nullopt;
            p.base = *b;
            if (item.contains(QLatin1Char('@'))) {
                bool ok = false;
                p.height = height.trimmed().toDouble(&ok);
                if (!ok || !(p.height >= 0.1) || !(p.height <= 30)) {
                    *problem = QStringLiteral("a height from 0.1 to 30 inches after @, found \"%1\"").arg(item.trimmed());
                    return std::nullopt;
                }
            }
            for (const analysis::Probe& q : probes)
                if (q.base.shape == p.base.shape && q.base.length_mm == p.base.length_mm && q.base.width_mm == p.base.width_mm &&
                    q.height == p.height) {
                    *problem = QStringLiteral("\"%1\" is given twice").arg(item.trimmed());
                    return std::nullopt;
                }
            probes.push_back(p);
        }
    }
    if (probes.empty()) {
        *problem = QStringLiteral("no base given");
        return std::nullopt;
    }
    // Smallest first (by area: an oval's is a quarter of pi times its two sizes), so that a
    // cell's colour is the largest base that hides there.
    auto area = [](const Base& b) { return b.length_mm * b.width_mm * (b.shape == BaseShape::Rect ? 1.0 : std::numbers::pi / 4); };
    std::stable_sort(probes.begin(), probes.end(), [&](const analysis::Probe& a, const analysis::Probe& b) { return area(a.base) < area(b.base); });
    return probes;
}

std::vector<Preset> terrainPresets() {
    // As the game rulesets read terrain (rulesets.md): a ruin is an area tagged `ruin`
    // (10th edition's ruins) holding its walls, dense features (11th: an obscuring area,
    // the walls solid); a container is a dense feature, a terrain area of its own; a
    // barricade an exposed feature tagged `barricade` (cover within 3" under 10th; light
    // would make it an obscuring area of unlimited height under 11th); woods an area
    // tagged `woods` with trees, light features, so that under 11th it obscures as woods do.
    std::vector<Preset> out;
    {
        TerrainPiece area;
        area.id = "ruin";
        area.name = "Ruin";
        area.kind = TerrainKind::Area;
        area.footprint.outer = rect(8, 8);
        area.tags = {"ruin"};
        // Two walls 1" thick along two sides of the footprint, meeting in its corner.
        TerrainPiece wall;
        wall.kind = TerrainKind::Feature;
        wall.category = "dense";
        wall.height = 5;
        wall.area = area.id;
        TerrainPiece north = wall, west = wall;
        north.id = "ruin-wall-1";
        north.name = "Ruin wall";
        north.footprint.outer = {{-4, -4}, {4, -4}, {4, -3}, {-4, -3}};
        west.id = "ruin-wall-2";
        west.name = "Ruin wall 2";
        west.footprint.outer = {{-4, -3}, {-3, -3}, {-3, 4}, {-4, 4}};
        out.push_back({QStringLiteral("Ruin (L)"), {area, north, west}});
    }
    {
        TerrainPiece t;
        t.id = "container";
        t.name = "Container";
        t.category = "dense";
        t.height = 3;
        t.footprint.outer = rect(6, 2.5);
        t.tags = {"container"};
        out.push_back({QStringLiteral("Container"), {t}});
    }
    {
        TerrainPiece t;
        t.id = "barricade";
        t.name = "Barricade";
        t.category = "exposed";
        t.height = 1;
        t.footprint.outer = rect(4, 0.5);
        t.tags = {"barricade"};
        out.push_back({QStringLiteral("Barricade"), {t}});
    }
    {
        TerrainPiece area;
        area.id = "woods";
        area.name = "Woods";
        area.kind = TerrainKind::Area;
        for (int i = 0; i < 8; ++i) {
            const double a = std::numbers::pi * (i / 4.0 + 1 / 8.0);
            area.footprint.outer.push_back({4 * std::cos(a), 3.2 * std::sin(a)});
        }
        area.tags = {"woods"};
        std::vector<TerrainPiece> pieces{area};
        // Three trees, 1.5" across and 4" tall, well inside the footprint.
        const Vec2 trees[] = {{-1.8, -0.9}, {1.6, -1.1}, {0.1, 1.4}};
        for (int k = 0; k < 3; ++k) {
            TerrainPiece tree;
            tree.id = "woods-tree-" + std::to_string(k + 1);
            tree.name = k == 0 ? "Woods tree" : "Woods tree " + std::to_string(k + 1);
            tree.category = "light";
            tree.height = 4;
            tree.area = area.id;
            tree.tags = {"tree"};
            for (int i = 0; i < 8; ++i) {
                const double a = std::numbers::pi * (i / 4.0 + 1 / 8.0);
                tree.footprint.outer.push_back({trees[k].x + 0.75 * std::cos(a), trees[k].y + 0.75 * std::sin(a)});
            }
            pieces.push_back(tree);
        }
        out.push_back({QStringLiteral("Woods (area)"), pieces});
    }
    return out;
}

QString sensesText(const ModelSenses& m) {
    QStringList words;
    for (const auto& [key, range] : {std::pair{"darkvision", m.darkvision}, {"blindsight", m.blindsight},
                                      {"tremorsense", m.tremorsense}, {"telepathy", m.telepathy}})
        if (range > 0) words << QStringLiteral("%1=%2").arg(QLatin1String(key)).arg(range);
    for (const auto& [key, flag] : {std::pair{"flying", m.flying}, {"mindless", m.mindless}, {"invisible", m.invisible}})
        if (flag) words << QLatin1String(key);
    return words.join(QLatin1Char(' '));
}

std::optional<ModelSenses> parseSenses(const QString& text, QString* why) {
    ModelSenses m;
    for (const QString& word : text.split(QRegularExpression(QStringLiteral("[\\s,]+")), Qt::SkipEmptyParts)) {
        const QString key = word.section(QLatin1Char('='), 0, 0).toLower();
        if (word.contains(QLatin1Char('='))) {
            bool ok = false;
            const double v = word.section(QLatin1Char('='), 1).toDouble(&ok);
            double* range = key == QLatin1String("darkvision")    ? &m.darkvision
                            : key == QLatin1String("blindsight")  ? &m.blindsight
                            : key == QLatin1String("tremorsense") ? &m.tremorsense
                            : key == QLatin1String("telepathy")   ? &m.telepathy
                                                                  : nullptr;
            if (range && ok && v >= 0 && std::isfinite(v)) {
                *range = v;
                continue;
            }
            if (range) {
                if (why) *why = QStringLiteral("\"%1\": %2 must be a number of inches, 0 or more").arg(word, key);
                return std::nullopt;
            }
        } else if (key == QLatin1String("flying") || key == QLatin1String("mindless") || key == QLatin1String("invisible")) {
            (key == QLatin1String("flying") ? m.flying : key == QLatin1String("mindless") ? m.mindless : m.invisible) = true;
            continue;
        }
        if (why)
            *why = QStringLiteral("\"%1\" is not a sense (darkvision=N, blindsight=N, tremorsense=N, telepathy=N, flying, mindless, invisible)")
                       .arg(word);
        return std::nullopt;
    }
    return m;
}

std::string uniqueId(const Scenario& s, const std::string& stem) {
    if (!idTaken(s, stem)) return stem;
    for (int n = 2;; ++n) {
        std::string id = stem + '-' + std::to_string(n);
        if (!idTaken(s, id)) return id;
    }
}

std::string numberedId(const Scenario& s, const std::string& stem) {
    for (int n = 1;; ++n) {
        std::string id = stem + '-' + std::to_string(n);
        if (!idTaken(s, id)) return id;
    }
}

std::string copyId(const Scenario& s, const std::string& id) {
    // The series the id belongs to: what comes before a final "-<number>".
    const size_t dash = id.find_last_of('-');
    const bool numbered = dash != std::string::npos && dash + 1 < id.size() && dash > 0 &&
                          std::all_of(id.begin() + static_cast<long>(dash) + 1, id.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (!numbered) return idTaken(s, id) ? uniqueId(s, id) : id;
    return numberedId(s, id.substr(0, dash));
}

namespace {

bool isFloor(const TerrainPiece& t) { return t.kind == TerrainKind::Feature && t.bottom > 0 && t.footprint.outer.size() >= 3; }

bool holds(const TerrainPiece& t, Vec2 at) { return locate(at, t.footprint) != Where::Outside; }

}  // namespace

int floorUnder(const Scenario& s, const Model& m) {
    for (int i = 0; i < static_cast<int>(s.terrain.size()); ++i)
        if (isFloor(s.terrain[i]) && s.terrain[i].height == m.elevation && holds(s.terrain[i], m.position)) return i;
    return -1;
}

double restingHeight(const Scenario& s, Vec2 at, double from) {
    double best = 0;
    for (const TerrainPiece& t : s.terrain)
        if (isFloor(t) && t.height <= from && t.height > best && holds(t, at)) best = t.height;
    return best;
}

std::vector<std::pair<int, double>> onFloors(const Scenario& s, const std::vector<int>& models) {
    std::vector<std::pair<int, double>> stood;
    for (int i : models)
        if (i >= 0 && i < static_cast<int>(s.models.size()) && floorUnder(s, s.models[static_cast<size_t>(i)]) >= 0)
            stood.emplace_back(i, s.models[static_cast<size_t>(i)].elevation);
    return stood;
}

namespace {
// Whether model i, which stood at `elevation`, has left every floor of that height (and was
// not raised or lowered meanwhile).
bool leftItsFloor(const Scenario& s, int i, double elevation) {
    if (i < 0 || i >= static_cast<int>(s.models.size())) return false;
    const Model& m = s.models[static_cast<size_t>(i)];
    return m.elevation == elevation && floorUnder(s, m) < 0;
}
}  // namespace

int comingDown(const Scenario& s, const std::vector<std::pair<int, double>>& stood) {
    return static_cast<int>(std::count_if(stood.begin(), stood.end(),
                                          [&](const auto& st) { return leftItsFloor(s, st.first, st.second); }));
}

int settleModels(Scenario& s, const std::vector<std::pair<int, double>>& stood) {
    int down = 0;
    for (const auto& [i, elevation] : stood) {
        if (!leftItsFloor(s, i, elevation)) continue;
        Model& m = s.models[static_cast<size_t>(i)];
        m.elevation = restingHeight(s, m.position, elevation);
        ++down;
    }
    return down;
}

Model newModel(const Scenario& s, const Base& base, Vec2 at, const std::string& side, const std::string& unit,
               double height) {
    Model m;
    // Numbered within its unit when it has one, else within its side.
    m.id = numberedId(s, !unit.empty() ? unit : side.empty() ? std::string("model") : side);
    m.side = side;
    m.unit = unit.empty() ? m.id : unit;
    m.base = base;
    m.position = at;
    m.height = height;
    m.elevation = restingHeight(s, at, HUGE_VAL);
    return m;
}

Opening newOpening(const TerrainPiece& feature, const Ring& gap) {
    if (feature.bottom > 0) return {gap, feature.bottom, feature.height};
    const double span = feature.height - feature.bottom;
    auto rounded = [](double v) { return std::round(v * 20) / 20; };
    return {gap, rounded(feature.bottom + 0.3 * span), rounded(feature.bottom + 0.7 * span)};
}

Vec2 footprintCentre(const Polygon& p) {
    if (p.outer.empty()) return {};
    auto [minX, maxX] = std::minmax_element(p.outer.begin(), p.outer.end(), [](Vec2 a, Vec2 b) { return a.x < b.x; });
    auto [minY, maxY] = std::minmax_element(p.outer.begin(), p.outer.end(), [](Vec2 a, Vec2 b) { return a.y < b.y; });
    return {(minX->x + maxX->x) / 2, (minY->y + maxY->y) / 2};
}

void translate(Polygon& p, Vec2 by) {
    for (Vec2& v : p.outer) v = v + by;
    for (Ring& h : p.holes)
        for (Vec2& v : h) v = v + by;
}

void rotate(Polygon& p, Vec2 about, double degrees) {
    const double a = degrees * std::numbers::pi / 180;
    const double c = std::cos(a), s = std::sin(a);
    auto turn = [&](Vec2& v) {
        const Vec2 d = v - about;
        v = {about.x + d.x * c - d.y * s, about.y + d.x * s + d.y * c};
    };
    for (Vec2& v : p.outer) turn(v);
    for (Ring& h : p.holes)
        for (Vec2& v : h) turn(v);
}

Vec2 snapped(Vec2 p, double step) {
    if (step <= 0) return p;
    return {std::round(p.x / step) * step, std::round(p.y / step) * step};
}

std::string deploymentSideAt(const Scenario& s, Vec2 at) {
    for (const Zone& z : s.zones)
        if (z.kind == "deployment" && !z.side.empty() && z.polygon.size() >= 3 && locate(at, z.polygon) != Where::Outside)
            return z.side;
    return {};
}

std::vector<Model> unitBlock(const Scenario& s, const Base& base, int count, Vec2 at, const std::string& side,
                             const std::string& stem, const std::string& name, double height,
                             const std::vector<std::string>& keywords, bool* moved) {
    std::vector<Model> out;
    if (moved) *moved = false;
    if (count <= 0) return out;
    const double pitch = std::max(base.length_mm, base.width_mm) / kMmPerInch + 0.25;
    const int perRow = std::min(count, 5);
    const int rows = (count + perRow - 1) / perRow;
    const double w = (perRow - 1) * pitch, h = (rows - 1) * pitch;
    const double r = std::max(base.length_mm, base.width_mm) / kMmPerInch / 2;
    // Keep the whole block on the table where it fits.
    auto onTable = [&](Vec2 at) {
        return Vec2{std::clamp(at.x, std::min(w / 2 + r, s.board.width / 2), std::max(s.board.width - w / 2 - r, s.board.width / 2)),
                    std::clamp(at.y, std::min(h / 2 + r, s.board.height / 2), std::max(s.board.height - h / 2 - r, s.board.height / 2))};
    };
    Vec2 c = onTable(at);
    // (Where the block about `centre` overlaps nothing: no feature, no model of the table's,
    // a hair of room kept; touching is fine elsewhere, not for a block just put down.)
    const analysis::FeatureOverlap onFeatures(s);
    auto clearAt = [&](Vec2 centre) {
        for (int i = 0; i < count; ++i) {
            Model m;
            m.base = base;
            m.height = height;
            m.position = {centre.x - w / 2 + (i % perRow) * pitch, centre.y - h / 2 + (i / perRow) * pitch};
            if (onFeatures(m)) return false;
            for (const Model& n : s.models)
                if (std::abs(n.position.x - m.position.x) < 10 && std::abs(n.position.y - m.position.y) < 10 && baseDistance(m, n) < 0.01)
                    return false;
        }
        return true;
    };
    // (The nearest clear place round it: rings a quarter inch apart out to 12", each tried
    // all round, nearest first; the block kept on the table.)
    if (!clearAt(c)) {
        bool found = false;
        for (int ring = 1; ring <= 48 && !found; ++ring) {
            const double d = 0.25 * ring;
            const int steps = 8 * ring;
            for (int k = 0; k < steps && !found; ++k) {
                const double a = 2 * std::numbers::pi * k / steps;
                const Vec2 tried = onTable(c + Vec2{std::cos(a), std::sin(a)} * d);
                if (clearAt(tried)) {
                    c = tried;
                    found = true;
                }
            }
        }
        if (moved) *moved = found;
    }
    Scenario scratch = s;  // ids must not clash with each other either
    // A unit of its own: not one already on the table, nor any id. A second squad of the
    // same kind is stem-b (its models stem-b-1, ...), then stem-c, ...
    std::string unit = stem;
    for (int n = 1;; ++n) {
        const bool used = idTaken(s, unit) || std::any_of(s.models.begin(), s.models.end(), [&](const Model& m) {
                              return m.unit == unit || m.id.rfind(unit + '-', 0) == 0;
                          });
        if (!used) break;
        unit = stem + '-' + (n < 26 ? std::string(1, static_cast<char>('a' + n)) : std::to_string(n + 1));
    }
    for (int i = 0; i < count; ++i) {
        Model m;
        m.id = numberedId(scratch, unit);
        // Each model a name of its own, numbered as its id ("Intercessor Squad 3", or
        // "Intercessor Squad B 3" in a second squad), so that labels tell them apart.
        std::string squad = unit.size() > stem.size() ? unit.substr(stem.size() + 1) : std::string();
        for (char& ch : squad) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
        m.name = name.empty() ? std::string() : name + (squad.empty() ? "" : " " + squad) + " " + m.id.substr(unit.size() + 1);
        m.side = side;
        m.unit = unit;
        m.base = base;
        m.height = height;
        m.keywords = keywords;
        m.position = {c.x - w / 2 + (i % perRow) * pitch, c.y - h / 2 + (i / perRow) * pitch};
        m.elevation = restingHeight(s, m.position, HUGE_VAL);
        scratch.models.push_back(m);
        out.push_back(m);
    }
    return out;
}

std::vector<TerrainPiece> placedPieces(const Scenario& s, const std::vector<TerrainPiece>& pieces, Vec2 at) {
    if (pieces.empty()) return {};
    std::vector<TerrainPiece> out = pieces;
    Polygon all;
    for (const TerrainPiece& t : pieces) all.outer.insert(all.outer.end(), t.footprint.outer.begin(), t.footprint.outer.end());
    const Vec2 by = at - footprintCentre(all);
    // The first piece takes the next id of its series ("ruin", "ruin-2"); the others, named
    // after it ("ruin-wall-1"), follow it ("ruin-2-wall-1"). Names follow the same way.
    const std::string& stem = pieces.front().id;
    Scenario scratch = s;
    const std::string first = uniqueId(scratch, stem);
    const std::string number = first == stem ? std::string() : first.substr(stem.size() + 1);
    const std::string& stemName = pieces.front().name;
    std::map<std::string, std::string> renamed;
    for (size_t i = 0; i < out.size(); ++i) {
        TerrainPiece& t = out[i];
        translate(t.footprint, by);
        const std::string id = t.id == stem ? first : t.id.rfind(stem + '-', 0) == 0 ? first + t.id.substr(stem.size()) : t.id;
        t.id = uniqueId(scratch, id);
        renamed[pieces[i].id] = t.id;
        if (!number.empty() && !stemName.empty() && t.name.rfind(stemName, 0) == 0)
            t.name = stemName + ' ' + number + t.name.substr(stemName.size());
        scratch.terrain.push_back(t);
    }
    for (TerrainPiece& t : out)
        if (renamed.count(t.area)) t.area = renamed[t.area];
    return out;
}

void moveSelection(Scenario& s, const Selection& sel, Vec2 by) {
    // An area carries the features standing in it (those naming it as their area), once
    // each even when they are selected too.
    std::vector<int> pieces = sel.terrain;
    for (int i : sel.terrain)
        if (s.terrain[i].kind == TerrainKind::Area)
            for (int f = 0; f < static_cast<int>(s.terrain.size()); ++f)
                if (s.terrain[f].kind == TerrainKind::Feature && s.terrain[f].area == s.terrain[i].id) pieces.push_back(f);
    std::sort(pieces.begin(), pieces.end());
    pieces.erase(std::unique(pieces.begin(), pieces.end()), pieces.end());
    // A floor carries the models standing on it.
    std::vector<int> models = sel.models;
    const bool floors = std::any_of(pieces.begin(), pieces.end(), [&](int i) { return isFloor(s.terrain[i]); });
    for (int i = 0; floors && i < static_cast<int>(s.models.size()); ++i)
        if (const int floor = floorUnder(s, s.models[i]); floor >= 0 && std::binary_search(pieces.begin(), pieces.end(), floor) &&
                                                           !contains(models, i))
            models.push_back(i);
    // One shift for all, limited so that every model's centre stays on the table.
    double lo = -1e300, hi = 1e300, loY = -1e300, hiY = 1e300;
    for (int i : models) {
        const Vec2 p = s.models[i].position;
        lo = std::max(lo, -p.x);
        hi = std::min(hi, s.board.width - p.x);
        loY = std::max(loY, -p.y);
        hiY = std::min(hiY, s.board.height - p.y);
    }
    if (!models.empty()) by = {std::clamp(by.x, std::min(lo, 0.0), std::max(hi, 0.0)),
                               std::clamp(by.y, std::min(loY, 0.0), std::max(hiY, 0.0))};
    for (int i : models) s.models[i].position = s.models[i].position + by;
    for (int i : pieces) translate(s.terrain[i].footprint, by);
    for (int i : sel.zones) {
        Zone& z = s.zones[i];
        for (Vec2& v : z.polygon) v = v + by;
        if (z.position) z.position = *z.position + by;
    }
}

Vec2 zoneCentre(const Zone& z) {
    if (z.position) return *z.position;
    Polygon p;
    p.outer = z.polygon;
    return footprintCentre(p);
}

std::vector<TableSize> tableSizes() {
    return {{QObject::tr("60\" x 44\" (Strike Force)"), 60, 44}, {QObject::tr("44\" x 30\" (Incursion)"), 44, 30}};
}

void rotateSelection(Scenario& s, const Selection& sel, double degrees) {
    for (int i : sel.models) {
        Model& m = s.models[i];
        if (m.base.shape == BaseShape::Circle) continue;
        m.rotation_deg = std::fmod(m.rotation_deg + degrees + 360.0, 360.0);
    }
    for (int i : sel.terrain) rotate(s.terrain[i].footprint, footprintCentre(s.terrain[i].footprint), degrees);
    for (int i : sel.zones) {
        Zone& z = s.zones[i];
        if (z.polygon.empty()) continue;
        Polygon p{z.polygon, {}};
        rotate(p, zoneCentre(z), degrees);
        z.polygon = p.outer;
    }
}

Selection duplicateSelection(Scenario& s, const Selection& sel, Vec2 by) {
    Selection out;
    std::map<std::string, std::string> units;  // old unit -> the copies' unit
    for (int i : sel.models) {
        Model m = s.models[i];
        const std::string oldId = m.id;
        m.id = copyId(s, m.id);
        if (m.unit == oldId) m.unit = m.id;
        else {
            auto [it, fresh] = units.try_emplace(m.unit);
            if (fresh) {
                std::string unit = m.unit;
                for (int n = 2;; ++n) {
                    unit = m.unit + '-' + std::to_string(n);
                    bool used = false;
                    for (const Model& other : s.models) used = used || other.unit == unit;
                    if (!used && !idTaken(s, unit)) break;
                }
                it->second = unit;
            }
            m.unit = it->second;
        }
        m.position = {std::clamp(m.position.x + by.x, 0.0, s.board.width), std::clamp(m.position.y + by.y, 0.0, s.board.height)};
        s.models.push_back(m);
        out.models.push_back(static_cast<int>(s.models.size()) - 1);
    }
    std::map<std::string, std::string> areas;  // old area id -> its copy's
    for (int i : sel.terrain) {
        TerrainPiece t = s.terrain[i];
        t.id = copyId(s, t.id);
        areas[s.terrain[i].id] = t.id;
        translate(t.footprint, by);
        s.terrain.push_back(t);
        out.terrain.push_back(static_cast<int>(s.terrain.size()) - 1);
    }
    // A copied feature belongs to the copy of its area when that was copied with it.
    for (int i : out.terrain)
        if (auto it = areas.find(s.terrain[i].area); it != areas.end()) s.terrain[i].area = it->second;
    for (int i : sel.zones) {
        Zone z = s.zones[i];
        z.id = copyId(s, z.id);
        for (Vec2& v : z.polygon) v = v + by;
        if (z.position) z.position = *z.position + by;
        s.zones.push_back(z);
        out.zones.push_back(static_cast<int>(s.zones.size()) - 1);
    }
    return out;
}

void deleteSelection(Scenario& s, const Selection& sel) {
    std::set<std::string> gone;
    for (int i : sel.models) gone.insert(s.models[i].id);
    std::set<std::string> goneAreas;
    for (int i : sel.terrain) goneAreas.insert(s.terrain[i].id);
    // Fog of war: a side that sees a model taken off forgets it; the others keep its ghost.
    forgetRemovedInSight(s, gone);
    // A light carried by a model that goes is left where it was carried, on the table.
    for (TableLight& l : s.lights)
        if (gone.count(l.carried_by))
            if (const Model* m = s.findModel(l.carried_by)) {
                l.position = m->position;
                l.height = m->top();
                l.carried_by.clear();
            }
    // The models left standing on a floor that goes (their elevations, by index among those left).
    std::vector<std::pair<int, double>> stood;
    std::vector<Model> models;
    for (int i = 0; i < static_cast<int>(s.models.size()); ++i) {
        if (contains(sel.models, i)) continue;
        if (const int floor = floorUnder(s, s.models[i]); floor >= 0 && contains(sel.terrain, floor))
            stood.emplace_back(static_cast<int>(models.size()), s.models[i].elevation);
        models.push_back(s.models[i]);
    }
    s.models = std::move(models);
    std::vector<TerrainPiece> terrain;
    for (int i = 0; i < static_cast<int>(s.terrain.size()); ++i)
        if (!contains(sel.terrain, i)) terrain.push_back(s.terrain[i]);
    for (TerrainPiece& t : terrain)
        if (goneAreas.count(t.area)) t.area.clear();
    s.terrain = std::move(terrain);
    // ... come down to the floor below or to the table.
    settleModels(s, stood);
    std::vector<Zone> zones;
    for (int i = 0; i < static_cast<int>(s.zones.size()); ++i)
        if (!contains(sel.zones, i)) zones.push_back(s.zones[i]);
    s.zones = std::move(zones);
    auto unitLeft = [&](const std::string& unit) {
        return std::any_of(s.models.begin(), s.models.end(), [&](const Model& m) { return m.unit == unit; });
    };
    std::erase_if(s.queries, [&](const Query& q) {
        if (q.isUnit()) return !unitLeft(q.attacker_unit) || !unitLeft(q.target_unit);
        return gone.count(q.observer) || gone.count(q.target);
    });
}

std::vector<Overlap> overlaps(const Scenario& s) {
    // Touching is fine (models in base contact, a model against a wall); an overlap of more
    // than kOverlapArea square inches is not (0.01 mm of rounding either way is far below).
    std::vector<Overlap> out;
    std::vector<Ring> outlines;
    std::vector<Bounds> boxes;
    for (const Model& m : s.models) {
        outlines.push_back(baseOutline(m));
        boxes.push_back(boundsOf(outlines.back()));
    }
    const analysis::FeatureOverlap onFeatures(s);
    auto apart = [](const Bounds& a, const Bounds& b) {
        return a.hi.x < b.lo.x || b.hi.x < a.lo.x || a.hi.y < b.lo.y || b.hi.y < a.lo.y;
    };
    for (size_t i = 0; i < s.models.size(); ++i) {
        const Model& m = s.models[i];
        Overlap o;
        o.model = static_cast<int>(i);
        for (int k : onFeatures.features(m)) o.with.push_back(s.terrain[k].id);
        for (size_t j = 0; j < s.models.size(); ++j) {
            if (j == i || apart(boxes[i], boxes[j]) || baseDistance(m, s.models[j]) > 0) continue;
            // Stacked models at different heights (one on a floor over the other) do not clash.
            const Model& n = s.models[j];
            if (m.elevation >= n.top() || n.elevation >= m.top()) continue;
            if (overlapArea(Polygon{outlines[j], {}}, outlines[i]) > analysis::kOverlapArea) o.with.push_back(n.id);
        }
        if (!o.with.empty()) out.push_back(std::move(o));
    }
    return out;
}

QList<io::Problem> problemsOf(const Scenario& s) {
    QByteArray bytes = io::writeScenario(s);
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::ReadOnly);
    return io::readScenario(buffer, QStringLiteral("the table")).problems;
}

}  // namespace sl::edits
