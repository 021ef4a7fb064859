// Tile maps: the field of view is the same set as libtcod's FOV_SYMMETRIC_SHADOWCAST on
// many random maps (fixed seeds), radii and light-walls settings; it is symmetric between
// transparent tiles; radius shapes; reading map files and their errors; the terrain sight
// radius (its table, the mountain's and perception's bonuses, the diamond); sight versus
// fire on hand-made maps.
#include "grid/fov.h"
#include "grid/tilemap.h"
#include "grid/vision.h"

#include <libtcod/fov.h>

#include <QtTest>

#include <algorithm>
#include <random>

using namespace sl::grid;

namespace {

struct RandomMap {
    int width;
    int height;
    std::vector<std::uint8_t> transparent;
};

RandomMap randomMap(std::mt19937& rng, int maxSide, int wallPercent) {
    RandomMap m{2 + static_cast<int>(rng() % maxSide), 2 + static_cast<int>(rng() % maxSide), {}};
    m.transparent.resize(static_cast<size_t>(m.width) * m.height);
    for (auto& t : m.transparent) t = static_cast<int>(rng() % 100) >= wallPercent;
    return m;
}

std::vector<std::uint8_t> reference(const RandomMap& m, int ox, int oy, int radius, bool lightWalls) {
    TCOD_Map* map = TCOD_map_new(m.width, m.height);
    for (int y = 0; y < m.height; ++y)
        for (int x = 0; x < m.width; ++x) {
            const bool t = m.transparent[static_cast<size_t>(y) * m.width + x];
            TCOD_map_set_properties(map, x, y, t, t);
        }
    TCOD_map_compute_fov(map, ox, oy, radius, lightWalls, FOV_SYMMETRIC_SHADOWCAST);
    std::vector<std::uint8_t> out(m.transparent.size());
    for (int y = 0; y < m.height; ++y)
        for (int x = 0; x < m.width; ++x) out[static_cast<size_t>(y) * m.width + x] = TCOD_map_is_in_fov(map, x, y);
    TCOD_map_delete(map);
    return out;
}

}  // namespace

class TestGrid : public QObject {
    Q_OBJECT
private slots:
    void sameAsLibtcod() {
        std::mt19937 rng(2026);
        int maps = 0;
        for (int wallPercent : {0, 10, 20, 35, 50})
            for (int i = 0; i < 400; ++i) {
                const RandomMap m = randomMap(rng, 48, wallPercent);
                const int ox = static_cast<int>(rng() % m.width), oy = static_cast<int>(rng() % m.height);
                for (int radius : {0, 1, 2, 5, 8, 13})
                    for (bool light : {false, true}) {
                        const auto want = reference(m, ox, oy, radius, light);
                        const auto got = fieldOfView(m.transparent, m.width, m.height, ox, oy, {radius, RadiusShape::Euclid, light});
                        if (got != want) {
                            int x = 0, y = 0;
                            for (size_t k = 0; k < got.size(); ++k)
                                if (got[k] != want[k]) {
                                    x = static_cast<int>(k % m.width);
                                    y = static_cast<int>(k / m.width);
                                    break;
                                }
                            QFAIL(qPrintable(QStringLiteral("map %1 (%2x%3, %4% walls) from %5,%6 radius %7 light %8: tile %9,%10 differs")
                                                 .arg(maps).arg(m.width).arg(m.height).arg(wallPercent).arg(ox).arg(oy)
                                                 .arg(radius).arg(light).arg(x).arg(y)));
                        }
                        ++maps;
                    }
            }
        QCOMPARE(maps, 5 * 400 * 6 * 2);
    }

    void reusedBufferForgetsTheLastCall() {
        // One buffer from many origins: each result is the same as a fresh call's.
        std::mt19937 rng(11);
        const RandomMap m = randomMap(rng, 60, 20);
        FovBuffer buffer;
        for (int i = 0; i < 200; ++i) {
            const int ox = static_cast<int>(rng() % m.width), oy = static_cast<int>(rng() % m.height);
            const FovOptions o{static_cast<int>(rng() % 10), RadiusShape::Euclid, rng() % 2 == 0};
            fieldOfView(m.transparent, m.width, m.height, ox, oy, o, buffer);
            QCOMPARE(buffer.visible, fieldOfView(m.transparent, m.width, m.height, ox, oy, o));
        }
    }

