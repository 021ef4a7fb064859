// Rings and polygons: exact point location, validity, orientation.
#pragma once

#include "kernel/types.h"

#include <cmath>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace sl {

enum class Where { Outside, Boundary, Inside };

// Exact location of p with respect to the closed region bounded by ring.
Where locate(Vec2 p, const Ring& ring);
// With holes: inside the outer ring and outside every hole.
Where locate(Vec2 p, const Polygon& polygon);

// The smallest axis-aligned box holding the points (of a non-empty ring).
struct Bounds {
    Vec2 lo;
    Vec2 hi;
};
Bounds boundsOf(std::span<const Vec2> points);

// The squared distance from p to the nearest point of the ring's edges (rounded, not exact).
double squaredDistanceToEdges(Vec2 p, const Ring& ring);

// A polygon of many edges: its edges in runs of consecutive ones, each with the box of its
// corners, so that a test of a line or a point looks only at the runs whose boxes it comes
// near (a traced outline has hundreds of corners), and answers as a test of every edge does.
struct EdgeRun {
    uint32_t ring;   // 0 the outer ring, k the hole k - 1
    uint32_t first;  // its first edge in that ring (edge i from corner i to the next)
    uint32_t count;
    int index;       // the first edge's running index over outer ring and holes
    double minX, minY, maxX, maxY;
};
// A polygon's edge runs: none for a polygon of at most 32 edges.
std::vector<EdgeRun> edgeRunsOf(const Polygon& polygon);
// locate(p, polygon), the same answer, with the runs of the polygon's edges (edgeRunsOf).
Where locate(Vec2 p, const Polygon& polygon, const std::vector<EdgeRun>& runs);
// The distance from p to the nearest edge of the polygon (its outer ring and holes), or
// `atMost` where none is nearer: edges farther than the nearest so far in x or y are passed
// over by their boxes (with `runs`, a run's box first).
double distanceToEdges(Vec2 p, const Polygon& polygon, const std::vector<EdgeRun>* runs = nullptr, double atMost = HUGE_VAL);

// The stretches (as fractions of a-b) of the segment inside the polygon, in floating point:
// the crossings with its edges cut the segment into pieces, each inside or outside as its
// middle is (for drawings and for tests with a margin, not for exact decisions).
std::vector<std::pair<double, double>> stretchesInside(const Polygon& polygon, Vec2 a, Vec2 b);

// Signed area (positive when the ring turns to the left in the algebraic sense).
double signedArea(const Ring& ring);

// The area centroid of a simple ring (the mean of its points when it has no area).
Vec2 areaCentroid(const Ring& ring);

// Whether p lies on the closed segment a-b, given that the three points are collinear.
bool onCollinearSegment(Vec2 a, Vec2 b, Vec2 p);

// Whether the closed segments p0-p1 and q0-q1 share a point (exact).
bool segmentsIntersect(Vec2 p0, Vec2 p1, Vec2 q0, Vec2 q1);
// Whether they cross at a single point interior to both (exact).
bool segmentsCrossProperly(Vec2 p0, Vec2 p1, Vec2 q0, Vec2 q1);

// Drops a closing point equal to the first. Returns the ring as the engine keeps it.
Ring openRing(Ring ring);

// Why the ring cannot bound a region ("fewer than 3 distinct points", "edges 1 and 3
// cross", ...), or nothing when it is simple. Indices are the file's point indices.
std::optional<std::string> ringProblem(const Ring& ring);

// Why the hole is not inside the outer ring, or nothing.
std::optional<std::string> holeProblem(const Ring& outer, const Ring& hole);

// Convex hull of the points, positively oriented (exact turns; collinear points dropped).
Ring convexHullOf(std::vector<Vec2> points);

// The polygon as convex parts whose union it is (their open interiors inside its open
// interior): a triangulation by ears found with exact turns, its triangles merged across
// their shared edges while the result stays convex (Hertel and Mehlhorn: at most four times
// the fewest parts). Positively oriented. Empty for a polygon with holes or a ring the ears
// cannot cut (not simple): whoever uses the parts then has none to use, never wrong ones.
std::vector<Ring> convexParts(const Polygon& polygon);

// A simpler ring inside this one (a simple ring, positively oriented): its convex corners
// cut off, one at a time, while the triangle a cut takes is smaller than `maxCut` square
// inches and holds no other corner. A traced outline's wiggles go (and the parts of
// convexParts with them), the shape stays. With `cut`, the triangles cut off are added to
// it, positively oriented: with the ring returned, they make up the ring given.
Ring innerRing(const Ring& ring, double maxCut, std::vector<Ring>* cut = nullptr);
// The same outwards: a simpler ring around this one, its reflex corners filled in while the
// triangle filled is smaller than `maxFill` square inches and holds no other corner.
Ring outerRing(const Ring& ring, double maxFill);
// Convex parts whose union holds the ring (never less than it): convexParts of its
// outerRing(maxFill), or its convex hull when the ears cannot cut that.
std::vector<Ring> coveringParts(const Ring& ring, double maxFill);

// The region of a simple ring that lies at least `depth` in from its outline, as a ring
// within it (positively oriented): each side moved in by depth, the moved sides meeting at
// the convex corners and going round the disc of depth about each reflex corner, outside
// it (so a little less than that region near those corners). Checked before it is given:
// nothing where the ring is not simple or the result would not be (the ring narrower than
// twice depth somewhere), and nothing rather than a ring that comes nearer its outline.
std::optional<Ring> erodedRing(const Ring& ring, double depth);

// The outline of a wall drawn as a polyline `thickness` wide (half on each side), with flat
// ends and mitred corners (a corner sharper than about 29 degrees is cut square, so that it
// does not reach far out), positively oriented; or nothing, with the problem in `problem`
// ("the thickness must be greater than 0", "points 2 and 3 are the same", "it turns back
// on itself at point 2", "its outline crosses itself ...").
std::optional<Ring> thickLine(const std::vector<Vec2>& points, double thickness, std::string* problem);

// Orients the outer ring positively and the holes negatively, so that the interior of
// the polygon is on the positive side of every edge.
void orientForInteriorLeft(Polygon& polygon);

}  // namespace sl
