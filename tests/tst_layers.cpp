// The code's floor plan holds: every include in geometry/ names its folder and points down
// (kernel <- los <- rules <- analysis; grid on kernel only), the pair layer of los/ sits
// on the methods and they on the line test, nothing in geometry/ includes Qt, the
// application's layers point one way (cli, gui -> render -> core -> geometry), and no
// include runs in a circle. Checked on the real tree and, to show each rule bites, on
// small trees that break it.
#include <QtTest>

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <functional>
#include <map>
#include <set>

namespace {

// Where each folder may include from (folders relative to the tree's root). A file
// belongs to the longest folder its path starts with.
const std::map<QString, QStringList> kAllowed = {
    {QStringLiteral("geometry/kernel"), {QStringLiteral("geometry/kernel")}},
    {QStringLiteral("geometry/los"), {QStringLiteral("geometry/kernel"), QStringLiteral("geometry/los")}},
    {QStringLiteral("geometry/rules"),
     {QStringLiteral("geometry/kernel"), QStringLiteral("geometry/los"), QStringLiteral("geometry/rules")}},
    {QStringLiteral("geometry/analysis"),
     {QStringLiteral("geometry/kernel"), QStringLiteral("geometry/los"), QStringLiteral("geometry/rules"),
      QStringLiteral("geometry/analysis")}},
    {QStringLiteral("geometry/grid"), {QStringLiteral("geometry/kernel"), QStringLiteral("geometry/grid")}},
    {QStringLiteral("app/core"), {QStringLiteral("geometry"), QStringLiteral("app/core")}},
    {QStringLiteral("app/render"), {QStringLiteral("geometry"), QStringLiteral("app/core"), QStringLiteral("app/render")}},
    {QStringLiteral("app/gui"),
     {QStringLiteral("geometry"), QStringLiteral("app/core"), QStringLiteral("app/render"), QStringLiteral("app/gui")}},
    {QStringLiteral("app/cli"),
     {QStringLiteral("geometry"), QStringLiteral("app/core"), QStringLiteral("app/render"), QStringLiteral("app/cli")}},
};

// Inside los/, in order from the bottom: a file may include its own header and the files
// of lower steps only.
const std::vector<QStringList> kLosSteps = {
    {QStringLiteral("view_memo")},                           // what proofs found of an observer's view, kept
    {QStringLiteral("scene")},                               // the scene index and the one-line test
    {QStringLiteral("certify")},                             // proofs that no line is open
    {QStringLiteral("sampled"), QStringLiteral("exact_los"), QStringLiteral("flat_los")},  // the methods
    {QStringLiteral("coverage")},                            // how much of a target the exact method sees
    {QStringLiteral("pair")},                                // the pair layer, dispatching to the methods
};

// Quoted includes are looked up beside the file, then in these folders (as the build does).
const QStringList kSearchPaths = {QStringLiteral("geometry"), QStringLiteral("app/core"), QStringLiteral("app/render"),
                                  QStringLiteral("app/gui"), QStringLiteral("app/cli")};

bool within(const QString& path, const QString& folder) { return path.startsWith(folder + QLatin1Char('/')); }

QString folderOf(const QString& path) {
    QString best;
    for (const auto& [folder, allowed] : kAllowed)
        if (within(path, folder) && folder.size() > best.size()) best = folder;
    return best;
}

int losStep(const QString& path) {
    const QString stem = QFileInfo(path).completeBaseName();
    for (size_t i = 0; i < kLosSteps.size(); ++i)
        if (kLosSteps[i].contains(stem)) return static_cast<int>(i);
    return -1;
}

struct Include {
    int line;
    QString name;
    bool quoted;
};

std::vector<Include> includesOf(const QString& file) {
    std::vector<Include> found;
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) return found;
    static const QRegularExpression re(QStringLiteral(R"(^\s*#\s*include\s*([<"])([^">]+)[">])"));
    int line = 0;
    while (!f.atEnd()) {
        ++line;
        const QRegularExpressionMatch m = re.match(QString::fromUtf8(f.readLine()));
        if (m.hasMatch()) found.push_back({line, m.captured(2), m.captured(1) == QLatin1String("\"")});
    }
    return found;
}

