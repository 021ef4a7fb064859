// The side view of a pair (side_view.h).
#include "rules/side_view.h"

#include "kernel/polygon.h"
#include "kernel/region.h"
#include "kernel/solids.h"
#include "rules/rulings.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace sl {

namespace {

// How far the line stays out of the solid over [from, to] (the line is straight: its
// heights there run between those at the ends): above its top, or below its bottom when
// it has one (a floor, a walkway); negative, how deep it runs into it.
double clearanceOver(const SideView& v, double from, double to, double bottom, double top) {
    const double lo = std::min(v.heightAt(from), v.heightAt(to)), hi = std::max(v.heightAt(from), v.heightAt(to));
    return bottom > 0 ? std::max(lo - top, bottom - hi) : lo - top;
}

}  // namespace

SideView sectionAlong(const Scene& scene, const Rulings& rulings, int observer, int target, Vec2 a, Vec2 b) {
    const Scenario& s = scene.scenario();
    SideView v;
    v.a = a;
    v.b = b;
    v.h0 = s.models[observer].top();
    v.h1 = s.models[target].top();
    v.e0 = s.models[observer].elevation;
    v.e1 = s.models[target].elevation;
    v.length = std::hypot(b.x - a.x, b.y - a.y);
    const ModelMask ignored = scene.ignoredModels(observer, target);
    auto add = [&](SectionPiece piece, const Polygon& footprint) {
        for (const auto& [lo, hi] : stretchesInside(footprint, a, b)) {
            SectionPiece p = piece;
            p.from = lo * v.length;
            p.to = hi * v.length;
            p.clearance = p.wall ? -std::numeric_limits<double>::infinity() : clearanceOver(v, p.from, p.to, p.model ? 0 : p.bottom, p.top);
            v.pieces.push_back(std::move(p));
        }
    };
    // The features and the models that can stop the line (the two units' own are seen through).
    for (uint32_t id : scene.blockersAlong(a, b)) {
        const Blocker& bl = scene.blockers()[id];
        if (bl.model >= 0 && ignored[bl.model]) continue;
        SectionPiece p;
        p.model = bl.model >= 0;
        const std::vector<std::string> ids = scene.idsOf({id});
        if (ids.empty()) continue;
        p.id = ids.front();
        p.label = s.labelOf(p.id);
        p.bottom = p.model ? s.models[bl.model].elevation : bl.bottom;  // (a feature's prism: kernel/solids.h)
        p.top = bl.top;
        add(p, bl.polygon);
    }
    // The pieces the ruleset makes walls of unlimited height for this pair.
    for (int i : rulings.wallsOf(observer, target)) {
        const TerrainPiece& t = s.terrain[static_cast<size_t>(i)];
        SectionPiece p;
        p.id = t.id;
        p.label = s.labelOf(t.id);
        p.wall = true;
        p.top = std::numeric_limits<double>::infinity();
        add(p, t.footprint);
    }
    // The openings of the features it passes, open or closed by the ruleset.
    for (const TerrainPiece& t : s.terrain) {
        if (t.kind != TerrainKind::Feature) continue;
        for (const Opening& o : t.openings) {
            SectionGap g;
            g.id = t.id;
            g.label = s.labelOf(t.id);
            g.bottom = std::max(o.from, t.bottom);
            g.top = std::min(o.to, t.height);
            g.closedBy = openingClosedBy(s, t, o);
            g.open = g.closedBy.empty();
            for (const auto& [lo, hi] : stretchesInside(Polygon{o.polygon, {}}, a, b)) {
                g.from = lo * v.length;
                g.to = hi * v.length;
                v.gaps.push_back(g);
            }
        }
    }
    std::sort(v.gaps.begin(), v.gaps.end(), [](const SectionGap& x, const SectionGap& y) { return x.from < y.from; });
    std::sort(v.pieces.begin(), v.pieces.end(), [](const SectionPiece& x, const SectionPiece& y) {
        return x.from != y.from ? x.from < y.from : x.id < y.id;
    });
    for (size_t k = 0; k < v.pieces.size(); ++k)
        if (v.closest < 0 || v.pieces[k].clearance < v.pieces[static_cast<size_t>(v.closest)].clearance)
            v.closest = static_cast<int>(k);
    return v;
}

const SectionGap* SideView::closedGapPassed() const {
    for (const SectionGap& g : gaps) {
        const double lo = std::min(heightAt(g.from), heightAt(g.to)), hi = std::max(heightAt(g.from), heightAt(g.to));
        if (!g.open && g.to > g.from && lo > g.bottom && hi < g.top) return &g;
    }
    return nullptr;
}

SideView sideView(const Scene& scene, const Rulings& rulings, int observer, int target, const PairResult& ruling) {
    if (ruling.visible && ruling.witness) {
        SideView v = sectionAlong(scene, rulings, observer, target, ruling.witness->a, ruling.witness->b);
        v.witness = true;
        return v;
    }
    // Not seen: the line between the bases' sample points that the pieces stop least (the
    // fewest walls crossed, then the highest clearance).
    const Region& from = scene.modelRegion(observer);
    const Region& to = scene.modelRegion(target);
    std::optional<SideView> best;
    auto score = [](const SideView& v) {
        int walls = 0;
        double least = std::numeric_limits<double>::infinity();
        for (const SectionPiece& p : v.pieces) {
            if (p.wall) ++walls;
            else least = std::min(least, p.clearance);
        }
        return std::make_pair(-walls, least);
    };
    for (const Vec2& p : from.samples)
        for (const Vec2& q : to.samples) {
            if (p == q) continue;
            SideView v = sectionAlong(scene, rulings, observer, target, p, q);
            if (!best || score(v) > score(*best)) best = std::move(v);
        }
    if (!best) best = sectionAlong(scene, rulings, observer, target, from.centre, to.centre);
    return *best;
}

}  // namespace sl
