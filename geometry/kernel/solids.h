// A terrain feature's solid as prisms: its footprint from its bottom to its height, less
// the openings that are open (a window, a door, the gap under an arch). Each opening's
// polygon keeps the parts of the solid below and above it; the rest of the footprint stands
// whole. Abutting prisms meet at seams, which the line test treats as closed, as it does
// the seams between touching pieces.
#pragma once

#include "kernel/types.h"

#include <string>
#include <vector>

namespace sl {

struct Prism {
    Polygon footprint;  // interior on the left of every edge
    double bottom = 0;  // 0: standing on the table
    double top = 0;
};

// `open[k]`: whether opening k lets sight through (a ruleset may close some: 13.11, 10th
// edition's ruins); missing entries count as open. An area has no prism.
std::vector<Prism> prismsOf(const TerrainPiece& piece, const std::vector<char>& open = {});

// Whether the ruleset lets sight through the opening: under wh40k-11e (13.11) not through a
// dense feature's opening whose bottom is below `solid_gap_height`; under wh40k-10e not
// through an opening of a feature standing in a ruin (an area tagged ruin) or tagged ruin
// itself (windows count as closed); otherwise open.
bool openingIsOpen(const Scenario& scenario, const TerrainPiece& piece, const Opening& opening);
// The rule that closes it, in words ("13.11 solid: a dense feature's gap that begins below
// 3.00""); empty where it is open.
std::string openingClosedBy(const Scenario& scenario, const TerrainPiece& piece, const Opening& opening);

// Every prism of the scenario's features under its ruleset, each with its piece's index.
struct PiecePrism {
    int piece;
    Prism prism;
};
std::vector<PiecePrism> prismsOf(const Scenario& scenario);

}  // namespace sl
