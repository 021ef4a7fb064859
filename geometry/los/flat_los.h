// Sight between two round bases among walls, in the plane: the exact decision where every
// piece that can meet a line between the two models stops every such line whatever its
// height (a wall of unlimited height, as the rulesets make obscuring areas, or a feature
// taller than both models). The layout maps decide most of their pairs so
// (rules/flat_table.h says which pieces are walls for a pair); the rest go to the exact
// decision of los/exact_los.h. (A base that is not round is asked of as discs: seen where a
// disc within it is, about its centre, towards an end or at a corner; hidden where the discs
// about its parts are: analysis/exposure.cpp.)
//
// Why it is exact. Take the lines that run from the observer's disc O to the target's disc
// T, as a band `half` inches either side (flat ends), and that cross no wall's open interior:
// in the plane of lines (direction, offset) they form a closed set. Where every wall stands
// farther than `half` from both discs, a band is stopped by a wall K exactly when its middle
// line passes within `half` of K's interior (meets the open interior of K grown by half, K~)
// with K between the two discs along it; and which of the three stretches of the line
// (behind O, between, beyond T) K~ lies in cannot change while the line stays in K~. So for
// each direction the open offsets are those within both discs and outside every K~ between,
// bounded by the discs' and the K~'s tangent lines, and the set's point of least direction,
// where one of its stretches closes, is a line tangent to two of them: to O and T crossing
// between them, to a disc and a wall on one side of both, or to two walls crossing between
// them. Every such line is tried; none open means none is.
#pragma once

#include "kernel/types.h"

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

