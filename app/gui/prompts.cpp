// The window's questions as the standard file dialogs and message boxes.
#include "prompts.h"

#include <QFileDialog>
#include <QInputDialog>
#include <QPushButton>
#include <QRegularExpression>

namespace sl::gui {

QString suffixForFilter(const QString& filter) {
    static const QRegularExpression pattern(QStringLiteral(R"(\*\.([^\s;)]+))"));
    return pattern.match(filter).captured(1);
}

QString Prompts::saveFileName(QWidget* parent, const QString& caption, const QString& start, const QString& filter) {
    QFileDialog dialog(parent, caption, start, filter);
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    dialog.setDefaultSuffix(suffixForFilter(dialog.selectedNameFilter()));
    QObject::connect(&dialog, &QFileDialog::filterSelected, &dialog,
                     [&dialog](const QString& f) { dialog.setDefaultSuffix(suffixForFilter(f)); });
    if (dialog.exec() != QDialog::Accepted) return {};
    return dialog.selectedFiles().value(0);
}

QString Prompts::openFileName(QWidget* parent, const QString& caption, const QString& start, const QString& filter) {
    return QFileDialog::getOpenFileName(parent, caption, start, filter);
}

QMessageBox::StandardButton Prompts::saveChanges(QWidget* parent, const QString& text) {
    return QMessageBox::question(parent, QObject::tr("Unsaved changes"), text,
                                 QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
}

QMessageBox::StandardButton Prompts::question(QWidget* parent, const QString& title, const QString& text,
                                              QMessageBox::StandardButtons buttons, QMessageBox::StandardButton preferred) {
    return QMessageBox::question(parent, title, text, buttons, preferred);
}

Prompts::ExampleSave Prompts::saveOverExample(QWidget* parent, const QString& text) {
    QMessageBox box(QMessageBox::Question, QObject::tr("Save over an example?"), text, QMessageBox::NoButton, parent);
    QPushButton* copy = box.addButton(QObject::tr("Save a &Copy..."), QMessageBox::AcceptRole);
    QPushButton* over = box.addButton(QObject::tr("&Overwrite"), QMessageBox::DestructiveRole);
    box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(copy);
    box.exec();
    return box.clickedButton() == copy ? ExampleSave::Copy : box.clickedButton() == over ? ExampleSave::Overwrite : ExampleSave::Cancel;
}

void Prompts::warning(QWidget* parent, const QString& title, const QString& text) {
    QMessageBox::warning(parent, title, text);
}

QString Prompts::text(QWidget* parent, const QString& title, const QString& label, const QString& value, bool* ok) {
    return QInputDialog::getText(parent, title, label, QLineEdit::Normal, value, ok);
}

void Prompts::information(QWidget* parent, const QString& title, const QString& text) {
    QMessageBox::information(parent, title, text);
}

double Prompts::number(QWidget* parent, const QString& title, const QString& label, double value, double min, double max,
                       int decimals, bool* ok) {
    return QInputDialog::getDouble(parent, title, label, value, min, max, decimals, ok);
}

}  // namespace sl::gui
