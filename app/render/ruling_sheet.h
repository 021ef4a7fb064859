// The judge's ruling sheet: one PDF page for an attacking unit against a target unit, with
// the board zoomed to the two units and their sight lines, the model-by-model matrix, cover,
// hidden and plunging fire, the reasons with their rule numbers, the ruleset and its
// options, the date, and a fingerprint of the scenario so both players can check they look
// at the same table.
#pragma once

#include "board_renderer.h"
#include "rules/rulings.h"

#include <QString>

namespace sl::render {

// The board overlay of a unit ruling: every pair's line, the units selected.
Overlay unitOverlay(const UnitRuling& ruling);

// The first 12 hex digits of the SHA-256 of the scenario as saved: equal tables, equal
// fingerprints.
QString scenarioFingerprint(const Scenario& scenario);

// The matrix, the units' rulings and the reasons as HTML (the sheet's right half, and the
// window's ruling panel in the unit modes).
QString rulingHtml(const Scenario& scenario, const UnitRuling& ruling);

// Writes the sheet as a PDF (A4 landscape), or as a PNG when the path ends in .png.
bool writeRulingSheet(const Scenario& scenario, const UnitRuling& ruling, const QString& path, QString* error);

}  // namespace sl::render
