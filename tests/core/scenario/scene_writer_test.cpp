// Saving scenes: the canonical text, numbers that read back to the same bits, and a save that
// fails leaves the old file as it was.
#include "shipped_scenes.hpp"

#include "ccd/scene_loader.hpp"
#include "ccd/scene_world.hpp"
#include "ccd/scene_writer.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <utility>

#include "scratch.hpp"
#include <sys/stat.h>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;

std::string read_text(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

void write_text(const fs::path& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

// A fresh, empty directory for the running test.
fs::path test_directory() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    const fs::path dir = ccdlab_test::scratch_root() / (std::string("writer-") + info->name());
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

std::size_t files_in(const fs::path& dir) {
    std::size_t n = 0;
    for ([[maybe_unused]] const auto& entry : fs::directory_iterator(dir))
        ++n;
    return n;
}

bool same_bits(double a, double b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

ccd::Scene one_of_everything() {
    ccd::Scene scene;
    scene.title = "T \"quoted\"";
    scene.description = "line one\nline two, caf\xc3\xa9";
    scene.algorithm = "conservative-advancement";
    scene.view = ccd::View{{0.5, -1.0}, 9.0};
    ccd::Body ball;
    ball.name = "ball";
    ball.circle = {{1.0, 2.0}, 0.5};
    ball.velocity = {3.0, -4.0};
    ball.response = ccd::ResponseKind::Slide;
    ball.restitution = 0.25;
    ccd::Body dot;
    dot.name = "dot";
    dot.shape = ccd::BodyShape::Point;
    dot.circle.center = {0.0, 0.0};
    dot.response = ccd::ResponseKind::Sensor;
    scene.bodies = {ball, dot};
    ccd::Wall floor{"floor", {{-5.0, 0.0}, {5.0, 0.0}}};
    ccd::Wall paddle{"paddle", {{0.0, 3.0}, {1.0, 3.0}}, {0.0, -1.0}, {}};
    scene.walls = {floor, paddle};
    scene.polygons = {ccd::PolygonBody{"box", {{{6.0, 0.0}, {7.0, 0.0}, {7.0, 1.0}}}, {-1.0, 0.0}}};
    ccd::Expectation expect;
    expect.frames = 2;
    expect.tolerance = {1e-6, 1e-7};
    expect.events = {ccd::ExpectedEvent{
        1, 0.375, "ball", "floor", ccd::Feature::EndpointB, {5.0, 0.0}, {0.6, 0.8}}};
    scene.expect = expect;
    return scene;
}

TEST(SceneWriter, ACallbackResponseIsRefusedNotWrittenAsAnother) {
    // A callback is a function: no scene file can hold it.
    ccd::Scene scene;
    ccd::Body ball;
    ball.name = "ball";
    ball.response = ccd::ResponseKind::Callback;
    scene.bodies = {ball};
    EXPECT_THROW(ccd::scene_to_json(scene), ccd::SceneError);
    EXPECT_THROW(ccd::make_world(scene), ccd::SceneError);
}

TEST(SceneWriter, WritesTheCanonicalText) {
    ccd::Scene scene;
    scene.title = "A ball";
    ccd::Body ball;
    ball.name = "ball";
    ball.circle = {{-3.0, 1.5}, 0.6};
    ball.velocity = {7.0, -2.0};
    scene.bodies = {ball};
    scene.walls = {ccd::Wall{"wall", {{1.5, -3.0}, {2.5, 2.5}}}};
    scene.view = ccd::View{{0.5, 0.0}, 9.0};
    EXPECT_EQ(ccd::scene_to_json(scene), R"({
  "format": "ccdlab-scene",
  "version": 1,
  "title": "A ball",
  "description": "",
  "algorithm": "exact",
  "view": { "center": [0.5, 0.0], "height": 9.0 },
  "bodies": [
    { "name": "ball", "shape": "circle", "position": [-3.0, 1.5], "velocity": [7.0, -2.0], "radius": 0.6, "response": "bounce", "restitution": 1.0 }
  ],
  "segments": [
    { "name": "wall", "a": [1.5, -3.0], "b": [2.5, 2.5] }
  ],
  "polygons": []
}
)");
}

TEST(SceneWriter, WritesTheExpectationOneEventALine) {
    const std::string text = ccd::scene_to_json(one_of_everything());
    EXPECT_NE(text.find(R"(  "expect": {
    "frames": 2,
    "tolerance": { "time": 1e-06, "distance": 1e-07 },
    "events": [
      { "frame": 1, "time": 0.375, "a": "ball", "b": "floor", "feature": "endpoint_b", "point": [5.0, 0.0], "normal": [0.6, 0.8] }
    ]
  }
})"),
              std::string::npos)
        << text;
    EXPECT_NE(
        text.find(R"({ "name": "paddle", "a": [0.0, 3.0], "b": [1.0, 3.0], "da": [0.0, -1.0] })"),
        std::string::npos)
        << "db is +0: not written\n"
        << text;
    EXPECT_NE(
        text.find(
            R"({ "name": "dot", "shape": "point", "position": [0.0, 0.0], "velocity": [0.0, 0.0], "response": "sensor", "restitution": 1.0 })"),
        std::string::npos)
        << "a point has no radius\n"
        << text;
}

