// The board view: painting through the shared renderer, zoom and pan, and the mouse and
// keyboard tools that pick, move, place and draw on the table.
#include "board_view.h"

#include "fog_view.h"
#include "rules/table_fog.h"

#include "kernel/base.h"
#include "kernel/polygon.h"
#include "ruling_sheet.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QtConcurrent/QtConcurrentRun>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace sl::gui {
namespace {

constexpr double kHandlePx = 6;         // how near a vertex handle a press must be
constexpr double kHandleSpacingPx = 18;  // handles of a dense outline at least this far apart
constexpr int kDenseOutline = 24;        // vertices above which an outline is thinned
constexpr double kEdgePickPx = 6;        // how near a zone's edge a press picks it

QString inchesText(double v) { return QString::number(v, 'f', 2) + QLatin1Char('"'); }
QString q(const std::string& s) { return QString::fromStdString(s); }

QString baseText(const Base& b) {
    switch (b.shape) {
    case BaseShape::Circle: return QObject::tr("%1 mm round").arg(b.length_mm);
    case BaseShape::Oval: return QObject::tr("%1x%2 mm oval").arg(b.length_mm).arg(b.width_mm);
    case BaseShape::Rect: break;
    }
    return QObject::tr("%1x%2 mm rect").arg(b.length_mm).arg(b.width_mm);
}

QPolygonF polygonOf(const std::vector<Vec2>& ring) {
    QPolygonF out;
    for (const Vec2& v : ring) out << QPointF(v.x, v.y);
    return out;
}

bool has(const std::vector<int>& list, int i) { return std::find(list.begin(), list.end(), i) != list.end(); }

void toggle(std::vector<int>& list, int i) {
    if (auto it = std::find(list.begin(), list.end(), i); it != list.end()) list.erase(it);
    else list.push_back(i);
}

}  // namespace

BoardView::BoardView(ScenarioDocument* document, QWidget* parent) : QWidget(parent), document_(document) {
    setMouseTracking(true);
    setMinimumSize(320, 240);
    setFocusPolicy(Qt::StrongFocus);
    placement_.base = {BaseShape::Circle, 32, 32};
    connect(document_, &ScenarioDocument::changed, this, &BoardView::documentChanged);
    connect(&unitWatcher_, &QFutureWatcher<UnitRuling>::finished, this, &BoardView::unitRulingReady);
    connect(&enemiesWatcher_, &QFutureWatcher<render::Overlay>::finished, this, &BoardView::fullEnemiesReady);
    connect(&povWatcher_, &QFutureWatcher<PovAnswer>::finished, this, &BoardView::pointOfViewReady);
    patience_.setSingleShot(true);
    connect(&patience_, &QTimer::timeout, this, &BoardView::giveUpIfStale);
    refine_.setSingleShot(true);
    connect(&refine_, &QTimer::timeout, this, &BoardView::refineUnitRuling);
    documentChanged();
}

BoardView::~BoardView() {
    if (runningCancel_) runningCancel_->store(true);
    if (povCancel_) povCancel_->store(true);
    if (enemiesCancel_) enemiesCancel_->store(true);  // (its worker holds its own table)
    povWatcher_.waitForFinished();
}

void BoardView::setPointOfView(const QString& side) {
    if (side == pointOfView_) return;
    pointOfView_ = side;
    povSeen_.clear();
    povPlacesSeen_.clear();
    povKnown_ = false;
    povCache_ = std::make_shared<SeenCache>();  // (another side's answers)
    if (povBusy_) {
        povAgain_ = true;  // (its answer is another side's)
        if (povCancel_) povCancel_->store(true);
    } else {
        requestPointOfView();
    }
    forgetUnseen();
    decorate();
    emit pointOfViewChanged();
}

void BoardView::requestPointOfView() {
    // Busy until pointOfViewReady has taken the answer: a future that has finished may
    // still have its finished signal queued.
    if (povBusy_) {
        povAgain_ = true;
        if (povCancel_) povCancel_->store(true);
        return;
    }
    povAgain_ = false;
    if (pointOfView_.isEmpty()) return;
    auto scenario = std::make_shared<const Scenario>(document_->scenario());
    povCancel_ = std::make_shared<std::atomic<bool>>(false);
    if (!povCache_) povCache_ = std::make_shared<SeenCache>();
    povBusy_ = true;
    povWatcher_.setFuture(QtConcurrent::run([scenario, side = pointOfView_.toStdString(), cancel = povCancel_, cache = povCache_] {
        Scene scene(*scenario);
        scene.setCancel(cancel.get());
        const Rulings rulings(scene);
        const std::vector<char> seen = rulings.seenBySide(side, cancel.get(), cache.get());
        PovAnswer answer;
        for (size_t i = 0; i < seen.size(); ++i)
            if (seen[i]) answer.seen.insert(scenario->models[i].id);
        // The places of its memories that the side sees now: those ghosts go at once.
        if (scenario->fog)
            if (const auto it = scenario->fog->sightings.find(side); it != scenario->fog->sightings.end())
                answer.placesSeen = placesSeenAgain(*scenario, side, it->second, answer.seen, cancel.get());
        return answer;
    }));
}

void BoardView::pointOfViewReady() {
    povBusy_ = false;
    if (povAgain_) {  // (cut short or out of date: the table as it is now)
        requestPointOfView();
        return;
    }
    if (pointOfView_.isEmpty()) return;
    const PovAnswer answer = povWatcher_.result();
    povSeen_ = answer.seen;
    povPlacesSeen_ = answer.placesSeen;
    povKnown_ = true;
    forgetUnseen();
    decorate();
    emit pointOfViewChanged();
}

void BoardView::forgetUnseen() {
    const std::vector<int> unseen = unseenModels();
    if (unseen.empty()) return;
    auto hidden = [&](int m) { return std::find(unseen.begin(), unseen.end(), m) != unseen.end(); };
    edits::Selection kept = selection_;
    std::erase_if(kept.models, hidden);
    if (!(kept == selection_)) {
        selection_ = kept;
        emit selectionChanged();
    }
    if (observer_ >= 0 && hidden(observer_)) {
        observer_ = -1;
        target_ = -1;
        recompute();
    } else if ((target_ >= 0 && hidden(target_)) || (hover_ >= 0 && hidden(hover_))) {
        if (hidden(target_)) target_ = -1;
        if (hidden(hover_)) hover_ = -1;
        recompute();
    }
}

std::vector<int> BoardView::unseenModels() const {
    std::vector<int> out;
    if (pointOfView_.isEmpty()) return out;
    const std::string side = pointOfView_.toStdString();
    const auto& models = document_->scenario().models;
    for (int i = 0; i < static_cast<int>(models.size()); ++i)
        if (models[i].side != side && !povSeen_.count(models[i].id)) out.push_back(i);
    return out;
}

void BoardView::documentChanged() {
    scene_ = std::make_unique<Scene>(document_->scenario());
    ++tableRevision_;  // (the full answers worked out before are for another table)
    const int count = static_cast<int>(document_->scenario().models.size());
    const int pieces = static_cast<int>(document_->scenario().terrain.size());
    // Models are followed by their ids: a model deleted (or moved in the list) takes its
    // observer, target or selection with it, not the one that now has its index.
    const std::vector<std::string> ids = modelIds();
    auto follow = [&](int old) {
        if (old < 0 || old >= static_cast<int>(lastIds_.size())) return old < count ? old : -1;
        const auto it = std::find(ids.begin(), ids.end(), lastIds_[static_cast<size_t>(old)]);
        if (it != ids.end()) return static_cast<int>(it - ids.begin());
        return ids.size() == lastIds_.size() ? old : -1;  // (as many models: its id was edited)
    };
    const int observerWas = observer_;
    observer_ = follow(observer_);
    if (observerWas >= 0 && observer_ < 0 && observerWas < static_cast<int>(lastModels_.size()))
        lostObserver_ = lastModels_[static_cast<size_t>(observerWas)];
    if (observer_ < 0 && lostObserver_) {
        const auto& models = document_->scenario().models;
        const Model& was = *lostObserver_;
        for (size_t i = 0; i < models.size(); ++i) {
            const Model& m = models[i];
            if (m.id == was.id && m.unit == was.unit && m.side == was.side && m.position == was.position &&
                m.base.shape == was.base.shape && m.base.length_mm == was.base.length_mm && m.base.width_mm == was.base.width_mm) {
                observer_ = static_cast<int>(i);
                lostObserver_.reset();
                break;
            }
        }
    }
    lastModels_ = document_->scenario().models;
    target_ = follow(target_);
    hover_ = follow(hover_);
    const int zones = static_cast<int>(document_->scenario().zones.size());
    edits::Selection kept;
    for (int i : selection_.models)
        if (const int j = follow(i); j >= 0) kept.models.push_back(j);
    for (int i : selection_.terrain)
        if (i < pieces) kept.terrain.push_back(i);
    for (int i : selection_.zones)
        if (i < zones) kept.zones.push_back(i);
    const bool measuredGone = follow(measureModel_) != measureModel_;
    lastIds_ = ids;
    if (measuredGone) {
        measureModel_ = -1;
        measurement_.reset();
        measurementText_.clear();
    }
    overlaps_ = edits::overlaps(document_->scenario());
    if (!(kept == selection_)) {
        selection_ = kept;
        emit selectionChanged();
    } else {
        emit selectionChanged();  // the selected items' fields may have changed
    }
    if (fitted_) fitToWindow();
    // A point of view whose side has no model left (another table, or the last one
    // deleted) is everyone's again: nothing of the table would be drawn.
    if (!pointOfView_.isEmpty()) {
        bool any = false;
        for (const Model& m : document_->scenario().models) any = any || m.side == pointOfView_.toStdString();
        if (!any) {
            setPointOfView(QString());
            emit message(tr("Point of view: everyone (no model of that side is on the table)"));
        }
    }
    recompute();
    if (!dragging()) requestPointOfView();  // (a drag: once the model is put down)
}

