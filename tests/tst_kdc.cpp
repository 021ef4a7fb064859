// 40kdc-data: reading the dataset from a JSON file, a bundle and a .tgz; the base catalog
// made from its units (shapes, approximate entries, what is left out and why), its file
// format, the catalog built into the programs, and searching it.
#include "kdc_data.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace sl;

namespace {
const QString kUnits = QStringLiteral(SIGHTLINE_SOURCE_DIR "/tests/data/kdc-units.json");

const kdc::CatalogEntry* find(const std::vector<kdc::CatalogEntry>& list, const QString& id) {
    for (const auto& e : list)
        if (e.id == id) return &e;
    return nullptr;
}
}  // namespace

class TestKdc : public QObject {
    Q_OBJECT
private slots:
    void catalogFromUnits() {
        QString error;
        const auto dataset = kdc::loadDataset(kUnits, &error);
        QVERIFY2(dataset, qPrintable(error));
        QStringList skipped;
        const auto catalog = kdc::catalogFrom(*dataset, &skipped);
        const auto* round = find(catalog, QStringLiteral("intercessor-squad"));
        QVERIFY(round);
        QCOMPARE(round->base.shape, BaseShape::Circle);
        QCOMPARE(round->base.length_mm, 32.0);
        QVERIFY(!round->approximate);
        QCOMPARE(round->keywords, std::vector<std::string>{"INFANTRY"});  // only the keywords rulings read
        // The dataset's "width 120, length 92" oval: our length is the longer axis.
        const auto* oval = find(catalog, QStringLiteral("triumph-of-saint-katherine"));
        QVERIFY(oval);
        QCOMPARE(oval->base.shape, BaseShape::Oval);
        QCOMPARE(oval->base.length_mm, 120.0);
        QCOMPARE(oval->base.width_mm, 92.0);
        // A large flying base becomes its oval, marked approximate.
        const auto* flyer = find(catalog, QStringLiteral("falcon"));
        QVERIFY(flyer && flyer->approximate);
        QCOMPARE(kdc::baseLabel(*flyer), QStringLiteral("120x92 mm oval (approximate)"));
        // An unsized hull and a unit without a base are left out, each with its reason.
        QVERIFY(!find(catalog, QStringLiteral("immolator")));
        QCOMPARE(skipped.size(), 2);
        QVERIFY(skipped.join(QLatin1Char('\n')).contains(QStringLiteral("immolator (Immolator): hull base without a size")));
        QVERIFY(skipped.join(QLatin1Char('\n')).contains(QStringLiteral("wardens-of-ultramar")));
        // The file round-trips.
        const auto again = kdc::readCatalog(kdc::writeCatalog(catalog), &error);
        QVERIFY2(again, qPrintable(error));
        QCOMPARE(again->size(), catalog.size());
        QCOMPARE(kdc::writeCatalog(*again), kdc::writeCatalog(catalog));
    }

    void bundleAndArchive() {
        // The package keeps the dataset as a JS string in dist/data/bundle.generated.js.
        QFile f(kUnits);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray json = QJsonDocument::fromJson(f.readAll()).toJson(QJsonDocument::Compact);
        QTemporaryDir dir;
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("package/dist/data"))));
        QFile bundle(dir.filePath(QStringLiteral("package/dist/data/bundle.generated.js")));
        QVERIFY(bundle.open(QIODevice::WriteOnly));
        QByteArray literal = QJsonDocument(QJsonArray{QString::fromUtf8(json)}).toJson(QJsonDocument::Compact);
        bundle.write("const JSON_TEXT = " + literal.mid(1, literal.size() - 2) + ";\nexport const RAW_DATA = JSON.parse(JSON_TEXT);\n");
        bundle.close();
        QString error;
        auto fromFolder = kdc::loadDataset(dir.filePath(QStringLiteral("package")), &error);
        QVERIFY2(fromFolder, qPrintable(error));
        QCOMPARE(fromFolder->value(QStringLiteral("units")).toArray().size(), 5);
        // As npm pack makes it: a .tgz with package/ inside.
        const QString tgz = dir.filePath(QStringLiteral("data.tgz"));
        QCOMPARE(QProcess::execute(QStringLiteral("tar"), {QStringLiteral("-czf"), tgz, QStringLiteral("-C"), dir.path(), QStringLiteral("package")}), 0);
        auto fromTgz = kdc::loadDataset(tgz, &error);
        QVERIFY2(fromTgz, qPrintable(error));
        QCOMPARE(*fromTgz, *fromFolder);
        // Bad sources say what is wrong.
        QVERIFY(!kdc::loadDataset(dir.filePath(QStringLiteral("nothing.tgz")), &error));
        QVERIFY2(error.contains(QStringLiteral("no such file")), qPrintable(error));
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("empty"))));
        QVERIFY(!kdc::loadDataset(dir.filePath(QStringLiteral("empty")), &error));
        QVERIFY2(error.contains(QStringLiteral("not the 40kdc-data package")), qPrintable(error));
    }

    void builtInCatalogAndSearch() {
        const auto& catalog = kdc::builtInCatalog();
        QVERIFY(catalog.size() > 500);
        const auto found = kdc::search(catalog, QStringLiteral("INTERCESSOR squad"));
        const auto* squad = find(found, QStringLiteral("intercessor-squad"));
        QVERIFY(squad);
        QCOMPARE(squad->base.length_mm, 32.0);
        for (const auto& e : found) QVERIFY((e.name + e.id).toLower().contains(QStringLiteral("intercessor")));
        QVERIFY(kdc::search(catalog, QStringLiteral("no-such-unit-anywhere")).empty());
    }
};

QTEST_GUILESS_MAIN(TestKdc)
#include "tst_kdc.moc"
