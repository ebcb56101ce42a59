// Tunnels in a run: the exact World, started from the run's state at each frame's start, says
// which pairs touch in that frame and where it leaves them; a pair that touches there while the
// run's body crossed the other and the World's did not, or a pair that ends a frame in the run
// overlapping deeper than the tolerance where the World's does not, is a tunnel.
#include "ccd/tunnel_detector.hpp"

#include "ccd/scene_world.hpp"

#include "run_geometry.hpp"
#include "tunnel_reasons.hpp"

#include <algorithm>
#include <iterator>
#include <optional>
#include <set>
#include <tuple>

namespace ccd {
namespace {

using engine::Placed;

// The scene as the run has it at the start of `frame`: each body where the run put it, moving
// as the run has it move; each wall where the World has it then.
Scene scene_at(const Scene& scene, const EngineRun& run, int frame) {
    Scene out;
    out.walls = scene.walls;
    out.chains = scene.chains; // static: the exact World's frame meets them as the run's does
    for (Wall& wall : out.walls) {
        const Wall original = wall;
        wall.segment = engine::wall_at(original, frame);
    }
    const auto& states = run.states[static_cast<std::size_t>(frame)];
    for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
        Body body = scene.bodies[i];
        body.circle.center = states[i].position;
        body.velocity = states[i].velocity;
        out.bodies.push_back(body);
    }
    for (std::size_t k = 0; k < scene.polygons.size(); ++k) {
        const std::size_t i = scene.bodies.size() + k;
        PolygonBody polygon = scene.polygons[k];
        polygon.polygon.vertices =
            engine::placed_body(scene, static_cast<int>(i), states[i]).vertices;
        polygon.position = {}; // the vertices placed are where it is
        polygon.angle = 0.0;
        polygon.velocity = states[i].velocity;
        if (polygon.angular_velocity) polygon.angular_velocity = states[i].angular_velocity;
        out.polygons.push_back(polygon);
    }
    return out;
}

using Pair = std::tuple<int, OtherKind, int>;

// The exact World's frame from the run's state at its start: the pairs it has touch, and where
// it leaves every body (none when the World does not take that state).
struct ExactFrame {
    std::set<Pair> touching;
    std::optional<std::vector<BodyState>> end;
};

ExactFrame exact_frame(const Scene& scene, const EngineRun& run, int frame) {
    ExactFrame exact;
    try {
        SceneWorld world =
            make_world(scene_at(scene, run, frame), WorldOptions{.log_level = LogLevel::Events});
        for (const ContactEvent& event : world.world.step().events) {
            exact.touching.insert({event.body, event.other_kind, event.other});
            if (event.other_kind == OtherKind::Body)
                exact.touching.insert({event.other, OtherKind::Body, event.body});
        }
        exact.end.emplace();
        for (int i = 0; i < world.world.body_count(); ++i) {
            const WorldBody body = world.world.body(i);
            exact.end->push_back(
                {body.shape.center, body.angle, body.velocity, body.angular_velocity});
        }
    } catch (const std::exception&) {
    }
    return exact;
}

// The frame's shapes at its start and end in the run, and at its end in the exact World's frame
// from the same start (`exact1`, empty when there is none). The walls are the World's: the
// scene's segments, then its chains' edges (`chains`: by wall, the edge with its ghost vertices,
// none for a segment).
struct FrameShapes {
    std::vector<Placed> bodies0, bodies1, exact1, walls0, walls1;
    std::vector<Segment> segments0, segments1;
    std::vector<std::optional<ChainEdge>> chains;
};

FrameShapes frame_shapes(const Scene& scene, const EngineRun& run, int frame,
                         const ExactFrame& exact) {
    FrameShapes f;
    if (exact.end)
        for (int i = 0; i < static_cast<int>(exact.end->size()); ++i)
            f.exact1.push_back(
                engine::placed_body(scene, i, (*exact.end)[static_cast<std::size_t>(i)]));
    for (int i = 0; i < static_cast<int>(run.body_names.size()); ++i) {
        const auto at = [&](int k) {
            return run.states[static_cast<std::size_t>(k)][static_cast<std::size_t>(i)];
        };
        f.bodies0.push_back(engine::placed_body(scene, i, at(frame)));
        f.bodies1.push_back(engine::placed_body(scene, i, at(frame + 1)));
    }
    for (const Wall& wall : scene.walls) {
        f.segments0.push_back(engine::wall_at(wall, frame));
        f.segments1.push_back(engine::wall_at(wall, frame + 1));
        f.walls0.push_back(engine::placed_wall(f.segments0.back()));
        f.walls1.push_back(engine::placed_wall(f.segments1.back()));
        f.chains.emplace_back();
    }
    for (const engine::SceneChainEdge& chain : engine::scene_chain_edges(scene)) {
        const Segment s{chain.edge.a, chain.edge.b};
        f.segments0.push_back(s);
        f.segments1.push_back(s);
        f.walls0.push_back(engine::placed_wall(s));
        f.walls1.push_back(engine::placed_wall(s));
        f.chains.push_back(chain.edge);
    }
    return f;
}

// Whether body b's path from the frame's start to `end` (the run's or the exact World's) crossed
// wall or body o.
bool crossed(const FrameShapes& f, const std::vector<Placed>& end, std::size_t b, std::size_t o,
             bool wall, Vec2& place) {
    if (wall)
        return engine::crossed_wall(f.bodies0[b].center, end[b].center, f.segments0[o],
                                    f.segments1[o], engine::reach(f.bodies0[b]), place);
    return engine::crossed_body(f.bodies0[b].center, end[b].center, f.bodies0[o].center,
                                end[o].center,
                                engine::reach(f.bodies0[b]) + engine::reach(f.bodies0[o]), place);
}

// The pair (body, other) in the frame, a tunnel or nothing: the run crossed it where the exact
// World has the pair touch and does not cross, or the run ends deeper in it than the tolerance
// where the exact World does not. A chain's edge is one-sided: a body whose center starts the
// frame behind it meets nothing there (ccd::chain_admits), so neither is a tunnel.
std::optional<Tunnel> pair_tunnel(const FrameShapes& f, int frame, int body, OtherKind kind,
                                  int other, bool touches, const TunnelOptions& options) {
    const auto b = static_cast<std::size_t>(body), o = static_cast<std::size_t>(other);
    const bool wall = kind == OtherKind::Wall;
    if (wall && f.chains[o] && engine::behind(*f.chains[o], f.bodies0[b].center))
        return std::nullopt;
    const bool exact = !f.exact1.empty();
    Tunnel t;
    t.frame = frame;
    t.body = body;
    t.other_kind = kind;
    t.other = other;
    Vec2 unused;
    t.crossed = touches && crossed(f, f.bodies1, b, o, wall, t.place) &&
                !(exact && crossed(f, f.exact1, b, o, wall, unused));
    const auto depth_at = [&](const std::vector<Placed>& bodies, const std::vector<Placed>& walls) {
        return engine::overlap_depth(bodies[b], wall ? walls[o] : bodies[o]);
    };
    t.depth = depth_at(f.bodies1, f.walls1);
    double thickness = engine::half_thickness(f.bodies0[b]);
    if (!wall) thickness = std::min(thickness, engine::half_thickness(f.bodies0[o]));
    const double tolerance = options.overlap_fraction * thickness;
    const bool deep = t.depth > tolerance && depth_at(f.bodies0, f.walls0) <= tolerance &&
                      !(exact && depth_at(f.exact1, f.walls1) > tolerance);
    if (!t.crossed && !deep) return std::nullopt;
    if (!t.crossed) t.place = f.bodies1[b].center;
    return t;
}

} // namespace

