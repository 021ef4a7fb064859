// Fog of war on the table, drawn: the table as one side sees it, now or as a turn of the
// game's history ended (the enemies it does not see left out, those it remembers as ghosts),
// for the window's Turn History and the CLI's `render --side`.
#pragma once

#include "board_renderer.h"

#include <optional>
#include <string>

namespace sl::render {

struct FogView {
    Scenario table;   // the models as they stood
    Overlay overlay;  // unseen models and ghosts (`side` empty: every model, no ghost)
    int seen = 0, enemies = 0;  // enemy models the side sees, of all
};

// As the table stands now: what the side sees worked out by the engine (exact decisions
// under the ruleset); its memories from the file's game, if any.
FogView fogViewNow(const Scenario& scenario, const std::string& side);
// As the turn `turn` of the game's history ended; nothing when there is no such turn.
std::optional<FogView> fogViewAtTurn(const Scenario& scenario, const std::string& side, int turn);

// A ghost's label: "Raider, seen turn 2".
QString ghostLabel(const TableSighting& g);

}  // namespace sl::render