namespace sl::flat {

// A convex polygon grown by a radius: a disc is one point and its radius.
class Shape {
public:
    Shape() = default;
    // `ring`: convex (collinear corners allowed), either orientation; at least one point.
    Shape(Ring ring, double round);
    const Ring& ring() const { return ring_; }
    double round() const { return round_; }
    // The least and greatest of <x, n> over the shape, n a unit vector.
    void range(Vec2 n, double& lo, double& hi) const;
    // How far the point is from the shape (0 within it).
    double distanceTo(Vec2 p) const;
    // Whether the point is within `d` of the shape (its box first).
    bool within(Vec2 p, double d) const;
    Vec2 boxLo() const { return lo_; }
    Vec2 boxHi() const { return hi_; }
    // Where this shape is the hull of a piece that is not convex (an area's footprint): a
    // convex shape within the piece (the hull of a simpler ring inside it), which a pair
    // standing too near the hull is proven hidden by instead. None: the shape is the piece.
    const Shape* inside() const { return inside_; }
    void setInside(const Shape* inside) { inside_ = inside; }
    // Where this shape is the hull of a piece that is not convex: convex shapes whose union
    // is the piece (its convex parts), which fully visible takes instead for a target that
    // stands in one of the piece's bays. None: the shape is the piece.
    // (Made the first time they are asked for, by `make`: one thread's.)
    const std::vector<Shape>* parts() const;
    void setParts(std::function<std::vector<Shape>()> make) { makeParts_ = std::move(make); }
    // Each side's outward unit normal (side k from corner k to k + 1); none for fewer than
    // three corners.
    const std::vector<Vec2>& normals() const { return normals_; }

private:
    Ring ring_;  // positively oriented
    std::vector<Vec2> normals_;
    double round_ = 0;
    Vec2 lo_{}, hi_{};
    const Shape* inside_ = nullptr;
    std::function<std::vector<Shape>()> makeParts_;
    mutable std::shared_ptr<const std::vector<Shape>> parts_;
};

struct Disc {
    Vec2 centre;
    double radius = 0;
};

enum class Sight : std::uint8_t { Hidden, Visible, Unknown };

// A line {x : <x, n> = s}, n a unit vector.
struct Line {
    Vec2 n;
    double s = 0;
};

// The lines tangent to both shapes (each grown by its extra radius) as support lines of
// both: `outer`, the two with both shapes on one side; else the two between them.
void commonTangents(const Shape& a, double growA, const Shape& b, double growB, bool outer, std::vector<Line>& out);

// The lines tangent to two walls grown by the same half width (crossing between them, or
// with both on one side), found the first time they are asked and kept: they do not depend
// on the models. And those tangent to an observer's disc and a wall, kept until forgotten
// (forgetDiscs). One thread's.
class TangentCache {
public:
    const std::vector<Line>& between(const Shape* a, const Shape* b, double grow);
    // The same for the lines with both walls on one side.
    const std::vector<Line>& outside(const Shape* a, const Shape* b, double grow);
    // The lines tangent to the disc and the wall grown, on one side of both, found to the
    // tolerance `tol` (an observer's views, one for each set of walls, ask the same where
    // their tolerances are the same).
    const std::vector<Line>& toDisc(Vec2 centre, double radius, const Shape* wall, double grow, double tol);
    // Forgets those (the views that asked for them gone: an observer moved on).
    void forgetDiscs() { toDisc_.clear(); }

private:
    struct DiscKey {
        double x, y, radius;
        const Shape* wall;
        double grow, tol;
        friend bool operator==(const DiscKey&, const DiscKey&) = default;
    };
    struct DiscHash {
        size_t operator()(const DiscKey& k) const noexcept;
    };
    std::unordered_map<DiscKey, std::vector<Line>, DiscHash> toDisc_;
    struct Key {
        const Shape* a;
        const Shape* b;
        double grow;
        bool outer;
        friend bool operator==(const Key&, const Key&) = default;
    };
    struct Hash {
        size_t operator()(const Key& k) const;
    };
    std::unordered_map<Key, std::vector<Line>, Hash> lines_;
};

// One observer's disc and the walls around it, for many targets: the lines tangent to the
// disc and each wall, and those between two walls, found once and kept in `cache`.
class View {
public:
    // `walls` and `unsure` are kept by address (they outlive the view, as the cache does, and
    // the cache's lines to discs are not forgotten while it lives).
    // `unsure`: pieces that stop some lines and not others (a low wall, a floor): a pair
    // whose lines may meet one is left Unknown. `half`: half the band's width, above 0 (with
    // no width a line may slip along the seam of two walls that touch, which the shapes alone
    // do not show).
    View(Disc observer, std::vector<const Shape*> walls, std::vector<const Shape*> unsure, double half, TangentCache& cache);
    View(const View&) = delete;  // (it keeps the addresses of its own walls)
    View& operator=(const View&) = delete;
    // Whether some band runs from the observer's disc to the target's. Unknown where the
    // decision does not apply (an unsure piece that may meet the lines, a wall within `half`
    // of a disc that neither a band found open nor its inside() settles, discs that overlap)
    // or where rounding leaves it open. (A disc that holds several targets' discs, found
    // Hidden, hides them all.)
    // Where Visible and `witness` is given: the middle line of an open band, from where it
    // leaves the observer's disc to where it meets the target's.
    Sight sees(Disc target, Segment* witness = nullptr) const;
    // Only whether the disc is hidden (a disc that holds several targets' discs: then every
    // one of them is): Hidden, or Visible where it is not proven so but the decision
    // applies, Unknown where it does not. No open band is looked for past a wall too near.
    Sight hides(Disc target) const;
    // A point of the target's disc that no band reaches (the disc of `half` about it
    // hidden), if one is found among the points of it deepest past each line that bounds a
    // shadow near its lines (tangent to the observer's disc and a wall on one side of both,
    // or to two walls crossing between them) and points round its rim. (Not finding one
    // proves nothing.) The points are tried in a fixed order, those numbered `from` (the
    // first ones, most often enough, may be tried alone: `to`) up to `to`; one call that
    // goes on from another is for the same target, and the next call on this view.
    std::optional<Vec2> pointHidden(Disc target, size_t from = 0, size_t to = SIZE_MAX) const;
    // Whether every point of the target's disc is reached by a band (fully seen): Visible,
    // or Hidden where a point of it is not, or Unknown. Exact where the walls near its lines
    // stand farther than twice half the band's width from it: a point is reached when the
    // disc of half the width about it is seen (sees), so the points reached are those
    // within half of an open line; the edges of that region are within half of the corners
    // of the set of open lines (lines tangent to two of the observer's disc and the walls),
    // so every piece of the target those edges cut it into is tried at a point.
    Sight fullyVisible(Disc target) const;
    // Whether no wall or unsure piece comes near any line from the observer's disc to this
    // one: then every band between them is open, to every target within it.
    bool open(Disc target) const;
    // Whether, from one of a few points of the observer's base (its centre, points round it
    // within), no wall or unsure piece comes near any line to a point of this disc: then
    // every point of it is seen (from that point), every target within it fully.
    // With `closely`, a wall near a cone is measured against it (else the box of lines
    // between the two is enough to fail it: quicker, and enough for most), and one wholly
    // farther from the point than any band to a point of the disc reaches (that band is
    // needed open only up to its cross-section through the point: a wall against the
    // disc's far side) is passed over.
    bool openFromAPoint(Disc target, bool closely = false) const;
    // Whether, from one of those points, every band that reaches a point q of the disc with
    // q at one corner of its end (rulesets.md, 06.01: a point is seen anywhere across a
    // band's end), its other side 2 half away on one side of the line to q (the same side
    // for every q), is clear of every wall and unsure piece: then every point of the disc is
    // seen. (A base beside a wall that runs along its lines, nearer than half: the bands on
    // the side away from it.)
    bool openAlongASide(Disc target) const;
    // The same (openFromAPoint closely, or openAlongASide) for the disc whole, or for each
    // of seven smaller discs that cover it, each from a point of its own: every point of it
    // is seen (a base at a shadow's edge is often seen whole from no one point of the
    // observer's base, in parts from several).
    bool openInParts(Disc target) const;
    // Whether every point of the target's disc is seen, by every proof above in turn: a
    // point of it no band reaches (pointHidden: Hidden, that point in `hiddenAt`), seen
    // from one point of the observer's base (openFromAPoint), fullyVisible, else seen in
    // parts (openInParts: Visible, or Unknown). (Most bases asked are not seen fully, and
    // most of those show it at the first points tried: those first.)
    Sight seenWhole(Disc target, std::optional<Vec2>* hiddenAt = nullptr) const;
    const Disc& observer() const { return observer_; }
    // Forgets what the decisions so far left to speed the next (the bands found open, the
    // walls that stopped lines last), keeping what the geometry alone gives (the lines
    // tangent to the observer's disc and each wall): answers after it are those a new view
    // would give, in the same order of work.
    void forget();

private:
    struct Piece {
        const Shape* shape;
        bool nearObserver = false;  // within half of the observer's disc
        // The lines tangent to the observer's disc and the wall grown, on one side of both,
        // once asked (kept by the cache).
        mutable const std::vector<Line>* toObserver = nullptr;
    };
    // A piece near the lines of a pair; `near`: within half of one of the two discs (then
    // only a band tested against it whole shows anything).
    struct Near {
        const Piece* piece;
        bool near;
    };
    // The pieces that may meet a line between the observer's disc and the target's: into
    // outer_ (the walls) and inner_ (the same, with the inside of those too near: empty
    // where one has none, or it is too near as well). None: no piece may; NotFlat: the
    // decision does not apply.
    enum class Gathered { None, Some, NotFlat };
    // (Only `among` of the walls are looked at: every_, or those mayMeetLines found for a
    // disc that holds the target's.)
    Gathered gather(Disc target, bool& anyNear, bool& innerUsable, const std::vector<const Piece*>& among) const;
    // The walls that may meet a line from the observer's disc to the target's, into `out`:
    // those that may meet a line from within the one to within the other. False (and `out`
    // left as it was) where the discs are too near for the decision.
    bool mayMeetLines(Disc target, std::vector<const Piece*>& out) const;
    // Whether no wall or unsure piece may meet a line from `from` to `target`. With
    // `closely`, one is measured against the hull of the two grown by half (apart), a hull
    // with parts (an area's) as its parts, and from a point (`from` of radius 0) one wholly
    // farther from it than any band to a point of `target` needs to be open is passed over
    // (openFromAPoint).
    bool nothingNear(Disc from, Disc target, bool closely) const;
    // openAlongASide from the point p (within the observer's disc, half or more from its
    // rim), the bands' other sides towards `side` (+1: left of the lines from p, -1: right):
    // no wall or unsure piece (a hull with parts: none of its parts) meets the hull of four
    // discs that holds every such band's corners.
    bool sideFanOpen(Vec2 p, Disc target, double side) const;
    // The points of the observer's base the looks above start from: its centre first, then
    // kStartPoints - 1 round it, 0.9 of the way to half within its rim.
    static constexpr int kStartPoints = 9;
    std::array<Vec2, kStartPoints> starts_{};
    Sight hidesAmong(Disc target, const std::vector<const Piece*>& among) const;
    // The decision among `pieces`: every line tangent to two of the objects tried. With
    // `exact` (no piece near), Hidden where none is open; else Visible or Unknown only.
    Sight decide(Disc target, const std::vector<Near>& pieces, bool exact, Segment* witness) const;
    // Whether the band along the line (n, s) runs open from where it leaves the observer's
    // disc to where it meets the target's, among `pieces`; the objects `skipA` and `skipB`
    // (0: the observer, 1: the target, 2 + k: the k-th piece) taken as touching it (it is
    // tangent to them: no band along it meets a wall it touches). `lastStop`: the piece that
    // stopped the line before, tried first (and set). With `keep`, an open band is kept.
    enum class LineTest { Open, Blocked, Unsure };
    LineTest lineTest(Disc target, const std::vector<Near>& pieces, Vec2 n, double s, size_t skipA, size_t skipB,
                      size_t& lastStop, bool keep, Segment* witness) const;
    const Piece& insideOf(const Shape* s) const;
    Disc observer_;
    double half_;
    double eps_;  // what rounding can reach, inches
    std::vector<Piece> walls_;
    std::vector<const Piece*> every_;  // (walls_, by address)
    std::vector<const Shape*> unsure_;
    TangentCache* cache_;
    mutable std::unordered_map<const Shape*, Piece> insides_;
    mutable const Piece* lastInTheWay_ = nullptr;  // (nothingNear's: the wall in the way of the last cone)
    mutable const Shape* lastAcross_ = nullptr;    // (sideFanOpen's: the piece, or part of one, that stopped the last fan)
    // The wall that stopped most lines of the last target found hidden, and whether it
    // alone hides this one (decide with it alone).
    mutable const Piece* lastHider_ = nullptr;
    mutable std::vector<Near> alone_;
    bool hiddenByLastHider(Disc target) const;
    // Bands found open (the last few): along the line (n, s), direction e, open from where
    // it leaves the observer's disc (from) to `to`, past the target it was found for as far
    // as no wall or unsure piece meets it. A target that the line enters before `to` is
    // seen along it; most targets next to one seen are.
    struct Open {
        Vec2 n, e;
        double s, from;
        double known;  // where the target it was found for is entered: open so far
        double to;     // how far it runs open, or, until reached, as far as known
        bool reached;
    };
    static constexpr size_t kOpenKept = 8;
    mutable Open open_[kOpenKept];
    mutable size_t openCount_ = 0, openNext_ = 0;
    // The band along (n, s), open from `from` to `to` (a witness), kept; how far it runs open
    // past `to` (reachOf) found when a target asks.
    void keepOpen(Vec2 n, Vec2 e, double s, double from, double to) const;
    void reachOf(Open& o) const;
    // Whether a band kept runs open into the target.
    bool seenAlongKept(Disc target, Segment* witness) const;
    // (Each decision's own lists, kept to save their memory: one thread's.)
    mutable std::vector<Near> outer_, inner_;
    mutable std::vector<Line> lines_;
    mutable std::vector<const Piece*> pointWalls_;
    mutable std::vector<Vec2> pointsTried_;
};

// The same decision without a view kept: for one pair.
Sight between(const Disc& from, const Disc& to, std::span<const Shape* const> walls, double half, Segment* witness = nullptr);

}  // namespace sl::flat
