#include "event_queue.hpp"

#include <algorithm>
#include <cassert>
#include <new>
#include <tuple>

namespace ccd::detail {
namespace {

std::int64_t other_code(OtherKind kind, int other) {
    return static_cast<std::int64_t>(kind) * (std::int64_t{1} << 32) + other;
}

} // namespace

// The heap keeps the earliest on top: a parent is never later than its children. Strict
// total order: earlier time first; on a tie the lower body, then a wall before a body, then
// the lower other index, then the earlier insertion. `later` compares the times, this the
// rest.
bool EventQueue::later_on_tie(const Key& a, const Key& b) const {
    const Stored& p = pool_[a.slot];
    const Stored& q = pool_[b.slot];
    if (p.body != q.body) return p.body > q.body;
    const std::int64_t po = other_code(static_cast<OtherKind>(p.other_kind), p.other);
    const std::int64_t qo = other_code(static_cast<OtherKind>(q.other_kind), q.other);
    if (po != qo) return po > qo;
    if (p.predicted_after != q.predicted_after) return p.predicted_after > q.predicted_after;
    return a.serial > b.serial;
}

void EventQueue::AlignedDelete::operator()(Key* keys) const {
    ::operator delete[](keys, std::align_val_t{64});
}

void EventQueue::grow(std::size_t keys) {
    const std::size_t capacity = std::max({std::size_t{64}, capacity_ * 2, keys + kOffset});
    Key* fresh = static_cast<Key*>(::operator new[](capacity * sizeof(Key), std::align_val_t{64}));
    if (heap_size_ > 0)
        std::copy(keys_.get() + kOffset, keys_.get() + kOffset + heap_size_, fresh + kOffset);
    keys_.reset(fresh);
    capacity_ = capacity;
}

void EventQueue::push(const Prediction& prediction) {
    if (prediction.predicted_after != pass_) {
        pass_ = prediction.predicted_after;
        pass_serial_ = 0;
    }
    const Stored stored{prediction.point,
                        prediction.normal,
                        prediction.predicted_at,
                        prediction.body,
                        prediction.other,
                        prediction.body_version,
                        prediction.other_version,
                        prediction.predicted_after,
                        static_cast<std::uint8_t>(prediction.other_kind),
                        static_cast<std::uint8_t>(prediction.feature),
                        static_cast<std::uint8_t>(prediction.vertex),
                        static_cast<std::uint8_t>(prediction.edge)};
    std::uint32_t slot;
    if (free_slots_.empty()) {
        slot = static_cast<std::uint32_t>(pool_.size());
        pool_.push_back(stored);
    } else {
        slot = free_slots_.back();
        free_slots_.pop_back();
        pool_[slot] = stored;
    }
    ++size_;
    const Key key{prediction.time, slot, pass_serial_++};
    const std::size_t bucket = bucket_of(prediction.time);
    if (bucket > current_)
        buckets_[bucket].push_back(key);
    else
        heap_push(key);
}

// Places `key` at or above i, moving later parents down.
[[gnu::always_inline]] inline void EventQueue::sift_up(Key* heap, std::size_t i,
                                                       const Key& key) const {
    while (i > 0) {
        const std::size_t parent = (i - 1) / kArity;
        if (!later(heap[parent], key)) break;
        heap[i] = heap[parent];
        i = parent;
    }
    heap[i] = key;
}

void EventQueue::heap_push(Key key) {
    if (heap_size_ + kOffset >= capacity_) grow(heap_size_ + 1);
    Key* const heap = keys_.get() + kOffset;
    // Sift up: a 4-ary heap, half the depth of a binary one, its children side by side in
    // memory.
    sift_up(heap, heap_size_++, key);
}

// The earliest of node i's children in a heap of n keys, or n when i is a leaf.
std::size_t EventQueue::earliest_child(const Key* heap, std::size_t i, std::size_t n) const {
    const std::size_t first = i * kArity + 1;
    if (first >= n) return n;
    std::size_t best = first;
    const std::size_t end = std::min(first + kArity, n);
    for (std::size_t c = first + 1; c < end; ++c)
        if (later(heap[best], heap[c])) best = c;
    return best;
}

// Places `key` at or below i in the heap of n keys whose subtrees below i are heaps.
void EventQueue::sift_down(std::size_t i, Key key, std::size_t n) {
    Key* const heap = keys_.get() + kOffset;
    for (;;) {
        const std::size_t best = earliest_child(heap, i, n);
        if (best >= n || !later(key, heap[best])) break;
        heap[i] = heap[best];
        i = best;
    }
    heap[i] = key;
}

// When the heap is empty, the next span's list becomes the heap.
void EventQueue::refill() {
    while (heap_size_ == 0 && current_ + 1 < buckets_.size()) {
        std::vector<Key>& bucket = buckets_[++current_];
        if (bucket.empty()) continue;
        const std::size_t n = bucket.size();
        if (n + kOffset > capacity_) grow(n);
        std::copy(bucket.begin(), bucket.end(), keys_.get() + kOffset);
        bucket.clear();
        heap_size_ = n;
        for (std::size_t i = n > 1 ? (n - 2) / kArity + 1 : 0; i-- > 0;)
            sift_down(i, keys_[kOffset + i], n);
    }
}

double EventQueue::top_time() {
    assert(size_ > 0);
    refill();
    return keys_[kOffset].time;
}

Prediction EventQueue::pop() {
    assert(size_ > 0);
    refill();
    Key* const heap = keys_.get() + kOffset;
    const double time = heap[0].time;
    const std::uint32_t slot = heap[0].slot;
    const Key last = heap[--heap_size_];
    --size_;
    const std::size_t n = heap_size_;
    if (n > 0) {
        // Bottom-up: the hole at the root goes down to a leaf along the earliest children,
        // then `last` (taken from the bottom, so nearly always late) rises from there.
        std::size_t i = 0;
        for (;;) {
            const std::size_t best = earliest_child(heap, i, n);
            if (best >= n) break;
            heap[i] = heap[best];
            i = best;
        }
        sift_up(heap, i, last);
        // The next prediction to leave is known now: start fetching it while the caller
        // processes this one (the pool is too large for the cache at 10,000 bodies and more).
        __builtin_prefetch(&pool_[heap[0].slot]);
    }
    free_slots_.push_back(slot);
    return stored_prediction(time, slot);
}

Prediction EventQueue::stored_prediction(double time, std::uint32_t slot) const {
    const Stored& s = pool_[slot];
    return Prediction{time,
                      s.body,
                      static_cast<OtherKind>(s.other_kind),
                      s.other,
                      s.body_version,
                      s.other_version,
                      static_cast<Feature>(s.feature),
                      s.point,
                      s.normal,
                      s.predicted_at,
                      s.predicted_after,
                      s.vertex == 0xFF ? -1 : s.vertex,
                      s.edge == 0xFF ? -1 : s.edge};
}

// The order of `later` (time, body, other, pass, serial), each key read from the pool once:
// a sort of plain tuples, where popping one by one sifted through the heap comparing pool
// entries at every level (a budget cut drains hundreds of thousands of predictions, mostly
// tied at t = 0 when many bodies start at one point).
std::vector<Prediction> EventQueue::drain() {
    struct Order {
        double time;
        int body;
        std::int64_t other;
        int predicted_after;
        std::uint32_t serial;
        std::uint32_t slot;
    };
    std::vector<Order> order;
    order.reserve(size_);
    const auto add = [&](const Key& k) {
        const Stored& s = pool_[k.slot];
        order.push_back(Order{k.time, s.body,
                              other_code(static_cast<OtherKind>(s.other_kind), s.other),
                              s.predicted_after, k.serial, k.slot});
    };
    for (std::size_t i = 0; i < heap_size_; ++i)
        add(keys_[kOffset + i]);
    for (std::size_t b = current_ + 1; b < buckets_.size(); ++b) {
        for (const Key& k : buckets_[b])
            add(k);
        buckets_[b].clear();
    }
    std::sort(order.begin(), order.end(), [](const Order& x, const Order& y) {
        return std::tie(x.time, x.body, x.other, x.predicted_after, x.serial) <
               std::tie(y.time, y.body, y.other, y.predicted_after, y.serial);
    });
    std::vector<Prediction> out;
    out.reserve(order.size());
    for (const Order& o : order)
        out.push_back(stored_prediction(o.time, o.slot));
    heap_size_ = 0;
    size_ = 0;
    pool_.clear();
    free_slots_.clear();
    return out;
}

void EventQueue::clear(std::size_t buckets) {
    size_ = 0;
    heap_size_ = 0;
    pool_.clear();
    free_slots_.clear();
    pass_ = -2;
    pass_serial_ = 0;
    for (std::vector<Key>& bucket : buckets_)
        bucket.clear();
    buckets_.resize(std::max<std::size_t>(buckets, 1));
    current_ = 0;
}

} // namespace ccd::detail
