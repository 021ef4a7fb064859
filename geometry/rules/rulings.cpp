// The rulings of wh40k-11e and wh40k-10e on top of the exact test: which pieces stand as
// walls for a pair, cover, hidden, plunging fire, engagement range, and unit rulings.
#include "rules/rulings.h"

#include "kernel/base.h"
#include "kernel/polygon.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace sl {
namespace {

constexpr double kWallHeight = 1e4;  // above every sight line on any table

std::string upper(std::string s) {
    for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

std::string inches(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f\"", v);
    return buf;
}

std::string joined(const std::vector<std::string>& ids) {
    std::string out;
    for (const auto& id : ids) out += (out.empty() ? "" : ", ") + id;
    return out;
}


bool crossesAnyEdge(const Ring& outline, const Ring& ring) {
    for (size_t i = 0; i < outline.size(); ++i)
        for (size_t j = 0; j < ring.size(); ++j)
            if (segmentsCrossProperly(outline[i], outline[(i + 1) % outline.size()], ring[j], ring[(j + 1) % ring.size()]))
                return true;
    return false;
}

// Small enough that no ruling turns on it, large enough to be above rounding.
constexpr double kEps = 1e-9;

bool infantryLike(const Model& m) {
    return hasKeyword(m, "INFANTRY") || hasKeyword(m, "BEASTS") || hasKeyword(m, "SWARM");
}

// Engagement range's vertical part, measured between the bases: the difference of the
// elevations (rulesets.md, Distances).
double verticalGap(const Model& a, const Model& b) { return std::abs(a.elevation - b.elevation); }

void addUnique(std::vector<std::string>& list, const std::string& s) {
    if (std::find(list.begin(), list.end(), s) == list.end()) list.push_back(s);
}

}  // namespace

bool hasKeyword(const Model& model, const std::string& keyword) {
    const std::string want = upper(keyword);
    for (const auto& k : model.keywords)
        if (upper(k) == want) return true;
    return false;
}

bool baseWithin(const Model& model, const Polygon& area) {
    const Ring outline = baseOutline(model);
    for (const Vec2& v : outline)
        if (locate(v, area) == Where::Inside) return true;
    if (locate(model.position, area) == Where::Inside) return true;
    for (const Vec2& v : area.outer)
        if (baseContains(model, v, -kEps)) return true;
    if (crossesAnyEdge(outline, area.outer)) return true;
    for (const Ring& h : area.holes)
        if (crossesAnyEdge(outline, h)) return true;
    return false;
}

bool baseWhollyWithin(const Model& model, const Polygon& area) {
    const Ring outline = baseOutline(model);
    for (const Vec2& v : outline)
        if (locate(v, area) == Where::Outside) return false;
    if (crossesAnyEdge(outline, area.outer)) return false;
    for (const Ring& h : area.holes) {
        if (crossesAnyEdge(outline, h)) return false;
        for (const Vec2& v : h)
            if (baseContains(model, v, -kEps)) return false;
    }
    return true;
}

Rulings::Rulings(const Scene& scene) : scene_(scene) {
    const Scenario& s = scene.scenario();
    if (s.ruleset.name != "wh40k-11e") return;
    for (int i = 0; i < static_cast<int>(s.terrain.size()); ++i) {
        const TerrainPiece& p = s.terrain[i];
        if (p.kind == TerrainKind::Feature && !p.area.empty()) continue;
        Area a{i};
        auto count = [&](const TerrainPiece& f) {
            a.obscuring = a.obscuring || f.category == "light" || f.category == "dense";
            a.dense = a.dense || f.category == "dense";
        };
        if (p.kind == TerrainKind::Feature) count(p);
        else
            for (const TerrainPiece& f : s.terrain)
                if (f.kind == TerrainKind::Feature && f.area == p.id) count(f);
        areas_.push_back(a);
    }
}

std::vector<int> Rulings::walls11e(int observer, int target, std::vector<std::string>* reasons) const {
    const Scenario& s = scene_.scenario();
    const Model& o = s.models[observer];
    const Model& t = s.models[target];
    std::vector<int> walls;
    for (const Area& a : areas_) {
        if (!a.obscuring) continue;
        const Polygon& fp = s.terrain[a.piece].footprint;
        const bool oIn = baseWithin(o, fp), tIn = !oIn && baseWithin(t, fp);
        if (!oIn && !tIn) walls.push_back(a.piece);
        else if (reasons)
            reasons->push_back("13.10 obscuring: " + s.terrain[a.piece].id + " not counted, " + (oIn ? o.id : t.id) +
                               " is within it");
    }
    return walls;
}

