// The fog-of-war game: sides, units and structures, each side's fog and memories brought
// up to date after every change, and the text renderings of a side's fog and a unit's view.
#include "grid/fog.h"

#include "kernel/memory.h"

#include "grid/fov.h"

#include <algorithm>
#include <cstdlib>
#include <set>

namespace sl::grid {

namespace {

constexpr const char* kExploredOpen = "\xc2\xb7";     // middle dot
constexpr const char* kExploredBlocking = "\xe2\x96\x92";  // medium shade

}  // namespace

FogGame::FogGame(TileMap map, FogSettings settings)
    : map_(std::move(map)), settings_(std::move(settings)), transparent_(map_.transparency()) {}

const FogSide* FogGame::side(const std::string& name) const {
    for (const FogSide& s : sides_)
        if (s.name == name) return &s;
    return nullptr;
}

const FogUnit* FogGame::unit(const std::string& id) const {
    for (const FogUnit& u : units_)
        if (u.id == id) return &u;
    return nullptr;
}

FogUnit* FogGame::findUnit(const std::string& id) {
    for (FogUnit& u : units_)
        if (u.id == id) return &u;
    return nullptr;
}

std::string FogGame::placeable(Tile at, const std::string& who) const {
    if (!map_.inside(at.x, at.y))
        return who + ": " + tileText(at) + " is off the map (" + std::to_string(map_.width) + " columns, " +
               std::to_string(map_.height) + " rows)";
    if (map_.at(at.x, at.y).solid) return who + ": " + tileText(at) + " is " + map_.at(at.x, at.y).name + ", which is solid";
    for (const FogUnit& u : units_)
        if (u.at == at) return who + ": " + tileText(at) + " is taken by " + u.id;
    return {};
}

std::string FogGame::addSide(const std::string& name) {
    if (name.empty()) return "a side needs a name";
    if (side(name)) return "side " + name + " is already in the game";
    FogSide side;
    side.name = name;
    side.state.assign(map_.tiles.size(), 0);
    sides_.push_back(std::move(side));
    update();
    return {};
}

std::string FogGame::addUnit(FogUnit u) {
    if (u.id.empty()) return "a unit needs an id";
    if (unit(u.id)) return "unit " + u.id + " is already in the game";
    if (!side(u.side)) return "unit " + u.id + ": no side named " + u.side;
    if (u.health < 0) return "unit " + u.id + ": health must be 0 or more";
    if (std::string p = placeable(u.at, "unit " + u.id); !p.empty()) return p;
    u.seen.assign(map_.tiles.size(), 0);
    u.visited.assign(map_.tiles.size(), 0);
    units_.push_back(std::move(u));
    update();
    return {};
}

std::string FogGame::addStructure(FogStructure s) {
    if (!side(s.side)) return s.kind + " at " + tileText(s.at) + ": no side named " + s.side;
    if (!map_.inside(s.at.x, s.at.y)) return s.kind + ": " + tileText(s.at) + " is off the map";
    if (s.vision < 0 && !settings_.structureVision.count(s.kind)) {
        std::string known;
        for (const auto& [kind, range] : settings_.structureVision) known += (known.empty() ? "" : ", ") + kind;
        return "unknown structure \"" + s.kind + "\" (known: " + known + "; or give it vision=N)";
    }
    structures_.push_back(std::move(s));
    update();
    return {};
}

std::string FogGame::addLight(LightSource light) {
    if (!map_.inside(light.at.x, light.at.y)) return "light at " + tileText(light.at) + ": off the map";
    if (light.radius < 0 || light.bright < -1) return "light at " + tileText(light.at) + ": the radius must be 0 or more";
    lights_.push_back(light);
    update();
    return {};
}

std::string FogGame::moveUnit(const std::string& id, Tile to) {
    FogUnit* u = findUnit(id);
    if (!u) return "no unit " + id;
    if (u->at == to) return {};
    if (std::string p = placeable(to, id + " cannot move"); !p.empty()) return p;
    u->at = to;
    update();
    return {};
}

std::string FogGame::setHealth(const std::string& id, int health) {
    FogUnit* u = findUnit(id);
    if (!u) return "no unit " + id;
    if (health < 0) return "unit " + id + ": health must be 0 or more";
    u->health = health;
    update();
    return {};
}

std::string FogGame::removeUnit(const std::string& id) {
    FogUnit* u = findUnit(id);
    if (!u) return "no unit " + id;
    for (FogSide& s : sides_) memory::removedFromPlay(s.sightings, id, s.seesInto[index(u->at)] != 0);
    units_.erase(units_.begin() + (u - units_.data()));
    update();
    return {};
}

void FogGame::nextTurn() {
    ++turn_;
    update();
}

int FogGame::range(const FogUnit& u) const {
    if (u.terrainVision) return viewerSightRadius(map_.at(u.at.x, u.at.y), u.perception);
    if (u.vision >= 0) return u.vision;
    const auto it = settings_.typeVision.find(u.type);
    return it != settings_.typeVision.end() ? it->second : settings_.unitVision;
}

int FogGame::range(const FogStructure& s) const {
    if (s.vision >= 0) return s.vision;
    const auto it = settings_.structureVision.find(s.kind);
    return it != settings_.structureVision.end() ? it->second : 0;
}

template <typename Seen>
void FogGame::forEachSeen(Tile at, int range, bool manhattan, bool sight, Seen seen) {
    const int x0 = std::max(0, at.x - range), x1 = std::min(map_.width - 1, at.x + range);
    const int y0 = std::max(0, at.y - range), y1 = std::min(map_.height - 1, at.y + range);
    if (sight) {
        // The field of view's bound is strict (distance < radius); a range r takes in r.
        const FovOptions options{range + 1, manhattan ? RadiusShape::Manhattan : RadiusShape::Chebyshev, true};
        fieldOfView(transparent_, map_.width, map_.height, at.x, at.y, options, fov_);
    }
    for (int y = y0; y <= y1; ++y)
        for (int x = x0; x <= x1; ++x) {
            const size_t i = index({x, y});
            if (sight ? fov_.visible[i] != 0 : !manhattan || std::abs(x - at.x) + std::abs(y - at.y) <= range) seen(i, x, y);
        }
}

void FogGame::update() {
    const size_t n = map_.tiles.size();
    std::vector<std::vector<std::uint8_t>> visible(sides_.size(), std::vector<std::uint8_t>(n, 0));
    for (FogSide& s : sides_) {
        s.seesInto.assign(n, 0);
        s.seenNow.clear();
        s.sensedNow.clear();
    }
    if (settings_.mode == VisionMode::Senses) {
        updateSenses(visible);
        return;
    }
    const bool hiding = settings_.mode == VisionMode::LineOfSight;
    auto sideIndex = [&](const std::string& name) { return static_cast<size_t>(side(name) - sides_.data()); };
    // What a source sees is visible to its side; what stands there too, unless the tile
    // hides it (with line of sight) and the source is not in or beside it.
    auto see = [&](size_t s, Tile at, size_t i, int x, int y) {
        visible[s][i] = 1;
        if (!hiding || !hidesContents(map_.legend[map_.tiles[i]]) || (std::abs(x - at.x) <= 1 && std::abs(y - at.y) <= 1))
            sides_[s].seesInto[i] = 1;
    };
    for (FogUnit& u : units_) {
        const size_t s = sideIndex(u.side);
        forEachSeen(u.at, range(u), u.terrainVision, hiding, [&](size_t i, int x, int y) {
            u.seen[i] = 1;
            see(s, u.at, i, x, y);
        });
        const size_t here = index(u.at);  // one always sees where one stands
        u.seen[here] = u.visited[here] = 1;
        see(s, u.at, here, u.at.x, u.at.y);
    }
    for (const FogStructure& st : structures_) {
        const size_t s = sideIndex(st.side);
        forEachSeen(st.at, range(st), false, hiding, [&](size_t i, int x, int y) { see(s, st.at, i, x, y); });
    }

    for (FogSide& s : sides_)
        for (const FogUnit& u : units_)
            if (u.side != s.name && s.seesInto[index(u.at)]) s.seenNow.insert(u.id);
    remember(visible);
}

void FogGame::remember(const std::vector<std::vector<std::uint8_t>>& visible) {
    const size_t n = map_.tiles.size();
    for (size_t k = 0; k < sides_.size(); ++k) {
        FogSide& s = sides_[k];
        const std::vector<std::uint8_t>& v = visible[k];
        const std::vector<std::uint8_t>& into = s.seesInto;
        for (size_t i = 0; i < n; ++i) {
            if (v[i] == 1) s.state[i] = static_cast<std::uint8_t>(FogState::Visible);
            else if (s.state[i] == static_cast<std::uint8_t>(FogState::Visible) || v[i] == 2)
                s.state[i] = static_cast<std::uint8_t>(FogState::Explored);
        }
        for (const FogUnit& u : units_)
            if (s.seenNow.count(u.id)) s.sightings[u.id] = {u.id, u.type, u.side, u.health, u.at, turn_};
        // (Its tile seen again, or too old: kernel/memory.h, the table's rules too.)
        memory::forgetStale(s.sightings, s.seenNow, turn_, settings_.memoryTurns,
                            [&](const Snapshot& m) { return map_.inside(m.at.x, m.at.y) && into[index(m.at)]; });
    }
}

void FogGame::updateSenses(std::vector<std::vector<std::uint8_t>>& visible) {
    const size_t n = map_.tiles.size();
    if (!perception_) perception_ = std::make_shared<PerceptionWorld>(map_);
    else if (perception_.use_count() > 1) perception_ = std::make_shared<PerceptionWorld>(*perception_);  // (a copy's own)
    PerceptionWorld& world = *perception_;
    world.sources() = lights_;
    std::vector<Creature>& creatures = world.creatures();
    creatures.clear();
    for (const FogUnit& u : units_) {
        Creature c = u.body;
        if (c.senses.sight < 0) c.senses.sight = range(u);
        c.id = u.id;
        c.side = u.side;
        c.at = u.at;
        creatures.push_back(std::move(c));
    }
    world.update();
    auto sideIndex = [&](const std::string& name) { return static_cast<size_t>(side(name) - sides_.data()); };
    // Seen tiles are visible (1), outlined ones and solid ones felt are known (2: explored).
    for (size_t k = 0; k < units_.size(); ++k) {
        FogUnit& u = units_[k];
        std::vector<std::uint8_t>& v = visible[sideIndex(u.side)];
        const std::vector<Tier> tiers = world.tiles(static_cast<int>(k));
        const std::vector<std::uint8_t> felt = world.felt(static_cast<int>(k));
        for (size_t i = 0; i < n; ++i) {
            if (tiers[i] == Tier::Seen) {
                v[i] = 1;
                u.seen[i] = 1;
            } else if ((tiers[i] == Tier::Outline || felt[i]) && v[i] == 0) {
                v[i] = 2;
            }
        }
        u.visited[index(u.at)] = 1;
    }
    // What a side sees into: its visible tiles, less those whose terrain hides what is in it
    // (dark, obscuring, or opaque and passable) when none of its units or structures is in or
    // beside them, as under line of sight.
    auto besideOf = [&](const std::string& side, int x, int y) {
        for (const FogUnit& u : units_)
            if (u.side == side && std::abs(u.at.x - x) <= 1 && std::abs(u.at.y - y) <= 1) return true;
        for (const FogStructure& st : structures_)
            if (st.side == side && std::abs(st.at.x - x) <= 1 && std::abs(st.at.y - y) <= 1) return true;
        return false;
    };
    // Structures see as with line of sight (they have no senses of their own): what stands
    // where one sees into is seen.
    std::vector<std::vector<std::uint8_t>> byStructures(sides_.size(), std::vector<std::uint8_t>(n, 0));
    for (const FogStructure& st : structures_) {
        const size_t s = sideIndex(st.side);
        forEachSeen(st.at, range(st), false, true, [&](size_t i, int, int) {
            visible[s][i] = 1;
            byStructures[s][i] = 1;
        });
    }
    for (size_t k = 0; k < sides_.size(); ++k) {
        FogSide& s = sides_[k];
        for (int y = 0; y < map_.height; ++y)
            for (int x = 0; x < map_.width; ++x) {
                const size_t i = index({x, y});
                const TerrainType& t = map_.at(x, y);
                s.seesInto[i] = visible[k][i] == 1 && (!(t.blocksSight()) || besideOf(s.name, x, y));
            }
        for (size_t t = 0; t < units_.size(); ++t) {
            if (units_[t].side == s.name) continue;
            const Perceived p = world.sidePerceives(s.name, static_cast<int>(t));
            const size_t at = index(units_[t].at);
            if (p.tier == Tier::Seen || (byStructures[k][at] && s.seesInto[at])) s.seenNow.insert(units_[t].id);
            else if (p.tier == Tier::Outline) s.sensedNow[units_[t].id] = p.senses;
        }
    }
    remember(visible);
}

FogState FogGame::state(const std::string& name, Tile at) const {
    const FogSide* s = side(name);
    if (!s || !map_.inside(at.x, at.y)) return FogState::Unexplored;
    return static_cast<FogState>(s->state[index(at)]);
}

bool FogGame::seesInto(const std::string& name, Tile at) const {
    const FogSide* s = side(name);
    return s && map_.inside(at.x, at.y) && !s->seesInto.empty() && s->seesInto[index(at)];
}

bool FogGame::seesUnit(const std::string& name, const std::string& id) const {
    const FogSide* s = side(name);
    const FogUnit* u = unit(id);
    return s && u && (u->side == name || s->seenNow.count(id));
}

std::vector<const FogUnit*> FogGame::visibleEnemies(const std::string& name) const {
    std::vector<const FogUnit*> out;
    const FogSide* s = side(name);
    if (!s) return out;
    for (const FogUnit& u : units_)
        if (u.side != name && s->seenNow.count(u.id)) out.push_back(&u);
    return out;
}

std::vector<Snapshot> FogGame::memories(const std::string& name) const {
    std::vector<Snapshot> out;
    const FogSide* s = side(name);
    if (!s) return out;
    for (const auto& [id, m] : s->sightings)
        if (!s->seenNow.count(id)) out.push_back(m);
    return out;
}

std::vector<std::uint8_t> tierStates(const std::vector<Tier>& tiers) {
    std::vector<std::uint8_t> out(tiers.size());
    for (size_t i = 0; i < tiers.size(); ++i)
        out[i] = static_cast<std::uint8_t>(tiers[i] == Tier::Seen      ? FogState::Visible
                                           : tiers[i] == Tier::Outline ? FogState::Explored
                                                                       : FogState::Unexplored);
    return out;
}

std::vector<std::uint8_t> outlineFlags(const std::vector<Tier>& tiers) {
    std::vector<std::uint8_t> out(tiers.size());
    for (size_t i = 0; i < tiers.size(); ++i) out[i] = tiers[i] == Tier::Outline;
    return out;
}

std::vector<std::string> renderStates(const TileMap& map, const std::vector<std::uint8_t>& states) {
    std::vector<std::string> rows;
    for (int y = 0; y < map.height; ++y) {
        std::string row;
        for (int x = 0; x < map.width; ++x) {
            const TerrainType& t = map.at(x, y);
            switch (static_cast<FogState>(states[static_cast<size_t>(y) * map.width + x])) {
            case FogState::Visible: row += t.symbol; break;
            case FogState::Explored: row += t.blocksSight() ? kExploredBlocking : kExploredOpen; break;
            case FogState::Unexplored: row += ' '; break;
            }
        }
        rows.push_back(row);
    }
    return rows;
}

void markTile(std::string& row, int x, char c) {
    int column = 0;
    for (size_t i = 0; i < row.size();) {
        const unsigned char lead = static_cast<unsigned char>(row[i]);
        const size_t length = lead < 0x80 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
        if (column == x) {
            row.replace(i, length, 1, c);
            return;
        }
        i += length;
        ++column;
    }
}

std::vector<std::string> renderFog(const FogGame& game, const std::string& name) {
    const FogSide* s = game.side(name);
    if (!s) return {};
    std::vector<std::string> rows = renderStates(game.map(), s->state);
    for (const Snapshot& m : game.memories(name))
        if (game.map().inside(m.at.x, m.at.y)) markTile(rows[m.at.y], m.at.x, '?');
    for (const FogUnit& u : game.units()) {
        if (u.side == name || s->seenNow.count(u.id)) markTile(rows[u.at.y], u.at.x, u.id[0]);
        else if (s->sensedNow.count(u.id)) markTile(rows[u.at.y], u.at.x, '%');
    }
    return rows;
}

std::vector<std::string> renderObserver(const FogGame& game, const FogUnit& unit) {
    const TileMap& map = game.map();
    std::vector<std::string> rows;
    for (int y = 0; y < map.height; ++y) {
        std::string row;
        for (int x = 0; x < map.width; ++x) {
            const size_t i = static_cast<size_t>(y) * map.width + x;
            row += Tile{x, y} == unit.at ? unit.id[0] : unit.visited[i] ? '*' : unit.seen[i] ? map.at(x, y).symbol : ' ';
        }
        rows.push_back(row);
    }
    return rows;
}

}  // namespace sl::grid
