// Regions where sight lines start and end: a base with its outline, sample points and
// the 16-gon around it, or a single point.
#include "kernel/region.h"

#include "kernel/base.h"
#include "kernel/polygon.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

namespace sl {

const double kAroundGrow = 1.0 / std::cos(std::numbers::pi / 16) * (1 + 1e-9);

Region baseRegion(const Model& model) {
    // What does not move with the base (its sample points and the polygon around it in its
    // own frame, the rotation's cosine and sine), kept for the last few bases: a map moves
    // one base from cell to cell. The world points are worked out as samplePoints works them
    // out, to the same bits. `around`: a convex polygon of at most 16 corners around the
    // region, a circumscribed 16-gon of a circle or ellipse (with a hair to spare), a
    // rectangle's own corners.
    struct Kept {
        BaseShape shape;
        double lengthMm, widthMm, rotationDeg;
        Region frame;                 // the region at (0, 0)
        std::vector<Vec2> sampleLocal;  // boundaryPoint's local points
        std::vector<char> sampleTurned; // whether toWorld turns them (else added)
        double c = 1, s = 0;          // toWorld's cosine and sine
        std::vector<Vec2> aroundLocal;
    };
    thread_local std::vector<Kept> kept;
    auto same = [&](const Kept& k) {
        return k.shape == model.base.shape && k.lengthMm == model.base.length_mm && k.widthMm == model.base.width_mm &&
               k.rotationDeg == model.rotation_deg;
    };
    auto found = std::find_if(kept.begin(), kept.end(), same);
    if (found == kept.end()) {
        Kept k{model.base.shape, model.base.length_mm, model.base.width_mm, model.rotation_deg, {}, {}, {}, 1, 0, {}};
        Model at = model;
        at.position = {};
        Region& f = k.frame;
        if (model.base.shape != BaseShape::Rect) {
            f.curved = true;
            f.halfLength = halfLengthIn(model.base);
            f.halfWidth = halfWidthIn(model.base);
            const double rad = model.rotation_deg * 3.14159265358979323846 / 180.0;
            f.cosRot = std::cos(rad);
            f.sinRot = std::sin(rad);
            f.ellipse = ellipseOf(at);
            for (int i = 0; i < 16; ++i) {
                const double a = 2 * std::numbers::pi * i / 16;
                k.aroundLocal.push_back({f.halfLength * kAroundGrow * std::cos(a), f.halfWidth * kAroundGrow * std::sin(a)});
            }
        }
        const double r = model.rotation_deg * std::numbers::pi / 180.0;
        k.c = std::cos(r);
        k.s = std::sin(r);
        // As boundaryPoint places them: a quarter point of an unturned base is added.
        static constexpr double kAngles[] = {0, 90, 180, 270, 45, 135, 225, 315};
        for (double deg : kAngles) {
            const BoundaryLocal l = boundaryLocal(model.base, deg);
            k.sampleLocal.push_back(l.point);
            k.sampleTurned.push_back(!l.quarter || model.rotation_deg != 0);
        }
        if (kept.size() >= 8) kept.erase(kept.begin());
        kept.push_back(std::move(k));
        found = kept.end() - 1;
    }
    const Kept& k = *found;
    const Vec2 p = model.position;
    Region r = k.frame;
    r.outline = baseOutline(model);
    r.centre = p;
    r.samples.reserve(1 + k.sampleLocal.size());
    r.samples.push_back(p);
    for (size_t i = 0; i < k.sampleLocal.size(); ++i) {
        const Vec2 l = k.sampleLocal[i];
        r.samples.push_back(k.sampleTurned[i] ? Vec2{p.x + l.x * k.c - l.y * k.s, p.y + l.x * k.s + l.y * k.c} : p + l);
    }
    if (r.curved) {
        r.ellipse.centre = p;
        r.around.clear();
        r.around.reserve(k.aroundLocal.size());
        for (const Vec2& l : k.aroundLocal)
            r.around.push_back({p.x + l.x * r.cosRot - l.y * r.sinRot, p.y + l.x * r.sinRot + l.y * r.cosRot});
    } else {
        r.around = r.outline;
    }
    return r;
}

exact::Ellipse ellipseOf(const Model& model) {
    exact::Ellipse e;
    e.centre = model.position;
    e.lengthMm = model.base.length_mm;
    e.widthMm = model.base.shape == BaseShape::Circle ? model.base.length_mm : model.base.width_mm;
    if (model.base.shape != BaseShape::Circle) {
        // The same rounding as the outline's and the containment test's (base.cpp).
        const double rad = model.rotation_deg * std::numbers::pi / 180.0;
        e.cosRot = std::cos(rad);
        e.sinRot = std::sin(rad);
    }
    return e;
}

bool insideRegion(const Region& r, Vec2 p) {
    if (r.isPoint()) return p == r.outline[0];
    if (r.curved) return exact::ellipseSide(r.ellipse, p) <= 0;
    return locate(p, r.outline) != Where::Outside;
}

Ring clipHalf(const Ring& poly, Vec2 n, double c) {
    Ring out;
    for (size_t i = 0; i < poly.size(); ++i) {
        const Vec2 p = poly[i], q = poly[(i + 1) % poly.size()];
        const double sp = n.x * p.x + n.y * p.y - c, sq = n.x * q.x + n.y * q.y - c;
        if (sp <= 0) out.push_back(p);
        if ((sp < 0 && sq > 0) || (sp > 0 && sq < 0)) out.push_back(p + (q - p) * (sp / (sp - sq)));
    }
    return out;
}

namespace {

// Margin for rounding in the geometry built in plain doubles (clipping, tangents): far
// above its error (about 1e-15 of the coordinates), far below anything on a table.
double slackFor(const Ring& r) {
    double m = 1;
    for (const Vec2& v : r) m = std::max({m, std::abs(v.x), std::abs(v.y)});
    return 1e-11 * m;
}

}  // namespace

Vec2 partCentre(const Ring& r) {
    Vec2 c{0, 0};
    for (const Vec2& v : r) c = c + v;
    return c * (1.0 / static_cast<double>(r.size()));
}

double partSize(const Ring& r) {
    if (r.size() < 2) return 0;
    const auto [lo, hi] = boundsOf(r);
    return std::hypot(hi.x - lo.x, hi.y - lo.y);
}

// Cuts a convex polygon in two across its longer side, through its middle; the halves
// overlap by a hair.
std::pair<Ring, Ring> splitPart(const Ring& poly) { return splitPartAcross(poly, Vec2{1, 0}, 1); }

std::pair<Ring, Ring> splitPartAcross(const Ring& poly, Vec2 across, double bias) {
    const Vec2 along{-across.y, across.x};
    double lo = HUGE_VAL, hi = -HUGE_VAL, lo2 = HUGE_VAL, hi2 = -HUGE_VAL;
    for (const Vec2& v : poly) {
        const double a = across.x * v.x + across.y * v.y, b = along.x * v.x + along.y * v.y;
        lo = std::min(lo, a), hi = std::max(hi, a), lo2 = std::min(lo2, b), hi2 = std::max(hi2, b);
    }
    const bool acrossFirst = (hi - lo) * bias >= hi2 - lo2;
    const Vec2 n = acrossFirst ? across : along;
    const double mid = acrossFirst ? (lo + hi) / 2 : (lo2 + hi2) / 2;
    const double slack = slackFor(poly);
    return {clipHalf(poly, n, mid + slack), clipHalf(poly, n * -1, -mid + slack)};
}

// The polygon a cell starts from: a point, a rectangle's outline, or a polygon around the
// curve (the circumscribed 16-gon, a hair larger).
Ring regionPart(const Region& r) { return r.curved ? r.around : r.outline; }

// The cell's polygon cut down towards the true region: for a curve, by its tangents
// (moved out by a hair) across the cell's span of the curve, so the bulge left is small
// for a small cell. Nothing when no point of the true region is left.
std::optional<Ring> tightenPart(const Ring& cell, const Region& r) {
    if (!r.curved || cell.size() < 3) return cell;
    const double a = r.ellipse.lengthMm * 5 / 254, b = r.ellipse.widthMm * 5 / 254;
    const double c = r.ellipse.cosRot, s = r.ellipse.sinRot;
    auto local = [&](Vec2 p) {
        const Vec2 d = p - r.centre;
        return Vec2{(c * d.x + s * d.y) / a, (c * d.y - s * d.x) / b};
    };
    // Inside the curve with room to spare: nothing to cut.
    bool allInside = true;
    for (const Vec2& v : cell) {
        const Vec2 l = local(v);
        allInside = allInside && l.x * l.x + l.y * l.y < 1 - 1e-9;
    }
    if (allInside) return cell;
    // The curve's parameters the cell spans (all of them when it holds the centre).
    double from = 0, span = 2 * std::numbers::pi;
    if (locate(r.centre, cell) == Where::Outside) {
        const Vec2 m = local(partCentre(cell));
        const double mid = std::atan2(m.y, m.x);
        double lo = 0, hi = 0;
        for (const Vec2& v : cell) {
            const Vec2 l = local(v);
            double d = std::atan2(l.y, l.x) - mid;
            while (d > std::numbers::pi) d -= 2 * std::numbers::pi;
            while (d < -std::numbers::pi) d += 2 * std::numbers::pi;
            lo = std::min(lo, d);
            hi = std::max(hi, d);
        }
        from = mid + lo - 1e-6;
        span = hi - lo + 2e-6;
    }
    Ring out = cell;
    const double slack = slackFor(cell);
    constexpr int kTangents = 8;
    for (int k = 0; k <= kTangents && out.size() >= 3; ++k) {
        const double t = from + span * k / kTangents;
        const Vec2 at = r.centre + Vec2{c * a * std::cos(t) - s * b * std::sin(t), s * a * std::cos(t) + c * b * std::sin(t)};
        Vec2 n{c * std::cos(t) / a - s * std::sin(t) / b, s * std::cos(t) / a + c * std::sin(t) / b};
        const double len = std::hypot(n.x, n.y);
        n = n * (1 / len);
        out = clipHalf(out, n, n.x * at.x + n.y * at.y + slack);
    }
    if (out.size() < 3) return std::nullopt;
    return out;
}

// A point of the true region near the cell's middle, if one is found.
std::optional<Vec2> pointInPart(const Ring& cell, const Region& r) {
    if (r.isPoint()) return r.outline[0];
    Vec2 p = partCentre(cell);
    for (int i = 0; i < 40 && !insideRegion(r, p); ++i) p = p + (r.centre - p) * (1.0 / 8);
    if (!insideRegion(r, p)) return std::nullopt;
    return p;
}

std::optional<Vec2> rimPointNear(const Ring& cell, const Region& r) {
    if (r.isPoint() || cell.empty()) return std::nullopt;
    const Vec2 m = partCentre(cell);
    Vec2 p = m;
    if (r.curved) {
        // Along the ray from the base's centre through the part's middle, onto the curve.
        const double a = r.ellipse.lengthMm * 5 / 254, b = r.ellipse.widthMm * 5 / 254;
        const double c = r.ellipse.cosRot, s = r.ellipse.sinRot;
        const Vec2 d = m - r.centre;
        const Vec2 l{(c * d.x + s * d.y) / a, (c * d.y - s * d.x) / b};
        const double len = std::hypot(l.x, l.y);
        if (len == 0) return std::nullopt;
        const Vec2 u{l.x / len * a, l.y / len * b};
        p = r.centre + Vec2{c * u.x - s * u.y, s * u.x + c * u.y};
    } else {
        // The part's corner farthest from the centre (on the outline when the part reaches it).
        double most = -1;
        for (const Vec2& v : cell)
            if (const double d = std::hypot(v.x - r.centre.x, v.y - r.centre.y); d > most) most = d, p = v;
    }
    if (std::hypot(p.x - m.x, p.y - m.y) > partSize(cell)) return std::nullopt;  // the part is far from the edge
    for (int i = 0; i < 8 && !insideRegion(r, p); ++i) p = p + (r.centre - p) * 1e-12;
    if (!insideRegion(r, p)) return std::nullopt;
    return p;
}

Region pointRegion(Vec2 p) {
    Region r;
    r.outline = {p};
    r.centre = p;
    r.samples = {p};
    r.around = {p};
    return r;
}

}  // namespace sl
