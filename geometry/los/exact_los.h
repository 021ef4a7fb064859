// The exact decision: whether any sight line of the spec runs between two regions (a
// model's base, or a single point of it), with the clearest such line as the witness,
// or a small set of pieces that together stop every line.
#pragma once

#include "kernel/region.h"
#include "kernel/types.h"
#include "los/scene.h"

#include <optional>
#include <vector>

namespace sl {

struct ExactLine {
    Vec2 p;                // on the observer's side
    Vec2 q;                // on the target's side
    double clearance = 0;  // inches to the nearest piece the line passes below the top of
                           // (measured for Witness::Clearest only)
};

struct ExactAnswer {
    bool visible = false;
    std::optional<ExactLine> witness;  // when visible: open as given, its ends in the true regions
    std::optional<ExactLine> first;    // when visible: the first open line found (the witness of
                                       // Witness::First, whichever was asked: the same either way)
    std::vector<uint32_t> cover;       // when not: the blockers the proof that no line is open used
    bool undecided = false;            // not visible, but no proof either: a knife edge (see certify.h)
    int candidates = 0;                // lines tested
    int cells = 0;                     // cells of the certified subdivision looked at
    // When not visible: a line open as an exact line whose every printable neighbour is
    // blocked (through a pinch between two corners). Not a witness; a hint for searches.
    std::optional<ExactLine> grazing;
};

enum class Witness {
    First,    // a decision: stop at the first unblocked line
    Clearest  // the full answer: the unblocked line with the largest clearance, refined
              // locally, or the set of pieces that block every line
};

// The clearance reported is capped at this distance.
inline constexpr double kClearanceCap = 2.0;

// What "not visible" rests on: a proof (the certified subdivision when no candidate line
// is open); a proof within a small budget (a point decision inside a larger certificate,
// which splits its part further when the point is undecided); one within a smaller budget
// still (a quick look for a hidden point, where an undecided point costs nothing but the
// time spent); or, for estimates, the candidate lines alone.
enum class Proof { Required, Bounded, Brief, Estimate };

// Whether some sight line runs from `from` (its top at height hFrom) to `to` (at height
// hTo), every blocker of the scene counting but the models in `ignored`. A hint is a point
// of `from` worth trying first (the line from it through the centre of `to`). `mostCells`,
// when above 0, caps the subdivision's cells below the proof's own budget (what is left of
// a larger proof's).
ExactAnswer decideExact(const Scene& scene, const Region& from, double hFrom, const Region& to, double hTo,
                        const ModelMask& ignored, Witness witness, std::optional<Vec2> hint = std::nullopt,
                        Proof proof = Proof::Required, int mostCells = 0);

// How many proofs this thread has given up short of their full budget under
// Scene::Effort::Quick or Survey (decideExact and fullyVisible); an answer that counted on one may be
// decided by a full search, and is not to be kept as final. Compare before and after.
unsigned long proofsCutShort();
void countProofCutShort();

// While one lives, the decisions of Proof::Required made on this thread begin the
// subdivision (the proof that no line is open) before trying the sample and candidate
// lines (it usually comes after them): for a pair that was not visible a moment ago (a
// model being dragged), where the candidates would all be tried in vain. The answers are the same either way; only the
// time spent differs (a visible pair costs more this way).
class ExpectNotVisible {
public:
    explicit ExpectNotVisible(bool on);
    ~ExpectNotVisible();
    ExpectNotVisible(const ExpectNotVisible&) = delete;
    ExpectNotVisible& operator=(const ExpectNotVisible&) = delete;

private:
    int before_;
};

// While one lives, the decisions made on this thread try the sample and candidate lines
// before the quick proofs that none is open (a wall between the two, a floor, the whole pair
// cut off at once), which are usually tried first: for the points of a target that fully
// visible's search looks at in turn, nearly all of them seen (one proven hidden ends the
// search). The answers are the same either way; only the time spent differs (a point not
// seen costs more this way). Of this and ExpectNotVisible, the one made last holds.
class ExpectVisible {
public:
    ExpectVisible();
    ~ExpectVisible();
    ExpectVisible(const ExpectVisible&) = delete;
    ExpectVisible& operator=(const ExpectVisible&) = delete;

private:
    int before_;
};

// Inches from the line (its parts below each blocker's top) to the nearest blocker, up to
// kClearanceCap.
double clearanceOf(const Scene& scene, const SightLine& line, const ModelMask& ignored);

}  // namespace sl
