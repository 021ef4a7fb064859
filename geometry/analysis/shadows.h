// Full shadows: where every sight line from an observer to a base crosses the open interior
// of one piece that stands higher than any such line (a feature taller than both models'
// tops, or a piece the ruleset makes a wall), so that the pair is not visible whatever else
// stands on the table. The maps rule such cells without a proof and the others as pairs.
//
// The test, for a convex part K of a piece, the observer's base inside a disc O and the
// target's inside a disc T (both clear of K): a line from O to T misses K's interior exactly
// when some line has K on one side and touches or crosses O and T on the other, that is
// when some direction n has h_O(n) >= h_K(n) and h_T(n) >= h_K(n) (h the support function).
// The directions where a disc reaches past K form one arc; the pair is in K's full shadow
// when the two arcs do not meet. The discs are grown by kMargin so that rounding in the
// arcs' ends cannot turn an open line into a shadow.
//
// Open views (OpenViews): the other way round, where some straight line from one point of the
// observer's base to every point of a target's disc crosses nothing on the table.
#pragma once

#include "kernel/types.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace sl::analysis {

// A convex part of a piece as the full shadows take it (FullShadows), what no observer
// changes: its ring, its box, and the disc about the box's centre that holds it. A piece's
// are made once per table (PieceParts), for every observer's to share; a model's, for one
// observer (FullShadows::addModels).
struct PartShape {
    std::span<const Vec2> ring;  // (a view: the ring is kept by PieceParts, or by the FullShadows)
    int piece = -1;              // -1: a model's (FullShadows::addModels)
    int joins = -1;              // a bridge's other piece (PieceParts)
    Vec2 boxLo{}, boxHi{};
    Vec2 middle{};
    double reach = 0;
    PartShape() = default;
    PartShape(std::span<const Vec2> ring, int piece, int joins);
    // Whether its box meets the box from lo to hi.
    bool meets(Vec2 lo, Vec2 hi) const { return !(boxHi.x < lo.x || hi.x < boxLo.x || boxHi.y < lo.y || hi.y < boxLo.y); }
};

// What the full shadows read of a part for one observer.
struct ShadowPart {
    const PartShape* shape;
    double height;      // a feature's (lines from the observer's top pass below it near the table)
    bool barricade;     // tagged so
    bool tall;          // a feature above every line: counts whatever the ruleset says
    bool joinTall;      // a bridge's other piece is tall
    double lo, hi;      // the directions in which it reaches past the observer: (lo, hi)
    double from, span;  // the directions of its points seen from the observer: [from, from + span]
    double near;        // its distance from the observer's centre
    Vec2 nearEye{};     // its point nearest the observer's centre (hidesJointly)
    Vec2 loDir{}, hiDir{};  // the directions lo and hi as unit vectors (besideShadow)
    bool meets(Vec2 lo, Vec2 hi) const { return shape->meets(lo, hi); }
};

// Every terrain piece's footprint as convex parts (kernel convexParts), once per table.
// Where two parts touch along a segment (the two walls of a ruin's corner), a line through
// the seam crosses one of them, but no test of one part at a time shows it. So each such
// pair also gives a bridge: one part grown across the seam by the part of the other within
// its own other sides, when the two together are convex (the east wall of an L run on
// through the north wall's end), for parts of different pieces whose sides lie on one line
// exactly. A bridge blocks a line only where both its pieces do.
// A traced outline's parts are taken from a ring inside it that does not wiggle (innerRing):
// far fewer, but a line may pass between them and the outline. The triangles cut off to make
// that ring are kept as slivers: with the parts, they make up the footprint exactly.
class PieceParts {
public:
    explicit PieceParts(const Scenario& scenario, bool bridges = true);
    struct Part {
        int piece;
        Ring ring;        // convex, positively oriented
        int joins = -1;   // a bridge: the other piece, a part of which it takes in
    };
    // One piece's slivers (triangles, positively oriented), with the box that holds them all,
    // each as the part the full shadows take, for every observer's to share.
    struct Slivers {
        int piece;
        Vec2 lo, hi;
        std::vector<PartShape> parts;
        std::vector<Vec2> corners;  // (the parts' rings, one after another)
        Slivers(int piece, Vec2 lo, Vec2 hi) : piece(piece), lo(lo), hi(hi) {}
        // (Its parts are views of its corners: moved, never copied.)
        Slivers(const Slivers&) = delete;
        Slivers& operator=(const Slivers&) = delete;
        Slivers(Slivers&&) noexcept = default;
        Slivers& operator=(Slivers&&) noexcept = default;
    };
    const std::vector<Part>& parts() const { return kept_->parts; }
    // Each part as the full shadows take it, in the same order. (Shared: whoever holds them
    // holds the parts too, whose rings they view.)
    std::shared_ptr<const std::vector<PartShape>> shapes() const { return {kept_, &kept_->shapes}; }
    // (Shared: the full shadows made from these parts keep them, to make their own parts of
    // them only when asked.)
    const std::shared_ptr<const std::vector<Slivers>>& slivers() const { return slivers_; }

private:
    // The bridges between parts (the constructor's, where asked), added to the parts.
    void addBridges();
    struct Kept {
        std::vector<Part> parts;
        std::vector<PartShape> shapes;  // (views of the parts' rings)
    };
    std::shared_ptr<Kept> kept_ = std::make_shared<Kept>();
    std::shared_ptr<const std::vector<Slivers>> slivers_;
};

