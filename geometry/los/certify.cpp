// Certified subdivision: separator proofs for cells of end-point pairs, computed with error
// bounds, the witnesses sought in the cells no proof covers, and the splitting (certify.h).
#include "los/certify.h"

#include "kernel/bound.h"
#include "kernel/exact.h"
#include "kernel/polygon.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <numbers>

namespace sl {
namespace {

struct P2 {
    Bound x, y;
};
P2 sub(Vec2 a, Vec2 b) { return {Bound(a.x) - Bound(b.x), Bound(a.y) - Bound(b.y)}; }
Bound cross(const P2& a, const P2& b) { return a.x * b.y - a.y * b.x; }
Bound dot(const P2& a, const P2& b) { return a.x * b.x + a.y * b.y; }

// ---- The blockers of a cell ----

struct Piece {
    uint32_t id;
    const Blocker* blocker;
};

struct Chord {
    double lo, hi;     // surely inside the piece for lo < s < hi
    int piece;         // index into the cell's pieces
    int loEdge, hiEdge;  // the polygon edges the chord begins and ends on (-1 for a curve)
};

// Where the line u + s (w - u) runs through the piece's open interior: its chords, each
// narrowed by its error bound. Nothing when a vertex lies exactly on the line or the order
// of the crossings is uncertain (the proof then does without this piece, on this line).
bool chordsOf(const Blocker& bl, int piece, Vec2 u, Vec2 w, std::vector<Chord>& out) {
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
    int index = 0;
    bool ok = true;
    auto ring = [&](const Ring& r) {
        for (size_t i = 0; i < r.size() && ok; ++i, ++index) {
            const Vec2 c = r[i], d = r[(i + 1) % r.size()];
            const int oc = exact::orient(u, w, c), od = exact::orient(u, w, d);
            if (oc == 0 || od == 0) {
                ok = false;
                return;
            }
            if (oc == od) continue;
            const P2 edge = sub(d, c);
            const Bound s = cross(edge, sub(c, u)) / cross(edge, e);
            if (s.e == HUGE_VAL) {
                ok = false;
                return;
            }
            crossings.push_back({s, oc > 0, index});
        }
    };
    ring(bl.polygon.outer);
    for (const Ring& h : bl.polygon.holes) ring(h);
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
};

// The separator proof for every line from a point of `a` (at hFrom) to a point of `b` (at
// hTo) with L = (u, w): the blockers used, or nothing.
std::optional<std::vector<uint32_t>> separatedBy(const std::vector<Piece>& pieces, const Ring& a, double hFrom,
                                                 const Ring& b, double hTo, const Line& L) {
    const P2 e = sub(L.w, L.u);
    const Bound len2 = dot(e, e);
    // Sides: a wholly on one side of L, b on the other.
    std::vector<Bound> sa, sb;
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
    // Where the lines cross L (s along it) and how high they are there, over the corners.
    double sMin = HUGE_VAL, sMax = -HUGE_VAL, hMax = -HUGE_VAL;
    for (size_t i = 0; i < a.size(); ++i)
        for (size_t j = 0; j < b.size(); ++j) {
            const Bound t = sa[i] / (sa[i] - sb[j]);
            if (t.e == HUGE_VAL) return std::nullopt;
            const P2 pq = sub(b[j], a[i]);
            const P2 x{Bound(a[i].x) + t * pq.x, Bound(a[i].y) + t * pq.y};
            const Bound s = dot(P2{x.x - Bound(L.u.x), x.y - Bound(L.u.y)}, e) / len2;
            const Bound h = Bound(hFrom) + t * (Bound(hTo) - Bound(hFrom));
            if (s.e == HUGE_VAL) return std::nullopt;
            sMin = std::min(sMin, s.lo());
            sMax = std::max(sMax, s.hi());
            hMax = std::max(hMax, h.hi());
        }
    // The pieces standing higher than every line where it crosses L, and their chords.
    std::vector<Chord> chords;
    for (size_t k = 0; k < pieces.size(); ++k) {
        if (!(pieces[k].blocker->top > hMax)) continue;
        chordsOf(*pieces[k].blocker, static_cast<int>(k), L.u, L.w, chords);
    }
    std::sort(chords.begin(), chords.end(), [](const Chord& x, const Chord& y) { return x.lo < y.lo; });
    // One run of chords (overlapping, or meeting at seams) must hold [sMin, sMax].
    for (size_t i = 0; i < chords.size(); ++i) {
        if (!(chords[i].lo < sMin)) break;
        std::vector<uint32_t> used{pieces[chords[i].piece].id};
        Chord run = chords[i];
        for (size_t j = i + 1; j < chords.size() && !(run.hi > sMax); ++j) {
            if (chords[j].lo < run.hi || seam(pieces, run, chords[j])) {
                if (chords[j].hi > run.hi) {
                    run.hi = chords[j].hi;
                    run.hiEdge = chords[j].hiEdge;
                    run.piece = chords[j].piece;
                    used.push_back(pieces[chords[j].piece].id);
                }
            } else if (chords[j].lo >= run.hi) {
                break;
            }
        }
        if (run.hi > sMax) return used;
    }
    return std::nullopt;
}

// Where the line from a to b runs inside the piece, as parameters along it (floating point:
// only to choose where to look).
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
    std::vector<double> cuts;
    auto ring = [&](const Ring& r) {
        for (size_t i = 0; i < r.size(); ++i) {
            const Vec2 c = r[i], e = r[(i + 1) % r.size()] - r[i];
            const double den = e.x * d.y - e.y * d.x;
            if (den == 0) continue;
            const double s = (e.x * (a.y - c.y) - e.y * (a.x - c.x)) / -den;
            const double k = (d.x * (a.y - c.y) - d.y * (a.x - c.x)) / -den;
            if (k >= 0 && k <= 1) cuts.push_back(s);
        }
    };
    ring(bl.polygon.outer);
    for (const Ring& h : bl.polygon.holes) ring(h);
    std::sort(cuts.begin(), cuts.end());
    std::optional<std::pair<double, double>> best;
    for (size_t i = 0; i + 1 < cuts.size(); ++i) {
        const Vec2 m = a + d * ((cuts[i] + cuts[i + 1]) / 2);
        if (locate(m, bl.polygon) != Where::Inside) continue;
        if (!best || cuts[i + 1] - cuts[i] > best->second - best->first) best = std::pair{cuts[i], cuts[i + 1]};
    }
    return best;
}

// Lines worth trying as separators through a piece: across the cell's lines where its
// middle line runs through the piece (the narrowest cut of the bundle); along its longest
// edges, halfway into it; for a round base, across the cell through its centre.
void separatorsOf(const Blocker& bl, Vec2 from, Vec2 to, std::vector<Line>& out) {
    const Vec2 axis0 = to - from;
    const double alen = std::hypot(axis0.x, axis0.y);
    const Vec2 axis = alen > 0 ? axis0 * (1 / alen) : Vec2{1, 0};
    const Vec2 across{-axis.y, axis.x};
    if (const auto chord = longestChord(bl, from, to)) {
        const Vec2 m = from + axis0 * ((chord->first + chord->second) / 2);
        out.push_back({m, m + across});
    }
    if (bl.curved) {
        out.push_back({bl.ellipse.centre, bl.ellipse.centre + across});
        return;
    }
    const Ring& r = bl.polygon.outer;
    if (r.size() < 3) return;
    // The two longest edges: the line halfway between each and the farthest inside vertex.
    std::vector<std::pair<double, size_t>> edges;
    for (size_t i = 0; i < r.size(); ++i) {
        const Vec2 d = r[(i + 1) % r.size()] - r[i];
        edges.emplace_back(d.x * d.x + d.y * d.y, i);
    }
    std::sort(edges.rbegin(), edges.rend());
    for (size_t k = 0; k < std::min<size_t>(2, edges.size()); ++k) {
        const Vec2 c = r[edges[k].second], d = r[(edges[k].second + 1) % r.size()];
        const Vec2 dir = d - c;
        const double len = std::hypot(dir.x, dir.y);
        if (len == 0) continue;
        const Vec2 inward{-dir.y / len, dir.x / len};  // the interior is on the left
        // The depth of the piece behind this edge, up to the first vertex beyond it.
        double depth = HUGE_VAL;
        for (const Vec2& v : r) {
            const double dist = (v.x - c.x) * inward.x + (v.y - c.y) * inward.y;
            if (dist > 1e-9) depth = std::min(depth, dist);
        }
        if (depth == HUGE_VAL) continue;
        const Vec2 m = (c + d) * 0.5 + inward * (depth / 2);
        out.push_back({m, m + dir});
    }
}

// The pieces that can stop a line of the cell: near the cell's hull, standing higher than
// the lower end, not of the pair's units.
std::vector<Piece> piecesNear(const Scene& scene, const Ring& a, const Ring& b, double lowest, const ModelMask& ignored) {
    Ring both = a;
    both.insert(both.end(), b.begin(), b.end());
    auto [lo, hi] = boundsOf(both);
    const double hw = scene.halfWidth();
    std::vector<Piece> out;
    for (uint32_t id : scene.blockersInBox(lo - Vec2{hw, hw}, hi + Vec2{hw, hw})) {
        const Blocker& bl = scene.blockers()[id];
        if (bl.top <= lowest || (bl.model >= 0 && ignored[bl.model])) continue;
        out.push_back({id, &bl});
    }
    return out;
}

// The lines of the family shifted sideways by h (a band's half-width): from every point of
// `a` to every point of `b`, moved by h along the normal of its direction. Their ends lie
// in a and b each swept by h times the arc of those normals (held in a triangle). Nothing
// when the directions spread too widely.
std::optional<std::pair<Ring, Ring>> shifted(const Ring& a, const Ring& b, double h) {
    const Vec2 mid = partCentre(b) - partCentre(a);
    const double base = std::atan2(mid.y, mid.x);
    double lo = 0, hi = 0;
    for (const Vec2& p : a)
        for (const Vec2& q : b) {
            double d = std::atan2(q.y - p.y, q.x - p.x) - base;
            while (d > std::numbers::pi) d -= 2 * std::numbers::pi;
            while (d < -std::numbers::pi) d += 2 * std::numbers::pi;
            lo = std::min(lo, d);
            hi = std::max(hi, d);
        }
    lo -= 1e-9;
    hi += 1e-9;
    if (hi - lo > std::numbers::pi / 3) return std::nullopt;
    auto normal = [&](double t) { return Vec2{-std::sin(base + t), std::cos(base + t)} * h; };
    const double m = (lo + hi) / 2;
    const Ring arc{normal(lo), normal(hi), normal(m) * (1 / std::cos((hi - lo) / 2) * (1 + 1e-9))};
    auto sweep = [&](const Ring& poly) {
        std::vector<Vec2> pts;
        for (const Vec2& p : poly)
            for (const Vec2& n : arc) pts.push_back(p + n);
        return convexHullOf(pts);
    };
    return std::pair{sweep(a), sweep(b)};
}

class Search {
public:
    Search(const Scene& scene, const Region& from, double hFrom, const Region& to, double hTo, const ModelMask& ignored)
        : scene_(scene), from_(from), to_(to), hFrom_(hFrom), hTo_(hTo), ignored_(ignored) {}

