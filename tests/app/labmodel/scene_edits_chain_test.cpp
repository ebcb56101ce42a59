// A chain's edits in the world view (scene_edits.hpp, chain_edits.hpp): its points as handles,
// a click on its line, insert, delete, close and open, flip, why an edited chain is refused, and
// each edit undone and redone as the editor's history keeps it (a whole scene a step).
// scenes/tiles-chain-box-slides-over-the-seams.json's floor: the loop (0, 0), (3, 0), (3, 1),
// (2, 1), (1, 1), (0, 1), counter-clockwise. Expected values worked by hand.
#include "chain_edits.hpp"
#include "scene_edits.hpp"
#include "undo_history.hpp"

#include "ccd/scene_loader.hpp"
#include "ccd/scene_writer.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

namespace ccdlab {
namespace {

ccd::Scene chain_scene() {
    return ccd::load_scene_file(std::string(CCDLAB_SCENES_DIR) +
                                "/tiles-chain-box-slides-over-the-seams.json");
}

const SceneItem kFloor{SceneItem::Kind::Chain, 0};

using Points = std::vector<Vec2>;
const Points kFloorPoints = {{0.0, 0.0}, {3.0, 0.0}, {3.0, 1.0},
                             {2.0, 1.0}, {1.0, 1.0}, {0.0, 1.0}};

// 50 px a unit, the world's origin at the canvas's middle (400, 300), y down.
Camera camera() {
    Camera c;
    c.pixels_per_unit = 50.0;
    c.width = 800.0;
    c.height = 600.0;
    return c;
}

TEST(SceneEditsChain, TheFloorIsAChainItemNamedAndCounted) {
    const ccd::Scene scene = chain_scene();
    ASSERT_EQ(scene.chains.size(), 1u);
    EXPECT_EQ(scene.chains[0].points, kFloorPoints);
    EXPECT_TRUE(contains(scene, kFloor));
    EXPECT_FALSE(contains(scene, {SceneItem::Kind::Chain, 1}));
    EXPECT_EQ(name_of(scene, kFloor), "floor");
    EXPECT_FALSE(world_body_index(scene, kFloor)) << "a chain is walls, no body";
    ccd::Scene named = scene;
    named.chains[0].name = "segment 1";
    EXPECT_EQ(unique_name(named, "segment"), "segment 2") << "a chain's name is taken too";
}

// Point 1, (3, 0), is at (550, 300) on screen; edge 0's middle (1.5, 0) at (475, 300); the
// closing edge from (0, 1) to (0, 0) runs down x = 400 from y = 250 to 300.
TEST(SceneEditsChain, ItsPointsAreHandlesAndAClickOnItsLineSelectsIt) {
    const ccd::Scene scene = chain_scene();
    const auto handle = pick_handle(scene, {551.0, 302.0}, camera(), 12.0);
    ASSERT_TRUE(handle);
    EXPECT_EQ(*handle, (SceneHandle{kFloor, SceneHandle::Part::Vertex, 1}));
    EXPECT_EQ(handle_position(scene, *handle), (Vec2{3.0, 0.0}));
    EXPECT_EQ(pick_chain(scene, {475.0, 303.0}, camera(), 6.0), kFloor); // 3 px off edge 0
    EXPECT_FALSE(pick_chain(scene, {475.0, 320.0}, camera(), 6.0));      // 20 px off
    EXPECT_EQ(pick_chain(scene, {402.0, 275.0}, camera(), 6.0), kFloor)
        << "the loop's closing edge, 2 px off";
    EXPECT_FALSE(pick_segment(scene, {475.0, 303.0}, camera(), 6.0)) << "no segment there";
}

TEST(SceneEditsChain, DraggingAPointMovesItAlone) {
    ccd::Scene scene = chain_scene();
    move_handle(scene, {kFloor, SceneHandle::Part::Vertex, 1}, {3.5, -0.5});
    EXPECT_EQ(scene.chains[0].points,
              (Points{{0.0, 0.0}, {3.5, -0.5}, {3.0, 1.0}, {2.0, 1.0}, {1.0, 1.0}, {0.0, 1.0}}));
    EXPECT_TRUE(scene.chains[0].loop);
}

// After point 1, the middle of (3, 0) -> (3, 1); after a loop's last point, the middle of its
// closing edge (0, 1) -> (0, 0); after an open chain's last point, as far on as its last edge,
// (0, 1) + ((0, 1) - (1, 1)).
TEST(SceneEditsChain, APointInsertedAfterOneIsTheMiddleOfTheEdgeItLeaves) {
    ccd::Chain chain = chain_scene().chains[0];
    EXPECT_EQ(insert_chain_point(chain, 1), 2);
    EXPECT_EQ(
        chain.points,
        (Points{
            {0.0, 0.0}, {3.0, 0.0}, {3.0, 0.5}, {3.0, 1.0}, {2.0, 1.0}, {1.0, 1.0}, {0.0, 1.0}}));
    chain = chain_scene().chains[0];
    EXPECT_EQ(insert_chain_point(chain, 5), 6);
    EXPECT_EQ(chain.points.back(), (Vec2{0.0, 0.5}));
    chain = chain_scene().chains[0];
    chain.loop = false;
    EXPECT_EQ(insert_chain_point(chain, 5), 6);
    EXPECT_EQ(chain.points.back(), (Vec2{-1.0, 1.0}));
    EXPECT_FALSE(insert_chain_point(chain, 7)) << "no point 7";
    EXPECT_EQ(chain.points.size(), 7u);
}

TEST(SceneEditsChain, APointIsDeletedWhileTheChainKeepsTwoOrALoopThree) {
    ccd::Chain chain = chain_scene().chains[0];
    EXPECT_TRUE(delete_chain_point(chain, 2));
    EXPECT_EQ(chain.points, (Points{{0.0, 0.0}, {3.0, 0.0}, {2.0, 1.0}, {1.0, 1.0}, {0.0, 1.0}}));
    ccd::Chain triangle{"t", {{0.0, 0.0}, {1.0, 0.0}, {0.0, 1.0}}, true};
    EXPECT_FALSE(delete_chain_point(triangle, 0)) << "a loop keeps 3";
    EXPECT_EQ(triangle.points.size(), 3u);
    triangle.loop = false;
    EXPECT_TRUE(delete_chain_point(triangle, 0));
    EXPECT_EQ(triangle.points, (Points{{1.0, 0.0}, {0.0, 1.0}}));
    EXPECT_FALSE(delete_chain_point(triangle, 1)) << "a chain keeps 2";
    EXPECT_FALSE(set_chain_loop(triangle, true)) << "a loop of 2 points";
    EXPECT_FALSE(triangle.loop);
}

// Counter-clockwise, the floor's loop faces out; reversed, in. Open, its front is the right of
// the way from point 0 to point 5.
TEST(SceneEditsChain, FlippingReversesThePointsAndTurnsTheSideItCollidesOn) {
    ccd::Chain chain = chain_scene().chains[0];
    EXPECT_EQ(chain_side_text(chain), "outside (its points run counter-clockwise)");
    flip_chain_side(chain);
    EXPECT_EQ(chain.points,
              (Points{{0.0, 1.0}, {1.0, 1.0}, {2.0, 1.0}, {3.0, 1.0}, {3.0, 0.0}, {0.0, 0.0}}));
    EXPECT_EQ(chain_side_text(chain), "inside (its points run clockwise)");
    EXPECT_TRUE(set_chain_loop(chain, false));
    EXPECT_EQ(chain_side_text(chain), "the right of the way from point 0 to point 5");
}

// In the loader's words (ccd::parse_scene, which the save runs on what it writes).
TEST(SceneEditsChain, AChainEditedIntoOneTheLoaderRefusesIsRefusedInItsWords) {
    ccd::Scene scene = chain_scene();
    EXPECT_FALSE(chain_refusal(scene));
    scene.chains[0].points[2] = {3.0, 0.0};
    const std::string repeat = "point 2 repeats point 1 (a zero-length edge: give each point once)";
    EXPECT_EQ(chain_refusal(scene), "chain \"floor\": " + repeat);
    try {
        static_cast<void>(ccd::scene_to_json(scene));
        ADD_FAILURE() << "the save wrote a chain the loader refuses";
    } catch (const ccd::SceneError& e) {
        EXPECT_NE(std::string(e.what()).find(repeat), std::string::npos) << e.what();
    }
    scene = chain_scene();
    scene.chains[0].points[5] = {0.0, 0.0};
    EXPECT_EQ(chain_refusal(scene), "chain \"floor\": point 0 repeats point 5 (a loop closes "
                                    "itself: leave the first point out at the end)");
    scene = chain_scene();
    scene.chains[0].points.resize(2);
    EXPECT_EQ(chain_refusal(scene), "chain \"floor\": a loop needs at least 3 points, got 2");
}

// The box meets the floor's edge 4 at t = 0.5 in frame 0.
ccd::Expectation expect_floor_edge_4() {
    ccd::ExpectedEvent event;
    event.time = 0.5;
    event.a = "box";
    event.b = "floor edge 4";
    ccd::Expectation expectation;
    expectation.events.push_back(event);
    return expectation;
}

// An expect section naming one of the chain's edges would expect another edge once they are
// numbered anew: it goes with the edit, or with the chain.
TEST(SceneEditsChain, AnExpectNamingItsEdgesIsDroppedWhenTheyAreNumberedAnewOrTheChainGoes) {
    ccd::Scene scene = chain_scene();
    scene.expect = expect_floor_edge_4();
    ccd::Scene other = scene;
    other.expect->events[0].b = "floorboard edge 4";
    EXPECT_FALSE(forget_expect_of_chain(other, "floor"));
    EXPECT_TRUE(other.expect);
    EXPECT_TRUE(forget_expect_of_chain(scene, "floor"));
    EXPECT_FALSE(scene.expect);
    scene = chain_scene();
    scene.expect = expect_floor_edge_4();
    EXPECT_TRUE(remove_item(scene, kFloor));
    EXPECT_TRUE(scene.chains.empty());
    EXPECT_FALSE(scene.expect);
}

// Each edit as the editor keeps it: the scene before is recorded, undo brings it back, redo the
// edit; the canonical save writes the edited chain and reads back to it.
TEST(SceneEditsChain, EachEditIsUndoneAndRedoneAndSavedAsEdited) {
    const std::vector<std::pair<std::string, std::function<void(ccd::Chain&)>>> edits = {
        {"drag",
         [](ccd::Chain& c) {
             c.points[1] = {3.5, -0.5};
         }},
        {"insert", [](ccd::Chain& c) { static_cast<void>(insert_chain_point(c, 1)); }},
        {"delete", [](ccd::Chain& c) { static_cast<void>(delete_chain_point(c, 2)); }},
        {"open", [](ccd::Chain& c) { static_cast<void>(set_chain_loop(c, false)); }},
        {"flip", [](ccd::Chain& c) { flip_chain_side(c); }}};
    for (const auto& [what, edit] : edits) {
        const ccd::Scene before = chain_scene();
        ccd::Scene scene = before;
        UndoHistory<ccd::Scene> history;
        history.record(scene);
        edit(scene.chains[0]);
        const ccd::Chain edited = scene.chains[0];
        EXPECT_NE(edited, before.chains[0]) << what;
        const ccd::Scene saved = ccd::parse_scene(ccd::scene_to_json(scene), "saved");
        EXPECT_EQ(saved.chains, std::vector<ccd::Chain>{edited}) << what;
        const auto undone = history.undo(scene);
        ASSERT_TRUE(undone) << what;
        EXPECT_EQ(undone->chains[0].points, kFloorPoints) << what;
        EXPECT_TRUE(undone->chains[0].loop) << what;
        const auto redone = history.redo(*undone);
        ASSERT_TRUE(redone) << what;
        EXPECT_EQ(redone->chains[0], edited) << what;
    }
}

} // namespace
} // namespace ccdlab
