#pragma once
// The benchmark's dataset (docs/benchmark.md): one time-of-impact query a line (JSON Lines),
// each with its pair kind, stratum, tags and the label an independent reference gave it. Every
// number is a C99 hex float string ("0x1.8p+1"), so a query reads back bit for bit.

#include "ccd/shapes.hpp"

#include <iosfwd>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace ccd {

// The four pair kinds of the benchmark, by the registry's names of the pairs (the straight
// stratum's: a turning stratum's queries are answered by the turning pairs of the same shapes).
inline constexpr std::string_view kBenchKinds[] = {"circle_segment", "point_segment",
                                                   "circle_polygon", "polygon_polygon"};
// How far a side turns in one frame: "straight" (not at all), "quarter" (at most a quarter
// turn: Box2D 2.4.1's b2_maxRotation, 0.5 pi, and Box2D v3's B2_MAX_ROTATION and Jolt's default
// at 60 Hz, 0.25 pi, fall in it), "half" (a quarter to half a turn), "four_turns" (half a turn
// to four turns).
inline constexpr std::string_view kBenchStrata[] = {"straight", "quarter", "half", "four_turns"};

// What the reference found: the shapes touch (closer than -tolerance at some time: they
// overlap by more than the tolerance), never come within the tolerance (a miss), or come within
// it without overlapping by more (a graze: either answer is right).
enum class BenchContact { Hit, Miss, Graze };
std::string_view to_string(BenchContact contact);

// The label of a query (docs/benchmark.md, "The reference"), with the tolerance of the one
// judge (kJudgeTolerance x the query's scale): the shapes are apart by more than half the
// tolerance over [0, t_lo) and within it at t_lo, and overlap by more than it at t_hi (a hit;
// t_hi is 1 otherwise), so the first contact within the tolerance lies in [t_lo, t_hi]; `least`
// is the least distance between the shapes (negative: overlap) the reference sampled, over the
// frame (up to t_hi for a hit).
struct BenchLabel {
    BenchContact contact = BenchContact::Miss;
    double t_lo = 1.0;
    double t_hi = 1.0;
    double least = 0.0;
    friend bool operator==(const BenchLabel&, const BenchLabel&) = default;
};

struct BenchQuery {
    std::string id;                // unique in its file
    std::string kind;              // one of kBenchKinds
    std::string stratum;           // one of kBenchStrata
    std::vector<std::string> tags; // "random", "graze", "touch_t0", ...
    Swept mover;
    Swept obstacle;
    BenchLabel label;
    int line = 0; // where it was read (1-based), 0 when not read from a file
    friend bool operator==(const BenchQuery& a, const BenchQuery& b) {
        return a.id == b.id && a.kind == b.kind && a.stratum == b.stratum && a.tags == b.tags &&
               a.mover == b.mover && a.obstacle == b.obstacle && a.label == b.label;
    }
};

// A dataset line that cannot be read: what() is "FILE:LINE: what is wrong".
class DatasetError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// `value` as a C99 hex float ("0x1.8p+1", "-0x0p+0"), which strtod reads back exactly.
std::string hex_float(double value);

// One line of a dataset, exactly (no newline).
std::string write_bench_line(const BenchQuery& query);
// One line read; throws DatasetError naming `where` ("FILE:LINE") and what is wrong.
BenchQuery read_bench_line(std::string_view text, std::string_view where);
// Every query of a dataset (blank lines skipped); throws DatasetError at the first bad line.
std::vector<BenchQuery> read_bench_dataset(std::istream& in, std::string_view file_name);
std::vector<BenchQuery> read_bench_dataset(const std::string& path);

} // namespace ccd
