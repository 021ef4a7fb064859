// Value types of a scenario: the table, its terrain, the models on it and the questions
// asked about it. Plain aggregates, no Qt. Lengths on the table are inches, base sizes mm.
#pragma once

#include <cctype>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sl {

inline constexpr double kMmPerInch = 25.4;

struct Vec2 {
    double x = 0;
    double y = 0;
    friend bool operator==(const Vec2&, const Vec2&) = default;
};

inline Vec2 operator+(Vec2 a, Vec2 b) { return {a.x + b.x, a.y + b.y}; }
inline Vec2 operator-(Vec2 a, Vec2 b) { return {a.x - b.x, a.y - b.y}; }
inline Vec2 operator*(Vec2 a, double s) { return {a.x * s, a.y * s}; }

// A closed ring without its closing point.
using Ring = std::vector<Vec2>;

struct Polygon {
    Ring outer;
    std::vector<Ring> holes;
};

struct Segment {
    Vec2 a;
    Vec2 b;
};

struct Board {
    double width = 60;
    double height = 44;
};

enum class BaseShape { Circle, Oval, Rect };

struct Base {
    BaseShape shape = BaseShape::Circle;
    double length_mm = 32;  // diameter for a circle; along the rotation axis otherwise
    double width_mm = 32;   // equal to length_mm for a circle
};

// Senses on the table (true-los, light and senses): ranges in inches, base to base (0: none),
// and what the model is for them.
struct ModelSenses {
    double darkvision = 0;   // sees without light within it
    double blindsight = 0;   // along the sight lines, no light needed, the invisible too
    double tremorsense = 0;  // no line needed: models on the ground, not flying
    double telepathy = 0;    // no line needed: models with a mind, not mindless
    bool flying = false;
    bool mindless = false;
    bool invisible = false;  // not seen by sight or darkvision
    bool any() const { return darkvision > 0 || blindsight > 0 || tremorsense > 0 || telepathy > 0 || flying || mindless || invisible; }
    friend bool operator==(const ModelSenses&, const ModelSenses&) = default;
};

struct Model {
    std::string id;
    std::string name;
    std::string side;
    std::string unit;  // the model's own id when the file gives none
    Base base;
    Vec2 position;
    double rotation_deg = 0;
    double height = 1;
    double elevation = 0;
    std::vector<std::string> keywords;
    bool shot_recently = false;  // its unit made a ranged attack this turn or the last (40k hidden)
    ModelSenses senses;
    std::string extras;       // unknown keys of the file, as compact JSON, kept for saving
    std::string base_extras;  // unknown keys of its "base" object

    double top() const { return elevation + height; }
};

enum class TerrainKind { Feature, Area };

// An empty part of a feature's solid: the prism over `polygon` (within the footprint) from
// `from` to `to` inches (a window through a wall, a door, the gap under an arch).
struct Opening {
    Ring polygon;
    double from = 0;
    double to = 0;
};

struct TerrainPiece {
    std::string id;
    std::string name;
    TerrainKind kind = TerrainKind::Feature;
    std::string category;  // "", "exposed", "light" or "dense"
    double height = 0;     // features only: the top of the solid
    double bottom = 0;     // features only: the solid runs from `bottom` to `height` (a floor slab, a walkway)
    Polygon footprint;
    std::vector<Opening> openings;  // features only; they do not overlap one another
    std::string area;  // id of the area piece this feature belongs to, or empty
    std::vector<std::string> tags;
    std::string extras;

    // Tags compare case-insensitively (rulesets.md: "Ruin" is a ruin).
    bool hasTag(const std::string& tag) const {
        auto same = [](const std::string& a, const std::string& b) {
            if (a.size() != b.size()) return false;
            for (size_t i = 0; i < a.size(); ++i)
                if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
                    return false;
            return true;
        };
        for (const std::string& t : tags)
            if (same(t, tag)) return true;
        return false;
    }
};

struct Zone {
    std::string id;
    std::string kind;
    std::string side;
    Ring polygon;                   // may be empty for a point zone
    std::optional<Vec2> position;   // objectives and other point zones
    double radius = 0;
    std::string extras;
};

