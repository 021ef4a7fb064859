// Certified subdivision: separator proofs for cells of end-point pairs, computed with error
// bounds, the witnesses sought in the cells no proof covers, and the splitting (certify.h).
#include "los/certify.h"

#include "kernel/bound.h"
#include "kernel/exact.h"
#include "kernel/polygon.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <deque>
#include <optional>
#include <unordered_map>

namespace sl {
namespace {

struct P2 {
    Bound x, y;
};
P2 sub(Vec2 a, Vec2 b) { return {Bound(a.x) - Bound(b.x), Bound(a.y) - Bound(b.y)}; }
Bound cross(const P2& a, const P2& b) { return a.x * b.y - a.y * b.x; }
Bound dot(const P2& a, const P2& b) { return a.x * b.x + a.y * b.y; }

// The heights the lines of a family have at one end: at least lo, at most hi (a window's
// lines, parts of longer ones, reach it at heights within bounds).
struct Heights {
    double lo, hi;
};
// The most a line of two such families rises or falls over its length.
double steepest(Heights from, Heights to) { return std::max(std::abs(to.hi - from.lo), std::abs(from.hi - to.lo)); }

// ---- The blockers of a cell ----

struct Piece {
    uint32_t id;
    const Blocker* blocker;
    bool whole = true;  // the piece itself, not a part of it grown for the band
};

struct Chord {
    double lo, hi;     // surely inside the piece for lo < s < hi
    int piece;         // index into the cell's pieces
    int loEdge, hiEdge;  // the polygon edges the chord begins and ends on (-1 for a curve)
    int under = -1;    // a stretch of two chords, a floor's (piece) over one whose top is at its bottom (this)
};

// Where the line u + s (w - u) runs through the piece's open interior: its chords, each
// narrowed by its error bound. Nothing when a vertex lies exactly on the line or the order
// of the crossings is uncertain (the proof then does without this piece, on this line).
// Whether the line through u and w passes clear of the piece's box: then it has no chord (a
// quick test in floating point with a margin: a chord it wrongly dropped would only weaken a
// proof).
bool missesBox(const Blocker& bl, Vec2 u, Vec2 w) {
    const Vec2 d = w - u;
    const double m = 1e-9 * (std::abs(d.x) + std::abs(d.y)) * (1 + std::abs(bl.minX) + std::abs(bl.maxX) + std::abs(bl.minY) + std::abs(bl.maxY));
    double lo = HUGE_VAL, hi = -HUGE_VAL;
    for (const Vec2 c : {Vec2{bl.minX, bl.minY}, Vec2{bl.maxX, bl.minY}, Vec2{bl.maxX, bl.maxY}, Vec2{bl.minX, bl.maxY}}) {
        const double side = d.x * (c.y - u.y) - d.y * (c.x - u.x);
        lo = std::min(lo, side);
        hi = std::max(hi, side);
    }
    return lo > m || hi < -m;
}

bool chordsOf(const Blocker& bl, int piece, Vec2 u, Vec2 w, std::vector<Chord>& out) {
    if (missesBox(bl, u, w)) return true;
    const P2 e = sub(w, u);
    if (bl.curved) {
        const exact::Ellipse& el = bl.ellipse;
        const Bound a = Bound(el.lengthMm) * Bound(5) / Bound(254), b = Bound(el.widthMm) * Bound(5) / Bound(254);
        const Bound c(el.cosRot), s(el.sinRot);
        const P2 d0 = sub(u, el.centre);
        const P2 l0{(c * d0.x + s * d0.y) / a, (c * d0.y - s * d0.x) / b};
        const P2 l1{(c * e.x + s * e.y) / a, (c * e.y - s * e.x) / b};
        const Bound A = dot(l1, l1), B = dot(l0, l1), C = dot(l0, l0) - Bound(1);
        const Bound disc = B * B - A * C;
        if (!(disc.lo() > 0) || !(A.lo() > 0)) return true;  // misses, or too close to call
        const Bound root = sqrtOf(disc);
        const Bound s0 = (Bound(0) - B - root) / A, s1 = (root - B) / A;
        if (s0.hi() < s1.lo()) out.push_back({s0.hi(), s1.lo(), piece, -1, -1});
        return true;
    }
    struct Crossing {
        Bound s;
        bool entering;
        int edge;
    };
    std::vector<Crossing> crossings;
    bool ok = true;
    // (The edges clear of the line are left out: none of their vertices lies on it.)
    edgesNear(bl, u, w, [&](Vec2 c, Vec2 d, int index) {
        if (!ok) return;
        const int oc = exact::orient(u, w, c), od = exact::orient(u, w, d);
        if (oc == 0 || od == 0) {
            ok = false;
            return;
        }
        if (oc == od) return;
        const P2 edge = sub(d, c);
        const Bound s = cross(edge, sub(c, u)) / cross(edge, e);
        if (s.e == HUGE_VAL) {
            ok = false;
            return;
        }
        crossings.push_back({s, oc > 0, index});
    });
    if (!ok) return false;
    std::sort(crossings.begin(), crossings.end(), [](const Crossing& x, const Crossing& y) { return x.s.v < y.s.v; });
    for (size_t i = 0; i + 1 < crossings.size(); ++i)
        if (!(crossings[i].s.hi() < crossings[i + 1].s.lo())) return false;
    for (size_t i = 0; i + 1 < crossings.size(); i += 2) {
        if (!crossings[i].entering || crossings[i + 1].entering) return false;  // (cannot happen for a simple polygon)
        out.push_back({crossings[i].s.hi(), crossings[i + 1].s.lo(), piece, crossings[i].edge, crossings[i + 1].edge});
    }
    return true;
}

// The edge of a polygon by its running index over outer ring and holes.
std::pair<Vec2, Vec2> edgeAt(const Polygon& poly, int index) {
    const Ring* r = &poly.outer;
    size_t i = static_cast<size_t>(index);
    for (size_t h = 0; i >= r->size(); ++h) {
        i -= r->size();
        r = &poly.holes[h];
    }
    return {(*r)[i], (*r)[(i + 1) % r->size()]};
}

// A seam where one chord ends and the next begins: the two edges lie on one line, so the
// line L crosses both at the same point, inside both (the crossings are proper); there the
// footprints touch along an edge, and their union's interior holds the point.
bool seam(const std::vector<Piece>& pieces, const Chord& before, const Chord& after) {
    if (before.hiEdge < 0 || after.loEdge < 0 || before.piece == after.piece) return false;
    const auto [c1, d1] = edgeAt(pieces[before.piece].blocker->polygon, before.hiEdge);
    const auto [c2, d2] = edgeAt(pieces[after.piece].blocker->polygon, after.loEdge);
    return exact::orient(c1, d1, c2) == 0 && exact::orient(c1, d1, d2) == 0;
}

struct Line {
    Vec2 u, w;
    const Blocker* through = nullptr;  // the piece it was drawn through
};

// Where the line from a to b runs inside the piece, as parameters along it (floating point:
// only to choose where to look): its longest stretch inside.
std::optional<std::pair<double, double>> longestChord(const Blocker& bl, Vec2 a, Vec2 b) {
    const Vec2 d = b - a;
    if (bl.curved) {
        const exact::Ellipse& e = bl.ellipse;
        const double ra = e.lengthMm / 50.8, rb = e.widthMm / 50.8;
        const Vec2 o = a - e.centre;
        const Vec2 l0{(e.cosRot * o.x + e.sinRot * o.y) / ra, (e.cosRot * o.y - e.sinRot * o.x) / rb};
        const Vec2 l1{(e.cosRot * d.x + e.sinRot * d.y) / ra, (e.cosRot * d.y - e.sinRot * d.x) / rb};
        const double A = l1.x * l1.x + l1.y * l1.y, B = l0.x * l1.x + l0.y * l1.y, C = l0.x * l0.x + l0.y * l0.y - 1;
        const double disc = B * B - A * C;
        if (A == 0 || disc <= 0) return std::nullopt;
        return std::pair{(-B - std::sqrt(disc)) / A, (-B + std::sqrt(disc)) / A};
    }
    // A line that passes wide of the piece's box (its corners all well on one side) has no
    // stretch inside.
    {
        const double len = std::hypot(d.x, d.y);
        const double slack = 1e-9 * (len + std::abs(a.x) + std::abs(a.y) + std::abs(bl.maxX - bl.minX) + std::abs(bl.maxY - bl.minY) + 1);
        int below = 0, above = 0;
        for (const Vec2 c : {Vec2{bl.minX, bl.minY}, Vec2{bl.maxX, bl.minY}, Vec2{bl.minX, bl.maxY}, Vec2{bl.maxX, bl.maxY}}) {
            const double v = (d.x * (c.y - a.y) - d.y * (c.x - a.x)) / (len > 0 ? len : 1);
            below += v < -slack;
            above += v > slack;
        }
        if (below == 4 || above == 4) return std::nullopt;
    }
    thread_local std::vector<double> cuts;
    cuts.clear();
    edgesNear(bl, a, b, [&](Vec2 c, Vec2 to, int) {
        const Vec2 e = to - c;
        const double den = e.x * d.y - e.y * d.x;
        if (den == 0) return;
        const double s = (e.x * (a.y - c.y) - e.y * (a.x - c.x)) / -den;
        const double k = (d.x * (a.y - c.y) - d.y * (a.x - c.x)) / -den;
        if (k >= 0 && k <= 1) cuts.push_back(s);
    });
    std::sort(cuts.begin(), cuts.end());
    // The stretches between successive cuts, longest first (the earlier of equal ones): the
    // first whose middle is inside.
    thread_local std::vector<size_t> order;
    order.clear();
    for (size_t i = 0; i + 1 < cuts.size(); ++i) order.push_back(i);
    std::stable_sort(order.begin(), order.end(), [](size_t x, size_t y) { return cuts[x + 1] - cuts[x] > cuts[y + 1] - cuts[y]; });
    // Inside between the first and second cut, the third and fourth, and so on, where the
    // line crosses the outline cleanly (an even count, no two cuts together: no vertex on
    // it); else each stretch's middle is located.
    bool clean = cuts.size() % 2 == 0;
    for (size_t i = 0; clean && i + 1 < cuts.size(); ++i) clean = cuts[i + 1] - cuts[i] > 1e-9 * (1 + std::abs(cuts[i]));
    for (size_t i : order) {
        if (clean) {
            if (i % 2 == 0) return std::pair{cuts[i], cuts[i + 1]};
            continue;
        }
        const Vec2 m = a + d * ((cuts[i] + cuts[i + 1]) / 2);
        if (locate(m, bl.polygon) == Where::Inside) return std::pair{cuts[i], cuts[i + 1]};
    }
    return std::nullopt;
}

// Two edges of the convex hull of two parts a and b, each from a corner of a to a corner of
// b (their indices). Every segment from a point of a to a point of b lies in that hull, and a
// line with a on one side and b on the other meets the hull's outline on exactly these two
// edges: where the segments cross such a line is bounded by where the two cross it. Nothing
// where the hull does not part into one run of a's corners and one of b's, or where the
// corners are few enough to take in pairs.
using Bridges = std::array<std::pair<size_t, size_t>, 2>;
std::optional<Bridges> bridgesOf(const Ring& a, const Ring& b) {
    if (a.size() * b.size() <= 16) return std::nullopt;
    std::vector<Vec2> both(a.begin(), a.end());
    both.insert(both.end(), b.begin(), b.end());
    const Ring hull = convexHullOf(std::move(both));  // (exact predicates: its corners are exact)
    if (hull.size() < 3) return std::nullopt;
    // Each corner's part and index there (a corner of both parts settles nothing).
    std::vector<std::pair<int, size_t>> owner;
    for (const Vec2& v : hull) {
        const auto ia = std::find(a.begin(), a.end(), v), ib = std::find(b.begin(), b.end(), v);
        if ((ia == a.end()) == (ib == b.end())) return std::nullopt;
        owner.emplace_back(ia != a.end() ? 0 : 1,
                           static_cast<size_t>(ia != a.end() ? ia - a.begin() : ib - b.begin()));
    }
    Bridges out{};
    int found = 0;
    for (size_t k = 0; k < owner.size(); ++k) {
        const auto& [p, i] = owner[k];
        const auto& [q, j] = owner[(k + 1) % owner.size()];
        if (p == q) continue;
        if (found == 2) return std::nullopt;
        out[static_cast<size_t>(found++)] = p == 0 ? std::pair{i, j} : std::pair{j, i};
    }
    if (found != 2) return std::nullopt;
    return out;
}

// Where a line runs through a piece does not depend on the cell: the cells of one search
// try the same separators again and again (the pieces' own lines, the lines that proved a
// cell before), so each line's chords through each piece are found once per search. (Keyed
// by the piece's blocker: the scene's, or a part of it grown for the band, which the scene
// keeps for its life; no model moves in the scene while a search runs.)
struct ChordKey {
    Vec2 u, w;
    const Blocker* blocker;
    bool operator==(const ChordKey&) const = default;
};
struct ChordKeyHash {
    size_t operator()(const ChordKey& k) const {
        uint64_t h = reinterpret_cast<uintptr_t>(k.blocker);
        // (+ 0.0: -0.0 and 0.0, equal keys, hash alike.)
        for (const double v : {k.u.x, k.u.y, k.w.x, k.w.y}) h = (h ^ std::bit_cast<uint64_t>(v + 0.0)) * 0x9e3779b97f4a7c15ull;
        return static_cast<size_t>(h ^ (h >> 29));
    }
};
using ChordCache = std::unordered_map<ChordKey, std::vector<Chord>, ChordKeyHash>;

// What a separator proof needs: the pieces near the cell and the lines worth trying.
struct ProofContext {
    const std::vector<Piece>& pieces;
    mutable std::vector<Line> lines;
    // Each line's chords through every piece (found once, kept for the whole proof), and
    // whether they are known yet.
    mutable std::vector<std::vector<Chord>> chords;
    mutable std::vector<char> known;
    size_t base;             // the lines given at the start (tried for every window)
    mutable int budget;      // separator tests left for this proof
    double halfWidth;        // of a band (its pieces are grown)
    bool floors = false;     // a piece has a bottom above the table (the lines' lowest heights matter)
    const Scene* clock = nullptr;  // a quick proof's time: once out, no separator is tried
    ChordCache* cache = nullptr;   // the search's chords, kept from cell to cell
    // The cell's own two parts and the two edges of the hull of both that join a corner of
    // one to a corner of the other (bridgesOf), when worked out: for separators of that pair.
    const Ring* topA = nullptr;
    const Ring* topB = nullptr;
    std::optional<Bridges> bridges;
    size_t add(const Line& L) const {
        for (size_t i = 0; i < lines.size(); ++i)
            if (lines[i].u == L.u && lines[i].w == L.w) return i;
        lines.push_back(L);
        chords.emplace_back();
        known.push_back(0);
        return lines.size() - 1;
    }
    const std::vector<Chord>& chordsAlong(size_t line) const {
        if (!known[line]) {
            const Line& L = lines[line];
            for (size_t k = 0; k < pieces.size(); ++k) {
                const Blocker* bl = pieces[k].blocker;
                if (missesBox(*bl, L.u, L.w)) continue;  // (most: nothing to keep)
                if (!cache) {
                    chordsOf(*bl, static_cast<int>(k), L.u, L.w, chords[line]);
                    continue;
                }
                auto [at, added] = cache->try_emplace(ChordKey{L.u, L.w, bl});
                if (added) chordsOf(*bl, -1, L.u, L.w, at->second);
                for (Chord c : at->second) {
                    c.piece = static_cast<int>(k);
                    chords[line].push_back(c);
                }
            }
            std::sort(chords[line].begin(), chords[line].end(), [](const Chord& x, const Chord& y) { return x.lo < y.lo; });
            known[line] = 1;
        }
        return chords[line];
    }
    ProofContext(const std::vector<Piece>& p, std::vector<Line> l, int b, double hw)
        : pieces(p), lines(std::move(l)), chords(lines.size()), known(lines.size(), 0), base(lines.size()), budget(b), halfWidth(hw) {}
};

std::optional<std::vector<uint32_t>> separated(const ProofContext& ctx, const Ring& a, Heights hFrom, const Ring& b,
                                               Heights hTo, size_t line, int depth);

// A proof for every line from a point of `a` (at hFrom) to a point of `b` (at hTo
// high there) with some separator of the context.
std::optional<std::vector<uint32_t>> separatedByAny(const ProofContext& ctx, const Ring& a, Heights hFrom, const Ring& b,
                                                    Heights hTo, int depth) {
    // Only lines through pieces that stand between the two (near their hull's box); and
    // first, across this family's own bundle where its middle line runs through a piece.
    Ring both = a;
    both.insert(both.end(), b.begin(), b.end());
    const Bounds box = boundsOf(both);  // (not bound to names: a lambda captures it)
    const Vec2 lo = box.lo, hi = box.hi;
    auto near = [&](const Blocker* bl) { return !(bl->maxX < lo.x || bl->minX > hi.x || bl->maxY < lo.y || bl->minY > hi.y); };
    const Vec2 ca = partCentre(a), cb = partCentre(b), axis = cb - ca;
    const double alen = std::hypot(axis.x, axis.y);
    if (alen > 0) {
        const Vec2 across{-axis.y / alen, axis.x / alen};
        for (size_t k = 0; k < ctx.pieces.size(); ++k) {
            const Piece& piece = ctx.pieces[k];
            if (!near(piece.blocker) || (k > 0 && ctx.pieces[k - 1].id == piece.id)) continue;
            if (const auto chord = longestChord(*piece.blocker, ca, cb)) {
                const Vec2 m = ca + axis * ((chord->first + chord->second) / 2);
                const size_t line = ctx.add({m, m + across, piece.blocker});
                if (auto used = separated(ctx, a, hFrom, b, hTo, line, depth)) return used;
            }
        }
    }
    for (size_t line = 0; line < ctx.base; ++line) {
        const Blocker* bl = ctx.lines[line].through;
        if (bl && !near(bl)) continue;
        if (auto used = separated(ctx, a, hFrom, b, hTo, line, depth)) return used;
    }
    return std::nullopt;
}

// The separator proof for every line from a point of `a` (at hFrom) to a point of `b` (at
// hTo) with L = (u, w): the blockers used, or nothing. Where the crossings of L are not all
// inside blockers standing above the lines there (a floor's bottom below them), each
// uncovered window of L is a
// smaller family (the lines from a through the window, or from the window to b), proven
// in turn by another separator on one side of L (to `depth` levels).
std::optional<std::vector<uint32_t>> separated(const ProofContext& ctx, const Ring& a, Heights hFrom, const Ring& b,
                                               Heights hTo, size_t line, int depth) {
    if (ctx.budget <= 0 || (ctx.clock && ctx.clock->outOfTime())) return std::nullopt;
    --ctx.budget;
    // (The cell's own pair: its crossings bounded by the hull's two bridges.)
    const Bridges* bridges = &a == ctx.topA && &b == ctx.topB && ctx.bridges ? &*ctx.bridges : nullptr;
    const std::vector<Piece>& pieces = ctx.pieces;
    const Line L = ctx.lines[line];  // (a copy: proving a window may add lines)
    const P2 e = sub(L.w, L.u);
    const Bound len2 = dot(e, e);
    // Runs of chords (overlapping, or meeting at seams), each with the pieces in it, among
    // the pieces standing higher than every line where it crosses L; the stretches of
    // [sMin, sMax] no run holds inside are the windows.
    struct Run {
        Chord last;  // its end: the chord that reaches farthest
        double lo;
        size_t first, count;  // its pieces' ids in runIds
    };
    // (Scratch kept between calls: not used past the recursion below, so a nested call
    // may reuse it.)
    thread_local std::vector<Run> runs;
    thread_local std::vector<uint32_t> runIds;
    std::vector<uint32_t> used;
    std::vector<std::pair<double, double>> windows;
    // Level lines (every end at one height h, so every point at h): a floor whose underside
    // is at h resting on a piece whose top is at h holds them inside the two solids' union
    // where both chords overlap (Scene::blocking's stacked seams). With a band, the chords
    // of the pieces themselves, not grown: a band whose middle line runs inside both
    // footprints there shares an area with both.
    const bool level = hFrom.lo == hFrom.hi && hTo.lo == hTo.hi && hFrom.lo == hTo.lo;
    thread_local std::vector<Chord> pool;
    auto cover = [&](double sMin, double sMax, double hMin, double hMax) {
        runs.clear();
        runIds.clear();
        const std::vector<Chord>* chords = &ctx.chordsAlong(line);
        if (level) {
            const double h = hFrom.lo;
            pool.clear();
            for (const Chord& c : *chords) {
                const Blocker& up = *pieces[c.piece].blocker;
                if (up.bottom != h || !pieces[c.piece].whole) continue;
                for (const Chord& d : *chords) {
                    const Blocker& low = *pieces[d.piece].blocker;
                    if (low.top != h || low.bottom >= h || low.curved || !pieces[d.piece].whole) continue;  // (as Scene::blocking)
                    const double lo = std::max(c.lo, d.lo), hi = std::min(c.hi, d.hi);
                    if (lo < hi) pool.push_back({lo, hi, c.piece, -1, -1, d.piece});
                }
            }
            if (!pool.empty()) {
                pool.insert(pool.end(), chords->begin(), chords->end());
                std::sort(pool.begin(), pool.end(), [](const Chord& x, const Chord& y) { return x.lo < y.lo; });
                chords = &pool;
            }
        }
        for (const Chord& c : *chords) {
            const Blocker& bl = *pieces[c.piece].blocker;
            if (c.under < 0 && (!(bl.top > hMax) || (bl.bottom > 0 && !(bl.bottom < hMin)))) continue;
            runIds.push_back(pieces[c.piece].id);
            if (c.under >= 0) runIds.push_back(pieces[c.under].id);
            const size_t ids = c.under >= 0 ? 2 : 1;
            if (!runs.empty() && (c.lo < runs.back().last.hi || seam(pieces, runs.back().last, c))) {
                Run& r = runs.back();
                r.count += ids;
                if (c.hi > r.last.hi) r.last = c;
                continue;
            }
            runs.push_back({c, c.lo, runIds.size() - ids, ids});
        }
        used.clear();
        windows.clear();
        double cursor = sMin;  // the first point not yet known covered (it needs a run around it)
        for (const Run& r : runs) {
            if (r.last.hi <= cursor) continue;
            if (r.lo >= sMax) break;
            if (!(r.lo < cursor)) windows.emplace_back(cursor, r.lo);
            used.insert(used.end(), runIds.begin() + static_cast<std::ptrdiff_t>(r.first),
                        runIds.begin() + static_cast<std::ptrdiff_t>(r.first + r.count));
            cursor = r.last.hi;
            if (cursor > sMax) break;
        }
        if (!(cursor > sMax)) windows.emplace_back(cursor, sMax);
    };
    // Where the lines cross L (s along it) and how high they are there, over the corners:
    // first in plain floating point, a filter that drops quickly a line that does not part
    // the two or leaves windows it may not patch (nothing is claimed from it), then with
    // error bounds.
    {
        const Vec2 ev = L.w - L.u;
        const double l2 = ev.x * ev.x + ev.y * ev.y;
        thread_local std::vector<double> pb, db;
        pb.clear();
        db.clear();
        double side = 0, nearA = HUGE_VAL, nearB = HUGE_VAL;
        for (const Vec2& q : b) {
            const double v = ev.x * (q.y - L.u.y) - ev.y * (q.x - L.u.x);
            if (v == 0 || (side != 0 && (v > 0) != (side > 0))) return std::nullopt;
            side = v;
            pb.push_back(((q.x - L.u.x) * ev.x + (q.y - L.u.y) * ev.y) / l2);
            db.push_back(std::abs(v));
            nearB = std::min(nearB, std::abs(v));
        }
        // The crossing of the line from a_i to b_j is the mean of the corners' projections
        // on L weighted by their distances from it (the other's distance for each).
        double sMin = HUGE_VAL, sMax = -HUGE_VAL, tMax = -HUGE_VAL, tMin = HUGE_VAL;
        if (bridges) {
            // Where the two bridges cross (bridgesOf); the share of the way at the crossing,
            // da / (da + db), is largest for the farthest corner of a and the nearest of b.
            thread_local std::vector<double> pas, das;
            pas.clear();
            das.clear();
            double farA = 0, farB = 0;
            for (const Vec2& p : a) {
                const double v = ev.x * (p.y - L.u.y) - ev.y * (p.x - L.u.x);
                if (v == 0 || (v > 0) == (side > 0)) return std::nullopt;
                pas.push_back(((p.x - L.u.x) * ev.x + (p.y - L.u.y) * ev.y) / l2);
                das.push_back(std::abs(v));
                nearA = std::min(nearA, das.back());
                farA = std::max(farA, das.back());
            }
            for (const double d : db) farB = std::max(farB, d);
            for (const auto& [i, j] : *bridges) {
                const double sv = (pas[i] * db[j] + pb[j] * das[i]) / (das[i] + db[j]);
                sMin = std::min(sMin, sv);
                sMax = std::max(sMax, sv);
            }
            tMin = nearA / (nearA + farB);
            tMax = farA / (farA + nearB);
        } else {
            for (const Vec2& p : a) {
                const double v = ev.x * (p.y - L.u.y) - ev.y * (p.x - L.u.x);
                if (v == 0 || (v > 0) == (side > 0)) return std::nullopt;
                const double pa = ((p.x - L.u.x) * ev.x + (p.y - L.u.y) * ev.y) / l2, da = std::abs(v);
                nearA = std::min(nearA, da);
                for (size_t j = 0; j < b.size(); ++j) {
                    const double w = 1 / (da + db[j]);
                    const double sv = (pa * db[j] + pb[j] * da) * w;
                    const double t = da * w;
                    sMin = std::min(sMin, sv);
                    sMax = std::max(sMax, sv);
                    tMin = std::min(tMin, t);
                    tMax = std::max(tMax, t);
                }
            }
        }
        double hMax = std::max(hFrom.hi + tMin * (hTo.hi - hFrom.hi), hFrom.hi + tMax * (hTo.hi - hFrom.hi));
        double hMin = ctx.floors ? std::min(hFrom.lo + tMin * (hTo.lo - hFrom.lo), hFrom.lo + tMax * (hTo.lo - hFrom.lo)) : hMax;
        if (ctx.halfWidth > 0) {  // (as below)
            const double elen = std::sqrt(l2), need = ctx.halfWidth * (1 + 1e-6);
            if (!(nearA / elen > need) || !(nearB / elen > need)) return std::nullopt;
            const double rise = steepest(hFrom, hTo) * need / ((nearA + nearB) / elen);
            hMax += rise;
            hMin -= rise;
        }
        cover(sMin, sMax, hMin, hMax);
        if (!windows.empty() && (depth <= 0 || windows.size() > 3)) return std::nullopt;
    }
    // Sides: a wholly on one side of L, b on the other.
    thread_local std::vector<Bound> sa, sb;
    sa.clear();
    sb.clear();
    int side = 0;
    for (const Vec2& p : a) {
        const Bound v = cross(e, sub(p, L.u));
        const int s = v.lo() > 0 ? 1 : v.hi() < 0 ? -1 : 0;
        if (s == 0 || (side != 0 && s != side)) return std::nullopt;
        side = s;
        sa.push_back(v);
    }
    for (const Vec2& q : b) {
        const Bound v = cross(e, sub(q, L.u));
        if (!(side > 0 ? v.hi() < 0 : v.lo() > 0)) return std::nullopt;
        sb.push_back(v);
    }
    // A band: its middle line runs through a grown piece; the band's own point inside the
    // piece lies within h of the crossing, so the crossing must lie h from both ends (it
    // lies at least as far from an end as that end lies from L) and the pieces must stand
    // above the line over h on either side of it (the line rises by at most its slope
    // times h there, over a length of at least the two ends' distances from L).
    double rise = 0;
    if (ctx.halfWidth > 0) {
        const double elen = std::sqrt(len2.hi());  // (the longer: distances come out smaller)
        double da = HUGE_VAL, db = HUGE_VAL;
        for (const Bound& v : sa) da = std::min(da, std::min(std::abs(v.lo()), std::abs(v.hi())) / elen);
        for (const Bound& v : sb) db = std::min(db, std::min(std::abs(v.lo()), std::abs(v.hi())) / elen);
        const double need = ctx.halfWidth * (1 + 1e-6);
        if (!(da > need) || !(db > need)) return std::nullopt;
        rise = steepest(hFrom, hTo) * need / (da + db) * (1 + 1e-6) + 1e-12;
    }
    double sMin = HUGE_VAL, sMax = -HUGE_VAL, hMin = HUGE_VAL, hMax = -HUGE_VAL;
    // The crossing of the segment from a[i] to b[j], and its height there.
    auto pair = [&](size_t i, size_t j, bool where, bool high) {
        const Bound t = sa[i] / (sa[i] - sb[j]);
        if (t.e == HUGE_VAL) return false;
        if (where) {
            const P2 pq = sub(b[j], a[i]);
            const P2 x{Bound(a[i].x) + t * pq.x, Bound(a[i].y) + t * pq.y};
            const Bound s = dot(P2{x.x - Bound(L.u.x), x.y - Bound(L.u.y)}, e) / len2;
            if (s.e == HUGE_VAL) return false;
            sMin = std::min(sMin, s.lo());
            sMax = std::max(sMax, s.hi());
        }
        if (high) {
            hMax = std::max(hMax, (Bound(hFrom.hi) + t * (Bound(hTo.hi) - Bound(hFrom.hi))).hi());
            if (ctx.floors) hMin = std::min(hMin, (Bound(hFrom.lo) + t * (Bound(hTo.lo) - Bound(hFrom.lo))).lo());
        }
        return true;
    };
    if (bridges) {
        // Every crossing lies between the two bridges' (bridgesOf). The share of the way
        // at a crossing, |sa| / (|sa| + |sb|), grows with |sa| and shrinks with |sb|, so the
        // height there is bounded at the pairs of a corner of a that may be farthest from L
        // and one of b that may be nearest, and the other way round (each distance taken
        // within its bounds).
        for (const auto& [i, j] : *bridges)
            if (!pair(i, j, true, false)) return std::nullopt;
        auto lowAbs = [](const Bound& v) { return std::min(std::abs(v.lo()), std::abs(v.hi())); };
        auto highAbs = [](const Bound& v) { return std::max(std::abs(v.lo()), std::abs(v.hi())); };
        double aFar = 0, aNear = HUGE_VAL, bFar = 0, bNear = HUGE_VAL;  // bounds the extremes surely reach
        for (const Bound& v : sa) aFar = std::max(aFar, lowAbs(v)), aNear = std::min(aNear, highAbs(v));
        for (const Bound& v : sb) bFar = std::max(bFar, lowAbs(v)), bNear = std::min(bNear, highAbs(v));
        for (size_t i = 0; i < a.size(); ++i) {
            const bool far = highAbs(sa[i]) >= aFar, near = lowAbs(sa[i]) <= aNear;
            if (!far && !near) continue;
            for (size_t j = 0; j < b.size(); ++j)
                if (((far && lowAbs(sb[j]) <= bNear) || (near && highAbs(sb[j]) >= bFar)) && !pair(i, j, false, true))
                    return std::nullopt;
        }
    } else {
        for (size_t i = 0; i < a.size(); ++i)
            for (size_t j = 0; j < b.size(); ++j)
                if (!pair(i, j, true, true)) return std::nullopt;
    }
    hMax += rise;
    // (The lowest heights only where a piece has a bottom; else a window's lines are taken
    // at the highest, as nothing asks for less.)
    hMin = ctx.floors ? hMin - rise : hMax;
    cover(sMin, sMax, hMin, hMax);
    if (windows.empty()) return used;
    if (depth <= 0 || windows.size() > 3) return std::nullopt;
    // Each window: the lines through it are blocked before L (from a to the window) or
    // after it (from the window to b), by another separator.
    const double slack = 1e-11 * (1 + std::abs(L.u.x) + std::abs(L.u.y) + std::abs(L.w.x) + std::abs(L.w.y));
    const double elen = std::sqrt(len2.v);
    for (const auto& [lo, hi] : windows) {
        const Vec2 d = L.w - L.u;
        const Ring window{L.u + d * (lo - slack / elen), L.u + d * (hi + slack / elen)};
        // (A level family's lines are at its height at every point.)
        const Heights there = level ? hFrom : Heights{hMin, hMax};
        auto more = separatedByAny(ctx, a, hFrom, window, there, depth - 1);
        if (!more) more = separatedByAny(ctx, window, there, b, hTo, depth - 1);
        if (!more) return std::nullopt;
        used.insert(used.end(), more->begin(), more->end());
    }
    return used;
}

// Lines worth trying as separators through a piece: across the cell's lines where its
// middle line runs through the piece (the narrowest cut of the bundle); along its longest
// edges, halfway into it and just inside; for a round base, across the cell through its
// centre.
// `axis`: the unit vector from `from` to `to` ((1, 0) where they meet).
void separatorsOf(const Blocker& bl, Vec2 from, double hFrom, Vec2 to, double hTo, Vec2 axis, std::vector<Line>& out) {
    const Vec2 axis0 = to - from;
    const Vec2 across{-axis.y, axis.x};
    if (const auto chord = longestChord(bl, from, to)) {
        // Its middle, and near its lower end (lines falling to the target are lowest
        // where they leave the piece, rising ones where they enter it).
        const double lowEnd = hFrom > hTo ? 0.95 : hFrom < hTo ? 0.05 : 0.5;
        for (double f : {0.5, lowEnd}) {
            const Vec2 m = from + axis0 * (chord->first + f * (chord->second - chord->first));
            out.push_back({m, m + across, &bl});
            if (lowEnd == 0.5) break;
        }
        // A floor: where the middle line is halfway between its bottom and top, if that is
        // inside it (the lines near it run through the slab there, not over or under it).
        if (bl.bottom > 0 && hFrom != hTo) {
            const double at = ((bl.bottom + bl.top) / 2 - hFrom) / (hTo - hFrom);
            if (at > chord->first && at < chord->second) {
                const Vec2 m = from + axis0 * at;
                out.push_back({m, m + across, &bl});
            }
        }
    }
    if (bl.curved) {
        out.push_back({bl.ellipse.centre, bl.ellipse.centre + across, &bl});
        return;
    }
    for (const auto& [u, w] : bl.edgeLines) out.push_back({u, w, &bl});
}

// Separator tests one cell's proof may make once windows are patched (they multiply the
// tests): many for a large cell, whose proof saves splitting it, few for a small one, which
// is usually small because it holds a line that touches a corner or a base exactly.
int proofBudget(const Ring& a, const Ring& b) {
    const double size = std::max(partSize(a), partSize(b));
    return size > 1e-2 ? 300 : size > 1e-4 ? 100 : 30;
}

class Search {
public:
    Search(const Scene& scene, const Region& from, double hFrom, const Region& to, double hTo, const ModelMask& ignored)
        : scene_(scene), from_(from), to_(to), hFrom_(hFrom), hTo_(hTo), ignored_(ignored) {}

