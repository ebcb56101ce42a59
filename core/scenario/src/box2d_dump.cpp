// Reading b2World::Dump()'s text (Box2D 2.4.1: b2World::Dump in b2_world.cpp writes the gravity
// and the bodies and joints arrays, b2Body::Dump in b2_body.cpp each b2BodyDef, b2Fixture::Dump
// in b2_fixture.cpp each b2FixtureDef and its shape, the joints' Dump their definitions). Every
// statement those functions write is known; any other line is an error naming it.
#include "ccd/box2d_dump.hpp"

#include "ccd/printable_excerpt.hpp"

#include <charconv>
#include <string>

namespace ccd {
namespace {

std::string_view trimmed(std::string_view s) {
    const auto first = s.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) return {};
    return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

class DumpReader {
public:
    DumpReader(std::string_view source, int line, std::string_view text)
        : source_(source), line_(line), text_(text) {}

    [[noreturn]] void fail(const std::string& problem) const {
        throw Box2dDumpError(std::string(source_) + ":" + std::to_string(line_) + ": " + problem);
    }
    bool starts(std::string_view prefix) const { return text_.starts_with(prefix); }

    // The numbers of "name.Set(x, y);" or "name(x, y);": those between the parentheses.
    Vec2 pair() const {
        const auto open = text_.find('('), close = text_.rfind(')');
        if (open == std::string_view::npos || close == std::string_view::npos || close < open)
            fail("expected (x, y) in \"" + printable_excerpt(text_) + "\"");
        const std::string_view inside = text_.substr(open + 1, close - open - 1);
        const auto comma = inside.find(',');
        if (comma == std::string_view::npos)
            fail("expected (x, y) in \"" + printable_excerpt(text_) + "\"");
        return {number(inside.substr(0, comma)), number(inside.substr(comma + 1))};
    }
    // The value of "lhs = value;": a number, or the number in "bool(8)", "b2BodyType(2)",
    // "uint16(65535)".
    double value() const {
        const auto equals = text_.find('=');
        if (equals == std::string_view::npos || !text_.ends_with(";"))
            fail("expected \"name = value;\", got \"" + printable_excerpt(text_) + "\"");
        std::string_view v = trimmed(text_.substr(equals + 1, text_.size() - equals - 2));
        if (const auto open = v.find('('); open != std::string_view::npos && v.ends_with(")"))
            v = v.substr(open + 1, v.size() - open - 2);
        return number(v);
    }
    bool flag() const { return value() != 0.0; }
    int integer() const { return static_cast<int>(value()); }
    // The index in "vs[3].Set(...)".
    std::size_t index() const {
        const auto open = text_.find('['), close = text_.find(']');
        if (open == std::string_view::npos || close == std::string_view::npos)
            fail("expected an index in \"" + printable_excerpt(text_) + "\"");
        return static_cast<std::size_t>(number(text_.substr(open + 1, close - open - 1)));
    }
    int line() const { return line_; }
    std::string_view text() const { return text_; }

private:
    double number(std::string_view s) const {
        s = trimmed(s);
        double x = 0.0;
        const auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), x);
        if (error != std::errc() || end != s.data() + s.size() || s.empty())
            fail("expected a number, got \"" + printable_excerpt(s) + "\" in \"" +
                 printable_excerpt(text_) + "\"");
        return x;
    }

    std::string_view source_;
    int line_;
    std::string_view text_;
};

// The statements b2World::Dump writes around the bodies and joints, which say nothing more.
bool is_framing(const DumpReader& r) {
    const std::string_view t = r.text();
    return t == "{" || t == "}" || t == "m_world->SetGravity(g);" || r.starts("b2Body** bodies") ||
           r.starts("b2Joint** joints") || r.starts("b2Free(") || t == "joints = nullptr;" ||
           t == "bodies = nullptr;" || (r.starts("bodies[") && t.find("CreateBody") != t.npos) ||
           (r.starts("bodies[") && t.find("CreateFixture") != t.npos) ||
           (r.starts("joints[") && t.find("CreateJoint") != t.npos) || t == "fd.shape = &shape;" ||
           r.starts("b2Vec2 vs[");
}

bool read_body_field(const DumpReader& r, Box2dBody& b) {
    if (r.starts("bd.type"))
        b.type = r.integer();
    else if (r.starts("bd.position.Set("))
        b.position = r.pair();
    else if (r.starts("bd.angle "))
        b.angle = r.value();
    else if (r.starts("bd.linearVelocity.Set("))
        b.linear_velocity = r.pair();
    else if (r.starts("bd.angularVelocity"))
        b.angular_velocity = r.value();
    else if (r.starts("bd.linearDamping"))
        b.linear_damping = r.value();
    else if (r.starts("bd.angularDamping"))
        b.angular_damping = r.value();
    else if (r.starts("bd.fixedRotation"))
        b.fixed_rotation = r.flag();
    else if (r.starts("bd.bullet"))
        b.bullet = r.flag();
    else if (r.starts("bd.enabled"))
        b.enabled = r.flag();
    else if (r.starts("bd.gravityScale"))
        b.gravity_scale = r.value();
    else if (r.starts("bd.allowSleep") || r.starts("bd.awake"))
        r.value(); // a run's state
    else
        return false;
    return true;
}

