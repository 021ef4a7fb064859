// The inspector dock: the selected model's or piece's fields, each checked as a file
// would be before it is applied as an undo step.
#include "inspector.h"

#include "kernel/polygon.h"
#include "los/scene.h"

#include <algorithm>

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace sl::gui {
namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

QString joined(const std::vector<std::string>& list) {
    QStringList out;
    for (const auto& s : list) out << q(s);
    return out.join(QStringLiteral(", "));
}

std::vector<std::string> split(const QString& text) {
    std::vector<std::string> out;
    for (const QString& part : text.split(QLatin1Char(','), Qt::SkipEmptyParts))
        if (!part.trimmed().isEmpty()) out.push_back(part.trimmed().toStdString());
    return out;
}

QString number(double v) { return QString::number(v, 'g', 10); }

// A number typed into a field, or a message naming the field.
bool parseNumber(const QString& label, const QString& text, double* out, QString* why) {
    bool ok = false;
    const double v = text.trimmed().toDouble(&ok);
    if (!ok) {
        *why = QObject::tr("%1: \"%2\" is not a number").arg(label, text);
        return false;
    }
    *out = v;
    return true;
}

const char* kCategories[] = {"", "exposed", "light", "dense"};

}  // namespace

Inspector::Inspector(ScenarioDocument* document, QWidget* parent)
    : QWidget(parent), document_(document), pages_(new QStackedWidget(this)), summary_(new QLabel(this)),
      message_(new QLabel(this)), note_(new QLabel(this)) {
    // A refusal is about the edit tried: any edit made since (here, on the board, undone)
    // takes it away.
    connect(document_, &ScenarioDocument::changed, message_, &QLabel::clear);
    summary_->setWordWrap(true);
    summary_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    summary_->setMargin(6);
    pages_->addWidget(summary_);

    QStringList bases;
    for (const auto& b : edits::basePalette()) bases << b.label;
    auto* model = new QWidget(pages_);
    auto* mf = new QFormLayout(model);
    addLine(mf, QStringLiteral("model.id"), tr("Id"));
    addLine(mf, QStringLiteral("model.name"), tr("Name"));
    addLine(mf, QStringLiteral("model.side"), tr("Side"));
    addLine(mf, QStringLiteral("model.unit"), tr("Unit"));
    addLine(mf, QStringLiteral("model.x"), tr("X (\")"));
    addLine(mf, QStringLiteral("model.y"), tr("Y (\")"));
    addCombo(mf, QStringLiteral("model.base"), tr("Base"), bases);
    addLine(mf, QStringLiteral("model.height"), tr("Height (\")"));
    addLine(mf, QStringLiteral("model.elevation"), tr("Elevation (\")"));
    addLine(mf, QStringLiteral("model.rotation"), tr("Rotation (°)"));
    addLine(mf, QStringLiteral("model.keywords"), tr("Keywords"));
    addLine(mf, QStringLiteral("model.senses"), tr("Senses"));
    field(QStringLiteral("model.senses"))->setToolTip(tr("Light and senses (true-los): darkvision=6 blindsight=2 tremorsense=6 "
                                                         "telepathy=12 (inches, base to base), flying, mindless, invisible"));
    if (auto* e = qobject_cast<QLineEdit*>(field(QStringLiteral("model.senses")))) e->setPlaceholderText(tr("e.g. darkvision=6 flying"));
    pages_->addWidget(model);

    auto* terrain = new QWidget(pages_);
    auto* tf = new QFormLayout(terrain);
    addLine(tf, QStringLiteral("terrain.id"), tr("Id"));
    addLine(tf, QStringLiteral("terrain.name"), tr("Name"));
    addCombo(tf, QStringLiteral("terrain.kind"), tr("Kind"), {tr("feature"), tr("area")});
    addCombo(tf, QStringLiteral("terrain.category"), tr("Category"), {tr("none"), tr("exposed"), tr("light"), tr("dense")});
    addLine(tf, QStringLiteral("terrain.height"), tr("Height (\")"));
    addLine(tf, QStringLiteral("terrain.bottom"), tr("Bottom (\")"));
    field(QStringLiteral("terrain.bottom"))->setToolTip(tr("A floor, a walkway: the feature stands from here to its height, "
                                                          "with open space below (0: on the table)"));
    addLine(tf, QStringLiteral("terrain.openings"), tr("Openings (\")"));
    field(QStringLiteral("terrain.openings"))->setToolTip(tr("The height ranges of the feature's openings (windows, doors), "
                                                            "one per opening: 2-3, 0-2.5"));
    {
        auto* row = new QWidget(terrain);
        auto* buttons = new QHBoxLayout(row);
        buttons->setContentsMargins(0, 0, 0, 0);
        auto* add = new QPushButton(tr("Add opening"), row);
        add->setObjectName(QStringLiteral("terrain.add-opening"));
        add->setToolTip(tr("A gap through the feature at its middle, 1\" wide, across its thickness"));
        auto* remove = new QPushButton(tr("Remove last"), row);
        remove->setObjectName(QStringLiteral("terrain.remove-opening"));
        buttons->addWidget(add);
        buttons->addWidget(remove);
        buttons->addStretch(1);
        tf->addRow(QString(), row);
        fields_[add->objectName()] = add;
        fields_[remove->objectName()] = remove;
        connect(add, &QPushButton::clicked, this, [this] { addOpening(); });
        connect(remove, &QPushButton::clicked, this, [this] { removeOpening(); });
    }
    addLine(tf, QStringLiteral("terrain.area"), tr("In area"));
    addLine(tf, QStringLiteral("terrain.tags"), tr("Keywords"));
    addLine(tf, QStringLiteral("terrain.x"), tr("Centre X (\")"));
    addLine(tf, QStringLiteral("terrain.y"), tr("Centre Y (\")"));
    pages_->addWidget(terrain);

    auto* zone = new QWidget(pages_);
    auto* zf = new QFormLayout(zone);
    addLine(zf, QStringLiteral("zone.id"), tr("Id"));
    auto* kind = addCombo(zf, QStringLiteral("zone.kind"), tr("Kind"), {QStringLiteral("deployment"), QStringLiteral("objective")});
    kind->setEditable(true);  // free text in the file; these two are known
    addLine(zf, QStringLiteral("zone.side"), tr("Side"));
    addLine(zf, QStringLiteral("zone.x"), tr("Centre X (\")"));
    addLine(zf, QStringLiteral("zone.y"), tr("Centre Y (\")"));
    addLine(zf, QStringLiteral("zone.radius"), tr("Radius (\")"));
    pages_->addWidget(zone);

    message_->setWordWrap(true);
    message_->setStyleSheet(QStringLiteral("color: #d62728"));
    message_->setMargin(6);
    message_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    message_->setMinimumHeight(message_->fontMetrics().lineSpacing() * 3 + 12);
    note_->setWordWrap(true);
    note_->setStyleSheet(QStringLiteral("color: #b35900"));
    note_->setMargin(6);
    note_->setObjectName(QStringLiteral("inspector-note"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    pages_->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    layout->addWidget(pages_);
    layout->addWidget(note_);
    layout->addWidget(message_);
    layout->addStretch(1);
    showSelection({});
}

QLineEdit* Inspector::addLine(QFormLayout* form, const QString& name, const QString& label) {
    auto* edit = new QLineEdit(form->parentWidget());
    edit->setObjectName(name);
    form->addRow(label, edit);
    fields_[name] = edit;
    connect(edit, &QLineEdit::editingFinished, this, [this, name] {
        if (refreshing_) return;
        commit(name);
    });
    connect(edit, &QLineEdit::returnPressed, this, &Inspector::finished);
    return edit;
}

QComboBox* Inspector::addCombo(QFormLayout* form, const QString& name, const QString& label, const QStringList& items) {
    auto* combo = new QComboBox(form->parentWidget());
    combo->setObjectName(name);
    combo->addItems(items);
    form->addRow(label, combo);
    fields_[name] = combo;
    connect(combo, &QComboBox::activated, this, [this, name] {
        if (refreshing_) return;
        commit(name);
    });
    return combo;
}

void Inspector::commit(const QString& name) {
    if (name.startsWith(QLatin1String("model."))) commitModel(name);
    else if (name.startsWith(QLatin1String("terrain."))) commitTerrain(name);
    else commitZone(name);
}

QWidget* Inspector::field(const QString& name) const {
    auto it = fields_.find(name);
    return it == fields_.end() ? nullptr : it->second;
}

QString Inspector::standingNote() const { return note_->isHidden() ? QString() : note_->text(); }

QString Inspector::message() const { return message_->text(); }

void Inspector::showSelection(const edits::Selection& selection) {
    // A refusal is about what was selected: another selection starts clean.
    if (!(selection == selection_)) message_->clear();
    selection_ = selection;
    refresh();
}

void Inspector::refresh() {
    refreshing_ = true;
    const Scenario& s = document_->scenario();
    auto line = [this](const char* name, const QString& text) {
        auto* edit = static_cast<QLineEdit*>(field(QLatin1String(name)));
        if (!edit->hasFocus() || edit->text() != text) edit->setText(text);
        edit->setCursorPosition(0);
    };
    const size_t count = selection_.size();
    note_->clear();
    note_->hide();
    if (count == 1 && !selection_.models.empty()) {
        const Model& m = s.models[selection_.models[0]];
        line("model.id", q(m.id));
        line("model.name", q(m.name));
        line("model.side", q(m.side));
        line("model.unit", q(m.unit));
        line("model.x", number(m.position.x));
        line("model.y", number(m.position.y));
        for (const edits::Overlap& o : edits::overlaps(s))
            if (o.model == selection_.models[0]) {
                std::vector<std::string> labels;  // (as the board names them)
                for (const std::string& id : o.with) labels.push_back(s.labelOf(id));
                note_->setText(tr("Overlaps %1: a real model could not stand here.").arg(joined(labels)));
                note_->show();
            }
        auto* base = static_cast<QComboBox*>(field(QStringLiteral("model.base")));
        const auto palette = edits::basePalette();
        int index = -1;
        for (int i = 0; i < static_cast<int>(palette.size()); ++i)
            if (palette[i].base.shape == m.base.shape && palette[i].base.length_mm == m.base.length_mm &&
                palette[i].base.width_mm == m.base.width_mm)
                index = i;
        while (base->count() > static_cast<int>(palette.size())) base->removeItem(base->count() - 1);
        if (index < 0) {
            base->addItem(tr("%1x%2 mm (from the file)").arg(m.base.length_mm).arg(m.base.width_mm));
            index = base->count() - 1;
        }
        base->setCurrentIndex(index);
        line("model.height", number(m.height));
        line("model.elevation", number(m.elevation));
        line("model.rotation", number(m.rotation_deg));
        field(QStringLiteral("model.rotation"))->setEnabled(m.base.shape != BaseShape::Circle);
        line("model.keywords", joined(m.keywords));
        line("model.senses", edits::sensesText(m.senses));
        pages_->setCurrentIndex(1);
    } else if (count == 1 && !selection_.terrain.empty()) {
        const TerrainPiece& t = s.terrain[selection_.terrain[0]];
        line("terrain.id", q(t.id));
        line("terrain.name", q(t.name));
        static_cast<QComboBox*>(field(QStringLiteral("terrain.kind")))->setCurrentIndex(t.kind == TerrainKind::Area);
        int category = 0;
        for (int i = 0; i < 4; ++i)
            if (t.category == kCategories[i]) category = i;
        static_cast<QComboBox*>(field(QStringLiteral("terrain.category")))->setCurrentIndex(category);
        line("terrain.height", number(t.height));
        line("terrain.bottom", number(t.bottom));
        QStringList ranges;
        for (const Opening& o : t.openings) ranges << QStringLiteral("%1-%2").arg(number(o.from), number(o.to));
        line("terrain.openings", ranges.join(QStringLiteral(", ")));
        const bool feature = t.kind == TerrainKind::Feature;
        for (const char* name : {"terrain.bottom", "terrain.openings", "terrain.add-opening"}) field(QLatin1String(name))->setEnabled(feature);
        field(QStringLiteral("terrain.remove-opening"))->setEnabled(!t.openings.empty());
        line("terrain.area", q(t.area));
        line("terrain.tags", joined(t.tags));
        const Vec2 c = edits::footprintCentre(t.footprint);
        line("terrain.x", number(c.x));
        line("terrain.y", number(c.y));
        pages_->setCurrentIndex(2);
    } else if (count == 1) {
        const Zone& z = s.zones[selection_.zones[0]];
        line("zone.id", q(z.id));
        static_cast<QComboBox*>(field(QStringLiteral("zone.kind")))->setEditText(q(z.kind));
        line("zone.side", q(z.side));
        const Vec2 c = edits::zoneCentre(z);
        line("zone.x", number(c.x));
        line("zone.y", number(c.y));
        line("zone.radius", number(z.radius));
        field(QStringLiteral("zone.radius"))->setEnabled(z.position.has_value());
        pages_->setCurrentIndex(3);
    } else {
        summary_->setText(count == 0 ? tr("Nothing selected.\n\nClick a model, a piece of terrain, an objective or a "
                                          "zone's edge to edit it here; drag on the empty table to select several.")
                                     : tr("%1 models, %2 pieces of terrain and %3 zones selected.\n\nDrag to move them "
                                          "together; Delete, Duplicate and Rotate are in the Edit menu.")
                                           .arg(selection_.models.size())
                                           .arg(selection_.terrain.size())
                                           .arg(selection_.zones.size()));
        pages_->setCurrentIndex(0);
    }
    refreshing_ = false;
}

bool Inspector::apply(const QString& text, const std::function<bool(Scenario&, QString*)>& change) {
    Scenario candidate = document_->scenario();
    QString why;
    if (change(candidate, &why)) {
        const QList<io::Problem> problems = edits::problemsOf(candidate);
        if (problems.isEmpty()) {
            message_->clear();
            document_->edit(text, [candidate](Scenario& s) { s = candidate; });
            return true;
        }
        // Name the item by its id rather than its place in the file: "container-n height".
        QString path = problems.front().path;
        static const QRegularExpression item(QStringLiteral("^(models|terrain|zones)\\[(\\d+)\\]\\.?"));
        if (const auto m = item.match(path); m.hasMatch()) {
            const int index = m.captured(2).toInt();
            const QString list = m.captured(1);
            const size_t count = list == QLatin1String("models")    ? candidate.models.size()
                                 : list == QLatin1String("terrain") ? candidate.terrain.size()
                                                                    : candidate.zones.size();
            if (index < static_cast<int>(count)) {
                const QString name = q(list == QLatin1String("models")    ? candidate.models[index].id
                                       : list == QLatin1String("terrain") ? candidate.terrain[index].id
                                                                          : candidate.zones[index].id);
                path = m.capturedLength() < path.size() ? tr("%1 %2").arg(name, path.mid(m.capturedLength())) : name;
            }
        }
        why = tr("%1: %2").arg(path, problems.front().message);
    }
    if (why.isEmpty()) {  // nothing changed
        refresh();
        return false;
    }
    message_->setText(tr("Refused. %1").arg(why));
    emit refused(message_->text());
    refresh();  // the field shows the value kept
    return false;
}

void Inspector::commitModel(const QString& name) {
    if (selection_.models.size() != 1 || !selection_.terrain.empty()) return;
    const int i = selection_.models[0];
    const QString value = qobject_cast<QLineEdit*>(field(name)) ? static_cast<QLineEdit*>(field(name))->text() : QString();
    const QString id = q(document_->scenario().models[i].id);
    apply(tr("Set %1 of %2").arg(name.mid(6), id), [&](Scenario& s, QString* why) {
        Model& m = s.models[i];
        const Model before = m;
        double v = 0;
        if (name == QLatin1String("model.id")) {
            const std::string old = m.id, now = value.trimmed().toStdString();
            if (now == old) return false;
            m.id = now;
            // A model alone in a unit named after it: the unit follows the id.
            const bool unitFollows = m.unit == old && std::none_of(s.models.begin(), s.models.end(), [&](const Model& other) {
                                         return &other != &m && other.unit == old;
                                     });
            if (unitFollows) m.unit = now;
            for (TableLight& l : s.lights)
                if (l.carried_by == old) l.carried_by = now;
            for (Query& qu : s.queries) {
                if (qu.observer == old) qu.observer = now;
                if (qu.target == old) qu.target = now;
                if (unitFollows && qu.attacker_unit == old) qu.attacker_unit = now;
                if (unitFollows && qu.target_unit == old) qu.target_unit = now;
            }
            return true;
        }
        if (name == QLatin1String("model.name")) m.name = value.trimmed().toStdString();
        else if (name == QLatin1String("model.side")) m.side = value.trimmed().toStdString();
        else if (name == QLatin1String("model.unit")) m.unit = value.trimmed().isEmpty() ? m.id : value.trimmed().toStdString();
        else if (name == QLatin1String("model.keywords")) m.keywords = split(value);
        else if (name == QLatin1String("model.senses")) {
            const std::optional<ModelSenses> senses = edits::parseSenses(value, why);
            if (!senses) return false;
            m.senses = *senses;
        }
        else if (name == QLatin1String("model.base")) {
            const int b = static_cast<QComboBox*>(field(name))->currentIndex();
            const auto palette = edits::basePalette();
            if (b < 0 || b >= static_cast<int>(palette.size())) return false;
            m.base = palette[b].base;
        } else if (name == QLatin1String("model.x") || name == QLatin1String("model.y")) {
            const bool x = name == QLatin1String("model.x");
            if (!parseNumber(x ? tr("X") : tr("Y"), value, &v, why)) return false;
            const double limit = x ? s.board.width : s.board.height;
            if (v < 0 || v > limit) {
                *why = tr("%1: %2\" is off the table (0 to %3\")").arg(x ? tr("X") : tr("Y"), value.trimmed()).arg(limit);
                return false;
            }
            (x ? m.position.x : m.position.y) = v;
        } else {
            const QString label = name == QLatin1String("model.height") ? tr("Height")
                                  : name == QLatin1String("model.elevation") ? tr("Elevation")
                                                                              : tr("Rotation");
            if (!parseNumber(label, value, &v, why)) return false;
            if (name == QLatin1String("model.height")) m.height = v;
            else if (name == QLatin1String("model.elevation")) m.elevation = v;
            else m.rotation_deg = v;
        }
        return m.name != before.name || m.side != before.side || m.unit != before.unit || m.keywords != before.keywords ||
               !(m.senses == before.senses) ||
               m.height != before.height || m.elevation != before.elevation || m.rotation_deg != before.rotation_deg ||
               m.position != before.position ||
               m.base.shape != before.base.shape || m.base.length_mm != before.base.length_mm ||
               m.base.width_mm != before.base.width_mm;
    });
}

void Inspector::commitTerrain(const QString& name) {
    if (selection_.terrain.size() != 1 || !selection_.models.empty()) return;
    const int i = selection_.terrain[0];
    const QString value = qobject_cast<QLineEdit*>(field(name)) ? static_cast<QLineEdit*>(field(name))->text() : QString();
    const QString id = q(document_->scenario().terrain[i].id);
    apply(tr("Set %1 of %2").arg(name.mid(8), id), [&](Scenario& s, QString* why) {
        TerrainPiece& t = s.terrain[i];
        if (name == QLatin1String("terrain.id")) {
            const std::string old = t.id, now = value.trimmed().toStdString();
            if (now == old) return false;
            t.id = now;
            for (TerrainPiece& other : s.terrain)
                if (other.area == old) other.area = now;
            return true;
        }
        if (name == QLatin1String("terrain.name")) {
            if (t.name == value.trimmed().toStdString()) return false;
            t.name = value.trimmed().toStdString();
        } else if (name == QLatin1String("terrain.kind")) {
            const auto kind = static_cast<QComboBox*>(field(name))->currentIndex() == 1 ? TerrainKind::Area : TerrainKind::Feature;
            if (kind == t.kind) return false;
            t.kind = kind;
            if (kind == TerrainKind::Feature && t.height <= 0) t.height = 3;
        } else if (name == QLatin1String("terrain.category")) {
            const std::string category = kCategories[std::clamp(static_cast<QComboBox*>(field(name))->currentIndex(), 0, 3)];
            if (category == t.category) return false;
            t.category = category;
        } else if (name == QLatin1String("terrain.height")) {
            double v = 0;
            if (!parseNumber(tr("Height"), value, &v, why)) return false;
            if (v == t.height) return false;
            t.height = v;
        } else if (name == QLatin1String("terrain.bottom")) {
            double v = 0;
            if (!parseNumber(tr("Bottom"), value, &v, why)) return false;
            if (v == t.bottom) return false;
            t.bottom = v;
        } else if (name == QLatin1String("terrain.openings")) {
            // One range per opening, in order ("2-3, 0-2.5"): their heights change, not
            // their places (Add opening, Remove last).
            const QStringList parts = value.split(QRegularExpression(QStringLiteral("[,;]")), Qt::SkipEmptyParts);
            if (parts.size() != static_cast<int>(t.openings.size())) {
                *why = tr("Openings: give one range per opening (%1 here), as from-to; Add opening and Remove last change how many")
                           .arg(t.openings.size());
                return false;
            }
            bool changed = false;
            for (int k = 0; k < parts.size(); ++k) {
                static const QRegularExpression range(QStringLiteral("^\\s*([-+0-9.eE]+)\\s*(?:-|to)\\s*([-+0-9.eE]+)\\s*\"?\\s*$"));
                const auto m = range.match(parts[k]);
                double from = 0, to = 0;
                if (!m.hasMatch() || !parseNumber(tr("Opening %1's from").arg(k + 1), m.captured(1), &from, why) ||
                    !parseNumber(tr("Opening %1's to").arg(k + 1), m.captured(2), &to, why)) {
                    if (why->isEmpty()) *why = tr("Openings: \"%1\" is not a range from-to").arg(parts[k].trimmed());
                    return false;
                }
                Opening& o = t.openings[static_cast<size_t>(k)];
                changed = changed || o.from != from || o.to != to;
                o.from = from;
                o.to = to;
            }
            return changed;
        } else if (name == QLatin1String("terrain.area")) {
            if (t.area == value.trimmed().toStdString()) return false;
            t.area = value.trimmed().toStdString();
        } else if (name == QLatin1String("terrain.tags")) {
            if (t.tags == split(value)) return false;
            t.tags = split(value);
        } else if (name == QLatin1String("terrain.x") || name == QLatin1String("terrain.y")) {
            double v = 0;
            const bool x = name == QLatin1String("terrain.x");
            if (!parseNumber(x ? tr("Centre X") : tr("Centre Y"), value, &v, why)) return false;
            const Vec2 c = edits::footprintCentre(t.footprint);
            const Vec2 by = x ? Vec2{v - c.x, 0} : Vec2{0, v - c.y};
            if (by.x == 0 && by.y == 0) return false;
            edits::translate(t.footprint, by);
        }
        return true;
    });
}

void Inspector::addOpening() {
    if (selection_.terrain.size() != 1 || !selection_.models.empty()) return;
    const int i = selection_.terrain[0];
    const QString id = q(document_->scenario().terrain[i].id);
    apply(tr("Add an opening to %1").arg(id), [&](Scenario& s, QString* why) {
        TerrainPiece& t = s.terrain[i];
        if (t.kind != TerrainKind::Feature) {
            *why = tr("only a feature has openings");
            return false;
        }
        // The footprint's part within a 1" square about its middle: across a thin wall, a
        // gap through its whole thickness; from 30% to 70% of its height (a window).
        const Vec2 c = edits::footprintCentre(t.footprint);
        const Ring square{c + Vec2{-0.5, -0.5}, c + Vec2{0.5, -0.5}, c + Vec2{0.5, 0.5}, c + Vec2{-0.5, 0.5}};
        Ring gap = clipToConvexRing(t.footprint.outer, square);
        if (gap.size() >= 3 && signedArea(gap) < 0) std::reverse(gap.begin(), gap.end());
        if (gap.size() < 3 || std::abs(signedArea(gap)) < 1e-6) {
            *why = tr("no part of the footprint at its middle to open: draw the opening in the file");
            return false;
        }
        t.openings.push_back(edits::newOpening(t, gap));
        return true;
    });
}

void Inspector::removeOpening() {
    if (selection_.terrain.size() != 1 || !selection_.models.empty()) return;
    const int i = selection_.terrain[0];
    const QString id = q(document_->scenario().terrain[i].id);
    apply(tr("Remove an opening of %1").arg(id), [&](Scenario& s, QString*) {
        TerrainPiece& t = s.terrain[i];
        if (t.openings.empty()) return false;
        t.openings.pop_back();
        return true;
    });
}

void Inspector::commitZone(const QString& name) {
    if (selection_.zones.size() != 1 || !selection_.models.empty() || !selection_.terrain.empty()) return;
    const int i = selection_.zones[0];
    QString value = qobject_cast<QLineEdit*>(field(name)) ? static_cast<QLineEdit*>(field(name))->text() : QString();
    if (name == QLatin1String("zone.kind")) value = static_cast<QComboBox*>(field(name))->currentText();
    const QString id = q(document_->scenario().zones[i].id);
    apply(tr("Set %1 of %2").arg(name.mid(5), id), [&](Scenario& s, QString* why) {
        Zone& z = s.zones[i];
        const std::string text = value.trimmed().toStdString();
        if (name == QLatin1String("zone.id")) {
            if (text == z.id) return false;
            z.id = text;
        } else if (name == QLatin1String("zone.kind")) {
            if (text == z.kind) return false;
            z.kind = text;
        } else if (name == QLatin1String("zone.side")) {
            if (text == z.side) return false;
            z.side = text;
        } else {
            double v = 0;
            const QString label = name == QLatin1String("zone.x") ? tr("Centre X") : name == QLatin1String("zone.y") ? tr("Centre Y") : tr("Radius");
            if (!parseNumber(label, value, &v, why)) return false;
            if (name == QLatin1String("zone.radius")) {
                if (v == z.radius) return false;
                z.radius = v;
            } else {
                const Vec2 c = edits::zoneCentre(z);
                const Vec2 by = name == QLatin1String("zone.x") ? Vec2{v - c.x, 0} : Vec2{0, v - c.y};
                if (by.x == 0 && by.y == 0) return false;
                for (Vec2& p : z.polygon) p = p + by;
                if (z.position) z.position = *z.position + by;
            }
        }
        return true;
    });
}

}  // namespace sl::gui
