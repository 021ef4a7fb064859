// Symmetric shadowcasting on a tile map, quadrant by quadrant and row by row, scanning and
// clearing only the square the radius reaches.
#include "grid/fov.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdlib>

namespace sl::grid {
namespace {

// The slopes and their rounding are done in single precision, as the reference does, so
// that tiles whose centre lies exactly on a slope come out the same.
float edgeSlope(int depth, int column) { return (2.0f * column - 1.0f) / (2.0f * depth); }
int roundHalfUp(float v) { return static_cast<int>(std::roundf(v * (1 + FLT_EPSILON))); }
int roundHalfDown(float v) { return static_cast<int>(std::roundf(v * (1 - FLT_EPSILON))); }

struct Row {
    int depth;
    float low;
    float high;
};

// How each quadrant maps (depth, column) onto the map: x = ox + depth*dx + column*cx,
// y = oy + depth*dy + column*cy. Columns run left to right seen from the origin.
struct Quadrant {
    int dx, cx, dy, cy;
};
constexpr Quadrant kQuadrants[4] = {{1, 0, 0, 1}, {0, 1, 1, 0}, {0, -1, -1, 0}, {-1, 0, 0, -1}};

}  // namespace

bool withinRadius(int dx, int dy, int radius, RadiusShape shape) {
    if (radius <= 0) return true;
    switch (shape) {
    case RadiusShape::Euclid: return dx * dx + dy * dy < radius * radius;
    case RadiusShape::Chebyshev: return std::max(std::abs(dx), std::abs(dy)) < radius;
    case RadiusShape::Manhattan: return std::abs(dx) + std::abs(dy) < radius;
    }
    return true;
}

void fieldOfView(const std::vector<std::uint8_t>& transparent, int width, int height, int ox, int oy,
                 const FovOptions& asked, FovBuffer& buffer) {
    // A radius beyond every tile of the map is no bound at all (and would overflow r*r).
    FovOptions options = asked;
    if (options.radius >= width + height) options.radius = 0;
    std::vector<std::uint8_t>& visible = buffer.visible;
    const size_t size = static_cast<size_t>(width) * height;
    if (visible.size() != size) {
        visible.assign(size, 0);
        buffer.x1 = buffer.y1 = -1;
    }
    // Clear what the last call may have set; this call sets nothing outside the square
    // its radius reaches.
    for (int y = std::max(0, buffer.y0); y <= std::min(height - 1, buffer.y1); ++y)
        std::fill(visible.begin() + y * width + std::max(0, buffer.x0), visible.begin() + y * width + std::min(width - 1, buffer.x1) + 1, 0);
    const int reach = options.radius > 0 ? options.radius : std::max(width, height);
    buffer.x0 = std::max(0, ox - reach);
    buffer.x1 = std::min(width - 1, ox + reach);
    buffer.y0 = std::max(0, oy - reach);
    buffer.y1 = std::min(height - 1, oy + reach);
    if (ox < 0 || oy < 0 || ox >= width || oy >= height) return;
    // The origin is seen, unless it is itself opaque and walls are not lit.
    visible[static_cast<size_t>(oy) * width + ox] = transparent[static_cast<size_t>(oy) * width + ox] || options.lightWalls;
    // A row at depth d holds tiles at least d away along one axis: none of them is within
    // a radius r once d >= r, and rows only shade deeper rows.
    const int depthLimit = options.radius > 0 ? options.radius - 1 : std::max(width, height);
    auto seen = [&](int x, int y, bool opaque) {
        if (opaque && !options.lightWalls) return;
        if (!withinRadius(x - ox, y - oy, options.radius, options.shape)) return;
        visible[static_cast<size_t>(y) * width + x] = 1;
    };
    Row stack[512];
    std::vector<Row> overflow;
    for (const Quadrant& q : kQuadrants) {
        int top = 0;
        stack[top++] = {1, -1.0f, 1.0f};
        while (top > 0 || !overflow.empty()) {
            Row row;
            if (!overflow.empty()) {
                row = overflow.back();
                overflow.pop_back();
            } else {
                row = stack[--top];
            }
            for (;;) {  // this row, then the row beyond it while the view stays open
                if (row.depth > depthLimit) break;
                const int ax = ox + row.depth * q.dx, ay = oy + row.depth * q.dy;
                if (ax < 0 || ay < 0 || ax >= width || ay >= height) break;
                const int first = roundHalfUp(row.depth * row.low);
                const int last = roundHalfDown(row.depth * row.high);
                bool previousOpaque = false;
                for (int column = first; column <= last; ++column) {
                    const int x = ax + column * q.cx, y = ay + column * q.cy;
                    if (x < 0 || y < 0 || x >= width || y >= height) continue;
                    const bool opaque = !transparent[static_cast<size_t>(y) * width + x];
                    if (opaque || (column >= row.depth * row.low && column <= row.depth * row.high)) seen(x, y, opaque);
                    if (previousOpaque && !opaque) row.low = edgeSlope(row.depth, column);
                    if (column != first && !previousOpaque && opaque) {
                        const Row child{row.depth + 1, row.low, edgeSlope(row.depth, column)};
                        if (top < 512) stack[top++] = child;
                        else overflow.push_back(child);
                    }
                    previousOpaque = opaque;
                }
                if (previousOpaque) break;
                ++row.depth;
            }
        }
    }
}

std::vector<std::uint8_t> fieldOfView(const std::vector<std::uint8_t>& transparent, int width, int height, int ox,
                                      int oy, const FovOptions& options) {
    FovBuffer buffer;
    fieldOfView(transparent, width, height, ox, oy, options, buffer);
    return std::move(buffer.visible);
}

}  // namespace sl::grid
