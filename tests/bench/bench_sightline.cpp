// Time per pair of the decision methods, and of a pair's full result, on the demo and on
// generated tables. Run: build/tests/bench/bench_sightline (see the README).
#include "analysis/exposure.h"
#include "analysis/vision_map.h"
#include "board_renderer.h"
#include "board_view.h"
#include "grid/fog.h"
#include "grid/fov.h"
#include "grid/perception.h"
#include "los/pair.h"
#include "los/scene.h"
#include "rules/rulings.h"
#include "ruling_sheet.h"
#include "scenario_document.h"
#include "scenario_io.h"
#include "table_generator.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QPainter>
#include <QTemporaryDir>
#include <QMouseEvent>
#include <QThread>
#include <benchmark/benchmark.h>
#include <libtcod/fov.h>

#include <algorithm>
#include <random>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <sys/resource.h>
#include <unistd.h>
#include <map>
#include <cstdlib>
#include <iostream>
#include <memory>

using namespace sl;

namespace {

// Correctness counters (answers that differ from a reference, moves refused): each must be
// zero on every case, and the run fails when one is not (the smoke run under ctest too).
std::vector<std::string>& failures() {
    static std::vector<std::string> list;
    return list;
}
void mustBeZero(benchmark::State& state, const std::string& what, const char* counter, double value) {
    state.counters[counter] = value;
    if (value != 0) failures().push_back(what + ": " + counter + " = " + std::to_string(value) + ", not 0");
}

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

// The median, mean and slowest time of one decision over all the table's pairs, for each
// method, each pair timed on its own (reported in microseconds as counters, e.g.
// exact_us, exact_mean_us, exact_max_us; the benchmark's own time is the whole sweep).
// The slowest exact pairs are printed to stderr with their times.
template <const Table& (*T)()>
void medians(benchmark::State& state) {
    const Table& t = T();
    std::map<Method, std::vector<double>> times;
    for (auto _ : state) {
        for (Method m : {Method::Center, Method::Sampled, Method::Exact}) {
            std::vector<double>& us = times[m];
            us.clear();
            for (const auto& [o, g] : t.pairs) {
                const auto start = std::chrono::steady_clock::now();
                benchmark::DoNotOptimize(findSightLine(*t.scene, o, g, m));
                us.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count());
            }
        }
    }
    for (const auto& [m, us] : times) {
        std::vector<double> sorted = us;
        std::sort(sorted.begin(), sorted.end());
        double sum = 0;
        for (double v : sorted) sum += v;
        const std::string name(methodName(m));
        state.counters[name + "_us"] = sorted[sorted.size() / 2];
        state.counters[name + "_mean_us"] = sum / static_cast<double>(sorted.size());
        state.counters[name + "_max_us"] = sorted.back();
    }
    std::vector<size_t> order(t.pairs.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    const std::vector<double>& exact = times[Method::Exact];
    std::sort(order.begin(), order.end(), [&](size_t x, size_t y) { return exact[x] > exact[y]; });
    std::cerr << "slowest exact pairs:";
    for (size_t k = 0; k < std::min<size_t>(3, order.size()); ++k) {
        const auto& [o, g] = t.pairs[order[k]];
        std::cerr << " " << t.scenario.models[o].id << "->" << t.scenario.models[g].id << " " << static_cast<int>(exact[order[k]]) << " us";
    }
    std::cerr << "\n";
}

// Two armies of 50 32 mm models deployed 6" from the short edges of the 40-piece table.
const Table& armies() {
    static const Table t = [] {
        Scenario s = testing::randomTable(40, 40, 0);
        for (int side = 0; side < 2; ++side)
            for (int i = 0; i < 50; ++i) {
                Model m;
                char id[16];
                std::snprintf(id, sizeof id, "%c%d", side ? 'r' : 'b', i);
                m.id = id;
                m.side = side ? "red" : "blue";
                m.unit = std::string(m.side) + std::to_string(i / 10);
                m.base = {BaseShape::Circle, 32, 32};
                m.position = {side ? 52.0 + (i % 5) * 1.5 : 2.0 + (i % 5) * 1.5, 3.0 + (i / 5) * 4.0};
                m.height = 1.75;
                s.models.push_back(std::move(m));
            }
        return prepare(std::move(s));
    }();
    return t;
}

// The whole 50 x 50 matrix, exact, with fully visible: one iteration is all 2500 pairs.
void armiesMatrix(benchmark::State& state) {
    const Table& t = armies();
    std::vector<int> blue, red;
    for (int i = 0; i < 50; ++i) {
        blue.push_back(i);
        red.push_back(50 + i);
    }
    size_t visible = 0;
    for (auto _ : state) {
        const auto cells = visibilityMatrix(*t.scene, blue, red);
        visible = 0;
        for (const auto& c : cells) visible += c.visible;
        benchmark::DoNotOptimize(cells.data());
    }
    state.counters["visible_share"] = static_cast<double>(visible) / 2500.0;
}

// What the window does for each mouse move while a model is dragged with "observer against
// all enemies" on: the scene rebuilt for the moved model, then the observer decided against
// each of the 50 enemies (exact). The observer walks a small path so that each step is new.
void dragRecompute(benchmark::State& state) {
    Scenario s = armies().scenario;
    const int observer = 10;
    const Vec2 start = s.models[observer].position;
    size_t visible = 0;
    int step = 0;
    for (auto _ : state) {
        s.models[observer].position = start + Vec2{0.05 * (step % 40), 0.03 * (step % 40)};
        ++step;
        Scene scene(s);
        const render::Overlay overlay = render::enemiesOverlay(scene, observer);
        visible = 0;
        for (const auto& [target, seen] : overlay.enemies) visible += seen;
        benchmark::DoNotOptimize(visible);
    }
    state.counters["enemies_seen"] = static_cast<double>(visible);
}

// The same for one picked pair on the demo: the scene rebuilt, then the pair's full ruling
// and its red lines (b-int-1 against r-nob, hidden behind the south-east ruin).
void dragPair(benchmark::State& state) {
    Scenario s = demo().scenario;
    const int observer = demo().scene->modelIndex("b-int-1");
    const int target = demo().scene->modelIndex("r-nob");
    const Vec2 start = s.models[observer].position;
    int step = 0;
    for (auto _ : state) {
        s.models[observer].position = start + Vec2{0.05 * (step % 40), 0.03 * (step % 40)};
        ++step;
        Scene scene(s);
        const render::Overlay overlay = render::pairOverlay(scene, observer, target, Method::Exact);
        benchmark::DoNotOptimize(overlay.blocked.size());
    }
}

// The official layout with two units of ten INFANTRY (scenarios/wh40k-11e/12-...), 11th edition.
const Table& officialUnits() {
    static const Table t = [] {
        io::ReadResult r = io::readScenarioFile(
            QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/wh40k-11e/12-official-layout-units.sightline.json"));
        if (!r.scenario) {
            std::cerr << "cannot read the official layout with two units\n";
            std::exit(2);
        }
        return prepare(std::move(*r.scenario));
    }();
    return t;
}

// The processor time this process has had so far, all threads (ms).
double processCpuMs() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

// Per-step times as counters: mean, median, 90th percentile and slowest, in milliseconds.
void stepCounters(benchmark::State& state, std::vector<double> ms) {
    if (ms.empty()) return;
    std::sort(ms.begin(), ms.end());
    double sum = 0;
    for (double v : ms) sum += v;
    state.counters["mean_ms"] = sum / static_cast<double>(ms.size());
    state.counters["median_ms"] = ms[ms.size() / 2];
    state.counters["p90_ms"] = ms[std::min(ms.size() - 1, ms.size() * 9 / 10)];
    state.counters["max_ms"] = ms.back();
}

// What the window does for each mouse move while a model is dragged in Unit Against Unit:
// the scene rebuilt for the moved model, the rulings made for it, every model of the
// attacking unit against every model of the target unit (exact, 11th edition: obscuring
// areas, cover, hidden, plunging fire), and the board's overlay. A model of the target unit
// walks a small path so that each step is new.
void dragUnitVsUnit(benchmark::State& state) {
    Scenario s = officialUnits().scenario;
    const int moved = officialUnits().scene->modelIndex("boy-3");
    const Vec2 start = s.models[moved].position;
    std::vector<double> ms;
    int step = 0, visible = 0, provisional = 0, over = 0, overUnscheduled = 0;
    double late = 0;  // the most a step ran past its time (ms)
    RulingCache cache;
    KeptTable table;  // as the window keeps its scene, rulings and wall scenes across the steps
    for (auto _ : state) {
        const auto t0 = std::chrono::steady_clock::now();
        const double cpu0 = processCpuMs();
        // A new place every step (a drag never comes back to the same point exactly).
        s.models[moved].position = start + Vec2{-std::fmod(0.0137 * step, 3.0), std::fmod(0.0071 * step, 1.5)};
        ++step;
        Rulings& rulings = table.follow(s);
        Scene& scene = table.scene();
        if (step > 1) {  // a drag step's proofs, as the window's (the mode is entered with a full ruling),
            scene.setEffort(Scene::Effort::Quick);  // on the step's time from its start
            scene.setQuickDeadline(t0 + gui::BoardView::kUnitStepTime);
        }
        rulings.setCache(&cache);  // as the window keeps one across the steps of a drag
        const UnitRuling u = rulings.units("intercessors", "boyz", Method::Exact, Detail::Decisions);
        const render::Overlay overlay = render::unitOverlay(u);
        benchmark::DoNotOptimize(overlay.pairLines.size());
        visible = 0;
        for (const auto& row : u.pairs)
            for (const PairResult& r : row) {
                visible += r.visible;
                provisional += r.provisional;
            }
        const double took = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        ms.push_back(took);
        if (step == 1) continue;
        late = std::max(late, took - std::chrono::duration<double, std::milli>(gui::BoardView::kUnitStepTime).count());
        if (took >= 16) {
            // Over a frame: said with the processor time the step had (both threads). Much less
            // than its wall time means the machine ran something else meanwhile.
            const double cpu = processCpuMs() - cpu0;
            ++over;
            overUnscheduled += cpu < 0.75 * took;
            std::fprintf(stderr, "unit_vs_unit: step %d took %.1f ms with %.1f ms of processor time\n", step, took, cpu);
        }
    }
    // The first step decides every pair (the mode just switched on); the steps after it only
    // the moved model's pairs.
    if (!ms.empty()) state.counters["first_ms"] = ms.front();
    if (ms.size() > 1) ms.erase(ms.begin());
    stepCounters(state, ms);
    state.counters["late_ms"] = late;
    // Steps of 16 ms or more, and of those the ones that had less processor time than 3/4
    // of their wall time (the process was not running: not the proofs' doing).
    state.counters["steps_over_16ms"] = over;
    state.counters["over_16ms_unscheduled"] = overUnscheduled;
    state.counters["pairs_seen"] = visible;
    // Pairs (summed over the steps) a quick proof left to the full one once the model is down.
    state.counters["provisional_pairs"] = provisional;
}

// ---- Stress: the generated large table (tests/table_generator.h, stressTable: 1,000
// models of every base shape, 500 pieces of up to 64 corners, overlapping, abutting, yards
// with holes, on a 120" x 88" table). Each case once; peak_rss_mb is the process's peak so far.

double peakRssMb() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_maxrss) / 1024.0;
}

