#pragma once
// A Box2D 2.4.1 world as b2World::Dump() writes it (the C++ statements of box2d_dump.inl: the
// gravity, each body's definition and its fixtures' shapes, the joints) read, and made into a
// scene in metres per second (docs/scene-format.md, "A Box2D world"; `ccdlab-cli import box2d`,
// the app's File > Import). What the scene cannot carry is listed, never dropped silently.

#include "ccd/scene.hpp"

#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace ccd {

// A dump that is not b2World::Dump's text: "FILE:LINE: problem".
class Box2dDumpError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// One fixture of a dumped body (b2Fixture::Dump): its definition and its shape, in the body's
// own frame.
struct Box2dFixture {
    enum class Kind { Circle, Polygon, Edge, Chain };
    Kind kind = Kind::Circle;
    int line = 0; // where its b2FixtureDef starts in the dump
    double friction = 0.2, restitution = 0.0, restitution_threshold = 1.0, density = 0.0;
    bool sensor = false;
    int category_bits = 1, mask_bits = 65535, group_index = 0;
    double radius = 0.0;        // a circle's; an edge's or chain's skin (b2_polygonRadius)
    Vec2 center;                // a circle's m_p
    std::vector<Vec2> vertices; // a polygon's, a chain's; an edge's m_vertex1 and m_vertex2
    bool one_sided = false;     // an edge's
    bool loop = false;          // a chain made by CreateLoop
    // A chain's ghost vertices as dumped (m_prevVertex, m_nextVertex; b2Fixture::Dump writes a
    // loop as CreateChain with its first vertex again at the end and these its neighbours).
    std::optional<Vec2> prev_vertex = {}, next_vertex = {};
};

// One dumped body (b2Body::Dump).
struct Box2dBody {
    int type = 0; // b2BodyType: 0 static, 1 kinematic, 2 dynamic
    int line = 0;
    Vec2 position;
    double angle = 0.0;
    Vec2 linear_velocity;          // of its center of mass, metres per second
    double angular_velocity = 0.0; // radians per second
    double linear_damping = 0.0, angular_damping = 0.0;
    bool fixed_rotation = false, bullet = false, enabled = true;
    double gravity_scale = 1.0;
    std::vector<Box2dFixture> fixtures;
};

struct Box2dWorld {
    Vec2 gravity;
    std::vector<Box2dBody> bodies;
    std::vector<std::string> joints; // each joint's definition type, "b2RevoluteJointDef"
};

// Reads the text b2World::Dump() writes; `source` names it in errors.
Box2dWorld parse_box2d_dump(std::string_view text, std::string_view source);

struct Box2dImport {
    Scene scene;
    // One line for each thing the scene cannot carry ("gravity (0, -10) m/s^2: a scene has no
    // gravity"), and notes on what was carried another way ("body 1: bullet: every ccdlab body
    // is continuous").
    std::vector<std::string> not_carried;
    std::vector<std::string> notes;
};

// The scene of `world` at the time step `dt` (seconds per frame, > 0): lengths in metres,
// rates per second (units.dt = dt). Each fixture is a scene item named "body I" (its body's
// first fixture) or "body I fixture K": a circle a body (static on a static body), a polygon a
// polygon (turning freely on a dynamic body without fixedRotation, about its area centroid,
// with its density), an edge a segment (moving with a kinematic body: its ends' velocity, or
// turning about the body's origin).
Box2dImport import_box2d(const Box2dWorld& world, double dt, std::string_view source);

// The file `path` (box2d_dump.inl, or any file holding that text) read and imported; a file
// that cannot be read is a Box2dDumpError naming it and the reason.
Box2dImport import_box2d_file(const std::filesystem::path& path, double dt);

} // namespace ccd