int Rulings::hidingArea11e(int target) const {
    const Model& t = scene_.scenario().models[target];
    if (!infantryLike(t) || t.shot_recently) return -1;
    for (const Area& a : areas_)
        if (a.dense && baseWithin(t, scene_.scenario().terrain[a.piece].footprint)) return a.piece;
    return -1;
}

std::vector<int> Rulings::walls10e(int observer, int target, std::vector<std::string>* reasons) const {
    const Scenario& s = scene_.scenario();
    const Model& o = s.models[observer];
    const Model& t = s.models[target];
    std::vector<int> walls;
    if (hasKeyword(o, "AIRCRAFT") || hasKeyword(t, "AIRCRAFT")) {
        if (reasons) reasons->push_back("ruins: AIRCRAFT ignore ruins");
        return walls;
    }
    auto say = [&](const std::string& why) {
        if (reasons) reasons->push_back(why);
    };
    for (int i = 0; i < static_cast<int>(s.terrain.size()); ++i) {
        const TerrainPiece& p = s.terrain[i];
        if (p.kind != TerrainKind::Area || !p.hasTag("ruin")) continue;
        if (baseWithin(t, p.footprint)) say("ruins: " + o.id + " sees into " + p.id + ", which " + t.id + " is within");
        else if (baseWhollyWithin(o, p.footprint)) say("ruins: " + o.id + " is wholly within " + p.id + " and sees out");
        else if (hasKeyword(o, "TOWERING") && baseWithin(o, p.footprint))
            say("ruins: " + o.id + " is TOWERING within " + p.id + " and sees out");
        else
            walls.push_back(i);
    }
    return walls;
}

bool Rulings::visible(int observer, int target) const {
    const Scenario& s = scene_.scenario();
    if (s.ruleset.name == "wh40k-10e")
        return findSightLine(withWalls(walls10e(observer, target, nullptr), scene_.seeThrough()), observer, target,
                             Method::Exact)
            .has_value();
    if (s.ruleset.name != "wh40k-11e") return findSightLine(scene_, observer, target, Method::Exact).has_value();
    if (hidingArea11e(target) >= 0 && baseDistance3d(s.models[observer], s.models[target]) > s.ruleset.detection_range)
        return false;
    return findSightLine(withWalls(walls11e(observer, target, nullptr), scene_.seeThrough()), observer, target,
                         Method::Exact)
        .has_value();
}
Rulings::~Rulings() = default;

const Scene& Rulings::withWalls(std::vector<int> pieces, Scene::SeeThrough seeThrough, const std::string& withoutTag) const {
    std::sort(pieces.begin(), pieces.end());
    if (pieces.empty() && seeThrough == scene_.seeThrough() && withoutTag.empty()) return scene_;
    auto key = std::make_tuple(pieces, static_cast<int>(seeThrough), withoutTag);
    auto it = cache_.find(key);
    if (it == cache_.end()) {
        Walled w;
        w.scenario = std::make_unique<Scenario>(scene_.scenario());
        if (!withoutTag.empty())
            for (TerrainPiece& p : w.scenario->terrain)
                if (p.kind == TerrainKind::Feature && p.hasTag(withoutTag)) p.kind = TerrainKind::Area;  // no longer blocks
        for (int i : pieces) {
            TerrainPiece wall = scene_.scenario().terrain[i];
            wall.kind = TerrainKind::Feature;
            wall.height = kWallHeight;
            w.scenario->terrain.push_back(std::move(wall));
        }
        w.scene = std::make_unique<Scene>(*w.scenario);
        w.scene->setSeeThrough(seeThrough);
        it = cache_.emplace(std::move(key), std::move(w)).first;
    }
    return *it->second.scene;
}

PairResult Rulings::evaluate(int observer, int target, Method method) const {
    const std::string& name = scene_.scenario().ruleset.name;
    if (name == "wh40k-11e") return evaluate11e(observer, target, method);
    if (name == "wh40k-10e") return evaluate10e(observer, target, method);
    return evaluatePair(scene_, observer, target, method);
}

