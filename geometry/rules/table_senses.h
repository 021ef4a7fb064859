// Light and senses on the table (true-los): the light at a point from the scenario's lights
// (features stop light as they stop sight lines; areas tagged "darkness" are dark whatever
// lights them; elsewhere the ambient light), and what a pair's ruling adds with them: the
// tier (seen, outline, unseen) and the senses that detect the target, from the exact line
// of sight and the light where the line found meets the target.
#pragma once

#include "kernel/types.h"
#include "los/pair.h"
#include "los/scene.h"

#include <string>

namespace sl {

// Whether the scenario uses light and senses: an ambient light other than bright, a light,
// a darkness area, or a model with senses. Otherwise rulings are as they always were.
bool usesSenses(const Scenario& scenario);

enum class TableLightLevel { Dark = 0, Dim = 1, Bright = 2 };
std::string lightName(TableLightLevel level);

// The light at point p, `height` inches above the table.
TableLightLevel lightAt(const Scene& scene, Vec2 p, double height);

// The pair's tier, senses and light, with a reason, added to its ruling (true-los). Sight
// needs the target visible, not invisible, and lit (dim or bright) where the witness meets
// it; darkvision sees it visible within its range whatever the light but a darkness area's
// (magical darkness); blindsight sees it
// visible within its range, invisible too; tremorsense senses it within range unless it
// flies; telepathy within range unless it is mindless (no line needed for either). Seen by
// sight, darkvision or blindsight; outline by tremorsense or telepathy; else unseen.
// Ranges are base to base (the pair's distance).
void applySenses(const Scene& scene, int observer, int target, PairResult& result);

}  // namespace sl
