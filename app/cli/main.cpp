// sightline-cli: answers a scenario's line-of-sight questions and checks its expectations.
// Exit status: 0 success, 1 a verify mismatch, 2 bad usage or bad input.

#include "board_renderer.h"
#include "evaluation.h"
#include "fog_state_io.h"
#include "grid/fog.h"
#include "grid/fog_script.h"
#include "grid/fov.h"
#include "grid/tilemap.h"
#include "grid/vision.h"
#include "kdc_data.h"
#include "kdc_layouts.h"
#include "los/pair.h"
#include "los/scene.h"
#include "rules/rulings.h"
#include "ruling_sheet.h"
#include "scenario_edits.h"
#include "scenario_io.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QGuiApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>
#include <QTextStream>

#include <memory>
#include <optional>

namespace {

constexpr int kOk = 0;
constexpr int kMismatch = 1;
constexpr int kBadInput = 2;

QTextStream& out() {
    static QTextStream s(stdout);
    return s;
}
QTextStream& err() {
    static QTextStream s(stderr);
    return s;
}

const char* kDescription =
    "Line of sight between based models on a tabletop, and on tile maps.\n"
    "\n"
    "Commands:\n"
    "  check FILE    answer the file's queries (with none, every pair of models on\n"
    "                different sides); --observer ID --target ID asks one pair\n"
    "  verify FILE.. check every query's \"expect\"; one line per mismatch, then\n"
    "                \"N passed, M failed\"\n"
    "  ruling FILE --attacker UNIT --target UNIT [--pdf SHEET.pdf]\n"
    "                every model of one unit against every model of another, under\n"
    "                the file's ruleset; --pdf writes the judge's ruling sheet\n"
    "  fov MAP --at X,Y [--radius R] [--shape euclid|chebyshev|manhattan]\n"
    "      [--light-walls] [--json]\n"
    "                field of view on a tile map (symmetric shadowcasting); several\n"
    "                --at are a walk: what was seen on the way shows as explored\n"
    "  sight MAP --from X,Y --to X,Y [--json]\n"
    "                one line between two tiles: sight (stopped by opaque, dark and\n"
    "                obscuring tiles) and fire (stopped only by solid ones)\n"
    "  fog MAP --script FILE [--state STATE.json] [--side NAME]\n"
    "                a fog-of-war game: each side's fog and memories per turn; with\n"
    "                --state the game continues from that file and is saved to it\n"
    "  catalog WORDS  search the base catalog (units and their bases, from 40kdc-data)\n"
    "  import-40kdc SOURCE (--layout ID | --all) --out DIR | --catalog FILE\n"
    "                the official layouts as scenario files, or the base catalog, from\n"
    "                40kdc-data (the npm package's .tgz, its unpacked folder, or a JSON\n"
    "                file of the dataset)\n"
    "  render FILE -o OUT.png|svg|pdf\n"
    "                draw the table; with --observer and --target the pair's sight\n"
    "                lines (green: the witness; red: blocked lines up to their first\n"
    "                blocker), with --observer alone every enemy green or red\n"
    "\n"
    "Methods: exact (the default: every sight line between the bases), sampled\n"
    "(centre, edge and boundary points of both bases), center (centre to centre).\n"
    "Exit status: 0 success, 1 a verify mismatch, 2 bad usage or bad input.";

QString fixed(double v, int decimals = 2) { return QString::number(v, 'f', decimals); }

std::optional<sl::Scenario> load(const QString& path) {
    sl::io::ReadResult r = sl::io::readScenarioFile(path);
    for (const sl::io::Problem& p : r.problems) err() << p.toString() << '\n';
    err().flush();
    return r.scenario;
}

QString textLine(const sl::PairResult& r) {
    QString line = QStringLiteral("%1 -> %2: ").arg(QString::fromStdString(r.observer), QString::fromStdString(r.target));
    if (r.visible) {
        line += QStringLiteral("visible, %1, %2% seen, distance %3\"")
                    .arg(r.fully_visible ? QStringLiteral("fully visible") : QStringLiteral("not fully visible"))
                    .arg(sl::percentSeen(r.visible_fraction))
                    .arg(fixed(r.distance));
        line += QStringLiteral(", witness (%1, %2) - (%3, %4)")
                    .arg(fixed(r.witness->a.x), fixed(r.witness->a.y), fixed(r.witness->b.x), fixed(r.witness->b.y));
        if (r.clearance) line += QStringLiteral(" clear by %1\"").arg(fixed(*r.clearance, *r.clearance < 0.1 ? 4 : 2));
    } else {
        line += QStringLiteral("not visible, distance %1\"").arg(fixed(r.distance));
        if (!r.blocking_set.empty()) {
            QStringList ids;
            for (const auto& id : r.blocking_set) ids << QString::fromStdString(id);
            line += QStringLiteral("; every line blocked by %1").arg(ids.join(QStringLiteral(", ")));
        }
    }
    if (!r.blocked_by.empty()) {
        QStringList ids;
        for (const auto& id : r.blocked_by) ids << QString::fromStdString(id);
        line += QStringLiteral("; centre line blocked by %1").arg(ids.join(QStringLiteral(", ")));
    }
    // A game's rulings: the fields that hold, then the reasons, one per line.
    QStringList holds;
    if (r.cover.value_or(false)) holds << QStringLiteral("cover");
    if (r.hidden.value_or(false)) holds << QStringLiteral("hidden");
    if (r.plunging_fire.value_or(false)) holds << QStringLiteral("plunging fire");
    if (r.in_engagement_range.value_or(false)) holds << QStringLiteral("in engagement range");
    if (r.cover) line += QStringLiteral("; %1").arg(holds.isEmpty() ? QStringLiteral("no cover") : holds.join(QStringLiteral(", ")));
    for (const auto& reason : r.reasons) line += QStringLiteral("\n    %1").arg(QString::fromStdString(reason));
    return line;
}

int modelOrFail(const sl::Scene& scene, const QString& id, const char* option) {
    const int i = scene.modelIndex(id.toStdString());
    if (i < 0) {
        QStringList ids;
        for (const sl::Model& m : scene.scenario().models) ids << QString::fromStdString(m.id);
        err() << QStringLiteral("--%1: no model has the id \"%2\" (models: %3)\n")
                     .arg(QLatin1String(option), id, ids.join(QStringLiteral(", ")));
    }
    return i;
}

int check(const QString& path, const QCommandLineParser& args, sl::Method method) {
    const std::optional<sl::Scenario> scenario = load(path);
    if (!scenario) return kBadInput;
    const sl::Scene scene(*scenario);
    std::vector<sl::PlannedPair> pairs;
    if (args.isSet(QStringLiteral("observer")) || args.isSet(QStringLiteral("target"))) {
        if (!args.isSet(QStringLiteral("observer")) || !args.isSet(QStringLiteral("target"))) {
            err() << "--observer and --target go together: give both\n";
            return kBadInput;
        }
        const int o = modelOrFail(scene, args.value(QStringLiteral("observer")), "observer");
        const int t = modelOrFail(scene, args.value(QStringLiteral("target")), "target");
        if (o < 0 || t < 0) return kBadInput;
        if (o == t) {
            err() << "--observer and --target name the same model\n";
            return kBadInput;
        }
        pairs.push_back({o, t, -1});
    } else {
        pairs = sl::plannedPairs(scene);
    }
    std::vector<sl::PairResult> results;
    const sl::Rulings rulings(scene);
    for (const sl::PlannedPair& p : pairs) results.push_back(rulings.evaluate(p.observer, p.target, method));

    const QString name = QString::fromStdString(scenario->name);
    const QString ruleset = QString::fromStdString(scenario->ruleset.name);
    if (args.isSet(QStringLiteral("json"))) {
        QJsonArray list;
        for (const sl::PairResult& r : results) list.append(sl::resultToJson(r));
        const QJsonObject doc{{QStringLiteral("scenario"), name},
                              {QStringLiteral("ruleset"), ruleset},
                              {QStringLiteral("results"), list}};
        out() << QJsonDocument(doc).toJson(QJsonDocument::Indented);
        return kOk;
    }
    out() << (name.isEmpty() ? QFileInfo(path).fileName() : name) << " (" << path << ")\n";
    out() << "ruleset " << ruleset << ", method " << QString::fromUtf8(sl::methodName(method).data())
          << ", " << results.size() << (results.size() == 1 ? " pair" : " pairs") << '\n';
    if (results.empty()) out() << "no pairs to check: no queries and no two models on different sides\n";
    for (const sl::PairResult& r : results) out() << textLine(r) << '\n';
    return kOk;
}

int render(const QString& path, const QCommandLineParser& args, sl::Method method) {
    if (!args.isSet(QStringLiteral("output"))) {
        err() << "render needs -o OUT.png, OUT.svg or OUT.pdf\n";
        return kBadInput;
    }
    const std::optional<sl::Scenario> scenario = load(path);
    if (!scenario) return kBadInput;
    const sl::Scene scene(*scenario);
    sl::render::Overlay overlay;
    const bool hasObserver = args.isSet(QStringLiteral("observer")), hasTarget = args.isSet(QStringLiteral("target"));
    if (hasTarget && !hasObserver) {
        err() << "--target needs --observer\n";
        return kBadInput;
    }
    if (hasObserver) {
        const int o = modelOrFail(scene, args.value(QStringLiteral("observer")), "observer");
        if (o < 0) return kBadInput;
        if (hasTarget) {
            const int t = modelOrFail(scene, args.value(QStringLiteral("target")), "target");
            if (t < 0) return kBadInput;
            if (o == t) {
                err() << "--observer and --target name the same model\n";
                return kBadInput;
            }
            overlay = sl::render::pairOverlay(scene, o, t, method);
        } else {
            overlay = sl::render::enemiesOverlay(scene, o);
        }
    }
    QString error;
    const QString file = args.value(QStringLiteral("output"));
    if (!sl::render::renderToFile(*scenario, overlay, file, &error)) {
        err() << error << '\n';
        return kBadInput;
    }
    out() << "wrote " << file << '\n';
    return kOk;
}

// Unit against unit: the matrix, the units' rulings and the reasons; --pdf writes the
// judge's ruling sheet.
int ruling(const QString& path, const QCommandLineParser& args, sl::Method method) {
    if (!args.isSet(QStringLiteral("attacker")) || !args.isSet(QStringLiteral("target"))) {
        err() << "ruling needs --attacker UNIT and --target UNIT\n";
        return kBadInput;
    }
    const std::optional<sl::Scenario> scenario = load(path);
    if (!scenario) return kBadInput;
    const sl::Scene scene(*scenario);
    const sl::Rulings rulings(scene);
    QStringList units;
    for (const sl::Model& m : scenario->models)
        if (!units.contains(QString::fromStdString(m.unit))) units << QString::fromStdString(m.unit);
    const std::string attacker = args.value(QStringLiteral("attacker")).toStdString();
    const std::string target = args.value(QStringLiteral("target")).toStdString();
    for (const auto& [option, unit] : {std::pair{"attacker", attacker}, std::pair{"target", target}})
        if (rulings.unitModels(unit).empty()) {
            err() << QStringLiteral("--%1: no unit \"%2\" in %3 (units: %4)\n")
                         .arg(QLatin1String(option), QString::fromStdString(unit), path, units.join(QStringLiteral(", ")));
            return kBadInput;
        }
    if (attacker == target) {
        err() << "--attacker and --target name the same unit\n";
        return kBadInput;
    }
    const sl::UnitRuling u = rulings.units(attacker, target, method);
    if (args.isSet(QStringLiteral("pdf"))) {
        QString error;
        if (!sl::render::writeRulingSheet(*scenario, u, args.value(QStringLiteral("pdf")), &error)) {
            err() << error << '\n';
            return kBadInput;
        }
    }
    const auto& models = scenario->models;
    if (args.isSet(QStringLiteral("json"))) {
        QJsonArray pairs, perAttacker, perTarget, reasons;
        for (size_t i = 0; i < u.attackers.size(); ++i) {
            for (const sl::PairResult& r : u.pairs[i]) pairs.append(sl::resultToJson(r));
            QJsonObject a{{QStringLiteral("model"), QString::fromStdString(models[u.attackers[i]].id)},
                          {QStringLiteral("unit_visible"), bool(u.unitVisible[i])},
                          {QStringLiteral("unit_fully_visible"), bool(u.unitFullyVisible[i])}};
            if (scenario->ruleset.name != "true-los") a[QStringLiteral("unit_cover")] = bool(u.coverAgainst[i]);
            perAttacker.append(a);
        }
        for (size_t j = 0; j < u.targets.size(); ++j)
            perTarget.append(QJsonObject{{QStringLiteral("model"), QString::fromStdString(models[u.targets[j]].id)},
                                         {QStringLiteral("cover_against_unit"), bool(u.coverOf[j])}});
        for (const auto& reason : u.reasons) reasons.append(QString::fromStdString(reason));
        out() << QJsonDocument(QJsonObject{{QStringLiteral("scenario"), QString::fromStdString(scenario->name)},
                                           {QStringLiteral("ruleset"), QString::fromStdString(scenario->ruleset.name)},
                                           {QStringLiteral("fingerprint"), sl::render::scenarioFingerprint(*scenario)},
                                           {QStringLiteral("attacker"), QString::fromStdString(attacker)},
                                           {QStringLiteral("target"), QString::fromStdString(target)},
                                           {QStringLiteral("visible"), u.visible},
                                           {QStringLiteral("fully_visible"), u.fullyVisible},
                                           {QStringLiteral("attackers"), perAttacker},
                                           {QStringLiteral("targets"), perTarget},
                                           {QStringLiteral("pairs"), pairs},
                                           {QStringLiteral("reasons"), reasons}})
                     .toJson(QJsonDocument::Indented);
        return kOk;
    }
    out() << QStringLiteral("%1 against %2 (%3, ruleset %4, table %5)\n")
                 .arg(QString::fromStdString(attacker), QString::fromStdString(target), path,
                      QString::fromStdString(scenario->ruleset.name), sl::render::scenarioFingerprint(*scenario));
    int width = 11;
    for (int t : u.targets) width = std::max(width, static_cast<int>(models[t].id.size()) + 2);
    for (int a : u.attackers) width = std::max(width, static_cast<int>(models[a].id.size()) + 2);
    QString header = QString(width, QLatin1Char(' '));
    for (int t : u.targets) header += QString::fromStdString(models[t].id).leftJustified(width);
    out() << header << "unit\n";
    for (size_t i = 0; i < u.attackers.size(); ++i) {
        QString line = QString::fromStdString(models[u.attackers[i]].id).leftJustified(width);
        for (const sl::PairResult& r : u.pairs[i]) {
            QString cell = !r.visible ? QStringLiteral("-") : r.fully_visible ? QStringLiteral("full") : QStringLiteral("seen");
            if (r.hidden.value_or(false)) cell += QStringLiteral(" H");
            if (r.cover.value_or(false)) cell += QStringLiteral(" C");
            if (r.plunging_fire.value_or(false)) cell += QStringLiteral(" P");
            line += cell.leftJustified(width);
        }
        line += u.unitFullyVisible[i] ? QStringLiteral("fully visible") : u.unitVisible[i] ? QStringLiteral("visible") : QStringLiteral("not visible");
        if (scenario->ruleset.name != "true-los") line += u.coverAgainst[i] ? QStringLiteral(", cover") : QStringLiteral(", no cover");
        out() << line << '\n';
    }
    out() << "(full: fully visible, seen: visible, -: not visible; H hidden, C cover, P plunging fire)\n";
    if (scenario->ruleset.name == "wh40k-10e") {
        QStringList cover;
        for (size_t j = 0; j < u.targets.size(); ++j)
            cover << QStringLiteral("%1 %2").arg(QString::fromStdString(models[u.targets[j]].id), u.coverOf[j] ? QStringLiteral("yes") : QStringLiteral("no"));
        out() << "cover against the unit: " << cover.join(QStringLiteral(", ")) << '\n';
    }
    for (const auto& reason : u.reasons) out() << "  " << QString::fromStdString(reason) << '\n';
    if (args.isSet(QStringLiteral("pdf"))) out() << "wrote " << args.value(QStringLiteral("pdf")) << '\n';
    return kOk;
}

// The base catalog: search it.
int catalog(const QStringList& words, const QCommandLineParser& args) {
    const auto& all = sl::kdc::builtInCatalog();
    const auto found = sl::kdc::search(all, words.join(QLatin1Char(' ')));
    if (args.isSet(QStringLiteral("json"))) {
        QJsonArray list;
        for (const auto& e : found) {
            QJsonObject o{{QStringLiteral("id"), e.id}, {QStringLiteral("name"), e.name}, {QStringLiteral("faction"), e.faction},
                          {QStringLiteral("base"), sl::kdc::baseLabel(e)}};
            list.append(o);
        }
        out() << QJsonDocument(list).toJson(QJsonDocument::Indented);
        return kOk;
    }
    for (const auto& e : found)
        out() << QStringLiteral("%1 (%2, %3): %4\n").arg(e.name, e.faction, e.id, sl::kdc::baseLabel(e));
    out() << found.size() << (found.size() == 1 ? " unit" : " units") << " of " << all.size() << "; "
          << sl::kdc::kAttribution << '\n';
    return found.empty() ? kMismatch : kOk;
}

// Reads 40kdc-data and writes the base catalog made from its units.
int import40kdc(const QString& source, const QCommandLineParser& args) {
    const bool layouts = args.isSet(QStringLiteral("layout")) || args.isSet(QStringLiteral("all"));
    if (!layouts && !args.isSet(QStringLiteral("catalog"))) {
        err() << "import-40kdc needs --layout ID or --all (with --out DIR), or --catalog FILE\n";
        return kBadInput;
    }
    if (layouts && !args.isSet(QStringLiteral("out"))) {
        err() << "import-40kdc: --layout and --all need --out DIR\n";
        return kBadInput;
    }
    QString error;
    const std::optional<QJsonObject> dataset = sl::kdc::loadDataset(source, &error);
    if (!dataset) {
        err() << error << '\n';
        return kBadInput;
    }
    if (layouts) {
        const QStringList known = sl::kdc::layoutIds(*dataset);
        const QStringList wanted = args.isSet(QStringLiteral("all")) ? known : args.values(QStringLiteral("layout"));
        const QDir dir(args.value(QStringLiteral("out")));
        if (!dir.exists() && !QDir().mkpath(dir.path())) {
            err() << dir.path() << ": cannot make the folder\n";
            return kBadInput;
        }
        int leftOut = 0;
        for (const QString& id : wanted) {
            if (!known.contains(id)) {
                err() << "--layout: no layout \"" << id << "\" in " << source << " (" << known.size() << " layouts, such as "
                      << known.mid(0, 3).join(QStringLiteral(", ")) << ")\n";
                return kBadInput;
            }
            const sl::kdc::LayoutImport imported = sl::kdc::importLayout(*dataset, id);
            for (const QString& p : imported.problems) err() << id << ": " << p << '\n';
            leftOut += imported.problems.size();
            const QList<sl::io::Problem> problems = sl::edits::problemsOf(*imported.scenario);
            for (const sl::io::Problem& p : problems) err() << id << ": " << p.path << ": " << p.message << '\n';
            if (!problems.isEmpty()) return kBadInput;
            const QString path = dir.filePath(id + QStringLiteral(".sightline.json"));
            if (!sl::io::saveScenarioFile(*imported.scenario, path, &error)) {
                err() << error << '\n';
                return kBadInput;
            }
            out() << "wrote " << path << ": " << imported.scenario->terrain.size() << " pieces, "
                  << imported.scenario->zones.size() << " zones\n";
        }
        if (!args.isSet(QStringLiteral("catalog"))) return leftOut > 0 ? kMismatch : kOk;
    }
    QStringList skipped;
    const auto entries = sl::kdc::catalogFrom(*dataset, &skipped);
    QSaveFile file(args.value(QStringLiteral("catalog")));
    if (!file.open(QIODevice::WriteOnly) || file.write(sl::kdc::writeCatalog(entries)) < 0 || !file.commit()) {
        err() << args.value(QStringLiteral("catalog")) << ": cannot write: " << file.errorString() << '\n';
        return kBadInput;
    }
    int approximate = 0;
    for (const auto& e : entries) approximate += e.approximate;
    out() << "wrote " << args.value(QStringLiteral("catalog")) << ": " << entries.size() << " units (" << approximate
          << " approximate); left out " << skipped.size() << " without a usable base size:\n";
    for (const QString& s : skipped) out() << "  " << s << '\n';
    return kOk;
}

// A whole file, or nothing after saying why.
std::optional<QByteArray> readWholeFile(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        err() << path << ": cannot open: " << file.errorString() << '\n';
        return std::nullopt;
    }
    return file.readAll();
}