// One expected result of a query: a boolean, a number range, or a set of ids.
struct Expectation {
    enum class Type { Bool, Number, Range, Ids };
    std::string key;
    Type type = Type::Bool;
    bool boolean = false;
    double min = 0;  // Number: the value, in min and max alike
    double max = 0;
    std::vector<std::string> ids;
};

// A pair of models (observer, target), or two units (attacker_unit, target_unit) whose unit
// ruling is checked (rulesets.md, "Per model, per unit").
struct Query {
    std::string observer;
    std::string target;
    std::vector<Expectation> expect;
    std::string note;
    std::string extras;
    std::string attacker_unit;
    std::string target_unit;
    bool isUnit() const { return !attacker_unit.empty() || !target_unit.empty(); }
};

// The game whose rulings are given: "true-los" (the geometry alone), "wh40k-11e" or
// "wh40k-10e", with its options.
struct Ruleset {
    std::string name = "true-los";
    double sight_line_width_mm = 0;  // 1 by default for wh40k-11e
    double solid_gap_height = 3;     // wh40k-11e: kept for windows in dense features
    double detection_range = 15;     // wh40k-11e: how near an enemy sees a hidden model
    std::string options_extras;  // other options, as compact JSON
    bool written_as_object = false;
};

// Fog of war on the table (rules/table_fog.h). An enemy model as a side last saw it.
struct TableSighting {
    Model model;  // as it stood then: its id, side, base, place, rotation and height
    int turnSeen = 0;
};

// A turn of the game as it ended: the models as they stood, and for each side the enemy
// models it saw and those it remembered (seen before, not now).
struct TableTurn {
    int turn = 0;
    std::vector<Model> models;
    std::map<std::string, std::vector<std::string>> seen;          // by side: model ids
    std::map<std::string, std::vector<TableSighting>> remembered;  // by side
};

// The game's fog of war: the turn being played, how long a memory lasts, what each side
// remembers now, and every turn ended so far (to replay it from either side).
struct TableFog {
    int turn = 1;
    int memoryTurns = 3;  // a memory is kept while turn - turn seen <= this; -1: forever
    std::map<std::string, std::map<std::string, TableSighting>> sightings;  // by side, by model id
    std::vector<TableTurn> history;
};

// A light on the table (true-los, light and senses): placed at a point `height` inches up,
// or carried by a model (at its position and top); bright within `bright` inches, dim
// within `dim`. Features stop its light as they stop sight lines.
struct TableLight {
    std::string id;
    Vec2 position;
    double height = 2;
    std::string carried_by;  // a model's id, or empty
    double bright = 0;
    double dim = 0;          // at least `bright`
};

struct Scenario {
    std::string name;
    std::string description;
    Board board;
    Ruleset ruleset;
    std::vector<TerrainPiece> terrain;
    std::vector<Model> models;
    std::vector<Zone> zones;
    std::vector<Query> queries;
    std::optional<TableFog> fog;  // a game with fog of war, once a turn has been ended
    // Light and senses (true-los): the light everywhere the lights do not reach ("bright",
    // the default: daylight; "dim"; "dark"), and the lights. Areas tagged "darkness" are dark
    // whatever lights them.
    std::string ambient_light = "bright";
    std::vector<TableLight> lights;
    std::string board_extras;
    std::string extras;

    const Model* findModel(const std::string& id) const {
        for (const Model& m : models)
            if (m.id == id) return &m;
        return nullptr;
    }
    // The label of the model or terrain piece with this id, as the board, the sheet and
    // the reasons write it: its name, with the id in brackets when another model or piece
    // has the same name ("Wall (w2)"); the id when it has no name, or nothing has the id.
    std::string labelOf(const std::string& id) const {
        const std::string* name = nullptr;
        if (const Model* m = findModel(id)) name = &m->name;
        for (const TerrainPiece& t : terrain)
            if (!name && t.id == id) name = &t.name;
        if (!name || name->empty()) return id;
        int same = 0;
        for (const Model& m : models) same += m.name == *name;
        for (const TerrainPiece& t : terrain) same += t.name == *name;
        return same > 1 ? *name + " (" + id + ")" : *name;
    }
};

}  // namespace sl
