// Light and senses on tile maps (seed 002): a light level per tile from light sources and the
// legend's flags, and what a creature perceives of the map and of other creatures, by which
// senses, in three tiers: seen, outline only (detected but not seen), unseen. No Qt.
//
// Distances are Euclidean, in tiles, between tile centres; a range r reaches a tile when
// dx*dx + dy*dy <= r*r (a creature exactly at the range is reached, one tile beyond is not).
//
// Light. Each source (a legend tile with light=N, a `light X,Y N` line, a creature carrying
// light) lights the tiles within its radius that it has a line of sight to (opaque tiles stop
// light; they are lit themselves when they face it), bright within its bright radius (half
// the radius, rounded down, unless given). A `lit` or `bright` tile is so whatever the
// sources. Magical darkness leaves a tile dark whatever lights it; magical light makes it lit
// over magical darkness too.
//
// The senses, each with its range (0: none):
// - sight: along lines of sight (opaque, dark and obscuring tiles stop them, as the field of
//   view has it), to tiles within the sight range: a lit tile, or an unlit one within the
//   creature's own light range, is seen; an unlit tile beyond it but within the shadow range
//   (at least the light range) is seen in outline only (its shape, not what is on it); an
//   unlit tile beyond that, and any tile of magical darkness (which sight does not pass
//   either, unless magical light is there too), is not seen. Far darkness: a creature more
//   than twice the light range away on an unlit tile is not seen by sight, however its tile
//   is seen. What stands in terrain that stops sight (dark, obscuring, or opaque but
//   passable, such as a curtain) is seen only from beside it or from within it. Ranges
//   beyond the map's width plus height count as that.
// - darkvision (infravision): sight within its range needing no light (not into magical
//   darkness); dark terrain does not stop it.
// - blindsight: within range, along lines of fire (only solid tiles stop them), needing no
//   light; silence stops it (a silent tile on the line, or either creature standing in one).
// - tremorsense: within range, no line needed; only creatures on the ground (not flying);
//   it shows solid terrain to memory, not to sight.
// - telepathy: within range, no line needed; only creatures with a mind (not mindless, not
//   undead).
// - perception (magical awareness): everything within range.
// - scent: within range, along lines of fire.
// Sight, darkvision and blindsight see (tier seen) and so does perception; tremorsense,
// telepathy, scent and sight in shadow detect without seeing (tier outline). An invisible
// creature is not seen by sight or darkvision unless the viewer sees invisible; a hiding
// creature is not seen by them unless the viewer's spot is higher than its hide. A sleeping
// creature perceives nothing. A creature always perceives itself.
#pragma once

#include "grid/fov.h"
#include "grid/tilemap.h"
#include "grid/vision.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sl::grid {

enum class LightLevel : std::uint8_t { Dark = 0, Lit = 1, Bright = 2 };

struct LightSource {
    Tile at;
    int radius = 0;
    int bright = -1;  // the bright radius; -1: half the radius, rounded down
};

// The senses as the seed's bitmask (PER_*).
enum Sense : std::uint16_t {
    kSight = 0x0001,
    kTremor = 0x0002,
    kBlind = 0x0004,
    kDarkvision = 0x0008,  // the seed's infravision
    kPerception = 0x0010,
    kTelepathy = 0x0020,
    kScent = 0x0040,
    kShadow = 0x0080,      // sight in shadow: outline only
};
// The names of the senses in the mask, in the order above ("sight", "tremorsense", ...).
std::vector<std::string> senseNames(std::uint16_t senses);
// The same as one text: "sight, telepathy".
std::string senseList(std::uint16_t senses);

enum class Tier : std::uint8_t { Unseen = 0, Outline = 1, Seen = 2 };
std::string tierName(Tier tier);

struct Senses {
    int sight = 12;
    int light = 0;  // the light the creature carries: it lights the tiles around it, and unlit
                    // tiles within it are seen (its own light range)
    int shadow = 0;  // outline of unlit tiles up to this range (at least `light`)
    int darkvision = 0;
    int blindsight = 0;
    int tremorsense = 0;
    int telepathy = 0;
    int perception = 0;
    int scent = 0;
    int spot = 0;
    bool seeInvisible = false;
};

struct Creature {
    std::string id;
    std::string side;
    Tile at;
    Senses senses;
    bool flying = false;
    bool mindless = false;
    bool undead = false;
    bool invisible = false;
    bool asleep = false;
    int hide = -1;  // hiding with this value; -1: not hiding
};

// A creature's senses and traits as words, as scripts and state files write them:
// sight=N light=N shadow=N darkvision=N blindsight=N tremorsense=N telepathy=N awareness=N
// (the perception sense) scent=N spot=N hide=N, and flying mindless undead invisible
// see-invisible asleep. Setting one: "" when set, else the problem; `known` false when the
// word is none of them.
std::string setCreatureWord(Creature& creature, const std::string& word, bool& known);
// The words of a creature: its sight (unless below 0: a unit's range), and what differs
// from no other sense and no trait.
std::vector<std::string> creatureWords(const Creature& creature);
// The list for messages: "sight=N, light=N, ..., asleep".
std::string creatureWordList();

struct Perceived {
    std::uint16_t senses = 0;
    Tier tier = Tier::Unseen;
};

// The map's light, and what its creatures perceive. Change the creatures or the sources,
// then call update(); the answers are for the state of the last update.
class PerceptionWorld {
public:
    explicit PerceptionWorld(TileMap map);

    const TileMap& map() const { return map_; }
    std::vector<LightSource>& sources() { return sources_; }
    const std::vector<LightSource>& sources() const { return sources_; }
    std::vector<Creature>& creatures() { return creatures_; }
    const std::vector<Creature>& creatures() const { return creatures_; }
    const Creature* creature(const std::string& id) const;

    // Light levels and every creature's lines, for the sources and creatures as they are.
    void update();

    LightLevel light(Tile t) const { return light_[index(t)]; }
    const std::vector<LightLevel>& lightLevels() const { return light_; }
    // The tier of every tile for the creature (index y * width + x): what it sees of the map.
    std::vector<Tier> tiles(int creature) const;
    // Solid tiles its tremorsense shows to memory (not to sight).
    std::vector<std::uint8_t> felt(int creature) const;
    // Which senses of `viewer` detect `target` (indices into creatures()), and the tier.
    Perceived perceives(int viewer, int target) const;

    // A side: the best tier of any of its creatures, per tile and per creature of the others.
    std::vector<Tier> sideTiles(const std::string& side) const;
    Perceived sidePerceives(const std::string& side, int target) const;

private:
    struct Lines {  // a creature's fields of view, as far as its senses reach
        std::vector<std::uint8_t> sight, dark, fire, blind;
        int x0 = 0, y0 = 0, size = 0;  // the square they cover (each is size * size)
        bool has(const std::vector<std::uint8_t>& v, Tile t) const;
    };
    size_t index(Tile t) const { return static_cast<size_t>(t.y) * map_.width + t.x; }
    int shadowRange(const Creature& c) const;

    TileMap map_;
    std::vector<LightSource> sources_;
    std::vector<Creature> creatures_;
    std::vector<LightLevel> light_;
    std::vector<Lines> lines_;
    std::vector<std::uint8_t> seeThrough_, darkThrough_, fireThrough_, blindThrough_, lightThrough_;
    FovBuffer fov_;
};

}  // namespace sl::grid