// Tile maps: reading one, and tiles given as X,Y.
std::optional<sl::grid::TileMap> loadTileMap(const QString& path) {
    const auto text = readWholeFile(path);
    if (!text) return std::nullopt;
    std::string problem;
    auto map = sl::grid::parseTileMap(text->toStdString(), &problem);
    if (!map) err() << path << ": " << QString::fromStdString(problem) << '\n';
    return map;
}

std::optional<sl::grid::Tile> tileArgument(const QString& option, const QString& value, const sl::grid::TileMap& map) {
    const QStringList parts = value.split(QLatin1Char(','));
    bool okX = false, okY = false;
    const int x = parts.size() == 2 ? parts[0].trimmed().toInt(&okX) : 0, y = parts.size() == 2 ? parts[1].trimmed().toInt(&okY) : 0;
    if (!okX || !okY) {
        err() << "--" << option << ": expected X,Y as two whole numbers, found \"" << value << "\"\n";
        return std::nullopt;
    }
    if (!map.inside(x, y)) {
        err() << QStringLiteral("--%1: %2,%3 is off the map (%4 columns, %5 rows)\n").arg(option).arg(x).arg(y).arg(map.width).arg(map.height);
        return std::nullopt;
    }
    return sl::grid::Tile{x, y};
}

void printLine(const std::string& line) { out() << QString::fromStdString(line) << '\n'; }

