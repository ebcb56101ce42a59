#pragma once
// Named, selectable time-of-impact algorithms behind one interface, so the app and the CLI can
// run them side by side and show where they disagree. The exact closed form is the default;
// the others are the seeds' methods, kept as they are described (flaws included, as exhibits),
// and a conservative-advancement method like Box2D's. docs/algorithms.md compares them.

#include "ccd/hit.hpp"
#include "ccd/shapes.hpp"
#include "ccd/trace.hpp"

#include <optional>
#include <span>
#include <string_view>

namespace ccd {

// A named method. Which pairs it answers, and with which query, is registered per pair in the
// pair registry (ccd/pair_registry.hpp: find_query, pairs_answered_by).
struct Algorithm {
    std::string_view name;        // as typed on the command line: "exact", "seed004", ...
    std::string_view description; // one line for menus and --help
};

// Every registered algorithm; the first is the default. The core's come first, then any a
// library outside the core added (register_algorithm in pair_registry.hpp: "box2d", from
// ccd_box2d).
std::span<const Algorithm> algorithms();
// The algorithm called `name`, or null.
const Algorithm* find_algorithm(std::string_view name);

// The seeds' methods, also callable directly. Called directly they expect magnitudes within
// about 2^+-100; through the pair registry every finite input is brought into range first.
std::optional<Hit> seed004_projection(const Circle& mover, Vec2 displacement,
                                      const Segment& obstacle, Trace* trace = nullptr);
std::optional<Hit> seed004_projection(const Circle& mover, Vec2 displacement,
                                      const Circle& obstacle, Vec2 obstacle_displacement,
                                      Trace* trace = nullptr);
std::optional<Hit> seed000_float32(const Circle& mover, Vec2 displacement, const Segment& obstacle,
                                   Trace* trace = nullptr);
// Advances by the distance over the largest closing speed until within `tolerance` (1e-9 x
// scale) of contact. After 64 steps (a slow graze) it reports the last t, which is never past
// the contact.
std::optional<Hit> conservative_advancement(const Circle& mover, Vec2 displacement,
                                            const Segment& obstacle, Trace* trace = nullptr);

} // namespace ccd
