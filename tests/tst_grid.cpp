// Tile maps: the field of view is the same set as libtcod's FOV_SYMMETRIC_SHADOWCAST on
// many random maps (fixed seeds), radii and light-walls settings; it is symmetric between
// transparent tiles; radius shapes; reading map files and their errors.
#include "grid/fov.h"
#include "grid/tilemap.h"

#include <libtcod/fov.h>

#include <QtTest>

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
        QVERIFY(withinRadius(2, 2, 3, RadiusShape::Chebyshev) && !withinRadius(3, 0, 3, RadiusShape::Chebyshev));
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
