// The rulings of a game: the scenario's ruleset (rulesets.md) applied to the geometry of
// true-los. wh40k-11e: the 1 mm line, obscuring areas (13.10), benefit of cover (13.08),
// hidden and detection range (13.09), plunging fire (22.05), engagement range (03.04).
// wh40k-10e: ruins block over and through with their exceptions, woods, cover, plunging
// fire, engagement range. Areas that block sight are decided as walls of unlimited height
// on their footprints, by the same exact line test as everything else.
#pragma once

#include "kernel/polygon.h"
#include "kernel/types.h"
#include "los/flat_los.h"
#include "los/pair.h"
#include "los/scene.h"

#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace sl {

// Any part of the base inside the polygon (touching its boundary only is not).
bool baseWithin(const Model& model, const Polygon& area);
// Every part of the base inside the polygon or on its boundary.
bool baseWhollyWithin(const Model& model, const Polygon& area);
// The model has the keyword (upper-case compare).
bool hasKeyword(const Model& model, const std::string& keyword);
// wh40k-11e: whether piece is a feature in no area that obscures (light or dense): an area
// of its own (13.10), so a wall of unlimited height for every pair neither model of which
// is within it, however low the feature.
bool obscuringFeature11e(const Scenario& s, int piece);

// The ruleset and every terrain piece as it is (all its fields but its extras), as a string
// that differs wherever they do: the key of what is made of a table's terrain and kept
// (the window's kept table and pair caches, with the light; the maps' TerrainParts).
std::string terrainKey(const Scenario& s);

// An attacking unit against a target unit: every model against every model, and what it
// means for the units (rulesets.md, "Unit rulings").
struct UnitRuling {
    std::string attackerUnit;
    std::string targetUnit;
    std::vector<int> attackers;  // model indices
    std::vector<int> targets;
    std::vector<std::vector<PairResult>> pairs;  // [attacker][target]
    // Per attacking model: the unit is visible (some model is), fully visible (every model
    // is), and (wh40k-11e, 13.08) has cover (every model has it against that attacker).
    std::vector<char> unitVisible;
    std::vector<char> unitFullyVisible;
    std::vector<char> coverAgainst;
    // Per target model (wh40k-10e): cover against the attacking unit (against each of its
    // models).
    std::vector<char> coverOf;
    // Per attacking model: plunging fire against the unit, decided on the unit (wh40k-11e
    // 22.05: the unit is visible to it and has a model at ground level; wh40k-10e: every
    // target model at ground level).
    std::vector<char> plungingAgainst;
    bool visible = false;        // some attacking model sees some target model
    bool fullyVisible = false;   // to some attacking model, every target model is fully visible
    // The attack as a whole (verify's unit_cover and unit_plunging_fire): wh40k-11e, the unit
    // has cover against every attacking model that sees it; wh40k-10e, every target model
    // has cover against the attacking unit. Plunging fire: some attacking model that sees
    // the unit has it.
    bool cover = false;
    bool plungingFire = false;
    // Every pair's reasons, each once, in the order found, prefixed with the pair's labels
    // ("Sniper -> Boy 2: ..."); reasonIds[k] the ids reasons[k] cites (the pair first).
    std::vector<std::string> reasons;
    std::vector<std::vector<std::string>> reasonIds;
};

// Pair rulings kept from one table to the next while only models a pair does not depend on
// change: the window keeps one while a model of the attacking or the target unit is dragged
// (the units' own models are seen through, so the other pairs stand). A pair's key holds
// everything its ruling reads: the observer and the target, every model that can block
// their lines, what the rules read of the target's unit, and the method; the terrain and
// the ruleset are checked as a whole (another table empties the cache). A provisional
// ruling (proofs cut short, Scene::Effort::Quick or Survey) is kept for quick rulings only, and a
// full one replaces it. Thread-safe.
class RulingCache {
public:
    // Empties the cache unless it holds rulings of this terrain and ruleset.
    void useTable(const std::string& tableKey);
    std::optional<PairResult> find(const std::string& key) const;
    void put(const std::string& key, const PairResult& result);
    size_t size() const;
    // Whether the observer saw the target in the last ruling of the pair put here, wherever
    // they stood: a guess at the next one (a model dragged moves little from step to step),
    // which decides only the order of the work (ExpectNotVisible).
    std::optional<bool> lastSeen(const std::string& observer, const std::string& target) const;
    // At most this many rulings are kept: past it, each one put drops the one used least
    // recently (one at a time, so that no drag step pays for emptying the whole cache, and
    // the pairs a drag does not touch, looked up at every step, stay).
    static constexpr size_t kMostPairs = 20000;

private:
    struct Entry {
        PairResult result;
        std::list<std::string>::iterator use;  // its place in uses_
    };
    mutable std::mutex mutex_;
    std::string table_;
    std::map<std::string, Entry> pairs_;
    mutable std::list<std::string> uses_;  // pairs_'s keys, the least recently used first
    std::map<std::pair<std::string, std::string>, bool> lastSeen_;
};

