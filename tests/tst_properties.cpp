// Properties of the line test on random tables (fixed seeds): it agrees with a brute-force
// check of points along the line, adding a piece never unblocks a line, and the decision
// methods are consistent with each other, and a pair's fields agree with each other.
#include "kernel/polygon.h"
#include "los/pair.h"
#include "los/scene.h"
#include "table_generator.h"

#include <QtTest>

#include <cmath>

using namespace sl;
using sl::testing::randomTable;
using sl::testing::SplitMix64;

namespace {

double distanceToSegment(Vec2 p, Vec2 a, Vec2 b) {
    const Vec2 u = b - a, w = p - a;
    const double len2 = u.x * u.x + u.y * u.y;
    const double t = len2 > 0 ? std::clamp((w.x * u.x + w.y * u.y) / len2, 0.0, 1.0) : 0.0;
    const Vec2 d = a + u * t - p;
    return std::hypot(d.x, d.y);
}

// Inside the polygon and farther than `margin` from its boundary: inside whatever the
// rounding of p.
bool robustlyInside(Vec2 p, const Polygon& poly, double margin) {
    if (locate(p, poly) != Where::Inside) return false;
    auto far = [&](const Ring& r) {
        for (size_t i = 0; i < r.size(); ++i)
            if (distanceToSegment(p, r[i], r[(i + 1) % r.size()]) <= margin) return false;
        return true;
    };
    if (!far(poly.outer)) return false;
    for (const Ring& h : poly.holes)
        if (!far(h)) return false;
    return true;
}

// Some sampled point of the line is robustly inside a blocker taller than the line there.
bool bruteBlocked(const Scene& scene, const SightLine& L, int samples) {
    for (int k = 0; k < samples; ++k) {
        const double t = (k + 0.5) / samples;
        const Vec2 x = L.a + (L.b - L.a) * t;
        const double h = L.h0 + (L.h1 - L.h0) * t;
        for (const Blocker& b : scene.blockers()) {
            if (b.top <= h + 1e-9 || x.x < b.minX || x.x > b.maxX || x.y < b.minY || x.y > b.maxY) continue;
            if (robustlyInside(x, b.polygon, 1e-7)) return true;
        }
    }
    return false;
}

}  // namespace

class TestProperties : public QObject {
    Q_OBJECT
private slots:
    void lineTestAgreesWithBruteForce() {
        int lines = 0, exactOnly = 0, blocked = 0;
        for (uint64_t seed = 1; seed <= 12; ++seed) {
            const Scenario s = randomTable(seed, 40, 0);
            const Scene scene(s);
            const ModelMask none;
            SplitMix64 rng(seed * 7919);
            auto vertex = [&] {
                const Ring& r = s.terrain[rng.next() % s.terrain.size()].footprint.outer;
                return r[rng.next() % r.size()];
            };
            for (int i = 0; i < 60; ++i, ++lines) {
                // Every third line joins two corners of pieces: through vertices and
                // along edges, where rounding would go wrong.
                const bool corners = i % 3 == 0;
                const Vec2 a = corners ? vertex() : Vec2{rng.uniform(0, 60), rng.uniform(0, 44)};
                const Vec2 b = corners ? vertex() : Vec2{rng.uniform(0, 60), rng.uniform(0, 44)};
                const SightLine L{a, b, rng.uniform(0, 6.5), rng.uniform(0, 6.5)};
                const bool exact = scene.blocked(L, none);
                const bool brute = bruteBlocked(scene, L, 600);
                QVERIFY2(exact || !brute, qPrintable(QStringLiteral("seed %1 line %2: a point inside a piece, "
                                                                    "but the line test says open").arg(seed).arg(i)));
                exactOnly += exact && !brute;
                blocked += exact;
            }
        }
        // The sample must hold both answers in number, or it proves little.
        QVERIFY2(blocked * 5 > lines && blocked * 5 < lines * 4,
                 qPrintable(QStringLiteral("%1 of %2 lines blocked").arg(blocked).arg(lines)));
        qInfo("%d of %d lines blocked, %d only for the exact test", blocked, lines, exactOnly);
        // Exact may find blocked stretches shorter than the sampling step; they are rare.
        QVERIFY2(exactOnly * 50 < lines, qPrintable(QStringLiteral("%1 of %2 lines blocked only for the exact "
                                                                   "test").arg(exactOnly).arg(lines)));
    }

    void addingAPieceNeverUnblocks() {
        for (uint64_t seed = 1; seed <= 8; ++seed) {
            Scenario s = randomTable(seed, 20, 0);
            const Scenario more = randomTable(seed + 1000, 10, 0);
            Scenario bigger = s;
            for (TerrainPiece t : more.terrain) {
                t.id += "+";
                bigger.terrain.push_back(t);
            }
            const Scene small(s), big(bigger);
            SplitMix64 rng(seed);
            for (int i = 0; i < 100; ++i) {
                const SightLine L{{rng.uniform(0, 60), rng.uniform(0, 44)},
                                  {rng.uniform(0, 60), rng.uniform(0, 44)},
                                  rng.uniform(0, 6),
                                  rng.uniform(0, 6)};
                if (small.blocked(L, {})) QVERIFY(big.blocked(L, {}));
            }
        }
    }

    void methodsAreConsistent() {
        // center finds a line only where sampled does (its one line is sampled's first);
        // every witness given is an unblocked line; a pair is seen both ways with equal
        // heights (the line test is symmetric and so are the sample sets).
        for (uint64_t seed = 1; seed <= 4; ++seed) {
            const Scenario s = randomTable(seed, 30, 10);
            const Scene scene(s);
            for (int o = 0; o < 10; ++o)
                for (int t = 10; t < 20; ++t) {
                    const auto c = findSightLine(scene, o, t, Method::Center);
                    const auto w = findSightLine(scene, o, t, Method::Sampled);
                    if (c) QVERIFY(w.has_value());
                    if (w) {
                        const Model& mo = s.models[o];
                        const Model& mt = s.models[t];
                        QVERIFY(!scene.blocked({w->a, w->b, mo.top(), mt.top()}, scene.ignoredModels(o, t)));
                    }
                    if (s.models[o].top() == s.models[t].top())
                        QCOMPARE(findSightLine(scene, t, o, Method::Sampled).has_value(), w.has_value());
                }
        }
    }

    void resultFieldsAgree() {
        // The fraction seen is 1 exactly when the target is fully visible, 0 when it is not
        // visible, and a fully visible target is visible; for every method.
        for (uint64_t seed = 5; seed <= 6; ++seed) {
            const Scenario s = randomTable(seed, 30, 6);
            const Scene scene(s);
            for (Method m : {Method::Exact, Method::Sampled, Method::Center})
                for (int o = 0; o < 6; ++o)
                    for (int t = 6; t < 12; ++t) {
                        const PairResult r = evaluatePair(scene, o, t, m);
                        const QByteArray where = QByteArray(methodName(m).data()) + ' ' + s.models[o].id.c_str() +
                                                 " -> " + s.models[t].id.c_str();
                        QVERIFY2(r.fully_visible == (r.visible_fraction == 1), where);
                        if (!r.visible) QVERIFY2(r.visible_fraction == 0 && !r.fully_visible, where);
                        QVERIFY2(r.visible_fraction >= 0 && r.visible_fraction <= 1, where);
                    }
        }
    }
};

QTEST_GUILESS_MAIN(TestProperties)
#include "tst_properties.moc"
