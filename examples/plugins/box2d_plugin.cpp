// box2d_plugin: Box2D 2.4.1's b2TimeOfImpact as an engine plugin (docs/engines.md). The sides
// arrive through the C ABI and are built into Box2D's shapes and sweeps by the same code as the
// built-in algorithm "box2d" (core/peers, compiled into this library), so that its answers are
// the built-in row's bit for bit: what the ABI carries loses nothing.
#include "ccd/box2d_toi.hpp"
#include "ccd/engine_plugin.h"

#include <cstdio>
#include <exception>
#include <optional>
#include <string>
#include <vector>

namespace {

ccd::Vec2 vec(ccd_vec2 v) {
    return {v.x, v.y};
}

ccd::Shape shape_of(const ccd_side& side) {
    switch (side.shape) {
    case CCD_SHAPE_POINT:
        return ccd::Point{vec(side.position)};
    case CCD_SHAPE_CIRCLE:
        return ccd::Circle{vec(side.position), side.radius};
    case CCD_SHAPE_SEGMENT:
        return ccd::Segment{vec(side.a), vec(side.b)};
    default:
        break;
    }
    ccd::Polygon polygon;
    for (int k = 0; k < side.vertex_count; ++k)
        polygon.vertices.push_back(vec(side.vertices[k]));
    return polygon;
}

ccd::Motion motion_of(const ccd_side& side) {
    switch (side.motion) {
    case CCD_MOTION_TRANSLATION:
        return ccd::Translation{vec(side.displacement)};
    case CCD_MOTION_END_MOTION:
        return ccd::EndMotion{vec(side.displacement_a), vec(side.displacement_b)};
    case CCD_MOTION_TURNING:
        return ccd::Turning{vec(side.pivot), vec(side.displacement), side.angle};
    default:
        return ccd::Still{};
    }
}

void set_note(ccd_result& result, const std::string& note) {
    std::snprintf(result.note, sizeof result.note, "%s", note.c_str());
}

void answer(const ccd_side& mover_side, const ccd_side& obstacle_side, ccd_result& result) {
    const ccd::Swept mover{shape_of(mover_side), motion_of(mover_side)};
    const ccd::Swept obstacle{shape_of(obstacle_side), motion_of(obstacle_side)};
    if (const auto why = ccd::box2d::inexpressible(mover, obstacle)) {
        result.status = CCD_FAILED;
        set_note(result, *why);
        return;
    }
    ccd::Trace trace;
    const std::optional<ccd::Hit> hit = ccd::box2d::time_of_impact(mover, obstacle, &trace);
    result.iterations = trace.iterative ? trace.iterative->iterations : 0;
    if (trace.iterative) set_note(result, trace.iterative->explanation);
    if (!hit) return; // a miss
    result.status = hit->overlap ? CCD_OVERLAPPING : CCD_HIT;
    result.t = hit->t;
    result.point = {hit->point.x, hit->point.y};
    result.normal = {hit->normal.x, hit->normal.y};
    result.feature = static_cast<int>(hit->feature);
    result.mover_vertex = hit->mover_vertex;
    result.mover_edge = hit->mover_edge;
    result.obstacle_vertex = hit->obstacle_vertex;
    result.obstacle_edge = hit->obstacle_edge;
}

void time_of_impact(const ccd_side* mover, const ccd_side* obstacle, ccd_result* result) {
    try { // no exception crosses the ABI
        answer(*mover, *obstacle, *result);
    } catch (const std::exception& e) {
        result->status = CCD_FAILED;
        set_note(*result, e.what());
    } catch (...) {
        result->status = CCD_FAILED;
        set_note(*result, "an unknown exception");
    }
}

constexpr ccd_side_kind kMovingCircle{CCD_SHAPE_CIRCLE, CCD_MOTION_TRANSLATION};
constexpr ccd_side_kind kMovingPoint{CCD_SHAPE_POINT, CCD_MOTION_TRANSLATION};
constexpr ccd_side_kind kMovingPolygon{CCD_SHAPE_POLYGON, CCD_MOTION_TRANSLATION};
constexpr ccd_side_kind kStillPoint{CCD_SHAPE_POINT, CCD_MOTION_STILL};
constexpr ccd_side_kind kStillSegment{CCD_SHAPE_SEGMENT, CCD_MOTION_STILL};
constexpr ccd_side_kind kMovingSegment{CCD_SHAPE_SEGMENT, CCD_MOTION_TRANSLATION};
constexpr ccd_side_kind kMovingEndsSegment{CCD_SHAPE_SEGMENT, CCD_MOTION_END_MOTION};
constexpr ccd_side_kind kTurningSegment{CCD_SHAPE_SEGMENT, CCD_MOTION_TURNING};
constexpr ccd_side_kind kTurningPolygon{CCD_SHAPE_POLYGON, CCD_MOTION_TURNING};

// Every pair the built-in "box2d" answers.
constexpr ccd_pair_kind kPairs[] = {
    {kMovingCircle, kStillPoint},          {kMovingCircle, kMovingCircle},
    {kMovingCircle, kStillSegment},        {kMovingPoint, kStillSegment},
    {kMovingPoint, kMovingEndsSegment},    {kMovingCircle, kMovingEndsSegment},
    {kMovingPolygon, kMovingPolygon},      {kMovingCircle, kMovingPolygon},
    {kMovingPolygon, kMovingEndsSegment},  {kMovingPoint, kTurningSegment},
    {kMovingCircle, kTurningSegment},      {kMovingCircle, kTurningPolygon},
    {kTurningPolygon, kMovingEndsSegment}, {kTurningPolygon, kTurningPolygon},
    {kTurningPolygon, kTurningSegment},    {kMovingSegment, kMovingSegment},
};

constexpr ccd_engine_plugin kPlugin{
    CCD_ENGINE_ABI_VERSION,
    "box2d-plugin",
    "2.4.1",
    "Box2D 2.4.1's b2TimeOfImpact through the engine plugin ABI (examples/plugins)",
    kPairs,
    static_cast<int>(sizeof kPairs / sizeof kPairs[0]),
    time_of_impact,
};

} // namespace

extern "C" CCD_ENGINE_EXPORT const ccd_engine_plugin* ccd_engine_plugin_v1(void) {
    return &kPlugin;
}