// What seenBySide decided, kept between calls on a table that changes a little (a model
// put down somewhere else): a pair's answer is reused while neither of its models changed,
// neither unit's "made a ranged attack" changed (13.09 reads it on the unit), and no changed
// model, where it was or where it is, comes near the box around the pair's two bases (the
// lines between them stay inside it; the other models are seen through or stand clear of
// them). Another terrain or ruleset starts afresh. One seenBySide at a time uses it.
class SeenCache {
public:
    size_t size() const { return seen_.size(); }
    // How many pairs the last call took from here, and how many it decided.
    size_t reused() const { return reused_; }
    size_t decided() const { return decided_; }

private:
    friend class Rulings;
    struct Was {
        std::string key;  // the model, every field a ruling reads
        Vec2 lo, hi;      // its base's box
        std::string unit;
    };
    std::string table_;
    std::map<std::string, Was> models_;                          // by id: the models the answers are for
    std::map<std::pair<std::string, std::string>, bool> seen_;  // (observer, target): sees
    std::map<std::string, bool> unitShot_;  // by unit: a model of it made a ranged attack (13.09)
    size_t reused_ = 0, decided_ = 0;
};

class Rulings {
public:
    explicit Rulings(const Scene& scene);
    ~Rulings();
    Rulings(const Rulings&) = delete;
    Rulings& operator=(const Rulings&) = delete;

    // The pair's result under the scenario's ruleset; under true-los, evaluatePair's.
    PairResult evaluate(int observer, int target, Method method, Detail detail = Detail::Full) const;
    // Pair rulings to reuse and keep (unit rulings look there first); none by default.
    void setCache(RulingCache* cache);
    // Verdicts only: no work done just to word a reason (whether a line not seen through an
    // obscuring area would be open without it: 13.10's wording or 06.01's). The fields are
    // the same; that one reason is left out. For whole-table maps (analysis/).
    void setVerdictsOnly(bool on) { verdictsOnly_ = on; }
    // Cover not asked (a map's cell already seen out of cover by another model, which no
    // ruling of this pair can change): the proofs that decide whether terrain rather than
    // models keeps the target from being fully visible are not made, and `cover` is left
    // unset where they would decide it (cover within an area is still given). The other
    // fields are the same.
    void setCoverNotAsked(bool on) { coverNotAsked_ = on; }
    // The model has moved (its position only), and the scene has followed it
    // (Scene::modelMoved): what was kept about it goes, and the wall scenes kept follow it.
    void modelMoved(int model);
    // Only whether the observer sees the target under the ruleset (exact decision; for
    // many pairs at once, as "observer against all enemies" does while a model is dragged).
    bool visible(int observer, int target) const;
    // The same decision with what a ruling says of it: seen, or not and whether that is
    // left undecided at a knife edge (PairResult::undecided), and whether a proof was cut
    // short by the scene's effort (PairResult::provisional). Where seen, the open line's end
    // in the target's base (ExactAnswer::first): a point there that the observer sees, with
    // the pair's walls.
    struct Sight {
        bool visible = false, undecided = false, provisional = false;
        std::optional<Vec2> seenAt;
        std::optional<Segment> line;  // (where seen: the open line, from the observer's base to the target's)
    };
    Sight sight(int observer, int target) const;

    // Fog of war on the table: for each model of the scenario, whether the side sees it: its
    // own models, and every other model that some model of the side sees under the ruleset
    // (exact decisions, on every core). With `cancel` set meanwhile, the answer is cut
    // short and worth nothing.
    std::vector<char> seenBySide(const std::string& side, const std::atomic<bool>* cancel = nullptr,
                                 SeenCache* cache = nullptr) const;

