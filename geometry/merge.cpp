#include "merge.h"

#include "polygon.h"

#include <CGAL/Exact_predicates_exact_constructions_kernel.h>
#include <CGAL/Polygon_set_2.h>

namespace sl {
namespace {

using K = CGAL::Exact_predicates_exact_constructions_kernel;
using CPolygon = CGAL::Polygon_2<K>;
using CPolygonWithHoles = CGAL::Polygon_with_holes_2<K>;
using CSet = CGAL::Polygon_set_2<K>;

CPolygon toCgal(const Ring& ring, bool counterClockwise) {
    CPolygon p;
    for (const Vec2& v : ring) p.push_back(K::Point_2(v.x, v.y));
    if (p.is_counterclockwise_oriented() != counterClockwise) p.reverse_orientation();
    return p;
}

Ring fromCgal(const CPolygon& p) {
    Ring ring;
    ring.reserve(p.size());
    for (auto it = p.vertices_begin(); it != p.vertices_end(); ++it)
        ring.push_back({CGAL::to_double(it->x()), CGAL::to_double(it->y())});
    return ring;
}

}  // namespace

std::vector<Polygon> unitePolygons(const std::vector<Polygon>& polygons) {
    if (polygons.size() == 1) return polygons;
    CSet set;
    for (const Polygon& poly : polygons) {
        CPolygonWithHoles pwh(toCgal(poly.outer, true));
        for (const Ring& hole : poly.holes) pwh.add_hole(toCgal(hole, false));
        set.join(pwh);
    }
    std::vector<CPolygonWithHoles> parts;
    set.polygons_with_holes(std::back_inserter(parts));
    std::vector<Polygon> out;
    for (const CPolygonWithHoles& part : parts) {
        Polygon poly;
        poly.outer = fromCgal(part.outer_boundary());
        for (auto h = part.holes_begin(); h != part.holes_end(); ++h) poly.holes.push_back(fromCgal(*h));
        orientForInteriorLeft(poly);
        out.push_back(std::move(poly));
    }
    return out;
}

bool polygonsMeet(const Polygon& a, const Polygon& b) {
    auto rings = [](const Polygon& p) {
        std::vector<const Ring*> r{&p.outer};
        for (const Ring& h : p.holes) r.push_back(&h);
        return r;
    };
    for (const Ring* ra : rings(a))
        for (const Ring* rb : rings(b))
            for (size_t i = 0; i < ra->size(); ++i)
                for (size_t j = 0; j < rb->size(); ++j)
                    if (segmentsIntersect((*ra)[i], (*ra)[(i + 1) % ra->size()], (*rb)[j],
                                          (*rb)[(j + 1) % rb->size()]))
                        return true;
    // No boundaries meet: one lies wholly inside the other or they are apart.
    return locate(a.outer.front(), b) != Where::Outside || locate(b.outer.front(), a) != Where::Outside;
}

}  // namespace sl