    void symmetricBetweenTransparentTiles() {
        std::mt19937 rng(7);
        for (int i = 0; i < 60; ++i) {
            const RandomMap m = randomMap(rng, 24, 25);
            std::vector<std::vector<std::uint8_t>> from;
            for (int y = 0; y < m.height; ++y)
                for (int x = 0; x < m.width; ++x) from.push_back(fieldOfView(m.transparent, m.width, m.height, x, y, {}));
            for (size_t a = 0; a < m.transparent.size(); ++a)
                for (size_t b = 0; b < m.transparent.size(); ++b)
                    if (m.transparent[a] && m.transparent[b]) QCOMPARE(from[a][b], from[b][a]);
        }
    }

    void radiusShapes() {
        // An open 21x21 map from its centre: how many tiles each shape keeps.
        const std::vector<std::uint8_t> open(21 * 21, 1);
        auto count = [&](int r, RadiusShape s) {
            const auto v = fieldOfView(open, 21, 21, 10, 10, {r, s, true});
            return static_cast<int>(std::count(v.begin(), v.end(), 1));
        };
        QCOMPARE(count(3, RadiusShape::Chebyshev), 25);  // max(|dx|,|dy|) < 3: a 5x5 square
        QCOMPARE(count(3, RadiusShape::Manhattan), 13);  // |dx|+|dy| < 3: a diamond
        QCOMPARE(count(3, RadiusShape::Euclid), 25);     // dx²+dy² < 9: 21 tiles and the 4 at (±2,±2)
        QCOMPARE(count(0, RadiusShape::Euclid), 21 * 21);
        // A radius beyond the map is no bound (and does not overflow).
        QCOMPARE(count(2000000000, RadiusShape::Euclid), 21 * 21);
        QCOMPARE(count(50000, RadiusShape::Manhattan), 21 * 21);
        QVERIFY(withinRadius(2, 2, 3, RadiusShape::Chebyshev) && !withinRadius(3, 0, 3, RadiusShape::Chebyshev));
    }

    void terrainRadiusTable() {
        // The default legend's terrain and the radius a viewer standing on it sees with.
        const std::vector<std::pair<std::string, int>> table = {{"plains", 3}, {"hills", 2},     {"beach", 2},
                                                                {"desert", 2}, {"forest", 1},    {"swamp", 1},
                                                                {"foothills", 1}, {"mountain", 0}, {"water", 2}};
        for (const auto& [name, radius] : table) {
            const auto it = std::find_if(defaultLegend().begin(), defaultLegend().end(),
                                         [&](const TerrainType& t) { return t.name == name; });
            QVERIFY2(it != defaultLegend().end(), name.c_str());
            QCOMPARE(terrainSightRadius(*it), radius);
            QCOMPARE(viewerSightRadius(*it, 10), name == "mountain" ? 2 : radius);  // standing on a mountain: +2
        }
        TerrainType unknown;  // a terrain the table does not give: 2
        QCOMPARE(terrainSightRadius(unknown), 2);
        // +1 per 5 perception above 10.
        QCOMPARE(perceptionBonus(10), 0);
        QCOMPARE(perceptionBonus(14), 0);
        QCOMPARE(perceptionBonus(15), 1);
        QCOMPARE(perceptionBonus(19), 1);
        QCOMPARE(perceptionBonus(20), 2);
        QCOMPARE(perceptionBonus(3), 0);
        const TerrainType& plains = defaultLegend()[2];
        QCOMPARE(plains.name, std::string("plains"));
        QCOMPARE(viewerSightRadius(plains, 15), 4);
        QCOMPARE(viewerSightRadius(plains, 20), 5);
        // A legend can give its own radius and standing bonus.
        std::string problem;
        const auto map = parseTileMap("legend:\nT tower opaque radius=4 bonus=3\nmap:\nT\n", &problem);
        QVERIFY2(map, problem.c_str());
        QCOMPARE(viewerSightRadius(map->at(0, 0), 10), 7);
        QVERIFY(!parseTileMap("legend:\nT tower bonus=-1\nmap:\nT\n", &problem));
        QCOMPARE(problem, std::string("line 2: \"bonus=-1\": the bonus must be a whole number, 0 or more"));
    }

