// Small builders for hand-made test scenes.
#pragma once

#include "kernel/polygon.h"
#include "kernel/types.h"

#include <string>

namespace sl::testing {

// The rectangle [x0, x1] x [y0, y1], oriented as the engine keeps polygons.
inline Polygon square(double x0, double y0, double x1, double y1) {
    Polygon p;
    p.outer = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};
    orientForInteriorLeft(p);
    return p;
}

inline TerrainPiece feature(const std::string& id, Polygon footprint, double height) {
    TerrainPiece t;
    t.id = id;
    t.kind = TerrainKind::Feature;
    t.height = height;
    t.footprint = std::move(footprint);
    return t;
}

// A rectangular feature, 5" tall unless told.
inline TerrainPiece wall(const std::string& id, double x0, double y0, double x1, double y1, double height = 5) {
    return feature(id, square(x0, y0, x1, y1), height);
}

// A 1.75" model on a 32 mm base, a unit and a side of its own unless a unit is given.
inline Model infantry(const std::string& id, Vec2 at, const std::string& unit = {}) {
    Model m;
    m.id = id;
    m.unit = unit.empty() ? id : unit;
    m.side = id;
    m.position = at;
    m.height = 1.75;
    m.base = {BaseShape::Circle, 32, 32};
    return m;
}

// Fog of war on the table: a 60 x 44 table cut across by a 5" wall at y = 18..20, a blue
// scout at (10, 10) and a red raider at (30, 10) north of it (they see each other), a red
// lurker at (30, 30) south of it.
inline Scenario fogTable() {
    Scenario s;
    s.board = {60, 44};
    TerrainPiece w = wall("wall", 0, 18, 60, 20);
    w.name = "wall";
    s.terrain.push_back(w);
    auto model = [](const char* id, const char* side, Vec2 at) {
        Model m = infantry(id, at, side);
        m.name = id;
        m.side = side;
        return m;
    };
    s.models = {model("scout", "blue", {10, 10}), model("raider", "red", {30, 10}), model("lurker", "red", {30, 30})};
    return s;
}

}  // namespace sl::testing
