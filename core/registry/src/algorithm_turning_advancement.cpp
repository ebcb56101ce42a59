// Conservative advancement for any two swept shapes, as Box2D 2.0's b2TimeOfImpact did it (its
// target separation, its cap of 20 iterations, its stop when a step does not advance), in
// double: the turning pairs' `conservative-advancement` (algorithms.hpp). The separation and
// the contact at each t are the certified engine's (turning_contact.hpp); the stepping is
// Box2D's.

#include "ccd/algorithms.hpp"
#include "ccd/detail/swept_rescaling.hpp"
#include "ccd/detail/turning_contact.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace ccd {
namespace {

// How fast the points of one side can move: its rotation centre's velocity (per frame), its
// spin and the farthest of its points from that centre (Box2D's sweep radius), or, for a segment
// whose ends move on their own, the ends' velocities (every point's is between them).
struct SideMotion {
    Vec2 velocity;
    double spin = 0.0;
    double reach = 0.0;
    bool ends = false;
    Vec2 velocity_a, velocity_b;
    double radius = 0.0;
};

std::vector<Vec2> points_of(const Shape& shape, double& radius) {
    radius = 0.0;
    if (const auto* p = std::get_if<Point>(&shape)) return {p->position};
    if (const auto* c = std::get_if<Circle>(&shape)) {
        radius = c->radius;
        return {c->center};
    }
    radius = radius_of(shape); // a capsule's, a rounded polygon's
    if (const auto* s = std::get_if<Segment>(&shape)) return {s->a, s->b};
    return std::get<Polygon>(shape).vertices;
}

SideMotion motion_of(const Swept& swept) {
    SideMotion m;
    const std::vector<Vec2> points = points_of(swept.shape, m.radius);
    if (const auto* e = std::get_if<EndMotion>(&swept.motion)) {
        m.ends = true;
        m.velocity_a = e->displacement_a;
        m.velocity_b = e->displacement_b;
        return m;
    }
    m.velocity = swept.displacement();
    if (const auto* turning = std::get_if<Turning>(&swept.motion)) {
        m.spin = std::abs(turning->angle);
        for (const Vec2 p : points)
            m.reach = std::max(m.reach, length(p - turning->pivot));
    }
    return m;
}

// The fastest any point of `side` can move along `n`.
double fastest_along(const SideMotion& side, Vec2 n) {
    if (side.ends) return std::max(dot(n, side.velocity_a), dot(n, side.velocity_b));
    return dot(n, side.velocity) + side.spin * side.reach;
}

std::string format(const char* pattern, double a, double b = 0.0, double c = 0.0, double d = 0.0) {
    char text[400];
    std::snprintf(text, sizeof text, pattern, a, b, c, d);
    return text;
}

// Box2D 2.0's target separation, set from the separation at t = 0: 1.5 slop when farther than
// 2 slop, else half a slop less than the start (at least 0.05 slop).
double first_target(double separation, double slop) {
    return separation > 2.0 * slop ? 1.5 * slop : std::max(0.05 * slop, separation - 0.5 * slop);
}

// The advancement in a trace: a root at every step's t, the last one taken when it answers.
void record_steps(Trace& trace, IterativeSearch search, const std::optional<Hit>& answer) {
    std::vector<double> times;
    for (const AdvancementStep& step : search.steps)
        times.push_back(step.t);
    trace.add_iterative("conservative advancement", std::move(search), answer, times);
}

std::optional<Hit> advance(const Swept& mover, const Swept& obstacle, double slop, Trace* trace) {
    const SideMotion m = motion_of(mover), o = motion_of(obstacle);
    const double r = m.radius + o.radius;
    IterativeSearch search;
    search.method = "conservative advancement (Box2D 2.0's b2TimeOfImpact, in double)";
    search.iteration_cap = kAdvancementIterations;
    search.tolerance = 0.05 * slop;
    double alpha = 0.0, target = 0.0;
    std::optional<Hit> answer;
    for (int iteration = 0;; ++iteration) {
        const detail::ContactAt c = detail::contact_at(mover, obstacle, alpha);
        const double separation = c.distance - r;
        if (iteration == 0) target = first_target(separation, slop);
        search.steps.push_back({alpha, separation, 0.0});
        search.iterations = iteration;
        search.separation = separation;
        const auto stop_at = [&](const char* state, std::string why) {
            Hit hit = c.hit;
            hit.point += hit.normal * o.radius; // on the obstacle's surface
            answer = hit;
            search.state = state;
            search.explanation = std::move(why);
        };
        if (separation - target < 0.05 * slop) {
            stop_at("within target",
                    format("within its target: at t = %.9g the shapes are %.6g apart, less than "
                           "its target %.6g + %.6g, so it stops there, short of touching",
                           alpha, separation, target, 0.05 * slop) +
                        " (after " + std::to_string(iteration) + " steps)");
            break;
        }
        if (iteration == kAdvancementIterations) {
            stop_at("iteration cap",
                    format("out of iterations: after %.0f steps it is at t = %.9g with the shapes "
                           "still %.6g apart (its target %.6g); it answers that t, short of the "
                           "contact",
                           iteration, alpha, separation, target));
            break;
        }
        const Vec2 n = c.hit.normal; // from the obstacle toward the mover
        const double bound = fastest_along(m, -n) + fastest_along(o, n);
        search.steps.back().closing_bound = bound;
        if (std::abs(bound) < DBL_EPSILON) {
            search.state = "separated";
            search.explanation = format("no contact: at t = %.9g the shapes are %.6g apart and "
                                        "nothing closes along their closest points' direction "
                                        "(bound %.3g)",
                                        alpha, separation, bound);
            break;
        }
        const double next = alpha + (separation - target) / bound;
        if (next < 0.0 || next > 1.0) {
            search.state = "separated";
            search.explanation =
                format("no contact: at t = %.9g the shapes are %.6g apart, closing at most "
                       "%.6g a frame, so the next step (to t = %.6g) is past the frame",
                       alpha, separation, bound, next);
            break;
        }
        if (next < (1.0 + 100.0 * DBL_EPSILON) * alpha) {
            stop_at("no advance",
                    format("no advance: at t = %.9g the shapes are %.6g apart (its target %.6g) "
                           "and the next step, with the bound %.6g, does not move t; it answers "
                           "that t",
                           alpha, separation, target, bound));
            break;
        }
        alpha = next;
    }
    search.target = target;
    if (trace) record_steps(*trace, std::move(search), answer);
    return answer;
}

} // namespace

std::optional<Hit> conservative_advancement(const Swept& mover, const Swept& obstacle,
                                            Trace* trace) {
    if (trace) trace->begin("conservative advancement");
    // Extreme inputs are brought into range by a power of two first, the slop with them (it is a
    // length), so the steps are the same; lengths come back by its inverse.
    const detail::InputRescale k = detail::rescale_for(mover, obstacle);
    if (!k.needed()) return advance(mover, obstacle, kAdvancementSlop, trace);
    auto hit = advance(detail::rescaled(mover, k), detail::rescaled(obstacle, k),
                       kAdvancementSlop * k.scale, trace);
    const double back = 1.0 / k.scale;
    if (hit) hit->point *= back;
    if (trace && trace->iterative) {
        IterativeSearch& s = *trace->iterative;
        s.target *= back;
        s.tolerance *= back;
        s.separation *= back;
        for (AdvancementStep& step : s.steps) {
            step.separation *= back;
            step.closing_bound *= back;
        }
    }
    return hit;
}

} // namespace ccd
