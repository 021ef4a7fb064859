// The walls a pair is decided among in the plane (los/flat_los.h), for the layout maps'
// pairs and for a ruling's fully visible that the exact search leaves open (rulings.h,
// wholeInThePlane): which pieces stop every line between two models of given heights, which
// stop none, and which stop some (a pair whose lines may meet one of those is left to the
// exact decision).
//
// - A piece the ruleset makes a wall for the pair (an 11th-edition obscuring area neither
//   model is within) is its footprint's convex hull (a feature: its convex parts): a band between two bases that both
//   stand outside the hull and crosses it crosses the footprint itself (its bays open onto
//   one side of the hull each, and a line cannot leave a bay by the side it came in), so
//   the hull stops exactly the bands the footprint stops. For a base within the band's reach
//   of the hull, a band found open past the hull shows it seen, and the hull cut back past
//   every bay (within the footprint: it stops no more than the footprint does) shows it
//   hidden.
// - A feature, and a model not seen through, stops every line between the two heights where
//   it stands higher than both (and from the table, or from below both); none where it is
//   no higher than the lower (or its underside is at the higher or above); some otherwise. A feature is taken as its convex parts, a round base as its disc, a
//   rectangle as its outline; an oval's base (but banded: below), and a feature with
//   openings, only where it stops none. A feature or model within a wall's footprint adds nothing to it.
#pragma once

#include "los/flat_los.h"

#include <map>
#include <memory>
#include <tuple>
#include <vector>

namespace sl {

// Inches: the band the maps decide lines of no width with (true-los, 10th edition), each
// answer taken only where it holds for those lines too (FlatTable, banded). Far wider than
// rounding, far narrower than any gap a base could be seen through.
inline constexpr double kZeroWidthBand = 0.001;

class FlatTable {
public:
    // The models in `moving` (the maps' own, moved from place to place) not counted.
    // With `band` (inches, above 0) and a ruleset whose line has no width (true-los), the
    // plane decides with bands that wide, each answer taken only where it holds for lines of
    // no width as well (banded): Visible among the walls as they are (the middle line of an
    // open band stays half the band clear of every wall), Hidden among the walls eroded by
    // half the band (Walls::hiding, with hidingHalf: a band stopped by an eroded wall has a
    // middle line that crosses the wall's open interior; a whole footprint is eroded before
    // it is cut into convex parts, so that no seam between its parts opens).
    FlatTable(const Scenario& scenario, std::vector<int> moving, double band = 0);
    // Whether the plane decision serves this table: a ruleset whose line has a width, or a
    // band asked for where it has none (without one, a line may slip along the seam of two
    // walls that touch).
    bool usable() const { return half_ > 0; }
    // Whether its answers need the two views (banded, above): else Walls::hiding is walls.
    bool banded() const { return banded_; }
    // Half the band's width: for views among Walls::walls (trusted to say Visible; Hidden too
    // unless banded).
    double half() const { return half_; }
    // For views among Walls::hiding (trusted to say Hidden): a little less than the erosion,
    // so that rounding cannot take a stopped band's middle line out of the wall.
    double hidingHalf() const { return banded_ ? half_ * 0.999 : half_; }

    struct Walls {
        std::vector<const flat::Shape*> walls;   // stop every line between the two heights
        std::vector<const flat::Shape*> unsure;  // stop some
        // The walls to prove a pair hidden among: banded, each eroded by half the band (one
        // eroded to nothing left out); else the same as walls.
        std::vector<const flat::Shape*> hiding;
    };
    // For a pair whose ruleset walls are `pieces` (Rulings::wallsOf), whose observer sees
    // through the models marked in `seenThrough` (by the scenario's model index; its own
    // unit's), and whose lines' heights run from `from` to `to` (inches: from one model's top
    // to another's, seen; or to its foot, 0, fully seen). Kept: the same asked again give the
    // same lists, which hold their addresses.
    const Walls& wallsFor(const std::vector<int>& pieces, const std::vector<char>& seenThrough, double from, double to);

    // The pieces among `among` (by terrain index) whose shape as a wall (an area's hull, a
    // feature's parts) comes within `radius` and the band's reach of `centre`: a base within
    // the disc is within none of the others (more may be given than it is within).
    std::vector<int> piecesNear(Vec2 centre, double radius, const std::vector<char>& among) const;
    // Whether the disc stays that clear of every piece's shape and every model's base (but
    // the moving ones): a base within it is within no piece, overlaps nothing, and every
    // line to it is free of all of them where they are free of the disc.
    bool clear(Vec2 centre, double radius) const;

private:
    enum class Stops { None, All, Some };
    struct Blocker {
        int piece = -1, model = -1;
        double bottom = 0, top = 0;  // the prism's
        bool some = false;           // stops some lines at most, whatever their heights (openings, an oval)
        std::vector<flat::Shape> shapes;
        std::vector<flat::Shape> hiding;  // (banded: the shapes eroded)
        std::vector<int> within;  // the pieces whose footprints hold it (it adds nothing to them as walls)
    };
    double half_ = 0;
    bool banded_ = false;
    // Each piece as a wall, by piece index: an area's hull, a feature's convex parts (small,
    // and a base in the crook of an L stays clear of both arms). Banded, the same eroded.
    std::vector<std::vector<flat::Shape>> asWall_, hidingWall_;
    // The shapes' insides (Shape::inside, for a pair too near a shape): an area's hull cut
    // back from each side past the bay it spans, a feature's part shrunk, each by a little
    // more than the band's reach at least: convex, and within the piece.
    std::vector<std::unique_ptr<flat::Shape>> insides_;
    std::vector<Blocker> blockers_;
    std::vector<flat::Shape> models_;  // every model's base but the moving ones (clear)
    // What a prism from `bottom` to `top` does to the lines whose heights run between the two.
    static Stops stops(double bottom, double top, double from, double to);
    std::map<std::tuple<std::vector<int>, std::vector<char>, double, double>, Walls> kept_;
};

}  // namespace sl
