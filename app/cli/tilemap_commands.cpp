// sightline-cli fov, sight and fog: field of view, sight versus fire and fog-of-war games on
// tile maps, with tiles given as X,Y and every problem named by file, line and column.
#include "commands.h"
#include "common.h"
#include "fog_state_io.h"
#include "grid/fog.h"
#include "grid/fog_script.h"
#include "grid/fov.h"
#include "grid/perception.h"
#include "grid/tilemap.h"
#include "grid/vision.h"
#include "board_renderer.h"
#include "tile_renderer.h"

#include <QDir>

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdint>

namespace sl::cli {
namespace {

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

// --png FILE: the picture written, said, or the problem named (false).
bool writePicture(const QCommandLineParser& args, sl::render::TilePicture picture, const QString& path) {
    picture.glyphs = args.isSet(QStringLiteral("glyphs"));
    QString error;
    if (!sl::render::saveTiles(picture, path, &error)) {
        err() << error << '\n';
        return false;
    }
    return true;
}

}  // namespace

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
        // A viewer stands where a unit could: not in a wall (libtcod would look from it).
        const sl::grid::TerrainType& terrain = map->at(tile->x, tile->y);
        if (terrain.solid && !args.isSet(QStringLiteral("on-wall"))) {
            err() << "--at " << value << ": cannot stand on " << QString::fromStdString(terrain.name) << " ('"
                  << QChar::fromLatin1(terrain.symbol) << "'), it stops movement (--on-wall looks from it anyway)\n";
            return kBadInput;
        }
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
    if (const QString png = args.value(QStringLiteral("png")); !png.isEmpty()) {
        sl::render::TilePicture picture;
        picture.map = &*map;
        picture.states = states;
        picture.markers.push_back({{ox, oy}, QStringLiteral("@"), QColor(0x1f, 0x77, 0xb4)});
        picture.title = QStringLiteral("Field of view from %1,%2%3").arg(ox).arg(oy).arg(options.radius ? QStringLiteral(", radius %1").arg(options.radius) : QString());
        picture.caption = walk.size() > 1 ? QStringLiteral("lit: visible now; dimmed: explored on the way; black: unexplored")
                                          : QStringLiteral("lit: visible; black: not seen");
        if (!writePicture(args, picture, png)) return kBadInput;
        err() << "wrote " << png << '\n';
    }
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
    if (const QString png = args.value(QStringLiteral("png")); !png.isEmpty()) {
        sl::render::TilePicture picture;
        picture.map = &*map;
        picture.line = line;
        if (sightStop) picture.sightStop = sl::grid::stepStart(*from, *to, sightStop->at);
        if (fireStop) picture.fireStop = fireStop->at;
        picture.markers.push_back({*from, QStringLiteral("A"), QColor(0x1f, 0x77, 0xb4)});
        picture.markers.push_back({*to, QStringLiteral("B"), QColor(0x94, 0x67, 0xbd)});
        auto said = [](const std::optional<sl::grid::LineStop>& stop) {
            return stop ? QStringLiteral("stopped at %1,%2 (%3, %4)").arg(stop->at.x).arg(stop->at.y).arg(QString::fromStdString(stop->terrain),
                                                                                                     QString::fromStdString(stop->why))
                        : QStringLiteral("clear");
        };
        picture.title = QStringLiteral("%1,%2 to %3,%4: sight %5; fire %6").arg(from->x).arg(from->y).arg(to->x).arg(to->y).arg(said(sightStop), said(fireStop));
        picture.caption = QStringLiteral("green: sight passes; red: sight stopped; orange frame: fire stopped");
        if (!writePicture(args, picture, png)) return kBadInput;
        err() << "wrote " << png << '\n';
    }
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
    const std::optional<sl::grid::Tile> redFrom = sightStop ? std::optional(sl::grid::stepStart(*from, *to, sightStop->at)) : std::nullopt;
    for (const sl::grid::Tile& t : line) {
        stopped = stopped || (redFrom && t == *redFrom);
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
    // --png DIR: each side's report drawn as it is printed.
    const QString pictures = args.value(QStringLiteral("png"));
    if (!pictures.isEmpty() && !QDir().mkpath(pictures)) {
        err() << pictures << ": cannot make the folder\n";
        return kBadInput;
    }
    bool drawn = true;
    int written = 0;
    sl::grid::ReportHook draw;
    if (!pictures.isEmpty())
        draw = [&](const sl::grid::FogGame& g, const std::string& side) {
            if (!drawn) return;
            if (!g.side(side)) return;
            sl::render::TilePicture picture = sl::render::fogPicture(g, side);  // (as the window draws it)
            picture.title = QStringLiteral("Turn %1: %2's view").arg(g.turn()).arg(QString::fromStdString(side));
            picture.caption = QStringLiteral("lit: visible; dimmed: explored; black: unexplored; dashed: remembered, turns ago");
            const QString path = QDir(pictures).filePath(QStringLiteral("turn-%1-%2.png").arg(g.turn()).arg(QString::fromStdString(side)));
            drawn = writePicture(args, picture, path);
            written += drawn;
        };
    std::string problem;
    const bool played = sl::grid::playFogScript(*game, script->toStdString(), printLine, &problem,
                                                args.value(QStringLiteral("side")).toStdString(), draw);
    if (written > 0) err() << "wrote " << written << " pictures to " << pictures << '\n';
    if (!played) {
        out().flush();
        err() << scriptPath << ": " << QString::fromStdString(problem) << '\n';
        return kBadInput;
    }
    if (!drawn) return kBadInput;  // (a picture could not be written: said)
    if (!statePath.isEmpty()) {
        QString error;
        if (!sl::io::saveFogStateFile(*game, statePath, &error)) {
            err() << error << '\n';
            return kBadInput;
        }
        out() << "saved the game at turn " << game->turn() << " to " << statePath << '\n';
    }
    return kOk;
}

// Light and senses: the script's game played (quietly) under `mode senses`, then, per unit
// (or per side, or one of either), what it perceives of the map and of the other units.
int perceive(const QString& path, const QCommandLineParser& args) {
    using namespace sl::grid;
    const auto map = loadTileMap(path);
    if (!map) return kBadInput;
    if (!args.isSet(QStringLiteral("script"))) {
        err() << "perceive needs --script FILE (the units with their senses, the lights)\n";
        return kBadInput;
    }
    const QString scriptPath = args.value(QStringLiteral("script"));
    const auto script = readWholeFile(scriptPath);
    if (!script) return kBadInput;
    FogGame game(*map);
    game.settings().mode = VisionMode::Senses;
    std::string problem;
    if (!playFogScript(game, script->toStdString(), [](const std::string&) {}, &problem)) {
        err() << scriptPath << ": " << QString::fromStdString(problem) << '\n';
        return kBadInput;
    }
    if (game.settings().mode != VisionMode::Senses || !game.perception()) {
        game.settings().mode = VisionMode::Senses;  // (a script written for another mode, or one with nothing in it)
        game.update();
    }
    const PerceptionWorld& world = *game.perception();
    const QString viewer = args.value(QStringLiteral("viewer")), side = args.value(QStringLiteral("side"));
    if (!viewer.isEmpty() && !game.unit(viewer.toStdString())) {
        err() << "--viewer: no unit " << viewer << " in the game\n";
        return kBadInput;
    }
    if (!side.isEmpty() && !game.side(side.toStdString())) {
        err() << "--side: no side " << side << " in the game\n";
        return kBadInput;
    }
    // --png FILE: the picture of the one view asked for, drawn as the window draws it.
    if (const QString png = args.value(QStringLiteral("png")); !png.isEmpty()) {
        if (viewer.isEmpty() == side.isEmpty()) {
            err() << "perceive --png draws one view: give --viewer ID or --side NAME\n";
            return kBadInput;
        }
        sl::render::TilePicture picture = viewer.isEmpty() ? sl::render::fogPicture(game, side.toStdString())
                                                           : *sl::render::perceptionPicture(game, viewer.toStdString());
        picture.title = viewer.isEmpty() ? QStringLiteral("What %1 perceives (the best of its units)").arg(side)
                                         : QStringLiteral("What %1 perceives").arg(viewer);
        picture.caption = QStringLiteral("hatched: outline; silhouette: sensed; S sight s shadow D dark B blind T tremor "
                                         "P telepathy A aware N scent");
        if (!writePicture(args, picture, png)) return kBadInput;
        err() << "wrote " << png << '\n';
    }
    const std::vector<FogUnit>& units = game.units();
    auto tierRows = [&](const std::vector<Tier>& tiers) {
        QJsonArray rows;
        for (int y = 0; y < map->height; ++y) {
            QString row;
            for (int x = 0; x < map->width; ++x) row += QChar(u'0' + static_cast<int>(tiers[static_cast<size_t>(y) * map->width + x]));
            rows.append(row);
        }
        return rows;
    };
    auto perceivedJson = [&](const std::vector<Perceived>& all, int self) {
        QJsonArray out;
        for (size_t t = 0; t < units.size(); ++t) {
            if (static_cast<int>(t) == self || (self < 0 && units[t].side == side.toStdString())) continue;
            QJsonArray senses;
            for (const std::string& n : senseNames(all[t].senses)) senses.append(QString::fromStdString(n));
            out.append(QJsonObject{{QStringLiteral("id"), QString::fromStdString(units[t].id)},
                                   {QStringLiteral("side"), QString::fromStdString(units[t].side)},
                                   {QStringLiteral("position"), QJsonArray{units[t].at.x, units[t].at.y}},
                                   {QStringLiteral("tier"), QString::fromStdString(tierName(all[t].tier))},
                                   {QStringLiteral("senses"), senses}});
        }
        return out;
    };
    int counts[3] = {0, 0, 0};
    for (LightLevel l : world.lightLevels()) ++counts[static_cast<int>(l)];
    QJsonArray viewers, sides;
    const bool json = args.isSet(QStringLiteral("json"));
    if (!json) {
        out() << "light: " << counts[2] << " bright (+), " << counts[1] << " lit (-), " << counts[0] << " dark\n";
        printFramed(renderLight(world), map->width, printLine);
    }
    for (int k = 0; k < static_cast<int>(units.size()); ++k) {
        const FogUnit& u = units[static_cast<size_t>(k)];
        if (!side.isEmpty() || (!viewer.isEmpty() && u.id != viewer.toStdString())) continue;
        if (!json) {
            printPerception(game, u.id, printLine);
            continue;
        }
        std::vector<Perceived> all;
        for (int t = 0; t < static_cast<int>(units.size()); ++t) all.push_back(world.perceives(k, t));
        QJsonArray words;
        for (const std::string& w : creatureWords(world.creatures()[static_cast<size_t>(k)])) words.append(QString::fromStdString(w));
        viewers.append(QJsonObject{{QStringLiteral("id"), QString::fromStdString(u.id)},
                                   {QStringLiteral("side"), QString::fromStdString(u.side)},
                                   {QStringLiteral("position"), QJsonArray{u.at.x, u.at.y}},
                                   {QStringLiteral("senses"), words},
                                   {QStringLiteral("tiles"), tierRows(world.tiles(k))},
                                   {QStringLiteral("perceives"), perceivedJson(all, k)}});
    }
    for (const FogSide& s : game.sides()) {
        if (side.isEmpty() || s.name != side.toStdString()) continue;  // (sides: with --side only)
        std::vector<Perceived> all;
        for (int t = 0; t < static_cast<int>(units.size()); ++t) all.push_back(world.sidePerceives(s.name, t));
        const std::vector<Tier> tiers = world.sideTiles(s.name);
        if (!json) {
            out() << "side " << QString::fromStdString(s.name) << " (the best of its units):\n";
            printFramed(renderTiers(game, tiers, all), map->width, printLine);
            for (size_t t = 0; t < units.size(); ++t)
                if (units[t].side != s.name) {
                    const std::string senses = senseList(all[t].senses);
                    const std::string who = units[t].id + " (" + units[t].side + ") at " + tileText(units[t].at);
                    out() << "  " << QString::fromStdString(all[t].tier == Tier::Seen      ? "sees " + who + " by " + senses
                                                            : all[t].tier == Tier::Outline ? "senses " + who + " by " + senses + " (outline, not seen)"
                                                                                           : "does not perceive " + who)
                          << '\n';
                }
            continue;
        }
        sides.append(QJsonObject{{QStringLiteral("name"), QString::fromStdString(s.name)},
                                 {QStringLiteral("tiles"), tierRows(tiers)},
                                 {QStringLiteral("perceives"), perceivedJson(all, -1)}});
    }
    if (json) {
        QJsonArray light;
        for (int y = 0; y < map->height; ++y) {
            QString row;
            for (int x = 0; x < map->width; ++x) row += QChar(u'0' + static_cast<int>(world.light({x, y})));
            light.append(row);
        }
        QJsonObject root{{QStringLiteral("light"), light}, {QStringLiteral("viewers"), viewers}};
        if (!side.isEmpty()) root.insert(QStringLiteral("sides"), sides);
        out() << QJsonDocument(root).toJson(QJsonDocument::Indented);
    }
    return kOk;
}

}  // namespace sl::cli
