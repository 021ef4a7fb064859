// Reading the 40kdc-data dataset from its .tgz, folder, bundle or JSON, and making the
// base catalog from its units.
#include "kdc_data.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>

#include <algorithm>
#include <cmath>

namespace sl::kdc {
namespace {

// The bundle holds the dataset as a JS string literal: const JSON_TEXT = "...";
std::optional<QJsonObject> fromBundle(const QByteArray& js, QString* error) {
    const QByteArray marker = "JSON_TEXT = \"";
    const qsizetype start = js.indexOf(marker);
    if (start < 0) {
        *error = QStringLiteral("no JSON_TEXT in the bundle: not a 40kdc-data bundle, or a version this does not know");
        return std::nullopt;
    }
    qsizetype i = start + marker.size() - 1, end = -1;
    for (qsizetype k = i + 1; k < js.size(); ++k) {
        if (js[k] == '\\') ++k;
        else if (js[k] == '"') {
            end = k;
            break;
        }
    }
    if (end < 0) {
        *error = QStringLiteral("the bundle's JSON_TEXT string does not end");
        return std::nullopt;
    }
    // The literal is a JSON string: parse it inside an array, then its text.
    const QJsonDocument wrapped = QJsonDocument::fromJson("[" + js.mid(i, end - i + 1) + "]");
    if (!wrapped.isArray() || !wrapped.array().at(0).isString()) {
        *error = QStringLiteral("the bundle's JSON_TEXT is not a string this can read");
        return std::nullopt;
    }
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(wrapped.array().at(0).toString().toUtf8(), &pe);
    if (!doc.isObject()) {
        *error = QStringLiteral("the bundle's dataset is not valid JSON: %1").arg(pe.errorString());
        return std::nullopt;
    }
    return doc.object();
}

std::optional<QJsonObject> fromFile(const QString& path, QString* error) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: cannot open: %2").arg(path, f.errorString());
        return std::nullopt;
    }
    auto r = datasetFromBytes(f.readAll(), path.endsWith(QLatin1String(".js")), error);
    if (!r) *error = path + QStringLiteral(": ") + *error;
    return r;
}

std::optional<QJsonObject> fromFolder(const QString& dir, QString* error) {
    for (const char* rel : {"dist/data/bundle.generated.js", "package/dist/data/bundle.generated.js"}) {
        const QString path = QDir(dir).filePath(QLatin1String(rel));
        if (QFileInfo::exists(path)) return fromFile(path, error);
    }
    *error = QStringLiteral("%1: no dist/data/bundle.generated.js in it: not the 40kdc-data package").arg(dir);
    return std::nullopt;
}

QString number(double v) { return QString::number(v, 'g', 6); }

}  // namespace

bool sizedBase(const Base& base) {
    return base.length_mm > 0 && base.width_mm > 0 && base.length_mm <= kLargestBaseMm && base.width_mm <= kLargestBaseMm;
}

std::optional<QJsonObject> datasetFromBytes(const QByteArray& bytes, bool bundle, QString* error) {
    if (bundle) return fromBundle(bytes, error);
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &pe);
    if (!doc.isObject()) {
        *error = QStringLiteral("not a JSON object: %1").arg(pe.errorString());
        return std::nullopt;
    }
    return doc.object();
}

std::optional<QJsonObject> loadDataset(const QString& source, QString* error) {
    QString why;
    std::optional<QJsonObject> out;
    const QFileInfo info(source);
    if (!info.exists()) why = QStringLiteral("%1: no such file or folder").arg(source);
    else if (info.isDir()) out = fromFolder(source, &why);
    else if (source.endsWith(QLatin1String(".tgz")) || source.endsWith(QLatin1String(".tar.gz"))) {
        QTemporaryDir tmp;
        QProcess tar;
        tar.start(QStringLiteral("tar"), {QStringLiteral("-xzf"), info.absoluteFilePath(), QStringLiteral("-C"), tmp.path()});
        if (!tar.waitForFinished(120000) || tar.exitStatus() != QProcess::NormalExit || tar.exitCode() != 0)
            why = QStringLiteral("%1: cannot unpack: %2").arg(source, QString::fromLocal8Bit(tar.readAllStandardError()).trimmed());
        else
            out = fromFolder(tmp.path(), &why);
        if (!out && why.contains(tmp.path())) why = QStringLiteral("%1: no dist/data/bundle.generated.js in the archive").arg(source);
    } else {
        out = fromFile(source, &why);
    }
    if (out && !out->contains(QLatin1String("units"))) {
        why = QStringLiteral("%1: the dataset has no \"units\"").arg(source);
        out.reset();
    }
    if (!out && error) *error = why;
    return out;
}

const QStringList& rulingKeywords() {
    static const QStringList list{QStringLiteral("INFANTRY"), QStringLiteral("BEASTS"),  QStringLiteral("SWARM"),
                                  QStringLiteral("MOUNTED"),  QStringLiteral("VEHICLE"), QStringLiteral("MONSTER"),
                                  QStringLiteral("TOWERING"), QStringLiteral("AIRCRAFT")};
    return list;
}