void BoardView::recompute() {
    QElapsedTimer clock;
    clock.start();
    const int target = hover_ >= 0 ? hover_ : target_;
    const Scenario& s = document_->scenario();
    if (observer_ >= 0 && target >= 0 && target != observer_ && unitMode_ != UnitMode::Off && !allEnemies_) {
        // A unit ruling: decided off the GUI thread, so that a drag never waits for it.
        UnitRequest request{unitMode_, observer_, target, method_, s.models[observer_].unit, s.models[target].unit};
        request.quick = dragging();  // a drag step
        // The last answer stays on the board while the next is worked out when it is about
        // the same models (a drag); otherwise it would be about something else.
        if (unitRuling_ && (!sameModels(shownRequest_, request) || modelIds() != shownIds_)) unitRuling_.reset();
        if (!unitRuling_) overlay_ = {};
        overlay_.observer = observer_;
        overlay_.target = target;
        requestUnitRuling(request);
        lastRecomputeMs_ = clock.nsecsElapsed() / 1e6;
        decorate();
        emit rulingChanged();
        return;
    }
    unitRuling_.reset();
    ++unitGeneration_;  // an answer still being worked out is no longer wanted
    if (observer_ >= 0 && allEnemies_) {
        // Quick proofs here, a few milliseconds in all (an enemy they leave is shown as being
        // worked out); the full ones off the GUI thread: at once when no model is dragged,
        // else once the model is put down or held still.
        refine_.stop();
        const EnemiesKey key{tableRevision_, observer_};
        if (enemiesRunning_ && !(*enemiesRunning_ == key)) {  // an answer for another table: not wanted
            *enemiesCancel_ = true;
            enemiesRunning_.reset();
        }
        if (fullEnemies_ && fullEnemies_->first == key) {
            overlay_ = fullEnemies_->second;
        } else {
            const bool step = dragging();
            scene_->setEffort(Scene::Effort::Quick);
            scene_->setQuickDeadline(Scene::Clock::now() + (step ? enemiesStepTime_ : kEnemiesStillTime));
            overlay_ = render::enemiesOverlay(*scene_, observer_);
            scene_->setEffort(Scene::Effort::Full);
            scene_->setQuickDeadline(std::nullopt);
            constexpr int kHeldStillMs = 300;
            if (overlay_.enemiesOpen.empty()) fullEnemies_ = {key, overlay_};  // every enemy proven
            else if (step) refine_.start(kHeldStillMs);
            else if (!(enemiesRunning_ && *enemiesRunning_ == key)) startFullEnemies();
        }
    }
    else if (observer_ >= 0 && target >= 0 && target != observer_)
        overlay_ = render::pairOverlay(*scene_, observer_, target, method_);
    else
        overlay_ = {};
    overlay_.observer = observer_;
    if (!allEnemies_) overlay_.target = target;
    if (method_ == Method::Sampled && observer_ >= 0 && target >= 0 && target != observer_ && !allEnemies_) {
        // The debug view: every line the sampled method may try.
        const Model& o = s.models[observer_];
        const Model& t = s.models[target];
        for (const Vec2& p : samplePoints(o, 9))
            for (const Vec2& q : samplePoints(t, 9)) overlay_.debugLines.push_back({p, q});
    }
    lastRecomputeMs_ = clock.nsecsElapsed() / 1e6;
    decorate();
    emit rulingChanged();
}

std::vector<std::string> BoardView::modelIds() const {
    std::vector<std::string> ids;
    for (const Model& m : document_->scenario().models) ids.push_back(m.id);
    return ids;
}

bool BoardView::sameModels(const UnitRequest& a, const UnitRequest& b) {
    return a.mode == b.mode && a.attackerUnit == b.attackerUnit && a.targetUnit == b.targetUnit &&
           (a.mode == UnitMode::UnitVsUnit || a.observer == b.observer);
}

void BoardView::requestUnitRuling(const UnitRequest& request) {
    refine_.stop();
    latestRequest_ = request;
    pendingRequest_ = request;
    pendingGeneration_ = ++unitGeneration_;
    if (!working_) {
        upToDate_.start();  // the lines were the table's until now
        startUnitRuling();
    } else {
        giveUpIfStale();
    }
}

void BoardView::giveUpIfStale() {
    // Patience: three times the usual step (the median of the last ones finished), and at
    // least leastPatience_. Lines older than stalest_ are not made older still by giving
    // up: the running one then finishes and is shown (a table where every step is slow).
    if (!working_ || !pendingRequest_ || !runningCancel_ || *runningCancel_) return;
    std::vector<qint64> recent(stepMs_.begin(), stepMs_.end());
    std::sort(recent.begin(), recent.end());
    const qint64 least = leastPatience_.count(), stalest = stalest_.count();
    const qint64 patience = std::max(least, recent.empty() ? 0 : 3 * recent[recent.size() / 2]);
    const qint64 spent = runningClock_.elapsed(), age = upToDate_.elapsed();
    if (age > stalest) return;
    if (spent >= patience) runningCancel_->store(true);
    else if (!patience_.isActive()) patience_.start(static_cast<int>(std::min(patience - spent, stalest - age) + 1));
}

void BoardView::startUnitRuling() {
    if (!pendingRequest_) return;
    const UnitRequest request = *pendingRequest_;
    pendingRequest_.reset();
    runningRequest_ = request;
    runningGeneration_ = pendingGeneration_;
    runningIds_ = modelIds();
    runningCancel_ = std::make_shared<std::atomic<bool>>(false);
    runningClock_.start();
    working_ = true;
    // The step's time runs from here: the copy of the table and the worker's start, the
    // kept table's following and the proofs all come out of it.
    const Scene::Clock::time_point started = Scene::Clock::now();
    // The worker reads its own copy of the table: the document may change meanwhile.
    auto scenario = std::make_shared<const Scenario>(document_->scenario());
    unitWatcher_.setFuture(QtConcurrent::run([scenario, request, cache = unitCache_, table = unitTable_,
                                              cancel = runningCancel_, until = started + unitStepTime_] {
        // The last step's scene, its dragged model moved (made afresh after other edits).
        Rulings& rulings = table->follow(*scenario);
        Scene& scene = table->scene();
        scene.setCancel(cancel.get());
        scene.setEffort(request.quick ? Scene::Effort::Quick : Scene::Effort::Full);
        scene.setQuickDeadline(request.quick ? std::optional(until) : std::nullopt);
        // The pairs a drag step leaves as they were come from the last steps.
        rulings.setCache(cache.get());
        // The decisions only (no share seen per pair): recomputed on every drag step.
        UnitRuling u = request.mode == UnitMode::UnitVsUnit
                           ? rulings.units(request.attackerUnit, request.targetUnit, request.method, Detail::Decisions)
                           : rulings.matrix({request.observer}, rulings.unitModels(request.targetUnit),
                                            request.method, Detail::Decisions);
        scene.setCancel(nullptr);  // (the flag goes with this step; the table stays)
        rulings.setCache(nullptr);
        return u;
    }));
}

