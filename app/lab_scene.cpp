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

// Writes the lab's pair into `scene`, whose pair items are at the front of their lists.
void write_pair(ccd::Scene& scene, const QueryLab& lab) {
    switch (lab.kind()) {
    case PairKind::CircleSegment:
    case PairKind::CircleMovingSegment:
        if (scene.bodies.empty() || scene.walls.empty()) return;
        scene.bodies[0] = edited_body(scene.bodies[0], lab.mover(), lab.displacement());
        scene.walls[0].segment = lab.obstacle();
        scene.walls[0].displacement_a = lab.moving_obstacle().displacement_a;
        scene.walls[0].displacement_b = lab.moving_obstacle().displacement_b;
        return;
    case PairKind::CircleCircle:
        if (scene.bodies.size() < 2) return;
        scene.bodies[0] = edited_body(scene.bodies[0], lab.mover(), lab.displacement());
        scene.bodies[1] =
            edited_body(scene.bodies[1], lab.obstacle_circle(), lab.obstacle_displacement());
        return;
    case PairKind::PolygonPolygon:
        if (scene.polygons.size() < 2) return;
        scene.polygons[0].polygon = lab.mover_polygon();
        scene.polygons[0].velocity = lab.displacement();
        scene.polygons[1].polygon = lab.obstacle_polygon();
        scene.polygons[1].velocity = lab.obstacle_displacement();
        return;
    }
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
    switch (lab.kind()) {
    case PairKind::CircleSegment:
    case PairKind::CircleMovingSegment:
        scene.bodies = first(original.bodies, 1);
        scene.walls = first(original.walls, 1);
        break;
    case PairKind::CircleCircle:
        scene.bodies = first(original.bodies, 2);
        break;
    case PairKind::PolygonPolygon:
        scene.polygons = first(original.polygons, 2);
        break;
    }
    write_pair(scene, lab);
    return scene;
}

} // namespace ccdlab
