// A fog-of-war game played from a script: set-up lines, then turns of moves. Each turn
// starts with a heading ("== turn 2 ==") and ends with a report per side (its fog, the
// enemies it sees, the ones it remembers). No Qt.
//
//     // comment
//     mode los                     radius (the default), los or senses
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
//     light 5,3 4 [bright=2]       a light source (mode senses)
//     perceive A                   what A perceives, by which senses (mode senses)
//
// Under `mode senses` a unit line takes its senses and traits too (perception.h):
// sight=N light=N shadow=N darkvision=N blindsight=N tremorsense=N telepathy=N awareness=N
// scent=N spot=N hide=N flying mindless undead invisible see-invisible asleep.
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
// Under VisionMode::Senses, what one unit perceives: its senses, the map in its three tiers
// (seen: the terrain's symbol; outline: a middle dot or a shade; unseen: blank; creatures it
// sees by the first letter of their id, those it only senses '%'), and for every other unit
// the senses that detect it.
void printPerception(const FogGame& game, const std::string& unit, const LinePrinter& print);
// The light, a character a tile: blank dark, '-' lit, '+' bright (opaque tiles their symbol).
std::vector<std::string> renderLight(const PerceptionWorld& world);
// The tiers of the map and of the units (in the order of game.units()) as above.
std::vector<std::string> renderTiers(const FogGame& game, const std::vector<Tier>& tiers, const std::vector<Perceived>& units);
// Rows framed by a border, so that blank (unexplored) tiles keep their place.
void printFramed(const std::vector<std::string>& rows, int width, const LinePrinter& print);

}  // namespace sl::grid
