#pragma once
// UndoHistory: undo and redo over whole states of a small model (the lab is a few numbers, so a
// snapshot per edit is simpler and safer than inverse commands).

#include <cstddef>
#include <optional>
#include <vector>

namespace ccdlab {

template <class State>
class UndoHistory {
public:
    explicit UndoHistory(std::size_t limit = 500) : limit_(limit) {}

    // An edit is about to replace `before`: remember it, and forget what could be redone.
    void record(const State& before) {
        undo_.push_back(before);
        if (undo_.size() > limit_) undo_.erase(undo_.begin());
        redo_.clear();
    }
    // The state to go back to from `current`, if any.
    std::optional<State> undo(const State& current) {
        if (undo_.empty()) return std::nullopt;
        redo_.push_back(current);
        State state = undo_.back();
        undo_.pop_back();
        return state;
    }
    std::optional<State> redo(const State& current) {
        if (redo_.empty()) return std::nullopt;
        undo_.push_back(current);
        State state = redo_.back();
        redo_.pop_back();
        return state;
    }
    bool can_undo() const { return !undo_.empty(); }
    bool can_redo() const { return !redo_.empty(); }

private:
    std::size_t limit_;
    std::vector<State> undo_, redo_;
};

} // namespace ccdlab