// The radius of a disc around the base's centre that holds the whole base.
double boundingRadius(const Base& base);

// The full shadows cast from one observer for targets whose tops stand at `targetTop`.
class FullShadows {
public:
    static constexpr double kMargin = 1e-6;  // inches added to both discs

    FullShadows(const PieceParts& parts, const Scenario& scenario, const Model& observer, double targetTop);
    // (Its parts are views of rings it keeps: moved, never copied.)
    FullShadows(const FullShadows&) = delete;
    FullShadows& operator=(const FullShadows&) = delete;
    FullShadows(FullShadows&&) noexcept = default;
    FullShadows& operator=(FullShadows&&) noexcept = default;
    // Whether a target within `radius` of `centre` is in the full shadow of a tall feature,
    // or of one of `walls` (the pieces the ruleset makes walls for this pair), or of a model
    // taller than both tops (those addModels took), or of several of them together (jointly).
    // Without `jointly`, one part or model alone.
    bool hides(Vec2 centre, double radius, const std::vector<int>& walls, bool jointly = true) const;
    // Whether every band of the ruleset's line width whose middle line runs from the
    // observer's disc to the target's (as the pair engine's sight lines run from base to
    // base) meets the open interior of one of those parts (or of those models) that lies
    // between the two on that line, grown by half the width: the lines' directions are cut into
    // ranges, and in each range the offsets of the lines that meet both discs must be
    // covered by the offsets of the lines through the parts, each bounded over the whole
    // range (cut again where that fails, a few hundred ranges at most; false where they do
    // not settle it). Where the parts leave the lines only a narrow gap that the slivers of
    // traced outlines may close (PieceParts), it is asked again with them, as for the feet
    // (hidesSomeFootJointly). Without `barricades`, no piece tagged barricade is taken (as in
    // hidesFoot); without `models`, no model: then what hides the target is the terrain.
    bool hidesJointly(Vec2 centre, double radius, const std::vector<int>& walls, bool barricades = true, bool models = true) const;
    // The same (barricades and models too); where not hidden because a line between the two
    // discs was found that none of those parts stops, the point of that line nearest the
    // target's centre in `openNear` (within the target's disc, grown by a hair), else none:
    // a place to look for a line that nothing on the table stops.
    bool hidesJointly(Vec2 centre, double radius, const std::vector<int>& walls, std::optional<Vec2>& openNear) const;
    // Whether any of `feet` (the centres of discs of `radius`) is hidden so by the terrain
    // alone (no model), the parts that stop every line for the pair picked out once for
    // them all, with the lower features that every line from the observer's top down to
    // one of the feet crosses below their tops, wherever it crosses them (those far enough
    // from the observer, as hidesFoot's lines below a part): then the target is not fully
    // visible, the terrain's doing. Where the parts
    // leave a foot only a narrow gap that the slivers of traced outlines may close
    // (PieceParts), it is asked again with them.
    // (`hiddenAt`, where given: the index of the first foot found hidden, the feet tried in
    // their order.)
    bool hidesSomeFootJointly(std::span<const Vec2> feet, double radius, const std::vector<int>& walls, bool barricades,
                              size_t* hiddenAt = nullptr) const;
    // The same with the models that addModels took as parts too, those at least as high as
    // the observer's top: a line from its top to a point on the table runs lower than that
    // everywhere between (as hidesFootBehindModel's scaled disc, the whole disc). Then the
    // target is not fully visible, the models' doing (the terrain's too, perhaps). Tried
    // only where two such models or more stand near the feet's lines, and for the feet
    // whose lines pass near one (else false): the terrain alone is hidesSomeFootJointly's
    // question, one model alone hidesFootBehindModel's (asked with one model and the
    // terrain too, it cost the bundled tables' maps more time than it saved).
    bool hidesSomeFootJointlyWithModels(std::span<const Vec2> feet, double radius, const std::vector<int>& walls,
                                        bool barricades) const;
    // Whether the foot of a target within `radius` of `centre` (the bottom of its column, on
    // the table) is hidden from the observer by one part, lower pieces too: a line from the
    // observer's top to a point on the table is below a feature of height h only over the
    // last h / top of its length, so the lines that could pass one part run from the
    // target's disc to the observer's disc scaled towards it by that share (at most 1), and
    // the test is the one above with that disc. Where the scaled disc meets the part (the
    // lines come down into it through its top), the foot is hidden if in every direction
    // in which the foot's disc reaches past the part the part reaches past the scaled disc.
    // Then the target is not fully visible, the terrain's doing. Sufficient only.
    // Without `barricades`, no piece tagged barricade is tried (under 10th edition one gives
    // cover only to INFANTRY near it).
    bool hidesFoot(Vec2 centre, double radius, const std::vector<int>& walls, bool barricades = true) const;
    // The same test with the models that block the observer's lines as the parts (those
    // that addModels took): then the target is not fully visible, the models' doing.
    bool hidesFootBehindModel(Vec2 centre, double radius) const;
    // The first of `feet`, all within `reach` of `around`, that is hidden so (hidesFoot; with
    // `byModels`, hidesFootBehindModel), if any: the parts that no foot within that disc lies
    // behind are set aside once for them all.
    std::optional<Vec2> hidesSomeFoot(std::span<const Vec2> feet, Vec2 around, double reach, double radius,
                                      const std::vector<int>& walls, bool barricades, bool byModels = false) const;
    // Every model standing on the table that blocks the observer's lines to a target of
    // its own unit (the table's models but the observer's unit's and `skip`; none where the
    // ruleset lets lines through every model), each as a polygon of about 24 corners of
    // its outline.
    void addModels(const Scenario& scenario, const Model& observer, int skip);

private:
    using Shade = ShadowPart;
    // Whether a target's disc about `centre` reaches past the part, by a margin, in the
    // direction at either end of the part's arc from the observer (lo, hi): then that
    // direction lies well within the directions the part does not reach past the target in,
    // and the observer's disc, or any disc between it and the target's, reaches there as
    // far as the part or farther, so no such disc's arc holds them all: the target is not
    // hidden behind the part (hides, footBehind), whatever the arcs would say. Most targets
    // beside a part's shadow are ruled out so, before their arcs are worked out.
    static bool besideShadow(const Shade& s, Vec2 centre, double radius);
    static bool isWall(const std::vector<int>& walls, int piece) { return std::find(walls.begin(), walls.end(), piece) != walls.end(); }
    // Whether the part stops every line for this pair: tall, or one of the pair's walls (a
    // bridge: both its pieces).
    static bool blocks(const Shade& s, const std::vector<int>& walls) {
        return (s.tall || isWall(walls, s.shape->piece)) && (s.shape->joins < 0 || s.joinTall || isWall(walls, s.shape->joins));
    }
    // Each part hidesJointly takes whose box meets the box from lo to hi, given to
    // `consider`: those that stop every line for the pair (without `barricades`, none tagged
    // so) and, with `models`, the models taller than both tops. With `along` (a, b, wide),
    // only those of the runs of parts (runs_) that may lie within `wide` of the segment from
    // a to b (every line between two discs about a and b does, their radii and the band's
    // half width in `wide`).
    struct Along {
        Vec2 a, b;
        double wide;
    };
    template <class Consider>
    void forEachCandidate(Vec2 lo, Vec2 hi, const std::vector<int>& walls, bool barricades, bool models,
                          const Consider& consider, const Along* along = nullptr) const;
    // The slivers (PieceParts) whose boxes meet the box from lo to hi, of the pieces that
    // stop every line for the pair (without `barricades`, none tagged so), given to
    // `consider` as parts (PartShape: made once per table, for every observer to share).
    template <class Consider>
    void forEachSliver(Vec2 lo, Vec2 hi, const std::vector<int>& walls, bool barricades, const Consider& consider) const;
    // What jointly found: hidden; or not, and where a line was found open, as far as the
    // parts tell: its direction (cos, sin) and the offsets left open there, [lo, hi] about
    // the middle of the two discs' centres (none where the ranges ran out first); and the
    // box the parts were taken from.
    struct Joint {
        bool hidden = false;
        Vec2 direction{};
        double lo = 0, hi = 0;
        Vec2 boxLo{}, boxHi{};
    };
    // Whether asking again with the slivers (forEachSliver) may settle what `first` left
    // open: where it left a narrow gap, which the slivers' offsets there, each grown by half
    // the band's width, cover. (Only a sliver can close it, and a line open in that
    // direction ends the search again otherwise.)
    static constexpr double kSliverGap = 0.05;  // inches
    bool sliversMayClose(const Joint& first, Vec2 centre, const std::vector<int>& walls, bool barricades) const;
    // jointly with the parts forEachCandidate gives, and again with the slivers too where
    // they may close what that left open (hidesJointly).
    Joint jointlyWithSlivers(Vec2 centre, double radius, const std::vector<int>& walls, bool barricades, bool models) const;
    // hidesSomeFootJointly, with the models as high as the observer's top among the parts
    // where `models` is set (hidesSomeFootJointlyWithModels).
    bool someFootJointly(std::span<const Vec2> feet, double radius, const std::vector<int>& walls, bool barricades,
                         bool models, size_t* hiddenAt = nullptr) const;
    // hidesJointly with the parts `eachPart(lo, hi, consider)` gives to `consider`, those
    // whose boxes meet the box from lo to hi (that of the two discs, grown), each as
    // consider(shape, nearEye): its point nearest the observer's centre where known (none
    // for a sliver: worked out where asked).
    template <class EachPart>
    Joint jointly(Vec2 centre, double radius, const EachPart& eachPart) const;
    // Whether the part hides the foot (hidesFoot); `wall`: the ruleset makes it one.
    bool footBehind(const Shade& s, bool wall, Vec2 centre, double radius) const;
    Vec2 eye_;
    double top_ = 0;        // the observer's top
    double radius_ = 0;     // of the observer's disc, with the margin
    double halfWidth_ = 0;  // of the ruleset's band: a disc is kept that far clear of a part
    double above_ = 0;      // the higher of the two tops
    std::shared_ptr<const std::vector<PartShape>> shapes_;         // (those of shades_, with their rings)
    std::vector<Ring> modelRings_;                                  // (those of modelShapes_)
    std::vector<PartShape> modelShapes_;                            // (those of modelShades_)
    std::vector<Shade> shades_, modelShades_;
    // The parts by direction from the observer's centre: list b, byDirection_ from
    // directionStart_[b] to directionStart_[b + 1], holds those whose directions
    // [from, from + span] meet the b-th of kDirections equal arcs round the circle (with a
    // hair either side), in the order of shades_. A target's centre line crosses only parts
    // of the list its direction falls in.
    static constexpr int kDirections = 64;
    std::vector<uint32_t> byDirection_;
    std::array<uint32_t, kDirections + 1> directionStart_{};
    // Runs of shades_ of one piece, each with the box that holds them all: the joint tests
    // pass over a run whose box misses theirs, or whose disc lies farther than the lines
    // reach from the segment between the two discs' centres (forEachCandidate).
    struct Run {
        size_t begin, end;
        Vec2 lo, hi;
        Vec2 middle{};     // the box's centre, and the disc about it that holds the box
        double reach = 0;
    };
    std::vector<Run> runs_;
    // The slivers, and for each piece that has some, whether it is tall and tagged barricade,
    // and the box of them all.
    std::shared_ptr<const std::vector<PieceParts::Slivers>> slivers_;
    struct SliverPiece {
        int piece;
        bool barricade, tall;
        Vec2 lo, hi;
    };
    std::vector<SliverPiece> sliverPieces_;
};

