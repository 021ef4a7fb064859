// The board in the window: paints the scenario with the shared renderer, zooms and pans,
// and is where the table is edited: selecting (click, rubber band, a whole unit), moving a
// selection (each drag one undo step), placing models from the palette and terrain from
// presets, drawing polygon and rectangle terrain, deployment zones and objectives,
// dragging a piece's or zone's vertices; measuring base to base and range rings. It picks
// the observer and the target and shows the sight lines of the pair, or of the observer
// against all its enemies, recomputed live while anything moves.
#pragma once

#include "board_renderer.h"
#include "los/pair.h"
#include "los/scene.h"
#include "rules/rulings.h"
#include "scenario_document.h"
#include "scenario_edits.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QPointF>
#include <QTimer>

#include <chrono>
#include <QWidget>

#include <atomic>
#include <deque>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace sl::gui {

class BoardView : public QWidget {
    Q_OBJECT
public:
    // (A new tool goes last, and the main window gets its hint: its static_assert names the last.)
    enum class Tool { Select, PlaceModel, PlacePreset, Polygon, Rectangle, Measure, ZoneRectangle, ZonePolygon, Objective, Wall, Opening };
    // The Wall tool draws a line of points, kWallThickness inches thick (a ruin's wall).
    static constexpr double kWallThickness = 0.25;

    // What the place-model tool puts down.
    struct Placement {
        Base base;
        std::string side = "blue";
        std::string unit;  // empty: each model its own unit
        double height = 1.5;
    };

    explicit BoardView(ScenarioDocument* document, QWidget* parent = nullptr);
    ~BoardView() override;  // gives up a unit ruling still being worked out

    int observer() const { return observer_; }
    int target() const { return target_; }
    void setObserver(int model);
    void setTarget(int model);
    void setMethod(Method method);
    Method method() const { return method_; }
    void setAllEnemies(bool on);
    bool allEnemies() const { return allEnemies_; }
    // The unit modes: the observer against every model of the target's unit, or the
    // observer's unit against the target's unit (rulesets.md, unit rulings).
    enum class UnitMode { Off, ObserverVsUnit, UnitVsUnit };
    void setUnitMode(UnitMode mode);
    UnitMode unitMode() const { return unitMode_; }
    // The unit ruling shown: worked out off the GUI thread, so it may lag the table by a
    // drag step, and is empty until the first answer arrives (unitRulingPending()).
    const std::optional<UnitRuling>& unitRuling() const { return unitRuling_; }
    bool unitRulingPending() const;
    // Whether the observer was taken off the table by an edit (deleted), and an undo would
    // bring it back as the observer.
    bool observerTakenOff() const { return lostObserver_.has_value(); }
    // Observer against all enemies: a full answer is being worked out off the GUI thread.
    bool enemiesPending() const { return enemiesRunning_.has_value(); }
    // How many were given up because a newer one waited (see giveUpIfStale()).
    int unitRulingsGivenUp() const { return givenUp_; }
    // When one is given up: once it has run three times the usual step and at least the
    // least patience; never when the lines shown are already older than the stalest (a
    // table where every step is slow: the running one then finishes and is shown). By
    // default kLeastPatience and kStalest.
    static constexpr std::chrono::milliseconds kLeastPatience{50}, kStalest{250};
    // Other times (a test gives up at once, whatever the age of the lines shown).
    void setGiveUpTimes(std::chrono::milliseconds leastPatience, std::chrono::milliseconds stalest) {
        leastPatience_ = leastPatience;
        stalest_ = stalest;
    }
    // Each change of the table asks for a unit ruling, numbered in turn: the last asked
    // for, and the one the ruling shown answers (the lag behind a drag, measured).
    quint64 unitRulingAsked() const { return unitGeneration_; }
    quint64 unitRulingShown() const { return shownGeneration_; }
    // While a model is dragged the proofs are quick (Scene::Effort::Quick): a pair that needs
    // a long one is shown as being worked out, and decided in full once the model is put
    // down or held still. Whether the ruling shown has such pairs.
    bool unitRulingProvisional() const;
    // A drag step's time for its quick proofs: for a unit ruling (off the GUI thread) the
    // time from the step's start (the table copied, the kept table following the move) to
    // the end of its proofs, leaving a frame's (16 ms) rest for a stage of a proof that is
    // not interrupted and for the answer drawn; for observer against all enemies (on the
    // GUI thread, with the board drawn after it) less.
    static constexpr std::chrono::milliseconds kUnitStepTime{12};
    static constexpr std::chrono::milliseconds kEnemiesStepTime{3};
    // Other times (a test gives none, to see what is left to the full proofs).
    void setDragStepTimes(std::chrono::milliseconds units, std::chrono::milliseconds enemies) {
        unitStepTime_ = units;
        enemiesStepTime_ = enemies;
    }
    // Fog of war on the table: the board as a side sees it, its own models and the enemies
    // some model of it sees under the ruleset (exact decisions); empty: everyone, every
    // model drawn. Worked out off the GUI thread when the table changes, but not while a
    // model is dragged: a move reveals what is seen where the model is put down, not what
    // it passed on the way. Until the first answer, no enemy is drawn.
    void setPointOfView(const QString& side);
    QString pointOfView() const { return pointOfView_; }
    // The models the side sees (ids), as last worked out; whether a newer answer is coming.
    const std::set<std::string>& pointOfViewSeen() const { return povSeen_; }
    bool pointOfViewPending() const { return povBusy_ || povAgain_; }
    // The models not drawn (indices): the enemies the side does not see.
    std::vector<int> unseenModels() const;

