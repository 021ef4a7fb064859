// Features as prisms (solids.h): the footprint less the open openings, by Boost.Geometry's
// polygon difference; each opening's polygon below and above its gap.
#include "kernel/solids.h"

#include "kernel/polygon.h"

// (Boost.Geometry 1.74's rescaling policy, used by its difference on doubles, reads a
// factor GCC cannot prove set: not ours to change, so not announced.)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <boost/geometry.hpp>
#include <boost/geometry/geometries/point_xy.hpp>
#include <boost/geometry/geometries/polygon.hpp>
#include <boost/geometry/geometries/multi_polygon.hpp>

#include <algorithm>

namespace sl {
namespace {

namespace bg = boost::geometry;
using BPoint = bg::model::d2::point_xy<double>;
using BPolygon = bg::model::polygon<BPoint>;
using BMulti = bg::model::multi_polygon<BPolygon>;

BPolygon toBoost(const Polygon& p) {
    BPolygon out;
    for (const Vec2 v : p.outer) out.outer().emplace_back(v.x, v.y);
    for (const Ring& h : p.holes) {
        out.inners().emplace_back();
        for (const Vec2 v : h) out.inners().back().emplace_back(v.x, v.y);
    }
    bg::correct(out);
    return out;
}

Ring fromBoost(const bg::model::ring<BPoint>& r) {
    Ring out;
    for (const BPoint& q : r) out.push_back({q.x(), q.y()});
    if (out.size() > 1 && out.front() == out.back()) out.pop_back();  // (Boost closes its rings)
    return out;
}

}  // namespace

std::vector<Prism> prismsOf(const TerrainPiece& piece, const std::vector<char>& open) {
    std::vector<Prism> out;
    if (piece.kind != TerrainKind::Feature || piece.footprint.outer.size() < 3 || !(piece.height > piece.bottom)) return out;
    auto isOpen = [&](size_t k) { return k >= open.size() || open[k]; };
    std::vector<size_t> gaps;
    for (size_t k = 0; k < piece.openings.size(); ++k) {
        const Opening& o = piece.openings[k];
        // (A gap outside the solid's heights, or of no height, leaves it whole.)
        if (isOpen(k) && o.polygon.size() >= 3 && std::min(o.to, piece.height) > std::max(o.from, piece.bottom)) gaps.push_back(k);
    }
    auto add = [&](Polygon footprint, double bottom, double top) {
        if (!(top > bottom) || footprint.outer.size() < 3) return;
        orientForInteriorLeft(footprint);
        out.push_back({std::move(footprint), bottom, top});
    };
    if (gaps.empty()) {
        add(piece.footprint, piece.bottom, piece.height);
        return out;
    }
    BMulti rest;
    rest.push_back(toBoost(piece.footprint));
    for (size_t k : gaps) {
        BMulti less;
        bg::difference(rest, toBoost(Polygon{piece.openings[k].polygon, {}}), less);
        rest = std::move(less);
    }
    for (const BPolygon& p : rest) {
        Polygon part{fromBoost(p.outer()), {}};
        for (const auto& h : p.inners()) part.holes.push_back(fromBoost(h));
        add(std::move(part), piece.bottom, piece.height);
    }
    for (size_t k : gaps) {
        const Opening& o = piece.openings[k];
        add(Polygon{o.polygon, {}}, piece.bottom, std::max(o.from, piece.bottom));
        add(Polygon{o.polygon, {}}, std::min(o.to, piece.height), piece.height);
    }
    return out;
}

bool openingIsOpen(const Scenario& scenario, const TerrainPiece& piece, const Opening& opening) {
    const std::string& rules = scenario.ruleset.name;
    if (rules == "wh40k-11e") return !(piece.category == "dense" && opening.from < scenario.ruleset.solid_gap_height);
    if (rules == "wh40k-10e") {
        if (piece.hasTag("ruin")) return false;
        for (const TerrainPiece& a : scenario.terrain)
            if (a.kind == TerrainKind::Area && !piece.area.empty() && a.id == piece.area && a.hasTag("ruin")) return false;
    }
    return true;
}

std::vector<PiecePrism> prismsOf(const Scenario& scenario) {
    std::vector<PiecePrism> out;
    for (size_t i = 0; i < scenario.terrain.size(); ++i) {
        const TerrainPiece& t = scenario.terrain[i];
        if (t.kind != TerrainKind::Feature) continue;
        std::vector<char> open;
        for (const Opening& o : t.openings) open.push_back(openingIsOpen(scenario, t, o));
        for (Prism& p : prismsOf(t, open)) out.push_back({static_cast<int>(i), std::move(p)});
    }
    return out;
}

}  // namespace sl
