// sightline-cli render: the table drawn to PNG, SVG or PDF, with a pair's sight lines or an
// observer against its enemies.
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

}  // namespace sl::cli
