#pragma once
// The variations of a hunt's case (docs/hunt.md, "Variations"), drawn in a fixed round of
// families from one seeded generator, so that a seed gives the same variants in the same order:
//   ulp     one coordinate nudged by 1 to 4 ulps either way
//   nudge   one coordinate moved by 1e-12 to 1e-2 of the case's scale
//   scale   the whole case scaled by a power of 2 or of 10 (1e-3 to 1e3)
//   move    the whole case moved 1e2 to 1e6 of its scale from the origin     (an invariance)
//   turn    the whole case turned about the origin                           (an invariance)
//   mirror  the whole case mirrored in a line through the origin             (an invariance)
//   swap    the two sides swapped                                            (an invariance)
//   turns   one to three whole turns added to (or taken from) a turning side
//   graze   a side moved along the line of closest approach until the least distance between
//           the shapes is about zero (within 1e-9 to 1e-3 of the scale, either side)
//   speed   a side's motion (its displacements and its turn) x 1/4 to 8
//   random  every number drawn in a box around the case (a polygon moved and sized whole)
// An invariance's variant comes with the case it must agree with (a random draw near the start,
// or the start itself): the pair is a metamorphic check.

#include "ccd/algorithms.hpp"
#include "ccd/hunt_case.hpp"
#include "ccd/hunt_transform.hpp"

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace ccd {

struct Variant {
    HuntCase query;
    std::string transformation; // how it was made from the start case, one line
    // A metamorphic check: the case this one must agree with (the variant just before it in the
    // same draw) and the invariance that made this one from it.
    std::optional<Invariance> invariance;
};

class VariantSource {
public:
    VariantSource(const HuntCase& start, const Algorithm& algorithm, std::uint64_t seed);

    // The next variants: one, or two (a base, then its image under an invariance). Each is a
    // valid case (invalid_case); whether the algorithm takes it is asked with its call (a
    // plugin's refusal calls the plugin, which may crash).
    std::vector<Variant> next();

    const HuntCase& start() const { return start_; }

private:
    std::optional<Variant> draw(int family);
    std::optional<Variant> nudge_one(bool ulps);
    std::optional<Variant> whole_map(int family);
    std::optional<Variant> whole_turns();
    std::optional<Variant> graze();
    std::optional<Variant> faster();
    Variant random_draw(double box_exponent_low, double box_exponent_high);
    std::vector<Variant> metamorphic(int family);
    bool usable(const HuntCase& query) const;
    double uniform(); // [0, 1)
    double uniform(double low, double high);
    int below(int n); // 0..n-1

    HuntCase start_;
    const Algorithm* algorithm_;
    std::mt19937_64 random_;
    double scale_ = 1.0;
    long drawn_ = 0;
    // The line of closest approach and how far along it the mover first grazes the obstacle
    // (worked out on the first graze: nothing when none was found).
    bool graze_searched_ = false;
    std::optional<std::pair<Vec2, double>> graze_;
};

} // namespace ccd
