// A scenario prepared for many sight-line tests: every feature and model base as a
// blocker, and R-trees over their edges and bounding boxes. Built once per scenario;
// every test is const and thread-safe. Touching footprints act as their union: a line
// cannot slip along the seam between two abutting walls, or a wall and a base.
#pragma once

#include "kernel/exact.h"
#include "kernel/polygon.h"
#include "kernel/region.h"
#include "kernel/types.h"
#include "los/view_memo.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace sl {

// A straight sight line from a (at height h0) to b (at height h1), its height linear in
// between.
struct SightLine {
    Vec2 a;
    Vec2 b;
    double h0 = 0;
    double h1 = 0;
};

// Something that blocks the lines passing below its top through its open interior.
struct Blocker {
    Polygon polygon;            // interior on the positive side of every edge; for a round
                                // base, its outline (vertices on the curve, inside it)
    bool curved = false;        // a round base: it blocks as its true curve, `ellipse`
    exact::Ellipse ellipse;
    double top = 0;
    double bottom = 0;          // a floor, a walkway: it blocks only lines strictly between
                                // bottom and top; 0 (the table, every model): below top
    int model = -1;             // index of the model, or -1 for terrain
    std::vector<int> features;  // index of its terrain piece (empty for a model)
    bool convex = false;        // no holes and no reflex vertex
    double minX = 0, minY = 0, maxX = 0, maxY = 0;
    // A polygon of many edges: its edges in runs (kernel edgeRunsOf), so that a line is tested
    // only against the runs whose boxes it comes near (edgesNear).
    using EdgeRun = sl::EdgeRun;
    std::vector<EdgeRun> runs;  // empty: every edge is tested
    // Lines (u, w) along its two longest edges, halfway into it and just inside (up to the
    // first vertex beyond the edge): separators the proofs of "not visible" try through it.
    // None for a curved blocker.
    std::vector<std::pair<Vec2, Vec2>> edgeLines;
};

// Whether the box lies wholly on one side of the line through u and w, clear of it by far
// more than rounding (a quick test in floating point: what it lets through is tested again,
// exactly, and what it clears cannot meet the line).
inline bool boxClearOfLine(double minX, double minY, double maxX, double maxY, Vec2 u, Vec2 w) {
    const Vec2 d = w - u;
    const double m = 1e-9 * (std::abs(d.x) + std::abs(d.y)) *
                     (1 + std::abs(minX) + std::abs(maxX) + std::abs(minY) + std::abs(maxY) + std::abs(u.x) + std::abs(u.y));
    double lo = HUGE_VAL, hi = -HUGE_VAL;
    for (const Vec2 c : {Vec2{minX, minY}, Vec2{maxX, minY}, Vec2{maxX, maxY}, Vec2{minX, maxY}}) {
        const double side = d.x * (c.y - u.y) - d.y * (c.x - u.x);
        lo = std::min(lo, side);
        hi = std::max(hi, side);
    }
    return lo > m || hi < -m;
}

// Every edge (c, d, running index over outer ring and holes) of a polygon blocker that may
// touch or cross the line through u and w; the others lie wholly on one side of it, clear of
// it by far more than rounding (a quick test in floating point on the runs' boxes).
template <class F>
void edgesNear(const Blocker& bl, Vec2 u, Vec2 w, F&& f) {
    auto ringOf = [&](uint32_t k) -> const Ring& { return k == 0 ? bl.polygon.outer : bl.polygon.holes[k - 1]; };
    auto visit = [&](uint32_t k, uint32_t first, uint32_t count, int index) {
        const Ring& r = ringOf(k);
        for (uint32_t i = first; i < first + count; ++i) f(r[i], r[(i + 1) % r.size()], index + static_cast<int>(i - first));
    };
    if (bl.runs.empty()) {
        int index = 0;
        for (uint32_t k = 0; k <= bl.polygon.holes.size(); ++k) {
            const uint32_t n = static_cast<uint32_t>(ringOf(k).size());
            visit(k, 0, n, index);
            index += static_cast<int>(n);
        }
        return;
    }
    for (const Blocker::EdgeRun& run : bl.runs)
        if (!boxClearOfLine(run.minX, run.minY, run.maxX, run.maxY, u, w)) visit(run.ring, run.first, run.count, run.index);
}

