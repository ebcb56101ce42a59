#include "ccd/scene_units.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <limits>
#include <optional>

namespace ccd {

std::string_view to_string(LengthUnit unit) {
    return unit == LengthUnit::Pixels ? "pixels" : "metres";
}

std::string_view symbol(LengthUnit unit) {
    return unit == LengthUnit::Pixels ? "px" : "m";
}

double per_frame(double per_second, double dt) {
    return per_second * dt;
}

Vec2 per_frame(Vec2 per_second, double dt) {
    return {per_frame(per_second.x, dt), per_frame(per_second.y, dt)};
}

namespace {

// The characters of the shortest decimal that reads back as x (std::to_chars).
std::size_t shortest_length(double x) {
    std::array<char, 32> text{};
    return static_cast<std::size_t>(std::to_chars(text.data(), text.data() + text.size(), x).ptr -
                                    text.data());
}

} // namespace

double per_second(double frame_rate, double dt) {
    const double quotient = frame_rate / dt;
    if (!std::isfinite(quotient)) return quotient;
    // The doubles whose product with dt rounds to `frame_rate` lie within two ulps of the
    // quotient (the product's spacing is between half and twice the quotient's times dt). Of
    // those, the one written shortest (a rate read from a file as 3 comes back as 3, not as
    // the 3.0000000000000004 beside it that also gives the same per-frame rate), the nearest
    // the quotient first among equals.
    constexpr double inf = std::numeric_limits<double>::infinity();
    std::array<double, 5> candidates{quotient};
    double below = quotient, above = quotient;
    for (std::size_t step = 0; step < 2; ++step) {
        above = std::nextafter(above, inf);
        below = std::nextafter(below, -inf);
        candidates[1 + 2 * step] = above;
        candidates[2 + 2 * step] = below;
    }
    std::optional<double> best;
    for (const double candidate : candidates)
        if (per_frame(candidate, dt) == frame_rate &&
            (!best || shortest_length(candidate) < shortest_length(*best)))
            best = candidate;
    return best.value_or(quotient);
}

Vec2 per_second(Vec2 frame_rate, double dt) {
    return {per_second(frame_rate.x, dt), per_second(frame_rate.y, dt)};
}

Vec2 per_frame_squared(Vec2 per_second_squared, double dt) {
    return per_frame(per_second_squared, dt * dt);
}

Vec2 per_second_squared(Vec2 per_frame_squared, double dt) {
    return per_second(per_frame_squared, dt * dt);
}

} // namespace ccd