TEST(SceneWriter, SaveThenLoadGivesTheSameScene) {
    const fs::path dir = test_directory();
    const ccd::Scene scene = one_of_everything();
    ccd::save_scene_file(dir / "s.json", scene);
    const ccd::Scene back = ccd::load_scene_file(dir / "s.json");
    EXPECT_EQ(back.title, scene.title);
    EXPECT_EQ(back.description, scene.description);
    EXPECT_EQ(back.algorithm, "conservative-advancement");
    ASSERT_TRUE(back.view);
    EXPECT_EQ(back.view->center, (ccd::Vec2{0.5, -1.0}));
    ASSERT_EQ(back.bodies.size(), 2u);
    EXPECT_EQ(back.bodies[0].response, ccd::ResponseKind::Slide);
    EXPECT_EQ(back.bodies[0].restitution, 0.25);
    EXPECT_EQ(back.bodies[1].shape, ccd::BodyShape::Point);
    EXPECT_EQ(back.bodies[1].response, ccd::ResponseKind::Sensor);
    ASSERT_EQ(back.walls.size(), 2u);
    EXPECT_TRUE(back.walls[0].is_static());
    EXPECT_EQ(back.walls[1].displacement_a, (ccd::Vec2{0.0, -1.0}));
    ASSERT_EQ(back.polygons.size(), 1u);
    EXPECT_EQ(back.polygons[0].polygon.vertices.size(), 3u);
    ASSERT_TRUE(back.expect);
    EXPECT_EQ(back.expect->frames, 2);
    EXPECT_EQ(back.expect->tolerance.distance, 1e-7);
    ASSERT_EQ(back.expect->events.size(), 1u);
    EXPECT_EQ(back.expect->events[0].feature, ccd::Feature::EndpointB);
    EXPECT_EQ(back.expect->events[0].normal, (ccd::Vec2{0.6, 0.8}));
    // The canonical text is a fixed point.
    EXPECT_EQ(ccd::scene_to_json(back), read_text(dir / "s.json"));
    EXPECT_EQ(files_in(dir), 1u) << "no temporary file left behind";
    fs::remove_all(dir);
}

// A polygon about a position is written with it, before its vertices, and reads back the same;
// one without a position (zero) is written without one, its vertices where it is.
TEST(SceneWriter, APolygonsPositionIsWrittenWhenItHasOne) {
    ccd::Scene scene;
    scene.polygons = {
        ccd::PolygonBody{"box", {{{-1.0, 0.0}, {1.0, 0.0}, {0.0, 1e-30}}}, {0.0, 0.0}}};
    EXPECT_EQ(ccd::scene_to_json(scene).find("position"), std::string::npos);
    scene.polygons[0].position = {1e10, -3.0};
    const std::string text = ccd::scene_to_json(scene);
    EXPECT_NE(text.find(R"("name": "box", "position": [10000000000.0, -3.0], "vertices")"),
              std::string::npos)
        << text;
    const ccd::Scene back = ccd::parse_scene(text, "s.json");
    EXPECT_EQ(back.polygons[0], scene.polygons[0]);
}

