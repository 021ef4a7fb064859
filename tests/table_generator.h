// Deterministic random tables for benchmarks and property tests: the same seed gives the
// same table on every machine (a fixed 64-bit generator, no library distributions).
#pragma once

#include "kernel/types.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <numbers>
#include <string>
#include <vector>

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

// A large table for stress figures (the stress_table program writes it; the benchmark's
// stress/ cases use it): a 120" x 88" table with `pieces` pieces, features (0.5" to 8" tall)
// and areas, star-shaped outlines of 3 to `maxVertices` corners up to 4" across, some
// rotated rectangles, one piece in ten a yard with a hole, one in ten overlapping the piece
// before it and one in ten abutting it along an edge (a seam); and `models` models of every
// base shape (circle, oval, rect, 25 to 170 mm), in units of ten on two sides, not
// overlapping one another. The same seed gives the same table everywhere.
inline Scenario stressTable(uint64_t seed, int models = 1000, int pieces = 500, int maxVertices = 64) {
    SplitMix64 rng(seed);
    Scenario s;
    s.name = "stress";
    s.description = "A generated stress table (tests/table_generator.h, stressTable).";
    s.board = {120, 88};
    auto rectangle = [](Vec2 c, double w, double h, double turn) {
        Ring r;
        for (Vec2 k : {Vec2{-w / 2, -h / 2}, Vec2{w / 2, -h / 2}, Vec2{w / 2, h / 2}, Vec2{-w / 2, h / 2}})
            r.push_back({c.x + k.x * std::cos(turn) - k.y * std::sin(turn), c.y + k.x * std::sin(turn) + k.y * std::cos(turn)});
        return r;
    };
    for (int i = 0; i < pieces; ++i) {
        TerrainPiece t;
        t.id = "p" + std::to_string(i);
        const bool area = rng.uniform(0, 1) < 0.4;
        t.kind = area ? TerrainKind::Area : TerrainKind::Feature;
        t.height = area ? 0 : rng.uniform(0.5, 8);
        const double shape = rng.uniform(0, 1);
        const TerrainPiece* previous = s.terrain.empty() ? nullptr : &s.terrain.back();
        if (previous && shape < 0.1 && previous->footprint.holes.empty()) {
            // Overlapping the piece before: the same outline moved by a fraction of its size.
            t.footprint = previous->footprint;
            const Vec2 by{rng.uniform(-0.7, 0.7), rng.uniform(-0.7, 0.7)};
            for (Vec2& v : t.footprint.outer) v = v + by;
        } else if (previous && shape < 0.2 && previous->footprint.holes.empty()) {
            // Abutting it: a rectangle sharing (part of) the previous outline's first edge.
            const Vec2 a = previous->footprint.outer[0], b = previous->footprint.outer[1];
            const Vec2 d = b - a;
            const double len = std::hypot(d.x, d.y);
            if (len == 0) continue;
            const Vec2 out = Vec2{d.y, -d.x} * (rng.uniform(0.5, 2) / len);
            // (on whichever side is outside the previous piece: the side away from its centre)
            Vec2 centre{0, 0};
            for (const Vec2& v : previous->footprint.outer) centre = centre + v * (1.0 / previous->footprint.outer.size());
            const Vec2 side = ((centre.x - a.x) * out.x + (centre.y - a.y) * out.y) > 0 ? out * -1.0 : out;
            t.footprint.outer = {a, b, b + side, a + side};
        } else if (shape < 0.35) {
            t.footprint.outer = rectangle({rng.uniform(4, 116), rng.uniform(4, 84)}, rng.uniform(0.5, 6), rng.uniform(0.3, 3),
                                          rng.uniform(0, std::numbers::pi));
            if (!area && shape < 0.3 && rng.uniform(0, 1) < 0.4) {
                // A yard: a square ring around a square hole.
                const Vec2 c{rng.uniform(6, 114), rng.uniform(6, 82)};
                const double w = rng.uniform(3, 6), wall = rng.uniform(0.3, 1);
                t.footprint.outer = rectangle(c, w, w, 0);
                t.footprint.holes = {rectangle(c, w - 2 * wall, w - 2 * wall, 0)};
            }
        } else {
            // Star-shaped: corners at increasing angles, each at its own distance.
            const int n = 3 + static_cast<int>(rng.uniform(0, 1) * (maxVertices - 2));
            const Vec2 c{rng.uniform(4, 116), rng.uniform(4, 84)};
            const double reach = rng.uniform(0.5, 2);
            for (int k = 0; k < std::min(n, maxVertices); ++k) {
                const double angle = 2 * std::numbers::pi * (k + rng.uniform(0.1, 0.9)) / n;
                const double r = reach * rng.uniform(0.4, 1);
                t.footprint.outer.push_back({c.x + r * std::cos(angle), c.y + r * std::sin(angle)});
            }
        }
        s.terrain.push_back(std::move(t));
    }
    // Models in units of ten, red and blue by turns, off the features' boxes where a few
    // tries allow, and never on one another.
    struct Box {
        double x0, y0, x1, y1;
    };
    std::vector<Box> boxes;
    for (const TerrainPiece& t : s.terrain) {
        if (t.kind != TerrainKind::Feature) continue;
        Box b{1e300, 1e300, -1e300, -1e300};
        for (const Vec2& v : t.footprint.outer) b = {std::min(b.x0, v.x), std::min(b.y0, v.y), std::max(b.x1, v.x), std::max(b.y1, v.y)};
        boxes.push_back(b);
    }
    std::vector<double> reach;
    for (int placed = 0, tries = 0; placed < models && tries < models * 200; ++tries) {
        Model m;
        m.id = "m" + std::to_string(placed);
        m.unit = "u" + std::to_string(placed / 10);
        m.side = (placed / 10) % 2 ? "blue" : "red";
        const double kind = rng.uniform(0, 1);
        if (kind < 0.55) {
            const double d = rng.uniform(25, 60);
            m.base = {BaseShape::Circle, d, d};
        } else if (kind < 0.8) {
            m.base = {BaseShape::Oval, rng.uniform(60, 170), rng.uniform(35, 109)};
        } else {
            m.base = {BaseShape::Rect, rng.uniform(50, 170), rng.uniform(25, 109)};
        }
        m.rotation_deg = rng.uniform(0, 360);
        m.position = {rng.uniform(2, 118), rng.uniform(2, 86)};
        m.height = rng.uniform(0.8, 5);
        const double r = std::max(m.base.length_mm, m.base.width_mm) / 2 / kMmPerInch;
        bool clear = true;
        if (tries < models * 100)
            for (const Box& b : boxes)
                clear = clear && (m.position.x + r < b.x0 || m.position.x - r > b.x1 || m.position.y + r < b.y0 || m.position.y - r > b.y1);
        for (size_t k = 0; k < s.models.size() && clear; ++k)
            clear = std::hypot(s.models[k].position.x - m.position.x, s.models[k].position.y - m.position.y) > r + reach[k] + 0.05;
        if (!clear) continue;
        s.models.push_back(std::move(m));
        reach.push_back(r);
        ++placed;
    }
    return s;
}

}  // namespace sl::testing
