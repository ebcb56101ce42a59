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
    body.polygon = side.polygon();
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

// Writes the lab's pair into `scene`, whose pair items are at the front of their lists, where
// QueryLab::from_scene took them: the mover is the first item of its shape, the obstacle the
// next one of its own (the first segment, the polygon after the mover's, or the second body).
void write_pair(ccd::Scene& scene, const QueryLab& lab) {
    const PairItems items = pair_items(lab.kind());
    if (scene.bodies.size() < items.bodies || scene.walls.size() < items.segments ||
        scene.polygons.size() < items.polygons)
        return;
    const bool same_items = items.bodies == 2 || items.polygons == 2;
    write_side(scene, lab.mover(), 0);
    write_side(scene, lab.obstacle(), same_items ? 1 : 0);
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
