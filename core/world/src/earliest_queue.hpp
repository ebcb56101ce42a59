#pragma once
// The lean log levels' queue (docs/scheduler.md, "Log levels"): every body's earliest
// prediction, ordered by its key, the prediction's (time, body, other kind, other): the queue's
// order (event_queue.hpp) without the insertion order, which only orders stale duplicates, and
// the lean levels keep none.
//
// A calendar of the frame's times, as in Paul's O(1) queue for event-driven molecular dynamics
// (J. Comput. Phys. 221, 615 (2007)): the frame [0, 1] cut in equal spans, the current span's
// entries in a small binary heap, each later span an unsorted list until the heap runs empty
// before it (a span's keys are all later than an earlier span's). A body's new key is appended
// or pushed, never searched for: the entry carries the body's generation, and an entry whose
// generation has moved on is dropped when it reaches the top (lazy deletion).

#include "ccd/event_log.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

namespace ccd::detail {

class EarliestQueue {
public:
    struct Key {
        double time = std::numeric_limits<double>::infinity(); // infinite: no prediction
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

    // `bodies` bodies, none with a prediction; the frame cut in `spans` spans.
    void reset(std::size_t bodies, std::size_t spans) {
        generation_.assign(bodies, 0u);
        heap_.clear();
        for (std::vector<Entry>& span : spans_)
            span.clear();
        spans_.resize(std::max<std::size_t>(spans, 1));
        current_ = 0;
    }
    // Sets every key at once (`keys` by body), after reset.
    void build(const std::vector<Key>& keys) {
        for (std::size_t i = 0; i < keys.size(); ++i)
            if (keys[i].time < kNone) place(Entry{keys[i], static_cast<std::uint32_t>(i), 0u});
    }
    void update(int body, Key key) {
        const std::uint32_t generation = ++generation_[static_cast<std::size_t>(body)];
        if (key.time < kNone) place(Entry{key, static_cast<std::uint32_t>(body), generation});
    }
    // Whether some body has a prediction (drops the stale entries at the top).
    bool empty() {
        for (;;) {
            while (heap_.empty()) {
                if (current_ + 1 >= spans_.size()) return true;
                std::vector<Entry>& span = spans_[++current_];
                heap_.swap(span);
                span.clear();
                std::make_heap(heap_.begin(), heap_.end(), later);
            }
            const Entry& top = heap_.front();
            if (top.generation == generation_[top.body]) return false;
            std::pop_heap(heap_.begin(), heap_.end(), later);
            heap_.pop_back();
        }
    }
    // The bodies of the entry at the top, stale or not (false when the heap is empty): to
    // start fetching what it will need while the present event is processed.
    bool peek(int& owner, int& body, int& other, bool& other_is_body) const {
        if (heap_.empty()) return false;
        const Entry& top = heap_.front();
        owner = static_cast<int>(top.body);
        body = static_cast<int>(top.key.tie >> 33);
        other = static_cast<int>(static_cast<std::uint32_t>(top.key.tie));
        other_is_body = ((top.key.tie >> 32) & 1u) != 0;
        return true;
    }
    int top() const { return static_cast<int>(heap_.front().body); } // after !empty()
    double top_time() const { return heap_.front().key.time; }       // after !empty()

private:
    static constexpr double kNone = std::numeric_limits<double>::infinity();
    struct Entry {
        Key key;
        std::uint32_t body;
        std::uint32_t generation;
    };
    // A type of its own, not a function pointer: the heap's comparisons are inlined.
    struct Later {
        bool operator()(const Entry& a, const Entry& b) const { return earlier(b.key, a.key); }
    };
    static constexpr Later later{};
    std::size_t span_of(double time) const {
        const double x = time * static_cast<double>(spans_.size());
        if (!(x > 0.0)) return 0;
        const std::size_t last = spans_.size() - 1;
        return x >= static_cast<double>(last) ? last : static_cast<std::size_t>(x);
    }
    void place(const Entry& entry) {
        const std::size_t span = span_of(entry.key.time);
        if (span > current_) {
            spans_[span].push_back(entry);
        } else {
            heap_.push_back(entry);
            std::push_heap(heap_.begin(), heap_.end(), later);
        }
    }

    std::vector<std::uint32_t> generation_; // by body
    std::vector<Entry> heap_;               // the spans up to current_
    std::vector<std::vector<Entry>> spans_; // the later spans, unsorted
    std::size_t current_ = 0;
};

} // namespace ccd::detail