TEST(SceneWriter, AwkwardNumbersReadBackToTheSameBits) {
    constexpr double awkward[] = {0.1,
                                  0.1 + 0.2,
                                  1e-300,
                                  -1e-300,
                                  std::numeric_limits<double>::denorm_min(),
                                  -std::numeric_limits<double>::denorm_min(),
                                  2.2250738585072009e-308, // the largest subnormal
                                  std::numeric_limits<double>::min(),
                                  -0.0,
                                  0.0,
                                  1.7976931348623157e308,
                                  -1.7976931348623157e308,
                                  1.0 / 3.0,
                                  9007199254740993.0, // 2^53 + 1: rounds to 2^53
                                  123456789012345680.0,
                                  5e-324};
    const fs::path dir = test_directory();
    for (const double x : awkward) {
        SCOPED_TRACE(x);
        ccd::Scene scene;
        ccd::Body body;
        body.name = "b";
        body.circle = {{x, -x}, std::fabs(x)};
        body.velocity = {x, x};
        body.restitution = std::fabs(x) <= 1.0 ? std::fabs(x) : 1.0;
        scene.bodies = {body};
        scene.walls = {ccd::Wall{"w", {{x, x}, {-x, x}}, {x, 0.0}, {-0.0, x}}};
        ccd::save_scene_file(dir / "n.json", scene);
        const ccd::Scene back = ccd::load_scene_file(dir / "n.json");
        ASSERT_EQ(back.bodies.size(), 1u);
        EXPECT_TRUE(same_bits(back.bodies[0].circle.center.x, x));
        EXPECT_TRUE(same_bits(back.bodies[0].circle.center.y, -x));
        EXPECT_TRUE(same_bits(back.bodies[0].circle.radius, std::fabs(x)));
        EXPECT_TRUE(same_bits(back.bodies[0].velocity.y, x));
        EXPECT_TRUE(same_bits(back.bodies[0].restitution, body.restitution));
        ASSERT_EQ(back.walls.size(), 1u);
        EXPECT_TRUE(same_bits(back.walls[0].segment.b.x, -x));
        EXPECT_TRUE(same_bits(back.walls[0].displacement_a.x, x));
        EXPECT_TRUE(same_bits(back.walls[0].displacement_b.x, -0.0)) << "-0.0 is written";
        EXPECT_TRUE(same_bits(back.walls[0].displacement_b.y, x));
    }
    fs::remove_all(dir);
}

TEST(SceneWriter, ShippedScenesSurviveASaveBitForBit) {
    const fs::path dir = test_directory();
    int scenes = 0;
    for (const fs::path& path : ccd_test::shipped_scene_files()) {
        SCOPED_TRACE(path.string());
        ++scenes;
        const ccd::Scene scene = ccd::load_scene_file(path);
        ccd::save_scene_file(dir / "copy.json", scene);
        const ccd::Scene back = ccd::load_scene_file(dir / "copy.json");
        ASSERT_EQ(back.bodies.size(), scene.bodies.size());
        for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
            EXPECT_EQ(
                std::memcmp(&back.bodies[i].circle, &scene.bodies[i].circle, sizeof(ccd::Circle)),
                0);
            EXPECT_EQ(
                std::memcmp(&back.bodies[i].velocity, &scene.bodies[i].velocity, sizeof(ccd::Vec2)),
                0);
        }
        ASSERT_EQ(back.walls.size(), scene.walls.size());
        for (std::size_t i = 0; i < scene.walls.size(); ++i)
            EXPECT_EQ(
                std::memcmp(&back.walls[i].segment, &scene.walls[i].segment, sizeof(ccd::Segment)),
                0);
    }
    EXPECT_GE(scenes, 9);
    fs::remove_all(dir);
}