    void manhattanDiamond() {
        QCOMPARE(tilesInRadius(5, 5, 0).size(), size_t(1));
        QCOMPARE(tilesInRadius(5, 5, 1).size(), size_t(5));
        QCOMPARE(tilesInRadius(5, 5, 2).size(), size_t(13));
        QCOMPARE(tilesInRadius(5, 5, 3).size(), size_t(25));
        for (const Tile& t : tilesInRadius(5, 5, 3)) QVERIFY(std::abs(t.x - 5) + std::abs(t.y - 5) <= 3);
        // Clipped to a map: from a corner only a quarter of the diamond is on it.
        QCOMPARE(tilesInRadius(0, 0, 2, 10, 10).size(), size_t(6));
    }

    void tileLines() {
        // The tiles the line between two centres meets: both ends, one tile per column (row,
        // when steep) between them, or two where it passes exactly between them; the same
        // tiles both ways.
        std::mt19937 rng(5);
        for (int i = 0; i < 2000; ++i) {
            const Tile a{static_cast<int>(rng() % 40) - 20, static_cast<int>(rng() % 40) - 20};
            const Tile b{static_cast<int>(rng() % 40) - 20, static_cast<int>(rng() % 40) - 20};
            const std::vector<Tile> line = tileLine(a, b);
            QCOMPARE(line.front(), a);
            QCOMPARE(line.back(), b);
            const int n = std::max(std::abs(b.x - a.x), std::abs(b.y - a.y));
            QVERIFY(static_cast<int>(line.size()) >= n + 1 && static_cast<int>(line.size()) <= 2 * n + 1);
            for (size_t k = 1; k < line.size(); ++k)  // each tile beside the one before
                QVERIFY(std::max(std::abs(line[k].x - line[k - 1].x), std::abs(line[k].y - line[k - 1].y)) == 1);
            std::vector<Tile> back = tileLine(b, a);
            auto key = [](const Tile& t) { return std::pair{t.x, t.y}; };
            auto sorted = [&](std::vector<Tile> v) {
                std::sort(v.begin(), v.end(), [&](const Tile& p, const Tile& q) { return key(p) < key(q); });
                return v;
            };
            QVERIFY(sorted(line) == sorted(back));
            // Each tile lies within half a tile of the line (across its main axis).
            for (const Tile& t : line) {
                const double cross = std::abs(double(b.x - a.x) * (t.y - a.y) - double(b.y - a.y) * (t.x - a.x)) / std::max(1, n);
                QVERIFY(cross <= 0.5 + 1e-12);
            }
        }
        QCOMPARE(tileLine({0, 0}, {4, 0}).size(), size_t(5));  // straight: along the row
        for (const Tile& t : tileLine({0, 0}, {4, 0})) QCOMPARE(t.y, 0);
        QCOMPARE(tileLine({0, 0}, {3, 3}).size(), size_t(4));  // diagonal: corner to corner
        // Exactly between two tiles at the middle column: both.
        QCOMPARE(tileLine({0, 0}, {2, 1}), (std::vector<Tile>{{0, 0}, {1, 0}, {1, 1}, {2, 1}}));
    }