void BoardView::unitRulingReady() {
    working_ = false;
    UnitRuling result = unitWatcher_.result();
    const UnitRequest request = runningRequest_;
    const bool current = runningGeneration_ == unitGeneration_;
    patience_.stop();
    if (runningCancel_ && *runningCancel_) {  // cut short: worth nothing; the newer one starts now
        ++givenUp_;
        startUnitRuling();
        return;
    }
    // A step of a drag (the models shown before were these): how long steps take. The first
    // answer for other models decides every pair and says nothing of the steps to come.
    const bool step = unitRuling_ && sameModels(shownRequest_, request) && shownIds_ == runningIds_;
    if (!step) stepMs_.clear();
    else stepMs_.push_back(runningClock_.elapsed());
    if (stepMs_.size() > 15) stepMs_.pop_front();
    // An answer for the same models (ids in the same order: only positions may differ) is
    // shown even when a newer one is on its way, so that a long drag keeps moving; one made
    // before models were added or removed, or for a mode since left, is dropped.
    const bool stillApplies = modelIds() == runningIds_ && unitMode_ == request.mode && !allEnemies_ &&
                              (current || pendingRequest_.has_value()) && sameModels(request, latestRequest_);
    if (pendingRequest_) startUnitRuling();
    if (!stillApplies) return;
    unitRuling_ = std::move(result);
    shownGeneration_ = runningGeneration_;
    upToDate_.start();  // (as of the step shown: newer ones wait, if any)
    shownRequest_ = request;
    shownIds_ = runningIds_;
    overlay_ = render::unitOverlay(*unitRuling_);
    overlay_.observer = observer_;
    overlay_.target = hover_ >= 0 ? hover_ : target_;
    // Pairs left to a full proof: decided once the drag pauses (or ends, see the release).
    constexpr int kHeldStillMs = 300;
    if (!pendingRequest_ && unitRulingProvisional()) refine_.start(kHeldStillMs);
    decorate();
    emit rulingChanged();
}

bool BoardView::unitRulingProvisional() const {
    if (!unitRuling_) return false;
    for (const auto& row : unitRuling_->pairs)
        for (const PairResult& r : row)
            if (r.provisional) return true;
    return false;
}

void BoardView::startFullEnemies() {
    const EnemiesKey key{tableRevision_, observer_};
    if (enemiesRunning_ && *enemiesRunning_ == key) return;
    if (enemiesCancel_) *enemiesCancel_ = true;
    enemiesCancel_ = std::make_shared<std::atomic<bool>>(false);
    enemiesRunning_ = key;
    // The worker reads its own copy of the table: the document may change meanwhile.
    auto scenario = std::make_shared<const Scenario>(document_->scenario());
    enemiesWatcher_.setFuture(QtConcurrent::run([scenario, observer = observer_, cancel = enemiesCancel_] {
        Scene scene(*scenario);
        scene.setCancel(cancel.get());
        render::Overlay o = render::enemiesOverlay(scene, observer);
        scene.setCancel(nullptr);
        return o;
    }));
}

void BoardView::fullEnemiesReady() {
    // (A newer worker replaced this one's future: only the answer of the one asked last comes.)
    if (!enemiesRunning_ || *enemiesCancel_) return;
    const EnemiesKey key = *enemiesRunning_;
    enemiesRunning_.reset();
    if (!(key == EnemiesKey{tableRevision_, observer_}) || !allEnemies_) return;
    fullEnemies_ = {key, enemiesWatcher_.result()};
    recompute();  // (now drawn from the full answer)
    update();
}

void BoardView::refineUnitRuling() {
    if (allEnemies_) {  // observer against all: what the quick proofs left, in full, off the GUI thread
        if (!overlay_.enemiesOpen.empty()) startFullEnemies();
        return;
    }
    // The full proofs: the pairs already decided come from the cache.
    if (unitMode_ == UnitMode::Off || !latestRequest_.quick) return;
    UnitRequest full = latestRequest_;
    full.quick = false;
    requestUnitRuling(full);
}

bool BoardView::unitRulingPending() const { return working_ || pendingRequest_.has_value(); }

void BoardView::setMapLayer(std::optional<render::MapLayer> layer) {
    mapLayer_ = std::move(layer);
    if (!mapLayer_) {
        mapLines_.clear();
        mapCell_.reset();
        mapBases_.clear();
    }
    decorate();
}

void BoardView::setMapLines(std::vector<render::MapLine> lines, std::vector<render::MapBase> bases, std::optional<Vec2> cell) {
    mapLines_ = std::move(lines);
    mapCell_ = cell;
    mapBases_ = std::move(bases);
    decorate();
}

void BoardView::decorate() {
    overlay_.map = mapLayer_;
    overlay_.mapLines = mapLines_;
    overlay_.mapCell = mapCell_;
    overlay_.mapBases = mapBases_;
    overlay_.selected = unitRuling_ ? std::vector<int>{} : selection_.models;
    overlay_.selectedTerrain = selection_.terrain;
    overlay_.selectedZones = selection_.zones;
    overlay_.ringModels = rangeRings_ ? selection_.models : std::vector<int>{};
    overlay_.ringRadii = ringRadii_;
    overlay_.measurements.clear();
    if (measurement_) overlay_.measurements.push_back(*measurement_);
    overlay_.highlighted = highlighted_;
    overlay_.labels = labels_;
    overlay_.overlapping.clear();
    for (const edits::Overlap& o : overlaps_) overlay_.overlapping.push_back(o.model);
    // A side's point of view: what it does not see is not drawn, nor the lines to it; the
    // enemies it remembers (a game with fog of war: Fog of War > End Turn) are ghosts.
    overlay_.unseen = unseenModels();
    overlay_.ghosts.clear();
    if (!pointOfView_.isEmpty() && povKnown_)
        for (const TableSighting& g : tableGhosts(document_->scenario(), pointOfView_.toStdString(), povSeen_, povPlacesSeen_))
            overlay_.ghosts.push_back({g.model, render::ghostLabel(g), QStringLiteral("T%1").arg(g.turnSeen)});
    if (!overlay_.unseen.empty()) {
        auto unseen = [&](int m) { return std::find(overlay_.unseen.begin(), overlay_.unseen.end(), m) != overlay_.unseen.end(); };
        std::erase_if(overlay_.enemies, [&](const std::pair<int, bool>& e) { return unseen(e.first); });
        std::erase_if(overlay_.enemiesOpen, unseen);
        std::erase_if(overlay_.overlapping, unseen);
        std::erase_if(overlay_.selected, unseen);
        std::erase_if(overlay_.ringModels, unseen);
        if ((overlay_.target >= 0 && unseen(overlay_.target)) || (overlay_.observer >= 0 && unseen(overlay_.observer))) {
            overlay_.result.reset();
            overlay_.blocked.clear();
            overlay_.pairLines.clear();
            overlay_.debugLines.clear();
        }
    }
    update();
}

void BoardView::setRangeRings(bool on) {
    rangeRings_ = on;
    decorate();
}

void BoardView::setRingRadii(const std::vector<double>& radii) {
    ringRadii_ = radii;
    decorate();
}

void BoardView::setLabels(bool on) {
    labels_ = on;
    decorate();
}

void BoardView::setHighlighted(const std::vector<std::string>& ids) {
    if (ids == highlighted_) return;
    highlighted_ = ids;
    decorate();
}

void BoardView::setObserver(int model) {
    observer_ = model;
    lostObserver_.reset();
    if (target_ == model) target_ = -1;
    recompute();
}

void BoardView::setTarget(int model) {
    target_ = model == observer_ ? -1 : model;
    hover_ = -1;
    recompute();
    if (target_ >= 0)
        emit message(tr("Target %1 pinned: hover another model to preview it; Esc unpins.")
                         .arg(QString::fromStdString(document_->scenario().models[target_].id)));
}

void BoardView::setMethod(Method method) {
    method_ = method;
    recompute();
}

void BoardView::setAllEnemies(bool on) {
    if (allEnemies_ == on) return;
    allEnemies_ = on;
    recompute();
    emit modeChanged();
}

void BoardView::setUnitMode(UnitMode mode) {
    if (unitMode_ == mode) return;
    unitMode_ = mode;
    recompute();
    emit modeChanged();
}

