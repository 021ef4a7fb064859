// The rulings of wh40k-11e and wh40k-10e on top of the exact test: which pieces stand as
// walls for a pair, cover, hidden, plunging fire, engagement range, and unit rulings.
#include "rules/rulings.h"

#include "rules/flat_table.h"
#include "rules/table_senses.h"

#include "kernel/base.h"
#include "kernel/exact.h"
#include "kernel/polygon.h"
#include "kernel/solids.h"
#include "los/exact_los.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cctype>
#include <cstdio>
#include <set>
#include <thread>
#include <unordered_set>

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

std::string joined(const std::vector<std::string>& labels) {
    std::string out;
    for (const auto& l : labels) out += (out.empty() ? "" : ", ") + l;
    return out;
}

// The labels of these ids (what the board shows), joined.
std::string labelled(const Scenario& s, const std::vector<std::string>& ids) {
    std::vector<std::string> labels;
    for (const auto& id : ids) labels.push_back(s.labelOf(id));
    return joined(labels);
}


bool crossesAnyEdge(const Ring& outline, const Ring& ring) {
    for (size_t i = 0; i < outline.size(); ++i)
        for (size_t j = 0; j < ring.size(); ++j)
            if (segmentsCrossProperly(outline[i], outline[(i + 1) % outline.size()], ring[j], ring[(j + 1) % ring.size()]))
                return true;
    return false;
}

// Whether the ring and the polygon share a point of their interiors (or the ring lies in
// the polygon, or the polygon in the ring).
bool ringsMeet(const Ring& ring, const Polygon& polygon) {
    for (const Vec2& v : ring)
        if (locate(v, polygon) == Where::Inside) return true;
    const Polygon asPolygon{ring, {}};
    for (const Vec2& v : polygon.outer)
        if (locate(v, asPolygon) == Where::Inside) return true;
    if (crossesAnyEdge(ring, polygon.outer)) return true;
    for (const Ring& h : polygon.holes)
        if (crossesAnyEdge(ring, h)) return true;
    return false;
}

