// sightline-cli check and verify: a scenario's pairs answered (text or JSON), and every
// query's expectations checked across files.
#include "commands.h"
#include "los/exact_los.h"
#include "rules/side_view.h"
#include "side_view_picture.h"
#include "common.h"
#include "evaluation.h"
#include "rules/rulings.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace sl::cli {
namespace {

QString fixed(double v, int decimals = 2) { return QString::number(v, 'f', decimals); }

// The labels of pieces and models (their names, else their ids), as the board shows them.
QString labels(const sl::Scenario& s, const std::vector<std::string>& ids) {
    QStringList out;
    for (const auto& id : ids) out << QString::fromStdString(s.labelOf(id));
    return out.join(QStringLiteral(", "));
}

QString textLine(const sl::Scenario& s, const sl::PairResult& r) {
    QString line = QStringLiteral("%1 -> %2: ").arg(QString::fromStdString(r.observer), QString::fromStdString(r.target));
    if (r.visible) {
        line += QStringLiteral("visible, %1, %2% seen, distance %3\"")
                    .arg(r.fully_visible ? QStringLiteral("fully visible")
                         : r.undecided   ? QStringLiteral("fully visible undecided")
                                         : QStringLiteral("not fully visible"))
                    .arg(sl::percentSeen(r.visible_fraction))
                    .arg(fixed(r.distance));
        line += QStringLiteral(", witness (%1, %2) - (%3, %4)")
                    .arg(fixed(r.witness->a.x), fixed(r.witness->a.y), fixed(r.witness->b.x), fixed(r.witness->b.y));
        // (On the table, beside the line; the side view gives its height over or under a piece.)
        if (r.clearance)
            line += QStringLiteral(", room beside it %1\"%2")
                        .arg(fixed(*r.clearance, *r.clearance < 0.1 ? 4 : 2))
                        .arg(*r.clearance >= sl::kClearanceCap ? QStringLiteral(" or more") : QString());
    } else if (r.undecided) {
        line += QStringLiteral("undecided (no open line found that prints exactly, no proof that none is open), distance %1\"")
                    .arg(fixed(r.distance));
    } else {
        line += QStringLiteral("not visible, distance %1\"").arg(fixed(r.distance));
        if (!r.blocking_set.empty()) line += QStringLiteral("; every line blocked by %1").arg(labels(s, r.blocking_set));
    }
    if (!r.blocked_by.empty()) line += QStringLiteral("; centre line blocked by %1").arg(labels(s, r.blocked_by));
    // A game's rulings: the fields that hold, then the reasons, one per line.
    QStringList holds;
    if (r.cover.value_or(false)) holds << QStringLiteral("cover");
    if (r.hidden.value_or(false)) holds << QStringLiteral("hidden");
    if (r.plunging_fire.value_or(false)) holds << QStringLiteral("plunging fire");
    if (r.in_engagement_range.value_or(false)) holds << QStringLiteral("in engagement range");
    if (r.cover) line += QStringLiteral("; %1").arg(holds.isEmpty() ? QStringLiteral("no cover") : holds.join(QStringLiteral(", ")));
    if (r.tier) {  // (light and senses)
        QStringList senses;
        for (const auto& n : r.senses) senses << QString::fromStdString(n);
        line += QStringLiteral("; %1%2%3")
                    .arg(QString::fromStdString(*r.tier))
                    .arg(senses.isEmpty() ? QString() : QStringLiteral(" by ") + senses.join(QStringLiteral(", ")))
                    .arg(r.light.empty() ? QString() : QStringLiteral(" (light %1)").arg(QString::fromStdString(r.light)));
    }
    for (const auto& reason : r.reasons) line += QStringLiteral("\n    %1").arg(QString::fromStdString(reason));
    return line;
}

}  // namespace

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
    if (args.isSet(QStringLiteral("side-view")) && !args.isSet(QStringLiteral("observer"))) {
        err() << "--side-view needs --observer and --target (the pair whose sight line is drawn)\n";
        return kBadInput;
    }
    std::vector<sl::PairResult> results;
    const sl::Rulings rulings(scene);
    for (const sl::PlannedPair& p : pairs) results.push_back(rulings.evaluate(p.observer, p.target, method));
    if (args.isSet(QStringLiteral("side-view"))) {
        // The pair's sight line seen from the side, with what it passes (a drawing; the
        // verdict is the ruling's).
        const sl::PlannedPair& p = pairs.front();
        const sl::SideView view = sl::sideView(scene, rulings, p.observer, p.target, results.front());
        const QString observer = QString::fromStdString(scenario->labelOf(scenario->models[p.observer].id));
        const QString target = QString::fromStdString(scenario->labelOf(scenario->models[p.target].id));
        const QString file = args.value(QStringLiteral("side-view"));
        QString error;
        if (!sl::render::sideViewToFile(view, observer, target, file, &error)) {
            err() << error << '\n';
            return kBadInput;
        }
        err() << sl::render::sideViewCaption(view, observer, target) << "\nwrote " << file << '\n';
    }

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
    for (const sl::PairResult& r : results) out() << textLine(*scenario, r) << '\n';
    return kOk;
}

int verify(const QStringList& files, const QCommandLineParser& args, sl::Method method) {
    int passed = 0, failed = 0, unreadable = 0, undecided = 0;
    QJsonArray mismatchList, undecidedList;
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
            bool unproven = false;
            const QStringList problems = sl::queryMismatches(rulings, scene, q, method, &unproven);
            if (problems.isEmpty()) {
                ++passed;
                // "Not visible" as expected, but without a proof: said, so that a pass is
                // not taken for a proven answer.
                if (unproven) {
                    ++undecided;
                    const QString where = QStringLiteral("%1: queries[%2] %3 -> %4")
                                              .arg(path)
                                              .arg(i)
                                              .arg(QString::fromStdString(q.isUnit() ? q.attacker_unit : q.observer),
                                                   QString::fromStdString(q.isUnit() ? q.target_unit : q.target));
                    if (json) undecidedList.append(QJsonObject{{QStringLiteral("file"), path}, {QStringLiteral("query"), static_cast<int>(i)}});
                    else out() << where << ": passed, but undecided: no open line found, no proof that none is open\n";
                }
                continue;
            }
            ++failed;
            for (const QString& p : problems) {
                const QString where =
                    QStringLiteral("%1: queries[%2] %3 -> %4")
                        .arg(path)
                        .arg(i)
                        .arg(QString::fromStdString(q.isUnit() ? q.attacker_unit : q.observer),
                             QString::fromStdString(q.isUnit() ? q.target_unit : q.target));
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
                                           {QStringLiteral("undecided"), undecidedList},
                                           {QStringLiteral("unreadable_files"), unreadable},
                                           {QStringLiteral("mismatches"), mismatchList}})
                     .toJson(QJsonDocument::Indented);
    } else {
        out() << passed << " passed";
        if (undecided > 0) out() << " (" << undecided << " of them undecided: not visible as expected, but unproven)";
        out() << ", " << failed << " failed\n";
    }
    if (unreadable > 0) {
        out().flush();
        err() << unreadable << (unreadable == 1 ? " file" : " files")
              << " could not be read (see above) and counted as failed\n";
        return kBadInput;
    }
    return failed > 0 ? kMismatch : kOk;
}

}  // namespace sl::cli
