#pragma once
// A case exported as a C++ test a user drops into their own suite (`ccdlab-cli export-test`,
// the lab's Export test; docs/cli.md): the inputs as hex-float literals, the call (the core's
// certified ccd::time_of_impact, or an engine plugin's query through the C ABI of
// ccd/engine_plugin.h) and the verdict the judge expects, worked out here once, from the
// certified answer. The test needs nothing of ccdlab but the installed core (certified) or the
// ABI's header (engine): it fails until the answer agrees with the certified one as the judge
// has it (ccd/judge.hpp).

#include "ccd/algorithms.hpp"
#include "ccd/scene.hpp"
#include "ccd/shapes.hpp"

#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace ccd {

// A case that cannot be exported as asked: what() says which and why, in one line.
class ExportError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

enum class TestFramework { GoogleTest, Catch2, Doctest };
// What the test calls: the core's certified query, or an engine plugin's.
enum class TestTarget { Certified, Engine };

// "gtest", "catch2", "doctest"; "certified", "engine"; nothing for another name.
std::optional<TestFramework> test_framework_named(std::string_view name);
std::optional<TestTarget> test_target_named(std::string_view name);

// One query to export: the mover against the obstacle, a name for the test (letters, digits
// and '_' are kept), where it came from (one line, for a comment), and the scene that shows it
// in ccdlab (shared by a scene's cases; none when the pair is no scene's, `no_link` then says
// why).
struct ExportCase {
    std::string name;
    std::string source;
    Swept mover;
    Swept obstacle;
    std::shared_ptr<const Scene> scene;
    std::string no_link;
};

// The most cases one exported file holds.
inline constexpr std::size_t kMaxExportedCases = 1000;

// The case of one query (a `ccdlab-cli toi` line read into two sides), its scene made with
// scene_of_pair when the pair is one.
ExportCase query_case(const Swept& mover, const Swept& obstacle, std::string name,
                      std::string source);

// A scene's pairs over its first frame (from the scene's t = 0), as the World puts them to the
// registry: each body (circle, point or polygon) against every later body, polygon and wall,
// each polygon against every later polygon and wall; a pair where nothing moves is left out.
// With `only_a` and `only_b`, the pair of those two names alone (either way round). Each case's
// scene is `scene` itself (its link opens the whole scene). ExportError for more than
// kMaxExportedCases pairs, or for none of the names asked.
std::vector<ExportCase> scene_cases(const Scene& scene, std::string_view source,
                                    std::string_view only_a = {}, std::string_view only_b = {});

// The pair as a scene of two items (a circle or point a body; a segment a wall, static, its
// ends moving or turning about a fixed pivot; a polygon a polygon body, translating or turning
// about its area centroid), or nothing with `why` set when the scene format cannot hold it.
std::optional<Scene> scene_of_pair(const Swept& mover, const Swept& obstacle, std::string* why);

// What the judge accepts for one case, worked out from the certified answer: a hit iff
// `hit` (or a miss where `miss_agrees`, a graze within the tolerance), its t in [t_low,
// t_high], its normal within `normal_angle` of `normal` (not asked of an overlap at t = 0).
// For a certified miss, a hit is accepted only with its t in [t_low, t_high] when
// `hit_window` (the shapes pass within the tolerance there).
struct ExpectedVerdict {
    bool hit = false;
    double t = 0.0;
    Vec2 point;
    Vec2 normal;
    bool overlap = false;
    double t_low = 0.0;
    double t_high = 0.0;
    bool miss_agrees = false;
    bool hit_window = false;
    double tolerance = 0.0;    // the judge's, in the query's units
    double normal_angle = 0.0; // radians
    double slack_short = 0.0;  // the algorithm's slack allowed (its Algorithm::slack)
    double slack_past = 0.0;
};

// The verdict the judge expects of `algorithm` (its slack allowed; a plugin has none) on the
// case. Throws ExportError when the certified search stopped undecided.
ExpectedVerdict expected_verdict(const Swept& mover, const Swept& obstacle,
                                 const Algorithm& algorithm);

// A suite's name from a file's stem: each run of letters and digits capitalised and joined
// ("ball-falls-onto-floor" -> "BallFallsOntoFloor"), "Case" in front of a leading digit,
// "Ccdlab" when nothing is left.
std::string test_suite_name(std::string_view stem);

struct TestExportOptions {
    TestFramework framework = TestFramework::GoogleTest;
    TestTarget target = TestTarget::Certified;
    // The algorithm whose slack the verdict allows; for the certified target, the core's
    // algorithm the test calls (the default: the certified one, "exact").
    std::string algorithm = "exact";
    std::string suite = "Ccdlab";         // the tests' suite (gtest) or their names' prefix
    std::string link_base = "index.html"; // what the cases' links are made against
    std::string command;                  // how the file was made, for its first comment
};

// One C++ file holding a test per case (the case's name made unique). Throws ExportError when
// there is no case, when the algorithm is not registered, or when a case cannot be put to the
// target (an engine takes no radius on a segment or polygon; a pair the registry has no query
// for).
std::string exported_test(std::span<const ExportCase> cases, const TestExportOptions& options);

} // namespace ccd
