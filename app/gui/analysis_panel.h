// The Analysis dock: the vision map of the observer (or its unit), or the exposure map of a
// deployment zone (from how many places in it each cell is seen), for a model of a chosen
// base, height and keywords, worked out off the GUI thread with progress and Cancel, drawn
// under the pieces and models, worked out again a moment after the table changes; hovering
// a cell says why (its ruling, with the line that sees it or the lines that do not; for a
// zone, the places that see it).
#pragma once

#include "analysis/exposure.h"
#include "analysis/hiding.h"
#include "analysis/lanes.h"
#include "analysis/vision_map.h"
#include "board_view.h"
#include "scenario_document.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QTimer>
#include <QWidget>

#include <atomic>
#include <deque>
#include <memory>
#include <optional>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QScrollArea;
class QSlider;

namespace sl::gui {

// The time a piece of work has left, said as a person would ("about 40 s left", "about
// 3 min left"), from the time it has taken for the share done; empty while too little is
// done or too little time has passed to say.
QString timeLeftText(double elapsedSeconds, int done, int total);

class AnalysisPanel : public QWidget {
    Q_OBJECT

public:
    AnalysisPanel(ScenarioDocument* document, BoardView* board, QWidget* parent = nullptr);
    ~AnalysisPanel() override;

    // Starts the map for the settings shown (giving up one still being worked out for other
    // choices; the same map asked for again goes on); false, with the reason on the panel,
    // when there is no observer or the settings name nothing to work out.
    bool compute();
    void cancel();
    // The map off the board; the maps kept for an undo forgotten too, unless `forget` is
    // false (taken off for a table edited while it was for other choices).
    void clear(bool forget = true);
    bool computing() const { return working_; }
    // Whether the map shown was worked out on the table before its last edits (it is worked
    // out again, or waits for the button): not the table's, and not to be exported as such.
    bool stale() const { return editsShown_ != edits_; }
    const std::optional<analysis::VisionMap>& map() const { return map_; }
    const std::optional<analysis::ExposureMap>& exposure() const { return exposure_; }
    const std::optional<analysis::HidingSpots>& hiding() const { return hiding_; }
    const std::optional<analysis::LanesAndGaps>& lanes() const { return lanes_; }
    QString summary() const;
    QString explanation() const;
    // The choices (the map, base, bases, height, keywords, cells, places, opacity) kept for the
    // next session (QSettings, "analysis/..."), and taken back from there; not Seen by, which
    // is the table's.
    void saveChoices() const;
    void restoreChoices();
    // The settings, as the controls hold them (tests set them the same way).
    void setUnit(bool wholeUnit);
    // Every model of a side as the observers (what the side sees, for fog of war); false
    // when no model of the table has that side.
    bool setSide(const QString& side);
    // The model placed on every cell a point (a 1 mm round base) this high.
    void setPointProbe(double height);
    // Fog of war: the next vision maps drawn as a veil over the ground their observers do
    // not see (render::unseenLayer) instead of the verdicts' colours; another choice of
    // Seen by or of the base turns it off.
    void setVeil(bool on) { veil_ = on; }
    bool veil() const { return veil_; }
    // The exposure to a deployment zone (by id) instead, its places this far apart (1, 2 or
    // 4 inches: as if chosen in Places; none: as the map has them unless chosen); false
    // when the table has no such polygon zone.
    bool setZone(const QString& zoneId, std::optional<double> placesApart = std::nullopt);
    // For a zone: its exposure, or the hiding spots from it of the bases listed in Bases (by
    // default the three reference bases, 32 mm round, 60x35.5 mm oval and 100x50 mm rect,
    // at the height chosen).
    void setHidingSpots(bool on);
    // The hiding spots' bases, as written in the Bases box (edits::parseHidingBases: "32,
    // 100x50 rect@3.5", "all").
    void setHidingBases(const QString& text);
    // For a zone: the firing lanes from it to the other deployment zone, and the gaps.
    void setLanes();
    void setProbe(int paletteRow, double height, const QString& keywords);
    void setSpacing(double inches);
    // What hovering the board at this point (inches) shows for the map's cell there.
    void explainAt(Vec2 at);
    // Every cell to a CSV file; false with the reason.
    bool exportCsv(const QString& path, QString* error) const;

signals:
    void finished();          // a map arrived, or one was given up
    void explained();         // a cell's explanation is on the panel

private:
    void tableChanged();
    void mapReady();
    void exposureReady();
    void hidingReady();
    void lanesReady();
    void listZones();  // the "Seen by" choices: the observer, its unit, each side, each deployment zone
    QString zoneChosen() const;  // its id, or empty
    QString sideChosen() const;  // the side whose models observe, or empty
    static constexpr int kSideRole = Qt::UserRole + 1;
    void showMap(render::MapLayer layer, const QString& figures, bool cells = true);
    void explanationReady();
    void showProgress();
    // The work about to start: a newer one gives up the one running; progress and Cancel
    // shown with this text; the Run the worker is given (its flag kept by cancelFlag_).
    // With `parts` (the hiding spots' bases), the work is that many equal shares of `total`
    // worked out one after another, said as such on the progress bar.
    analysis::Run startWork(int total, const QString& text, int parts = 1);
    void endWork();       // the work's answer arrived (taken, or dropped)
    void sayCancelled();  // an answer cut short: said, the last map kept
    // `text` (plain) said on the panel, with the legend and figures of the map still drawn.
    QString withShown(const QString& text) const;
    analysis::Probe probe() const;