std::vector<CatalogEntry> catalogFrom(const QJsonObject& dataset, QStringList* skipped) {
    std::map<QString, QJsonObject> hulls;
    for (const QJsonValue& h : dataset.value(QLatin1String("hullShapes")).toArray())
        hulls[h.toObject().value(QLatin1String("id")).toString()] = h.toObject();
    std::vector<CatalogEntry> out;
    for (const QJsonValue& v : dataset.value(QLatin1String("units")).toArray()) {
        const QJsonObject u = v.toObject();
        CatalogEntry e;
        e.id = u.value(QLatin1String("id")).toString();
        e.name = u.value(QLatin1String("name")).toString();
        e.faction = u.value(QLatin1String("faction_id")).toString();
        for (const QJsonValue& k : u.value(QLatin1String("keywords")).toArray()) {
            const QString word = k.toString().trimmed().toUpper();
            if (rulingKeywords().contains(word) && std::find(e.keywords.begin(), e.keywords.end(), word.toStdString()) == e.keywords.end())
                e.keywords.push_back(word.toStdString());
        }
        const QJsonObject b = u.value(QLatin1String("base_size_mm")).toObject();
        const QString shape = b.value(QLatin1String("shape")).toString();
        const double d = b.value(QLatin1String("diameter")).toDouble();
        const double w = b.value(QLatin1String("width")).toDouble(), l = b.value(QLatin1String("length")).toDouble();
        auto skip = [&](const QString& why) {
            if (skipped) *skipped << QStringLiteral("%1 (%2): %3").arg(e.id, e.name, why);
        };
        if (b.isEmpty()) {
            skip(QStringLiteral("no base size in the dataset"));
            continue;
        }
        if (shape == QLatin1String("round") && d > 0) {
            e.base = {BaseShape::Circle, d, d};
        } else if ((shape == QLatin1String("oval") || shape == QLatin1String("flying-base")) && w > 0 && l > 0) {
            // Our oval's length is its longer axis, whichever the dataset calls width.
            e.base = {BaseShape::Oval, std::max(w, l), std::min(w, l)};
            e.approximate = shape != QLatin1String("oval");
        } else if (shape == QLatin1String("hull") && (hulls.count(u.value(QLatin1String("hull_shape_id")).toString()) || hulls.count(e.id))) {
            // A hull as the rectangle around its outline.
            double minX = 1e300, maxX = -1e300, minY = 1e300, maxY = -1e300;
            const QString hullId = hulls.count(e.id) ? e.id : u.value(QLatin1String("hull_shape_id")).toString();
            for (const QJsonValue& p : hulls[hullId].value(QLatin1String("points")).toArray()) {
                minX = std::min(minX, p.toObject().value(QLatin1String("x")).toDouble());
                maxX = std::max(maxX, p.toObject().value(QLatin1String("x")).toDouble());
                minY = std::min(minY, p.toObject().value(QLatin1String("y")).toDouble());
                maxY = std::max(maxY, p.toObject().value(QLatin1String("y")).toDouble());
            }
            const double a = (maxX - minX) * kMmPerInch, c = (maxY - minY) * kMmPerInch;
            if (!(a > 0 && c > 0)) {
                skip(QStringLiteral("its hull outline has no area"));
                continue;
            }
            e.base = {BaseShape::Rect, std::round(std::max(a, c) * 10) / 10, std::round(std::min(a, c) * 10) / 10};
            e.approximate = true;
        } else {
            skip(QStringLiteral("%1 base without a size").arg(shape.isEmpty() ? QStringLiteral("unknown") : shape));
            continue;
        }
        if (e.id.isEmpty()) {
            skip(QStringLiteral("no id"));
            continue;
        }
        if (!sizedBase(e.base)) {
            skip(QStringLiteral("a base of %1 by %2 mm: not above 0 and at most %3 mm")
                     .arg(e.base.length_mm)
                     .arg(e.base.width_mm)
                     .arg(kLargestBaseMm));
            continue;
        }
        out.push_back(e);
    }
    std::sort(out.begin(), out.end(), [](const CatalogEntry& a, const CatalogEntry& b) {
        return std::tie(a.faction, a.name, a.id) < std::tie(b.faction, b.name, b.id);
    });
    return out;
}

