// Recording (ccd/recording.hpp): every recorded frame recomputed from the keyframes is the
// frame a straight run of the same World gave, bit for bit (its log as ccd::to_text prints
// it, doubles in hexadecimal, and every body at the frame's start); the memory cap drops the
// oldest keyframes and their frames.
#include "log_level_comparison.hpp"
#include "shipped_scenes.hpp"

#include "ccd/recording.hpp"
#include "ccd/scene_loader.hpp"
#include "ccd/scene_world.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

struct StraightFrame {
    std::string start_state; // every body at the frame's start (ccd_test::body_state)
    std::string log;         // ccd::to_text of the frame's log
    int events = 0;
};

struct Coverage {
    long long events = 0;
    int frames = 0;
    int budget_cuts = 0;
    int polygon_events = 0;     // events of a body with an outline
    int moving_wall_events = 0; // events against a wall that moves
};

// Steps `world` `frames` frames while recording it every frame, then recomputes every frame
// from the recording and compares it with the straight run.
void expect_frames_recomputed(ccd::World world, int frames, int keyframe_interval,
                              Coverage& coverage) {
    ccd::Recording recording(world, {keyframe_interval, std::size_t{1} << 40});
    std::vector<StraightFrame> straight;
    for (int f = 0; f < frames; ++f) {
        StraightFrame s;
        s.start_state = ccd_test::body_state(world);
        const ccd::EventLog& log = world.step();
        s.log = ccd::to_text(log);
        s.events = world.frame_event_count();
        straight.push_back(s);
        recording.record(world);
        coverage.budget_cuts += log.budget_cut ? 1 : 0;
        for (const ccd::ContactEvent& e : log.events) {
            if (!world.outline(e.body).empty() ||
                (e.other_kind == ccd::OtherKind::Body && !world.outline(e.other).empty()))
                ++coverage.polygon_events;
            if (e.other_kind == ccd::OtherKind::Wall) {
                const ccd::MovingSegment m = world.wall_motion(e.other);
                if (!(m.displacement_a == ccd::Vec2{} && m.displacement_b == ccd::Vec2{}))
                    ++coverage.moving_wall_events;
            }
        }
    }
    ASSERT_EQ(recording.first_frame(), 0);
    ASSERT_EQ(recording.frame_count(), frames);
    ASSERT_EQ(recording.frames_dropped(), 0);
    for (int f = 0; f < frames; ++f) {
        const ccd::RecordedFrame got = recording.frame(f);
        EXPECT_EQ(got.world.frames_completed(), f);
        EXPECT_EQ(ccd_test::body_state(got.world), straight[f].start_state) << "frame " << f;
        EXPECT_EQ(ccd::to_text(got.log), straight[f].log) << "frame " << f;
        EXPECT_EQ(got.log.frame, f);
        if (ccd_test::body_state(got.world) != straight[f].start_state ||
            ccd::to_text(got.log) != straight[f].log)
            return;
        coverage.events += straight[f].events;
        ++coverage.frames;
    }
}

ccd::World scene_world(const fs::path& path, ccd::WorldOptions options) {
    return std::move(ccd::make_world(ccd::load_scene_file(path), options).world);
}

TEST(Recording, EveryFrameOfEveryShippedSceneIsRecomputedBitForBit) {
    for (const ccd::LogLevel level :
         {ccd::LogLevel::Full, ccd::LogLevel::Events, ccd::LogLevel::None}) {
        Coverage coverage;
        for (const fs::path& path : ccd_test::shipped_world_scene_files()) {
            SCOPED_TRACE(path.string());
            ccd::WorldOptions options;
            options.log_level = level;
            expect_frames_recomputed(scene_world(path, options), 24, 7, coverage);
        }
        EXPECT_GE(coverage.frames, 20 * 24);
        EXPECT_GT(coverage.events, 1000);
        if (level == ccd::LogLevel::None) continue; // its log lists no event
        EXPECT_GT(coverage.polygon_events, 0);
        EXPECT_GT(coverage.moving_wall_events, 0);
    }
}

TEST(Recording, FramesCutByTheBudgetAreRecomputedBitForBit) {
    // Few events allowed per frame: the balls stop where the budget runs out, every frame.
    Coverage coverage;
    for (const char* name : {"bouncing-balls.json", "polygons-in-a-box.json",
                             "crate-meets-a-closing-rod.json", "stress-2000-balls.json"}) {
        SCOPED_TRACE(name);
        ccd::WorldOptions options;
        options.event_budget = 3;
        expect_frames_recomputed(scene_world(fs::path(CCDLAB_SCENES_DIR) / name, options), 15, 4,
                                 coverage);
    }
    EXPECT_GT(coverage.budget_cuts, 10);
}

TEST(Recording, TheCapDropsTheOldestKeyframesAndTheirFrames) {
    const fs::path scene = fs::path(CCDLAB_SCENES_DIR) / "bouncing-balls.json";
    ccd::World world = scene_world(scene, {});
    // The bytes of a recording of one keyframe; every keyframe of this scene is the same size
    // (no body is added or removed), so three fit in this cap and four do not.
    const std::size_t one = ccd::Recording(world).memory_bytes();
    const std::size_t cap = 3 * one - 2 * sizeof(ccd::Recording);
    ccd::Recording recording(world, {5, cap});
    ccd::World straight = scene_world(scene, {});
    std::vector<std::string> logs;
    for (int f = 0; f < 40; ++f) {
        world.step();
        recording.record(world);
        logs.push_back(ccd::to_text(straight.step()));
        EXPECT_LE(recording.memory_bytes(), cap) << "after frame " << f;
    }
    // Keyframes at frames 0, 5, ..., 40 taken; the last three (30, 35, 40) kept.
    EXPECT_EQ(recording.memory_bytes(), cap);
    EXPECT_EQ(recording.keyframe_count(), 3);
    EXPECT_EQ(recording.first_frame(), 30);
    EXPECT_EQ(recording.frame_count(), 10);
    EXPECT_EQ(recording.frames_dropped(), 30);
    EXPECT_THROW(recording.frame(29), std::out_of_range);
    EXPECT_THROW(recording.frame(40), std::out_of_range);
    for (int f = 30; f < 40; ++f)
        EXPECT_EQ(ccd::to_text(recording.frame(f).log), logs[static_cast<std::size_t>(f)])
            << "frame " << f;
}

TEST(Recording, RefusesAFrameSkippedOrAWorldWithinAFrame) {
    ccd::World world = scene_world(fs::path(CCDLAB_SCENES_DIR) / "two-circles.json", {});
    ccd::Recording recording(world);
    world.step();
    world.step();
    EXPECT_THROW(recording.record(world), std::logic_error); // frame 0 not recorded
    ccd::World other = scene_world(fs::path(CCDLAB_SCENES_DIR) / "two-circles.json", {});
    other.advance_to(0.5);
    EXPECT_THROW(ccd::Recording{other}, std::logic_error);
    EXPECT_THROW(other.snapshot(), std::logic_error);
    EXPECT_THROW((ccd::Recording{world, {0, 1000}}), std::invalid_argument);
}

} // namespace
