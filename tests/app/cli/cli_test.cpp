// ccdlab-cli, run as a user runs it: JSON Lines in, JSON Lines out, exit codes.
#include "process.hpp"

#include "ccd/toi_circle_segment.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "scratch.hpp"
#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;
using ccdlab_test::run_command;
using nlohmann::json;

const std::string kCli = CCDLAB_CLI;

struct ToiRun {
    int exit_code;
    std::vector<json> answers;
    std::string raw;
};

// Feeds `lines` to `ccdlab-cli toi ARGS` and parses every output line.
ToiRun toi(const std::vector<std::string>& lines, const std::string& args = "") {
    const auto* info = testing::UnitTest::GetInstance()->current_test_info();
    const fs::path input =
        ccdlab_test::scratch_root() / (std::string("cli-") + info->name() + ".jsonl");
    {
        std::ofstream out(input);
        for (const std::string& line : lines)
            out << line << '\n';
    }
    const auto result = run_command(kCli + " toi " + args + " < " + input.string());
    ToiRun run{result.exit_code, {}, result.output};
    std::istringstream text(result.output);
    for (std::string line; std::getline(text, line);)
        run.answers.push_back(json::parse(line));
    return run;
}

TEST(CliToi, AnswersEachKindInOrder) {
    // Hand-computed: falling from y = 5 (r = 1) by 10 onto y = 0: t = 0.4; a circle from x = -5
    // by 10 toward the origin: t = 0.4; two circles closing 8 per frame across a gap of 8:
    // t = 1; a point from (1, 3) down 12 across y = 0: t = 0.25; a still point swept by a
    // segment falling 4 from y = 2: t = 0.5; a still circle (r = 1, y = 3) swept by the same
    // segment: t = 0.5 (the segment is at y = 2 then).
    const ToiRun run = toi({
        R"({"kind":"circle_segment","c":[0,5],"r":1,"d":[0,-10],"a":[-2,0],"b":[2,0]})",
        R"({"kind":"circle_point","c":[-5,0],"r":1,"d":[10,0],"q":[0,0]})",
        R"({"kind":"circle_circle","c1":[-5,0],"r1":1,"d1":[4,0],"c2":[5,0],"r2":1,"d2":[-4,0]})",
        R"({"kind":"point_segment","p":[1,3],"d":[0,-12],"a":[-2,0],"b":[2,0]})",
        R"({"kind":"point_moving_segment","p":[0,0],"d":[0,0],"a":[-1,2],"b":[1,2],"da":[0,-4],"db":[0,-4]})",
        R"({"kind":"circle_moving_segment","c":[0,3],"r":1,"d":[0,0],"a":[-1,6],"b":[1,6],"da":[0,-4],"db":[0,-4]})",
    });
    ASSERT_EQ(run.exit_code, 0) << run.raw;
    ASSERT_EQ(run.answers.size(), 6u) << run.raw;
    const double expected[] = {0.4, 0.4, 1.0, 0.25, 0.5, 0.5};
    for (std::size_t i = 0; i < 6; ++i) {
        ASSERT_TRUE(run.answers[i]["hit"].get<bool>()) << i;
        EXPECT_DOUBLE_EQ(run.answers[i]["t"].get<double>(), expected[i]) << i;
    }
    EXPECT_EQ(run.answers[0]["feature"], "interior");
    EXPECT_EQ(run.answers[0]["normal"], json::array({-0.0, 1.0}));
    EXPECT_EQ(run.answers[1]["feature"], "point");
    EXPECT_EQ(run.answers[2]["feature"], "circle");
    EXPECT_FALSE(run.answers[0]["overlap"].get<bool>());
    EXPECT_TRUE(run.answers[0]["approaching"].get<bool>());
}

TEST(CliToi, NumbersReadBackAsTheSameDouble) {
    // An answer with no short decimal form: the printed t must parse to the library's double.
    const ccd::Circle c{{0.1, 0.7}, 0.3};
    const ccd::Vec2 d{1.1, -2.3};
    const ccd::Segment s{{-1.0, 0.0}, {2.0, 0.1}};
    const auto hit = ccd::time_of_impact(c, d, s);
    ASSERT_TRUE(hit);
    const ToiRun run = toi(
        {R"({"kind":"circle_segment","c":[0.1,0.7],"r":0.3,"d":[1.1,-2.3],"a":[-1,0],"b":[2,0.1]})"});
    ASSERT_EQ(run.answers.size(), 1u);
    const double printed = run.answers[0]["t"].get<double>();
    EXPECT_EQ(std::memcmp(&printed, &hit->t, sizeof printed), 0) << run.raw;
}

// A segment's and a polygon's radius (capsules, rounded polygons): a circle of radius 1 falling
// from y = 5 by 10 touches a capsule of radius 0.5 when its centre is 1.5 above the core,
// t = 0.35, on the capsule's surface; a capsule of radius 0.5 falling from y = 2 by 4 onto a
// segment (d2 left out: it stays) at t = 0.375; Bullet refuses a radius; a negative one is an
// error.
TEST(CliToi, RadiiMakeCapsulesAndRoundedPolygons) {
    const ToiRun run = toi({
        R"({"kind":"circle_segment","c":[0,5],"r":1,"d":[0,-10],"a":[-2,0],"b":[2,0],"segment_radius":0.5})",
        R"({"kind":"segment_segment","a1":[-1,2],"b1":[1,2],"r1":0.5,"d1":[0,-4],"a2":[-3,0],"b2":[3,0]})",
        R"({"kind":"polygon_polygon","p1":[[0,2],[1,2],[1,3]],"d1":[0,-4],"r1":0.25,"p2":[[-2,-1],[2,-1],[0,0]],"d2":[0,0],"r2":0.25})",
        R"({"kind":"circle_segment","c":[0,5],"r":1,"d":[0,-10],"a":[-2,0],"b":[2,0],"segment_radius":-1})",
    });
    EXPECT_EQ(run.exit_code, 1);
    ASSERT_EQ(run.answers.size(), 4u) << run.raw;
    EXPECT_EQ(run.answers[0]["t"], 0.35);
    EXPECT_EQ(run.answers[0]["point"][1], 0.5);
    EXPECT_EQ(run.answers[1]["t"], 0.375);
    EXPECT_EQ(run.answers[1]["feature"], "interior");
    // The triangle's bottom side y = 2 - 4 t comes within 0.5 of the other's top corner (0, 0).
    EXPECT_EQ(run.answers[2]["t"], 0.375);
    EXPECT_EQ(run.answers[3]["error"], "line 4: \"segment_radius\" must be >= 0");
    const ToiRun bullet = toi(
        {R"({"kind":"circle_segment","c":[0,5],"r":1,"d":[0,-10],"a":[-2,0],"b":[2,0],"segment_radius":0.5})"},
        "--algorithm bullet");
    ASSERT_EQ(bullet.answers.size(), 1u) << bullet.raw;
    EXPECT_NE(bullet.answers[0]["error"].get<std::string>().find("has a radius"), std::string::npos)
        << bullet.raw;
}

TEST(CliToi, AnAccelerationBendsThePathIntoAParabola) {
    // A ball dropped from rest, its bottom 1 above a floor, under g = 8: 4 t^2 = 1, t = 1/2,
    // falling at 4 then. A box (counter-clockwise) likewise by the certified engine: its bottom
    // 0.9 above the floor, t = sqrt(0.225). A clockwise box with an acceleration is refused.
    const ToiRun run = toi({
        R"({"kind":"circle_segment","c":[0,1.5],"r":0.5,"d":[0,0],"a":[-5,0],"b":[5,0],"accel":[0,-8]})",
        R"({"kind":"polygon_moving_segment","polygon":[[-0.1,0.9],[0.1,0.9],[0.1,1.1],[-0.1,1.1]],"d":[0,0],"a":[-5,0],"b":[5,0],"da":[0,0],"db":[0,0],"accel":[0,-8]})",
        R"({"kind":"polygon_moving_segment","polygon":[[-0.1,0.9],[-0.1,1.1],[0.1,1.1],[0.1,0.9]],"d":[0,0],"a":[-5,0],"b":[5,0],"da":[0,0],"db":[0,0],"accel":[0,-8]})",
        R"({"kind":"circle_segment","c":[0,1.5],"r":0.5,"d":[0,0],"a":[-5,0],"b":[5,0],"accel":"down"})",
    });
    EXPECT_EQ(run.exit_code, 1);
    ASSERT_EQ(run.answers.size(), 4u) << run.raw;
    EXPECT_EQ(run.answers[0]["t"], 0.5);
    EXPECT_EQ(run.answers[0]["normal"], json::parse("[0.0, 1.0]"));
    EXPECT_NEAR(run.answers[1]["t"].get<double>(), std::sqrt(0.225), 3e-12);
    EXPECT_NE(
        run.answers[2]["error"].get<std::string>().find("must be convex and counter-clockwise"),
        std::string::npos)
        << run.raw;
    EXPECT_NE(run.answers[3]["error"].get<std::string>().find("accel"), std::string::npos)
        << run.raw;
    // A straight-line algorithm refuses it, saying why.
    const ToiRun seed = toi(
        {R"({"kind":"circle_segment","c":[0,1.5],"r":0.5,"d":[0,0],"a":[-5,0],"b":[5,0],"accel":[0,-8]})"},
        "--algorithm seed004");
    ASSERT_EQ(seed.answers.size(), 1u) << seed.raw;
    EXPECT_NE(seed.answers[0]["error"].get<std::string>().find(
                  "seed004 moves its shapes along straight lines: it takes no acceleration"),
              std::string::npos)
        << seed.raw;
}

TEST(CliToi, BadLinesAreAnsweredInPlaceAndTheRestStillRun) {
    const ToiRun run = toi({
        R"({"kind":"circle_point","c":[-5,0],"r":1,"d":[10,0],"q":[0,0],"colour":"red"})",
        "not json",
        R"({"kind":"circle_point","c":[-5,0],"r":-1,"d":[10,0],"q":[0,0]})",
        R"({"kind":"circle_point","c":[-5,0],"d":[10,0],"q":[0,0]})",
        R"({"kind":"teleport"})",
        "",
        R"({"kind":"circle_point","c":[-5,0],"r":1,"d":[-10,0],"q":[0,0]})",
    });
    EXPECT_EQ(run.exit_code, 1);
    ASSERT_EQ(run.answers.size(), 6u) << "the blank line is skipped: " << run.raw;
    EXPECT_EQ(run.answers[0]["error"], "line 1: unknown field \"colour\" in a circle_point query "
                                       "(its fields: kind, c, r, d, q, accel)");
    EXPECT_EQ(run.answers[1]["error"].get<std::string>().rfind("line 2: not JSON", 0), 0u);
    EXPECT_EQ(run.answers[2]["error"], "line 3: \"r\" must be >= 0");
    EXPECT_EQ(run.answers[3]["error"], "line 4: missing field \"r\"");
    EXPECT_EQ(
        run.answers[4]["error"].get<std::string>().rfind("line 5: unknown kind \"teleport\"", 0),
        0u);
    EXPECT_EQ(run.answers[5], json({{"hit", false}})) << "moving away";
}

TEST(CliToi, TraceListsTheCandidatesAndTheirVerdicts) {
    const ToiRun run =
        toi({R"({"kind":"circle_segment","c":[0,5],"r":1,"d":[0,-10],"a":[-2,0],"b":[2,0]})"},
            "--trace");
    ASSERT_EQ(run.answers.size(), 1u);
    const json& trace = run.answers[0]["trace"];
    ASSERT_EQ(trace["candidates"].size(), 3u);
    EXPECT_EQ(trace["candidates"][0]["name"], "band");
    EXPECT_EQ(trace["candidates"][0]["roots"][0]["verdict"], "taken");
    EXPECT_DOUBLE_EQ(trace["candidates"][0]["roots"][1]["t"].get<double>(), 0.6);
}

TEST(CliToi, TracePrintsTheQuarticBandsCoefficients) {
    // The end b slides right by 2 while a stays: relative to a, u(t) = (2 + 2t, 0); the circle
    // (r = 1) from (0, 3) down by 2: w(t) = (1, 3 - 2t). cross(u, w) = 6 + 2t - 4t^2, so
    // g(t) = cross(u, w)^2 - r^2 |u|^2 = (36 + 24t - 44t^2 - 16t^3 + 16t^4) - (4 + 8t + 4t^2)
    //      = 32 + 16t - 48t^2 - 16t^3 + 16t^4.
    const ToiRun run = toi({R"({"kind":"circle_moving_segment","c":[0,3],"r":1,"d":[0,-2],)"
                            R"("a":[-1,0],"b":[1,0],"da":[0,0],"db":[2,0]})"},
                           "--trace");
    ASSERT_EQ(run.answers.size(), 1u) << run.raw;
    const json* band = nullptr;
    for (const json& c : run.answers[0]["trace"]["candidates"])
        if (c["name"] == "band (quartic)") band = &c;
    ASSERT_NE(band, nullptr) << run.raw;
    EXPECT_EQ((*band)["coefficients"], json::array({32.0, 16.0, -48.0, -16.0, 16.0})) << run.raw;
    EXPECT_FALSE(band->contains("a")) << "no quadratic's a, b, c for a quartic";
    // A quadratic candidate prints both forms: coefficients [c, b, a] and a, b, c by name.
    const ToiRun quadratic =
        toi({R"({"kind":"circle_segment","c":[0,5],"r":1,"d":[0,-10],"a":[-2,0],"b":[2,0]})"},
            "--trace");
    const json& cap = quadratic.answers[0]["trace"]["candidates"][1];
    EXPECT_EQ(cap["name"], "cap A");
    EXPECT_EQ(cap["coefficients"], json::array({cap["c"], cap["b"], cap["a"]}));
}

TEST(CliToi, AnUnknownKindIsAnsweredWithEveryKindOfTheRegistry) {
    const ToiRun run = toi({R"({"kind":"teleport"})"});
    ASSERT_EQ(run.answers.size(), 1u);
    EXPECT_EQ(run.answers[0]["error"],
              "line 1: unknown kind \"teleport\" (expected circle_point, circle_circle, "
              "circle_segment, point_segment, point_moving_segment, circle_moving_segment, "
              "polygon_polygon, circle_polygon, polygon_moving_segment, segment_segment, "
              "point_rotating_segment, "
              "circle_rotating_segment, circle_rotating_polygon, rotating_polygon_segment, "
              "rotating_polygon_polygon or rotating_polygon_rotating_segment)");
    const ToiRun seed =
        toi({R"({"kind":"polygon_polygon"})"}, "--algorithm conservative-advancement");
    EXPECT_EQ(seed.answers[0]["error"],
              "line 1: algorithm \"conservative-advancement\" has no polygon_polygon query: "
              "not a method for this pair (it answers circle_segment, point_rotating_segment, "
              "circle_rotating_segment, circle_rotating_polygon, rotating_polygon_segment and "
              "rotating_polygon_polygon; use --algorithm exact)");
}

