#pragma once
// The pair registry: the one table that says which query answers a pair of swept shapes, and
// which of the named algorithms (ccd::algorithms()) answer it, in the spirit of Box2D v3's
// contact registers (b2AddType in its contact.c: one function per pair of shape types, each
// registered once, the reversed pair answered by the same function with the shapes swapped).
// The World (toi_body), the query lab and the CLI all choose a query here and nowhere else;
// the CLI's kind names and the lab's pairs are the table's names.
//
// Adding a pair: write its query, then register it in pair_registry.cpp (a PairType row with
// its name and the names of its parameters, and one PairMethod row per algorithm that answers
// it). docs/ARCHITECTURE.md, "Adding a pair of shapes", has the whole recipe. A library outside
// the core (ccd_box2d: Box2D's b2TimeOfImpact) adds its algorithm and its rows to the same
// table with register_algorithm.

#include "ccd/algorithms.hpp"
#include "ccd/hit.hpp"
#include "ccd/shapes.hpp"
#include "ccd/trace.hpp"

#include <array>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ccd {

// The shape and the motion of one side of a pair.
struct SweptKind {
    ShapeKind shape = ShapeKind::Circle;
    MotionKind motion = MotionKind::Translation;
    friend bool operator==(const SweptKind&, const SweptKind&) = default;
};

inline SweptKind kind_of(const Swept& swept) {
    return {swept.shape_kind(), swept.motion_kind()};
}

// How a side's parameters are called where a pair is written out (the CLI's JSON): its shape's
// (Point: the position; Circle: the center and the radius; Segment: a and b; Polygon: the
// vertices) then its motion's (Still: none; Translation: the displacement; EndMotion: the
// displacements of a and of b; Turning: the pivot, its displacement and the angle). Unused
// names are empty. With `motion_optional`, a motion's vector parameter left out is [0, 0].
// `rounding`: a segment's or polygon's radius (a capsule, a rounded polygon), 0 if left out.
struct SweptNames {
    std::array<std::string_view, 2> shape;
    std::array<std::string_view, 3> motion; // room for a motion of three parameters
    bool motion_optional = false;
    std::string_view rounding = {};
};

// One registered pair: a mover of one kind against an obstacle of another.
struct PairType {
    std::string_view name; // "circle_segment": the CLI's kind, the lab's pair
    SweptKind mover;
    SweptKind obstacle;
    SweptNames mover_names;
    SweptNames obstacle_names;
    std::string_view description; // one line
    bool lab = true;              // the query lab opens the pair (app/labmodel/query_lab.hpp)
};

// A query through the table: the mover against the obstacle, each of the pair's kinds (or a
// motion the pair's kind generalises: see time_of_impact below).
using PairQuery = std::optional<Hit> (*)(const Swept& mover, const Swept& obstacle, Trace* trace);

// Why the sides, of the pair's kinds, cannot be put to an algorithm's method, in one line (a
// polygon with more vertices than the method takes, a segment whose ends move apart, ...), or
// nothing when they can.
using PairRefusal = std::optional<std::string> (*)(const Swept& mover, const Swept& obstacle);

// Which algorithm answers which pair, and with what.
struct PairMethod {
    std::string_view pair;      // a PairType's name
    std::string_view algorithm; // an Algorithm's name
    PairQuery query;
    // Null: the query takes every input of the pair (every query of the core does).
    PairRefusal refusal = nullptr;
};

// Every registered pair, in a fixed order (the order of the CLI's list of kinds).
std::span<const PairType> pair_types();
// The pair called `name`, or null.
const PairType* find_pair_type(std::string_view name);
// The names of every pair, "a, b, ... or z" (for messages).
std::string pair_type_names();

// Every (pair, algorithm, query) row.
std::span<const PairMethod> pair_methods();
// The query with which `algorithm` answers `pair`, or null when it has none.
PairQuery find_query(const PairType& pair, const Algorithm& algorithm);
// The pairs `algorithm` answers, in pair_types() order.
std::vector<const PairType*> pairs_answered_by(const Algorithm& algorithm);

// Adds an algorithm defined outside the core, and the rows of the pairs it answers (each row's
// algorithm is its name; each pair a registered one), after the core's: algorithms(),
// find_algorithm, pair_methods, find_query and time_of_impact then know it like any other. Call
// it at the start, from one thread, before any query runs (the table is read without a lock;
// the spans returned before it may dangle after). An algorithm of that name registered already:
// nothing changes, and false.
bool register_algorithm(const Algorithm& algorithm, std::span<const PairMethod> methods);

// How the table answers a mover of one kind against an obstacle of another: the pair whose
// query runs, and whether it runs with the two swapped (the pair is registered the other way
// round: then the hit's normal is turned to point from the obstacle toward the mover and its
// feature names the obstacle, as every query's does). A motion is answered by the query of a
// more general one when the table has none of its own: Still as a Translation by zero, a still
// or translating segment as a segment whose ends move alike. Null pair: no query for them.
struct PairChoice {
    const PairType* pair = nullptr;
    bool swapped = false;
};
PairChoice choose_pair(SweptKind mover, SweptKind obstacle);

// The first contact of `mover` against `obstacle` with the default (exact) algorithm, through
// the table; nothing for a miss or for a pair the table has no query for (choose_pair says).
// Sides with an acceleration (Swept::acceleration) are asked in the obstacle's frame: with no
// relative acceleration left, as on straight lines; with one, a circle or point against a static
// segment, a point or a translating circle by the parabolic queries, every other pair by the
// certified engine (polygons convex and counter-clockwise, as for a turning pair). Every other
// algorithm refuses a relative acceleration (inexpressible says so: its methods move shapes
// along straight lines).
std::optional<Hit> time_of_impact(const Swept& mover, const Swept& obstacle,
                                  Trace* trace = nullptr);
// The same with `algorithm`'s query for the pair; nothing when it has none (find_query says)
// or cannot express these sides (inexpressible says why, and so does the trace's note).
std::optional<Hit> time_of_impact(const Algorithm& algorithm, const Swept& mover,
                                  const Swept& obstacle, Trace* trace = nullptr);
// Why `algorithm`'s query for the pair of `mover` and `obstacle` cannot take these two (its
// row's PairRefusal, asked with the sides as its query would get them); nothing when it can or
// when it has no query for the pair (find_query says that).
std::optional<std::string> inexpressible(const Algorithm& algorithm, const Swept& mover,
                                         const Swept& obstacle);

} // namespace ccd