// Per pair: which models do not block (those of the observer's and target's units).
using ModelMask = std::vector<char>;

class Scene {
public:
    explicit Scene(const Scenario& scenario);
    ~Scene();
    Scene(const Scene&) = delete;
    Scene& operator=(const Scene&) = delete;

    const Scenario& scenario() const { return scenario_; }
    const std::vector<Blocker>& blockers() const { return blockers_; }
    int modelIndex(const std::string& id) const;

    // A model's base as a region for sight lines, prepared once.
    const Region& modelRegion(int model) const { return modelRegions_[model]; }

    // Which models a sight line passes through: by default those of the observer's unit
    // and of the target's unit (true-los, wh40k-11e), only the observer's unit and the
    // target itself under wh40k-10e; `AllModels` lets every line through models (terrain only).
    enum class SeeThrough { BothUnits, ObserverUnit, AllModels };
    void setSeeThrough(SeeThrough s) { seeThrough_ = s; }
    SeeThrough seeThrough() const { return seeThrough_; }

    // The model has moved in the scenario (its position only: the same base, rotation and
    // height): its region, blocker and index entries follow. Cheaper than a new scene when
    // one model is placed again and again (layout analysis). Not while the scene is in use
    // from other threads.
    void modelMoved(int model);

    // The models that do not block a line from the observer to the target.
    ModelMask ignoredModels(int observer, int target) const;

    // Whether the line is blocked under `true-los` (item 3 to 5 of the spec), with the
    // scenario's sight-line width.
    bool blocked(const SightLine& line, const ModelMask& ignored) const;

    // Ids of the terrain pieces and models that block the line, sorted. Where the line
    // is stopped only at a seam, the pieces on both sides of it.
    std::vector<std::string> blockersOf(const SightLine& line, const ModelMask& ignored) const;

    // Indices into blockers() of those that stop the line (the first found only when
    // firstOnly); at a seam, the two pieces on either side.
    std::vector<uint32_t> blocking(const SightLine& line, const ModelMask& ignored, bool firstOnly) const;

    // Whether this one blocker stops the line (with the scenario's sight-line width), taken
    // alone: a round base as its true curve, a polygon by its open interior.
    bool blocks(uint32_t blocker, const SightLine& line) const;

    // Indices of the blockers whose bounding box meets the box.
    std::vector<uint32_t> blockersInBox(Vec2 min, Vec2 max) const;

    // Indices of the blockers whose bounding box meets the segment a-b.
    std::vector<uint32_t> blockersAlong(Vec2 a, Vec2 b) const;

    // Ids of the terrain piece or model behind a blocker.
    std::vector<std::string> idsOf(const std::vector<uint32_t>& blockers) const;

    double halfWidth() const { return halfWidth_; }

    // A flag that, once set (from any thread), makes the long searches on this scene give
    // up at their next step (certifyPair, fullyVisible, Rulings::matrix): their answers are
    // then worth nothing, and whoever set it drops them. None by default.
    void setCancel(const std::atomic<bool>* flag) { cancel_ = flag; }
    const std::atomic<bool>* cancelFlag() const { return owner_ ? owner_->cancelFlag() : cancel_; }
    bool cancelled() const {
        const std::atomic<bool>* flag = cancelFlag();
        return flag && flag->load(std::memory_order_relaxed);
    }
    // A scene made from another for the same work (the rulings' wall scenes): its cancel
    // flag, effort and deadline are that one's, whatever they become (a scene kept from one
    // drag step to the next is given each step's own).
    void shareSettingsOf(const Scene* owner) { owner_ = owner; }