PairResult Rulings::evaluate11e(int observer, int target, Method method) const {
    const Scenario& s = scene_.scenario();
    const Model& o = s.models[observer];
    const Model& t = s.models[target];
    std::vector<std::string> reasons;
    const std::vector<int> walls = walls11e(observer, target, &reasons);
    PairResult r = evaluatePair(withWalls(walls, scene_.seeThrough()), observer, target, method);
    if (!r.visible) {
        std::vector<std::string> areaIds, other;
        for (const std::string& id : r.blocking_set) {
            bool isWall = false;
            for (int w : walls) isWall = isWall || s.terrain[w].id == id;
            addUnique(isWall ? areaIds : other, id);
        }
        if (!areaIds.empty() && method == Method::Exact && evaluatePair(scene_, observer, target, Method::Exact).visible)
            reasons.push_back("13.10 obscuring: every sight line crosses obscuring area " + joined(areaIds));
        else
            reasons.push_back("06.01 no sight line: blocked by " +
                              joined(r.blocking_set.empty() ? r.blocked_by : r.blocking_set));
    }
    // 13.09 hidden.
    const int hiding = hidingArea11e(target);
    r.hidden = hiding >= 0;
    if (*r.hidden)
        reasons.push_back("13.09 hidden: " + t.id + " is within " + s.terrain[hiding].id + ", which has a dense feature");
    // Distances between models (detection range, TOWERING's 12") in three dimensions when
    // the elevations differ (rulesets.md, Distances); r.distance stays the flat one.
    const double apart = baseDistance3d(o, t);
    const double range = s.ruleset.detection_range;
    if (*r.hidden && r.visible && apart > range) {
        r.visible = r.fully_visible = false;
        r.undecided = false;  // (decided by the rule, whatever fully visible's proof left open)
        r.visible_fraction = 0;
        r.witness.reset();
        r.clearance.reset();
        reasons.push_back("13.09 hidden: " + o.id + " is " + inches(apart) + " away, beyond the detection range of " +
                          inches(range));
    }
    // 13.08 benefit of cover, for this attacking model.
    r.cover = false;
    if (infantryLike(t))
        for (const Area& a : areas_)
            if (baseWithin(t, s.terrain[a.piece].footprint)) {
                r.cover = true;
                reasons.push_back("13.08 cover: " + t.id + " is " + (hasKeyword(t, "INFANTRY") ? "INFANTRY" : "BEASTS/SWARM") +
                                  " within " + s.terrain[a.piece].id);
                break;
            }
    if (!*r.cover && r.visible && !r.fully_visible) {
        // Not fully visible because of terrain, not because of other models.
        const PairResult terrainOnly = evaluatePair(withWalls(walls, Scene::SeeThrough::AllModels), observer, target, method);
        if (!terrainOnly.fully_visible) {
            r.cover = true;
            reasons.push_back("13.08 cover: " + t.id + " is not fully visible to " + o.id + " past the terrain");
        }
    }
    // 22.05 plunging fire.
    r.plunging_fire = false;
    if (r.visible && t.elevation <= 0) {
        if (o.elevation >= 3) {
            r.plunging_fire = true;
            reasons.push_back("22.05 plunging fire: " + o.id + " stands " + inches(o.elevation) + " up");
        } else if (hasKeyword(o, "TOWERING") && apart <= 12) {
            r.plunging_fire = true;
            reasons.push_back("22.05 plunging fire: " + o.id + " is TOWERING, " + inches(apart) + " from " + t.id);
        }
    }
    // 03.04 engagement range.
    r.in_engagement_range = r.distance <= 2 && verticalGap(o, t) <= 5;
    if (*r.in_engagement_range) reasons.push_back("03.04 engagement range: " + inches(r.distance) + " apart");
    r.reasons = std::move(reasons);
    return r;
}