void BoardView::setTool(Tool tool) {
    if (tool != Tool::Measure) {
        measurement_.reset();
        measurementText_.clear();
        measuring_ = false;
    }
    tool_ = tool;
    drawing_.clear();
    drag_ = Drag::None;
    setCursor(tool == Tool::Select ? Qt::ArrowCursor : Qt::CrossCursor);
    update();
    emit toolChanged();
}

void BoardView::setPreset(const std::vector<TerrainPiece>& pieces) {
    preset_ = pieces;
    setTool(Tool::PlacePreset);
}

void BoardView::setSelection(const edits::Selection& s) {
    selection_ = s;
    // (A side's point of view: what it does not see cannot be picked, by Select All either.)
    const std::vector<int> unseen = unseenModels();
    std::erase_if(selection_.models, [&](int m) { return std::find(unseen.begin(), unseen.end(), m) != unseen.end(); });
    decorate();
    emit selectionChanged();
}

QPointF BoardView::toBoard(const QPointF& widget) const { return view_.inverted().map(widget); }
QPointF BoardView::toWidget(const QPointF& board) const { return view_.map(board); }

int BoardView::modelIndex(const QString& id) const { return scene_->modelIndex(id.toStdString()); }

int BoardView::modelAt(const QPointF& board) const {
    const auto& models = document_->scenario().models;
    const std::vector<int> unseen = unseenModels();  // (not drawn: not there to click)
    for (int i = static_cast<int>(models.size()) - 1; i >= 0; --i)
        if (baseContains(models[i], {board.x(), board.y()}, 0.05) && std::find(unseen.begin(), unseen.end(), i) == unseen.end())
            return i;
    return -1;
}

int BoardView::terrainAt(const QPointF& board) const {
    const auto& terrain = document_->scenario().terrain;
    const Vec2 p{board.x(), board.y()};
    for (int pass = 0; pass < 2; ++pass)
        for (int i = static_cast<int>(terrain.size()) - 1; i >= 0; --i) {
            if ((terrain[i].kind == TerrainKind::Area) != (pass == 1)) continue;
            if (locate(p, terrain[i].footprint) != Where::Outside) return i;
        }
    return -1;
}

std::vector<int> BoardView::handleVertices(const Ring& ring) const {
    std::vector<int> out;
    const bool dense = ring.size() > static_cast<size_t>(kDenseOutline);
    QPointF last;
    for (int v = 0; v < static_cast<int>(ring.size()); ++v) {
        const QPointF p = toWidget(QPointF(ring[v].x, ring[v].y));
        if (!dense || out.empty() || std::hypot(p.x() - last.x(), p.y() - last.y()) >= kHandleSpacingPx) {
            out.push_back(v);
            last = p;
        }
    }
    if (dense && out.size() > 1) {
        const QPointF first = toWidget(QPointF(ring[out.front()].x, ring[out.front()].y));
        if (std::hypot(first.x() - last.x(), first.y() - last.y()) < kHandleSpacingPx) out.pop_back();
    }
    return out;
}

std::pair<int, int> BoardView::vertexAt(const QPointF& widget) const {
    const Scenario& s = document_->scenario();
    auto near = [&](const Ring& ring) {
        for (int v : handleVertices(ring)) {
            const QPointF d = toWidget(QPointF(ring[v].x, ring[v].y)) - widget;
            if (std::hypot(d.x(), d.y()) <= kHandlePx) return v;
        }
        return -1;
    };
    for (int piece : selection_.terrain)
        if (const int v = near(s.terrain[piece].footprint.outer); v >= 0) return {piece, v};
    for (int zone : selection_.zones)
        if (const int v = near(s.zones[zone].polygon); v >= 0) return {-2 - zone, v};
    return {-1, -1};
}

int BoardView::zoneAt(const QPointF& widget) const {
    const auto& zones = document_->scenario().zones;
    const double perInch = std::sqrt(std::abs(view_.determinant()));
    // Objectives by their marker; other zones by their edge (their inside is the table).
    for (int i = static_cast<int>(zones.size()) - 1; i >= 0; --i)
        if (zones[i].position) {
            const QPointF d = toWidget(QPointF(zones[i].position->x, zones[i].position->y)) - widget;
            if (std::hypot(d.x(), d.y()) <= std::max(0.4 * perInch, 8.0)) return i;
        }
    for (int i = static_cast<int>(zones.size()) - 1; i >= 0; --i) {
        const Ring& ring = zones[i].polygon;
        for (size_t k = 0; k < ring.size(); ++k) {
            const QPointF a = toWidget(QPointF(ring[k].x, ring[k].y));
            const QPointF b = toWidget(QPointF(ring[(k + 1) % ring.size()].x, ring[(k + 1) % ring.size()].y));
            const QPointF ab = b - a, aw = widget - a;
            const double len2 = QPointF::dotProduct(ab, ab);
            const double t = len2 > 0 ? std::clamp(QPointF::dotProduct(aw, ab) / len2, 0.0, 1.0) : 0.0;
            const QPointF c = a + ab * t - widget;
            if (std::hypot(c.x(), c.y()) <= kEdgePickPx) return i;
        }
    }
    return -1;
}

Vec2 BoardView::snap(QPointF board) const { return edits::snapped({board.x(), board.y()}, snapStep_); }

void BoardView::fitToWindow() {
    view_ = render::BoardRenderer::fit(size(), document_->scenario().board, 16);
    fitted_ = true;
    update();
}

void BoardView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), QColor(0x24, 0x2a, 0x22));
    render::BoardRenderer(document_->scenario()).paint(p, view_, overlay_);

    // Editing aids, in widget pixels over the board.
    p.setRenderHint(QPainter::Antialiasing);
    const Scenario& s = document_->scenario();
    auto handles = [&](const Ring& ring) {
        for (int v : handleVertices(ring)) {
            const QPointF at = toWidget(QPointF(ring[v].x, ring[v].y));
            p.setPen(QPen(Qt::black, 1));
            p.setBrush(Qt::white);
            p.drawRect(QRectF(at.x() - 4, at.y() - 4, 8, 8));
        }
    };
    for (int piece : selection_.terrain) handles(s.terrain[piece].footprint.outer);
    for (int zone : selection_.zones) handles(s.zones[zone].polygon);
    const QPen guide(QColor(255, 230, 0), 1.5, Qt::DashLine);
    if (drag_ == Drag::Band || drag_ == Drag::Rect) {
        p.setPen(guide);
        QColor fill = drag_ == Drag::Band ? QColor(255, 230, 0, 30) : QColor(200, 200, 190, 90);
        if (drag_ == Drag::Rect && tool_ == Tool::ZoneRectangle) {
            fill = render::sideColour(placement_.side);
            fill.setAlpha(60);
        }
        p.setBrush(fill);
        p.drawRect(QRectF(toWidget(dragStart_), toWidget(dragNow_)).normalized());
    }
    if (!drawing_.empty()) {
        QPolygonF line = view_.map(polygonOf(drawing_));
        line << toWidget(dragNow_);
        if (tool_ == Tool::Wall) {  // (a wall: the line as thick as it will be)
            p.setPen(QPen(QColor(200, 200, 190, 200), std::max(2.0, kWallThickness * view_.m11()), Qt::SolidLine, Qt::FlatCap, Qt::MiterJoin));
            p.drawPolyline(line);
        }
        p.setPen(guide);
        p.setBrush(tool_ == Tool::Wall ? QBrush(Qt::NoBrush) : QBrush(QColor(200, 200, 190, 70)));
        if (tool_ == Tool::Wall) p.drawPolyline(line);
        else p.drawPolygon(line);
        p.setBrush(Qt::white);
        p.setPen(QPen(Qt::black, 1));
        for (const QPointF& v : line.mid(0, line.size() - 1)) p.drawEllipse(v, 3.5, 3.5);
    }
    if (tool_ == Tool::PlaceModel && rect().contains(mapFromGlobal(QCursor::pos()))) {
        Model ghost;
        ghost.base = placement_.base;
        ghost.position = snap(dragNow_);
        p.setPen(QPen(render::sideColour(placement_.side), 1.5, Qt::DashLine));
        p.setBrush(Qt::NoBrush);
        p.drawPolygon(view_.map(polygonOf(baseOutline(ghost))));
    }
    if (tool_ == Tool::PlacePreset && rect().contains(mapFromGlobal(QCursor::pos()))) {
        p.setPen(guide);
        p.setBrush(Qt::NoBrush);
        // Every piece of the preset, moved as placing would move them.
        Polygon all;
        for (const TerrainPiece& t : preset_) all.outer.insert(all.outer.end(), t.footprint.outer.begin(), t.footprint.outer.end());
        const Vec2 by = snap(dragNow_) - edits::footprintCentre(all);
        for (const TerrainPiece& t : preset_) {
            Polygon ghost = t.footprint;
            edits::translate(ghost, by);
            p.drawPolygon(view_.map(polygonOf(ghost.outer)));
        }
    }
}

