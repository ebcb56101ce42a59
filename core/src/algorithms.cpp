#include "ccd/algorithms.hpp"

#include <array>

namespace ccd {
namespace {

// The queries of each are registered per pair in pair_registry.cpp.
constexpr std::array kAlgorithms{
    Algorithm{"exact", "closed form, cancellation-free, exact to 1e-12 of scale (default)"},
    Algorithm{"seed004", "seed 004's geometric projection (Leong; van den Heuvel and Jackson)"},
    Algorithm{"seed000-float32", "seed 000's capsule quadratic as written, in float"},
    Algorithm{"conservative-advancement", "steps by distance / closing speed, like Box2D"},
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
