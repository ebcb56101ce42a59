// ccd::mass_properties: area, centroid and moment of inertia about it per unit mass, each
// expected value worked by hand from the textbook formulas (a rectangle's m (w^2 + h^2) / 12, a
// triangle's m (a^2 + b^2 + c^2) / 36 over its sides, an L by composition and parallel axes).
#include "ccd/mass_properties.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace {

using ccd::Polygon;
using ccd::Vec2;

TEST(MassProperties, ARectangleFarFromTheOriginEitherWinding) {
    // 2 x 1 about (10, 20.5): area 2, I / m = (2^2 + 1^2) / 12 = 5 / 12.
    const Polygon ccw{{{9.0, 20.0}, {11.0, 20.0}, {11.0, 21.0}, {9.0, 21.0}}};
    Polygon cw = ccw;
    std::reverse(cw.vertices.begin(), cw.vertices.end());
    for (const Polygon& p : {ccw, cw}) {
        const ccd::MassProperties m = ccd::mass_properties(p);
        EXPECT_DOUBLE_EQ(m.area, 2.0);
        EXPECT_DOUBLE_EQ(m.centroid.x, 10.0);
        EXPECT_DOUBLE_EQ(m.centroid.y, 20.5);
        EXPECT_NEAR(m.inertia_per_mass, 5.0 / 12.0, 1e-13);
    }
}

TEST(MassProperties, ARightTriangle) {
    // Legs 3 and 3: area 4.5, centroid (1, 1); sides 3, 3 and 3 sqrt 2, so I / m =
    // (9 + 9 + 18) / 36 = 1.
    const ccd::MassProperties m =
        ccd::mass_properties(Polygon{{{0.0, 0.0}, {3.0, 0.0}, {0.0, 3.0}}});
    EXPECT_DOUBLE_EQ(m.area, 4.5);
    EXPECT_DOUBLE_EQ(m.centroid.x, 1.0);
    EXPECT_DOUBLE_EQ(m.centroid.y, 1.0);
    EXPECT_NEAR(m.inertia_per_mass, 1.0, 1e-14);
}

TEST(MassProperties, AnLShapeByComposition) {
    // A 2 x 1 foot (area 2, centroid (1, 0.5)) and a 1 x 2 upright (area 2, centroid (0.5, 2)):
    // centroid (0.75, 1.25). Each part's own moment 2 (4 + 1) / 12 = 5 / 6 and each is
    // 0.25^2 + 0.75^2 = 0.625 from the centroid: I = 2 (5 / 6 + 2 x 0.625) = 25 / 6, over the
    // mass 4: 25 / 24.
    const ccd::MassProperties m = ccd::mass_properties(
        Polygon{{{0.0, 0.0}, {2.0, 0.0}, {2.0, 1.0}, {1.0, 1.0}, {1.0, 3.0}, {0.0, 3.0}}});
    EXPECT_DOUBLE_EQ(m.area, 4.0);
    EXPECT_DOUBLE_EQ(m.centroid.x, 0.75);
    EXPECT_DOUBLE_EQ(m.centroid.y, 1.25);
    EXPECT_NEAR(m.inertia_per_mass, 25.0 / 24.0, 1e-14);
}

TEST(MassProperties, NoAreaNoMoment) {
    const ccd::MassProperties m =
        ccd::mass_properties(Polygon{{{0.0, 0.0}, {1.0, 1.0}, {2.0, 2.0}}});
    EXPECT_EQ(m.area, 0.0);
    EXPECT_EQ(m.inertia_per_mass, 0.0);
    EXPECT_EQ(m.centroid, (Vec2{1.0, 1.0}));
}

} // namespace
