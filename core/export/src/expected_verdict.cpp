// The verdict an exported test expects: the judge's own, asked with trial answers, so the test
// accepts exactly the answers the judge lets agree (docs/accuracy.md, "The judge").
#include "ccd/judge.hpp"
#include "ccd/test_export.hpp"

#include <cmath>
#include <functional>

namespace ccd {
namespace {

// Whether the judge lets a hit at `t` agree (its point and normal the certified ones).
std::function<bool(double)> agrees_at(const Judge& judge, const Algorithm& algorithm) {
    return [&judge, &algorithm](double t) {
        Hit hit = judge.certified().value_or(Hit{});
        hit.t = t;
        hit.overlap = hit.overlap && t == 0.0;
        return judge.judge(algorithm, MethodAnswer{hit, std::nullopt}).verdict == Verdict::Agrees;
    };
}

// The edge between `inside` (agreed) and `outside` (not), to the last double: the t nearest
// `outside` that still agrees.
double edge(const std::function<bool(double)>& agrees, double inside, double outside) {
    for (int i = 0; i < 200; ++i) {
        const double middle = inside + (outside - inside) / 2.0;
        if (middle == inside || middle == outside) break;
        (agrees(middle) ? inside : outside) = middle;
    }
    return inside;
}

// Where a hit agrees around the certified contact at `t`: [t_low, t_high] within [0, 1].
void contact_window(const std::function<bool(double)>& agrees, double t, ExpectedVerdict& out) {
    out.t_low = agrees(0.0) ? 0.0 : edge(agrees, t, 0.0);
    out.t_high = agrees(1.0) ? 1.0 : edge(agrees, t, 1.0);
}

// For a certified miss: the times where a hit still agrees (the shapes pass within the
// tolerance), found on 1025 samples and refined at both ends; none when no sample agrees.
void graze_window(const std::function<bool(double)>& agrees, ExpectedVerdict& out) {
    constexpr int kSamples = 1024;
    int first = -1, last = -1;
    for (int k = 0; k <= kSamples; ++k)
        if (agrees(static_cast<double>(k) / kSamples)) {
            if (first < 0) first = k;
            last = k;
        }
    if (first < 0) return;
    const double low = static_cast<double>(first) / kSamples;
    const double high = static_cast<double>(last) / kSamples;
    out.hit_window = true;
    out.t_low = first == 0 ? 0.0 : edge(agrees, low, static_cast<double>(first - 1) / kSamples);
    out.t_high =
        last == kSamples ? 1.0 : edge(agrees, high, static_cast<double>(last + 1) / kSamples);
}

} // namespace

ExpectedVerdict expected_verdict(const Swept& mover, const Swept& obstacle,
                                 const Algorithm& algorithm) {
    const Judge judge(mover, obstacle);
    ExpectedVerdict out;
    out.tolerance = judge.tolerance();
    out.normal_angle = kJudgeNormalAngle;
    const Slack slack = slack_of(algorithm, mover, obstacle);
    out.slack_short = slack.short_of_contact;
    out.slack_past = slack.past_contact;
    const auto agrees = agrees_at(judge, algorithm);
    const std::optional<Hit>& certified = judge.certified();
    if (certified && certified->undecided)
        throw ExportError("the certified search stopped at its step limit undecided at t = " +
                          std::to_string(certified->t) + ": there is no verdict to test");
    if (!certified) {
        graze_window(agrees, out);
        return out;
    }
    out.hit = true;
    out.t = certified->t;
    out.point = certified->point;
    out.normal = certified->normal;
    out.overlap = certified->overlap;
    out.miss_agrees =
        judge.judge(algorithm, MethodAnswer{std::nullopt, std::nullopt}).verdict == Verdict::Agrees;
    contact_window(agrees, out.t, out);
    return out;
}

} // namespace ccd