// Every breach of the floor plan in the tree at `root`, one line each, naming the file and
// line and the rule.
QStringList layeringProblems(const QString& root) {
    const QDir dir(root);
    QStringList files;
    for (const QString& top : {QStringLiteral("geometry"), QStringLiteral("app")}) {
        QDirIterator it(dir.filePath(top), {QStringLiteral("*.h"), QStringLiteral("*.cpp")}, QDir::Files,
                        QDirIterator::Subdirectories);
        while (it.hasNext()) files << dir.relativeFilePath(it.next());
    }
    files.sort();
    QStringList problems;
    std::map<QString, QStringList> graph;  // file -> the project files it includes
    for (const QString& file : files) {
        const QString folder = folderOf(file);
        if (folder.isEmpty()) {
            problems << QStringLiteral("%1: in no folder of the floor plan (geometry/ has kernel, los, rules, "
                                       "analysis and grid; app/ has core, render, gui and cli)")
                            .arg(file);
            continue;
        }
        const bool engine = within(file, QStringLiteral("geometry"));
        if (folder == QLatin1String("geometry/los") && losStep(file) < 0)
            problems << QStringLiteral("%1: no step in los/'s order (the line test, the methods, coverage, the pair "
                                       "layer): give it one in tst_layers")
                            .arg(file);
        for (const Include& inc : includesOf(dir.filePath(file))) {
            const QString where = QStringLiteral("%1:%2").arg(file).arg(inc.line);
            if (!inc.quoted) {
                if (engine && inc.name.startsWith(QLatin1Char('Q')))
                    problems << QStringLiteral("%1: includes <%2>: the engine knows no Qt").arg(where, inc.name);
                continue;
            }
            if (inc.name.endsWith(QLatin1String(".moc"))) continue;
            QString target;
            QStringList places{QFileInfo(file).path()};
            places += kSearchPaths;
            for (const QString& place : places)
                if (QFileInfo::exists(dir.filePath(place + QLatin1Char('/') + inc.name))) {
                    target = QDir::cleanPath(place + QLatin1Char('/') + inc.name);
                    break;
                }
            if (target.isEmpty()) {
                if (engine) problems << QStringLiteral("%1: includes \"%2\", which is no file of the engine").arg(where, inc.name);
                continue;
            }
            graph[file] << target;
            if (engine && !inc.name.contains(QLatin1Char('/')))
                problems << QStringLiteral("%1: includes \"%2\" without its folder (write \"%3\")")
                                .arg(where, inc.name, target.mid(QStringLiteral("geometry/").size()));
            bool allowed = false;
            for (const QString& f : kAllowed.at(folder)) allowed = allowed || within(target, f);
            if (!allowed)
                problems << QStringLiteral("%1: includes %2, but %3/ may include only from %4")
                                .arg(where, target, folder, kAllowed.at(folder).join(QStringLiteral(", ")));
            if (folder == QLatin1String("geometry/los") && within(target, folder)) {
                const int from = losStep(file), to = losStep(target);
                const bool ownHeader = QFileInfo(file).completeBaseName() == QFileInfo(target).completeBaseName();
                if (from >= 0 && to >= 0 && !ownHeader && to >= from)
                    problems << QStringLiteral("%1: includes %2, which is not below it in los/ (the line test, the "
                                               "methods, coverage, the pair layer)")
                                    .arg(where, target);
            }
        }
    }
    // Circles: a depth-first walk, reporting each circle once by the path that closes it.
    std::map<QString, int> state;  // 0 unvisited, 1 on the path, 2 done
    QStringList path;
    std::function<void(const QString&)> walk = [&](const QString& file) {
        state[file] = 1;
        path << file;
        for (const QString& next : graph[file]) {
            if (state[next] == 1) {
                const QStringList circle = path.mid(path.indexOf(next)) << next;
                problems << QStringLiteral("an include circle: %1").arg(circle.join(QStringLiteral(" -> ")));
            } else if (state[next] == 0) {
                walk(next);
            }
        }
        path.removeLast();
        state[file] = 2;
    };
    for (const QString& file : files)
        if (state[file] == 0) walk(file);
    return problems;
}

