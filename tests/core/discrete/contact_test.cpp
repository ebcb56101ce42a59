// The overlap manifold (depth, normal, contact point) of a disk against a segment, a point and
// another disk. Expected values are worked out by hand in the comments.
#include "ccd/contact.hpp"
#include "ccd/toi_circle_segment.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace {

using ccd::Circle;
using ccd::Feature;
using ccd::find_contact;
using ccd::Segment;
using ccd::Vec2;

constexpr double kEps = 1e-12;
const Segment kFloor{{-2.0, 0.0}, {2.0, 0.0}};

TEST(DiskSegmentContact, DiskSunkIntoTheInteriorHasTheDepthAndTheFloorNormal) {
    // Center 0.75 above the floor, radius 1: depth 0.25, straight up, contact below the center.
    const auto contact = find_contact(Circle{{0.5, 0.75}, 1.0}, kFloor);
    ASSERT_TRUE(contact);
    EXPECT_DOUBLE_EQ(contact->depth, 0.25);
    EXPECT_EQ(contact->normal, (Vec2{0.0, 1.0}));
    EXPECT_EQ(contact->point, (Vec2{0.5, 0.0}));
    EXPECT_EQ(contact->feature, Feature::SegmentInterior);
}

TEST(DiskSegmentContact, DiskBelowTheSegmentIsPushedDown) {
    const auto contact = find_contact(Circle{{0.5, -0.75}, 1.0}, kFloor);
    ASSERT_TRUE(contact);
    EXPECT_DOUBLE_EQ(contact->depth, 0.25);
    EXPECT_EQ(contact->normal, (Vec2{0.0, -1.0}));
}

TEST(DiskSegmentContact, DiskBeyondAnEndpointIsPushedRadiallyAwayFromIt) {
    // Center (2.6, 0.8) is (0.6, 0.8) from endpoint b = (2, 0): distance 1, radius 2, depth 1,
    // normal (0.6, 0.8). Seed 001 never uses the segment's normal: this is what lets a disk
    // slide round a corner.
    const auto contact = find_contact(Circle{{2.6, 0.8}, 2.0}, kFloor);
    ASSERT_TRUE(contact);
    EXPECT_NEAR(contact->depth, 1.0, kEps);
    EXPECT_NEAR(contact->normal.x, 0.6, kEps);
    EXPECT_NEAR(contact->normal.y, 0.8, kEps);
    EXPECT_EQ(contact->point, kFloor.b);
    EXPECT_EQ(contact->feature, Feature::EndpointB);
}

TEST(DiskSegmentContact, JustTouchingIsAContactOfDepthZero) {
    const auto contact = find_contact(Circle{{0.0, 1.0}, 1.0}, kFloor);
    ASSERT_TRUE(contact);
    EXPECT_EQ(contact->depth, 0.0);
    EXPECT_EQ(contact->normal, (Vec2{0.0, 1.0}));
}

TEST(DiskSegmentContact, DiskClearOfTheSegmentHasNoContact) {
    EXPECT_FALSE(find_contact(Circle{{0.0, 1.5}, 1.0}, kFloor));
    EXPECT_FALSE(find_contact(Circle{{3.5, 0.0}, 1.0}, kFloor)); // 1.5 past endpoint b
}

TEST(DiskSegmentContact, CenterExactlyOnTheSegmentIsPushedOutAlongItsLeftNormal) {
    // Seed 001 would divide by a zero distance. The left normal of a -> b: perp((4, 0)) is +y,
    // and the same segment listed b -> a gives -y. Depth is the whole radius.
    const auto forward = find_contact(Circle{{0.5, 0.0}, 1.0}, kFloor);
    ASSERT_TRUE(forward);
    EXPECT_EQ(forward->normal, (Vec2{0.0, 1.0}));
    EXPECT_EQ(forward->depth, 1.0);
    const auto backward = find_contact(Circle{{0.5, 0.0}, 1.0}, Segment{kFloor.b, kFloor.a});
    ASSERT_TRUE(backward);
    EXPECT_EQ(backward->normal, (Vec2{0.0, -1.0}));
}

TEST(DiskSegmentContact, CenterOnTheSegmentAgreesWithTimeOfImpactForAStillDisk) {
    // A diagonal wall through the origin; the still disk's center on it. Both answers must
    // give the left normal perp((1, 1)) / sqrt(2) = (-1, 1) / sqrt(2).
    const Segment wall{{-1.0, -1.0}, {1.0, 1.0}};
    const Circle disk{{0.0, 0.0}, 0.5};
    const auto contact = find_contact(disk, wall);
    const auto hit = ccd::time_of_impact(disk, Vec2{}, wall);
    ASSERT_TRUE(contact);
    ASSERT_TRUE(hit);
    EXPECT_NEAR(contact->normal.x, -std::sqrt(0.5), kEps);
    EXPECT_NEAR(contact->normal.y, std::sqrt(0.5), kEps);
    EXPECT_EQ(contact->normal, hit->normal);
}

