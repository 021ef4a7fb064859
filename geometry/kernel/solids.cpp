// Features as prisms (solids.h): the footprint less the open openings, by CGAL's exact
// polygon difference (the corners come out exactly where they were given: an opening's
// edges meet the rest of the footprint at a seam, never at a sliver of rounding); each
// opening's polygon below and above its gap.
#include "kernel/solids.h"

#include "kernel/polygon.h"

// (CGAL 5.5's Epic_converter returns a default line GCC 12 takes for uninitialised when
// building with the sanitizers: not ours to change, so not announced.)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <CGAL/Boolean_set_operations_2.h>
#include <CGAL/Exact_predicates_exact_constructions_kernel.h>
#include <CGAL/Polygon_set_2.h>

#include <algorithm>
#include <cstdio>
#include <exception>

namespace sl {
namespace {

using K = CGAL::Exact_predicates_exact_constructions_kernel;
using CPolygon = CGAL::Polygon_2<K>;
using CWithHoles = CGAL::Polygon_with_holes_2<K>;

CPolygon toCgal(const Ring& ring, bool counterClockwise) {
    CPolygon p;
    for (const Vec2 v : ring) p.push_back(K::Point_2(v.x, v.y));
    if (p.is_counterclockwise_oriented() != counterClockwise) p.reverse_orientation();
    return p;
}

Ring fromCgal(const CPolygon& p) {
    Ring out;
    for (auto v = p.vertices_begin(); v != p.vertices_end(); ++v) out.push_back({CGAL::to_double(v->x()), CGAL::to_double(v->y())});
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
        // (A polygon that is not simple, which no file gives but an edit might, is no gap.)
        if (isOpen(k) && o.polygon.size() >= 3 && std::min(o.to, piece.height) > std::max(o.from, piece.bottom) &&
            !ringProblem(o.polygon))
            gaps.push_back(k);
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
    std::vector<CWithHoles> parts;
    try {
        CWithHoles whole(toCgal(piece.footprint.outer, true));
        for (const Ring& h : piece.footprint.holes) whole.add_hole(toCgal(h, false));
        CGAL::Polygon_set_2<K> rest(whole);
        for (size_t k : gaps) rest.difference(toCgal(piece.openings[k].polygon, true));
        rest.polygons_with_holes(std::back_inserter(parts));
    } catch (const std::exception&) {
        // (A footprint CGAL will not cut, which the reader refuses: the piece stays whole,
        // its openings closed. Never a gap that is not there.)
        out.clear();
        add(piece.footprint, piece.bottom, piece.height);
        return out;
    }
    for (const CWithHoles& p : parts) {
        Polygon part{fromCgal(p.outer_boundary()), {}};
        for (auto h = p.holes_begin(); h != p.holes_end(); ++h) part.holes.push_back(fromCgal(*h));
        add(std::move(part), piece.bottom, piece.height);
    }
    for (size_t k : gaps) {
        const Opening& o = piece.openings[k];
        add(Polygon{o.polygon, {}}, piece.bottom, std::max(o.from, piece.bottom));
        add(Polygon{o.polygon, {}}, std::min(o.to, piece.height), piece.height);
    }
    return out;
}

std::string openingClosedBy(const Scenario& scenario, const TerrainPiece& piece, const Opening& opening) {
    if (openingIsOpen(scenario, piece, opening)) return {};
    if (scenario.ruleset.name != "wh40k-11e") return "10th edition: a ruin's windows and doors count as closed";
    char below[32];
    std::snprintf(below, sizeof below, "%.2f\"", scenario.ruleset.solid_gap_height);
    return std::string("13.11 solid: a dense feature's gap that begins below ") + below;
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
