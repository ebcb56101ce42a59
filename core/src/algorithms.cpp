#include "ccd/algorithms.hpp"

#include "ccd/toi_circle_circle.hpp"
#include "ccd/toi_circle_segment.hpp"
#include "input_scaling.hpp"

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
// The seeds' methods assume ordinary magnitudes; the registry brings every input into range
// first (an exact power of two, as the exact queries do), so no entry ever answers NaN.
template <std::optional<Hit> (*Method)(const Circle&, Vec2, const Segment&, Trace*)>
std::optional<Hit> in_range(const Circle& m, Vec2 d, const Segment& s, Trace* trace) {
    const double k = detail::input_scale(
        {m.center.x, m.center.y, m.radius, d.x, d.y, s.a.x, s.a.y, s.b.x, s.b.y});
    if (k == 1.0) return Method(m, d, s, trace);
    auto hit = Method(Circle{m.center * k, m.radius * k}, d * k, Segment{s.a * k, s.b * k}, trace);
    if (hit) hit->point *= 1.0 / k;
    return hit;
}

std::optional<Hit> seed004_circle_segment(const Circle& m, Vec2 d, const Segment& s, Trace* trace) {
    return in_range<seed004_projection>(m, d, s, trace);
}
std::optional<Hit> seed004_circle_circle(const Circle& m, Vec2 d, const Circle& o, Vec2 od,
                                         Trace* trace) {
    const double k = detail::input_scale(
        {m.center.x, m.center.y, m.radius, d.x, d.y, o.center.x, o.center.y, o.radius, od.x, od.y});
    if (k == 1.0) return seed004_projection(m, d, o, od, trace);
    auto hit = seed004_projection(Circle{m.center * k, m.radius * k}, d * k,
                                  Circle{o.center * k, o.radius * k}, od * k, trace);
    if (hit) hit->point *= 1.0 / k;
    return hit;
}
std::optional<Hit> seed000_circle_segment(const Circle& m, Vec2 d, const Segment& s, Trace* trace) {
    return in_range<seed000_float32>(m, d, s, trace);
}
std::optional<Hit> advancement_circle_segment(const Circle& m, Vec2 d, const Segment& s,
                                              Trace* trace) {
    return in_range<conservative_advancement>(m, d, s, trace);
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
