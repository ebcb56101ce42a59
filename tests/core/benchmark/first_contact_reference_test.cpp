// The benchmark's reference (tests/support/first_contact_reference.hpp) on cases worked by hand:
// its labels are what the shipped dataset's verdicts rest on.
#include "first_contact_reference.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace {

using namespace ccd;
using ccd_test::first_contact;
using Contact = ccd_test::ReferenceLabel::Contact;

// The label's interval holds `t` and is at most `width` wide.
void expect_holds(const ccd_test::ReferenceLabel& label, double t, double width) {
    EXPECT_EQ(label.contact, Contact::Hit);
    EXPECT_LE(label.t_lo, t);
    EXPECT_GE(label.t_hi, t);
    EXPECT_LT(label.t_hi - label.t_lo, width);
}

TEST(FirstContactReference, ACircleFallingOntoASegment) {
    // Radius 1 from height 3 down by 4: the centre is 1 above the segment at 3 - 4 t = 1.
    const Swept circle{Circle{{0, 3}, 1}, Translation{{0, -4}}};
    const Swept floor{Segment{{-2, 0}, {2, 0}}, Still{}};
    expect_holds(first_contact(circle, floor), 0.5, 1e-9);
}

TEST(FirstContactReference, AGrazeOfASegmentsEnd) {
    // Radius 0.5 along y = 0.5 past the end (0, 0) of a segment hanging below it: the distance
    // comes down to exactly 0 at t = 0.5 and goes up again (a double root).
    const Swept circle{Circle{{-3, 0.5}, 0.5}, Translation{{6, 0}}};
    const Swept post{Segment{{0, -2}, {0, 0}}, Still{}};
    const auto label = first_contact(circle, post);
    EXPECT_EQ(label.contact, Contact::Graze);
    EXPECT_LE(label.t_lo, 0.5);
    EXPECT_GT(label.t_lo, 0.49);
    EXPECT_NEAR(static_cast<double>(label.least), 0.0, 1e-10);
}

TEST(FirstContactReference, AMissAndItsLeastDistance) {
    // Radius 0.5 along y = 2 over the segment from (-1, 0) to (1, 0): 1.5 apart at the closest.
    const Swept circle{Circle{{-3, 2}, 0.5}, Translation{{6, 0}}};
    const Swept floor{Segment{{-1, 0}, {1, 0}}, Still{}};
    const auto label = first_contact(circle, floor);
    EXPECT_EQ(label.contact, Contact::Miss);
    EXPECT_NEAR(static_cast<double>(label.least), 1.5, 1e-12);
}

TEST(FirstContactReference, APointMeetsATurningSegment) {
    // The segment from (0, 0) to (2, 0) turns a quarter turn about (0, 0); the still point (1, 1)
    // is on it when it points at 45 degrees: half the turn, t = 0.5.
    const Swept point{Point{{1, 1}}, Translation{{0, 0}}};
    const Swept blade{Segment{{0, 0}, {2, 0}}, Turning{{0, 0}, {0, 0}, std::numbers::pi / 2}};
    expect_holds(first_contact(point, blade), 0.5, 1e-8);
}

TEST(FirstContactReference, ACircleMeetsATurningSegment) {
    // A circle of radius 0.5 at (0, 1.5); the segment from (0, 0) to (2, 0) turns a quarter turn
    // about (0, 0). At angle a the centre is 1.5 cos a from its line (the foot 1.5 sin a along
    // it, inside): touching at cos a = 1/3, t = acos(1/3) / (pi / 2) = 0.78365...
    const Swept circle{Circle{{0, 1.5}, 0.5}, Translation{{0, 0}}};
    const Swept blade{Segment{{0, 0}, {2, 0}}, Turning{{0, 0}, {0, 0}, std::numbers::pi / 2}};
    expect_holds(first_contact(circle, blade), std::acos(1.0 / 3.0) / (std::numbers::pi / 2), 1e-8);
}

TEST(FirstContactReference, TwoBoxesMeetFaceToFace) {
    // The unit box from x = -3 moving 3 to the right meets the unit box at x = 0 when -2 + 3 t = 0.
    const Swept a{Polygon{{{-3, 0}, {-2, 0}, {-2, 1}, {-3, 1}}}, Translation{{3, 0}}};
    const Swept b{Polygon{{{0, 0}, {1, 0}, {1, 1}, {0, 1}}}, Translation{{0, 0}}};
    expect_holds(first_contact(a, b), 2.0 / 3.0, 1e-9);
}

TEST(FirstContactReference, APointThroughASegmentIsAHitThoughItNeverOverlaps) {
    // From (0.5, 1) down by 2 through the segment from (0, 0) to (1, 0): on it at t = 0.5.
    const Swept point{Point{{0.5, 1}}, Translation{{0, -2}}};
    const Swept floor{Segment{{0, 0}, {1, 0}}, Still{}};
    expect_holds(first_contact(point, floor), 0.5, 1e-8);
}

} // namespace