    // How long the proofs on this scene may search. Quick: a sixtieth of the cells for "not
    // visible", and fully visible gives up at its first undecided point; a pair that needs
    // more is given as undecided, and counted (proofsCutShort, exact_los.h) so that what
    // rests on it is not kept as final. For a model being dragged: the window decides such
    // pairs in full once it is put down. Survey: for a map of the whole table, where one
    // pair at a knife edge could take longer than the thousands of other cells: a fifteenth
    // of the cells for "not visible", and fully visible gives up after 32 parts, about 100
    // cells of proof in all (looked at between parts) or its second undecided point, each
    // point's proof a brief one (40 cells), so that one point at a knife edge does not take
    // the whole budget (it otherwise goes about its search as Full does); what runs out is
    // undecided and counted as cut short. Decisions made any way are the same proofs.
    enum class Effort { Full, Quick, Survey };
    void setEffort(Effort effort) { effort_ = effort; }
    Effort effort() const { return owner_ ? owner_->effort() : effort_; }
    // Quick proofs also stop once this time has passed (a drag step's share of a frame):
    // what they leave is undecided and counted as cut short, as when their cells run out.
    // None by default; full proofs never look at it.
    using Clock = std::chrono::steady_clock;
    void setQuickDeadline(std::optional<Clock::time_point> until) { deadline_ = until; }
    std::optional<Clock::time_point> quickDeadline() const { return owner_ ? owner_->quickDeadline() : deadline_; }
    bool outOfTime() const {
        if (owner_) return owner_->outOfTime();
        return effort_ == Effort::Quick && deadline_ && Clock::now() >= *deadline_;
    }

    // Whether fullyVisible looks for a hidden point among the target's edge points before it
    // goes part by part (on by default). Where the target is usually fully visible (a unit's
    // map asking a model about a cell another model sees), those points are decided for
    // nothing: the parts alone prove the same, and find a hidden point where there is one.
    void setEdgesFirst(bool on) { edgesFirst_ = on; }
    bool edgesFirst() const { return owner_ ? owner_->edgesFirst() : edgesFirst_; }

    // Layout analysis: fullyVisible keeps what it proves of points of the table (hidden from
    // an observer's base, or parts of it seen: ViewMemo) and tries that first for the next
    // target, which stands near the last. Off by default, so that a pair's answer never
    // depends on what was asked before (a knife edge left undecided within a budget may be
    // settled by a point another target's proof found). A map turns it on and forgets at
    // the start of each block of cells, so that its cells come out the same on any number of
    // threads. A scene made from another follows that one (shareSettingsOf), with a memo
    // of its own.
    void setRememberViews(bool on) { rememberViews_ = on; }
    bool remembersViews() const { return owner_ ? owner_->remembersViews() : rememberViews_; }
    void forgetViews() {
        ++viewsEpoch_;
        views_.clear();
    }
    // The memo, or nothing when views are not remembered.
    ViewMemo* views() const;

    // The blocker grown by the band's half-width, as the proofs for a line of width use it
    // (certify.cpp): made on first use and kept for the scene's life; thread-safe.
    const std::vector<Blocker>& grown(uint32_t blocker) const;

    // The convex hull of the blocker's outer ring (its outline itself for a round base or a
    // convex piece): made on first use and kept; thread-safe. (Most scenes need few: an
    // area outline of hundreds of points is not looked at unless a fan passes near it.)
    const Ring& hull(uint32_t blocker) const;
    // Convex parts whose union holds the blocker's outer ring (its holes filled; a traced
    // outline's smallest notches filled too), for a non-convex piece: a fan that clears each
    // part clears the piece where its hull would not (a fan reaching into a bay of an area's
    // outline). Made on first use and kept; thread-safe. Empty for a convex or round one.
    const std::vector<Ring>& parts(uint32_t blocker) const;

    // The blocker vertices lying exactly on the line through u and v, strictly between
    // the points p and q of that line, in order from p.
    std::vector<Vec2> verticesOnLine(Vec2 u, Vec2 v, Vec2 p, Vec2 q) const;

