// An independent reference for line of sight, sharing no code with the engine: only the
// scenario's plain data. Exact tests use Boost.Multiprecision's rationals (the engine uses
// CGAL's and GMP's) and other algorithms (clipping the segment at every crossing and
// classifying the pieces between, on the true circles and ellipses); a fast floating-point
// "blockage" score, zero only for lines open with room to spare, drives the search for
// open lines, and every line it finds is confirmed by the exact test before it counts.
#pragma once

#include "kernel/solids.h"
#include "kernel/types.h"
#include "table_generator.h"

#include <boost/multiprecision/cpp_int.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>
#include <string>
#include <vector>

namespace sl::reference {

using Q = boost::multiprecision::cpp_rational;

// A piece that stops sight lines below its top: a polygon footprint (outer ring, holes)
// from the table up (or, for a floor or a walkway, from its bottom up: it stops only the
// lines strictly between the two), or a model's round base (from the table up to its top).
struct Piece {
    std::string id;
    double top = 0;
    double bottom = 0;  // 0: the table (a line on the table is below the top)
    bool round = false;
    std::vector<Ring> rings;  // outer first
    Model model;              // the round base's model
};

inline double halfLength(const Model& m) { return m.base.length_mm / 2.0 / 25.4; }
inline double halfWidth(const Model& m) {
    return (m.base.shape == BaseShape::Circle ? m.base.length_mm : m.base.width_mm) / 2.0 / 25.4;
}
inline double radians(const Model& m) { return m.rotation_deg * std::numbers::pi / 180.0; }

// A rectangular base: its corners as position + R (+-a, +-b) in doubles (the rules take the
// rectangle through them).
inline Ring rectCorners(const Model& m) {
    const double a = halfLength(m), b = halfWidth(m), r = radians(m), c = std::cos(r), s = std::sin(r);
    Ring out;
    for (Vec2 l : {Vec2{a, b}, Vec2{-a, b}, Vec2{-a, -b}, Vec2{a, -b}})
        out.push_back({m.position.x + l.x * c - l.y * s, m.position.y + l.x * s + l.y * c});
    return out;
}

// The blockers of the pair under true-los: every feature, and every model outside the
// observer's and the target's units.
inline std::vector<Piece> piecesFor(const Scenario& s, const Model& o, const Model& t) {
    std::vector<Piece> out;
    // (Features as their prisms: a floor's, the parts of a wall around and beside its
    // openings; kernel/solids.h, checked on its own in tst_geometry.)
    for (const PiecePrism& p : prismsOf(s)) {
        Piece piece;
        piece.id = s.terrain[static_cast<size_t>(p.piece)].id;
        piece.top = p.prism.top;
        piece.bottom = p.prism.bottom;
        piece.rings.push_back(p.prism.footprint.outer);
        for (const Ring& h : p.prism.footprint.holes) piece.rings.push_back(h);
        out.push_back(std::move(piece));
    }
    for (const Model& m : s.models) {
        if (m.unit == o.unit || m.unit == t.unit) continue;
        Piece piece;
        piece.id = m.id;
        piece.top = m.elevation + m.height;
        if (m.base.shape == BaseShape::Rect) piece.rings.push_back(rectCorners(m));
        else {
            piece.round = true;
            piece.model = m;
        }
        out.push_back(std::move(piece));
    }
    return out;
}

// ---- Exact ----

struct QP {
    Q x, y;
};
inline QP qp(Vec2 v) { return {Q(v.x), Q(v.y)}; }
inline Q crossQ(const QP& a, const QP& b) { return a.x * b.y - a.y * b.x; }
inline QP subQ(const QP& a, const QP& b) { return {a.x - b.x, a.y - b.y}; }

// The round base's implicit function at a point: negative inside (u/a)^2 + (v/b)^2 < 1,
// with a = length / 50.8 inches (254/5 = 50.8), the axis (cos, sin) of its rotation as
// doubles.
inline Q roundValue(const Model& m, const QP& p) {
    const double r = radians(m);
    const Q c(m.base.shape == BaseShape::Circle ? 1.0 : std::cos(r)), s(m.base.shape == BaseShape::Circle ? 0.0 : std::sin(r));
    const Q dx = p.x - Q(m.position.x), dy = p.y - Q(m.position.y);
    const Q u = c * dx + s * dy, v = c * dy - s * dx;
    const Q a = Q(m.base.length_mm) * 5 / 254;
    const Q b = Q(m.base.shape == BaseShape::Circle ? m.base.length_mm : m.base.width_mm) * 5 / 254;
    return u * u / (a * a) + v * v / (b * b) - 1;
}

// Where p is with respect to a ring: -1 inside, 0 on it, +1 outside (exact crossing count).
inline int ringSide(const Ring& ring, const QP& p) {
    bool inside = false;
    for (size_t i = 0; i < ring.size(); ++i) {
        const QP a = qp(ring[i]), b = qp(ring[(i + 1) % ring.size()]);
        const Q c = crossQ(subQ(b, a), subQ(p, a));
        if (c == 0 && std::min(a.x, b.x) <= p.x && p.x <= std::max(a.x, b.x) && std::min(a.y, b.y) <= p.y &&
            p.y <= std::max(a.y, b.y))
            return 0;
        if ((a.y > p.y) != (b.y > p.y)) {
            const Q x = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y);
            if (p.x < x) inside = !inside;
        }
    }
    return inside ? -1 : 1;
}

