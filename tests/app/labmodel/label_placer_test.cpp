// The canvas's label placer: labels never overlap, a label that cannot be placed is hidden, and
// the same requests give the same placement. Expected spots are worked out by hand from the
// placer's rule (label_placer.hpp): offset 4 px, gap 3 px, spots in the order right above,
// right below, left above, left below, above, below.
#include "label_placer.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace {

using ccd::Vec2;
using ccdlab::LabelRequest;
using ccdlab::place_labels;
using ccdlab::PlacedLabel;

const ccdlab::LabelArea kCanvas{{0, 0}, {800, 600}};

bool overlap(const PlacedLabel& a, const LabelRequest& ra, const PlacedLabel& b,
             const LabelRequest& rb) {
    return a.top_left.x < b.top_left.x + rb.size.x && b.top_left.x < a.top_left.x + ra.size.x &&
           a.top_left.y < b.top_left.y + rb.size.y && b.top_left.y < a.top_left.y + ra.size.y;
}

TEST(LabelPlacer, ALoneLabelSitsRightAboveItsAnchor) {
    const std::vector<LabelRequest> one = {{{100, 100}, {20, 10}, 0, 0}};
    const auto placed = place_labels(one, kCanvas);
    ASSERT_EQ(placed.size(), 1u);
    EXPECT_TRUE(placed[0].shown);
    EXPECT_EQ(placed[0].top_left.x, 104.0); // 100 + 4
    EXPECT_EQ(placed[0].top_left.y, 86.0);  // 100 - 4 - 10
}

TEST(LabelPlacer, AClearanceKeepsTheLabelOffTheDisc) {
    // A disc of radius 20 px: the diagonal spot is 20 * sqrt(1/2) + 4 = 18.142... px out.
    const std::vector<LabelRequest> one = {{{100, 100}, {20, 10}, 20, 0}};
    const auto placed = place_labels(one, kCanvas);
    ASSERT_TRUE(placed[0].shown);
    EXPECT_NEAR(placed[0].top_left.x, 118.14213562373095, 1e-12);
    EXPECT_NEAR(placed[0].top_left.y, 100 - 18.14213562373095 - 10, 1e-12);
}

TEST(LabelPlacer, TwoLabelsAtOnePointGoToTwoSpots) {
    // "32" and "23" at one contact point: the second goes right below, not beside the first.
    const std::vector<LabelRequest> two = {{{100, 100}, {14, 13}, 0, 0},
                                           {{100, 100}, {14, 13}, 0, 0}};
    const auto placed = place_labels(two, kCanvas);
    ASSERT_TRUE(placed[0].shown);
    ASSERT_TRUE(placed[1].shown);
    EXPECT_EQ(placed[0].top_left.x, 104.0);
    EXPECT_EQ(placed[0].top_left.y, 83.0);
    EXPECT_EQ(placed[1].top_left.x, 104.0);
    EXPECT_EQ(placed[1].top_left.y, 104.0);
    EXPECT_FALSE(overlap(placed[0], two[0], placed[1], two[1]));
}

TEST(LabelPlacer, LabelsThatTouchAreKeptAGapApart) {
    // The second's right-above spot starts at x = 124, 2 px after the first ends (122): closer
    // than the 3 px gap, so it takes its next spot (right below).
    const std::vector<LabelRequest> two = {{{100, 100}, {18, 10}, 0, 0},
                                           {{120, 100}, {18, 10}, 0, 0}};
    const auto placed = place_labels(two, kCanvas);
    ASSERT_TRUE(placed[1].shown);
    EXPECT_EQ(placed[1].top_left.x, 124.0);
    EXPECT_EQ(placed[1].top_left.y, 104.0);
}

TEST(LabelPlacer, ACrowdedPointHidesTheLabelsThatDoNotFit) {
    // Six spots around one point: the seventh label and beyond cannot be placed.
    const std::vector<LabelRequest> many(10, LabelRequest{{300, 300}, {30, 12}, 0, 0});
    const auto placed = place_labels(many, kCanvas);
    int shown = 0;
    for (const PlacedLabel& p : placed)
        shown += p.shown ? 1 : 0;
    // Right above, right below, left above, left below fit; "above" (centered) meets both upper
    // ones and "below" both lower ones: four.
    EXPECT_EQ(shown, 4);
    for (std::size_t i = 0; i < many.size(); ++i)
        for (std::size_t j = i + 1; j < many.size(); ++j)
            if (placed[i].shown && placed[j].shown) {
                EXPECT_FALSE(overlap(placed[i], many[i], placed[j], many[j])) << i << ", " << j;
            }
    EXPECT_FALSE(placed[9].shown);
}

TEST(LabelPlacer, TheHigherPriorityTakesTheFirstSpot) {
    const std::vector<LabelRequest> two = {{{100, 100}, {14, 13}, 0, 0},
                                           {{100, 100}, {14, 13}, 0, 5}};
    const auto placed = place_labels(two, kCanvas);
    EXPECT_EQ(placed[1].top_left.y, 83.0); // right above: the priority's
    EXPECT_EQ(placed[0].top_left.y, 104.0);
}

TEST(LabelPlacer, AtTheCanvasEdgeALabelTurnsInward) {
    // Right above would end at 796 + 4 + 20 > 800 and start above y = 0: left below it is.
    const std::vector<LabelRequest> corner = {{{796, 4}, {20, 10}, 0, 0}};
    const auto placed = place_labels(corner, kCanvas);
    ASSERT_TRUE(placed[0].shown);
    EXPECT_EQ(placed[0].top_left.x, 772.0); // 796 - 4 - 20
    EXPECT_EQ(placed[0].top_left.y, 8.0);   // 4 + 4
}

