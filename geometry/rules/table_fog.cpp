// Fog of war on the table (table_fog.h).
#include "rules/table_fog.h"

#include "kernel/memory.h"
#include "los/scene.h"
#include "rules/rulings.h"

#include <algorithm>
#include <memory>

namespace sl {

std::set<std::string> placesSeenAgain(const Scenario& scenario, const std::string& side,
                                      const std::map<std::string, TableSighting>& sightings,
                                      const std::set<std::string>& seen, const std::atomic<bool>* cancel) {
    std::set<std::string> out;
    Scenario table = scenario;
    std::vector<std::pair<size_t, std::string>> ghosts;  // index on the table, remembered id
    for (const auto& [id, g] : sightings) {
        if (seen.count(id)) continue;
        Model m = g.model;
        m.id = "(remembered) " + id;
        m.unit = m.id;
        ghosts.emplace_back(table.models.size(), id);
        table.models.push_back(std::move(m));
    }
    if (ghosts.empty()) return out;
    const Scene scene(table);
    const Rulings rulings(scene);
    const std::vector<char> now = rulings.seenBySide(side, cancel);
    for (const auto& [index, id] : ghosts)
        if (now[index]) out.insert(id);
    return out;
}

void forgetRemovedInSight(Scenario& scenario, const std::set<std::string>& gone) {
    if (!scenario.fog || gone.empty()) return;
    std::unique_ptr<Scene> scene;  // (made when a side remembers one of them)
    std::unique_ptr<Rulings> rulings;
    for (auto& [side, sightings] : scenario.fog->sightings) {
        for (const std::string& id : gone) {
            if (!sightings.count(id)) continue;
            const Model* target = scenario.findModel(id);
            if (!target || target->side == side) continue;
            if (!scene) {
                scene = std::make_unique<Scene>(scenario);
                rulings = std::make_unique<Rulings>(*scene);
            }
            const int t = scene->modelIndex(id);
            bool seen = false;
            for (int m = 0; m < static_cast<int>(scenario.models.size()) && !seen; ++m)
                if (scenario.models[m].side == side && !gone.count(scenario.models[m].id)) seen = rulings->visible(m, t);
            memory::removedFromPlay(sightings, id, seen);
        }
    }
}

Scenario tableKnownTo(const Scenario& scenario, const std::string& side, std::vector<int>* kept,
                      std::vector<std::string>* hidden) {
    const Scene scene(scenario);
    const Rulings rulings(scene);
    const std::vector<char> seen = rulings.seenBySide(side);
    Scenario known = scenario;
    known.models.clear();
    if (kept) kept->clear();
    if (hidden) hidden->clear();
    for (size_t i = 0; i < scenario.models.size(); ++i) {
        if (seen[i] || scenario.models[i].side == side) {
            known.models.push_back(scenario.models[i]);
            if (kept) kept->push_back(static_cast<int>(i));
        } else if (hidden) {
            hidden->push_back(scenario.models[i].id);
        }
    }
    return known;
}

std::vector<std::string> tableSides(const Scenario& scenario) {
    std::vector<std::string> sides;
    for (const Model& m : scenario.models)
        if (std::find(sides.begin(), sides.end(), m.side) == sides.end()) sides.push_back(m.side);
    return sides;
}

std::map<std::string, std::set<std::string>> seenNow(const Scenario& scenario, const std::atomic<bool>* cancel) {
    std::map<std::string, std::set<std::string>> out;
    Scene scene(scenario);
    scene.setCancel(cancel);
    const Rulings rulings(scene);
    for (const std::string& side : tableSides(scenario)) {
        const std::vector<char> seen = rulings.seenBySide(side, cancel);
        std::set<std::string>& ids = out[side];
        for (size_t i = 0; i < seen.size(); ++i)
            if (seen[i]) ids.insert(scenario.models[i].id);
    }
    return out;
}

bool endTableTurn(Scenario& scenario, const std::atomic<bool>* cancel) {
    TableFog fog = scenario.fog.value_or(TableFog{});
    const auto seen = seenNow(scenario, cancel);
    if (cancel && cancel->load()) return false;
    TableTurn record;
    record.turn = fog.turn;
    record.models = scenario.models;
    for (const std::string& side : tableSides(scenario)) {
        std::map<std::string, TableSighting>& sightings = fog.sightings[side];
        const std::set<std::string>& sees = seen.at(side);
        std::set<std::string> enemies;  // the enemies it sees now
        for (const Model& m : scenario.models)
            if (m.side != side && sees.count(m.id)) {
                enemies.insert(m.id);
                sightings[m.id] = {m, fog.turn};
            }
        const std::set<std::string> again = placesSeenAgain(scenario, side, sightings, enemies, cancel);
        if (cancel && cancel->load()) return false;
        memory::forgetStale(sightings, enemies, fog.turn, fog.memoryTurns,
                            [&](const TableSighting& g) { return again.count(g.model.id) > 0; });
        record.seen[side].assign(enemies.begin(), enemies.end());
        std::vector<TableSighting>& remembered = record.remembered[side];
        for (const auto& [id, g] : sightings)
            if (!enemies.count(id)) remembered.push_back(g);
    }
    fog.history.push_back(std::move(record));
    ++fog.turn;
    scenario.fog = std::move(fog);
    return true;
}

std::vector<TableSighting> tableGhosts(const Scenario& scenario, const std::string& side, const std::set<std::string>& seen,
                                       const std::set<std::string>& placesSeen) {
    std::vector<TableSighting> out;
    if (!scenario.fog) return out;
    const auto it = scenario.fog->sightings.find(side);
    if (it == scenario.fog->sightings.end()) return out;
    const int lastEnded = scenario.fog->turn - 1;
    const int turns = scenario.fog->memoryTurns;
    for (const auto& [id, g] : it->second)
        if (!seen.count(id) && !placesSeen.count(id) && !(turns >= 0 && lastEnded - g.turnSeen > turns)) out.push_back(g);
    return out;
}

}  // namespace sl
