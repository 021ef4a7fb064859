// Field of view on tile maps: symmetric shadowcasting (Albert Ford's algorithm), whose
// visible set is the same as libtcod's FOV_SYMMETRIC_SHADOWCAST for the same map, origin,
// radius and light-walls setting. Quadrants are scanned row by row by slopes; opaque tiles
// are diamonds, and a transparent tile is seen only when its centre lies within the row's
// slopes, which makes sight symmetric between transparent tiles. Where the reference's
// behaviour is a choice (slopes in single precision, tiles off the map skipped rather than
// opaque, a row ending when its straight-ahead tile leaves the map) this follows it, so the
// sets are identical; unlike it, a radius-bounded call touches only the rows within the
// radius. No Qt.
#pragma once

#include <cstdint>
#include <vector>

namespace sl::grid {

enum class RadiusShape { Euclid, Chebyshev, Manhattan };

struct FovOptions {
    int radius = 0;  // 0: unlimited
    RadiusShape shape = RadiusShape::Euclid;
    bool lightWalls = true;  // opaque tiles on the edge of what is seen are seen too
};

// `transparent` holds width*height flags, row by row (index y*width + x). Returns the
// visible flags in the same layout; the origin is visible (unless it is opaque and walls
// are not lit). Euclid is libtcod's
// rule: a tile is within radius r when dx*dx + dy*dy < r*r; the other shapes keep the
// same strict bound (Chebyshev max(|dx|,|dy|) < r, Manhattan |dx|+|dy| < r).
std::vector<std::uint8_t> fieldOfView(const std::vector<std::uint8_t>& transparent, int width, int height, int ox,
                                      int oy, const FovOptions& options);
// For calling again and again on one map: the visible flags, and the square the last call
// may have set, which is all the next call has to clear.
struct FovBuffer {
    std::vector<std::uint8_t> visible;
    int x0 = 0, y0 = 0, x1 = -1, y1 = -1;
};
void fieldOfView(const std::vector<std::uint8_t>& transparent, int width, int height, int ox, int oy,
                 const FovOptions& options, FovBuffer& buffer);

// Whether (dx, dy) is within the radius for the shape (radius 0: always).
bool withinRadius(int dx, int dy, int radius, RadiusShape shape);

}  // namespace sl::grid