    // A proof for the cell, or nothing; `budget` separator tests once windows are patched.
    std::optional<std::vector<uint32_t>> prove(const Ring& a, const Ring& b, int budget) {
        const std::vector<Piece> pieces = piecesNear(a, b);
        if (pieces.empty()) return std::nullopt;
        const Vec2 ca = partCentre(a), cb = partCentre(b);
        const Vec2 axis0 = cb - ca;
        const double alen = std::hypot(axis0.x, axis0.y);
        const Vec2 axis = alen > 0 ? axis0 * (1 / alen) : Vec2{1, 0};
        std::vector<Line> lines = good_;  // the lines that proved other cells, first
        // The pieces nearest the cell's middle line first.
        std::vector<std::pair<double, size_t>> order;
        const Vec2 m = (ca + cb) * 0.5;
        for (size_t k = 0; k < pieces.size(); ++k) {
            if (k > 0 && pieces[k].id == pieces[k - 1].id) continue;  // (a grown piece's parts)
            const Blocker& bl = scene_.blockers()[pieces[k].id];
            const Vec2 c{(bl.minX + bl.maxX) / 2, (bl.minY + bl.maxY) / 2};
            order.emplace_back(std::abs((c.x - m.x) * axis.y - (c.y - m.y) * axis.x), k);
        }
        std::sort(order.begin(), order.end());
        for (size_t k = 0; k < std::min<size_t>(order.size(), 10); ++k)
            separatorsOf(scene_.blockers()[pieces[order[k].second].id], ca, hFrom_, cb, hTo_, axis, lines);
        lines.erase(std::remove_if(lines.begin(), lines.end(), [](const Line& L) { return L.u == L.w; }), lines.end());
        // First every line on its own (one test each), then with windows patched one level
        // deep, then two, within the budget (deepening by levels, so that the budget is not
        // spent on a deep search behind the first lines while a later one needs one patch).
        ProofContext ctx{pieces, lines, static_cast<int>(3 * lines.size()), scene_.halfWidth()};
        ctx.floors = std::ranges::any_of(pieces, [](const Piece& p) { return p.blocker->bottom > 0; });
        ctx.clock = &scene_;
        ctx.cache = keepChords_ ? &chords_ : nullptr;
        ctx.topA = &a;
        ctx.topB = &b;
        ctx.bridges = bridgesOf(a, b);
        for (const int depth : {0, 1, 2}) {
            if (depth > 0) ctx.budget = budget;  // (afresh for each depth)
            if (depth > 0 && scene_.outOfTime()) return std::nullopt;  // (the search stops at its next cell)
            for (size_t line = 0; line < lines.size(); ++line) {
                if (auto used = separated(ctx, a, {hFrom_, hFrom_}, b, {hTo_, hTo_}, line, depth)) {
                    remember(lines[line]);
                    return used;
                }
            }
        }
        return std::nullopt;
    }