QJsonArray tilesJson(const std::vector<std::uint8_t>& flags, int width, int height) {
    QJsonArray tiles;
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            if (flags[static_cast<size_t>(y) * width + x]) tiles.append(QJsonArray{x, y});
    return tiles;
}

// Field of view on a tile map; several --at are a walk, the last where the viewer stands.
int fov(const QString& path, const QCommandLineParser& args) {
    const auto map = loadTileMap(path);
    if (!map) return kBadInput;
    if (!args.isSet(QStringLiteral("at"))) {
        err() << "fov needs --at X,Y (column and row from the top-left, 0-based)\n";
        return kBadInput;
    }
    std::vector<sl::grid::Tile> walk;
    for (const QString& value : args.values(QStringLiteral("at"))) {
        const auto tile = tileArgument(QStringLiteral("at"), value, *map);
        if (!tile) return kBadInput;
        walk.push_back(*tile);
    }
    const int ox = walk.back().x, oy = walk.back().y;
    sl::grid::FovOptions options;
    bool ok = true;
    options.radius = args.isSet(QStringLiteral("radius")) ? args.value(QStringLiteral("radius")).toInt(&ok) : 0;
    if (!ok || options.radius < 0) {
        err() << "--radius: expected a whole number, 0 or more (0: unlimited), found \"" << args.value(QStringLiteral("radius")) << "\"\n";
        return kBadInput;
    }
    const QString shape = args.value(QStringLiteral("shape"));
    if (shape == QLatin1String("euclid")) options.shape = sl::grid::RadiusShape::Euclid;
    else if (shape == QLatin1String("chebyshev")) options.shape = sl::grid::RadiusShape::Chebyshev;
    else if (shape == QLatin1String("manhattan")) options.shape = sl::grid::RadiusShape::Manhattan;
    else {
        err() << "--shape: unknown shape \"" << shape << "\" (available: euclid, chebyshev, manhattan)\n";
        return kBadInput;
    }
    options.lightWalls = args.isSet(QStringLiteral("light-walls"));
    const std::vector<std::uint8_t> transparent = map->transparency();
    std::vector<std::uint8_t> states(transparent.size(), 0), seen, explored(transparent.size(), 0);
    for (const sl::grid::Tile& t : walk) {
        seen = sl::grid::fieldOfView(transparent, map->width, map->height, t.x, t.y, options);
        for (size_t i = 0; i < seen.size(); ++i) explored[i] |= seen[i];
    }
    for (size_t i = 0; i < seen.size(); ++i)
        states[i] = static_cast<std::uint8_t>(seen[i] ? sl::grid::FogState::Visible : explored[i] ? sl::grid::FogState::Explored
                                                                                                    : sl::grid::FogState::Unexplored);
    if (args.isSet(QStringLiteral("json"))) {
        QJsonObject o{{QStringLiteral("width"), map->width},
                      {QStringLiteral("height"), map->height},
                      {QStringLiteral("origin"), QJsonArray{ox, oy}},
                      {QStringLiteral("radius"), options.radius},
                      {QStringLiteral("shape"), shape},
                      {QStringLiteral("light_walls"), options.lightWalls},
                      {QStringLiteral("visible"), tilesJson(seen, map->width, map->height)}};
        if (walk.size() > 1) o.insert(QStringLiteral("explored"), tilesJson(explored, map->width, map->height));
        out() << QJsonDocument(o).toJson(QJsonDocument::Compact) << '\n';
        return kOk;
    }
    std::vector<std::string> rows = sl::grid::renderStates(*map, states);
    sl::grid::markTile(rows[oy], ox, '@');
    sl::grid::printFramed(rows, map->width, printLine);
    int visible = 0, remembered = 0;
    for (std::uint8_t s : states) {
        visible += s == static_cast<std::uint8_t>(sl::grid::FogState::Visible);
        remembered += s == static_cast<std::uint8_t>(sl::grid::FogState::Explored);
    }
    out() << visible << " tiles visible from " << ox << ',' << oy << " (@)";
    if (walk.size() > 1) out() << ", " << remembered << " explored on the way (\u00b7 open, \u2592 blocking)";
    out() << "; blank: unexplored\n";
    return kOk;
}

