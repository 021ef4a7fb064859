// The checks of the fuzzing harnesses (checks.h).
#include "checks.h"

#include "fog_state_io.h"
#include "grid/fog_script.h"
#include "grid/tilemap.h"
#include "kdc_data.h"
#include "kdc_layouts.h"
#include "scenario_io.h"

#include <QBuffer>

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace sl::fuzz {

namespace {

// The skirmish map of the examples (scenarios/maps), which the seed scripts and states are for.
const grid::TileMap& skirmishMap() {
    static const grid::TileMap map = [] {
        std::ifstream in(SIGHTLINE_SOURCE_DIR "/scenarios/maps/skirmish.map");
        std::stringstream text;
        text << in.rdbuf();
        std::string problem;
        auto m = grid::parseTileMap(text.str(), &problem);
        if (!m) std::abort();  // (the project's own example: never)
        return *m;
    }();
    return map;
}

io::ReadResult readBytes(QByteArray bytes, const QString& name) {
    QBuffer in(&bytes);
    in.open(QIODevice::ReadOnly);
    return io::readScenario(in, name);
}

}  // namespace

std::string scenario(const QByteArray& bytes) {
    const io::ReadResult read = readBytes(bytes, QStringLiteral("fuzz.sightline.json"));
    if (read.scenario.has_value() == !read.problems.isEmpty()) return "an answer and problems both, or neither";
    for (const io::Problem& p : read.problems)
        if (p.message.isEmpty()) return "a problem without its message";
    if (!read.scenario) return {};
    const io::ReadResult again = readBytes(io::writeScenario(*read.scenario), QStringLiteral("again.sightline.json"));
    if (!again.scenario)
        return "what was read, written, is refused: " + again.problems.value(0).toString().toStdString();
    return {};
}

std::string tilemap(const QByteArray& bytes) {
    std::string problem;
    const auto map = grid::parseTileMap(bytes.toStdString(), &problem);
    if (!map) return problem.empty() ? "refused without saying why" : std::string();
    if (map->width <= 0 || map->height <= 0) return "a map with no tiles";
    if (map->tiles.size() != static_cast<size_t>(map->width) * static_cast<size_t>(map->height)) return "tiles and size disagree";
    for (int t : map->tiles)
        if (t < 0 || static_cast<size_t>(t) >= map->legend.size()) return "a tile outside the legend";
    (void)map->transparency();
    return {};
}

std::string fogScript(const QByteArray& bytes) {
    grid::FogGame game(skirmishMap());
    std::string problem;
    size_t printed = 0;
    const bool played = grid::playFogScript(game, bytes.toStdString(), [&](const std::string& line) { printed += line.size(); },
                                            &problem);
    if (!played && problem.empty()) return "stopped without saying why";
    return {};
}

std::string fogState(const QByteArray& bytes) {
    QString problem;
    const auto game = io::readFogState(bytes, skirmishMap(), &problem);
    if (!game) return problem.isEmpty() ? "refused without saying why" : std::string();
    QString again;
    if (!io::readFogState(io::writeFogState(*game), skirmishMap(), &again))
        return "what was read, written, is refused: " + again.toStdString();
    return {};
}

std::string kdc(const QByteArray& bytes) {
    if (bytes.isEmpty()) return {};
    QString error;
    const QByteArray rest = bytes.mid(1);
    const auto dataset = kdc::datasetFromBytes(rest, bytes[0] & 1, &error);
    if (!dataset) {
        if (error.isEmpty()) return "refused without saying why";
        QString catalogError;
        if (!kdc::readCatalog(rest, &catalogError) && catalogError.isEmpty()) return "a catalog refused without saying why";
        return {};
    }
    QStringList skipped;
    const auto entries = kdc::catalogFrom(*dataset, &skipped);
    QString again;
    if (!kdc::readCatalog(kdc::writeCatalog(entries), &again))
        return "the catalog made from it, written, is refused: " + again.toStdString();
    const QStringList layouts = kdc::layoutIds(*dataset);
    for (qsizetype i = 0; i < layouts.size() && i < 3; ++i) {
        const kdc::LayoutImport imported = kdc::importLayout(*dataset, layouts[i]);
        if (!imported.scenario) continue;
        // An imported layout is a scenario the reader accepts.
        const io::ReadResult read = readBytes(io::writeScenario(*imported.scenario), QStringLiteral("imported.sightline.json"));
        if (!read.scenario)
            return "an imported layout is refused by the reader: " + read.problems.value(0).toString().toStdString();
    }
    return {};
}

Check checkNamed(const std::string& name) {
    if (name == "scenario") return scenario;
    if (name == "tilemap") return tilemap;
    if (name == "fog_script") return fogScript;
    if (name == "fog_state") return fogState;
    if (name == "kdc") return kdc;
    return nullptr;
}

}  // namespace sl::fuzz