TEST(CliToi, AnotherAlgorithmCanBeChosenAndUnknownOnesAreRefused) {
    const ToiRun seed =
        toi({R"({"kind":"circle_segment","c":[0,5],"r":1,"d":[0,-10],"a":[-2,0],"b":[2,0]})",
             R"({"kind":"circle_point","c":[-5,0],"r":1,"d":[10,0],"q":[0,0]})"},
            "--algorithm seed004");
    EXPECT_EQ(seed.exit_code, 1);
    ASSERT_EQ(seed.answers.size(), 2u);
    EXPECT_DOUBLE_EQ(seed.answers[0]["t"].get<double>(), 0.4);
    EXPECT_EQ(seed.answers[1]["error"].get<std::string>().rfind(
                  "line 2: algorithm \"seed004\" has no circle_point", 0),
              0u);

    const auto bad = run_command(kCli + " toi --algorithm magic < /dev/null");
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_EQ(bad.output, "ccdlab-cli toi: unknown algorithm \"magic\" (see --help)\n");
}

TEST(CliToi, Box2DAnswersAtItsTargetSeparationAndRefusesWhatItCannotTake) {
    // Box2D's b2TimeOfImpact stops where the cores are at its target separation (docs/
    // algorithms.md): a circle of r = 1 against an edge at 1 + 0.01 - 3 x 0.005 = 0.995 from it,
    // within 0.00125. Falling from y = 5 by 10: t = 4.005 / 10, where the exact query says 0.4.
    // Two unit squares 2 apart closing at 4: target 0.005, t = 1.995 / 4. A polygon against a
    // wall whose ends move apart is no rigid body, and a dart is not convex: error lines.
    const ToiRun run =
        toi({R"({"kind":"circle_segment","c":[0,5],"r":1,"d":[0,-10],"a":[-5,0],"b":[5,0]})",
             R"({"kind":"polygon_polygon","p1":[[0,0],[1,0],[1,1],[0,1]],"d1":[4,0],)"
             R"("p2":[[3,0],[4,0],[4,1],[3,1]],"d2":[0,0]})",
             R"({"kind":"polygon_moving_segment","polygon":[[0,2],[1,2],[1,3],[0,3]],"d":[0,-4],)"
             R"("a":[-5,0],"b":[5,0],"da":[0,0],"db":[0,1]})",
             R"({"kind":"circle_polygon","c":[0,0.5],"r":1,"d":[4,0],)"
             R"("polygon":[[3,0],[5,0.5],[3,1],[4,0.5]],"dp":[0,0]})"},
            "--algorithm box2d");
    EXPECT_EQ(run.exit_code, 1);
    ASSERT_EQ(run.answers.size(), 4u);
    EXPECT_NEAR(run.answers[0]["t"].get<double>(), 0.4005, 0.000125 + 1e-6);
    EXPECT_EQ(run.answers[0]["feature"], "interior");
    EXPECT_NEAR(run.answers[1]["t"].get<double>(), 1.995 / 4, 0.00125 / 4 + 1e-6);
    EXPECT_EQ(run.answers[2]["error"],
              "line 3: algorithm \"box2d\" cannot take this polygon_moving_segment query: the "
              "obstacle's segment's ends move differently (da = [0, 0], db = [0, 1]): a Box2D "
              "body moves rigidly");
    EXPECT_EQ(run.answers[3]["error"].get<std::string>().rfind(
                  "line 4: algorithm \"box2d\" cannot take this circle_polygon query: the "
                  "obstacle's polygon is not strictly convex",
                  0),
              0u)
        << run.answers[3];

    // A graze at 0.999 over a segment: the exact query touches, Box2D (target 0.995) misses,
    // and its trace says so: the state, the target and the closest sampled approach.
    const ToiRun graze =
        toi({R"({"kind":"circle_segment","c":[-5,0.999],"r":1,"d":[10,0],"a":[-1,0],"b":[1,0]})"},
            "--algorithm box2d --trace");
    ASSERT_EQ(graze.answers.size(), 1u);
    EXPECT_EQ(graze.answers[0]["hit"], false);
    const json& search = graze.answers[0]["trace"]["iterative"];
    EXPECT_EQ(search["state"], "separated");
    EXPECT_NEAR(search["target"].get<double>(), 0.995, 1e-6);
    EXPECT_NEAR(search["tolerance"].get<double>(), 0.00125, 1e-9);
    EXPECT_EQ(search["iteration_cap"], 20);
    EXPECT_NE(search["explanation"].get<std::string>().find("come within 0.999"), std::string::npos)
        << search;
}

TEST(CliToi, BulletsCastsAnswerWithinTheirStopDistanceAndRefuseWhatTheyCannotTake) {
    // Bullet's casts (docs/algorithms.md, "Bullet 3.24"): a circle of r = 1 falling from y = 5
    // by 10 onto the floor touches at t = 0.4; btContinuousConvexCollision and btGjkConvexCast
    // stop at most 0.001 short of touching (t within 0.0001 before 0.4), the subsimplex cast
    // within 4.7e-8. A wall whose ends move apart is no rigid body: an error line. A turning
    // obstacle: only "bullet" (conservative advancement) takes it.
    const char* const circle_on_floor =
        R"({"kind":"circle_segment","c":[0,5],"r":1,"d":[0,-10],"a":[-5,0],"b":[5,0]})";
    for (const char* algorithm : {"bullet", "bullet-gjk", "bullet-subsimplex"}) {
        SCOPED_TRACE(algorithm);
        const ToiRun run =
            toi({circle_on_floor,
                 R"({"kind":"polygon_moving_segment","polygon":[[0,2],[1,2],[1,3],[0,3]],)"
                 R"("d":[0,-4],"a":[-5,0],"b":[5,0],"da":[0,0],"db":[0,1]})"},
                std::string("--algorithm ") + algorithm + " --trace");
        EXPECT_EQ(run.exit_code, 1);
        ASSERT_EQ(run.answers.size(), 2u);
        EXPECT_EQ(run.answers[0]["hit"], true) << run.answers[0];
        EXPECT_LE(run.answers[0]["t"].get<double>(), 0.4 + 1e-12);
        EXPECT_GE(run.answers[0]["t"].get<double>(), 0.4 - 0.0001 - 1e-12);
        EXPECT_EQ(run.answers[0]["feature"], "interior");
        EXPECT_EQ(run.answers[0]["trace"]["iterative"]["iteration_cap"], 64);
        EXPECT_EQ(run.answers[1]["error"],
                  std::string("line 2: algorithm \"") + algorithm +
                      "\" cannot take this polygon_moving_segment query: the obstacle's "
                      "segment's ends move differently (da = [0, 0], db = [0, 1]): a Bullet body "
                      "moves rigidly");
    }
    const char* const point_on_turning_bar =
        R"({"kind":"point_rotating_segment","p":[1,1],"d":[0,0],"a":[0,0],"b":[2,0],)"
        R"("pivot":[0,0],"v":[0,0],"angle":1.5707963267948966})";
    const ToiRun turning = toi({point_on_turning_bar}, "--algorithm bullet");
    ASSERT_EQ(turning.answers.size(), 1u);
    EXPECT_EQ(turning.answers[0]["hit"], true) << turning.answers[0];
    EXPECT_LE(turning.answers[0]["t"].get<double>(), 0.5 + 1e-12);
    EXPECT_GE(turning.answers[0]["t"].get<double>(), 0.5 - 0.001 / 2.2 - 1e-12);
    const ToiRun straight_only = toi({point_on_turning_bar}, "--algorithm bullet-gjk");
    ASSERT_EQ(straight_only.answers.size(), 1u);
    EXPECT_NE(straight_only.answers[0]["error"].get<std::string>().find(
                  "algorithm \"bullet-gjk\" has no point_rotating_segment query"),
              std::string::npos)
        << straight_only.answers[0];
}

TEST(CliToi, AnswersThePolygonKindsWithTheirVertexAndEdge) {
    // Hand-computed, with the square [-1, 1]^2 (edges: 0 bottom, 1 right, 2 top, 3 left):
    // a circle (r = 1) from x = -4 by 4 reaches the left edge at t = 0.5; the square moving 4
    // toward a wall lying on y = 0 from x = 3 meets the wall's end A with its right edge at
    // t = 0.5; the unit square moving 5 toward [3, 4] x [0.5, 1.5] touches it with its vertex 2
    // on edge 3 at t = 0.4 (tests/core/queries/toi_polygon_test.cpp).
    const std::string square = "[[-1,-1],[1,-1],[1,1],[-1,1]]";
    const ToiRun run = toi({
        R"({"kind":"circle_polygon","c":[-4,0.25],"r":1,"d":[4,0],"polygon":)" + square +
            R"(,"dp":[0,0]})",
        R"({"kind":"polygon_moving_segment","polygon":)" + square +
            R"(,"d":[4,0],"a":[3,0],"b":[10,0],"da":[0,0],"db":[0,0]})",
        R"({"kind":"polygon_polygon","p1":[[0,0],[1,0],[1,1],[0,1]],"d1":[5,0],"p2":[[3,0.5],[4,0.5],[4,1.5],[3,1.5]],"d2":[0,0]})",
        R"({"kind":"circle_polygon","c":[0,0],"r":1,"d":[1,0],"polygon":[[0,0],[1,1]],"dp":[0,0]})",
    });
    ASSERT_EQ(run.exit_code, 1) << run.raw;
    ASSERT_EQ(run.answers.size(), 4u) << run.raw;
    EXPECT_EQ(run.answers[0]["t"], 0.5);
    EXPECT_EQ(run.answers[0]["feature"], "polygon_edge");
    EXPECT_EQ(run.answers[0]["obstacle_edge"], 3);
    EXPECT_FALSE(run.answers[0].contains("obstacle_vertex"));
    EXPECT_FALSE(run.answers[0].contains("edge")) << "each part says whose it is";
    EXPECT_EQ(run.answers[1]["t"], 0.5);
    EXPECT_EQ(run.answers[1]["feature"], "endpoint_a");
    EXPECT_EQ(run.answers[1]["mover_edge"], 1);
    EXPECT_FALSE(run.answers[1].contains("mover_vertex"));
    EXPECT_EQ(run.answers[2]["t"], 0.4);
    EXPECT_EQ(run.answers[2]["feature"], "polygon_edge");
    EXPECT_EQ(run.answers[2]["mover_vertex"], 2);
    EXPECT_EQ(run.answers[2]["obstacle_edge"], 3);
    EXPECT_EQ(run.answers[3]["error"], "line 4: \"polygon\" must be a list of at least 3 [x, y]");

    const ToiRun traced =
        toi({R"({"kind":"circle_polygon","c":[-4,0.25],"r":1,"d":[4,0],"polygon":)" + square +
             R"(,"dp":[0,0]})"},
            "--trace");
    ASSERT_EQ(traced.exit_code, 0) << traced.raw;
    const json& candidates = traced.answers[0]["trace"]["candidates"];
    ASSERT_EQ(candidates.size(), 12u);
    EXPECT_EQ(candidates[9]["name"], "edge 3: band");
    EXPECT_EQ(candidates[9]["obstacle_edge"], 3);
    EXPECT_EQ(candidates[10]["obstacle_vertex"], 3) << "edge 3's cap A is vertex 3";
    EXPECT_EQ(candidates[11]["obstacle_vertex"], 0) << "edge 3's cap B is vertex 0";

    const ToiRun seed =
        toi({R"({"kind":"circle_polygon","c":[-4,0.25],"r":1,"d":[4,0],"polygon":)" + square +
             R"(,"dp":[0,0]})"},
            "--algorithm seed004");
    EXPECT_EQ(seed.exit_code, 1);
    EXPECT_EQ(seed.answers[0]["error"].get<std::string>().rfind(
                  "line 1: algorithm \"seed004\" has no circle_polygon", 0),
              0u);
}

TEST(CliToi, TraceRootsSayWhereTheyHappen) {
    // A root is placed on the moving part of its equation at its t:
    // - the circle from (-4, 0.25) by (4, 0) meets the square [-1, 1]^2's left side (edge 3) at
    //   t = 0.5, its center then at (-2, 0.25);
    // - the unit square moving 5 right: its vertex 2, (1, 1), is at (3, 1) at t = 0.4; the
    //   still obstacle's vertex 0 stays at (3, 0.5) at any root;
    // - the wall's still end A stays at (3, 0) against every edge of the moving square.
    const std::string square = "[[-1,-1],[1,-1],[1,1],[-1,1]]";
    const ToiRun run = toi(
        {R"({"kind":"circle_polygon","c":[-4,0.25],"r":1,"d":[4,0],"polygon":)" + square +
             R"(,"dp":[0,0]})",
         R"({"kind":"polygon_polygon","p1":[[0,0],[1,0],[1,1],[0,1]],"d1":[5,0],"p2":[[3,0.5],[4,0.5],[4,1.5],[3,1.5]],"d2":[0,0]})",
         R"({"kind":"polygon_moving_segment","polygon":)" + square +
             R"(,"d":[4,0],"a":[3,0],"b":[10,0],"da":[0,0],"db":[0,0]})"},
        "--trace");
    ASSERT_EQ(run.answers.size(), 3u) << run.raw;
    const auto candidate = [&](std::size_t answer, const std::string& name) {
        for (const json& c : run.answers[answer]["trace"]["candidates"])
            if (c["name"].get<std::string>().rfind(name, 0) == 0) return c; // "name[: part]"
        ADD_FAILURE() << "no candidate " << name;
        return json();
    };
    const json band = candidate(0, "edge 3: band");
    ASSERT_FALSE(band["roots"].empty());
    EXPECT_EQ(band["roots"][0]["verdict"], "taken");
    EXPECT_EQ(band["roots"][0]["position"], json::array({-2.0, 0.25}));

    const json vertex = candidate(1, "mover vertex 2 / obstacle edge 3");
    ASSERT_FALSE(vertex["roots"].empty());
    EXPECT_EQ(vertex["roots"][0]["verdict"], "taken");
    EXPECT_EQ(vertex["roots"][0]["position"], json::array({3.0, 1.0}));
    const json obstacle_vertex = candidate(1, "obstacle vertex 0 / mover edge 1");
    ASSERT_FALSE(obstacle_vertex["roots"].empty());
    for (const json& root : obstacle_vertex["roots"])
        EXPECT_EQ(root["position"], json::array({3.0, 0.5}));

    const json end = candidate(2, "wall end A / edge 1");
    ASSERT_FALSE(end["roots"].empty());
    for (const json& root : end["roots"])
        EXPECT_EQ(root["position"], json::array({3.0, 0.0}));
}

TEST(CliToi, HelpNamesEveryKindAndAlgorithm) {
    const auto help = run_command(kCli + " toi --help");
    EXPECT_EQ(help.exit_code, 0);
    for (const char* word : {"circle_point",
                             "circle_circle",
                             "circle_segment",
                             "point_segment",
                             "point_moving_segment",
                             "circle_moving_segment",
                             "polygon_polygon",
                             "circle_polygon",
                             "polygon_moving_segment",
                             "point_rotating_segment",
                             "circle_rotating_segment",
                             "circle_rotating_polygon",
                             "rotating_polygon_segment",
                             "rotating_polygon_polygon",
                             "exact",
                             "seed004",
                             "seed000-float32",
                             "conservative-advancement",
                             "seed002-chords",
                             "box2d",
                             "bullet",
                             "bullet-gjk",
                             "bullet-subsimplex"})
        EXPECT_NE(help.output.find(word), std::string::npos) << word;
}

