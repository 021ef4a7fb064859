// sightline-cli render: the table drawn to PNG, SVG or PDF, with a pair's sight lines or an
// observer against its enemies, and measuring: a distance base to base, range rings.
#include "board_renderer.h"
#include "commands.h"
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
    if (!sl::render::renderToFile(*scenario, overlay, file, &error, *width)) {
        err() << error << '\n';
        return kBadInput;
    }
    out() << "wrote " << file << '\n';
    return kOk;
}

}  // namespace sl::cli
