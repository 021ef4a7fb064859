// sightline-cli analyze: layout analysis maps. The vision map: where on the table a model
// of a given base and height would be seen by a model or a unit, cell by cell, under the
// file's ruleset; the exposure map: from how many places in a deployment zone each cell is
// seen. Their figures as text or JSON, the cells as CSV, the map drawn over the board.
#include "analysis/exposure.h"
#include "analysis/hiding.h"
#include "analysis/lanes.h"
#include "analysis/vision_map.h"
#include "analysis_layer.h"
#include "board_renderer.h"
#include "commands.h"
#include "kernel/polygon.h"
#include "common.h"
#include "scenario_edits.h"

#include <QElapsedTimer>
#include <QFile>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <functional>
#include <memory>
#include <numbers>
#include <mutex>
#include <thread>

#include <sys/resource.h>

namespace sl::cli {

namespace {

// One letter a cell in the JSON's rows: F fully visible, V visible, C visible in cover,
// H hidden, D hidden within a dense area (13.09), U undecided, X no place to stand (on a
// feature or a model, or over the table's edge).
char cellLetter(const analysis::Cell& c) {
    using analysis::Verdict;
    if (c.verdict == Verdict::Overlap) return 'X';
    if (c.verdict == Verdict::Hidden) return c.undecided ? 'U' : c.hidden1309 ? 'D' : 'H';
    if (c.cover) return 'C';
    return c.verdict == Verdict::FullyVisible ? 'F' : 'V';
}

bool optionNumber(const QCommandLineParser& args, const char* name, double lo, double hi, double& value) {
    if (!args.isSet(QLatin1String(name))) return true;
    bool ok = false;
    const double v = args.value(QLatin1String(name)).toDouble(&ok);
    if (!ok || !(v >= lo) || !(v <= hi)) {
        err() << QStringLiteral("--%1: expected a number from %2 to %3, found \"%4\"\n")
                     .arg(QLatin1String(name)).arg(lo).arg(hi).arg(args.value(QLatin1String(name)));
        return false;
    }
    value = v;
    return true;
}

// The probe placed on each cell and the cells' spacing, from --base, --height, --keywords
// and --spacing (said on stderr when wrong).
bool probeOptions(const QCommandLineParser& args, analysis::Probe& probe, double& spacing) {
    if (!optionNumber(args, "spacing", 0.1, 12, spacing) || !optionNumber(args, "height", 0.1, 30, probe.height)) return false;
    if (args.isSet(QStringLiteral("base"))) {
        QString problem;
        const std::optional<Base> base = edits::parseBase(args.value(QStringLiteral("base")), &problem);
        if (!base) {
            err() << "--base: " << problem << '\n';
            return false;
        }
        probe.base = *base;
    }
    if (args.isSet(QStringLiteral("keywords"))) {
        probe.keywords.clear();
        for (const QString& k : args.value(QStringLiteral("keywords")).split(QLatin1Char(','), Qt::SkipEmptyParts))
            probe.keywords.push_back(k.trimmed().toUpper().toStdString());
    }
    return true;
}

// The outputs are checked before the work, which may take minutes: the CSV opened, the
// image's type known.
bool checkOutputs(const QCommandLineParser& args, std::optional<QFile>& csv) {
    // (A folder that is not there said so, as for the picture below.)
    auto noFolder = [](const QString& path) {
        const QFileInfo folder(QFileInfo(path).absolutePath());
        if (folder.isDir()) return false;
        err() << QStringLiteral("%1: cannot write: no folder %2\n").arg(path, folder.filePath());
        return true;
    };
    if (args.isSet(QStringLiteral("csv"))) {
        if (noFolder(args.value(QStringLiteral("csv")))) return false;
        csv.emplace(args.value(QStringLiteral("csv")));
        if (!csv->open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text)) {
            err() << args.value(QStringLiteral("csv")) << ": cannot write: " << csv->errorString() << '\n';
            return false;
        }
    }
    if (args.isSet(QStringLiteral("output"))) {
        const QString path = args.value(QStringLiteral("output"));
        const QString suffix = QFileInfo(path).suffix().toLower();
        if (suffix != QLatin1String("png") && suffix != QLatin1String("svg") && suffix != QLatin1String("pdf")) {
            err() << QStringLiteral("%1: unknown image type \"%2\" (use .png, .svg or .pdf)\n").arg(path, suffix);
            return false;
        }
        // (Its folder there and writable: else the picture would fail only after the work.)
        const QFileInfo folder(QFileInfo(path).absolutePath());
        if (!folder.isDir() || !folder.isWritable()) {
            err() << QStringLiteral("%1: cannot write: %2\n")
                         .arg(path, folder.isDir() ? QStringLiteral("the folder %1 is not writable").arg(folder.filePath())
                                                   : QStringLiteral("no folder %1").arg(folder.filePath()));
            return false;
        }
        // (And the file itself: a folder may take no new file, /proc's say. Opened to append,
        // so that a picture already there is left as it is; one made here removed again.)
        QFile file(path);
        const bool existed = file.exists();
        if (!file.open(QIODevice::WriteOnly | QIODevice::Append)) {
            err() << QStringLiteral("%1: cannot write: %2\n").arg(path, file.errorString());
            return false;
        }
        file.close();
        if (!existed) file.remove();
    }
    return true;
}

// What a map command writes besides its text: the picture's width, the CSV (opened before
// the work), JSON instead of text.
struct MapOutputs {
    int width = 0;
    std::optional<QFile> csv;
    bool json = false;
};

bool mapOutputs(const QCommandLineParser& args, MapOutputs& o) {
    const std::optional<int> width = pngWidth(args);
    if (!width || !checkOutputs(args, o.csv)) return false;
    o.width = *width;
    o.json = args.isSet(QStringLiteral("json"));
    return true;
}

// A map in JSON: a string per row of cells, a letter each.
template <typename Letter>
QJsonArray letterRows(const analysis::Grid& grid, Letter letter) {
    QJsonArray rows;
    for (int row = 0; row < grid.rows; ++row) {
        QString line;
        for (int col = 0; col < grid.cols; ++col) line += QLatin1Char(letter(col, row));
        rows.append(line);
    }
    return rows;
}

// The picture asked for with -o, if any; false when it cannot be written (said).
bool writePicture(const QCommandLineParser& args, const Scenario& scenario, const render::Overlay& overlay, int width) {
    if (!args.isSet(QStringLiteral("output"))) return true;
    QString error;
    render::Overlay drawn = overlay;
    drawn.labels = !args.isSet(QStringLiteral("no-labels"));
    if (render::renderToFile(scenario, drawn, args.value(QStringLiteral("output")), &error, width)) return true;
    err() << error << '\n';
    return false;
}

// Progress on stderr, every tenth of the work; `said` gives what the brackets hold ("12 of
// 18 places") from the work done and its total.
std::function<void(int, int)> tenths(const QString& what, std::function<QString(int, int)> said) {
    auto state = std::make_shared<std::pair<std::mutex, int>>();
    return [state, what, said = std::move(said)](int done, int total) {
        const std::lock_guard<std::mutex> lock(state->first);
        const int tenth = done * 10 / std::max(total, 1);
        if (tenth <= state->second || tenth >= 10) return;
        state->second = tenth;
        err() << QStringLiteral("%1: %2% (%3)\n").arg(what).arg(tenth * 10).arg(said(done, total));
        err().flush();
    };
}
std::function<void(int, int)> tenths(const QString& what, const QString& of) {
    return tenths(what, [of](int done, int total) { return QStringLiteral("%1 of %2 %3").arg(done).arg(total).arg(of); });
}

// "wrote FILE" for each output asked for (on stderr when stdout holds the JSON).
void sayWritten(const QCommandLineParser& args) {
    const bool json = args.isSet(QStringLiteral("json"));
    for (const char* option : {"output", "csv"})
        if (args.isSet(QLatin1String(option))) (json ? err() : out()) << "wrote " << args.value(QLatin1String(option)) << '\n';
}

// A base as the outputs name it: "32 mm round", "60x35.5 mm oval".
QString baseText(const analysis::Probe& p) { return render::probeText(p).section(QLatin1Char(','), 0, 0); }

bool writeCsv(QFile& csv, const std::string& text) {
    const QByteArray bytes = QByteArray::fromStdString(text);
    if (csv.write(bytes) != bytes.size() || !csv.flush()) {
        err() << csv.fileName() << ": cannot write: " << csv.errorString() << '\n';
        return false;
    }
    return true;
}

// One character a cell in the exposure JSON's rows: X no place to stand (on a feature or
// over the table's edge), 0 seen from no place, U seen from none proven but undecided from
// some (not known hidden), 1 to 9 the share of places in tenths (rounded up: 1 is above 0
// and up to a tenth), A all.
char exposureLetter(const analysis::ExposureMap& map, const analysis::ExposureCell& c) {
    if (c.overlap) return 'X';
    if (c.seen == 0) return c.undecided > 0 ? 'U' : '0';
    if (c.seen >= static_cast<int>(map.positions.size())) return 'A';
    return static_cast<char>('0' + std::clamp(static_cast<int>(std::ceil(map.share(c) * 10 - 1e-9)), 1, 9));
}

// The bases of --bases (edits::parseHidingBases; the default: 32,60x35.5,100x50rect), each
// with its height after an @, else --height.
std::optional<std::vector<analysis::Probe>> hidingProbes(const QCommandLineParser& args, const analysis::Probe& model) {
    const QString text = args.isSet(QStringLiteral("bases")) ? args.value(QStringLiteral("bases")) : QStringLiteral("32,60x35.5,100x50rect");
    QString problem;
    std::optional<std::vector<analysis::Probe>> probes = edits::parseHidingBases(text, model, &problem);
    if (!probes) err() << "--bases: " << problem << '\n';
    return probes;
}

// The options of the hiding spots and the report: the model (--base, --height, --keywords),
// --spacing and --zone-spacing (with these defaults), --semi and --bases.
bool hidingOptions(const QCommandLineParser& args, double spacing, double zoneSpacing, analysis::Probe& model,
                   analysis::HidingOptions& options, std::vector<analysis::Probe>& probes) {
    options.spacing = spacing;
    options.zoneSpacing = zoneSpacing;
    double semiPercent = 10;
    if (!probeOptions(args, model, options.spacing) || !optionNumber(args, "zone-spacing", 0.25, 12, options.zoneSpacing) ||
        !optionNumber(args, "semi", 0, 100, semiPercent))
        return false;
    options.semiShare = semiPercent / 100;
    const std::optional<std::vector<analysis::Probe>> given = hidingProbes(args, model);
    if (!given) return false;
    probes = *given;
    return true;
}

int analyzeHiding(const Scenario& scenario, int zone, const QCommandLineParser& args) {
    analysis::Probe model;
    analysis::HidingOptions options;
    std::vector<analysis::Probe> probes;
    if (!hidingOptions(args, 0.5, 2, model, options, probes)) return kBadInput;
    MapOutputs outputs;
    if (!mapOutputs(args, outputs)) return kBadInput;
    analysis::Run run;
    // (The work is every place ruled for each base in turn: said as the base and its places.)
    const int bases = static_cast<int>(probes.size());
    run.progress = tenths(QStringLiteral("hiding spots"), [bases](int done, int total) {
        const int places = std::max(total / std::max(bases, 1), 1), base = std::min(done / places, bases - 1);
        return QStringLiteral("base %1 of %2, %3 of %4 places").arg(base + 1).arg(bases).arg(done - base * places).arg(places);
    });
    QElapsedTimer clock;
    clock.start();
    const analysis::HidingSpots spots = analysis::hidingSpots(scenario, zone, probes, options, run);
    const double seconds = clock.nsecsElapsed() / 1e9;
    if (spots.places == 0) {
        err() << QStringLiteral("--zone %1: no place in it where a 32 mm model stands wholly within it, off the features\n")
                     .arg(QString::fromStdString(spots.zone));
        return kBadInput;
    }
    if (outputs.csv && !writeCsv(*outputs.csv, analysis::hidingCsv(spots))) return kBadInput;
    {
        render::Overlay overlay;
        overlay.map = render::hidingLayer(spots, scenario);
        if (!writePicture(args, scenario, overlay, outputs.width)) return kBadInput;
    }
    if (outputs.json) {
        QJsonObject o;
        o[QStringLiteral("zone")] = QString::fromStdString(spots.zone);
        o[QStringLiteral("ruleset")] = QString::fromStdString(scenario.ruleset.name);
        o[QStringLiteral("places")] = spots.places;
        o[QStringLiteral("spacing")] = options.spacing;
        o[QStringLiteral("zone_spacing")] = options.zoneSpacing;
        o[QStringLiteral("semi_safe_most_places")] = spots.semiMost;
        QJsonArray bases;
        for (const analysis::HidingBase& b : spots.bases) {
            QJsonArray objectives;
            for (const analysis::ObjectiveHiding& h : b.objectives)
                objectives.append(QJsonObject{{QStringLiteral("objective"), QString::fromStdString(h.objective)},
                                              {QStringLiteral("safe_sq_in"), h.safeArea},
                                              {QStringLiteral("semi_safe_sq_in"), h.semiArea}});
            bases.append(QJsonObject{{QStringLiteral("base"), baseText(b.probe)},
                                     {QStringLiteral("height"), b.probe.height},
                                     {QStringLiteral("safe_sq_in"), b.safeArea},
                                     {QStringLiteral("semi_safe_sq_in"), b.semiArea},
                                     {QStringLiteral("objectives"), objectives}});
        }
        o[QStringLiteral("bases")] = bases;
        o[QStringLiteral("seconds")] = seconds;
        out() << QJsonDocument(o).toJson(QJsonDocument::Indented);
    } else {
        out() << QStringLiteral("hiding spots from %1 (%2 places %3\" apart), %4\" cells, %5; semi-safe: seen from at most %6 %7\n")
                     .arg(QString::fromStdString(spots.zone)).arg(spots.places).arg(options.zoneSpacing).arg(options.spacing)
                     .arg(QString::fromStdString(scenario.ruleset.name)).arg(spots.semiMost)
                     .arg(spots.semiMost == 1 ? QStringLiteral("place") : QStringLiteral("places"));
        out() << QStringLiteral("  %1 %2 %3\n").arg(QStringLiteral("base"), -28).arg(QStringLiteral("safe sq in"), 12).arg(QStringLiteral("or semi-safe"), 12);
        for (const analysis::HidingBase& b : spots.bases)
            out() << QStringLiteral("  %1 %2 %3\n").arg(render::probeText(b.probe), -28).arg(b.safeArea, 12, 'f', 1).arg(b.semiArea, 12, 'f', 1);
        if (!spots.bases.empty() && !spots.bases.front().objectives.empty()) {
            out() << QStringLiteral("  safe within %1\" of each objective (sq in), by base:\n").arg(options.objectiveRange);
            // (Each column headed by its base as --bases writes it, with its height where they differ.)
            const bool heights = std::ranges::any_of(spots.bases, [&](const analysis::HidingBase& b) {
                return b.probe.height != spots.bases.front().probe.height;
            });
            QStringList heads;
            for (const analysis::HidingBase& b : spots.bases) {
                const Base& base = b.probe.base;
                QString head = base.shape == BaseShape::Circle ? QString::number(base.length_mm)
                                                               : QStringLiteral("%1x%2").arg(base.length_mm).arg(base.width_mm);
                if (base.shape == BaseShape::Rect) head += QStringLiteral(" rect");
                if (heights) head += QStringLiteral("@%1").arg(b.probe.height);
                heads << head;
            }
            auto width = [&](size_t b) { return std::max(8, static_cast<int>(heads[static_cast<int>(b)].size())); };
            QString header = QStringLiteral("    %1").arg(QStringLiteral("objective"), -14);
            for (size_t b = 0; b < spots.bases.size(); ++b) header += QStringLiteral(" %1").arg(heads[static_cast<int>(b)], width(b));
            out() << header << '\n';
            for (size_t i = 0; i < spots.bases.front().objectives.size(); ++i) {
                QString line = QStringLiteral("    %1").arg(QString::fromStdString(spots.bases.front().objectives[i].objective), -14);
                for (size_t b = 0; b < spots.bases.size(); ++b)
                    line += QStringLiteral(" %1").arg(spots.bases[b].objectives[i].safeArea, width(b), 'f', 1);
                out() << line << '\n';
            }
        }
        out() << QStringLiteral("  %1 s on %2 threads\n").arg(seconds, 0, 'f', 2).arg(std::max(1u, std::thread::hardware_concurrency()));
    }
    sayWritten(args);
    return kOk;
}

int analyzeExposure(const Scenario& scenario, const QCommandLineParser& args) {
    const QString zoneId = args.value(QStringLiteral("zone"));
    int zone = -1;
    QStringList zones;
    for (int z = 0; z < static_cast<int>(scenario.zones.size()); ++z) {
        if (scenario.zones[z].polygon.size() < 3) continue;  // (objectives: points)
        zones << QString::fromStdString(scenario.zones[z].id);
        if (scenario.zones[z].id == zoneId.toStdString()) zone = z;
    }
    if (zone < 0) {
        err() << QStringLiteral("--zone: no deployment zone (a polygon zone) has the id \"%1\" (%2)\n")
                     .arg(zoneId, zones.isEmpty() ? QStringLiteral("the file has none") : QStringLiteral("zones: ") + zones.join(QStringLiteral(", ")));
        return kBadInput;
    }
    if (args.isSet(QStringLiteral("hiding"))) return analyzeHiding(scenario, zone, args);
    analysis::Probe probe;
    analysis::ExposureOptions options;
    if (!probeOptions(args, probe, options.spacing) || !optionNumber(args, "zone-spacing", 0.25, 12, options.zoneSpacing))
        return kBadInput;
    options.withFully = args.isSet(QStringLiteral("fully"));
    MapOutputs outputs;
    if (!mapOutputs(args, outputs)) return kBadInput;
    analysis::Run run;
    run.progress = tenths(QStringLiteral("exposure map"), QStringLiteral("places in the zone"));
    run.survey = !args.isSet(QStringLiteral("thorough"));
    QElapsedTimer clock;
    clock.start();
    // The observer at each place: the same model as the one on each cell.
    const analysis::ExposureMap map = analysis::exposureMap(scenario, zone, probe, probe, options, run);
    const double seconds = clock.nsecsElapsed() / 1e9;
    if (map.positions.empty()) {
        err() << QStringLiteral("--zone %1: no place in it where a %2 model stands wholly within it, off the features\n")
                     .arg(zoneId, render::probeText(probe));
        return kBadInput;
    }
    const analysis::ExposureTally tally = analysis::tallyExposure(map);
    const int cells = tally.cells, none = tally.none, overlap = tally.overlap, all = tally.all, undecided = tally.undecided,
              undecidedCells = tally.undecidedCells;
    const double sum = tally.sum, fullySum = tally.fullySum;
    const double cellArea = options.spacing * options.spacing;
    if (outputs.csv && !writeCsv(*outputs.csv, analysis::exposureCsv(map))) return kBadInput;
    {
        render::Overlay overlay;
        overlay.map = render::exposureLayer(map, scenario, options.withFully);
        if (!writePicture(args, scenario, overlay, outputs.width)) return kBadInput;
    }
    if (outputs.json) {
        QJsonObject o;
        o[QStringLiteral("zone")] = zoneId;
        o[QStringLiteral("ruleset")] = QString::fromStdString(scenario.ruleset.name);
        o[QStringLiteral("probe")] = QJsonObject{{QStringLiteral("base"), baseText(probe)},
                                                 {QStringLiteral("height"), probe.height}};
        o[QStringLiteral("spacing")] = options.spacing;
        o[QStringLiteral("zone_spacing")] = options.zoneSpacing;
        o[QStringLiteral("places")] = static_cast<int>(map.positions.size());
        o[QStringLiteral("cols")] = map.grid.cols;
        o[QStringLiteral("rows")] = map.grid.rows;
        QJsonObject figures{{QStringLiteral("cells"), cells},
                            {QStringLiteral("no_place_to_stand"), overlap},  // (on a feature, or over the table's edge)
                            {QStringLiteral("hidden_from_every_place"), none},
                            {QStringLiteral("hidden_area_sq_in"), none * cellArea},
                            {QStringLiteral("seen_from_every_place"), all},
                            {QStringLiteral("mean_share_seen"), cells ? sum / cells : 0.0}};
        if (options.withFully) figures[QStringLiteral("mean_share_fully_visible")] = cells ? fullySum / cells : 0.0;
        figures[QStringLiteral("undecided_pairs")] = undecided;
        figures[QStringLiteral("cells_with_undecided_pairs")] = undecidedCells;
        o[QStringLiteral("figures")] = figures;
        o[QStringLiteral("map")] = letterRows(map.grid, [&](int col, int row) { return exposureLetter(map, map.at(col, row)); });
        o[QStringLiteral("map_key")] = QStringLiteral("share of the places that see the cell: 0 none, U none proven but some undecided, "
                                                      "1-9 up to that many tenths, "
                                                      "A all, X no place to stand (on a feature or a model, or over the table's edge)");
        o[QStringLiteral("seconds")] = seconds;
        out() << QJsonDocument(o).toJson(QJsonDocument::Indented);
    } else {
        out() << QStringLiteral("exposure map: %1, a %2 model at each of %3 places %4\" apart, against one on each %5\" cell (%6 x %7), %8\n")
                     .arg(zoneId, render::probeText(probe)).arg(map.positions.size()).arg(options.zoneSpacing).arg(options.spacing)
                     .arg(map.grid.cols).arg(map.grid.rows).arg(QString::fromStdString(scenario.ruleset.name));
        auto line = [&](const QString& what, const QString& value) { out() << QStringLiteral("  %1 %2\n").arg(what, -38).arg(value); };
        line(QStringLiteral("hidden from every place"), QStringLiteral("%1 cells, %2 sq in").arg(none).arg(none * cellArea, 0, 'f', 1));
        line(QStringLiteral("seen from every place"), QStringLiteral("%1 cells, %2 sq in").arg(all).arg(all * cellArea, 0, 'f', 1));
        line(QStringLiteral("mean share of places that see a cell"), QStringLiteral("%1%").arg(cells ? 100 * sum / cells : 0.0, 0, 'f', 1));
        if (options.withFully)
            line(QStringLiteral("mean share that see it fully"), QStringLiteral("%1%").arg(cells ? 100 * fullySum / cells : 0.0, 0, 'f', 1));
        line(QStringLiteral("no place to stand"), QStringLiteral("%1 cells").arg(overlap));
        if (undecided)
            line(QStringLiteral("undecided (near a knife edge)"),
                 QStringLiteral("%1 pairs in %2 cells, counted as not seen (--thorough decides more)").arg(undecided).arg(undecidedCells));
        out() << QStringLiteral("  %1 s on %2 threads\n").arg(seconds, 0, 'f', 2).arg(std::max(1u, std::thread::hardware_concurrency()));
    }
    sayWritten(args);
    return kOk;
}

// The layout report: for each layout (a file, or every scenario file of a folder) with two
// deployment zones, each zone's exposure map and the hiding spots from it, their pictures
// and figures in a folder of their own, and one summary ranking the layouts by how evenly
// the two sides can hide.
struct LayoutFigures {
    QString name;
    QString file;
    QStringList sides;            // the two zones' sides (or ids)
    double zoneExposure[2] = {};  // mean share of the enemy's places that see a cell of this side's zone
    double tableSeen[2] = {};     // mean share of this side's places that see a cell of the table
    std::vector<double> safe[2];  // per base: square inches where this side's models hide from the enemy
    double gap = 0;               // |safe infantry A - B| over their mean: 0 is even
    double seconds = 0;
};

// "1 deployment zone", "3 deployment zones".
QString zonesText(int zones) {
    return zones == 1 ? QStringLiteral("1 deployment zone") : QStringLiteral("%1 deployment zones").arg(zones);
}

// A gap as the table prints it: "0.00" only where the two sides hide alike to the last
// cell, "<0.01" where they differ by less (a cell or two: ranked below the even ones).
QString hidingGapText(double gap) {
    return gap > 0 && gap < 0.005 ? QStringLiteral("<0.01") : QString::number(gap, 'f', 2);
}

int analyzeReport(const QString& path, const QCommandLineParser& args) {
    QStringList files;
    const bool folder = QFileInfo(path).isDir();
    if (folder) {
        for (const QFileInfo& f : QDir(path).entryInfoList({QStringLiteral("*.sightline.json")}, QDir::Files, QDir::Name))
            files << f.filePath();
        if (files.isEmpty()) {
            err() << path << ": no scenario files (*.sightline.json) in this folder\n";
            return kBadInput;
        }
    } else {
        if (!QFileInfo(path).isFile()) {
            err() << path << ": cannot open: No such file or directory\n";
            return kBadInput;
        }
        // (A file that cannot be read, or that has not two deployment zones to set against
        // each other, leaves no report folder behind.)
        const std::optional<Scenario> scenario = load(path);
        if (!scenario) return kBadInput;
        if (const int zones = static_cast<int>(analysis::deploymentZones(*scenario).size()); zones != 2) {
            err() << path << QStringLiteral(": %1, not two: a layout report sets two against each other\n").arg(zonesText(zones));
            return kBadInput;
        }
        files << path;
    }
    // (The options read before the folder is made: none is left behind for a run that
    // does not start.)
    analysis::Probe model;  // (also the exposure maps' model)
    analysis::HidingOptions options;
    std::vector<analysis::Probe> probeList;
    // (Cells as the window's and a single map's, 0.5": at 2" a layout whose two halves are not
    // quite each other's half-turn read as even. Places 4" apart keep the 46 layouts within two
    // minutes on two threads.)
    if (!hidingOptions(args, 0.5, 4, model, options, probeList)) return kBadInput;
    const std::vector<analysis::Probe>* probes = &probeList;
    std::optional<int> width = pngWidth(args);
    if (!width) return kBadInput;
    if (!args.isSet(QStringLiteral("width"))) width = 1200;
    const QString outDir = args.value(QStringLiteral("report"));
    if (QFileInfo(outDir).exists() && !QFileInfo(outDir).isDir()) {
        err() << outDir << ": is a file: --report names the folder the report is written to\n";
        return kBadInput;
    }
    // (The folders this run makes, the deepest first: taken away again where it writes nothing.)
    QStringList made;
    for (QString d = QDir::cleanPath(QDir(outDir).absolutePath()); !QFileInfo::exists(d); d = QFileInfo(d).absolutePath())
        made << d;
    if (!QDir().mkpath(outDir)) {
        err() << outDir << ": cannot make this folder\n";
        return kBadInput;
    }
    QElapsedTimer all;
    all.start();
    std::vector<LayoutFigures> layouts;
    int skipped = 0, unreadable = 0;
    QJsonArray leftOut;  // (the files left out, and why: in summary.json)
    QStringList leftOutNames;
    for (int f = 0; f < files.size(); ++f) {
        const std::optional<Scenario> scenario = load(files[f]);
        if (!scenario) {
            // (In a folder, the others are still reported; the run ends in failure.)
            if (!folder) return kBadInput;
            err() << QStringLiteral("%1: left out: it could not be read (above)\n").arg(files[f]);
            ++skipped;
            ++unreadable;
            leftOut.append(QJsonObject{{QStringLiteral("file"), files[f]}, {QStringLiteral("why"), QStringLiteral("it could not be read")}});
            leftOutNames << QFileInfo(files[f]).fileName();
            continue;
        }
        std::vector<int> zones = analysis::deploymentZones(*scenario);
        // (A and B by the sides' names, not as the file lists them: on every row of the summary
        // A is then the same side, the attacker before the defender.)
        auto sideOf = [&](int z) {
            const Zone& zone = scenario->zones[static_cast<size_t>(z)];
            return zone.side.empty() ? zone.id : zone.side;
        };
        std::ranges::stable_sort(zones, [&](int x, int y) { return sideOf(x) < sideOf(y); });
        LayoutFigures L;
        L.file = files[f];
        L.name = QFileInfo(files[f]).fileName().remove(QStringLiteral(".sightline.json"));
        if (zones.size() != 2) {
            const QString why = QStringLiteral("%1, not two").arg(zonesText(static_cast<int>(zones.size())));
            err() << QStringLiteral("%1: left out: %2\n").arg(files[f], why);
            ++skipped;
            leftOut.append(QJsonObject{{QStringLiteral("file"), files[f]}, {QStringLiteral("why"), why}});
            leftOutNames << QFileInfo(files[f]).fileName();
            continue;
        }
        err() << QStringLiteral("layout %1 of %2: %3\n").arg(f + 1).arg(files.size()).arg(L.name);
        err().flush();
        QElapsedTimer clock;
        clock.start();
        const QString dir = QDir(outDir).filePath(L.name);
        QDir().mkpath(dir);
        QJsonObject figures{{QStringLiteral("layout"), L.name}, {QStringLiteral("file"), files[f]},
                            {QStringLiteral("ruleset"), QString::fromStdString(scenario->ruleset.name)},
                            {QStringLiteral("spacing"), options.spacing}, {QStringLiteral("zone_spacing"), options.zoneSpacing}};
        QJsonArray sides;
        // Each zone's places against the table, once.
        analysis::ExposureOptions eo;
        eo.spacing = options.spacing;
        eo.zoneSpacing = options.zoneSpacing;
        const analysis::ExposureMap maps[2] = {analysis::exposureMap(*scenario, zones[0], model, model, eo),
                                               analysis::exposureMap(*scenario, zones[1], model, model, eo)};
        for (int i = 0; i < 2; ++i) {
            const Zone& mine = scenario->zones[zones[i]];
            const Zone& enemy = scenario->zones[zones[1 - i]];
            L.sides << QString::fromStdString(mine.side.empty() ? mine.id : mine.side);
            const analysis::ExposureMap& byEnemy = maps[1 - i];
            const analysis::ExposureMap& byMine = maps[i];
            Polygon area{mine.polygon, {}};
            double sum = 0, tableSum = 0;
            int n = 0, tableN = 0;
            for (int k = 0; k < byEnemy.grid.cells(); ++k) {
                const analysis::ExposureCell& c = byEnemy.cells[static_cast<size_t>(k)];
                const analysis::ExposureCell& t = byMine.cells[static_cast<size_t>(k)];
                if (!t.overlap) {
                    tableSum += byMine.share(t);
                    ++tableN;
                }
                if (c.overlap || locate(byEnemy.grid.centre(k % byEnemy.grid.cols, k / byEnemy.grid.cols), area) == Where::Outside) continue;
                sum += byEnemy.share(c);
                ++n;
            }
            L.zoneExposure[i] = n ? sum / n : 0;
            L.tableSeen[i] = tableN ? tableSum / tableN : 0;
            // (The enemy's exposure map answers for its own model, when it is one of the bases.)
            const analysis::HidingSpots spots = analysis::hidingSpots(*scenario, zones[1 - i], *probes, options, {}, &byEnemy);
            for (const analysis::HidingBase& b : spots.bases) L.safe[i].push_back(b.safeArea);
            // Pictures: what this side's zone sees, and where this side hides from the enemy.
            render::Overlay overlay;
            overlay.labels = !args.isSet(QStringLiteral("no-labels"));
            QString error;
            overlay.map = render::exposureLayer(byMine, *scenario);
            if (!render::renderToFile(*scenario, overlay, QDir(dir).filePath(QStringLiteral("exposure-to-%1.png").arg(QString::fromStdString(mine.id))), &error, *width) ||
                !(overlay.map = render::hidingLayer(spots, *scenario),
                  render::renderToFile(*scenario, overlay, QDir(dir).filePath(QStringLiteral("hiding-from-%1.png").arg(QString::fromStdString(enemy.id))), &error, *width))) {
                err() << error << '\n';
                return kBadInput;
            }
            QJsonArray bases;
            for (const analysis::HidingBase& b : spots.bases) {
                QJsonArray objectives;
                for (const analysis::ObjectiveHiding& h : b.objectives)
                    objectives.append(QJsonObject{{QStringLiteral("objective"), QString::fromStdString(h.objective)},
                                                  {QStringLiteral("safe_sq_in"), h.safeArea},
                                                  {QStringLiteral("semi_safe_sq_in"), h.semiArea}});
                bases.append(QJsonObject{{QStringLiteral("base"), baseText(b.probe)},
                                         {QStringLiteral("safe_sq_in"), b.safeArea},
                                         {QStringLiteral("semi_safe_sq_in"), b.semiArea},
                                         {QStringLiteral("objectives"), objectives}});
            }
            sides.append(QJsonObject{{QStringLiteral("side"), L.sides.back()},
                                     {QStringLiteral("zone"), QString::fromStdString(mine.id)},
                                     {QStringLiteral("places"), static_cast<int>(byMine.positions.size())},
                                     {QStringLiteral("zone_exposure_to_enemy"), L.zoneExposure[i]},
                                     {QStringLiteral("table_seen_from_zone"), L.tableSeen[i]},
                                     {QStringLiteral("hiding_from_enemy"), bases}});
        }
        const double a = L.safe[0].empty() ? 0 : L.safe[0][0], b = L.safe[1].empty() ? 0 : L.safe[1][0];
        L.gap = a + b > 0 ? std::abs(a - b) / ((a + b) / 2) : 0;
        L.seconds = clock.nsecsElapsed() / 1e9;
        figures[QStringLiteral("sides")] = sides;
        figures[QStringLiteral("hiding_gap")] = L.gap;
        figures[QStringLiteral("seconds")] = L.seconds;
        QFile json(QDir(dir).filePath(QStringLiteral("figures.json")));
        if (!json.open(QIODevice::WriteOnly | QIODevice::Truncate) || json.write(QJsonDocument(figures).toJson()) < 0) {
            err() << json.fileName() << ": cannot write: " << json.errorString() << '\n';
            return kBadInput;
        }
        layouts.push_back(std::move(L));
    }
    // (Nothing to rank: no summary written, an earlier report's left as it was, and a folder
    // made for this run taken away again.)
    if (layouts.empty()) {
        for (const QString& d : made) QDir().rmdir(d);  // (each empty: only what this run made)
        err() << path
              << (unreadable == skipped ? QStringLiteral(": no file could be read: nothing to rank\n")
                                        : QStringLiteral(": no layout with two deployment zones: nothing to rank\n"));
        return kBadInput;
    }
    // The summary, the most even first; layouts as even as one another (every official
    // layout is its own mirror image or half-turn: all of them at 0) by the infantry's safe
    // ground, the most first (the two sides' mean), so that a list of ties still says which
    // layouts give the most cover, then by name.
    auto infantrySafe = [](const LayoutFigures& L) { return L.safe[0].empty() ? 0.0 : (L.safe[0][0] + L.safe[1][0]) / 2; };
    std::stable_sort(layouts.begin(), layouts.end(), [&](const LayoutFigures& x, const LayoutFigures& y) {
        if (x.gap != y.gap) return x.gap < y.gap;
        return infantrySafe(x) > infantrySafe(y);
    });
    QString csv = QStringLiteral("rank,layout,side_a,side_b,zone_exposure_a,zone_exposure_b,table_seen_a,table_seen_b");
    for (const analysis::Probe& p : *probes) {
        const QString name = baseText(p).replace(QLatin1Char(' '), QLatin1Char('_'));
        csv += QStringLiteral(",safe_a_%1,safe_b_%1").arg(name);
    }
    csv += QStringLiteral(",hiding_gap,seconds\n");
    QJsonArray rows;
    out() << QStringLiteral("%1 %2 %3 %4 %5 %6 %7\n").arg(QStringLiteral("rank"), 4).arg(QStringLiteral("layout"), -36)
                 .arg(QStringLiteral("sides A/B"), -19).arg(QStringLiteral("exposed A/B"), 13).arg(QStringLiteral("hides A/B sq in"), 17)
                 .arg(QStringLiteral("gap"), 6).arg(QStringLiteral("time s"), 7);
    // (Layouts as even as one another share a rank, "=1" in the table: the first of them's.)
    std::vector<size_t> ranks(layouts.size());
    for (size_t r = 0; r < layouts.size(); ++r) ranks[r] = r > 0 && layouts[r].gap == layouts[r - 1].gap ? ranks[r - 1] : r + 1;
    auto tied = [&](size_t r) {
        return (r > 0 && ranks[r - 1] == ranks[r]) || (r + 1 < layouts.size() && ranks[r + 1] == ranks[r]);
    };
    for (size_t r = 0; r < layouts.size(); ++r) {
        const LayoutFigures& L = layouts[r];
        csv += QStringLiteral("%1,%2,%3,%4,%5,%6,%7,%8").arg(ranks[r]).arg(L.name, L.sides.value(0), L.sides.value(1))
                   .arg(L.zoneExposure[0]).arg(L.zoneExposure[1]).arg(L.tableSeen[0]).arg(L.tableSeen[1]);
        for (size_t b = 0; b < probes->size(); ++b) csv += QStringLiteral(",%1,%2").arg(L.safe[0][b]).arg(L.safe[1][b]);
        csv += QStringLiteral(",%1,%2\n").arg(L.gap).arg(L.seconds, 0, 'f', 2);
        // (Every figure of the CSV's row: each base's safe ground for A and B.)
        QJsonArray safe;
        for (size_t b = 0; b < probes->size(); ++b)
            safe.append(QJsonObject{{QStringLiteral("base"), baseText((*probes)[b])},
                                    {QStringLiteral("safe_sq_in"), QJsonArray{L.safe[0][b], L.safe[1][b]}}});
        rows.append(QJsonObject{{QStringLiteral("rank"), static_cast<int>(ranks[r])}, {QStringLiteral("layout"), L.name},
                                {QStringLiteral("sides"), QJsonArray{L.sides.value(0), L.sides.value(1)}},
                                {QStringLiteral("hiding_gap"), L.gap}, {QStringLiteral("zone_exposure"), QJsonArray{L.zoneExposure[0], L.zoneExposure[1]}},
                                {QStringLiteral("table_seen"), QJsonArray{L.tableSeen[0], L.tableSeen[1]}},
                                {QStringLiteral("infantry_safe_sq_in"), QJsonArray{L.safe[0][0], L.safe[1][0]}},
                                {QStringLiteral("bases"), safe}, {QStringLiteral("seconds"), L.seconds}});
        out() << QStringLiteral("%1 %2 %3 %4 %5 %6 %7\n")
                     .arg((tied(r) ? QStringLiteral("=") : QString()) + QString::number(ranks[r]), 4)
                     .arg(L.name, -36)
                     .arg(QStringLiteral("%1/%2").arg(L.sides.value(0), L.sides.value(1)), -19)
                     .arg(QStringLiteral("%1%/%2%").arg(100 * L.zoneExposure[0], 0, 'f', 1).arg(100 * L.zoneExposure[1], 0, 'f', 1), 13)
                     .arg(QStringLiteral("%1/%2").arg(L.safe[0][0], 0, 'f', 1).arg(L.safe[1][0], 0, 'f', 1), 17)
                     .arg(hidingGapText(L.gap), 6).arg(L.seconds, 7, 'f', 1);
    }
    QFile summaryCsv(QDir(outDir).filePath(QStringLiteral("summary.csv")));
    QFile summaryJson(QDir(outDir).filePath(QStringLiteral("summary.json")));
    if (!summaryCsv.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text) || summaryCsv.write(csv.toUtf8()) < 0 ||
        !summaryJson.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
        summaryJson.write(QJsonDocument(QJsonObject{{QStringLiteral("layouts"), rows},
                                                    {QStringLiteral("spacing"), options.spacing},
                                                    {QStringLiteral("zone_spacing"), options.zoneSpacing},
                                                    {QStringLiteral("infantry"), baseText(probes->front())},
                                                    {QStringLiteral("left_out"), leftOut}})
                              .toJson()) < 0) {
        err() << outDir << ": cannot write the summary\n";
        return kBadInput;
    }
    struct rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    // (The folder's paths last, joined on: a path may hold a "%".)
    // (The key below the table, a line to each column.)
    out() << QStringLiteral("%1 (%2) in %3 s on %4 threads, peak memory %5 MB; %6\" cells, places %7\" apart "
                            "(finer: --spacing, --zone-spacing)\n"
                            "  A and B: the two deployment zones' sides, in the order of their names\n"
                            "  exposed: the mean share of the enemy's places that see a cell of the side's zone\n"
                            "  hides: the side's safe ground, sq in where a %8 model is hidden from every place of the "
                            "enemy's zone (places farther apart usually see less: more ground than with places nearer)\n"
                            "  gap: the two sides' hides, their difference over their mean (0: even); ranked from the most even\n"
                            "  =: as even as another (those listed by their hides, the most first)\n"
                            "  time s: the seconds the layout's maps took\n")
                 .arg(layouts.size() == 1 ? QStringLiteral("1 layout") : QStringLiteral("%1 layouts").arg(layouts.size()),
                      skipped == 0 ? QStringLiteral("0 left out") : QStringLiteral("%1 left out: %2").arg(skipped).arg(leftOutNames.join(QStringLiteral(", "))), QString::number(all.nsecsElapsed() / 1e9, 'f', 1),
                      QString::number(std::max(1u, std::thread::hardware_concurrency())), QString::number(usage.ru_maxrss / 1024.0, 'f', 0),
                      QString::number(options.spacing), QString::number(options.zoneSpacing), render::probeText(probes->front()))
          << QStringLiteral("wrote ") << QDir(outDir).filePath(QStringLiteral("summary.csv")) << QStringLiteral(" and ")
          << QDir(outDir).filePath(QStringLiteral("summary.json")) << '\n';
    // (Where every layout ties, the table is a list, not a ranking: said so.)
    if (layouts.size() > 1 && std::ranges::all_of(layouts, [&](const LayoutFigures& L) { return L.gap == layouts.front().gap; }))
        out() << QStringLiteral("all %1 layouts are as even as one another (a gap of %2 each): the summary ranks none above "
                                "another, and lists them by how much ground their infantry can hide on, the most first\n")
                     .arg(layouts.size())
                     .arg(hidingGapText(layouts.front().gap));
    // (Folders of layouts a report written here before holds and this one does not: named,
    // not deleted, so that no one reads them as this report's.)
    QStringList earlier;
    for (const QFileInfo& d : QDir(outDir).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name))
        if (QFileInfo::exists(QDir(d.filePath()).filePath(QStringLiteral("figures.json"))) &&
            std::ranges::none_of(layouts, [&](const LayoutFigures& L) { return L.name == d.fileName(); }))
            earlier << d.fileName();
    if (!earlier.isEmpty())
        err() << QStringLiteral("%1 holds %2 left from an earlier report, not part of this one: %3\n")
                     .arg(outDir, earlier.size() == 1 ? QStringLiteral("1 layout folder") : QStringLiteral("%1 layout folders").arg(earlier.size()),
                          earlier.join(QStringLiteral(", ")));
    if (unreadable > 0) {
        err() << (unreadable == 1 ? QStringLiteral("1 file could not be read: it is left out of the report\n")
                                  : QStringLiteral("%1 files could not be read: they are left out of the report\n").arg(unreadable));
        return kBadInput;
    }
    return kOk;
}

