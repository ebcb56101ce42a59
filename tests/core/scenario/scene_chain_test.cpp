// Chains in scene files ("chains", docs/scene-format.md, "Chains"): what loads, what is refused
// and where, what the writer and a link give back, the World's edges and their names, and the
// two tour scenes of the tile floor (the tiles' seam snag, the chain's none) worked by hand.
#include "ccd/scene_link.hpp"
#include "ccd/scene_loader.hpp"
#include "ccd/scene_world.hpp"
#include "ccd/scene_writer.hpp"
#include "scene_error.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <string>

namespace {

using ccd::parse_scene;
using ccd::Vec2;

using ccdlab_test::error_of;

std::string with_chain(const std::string& chain) {
    return R"({"format": "ccdlab-scene", "version": 1, "chains": [)" + chain + "]}";
}

TEST(SceneChain, AChainLoadsWritesAndLinksBack) {
    const ccd::Scene scene =
        parse_scene(with_chain(R"({"name": "floor", "points": [[3, 1], [2, 1], [1, 1], [0, 1]]},
                      {"name": "box", "points": [[0, 0], [1, 0], [1, 1]], "loop": true})"),
                    "chains.json");
    ASSERT_EQ(scene.chains.size(), 2u);
    EXPECT_EQ(scene.chains[0].name, "floor");
    EXPECT_FALSE(scene.chains[0].loop);
    EXPECT_EQ(scene.chains[0].points.size(), 4u);
    EXPECT_EQ(scene.chains[0].points[1], (Vec2{2, 1}));
    EXPECT_TRUE(scene.chains[1].loop);
    EXPECT_EQ(parse_scene(ccd::scene_to_json(scene), "again.json"), scene);
    EXPECT_EQ(ccd::scene_from_link(ccd::scene_link(scene)), scene);
    // A scene without chains writes no "chains" (the scenes before chains read as they were).
    EXPECT_EQ(ccd::scene_to_json(ccd::Scene{}).find("chains"), std::string::npos);
}

TEST(SceneChain, ABadChainIsRefusedWhereItIs) {
    EXPECT_EQ(error_of(with_chain(R"({"name": "c", "points": [[0, 0]]})")),
              "test.json: /chains/0/points: a chain needs at least 2 points, got 1");
    EXPECT_EQ(error_of(with_chain(R"({"name": "c", "points": [[0, 0], [1, 0]], "loop": true})")),
              "test.json: /chains/0/points: a loop needs at least 3 points, got 2");
    EXPECT_EQ(error_of(with_chain(R"({"name": "c", "points": [[0, 0], [1, 0], [1, 0]]})")),
              "test.json: /chains/0/points: point 2 repeats point 1 (a zero-length edge: give "
              "each point once)");
    EXPECT_EQ(
        error_of(with_chain(
            R"({"name": "c", "points": [[0, 0], [1, 0], [1, 1], [0, 0]], "loop": true})")),
        "test.json: /chains/0/points: point 0 repeats point 3 (a loop closes itself: leave the "
        "first point out at the end)");
    EXPECT_EQ(error_of(with_chain(R"({"name": "c", "points": [[0, 0], [1, 0]], "loop": 1})")),
              "test.json: /chains/0/loop: expected true or false");
    EXPECT_EQ(error_of(with_chain(R"({"name": "c", "points": [[0, 0], [1, 0]], "closed": true})")),
              "test.json: /chains/0/closed: unknown field \"closed\" (expected one of: name, "
              "points, loop)");
}

TEST(SceneChain, TheWorldHasOneWallAnEdgeNamedByTheChain) {
    const ccd::Scene scene = parse_scene(
        R"({"format": "ccdlab-scene", "version": 1,
            "segments": [{"name": "wall", "a": [0, 5], "b": [1, 5]}],
            "chains": [{"name": "box", "points": [[0, 0], [1, 0], [1, 1]], "loop": true}]})",
        "chains.json");
    const ccd::SceneWorld made = ccd::make_world(scene);
    ASSERT_EQ(made.world.wall_count(), 4); // the segment, then the loop's 3 edges
    EXPECT_EQ(made.wall_names,
              (std::vector<std::string>{"wall", "box edge 0", "box edge 1", "box edge 2"}));
    EXPECT_FALSE(made.world.chain_edge(0));
    ASSERT_TRUE(made.world.chain_edge(3));
    // Edge 2 closes the loop: (1, 1) -> (0, 0), after it (1, 0), before it (1, 0).
    EXPECT_EQ(*made.world.chain_edge(3), (ccd::ChainEdge{{1, 0}, {1, 1}, {0, 0}, {1, 0}}));
}

ccd::Scene tour_scene(const std::string& name) {
    return ccd::load_scene_file(std::filesystem::path(CCDLAB_SCENES_DIR) / name);
}

