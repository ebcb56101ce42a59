#include "ccd/engine_run_comparison.hpp"

#include "ccd/run_comparison.hpp"

#include "tunnel_reasons.hpp"

#include <cmath>
#include <numbers>
#include <stdexcept>

namespace ccd {
namespace {

// The smaller turn between two angles (a run may report an angle modulo 2 pi).
double angle_apart(double a, double b) {
    return std::fabs(std::remainder(a - b, 2.0 * std::numbers::pi));
}

bool differ(const BodyState& a, const BodyState& b, double lengths, double angles) {
    return length(a.position - b.position) > lengths || length(a.velocity - b.velocity) > lengths ||
           angle_apart(a.angle, b.angle) > angles ||
           std::fabs(a.angular_velocity - b.angular_velocity) > angles;
}

std::optional<StateDifference> first_divergence(const EngineRunComparison& c) {
    for (int frame = 0; frame < c.a.frames(); ++frame) {
        const auto& a = c.a.states[static_cast<std::size_t>(frame + 1)];
        const auto& b = c.b.states[static_cast<std::size_t>(frame + 1)];
        for (std::size_t i = 0; i < a.size(); ++i)
            if (differ(a[i], b[i], c.length_tolerance, c.angle_tolerance))
                return StateDifference{frame, static_cast<int>(i), a[i], b[i],
                                       length(a[i].position - b[i].position)};
    }
    return std::nullopt;
}

std::string point_text(Vec2 v) {
    return "(" + engine::short_number(v.x) + ", " + engine::short_number(v.y) + ")";
}

} // namespace

EngineRunComparison compare_engine_runs(const Scene& scene, EngineKind a, EngineKind b, int frames,
                                        double tolerance) {
    if (!(tolerance >= 0.0) || !std::isfinite(tolerance))
        throw std::invalid_argument("the tolerance is a finite number >= 0");
    EngineRunComparison c;
    c.a = run_engine(scene, a, frames);
    c.b = run_engine(scene, b, frames);
    c.tunnels_a = find_tunnels(scene, c.a);
    c.tunnels_b = find_tunnels(scene, c.b);
    c.length_tolerance = tolerance * scene_scale(scene);
    c.angle_tolerance = tolerance;
    c.divergence = first_divergence(c);
    return c;
}

std::string describe(const StateDifference& d, const EngineRunComparison& c) {
    std::string out = "frame " + std::to_string(d.frame) + ": " +
                      c.a.body_names[static_cast<std::size_t>(d.body)] + " at " +
                      point_text(d.a.position) + " in a, " + point_text(d.b.position) + " in b, " +
                      engine::short_number(d.distance) + " apart; velocity " +
                      point_text(d.a.velocity) + " in a, " + point_text(d.b.velocity) + " in b";
    if (d.a.angle != d.b.angle || d.a.angular_velocity != d.b.angular_velocity)
        out += "; angle " + engine::short_number(d.a.angle) + " in a, " +
               engine::short_number(d.b.angle) + " in b";
    return out;
}

} // namespace ccd
