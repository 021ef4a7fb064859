// The table as a side sees it (fog_view.h).
#include "fog_view.h"

#include "rules/table_fog.h"

#include <QObject>

#include <algorithm>

namespace sl::render {
namespace {

FogView viewOf(Scenario table, const std::string& side, const std::vector<std::string>& seen,
               const std::vector<TableSighting>& remembered) {
    FogView v;
    v.table = std::move(table);
    v.table.fog.reset();
    if (side.empty()) return v;
    for (int i = 0; i < static_cast<int>(v.table.models.size()); ++i) {
        const Model& m = v.table.models[static_cast<size_t>(i)];
        if (m.side == side) continue;
        ++v.enemies;
        if (std::find(seen.begin(), seen.end(), m.id) != seen.end()) ++v.seen;
        else v.overlay.unseen.push_back(i);
    }
    for (const TableSighting& g : remembered) v.overlay.ghosts.push_back({g.model, ghostLabel(g), QStringLiteral("T%1").arg(g.turnSeen)});
    return v;
}

}  // namespace

QString ghostLabel(const TableSighting& g) {
    return QObject::tr("%1, seen turn %2").arg(QString::fromStdString(g.model.name.empty() ? g.model.id : g.model.name)).arg(g.turnSeen);
}

FogView fogViewNow(const Scenario& scenario, const std::string& side) {
    if (side.empty()) return viewOf(scenario, side, {}, {});
    const auto now = seenNow(scenario);
    const auto it = now.find(side);
    const std::set<std::string> sees = it == now.end() ? std::set<std::string>{} : it->second;
    return viewOf(scenario, side, {sees.begin(), sees.end()}, tableGhosts(scenario, side, sees));
}

std::optional<FogView> fogViewAtTurn(const Scenario& scenario, const std::string& side, int turn) {
    if (!scenario.fog) return std::nullopt;
    for (const TableTurn& t : scenario.fog->history) {
        if (t.turn != turn) continue;
        Scenario table = scenario;
        table.models = t.models;
        const auto seen = t.seen.find(side);
        const auto remembered = t.remembered.find(side);
        return viewOf(std::move(table), side, seen == t.seen.end() ? std::vector<std::string>{} : seen->second,
                      remembered == t.remembered.end() ? std::vector<TableSighting>{} : remembered->second);
    }
    return std::nullopt;
}

}  // namespace sl::render