TEST(DiskSegmentContact, CenterOnAZeroLengthSegmentIsPushedUp) {
    const auto contact = find_contact(Circle{{1.0, 1.0}, 0.5}, Segment{{1.0, 1.0}, {1.0, 1.0}});
    ASSERT_TRUE(contact);
    EXPECT_EQ(contact->normal, (Vec2{0.0, 1.0}));
    EXPECT_EQ(contact->depth, 0.5);
    EXPECT_EQ(contact->feature, Feature::EndpointA);
}

TEST(DiskSegmentContact, ContactExistsExactlyWhenTimeOfImpactReportsAnOverlap) {
    // Step the center across the touching distance from endpoint b = (2, 0) one ulp at a time:
    // (2.3, 0.4) is (0.3, 0.4) from it, a 3-4-5 triangle with radius 0.5, so the answer flips
    // within a few ulps of x = 2.3. The discrete and the continuous test must flip together.
    const double radius = 0.5;
    double x = 2.3;
    for (int i = 0; i < 50; ++i)
        x = std::nextafter(x, 0.0);
    int touching = 0;
    int clear = 0;
    for (int step = 0; step < 100; ++step, x = std::nextafter(x, 3.0)) {
        const Circle disk{{x, 0.4}, radius};
        const bool discrete = find_contact(disk, kFloor).has_value();
        const bool continuous = ccd::time_of_impact(disk, Vec2{}, kFloor).has_value();
        EXPECT_EQ(discrete, continuous) << "x = " << x;
        ++(discrete ? touching : clear);
    }
    EXPECT_GT(touching, 0); // the sweep did cross the boundary
    EXPECT_GT(clear, 0);
}

TEST(DiskPointContact, DiskOverlappingAPointIsPushedAwayFromIt) {
    // Center (3, 4) is 5 from the origin; radius 6: depth 1, normal (0.6, 0.8).
    const auto contact = find_contact(Circle{{3.0, 4.0}, 6.0}, Vec2{0.0, 0.0});
    ASSERT_TRUE(contact);
    EXPECT_DOUBLE_EQ(contact->depth, 1.0);
    EXPECT_NEAR(contact->normal.x, 0.6, kEps);
    EXPECT_NEAR(contact->normal.y, 0.8, kEps);
    EXPECT_EQ(contact->point, (Vec2{0.0, 0.0}));
}

TEST(DiskPointContact, DiskCenteredOnThePointIsPushedUpByItsRadius) {
    const auto contact = find_contact(Circle{{2.0, 2.0}, 0.75}, Vec2{2.0, 2.0});
    ASSERT_TRUE(contact);
    EXPECT_EQ(contact->normal, (Vec2{0.0, 1.0}));
    EXPECT_EQ(contact->depth, 0.75);
}

TEST(DiskPointContact, PointOutsideTheDiskHasNoContact) {
    EXPECT_FALSE(find_contact(Circle{{3.0, 4.0}, 4.9}, Vec2{0.0, 0.0}));
}

TEST(DiskDiskContact, OverlapIsTheSumOfRadiiMinusTheDistance) {
    // Centers 5 apart, radii 2 and 4: depth 1, normal (0.6, 0.8) from the obstacle toward the
    // disk, contact point on the obstacle's rim: 4 * (0.6, 0.8) = (2.4, 3.2).
    const auto contact = find_contact(Circle{{3.0, 4.0}, 2.0}, Circle{{0.0, 0.0}, 4.0});
    ASSERT_TRUE(contact);
    EXPECT_NEAR(contact->depth, 1.0, kEps);
    EXPECT_NEAR(contact->normal.x, 0.6, kEps);
    EXPECT_NEAR(contact->normal.y, 0.8, kEps);
    EXPECT_NEAR(contact->point.x, 2.4, kEps);
    EXPECT_NEAR(contact->point.y, 3.2, kEps);
}

TEST(DiskDiskContact, DisksTouchingRimToRimHaveDepthZero) {
    // Centers 5 apart, radii 2 and 3.
    const auto contact = find_contact(Circle{{0.0, 5.0}, 2.0}, Circle{{0.0, 0.0}, 3.0});
    ASSERT_TRUE(contact);
    EXPECT_EQ(contact->depth, 0.0);
    EXPECT_EQ(contact->point, (Vec2{0.0, 3.0}));
}

TEST(DiskDiskContact, ConcentricDisksArePushedUpByTheSumOfRadii) {
    const auto contact = find_contact(Circle{{1.0, 1.0}, 1.0}, Circle{{1.0, 1.0}, 2.0});
    ASSERT_TRUE(contact);
    EXPECT_EQ(contact->normal, (Vec2{0.0, 1.0}));
    EXPECT_EQ(contact->depth, 3.0);
    EXPECT_EQ(contact->point, (Vec2{1.0, 3.0}));
}

TEST(DiskDiskContact, SeparatedDisksHaveNoContact) {
    EXPECT_FALSE(find_contact(Circle{{0.0, 5.1}, 2.0}, Circle{{0.0, 0.0}, 3.0}));
}

} // namespace