// The convex hull of the two bases: where every sight line between them runs.
Ring hullOfBases(const Model& a, const Model& b) {
    std::vector<Vec2> pts = baseOutline(a);
    const Ring more = baseOutline(b);
    pts.insert(pts.end(), more.begin(), more.end());
    return convexHullOf(std::move(pts));
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

namespace {

struct Box {
    double minX = HUGE_VAL, minY = HUGE_VAL, maxX = -HUGE_VAL, maxY = -HUGE_VAL;
    void add(Vec2 p) {
        minX = std::min(minX, p.x);
        minY = std::min(minY, p.y);
        maxX = std::max(maxX, p.x);
        maxY = std::max(maxY, p.y);
    }
    bool meets(const Box& o) const { return minX <= o.maxX && o.minX <= maxX && minY <= o.maxY && o.minY <= maxY; }
    bool meets(const Bounds& o) const { return minX <= o.hi.x && o.lo.x <= maxX && minY <= o.hi.y && o.lo.y <= maxY; }
};

Box boxOf(const Model& m) {
    const double r = std::max(halfLengthIn(m.base), halfWidthIn(m.base)) * std::sqrt(2.0);  // any rotation
    return {m.position.x - r, m.position.y - r, m.position.x + r, m.position.y + r};
}

Box boxOf(const Ring& ring) {
    Box b;
    for (const Vec2& v : ring) b.add(v);
    return b;
}

// baseWithin, the boxes of the base and of the area's outline known to meet; with the runs of
// the area's edges where it has them (the same answer).
bool baseWithinBoxes(const Model& model, const Polygon& area, const std::vector<EdgeRun>* runs = nullptr);
// baseWhollyWithin, the same way.
bool whollyWithinRuns(const Model& model, const Polygon& area, const std::vector<EdgeRun>* runs);

Where locateIn(Vec2 p, const Polygon& area, const std::vector<EdgeRun>* runs) {
    return runs ? locate(p, area, *runs) : locate(p, area);
}

}  // namespace

bool baseWithin(const Model& model, const Polygon& area) {
    return boxOf(model).meets(boxOf(area.outer)) && baseWithinBoxes(model, area);
}

namespace {

bool baseWithinBoxes(const Model& model, const Polygon& area, const std::vector<EdgeRun>* runs) {
    const Vec2 c = model.position;
    const Where centre = locateIn(c, area, runs);
    if (centre == Where::Inside) return true;
    if (model.base.shape == BaseShape::Circle) {
        // Some point of the open disc in the open polygon: its centre is, or an edge passes
        // nearer the centre than the radius (the disc then reaches across it).
        const double reach = halfLengthIn(model.base) - kEps;
        return distanceToEdges(c, area, runs, reach) < reach;
    }
    const Ring outline = baseOutline(model);
    constexpr double kSlack = 0.01;  // inches: more than an outline's chords fall short of its curve
    // The boundary passing well inside the largest disc about the centre within the
    // outline: the disc, and the base, reach across it (as for a round base). Not within
    // the smallest disc about the centre holding the base, the centre outside: the base
    // lies outside.
    double inner2 = HUGE_VAL, outer2 = 0;
    Box box;
    for (size_t i = 0; i < outline.size(); ++i) {
        const Vec2 a = outline[i], d = outline[(i + 1) % outline.size()] - a, v = a - c;
        const double len2 = d.x * d.x + d.y * d.y;
        const double t = len2 > 0 ? std::clamp(-(v.x * d.x + v.y * d.y) / len2, 0.0, 1.0) : 0.0;
        const Vec2 near = v + d * t;
        inner2 = std::min(inner2, near.x * near.x + near.y * near.y);
        outer2 = std::max(outer2, v.x * v.x + v.y * v.y);
        box.add(a);
    }
    const double apart = distanceToEdges(c, area, runs);
    if (centre == Where::Outside && apart < std::sqrt(inner2) - kEps) return true;
    if (centre == Where::Outside && apart > std::sqrt(outer2) + kSlack) return false;
    // Between the two: only the area's edges whose boxes meet the outline's (grown by the
    // slack: the base's curve bulges past its outline's chords) can meet it.
    box.minX -= kSlack, box.minY -= kSlack, box.maxX += kSlack, box.maxY += kSlack;
    std::vector<std::pair<Vec2, Vec2>> near;
    auto gather = [&](const Ring& r) {
        for (size_t i = 0; i < r.size(); ++i) {
            const Vec2 a = r[i], b = r[(i + 1) % r.size()];
            if (std::max(a.x, b.x) >= box.minX && std::min(a.x, b.x) <= box.maxX && std::max(a.y, b.y) >= box.minY &&
                std::min(a.y, b.y) <= box.maxY)
                near.emplace_back(a, b);
        }
    };
    gather(area.outer);
    for (const Ring& h : area.holes) gather(h);
    for (const auto& [a, b] : near)
        if (baseContains(model, a, -kEps) || baseContains(model, b, -kEps)) return true;
    for (size_t i = 0; i < outline.size(); ++i)
        for (const auto& [a, b] : near)
            if (segmentsCrossProperly(outline[i], outline[(i + 1) % outline.size()], a, b)) return true;
    // A corner of the outline inside the area: from the centre (outside) to the corner, the
    // boundary is crossed an odd number of times, every crossing being with a near edge;
    // where an edge's end lies on the way, or the corner on an edge, located in full.
    for (const Vec2& v : outline) {
        int crossings = 0;
        bool plain = centre == Where::Outside;
        for (const auto& [a, b] : near) {
            if (!plain) break;
            const int oa = exact::orient(c, v, a), ob = exact::orient(c, v, b);
            if ((oa == 0 && onCollinearSegment(c, v, a)) || (ob == 0 && onCollinearSegment(c, v, b))) plain = false;
            else if (exact::orient(a, b, v) == 0 && onCollinearSegment(a, b, v)) plain = false;
            else if (oa * ob < 0 && exact::orient(a, b, c) * exact::orient(a, b, v) < 0) ++crossings;
        }
        if (plain ? crossings % 2 == 1 : locateIn(v, area, runs) == Where::Inside) return true;
    }
    return false;
}

}  // namespace

bool baseWhollyWithin(const Model& model, const Polygon& area) {
    return boxOf(model).meets(boxOf(area.outer)) && whollyWithinRuns(model, area, nullptr);
}

namespace {

bool whollyWithinRuns(const Model& model, const Polygon& area, const std::vector<EdgeRun>* runs) {
    if (model.base.shape == BaseShape::Circle) {
        // The disc in the closed polygon: its centre is inside and no edge enters it.
        return locateIn(model.position, area, runs) == Where::Inside &&
               distanceToEdges(model.position, area, runs) >= halfLengthIn(model.base) - kEps;
    }
    const Ring outline = baseOutline(model);
    for (const Vec2& v : outline)
        if (locateIn(v, area, runs) == Where::Outside) return false;
    if (crossesAnyEdge(outline, area.outer)) return false;
    for (const Ring& h : area.holes) {
        if (crossesAnyEdge(outline, h)) return false;
        for (const Vec2& v : h)
            if (baseContains(model, v, -kEps)) return false;
    }
    return true;
}

}  // namespace

void Rulings::Reasons::add(std::string text, std::vector<std::string> cited) {
    texts.push_back(std::move(text));
    ids.push_back(std::move(cited));
}

bool Rulings::reaches(int model, int piece) const {
    return boxOf(scene_.scenario().models[model]).meets(pieceBounds_[static_cast<size_t>(piece)]);
}

bool Rulings::within(int model, int piece) const {
    const Scenario& s = scene_.scenario();
    signed char& known = within_[static_cast<size_t>(model) * s.terrain.size() + piece];
    if (known < 0) known = reaches(model, piece) && baseWithinBoxes(s.models[model], s.terrain[piece].footprint, &pieceRuns_[piece]);
    return known;
}

bool Rulings::whollyWithin(int model, int piece) const {
    const Scenario& s = scene_.scenario();
    signed char& known = whollyWithin_[static_cast<size_t>(model) * s.terrain.size() + piece];
    if (known < 0) known = reaches(model, piece) && whollyWithinRuns(s.models[model], s.terrain[piece].footprint, &pieceRuns_[piece]);
    return known;
}

void RulingCache::useTable(const std::string& tableKey) {
    std::map<std::string, Entry> dropped;  // (freed once the lock is given back)
    {
        const std::lock_guard<std::mutex> lock(mutex_);
        if (tableKey == table_) return;
        table_ = tableKey;
        dropped.swap(pairs_);
        uses_.clear();
        lastSeen_.clear();
    }
}

std::optional<PairResult> RulingCache::find(const std::string& key) const {
    const std::lock_guard<std::mutex> lock(mutex_);
    auto it = pairs_.find(key);
    if (it == pairs_.end()) return std::nullopt;
    uses_.splice(uses_.end(), uses_, it->second.use);
    return it->second.result;
}

void RulingCache::put(const std::string& key, const PairResult& result) {
    const std::lock_guard<std::mutex> lock(mutex_);
    // (A full ruling replaces a provisional one.)
    if (auto it = pairs_.find(key); it != pairs_.end()) {
        it->second.result = result;
        uses_.splice(uses_.end(), uses_, it->second.use);
    } else {
        uses_.push_back(key);
        pairs_.emplace(key, Entry{result, std::prev(uses_.end())});
    }
    while (pairs_.size() > kMostPairs) {
        pairs_.erase(uses_.front());
        uses_.pop_front();
    }
    // (One entry per pair of models that met: as many as the table has pairs.)
    if (lastSeen_.size() >= 4 * kMostPairs) lastSeen_.clear();
    lastSeen_.insert_or_assign(std::pair{result.observer, result.target}, result.visible);
}

std::optional<bool> RulingCache::lastSeen(const std::string& observer, const std::string& target) const {
    const std::lock_guard<std::mutex> lock(mutex_);
    auto it = lastSeen_.find({observer, target});
    if (it == lastSeen_.end()) return std::nullopt;
    return it->second;
}

size_t RulingCache::size() const {
    const std::lock_guard<std::mutex> lock(mutex_);
    return pairs_.size();
}

namespace {

// Appends a value's bytes to a key: equal keys, equal values, to the last bit.
template <typename T>
void put(std::string& key, const T& v) {
    key.append(reinterpret_cast<const char*>(&v), sizeof v);
}

void put(std::string& key, const std::string& s) {
    put(key, s.size());
    key += s;
}

void put(std::string& key, const Ring& ring) {
    put(key, ring.size());
    for (const Vec2& v : ring) {
        put(key, v.x);
        put(key, v.y);
    }
}

void putModel(std::string& key, const Model& m) {
    for (const std::string* s : {&m.id, &m.name, &m.side, &m.unit}) put(key, *s);
    put(key, static_cast<int>(m.base.shape));
    for (double v : {m.base.length_mm, m.base.width_mm, m.position.x, m.position.y, m.rotation_deg, m.height, m.elevation})
        put(key, v);
    put(key, m.keywords.size());
    for (const std::string& k : m.keywords) put(key, k);
    put(key, m.shot_recently);
    for (double v : {m.senses.darkvision, m.senses.blindsight, m.senses.tremorsense, m.senses.telepathy}) put(key, v);
    for (bool b : {m.senses.flying, m.senses.mindless, m.senses.invisible}) put(key, b);
}

}  // namespace

std::string terrainKey(const Scenario& s) {
    std::string key;
    put(key, s.ruleset.name);
    for (double v : {s.ruleset.sight_line_width_mm, s.ruleset.solid_gap_height, s.ruleset.detection_range}) put(key, v);
    put(key, s.terrain.size());
    for (const TerrainPiece& t : s.terrain) {
        for (const std::string* str : {&t.id, &t.name, &t.category, &t.area}) put(key, *str);
        put(key, static_cast<int>(t.kind));
        put(key, t.height);
        put(key, t.bottom);  // (a floor, a walkway: the window edits it)
        put(key, t.openings.size());
        for (const Opening& o : t.openings) {
            put(key, o.polygon);
            put(key, o.from);
            put(key, o.to);
        }
        put(key, t.tags.size());
        for (const std::string& tag : t.tags) put(key, tag);
        put(key, t.footprint.outer);
        put(key, t.footprint.holes.size());
        for (const Ring& h : t.footprint.holes) put(key, h);
    }
    return key;
}

namespace {

// The terrain, the ruleset and the light: all a pair's ruling reads of the table but the
// models.
std::string tableKey(const Scenario& s) {
    std::string key = terrainKey(s);
    // Light (true-los): a light carried by a model where that model stands now, so that a
    // pair's light follows its carrier wherever it goes.
    put(key, s.ambient_light);
    put(key, s.lights.size());
    for (const TableLight& l : s.lights) {
        Vec2 at = l.position;
        double h = l.height;
        if (const Model* m = l.carried_by.empty() ? nullptr : s.findModel(l.carried_by)) {
            at = m->position;
            h = m->top();
        }
        for (double v : {at.x, at.y, h, l.bright, l.dim}) put(key, v);
    }
    return key;
}

}  // namespace

void Rulings::setCache(RulingCache* cache) {
    pairCache_ = cache;
    if (cache) cache->useTable(tableKey(scene_.scenario()));
}

std::string Rulings::pairKey(int observer, int target, Method method, Detail detail) const {
    const Scenario& s = scene_.scenario();
    std::string key;
    put(key, static_cast<int>(method));
    put(key, static_cast<int>(detail));
    put(key, static_cast<int>(verdictsOnly_));  // (a reason fewer)
    put(key, static_cast<int>(coverNotAsked_));
    put(key, static_cast<int>(scene_.seeThrough()));
    putModel(key, s.models[observer]);
    putModel(key, s.models[target]);
    // Every model that can stop a line of the pair (the others are seen through).
    const ModelMask ignored = scene_.ignoredModels(observer, target);
    for (int m = 0; m < static_cast<int>(s.models.size()); ++m)
        if (!ignored[m]) putModel(key, s.models[m]);
    // Which models are seen through (their places do not matter), and what the rules
    // decided on the unit read of the target's unit: its models' elevations and ranged
    // attacks, and for a TOWERING observer their distances.
    put(key, std::string("seen through"));
    for (int m = 0; m < static_cast<int>(s.models.size()); ++m)
        if (ignored[m]) {
            put(key, s.models[m].id);
            put(key, s.models[m].name);  // (labels say "name (id)" when names repeat)
        }
    put(key, std::string("target unit"));
    const bool towering = hasKeyword(s.models[observer], "TOWERING");
    for (int m = 0; m < static_cast<int>(s.models.size()); ++m) {
        const Model& u = s.models[m];
        if (u.unit != s.models[target].unit) continue;
        put(key, u.id);
        put(key, u.name);
        put(key, u.elevation);
        put(key, u.shot_recently);
        if (towering) putModel(key, u);
    }
    return key;
}

PairResult Rulings::cachedEvaluate(int observer, int target, Method method, Detail detail) const {
    if (!pairCache_) return evaluate(observer, target, method, detail);
    const std::string key = pairKey(observer, target, method, detail);
    // A provisional one (its quick proofs cut short) stands for another quick one only: the
    // next drag step need not repeat the same quick search, a full ruling does the proofs.
    if (auto hit = pairCache_->find(key); hit && (!hit->provisional || scene_.effort() == Scene::Effort::Quick))
        return *hit;
    const Model& o = scene_.scenario().models[observer];
    const Model& t = scene_.scenario().models[target];
    const std::optional<bool> seen = pairCache_->lastSeen(o.id, t.id);
    const ExpectNotVisible order(seen && !*seen);
    PairResult r = evaluate(observer, target, method, detail);
    // (One cancelled is worth nothing; a provisional one finished after the step's time ran
    // out may have been cut short by it, and the next step is given time of its own.)
    if (!scene_.cancelled() && !(r.provisional && scene_.outOfTime())) pairCache_->put(key, r);
    return r;
}

bool obscuringFeature11e(const Scenario& s, int piece) {
    const TerrainPiece& p = s.terrain[static_cast<size_t>(piece)];
    return s.ruleset.name == "wh40k-11e" && p.kind == TerrainKind::Feature && p.area.empty() &&
           (p.category == "light" || p.category == "dense");
}

Rulings::Rulings(const Scene& scene) : scene_(scene) {
    const Scenario& s = scene.scenario();
    within_.assign(s.models.size() * s.terrain.size(), -1);
    whollyWithin_.assign(s.models.size() * s.terrain.size(), -1);
    for (const TerrainPiece& p : s.terrain) {
        pieceBounds_.push_back(p.footprint.outer.empty() ? Bounds{{HUGE_VAL, HUGE_VAL}, {-HUGE_VAL, -HUGE_VAL}} : boundsOf(p.footprint.outer));
        pieceRuns_.push_back(edgeRunsOf(p.footprint));
    }
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

std::vector<int> Rulings::obscuringPieces() const {
    std::vector<int> out;
    for (const Area& a : areas_)
        if (a.obscuring) out.push_back(a.piece);
    return out;
}

std::vector<int> Rulings::hidingPieces() const {
    std::vector<int> out;
    for (const Area& a : areas_)
        if (a.dense) out.push_back(a.piece);
    return out;
}

std::vector<int> Rulings::walls11e(int observer, int target, Reasons* reasons) const {
    const Scenario& s = scene_.scenario();
    const Model& o = s.models[observer];
    const Model& t = s.models[target];
    std::vector<int> walls;
    for (const Area& a : areas_) {
        if (!a.obscuring) continue;
        const TerrainPiece& area = s.terrain[a.piece];
        const bool oIn = within(observer, a.piece), tIn = !oIn && within(target, a.piece);
        if (!oIn && !tIn) walls.push_back(a.piece);
        else if (reasons) {
            const Model& in = oIn ? o : t;
            reasons->add("13.10 obscuring: " + s.labelOf(area.id) + " not counted, " + s.labelOf(in.id) + " is within it",
                         {area.id, in.id});
        }
    }
    return walls;
}

std::optional<std::vector<int>> Rulings::wallsWhateverTarget(int observer) const {
    if (scene_.scenario().ruleset.name != "wh40k-11e") return std::nullopt;
    std::vector<int> walls;
    for (const Area& a : areas_)
        if (a.obscuring && !within(observer, a.piece)) walls.push_back(a.piece);
    return walls;
}

std::optional<std::vector<int>> Rulings::obscuringWithin(int model) const {
    if (scene_.scenario().ruleset.name != "wh40k-11e") return std::nullopt;
    std::vector<int> in;
    for (const Area& a : areas_)
        if (a.obscuring && within(model, a.piece)) in.push_back(a.piece);
    return in;
}

int Rulings::hidingArea11e(int target) const {
    const Scenario& s = scene_.scenario();
    const Model& t = s.models[target];
    // The areas first (most places are within none), the base's box worked out once; then
    // whether the rule applies to the target.
    const Box box = boxOf(t);
    int area = -1;
    for (const Area& a : areas_)
        if (a.dense && box.meets(pieceBounds_[static_cast<size_t>(a.piece)]) && within(target, a.piece)) {
            area = a.piece;
            break;
        }
    if (area < 0 || !infantryLike(t)) return -1;
    // "Made a ranged attack" is the unit's: any model of it carrying the flag marks them all.
    for (int m : unitModels(t.unit))
        if (s.models[m].shot_recently) return -1;
    return area;
}

std::vector<int> Rulings::walls10e(int observer, int target, Reasons* reasons) const {
    const Scenario& s = scene_.scenario();
    const Model& o = s.models[observer];
    const Model& t = s.models[target];
    std::vector<int> walls;
    if (hasKeyword(o, "AIRCRAFT") || hasKeyword(t, "AIRCRAFT")) {
        const Model& aircraft = hasKeyword(o, "AIRCRAFT") ? o : t;
        if (reasons) reasons->add("ruins: " + s.labelOf(aircraft.id) + " is AIRCRAFT, ruins are ignored", {aircraft.id});
        return walls;
    }
    for (int i = 0; i < static_cast<int>(s.terrain.size()); ++i) {
        const TerrainPiece& p = s.terrain[i];
        if (p.kind != TerrainKind::Area || !p.hasTag("ruin")) continue;
        if (within(target, i)) {
            if (reasons)
                reasons->add("ruins: " + s.labelOf(o.id) + " sees into " + s.labelOf(p.id) + ", which " + s.labelOf(t.id) + " is within",
                             {o.id, p.id, t.id});
        } else if (whollyWithin(observer, i)) {
            if (reasons) reasons->add("ruins: " + s.labelOf(o.id) + " is wholly within " + s.labelOf(p.id) + " and sees out", {o.id, p.id});
        } else if (hasKeyword(o, "TOWERING") && within(observer, i)) {
            if (reasons)
                reasons->add("ruins: " + s.labelOf(o.id) + " is TOWERING within " + s.labelOf(p.id) + " and sees out", {o.id, p.id});
        } else {
            walls.push_back(i);
        }
    }
    return walls;
}

std::vector<int> Rulings::wallsOf(int observer, int target) const {
    const std::string& name = scene_.scenario().ruleset.name;
    if (name == "wh40k-11e") return walls11e(observer, target, nullptr);
    if (name == "wh40k-10e") return walls10e(observer, target, nullptr);
    return {};
}

bool Rulings::coverWhereItStands(int target) const {
    const Scenario& s = scene_.scenario();
    const Model& t = s.models[target];
    if (s.ruleset.name == "wh40k-11e")
        return infantryLike(t) && std::ranges::any_of(areas_, [&](const Area& a) { return within(target, a.piece); });
    if (s.ruleset.name == "wh40k-10e")
        for (int i = 0; i < static_cast<int>(s.terrain.size()); ++i) {
            const TerrainPiece& p = s.terrain[i];
            if (p.kind == TerrainKind::Area && whollyWithin(target, i) &&
                (p.hasTag("ruin") || p.hasTag("woods") || (p.hasTag("crater") && hasKeyword(t, "INFANTRY"))))
                return true;
        }
    return false;
}

std::optional<bool> Rulings::hiddenOf(int target) const {
    const std::string& name = scene_.scenario().ruleset.name;
    if (name == "wh40k-11e") return hidingArea11e(target) >= 0;
    if (name == "wh40k-10e") return false;
    return std::nullopt;
}

bool Rulings::visible(int observer, int target) const { return sight(observer, target).visible; }

bool Rulings::hiddenBeyondRange(int observer, int target) const {
    const Scenario& s = scene_.scenario();
    return s.ruleset.name == "wh40k-11e" && hidingArea11e(target) >= 0 &&
           baseDistance3dAbove(s.models[observer], s.models[target], s.ruleset.detection_range);
}

Rulings::Sight Rulings::sight(int observer, int target) const {
    const Scenario& s = scene_.scenario();
    if (hiddenBeyondRange(observer, target)) return {};
    const Scene& scene = s.ruleset.name == "wh40k-10e"   ? withWalls(walls10e(observer, target, nullptr), scene_.seeThrough())
                         : s.ruleset.name == "wh40k-11e" ? withWalls(walls11e(observer, target, nullptr), scene_.seeThrough())
                                                         : scene_;
    const unsigned long cut = proofsCutShort();
    const Model& o = s.models[observer];
    const Model& t = s.models[target];
    const ExactAnswer a = decideExact(scene, scene.modelRegion(observer), o.top(), scene.modelRegion(target), t.top(),
                                      scene.ignoredModels(observer, target), Witness::First);
    Sight out{a.visible, a.undecided, proofsCutShort() != cut, std::nullopt, std::nullopt};
    if (a.visible && a.first) {
        out.seenAt = a.first->q;
        out.line = Segment{a.first->p, a.first->q};
    }
    return out;
}
std::vector<char> Rulings::seenBySide(const std::string& side, const std::atomic<bool>* cancel, SeenCache* cache) const {
    const Scenario& s = scene_.scenario();
    const int count = static_cast<int>(s.models.size());
    std::vector<char> seen(static_cast<size_t>(count), 0);
    std::vector<int> own, others;
    for (int m = 0; m < count; ++m) (s.models[m].side == side ? own : others).push_back(m);
    for (int m : own) seen[static_cast<size_t>(m)] = 1;
    if (own.empty() || others.empty()) return seen;
    // What the cache may answer: the models changed since it was filled (their boxes where
    // they were and where they are), and the units whose ranged attack flag changed.
    std::map<std::string, SeenCache::Was> now;
    std::map<std::string, bool> unitShot;
    std::set<std::string> changed, changedUnits;
    std::vector<SeenCache::Was> changedPlaces;
    if (cache) {
        for (const Model& m : s.models) {
            SeenCache::Was w;
            putModel(w.key, m);
            const Bounds box = boundsOf(baseOutline(m));
            w.lo = box.lo;
            w.hi = box.hi;
            w.unit = m.unit;
            now[m.id] = std::move(w);
            unitShot[m.unit] = unitShot[m.unit] || m.shot_recently;
        }
        const std::string table = tableKey(s);
        if (table != cache->table_) {
            cache->table_ = table;
            cache->seen_.clear();
            cache->models_.clear();
            cache->unitShot_.clear();
        }
        auto mark = [&](const std::string& id, const SeenCache::Was& w) {
            changed.insert(id);
            changedPlaces.push_back(w);
        };
        for (const auto& [id, w] : now)
            if (const auto it = cache->models_.find(id); it == cache->models_.end() || it->second.key != w.key) mark(id, w);
        for (const auto& [id, w] : cache->models_)
            if (const auto it = now.find(id); it == now.end() || it->second.key != w.key) mark(id, w);
        for (const auto& [unit, shot] : unitShot)
            if (const auto it = cache->unitShot_.find(unit); it == cache->unitShot_.end() || it->second != shot) changedUnits.insert(unit);
        for (const auto& [unit, shot] : cache->unitShot_)
            if (!unitShot.count(unit)) changedUnits.insert(unit);
    }
    // A pair's answer from the cache, if it still holds.
    const double margin = scene_.halfWidth() + 0.05;
    auto cached = [&](int o, int t) -> std::optional<bool> {
        if (!cache) return std::nullopt;
        const Model &mo = s.models[o], &mt = s.models[t];
        const auto it = cache->seen_.find({mo.id, mt.id});
        if (it == cache->seen_.end() || changed.count(mo.id) || changed.count(mt.id) || changedUnits.count(mo.unit) ||
            changedUnits.count(mt.unit))
            return std::nullopt;
        const SeenCache::Was &a = now.at(mo.id), &b = now.at(mt.id);
        const Vec2 lo{std::min(a.lo.x, b.lo.x) - margin, std::min(a.lo.y, b.lo.y) - margin};
        const Vec2 hi{std::max(a.hi.x, b.hi.x) + margin, std::max(a.hi.y, b.hi.y) + margin};
        for (const SeenCache::Was& w : changedPlaces)
            if (!(w.hi.x < lo.x || hi.x < w.lo.x || w.hi.y < lo.y || hi.y < w.lo.y)) return std::nullopt;
        return it->second;
    };
    // The pairs answered this time, kept for the next call (each thread adds its own at the end).
    std::map<std::pair<std::string, std::string>, bool> answered;
    std::mutex answeredMutex;
    std::atomic<size_t> reusedHere{0}, decidedHere{0};
    // (What is within what, decided before the threads start: they only read it.)
    for (int m = 0; m < count; ++m)
        for (int p = 0; p < static_cast<int>(s.terrain.size()); ++p) {
            within(m, p);
            whollyWithin(m, p);
        }
    std::atomic<size_t> next{0};
    auto work = [&] {
        std::vector<std::pair<std::pair<std::string, std::string>, bool>> mine;
        std::vector<std::pair<double, int>> near;  // (the nearest first: most likely to see it)
        for (size_t k = next++; k < others.size(); k = next++) {
            const int target = others[k];
            near.clear();
            for (int o : own) {
                const Vec2 d = s.models[o].position - s.models[target].position;
                near.emplace_back(d.x * d.x + d.y * d.y, o);
            }
            std::sort(near.begin(), near.end());
            for (const auto& [distance, o] : near) {
                if (cancel && cancel->load(std::memory_order_relaxed)) return;  // (the answers are dropped)
                const std::optional<bool> known = cached(o, target);
                const bool sees = known ? *known : visible(o, target);
                (known ? reusedHere : decidedHere) += 1;
                mine.push_back({{s.models[o].id, s.models[target].id}, sees});
                if (sees) {
                    seen[static_cast<size_t>(target)] = 1;
                    break;
                }
            }
        }
        if (!cache) return;
        const std::lock_guard<std::mutex> lock(answeredMutex);
        answered.insert(mine.begin(), mine.end());
    };
    const size_t threads = std::min<size_t>(std::max(1u, std::thread::hardware_concurrency()), others.size());
    {
        std::vector<std::jthread> helpers;
        for (size_t t = 1; t < threads; ++t) helpers.emplace_back(work);
        work();
    }
    if (cache && !(cancel && cancel->load())) {
        // Kept: the answers of this call, for the table as it is now.
        cache->seen_ = std::move(answered);
        cache->models_ = std::move(now);
        cache->unitShot_ = std::move(unitShot);
        cache->reused_ = reusedHere;
        cache->decided_ = decidedHere;
    }
    return seen;
}

Rulings::~Rulings() = default;

void Rulings::modelMoved(int model) {
    const Scenario& s = scene_.scenario();
    const size_t pieces = s.terrain.size();
    std::fill_n(within_.begin() + static_cast<std::ptrdiff_t>(model * pieces), pieces, -1);
    std::fill_n(whollyWithin_.begin() + static_cast<std::ptrdiff_t>(model * pieces), pieces, -1);
    // The wall scenes kept follow when next used (a map moves its probe over thousands of
    // cells, and most of them use few of the scenes).
    const std::lock_guard<std::mutex> lock(cacheMutex_);
    for (auto& [key, walled] : cache_)
        if (std::find(walled.moved.begin(), walled.moved.end(), model) == walled.moved.end()) walled.moved.push_back(model);
}

bool Rulings::modelsBetween(int observer, int target) const {
    const Scenario& s = scene_.scenario();
    const ModelMask ignored = scene_.ignoredModels(observer, target);
    const Ring hull = hullOfBases(s.models[observer], s.models[target]);
    const Polygon between{hull, {}};
    const double reach = scene_.halfWidth() + 1e-6;  // a band reaches this far past its line
    for (int m = 0; m < static_cast<int>(s.models.size()); ++m) {
        if (m == observer || m == target || ignored[m]) continue;
        // Conservative: the base as the circle around it.
        const Model& model = s.models[m];
        const double radius = std::hypot(halfLengthIn(model.base), halfWidthIn(model.base));
        if (locate(model.position, between) != Where::Outside || distanceToEdges(model.position, between) < radius + reach)
            return true;
    }
    return false;
}

std::string Rulings::hidingPieces(const Scene& terrain, int observer, int target, const PairResult& r,
                                  std::vector<std::string>& ids) const {
    if (!r.hidden_point) return {};
    const Scenario& s = scene_.scenario();
    const Model& o = s.models[observer];
    const Model& t = s.models[target];
    // The pieces on the line from the observer's centre to a point of the target's foot
    // proven out of sight (every line to it is blocked, this one too).
    std::vector<std::string> pieces;
    for (const std::string& id : terrain.blockersOf({o.position, *r.hidden_point, o.top(), t.elevation},
                                                     terrain.ignoredModels(observer, target)))
        if (!s.findModel(id) && std::find(pieces.begin(), pieces.end(), id) == pieces.end()) pieces.push_back(id);
    if (pieces.empty()) return {};
    ids.insert(ids.end(), pieces.begin(), pieces.end());
    return ": part of it is behind " + labelled(s, pieces);
}

bool Rulings::fullyVisible(const Scene& scene, int observer, int target, Method method, const std::vector<int>* walls) const {
    if (method != Method::Exact) return evaluatePair(scene, observer, target, method).fully_visible;
    const MatrixCell c = visibilityMatrix(scene, {observer}, {target}).front();
    if (c.visible && !c.fully_visible && c.undecided && walls)
        return wholeInThePlane(observer, target, *walls, scene.ignoredModels(observer, target)) == flat::Sight::Visible;
    return c.fully_visible;
}

void Rulings::settleInThePlane(PairResult& r, int observer, int target, Method method, const std::vector<int>& walls, Reasons& why) const {
    if (method != Method::Exact || !r.visible || r.fully_visible || !r.undecided) return;
    std::optional<Vec2> hiddenAt;
    const flat::Sight whole = wholeInThePlane(observer, target, walls, scene_.ignoredModels(observer, target), &hiddenAt);
    if (whole == flat::Sight::Unknown) return;
    r.undecided = false;
    r.fully_visible = whole == flat::Sight::Visible;
    const Scenario& s = scene_.scenario();
    const Model& o = s.models[static_cast<size_t>(observer)];
    const Model& t = s.models[static_cast<size_t>(target)];
    const std::string rule = s.ruleset.name == "wh40k-11e" ? "06.01 " : "";
    const std::string where = "in the plane, where the search along the lines that touch the pieces is left open)";
    if (r.fully_visible) {
        r.visible_fraction = 1;
        r.fraction_known = true;
        why.add(rule + "fully visible: every point of " + s.labelOf(t.id) + "'s base is at the end of an open band of the sight line's width from " +
                    s.labelOf(o.id) + "'s base (proven band by band " + where,
                {t.id, o.id});
        return;
    }
    std::string at;
    if (hiddenAt) {
        r.hidden_point = hiddenAt;
        char buf[64];
        std::snprintf(buf, sizeof buf, " at (%.2f, %.2f)", hiddenAt->x, hiddenAt->y);
        at = buf;
    }
    why.add(rule + "not fully visible: a point of " + s.labelOf(t.id) + "'s base" + at + " is at the end of no open band of the sight line's width from " + s.labelOf(o.id) +
                "'s base (proven " + where,
            {t.id, o.id});
}

flat::Sight Rulings::wholeInThePlane(int observer, int target, const std::vector<int>& walls, const std::vector<char>& seenThrough,
                                     std::optional<Vec2>* hiddenAt) const {
    const Scenario& s = scene_.scenario();
    const Model& o = s.models[static_cast<size_t>(observer)];
    const Model& t = s.models[static_cast<size_t>(target)];
    if (!(s.ruleset.sight_line_width_mm > 0) || o.base.shape != BaseShape::Circle || t.base.shape != BaseShape::Circle ||
        t.elevation != 0)
        return flat::Sight::Unknown;
    // (Made for the one question: asked only where the exact search leaves it open.)
    FlatTable table(s, {});
    flat::TangentCache tangents;
    const flat::Disc from{o.position, halfLengthIn(o.base)}, to{t.position, halfLengthIn(t.base)};
    // As the maps ask it: first whether it is seen over what stops the lines between the two
    // tops (where a piece stops some of those lines, a floor between the tops, say, the
    // plane does not apply), then every point of its base over what stops the lines from the
    // observer's top to its foot.
    const FlatTable::Walls& tops = table.wallsFor(walls, seenThrough, o.top(), t.top());
    if (flat::View(from, tops.walls, tops.unsure, table.half(), tangents).sees(to) != flat::Sight::Visible) return flat::Sight::Unknown;
    const FlatTable::Walls& feet = table.wallsFor(walls, seenThrough, o.top(), 0.0);
    return flat::View(from, feet.walls, feet.unsure, table.half(), tangents).seenWhole(to, hiddenAt);
}

const Scene& Rulings::withWalls(std::vector<int> pieces, Scene::SeeThrough seeThrough, std::vector<int> removed) const {
    std::sort(pieces.begin(), pieces.end());
    std::sort(removed.begin(), removed.end());
    if (pieces.empty() && seeThrough == scene_.seeThrough() && removed.empty()) return scene_;
    const std::lock_guard<std::mutex> lock(cacheMutex_);  // (a scene once made stays where it is)
    auto key = std::make_tuple(pieces, static_cast<int>(seeThrough), removed);
    auto it = cache_.find(key);
    if (it == cache_.end()) {
        Walled w;
        w.scenario = std::make_unique<Scenario>(scene_.scenario());
        for (int i : removed) w.scenario->terrain[i].kind = TerrainKind::Area;  // no longer blocks
        for (int i : pieces) {
            TerrainPiece wall = scene_.scenario().terrain[i];
            wall.kind = TerrainKind::Feature;
            wall.height = kWallHeight;
            wall.bottom = 0;        // (a wall stands whole: no floor's gap below it, no window)
            wall.openings.clear();
            w.scenario->terrain.push_back(std::move(wall));
        }
        w.scene = std::make_unique<Scene>(*w.scenario);
        w.scene->setSeeThrough(seeThrough);
        w.scene->shareSettingsOf(&scene_);
        it = cache_.emplace(std::move(key), std::move(w)).first;
    }
    Walled& w = it->second;
    for (int m : w.moved) {
        w.scenario->models[m].position = scene_.scenario().models[m].position;
        w.scene->modelMoved(m);
    }
    w.moved.clear();
    return *it->second.scene;
}

PairResult Rulings::evaluate(int observer, int target, Method method, Detail detail) const {
    const std::string& name = scene_.scenario().ruleset.name;
    const unsigned long cut = proofsCutShort();  // (this thread's: a pair is ruled on one)
    PairResult r;
    if (name == "wh40k-11e") {
        r = evaluate11e(observer, target, method, detail);
    } else if (name == "wh40k-10e") {
        r = evaluate10e(observer, target, method, detail);
    } else {
        r = evaluatePair(scene_, observer, target, method, detail);
        Reasons why{std::move(r.reasons), std::move(r.reason_ids)};
        settleInThePlane(r, observer, target, method, {}, why);
        r.reasons = std::move(why.texts);
        r.reason_ids = std::move(why.ids);
    }
    if (name != "wh40k-11e" && name != "wh40k-10e" && usesSenses(scene_.scenario())) applySenses(scene_, observer, target, r);
    r.provisional = proofsCutShort() != cut;
    return r;
}

PairResult Rulings::evaluate11e(int observer, int target, Method method, Detail detail) const {
    const Scenario& s = scene_.scenario();
    const Model& o = s.models[observer];
    const Model& t = s.models[target];
    Reasons why;
    const std::vector<int> walls = walls11e(observer, target, &why);
    PairResult r = evaluatePair(withWalls(walls, scene_.seeThrough()), observer, target, method, detail);
    settleInThePlane(r, observer, target, method, walls, why);
    bool modelBlocks = false;  // a model is among the pieces that stop every line
    if (!r.visible) {
        std::vector<std::string> areaIds, other;
        const std::vector<std::string>& stops = r.blocking_set.empty() ? r.blocked_by : r.blocking_set;
        for (const std::string& id : stops) {
            bool isWall = false;
            for (int w : walls) isWall = isWall || s.terrain[w].id == id;
            addUnique(isWall ? areaIds : other, id);
            modelBlocks = modelBlocks || s.findModel(id) != nullptr;
        }
        if (verdictsOnly_ && !areaIds.empty()) {
            // (Which rule to cite needs a decision of its own: left out.)
        } else if (!areaIds.empty() && method == Method::Exact && findSightLine(scene_, observer, target, Method::Exact)) {
            why.add("13.10 obscuring: every sight line crosses obscuring area " + labelled(s, areaIds), areaIds);
        } else {
            why.add("06.01 no sight line: blocked by " + labelled(s, stops), stops);
        }
    }
    // 13.11 solid: a dense feature that stops every line, with an opening it closes (its
    // gap begins below solid_gap_height).
    if (!r.visible) {
        const std::vector<std::string>& stops = r.blocking_set.empty() ? r.blocked_by : r.blocking_set;
        for (const TerrainPiece& t11 : s.terrain) {
            if (t11.category != "dense" || t11.openings.empty()) continue;
            const bool named = std::find(stops.begin(), stops.end(), t11.id) != stops.end();
            double lowest = HUGE_VAL;
            for (const Opening& g : t11.openings)
                if (g.from < s.ruleset.solid_gap_height) lowest = std::min(lowest, g.from);
            if (lowest == HUGE_VAL || !named) continue;
            why.add("13.11 solid: the gaps of " + s.labelOf(t11.id) + " that begin below " + inches(s.ruleset.solid_gap_height) +
                        " (from " + inches(lowest) + ") are closed to sight: it is a dense feature",
                    {t11.id});
        }
    }
    // 13.08 benefit of cover: whether this model counts towards its unit's cover against
    // this attacking model (INFANTRY/BEASTS/SWARM within an area, or not fully visible
    // because of terrain, which a model terrain hides entirely is too).
    r.cover = false;
    if (infantryLike(t))
        for (const Area& a : areas_)
            if (within(target, a.piece)) {
                r.cover = true;
                why.add("13.08 cover: " + s.labelOf(t.id) + " is " + (hasKeyword(t, "INFANTRY") ? "INFANTRY" : "BEASTS/SWARM") +
                            " within " + s.labelOf(s.terrain[a.piece].id),
                        {t.id, s.terrain[a.piece].id});
                break;
            }
    if (!*r.cover && !r.fully_visible && coverNotAsked_) {
        r.cover.reset();
    } else if (!*r.cover && !r.fully_visible) {
        // Because of terrain, not because of other models: the pieces that stop every line
        // are all terrain, or no other model stands near the lines (the answer found is the
        // terrain's), or the terrain alone still keeps part of it out of view.
        const bool byTerrain = (!r.visible && !r.blocking_set.empty() && !modelBlocks) || !modelsBetween(observer, target) ||
                               !fullyVisible(withWalls(walls, Scene::SeeThrough::AllModels), observer, target, method, &walls);
        if (byTerrain) {
            r.cover = true;
            std::vector<std::string> ids{t.id, o.id};
            const std::string hiding = r.visible && !verdictsOnly_
                                           ? hidingPieces(withWalls(walls, Scene::SeeThrough::AllModels), observer, target, r, ids)
                                           : "";
            why.add(r.visible ? "13.08 cover: " + s.labelOf(t.id) + " is not fully visible to " + s.labelOf(o.id) + " because of terrain" +
                                    hiding + (r.undecided ? " (fully visible is undecided at a knife edge: no proof either way)" : "")
                              : "13.08 cover: " + s.labelOf(t.id) + " cannot be seen by " + s.labelOf(o.id) +
                                    " because of terrain, so it counts towards its unit's cover",
                    ids);
        }
    }
    // 13.09 hidden (the unit made no ranged attack).
    const int hiding = hidingArea11e(target);
    r.hidden = hiding >= 0;
    if (*r.hidden)
        why.add("13.09 hidden: " + s.labelOf(t.id) + " is within " + s.labelOf(s.terrain[hiding].id) + ", which has a dense feature",
                {t.id, s.terrain[hiding].id});
    // Distances between models (detection range, TOWERING's 12") in three dimensions when
    // the elevations differ (rulesets.md, Distances); r.distance stays the flat one.
    const double apart = baseDistance3d(o, t);
    const double range = s.ruleset.detection_range;
    // (Not seen by the rule also where the lines' proof was left open at a knife edge.)
    if (*r.hidden && (r.visible || r.undecided) && apart > range) {
        r.visible = r.fully_visible = false;
        r.undecided = false;  // (decided by the rule, whatever fully visible's proof left open)
        r.visible_fraction = 0;
        r.witness.reset();
        r.clearance.reset();
        why.add("13.09 hidden: " + s.labelOf(o.id) + " is " + inches(apart) + " away, beyond the detection range of " +
                    inches(range),
                {o.id});
    } else if (*r.hidden && r.visible) {
        // (Said, so that a ruling that finds it hidden and seen does not read as two answers.)
        why.add("13.09 hidden, but " + s.labelOf(o.id) + " is " + inches(apart) + " away, within the detection range of " +
                    inches(range) + ": it can see it",
                {o.id});
    }
    // 22.05 plunging fire, decided on the unit: it is visible to the attacking model (this
    // model is) and has a model at ground level, which need not be this one.
    r.plunging_fire = false;
    if (r.visible) {
        const std::vector<int> unit = unitModels(t.unit);
        int ground = -1, nearest = -1;
        double nearestDistance = 0;
        for (int m : unit) {
            if (s.models[m].elevation <= 0 && (ground < 0 || m == target)) ground = m;
            const double d = baseDistance3d(o, s.models[m]);
            if (nearest < 0 || d < nearestDistance) {
                nearest = m;
                nearestDistance = d;
            }
        }
        if (ground >= 0) {
            const Model& g = s.models[ground];
            const std::string onGround = ground == target ? s.labelOf(t.id) + " is at ground level"
                                                          : s.labelOf(g.id) + " of " + s.labelOf(t.id) + "'s unit is at ground level";
            if (o.elevation >= 3) {
                r.plunging_fire = true;
                why.add("22.05 plunging fire: " + s.labelOf(o.id) + " stands " + inches(o.elevation) + " up and " + onGround,
                        {o.id, g.id});
            } else if (hasKeyword(o, "TOWERING") && nearest >= 0 && nearestDistance <= 12) {
                r.plunging_fire = true;
                why.add("22.05 plunging fire: " + s.labelOf(o.id) + " is TOWERING, " + s.labelOf(s.models[nearest].id) + " of the unit " +
                            inches(nearestDistance) + " away, and " + onGround,
                        {o.id, s.models[nearest].id, g.id});
            }
        }
    }
    // 03.04 engagement range.
    r.in_engagement_range = r.distance <= 2 && verticalGap(o, t) <= 5;
    if (*r.in_engagement_range)
        why.add("03.04 engagement range: " + inches(r.distance) + " apart", {o.id, t.id});
    r.reasons = std::move(why.texts);
    r.reason_ids = std::move(why.ids);
    return r;
}

PairResult Rulings::evaluate10e(int observer, int target, Method method, Detail detail) const {
    const Scenario& s = scene_.scenario();
    const Model& o = s.models[observer];
    const Model& t = s.models[target];
    Reasons why;
    const std::vector<int> walls = walls10e(observer, target, &why);
    PairResult r = evaluatePair(withWalls(walls, scene_.seeThrough()), observer, target, method, detail);
    settleInThePlane(r, observer, target, method, walls, why);
    if (!r.visible) {
        const std::vector<std::string>& stops = r.blocking_set.empty() ? r.blocked_by : r.blocking_set;
        why.add("no sight line: blocked by " + labelled(s, stops), stops);
        // A ruin's windows and doors count as closed (solids.h, openingIsOpen): said for each
        // feature that stops every line and has openings so closed.
        for (const TerrainPiece& p : s.terrain) {
            if (p.openings.empty() || std::find(stops.begin(), stops.end(), p.id) == stops.end()) continue;
            if (std::ranges::none_of(p.openings, [&](const Opening& g) { return !openingIsOpen(s, p, g); })) continue;
            why.add("ruins: the windows and doors of " + s.labelOf(p.id) + " count as closed (a ruin's, under 10th edition)", {p.id});
        }
    }
    // Woods: AIRCRAFT and TOWERING see and are seen normally, whatever woods lie between.
    // Otherwise a target wholly within woods is never fully visible, and it is fully
    // visible only when every point of it is seen by a line that crosses no counted woods
    // (woods the observer is wholly within are not counted; woods it is partly within are).
    const Model* exempt = hasKeyword(o, "AIRCRAFT") || hasKeyword(o, "TOWERING")   ? &o
                          : hasKeyword(t, "AIRCRAFT") || hasKeyword(t, "TOWERING") ? &t
                                                                                    : nullptr;
    std::vector<int> woods;  // counted for this pair
    int woodsHolding = -1;   // woods the target is wholly within
    if (!exempt)
        for (int i = 0; i < static_cast<int>(s.terrain.size()); ++i) {
            const TerrainPiece& p = s.terrain[i];
            if (p.kind != TerrainKind::Area || !p.hasTag("woods")) continue;
            if (woodsHolding < 0 && whollyWithin(target, i)) woodsHolding = i;
            if (!whollyWithin(observer, i)) woods.push_back(i);
        }
    bool woodsHide = false;
    if (r.visible && r.fully_visible) {
        if (woodsHolding >= 0) {
            woodsHide = true;
            why.add("woods: " + s.labelOf(t.id) + " is wholly within " + s.labelOf(s.terrain[woodsHolding].id) +
                        ", never fully visible",
                    {t.id, s.terrain[woodsHolding].id});
        } else if (!woods.empty()) {
            std::vector<int> more = walls;
            more.insert(more.end(), woods.begin(), woods.end());
            if (!fullyVisible(withWalls(more, scene_.seeThrough()), observer, target, method, &more)) {
                woodsHide = true;
                // Name the woods that lie between the two.
                const Ring between = hullOfBases(o, t);
                std::vector<std::string> ids;
                for (int w : woods)
                    if (ringsMeet(between, s.terrain[w].footprint)) ids.push_back(s.terrain[w].id);
                why.add("woods: part of " + s.labelOf(t.id) + " is seen by " + s.labelOf(o.id) + " only across " + labelled(s, ids) +
                            ", not fully visible",
                        ids);
            }
        }
        if (woodsHide) {
            r.fully_visible = false;
            r.visible_fraction = std::min(r.visible_fraction, 1 - 1e-6);
        }
    }
    if (exempt) {
        bool anyWoods = false;
        for (const TerrainPiece& p : s.terrain) anyWoods = anyWoods || (p.kind == TerrainKind::Area && p.hasTag("woods"));
        if (anyWoods)
            why.add("woods: " + s.labelOf(exempt->id) + " is " + (hasKeyword(*exempt, "AIRCRAFT") ? "AIRCRAFT" : "TOWERING") +
                        ", woods do not count",
                    {exempt->id});
    }
    // Benefit of cover: wholly within a ruin, woods or crater (INFANTRY), or not fully visible
    // to this attacking model because of terrain (not at all counts too), where a barricade
    // counts only for INFANTRY within 3" of it, measured from the base's edge.
    r.cover = false;
    for (int i = 0; i < static_cast<int>(s.terrain.size()) && !*r.cover; ++i) {
        const TerrainPiece& p = s.terrain[i];
        if (p.kind != TerrainKind::Area || !whollyWithin(target, i)) continue;
        if (p.hasTag("ruin") || p.hasTag("woods") || (p.hasTag("crater") && hasKeyword(t, "INFANTRY"))) {
            r.cover = true;
            why.add("cover: " + s.labelOf(t.id) + " is wholly within " + s.labelOf(p.id), {t.id, p.id});
        }
    }
    if (!*r.cover && !r.fully_visible && coverNotAsked_) {
        r.cover.reset();
    } else if (!*r.cover && !r.fully_visible) {
        std::vector<int> near, far;  // barricades within 3" of an INFANTRY target, the others
        Ring grown;
        for (int i = 0; i < static_cast<int>(s.terrain.size()); ++i) {
            const TerrainPiece& p = s.terrain[i];
            if (p.kind != TerrainKind::Feature || !p.hasTag("barricade")) continue;
            if (hasKeyword(t, "INFANTRY")) {
                if (grown.empty()) grown = rangeOutline(t, 3);
                if (ringsMeet(grown, p.footprint)) {
                    near.push_back(i);
                    continue;
                }
            }
            far.push_back(i);
        }
        std::vector<int> hiding = walls;
        hiding.insert(hiding.end(), woods.begin(), woods.end());
        const bool covered = !fullyVisible(withWalls(hiding, Scene::SeeThrough::AllModels, far), observer, target, method);
        if (covered && verdictsOnly_) {
            r.cover = true;  // (which of the reasons below applies needs proofs of its own: left out)
        } else if (covered) {
            r.cover = true;
            std::vector<int> noBarricades = far;
            noBarricades.insert(noBarricades.end(), near.begin(), near.end());
            if (!near.empty() &&
                fullyVisible(withWalls(hiding, Scene::SeeThrough::AllModels, noBarricades), observer, target, method)) {
                std::vector<std::string> ids{t.id};
                for (int b : near) ids.push_back(s.terrain[b].id);
                why.add("cover: " + s.labelOf(t.id) + " is INFANTRY within 3\" of " +
                            labelled(s, std::vector<std::string>(ids.begin() + 1, ids.end())) +
                            ", a barricade that hides part of it from " + s.labelOf(o.id),
                        ids);
            } else {
                std::vector<std::string> ids{t.id, o.id};
                const std::string behind =
                    r.visible ? hidingPieces(withWalls(hiding, Scene::SeeThrough::AllModels, far), observer, target, r, ids) : "";
                why.add(r.visible ? "cover: " + s.labelOf(t.id) + " is not fully visible to " + s.labelOf(o.id) + " because of terrain" +
                                        behind + (r.undecided ? " (fully visible is undecided at a knife edge: no proof either way)" : "")
                                  : "cover: " + s.labelOf(t.id) + " cannot be seen by " + s.labelOf(o.id) + " because of terrain",
                        ids);
            }
        } else if (!verdictsOnly_ && !far.empty() && r.visible &&
                   !fullyVisible(withWalls(hiding, Scene::SeeThrough::AllModels), observer, target, method)) {
            std::vector<std::string> ids;  // the barricades between the two
            const Ring between = hullOfBases(o, t);
            for (int b : far)
                if (ringsMeet(between, s.terrain[b].footprint)) ids.push_back(s.terrain[b].id);
            why.add("cover: no, only a barricade (" + labelled(s, ids) + ") hides part of " + s.labelOf(t.id) +
                        ", which is not INFANTRY within 3\" of it",
                    ids);
        }
    }
    // Plunging fire: wholly within a ruin, 6" or more up, at a unit every model of which is
    // at ground level.
    r.plunging_fire = false;
    if (r.visible && o.elevation >= 6) {
        int raised = -1;
        for (int m : unitModels(t.unit))
            if (s.models[m].elevation > 0 && raised < 0) raised = m;
        for (int i = 0; i < static_cast<int>(s.terrain.size()); ++i) {
            const TerrainPiece& p = s.terrain[i];
            if (p.kind != TerrainKind::Area || !p.hasTag("ruin") || !whollyWithin(observer, i)) continue;
            if (raised < 0) {
                r.plunging_fire = true;
                why.add("plunging fire: " + s.labelOf(o.id) + " is " + inches(o.elevation) + " up in " + s.labelOf(p.id) +
                            " and every model of " + s.labelOf(t.id) + "'s unit is at ground level",
                        {o.id, p.id});
            } else {
                why.add("plunging fire: no, " + s.labelOf(s.models[raised].id) + " of " + s.labelOf(t.id) +
                            "'s unit is not at ground level",
                        {s.models[raised].id});
            }
            break;
        }
    }
    r.in_engagement_range = r.distance <= 1 && verticalGap(o, t) <= 5;
    if (*r.in_engagement_range) why.add("engagement range: " + inches(r.distance) + " apart", {o.id, t.id});
    r.hidden = false;
    r.reasons = std::move(why.texts);
    r.reason_ids = std::move(why.ids);
    return r;
}

std::vector<int> Rulings::unitModels(const std::string& unit) const {
    std::vector<int> out;
    const auto& models = scene_.scenario().models;
    for (int i = 0; i < static_cast<int>(models.size()); ++i)
        if (models[i].unit == unit) out.push_back(i);
    return out;
}

UnitRuling Rulings::units(const std::string& attackerUnit, const std::string& targetUnit, Method method,
                          Detail detail) const {
    UnitRuling u = matrix(unitModels(attackerUnit), unitModels(targetUnit), method, detail);
    u.attackerUnit = attackerUnit;
    u.targetUnit = targetUnit;
    return u;
}

UnitRuling Rulings::matrix(const std::vector<int>& attackers, const std::vector<int>& targets, Method method,
                           Detail detail) const {
    UnitRuling u;
    const Scenario& s = scene_.scenario();
    const auto& models = s.models;
    const bool tenth = s.ruleset.name == "wh40k-10e";
    if (!attackers.empty()) u.attackerUnit = attackers.size() == 1 ? models[attackers[0]].id : models[attackers[0]].unit;
    if (!targets.empty()) u.targetUnit = targets.size() == 1 ? models[targets[0]].id : models[targets[0]].unit;
    u.attackers = attackers;
    u.targets = targets;
    u.coverOf.assign(u.targets.size(), 0);
    // Every pair, on as many threads as the machine has (the pairs are independent; the
    // scene is read-only, and what is within what is decided here, before they start).
    for (const std::vector<int>* list : {&attackers, &targets})
        for (int m : *list)
            for (int p = 0; p < static_cast<int>(s.terrain.size()); ++p) {
                within(m, p);
                whollyWithin(m, p);
            }
    const size_t cells = u.attackers.size() * u.targets.size();
    std::vector<PairResult> results(cells);
    std::atomic<size_t> next{0};
    auto work = [&] {
        for (size_t k = next++; k < cells && !scene_.cancelled(); k = next++)
            results[k] = cachedEvaluate(u.attackers[k / u.targets.size()], u.targets[k % u.targets.size()], method, detail);
    };
    const size_t threads = std::min<size_t>(std::max(1u, std::thread::hardware_concurrency()), cells / 4 + 1);
    {
        std::vector<std::jthread> helpers;
        for (size_t k = 1; k < threads; ++k) helpers.emplace_back(work);
        work();
    }
    // Each model's label once, and each reason's text once (a set beside the list).
    std::vector<std::string> targetLabels;
    for (int t : u.targets) targetLabels.push_back(s.labelOf(models[t].id));
    std::unordered_set<std::string> said;
    for (size_t i = 0; i < u.attackers.size(); ++i) {
        const int a = u.attackers[i];
        const std::string attackerLabel = s.labelOf(models[a].id);
        std::vector<PairResult> row;
        bool any = false, all = true, cover = true, plunging = false;
        for (size_t j = 0; j < u.targets.size(); ++j) {
            PairResult r = std::move(results[i * u.targets.size() + j]);
            // No proof either way (a knife edge): said, so that "not visible" or "not fully
            // visible" is not taken as proven.
            if (r.provisional) {
                r.reasons.push_back(r.visible ? "seen; fully visible and cover being worked out (the quick look while a model is dragged was not enough)"
                                              : "being worked out (the quick look while a model is dragged was not enough)");
                r.reason_ids.push_back({});
            } else if (r.undecided) {
                r.reasons.push_back(r.visible ? "fully visible undecided (no proof either way)"
                                              : "undecided (no printable open line, no proof that none is open)");
                r.reason_ids.push_back({});
            }
            any = any || r.visible;
            all = all && r.fully_visible;
            cover = cover && r.cover.value_or(false);
            plunging = plunging || r.plunging_fire.value_or(false);
            // wh40k-10e: a target model has cover against the unit when some attacking model
            // lacks a full view of it because of terrain (or it is wholly within a ruin, ...).
            u.coverOf[j] = u.coverOf[j] || r.cover.value_or(false);
            const std::string pair = attackerLabel + " -> " + targetLabels[j] + ": ";
            for (size_t k = 0; k < r.reasons.size(); ++k) {
                std::string text = pair + r.reasons[k];
                if (!said.insert(text).second) continue;
                std::vector<std::string> ids{models[a].id, models[u.targets[j]].id};
                if (k < r.reason_ids.size()) ids.insert(ids.end(), r.reason_ids[k].begin(), r.reason_ids[k].end());
                u.reasons.push_back(text);
                u.reasonIds.push_back(std::move(ids));
            }
            row.push_back(std::move(r));
        }
        u.pairs.push_back(std::move(row));
        u.unitVisible.push_back(any);
        u.unitFullyVisible.push_back(any && all);
        u.coverAgainst.push_back(cover && !u.targets.empty());
        u.plungingAgainst.push_back(plunging);
        u.visible = u.visible || any;
        u.fullyVisible = u.fullyVisible || (any && all);
        u.plungingFire = u.plungingFire || plunging;
    }
    // The attack as a whole. wh40k-11e: cover against every attacking model that sees the
    // unit (every attacking model when none does); wh40k-10e: every target model has it.
    if (tenth) {
        u.cover = !u.targets.empty() && !u.attackers.empty();
        for (char c : u.coverOf) u.cover = u.cover && c;
    } else {
        bool counted = false, all = true;
        for (size_t i = 0; i < u.attackers.size(); ++i)
            if (u.unitVisible[i] || !u.visible) {
                counted = true;
                all = all && u.coverAgainst[i];
            }
        u.cover = counted && all;
    }
    return u;
}

KeptTable::KeptTable() = default;
KeptTable::~KeptTable() = default;

Rulings& KeptTable::follow(const Scenario& s) {
    // Everything a ruling reads but the models' places: the terrain, ruleset and light, the
    // seen-through setting's inputs (units), and each model as it is, placed at the origin.
    std::string key = tableKey(s);
    put(key, s.models.size());
    for (Model m : s.models) {
        m.position = {};
        putModel(key, m);
    }
    if (scenario_ && key == key_) {
        for (size_t i = 0; i < s.models.size(); ++i) {
            if (scenario_->models[i].position == s.models[i].position) continue;
            scenario_->models[i].position = s.models[i].position;
            scene_->modelMoved(static_cast<int>(i));
            rulings_->modelMoved(static_cast<int>(i));
            ++followed_;
        }
        return *rulings_;
    }
    rulings_.reset();  // (it refers to the scene, which refers to the scenario)
    scene_.reset();
    scenario_ = std::make_unique<Scenario>(s);
    scene_ = std::make_unique<Scene>(*scenario_);
    rulings_ = std::make_unique<Rulings>(*scene_);
    key_ = std::move(key);
    ++made_;
    return *rulings_;
}

}  // namespace sl
