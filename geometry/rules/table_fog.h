// Fog of war on the table: each side sees its own models and the enemy models some model
// of it sees under the scenario's ruleset (Rulings::seenBySide); it remembers the enemies
// it saw as ghosts where it last saw them, by the same rules as the tile maps' fog of war
// (kernel/memory.h: forgotten once that place is seen again, or after memoryTurns turns);
// and each turn ended is kept, so that the game can be replayed from either side. No Qt.
#pragma once

#include "kernel/types.h"

#include <atomic>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace sl {

// The sides of the table (the models' sides, in the order they first appear).
std::vector<std::string> tableSides(const Scenario& scenario);

// What each side sees now: by side, the ids of the models it sees (its own included).
std::map<std::string, std::set<std::string>> seenNow(const Scenario& scenario, const std::atomic<bool>* cancel = nullptr);

// Ends the turn being played (scenario.fog made when there is none): what each side sees now
// is recorded as its sightings, memories it no longer keeps are forgotten, the turn as it
// ended goes into the history, and the next turn begins. False, nothing changed, when
// `cancel` was set meanwhile.
bool endTableTurn(Scenario& scenario, const std::atomic<bool>* cancel = nullptr);

// Of the side's memories (`sightings`, by id), those of enemies it does not see (`seen`,
// by id) whose place it sees now: a model as remembered, standing where it was seen, would
// be seen by the side (each placed on the table as it is, with a unit of its own).
std::set<std::string> placesSeenAgain(const Scenario& scenario, const std::string& side,
                                      const std::map<std::string, TableSighting>& sightings, const std::set<std::string>& seen,
                                      const std::atomic<bool>* cancel = nullptr);

// Models about to be taken off the table (`gone`, by id) while a game is played with fog of
// war: each side that sees one of them now (some model of it that stays sees it under the
// ruleset) forgets it; a side that does not see it keeps its ghost. Nothing without a game.
// Seen at the moment of removal: the table as it stands before it, the other models taken
// off with it included (they may still hide it).
void forgetRemovedInSight(Scenario& scenario, const std::set<std::string>& gone);

// The table as a side knows it now: its own models and the other models it sees (as
// seenNow decides), the rest taken off, so that nothing drawn or worked out for the side
// gives them away. `kept`, when given, gets each remaining model's index in `scenario`;
// `hidden` the ids taken off.
Scenario tableKnownTo(const Scenario& scenario, const std::string& side, std::vector<int>* kept = nullptr,
                      std::vector<std::string>* hidden = nullptr);

// The side's ghosts now: the enemies it remembers (as it last saw them) and does not see
// (`seen`, by id), less those whose place it sees again (`placesSeen`, by id: what
// placesSeenAgain says) and those older, at the last turn ended, than the game's memory
// now allows (it may have been shortened since).
std::vector<TableSighting> tableGhosts(const Scenario& scenario, const std::string& side, const std::set<std::string>& seen,
                                       const std::set<std::string>& placesSeen = {});

}  // namespace sl