TEST(SceneChain, TheTilesCatchTheBoxAtTheSeamOfTileB) {
    // tiles-box-slides-over-a-seam.json's description: event 0 at t = 0.5 on tile a, normal
    // (0, 1); event 1 at t = 0.6, the box's corner on tile b's corner (1, 1), normal (-1, 0),
    // naming tile b's left side;
    // the box stops there, its center at (0.75, 1.25) at t = 1.
    ccd::SceneWorld made = ccd::make_world(tour_scene("tiles-box-slides-over-a-seam.json"));
    const ccd::EventLog& log = made.world.step();
    ASSERT_EQ(log.events.size(), 2u);
    EXPECT_NEAR(log.events[0].time, 0.5, 1e-12);
    EXPECT_EQ(made.body_names[static_cast<std::size_t>(log.events[0].other)], "tile a");
    EXPECT_NEAR(log.events[1].time, 0.6, 1e-12);
    EXPECT_EQ(made.body_names[static_cast<std::size_t>(log.events[1].other)], "tile b");
    EXPECT_NEAR(log.events[1].point.x, 1.0, 1e-12);
    EXPECT_NEAR(log.events[1].point.y, 1.0, 1e-12);
    EXPECT_NEAR(log.events[1].normal.x, -1.0, 1e-12);
    EXPECT_NEAR(log.events[1].normal.y, 0.0, 1e-12);
    // The box's vertex 1, its bottom-right corner (0.7, 1.25) at the start, on tile b's edge 3,
    // its left side from its vertex 3 (1, 1) at the seam down to (1, 0), whose normal (-1, 0)
    // the contact takes: the inside edge between the tiles, not tile b's top (edge 2).
    EXPECT_EQ(log.events[1].feature, ccd::Feature::PolygonEdge);
    EXPECT_EQ(log.events[1].vertex, 1);
    EXPECT_EQ(log.events[1].edge, 3);
    EXPECT_NEAR(made.world.body(0).shape.center.x, 0.75, 1e-12);
}

TEST(SceneChain, TheChainOfTheSameOutlineLetsTheBoxSlideOn) {
    // tiles-chain-box-slides-over-the-seams.json's description: one event in frame 0, at t = 0.5
    // on "floor edge 4", normal (0, 1); no contact at the seam (1, 1); the center at (0.95, 1.25)
    // at t = 1, (1.45, 1.25) and (1.95, 1.25) after frames 1 and 2, with no event.
    ccd::SceneWorld made =
        ccd::make_world(tour_scene("tiles-chain-box-slides-over-the-seams.json"));
    const ccd::EventLog& log = made.world.step();
    ASSERT_EQ(log.events.size(), 1u);
    EXPECT_NEAR(log.events[0].time, 0.5, 1e-12);
    EXPECT_EQ(made.wall_names[static_cast<std::size_t>(log.events[0].other)], "floor edge 4");
    EXPECT_NEAR(log.events[0].normal.x, 0.0, 1e-12);
    EXPECT_NEAR(log.events[0].normal.y, 1.0, 1e-12);
    EXPECT_NEAR(made.world.body(0).shape.center.x, 0.95, 1e-12);
    EXPECT_NEAR(made.world.body(0).shape.center.y, 1.25, 1e-12);
    EXPECT_TRUE(made.world.step().events.empty());
    EXPECT_NEAR(made.world.body(0).shape.center.x, 1.45, 1e-12);
    EXPECT_TRUE(made.world.step().events.empty());
    EXPECT_NEAR(made.world.body(0).shape.center.x, 1.95, 1e-12);
    EXPECT_NEAR(made.world.body(0).shape.center.y, 1.25, 1e-12);
}

// A scene exported from a later frame (record --from, the app's frame range) may carry a body's
// side memory against a chain's edge, named as the log names it; it loads and the World gets it.
TEST(SceneChain, ALastContactMayNameAChainsEdge) {
    const std::string text = R"({"format": "ccdlab-scene", "version": 1,
      "bodies": [ {"name": "dot", "shape": "point", "position": [0.5, 1], "velocity": [0, 0],
                   "last_contact": {"segment": "floor edge 1", "time": -0.25, "normal": [0, 1]}} ],
      "chains": [ {"name": "floor", "points": [[3, 1], [2, 1], [1, 1], [0, 1]]} ]})";
    const ccd::Scene scene = parse_scene(text, "x.json");
    ASSERT_TRUE(scene.bodies[0].last_contact);
    EXPECT_EQ(*scene.bodies[0].last_contact,
              (ccd::LastContact{"floor edge 1", true, -0.25, {0.0, 1.0}}));
    EXPECT_NO_THROW(ccd::make_world(scene));
    // An edge the chain does not have is refused where it is named.
    const std::string missing = std::string(text).replace(text.find("edge 1"), 6, "edge 7");
    EXPECT_EQ(error_of(missing),
              "test.json: /bodies/0/last_contact/segment: \"floor edge 7\" is not "
              "the name of a segment in this scene");
}

} // namespace