// Sight versus fire along one line between two tiles.
int sight(const QString& path, const QCommandLineParser& args) {
    const auto map = loadTileMap(path);
    if (!map) return kBadInput;
    if (!args.isSet(QStringLiteral("from")) || !args.isSet(QStringLiteral("to"))) {
        err() << "sight needs --from X,Y and --to X,Y (column and row from the top-left, 0-based)\n";
        return kBadInput;
    }
    const auto from = tileArgument(QStringLiteral("from"), args.value(QStringLiteral("from")), *map);
    const auto to = from ? tileArgument(QStringLiteral("to"), args.value(QStringLiteral("to")), *map) : std::nullopt;
    if (!from || !to) return kBadInput;
    const auto sightStop = sl::grid::sightStop(*map, *from, *to);
    const auto fireStop = sl::grid::fireStop(*map, *from, *to);
    const std::vector<sl::grid::Tile> line = sl::grid::tileLine(*from, *to);
    auto stopJson = [](const std::optional<sl::grid::LineStop>& stop) {
        QJsonObject o{{QStringLiteral("clear"), !stop}};
        if (stop) {
            o.insert(QStringLiteral("stopped_at"), QJsonArray{stop->at.x, stop->at.y});
            o.insert(QStringLiteral("terrain"), QString::fromStdString(stop->terrain));
            o.insert(QStringLiteral("because"), QString::fromStdString(stop->why));
        }
        return o;
    };
    if (args.isSet(QStringLiteral("json"))) {
        QJsonArray tiles;
        for (const sl::grid::Tile& t : line) tiles.append(QJsonArray{t.x, t.y});
        out() << QJsonDocument(QJsonObject{{QStringLiteral("from"), QJsonArray{from->x, from->y}},
                                           {QStringLiteral("to"), QJsonArray{to->x, to->y}},
                                           {QStringLiteral("sight"), stopJson(sightStop)},
                                           {QStringLiteral("fire"), stopJson(fireStop)},
                                           {QStringLiteral("line"), tiles}})
                     .toJson(QJsonDocument::Compact)
              << '\n';
        return kOk;
    }
    // The map with the line: '*' where sight passes, 'x' where it is stopped and after,
    // '!' where fire is stopped.
    std::vector<std::string> rows;
    for (int y = 0; y < map->height; ++y) {
        std::string row;
        for (int x = 0; x < map->width; ++x) row += map->at(x, y).symbol;
        rows.push_back(row);
    }
    bool stopped = false;
    for (const sl::grid::Tile& t : line) {
        stopped = stopped || (sightStop && t == sightStop->at);
        rows[t.y][t.x] = stopped ? 'x' : '*';
    }
    if (fireStop) rows[fireStop->at.y][fireStop->at.x] = '!';
    rows[from->y][from->x] = 'A';
    rows[to->y][to->x] = 'B';
    sl::grid::printFramed(rows, map->width, printLine);
    out() << "* sight passes, x sight stopped, ! fire stopped\n";
    auto describe = [](const char* what, const std::optional<sl::grid::LineStop>& stop) {
        out() << what << ": ";
        if (!stop) out() << "clear\n";
        else
            out() << "stopped at " << stop->at.x << ',' << stop->at.y << " (" << QString::fromStdString(stop->terrain) << ", "
                  << QString::fromStdString(stop->why) << ")\n";
    };
    out() << "A " << from->x << ',' << from->y << " to B " << to->x << ',' << to->y << ", " << line.size() << " tiles\n";
    describe("sight", sightStop);
    describe("fire ", fireStop);
    return kOk;
}