QByteArray writeCatalog(const std::vector<CatalogEntry>& entries) {
    // One unit per line, so that a change of the dataset reads as a small diff.
    QByteArray out = "{\n  \"format\": \"sightline-base-catalog\",\n  \"version\": 1,\n  \"attribution\": ";
    out += QJsonDocument(QJsonArray{QString::fromLatin1(kAttribution)}).toJson(QJsonDocument::Compact).mid(1).chopped(1);
    out += ",\n  \"units\": [\n";
    for (size_t i = 0; i < entries.size(); ++i) {
        const CatalogEntry& e = entries[i];
        QJsonObject o{{QStringLiteral("id"), e.id}, {QStringLiteral("name"), e.name}, {QStringLiteral("faction"), e.faction}};
        o[QStringLiteral("shape")] = e.base.shape == BaseShape::Circle ? QStringLiteral("circle")
                                     : e.base.shape == BaseShape::Oval ? QStringLiteral("oval")
                                                                       : QStringLiteral("rect");
        if (e.base.shape == BaseShape::Circle) o[QStringLiteral("diameter_mm")] = e.base.length_mm;
        else {
            o[QStringLiteral("length_mm")] = e.base.length_mm;
            o[QStringLiteral("width_mm")] = e.base.width_mm;
        }
        if (e.approximate) o[QStringLiteral("approximate")] = true;
        if (!e.keywords.empty()) {
            QJsonArray words;
            for (const auto& k : e.keywords) words.append(QString::fromStdString(k));
            o[QStringLiteral("keywords")] = words;
        }
        out += "    " + QJsonDocument(o).toJson(QJsonDocument::Compact) + (i + 1 < entries.size() ? ",\n" : "\n");
    }
    out += "  ]\n}\n";
    return out;
}

std::optional<std::vector<CatalogEntry>> readCatalog(const QByteArray& bytes, QString* error) {
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &pe);
    if (!doc.isObject() || doc.object().value(QLatin1String("format")).toString() != QLatin1String("sightline-base-catalog")) {
        if (error) *error = doc.isObject() ? QStringLiteral("not a base catalog") : pe.errorString();
        return std::nullopt;
    }
    std::vector<CatalogEntry> out;
    for (const QJsonValue& v : doc.object().value(QLatin1String("units")).toArray()) {
        const QJsonObject o = v.toObject();
        CatalogEntry e;
        e.id = o.value(QLatin1String("id")).toString();
        e.name = o.value(QLatin1String("name")).toString();
        e.faction = o.value(QLatin1String("faction")).toString();
        const QString shape = o.value(QLatin1String("shape")).toString();
        if (shape == QLatin1String("circle")) {
            const double d = o.value(QLatin1String("diameter_mm")).toDouble();
            e.base = {BaseShape::Circle, d, d};
        } else {
            e.base = {shape == QLatin1String("oval") ? BaseShape::Oval : BaseShape::Rect,
                      o.value(QLatin1String("length_mm")).toDouble(), o.value(QLatin1String("width_mm")).toDouble()};
        }
        e.approximate = o.value(QLatin1String("approximate")).toBool();
        for (const QJsonValue& k : o.value(QLatin1String("keywords")).toArray()) e.keywords.push_back(k.toString().toStdString());
        if (e.id.isEmpty() || !sizedBase(e.base)) {
            if (error)
                *error = QStringLiteral("units[%1]: needs an id and a base size above 0 and at most %2 mm").arg(out.size()).arg(kLargestBaseMm);
            return std::nullopt;
        }
        out.push_back(e);
    }
    return out;
}

const std::vector<CatalogEntry>& builtInCatalog() {
    static const std::vector<CatalogEntry> catalog = [] {
        QFile f(QStringLiteral(":/catalog/bases.json"));
        if (!f.open(QIODevice::ReadOnly)) return std::vector<CatalogEntry>{};
        return readCatalog(f.readAll(), nullptr).value_or(std::vector<CatalogEntry>{});
    }();
    return catalog;
}

std::vector<CatalogEntry> search(const std::vector<CatalogEntry>& entries, const QString& text) {
    const QStringList words = text.toLower().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    const QString wanted = words.join(QLatin1Char(' '));
    // Best first: the name itself, a name that starts with the words, every word in the
    // name, then the rest (faction or id matches); the catalog's order within each.
    auto rank = [&](const CatalogEntry& e) {
        const QString name = e.name.toLower().simplified();
        if (name == wanted) return 0;
        if (name.startsWith(wanted)) return 1;
        if (std::all_of(words.begin(), words.end(), [&](const QString& w) { return name.contains(w); })) return 2;
        return 3;
    };
    std::vector<std::pair<int, CatalogEntry>> found;
    for (const CatalogEntry& e : entries) {
        const QString hay = (e.name + QLatin1Char(' ') + e.id + QLatin1Char(' ') + e.faction).toLower();
        if (std::all_of(words.begin(), words.end(), [&](const QString& w) { return hay.contains(w); }))
            found.emplace_back(words.isEmpty() ? 0 : rank(e), e);
    }
    std::stable_sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<CatalogEntry> out;
    out.reserve(found.size());
    for (auto& [r, e] : found) out.push_back(std::move(e));
    return out;
}

QString baseLabel(const CatalogEntry& e) {
    QString label = e.base.shape == BaseShape::Circle
                        ? QStringLiteral("%1 mm").arg(number(e.base.length_mm))
                        : QStringLiteral("%1x%2 mm %3")
                              .arg(number(e.base.length_mm), number(e.base.width_mm),
                                   e.base.shape == BaseShape::Oval ? QStringLiteral("oval") : QStringLiteral("rect"));
    if (e.approximate) label += QStringLiteral(" (approximate)");
    return label;
}

}  // namespace sl::kdc