TEST(SceneWriter, ASceneThatWouldNotLoadIsNotWrittenAndTheOldFileStays) {
    const fs::path dir = test_directory();
    const fs::path path = dir / "keep.json";
    write_text(path, "old contents");
    ccd::Scene scene = one_of_everything();
    scene.bodies[0].circle.center.x = std::numeric_limits<double>::quiet_NaN();
    try {
        ccd::save_scene_file(path, scene);
        ADD_FAILURE() << "no error";
    } catch (const ccd::SceneError& e) {
        EXPECT_NE(std::string(e.what()).find(path.string() + ": cannot save: "), std::string::npos)
            << e.what();
        EXPECT_NE(std::string(e.what()).find("/bodies/0/position/0: expected a number, got null"),
                  std::string::npos)
            << e.what();
    }
    scene = one_of_everything();
    scene.walls[1].name = "ball"; // a duplicate name
    EXPECT_THROW(ccd::save_scene_file(path, scene), ccd::SceneError);
    EXPECT_EQ(read_text(path), "old contents");
    EXPECT_EQ(files_in(dir), 1u);
    fs::remove_all(dir);
}

TEST(SceneWriter, AMissingFolderIsAClearErrorAndCreatesNothing) {
    const fs::path dir = test_directory();
    const fs::path path = dir / "no such folder" / "s.json";
    try {
        ccd::save_scene_file(path, one_of_everything());
        ADD_FAILURE() << "no error";
    } catch (const ccd::SceneError& e) {
        EXPECT_EQ(std::string(e.what()),
                  path.string() + ": cannot save: cannot create a temporary file in " +
                      (dir / "no such folder").string() + ": No such file or directory");
    }
    EXPECT_EQ(files_in(dir), 0u);
    fs::remove_all(dir);
}

TEST(SceneWriter, SavingOverAFolderFailsAndLeavesIt) {
    const fs::path dir = test_directory();
    fs::create_directory(dir / "scene.json");
    write_text(dir / "scene.json" / "inside", "x");
    try {
        ccd::save_scene_file(dir / "scene.json", one_of_everything());
        ADD_FAILURE() << "no error";
    } catch (const ccd::SceneError& e) {
        EXPECT_EQ(std::string(e.what()), (dir / "scene.json").string() + ": cannot save: is a "
                                                                         "directory");
    }
    EXPECT_EQ(read_text(dir / "scene.json" / "inside"), "x");
    EXPECT_EQ(files_in(dir), 1u);
    fs::remove_all(dir);
}

TEST(SceneWriter, AReadOnlyFolderIsAClearErrorAndTheOldFileStays) {
    if (::geteuid() == 0) GTEST_SKIP() << "root writes into read-only folders";
    const fs::path dir = test_directory();
    write_text(dir / "s.json", "old contents");
    fs::permissions(dir, fs::perms::owner_read | fs::perms::owner_exec);
    try {
        ccd::save_scene_file(dir / "s.json", one_of_everything());
        ADD_FAILURE() << "no error";
    } catch (const ccd::SceneError& e) {
        EXPECT_NE(std::string(e.what()).find(": cannot save: cannot create a temporary file in "),
                  std::string::npos)
            << e.what();
        EXPECT_NE(std::string(e.what()).find("Permission denied"), std::string::npos) << e.what();
    }
    fs::permissions(dir, fs::perms::owner_all);
    EXPECT_EQ(read_text(dir / "s.json"), "old contents");
    EXPECT_EQ(files_in(dir), 1u);
    fs::remove_all(dir);
}

TEST(SceneWriter, SavingReplacesAnExistingSceneWhole) {
    const fs::path dir = test_directory();
    write_text(dir / "s.json", std::string(100000, 'x')); // longer than the new text
    ccd::save_scene_file(dir / "s.json", one_of_everything());
    EXPECT_EQ(read_text(dir / "s.json"), ccd::scene_to_json(one_of_everything()));
    EXPECT_EQ(files_in(dir), 1u);
    fs::remove_all(dir);
}

