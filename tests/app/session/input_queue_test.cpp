// The input queue hands out a frame's share of the window's events so that a press and a release
// within one frame reach the app in two frames (ImGui 1.86 reads key states once a frame).

#include "input_queue.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace {

using ccdlab::InputEvent;
using ccdlab::InputQueue;
using Kind = InputEvent::Kind;

InputEvent key(int code, bool down) {
    return {Kind::Key, code, down, 0, 0};
}
InputEvent button(int code, bool down) {
    return {Kind::MouseButton, code, down, 0, 0};
}
InputEvent move(double x, double y) {
    return {Kind::MouseMove, 0, false, x, y};
}
InputEvent text(int code_point) {
    return {Kind::Text, code_point, false, 0, 0};
}

// How many events each frame takes until the queue is empty.
std::vector<std::size_t> frame_sizes(InputQueue& queue) {
    std::vector<std::size_t> sizes;
    while (!queue.empty())
        sizes.push_back(queue.take_frame().size());
    return sizes;
}

TEST(InputQueue, ATapWithinOneFrameIsPressedInOneFrameAndReleasedInTheNext) {
    InputQueue queue;
    queue.push(key(46, true));
    queue.push(key(46, false));
    const auto first = queue.take_frame();
    ASSERT_EQ(first.size(), 1u);
    EXPECT_TRUE(first[0].down);
    const auto second = queue.take_frame();
    ASSERT_EQ(second.size(), 1u);
    EXPECT_FALSE(second[0].down);
    EXPECT_TRUE(queue.take_frame().empty());
}

TEST(InputQueue, SixTapsBetweenTwoFramesTakeTwelveFrames) {
    InputQueue queue;
    for (int i = 0; i < 6; ++i) {
        queue.push(key(46, true));
        queue.push(key(46, false));
    }
    EXPECT_EQ(frame_sizes(queue), std::vector<std::size_t>(12, 1));
}

TEST(InputQueue, CtrlQLetGoCtrlFirstStillHasCtrlDownWhenQIsPressed) {
    // xdotool's "key ctrl+q": ctrl down, q down, ctrl up, q up, all between two frames. One
    // key a frame: the frame that sees q pressed has ctrl down (it goes up a frame later).
    InputQueue queue;
    queue.push(key(341, true));
    queue.push(key(81, true));
    queue.push(key(341, false));
    queue.push(key(81, false));
    std::vector<std::vector<InputEvent>> frames;
    while (!queue.empty())
        frames.push_back(queue.take_frame());
    ASSERT_EQ(frames.size(), 4u);
    EXPECT_EQ(frames[0][0].code, 341);
    EXPECT_EQ(frames[1][0].code, 81);
    EXPECT_TRUE(frames[1][0].down);
    EXPECT_EQ(frames[2][0].code, 341);
    EXPECT_FALSE(frames[2][0].down);
}

TEST(InputQueue, AClickIsSeenWhereItHappenedNotWhereThePointerWentAfter) {
    // move to (10, 20), press, move to (90, 80), release: the press frame ends before the move;
    // the next frame moves and releases there (a drag from one point to the other).
    InputQueue queue;
    queue.push(move(10, 20));
    queue.push(button(0, true));
    queue.push(move(90, 80));
    queue.push(button(0, false));
    const auto first = queue.take_frame();
    ASSERT_EQ(first.size(), 2u);
    EXPECT_EQ(first[0].x, 10);
    EXPECT_EQ(first[1].kind, Kind::MouseButton);
    const auto second = queue.take_frame();
    ASSERT_EQ(second.size(), 2u);
    EXPECT_EQ(second[0].x, 90);
    EXPECT_FALSE(second[1].down);
    EXPECT_TRUE(queue.empty());
}

TEST(InputQueue, PointerMovesWithNothingElseAreTakenInOneFrame) {
    InputQueue queue;
    for (int i = 0; i < 5; ++i)
        queue.push(move(i, i));
    EXPECT_EQ(frame_sizes(queue), std::vector<std::size_t>{5});
}

TEST(InputQueue, TextAfterItsKeyPressWaitsForTheNextFrame) {
    InputQueue queue;
    queue.push(key(65, true));
    queue.push(text('a'));
    queue.push(key(65, false));
    // key down | text, (a key change after text is allowed) key up
    EXPECT_EQ(frame_sizes(queue), (std::vector<std::size_t>{1, 2}));
    // Two keys pressed together arrive one a frame.
    queue.push(key(65, true));
    queue.push(key(66, true));
    EXPECT_EQ(frame_sizes(queue), (std::vector<std::size_t>{1, 1}));
}

TEST(InputQueue, ButtonsAndPointerMovesDoNotWaitForEachOtherBeforeAPress) {
    // move, move, press (left), press (right): one frame; a second left change waits.
    InputQueue queue;
    queue.push(move(1, 1));
    queue.push(move(2, 2));
    queue.push(button(0, true));
    queue.push(button(1, true));
    queue.push(button(0, false));
    EXPECT_EQ(frame_sizes(queue), (std::vector<std::size_t>{4, 1}));
}

} // namespace