    void sightAgreesWithTheFieldOfView() {
        // On random maps (walls, fog, darkness, bars), every pair of tiles: sight is clear
        // exactly when the viewer's field of view holds the target; a stopped line names a
        // tile on the line drawn that stops sight; and the answer is the same both ways
        // wherever the field of view is (libtcod's shadowcasting, which fov follows bit for
        // bit, rounds its slopes in single precision: on a few long lines it is not).
        std::mt19937 rng(16);
        long pairs = 0, asymmetric = 0, fovAsymmetric = 0;
        for (int m = 0; m < 40; ++m) {
            const int w = 8 + static_cast<int>(rng() % 24), h = 8 + static_cast<int>(rng() % 24);
            std::string text = "legend:\n= bars solid\n~ fog obscuring\n: gloom dark\nmap:\n";
            const int walls = 5 + static_cast<int>(rng() % 35);
            for (int y = 0; y < h; ++y) {
                for (int x = 0; x < w; ++x) {
                    const int r = static_cast<int>(rng() % 100);
                    text += r < walls ? '#' : r < walls + 3 ? '~' : r < walls + 6 ? ':' : r < walls + 9 ? '=' : '.';
                }
                text += '\n';
            }
            std::string problem;
            const auto map = parseTileMap(text, &problem);
            QVERIFY2(map, problem.c_str());
            const std::vector<std::uint8_t> clear = map->transparency();
            std::vector<std::vector<std::uint8_t>> fov(clear.size());
            for (size_t i = 0; i < clear.size(); ++i)
                if (clear[i]) fov[i] = fieldOfView(clear, w, h, static_cast<int>(i) % w, static_cast<int>(i) / w, {});
            for (int k = 0; k < 400; ++k) {
                const size_t i = rng() % clear.size(), j = rng() % clear.size();
                if (!clear[i] || !clear[j] || i == j) continue;
                const Tile a{static_cast<int>(i) % w, static_cast<int>(i) / w}, b{static_cast<int>(j) % w, static_cast<int>(j) / w};
                const auto stop = sightStop(*map, a, b);
                QCOMPARE(!stop, static_cast<bool>(fov[i][j]));
                if (stop) {
                    QVERIFY(stop->why == "opaque" || stop->why == "dark" || stop->why == "obscuring");
                    const std::vector<Tile> line = tileLine(a, b);
                    const auto at = std::find(line.begin(), line.end(), stop->at);
                    QVERIFY(at != line.end());
                    QVERIFY(!(stop->at == b));
                    // The drawing turns red at the stop's step (the first of two tiles the line
                    // passes exactly between), never after the stop.
                    const auto red = std::find(line.begin(), line.end(), stepStart(a, b, stop->at));
                    QVERIFY(red != line.end() && red <= at && at - red <= 1);
                }
                ++pairs;
                asymmetric += !sightStop(*map, b, a) != !stop;
                fovAsymmetric += fov[i][j] != fov[j][i];
            }
        }
        QVERIFY(pairs > 5000);
        qInfo() << pairs << "pairs," << fovAsymmetric << "of them not the same both ways in fov";
        QCOMPARE(asymmetric, fovAsymmetric);
        QVERIFY(fovAsymmetric * 1000 < pairs);
    }

    void sightOnTheShippedMaps() {
        // Every pair of open tiles of the shipped maps (3 of 239 random pairs disagreed when
        // sight drew Bresenham's line): sight as the field of view has it, and the same both ways.
        for (const char* name : {"dungeon.map", "overworld.map", "skirmish.map"}) {
            QFile file(QStringLiteral(SIGHTLINE_SOURCE_DIR "/scenarios/maps/") + QLatin1String(name));
            QVERIFY(file.open(QIODevice::ReadOnly));
            std::string problem;
            const auto map = parseTileMap(file.readAll().toStdString(), &problem);
            QVERIFY2(map, problem.c_str());
            const std::vector<std::uint8_t> clear = map->transparency();
            const int w = map->width;
            int asymmetric = 0;
            for (size_t i = 0; i < clear.size(); ++i) {
                if (!clear[i]) continue;
                const Tile a{static_cast<int>(i) % w, static_cast<int>(i) / w};
                const std::vector<std::uint8_t> seen = fieldOfView(clear, w, map->height, a.x, a.y, {});
                for (size_t j = 0; j < clear.size(); j += 3) {
                    if (!clear[j] || i == j) continue;
                    const Tile b{static_cast<int>(j) % w, static_cast<int>(j) / w};
                    const bool sees = lineOfSight(*map, a, b);
                    QCOMPARE(sees, static_cast<bool>(seen[j]));
                    asymmetric += sees != lineOfSight(*map, b, a);
                }
            }
            QCOMPARE(asymmetric, 0);
        }
    }

