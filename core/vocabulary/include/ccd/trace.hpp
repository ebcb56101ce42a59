#pragma once
// Trace: an optional record of how a query reached its answer, for the app's equation view
// (and, for a turning query, the certified search: CertifiedSearch below).
// Each candidate (the band, a cap, a vertex-edge pair, ...) is an equation f(t) = 0 in the form
// f(t) = a t^2 + b t + c, where f is the squared distance to the feature minus the squared
// radius (or, for point-versus-line candidates, the signed area cross(u, w)), with the roots the
// query found and the verdict on each. Queries fill it only when given one: without a trace
// they do no extra work.

#include "ccd/hit.hpp"

#include <optional>
#include <span>
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

// One step of conservative advancement (the turning pairs' `conservative-advancement`): at
// time t the shapes were `separation` apart (surface to surface), and no two of their points
// could close faster than `closing_bound` (per frame), so it advanced to t + (separation -
// target) / closing_bound. The last step is where it stopped (its closing_bound is then 0 when
// it stopped without bounding).
struct AdvancementStep {
    double t = 0.0;
    double separation = 0.0;
    double closing_bound = 0.0;
};

// One outer iteration of Box2D's b2TimeOfImpact (b2_time_of_impact.cpp): at `t1` it measured
// the cores' distance (b2Distance, no radii), made a separating axis of the closest features
// there (its b2SeparationFunction) and looked along it: the deepest points at the end of what
// is left (first t = 1), then, while they were too deep, the root finder's times between t1
// and there. `checks` are those looks, in order; the last is where the iteration ended.
struct AxisCheck {
    double t = 0.0;
    double separation = 0.0; // along the axis, between the cores' points it looked at
    bool deepest = false;    // the deepest points at t (else a root finder's step)
};

struct SeparatingAxisIteration {
    double t1 = 0.0;
    double distance = 0.0; // between the cores at t1
    // "points" (the axis joins the two closest points, fixed in the world), "obstacle face" or
    // "mover face" (the face's normal, turning with its body).
    std::string kind;
    Vec2 axis;                        // unit, at t1, from the obstacle toward the mover
    Vec2 obstacle_point, mover_point; // the cores' closest points at t1 (b2Distance's)
    std::vector<AxisCheck> checks;
};

// How an iterative method ended (Box2D's b2TimeOfImpact, registered by ccd_box2d; the turning
// pairs' conservative advancement): the separation it stops at, how long it ran against its
// caps, and its own word for the outcome, so that a miss or an early stop can be explained.
struct IterativeSearch {
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
    // Conservative advancement's every step, in order (Box2D's method leaves it empty).
    std::vector<AdvancementStep> steps;
    // Box2D's outer iterations, in order (ccd_box2d's replay of its search; empty for the
    // others, or when the replay did not end as Box2D's own run did: `why_stopped` says so).
    std::vector<SeparatingAxisIteration> axes;
    std::string why_stopped; // in plain words, from `axes` (empty when there are none)
};

// Seed 002's straight-line approximation of a turning side (`seed002-chords`): vertex `vertex`
// of the mover (or of the obstacle) taken from `from` (where it is at t = 0) to `to` (where its
// arc ends at t = 1) along the chord, instead of along its arc.
struct VertexChord {
    bool on_mover = true;
    int vertex = 0;
    Vec2 from, to;
};

// The certified search of a turning query (toi_turning.hpp): root isolation on the separation
// function f(t) = distance(mover, obstacle) - r over [0, 1] (0 while the shapes' cores overlap),
// interval by interval from t = 0, each interval's lower bound on f from how fast the shapes can
// move (docs/algorithms.md).
enum class BracketVerdict {
    NoContact,    // the bound says f stays above -tolerance on the interval: discarded
    ContactFound, // f at the interval's start is within the tolerance: the answer
    Refined,      // the bound allows a contact: the interval is halved
    StepLimit,    // the step budget ran out here: answered conservatively at its start
};

std::string_view to_string(BracketVerdict verdict);

struct SearchBracket {
    double t0 = 0.0, t1 = 0.0;
    double separation = 0.0;  // f(t0)
    double lower_bound = 0.0; // the bound on f over [t0, t1] (NaN when not computed)
    BracketVerdict verdict = BracketVerdict::NoContact;
};

struct SeparationSample {
    double t = 0.0;
    double separation = 0.0; // f(t)
};

struct CertifiedSearch {
    double tolerance = 0.0;                // delta: what "within" means (toi_turning.hpp)
    std::vector<SeparationSample> samples; // f at evenly spaced t over [0, 1], for drawing
    // Every interval the search looked at, in the order it did, up to kMaxBrackets.
    std::vector<SearchBracket> brackets;
    bool brackets_truncated = false; // more were looked at than kept
    // The last interval certified clear before the contact and the contact's time (t0 = t1 = the
    // contact at t = 0); for a miss, [1, 1].
    double final_t0 = 0.0, final_t1 = 0.0;
    long steps = 0; // intervals bounded (the work done)
    bool step_limit_reached = false;

    static constexpr std::size_t kMaxBrackets = 4096;
};

struct Trace {
    std::string query; // "circle_segment", ...
    bool overlap_at_start = false;
    std::vector<TraceCandidate> candidates;
    // Filled by the certified turning queries only.
    std::optional<CertifiedSearch> search;
    std::optional<IterativeSearch> iterative; // an iterative method's summary (else none)
    // Filled by seed002-chords only: every vertex's chord, the mover's first.
    std::vector<VertexChord> chords;

    // Starts the record of a query, forgetting any earlier one.
    void begin(std::string_view query_name);
    TraceCandidate& add_candidate(std::string_view name, Feature feature);
    // Marks the root at `t` of the candidate of `feature` as taken and every other valid root
    // as later than the best; called once the answer is known.
    void settle(const Hit* hit);
    // An iterative method's record: its one candidate, named `name`, with the summary's
    // explanation as its note, a root at each of `times` (the last one taken when there is an
    // answer, whose parts it names), and the summary itself as `iterative`.
    void add_iterative(std::string_view name, IterativeSearch summary,
                       const std::optional<Hit>& answer, std::span<const double> times);
};

} // namespace ccd
