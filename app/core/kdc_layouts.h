// The official tournament layouts of 40kdc-data as Sightline scenarios. A piece's template
// footprint is placed so that its area centroid sits at the piece's `position`, mirrored
// (`mirror` "horizontal": x -> -x in the template's frame, "vertical": y -> -y) and then
// turned clockwise by `rotation_degrees` (y down) about that centroid; an area's features
// (its template's, and the layout's pieces that name it as `parent_area_id`) are placed the
// same way inside the area's frame (from its centroid, turned and mirrored with it) and
// belong to it (`area`), as the dataset's own resolver places them. A piece marked
// `"terrain": false` (an objective's own area) is none of the table's; an objective with no
// position of its own stands at its piece's. Walls (polylines with a thickness, drawn along the edges
// of their feature's footprint and thick towards its inside) become the features'
// footprints; a closed wall loop is a solid piece. Heights: the layout's, else the
// template's, else a default per category (dense 5", light 2", exposed 1", none 3").
// Names: each piece gets one of its own on the table, a noun from its template and the
// count of that noun's pieces so far in the layout's order ("Ruin 3", "Barrier 2"); an
// area's features read with it ("Ruin 3 building", "Ruin 3 wall 2"), and the one feature
// that is what its area is named after takes the name, the area then "Generator 1 area".
// A layout's own name is kept where it is the piece's alone and not its template's
// ("Ruin (inner NE)"). Ids stay the layout's.
// Upper floors: a feature template's `upper_floor` (a footprint in the template's frame and
// a storey, `floor`) becomes a floor of its own, "<feature> floor" (id "<feature>-floor",
// tagged floor): a slab kFloorThickness thick whose top is kStoreyHeight per storey up
// (the dataset gives no height for it; 3" is the storey the rules' 3" thresholds assume), in
// the feature's area and category. Nothing else of a building's inside is in the dataset.
#pragma once

#include "kernel/polygon.h"
#include "kernel/types.h"

#include <QJsonObject>
#include <QStringList>

#include <optional>

namespace sl::kdc {

inline constexpr double kDefaultHeightDense = 5;
inline constexpr double kDefaultHeightLight = 2;
inline constexpr double kDefaultHeightExposed = 1;
inline constexpr double kDefaultHeightOther = 3;
inline constexpr double kStoreyHeight = 3;       // an upper floor's top, per storey
inline constexpr double kFloorThickness = 0.25;  // its slab, below that top

QStringList layoutIds(const QJsonObject& dataset);

struct LayoutImport {
    std::optional<Scenario> scenario;  // empty only when the layout itself is unknown
    QStringList problems;              // pieces that could not be converted, by id, and why
};

LayoutImport importLayout(const QJsonObject& dataset, const QString& layoutId);

// The outline of a wall: the polyline widened by `thickness` (mitred corners) towards
// `inside` (the wall's face on the polyline, as walls drawn along a footprint's edges are),
// or on both sides when no such point is given. A closed polyline (first point equal to
// the last) gives the solid it encloses.
Ring wallOutline(const std::vector<Vec2>& polyline, double thickness, std::optional<Vec2> inside = std::nullopt);

}  // namespace sl::kdc