// -1 inside the polygon's open interior, 0 on its boundary, +1 outside.
inline int polygonSide(const std::vector<Ring>& rings, const QP& p) {
    const int outer = ringSide(rings[0], p);
    if (outer >= 0) return outer;
    for (size_t h = 1; h < rings.size(); ++h) {
        const int side = ringSide(rings[h], p);
        if (side == 0) return 0;
        if (side < 0) return 1;
    }
    return -1;
}

// Whether p lies in the model's true base (its boundary included).
inline bool insideBase(const Model& m, Vec2 p) {
    if (m.base.shape == BaseShape::Rect) return ringSide(rectCorners(m), qp(p)) <= 0;
    return roundValue(m, qp(p)) <= 0;
}

// The segment p (height hp) -> q (height hq) as exact rationals.
struct Seg {
    QP p, d;
    Q hp, dh;
    Q height(const Q& t) const { return hp + dh * t; }
    QP at(const Q& t) const { return {p.x + d.x * t, p.y + d.y * t}; }
};

// Parameters along the segment where it meets the ring's edges (crossings, touches, the
// ends of collinear overlaps), in [0, 1].
inline void cuts(const Seg& s, const Ring& ring, std::vector<Q>& out) {
    for (size_t i = 0; i < ring.size(); ++i) {
        const QP c = qp(ring[i]), e = subQ(qp(ring[(i + 1) % ring.size()]), c);
        const Q den = crossQ(s.d, e);
        const QP cp = subQ(c, s.p);
        if (den != 0) {
            const Q t = crossQ(cp, e) / den, u = crossQ(cp, s.d) / den;
            if (t >= 0 && t <= 1 && u >= 0 && u <= 1) out.push_back(t);
        } else if (crossQ(cp, s.d) == 0) {
            const Q len2 = s.d.x * s.d.x + s.d.y * s.d.y;
            if (len2 == 0) continue;
            for (const QP& v : {c, QP{c.x + e.x, c.y + e.y}}) {
                const Q t = ((v.x - s.p.x) * s.d.x + (v.y - s.p.y) * s.d.y) / len2;
                if (t >= 0 && t <= 1) out.push_back(t);
            }
        }
    }
}

// The interior side of a ring's edge (+1 left of c->d, -1 right) for the piece: left of an
// outer ring turning left, of a hole turning right.
inline int interiorSide(const std::vector<Ring>& rings, size_t ring) {
    Q area = 0;
    const Ring& r = rings[ring];
    for (size_t i = 0; i < r.size(); ++i) area += crossQ(qp(r[i]), qp(r[(i + 1) % r.size()]));
    const int turn = area > 0 ? 1 : -1;
    return ring == 0 ? turn : -turn;
}