// The turning kinds' other methods, on the point (0.5, 0.5) against the bar (0,0)-(2,0) turning
// by pi/2 about its end (touching at t = 0.5, when the bar is at 45 degrees):
//  - seed 002's chords: the bar at t is (0,0)-(2 - 2t, 2t), through the point at t = 0.5 too;
//    its trace holds the chords, the tip's from (2, 0) to (0, 2);
//  - conservative advancement: the distance 0.7071 sin(pi/4 - pi t/2) starts at 0.5, so its
//    target is 0.06 and it stops where the distance is in [0.06, 0.062): t in
//    ((pi/4 - asin(0.062/0.7071)) 2/pi, (pi/4 - asin(0.06/0.7071)) 2/pi], short of 0.5; its
//    trace has every step;
// and a straight-line kind, which seed 002's chords are not a method for, refused as such.
TEST(CliToi, AnswersTheTurningKindsWithTheirOtherMethods) {
    const std::string query =
        R"({"kind":"point_rotating_segment","p":[0.5,0.5],"d":[0,0],"a":[0,0],"b":[2,0],)"
        R"("pivot":[0,0],"v":[0,0],"angle":1.5707963267948966})";
    const ToiRun chords = toi({query}, "--algorithm seed002-chords --trace");
    EXPECT_EQ(chords.exit_code, 0) << chords.raw;
    ASSERT_EQ(chords.answers.size(), 1u);
    EXPECT_NEAR(chords.answers[0]["t"].get<double>(), 0.5, 1e-12) << chords.raw;
    EXPECT_EQ(chords.answers[0]["feature"], "interior");
    const json& path = chords.answers[0]["trace"]["chords"];
    ASSERT_EQ(path.size(), 3u) << chords.raw;
    EXPECT_EQ(path[2]["side"], "obstacle");
    EXPECT_EQ(path[2]["vertex"], 1);
    EXPECT_EQ(path[2]["from"], json::array({2.0, 0.0}));
    EXPECT_NEAR(path[2]["to"][0].get<double>(), 0.0, 1e-15);
    EXPECT_NEAR(path[2]["to"][1].get<double>(), 2.0, 1e-15);

    const ToiRun advancement = toi({query}, "--algorithm conservative-advancement --trace");
    EXPECT_EQ(advancement.exit_code, 0) << advancement.raw;
    ASSERT_EQ(advancement.answers.size(), 1u);
    const double t = advancement.answers[0]["t"].get<double>();
    const double r = std::sqrt(0.5);
    EXPECT_GT(t, (M_PI / 4 - std::asin(0.062 / r)) * 2 / M_PI) << advancement.raw;
    EXPECT_LE(t, (M_PI / 4 - std::asin(0.06 / r)) * 2 / M_PI) << advancement.raw;
    const json& iterative = advancement.answers[0]["trace"]["iterative"];
    EXPECT_EQ(iterative["state"], "within target");
    EXPECT_EQ(iterative["target"], 0.06);
    ASSERT_GE(iterative["steps"].size(), 2u);
    EXPECT_EQ(iterative["steps"][0]["t"], 0.0);
    EXPECT_NEAR(iterative["steps"][0]["separation"].get<double>(), 0.5, 1e-15);
    EXPECT_NEAR(iterative["steps"][0]["closing_bound"].get<double>(), M_PI, 1e-15);
    EXPECT_EQ(iterative["steps"].back()["t"], t);

    const ToiRun straight =
        toi({R"({"kind":"circle_segment","c":[0,5],"r":1,"d":[0,-10],"a":[-2,0],"b":[2,0]})"},
            "--algorithm seed002-chords");
    EXPECT_EQ(straight.exit_code, 1);
    EXPECT_EQ(straight.answers[0]["error"],
              "line 1: algorithm \"seed002-chords\" has no circle_segment query: not a method "
              "for this pair (it answers point_rotating_segment, circle_rotating_segment, "
              "circle_rotating_polygon, rotating_polygon_segment and rotating_polygon_polygon; "
              "use --algorithm exact)");
}

// The turning kinds, each touching at t = 0.5 by hand, within the certified guarantee
// (toi_turning.hpp: delta = 1e-12 x 4 of the distance, closing at speed >= 1: 4e-12 in t):
//  - the bar (0,0)-(2,0) turning by pi/2 about its end is at angle pi/4 at t = 0.5, where the
//    point (1, 1) lies on it; the point is on its counter-clockwise side: normal (-1, 1)/sqrt 2;
//  - the bar (0,0)-(4,0) turning by pi: the centre (-1, 2) is 2 cos a + sin a >= 1 from its line
//    at angle a = pi t, 1 at a = pi/2; touching (0, 2), normal (-1, 0);
//  - the triangle (0,0), (2,-1), (4,0) turning by pi leads with its edge 2 (4,0) -> (0,0), which
//    is that bar: the same circle touches edge 2 at t = 0.5;
//  - that triangle meets the end a = (0, 2) of the segment (0,2)-(-2,2) with its edge 2 when it
//    stands on the y axis (x > 0 before): endpoint_a, mover_edge 2;
//  - against the box [-2, 0] x [1.5, 2.5] (turning by 0), whose right side lies on the y axis.
TEST(CliToi, AnswersTheTurningKinds) {
    const std::string pi = "3.141592653589793", blade = "[[0,0],[2,-1],[4,0]]";
    const ToiRun run = toi({
        R"({"kind":"point_rotating_segment","p":[1,1],"d":[0,0],"a":[0,0],"b":[2,0],)"
        R"("pivot":[0,0],"v":[0,0],"angle":1.5707963267948966})",
        R"({"kind":"circle_rotating_segment","c":[-1,2],"r":1,"d":[0,0],"a":[0,0],"b":[4,0],)"
        R"("pivot":[0,0],"v":[0,0],"angle":)" +
            pi + "}",
        R"({"kind":"circle_rotating_polygon","c":[-1,2],"r":1,"d":[0,0],"polygon":)" + blade +
            R"(,"pivot":[0,0],"v":[0,0],"angle":)" + pi + "}",
        R"({"kind":"rotating_polygon_segment","polygon":)" + blade +
            R"(,"pivot":[0,0],"v":[0,0],"angle":)" + pi + R"(,"a":[0,2],"b":[-2,2]})",
        R"({"kind":"rotating_polygon_polygon","p1":)" + blade +
            R"(,"pivot1":[0,0],"v1":[0,0],"angle1":)" + pi +
            R"(,"p2":[[-2,1.5],[0,1.5],[0,2.5],[-2,2.5]],"pivot2":[0,0],"v2":[0,0],"angle2":0})",
    });
    EXPECT_EQ(run.exit_code, 0) << run.raw;
    ASSERT_EQ(run.answers.size(), 5u) << run.raw;
    for (const json& a : run.answers) {
        ASSERT_EQ(a["hit"], true) << a;
        EXPECT_NEAR(a["t"].get<double>(), 0.5, 4e-12) << a;
        EXPECT_EQ(a["overlap"], false);
        EXPECT_EQ(a["approaching"], true);
    }
    EXPECT_EQ(run.answers[0]["feature"], "interior");
    EXPECT_NEAR(run.answers[0]["normal"][0].get<double>(), -std::sqrt(0.5), 1e-9);
    EXPECT_NEAR(run.answers[0]["normal"][1].get<double>(), std::sqrt(0.5), 1e-9);
    EXPECT_EQ(run.answers[1]["feature"], "interior");
    EXPECT_NEAR(run.answers[1]["point"][0].get<double>(), 0.0, 1e-10);
    EXPECT_NEAR(run.answers[1]["point"][1].get<double>(), 2.0, 1e-10);
    EXPECT_NEAR(run.answers[1]["normal"][0].get<double>(), -1.0, 1e-9);
    EXPECT_EQ(run.answers[2]["feature"], "polygon_edge");
    EXPECT_EQ(run.answers[2]["obstacle_edge"], 2);
    EXPECT_EQ(run.answers[3]["feature"], "endpoint_a");
    EXPECT_EQ(run.answers[3]["mover_edge"], 2);
    EXPECT_EQ(run.answers[4]["feature"], "polygon_vertex");
    EXPECT_EQ(run.answers[4]["mover_edge"], 2);
    // da and db default to [0, 0]: given as zeros, the same answer.
    const ToiRun moving = toi({R"({"kind":"rotating_polygon_segment","polygon":)" + blade +
                               R"(,"pivot":[0,0],"v":[0,0],"angle":)" + pi +
                               R"(,"a":[0,2],"b":[-2,2],"da":[0,0],"db":[0,0]})"});
    ASSERT_EQ(moving.answers.size(), 1u);
    EXPECT_EQ(moving.answers[0]["t"], run.answers[3]["t"]);
}

TEST(CliToi, TurningPolygonsMustBeConvexAndCounterClockwise) {
    const std::string tail = R"(,"pivot":[0,0],"v":[0,0],"angle":1,"a":[5,5],"b":[6,5]})";
    const ToiRun run = toi({
        R"({"kind":"rotating_polygon_segment","polygon":[[0,0],[0,1],[1,0]])" + tail,
        R"({"kind":"rotating_polygon_segment","polygon":[[0,0],[2,0],[1,0.2],[1,1]])" + tail,
    });
    ASSERT_EQ(run.answers.size(), 2u);
    EXPECT_EQ(run.answers[0]["error"],
              "line 1: \"polygon\" must be convex and counter-clockwise (it turns clockwise at "
              "vertex 1)");
    // The check scales the polygon first: a counter-clockwise triangle is one at 1e300 and at
    // 5e-324 (whose cross products would overflow or vanish), and is answered.
    const ToiRun extreme = toi({
        R"({"kind":"rotating_polygon_segment","polygon":[[0,0],[1e300,0],[0,1e300]])" + tail,
        R"({"kind":"rotating_polygon_segment","polygon":[[0,0],[5e-324,0],[0,5e-324]])" + tail,
    });
    ASSERT_EQ(extreme.answers.size(), 2u);
    EXPECT_TRUE(extreme.answers[0].contains("hit")) << extreme.answers[0];
    EXPECT_TRUE(extreme.answers[1].contains("hit")) << extreme.answers[1];
    EXPECT_EQ(run.answers[1]["error"],
              "line 2: \"polygon\" must be convex and counter-clockwise (it turns clockwise at "
              "vertex 2)");
}

// The trace of a turning query is its certified search (docs/cli.md): the bar meeting the
// point, as above. f(0) = 1, the point's height above the bar at angle 0; f(1) = |(1,1) -
// (0,1)| = 1 (the bar then stands on the y axis).
TEST(CliToi, TheTraceOfATurningQueryIsItsSearch) {
    const ToiRun run = toi({R"({"kind":"point_rotating_segment","p":[1,1],"d":[0,0],"a":[0,0],)"
                            R"("b":[2,0],"pivot":[0,0],"v":[0,0],"angle":1.5707963267948966})"},
                           "--trace");
    ASSERT_EQ(run.answers.size(), 1u) << run.raw;
    const json& search = run.answers[0]["trace"]["search"];
    EXPECT_EQ(run.answers[0]["trace"]["query"], "certified");
    ASSERT_EQ(search["samples"].size(), 65u);
    EXPECT_EQ(search["samples"][0], json::array({0.0, 1.0}));
    EXPECT_NEAR(search["samples"][64][1].get<double>(), 1.0, 1e-15);
    // [0, 1] holds the contact (t = 0.5), so the first step advances instead: along the bar's
    // normal held fixed its tip closes on the point's height (1) at most at its speed pi, so
    // [0, 1 / pi] is clear (the second-order bound reaches less far); a halving follows.
    EXPECT_EQ(search["brackets"][0]["verdict"], "bound says no contact");
    EXPECT_EQ(search["brackets"][0]["t0"], 0.0);
    EXPECT_NEAR(search["brackets"][0]["t1"].get<double>(), 1 / M_PI, 1e-6);
    EXPECT_EQ(search["brackets"][1]["verdict"], "refined");
    EXPECT_EQ(search["brackets"].back()["verdict"], "contact found");
    EXPECT_EQ(search["final_bracket"][1], run.answers[0]["t"]);
    EXPECT_EQ(search["step_limit_reached"], false);
    EXPECT_GT(search["steps"].get<long>(), 0);
    // delta = 1e-12 x scale, the scale |angle| x 2 (the bar's end from its pivot) = pi.
    EXPECT_NEAR(search["tolerance"].get<double>(), 3.141592653589793e-12, 1e-27);
}

TEST(Cli, UnknownCommandIsAOneLineError) {
    const auto result = run_command(kCli + " frobnicate");
    EXPECT_EQ(result.exit_code, 2);
    EXPECT_EQ(result.output,
              "ccdlab-cli: unknown command \"frobnicate\" (see ccdlab-cli --help)\n");
    EXPECT_EQ(run_command(kCli + " --help").exit_code, 0);
}

// Writes `text` to a scene file named after the running test.
fs::path scene_file(const std::string& text) {
    const auto* info = testing::UnitTest::GetInstance()->current_test_info();
    const fs::path path =
        ccdlab_test::scratch_root() / (std::string("scene-") + info->name() + ".json");
    std::ofstream(path) << text;
    return path;
}

std::vector<json> lines_of(const std::string& output) {
    std::vector<json> out;
    std::istringstream text(output);
    for (std::string line; std::getline(text, line);)
        out.push_back(json::parse(line));
    return out;
}

TEST(CliReplay, ABallFallingOntoAFloorBouncesOnceAtTheHandComputedTime) {
    // From y = 5 (r = 1) by 10 onto y = 0: touches at y = 1, t = 0.4; elastic: up at 10.
    const fs::path scene = scene_file(R"({"format":"ccdlab-scene","version":1,
      "bodies":[{"name":"ball","shape":"circle","position":[0,5],"velocity":[0,-10],"radius":1}],
      "segments":[{"name":"floor","a":[-5,0],"b":[5,0]}]})");
    const auto result = run_command(kCli + " replay " + scene.string() + " --frames 2");
    ASSERT_EQ(result.exit_code, 0) << result.output;
    const auto lines = lines_of(result.output);
    ASSERT_EQ(lines.size(), 1u)
        << "after the bounce it rises to y = 7 and then 17: no more contact";
    const json& e = lines[0];
    EXPECT_EQ(e["frame"], 0);
    EXPECT_EQ(e["status"], "processed");
    EXPECT_DOUBLE_EQ(e["t"].get<double>(), 0.4);
    EXPECT_EQ(e["a"], "ball");
    EXPECT_EQ(e["b"], "floor");
    EXPECT_EQ(e["feature"], "interior");
    EXPECT_EQ(e["point"], json::array({0.0, 0.0}));
    EXPECT_DOUBLE_EQ(e["normal"][1].get<double>(), 1.0);
    EXPECT_EQ(e["velocity_after"], json::array({0.0, 10.0}));
}

