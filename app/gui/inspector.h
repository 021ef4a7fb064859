// The inspector dock: the fields of the selected model, terrain piece or zone, edited in
// place.
// A value is checked before it is applied (a number must be one, and the table must stay a
// sound scenario file); a bad value is refused with a message saying why, and the field
// shows the value kept.
#pragma once

#include "scenario_document.h"
#include "scenario_edits.h"

#include <QWidget>

#include <functional>

class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QStackedWidget;

namespace sl::gui {

class Inspector : public QWidget {
    Q_OBJECT
public:
    explicit Inspector(ScenarioDocument* document, QWidget* parent = nullptr);

    // Shows the fields of a selection of one item, or a summary of several.
    void showSelection(const edits::Selection& selection);

    // The field editors, by name ("model.height", "terrain.category"...), for tests and
    // for focusing from elsewhere.
    QWidget* field(const QString& name) const;
    // The last message (a refusal), empty after a change is applied.
    QString message() const;
    // What is wrong with where the selected model stands (an overlap), empty when nothing is.
    QString standingNote() const;

signals:
    void refused(const QString& text);
    // Enter was pressed in a field: the edit is done (the window gives the board the keys).
    void finished();

private:
    QLineEdit* addLine(QFormLayout* form, const QString& name, const QString& label);
    QComboBox* addCombo(QFormLayout* form, const QString& name, const QString& label, const QStringList& items);
    void refresh();
    // Applies `change` as one step named `text` unless it leaves the table unsound; the
    // refusal names the problem.
    bool apply(const QString& text, const std::function<bool(Scenario&, QString*)>& change);
    void commit(const QString& name);
    void commitModel(const QString& name);
    void commitTerrain(const QString& name);
    void commitZone(const QString& name);
    // A gap through the selected feature at its middle (undoable), and the last one removed.
    void addOpening();
    void removeOpening();

    ScenarioDocument* document_;
    edits::Selection selection_;
    QStackedWidget* pages_;
    QLabel* summary_;
    QLabel* message_;
    QLabel* note_;  // what is wrong with where the selected model stands
    std::map<QString, QWidget*> fields_;
    bool refreshing_ = false;
};

}  // namespace sl::gui
