// A dumped Box2D world made into a scene (ccd/box2d_dump.hpp): each fixture a scene item, its
// rates per second (units.dt), and a line for everything the scene cannot carry.
#include "ccd/box2d_dump.hpp"

#include "ccd/chain_edge.hpp"

#include "ccd/mass_properties.hpp"
#include "ccd/sin_cos.hpp"

#include <charconv>
#include <cmath>
#include <fstream>
#include <numbers>
#include <sstream>
#include <string>

namespace ccd {
namespace {

std::string text(double x) {
    char buffer[32];
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, x).ptr;
    return std::string(buffer, end);
}

// The body's frame: a point of the body's own frame in the world.
struct Frame {
    Vec2 position;
    double angle = 0.0;
    Vec2 world(Vec2 local) const {
        const auto [s, c] = sin_cos(angle);
        return position + Vec2{c * local.x - s * local.y, s * local.x + c * local.y};
    }
};

// The body's center of mass in the world, as b2Body::ResetMassData finds it: the fixtures'
// centroids weighted by their masses (density x area); the origin for a body that is not
// dynamic or whose fixtures have no mass.
Vec2 center_of_mass(const Box2dBody& body, const Frame& frame) {
    if (body.type != 2) return body.position;
    double mass = 0.0;
    Vec2 moment;
    for (const Box2dFixture& f : body.fixtures) {
        if (f.density <= 0.0) continue;
        if (f.kind == Box2dFixture::Kind::Circle) {
            const double m = f.density * std::numbers::pi * f.radius * f.radius;
            mass += m;
            moment += frame.world(f.center) * m;
        } else if (f.kind == Box2dFixture::Kind::Polygon) {
            Polygon p;
            for (const Vec2 v : f.vertices)
                p.vertices.push_back(frame.world(v));
            const MassProperties shape = mass_properties(p);
            mass += f.density * shape.area;
            moment += shape.centroid * (f.density * shape.area);
        }
    }
    return mass > 0.0 ? moment * (1.0 / mass) : body.position;
}

class Importer {
public:
    explicit Importer(double dt) : dt_(dt) {}

    void body(const Box2dBody& b, std::size_t index) {
        const std::string name = "body " + std::to_string(index);
        body_notes(b, name);
        if (!b.enabled) {
            out_.not_carried.push_back(name + ": disabled (b2BodyDef::enabled false): left out");
            return;
        }
        const Frame frame{b.position, b.angle};
        const Vec2 com = center_of_mass(b, frame);
        for (std::size_t k = 0; k < b.fixtures.size(); ++k) {
            const std::string item = k == 0 ? name : name + " fixture " + std::to_string(k);
            fixture_notes(b.fixtures[k], item);
            fixture(b, b.fixtures[k], frame, com, item);
        }
        if (b.type == 2 && b.fixtures.size() > 1)
            out_.not_carried.push_back(name + ": " + std::to_string(b.fixtures.size()) +
                                       " fixtures on one body: each is a body of its own in the "
                                       "scene, moving as the body moved but not held together");
    }

    Box2dImport& result() { return out_; }

private:
    // A velocity of the body's material at `point` (the center of mass moves by
    // linear_velocity, the body turns about it), per frame.
    Vec2 velocity_at(const Box2dBody& b, Vec2 com, Vec2 point) const {
        const Vec2 r = point - com;
        const Vec2 v =
            b.linear_velocity + Vec2{-b.angular_velocity * r.y, b.angular_velocity * r.x};
        return per_frame(v, dt_);
    }

    // A dynamic body's gravityScale; a kinematic one (moved as a dynamic body here) falls not at
    // all: b2Island::Solve (b2_island.cpp) applies gravity to b2_dynamicBody only.
    static double gravity_scale(const Box2dBody& b) { return b.type == 2 ? b.gravity_scale : 0.0; }

    void body_notes(const Box2dBody& b, const std::string& name) {
        if (b.type == 1)
            out_.not_carried.push_back(name + ": kinematic (infinite mass, moving): its circles "
                                              "and polygons move as dynamic bodies, its edges as "
                                              "moving segments");
        if (b.linear_damping != 0.0 || b.angular_damping != 0.0)
            out_.not_carried.push_back(name + ": damping " + text(b.linear_damping) + ", angular " +
                                       text(b.angular_damping) + ": a scene has no damping");
        if (b.bullet)
            out_.notes.push_back(name +
                                 ": bullet: every ccdlab body is continuous, a bullet or not");
    }