// A fog-of-war game played from a script, with its state carried in a file.
int fog(const QString& path, const QCommandLineParser& args) {
    const auto map = loadTileMap(path);
    if (!map) return kBadInput;
    if (!args.isSet(QStringLiteral("script"))) {
        err() << "fog needs --script FILE (the game's set-up and moves)\n";
        return kBadInput;
    }
    const QString scriptPath = args.value(QStringLiteral("script"));
    const auto script = readWholeFile(scriptPath);
    if (!script) return kBadInput;
    const QString statePath = args.value(QStringLiteral("state"));
    std::optional<sl::grid::FogGame> game;
    if (!statePath.isEmpty() && QFileInfo::exists(statePath)) {
        const auto state = readWholeFile(statePath);
        if (!state) return kBadInput;
        QString problem;
        game = sl::io::readFogState(*state, *map, &problem);
        if (!game) {
            err() << statePath << ": " << problem << '\n';
            return kBadInput;
        }
        out() << "continuing from " << statePath << " (turn " << game->turn() << ")\n";
    } else {
        game.emplace(*map);
    }
    std::string problem;
    const bool played = sl::grid::playFogScript(*game, script->toStdString(), printLine, &problem,
                                                args.value(QStringLiteral("side")).toStdString());
    if (!played) {
        out().flush();
        err() << scriptPath << ": " << QString::fromStdString(problem) << '\n';
        return kBadInput;
    }
    if (!statePath.isEmpty()) {
        QString error;
        if (!sl::io::saveFogStateFile(*game, statePath, &error)) {
            err() << statePath << ": cannot write: " << error << '\n';
            return kBadInput;
        }
        out() << "saved the game at turn " << game->turn() << " to " << statePath << '\n';
    }
    return kOk;
}

