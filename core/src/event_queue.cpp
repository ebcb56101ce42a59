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
bool EventQueue::later(const Key& a, const Key& b) const {
    if (a.time != b.time) return a.time > b.time;
    const Prediction& p = pool_[a.slot];
    const Prediction& q = pool_[b.slot];
    if (p.body != q.body) return p.body > q.body;
    const std::int64_t po = other_code(p.other_kind, p.other);
    const std::int64_t qo = other_code(q.other_kind, q.other);
    if (po != qo) return po > qo;
    return p.serial > q.serial;
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
    // Sift up: a 4-ary heap, half the depth of a binary one, its children side by side in
    // memory (at 100,000 bodies the heap misses the cache at every level).
    std::size_t i = size_++;
    if ((i + kOffset) / 4 >= groups_.size()) groups_.emplace_back();
    while (i > 0) {
        const std::size_t parent = (i - 1) / kArity;
        if (!later(at(parent), key)) break;
        at(i) = at(parent);
        i = parent;
    }
    at(i) = key;
}

const Prediction& EventQueue::top() const {
    assert(size_ > 0);
    return pool_[groups_[kOffset / 4].keys[kOffset % 4].slot];
}

Prediction EventQueue::pop() {
    assert(size_ > 0);
    const std::uint32_t slot = at(0).slot;
    const Key last = at(--size_);
    const std::size_t n = size_;
    if (n > 0) { // sift `last` down from the root
        std::size_t i = 0;
        for (;;) {
            const std::size_t first = i * kArity + 1;
            if (first >= n) break;
            std::size_t best = first;
            const std::size_t end = std::min(first + kArity, n);
            for (std::size_t c = first + 1; c < end; ++c)
                if (later(at(best), at(c))) best = c;
            if (!later(last, at(best))) break;
            at(i) = at(best);
            i = best;
        }
        at(i) = last;
    }
    free_slots_.push_back(slot);
    return pool_[slot];
}

void EventQueue::clear() {
    groups_.clear();
    size_ = 0;
    pool_.clear();
    free_slots_.clear();
    next_serial_ = 0;
}

} // namespace ccd::detail
