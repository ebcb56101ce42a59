#include "ccd/frame_range_export.hpp"

#include "ccd/fixture.hpp"
#include "ccd/scene_loader.hpp"
#include "ccd/scene_world.hpp"
#include "ccd/world_keyframe.hpp"

#include <cmath>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>

namespace ccd {
namespace {

// A coordinate the run brought below the World's smallest magnitude (a difference of nearly
// equal numbers, 1e-70) as 0: a World takes nothing between (ccd/world.hpp, kWorldSmallest).
double in_scale(double x) {
    return std::fabs(x) < kWorldSmallest ? 0.0 : x;
}
Vec2 in_scale(Vec2 v) {
    return {in_scale(v.x), in_scale(v.y)};
}

// The side memory the World carries across the frame boundary for body `index` (its keyframe
// keeps those a later frame can still read), by the run's names; none when it has none, or when
// the body it names was removed by then (it is left out of the scene, and never touched again).
std::optional<LastContact> last_contact_of(const WorldKeyframe& keyframe, int index,
                                           const Scene& scene, const World& world) {
    for (const WorldKeyframe::SideMemory& memory : keyframe.memories) {
        if (memory.body != index) continue;
        const bool segment = memory.kind == 1 + static_cast<int>(OtherKind::Wall);
        const auto other = static_cast<std::size_t>(memory.other);
        if (!segment && !world.body(memory.other).alive) return std::nullopt;
        const std::string& name = segment ? scene.walls[other].name
                                  : other < scene.bodies.size()
                                      ? scene.bodies[other].name
                                      : scene.polygons[other - scene.bodies.size()].name;
        return LastContact{name, segment, memory.time, memory.normal};
    }
    return std::nullopt;
}

// Why a polygon's vertices as written are not the polygon the World holds (`held`, about its
// center), or nothing: a vertex rounds onto its neighbour, or a convex polygon rounds out of
// convex. (Held, not as the scene gave it: the World holds a sliver thinner than its smallest
// magnitude, 1e-60, flat, and writing it flat is writing what it holds.)
std::optional<std::string> unwritable(const Polygon& written, const Polygon& held) {
    const std::vector<Vec2>& v = written.vertices;
    for (std::size_t k = 0; k < v.size(); ++k)
        if (v[(k + 1) % v.size()] == v[k])
            return "vertex " + std::to_string((k + 1) % v.size()) + " rounds to vertex " +
                   std::to_string(k);
    if (is_convex(held) && !is_convex(written)) return "its vertices round out of convex";
    return std::nullopt;
}

// The polygon of World body `index` as a scene holds it: its vertices where it is, or about its
// center (`position`) where those round onto each other (a coordinate holds a polygon only down
// to about 2^-52 of its distance from the origin: a tiny crate struck far away) or one of them
// falls below the World's smallest magnitude, which is written as 0 (a crate 2.6e-60 across
// near the origin would be moved out of shape by up to 1e-60).
void place_written(PolygonBody& polygon, const World& world, int index, const WorldBody& now) {
    const auto [s, c] = sin_cos(now.angle);
    std::vector<Vec2> offsets;
    for (const Vec2 r : world.outline(index))
        offsets.push_back(now.angle == 0.0 ? r : Vec2{c * r.x - s * r.y, s * r.x + c * r.y});
    const Polygon held{offsets};
    polygon.position = {};
    polygon.polygon.vertices.clear();
    bool flushed = false;
    for (const Vec2 offset : offsets) {
        const Vec2 vertex = now.shape.center + offset;
        flushed |= in_scale(vertex) != vertex;
        polygon.polygon.vertices.push_back(in_scale(vertex));
    }
    if (!flushed && !unwritable(polygon.polygon, held)) return;
    polygon.position = in_scale(now.shape.center);
    polygon.polygon.vertices.clear();
    for (const Vec2 offset : offsets)
        polygon.polygon.vertices.push_back(in_scale(offset));
    // About its center only a polygon flatter than rounding at its own size is lost, which the
    // World does not make of one it was given whole; said, naming it, rather than written for
    // the loader to refuse.
    const std::optional<std::string> what = unwritable(polygon.polygon, held);
    if (!what) return;
    std::ostringstream out;
    out.precision(17);
    out << "polygon \"" << polygon.name << "\" at frame " << world.frames_completed()
        << " cannot be written as a scene: " << *what << " about its center (" << now.shape.center.x
        << ", " << now.shape.center.y << ")";
    throw SceneError(out.str());
}

} // namespace

Scene scene_at_frame(const Scene& scene, const World& world) {
    if (world.in_frame())
        throw std::invalid_argument("scene_at_frame: the World is within a frame");
    const std::size_t circles = scene.bodies.size();
    std::size_t chain_edges = 0; // a chain's edges are walls after the segments (static)
    for (const Chain& chain : scene.chains)
        chain_edges += chain.loop ? chain.points.size() : chain.points.size() - 1;
    if (static_cast<std::size_t>(world.body_count()) != circles + scene.polygons.size() ||
        static_cast<std::size_t>(world.wall_count()) != scene.walls.size() + chain_edges)
        throw std::invalid_argument("scene_at_frame: the World is not the scene's (" +
                                    std::to_string(world.body_count()) + " bodies and " +
                                    std::to_string(world.wall_count()) + " walls)");
    Scene out = scene;
    const std::string frame = std::to_string(world.frames_completed());
    out.title = scene.title.empty() ? "From frame " + frame : scene.title + ", from frame " + frame;
    out.expect.reset();
    out.bodies.clear();
    out.polygons.clear();
    const WorldKeyframe keyframe = world.keyframe();
    for (std::size_t i = 0; i < circles; ++i) {
        const WorldBody now = world.body(static_cast<int>(i));
        if (!now.alive) continue;
        Body body = scene.bodies[i];
        body.circle.center = in_scale(now.shape.center);
        body.velocity = in_scale(now.velocity);
        body.last_contact = last_contact_of(keyframe, static_cast<int>(i), scene, world);
        out.bodies.push_back(std::move(body));
    }
    for (std::size_t k = 0; k < scene.polygons.size(); ++k) {
        const int index = static_cast<int>(circles + k);
        const WorldBody now = world.body(index);
        if (!now.alive) continue;
        PolygonBody polygon = scene.polygons[k];
        // A turning polygon at its orientation now (its outline turned by it), with its angular
        // velocity now; the angle is then 0.
        place_written(polygon, world, index, now);
        polygon.angle = 0.0;
        if (polygon.angular_velocity) polygon.angular_velocity = now.angular_velocity;
        polygon.velocity = in_scale(now.velocity);
        polygon.last_contact = last_contact_of(keyframe, index, scene, world);
        out.polygons.push_back(std::move(polygon));
    }
    for (std::size_t w = 0; w < scene.walls.size(); ++w) {
        const Segment at = world.wall_motion(static_cast<int>(w)).start;
        out.walls[w].segment = {in_scale(at.a), in_scale(at.b)};
    }
    return out;
}

FrameRangeExport export_frame_range(const Scene& scene, const World& at_first_frame, int frames,
                                    ExpectTolerance tolerance) {
    if (frames < 1)
        throw std::invalid_argument("export_frame_range: frames must be at least 1, not " +
                                    std::to_string(frames));
    FrameRangeExport out{scene_at_frame(scene, at_first_frame), std::nullopt};
    // The scene's description tells its frame 0; the fixture starts later.
    const int first = at_first_frame.frames_completed();
    out.fixture.description =
        "Frames " + std::to_string(first) + " to " + std::to_string(first + frames - 1) + " of " +
        (scene.title.empty() ? std::string("a scene") : "\"" + scene.title + "\"") +
        ": its bodies as the World had them at the start of frame " + std::to_string(first) + ".";
    // The run's own names, as make_world lays them out.
    std::vector<std::string> body_names, wall_names;
    for (const Body& body : scene.bodies)
        body_names.push_back(body.name);
    for (const PolygonBody& polygon : scene.polygons)
        body_names.push_back(polygon.name);
    for (const Wall& wall : scene.walls)
        wall_names.push_back(wall.name);
    for (const Chain& chain : scene.chains)
        for (std::size_t k = 0; k < (chain.loop ? chain.points.size() : chain.points.size() - 1);
             ++k)
            wall_names.push_back(chain_edge_name(chain, k));
    Expectation expect{frames, tolerance, {}};
    World world = at_first_frame.snapshot();
    for (int frame = 0; frame < frames; ++frame) {
        while (const ContactEvent* e = world.next_event()) {
            const auto& others = e->other_kind == OtherKind::Wall ? wall_names : body_names;
            expect.events.push_back({frame, e->time, body_names[std::size_t(e->body)],
                                     others[std::size_t(e->other)], e->feature, e->point,
                                     e->normal});
        }
        world.step(); // the rest of the frame
    }
    out.fixture.expect = std::move(expect);
    out.replay_difference = first_difference(out.fixture);
    return out;
}

FrameRangeExport export_frame_range(const Scene& scene, int first_frame, int frames,
                                    ExpectTolerance tolerance) {
    if (first_frame < 0)
        throw std::invalid_argument("export_frame_range: the first frame must be 0 or more, not " +
                                    std::to_string(first_frame));
    SceneWorld run = make_world(scene);
    for (int frame = 0; frame < first_frame; ++frame)
        run.world.step();
    return export_frame_range(scene, run.world, frames, tolerance);
}

} // namespace ccd
