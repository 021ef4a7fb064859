// Time per pair of the decision methods, and of a pair's full result, on the demo and on
// generated tables. Run: build/tests/bench/bench_sightline (see the README).
#include "scenario_io.h"
#include "scene.h"
#include "sightline.h"
#include "table_generator.h"

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <iostream>
#include <memory>

using namespace sl;

namespace {

struct Table {
    Scenario scenario;
    std::unique_ptr<Scene> scene;
    std::vector<std::pair<int, int>> pairs;
};

Table prepare(Scenario s) {
    Table t;
    t.scenario = std::move(s);
    t.scene = std::make_unique<Scene>(t.scenario);
    for (size_t o = 0; o < t.scenario.models.size(); ++o)
        for (size_t g = 0; g < t.scenario.models.size(); ++g)
            if (t.scenario.models[o].side != t.scenario.models[g].side)
                t.pairs.emplace_back(static_cast<int>(o), static_cast<int>(g));
    return t;
}

const Table& demo() {
    static const Table t = [] {
        io::ReadResult r = io::readScenarioFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/demo.sightline.json"));
        if (!r.scenario) {
            std::cerr << "cannot read the demo scenario\n";
            std::exit(2);
        }
        return prepare(std::move(*r.scenario));
    }();
    return t;
}

const Table& generated40() {
    static const Table t = prepare(testing::randomTable(40, 40, 10));
    return t;
}

const Table& generated200() {
    static const Table t = prepare(testing::randomTable(200, 200, 10, 24));
    return t;
}

// One iteration decides one pair; the pairs are cycled so the time is the mean per pair.
template <const Table& (*T)(), Method M>
void decide(benchmark::State& state) {
    const Table& t = T();
    size_t i = 0, visible = 0;
    for (auto _ : state) {
        const auto& [o, g] = t.pairs[i++ % t.pairs.size()];
        const auto w = findSightLine(*t.scene, o, g, M);
        visible += w.has_value();
        benchmark::DoNotOptimize(w);
    }
    state.counters["visible_share"] = static_cast<double>(visible) / static_cast<double>(state.iterations());
}

template <const Table& (*T)(), Method M>
void fullResult(benchmark::State& state) {
    const Table& t = T();
    size_t i = 0;
    for (auto _ : state) {
        const auto& [o, g] = t.pairs[i++ % t.pairs.size()];
        benchmark::DoNotOptimize(evaluatePair(*t.scene, o, g, M));
    }
}

template <const Table& (*T)()>
void buildScene(benchmark::State& state) {
    const Table& t = T();
    for (auto _ : state) {
        Scene scene(t.scenario);
        benchmark::DoNotOptimize(scene.blockers().size());
    }
}

}  // namespace

BENCHMARK(decide<demo, Method::Center>)->Name("decide/demo/center");
BENCHMARK(decide<demo, Method::Sampled>)->Name("decide/demo/sampled");
BENCHMARK(decide<generated40, Method::Center>)->Name("decide/table40/center");
BENCHMARK(decide<generated40, Method::Sampled>)->Name("decide/table40/sampled");
BENCHMARK(decide<generated200, Method::Center>)->Name("decide/table200x24/center");
BENCHMARK(decide<generated200, Method::Sampled>)->Name("decide/table200x24/sampled");
BENCHMARK(decide<demo, Method::Exact>)->Name("decide/demo/exact");
BENCHMARK(decide<generated40, Method::Exact>)->Name("decide/table40/exact");
BENCHMARK(decide<generated200, Method::Exact>)->Name("decide/table200x24/exact");
BENCHMARK(fullResult<demo, Method::Sampled>)->Name("pair_result/demo/sampled");
BENCHMARK(fullResult<demo, Method::Exact>)->Name("pair_result/demo/exact")->Unit(benchmark::kMillisecond);
BENCHMARK(fullResult<generated40, Method::Sampled>)->Name("pair_result/table40/sampled");
BENCHMARK(buildScene<demo>)->Name("build_scene/demo")->Unit(benchmark::kMicrosecond);
BENCHMARK(buildScene<generated40>)->Name("build_scene/table40")->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
