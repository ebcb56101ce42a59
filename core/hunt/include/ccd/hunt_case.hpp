#pragma once
// A hunt's case: the two sides of a registered pair (ccd/pair_registry.hpp), each of exactly the
// kinds of that pair's row, so that it is one line of `ccdlab-cli toi` (docs/cli.md) and reads
// back as the same two sides, bit for bit. Every number of a case is reachable by name, for the
// variations that nudge one (hunt_variations.hpp) and the shrinker that simplifies one
// (hunt_shrink.hpp).

#include "ccd/algorithms.hpp"
#include "ccd/pair_registry.hpp"
#include "ccd/shapes.hpp"

#include <optional>
#include <string>
#include <vector>

namespace ccd {

struct HuntCase {
    const PairType* pair = nullptr; // the registered pair whose kinds the sides have
    Swept mover;
    Swept obstacle;
    friend bool operator==(const HuntCase& a, const HuntCase& b) {
        return a.pair == b.pair && a.mover == b.mover && a.obstacle == b.obstacle;
    }
};

// The two sides as a case of a registered pair that `algorithm` answers: the pair of their own
// kinds where there is one, else one of more general motions (still as a translation by zero, a
// still or translating segment as one whose ends move alike, a still or translating side as a
// turn by the angle 0 about its first point), the fewest sides generalised. Nothing when no
// pair `algorithm` answers takes them.
std::optional<HuntCase> fit_case(const Swept& mover, const Swept& obstacle,
                                 const Algorithm& algorithm);

// What a number of a case is, which says how a transformation of the plane moves it.
enum class NumberRole {
    Position,     // a coordinate of a point at t = 0 (a vertex, an end, a center, a pivot)
    Displacement, // a coordinate of a displacement over the frame
    Radius,       // a circle's, capsule's or rounded polygon's radius
    Angle,        // a turn over the frame, radians
};

// One number of a case, by its field's name in the query line ("c[0]", "polygon[2][1]",
// "angle1"), and where it is.
struct CaseNumber {
    std::string name;
    NumberRole role = NumberRole::Position;
    double* value = nullptr;
    bool polygon_vertex = false; // a coordinate of a polygon's vertex
    bool mover = true;           // the mover's (else the obstacle's)
};

// Every number of `query`, in the order of the query line's fields (the pointers into `query`).
std::vector<CaseNumber> numbers_of(HuntCase& query);

// The case's scale: the largest of 1, every coordinate, displacement and radius and each turn
// times the largest distance of a point of its side from its pivot.
double case_scale(const HuntCase& query);

// Why the case is not a valid query line (a number not finite, a radius below 0, a polygon
// with a vertex repeated, of fewer than 3 or more than 255 vertices, or not convex and
// counter-clockwise where it turns), or nothing when it is.
std::optional<std::string> invalid_case(const HuntCase& query);

} // namespace ccd