    void fixture_notes(const Box2dFixture& f, const std::string& item) {
        if (f.friction != 0.0)
            out_.not_carried.push_back(item + ": friction " + text(f.friction) +
                                       ": a scene has no friction");
        if (f.restitution != 0.0 && f.restitution_threshold > 0.0)
            out_.not_carried.push_back(item + ": restitution threshold " +
                                       text(f.restitution_threshold) +
                                       " m/s: a scene bounces at any speed");
        if (f.category_bits != 1 || f.mask_bits != 65535 || f.group_index != 0)
            out_.not_carried.push_back(item + ": collision filter (category " +
                                       std::to_string(f.category_bits) + ", mask " +
                                       std::to_string(f.mask_bits) + ", group " +
                                       std::to_string(f.group_index) + "): a scene has no filters");
        if (f.sensor)
            out_.notes.push_back(item + ": a sensor: its response is \"sensor\" (it reports its "
                                        "contacts and lets everything through)");
        if (f.kind == Box2dFixture::Kind::Polygon || f.kind == Box2dFixture::Kind::Edge)
            out_.not_carried.push_back(item + ": polygon radius (Box2D's skin, b2_polygonRadius " +
                                       text(f.kind == Box2dFixture::Kind::Edge ? f.radius : 0.01) +
                                       "): the scene's shapes have none");
    }

    void fixture(const Box2dBody& b, const Box2dFixture& f, const Frame& frame, Vec2 com,
                 const std::string& item) {
        switch (f.kind) {
        case Box2dFixture::Kind::Circle:
            circle(b, f, frame, com, item);
            return;
        case Box2dFixture::Kind::Polygon:
            polygon(b, f, frame, com, item);
            return;
        case Box2dFixture::Kind::Edge:
            edge(b, f, frame, item);
            return;
        case Box2dFixture::Kind::Chain:
            chain(b, f, frame, item);
            return;
        }
    }

    // A chain on a static body is a scene's chain (docs/scene-format.md, "Chains"). Box2D dumps
    // a loop as CreateChain with its first vertex again at the end (b2ChainShape::CreateLoop
    // keeps it there, b2_chain_shape.cpp): that is a loop of the others. An open chain's ends
    // are free in a scene: Box2D's ghost vertices there are listed when they are not the free
    // ends' the World takes (ccd::chain_edges).
    void chain(const Box2dBody& b, const Box2dFixture& f, const Frame& frame,
               const std::string& item) {
        const std::string what = item + ": a chain of " + std::to_string(f.vertices.size()) +
                                 " vertices (line " + std::to_string(f.line) + ")";
        if (b.type != 0 || f.vertices.size() < 2) {
            out_.not_carried.push_back(
                what + (b.type != 0 ? ": a scene's chains are static" : ": fewer than 2 vertices"));
            return;
        }
        Chain chain{item, {}, f.loop};
        for (const Vec2 v : f.vertices)
            chain.points.push_back(frame.world(v));
        if (!chain.loop && chain.points.size() >= 4 &&
            chain.points.front() == chain.points.back()) {
            chain.points.pop_back();
            chain.loop = true;
        }
        for (std::size_t k = 0; k + 1 < chain.points.size(); ++k)
            if (chain.points[k] == chain.points[k + 1]) {
                out_.not_carried.push_back(what + ": vertex " + std::to_string(k + 1) +
                                           " repeats vertex " + std::to_string(k));
                return;
            }
        if (!chain.loop && (f.prev_vertex || f.next_vertex)) {
            const auto edges = chain_edges(chain.points, false);
            const bool free_before =
                !f.prev_vertex || frame.world(*f.prev_vertex) == edges.front().before;
            const bool free_after =
                !f.next_vertex || frame.world(*f.next_vertex) == edges.back().after;
            if (!free_before || !free_after)
                out_.not_carried.push_back(item + ": its ghost vertices at the ends (m_prevVertex, "
                                                  "m_nextVertex): a scene's open chain has free "
                                                  "ends");
        }
        out_.notes.push_back(item + ": a chain, one-sided with ghost vertices, as Box2D's");
        out_.scene.chains.push_back(std::move(chain));
    }