// Firing lanes between the two deployment zones (or --zone A,B; --zone A: from A to the
// other deployment zone, as the window takes it) and the gaps between the pieces that stop
// sight lines.
int analyzeLanes(const Scenario& scenario, const QCommandLineParser& args) {
    std::vector<int> zones;
    QStringList names;
    for (int z = 0; z < static_cast<int>(scenario.zones.size()); ++z)
        if (scenario.zones[z].polygon.size() >= 3) names << QString::fromStdString(scenario.zones[z].id);
    if (args.isSet(QStringLiteral("zone"))) {
        for (const QString& id : args.value(QStringLiteral("zone")).split(QLatin1Char(','), Qt::SkipEmptyParts))
            for (int z = 0; z < static_cast<int>(scenario.zones.size()); ++z)
                if (scenario.zones[z].polygon.size() >= 3 && scenario.zones[z].id == id.trimmed().toStdString()) zones.push_back(z);
    } else {
        zones = analysis::deploymentZones(scenario);
    }
    if (args.isSet(QStringLiteral("zone")))
        for (const QString& id : args.value(QStringLiteral("zone")).split(QLatin1Char(','), Qt::SkipEmptyParts))
            if (!names.contains(id.trimmed())) {
                err() << QStringLiteral("--zone: no polygon zone has the id \"%1\" (polygon zones: %2)\n")
                             .arg(id.trimmed(), names.isEmpty() ? QStringLiteral("none") : names.join(QStringLiteral(", ")));
                return kBadInput;
            }
    // (One zone named: the lanes run to another deployment zone, the last the file lists,
    // as the window's do; the output names it.)
    if (zones.size() == 1)
        if (const int other = analysis::otherDeploymentZone(scenario, zones.front()); other >= 0) zones.push_back(other);
    if (zones.size() != 2) {
        err() << QStringLiteral("--lanes: needs two deployment zones (--zone A,B to name them, or --zone A and another; polygon zones: %1)\n")
                     .arg(names.isEmpty() ? QStringLiteral("none") : names.join(QStringLiteral(", ")));
        return kBadInput;
    }
    analysis::Probe model;
    double unusedSpacing = 0.5;
    if (!probeOptions(args, model, unusedSpacing)) return kBadInput;
    const std::optional<int> width = pngWidth(args);
    if (!width) return kBadInput;
    if (args.isSet(QStringLiteral("csv"))) {
        err() << "--csv: lanes and gaps have no cells; --json gives them all\n";
        return kBadInput;
    }
    std::optional<QFile> none;
    if (!checkOutputs(args, none)) return kBadInput;
    std::vector<std::pair<std::string, double>> bases;
    for (const edits::BaseChoice& b : edits::basePalette())
        bases.push_back({b.label.toStdString(), std::min(b.base.length_mm, b.base.width_mm) / kMmPerInch});
    QElapsedTimer clock;
    clock.start();
    const analysis::LanesAndGaps found = analysis::lanesAndGaps(scenario, zones[0], zones[1], model.height, bases);
    const double seconds = clock.nsecsElapsed() / 1e9;
    {
        render::Overlay overlay;
        overlay.map = render::lanesLayer(found, scenario);
        if (!writePicture(args, scenario, overlay, *width)) return kBadInput;
    }
    auto label = [&](int piece) { return QString::fromStdString(scenario.labelOf(scenario.terrain[piece].id)); };
    if (args.isSet(QStringLiteral("json"))) {
        QJsonArray lanes, gaps;
        for (const analysis::Lane& l : found.lanes) {
            QJsonArray outline;
            for (const Vec2& v : l.outline) outline.append(QJsonArray{v.x, v.y});
            lanes.append(QJsonObject{{QStringLiteral("width"), l.width}, {QStringLiteral("length"), l.length},
                                     {QStringLiteral("degrees"), l.angle * 180 / std::numbers::pi}, {QStringLiteral("outline"), outline}});
        }
        for (const analysis::Gap& g : found.gaps) {
            QJsonArray through;
            for (const std::string& b : g.basesThrough) through.append(QString::fromStdString(b));
            gaps.append(QJsonObject{{QStringLiteral("between"), QJsonArray{label(g.a), label(g.b)}},
                                    {QStringLiteral("between_ids"), QJsonArray{QString::fromStdString(scenario.terrain[g.a].id),
                                                                               QString::fromStdString(scenario.terrain[g.b].id)}},
                                    {QStringLiteral("width"), g.width},
                                    {QStringLiteral("at"), QJsonArray{(g.from.x + g.to.x) / 2, (g.from.y + g.to.y) / 2}},
                                    {QStringLiteral("bases_through"), through},
                                    {QStringLiteral("sight_line_passes"), g.sightPasses}});
        }
        out() << QJsonDocument(QJsonObject{{QStringLiteral("zones"), QJsonArray{QString::fromStdString(found.zoneA), QString::fromStdString(found.zoneB)}},
                                           {QStringLiteral("eye_height"), model.height},
                                           {QStringLiteral("line_width"), found.lineWidth},
                                           {QStringLiteral("lanes"), lanes},
                                           {QStringLiteral("gaps"), gaps},
                                           {QStringLiteral("seconds"), seconds}})
                     .toJson(QJsonDocument::Indented);
    } else {
        // (Each line in one call: an id or a label may hold a "%".)
        out() << QStringLiteral("firing lanes from %1 to %2 (lines at %3\" high; %4 pieces stop them), %5\n")
                     .arg(QString::fromStdString(found.zoneA), QString::fromStdString(found.zoneB), QString::number(model.height),
                          QString::number(found.blocking.size()), QString::fromStdString(scenario.ruleset.name));
        if (found.lanes.empty()) out() << "  no open lane between the zones\n";
        else out() << "  (a lane's direction in degrees: 0 along the table's width, the x axis; 90 along its depth, y; clockwise as drawn)\n";
        // (Where each runs too: on a table that is its own mirror image, lanes come in pairs
        // alike in all but that.)
        for (size_t i = 0; i < found.lanes.size() && i < 10; ++i) {
            const Ring& o = found.lanes[i].outline;
            const Vec2 from = (o[0] + o[3]) * 0.5, to = (o[1] + o[2]) * 0.5;
            out() << QStringLiteral("  lane %1: %2\" wide, %3\" long, at %4 degrees, its middle from (%5, %6) to (%7, %8)\n")
                         .arg(i + 1)
                         .arg(found.lanes[i].width, 0, 'f', 1)
                         .arg(found.lanes[i].length, 0, 'f', 1)
                         .arg(found.lanes[i].angle * 180 / std::numbers::pi, 0, 'f', 0)
                         .arg(from.x, 0, 'f', 1).arg(from.y, 0, 'f', 1).arg(to.x, 0, 'f', 1).arg(to.y, 0, 'f', 1);
        }
        out() << QStringLiteral("gaps under 6\" between them (narrowest first; %1):\n").arg(render::lineWidthText(found));
        for (size_t i = 0; i < found.gaps.size(); ++i) {
            const analysis::Gap& g = found.gaps[i];
            // (Numbers aligned; plain spaces for a terminal, where the picture keeps "32 mm" whole.)
            const int digits = static_cast<int>(QString::number(found.gaps.size()).size());
            out() << QStringLiteral("  %1. ").arg(i + 1, digits)
                  << render::gapText(g, found, scenario).replace(QChar(0x00a0), QLatin1Char(' ')) << '\n';
        }
        out() << QStringLiteral("  %1 s\n").arg(seconds, 0, 'f', 2);
    }
    sayWritten(args);
    return kOk;
}

}  // namespace

