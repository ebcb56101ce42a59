// The scheduler's queue (core/world/src/event_queue.hpp): draining it at once gives what popping it
// one by one gives, in the same order, ties in time included.
#include "event_queue.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace {

using ccd::OtherKind;
using ccd::detail::EventQueue;
using ccd::detail::Prediction;

// Predictions of a frame cut in 8 spans, passes as the World makes them (a frame start's, then
// one per event, each pushing with its own predicted_after in increasing order), times drawn
// from a few values so that most tie, bodies and others from a few too.
std::vector<Prediction> passes(std::mt19937_64& rng) {
    std::uniform_int_distribution<int> pick(0, 5), count(1, 40);
    const double times[] = {0.0, 0.0, 0.125, 0.5, 0.5, 0.9375};
    std::vector<Prediction> out;
    for (int pass = -1; pass < 30; ++pass) {
        for (int k = count(rng); k-- > 0;) {
            Prediction p;
            p.time = times[pick(rng)];
            p.body = pick(rng);
            p.other_kind = pick(rng) % 2 ? OtherKind::Body : OtherKind::Wall;
            p.other = pick(rng);
            p.predicted_after = pass;
            p.predicted_at = 0.25 * (pass + 1);
            out.push_back(p);
        }
    }
    return out;
}

TEST(EventQueue, DrainingGivesThePopOrder) {
    std::mt19937_64 rng(7);
    for (int round = 0; round < 50; ++round) {
        const std::vector<Prediction> pushed = passes(rng);
        EventQueue popped, drained;
        popped.clear(8);
        drained.clear(8);
        // Some popped before the rest are pushed, in both, as a frame does.
        std::size_t half = pushed.size() / 2;
        for (std::size_t i = 0; i < half; ++i) {
            popped.push(pushed[i]);
            drained.push(pushed[i]);
        }
        for (int k = 0; k < 5; ++k) {
            const Prediction a = popped.pop(), b = drained.pop();
            ASSERT_EQ(a.predicted_after, b.predicted_after);
        }
        for (std::size_t i = half; i < pushed.size(); ++i) {
            popped.push(pushed[i]);
            drained.push(pushed[i]);
        }
        const std::size_t left = popped.size();
        const std::vector<Prediction> all = drained.drain();
        EXPECT_TRUE(drained.empty());
        ASSERT_EQ(all.size(), left);
        for (std::size_t i = 0; i < all.size(); ++i) {
            const Prediction p = popped.pop();
            EXPECT_EQ(p.time, all[i].time) << i;
            EXPECT_EQ(p.body, all[i].body) << i;
            EXPECT_EQ(p.other_kind, all[i].other_kind) << i;
            EXPECT_EQ(p.other, all[i].other) << i;
            EXPECT_EQ(p.predicted_after, all[i].predicted_after) << i;
            EXPECT_EQ(p.predicted_at, all[i].predicted_at) << i;
        }
        // Drained, it takes new predictions as before.
        drained.push(pushed.front());
        EXPECT_EQ(drained.size(), 1u);
        EXPECT_EQ(drained.pop().body, pushed.front().body);
    }
}

} // namespace