// Whether a round base stops the segment: its implicit function, a convex quadratic in t,
// negative somewhere on the stretch below its top.
inline bool roundBlocks(const Model& m, double top, const Seg& s) {
    Q lo = 0, hi = 1;
    if (s.dh == 0) {
        if (s.hp >= Q(top)) return false;
    } else {
        const Q tt = (Q(top) - s.hp) / s.dh;  // where the height reaches the top
        if (s.dh > 0) hi = std::min(hi, tt);
        else lo = std::max(lo, tt);
        if (lo > hi || (s.dh > 0 && tt <= 0) || (s.dh < 0 && tt >= 1)) return false;
    }
    const Q f0 = roundValue(m, s.at(lo)), f1 = roundValue(m, s.at(hi)), fm = roundValue(m, s.at((lo + hi) / 2));
    if (f0 < 0 || f1 < 0 || fm < 0) return true;
    // The quadratic through the three values, in the stretch's own parameter w in [0, 1].
    const Q A = 2 * (f0 + f1) - 4 * fm, B = 4 * fm - 3 * f0 - f1;
    if (A <= 0) return false;
    const Q w = -B / (2 * A);
    if (w <= 0 || w >= 1) return false;
    return (A * w + B) * w + f0 < 0;
}

// The exact test: whether the segment has a point below some blocker's top in that
// blocker's open interior, or in the interior of the union of two touching polygons there,
// or (a level line) of a floor and the piece it rests on.
inline bool blockedExact(const std::vector<Piece>& pieces, Vec2 p, double hp, Vec2 q, double hq) {
    Seg s{qp(p), subQ(qp(q), qp(p)), Q(hp), Q(hq) - Q(hp)};
    // Cut also where the line's height passes a piece's top or bottom: within a stretch a
    // piece stands over the line everywhere or nowhere, and its middle tells which.
    auto heightCuts = [&](const Piece& piece, std::vector<Q>& out) {
        if (s.dh == 0) return;
        for (double h : {piece.top, piece.bottom}) {
            const Q t = (Q(h) - s.hp) / s.dh;
            if (t > 0 && t < 1) out.push_back(t);
        }
    };
    auto over = [&](const Piece& piece, const Q& h) { return h < Q(piece.top) && (piece.bottom <= 0 || h > Q(piece.bottom)); };
    std::vector<Q> all{0, 1};
    for (const Piece& piece : pieces) {
        if (piece.top <= std::min(hp, hq) || (piece.bottom > 0 && piece.bottom >= std::max(hp, hq))) continue;
        if (piece.round) {
            if (roundBlocks(piece.model, piece.top, s)) return true;
            continue;
        }
        std::vector<Q> ts{0, 1};
        for (const Ring& r : piece.rings) cuts(s, r, ts);
        heightCuts(piece, ts);
        std::sort(ts.begin(), ts.end());
        ts.erase(std::unique(ts.begin(), ts.end()), ts.end());
        all.insert(all.end(), ts.begin(), ts.end());
        for (size_t i = 0; i + 1 < ts.size(); ++i) {
            const Q mid = (ts[i] + ts[i + 1]) / 2;
            if (polygonSide(piece.rings, s.at(mid)) >= 0) continue;
            if (over(piece, s.height(mid))) return true;
        }
        if (ts.size() == 2 && s.d.x == 0 && s.d.y == 0 && polygonSide(piece.rings, s.p) < 0 && over(piece, s.hp)) return true;
    }
    // Seams: a stretch along edges of two pieces whose interiors lie on opposite sides.
    for (const Piece& piece : pieces) heightCuts(piece, all);
    std::sort(all.begin(), all.end());
    all.erase(std::unique(all.begin(), all.end()), all.end());
    for (size_t i = 0; i + 1 < all.size(); ++i) {
        const QP m = s.at((all[i] + all[i + 1]) / 2);
        const Q mh = s.height((all[i] + all[i + 1]) / 2);
        int sides = 0;  // bit 1: an interior on the left of the segment, bit 2: on the right
        for (const Piece& piece : pieces) {
            if (piece.round || !over(piece, mh)) continue;
            for (size_t r = 0; r < piece.rings.size(); ++r) {
                const Ring& ring = piece.rings[r];
                for (size_t k = 0; k < ring.size(); ++k) {
                    const QP c = qp(ring[k]), e = subQ(qp(ring[(k + 1) % ring.size()]), c);
                    if (crossQ(e, subQ(m, c)) != 0 || crossQ(e, s.d) != 0) continue;
                    const Q along = (m.x - c.x) * e.x + (m.y - c.y) * e.y;
                    if (along <= 0 || along >= e.x * e.x + e.y * e.y) continue;
                    const bool same = e.x * s.d.x + e.y * s.d.y > 0;
                    const int side = interiorSide(piece.rings, r) * (same ? 1 : -1);
                    sides |= side > 0 ? 1 : 2;
                }
            }
        }
        if (sides == 3) return true;
    }
    // Stacked seams: a level line at the height where a floor's underside rests on another
    // piece's top runs inside the union of the two solids wherever both footprints hold it
    // (the one under it, the other over it).
    if (s.dh == 0) {
        for (const Piece& up : pieces) {
            if (up.round || up.bottom <= 0 || Q(up.bottom) != s.hp) continue;
            for (const Piece& low : pieces) {
                if (low.round || Q(low.top) != s.hp || !(low.bottom < up.bottom)) continue;
                std::vector<Q> ts{0, 1};
                for (const Ring& r : up.rings) cuts(s, r, ts);
                for (const Ring& r : low.rings) cuts(s, r, ts);
                std::sort(ts.begin(), ts.end());
                ts.erase(std::unique(ts.begin(), ts.end()), ts.end());
                for (size_t i = 0; i + 1 < ts.size(); ++i) {
                    const QP m = s.at((ts[i] + ts[i + 1]) / 2);
                    if (polygonSide(up.rings, m) < 0 && polygonSide(low.rings, m) < 0) return true;
                }
            }
        }
    }
    return false;
}