    ScenarioDocument* document_;
    BoardView* board_;
    QComboBox* who_;
    QComboBox* base_;
    QString baseTip_;  // its tooltip, where the map asks for it
    QDoubleSpinBox* height_;
    QLineEdit* bases_;  // the hiding spots' bases, written out
    QString basesTip_;
    void checkBases();  // its text marked where it says no bases, the problem in its tooltip
    bool basesSaid_ = false;  // the panel says the bases were not understood
    QLineEdit* keywords_;
    QComboBox* spacing_;
    QComboBox* places_;  // how far apart the places in a zone are
    // Whether a person (or setZone) chose them; until then they follow the map: 1" for the
    // exposure (as the CLI), 2" for the hiding spots (as `--hiding`), which rules every base.
    bool placesChosen_ = false;
    QComboBox* kind_;    // for a zone: exposure or hiding spots
    QPushButton* compute_;
    QPushButton* cancel_;
    QPushButton* clear_;
    QPushButton* csv_;
    QProgressBar* progress_;
    QSlider* opacity_;
    QLabel* summary_;
    QLabel* explain_;

    QFutureWatcher<analysis::VisionMap> watcher_;
    QFutureWatcher<analysis::ExposureMap> exposureWatcher_;
    std::optional<analysis::ExposureMap> exposure_;
    QFutureWatcher<analysis::HidingSpots> hidingWatcher_;
    std::optional<analysis::HidingSpots> hiding_;
    QFutureWatcher<analysis::LanesAndGaps> lanesWatcher_;
    std::optional<analysis::LanesAndGaps> lanes_;
    bool working_ = false;  // until the watcher's answer is taken (see BoardView::working_)
    // Each piece of work asked for is numbered (startWork), and each watcher knows the number
    // of the work it waits for: an answer to a request another has since taken the place of
    // (a map of another kind, still stopping) is dropped, neither shown under the newer
    // request's choices nor ending the newer work.
    int request_ = 0;
    int visionRequest_ = 0, exposureRequest_ = 0, hidingRequest_ = 0, lanesRequest_ = 0;
    // The work was given up because the table changed while it was worked out for choices
    // other than those shown (tableChanged): said so when its end comes (sayCancelled).
    bool gaveUpForEdit_ = false;
    std::shared_ptr<std::atomic<bool>> cancelFlag_;
    std::shared_ptr<std::atomic<int>> done_;
    int total_ = 0;
    int parts_ = 1;  // shares worked out one after another (startWork)
    std::optional<std::pair<double, int>> lastPart_;  // when the last share was first seen begun, and the count then
    QTimer poll_;      // progress, read from the worker's counter
    QElapsedTimer started_;  // since the work began: the time left, said on the progress bar
    QTimer debounce_;  // after a table edit, before the map is worked out again
    std::optional<analysis::VisionMap> map_;
    bool veil_ = false;         // vision maps drawn as fog of war's veil
    bool runningVeil_ = false;  // the one being worked out is
    // A veil's models taken off (the side does not see them): of the one being worked out
    // (filled by its worker), and of the map shown (its cells are explained without them).
    std::shared_ptr<std::vector<std::string>> runningHidden_;
    std::vector<std::string> mapHidden_;
    bool mapVeil_ = false;  // the map shown is a veil
    std::vector<std::string> observerIds_;     // the observers of the one worked out last
    std::vector<std::string> mapObserverIds_;  // and of the map shown (indices change with edits)
    QString summaryText_;
    // What to do where no observer is picked, as the table allows (a model to place first;
    // a side or a zone in Seen by where it has them).
    QString noObserverText() const;
    // The legend of the map shown, as a table within summaryText_: its swatches follow the
    // opacity (render::MapLayer::swatch).
    QString legendHtml(const render::MapLayer& layer) const;
    QString legendShown_;
    // Bumped when the choices leave the map shown (its cell last hovered no longer
    // explained); an explanation asked for before that is dropped when it comes.
    int choiceEpoch_ = 0, epochExplained_ = 0;
    // The choices (Seen by, and the map for a zone) of the map being worked out and of the
    // one shown: another choice made since says the map shown is not for it.
    QString choice() const;
    // The summary for the choices made now, while no map is being worked out: what to
    // pick or press next, or the map shown and whether it was worked out for them.
    void sayChoices();
    int observerSaid_ = -1;  // the board's observer when the choices were last said
    QString choiceAsked_, choiceShown_;

