// The ruling of an attacking unit against a target unit as HTML, in parts: the verdict,
// the legend, the matrix and the reasons. Models are numbered 1, 2, ... within their unit in
// file order (the order of UnitRuling::attackers and ::targets), as on the ruling sheet's
// map; a pair that is not visible is a dash; pieces and models are named by their labels.
#pragma once

#include "board_renderer.h"
#include "rules/rulings.h"

#include <QColor>
#include <QFont>
#include <QString>

#include <string>
#include <vector>

namespace sl::render {

struct RulingHtml {
    QString summary;  // the units' verdict: visible, fully, cover and plunging fire of the attack
    QString legend;   // every symbol of the matrix (and, for the sheet, of the map)
    QString matrix;   // tables of at most `columns` target models, the per-model columns, the model key
    QString reasons;  // grouped by attacking model, then by pair
};
// `columns` <= 0: every target in one table. `forSheet`: the legend explains the map too,
// and the reasons carry no links (the panel's link the ids they cite).
RulingHtml rulingParts(const Scenario& scenario, const UnitRuling& ruling, int columns, bool forSheet);

// The window's ruling panel in the unit modes: every part, tables of at most 10 targets.
QString rulingHtml(const Scenario& scenario, const UnitRuling& ruling);

// The legend alone, and the matrix alone (tables of at most `columns` targets, each target's
// column `cellWidth` wide when it is given: the sheet's columns are even).
QString legendHtml(const Scenario& scenario, const UnitRuling& ruling, bool forSheet);
QString matrixHtml(const Scenario& scenario, const UnitRuling& ruling, int columns, int cellWidth = 0);
inline constexpr int kSheetCellWidth = 54;  // half points: room for "V C H P" at 10 pt

// The pieces the rulings cite, as terrain indices in file order: those the reasons name
// (PairResult::reason_ids, else the ids written in the reasons) and those of the blocking
// set of a pair that is not visible.
std::vector<int> citedPieces(const Scenario& scenario, const UnitRuling& ruling);

// The pair's reason k as the sheet prints it: pieces and models named by their labels (what
// the map shows), also while the rulings still write ids.
QString reasonText(const Scenario& scenario, const PairResult& pair, size_t k);

// The width the ruling's matrix needs in this font: its widest ruled table laid out at its
// own width (a table squeezed narrower keeps its cells' unbroken text and is painted past
// the edge), with the document's margins.
double matrixWidth(const QString& html, const QFont& font);

// What the sheet calls a model or a piece: its label, with its id when another model or
// piece has the same label (official layouts name several pieces alike).
QString sheetLabel(const Scenario& scenario, const std::string& id);

// The plate a unit's numbers stand on, on the map and in the matrix: its side's colour; and
// ink that reads on it.
QColor plateColour(const Model& model);
QColor inkOn(const QColor& plate);

}  // namespace sl::render