// Everything on the table a sight line could meet, whatever the heights and the ruleset:
// every terrain piece (feature or area) as convex parts whose union holds its footprint (its
// holes filled), and every model's base as a convex shape that holds it (a round base's
// disc, a rectangle's corners, a polygon whose sides touch an oval). What a disc, or the hull
// of a point and a disc, stays clear of by `margin` (the ruleset's half line width and a
// hair for rounding) meets nothing, so no height, ruleset or keyword can make it meet
// anything: the tests below say no more than the geometry proves.
class Obstacles {
public:
    explicit Obstacles(const Scenario& scenario);
    // The terrain's shapes of `terrain` (made for a table with this terrain and ruleset,
    // shared: TerrainParts keeps one for every map of such a table; any models' shapes it
    // has are left out) and this table's models.
    Obstacles(const Obstacles& terrain, const Scenario& scenario);
    // Of `all` (made for this table), what a line that stays higher than `below` can meet:
    // features and models lower than that are left out, and so are the models of `unseen`
    // (the unit the lines see through) and, unless `areas`, the areas (they block no line in
    // true-los); and the floors and walkways whose bottom is at `reach` or above, over every
    // line that stays no higher.
    Obstacles(const Obstacles& all, const Scenario& scenario, double below, const std::string& unseen, bool areas,
              double reach = HUGE_VAL);
    // The same obstacles with only these of the areas (the walls a ruleset can make of them
    // for an observer, Rulings::wallsWhateverTarget).
    Obstacles(const Obstacles& from, const Scenario& scenario, const std::vector<int>& areas);
    // The same obstacles without the models (what terrain alone does to the lines).
    Obstacles withoutModels() const;
    // The same obstacles without the areas (what stands within one is nothing to true-los).
    Obstacles withoutAreas() const;
    // The pieces the disc does not stay clear of (their terrain indices, each once), of
    // those marked in `among` (by terrain index): a base within the disc is within none of
    // the others (Rulings::within), so a pair's walls (Rulings::wallsOf) leave out at most
    // these.
    std::vector<int> piecesMet(Vec2 centre, double radius, const std::vector<char>& among) const;
    // Whether the disc stays clear of every piece and every model's base: no model standing
    // there overlaps anything or is within any piece.
    bool discClear(Vec2 centre, double radius) const;
    // Whether the convex hull of `apex` and the disc stays clear of every piece and every
    // model's base but model `skip`'s (the observer's own). With `walls`, of the areas only
    // those (a pair's walls, Rulings::wallsOf: the only areas its lines meet).
    // With `stopper`, the index of a shape that stopped an earlier cone is tried first, and
    // the one that stops this cone is written there: the next cone, from a point near this
    // one's, is usually stopped by the same shape (the answer is the same either way).
    bool coneClear(Vec2 apex, Vec2 centre, double radius, int skip, const std::vector<int>* walls = nullptr,
                   int* stopper = nullptr) const;
    // Whether every line from `apex`, `top` inches up, to any point of a target standing on
    // the table within the disc, at any height, stays clear of every obstacle standing to
    // its height (a feature's, a model's top; an area has none: it is met at any height)
    // but model `skip`'s. The line to a point's foot is the lowest (lines to points above it
    // run above it all along), and it is below a height h only over the last h / top of its
    // length: past a shape of height h it needs to clear only the hull of the disc and the
    // disc scaled towards the apex by that share.
    // (`stopper` as for coneClear.)
    bool footConeClear(Vec2 apex, double top, Vec2 centre, double radius, int skip, int* stopper = nullptr) const;
    // Whether some straight line from the point `q` to a point of the disc around `centre`
    // stays clear of every obstacle but model `skip`'s (with `walls`, of the areas only
    // those), whatever its heights: the directions from q that reach the disc, less those
    // in which a shape (grown by the margin) lies, are not empty. Shapes beyond the disc
    // are counted too: a sufficient test.
    bool lineToDisc(Vec2 q, Vec2 centre, double radius, int skip, const std::vector<int>* walls = nullptr) const;
    double margin() const { return margin_; }

private:
    struct Shape {
        Ring ring;     // convex, positively oriented; one point for a round base
        double round;  // a round base's radius; 0 for a piece's part and other bases
        Vec2 lo, hi;   // the box of ring grown by round
        int model;     // the model's index, -1 for a piece
        int piece;     // the piece's index, -1 for a model
        bool area;     // the piece is an area
        double height; // a feature's height, a model's top; an area's, an 11e wall of its own's: unlimited
        // Each side's inward unit normal n and n . (its first corner): along n the shape
        // reaches no lower than that (sides rounded to nothing left out).
        std::vector<std::pair<Vec2, double>> sides;
    };
    static Shape shapeOf(const Scenario& scenario, Ring ring, double round, int model, int piece);
    // The models' shapes (after the terrain's), into models_ and shapes_; the boxes made.
    void addModels(const Scenario& scenario);
    // Whether the hull of the disc around `apex` of radius `apexRadius` and the disc around
    // `centre` stays clear of the shape.
    bool clearOf(const Shape& shape, Vec2 apex, double apexRadius, Vec2 centre, double radius) const;
    // Whether `clear` holds for every shape whose box meets the box from lo to hi, the one
    // at *stopper first (coneClear).
    template <class Clear>
    bool allClear(Vec2 lo, Vec2 hi, const Clear& clear, int* stopper) const;
    // The shapes of the table's terrain (made once for every table with this terrain and
    // ruleset: TerrainParts) and of its models (the first Obstacles made for this table
    // holds them; those made from it share them both), and this one's, in order: the
    // terrain's, then the models'.
    std::shared_ptr<const std::vector<Shape>> kept_, models_;
    std::vector<const Shape*> shapes_;
    // The shapes' boxes on their own, in the same order (boxed() makes them): a query looks
    // through these, most of which its box misses, before it touches a shape.
    struct Box {
        double lox, loy, hix, hiy;
    };
    std::vector<Box> boxes_;
    void boxed();
    bool meets(size_t i, Vec2 lo, Vec2 hi) const {
        const Box& b = boxes_[i];
        return !(hi.x < b.lox || b.hix < lo.x || hi.y < b.loy || b.hiy < lo.y);
    }
    double margin_ = 0;
};