// [SECTION] What stood at the path is kept what it was.

mode_t mode_of(const fs::path& path) {
    struct stat status {};
    EXPECT_EQ(::lstat(path.c_str(), &status), 0) << path;
    return status.st_mode & 07777;
}

TEST(SceneWriterFiles, AnExistingFileKeepsItsPermissionBits) {
    const fs::path dir = test_directory();
    for (const mode_t mode : {0600, 0640, 0604}) {
        const fs::path path = dir / ("mode-" + std::to_string(mode) + ".json");
        write_text(path, "old");
        ASSERT_EQ(::chmod(path.c_str(), mode), 0);
        ccd::save_scene_file(path, one_of_everything());
        EXPECT_EQ(mode_of(path), mode) << std::oct << mode;
        EXPECT_EQ(read_text(path), ccd::scene_to_json(one_of_everything()));
    }
    EXPECT_EQ(files_in(dir), 3u);
    fs::remove_all(dir);
}

TEST(SceneWriterFiles, ANewFileGetsTheUsualModeLessTheUmask) {
    const fs::path dir = test_directory();
    const mode_t before = ::umask(027);
    ccd::save_scene_file(dir / "new.json", one_of_everything());
    ::umask(before);
    EXPECT_EQ(mode_of(dir / "new.json"), 0640u); // 0666 less 027
    fs::remove_all(dir);
}

TEST(SceneWriterFiles, ASymlinkIsWrittenThroughAndStaysALink) {
    const fs::path dir = test_directory();
    fs::create_directory(dir / "real");
    write_text(dir / "real" / "target.json", "old");
    ASSERT_EQ(::chmod((dir / "real" / "target.json").c_str(), 0600), 0);
    // A relative link, a link to that link, and an absolute one.
    fs::create_symlink("real/target.json", dir / "relative.json");
    fs::create_symlink("relative.json", dir / "chain.json");
    fs::create_symlink(dir / "real" / "target.json", dir / "absolute.json");
    const std::string text = ccd::scene_to_json(one_of_everything());
    for (const char* link : {"relative.json", "chain.json", "absolute.json"}) {
        write_text(dir / "real" / "target.json", "old");
        ccd::save_scene_file(dir / link, one_of_everything());
        EXPECT_TRUE(fs::is_symlink(dir / link)) << link;
        EXPECT_EQ(read_text(dir / "real" / "target.json"), text) << link;
        EXPECT_EQ(mode_of(dir / "real" / "target.json"), 0600u) << link;
    }
    EXPECT_EQ(files_in(dir), 4u);
    EXPECT_EQ(files_in(dir / "real"), 1u);
    // A dangling link: the file it names is created, the link stays.
    fs::create_symlink("real/new.json", dir / "dangling.json");
    ccd::save_scene_file(dir / "dangling.json", one_of_everything());
    EXPECT_TRUE(fs::is_symlink(dir / "dangling.json"));
    EXPECT_EQ(read_text(dir / "real" / "new.json"), text);
    fs::remove_all(dir);
}