void BoardView::resizeEvent(QResizeEvent*) {
    if (fitted_) fitToWindow();
}

void BoardView::wheelEvent(QWheelEvent* e) {
    // Zoom about the point under the cursor.
    const double factor = std::pow(1.0015, e->angleDelta().y());
    const QPointF at = e->position();
    QTransform t;
    t.translate(at.x(), at.y());
    t.scale(factor, factor);
    t.translate(-at.x(), -at.y());
    const double scale = std::sqrt(std::abs((view_ * t).determinant()));
    if (scale < 2 || scale > 2000) return;  // pixels per inch: keep it sensible
    view_ = view_ * t;
    fitted_ = false;
    update();
}

void BoardView::addTerrain(const std::vector<TerrainPiece>& pieces, const QString& text) {
    if (pieces.empty()) return;
    for (const TerrainPiece& piece : pieces)
        if (auto problem = ringProblem(piece.footprint.outer)) {
            emit message(tr("Not a terrain piece: %1").arg(QString::fromStdString(*problem)));
            return;
        }
    // Several pieces (a ruin and its walls) go down in one undoable step, all selected.
    document_->edit(text.arg(QString::fromStdString(pieces.front().id)),
                    [pieces](Scenario& s) { s.terrain.insert(s.terrain.end(), pieces.begin(), pieces.end()); });
    edits::Selection sel;
    const int count = static_cast<int>(document_->scenario().terrain.size());
    for (int i = count - static_cast<int>(pieces.size()); i < count; ++i) sel.terrain.push_back(i);
    setSelection(sel);
}

void BoardView::mousePressEvent(QMouseEvent* e) {
    const QPointF board = toBoard(e->position());
    dragNow_ = board;
    if (e->button() == Qt::MiddleButton || (e->button() == Qt::RightButton && modelAt(board) < 0)) {
        drag_ = Drag::Pan;
        lastPan_ = e->position();
        return;
    }
    if (e->button() == Qt::RightButton) {
        setTarget(modelAt(board));
        return;
    }
    if (e->button() != Qt::LeftButton) return;
    const Scenario& s = document_->scenario();
    switch (tool_) {
    case Tool::Select:
        pressSelect(e, board);
        return;
    case Tool::PlaceModel: {
        const Vec2 at = snap(board);
        if (at.x < 0 || at.y < 0 || at.x > s.board.width || at.y > s.board.height) {
            emit message(tr("Models go on the table: %1\", %2\" is off it").arg(at.x).arg(at.y));
            return;
        }
        const Model m = edits::newModel(s, placement_.base, at, placement_.side, placement_.unit, placement_.height);
        document_->edit(tr("Place %1").arg(QString::fromStdString(m.id)), [m](Scenario& sc) { sc.models.push_back(m); });
        if (const int floor = edits::floorUnder(document_->scenario(), m); floor >= 0)
            emit message(tr("%1 stands on %2, at %3 (its elevation; 0 in the inspector puts it on the table)")
                             .arg(q(m.id), q(s.labelOf(s.terrain[floor].id)), inchesText(m.elevation)));
        edits::Selection sel;
        sel.models.push_back(static_cast<int>(document_->scenario().models.size()) - 1);
        setSelection(sel);
        return;
    }
    case Tool::PlacePreset:
        addTerrain(edits::placedPieces(s, preset_, snap(board)), tr("Place %1"));
        return;
    case Tool::Polygon:
    case Tool::ZonePolygon:
    case Tool::Wall:
        drawing_.push_back(snap(board));
        update();
        return;
    case Tool::Rectangle:
    case Tool::ZoneRectangle:
    case Tool::Opening:
        drag_ = Drag::Rect;
        dragStart_ = QPointF(snap(board).x, snap(board).y);
        return;
    case Tool::Objective: {
        const Vec2 at = snap(board);
        if (at.x < 0 || at.y < 0 || at.x > s.board.width || at.y > s.board.height) {
            emit message(tr("Objectives go on the table: %1\", %2\" is off it").arg(at.x).arg(at.y));
            return;
        }
        Zone z;
        z.id = edits::numberedId(s, "obj");
        z.kind = "objective";
        z.position = at;
        z.radius = 3;
        document_->edit(tr("Place %1").arg(q(z.id)), [z](Scenario& sc) { sc.zones.push_back(z); });
        edits::Selection sel;
        sel.zones.push_back(static_cast<int>(document_->scenario().zones.size()) - 1);
        setSelection(sel);
        return;
    }
    case Tool::Measure:
        measureModel_ = modelAt(board);
        measureFrom_ = snap(board);
        measuring_ = true;
        measureTo(board);
        return;
    }
}

void BoardView::measureTo(const QPointF& board) {
    const Scenario& s = document_->scenario();
    const int over = modelAt(board);
    const Vec2 p = snap(board);
    render::Measurement m;
    double distance = 0;
    QString text;
    if (measureModel_ >= 0 && over >= 0 && over != measureModel_) {
        // Base to base, as the rules measure: closest points, in 3D across a height difference.
        const Model& a = s.models[measureModel_];
        const Model& b = s.models[over];
        m = render::baseToBase(a, b);
        text = tr("%1 to %2: %3 base to base").arg(q(a.id), q(b.id), q(m.label));
    } else if (measureModel_ >= 0) {
        const Model& a = s.models[measureModel_];
        if (over == measureModel_) {
            measurement_.reset();
            measurementText_ = tr("Drag from %1 to another model or a point").arg(q(a.id));
            decorate();
            return;
        }
        const Vec2 from = nearestPointOfBase(a, p);
        distance = std::hypot(p.x - from.x, p.y - from.y);
        m = {from, p, inchesText(distance).toStdString()};
        text = tr("%1's base edge to the point: %2").arg(q(a.id), inchesText(distance));
    } else if (over >= 0) {
        const Model& b = s.models[over];
        const Vec2 to = nearestPointOfBase(b, measureFrom_);
        distance = std::hypot(to.x - measureFrom_.x, to.y - measureFrom_.y);
        m = {measureFrom_, to, inchesText(distance).toStdString()};
        text = tr("The point to %1's base edge: %2").arg(q(b.id), inchesText(distance));
    } else {
        distance = std::hypot(p.x - measureFrom_.x, p.y - measureFrom_.y);
        m = {measureFrom_, p, inchesText(distance).toStdString()};
        text = tr("Point to point: %1").arg(inchesText(distance));
    }
    measurement_ = m;
    measurementText_ = text;
    decorate();
}

void BoardView::finishZone(const Ring& polygon) {
    if (auto problem = ringProblem(polygon)) {
        emit message(tr("Not a zone: %1").arg(q(*problem)));
        return;
    }
    const Scenario& s = document_->scenario();
    Zone z;
    z.kind = "deployment";
    z.side = placement_.side;
    z.id = edits::uniqueId(s, "dz-" + (z.side.empty() ? std::string("zone") : z.side));
    z.polygon = polygon;
    document_->edit(tr("Add zone %1").arg(q(z.id)), [z](Scenario& sc) { sc.zones.push_back(z); });
    edits::Selection sel;
    sel.zones.push_back(static_cast<int>(document_->scenario().zones.size()) - 1);
    setSelection(sel);
}