    void sightVersusFire() {
        // A wall (opaque, solid), bars (solid only), fog (obscuring), darkness (dark).
        std::string problem;
        const auto map = parseTileMap("legend:\n= bars solid\n~ fog obscuring\n: gloom dark\nmap:\n"
                                      "..........\n"
                                      "...#......\n"
                                      "...=......\n"
                                      "...~......\n"
                                      "...:......\n"
                                      "..........\n",
                                      &problem);
        QVERIFY2(map, problem.c_str());
        auto row = [&](int y) { return std::pair{Tile{1, y}, Tile{7, y}}; };
        // Open ground: both clear.
        QVERIFY(lineOfSight(*map, row(0).first, row(0).second) && lineOfFire(*map, row(0).first, row(0).second));
        // A wall stops both.
        QVERIFY(!lineOfSight(*map, row(1).first, row(1).second));
        QVERIFY(!lineOfFire(*map, row(1).first, row(1).second));
        // Bars: seen through, not shot through.
        QVERIFY(lineOfSight(*map, row(2).first, row(2).second));
        const auto bars = fireStop(*map, row(2).first, row(2).second);
        QVERIFY(bars && bars->at == (Tile{3, 2}) && bars->why == "solid" && bars->terrain == "bars");
        // Fog and darkness: shot through, not seen through.
        const auto fog = sightStop(*map, row(3).first, row(3).second);
        QVERIFY(fog && fog->at == (Tile{3, 3}) && fog->why == "obscuring");
        QVERIFY(lineOfFire(*map, row(3).first, row(3).second));
        const auto dark = sightStop(*map, row(4).first, row(4).second);
        QVERIFY(dark && dark->why == "dark");
        QVERIFY(lineOfFire(*map, row(4).first, row(4).second));
        // Darkvision and sight through obscuring terrain lift each its own stop.
        QVERIFY(lineOfSight(*map, row(4).first, row(4).second, {true, false}));
        QVERIFY(!lineOfSight(*map, row(3).first, row(3).second, {true, false}));
        QVERIFY(lineOfSight(*map, row(3).first, row(3).second, {false, true}));
        // One sees out of the fog one stands in, into fog only from beside it.
        QVERIFY(lineOfSight(*map, {3, 3}, {8, 3}));
        QVERIFY(!lineOfSight(*map, {8, 3}, {3, 3}));
        QVERIFY(lineOfSight(*map, {4, 3}, {3, 3}));
        QVERIFY(!lineOfSight(*map, {5, 3}, {3, 3}));
        // Around the wall's end: clear above it.
        QVERIFY(lineOfSight(*map, {0, 0}, {9, 0}));
    }

    void readingMaps() {
        std::string problem;
        const auto plain = parseTileMap("#####\n#...#\n#####\n", &problem);
        QVERIFY2(plain, problem.c_str());
        QCOMPARE(plain->width, 5);
        QCOMPARE(plain->height, 3);
        QCOMPARE(plain->at(0, 0).name, std::string("wall"));
        QCOMPARE(plain->transparency()[6], std::uint8_t(1));
        const auto legend = parseTileMap("legend:\n// a comment\nT tower opaque radius=4\n. moss dark\nmap:\nT.p\n", &problem);
        QVERIFY2(legend, problem.c_str());
        QCOMPARE(legend->at(0, 0).sightRadius, 4);
        QVERIFY(legend->at(1, 0).dark);  // the legend replaces the default's '.'
        QCOMPARE(legend->at(2, 0).name, std::string("plains"));
        QCOMPARE(legend->transparency(), (std::vector<std::uint8_t>{0, 0, 1}));
        QVERIFY(!parseTileMap("###\n#.\n", &problem));
        QCOMPARE(problem, std::string("line 2: the row has 2 tiles, the first has 3"));
        QVERIFY(!parseTileMap("#?#\n", &problem));
        QCOMPARE(problem, std::string("line 1, column 2: unknown tile '?' (not in the legend)"));
        QVERIFY(!parseTileMap("legend:\nT tower glowing\nmap:\nT\n", &problem));
        QVERIFY(QString::fromStdString(problem).startsWith(QStringLiteral("line 2: unknown property \"glowing\"")));
        QVERIFY(!parseTileMap("legend:\nT tower\n", &problem));
        QVERIFY(QString::fromStdString(problem).contains(QStringLiteral("no \"map:\" line")));
        QVERIFY(!parseTileMap("\n\n", &problem));
    }
};

QTEST_GUILESS_MAIN(TestGrid)
#include "tst_grid.moc"
