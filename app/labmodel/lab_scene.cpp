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

void write_segment(ccd::Wall& wall, const QueryLab& lab) {
    wall.segment = lab.obstacle();
    wall.displacement_a = lab.moving_obstacle().displacement_a;
    wall.displacement_b = lab.moving_obstacle().displacement_b;
    if (lab.obstacle_turns()) {
        wall.pivot = lab.state().obstacle_pivot;
        wall.angle = lab.obstacle_angle();
    }
}

// A polygon's outline and velocity, and, when it turns in the lab, its angular velocity (its
// orientation at t = 0 is not edited in the lab and stays).
void write_polygon(ccd::PolygonBody& body, const ccd::Polygon& polygon, ccd::Vec2 velocity,
                   bool turns, double angle) {
    body.polygon = polygon;
    body.velocity = velocity;
    if (turns) body.angular_velocity = angle;
}

// Writes the lab's pair into `scene`, whose pair items are at the front of their lists, where
// QueryLab::from_scene took them: the mover is the first polygon for a polygon pair, else the
// first body; the obstacle the first segment, the polygon after the mover's, or the second body.
void write_pair(ccd::Scene& scene, const QueryLab& lab) {
    const PairItems items = pair_items(lab.kind());
    if (scene.bodies.size() < items.bodies || scene.walls.size() < items.segments ||
        scene.polygons.size() < items.polygons)
        return;
    if (lab.mover_is_polygon())
        write_polygon(scene.polygons[0], lab.mover_polygon(), lab.displacement(), lab.mover_turns(),
                      lab.mover_angle());
    else
        scene.bodies[0] = edited_body(scene.bodies[0], lab.mover(), lab.displacement());
    if (lab.obstacle_is_segment())
        write_segment(scene.walls[0], lab);
    else if (lab.obstacle_is_polygon())
        write_polygon(scene.polygons[lab.mover_is_polygon() ? 1 : 0], lab.obstacle_polygon(),
                      lab.obstacle_displacement(), lab.obstacle_turns(), lab.obstacle_angle());
    else
        scene.bodies[1] =
            edited_body(scene.bodies[1], lab.obstacle_circle(), lab.obstacle_displacement());
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
