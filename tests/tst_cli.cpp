// sightline-cli as a user runs it: exit codes, the JSON shape, verify's counts, and a
// clear message with the file and JSON path for every bad file.
#include "scenario_edits.h"

#include <QDir>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QThread>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QRegularExpression>
#include <QtTest>

#include <csignal>
#include <sys/resource.h>

namespace {

struct Run {
    int code = -1;
    QString out;
    QString err;
};

Run cli(const QStringList& args) {
    QProcess p;
    p.start(QStringLiteral(SIGHTLINE_CLI), args);
    p.waitForFinished(120000);
    Run r;
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;  // -1: crashed
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

QString scenario(const char* relative) { return QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/") + QLatin1String(relative); }
QString scenario(const QString& relative) { return QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/") + relative; }

QString lastLine(const QString& text) { return text.trimmed().split(QLatin1Char('\n')).last(); }

}  // namespace

class TestCli : public QObject {
    Q_OBJECT
private slots:
    void helpAndVersion() {
        const Run help = cli({QStringLiteral("--help")});
        QCOMPARE(help.code, 0);
        QVERIFY(help.out.contains(QStringLiteral("check FILE")));
        QVERIFY(help.out.contains(QStringLiteral("verify")));
        const Run version = cli({QStringLiteral("--version")});
        QCOMPARE(version.code, 0);
        QVERIFY(version.out.startsWith(QStringLiteral("sightline-cli ")));
    }

    void badUsageExitsTwo_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QString demo = scenario("demo.sightline.json");
        QTest::newRow("no command") << QStringList{} << "no command";
        QTest::newRow("unknown command") << QStringList{"frobnicate"} << "unknown command";
        QTest::newRow("unknown option") << QStringList{"check", demo, "--colour"} << "colour";
        QTest::newRow("check without file") << QStringList{"check"} << "exactly one";
        QTest::newRow("verify without file") << QStringList{"verify"} << "at least one";
        QTest::newRow("unknown method") << QStringList{"check", demo, "--method", "guess"} << "unknown method";
        QTest::newRow("observer alone") << QStringList{"check", demo, "--observer", "b-int-1"} << "go together";
        QTest::newRow("unknown observer") << QStringList{"check", demo, "--observer", "nobody", "--target", "r-nob"} << "no model has the id \"nobody\"";
        QTest::newRow("same model") << QStringList{"check", demo, "--observer", "r-nob", "--target", "r-nob"} << "same model";
        QTest::newRow("missing file") << QStringList{"check", "/nonexistent.json"} << "cannot open";
    }

    void badUsageExitsTwo() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = cli(args);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QVERIFY2(r.out.isEmpty(), "nothing may be printed as if it were an answer");
    }

    void checkPrintsEveryCrossSidePair() {
        const Run r = cli({QStringLiteral("check"), scenario("demo.sightline.json")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains(QStringLiteral("method exact")));
        QVERIFY(r.out.contains(QStringLiteral("200 pairs")));
        QCOMPARE(r.out.count(QStringLiteral(" -> ")), 200);
    }

    void reasonsNameWhatTheBoardShows() {
        // Text: pieces by their labels (names, else ids), as drawn on the board.
        Run r = cli({QStringLiteral("check"), scenario("demo.sightline.json"), QStringLiteral("--observer"),
                     QStringLiteral("b-int-1"), QStringLiteral("--target"), QStringLiteral("r-nob")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("every line blocked by South-east ruin")), qPrintable(r.out));
        // JSON: reasons with labels, the ids they cite beside them.
        r = cli({QStringLiteral("check"), scenario("wh40k-11e/06-official-layout.sightline.json"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const QJsonObject first = QJsonDocument::fromJson(r.out.toUtf8()).object().value("results").toArray()[0].toObject();
        const QJsonArray reasons = first.value("reasons").toArray(), ids = first.value("reason_ids").toArray();
        QCOMPARE(reasons.size(), ids.size());
        QVERIFY(!reasons.isEmpty());
        QCOMPARE(reasons[0].toString(), QStringLiteral("06.01 no sight line: blocked by Generator 2 area"));
        QCOMPARE(ids[0].toArray(), QJsonArray{QStringLiteral("area-09")});
        for (const QJsonValue& v : reasons) QVERIFY2(!v.toString().contains(QStringLiteral("area-")), qPrintable(v.toString()));
    }

    void checkJsonShape() {
        const Run r = cli({QStringLiteral("check"), scenario("regression/02-tall-wall.sightline.json"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const QJsonObject doc = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(doc.value("scenario").toString(), QStringLiteral("Tall wall"));
        QCOMPARE(doc.value("ruleset").toString(), QStringLiteral("true-los"));
        const QJsonArray results = doc.value("results").toArray();
        QCOMPARE(results.size(), 2);
        const QJsonObject first = results[0].toObject();
        for (const char* key : {"observer", "target", "visible", "fully_visible", "visible_fraction", "distance", "witness",
                                "blocked_by", "method"})
            QVERIFY2(first.contains(QLatin1String(key)), key);
        QCOMPARE(first.value("visible").toBool(), false);
        QVERIFY(first.value("witness").isNull());
        QCOMPARE(first.value("blocked_by").toArray(), QJsonArray{QStringLiteral("w1")});
        QCOMPARE(first.value("method").toString(), QStringLiteral("exact"));
        // exact adds the pieces that together block every line, and the witness's clearance.
        QCOMPARE(first.value("blocking_set").toArray(), QJsonArray{QStringLiteral("w1")});
        QVERIFY(first.value("clearance").isNull());
    }

    void exactWitnessHasClearance() {
        const Run r = cli({QStringLiteral("check"), scenario("regression/01-open-table.sightline.json"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const QJsonObject res = QJsonDocument::fromJson(r.out.toUtf8()).object().value("results").toArray()[0].toObject();
        QVERIFY(res.value("visible").toBool());
        // Nothing on the table: the clearance is the cap.
        QCOMPARE(res.value("clearance").toDouble(), 2.0);
    }

    void undecidedIsReportedNotGuessed() {
        // Visible only along the outer bases' common tangents, which touch the middle base:
        // no proof either way, so neither "visible" nor "not visible" is claimed.
        const QString file = scenario("regression/28-row-of-equal-bases.sightline.json");
        const Run json = cli({QStringLiteral("check"), file, QStringLiteral("--json")});
        QCOMPARE(json.code, 0);
        const QJsonObject res = QJsonDocument::fromJson(json.out.toUtf8()).object().value("results").toArray()[0].toObject();
        QCOMPARE(res.value("undecided").toBool(), true);
        QCOMPARE(res.value("visible").toBool(), false);
        QVERIFY(res.value("blocking_set").toArray().isEmpty());  // no proof, so no blockers named
        const Run text = cli({QStringLiteral("check"), file});
        QVERIFY2(text.out.contains(QStringLiteral("A1 -> B1: undecided")), qPrintable(text.out));
        // A unit ruling says so among its reasons.
        const Run ruling = cli({QStringLiteral("ruling"), file, QStringLiteral("--attacker"), QStringLiteral("A1"),
                                QStringLiteral("--target"), QStringLiteral("B1")});
        QCOMPARE(ruling.code, 0);
        QVERIFY2(ruling.out.contains(QStringLiteral("A1 -> B1: undecided")), qPrintable(ruling.out));
        // A decided pair carries no such field.
        const Run open = cli({QStringLiteral("check"), scenario("regression/01-open-table.sightline.json"), QStringLiteral("--json")});
        QVERIFY(!QJsonDocument::fromJson(open.out.toUtf8()).object().value("results").toArray()[0].toObject().contains("undecided"));
    }

    void checkOnePairWithWitness() {
        const Run r = cli({QStringLiteral("check"), scenario("regression/01-open-table.sightline.json"), QStringLiteral("--json"),
                           QStringLiteral("--observer"), QStringLiteral("B1"), QStringLiteral("--target"), QStringLiteral("A1"),
                           QStringLiteral("--method"), QStringLiteral("center")});
        QCOMPARE(r.code, 0);
        const QJsonArray results = QJsonDocument::fromJson(r.out.toUtf8()).object().value("results").toArray();
        QCOMPARE(results.size(), 1);
        const QJsonObject res = results[0].toObject();
        QCOMPARE(res.value("observer").toString(), QStringLiteral("B1"));
        QCOMPARE(res.value("method").toString(), QStringLiteral("center"));
        const QJsonArray w = res.value("witness").toArray();
        QCOMPARE(w[0].toArray(), (QJsonArray{50, 22}));
        QCOMPARE(w[1].toArray(), (QJsonArray{10, 22}));
    }

    void renderWritesAnImage() {
        QTemporaryDir tmp;
        const QString png = tmp.filePath(QStringLiteral("pair.png"));
        Run r = cli({QStringLiteral("render"), scenario("demo.sightline.json"), QStringLiteral("-o"), png,
                     QStringLiteral("--observer"), QStringLiteral("b-int-1"), QStringLiteral("--target"), QStringLiteral("r-nob")});
        QCOMPARE(r.code, 0);
        QVERIFY(QImage(png).width() > 1000);
        r = cli({QStringLiteral("render"), scenario("demo.sightline.json")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QStringLiteral("-o")));
        r = cli({QStringLiteral("render"), scenario("demo.sightline.json"), QStringLiteral("-o"), tmp.filePath(QStringLiteral("x.gif"))});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QStringLiteral("unknown image type")));
        r = cli({QStringLiteral("render"), scenario("demo.sightline.json"), QStringLiteral("-o"), png, QStringLiteral("--observer"), QStringLiteral("nobody")});
        QCOMPARE(r.code, 2);
    }

    void picturesWithoutLabels() {
        // --no-labels: a picture with no plates on the models and pieces, where they would
        // cover a map; the map's own legend stays.
        QTemporaryDir tmp;
        const QString layout = QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/layouts/11e/bm-purge-vs-purge-01.sightline.json");
        auto svgText = [&](const QStringList& args) {
            const QString svg = tmp.filePath(QStringLiteral("picture.svg"));
            QFile::remove(svg);
            const Run r = cli(args + QStringList{QStringLiteral("-o"), svg});
            QFile f(svg);
            return r.code == 0 && f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
        };
        const QString labelled = svgText({QStringLiteral("render"), layout});
        const QString plain = svgText({QStringLiteral("render"), layout, QStringLiteral("--no-labels")});
        QVERIFY(!labelled.isEmpty() && !plain.isEmpty());
        QVERIFY(labelled.contains(QStringLiteral("Ruin 1 wall")));
        QVERIFY(!plain.contains(QStringLiteral("Ruin 1 wall")));
        const QStringList hiding{QStringLiteral("analyze"), layout, QStringLiteral("--zone"), QStringLiteral("deployment-attacker"),
                                 QStringLiteral("--hiding"), QStringLiteral("--spacing"), QStringLiteral("4"), QStringLiteral("--bases"),
                                 QStringLiteral("32")};
        const QString map = svgText(hiding + QStringList{QStringLiteral("--no-labels")});
        QVERIFY(map.contains(QStringLiteral("Hiding from")) && !map.contains(QStringLiteral("Ruin 1 wall")));
        QVERIFY(svgText(hiding).contains(QStringLiteral("Ruin 1 wall")));
    }

    // Measuring in a picture: a distance base to base from the observer, range rings.
    void renderMeasures() {
        QTemporaryDir tmp;
        const QString png = tmp.filePath(QStringLiteral("measure.png"));
        const QString demo = scenario("demo.sightline.json");
        Run r = cli({QStringLiteral("render"), demo, QStringLiteral("-o"), png, QStringLiteral("--observer"), QStringLiteral("b-int-1"),
                     QStringLiteral("--measure"), QStringLiteral("r-nob"), QStringLiteral("--rings"), QStringLiteral("6,12"),
                     QStringLiteral("--width"), QStringLiteral("600")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("b-int-1 to r-nob: 46.12\" base to base")), qPrintable(r.out));
        QCOMPARE(QImage(png).width(), 600);
        for (const QStringList& bad : {QStringList{QStringLiteral("--measure"), QStringLiteral("r-nob")},
                                       QStringList{QStringLiteral("--observer"), QStringLiteral("b-int-1"), QStringLiteral("--rings"), QStringLiteral("6,x")},
                                       QStringList{QStringLiteral("--observer"), QStringLiteral("b-int-1"), QStringLiteral("--measure"), QStringLiteral("b-int-1")},
                                       QStringList{QStringLiteral("--width"), QStringLiteral("20")}}) {
            r = cli(QStringList{QStringLiteral("render"), demo, QStringLiteral("-o"), png} + bad);
            QVERIFY2(r.code == 2 && !r.err.isEmpty(), qPrintable(bad.join(' ')));
        }
    }

    void analyzeVisionMapCountsTheCellsHiddenInDenseAreas() {
        // 11e: the cells hidden within an area with a dense feature (the map's "D", purple)
        // apart from every cell within one (13.09's status, seen from within the detection
        // range or not), in the text and the JSON alike.
        const QString file = scenario("wh40k-11e/12-official-layout-units.sightline.json");
        const QStringList args{QStringLiteral("analyze"), file, QStringLiteral("--unit"), QStringLiteral("intercessors"),
                               QStringLiteral("--spacing"), QStringLiteral("2")};
        Run r = cli(args + QStringList{QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        const QJsonObject cells = o.value(QStringLiteral("cells")).toObject();
        int dense = 0;
        for (const QJsonValue row : o.value(QStringLiteral("map")).toArray()) dense += static_cast<int>(row.toString().count(QLatin1Char('D')));
        QVERIFY(dense > 0);
        QCOMPARE(cells.value(QStringLiteral("hidden_in_dense_area")).toInt(), dense);
        QVERIFY(cells.value(QStringLiteral("in_dense_area_13_09")).toInt() > dense);  // (some seen there, from near)
        r = cli(args);
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("hidden in a dense area%1 cells").arg(dense, 14)), qPrintable(r.out));
        // (Every line's figures in one column, the longest label's too.)
        QVERIFY2(r.out.contains(QStringLiteral("\n  in a dense area (13.09)%1 cells").arg(cells.value(QStringLiteral("in_dense_area_13_09")).toInt(), 13)),
                 qPrintable(r.out));
    }

    // The boyz' map of the units' table says a base at (9.75, 32.25), beside an area, is
    // fully visible (proven band by band in the plane); `check` of a model placed there
    // says the same, with the proof's rule, and no cover.
    void checkAgreesWithTheMapBesideAnArea() {
        QTemporaryDir tmp;
        const QString file = scenario("wh40k-11e/12-official-layout-units.sightline.json");
        const QString csv = tmp.filePath(QStringLiteral("boyz.csv"));
        Run r = cli({QStringLiteral("analyze"), file, QStringLiteral("--unit"), QStringLiteral("boyz"), QStringLiteral("--csv"), csv});
        QCOMPARE(r.code, 0);
        QFile cells(csv);
        QVERIFY(cells.open(QIODevice::ReadOnly));
        const QString all = QString::fromUtf8(cells.readAll());
        QVERIFY2(all.contains(QStringLiteral("\n9.75,32.25,fully_visible,0,0,0,")), "the map's cell");
        QFile in(file);
        QVERIFY(in.open(QIODevice::ReadOnly));
        QJsonObject doc = QJsonDocument::fromJson(in.readAll()).object();
        QJsonArray models = doc.value(QStringLiteral("models")).toArray();
        models.append(QJsonObject{{QStringLiteral("id"), QStringLiteral("probe")},
                                  {QStringLiteral("side"), QStringLiteral("nobody")},
                                  {QStringLiteral("unit"), QStringLiteral("probes")},
                                  {QStringLiteral("position"), QJsonArray{9.75, 32.25}},
                                  {QStringLiteral("height"), 1.75},
                                  {QStringLiteral("base"), QJsonObject{{QStringLiteral("shape"), QStringLiteral("circle")},
                                                                       {QStringLiteral("diameter_mm"), 32}}},
                                  {QStringLiteral("keywords"), QJsonArray{QStringLiteral("INFANTRY")}}});
        doc.insert(QStringLiteral("models"), models);
        doc.remove(QStringLiteral("queries"));
        const QString placed = tmp.filePath(QStringLiteral("placed.sightline.json"));
        QFile out(placed);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(QJsonDocument(doc).toJson());
        out.close();
        r = cli({QStringLiteral("check"), placed, QStringLiteral("--observer"), QStringLiteral("boy-1"), QStringLiteral("--target"),
                 QStringLiteral("probe")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("boy-1 -> probe: visible, fully visible, 100% seen")) && r.out.contains(QStringLiteral("; no cover")) &&
                     r.out.contains(QStringLiteral("06.01 fully visible: every point of probe's base")) &&
                     !r.out.contains(QStringLiteral("undecided")),
                 qPrintable(r.out));
    }

    // The vision map: every cell ruled for a model standing there, as text, JSON, CSV and
    // a picture; bad options named.
    void analyzeVisionMap() {
        QTemporaryDir tmp;
        const QString file = QStringLiteral(SIGHTLINE_SOURCE_DIR "/tests/data/analysis-wall.sightline.json");
        const QString png = tmp.filePath(QStringLiteral("map.png")), csv = tmp.filePath(QStringLiteral("cells.csv"));
        Run r = cli({QStringLiteral("analyze"), file, QStringLiteral("--observer"), QStringLiteral("eye-1"), QStringLiteral("--spacing"),
                     QStringLiteral("1"), QStringLiteral("-o"), png, QStringLiteral("--csv"), csv});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("vision map: seen by eye-1, a 32 mm round, 1.75\" model on each 1\" cell (24 x 16)")),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("no place to stand")), qPrintable(r.out));
        QVERIFY2(r.err.contains(QStringLiteral(" of 384 cells)")), qPrintable(r.err));  // progress (which tenths: as the threads report)
        QVERIFY(QImage(png).width() > 1000);
        QFile cells(csv);
        QVERIFY(cells.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(cells.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 1 + 24 * 16);
        QCOMPARE(lines.front(), QStringLiteral("x,y,verdict,cover,in_dense_area_13_09,undecided,seen_by"));
        QVERIFY(lines.contains(QStringLiteral("10.5,8.5,overlap,0,0,0,")));   // on the wall
        QVERIFY(lines.contains(QStringLiteral("20.5,8.5,hidden,0,0,0,")));    // in its shadow
        QVERIFY(lines.contains(QStringLiteral("2.5,8.5,fully_visible,0,0,0,eye-1")));
        // JSON, for a unit: the map row by row, a letter a cell.
        r = cli({QStringLiteral("analyze"), file, QStringLiteral("--unit"), QStringLiteral("eyes"), QStringLiteral("--spacing"),
                 QStringLiteral("2"), QStringLiteral("--base"), QStringLiteral("60x35.5"), QStringLiteral("--height"), QStringLiteral("2.5"),
                 QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(o.value(QStringLiteral("observers")).toArray().size(), 2);
        QCOMPARE(o.value(QStringLiteral("cols")).toInt(), 12);
        const QJsonArray rows = o.value(QStringLiteral("map")).toArray();
        QCOMPARE(rows.size(), 8);
        QCOMPARE(rows[4].toString().size(), 12);
        QCOMPARE(rows[4].toString().at(0), QLatin1Char('X'));  // the oval would reach 0.18" past the table's edge
        QCOMPARE(rows[5].toString().at(1), QLatin1Char('F'));
        QCOMPARE(rows[4].toString().at(1), QLatin1Char('X'));  // on Eye 1: no place to stand
        QCOMPARE(rows[4].toString().at(5), QLatin1Char('X'));
        QCOMPARE(rows[3].toString().at(7), QLatin1Char('H'));  // behind the wall from both
        QCOMPARE(rows[7].toString().at(10), QLatin1Char('F'));  // past its end, seen by Eye 2
        QCOMPARE(o.value(QStringLiteral("probe")).toObject().value(QStringLiteral("base")).toString(), QStringLiteral("60x35.5 mm oval"));
        // Bad options: named, exit 2.
        const QList<QPair<QStringList, QString>> bad = {
            {{}, QStringLiteral("needs an observer")},
            {{QStringLiteral("--observer"), QStringLiteral("eye-1"), QStringLiteral("--unit"), QStringLiteral("eyes")}, QStringLiteral("takes one observer, not several")},
            {{QStringLiteral("--observer"), QStringLiteral("nobody")}, QStringLiteral("no model has the id")},
            {{QStringLiteral("--unit"), QStringLiteral("ghosts")}, QStringLiteral("no model is in the unit \"ghosts\" (units: eyes)")},
            {{QStringLiteral("--observer"), QStringLiteral("eye-1"), QStringLiteral("--base"), QStringLiteral("huge")}, QStringLiteral("--base: expected a base")},
            {{QStringLiteral("--observer"), QStringLiteral("eye-1"), QStringLiteral("--base"), QStringLiteral("5")}, QStringLiteral("from 10 to 400 mm")},
            {{QStringLiteral("--observer"), QStringLiteral("eye-1"), QStringLiteral("--spacing"), QStringLiteral("0")}, QStringLiteral("--spacing: expected a number")},
            {{QStringLiteral("--observer"), QStringLiteral("eye-1"), QStringLiteral("--height"), QStringLiteral("tall")}, QStringLiteral("--height: expected a number")},
            {{QStringLiteral("--observer"), QStringLiteral("eye-1"), QStringLiteral("--csv"), tmp.filePath(QStringLiteral("no/such/dir/c.csv"))}, QStringLiteral("c.csv: cannot write: no folder ")},
            {{QStringLiteral("--observer"), QStringLiteral("eye-1"), QStringLiteral("-o"), tmp.filePath(QStringLiteral("map.gif"))}, QStringLiteral("unknown image type")},
            // (A picture's folder that is not there: said before the work, not after it.)
            {{QStringLiteral("--observer"), QStringLiteral("eye-1"), QStringLiteral("-o"), tmp.filePath(QStringLiteral("no/such/dir/map.png"))},
             QStringLiteral("map.png: cannot write: no folder ")},
            // (Nor a file the folder will not take: a folder of that name, or /proc's.)
            {{QStringLiteral("--observer"), QStringLiteral("eye-1"), QStringLiteral("-o"), tmp.filePath(QStringLiteral("taken.png"))},
             QStringLiteral("taken.png: cannot write: ")},
            {{QStringLiteral("--observer"), QStringLiteral("eye-1"), QStringLiteral("-o"), QStringLiteral("/proc/sightline-map.png")},
             QStringLiteral("/proc/sightline-map.png: cannot write: ")},
        };
        QVERIFY(QDir(tmp.path()).mkdir(QStringLiteral("taken.png")));
        for (const auto& [options, message] : bad) {
            r = cli(QStringList{QStringLiteral("analyze"), file} + options);
            QVERIFY2(r.code == 2 && r.err.contains(message), qPrintable(options.join(' ') + QStringLiteral(": ") + r.err));
        }
        // (A layout with no models yet: said so, rather than an empty list of them.)
        r = cli({QStringLiteral("analyze"), QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/layouts/11e/bm-purge-vs-purge-01.sightline.json"),
                 QStringLiteral("--observer"), QStringLiteral("eye-1")});
        QVERIFY2(r.code == 2 && r.err.contains(QStringLiteral("no model has the id \"eye-1\": the file has no models")), qPrintable(r.err));
        r = cli({QStringLiteral("analyze"), QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/layouts/11e/bm-purge-vs-purge-01.sightline.json"),
                 QStringLiteral("--unit"), QStringLiteral("nobody")});
        QVERIFY2(r.code == 2 && r.err.contains(QStringLiteral("no model is in the unit \"nobody\" (the file has no models)")), qPrintable(r.err));
    }

    void analyzeExposure() {
        QTemporaryDir tmp;
        const QString file = QStringLiteral(SIGHTLINE_SOURCE_DIR "/tests/data/analysis-wall.sightline.json");
        const QString png = tmp.filePath(QStringLiteral("exposure.png")), csv = tmp.filePath(QStringLiteral("exposure.csv"));
        // The west zone (x 0 to 6, y 2 to 14) at places 2" apart: 18 of them (a 32 mm base
        // wholly within it); the wall's shadow is hidden from all of them.
        Run r = cli({QStringLiteral("analyze"), file, QStringLiteral("--zone"), QStringLiteral("west"), QStringLiteral("--spacing"),
                     QStringLiteral("1"), QStringLiteral("--zone-spacing"), QStringLiteral("2"), QStringLiteral("-o"), png,
                     QStringLiteral("--csv"), csv});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("exposure map: west, a 32 mm round, 1.75\" model at each of 18 places 2\" apart")),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("hidden from every place")), qPrintable(r.out));
        QVERIFY2(r.err.contains(QStringLiteral("of 18 places in the zone)")), qPrintable(r.err));
        QVERIFY(QImage(png).width() > 1000);
        QFile cells(csv);
        QVERIFY(cells.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(cells.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 1 + 24 * 16);
        QCOMPARE(lines.front(), QStringLiteral("x,y,overlap,positions,seen,fully,share,fully_share,undecided"));
        QVERIFY(lines.contains(QStringLiteral("10.5,8.5,1,18,,,,,")));     // on the wall: no place to stand, no counts
        QVERIFY(lines.contains(QStringLiteral("16.5,8.5,0,18,0,,0,,0")));  // in its shadow from every place
        QVERIFY(lines.contains(QStringLiteral("2.5,8.5,0,18,18,,1,,0")));  // beside the zone: all (fully: not counted, empty)
        // JSON with fully visible: the map a character a cell (A: every place, 0: none).
        r = cli({QStringLiteral("analyze"), file, QStringLiteral("--zone"), QStringLiteral("west"), QStringLiteral("--spacing"),
                 QStringLiteral("2"), QStringLiteral("--zone-spacing"), QStringLiteral("2"), QStringLiteral("--fully"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(o.value(QStringLiteral("places")).toInt(), 18);
        const QJsonObject figures = o.value(QStringLiteral("figures")).toObject();
        QVERIFY(figures.value(QStringLiteral("hidden_from_every_place")).toInt() >= 4);
        QVERIFY(figures.value(QStringLiteral("mean_share_fully_visible")).toDouble() > 0.2);
        QVERIFY(figures.value(QStringLiteral("mean_share_fully_visible")).toDouble() <= figures.value(QStringLiteral("mean_share_seen")).toDouble());
        const QJsonArray rows = o.value(QStringLiteral("map")).toArray();
        QCOMPARE(rows.size(), 8);
        QCOMPARE(rows[4].toString().at(1), QLatin1Char('A'));
        QCOMPARE(rows[4].toString().at(5), QLatin1Char('X'));
        QCOMPARE(rows[4].toString().at(8), QLatin1Char('0'));
        // The cells with no place to stand (on the wall, over the table's edge) are those the map marks X.
        int marked = 0;
        for (const QJsonValue& row : rows) marked += static_cast<int>(row.toString().count(QLatin1Char('X')));
        QVERIFY(marked > 0);
        QCOMPARE(figures.value(QStringLiteral("no_place_to_stand")).toInt(), marked);
        // On an official layout, places 8" apart: a pair is left undecided at a knife edge
        // (Disrupt vs Disrupt 01 has one), said in the text and counted in the JSON, and
        // not counted as hidden.
        const QString disrupt = QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/layouts/11e/bm-disrupt-vs-disrupt-01.sightline.json");
        r = cli({QStringLiteral("analyze"), disrupt, QStringLiteral("--zone"), QStringLiteral("deployment-attacker"),
                 QStringLiteral("--zone-spacing"), QStringLiteral("8")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("undecided \\(near a knife edge\\) +[1-9][0-9]* pairs in [1-9][0-9]* cells, counted as not seen"))),
                 qPrintable(r.out));
        r = cli({QStringLiteral("analyze"), disrupt, QStringLiteral("--zone"), QStringLiteral("deployment-attacker"),
                 QStringLiteral("--zone-spacing"), QStringLiteral("8"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const QJsonObject pf = QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("figures")).toObject();
        QVERIFY(pf.value(QStringLiteral("undecided_pairs")).toInt() >= pf.value(QStringLiteral("cells_with_undecided_pairs")).toInt());
        QVERIFY(pf.value(QStringLiteral("cells_with_undecided_pairs")).toInt() > 0);
        // Bad input: named, exit 2.
        const QList<QPair<QStringList, QString>> bad = {
            {{QStringLiteral("--zone"), QStringLiteral("east")}, QStringLiteral("no deployment zone (a polygon zone) has the id \"east\" (zones: west)")},
            {{QStringLiteral("--zone"), QStringLiteral("west"), QStringLiteral("--observer"), QStringLiteral("eye-1")}, QStringLiteral("takes one observer, not several")},
            {{QStringLiteral("--zone"), QStringLiteral("west"), QStringLiteral("--zone-spacing"), QStringLiteral("0")}, QStringLiteral("--zone-spacing: expected a number")},
            {{QStringLiteral("--zone"), QStringLiteral("west"), QStringLiteral("--base"), QStringLiteral("300")}, QStringLiteral("no place in it where a 300 mm round")},
        };
        for (const auto& [options, message] : bad) {
            r = cli(QStringList{QStringLiteral("analyze"), file} + options);
            QVERIFY2(r.code == 2 && r.err.contains(message), qPrintable(options.join(' ') + QStringLiteral(": ") + r.err));
        }
    }

    void analyzeHidingSpots() {
        QTemporaryDir tmp;
        const QString file = QStringLiteral(SIGHTLINE_SOURCE_DIR "/tests/data/analysis-wall.sightline.json");
        const QString png = tmp.filePath(QStringLiteral("hiding.png")), csv = tmp.filePath(QStringLiteral("hiding.csv"));
        // Three bases (the default), smallest first: the wall's shadow hides less of a bigger one.
        Run r = cli({QStringLiteral("analyze"), file, QStringLiteral("--zone"), QStringLiteral("west"), QStringLiteral("--hiding"),
                     QStringLiteral("-o"), png, QStringLiteral("--csv"), csv});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("hiding spots from west (18 places 2\" apart), 0.5\" cells")), qPrintable(r.out));
        // Progress says the base and its places (the places are ruled for each base in turn).
        QVERIFY2(r.err.contains(QStringLiteral("(base 1 of 3, ")) && r.err.contains(QStringLiteral("(base 3 of 3, ")) &&
                     r.err.contains(QStringLiteral(" of 18 places)")) && !r.err.contains(QStringLiteral(" of 54 ")),
                 qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("semi-safe: seen from at most 1 place\n")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("32 mm round, 1.75\"")) && r.out.contains(QStringLiteral("100x50 mm rect, 1.75\"")),
                 qPrintable(r.out));
        QVERIFY(QImage(png).width() > 1000);
        QFile cells(csv);
        QVERIFY(cells.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(cells.readLine()).trimmed(),
                 QStringLiteral("x,y,safe_32_mm_round,semi_32_mm_round,room_32_mm_round,safe_60x35.5_mm_oval,semi_60x35.5_mm_oval,"
                                "room_60x35.5_mm_oval,safe_100x50_mm_rect,semi_100x50_mm_rect,room_100x50_mm_rect"));
        // (A cell on the wall: no room for any base; one in the open west of it: room, and seen;
        // one on the table's model eye-1, at (4, 8): no room, as in the vision map; one beside
        // it, room for the smaller bases only.)
        const QStringList rows = QString::fromUtf8(cells.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY(rows.contains(QStringLiteral("10.25,8.25,0,0,0,0,0,0,0,0,0")));
        QVERIFY(rows.contains(QStringLiteral("2.25,5.25,0,0,1,0,0,1,0,0,1")));
        QVERIFY(rows.contains(QStringLiteral("4.25,8.25,0,0,0,0,0,0,0,0,0")));
        QVERIFY(rows.contains(QStringLiteral("2.25,8.25,0,0,1,0,0,0,0,0,0")));
        // One base at two heights: the columns say which (no two share a name).
        r = cli({QStringLiteral("analyze"), file, QStringLiteral("--zone"), QStringLiteral("west"), QStringLiteral("--hiding"),
                 QStringLiteral("--bases"), QStringLiteral("32,32@3"), QStringLiteral("--csv"), csv});
        QCOMPARE(r.code, 0);
        QFile twoHeights(csv);
        QVERIFY(twoHeights.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(twoHeights.readLine()).trimmed(),
                 QStringLiteral("x,y,safe_32_mm_round_1.75in,semi_32_mm_round_1.75in,room_32_mm_round_1.75in,safe_32_mm_round_3in,"
                                "semi_32_mm_round_3in,room_32_mm_round_3in"));
        // JSON, bases with heights of their own (written as the program writes them, 3"),
        // given largest first (ordered smallest first).
        r = cli({QStringLiteral("analyze"), file, QStringLiteral("--zone"), QStringLiteral("west"), QStringLiteral("--hiding"),
                 QStringLiteral("--bases"), QStringLiteral("100x50rect@3\",25"), QStringLiteral("--semi"), QStringLiteral("20"),
                 QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(o.value(QStringLiteral("places")).toInt(), 18);
        QCOMPARE(o.value(QStringLiteral("semi_safe_most_places")).toInt(), 3);
        const QJsonArray bases = o.value(QStringLiteral("bases")).toArray();
        QCOMPARE(bases.size(), 2);
        QCOMPARE(bases[0].toObject().value(QStringLiteral("base")).toString(), QStringLiteral("25 mm round"));
        QCOMPARE(bases[1].toObject().value(QStringLiteral("height")).toDouble(), 3.0);
        QVERIFY(bases[0].toObject().value(QStringLiteral("safe_sq_in")).toDouble() > bases[1].toObject().value(QStringLiteral("safe_sq_in")).toDouble());
        QVERIFY(bases[1].toObject().value(QStringLiteral("semi_safe_sq_in")).toDouble() >= bases[1].toObject().value(QStringLiteral("safe_sq_in")).toDouble());
        // Every base of the palette.
        r = cli({QStringLiteral("analyze"), file, QStringLiteral("--zone"), QStringLiteral("west"), QStringLiteral("--hiding"),
                 QStringLiteral("--bases"), QStringLiteral("all"), QStringLiteral("--spacing"), QStringLiteral("2"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        QCOMPARE(QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("bases")).toArray().size(),
                 static_cast<int>(sl::edits::basePalette().size()));
        const QList<QPair<QStringList, QString>> bad = {
            {{QStringLiteral("--bases"), QStringLiteral("32,huge")}, QStringLiteral("--bases: expected a base")},
            {{QStringLiteral("--bases"), QStringLiteral("32@tall")}, QStringLiteral("--bases: a height from 0.1 to 30")},
            {{QStringLiteral("--bases"), QStringLiteral("32,60x35.5,32 round")}, QStringLiteral("--bases: \"32 round\" is given twice")},
            {{QStringLiteral("--bases"), QStringLiteral("all,32")}, QStringLiteral("--bases: \"all\" stands alone")},
            {{QStringLiteral("--semi"), QStringLiteral("150")}, QStringLiteral("--semi: expected a number from 0 to 100")},
        };
        for (const auto& [options, message] : bad) {
            r = cli(QStringList{QStringLiteral("analyze"), file, QStringLiteral("--zone"), QStringLiteral("west"), QStringLiteral("--hiding")} + options);
            QVERIFY2(r.code == 2 && r.err.contains(message), qPrintable(options.join(' ') + QStringLiteral(": ") + r.err));
        }
        // A layout with objectives: their table's columns are headed by the bases, as
        // --bases writes them (with their heights where these differ).
        r = cli({QStringLiteral("analyze"), scenario("layouts/11e/bm-purge-vs-purge-01.sightline.json"), QStringLiteral("--zone"),
                 QStringLiteral("deployment-attacker"), QStringLiteral("--hiding"), QStringLiteral("--spacing"), QStringLiteral("4"),
                 QStringLiteral("--zone-spacing"), QStringLiteral("8"), QStringLiteral("--bases"), QStringLiteral("32, 100x50 rect@3.5")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("\n    objective +32@1.75 +100x50 rect@3.5\n    objective-1 "))),
                 qPrintable(r.out));
    }

    void analyzeLayoutReport() {
        // Two official layouts and a table with one zone, in a folder: the two are reported
        // (pictures and figures each, and a summary ranking them), the third is left out.
        QTemporaryDir in, out;
        for (const char* name : {"bm-purge-vs-purge-01", "bm-assets-vs-assets-01"})
            QVERIFY(QFile::copy(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/layouts/11e/%1.sightline.json").arg(QLatin1String(name)),
                                in.filePath(QStringLiteral("%1.sightline.json").arg(QLatin1String(name)))));
        QVERIFY(QFile::copy(QStringLiteral(SIGHTLINE_SOURCE_DIR "/tests/data/analysis-wall.sightline.json"),
                            in.filePath(QStringLiteral("wall.sightline.json"))));
        Run r = cli({QStringLiteral("analyze"), in.path(), QStringLiteral("--report"), out.path(), QStringLiteral("--spacing"),
                     QStringLiteral("4"), QStringLiteral("--zone-spacing"), QStringLiteral("8"), QStringLiteral("--width"), QStringLiteral("800")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.err.contains(QStringLiteral("wall.sightline.json: left out: 1 deployment zone, not two")), qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("layout 1 of 3: bm-assets-vs-assets-01")), qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("2 layouts (1 left out: wall.sightline.json)")) && r.out.contains(QStringLiteral("peak memory")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("summary.csv and ")) && r.out.contains(QStringLiteral("summary.json")), qPrintable(r.out));
        // Which side is A, and the settings the figures are for, said with them. (A and B by
        // the sides' names: the attacker first on every row, though these files list the
        // defender's zone first.)
        QVERIFY2(r.out.contains(QStringLiteral("sides A/B")) && r.out.contains(QStringLiteral("attacker/defender")) &&
                     !r.out.contains(QStringLiteral("defender/attacker")) &&
                     r.out.contains(QStringLiteral("4\" cells, places 8\" apart")),
                 qPrintable(r.out));
        // (Below the table, its key: a line to each column, the time's too.)
        QVERIFY2(r.out.contains(QStringLiteral("gap  time s\n")) && r.out.contains(QStringLiteral("\n  hides: the side's safe ground, sq in where a 32 mm round, 1.75\" model is hidden")) &&
                     r.out.contains(QStringLiteral("\n  time s: the seconds the layout's maps took\n")),
                 qPrintable(r.out));
        QFile summaryJson(QDir(out.path()).filePath(QStringLiteral("summary.json")));
        QVERIFY(summaryJson.open(QIODevice::ReadOnly));
        const QJsonObject ranked = QJsonDocument::fromJson(summaryJson.readAll()).object();
        QCOMPARE(ranked.value(QStringLiteral("spacing")).toDouble(), 4.0);
        QCOMPARE(ranked.value(QStringLiteral("zone_spacing")).toDouble(), 8.0);
        const QJsonArray firstSides = ranked.value(QStringLiteral("layouts")).toArray().at(0).toObject().value(QStringLiteral("sides")).toArray();
        QCOMPARE(firstSides.size(), 2);
        QCOMPARE(firstSides.at(0).toString(), QStringLiteral("attacker"));
        // (The JSON holds every figure of the CSV's row: the table seen, each base's safe ground.)
        const QJsonObject firstRow = ranked.value(QStringLiteral("layouts")).toArray().at(0).toObject();
        QCOMPARE(firstRow.value(QStringLiteral("table_seen")).toArray().size(), 2);
        const QJsonArray rowBases = firstRow.value(QStringLiteral("bases")).toArray();
        QCOMPARE(rowBases.size(), 3);
        QCOMPARE(rowBases.at(2).toObject().value(QStringLiteral("base")).toString(), QStringLiteral("100x50 mm rect"));
        QCOMPARE(rowBases.at(0).toObject().value(QStringLiteral("safe_sq_in")).toArray(), firstRow.value(QStringLiteral("infantry_safe_sq_in")).toArray());
        QFile summary(QDir(out.path()).filePath(QStringLiteral("summary.csv")));
        QVERIFY(summary.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(summary.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 3);
        QVERIFY(lines[0].startsWith(QStringLiteral("rank,layout,side_a,side_b,zone_exposure_a")));
        // (Two layouts as even as one another share the first rank, "=1" in the table.)
        const double firstGap = lines[1].section(QLatin1Char(','), -2, -2).toDouble(), secondGap = lines[2].section(QLatin1Char(','), -2, -2).toDouble();
        QVERIFY(lines[1].startsWith(QStringLiteral("1,")) && lines[2].startsWith(firstGap == secondGap ? QStringLiteral("1,") : QStringLiteral("2,")));
        if (firstGap == secondGap) QVERIFY2(r.out.contains(QStringLiteral("\n  =1 bm-")), qPrintable(r.out));
        // (Where all tie, the table says it ranks none above another; else it does not.)
        QCOMPARE(r.out.contains(QStringLiteral("all 2 layouts are as even as one another")), firstGap == secondGap);
        // Ranked by the gap, the most even first; as even as one another, the more ground the
        // infantry hides on (the mean of the two sides' safe_a_32_mm_round and safe_b_...)
        // first.
        const double gap1 = lines[1].section(QLatin1Char(','), -2, -2).toDouble(), gap2 = lines[2].section(QLatin1Char(','), -2, -2).toDouble();
        QVERIFY(gap1 <= gap2);
        auto infantry = [](const QString& line) { return line.section(QLatin1Char(','), 8, 8).toDouble() + line.section(QLatin1Char(','), 9, 9).toDouble(); };
        QVERIFY(lines[0].section(QLatin1Char(','), 8, 9) == QStringLiteral("safe_a_32_mm_round,safe_b_32_mm_round"));
        if (gap1 == gap2) QVERIFY2(infantry(lines[1]) >= infantry(lines[2]), qPrintable(lines.join(QLatin1Char('\n'))));
        const QString dir = QDir(out.path()).filePath(QStringLiteral("bm-purge-vs-purge-01"));
        for (const char* png : {"exposure-to-deployment-attacker.png", "exposure-to-deployment-defender.png",
                                "hiding-from-deployment-attacker.png", "hiding-from-deployment-defender.png"})
            QVERIFY2(QImage(QDir(dir).filePath(QLatin1String(png))).width() == 800, png);
        QFile figures(QDir(dir).filePath(QStringLiteral("figures.json")));
        QVERIFY(figures.open(QIODevice::ReadOnly));
        const QJsonObject f = QJsonDocument::fromJson(figures.readAll()).object();
        const QJsonArray sides = f.value(QStringLiteral("sides")).toArray();
        QCOMPARE(sides.size(), 2);
        QCOMPARE(sides[0].toObject().value(QStringLiteral("hiding_from_enemy")).toArray().size(), 3);
        QVERIFY(sides[0].toObject().value(QStringLiteral("places")).toInt() > 0);
        // Purge vs Purge 01 is its own half-turn: both zones get as many places, and the two
        // sides hide alike (the places of a grid from one corner of each zone's box gave 10
        // and 8, and a gap of 0.36).
        QCOMPARE(sides[0].toObject().value(QStringLiteral("places")).toInt(), sides[1].toObject().value(QStringLiteral("places")).toInt());
        QCOMPARE(f.value(QStringLiteral("hiding_gap")).toDouble(), 0.0);
        QVERIFY2(r.out.contains(QStringLiteral("ranked from the most even\n  =: as even as another (those listed by their hides, the most first)")),
                 qPrintable(r.out));
        // A file in the folder that cannot be read is left out, and said; the others are
        // reported, and the run ends in failure.
        {
            QFile broken(in.filePath(QStringLiteral("broken.sightline.json")));
            QVERIFY(broken.open(QIODevice::WriteOnly));
            broken.write("not a scenario");
        }
        QTemporaryDir again;
        r = cli({QStringLiteral("analyze"), in.path(), QStringLiteral("--report"), again.path(), QStringLiteral("--spacing"),
                 QStringLiteral("4"), QStringLiteral("--zone-spacing"), QStringLiteral("8"), QStringLiteral("--width"), QStringLiteral("400")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("broken.sightline.json: left out: it could not be read")) &&
                     r.err.contains(QStringLiteral("1 file could not be read")),
                 qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("2 layouts (2 left out: broken.sightline.json, wall.sightline.json)")), qPrintable(r.out));
        {
            QFile leftOut(QDir(again.path()).filePath(QStringLiteral("summary.json")));
            QVERIFY(leftOut.open(QIODevice::ReadOnly));
            const QJsonArray out = QJsonDocument::fromJson(leftOut.readAll()).object().value(QStringLiteral("left_out")).toArray();
            QCOMPARE(out.size(), 2);
            QCOMPARE(out[0].toObject().value(QStringLiteral("why")).toString(), QStringLiteral("it could not be read"));
            QCOMPARE(out[1].toObject().value(QStringLiteral("why")).toString(), QStringLiteral("1 deployment zone, not two"));
        }
        QVERIFY(QFileInfo::exists(QDir(again.path()).filePath(QStringLiteral("summary.csv"))));
        QVERIFY(!QFileInfo::exists(QDir(again.path()).filePath(QStringLiteral("broken"))));
        QVERIFY(QFile::remove(in.filePath(QStringLiteral("broken.sightline.json"))));
        // A folder without scenarios: said.
        QTemporaryDir empty;
        r = cli({QStringLiteral("analyze"), empty.path(), QStringLiteral("--report"), out.path()});
        QVERIFY2(r.code == 2 && r.err.contains(QStringLiteral("no scenario files")), qPrintable(r.err));
        // A run that does not start (no such file; a bad option) leaves no report folder.
        const QString none = QDir(empty.path()).filePath(QStringLiteral("report"));
        r = cli({QStringLiteral("analyze"), QDir(empty.path()).filePath(QStringLiteral("nope.sightline.json")), QStringLiteral("--report"), none});
        QVERIFY2(r.code == 2 && r.err.contains(QStringLiteral("nope.sightline.json: cannot open")), qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(none));
        r = cli({QStringLiteral("analyze"), QStringLiteral(SIGHTLINE_SOURCE_DIR "/README.md"), QStringLiteral("--report"), none});
        QVERIFY2(r.code == 2 && r.err.contains(QStringLiteral("README.md: ")), qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(none));
        r = cli({QStringLiteral("analyze"), in.path(), QStringLiteral("--report"), none, QStringLiteral("--spacing"), QStringLiteral("0")});
        QVERIFY2(r.code == 2 && r.err.contains(QStringLiteral("--spacing: expected a number")), qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(none));
        // A file where the folder should be: said as such.
        r = cli({QStringLiteral("analyze"), in.path(), QStringLiteral("--report"), summary.fileName()});
        QVERIFY2(r.code == 2 && r.err.contains(QStringLiteral("summary.csv: is a file: --report names the folder")), qPrintable(r.err));
        // One file without two deployment zones: said, and no folder made.
        r = cli({QStringLiteral("analyze"), in.filePath(QStringLiteral("wall.sightline.json")), QStringLiteral("--report"), none});
        QVERIFY2(r.code == 2 && r.err.contains(QStringLiteral("wall.sightline.json: 1 deployment zone, not two")), qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(none));
        // A folder with no layout to rank: the run fails, and says why.
        QTemporaryDir lone;
        QVERIFY(QFile::copy(in.filePath(QStringLiteral("wall.sightline.json")), lone.filePath(QStringLiteral("wall.sightline.json"))));
        r = cli({QStringLiteral("analyze"), lone.path(), QStringLiteral("--report"), QDir(none).filePath(QStringLiteral("deeper"))});
        QVERIFY2(r.code == 2 && r.err.contains(QStringLiteral("no layout with two deployment zones: nothing to rank")), qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(none));  // (neither folder it made left behind)
        // (Nor is an earlier report's summary written over by it.)
        auto ranking = [&] {
            QFile f(summary.fileName());
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        };
        const QByteArray before = ranking();
        QVERIFY(!before.isEmpty());
        r = cli({QStringLiteral("analyze"), lone.path(), QStringLiteral("--report"), out.path()});
        QCOMPARE(r.code, 2);
        QCOMPARE(ranking(), before);
        // The report written again into its folder with one layout fewer: the folder left
        // from the first is named as not this report's (and kept).
        r = cli({QStringLiteral("analyze"), in.filePath(QStringLiteral("bm-purge-vs-purge-01.sightline.json")), QStringLiteral("--report"),
                 out.path(), QStringLiteral("--spacing"), QStringLiteral("4"), QStringLiteral("--zone-spacing"), QStringLiteral("8"),
                 QStringLiteral("--width"), QStringLiteral("400")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.err.contains(QStringLiteral("holds 1 layout folder left from an earlier report, not part of this one: bm-assets-vs-assets-01")),
                 qPrintable(r.err));
        QVERIFY(QFileInfo::exists(QDir(out.path()).filePath(QStringLiteral("bm-assets-vs-assets-01/figures.json"))));
    }

    // The report's cells are the window's, 0.5", unless said: at 2" Disrupt vs Disrupt 01,
    // whose Ruin 6 stands 0.5" along x and y from Ruin 2's half-turn, read as even (884 sq in
    // to hide on each side); at 0.5" its attacker has more ground than its defender.
    void analyzeLayoutReportAtTheWindowsCells() {
        QTemporaryDir in, out;
        QVERIFY(QFile::copy(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/layouts/11e/bm-disrupt-vs-disrupt-01.sightline.json"),
                            in.filePath(QStringLiteral("bm-disrupt-vs-disrupt-01.sightline.json"))));
        const Run r = cli({QStringLiteral("analyze"), in.path(), QStringLiteral("--report"), out.path(), QStringLiteral("--width"),
                           QStringLiteral("300")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("0.5\" cells, places 4\" apart")), qPrintable(r.out));
        QFile figures(QDir(out.path()).filePath(QStringLiteral("bm-disrupt-vs-disrupt-01/figures.json")));
        QVERIFY(figures.open(QIODevice::ReadOnly));
        const QJsonObject f = QJsonDocument::fromJson(figures.readAll()).object();
        const QJsonArray sides = f.value(QStringLiteral("sides")).toArray();
        QCOMPARE(sides.size(), 2);
        auto infantry = [&](int i) {
            const QJsonObject side = sides[i].toObject();
            return std::pair{side.value(QStringLiteral("side")).toString(),
                             side.value(QStringLiteral("hiding_from_enemy")).toArray()[0].toObject().value(QStringLiteral("safe_sq_in")).toDouble()};
        };
        const auto [sideA, safeA] = infantry(0);
        const auto [sideB, safeB] = infantry(1);
        QCOMPARE(sideA, QStringLiteral("attacker"));
        QCOMPARE(sideB, QStringLiteral("defender"));
        QVERIFY2(safeA > safeB + 5, qPrintable(QStringLiteral("%1 against %2 sq in").arg(safeA).arg(safeB)));
        QVERIFY2(f.value(QStringLiteral("hiding_gap")).toDouble() > 0.01, qPrintable(QString::number(f.value(QStringLiteral("hiding_gap")).toDouble())));
        // (The table: the hides to a tenth, as the JSON's, and the gap.)
        const QString row = QStringLiteral("%1/%2").arg(safeA, 0, 'f', 1).arg(safeB, 0, 'f', 1);
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("bm-disrupt-vs-disrupt-01 .* %1 +%2 ")
                                                       .arg(QRegularExpression::escape(row))
                                                       .arg(f.value(QStringLiteral("hiding_gap")).toDouble(), 0, 'f', 2))),
                 qPrintable(r.out));
    }

    void analyzeLanesAndGaps() {
        QTemporaryDir tmp;
        const QString layout = QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/layouts/11e/bm-purge-vs-purge-01.sightline.json");
        const QString png = tmp.filePath(QStringLiteral("lanes.png"));
        Run r = cli({QStringLiteral("analyze"), layout, QStringLiteral("--lanes"), QStringLiteral("-o"), png});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("firing lanes from deployment-defender to deployment-attacker")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("lane 1: ")) && r.out.contains(QStringLiteral("gaps under 6\"")), qPrintable(r.out));
        // (The line's width in mm, as the rulesets give it: 11e's 1 mm.)
        QVERIFY2(r.out.contains(QStringLiteral("(narrowest first; a sight line is 1 mm wide):")), qPrintable(r.out));
        // (What a lane's degrees are measured from, said once.)
        QVERIFY2(r.out.contains(QStringLiteral("a lane's direction in degrees: 0 along the table's width")), qPrintable(r.out));
        // (And where each lane runs: mirror images were told apart by nothing else.)
        QVERIFY2(QRegularExpression(QStringLiteral("lane 1: [0-9.]+\" wide, [0-9.]+\" long, at [0-9]+ degrees, its middle from \\([0-9.]+, [0-9.]+\\) to \\([0-9.]+, [0-9.]+\\)\n"))
                     .match(r.out).hasMatch(), qPrintable(r.out));
        QVERIFY(QImage(png).width() > 1000);
        r = cli({QStringLiteral("analyze"), layout, QStringLiteral("--lanes"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        const QJsonArray lanes = o.value(QStringLiteral("lanes")).toArray(), gaps = o.value(QStringLiteral("gaps")).toArray();
        QVERIFY(!lanes.isEmpty() && !gaps.isEmpty());
        for (int i = 1; i < lanes.size(); ++i)  // widest first
            QVERIFY(lanes[i - 1].toObject().value(QStringLiteral("width")).toDouble() >= lanes[i].toObject().value(QStringLiteral("width")).toDouble());
        QCOMPARE(lanes[0].toObject().value(QStringLiteral("outline")).toArray().size(), 4);
        const QJsonObject g = gaps[0].toObject();
        QCOMPARE(g.value(QStringLiteral("between")).toArray().size(), 2);
        QVERIFY(g.value(QStringLiteral("width")).toDouble() >= 0.01);
        QVERIFY(g.contains(QStringLiteral("bases_through")) && g.contains(QStringLiteral("sight_line_passes")));
        QCOMPARE(o.value(QStringLiteral("line_width")).toDouble(), 1 / 25.4);  // 11e: 1 mm
        // A table with one zone: said.
        r = cli({QStringLiteral("analyze"), QStringLiteral(SIGHTLINE_SOURCE_DIR "/tests/data/analysis-wall.sightline.json"), QStringLiteral("--lanes")});
        QVERIFY2(r.code == 2 && r.err.contains(QStringLiteral("needs two deployment zones")), qPrintable(r.err));
        // One zone named: the lanes run to the other deployment zone.
        r = cli({QStringLiteral("analyze"), layout, QStringLiteral("--lanes"), QStringLiteral("--zone"), QStringLiteral("deployment-attacker")});
        QVERIFY2(r.code == 0 && r.out.startsWith(QStringLiteral("firing lanes from deployment-attacker to deployment-defender")), qPrintable(r.out + r.err));
        // A zone named that is not there: named.
        r = cli({QStringLiteral("analyze"), layout, QStringLiteral("--lanes"), QStringLiteral("--zone"), QStringLiteral("deployment-attacker,nope")});
        QVERIFY2(r.code == 2 && r.err.contains(QStringLiteral("--zone: no polygon zone has the id \"nope\" (polygon zones: deployment-defender, deployment-attacker)")),
                 qPrintable(r.err));
        // No cells to write: said, and no file made.
        const QString csv = tmp.filePath(QStringLiteral("lanes.csv"));
        r = cli({QStringLiteral("analyze"), layout, QStringLiteral("--lanes"), QStringLiteral("--csv"), csv});
        QVERIFY2(r.code == 2 && r.err.contains(QStringLiteral("--csv: lanes and gaps have no cells")), qPrintable(r.err));
        QVERIFY(!QFile::exists(csv));
    }

    void rulingUnitAgainstUnit() {
        QTemporaryDir tmp;
        const QString file = scenario("wh40k-11e/02-hidden.sightline.json");
        Run r = cli({QStringLiteral("ruling"), file, QStringLiteral("--attacker"), QStringLiteral("scouts"),
                     QStringLiteral("--target"), QStringLiteral("H"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(o.value(QStringLiteral("ruleset")).toString(), QStringLiteral("wh40k-11e"));
        QCOMPARE(o.value(QStringLiteral("fingerprint")).toString().size(), 12);
        QCOMPARE(o.value(QStringLiteral("visible")).toBool(), true);  // Near sees H
        const QJsonArray attackers = o.value(QStringLiteral("attackers")).toArray();
        QCOMPARE(attackers.size(), 2);
        QCOMPARE(attackers[0].toObject().value(QStringLiteral("model")).toString(), QStringLiteral("Near"));
        QCOMPARE(attackers[0].toObject().value(QStringLiteral("unit_visible")).toBool(), true);
        QCOMPARE(attackers[1].toObject().value(QStringLiteral("unit_visible")).toBool(), false);  // beyond 15"
        QCOMPARE(attackers[1].toObject().value(QStringLiteral("unit_cover")).toBool(), true);
        QCOMPARE(o.value(QStringLiteral("pairs")).toArray().size(), 2);
        // Reasons say which pair they are about; their ids are kept beside them.
        const QJsonArray reasons = o.value(QStringLiteral("reasons")).toArray();
        const int cover = reasons.toVariantList().indexOf(QStringLiteral("Near -> H: 13.08 cover: H is INFANTRY within a2"));
        QVERIFY2(cover >= 0, qPrintable(QJsonDocument(reasons).toJson()));
        QCOMPARE(o.value(QStringLiteral("reason_ids")).toArray()[cover].toArray(),
                 (QJsonArray{QStringLiteral("Near"), QStringLiteral("H"), QStringLiteral("H"), QStringLiteral("a2")}));
        QCOMPARE(o.value(QStringLiteral("unit_cover")).toBool(), true);
        // Text, and the ruling sheet as PDF and as PNG.
        const QString pdf = tmp.filePath(QStringLiteral("sheet.pdf"));
        r = cli({QStringLiteral("ruling"), file, QStringLiteral("--attacker"), QStringLiteral("scouts"),
                 QStringLiteral("--target"), QStringLiteral("H"), QStringLiteral("--pdf"), pdf});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("13.09 hidden: Far is 15.10\" away")), qPrintable(r.out));
        QFile f(pdf);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.read(5) == "%PDF-" && f.size() > 5000);
        const QString png = tmp.filePath(QStringLiteral("sheet.png"));
        r = cli({QStringLiteral("ruling"), file, QStringLiteral("--attacker"), QStringLiteral("scouts"),
                 QStringLiteral("--target"), QStringLiteral("H"), QStringLiteral("--pdf"), png});
        QCOMPARE(r.code, 0);
        const QImage sheet(png);  // 150 dpi A4 landscape pages, one under the other
        QCOMPARE(sheet.width(), 1754);
        QVERIFY(sheet.height() >= 1240 && sheet.height() % 1240 == 0);
        // A TOWERING attacker has plunging fire against a unit within 12", even at its
        // model 12.1" away.
        r = cli({QStringLiteral("ruling"), scenario("wh40k-11e/03-plunging-engagement.sightline.json"), QStringLiteral("--attacker"),
                 QStringLiteral("c"), QStringLiteral("--target"), QStringLiteral("mob"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const QJsonArray towering = QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("pairs")).toArray();
        QCOMPARE(towering.size(), 2);
        for (const QJsonValue& pair : towering) QVERIFY(pair.toObject().value(QStringLiteral("plunging_fire")).toBool());
        // Bad units are named, with the units there are.
        r = cli({QStringLiteral("ruling"), file, QStringLiteral("--attacker"), QStringLiteral("nobody"),
                 QStringLiteral("--target"), QStringLiteral("H")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("--attacker: no unit \"nobody\"")) && r.err.contains(QStringLiteral("scouts")), qPrintable(r.err));
        r = cli({QStringLiteral("ruling"), file, QStringLiteral("--attacker"), QStringLiteral("scouts")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QStringLiteral("--target UNIT")));
        // The pair in dispute: its side view ends the sheet; bad pairs are refused by name.
        auto disputed = [&](const QString& pair, bool pdfToo = true) {
            QStringList args{QStringLiteral("ruling"), file, QStringLiteral("--attacker"), QStringLiteral("scouts"),
                             QStringLiteral("--target"), QStringLiteral("H"), QStringLiteral("--disputed"), pair};
            if (pdfToo) args << QStringLiteral("--pdf") << pdf;
            return cli(args);
        };
        r = disputed(QStringLiteral("Far:H"));
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("with the side view of Far to H (the pair in dispute; not seen because 13.09")),
                 qPrintable(r.out));
        r = disputed(QStringLiteral("H:Far"));
        QVERIFY2(r.code == 2 && r.err.contains(QStringLiteral("--disputed H:Far: \"H\" is not a model of the attacking unit \"scouts\"")),
                 qPrintable(r.err));
        r = disputed(QStringLiteral("Far"));
        QVERIFY2(r.code == 2 && r.err.contains(QStringLiteral("expected ATTACKER:TARGET")), qPrintable(r.err));
        r = disputed(QStringLiteral("Far:Nobody"));
        QVERIFY2(r.code == 2 && r.err.contains(QStringLiteral("--disputed: no model has the id \"Nobody\"")), qPrintable(r.err));
        r = disputed(QStringLiteral("Far:H"), false);
        QVERIFY2(r.code == 2 && r.err.contains(QStringLiteral("add --pdf")), qPrintable(r.err));
    }

    void catalogAndImport() {
        Run r = cli({QStringLiteral("catalog"), QStringLiteral("intercessor"), QStringLiteral("squad")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("Intercessor Squad (adeptus-astartes, intercessor-squad): 32 mm")), qPrintable(r.out));
        QVERIFY(r.out.contains(QStringLiteral("Powered by 40kdc-data")));
        r = cli({QStringLiteral("catalog"), QStringLiteral("no-such-unit-anywhere")});
        QCOMPARE(r.code, 1);
        // The catalog from a dataset file; bad sources named.
        QTemporaryDir tmp;
        const QString out = tmp.filePath(QStringLiteral("bases.json"));
        r = cli({QStringLiteral("import-40kdc"), QStringLiteral(SIGHTLINE_SOURCE_DIR "/tests/data/kdc-units.json"),
                 QStringLiteral("--catalog"), out});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("3 units (1 approximate); left out 2")), qPrintable(r.out));
        QVERIFY(QFile::exists(out));
        r = cli({QStringLiteral("import-40kdc"), tmp.filePath(QStringLiteral("missing.tgz")), QStringLiteral("--catalog"), out});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QStringLiteral("missing.tgz: no such file or folder")));
        r = cli({QStringLiteral("import-40kdc"), QStringLiteral(SIGHTLINE_SOURCE_DIR "/tests/data/kdc-units.json"), QStringLiteral("--all")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QStringLiteral("--out DIR")));
        // Layouts: each a scenario file that reads back; an unknown id is named.
        const QString layouts = QStringLiteral(SIGHTLINE_SOURCE_DIR "/tests/data/kdc-layouts.json");
        r = cli({QStringLiteral("import-40kdc"), layouts, QStringLiteral("--all"), QStringLiteral("--out"), tmp.filePath(QStringLiteral("l"))});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("kotc-colosseum.sightline.json")), qPrintable(r.out));
        r = cli({QStringLiteral("check"), tmp.filePath(QStringLiteral("l/kotc-colosseum.sightline.json"))});
        QCOMPARE(r.code, 0);
        r = cli({QStringLiteral("import-40kdc"), layouts, QStringLiteral("--layout"), QStringLiteral("nope"), QStringLiteral("--out"), tmp.path()});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QStringLiteral("no layout \"nope\"")));
    }

    void fieldOfViewOnTileMaps() {
        const QString dungeon = scenario("maps/dungeon.map");
        Run r = cli({QStringLiteral("fov"), dungeon, QStringLiteral("--at"), QStringLiteral("3,2"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(o.value(QStringLiteral("width")).toInt(), 30);
        QCOMPARE(o.value(QStringLiteral("height")).toInt(), 15);
        QCOMPARE(o.value(QStringLiteral("origin")).toArray(), (QJsonArray{3, 2}));
        const QJsonArray visible = o.value(QStringLiteral("visible")).toArray();
        QVERIFY(visible.contains(QJsonArray{3, 2}));
        QVERIFY(visible.contains(QJsonArray{12, 1}));    // across the open room
        QVERIFY(!visible.contains(QJsonArray{20, 4}));   // behind the room's east wall
        // Text: the viewer, what is seen, blanks elsewhere.
        r = cli({QStringLiteral("fov"), dungeon, QStringLiteral("--at"), QStringLiteral("3,2"), QStringLiteral("--radius"), QStringLiteral("4"),
                 QStringLiteral("--light-walls")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.split(QLatin1Char('\n'))[3].startsWith(QStringLiteral("|#..@")), qPrintable(r.out));
        QVERIFY(r.out.contains(QStringLiteral("tiles visible from 3,2")));
        r = cli({QStringLiteral("fov"), scenario("maps/overworld.map"), QStringLiteral("--at"), QStringLiteral("10,4"), QStringLiteral("--shape"), QStringLiteral("manhattan"), QStringLiteral("--radius"), QStringLiteral("3")});
        QCOMPARE(r.code, 0);
        // Bad input: named, exit 2.
        r = cli({QStringLiteral("fov"), dungeon, QStringLiteral("--at"), QStringLiteral("99,2")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QStringLiteral("off the map (30 columns, 15 rows)")));
        r = cli({QStringLiteral("fov"), dungeon, QStringLiteral("--at"), QStringLiteral("3;2")});
        QCOMPARE(r.code, 2);
        // Standing in a wall: refused (libtcod would look from it), unless --on-wall.
        r = cli({QStringLiteral("fov"), dungeon, QStringLiteral("--at"), QStringLiteral("0,0")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("--at 0,0: cannot stand on")) && r.err.contains(QStringLiteral("--on-wall")),
                 qPrintable(r.err));
        r = cli({QStringLiteral("fov"), dungeon, QStringLiteral("--at"), QStringLiteral("0,0"), QStringLiteral("--on-wall")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("visible from 0,0")), qPrintable(r.out));
        r = cli({QStringLiteral("fov"), dungeon, QStringLiteral("--at"), QStringLiteral("3,2"), QStringLiteral("--shape"), QStringLiteral("hex")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QStringLiteral("unknown shape \"hex\"")));
        QTemporaryDir tmp;
        QFile bad(tmp.filePath(QStringLiteral("bad.map")));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("####\n#..\n");
        bad.close();
        r = cli({QStringLiteral("fov"), bad.fileName(), QStringLiteral("--at"), QStringLiteral("1,1")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("bad.map: line 2: the row has 3 tiles, the first has 4")), qPrintable(r.err));
    }

    void fieldOfViewAlongAWalk() {
        // Several --at: the last is where the viewer stands; what was seen before is explored.
        const QString dungeon = scenario("maps/dungeon.map");
        Run r = cli({QStringLiteral("fov"), dungeon, QStringLiteral("--at"), QStringLiteral("3,2"), QStringLiteral("--at"),
                     QStringLiteral("11,10"), QStringLiteral("--radius"), QStringLiteral("8"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(o.value(QStringLiteral("origin")).toArray(), (QJsonArray{11, 10}));
        const QJsonArray explored = o.value(QStringLiteral("explored")).toArray();
        const QJsonArray visible = o.value(QStringLiteral("visible")).toArray();
        QVERIFY(explored.contains(QJsonArray{3, 2}) && !visible.contains(QJsonArray{3, 2}));
        QVERIFY(explored.contains(QJsonArray{11, 10}) && visible.contains(QJsonArray{11, 10}));
        r = cli({QStringLiteral("fov"), dungeon, QStringLiteral("--at"), QStringLiteral("3,2"), QStringLiteral("--at"), QStringLiteral("11,10"),
                 QStringLiteral("--radius"), QStringLiteral("8"), QStringLiteral("--light-walls")});
        QCOMPARE(r.code, 0);
        // The three renderings: terrain where visible, a dot where explored, blank elsewhere.
        const QStringList rows = r.out.split(QLatin1Char('\n'));
        QCOMPARE(rows[3].mid(1, 4), QStringLiteral("\u2592\u00b7\u00b7\u00b7"));  // row 2: wall, floor remembered
        QCOMPARE(rows[11].mid(1, 14), QStringLiteral("          #@.#"));
        QVERIFY(rows[1].endsWith(QStringLiteral("   |")));  // unexplored: blank
        QVERIFY(r.out.contains(QStringLiteral("explored on the way")));
    }

    void sightVersusFireOnAMap() {
        const QString skirmish = scenario("maps/skirmish.map");
        // Through the portcullis: seen, not shot.
        Run r = cli({QStringLiteral("sight"), skirmish, QStringLiteral("--from"), QStringLiteral("14,3"), QStringLiteral("--to"),
                     QStringLiteral("20,3"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(o.value(QStringLiteral("sight")).toObject().value(QStringLiteral("clear")).toBool(), true);
        const QJsonObject fire = o.value(QStringLiteral("fire")).toObject();
        QCOMPARE(fire.value(QStringLiteral("clear")).toBool(), false);
        QCOMPARE(fire.value(QStringLiteral("stopped_at")).toArray(), (QJsonArray{16, 3}));
        QCOMPARE(fire.value(QStringLiteral("terrain")).toString(), QStringLiteral("portcullis"));
        QCOMPARE(o.value(QStringLiteral("line")).toArray().size(), 7);
        // Into the darkness: shot, not seen.
        r = cli({QStringLiteral("sight"), skirmish, QStringLiteral("--from"), QStringLiteral("14,6"), QStringLiteral("--to"), QStringLiteral("25,6")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("sight: stopped at 20,6 (darkness, dark)")), qPrintable(r.out));
        QVERIFY(r.out.contains(QStringLiteral("fire : clear")));
        r = cli({QStringLiteral("sight"), skirmish, QStringLiteral("--from"), QStringLiteral("14,6")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QStringLiteral("sight needs --from X,Y and --to X,Y")));
        r = cli({QStringLiteral("sight"), skirmish, QStringLiteral("--from"), QStringLiteral("14,6"), QStringLiteral("--to"), QStringLiteral("40,1")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QStringLiteral("--to: 40,1 is off the map (32 columns, 11 rows)")));
    }

    void killedWhileSavingLeavesTheFileWhole() {
        // end-turn works out what each side sees, then saves the game into the file. Killed at
        // any moment (here at sixteen moments spread over its run), the file is whole: the
        // game as it was, or the game with the turn ended, never a part of one.
        QTemporaryDir dir;
        const QString game = dir.filePath(QStringLiteral("game.sightline.json"));
        QFile source(scenario("fog-of-war/official-layout-two-turns.sightline.json"));
        QVERIFY(source.open(QIODevice::ReadOnly));
        const QByteArray before = source.readAll();
        auto reset = [&] {
            QFile f(game);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            QCOMPARE(f.write(before), before.size());
        };
        reset();
        QElapsedTimer clock;
        clock.start();
        QCOMPARE(cli({QStringLiteral("end-turn"), game}).code, 0);
        const qint64 whole = clock.elapsed();
        QFile after(game);
        QVERIFY(after.open(QIODevice::ReadOnly));
        const QByteArray ended = after.readAll();
        after.close();
        QVERIFY(ended != before);
        int killed = 0;
        for (int k = 0; k < 16; ++k) {
            reset();
            QProcess p;
            p.start(QStringLiteral(SIGHTLINE_CLI), {QStringLiteral("end-turn"), game});
            QVERIFY(p.waitForStarted());
            QThread::msleep(static_cast<unsigned long>(whole * k / 15));
            if (p.state() != QProcess::NotRunning) {
                p.kill();
                ++killed;
            }
            p.waitForFinished();
            QFile now(game);
            QVERIFY(now.open(QIODevice::ReadOnly));
            const QByteArray bytes = now.readAll();
            QVERIFY2(bytes == before || bytes == ended, qPrintable(QStringLiteral("after a kill at %1 ms: %2 bytes").arg(whole * k / 15).arg(bytes.size())));
        }
        QVERIFY(killed > 0);
    }

    // A full disk: the process may write no more than a few kilobytes (RLIMIT_FSIZE, as a
    // disk with that little room left), so end-turn's save fails part way. It says so,
    // naming the file, exits 2, and the file is the game as it was.
    void fullDiskIsSaidAndLosesNothing() {
        QTemporaryDir dir;
        const QString game = dir.filePath(QStringLiteral("game.sightline.json"));
        QVERIFY(QFile::copy(scenario("fog-of-war/official-layout-two-turns.sightline.json"), game));
        QFile::setPermissions(game, QFile::ReadOwner | QFile::WriteOwner);
        QFile source(game);
        QVERIFY(source.open(QIODevice::ReadOnly));
        const QByteArray before = source.readAll();
        source.close();
        QVERIFY(before.size() > 16384);
        QProcess p;
        p.setChildProcessModifier([] {
            ::signal(SIGXFSZ, SIG_IGN);  // a write past the limit fails (EFBIG) instead of killing
            const rlimit room{4096, 4096};
            ::setrlimit(RLIMIT_FSIZE, &room);
        });
        p.start(QStringLiteral(SIGHTLINE_CLI), {QStringLiteral("end-turn"), game});
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QCOMPARE(p.exitCode(), 2);
        QVERIFY2(err.contains(game + QStringLiteral(": cannot write: no room left to write it")), qPrintable(err));
        QFile now(game);
        QVERIFY(now.open(QIODevice::ReadOnly));
        QVERIFY(now.readAll() == before);
        // Nothing left behind beside it (the unfinished copy is removed).
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1);
    }

    void sideViewOfAPair() {
        // check --observer --target --side-view: the pair's line seen from the side, drawn,
        // with what it passes said in words (on stderr: stdout stays the ruling).
        QTemporaryDir dir;
        const QString demo = scenario("demo.sightline.json"), png = dir.filePath(QStringLiteral("side.png"));
        Run r = cli({QStringLiteral("check"), demo, QStringLiteral("--observer"), QStringLiteral("b-dread"), QStringLiteral("--target"),
                     QStringLiteral("r-dread"), QStringLiteral("--side-view"), png});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.err.contains(QStringLiteral("Seen along the line drawn: it passes 0.44\" over Container (container-s) (its top 3.00\")")),
                 qPrintable(r.err));
        QVERIFY(QImage(png).width() >= 400);
        const QString svg = dir.filePath(QStringLiteral("side.svg"));
        r = cli({QStringLiteral("check"), demo, QStringLiteral("--observer"), QStringLiteral("b-int-1"), QStringLiteral("--target"),
                 QStringLiteral("r-boy-1"), QStringLiteral("--side-view"), svg, QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        QVERIFY(!QJsonDocument::fromJson(r.out.toUtf8()).isNull());  // (the JSON unspoilt)
        QVERIFY2(r.err.contains(QStringLiteral("Not seen; the least blocked line")), qPrintable(r.err));
        QVERIFY(QFileInfo(svg).size() > 1000);
        // A level line at the height where a floor rests on a wall: along the seam, closed.
        r = cli({QStringLiteral("check"), scenario("regression/33-floor-on-a-wall.sightline.json"), QStringLiteral("--observer"),
                 QStringLiteral("A"), QStringLiteral("--target"), QStringLiteral("B"), QStringLiteral("--side-view"), png});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("A -> B: not visible")), qPrintable(r.out));
        QVERIFY2(r.err.contains(QStringLiteral("runs at 3.00\", along the seam where Floor on the wall (from 3.00\" to 3.25\") rests on "
                                               "Wall (its top 3.00\"): the two together close it")),
                 qPrintable(r.err));
        // A window 13.11 closes: the gap drawn and the rule said.
        r = cli({QStringLiteral("check"), scenario("wh40k-11e/14-windows-13-11.sightline.json"), QStringLiteral("--observer"),
                 QStringLiteral("O1"), QStringLiteral("--target"), QStringLiteral("T1"), QStringLiteral("--side-view"), png});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.err.contains(QStringLiteral("It runs through the gap in Ruin wall (2.90\" to 4.50\"), which is closed to sight: "
                                               "13.11 solid")),
                 qPrintable(r.err));
        r = cli({QStringLiteral("check"), demo, QStringLiteral("--side-view"), png});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QStringLiteral("--side-view needs --observer and --target")));
        r = cli({QStringLiteral("check"), demo, QStringLiteral("--observer"), QStringLiteral("b-dread"), QStringLiteral("--target"),
                 QStringLiteral("r-dread"), QStringLiteral("--side-view"), dir.filePath(QStringLiteral("side.jpg"))});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QStringLiteral("unknown image type \"jpg\"")));
    }

    void tableFogOfWar() {
        // render --side draws the table as a side sees it (now, or --turn N of the file's game);
        // end-turn ends a turn in the file. Mistakes are said, with a non-zero exit.
        QTemporaryDir dir;
        const QString game = scenario("fog-of-war/official-layout-two-turns.sightline.json");
        const QString png = dir.filePath(QStringLiteral("blue.png"));
        Run r = cli({QStringLiteral("render"), game, QStringLiteral("--side"), QStringLiteral("blue"), QStringLiteral("--turn"),
                     QStringLiteral("2"), QStringLiteral("-o"), png});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("blue sees 4 of 10 enemy models and remembers 2")), qPrintable(r.out));
        QVERIFY(QImage(png).width() > 1000);
        r = cli({QStringLiteral("render"), game, QStringLiteral("--side"), QStringLiteral("blue"), QStringLiteral("--turn"),
                 QStringLiteral("1"), QStringLiteral("-o"), png});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("blue sees 6 of 10 enemy models")), qPrintable(r.out));
        r = cli({QStringLiteral("render"), game, QStringLiteral("--side"), QStringLiteral("red"), QStringLiteral("-o"), png});  // now
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("red sees 0 of 10 enemy models")), qPrintable(r.out));
        // --shade: a veil over the ground the side does not see (a point 1.75" high).
        const QString clear = dir.filePath(QStringLiteral("clear.png")), veiled = dir.filePath(QStringLiteral("veiled.png"));
        r = cli({QStringLiteral("render"), game, QStringLiteral("--side"), QStringLiteral("blue"), QStringLiteral("-o"), clear});
        QCOMPARE(r.code, 0);
        r = cli({QStringLiteral("render"), game, QStringLiteral("--side"), QStringLiteral("blue"), QStringLiteral("--shade"),
                 QStringLiteral("1.75"), QStringLiteral("-o"), veiled});
        QCOMPARE(r.code, 0);
        const QRegularExpression said(QStringLiteral("blue does not see (\\d+) sq in of the table, sees (\\d+)"));
        const QRegularExpressionMatch m = said.match(r.out);
        QVERIFY2(m.hasMatch(), qPrintable(r.out));
        QVERIFY(m.captured(1).toInt() > 100 && m.captured(2).toInt() > 100);  // (44 x 60 = 2,640 sq in)
        QVERIFY(m.captured(1).toInt() + m.captured(2).toInt() <= 2640);
        {
            // The veil darkens the picture: its mean brightness is lower.
            auto brightness = [](const QImage& image) {
                double sum = 0;
                for (int y = 0; y < image.height(); y += 4)
                    for (int x = 0; x < image.width(); x += 4) sum += qGray(image.pixel(x, y));
                return sum;
            };
            QVERIFY(brightness(QImage(veiled)) < 0.9 * brightness(QImage(clear)));
        }
        for (const auto& [args, said] : std::vector<std::pair<QStringList, QString>>{
                 {{QStringLiteral("--side"), QStringLiteral("green")}, QStringLiteral("no model of side \"green\" on the table (sides: blue, red)")},
                 {{QStringLiteral("--side"), QStringLiteral("blue"), QStringLiteral("--turn"), QStringLiteral("9")},
                  QStringLiteral("expected a turn the file's game has ended, from 1 to 2, found \"9\"")},
                 {{QStringLiteral("--turn"), QStringLiteral("1")}, QStringLiteral("--turn needs --side")},
                 {{QStringLiteral("--shade"), QStringLiteral("1")}, QStringLiteral("--shade needs --side")},
                 {{QStringLiteral("--side"), QStringLiteral("blue"), QStringLiteral("--shade"), QStringLiteral("high")},
                  QStringLiteral("--shade: expected a height in inches above 0, at most 30 (such as 1.75), found \"high\"")},
                 {{QStringLiteral("--side"), QStringLiteral("blue"), QStringLiteral("--observer"), QStringLiteral("boy-1")},
                  QStringLiteral("leave out --observer")}}) {
            r = cli(QStringList{QStringLiteral("render"), game, QStringLiteral("-o"), png} + args);
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.contains(said), qPrintable(r.err));
        }
        r = cli({QStringLiteral("render"), scenario("demo.sightline.json"), QStringLiteral("--side"), QStringLiteral("blue"),
                 QStringLiteral("--turn"), QStringLiteral("1"), QStringLiteral("-o"), png});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("no turn ended yet")), qPrintable(r.err));
        // end-turn: turn 3 ended, the file saved with it.
        const QString copy = dir.filePath(QStringLiteral("game.sightline.json"));
        QVERIFY(QFile::copy(game, copy));
        r = cli({QStringLiteral("end-turn"), copy});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("turn 3 ended; turn 4 begins")), qPrintable(r.out));
        QFile saved(copy);
        QVERIFY(saved.open(QIODevice::ReadOnly));
        const QJsonObject fog = QJsonDocument::fromJson(saved.readAll()).object().value(QStringLiteral("fog_of_war")).toObject();
        QCOMPARE(fog.value(QStringLiteral("history")).toArray().size(), 3);
        QCOMPARE(fog.value(QStringLiteral("turn")).toInt(), 4);
        r = cli({QStringLiteral("end-turn"), scenario("regression/no-such-file.sightline.json")});
        QCOMPARE(r.code, 2);
    }

    void tileMapPictures() {
        // fov, sight and fog --png draw the map with the tile renderer: a tile 24 pixels (the
        // picture is the map and a half-tile margin wide); fov: the viewer's tile blue, a tile
        // it cannot see black; sight: a tile after the stop red; fog: a picture per report
        // and side. A folder that cannot be made is said, with a non-zero exit.
        QTemporaryDir dir;
        const QString dungeon = scenario("maps/dungeon.map");
        const QString fovPng = dir.filePath(QStringLiteral("fov.png"));
        Run r = cli({QStringLiteral("fov"), dungeon, QStringLiteral("--at"), QStringLiteral("17,6"), QStringLiteral("--png"), fovPng});
        QCOMPARE(r.code, 0);
        QVERIFY(r.err.contains(QStringLiteral("wrote ")));
        const QImage fov(fovPng);
        QCOMPARE(fov.width(), 30 * 24 + 24);
        // A tile's middle: past the margin (half a tile) and the title's band (as high as the
        // caption's under the map).
        auto at = [&](const QImage& image, int x, int y, int rows) {
            const int titleBand = (image.height() - rows * 24 - 24) / 2;
            return image.pixelColor(12 + x * 24 + 12, 12 + titleBand + y * 24 + 12);
        };
        auto centre = [&](const QImage& image, int x, int y) { return at(image, x, y, 15); };
        QVERIFY2(centre(fov, 17, 6).blue() > centre(fov, 17, 6).red() + 50, qPrintable(centre(fov, 17, 6).name()));  // (the viewer's disc)
        QVERIFY2(centre(fov, 2, 12).lightness() < 20, qPrintable(centre(fov, 2, 12).name()));  // behind walls: unexplored
        QVERIFY2(centre(fov, 15, 7).lightness() > 120, qPrintable(centre(fov, 15, 7).name()));  // open ground in view
        const QString sightPng = dir.filePath(QStringLiteral("sight.png"));
        r = cli({QStringLiteral("sight"), scenario("maps/skirmish.map"), QStringLiteral("--from"), QStringLiteral("14,3"), QStringLiteral("--to"),
                 QStringLiteral("22,8"), QStringLiteral("--png"), sightPng, QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QVERIFY(!o.value(QStringLiteral("sight")).toObject().value(QStringLiteral("clear")).toBool());
        const QImage sight(sightPng);
        QVERIFY(!sight.isNull());
        // The line's last tile before B, past the stop: red.
        const QJsonArray line = o.value(QStringLiteral("line")).toArray();
        const QJsonArray late = line.at(line.size() - 2).toArray();
        const int mapRows = 11;
        const QColor red = at(sight, late.at(0).toInt(), late.at(1).toInt(), mapRows);
        QVERIFY2(red.red() > red.green() + 40, qPrintable(red.name()));
        const QString folder = dir.filePath(QStringLiteral("fog"));
        r = cli({QStringLiteral("fog"), scenario("maps/skirmish.map"), QStringLiteral("--script"), scenario("maps/skirmish.fog"),
                 QStringLiteral("--png"), folder});
        QCOMPARE(r.code, 0);
        const int reports = static_cast<int>(r.out.count(QStringLiteral("== turn")));
        const QStringList pictures = QDir(folder).entryList({QStringLiteral("turn-*.png")});
        QVERIFY(pictures.size() >= reports);  // a picture for each side of each turn's report
        QVERIFY(pictures.contains(QStringLiteral("turn-1-red.png")) && pictures.contains(QStringLiteral("turn-1-blue.png")));
        QVERIFY(r.err.contains(QStringLiteral("pictures to")));
        // A folder under a file cannot be made.
        QFile blocker(dir.filePath(QStringLiteral("file")));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        r = cli({QStringLiteral("fog"), scenario("maps/skirmish.map"), QStringLiteral("--script"), scenario("maps/skirmish.fog"),
                 QStringLiteral("--png"), dir.filePath(QStringLiteral("file/inside"))});
        QVERIFY(r.code != 0);
        QVERIFY2(r.err.contains(QStringLiteral("cannot make the folder")), qPrintable(r.err));
        r = cli({QStringLiteral("fov"), dungeon, QStringLiteral("--at"), QStringLiteral("17,6"), QStringLiteral("--png"), dir.filePath(QStringLiteral("file/x.png"))});
        QVERIFY(r.code != 0);
        QVERIFY2(r.err.contains(QStringLiteral("cannot write the image")), qPrintable(r.err));
    }

    void fogGamesOnTheShippedMaps() {
        for (const char* name : {"skirmish", "overworld"}) {
            const Run r = cli({QStringLiteral("fog"), scenario(QStringLiteral("maps/%1.map").arg(QLatin1String(name))), QStringLiteral("--script"),
                               scenario(QStringLiteral("maps/%1.fog").arg(QLatin1String(name)))});
            QCOMPARE(r.code, 0);
            QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
            QVERIFY(r.out.startsWith(QStringLiteral("== turn 0 (set-up) ==")));
        }
        const Run overworld = cli({QStringLiteral("fog"), scenario("maps/overworld.map"), QStringLiteral("--script"), scenario("maps/overworld.fog")});
        QVERIFY(overworld.out.contains(QStringLiteral("observer W at 8,5, sight range 2:")));   // forest 1 + 1
        QVERIFY(overworld.out.contains(QStringLiteral("observer W at 14,3, sight range 4:")));  // plains 3 + 1
        QVERIFY(overworld.out.contains(QStringLiteral("observer W at 21,1, sight range 3:")));  // mountain 0 + 2 + 1
        QVERIFY(overworld.out.contains(QStringLiteral("observer S at 1,1, sight range 2:")));   // water 2
        // One side only.
        const Run red = cli({QStringLiteral("fog"), scenario("maps/skirmish.map"), QStringLiteral("--script"), scenario("maps/skirmish.fog"),
                             QStringLiteral("--side"), QStringLiteral("red")});
        QCOMPARE(red.code, 0);
        QVERIFY(red.out.contains(QStringLiteral("\nred: ")) && !red.out.contains(QStringLiteral("\nblue: ")));
    }

    void perceiveLightAndSenses() {
        const QString map = scenario("maps/crypt.map"), script = scenario("maps/crypt.fog");
        // Every unit: the light, then what each perceives, by which senses.
        const Run all = cli({QStringLiteral("perceive"), map, QStringLiteral("--script"), script});
        QCOMPARE(all.code, 0);
        QVERIFY2(all.err.isEmpty(), qPrintable(all.err));
        QVERIFY(all.out.startsWith(QStringLiteral("light: ")));
        QVERIFY(all.out.contains(QStringLiteral("perceive B (party) at 9,4: sight=0 blindsight=8 flying")));
        QVERIFY(all.out.contains(QStringLiteral("  sees X shade (crypt) at 16,2 by blindsight")));
        QVERIFY(all.out.contains(QStringLiteral("  sees K skeleton (crypt) at 30,7 by sight")));
        // One viewer as JSON: its tiles in tiers (0 unseen, 1 outline, 2 seen), and each unit.
        const Run json = cli({QStringLiteral("perceive"), map, QStringLiteral("--script"), script, QStringLiteral("--viewer"), QStringLiteral("W"),
                              QStringLiteral("--json")});
        QCOMPARE(json.code, 0);
        const QJsonObject root = QJsonDocument::fromJson(json.out.toUtf8()).object();
        QCOMPARE(root.value(QStringLiteral("light")).toArray().size(), 10);
        const QJsonArray viewers = root.value(QStringLiteral("viewers")).toArray();
        QCOMPARE(viewers.size(), 1);
        const QJsonObject worm = viewers[0].toObject();
        QCOMPARE(worm.value(QStringLiteral("id")).toString(), QStringLiteral("W"));
        QCOMPARE(worm.value(QStringLiteral("tiles")).toArray().size(), 10);
        int felt = 0, flying = -1;
        for (const QJsonValue& v : worm.value(QStringLiteral("perceives")).toArray()) {
            const QJsonObject p = v.toObject();
            if (p.value(QStringLiteral("senses")).toArray().contains(QStringLiteral("tremorsense"))) {
                ++felt;
                QCOMPARE(p.value(QStringLiteral("tier")).toString(), QStringLiteral("outline"));
            }
            if (p.value(QStringLiteral("id")).toString() == QLatin1String("B")) flying = p.value(QStringLiteral("senses")).toArray().size();
        }
        QVERIFY(felt >= 2);
        QCOMPARE(flying, 0);  // (the familiar flies: no tremorsense feels it)
        // A side: the best of its units.
        const Run side = cli({QStringLiteral("perceive"), map, QStringLiteral("--script"), script, QStringLiteral("--side"), QStringLiteral("party")});
        QCOMPARE(side.code, 0);
        QVERIFY(side.out.contains(QStringLiteral("side party (the best of its units):")));
        QVERIFY(side.out.contains(QStringLiteral("  does not perceive T (crypt) at 25,3")));
        // A picture of one view.
        QTemporaryDir pictures;
        const QString png = pictures.filePath(QStringLiteral("b.png"));
        const Run drawn = cli({QStringLiteral("perceive"), map, QStringLiteral("--script"), script, QStringLiteral("--viewer"), QStringLiteral("B"),
                               QStringLiteral("--png"), png});
        QCOMPARE(drawn.code, 0);
        QVERIFY(QImage(png).width() > 400);
        const Run twoViews = cli({QStringLiteral("perceive"), map, QStringLiteral("--script"), script, QStringLiteral("--png"), png});
        QCOMPARE(twoViews.code, 2);
        QVERIFY(twoViews.err.contains(QStringLiteral("perceive --png draws one view")));
        // A script with nothing in it: the light of the map alone.
        QTemporaryDir empty;
        QFile nothing(empty.filePath(QStringLiteral("nothing.fog")));
        QVERIFY(nothing.open(QIODevice::WriteOnly));
        nothing.write("// nothing yet\n");
        nothing.close();
        const Run bare = cli({QStringLiteral("perceive"), map, QStringLiteral("--script"), nothing.fileName()});
        QCOMPARE(bare.code, 0);
        QVERIFY(bare.out.startsWith(QStringLiteral("light: ")));
        // Mistakes: named, exit 2.
        const Run noScript = cli({QStringLiteral("perceive"), map});
        QCOMPARE(noScript.code, 2);
        QVERIFY(noScript.err.contains(QStringLiteral("perceive needs --script FILE")));
        const Run noViewer = cli({QStringLiteral("perceive"), map, QStringLiteral("--script"), script, QStringLiteral("--viewer"), QStringLiteral("Q")});
        QCOMPARE(noViewer.code, 2);
        QVERIFY(noViewer.err.contains(QStringLiteral("--viewer: no unit Q in the game")));
        QTemporaryDir tmp;
        QFile bad(tmp.filePath(QStringLiteral("bad.fog")));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("side a\nunit a Z zombie 1,1 darkvision=far\n");
        bad.close();
        const Run badLine = cli({QStringLiteral("perceive"), map, QStringLiteral("--script"), bad.fileName()});
        QCOMPARE(badLine.code, 2);
        QVERIFY2(badLine.err.contains(QStringLiteral("bad.fog: line 2: \"darkvision=far\": darkvision must be a whole number")), qPrintable(badLine.err));
    }

    void fogGameCarriedInAStateFile() {
        QTemporaryDir tmp;
        QFile script(scenario("maps/skirmish.fog"));
        QVERIFY(script.open(QIODevice::ReadOnly));
        const QByteArray all = script.readAll();
        const qsizetype split = all.indexOf("\nturn\n// Turn 4.");
        QVERIFY(split > 0);
        auto write = [&](const QString& name, const QByteArray& text) {
            QFile f(tmp.filePath(name));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
        };
        write(QStringLiteral("first.fog"), all.left(split + 1));
        write(QStringLiteral("second.fog"), all.mid(split + 1));
        const QString state = tmp.filePath(QStringLiteral("skirmish.fog.json"));
        const QString map = scenario("maps/skirmish.map");
        Run r = cli({QStringLiteral("fog"), map, QStringLiteral("--script"), tmp.filePath(QStringLiteral("first.fog")), QStringLiteral("--state"), state});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.endsWith(QStringLiteral("saved the game at turn 3 to %1\n").arg(state)));
        r = cli({QStringLiteral("fog"), map, QStringLiteral("--script"), tmp.filePath(QStringLiteral("second.fog")), QStringLiteral("--state"), state});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.startsWith(QStringLiteral("continuing from %1 (turn 3)").arg(state)));
        // Red's memory of the archer came through the file.
        QVERIFY2(r.out.contains(QStringLiteral("remembers B1 archer (blue) at 19,3, health 8, seen on turn 2 (2 turns ago)")), qPrintable(r.out));
        // The same end as the whole game in one run.
        const Run whole = cli({QStringLiteral("fog"), map, QStringLiteral("--script"), scenario("maps/skirmish.fog")});
        const qsizetype lastTurn = whole.out.lastIndexOf(QStringLiteral("== turn 6 =="));
        QVERIFY(lastTurn > 0);
        QVERIFY(r.out.contains(whole.out.mid(lastTurn)));
        // A bad state file or script is named, exit 2, and the state file is left alone.
        write(QStringLiteral("bad.json"), "{\"format\": \"sightline-fog\", \"version\": 1, \"map_size\": [5, 5]}");
        r = cli({QStringLiteral("fog"), map, QStringLiteral("--script"), tmp.filePath(QStringLiteral("second.fog")), QStringLiteral("--state"),
                 tmp.filePath(QStringLiteral("bad.json"))});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("bad.json: map_size: the state is for a 5x5 map; this map is 32x11")), qPrintable(r.err));
        write(QStringLiteral("broken.fog"), "turn\nmove R1 0,0\n");
        QFile before(state);
        QVERIFY(before.open(QIODevice::ReadOnly));
        const QByteArray saved = before.readAll();
        before.close();
        r = cli({QStringLiteral("fog"), map, QStringLiteral("--script"), tmp.filePath(QStringLiteral("broken.fog")), QStringLiteral("--state"), state});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("broken.fog: line 2: R1 cannot move: 0,0 is wall, which is solid")), qPrintable(r.err));
        QVERIFY(before.open(QIODevice::ReadOnly));
        QCOMPARE(before.readAll(), saved);
        r = cli({QStringLiteral("fog"), map});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QStringLiteral("fog needs --script FILE")));
    }

    void verifyCountsEveryExpectation() {
        QDir dir(scenario("regression"));
        QStringList files;
        for (const QString& f : dir.entryList({QStringLiteral("*.json")}, QDir::Files)) files << dir.filePath(f);
        QVERIFY(files.size() >= 15);
        const Run r = cli(QStringList{QStringLiteral("verify")} + files);
        QCOMPARE(r.code, 0);
        QVERIFY2(QRegularExpression(QStringLiteral("^\\d+ passed, 0 failed$")).match(lastLine(r.out)).hasMatch(), qPrintable(r.out));
    }

    void verifyReportsMismatches() {
        QTemporaryDir tmp;
        QFile src(scenario("regression/02-tall-wall.sightline.json"));
        QVERIFY(src.open(QIODevice::ReadOnly));
        const QByteArray text = src.readAll();
        const QString path = tmp.filePath(QStringLiteral("wrong.json"));
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        // Flip the first query's expectation: the engine's answer stays "not visible".
        QJsonObject doc = QJsonDocument::fromJson(text).object();
        QJsonArray queries = doc.value("queries").toArray();
        QJsonObject q0 = queries[0].toObject();
        QJsonObject expect = q0.value("expect").toObject();
        expect[QStringLiteral("visible")] = true;
        q0[QStringLiteral("expect")] = expect;
        queries[0] = q0;
        doc[QStringLiteral("queries")] = queries;
        out.write(QJsonDocument(doc).toJson());
        out.close();
        const Run r = cli({QStringLiteral("verify"), path});
        QCOMPARE(r.code, 1);
        QCOMPARE(lastLine(r.out), QStringLiteral("1 passed, 1 failed"));
        QVERIFY2(r.out.contains(QStringLiteral("queries[0] A1 -> B1: visible: expected true, got false")), qPrintable(r.out));
    }

    void malformedFilesExitTwoWithThePlace_data() {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("where");
        const QByteArray head = R"({"format": "sightline-scenario", "version": 1, "board": {"width": 60, "height": 44}, )";
        QTest::newRow("not json") << QByteArray("{ nope") << "not valid JSON";
        QTest::newRow("wrong format") << QByteArray(R"({"format": "x", "version": 1})") << "format: expected";
        QTest::newRow("newer version") << QByteArray(R"({"format": "sightline-scenario", "version": 7, "board": {"width": 1, "height": 1}})") << "version: version 7 is newer";
        QTest::newRow("bad footprint") << head + R"("terrain": [{"id": "t", "kind": "feature", "height": 2, "footprint": [[0,0],[2,2],[2,0],[0,2]]}]})" << "terrain[0].footprint: the ring crosses itself";
        QTest::newRow("bad base") << head + R"("models": [{"id": "m", "base": {"shape": "star"}, "position": [1,1], "height": 1}]})" << "models[0].base.shape: unknown base shape";
        QTest::newRow("duplicate id") << head + R"("models": [{"id": "m", "base": {"shape": "circle", "diameter_mm": 25}, "position": [1,1], "height": 1}, {"id": "m", "base": {"shape": "circle", "diameter_mm": 25}, "position": [5,1], "height": 1}]})" << "models[1].id: duplicate id";
    }

    void malformedFilesExitTwoWithThePlace() {
        QFETCH(QByteArray, content);
        QFETCH(QString, where);
        QTemporaryDir tmp;
        const QString path = tmp.filePath(QStringLiteral("bad.sightline.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(content);
        f.close();
        for (const QString& command : {QStringLiteral("check"), QStringLiteral("verify")}) {
            const Run r = cli({command, path});
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.contains(path + QStringLiteral(": ") + where), qPrintable(r.err));
            if (command == QLatin1String("check")) QVERIFY(r.out.isEmpty());
        }
        // With a good file beside it, verify still answers the good one but its summary
        // counts the unreadable file as failed.
        const Run both = cli({QStringLiteral("verify"), path, scenario("regression/01-open-table.sightline.json")});
        QCOMPARE(both.code, 2);
        QCOMPARE(lastLine(both.out), QStringLiteral("1 passed, 1 failed"));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
