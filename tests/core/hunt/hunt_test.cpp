// The hunt (ccd/hunt.hpp) and the shrinker (ccd/hunt_shrink.hpp) against methods whose failures
// are known: Box2D's b2TimeOfImpact misses contacts of turning shapes (the tour's
// turning-box2d-gives-up and small turns), the example substep plugin tunnels at speed, seed004
// takes a segment for its infinite line, and a plugin of these tests aborts left of the y axis.
// Every hunt's budget is in variants, so each run is the same.
#include "ccd/finding_json.hpp"
#include "ccd/hunt.hpp"
#include "ccd/hunt_case_json.hpp"
#include "ccd/hunt_shrink.hpp"
#include "ccd/isolated_calls.hpp"
#include "ccd/plugin_loader.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <numbers>
#include <random>

namespace {

using ccd::Vec2;

const ccd::Algorithm& algorithm(std::string_view name) {
    const ccd::Algorithm* found = ccd::find_algorithm(name);
    if (!found) throw std::runtime_error("no algorithm " + std::string(name));
    return *found;
}

const ccd::Algorithm& plugin(const std::string& path) {
    static std::map<std::string, std::string> loaded;
    auto it = loaded.find(path);
    if (it == loaded.end()) it = loaded.emplace(path, ccd::load_engine_plugin(path)).first;
    return algorithm(it->second);
}

ccd::HuntCase fitted(const ccd::Swept& mover, const ccd::Swept& obstacle,
                     const ccd::Algorithm& method) {
    const auto c = ccd::fit_case(mover, obstacle, method);
    if (!c) throw std::runtime_error("no pair");
    return *c;
}

// The fewest significant digits printf needs for `value` to read back (worked here, apart from
// the shrinker's own count).
int digits_of(double value) {
    for (int d = 1; d <= 17; ++d) {
        char text[400];
        std::snprintf(text, sizeof text, "%.*g", d, value);
        if (std::strtod(text, nullptr) == value) return d;
    }
    return 17;
}

int most_digits(ccd::HuntCase c) {
    int most = 0;
    for (const ccd::CaseNumber& n : ccd::numbers_of(c))
        most = std::max(most, digits_of(*n.value));
    return most;
}

// The method's verdict on `c`, judged afresh.
ccd::Verdict verdict_of(const ccd::HuntCase& c, const ccd::Algorithm& method) {
    const ccd::Judge judge(c.mover, c.obstacle);
    return judge.judge(method, ccd::answer_of(method, c.mover, c.obstacle)).verdict;
}

// scenes/turning-box2d-gives-up.json: a ball of radius 0.3 at (0, 2), a propeller 6 x 0.2
// turning twice (4 pi) about the origin: they touch at t = arccos(0.2) / (4 pi) = 0.1089764.
ccd::HuntCase tour_case() {
    const ccd::Polygon propeller{{{-3.0, -0.1}, {3.0, -0.1}, {3.0, 0.1}, {-3.0, 0.1}}};
    return fitted({ccd::Circle{{0.0, 2.0}, 0.3}, ccd::Still{}},
                  {propeller, ccd::Turning{{0.0, 0.0}, {0.0, 0.0}, 4.0 * std::numbers::pi}},
                  algorithm("box2d"));
}

TEST(Hunt, TheSameSeedAndBudgetFindTheSame) {
    ccd::HuntOptions options;
    options.budget = 120;
    options.seed = 7;
    const auto a = ccd::hunt(tour_case(), algorithm("box2d"), options);
    const auto b = ccd::hunt(tour_case(), algorithm("box2d"), options);
    EXPECT_EQ(a.variants, 120);
    ASSERT_EQ(a.findings.size(), b.findings.size());
    for (std::size_t k = 0; k < a.findings.size(); ++k)
        EXPECT_EQ(ccd::finding_json(a.findings[k], algorithm("box2d")),
                  ccd::finding_json(b.findings[k], algorithm("box2d")));
    long counted = 0;
    for (const auto& [name, count] : a.counts)
        counted += name == "metamorphic" ? 0 : count;
    EXPECT_EQ(counted, 120);
}

TEST(Hunt, FromTheToursBox2DSceneItFindsBox2DsMissesAndShrinksOne) {
    const ccd::Algorithm& box2d = algorithm("box2d");
    ASSERT_EQ(verdict_of(tour_case(), box2d), ccd::Verdict::Miss);
    ccd::HuntOptions options;
    options.budget = 200;
    const auto report = ccd::hunt(tour_case(), box2d, options);
    ASSERT_GT(report.counts.count("miss"), 0u);
    const auto groups = ccd::group_findings(report.findings);
    const auto miss = groups.find({"miss", "polygon_edge"});
    ASSERT_NE(miss, groups.end());
    const ccd::Finding& first = report.findings[miss->second.front()];
    const ccd::Shrunk shrunk = ccd::shrink(first, box2d, options);
    EXPECT_GT(shrunk.steps, 0);
    EXPECT_LE(most_digits(shrunk.finding.query), 6)
        << ccd::query_line(shrunk.finding.query) << " " << shrunk.evaluations << " judged";
    EXPECT_EQ(verdict_of(shrunk.finding.query, box2d), ccd::Verdict::Miss);
}

// A segment of length 2 to 4 turning by 0.8 to 1.55 rad (within a quarter turn, pi / 2) about a
// point near its middle while a ball of radius 0.1 to 1 crosses its disc fast (3 to 9 a frame),
// as the benchmark's quarter stratum draws them (docs/benchmark.md).
ccd::HuntCase random_quarter_turn(std::mt19937_64& random) {
    std::uniform_real_distribution<double> u(0.0, 1.0);
    const double pi = std::numbers::pi;
    const double half = 1.0 + u(random), direction = 2.0 * pi * u(random);
    const Vec2 along{half * std::cos(direction), half * std::sin(direction)};
    const Vec2 pivot{0.4 * u(random) - 0.2, 0.4 * u(random) - 0.2};
    const double angle = (u(random) < 0.5 ? 1.0 : -1.0) * (0.8 + 0.75 * u(random));
    const double from = 2.0 * pi * u(random), distance = 2.0 + 2.0 * u(random);
    const Vec2 start{distance * std::cos(from), distance * std::sin(from)};
    const double speed = 3.0 + 6.0 * u(random), aim = from + pi + 0.6 * (u(random) - 0.5);
    const ccd::Circle ball{start, 0.1 + 0.9 * u(random)};
    const Vec2 d{speed * std::cos(aim), speed * std::sin(aim)};
    const Vec2 v{0.6 * u(random) - 0.3, 0.6 * u(random) - 0.3};
    return fitted({ball, ccd::Translation{d}},
                  {ccd::Segment{Vec2{} - along, along}, ccd::Turning{pivot, v, angle}},
                  algorithm("box2d"));
}

TEST(Hunt, FromTwentyQuarterTurnsItFindsBox2DsSmallRotationMissesAndShrinksOneToSixDigits) {
    const ccd::Algorithm& box2d = algorithm("box2d");
    std::mt19937_64 random(2024);
    ccd::HuntOptions options;
    options.budget = 60;
    long small_turn_misses = 0;
    bool shrunk_short = false;
    for (int k = 0; k < 20; ++k) {
        const ccd::HuntCase start = random_quarter_turn(random);
        options.seed = static_cast<std::uint64_t>(k + 1);
        const auto report = ccd::hunt(start, box2d, options);
        for (const ccd::Finding& f : report.findings) {
            const auto* turning = std::get_if<ccd::Turning>(&f.query.obstacle.motion);
            if (f.kind != ccd::FindingKind::Verdict || f.verdict != ccd::Verdict::Miss ||
                !turning || std::fabs(turning->angle) > std::numbers::pi / 2)
                continue;
            ++small_turn_misses;
            if (shrunk_short) continue;
            const ccd::Shrunk shrunk = ccd::shrink(f, box2d, options);
            shrunk_short = most_digits(shrunk.finding.query) <= 6 &&
                           verdict_of(shrunk.finding.query, box2d) == ccd::Verdict::Miss;
        }
    }
    EXPECT_GT(small_turn_misses, 0);
    EXPECT_TRUE(shrunk_short);
}

TEST(Hunt, FromACaseTheSubstepPluginGetsRightItFindsItTunnellingAtHigherSpeed) {
    const ccd::Algorithm& substep =
        plugin(std::string(CCDLAB_EXAMPLE_PLUGINS_DIR) + "/substep_plugin.so");
    // A ball of radius 0.5 falling by 6 from (0, 2) onto the segment y = 0: it touches when its
    // centre is at 0.5, t = 1.5 / 6 = 0.25, the end of sub-step 2 of 8: the plugin is right.
    const ccd::HuntCase start =
        fitted({ccd::Circle{{0.0, 2.0}, 0.5}, ccd::Translation{{0.0, -6.0}}},
               {ccd::Segment{{-2.0, 0.0}, {2.0, 0.0}}, ccd::Still{}}, substep);
    ASSERT_EQ(verdict_of(start, substep), ccd::Verdict::Agrees);
    ccd::HuntOptions options;
    options.budget = 300;
    const auto report = ccd::hunt(start, substep, options);
    // A tunnel: no contact reported where there is one, the ball moving more than 6.
    bool tunnel = false;
    for (const ccd::Finding& f : report.findings) {
        const Vec2 d = std::get<ccd::Translation>(f.query.mover.motion).displacement;
        tunnel = tunnel || (f.verdict == ccd::Verdict::Miss && !f.answer.hit && f.certified &&
                            std::hypot(d.x, d.y) > 8.0 * 0.5 * 2.0 / 1.5);
    }
    EXPECT_TRUE(tunnel);
}

TEST(Hunt, AVerdictThatChangesUnderAnInvarianceIsAMetamorphicFinding) {
    // The substep plugin is right on the falling ball only because the contact falls exactly on
    // the end of a sub-step (t = 0.25 = 2 / 8); moved, turned or mirrored, the case's rounding
    // puts it an ulp past, and the plugin answers the next sub-step: its verdict changes.
    const ccd::Algorithm& substep =
        plugin(std::string(CCDLAB_EXAMPLE_PLUGINS_DIR) + "/substep_plugin.so");
    const ccd::HuntCase start =
        fitted({ccd::Circle{{0.0, 2.0}, 0.5}, ccd::Translation{{0.0, -6.0}}},
               {ccd::Segment{{-2.0, 0.0}, {2.0, 0.0}}, ccd::Still{}}, substep);
    ccd::HuntOptions options;
    options.budget = 300;
    const auto report = ccd::hunt(start, substep, options);
    long metamorphic = 0;
    for (const ccd::Finding& f : report.findings) {
        if (f.kind != ccd::FindingKind::Metamorphic) continue;
        ++metamorphic;
        ASSERT_TRUE(f.base && f.invariance);
        // The finding's query is its base under the invariance, and the two verdicts differ,
        // each judged afresh.
        EXPECT_EQ(ccd::apply(*f.invariance, *f.base, substep), f.query);
        EXPECT_NE(verdict_of(*f.base, substep), verdict_of(f.query, substep));
        EXPECT_EQ(verdict_of(*f.base, substep), f.base_verdict);
    }
    EXPECT_GT(metamorphic, 0);
    EXPECT_EQ(report.counts.at("metamorphic"), metamorphic);
}

TEST(Hunt, APluginThatCrashesIsAFindingAndTheHuntGoesOn) {
    ASSERT_TRUE(ccd::can_isolate_calls());
    const ccd::Algorithm& crashing = plugin(CCDLAB_CRASHING_PLUGIN);
    const ccd::HuntCase start =
        fitted({ccd::Circle{{0.25, 2.0}, 0.5}, ccd::Translation{{0.0, -3.0}}},
               {ccd::Segment{{-2.0, 0.0}, {2.0, 0.0}}, ccd::Still{}}, crashing);
    ccd::HuntOptions options;
    options.budget = 100;
    options.batch = 16;
    const auto report = ccd::hunt(start, crashing, options);
    EXPECT_EQ(report.variants, 100);
    ASSERT_GT(report.counts.count("crash"), 0u);
    std::size_t first_crash = report.findings.size(), judged_after = 0;
    for (std::size_t k = 0; k < report.findings.size(); ++k) {
        const ccd::Finding& f = report.findings[k];
        if (f.kind == ccd::FindingKind::Crash) {
            first_crash = std::min(first_crash, k);
            EXPECT_LT(std::get<ccd::Circle>(f.query.mover.shape).center.x, 0.0);
            EXPECT_EQ(f.judgement, "killed by signal 6 (Aborted)");
        } else if (k > first_crash) {
            ++judged_after; // a miss of the plugin's, judged after a crash
            EXPECT_EQ(f.verdict, ccd::Verdict::Miss);
        }
    }
    EXPECT_GT(judged_after, 0u);
    // The crash's input is kept: its query line is in its JSON.
    for (const ccd::Finding& f : report.findings)
        if (f.kind == ccd::FindingKind::Crash) {
            const std::string line = ccd::finding_json(f, crashing);
            EXPECT_NE(line.find("\"class\":\"crash\""), std::string::npos);
            EXPECT_NE(line.find("\"query\":{\"kind\":\"circle_segment\""), std::string::npos);
            break;
        }
}

TEST(Hunt, IsolatedCallsAnswerAsCallsInProcessDo) {
    const ccd::Algorithm& box2d = algorithm("box2d");
    std::vector<ccd::HuntCase> cases{tour_case()};
    std::mt19937_64 random(5);
    for (int k = 0; k < 10; ++k)
        cases.push_back(random_quarter_turn(random));
    const auto isolated = ccd::call_method(box2d, cases, true);
    const auto here = ccd::call_method(box2d, cases, false);
    ASSERT_EQ(isolated.size(), cases.size());
    for (std::size_t k = 0; k < cases.size(); ++k) {
        EXPECT_FALSE(isolated[k].crashed);
        ASSERT_EQ(isolated[k].answer.hit.has_value(), here[k].answer.hit.has_value());
        if (here[k].answer.hit) {
            EXPECT_EQ(isolated[k].answer.hit->t, here[k].answer.hit->t);
            EXPECT_EQ(isolated[k].answer.hit->normal, here[k].answer.hit->normal);
        }
    }
}

TEST(Hunt, EveryCallOfAPluginThatAlwaysCrashesIsACrash) {
    const ccd::Algorithm& crashes = plugin(std::string(CCDLAB_BAD_PLUGINS_DIR) + "/bad_crashes.so");
    const ccd::HuntCase c = fitted({ccd::Circle{{0.0, 2.0}, 0.5}, ccd::Translation{{0.0, -3.0}}},
                                   {ccd::Segment{{-2.0, 0.0}, {2.0, 0.0}}, ccd::Still{}}, crashes);
    const std::vector<ccd::HuntCase> cases(3, c);
    const auto outcomes = ccd::call_method(crashes, cases, true);
    ASSERT_EQ(outcomes.size(), 3u);
    for (const auto& o : outcomes) {
        EXPECT_TRUE(o.crashed);
        EXPECT_EQ(o.crash, "killed by signal 6 (Aborted)");
    }
}

// The cases of IsolatedCallsAnswerAsCallsInProcessDo and more kinds: a polygon turning, a circle
// under gravity against a still polygon, a point against a segment whose ends move apart.
std::vector<ccd::HuntCase> mixed_cases() {
    std::vector<ccd::HuntCase> cases{tour_case()};
    std::mt19937_64 random(5);
    for (int k = 0; k < 10; ++k)
        cases.push_back(random_quarter_turn(random));
    const ccd::Polygon box{{{-1.0, -1.0}, {1.0, -1.0}, {1.0, 1.0}, {-1.0, 1.0}}, 0.125};
    ccd::Swept falling{ccd::Circle{{0.1, 3.0}, 0.5}, ccd::Translation{{0.0, -0.5}}};
    falling.acceleration = {0.0, -6.0};
    cases.push_back(fitted(falling, {box, ccd::Still{}}, algorithm("exact")));
    cases.push_back(
        fitted({ccd::Point{{0.0, 1.0}}, ccd::Translation{{0.2, -2.0}}},
               {ccd::Segment{{-1.0, 0.0}, {1.0, 0.0}}, ccd::EndMotion{{0.0, 0.5}, {0.0, -0.25}}},
               algorithm("exact")));
    return cases;
}

TEST(Hunt, CallsInAWorkerProgramAnswerAsCallsInProcessDoBitForBit) {
    const ccd::CallWorker worker{CCDLAB_CALL_WORKER};
    for (const char* name : {"box2d", "exact"}) {
        const ccd::Algorithm& method = algorithm(name);
        std::vector<ccd::HuntCase> cases;
        for (const ccd::HuntCase& c : mixed_cases())
            if (!ccd::inexpressible(method, c.mover, c.obstacle)) cases.push_back(c);
        ASSERT_GE(cases.size(), 11u) << name;
        const auto spawned = ccd::call_method(method, cases, true, worker);
        const auto here = ccd::call_method(method, cases, false);
        ASSERT_EQ(spawned.size(), cases.size());
        int hits = 0;
        for (std::size_t k = 0; k < cases.size(); ++k) {
            EXPECT_FALSE(spawned[k].crashed) << spawned[k].crash;
            ASSERT_EQ(spawned[k].answer.hit.has_value(), here[k].answer.hit.has_value()) << k;
            if (!here[k].answer.hit) continue;
            ++hits;
            EXPECT_EQ(spawned[k].answer.hit->t, here[k].answer.hit->t) << name << " case " << k;
            EXPECT_EQ(spawned[k].answer.hit->point, here[k].answer.hit->point);
            EXPECT_EQ(spawned[k].answer.hit->normal, here[k].answer.hit->normal);
        }
        EXPECT_GT(hits, 5) << name; // answers to compare, not only misses
    }
}

TEST(Hunt, APluginThatCrashesInAWorkerProgramIsACrashAndTheCallsAfterItAreAnswered) {
    const ccd::Algorithm& crashing = plugin(CCDLAB_CRASHING_PLUGIN);
    const ccd::CallWorker worker{CCDLAB_CALL_WORKER, "--engine", CCDLAB_CRASHING_PLUGIN};
    const ccd::Swept wall{ccd::Segment{{-2.0, 0.0}, {2.0, 0.0}}, ccd::Still{}};
    // The plugin aborts for a ball left of the y axis (crashing_plugin.c).
    const std::vector<ccd::HuntCase> cases{
        fitted({ccd::Circle{{0.25, 2.0}, 0.5}, ccd::Translation{{0.0, -3.0}}}, wall, crashing),
        fitted({ccd::Circle{{-0.25, 2.0}, 0.5}, ccd::Translation{{0.0, -3.0}}}, wall, crashing),
        fitted({ccd::Circle{{0.5, 2.0}, 0.5}, ccd::Translation{{0.0, -3.0}}}, wall, crashing)};
    const auto outcomes = ccd::call_method(crashing, cases, true, worker);
    ASSERT_EQ(outcomes.size(), 3u);
    EXPECT_FALSE(outcomes[0].crashed);
    EXPECT_TRUE(outcomes[1].crashed);
    EXPECT_EQ(outcomes[1].crash, "killed by signal 6 (Aborted)");
    EXPECT_FALSE(outcomes[2].crashed);
}

TEST(Hunt, AWorkerThatCannotStartIsAnErrorNotACrashOfEveryCall) {
    const ccd::Algorithm& crashing = plugin(CCDLAB_CRASHING_PLUGIN);
    const std::vector<ccd::HuntCase> cases{
        fitted({ccd::Circle{{0.25, 2.0}, 0.5}, ccd::Translation{{0.0, -3.0}}},
               {ccd::Segment{{-2.0, 0.0}, {2.0, 0.0}}, ccd::Still{}}, crashing)};
    // Without --engine the worker has no algorithm of the plugin's name: it ends at once.
    try {
        (void)ccd::call_method(crashing, cases, true, {CCDLAB_CALL_WORKER});
        FAIL() << "no error";
    } catch (const std::runtime_error& e) {
        EXPECT_EQ(std::string(e.what()),
                  "hunt: the child for the calls did not start (exited with status 2)");
    }
    try {
        (void)ccd::call_method(crashing, cases, true, {"/nonexistent/worker"});
        FAIL() << "no error";
    } catch (const std::runtime_error& e) {
        EXPECT_EQ(std::string(e.what()),
                  "hunt: cannot start the worker /nonexistent/worker: No such file or directory");
    }
}

TEST(HuntShrink, ASeed004FalseHitShrinksToShortNumbersAndStaysAFalseHit) {
    // scenes/seed004-infinite-line.json with long numbers: a ball of radius 0.5 at (2.3, 2), 0.3
    // from the line x = 2 of the post from (2, -2) to (2, -0.1) but far above its top, moving
    // away: seed004 decides from the distance to the infinite line that they collide at t = 0;
    // the shapes never touch.
    const ccd::Algorithm& seed004 = algorithm("seed004");
    const ccd::HuntCase start =
        fitted({ccd::Circle{{2.3123456789, 2.0987654321}, 0.5123456789},
                ccd::Translation{{0.5123456789, 1.5123456789}}},
               {ccd::Segment{{2.0, -2.0}, {2.0, -0.1234567891}}, ccd::Still{}}, seed004);
    ASSERT_EQ(verdict_of(start, seed004), ccd::Verdict::FalseHit);
    ccd::Finding finding;
    finding.verdict = ccd::Verdict::FalseHit;
    finding.query = start;
    const ccd::Shrunk a = ccd::shrink(finding, seed004, {});
    const ccd::Shrunk b = ccd::shrink(finding, seed004, {});
    EXPECT_EQ(a.finding.query, b.finding.query); // deterministic
    EXPECT_LE(most_digits(a.finding.query), 2) << ccd::query_line(a.finding.query);
    EXPECT_GT(a.steps, 0);
    EXPECT_EQ(verdict_of(a.finding.query, seed004), ccd::Verdict::FalseHit);
}

} // namespace