const Scenario& stressScenario() {
    static const Scenario s = testing::stressTable(1);
    return s;
}

// The table as a file (written once), for the time to read it.
const QString& stressFile() {
    static const QString path = [] {
        static QTemporaryDir dir;
        const QString p = dir.filePath(QStringLiteral("stress.sightline.json"));
        QString error;
        if (!io::saveScenarioFile(stressScenario(), p, &error)) {
            std::cerr << qPrintable(error) << '\n';
            std::exit(2);
        }
        return p;
    }();
    return path;
}

const Scene& stressScene() {
    static const Scene scene(stressScenario());
    return scene;
}

void stressLoad(benchmark::State& state) {
    const QString path = stressFile();
    size_t pieces = 0, models = 0;
    for (auto _ : state) {
        const io::ReadResult r = io::readScenarioFile(path);
        if (!r.scenario) {
            state.SkipWithError("the stress table does not read back");
            return;
        }
        pieces = r.scenario->terrain.size();
        models = r.scenario->models.size();
    }
    state.counters["pieces"] = static_cast<double>(pieces);
    state.counters["models"] = static_cast<double>(models);
    state.counters["file_mb"] = static_cast<double>(QFileInfo(path).size()) / 1e6;
    state.counters["peak_rss_mb"] = peakRssMb();
}