// ---- Fast: how deeply a line is blocked (zero: open with room to spare) ----

// How much of the segment runs inside a piece below its top, weighted by how far below;
// pieces are grown by `grow` inches (a margin: zero then means open with that room).
inline double blockage(const std::vector<Piece>& pieces, Vec2 p, double hp, Vec2 q, double hq, double grow) {
    const Vec2 d{q.x - p.x, q.y - p.y};
    const double len = std::hypot(d.x, d.y);
    double total = 0;
    for (const Piece& piece : pieces) {
        if (piece.top <= std::min(hp, hq) || (piece.bottom > 0 && piece.bottom >= std::max(hp, hq))) continue;
        double lo = 0, hi = 1;
        if (hq != hp) {
            const double tt = (piece.top - hp) / (hq - hp);
            if (hq > hp) hi = std::min(1.0, tt);
            else lo = std::max(0.0, tt);
            if (piece.bottom > 0) {
                const double tb = (piece.bottom - hp) / (hq - hp);
                if (hq > hp) lo = std::max(lo, tb);
                else hi = std::min(hi, tb);
            }
            if (lo >= hi) continue;
        } else if (piece.bottom > 0 && hp <= piece.bottom) {
            continue;
        }
        auto depth = [&](double a, double b) {
            const double ha = hp + (hq - hp) * a, hb = hp + (hq - hp) * b, h = (ha + hb) / 2;
            return (b - a) * len * (std::min(piece.top - h, piece.bottom > 0 ? h - piece.bottom : HUGE_VAL) + 0.01);
        };
        if (piece.round) {
            const Model& m = piece.model;
            const double ra = halfLength(m) + grow, rb = halfWidth(m) + grow;
            const double r = m.base.shape == BaseShape::Circle ? 0 : radians(m), c = std::cos(r), s = std::sin(r);
            auto local = [&](Vec2 v) {
                return Vec2{(c * (v.x - m.position.x) + s * (v.y - m.position.y)) / ra,
                            (c * (v.y - m.position.y) - s * (v.x - m.position.x)) / rb};
            };
            const Vec2 l0 = local(p), l1 = local(q);
            const Vec2 ld{l1.x - l0.x, l1.y - l0.y};
            const double A = ld.x * ld.x + ld.y * ld.y, B = l0.x * ld.x + l0.y * ld.y, C = l0.x * l0.x + l0.y * l0.y - 1;
            const double disc = B * B - A * C;
            if (A == 0 || disc <= 0) continue;
            const double t0 = std::max(lo, (-B - std::sqrt(disc)) / A), t1 = std::min(hi, (-B + std::sqrt(disc)) / A);
            if (t0 < t1) total += depth(t0, t1);
            continue;
        }
        // Polygons: grown by moving the segment's test points towards... approximated by
        // counting a point within `grow` of the polygon as inside.
        std::vector<double> ts{lo, hi};
        for (const Ring& ring : piece.rings)
            for (size_t i = 0; i < ring.size(); ++i) {
                const Vec2 c = ring[i], e{ring[(i + 1) % ring.size()].x - c.x, ring[(i + 1) % ring.size()].y - c.y};
                const double den = d.x * e.y - d.y * e.x;
                if (den == 0) continue;
                const double t = ((c.x - p.x) * e.y - (c.y - p.y) * e.x) / den;
                if (t > lo && t < hi) ts.push_back(t);
            }
        std::sort(ts.begin(), ts.end());
        for (size_t i = 0; i + 1 < ts.size(); ++i) {
            const double mt = (ts[i] + ts[i + 1]) / 2;
            const Vec2 m{p.x + d.x * mt, p.y + d.y * mt};
            bool in = false;
            double nearest = HUGE_VAL;
            for (size_t r = 0; r < piece.rings.size(); ++r) {
                const Ring& ring = piece.rings[r];
                bool inRing = false;
                for (size_t k = 0; k < ring.size(); ++k) {
                    const Vec2 a = ring[k], b = ring[(k + 1) % ring.size()];
                    if ((a.y > m.y) != (b.y > m.y) && m.x < a.x + (m.y - a.y) * (b.x - a.x) / (b.y - a.y)) inRing = !inRing;
                    const Vec2 u{b.x - a.x, b.y - a.y};
                    const double l2 = u.x * u.x + u.y * u.y;
                    const double w = l2 > 0 ? std::clamp(((m.x - a.x) * u.x + (m.y - a.y) * u.y) / l2, 0.0, 1.0) : 0.0;
                    nearest = std::min(nearest, std::hypot(a.x + u.x * w - m.x, a.y + u.y * w - m.y));
                }
                if (r == 0) in = inRing;
                else if (inRing) in = false;
            }
            if (in || nearest < grow) total += depth(ts[i], ts[i + 1]) + (in ? 0 : 0.001);
        }
    }
    return total;
}

