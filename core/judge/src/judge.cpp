// The judge: an answer's t measured by the shapes' separation there (short of the first
// contact) or by how far they close on each other past it, against the tolerance and the
// method's slack (docs/accuracy.md, "The judge").
#include "ccd/judge.hpp"

#include "ccd/detail/swept_rescaling.hpp"
#include "ccd/detail/turning_contact.hpp"
#include "ccd/pair_registry.hpp"
#include "ccd/toi_turning.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <utility>
#include <variant>

namespace ccd {
namespace {

std::string number(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", value);
    return text;
}

// A time, to nine digits (a float's t and a double's apart by 6e-8 stay apart).
std::string at_t(double t) {
    char text[32];
    std::snprintf(text, sizeof text, "t = %.9g", t);
    return text;
}

double radius_of(const Swept& swept) {
    return ccd::radius_of(swept.shape); // a circle's, a capsule's, a rounded polygon's
}

// The radius of a side's shape, to change (null for a point).
double* radius_field(Swept& swept) {
    return std::visit(
        [](auto& shape) -> double* {
            if constexpr (requires { shape.radius; })
                return &shape.radius;
            else
                return nullptr;
        },
        swept.shape);
}

// The velocity (per frame) at time t of the material point of `swept` that is at `point` then.
Vec2 velocity_at(const Swept& swept, Vec2 point, double t) {
    if (const auto* turning = std::get_if<Turning>(&swept.motion)) {
        const Vec2 pivot = turning->pivot + turning->displacement * t;
        return turning->displacement + perp(point - pivot) * turning->angle;
    }
    if (const auto* ends = std::get_if<EndMotion>(&swept.motion)) {
        const Segment& start = std::get<Segment>(swept.shape);
        const MovingSegment moving{start, ends->displacement_a, ends->displacement_b};
        return velocity_along(moving.at(t), ends->displacement_a, ends->displacement_b, point);
    }
    return swept.displacement();
}

// The angle between two unit vectors, in radians.
double angle_between(Vec2 a, Vec2 b) {
    return std::atan2(std::fabs(cross(a, b)), dot(a, b));
}

// "(slack X)" or nothing, for a verdict's text.
std::string slack_note(double slack) {
    return slack > 0.0 ? ", slack " + number(slack) : "";
}

} // namespace

std::string_view to_string(Verdict verdict) {
    switch (verdict) {
    case Verdict::Agrees:
        return "agrees";
    case Verdict::Miss:
        return "miss";
    case Verdict::FalseHit:
        return "false_hit";
    case Verdict::Early:
        return "early";
    case Verdict::NormalOff:
        return "normal_off";
    case Verdict::Failed:
        return "failed";
    case Verdict::Undecided:
        return "undecided";
    }
    return "agrees";
}

MethodAnswer answer_of(const Algorithm& algorithm, const Swept& mover, const Swept& obstacle,
                       Trace* trace) {
    const PairChoice choice = choose_pair(kind_of(mover), kind_of(obstacle));
    if (!choice.pair || !find_query(*choice.pair, algorithm))
        return {std::nullopt, "it has no query for this pair"};
    if (auto why = inexpressible(algorithm, mover, obstacle)) return {std::nullopt, std::move(why)};
    Trace own;
    Trace& kept = trace ? *trace : own;
    MethodAnswer answer{time_of_impact(algorithm, mover, obstacle, &kept), std::nullopt};
    if (kept.iterative && kept.iterative->state == "failed")
        answer.failure = kept.iterative->explanation;
    return answer;
}

Judge::Judge(const Swept& mover, const Swept& obstacle, const JudgeOptions& options)
    : mover_(mover), obstacle_(obstacle), options_(options),
      tolerance_(options.tolerance * certified_scale(mover, obstacle)),
      certified_(time_of_impact(mover, obstacle)) {}

double Judge::separation_at(double t) const {
    const detail::InputRescale k = detail::rescale_for(mover_, obstacle_);
    const detail::ContactAt contact =
        detail::contact_at(detail::rescaled(mover_, k), detail::rescaled(obstacle_, k), t);
    return contact.distance / k.scale - (radius_of(mover_) + radius_of(obstacle_));
}

double Judge::closing_speed(const Hit& certified) const {
    const Vec2 relative = velocity_at(mover_, certified.point, certified.t) -
                          velocity_at(obstacle_, certified.point, certified.t);
    if (certified.overlap) return length(relative);
    return std::max(0.0, -dot(relative, certified.normal));
}

Judgement Judge::judge(const Algorithm& algorithm, const MethodAnswer& answer) const {
    if (answer.failure) return {Verdict::Failed, false, "failed: " + *answer.failure};
    if (answer.hit && answer.hit->undecided)
        return {Verdict::Undecided, false,
                "undecided: the query stopped at its step limit at " + at_t(answer.hit->t) +
                    " (no contact before it, nothing known after; not a contact)"};
    if (certified_ && certified_->undecided)
        return {Verdict::Undecided, false,
                "undecided: the certified answer stopped at its step limit at " +
                    at_t(certified_->t) +
                    " (no contact before it, nothing known after): no verdict"};
    const Slack slack = slack_of(algorithm, mover_, obstacle_);
    if (answer.hit) return judge_hit(*answer.hit, slack);
    if (certified_) return judge_miss(slack);
    return {Verdict::Agrees, false, "agrees: no contact, as certified"};
}

std::optional<bool> Judge::misses_when_shrunk(double depth) const {
    Swept mover = mover_, obstacle = obstacle_;
    double* radius = radius_field(mover);
    double* other = radius_field(obstacle);
    if (!radius || (other && *other > *radius)) radius = other;
    if (!radius || !(*radius >= depth)) return std::nullopt;
    *radius -= depth;
    return !time_of_impact(mover, obstacle).has_value();
}

Judgement Judge::judge_miss(const Slack& slack) const {
    const std::string graze = " the shapes overlap by less than ";
    if (misses_when_shrunk(tolerance_).value_or(false))
        return {Verdict::Agrees, false,
                "agrees: no contact, where" + graze + "the tolerance " + number(tolerance_)};
    const double allowed = tolerance_ + slack.past_contact;
    if (slack.past_contact > 0.0 && misses_when_shrunk(allowed).value_or(false))
        return {Verdict::Agrees, true,
                "agrees: no contact by design (slack " + number(slack.past_contact) + "), where" +
                    graze + number(allowed)};
    return {Verdict::Miss, false,
            "miss: no contact reported; the first contact is at " + at_t(certified_->t)};
}

Judgement Judge::judge_hit(const Hit& hit, const Slack& slack) const {
    if (certified_) return judge_contact(hit, *certified_, slack);
    const double apart = separation_at(hit.t);
    const std::string where = at_t(hit.t) + " the shapes are " + number(apart) + " apart";
    if (apart <= tolerance_)
        return {Verdict::Agrees, false,
                "agrees: a contact at " + at_t(hit.t) +
                    " where the shapes pass within the tolerance (certified: no contact)"};
    if (apart <= tolerance_ + slack.short_of_contact)
        return {Verdict::Agrees, true,
                "agrees: a contact by design (slack " + number(slack.short_of_contact) + "): at " +
                    where + ", and never touch"};
    return {Verdict::FalseHit, false,
            "false hit: at " + where + " and never touch in the frame (tolerance " +
                number(tolerance_) + slack_note(slack.short_of_contact) + ")"};
}

double Judge::off_contact(const Hit& hit, const Hit& certified) const {
    if (hit.t <= certified.t) return std::max(0.0, separation_at(hit.t));
    return std::max(closing_speed(certified) * (hit.t - certified.t),
                    std::fabs(separation_at(hit.t)));
}

Judgement Judge::judge_contact(const Hit& hit, const Hit& certified, const Slack& slack) const {
    if (certified.overlap && hit.t == 0.0)
        return {Verdict::Agrees, false, "agrees: both report an overlap at t = 0"};
    const bool early = hit.t <= certified.t;
    const double off = off_contact(hit, certified);
    const double allowed = early ? slack.short_of_contact : slack.past_contact;
    const std::string how = at_t(hit.t) + ", " + number(off) + (early ? " short of" : " past") +
                            " the first contact at " + at_t(certified.t);
    if (off <= tolerance_)
        return judge_normal(hit, certified, false,
                            "agrees: " + at_t(hit.t) + " (certified " + at_t(certified.t) + ")");
    if (off <= tolerance_ + allowed)
        return judge_normal(hit, certified, true,
                            std::string("agrees: ") + (early ? "early" : "past the contact") +
                                " by design (slack " + number(allowed) + "): " + how);
    return {early ? Verdict::Early : Verdict::Miss, false,
            std::string(early ? "early: " : "miss: ") + how + " (tolerance " + number(tolerance_) +
                slack_note(allowed) + ")"};
}

Judgement Judge::judge_normal(const Hit& hit, const Hit& certified, bool by_design,
                              std::string text) const {
    // Within the tolerance the certified normal is the answer's; within a slack, the normal the
    // shapes have at the answer's own t.
    Vec2 normal = certified.normal;
    if (by_design) {
        const detail::InputRescale k = detail::rescale_for(mover_, obstacle_);
        normal =
            detail::contact_at(detail::rescaled(mover_, k), detail::rescaled(obstacle_, k), hit.t)
                .hit.normal;
    }
    const double angle = angle_between(hit.normal, normal);
    if (certified.overlap || !(angle > options_.normal_angle))
        return {Verdict::Agrees, by_design, std::move(text)};
    constexpr double degrees = 180.0 / std::numbers::pi;
    return {Verdict::NormalOff, by_design,
            "normal off: at " + at_t(hit.t) + " the normal is " + number(angle * degrees) +
                " degrees from the shapes' (at most " + number(options_.normal_angle * degrees) +
                ")"};
}

} // namespace ccd
