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

#include <algorithm>
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

ccd::BodyDef moving(ccd::Vec2 center, double radius, ccd::Vec2 velocity) {
    ccd::BodyDef def;
    def.shape = {center, radius};
    def.velocity = velocity;
    return def;
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

TEST(Recording, SideMemoriesCarriedAcrossFramesAreRecomputedBitForBit) {
    // A chattering window of 1.5 frames: every body's last contact of the frame before is
    // still read, so every keyframe keeps side memories and World::restored puts them back.
    Coverage coverage;
    for (const char* name : {"bouncing-balls.json", "polygons-in-a-box.json",
                             "crate-meets-a-closing-rod.json", "stress-2000-balls.json"}) {
        SCOPED_TRACE(name);
        ccd::WorldOptions options;
        options.chatter_window = 1.5;
        expect_frames_recomputed(scene_world(fs::path(CCDLAB_SCENES_DIR) / name, options), 15, 4,
                                 coverage);
    }
    EXPECT_GT(coverage.events, 100);
}

TEST(Recording, EveryFixtureIsRecomputedBitForBit) {
    Coverage coverage;
    for (const auto& entry : fs::directory_iterator(CCDLAB_FIXTURES_DIR)) {
        if (entry.path().extension() != ".json") continue;
        SCOPED_TRACE(entry.path().string());
        const ccd::Scene fixture = ccd::load_scene_file(entry.path());
        const int frames = fixture.expect ? fixture.expect->frames : 1;
        expect_frames_recomputed(std::move(ccd::make_world(fixture).world), std::min(frames, 40), 3,
                                 coverage);
    }
    EXPECT_GT(coverage.events, 20); // the fixtures are small: 29 events in their frames
}

TEST(Recording, AKeyframeKeepsOnlyTheSideMemoriesALaterFrameCanRead) {
    // A ball of radius 0.5 moving by (1, 0) a frame meets a wall at x = 1.5 at t = 1, the end
    // of frame 0: at frame 1's start its memory is at time 0, within the window. Another, at
    // (0, 10) moving by (2, 0), meets the wall above at t = 0.5: at frame 1's start its memory
    // is half a frame old and is not kept.
    ccd::World world;
    world.add_body(moving({0.0, 0.0}, 0.5, {1.0, 0.0}));
    world.add_body(moving({0.0, 10.0}, 0.5, {2.0, 0.0}));
    world.add_wall({{1.5, -5.0}, {1.5, 5.0}});
    world.add_wall({{1.5, 5.0}, {1.5, 15.0}});
    const ccd::EventLog& log = world.step();
    ASSERT_EQ(log.events.size(), 2u);
    EXPECT_EQ(log.events[0].time, 0.5);
    EXPECT_EQ(log.events[1].time, 1.0);
    const ccd::WorldKeyframe k = world.keyframe();
    EXPECT_EQ(k.frames_completed, 1);
    ASSERT_EQ(k.memories.size(), 1u);
    EXPECT_EQ(k.memories[0].body, 0);
    EXPECT_EQ(k.memories[0].other, 0);
    EXPECT_EQ(k.memories[0].time, 0.0);
    EXPECT_EQ(k.memories[0].normal, (ccd::Vec2{-1.0, 0.0}));
    EXPECT_EQ(k.memories[0].kind, 1 + static_cast<int>(ccd::OtherKind::Wall));
    EXPECT_TRUE(k.motions.empty());
    EXPECT_EQ(k.origins[0], (ccd::Vec2{1.0, 0.0}));
    EXPECT_EQ(k.velocities[0], (ccd::Vec2{-1.0, 0.0}));
    EXPECT_EQ(k.origins[1], (ccd::Vec2{0.0, 10.0}));
    EXPECT_EQ(k.velocities[1], (ccd::Vec2{-2.0, 0.0}));
    // Rebuilt, it holds the same and steps on as the original.
    const ccd::World rebuilt = world.restored(k);
    const ccd::WorldKeyframe again = rebuilt.keyframe();
    EXPECT_EQ(again.origins, k.origins);
    EXPECT_EQ(again.velocities, k.velocities);
    EXPECT_EQ(again.versions, k.versions);
    EXPECT_EQ(again.memories.size(), 1u);
    ccd::World copy = world.restored(k);
    EXPECT_EQ(ccd::to_text(copy.step()), ccd::to_text(world.step()));
    // A World of other bodies cannot rebuild it.
    ccd::World other;
    other.add_body(moving({0.0, 0.0}, 0.5, {1.0, 0.0}));
    EXPECT_THROW(other.restored(k), std::invalid_argument);
    // Within a frame there is no keyframe.
    world.advance_to(0.5);
    EXPECT_THROW(world.keyframe(), std::logic_error);
}

TEST(Recording, AKeyframeIsAboutThirtySevenBytesABody) {
    ccd::World world = scene_world(fs::path(CCDLAB_SCENES_DIR) / "stress-2000-balls.json", {});
    for (int f = 0; f < 5; ++f)
        world.step();
    const std::size_t bytes = world.keyframe().bytes();
    // 2,000 bodies: position and velocity (32 bytes), version (4), alive (1); a few side
    // memories and walls besides.
    EXPECT_GE(bytes, 2000u * 37);
    EXPECT_LE(bytes, 2000u * 37 + 4096);
    EXPECT_GT(world.snapshot_bytes(), 5 * bytes);
}

TEST(Recording, RefusesAWorldEditedWhileRecording) {
    ccd::World world = scene_world(fs::path(CCDLAB_SCENES_DIR) / "two-circles.json", {});
    ccd::Recording recording(world);
    world.add_body(moving({50.0, 50.0}, 1.0, {}));
    world.step();
    EXPECT_THROW(recording.record(world), std::logic_error);
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
    // The bytes of a recording of one keyframe and of two; every keyframe of this scene is the
    // same size (no body is added or removed, and no contact comes within the chattering
    // window of a frame's end, so no keyframe keeps a side memory), so three fit in this cap
    // and four do not.
    const std::size_t one = ccd::Recording(world).memory_bytes();
    ccd::World ahead = scene_world(scene, {});
    ccd::Recording two(ahead, {1, std::size_t{1} << 40});
    ahead.step();
    two.record(ahead);
    ASSERT_EQ(two.keyframe_count(), 2);
    const std::size_t keyframe = two.memory_bytes() - one;
    const std::size_t cap = one + 2 * keyframe;
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