int verify(const QStringList& files, const QCommandLineParser& args, sl::Method method) {
    int passed = 0, failed = 0, unreadable = 0;
    QJsonArray mismatchList;
    const bool json = args.isSet(QStringLiteral("json"));
    for (const QString& path : files) {
        const std::optional<sl::Scenario> scenario = load(path);
        if (!scenario) {
            ++unreadable;  // counted as failed too: the summary must not look clean
            ++failed;
            continue;
        }
        const sl::Scene scene(*scenario);
        const sl::Rulings rulings(scene);
        for (size_t i = 0; i < scenario->queries.size(); ++i) {
            const sl::Query& q = scenario->queries[i];
            if (q.expect.empty()) continue;
            const sl::PairResult r =
                rulings.evaluate(scene.modelIndex(q.observer), scene.modelIndex(q.target), method);
            const QStringList problems = sl::mismatches(r, q);
            if (problems.isEmpty()) {
                ++passed;
                continue;
            }
            ++failed;
            for (const QString& p : problems) {
                const QString where = QStringLiteral("%1: queries[%2] %3 -> %4")
                                          .arg(path)
                                          .arg(i)
                                          .arg(QString::fromStdString(q.observer), QString::fromStdString(q.target));
                if (json) mismatchList.append(QJsonObject{{QStringLiteral("file"), path},
                                                          {QStringLiteral("query"), static_cast<int>(i)},
                                                          {QStringLiteral("problem"), p}});
                else out() << where << ": " << p << '\n';
            }
        }
    }
    if (json) {
        out() << QJsonDocument(QJsonObject{{QStringLiteral("passed"), passed},
                                           {QStringLiteral("failed"), failed},
                                           {QStringLiteral("unreadable_files"), unreadable},
                                           {QStringLiteral("mismatches"), mismatchList}})
                     .toJson(QJsonDocument::Indented);
    } else {
        out() << passed << " passed, " << failed << " failed\n";
    }
    if (unreadable > 0) {
        out().flush();
        err() << unreadable << (unreadable == 1 ? " file" : " files")
              << " could not be read (see above) and counted as failed\n";
        return kBadInput;
    }
    return failed > 0 ? kMismatch : kOk;
}

}  // namespace