int analyze(const QString& path, const QCommandLineParser& args) {
    if (args.isSet(QStringLiteral("report"))) return analyzeReport(path, args);
    const bool byModel = args.isSet(QStringLiteral("observer")), byUnit = args.isSet(QStringLiteral("unit")),
               byZone = args.isSet(QStringLiteral("zone"));
    if (byModel + byUnit + byZone != 1 && !args.isSet(QStringLiteral("lanes"))) {
        err() << (byModel + byUnit + byZone == 0 ? "analyze needs an observer: " : "analyze takes one observer, not several: ")
              << "--observer ID (a model), --unit UNIT (any of its models) or --zone ZONE (every place in a deployment zone)\n";
        return kBadInput;
    }
    const std::optional<Scenario> scenario = load(path);
    if (!scenario) return kBadInput;
    if (args.isSet(QStringLiteral("lanes"))) return analyzeLanes(*scenario, args);
    if (byZone) return analyzeExposure(*scenario, args);
    const Scene scene(*scenario);
    std::vector<int> observers;
    if (byModel) {
        const int o = modelOrFail(scene, args.value(QStringLiteral("observer")), "observer");
        if (o < 0) return kBadInput;
        observers.push_back(o);
    } else {
        const std::string unit = args.value(QStringLiteral("unit")).toStdString();
        QStringList units;
        for (int i = 0; i < static_cast<int>(scenario->models.size()); ++i) {
            if (scenario->models[i].unit == unit) observers.push_back(i);
            if (!units.contains(QString::fromStdString(scenario->models[i].unit))) units << QString::fromStdString(scenario->models[i].unit);
        }
        if (observers.empty()) {
            err() << QStringLiteral("--unit: no model is in the unit \"%1\" (%2)\n")
                         .arg(args.value(QStringLiteral("unit")),
                              units.isEmpty() ? QStringLiteral("the file has no models") : QStringLiteral("units: ") + units.join(QStringLiteral(", ")));
            return kBadInput;
        }
    }
    analysis::Probe probe;
    double spacing = 0.5;
    if (!probeOptions(args, probe, spacing)) return kBadInput;
    MapOutputs outputs;
    if (!mapOutputs(args, outputs)) return kBadInput;
    analysis::Run run;
    run.progress = tenths(QStringLiteral("vision map"), QStringLiteral("cells"));
    run.survey = !args.isSet(QStringLiteral("thorough"));
    QElapsedTimer clock;
    clock.start();
    const analysis::VisionMap map = analysis::visionMap(*scenario, observers, probe, spacing, run);
    const double seconds = clock.nsecsElapsed() / 1e9;
    const analysis::Tally t = analysis::tally(map);
    const double cellArea = spacing * spacing;
    const QString who = byModel ? args.value(QStringLiteral("observer")) : args.value(QStringLiteral("unit"));

    if (outputs.csv && !writeCsv(*outputs.csv, analysis::visionCsv(map, *scenario))) return kBadInput;
    {
        render::Overlay overlay;
        overlay.map = render::visionLayer(map, *scenario);
        for (int o : observers) overlay.selected.push_back(o);
        if (!writePicture(args, *scenario, overlay, outputs.width)) return kBadInput;
    }
    if (outputs.json) {
        QJsonObject o;
        o[QStringLiteral("observer")] = who;
        QJsonArray ids;
        for (int i : observers) ids.append(QString::fromStdString(scenario->models[i].id));
        o[QStringLiteral("observers")] = ids;
        o[QStringLiteral("ruleset")] = QString::fromStdString(scenario->ruleset.name);
        o[QStringLiteral("probe")] = QJsonObject{{QStringLiteral("base"), baseText(probe)},
                                                 {QStringLiteral("height"), probe.height}};
        o[QStringLiteral("spacing")] = spacing;
        o[QStringLiteral("cols")] = map.grid.cols;
        o[QStringLiteral("rows")] = map.grid.rows;
        o[QStringLiteral("cells")] = QJsonObject{{QStringLiteral("fully_visible"), t.fully},
                                                 {QStringLiteral("visible"), t.visible},
                                                 {QStringLiteral("hidden"), t.hidden},
                                                 {QStringLiteral("overlap"), t.overlap},
                                                 {QStringLiteral("in_cover"), t.cover},
                                                 {QStringLiteral("in_dense_area_13_09"), t.hidden1309},
                                                 {QStringLiteral("hidden_in_dense_area"), t.hiddenDense},
                                                 {QStringLiteral("undecided"), t.undecided}};
        o[QStringLiteral("map")] = letterRows(map.grid, [&](int col, int row) { return cellLetter(map.at(col, row)); });
        o[QStringLiteral("map_key")] = QStringLiteral("F fully visible, V visible, C visible in cover, H hidden, "
                                                      "D hidden within a dense area (13.09), U undecided, X no place to stand "
                                                      "(on a feature or a model, or over the table's edge)");
        o[QStringLiteral("seconds")] = seconds;
        out() << QJsonDocument(o).toJson(QJsonDocument::Indented);
    } else {
        out() << QStringLiteral("vision map: seen by %1, a %2 model on each %3\" cell (%4 x %5), %6\n")
                     .arg(who, render::probeText(probe)).arg(spacing).arg(map.grid.cols).arg(map.grid.rows)
                     .arg(QString::fromStdString(scenario->ruleset.name));
        auto line = [&](const char* what, int n) {
            out() << QStringLiteral("  %1 %2 cells  %3 sq in\n").arg(QLatin1String(what), -29).arg(n, 6).arg(n * cellArea, 8, 'f', 1);
        };
        line("fully visible", t.fully);
        line("visible, not fully", t.visible);
        line("hidden", t.hidden);
        line("no place to stand", t.overlap);
        line("of the seen, in cover", t.cover);  // (fully or not: counted in both lines above too)
        if (scenario->ruleset.name == "wh40k-11e") {
            line("hidden in a dense area", t.hiddenDense);
            line("in a dense area (13.09)", t.hidden1309);
        }
        if (t.undecided) line("undecided (near a knife edge)", t.undecided);
        out() << QStringLiteral("  %1 s on %2 threads\n").arg(seconds, 0, 'f', 2).arg(std::max(1u, std::thread::hardware_concurrency()));
    }
    sayWritten(args);
    return kOk;
}

}  // namespace sl::cli