void BoardView::pressSelect(QMouseEvent* e, const QPointF& board) {
    const bool add = e->modifiers() & Qt::ControlModifier;
    ++dragKey_;
    dragUndoIndex_ = document_->undoStack()->index();
    dragged_ = false;
    dragStart_ = board;
    if (auto [piece, vertex] = vertexAt(e->position()); piece >= 0 && !add) {
        drag_ = Drag::Vertex;
        vertexPiece_ = piece;
        vertexIndex_ = vertex;
        return;
    }
    const int model = modelAt(board);
    if (model >= 0 && (e->modifiers() & Qt::ShiftModifier)) {
        setTarget(model);
        return;
    }
    const int zone = model < 0 ? zoneAt(e->position()) : -1;
    const int piece = model < 0 && zone < 0 ? terrainAt(board) : -1;
    if (model < 0 && piece < 0 && zone < 0) {
        // Empty table: a rubber band.
        if (!add) setSelection({});
        drag_ = Drag::Band;
        dragNow_ = board;
        return;
    }
    edits::Selection sel = selection_;
    const int index = model >= 0 ? model : zone >= 0 ? zone : piece;
    auto listOf = [&](edits::Selection& of) -> std::vector<int>& {
        return model >= 0 ? of.models : zone >= 0 ? of.zones : of.terrain;
    };
    if (add) {
        toggle(listOf(sel), index);
    } else if (!has(listOf(sel), index)) {
        sel = {};
        listOf(sel).push_back(index);
    }
    setSelection(sel);
    if (add) return;
    // A click picks the observer; a drag only moves (observer and target stay).
    clicked_ = model;
    pressAt_ = e->position();
    drag_ = Drag::Move;
    anchorModel_ = model;
    anchorPiece_ = piece;
    anchorZone_ = zone;
    const Scenario& s = document_->scenario();
    stood_ = edits::onFloors(s, sel.models);
    const Vec2 c = model >= 0  ? s.models[model].position
                   : zone >= 0 ? edits::zoneCentre(s.zones[zone])
                               : edits::footprintCentre(s.terrain[piece].footprint);
    anchorOffset_ = c - Vec2{board.x(), board.y()};
}

void BoardView::mouseMoveEvent(QMouseEvent* e) {
    const QPointF board = toBoard(e->position());
    dragNow_ = board;
    emit cursorMoved(board);
    const Scenario& s = document_->scenario();
    switch (drag_) {
    case Drag::Pan: {
        const QPointF d = e->position() - lastPan_;
        lastPan_ = e->position();
        QTransform t;
        t.translate(d.x(), d.y());
        view_ = view_ * t;
        fitted_ = false;
        update();
        return;
    }
    case Drag::Move: {
        // An undo in the middle of a drag may take the grabbed item away.
        if (anchorModel_ >= static_cast<int>(s.models.size()) || anchorPiece_ >= static_cast<int>(s.terrain.size()) ||
            anchorZone_ >= static_cast<int>(s.zones.size()) || (anchorModel_ < 0 && anchorPiece_ < 0 && anchorZone_ < 0)) {
            drag_ = Drag::None;
            return;
        }
        const Vec2 anchor = anchorModel_ >= 0  ? s.models[anchorModel_].position
                            : anchorZone_ >= 0 ? edits::zoneCentre(s.zones[anchorZone_])
                                               : edits::footprintCentre(s.terrain[anchorPiece_].footprint);
        if (!dragged_ && (e->position() - pressAt_).manhattanLength() < QApplication::startDragDistance()) return;
        const Vec2 to = snap(QPointF(board.x() + anchorOffset_.x, board.y() + anchorOffset_.y));
        const Vec2 by = to - anchor;
        if (by.x == 0 && by.y == 0) return;
        const edits::Selection sel = selection_;
        const int count = static_cast<int>(sel.size());
        // (Named as the board labels it: "Move Boy 3".)
        const QString what = count == 1 ? q(s.labelOf(anchorModel_ >= 0  ? s.models[anchorModel_].id
                                                      : anchorZone_ >= 0 ? s.zones[anchorZone_].id
                                                                         : s.terrain[anchorPiece_].id))
                                        : tr("%1 items").arg(count);
        document_->edit(tr("Move %1").arg(what), [sel, by](Scenario& sc) { edits::moveSelection(sc, sel, by); }, dragKey_);
        dragged_ = true;
        return;
    }
    case Drag::Vertex: {
        const Vec2 to = snap(board);
        const int piece = vertexPiece_, vertex = vertexIndex_;
        if (piece <= -2) {
            const int zone = -2 - piece;
            if (zone >= static_cast<int>(s.zones.size()) || vertex >= static_cast<int>(s.zones[zone].polygon.size())) {
                drag_ = Drag::None;
                return;
            }
            Ring ring = s.zones[zone].polygon;
            ring[vertex] = to;
            if (ringProblem(ring)) {
                emit message(tr("A vertex cannot go there: the outline would cross itself"));
                return;
            }
            document_->edit(tr("Edit %1").arg(q(s.zones[zone].id)),
                            [zone, vertex, to](Scenario& sc) { sc.zones[zone].polygon[vertex] = to; }, dragKey_);
            return;
        }
        if (piece >= static_cast<int>(s.terrain.size()) || vertex >= static_cast<int>(s.terrain[piece].footprint.outer.size())) {
            drag_ = Drag::None;
            return;
        }
        Ring ring = s.terrain[piece].footprint.outer;
        ring[vertex] = to;
        if (ringProblem(ring)) {
            emit message(tr("A vertex cannot go there: the outline would cross itself"));
            return;
        }
        document_->edit(tr("Edit %1").arg(QString::fromStdString(s.terrain[piece].id)),
                        [piece, vertex, to](Scenario& sc) { sc.terrain[piece].footprint.outer[vertex] = to; }, dragKey_);
        return;
    }
    case Drag::Band:
    case Drag::Rect:
        if (drag_ == Drag::Rect) dragNow_ = QPointF(snap(board).x, snap(board).y);
        update();
        return;
    case Drag::None:
        break;
    }
    if (tool_ == Tool::Measure && measuring_) {
        measureTo(board);
        return;
    }
    if (tool_ != Tool::Select) {
        update();  // the ghost and the rubber line follow the cursor
        return;
    }
    // Hovering an enemy shows its sight line; a pinned target comes back when the cursor
    // leaves it. (In a unit mode a pinned target stays: its ruling is the whole matrix.)
    if (observer_ >= 0 && !allEnemies_ && (target_ < 0 || unitMode_ == UnitMode::Off)) {
        const int model = modelAt(board);
        const int enemy = model >= 0 && model != target_ && s.models[model].side != s.models[observer_].side ? model : -1;
        if (enemy != hover_) {
            hover_ = enemy;
            recompute();
        }
    }
    setCursor(vertexAt(e->position()).first >= 0 ? Qt::SizeAllCursor : Qt::ArrowCursor);
}

void BoardView::settle(const std::vector<std::pair<int, double>>& stood, int mergeKey) {
    if (edits::comingDown(document_->scenario(), stood) == 0) return;
    document_->edit(tr("Move"), [stood](Scenario& sc) { edits::settleModels(sc, stood); }, mergeKey);
    // Said in the status bar: the elevation changed without the user typing it.
    const Scenario& s = document_->scenario();
    QStringList names;
    for (const auto& [m, was] : stood)
        if (m < static_cast<int>(s.models.size()) && s.models[m].elevation != was)
            names << (s.models[m].elevation > 0 ? tr("%1 on the floor below, at %2").arg(q(s.labelOf(s.models[m].id)), inchesText(s.models[m].elevation))
                                                 : tr("%1 on the table").arg(q(s.labelOf(s.models[m].id))));
    emit message(tr("Off its floor, put down: %1").arg(names.join(QStringLiteral(", "))));
}

