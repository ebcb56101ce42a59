// The query lab's hunt: the lab's pair as a hunt's case and a found case back as the lab's two
// sides (or why the lab cannot show it), and a hunt run on its own thread, stopped or run out.
#include "hunt_lab_form.hpp"
#include "hunt_run.hpp"
#include "query_lab.hpp"

#include "ccd/scene_loader.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <numbers>
#include <string>
#include <thread>

namespace {

using ccd::Vec2;
using ccdlab::LabState;
using ccdlab::QueryLab;

// The tour's scene: a ball of radius 0.3 at (0, 2), still, and a propeller 6 x 0.2 turning
// twice (4 pi) about its centroid (0, 0). Box2D misses its contact at t = 0.109.
QueryLab propeller_lab() {
    return QueryLab::from_scene(
        ccd::load_scene_file(std::string(CCDLAB_SCENES_DIR) + "/turning-box2d-gives-up.json"));
}

const ccd::Algorithm& box2d() {
    const ccd::Algorithm* found = ccd::find_algorithm("box2d");
    if (!found) throw std::runtime_error("box2d is not registered");
    return *found;
}

// Waits until the hunt's thread is done (the hunt's own budget ends it).
ccdlab::HuntStatus finished(const ccdlab::HuntRun& run) {
    while (run.running())
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    return run.status();
}

TEST(HuntLabForm, TheLabsPairComesBackAsTheSameSides) {
    const QueryLab lab = propeller_lab();
    const auto start = ccdlab::hunt_case_of(lab, box2d());
    ASSERT_TRUE(start);
    const auto form = ccdlab::lab_form(*start, lab.state());
    ASSERT_TRUE(std::holds_alternative<LabState>(form)) << std::get<std::string>(form);
    const LabState& state = std::get<LabState>(form);
    EXPECT_EQ(state.mover.name, "ball");
    EXPECT_EQ(state.mover.circle().center, (Vec2{0.0, 2.0}));
    EXPECT_EQ(state.mover.circle().radius, 0.3);
    EXPECT_EQ(std::get<ccd::Translation>(state.mover.swept.motion).displacement, (Vec2{}));
    EXPECT_EQ(state.obstacle.name, "propeller");
    EXPECT_EQ(state.obstacle.polygon().vertices.size(), 4u);
    EXPECT_EQ(state.obstacle.polygon().vertices[0], (Vec2{-3.0, -0.1}));
    const auto& turning = std::get<ccd::Turning>(state.obstacle.swept.motion);
    EXPECT_NEAR(turning.pivot.x, 0.0, 1e-15); // the outline's area centroid, to rounding
    EXPECT_NEAR(turning.pivot.y, 0.0, 1e-15);
    EXPECT_NEAR(turning.angle, 4.0 * std::numbers::pi, 1e-12);
    EXPECT_EQ(state, lab.state());
}

TEST(HuntLabForm, APolygonTurningAboutAnotherPointHasNoLabForm) {
    const QueryLab lab = propeller_lab();
    auto found = *ccdlab::hunt_case_of(lab, box2d());
    std::get<ccd::Turning>(found.obstacle.motion).pivot = {1.0, 0.0};
    const auto form = ccdlab::lab_form(found, lab.state());
    ASSERT_TRUE(std::holds_alternative<std::string>(form));
    EXPECT_TRUE(std::get<std::string>(form).starts_with(
        "no lab form: its obstacle turns about (1, 0), not its centroid ("))
        << std::get<std::string>(form);
}

TEST(HuntLabForm, SwappedSidesHaveNoLabForm) {
    const QueryLab lab = propeller_lab();
    const auto found = *ccdlab::hunt_case_of(lab, box2d());
    const ccd::HuntCase swapped{found.pair, found.obstacle, found.mover};
    const auto form = ccdlab::lab_form(swapped, lab.state());
    ASSERT_TRUE(std::holds_alternative<std::string>(form));
    EXPECT_EQ(std::get<std::string>(form),
              "no lab form: its mover is a polygon, the lab's a circle");
}

// The hunt's calls run in a worker program while it lives (as the app's main sets it up).
struct HuntWorkerInScope {
    HuntWorkerInScope() { ccdlab::set_hunt_worker({CCDLAB_CALL_WORKER}); }
    ~HuntWorkerInScope() { ccdlab::set_hunt_worker({}); }
};

TEST(HuntRun, FindsBox2DsMissesAndOpensOneTheLabJudgesAMiss) {
    const HuntWorkerInScope worker;
    QueryLab lab = propeller_lab();
    ccdlab::HuntRun run;
    run.start(*ccdlab::hunt_case_of(lab, box2d()), box2d(), 256, lab.state());
    const ccdlab::HuntStatus status = finished(run);
    EXPECT_EQ(status.phase, ccdlab::HuntPhase::Done);
    EXPECT_EQ(status.calls_in, "worker");
    EXPECT_EQ(status.algorithm, "box2d");
    EXPECT_EQ(status.variants, 256);
    EXPECT_FALSE(status.stopped);
    EXPECT_TRUE(status.error.empty()) << status.error;
    EXPECT_GT(status.findings, 0);
    const ccdlab::HuntGroup* miss = nullptr;
    for (const ccdlab::HuntGroup& group : status.groups)
        if (group.finding_class == "miss" && group.feature == "polygon_edge") miss = &group;
    ASSERT_NE(miss, nullptr);
    EXPECT_TRUE(miss->shrunk);
    // Shrunk, the propeller is the triangle (0, 0), (0, 0.1), (-1, 0) turning about its vertex
    // (0, 0) (docs/hunt.md): its centroid is (-1/3, 1/30), so the lab cannot turn it there.
    ASSERT_TRUE(std::holds_alternative<std::string>(miss->lab_form));
    EXPECT_EQ(std::get<std::string>(miss->lab_form),
              "no lab form: its obstacle turns about (0, 0), not its centroid (-0.333333, "
              "0.0333333)");
    // The row opens the miss as it was found instead; the lab judges Box2D's answer to it a miss
    // on its own.
    ASSERT_TRUE(std::holds_alternative<LabState>(miss->found_form))
        << std::get<std::string>(miss->found_form);
    ASSERT_EQ(miss->opens(), &std::get<LabState>(miss->found_form));
    lab.restore(*miss->opens());
    bool judged = false;
    for (const ccdlab::AlgorithmAnswer& answer : lab.algorithm_answers())
        if (answer.algorithm == &box2d() && answer.judgement) {
            judged = true;
            EXPECT_EQ(answer.judgement->verdict, ccd::Verdict::Miss);
        }
    EXPECT_TRUE(judged);
}

TEST(HuntRun, StopEndsTheHuntEarlyAndKeepsItsFindingsUnshrunk) {
    const QueryLab lab = propeller_lab();
    ccdlab::HuntRun run;
    run.start(*ccdlab::hunt_case_of(lab, box2d()), box2d(), 10'000'000, lab.state());
    EXPECT_TRUE(run.running());
    run.stop();
    const ccdlab::HuntStatus status = finished(run);
    EXPECT_EQ(status.phase, ccdlab::HuntPhase::Done);
    EXPECT_EQ(status.calls_in, "fork"); // no worker set
    EXPECT_TRUE(status.stopped);
    EXPECT_LT(status.variants, 10'000'000);
    for (const ccdlab::HuntGroup& group : status.groups)
        EXPECT_FALSE(group.shrunk);
}

} // namespace
