#include "lab_scene.hpp"

#include <algorithm>
#include <type_traits>

namespace ccdlab {
namespace {

ccd::Body edited_body(ccd::Body body, const ccd::Circle& circle, ccd::Vec2 velocity) {
    body.circle = circle;
    body.velocity = velocity;
    if (body.shape == ccd::BodyShape::Point && circle.radius != 0.0)
        body.shape = ccd::BodyShape::Circle;
    return body;
}

// A segment's ends and their motion, or, when it turns in the lab, its pivot and turn.
void write_segment(ccd::Wall& wall, const LabSide& side) {
    wall.segment = side.segment();
    if (side.turns()) {
        wall.pivot = side.pivot();
        wall.angle = side.angle();
        return;
    }
    const ccd::EndMotion ends = side.swept.end_motion();
    wall.displacement_a = ends.displacement_a;
    wall.displacement_b = ends.displacement_b;
}

// A polygon's outline and velocity, and, when it turns in the lab, its angular velocity (its
// orientation at t = 0 is not edited in the lab and stays).
void write_polygon(ccd::PolygonBody& body, const LabSide& side) {
    body.polygon = side.polygon(); // where it is
    body.position = {};
    body.velocity = side.swept.displacement();
    if (side.turns()) body.angular_velocity = side.angle();
}

// Writes `side` over the scene's item of its shape at `index`.
void write_side(ccd::Scene& scene, const LabSide& side, std::size_t index) {
    switch (side.swept.shape_kind()) {
    case ccd::ShapeKind::Segment:
        return write_segment(scene.walls[index], side);
    case ccd::ShapeKind::Polygon:
        return write_polygon(scene.polygons[index], side);
    case ccd::ShapeKind::Point:
    case ccd::ShapeKind::Circle:
        break;
    }
    scene.bodies[index] =
        edited_body(scene.bodies[index], side.circle(), side.swept.displacement());
}

// The gravity_scale of the scene's item a side is (the body or polygon at `index`), or null for
// what gravity does not pull: a segment, a static item.
double* gravity_scale_of(ccd::Scene& scene, const LabSide& side, std::size_t index) {
    if (!can_accelerate(side)) return nullptr;
    if (side.swept.shape_kind() == ccd::ShapeKind::Polygon) {
        ccd::PolygonBody& polygon = scene.polygons[index];
        return polygon.is_static ? nullptr : &polygon.gravity_scale;
    }
    ccd::Body& body = scene.bodies[index];
    return body.is_static ? nullptr : &body.gravity_scale;
}

// Every moving item's gravity_scale made to keep its acceleration (gravity x scale) under the
// gravity `to`: its share along `to` (all of it when the two are parallel, as they are when it
// had none).
void rescale_for_gravity(ccd::Scene& scene, ccd::Vec2 to) {
    const ccd::Vec2 from = scene.gravity;
    const auto rescale = [&](auto& item) {
        if (item.is_static) return;
        item.gravity_scale = ccd::dot(from * item.gravity_scale, to) / ccd::dot(to, to);
    };
    for (ccd::Body& body : scene.bodies)
        rescale(body);
    for (ccd::PolygonBody& polygon : scene.polygons)
        rescale(polygon);
    scene.gravity = to;
}

// A side's acceleration written as the scene has it, one gravity and each item's gravity_scale:
// unchanged, both stay; along the gravity, the scale becomes its share; across it (or with no
// gravity), the gravity becomes the acceleration over the item's scale (a scale of 0 becomes 1)
// and every other moving item's scale is made to keep its own acceleration.
void write_acceleration(ccd::Scene& scene, const LabSide& side, std::size_t index) {
    double* scale = gravity_scale_of(scene, side, index);
    const ccd::Vec2 a = side.swept.acceleration, g = scene.gravity;
    if (!scale || g * *scale == a) return;
    if (g != ccd::Vec2{} && ccd::cross(a, g) == 0.0) {
        *scale = ccd::dot(a, g) / ccd::dot(g, g);
        return;
    }
    if (*scale == 0.0) *scale = 1.0;
    const double kept = *scale;
    rescale_for_gravity(scene, a * (1.0 / kept));
    *scale = kept;
}

// Writes the lab's pair into `scene`, whose pair items are at the front of their lists, where
// QueryLab::from_scene took them: the mover is the first item of its shape, the obstacle the
// next one of its own (the first segment, the polygon after the mover's, or the second body).
// The accelerations go last, the mover's after the obstacle's: a scene has one gravity, and when
// the two sides accelerate along different lines the mover's is kept and the obstacle's along it.
void write_pair(ccd::Scene& scene, const QueryLab& lab) {
    const PairItems items = pair_items(lab.kind());
    if (scene.bodies.size() < items.bodies || scene.walls.size() < items.segments ||
        scene.polygons.size() < items.polygons)
        return;
    const std::size_t obstacle = items.bodies == 2 || items.polygons == 2 ? 1 : 0;
    write_side(scene, lab.mover(), 0);
    write_side(scene, lab.obstacle(), obstacle);
    write_acceleration(scene, lab.obstacle(), obstacle);
    write_acceleration(scene, lab.mover(), 0);
}

} // namespace

ccd::Scene scene_with_lab(const ccd::Scene& original, const QueryLab& lab) {
    ccd::Scene scene = original;
    write_pair(scene, lab);
    return scene;
}

ccd::Scene lab_case(const ccd::Scene& original, const QueryLab& lab) {
    ccd::Scene scene;
    scene.title = original.title;
    scene.description = original.description;
    scene.view = original.view;
    scene.algorithm = original.algorithm;
    scene.gravity = original.gravity;
    const auto first = [](const auto& items, std::size_t n) {
        return std::decay_t<decltype(items)>(items.begin(),
                                             items.begin() + std::min(n, items.size()));
    };
    const PairItems items = pair_items(lab.kind());
    scene.bodies = first(original.bodies, items.bodies);
    scene.walls = first(original.walls, items.segments);
    scene.polygons = first(original.polygons, items.polygons);
    write_pair(scene, lab);
    return scene;
}

} // namespace ccdlab