void stressPrepare(benchmark::State& state) {
    for (auto _ : state) {
        const Scene scene(stressScenario());
        benchmark::DoNotOptimize(scene.blockers().size());
    }
    state.counters["peak_rss_mb"] = peakRssMb();
}

// One observer against every enemy (about 500), exact, with fully visible: the window's
// "All Enemies" on the stress table.
void stressObserverVsAll(benchmark::State& state) {
    const Scene& scene = stressScene();
    const auto& models = stressScenario().models;
    std::vector<int> enemies;
    for (int i = 0; i < static_cast<int>(models.size()); ++i)
        if (models[static_cast<size_t>(i)].side != models[0].side) enemies.push_back(i);
    size_t visible = 0, undecided = 0;
    for (auto _ : state) {
        const auto cells = visibilityMatrix(scene, {0}, enemies);
        visible = undecided = 0;
        for (const MatrixCell& c : cells) {
            visible += c.visible;
            undecided += c.undecided;
        }
    }
    state.counters["enemies"] = static_cast<double>(enemies.size());
    state.counters["seen"] = static_cast<double>(visible);
    state.counters["undecided"] = static_cast<double>(undecided);
    state.counters["peak_rss_mb"] = peakRssMb();
}

// 100 models of one side against 100 of the other, exact, with fully visible.
void stressMatrix(benchmark::State& state) {
    const Scene& scene = stressScene();
    const auto& models = stressScenario().models;
    std::vector<int> red, blue;
    for (int i = 0; i < static_cast<int>(models.size()); ++i) {
        std::vector<int>& side = models[static_cast<size_t>(i)].side == "red" ? red : blue;
        if (side.size() < 100) side.push_back(i);
    }
    size_t visible = 0, undecided = 0;
    for (auto _ : state) {
        const auto cells = visibilityMatrix(scene, red, blue);
        visible = undecided = 0;
        for (const MatrixCell& c : cells) {
            visible += c.visible;
            undecided += c.undecided;
        }
    }
    state.counters["pairs"] = static_cast<double>(red.size() * blue.size());
    state.counters["seen"] = static_cast<double>(visible);
    state.counters["undecided"] = static_cast<double>(undecided);
    state.counters["peak_rss_mb"] = peakRssMb();
}

// The application the window-drawing cases need (offscreen), made once and never destroyed:
// the input devices outlive it at exit.
void ensureApplication() {
    static int argc = 1;
    static char name[] = "bench_sightline";
    static char* argv[] = {name, nullptr};
    qputenv("QT_QPA_PLATFORM", "offscreen");
    if (!QCoreApplication::instance()) new QApplication(argc, argv);
}

// The table drawn as sightline-cli render draws it: 1,800 pixels across.
void stressRender(benchmark::State& state) {
    ensureApplication();
    const Scenario& s = stressScenario();
    for (auto _ : state) {
        QImage image(1800, static_cast<int>(1800 * s.board.height / s.board.width), QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::white);
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        const double scale = 1800 / s.board.width;
        render::BoardRenderer(s).paint(painter, QTransform::fromScale(scale, scale), render::Overlay{});
        painter.end();
        benchmark::DoNotOptimize(image.constBits());
    }
    state.counters["peak_rss_mb"] = peakRssMb();
}

