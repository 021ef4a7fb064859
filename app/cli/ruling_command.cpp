// sightline-cli ruling: every model of one unit against every model of another under the
// file's ruleset, as text or JSON, and the judge's ruling sheet.
#include "commands.h"
#include "common.h"
#include "evaluation.h"
#include "rules/rulings.h"
#include "ruling_sheet.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <tuple>
#include <utility>

namespace sl::cli {

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
            err() << QStringLiteral("--%1: no unit \"%2\" in %3 (%4)\n")
                         .arg(QLatin1String(option), QString::fromStdString(unit), path,
                              units.isEmpty() ? QStringLiteral("the file has no models") : QStringLiteral("units: ") + units.join(QStringLiteral(", ")));
            return kBadInput;
        }
    if (attacker == target) {
        err() << "--attacker and --target name the same unit\n";
        return kBadInput;
    }
    // The pairs in dispute: attacking model, a colon, target model (ids), each of its unit.
    std::vector<std::pair<int, int>> disputed;
    for (const QString& value : args.values(QStringLiteral("disputed"))) {
        if (!args.isSet(QStringLiteral("pdf"))) {
            err() << "--disputed: the side view goes on the ruling sheet; add --pdf SHEET.pdf\n";
            return kBadInput;
        }
        const QStringList ids = value.split(QLatin1Char(':'));
        if (ids.size() != 2 || ids[0].isEmpty() || ids[1].isEmpty()) {
            err() << QStringLiteral("--disputed: expected ATTACKER:TARGET (two model ids and a colon), found \"%1\"\n").arg(value);
            return kBadInput;
        }
        const int a = modelOrFail(scene, ids[0], "disputed"), t = a < 0 ? -1 : modelOrFail(scene, ids[1], "disputed");
        if (a < 0 || t < 0) return kBadInput;
        for (const auto& [model, unit, role] : {std::tuple{a, attacker, "attacking"}, std::tuple{t, target, "target"}})
            if (scenario->models[static_cast<size_t>(model)].unit != unit) {
                err() << QStringLiteral("--disputed %1: \"%2\" is not a model of the %3 unit \"%4\"\n")
                             .arg(value, QString::fromStdString(scenario->models[static_cast<size_t>(model)].id),
                                  QLatin1String(role), QString::fromStdString(unit));
                return kBadInput;
            }
        disputed.emplace_back(a, t);
    }
    const sl::UnitRuling u = rulings.units(attacker, target, method);
    std::vector<sl::render::SheetSideView> views;
    if (args.isSet(QStringLiteral("pdf"))) {
        QString error;
        views = sl::render::disputedSideViews(scene, rulings, u, disputed);
        if (!sl::render::writeRulingSheet(*scenario, u, args.value(QStringLiteral("pdf")), &error, nullptr, views)) {
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
            if (scenario->ruleset.name != "true-los") {
                a[QStringLiteral("unit_cover")] = bool(u.coverAgainst[i]);
                a[QStringLiteral("unit_plunging_fire")] = bool(u.plungingAgainst[i]);
            }
            perAttacker.append(a);
        }
        for (size_t j = 0; j < u.targets.size(); ++j)
            perTarget.append(QJsonObject{{QStringLiteral("model"), QString::fromStdString(models[u.targets[j]].id)},
                                         {QStringLiteral("cover_against_unit"), bool(u.coverOf[j])}});
        QJsonArray reasonIds;
        for (size_t k = 0; k < u.reasons.size(); ++k) {
            reasons.append(QString::fromStdString(u.reasons[k]));
            QJsonArray ids;
            for (const auto& id : u.reasonIds[k]) ids.append(QString::fromStdString(id));
            reasonIds.append(ids);
        }
        QJsonObject doc{{QStringLiteral("scenario"), QString::fromStdString(scenario->name)},
                                           {QStringLiteral("ruleset"), QString::fromStdString(scenario->ruleset.name)},
                                           {QStringLiteral("fingerprint"), sl::render::scenarioFingerprint(*scenario)},
                                           {QStringLiteral("attacker"), QString::fromStdString(attacker)},
                                           {QStringLiteral("target"), QString::fromStdString(target)},
                                           {QStringLiteral("visible"), u.visible},
                                           {QStringLiteral("fully_visible"), u.fullyVisible},
                                           {QStringLiteral("attackers"), perAttacker},
                                           {QStringLiteral("targets"), perTarget},
                                           {QStringLiteral("pairs"), pairs},
                                           {QStringLiteral("reasons"), reasons},
                                           {QStringLiteral("reason_ids"), reasonIds}};
        // The attack as a whole (rulesets.md, "Per model, per unit"), as verify's unit queries read it.
        if (scenario->ruleset.name != "true-los") {
            doc[QStringLiteral("unit_cover")] = u.cover;
            doc[QStringLiteral("unit_plunging_fire")] = u.plungingFire;
        }
        out() << QJsonDocument(doc).toJson(QJsonDocument::Indented);
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
            // A pair that does not see gets a dash alone, as on the sheet (its cover still
            // counts towards the unit's: see the line below the matrix).
            QString cell = !r.visible        ? QString::fromLatin1(r.undecided ? "?" : "-")
                           : r.fully_visible ? QStringLiteral("full")
                                             : QString::fromLatin1(r.undecided ? "seen ?" : "seen");
            if (r.visible && r.hidden.value_or(false)) cell += QStringLiteral(" H");
            if (r.visible && r.cover.value_or(false)) cell += QStringLiteral(" C");
            if (r.visible && r.plunging_fire.value_or(false)) cell += QStringLiteral(" P");
            line += cell.leftJustified(width);
        }
        line += u.unitFullyVisible[i] ? QStringLiteral("fully visible") : u.unitVisible[i] ? QStringLiteral("visible") : QStringLiteral("not visible");
        if (scenario->ruleset.name != "true-los") line += u.coverAgainst[i] ? QStringLiteral(", cover") : QStringLiteral(", no cover");
        if (scenario->ruleset.name != "true-los" && u.plungingAgainst[i]) line += QStringLiteral(", plunging fire");
        out() << line << '\n';
    }
    out() << "(full: fully visible, seen: visible, -: not visible, ?: undecided (no proof either way); H hidden, C cover, "
             "P plunging fire for that pair; a model terrain hides entirely still counts towards its unit's cover)\n";
    if (scenario->ruleset.name != "true-los")
        out() << "the attack: " << (u.cover ? "cover" : "no cover") << (u.plungingFire ? ", plunging fire" : "") << '\n';
    if (scenario->ruleset.name == "wh40k-10e") {
        QStringList cover;
        for (size_t j = 0; j < u.targets.size(); ++j)
            cover << QStringLiteral("%1 %2").arg(QString::fromStdString(models[u.targets[j]].id), u.coverOf[j] ? QStringLiteral("yes") : QStringLiteral("no"));
        out() << "cover against the unit: " << cover.join(QStringLiteral(", ")) << '\n';
    }
    for (const auto& reason : u.reasons) out() << "  " << QString::fromStdString(reason) << '\n';
    if (args.isSet(QStringLiteral("pdf"))) {
        out() << "wrote " << args.value(QStringLiteral("pdf")) << '\n';
        for (const sl::render::SheetSideView& v : views)
            out() << "  with the side view of " << QString::fromStdString(models[static_cast<size_t>(v.attacker)].id) << " to "
                  << QString::fromStdString(models[static_cast<size_t>(v.target)].id) << " (" << v.why << ")\n";
        if (views.empty()) out() << "  (no side view: no pair is a close call; --disputed A:B adds one)\n";
    }
    return kOk;
}

}  // namespace sl::cli