void BoardView::mouseReleaseEvent(QMouseEvent*) {
    const Drag was = drag_;
    drag_ = Drag::None;
    // Models carried off the floor they stood on are put down on what is under them (in the
    // same undo step as the move).
    if (was == Drag::Move && dragged_ && !stood_.empty()) settle(stood_, dragKey_);
    stood_.clear();
    // The model is put down: what the drag's quick proofs left open is decided in full, and
    // the panel shows what it left out while dragging (the reasons).
    if ((was == Drag::Move || was == Drag::Vertex) && (latestRequest_.quick || !overlay_.enemiesOpen.empty())) refineUnitRuling();
    if (was == Drag::Move || was == Drag::Vertex) emit rulingChanged();
    if ((was == Drag::Move || was == Drag::Vertex) && !pointOfView_.isEmpty()) requestPointOfView();
    if (was == Drag::Move && !dragged_ && clicked_ >= 0 && clicked_ != observer_ &&
        clicked_ < static_cast<int>(document_->scenario().models.size()))
        setObserver(clicked_);
    clicked_ = -1;
    if (tool_ == Tool::Measure && measuring_) {
        measuring_ = false;
        if (!measurementText_.isEmpty()) emit message(measurementText_);
    }
    if (was == Drag::Band) {
        const QRectF box = QRectF(dragStart_, dragNow_).normalized();
        edits::Selection sel = selection_;
        const Scenario& s = document_->scenario();
        for (int i = 0; i < static_cast<int>(s.models.size()); ++i)
            if (box.contains(s.models[i].position.x, s.models[i].position.y) && !has(sel.models, i)) sel.models.push_back(i);
        for (int i = 0; i < static_cast<int>(s.terrain.size()); ++i)
            if (box.contains(polygonOf(s.terrain[i].footprint.outer).boundingRect()) && !has(sel.terrain, i))
                sel.terrain.push_back(i);
        for (int i = 0; i < static_cast<int>(s.zones.size()); ++i) {
            const Zone& z = s.zones[i];
            const QRectF extent = z.position ? QRectF(z.position->x, z.position->y, 0, 0) : polygonOf(z.polygon).boundingRect();
            if (box.contains(extent) && !has(sel.zones, i)) sel.zones.push_back(i);
        }
        setSelection(sel);
    } else if (was == Drag::Rect && tool_ == Tool::Opening) {
        finishOpening(QRectF(dragStart_, dragNow_).normalized());
    } else if (was == Drag::Rect && tool_ == Tool::ZoneRectangle) {
        const QRectF r = QRectF(dragStart_, dragNow_).normalized();
        if (r.width() > 0 && r.height() > 0)
            finishZone({{r.left(), r.top()}, {r.right(), r.top()}, {r.right(), r.bottom()}, {r.left(), r.bottom()}});
    } else if (was == Drag::Rect) {
        const QRectF r = QRectF(dragStart_, dragNow_).normalized();
        if (r.width() > 0 && r.height() > 0) {
            TerrainPiece t;
            t.id = edits::uniqueId(document_->scenario(), "terrain");
            // "Terrain 2" for terrain-2: a name of its own, as labels need.
            const size_t dash = t.id.rfind('-');
            t.name = tr("Terrain %1").arg(dash == std::string::npos ? QStringLiteral("1") : QString::fromStdString(t.id.substr(dash + 1))).toStdString();
            t.category = "dense";
            t.height = 3;
            t.footprint.outer = {{r.left(), r.top()}, {r.right(), r.top()}, {r.right(), r.bottom()}, {r.left(), r.bottom()}};
            addTerrain({t}, tr("Draw %1"));
        }
    }
    update();
}

void BoardView::finishOpening(const QRectF& r) {
    if (!(r.width() > 0 && r.height() > 0)) return;
    const Scenario& s = document_->scenario();
    // (The rectangle's corners to a hundredth of an inch: the file keeps numbers a person reads.)
    auto hundredth = [](double v) { return std::round(v * 100) / 100; };
    const double left = hundredth(r.left()), top = hundredth(r.top()), right = hundredth(r.right()), bottom = hundredth(r.bottom());
    if (!(right > left && bottom > top)) return;
    const Ring window{{left, top}, {right, top}, {right, bottom}, {left, bottom}};
    // (The selected feature first, where the rectangle crosses it; else the one it crosses
    // most. Less than a millionth of a square inch is no opening.)
    int best = -1;
    bool bestSelected = false;
    double most = 0;
    Ring gap;
    for (int i = 0; i < static_cast<int>(s.terrain.size()); ++i) {
        const TerrainPiece& t = s.terrain[i];
        if (t.kind != TerrainKind::Feature || t.footprint.outer.size() < 3) continue;
        Ring part = clipToConvexRing(t.footprint.outer, window);
        const double area = part.size() >= 3 ? std::abs(signedArea(part)) : 0;
        const bool selected = has(selection_.terrain, i);
        if (area <= 1e-6 || (bestSelected && !selected) || (selected == bestSelected && area <= most)) continue;
        best = i;
        bestSelected = selected;
        most = area;
        gap = std::move(part);
    }
    if (best < 0) {
        emit message(tr("Drag the opening's rectangle across a feature (a wall): the opening is the part of it inside"));
        return;
    }
    if (signedArea(gap) < 0) std::reverse(gap.begin(), gap.end());
    Scenario candidate = s;
    TerrainPiece& t = candidate.terrain[best];
    t.openings.push_back(edits::newOpening(t, gap));
    if (const QList<io::Problem> problems = edits::problemsOf(candidate); !problems.isEmpty()) {
        emit message(tr("No opening: %1").arg(problems.front().message));
        return;
    }
    const QString id = QString::fromStdString(s.terrain[best].id);
    document_->edit(tr("Open %1").arg(id), [candidate](Scenario& x) { x = candidate; });
    edits::Selection only;
    only.terrain = {best};
    setSelection(only);
    emit message((t.bottom > 0 ? tr("A hole through %1 from %2\" to %3\" (a stairwell): change its heights in the inspector")
                               : tr("An opening through %1 from %2\" to %3\": change its heights in the inspector"))
                     .arg(QString::fromStdString(s.labelOf(s.terrain[best].id)))
                     .arg(candidate.terrain[best].openings.back().from)
                     .arg(candidate.terrain[best].openings.back().to));
}

void BoardView::mouseDoubleClickEvent(QMouseEvent* e) {
    if ((tool_ == Tool::Polygon || tool_ == Tool::ZonePolygon || tool_ == Tool::Wall) && e->button() == Qt::LeftButton) finishPolygon();
    else mousePressEvent(e);
}

void BoardView::finishPolygon() {
    // A double-click's second press may repeat the last vertex.
    while (drawing_.size() >= 2 && std::hypot(drawing_.back().x - drawing_[drawing_.size() - 2].x,
                                              drawing_.back().y - drawing_[drawing_.size() - 2].y) < 1e-9)
        drawing_.pop_back();
    if (tool_ == Tool::Wall) {  // a line of points, kWallThickness thick
        if (drawing_.size() < 2) {
            emit message(tr("A wall needs at least two points; keep clicking, or Esc to cancel"));
            return;
        }
        std::string why;
        const std::optional<Ring> outline = thickLine(drawing_, kWallThickness, &why);
        if (!outline) {
            emit message(tr("Not a wall: %1; fix it or Esc to cancel").arg(QString::fromStdString(why)));
            return;
        }
        TerrainPiece t;
        t.id = edits::uniqueId(document_->scenario(), "wall");
        t.name = tr("Wall").toStdString();
        t.category = "dense";
        t.height = 3;
        t.footprint.outer = *outline;
        drawing_.clear();
        addTerrain({t}, tr("Draw %1"));
        return;
    }
    if (drawing_.size() < 3) {
        emit message(tr("A polygon needs at least three corners; keep clicking, or Esc to cancel"));
        return;
    }
    if (tool_ == Tool::ZonePolygon) {
        if (auto problem = ringProblem(drawing_)) {
            emit message(tr("Not a zone: %1; fix it or Esc to cancel").arg(q(*problem)));
            return;
        }
        const Ring ring = drawing_;
        drawing_.clear();
        finishZone(ring);
        return;
    }
    TerrainPiece t;
    t.id = edits::uniqueId(document_->scenario(), "terrain");
    t.name = tr("Terrain").toStdString();
    t.category = "dense";
    t.height = 3;
    t.footprint.outer = drawing_;
    if (auto problem = ringProblem(t.footprint.outer)) {
        emit message(tr("Not a terrain piece: %1; fix it or Esc to cancel").arg(QString::fromStdString(*problem)));
        return;
    }
    drawing_.clear();
    addTerrain({t}, tr("Draw %1"));
}

void BoardView::keyPressEvent(QKeyEvent* e) {
    if ((tool_ == Tool::Polygon || tool_ == Tool::ZonePolygon || tool_ == Tool::Wall) &&
        (e->key() == Qt::Key_Return || e->key() == Qt::Key_Enter)) {
        finishPolygon();
        return;
    }
    if (e->key() == Qt::Key_Escape) {
        escape();
        return;
    }
    // Arrows nudge the selection: by the snapping step (or 0.1"), by 1" with Shift.
    const int key = e->key();
    if ((key == Qt::Key_Left || key == Qt::Key_Right || key == Qt::Key_Up || key == Qt::Key_Down) && !selection_.empty()) {
        const double step = (e->modifiers() & Qt::ShiftModifier) ? 1.0 : snapStep_ > 0 ? snapStep_ : 0.1;
        const Vec2 by{key == Qt::Key_Left ? -step : key == Qt::Key_Right ? step : 0.0,
                      key == Qt::Key_Up ? -step : key == Qt::Key_Down ? step : 0.0};
        const edits::Selection sel = selection_;
        const auto stood = edits::onFloors(document_->scenario(), sel.models);
        // Nudges in a row undo as one step.
        document_->edit(tr("Nudge"), [sel, by](Scenario& sc) { edits::moveSelection(sc, sel, by); }, 1);
        if (!stood.empty()) settle(stood, 1);
        return;
    }
    QWidget::keyPressEvent(e);
}

