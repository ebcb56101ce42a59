#include "event_queue.hpp"

#include <algorithm>
#include <cassert>
#include <tuple>

namespace ccd::detail {
namespace {

// std::*_heap keep the largest element on top; "later" puts the earliest there.
bool later(const Prediction& a, const Prediction& b) {
    return comes_before(b, a);
}

} // namespace

bool comes_before(const Prediction& a, const Prediction& b) {
    return std::tuple(a.time, a.body, static_cast<int>(a.other_kind), a.other, a.serial) <
           std::tuple(b.time, b.body, static_cast<int>(b.other_kind), b.other, b.serial);
}

void EventQueue::push(Prediction prediction) {
    prediction.serial = next_serial_++;
    heap_.push_back(prediction);
    std::push_heap(heap_.begin(), heap_.end(), later);
}

const Prediction& EventQueue::top() const {
    assert(!heap_.empty());
    return heap_.front();
}

Prediction EventQueue::pop() {
    assert(!heap_.empty());
    std::pop_heap(heap_.begin(), heap_.end(), later);
    Prediction earliest = heap_.back();
    heap_.pop_back();
    return earliest;
}

void EventQueue::clear() {
    heap_.clear();
    next_serial_ = 0;
}

} // namespace ccd::detail