    // A proof for the cell, or nothing.
    std::optional<std::vector<uint32_t>> prove(const Ring& a, const Ring& b) {
        const std::vector<Piece> pieces = piecesNear(scene_, a, b, std::min(hFrom_, hTo_), ignored_);
        if (pieces.empty()) return std::nullopt;
        const Vec2 axis0 = partCentre(b) - partCentre(a);
        const double alen = std::hypot(axis0.x, axis0.y);
        const Vec2 axis = alen > 0 ? axis0 * (1 / alen) : Vec2{1, 0};
        std::vector<Line> lines = good_;  // the lines that proved other cells, first
        // The pieces nearest the cell's middle line first.
        std::vector<std::pair<double, size_t>> order;
        const Vec2 m = (partCentre(a) + partCentre(b)) * 0.5;
        for (size_t k = 0; k < pieces.size(); ++k) {
            const Blocker& bl = *pieces[k].blocker;
            const Vec2 c{(bl.minX + bl.maxX) / 2, (bl.minY + bl.maxY) / 2};
            order.emplace_back(std::abs((c.x - m.x) * axis.y - (c.y - m.y) * axis.x), k);
        }
        std::sort(order.begin(), order.end());
        for (size_t k = 0; k < std::min<size_t>(order.size(), 10); ++k)
            separatorsOf(*pieces[order[k].second].blocker, partCentre(a), partCentre(b), lines);
        const double hw = scene_.halfWidth();
        std::optional<std::pair<Ring, Ring>> plus, minus;
        if (hw > 0) {
            plus = shifted(a, b, hw);
            minus = shifted(a, b, -hw);
        }
        for (const Line& L : lines) {
            if (L.u == L.w) continue;
            auto used = separatedBy(pieces, a, hFrom_, b, hTo_, L);
            // A band is stopped when either of its side lines is.
            if (!used && plus) used = separatedBy(pieces, plus->first, hFrom_, plus->second, hTo_, L);
            if (!used && minus) used = separatedBy(pieces, minus->first, hFrom_, minus->second, hTo_, L);
            if (used) {
                if (std::find_if(good_.begin(), good_.end(), [&](const Line& g) { return g.u == L.u && g.w == L.w; }) ==
                    good_.end()) {
                    good_.insert(good_.begin(), L);
                    if (good_.size() > 6) good_.pop_back();
                }
                return used;
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

private:
    const Scene& scene_;
    const Region& from_;
    const Region& to_;
    double hFrom_, hTo_;
    const ModelMask& ignored_;
    std::vector<Line> good_;
};

}  // namespace

std::optional<std::vector<uint32_t>> certifyWhole(const Scene& scene, const Region& from, double hFrom,
                                                  const Region& to, double hTo, const ModelMask& ignored) {
    Search search(scene, from, hFrom, to, hTo, ignored);
    auto used = search.prove(regionPart(from), regionPart(to));
    if (used) {
        std::sort(used->begin(), used->end());
        used->erase(std::unique(used->begin(), used->end()), used->end());
    }
    return used;
}

Certified certifyPair(const Scene& scene, const Region& from, double hFrom, const Region& to, double hTo,
                      const ModelMask& ignored, const CertifyLimits& limits) {
    Certified result;
    Search search(scene, from, hFrom, to, hTo, ignored);
    std::deque<std::pair<Ring, Ring>> cells{{regionPart(from), regionPart(to)}};
    bool undecided = false;
    while (!cells.empty()) {
        if (result.cells >= limits.maxCells) {
            undecided = true;
            break;
        }
        auto [a0, b0] = std::move(cells.front());
        cells.pop_front();
        ++result.cells;
        const auto a = tightenPart(a0, from), b = tightenPart(b0, to);
        if (!a || !b) continue;  // no point of a true region left
        if (auto used = search.prove(*a, *b)) {
            result.cover.insert(result.cover.end(), used->begin(), used->end());
            continue;
        }
        if (auto w = search.witness(*a, *b)) {
            result.outcome = Certified::Outcome::Visible;
            result.witness = w;
            result.cover.clear();
            return result;
        }
        const double da = partSize(*a), db = partSize(*b);
        if (std::max(da, db) < limits.minCell) {
            undecided = true;
            continue;
        }
        if (da >= db) {
            auto [x, y] = splitPart(*a);
            cells.emplace_back(std::move(x), *b);
            cells.emplace_back(std::move(y), *b);
        } else {
            auto [x, y] = splitPart(*b);
            cells.emplace_back(*a, std::move(x));
            cells.emplace_back(*a, std::move(y));
        }
    }
    std::sort(result.cover.begin(), result.cover.end());
    result.cover.erase(std::unique(result.cover.begin(), result.cover.end()), result.cover.end());
    result.outcome = undecided ? Certified::Outcome::Undecided : Certified::Outcome::Blocked;
    if (undecided) result.cover.clear();
    return result;
}

}  // namespace sl
