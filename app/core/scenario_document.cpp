// The open scenario document: applying edits as undo steps, merging a drag's moves, and
// its file (load, save, the clean state).
#include "scenario_document.h"

#include <QUndoCommand>

namespace sl {

// An edit kept as the scenario before and after it: scenarios are small, and a snapshot
// is right for every kind of change.
class SnapshotCommand : public QUndoCommand {
public:
    SnapshotCommand(ScenarioDocument* doc, const QString& text, Scenario before, Scenario after, int mergeKey)
        : QUndoCommand(text), doc_(doc), before_(std::move(before)), after_(std::move(after)), mergeKey_(mergeKey) {}

    void undo() override { doc_->replace(before_); }
    void redo() override { doc_->replace(after_); }
    int id() const override { return mergeKey_; }
    bool mergeWith(const QUndoCommand* other) override {
        after_ = static_cast<const SnapshotCommand*>(other)->after_;
        return true;
    }

private:
    ScenarioDocument* doc_;
    Scenario before_;
    Scenario after_;
    int mergeKey_;
};

ScenarioDocument::ScenarioDocument(QObject* parent) : QObject(parent) {
    scenario_.name = "Untitled";
}

bool ScenarioDocument::open(const QString& path, QList<io::Problem>* problems) {
    io::ReadResult r = io::readScenarioFile(path);
    if (problems) *problems = r.problems;
    if (!r.scenario) return false;
    scenario_ = std::move(*r.scenario);
    filePath_ = path;
    undoStack_.clear();
    emit changed();
    return true;
}

bool ScenarioDocument::save(QString* error) {
    if (filePath_.isEmpty()) {
        if (error) *error = QStringLiteral("the scenario has no file yet: save it as a new file");
        return false;
    }
    return saveAs(filePath_, error);
}

bool ScenarioDocument::saveAs(const QString& path, QString* error) {
    if (!io::saveScenarioFile(scenario_, path, error)) return false;
    filePath_ = path;
    undoStack_.setClean();
    return true;
}

void ScenarioDocument::edit(const QString& text, const std::function<void(Scenario&)>& change, int mergeKey) {
    Scenario after = scenario_;
    change(after);
    undoStack_.push(new SnapshotCommand(this, text, scenario_, std::move(after), mergeKey));
}

void ScenarioDocument::newDocument(const Scenario& s) {
    undoStack_.clear();
    scenario_ = s;
    filePath_.clear();
    undoStack_.setClean();
    emit changed();
}

void ScenarioDocument::newDocument() {
    Scenario s;
    s.name = "Untitled";
    newDocument(s);
}

void ScenarioDocument::adoptUnsaved(const Scenario& s, const QString& path) {
    undoStack_.clear();
    scenario_ = s;
    filePath_ = path;
    undoStack_.resetClean();
    emit changed();
}

void ScenarioDocument::replace(const Scenario& s) {
    scenario_ = s;
    emit changed();
}

}  // namespace sl
