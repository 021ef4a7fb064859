// The rulings of a game: the scenario's ruleset (rulesets.md) applied to the geometry of
// true-los. wh40k-11e: the 1 mm line, obscuring areas (13.10), benefit of cover (13.08),
// hidden and detection range (13.09), plunging fire (22.05), engagement range (03.04).
// wh40k-10e: ruins block over and through with their exceptions, woods, cover, plunging
// fire, engagement range. Areas that block sight are decided as walls of unlimited height
// on their footprints, by the same exact line test as everything else.
#pragma once

#include "scene.h"
#include "sightline.h"
#include "types.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace sl {

// Any part of the base inside the polygon (touching its boundary only is not).
bool baseWithin(const Model& model, const Polygon& area);
// Every part of the base inside the polygon or on its boundary.
bool baseWhollyWithin(const Model& model, const Polygon& area);
// The model has the keyword (upper-case compare).
bool hasKeyword(const Model& model, const std::string& keyword);

class Rulings {
public:
    explicit Rulings(const Scene& scene);
    ~Rulings();
    Rulings(const Rulings&) = delete;
    Rulings& operator=(const Rulings&) = delete;

    // The pair's result under the scenario's ruleset; under true-los, evaluatePair's.
    PairResult evaluate(int observer, int target, Method method) const;

private:
    PairResult evaluate11e(int observer, int target, Method method) const;
    PairResult evaluate10e(int observer, int target, Method method) const;
    // The scene with these terrain pieces' footprints as walls of unlimited height.
    const Scene& withWalls(std::vector<int> pieces, Scene::SeeThrough seeThrough) const;

    const Scene& scene_;
    struct Walled {
        std::unique_ptr<Scenario> scenario;
        std::unique_ptr<Scene> scene;
    };
    mutable std::map<std::pair<std::vector<int>, int>, Walled> cache_;
};

}  // namespace sl
