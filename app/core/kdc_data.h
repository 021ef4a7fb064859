// The 40kdc-data dataset (npm package @alpaca-software/40kdc-data, data CC BY 4.0 by Alpaca
// Software and the 40kdc community contributors): reading it from the package's .tgz, its
// unpacked folder or a JSON file, and the base-size catalog made from its units.
#pragma once

#include "kernel/types.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace sl::kdc {

inline constexpr const char* kAttribution =
    "Powered by 40kdc-data (https://40kdc.alpacasoft.dev), CC BY 4.0, Alpaca Software and the 40kdc community "
    "contributors";

// The dataset's top-level object (units, terrainLayouts, ...). `source` is the package's
// .tgz (from `npm pack`), its unpacked folder, the bundle file, or a JSON file of the
// dataset; on failure, why.
std::optional<QJsonObject> loadDataset(const QString& source, QString* error);
// The dataset from a file's bytes: a JSON object, or the package's bundle (a JavaScript
// module holding it as a string) when `bundle`.
std::optional<QJsonObject> datasetFromBytes(const QByteArray& bytes, bool bundle, QString* error);

// One unit's base.
struct CatalogEntry {
    QString id;
    QString name;
    QString faction;
    Base base;
    bool approximate = false;  // mapped from a hull or flying base
    // The unit's keywords that rulings read (INFANTRY, TOWERING, AIRCRAFT, ...), upper case.
    std::vector<std::string> keywords;
};

// A base the catalog keeps: both sides above 0 and at most kLargestBaseMm (the dataset's
// largest are about 200 mm).
inline constexpr double kLargestBaseMm = 1000;
bool sizedBase(const Base& base);

// The keywords the game rulesets read; the catalog keeps only these.
const QStringList& rulingKeywords();

// The units' bases, sorted by faction then name. Units whose base cannot be sized from the
// dataset are left out, each named in `skipped` with the reason.
std::vector<CatalogEntry> catalogFrom(const QJsonObject& dataset, QStringList* skipped);

// The catalog file (JSON, with the attribution) and back.
QByteArray writeCatalog(const std::vector<CatalogEntry>& entries);
std::optional<std::vector<CatalogEntry>> readCatalog(const QByteArray& bytes, QString* error);

// The catalog shipped with Sightline (built into the program).
const std::vector<CatalogEntry>& builtInCatalog();

// Entries whose name, id or faction contain every word of `text` (case-insensitive), best
// first: the exact name, names starting with the words, names holding every word, the rest.
std::vector<CatalogEntry> search(const std::vector<CatalogEntry>& entries, const QString& text);

// "32 mm", "60x35.5 mm oval", "120x92 mm oval (approximate)".
QString baseLabel(const CatalogEntry& entry);

}  // namespace sl::kdc
