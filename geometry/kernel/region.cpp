// Regions where sight lines start and end: a base with its outline, sample points and
// the 16-gon around it, or a single point.
#include "kernel/region.h"

#include "kernel/base.h"

#include <cmath>
#include <numbers>

namespace sl {

const double kAroundGrow = 1.0 / std::cos(std::numbers::pi / 16) * (1 + 1e-9);

namespace {

// A convex polygon of at most 16 corners around the region: a circumscribed 16-gon of a
// circle or ellipse (with a hair to spare), a rectangle's own corners, a point itself.
Ring surrounding(const Region& r) {
    if (!r.curved) return r.outline;
    Ring ring;
    const double grow = kAroundGrow;
    for (int i = 0; i < 16; ++i) {
        const double a = 2 * std::numbers::pi * i / 16;
        const Vec2 local{r.halfLength * grow * std::cos(a), r.halfWidth * grow * std::sin(a)};
        ring.push_back({r.centre.x + local.x * r.cosRot - local.y * r.sinRot,
                        r.centre.y + local.x * r.sinRot + local.y * r.cosRot});
    }
    return ring;
}

}  // namespace

Region baseRegion(const Model& model) {
    Region r;
    r.outline = baseOutline(model);
    r.centre = model.position;
    r.samples = samplePoints(model, 9);
    if (model.base.shape != BaseShape::Rect) {
        r.curved = true;
        r.halfLength = halfLengthIn(model.base);
        r.halfWidth = halfWidthIn(model.base);
        const double rad = model.rotation_deg * 3.14159265358979323846 / 180.0;
        r.cosRot = std::cos(rad);
        r.sinRot = std::sin(rad);
    }
    r.around = surrounding(r);
    return r;
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