    // An open sight line in the cell, its ends in the true regions, if its middle line (or
    // that line moved to where it is highest) is one.
    std::optional<Segment> witness(const Ring& a, const Ring& b) {
        const auto p = pointInPart(a, from_), q = pointInPart(b, to_);
        if (!p || !q || *p == *q) return std::nullopt;
        if (!scene_.blocked({*p, *q, hFrom_, hTo_}, ignored_)) return Segment{*p, *q};
        // Rising towards the target, a line is highest from the back of the observer's
        // base; falling, to the back of the target's.
        if (hFrom_ == hTo_) return std::nullopt;
        const bool rising = hTo_ > hFrom_;
        const Region& r = rising ? from_ : to_;
        if (r.isPoint()) return std::nullopt;
        const Vec2 fixed = rising ? *q : *p, moving = rising ? *p : *q;
        const Vec2 d = moving - fixed;
        double lo = 1, hi = 1 + (partSize(r.outline) + 1e-9) / std::max(1e-12, std::hypot(d.x, d.y));
        for (int i = 0; i < 24; ++i) {
            const double m = (lo + hi) / 2;
            (insideRegion(r, fixed + d * m) ? lo : hi) = m;
        }
        const Vec2 back = fixed + d * lo;
        const Segment s = rising ? Segment{back, *q} : Segment{*p, back};
        if (!(back == moving) && insideRegion(r, back) && !scene_.blocked({s.a, s.b, hFrom_, hTo_}, ignored_)) return s;
        return std::nullopt;
    }

