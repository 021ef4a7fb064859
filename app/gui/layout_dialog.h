// File > New from Official Layout: the layouts shipped with Sightline, searchable, with a
// picture of the table picked.
#pragma once

#include "kernel/types.h"

#include <QDialog>

#include <optional>

class QLabel;
class QLineEdit;
class QListWidget;

namespace sl::gui {

class LayoutDialog : public QDialog {
    Q_OBJECT
public:
    explicit LayoutDialog(QWidget* parent = nullptr);

    // The folder of the shipped layouts (built into the program).
    static QString layoutsFolder();

    std::optional<Scenario> chosen() const;
    QLineEdit* searchBox() const { return search_; }
    QListWidget* list() const { return list_; }
    QLabel* preview() const { return preview_; }

private:
    void refill();
    void showPreview();

    QLineEdit* search_;
    QListWidget* list_;
    QLabel* preview_;
    std::vector<std::pair<QString, QString>> layouts_;  // name, file; read once
};

}  // namespace sl::gui