TEST(CliReplay, TheLogLevelKeepsTheEventsAndDropsTheCancelledPredictions) {
    // Walls x = +-7; unit balls at x = -3 and 3 closing at 10 each: they meet at t = 0.2 and
    // exchange velocities, which cancels their predictions at the walls (t = 0.9); each then
    // reaches a wall at t = 0.7, and they are 10 apart at 20 a frame when the frame ends.
    const fs::path scene = scene_file(R"({"format":"ccdlab-scene","version":1,
      "bodies":[{"name":"left","shape":"circle","position":[-3,0],"velocity":[10,0],"radius":1},
                {"name":"right","shape":"circle","position":[3,0],"velocity":[-10,0],"radius":1}],
      "segments":[{"name":"west","a":[-7,-5],"b":[-7,5]},{"name":"east","a":[7,-5],"b":[7,5]}]})");
    const auto full = run_command(kCli + " replay " + scene.string());
    const auto events = run_command(kCli + " replay " + scene.string() + " --log-level events");
    const auto none = run_command(kCli + " replay " + scene.string() + " --log-level none");
    ASSERT_EQ(full.exit_code, 0) << full.output;
    ASSERT_EQ(events.exit_code, 0) << events.output;
    ASSERT_EQ(none.exit_code, 0) << none.output;
    const auto full_lines = lines_of(full.output);
    ASSERT_EQ(full_lines.size(), 5u) << full.output;
    EXPECT_EQ(full_lines[3]["status"], "cancelled");
    EXPECT_DOUBLE_EQ(full_lines[3]["t"].get<double>(), 0.9);
    const auto event_lines = lines_of(events.output);
    ASSERT_EQ(event_lines.size(), 3u) << events.output;
    for (std::size_t i = 0; i < 3; ++i)
        EXPECT_EQ(event_lines[i], full_lines[i]);
    EXPECT_DOUBLE_EQ(event_lines[0]["t"].get<double>(), 0.2);
    EXPECT_DOUBLE_EQ(event_lines[2]["t"].get<double>(), 0.7);
    EXPECT_EQ(none.output, "{\"events\":3,\"frame\":0}\n");
    const auto bad = run_command(kCli + " replay " + scene.string() + " --log-level some");
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_EQ(bad.output, "ccdlab-cli replay: --log-level is full, events or none, got \"some\"\n");
}

TEST(CliReplay, FromPrintsTheFramesFromThatOneOn) {
    // The two balls above: every frame repeats frame 0 (after the walls at t = 0.7 they are
    // back at x = -3 and 3 at t = 1, closing at 10 each), so frame 2 processed the meeting at
    // t = 0.2 and the walls at t = 0.7, and cancelled the two wall predictions of t = 0.9.
    const fs::path scene = scene_file(R"({"format":"ccdlab-scene","version":1,
      "bodies":[{"name":"left","shape":"circle","position":[-3,0],"velocity":[10,0],"radius":1},
                {"name":"right","shape":"circle","position":[3,0],"velocity":[-10,0],"radius":1}],
      "segments":[{"name":"west","a":[-7,-5],"b":[-7,5]},{"name":"east","a":[7,-5],"b":[7,5]}]})");
    const auto result = run_command(kCli + " replay " + scene.string() + " --frames 3 --from 2");
    ASSERT_EQ(result.exit_code, 0) << result.output;
    const auto lines = lines_of(result.output);
    ASSERT_EQ(lines.size(), 5u) << result.output;
    for (const json& line : lines)
        EXPECT_EQ(line["frame"], 2) << line.dump();
    const double times[] = {0.2, 0.7, 0.7, 0.9, 0.9};
    const char* statuses[] = {"processed", "processed", "processed", "cancelled", "cancelled"};
    for (std::size_t i = 0; i < 5; ++i) {
        // Within rounding: two frames of motion by 10 a frame leave the balls a few ulps off
        // x = -3 and 3.
        EXPECT_NEAR(lines[i]["t"].get<double>(), times[i], 1e-12) << lines[i].dump();
        EXPECT_EQ(lines[i]["status"], statuses[i]) << lines[i].dump();
    }
    EXPECT_EQ(lines[0]["a"], "left");
    EXPECT_EQ(lines[0]["b"], "right");
    const auto none =
        run_command(kCli + " replay " + scene.string() + " --frames 2 --from 1 --log-level none");
    EXPECT_EQ(none.exit_code, 0);
    EXPECT_EQ(none.output, "{\"events\":3,\"frame\":1}\n");
    const auto past = run_command(kCli + " replay " + scene.string() + " --frames 3 --from 3");
    EXPECT_EQ(past.exit_code, 2);
    EXPECT_EQ(past.output,
              "ccdlab-cli replay: --from 3 is past the last frame stepped, 2 (--frames 3)\n");
    const auto bad = run_command(kCli + " replay " + scene.string() + " --from -1");
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_EQ(bad.output,
              "ccdlab-cli replay: --from needs a frame number from 0 to 99999, got \"-1\"\n");
}

TEST(CliReplay, APolygonIsABodyNamedInTheLogWithItsVertexAndEdge) {
    // The square [0, 2] x [0, 2] (centroid (1, 1); edge 1 its right side, x = 2) moving 4 a
    // frame toward a ball (r = 1) at (5, 1): the side meets the ball at x = 4, t = 0.5. The
    // square is body 1 (after the ball), so the ball is `a`, touching the square's edge 1.
    // Equal masses, elastic: the ball leaves at 4 a frame.
    const fs::path scene = scene_file(R"({"format":"ccdlab-scene","version":1,
      "bodies":[{"name":"ball","shape":"circle","position":[5,1],"velocity":[0,0],"radius":1}],
      "polygons":[{"name":"crate","vertices":[[0,0],[2,0],[2,2],[0,2]],"velocity":[4,0]}]})");
    const auto result = run_command(kCli + " replay " + scene.string());
    ASSERT_EQ(result.exit_code, 0) << result.output;
    const auto lines = lines_of(result.output);
    ASSERT_EQ(lines.size(), 1u) << result.output;
    const json& e = lines[0];
    EXPECT_DOUBLE_EQ(e["t"].get<double>(), 0.5);
    EXPECT_EQ(e["a"], "ball");
    EXPECT_EQ(e["b"], "crate");
    EXPECT_EQ(e["feature"], "polygon_edge");
    EXPECT_EQ(e["edge"], 1);
    EXPECT_FALSE(e.contains("vertex"));
    EXPECT_EQ(e["point"], json::array({4.0, 1.0}));
    EXPECT_EQ(e["velocity_after"], json::array({4.0, 0.0}));
    EXPECT_FALSE(e.contains("impulse")) << "no body turns: the line reads as before";
    EXPECT_FALSE(e.contains("angular_velocity_after"));

    // Recorded as a fixture, it checks clean.
    const fs::path fixture = scene.parent_path() / "ccdlab-recorded-crate.json";
    fs::remove(fixture);
    ASSERT_EQ(run_command(kCli + " record " + scene.string() + " -o " + fixture.string()).exit_code,
              0);
    const auto check = run_command(kCli + " check " + fixture.string());
    EXPECT_EQ(check.exit_code, 0) << check.output;
    EXPECT_EQ(check.output, "ok " + fixture.string() + "\n");
}

TEST(CliReplay, ATurningBodysEventPrintsTheImpulseAndEachSideSSpin) {
    // The crate [-1, 1]^2 free to turn (angular velocity 0; density 1: mass 4, moment of
    // inertia 4 (2^2 + 2^2) / 12 = 8/3) at rest; a ball of radius 0.5 (mass 1) at (-3, 0.5)
    // moving 2 a frame reaches its left side at t = 0.75, half a unit above its center. With
    // the lever r = (-1, 0.5) and the normal (-1, 0), r x n = 0.5 and
    //   j = 2 x 2 / (1 + 1/4 + 0.5^2 x 3/8) = 128/43:
    // the ball (a) leaves at 2 - 128/43 = -42/43, its impulse -128/43 along x; the crate (b)
    // turns at -0.5 x 128/43 x 3/8 = -24/43 radians a frame. Nothing had turned yet.
    const fs::path scene = scene_file(R"({"format":"ccdlab-scene","version":1,
      "bodies":[{"name":"ball","shape":"circle","position":[-3,0.5],"velocity":[2,0],"radius":0.5}],
      "polygons":[{"name":"crate","vertices":[[-1,-1],[1,-1],[1,1],[-1,1]],"velocity":[0,0],
                   "angular_velocity":0}]})");
    const auto result = run_command(kCli + " replay " + scene.string());
    ASSERT_EQ(result.exit_code, 0) << result.output;
    const auto lines = lines_of(result.output);
    ASSERT_EQ(lines.size(), 1u) << result.output;
    const json& e = lines[0];
    EXPECT_NEAR(e["t"].get<double>(), 0.75, 1e-12);
    EXPECT_EQ(e["a"], "ball");
    EXPECT_EQ(e["b"], "crate");
    EXPECT_NEAR(e["velocity_after"][0].get<double>(), -42.0 / 43.0, 1e-12);
    ASSERT_TRUE(e.contains("impulse")) << e.dump();
    EXPECT_NEAR(e["impulse"][0].get<double>(), -128.0 / 43.0, 1e-12);
    EXPECT_NEAR(e["impulse"][1].get<double>(), 0.0, 1e-12);
    EXPECT_EQ(e["angle"], 0.0);
    EXPECT_EQ(e["angular_velocity_before"], 0.0);
    EXPECT_EQ(e["angular_velocity_after"], 0.0) << "a ball does not turn";
    EXPECT_NEAR(e["b_angle"].get<double>(), 0.0, 1e-12);
    EXPECT_EQ(e["b_angular_velocity_before"], 0.0);
    EXPECT_NEAR(e["b_angular_velocity_after"].get<double>(), -24.0 / 43.0, 1e-12);
}

TEST(CliReplay, Seed004sABCCaseCancelsAsHitOnC) {
    // A (r = 0.5) from x = 0 at 10 per frame; B at 3 and C at 6 stand still. A meets B when the
    // gap of 2 closes: t = 0.2; equal masses, elastic: A stops, B moves on at 10 and meets C
    // across a gap of 2 at t = 0.4. A's own prediction on C (gap 5, t = 0.5), made at the
    // frame's start, is cancelled by event 0.
    const fs::path scene = scene_file(R"({"format":"ccdlab-scene","version":1,
      "bodies":[{"name":"A","shape":"circle","position":[0,0],"velocity":[10,0],"radius":0.5},
                {"name":"B","shape":"circle","position":[3,0],"velocity":[0,0],"radius":0.5},
                {"name":"C","shape":"circle","position":[6,0],"velocity":[0,0],"radius":0.5}]})");
    const auto result = run_command(kCli + " replay " + scene.string());
    ASSERT_EQ(result.exit_code, 0) << result.output;
    const auto lines = lines_of(result.output);
    ASSERT_GE(lines.size(), 3u) << result.output;
    EXPECT_EQ(lines[0]["status"], "processed");
    EXPECT_EQ(lines[0]["a"], "A");
    EXPECT_EQ(lines[0]["b"], "B");
    EXPECT_DOUBLE_EQ(lines[0]["t"].get<double>(), 0.2);
    EXPECT_EQ(lines[1]["status"], "processed");
    EXPECT_EQ(lines[1]["a"], "B");
    EXPECT_EQ(lines[1]["b"], "C");
    EXPECT_DOUBLE_EQ(lines[1]["t"].get<double>(), 0.4);
    bool a_on_c_cancelled = false;
    for (const json& line : lines)
        if (line["status"] == "cancelled" && line["a"] == "A" && line["b"] == "C") {
            a_on_c_cancelled = true;
            EXPECT_DOUBLE_EQ(line["t"].get<double>(), 0.5);
            EXPECT_EQ(line["cancelled_by"], 0);
            // Where A would have touched C: A's center at 5, C's surface at (5.5, 0).
            EXPECT_EQ(line["point"], json::array({5.5, 0.0}));
            EXPECT_EQ(line["normal"], json::array({-1.0, 0.0}));
        }
    EXPECT_TRUE(a_on_c_cancelled) << result.output;
}

TEST(CliReplay, AFrameCutByTheBudgetEndsWithALineThatSaysSo) {
    // Two balls (r = 1) between walls x = +-2, at 2,000 a frame along x, 10 apart in y: each
    // bounces every 0.001 from t = 0.0005, at the same instants. The event budget, 1,000 + 100
    // per body = 1,200, takes 600 bounces of each; the 1,201st event (ball a's 601st bounce,
    // t = 0.0005 + 600 x 0.001 = 0.6005) would exceed it: the cut.
    const fs::path scene = scene_file(R"({"format":"ccdlab-scene","version":1,
      "bodies":[{"name":"a","shape":"circle","position":[0,0],"velocity":[2000,0],"radius":1},
                {"name":"b","shape":"circle","position":[0,10],"velocity":[2000,0],"radius":1}],
      "segments":[{"name":"left","a":[-2,-5],"b":[-2,15]},{"name":"right","a":[2,-5],"b":[2,15]}]})");
    const auto result = run_command(kCli + " replay " + scene.string());
    ASSERT_EQ(result.exit_code, 0) << result.output.substr(0, 2000);
    const auto lines = lines_of(result.output);
    ASSERT_GE(lines.size(), 1201u);
    EXPECT_EQ(lines[1199]["status"], "processed");
    const json& last = lines.back();
    EXPECT_EQ(last["status"], "budget_cut");
    EXPECT_EQ(last["frame"], 0);
    EXPECT_EQ(last["budget"], "events");
    EXPECT_EQ(last["events"], 1200);
    EXPECT_NEAR(last["t"].get<double>(), 0.6005, 1e-9);
    EXPECT_FALSE(last.contains("a"));
    std::size_t cut_lines = 0;
    for (const json& line : lines)
        cut_lines += line["status"] == "budget_cut" ? 1 : 0;
    EXPECT_EQ(cut_lines, 1u);
}

TEST(CliReplay, EachBodyRespondsAsTheSceneSays) {
    // The falling ball again (contact at t = 0.4, coming down at 10): "stop" leaves it still;
    // "bounce" with restitution 0.5 sends it up at 5.
    for (const auto& [response, expected_vy] :
         {std::pair{std::string(R"("response":"stop")"), 0.0},
          std::pair{std::string(R"("response":"bounce","restitution":0.5)"), 5.0}}) {
        SCOPED_TRACE(response);
        const fs::path scene = scene_file(R"({"format":"ccdlab-scene","version":1,
          "bodies":[{"name":"ball","shape":"circle","position":[0,5],"velocity":[0,-10],"radius":1,)" +
                                          response + R"(}],
          "segments":[{"name":"floor","a":[-5,0],"b":[5,0]}]})");
        const auto result = run_command(kCli + " replay " + scene.string());
        ASSERT_EQ(result.exit_code, 0) << result.output;
        const auto lines = lines_of(result.output);
        ASSERT_GE(lines.size(), 1u);
        EXPECT_DOUBLE_EQ(lines[0]["t"].get<double>(), 0.4);
        EXPECT_DOUBLE_EQ(lines[0]["velocity_after"][1].get<double>(), expected_vy);
    }
}