    // A model, piece or zone, or a corner, is being dragged (the mouse is held).
    bool dragging() const { return drag_ == Drag::Move || drag_ == Drag::Vertex; }

    Tool tool() const { return tool_; }
    void setTool(Tool tool);
    void setPlacement(const Placement& p) { placement_ = p; }
    const Placement& placement() const { return placement_; }
    void setPreset(const std::vector<TerrainPiece>& pieces);
    // Snapping to a grid of `step` inches; 0 for none.
    void setSnapStep(double step) { snapStep_ = step; }
    double snapStep() const { return snapStep_; }

    const edits::Selection& selection() const { return selection_; }
    void setSelection(const edits::Selection& s);

    // Measuring: the last distance measured (kept until Esc or another tool), and how it
    // reads ("b-int-1 to r-nob: 12.34\" base to base").
    const std::optional<render::Measurement>& measurement() const { return measurement_; }
    QString measurementText() const { return measurementText_; }
    // Range rings on the selected models, at these distances from the base's edge.
    void setRangeRings(bool on);
    bool rangeRings() const { return rangeRings_; }
    void setRingRadii(const std::vector<double>& radii);
    const std::vector<double>& ringRadii() const { return ringRadii_; }
    // Labels on models and pieces (View > Labels).
    void setLabels(bool on);
    // Pieces and models to point out (hovering an id in the ruling panel).
    void setHighlighted(const std::vector<std::string>& ids);
    // Models standing where a real one could not, with what they overlap.
    const std::vector<edits::Overlap>& overlaps() const { return overlaps_; }
    // The zone under a widget point (an objective's marker, a zone's edge), or -1.
    int zoneAt(const QPointF& widget) const;
    // The vertices of a selected piece or zone that get a handle: at most one every few
    // pixels along its outline, so a dense outline shows a few, not a band.
    std::vector<int> handleVertices(const Ring& ring) const;

    // The ruling of the current pair, if there is one.
    const std::optional<PairResult>& ruling() const { return overlay_.result; }
    const render::Overlay& overlay() const { return overlay_; }
    // A layout analysis map drawn under the pieces and models (none: nothing), and lines
    // that explain one of its cells (green seen, red not) or bases drawn there (hiding
    // spots), kept through every recompute.
    void setMapLayer(std::optional<render::MapLayer> layer);
    void setMapLines(std::vector<render::MapLine> lines, std::vector<render::MapBase> bases = {},
                     std::optional<Vec2> cell = std::nullopt);
    const std::optional<render::MapLayer>& mapLayer() const { return mapLayer_; }

    // Board inches at a widget point, and back.
    QPointF toBoard(const QPointF& widget) const;
    QPointF toWidget(const QPointF& board) const;

    // The model with this id, or -1.
    int modelIndex(const QString& id) const;
    // The model under a board point (the topmost), or -1.
    int modelAt(const QPointF& board) const;
    // The terrain piece under a board point (features over areas), or -1.
    int terrainAt(const QPointF& board) const;

