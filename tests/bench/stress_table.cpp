// Writes a large generated table for stress runs (tests/table_generator.h, stressTable):
//   stress_table OUT.sightline.json [--seed N] [--models 1000] [--pieces 500] [--vertices 64]
// Then, for example: sightline-cli check OUT --observer m0 --json, or open it in the window.
#include "scenario_edits.h"
#include "scenario_io.h"
#include "table_generator.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <cstdio>

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Writes a large generated table for stress runs."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("out"), QStringLiteral("the scenario file to write"));
    parser.addOption({QStringLiteral("seed"), QStringLiteral("the generator's seed (default 1)"), QStringLiteral("N"), QStringLiteral("1")});
    parser.addOption({QStringLiteral("models"), QStringLiteral("models (default 1000)"), QStringLiteral("N"), QStringLiteral("1000")});
    parser.addOption({QStringLiteral("pieces"), QStringLiteral("terrain pieces (default 500)"), QStringLiteral("N"), QStringLiteral("500")});
    parser.addOption({QStringLiteral("vertices"), QStringLiteral("most corners of a piece (default 64)"), QStringLiteral("N"), QStringLiteral("64")});
    parser.process(app);
    if (parser.positionalArguments().size() != 1) {
        std::fprintf(stderr, "stress_table: name the file to write (see --help)\n");
        return 2;
    }
    auto number = [&](const char* option, int lo, int hi) {
        bool ok = false;
        const int v = parser.value(QLatin1String(option)).toInt(&ok);
        if (!ok || v < lo || v > hi) {
            std::fprintf(stderr, "--%s: expected a whole number from %d to %d\n", option, lo, hi);
            std::exit(2);
        }
        return v;
    };
    const sl::Scenario s = sl::testing::stressTable(static_cast<uint64_t>(number("seed", 0, 1 << 30)), number("models", 0, 100000),
                                                    number("pieces", 0, 100000), number("vertices", 3, 4096));
    const QList<sl::io::Problem> problems = sl::edits::problemsOf(s);
    for (const sl::io::Problem& p : problems) std::fprintf(stderr, "%s: %s\n", qPrintable(p.path), qPrintable(p.message));
    if (!problems.isEmpty()) return 1;
    QString error;
    if (!sl::io::saveScenarioFile(s, parser.positionalArguments().front(), &error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 2;
    }
    std::printf("wrote %s: %zu pieces, %zu models on a %g\" x %g\" table\n", qPrintable(parser.positionalArguments().front()),
                s.terrain.size(), s.models.size(), s.board.width, s.board.height);
    return 0;
}
