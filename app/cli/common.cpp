// The shared parts of sightline-cli's commands (see common.h).
#include "common.h"

#include "scenario_io.h"

#include <QFile>
#include <QStringList>

namespace sl::cli {

QTextStream& out() {
    static QTextStream s(stdout);
    return s;
}
QTextStream& err() {
    static QTextStream s(stderr);
    return s;
}

std::optional<sl::Scenario> load(const QString& path) {
    sl::io::ReadResult r = sl::io::readScenarioFile(path);
    for (const sl::io::Problem& p : r.problems) err() << p.toString() << '\n';
    err().flush();
    return r.scenario;
}

int modelOrFail(const sl::Scene& scene, const QString& id, const char* option) {
    const int i = scene.modelIndex(id.toStdString());
    if (i < 0) {
        QStringList ids;
        for (const sl::Model& m : scene.scenario().models) ids << QString::fromStdString(m.id);
        if (ids.isEmpty())
            err() << QStringLiteral("--%1: no model has the id \"%2\": the file has no models\n").arg(QLatin1String(option), id);
        else
            err() << QStringLiteral("--%1: no model has the id \"%2\" (models: %3)\n")
                         .arg(QLatin1String(option), id, ids.join(QStringLiteral(", ")));
    }
    return i;
}

std::optional<int> pngWidth(const QCommandLineParser& args) {
    if (!args.isSet(QStringLiteral("width"))) return 1800;
    bool ok = false;
    const int width = args.value(QStringLiteral("width")).toInt(&ok);
    if (!ok || width < 200 || width > 8000) {
        err() << "--width: expected a whole number of pixels from 200 to 8000, found \"" << args.value(QStringLiteral("width")) << "\"\n";
        return std::nullopt;
    }
    return width;
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

}  // namespace sl::cli
