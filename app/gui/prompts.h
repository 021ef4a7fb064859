// What the window asks the person at the table: a file to save to or open, whether to
// save changes, and warnings. The window asks through one Prompts object, so that a test
// can answer in the person's place (and see what was asked) without a modal dialog.
#pragma once

#include <QMessageBox>
#include <QString>

class QWidget;

namespace sl::gui {

class Prompts {
public:
    virtual ~Prompts() = default;
    // A file name to save to, or empty when the person cancels. A name typed without an
    // extension gets the chosen filter's ("table" -> "table.sightline.json").
    virtual QString saveFileName(QWidget* parent, const QString& caption, const QString& start, const QString& filter);
    // A file to open, or empty when the person cancels.
    virtual QString openFileName(QWidget* parent, const QString& caption, const QString& start, const QString& filter);
    // Save, Discard or Cancel.
    virtual QMessageBox::StandardButton saveChanges(QWidget* parent, const QString& text);
    // A question with these buttons; the answer, or `preferred` when the person just presses Enter.
    virtual QMessageBox::StandardButton question(QWidget* parent, const QString& title, const QString& text,
                                                 QMessageBox::StandardButtons buttons, QMessageBox::StandardButton preferred);
    // Saving over one of the examples that come with Sightline: to a copy (the default),
    // over the example after all, or not at all.
    enum class ExampleSave { Copy, Overwrite, Cancel };
    virtual ExampleSave saveOverExample(QWidget* parent, const QString& text);
    virtual void warning(QWidget* parent, const QString& title, const QString& text);
    // A line of text, starting from `value`; empty and *ok false when cancelled.
    virtual QString text(QWidget* parent, const QString& title, const QString& label, const QString& value, bool* ok);
    virtual void information(QWidget* parent, const QString& title, const QString& text);
    // A number between `min` and `max`, starting from `value`; *ok false when cancelled.
    virtual double number(QWidget* parent, const QString& title, const QString& label, double value, double min,
                          double max, int decimals, bool* ok);
};

// The extension of a filter's first pattern, without its dot: "sightline.json" for
// "Scenarios (*.sightline.json)", "png" for "PNG image (*.png)"; empty when it has none.
QString suffixForFilter(const QString& filter);

}  // namespace sl::gui
