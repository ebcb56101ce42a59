// The algorithms "bullet", "bullet-gjk" and "bullet-subsimplex" and the pairs each answers,
// added to the core's pair registry. "bullet" (conservative advancement) answers every pair
// whose sides are circles, points, segments and convex polygons that move rigidly; the two
// straight-line casts answer the pairs that do not turn. inexpressible() turns away the inputs
// Bullet cannot take. One query per method serves all its pairs: the sides are built from their
// shapes and motions, whatever the pair.
#include "ccd/bullet_toi.hpp"
#include "ccd/pair_registry.hpp"

#include <array>
#include <string_view>

namespace ccd::bullet {
namespace {

// The two advancements' slack: they stop up to kStopDistance short of touching, never past it.
Slack stop_short(const Swept&, const Swept&) {
    return {kStopDistance, 0.0};
}

constexpr Algorithm kContinuous{
    "bullet",
    "Bullet 3.24's btContinuousConvexCollision (conservative advancement), in double: "
    "stops 0.001 short of touching",
    stop_short};
constexpr Algorithm kGjkCast{
    "bullet-gjk",
    "Bullet 3.24's btGjkConvexCast, in double: straight lines only, stops 0.001 short", stop_short};
constexpr Algorithm kSubsimplexCast{
    "bullet-subsimplex",
    "Bullet 3.24's btSubsimplexConvexCast (GJK ray cast), in double: straight lines only"};

template <Method method>
std::optional<Hit> query(const Swept& mover, const Swept& obstacle, Trace* trace) {
    return bullet::time_of_impact(method, mover, obstacle, trace);
}

template <Method method>
std::optional<std::string> refusal(const Swept& mover, const Swept& obstacle) {
    return bullet::inexpressible(method, mover, obstacle);
}

template <Method method>
constexpr PairMethod row(std::string_view pair, std::string_view name) {
    return {pair, name, query<method>, refusal<method>};
}

constexpr std::array<std::string_view, 9> kStraightLinePairs{
    "circle_point",    "circle_circle",        "circle_segment",
    "point_segment",   "point_moving_segment", "circle_moving_segment",
    "polygon_polygon", "circle_polygon",       "polygon_moving_segment"};

constexpr std::array<std::string_view, 6> kTurningPairs{
    "point_rotating_segment",   "circle_rotating_segment",  "circle_rotating_polygon",
    "rotating_polygon_segment", "rotating_polygon_polygon", "rotating_polygon_rotating_segment"};

template <Method method, std::size_t N>
constexpr std::array<PairMethod, N> rows(const std::array<std::string_view, N>& pairs,
                                         std::string_view name) {
    std::array<PairMethod, N> out{};
    for (std::size_t k = 0; k < N; ++k)
        out[k] = row<method>(pairs[k], name);
    return out;
}

template <std::size_t N, std::size_t M>
constexpr std::array<PairMethod, N + M> joined(const std::array<PairMethod, N>& a,
                                               const std::array<PairMethod, M>& b) {
    std::array<PairMethod, N + M> out{};
    for (std::size_t k = 0; k < N; ++k)
        out[k] = a[k];
    for (std::size_t k = 0; k < M; ++k)
        out[N + k] = b[k];
    return out;
}

constexpr auto kContinuousRows =
    joined(rows<Method::ContinuousConvex>(kStraightLinePairs, kContinuous.name),
           rows<Method::ContinuousConvex>(kTurningPairs, kContinuous.name));
constexpr auto kGjkCastRows = rows<Method::GjkConvexCast>(kStraightLinePairs, kGjkCast.name);
constexpr auto kSubsimplexRows =
    rows<Method::SubsimplexConvexCast>(kStraightLinePairs, kSubsimplexCast.name);

} // namespace

bool register_algorithms() {
    const bool first = ccd::register_algorithm(kContinuous, kContinuousRows);
    ccd::register_algorithm(kGjkCast, kGjkCastRows);
    ccd::register_algorithm(kSubsimplexCast, kSubsimplexRows);
    return first;
}

} // namespace ccd::bullet