void write(const QDir& dir, const QString& path, const QByteArray& text) {
    QVERIFY(dir.mkpath(QFileInfo(dir.filePath(path)).path()));
    QFile f(dir.filePath(path));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
}

bool anyContains(const QStringList& problems, const QString& part) {
    for (const QString& p : problems)
        if (p.contains(part)) return true;
    return false;
}

}  // namespace

class TestLayers : public QObject {
    Q_OBJECT

private slots:
    void theTreeFollowsTheFloorPlan() {
        const QStringList problems = layeringProblems(QStringLiteral(SIGHTLINE_SOURCE_DIR));
        if (!problems.isEmpty()) qWarning().noquote() << problems.join(QLatin1Char('\n'));
        QCOMPARE(problems.size(), 0);
    }

    void theEngineHasItsFolders() {
        const QDir geometry(QStringLiteral(SIGHTLINE_SOURCE_DIR "/geometry"));
        for (const char* folder : {"kernel", "los", "rules", "grid"}) QVERIFY2(geometry.exists(QLatin1String(folder)), folder);
        // The folders hold what they say: the line test, the methods and the pair layer.
        for (const char* file : {"los/scene.h", "los/exact_los.h", "los/sampled.h", "los/pair.h", "kernel/types.h",
                                 "rules/rulings.h", "grid/fov.h"})
            QVERIFY2(geometry.exists(QLatin1String(file)), file);
    }

    // Each rule reports a tree that breaks it, with the file and line.
    void eachRuleBites() {
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const QDir dir(tmp.path());
        write(dir, QStringLiteral("geometry/kernel/types.h"), "#pragma once\n");
        write(dir, QStringLiteral("geometry/kernel/base.h"), "#include \"kernel/types.h\"\n#include \"los/scene.h\"\n");
        write(dir, QStringLiteral("geometry/los/scene.h"), "#include \"kernel/types.h\"\n");
        write(dir, QStringLiteral("geometry/los/exact_los.cpp"), "#include \"los/scene.h\"\n#include \"los/pair.h\"\n");
        write(dir, QStringLiteral("geometry/los/pair.h"), "#include \"scene.h\"\n#include <QString>\n");
        write(dir, QStringLiteral("geometry/los/extra.h"), "#pragma once\n");
        write(dir, QStringLiteral("geometry/grid/a.h"), "#include \"grid/b.h\"\n");
        write(dir, QStringLiteral("geometry/grid/b.h"), "#include \"grid/a.h\"\n#include \"rules/rulings.h\"\n");
        write(dir, QStringLiteral("geometry/loose.h"), "#pragma once\n");
        write(dir, QStringLiteral("app/core/doc.h"), "#include \"board.h\"\n");
        write(dir, QStringLiteral("app/gui/board.h"), "#include \"los/pair.h\"\n");
        const QStringList problems = layeringProblems(tmp.path());
        QVERIFY(anyContains(problems, QStringLiteral("geometry/kernel/base.h:2: includes geometry/los/scene.h")));
        QVERIFY(anyContains(problems, QStringLiteral("geometry/los/exact_los.cpp:2: includes geometry/los/pair.h, which is not below it")));
        QVERIFY(anyContains(problems, QStringLiteral("geometry/los/pair.h:1: includes \"scene.h\" without its folder")));
        QVERIFY(anyContains(problems, QStringLiteral("geometry/los/pair.h:2: includes <QString>: the engine knows no Qt")));
        QVERIFY(anyContains(problems, QStringLiteral("geometry/los/extra.h: no step in los/'s order")));
        QVERIFY(anyContains(problems, QStringLiteral("an include circle: geometry/grid/a.h -> geometry/grid/b.h -> geometry/grid/a.h")));
        QVERIFY(anyContains(problems, QStringLiteral("geometry/grid/b.h:2: includes \"rules/rulings.h\", which is no file of the engine")));
        QVERIFY(anyContains(problems, QStringLiteral("geometry/loose.h: in no folder")));
        QVERIFY(anyContains(problems, QStringLiteral("app/core/doc.h:1: includes app/gui/board.h, but app/core/ may include only from geometry, app/core")));
        QCOMPARE(problems.size(), 9);
    }
};

QTEST_GUILESS_MAIN(TestLayers)
#include "tst_layers.moc"