bool read_fixture_field(const DumpReader& r, Box2dFixture& f) {
    if (r.starts("fd.friction"))
        f.friction = r.value();
    else if (r.starts("fd.restitutionThreshold"))
        f.restitution_threshold = r.value();
    else if (r.starts("fd.restitution"))
        f.restitution = r.value();
    else if (r.starts("fd.density"))
        f.density = r.value();
    else if (r.starts("fd.isSensor"))
        f.sensor = r.flag();
    else if (r.starts("fd.filter.categoryBits"))
        f.category_bits = r.integer();
    else if (r.starts("fd.filter.maskBits"))
        f.mask_bits = r.integer();
    else if (r.starts("fd.filter.groupIndex"))
        f.group_index = r.integer();
    else
        return false;
    return true;
}

bool read_shape_statement(const DumpReader& r, Box2dFixture& f) {
    using Kind = Box2dFixture::Kind;
    if (r.starts("b2CircleShape shape;"))
        f.kind = Kind::Circle;
    else if (r.starts("b2PolygonShape shape;"))
        f.kind = Kind::Polygon;
    else if (r.starts("b2EdgeShape shape;")) {
        f.kind = Kind::Edge;
        f.vertices.assign(2, Vec2{});
    } else if (r.starts("b2ChainShape shape;"))
        f.kind = Kind::Chain;
    else if (r.starts("shape.m_radius"))
        f.radius = r.value();
    else if (r.starts("shape.m_p.Set("))
        f.center = r.pair();
    else if (r.starts("vs[")) {
        const std::size_t i = r.index();
        if (i != f.vertices.size()) r.fail("vertex " + std::to_string(i) + " out of order");
        f.vertices.push_back(r.pair());
    } else if (r.starts("shape.Set(vs,") || r.starts("shape.CreateChain(vs,") ||
               r.starts("shape.CreateLoop(vs,")) {
        f.loop = r.starts("shape.CreateLoop");
    } else if (r.starts("shape.m_vertex1.Set(") && f.vertices.size() == 2)
        f.vertices[0] = r.pair();
    else if (r.starts("shape.m_vertex2.Set(") && f.vertices.size() == 2)
        f.vertices[1] = r.pair();
    else if (r.starts("shape.m_prevVertex.Set("))
        f.prev_vertex = r.pair();
    else if (r.starts("shape.m_nextVertex.Set("))
        f.next_vertex = r.pair();
    else if (r.starts("shape.m_vertex0.Set(") || r.starts("shape.m_vertex3.Set("))
        r.pair();
    else if (r.starts("shape.m_oneSided"))
        f.one_sided = r.flag();
    else
        return false;
    return true;
}

} // namespace

Box2dWorld parse_box2d_dump(std::string_view text, std::string_view source) {
    Box2dWorld world;
    int line = 0;
    bool in_joint = false;
    for (std::size_t start = 0; start <= text.size();) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        const DumpReader r(source, ++line, trimmed(text.substr(start, end - start)));
        start = end + 1;
        if (r.text().empty() || is_framing(r)) continue;
        if (r.starts("//")) {
            // A joint whose type Box2D does not dump writes this comment in its place.
            if (r.text().find("joint") != std::string_view::npos)
                world.joints.push_back("a joint Box2D does not dump");
            continue;
        }
        if (r.starts("b2Vec2 g(")) {
            world.gravity = r.pair();
        } else if (r.starts("b2BodyDef bd;")) {
            world.bodies.push_back(Box2dBody{});
            world.bodies.back().line = r.line();
            in_joint = false;
        } else if (r.starts("b2") && r.text().find("JointDef jd;") != std::string_view::npos) {
            world.joints.emplace_back(r.text().substr(0, r.text().find(' ')));
            in_joint = true;
        } else if (in_joint && r.starts("jd.")) {
            continue; // the joint's definition: joints are not carried
        } else if (world.bodies.empty()) {
            r.fail("\"" + printable_excerpt(r.text()) + "\" before any b2BodyDef");
        } else if (r.starts("b2FixtureDef fd;")) {
            world.bodies.back().fixtures.push_back(Box2dFixture{});
            world.bodies.back().fixtures.back().line = r.line();
        } else if (read_body_field(r, world.bodies.back())) {
            continue;
        } else if (world.bodies.back().fixtures.empty() ||
                   !(read_fixture_field(r, world.bodies.back().fixtures.back()) ||
                     read_shape_statement(r, world.bodies.back().fixtures.back()))) {
            r.fail("not a statement b2World::Dump writes: \"" + printable_excerpt(r.text()) + "\"");
        }
    }
    return world;
}

} // namespace ccd
