// The algorithm "box2d" and the pairs it answers, added to the core's pair registry: every
// registered pair whose sides are circles, points, segments and convex polygons that move
// rigidly (inexpressible() turns away the inputs Box2D cannot take: a segment whose ends move
// apart, more than 8 vertices, ...). One query serves them all: the sides are built from their
// shapes and motions, whatever the pair.
#include "ccd/box2d_toi.hpp"
#include "ccd/detail/swept_rescaling.hpp"
#include "ccd/pair_registry.hpp"

#include <box2d/b2_common.h>

#include <algorithm>
#include <array>
#include <cmath>

namespace ccd::box2d {
namespace {

// b2TimeOfImpact stops with the cores within 0.25 b2_linearSlop of its target
// max(b2_linearSlop, total radius - 3 b2_linearSlop), the total radius Box2D's (a circle's, and
// b2_polygonRadius for a segment or a polygon): so the shapes as given are at most
// 1.25 b2_linearSlop apart at its t, or overlap by at most 3.25 b2_linearSlop (two circles).
// Float's rounding adds 1e-6 x the largest coordinate, displacement or radius.
Slack slack(const Swept& mover, const Swept& obstacle) {
    double largest = 0.0;
    const auto note = [&largest](double v) { largest = std::max(largest, std::fabs(v)); };
    detail::for_each_length(mover, note);
    detail::for_each_length(obstacle, note);
    const double rounding = 1e-6 * largest;
    return {1.25 * b2_linearSlop + rounding, 3.25 * b2_linearSlop + rounding};
}

constexpr Algorithm kBox2D{
    "box2d", "Box2D 2.4.1's b2TimeOfImpact, in float: stops at a target separation (b2_linearSlop)",
    slack};

std::optional<Hit> query(const Swept& mover, const Swept& obstacle, Trace* trace) {
    return box2d::time_of_impact(mover, obstacle, trace);
}

std::optional<std::string> refusal(const Swept& mover, const Swept& obstacle) {
    return box2d::inexpressible(mover, obstacle);
}

constexpr std::array kRows{
    PairMethod{"circle_point", "box2d", query, refusal},
    PairMethod{"circle_circle", "box2d", query, refusal},
    PairMethod{"circle_segment", "box2d", query, refusal},
    PairMethod{"point_segment", "box2d", query, refusal},
    PairMethod{"point_moving_segment", "box2d", query, refusal},
    PairMethod{"circle_moving_segment", "box2d", query, refusal},
    PairMethod{"polygon_polygon", "box2d", query, refusal},
    PairMethod{"circle_polygon", "box2d", query, refusal},
    PairMethod{"polygon_moving_segment", "box2d", query, refusal},
    PairMethod{"segment_segment", "box2d", query, refusal},
    PairMethod{"point_rotating_segment", "box2d", query, refusal},
    PairMethod{"circle_rotating_segment", "box2d", query, refusal},
    PairMethod{"circle_rotating_polygon", "box2d", query, refusal},
    PairMethod{"rotating_polygon_segment", "box2d", query, refusal},
    PairMethod{"rotating_polygon_polygon", "box2d", query, refusal},
    PairMethod{"rotating_polygon_rotating_segment", "box2d", query, refusal},
};

} // namespace

bool register_algorithm() {
    return ccd::register_algorithm(kBox2D, kRows);
}

} // namespace ccd::box2d
