#pragma once
// Trace: an optional record of how a query reached its answer, for the app's equation view.
// Each candidate (the band, a cap, a vertex-edge pair, ...) is an equation f(t) = 0 in the form
// f(t) = a t^2 + b t + c, where f is the squared distance to the feature minus the squared
// radius (or, for point-versus-line candidates, the signed area cross(u, w)), with the roots the
// query found and the verdict on each. Queries fill it only when given one: without a trace
// they do no extra work.

#include "ccd/hit.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ccd {

enum class RootVerdict {
    Taken,          // this root is the answer
    BeforeFrame,    // t < 0
    AfterFrame,     // t > 1
    OffFeature,     // the contact would lie outside the segment (projection outside [0, 1])
    Leaving,        // the exit root: the shapes separate here
    NotApproaching, // the shapes are not closing in at this root
    LaterThanBest,  // valid, but another candidate touches earlier
    Rounding,       // a root of the rounded polynomial only: the shapes are apart there
};

std::string_view to_string(RootVerdict verdict);

struct TraceRoot {
    TraceRoot() = default;
    TraceRoot(double root_t, RootVerdict root_verdict) : t(root_t), verdict(root_verdict) {}

    double t = 0.0;
    RootVerdict verdict = RootVerdict::AfterFrame;
    // Where it happens: the point of the candidate's equation that moves onto the other shape's
    // part (the circle's or point's center, the touching vertex, the segment's end), at time t.
    // Filled by the pair registry (ccd/pair_registry.hpp), which knows the motions; a query
    // called directly leaves it empty.
    std::optional<Vec2> position;
};

struct TraceCandidate {
    std::string name; // "band", "cap A", "cap B", "vertex 2 / edge 0", ...
    Feature feature = Feature::SegmentInterior;
    double a = 0.0, b = 0.0, c = 0.0; // f(t) = a t^2 + b t + c
    double discriminant = 0.0;        // b^2 - 4ac as the query computed it (0 when linear)
    std::vector<TraceRoot> roots;     // in increasing t
    std::string note;                 // why there are no roots, when there are none
    // An equation of higher degree (the band of a circle against a moving segment is quartic):
    // f(t) = coefficients[0] + coefficients[1] t + ... ; then a, b, c and the discriminant are
    // unused. Empty for a quadratic or linear candidate.
    std::vector<double> coefficients;
    // Polygon sweeps: the parts this candidate pairs, as Hit names them, else -1.
    int mover_vertex = -1;
    int mover_edge = -1;
    int obstacle_vertex = -1;
    int obstacle_edge = -1;
};

// How an iterative method from outside the core ended (Box2D's b2TimeOfImpact, registered by
// ccd_box2d): the separation it stops at, how long it ran against its caps, and its own word
// for the outcome, so that a miss or an early stop can be explained.
struct TraceSearch {
    std::string method;         // "b2TimeOfImpact (Box2D 2.4.1, float)"
    std::string state;          // the method's own name for its outcome: "touching", ...
    double target = 0.0;        // the separation between the shapes at which it stops
    double tolerance = 0.0;     // how far from `target` it accepts
    int iterations = 0;         // its outer iterations (for Box2D, one separating axis each)
    int iteration_cap = 0;      // it gives up after this many
    int root_iterations = 0;    // its one-dimensional root finder's steps, all told
    int root_iteration_cap = 0; // per root
    double separation = 0.0;    // the separation it measured at its t
    std::string explanation;    // one line: why it answered what it did
};

struct Trace {
    std::string query; // "circle_segment", ...
    bool overlap_at_start = false;
    std::vector<TraceCandidate> candidates;
    std::optional<TraceSearch> search; // an iterative method's summary (else none)

    // Starts the record of a query, forgetting any earlier one.
    void begin(std::string_view query_name);
    TraceCandidate& add_candidate(std::string_view name, Feature feature);
    // Marks the root at `t` of the candidate of `feature` as taken and every other valid root
    // as later than the best; called once the answer is known.
    void settle(const Hit* hit);
};

} // namespace ccd