// The observer's open views: a target whose base lies within a disc is fully visible to the
// observer, out of every ruleset's cover and not within any piece when, from one of a few
// points of the observer's base (its centre, then points 4/5 of the way out towards its
// edge), the hull of that point and the disc is clear of every obstacle. Every line from
// that point to any point of the target, at any heights, then meets nothing (the 1 mm band
// too: the points lie further inside the base than half its width).
class OpenViews {
public:
    struct Disc {
        Vec2 centre;
        double radius;
    };
    OpenViews(const Obstacles& obstacles, const Scenario& scenario, int observer);
    // With `walls` (the pair's, Rulings::wallsOf), the other areas are left out: then the
    // target is seen (the lines meet nothing), no more is said.
    bool open(Vec2 centre, double radius, const std::vector<int>* walls = nullptr) const;
    // The same, from the observer's top and with the obstacles' heights
    // (Obstacles::footConeClear): every point of a target within the disc is seen from one
    // point of the observer's base, so the target is fully visible; whether it is within a
    // piece or in cover is not said.
    bool openOver(Vec2 centre, double radius) const;
    // The same from points all round just within the largest disc about the base's centre
    // within it (as far in as half the line's width and a little), after those above: a
    // disc in the part of an obstacle's shadow seen only from near the base's rim.
    bool openOverFromRim(Vec2 centre, double radius) const;
    // A base at a shadow's edge is often seen whole from no one point of the observer's
    // base, but in parts from several: the disc seen whole (openOverFromRim), or else each
    // of the seven discs that cover it (partsOf), each from some point.
    bool openOverInParts(Vec2 centre, double radius) const;
    // Seven discs that cover the disc: one about its centre, six at sqrt(3)/2 of its radius
    // around it, each a little over half its radius.
    static std::array<Disc, 7> partsOf(Vec2 centre, double radius);
    const std::vector<Vec2>& rimPoints() const { return rim_; }
    // Whether some line from the point q of a target to a point of the observer's base
    // meets nothing (Obstacles::lineToDisc to the largest disc within the base): then the
    // target is seen.
    bool lineFrom(Vec2 q, const std::vector<int>* walls = nullptr) const;

private:
    // The same, the shape that stopped the last cone tried first (Obstacles::coneClear).
    bool openOver(Vec2 centre, double radius, int& stopper) const;
    bool openOverFromRim(Vec2 centre, double radius, int& stopper) const;
    const Obstacles* obstacles_;
    int observer_;
    double top_;
    Vec2 centre_;
    double inner_ = 0;  // the radius of the largest disc about the centre within the base
    std::vector<Vec2> apexes_;
    std::vector<Vec2> rim_;  // (openOverFromRim's points; empty where the disc is too small)
};

}  // namespace sl::analysis
