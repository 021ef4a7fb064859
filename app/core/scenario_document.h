// The open scenario: the one way to change it, owner of its undo stack, and its file.
// Every edit is a named step on the undo stack; steps with the same merge key in a row
// (the moves of one drag) undo as one.
#pragma once

#include "kernel/types.h"
#include "scenario_io.h"

#include <QObject>
#include <QString>
#include <QUndoStack>

#include <functional>

namespace sl {

class ScenarioDocument : public QObject {
    Q_OBJECT
public:
    explicit ScenarioDocument(QObject* parent = nullptr);

    // Replaces the document with the file's scenario; on a problem nothing changes.
    bool open(const QString& path, QList<io::Problem>* problems);
    bool save(QString* error);
    bool saveAs(const QString& path, QString* error);

    const Scenario& scenario() const { return scenario_; }
    QString filePath() const { return filePath_; }
    bool isModified() const { return !undoStack_.isClean(); }
    QUndoStack* undoStack() { return &undoStack_; }

    // Applies `change` to a copy of the scenario as one undoable step named `text`.
    // A mergeKey >= 0 merges the step into the previous one with the same key.
    void edit(const QString& text, const std::function<void(Scenario&)>& change, int mergeKey = -1);

    // Starts a new, untitled document holding `s` (an empty table by default): no file, so
    // the first save asks for one; unmodified, with an empty undo history.
    void newDocument(const Scenario& s);
    void newDocument();

    // Takes `s` as the document, not yet saved to `path` (work recovered after a crash):
    // modified, with an empty undo history.
    void adoptUnsaved(const Scenario& s, const QString& path);

signals:
    void changed();

private:
    friend class SnapshotCommand;
    void replace(const Scenario& s);

    Scenario scenario_;
    QString filePath_;
    QUndoStack undoStack_;
};

}  // namespace sl