TEST(CliReplay, BadInputIsAOneLineError) {
    const auto missing = run_command(kCli + " replay /nonexistent/scene.json");
    EXPECT_EQ(missing.exit_code, 1);
    EXPECT_EQ(
        missing.output,
        "ccdlab-cli replay: /nonexistent/scene.json: cannot open the file (does it exist?)\n");
    const auto frames = run_command(kCli + " replay x.json --frames many");
    EXPECT_EQ(frames.exit_code, 2);
    EXPECT_EQ(frames.output, "ccdlab-cli replay: --frames needs a whole number from 1 to 100000, "
                             "got \"many\"\n");
    EXPECT_EQ(run_command(kCli + " replay x.json --frames 100001").output,
              "ccdlab-cli replay: --frames needs a whole number from 1 to 100000, got "
              "\"100001\"\n");
    EXPECT_EQ(run_command(kCli + " replay").exit_code, 2);
    EXPECT_EQ(run_command(kCli + " replay --help").exit_code, 0);
}

// The falling ball of CliReplay, as a scene text with an `expect` section appended.
std::string falling_ball(const std::string& expect = "") {
    return R"({"format":"ccdlab-scene","version":1,"title":"falling ball",
      "bodies":[{"name":"ball","shape":"circle","position":[0,5],"velocity":[0,-10],"radius":1}],
      "segments":[{"name":"floor","a":[-5,0],"b":[5,0]}])" +
           (expect.empty() ? "" : R"(,"expect":)" + expect) + "}";
}

TEST(CliRecord, WritesTheHandComputedEventsAndCheckThenPasses) {
    // The ball touches the floor at t = 0.4 at (0, 0), normal (0, 1), and rises out of reach.
    const fs::path scene = scene_file(falling_ball());
    const fs::path fixture = scene.parent_path() / "ccdlab-recorded-falling-ball.json";
    fs::remove(fixture);
    const auto record =
        run_command(kCli + " record " + scene.string() + " -o " + fixture.string() + " --frames 2");
    ASSERT_EQ(record.exit_code, 0) << record.output;
    EXPECT_EQ(record.output,
              "ccdlab-cli record: 1 events in 2 frame(s) written to " + fixture.string() + "\n");
    std::ifstream in(fixture);
    const json written = json::parse(in);
    EXPECT_EQ(written["title"], "falling ball") << "the rest of the scene is kept";
    EXPECT_EQ(written["expect"]["frames"], 2);
    ASSERT_EQ(written["expect"]["events"].size(), 1u);
    const json& event = written["expect"]["events"][0];
    EXPECT_EQ(event["frame"], 0);
    EXPECT_EQ(event["time"].get<double>(), 0.4);
    EXPECT_EQ(event["a"], "ball");
    EXPECT_EQ(event["b"], "floor");
    EXPECT_EQ(event["feature"], "interior");
    EXPECT_EQ(event["point"][0].get<double>(), 0.0);
    EXPECT_EQ(event["point"][1].get<double>(), 0.0);
    EXPECT_EQ(event["normal"][1].get<double>(), 1.0);

    const auto check = run_command(kCli + " check " + fixture.string());
    EXPECT_EQ(check.exit_code, 0) << check.output;
    EXPECT_EQ(check.output, "ok " + fixture.string() + "\n");
}

TEST(CliRecord, ReRecordingAFixtureInPlaceChangesNothing) {
    const fs::path scene = scene_file(falling_ball());
    const fs::path fixture = scene.parent_path() / "ccdlab-rerecorded-falling-ball.json";
    ASSERT_EQ(run_command(kCli + " record " + scene.string() + " -o " + fixture.string() +
                          " --time-tolerance 1e-12 --distance-tolerance 0")
                  .exit_code,
              0);
    const auto first = run_command("cat " + fixture.string()).output;
    // Frames and tolerances now come from the fixture's own expect section.
    ASSERT_EQ(
        run_command(kCli + " record " + fixture.string() + " -o " + fixture.string()).exit_code, 0);
    EXPECT_EQ(run_command("cat " + fixture.string()).output, first);
    EXPECT_NE(first.find(R"("tolerance": { "time": 1e-12, "distance": 0.0 })"), std::string::npos)
        << first;
    const auto to_stdout = run_command(kCli + " record " + fixture.string() + " -o - 2>/dev/null");
    EXPECT_EQ(to_stdout.exit_code, 0);
    EXPECT_EQ(to_stdout.output, first);
}

TEST(CliCheck, ADifferenceIsShownAsExpectedAgainstGotAndExitsOne) {
    // Expected at t = 0.5, but the ball reaches the floor at t = 0.4. The core's normal has a
    // negative zero x (the perpendicular of the floor's direction (10, 0) is (-0, 10)), and the
    // diff prints every number as it is.
    const fs::path fixture = scene_file(falling_ball(R"({"frames":1,"events":[
        {"frame":0,"time":0.5,"a":"ball","b":"floor","feature":"interior","point":[0,0],"normal":[0,1]}]})"));
    const auto result = run_command(kCli + " check " + fixture.string());
    EXPECT_EQ(result.exit_code, 1);
    EXPECT_EQ(result.output,
              "FAIL " + fixture.string() +
                  "\n"
                  "  event 0: time differs by -0.09999999999999998, more than 1e-09\n"
                  "  expected: frame 0, t 0.5: ball / floor at interior, point (0, "
                  "0), normal (0, 1)\n"
                  "  got:      frame 0, t 0.4: ball / floor at interior, point (0, "
                  "0), normal (-0, 1)\n");
}

TEST(CliCheck, MissingAndUnexpectedEventsAreNamed) {
    // Nothing expected, but the bounce happens.
    const fs::path none = scene_file(falling_ball(R"({"frames":1,"events":[]})"));
    const auto extra = run_command(kCli + " check " + none.string());
    EXPECT_EQ(extra.exit_code, 1);
    EXPECT_NE(extra.output.find("event 0: not expected, but it happened\n  got:      frame 0, t "
                                "0.4: ball / floor"),
              std::string::npos)
        << extra.output;
    // The bounce and a second one on the floor, which never comes (the ball rises to y = 17).
    const fs::path two = scene_file(falling_ball(R"({"frames":2,"events":[
        {"frame":0,"time":0.4,"a":"ball","b":"floor","feature":"interior","point":[0,0],"normal":[0,1]},
        {"frame":1,"time":0.6,"a":"ball","b":"floor","feature":"interior","point":[0,0],"normal":[0,1]}]})"));
    const auto missing = run_command(kCli + " check " + two.string());
    EXPECT_EQ(missing.exit_code, 1);
    EXPECT_NE(missing.output.find("event 1: expected, but it did not happen\n  expected: frame 1, "
                                  "t 0.6: ball / floor"),
              std::string::npos)
        << missing.output;
}

TEST(CliCheck, FixturesWrittenBeforeThePairRegistryStillRead) {
    // A polygon fixture as the repository has long kept it (events named by part, no vertex or
    // edge) passes as it is.
    const fs::path fixture =
        fs::path(CCDLAB_SOURCE_DIR) / "tests" / "fixtures" / "crate-lands-then-meets-a-ball.json";
    const auto result = run_command(kCli + " check " + fixture.string());
    EXPECT_EQ(result.exit_code, 0) << result.output;
    EXPECT_EQ(result.output, "ok " + fixture.string() + "\n");
}

TEST(CliCheck, EveryFixtureIsCheckedAndOneFailureFailsTheRun) {
    const fs::path good = scene_file(falling_ball(R"({"frames":1,"events":[
        {"frame":0,"time":0.4,"a":"ball","b":"floor","feature":"interior","point":[0,0],"normal":[0,1]}]})"));
    const fs::path bad = good.parent_path() / "ccdlab-check-bad.json";
    std::ofstream(bad) << falling_ball(R"({"frames":1,"events":[
        {"frame":0,"time":0.4,"a":"ball","b":"floor","feature":"endpoint_a","point":[0,0],"normal":[0,1]}]})");
    const auto result = run_command(kCli + " check " + bad.string() + " " + good.string());
    EXPECT_EQ(result.exit_code, 1);
    EXPECT_NE(result.output.find("FAIL " + bad.string() + "\n  event 0: on another feature\n"),
              std::string::npos)
        << result.output;
    EXPECT_NE(result.output.find("ok " + good.string() + "\n"), std::string::npos);
}

TEST(CliCheck, ADirectoryChecksEveryJsonFileInItInNameOrder) {
    const fs::path dir = ccdlab_test::scratch_root() / "check-directory";
    fs::remove_all(dir);
    fs::create_directories(dir / "nested.json"); // a directory, even named so, is not a fixture
    std::ofstream(dir / "b-bad.json") << falling_ball(R"({"frames":1,"events":[
        {"frame":0,"time":0.4,"a":"ball","b":"floor","feature":"endpoint_a","point":[0,0],"normal":[0,1]}]})");
    std::ofstream(dir / "a-good.json") << falling_ball(R"({"frames":1,"events":[
        {"frame":0,"time":0.4,"a":"ball","b":"floor","feature":"interior","point":[0,0],"normal":[0,1]}]})");
    std::ofstream(dir / "notes.txt") << "not a fixture";
    const auto result = run_command(kCli + " check " + dir.string());
    EXPECT_EQ(result.exit_code, 1) << result.output;
    // a-good first, then b-bad with its difference; nothing else is checked.
    EXPECT_EQ(result.output.rfind("ok " + (dir / "a-good.json").string() + "\nFAIL " +
                                      (dir / "b-bad.json").string() +
                                      "\n  event 0: on another feature\n",
                                  0),
              0u)
        << result.output;
    EXPECT_EQ(result.output.find("nested"), std::string::npos) << result.output;
    EXPECT_EQ(result.output.find("notes"), std::string::npos) << result.output;
    fs::remove(dir / "b-bad.json");
    const auto good = run_command(kCli + " check " + dir.string());
    EXPECT_EQ(good.exit_code, 0) << good.output;
    EXPECT_EQ(good.output, "ok " + (dir / "a-good.json").string() + "\n");
    // The repository's own fixtures, all of them.
    const auto all = run_command(kCli + " check " +
                                 (fs::path(CCDLAB_SOURCE_DIR) / "tests" / "fixtures").string());
    EXPECT_EQ(all.exit_code, 0) << all.output;
    EXPECT_EQ(all.output.find("FAIL"), std::string::npos) << all.output;
    EXPECT_NE(all.output.find("head-on-balls.json\n"), std::string::npos) << all.output;
}

TEST(CliCheck, AnEmptyDirectoryIsAOneLineError) {
    const fs::path dir = ccdlab_test::scratch_root() / "check-empty-directory";
    fs::remove_all(dir);
    fs::create_directories(dir);
    const auto result = run_command(kCli + " check " + dir.string());
    EXPECT_EQ(result.exit_code, 1);
    EXPECT_EQ(result.output,
              "ccdlab-cli check: " + dir.string() + ": no .json file in this directory\n");
}

TEST(CliCheck, BadInputIsAOneLineError) {
    const auto missing = run_command(kCli + " check /nonexistent/fixture.json");
    EXPECT_EQ(missing.exit_code, 1);
    EXPECT_EQ(
        missing.output,
        "ccdlab-cli check: /nonexistent/fixture.json: cannot open the file (does it exist?)\n");
    const fs::path plain = scene_file(falling_ball());
    const auto no_expect = run_command(kCli + " check " + plain.string());
    EXPECT_EQ(no_expect.exit_code, 1);
    EXPECT_EQ(no_expect.output, "FAIL " + plain.string() + "\n  has no expect section\n");
    // A polygon of more vertices than the World takes (255) is refused where it is.
    const fs::path polygons = plain.parent_path() / "ccdlab-check-polygons.json";
    {
        std::ofstream out(polygons);
        out << R"({"format":"ccdlab-scene","version":1,"polygons":[{"name":"disc","vertices":[)";
        for (int k = 0; k < 256; ++k)
            out << (k ? "," : "") << "[" << std::cos(k * 0.0245) << "," << std::sin(k * 0.0245)
                << "]";
        out << R"(],"velocity":[1,0]}],"expect":{"events":[]}})";
    }
    const auto with_polygons = run_command(kCli + " check " + polygons.string());
    EXPECT_EQ(with_polygons.exit_code, 1);
    EXPECT_EQ(with_polygons.output,
              "ccdlab-cli check: " + polygons.string() +
                  ": /polygons/0/vertices: at most 255 vertices (the limit), got 256\n");
    EXPECT_EQ(run_command(kCli + " check").exit_code, 2);
    EXPECT_EQ(run_command(kCli + " check --frobnicate x.json").output,
              "ccdlab-cli check: unknown option \"--frobnicate\" (see --help)\n");
    EXPECT_EQ(run_command(kCli + " check --help").exit_code, 0);
}

TEST(CliRecord, BadInputIsAOneLineError) {
    const fs::path scene = scene_file(falling_ball());
    const auto no_output = run_command(kCli + " record " + scene.string());
    EXPECT_EQ(no_output.exit_code, 2);
    EXPECT_EQ(no_output.output, "ccdlab-cli record: where to? give -o FIXTURE (see --help)\n");
    EXPECT_EQ(run_command(kCli + " record " + scene.string() + " -o x.json --frames 0").output,
              "ccdlab-cli record: --frames needs a whole number from 1 to 100000, got \"0\"\n");
    EXPECT_EQ(
        run_command(kCli + " record " + scene.string() + " -o x.json --frames 1000000000").output,
        "ccdlab-cli record: --frames needs a whole number from 1 to 100000, got "
        "\"1000000000\"\n");
    EXPECT_EQ(
        run_command(kCli + " record " + scene.string() + " -o x.json --time-tolerance nan").output,
        "ccdlab-cli record: --time-tolerance needs a finite number >= 0, got \"nan\"\n");
    EXPECT_EQ(run_command(kCli + " record " + scene.string() + " -o").output,
              "ccdlab-cli record: -o needs a value (see --help)\n");
    const auto unwritable =
        run_command(kCli + " record " + scene.string() + " -o /nonexistent/dir/x.json");
    EXPECT_EQ(unwritable.exit_code, 1);
    EXPECT_EQ(unwritable.output.rfind("ccdlab-cli record: /nonexistent/dir/x.json: cannot save", 0),
              0u)
        << unwritable.output;
    EXPECT_EQ(run_command(kCli + " record --help").exit_code, 0);
}

// A ball of radius 0.5 at the origin moving by (2, 0) a frame between walls at x = 1.5 and
// x = -1.5. Elastic: the right wall at t 0.5 of frame 0, the left at t 0.5 of frame 1 (back at
// (-2, 0) from x = 1), the right at t 0.5 of frame 2. With restitution 0.5: the right wall at
// frame 0, then back at (-1, 0): the left wall two frames later, frame 2 at t 0.5.
std::string ball_between_walls(const std::string& expect = "") {
    return R"({"format":"ccdlab-scene","version":1,"title":"ball between walls",
      "bodies":[{"name":"ball","shape":"circle","position":[0,0],"velocity":[2,0],"radius":0.5}],
      "segments":[{"name":"right","a":[1.5,-5],"b":[1.5,5]},
                  {"name":"left","a":[-1.5,-5],"b":[-1.5,5]}])" +
           (expect.empty() ? "" : R"(,"expect":)" + expect) + "}";
}

