// The edits a person makes to a table, as plain functions on a scenario: new ids, models
// from the base palette, terrain presets, moving, rotating, duplicating and deleting, and
// checking a changed scenario the way a file is checked. The window applies them through
// the scenario document so that each is one undoable step.
#pragma once

#include "analysis/vision_map.h"
#include "kernel/types.h"
#include "scenario_io.h"

#include <QList>
#include <QString>

#include <optional>
#include <string>
#include <vector>

namespace sl::edits {

// A base of the palette: its label ("32 mm", "60x35.5 mm oval") and its size.
struct BaseChoice {
    QString label;
    Base base;
};
std::vector<BaseChoice> basePalette();

// A base as people write it (sightline-cli's --base and --bases, the window's hiding
// bases): 32 (round), 60x35.5 (an oval), 100x50 rect, in mm; nothing, the problem said in
// `problem`, where it is not one.
std::optional<Base> parseBase(const QString& text, QString* problem);
// The bases of the hiding spots: "all" (every base of the palette), or bases as above
// separated by commas, each with its height in inches after an @ (100x50 rect@3.5), else
// `model`'s height; each with `model`'s keywords. Smallest first (by area), so that a
// cell's colour is the largest base that hides there. Nothing, the problem said, where an
// item is no base, a height is not from 0.1 to 30 inches, or no base is given.
std::optional<std::vector<analysis::Probe>> parseHidingBases(const QString& text, const analysis::Probe& model, QString* problem);

// A terrain preset: its pieces, centred on the origin; the first is the one the others
// belong to (a ruin's area, then its walls with `area` set to it).
struct Preset {
    QString label;
    std::vector<TerrainPiece> pieces;
};
std::vector<Preset> terrainPresets();

// An id not yet used by any model, terrain piece or zone: `stem`, else stem-2, stem-3...
std::string uniqueId(const Scenario& s, const std::string& stem);

// A model's senses as one line of words ("darkvision=6 flying"), as the inspector shows
// them, and read back: the senses, or nothing with the problem in `why`.
QString sensesText(const ModelSenses& senses);
std::optional<ModelSenses> parseSenses(const QString& text, QString* why);

// The first free id of the series stem-1, stem-2, ...: how new models are numbered
// ("red-1", "red-2"; "boyz-6" after "boyz-1" to "boyz-5").
std::string numberedId(const Scenario& s, const std::string& stem);

// An id for a copy of `id`: the next free number of its series ("r-boy-6" for a copy of
// "r-boy-2" when r-boy-1 to r-boy-5 exist; "b-tank-2" for "b-tank").
std::string copyId(const Scenario& s, const std::string& id);

// Floors: features with open space under them (a `bottom` above the table), on whose top
// models stand. The floor a model stands on (its elevation is the floor's top and its
// centre within the footprint), or -1.
int floorUnder(const Scenario& s, const Model& m);
// Where a model put down at `at` comes to rest from the height `from`: the top of the
// highest floor holding `at` no higher than `from`, else the table (0).
double restingHeight(const Scenario& s, Vec2 at, double from);
// Models that stood on a floor (`stood`: their elevations before they were moved, by
// index) and now stand where no floor of that height holds them come down to the next
// floor below or to the table; the others keep their elevation. Returns how many came down.
int settleModels(Scenario& s, const std::vector<std::pair<int, double>>& stood);
// The `models` (indices) standing on a floor, with their elevations: settleModels' `stood`.
std::vector<std::pair<int, double>> onFloors(const Scenario& s, const std::vector<int>& models);
// How many of `stood` settleModels would put down.
int comingDown(const Scenario& s, const std::vector<std::pair<int, double>>& stood);

// A new model of `base` centred at `at`; an empty unit makes the model its own unit. It
// stands on the highest floor holding `at`, if any, else on the table.
Model newModel(const Scenario& s, const Base& base, Vec2 at, const std::string& side, const std::string& unit,
               double height);

// `count` models of one new unit in a tidy block centred near `at` (rows of up to five,
// 0.25" between bases), kept on the table, each on the highest floor holding its centre. The unit is `stem` (stem-b, stem-c... when
// taken), its models unit-1, unit-2, ...
// Where the block there would overlap a feature or a model already on the table, it is put at
// the nearest place round `at` where it overlaps none (`moved` set), if one is found within
// 12"; else where asked, and the overlaps show as any do.
std::vector<Model> unitBlock(const Scenario& s, const Base& base, int count, Vec2 at, const std::string& side,
                             const std::string& stem, const std::string& name, double height,
                             const std::vector<std::string>& keywords = {}, bool* moved = nullptr);

// The side of the deployment zone (kind "deployment", with a side) that holds `at`, else
// empty: the side a unit put there is most likely of.
std::string deploymentSideAt(const Scenario& s, Vec2 at);

// `pieces` (a preset's) moved together so that the centre of their footprints is at `at`,
// with new ids: the first the next of its series ("ruin-2"), the others following it
// ("ruin-2-wall-1"), their `area` the new id of the piece it named; names numbered alike
// ("Ruin 2 wall").
std::vector<TerrainPiece> placedPieces(const Scenario& s, const std::vector<TerrainPiece>& pieces, Vec2 at);

// The centre of a footprint's bounding box.
Vec2 footprintCentre(const Polygon& p);

// A new opening of the feature over `gap` (within its footprint): through a wall standing on
// the table, a window from 30% to 70% of its height (to a twentieth of an inch); through a
// floor or a walkway (a bottom above the table), a hole through the whole slab, a stairwell.
Opening newOpening(const TerrainPiece& feature, const Ring& gap);
void translate(Polygon& p, Vec2 by);
void rotate(Polygon& p, Vec2 about, double degrees);

// The nearest point of a grid of `step` inches.
Vec2 snapped(Vec2 p, double step);

struct Selection {
    std::vector<int> models;
    std::vector<int> terrain;
    std::vector<int> zones;  // deployment zones, objectives and other marked regions
    bool empty() const { return models.empty() && terrain.empty() && zones.empty(); }
    size_t size() const { return models.size() + terrain.size() + zones.size(); }
    friend bool operator==(const Selection&, const Selection&) = default;
};

// A zone's centre: an objective's position, else its polygon's bounding box centre.
Vec2 zoneCentre(const Zone& z);

// The standard tables: 60x44 (Strike Force), 44x30 (Incursion).
struct TableSize {
    QString label;
    double width;
    double height;
};
std::vector<TableSize> tableSizes();

// Moves the selection by `by`; models keep their centres on the table; an area carries the
// features standing in it, a floor the models standing on it. Elevations are kept (see
// settleModels for models put down).
void moveSelection(Scenario& s, const Selection& sel, Vec2 by);
// Turns selected ovals and rects, and terrain and zones about their centres, by `degrees`
// (clockwise on the board, whose y axis points down).
void rotateSelection(Scenario& s, const Selection& sel, double degrees);
// Copies the selection `by` away with new ids; returns the copies' selection. A copied
// unit of models becomes a new unit.
Selection duplicateSelection(Scenario& s, const Selection& sel, Vec2 by);
// Removes the selection, the queries that name a removed model, and the membership of
// features in a removed area; the models that stood on a removed floor come down (see
// settleModels).
void deleteSelection(Scenario& s, const Selection& sel);

// A model standing where a real one could not: its base overlaps a feature lower than the
// model stands (not merely touching it) or another model's base. With what it overlaps.
struct Overlap {
    int model = -1;
    std::vector<std::string> with;  // ids
};
std::vector<Overlap> overlaps(const Scenario& s);

// The problems a file of this scenario would have (the file checks, JSON paths and all);
// empty when it is sound.
QList<io::Problem> problemsOf(const Scenario& s);

}  // namespace sl::edits
