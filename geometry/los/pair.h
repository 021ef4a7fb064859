// A pair of models: the methods (center, sampled, exact) by name, the decision and every
// result field the spec names for the pair, and the exact visibility matrix of many pairs.
#pragma once

#include "kernel/types.h"
#include "los/scene.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sl {

enum class Method { Center, Sampled, Exact };

std::string_view methodName(Method method);
std::optional<Method> parseMethod(std::string_view name);

struct PairResult {
    std::string observer;
    std::string target;
    bool visible = false;
    bool fully_visible = false;
    double visible_fraction = 0;
    bool fraction_known = true;  // false when not worked out (Detail::Decisions, visible, not fully)
    double distance = 0;
    std::optional<Segment> witness;
    std::vector<std::string> blocked_by;
    Method method = Method::Sampled;
    std::optional<double> clearance;          // exact, when visible: of the witness, inches
    std::vector<std::string> blocking_set;    // exact, when not visible: together they stop every line
    std::optional<Vec2> hidden_point;         // exact, visible but not fully: a point of the target's
                                              // foot proven out of sight
    bool undecided = false;                   // exact: not visible, or not fully visible, without a proof
                                              // either way (a knife edge; see certify.h)
    bool provisional = false;                 // a proof it rests on was cut short (Scene::Effort::Quick, Survey):
                                              // a full search may decide what is undecided here
    // Game rulesets (wh40k-11e, wh40k-10e): their fields, and why, citing the rules.
    std::optional<bool> cover;
    std::optional<bool> hidden;
    std::optional<bool> plunging_fire;
    std::optional<bool> in_engagement_range;
    // Light and senses (true-los, when the scenario uses them: rules/table_senses.h): the tier
    // ("seen", "outline", "unseen"), the senses that detect the target, and the light where
    // the witness meets it ("bright", "dim", "dark"; empty when not visible).
    std::optional<std::string> tier;
    std::vector<std::string> senses;
    std::string light;
    // Each reason names pieces and models by their labels (name, else id: what the board
    // and the sheet show); reason_ids[k] holds the ids reasons[k] cites, in order.
    std::vector<std::string> reasons;
    std::vector<std::vector<std::string>> reason_ids;
};

// Only the decision and its witness: what the method finds to the target's top.
std::optional<Segment> findSightLine(const Scene& scene, int observer, int target, Method method);

// Which of the observers see which of the targets (exact), and whether fully: the
// decisions only, without witnesses' refinement or fractions. cells[i * targets + j].
struct MatrixCell {
    bool visible = false;
    bool fully_visible = false;
    bool undecided = false;  // as PairResult::undecided
};
std::vector<MatrixCell> visibilityMatrix(const Scene& scene, const std::vector<int>& observers,
                                         const std::vector<int>& targets);

// How much of a pair's result to work out: every field, or the decisions a ruling needs
// (visible, fully visible, a witness or the blocking set) without the share seen and
// without refining the witness to the clearest line: what a unit ruling recomputes while a
// model is dragged.
enum class Detail { Full, Decisions };

// Every result field for the pair. fully_visible and visible_fraction follow the method's
// sample points (see the README: they are estimates for `center` and `sampled`).
PairResult evaluatePair(const Scene& scene, int observer, int target, Method method, Detail detail = Detail::Full);

}  // namespace sl
