// The fuzzers' findings kept as tests: every input a harness ever failed on
// (tests/fuzz/regressions/NAME/) and every seed (tests/fuzz/seeds/NAME/) goes through that
// harness's check (tests/fuzz/checks.h) in the ordinary build, so a fixed fault stays fixed
// without clang or libFuzzer.
#include "checks.h"

#include <QDir>
#include <QFile>
#include <QtTest>

class TestFuzzRegressions : public QObject {
    Q_OBJECT
private slots:
    void input_data() {
        QTest::addColumn<QString>("harness");
        QTest::addColumn<QString>("path");
        int rows = 0;
        for (const char* folder : {"regressions", "seeds"}) {
            const QDir root(QStringLiteral(SIGHTLINE_SOURCE_DIR "/tests/fuzz/") + QLatin1String(folder));
            for (const QString& harness : root.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
                const QDir dir(root.filePath(harness));
                for (const QString& file : dir.entryList(QDir::Files)) {
                    QTest::newRow(qPrintable(QStringLiteral("%1/%2/%3").arg(QLatin1String(folder), harness, file)))
                        << harness << dir.filePath(file);
                    ++rows;
                }
            }
        }
        QVERIFY(rows >= 10);  // the folders are there
    }
    void input() {
        QFETCH(QString, harness);
        QFETCH(QString, path);
        const sl::fuzz::Check check = sl::fuzz::checkNamed(harness.toStdString());
        QVERIFY2(check, qPrintable(QStringLiteral("no harness named %1").arg(harness)));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const std::string wrong = check(f.readAll());
        QVERIFY2(wrong.empty(), wrong.c_str());
    }
};

QTEST_GUILESS_MAIN(TestFuzzRegressions)
#include "tst_fuzz_regressions.moc"