    // Milliseconds the last sight recomputation took.
    double lastRecomputeMs() const { return lastRecomputeMs_; }

public slots:
    void fitToWindow();
    void deleteSelected();
    void duplicateSelected();
    void rotateSelected(double degrees);
    void selectUnit();
    void selectAll();
    // Esc: cancels a drag (what was dragged goes back) or a drawing, else leaves a placing
    // tool, else leaves a unit mode or observer against all enemies, else unpins the target.
    void escape();
    // Closes the polygon being drawn (Enter or a double-click).
    void finishPolygon();

signals:
    void cursorMoved(const QPointF& board);
    void rulingChanged();
    void selectionChanged();
    void toolChanged();
    // The unit mode or observer against all enemies was switched (from here, by Esc).
    void modeChanged();
    // Something the user should read in the status bar (a refused polygon, say).
    void message(const QString& text);
    // The point of view was switched, or a new answer of what its side sees arrived.
    void pointOfViewChanged();

protected:
    void paintEvent(QPaintEvent*) override;
    void resizeEvent(QResizeEvent*) override;
    void wheelEvent(QWheelEvent*) override;
    void mousePressEvent(QMouseEvent*) override;
    void mouseMoveEvent(QMouseEvent*) override;
    void mouseReleaseEvent(QMouseEvent*) override;
    void mouseDoubleClickEvent(QMouseEvent*) override;
    void keyPressEvent(QKeyEvent*) override;
    void leaveEvent(QEvent*) override;
    bool event(QEvent*) override;

private:
    void documentChanged();
    // Puts down the models of `stood` that left their floor (one undo step with `mergeKey`'s).
    void settle(const std::vector<std::pair<int, double>>& stood, int mergeKey);
    void recompute();
    // The unit modes' ruling, asked for and received (see unitRuling()).
    struct UnitRequest {
        UnitMode mode = UnitMode::Off;
        int observer = -1;
        int target = -1;
        Method method = Method::Exact;
        std::string attackerUnit;
        std::string targetUnit;
        bool quick = false;  // a drag step: quick proofs (see unitRulingProvisional())
    };
    // The same rows and columns: an answer for one may stand in for the other while it comes.
    static bool sameModels(const UnitRequest& a, const UnitRequest& b);
    // The models' ids in file order: an answer stands for the table only while they are these.
    std::vector<std::string> modelIds() const;
    std::vector<std::string> lastIds_;  // the models' ids as of the last change of the table
    std::vector<Model> lastModels_;     // and the models themselves (an observer deleted: lostObserver_)
    void requestUnitRuling(const UnitRequest& request);
    void startUnitRuling();
    void unitRulingReady();
    // A newer request waits and the running one has taken much longer than the steps before
    // it (a knife edge: its proofs search long): the running one is given up, so the lines
    // follow the drag; unless the lines shown are already some time behind, so that a
    // table where every step is slow still shows answers.
    void giveUpIfStale();
    // What the overlay shows besides line of sight: selection, rings, measuring, overlaps.
    void decorate();
    void measureTo(const QPointF& board);
    void finishZone(const Ring& polygon);
    // An opening through the feature the rectangle crosses most (the selected one first):
    // its footprint's part within the rectangle, from 30% to 70% of its height.
    void finishOpening(const QRectF& rect);
    Vec2 snap(QPointF board) const;
    // The vertex handle of a selected piece (or zone) within a few pixels of a widget point:
    // piece, index; zone vertices come as -2 - zone.
    std::pair<int, int> vertexAt(const QPointF& widget) const;
    void pressSelect(QMouseEvent* e, const QPointF& board);
    void addTerrain(const std::vector<TerrainPiece>& pieces, const QString& text);