// A uniformly random point of the model's true base (kept 1e-9" inside its edge).
inline Vec2 randomIn(const Model& m, testing::SplitMix64& rng) {
    for (;;) {
        const double a = halfLength(m), b = halfWidth(m);
        const double x = rng.uniform(-a, a), y = rng.uniform(-b, b);
        if (m.base.shape != BaseShape::Rect && (x / a) * (x / a) + (y / b) * (y / b) > 1 - 1e-8) continue;
        const double r = radians(m), c = std::cos(r), s = std::sin(r);
        const Vec2 p{m.position.x + x * c - y * s, m.position.y + x * s + y * c};
        if (insideBase(m, p)) return p;
    }
}

// A sight line found open (checked exactly), from a search: random pairs of points of the
// two bases, then the least blocked of them improved by a simplex search.
struct Found {
    Vec2 p, q;
};
inline std::optional<Found> searchOpen(const std::vector<Piece>& pieces, const Model& o, double ho, const Model& t,
                                       double ht, testing::SplitMix64& rng, int samples = 400, int polish = 8,
                                       std::optional<Vec2> fixedTarget = std::nullopt) {
    auto confirm = [&](Vec2 p, Vec2 q) -> std::optional<Found> {
        if (!insideBase(o, p) || !(fixedTarget ? q == *fixedTarget : insideBase(t, q))) return std::nullopt;
        if (blockedExact(pieces, p, ho, q, ht)) return std::nullopt;
        return Found{p, q};
    };
    struct Try {
        double score;
        Vec2 p, q;
    };
    std::vector<Try> tries;
    for (int i = 0; i < samples; ++i) {
        const Vec2 p = randomIn(o, rng), q = fixedTarget ? *fixedTarget : randomIn(t, rng);
        const double b = blockage(pieces, p, ho, q, ht, 1e-7);
        if (b == 0)
            if (auto f = confirm(p, q)) return f;
        tries.push_back({b, p, q});
    }
    std::sort(tries.begin(), tries.end(), [](const Try& x, const Try& y) { return x.score < y.score; });
    // Nelder-Mead over the two end points (or the observer's alone), outside points penalised.
    const int dims = fixedTarget ? 2 : 4;
    auto value = [&](const std::vector<double>& x) {
        const Vec2 p{x[0], x[1]}, q = fixedTarget ? *fixedTarget : Vec2{x[2], x[3]};
        double penalty = 0;
        if (!insideBase(o, p)) penalty += 100;
        if (!fixedTarget && !insideBase(t, q)) penalty += 100;
        return penalty + blockage(pieces, p, ho, q, ht, 1e-7);
    };
    for (int k = 0; k < std::min<int>(polish, static_cast<int>(tries.size())); ++k) {
        std::vector<std::vector<double>> simplex;
        std::vector<double> start{tries[k].p.x, tries[k].p.y, tries[k].q.x, tries[k].q.y};
        start.resize(dims);
        simplex.push_back(start);
        for (int d = 0; d < dims; ++d) {
            auto v = start;
            v[d] += 0.05;
            simplex.push_back(v);
        }
        std::vector<double> f;
        for (auto& v : simplex) f.push_back(value(v));
        for (int it = 0; it < 200; ++it) {
            std::vector<int> idx(simplex.size());
            for (size_t i = 0; i < idx.size(); ++i) idx[i] = static_cast<int>(i);
            std::sort(idx.begin(), idx.end(), [&](int a, int b) { return f[a] < f[b]; });
            if (f[idx[0]] == 0) {
                const auto& x = simplex[idx[0]];
                if (auto found = confirm({x[0], x[1]}, fixedTarget ? *fixedTarget : Vec2{x[2], x[3]})) return found;
            }
            const int worst = idx.back();
            std::vector<double> centre(dims, 0);
            for (size_t i = 0; i + 1 < idx.size(); ++i)
                for (int d = 0; d < dims; ++d) centre[d] += simplex[idx[i]][d] / dims;
            auto along = [&](double k) {
                std::vector<double> v(dims);
                for (int d = 0; d < dims; ++d) v[d] = centre[d] + k * (simplex[worst][d] - centre[d]);
                return v;
            };
            auto r = along(-1);
            const double fr = value(r);
            if (fr < f[idx[0]]) {
                auto e = along(-2);
                const double fe = value(e);
                if (fe < fr) {
                    simplex[worst] = e;
                    f[worst] = fe;
                } else {
                    simplex[worst] = r;
                    f[worst] = fr;
                }
            } else if (fr < f[idx[idx.size() - 2]]) {
                simplex[worst] = r;
                f[worst] = fr;
            } else {
                auto c = along(0.5);
                const double fc = value(c);
                if (fc < f[worst]) {
                    simplex[worst] = c;
                    f[worst] = fc;
                } else {
                    for (size_t i = 1; i < idx.size(); ++i) {
                        for (int d = 0; d < dims; ++d)
                            simplex[idx[i]][d] = simplex[idx[0]][d] + 0.5 * (simplex[idx[i]][d] - simplex[idx[0]][d]);
                        f[idx[i]] = value(simplex[idx[i]]);
                    }
                }
            }
        }
    }
    return std::nullopt;
}

