// ccd::World against the seed-004 oracle (reference_scheduler.hpp) on random scenes: the same
// processed events in the same order, the same cancelled predictions with the same
// cancelling event, the same paths, to 1e-12 of the scene's scale. Sized for CI (up to 50
// bodies, 5 frames); the larger run is the same test with kLargest raised (docs/scheduler.md).
#include "ccd/world.hpp"
#include "reference_scheduler.hpp"
#include "scene_generators.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <random>
#include <tuple>

namespace {

using ccd::EventLog;
using ccd::Vec2;

constexpr int kLargest = 50;
constexpr int kFrames = 5;

void expect_close(double a, double b, double tol, const char* what, int index) {
    EXPECT_NEAR(a, b, tol) << what << " of record " << index;
}
void expect_close(Vec2 a, Vec2 b, double tol, const char* what, int index) {
    expect_close(a.x, b.x, tol, what, index);
    expect_close(a.y, b.y, tol, what, index);
}

void expect_same_log(const EventLog& world, const EventLog& oracle, double scale,
                     const ccd_test::ReferenceScene& scene) {
    const double tol = 1e-12 * scale;
    const auto reach = [&](const ccd::ContactEvent& e) {
        const double r = scene.bodies[static_cast<std::size_t>(e.body)].shape.radius;
        return std::max(1.0,
                        e.other_kind == ccd::OtherKind::Wall
                            ? r
                            : r + scene.bodies[static_cast<std::size_t>(e.other)].shape.radius);
    };
    ASSERT_EQ(world.events.size(), oracle.events.size());
    for (std::size_t k = 0; k < world.events.size(); ++k) {
        const auto& a = world.events[k];
        const auto& b = oracle.events[k];
        const int i = static_cast<int>(k);
        ASSERT_EQ(std::tuple(a.sequence, a.body, a.other_kind, a.other, a.feature),
                  std::tuple(b.sequence, b.body, b.other_kind, b.other, b.feature))
            << "event " << k;
        expect_close(a.time, b.time, 1e-12, "time", i);
        expect_close(a.point, b.point, tol, "point", i);
        // The normal is a direction: compared as the offset it spans (the summed radii, at
        // least 1), since the oracle's positions drift by ulps per event.
        expect_close(a.normal * reach(a), b.normal * reach(a), tol, "normal", i);
        expect_close(a.body_velocity_before, b.body_velocity_before, tol, "velocity", i);
        expect_close(a.body_velocity_after, b.body_velocity_after, tol, "velocity", i);
        expect_close(a.other_velocity_before, b.other_velocity_before, tol, "velocity", i);
        expect_close(a.other_velocity_after, b.other_velocity_after, tol, "velocity", i);
        EXPECT_EQ(a.body_removed, b.body_removed);
        EXPECT_EQ(a.other_removed, b.other_removed);
    }
    // Cancelled predictions: same set, compared in a canonical order.
    auto sorted = [](std::vector<ccd::CancelledPrediction> c) {
        std::sort(c.begin(), c.end(), [](const auto& x, const auto& y) {
            return std::tuple(x.cancelled_by, x.body, x.other_kind, x.other) <
                   std::tuple(y.cancelled_by, y.body, y.other_kind, y.other);
        });
        return c;
    };
    const auto ca = sorted(world.cancelled), cb = sorted(oracle.cancelled);
    ASSERT_EQ(ca.size(), cb.size());
    for (std::size_t k = 0; k < ca.size(); ++k) {
        const int i = static_cast<int>(k);
        ASSERT_EQ(std::tuple(ca[k].cancelled_by, ca[k].body, ca[k].other_kind, ca[k].other,
                             ca[k].feature, ca[k].predicted_after, ca[k].reason),
                  std::tuple(cb[k].cancelled_by, cb[k].body, cb[k].other_kind, cb[k].other,
                             cb[k].feature, cb[k].predicted_after, cb[k].reason))
            << "cancelled " << k;
        expect_close(ca[k].time, cb[k].time, 1e-12, "cancelled time", i);
        expect_close(ca[k].predicted_at, cb[k].predicted_at, 1e-12, "predicted at", i);
    }
    // Paths as polylines: vertices closer than 1e-12 of a frame in time are one vertex (the
    // world re-predicts from each event's own time, the oracle from the shared one, so a burst
    // of changes at "one" instant can spread over a few ulps in one and not the other).
    const auto canonical = [](const std::vector<ccd::PathPoint>& points) {
        std::vector<ccd::PathPoint> out;
        for (const ccd::PathPoint& p : points) {
            if (!out.empty() && p.time - out.back().time <= 1e-12)
                out.back().position = p.position;
            else
                out.push_back(p);
        }
        return out;
    };
    ASSERT_EQ(world.paths.size(), oracle.paths.size());
    for (std::size_t p = 0; p < world.paths.size(); ++p) {
        const auto pa = canonical(world.paths[p].points), pb = canonical(oracle.paths[p].points);
        ASSERT_EQ(pa.size(), pb.size()) << "path " << p;
        for (std::size_t k = 0; k < pa.size(); ++k) {
            expect_close(pa[k].time, pb[k].time, 1e-12, "path time", static_cast<int>(p));
            expect_close(pa[k].position, pb[k].position, tol, "path point", static_cast<int>(p));
        }
    }
    ASSERT_EQ(world.chatter_cuts.size(), oracle.chatter_cuts.size());
    for (std::size_t k = 0; k < world.chatter_cuts.size(); ++k) {
        EXPECT_EQ(world.chatter_cuts[k].body, oracle.chatter_cuts[k].body);
        EXPECT_EQ(world.chatter_cuts[k].sequence, oracle.chatter_cuts[k].sequence);
    }
    EXPECT_FALSE(world.budget_cut.has_value());
}

// Mixed radii (points included) and responses: mostly elastic or damped bounces, some slide,
// stop, destroy and sensor bodies.
ccd_test::ReferenceScene mixed_scene(int count, std::uint32_t seed) {
    ccd_test::ReferenceScene scene = ccd_test::balls_in_box(count, 40.0, 1.0, 8.0, seed);
    std::mt19937 rng(seed * 7919u + 1u);
    std::uniform_int_distribution<int> pick(0, 19);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    for (ccd::BodyDef& body : scene.bodies) {
        body.shape.radius *= 0.3 + 0.7 * unit(rng);
        if (pick(rng) == 0) body.shape.radius = 0.0;
        body.mass = 0.5 + unit(rng);
        switch (pick(rng)) {
        case 0:
            body.response = ccd::Response::slide();
            break;
        case 1:
            body.response = ccd::Response::stop();
            break;
        case 2:
            body.response = ccd::Response::destroy();
            break;
        case 3:
            body.response = ccd::Response::sensor();
            break;
        case 4:
        case 5:
        case 6:
            body.response = ccd::Response::bounce(0.3 + 0.7 * unit(rng));
            break;
        default:
            break; // elastic
        }
    }
    return scene;
}

TEST(WorldOracle, RandomScenesGiveTheSameLogAsTheAllPairsFullResortScheduler) {
    int scenes = 0, events = 0, cancelled = 0, chatter = 0;
    for (int count : {2, 3, 5, 8, 13, 21, 34, kLargest}) {
        for (std::uint32_t seed = 1; seed <= 4; ++seed) {
            SCOPED_TRACE(::testing::Message() << count << " bodies, seed " << seed);
            const auto scene = mixed_scene(count, seed);
            ccd::World world = make_world(scene);
            for (int frame = 0; frame < kFrames; ++frame) {
                SCOPED_TRACE(::testing::Message() << "frame " << frame);
                // Each frame from the world's own state: balls in a box are chaotic, and two
                // correct schedulers an ulp apart drift apart exponentially over frames.
                ccd_test::ReferenceScene start = scene;
                for (int i = 0; i < world.body_count(); ++i) {
                    const ccd::WorldBody b = world.body(i);
                    start.bodies[static_cast<std::size_t>(i)].shape = b.shape;
                    start.bodies[static_cast<std::size_t>(i)].velocity = b.velocity;
                    start.removed.push_back(!b.alive);
                }
                ccd_test::ReferenceScheduler oracle(start);
                const EventLog& ours = world.step();
                EventLog theirs = oracle.step();
                theirs.frame = ours.frame;
                expect_same_log(ours, theirs, 40.0, scene);
                if (::testing::Test::HasFatalFailure()) return;
                events += static_cast<int>(ours.events.size());
                cancelled += static_cast<int>(ours.cancelled.size());
                chatter += static_cast<int>(ours.chatter_cuts.size());
            }
            ++scenes;
        }
    }
    // The comparison must have had something to compare.
    EXPECT_EQ(scenes, 32);
    EXPECT_GT(events, 200);
    EXPECT_GT(cancelled, 20);
    std::printf("[ oracle   ] %d scenes, %d events, %d cancelled, %d chatter cuts\n", scenes,
                events, cancelled, chatter);
}

} // namespace
