#include "event_queue.hpp"

#include <algorithm>
#include <cassert>
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
// order as comes_before.
bool EventQueue::later(const Key& a, const Key& b) {
    if (a.time != b.time) return a.time > b.time;
    if (a.body != b.body) return a.body > b.body;
    if (a.other != b.other) return a.other > b.other;
    return a.serial > b.serial;
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
    const Key key{prediction.time, prediction.body, slot,
                  other_code(prediction.other_kind, prediction.other), prediction.serial};
    // Sift up: a 4-ary heap, half the depth of a binary one, its children side by side in
    // memory (at 100,000 bodies the heap misses the cache at every level).
    std::size_t i = heap_.size();
    heap_.push_back(key);
    while (i > 0) {
        const std::size_t parent = (i - 1) / kArity;
        if (!later(heap_[parent], key)) break;
        heap_[i] = heap_[parent];
        i = parent;
    }
    heap_[i] = key;
}

const Prediction& EventQueue::top() const {
    assert(!heap_.empty());
    return pool_[heap_.front().slot];
}

Prediction EventQueue::pop() {
    assert(!heap_.empty());
    const std::uint32_t slot = heap_.front().slot;
    const Key last = heap_.back();
    heap_.pop_back();
    const std::size_t n = heap_.size();
    if (n > 0) { // sift `last` down from the root
        std::size_t i = 0;
        for (;;) {
            const std::size_t first = i * kArity + 1;
            if (first >= n) break;
            std::size_t best = first;
            const std::size_t end = std::min(first + kArity, n);
            for (std::size_t c = first + 1; c < end; ++c)
                if (later(heap_[best], heap_[c])) best = c;
            if (!later(last, heap_[best])) break;
            heap_[i] = heap_[best];
            i = best;
        }
        heap_[i] = last;
    }
    free_slots_.push_back(slot);
    return pool_[slot];
}

void EventQueue::clear() {
    heap_.clear();
    pool_.clear();
    free_slots_.clear();
    next_serial_ = 0;
}

} // namespace ccd::detail
