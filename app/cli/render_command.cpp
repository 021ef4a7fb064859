// sightline-cli render: the table drawn to PNG, SVG or PDF, with a pair's sight lines or an
// observer against its enemies, and measuring: a distance base to base, range rings.
#include "analysis_layer.h"
#include "board_renderer.h"
#include "fog_view.h"
#include "rules/table_fog.h"
#include "scenario_io.h"
#include "commands.h"

#include <algorithm>
#include "common.h"

namespace sl::cli {

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
    const bool measuring = args.isSet(QStringLiteral("measure")) || args.isSet(QStringLiteral("rings"));
    if (measuring && !hasObserver) {
        err() << "--measure and --rings need --observer (the model measured from)\n";
        return kBadInput;
    }
    const std::optional<int> width = pngWidth(args);
    if (!width) return kBadInput;
    if (args.isSet(QStringLiteral("turn")) && !args.isSet(QStringLiteral("side"))) {
        err() << "--turn needs --side (the side whose view of that turn is drawn)\n";
        return kBadInput;
    }
    std::optional<double> shade;
    if (args.isSet(QStringLiteral("shade"))) {
        if (!args.isSet(QStringLiteral("side"))) {
            err() << "--shade needs --side (the side whose unseen ground is veiled)\n";
            return kBadInput;
        }
        bool ok = false;
        const double h = args.value(QStringLiteral("shade")).toDouble(&ok);
        if (!ok || !(h > 0) || h > 30) {
            err() << "--shade: expected a height in inches above 0, at most 30 (such as 1.75), found \""
                  << args.value(QStringLiteral("shade")) << "\"\n";
            return kBadInput;
        }
        shade = h;
    }
    if (args.isSet(QStringLiteral("side"))) {
        // Fog of war on the table: the table as one side sees it, now or as a turn ended.
        if (hasObserver) {
            err() << "--side draws a side's view: leave out --observer and --target\n";
            return kBadInput;
        }
        const std::string side = args.value(QStringLiteral("side")).toStdString();
        const std::vector<std::string> sides = sl::tableSides(*scenario);
        if (std::find(sides.begin(), sides.end(), side) == sides.end()) {
            QStringList names;
            for (const std::string& n : sides) names << QString::fromStdString(n);
            err() << "--side: no model of side \"" << QString::fromStdString(side) << "\" on the table (sides: "
                  << (names.isEmpty() ? QStringLiteral("none") : names.join(QStringLiteral(", "))) << ")\n";
            return kBadInput;
        }
        std::optional<sl::render::FogView> view;
        if (args.isSet(QStringLiteral("turn"))) {
            bool ok = false;
            const int turn = args.value(QStringLiteral("turn")).toInt(&ok);
            const int ended = scenario->fog ? static_cast<int>(scenario->fog->history.size()) : 0;
            if (ok) view = sl::render::fogViewAtTurn(*scenario, side, turn);
            if (!view) {
                err() << "--turn: " << (ended == 0 ? QStringLiteral("the file's game has no turn ended yet (sightline-cli end-turn FILE ends one)")
                                                   : QStringLiteral("expected a turn the file's game has ended, from %1 to %2, found \"%3\"")
                                                         .arg(scenario->fog->history.front().turn)
                                                         .arg(scenario->fog->history.back().turn)
                                                         .arg(args.value(QStringLiteral("turn"))))
                      << '\n';
                return kBadInput;
            }
        } else {
            view = sl::render::fogViewNow(*scenario, side);
        }
        out() << QString::fromStdString(side) << " sees " << view->seen << " of " << view->enemies << " enemy models"
              << (view->overlay.ghosts.empty() ? QString() : QStringLiteral(" and remembers %1").arg(view->overlay.ghosts.size())) << '\n';
        if (shade) {
            // (A picture it cannot write is said before the veil's few seconds of work.)
            if (const auto problem = sl::render::pictureTypeProblem(args.value(QStringLiteral("output")))) {
                err() << *problem << '\n';
                return kBadInput;
            }
            // The vision map of every model of the side, a point that high on every inch, on
            // the table as the side knows it (the enemies it does not see are not there to
            // stop lines or to leave a mark).
            const sl::Scenario known = sl::tableKnownTo(view->table, side);
            std::vector<int> observers;
            for (int i = 0; i < static_cast<int>(known.models.size()); ++i)
                if (known.models[i].side == side) observers.push_back(i);
            if (observers.empty()) {
                err() << "--shade: side \"" << QString::fromStdString(side) << "\" had no model on the table then\n";
                return kBadInput;
            }
            sl::analysis::Probe point;
            point.base = {sl::BaseShape::Circle, 1, 1};
            point.height = *shade;
            point.keywords.clear();  // (a point: no keywords for the ruleset to read)
            const sl::analysis::VisionMap map = sl::analysis::visionMap(known, observers, point, 1.0);
            const sl::analysis::Tally t = sl::analysis::tally(map);
            view->overlay.map = sl::render::unseenLayer(map, known);
            out() << QString::fromStdString(side) << " does not see " << t.hidden << " sq in of the table, sees "
                  << t.visible + t.fully << (t.undecided ? QStringLiteral(" (%1 undecided)").arg(t.undecided) : QString())
                  << " (a point " << *shade << "\" high, on each 1\" cell)\n";
        }
        QString error;
        const QString file = args.value(QStringLiteral("output"));
        view->overlay.labels = !args.isSet(QStringLiteral("no-labels"));
        if (!sl::render::renderToFile(view->table, view->overlay, file, &error, *width)) {
            err() << error << '\n';
            return kBadInput;
        }
        out() << "wrote " << file << '\n';
        return kOk;
    }
    if (hasObserver) {
        const int o = modelOrFail(scene, args.value(QStringLiteral("observer")), "observer");
        if (o < 0) return kBadInput;
        if (measuring && !hasTarget) {
            overlay.observer = o;
        } else if (hasTarget) {
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
        if (args.isSet(QStringLiteral("measure"))) {
            const int to = modelOrFail(scene, args.value(QStringLiteral("measure")), "measure");
            if (to < 0) return kBadInput;
            if (to == o) {
                err() << "--measure names the observer itself: measure to another model\n";
                return kBadInput;
            }
            const sl::render::Measurement m = sl::render::baseToBase(scenario->models[o], scenario->models[to]);
            overlay.measurements.push_back(m);
            out() << QString::fromStdString(scenario->models[o].id) << " to " << QString::fromStdString(scenario->models[to].id)
                  << ": " << QString::fromStdString(m.label) << " base to base\n";
        }
        if (args.isSet(QStringLiteral("rings"))) {
            for (const QString& part : args.value(QStringLiteral("rings")).split(QLatin1Char(','))) {
                bool ok = false;
                const double r = part.trimmed().toDouble(&ok);
                if (!ok || !(r > 0) || r > 200) {
                    err() << "--rings: expected distances in inches above 0 (such as 6,12,18), found \"" << part.trimmed() << "\"\n";
                    return kBadInput;
                }
                overlay.ringRadii.push_back(r);
            }
            overlay.ringModels.push_back(o);
        }
    }
    QString error;
    const QString file = args.value(QStringLiteral("output"));
    overlay.labels = !args.isSet(QStringLiteral("no-labels"));
    if (!sl::render::renderToFile(*scenario, overlay, file, &error, *width)) {
        err() << error << '\n';
        return kBadInput;
    }
    out() << "wrote " << file << '\n';
    return kOk;
}

int endTurn(const QString& path) {
    std::optional<sl::Scenario> scenario = load(path);
    if (!scenario) return kBadInput;
    if (sl::tableSides(*scenario).size() < 2) {
        err() << path << ": no turn to end: fog of war needs models of two sides\n";
        return kBadInput;
    }
    if (!sl::endTableTurn(*scenario)) return kBadInput;
    const sl::TableTurn& ended = scenario->fog->history.back();
    for (const auto& [side, ids] : ended.seen) {
        QStringList names;
        for (const std::string& id : ids) names << QString::fromStdString(id);
        const auto remembered = ended.remembered.find(side);
        out() << QString::fromStdString(side) << " sees " << ids.size() << " enemy model(s)"
              << (names.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(names.join(QStringLiteral(", "))))
              << " and remembers " << (remembered == ended.remembered.end() ? 0 : remembered->second.size()) << '\n';
    }
    QString error;
    if (!sl::io::saveScenarioFile(*scenario, path, &error)) {
        err() << error << '\n';
        return kBadInput;
    }
    out() << "turn " << ended.turn << " ended; turn " << scenario->fog->turn << " begins (saved to " << path << ")\n";
    return kOk;
}

}  // namespace sl::cli