// What the player sees while dragging in Unit Against Unit: the window itself (its board
// view, off screen) with Boy 3 moved along the same path by a mouse at 60 moves a second,
// as the drag does (one merged edit per move). For each move, the time until the board
// shows a ruling of that move or a later one: the lag of the lines behind the mouse. A
// step that takes long is given up when a newer one waits (BoardView::giveUpIfStale).
void windowDrag(benchmark::State& state) {
    ensureApplication();
    constexpr int kMoves = 120;
    constexpr double kEveryMs = 1000.0 / 60;
    std::vector<double> lags, settle;
    int givenUp = 0, shown = 0, moves = 0, provisional = 0;
    for (auto _ : state) {
        ScenarioDocument document;
        if (!document.open(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/wh40k-11e/12-official-layout-units.sightline.json"),
                           nullptr)) {
            state.SkipWithError("cannot open the official layout with two units");
            return;
        }
        gui::BoardView view(&document);
        const int boy = view.modelIndex(QStringLiteral("boy-3"));
        view.setObserver(view.modelIndex(QStringLiteral("intercessor-3")));
        view.setTarget(boy);
        view.setUnitMode(gui::BoardView::UnitMode::UnitVsUnit);
        while (view.unitRulingPending()) QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
        const Vec2 start = document.scenario().models[boy].position;
        // The mouse held on the Boy: the moves are a drag's (quick proofs, see BoardView).
        auto mouse = [&](QEvent::Type type, Vec2 where) {
            const QPointF p = view.toWidget(QPointF(where.x, where.y));
            QMouseEvent e(type, p, view.mapToGlobal(p), Qt::LeftButton,
                          type == QEvent::MouseButtonRelease ? Qt::NoButton : Qt::LeftButton, Qt::NoModifier);
            QCoreApplication::sendEvent(&view, &e);
        };
        mouse(QEvent::MouseButtonPress, start);
        mouse(QEvent::MouseMove, start + Vec2{-3, 1.5});  // (past the drag distance: a drag, not a click)
        while (view.unitRulingPending()) QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
        std::vector<quint64> asked;
        std::vector<double> at, seen;
        QElapsedTimer clock;
        clock.start();
        auto look = [&] {
            const double now = clock.nsecsElapsed() / 1e6;
            for (size_t i = 0; i < asked.size(); ++i)
                if (seen[i] < 0 && asked[i] <= view.unitRulingShown()) seen[i] = now;
        };
        QObject::connect(&view, &gui::BoardView::rulingChanged, look);
        for (int i = 0; i < kMoves; ++i) {
            while (clock.nsecsElapsed() / 1e6 < i * kEveryMs) {
                QCoreApplication::processEvents(QEventLoop::AllEvents, 1);
                QThread::usleep(200);
            }
            const int step = moves + i;
            const Vec2 to = start + Vec2{-std::fmod(0.0137 * step, 3.0), std::fmod(0.0071 * step, 1.5)};
            edits::Selection moved;
            moved.models = {boy};
            const Vec2 by = to - document.scenario().models[boy].position;
            document.edit(QStringLiteral("Move"), [moved, by](Scenario& s) { edits::moveSelection(s, moved, by); }, 1);
            asked.push_back(view.unitRulingAsked());
            at.push_back(clock.nsecsElapsed() / 1e6);
            seen.push_back(-1);
        }
        while (view.unitRulingPending()) {
            QCoreApplication::processEvents(QEventLoop::AllEvents, 1);
            QThread::usleep(200);
        }
        look();
        // Put down: what the quick proofs left open is decided in full.
        const double down = clock.nsecsElapsed() / 1e6;
        provisional += view.unitRulingProvisional();
        mouse(QEvent::MouseButtonRelease, document.scenario().models[boy].position);
        while (view.unitRulingPending()) {
            QCoreApplication::processEvents(QEventLoop::AllEvents, 1);
            QThread::usleep(200);
        }
        if (view.unitRulingProvisional()) {
            state.SkipWithError("still being worked out after the model was put down");
            return;
        }
        settle.push_back(clock.nsecsElapsed() / 1e6 - down);
        for (size_t i = 0; i < asked.size(); ++i)
            if (seen[i] >= 0) lags.push_back(seen[i] - at[i]);
        moves += kMoves;
        givenUp += view.unitRulingsGivenUp();
        shown += static_cast<int>(std::count_if(seen.begin(), seen.end(), [](double t) { return t >= 0; }));
    }
    stepCounters(state, lags);
    state.counters["moves"] = moves;
    state.counters["moves_answered"] = shown;  // (every move: a ruling of it or a later one came)
    mustBeZero(state, "window lag", "moves_unanswered", moves - shown);
    state.counters["given_up"] = givenUp;
    // Put down: drags whose last answer had pairs being worked out, and the slowest time
    // from the release to the full answer.
    state.counters["put_down_provisional"] = provisional;
    state.counters["put_down_max_ms"] = settle.empty() ? 0 : *std::max_element(settle.begin(), settle.end());
}

// Layout analysis: one observer's vision map on one thread, 1" cells (the README gives the
// CLI's 0.5" figures), for a 32 mm 1.75" infantry probe: on the demo, and on the official
// layout Purge vs Purge 01 (11th edition) with the observer in the attacker's zone.
void visionMapBench(benchmark::State& state, const char* file, const char* observerId, Vec2 at, double spacing) {
    io::ReadResult r = io::readScenarioFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/") + QLatin1String(file));
    if (!r.scenario) {
        state.SkipWithError("cannot read the scenario");
        return;
    }
    Scenario s = *r.scenario;
    // The observer: a model by its id, or every model of the unit of that name.
    std::vector<int> observers;
    for (int i = 0; i < static_cast<int>(s.models.size()); ++i)
        if (s.models[i].id == observerId || s.models[i].unit == observerId) observers.push_back(i);
    if (observers.empty()) {  // (a layout has no models: one is placed)
        Model m = analysis::probeModel(analysis::Probe{}, at);
        m.id = m.name = observerId;
        m.side = m.unit = "watchers";
        s.models.push_back(m);
        observers.push_back(static_cast<int>(s.models.size()) - 1);
    }
    analysis::Run run;
    run.threads = 1;
    int cells = 0, hidden = 0;
    double us = 0;
    for (auto _ : state) {
        const auto t0 = std::chrono::steady_clock::now();
        const analysis::VisionMap map = analysis::visionMap(s, observers, analysis::Probe{}, spacing, run);
        us += std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
        cells = map.grid.cells();
        hidden = analysis::tally(map).hidden;
    }
    state.counters["cells"] = cells;
    state.counters["hidden_cells"] = hidden;
    state.counters["us_per_cell"] = us / std::max(1.0, static_cast<double>(cells) * static_cast<double>(state.iterations()));
}

