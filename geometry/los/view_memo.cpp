// The observer's view as proven so far (view_memo.h).
#include "los/view_memo.h"

#include "kernel/exact.h"
#include "kernel/polygon.h"

#include <algorithm>

namespace sl {

const ViewMemo::Entry* ViewMemo::find(const Key& key) const {
    for (const Entry& e : entries_)
        if (e.key == key) return &e;
    return nullptr;
}

ViewMemo::Entry& ViewMemo::make(const Key& key) {
    for (Entry& e : entries_)
        if (e.key == key) return e;
    if (entries_.size() < kKeys) return entries_.emplace_back(Entry{key, {}, {}, {}, 0, 0});
    Entry& e = entries_[nextEntry_];
    nextEntry_ = (nextEntry_ + 1) % kKeys;
    e = Entry{key, {}, {}, {}, 0, 0};
    return e;
}

std::optional<Vec2> ViewMemo::hiddenIn(const Key& key, const Region& to) const {
    const std::lock_guard<std::mutex> lock(mutex_);
    const Entry* e = find(key);
    if (!e) return std::nullopt;
    // (The box around the region, grown far beyond rounding, before the exact test.)
    const Bounds box = boundsOf(to.around);
    const double m = 1e-9 * (1 + std::abs(box.lo.x) + std::abs(box.hi.x) + std::abs(box.lo.y) + std::abs(box.hi.y));
    for (const Vec2& q : e->hidden) {
        if (q.x < box.lo.x - m || q.x > box.hi.x + m || q.y < box.lo.y - m || q.y > box.hi.y + m) continue;
        if (insideRegion(to, q)) return q;
    }
    return std::nullopt;
}

bool ViewMemo::seen(const Key& key, const Ring& part) const {
    if (part.empty()) return false;
    const std::lock_guard<std::mutex> lock(mutex_);
    const Entry* e = find(key);
    if (!e) return false;
    const Bounds box = boundsOf(part);
    for (const Part& s : e->seen) {
        if (box.lo.x < s.lo.x || box.hi.x > s.hi.x || box.lo.y < s.lo.y || box.hi.y > s.hi.y) continue;
        bool inside = true;
        for (size_t i = 0; i < s.ring.size() && inside; ++i) {
            const Vec2 a = s.ring[i], b = s.ring[(i + 1) % s.ring.size()];
            for (const Vec2& v : part)
                if (exact::orient(a, b, v) <= 0) {
                    inside = false;
                    break;
                }
        }
        if (inside) return true;
    }
    return false;
}

void ViewMemo::addHidden(const Key& key, Vec2 point) {
    const std::lock_guard<std::mutex> lock(mutex_);
    Entry& e = make(key);
    if (e.hidden.size() < kPoints) {
        e.hidden.push_back(point);
        return;
    }
    e.hidden[e.nextHidden] = point;
    e.nextHidden = (e.nextHidden + 1) % kPoints;
}

void ViewMemo::addSeen(const Key& key, const Ring& part) {
    if (part.size() < 3) return;
    // Only a convex ring turning left at every corner, exactly: containment is then the
    // point being left of every edge.
    for (size_t i = 0; i < part.size(); ++i)
        if (exact::orient(part[i], part[(i + 1) % part.size()], part[(i + 2) % part.size()]) <= 0) return;
    const Bounds box = boundsOf(part);
    const std::lock_guard<std::mutex> lock(mutex_);
    Entry& e = make(key);
    Part p{part, box.lo, box.hi};
    if (e.seen.size() < kParts) {
        e.seen.push_back(std::move(p));
        return;
    }
    e.seen[e.nextSeen] = std::move(p);
    e.nextSeen = (e.nextSeen + 1) % kParts;
}

std::vector<Vec2> ViewMemo::apexes(const Key& key) const {
    const std::lock_guard<std::mutex> lock(mutex_);
    const Entry* e = find(key);
    return e ? e->apexes : std::vector<Vec2>{};
}

void ViewMemo::addApex(const Key& key, Vec2 apex) {
    const std::lock_guard<std::mutex> lock(mutex_);
    std::vector<Vec2>& a = make(key).apexes;
    const auto at = std::find(a.begin(), a.end(), apex);
    if (at != a.end()) a.erase(at);
    else if (a.size() >= kApexes) a.pop_back();
    a.insert(a.begin(), apex);
}

void ViewMemo::modelMoved(int model) {
    const std::lock_guard<std::mutex> lock(mutex_);
    std::erase_if(entries_, [&](const Entry& e) {
        return model < 0 || static_cast<size_t>(model) >= e.key.ignored.size() || !e.key.ignored[static_cast<size_t>(model)];
    });
    nextEntry_ = 0;
}

void ViewMemo::clear() {
    const std::lock_guard<std::mutex> lock(mutex_);
    entries_.clear();
    nextEntry_ = 0;
}

}  // namespace sl