    // Whether a floor, a walkway or the part of a wall over an opening (a blocker with a
    // bottom above the table) whose bottom is below `reach` stands in the box.
    bool floorsIn(Vec2 min, Vec2 max, double reach) const;
    // The same table with every such blocker whose bottom is below `reach` standing from the
    // table (its bottom 0: a floor as a block, an opening closed below its lintel; those
    // higher, which no line below `reach` meets, as they are). A line from the observer's
    // top to a target's foot that this table leaves open runs, like every line to a point
    // above that foot (all below `reach`), clear of every piece of the true table (fully
    // visible's proofs where lines might pass under a floor). Made when first asked for a
    // reach; a model moved on this scene moves on it too; it shares this scene's cancel
    // flag, effort and deadline.
    const Scene& grounded(double reach) const;

private:
    struct Index;
    void addBlocker(Blocker blocker);
    Blocker modelBlocker(int model, const Region& region) const;  // before addBlocker's finishing

    const Scenario& scenario_;
    double halfWidth_ = 0;  // inches
    SeeThrough seeThrough_ = SeeThrough::BothUnits;
    const std::atomic<bool>* cancel_ = nullptr;
    const Scene* owner_ = nullptr;  // whose cancel flag, effort and deadline are this one's
    Effort effort_ = Effort::Full;
    std::optional<Clock::time_point> deadline_;
    bool rememberViews_ = false;
    bool edgesFirst_ = true;
    unsigned viewsEpoch_ = 0;                  // forgetViews() calls (this scene's own)
    mutable std::atomic<unsigned> memoEpoch_{0};  // the owner's count when views_ was last cleared
    mutable ViewMemo views_;
    std::vector<Blocker> blockers_;
    uint32_t firstModelBlocker_ = 0;  // the models' blockers follow the features', in order
    std::vector<Region> modelRegions_;
    std::vector<int> modelUnit_;  // each model's unit, as a number
    std::unique_ptr<Index> index_;
    mutable std::mutex grownMutex_;
    mutable std::vector<std::unique_ptr<std::vector<Blocker>>> grown_;  // [blocker], filled on use
    mutable std::mutex hullMutex_;
    mutable std::vector<std::unique_ptr<Ring>> hulls_;  // [blocker], the non-convex ones' on use
    mutable std::vector<std::unique_ptr<std::vector<Ring>>> parts_;  // [blocker], the same (under hullMutex_)
    bool floors_ = false;   // some blocker has a bottom above the table
    std::vector<double> seamHeights_;  // floors' undersides that rest on another blocker's top (sorted)
    struct Grounded {
        std::unique_ptr<Scenario> scenario;
        std::unique_ptr<Scene> scene;
    };
    mutable std::mutex groundedMutex_;
    mutable std::map<double, Grounded> grounded_;  // by reach
};

// The area of the polygon's part inside the convex polygon `window` (positively oriented).
double overlapArea(const Polygon& polygon, const Ring& window);

// The part of a ring inside the convex polygon `window` (both positively oriented).
Ring clipToConvexRing(const Ring& ring, const Ring& window);

// The share of the way along the line to the first point where it is blocked (1 when it
// is open): blocking along a prefix only grows with its length, so bisection with the
// exact test finds it, to about 1e-9 of the line.
double firstBlockedShare(const Scene& scene, const SightLine& line, const ModelMask& ignored);

// The convex hull of the segment from a to b swept by `round` (a regular polygon about the
// origin, counter-clockwise): convexHullOf of the two copies of `round` at a and at b, made
// without sorting them (a band's grown pieces). Exposed for tests.
Ring sweptSegment(Vec2 a, Vec2 b, const Ring& round);

// The line test against one polygon, exposed for tests: whether some point of the line
// below `top` (and, for a `bottom` above the table, strictly above it) lies in the polygon's
// open interior (halfWidth > 0: some point of the band). With the polygon's edge runs
// (Blocker::runs), a band is tested edge by edge only against the runs whose boxes it comes
// near: the same answer.
bool polygonBlocksLine(const Polygon& polygon, double bottom, double top, const SightLine& line, double halfWidth,
                       const std::vector<Blocker::EdgeRun>& runs = {});

}  // namespace sl