int main(int argc, char** argv) {
    // Drawing text needs a GUI application; `render` gets one on the offscreen platform
    // (unless one is chosen), so that it works without a display. The rest stays light.
    bool rendering = false;
    for (int i = 1; i < argc && !rendering; ++i) rendering = QByteArray(argv[i]) == "render" || QByteArray(argv[i]) == "ruling";
    if (rendering && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    std::unique_ptr<QCoreApplication> app = rendering ? std::make_unique<QGuiApplication>(argc, argv)
                                                      : std::make_unique<QCoreApplication>(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("sightline-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(SIGHTLINE_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QString::fromLatin1(kDescription));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("command"),
                                 QStringLiteral("check, verify, ruling, render, fov, sight, fog, catalog or import-40kdc"));
    parser.addPositionalArgument(QStringLiteral("files"), QStringLiteral("scenario files, or a tile map"), QStringLiteral("FILE..."));
    parser.addOption({QStringLiteral("observer"), QStringLiteral("check: the observing model's id"), QStringLiteral("ID")});
    parser.addOption({QStringLiteral("target"), QStringLiteral("check, render: the target model's id; ruling: the target unit"), QStringLiteral("ID")});
    parser.addOption({QStringLiteral("at"), QStringLiteral("fov: the viewer's tile, X,Y (again: a walk)"), QStringLiteral("X,Y")});
    parser.addOption({QStringLiteral("from"), QStringLiteral("sight: the viewer's tile, X,Y"), QStringLiteral("X,Y")});
    parser.addOption({QStringLiteral("to"), QStringLiteral("sight: the tile looked at, X,Y"), QStringLiteral("X,Y")});
    parser.addOption({QStringLiteral("script"), QStringLiteral("fog: the game's script"), QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("state"), QStringLiteral("fog: the game's state file, read if it exists and saved"), QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("side"), QStringLiteral("fog: report this side only"), QStringLiteral("NAME")});
    parser.addOption({QStringLiteral("radius"), QStringLiteral("fov: how far one sees (0: unlimited)"), QStringLiteral("R")});
    parser.addOption({QStringLiteral("shape"), QStringLiteral("fov: euclid (default), chebyshev or manhattan"),
                      QStringLiteral("SHAPE"), QStringLiteral("euclid")});
    parser.addOption({QStringLiteral("light-walls"), QStringLiteral("fov: walls at the edge of the view are seen")});
    parser.addOption({QStringLiteral("catalog"), QStringLiteral("import-40kdc: the base catalog to write"), QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("layout"), QStringLiteral("import-40kdc: a layout to import"), QStringLiteral("ID")});
    parser.addOption({QStringLiteral("all"), QStringLiteral("import-40kdc: every layout")});
    parser.addOption({QStringLiteral("out"), QStringLiteral("import-40kdc: the folder for the layouts' scenario files"), QStringLiteral("DIR")});
    parser.addOption({QStringLiteral("attacker"), QStringLiteral("ruling: the attacking unit"), QStringLiteral("UNIT")});
    parser.addOption({QStringLiteral("pdf"), QStringLiteral("ruling: write the ruling sheet to this PDF"), QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("method"), QStringLiteral("exact (default), sampled or center"),
                      QStringLiteral("METHOD"), QStringLiteral("exact")});
    parser.addOption({QStringLiteral("json"), QStringLiteral("print JSON instead of text")});
    parser.addOption({{QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("render: the image to write"),
                      QStringLiteral("OUT")});

    if (!parser.parse(QCoreApplication::arguments())) {
        err() << parser.errorText() << "\nTry 'sightline-cli --help'.\n";
        return kBadInput;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        out() << parser.helpText();
        return kOk;
    }
    if (parser.isSet(QStringLiteral("version"))) {
        out() << "sightline-cli " << QCoreApplication::applicationVersion() << '\n';
        return kOk;
    }
    QStringList positional = parser.positionalArguments();
    if (positional.isEmpty()) {
        err() << "no command given: use check, verify, ruling, render, fov, sight, fog, catalog or import-40kdc. Try "
                 "'sightline-cli --help'.\n";
        return kBadInput;
    }
    const QString command = positional.takeFirst();
    const QString methodText = parser.value(QStringLiteral("method"));
    const std::optional<sl::Method> method = sl::parseMethod(methodText.toStdString());
    if (!method) {
        err() << QStringLiteral("--method: unknown method \"%1\" (available: exact, sampled, center)\n").arg(methodText);
        return kBadInput;
    }
    if (command == QLatin1String("check")) {
        if (positional.size() != 1) {
            err() << "check takes exactly one scenario file. Try 'sightline-cli --help'.\n";
            return kBadInput;
        }
        return check(positional.front(), parser, *method);
    }
    if (command == QLatin1String("verify")) {
        if (positional.isEmpty()) {
            err() << "verify needs at least one scenario file. Try 'sightline-cli --help'.\n";
            return kBadInput;
        }
        if (parser.isSet(QStringLiteral("observer")) || parser.isSet(QStringLiteral("target"))) {
            err() << "verify checks the files' queries: --observer and --target belong to check\n";
            return kBadInput;
        }
        return verify(positional, parser, *method);
    }
    if (command == QLatin1String("catalog")) return catalog(positional, parser);
    if (command == QLatin1String("fov")) {
        if (positional.size() != 1) {
            err() << "fov takes exactly one map file. Try 'sightline-cli --help'.\n";
            return kBadInput;
        }
        return fov(positional.front(), parser);
    }
    if (command == QLatin1String("sight") || command == QLatin1String("fog")) {
        if (positional.size() != 1) {
            err() << command << " takes exactly one map file. Try 'sightline-cli --help'.\n";
            return kBadInput;
        }
        return command == QLatin1String("sight") ? sight(positional.front(), parser) : fog(positional.front(), parser);
    }
    if (command == QLatin1String("import-40kdc")) {
        if (positional.size() != 1) {
            err() << "import-40kdc takes exactly one SOURCE. Try 'sightline-cli --help'.\n";
            return kBadInput;
        }
        return import40kdc(positional.front(), parser);
    }
    if (command == QLatin1String("ruling")) {
        if (positional.size() != 1) {
            err() << "ruling takes exactly one scenario file. Try 'sightline-cli --help'.\n";
            return kBadInput;
        }
        return ruling(positional.front(), parser, *method);
    }
    if (command == QLatin1String("render")) {
        if (positional.size() != 1) {
            err() << "render takes exactly one scenario file. Try 'sightline-cli --help'.\n";
            return kBadInput;
        }
        return render(positional.front(), parser, *method);
    }
    err() << QStringLiteral("unknown command \"%1\" (available: check, verify, ruling, render, fov, sight, fog, catalog, import-40kdc). Try 'sightline-cli --help'.\n")
                 .arg(command);
    return kBadInput;
}
