// Light and senses on tile maps (perception.h): the light of every source by field of view,
// each creature's lines of sight and fire within the reach of its senses, and the rules of
// each sense on top of them.
#include "grid/perception.h"

#include <algorithm>
#include <cstdlib>

namespace sl::grid {

namespace {

int squared(int dx, int dy) { return dx * dx + dy * dy; }
bool within(int d2, int range) { return range > 0 && d2 <= range * range; }

}  // namespace

std::vector<std::string> senseNames(std::uint16_t senses) {
    static const std::pair<Sense, const char*> names[] = {
        {kSight, "sight"},         {kShadow, "shadow"},       {kDarkvision, "darkvision"}, {kBlind, "blindsight"},
        {kTremor, "tremorsense"},  {kTelepathy, "telepathy"}, {kPerception, "perception"}, {kScent, "scent"},
    };
    std::vector<std::string> out;
    for (const auto& [sense, name] : names)
        if (senses & sense) out.push_back(name);
    return out;
}

std::string senseList(std::uint16_t senses) {
    std::string out;
    for (const std::string& n : senseNames(senses)) out += (out.empty() ? "" : ", ") + n;
    return out;
}

std::string tierName(Tier tier) {
    switch (tier) {
    case Tier::Seen: return "seen";
    case Tier::Outline: return "outline";
    case Tier::Unseen: break;
    }
    return "unseen";
}

namespace {

struct RangeWord {
    const char* name;
    int Senses::*field;
};
const RangeWord kRanges[] = {
    {"sight", &Senses::sight},           {"light", &Senses::light},         {"shadow", &Senses::shadow},
    {"darkvision", &Senses::darkvision}, {"blindsight", &Senses::blindsight}, {"tremorsense", &Senses::tremorsense},
    {"telepathy", &Senses::telepathy},   {"awareness", &Senses::perception}, {"scent", &Senses::scent},
    {"spot", &Senses::spot},
};
struct FlagWord {
    const char* name;
    bool Creature::*field;
};
const FlagWord kFlags[] = {
    {"flying", &Creature::flying},       {"mindless", &Creature::mindless}, {"undead", &Creature::undead},
    {"invisible", &Creature::invisible}, {"asleep", &Creature::asleep},
};

}  // namespace

std::string setCreatureWord(Creature& c, const std::string& word, bool& known) {
    known = true;
    const size_t eq = word.find('=');
    const std::string key = word.substr(0, eq);
    if (eq == std::string::npos) {
        for (const FlagWord& f : kFlags)
            if (key == f.name) {
                c.*f.field = true;
                return {};
            }
        if (key == "see-invisible") {
            c.senses.seeInvisible = true;
            return {};
        }
    } else {
        const std::string value = word.substr(eq + 1);
        for (const RangeWord& r : kRanges)
            if (key == r.name) {
                if (!parseWholeNumber(value, c.senses.*r.field)) return "\"" + word + "\": " + key + " must be a whole number, 0 or more";
                return {};
            }
        if (key == "hide") {
            if (!parseWholeNumber(value, c.hide)) return "\"" + word + "\": hide must be a whole number, 0 or more";
            return {};
        }
    }
    known = false;
    return "unknown property \"" + word + "\"";
}

std::vector<std::string> creatureWords(const Creature& c) {
    std::vector<std::string> out;
    const Senses none{12, 0, 0, 0, 0, 0, 0, 0, 0, 0, false};
    for (const RangeWord& r : kRanges) {
        const int v = c.senses.*r.field;
        const bool sight = r.field == &Senses::sight;  // (always said, unless left to a unit's range: -1)
        if (v >= 0 && (sight || v != none.*r.field)) out.push_back(std::string(r.name) + "=" + std::to_string(v));
    }
    if (c.hide >= 0) out.push_back("hide=" + std::to_string(c.hide));
    for (const FlagWord& f : kFlags)
        if (c.*f.field) out.push_back(f.name);
    if (c.senses.seeInvisible) out.push_back("see-invisible");
    return out;
}

std::string creatureWordList() {
    std::string out;
    for (const RangeWord& r : kRanges) out += std::string(out.empty() ? "" : ", ") + r.name + "=N";
    out += ", hide=N";
    for (const FlagWord& f : kFlags) out += std::string(", ") + f.name;
    return out + ", see-invisible";
}

PerceptionWorld::PerceptionWorld(TileMap map) : map_(std::move(map)) {
    const size_t n = map_.tiles.size();
    seeThrough_.resize(n);
    darkThrough_.resize(n);
    fireThrough_.resize(n);
    blindThrough_.resize(n);
    lightThrough_.resize(n);
    for (size_t i = 0; i < n; ++i) {
        const TerrainType& t = map_.legend[static_cast<size_t>(map_.tiles[i])];
        const bool magicDark = t.magicDark && !t.magicLight;  // (magical darkness stops sight passing through it)
        seeThrough_[i] = !t.blocksSight() && !magicDark;
        darkThrough_[i] = !t.opaque && !t.obscuring && !magicDark;
        fireThrough_[i] = !t.solid;
        blindThrough_[i] = !t.solid && !t.silence;
        lightThrough_[i] = !t.opaque;
    }
    light_.assign(n, LightLevel::Dark);
}

const Creature* PerceptionWorld::creature(const std::string& id) const {
    for (const Creature& c : creatures_)
        if (c.id == id) return &c;
    return nullptr;
}

bool PerceptionWorld::Lines::has(const std::vector<std::uint8_t>& v, Tile t) const {
    const int x = t.x - x0, y = t.y - y0;
    if (v.empty() || x < 0 || y < 0 || x >= size || y >= size) return false;
    return v[static_cast<size_t>(y) * size + x] != 0;
}

int PerceptionWorld::shadowRange(const Creature& c) const { return std::max(c.senses.shadow, c.senses.light); }

void PerceptionWorld::update() {
    const int w = map_.width, h = map_.height;
    // Light: every source's field of view, as far as its radius reaches.
    std::fill(light_.begin(), light_.end(), LightLevel::Dark);
    std::vector<LightSource> all = sources_;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            if (const int r = map_.at(x, y).light; r > 0) all.push_back({{x, y}, r, -1});
    for (const Creature& c : creatures_)
        if (c.senses.light > 0) all.push_back({c.at, std::min(c.senses.light, w + h), -1});
    for (LightSource& s : all) {
        if (!map_.inside(s.at.x, s.at.y) || s.radius <= 0) continue;
        s.radius = std::min(s.radius, w + h);  // (no farther than across the map)
        const int bright = std::min(s.bright >= 0 ? s.bright : s.radius / 2, s.radius);
        FovOptions o;
        o.radius = s.radius + 1;
        fieldOfView(lightThrough_, w, h, s.at.x, s.at.y, o, fov_);
        for (int y = std::max(0, fov_.y0); y <= std::min(h - 1, fov_.y1); ++y)
            for (int x = std::max(0, fov_.x0); x <= std::min(w - 1, fov_.x1); ++x) {
                const size_t i = static_cast<size_t>(y) * w + x;
                if (!fov_.visible[i]) continue;
                const int d2 = squared(x - s.at.x, y - s.at.y);
                if (d2 > s.radius * s.radius) continue;
                const LightLevel l = within(d2, bright) ? LightLevel::Bright : LightLevel::Lit;
                light_[i] = std::max(light_[i], l);
            }
    }
    for (size_t i = 0; i < light_.size(); ++i) {
        const TerrainType& t = map_.legend[static_cast<size_t>(map_.tiles[i])];
        if (t.bright) light_[i] = LightLevel::Bright;
        else if (t.lit) light_[i] = std::max(light_[i], LightLevel::Lit);
        if (t.magicDark && !t.magicLight) light_[i] = LightLevel::Dark;
        if (t.magicLight) light_[i] = std::max(light_[i], LightLevel::Lit);
    }
    // Each creature's lines, in the square its senses reach (no farther than across the map:
    // a larger range reaches no more, and its square would not fit in memory).
    lines_.assign(creatures_.size(), Lines{});
    for (size_t k = 0; k < creatures_.size(); ++k) {
        Creature& c = creatures_[k];
        for (int* r : {&c.senses.sight, &c.senses.light, &c.senses.shadow, &c.senses.darkvision, &c.senses.blindsight,
                       &c.senses.tremorsense, &c.senses.telepathy, &c.senses.perception, &c.senses.scent})
            *r = std::min(*r, w + h);
        const Senses& s = c.senses;
        Lines& l = lines_[k];
        if (c.asleep || !map_.inside(c.at.x, c.at.y)) continue;
        const int reach = std::max({s.sight, s.darkvision, s.blindsight, s.scent});
        l.size = 2 * reach + 1;
        l.x0 = c.at.x - reach;
        l.y0 = c.at.y - reach;
        auto lines = [&](const std::vector<std::uint8_t>& through, int range, std::vector<std::uint8_t>& out) {
            if (range <= 0) return;
            FovOptions o;
            o.radius = range + 1;
            fieldOfView(through, w, h, c.at.x, c.at.y, o, fov_);
            out.assign(static_cast<size_t>(l.size) * l.size, 0);
            for (int y = std::max(0, c.at.y - range); y <= std::min(h - 1, c.at.y + range); ++y)
                for (int x = std::max(0, c.at.x - range); x <= std::min(w - 1, c.at.x + range); ++x)
                    out[static_cast<size_t>(y - l.y0) * l.size + (x - l.x0)] = fov_.visible[static_cast<size_t>(y) * w + x];
        };
        lines(seeThrough_, s.sight, l.sight);
        lines(darkThrough_, s.darkvision, l.dark);
        lines(fireThrough_, s.scent, l.fire);
        if (!map_.at(c.at.x, c.at.y).silence) lines(blindThrough_, s.blindsight, l.blind);
    }
}

std::vector<Tier> PerceptionWorld::tiles(int who) const {
    const Creature& c = creatures_[static_cast<size_t>(who)];
    const Senses& s = c.senses;
    const Lines& l = lines_[static_cast<size_t>(who)];
    std::vector<Tier> out(map_.tiles.size(), Tier::Unseen);
    if (c.asleep || !map_.inside(c.at.x, c.at.y)) return out;
    const int reach = std::max({s.sight, s.darkvision, s.blindsight, s.perception});
    const int shadow = shadowRange(c);
    for (int y = std::max(0, c.at.y - reach); y <= std::min(map_.height - 1, c.at.y + reach); ++y)
        for (int x = std::max(0, c.at.x - reach); x <= std::min(map_.width - 1, c.at.x + reach); ++x) {
            const Tile t{x, y};
            const size_t i = index(t);
            const TerrainType& terrain = map_.at(x, y);
            const int d2 = squared(x - c.at.x, y - c.at.y);
            Tier tier = Tier::Unseen;
            const bool magicDark = terrain.magicDark && !terrain.magicLight;
            if (within(d2, s.sight) && l.has(l.sight, t) && !magicDark) {
                if (light_[i] != LightLevel::Dark || within(d2, s.light)) tier = Tier::Seen;
                else if (within(d2, shadow)) tier = Tier::Outline;
            }
            if (within(d2, s.darkvision) && l.has(l.dark, t) && !magicDark) tier = Tier::Seen;
            if (within(d2, s.blindsight) && l.has(l.blind, t)) tier = Tier::Seen;
            if (within(d2, s.perception)) tier = Tier::Seen;
            out[i] = tier;
        }
    out[index(c.at)] = Tier::Seen;
    return out;
}

std::vector<std::uint8_t> PerceptionWorld::felt(int who) const {
    const Creature& c = creatures_[static_cast<size_t>(who)];
    std::vector<std::uint8_t> out(map_.tiles.size(), 0);
    const int r = c.senses.tremorsense;
    if (c.asleep || r <= 0) return out;
    for (int y = std::max(0, c.at.y - r); y <= std::min(map_.height - 1, c.at.y + r); ++y)
        for (int x = std::max(0, c.at.x - r); x <= std::min(map_.width - 1, c.at.x + r); ++x)
            if (within(squared(x - c.at.x, y - c.at.y), r) && map_.at(x, y).solid) out[index({x, y})] = 1;
    return out;
}

Perceived PerceptionWorld::perceives(int viewer, int target) const {
    Perceived p;
    if (viewer == target) {
        p.senses = kSight;
        p.tier = Tier::Seen;
        return p;
    }
    const Creature& v = creatures_[static_cast<size_t>(viewer)];
    const Creature& t = creatures_[static_cast<size_t>(target)];
    const Senses& s = v.senses;
    const Lines& l = lines_[static_cast<size_t>(viewer)];
    if (v.asleep || !map_.inside(v.at.x, v.at.y) || !map_.inside(t.at.x, t.at.y)) return p;
    const int dx = t.at.x - v.at.x, dy = t.at.y - v.at.y, d2 = squared(dx, dy);
    const bool beside = std::abs(dx) <= 1 && std::abs(dy) <= 1;
    const TerrainType& there = map_.at(t.at.x, t.at.y);
    const bool lit = light_[index(t.at)] != LightLevel::Dark;
    // Sight and darkvision: not an invisible creature (without see-invisible), nor a hiding
    // one the viewer's spot does not beat.
    const bool showsItself = (!t.invisible || s.seeInvisible) && (t.hide < 0 || s.spot > t.hide);
    // What stands in terrain that stops sight (dark, obscuring, or opaque but passable) is
    // seen only from beside it or within it.
    if (showsItself && !(there.magicDark && !there.magicLight)) {
        if (within(d2, s.sight) && l.has(l.sight, t.at) && (!there.blocksSight() || beside)) {
            if (lit || within(d2, s.light)) p.senses |= kSight;
            else if (within(d2, shadowRange(v))) p.senses |= kShadow;
            if (!lit && d2 > 4 * s.light * s.light) p.senses &= static_cast<std::uint16_t>(~(kSight | kShadow));  // far darkness
        }
        if (within(d2, s.darkvision) && l.has(l.dark, t.at) && (!(there.obscuring || there.opaque) || beside)) p.senses |= kDarkvision;
    }
    if (within(d2, s.blindsight) && l.has(l.blind, t.at) && !there.silence) p.senses |= kBlind;
    if (within(d2, s.tremorsense) && !t.flying) p.senses |= kTremor;
    if (within(d2, s.telepathy) && !t.mindless && !t.undead) p.senses |= kTelepathy;
    if (within(d2, s.perception)) p.senses |= kPerception;
    if (within(d2, s.scent) && l.has(l.fire, t.at)) p.senses |= kScent;
    p.tier = p.senses & (kSight | kDarkvision | kBlind | kPerception) ? Tier::Seen
             : p.senses                                                ? Tier::Outline
                                                                       : Tier::Unseen;
    return p;
}

std::vector<Tier> PerceptionWorld::sideTiles(const std::string& side) const {
    std::vector<Tier> out(map_.tiles.size(), Tier::Unseen);
    for (int k = 0; k < static_cast<int>(creatures_.size()); ++k) {
        if (creatures_[static_cast<size_t>(k)].side != side) continue;
        const std::vector<Tier> mine = tiles(k);
        for (size_t i = 0; i < out.size(); ++i) out[i] = std::max(out[i], mine[i]);
    }
    return out;
}

Perceived PerceptionWorld::sidePerceives(const std::string& side, int target) const {
    Perceived p;
    for (int k = 0; k < static_cast<int>(creatures_.size()); ++k) {
        if (creatures_[static_cast<size_t>(k)].side != side) continue;
        const Perceived q = perceives(k, target);
        p.senses |= q.senses;
        p.tier = std::max(p.tier, q.tier);
    }
    return p;
}

}  // namespace sl::grid
