// Light and senses on the table (table_senses.h).
#include "rules/table_senses.h"

#include "kernel/base.h"
#include "kernel/polygon.h"

#include <algorithm>
#include <cmath>

namespace sl {

namespace {

bool isDarkness(const TerrainPiece& t) { return t.kind == TerrainKind::Area && t.hasTag("darkness"); }

// Whether p lies in an area of magical darkness.
bool inDarkness(const Scenario& s, Vec2 p) {
    for (const TerrainPiece& t : s.terrain)
        if (isDarkness(t) && locate(p, t.footprint) != Where::Outside) return true;
    return false;
}

}  // namespace

bool usesSenses(const Scenario& s) {
    if (s.ambient_light != "bright" || !s.lights.empty()) return true;
    for (const TerrainPiece& t : s.terrain)
        if (isDarkness(t)) return true;
    for (const Model& m : s.models)
        if (m.senses.any()) return true;
    return false;
}

std::string lightName(TableLightLevel level) {
    switch (level) {
    case TableLightLevel::Bright: return "bright";
    case TableLightLevel::Dim: return "dim";
    case TableLightLevel::Dark: break;
    }
    return "dark";
}

TableLightLevel lightAt(const Scene& scene, Vec2 p, double height) {
    const Scenario& s = scene.scenario();
    if (inDarkness(s, p)) return TableLightLevel::Dark;
    TableLightLevel level = s.ambient_light == "bright" ? TableLightLevel::Bright
                            : s.ambient_light == "dim"  ? TableLightLevel::Dim
                                                        : TableLightLevel::Dark;
    const ModelMask noModels(s.models.size(), 1);  // (models do not stop light)
    for (const TableLight& l : s.lights) {
        Vec2 at = l.position;
        double h = l.height;
        if (!l.carried_by.empty()) {
            const Model* m = s.findModel(l.carried_by);
            if (!m) continue;  // (its carrier is not on the table)
            at = m->position;
            h = m->top();
        }
        const double d = std::hypot(p.x - at.x, p.y - at.y);
        if (d > l.dim) continue;
        const TableLightLevel here = d <= l.bright ? TableLightLevel::Bright : TableLightLevel::Dim;
        if (here <= level) continue;
        if (d > 0 && scene.blocked({at, p, h, height}, noModels)) continue;
        level = here;
    }
    return level;
}

void applySenses(const Scene& scene, int observer, int target, PairResult& r) {
    const Scenario& s = scene.scenario();
    const Model& o = s.models[static_cast<size_t>(observer)];
    const Model& t = s.models[static_cast<size_t>(target)];
    const double d = r.distance;
    std::vector<std::string> senses;
    TableLightLevel light = TableLightLevel::Dark;
    if (r.visible && r.witness) light = lightAt(scene, r.witness->b, t.top());
    if (r.visible) r.light = lightName(light);
    if (r.visible && !t.senses.invisible && light != TableLightLevel::Dark) senses.push_back("sight");
    // (Where the line meets it, in a darkness area: darkvision fails too.)
    const bool magical = r.visible && r.witness && inDarkness(s, r.witness->b);
    if (r.visible && !t.senses.invisible && !magical && o.senses.darkvision > 0 && d <= o.senses.darkvision) senses.push_back("darkvision");
    if (r.visible && o.senses.blindsight > 0 && d <= o.senses.blindsight) senses.push_back("blindsight");
    if (o.senses.tremorsense > 0 && d <= o.senses.tremorsense && !t.senses.flying) senses.push_back("tremorsense");
    if (o.senses.telepathy > 0 && d <= o.senses.telepathy && !t.senses.mindless) senses.push_back("telepathy");
    auto has = [&](const char* n) { return std::find(senses.begin(), senses.end(), n) != senses.end(); };
    r.tier = has("sight") || has("darkvision") || has("blindsight") ? "seen" : senses.empty() ? "unseen" : "outline";
    r.senses = senses;
    std::string list;
    for (const std::string& n : senses) list += (list.empty() ? "" : ", ") + n;
    const std::string who = s.labelOf(t.id);
    std::string why;
    if (*r.tier == "seen") why = "senses: " + who + " is seen by " + list;
    else if (*r.tier == "outline") why = "senses: " + who + " is sensed by " + list + " (outline, not seen)";
    else why = "senses: " + who + " is not perceived";
    if (r.visible) {
        why += "; where the line meets it, the light is " + lightName(light);
        if (t.senses.invisible) why += "; it is invisible";
    }
    r.reasons.push_back(why);
    r.reason_ids.push_back({t.id});
}

}  // namespace sl
