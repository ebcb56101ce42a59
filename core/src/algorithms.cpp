#include "ccd/algorithms.hpp"

#include "ccd/toi_circle_circle.hpp"
#include "ccd/toi_circle_segment.hpp"

#include <array>

namespace ccd {
namespace {

std::optional<Hit> exact_circle_segment(const Circle& m, Vec2 d, const Segment& s, Trace* trace) {
    return time_of_impact(m, d, s, trace);
}
std::optional<Hit> exact_circle_circle(const Circle& m, Vec2 d, const Circle& o, Vec2 od,
                                       Trace* trace) {
    return time_of_impact(m, d, o, od, trace);
}
std::optional<Hit> seed004_circle_segment(const Circle& m, Vec2 d, const Segment& s, Trace* trace) {
    return seed004_projection(m, d, s, trace);
}
std::optional<Hit> seed004_circle_circle(const Circle& m, Vec2 d, const Circle& o, Vec2 od,
                                         Trace* trace) {
    return seed004_projection(m, d, o, od, trace);
}
std::optional<Hit> seed000_circle_segment(const Circle& m, Vec2 d, const Segment& s, Trace* trace) {
    return seed000_float32(m, d, s, trace);
}
std::optional<Hit> advancement_circle_segment(const Circle& m, Vec2 d, const Segment& s,
                                              Trace* trace) {
    return conservative_advancement(m, d, s, trace);
}

constexpr std::array kAlgorithms{
    Algorithm{"exact", "closed form, cancellation-free, exact to 1e-12 of scale (default)",
              exact_circle_segment, exact_circle_circle},
    Algorithm{"seed004", "seed 004's geometric projection (Leong; van den Heuvel and Jackson)",
              seed004_circle_segment, seed004_circle_circle},
    Algorithm{"seed000-float32", "seed 000's capsule quadratic as written, in float",
              seed000_circle_segment, nullptr},
    Algorithm{"conservative-advancement", "steps by distance / closing speed, like Box2D",
              advancement_circle_segment, nullptr},
};

} // namespace

std::span<const Algorithm> algorithms() {
    return kAlgorithms;
}

const Algorithm* find_algorithm(std::string_view name) {
    for (const Algorithm& algorithm : kAlgorithms)
        if (algorithm.name == name) return &algorithm;
    return nullptr;
}

} // namespace ccd
