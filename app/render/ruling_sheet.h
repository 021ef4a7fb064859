// The judge's ruling sheet: an attacking unit against a target unit, read at arm's length
// across a table. Page one holds the board zoomed to the two units and what stands between
// them, every model numbered (1, 2, ... within its unit, in file order, as in the matrix),
// every piece a reason cites labelled, and the sight lines of the pairs; beside it the
// verdict and the legend. The matrix (split into tables of a few targets when the units are
// large), cover and plunging fire where players look for them, and the reasons grouped by
// pair follow, on further pages when they do not fit. Every page names the ruleset and its
// options, the date and a fingerprint of the scenario so both players can check they look
// at the same table.
#pragma once

#include "board_renderer.h"
#include "rules/rulings.h"

#include <QString>

namespace sl::render {

// The board overlay of a unit ruling: the sight line of every pair that sees, the units
// selected.
Overlay unitOverlay(const UnitRuling& ruling);

// The first 12 hex digits of the SHA-256 of the scenario as saved: equal tables, equal
// fingerprints.
QString scenarioFingerprint(const Scenario& scenario);

// Writes the sheet as a PDF (A4 landscape, vector, as many pages as it takes), or as a PNG
// (150 dpi, the pages one under the other) when the path ends in .png. `pages` receives the
// number of pages.
bool writeRulingSheet(const Scenario& scenario, const UnitRuling& ruling, const QString& path, QString* error,
                      int* pages = nullptr);

}  // namespace sl::render
