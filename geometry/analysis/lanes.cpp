// Firing lanes and gaps (lanes.h): lines swept across the table in every direction, and the
// nearest points of every two blocking pieces. Floating point throughout: figures for a
// designer (a tenth of an inch), not rulings.
#include "analysis/lanes.h"

#include "kernel/polygon.h"
#include "los/scene.h"
#include "rules/rulings.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>
#include <utility>

namespace sl::analysis {

namespace {

// Where the line {p : p.n = s} runs inside the ring, as intervals of t = p.d (even-odd).
std::vector<std::pair<double, double>> inside(const Ring& ring, Vec2 d, Vec2 n, double s) {
    std::vector<double> ts;
    for (size_t i = 0; i < ring.size(); ++i) {
        const Vec2 a = ring[i], b = ring[(i + 1) % ring.size()];
        const double sa = a.x * n.x + a.y * n.y - s, sb = b.x * n.x + b.y * n.y - s;
        if ((sa < 0) == (sb < 0)) continue;
        const Vec2 p = a + (b - a) * (sa / (sa - sb));
        ts.push_back(p.x * d.x + p.y * d.y);
    }
    std::sort(ts.begin(), ts.end());
    std::vector<std::pair<double, double>> out;
    for (size_t i = 0; i + 1 < ts.size(); i += 2) out.push_back({ts[i], ts[i + 1]});
    return out;
}

double cross(Vec2 a, Vec2 b) { return a.x * b.y - a.y * b.x; }

bool segmentsCross(Vec2 p, Vec2 q, Vec2 a, Vec2 b) {
    const double d1 = cross(q - p, a - p), d2 = cross(q - p, b - p), d3 = cross(b - a, p - a), d4 = cross(b - a, q - a);
    return ((d1 > 0) != (d2 > 0)) && ((d3 > 0) != (d4 > 0)) && d1 != 0 && d2 != 0 && d3 != 0 && d4 != 0;
}

struct Blocking {
    const Polygon* polygon;
    Bounds box;
};

bool cuts(const Blocking& b, Vec2 p, Vec2 q) {
    if (std::max(p.x, q.x) < b.box.lo.x || std::min(p.x, q.x) > b.box.hi.x || std::max(p.y, q.y) < b.box.lo.y ||
        std::min(p.y, q.y) > b.box.hi.y)
        return false;
    auto ring = [&](const Ring& r) {
        for (size_t i = 0; i < r.size(); ++i)
            if (segmentsCross(p, q, r[i], r[(i + 1) % r.size()])) return true;
        return false;
    };
    if (ring(b.polygon->outer)) return true;
    for (const Ring& h : b.polygon->holes)
        if (ring(h)) return true;
    return locate((p + q) * 0.5, *b.polygon) == Where::Inside;
}

double pointSegment(Vec2 p, Vec2 a, Vec2 b, Vec2* nearest) {
    const Vec2 ab = b - a;
    const double len2 = ab.x * ab.x + ab.y * ab.y;
    const double t = len2 > 0 ? std::clamp(((p.x - a.x) * ab.x + (p.y - a.y) * ab.y) / len2, 0.0, 1.0) : 0.0;
    *nearest = a + ab * t;
    return std::hypot(p.x - nearest->x, p.y - nearest->y);
}

}  // namespace

std::vector<int> deploymentZones(const Scenario& scenario) {
    std::vector<int> zones;
    for (int z = 0; z < static_cast<int>(scenario.zones.size()); ++z)
        if (scenario.zones[z].polygon.size() >= 3 && scenario.zones[z].kind == "deployment") zones.push_back(z);
    return zones;
}

int otherDeploymentZone(const Scenario& scenario, int zone) {
    int other = -1;
    for (int z : deploymentZones(scenario))
        if (z != zone) other = z;
    return other;
}

LanesAndGaps lanesAndGaps(const Scenario& scenario, int zoneA, int zoneB, double eye,
                          const std::vector<std::pair<std::string, double>>& bases, double step, double minWidth,
                          double maxGap) {
    LanesAndGaps out;
    const Zone& za = scenario.zones.at(static_cast<size_t>(zoneA));
    const Zone& zb = scenario.zones.at(static_cast<size_t>(zoneB));
    out.zoneA = za.id;
    out.zoneB = zb.id;
    const Scene scene(scenario);
    out.lineWidth = 2 * scene.halfWidth();
    out.basesTried = bases.size();
    const Rulings rulings(scene);
    std::vector<int> obscuring = rulings.obscuringPieces();
    for (int i = 0; i < static_cast<int>(scenario.terrain.size()); ++i) {
        const TerrainPiece& t = scenario.terrain[i];
        const bool tall = t.kind == TerrainKind::Feature && t.height > eye;
        if (tall || std::find(obscuring.begin(), obscuring.end(), i) != obscuring.end()) out.blocking.push_back(i);
    }
    std::vector<Blocking> blocking;
    for (int i : out.blocking) blocking.push_back({&scenario.terrain[i].footprint, boundsOf(scenario.terrain[i].footprint.outer)});

    // Lanes: in each direction, the lines across both zones, each cut to its stretch between
    // them; runs of neighbouring lines that no piece cuts.
    std::vector<Lane> found;
    for (int deg = 0; deg < 180; ++deg) {
        const double th = deg * std::numbers::pi / 180;
        const Vec2 d{std::cos(th), std::sin(th)}, n{-std::sin(th), std::cos(th)};
        auto span = [&](const Ring& r) {
            double lo = HUGE_VAL, hi = -HUGE_VAL;
            for (const Vec2& v : r) {
                lo = std::min(lo, v.x * n.x + v.y * n.y);
                hi = std::max(hi, v.x * n.x + v.y * n.y);
            }
            return std::pair{lo, hi};
        };
        const auto [aLo, aHi] = span(za.polygon);
        const auto [bLo, bHi] = span(zb.polygon);
        const double lo = std::max(aLo, bLo), hi = std::min(aHi, bHi);
        // The stretch of the line `s` across, from where it leaves one zone to where it
        // enters the other, where it runs between them and no piece cuts it.
        auto clearLine = [&](double s) -> std::optional<std::pair<Vec2, Vec2>> {
            const auto ia = inside(za.polygon, d, n, s), ib = inside(zb.polygon, d, n, s);
            if (ia.empty() || ib.empty()) return std::nullopt;
            const double aMin = ia.front().first, aMax = ia.back().second, bMin = ib.front().first, bMax = ib.back().second;
            double t0, t1;
            if (aMax <= bMin) t0 = aMax, t1 = bMin;
            else if (bMax <= aMin) t0 = bMax, t1 = aMin;
            else return std::nullopt;  // (the zones overlap along it)
            const Vec2 p = d * t0 + n * s, q = d * t1 + n * s;
            for (const Blocking& b : blocking)
                if (cuts(b, p, q)) return std::nullopt;
            return std::pair{p, q};
        };
        // The lines are `step` apart: a corridor's edge lies somewhere between its outermost
        // clear line and the next one, blocked or past the zones. Found there by halving, to
        // a millionth of an inch, so that its width is the corridor's own (counting `step`
        // per clear line gave up to a step more: a lane wider than the gap it runs through).
        auto edge = [&](double clear, double beyond) {
            beyond = std::clamp(beyond, lo, hi);
            if (clearLine(beyond)) return beyond;
            while (std::abs(beyond - clear) > 1e-6) {
                const double mid = (clear + beyond) / 2;
                (clearLine(mid) ? clear : beyond) = mid;
            }
            return clear;
        };
        auto lengthOf = [](const std::pair<Vec2, Vec2>& l) { return std::hypot(l.second.x - l.first.x, l.second.y - l.first.y); };
        struct Run {
            double s0 = 0, s1 = 0, length = HUGE_VAL;
            int lines = 0;
        } run;
        auto close = [&] {
            if (run.lines > 0) {
                const double from = edge(run.s0, run.s0 - step), to = edge(run.s1, run.s1 + step);
                const auto first = clearLine(from), last = clearLine(to);
                if (to - from >= minWidth && first && last) {
                    const double length = std::min({run.length, lengthOf(*first), lengthOf(*last)});
                    found.push_back({th, to - from, length, {first->first, first->second, last->second, last->first}});
                }
            }
            run = {};
        };
        for (double s = lo + step / 2; s < hi; s += step) {
            const auto line = clearLine(s);
            if (!line) {
                close();
                continue;
            }
            if (run.lines == 0) run.s0 = s;
            run.s1 = s;
            run.length = std::min(run.length, lengthOf(*line));
            ++run.lines;
        }
        close();
    }
    // The widest first; one lane per corridor (a narrower one whose middle lies in a wider
    // one is the same corridor seen at another angle).
    std::stable_sort(found.begin(), found.end(), [](const Lane& x, const Lane& y) { return x.width > y.width; });
    for (const Lane& l : found) {
        const Vec2 mid = (l.outline[0] + l.outline[1] + l.outline[2] + l.outline[3]) * 0.25;
        bool same = false;
        for (const Lane& k : out.lanes) same = same || locate(mid, Polygon{k.outline, {}}) != Where::Outside;
        if (!same) out.lanes.push_back(l);
    }

    // Gaps: every two blocking pieces apart (neither inside the other), nearer than maxGap.
    // A feature within a blocking area is left to the area (its outline is the edge).
    auto inBlockingArea = [&](int piece) {
        const TerrainPiece& t = scenario.terrain[piece];
        if (t.kind != TerrainKind::Feature || t.area.empty()) return false;
        for (int b : out.blocking)
            if (scenario.terrain[b].id == t.area) return true;
        return false;
    };
    for (size_t i = 0; i < out.blocking.size(); ++i)
        for (size_t j = i + 1; j < out.blocking.size(); ++j) {
            if (inBlockingArea(out.blocking[i]) || inBlockingArea(out.blocking[j])) continue;
            const Polygon& a = scenario.terrain[out.blocking[i]].footprint;
            const Polygon& b = scenario.terrain[out.blocking[j]].footprint;
            const Bounds ba = boundsOf(a.outer), bb = boundsOf(b.outer);
            if (ba.lo.x - bb.hi.x > maxGap || bb.lo.x - ba.hi.x > maxGap || ba.lo.y - bb.hi.y > maxGap || bb.lo.y - ba.hi.y > maxGap)
                continue;
            if (locate(a.outer[0], b) != Where::Outside || locate(b.outer[0], a) != Where::Outside) continue;
            Gap g;
            g.a = out.blocking[i];
            g.b = out.blocking[j];
            g.width = HUGE_VAL;
            bool crossing = false;
            for (size_t u = 0; u < a.outer.size() && !crossing; ++u)
                for (size_t v = 0; v < b.outer.size(); ++v)
                    if (segmentsCross(a.outer[u], a.outer[(u + 1) % a.outer.size()], b.outer[v], b.outer[(v + 1) % b.outer.size()])) {
                        crossing = true;
                        break;
                    }
            if (crossing) continue;  // (overlapping pieces: no gap)
            auto nearest = [&](const Ring& from, const Ring& to, bool swap) {
                for (const Vec2& p : from)
                    for (size_t v = 0; v < to.size(); ++v) {
                        Vec2 on;
                        const double dist = pointSegment(p, to[v], to[(v + 1) % to.size()], &on);
                        if (dist < g.width) {
                            g.width = dist;
                            g.from = swap ? on : p;
                            g.to = swap ? p : on;
                        }
                    }
            };
            nearest(a.outer, b.outer, false);
            nearest(b.outer, a.outer, true);
            if (g.width < 0.01 || g.width >= maxGap) continue;  // (touching, to a hundredth of an inch: no gap)
            for (const auto& [label, narrowest] : bases)
                if (narrowest < g.width) {
                    g.basesThrough.push_back(label);
                    g.widestThrough = std::max(g.widestThrough, narrowest);
                }
            g.sightPasses = g.width > out.lineWidth;
            out.gaps.push_back(std::move(g));
        }
    std::stable_sort(out.gaps.begin(), out.gaps.end(), [](const Gap& x, const Gap& y) { return x.width < y.width; });
    return out;
}

}  // namespace sl::analysis
