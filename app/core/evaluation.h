// Answering a scenario's questions: which pairs to evaluate, their results as JSON, and
// how results compare with a query's expectations. Shared by the CLI and the tests.
#pragma once

#include "kernel/types.h"
#include "los/pair.h"
#include "los/scene.h"
#include "rules/rulings.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <vector>

namespace sl {

struct PlannedPair {
    int observer = -1;
    int target = -1;
    int query = -1;  // index into scenario.queries, or -1 when not from a query
};

// The file's queries; with none, every ordered pair of models on different sides.
std::vector<PlannedPair> plannedPairs(const Scene& scene);

// The result fields of the CLI contract.
QJsonObject resultToJson(const PairResult& result);

// The result fields that `expect` may name.
QStringList knownResultFields();

// A fraction seen as a whole percentage that never rounds to a wrong "all" or "none":
// 100 only when all is seen, 0 only when nothing is.
int percentSeen(double fraction);

// One line per expectation the result does not meet; empty when all are met.
QStringList mismatches(const PairResult& result, const Query& query);

// The fields a unit query's `expect` may name: unit_visible, unit_fully_visible,
// unit_cover, unit_plunging_fire (rulesets.md, "Per model, per unit").
QStringList knownUnitFields();

// The same for a unit ruling and a unit query.
QStringList unitMismatches(const UnitRuling& ruling, const Query& query);

// A query answered and checked, a pair or a unit query alike; `undecided` says whether an
// answer rests on a knife edge (not visible without a proof).
QStringList queryMismatches(const Rulings& rulings, const Scene& scene, const Query& query, Method method,
                            bool* undecided = nullptr);

}  // namespace sl