// The exposure map of the attacker's zone of Purge vs Purge 01 (11th edition), a 32 mm
// 1.75" model at each place and on each cell, on two threads: 2" cells, places 4" apart
// (the README gives the CLI's figures for finer grids). Counted: places, cells, pair
// decisions, microseconds per pair.
void exposureBench(benchmark::State& state) {
    io::ReadResult r = io::readScenarioFile(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/layouts/11e/bm-purge-vs-purge-01.sightline.json"));
    if (!r.scenario) {
        state.SkipWithError("cannot read the scenario");
        return;
    }
    int zone = -1;
    for (int z = 0; z < static_cast<int>(r.scenario->zones.size()); ++z)
        if (r.scenario->zones[z].id == "deployment-attacker") zone = z;
    analysis::ExposureOptions options;
    options.spacing = 2;
    options.zoneSpacing = 4;
    analysis::Run run;
    run.threads = 2;
    double pairs = 0, us = 0;
    int places = 0, cells = 0, none = 0;
    for (auto _ : state) {
        const auto t0 = std::chrono::steady_clock::now();
        const analysis::ExposureMap map = analysis::exposureMap(*r.scenario, zone, analysis::Probe{}, analysis::Probe{}, options, run);
        us += std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
        places = static_cast<int>(map.positions.size());
        cells = none = 0;
        for (const analysis::ExposureCell& c : map.cells) {
            cells += !c.overlap;
            none += !c.overlap && c.seen == 0;
        }
        pairs += static_cast<double>(places) * cells;
    }
    state.counters["places"] = places;
    state.counters["cells"] = cells;
    state.counters["hidden_from_all"] = none;
    state.counters["us_per_pair"] = us / std::max(1.0, pairs);
}

// The same for Observer Against All Enemies: an Intercessor dragged, decided against the
// ten Boyz under the ruleset with a drag step's quick proofs (BoardView::kEnemiesStepTime).
void dragObserverVsAll(benchmark::State& state) {
    Scenario s = officialUnits().scenario;
    const int observer = officialUnits().scene->modelIndex("intercessor-3");
    const Vec2 start = s.models[observer].position;
    std::vector<double> ms;
    int step = 0, seen = 0, open = 0;
    for (auto _ : state) {
        const auto t0 = std::chrono::steady_clock::now();
        s.models[observer].position = start + Vec2{0.1 * (step % 30), -0.05 * (step % 30)};
        ++step;
        Scene scene(s);
        scene.setEffort(Scene::Effort::Quick);  // a drag step's proofs, as the window's
        scene.setQuickDeadline(Scene::Clock::now() + gui::BoardView::kEnemiesStepTime);
        const render::Overlay overlay = render::enemiesOverlay(scene, observer);
        open += static_cast<int>(overlay.enemiesOpen.size());
        seen = 0;
        for (const auto& [target, v] : overlay.enemies) seen += v;
        ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    stepCounters(state, ms);
    state.counters["enemies_seen"] = seen;
    // Enemies (summed over the steps) left to the full proofs once the Intercessor is down.
    state.counters["enemies_open"] = open;
}

// Tile-map field of view: ours and libtcod's FOV_SYMMETRIC_SHADOWCAST on the same 200x200
// map with 20% walls, from the same 200 floor tiles, in one run; the counters give each one's
// time per call and the ratio (ours / libtcod). The radius is the benchmark's argument.
void fovAgainstLibtcod(benchmark::State& state) {
    const int W = 200, H = 200, radius = static_cast<int>(state.range(0));
    std::mt19937 rng(20);
    std::vector<std::uint8_t> transparent(W * H);
    TCOD_Map* map = TCOD_map_new(W, H);
    for (int i = 0; i < W * H; ++i) {
        transparent[i] = rng() % 5 != 0;
        TCOD_map_set_properties(map, i % W, i / W, transparent[i], transparent[i]);
    }
    std::vector<std::pair<int, int>> origins;
    while (origins.size() < 200) {
        const int x = static_cast<int>(rng() % W), y = static_cast<int>(rng() % H);
        if (transparent[y * W + x]) origins.emplace_back(x, y);
    }
    sl::grid::FovBuffer buffer;
    double ours = 0, theirs = 0;
    // Every origin's set is libtcod's (checked once, untimed: the sets do not change).
    size_t differ = 0;
    for (auto [x, y] : origins) {
        sl::grid::fieldOfView(transparent, W, H, x, y, {radius, sl::grid::RadiusShape::Euclid, true}, buffer);
        TCOD_map_compute_fov(map, x, y, radius, true, FOV_SYMMETRIC_SHADOWCAST);
        for (int i = 0; i < W * H; ++i) differ += static_cast<bool>(buffer.visible[i]) != TCOD_map_is_in_fov(map, i % W, i / W);
    }
    for (auto _ : state) {
        auto t0 = std::chrono::steady_clock::now();
        for (auto [x, y] : origins) sl::grid::fieldOfView(transparent, W, H, x, y, {radius, sl::grid::RadiusShape::Euclid, true}, buffer);
        auto t1 = std::chrono::steady_clock::now();
        for (auto [x, y] : origins) TCOD_map_compute_fov(map, x, y, radius, true, FOV_SYMMETRIC_SHADOWCAST);
        auto t2 = std::chrono::steady_clock::now();
        ours += std::chrono::duration<double, std::micro>(t1 - t0).count();
        theirs += std::chrono::duration<double, std::micro>(t2 - t1).count();
    }
    const double calls = static_cast<double>(state.iterations()) * origins.size();
    state.counters["ours_us"] = ours / calls;
    state.counters["libtcod_us"] = theirs / calls;
    state.counters["ratio"] = ours / theirs;
    mustBeZero(state, "fov, radius " + std::to_string(radius), "tiles_differ", static_cast<double>(differ));
    TCOD_map_delete(map);
}

// Fog of war: one unit's move on a 100x100 map with 20% walls, two sides of 20 units
// (ranges 3 to 6) and a headquarters each; every move brings both sides' fog and memories
// up to date. The argument: 0 by radius, 1 with line of sight.
void fogMove(benchmark::State& state) {
    const int W = 100, H = 100;
    std::mt19937 rng(21);
    sl::grid::TileMap map;
    map.width = W;
    map.height = H;
    map.legend = sl::grid::defaultLegend();  // 0: wall, 1: floor
    for (int i = 0; i < W * H; ++i) map.tiles.push_back(rng() % 5 == 0 ? 0 : 1);
    sl::grid::FogSettings settings;
    settings.mode = state.range(0) ? sl::grid::VisionMode::LineOfSight : sl::grid::VisionMode::Radius;
    sl::grid::FogGame game(map, settings);
    game.addSide("red");
    game.addSide("blue");
    auto floorTile = [&]() {
        for (;;) {
            const sl::grid::Tile t{static_cast<int>(rng() % W), static_cast<int>(rng() % H)};
            bool taken = false;
            for (const auto& u : game.units()) taken = taken || u.at == t;
            if (map.tiles[t.y * W + t.x] == 1 && !taken) return t;
        }
    };
    for (int i = 0; i < 40; ++i) {
        sl::grid::FogUnit u;
        u.id = "u" + std::to_string(i);
        u.type = "soldier";
        u.side = i % 2 ? "blue" : "red";
        u.at = floorTile();
        u.vision = 3 + i % 4;
        game.addUnit(u);
    }
    game.addStructure({"headquarters", "red", floorTile(), -1});
    game.addStructure({"headquarters", "blue", floorTile(), -1});
    std::vector<sl::grid::Tile> moves;
    for (int i = 0; i < 64; ++i) moves.push_back(floorTile());
    size_t k = 0, next = 0;
    double refused = 0;
    for (auto _ : state) {
        // (Untimed: the next of the places no unit stands on, so that every move is made.)
        state.PauseTiming();
        auto free = [&](sl::grid::Tile t) {
            for (const auto& u : game.units())
                if (u.at == t) return false;
            return true;
        };
        while (!free(moves[next % moves.size()])) ++next;
        const sl::grid::Tile to = moves[next++ % moves.size()];
        const std::string unit = "u" + std::to_string(k % 40);
        state.ResumeTiming();
        const std::string problem = game.moveUnit(unit, to);
        benchmark::DoNotOptimize(problem.data());
        refused += !problem.empty();
        ++k;
    }
    mustBeZero(state, "fog move", "refused_moves", refused);
}

// Light and senses: a 100x100 map with 20% walls and some mist and silence, 20 light
// sources (radius 3 to 6), 40 creatures of two sides with mixed senses (sight 8 to 12, some
// carrying light, darkvision, blindsight, tremorsense, telepathy, scent; some flying,
// invisible, undead). A step: one creature moves, then the light levels, every creature's
// lines, both sides' tiers of every tile and every pair's senses are worked out again.
// Every step's answers are checked, untimed, against a world made afresh (`differ` counts the
// pairs and tiles that disagree: it must be 0).
void perceptionMove(benchmark::State& state) {
    const int W = 100, H = 100;
    std::mt19937 rng(17);
    sl::grid::TileMap map;
    map.width = W;
    map.height = H;
    map.legend = sl::grid::defaultLegend();  // 0: wall, 1: floor
    sl::grid::TerrainType mist{'m', "mist"};
    mist.obscuring = true;
    sl::grid::TerrainType hush{'S', "silence"};
    hush.silence = true;
    map.legend.push_back(mist);
    map.legend.push_back(hush);
    const int mistIndex = static_cast<int>(map.legend.size()) - 2, hushIndex = mistIndex + 1;
    for (int i = 0; i < W * H; ++i) {
        const unsigned r = rng() % 100;
        map.tiles.push_back(r < 20 ? 0 : r < 23 ? mistIndex : r < 25 ? hushIndex : 1);
    }
    std::vector<sl::grid::Creature> creatures;
    auto floorTile = [&]() {
        for (;;) {
            const sl::grid::Tile t{static_cast<int>(rng() % W), static_cast<int>(rng() % H)};
            bool taken = false;
            for (const auto& c : creatures) taken = taken || c.at == t;
            if (map.tiles[t.y * W + t.x] != 0 && !taken) return t;
        }
    };
    sl::grid::PerceptionWorld world(map);
    for (int i = 0; i < 20; ++i) world.sources().push_back({floorTile(), 3 + i % 4, -1});
    for (int i = 0; i < 40; ++i) {
        sl::grid::Creature c;
        c.id = "c" + std::to_string(i);
        c.side = i % 2 ? "blue" : "red";
        c.at = floorTile();
        c.senses.sight = 8 + i % 5;
        c.senses.light = i % 3 == 0 ? 2 + i % 2 : 0;
        c.senses.shadow = c.senses.light ? 6 : 0;
        c.senses.darkvision = i % 4 == 1 ? 6 : 0;
        c.senses.blindsight = i % 7 == 2 ? 4 : 0;
        c.senses.tremorsense = i % 5 == 3 ? 6 : 0;
        c.senses.telepathy = i % 6 == 4 ? 8 : 0;
        c.senses.scent = i % 8 == 5 ? 5 : 0;
        c.flying = i % 9 == 0;
        c.invisible = i % 11 == 0;
        c.undead = i % 10 == 7;
        creatures.push_back(c);
        world.creatures().push_back(c);
    }
    std::vector<sl::grid::Tile> moves;
    for (int i = 0; i < 64; ++i) moves.push_back(floorTile());
    auto answers = [](const sl::grid::PerceptionWorld& w) {
        std::vector<int> out;
        for (const char* side : {"red", "blue"})
            for (sl::grid::Tier t : w.sideTiles(side)) out.push_back(static_cast<int>(t));
        const int n = static_cast<int>(w.creatures().size());
        for (int a = 0; a < n; ++a)
            for (int b = 0; b < n; ++b) {
                const sl::grid::Perceived p = w.perceives(a, b);
                out.push_back(p.senses * 4 + static_cast<int>(p.tier));
            }
        return out;
    };
    size_t k = 0;
    double differ = 0;
    std::vector<double> ms;
    for (auto _ : state) {
        const auto t0 = std::chrono::steady_clock::now();
        world.creatures()[k % 40].at = moves[k % moves.size()];
        world.update();
        const std::vector<int> got = answers(world);
        benchmark::DoNotOptimize(got.data());
        ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
        {  // (untimed) the same answers as a world made afresh, at every move
            state.PauseTiming();
            sl::grid::PerceptionWorld fresh(map);
            fresh.sources() = world.sources();
            fresh.creatures() = world.creatures();
            fresh.update();
            const std::vector<int> want = answers(fresh);
            for (size_t i = 0; i < want.size(); ++i) differ += want[i] != got[i];
            state.ResumeTiming();
        }
        ++k;
    }
    stepCounters(state, ms);
    mustBeZero(state, "perception move", "differ", differ);
}

// Fog of war on the table: one side's view worked out again after a drag (what the window
// does when a model is put down in a side's point of view), on the official layout of
// scenarios/wh40k-11e/12-official-layout-units under 11th edition with 50 models a side:
// the ten of each unit there and 40 more each, 32 mm bases placed on a 1.5" grid in each
// half of the table where they stand clear of the features and of one another. Each step
// moves one blue model (a new place each time) and decides, for every red model, whether
// some blue model sees it (Rulings::seenBySide, on every core), keeping the pairs' answers
// between steps as the window does (SeenCache: only the pairs the move can touch again).
void pointOfViewAfterDrag(benchmark::State& state) {
    Scenario s = officialUnits().scenario;
    const std::string blue = s.models[static_cast<size_t>(officialUnits().scene->modelIndex("intercessor-1"))].side;
    const std::string red = s.models[static_cast<size_t>(officialUnits().scene->modelIndex("boy-1"))].side;
    for (const std::string& side : {blue, red}) {
        int added = 0;
        for (double y = 1.5; y < s.board.height && added < 40; y += 1.5)
            for (double x = side == blue ? 2.0 : s.board.width / 2 + 2; x < (side == blue ? s.board.width / 2 - 2 : s.board.width - 2) && added < 40;
                 x += 1.5) {
                Model m = analysis::probeModel(analysis::Probe{}, {x, y});
                m.id = m.name = side + "-extra-" + std::to_string(added);
                m.side = m.unit = side + "-extras";
                if (analysis::FeatureOverlap(s)(m) || analysis::ModelOverlap(s)(m) >= 0) continue;
                m.side = side;
                s.models.push_back(m);
                ++added;
            }
    }
    int moved = -1;
    for (int i = 0; i < static_cast<int>(s.models.size()); ++i)
        if (s.models[i].id == blue + "-extra-0") moved = i;
    const Vec2 start = s.models[static_cast<size_t>(moved)].position;
    std::vector<double> ms;
    int step = 0, seen = 0, models = 0;
    double reused = 0, decided = 0;
    SeenCache cache;  // (as the window keeps one for the side shown)
    for (auto _ : state) {
        const auto t0 = std::chrono::steady_clock::now();
        s.models[static_cast<size_t>(moved)].position = start + Vec2{std::fmod(0.37 * step, 1.0), std::fmod(0.23 * step, 1.0)};
        ++step;
        const Scene scene(s);
        const Rulings rulings(scene);
        const std::vector<char> sees = rulings.seenBySide(blue, nullptr, &cache);
        if (step > 1) {
            reused += static_cast<double>(cache.reused());
            decided += static_cast<double>(cache.decided());
        }
        ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
        seen = 0;
        models = 0;
        for (size_t i = 0; i < sees.size(); ++i)
            if (s.models[i].side == red) {
                ++models;
                seen += sees[i];
            }
    }
    if (ms.size() > 1) {
        state.counters["first_ms"] = ms.front();  // (nothing kept yet)
        ms.erase(ms.begin());
    }
    stepCounters(state, ms);
    state.counters["pairs_reused_a_step"] = reused / std::max(1, step - 1);
    state.counters["pairs_decided_a_step"] = decided / std::max(1, step - 1);
    state.counters["models_a_side"] = models;
    state.counters["enemies_seen"] = seen;
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
BENCHMARK(medians<demo>)->Name("median/demo")->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(medians<generated40>)->Name("median/table40")->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(medians<generated200>)->Name("median/table200x24")->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(armiesMatrix)->Name("matrix/50x50/exact_fully")->Unit(benchmark::kMillisecond);
BENCHMARK(dragRecompute)->Name("drag/observer_vs_50/exact")->Unit(benchmark::kMillisecond);
BENCHMARK(dragPair)->Name("drag/pair/demo/exact")->Unit(benchmark::kMillisecond);
BENCHMARK(dragUnitVsUnit)->Name("ruling/unit_vs_unit/11e/official_layout")->Unit(benchmark::kMillisecond);
BENCHMARK(windowDrag)->Name("ruling/unit_vs_unit/11e/official_layout/window_lag")->Unit(benchmark::kMillisecond)->Iterations(6);
BENCHMARK_CAPTURE(visionMapBench, demo, "demo.sightline.json", "b-int-1", Vec2{}, 1.0)
    ->Name("analysis/vision_map/demo/1in/one_thread")->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_CAPTURE(visionMapBench, purge, "layouts/11e/bm-purge-vs-purge-01.sightline.json", "watcher", Vec2{14, 40}, 1.0)
    ->Name("analysis/vision_map/purge_vs_purge_01/1in/one_thread")->Unit(benchmark::kMillisecond)->Iterations(1);
// The issue's figures: 0.5" cells, one observer and a unit of ten.
BENCHMARK_CAPTURE(visionMapBench, demo_half, "demo.sightline.json", "b-int-1", Vec2{}, 0.5)
    ->Name("analysis/vision_map/demo/0.5in/one_thread")->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_CAPTURE(visionMapBench, purge_half, "layouts/11e/bm-purge-vs-purge-01.sightline.json", "watcher", Vec2{14, 40}, 0.5)
    ->Name("analysis/vision_map/purge_vs_purge_01/0.5in/one_thread")->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_CAPTURE(visionMapBench, unit_half, "wh40k-11e/12-official-layout-units.sightline.json", "intercessors", Vec2{}, 0.5)
    ->Name("analysis/vision_map/official_layout_units/intercessors/0.5in/one_thread")->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(exposureBench)->Name("analysis/exposure/purge_vs_purge_01/attacker/2in/4in_places")->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(dragObserverVsAll)->Name("ruling/observer_vs_all/11e/official_layout")->Unit(benchmark::kMillisecond);
BENCHMARK(pointOfViewAfterDrag)->Name("fog/table/point_of_view/11e/official_layout/50_a_side")->Unit(benchmark::kMillisecond);
BENCHMARK(fovAgainstLibtcod)->Name("fov/200x200/radius")->Arg(8)->Arg(0)->Unit(benchmark::kMillisecond);
BENCHMARK(fogMove)->Name("fog/100x100/move/radius")->Arg(0)->Unit(benchmark::kMicrosecond);
BENCHMARK(fogMove)->Name("fog/100x100/move/los")->Arg(1)->Unit(benchmark::kMicrosecond);
BENCHMARK(perceptionMove)->Name("perception/100x100/20_lights/40_creatures/move")->Unit(benchmark::kMicrosecond);
BENCHMARK(stressLoad)->Name("stress/1000_models_500_pieces/load")->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(stressPrepare)->Name("stress/1000_models_500_pieces/scene")->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(stressObserverVsAll)->Name("stress/1000_models_500_pieces/observer_vs_all/exact")->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(stressMatrix)->Name("stress/1000_models_500_pieces/matrix_100x100/exact")->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(stressRender)->Name("stress/1000_models_500_pieces/render_1800px")->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(buildScene<demo>)->Name("build_scene/demo")->Unit(benchmark::kMicrosecond);
BENCHMARK(buildScene<generated40>)->Name("build_scene/table40")->Unit(benchmark::kMillisecond);

// The benchmarks, then the correctness checks: a counter that is not 0, or a benchmark that
// stopped with an error, fails the run (exit 1), with what failed.
int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    struct Reporter : benchmark::ConsoleReporter {
        // (Coloured on a terminal only, as the library's own reporter.)
        Reporter() : ConsoleReporter(isatty(fileno(stdout)) ? OO_Defaults : OO_Tabular) {}
        std::vector<std::string> errors;
        void ReportRuns(const std::vector<Run>& runs) override {
            for (const Run& r : runs)
                if (r.error_occurred) errors.push_back(r.benchmark_name() + ": " + r.error_message);
            ConsoleReporter::ReportRuns(runs);
        }
    } reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);
    benchmark::Shutdown();
    std::vector<std::string> failed = failures();
    failed.insert(failed.end(), reporter.errors.begin(), reporter.errors.end());
    for (const std::string& f : failed) std::cerr << "FAILED " << f << '\n';
    return failed.empty() ? 0 : 1;
}
