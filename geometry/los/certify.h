// Proofs that no sight line runs between two regions, and the search that covers every pair
// of end points with such proofs or finds an open line (certified subdivision).
//
// The pairs of end points (p in the observer's region, q in the target's) are split into
// cells a x b, a and b convex polygons holding their part of the true regions. A cell is
// proven blocked by a separator: a line L that every sight line of the cell crosses (a on
// one side, b on the other), where the stretch of L they cross lies inside blockers that
// stand higher than any of those lines is there. Where the crossing point falls on L and how
// high the line is there are linear-fractional in p and q, so their extremes over the cell
// are taken at pairs of corners: computed with error bounds, a proof holds for every line of
// the cell. A cell that is neither proven blocked nor holds an open line is split, down to a
// stated size; a cell below it that is still undecided is reported, never guessed.
#pragma once

#include "kernel/region.h"
#include "kernel/types.h"
#include "los/scene.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace sl {

struct CertifyLimits {
    int maxCells = 3000;    // cells looked at before giving up as undecided
    double minCell = 1e-6;  // inches: a cell smaller than this is not split
    // Cells smaller than smallCell inches are where a line touching a base or a corner
    // exactly lives (open, but no printable line near it is): after maxSmallCells of them
    // the pair is given as undecided.
    double smallCell = 1e-3;
    int maxSmallCells = 100;
    // After this many cells, a separator line's chords through each piece are kept for the
    // cells after (the same lines come back cell after cell); a short search keeps nothing.
    // Negative: never kept. What is kept changes no answer, only the time.
    int keepChordsAfter = 4;
};

struct Certified {
    enum class Outcome { Blocked, Visible, Undecided };
    Outcome outcome = Outcome::Undecided;
    std::optional<Segment> witness;  // Visible: an open sight line, its ends in the true regions
    std::vector<uint32_t> cover;     // Blocked: the blockers the proofs used (sorted)
    int cells = 0;                   // cells looked at
};

// Covers every sight line from `from` (at height hFrom) to `to` (at hTo), the models in
// `ignored` not counting, by proofs, or finds an open one.
Certified certifyPair(const Scene& scene, const Region& from, double hFrom, const Region& to, double hTo,
                      const ModelMask& ignored, const CertifyLimits& limits = {});

// The same search in steps: each run() goes on from where the last one stopped, until
// `cellsAtMost` cells in all (at most limits.maxCells) have been looked at, and gives the
// outcome so far (Undecided while cells are left). For a caller that tries a short search
// first, other work next, and the rest of the search last, without repeating any of it.
class CertifySearch {
public:
    CertifySearch(const Scene& scene, const Region& from, double hFrom, const Region& to, double hTo,
                  const ModelMask& ignored, const CertifyLimits& limits = {});
    ~CertifySearch();
    CertifySearch(const CertifySearch&) = delete;
    CertifySearch& operator=(const CertifySearch&) = delete;
    Certified run(int cellsAtMost);

private:
    struct State;
    std::unique_ptr<State> state_;
};

// Only the first cell, the whole pair: a proof, or nothing (a quick test before searching).
std::optional<std::vector<uint32_t>> certifyWhole(const Scene& scene, const Region& from, double hFrom,
                                                  const Region& to, double hTo, const ModelMask& ignored);

}  // namespace sl
