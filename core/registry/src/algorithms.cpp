#include "ccd/algorithms.hpp"

#include "algorithm_list.hpp"

#include "ccd/detail/swept_rescaling.hpp"
#include "ccd/pair_registry.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace ccd {
namespace {

// Conservative advancement's slack: its circle-segment method's margin (relative to its scale),
// or the turning pairs' Box2D 2.0 target separation (absolute).
Slack advancement_slack(const Swept& mover, const Swept& obstacle) {
    const PairChoice choice = choose_pair(kind_of(mover), kind_of(obstacle));
    if (!choice.pair || choice.pair->name != "circle_segment") return {kAdvancementSlack, 0.0};
    double scale = 1.0;
    const auto note = [&scale](double v) { scale = std::max(scale, std::fabs(v)); };
    detail::for_each_length(mover, note);
    detail::for_each_length(obstacle, note);
    return {kCircleAdvancementMargin * scale, 0.0};
}

// The queries of each are registered per pair in pair_registry.cpp.
constexpr std::array kAlgorithms{
    Algorithm{"exact", "closed form, cancellation-free, exact to 1e-12 of scale (default)"},
    Algorithm{"seed004", "seed 004's geometric projection (Leong; van den Heuvel and Jackson)"},
    Algorithm{"seed000-float32", "seed 000's capsule quadratic as written, in float"},
    Algorithm{"conservative-advancement",
              "steps by distance / closing speed, like Box2D (turning pairs: Box2D 2.0's target "
              "separation and 20-iteration cap)",
              advancement_slack},
    Algorithm{"seed002-chords",
              "seed 002's sweep, each turning vertex moved along its arc's chord (misses turns)"},
};

// The core's, then the registered ones (a peer library's), in the order they came.
std::vector<Algorithm>& algorithm_list() {
    static std::vector<Algorithm> list = [] {
        std::vector<Algorithm> out(kAlgorithms.begin(), kAlgorithms.end());
        out.reserve(32); // room for the registered ones, so no pointer to one ever moves
        return out;
    }();
    return list;
}

} // namespace

std::span<const Algorithm> algorithms() {
    return algorithm_list();
}

const Algorithm* find_algorithm(std::string_view name) {
    for (const Algorithm& algorithm : algorithm_list())
        if (algorithm.name == name) return &algorithm;
    return nullptr;
}

Slack slack_of(const Algorithm& algorithm, const Swept& mover, const Swept& obstacle) {
    return algorithm.slack ? algorithm.slack(mover, obstacle) : Slack{};
}

bool detail::append_algorithm(const Algorithm& algorithm) {
    if (find_algorithm(algorithm.name)) return false;
    algorithm_list().push_back(algorithm);
    return true;
}

} // namespace ccd