// ---- Hard tables ----

// A table that makes exact decisions hard: an observer often on a platform 3-5" up, a
// target 1.5-2" tall (round, oval or rectangular), walls 2-7" tall (many across the line
// between them, some with tops between the two models' tops, some crossing another), and
// sometimes two round models of a third unit in contact across the line. Models O and T.
// A rectangle 2 halfLength by 2 halfThickness about c, turned by `angle` (radians), its
// corners rounded to 1/64": exact in doubles, as a table's measurements would be.
inline Ring rectangleOnGrid(Vec2 c, double halfLength, double halfThickness, double angle) {
    const double ca = std::cos(angle), sa = std::sin(angle);
    Ring out;
    for (Vec2 p : {Vec2{-halfLength, -halfThickness}, Vec2{halfLength, -halfThickness}, Vec2{halfLength, halfThickness},
                   Vec2{-halfLength, halfThickness}})
        out.push_back({std::round((c.x + p.x * ca - p.y * sa) * 64) / 64, std::round((c.y + p.x * sa + p.y * ca) * 64) / 64});
    return out;
}

inline Scenario hardTable(uint64_t seed) {
    testing::SplitMix64 rng(seed);
    Scenario s;
    s.name = "hard";
    s.board = {60, 44};
    Model o;
    o.id = "O";
    o.unit = "O";
    o.side = "blue";
    o.base = {BaseShape::Circle, rng.uniform(0, 1) < 0.5 ? 32.0 : 40.0, 0};
    o.base.width_mm = o.base.length_mm;
    o.position = {rng.uniform(8, 14), rng.uniform(14, 30)};
    const bool platform = rng.uniform(0, 1) < 0.6;
    o.elevation = platform ? rng.uniform(3, 5) : 0;
    o.height = rng.uniform(1.5, 3);
    Model t;
    t.id = "T";
    t.unit = "T";
    t.side = "red";
    const double kind = rng.uniform(0, 1);
    if (kind < 0.45) t.base = {BaseShape::Circle, rng.uniform(25, 60), 0};
    else if (kind < 0.85) t.base = {BaseShape::Oval, rng.uniform(60, 170), 0};
    else t.base = {BaseShape::Rect, rng.uniform(50, 100), 0};
    if (t.base.shape == BaseShape::Circle) t.base.width_mm = t.base.length_mm;
    else t.base.width_mm = t.base.length_mm * rng.uniform(0.5, 0.8);
    const double dist = rng.uniform(10, 25), ang = rng.uniform(-0.6, 0.6);
    t.position = {o.position.x + dist * std::cos(ang), o.position.y + dist * std::sin(ang)};
    t.rotation_deg = std::round(rng.uniform(0, 180));
    t.height = rng.uniform(1.5, 2);
    s.models = {o, t};
    if (platform) {
        TerrainPiece pl;
        pl.id = "platform";
        pl.height = o.elevation;
        const double w = rng.uniform(1.5, 2.5);
        pl.footprint.outer = {{o.position.x - w, o.position.y - w}, {o.position.x + w, o.position.y - w},
                              {o.position.x + w, o.position.y + w}, {o.position.x - w, o.position.y + w}};
        s.terrain.push_back(pl);
    }
    const double lowTop = std::min(o.top(), t.top()), highTop = std::max(o.top(), t.top());
    const int walls = 3 + static_cast<int>(rng.uniform(0, 6));
    const Vec2 dir{t.position.x - o.position.x, t.position.y - o.position.y};
    const double len = std::hypot(dir.x, dir.y);
    const Vec2 u{dir.x / len, dir.y / len}, n{-u.y, u.x};
    for (int i = 0; i < walls; ++i) {
        TerrainPiece w;
        w.id = std::string("W").append(std::to_string(i));  // (GCC 12 warns, wrongly, on "W" + string)
        const double along = rng.uniform(0.25, 0.8) * len, off = rng.uniform(-3, 3);
        const Vec2 c{o.position.x + u.x * along + n.x * off, o.position.y + u.y * along + n.y * off};
        const double l = rng.uniform(2, 8) / 2, th = rng.uniform(0.25, 0.6) / 2, a = rng.uniform(0, std::numbers::pi);
        w.footprint.outer = rectangleOnGrid(c, l, th, a);
        const double ca = std::cos(a), sa = std::sin(a);
        const double pick = rng.uniform(0, 1);
        w.height = pick < 0.35 ? rng.uniform(lowTop, highTop + 0.01) : rng.uniform(2, 7);
        s.terrain.push_back(w);
        if (rng.uniform(0, 1) < 0.25) {  // a wall crossing it (an L or a T of a ruin)
            TerrainPiece x = w;
            x.id = w.id + "x";
            const double l2 = rng.uniform(1, 4) / 2, shift = rng.uniform(-l, l);
            x.footprint.outer = rectangleOnGrid({c.x + ca * shift, c.y + sa * shift}, l2, th, a + std::numbers::pi / 2);
            s.terrain.push_back(x);
        }
    }
    if (rng.uniform(0, 1) < 0.3) {  // two round models in contact across the line
        const double r = rng.uniform(12, 25) / 25.4;  // radius, inches
        const double along = rng.uniform(0.3, 0.7) * len, overlap = rng.uniform(-2e-4, 2e-4);
        const Vec2 c{o.position.x + u.x * along, o.position.y + u.y * along};
        for (int k = 0; k < 2; ++k) {
            Model b;
            b.id = "B" + std::to_string(k);
            b.unit = "screen";
            b.side = "green";
            b.base = {BaseShape::Circle, r * 2 * 25.4, r * 2 * 25.4};
            const double sgn = k == 0 ? 1 : -1;
            b.position = {c.x + n.x * sgn * (r - overlap / 2), c.y + n.y * sgn * (r - overlap / 2)};
            b.height = rng.uniform(highTop, highTop + 2);
            s.models.push_back(b);
        }
    }
    return s;
}

