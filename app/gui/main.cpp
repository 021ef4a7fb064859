// sightline: the desktop application.
#include "board_view.h"
#include "main_window.h"
#include "tile_map_window.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QPointer>
#include <QTimer>

#include <cstdio>

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Sightline"));
    QApplication::setOrganizationName(QStringLiteral("Sightline"));
    QApplication::setApplicationVersion(QStringLiteral(SIGHTLINE_VERSION));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/sightline.svg")));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Line of sight between based models on a tabletop."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("a scenario to open, or a tile map (.map)"), QStringLiteral("[FILE]"));
    parser.addOption({QStringLiteral("observer"), QStringLiteral("the model to look from"), QStringLiteral("ID")});
    parser.addOption({QStringLiteral("target"), QStringLiteral("the model to look at"), QStringLiteral("ID")});
    parser.addOption({QStringLiteral("screenshot"), QStringLiteral("save a picture of the window and quit"), QStringLiteral("PNG")});
    parser.process(app);

    sl::gui::MainWindow window;
    window.resize(1280, 860);
    const QStringList files = parser.positionalArguments();
    const bool screenshot = parser.isSet(QStringLiteral("screenshot"));
    // Work left unsaved by a run that did not end well is offered back first.
    const bool recovered = !screenshot && sl::gui::MainWindow::hasAutosave() && window.offerRecovery();
    // A tile map opens in a window of its own, beside an empty table.
    const bool tileMap = !files.isEmpty() && files.front().endsWith(QLatin1String(".map"));
    QPointer<sl::gui::TileMapWindow> tiles;
    if (tileMap) {
        tiles = window.openTileMap(files.front(), screenshot);
        if (!tiles && screenshot) return 2;
    } else if (!recovered && !files.isEmpty() && !window.openFile(files.front(), screenshot)) {
        if (parser.isSet(QStringLiteral("screenshot"))) return 2;
    }
    // --observer and --target pick the pair to show; an unknown id is an error.
    for (const char* option : {"observer", "target"}) {
        if (!parser.isSet(QLatin1String(option))) continue;
        const int model = window.board()->modelIndex(parser.value(QLatin1String(option)));
        if (model < 0) {
            fprintf(stderr, "--%s: no model has the id \"%s\"\n", option, qPrintable(parser.value(QLatin1String(option))));
            return 2;
        }
        if (option[0] == 'o') window.board()->setObserver(model);
        else window.board()->setTarget(model);
    }
    window.show();
    if (tiles) {  // (in front of the table it was opened beside)
        tiles->raise();
        tiles->activateWindow();
    }
    if (parser.isSet(QStringLiteral("screenshot"))) {
        const QString out = parser.value(QStringLiteral("screenshot"));
        QTimer::singleShot(300, &window, [&window, tiles, out] {
            const bool ok = tiles ? tiles->grab().save(out) : window.grab().save(out);  // (a tile map: its window)
            QApplication::exit(ok ? 0 : 2);
        });
    }
    return QApplication::exec();
}
