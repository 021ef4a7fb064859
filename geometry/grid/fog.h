// Fog of war on a tile map: per side, every tile is unexplored, explored (seen before, not
// now) or visible, from all the side's vision sources (units with their own ranges,
// headquarters, buildings, towers), by radius alone or with line of sight. Each side
// remembers the enemy units it has seen (type, owner, health, position, turn seen) after
// they leave its sight; a memory expires after a number of turns and is cleared when its
// tile is seen again. With line of sight, dark and obscuring tiles hide what stands in
// them from sources not in or beside them. A side may target only what it sees. Each unit also keeps the tiles
// it has seen and the tiles it has stood on (seen versus visited). No Qt.
#pragma once

#include "grid/fov.h"
#include "grid/perception.h"
#include "grid/tilemap.h"
#include "grid/vision.h"

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace sl::grid {

enum class FogState : std::uint8_t { Unexplored = 0, Explored = 1, Visible = 2 };
enum class VisionMode {
    Radius,       // every tile within range (no terrain blocks)
    LineOfSight,  // within range and in the source's field of view (symmetric shadowcasting)
    Senses,       // each unit's senses and the light (perception.h); structures as LineOfSight
};

struct FogSettings {
    VisionMode mode = VisionMode::Radius;
    int memoryTurns = 3;  // a memory is kept while turn - turn seen <= this; -1: forever
    int unitVision = 3;   // a unit whose type has no entry below
    std::map<std::string, int> typeVision;
    std::map<std::string, int> structureVision = {{"headquarters", 4}, {"building", 3}, {"tower", 5}};
};

struct FogUnit {
    std::string id;
    std::string type;
    std::string side;
    int health = 1;
    Tile at;
    int vision = -1;             // its own range; -1: its type's
    bool terrainVision = false;  // range from the terrain it stands on (terrain radius)
    int perception = 10;         // with terrainVision: +1 per 5 above 10
    std::vector<std::uint8_t> seen;     // tiles this unit has seen
    std::vector<std::uint8_t> visited;  // tiles this unit has stood on
    // Under VisionMode::Senses: its senses (sight defaults to its range), the light it
    // carries and what it is (flying, mindless, invisible, hiding, asleep); its id, side and
    // tile are the unit's.
    Creature body = [] {
        Creature c;
        c.senses.sight = -1;  // (-1: its range)
        return c;
    }();
};

struct FogStructure {
    std::string kind;  // headquarters, building, tower, or any kind given a vision
    std::string side;
    Tile at;
    int vision = -1;  // -1: its kind's
};

// An enemy unit as a side last saw it.
struct Snapshot {
    std::string unit;
    std::string type;
    std::string owner;
    int health = 0;
    Tile at;
    int turnSeen = 0;
};

struct FogSide {
    std::string name;
    std::vector<std::uint8_t> state;           // FogState per tile, row by row
    std::map<std::string, Snapshot> sightings;  // by unit id: seen now, or remembered
    // Tiles whose contents the side sees now: the visible ones, less (with line of sight)
    // dark or obscuring tiles that none of its sources stands in or beside. Recomputed.
    std::vector<std::uint8_t> seesInto;
    // Enemy units it sees now, and (VisionMode::Senses) those it only senses (tier outline),
    // with the senses that detect them. Recomputed.
    std::set<std::string> seenNow;
    std::map<std::string, std::uint16_t> sensedNow;
};

class FogGame {
public:
    explicit FogGame(TileMap map, FogSettings settings = {});

    const TileMap& map() const { return map_; }
    const FogSettings& settings() const { return settings_; }
    FogSettings& settings() { return settings_; }
    int turn() const { return turn_; }
    void setTurn(int turn) { turn_ = turn; }

    // Changes. Each returns a problem in words, or an empty string when done; each brings
    // every side's fog up to date (a unit seen mid-turn is seen at once).
    std::string addSide(const std::string& name);
    std::string addUnit(FogUnit unit);
    std::string addStructure(FogStructure structure);
    // A light source (VisionMode::Senses): lights the tiles it reaches, for every side.
    std::string addLight(LightSource light);
    const std::vector<LightSource>& lights() const { return lights_; }
    // The light and every unit's senses as of the last update (VisionMode::Senses; nothing
    // otherwise), units in the order of units().
    const PerceptionWorld* perception() const { return perception_.get(); }
    std::string moveUnit(const std::string& id, Tile to);
    std::string setHealth(const std::string& id, int health);
    // A unit dies or leaves: the sides that see it go forget it; the others remember it.
    std::string removeUnit(const std::string& id);
    void nextTurn();
    // Recomputes every side's visible tiles and memories (after loading, or a settings change).
    void update();

    const std::vector<FogSide>& sides() const { return sides_; }
    std::vector<FogSide>& sides() { return sides_; }
    const std::vector<FogUnit>& units() const { return units_; }
    std::vector<FogUnit>& units() { return units_; }
    const std::vector<FogStructure>& structures() const { return structures_; }
    const FogSide* side(const std::string& name) const;
    const FogUnit* unit(const std::string& id) const;

    FogState state(const std::string& side, Tile at) const;
    // Whether the side sees what stands on the tile now (a unit in the dark or in fog is
    // seen only from beside it when sight is by line of sight).
    bool seesInto(const std::string& side, Tile at) const;
    // The action mask: a side may target (attack, cast on, heal) only a tile it sees into.
    bool canTarget(const std::string& side, Tile at) const { return seesInto(side, at); }
    // Whether the side sees the unit now (its own, or an enemy it sees).
    bool seesUnit(const std::string& side, const std::string& unit) const;
    // Enemy units the side sees now.
    std::vector<const FogUnit*> visibleEnemies(const std::string& side) const;
    // Enemy units the side remembers and does not see now, by unit id.
    std::vector<Snapshot> memories(const std::string& side) const;

    // The range a unit or structure sees with now.
    int range(const FogUnit& unit) const;
    int range(const FogStructure& structure) const;

private:
    // Calls seen(index, x, y) for each tile a source at `at` sees; touches only its square.
    // (With sight: in the field of view; otherwise every tile within range.)
    template <typename Seen>
    void forEachSeen(Tile at, int range, bool manhattan, bool sight, Seen seen);
    // Each side's tiles (1 visible, 2 known without being seen) into its fog and memories.
    void remember(const std::vector<std::vector<std::uint8_t>>& visible);
    void updateSenses(std::vector<std::vector<std::uint8_t>>& visible);
    size_t index(Tile t) const { return static_cast<size_t>(t.y) * map_.width + t.x; }
    std::string placeable(Tile at, const std::string& who) const;
    FogUnit* findUnit(const std::string& id);

    TileMap map_;
    FogSettings settings_;
    std::vector<std::uint8_t> transparent_;
    FovBuffer fov_;  // reused by every field of view
    int turn_ = 0;
    std::vector<FogSide> sides_;
    std::vector<FogUnit> units_;
    std::vector<FogStructure> structures_;
    std::vector<LightSource> lights_;
    std::shared_ptr<PerceptionWorld> perception_;  // (shared: a game is copied for replays)
};

// Per tile, a viewer's tiers as fog states: seen visible, outline explored (its shape known),
// unseen unexplored; and the outline tiles flagged.
std::vector<std::uint8_t> tierStates(const std::vector<Tier>& tiers);
std::vector<std::uint8_t> outlineFlags(const std::vector<Tier>& tiers);

// Text renderings, one character a tile. A side's fog: visible tiles show their terrain's
// symbol, explored ones a middle dot (open ground) or a shade (terrain that blocks sight),
// unexplored ones a blank; units the side sees show the first character of their id,
// remembered enemies a '?' and enemies only sensed (VisionMode::Senses) a '%'. An observer's tiles: visited '*', seen the terrain's symbol,
// never seen a blank, the unit itself the first character of its id.
std::vector<std::string> renderFog(const FogGame& game, const std::string& side);
std::vector<std::string> renderObserver(const FogGame& game, const FogUnit& unit);
// The same three renderings for any per-tile states (FogState values), for one viewer.
std::vector<std::string> renderStates(const TileMap& map, const std::vector<std::uint8_t>& states);
// Puts one character over column x of a rendered row (whose explored tiles take more than
// one byte).
void markTile(std::string& row, int x, char c);

}  // namespace sl::grid
