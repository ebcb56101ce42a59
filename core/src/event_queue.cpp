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

bool comes_before(const Prediction& a, const Prediction& b) {
    return std::tuple(a.time, a.body, static_cast<int>(a.other_kind), a.other, a.serial) <
           std::tuple(b.time, b.body, static_cast<int>(b.other_kind), b.other, b.serial);
}

// The heap keeps the earliest on top: a parent is never later than its children. The same
// order as comes_before; `later` compares the times, this the rest.
bool EventQueue::later_on_tie(std::uint32_t a, std::uint32_t b) const {
    const Prediction& p = pool_[a];
    const Prediction& q = pool_[b];
    if (p.body != q.body) return p.body > q.body;
    const std::int64_t po = other_code(p.other_kind, p.other);
    const std::int64_t qo = other_code(q.other_kind, q.other);
    if (po != qo) return po > qo;
    return p.serial > q.serial;
}

void EventQueue::AlignedDelete::operator()(Key* keys) const {
    ::operator delete[](keys, std::align_val_t{64});
}

void EventQueue::grow() {
    const std::size_t capacity = std::max<std::size_t>(64, capacity_ * 2);
    Key* keys = static_cast<Key*>(::operator new[](capacity * sizeof(Key), std::align_val_t{64}));
    if (size_ > 0) std::copy(keys_.get() + kOffset, keys_.get() + kOffset + size_, keys + kOffset);
    keys_.reset(keys);
    capacity_ = capacity;
}

void EventQueue::push(Prediction prediction) {
    prediction.serial = next_serial_++;
    std::uint32_t slot;
    if (free_slots_.empty()) {
        slot = static_cast<std::uint32_t>(pool_.size());
        pool_.push_back(prediction);
    } else {
        slot = free_slots_.back();
        free_slots_.pop_back();
        pool_[slot] = prediction;
    }
    const Key key{prediction.time, slot};
    if (size_ + kOffset >= capacity_) grow();
    Key* const heap = keys_.get() + kOffset;
    // Sift up: a 4-ary heap, half the depth of a binary one, its children side by side in
    // memory (at 100,000 bodies the heap misses the cache at every level).
    std::size_t i = size_++;
    while (i > 0) {
        const std::size_t parent = (i - 1) / kArity;
        if (!later(heap[parent], key)) break;
        heap[i] = heap[parent];
        i = parent;
    }
    heap[i] = key;
}

const Prediction& EventQueue::top() const {
    assert(size_ > 0);
    return pool_[keys_[kOffset].slot];
}

Prediction EventQueue::pop() {
    assert(size_ > 0);
    Key* const heap = keys_.get() + kOffset;
    const std::uint32_t slot = heap[0].slot;
    const Key last = heap[--size_];
    const std::size_t n = size_;
    if (n > 0) {
        // Bottom-up: the hole at the root goes down to a leaf along the earliest children,
        // then `last` (taken from the bottom, so nearly always late) rises from there.
        std::size_t i = 0;
        for (;;) {
            const std::size_t first = i * kArity + 1;
            if (first >= n) break;
            std::size_t best = first;
            const std::size_t end = std::min(first + kArity, n);
            for (std::size_t c = first + 1; c < end; ++c)
                if (later(heap[best], heap[c])) best = c;
            heap[i] = heap[best];
            i = best;
        }
        while (i > 0) {
            const std::size_t parent = (i - 1) / kArity;
            if (!later(heap[parent], last)) break;
            heap[i] = heap[parent];
            i = parent;
        }
        heap[i] = last;
        // The next prediction to leave is known now: start fetching it while the caller
        // processes this one (the pool is too large for the cache at 10,000 bodies and more).
        __builtin_prefetch(&pool_[heap[0].slot]);
    }
    free_slots_.push_back(slot);
    return pool_[slot];
}

void EventQueue::clear() {
    size_ = 0;
    pool_.clear();
    free_slots_.clear();
    next_serial_ = 0;
}

} // namespace ccd::detail