// The rule of the kernel's protected_symlinks: in a sticky world-writable folder, a link of
// another user (neither the writer nor the folder's owner) is not followed, whether it points to
// a file (root replaced it) or nowhere (root created the file it names). A link of the writer's
// own is. Needs the right to give a link away (root): skipped otherwise.
TEST(SceneWriterFiles, AnotherUsersLinkInAStickyWorldWritableFolderIsNotFollowed) {
    if (::geteuid() != 0) GTEST_SKIP() << "needs root to give a link to another user";
    const fs::path dir = test_directory();
    const fs::path shared = dir / "shared";
    fs::create_directories(shared);
    ASSERT_EQ(::chmod(shared.c_str(), 01777), 0);
    write_text(dir / "precious.json", "precious");
    fs::create_symlink(dir / "precious.json", shared / "evil.json");
    fs::create_symlink(dir / "created.json", shared / "dangling.json");
    ASSERT_EQ(::lchown((shared / "evil.json").c_str(), 4242, 4242), 0);
    ASSERT_EQ(::lchown((shared / "dangling.json").c_str(), 4242, 4242), 0);
    EXPECT_THROW(ccd::save_scene_file(shared / "evil.json", one_of_everything()), ccd::SceneError);
    EXPECT_EQ(read_text(dir / "precious.json"), "precious");
    EXPECT_THROW(ccd::save_scene_file(shared / "dangling.json", one_of_everything()),
                 ccd::SceneError);
    EXPECT_FALSE(fs::exists(dir / "created.json"));
    fs::create_symlink(dir / "mine.json", shared / "mine.json"); // the writer's own link
    ccd::save_scene_file(shared / "mine.json", one_of_everything());
    EXPECT_TRUE(fs::exists(dir / "mine.json"));
    fs::remove_all(dir);
}

TEST(SceneWriterFiles, AFifoOrALinkToOneIsRefusedAndKept) {
    // A FIFO stands for every file that is not a regular one: a device such as /dev/null would
    // be refused the same way (tests never write to real device nodes).
    const fs::path dir = test_directory();
    ASSERT_EQ(::mkfifo((dir / "fifo").c_str(), 0644), 0);
    fs::create_symlink("fifo", dir / "to-fifo.json");
    const std::pair<fs::path, std::string> cases[] = {
        {dir / "fifo", ": cannot save: is not a regular file (a FIFO, a device or a socket): "
                       "refused, nothing written"},
        {dir / "to-fifo.json", ": cannot save: " + (dir / "fifo").string() +
                                   " is not a regular file (a FIFO, a device or a socket): "
                                   "refused, nothing written"}};
    for (const auto& [path, message] : cases) {
        try {
            ccd::save_scene_file(path, one_of_everything());
            ADD_FAILURE() << "no error for " << path;
        } catch (const ccd::SceneError& e) {
            EXPECT_EQ(std::string(e.what()), path.string() + message);
        }
    }
    EXPECT_TRUE(fs::is_fifo(fs::symlink_status(dir / "fifo")));
    EXPECT_TRUE(fs::is_symlink(dir / "to-fifo.json"));
    EXPECT_EQ(files_in(dir), 2u);
    fs::remove_all(dir);
}

TEST(SceneWriterFiles, ALongNameStillGetsATemporaryFileThatFits) {
    // 250 bytes is a valid name; ".<name>.<pid>.<n>.tmp" would not be.
    const fs::path dir = test_directory();
    const fs::path path = dir / (std::string(245, 'n') + ".json");
    ccd::save_scene_file(path, one_of_everything());
    EXPECT_EQ(read_text(path), ccd::scene_to_json(one_of_everything()));
    EXPECT_EQ(files_in(dir), 1u);
    fs::remove_all(dir);
}

TEST(SceneWriterFiles, ANameTooLongOrASymlinkLoopIsASceneErrorNotAnAbort) {
    const fs::path dir = test_directory();
    const fs::path long_name = dir / std::string(300, 'a');
    try {
        ccd::save_scene_file(long_name, one_of_everything());
        ADD_FAILURE() << "no error";
    } catch (const ccd::SceneError& e) {
        EXPECT_EQ(std::string(e.what()),
                  long_name.string() +
                      ": cannot save: cannot look at the path: File name too long");
    }
    fs::create_symlink("loop-b", dir / "loop-a");
    fs::create_symlink("loop-a", dir / "loop-b");
    try {
        ccd::save_scene_file(dir / "loop-a", one_of_everything());
        ADD_FAILURE() << "no error";
    } catch (const ccd::SceneError& e) {
        EXPECT_EQ(std::string(e.what()),
                  (dir / "loop-a").string() +
                      ": cannot save: cannot follow the symbolic links: Too many levels of "
                      "symbolic links");
    }
    EXPECT_EQ(files_in(dir), 2u);
    fs::remove_all(dir);
}

} // namespace