    ScenarioDocument* document_;
    std::unique_ptr<Scene> scene_;
    QTransform view_;         // board inches -> widget pixels
    bool fitted_ = true;      // follow the window's size until the user zooms or pans
    int observer_ = -1;
    // The observer an edit took off the table (deleted), as it stood: made the observer again
    // when an undo brings that model back (its id, unit, base and place: not a new model that
    // takes its id); none once another observer is chosen.
    std::optional<Model> lostObserver_;
    int target_ = -1;
    int hover_ = -1;          // an enemy under the cursor, shown instead of the pinned target
    Method method_ = Method::Exact;
    bool allEnemies_ = false;
    UnitMode unitMode_ = UnitMode::Off;
    std::optional<UnitRuling> unitRuling_;
    QFutureWatcher<UnitRuling> unitWatcher_;
    // The point of view (fog of war on the table).
    void requestPointOfView();
    void pointOfViewReady();
    QString pointOfView_;
    std::set<std::string> povSeen_;
    std::set<std::string> povPlacesSeen_;  // remembered enemies whose place the side sees now
    bool povKnown_ = false;  // (an answer for this side has arrived)
    bool povAgain_ = false;  // (the table changed while one was worked out)
    bool povBusy_ = false;   // from its start until its answer is taken (not only while it runs)
    std::shared_ptr<std::atomic<bool>> povCancel_;
    std::shared_ptr<SeenCache> povCache_;  // the side's pair answers, kept between table changes
    struct PovAnswer {
        std::set<std::string> seen, placesSeen;
    };
    QFutureWatcher<PovAnswer> povWatcher_;
    // Drops from the selection, and as observer and target, the models the side does not see.
    void forgetUnseen();
    std::shared_ptr<RulingCache> unitCache_ = std::make_shared<RulingCache>();
    // The table the unit rulings' steps use, kept from one to the next (its scene and wall
    // scenes follow a dragged model); one worker at a time uses it.
    std::shared_ptr<KeptTable> unitTable_ = std::make_shared<KeptTable>();
    std::optional<UnitRequest> pendingRequest_;  // asked for while another was being worked out
    UnitRequest runningRequest_, shownRequest_, latestRequest_;
    std::vector<std::string> runningIds_;       // the models' ids when the running one started
    std::vector<std::string> shownIds_;         // and when the one shown started
    quint64 unitGeneration_ = 0, pendingGeneration_ = 0, runningGeneration_ = 0;
    std::shared_ptr<std::atomic<bool>> runningCancel_;  // the running one's cancel flag
    QElapsedTimer runningClock_;                        // since the running one started
    bool working_ = false;  // one is being worked out, or done but not yet taken (its signal
                            // waits in the queue: the watcher no longer says it runs)
    QTimer patience_;                                   // when to look again (giveUpIfStale)
    QTimer refine_;  // a drag held still: its pairs being worked out are decided in full
    std::chrono::milliseconds unitStepTime_ = kUnitStepTime, enemiesStepTime_ = kEnemiesStepTime;
    std::chrono::milliseconds leastPatience_ = kLeastPatience, stalest_ = kStalest;
    void refineUnitRuling();
    // Observer against all enemies: the quick proofs run on the GUI thread (a drag step's
    // time, or kEnemiesStillTime when no model is dragged); what they leave open is decided
    // in full by a worker on its own copy of the table, so that a large table never holds
    // the window. An answer is for one table (tableRevision_, counted at every change) and
    // one observer.
    static constexpr std::chrono::milliseconds kEnemiesStillTime{30};
    struct EnemiesKey {
        quint64 table = 0;
        int observer = -1;
        bool operator==(const EnemiesKey&) const = default;
    };
    void startFullEnemies();
    void fullEnemiesReady();
    quint64 tableRevision_ = 0;
    QFutureWatcher<render::Overlay> enemiesWatcher_;
    std::shared_ptr<std::atomic<bool>> enemiesCancel_;  // the running worker's
    std::optional<EnemiesKey> enemiesRunning_;          // what it works out
    std::optional<std::pair<EnemiesKey, render::Overlay>> fullEnemies_;  // the last full answer
    QElapsedTimer upToDate_;     // since the lines shown were the table's (shown, or idle)
    std::deque<qint64> stepMs_;  // how long the last ones finished took
    int givenUp_ = 0;
    quint64 shownGeneration_ = 0;
    render::Overlay overlay_;
    std::optional<render::MapLayer> mapLayer_;
    std::vector<render::MapLine> mapLines_;
    std::optional<Vec2> mapCell_;
    std::vector<render::MapBase> mapBases_;
    double lastRecomputeMs_ = 0;

    Tool tool_ = Tool::Select;
    Placement placement_;
    std::vector<TerrainPiece> preset_;
    double snapStep_ = 0;
    edits::Selection selection_;

    // What the left button is doing.
    enum class Drag { None, Move, Vertex, Band, Rect, Pan };
    Drag drag_ = Drag::None;
    Vec2 anchorOffset_;        // the grabbed item's centre minus the grab point
    int anchorModel_ = -1;     // the grabbed item: a model, or else a terrain piece or zone
    int anchorPiece_ = -1;
    int anchorZone_ = -1;
    int clicked_ = -1;         // the model pressed: the observer if the press ends without a drag
    QPointF pressAt_;          // widget pixels, where the press was
    int vertexPiece_ = -1;
    int vertexIndex_ = -1;
    QPointF dragStart_;        // board inches
    QPointF dragNow_;
    QPointF lastPan_;          // widget pixels
    int dragKey_ = 100;        // merge key of the current drag's edits
    int dragUndoIndex_ = 0;    // the undo stack before the current drag (Esc goes back to it)
    bool dragged_ = false;     // the current drag has changed the document
    // The dragged models that stood on a floor, with their elevations (see edits::settleModels).
    std::vector<std::pair<int, double>> stood_;
    std::vector<Vec2> drawing_;  // the polygon being drawn

    // Measuring: from a model's base (measureModel_ >= 0) or a point.
    int measureModel_ = -1;
    Vec2 measureFrom_;
    bool measuring_ = false;
    std::optional<render::Measurement> measurement_;
    QString measurementText_;
    bool rangeRings_ = false;
    std::vector<double> ringRadii_{6, 12, 18, 24};
    std::vector<std::string> highlighted_;
    bool labels_ = true;
    std::vector<edits::Overlap> overlaps_;
};

}  // namespace sl::gui
