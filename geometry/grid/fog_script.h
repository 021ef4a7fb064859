// A fog-of-war game played from a script: set-up lines, then turns of moves. Each turn
// starts with a heading ("== turn 2 ==") and ends with a report per side (its fog, the
// enemies it sees, the ones it remembers). No Qt.
//
//     // comment
//     mode los                     radius (the default) or los
//     memory 3                     turns a memory is kept; forever: never expires
//     unit-vision archer 4         a unit type's range (others: 3)
//     structure-vision tower 6     a structure kind's range (headquarters 4, building 3, tower 5)
//     side red
//     unit red A archer 2,3 [health=10] [vision=N|terrain] [perception=N]
//     structure red headquarters 1,1 [vision=N]
//     turn                         ends the turn (every side's report) and starts the next
//     move A 3,3
//     health B 4
//     remove B                     the unit dies or leaves the map
//     target red 7,4               can red target that tile now?
//     show                         every side's report now
//     observer A                   the tiles A has seen and stood on
//
// Coordinates are column x, row y from the top-left, 0-based. Set-up lines (mode, memory,
// unit-vision, structure-vision) come before the first `turn`.
#pragma once

#include "grid/fog.h"

#include <functional>
#include <string>

namespace sl::grid {

using LinePrinter = std::function<void(const std::string&)>;

// Plays `script` on `game`, printing through `print`; `onlySide` limits the reports to one
// side. Returns false with "line N: problem" at the first bad line (what came before it
// stays played and printed).
// `onReport`, if given, is called with each side's name after each report of it is
// printed (at every `turn` and `show`), for pictures of the same moment.
using ReportHook = std::function<void(const FogGame&, const std::string& side)>;
bool playFogScript(FogGame& game, const std::string& script, const LinePrinter& print, std::string* problem,
                   const std::string& onlySide = {}, const ReportHook& onReport = {});

// One side's report: a heading with counts, the framed fog, enemies seen and remembered.
void printSideReport(const FogGame& game, const std::string& side, const LinePrinter& print);
// Rows framed by a border, so that blank (unexplored) tiles keep their place.
void printFramed(const std::vector<std::string>& rows, int width, const LinePrinter& print);

}  // namespace sl::grid