TEST(CliDiff, TwoRestitutionsPartAtTheFirstBounceAndTheRestIsListed) {
    const fs::path scene = scene_file(ball_between_walls());
    const auto result =
        run_command(kCli + " diff " + scene.string() + " --b restitution=0.5 --frames 3");
    EXPECT_EQ(result.exit_code, 1) << result.output;
    EXPECT_EQ(result.output,
              "a: defaults, 3 events\n"
              "b: restitution=0.5, 2 events\n"
              "within: times within 1e-06, points and velocities within 5e-06, normals within "
              "1e-06\n"
              "first divergence at event 0: velocities differ\n"
              "  a: defaults: frame 0, t 0.5: ball / right at interior, point (1.5, 0), normal "
              "(-1, 0), velocity (2, 0) -> (-2, 0)\n"
              "  b: restitution=0.5: frame 0, t 0.5: ball / right at interior, point (1.5, 0), "
              "normal (-1, 0), velocity (2, 0) -> (-1, 0)\n"
              "  by: time 0, point 0, normal 0, velocity 1\n"
              "event 1: frame, velocities differ\n"
              "  a: defaults: frame 1, t 0.5: ball / left at interior, point (-1.5, 0), normal "
              "(1, -0), velocity (-2, 0) -> (2, 0)\n"
              "  b: restitution=0.5: frame 2, t 0.5: ball / left at interior, point (-1.5, 0), "
              "normal (1, -0), velocity (-1, 0) -> (0.5, 0)\n"
              "  by: time 0, point 0, normal 0, velocity 1.5\n"
              "event 2: in one run only\n"
              "  a: defaults: frame 2, t 0.5: ball / right at interior, point (1.5, 0), normal "
              "(-1, 0), velocity (2, 0) -> (-2, 0)\n"
              "  b: restitution=0.5: none\n"
              "3 differing event(s) in all\n");
}

TEST(CliDiff, RunsThatAgreeExitZeroWhateverTheLogLevel) {
    const fs::path scene = scene_file(ball_between_walls());
    for (const char* b : {"log_level=none", "log_level=events", "broadphase=all-pairs"}) {
        const auto result = run_command(kCli + " diff " + scene.string() +
                                        " --a restitution=1 --b " + b + " --frames 5");
        EXPECT_EQ(result.exit_code, 0) << b << "\n" << result.output;
        EXPECT_NE(result.output.find("no divergence: the runs agree on every event"),
                  std::string::npos)
            << result.output;
    }
}

TEST(CliDiff, AnotherAlgorithmRunsTheWorld) {
    // Box2D's b2TimeOfImpact stops short of contact by its target separation: compared
    // exactly, the first bounce comes earlier than the exact one.
    const fs::path scene = scene_file(ball_between_walls());
    const auto result = run_command(kCli + " diff " + scene.string() +
                                    " --b algorithm=box2d --frames 1 --tolerance 0");
    EXPECT_EQ(result.exit_code, 1) << result.output;
    EXPECT_NE(result.output.find("b: algorithm=box2d, 1 events\n"), std::string::npos)
        << result.output;
    EXPECT_NE(result.output.find("first divergence at event 0: time"), std::string::npos)
        << result.output;
    // seed004 answers a disk against a static wall exactly on this head-on case.
    const auto seed004 =
        run_command(kCli + " diff " + scene.string() + " --b algorithm=seed004 --frames 3");
    EXPECT_EQ(seed004.exit_code, 0) << seed004.output;
}

TEST(CliDiff, AFixtureIsComparedWithItsExpectedEvents) {
    const std::string right =
        R"({"frame":0,"time":0.5,"a":"ball","b":"right","feature":"interior","point":[1.5,0],"normal":[-1,0]})";
    const std::string left =
        R"({"frame":1,"time":0.5,"a":"ball","b":"left","feature":"interior","point":[-1.5,0],"normal":[1,0]})";
    const std::string right_again =
        R"({"frame":2,"time":0.5,"a":"ball","b":"right","feature":"interior","point":[1.5,0],"normal":[-1,0]})";
    const fs::path fixture = scene_file(ball_between_walls(R"({"frames":3,"events":[)" + right +
                                                           "," + left + "," + right_again + "]}"));
    const auto same = run_command(kCli + " diff " + fixture.string());
    EXPECT_EQ(same.exit_code, 0) << same.output;
    EXPECT_EQ(same.output, "run: defaults, 3 events\nfixture, 3 events\n"
                           "no divergence: the runs agree on every event\n");
    // Under restitution 0.5 the left wall comes a frame late.
    const auto late =
        run_command(kCli + " diff " + fixture.string() + " --a restitution=0.5 --b fixture");
    EXPECT_EQ(late.exit_code, 1) << late.output;
    EXPECT_NE(late.output.find("first divergence at event 1: frame differ\n"), std::string::npos)
        << late.output;
    EXPECT_NE(late.output.find("  fixture: frame 1, t 0.5: ball / left at interior, point "
                               "(-1.5, 0), normal (1, 0)\n"),
              std::string::npos)
        << late.output;
}

TEST(CliDiff, BadInputIsAOneLineErrorWithExitTwo) {
    const fs::path scene = scene_file(ball_between_walls());
    const auto no_b = run_command(kCli + " diff " + scene.string());
    EXPECT_EQ(no_b.exit_code, 2);
    EXPECT_EQ(no_b.output, "ccdlab-cli diff: " + scene.string() +
                               " has no expect section: give run b's settings with --b "
                               "KEY=VALUE (see --help)\n");
    const auto bad_key = run_command(kCli + " diff " + scene.string() + " --b speed=2");
    EXPECT_EQ(bad_key.exit_code, 2);
    EXPECT_EQ(bad_key.output,
              "ccdlab-cli diff: --b: unknown setting \"speed\" (algorithm, restitution, response, "
              "log_level, event_budget or broadphase)\n");
    const auto bad_value = run_command(kCli + " diff " + scene.string() + " --a restitution=3");
    EXPECT_EQ(bad_value.exit_code, 2);
    EXPECT_EQ(bad_value.output,
              "ccdlab-cli diff: --a: restitution is a number from 0 to 1, got \"3\"\n");
    EXPECT_EQ(run_command(kCli + " diff " + scene.string() + " --b x=1 --b fixture").exit_code, 2);
    EXPECT_EQ(run_command(kCli + " diff " + scene.string() + " --b response=slide --tolerance -1")
                  .exit_code,
              2);
    EXPECT_EQ(run_command(kCli + " diff /nonexistent.json --b response=slide").exit_code, 2);
    EXPECT_EQ(run_command(kCli + " diff").exit_code, 2);
    EXPECT_EQ(run_command(kCli + " diff --help").exit_code, 0);
}

TEST(CliRecord, FromWritesTheSceneAtThatFrameWithItsEventsAndCheckPasses) {
    // At frame 1's start the ball is back at the origin, moving by (-2, 0); it meets the left
    // wall at t 0.5.
    const fs::path scene = scene_file(ball_between_walls());
    const fs::path fixture = scene.parent_path() / "ccdlab-recorded-from-frame-1.json";
    fs::remove(fixture);
    const auto record = run_command(kCli + " record " + scene.string() +
                                    " --from 1 --frames 1 -o " + fixture.string());
    ASSERT_EQ(record.exit_code, 0) << record.output;
    std::ifstream in(fixture);
    const json written = json::parse(in);
    EXPECT_EQ(written["title"], "ball between walls, from frame 1");
    EXPECT_EQ(written["bodies"][0]["position"], json::parse("[0.0, 0.0]"));
    EXPECT_EQ(written["bodies"][0]["velocity"], json::parse("[-2.0, 0.0]"));
    EXPECT_EQ(written["expect"]["frames"], 1);
    ASSERT_EQ(written["expect"]["events"].size(), 1u);
    const json& event = written["expect"]["events"][0];
    EXPECT_EQ(event["frame"], 0);
    EXPECT_EQ(event["time"].get<double>(), 0.5);
    EXPECT_EQ(event["b"], "left");
    EXPECT_EQ(event["point"][0].get<double>(), -1.5);
    const auto check = run_command(kCli + " check " + fixture.string());
    EXPECT_EQ(check.exit_code, 0) << check.output;
    EXPECT_EQ(run_command(kCli + " record " + scene.string() + " --from -1 -o x.json").output,
              "ccdlab-cli record: --from needs a frame number from 0 to 99999, got \"-1\"\n");
}

TEST(CliRecord, FromRewritesTheDescriptionForItsFirstFrame) {
    // The scene's description tells frame 0 ("starts at the origin"), untrue from frame 1 on:
    // the fixture says which frames of which scene it holds, as the app's export does.
    std::string text = ball_between_walls();
    const std::string title = R"("title":"ball between walls",)";
    text.replace(text.find(title), title.size(),
                 title + R"("description":"The ball starts at the origin.",)");
    const fs::path scene = scene_file(text);
    const auto record =
        run_command(kCli + " record " + scene.string() + " --from 1 --frames 2 -o -");
    ASSERT_EQ(record.exit_code, 0) << record.output;
    const json written = json::parse(record.output);
    EXPECT_EQ(written["description"], "Frames 1 to 2 of \"ball between walls\": its bodies as "
                                      "the World had them at the start of frame 1.");
    // From frame 0 the scene is its own fixture: its description stays.
    const auto whole = run_command(kCli + " record " + scene.string() + " --frames 2 -o -");
    ASSERT_EQ(whole.exit_code, 0) << whole.output;
    EXPECT_EQ(json::parse(whole.output)["description"], "The ball starts at the origin.");
}

// [SECTION] Hostile input: every line answered, every file kept, nothing unbounded.

// A guard against a hang, not a speed limit: the asan preset's unoptimised, sanitized build
// reads a 100 MB line about ten times slower than the default build (61 s against 7 s).
#ifdef __SANITIZE_ADDRESS__
constexpr const char* kToiTimeLimit = "timeout 600 ";
#else
constexpr const char* kToiTimeLimit = "timeout 60 ";
#endif

// Runs `ccdlab-cli toi ARGS` on `input` (bytes, NULs included), within kToiTimeLimit.
ToiRun toi_bytes(const std::string& input, const std::string& args = "") {
    const auto* info = testing::UnitTest::GetInstance()->current_test_info();
    const fs::path file =
        ccdlab_test::scratch_root() / (std::string("cli-bytes-") + info->name() + ".jsonl");
    std::ofstream(file, std::ios::binary) << input;
    const auto result = run_command(kToiTimeLimit + kCli + " toi " + args + " < " + file.string());
    ToiRun run{result.exit_code, {}, result.output};
    std::istringstream text(result.output);
    for (std::string line; std::getline(text, line);)
        run.answers.push_back(json::parse(line)); // throws (fails the test) on a broken line
    return run;
}

const std::string kGoodQuery =
    R"({"kind":"circle_point","c":[-5,0],"r":1,"d":[10,0],"q":[0,0]})"; // hit at t = 0.4

TEST(CliToiHostile, BytesThatAreNotAsciiOutsideAStringAreAnErrorLineNotAnAbort) {
    // Curly quotes (valid UTF-8) where JSON wants '"'; then a string that is not UTF-8; the
    // error quotes the bytes as \xNN, and the next line still runs.
    const ToiRun run = toi_bytes("{\xe2\x80\x9c"
                                 "kind\xe2\x80\x9d:\xe2\x80\x9c"
                                 "circle_point\xe2\x80\x9d}\n"
                                 "{\"kind\":\"\xff\"}\n" +
                                 kGoodQuery + "\n");
    EXPECT_EQ(run.exit_code, 1) << run.raw;
    ASSERT_EQ(run.answers.size(), 3u) << run.raw;
    EXPECT_EQ(run.answers[0]["error"],
              "line 1: not JSON: syntax error while parsing object key - invalid literal; last "
              "read: '{\\xe2'; expected string literal (column 2)");
    EXPECT_EQ(run.answers[1]["error"],
              "line 2: not JSON: syntax error while parsing value - invalid string: ill-formed "
              "UTF-8 byte; last read: '\"\\xff' (column 10)");
    EXPECT_DOUBLE_EQ(run.answers[2]["t"].get<double>(), 0.4);
}

TEST(CliToiHostile, ANulByteIsAnErrorNotTheEndOfTheLine) {
    const ToiRun run = toi_bytes(kGoodQuery + std::string("\0garbage\n", 9) + kGoodQuery + "\n");
    EXPECT_EQ(run.exit_code, 1) << run.raw;
    ASSERT_EQ(run.answers.size(), 2u) << run.raw;
    EXPECT_EQ(run.answers[0]["error"],
              "line 1: column 62: a NUL byte (JSON text has none; is this a binary file?)");
    EXPECT_TRUE(run.answers[1]["hit"].get<bool>());
}

TEST(CliToiHostile, ADuplicateKeyIsRefusedAsInSceneFiles) {
    // Which "r" would count? Neither: the line is refused at the second one (column 41).
    const ToiRun run =
        toi({R"({"kind":"circle_point","c":[-5,0],"r":1,"r":2,"d":[10,0],"q":[0,0]})", kGoodQuery});
    EXPECT_EQ(run.exit_code, 1);
    ASSERT_EQ(run.answers.size(), 2u) << run.raw;
    EXPECT_EQ(run.answers[0]["error"],
              "line 1: column 41: duplicate key \"r\" in / (a key may appear once per object)");
    EXPECT_TRUE(run.answers[1]["hit"].get<bool>());
}

TEST(CliToiHostile, AKeyTheKindDoesNotNameIsRefused) {
    // A misspelt optional field ("dd" for "da") would otherwise be answered with da = [0, 0];
    // a key with a byte-order mark inside it is not "kind" either.
    const ToiRun run = toi(
        {R"({"kind":"rotating_polygon_segment","polygon":[[0,0],[1,0],[0,1]],"pivot":[0,0],"v":[0,0],"angle":1,"a":[5,0],"b":[5,1],"dd":[0,1]})",
         "{\"kind\xEF\xBB\xBF\":null,\"kind\":\"circle_point\",\"c\":[-5,0],\"r\":1,"
         "\"d\":[10,0],\"q\":[0,0]}",
         kGoodQuery});
    EXPECT_EQ(run.exit_code, 1);
    ASSERT_EQ(run.answers.size(), 3u) << run.raw;
    EXPECT_EQ(
        run.answers[0]["error"],
        "line 1: unknown field \"dd\" in a rotating_polygon_segment query (its fields: "
        "kind, polygon, pivot, v, angle, polygon_radius, a, b, da, db, segment_radius, accel)");
    EXPECT_NE(run.answers[1]["error"].get<std::string>().find("unknown field"), std::string::npos)
        << run.answers[1];
    EXPECT_TRUE(run.answers[2]["hit"].get<bool>());
}

TEST(CliToiHostile, DeepNestingIsRefusedNotACrash) {
    // A million '[' would overflow the stack when the parsed value is destroyed; the 65th
    // level (column 65) is refused.
    const ToiRun run = toi_bytes(std::string(1'000'000, '[') + std::string(1'000'000, ']') + "\n" +
                                 kGoodQuery + "\n");
    EXPECT_EQ(run.exit_code, 1) << run.raw.substr(0, 300);
    ASSERT_EQ(run.answers.size(), 2u);
    EXPECT_EQ(run.answers[0]["error"], "line 1: column 65: nested more than 64 arrays or objects "
                                       "deep");
    EXPECT_TRUE(run.answers[1]["hit"].get<bool>());
}