    // The pieces the ruleset makes walls of unlimited height for this pair (wh40k-11e: the
    // obscuring areas neither model is within; wh40k-10e: the ruins but those its exceptions
    // leave out); none under true-los. Every line the pair's decision tests runs against
    // the features and these.
    std::vector<int> wallsOf(int observer, int target) const;
    // wh40k-11e: the areas that can be walls for this observer whatever the target (the
    // obscuring areas it is not within): every pair's walls with it are among them, and a
    // target within no area gets no cover from the others (13.08 counts terrain through the
    // walls only). Nothing under the other rulesets (10e's cover counts woods too).
    std::optional<std::vector<int>> wallsWhateverTarget(int observer) const;
    // wh40k-11e: the obscuring areas the model is within, in the order wallsWhateverTarget
    // gives areas: a pair's walls (wallsOf) are the observer's wallsWhateverTarget less the
    // target's these. Nothing under the other rulesets.
    std::optional<std::vector<int>> obscuringWithin(int model) const;
    // What a ruling of any observer against this target says of 13.09 (PairResult::hidden):
    // wh40k-11e, within an area with a dense feature and its unit made no ranged attack;
    // false under wh40k-10e; nothing under true-los.
    std::optional<bool> hiddenOf(int target) const;
    // Whether 13.09 keeps this observer from seeing the target whatever the lines (hidden,
    // and the observer beyond the detection range): the ruling says not visible, 13.09.
    bool hiddenBeyondRange(int observer, int target) const;
    // Whether a ruling of any observer that sees this target gives it cover for where it
    // stands alone (PairResult::cover): wh40k-11e, INFANTRY, BEASTS or SWARM within an area
    // (13.08); wh40k-10e, wholly within a ruin or woods, or a crater as INFANTRY. False
    // where cover would depend on the observer, and under true-los.
    bool coverWhereItStands(int target) const;

    // wh40k-11e: the terrain pieces that obscure (13.10: areas holding a light or dense
    // feature, and such features standing in no area); empty under the other rulesets.
    std::vector<int> obscuringPieces() const;
    // wh40k-11e: the pieces a model within is hidden by 13.09 (areas holding a dense feature,
    // and such features standing in no area); empty under the other rulesets.
    std::vector<int> hidingPieces() const;

    // The models of a unit (by the models' `unit`), in file order; empty when none.
    std::vector<int> unitModels(const std::string& unit) const;
    // Every model of the attacking unit against every model of the target unit.
    // With Detail::Decisions the pairs' shares seen are left out (fraction_known false).
    UnitRuling units(const std::string& attackerUnit, const std::string& targetUnit, Method method,
                     Detail detail = Detail::Full) const;
    // The same for any models against any models (one observer against a unit, say). The
    // pairs are decided on every core; a Rulings is otherwise used from one thread at a time.
    // When the scene's cancel flag is set meanwhile, the answer is cut short and worth
    // nothing (the cache keeps none of it).
    UnitRuling matrix(const std::vector<int>& attackers, const std::vector<int>& targets, Method method,
                      Detail detail = Detail::Full) const;

