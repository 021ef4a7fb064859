// sightline-cli: answers a scenario's line-of-sight questions and checks its expectations,
// rules unit against unit, draws the table, and works on tile maps. This file parses the
// command line and dispatches to the command families (commands.h).
// Exit status: 0 success, 1 a verify mismatch, 2 bad usage or bad input.
#include "commands.h"
#include "common.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QGuiApplication>

#include <functional>
#include <memory>
#include <optional>

namespace {

using namespace sl::cli;

const char* kDescription =
    "Line of sight between based models on a tabletop, and on tile maps.\n"
    "\n"
    "Commands:\n"
    "  check FILE    answer the file's queries (with none, every pair of models on\n"
    "                different sides); --observer ID --target ID asks one pair,\n"
    "                --side-view FILE draws its sight line seen from the side\n"
    "  verify FILE.. check every query's \"expect\"; one line per mismatch, then\n"
    "                \"N passed, M failed\"\n"
    "  ruling FILE --attacker UNIT --target UNIT [--pdf SHEET.pdf] [--disputed A:B]\n"
    "                every model of one unit against every model of another, under\n"
    "                the file's ruleset; --pdf writes the judge's ruling sheet, which\n"
    "                ends with the side view of the pair A:B in dispute (attacking\n"
    "                and target models' ids), or of the closest call\n"
    "  fov MAP --at X,Y [--radius R] [--shape euclid|chebyshev|manhattan]\n"
    "      [--light-walls] [--on-wall] [--json] [--png FILE]\n"
    "                field of view on a tile map (symmetric shadowcasting); several\n"
    "                --at are a walk: what was seen on the way shows as explored; a\n"
    "                tile that stops movement is refused unless --on-wall\n"
    "  sight MAP --from X,Y --to X,Y [--json] [--png FILE]\n"
    "                one line between two tiles: sight (stopped by opaque, dark and\n"
    "                obscuring tiles) and fire (stopped only by solid ones)\n"
    "  fog MAP --script FILE [--state STATE.json] [--side NAME] [--png DIR]\n"
    "                a fog-of-war game: each side's fog and memories per turn; with\n"
    "                --state the game continues from that file and is saved to it;\n"
    "                --png writes each report as DIR/turn-N-SIDE.png\n"
    "  perceive MAP --script FILE [--viewer ID | --side NAME] [--json] [--png FILE]\n"
    "                light and senses: the light of every tile, and what each unit\n"
    "                (or the side) perceives of the map in three tiers (seen, outline,\n"
    "                unseen) and of every other unit, by which senses\n"
    "  catalog WORDS  search the base catalog (units and their bases, from 40kdc-data)\n"
    "  import-40kdc SOURCE (--layout ID | --all) --out DIR | --catalog FILE\n"
    "                the official layouts as scenario files, or the base catalog, from\n"
    "                40kdc-data (the npm package's .tgz, its unpacked folder, or a JSON\n"
    "                file of the dataset)\n"
    "  render FILE -o OUT.png|svg|pdf [--width PX] [--no-labels]\n"
    "                draw the table; with --observer and --target the pair's sight\n"
    "                lines (green: the witness; red: blocked lines up to their first\n"
    "                blocker), with --observer alone every enemy ringed green or red;\n"
    "                --measure ID and --rings 6,12 measure from the observer; --side NAME\n"
    "                draws the table as that side sees it (fog of war: enemies it does\n"
    "                not see left out, those it remembers as ghosts), --turn N as a turn\n"
    "                of the file's game ended, --shade H with a veil over the ground no\n"
    "                model of the side sees (a point H inches high, on every inch)\n"
    "  end-turn FILE  fog of war on the table: records what each side sees now, ends\n"
    "                the turn and saves the game in the file (its fog_of_war section)\n"
    "  analyze FILE (--observer ID | --unit UNIT) [--base 32|60x35.5|100x50 rect]\n"
    "      [--height 1.75] [--keywords INFANTRY] [--spacing 0.5] [-o MAP.png|svg|pdf]\n"
    "      [--csv CELLS.csv] [--json] [--width PX] [--no-labels] [--thorough]\n"
    "                the vision map: for every cell of the table, whether a model of\n"
    "                that base and height standing there is seen (fully, in cover) or\n"
    "                hidden, by the model or by any model of the unit, under the file's\n"
    "                ruleset (each cell the pair ruling for a model at its centre; a\n"
    "                cell whose proof runs long is undecided, unless --thorough)\n"
    "  analyze FILE --zone ZONE [--zone-spacing 1] [--fully] [the options above]\n"
    "                the exposure map: for every cell, from how many of the places a\n"
    "                model of that base and height could stand in the deployment zone\n"
    "                (wholly within it, --zone-spacing apart) a model there is seen;\n"
    "                --fully counts fully visible too and colours the map by it (a\n"
    "                pair whose proof runs long is undecided, unless --thorough)\n"
    "  analyze FILE --zone ZONE --hiding [--bases 32,60x35.5,100x50rect|all]\n"
    "      [--semi 10] [--spacing 0.5] [--zone-spacing 2] [-o MAP.png] [--csv] [--json]\n"
    "                hiding spots: where a model of each base (a height after @, as\n"
    "                100x50rect@3, else --height) is hidden from every place of the\n"
    "                enemy's zone (safe) or seen from at most --semi percent of them,\n"
    "                in square inches, and within 3\" of each objective\n"
    "  analyze FILE|FOLDER --report OUTDIR [--spacing 0.5] [--zone-spacing 4]\n"
    "      [--bases ...] [--semi 10] [--no-labels]\n"
    "                the layout report: for every layout with two deployment zones,\n"
    "                each zone's exposure map and the hiding spots from it (pictures,\n"
    "                figures.json), and summary.csv/json ranking the layouts by how\n"
    "                evenly the two sides' infantry can hide\n"
    "  analyze FILE --lanes [--zone A[,B]] [--height 1.75] [-o MAP.png] [--json]\n"
    "                firing lanes: the open straight corridors between the two\n"
    "                deployment zones, widest first; and the gaps under 6\" between the\n"
    "                pieces that stop sight lines, the bases that fit through each and\n"
    "                whether a sight line passes\n"
    "\n"
    "Methods: exact (the default: every sight line between the bases), sampled\n"
    "(centre, edge and boundary points of both bases), center (centre to centre).\n"
    "Exit status: 0 success, 1 a verify mismatch, 2 bad usage or bad input.";

// A command: its name, what its operands are, and what runs it.
struct Command {
    enum class Operands { One, OneOrMore, Any };
    const char* name;
    Operands operands;
    const char* operand;  // what one operand is, for the message when they are wrong
    bool paints;          // draws text, so it needs a GUI application (offscreen without a display)
    std::function<int(const QStringList&, const QCommandLineParser&, sl::Method)> run;
};

const std::vector<Command>& commands() {
    using O = Command::Operands;
    static const std::vector<Command> list = {
        {"check", O::One, "scenario file", false,
         [](const QStringList& f, const QCommandLineParser& a, sl::Method m) { return check(f.front(), a, m); }},
        {"verify", O::OneOrMore, "scenario file", false,
         [](const QStringList& f, const QCommandLineParser& a, sl::Method m) {
             if (a.isSet(QStringLiteral("observer")) || a.isSet(QStringLiteral("target"))) {
                 err() << "verify checks the files' queries: --observer and --target belong to check\n";
                 return kBadInput;
             }
             return verify(f, a, m);
         }},
        {"ruling", O::One, "scenario file", true,
         [](const QStringList& f, const QCommandLineParser& a, sl::Method m) { return ruling(f.front(), a, m); }},
        {"render", O::One, "scenario file", true,
         [](const QStringList& f, const QCommandLineParser& a, sl::Method m) { return render(f.front(), a, m); }},
        {"end-turn", O::One, "scenario file", false,
         [](const QStringList& f, const QCommandLineParser&, sl::Method) { return endTurn(f.front()); }},
        {"analyze", O::One, "scenario file", true,
         [](const QStringList& f, const QCommandLineParser& a, sl::Method) { return analyze(f.front(), a); }},
        {"fov", O::One, "map file", false,
         [](const QStringList& f, const QCommandLineParser& a, sl::Method) { return fov(f.front(), a); }},
        {"sight", O::One, "map file", false,
         [](const QStringList& f, const QCommandLineParser& a, sl::Method) { return sight(f.front(), a); }},
        {"fog", O::One, "map file", false,
         [](const QStringList& f, const QCommandLineParser& a, sl::Method) { return fog(f.front(), a); }},
        {"perceive", O::One, "map file", false,
         [](const QStringList& f, const QCommandLineParser& a, sl::Method) { return perceive(f.front(), a); }},
        {"catalog", O::Any, "", false,
         [](const QStringList& f, const QCommandLineParser& a, sl::Method) { return catalog(f, a); }},
        {"import-40kdc", O::One, "SOURCE", false,
         [](const QStringList& f, const QCommandLineParser& a, sl::Method) { return import40kdc(f.front(), a); }},
    };
    return list;
}

const Command* findCommand(const QString& name) {
    for (const Command& c : commands())
        if (name == QLatin1String(c.name)) return &c;
    return nullptr;
}

// "check, verify, ... or import-40kdc" (with `last` between the last two).
QString commandNames(const QString& last) {
    QStringList names;
    for (const Command& c : commands()) names << QLatin1String(c.name);
    const QString tail = names.takeLast();
    return names.join(QStringLiteral(", ")) + last + tail;
}

}  // namespace

