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
#include "rules/side_view.h"

#include <QString>

#include <utility>
#include <vector>

namespace sl::render {

// The board overlay of a unit ruling: the sight line of every pair that sees, the units
// selected.
Overlay unitOverlay(const UnitRuling& ruling);

// The first 12 hex digits of the SHA-256 of the scenario as saved: equal tables, equal
// fingerprints.
QString scenarioFingerprint(const Scenario& scenario);

// A pair in dispute, drawn at the end of the sheet as the window's Side View draws it: the
// vertical section along its sight line (the witness, or the least blocked line), every
// piece it passes with its top, and the clearance where it comes nearest.
struct SheetSideView {
    int attacker = -1, target = -1;  // the scenario's model indices
    SideView view;
    QString why;  // why this pair is shown: named by the judge, or the closest call
};

// A line within this many inches of a piece it passes over, or dipping less than this into
// the piece that stops it, is a close call.
inline constexpr double kCloseCall = 0.5;

// The side views for the sheet: of each pair named (attacker and target model indices, a
// model of each of the ruling's units); and, when none is named, of the closest call among
// the ruling's pairs (the seen pair whose line passes nearest over a piece, or the unseen
// pair whose least blocked line dips least into the piece that stops it, within
// kCloseCall), or none when every pair is clear-cut. `scene` is the ruling's table.
std::vector<SheetSideView> disputedSideViews(const Scene& scene, const Rulings& rulings, const UnitRuling& ruling,
                                             const std::vector<std::pair<int, int>>& named);

// Writes the sheet as a PDF (A4 landscape, vector, as many pages as it takes), or as a PNG
// (150 dpi, the pages one under the other) when the path ends in .png. `pages` receives the
// number of pages. The side views go after the rest, two to a page (the first under the end
// of the reasons when the lower half of their last page is free).
bool writeRulingSheet(const Scenario& scenario, const UnitRuling& ruling, const QString& path, QString* error,
                      int* pages = nullptr, const std::vector<SheetSideView>& sideViews = {});

}  // namespace sl::render