PairResult Rulings::evaluate10e(int observer, int target, Method method) const {
    const Scenario& s = scene_.scenario();
    const Model& o = s.models[observer];
    const Model& t = s.models[target];
    std::vector<std::string> reasons;
    const std::vector<int> walls = walls10e(observer, target, &reasons);
    std::vector<int> woods;
    for (int i = 0; i < static_cast<int>(s.terrain.size()); ++i)
        if (s.terrain[i].kind == TerrainKind::Area && s.terrain[i].hasTag("woods")) woods.push_back(i);
    PairResult r = evaluatePair(withWalls(walls, scene_.seeThrough()), observer, target, method);
    if (!r.visible) reasons.push_back("no sight line: blocked by " + joined(r.blocking_set.empty() ? r.blocked_by : r.blocking_set));
    // Woods: a target wholly within woods, or seen only across woods, is not fully visible.
    const bool ignoresWoods = hasKeyword(t, "AIRCRAFT") || hasKeyword(t, "TOWERING");
    bool woodsHide = false;
    if (r.visible && r.fully_visible && !ignoresWoods && !woods.empty()) {
        for (int w : woods)
            if (baseWhollyWithin(t, s.terrain[w].footprint)) {
                woodsHide = true;
                reasons.push_back("woods: " + t.id + " is wholly within " + s.terrain[w].id + ", not fully visible");
                break;
            }
        if (!woodsHide) {
            std::vector<int> more = walls;
            for (int w : woods)
                if (!baseWithin(o, s.terrain[w].footprint)) more.push_back(w);
            if (!evaluatePair(withWalls(more, scene_.seeThrough()), observer, target, Method::Exact).visible) {
                woodsHide = true;
                reasons.push_back("woods: every sight line crosses woods, not fully visible");
            }
        }
        if (woodsHide) {
            r.fully_visible = false;
            r.visible_fraction = std::min(r.visible_fraction, 1 - 1e-6);
        }
    }
    // Benefit of cover.
    r.cover = false;
    for (int i = 0; i < static_cast<int>(s.terrain.size()) && !*r.cover; ++i) {
        const TerrainPiece& p = s.terrain[i];
        if (p.kind != TerrainKind::Area || !baseWhollyWithin(t, p.footprint)) continue;
        if (p.hasTag("ruin") || p.hasTag("woods") || (p.hasTag("crater") && hasKeyword(t, "INFANTRY"))) {
            r.cover = true;
            reasons.push_back("cover: " + t.id + " is wholly within " + p.id);
        }
    }
    if (!*r.cover && r.visible && !r.fully_visible) {
        const PairResult terrainOnly = woodsHide ? r : evaluatePair(withWalls(walls, Scene::SeeThrough::AllModels), observer, target, method);
        if (woodsHide || !terrainOnly.fully_visible) {
            // A barricade gives cover only to INFANTRY within 3" of it: when barricades
            // alone keep the target from being fully visible, that decides.
            bool byBarricadesOnly = false;
            if (!woodsHide)
                byBarricadesOnly = evaluatePair(withWalls(walls, Scene::SeeThrough::AllModels, "barricade"), observer, target,
                                                method).fully_visible;
            bool nearBarricade = false;
            if (byBarricadesOnly && hasKeyword(t, "INFANTRY"))
                for (const TerrainPiece& p : s.terrain) {
                    if (p.kind != TerrainKind::Feature || !p.hasTag("barricade")) continue;
                    Model grown = t;  // the base grown by 3": within 3" of the barricade
                    grown.base.length_mm += 2 * 3 * kMmPerInch;
                    grown.base.width_mm += 2 * 3 * kMmPerInch;
                    if (baseWithin(grown, p.footprint)) nearBarricade = true;
                }
            if (!byBarricadesOnly) {
                r.cover = true;
                reasons.push_back("cover: " + t.id + " is not fully visible to " + o.id + " past the terrain");
            } else if (nearBarricade) {
                r.cover = true;
                reasons.push_back("cover: " + t.id + " is INFANTRY within 3\" of a barricade that hides part of it");
            } else {
                reasons.push_back("cover: only a barricade hides part of " + t.id + ", which is not INFANTRY within 3\" of it");
            }
        }
    }
    // Plunging fire: wholly within a ruin, 6" or more up, at a target on the ground.
    r.plunging_fire = false;
    if (r.visible && t.elevation <= 0 && o.elevation >= 6)
        for (int i = 0; i < static_cast<int>(s.terrain.size()); ++i)
            if (s.terrain[i].kind == TerrainKind::Area && s.terrain[i].hasTag("ruin") &&
                baseWhollyWithin(o, s.terrain[i].footprint)) {
                r.plunging_fire = true;
                reasons.push_back("plunging fire: " + o.id + " is " + inches(o.elevation) + " up in " + s.terrain[i].id);
                break;
            }
    r.in_engagement_range = r.distance <= 1 && verticalGap(o, t) <= 5;
    if (*r.in_engagement_range) reasons.push_back("engagement range: " + inches(r.distance) + " apart");
    r.hidden = false;
    r.reasons = std::move(reasons);
    return r;
}

