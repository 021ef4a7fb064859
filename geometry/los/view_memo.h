// What proofs have shown of the table as seen from one observer's base, kept for the next
// targets: points no sight line reaches (so a target standing on one is not fully visible)
// and convex parts of the table every point of which is seen (a target's part inside one
// needs no proof of its own). Layout analysis rules a probe on cell after cell, each base
// overlapping the last; what one cell's proof found usually settles much of the next.
#pragma once

#include "kernel/region.h"
#include "kernel/types.h"

#include <cstddef>
#include <mutex>
#include <optional>
#include <vector>

namespace sl {

class ViewMemo {
public:
    // Whose view: the observer's base (its centre and the polygon around it), the height of
    // the lines' start (the observer's top) and end (the targets' foot), and the models that
    // did not block. What was proven under one key holds for another only when they are equal.
    struct Key {
        Vec2 centre;
        Ring around;
        double hFrom = 0, hTo = 0;
        std::vector<char> ignored;
        bool operator==(const Key&) const = default;
    };

    // A point proven hidden that lies in the region as it truly is (insideRegion), if any.
    std::optional<Vec2> hiddenIn(const Key& key, const Region& to) const;
    // Whether the convex part lies strictly inside a part proven seen (exact orientation).
    bool seen(const Key& key, const Ring& part) const;
    void addHidden(const Key& key, Vec2 point);
    // (A convex, positively oriented part; others are not kept.)
    void addSeen(const Key& key, const Ring& part);
    // The points of the observer's base from which whole parts were last seen, the latest
    // first: worth trying first for the next part.
    std::vector<Vec2> apexes(const Key& key) const;
    void addApex(const Key& key, Vec2 apex);

    // A model moved: what was proven with it blocking no longer holds.
    void modelMoved(int model);
    void clear();

private:
    static constexpr size_t kKeys = 24, kPoints = 64, kParts = 64, kApexes = 4;  // the oldest go first
    struct Part {
        Ring ring;
        Vec2 lo, hi;
    };
    struct Entry {
        Key key;
        std::vector<Vec2> hidden;
        std::vector<Part> seen;
        std::vector<Vec2> apexes;
        size_t nextHidden = 0, nextSeen = 0;  // where the next one goes once full
    };
    const Entry* find(const Key& key) const;
    Entry& make(const Key& key);
    mutable std::mutex mutex_;
    std::vector<Entry> entries_;
    size_t nextEntry_ = 0;
};

}  // namespace sl
