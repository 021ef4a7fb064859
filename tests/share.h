// How much of a long random check a run takes. SIGHTLINE_TEST_SHARE, a number in (0, 1],
// scales the counts of tables, cells and lines the slowest suites draw (1, the whole, unless
// told). tools/sanitize.sh runs a share of them, under either kind of sanitizer: there the
// same code runs 5 to 10 times slower, and what the sanitizers look for (a read out of
// bounds, an overflow, a leak, a race) mostly lies in code that every table runs. The rarer
// branches only some tables reach are left to the Release suite, which keeps the whole:
// the agreement checks are its.
// Drawn in shares: tst_reference (every check over generated tables), tst_flat (the tables
// at shadow edges, of fully visible targets and of bays), tst_analysis (the foot cones'
// rounds, the knife-edge cells, the joint feet's tables, the low walls' rounds, the grids of
// the maps checked against every pair's ruling or against each other's hiding spots, the
// rims of the shadows checked against segments, the steps of the footprint overlaps). A
// count a check asserts about what it drew (so many compared, so many hidden) is scaled
// with it.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace sl::testing {

// The share asked for, in (0, 1]; an unreadable or out-of-range value is the whole.
inline double testShare() {
    const char* text = std::getenv("SIGHTLINE_TEST_SHARE");
    if (!text) return 1;
    char* end = nullptr;
    const double share = std::strtod(text, &end);
    if (end == text || *end != '\0' || !(share > 0) || share > 1) return 1;
    return share;
}

// `n` (1 or more) scaled by the share, rounded up: 1 to n.
inline int share(int n) { return std::clamp(static_cast<int>(std::ceil(n * testShare())), 1, n); }

// The points of an n-by-n square (a grid of rim points against rim points) drawn in the
// share: n scaled by the share's square root, rounded up.
inline int sharePerSide(int n) { return std::clamp(static_cast<int>(std::ceil(n * std::sqrt(testShare()))), 1, n); }

// A map's grid spacing widened so that about the share of its cells is drawn (by the share's
// square root: the cells fill two dimensions), a quarter of them at the least: on a grid any
// coarser the tables' narrow spots (a cell in cover from one observer only, the blocks of
// cells) are no longer drawn. The whole keeps `spacing` as it is.
inline double sharedSpacing(double spacing) { return spacing / std::sqrt(std::max(testShare(), 0.25)); }

// A step along one line widened so that the share of its points is drawn.
inline double sharedStep(double step) { return step / testShare(); }

}  // namespace sl::testing
