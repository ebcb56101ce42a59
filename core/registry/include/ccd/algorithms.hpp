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

// How far from touching a method's answers are by its design, in the inputs' units: the shapes
// still apart by up to `short_of_contact` at its t (a method that stops at a target separation),
// or overlapping by up to `past_contact` (one whose target lies inside the shapes). The judge
// (ccd/judge.hpp) tells an answer within it ("by design") from one beyond it ("wrong").
struct Slack {
    double short_of_contact = 0.0;
    double past_contact = 0.0;
};
// A method's slack for one query (it may depend on the pair and the inputs' scale).
using SlackRule = Slack (*)(const Swept& mover, const Swept& obstacle);

// A named method. Which pairs it answers, and with which query, is registered per pair in the
// pair registry (ccd/pair_registry.hpp: find_query, pairs_answered_by).
struct Algorithm {
    std::string_view name;        // as typed on the command line: "exact", "seed004", ...
    std::string_view description; // one line for menus and --help
    SlackRule slack = nullptr;    // its documented slack; null: none (it aims at touching)
};

// Every registered algorithm; the first is the default. The core's come first, then any a
// library outside the core added (register_algorithm in pair_registry.hpp: "box2d", from
// ccd_box2d).
std::span<const Algorithm> algorithms();
// The algorithm called `name`, or null.
const Algorithm* find_algorithm(std::string_view name);
// `algorithm`'s slack for `mover` against `obstacle` (none when its row states none).
Slack slack_of(const Algorithm& algorithm, const Swept& mover, const Swept& obstacle);

// The seeds' methods, also callable directly. Called directly they expect magnitudes within
// about 2^+-100; through the pair registry every finite input is brought into range first.
std::optional<Hit> seed004_projection(const Circle& mover, Vec2 displacement,
                                      const Segment& obstacle, Trace* trace = nullptr);
std::optional<Hit> seed004_projection(const Circle& mover, Vec2 displacement,
                                      const Circle& obstacle, Vec2 obstacle_displacement,
                                      Trace* trace = nullptr);
std::optional<Hit> seed000_float32(const Circle& mover, Vec2 displacement, const Segment& obstacle,
                                   Trace* trace = nullptr);
// Advances by the distance over the largest closing speed until within kCircleAdvancementMargin
// x scale (the largest of 1 and every coordinate, displacement and radius) of contact: its
// slack. After 64 steps (a slow graze) it reports the last t, which is never past the contact.
inline constexpr double kCircleAdvancementMargin = 1e-9;
std::optional<Hit> conservative_advancement(const Circle& mover, Vec2 displacement,
                                            const Segment& obstacle, Trace* trace = nullptr);

// The turning pairs' conservative advancement, as Box2D 2.0's b2TimeOfImpact did it, in double
// (docs/algorithms.md, "Shapes that turn: the other methods"): at t (from 0) it measures the
// shapes' separation s (surface to surface) and their closest points' direction n, bounds how
// fast any two of their points can close along n (n . relative velocity of the centres, plus
// |angle| x the farthest vertex from each pivot), and advances by (s - target) / that bound,
// which never steps past a contact. Box2D's constants, in the inputs' own units (metres):
// target = 1.5 kAdvancementSlop when the shapes start more than 2 kAdvancementSlop apart, else
// max(0.05 kAdvancementSlop, s(0) - 0.5 kAdvancementSlop); it stops when s - target <
// 0.05 kAdvancementSlop, after kAdvancementIterations steps, or when a step would not advance,
// and answers that t: short of touching by about the target, earlier still at the cap, and a
// contact where the shapes only pass within the target. A step past t = 1 is a miss. The
// trace's `iterative` has every step (t, separation, bound) and why it stopped. Any motions of
// either side (a segment's ends may move on their own); polygons convex, counter-clockwise.
inline constexpr double kAdvancementSlop = 0.04; // Box2D 2.0's b2_toiSlop: 8 x b2_linearSlop
inline constexpr int kAdvancementIterations = 20;
// Its slack: it stops once s - target < 0.05 kAdvancementSlop with target at most
// 1.5 kAdvancementSlop, so an answer within target is at most 1.55 kAdvancementSlop short.
inline constexpr double kAdvancementSlack = 1.55 * kAdvancementSlop;
std::optional<Hit> conservative_advancement(const Swept& mover, const Swept& obstacle,
                                            Trace* trace = nullptr);
// Seed 002's sweep with rotation "approximated as straight-line movement of individual points"
// (its own words): every vertex moves along the chord from where it is at t = 0 to where its
// arc ends at t = 1, and each vertex against each edge of the other side (a circle against each
// edge) is seed 002's point against a moving segment (toi_moving_segment.hpp), exactly; the
// earliest wins. Exact for shapes that do not turn; for a turning one it sees the chords, not
// the arcs (a full turn does not move at all). The trace's `chords` holds every vertex's chord.
std::optional<Hit> seed002_chords(const Swept& mover, const Swept& obstacle,
                                  Trace* trace = nullptr);

} // namespace ccd