TEST(CliToiHostile, AHundredMegabyteNumberIsQuotedByItsFirstFortyBytes) {
    const std::string digits(100'000'000, '1');
    const ToiRun run = toi_bytes(R"({"kind":"circle_point","r":)" + digits + "}\n");
    EXPECT_EQ(run.exit_code, 1);
    ASSERT_EQ(run.answers.size(), 1u);
    EXPECT_EQ(run.answers[0]["error"], "line 1: column 28: number overflow parsing '" +
                                           std::string(40, '1') +
                                           "... (100000000 bytes)' (beyond the largest double)");
    // An unknown kind of a megabyte is quoted the same way.
    const ToiRun kind = toi_bytes(R"({"kind":")" + std::string(1'000'000, 'x') + "\"}\n");
    ASSERT_EQ(kind.answers.size(), 1u);
    EXPECT_EQ(kind.answers[0]["error"].get<std::string>().rfind(
                  "line 1: unknown kind \"" + std::string(40, 'x') + "... (1000000 bytes)\"", 0),
              0u)
        << kind.raw.substr(0, 300);
}

// A regular polygon of `n` vertices on the unit circle about (cx, 0), as JSON.
std::string round_polygon(int n, double cx) {
    std::string out = "[";
    for (int k = 0; k < n; ++k) {
        const double angle = 2.0 * 3.141592653589793 * k / n;
        out += (k ? "," : "") + json::array({cx + std::cos(angle), std::sin(angle)}).dump();
    }
    return out + "]";
}

TEST(CliToiHostile, PolygonsAreCappedAtTheWorldsTwoHundredFiftyFiveVertices) {
    // Two discs 3 apart closing by 2 each: 255 vertices are answered (they touch before the
    // centres have closed 1 each, t < 0.5); 256, and two of 30,000 (minutes of work), are
    // refused at once.
    const std::string pair255 = R"({"kind":"polygon_polygon","p1":)" + round_polygon(255, -1.5) +
                                R"(,"d1":[2,0],"p2":)" + round_polygon(255, 1.5) +
                                R"(,"d2":[-2,0]})";
    const std::string pair256 = R"({"kind":"circle_polygon","c":[0,0],"r":1,"d":[1,0],"polygon":)" +
                                round_polygon(256, 5) + R"(,"dp":[0,0]})";
    const std::string huge = R"({"kind":"polygon_polygon","p1":)" + round_polygon(30'000, -1.5) +
                             R"(,"d1":[2,0],"p2":)" + round_polygon(30'000, 1.5) +
                             R"(,"d2":[-2,0]})";
    const ToiRun run = toi_bytes(pair255 + "\n" + pair256 + "\n" + huge + "\n");
    EXPECT_EQ(run.exit_code, 1) << run.raw.substr(0, 300);
    ASSERT_EQ(run.answers.size(), 3u);
    ASSERT_TRUE(run.answers[0]["hit"].get<bool>()) << run.answers[0];
    EXPECT_GT(run.answers[0]["t"].get<double>(), 0.0);
    EXPECT_LT(run.answers[0]["t"].get<double>(), 0.5);
    EXPECT_EQ(run.answers[1]["error"], "line 2: \"polygon\" has 256 vertices, more than the limit "
                                       "of 255 (the World's)");
    // Both polygons are too large: either may be named first.
    const std::string error = run.answers[2]["error"];
    EXPECT_TRUE(error == "line 3: \"p1\" has 30000 vertices, more than the limit of 255 (the "
                         "World's)" ||
                error == "line 3: \"p2\" has 30000 vertices, more than the limit of 255 (the "
                         "World's)")
        << error;
}

// Every number of a trace: a JSON number, or "inf", "-inf", "nan"; never null.
void expect_defined_numbers(const json& trace, const std::string& where) {
    for (const json& candidate : trace["candidates"]) {
        for (const char* key : {"a", "b", "c", "discriminant"}) {
            const json& x = candidate[key];
            EXPECT_TRUE(x.is_number() || x == "inf" || x == "-inf" || x == "nan")
                << where << " " << key << " = " << x;
        }
        for (const json& root : candidate["roots"]) {
            const json& t = root["t"];
            EXPECT_TRUE(t.is_number() || t == "inf" || t == "-inf" || t == "nan")
                << where << " root " << t;
        }
    }
}

TEST(CliToiHostile, TraceNumbersThatAreNotFiniteAreNamedNotNull) {
    // Subnormal and huge inputs, whose equations' coefficients overflow or divide by zero.
    const std::vector<std::string> queries = {
        R"({"kind":"circle_point","c":[0,4e-320],"r":1e-320,"d":[0,-8e-320],"q":[0,0]})",
        R"({"kind":"circle_point","c":[0,0],"r":1,"d":[1,0],"q":[-5e-324,5e-324]})",
        R"({"kind":"circle_segment","c":[0,1e300],"r":1e300,"d":[0,-1.7e308],"a":[-1e308,0],"b":[1e308,0]})",
        R"({"kind":"circle_circle","c1":[-1e308,0],"r1":1e308,"d1":[1.7e308,0],"c2":[1e308,0],"r2":1e308,"d2":[-1.7e308,0]})",
    };
    for (const char* algorithm : {"exact", "seed004"}) {
        const ToiRun run = toi(queries, std::string("--trace --algorithm ") + algorithm);
        ASSERT_EQ(run.answers.size(), queries.size()) << run.raw;
        EXPECT_EQ(run.raw.find("null"), std::string::npos) << algorithm << ": " << run.raw;
        for (std::size_t i = 0; i < run.answers.size(); ++i)
            if (run.answers[i].contains("trace"))
                expect_defined_numbers(run.answers[i]["trace"],
                                       std::string(algorithm) + " line " + std::to_string(i + 1));
    }
}

// A fresh scratch folder for one test.
fs::path scratch_folder() {
    const auto* info = testing::UnitTest::GetInstance()->current_test_info();
    const fs::path folder = ccdlab_test::scratch_root() / (std::string("dir-") + info->name());
    fs::remove_all(folder);
    fs::create_directories(folder);
    return folder;
}

TEST(CliRecordHostile, ANameTooLongOrASymlinkLoopIsAOneLineErrorNotAnAbort) {
    const fs::path folder = scratch_folder();
    const fs::path scene = scene_file(falling_ball());
    const fs::path long_name = folder / std::string(300, 'a');
    const auto too_long =
        run_command(kCli + " record " + scene.string() + " -o " + long_name.string());
    EXPECT_EQ(too_long.exit_code, 1);
    EXPECT_EQ(too_long.output, "ccdlab-cli record: " + long_name.string() +
                                   ": cannot save: cannot look at the path: File name too long\n");

    fs::create_symlink("loop-b", folder / "loop-a");
    fs::create_symlink("loop-a", folder / "loop-b");
    const fs::path loop = folder / "loop-a";
    const auto through =
        run_command(kCli + " record " + scene.string() + " -o " + (loop / "x.json").string());
    EXPECT_EQ(through.exit_code, 1);
    EXPECT_EQ(through.output, "ccdlab-cli record: " + (loop / "x.json").string() +
                                  ": cannot save: cannot look at the path: Too many levels of "
                                  "symbolic links\n");
    const auto onto = run_command(kCli + " record " + scene.string() + " -o " + loop.string());
    EXPECT_EQ(onto.exit_code, 1);
    EXPECT_NE(onto.output.find("Too many levels of symbolic links"), std::string::npos)
        << onto.output;
    EXPECT_EQ(std::count(onto.output.begin(), onto.output.end(), '\n'), 1) << onto.output;
    EXPECT_TRUE(fs::is_symlink(loop));
    // The loader says the same, without an abort.
    const auto check = run_command(kCli + " check " + (loop / "x.json").string());
    EXPECT_EQ(check.exit_code, 1);
    EXPECT_EQ(check.output, "ccdlab-cli check: " + (loop / "x.json").string() +
                                ": cannot open the file (Too many levels of symbolic links)\n");
}

TEST(CliRecordHostile, AFileKeepsItsModeAndASymlinkStaysALinkToTheNewContent) {
    const fs::path folder = scratch_folder();
    const fs::path scene = scene_file(falling_ball());
    const fs::path secret = folder / "secret.json";
    std::ofstream(secret) << "old";
    fs::permissions(secret, fs::perms::owner_read | fs::perms::owner_write);
    ASSERT_EQ(run_command(kCli + " record " + scene.string() + " -o " + secret.string()).exit_code,
              0);
    EXPECT_EQ(fs::status(secret).permissions(), fs::perms::owner_read | fs::perms::owner_write);
    EXPECT_EQ(json::parse(std::ifstream(secret))["expect"]["events"].size(), 1u);

    const fs::path target = folder / "target.json";
    std::ofstream(target) << "old";
    fs::create_symlink("target.json", folder / "link.json");
    const auto through =
        run_command(kCli + " record " + scene.string() + " -o " + (folder / "link.json").string());
    ASSERT_EQ(through.exit_code, 0) << through.output;
    EXPECT_TRUE(fs::is_symlink(folder / "link.json"));
    EXPECT_EQ(json::parse(std::ifstream(target))["expect"]["events"].size(), 1u);
    // Nothing else is left in the folder (no temporary file).
    EXPECT_EQ(std::distance(fs::directory_iterator(folder), fs::directory_iterator()), 3);
}

TEST(CliRecordHostile, AFifoIsRefusedAndKept) {
    // A FIFO stands for every file that is not a regular one (a device such as /dev/null or
    // /dev/full would be replaced the same way; tests never write to real device nodes).
    const fs::path folder = scratch_folder();
    const fs::path scene = scene_file(falling_ball());
    const fs::path fifo = folder / "fifo";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
    fs::create_symlink("fifo", folder / "to-fifo");
    for (const fs::path& path : {fifo, folder / "to-fifo"}) {
        const auto result = run_command("timeout 20 " + kCli + " record " + scene.string() +
                                        " -o " + path.string());
        EXPECT_EQ(result.exit_code, 1) << result.output;
        EXPECT_NE(result.output.find(": cannot save: "), std::string::npos) << result.output;
        EXPECT_NE(result.output.find("is not a regular file (a FIFO, a device or a socket): "
                                     "refused, nothing written\n"),
                  std::string::npos)
            << result.output;
    }
    EXPECT_TRUE(fs::is_fifo(fs::symlink_status(fifo)));
    EXPECT_TRUE(fs::is_symlink(folder / "to-fifo"));
    EXPECT_EQ(std::distance(fs::directory_iterator(folder), fs::directory_iterator()), 2);
}

TEST(CliRecordHostile, ADeviceNodeIsRefusedAndKept) {
    // As root, record -o /dev/null used to replace the device with a regular file. A device
    // node of our own (the null device's numbers, 1:3) in the scratch folder stands for it.
    if (::geteuid() != 0) GTEST_SKIP() << "only root can make a device node";
    const fs::path folder = scratch_folder();
    const fs::path scene = scene_file(falling_ball());
    const fs::path device = folder / "null";
    ASSERT_EQ(::mknod(device.c_str(), S_IFCHR | 0644, ::makedev(1, 3)), 0);
    const auto result = run_command(kCli + " record " + scene.string() + " -o " + device.string());
    EXPECT_EQ(result.exit_code, 1);
    EXPECT_EQ(result.output, "ccdlab-cli record: " + device.string() +
                                 ": cannot save: is not a regular file (a FIFO, a device or a "
                                 "socket): refused, nothing written\n");
    EXPECT_TRUE(fs::is_character_file(fs::symlink_status(device)));
    EXPECT_EQ(std::distance(fs::directory_iterator(folder), fs::directory_iterator()), 1);
}

TEST(CliCheckHostile, ABillionFramesAreRefusedAtTheLimitNotRunForEver) {
    const fs::path fixture = scene_file(falling_ball(R"({"frames":1000000000,"events":[]})"));
    const auto result = run_command("timeout 20 " + kCli + " check " + fixture.string());
    EXPECT_EQ(result.exit_code, 1);
    EXPECT_EQ(result.output, "ccdlab-cli check: " + fixture.string() +
                                 ": /expect/frames: at most 100000 frames (the limit), got "
                                 "1000000000\n");
}

TEST(CliCheckHostile, ANulByteAfterTheSceneIsRefusedWithItsPlace) {
    const std::string text = falling_ball(R"({"frames":1,"events":[
        {"frame":0,"time":0.4,"a":"ball","b":"floor","feature":"interior","point":[0,0],"normal":[0,1]}]})");
    const fs::path fixture = scene_file(text);
    ASSERT_EQ(run_command(kCli + " check " + fixture.string()).exit_code, 0);
    std::ofstream(fixture, std::ios::binary | std::ios::app) << std::string("\0garbage", 8);
    const auto result = run_command(kCli + " check " + fixture.string());
    EXPECT_EQ(result.exit_code, 1);
    // The text ends on line 4 after "]}}" (column 106): the NUL is the next byte.
    EXPECT_EQ(result.output,
              "ccdlab-cli check: " + fixture.string() +
                  ":4:107: a NUL byte (JSON text has none; is this a binary file?)\n");
}

TEST(CliReplayHostile, APolygonTheWorldCannotTakeIsRefusedNamingTheFile) {
    const fs::path scene = scene_file(R"({"format":"ccdlab-scene","version":1,
      "polygons":[{"name":"disc","vertices":)" +
                                      round_polygon(256, 0) + R"(,"velocity":[1,0]}]})");
    const auto result = run_command(kCli + " replay " + scene.string());
    EXPECT_EQ(result.exit_code, 1);
    EXPECT_EQ(result.output, "ccdlab-cli replay: " + scene.string() +
                                 ": /polygons/0/vertices: at most 255 vertices (the limit), got "
                                 "256\n");
}

} // namespace

namespace {

// The canonical text (docs/scene-format.md, "Saving") of a ball over a floor, written by hand.
const std::string kCanonicalBallScene = R"({
  "format": "ccdlab-scene",
  "version": 1,
  "title": "A ball",
  "description": "",
  "algorithm": "exact",
  "bodies": [
    { "name": "ball", "shape": "circle", "position": [0.0, 5.0], "velocity": [0.0, -10.0], "radius": 1.0, "response": "bounce", "restitution": 1.0 }
  ],
  "segments": [
    { "name": "floor", "a": [-5.0, 0.0], "b": [5.0, 0.0] }
  ],
  "polygons": []
}
)";