bool BoardView::event(QEvent* e) {
    if (e->type() != QEvent::ToolTip) return QWidget::event(e);
    const auto* help = static_cast<QHelpEvent*>(e);
    const QPointF board = toBoard(help->pos());
    const Scenario& s = document_->scenario();
    QString text;
    if (const int m = modelAt(board); m >= 0) {
        const Model& model = s.models[m];
        text = tr("<b>%1</b>%2<br>unit %3, side %4<br>%5, height %6, elevation %7")
                   .arg(q(model.id).toHtmlEscaped(),
                        model.name.empty() ? QString() : QStringLiteral(" &mdash; ") + q(model.name).toHtmlEscaped(),
                        q(model.unit).toHtmlEscaped(), q(model.side).toHtmlEscaped(), baseText(model.base),
                        inchesText(model.height), inchesText(model.elevation));
        if (!model.keywords.empty()) {
            QStringList words;
            for (const auto& k : model.keywords) words << q(k).toHtmlEscaped();
            text += QStringLiteral("<br>") + words.join(QStringLiteral(", "));
        }
        for (const edits::Overlap& o : overlaps_)
            if (o.model == m) {
                QStringList with;
                for (const auto& id : o.with) with << q(s.labelOf(id)).toHtmlEscaped();  // (as the board labels them)
                text += tr("<br><span style='color:#d46a00'>Overlaps %1: no real model could stand here</span>")
                            .arg(with.join(QStringLiteral(", ")));
            }
    } else if (const int z = zoneAt(help->pos()); z >= 0) {
        const Zone& zone = s.zones[z];
        text = tr("<b>%1</b><br>%2%3").arg(q(zone.id).toHtmlEscaped(), q(zone.kind).toHtmlEscaped(),
                                           zone.side.empty() ? QString() : tr(", side %1").arg(q(zone.side).toHtmlEscaped()));
        if (zone.position) text += tr(", radius %1").arg(inchesText(zone.radius));
    } else if (const int t = terrainAt(board); t >= 0) {
        const TerrainPiece& piece = s.terrain[t];
        // (Named by its name, as the board labels it; its id, which files and the CLI use,
        // below in grey: an imported layout's ids are long and say nothing to a player.)
        text = tr("<b>%1</b>%2<br>%3").arg(QString::fromStdString(s.labelOf(piece.id)).toHtmlEscaped(),
                                           piece.name.empty() ? QString()
                                                              : QStringLiteral("<br><span style='color:#777'>%1</span>").arg(q(piece.id).toHtmlEscaped()),
                                           piece.kind == TerrainKind::Area ? tr("area")
                                           : piece.bottom > 0 ? tr("floor or walkway, from %1 to %2 (open below)")
                                                                    .arg(inchesText(piece.bottom), inchesText(piece.height))
                                                              : tr("feature, height %1").arg(inchesText(piece.height)));
        if (!piece.category.empty()) text += tr(", %1").arg(q(piece.category));
        // Its openings, each with its heights (and the rule that closes it, where one does).
        for (const Opening& o : piece.openings) text += QStringLiteral("<br>") + render::openingText(s, piece, o).toHtmlEscaped();
        if (!piece.area.empty()) text += tr("<br>in area %1").arg(QString::fromStdString(s.labelOf(piece.area)).toHtmlEscaped());
        if (!piece.tags.empty()) {
            QStringList tags;
            for (const auto& k : piece.tags) tags << q(k).toHtmlEscaped();
            text += QStringLiteral("<br>") + tags.join(QStringLiteral(", "));
        }
    }
    if (text.isEmpty()) {
        QToolTip::hideText();
        e->ignore();
    } else {
        QToolTip::showText(help->globalPos(), text, this);
    }
    return true;
}

void BoardView::escape() {
    if (dragging()) {
        // A move or a corner being dragged: put back where it was, the drag over.
        drag_ = Drag::None;
        clicked_ = -1;
        bool undone = false;
        // Undone for good: each step undone, then made obsolete, so that the stack drops it
        // rather than keep it to redo (no Redo brings the cancelled move back).
        QUndoStack* stack = document_->undoStack();
        while (stack->index() > dragUndoIndex_ && stack->canUndo()) {
            auto* step = const_cast<QUndoCommand*>(stack->command(stack->index() - 1));
            step->undo();
            step->setObsolete(true);
            stack->undo();  // (an obsolete command is not undone again, only removed)
            undone = true;
        }
        if (undone) emit message(tr("Drag cancelled: put back where it was."));
        return;
    }
    if (!drawing_.empty() || drag_ == Drag::Rect) {
        drawing_.clear();
        drag_ = Drag::None;
        update();
    } else if (tool_ == Tool::Measure && measurement_) {
        measurement_.reset();
        measurementText_.clear();
        decorate();
    } else if (tool_ != Tool::Select) {
        setTool(Tool::Select);
    } else if (unitMode_ != UnitMode::Off) {
        setUnitMode(UnitMode::Off);
        emit message(tr("Back to a single pair."));
    } else if (allEnemies_) {
        setAllEnemies(false);
        emit message(tr("Back to a single pair."));
    } else if (target_ >= 0) {
        setTarget(-1);
        emit message(tr("Target unpinned: hover an enemy to see its line, shift-click or right-click to pin one."));
    }
}

void BoardView::leaveEvent(QEvent*) {
    if (hover_ >= 0) {
        hover_ = -1;
        recompute();
    }
    update();
}

void BoardView::deleteSelected() {
    if (selection_.empty()) return;
    const edits::Selection sel = selection_;
    selection_ = {};
    if (has(sel.models, observer_)) {
        lostObserver_ = document_->scenario().models[static_cast<size_t>(observer_)];
        observer_ = -1;
    }
    if (has(sel.models, target_)) target_ = -1;
    hover_ = -1;
    // Indices after the removed ones shift down.
    auto shifted = [&](int i) {
        if (i < 0) return i;
        return i - static_cast<int>(std::count_if(sel.models.begin(), sel.models.end(), [i](int r) { return r < i; }));
    };
    observer_ = shifted(observer_);
    target_ = shifted(target_);
    const int count = static_cast<int>(sel.size());
    const Scenario& s = document_->scenario();
    document_->edit(count == 1 ? tr("Delete %1").arg(q(!sel.models.empty()    ? s.models[sel.models[0]].id
                                                       : !sel.terrain.empty() ? s.terrain[sel.terrain[0]].id
                                                                              : s.zones[sel.zones[0]].id))
                               : tr("Delete %1 items").arg(count),
                    [sel](Scenario& s) { edits::deleteSelection(s, sel); });
    emit selectionChanged();
}

void BoardView::duplicateSelected() {
    if (selection_.empty()) return;
    const edits::Selection sel = selection_;
    edits::Selection copies;
    document_->edit(tr("Duplicate"), [sel, &copies](Scenario& s) { copies = edits::duplicateSelection(s, sel, {1, 1}); });
    setSelection(copies);
}

void BoardView::rotateSelected(double degrees) {
    if (selection_.empty()) return;
    const edits::Selection sel = selection_;
    document_->edit(tr("Rotate"), [sel, degrees](Scenario& s) { edits::rotateSelection(s, sel, degrees); });
}

void BoardView::selectUnit() {
    const Scenario& s = document_->scenario();
    edits::Selection sel = selection_;
    for (int picked : selection_.models)
        for (int i = 0; i < static_cast<int>(s.models.size()); ++i)
            if (s.models[i].unit == s.models[picked].unit && !has(sel.models, i)) sel.models.push_back(i);
    setSelection(sel);
}

void BoardView::selectAll() {
    edits::Selection sel;
    for (int i = 0; i < static_cast<int>(document_->scenario().models.size()); ++i) sel.models.push_back(i);
    for (int i = 0; i < static_cast<int>(document_->scenario().terrain.size()); ++i) sel.terrain.push_back(i);
    setSelection(sel);
}

}  // namespace sl::gui
