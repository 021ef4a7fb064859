// What a side remembers of the enemies it has seen, under the rules of the fog-of-war
// design (seed 001), for either kind of table: tiles, or the tabletop's inches. A sighting
// is recorded whenever the side sees the enemy; one the side does not see now is forgotten
// once the place it was seen at is seen again (the enemy is no longer there), or once it is
// older than a number of turns, or when it is removed from play before the side's eyes. The tile maps' fog of war (grid/fog) and the table's
// (rules/table_fog) both keep their memories by these rules. No Qt.
#pragma once

#include <iterator>
#include <map>
#include <set>
#include <string>

namespace sl::memory {

// Drops the memories that are gone at `turn`: `Sighting` has an `int turnSeen`;
// `placeSeen(sighting)` says whether the side now sees the place it was made at; `turns`
// is how long a memory lasts (kept while turn - turnSeen <= turns; -1: forever). Sightings
// of enemies seen now (`seenNow`, by id) are kept.
template <typename Sighting, typename PlaceSeen>
void forgetStale(std::map<std::string, Sighting>& sightings, const std::set<std::string>& seenNow, int turn, int turns,
                 PlaceSeen placeSeen) {
    for (auto it = sightings.begin(); it != sightings.end();) {
        const Sighting& m = it->second;
        const bool gone = !seenNow.count(it->first) && (placeSeen(m) || (turns >= 0 && turn - m.turnSeen > turns));
        it = gone ? sightings.erase(it) : std::next(it);
    }
}

// An enemy taken out of the game (killed, removed) while the side sees it: the side saw it
// go and forgets it. A side that does not see it keeps its memory (a ghost where it was
// last seen, until the rules above drop it).
template <typename Sighting>
void removedFromPlay(std::map<std::string, Sighting>& sightings, const std::string& id, bool seenByTheSide) {
    if (seenByTheSide) sightings.erase(id);
}

}  // namespace sl::memory
