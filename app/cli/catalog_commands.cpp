// sightline-cli catalog and import-40kdc: searching the built-in base catalog, and making
// the official layouts' scenario files or the catalog from 40kdc-data.
#include "commands.h"
#include "common.h"
#include "kdc_data.h"
#include "kdc_layouts.h"
#include "scenario_edits.h"
#include "scenario_io.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

namespace sl::cli {

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

}  // namespace sl::cli