    // The explanation of one cell, worked out off the GUI thread: the newest hover wins.
    struct Explained {
        QString text;
        std::vector<render::MapLine> lines;
        std::optional<Vec2> cell;  // (its centre, ringed)
        // The map's model as it would stand on the cell, outlined: the lines end on its base
        // (an oval's or a rectangle's reaches far from the centre).
        std::vector<render::MapBase> bases;
    };
    QFutureWatcher<Explained> explainWatcher_;
    std::optional<std::pair<int, int>> explainPending_, explainShown_;
    bool explaining_ = false;
    // The table's edits counted: the map shown is for the table as it was at editsShown_;
    // until the one worked out again arrives, hovering does not explain a cell by the table
    // as it is now (its lines would not be the map's).
    int edits_ = 0, editsAsked_ = 0, editsShown_ = 0, editsExplained_ = 0;
    // The choices the edits' pause (debounce_) is to work the map out again for: another one
    // looked at meanwhile is not worked out.
    QString pausedFor_;
    // The table as the map asked for and the map shown were worked out on (as a file would
    // hold it): an undo or redo back to it makes the map shown the table's again.
    QByteArray tableAsked_, tableShown_;
    // Working the map out again after an edit was cancelled by the person: not started again
    // by the next edits, until the button is pressed.
    bool heldBack_ = false;
    static constexpr int kExplainLines = 8;  // lines kept for the hovered cell's explanation while a map is shown
    // The hovered cell's explanation shown (explanation_), the room kept for it grown to fit.
    void setExplanation(const QString& text);
    // A cell's explanation brought into view where the dock was scrolled past it (to the
    // legend below it, in a short dock): the explanation of what is hovered is what is read.
    QScrollArea* scrollArea() const;  // the dock's, about the panel, if it is in one
    void keepExplanationInView();
    void keepLegendInView();
    // What to hover on the map shown (a cell; lanes and gaps: a gap or a lane), in italics.
    QString hoverHint(bool cells) const;
    void sayStale();
    // The map on the board drawn as of the table before its last edits (greyed, said over
    // it) while stale(), as the table's again once not.
    void showStaleness();
    QString staleNote() const;  // what the board says over such a map
    // Seen by the observer (or its unit), a map shown, and the observer taken off the table.
    bool observerGone() const;
    // Whether the table and choices are back to those the map shown was worked out on (an
    // undo, a redo): then it is current again (said so), and true.
    bool backToShown();
    // The last few maps shown (all but a veil), each with the table and the choices it was
    // worked out for and the undo step it was at: an undo or redo back to one of those
    // tables, with those choices, shows its map again with nothing worked out. (The undo
    // step narrows the tables compared; the table, as a file would hold it, decides.)
    struct Kept {
        QByteArray table;
        QString choice;
        int undoIndex = -1;
        std::optional<analysis::VisionMap> map;
        std::vector<std::string> observerIds;
        std::optional<analysis::ExposureMap> exposure;
        std::optional<analysis::HidingSpots> hiding;
        std::optional<analysis::LanesAndGaps> lanes;
    };
    static constexpr size_t kKeptMaps = 4;
    std::deque<Kept> kept_;
    int undoAsked_ = -1;  // the undo step the map being worked out was asked at
    void keepShown();
    bool backToKept();
    // The kept map for these choices and this table (as a file would hold it), if any;
    // not for a veil (kept_ holds none: their models taken off are the worker's).
    const Kept* keptFor(const QString& choice, const QByteArray& table) const;
    void showKept(const Kept& k, bool queued);
    // The pause after edits stopped and the work on its way given up, its answer dropped
    // when it comes (a kept map shown instead).
    void giveUpWork();
    bool keptNote_ = false;  // the summary says a kept map was shown again
    // The map held (map_, exposure_, hiding_ or lanes_) drawn, with its legend and figures.
    void showVision(bool veil);
    void showExposure();
    void showHiding();
    void showLanes();
    QString explanation_;
    void startExplaining();
};

}  // namespace sl::gui
