// Sight between two round bases among walls in the plane, decided by the lines tangent to
// two of them (flat_los.h says why that is exact).
#include "los/flat_los.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <numbers>

namespace sl::flat {

namespace {

double dot(Vec2 a, Vec2 b) { return a.x * b.x + a.y * b.y; }
Vec2 perp(Vec2 a) { return {-a.y, a.x}; }
// (Lengths here are inches on a table, far from overflow or underflow: the square root of
// the sum is as good as std::hypot and several times cheaper.)
double length(double x, double y) { return std::sqrt(x * x + y * y); }

// A convex polygon's corners (positively oriented) and the radius it is grown by.
struct Raw {
    const Vec2* pts;
    size_t n;
    double radius;
};

// Whether corner i is where <x, n> is greatest over the polygon (sign +1) or least (-1), to
// within tol: no neighbour lies further that way (a convex polygon: a local extreme is the
// extreme).
bool supports(const Raw& r, size_t i, Vec2 n, double sign, double tol) {
    if (r.n == 1) return true;
    const Vec2 u = r.pts[i];
    const Vec2 a = r.pts[(i + r.n - 1) % r.n], b = r.pts[(i + 1) % r.n];
    return sign * dot(a - u, n) <= tol && sign * dot(b - u, n) <= tol;
}

// The support lines of both, for every pair of corners the lines tangent to the two
// corners' discs, kept where each corner is its polygon's extreme along the line's normal:
// `outer`, both on one side (<u - v, n> = rB - rA); else on either side (= -(rA + rB)).
// Near-ties at an edge give the same line twice, which costs a test and nothing else.
void tangents(const Raw& A, const Raw& B, bool outer, double tol, std::vector<Line>& out) {
    const double delta = outer ? B.radius - A.radius : -(A.radius + B.radius);
    for (size_t i = 0; i < A.n; ++i)
        for (size_t j = 0; j < B.n; ++j) {
            const Vec2 u = A.pts[i], v = B.pts[j];
            const Vec2 d = u - v;
            const double l2 = dot(d, d);
            if (!(l2 > 0)) continue;
            const double room = l2 - delta * delta;
            if (room < -tol * l2) continue;
            const double root = std::sqrt(std::max(0.0, room));
            for (const double sigma : {1.0, -1.0}) {
                Vec2 n = (d * delta + perp(d) * (sigma * root)) * (1 / l2);
                n = n * (1 / length(n.x, n.y));
                if (!supports(A, i, n, 1, tol) || !supports(B, j, n, outer ? 1 : -1, tol)) continue;
                out.push_back({n, dot(u, n) + A.radius});
                if (root == 0) break;
            }
        }
}

Raw rawOf(const Shape& s, double grow) { return {s.ring().data(), s.ring().size(), s.round() + grow}; }

// The lines tangent to the disc (p, rp) and the shape grown by `grow`, both on one side of
// each: tangents() with a disc, each corner's solution worked out only where the corner's
// arc of normals (between its two sides') can hold one. There the gap between the shape's
// and the disc's reach along n, <u - p, n> + rho - rp, changes sign; or, between two ends of
// one sign, turns past zero (towards u - p, or away from it).
void discTangents(Vec2 p, double rp, const Shape& shape, double grow, double tol, std::vector<Line>& out) {
    const Ring& ring = shape.ring();
    const std::vector<Vec2>& normals = shape.normals();
    const Raw disc{&p, 1, rp}, raw = rawOf(shape, grow);
    if (normals.size() != ring.size()) {  // (a disc, or a segment: every corner tried)
        tangents(disc, raw, true, tol, out);
        return;
    }
    const double c = raw.radius - rp;
    const size_t n = ring.size();
    for (size_t i = 0; i < n; ++i) {
        const Vec2 d = ring[i] - p;
        const Vec2 from = normals[(i + n - 1) % n], to = normals[i];
        const double gFrom = dot(d, from) + c, gTo = dot(d, to) + c;
        const double len = length(d.x, d.y), slack = tol * (1 + len);
        // Whether a direction lies within the arc (less than a half turn) from `from` to `to`.
        auto within = [&](Vec2 v) { return from.x * v.y - from.y * v.x >= -slack && v.x * to.y - v.y * to.x >= -slack; };
        bool may = (gFrom <= slack && gTo >= -slack) || (gFrom >= -slack && gTo <= slack);
        if (!may && gFrom > 0) may = within(d * -1) && -len + c <= slack;
        if (!may && gFrom < 0) may = within(d) && len + c >= -slack;
        if (!may) continue;
        const Raw corner{&ring[i], 1, raw.radius};
        const size_t before = out.size();
        tangents(disc, corner, true, tol, out);
        // (Kept where the corner is the shape's extreme along the line's normal.)
        out.erase(std::remove_if(out.begin() + static_cast<std::ptrdiff_t>(before), out.end(),
                                 [&](const Line& l) { return !supports(raw, i, l.n, 1, tol); }),
                  out.end());
    }
}

}  // namespace

Shape::Shape(Ring ring, double round) : ring_(std::move(ring)), round_(round) {
    double twice = 0;
    for (size_t i = 0; i < ring_.size(); ++i) {
        const Vec2 a = ring_[i], b = ring_[(i + 1) % ring_.size()];
        twice += a.x * b.y - b.x * a.y;
    }
    if (twice < 0) std::reverse(ring_.begin(), ring_.end());
    lo_ = hi_ = ring_.empty() ? Vec2{} : ring_.front();
    for (const Vec2 p : ring_) {
        lo_ = {std::min(lo_.x, p.x), std::min(lo_.y, p.y)};
        hi_ = {std::max(hi_.x, p.x), std::max(hi_.y, p.y)};
    }
    lo_ = lo_ - Vec2{round_, round_};
    hi_ = hi_ + Vec2{round_, round_};
    if (ring_.size() >= 3)
        for (size_t i = 0; i < ring_.size(); ++i) {
            const Vec2 d = ring_[(i + 1) % ring_.size()] - ring_[i];
            const double len = length(d.x, d.y);
            normals_.push_back(len > 0 ? Vec2{d.y / len, -d.x / len} : Vec2{});
        }
}

void Shape::range(Vec2 n, double& lo, double& hi) const {
    lo = HUGE_VAL;
    hi = -HUGE_VAL;
    for (const Vec2 p : ring_) {
        const double t = dot(p, n);
        lo = std::min(lo, t);
        hi = std::max(hi, t);
    }
    lo -= round_;
    hi += round_;
}

double Shape::distanceTo(Vec2 p) const {
    const size_t n = ring_.size();
    if (n == 0) return HUGE_VAL;
    if (n == 1) return std::max(0.0, length(p.x - ring_[0].x, p.y - ring_[0].y) - round_);
    bool inside = n >= 3;
    double best = HUGE_VAL;
    for (size_t i = 0; i < n; ++i) {
        const Vec2 a = ring_[i], b = ring_[(i + 1) % n];
        const Vec2 ab = b - a, ap = p - a;
        if (ab.x * ap.y - ab.y * ap.x < 0) inside = false;
        const double l2 = dot(ab, ab);
        const double t = l2 > 0 ? std::clamp(dot(ap, ab) / l2, 0.0, 1.0) : 0.0;
        const Vec2 q = a + ab * t;
        best = std::min(best, length(p.x - q.x, p.y - q.y));
    }
    return inside ? 0.0 : std::max(0.0, best - round_);
}

const std::vector<Shape>* Shape::parts() const {
    if (!parts_ && makeParts_) parts_ = std::make_shared<const std::vector<Shape>>(makeParts_());
    return parts_.get();
}

bool Shape::within(Vec2 p, double d) const {
    if (p.x < lo_.x - d || p.x > hi_.x + d || p.y < lo_.y - d || p.y > hi_.y + d) return false;
    const size_t n = ring_.size();
    const double reach = d + round_;
    if (n == 1) {
        const Vec2 q = p - ring_[0];
        return dot(q, q) <= reach * reach;
    }
    bool inside = n >= 3;
    for (size_t i = 0; i < n; ++i) {
        const Vec2 a = ring_[i], ab = ring_[(i + 1) % n] - a, ap = p - a;
        if (ab.x * ap.y - ab.y * ap.x < 0) inside = false;
        const double l2 = dot(ab, ab);
        const double t = l2 > 0 ? std::clamp(dot(ap, ab) / l2, 0.0, 1.0) : 0.0;
        const Vec2 q = ap - ab * t;
        if (dot(q, q) <= reach * reach) return true;
    }
    return inside;
}

void commonTangents(const Shape& a, double growA, const Shape& b, double growB, bool outer, std::vector<Line>& out) {
    double scale = 1;
    for (const Shape* s : {&a, &b})
        scale = std::max({scale, std::abs(s->boxLo().x), std::abs(s->boxLo().y), std::abs(s->boxHi().x), std::abs(s->boxHi().y)});
    if (outer && a.ring().size() == 1)
        discTangents(a.ring()[0], a.round() + growA, b, growB, 1e-12 * scale, out);
    else
        tangents(rawOf(a, growA), rawOf(b, growB), outer, 1e-12 * scale, out);
}

size_t TangentCache::Hash::operator()(const Key& k) const {
    return std::hash<const void*>()(k.a) * 31 + std::hash<const void*>()(k.b) * 7 + std::hash<double>()(k.grow) + k.outer;
}

const std::vector<Line>& TangentCache::between(const Shape* a, const Shape* b, double grow) {
    if (b < a) std::swap(a, b);
    auto [it, fresh] = lines_.try_emplace(Key{a, b, grow, false});
    if (fresh) commonTangents(*a, grow, *b, grow, false, it->second);
    return it->second;
}

size_t TangentCache::DiscHash::operator()(const DiscKey& k) const noexcept {
    const std::hash<double> h;
    return ((h(k.x) * 31 + h(k.y)) * 31 + h(k.radius)) * 31 + std::hash<const void*>()(k.wall) * 7 + h(k.grow) + h(k.tol);
}

const std::vector<Line>& TangentCache::toDisc(Vec2 centre, double radius, const Shape* wall, double grow, double tol) {
    auto [it, fresh] = toDisc_.try_emplace(DiscKey{centre.x, centre.y, radius, wall, grow, tol});
    if (fresh) discTangents(centre, radius, *wall, grow, tol, it->second);
    return it->second;
}

const std::vector<Line>& TangentCache::outside(const Shape* a, const Shape* b, double grow) {
    if (b < a) std::swap(a, b);
    auto [it, fresh] = lines_.try_emplace(Key{a, b, grow, true});
    if (fresh) commonTangents(*a, grow, *b, grow, true, it->second);
    return it->second;
}

namespace {

// The region every line between two discs runs in: between their two tangents on one side
// of both, and along the axis from the first's far end to the second's.
struct Corridor {
    Vec2 c, p, a, n1, n2, boxLo, boxHi;
    double R, r, apart, s1, s2, back, front;
    Corridor(Disc from, Disc to) : c(from.centre), p(to.centre), R(from.radius), r(to.radius) {
        const Vec2 cp = p - c;
        apart = length(cp.x, cp.y);
        a = apart > 0 ? cp * (1 / apart) : Vec2{1, 0};
        const double delta = r - R;  // <c - p, n> = r - R: both discs below the line
        const double root = std::sqrt(std::max(0.0, apart * apart - delta * delta));
        const Vec2 d = c - p;
        const double l2 = std::max(apart * apart, 1e-300);
        n1 = (d * delta + perp(d) * root) * (1 / l2);
        n2 = (d * delta - perp(d) * root) * (1 / l2);
        s1 = dot(c, n1) + R;
        s2 = dot(c, n2) + R;
        back = dot(c, a) - R;
        front = dot(p, a) + r;
        boxLo = {std::min(c.x - R, p.x - r), std::min(c.y - R, p.y - r)};
        boxHi = {std::max(c.x + R, p.x + r), std::max(c.y + R, p.y + r)};
    }
    // Whether the shape grown by g may meet the region.
    bool mayMeet(const Shape& s, double g) const {
        if (s.boxHi().x + g < boxLo.x || s.boxLo().x - g > boxHi.x || s.boxHi().y + g < boxLo.y || s.boxLo().y - g > boxHi.y)
            return false;
        double lo, hi;
        s.range(n1, lo, hi);
        if (lo - g >= s1) return false;
        s.range(n2, lo, hi);
        if (lo - g >= s2) return false;
        s.range(a, lo, hi);
        return !(hi + g <= back || lo - g >= front);
    }
};

// Whether the shape, grown by `grow`, stays clear (by more than eps) of the convex hull of
// the discs: some direction along which it lies wholly beyond the hull. Two convex sets
// apart are apart along the line through their nearest points: a side's normal where the
// shape's nearest point lies within a side, the normal of one of the hull's straight sides
// (a line tangent to two of the discs on one side of both), or the direction from a disc's
// centre to the corner of the shape nearest it; each is tried (a side's and a corner's in
// constant time: along a side's normal the shape's least is that side's; along a corner's
// direction, its least is the corner's where its neighbours lie no nearer).
template <size_t N>
bool apartFromHull(const Shape& shape, const Disc (&discs)[N], double grow, double eps) {
    const Ring& ring = shape.ring();
    const size_t n = ring.size();
    const double reach = grow + shape.round();
    auto hullReach = [&](Vec2 d) {
        double most = -HUGE_VAL;
        for (const Disc& c : discs) most = std::max(most, dot(c.centre, d) + c.radius);
        return most;
    };
    const std::vector<Vec2>& normals = shape.normals();
    for (size_t i = 0; i < normals.size(); ++i)
        if (-dot(ring[i], normals[i]) - reach > hullReach(normals[i] * -1) + eps) return true;
    if (n == 2) {  // (a segment: its two normals)
        const Vec2 d = ring[1] - ring[0];
        const double len = length(d.x, d.y);
        for (const Vec2 m : {Vec2{-d.y, d.x}, Vec2{d.y, -d.x}})
            if (len > 0 && std::min(dot(ring[0], m), dot(ring[1], m)) / len - reach > hullReach(m * (1 / len)) + eps) return true;
    }
    for (size_t i = 0; i < N; ++i)
        for (size_t j = i + 1; j < N; ++j) {
            const Disc &a = discs[i], &b = discs[j];
            const Vec2 d = a.centre - b.centre;
            const double l2 = dot(d, d), delta = b.radius - a.radius;
            if (l2 > delta * delta)
                for (const double sigma : {1.0, -1.0}) {
                    Vec2 m = (d * delta + perp(d) * (sigma * std::sqrt(l2 - delta * delta))) * (1 / l2);
                    m = m * (1 / length(m.x, m.y));
                    double least = HUGE_VAL;
                    for (const Vec2 v : ring) least = std::min(least, dot(v, m));
                    if (least - reach > hullReach(m) + eps) return true;
                }
        }
    for (const Disc& c : discs)
        for (size_t i = 0; i < n; ++i) {
            const Vec2 v = ring[i], d = v - c.centre;
            const double len = length(d.x, d.y);
            if (!(len > 0)) continue;
            const Vec2 u = d * (1 / len);
            if (n > 1 && (dot(ring[(i + 1) % n] - v, u) < 0 || dot(ring[(i + n - 1) % n] - v, u) < 0)) continue;
            if (dot(v, u) - reach > hullReach(u) + eps) return true;
        }
    return false;
}

// The same for the hull of two discs.
bool apart(const Shape& shape, Disc a, Disc b, double grow, double eps) {
    const Disc discs[] = {a, b};
    return apartFromHull(shape, discs, grow, eps);
}

// What of the shape `meets` says meets a look: the shape, or where it has parts (an area's
// hull) the first of them that meets it; none.
template <class Meets>
const Shape* stopperOf(const Shape& s, const Meets& meets) {
    if (!meets(s)) return nullptr;
    if (!s.parts() || s.parts()->empty()) return &s;
    const auto part = std::ranges::find_if(*s.parts(), meets);
    return part == s.parts()->end() ? nullptr : &*part;
}

}  // namespace

View::View(Disc observer, std::vector<const Shape*> walls, std::vector<const Shape*> unsure, double half, TangentCache& cache)
    : observer_(observer), half_(half), unsure_(std::move(unsure)), cache_(&cache) {
    double scale = 1 + std::abs(observer.centre.x) + std::abs(observer.centre.y) + observer.radius;
    for (const std::vector<const Shape*>* list : {&walls, &unsure_})
        for (const Shape* s : *list)
            scale = std::max({scale, std::abs(s->boxLo().x), std::abs(s->boxLo().y), std::abs(s->boxHi().x), std::abs(s->boxHi().y)});
    // (Coordinates are inches of a table; rounding in the lines and ranges is some 1e-14 of
    // them. A comparison closer than this is not trusted either way.)
    eps_ = 1e-9 * scale;
    walls_.reserve(walls.size());
    for (const Shape* s : walls) walls_.push_back({s, s->within(observer.centre, observer.radius + half + eps_)});
    for (const Piece& w : walls_) every_.push_back(&w);
    // (Points round the centre, well within the base: a band from there keeps within it.)
    const double out = std::max(0.0, observer.radius - half) * 0.9;
    starts_[0] = observer.centre;
    for (int k = 1; k < kStartPoints; ++k) {
        const double turn = 2 * std::numbers::pi * (k - 1) / (kStartPoints - 1);
        starts_[static_cast<size_t>(k)] = observer.centre + Vec2{std::cos(turn), std::sin(turn)} * out;
    }
}

bool View::mayMeetLines(Disc target, std::vector<const Piece*>& out) const {
    const Corridor k(observer_, target);
    if (!(k.apart > k.R + k.r + eps_)) return false;
    out.clear();
    for (const Piece& w : walls_)
        if (k.mayMeet(*w.shape, half_ + eps_)) out.push_back(&w);
    return true;
}

void View::forget() {
    lastInTheWay_ = nullptr;
    lastAcross_ = nullptr;
    lastHider_ = nullptr;
    openCount_ = openNext_ = 0;
}

const View::Piece& View::insideOf(const Shape* s) const {
    auto [it, fresh] = insides_.try_emplace(s);
    if (fresh) it->second = {s, s->within(observer_.centre, observer_.radius + half_ + eps_)};
    return it->second;
}

View::Gathered View::gather(Disc target, bool& anyNear, bool& innerUsable, const std::vector<const Piece*>& among) const {
    const Corridor k(observer_, target);
    if (!(k.apart > k.R + k.r + eps_)) return Gathered::NotFlat;
    const double g = half_ + eps_;
    for (const Shape* s : unsure_)
        if (k.mayMeet(*s, g)) return Gathered::NotFlat;
    outer_.clear();
    inner_.clear();
    anyNear = false;
    innerUsable = true;
    auto near = [&](const Piece& w) { return w.nearObserver || w.shape->within(k.p, k.r + g); };
    for (const Piece* wp : among) {
        const Piece& w = *wp;
        if (!k.mayMeet(*w.shape, g)) continue;
        const bool tooNear = near(w);
        outer_.push_back({&w, tooNear});
        if (!tooNear) {
            inner_.push_back({&w, false});
            continue;
        }
        anyNear = true;
        const Shape* in = w.shape->inside();
        if (!in) {
            innerUsable = false;
            continue;
        }
        if (!k.mayMeet(*in, g)) continue;
        const Piece& ip = insideOf(in);
        if (near(ip)) innerUsable = false;
        else inner_.push_back({&ip, false});
    }
    return outer_.empty() ? Gathered::None : Gathered::Some;
}

bool View::nothingNear(Disc from, Disc target, bool closely) const {
    const Corridor k(from, target);
    if (!(k.apart > k.R + k.r + eps_)) return false;
    const double g = half_ + eps_;
    // (Measured closely, from a point: a band from it to a point q of the target is needed
    // open only up to its cross-section through q, all of which lies within
    // sqrt(|q - from|^2 + half^2) of the point; a piece wholly farther than that from it,
    // for the target's farthest q, stops none of those bands, though it stand against the
    // target's far side.)
    // (Worked out only where asked: most cones fail at a wall that is not behind.)
    auto behind = [&](const Shape& s) {
        if (from.radius != 0) return false;
        const double far = length(target.centre.x - from.centre.x, target.centre.y - from.centre.y) + target.radius;
        return !s.within(from.centre, std::sqrt(far * far + half_ * half_) + eps_);
    };
    // (Measured closely, a hull in the way is looked at as its parts, where it has them: a
    // base may stand in one of an area's bays.)
    auto near = [&](const Shape& s) { return k.mayMeet(s, g) && !apart(s, from, target, half_, eps_) && !behind(s); };
    auto stops = [&](const Shape& s) { return closely ? stopperOf(s, near) != nullptr : k.mayMeet(s, g); };
    for (const Shape* s : unsure_)
        if (stops(*s)) return false;
    // (The wall that was in the way last time first: the next cone is near the last.)
    auto inTheWay = [&](const Piece* w) { return stops(*w->shape); };
    if (lastInTheWay_ && inTheWay(lastInTheWay_)) return false;
    for (const Piece* w : every_)
        if (w != lastInTheWay_ && inTheWay(w)) {
            lastInTheWay_ = w;
            return false;
        }
    return true;
}

bool View::open(Disc target) const { return nothingNear(observer_, target, false); }

bool View::openFromAPoint(Disc target, bool closely) const {
    for (int k = 0; k < kStartPoints; ++k)
        if (nothingNear({starts_[static_cast<size_t>(k)], 0}, target, closely)) return true;
    return false;
}

void View::keepOpen(Vec2 n, Vec2 e, double s, double from, double to) const {
    Open& o = open_[openNext_];
    o = {n, e, s, from, to, to - eps_, false};
    openNext_ = (openNext_ + 1) % kOpenKept;
    openCount_ = std::min(openCount_ + 1, kOpenKept);
}

void View::reachOf(Open& o) const {
    // How far on the band stays open: to the nearest point along it of a wall or unsure piece
    // that meets its strip (the whole piece's, which is no farther). One that reaches back
    // to where the band is known open stops it there.
    const Vec2 n = o.n, e = o.e;
    const double s = o.s, from = o.from, to = o.known;
    double reach = HUGE_VAL;
    auto stop = [&](const Shape& sh) {
        double lo, hi;
        sh.range(n, lo, hi);
        if (hi <= s - half_ - eps_ || lo >= s + half_ + eps_) return;
        sh.range(e, lo, hi);
        if (hi <= from) return;  // (wholly behind: the band leaves the observer's disc past it)
        reach = std::min(reach, std::max(lo, to));
    };
    for (const Piece& w : walls_) stop(*w.shape);
    for (const Shape* u : unsure_) stop(*u);
    o.to = reach - eps_;
    o.reached = true;
}

bool View::seenAlongKept(Disc target, Segment* witness) const {
    for (size_t k = 0; k < openCount_; ++k) {
        Open& o = open_[(openNext_ + kOpenKept - 1 - k) % kOpenKept];
        const double off = dot(target.centre, o.n) - o.s;
        if (!(std::abs(off) <= target.radius - eps_)) continue;
        const double enter = dot(target.centre, o.e) - std::sqrt(target.radius * target.radius - off * off);
        if (!(enter > o.from + eps_)) continue;
        // (Open as far as the target it was found for; past that, how far is found once asked.)
        if (enter > o.to && !o.reached) reachOf(o);
        if (!(enter <= o.to)) continue;
        if (witness) *witness = {o.n * o.s + o.e * o.from, o.n * o.s + o.e * enter};
        return true;
    }
    return false;
}

bool View::sideFanOpen(Vec2 p, Disc target, double side) const {
    const Vec2 d = target.centre - p;
    const double distance = length(d.x, d.y);
    if (!(distance > target.radius + eps_)) return false;
    // The bands: for a point q of the target, the one with q at a corner of its end and its
    // side from p to q, the other 2 half away towards `side` (its start's middle within half
    // of p). Its corners: p, q, and those two moved 2 half along the normal of q - p, which
    // lies within 2 sin(a / 2) of the normal of the centre's direction, a the angle between
    // the two (at most asin(radius / distance)): within mu of the corners moved along that.
    const Vec2 u = d * (1 / distance), shift = perp(u) * (2 * half_ * side);
    const double mu = 4 * half_ * std::sin(std::asin(std::min(1.0, target.radius / distance)) / 2) * (1 + 1e-9) + eps_;
    const Disc fan[] = {{p, 0}, target, {p + shift, mu}, {target.centre + shift, target.radius + mu}};
    // (A piece wholly farther from p than every band's farthest corner stops none.)
    const double far = distance + target.radius, farthest = std::sqrt(far * far + 4 * half_ * half_) + mu + eps_;
    Vec2 lo = p, hi = p;
    for (const Disc& disc : fan) {
        lo = {std::min(lo.x, disc.centre.x - disc.radius), std::min(lo.y, disc.centre.y - disc.radius)};
        hi = {std::max(hi.x, disc.centre.x + disc.radius), std::max(hi.y, disc.centre.y + disc.radius)};
    }
    auto near = [&](const Shape& s) {
        return !(s.boxHi().x < lo.x - eps_ || s.boxLo().x > hi.x + eps_ || s.boxHi().y < lo.y - eps_ || s.boxLo().y > hi.y + eps_) &&
               !apartFromHull(s, fan, 0, eps_) && s.within(p, farthest);
    };
    // (What stopped the last fan first: the next, from a point near, or to the other side,
    // is most often stopped by it too. A hull as its parts, as in nothingNear.)
    if (lastAcross_ && near(*lastAcross_)) return false;
    for (const Shape* s : unsure_)
        if (const Shape* by = stopperOf(*s, near)) return (lastAcross_ = by), false;
    for (const Piece& w : walls_)
        if (const Shape* by = stopperOf(*w.shape, near)) return (lastAcross_ = by), false;
    return true;
}

bool View::openAlongASide(Disc target) const {
    // (From the points openFromAPoint takes: each at least half within the observer's disc.)
    if (!(observer_.radius > half_)) return false;
    for (int k = 0; k < kStartPoints; ++k)
        if (const Vec2 p = starts_[static_cast<size_t>(k)]; sideFanOpen(p, target, 1) || sideFanOpen(p, target, -1)) return true;
    return false;
}

bool View::openInParts(Disc target) const {
    auto open = [&](Disc disc) { return openFromAPoint(disc, true) || openAlongASide(disc); };
    if (open(target)) return true;
    // (Seven discs a little over half the radius: one about the centre, six about it at
    // sqrt(3)/2 of the radius, which meet on the rim.)
    const double part = 0.505 * target.radius, out = 0.8660254037844386 * target.radius;
    if (!open({target.centre, part})) return false;
    for (int k = 0; k < 6; ++k) {
        const double a = 3.14159265358979323846 / 3 * k;
        if (!open({target.centre + Vec2{std::cos(a), std::sin(a)} * out, part})) return false;
    }
    return true;
}

Sight View::seenWhole(Disc target, std::optional<Vec2>* hiddenAt) const {
    constexpr size_t kFirstPoints = 2;
    std::optional<Vec2> q = pointHidden(target, 0, kFirstPoints);
    if (!q && openFromAPoint(target)) return Sight::Visible;
    if (!q) q = pointHidden(target, kFirstPoints);
    if (q) {
        if (hiddenAt) *hiddenAt = q;
        return Sight::Hidden;
    }
    const Sight exact = fullyVisible(target);
    // (Where that does not apply, a wall too near the base: seen in parts, each from a
    // point of its own, measured against the walls near, or by bands on one side of their
    // lines.)
    return exact == Sight::Unknown && openInParts(target) ? Sight::Visible : exact;
}

Sight View::sees(Disc target, Segment* witness) const {
    if (seenAlongKept(target, witness)) return Sight::Visible;
    bool anyNear = false, innerUsable = false;
    switch (gather(target, anyNear, innerUsable, every_)) {
        case Gathered::None:
            if (witness) {
                const Vec2 c = observer_.centre, p = target.centre, d = p - c;
                const Vec2 u = d * (1 / length(d.x, d.y));
                *witness = {c + u * observer_.radius, p - u * target.radius};
            }
            return Sight::Visible;
        case Gathered::NotFlat: return Sight::Unknown;
        case Gathered::Some: break;
    }
    if (!anyNear) {
        if (hiddenByLastHider(target)) return Sight::Hidden;
        return decide(target, outer_, true, witness);
    }
    // A wall too near a disc for the exact decision: a band found open past it, tested
    // against it whole, shows the target seen; the walls' insides (within the pieces: fewer
    // walls) hiding it show it hidden.
    if (decide(target, outer_, false, witness) == Sight::Visible) return Sight::Visible;
    if (innerUsable && !inner_.empty() && decide(target, inner_, true, nullptr) == Sight::Hidden) return Sight::Hidden;
    return Sight::Unknown;
}

Sight View::hides(Disc target) const { return hidesAmong(target, every_); }

Sight View::hidesAmong(Disc target, const std::vector<const Piece*>& among) const {
    if (seenAlongKept(target, nullptr)) return Sight::Visible;  // (a band kept reaches into it)
    bool anyNear = false, innerUsable = false;
    switch (gather(target, anyNear, innerUsable, among)) {
        case Gathered::None: return Sight::Visible;
        case Gathered::NotFlat: return Sight::Unknown;
        case Gathered::Some: break;
    }
    if (!anyNear) {
        if (hiddenByLastHider(target)) return Sight::Hidden;
        return decide(target, outer_, true, nullptr) == Sight::Hidden ? Sight::Hidden : Sight::Visible;
    }
    if (!innerUsable || inner_.empty()) return Sight::Unknown;
    return decide(target, inner_, true, nullptr) == Sight::Hidden ? Sight::Hidden : Sight::Visible;
}

std::optional<Vec2> View::pointHidden(Disc target, size_t from, size_t to) const {
    // (The walls that may meet the target's lines, for the lines that bound their shadows;
    // hides() below decides each point, where the plane applies to it.)
    // (Every point tried lies within the target's disc, its lines within the hull of the two
    // discs: the walls that may meet those are all that may meet its own.)
    const std::vector<const Piece*>& walls = pointWalls_;
    if (!mayMeetLines(target, pointWalls_) || walls.empty()) return std::nullopt;
    const double r = std::max(0.0, target.radius - half_) * (1 - 1e-9);
    std::vector<Vec2>& tried = pointsTried_;
    if (from == 0) tried.clear();
    size_t index = 0;
    bool stop = false;
    auto hidden = [&](Vec2 q) {
        const size_t number = index++;
        if (number < from) return false;  // (tried by the call before)
        if (number >= to) {
            stop = true;
            return false;
        }
        for (const Vec2 t : tried)
            if (std::abs(t.x - q.x) + std::abs(t.y - q.y) < 1e-9) return false;
        tried.push_back(q);
        return hidesAmong({q, half_}, walls) == Sight::Hidden;
    };
    const Vec2 p = target.centre;
    // Deepest past each line (on its side away from the shapes it touches, and on the other).
    auto past = [&](const Line& l, double side) { return p + l.n * (side * r); };
    for (const Piece* w : walls) {
        if (!w->toObserver) w->toObserver = &cache_->toDisc(observer_.centre, observer_.radius, w->shape, half_, eps_ * 1e-3);
        for (const Line& l : *w->toObserver)
            for (const double side : {-1.0, 1.0})
                if (hidden(past(l, side))) return tried.back();
        if (stop) return std::nullopt;
    }
    for (size_t k = 0; k < walls.size(); ++k)
        for (size_t j = k + 1; j < walls.size(); ++j)
            for (const Line& l : cache_->between(walls[k]->shape, walls[j]->shape, half_)) {
                for (const double side : {-1.0, 1.0})
                    if (hidden(past(l, side))) return tried.back();
                if (stop) return std::nullopt;
            }
    // Then round the rim, the side away from the observer first.
    const Vec2 d = p - observer_.centre;
    const double len = length(d.x, d.y);
    if (!(len > 0)) return std::nullopt;
    const Vec2 u = d * (r / len);
    constexpr int kRound = 16;
    for (int k = 0; k < kRound; ++k) {
        const double turn = 3.14159265358979323846 * ((k + 1) / 2) * (k % 2 ? 1 : -1) / (kRound / 2);
        const Vec2 q = p + Vec2{u.x * std::cos(turn) - u.y * std::sin(turn), u.x * std::sin(turn) + u.y * std::cos(turn)};
        if (hidden(q)) return q;
    }
    return std::nullopt;
}

View::LineTest View::lineTest(Disc target, const std::vector<Near>& pieces, Vec2 n, double s, size_t skipA, size_t skipB,
                              size_t& lastStop, bool keep, Segment* witness) const {
    const Vec2 c = observer_.centre, p = target.centre;
    const double R = observer_.radius, r = target.radius;
    const Vec2 cp = p - c;
    bool unsure = false;
    const double oOff = dot(c, n) - s, tOff = dot(p, n) - s;
    if (skipA != 0 && skipB != 0) {
        const double miss = std::abs(oOff) - R;
        if (miss > eps_) return LineTest::Blocked;
        if (miss > -eps_) unsure = true;
    }
    if (skipA != 1 && skipB != 1) {
        const double miss = std::abs(tOff) - r;
        if (miss > eps_) return LineTest::Blocked;
        if (miss > -eps_) unsure = true;
    }
    Vec2 e = perp(n);
    if (dot(e, cp) < 0) e = e * -1;
    // The band runs from where the line leaves O to where it enters T.
    const double outO = dot(c, e) + std::sqrt(std::max(0.0, R * R - oOff * oOff));
    const double inT = dot(p, e) - std::sqrt(std::max(0.0, r * r - tOff * tOff));
    // (The piece that stopped the line before first: the next is near it, and most
    // often stopped by it too.)
    for (size_t step = 0; step < pieces.size(); ++step) {
        const size_t k = step == 0 ? lastStop : step <= lastStop ? step - 1 : step;
        if (skipA == k + 2 || skipB == k + 2) continue;
        const Shape& sh = *pieces[k].piece->shape;
        const Ring& ring = sh.ring();
        const double round = sh.round();
        double lo = HUGE_VAL, hi = -HUGE_VAL;
        size_t at = 0, ato = 0;
        for (size_t q = 0; q < ring.size(); ++q) {
            const double t = dot(ring[q], n);
            if (t < lo) lo = t, ato = q;
            if (t > hi) hi = t, at = q;
        }
        if (pieces[k].near) {
            // Near a disc: the band, a rectangle, against the shape whole. Clear only
            // where an axis (the band's two, the shape's sides) shows them apart.
            if (hi + round <= s - half_ - eps_ || lo - round >= s + half_ + eps_) continue;
            double tlo = HUGE_VAL, thi = -HUGE_VAL;
            for (const Vec2 q : ring) {
                tlo = std::min(tlo, dot(q, e));
                thi = std::max(thi, dot(q, e));
            }
            if (thi + round <= outO - eps_ || tlo - round >= inT + eps_) continue;
            bool apart = false;
            if (ring.size() == 1) {
                const double tc = dot(ring[0], e), oc = dot(ring[0], n);
                const double dx = std::max({outO - tc, 0.0, tc - inT}), dy = std::max({s - half_ - oc, 0.0, oc - s - half_});
                apart = length(dx, dy) >= round + eps_;
            }
            for (size_t q = 0; q < ring.size() && ring.size() > 1 && !apart; ++q) {
                const Vec2 u = ring[q], v = ring[(q + 1) % ring.size()];
                const Vec2 ed = v - u;
                const double len = length(ed.x, ed.y);
                if (!(len > 0)) continue;
                const Vec2 m{ed.y / len, -ed.x / len};  // outward (positively oriented ring)
                const double h = dot(u, m) + round;
                const double em = dot(e, m), nm = dot(n, m);
                const double least = std::min(outO * em, inT * em) + std::min((s - half_) * nm, (s + half_) * nm);
                apart = least >= h + eps_;
            }
            if (!apart) unsure = true;
            continue;
        }
        const double reachLo = lo - round - half_, reachHi = hi + round + half_;
        if (s >= reachHi + eps_ || s <= reachLo - eps_) continue;  // clear of it
        if (!(s > reachLo + eps_ && s < reachHi - eps_)) {
            unsure = true;
            continue;
        }
        // The band meets the shape: where along the line (which stretch: the shape
        // stands farther than half from both discs, so wholly within one).
        double along = dot(ring[at], e);
        if (s <= lo) {
            along = dot(ring[ato], e);
        } else if (s < hi) {
            for (size_t q = 0; q < ring.size(); ++q) {
                const Vec2 u = ring[q], v = ring[(q + 1) % ring.size()];
                const double du = dot(u, n) - s, dv = dot(v, n) - s;
                if ((du <= 0) != (dv <= 0)) {
                    along = dot(u, e) + (dot(v, e) - dot(u, e)) * (du / (du - dv));
                    break;
                }
            }
        }
        if (along > outO + eps_ && along < inT - eps_) {
            lastStop = k;
            return LineTest::Blocked;
        }
        if (!(along < outO - eps_ || along > inT + eps_)) unsure = true;
    }
    if (unsure) return LineTest::Unsure;
    if (witness) *witness = {n * s + e * outO, n * s + e * inT};
    if (keep) keepOpen(n, e, s, outO, inT);
    return LineTest::Open;
}

Sight View::fullyVisible(Disc target) const {
    bool anyNear = false, innerUsable = false;
    switch (gather(target, anyNear, innerUsable, every_)) {
        case Gathered::None: return Sight::Visible;
        case Gathered::NotFlat: return Sight::Unknown;
        case Gathered::Some: break;
    }
    const Vec2 p = target.centre;
    const double r = target.radius;
    // The walls near the target's lines, each standing farther than twice half the band's
    // width from it; a hull the target stands too near replaced by the piece's own parts
    // that may meet the lines (a base in one of an area's bays), which must stand so too.
    std::vector<Near> walls;  // (sees() below gathers anew)
    const Corridor k(observer_, target);
    auto clearOfTarget = [&](const Shape& s) { return !s.within(p, r + 2 * half_ + eps_); };
    for (const Near& w : outer_) {
        if (w.piece->nearObserver) return Sight::Unknown;
        if (clearOfTarget(*w.piece->shape)) {
            walls.push_back({w.piece, false});
            continue;
        }
        if (!w.piece->shape->parts() || w.piece->shape->parts()->empty()) return Sight::Unknown;
        for (const Shape& part : *w.piece->shape->parts()) {
            if (!k.mayMeet(part, half_ + eps_)) continue;
            const Piece& pp = insideOf(&part);
            if (pp.nearObserver || !clearOfTarget(part)) return Sight::Unknown;
            walls.push_back({&pp, false});
        }
    }
    // The corners of the set of open lines near the target: every line tangent to the
    // observer's disc and a wall, or to two walls, that passes within half of the target and
    // is not stopped short of it (tested to the disc half wider). Those found open are kept
    // apart: a point within half of one is reached.
    const Disc wide{p, r + half_};
    struct Corner {
        Line l;
        bool open;
    };
    std::vector<Corner> corners;
    size_t lastStop = 0;
    bool unsure = false;
    auto consider = [&](const std::vector<Line>& lines, size_t skipA, size_t skipB) {
        for (const Line& l : lines) {
            if (std::abs(dot(p, l.n) - l.s) > r + half_ + eps_) continue;
            const LineTest t = lineTest(wide, walls, l.n, l.s, skipA, skipB, lastStop, false, nullptr);
            if (t != LineTest::Blocked) corners.push_back({l, t == LineTest::Open});
        }
    };
    const Vec2 c = observer_.centre;
    const Raw o{&c, 1, observer_.radius};
    const double tol = eps_ * 1e-3;
    std::vector<Line> lines;
    for (size_t k = 0; k < walls.size(); ++k) {
        lines.clear();
        const Raw wall = rawOf(*walls[k].piece->shape, half_);
        tangents(o, wall, true, tol, lines);
        tangents(o, wall, false, tol, lines);
        consider(lines, 0, k + 2);
        for (size_t j = k + 1; j < walls.size(); ++j) {
            const Shape* a = walls[k].piece->shape;
            const Shape* b = walls[j].piece->shape;
            consider(cache_->outside(a, b, half_), k + 2, j + 2);
            consider(cache_->between(a, b, half_), k + 2, j + 2);
        }
    }
    // The region's edges: the lines half a band's width either side of each corner.
    std::vector<Line> edges;
    for (const Corner& k : corners)
        for (const double side : {-1.0, 1.0}) edges.push_back({k.l.n, k.l.s + side * half_});
    auto reached = [&](Vec2 q) {
        for (const Corner& k : corners)
            if (k.open && std::abs(dot(q, k.l.n) - k.l.s) < half_ - eps_) return true;
        return false;
    };
    // A point of each piece: beside every corner of the arrangement (two edges crossing
    // within the target, an edge crossing its rim), in every angle there, a little way in
    // (less than half the way to the nearest edge or rim not through the corner). Where no
    // edge crosses the target, its centre.
    bool tried = false;
    auto tryPoint = [&](Vec2 q) {
        tried = true;
        if (reached(q)) return Sight::Visible;
        const Sight s = sees({q, half_});
        if (s == Sight::Unknown) unsure = true;
        return s;
    };
    auto through = [&](const Line& e, Vec2 v) { return std::abs(dot(v, e.n) - e.s) <= 1e-9 * (1 + r); };
    auto beside = [&](Vec2 v, bool onRim) {
        // The directions of the edges through v (both ways), and of the rim there.
        std::vector<double> turns;
        double room = onRim ? HUGE_VAL : r - length(v.x - p.x, v.y - p.y);
        for (const Line& e : edges) {
            if (through(e, v)) {
                const double t = std::atan2(e.n.x, -e.n.y);  // (the line's direction, perp(n))
                turns.push_back(t);
                turns.push_back(t + 3.14159265358979323846);
            } else {
                room = std::min(room, std::abs(dot(v, e.n) - e.s));
            }
        }
        if (onRim) {
            const double t = std::atan2(v.y - p.y, v.x - p.x) + 3.14159265358979323846 / 2;
            turns.push_back(t);
            turns.push_back(t + 3.14159265358979323846);
            room = std::min(room, r);
        }
        if (!(room > 1e-7)) {
            unsure = true;  // (pieces too small to tell apart: a knife edge)
            return Sight::Unknown;
        }
        for (double& t : turns) t = std::remainder(t, 2 * 3.14159265358979323846);
        std::ranges::sort(turns);
        const double step = 0.5 * room;
        for (size_t i = 0; i < turns.size(); ++i) {
            const double from = turns[i], to = i + 1 < turns.size() ? turns[i + 1] : turns[0] + 2 * 3.14159265358979323846;
            if (to - from < 1e-9) continue;
            const double mid = (from + to) / 2;
            // (Within the angle, nearer the corner than anything else; within the target,
            // nearer still by the rim's curve where that is needed; an angle outside it has
            // no point within.)
            const Vec2 u{std::cos(mid), std::sin(mid)};
            double reachIn = step;
            for (int halve = 0; halve < 40 && dot(v + u * reachIn - p, v + u * reachIn - p) >= r * r; ++halve) reachIn /= 2;
            const Vec2 q = v + u * reachIn;
            if (dot(q - p, q - p) >= r * r) continue;
            if (tryPoint(q) == Sight::Hidden) return Sight::Hidden;
        }
        return Sight::Visible;
    };
    for (size_t i = 0; i < edges.size(); ++i) {
        const Line& e = edges[i];
        // Where it crosses the rim.
        const double off = dot(p, e.n) - e.s;
        if (std::abs(off) < r) {
            const Vec2 foot = p - e.n * off, along = perp(e.n) * std::sqrt(r * r - off * off);
            for (const Vec2 v : {foot + along, foot - along})
                if (beside(v, true) == Sight::Hidden) return Sight::Hidden;
        }
        for (size_t j = i + 1; j < edges.size(); ++j) {
            const Line& f = edges[j];
            const double det = e.n.x * f.n.y - e.n.y * f.n.x;
            if (std::abs(det) < 1e-12) continue;  // (parallel: they never cross)
            const Vec2 v{(e.s * f.n.y - f.s * e.n.y) / det, (e.n.x * f.s - f.n.x * e.s) / det};
            const Vec2 d = v - p;
            if (dot(d, d) < r * r && beside(v, false) == Sight::Hidden) return Sight::Hidden;
        }
    }
    if (!tried && tryPoint(p) == Sight::Hidden) return Sight::Hidden;
    return unsure ? Sight::Unknown : Sight::Visible;
}

Sight View::decide(Disc target, const std::vector<Near>& pieces, bool exact, Segment* witness) const {
    const Vec2 c = observer_.centre, p = target.centre;
    const double R = observer_.radius, r = target.radius;
    const Vec2 cp = p - c;
    const Vec2 a = cp * (1 / length(cp.x, cp.y));
    // (Whether the pieces are the walls themselves, not their insides: then a band found
    // open is open on the table.)
    const bool real = &pieces == &outer_;

    using Test = LineTest;
    // Whether the line (n, s) runs open from O to T, the objects `skipA` and `skipB` (0: O,
    // 1: T, 2 + k: the k-th piece) taken as touching it (the line is tangent to them: no
    // band along it meets a wall it touches).
    size_t lastStop = 0;
    auto test = [&](Vec2 n, double s, size_t skipA, size_t skipB) {
        return lineTest(target, pieces, n, s, skipA, skipB, lastStop, real, witness);
    };
    bool unsure = false;
    auto tryLines = [&](const std::vector<Line>& lines, size_t skipA, size_t skipB) {
        for (const Line& l : lines) {
            const Test t = test(l.n, l.s, skipA, skipB);
            if (t == Test::Open) return true;
            if (t == Test::Unsure) unsure = true;
        }
        return false;
    };
    // The line through both centres first (a witness where one is open, most often), then
    // the lines the open set's edges meet at: tangent to O and T between them, to a disc
    // and a wall on one side of both, to two walls between them.
    {
        const Vec2 n = perp(a);
        if (test(n, dot(c, n), 0, 0) == Test::Open) return Sight::Visible;
    }
    const Vec2 cc = c, pp = p;
    const Raw o{&cc, 1, R}, tr{&pp, 1, r};
    const double tol = eps_ * 1e-3;
    lines_.clear();
    tangents(o, tr, false, tol, lines_);
    if (tryLines(lines_, 0, 1)) return Sight::Visible;
    for (size_t k = 0; k < pieces.size(); ++k) {
        const Piece& w = *pieces[k].piece;
        if (!w.toObserver) w.toObserver = &cache_->toDisc(c, R, w.shape, half_, tol);
        if (tryLines(*w.toObserver, 0, k + 2)) return Sight::Visible;
    }
    for (size_t k = 0; k < pieces.size(); ++k) {
        lines_.clear();
        discTangents(p, r, *pieces[k].piece->shape, half_, tol, lines_);
        if (tryLines(lines_, 1, k + 2)) return Sight::Visible;
    }
    for (size_t k = 0; k < pieces.size(); ++k)
        for (size_t j = k + 1; j < pieces.size(); ++j)
            if (tryLines(cache_->between(pieces[k].piece->shape, pieces[j].piece->shape, half_), k + 2, j + 2))
                return Sight::Visible;
    if (!exact) return Sight::Unknown;
    if (!unsure && real && !pieces.empty()) lastHider_ = pieces[lastStop].piece;  // (the wall that stopped most of the lines last)
    return unsure ? Sight::Unknown : Sight::Hidden;
}

bool View::hiddenByLastHider(Disc target) const {
    // (One wall alone that hides the target hides it whatever else stands: a proof with
    // fewer walls. The one that stopped the last lines is tried first, where it is near.)
    if (!lastHider_) return false;
    const auto at = std::ranges::find_if(outer_, [&](const Near& n) { return n.piece == lastHider_; });
    if (at == outer_.end()) return false;
    alone_.assign(1, *at);
    return decide(target, alone_, true, nullptr) == Sight::Hidden;
}

Sight between(const Disc& from, const Disc& to, std::span<const Shape* const> walls, double half, Segment* witness) {
    TangentCache cache;
    const View view(from, {walls.begin(), walls.end()}, {}, half, cache);
    return view.sees(to, witness);
}

}  // namespace sl::flat
