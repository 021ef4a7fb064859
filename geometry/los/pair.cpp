// The pair layer: a method by name, the decision, every result field of a pair, and the
// exact visibility matrix, each dispatching to the methods.
#include "los/pair.h"

#include "kernel/base.h"
#include "los/coverage.h"
#include "los/exact_los.h"
#include "los/sampled.h"

namespace sl {

std::string_view methodName(Method method) {
    switch (method) {
    case Method::Center: return "center";
    case Method::Sampled: return "sampled";
    case Method::Exact: break;
    }
    return "exact";
}

std::optional<Method> parseMethod(std::string_view name) {
    if (name == "center") return Method::Center;
    if (name == "sampled") return Method::Sampled;
    if (name == "exact") return Method::Exact;
    return std::nullopt;
}

std::optional<Segment> findSightLine(const Scene& scene, int observer, int target, Method method) {
    const Model& o = scene.scenario().models[observer];
    const Model& t = scene.scenario().models[target];
    const ModelMask ignored = scene.ignoredModels(observer, target);
    if (method == Method::Exact) {
        const ExactAnswer a = decideExact(scene, scene.modelRegion(observer), o.top(), scene.modelRegion(target), t.top(),
                                          ignored, Witness::First);
        if (!a.visible) return std::nullopt;
        return Segment{a.witness->p, a.witness->q};
    }
    return sampledSightLine(scene, ignored, o, t, method == Method::Center ? kCentreOnly : sampledPointsPerBase(o, t));
}

std::vector<MatrixCell> visibilityMatrix(const Scene& scene, const std::vector<int>& observers,
                                         const std::vector<int>& targets) {
    std::vector<MatrixCell> cells(observers.size() * targets.size());
    for (size_t i = 0; i < observers.size(); ++i) {
        const Model& o = scene.scenario().models[observers[i]];
        const Region& from = scene.modelRegion(observers[i]);
        for (size_t j = 0; j < targets.size(); ++j) {
            if (observers[i] == targets[j]) continue;
            const Model& t = scene.scenario().models[targets[j]];
            const ModelMask ignored = scene.ignoredModels(observers[i], targets[j]);
            const ExactAnswer a =
                decideExact(scene, from, o.top(), scene.modelRegion(targets[j]), t.top(), ignored, Witness::First);
            MatrixCell& c = cells[i * targets.size() + j];
            c.visible = a.visible;
            c.undecided = a.undecided;
            if (a.visible) {
                const FullView full = fullyVisible(scene, from, o, scene.modelRegion(targets[j]), t, ignored, a.witness->p);
                c.fully_visible = full.outcome == FullView::Outcome::Yes;
                c.undecided = full.outcome == FullView::Outcome::Undecided;
            }
        }
    }
    return cells;
}

namespace {

// The fields every method fills alike: the pair, the distance, the centre line's blockers.
PairResult startResult(const Scene& scene, int observer, int target, Method method, const ModelMask& ignored) {
    const Model& o = scene.scenario().models[observer];
    const Model& t = scene.scenario().models[target];
    PairResult r;
    r.observer = o.id;
    r.target = t.id;
    r.method = method;
    r.distance = baseDistance(o, t);
    r.blocked_by = scene.blockersOf({o.position, t.position, o.top(), t.top()}, ignored);
    return r;
}

// The exact fields: the clearest witness or the blocking set, then fully_visible and
// visible_fraction from exact decisions for single points of the target's base.
PairResult evaluateExact(const Scene& scene, int observer, int target, Detail detail) {
    const Model& o = scene.scenario().models[observer];
    const Model& t = scene.scenario().models[target];
    const ModelMask ignored = scene.ignoredModels(observer, target);
    PairResult r = startResult(scene, observer, target, Method::Exact, ignored);
    const Region& from = scene.modelRegion(observer);
    const ExactAnswer a = decideExact(scene, from, o.top(), scene.modelRegion(target), t.top(), ignored,
                                      detail == Detail::Full ? Witness::Clearest : Witness::First);
    r.visible = a.visible;
    r.undecided = a.undecided;
    if (!a.visible) {
        r.blocking_set = scene.idsOf(a.cover);
        return r;
    }
    r.witness = Segment{a.witness->p, a.witness->q};
    if (detail == Detail::Full) r.clearance = a.witness->clearance;
    // From the first line found, not the clearest: fully visible's search (which may end
    // undecided at a knife edge) is then the same whatever the detail asked for.
    const FullView full = fullyVisible(scene, from, o, scene.modelRegion(target), t, ignored, a.first->p);
    r.fully_visible = full.outcome == FullView::Outcome::Yes;
    r.hidden_point = full.hidden;
    r.undecided = full.outcome == FullView::Outcome::Undecided;
    if (r.fully_visible) {
        r.visible_fraction = 1;
        return r;
    }
    if (detail == Detail::Decisions) {
        r.fraction_known = false;
        return r;
    }
    r.visible_fraction = visibleFraction(scene, from, o, t, ignored, a.witness->p);
    return r;
}

}  // namespace

PairResult evaluatePair(const Scene& scene, int observer, int target, Method method, Detail detail) {
    if (method == Method::Exact) return evaluateExact(scene, observer, target, detail);
    const Model& o = scene.scenario().models[observer];
    const Model& t = scene.scenario().models[target];
    const ModelMask ignored = scene.ignoredModels(observer, target);
    PairResult r = startResult(scene, observer, target, method, ignored);
    r.witness = findSightLine(scene, observer, target, method);
    r.visible = r.witness.has_value();

    // Estimates over the method's points (all 9 for `sampled`, whatever the phases tried).
    const SampledCoverage c = sampledCoverage(scene, ignored, o, t, method == Method::Center ? kCentreOnly : kBoundary);
    // (Its tops unseen, it is not fully visible, whatever its feet: under a walkway a line
    // to a foot may pass where the lines to the tops do not.)
    r.fully_visible = r.visible && c.fully_visible;
    r.visible_fraction = r.visible ? c.visible_fraction : 0;
    return r;
}

}  // namespace sl