std::vector<int> Rulings::unitModels(const std::string& unit) const {
    std::vector<int> out;
    const auto& models = scene_.scenario().models;
    for (int i = 0; i < static_cast<int>(models.size()); ++i)
        if (models[i].unit == unit) out.push_back(i);
    return out;
}

UnitRuling Rulings::units(const std::string& attackerUnit, const std::string& targetUnit, Method method) const {
    UnitRuling u = matrix(unitModels(attackerUnit), unitModels(targetUnit), method);
    u.attackerUnit = attackerUnit;
    u.targetUnit = targetUnit;
    return u;
}

UnitRuling Rulings::matrix(const std::vector<int>& attackers, const std::vector<int>& targets, Method method) const {
    UnitRuling u;
    const auto& models = scene_.scenario().models;
    if (!attackers.empty()) u.attackerUnit = attackers.size() == 1 ? models[attackers[0]].id : models[attackers[0]].unit;
    if (!targets.empty()) u.targetUnit = targets.size() == 1 ? models[targets[0]].id : models[targets[0]].unit;
    u.attackers = attackers;
    u.targets = targets;
    u.coverOf.assign(u.targets.size(), 1);
    for (int a : u.attackers) {
        std::vector<PairResult> row;
        bool any = false, all = true, cover = true;
        for (size_t j = 0; j < u.targets.size(); ++j) {
            PairResult r = evaluate(a, u.targets[j], method);
            // No proof either way (a knife edge): said, so that "not visible" or "not fully
            // visible" is not taken as proven.
            if (r.undecided)
                r.reasons.push_back(r.observer + " -> " + r.target +
                                    (r.visible ? ": fully visible undecided (no proof either way)"
                                               : ": undecided (no printable open line, no proof that none is open)"));
            any = any || r.visible;
            all = all && r.fully_visible;
            cover = cover && r.cover.value_or(false);
            u.coverOf[j] = u.coverOf[j] && r.cover.value_or(false);
            for (const auto& reason : r.reasons) addUnique(u.reasons, reason);
            row.push_back(std::move(r));
        }
        u.pairs.push_back(std::move(row));
        u.unitVisible.push_back(any);
        u.unitFullyVisible.push_back(any && all);
        u.coverAgainst.push_back(cover && !u.targets.empty());
        u.visible = u.visible || any;
        u.fullyVisible = u.fullyVisible || (any && all);
    }
    if (u.attackers.empty()) u.coverOf.assign(u.targets.size(), 0);
    // 22.05: a TOWERING attacker has plunging fire against the whole unit when the unit is
    // within 12", that is when any of its models is.
    const Scenario& s = scene_.scenario();
    if (s.ruleset.name == "wh40k-11e")
        for (size_t i = 0; i < u.attackers.size(); ++i) {
            const Model& a = s.models[u.attackers[i]];
            if (!hasKeyword(a, "TOWERING") || a.elevation >= 3) continue;
            const PairResult* near = nullptr;
            double nearest = 0;
            for (size_t j = 0; j < u.targets.size(); ++j) {
                const double d = baseDistance3d(a, s.models[u.targets[j]]);  // (Distances: 3D)
                if (d <= 12 && (!near || d < nearest)) {
                    near = &u.pairs[i][j];
                    nearest = d;
                }
            }
            if (!near) continue;
            const std::string reason = "22.05 plunging fire: " + a.id + " is TOWERING, " + near->target + " of the unit " +
                                       inches(nearest) + " away";
            for (size_t j = 0; j < u.targets.size(); ++j) {
                PairResult& r = u.pairs[i][j];
                if (r.visible && s.models[u.targets[j]].elevation <= 0 && !r.plunging_fire.value_or(false)) {
                    r.plunging_fire = true;
                    r.reasons.push_back(reason);
                    addUnique(u.reasons, reason);
                }
            }
        }
    return u;
}

}  // namespace sl
