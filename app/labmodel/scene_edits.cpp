#include "scene_edits.hpp"

#include "chain_edits.hpp"

#include "ccd/shapes.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <numbers>

namespace ccdlab {
namespace {

bool name_taken(const ccd::Scene& scene, const std::string& name) {
    const auto named = [&](const auto& item) { return item.name == name; };
    return std::any_of(scene.bodies.begin(), scene.bodies.end(), named) ||
           std::any_of(scene.walls.begin(), scene.walls.end(), named) ||
           std::any_of(scene.polygons.begin(), scene.polygons.end(), named) ||
           std::any_of(scene.chains.begin(), scene.chains.end(), named);
}

std::size_t at(int index) {
    return static_cast<std::size_t>(index);
}

} // namespace

std::string unique_name(const ccd::Scene& scene, std::string_view stem) {
    for (int n = 1;; ++n) {
        std::string name = std::string(stem) + " " + std::to_string(n);
        if (!name_taken(scene, name)) return name;
    }
}

namespace {

SceneItem add_body(ccd::Scene& scene, std::string_view stem, ccd::BodyShape shape,
                   ccd::Circle circle, Vec2 velocity) {
    ccd::Body body;
    body.name = unique_name(scene, stem);
    body.shape = shape;
    body.circle = circle;
    body.velocity = velocity;
    scene.bodies.push_back(body);
    return {SceneItem::Kind::Body, static_cast<int>(scene.bodies.size()) - 1};
}

} // namespace

SceneItem add_circle(ccd::Scene& scene, Vec2 center, double radius, Vec2 velocity) {
    return add_body(scene, "circle", ccd::BodyShape::Circle, {center, std::max(0.0, radius)},
                    velocity);
}

SceneItem add_point(ccd::Scene& scene, Vec2 position, Vec2 velocity) {
    return add_body(scene, "point", ccd::BodyShape::Point, {position, 0.0}, velocity);
}

SceneItem add_segment(ccd::Scene& scene, Vec2 a, Vec2 b) {
    ccd::Wall wall;
    wall.name = unique_name(scene, "segment");
    wall.segment = {a, b};
    scene.walls.push_back(wall);
    return {SceneItem::Kind::Segment, static_cast<int>(scene.walls.size()) - 1};
}

SceneItem add_box(ccd::Scene& scene, Vec2 center, double half_side, Vec2 velocity) {
    const double h = std::max(0.0, half_side);
    ccd::PolygonBody box;
    box.name = unique_name(scene, "box");
    box.polygon.vertices = {center + Vec2{-h, -h}, center + Vec2{h, -h}, center + Vec2{h, h},
                            center + Vec2{-h, h}};
    box.velocity = velocity;
    scene.polygons.push_back(box);
    return {SceneItem::Kind::Polygon, static_cast<int>(scene.polygons.size()) - 1};
}

bool contains(const ccd::Scene& scene, SceneItem item) {
    std::size_t count = 0;
    switch (item.kind) {
    case SceneItem::Kind::Body:
        count = scene.bodies.size();
        break;
    case SceneItem::Kind::Segment:
        count = scene.walls.size();
        break;
    case SceneItem::Kind::Polygon:
        count = scene.polygons.size();
        break;
    case SceneItem::Kind::Chain:
        count = scene.chains.size();
        break;
    }
    return item.index >= 0 && at(item.index) < count;
}

const std::string& name_of(const ccd::Scene& scene, SceneItem item) {
    switch (item.kind) {
    case SceneItem::Kind::Body:
        return scene.bodies[at(item.index)].name;
    case SceneItem::Kind::Segment:
        return scene.walls[at(item.index)].name;
    case SceneItem::Kind::Chain:
        return scene.chains[at(item.index)].name;
    case SceneItem::Kind::Polygon:
        break;
    }
    return scene.polygons[at(item.index)].name;
}

bool remove_item(ccd::Scene& scene, SceneItem item) {
    if (!contains(scene, item)) return false;
    const std::string name = name_of(scene, item);
    switch (item.kind) {
    case SceneItem::Kind::Body:
        scene.bodies.erase(scene.bodies.begin() + item.index);
        break;
    case SceneItem::Kind::Segment:
        scene.walls.erase(scene.walls.begin() + item.index);
        break;
    case SceneItem::Kind::Polygon:
        scene.polygons.erase(scene.polygons.begin() + item.index);
        break;
    case SceneItem::Kind::Chain: // named in `expect` by its edges, "NAME edge k"
        scene.chains.erase(scene.chains.begin() + item.index);
        return forget_expect_of_chain(scene, name);
    }
    ccd::forget_engine_settings_of(scene, name);
    if (!scene.expect) return false;
    const auto names_it = [&](const ccd::ExpectedEvent& e) { return e.a == name || e.b == name; };
    if (std::none_of(scene.expect->events.begin(), scene.expect->events.end(), names_it))
        return false;
    scene.expect.reset();
    return true;
}

std::optional<int> world_body_index(const ccd::Scene& scene, SceneItem item) {
    switch (item.kind) {
    case SceneItem::Kind::Body:
        return item.index;
    case SceneItem::Kind::Polygon:
        return static_cast<int>(scene.bodies.size()) + item.index;
    case SceneItem::Kind::Segment:
    case SceneItem::Kind::Chain:
        break;
    }
    return std::nullopt;
}

Vec2 SpinArc::end() const {
    const double angle = start + sweep;
    return center + Vec2{std::cos(angle), std::sin(angle)} * radius;
}

SpinArc spin_arc(const ccd::PolygonBody& polygon) {
    const ccd::Polygon at_start = polygon.at_start();
    SpinArc arc;
    arc.center = polygon.centroid();
    double farthest = 0.0;
    for (const Vec2 v : at_start.vertices)
        farthest = std::max(farthest, ccd::length(v - arc.center));
    arc.radius = 1.25 * farthest;
    if (!at_start.vertices.empty()) {
        const Vec2 first = at_start.vertices.front() - arc.center;
        if (first != Vec2{}) arc.start = std::atan2(first.y, first.x);
    }
    arc.sweep = polygon.angular_velocity.value_or(0.0);
    return arc;
}

SpinArc spin_arc(const ccd::Wall& wall) {
    SpinArc arc;
    arc.center = wall.pivot.value_or(wall.segment.a);
    const Vec2 a = wall.segment.a - arc.center, b = wall.segment.b - arc.center;
    arc.radius = std::max(1.0, 1.25 * std::max(ccd::length(a), ccd::length(b)));
    const Vec2 from = a != Vec2{} ? a : b;
    if (from != Vec2{}) arc.start = std::atan2(from.y, from.x);
    arc.sweep = wall.angle;
    return arc;
}

namespace {

// The turn over one frame that ends an arc in the direction of `world`: the nearest such turn
// to the present one (`now`).
double turn_toward(const SpinArc& arc, Vec2 world, double now) {
    const Vec2 d = world - arc.center;
    if (d == Vec2{}) return now;
    const double direction = std::atan2(d.y, d.x) - arc.start;
    return now + std::remainder(direction - now, 2.0 * std::numbers::pi);
}

// A polygon's centroid handle: the vertex centroid of its outline at t = 0 (turned by its
// angle; moving it there moves the outline as much, which turns about a point moved along).
Vec2 polygon_center(const ccd::PolygonBody& polygon) {
    return ccd::vertex_centroid(polygon.at_start());
}

// The angular velocity that ends the spin arc in the direction of `world`: the turn nearest
// the present one with that end.
void move_spin(ccd::PolygonBody& polygon, Vec2 world) {
    const SpinArc arc = spin_arc(polygon);
    polygon.angular_velocity = turn_toward(arc, world, arc.sweep);
}

} // namespace

Vec2 handle_position(const ccd::Scene& scene, SceneHandle handle) {
    const std::size_t i = at(handle.item.index);
    if (handle.item.kind == SceneItem::Kind::Chain) return scene.chains[i].points[at(handle.point)];
    if (handle.item.kind == SceneItem::Kind::Polygon) {
        const ccd::PolygonBody& polygon = scene.polygons[i];
        if (handle.part == SceneHandle::Part::Spin) return spin_arc(polygon).end();
        const Vec2 centroid = polygon_center(polygon);
        return handle.part == SceneHandle::Part::Tip ? centroid + polygon.velocity : centroid;
    }
    switch (handle.part) {
    case SceneHandle::Part::Center:
        return scene.bodies[i].circle.center;
    case SceneHandle::Part::Tip:
        return scene.bodies[i].circle.center + scene.bodies[i].velocity;
    case SceneHandle::Part::EndA:
        return scene.walls[i].segment.a;
    case SceneHandle::Part::EndB:
        return scene.walls[i].segment.b;
    case SceneHandle::Part::Spin: // a turning segment's (a polygon's above)
        return spin_arc(scene.walls[i]).end();
    case SceneHandle::Part::Pivot:
        return scene.walls[i].pivot.value_or(scene.walls[i].segment.a);
    case SceneHandle::Part::Vertex: // a chain's (above)
        break;
    }
    return {};
}

void move_handle(ccd::Scene& scene, SceneHandle handle, Vec2 world) {
    const std::size_t i = at(handle.item.index);
    if (handle.item.kind == SceneItem::Kind::Chain) {
        scene.chains[i].points[at(handle.point)] = world;
        return;
    }
    if (handle.item.kind == SceneItem::Kind::Polygon) {
        ccd::PolygonBody& polygon = scene.polygons[i];
        if (handle.part == SceneHandle::Part::Spin) return move_spin(polygon, world);
        const Vec2 centroid = polygon_center(polygon);
        if (handle.part == SceneHandle::Part::Tip)
            polygon.velocity = world - centroid;
        else
            polygon.polygon = ccd::translated(polygon.polygon, world - centroid);
        return;
    }
    switch (handle.part) {
    case SceneHandle::Part::Center:
        scene.bodies[i].circle.center = world;
        break;
    case SceneHandle::Part::Tip:
        scene.bodies[i].velocity = world - scene.bodies[i].circle.center;
        break;
    case SceneHandle::Part::EndA:
        scene.walls[i].segment.a = world;
        break;
    case SceneHandle::Part::EndB:
        scene.walls[i].segment.b = world;
        break;
    case SceneHandle::Part::Spin: // the turn over a frame, about the pivot
        scene.walls[i].angle = turn_toward(spin_arc(scene.walls[i]), world, scene.walls[i].angle);
        break;
    case SceneHandle::Part::Pivot: // the point it turns about; the segment stays
        scene.walls[i].pivot = world;
        break;
    case SceneHandle::Part::Vertex: // a chain's (above)
        break;
    }
}

std::vector<SceneHandle> joined_ends(const ccd::Scene& scene, SceneHandle handle) {
    std::vector<SceneHandle> joined;
    if (handle.item.kind != SceneItem::Kind::Segment) return joined;
    const Vec2 corner = handle_position(scene, handle);
    for (int i = 0; i < static_cast<int>(scene.walls.size()); ++i)
        for (const auto part : {SceneHandle::Part::EndA, SceneHandle::Part::EndB}) {
            const SceneHandle end{{SceneItem::Kind::Segment, i}, part};
            if (end != handle && handle_position(scene, end) == corner) joined.push_back(end);
        }
    return joined;
}

std::optional<SceneHandle> pick_handle(const ccd::Scene& scene, Vec2 screen, const Camera& camera,
                                       double radius_px) {
    std::optional<SceneHandle> best;
    double best_distance2 = radius_px * radius_px;
    const auto consider = [&](SceneHandle handle) {
        const double d2 =
            ccd::length_squared(camera.to_screen(handle_position(scene, handle)) - screen);
        if (d2 < best_distance2 || (!best && d2 <= best_distance2)) {
            best = handle;
            best_distance2 = d2;
        }
    };
    for (int i = 0; i < static_cast<int>(scene.bodies.size()); ++i) {
        consider({{SceneItem::Kind::Body, i}, SceneHandle::Part::Center});
        if (!scene.bodies[static_cast<std::size_t>(i)].is_static) // a static body has no motion
            consider({{SceneItem::Kind::Body, i}, SceneHandle::Part::Tip});
    }
    for (int i = 0; i < static_cast<int>(scene.walls.size()); ++i) {
        consider({{SceneItem::Kind::Segment, i}, SceneHandle::Part::EndA});
        consider({{SceneItem::Kind::Segment, i}, SceneHandle::Part::EndB});
        if (scene.walls[static_cast<std::size_t>(i)].pivot) {
            consider({{SceneItem::Kind::Segment, i}, SceneHandle::Part::Pivot});
            consider({{SceneItem::Kind::Segment, i}, SceneHandle::Part::Spin});
        }
    }
    for (int i = 0; i < static_cast<int>(scene.polygons.size()); ++i) {
        consider({{SceneItem::Kind::Polygon, i}, SceneHandle::Part::Center});
        if (!scene.polygons[static_cast<std::size_t>(i)].is_static)
            consider({{SceneItem::Kind::Polygon, i}, SceneHandle::Part::Tip});
        if (scene.polygons[static_cast<std::size_t>(i)].free_rotation())
            consider({{SceneItem::Kind::Polygon, i}, SceneHandle::Part::Spin});
    }
    for (int i = 0; i < static_cast<int>(scene.chains.size()); ++i)
        for (int k = 0; k < static_cast<int>(scene.chains[at(i)].points.size()); ++k)
            consider({{SceneItem::Kind::Chain, i}, SceneHandle::Part::Vertex, k});
    return best;
}

namespace {

// How far `screen` is from the line from a to b (world) on screen, in pixels.
double screen_distance(Vec2 screen, Vec2 a_world, Vec2 b_world, const Camera& camera) {
    const Vec2 a = camera.to_screen(a_world), b = camera.to_screen(b_world);
    const Vec2 ab = b - a;
    const double length2 = ccd::length_squared(ab);
    const double u = length2 > 0.0 ? std::clamp(ccd::dot(screen - a, ab) / length2, 0.0, 1.0) : 0.0;
    return ccd::length(a + ab * u - screen);
}

// Keeps `item` when its line is nearer than the best so far (within the radius to begin with).
struct NearestLine {
    std::optional<SceneItem> best;
    double best_distance;
    void consider(SceneItem item, double distance) {
        if (distance <= best_distance && (!best || distance < best_distance)) {
            best = item;
            best_distance = distance;
        }
    }
};

} // namespace

std::optional<SceneItem> pick_segment(const ccd::Scene& scene, Vec2 screen, const Camera& camera,
                                      double radius_px) {
    NearestLine nearest{std::nullopt, radius_px};
    for (int i = 0; i < static_cast<int>(scene.walls.size()); ++i) {
        const ccd::Segment& s = scene.walls[at(i)].segment;
        nearest.consider({SceneItem::Kind::Segment, i}, screen_distance(screen, s.a, s.b, camera));
    }
    return nearest.best;
}

std::optional<SceneItem> pick_chain(const ccd::Scene& scene, Vec2 screen, const Camera& camera,
                                    double radius_px) {
    NearestLine nearest{std::nullopt, radius_px};
    for (int i = 0; i < static_cast<int>(scene.chains.size()); ++i) {
        const std::vector<Vec2>& points = scene.chains[at(i)].points;
        const std::size_t n = points.size();
        const std::size_t edges = scene.chains[at(i)].loop ? n : (n > 0 ? n - 1 : 0);
        for (std::size_t k = 0; k < edges; ++k)
            nearest.consider({SceneItem::Kind::Chain, i},
                             screen_distance(screen, points[k], points[(k + 1) % n], camera));
    }
    return nearest.best;
}

namespace {

// The shortest text that reads back as `x` (as ccdlab-cli's JSON prints numbers), never "-0".
std::string shortest(double x) {
    char text[32];
    const auto result = std::to_chars(text, text + sizeof text, x + 0.0);
    return std::string(text, result.ptr);
}

} // namespace

std::string turning_text(const ccd::Wall& wall) {
    if (!wall.pivot) return {};
    char degrees[32];
    std::snprintf(degrees, sizeof degrees, "%.6g", wall.angle * 180.0 / std::numbers::pi + 0.0);
    return "turns about (" + shortest(wall.pivot->x) + ", " + shortest(wall.pivot->y) + ") by " +
           shortest(wall.angle) + " rad a frame (" + degrees + " degrees)" +
           (wall.angle > 0.0   ? ", counter-clockwise"
            : wall.angle < 0.0 ? ", clockwise"
                               : ": still (the angle 0)");
}

} // namespace ccdlab
