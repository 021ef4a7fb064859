// Deterministic random tables for benchmarks and property tests: the same seed gives the
// same table on every machine (a fixed 64-bit generator, no library distributions).
#pragma once

#include "kernel/types.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <numbers>
#include <string>

namespace sl::testing {

class SplitMix64 {
public:
    explicit SplitMix64(uint64_t seed) : state_(seed) {}
    uint64_t next() {
        uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    double uniform(double lo, double hi) { return lo + (hi - lo) * (static_cast<double>(next() >> 11) * 0x1.0p-53); }

private:
    uint64_t state_;
};

// A 60x44 table with `pieces` features between x = 14 and 46 (rotated rectangles up to
// 6" x 2", or star-shaped polygons of `vertices` points up to 2" across when vertices > 4)
// and `perSide` 32 mm models of each side in the deployment strips.
inline Scenario randomTable(uint64_t seed, int pieces, int perSide, int vertices = 4) {
    SplitMix64 rng(seed);
    Scenario s;
    s.name = "generated";
    for (int i = 0; i < pieces; ++i) {
        TerrainPiece t;
        char id[24];
        std::snprintf(id, sizeof id, "t%d", i);
        t.id = id;
        t.kind = TerrainKind::Feature;
        t.height = rng.uniform(0.5, 6);
        const Vec2 c{rng.uniform(14, 46), rng.uniform(2, 42)};
        if (vertices <= 4) {
            const double w = rng.uniform(0.25, 3), h = rng.uniform(0.25, 1), a = rng.uniform(0, std::numbers::pi);
            const double ca = std::cos(a), sa = std::sin(a);
            for (Vec2 p : {Vec2{-w, -h}, Vec2{w, -h}, Vec2{w, h}, Vec2{-w, h}})
                t.footprint.outer.push_back({c.x + p.x * ca - p.y * sa, c.y + p.x * sa + p.y * ca});
        } else {
            // A star-shaped ring: angles in order, radii varying, so it is always simple.
            for (int k = 0; k < vertices; ++k) {
                const double ang = 2 * std::numbers::pi * k / vertices;
                const double r = rng.uniform(0.3, 1.0);
                t.footprint.outer.push_back({c.x + r * std::cos(ang), c.y + r * std::sin(ang)});
            }
        }
        s.terrain.push_back(std::move(t));
    }
    for (int side = 0; side < 2; ++side)
        for (int i = 0; i < perSide; ++i) {
            Model m;
            char id[24];
            std::snprintf(id, sizeof id, "%c%d", side ? 'r' : 'b', i);
            m.id = id;
            m.side = side ? "red" : "blue";
            m.unit = m.id;
            m.base = {BaseShape::Circle, 32, 32};
            const int col = i % 5, row = i / 5;
            m.position = {side ? 58.0 - col * 1.6 : 2.0 + col * 1.6, 2.0 + row * (40.0 / std::max(1, (perSide + 4) / 5))};
            m.height = rng.uniform(1.2, 3);
            s.models.push_back(std::move(m));
        }
    return s;
}

// Adds `count` models of random base (circle 25 to 60 mm, oval, rect), height (0.8 to 4")
// and elevation (0, or 0 to 3" one time in five) anywhere on the table, each on its own
// side and unit, without overlapping one another.
inline void scatterModels(Scenario& s, uint64_t seed, int count) {
    SplitMix64 rng(seed);
    for (int placed = 0, tries = 0; placed < count && tries < 1000; ++tries) {
        Model m;
        char id[24];
        std::snprintf(id, sizeof id, "m%d", placed);
        m.id = id;
        m.side = id;
        m.unit = id;
        const double kind = rng.uniform(0, 1);
        if (kind < 0.6) {
            const double d = rng.uniform(25, 60);
            m.base = {BaseShape::Circle, d, d};
        } else {
            m.base = {kind < 0.8 ? BaseShape::Oval : BaseShape::Rect, rng.uniform(40, 120), rng.uniform(25, 70)};
        }
        m.rotation_deg = rng.uniform(0, 360);
        m.position = {rng.uniform(3, 57), rng.uniform(3, 41)};
        m.height = rng.uniform(0.8, 4);
        m.elevation = rng.uniform(0, 1) < 0.2 ? rng.uniform(0, 3) : 0;
        const double r = std::max(m.base.length_mm, m.base.width_mm) / 2 / kMmPerInch;
        bool clear = true;
        for (const Model& o : s.models) {
            const double ro = std::max(o.base.length_mm, o.base.width_mm) / 2 / kMmPerInch;
            clear = clear && std::hypot(o.position.x - m.position.x, o.position.y - m.position.y) > r + ro + 0.05;
        }
        if (!clear) continue;
        s.models.push_back(std::move(m));
        ++placed;
    }
}

}  // namespace sl::testing
