// Add a unit from the base catalog: search by name or faction, choose how many models and
// their side; the models are placed by the window in a tidy block.
#pragma once

#include "kdc_data.h"

#include <QDialog>

#include <optional>

class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QListWidget;
class QSpinBox;

namespace sl::gui {

class CatalogDialog : public QDialog {
    Q_OBJECT
public:
    // The side last chosen is offered again (kept between runs).
    explicit CatalogDialog(QWidget* parent = nullptr);
    // The table's sides offered too (after blue and red), and `preferred` chosen where it is
    // not empty (the side of the deployment zone the unit will stand in).
    void offerSides(const QStringList& sides, const QString& preferred);

    std::optional<kdc::CatalogEntry> chosen() const;
    int count() const;
    QString side() const;
    double height() const;

    QLineEdit* searchBox() const { return search_; }
    QListWidget* results() const { return results_; }
    QSpinBox* countBox() const { return count_; }
    QComboBox* sideBox() const { return side_; }

    void accept() override;

protected:
    // Up and Down in the search box move through the results.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void refill();

    QLineEdit* search_;
    QListWidget* results_;
    QSpinBox* count_;
    QComboBox* side_;
    QDoubleSpinBox* height_;
    std::vector<kdc::CatalogEntry> shown_;
};

}  // namespace sl::gui
