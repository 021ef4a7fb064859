// Layout analysis maps as layers of the board picture: a colour per cell and the legend
// (the same for the window, the CLI's images and the reports).
#pragma once

#include "analysis/exposure.h"
#include "analysis/hiding.h"
#include "analysis/lanes.h"
#include "analysis/vision_map.h"
#include "board_renderer.h"

namespace sl::render {

// The colours of a vision map's verdicts.
inline const QColor kMapFullyVisible{214, 39, 40};
inline const QColor kMapVisible{245, 140, 30};
inline const QColor kMapCover{236, 204, 54};
inline const QColor kMapHidden{45, 95, 200};
inline const QColor kMapHidden1309{130, 70, 180};
inline const QColor kMapUndecided{150, 150, 150};

// A cell's colour: red fully visible, orange visible, yellow seen but in cover, blue hidden,
// purple hidden within a dense area (11e 13.09), grey undecided; clear where the probe would
// overlap a feature.
QColor visionColour(const analysis::Cell& cell);

// The map as a layer, titled with who looks and at what.
MapLayer visionLayer(const analysis::VisionMap& map, const Scenario& scenario);
// Fog of war: the same map as a veil over the ground no observer sees (dark), the ground
// seen left clear, knife edges grey; for a side's models as the observers.
MapLayer unseenLayer(const analysis::VisionMap& map, const Scenario& scenario);
inline const QColor kMapUnseen{25, 25, 35};

// The exposure scale: blue seen from no place in the zone, then from a few places to all of
// them, yellow to red, in six steps (the legend says which shares).
QColor exposureColour(double share, bool anySeen);
// The exposure map as a layer (by the share of places that see each cell, or that see it
// fully), titled with the zone and the models.
MapLayer exposureLayer(const analysis::ExposureMap& map, const Scenario& scenario, bool byFully = false);

// Hiding spots as a layer: each cell coloured by the largest base that hides there with
// every smaller one (light blue to navy, in the order given: smallest first; with many
// bases, the largest of those hidingShadedBases picks), semi-safe cells pale yellow, and the
// ground where a base hides and a smaller one does not outlined; the legend gives each
// shaded base's safe and semi-safe area (with many bases, the key every base's).
MapLayer hidingLayer(const analysis::HidingSpots& spots, const Scenario& scenario);
// The colour of the base-th of `bases` shades (light blue to navy), or semi-safe's.
QColor hidingColour(size_t base, size_t bases, bool semi);
// Which of `bases` bases (indices, smallest first) the fills' shades stand for: every one
// up to kHidingShades of them; past that, kHidingShades spread over them, the smallest and
// the largest among them (21 shades of blue cannot be told apart; five can). Each but the
// smallest outlined where it hides and a smaller base is seen.
inline constexpr size_t kHidingShades = 5;
std::vector<size_t> hidingShadedBases(size_t bases);
// Each base of the hiding spots as it would stand centred at `at`, in the colour of its safe
// ground's outline (where there are more bases than outlines, two only: see
// hidingBoundaryAt), dashed where it is not safe there: what hovering a cell draws, so that
// a base's reach can be set against the outlines around it.
std::vector<MapBase> hidingBasesAt(const analysis::HidingSpots& spots, Vec2 at);
// With more bases than outline colours (hidingBasesAt draws these two only, yellow and red):
// the largest base safe at `at`'s cell and the smallest with room there that is not, each
// an index into spots.bases or -1.
std::pair<int, int> hidingBoundaryAt(const analysis::HidingSpots& spots, Vec2 at);
// The name of the colour hidingBasesAt draws base b in ("yellow"), or none where there are
// more than four bases (it draws two, yellow and red).
QString hidingOutlineName(size_t base, size_t bases);

// Lanes and gaps as a layer: the widest lanes (up to `lanes`) outlined, each in a colour of
// its own, and the gaps as red lines between the pieces' nearest points.
inline constexpr size_t kLanesDrawn = 5;
MapLayer lanesLayer(const analysis::LanesAndGaps& found, const Scenario& scenario, size_t lanes = kLanesDrawn);

// A gap as the picture's key, the window's hover and the CLI describe it: its width, the
// pieces it lies between, the bases that fit through it and whether a sight line passes
// ("2.50\" between Ruin 1 and Ruin 2; 3 of 12 bases fit through (up to 60 mm across); a
// sight line passes").
QString gapText(const analysis::Gap& gap, const analysis::LanesAndGaps& found, const Scenario& scenario);
// The sight line's width as the gaps are measured for it: "a sight line has no width" (true
// line of sight), "a sight line is 1 mm wide".
QString lineWidthText(const analysis::LanesAndGaps& found);

// A zone as the maps' titles and the Analysis dock name it: its id, and its side where the
// id does not say it ("deployment-attacker", "north (attacker)").
QString zoneText(const Zone& zone);

// "32 mm round, 1.75\"" and the like.
QString probeText(const analysis::Probe& probe);

}  // namespace sl::render