    // From now on, each line's chords through each piece are kept for the next cells (not
    // for a search of one cell or a few, for which keeping them costs more than it saves).
    void keepChords() { keepChords_ = true; }

private:
    // The pieces that can stop a line of the cell: near the cell's hull, standing higher
    // than the lower end, not of the pair's units; grown for a band (grow()).
    std::vector<Piece> piecesNear(const Ring& a, const Ring& b) {
        Ring both = a;
        both.insert(both.end(), b.begin(), b.end());
        auto [lo, hi] = boundsOf(both);
        const double hw = scene_.halfWidth();
        std::vector<Piece> out;
        // Only pieces whose box meets the hull of the two parts (grown by the band): a
        // separating axis among the hull's edges rules the others out (in floating point,
        // with a margin: a piece wrongly left out would only weaken a proof).
        const Ring hull = convexHullOf(both);
        std::vector<double> margins(hull.size());  // (each edge's length times the band's half width)
        for (size_t i = 0; i < hull.size(); ++i) {
            const Vec2 e = hull[(i + 1) % hull.size()] - hull[i];
            margins[i] = (hw + 1e-9) * std::hypot(e.x, e.y);
        }
        auto outside = [&](const Blocker& bl) {
            if (hull.size() < 3) return false;
            for (size_t i = 0; i < hull.size(); ++i) {
                const Vec2 c = hull[i], e = hull[(i + 1) % hull.size()] - c;
                const double margin = margins[i];
                bool beyond = true;
                for (const Vec2 k : {Vec2{bl.minX, bl.minY}, Vec2{bl.maxX, bl.minY}, Vec2{bl.maxX, bl.maxY}, Vec2{bl.minX, bl.maxY}})
                    beyond = beyond && e.x * (k.y - c.y) - e.y * (k.x - c.x) < -margin;
                if (beyond) return true;
            }
            return false;
        };
        for (uint32_t id : scene_.blockersInBox(lo - Vec2{hw, hw}, hi + Vec2{hw, hw})) {
            const Blocker& bl = scene_.blockers()[id];
            // (A floor or walkway above every line is passed under. One lower serves a
            // separator where every line crosses it above its bottom: separated(). Level
            // lines at a floor's underside, or at the top of a piece a floor may rest on,
            // keep both for the seam between them.)
            const bool stackable = hFrom_ == hTo_ && (bl.bottom == hFrom_ || (bl.top == hFrom_ && bl.bottom < hFrom_));
            if ((!stackable && (bl.top <= std::min(hFrom_, hTo_) || (bl.bottom > 0 && bl.bottom >= std::max(hFrom_, hTo_)))) ||
                (bl.model >= 0 && ignored_[bl.model]) || outside(bl))
                continue;
            if (hw == 0) {
                out.push_back({id, &bl});
                continue;
            }
            // A grown piece's parts (the piece, then one per edge swept by the band): the
            // edges' parts away from the cell left out too (a long outline's most).
            const std::vector<Blocker>& grown = scene_.grown(id);
            for (size_t g = 0; g < grown.size(); ++g) {
                const Blocker& part = grown[g];
                if (g > 0 && (part.maxX < lo.x || part.minX > hi.x || part.maxY < lo.y || part.minY > hi.y || outside(part))) continue;
                out.push_back({id, &part, g == 0});
            }
        }
        return out;
    }

