// ccdlab-cli on the cases engines pose: `import box2d` (a dump as b2World::Dump writes it), the
// units line `replay` starts a scene with units with, and the depth `toi` adds to an overlap.
#include "process.hpp"
#include "scratch.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace {

namespace fs = std::filesystem;
using ccdlab_test::run_command;
using nlohmann::json;

const std::string kCli = CCDLAB_CLI;

fs::path scratch_file(const std::string& name, const std::string& text) {
    const fs::path path = ccdlab_test::scratch_root() / name;
    std::ofstream(path) << text;
    return path;
}

// One body as Box2D 2.4.1's b2World::Dump writes it: its b2BodyDef (`type` 0 static, 2 dynamic;
// `awake` as Dump writes the flag) and one fixture of `density`, whose shape is `shape`'s lines.
std::string dumped_body(int index, int type, const std::string& position,
                        const std::string& velocity, int awake, const std::string& density,
                        const std::string& shape) {
    const std::string i = std::to_string(index);
    return "{\n  b2BodyDef bd;\n  bd.type = b2BodyType(" + std::to_string(type) +
           ");\n  bd.position.Set(" + position + ");\n  bd.angle = 0;\n  bd.linearVelocity.Set(" +
           velocity +
           ");\n  bd.angularVelocity = 0;\n  bd.linearDamping = 0;\n  bd.angularDamping = 0;\n"
           "  bd.allowSleep = bool(4);\n  bd.awake = bool(" +
           std::to_string(awake) +
           ");\n  bd.fixedRotation = bool(0);\n  bd.bullet = bool(0);\n  bd.enabled = bool(32);\n"
           "  bd.gravityScale = 1;\n  bodies[" +
           i +
           "] = m_world->CreateBody(&bd);\n\n  {\n    b2FixtureDef fd;\n    fd.friction = 0;\n"
           "    fd.restitution = 0;\n    fd.restitutionThreshold = 1;\n    fd.density = " +
           density +
           ";\n    fd.isSensor = bool(0);\n    fd.filter.categoryBits = uint16(1);\n"
           "    fd.filter.maskBits = uint16(65535);\n    fd.filter.groupIndex = int16(0);\n" +
           shape + "\n    fd.shape = &shape;\n\n    bodies[" + i +
           "]->CreateFixture(&fd);\n  }\n}\n";
}

// A dynamic ball falling at 6 m/s onto a static ground edge, as b2World::Dump writes them.
const std::string kDump =
    "b2Vec2 g(0, -10);\nm_world->SetGravity(g);\n"
    "b2Body** bodies = (b2Body**)b2Alloc(2 * sizeof(b2Body*));\n"
    "b2Joint** joints = (b2Joint**)b2Alloc(0 * sizeof(b2Joint*));\n" +
    dumped_body(0, 2, "0, 4", "0, -6", 2, "1",
                "    b2CircleShape shape;\n    shape.m_radius = 0.5;\n    shape.m_p.Set(0, 0);\n") +
    dumped_body(1, 0, "0, 0", "0, 0", 0, "0",
                "    b2EdgeShape shape;\n    shape.m_radius = 0.00999999978;\n"
                "    shape.m_vertex0.Set(0, 0);\n    shape.m_vertex1.Set(-5, 0);\n"
                "    shape.m_vertex2.Set(5, 0);\n    shape.m_vertex3.Set(0, 0);\n"
                "    shape.m_oneSided = bool(0);\n") +
    "b2Free(joints);\nb2Free(bodies);\njoints = nullptr;\nbodies = nullptr;\n";

TEST(CliImport, ABox2dDumpBecomesASceneAndWhatItCannotCarryIsSaid) {
    const fs::path dump = scratch_file("import.inl", kDump);
    const fs::path scene = ccdlab_test::scratch_root() / "imported.json";
    const auto result = run_command(kCli + " import box2d " + dump.string() + " -o " +
                                    scene.string() + " --dt 1/60");
    EXPECT_EQ(result.exit_code, 0) << result.output;
    // Gravity is carried (the scene's "gravity", per second squared), not listed.
    EXPECT_EQ(result.output.find("not carried: gravity"), std::string::npos) << result.output;
    EXPECT_NE(result.output.find("not carried: body 1: polygon radius (Box2D's skin, "
                                 "b2_polygonRadius 0.00999999978)"),
              std::string::npos)
        << result.output;
    // The ball, 6 m/s down at 1/60 s: 0.1 a frame (6 x 0.016666666666666666 rounds to 0.1).
    // Replayed: the units line comes first.
    const auto replay = run_command(kCli + " replay " + scene.string() + " --frames 2");
    ASSERT_EQ(replay.exit_code, 0) << replay.output;
    std::istringstream lines(replay.output);
    std::string first;
    std::getline(lines, first);
    const json units = json::parse(first);
    EXPECT_EQ(units["status"], "units");
    EXPECT_EQ(units["length"], "metres");
    EXPECT_EQ(units["dt"].get<double>(), 1.0 / 60.0);
    EXPECT_EQ(units["bodies"][0]["name"], "body 0");
    EXPECT_EQ(units["bodies"][0]["velocity_per_second"], json::parse("[0.0, -6.0]"));
    EXPECT_EQ(units["bodies"][0]["velocity_per_frame"], json::parse("[0.0, -0.1]"));
    // The dump's gravity, carried, per second squared as Box2D had it.
    EXPECT_EQ(units["gravity_per_second_squared"], json::parse("[0.0, -10.0]"));
}

TEST(CliImport, ADumpWithAStrangeLineIsOneLocatedError) {
    const fs::path dump = scratch_file("strange.inl", "b2Vec2 g(0, 0);\n{\n  b2BodyDef bd;\n"
                                                      "  bd.mass = 3;\n}\n");
    const auto result = run_command(kCli + " import box2d " + dump.string());
    EXPECT_EQ(result.exit_code, 1);
    EXPECT_NE(result.output.find("strange.inl:4: not a statement b2World::Dump writes: "
                                 "\"bd.mass = 3;\""),
              std::string::npos)
        << result.output;
    EXPECT_EQ(run_command(kCli + " import havok " + dump.string()).exit_code, 2);
}

TEST(CliToiDepth, AnOverlapSaysHowDeepAndWhichWayIsOut) {
    // A circle of radius 1 centred 0.5 above a segment: 0.5 deep along +y.
    const fs::path input = scratch_file(
        "depth.jsonl",
        R"({"kind":"circle_segment","c":[0,0.5],"r":1,"d":[0,-1],"a":[-2,0],"b":[2,0]})"
        "\n");
    const auto result = run_command(kCli + " toi < " + input.string());
    ASSERT_EQ(result.exit_code, 0) << result.output;
    const json answer = json::parse(result.output);
    EXPECT_EQ(answer["overlap"], true);
    EXPECT_EQ(answer["depth"].get<double>(), 0.5);
    EXPECT_EQ(answer["depth_normal"], json::parse("[0.0, 1.0]"));
}

} // namespace