int main(int argc, char** argv) {
    // Drawing text needs a GUI application; `render`, `ruling` and `analyze` get one on the
    // offscreen platform (unless one is chosen), so that they work without a display. The
    // rest stays light.
    // So do the tile maps' commands with a picture asked for (--png), and check's --side-view.
    bool painting = false;
    for (int i = 1; i < argc && !painting; ++i) {
        const QString arg = QString::fromLocal8Bit(argv[i]);
        const Command* c = findCommand(arg);
        painting = (c && c->paints) || arg == QLatin1String("--png") || arg.startsWith(QLatin1String("--png=")) ||
                   arg == QLatin1String("--side-view") || arg.startsWith(QLatin1String("--side-view="));
    }
    if (painting && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    std::unique_ptr<QCoreApplication> app = painting ? std::make_unique<QGuiApplication>(argc, argv)
                                                     : std::make_unique<QCoreApplication>(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("sightline-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(SIGHTLINE_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QString::fromLatin1(kDescription));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("command"), commandNames(QStringLiteral(" or ")));
    parser.addPositionalArgument(QStringLiteral("files"), QStringLiteral("scenario files, or a tile map"), QStringLiteral("FILE..."));
    parser.addOption({QStringLiteral("observer"), QStringLiteral("check: the observing model's id"), QStringLiteral("ID")});
    parser.addOption({QStringLiteral("side-view"),
                      QStringLiteral("check --observer --target: the pair's side view (its sight line seen from the side) to a PNG, SVG or PDF"),
                      QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("target"), QStringLiteral("check, render: the target model's id; ruling: the target unit"), QStringLiteral("ID")});
    parser.addOption({QStringLiteral("at"), QStringLiteral("fov: the viewer's tile, X,Y (again: a walk)"), QStringLiteral("X,Y")});
    parser.addOption({QStringLiteral("from"), QStringLiteral("sight: the viewer's tile, X,Y"), QStringLiteral("X,Y")});
    parser.addOption({QStringLiteral("to"), QStringLiteral("sight: the tile looked at, X,Y"), QStringLiteral("X,Y")});
    parser.addOption({QStringLiteral("script"), QStringLiteral("fog, perceive: the game's script"), QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("viewer"), QStringLiteral("perceive: this unit only"), QStringLiteral("ID")});
    parser.addOption({QStringLiteral("state"), QStringLiteral("fog: the game's state file, read if it exists and saved"), QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("side"), QStringLiteral("fog: report this side only; perceive: this side's view; render: the table as this side sees it"),
                      QStringLiteral("NAME")});
    parser.addOption({QStringLiteral("turn"), QStringLiteral("render --side: as this turn of the file's game ended"), QStringLiteral("N")});
    parser.addOption({QStringLiteral("shade"),
                      QStringLiteral("render --side: a veil over the ground no model of the side sees, for a point H inches high"),
                      QStringLiteral("H")});
    parser.addOption({QStringLiteral("radius"), QStringLiteral("fov: how far one sees (0: unlimited)"), QStringLiteral("R")});
    parser.addOption({QStringLiteral("shape"), QStringLiteral("fov: euclid (default), chebyshev or manhattan"),
                      QStringLiteral("SHAPE"), QStringLiteral("euclid")});
    parser.addOption({QStringLiteral("light-walls"), QStringLiteral("fov: walls at the edge of the view are seen")});
    parser.addOption({QStringLiteral("on-wall"), QStringLiteral("fov: a viewer may stand on a tile that stops movement (a wall)")});
    parser.addOption({QStringLiteral("png"), QStringLiteral("fov, sight, perceive: also draw the map to this PNG; fog: a PNG per report into this folder"),
                      QStringLiteral("FILE|DIR")});
    parser.addOption({QStringLiteral("glyphs"), QStringLiteral("fov, sight, fog --png: each tile's character instead of its colour")});
    parser.addOption({QStringLiteral("catalog"), QStringLiteral("import-40kdc: the base catalog to write"), QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("layout"), QStringLiteral("import-40kdc: a layout to import"), QStringLiteral("ID")});
    parser.addOption({QStringLiteral("all"), QStringLiteral("import-40kdc: every layout")});
    parser.addOption({QStringLiteral("out"), QStringLiteral("import-40kdc: the folder for the layouts' scenario files"), QStringLiteral("DIR")});
    parser.addOption({QStringLiteral("attacker"), QStringLiteral("ruling: the attacking unit"), QStringLiteral("UNIT")});
    parser.addOption({QStringLiteral("pdf"), QStringLiteral("ruling: write the ruling sheet to this PDF"), QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("disputed"),
                      QStringLiteral("ruling --pdf: the sheet ends with this pair's side view (an attacking model's id, a "
                                     "colon, a target model's id; again for more); without it, the closest call's"),
                      QStringLiteral("A:B")});
    parser.addOption({QStringLiteral("method"), QStringLiteral("exact (default), sampled or center"),
                      QStringLiteral("METHOD"), QStringLiteral("exact")});
    parser.addOption({QStringLiteral("json"), QStringLiteral("print JSON instead of text")});
    parser.addOption({{QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("render, analyze: the image to write"),
                      QStringLiteral("OUT")});
    parser.addOption({QStringLiteral("measure"), QStringLiteral("render: measure from the observer to this model, base to base"),
                      QStringLiteral("ID")});
    parser.addOption({QStringLiteral("rings"), QStringLiteral("render: range rings around the observer, from its base's edge"),
                      QStringLiteral("6,12,...")});
    parser.addOption({QStringLiteral("unit"), QStringLiteral("analyze: the observing unit (any of its models)"), QStringLiteral("UNIT")});
    parser.addOption({QStringLiteral("zone"), QStringLiteral("analyze: the exposure to this deployment zone"), QStringLiteral("ZONE")});
    parser.addOption({QStringLiteral("zone-spacing"), QStringLiteral("analyze --zone: the places in the zone, inches apart (default 1)"),
                      QStringLiteral("IN")});
    parser.addOption({QStringLiteral("fully"), QStringLiteral("analyze --zone: count fully visible too, and draw it")});
    parser.addOption({QStringLiteral("hiding"), QStringLiteral("analyze --zone: the hiding spots of each base instead")});
    parser.addOption({QStringLiteral("thorough"),
                      QStringLiteral("analyze (vision and exposure maps): every cell's proofs as long as a pair ruling's (slower; by "
                                     "default a pair whose proof runs long is left undecided)")});
    parser.addOption({QStringLiteral("lanes"), QStringLiteral("analyze: firing lanes between the deployment zones, and gaps")});
    parser.addOption({QStringLiteral("report"), QStringLiteral("analyze: the layout report of a file or a folder, into this folder"),
                      QStringLiteral("DIR")});
    parser.addOption({QStringLiteral("bases"), QStringLiteral("analyze --hiding: the bases (default 32,60x35.5,100x50rect; all: the palette)"),
                      QStringLiteral("B,...")});
    parser.addOption({QStringLiteral("semi"), QStringLiteral("analyze --hiding: semi-safe, seen from at most this percent of the places (default 10)"),
                      QStringLiteral("PCT")});
    parser.addOption({QStringLiteral("base"), QStringLiteral("analyze: the base placed on each cell, in mm (default 32)"), QStringLiteral("BASE")});
    parser.addOption({QStringLiteral("height"), QStringLiteral("analyze: its height in inches (default 1.75)"), QStringLiteral("H")});
    parser.addOption({QStringLiteral("keywords"), QStringLiteral("analyze: its keywords (default INFANTRY)"), QStringLiteral("K,...")});
    parser.addOption({QStringLiteral("spacing"), QStringLiteral("analyze: the cells' size in inches (default 0.5)"), QStringLiteral("IN")});
    parser.addOption({QStringLiteral("csv"), QStringLiteral("analyze: write every cell to this CSV file"), QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("width"), QStringLiteral("render, analyze: a PNG's width in pixels (default 1800)"), QStringLiteral("PX")});
    parser.addOption({QStringLiteral("no-labels"), QStringLiteral("render, analyze: no labels on the models and pieces of a picture (the map shows whole)")});

    if (!parser.parse(QCoreApplication::arguments())) {
        err() << parser.errorText() << "\nTry 'sightline-cli --help'.\n";
        return kBadInput;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        out() << parser.helpText();
        return kOk;
    }
    if (parser.isSet(QStringLiteral("version"))) {
        out() << "sightline-cli " << QCoreApplication::applicationVersion() << '\n';
        return kOk;
    }
    QStringList positional = parser.positionalArguments();
    if (positional.isEmpty()) {
        err() << "no command given: use " << commandNames(QStringLiteral(" or ")) << ". Try 'sightline-cli --help'.\n";
        return kBadInput;
    }
    const QString command = positional.takeFirst();
    const QString methodText = parser.value(QStringLiteral("method"));
    const std::optional<sl::Method> method = sl::parseMethod(methodText.toStdString());
    if (!method) {
        err() << QStringLiteral("--method: unknown method \"%1\" (available: exact, sampled, center)\n").arg(methodText);
        return kBadInput;
    }
    const Command* run = findCommand(command);
    if (!run) {
        err() << QStringLiteral("unknown command \"%1\" (available: %2). Try 'sightline-cli --help'.\n")
                     .arg(command, commandNames(QStringLiteral(", ")));
        return kBadInput;
    }
    if (run->operands == Command::Operands::One && positional.size() != 1) {
        err() << command << " takes exactly one " << run->operand << ". Try 'sightline-cli --help'.\n";
        return kBadInput;
    }
    if (run->operands == Command::Operands::OneOrMore && positional.isEmpty()) {
        err() << command << " needs at least one " << run->operand << ". Try 'sightline-cli --help'.\n";
        return kBadInput;
    }
    return run->run(positional, parser, *method);
}