// A hard table with floors and openings: hardTable's, each wall given (one time in two) a
// window or a door through its thickness (its corners on the wall's long edges, exactly),
// and one to three walkways across the line (slabs 0.25" thick, their bottoms about the
// models' tops, now and then exactly at one of them; one time in three abutting a wall).
inline Scenario floorTable(uint64_t seed) {
    Scenario s = hardTable(seed);
    testing::SplitMix64 rng(seed * 31337);
    const Model& o = s.models[0];
    const Model& t = s.models[1];
    const double lowTop = std::min(o.top(), t.top()), highTop = std::max(o.top(), t.top());
    for (TerrainPiece& w : s.terrain) {
        if (w.id == "platform" || w.footprint.outer.size() != 4 || rng.uniform(0, 1) < 0.5) continue;
        // Corners 0-1 and 3-2 are the long edges: a gap from k0/8 to k1/8 of the way along.
        const int k0 = 1 + static_cast<int>(rng.uniform(0, 5)), k1 = k0 + 1 + static_cast<int>(rng.uniform(0, 2));
        const Ring& r = w.footprint.outer;
        auto at = [](Vec2 a, Vec2 b, int k) { return Vec2{a.x + (b.x - a.x) * k / 8, a.y + (b.y - a.y) * k / 8}; };
        Opening gap;
        gap.polygon = {at(r[0], r[1], k0), at(r[0], r[1], k1), at(r[3], r[2], k1), at(r[3], r[2], k0)};
        const bool door = rng.uniform(0, 1) < 0.3;
        gap.from = door ? 0 : std::round(rng.uniform(0.5, lowTop) * 16) / 16;
        gap.to = std::min(w.height, gap.from + std::round(rng.uniform(0.5, 2.5) * 16) / 16);
        if (gap.to > gap.from) w.openings.push_back(gap);
    }
    const Vec2 dir{t.position.x - o.position.x, t.position.y - o.position.y};
    const double len = std::hypot(dir.x, dir.y);
    const Vec2 u{dir.x / len, dir.y / len}, n{-u.y, u.x};
    const int slabs = 1 + static_cast<int>(rng.uniform(0, 3));
    const size_t walls = s.terrain.size();
    for (int i = 0; i < slabs; ++i) {
        TerrainPiece f;
        f.id = std::string("F").append(std::to_string(i));
        const double pick = rng.uniform(0, 1);
        f.bottom = pick < 0.15 ? lowTop : pick < 0.3 ? highTop : std::round(rng.uniform(lowTop - 1, highTop + 0.5) * 16) / 16;
        f.bottom = std::max(f.bottom, 0.25);
        f.height = f.bottom + 0.25;
        if (walls > 0 && rng.uniform(0, 1) < 0.33) {
            // Abutting a wall: the slab's near edge is the wall's long edge 3-2.
            const TerrainPiece& w = s.terrain[static_cast<size_t>(rng.uniform(0, static_cast<double>(walls) - 0.01))];
            if (w.id != "platform" && w.footprint.outer.size() == 4) {
                const Ring& r = w.footprint.outer;
                const Vec2 e{r[2].x - r[1].x, r[2].y - r[1].y};  // across the wall
                const double el = std::hypot(e.x, e.y), reach = std::round(rng.uniform(1, 3) * 8) / 8;
                const Vec2 off{std::round(e.x / el * reach * 64) / 64, std::round(e.y / el * reach * 64) / 64};
                f.footprint.outer = {r[3], r[2], {r[2].x + off.x, r[2].y + off.y}, {r[3].x + off.x, r[3].y + off.y}};
                s.terrain.push_back(f);
                continue;
            }
        }
        const double along = rng.uniform(0.25, 0.8) * len, off = rng.uniform(-2, 2);
        const Vec2 c{o.position.x + u.x * along + n.x * off, o.position.y + u.y * along + n.y * off};
        const double l = rng.uniform(2, 8) / 2, th = rng.uniform(0.5, 2) / 2, a = rng.uniform(0, std::numbers::pi);
        f.footprint.outer = rectangleOnGrid(c, l, th, a);
        s.terrain.push_back(f);
    }
    return s;
}

}  // namespace sl::reference
