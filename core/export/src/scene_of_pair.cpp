// One query's pair as a scene of two items, so that its link opens it in ccdlab (docs/links.md).
#include "ccd/test_export.hpp"

#include <cmath>
#include <variant>

namespace ccd {
namespace {

struct Items {
    Scene scene;
    std::string why; // set when a side is no item of a scene
};

void add_body(Items& items, const Swept& side, const Vec2& at, double radius, bool point,
              const std::string& name) {
    if (side.motion_kind() == MotionKind::Turning || side.motion_kind() == MotionKind::EndMotion) {
        items.why = "a " + std::string(point ? "point" : "circle") +
                    " of a scene moves in a straight line (this one turns)";
        return;
    }
    Body body{name, point ? BodyShape::Point : BodyShape::Circle, Circle{at, radius},
              side.displacement()};
    body.is_static = side.motion_kind() == MotionKind::Still;
    items.scene.bodies.push_back(body);
}

void add_wall(Items& items, const Swept& side, const Segment& segment, const std::string& name) {
    Wall wall{name, segment};
    if (const auto* turning = std::get_if<Turning>(&side.motion)) {
        if (turning->displacement != Vec2{}) {
            items.why = "a scene's turning segment turns about a fixed pivot (this one's moves)";
            return;
        }
        wall.pivot = turning->pivot;
        wall.angle = turning->angle;
    } else {
        const EndMotion ends = side.end_motion();
        wall.displacement_a = ends.displacement_a;
        wall.displacement_b = ends.displacement_b;
    }
    items.scene.walls.push_back(wall);
}

void add_polygon(Items& items, const Swept& side, const Polygon& polygon, const std::string& name) {
    PolygonBody body{name, polygon, side.displacement()};
    if (const auto* turning = std::get_if<Turning>(&side.motion)) {
        if (turning->pivot != body.centroid()) {
            items.why = "a scene's polygon turns about its area centroid (this one about " +
                        std::string("another pivot)");
            return;
        }
        body.angular_velocity = turning->angle;
    }
    if (side.motion_kind() == MotionKind::EndMotion) {
        items.why = "a polygon moves rigidly";
        return;
    }
    body.is_static = side.motion_kind() == MotionKind::Still;
    items.scene.polygons.push_back(body);
}

void add_item(Items& items, const Swept& side, const std::string& name) {
    if (const auto* p = std::get_if<Point>(&side.shape))
        add_body(items, side, p->position, 0.0, true, name);
    else if (const auto* c = std::get_if<Circle>(&side.shape))
        add_body(items, side, c->center, c->radius, false, name);
    else if (const auto* s = std::get_if<Segment>(&side.shape))
        add_wall(items, side, *s, name);
    else
        add_polygon(items, side, std::get<Polygon>(side.shape), name);
}

} // namespace

std::optional<Scene> scene_of_pair(const Swept& mover, const Swept& obstacle, std::string* why) {
    if (mover.shape_kind() == ShapeKind::Segment && obstacle.shape_kind() == ShapeKind::Segment) {
        if (why) *why = "two segments are two walls, which never meet in a scene";
        return std::nullopt;
    }
    Items items;
    items.scene.title = "exported case";
    items.scene.description = "A time-of-impact query exported from ccdlab.";
    add_item(items, mover, "mover");
    if (items.why.empty()) add_item(items, obstacle, "obstacle");
    if (!items.why.empty()) {
        if (why) *why = items.why;
        return std::nullopt;
    }
    items.scene.view = framing_view(items.scene);
    return items.scene;
}

std::optional<TestFramework> test_framework_named(std::string_view name) {
    if (name == "gtest") return TestFramework::GoogleTest;
    if (name == "catch2") return TestFramework::Catch2;
    if (name == "doctest") return TestFramework::Doctest;
    return std::nullopt;
}

std::optional<TestTarget> test_target_named(std::string_view name) {
    if (name == "certified") return TestTarget::Certified;
    if (name == "engine") return TestTarget::Engine;
    return std::nullopt;
}

} // namespace ccd