    void circle(const Box2dBody& b, const Box2dFixture& f, const Frame& frame, Vec2 com,
                const std::string& item) {
        Body body;
        body.name = item;
        body.circle = {frame.world(f.center), f.radius};
        body.is_static = b.type == 0;
        if (!body.is_static) body.velocity = velocity_at(b, com, body.circle.center);
        if (!body.is_static) body.gravity_scale = gravity_scale(b);
        body.response = f.sensor ? ResponseKind::Sensor : ResponseKind::Bounce;
        body.restitution = f.restitution;
        if (b.type == 2 && f.density != 0.0)
            out_.not_carried.push_back(item + ": density " + text(f.density) +
                                       ": a scene's circle has mass 1");
        if (b.angular_velocity != 0.0 && b.type != 0)
            out_.not_carried.push_back(item + ": angular velocity " + text(b.angular_velocity) +
                                       " rad/s: a scene's circle does not turn");
        out_.scene.bodies.push_back(std::move(body));
    }

    void polygon(const Box2dBody& b, const Box2dFixture& f, const Frame& frame, Vec2 com,
                 const std::string& item) {
        PolygonBody p;
        p.name = item;
        for (const Vec2 v : f.vertices)
            p.polygon.vertices.push_back(frame.world(v));
        p.is_static = b.type == 0;
        if (!p.is_static) p.gravity_scale = gravity_scale(b);
        p.response = f.sensor ? ResponseKind::Sensor : ResponseKind::Bounce;
        p.restitution = f.restitution;
        if (!p.is_static) {
            // A body of no mass is given mass 1 and no rotation (b2Body::ResetMassData).
            const bool massless = b.type != 2 || f.density <= 0.0;
            if (massless)
                p.mass = 1.0;
            else
                p.density = f.density;
            if (!massless && !b.fixed_rotation)
                p.angular_velocity = per_frame(b.angular_velocity, dt_);
            else if (b.angular_velocity != 0.0)
                out_.not_carried.push_back(item + ": angular velocity " + text(b.angular_velocity) +
                                           " rad/s of a body that does not turn");
            const Vec2 center =
                p.angular_velocity ? area_centroid(p.polygon) : vertex_centroid(p.polygon);
            p.velocity = velocity_at(b, com, center);
        }
        out_.scene.polygons.push_back(std::move(p));
    }

    void edge(const Box2dBody& b, const Box2dFixture& f, const Frame& frame,
              const std::string& item) {
        Wall wall;
        wall.name = item;
        wall.segment = {frame.world(f.vertices[0]), frame.world(f.vertices[1])};
        if (f.one_sided)
            out_.not_carried.push_back(item + ": one-sided: a scene's segment has two sides");
        if (b.type != 0) {
            if (b.angular_velocity != 0.0 && b.linear_velocity != Vec2{})
                out_.not_carried.push_back(item + ": its body both moves and turns: the segment "
                                                  "turns only (a segment does one or the other)");
            if (b.angular_velocity != 0.0) {
                wall.pivot = b.position;
                wall.angle = per_frame(b.angular_velocity, dt_);
            } else {
                wall.displacement_a = wall.displacement_b = per_frame(b.linear_velocity, dt_);
            }
        }
        out_.scene.walls.push_back(std::move(wall));
    }

    double dt_;
    Box2dImport out_;
};

} // namespace

Box2dImport import_box2d(const Box2dWorld& world, double dt, std::string_view source) {
    Importer importer(dt);
    Box2dImport& out = importer.result();
    out.scene.title = "Box2D world from " + std::string(source);
    out.scene.units = SceneUnits{LengthUnit::Metres, std::nullopt, dt};
    out.scene.gravity = per_frame_squared(world.gravity, dt); // per second squared in the file
    for (std::size_t i = 0; i < world.bodies.size(); ++i)
        importer.body(world.bodies[i], i);
    for (std::size_t j = 0; j < world.joints.size(); ++j)
        out.not_carried.push_back("joint " + std::to_string(j) + " (" + world.joints[j] +
                                  "): a scene has no joints");
    std::string description =
        "Imported from Box2D 2.4.1's b2World::Dump by ccdlab-cli import box2d, in metres and "
        "seconds at dt = " +
        text(dt) + " s.";
    if (!out.not_carried.empty()) {
        description += " Not carried:";
        for (const std::string& line : out.not_carried)
            description += " " + line + ";";
        description.back() = '.';
    }
    out.scene.description = std::move(description);
    return out;
}

Box2dImport import_box2d_file(const std::filesystem::path& path, double dt) {
    std::ifstream in(path, std::ios::binary);
    if (!in || std::filesystem::is_directory(path))
        throw Box2dDumpError(path.string() + ": cannot open the file (does it exist?)");
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) throw Box2dDumpError(path.string() + ": cannot read the file");
    return import_box2d(parse_box2d_dump(text.str(), path.string()), dt, path.filename().string());
}

} // namespace ccd
