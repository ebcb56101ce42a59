#pragma once
// The scheduler's queue of predicted contacts: a 4-ary min-heap on (time, body, other kind,
// other, order of insertion) for the near future, unsorted lists for later spans of the frame
// (moved into the heap when it runs empty before them). The heap holds 16-byte keys (time, pool
// slot and serial; a tie in time is settled from the pool); the predictions stay put in a pool
// of one cache line each (a binary heap of whole predictions moved a hundred bytes per level
// and, at 100,000 bodies, missed the cache at every level: docs/performance.md). Entries are
// never removed early: each carries the version counters of its bodies at prediction time, and
// the world discards it on pop when a counter has moved on (lazy invalidation). The order of
// insertion makes the order total, so the pop order does not depend on how the heap happens to
// be arranged.

#include "ccd/event_log.hpp"
#include "ccd/hit.hpp"

#include <cstdint>
#include <memory>
#include <vector>

namespace ccd::detail {

// A predicted contact: what the world pushes and pops.
struct Prediction {
    double time = 0.0; // frame time of the contact
    int body = 0;      // the lower body index of the pair: the query's mover
    OtherKind other_kind = OtherKind::Wall;
    int other = 0;
    std::uint32_t body_version = 0;
    std::uint32_t other_version = 0; // 0 for a wall
    Feature feature = Feature::SegmentInterior;
    Vec2 point;                // the query's contact point at `time`
    Vec2 normal;               //   and normal
    double predicted_at = 0.0; // frame time the query started from
    int predicted_after = -1;  // sequence of the event that caused it; -1: frame start
    int vertex = -1;           // a polygon contact's vertex and edge (ContactEvent), each
    int edge = -1;             //   -1 or at most kMaxOutlineVertices - 1
};

// A polygon body has at most this many vertices: the queue keeps a vertex or edge index in a
// byte (0xFF for none), which keeps a stored prediction in one cache line.
inline constexpr int kMaxOutlineVertices = 255;

class EventQueue {
public:
    void push(const Prediction& prediction);
    double top_time(); // requires !empty()
    Prediction pop();  // requires !empty()
    // The bodies of the prediction that leaves next unless an earlier one is pushed
    // first (false when the heap is empty: the next span is not looked at). To start fetching
    // what it will need while the present one is processed.
    bool peek_next(int& body, int& other, bool& other_is_body) const {
        if (heap_size_ == 0) return false;
        const Stored& s = pool_[keys_[kOffset].slot];
        body = s.body;
        other = s.other;
        other_is_body = s.other_kind == static_cast<std::uint8_t>(OtherKind::Body);
        return true;
    }
    bool empty() const { return size_ == 0; }
    std::size_t size() const { return size_; }
    // Empties the queue and returns what it held in the order pop() would have given it (the
    // prediction passes' count goes on: what is pushed next orders after as before).
    std::vector<Prediction> drain();
    // Empties the queue for a frame whose times are in [0, 1], cut in `buckets` equal spans.
    void clear(std::size_t buckets = 1);

private:
    // The heap holds the time, the slot and the serial only: times rarely tie, and a tie is
    // settled by the rest of the order read from the pool. 16-byte keys, a node's four children
    // in one 64-byte line: the root is stored at index kOffset of a 64-byte aligned array, so
    // that children groups start at multiples of four.
    //
    // The order of insertion is (predicted_after, serial): a prediction pass (the frame start's,
    // then each event's) pushes with one `predicted_after`, in increasing order, and the serial
    // counts the pushes within the pass (docs/scheduler.md, "Storage").
    struct Key {
        double time;
        std::uint32_t slot;   // in pool_
        std::uint32_t serial; // within its prediction pass
    };
    // A prediction in the pool, one cache line: its time is in its key.
    struct alignas(64) Stored {
        Vec2 point;
        Vec2 normal;
        double predicted_at;
        int body;
        int other;
        std::uint32_t body_version;
        std::uint32_t other_version;
        int predicted_after;
        std::uint8_t other_kind; // an OtherKind
        std::uint8_t feature;    // a Feature
        std::uint8_t vertex;     // 0xFF: none
        std::uint8_t edge;       // 0xFF: none
    };
    static_assert(sizeof(Stored) == 64, "one cache line");
    struct AlignedDelete {
        void operator()(Key* keys) const;
    };
    static constexpr std::size_t kArity = 4;
    static constexpr std::size_t kOffset = 3;
    bool later(const Key& a, const Key& b) const {
        if (a.time != b.time) return a.time > b.time;
        return later_on_tie(a, b);
    }
    bool later_on_tie(const Key& a, const Key& b) const;
    Prediction stored_prediction(double time, std::uint32_t slot) const;
    void grow(std::size_t keys);
    void heap_push(Key key);
    std::size_t earliest_child(const Key* heap, std::size_t i, std::size_t n) const;
    void sift_up(Key* heap, std::size_t i, const Key& key) const;
    void sift_down(std::size_t i, Key key, std::size_t n);
    void refill();
    std::size_t bucket_of(double time) const {
        const double x = time * static_cast<double>(buckets_.size());
        if (!(x > 0.0)) return 0;
        const std::size_t last = buckets_.size() - 1;
        return x >= static_cast<double>(last) ? last : static_cast<std::size_t>(x);
    }
    std::unique_ptr<Key[], AlignedDelete> keys_;
    std::size_t capacity_ = 0;  // keys, kOffset included
    std::size_t heap_size_ = 0; // in the heap
    std::size_t size_ = 0;      // in the heap and the buckets
    // The frame's times cut in equal spans: the heap holds the predictions of the spans up to
    // `current_`, each later span an unsorted list until the heap runs empty before it (a
    // span's predictions are all later than an earlier span's, so the order is the same; the
    // heap stays small, and most predictions are appended to a list instead of sifted).
    std::vector<std::vector<Key>> buckets_ = std::vector<std::vector<Key>>(1);
    std::size_t current_ = 0;
    std::vector<Stored> pool_;
    std::vector<std::uint32_t> free_slots_;
    int pass_ = -2;                 // predicted_after of the last push (-2: none this frame)
    std::uint32_t pass_serial_ = 0; // pushes so far in that pass
};

} // namespace ccd::detail
