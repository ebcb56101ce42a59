#pragma once
// The one judge of time-of-impact answers: any method's answer to a query, compared with the
// certified one (the default algorithm's, through the pair registry) by the contract of
// docs/accuracy.md ("The judge"), named by a verdict with a line of text: what "disagrees"
// means wherever answers are compared (`ccdlab-cli toi --judge` prints it). A method's documented
// slack (Algorithm::slack: Box2D's target separation, conservative advancement's margin) is part of
// its row: an answer within it agrees "by design", one beyond it is wrong.

#include "ccd/algorithms.hpp"
#include "ccd/hit.hpp"
#include "ccd/shapes.hpp"
#include "ccd/trace.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace ccd {

enum class Verdict {
    Agrees,    // the same first contact (or both no contact) within the tolerance or its slack
    Miss,      // no contact reported, or one later than the first contact by more than allowed
    FalseHit,  // a contact reported where the shapes stay apart for the whole frame
    Early,     // a contact reported short of the first contact by more than allowed
    NormalOff, // the right t, but the normal turned from the certified one by more than allowed
    Failed,    // the method gave up (Box2D's e_failed) or refused the inputs
    // The answer, or the certified one it is judged against, stopped at its step limit before
    // deciding (Hit::undecided): no contact before its t, nothing known after; neither right nor
    // wrong (the World cuts the frame there).
    Undecided,
};

// "agrees", "miss", "false_hit", "early", "normal_off", "failed", "undecided".
std::string_view to_string(Verdict verdict);

// The judge's tolerance, in units of the query's scale (certified_scale in toi_turning.hpp: the
// largest of 1, every coordinate, displacement and radius, and |angle| x lever arm): a hundred
// times the certified answer's own (kCertifiedTolerance), so that its rounding never makes a
// verdict, and far above the rounding of a method in double.
inline constexpr double kJudgeTolerance = 1e-10;
// The largest angle between an answer's normal and the certified one that still agrees: 1 degree.
inline constexpr double kJudgeNormalAngle = 0.017453292519943295;

struct JudgeOptions {
    double tolerance = kJudgeTolerance;      // x the query's scale
    double normal_angle = kJudgeNormalAngle; // radians
};

// What a method said: its hit (nothing: no contact), or that it gave up or refused, and why.
struct MethodAnswer {
    std::optional<Hit> hit;
    std::optional<std::string> failure;
};

// `algorithm`'s answer to `mover` against `obstacle` through the pair registry: a refusal
// (inexpressible), no query for the pair, or an iterative search that says it failed (its
// trace's state "failed") is a failure. `trace`, when given, gets the method's trace.
MethodAnswer answer_of(const Algorithm& algorithm, const Swept& mover, const Swept& obstacle,
                       Trace* trace = nullptr);

// A verdict and its one line of text ("agrees: early by design (slack 0.062): ..."); by_design
// when it agrees only within the method's slack.
struct Judgement {
    Verdict verdict = Verdict::Agrees;
    bool by_design = false;
    std::string text;
};

// The judge of one query: the certified answer worked out once, any number of answers judged.
class Judge {
public:
    Judge(const Swept& mover, const Swept& obstacle, const JudgeOptions& options = {});

    // `answer`, from `algorithm` (whose slack it is allowed), against the certified answer.
    Judgement judge(const Algorithm& algorithm, const MethodAnswer& answer) const;

    const std::optional<Hit>& certified() const { return certified_; }
    // The tolerance in the inputs' units: options.tolerance x the query's scale.
    double tolerance() const { return tolerance_; }

private:
    Judgement judge_hit(const Hit& hit, const Slack& slack) const;
    // No contact where one is certified: a graze that the contract lets pass (a circle's
    // radius smaller by the tolerance, or by the tolerance and the slack past touching, misses)
    // agrees; anything else is a miss.
    Judgement judge_miss(const Slack& slack) const;
    // Whether the certified query misses with a radius smaller by `depth` (a circle's, a
    // capsule's or a rounded polygon's: a side's radius at least `depth`, the larger of the two
    // sides'); nothing when neither is.
    std::optional<bool> misses_when_shrunk(double depth) const;
    Judgement judge_contact(const Hit& hit, const Hit& certified, const Slack& slack) const;
    Judgement judge_normal(const Hit& hit, const Hit& certified, bool by_design,
                           std::string text) const;
    // How far `hit` is from the certified contact: short of it, the shapes' separation at its t;
    // past it, how far they close on each other by then at the contact's closing speed, or the
    // separation there when larger.
    double off_contact(const Hit& hit, const Hit& certified) const;
    // The shapes' distance at t less the sum of their radii (0 less it while the cores overlap;
    // between convex hulls for polygons).
    double separation_at(double t) const;
    // How fast the shapes close along the certified normal at its contact (their relative speed
    // there for an overlap at t = 0).
    double closing_speed(const Hit& certified) const;

    Swept mover_;
    Swept obstacle_;
    JudgeOptions options_;
    double tolerance_ = 0.0;
    std::optional<Hit> certified_;
};

} // namespace ccd
