// The Analysis dock (analysis_panel.h).
#include "analysis_panel.h"
#include "eliding_combo_box.h"

#include "rules/table_fog.h"

#include "analysis/terrain_parts.h"
#include "analysis_layer.h"
#include "kernel/base.h"
#include "los/pair.h"
#include "los/scene.h"
#include "rules/rulings.h"
#include "scenario_edits.h"
#include "scenario_io.h"

#include <QAbstractTextDocumentLayout>
#include <QComboBox>
#include <QSettings>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QScopeGuard>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QSlider>
#include <QUndoStack>
#include <QTextDocument>
#include <QTextFrame>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>

namespace sl::gui {

namespace {

// How far along the line between the centres of models `oi` and `ti` of `s` (a share of the
// way from the first) it is first blocked under the ruleset: by a feature or a model as they
// stand, or by an area the ruleset makes a wall for the pair (as one of unlimited height); 1
// where it is open. The point a red line is drawn solid to, and marked.
struct FirstBlock {
    double share = 1;              // of the centre line, to where it is first blocked (1: open)
    std::vector<std::string> ids;  // the pieces or models that block it there
};

FirstBlock firstBlocked(const Scenario& s, const Rulings& rulings, int oi, int ti) {
    const std::vector<int> walls = rulings.wallsOf(oi, ti);
    Scenario blockers = s;
    blockers.terrain.clear();
    for (int i = 0; i < static_cast<int>(s.terrain.size()); ++i) {
        const TerrainPiece& t = s.terrain[i];
        if (t.kind == TerrainKind::Feature) {
            blockers.terrain.push_back(t);
        } else if (std::ranges::find(walls, i) != walls.end()) {
            blockers.terrain.push_back(t);
            blockers.terrain.back().kind = TerrainKind::Feature;
            blockers.terrain.back().height = 1e6;
        }
    }
    const Scene scene(blockers);
    const Model &a = s.models[oi], &b = s.models[ti];
    const SightLine line{a.position, b.position, a.top(), b.top()};
    const ModelMask ignored = scene.ignoredModels(oi, ti);
    FirstBlock first;
    first.share = firstBlockedShare(scene, line, ignored);
    if (first.share < 1) {
        // (What blocks the line up to a hair past that point: what it meets there.)
        const double to = std::min(1.0, first.share + 1e-6);
        first.ids = scene.blockersOf({line.a, line.a + (line.b - line.a) * to, line.h0, line.h0 + (line.h1 - line.h0) * to}, ignored);
    }
    return first;
}

// The labels of what first blocks the red lines, each with how many it blocks first where
// that is more than one: "Pipe 1 area (3), Ruin 3 building".
QString firstBlockersText(const Scenario& s, const std::vector<std::pair<std::string, int>>& counts) {
    QStringList names;
    for (const auto& [id, n] : counts)
        names << (n > 1 ? QStringLiteral("%1 (%2)").arg(QString::fromStdString(s.labelOf(id))).arg(n) : QString::fromStdString(s.labelOf(id)));
    return names.join(QStringLiteral(", "));
}

// Each id counted once more in `counts` (added at 1 where new).
void countIds(std::vector<std::pair<std::string, int>>& counts, const std::vector<std::string>& ids) {
    for (const std::string& id : ids) {
        auto it = std::ranges::find(counts, id, &std::pair<std::string, int>::first);
        if (it == counts.end()) counts.push_back({id, 1});
        else ++it->second;
    }
}

// What keeps a model placed so off its ground, as a map finds it has none: "reach past the
// table's edge", or "overlap" the feature, else the table's model, named.
QString whatKeepsOff(const Scenario& scenario, const Model& placed) {
    if (analysis::overTableEdge(placed, scenario.board)) return QObject::tr("reach past the table's edge");
    const std::vector<int> on = analysis::TerrainParts::of(scenario)->overlaps().features(placed, true);
    const int model = on.empty() ? analysis::ModelOverlap(scenario)(placed) : -1;
    const std::string what = !on.empty() ? scenario.labelOf(scenario.terrain[on[0]].id)
                             : model >= 0 ? scenario.labelOf(scenario.models[model].id)
                                          : std::string("a feature or a model");
    return QObject::tr("overlap %1").arg(QString::fromStdString(what));
}

// Why a map's cell has no place to stand, `who` (the model) placed at `where`: past the
// table's edge, or on the feature, else the table's model, it would overlap, named.
QString noPlaceToStand(const Scenario& scenario, const Model& placed, const QString& where, const QString& who) {
    return QObject::tr("At %1 %2 would %3: no place to stand.").arg(where, who, whatKeepsOff(scenario, placed));
}

}  // namespace

AnalysisPanel::AnalysisPanel(ScenarioDocument* document, BoardView* board, QWidget* parent)
    : QWidget(parent), document_(document), board_(board) {
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    // (Rows side by side: with WrapLongRows, the Base row shown again after Lanes and gaps
    // had hidden it was given no height by Qt's form layout, a blank gap. The fields are
    // narrow enough for a narrow dock.)
    form->setRowWrapPolicy(QFormLayout::DontWrapRows);
    who_ = new ElidingComboBox(this);
    who_->setObjectName(QStringLiteral("analysis-seen-by"));
    // (Zone names are long: the dock keeps its width, the list shows them whole, and the box
    // shortens the name in its middle, keeping its end: "attacker", "defender".)
    who_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    who_->setMinimumContentsLength(12);
    who_->setToolTip(tr("Whose sight the map shows: the model picked as observer on the board, any model of its unit, "
                        "any model of a side (what the side cannot see is hidden), or every place a model could stand "
                        "in a deployment zone (its exposure)"));
    form->addRow(tr("Seen by"), who_);
    listZones();
    base_ = new ElidingComboBox(this);
    base_->setObjectName(QStringLiteral("analysis-base"));
    for (const edits::BaseChoice& b : edits::basePalette()) base_->addItem(b.label);
    // A point: a 1 mm round base (the width of 11th edition's sight line), its height the
    // point's height above the table.
    base_->addItem(tr("A point (1 mm round)"));
    base_->setCurrentIndex(2);  // 32 mm
    // (Narrow at the least, as Seen by: the rows stay beside their labels in a narrow dock.)
    base_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    base_->setMinimumContentsLength(10);
    baseTip_ = tr("The base of the model placed on every cell");
    base_->setToolTip(baseTip_);
    form->addRow(tr("Base"), base_);
    bases_ = new QLineEdit(QStringLiteral("32, 60x35.5, 100x50 rect"), this);
    bases_->setObjectName(QStringLiteral("analysis-bases"));
    // (Rich text, so that the tooltip wraps.)
    basesTip_ = tr("<p>The bases whose hiding spots are worked out, in mm, separated by commas: 32 (round), 60x35.5 "
                   "(an oval), 100x50 rect. Each stands at the Height below, or at its own after an @ (a tank: "
                   "100x50 rect@3.5). \"all\": every base of the palette.</p>");
    bases_->setToolTip(basesTip_);
    form->addRow(tr("Bases"), bases_);
    form->setRowVisible(bases_, false);
    connect(bases_, &QLineEdit::textChanged, this, &AnalysisPanel::checkBases);
    height_ = new QDoubleSpinBox(this);
    height_->setRange(0.1, 30);
    height_->setSingleStep(0.25);
    height_->setDecimals(2);
    height_->setSuffix(QStringLiteral("\""));
    height_->setValue(1.75);
    form->addRow(tr("Height"), height_);
    keywords_ = new QLineEdit(QStringLiteral("INFANTRY"), this);
    keywords_->setToolTip(tr("Its keywords, comma separated: the ruleset reads them (cover, 13.09, woods)"));
    form->addRow(tr("Keywords"), keywords_);
    spacing_ = new QComboBox(this);
    for (double s : {1.0, 0.5, 0.25}) spacing_->addItem(QStringLiteral("%1\"").arg(s), s);
    spacing_->setCurrentIndex(1);
    spacing_->setToolTip(tr("The cells' size: each cell is ruled for a model standing at its centre"));
    form->addRow(tr("Cells"), spacing_);
    places_ = new QComboBox(this);
    places_->setObjectName(QStringLiteral("analysis-places"));
    for (double s : {1.0, 2.0, 4.0}) places_->addItem(QStringLiteral("%1\"").arg(s), s);
    places_->setCurrentIndex(0);  // (the exposure's, the first map offered)
    places_->setToolTip(tr("How far apart the places in the zone are: a model of the base above stands at each, "
                           "wholly within the zone (1\" is finest, and slowest; unless chosen, 1\" for the exposure "
                           "and 2\" for the hiding spots, which are worked out for every base)"));
    connect(places_, &QComboBox::activated, this, [this] { placesChosen_ = true; });
    form->addRow(tr("Places"), places_);  // (in the zone, this far apart: the tooltip)
    form->setRowVisible(places_, false);
    kind_ = new QComboBox(this);
    kind_->setObjectName(QStringLiteral("analysis-map"));
    kind_->addItems({tr("Exposure"), tr("Hiding spots"), tr("Lanes and gaps")});
    kind_->setToolTip(tr("Exposure: from how many places in the zone each cell is seen. Hiding spots: where a model on "
                         "each base listed in Bases (a 32 mm, a 60x35.5 mm oval and a 100x50 mm rect, unless changed) "
                         "is hidden from every place (safe) or seen from at most a tenth of them (semi-safe)"));
    form->addRow(tr("Map"), kind_);
    form->setRowVisible(kind_, false);
    auto retitle = [this, form] {
        const bool zone = !zoneChosen().isEmpty();
        form->setRowVisible(kind_, zone);
        compute_->setText(!zone                        ? tr("Vision Map")
                          : kind_->currentIndex() == 1 ? tr("Hiding Spots")
                          : kind_->currentIndex() == 2 ? tr("Lanes and Gaps")
                                                       : tr("Exposure Map"));
        // (Hiding spots are worked out for the bases listed in Bases: one base is not asked.
        // Lanes and gaps, for a sight line at the Height: no base, keywords or cells.)
        const bool hidingSpots = zone && kind_->currentIndex() == 1, lanes = zone && kind_->currentIndex() == 2;
        form->setRowVisible(base_, !hidingSpots && !lanes);
        form->setRowVisible(bases_, hidingSpots);
        form->setRowVisible(keywords_, !lanes);
        form->setRowVisible(spacing_, !lanes);
        form->setRowVisible(places_, zone && !lanes);
        // (The map being worked out goes on: another choice is no request yet, and a person
        // looking through the choices loses no work. It is said to be for other choices once
        // shown; the button asks for these, and Cancel stops it.)
        sayChoices();
    };
    connect(who_, &QComboBox::currentIndexChanged, this, retitle);
    // (A person choosing other observers or another model wants the verdicts' colours again.)
    connect(who_, &QComboBox::activated, this, [this] { veil_ = false; });
    connect(base_, &QComboBox::activated, this, [this] { veil_ = false; });
    connect(kind_, &QComboBox::currentIndexChanged, this, [this](int kind) {
        if (!placesChosen_) places_->setCurrentIndex(places_->findData(kind == 1 ? 2.0 : 1.0));
    });
    connect(kind_, &QComboBox::currentIndexChanged, this, retitle);
    // (Another base, height, cells or places: the map shown is said to be for other choices.)
    connect(base_, &QComboBox::currentIndexChanged, this, &AnalysisPanel::sayChoices);
    connect(height_, &QDoubleSpinBox::valueChanged, this, &AnalysisPanel::sayChoices);
    connect(keywords_, &QLineEdit::textChanged, this, &AnalysisPanel::sayChoices);
    connect(spacing_, &QComboBox::currentIndexChanged, this, &AnalysisPanel::sayChoices);
    connect(places_, &QComboBox::currentIndexChanged, this, &AnalysisPanel::sayChoices);
    layout->addLayout(form);

    auto* buttons = new QHBoxLayout;
    compute_ = new QPushButton(tr("Vision Map"), this);
    compute_->setObjectName(QStringLiteral("analysis-compute"));
    compute_->setToolTip(tr("Where a model of this base and height would be seen by the observer"));
    cancel_ = new QPushButton(tr("Cancel"), this);
    cancel_->setObjectName(QStringLiteral("analysis-cancel"));
    cancel_->setEnabled(false);
    clear_ = new QPushButton(tr("Clear"), this);
    clear_->setObjectName(QStringLiteral("analysis-clear"));
    clear_->setEnabled(false);
    buttons->addWidget(compute_);
    buttons->addWidget(cancel_);
    layout->addLayout(buttons);
    progress_ = new QProgressBar(this);
    // (Its room kept while it is hidden: what lies below, the legend too, does not move down
    // and back up each time a map is worked out.)
    QSizePolicy keep = progress_->sizePolicy();
    keep.setRetainSizeWhenHidden(true);
    progress_->setSizePolicy(keep);
    progress_->setVisible(false);
    layout->addWidget(progress_);
    auto* opacityRow = new QHBoxLayout;
    opacityRow->addWidget(new QLabel(tr("Opacity"), this));
    opacity_ = new QSlider(Qt::Horizontal, this);
    opacity_->setObjectName(QStringLiteral("analysis-opacity"));
    opacity_->setRange(10, 100);
    opacity_->setValue(65);
    opacityRow->addWidget(opacity_);
    layout->addLayout(opacityRow);
    // (Above the summary and the hovered cell's explanation, which grow: the buttons stay in
    // view however long those get.)
    csv_ = new QPushButton(tr("Cells as CSV..."), this);
    csv_->setToolTip(tr("Every cell's verdict, cover, 13.09 and who sees it, to a CSV file"));
    csv_->setObjectName(QStringLiteral("analysis-csv"));
    csv_->setEnabled(false);
    auto* after = new QHBoxLayout;
    after->addWidget(csv_);
    after->addWidget(clear_);
    layout->addLayout(after);
    // The hovered cell's explanation above the summary (the legend and the figures, which
    // can run past the dock's foot): it is what one reads while moving over the map.
    explain_ = new QLabel(this);
    explain_->setObjectName(QStringLiteral("analysis-explanation"));
    explain_->setWordWrap(true);
    explain_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(explain_);
    summary_ = new QLabel(tr("Pick an observer on the board, then Vision Map; or a deployment zone in Seen by."), this);
    summary_->setObjectName(QStringLiteral("analysis-summary"));
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(summary_);
    layout->addStretch(1);

    connect(compute_, &QPushButton::clicked, this, [this] { compute(); });
    connect(cancel_, &QPushButton::clicked, this, [this] {
        // (Working out again the map shown, for the table as it is now: the next edits do
        // not start it again either.)
        heldBack_ = computing() && (map_ || exposure_ || hiding_ || lanes_) && choiceAsked_ == choiceShown_;
        cancel();
    });
    connect(clear_, &QPushButton::clicked, this, [this] { clear(); });
    connect(opacity_, &QSlider::valueChanged, this, [this] {
        if (!board_->mapLayer()) return;
        render::MapLayer layer = *board_->mapLayer();
        layer.opacity = opacity_->value() / 100.0;
        board_->setMapLayer(layer);
        // (The legend's swatches as the cells now look.)
        if (const QString legend = legendHtml(layer); !legendShown_.isEmpty() && legend != legendShown_) {
            summaryText_.replace(legendShown_, legend);
            summary_->setText(summary_->text().replace(legendShown_, legend));
            legendShown_ = legend;
        }
    });
    connect(&watcher_, &QFutureWatcher<analysis::VisionMap>::finished, this, &AnalysisPanel::mapReady);
    connect(&exposureWatcher_, &QFutureWatcher<analysis::ExposureMap>::finished, this, &AnalysisPanel::exposureReady);
    connect(&hidingWatcher_, &QFutureWatcher<analysis::HidingSpots>::finished, this, &AnalysisPanel::hidingReady);
    connect(&lanesWatcher_, &QFutureWatcher<analysis::LanesAndGaps>::finished, this, &AnalysisPanel::lanesReady);
    connect(&explainWatcher_, &QFutureWatcher<Explained>::finished, this, &AnalysisPanel::explanationReady);
    poll_.setInterval(100);
    connect(&poll_, &QTimer::timeout, this, &AnalysisPanel::showProgress);
    debounce_.setSingleShot(true);
    debounce_.setInterval(600);
    connect(&debounce_, &QTimer::timeout, this, [this] {
        // (The edits paused: nothing for an observer taken off the table, nor where they came
        // back to the table the map shown was worked out on.)
        if (observerGone()) {
            sayStale();
            return;
        }
        if (backToShown()) return;
        if (choice() != pausedFor_) {
            // (Another choice made during the pause, only looked at: the work given up for the
            // edits is not started for it; the button asks.)
            gaveUpForEdit_ = true;
            sayCancelled();
            return;
        }
        if (!compute()) clear();
    });
    connect(document_, &ScenarioDocument::changed, this, &AnalysisPanel::tableChanged);
    // (An undo or redo back to a table a map was kept for: its map again. Asked once the
    // step is taken, after the table's change, when the stack says where it stands.)
    connect(document_->undoStack(), &QUndoStack::indexChanged, this, [this] { backToKept(); });
    connect(board_, &BoardView::cursorMoved, this, [this](const QPointF& p) { explainAt({p.x(), p.y()}); });
    // Another observer clicked on the board is another choice too.
    connect(board_, &BoardView::rulingChanged, this, [this] {
        if (board_->observer() != observerSaid_) sayChoices();
    });
}

void AnalysisPanel::sayChoices() {
    if (computing()) return;  // (said when the map arrives)
    observerSaid_ = board_->observer();
    const bool shown = map_ || exposure_ || hiding_ || lanes_;
    if (!shown) {
        const Scenario& s = document_->scenario();
        const int observer = board_->observer();
        if (!zoneChosen().isEmpty() && kind_->currentIndex() == 2)
            summary_->setText(tr("Press Lanes and Gaps: the open corridors from this zone to the other, and the gaps "
                                 "between pieces, for a sight line at the Height."));
        else if (!zoneChosen().isEmpty())
            summary_->setText(tr("Press %1: a model at each place in the zone, against each cell (about a second for a round "
                                 "base; a large oval or rect among many pieces takes longer).")
                                  .arg(compute_->text()));
        else if (const QString side = sideChosen(); !side.isEmpty())
            summary_->setText(tr("Press Vision Map: every model of the side %1 as an observer.").arg(side));
        else if (observer >= 0 && observer < static_cast<int>(s.models.size()))
            summary_->setText((who_->currentIndex() == 1 ? tr("Seen by %1's unit: press Vision Map.")
                                                         : tr("Seen by %1: press Vision Map."))
                                  .arg(QString::fromStdString(s.labelOf(s.models[observer].id))));
        else
            summary_->setText(noObserverText());
        return;
    }
    // The map shown stays (nothing is lost by a look at the choices), said to be for others;
    // the cell last hovered is no longer explained (what is read now is the choices).
    if (!summaryText_.isEmpty() && choice() != choiceShown_) {
        ++choiceEpoch_;  // (an explanation being worked out is dropped when it comes)
        explainShown_.reset();
        explainPending_.reset();
        explanation_.clear();
        explain_->clear();
        board_->setMapLines({});
    }
    if (!summaryText_.isEmpty())
        // (The observer taken off the table: said where the hovered cell's explanation goes,
        // sayStale, not twice.)
        summary_->setText(choice() == choiceShown_ || observerGone()
                              ? summaryText_
                              : tr("<p><i>The map shown was worked out for other choices: press %1 for these.</i></p>")
                                        .arg(compute_->text()) +
                                    summaryText_);
}

QString AnalysisPanel::noObserverText() const {
    // (What Seen by offers on this table: a side where models of one stand, a zone where it has one.)
    const Scenario& s = document_->scenario();
    const bool sides = std::ranges::any_of(tableSides(s), [](const std::string& n) { return !n.empty(); });
    const bool zones = std::ranges::any_of(s.zones, [](const Zone& z) { return z.polygon.size() >= 3; });
    const QString first = s.models.empty() ? tr("No model on the table: place one (Place Model), click it to make it the observer, then Vision Map")
                                           : tr("No observer: click a model on the board to make it the observer, then Vision Map");
    const QString other = sides && zones ? tr("; or choose a side or a deployment zone in Seen by.")
                          : sides        ? tr("; or choose a side in Seen by.")
                          : zones        ? tr("; or choose a deployment zone in Seen by.")
                                         : QStringLiteral(".");
    return first + other;
}

AnalysisPanel::~AnalysisPanel() {
    if (cancelFlag_) cancelFlag_->store(true);
}

void AnalysisPanel::setUnit(bool wholeUnit) { who_->setCurrentIndex(wholeUnit ? 1 : 0); }

bool AnalysisPanel::setSide(const QString& side) {
    const int i = who_->findData(side, kSideRole);
    if (i < 0) return false;
    who_->setCurrentIndex(i);
    return true;
}

QString AnalysisPanel::sideChosen() const { return who_->currentData(kSideRole).toString(); }

void AnalysisPanel::setPointProbe(double height) {
    base_->setCurrentIndex(base_->count() - 1);
    height_->setValue(height);
    keywords_->clear();  // (a point: no keywords for the ruleset to read)
}

bool AnalysisPanel::setZone(const QString& zoneId, std::optional<double> placesApart) {
    const int i = who_->findData(zoneId);
    if (i < 2) return false;
    who_->setCurrentIndex(i);
    if (const int p = placesApart ? places_->findData(*placesApart) : -1; p >= 0) {
        places_->setCurrentIndex(p);
        placesChosen_ = true;
    }
    return true;
}

void AnalysisPanel::listZones() {
    const QString chosen = zoneChosen(), side = sideChosen();
    const int before = who_->currentIndex();
    {
        const QSignalBlocker quiet(who_);
        who_->clear();
        who_->addItem(tr("The observer"));
        who_->addItem(tr("The observer's unit"));
        for (const std::string& name : tableSides(document_->scenario())) {
            if (name.empty()) continue;
            const QString n = QString::fromStdString(name);
            who_->addItem(tr("Side %1").arg(n));
            who_->setItemData(who_->count() - 1, tr("Every model of side %1 (fog of war: what the side sees)").arg(n),
                              Qt::ToolTipRole);
            who_->setItemData(who_->count() - 1, n, kSideRole);
        }
        for (const Zone& z : document_->scenario().zones) {
            if (z.polygon.size() < 3) continue;  // (objectives: points)
            const QString id = QString::fromStdString(z.id);
            who_->addItem(tr("Zone %1").arg(render::zoneText(z)), id);
            who_->setItemData(who_->count() - 1,
                              z.side.empty() ? tr("Every place a model could stand in zone %1 (its exposure)").arg(id)
                                             : tr("Every place a model could stand in zone %1 of side %2 (its exposure)")
                                                   .arg(id, QString::fromStdString(z.side)),
                              Qt::ToolTipRole);
        }
        // The same choice again; a zone or side gone (deleted, renamed): the observer.
        const int again = !chosen.isEmpty() ? who_->findData(chosen)
                          : !side.isEmpty() ? who_->findData(side, kSideRole)
                                            : std::clamp(before, 0, 1);
        if (!side.isEmpty() && again < 0) veil_ = false;  // (the side is gone: the verdicts' colours again)
        who_->setCurrentIndex(std::max(again, 0));
    }
    if (before >= 0 && who_->currentIndex() != before) emit who_->currentIndexChanged(who_->currentIndex());
}

void AnalysisPanel::setHidingSpots(bool on) { kind_->setCurrentIndex(on ? 1 : 0); }
void AnalysisPanel::setHidingBases(const QString& text) { bases_->setText(text); }

void AnalysisPanel::checkBases() {
    QString problem;
    const bool ok = edits::parseHidingBases(bases_->text(), probe(), &problem).has_value();
    bases_->setStyleSheet(ok ? QString() : QStringLiteral("QLineEdit { color: #b00020; }"));
    bases_->setToolTip(ok ? basesTip_ : QStringLiteral("<p><b>%1</b></p>").arg(problem.toHtmlEscaped()) + basesTip_);
    // (The panel's word on a list that named no bases, once it names some again; else
    // whether the map shown is for these bases.)
    if (ok && basesSaid_) basesSaid_ = false;
    if (!basesSaid_) sayChoices();
}
void AnalysisPanel::setLanes() { kind_->setCurrentIndex(2); }

QString AnalysisPanel::zoneChosen() const { return who_->currentIndex() >= 2 ? who_->currentData().toString() : QString(); }
// (A side's item has no zone id: its name is under kSideRole.)

void AnalysisPanel::setProbe(int paletteRow, double height, const QString& keywords) {
    base_->setCurrentIndex(paletteRow);
    height_->setValue(height);
    keywords_->setText(keywords);
}

void AnalysisPanel::setSpacing(double inches) {
    const int i = spacing_->findData(inches);
    if (i >= 0) spacing_->setCurrentIndex(i);
}

analysis::Probe AnalysisPanel::probe() const {
    analysis::Probe p;
    const std::vector<edits::BaseChoice> palette = edits::basePalette();
    if (base_->currentIndex() == static_cast<int>(palette.size())) p.base = {BaseShape::Circle, 1, 1};  // a point
    else p.base = palette[static_cast<size_t>(std::clamp(base_->currentIndex(), 0, static_cast<int>(palette.size()) - 1))].base;
    p.height = height_->value();
    p.keywords.clear();
    for (const QString& k : keywords_->text().split(QLatin1Char(','), Qt::SkipEmptyParts))
        p.keywords.push_back(k.trimmed().toUpper().toStdString());
    return p;
}

QString AnalysisPanel::choice() const {
    // (Seen by the observer: which model that is, too; by its unit: which unit.)
    const Scenario& s = document_->scenario();
    const int observer = board_->observer();
    const bool byObserver = zoneChosen().isEmpty() && sideChosen().isEmpty() && observer >= 0 &&
                            observer < static_cast<int>(s.models.size());
    const std::string who = !byObserver               ? std::string()
                            : who_->currentIndex() == 1 ? s.models[observer].unit
                                                        : s.models[observer].id;
    // (The settings too, those the map asks for: the bases written, or the one base; its
    // height and keywords; the cells; for a zone, its places.)
    const bool zone = !zoneChosen().isEmpty(), hidingSpots = zone && kind_->currentIndex() == 1,
               lanes = zone && kind_->currentIndex() == 2;
    QString settings = hidingSpots ? bases_->text().simplified().remove(QLatin1Char(' ')) : base_->currentText();
    settings += QStringLiteral("|%1|%2|%3").arg(height_->value()).arg(keywords_->text().simplified().toUpper()).arg(spacing_->currentText());
    if (zone) settings += QStringLiteral("|") + places_->currentText();
    if (lanes) settings = QString::number(height_->value());  // (the lanes' sight line: its height alone)
    return who_->currentText() + (zone ? QStringLiteral("|") + kind_->currentText() : QString()) +
           (byObserver ? QStringLiteral("|") + QString::fromStdString(who) : QString()) + QStringLiteral("|") + settings;
}

bool AnalysisPanel::compute() {
    const Scenario& s = document_->scenario();
    // (The map being worked out, not cancelled, is the one asked for again, on the same
    // table: it goes on, rather than start again from nothing.)
    if (computing() && cancelFlag_ && !cancelFlag_->load() && choice() == choiceAsked_ && edits_ == editsAsked_ &&
        (veil_ && !sideChosen().isEmpty()) == runningVeil_)
        return true;
    // (What the work is asked for, kept only once it starts: a request that does not start
    // leaves the one still worked out as it was asked.)
    const QString asked = choice();
    const int editsNow = edits_;
    QByteArray table = io::writeScenario(s);
    // (A map kept for these choices on this table: shown again, nothing worked out.)
    if (const Kept* k = keptFor(asked, table)) {
        const Kept again = *k;
        giveUpWork();
        showKept(again, true);
        return true;
    }
    auto begin = [&](int total, const QString& text, int parts = 1) {
        choiceAsked_ = asked;
        editsAsked_ = editsNow;
        tableAsked_ = std::move(table);
        undoAsked_ = document_->undoStack()->index();
        return startWork(total, text, parts);
    };
    heldBack_ = false;
    if (const QString zoneId = zoneChosen(); !zoneId.isEmpty()) {
        int zone = -1;
        for (int z = 0; z < static_cast<int>(s.zones.size()); ++z)
            if (s.zones[z].id == zoneId.toStdString()) zone = z;
        if (zone < 0) {
            summary_->setText(tr("The zone %1 is no longer on the table.").arg(zoneId));
            return false;
        }
        const analysis::Probe model = probe();
        if (kind_->currentIndex() == 2) {
            const int other = analysis::otherDeploymentZone(s, zone);
            if (other < 0) {
                summary_->setText(tr("Lanes run from %1 to another deployment zone: the table has none.").arg(zoneId));
                return false;
            }
            std::vector<std::pair<std::string, double>> bases;
            for (const edits::BaseChoice& b : edits::basePalette())
                bases.push_back({b.label.toStdString(), std::min(b.base.length_mm, b.base.width_mm) / kMmPerInch});
            begin(1, tr("Finding the lanes from %1 to %2...").arg(zoneId, QString::fromStdString(s.zones[other].id)));
            auto scenario = std::make_shared<const Scenario>(s);
            lanesRequest_ = request_;  // (before the future: its answer is known for this request)
            lanesWatcher_.setFuture(QtConcurrent::run([scenario, zone, other, eye = model.height, bases] {
                return analysis::lanesAndGaps(*scenario, zone, other, eye, bases);
            }));
            return true;
        }
        analysis::ExposureOptions options;
        options.spacing = spacing_->currentData().toDouble();
        options.zoneSpacing = places_->currentData().toDouble();
        const size_t places = analysis::zonePositions(s, s.zones[zone], model, options.zoneSpacing).size();
        if (places == 0) {
            summary_->setText(tr("No place in the zone %1 where a model of this base stands wholly within it, off the features.").arg(zoneId));
            return false;
        }
        auto scenario = std::make_shared<const Scenario>(s);
        const int cells = analysis::tableGrid(s.board, options.spacing).cells();
        if (kind_->currentIndex() == 1) {
            QString problem;
            const std::optional<std::vector<analysis::Probe>> parsed = edits::parseHidingBases(bases_->text(), model, &problem);
            if (!parsed) {
                summary_->setText(withShown(tr("Bases: %1. Write them as 32, 60x35.5, 100x50 rect@3.5 (in mm; a height in "
                                               "inches after an @), or \"all\".").arg(problem)));
                basesSaid_ = true;
                return false;
            }
            const std::vector<analysis::Probe> probes = *parsed;
            analysis::HidingOptions hiding;
            hiding.spacing = options.spacing;
            hiding.zoneSpacing = options.zoneSpacing;
            // (The enemy at each place is a 32 mm model: its places, once for each base.)
            const int enemyPlaces = static_cast<int>(analysis::zonePositions(s, s.zones[zone], analysis::Probe{}, options.zoneSpacing).size());
            const int n = static_cast<int>(probes.size());
            const analysis::Run run = begin(enemyPlaces * n,
                                                n == 1 ? tr("Working out where 1 base hides from %1: a model at each "
                                                            "of its places against each of %2 cells...")
                                                             .arg(zoneId, QLocale().toString(cells))
                                                       : tr("Working out where %1 bases hide from %2: a model at each "
                                                            "of its places against each of %3 cells, for each base...")
                                                             .arg(QString::number(n), zoneId, QLocale().toString(cells)),
                                                n);
            hidingRequest_ = request_;  // (before the future: its answer is known for this request)
            hidingWatcher_.setFuture(QtConcurrent::run([scenario, zone, probes, hiding, run, keep = cancelFlag_] {
                return analysis::hidingSpots(*scenario, zone, probes, hiding, run);
            }));
            return true;
        }
        const analysis::Run run = begin(static_cast<int>(places), tr("Working out the exposure to %1: a model at each of %2 "
                                                                         "places against each of %3 cells...")
                                                                          .arg(zoneId)
                                                                          .arg(places)
                                                                          .arg(QLocale().toString(cells)));
        exposureRequest_ = request_;  // (before the future: its answer is known for this request)
        exposureWatcher_.setFuture(QtConcurrent::run([scenario, zone, model, options, run, keep = cancelFlag_] {
            return analysis::exposureMap(*scenario, zone, model, model, options, run);
        }));
        return true;
    }
    std::vector<int> observers;
    QString whose;
    if (const QString side = sideChosen(); !side.isEmpty()) {
        // What a side sees: every model of it is an observer.
        for (int i = 0; i < static_cast<int>(s.models.size()); ++i)
            if (QString::fromStdString(s.models[i].side) == side) observers.push_back(i);
        if (observers.empty()) {
            summary_->setText(tr("The side %1 has no model on the table.").arg(side));
            return false;
        }
        whose = observers.size() == 1 ? tr("side %1 (1 model)").arg(side)
                                      : tr("side %1 (%2 models)").arg(side, QString::number(observers.size()));
    } else {
        const int observer = board_->observer();
        if (observer < 0 || observer >= static_cast<int>(s.models.size())) {
            summary_->setText(noObserverText());
            return false;
        }
        if (who_->currentIndex() == 1) {
            for (int i = 0; i < static_cast<int>(s.models.size()); ++i)
                if (s.models[i].unit == s.models[observer].unit) observers.push_back(i);
        } else {
            observers.push_back(observer);
        }
        whose = QString::fromStdString(s.labelOf(s.models[observer].id));
        if (who_->currentIndex() == 1)
            whose = observers.size() == 1
                        ? tr("%1's unit, %2 (1 model)").arg(whose, QString::fromStdString(s.models[observer].unit))
                        : tr("%1's unit, %2 (%3 models)")
                              .arg(whose, QString::fromStdString(s.models[observer].unit), QString::number(observers.size()));
    }
    // (The observers' ids, for the map that comes: set here, after every check, so that a
    // request refused by its checks leaves those of the vision map still worked out.)
    observerIds_.clear();
    for (int o : observers) observerIds_.push_back(s.models[o].id);
    const double spacing = spacing_->currentData().toDouble();
    const int cells = analysis::tableGrid(s.board, spacing).cells();
    const analysis::Run run = begin(cells, tr("Working out the vision map of %1 (%2 cells)...").arg(whose).arg(QLocale().toString(cells)));
    auto scenario = std::make_shared<const Scenario>(s);
    // Fog of war's veil: worked out on the table as the side knows it (the models it does not
    // see are not there to stop a line, to take a cell, or to be named on hover).
    runningVeil_ = veil_ && !sideChosen().isEmpty();
    const std::string veilSide = runningVeil_ ? sideChosen().toStdString() : std::string();
    runningHidden_ = std::make_shared<std::vector<std::string>>();
    visionRequest_ = request_;  // (before the future: its answer is known for this request)
    watcher_.setFuture(QtConcurrent::run([scenario, observers, probe = probe(), spacing, run, keep = cancelFlag_, veilSide,
                                          hidden = runningHidden_] {
        if (veilSide.empty()) return analysis::visionMap(*scenario, observers, probe, spacing, run);
        std::vector<int> kept;
        const Scenario known = tableKnownTo(*scenario, veilSide, &kept, hidden.get());
        std::vector<int> mine;
        for (int i = 0; i < static_cast<int>(known.models.size()); ++i)
            if (known.models[i].side == veilSide) mine.push_back(i);
        analysis::VisionMap map = analysis::visionMap(known, mine, probe, spacing, run);
        for (int& o : map.observers) o = kept[static_cast<size_t>(o)];  // (the table's own indices again)
        for (analysis::Cell& c : map.cells)
            if (c.seenBy >= 0) c.seenBy = kept[static_cast<size_t>(c.seenBy)];
        return map;
    }));
    return true;
}

void AnalysisPanel::endWork() {
    working_ = false;
    poll_.stop();
    progress_->setVisible(false);
    // (Cancel, disabled with the focus on it, would hand the focus on to Clear: a key pressed
    // next would take the map off. It goes back to the map's button.)
    if (cancel_->hasFocus()) compute_->setFocus();
    cancel_->setEnabled(false);
}

void AnalysisPanel::sayCancelled() {
    // (The map shown is the table's and the choices' after all, an undo having come back to
    // it meanwhile: nothing was lost by the cancel.)
    if (!stale() && choice() == choiceShown_ && (map_ || exposure_ || hiding_ || lanes_)) {
        sayChoices();
        return;
    }
    // (Given up for a table that changed, not by the person: worked out again in a moment.)
    const QString said = debounce_.isActive() ? tr("The table changed while the map was worked out: it is worked out again in a moment.")
                         : gaveUpForEdit_ ? tr("The table changed while a map for other choices was worked out: it was given up. Press %1 "
                                               "for the choices shown.").arg(compute_->text())
                         : map_ || exposure_ || hiding_ || lanes_ ? tr("Cancelled: the map shown is the last one finished.")
                                                                  : tr("Cancelled.");
    gaveUpForEdit_ = false;
    summary_->setText(withShown(said));
    if (stale() && (map_ || exposure_ || hiding_)) sayStale();  // (the hover's word too: not "being worked out again")
}

QString AnalysisPanel::withShown(const QString& text) const {
    // (The map still drawn keeps its legend beside what is said.)
    // (Alone it stays plain text, as the label shows it: an id's "&" or quote as typed.)
    if (summaryText_.isEmpty() || !(map_ || exposure_ || hiding_ || lanes_)) return text;
    return QStringLiteral("<p><i>%1</i></p>").arg(text.toHtmlEscaped()) + summaryText_;
}

analysis::Run AnalysisPanel::startWork(int total, const QString& text, int parts) {
    if (cancelFlag_) cancelFlag_->store(true);  // one still being worked out is no longer wanted
    ++request_;
    gaveUpForEdit_ = false;
    cancelFlag_ = std::make_shared<std::atomic<bool>>(false);
    done_ = std::make_shared<std::atomic<int>>(0);
    total_ = total;
    parts_ = std::max(1, parts);
    lastPart_.reset();
    working_ = true;
    progress_->setRange(0, total_);
    progress_->setValue(0);
    progress_->setFormat(QStringLiteral("%p%"));
    progress_->setVisible(true);
    started_.start();
    cancel_->setEnabled(true);
    poll_.start();
    summary_->setText(withShown(text));
    analysis::Run run;  // (what the worker reads: the flag and the counter live while it runs)
    run.cancel = cancelFlag_.get();
    run.progress = [done = done_](int d, int) { done->store(d); };
    return run;
}

QString timeLeftText(double elapsedSeconds, int done, int total) {
    if (done <= 0 || total <= 0 || done >= total || elapsedSeconds < 2) return {};
    const double left = elapsedSeconds * (total - done) / done;
    if (left < 1) return {};
    if (left < 60) return QObject::tr("about %1 s left").arg(std::max(5, static_cast<int>(std::ceil(left / 5)) * 5));
    return QObject::tr("about %1 min left").arg(std::max(1L, std::lround(left / 60)));
}

void AnalysisPanel::showProgress() {
    if (!done_) return;
    const int done = done_->load();
    progress_->setValue(done);
    QString left = timeLeftText(started_.elapsed() / 1000.0, done, total_);
    if (parts_ > 1 && total_ >= parts_) {
        // Parts one after another (the hiding spots' bases), whose costs differ by far: which
        // one is worked out, and the time left only in the last (the rate of the parts
        // before foretells little of the parts after).
        const int each = total_ / parts_, part = std::min(parts_, done / each + 1);
        const QString which = tr("base %1 of %2").arg(part).arg(parts_);
        if (part < parts_) {
            left = which;
        } else {
            const double now = started_.elapsed() / 1000.0;
            if (!lastPart_) lastPart_ = {now, done};  // (first seen in it: its rate from here)
            const QString inLast = timeLeftText(now - lastPart_->first, done - lastPart_->second, total_ - lastPart_->second);
            left = which + (inLast.isEmpty() ? QString() : QStringLiteral(" - ") + inLast);
        }
    }
    progress_->setFormat(left.isEmpty() ? QStringLiteral("%p%") : QStringLiteral("%p% - ") + left);
}

void AnalysisPanel::cancel() {
    debounce_.stop();
    if (!computing()) return;
    if (cancelFlag_) cancelFlag_->store(true);
    summary_->setText(tr("Cancelling..."));
}

void AnalysisPanel::clear(bool forget) {
    cancel();
    heldBack_ = false;
    if (forget) kept_.clear();
    explain_->setMinimumHeight(0);
    map_.reset();
    exposure_.reset();
    hiding_.reset();
    lanes_.reset();
    board_->setMapLayer(std::nullopt);
    explainShown_.reset();
    explanation_.clear();
    explain_->clear();
    clear_->setEnabled(false);
    csv_->setEnabled(false);
    summaryText_.clear();
    legendShown_.clear();
    sayChoices();
}

bool AnalysisPanel::observerGone() const {
    return map_ && zoneChosen().isEmpty() && sideChosen().isEmpty() && board_->observer() < 0 && board_->observerTakenOff();
}

QString AnalysisPanel::staleNote() const { return tr("Map of the table before the last edits"); }

void AnalysisPanel::showStaleness() {
    if (!board_->mapLayer()) return;
    const QString note = stale() ? staleNote() : QString();
    if (board_->mapLayer()->staleNote == note) return;
    render::MapLayer layer = *board_->mapLayer();
    layer.staleNote = note;
    board_->setMapLayer(std::move(layer));
}

bool AnalysisPanel::backToShown() {
    // (The table compared as a file would hold it: once the edits pause, or under a Cancel.)
    if (!(map_ || exposure_ || hiding_ || lanes_) || choice() != choiceShown_ || io::writeScenario(document_->scenario()) != tableShown_)
        return false;
    heldBack_ = false;
    editsShown_ = edits_;
    showStaleness();
    explainShown_.reset();
    explanation_.clear();
    explain_->setText(hoverHint(!lanes_));  // (what to hover, as when the map was drawn)
    sayChoices();
    return true;
}

void AnalysisPanel::sayStale() {
    explainShown_.reset();
    explainPending_.reset();
    board_->setMapLines({});
    // (Said as it is: worked out again, held back by a Cancel, or waiting for the button,
    // another observer having been chosen meanwhile.)
    explanation_ = observerGone() ? tr("The observer was taken off the table: the map shown is of the table before. Undoing "
                                       "that (Ctrl+Z) brings it back, with its map (worked out again where the table "
                                       "changed meanwhile); or click another model.")
                   : heldBack_ ? tr("The table has changed since this map was worked out, and working it out again was "
                                    "cancelled: press %1 for the table as it is.")
                                     .arg(compute_->text())
                   : (computing() || debounce_.isActive()) && (computing() ? choiceAsked_ : pausedFor_) != choiceShown_
                       // (Another map is on its way, asked for other choices than this one's.)
                       ? tr("The table has changed since this map was worked out; the map asked for is being worked out "
                            "for the table as it is, and takes its place once drawn.")
                   : computing() || debounce_.isActive()
                       ? tr("The table has changed since this map was worked out: it is being worked out again. "
                            "Hover a cell once it is drawn.")
                       : tr("The table has changed since this map was worked out: press %1 for the table as it is.")
                             .arg(compute_->text());
    setExplanation(explanation_);
}

QScrollArea* AnalysisPanel::scrollArea() const {
    QScrollArea* area = nullptr;
    for (QWidget* w = parentWidget(); w && !area; w = w->parentWidget()) area = qobject_cast<QScrollArea*>(w);
    return area && area->widget() && area->widget()->isAncestorOf(explain_) ? area : nullptr;
}

void AnalysisPanel::keepLegendInView() {
    // A map just drawn: its legend within the dock's view. (On a screen 1000 pixels high the
    // settings leave it below the dock's foot.) Scrolled down only as far as the legend's
    // foot needs: the room for a hovered cell's explanation, just above, stays in view where
    // the dock has room for both; never past the map's title, and never up (a person who
    // scrolled keeps the place). The first hover brings the explanation into view.
    QScrollArea* area = scrollArea();
    const QString shown = summary_->text();
    const qsizetype at = legendShown_.isEmpty() ? -1 : shown.indexOf(legendShown_);
    if (!area || at < 0) return;
    // (The label's new height reaches the panel, the panel's the scroll bar's range.)
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    QTextDocument upToLegend;
    upToLegend.setDefaultFont(summary_->font());
    upToLegend.setDocumentMargin(0);
    upToLegend.setHtml(shown.left(at + legendShown_.size()));
    upToLegend.setTextWidth(summary_->contentsRect().width());
    // (The legend's table's foot: the document adds an empty line after it.)
    double legendFoot = upToLegend.size().height();
    if (const QList<QTextFrame*> frames = upToLegend.rootFrame()->childFrames(); !frames.isEmpty())
        legendFoot = upToLegend.documentLayout()->frameBoundingRect(frames.back()).bottom();
    QScrollBar* bar = area->verticalScrollBar();
    const int foot = summary_->mapTo(area->widget(), summary_->contentsRect().topLeft()).y() + static_cast<int>(std::ceil(legendFoot));
    const int view = area->viewport()->height(), line = explain_->fontMetrics().lineSpacing();
    if (foot <= bar->value() + view) return;
    const int titleTop = summary_->mapTo(area->widget(), QPoint(0, 0)).y() - line / 2;
    bar->setValue(std::max(bar->value(), std::min(foot - view + line / 2, titleTop)));
}

void AnalysisPanel::keepExplanationInView() {
    QScrollArea* area = scrollArea();
    if (!area) return;
    QScrollBar* bar = area->verticalScrollBar();
    const int top = explain_->mapTo(area->widget(), QPoint(0, 0)).y(), view = area->viewport()->height();
    // (Its first lines within the view: left alone. Else scrolled to its top.)
    const int line = explain_->fontMetrics().lineSpacing();
    if (top >= bar->value() && top + 2 * line <= bar->value() + view) return;
    bar->setValue(std::max(0, top - line / 2));
}

QString AnalysisPanel::hoverHint(bool cells) const {
    return QStringLiteral("<i>%1</i>").arg(cells ? tr("Hover a cell of the map to see why.")
                                                 : tr("Hover a numbered gap or a lane to see it described."));
}

void AnalysisPanel::setExplanation(const QString& text) {
    explanation_ = text;
    explain_->setText(text);
    // (While a map is shown, the room kept grows to the longest explanation yet, and never
    // shrinks: the legend below jumps down once at most, never back up from cell to cell.)
    if (explain_->minimumHeight() > 0)
        explain_->setMinimumHeight(std::max(explain_->minimumHeight(), explain_->heightForWidth(explain_->width())));
}

void AnalysisPanel::tableChanged() {
    // The map stands for the table as it was: worked out again once the edits pause (a
    // drag is many edits).
    ++edits_;
    const auto look = qScopeGuard([this] { showStaleness(); });
    listZones();
    if (keptNote_) {
        // (The word that a kept map was shown again is of the table before this edit.)
        keptNote_ = false;
        sayChoices();
    }
    if (!map_ && !exposure_ && !hiding_ && !lanes_ && !computing() && !debounce_.isActive()) return;
    if (observerGone()) {
        // The observer taken off the table (deleted): the map stays, said to be of the table
        // as it was, and nothing is worked out for no observer (the map on its way again
        // given up, the pause forgotten); an undo brings the observer back (BoardView), and
        // the map is the table's again or worked out again.
        debounce_.stop();
        if (computing() && cancelFlag_) cancelFlag_->store(true);
        sayStale();
        return;
    }
    if (heldBack_ && !computing()) {
        // (Held back by a Cancel: current again back on the table the map was worked out on;
        // else said to be of the table before. Compared here, not after a pause: none comes.)
        if (!backToShown()) sayStale();
        return;
    }
    if (computing() && choice() != choiceAsked_) {
        // The map being worked out was asked for other choices than those shown now (changed
        // while it was worked out): given up for a table that is no longer there, and not
        // worked out again for choices only looked at; the button asks for these.
        debounce_.stop();
        if (cancelFlag_) cancelFlag_->store(true);
        gaveUpForEdit_ = true;
        if (map_ || exposure_ || hiding_) sayStale();
        return;
    }
    if (!computing() && debounce_.isActive()) {
        // (The work given up for an edit before this one is to be worked out again once the
        // edits pause: not lost to the next edit of a drag. Unless another choice is looked
        // at now: then it stays given up, as below.)
        if (choice() == pausedFor_) {
            debounce_.start();
            return;
        }
        debounce_.stop();
        if (!map_ && !exposure_ && !hiding_ && !lanes_) {
            // (No map drawn to take off: the work given up is said so.)
            gaveUpForEdit_ = true;
            sayCancelled();
            return;
        }
    }
    if (!computing() && choice() != choiceShown_) {
        // The map drawn was worked out for other choices than those shown (another map
        // was asked for, and cancelled): it is not worked out again in their place, nor
        // left standing for a table that is no longer there.
        clear(false);  // (which says what the choices ask for; the maps kept stay, for an undo)
        summary_->setText(tr("The table changed: the map drawn, worked out for other choices, was taken off.") + QLatin1Char(' ') +
                          summary_->text());
        return;
    }
    if (cancelFlag_ && computing()) cancelFlag_->store(true);
    debounce_.start();
    pausedFor_ = choice();
    if (map_ || exposure_ || hiding_) sayStale();  // (after the pause is started: said to be worked out again)
}

void AnalysisPanel::mapReady() {
    if (visionRequest_ != request_) return;  // (superseded: see request_)
    endWork();
    analysis::VisionMap result = watcher_.result();
    if (!result.complete) {
        sayCancelled();
        emit finished();
        return;
    }
    const Scenario& s = document_->scenario();
    // Its observers still at the same indices (the table may have changed meanwhile: then
    // the debounced recompute is on its way, and this one is still the best there is).
    if (observerIds_.size() != result.observers.size()) {
        emit finished();
        return;
    }
    for (size_t k = 0; k < result.observers.size(); ++k)
        if (result.observers[k] >= static_cast<int>(s.models.size()) || s.models[result.observers[k]].id != observerIds_[k]) {
            emit finished();
            return;
        }
    map_ = std::move(result);
    exposure_.reset();
    hiding_.reset();
    lanes_.reset();
    mapObserverIds_ = observerIds_;
    mapHidden_ = runningVeil_ && runningHidden_ ? *runningHidden_ : std::vector<std::string>{};
    mapVeil_ = runningVeil_;
    showVision(runningVeil_);
    emit finished();
}

void AnalysisPanel::showVision(bool veil) {
    const Scenario& s = document_->scenario();
    const analysis::Tally t = analysis::tally(*map_);
    const double area = map_->grid.spacing * map_->grid.spacing;
    auto row = [&](const QString& what, int n) {
        return QStringLiteral("<tr><td>%1</td><td align='right'>%2 sq in</td></tr>").arg(what).arg(n * area, 0, 'f', 1);
    };
    if (veil) {
        showMap(render::unseenLayer(*map_, s), QStringLiteral("<table>") + row(tr("not seen"), t.hidden) +
                                                   row(tr("seen"), t.visible + t.fully) +
                                                   row(tr("no place to stand"), t.overlap) +
                                                   (t.undecided ? row(tr("of these, undecided at a knife edge"), t.undecided) : QString()) +
                                                   QStringLiteral("</table>"));
        return;
    }
    // (The legend gives the area each colour covers; the cells seen whose full view a
    // knife edge left open, visible and undecided, are drawn as seen, not fully, or in
    // cover, and said here.)
    const auto seenOpen = std::ranges::count_if(
        map_->cells, [](const analysis::Cell& c) { return c.undecided && c.verdict == analysis::Verdict::Visible; });
    showMap(render::visionLayer(*map_, s),
            seenOpen ? tr("<p>Of the cells seen, %1 sq in may be fully visible: left undecided at or near a knife edge.</p>")
                           .arg(static_cast<double>(seenOpen) * area, 0, 'f', 1)
                     : QString());
}

QString AnalysisPanel::legendHtml(const render::MapLayer& layer) const {
    QString legend = QStringLiteral("<table>");
    for (const auto& [colour, text] : layer.legend) {
        const QColor swatch = layer.swatch(colour);
        legend += QStringLiteral("<tr><td style='background-color:%1'>&nbsp;&nbsp;&nbsp;&nbsp;</td><td>%2</td></tr>")
                      .arg(swatch.isValid() ? swatch.name() : QStringLiteral("transparent"), text.toHtmlEscaped());
    }
    return legend + QStringLiteral("</table>");
}

void AnalysisPanel::showMap(render::MapLayer layer, const QString& figures, bool cells) {
    // (A map for other choices than the one shown, or after none: its legend brought into
    // view below. The same map worked out again after an edit leaves the dock where the
    // person has it.)
    const bool another = summaryText_.isEmpty() || choiceAsked_ != choiceShown_;
    layer.opacity = opacity_->value() / 100.0;
    layer.legendOnBoard = false;  // the panel shows it, so the board is seen whole
    // (Of the table before the last edits, where it is: edits made while it was worked out.)
    if (editsAsked_ != edits_) layer.staleNote = staleNote();
    board_->setMapLayer(layer);
    board_->setMapLines({});
    explainShown_.reset();
    explanation_.clear();  // (the last map's: a hover of the same spot is explained anew)
    // (What to do with the map said where its explanations will go, in the room kept for
    // them, rather than below the legend and figures, past the dock's foot.)
    explain_->setText(hoverHint(cells));
    // (Room kept for a few lines of a hovered cell's explanation: the legend below does not
    // jump down at the first hover, nor up and down from cell to cell.)
    explain_->setMinimumHeight(kExplainLines * explain_->fontMetrics().lineSpacing());
    legendShown_ = legendHtml(layer);
    summaryText_ = QStringLiteral("<b>%1</b>").arg(layer.title.toHtmlEscaped()) + legendShown_ + figures;
    choiceShown_ = choiceAsked_;
    sayChoices();  // (with a word where the choices changed meanwhile: another observer clicked)
    editsShown_ = editsAsked_;
    tableShown_ = tableAsked_;
    heldBack_ = false;
    if (stale()) sayStale();
    clear_->setEnabled(true);
    csv_->setEnabled(cells);  // (lanes and gaps have no cells)
    // (Once the label and the dock are laid out anew with the legend.)
    if (another) QTimer::singleShot(0, this, &AnalysisPanel::keepLegendInView);
    keepShown();
}

void AnalysisPanel::keepShown() {
    if (map_ && mapVeil_) return;  // (a veil's map: its models taken off are the worker's)
    std::erase_if(kept_, [&](const Kept& k) { return k.choice == choiceShown_ && k.table == tableShown_; });
    kept_.push_back({tableShown_, choiceShown_, undoAsked_, map_, mapObserverIds_, exposure_, hiding_, lanes_});
    while (kept_.size() > kKeptMaps) kept_.pop_front();
}

void AnalysisPanel::giveUpWork() {
    debounce_.stop();
    if (!computing()) return;
    if (cancelFlag_) cancelFlag_->store(true);
    ++request_;  // (its answer, when it comes, is dropped)
    endWork();
}

const AnalysisPanel::Kept* AnalysisPanel::keptFor(const QString& choice, const QByteArray& table) const {
    if (veil_ && !sideChosen().isEmpty()) return nullptr;
    for (auto it = kept_.rbegin(); it != kept_.rend(); ++it)
        if (it->choice == choice && it->table == table) return &*it;
    return nullptr;
}

bool AnalysisPanel::backToKept() {
    // (Only while a map is shown or on its way: after Clear, or with none asked for, an undo
    // brings none back.)
    if (kept_.empty() || !(map_ || exposure_ || hiding_ || lanes_ || computing() || debounce_.isActive())) return false;
    const int index = document_->undoStack()->index();
    const QString now = choice();
    if (std::ranges::none_of(kept_, [&](const Kept& k) { return k.undoIndex == index && k.choice == now; })) return false;
    const Kept* at = keptFor(now, io::writeScenario(document_->scenario()));
    if (!at) return false;
    const Kept k = *at;  // (showMap keeps it again, last)
    giveUpWork();  // (the work on its way, for another table: nothing worked out)
    // (The map shown is that one: the table's again, with no word of a change.)
    if (k.choice == choiceShown_ && k.table == tableShown_ && backToShown()) return true;
    showKept(k, false);
    return true;
}

void AnalysisPanel::showKept(const Kept& k, bool queued) {
    heldBack_ = false;
    gaveUpForEdit_ = false;
    choiceAsked_ = k.choice;
    tableAsked_ = k.table;
    undoAsked_ = k.undoIndex;
    editsAsked_ = edits_;
    map_ = k.map;
    exposure_ = k.exposure;
    hiding_ = k.hiding;
    lanes_ = k.lanes;
    observerIds_ = mapObserverIds_ = k.observerIds;
    mapHidden_.clear();
    mapVeil_ = false;
    if (map_) showVision(false);
    else if (exposure_) showExposure();
    else if (hiding_) showHiding();
    else if (lanes_) showLanes();
    summary_->setText(withShown(tr("The map of this table, kept from before, shown again: nothing was worked out.")));
    keptNote_ = true;
    // (Asked for by the button: said from the event loop, as a map worked out arrives, so
    // that whoever asked is listening by then. By an undo: at once.)
    if (queued) QMetaObject::invokeMethod(this, [this] { emit finished(); }, Qt::QueuedConnection);
    else emit finished();
}

void AnalysisPanel::exposureReady() {
    if (exposureRequest_ != request_) return;  // (superseded: see request_)
    endWork();
    analysis::ExposureMap result = exposureWatcher_.result();
    if (!result.complete) {
        sayCancelled();
        emit finished();
        return;
    }
    exposure_ = std::move(result);
    map_.reset();
    hiding_.reset();
    lanes_.reset();
    showExposure();
    emit finished();
}

void AnalysisPanel::showExposure() {
    const Scenario& s = document_->scenario();
    const analysis::ExposureTally t = analysis::tallyExposure(*exposure_);
    const double area = exposure_->grid.spacing * exposure_->grid.spacing;
    auto row = [&](const QString& what, const QString& value) {
        return QStringLiteral("<tr><td>%1</td><td align='right'>%2</td></tr>").arg(what, value);
    };
    showMap(render::exposureLayer(*exposure_, s),
            QStringLiteral("<table>") +
                row(tr("hidden from every place"), tr("%1 sq in").arg(t.none * area, 0, 'f', 1)) +
                row(tr("seen from every place"), tr("%1 sq in").arg(t.all * area, 0, 'f', 1)) +
                row(tr("places that see a cell, on average"), QStringLiteral("%1%").arg(100 * t.meanShare(), 0, 'f', 1)) +
                (t.undecidedCells ? row(tr("cells with a place undecided (knife edge)"), QString::number(t.undecidedCells)) : QString()) +
                QStringLiteral("</table>"));
}

void AnalysisPanel::hidingReady() {
    if (hidingRequest_ != request_) return;  // (superseded: see request_)
    endWork();
    analysis::HidingSpots result = hidingWatcher_.result();
    if (!result.complete) {
        sayCancelled();
        emit finished();
        return;
    }
    hiding_ = std::move(result);
    map_.reset();
    exposure_.reset();
    lanes_.reset();
    showHiding();
    emit finished();
}

void AnalysisPanel::saveChoices() const {
    QSettings settings;
    settings.beginGroup(QStringLiteral("analysis"));
    settings.setValue(QStringLiteral("map"), kind_->currentIndex());
    settings.setValue(QStringLiteral("base"), base_->currentText());
    settings.setValue(QStringLiteral("bases"), bases_->text());
    settings.setValue(QStringLiteral("height"), height_->value());
    settings.setValue(QStringLiteral("keywords"), keywords_->text());
    settings.setValue(QStringLiteral("cells"), spacing_->currentData());
    settings.setValue(QStringLiteral("places"), places_->currentData());
    settings.setValue(QStringLiteral("places-chosen"), placesChosen_);
    settings.setValue(QStringLiteral("opacity"), opacity_->value());
}

void AnalysisPanel::restoreChoices() {
    QSettings settings;
    settings.beginGroup(QStringLiteral("analysis"));
    if (!settings.contains(QStringLiteral("map"))) return;  // (none kept: the defaults)
    // (Each only where it names a choice the control offers: a setting from another version
    // leaves that control as it is.)
    if (const int kind = settings.value(QStringLiteral("map")).toInt(); kind >= 0 && kind < kind_->count()) kind_->setCurrentIndex(kind);
    if (const int base = base_->findText(settings.value(QStringLiteral("base")).toString()); base >= 0) base_->setCurrentIndex(base);
    bases_->setText(settings.value(QStringLiteral("bases"), bases_->text()).toString());
    height_->setValue(settings.value(QStringLiteral("height"), height_->value()).toDouble());
    keywords_->setText(settings.value(QStringLiteral("keywords"), keywords_->text()).toString());
    if (const int cells = spacing_->findData(settings.value(QStringLiteral("cells")).toDouble()); cells >= 0) spacing_->setCurrentIndex(cells);
    if (const int places = places_->findData(settings.value(QStringLiteral("places")).toDouble()); places >= 0) places_->setCurrentIndex(places);
    placesChosen_ = settings.value(QStringLiteral("places-chosen"), false).toBool();
    opacity_->setValue(settings.value(QStringLiteral("opacity"), opacity_->value()).toInt());
}

void AnalysisPanel::showHiding() {
    // (Each base with its height where the bases' heights differ: two of one size tell apart.)
    bool oneHeight = true;
    for (const analysis::HidingBase& b : hiding_->bases) oneHeight = oneHeight && b.probe.height == hiding_->bases.front().probe.height;
    auto named = [&](const analysis::HidingBase& b) {
        const QString text = render::probeText(b.probe);
        return (oneHeight ? text.section(QLatin1Char(','), 0, 0) : text).toHtmlEscaped();
    };
    QString figures = QStringLiteral("<table cellpadding='2'><tr><th align='left'>%1</th><th align='right'>%2</th><th align='right'>%3</th></tr>")
                          .arg(tr("base"), tr("safe"), tr("safe or semi-safe"));
    for (const analysis::HidingBase& b : hiding_->bases)
        figures += QStringLiteral("<tr><td>%1</td><td align='right'>%2&nbsp;sq&nbsp;in</td><td align='right'>%3&nbsp;sq&nbsp;in</td></tr>")
                       .arg(named(b))
                       .arg(b.safeArea, 0, 'f', 1)
                       .arg(b.semiArea, 0, 'f', 1);
    figures += QStringLiteral("</table>");
    if (!hiding_->bases.empty() && !hiding_->bases.front().objectives.empty()) {
        const std::vector<analysis::ObjectiveHiding>& objectives = hiding_->bases.front().objectives;
        figures += tr("<p>Safe within %1\" of each objective (sq in):</p>").arg(hiding_->options.objectiveRange);
        if (hiding_->bases.size() <= 4 && oneHeight) {
            // A column a base (their sizes alone: the dock is narrow), a row an objective.
            figures += QStringLiteral("<table cellpadding='2'><tr><th></th>");
            for (const analysis::HidingBase& b : hiding_->bases)
                figures += QStringLiteral("<th align='right'>%1</th>").arg(render::probeText(b.probe).section(QLatin1Char(' '), 0, 0).toHtmlEscaped());
            figures += QStringLiteral("</tr>");
            for (size_t i = 0; i < objectives.size(); ++i) {
                figures += QStringLiteral("<tr><td>%1</td>").arg(QString::fromStdString(objectives[i].objective).toHtmlEscaped());
                for (const analysis::HidingBase& b : hiding_->bases)
                    figures += QStringLiteral("<td align='right'>%1</td>").arg(b.objectives[i].safeArea, 0, 'f', 1);
                figures += QStringLiteral("</tr>");
            }
            figures += QStringLiteral("</table>");
        } else {
            // (More bases than a narrow dock has room for as columns, or heights to tell:
            // a line an objective, which wraps.)
            for (size_t i = 0; i < objectives.size(); ++i) {
                QStringList each;
                for (const analysis::HidingBase& b : hiding_->bases)
                    each << QStringLiteral("%1&nbsp;%2").arg(named(b).replace(QLatin1Char(' '), QStringLiteral("&nbsp;"))).arg(b.objectives[i].safeArea, 0, 'f', 1);
                figures += QStringLiteral("<p><b>%1</b>: %2</p>").arg(QString::fromStdString(objectives[i].objective).toHtmlEscaped(), each.join(QStringLiteral(", ")));
            }
        }
    }
    showMap(render::hidingLayer(*hiding_, document_->scenario()), figures);
}

void AnalysisPanel::lanesReady() {
    if (lanesRequest_ != request_) return;  // (superseded: see request_)
    endWork();
    analysis::LanesAndGaps result = lanesWatcher_.result();
    if (cancelFlag_ && *cancelFlag_) {  // (cancelled, or given up for a table changed meanwhile)
        sayCancelled();
        emit finished();
        return;
    }
    lanes_ = std::move(result);
    map_.reset();
    exposure_.reset();
    hiding_.reset();
    showLanes();
    emit finished();
}

void AnalysisPanel::showLanes() {
    const Scenario& s = document_->scenario();
    auto label = [&](int piece) { return QString::fromStdString(s.labelOf(s.terrain[piece].id)).toHtmlEscaped(); };
    // (The lanes drawn are in the legend: the next ones, up to the tenth, listed here.)
    const size_t drawn = std::min(lanes_->lanes.size(), render::kLanesDrawn);
    QString figures = QStringLiteral("<table>");
    for (size_t i = drawn; i < lanes_->lanes.size() && i < 10; ++i)
        figures += tr("<tr><td>lane %1</td><td align='right'>%2\" wide</td><td align='right'>&nbsp;%3\" long</td></tr>")
                       .arg(i + 1)
                       .arg(lanes_->lanes[i].width, 0, 'f', 1)
                       .arg(lanes_->lanes[i].length, 0, 'f', 1);
    figures += QStringLiteral("</table><p>") + tr("Gaps under 6\" (narrowest first; %1):").arg(render::lineWidthText(*lanes_)) +
               QStringLiteral("</p><table>");
    // (Numbered as the map numbers them.)
    for (size_t i = 0; i < lanes_->gaps.size(); ++i) {
        const analysis::Gap& g = lanes_->gaps[i];
        // (One call: a piece's label may hold a "%".)
        figures += tr("<tr><td>%1</td><td>%2\"</td><td>%3 &ndash; %4</td><td>%5; %6</td></tr>")
                       .arg(QString::number(i + 1), QString::number(g.width, 'f', 2), label(g.a), label(g.b),
                            g.basesThrough.empty() ? tr("no base fits")
                                                   : tr("bases up to %1 mm across fit").arg(g.widestThrough * kMmPerInch, 0, 'f', 0),
                            g.sightPasses ? tr("a sight line passes") : tr("no sight line passes"));
    }
    figures += QStringLiteral("</table>");
    showMap(render::lanesLayer(*lanes_, s), figures, false);
}

QString AnalysisPanel::summary() const { return summary_->text(); }
QString AnalysisPanel::explanation() const { return explanation_; }

void AnalysisPanel::explainAt(Vec2 at) {
    if (!map_ && !exposure_ && !hiding_ && !lanes_) return;
    if (stale()) {
        sayStale();
        emit explained();
        return;
    }
    if (lanes_) {
        // The gap under the pointer (within half an inch of its dashed line), else the lane
        // it is in: what the list says of it, by the number the map gives it.
        const Scenario& s = document_->scenario();
        QString text;
        double nearest = 0.5 * 0.5;
        // (The gap hovered drawn over its dashes, green where a sight line passes it: as a
        // base is drawn, with no cell's ring at an end.)
        std::vector<render::MapBase> marked;
        for (size_t i = 0; i < lanes_->gaps.size(); ++i) {
            const analysis::Gap& g = lanes_->gaps[i];
            const double d = squaredDistanceToEdges(at, {g.from, g.to});
            if (d > nearest) continue;
            nearest = d;
            text = tr("Gap %1: ").arg(i + 1) + render::gapText(g, *lanes_, s) +
                   tr(" (%1).").arg(render::lineWidthText(*lanes_));
            marked = {{Ring{g.from, g.to}, g.sightPasses ? render::kVisibleGreen : render::kBlockedRed, false}};
        }
        // (Only when that changes: the board redraws its overlay, not at every move of the pointer.)
        if (marked != board_->overlay().mapBases || !board_->overlay().mapLines.empty()) board_->setMapLines({}, marked);
        for (size_t i = 0; text.isEmpty() && i < lanes_->lanes.size() && i < render::kLanesDrawn; ++i)
            if (locate(at, lanes_->lanes[i].outline) != Where::Outside)
                text = tr("Lane %1: %2\" wide and %3\" long, open from %4 to %5.")
                           .arg(i + 1)
                           .arg(lanes_->lanes[i].width, 0, 'f', 1)
                           .arg(lanes_->lanes[i].length, 0, 'f', 1)
                           .arg(QString::fromStdString(lanes_->zoneA), QString::fromStdString(lanes_->zoneB));
        if (text != explanation_) {
            setExplanation(text);
            if (text.isEmpty()) explain_->setText(hoverHint(false));  // (neither: what to hover, again)
            else keepExplanationInView();
        }
        emit explained();
        return;
    }
    const analysis::Grid& g = map_ ? map_->grid : exposure_ ? exposure_->grid : hiding_->grid;
    if (hiding_) {
        // Said at once from the map itself: which bases hide here.
        const std::optional<std::pair<int, int>> cell = g.cellAt(at);
        if (!cell) {
            board_->setMapLines({});  // (off the map: no bases drawn; the text stays to be read)
            return;
        }
        const size_t k = g.index(*cell);
        const Vec2 c = g.centre(cell->first, cell->second);
        QStringList lines{tr("At (%1\", %2\"), from the %3 places of %4:").arg(c.x).arg(c.y).arg(hiding_->places).arg(QString::fromStdString(hiding_->zone))};
        const Scenario& s = document_->scenario();
        bool largerOnly = false;
        for (size_t i = 0; i < hiding_->bases.size(); ++i) {
            const analysis::HidingBase& b = hiding_->bases[i];
            QString verdict;
            if (b.safe[k]) {
                verdict = tr("safe (hidden from every place)");
                // (A smaller base within it, with room here, seen: only the rules hide this one.)
                for (size_t j = 0; j < i && !largerOnly; ++j) {
                    const analysis::HidingBase& smaller = hiding_->bases[j];
                    largerOnly = (k >= smaller.room.size() || smaller.room[k]) && !smaller.safe[k] &&
                                 analysis::probeWithin(smaller.probe, b.probe);
                }
            } else if (b.semi[k]) {
                verdict = tr("semi-safe (seen from %1 of them, at most %2 allowed)").arg(b.seen[k]).arg(hiding_->semiMost);
            } else if (!b.room[k]) {  // (a feature, a model of the table's, the table's edge: named)
                verdict = tr("no room to stand (it would %1)").arg(whatKeepsOff(s, analysis::probeModel(b.probe, c)));
            } else {
                verdict = hiding_->semiMost == 1 ? tr("seen from more than 1 place") : tr("seen from more than %1 places").arg(hiding_->semiMost);
            }
            // (The base is drawn there in its outline's colour, where it has one: said as drawn,
            // since the smallest base's colour outlines nothing on the map.)
            const QString colour = render::hidingOutlineName(i, hiding_->bases.size());
            // (Dashed where it is not safe.)
            lines << QStringLiteral("  %1%2: %3")
                         .arg(render::probeText(b.probe),
                              colour.isEmpty() ? QString() : b.safe[k] ? tr(" (drawn %1)").arg(colour) : tr(" (drawn %1, dashed)").arg(colour),
                              verdict);
        }
        if (largerOnly)
            lines << tr("A larger base hides where a smaller one within it does not: it reaches further, within an area (under 11e "
                        "a model within an area with a dense feature is hidden beyond the detection range, 13.09).");
        if (render::hidingOutlineName(0, hiding_->bases.size()).isEmpty()) {
            // (Too many bases to outline each: the two drawn said.)
            const auto [safe, seen] = render::hidingBoundaryAt(*hiding_, c);
            auto name = [&](int b) { return render::probeText(hiding_->bases[static_cast<size_t>(b)].probe).section(QLatin1Char(','), 0, 0); };
            if (safe >= 0 && seen >= 0)
                lines << tr("Drawn: the %1, the largest base hidden here (yellow), and the %2, the smallest seen (red, dashed).").arg(name(safe), name(seen));
            else if (safe >= 0)
                lines << tr("Drawn: the %1, the largest base hidden here (yellow).").arg(name(safe));
            else if (seen >= 0)
                lines << tr("Drawn: the %1, the smallest base seen here (red, dashed).").arg(name(seen));
        }
        setExplanation(lines.join(QLatin1Char('\n')));
        keepExplanationInView();
        board_->setMapLines({}, render::hidingBasesAt(*hiding_, c));
        emit explained();
        return;
    }
    const std::optional<std::pair<int, int>> cell = g.cellAt(at);
    if (!cell) return;
    if (explainShown_ == *cell || explainPending_ == *cell) return;
    explainPending_ = *cell;
    if (!explaining_) startExplaining();
}

void AnalysisPanel::startExplaining() {
    if (!explainPending_ || (!map_ && !exposure_)) return;
    const auto [col, row] = *explainPending_;
    explainShown_ = explainPending_;
    explainPending_.reset();
    explaining_ = true;
    epochExplained_ = choiceEpoch_;
    editsExplained_ = edits_;
    if (exposure_) {
        // The places that see the cell, each ruled again (off the GUI thread): green lines
        // from them; from a few of the others, red ones.
        const analysis::ExposureCell cell = exposure_->at(col, row);
        const Vec2 at = exposure_->grid.centre(col, row);
        auto scenario = std::make_shared<const Scenario>(document_->scenario());
        explainWatcher_.setFuture(QtConcurrent::run([scenario, map = *exposure_, cell, at] {
            Explained e;
            e.cell = at;
            e.bases = {{baseOutline(analysis::probeModel(map.target, at)), QColor(255, 255, 255)}};
            const QString where = QStringLiteral("(%1\", %2\")").arg(at.x).arg(at.y);
            // (The map's model named: the map shown may be one for other choices, kept while
            // another is worked out or after one was cancelled.)
            const QString who = QObject::tr("a %1 model").arg(render::probeText(map.target));
            if (cell.overlap) {
                e.text = noPlaceToStand(*scenario, analysis::probeModel(map.target, at), where, who);
                return e;
            }
            Scenario s = *scenario;
            Model o = analysis::probeModel(map.observer, {});
            o.id = o.unit = "(zone)";
            o.name = "the model at that place";  // (as the rules' reasons name it)
            s.models.push_back(o);
            s.models.push_back(analysis::probeModel(map.target, at));
            s.models.back().name = "the model here";
            const int oi = static_cast<int>(s.models.size()) - 2, ti = oi + 1;
            Scene scene(s);
            Rulings rulings(scene);
            std::vector<Vec2> unseen;
            // (And those of them beyond 13.09's detection range, where the model here is
            // hidden by it: not seen from there whatever the lines. Counted among them all,
            // not only the red lines': a few places do not show it.)
            int beyond = 0;
            std::optional<Vec2> beyondAt;
            // (Each green line one that is open, from the place's base to the model's: not
            // the centres', which may cross a wall the open line passes.)
            for (const Vec2& p : map.positions) {
                s.models[oi].position = p;
                scene.modelMoved(oi);
                rulings.modelMoved(oi);
                const Rulings::Sight seen = rulings.sight(oi, ti);
                if (seen.visible) {
                    e.lines.push_back({seen.line.value_or(Segment{p, at}), true});
                    continue;
                }
                unseen.push_back(p);
                if (rulings.hiddenBeyondRange(oi, ti)) {
                    ++beyond;
                    if (!beyondAt) beyondAt = p;
                }
            }
            const size_t every = std::max<size_t>(1, unseen.size() / 8);
            int red = 0;
            // (What stops the red lines: each red place's pair ruled in full, the pieces and
            // models that together block every line named, the most often first. 13.09 is
            // said below, for every place it hides the model from.)
            std::vector<std::pair<std::string, int>> stoppedBy;
            std::vector<std::pair<std::string, int>> firstBy;  // (what each red line meets first, where it is marked)
            bool together = false;  // (some place's lines stopped only by several pieces at once)
            for (size_t k = 0; k < unseen.size(); k += every, ++red) {
                s.models[oi].position = unseen[k];
                scene.modelMoved(oi);
                rulings.modelMoved(oi);
                const PairResult r = rulings.evaluate(oi, ti, Method::Exact, Detail::Decisions);
                const std::vector<std::string>& stops = r.blocking_set.empty() ? r.blocked_by : r.blocking_set;
                // (Drawn solid up to where its centre line is first blocked, marked there:
                // what the text names stops every line, not always this one first.)
                const FirstBlock first = firstBlocked(s, rulings, oi, ti);
                e.lines.push_back({{unseen[k], at}, false, first.share});
                countIds(firstBy, first.ids);
                together = together || stops.size() > 1;
                countIds(stoppedBy, stops);
            }
            std::ranges::stable_sort(stoppedBy, std::greater{}, &std::pair<std::string, int>::second);
            const int n = static_cast<int>(map.positions.size());
            const QString zone = QString::fromStdString(map.zone);
            const int seenNow = static_cast<int>(map.positions.size() - unseen.size());  // (the full rulings': the green lines)
            if (cell.undecided) {
                // (The map's count, then what the full rulings drawn here decide: a cell the
                // map left open is not called seen by lines that are not drawn.)
                e.text = QObject::tr("At %1, %2: the map counts it seen from %3 of the %4 places in %5, and left %6 at or near a knife "
                                     "edge (not counted as seeing).")
                             .arg(where, who)
                             .arg(cell.seen)
                             .arg(n)
                             .arg(zone)
                             .arg(cell.undecided == 1 ? QObject::tr("one undecided") : QObject::tr("%1 undecided").arg(cell.undecided));
                e.text += seenNow == 0 ? QObject::tr(" Ruled in full here, every place's pair: hidden from all of them.")
                                       : QObject::tr(" Ruled in full here, every place's pair: seen from %1, the green lines.").arg(seenNow);
            } else if (cell.seen == 0) {
                e.text = QObject::tr("At %1, %2: hidden from every one of the %3 places in %4.").arg(where, who).arg(n).arg(zone);
            } else {
                // (A share that rounds to none, or to all, said as under 1% or over 99%.)
                const double percent = 100.0 * cell.seen / std::max(n, 1);
                const QString share = percent < 0.5 ? QStringLiteral("under 1")
                                      : percent > 99.5 && cell.seen < n ? QStringLiteral("over 99")
                                                                        : QString::number(percent, 'f', 0);
                e.text = QObject::tr("At %1, %2: seen from %3 of the %4 places in %5 (%6%), the green lines.")
                             .arg(where, who)
                             .arg(cell.seen)
                             .arg(n)
                             .arg(zone)
                             .arg(share);
            }
            // (What the red lines are: a few of the places that do not see it, spread along
            // them, each line stopped on its way.)
            if (red > 0)
                e.text += (red == 1 && unseen.size() == 1 ? QObject::tr(" The red line: from the one place that does not see it")
                           : static_cast<size_t>(red) == unseen.size()
                               ? QObject::tr(" The red lines: from the %1 that do not see it").arg(red)
                               : QObject::tr(" The red lines: from %1 of the %2 that do not see it, spread among them")
                                     .arg(red)
                                     .arg(unseen.size())) +
                          (firstBy.empty() ? QObject::tr(", centre to centre, each solid up to where it is first blocked.")
                                           : QObject::tr(", centre to centre, each solid up to where it is first blocked (marked: by %1).")
                                                 .arg(firstBlockersText(s, firstBy)));
            if (!stoppedBy.empty()) {
                // (Where each piece named stops every red line, said once for all; else how
                // many of them each stops, with the others.)
                const bool everyOne = std::ranges::all_of(stoppedBy, [&](const auto& p) { return p.second == red; });
                QStringList names;
                for (const auto& [id, lines] : stoppedBy)
                    names << (everyOne ? QString::fromStdString(s.labelOf(id))
                                       : QObject::tr("%1 (%2 of the %3)").arg(QString::fromStdString(s.labelOf(id))).arg(lines).arg(red));
                // (Every line between the two bases, not the centre line alone: said so, since the
                // marks are where the centre lines meet something first.)
                e.text += everyOne ? (red == 1 ? QObject::tr(" What blocks every line from that place: %1.")
                                               : QObject::tr(" What blocks every line from each of those places: %1."))
                                         .arg(names.join(QStringLiteral(", ")))
                                   : together ? QObject::tr(" What blocks every line from those places: %1 (some places' lines are "
                                                            "stopped only by several of these together, each of them counted).")
                                                    .arg(names.join(QStringLiteral(", ")))
                                              : QObject::tr(" What blocks every line from those places: %1.").arg(names.join(QStringLiteral(", ")));
            }
            if (beyond > 0) {
                // (The rule's reason, said once, from one of those places' ruling: "the model
                // here is within ..., which has a dense feature".)
                s.models[oi].position = *beyondAt;
                scene.modelMoved(oi);
                rulings.modelMoved(oi);
                QString within;
                for (const std::string& reason : rulings.evaluate(oi, ti, Method::Exact, Detail::Decisions).reasons)
                    if (reason.starts_with("13.09 hidden: ") && reason.find(" is within ") != std::string::npos)
                        within = QString::fromStdString(reason.substr(std::string("13.09 hidden: ").size()));
                if (within.isEmpty()) within = QObject::tr("the model here is within an area with a dense feature");
                const QString range = QStringLiteral("%1\"").arg(s.ruleset.detection_range, 0, 'f', 2);
                e.text += static_cast<size_t>(beyond) == unseen.size()
                              ? QObject::tr(" 13.09 hidden: %1, and every place that does not see it is farther than the detection "
                                            "range of %2: not seen from them whatever the lines.")
                                    .arg(within, range)
                              : QObject::tr(" 13.09 hidden: %1, and %2 of the %3 places that do not see it are farther than the "
                                            "detection range of %4: not seen from those whatever the lines.")
                                    .arg(within)
                                    .arg(beyond)
                                    .arg(unseen.size())
                                    .arg(range);
            }
            if (map.withFully) e.text += QObject::tr(" Fully visible from %1.").arg(cell.fully);
            return e;
        }));
        return;
    }
    const analysis::Cell cell = map_->at(col, row);
    const Vec2 at = map_->grid.centre(col, row);
    auto scenario = std::make_shared<const Scenario>(document_->scenario());
    const std::vector<int> observers = map_->observers;
    // The map may stand for the table before an edit (it is worked out again shortly): its
    // observers must still be where they were.
    for (size_t k = 0; k < observers.size(); ++k)
        if (observers[k] >= static_cast<int>(scenario->models.size()) || scenario->models[observers[k]].id != mapObserverIds_[k]) {
            explaining_ = false;
            return;
        }
    const analysis::Probe probe = map_->probe;
    // (A veil's cell is explained on the table its side knows: the models it does not see
    // taken off, the observers found again by id.)
    std::vector<std::string> askedIds;
    // (An undecided cell: every observer, whose full rulings may settle it.)
    for (int o : cell.seenBy >= 0 && !cell.undecided ? std::vector<int>{cell.seenBy} : observers)
        askedIds.push_back(scenario->models[o].id);
    const std::string seerId = cell.seenBy >= 0 ? scenario->models[cell.seenBy].id : std::string();
    // (The map's other observers: where the one that sees it gives cover and the cell is out
    // of cover, one of them sees it with none.)
    std::vector<std::string> otherIds;
    for (int o : observers)
        if (scenario->models[o].id != seerId) otherIds.push_back(scenario->models[o].id);
    if (!mapHidden_.empty()) {
        Scenario known = *scenario;
        std::erase_if(known.models, [&](const Model& m) {
            return std::find(mapHidden_.begin(), mapHidden_.end(), m.id) != mapHidden_.end();
        });
        scenario = std::make_shared<const Scenario>(std::move(known));
    }
    explainWatcher_.setFuture(QtConcurrent::run([scenario, askedIds, seerId, otherIds, probe, cell, at, veil = mapVeil_] {
        Explained e;
        e.cell = at;
        e.bases = {{baseOutline(analysis::probeModel(probe, at)), QColor(255, 255, 255)}};
        const QString where = QStringLiteral("(%1\", %2\")").arg(at.x).arg(at.y);
        if (cell.verdict == analysis::Verdict::Overlap) {
            e.text = noPlaceToStand(*scenario, analysis::probeModel(probe, at), where, QObject::tr("a model of this base"));
            return e;
        }
        Scenario s = *scenario;
        s.models.push_back(analysis::probeModel(probe, at));
        s.models.back().name = "the model here";
        const int target = static_cast<int>(s.models.size()) - 1;
        const Scene scene(s);
        const Rulings rulings(scene);
        // The observer that sees it (its reasons and witness), else each observer's reasons
        // and centre line.
        std::vector<int> asked;
        for (const std::string& id : askedIds)
            for (int m = 0; m < target; ++m)
                if (s.models[m].id == id) asked.push_back(m);
        QStringList reasons;
        bool seen = false, fully = false, seenOpen = false, fullyOpen = false;  // (the full rulings')
        bool coverFromSeer = false;
        for (int o : asked) {
            const PairResult r = rulings.evaluate(o, target, Method::Exact, Detail::Decisions);
            coverFromSeer = coverFromSeer || (r.visible && r.cover.value_or(false));
            seen = seen || r.visible;
            fully = fully || r.fully_visible;
            (r.visible ? fullyOpen : seenOpen) |= r.undecided;
            if (r.visible && r.witness) e.lines.push_back({*r.witness, true});
            else if (e.lines.size() < 10)  // (solid up to where it is first blocked)
                e.lines.push_back({{s.models[o].position, at}, false, firstBlocked(s, rulings, o, target).share});
            if (!r.visible) {
                // Under every ruleset: what stops every line (true line of sight gives no reasons).
                const std::vector<std::string>& stops = r.blocking_set.empty() ? r.blocked_by : r.blocking_set;
                QStringList names;
                for (const std::string& id : stops) names << QString::fromStdString(s.labelOf(id));
                if (!names.isEmpty())
                    reasons << QObject::tr("%1: every line blocked by %2")
                                   .arg(QString::fromStdString(s.labelOf(s.models[o].id)), names.join(QStringLiteral(", ")));
            }
            if (veil) continue;  // (fog of war asks only whether it is seen: no cover, no 13.09)
            for (const std::string& reason : r.reasons) {
                const QString text = QString::fromStdString(reason);
                if (!reasons.contains(text)) reasons << text;
            }
        }
        // (A map's undecided cell: hidden ones are drawn grey as "undecided", visible ones as
        // seen, not fully: said as such, then why, then what the full ruling made here says.)
        const bool unsure = cell.undecided && !veil;
        const QString verdict = veil ? (cell.verdict == analysis::Verdict::Hidden ? QObject::tr("not seen by the side")
                                                                                 : QObject::tr("seen"))
                                : cell.verdict == analysis::Verdict::FullyVisible ? QObject::tr("fully visible")
                                : cell.verdict == analysis::Verdict::Visible      ? (unsure ? QObject::tr("visible") : QObject::tr("visible, not fully"))
                                : unsure                                          ? QObject::tr("undecided")
                                                                                  : QObject::tr("hidden");
        QString who;
        if (!seerId.empty()) who = QObject::tr(" to %1").arg(QString::fromStdString(s.labelOf(seerId)));
        const QString full = fully                ? QObject::tr("fully visible")
                             : seen && fullyOpen  ? QObject::tr("visible, and whether fully visible is undecided there too")
                             : seen               ? QObject::tr("visible, not fully")
                             : seenOpen           ? QObject::tr("undecided there too")
                                                  : QObject::tr("not visible");
        const QString why =
            !unsure ? QString()
            : cell.verdict == analysis::Verdict::Hidden
                ? QObject::tr(": the map's proof for this cell stopped at or near a knife edge before it found a sight line or showed "
                              "that none exists. Ruled in full, a model here is %1")
                      .arg(full)
                : QObject::tr("; whether fully visible, the map leaves undecided: its proof for this cell stopped at or near a knife "
                              "edge. Ruled in full, a model here is %1")
                      .arg(full);
        e.text = QObject::tr("At %1: %2%3%4%5.").arg(where, verdict, who, cell.cover && !veil ? QObject::tr(", in cover") : QString(), why);
        {
            // (13.09's two lines on a cell seen read as two answers, "hidden" then "it can see
            // it": said as one, the rule that does not apply and why.)
            const QString hiddenIf = QStringLiteral("13.09 hidden: "), hiddenBut = QStringLiteral("13.09 hidden, but ");
            const auto condition = std::ranges::find_if(reasons, [&](const QString& r) { return r.startsWith(hiddenIf); });
            if (condition != reasons.end() && std::ranges::count_if(reasons, [&](const QString& r) { return r.startsWith(hiddenBut); }) == 1) {
                const auto but = std::ranges::find_if(reasons, [&](const QString& r) { return r.startsWith(hiddenBut); });
                *condition = QObject::tr("13.09 hidden does not apply: %1, but %2").arg(condition->mid(hiddenIf.size()), but->mid(hiddenBut.size()));
                reasons.erase(but);
            }
        }
        if (!reasons.isEmpty()) e.text += QStringLiteral("\n") + reasons.join(QStringLiteral("\n"));
        // (Fully visible in the map where the full ruling's search stops short of a proof
        // either way: the map's is a proof in the plane, said as such. The full ruling takes
        // the plane's proof too, from a view made for the pair; the map's views keep the
        // bands found open for the cells after, which may settle what a fresh view leaves open.)
        if (!veil && !cell.undecided && cell.verdict == analysis::Verdict::FullyVisible && !fully && fullyOpen)
            e.text += QStringLiteral("\n") +
                      QObject::tr("The map's \"fully visible\" rests on its own proof that every point of this base is reached "
                                  "by a band of the sight line's width%1. The full ruling's search, and its own look in the plane, "
                                  "stop at this knife edge without a proof either way, and so count the model not fully visible.")
                          .arg(seerId.empty() ? QString() : QObject::tr(" from %1").arg(QString::fromStdString(s.labelOf(seerId))));
        // The cover that model gives, where the cell is out of cover: another sees it with
        // none (the map's cover is cover against every model that sees it), its line drawn.
        if (!veil && coverFromSeer && !cell.cover && cell.verdict != analysis::Verdict::Hidden)
            for (const std::string& id : otherIds) {
                const int o = static_cast<int>(std::find_if(s.models.begin(), s.models.end(), [&](const Model& m) { return m.id == id; }) -
                                               s.models.begin());
                if (o >= target) continue;
                const PairResult r = rulings.evaluate(o, target, Method::Exact, Detail::Decisions);
                if (!r.visible || r.cover.value_or(true)) continue;
                e.text += QStringLiteral("\n") + QObject::tr("Out of cover all the same: %1 sees it with no cover.")
                                                      .arg(QString::fromStdString(s.labelOf(id)));
                if (r.witness) e.lines.push_back({*r.witness, true});
                break;
            }
        return e;
    }));
}

void AnalysisPanel::explanationReady() {
    explaining_ = false;
    const Explained e = explainWatcher_.result();
    // (Worked out on a table edited since: dropped.)
    if ((map_ || exposure_) && editsExplained_ == edits_ && epochExplained_ == choiceEpoch_ && !stale()) {
        setExplanation(e.text);
        keepExplanationInView();
        board_->setMapLines(e.lines, e.bases, e.cell);
        emit explained();
    }
    if (explainPending_) startExplaining();
}

bool AnalysisPanel::exportCsv(const QString& path, QString* error) const {
    if (!map_ && !exposure_ && !hiding_) {  // (lanes have no cells)
        if (error) *error = tr("No map with cells to export: work out a vision, exposure or hiding-spots map first.");
        return false;
    }
    if (stale()) {
        if (error)
            *error = tr("The map shown was worked out on the table before its last edits: export its cells once it is "
                        "worked out again (or press %1).").arg(compute_->text());
        return false;
    }
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text)) {
        if (error) *error = tr("%1: cannot write: %2").arg(path, file.errorString());
        return false;
    }
    std::string text;
    if (map_) {
        text = analysis::visionCsv(*map_, document_->scenario());
    } else if (exposure_) {
        text = analysis::exposureCsv(*exposure_);
    } else {
        text = analysis::hidingCsv(*hiding_);
    }
    const QByteArray bytes = QByteArray::fromStdString(text);
    if (file.write(bytes) != bytes.size()) {
        if (error) *error = tr("%1: cannot write: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

}  // namespace sl::gui
