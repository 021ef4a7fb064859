// Which pairs a scenario asks about, a pair's result as JSON, and how a result differs
// from a query's expectations (the messages `verify` prints).
#include "evaluation.h"

#include <QJsonArray>

#include <algorithm>
#include <optional>
#include <cmath>

namespace sl {
namespace {

constexpr double kNumberTolerance = 1e-6;

QString describe(const Expectation& e) {
    switch (e.type) {
    case Expectation::Type::Bool: return e.boolean ? QStringLiteral("true") : QStringLiteral("false");
    case Expectation::Type::Number: return QString::number(e.min, 'g', 10);
    case Expectation::Type::Range: {
        QString lo = std::isfinite(e.min) ? QString::number(e.min, 'g', 10) : QStringLiteral("-inf");
        QString hi = std::isfinite(e.max) ? QString::number(e.max, 'g', 10) : QStringLiteral("inf");
        return QStringLiteral("between %1 and %2").arg(lo, hi);
    }
    case Expectation::Type::Ids: {
        QStringList ids;
        for (const auto& id : e.ids) ids << QString::fromStdString(id);
        return QStringLiteral("[%1]").arg(ids.join(QStringLiteral(", ")));
    }
    }
    return {};
}

QString idsText(std::vector<std::string> ids) {
    std::sort(ids.begin(), ids.end());
    QStringList out;
    for (const auto& id : ids) out << QString::fromStdString(id);
    return QStringLiteral("[%1]").arg(out.join(QStringLiteral(", ")));
}

}  // namespace

std::vector<PlannedPair> plannedPairs(const Scene& scene) {
    const Scenario& s = scene.scenario();
    std::vector<PlannedPair> pairs;
    if (!s.queries.empty()) {
        for (size_t i = 0; i < s.queries.size(); ++i)
            if (!s.queries[i].isUnit())  // (unit queries are answered by `verify` and `ruling`)
                pairs.push_back({scene.modelIndex(s.queries[i].observer), scene.modelIndex(s.queries[i].target),
                             static_cast<int>(i)});
        return pairs;
    }
    for (size_t o = 0; o < s.models.size(); ++o)
        for (size_t t = 0; t < s.models.size(); ++t)
            if (s.models[o].side != s.models[t].side) pairs.push_back({static_cast<int>(o), static_cast<int>(t), -1});
    return pairs;
}

QJsonObject resultToJson(const PairResult& r) {
    QJsonObject o;
    o[QStringLiteral("observer")] = QString::fromStdString(r.observer);
    o[QStringLiteral("target")] = QString::fromStdString(r.target);
    o[QStringLiteral("visible")] = r.visible;
    o[QStringLiteral("fully_visible")] = r.fully_visible;
    // (null when not worked out: a unit ruling made for the window leaves it out)
    o[QStringLiteral("visible_fraction")] = r.fraction_known ? QJsonValue(r.visible_fraction) : QJsonValue(QJsonValue::Null);
    o[QStringLiteral("distance")] = r.distance;
    // Only when true: no proof either way (not visible, or not fully visible, is then
    // unproven; see the README's "Exact guarantees").
    if (r.undecided) o[QStringLiteral("undecided")] = true;
    if (r.witness)
        o[QStringLiteral("witness")] = QJsonArray{QJsonArray{r.witness->a.x, r.witness->a.y},
                                                  QJsonArray{r.witness->b.x, r.witness->b.y}};
    else
        o[QStringLiteral("witness")] = QJsonValue::Null;
    QJsonArray blocked;
    for (const auto& id : r.blocked_by) blocked.append(QString::fromStdString(id));
    o[QStringLiteral("blocked_by")] = blocked;
    if (r.method == Method::Exact) {
        o[QStringLiteral("clearance")] = r.clearance ? QJsonValue(*r.clearance) : QJsonValue(QJsonValue::Null);
        QJsonArray set;
        for (const auto& id : r.blocking_set) set.append(QString::fromStdString(id));
        o[QStringLiteral("blocking_set")] = set;
    }
    o[QStringLiteral("method")] = QString::fromUtf8(methodName(r.method).data(), static_cast<int>(methodName(r.method).size()));
    // The ruleset's fields, when the scenario plays a game.
    const std::pair<const char*, const std::optional<bool>*> rulings[] = {
        {"cover", &r.cover}, {"hidden", &r.hidden}, {"plunging_fire", &r.plunging_fire},
        {"in_engagement_range", &r.in_engagement_range}};
    bool game = false;
    for (const auto& [key, value] : rulings)
        if (value->has_value()) {
            o[QLatin1String(key)] = **value;
            game = true;
        }
    if (r.tier) {  // (light and senses)
        o[QStringLiteral("tier")] = QString::fromStdString(*r.tier);
        QJsonArray senses;
        for (const auto& n : r.senses) senses.append(QString::fromStdString(n));
        o[QStringLiteral("senses")] = senses;
        o[QStringLiteral("light")] = r.light.empty() ? QJsonValue(QJsonValue::Null) : QJsonValue(QString::fromStdString(r.light));
        game = true;
    }
    if (game) {
        QJsonArray reasons;
        for (const auto& reason : r.reasons) reasons.append(QString::fromStdString(reason));
        o[QStringLiteral("reasons")] = reasons;
        // The ids each reason cites (the reasons name pieces and models by their labels).
        QJsonArray ids;
        for (size_t k = 0; k < r.reasons.size(); ++k) {
            QJsonArray cited;
            if (k < r.reason_ids.size())
                for (const auto& id : r.reason_ids[k]) cited.append(QString::fromStdString(id));
            ids.append(cited);
        }
        o[QStringLiteral("reason_ids")] = ids;
    }
    return o;
}

QStringList knownResultFields() {
    return {QStringLiteral("visible"),       QStringLiteral("fully_visible"), QStringLiteral("visible_fraction"),
            QStringLiteral("distance"),      QStringLiteral("blocked_by"),    QStringLiteral("blocking_set"),
            QStringLiteral("cover"),         QStringLiteral("hidden"),        QStringLiteral("plunging_fire"),
            QStringLiteral("in_engagement_range"), QStringLiteral("reasons"), QStringLiteral("tier"), QStringLiteral("senses")};
}

QStringList mismatches(const PairResult& r, const Query& q) {
    QStringList out;
    for (const Expectation& e : q.expect) {
        const QString key = QString::fromStdString(e.key);
        auto wrongType = [&](const char* wanted) {
            out << QStringLiteral("%1: expected %2 for a %3 field").arg(key, describe(e), QLatin1String(wanted));
        };
        const std::optional<bool> ruling = key == QLatin1String("cover")           ? r.cover
                                           : key == QLatin1String("hidden")        ? r.hidden
                                           : key == QLatin1String("plunging_fire") ? r.plunging_fire
                                           : key == QLatin1String("in_engagement_range") ? r.in_engagement_range
                                                                                         : std::nullopt;
        const bool isRuling = key == QLatin1String("cover") || key == QLatin1String("hidden") ||
                              key == QLatin1String("plunging_fire") || key == QLatin1String("in_engagement_range");
        if (isRuling && !ruling) {
            out << QStringLiteral("%1: the ruleset gives no such ruling (a game ruleset such as wh40k-11e does)").arg(key);
        } else if (key == QLatin1String("visible") || key == QLatin1String("fully_visible") || isRuling) {
            const bool got = isRuling ? ruling.value_or(false) : key == QLatin1String("visible") ? r.visible : r.fully_visible;
            if (e.type != Expectation::Type::Bool) wrongType("true/false");
            else if (got != e.boolean)
                out << QStringLiteral("%1: expected %2, got %3").arg(key, describe(e), got ? QStringLiteral("true") : QStringLiteral("false"));
        } else if (key == QLatin1String("visible_fraction") || key == QLatin1String("distance")) {
            const double got = key == QLatin1String("distance") ? r.distance : r.visible_fraction;
            if (e.type != Expectation::Type::Number && e.type != Expectation::Type::Range) wrongType("number");
            else if (got < e.min - kNumberTolerance || got > e.max + kNumberTolerance)
                out << QStringLiteral("%1: expected %2, got %3").arg(key, describe(e), QString::number(got, 'g', 10));
        } else if (key == QLatin1String("tier") || key == QLatin1String("senses")) {
            // Light and senses: ["seen"], or the senses that detect the target, in any order.
            if (!r.tier) out << QStringLiteral("%1: the scenario uses no light or senses (lights, ambient_light, senses)").arg(key);
            else if (e.type != Expectation::Type::Ids) wrongType("list of texts");
            else {
                std::vector<std::string> got = key == QLatin1String("tier") ? std::vector<std::string>{*r.tier} : r.senses;
                std::vector<std::string> want = e.ids;
                std::sort(got.begin(), got.end());
                std::sort(want.begin(), want.end());
                if (got != want) {
                    QStringList g;
                    for (const auto& x : got) g << QString::fromStdString(x);
                    out << QStringLiteral("%1: expected %2, got [%3]").arg(key, describe(e), g.join(QStringLiteral(", ")));
                }
            }
        } else if (key == QLatin1String("reasons")) {
            // Each expected text is part of some reason ("13.10" or a whole reason).
            if (e.type != Expectation::Type::Ids) wrongType("list of texts");
            else
                for (const std::string& want : e.ids) {
                    bool found = false;
                    for (const std::string& reason : r.reasons) found = found || reason.find(want) != std::string::npos;
                    if (!found)
                        out << QStringLiteral("reasons: expected one containing \"%1\", got %2")
                                   .arg(QString::fromStdString(want), idsText(r.reasons));
                }
        } else if (key == QLatin1String("blocked_by") || key == QLatin1String("blocking_set")) {
            if (e.type != Expectation::Type::Ids) wrongType("list of ids");
            else {
                std::vector<std::string> want = e.ids, got = key == QLatin1String("blocked_by") ? r.blocked_by : r.blocking_set;
                std::sort(want.begin(), want.end());
                std::sort(got.begin(), got.end());
                if (want != got) out << QStringLiteral("%1: expected %2, got %3").arg(key, idsText(want), idsText(got));
            }
        } else {
            out << QStringLiteral("%1: unknown result field (known: %2)").arg(key, knownResultFields().join(QStringLiteral(", ")));
        }
    }
    return out;
}

QStringList knownUnitFields() {
    return {QStringLiteral("unit_visible"), QStringLiteral("unit_fully_visible"), QStringLiteral("unit_cover"),
            QStringLiteral("unit_plunging_fire")};
}

QStringList unitMismatches(const UnitRuling& u, const Query& q) {
    QStringList out;
    for (const Expectation& e : q.expect) {
        const QString key = QString::fromStdString(e.key);
        std::optional<bool> got;
        if (key == QLatin1String("unit_visible")) got = u.visible;
        else if (key == QLatin1String("unit_fully_visible")) got = u.fullyVisible;
        else if (key == QLatin1String("unit_cover")) got = u.cover;
        else if (key == QLatin1String("unit_plunging_fire")) got = u.plungingFire;
        if (!got) {
            out << QStringLiteral("%1: unknown field of a unit query (known: %2)")
                       .arg(key, knownUnitFields().join(QStringLiteral(", ")));
        } else if (e.type != Expectation::Type::Bool) {
            out << QStringLiteral("%1: expected %2 for a true/false field").arg(key, describe(e));
        } else if (*got != e.boolean) {
            out << QStringLiteral("%1: expected %2, got %3").arg(key, describe(e), *got ? QStringLiteral("true") : QStringLiteral("false"));
        }
    }
    return out;
}

QStringList queryMismatches(const Rulings& rulings, const Scene& scene, const Query& q, Method method, bool* undecided) {
    if (undecided) *undecided = false;
    if (q.isUnit()) {
        const UnitRuling u = rulings.units(q.attacker_unit, q.target_unit, method);
        if (undecided)
            for (const auto& row : u.pairs)
                for (const PairResult& r : row) *undecided = *undecided || (!r.visible && r.undecided);
        return unitMismatches(u, q);
    }
    const PairResult r = rulings.evaluate(scene.modelIndex(q.observer), scene.modelIndex(q.target), method);
    if (undecided) *undecided = !r.visible && r.undecided;
    return mismatches(r, q);
}

int percentSeen(double fraction) {
    if (fraction >= 1) return 100;
    if (fraction <= 0) return 0;
    return std::clamp(static_cast<int>(std::lround(fraction * 100)), 1, 99);
}

}  // namespace sl