TEST(LabelPlacer, ACanvasBelowABarKeepsItsLabelsBelowTheBar) {
    // A canvas from y = 40 down: right above (104, 31) would cross its top; right below it is.
    const std::vector<LabelRequest> one = {{{100, 45}, {20, 10}, 0, 0}};
    const auto placed = place_labels(one, ccdlab::LabelArea{{0, 40}, {800, 600}});
    ASSERT_TRUE(placed[0].shown);
    EXPECT_EQ(placed[0].top_left.x, 104.0);
    EXPECT_EQ(placed[0].top_left.y, 49.0);
    const std::vector<LabelRequest> above = {{{100, 30}, {20, 10}, 0, 0}};
    EXPECT_FALSE(place_labels(above, ccdlab::LabelArea{{0, 40}, {800, 600}})[0].shown)
        << "an anchor under the bar";
}

TEST(LabelPlacer, ACameraLabelsTheCanvasItDrawsOn) {
    ccdlab::Camera camera;
    camera.width = 880;
    camera.height = 800;
    const ccdlab::LabelArea area = ccdlab::label_area(camera);
    EXPECT_EQ(area.lo.x, 0.0);
    EXPECT_EQ(area.lo.y, 0.0);
    EXPECT_EQ(area.hi.x, 880.0);
    EXPECT_EQ(area.hi.y, 800.0);
}

TEST(LabelPlacer, AnAnchorOffTheCanvasIsNotLabelled) {
    const std::vector<LabelRequest> off = {{{-5, 100}, {20, 10}, 0, 0},
                                           {{100, 601}, {20, 10}, 0, 0}};
    const auto placed = place_labels(off, kCanvas);
    EXPECT_FALSE(placed[0].shown);
    EXPECT_FALSE(placed[1].shown);
}

TEST(LabelPlacer, ALabelCrowdedOutOfItsAnchorTakesItsNextAnchor) {
    // A wall's name whose middle (100, 200) lies under a big label placed first (right above
    // (40, 270): x 44..244, y 146..266): it moves to its quarter point at (100, 300), right
    // above it.
    std::vector<LabelRequest> requests = {{{40, 270}, {200, 120}, 0, 10},
                                          {{100, 200}, {30, 12}, 0, 0, {{100, 300}}}};
    const auto placed = place_labels(requests, kCanvas);
    ASSERT_TRUE(placed[1].shown);
    EXPECT_EQ(placed[1].top_left.x, 104.0);
    EXPECT_EQ(placed[1].top_left.y, 284.0); // 300 - 4 - 12
}

TEST(LabelPlacer, ALabelKeepsClearOfHandlesAndOfThePointsOtherLabelsName) {
    // A label 40 x 12 at (100, 100) would sit right above, over (104 .. 144, 84 .. 96); a
    // handle of radius 6 at (120, 90) is under it, so it goes right below: (104, 104).
    const std::vector<LabelRequest> one = {{{100, 100}, {40, 12}, 0, 0}};
    const std::vector<ccdlab::KeepClear> handle = {{{120, 90}, 6}};
    const auto placed = place_labels(one, kCanvas, handle);
    ASSERT_TRUE(placed[0].shown);
    EXPECT_EQ(placed[0].top_left, (Vec2{104, 104}));
    // A handle at (98, 102), 6 px left of and below the spot's corner (104, 96): sqrt(72) =
    // 8.49 px from it, more than its radius 6: right above again.
    const std::vector<ccdlab::KeepClear> near = {{{98, 102}, 6}};
    EXPECT_EQ(place_labels(one, kCanvas, near)[0].top_left, (Vec2{104, 84}));
    // A handle of radius 8 on the anchor itself sets the label off as a clearance of 8 does:
    // 8 sqrt(1/2) + 4 = 9.657 px out.
    const std::vector<ccdlab::KeepClear> own = {{{100, 100}, 8}};
    const auto off = place_labels(one, kCanvas, own);
    ASSERT_TRUE(off[0].shown);
    EXPECT_NEAR(off[0].top_left.x, 109.65685424949238, 1e-12);
    EXPECT_NEAR(off[0].top_left.y, 100.0 - 9.65685424949238 - 12.0, 1e-12);
    // Every spot covered (a disc of radius 60 near the anchor): hidden.
    const std::vector<ccdlab::KeepClear> all = {{{102, 100}, 60}};
    EXPECT_FALSE(place_labels(one, kCanvas, all)[0].shown);
}

TEST(LabelPlacer, TheSameRequestsGiveTheSamePlacement) {
    std::vector<LabelRequest> requests;
    for (int i = 0; i < 500; ++i) // a dense, irregular field of labels
        requests.push_back(
            {{static_cast<double>((i * 37) % 790), static_cast<double>((i * 91) % 590)},
             {static_cast<double>(10 + i % 30), 13},
             static_cast<double>(i % 7),
             i % 3});
    const auto first = place_labels(requests, kCanvas);
    const auto second = place_labels(requests, kCanvas);
    ASSERT_EQ(first.size(), second.size());
    int shown = 0;
    for (std::size_t i = 0; i < first.size(); ++i) {
        EXPECT_EQ(first[i].shown, second[i].shown) << i;
        EXPECT_EQ(first[i].top_left.x, second[i].top_left.x) << i;
        EXPECT_EQ(first[i].top_left.y, second[i].top_left.y) << i;
        shown += first[i].shown ? 1 : 0;
    }
    EXPECT_GT(shown, 0);
    EXPECT_LT(shown, 500);
    for (std::size_t i = 0; i < requests.size(); ++i)
        for (std::size_t j = i + 1; j < requests.size(); ++j)
            if (first[i].shown && first[j].shown) {
                ASSERT_FALSE(overlap(first[i], requests[i], first[j], requests[j]))
                    << i << ", " << j;
            }
}

} // namespace