    // Whether every point of the target's base is seen (Visible), or some point is not
    // (Hidden), decided in the plane (rules/flat_table.h, flat::View::seenWhole) as the layout
    // maps decide it: with the ruleset's walls `walls`, through the models `seenThrough` (by
    // model index), both bases round and the target on the table, under a ruleset whose
    // line has a width; and only where the plane shows the target seen over what stops the
    // lines between the two tops. Unknown where that does not apply or decides nothing.
    // (Hidden: a point of the base that no band reaches in `hiddenAt`, where given.)
    flat::Sight wholeInThePlane(int observer, int target, const std::vector<int>& walls, const std::vector<char>& seenThrough,
                                std::optional<Vec2>* hiddenAt = nullptr) const;

private:
    // 13.01/13.10: the terrain areas (area pieces and features standing in none), whether
    // each obscures (holds a light or dense feature) and holds a dense feature.
    struct Area {
        int piece;
        bool obscuring = false;
        bool dense = false;
    };
    // The reasons of one pair as they are found: the texts (with labels) and the ids each cites.
    struct Reasons {
        std::vector<std::string> texts;
        std::vector<std::vector<std::string>> ids;
        void add(std::string text, std::vector<std::string> cited);
    };
    // Fully visible left open by the exact search (a knife edge: it follows the lines that
    // touch the pieces, and a band along a piece's side touches it all along; or a search
    // cut short): settled by the plane's proof (wholeInThePlane, the pair's walls `walls`),
    // as the layout maps settle it, where that applies; the proof said in `why`, a point
    // found hidden in the result's hidden_point.
    void settleInThePlane(PairResult& r, int observer, int target, Method method, const std::vector<int>& walls, Reasons& why) const;
    // What a pair's ruling reads of the table besides the terrain and ruleset (RulingCache).
    std::string pairKey(int observer, int target, Method method, Detail detail) const;
    PairResult cachedEvaluate(int observer, int target, Method method, Detail detail) const;
    // Whether the model is within (any part of its base) or wholly within the piece's
    // footprint, decided once per model and piece.
    bool within(int model, int piece) const;
    bool whollyWithin(int model, int piece) const;
    // The pieces that stand as walls between this pair, and why others do not.
    std::vector<int> walls11e(int observer, int target, Reasons* reasons) const;
    std::vector<int> walls10e(int observer, int target, Reasons* reasons) const;
    // 13.09: the area that makes the target hidden, or -1 (its unit made no ranged attack).
    int hidingArea11e(int target) const;
    PairResult evaluate11e(int observer, int target, Method method, Detail detail) const;
    PairResult evaluate10e(int observer, int target, Method method, Detail detail) const;
    // Whether some model that blocks this pair's lines stands near enough to the two bases'
    // hull to stop one (when none does, seeing through models changes nothing).
    bool modelsBetween(int observer, int target) const;
    // ": part of it is behind X" for a pair seen in part, naming the terrain between the
    // observer's centre and a point of the target proven out of sight (adding their ids).
    std::string hidingPieces(const Scene& terrain, int observer, int target, const PairResult& r,
                             std::vector<std::string>& ids) const;
    // Whether the target is fully visible in this scene (the decision alone when exact).
    // With `walls` (the pair's ruleset walls, the scene's own): where the exact search stops
    // at a knife edge, the plane's proof (wholeInThePlane) over the models the scene sees
    // through.
    bool fullyVisible(const Scene& scene, int observer, int target, Method method, const std::vector<int>* walls = nullptr) const;
    // The scene with these terrain pieces' footprints as walls of unlimited height, and the
    // `removed` pieces taken away (they block nothing).
    const Scene& withWalls(std::vector<int> pieces, Scene::SeeThrough seeThrough, std::vector<int> removed = {}) const;

    const Scene& scene_;
    std::vector<Area> areas_;  // wh40k-11e only
    mutable std::vector<signed char> within_, whollyWithin_;  // [model * pieces + piece]: -1 not yet known
    std::vector<Bounds> pieceBounds_;                         // each piece's footprint's box
    std::vector<std::vector<EdgeRun>> pieceRuns_;             // and the runs of its edges
    // Whether the box around the model (any rotation) meets the piece's: else it is not within it.
    bool reaches(int model, int piece) const;
    struct Walled {
        std::unique_ptr<Scenario> scenario;
        std::unique_ptr<Scene> scene;
        std::vector<int> moved;  // models moved since it was last used (modelMoved): followed on use
    };
    RulingCache* pairCache_ = nullptr;
    bool verdictsOnly_ = false;
    bool coverNotAsked_ = false;
    mutable std::mutex cacheMutex_;
    mutable std::map<std::tuple<std::vector<int>, int, std::vector<int>>, Walled> cache_;
};

// A table kept from one drag step to the next: its scene and rulings, and the wall scenes
// the rulings keep, follow the models that moved (Scene::modelMoved, Rulings::modelMoved)
// instead of being made afresh at every step. Anything else that changed (terrain,
// ruleset, light, a model's base, height or keywords, models added or removed) makes them
// afresh. The caller sets the scene's cancel flag, effort and deadline for each use (the
// wall scenes share them). One user at a time.
class KeptTable {
public:
    KeptTable();
    ~KeptTable();
    KeptTable(const KeptTable&) = delete;
    KeptTable& operator=(const KeptTable&) = delete;
    // The rulings of this table, its models where they stand in `s`.
    Rulings& follow(const Scenario& s);
    Scene& scene() { return *scene_; }
    // How many times the scene was made afresh, and how many models followed in place.
    int made() const { return made_; }
    int followed() const { return followed_; }

private:
    std::string key_;  // all but the models' places
    std::unique_ptr<Scenario> scenario_;
    std::unique_ptr<Scene> scene_;
    std::unique_ptr<Rulings> rulings_;
    int made_ = 0, followed_ = 0;
};

}  // namespace sl