TEST(CliLink, ASceneLinkOpensBackToTheScenesCanonicalText) {
    // The file as a person writes it, defaults left out.
    const fs::path scene = scene_file(R"({"format":"ccdlab-scene","version":1,"title":"A ball",
      "bodies":[{"name":"ball","shape":"circle","position":[0,5],"velocity":[0,-10],"radius":1}],
      "segments":[{"name":"floor","a":[-5,0],"b":[5,0]}]})");
    const auto link = run_command(kCli + " link " + scene.string());
    ASSERT_EQ(link.exit_code, 0) << link.output;
    ASSERT_TRUE(link.output.starts_with("index.html#scene=")) << link.output;
    ASSERT_EQ(std::count(link.output.begin(), link.output.end(), '\n'), 1) << link.output;
    ASSERT_EQ(link.output.back(), '\n');
    const std::string url = link.output.substr(0, link.output.size() - 1);
    const auto opened = run_command(kCli + " link --open '" + url + "'");
    EXPECT_EQ(opened.exit_code, 0) << opened.output;
    EXPECT_EQ(opened.output, kCanonicalBallScene);
    // The fragment alone opens too.
    const auto fragment = run_command(kCli + " link --open '" + url.substr(10) + "'");
    EXPECT_EQ(fragment.output, kCanonicalBallScene);
}

TEST(CliLink, TheBaseUrlIsWhatTheLinkIsMadeAgainst) {
    const fs::path scene = scene_file(kCanonicalBallScene);
    const auto link =
        run_command(kCli + " link " + scene.string() + " --base https://example.org/ccdlab/");
    ASSERT_EQ(link.exit_code, 0) << link.output;
    EXPECT_TRUE(link.output.starts_with("https://example.org/ccdlab/#scene=")) << link.output;
    const auto opened =
        run_command(kCli + " link --open '" + link.output.substr(0, link.output.size() - 1) + "'");
    EXPECT_EQ(opened.output, kCanonicalBallScene);
}

TEST(CliLink, ALinkThatDoesNotDecodeIsALocatedOneLineError) {
    const auto bad = run_command(kCli + " link --open 'index.html#scene=AW1R!MW7c'");
    EXPECT_EQ(bad.exit_code, 1);
    EXPECT_EQ(bad.output, "ccdlab-cli link: link: character 22 (\"!\") is not base64url (A-Z, "
                          "a-z, 0-9, - and _)\n");
    const auto version = run_command(kCli + " link --open '#scene=Aw'");
    EXPECT_EQ(version.exit_code, 1);
    EXPECT_EQ(version.output, "ccdlab-cli link: link: version byte 3 (characters 8 and 9): a "
                              "newer encoding; update ccdlab (this ccdlab reads versions 1 and "
                              "2)\n");
    const auto missing = run_command(kCli + " link /nonexistent/nowhere.json");
    EXPECT_EQ(missing.exit_code, 1);
    EXPECT_EQ(missing.output, "ccdlab-cli link: /nonexistent/nowhere.json: cannot open the file "
                              "(does it exist?)\n");
}

// A link with one character changed is refused naming it and what it was (its checksum); an
// old link without one (version 1: the minimal scene, made by Python's zlib at level 9) opens,
// with a note on standard error.
TEST(CliLink, AChangedCharacterIsNamedAndAnOldLinkOpensWithANote) {
    const auto link =
        run_command(kCli + " link " + std::string(CCDLAB_SOURCE_DIR) + "/scenes/two-circles.json");
    ASSERT_EQ(link.exit_code, 0) << link.output;
    std::string changed = link.output.substr(0, link.output.size() - 1);
    const std::size_t at = changed.find('=') + 40; // the data's 40th character
    const char was = changed[at];
    changed[at] = was == 'A' ? 'B' : 'A';
    const auto refused = run_command(kCli + " link --open '" + changed + "'");
    EXPECT_EQ(refused.exit_code, 1);
    EXPECT_EQ(refused.output, "ccdlab-cli link: link: character " + std::to_string(at + 1) +
                                  " (\"" + changed.substr(at, 1) +
                                  "\") does not match the link's checksum: it was changed, and "
                                  "the checksum says it was \"" +
                                  std::string(1, was) + "\" (mend it, or copy the link again)\n");
    const auto old =
        run_command(kCli + " link --open " +
                    "'#scene=AatWSssvyk0sUbJSUEpOTslJTNItTk7NS1XSUVAqSy0qzszPA0oZ1gIA'");
    EXPECT_EQ(old.exit_code, 0) << old.output;
    EXPECT_NE(old.output.find("ccdlab-cli link: note: link: an old link (version 1, without a "
                              "checksum)"),
              std::string::npos)
        << old.output;
    EXPECT_NE(old.output.find("\"format\": \"ccdlab-scene\""), std::string::npos) << old.output;
}

TEST(CliLink, ABadCommandLineIsExitStatusTwo) {
    for (const std::string args :
         {"", "--open", "a.json b.json", "--open '#scene=AQ' a.json", "a.json --frobnicate"}) {
        const auto result = run_command(kCli + " link " + args);
        EXPECT_EQ(result.exit_code, 2) << args << ": " << result.output;
        EXPECT_EQ(std::count(result.output.begin(), result.output.end(), '\n'), 1) << result.output;
    }
    EXPECT_EQ(run_command(kCli + " link --help").exit_code, 0);
}

// Box2D's b2TimeOfImpact stops a designed distance short of touching: compared exactly, a run
// under it parts from the exact one at event 0 of exhibit-chattering-corner (every event after
// differs too: 34). Within the default tolerance and box2d's slack, the runs agree on all of
// run a's 33 events and part where Box2D's run really differs: a 34th event, in run b only.
TEST(CliDiffTolerance, Box2dsTargetSeparationIsNotADivergence) {
    const std::string scene =
        (fs::path(CCDLAB_SOURCE_DIR) / "scenes" / "exhibit-chattering-corner.json").string();
    const auto exact =
        run_command(kCli + " diff " + scene + " --b algorithm=box2d --list 0 --tolerance 0");
    EXPECT_EQ(exact.exit_code, 1) << exact.output;
    EXPECT_NE(exact.output.find("within: exact: every field equal bit for bit\n"),
              std::string::npos)
        << exact.output;
    EXPECT_NE(exact.output.find("first divergence at event 0: time, point, normal, velocities "
                                "differ\n"),
              std::string::npos)
        << exact.output;
    EXPECT_NE(exact.output.find("34 differing event(s) in all, 1 shown\n"), std::string::npos)
        << exact.output;

    const auto within = run_command(kCli + " diff " + scene + " --b algorithm=box2d --list 0");
    EXPECT_EQ(within.exit_code, 1) << within.output;
    EXPECT_NE(within.output.find("a: defaults, 33 events\nb: algorithm=box2d, 34 events\n"),
              std::string::npos)
        << within.output;
    EXPECT_NE(within.output.find("events within box2d's documented slack are the same (by "
                                 "design, not a divergence)\n"),
              std::string::npos)
        << within.output;
    EXPECT_NE(within.output.find("first divergence at event 33: in one run only\n"),
              std::string::npos)
        << within.output;
    EXPECT_NE(within.output.find("\n1 differing event(s) in all\n"), std::string::npos)
        << within.output;
}

// default.json's one bounce under Box2D comes 0.00069 of a frame early, 0.00049 short of the
// exact point: a divergence compared exactly, none within box2d's slack.
TEST(CliDiffTolerance, Box2dsOneBounceOfTheDefaultSceneAgrees) {
    const std::string scene = (fs::path(CCDLAB_SOURCE_DIR) / "scenes" / "default.json").string();
    const auto exact = run_command(kCli + " diff " + scene + " --b algorithm=box2d --tolerance 0");
    EXPECT_EQ(exact.exit_code, 1) << exact.output;
    EXPECT_NE(exact.output.find("first divergence at event 0: time, point, normal, velocities "
                                "differ\n"),
              std::string::npos)
        << exact.output;
    const auto within = run_command(kCli + " diff " + scene + " --b algorithm=box2d");
    EXPECT_EQ(within.exit_code, 0) << within.output;
    EXPECT_NE(within.output.find("no divergence: the runs agree on every event\n"),
              std::string::npos)
        << within.output;
}

// ball_between_walls' scale is 5 (the walls' ends), so --tolerance X allows X in time and 5 X on
// velocities. Restitution 1 - 1e-7 sends the ball back 2e-7 slower and 1e-7, then 3e-7, of a
// frame late: within the default 1e-6, beyond 1e-8 (5e-8 on velocities) and 0.
TEST(CliDiffTolerance, TheToleranceDecidesWhereRunsPart) {
    const fs::path scene = scene_file(ball_between_walls());
    const std::string diff =
        kCli + " diff " + scene.string() + " --b restitution=0.9999999 --frames 3 --list 0";
    const auto within = run_command(diff);
    EXPECT_EQ(within.exit_code, 0) << within.output;
    for (const char* strict : {"0", "1e-8"}) {
        const auto apart = run_command(diff + " --tolerance " + strict);
        EXPECT_EQ(apart.exit_code, 1) << strict << "\n" << apart.output;
        EXPECT_NE(apart.output.find("first divergence at event 0: velocities differ\n"),
                  std::string::npos)
            << apart.output;
        EXPECT_NE(apart.output.find("3 differing event(s) in all, 1 shown\n"), std::string::npos)
            << apart.output;
    }
    const auto loose = run_command(diff + " --tolerance 1e-8");
    EXPECT_NE(loose.output.find("within: times within 1e-08, points and velocities within "
                                "5e-08, normals within 1e-08\n"),
              std::string::npos)
        << loose.output;
}

TEST(CliDiffTolerance, ABadToleranceIsAUsageError) {
    const fs::path scene = scene_file(ball_between_walls());
    for (const char* bad : {"-1", "x", "nan", "inf", "1e999", "0.5x", "''"}) {
        const auto result = run_command(kCli + " diff " + scene.string() +
                                        " --b restitution=0.5 --tolerance " + bad);
        EXPECT_EQ(result.exit_code, 2) << bad << "\n" << result.output;
        EXPECT_NE(result.output.find("--tolerance needs a finite number >= 0, got"),
                  std::string::npos)
            << bad << "\n"
            << result.output;
    }
    const auto missing =
        run_command(kCli + " diff " + scene.string() + " --b restitution=0.5 --tolerance");
    EXPECT_EQ(missing.exit_code, 2) << missing.output;
}

// A fixture's expected events have no velocities, so a slack widens its comparison by S / scale
// alone: Box2D's S = 0.016255 over ball_between_walls' scale 5 allows 0.00325 of a frame. Its
// bounces come 0.0025 of a frame late and each adds as much (0.0075 at the second): within the
// fixture's own 1e-9 none agrees; within --tolerance 1e-6 and the slack the first does.
TEST(CliDiffTolerance, AFixtureTakesTheToleranceAndTheSlackToo) {
    const std::string right =
        R"({"frame":0,"time":0.5,"a":"ball","b":"right","feature":"interior","point":[1.5,0],"normal":[-1,0]})";
    const std::string left =
        R"({"frame":1,"time":0.5,"a":"ball","b":"left","feature":"interior","point":[-1.5,0],"normal":[1,0]})";
    const fs::path fixture =
        scene_file(ball_between_walls(R"({"frames":2,"events":[)" + right + "," + left + "]}"));
    const std::string diff = kCli + " diff " + fixture.string() + " --a algorithm=box2d --list 0";
    const auto own = run_command(diff);
    EXPECT_EQ(own.exit_code, 1) << own.output;
    EXPECT_NE(own.output.find("first divergence at event 0: time differ\n"), std::string::npos)
        << own.output;
    const auto within = run_command(diff + " --tolerance 1e-6");
    EXPECT_EQ(within.exit_code, 1) << within.output;
    EXPECT_NE(within.output.find("; box2d's slack 0.016255 added"), std::string::npos)
        << within.output;
    EXPECT_NE(within.output.find("first divergence at event 1: time differ\n"), std::string::npos)
        << within.output;
    EXPECT_NE(within.output.find("\n1 differing event(s) in all\n"), std::string::npos)
        << within.output;
}

} // namespace

namespace {

// `toi --scene FILE`: with the scene's units.dt, a line's rates are per second.
TEST(CliToi, ASceneWithUnitsMakesTheLinesRatesPerSecond) {
    const fs::path scene = ccdlab_test::scratch_root() / "cli-toi-units.json";
    {
        std::ofstream out(scene);
        out << R"({"format": "ccdlab-scene", "version": 1, "units": {"dt": 0.1}})";
    }
    // Falling at 100 a second from y = 5 (r = 1) onto y = 0 with dt 0.1: 100 x 0.1 rounds to
    // 10 a frame, t = 4 / 10 = 0.4. Without --scene the same line falls 100 a frame: t = 0.04.
    const std::string fall =
        R"({"kind":"circle_segment","c":[0,5],"r":1,"d":[0,-100],"a":[-2,0],"b":[2,0]})";
    const ToiRun per_second = toi({fall}, "--scene " + scene.string());
    ASSERT_EQ(per_second.answers.size(), 1u) << per_second.raw;
    EXPECT_EQ(per_second.exit_code, 0);
    EXPECT_DOUBLE_EQ(per_second.answers[0]["t"].get<double>(), 0.4);
    const ToiRun per_frame = toi({fall});
    ASSERT_EQ(per_frame.answers.size(), 1u);
    EXPECT_DOUBLE_EQ(per_frame.answers[0]["t"].get<double>(), 0.04);
}

TEST(CliToi, ATurnPerSecondIsMadeATurnPerFrame) {
    // A segment (0, 0)-(4, 0) turning about (0, 0) at pi/2 radians a second past a still ball of
    // radius 1 at (2, 3). With dt 0.5 a frame turns pi/4 (x 0.5 is exact), so the answer is, bit
    // for bit, that of the same line written per frame with "angle" pi/4 and no --scene.
    const fs::path half = ccdlab_test::scratch_root() / "cli-toi-dt-half.json";
    {
        std::ofstream out(half);
        out << R"({"format": "ccdlab-scene", "version": 1, "units": {"dt": 0.5}})";
    }
    const std::string prefix =
        R"({"kind":"circle_rotating_segment","c":[2,3],"r":1,"d":[0,0],"a":[0,0],"b":[4,0],)"
        R"("pivot":[0,0],"v":[0,0],"angle":)";
    const ToiRun per_second = toi({prefix + "1.5707963267948966}"}, "--scene " + half.string());
    const ToiRun per_frame = toi({prefix + "0.7853981633974483}"});
    ASSERT_EQ(per_second.answers.size(), 1u) << per_second.raw;
    ASSERT_EQ(per_frame.answers.size(), 1u) << per_frame.raw;
    EXPECT_EQ(per_second.answers[0], per_frame.answers[0]);
    EXPECT_FALSE(per_second.answers[0].contains("error")) << per_second.raw;
}

TEST(CliToi, ASceneWithoutATimeStepIsRefused) {
    const fs::path scene = ccdlab_test::scratch_root() / "cli-toi-no-dt.json";
    {
        std::ofstream out(scene);
        out << R"({"format": "ccdlab-scene", "version": 1})";
    }
    // A bad command line: exit status 2 and one line saying why (not a JSON answer).
    const auto run = run_command(kCli + " toi --scene " + scene.string() + " < /dev/null");
    EXPECT_EQ(run.exit_code, 2) << run.output;
    // (The file's name is quoted by its first 40 bytes, as every name in a message.)
    EXPECT_EQ(run.output.rfind("ccdlab-cli toi: --scene: ", 0), 0u) << run.output;
    EXPECT_NE(run.output.find(" states no units.dt: its rates are per frame"), std::string::npos)
        << run.output;
}

} // namespace
