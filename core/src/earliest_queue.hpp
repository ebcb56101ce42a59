#pragma once
// The lean log levels' queue (docs/scheduler.md, "Log levels"): every body's earliest
// prediction, the bodies in a 4-ary min-heap with their place in it (an indexed heap, as
// event-driven molecular dynamics keeps one event per particle). A body's key is its
// prediction's (time, body, other kind, other): the queue's order (event_queue.hpp) without the
// insertion order, which only orders stale duplicates, and the lean levels keep none. A body
// with no prediction has an infinite time.

#include "ccd/event_log.hpp"

#include <cstdint>
#include <limits>
#include <vector>

namespace ccd::detail {

class EarliestQueue {
public:
    struct Key {
        double time = std::numeric_limits<double>::infinity();
        std::uint64_t tie = 0; // body, other kind, other: the tie-break rule's order
    };
    static Key key(double time, int body, OtherKind kind, int other) {
        return {time, (static_cast<std::uint64_t>(body) << 33) |
                          (static_cast<std::uint64_t>(kind) << 32) |
                          static_cast<std::uint32_t>(other)};
    }
    static bool earlier(const Key& a, const Key& b) {
        return a.time < b.time || (a.time == b.time && a.tie < b.tie);
    }

    // `bodies` bodies, none with a prediction.
    void reset(std::size_t bodies) {
        keys_.assign(bodies, Key{});
        heap_.resize(bodies);
        place_.resize(bodies);
        for (std::size_t i = 0; i < bodies; ++i) {
            heap_[i] = static_cast<std::uint32_t>(i);
            place_[i] = static_cast<std::uint32_t>(i);
        }
    }
    // Sets every key at once (`keys` by body) and orders the heap.
    void build(const std::vector<Key>& keys) {
        keys_ = keys;
        const std::size_t n = heap_.size();
        for (std::size_t i = n > 1 ? (n - 2) / kArity + 1 : 0; i-- > 0;)
            sift_down(i);
    }
    void update(int body, Key key) {
        const std::size_t b = static_cast<std::size_t>(body);
        const bool up = earlier(key, keys_[b]);
        keys_[b] = key;
        if (up)
            sift_up(place_[b]);
        else
            sift_down(place_[b]);
    }
    bool empty() const { return heap_.empty() || !(keys_[heap_[0]].time < kNone); }
    int top() const { return static_cast<int>(heap_[0]); } // requires !empty()
    double top_time() const { return keys_[heap_[0]].time; }

private:
    static constexpr std::size_t kArity = 4;
    static constexpr double kNone = std::numeric_limits<double>::infinity();
    bool before(std::uint32_t a, std::uint32_t b) const { return earlier(keys_[a], keys_[b]); }
    void put(std::size_t i, std::uint32_t body) {
        heap_[i] = body;
        place_[body] = static_cast<std::uint32_t>(i);
    }
    void sift_up(std::size_t i) {
        const std::uint32_t body = heap_[i];
        while (i > 0) {
            const std::size_t parent = (i - 1) / kArity;
            if (!before(body, heap_[parent])) break;
            put(i, heap_[parent]);
            i = parent;
        }
        put(i, body);
    }
    void sift_down(std::size_t i) {
        const std::uint32_t body = heap_[i];
        const std::size_t n = heap_.size();
        for (;;) {
            const std::size_t first = i * kArity + 1;
            if (first >= n) break;
            std::size_t best = first;
            const std::size_t end = first + kArity < n ? first + kArity : n;
            for (std::size_t c = first + 1; c < end; ++c)
                if (before(heap_[c], heap_[best])) best = c;
            if (!before(heap_[best], body)) break;
            put(i, heap_[best]);
            i = best;
        }
        put(i, body);
    }

    std::vector<Key> keys_;            // by body
    std::vector<std::uint32_t> heap_;  // bodies
    std::vector<std::uint32_t> place_; // by body: its place in heap_
};

} // namespace ccd::detail