std::vector<Tunnel> find_tunnels_in_frame(const Scene& scene, const EngineRun& run, int frame,
                                          const TunnelOptions& options) {
    std::vector<Tunnel> tunnels;
    const int bodies = static_cast<int>(run.body_names.size());
    const ExactFrame exact = exact_frame(scene, run, frame);
    const FrameShapes shapes = frame_shapes(scene, run, frame, exact);
    const auto consider = [&](int body, OtherKind kind, int other) {
        const bool touches = exact.touching.contains({body, kind, other});
        if (auto t = pair_tunnel(shapes, frame, body, kind, other, touches, options)) {
            t->reason = engine::tunnel_reason(scene, run, *t);
            tunnels.push_back(std::move(*t));
        }
    };
    for (int body = 0; body < bodies; ++body) {
        for (int wall = 0; wall < static_cast<int>(shapes.segments0.size()); ++wall)
            consider(body, OtherKind::Wall, wall);
        for (int other = body + 1; other < bodies; ++other)
            consider(body, OtherKind::Body, other);
    }
    return tunnels;
}

std::vector<Tunnel> find_tunnels(const Scene& scene, const EngineRun& run,
                                 const TunnelOptions& options) {
    std::vector<Tunnel> tunnels;
    for (int frame = 0; frame < run.frames(); ++frame) {
        std::vector<Tunnel> found = find_tunnels_in_frame(scene, run, frame, options);
        tunnels.insert(tunnels.end(), std::make_move_iterator(found.begin()),
                       std::make_move_iterator(found.end()));
    }
    return tunnels;
}

std::string other_name(const Tunnel& tunnel, const Scene& scene, const EngineRun& run) {
    const auto other = static_cast<std::size_t>(tunnel.other);
    if (tunnel.other_kind == OtherKind::Body) return run.body_names[other];
    if (other < scene.walls.size()) return scene.walls[other].name;
    return engine::scene_chain_edges(scene).at(other - scene.walls.size()).name;
}

std::string describe(const Tunnel& tunnel, const Scene& scene, const EngineRun& run) {
    const std::string a = run.body_names[static_cast<std::size_t>(tunnel.body)];
    const std::string where = " at (" + engine::short_number(tunnel.place.x) + ", " +
                              engine::short_number(tunnel.place.y) + ")";
    const std::string what = tunnel.crossed
                                 ? a + " through " + other_name(tunnel, scene, run) + where
                                 : a + " ends " + engine::short_number(tunnel.depth) + " deep in " +
                                       other_name(tunnel, scene, run) + where;
    return "frame " + std::to_string(tunnel.frame) + ": " + what + ": " + tunnel.reason;
}

} // namespace ccd
