// The benchmark's dataset (ccd/bench_dataset.hpp): a query written and read back is the same
// bit for bit (hex floats), and a bad line is refused naming its file, line and field.
#include "ccd/bench_dataset.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>
#include <string>

namespace {

using namespace ccd;

BenchQuery awkward_query() {
    BenchQuery q;
    q.id = "circle_polygon/quarter/test/0";
    q.kind = "circle_polygon";
    q.stratum = "quarter";
    q.tags = {"random", "tiny"};
    // 0.1 and 1/3 have no short decimal form; the smallest subnormal, the largest double, -0.
    q.mover = {Circle{{0.1, 1.0 / 3.0}, std::numeric_limits<double>::denorm_min()},
               Translation{{-0.0, std::numeric_limits<double>::max()}}};
    q.obstacle = {Polygon{{{0, 0}, {1, 0}, {0.7, 0.9}}}, Turning{{0.2, 0.3}, {0, 1e-300}, 1.5}};
    q.label = {BenchContact::Graze, 0.123456789012345678, 1.0, -2.5e-11};
    return q;
}

bool same_bits(double a, double b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

TEST(BenchDataset, HexFloatsAreC99AndReadBackExactly) {
    EXPECT_EQ(hex_float(3.0), "0x1.8p+1");
    EXPECT_EQ(hex_float(-0.0), "-0x0p+0");
    EXPECT_EQ(hex_float(0.1), "0x1.999999999999ap-4");
}

TEST(BenchDataset, AQueryWrittenAndReadBackIsTheSameBitForBit) {
    const BenchQuery q = awkward_query();
    const std::string line = write_bench_line(q);
    EXPECT_NE(line.find("\"0x1.999999999999ap-4\""), std::string::npos) << line;
    EXPECT_EQ(line.find('\n'), std::string::npos);
    const BenchQuery back = read_bench_line(line, "here:1");
    EXPECT_EQ(back, q);
    const Vec2 d = std::get<Translation>(back.mover.motion).displacement;
    EXPECT_TRUE(same_bits(d.x, -0.0)); // == would let +0 pass
    EXPECT_EQ(write_bench_line(back), line);
}

TEST(BenchDataset, ADatasetSkipsBlankLinesAndKeepsEachQuerysLine) {
    const std::string line = write_bench_line(awkward_query());
    std::istringstream in(line + "\n\n" + line + "\n");
    const auto queries = read_bench_dataset(in, "set.jsonl");
    ASSERT_EQ(queries.size(), 2u);
    EXPECT_EQ(queries[0].line, 1);
    EXPECT_EQ(queries[1].line, 3);
}

// The message of reading `line` as line 2 of "set.jsonl" (after a good line 1).
std::string error_of(const std::string& line) {
    std::istringstream in(write_bench_line(awkward_query()) + "\n" + line + "\n");
    try {
        read_bench_dataset(in, "set.jsonl");
    } catch (const DatasetError& e) {
        return e.what();
    }
    return "no error";
}

std::string with(std::string line, const std::string& from, const std::string& to) {
    const auto at = line.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return line.replace(at, from.size(), to);
}

TEST(BenchDataset, ABadLineIsRefusedWithItsFileLineAndField) {
    const std::string good = write_bench_line(awkward_query());
    EXPECT_EQ(error_of("{\"id\": "), "set.jsonl:2: not JSON (byte 8)");
    EXPECT_EQ(error_of(with(good, "\"0x1.999999999999ap-4\"", "0.5")),
              "set.jsonl:2: mover.shape.circle.center[0]: expected a number as a hex float "
              "string (\"0x1.8p+1\"), got 0.5");
    EXPECT_EQ(error_of(with(good, "\"0x1.999999999999ap-4\"", "\"0x1.8q\"")),
              "set.jsonl:2: mover.shape.circle.center[0]: \"0x1.8q\" is not a number");
    EXPECT_EQ(error_of(with(good, "\"circle_polygon\"", "\"circle_square\"")),
              "set.jsonl:2: kind: \"circle_square\" is not \"circle_segment\", "
              "\"point_segment\", \"circle_polygon\" or \"polygon_polygon\"");
    EXPECT_EQ(error_of(with(good, "\"quarter\"", "\"eighth\"")),
              "set.jsonl:2: stratum: \"eighth\" is not \"straight\", \"quarter\", \"half\" or "
              "\"four_turns\"");
    EXPECT_EQ(error_of(with(good, "\"graze\"", "\"touch\"")),
              "set.jsonl:2: label.contact: expected \"hit\", \"miss\" or \"graze\"");
    EXPECT_EQ(error_of(with(good, "\"circle\":{", "\"point\":[\"0x0p+0\",\"0x0p+0\"],\"x\":{")),
              "set.jsonl:2: mover.shape: expected an object with one member, \"point\", "
              "\"circle\", \"segment\" or \"polygon\"");
    // A vertex dropped: two are no polygon.
    EXPECT_EQ(error_of(with(good, "[\"0x1p+0\",\"0x0p+0\"],[\"0x1.6666666666666p-1\"",
                            "[\"0x1.6666666666666p-1\"")),
              "set.jsonl:2: obstacle.shape.polygon: expected at least 3 vertices [[X, Y], ...]");
    EXPECT_EQ(error_of(with(good, "\"t_hi\":\"0x1p+0\"", "\"t_hi\":\"0x1p-5\"")),
              "set.jsonl:2: label: expected 0 <= t_lo <= t_hi <= 1");
    EXPECT_EQ(error_of(with(good, "\"kind\":\"circle_polygon\"", "\"kind\":\"polygon_polygon\"")),
              "set.jsonl:2: mover.shape: a polygon_polygon query's mover is a polygon");
}

TEST(BenchDataset, AClockwisePolygonIsRefused) {
    BenchQuery q = awkward_query();
    q.obstacle.shape = Polygon{{{0, 0}, {0.7, 0.9}, {1, 0}}};
    EXPECT_EQ(error_of(write_bench_line(q)),
              "set.jsonl:2: obstacle.shape.polygon: the vertices must run counter-clockwise");
}

} // namespace