    // Lines that proved a cell are tried first on the next (neighbours share separators).
    void remember(const Line& L) {
        if (std::find_if(good_.begin(), good_.end(), [&](const Line& g) { return g.u == L.u && g.w == L.w; }) != good_.end())
            return;
        good_.insert(good_.begin(), L);
        if (good_.size() > 6) good_.pop_back();
    }

    const Scene& scene_;
    const Region& from_;
    const Region& to_;
    double hFrom_, hTo_;
    const ModelMask& ignored_;
    std::vector<Line> good_;
    bool keepChords_ = false;
    ChordCache chords_;
};

}  // namespace

std::optional<std::vector<uint32_t>> certifyWhole(const Scene& scene, const Region& from, double hFrom,
                                                  const Region& to, double hTo, const ModelMask& ignored) {
    Search search(scene, from, hFrom, to, hTo, ignored);
    // The fast path before any candidate search: a short search, as the pair may be visible.
    auto used = search.prove(regionPart(from), regionPart(to), 40);
    if (used) {
        std::sort(used->begin(), used->end());
        used->erase(std::unique(used->begin(), used->end()), used->end());
    }
    return used;
}

struct CertifySearch::State {
    State(const Scene& scene, const Region& from, double hFrom, const Region& to, double hTo, const ModelMask& ignored,
          const CertifyLimits& limits)
        : scene(scene), from(from), to(to), limits(limits), search(scene, from, hFrom, to, hTo, ignored),
          cells{{regionPart(from), regionPart(to)}} {}
    const Scene& scene;
    const Region& from;
    const Region& to;
    CertifyLimits limits;
    Search search;
    std::deque<std::pair<Ring, Ring>> cells;
    Certified result;
    bool undecided = false;  // a cell too small to split was left undecided
    bool finished = false;
    int small = 0;
};

CertifySearch::CertifySearch(const Scene& scene, const Region& from, double hFrom, const Region& to, double hTo,
                             const ModelMask& ignored, const CertifyLimits& limits)
    : state_(std::make_unique<State>(scene, from, hFrom, to, hTo, ignored, limits)) {}

CertifySearch::~CertifySearch() = default;

Certified CertifySearch::run(int cellsAtMost) {
    State& st = *state_;
    Certified& result = st.result;
    const int cap = std::min(cellsAtMost, st.limits.maxCells);
    while (!st.finished && !st.cells.empty()) {
        if (result.cells >= cap || st.scene.cancelled() || st.scene.outOfTime()) {
            Certified stopped = result;  // (stopped short: undecided for now, the cells kept)
            stopped.outcome = Certified::Outcome::Undecided;
            stopped.cover.clear();
            return stopped;
        }
        auto [a0, b0] = std::move(st.cells.front());
        st.cells.pop_front();
        if (++result.cells - 1 == st.limits.keepChordsAfter) st.search.keepChords();  // (Search::keepChords)
        const auto a = tightenPart(a0, st.from), b = tightenPart(b0, st.to);
        if (!a || !b) continue;  // no point of a true region left
        if (std::max(partSize(*a), partSize(*b)) < st.limits.smallCell && ++st.small > st.limits.maxSmallCells) {
            st.undecided = st.finished = true;
            break;
        }
        if (auto used = st.search.prove(*a, *b, proofBudget(*a, *b))) {
            result.cover.insert(result.cover.end(), used->begin(), used->end());
            continue;
        }
        if (auto w = st.search.witness(*a, *b)) {
            result.outcome = Certified::Outcome::Visible;
            result.witness = w;
            result.cover.clear();
            st.finished = true;
            return result;
        }
        const double da = partSize(*a), db = partSize(*b);
        if (std::max(da, db) < st.limits.minCell) {
            st.undecided = true;
            continue;
        }
        if (da >= db) {
            auto [x, y] = splitPart(*a);
            st.cells.emplace_back(std::move(x), *b);
            st.cells.emplace_back(std::move(y), *b);
        } else {
            auto [x, y] = splitPart(*b);
            st.cells.emplace_back(*a, std::move(x));
            st.cells.emplace_back(*a, std::move(y));
        }
    }
    st.finished = true;
    if (result.outcome == Certified::Outcome::Visible) return result;
    std::sort(result.cover.begin(), result.cover.end());
    result.cover.erase(std::unique(result.cover.begin(), result.cover.end()), result.cover.end());
    result.outcome = st.undecided ? Certified::Outcome::Undecided : Certified::Outcome::Blocked;
    if (st.undecided) result.cover.clear();
    return result;
}

Certified certifyPair(const Scene& scene, const Region& from, double hFrom, const Region& to, double hTo,
                      const ModelMask& ignored, const CertifyLimits& limits) {
    return CertifySearch(scene, from, hFrom, to, hTo, ignored, limits).run(limits.maxCells);
}

}  // namespace sl
