#pragma once
// QueryLab: the model behind the query canvas: one moving circle, one static segment, the
// scrubbed time and the core's answer. It knows its draggable handles; it draws nothing.

#include "camera.hpp"

#include "ccd/algorithms.hpp"
#include "ccd/hit.hpp"
#include "ccd/scene.hpp"
#include "ccd/trace.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ccdlab {

enum class Handle { None, Center, Radius, Tip, EndpointA, EndpointB };

// Everything the user can edit in the lab: what undo and redo swap.
struct LabState {
    ccd::Circle mover;
    ccd::Vec2 displacement;
    ccd::Segment obstacle;
    friend bool operator==(const LabState& a, const LabState& b) {
        return a.mover.center == b.mover.center && a.mover.radius == b.mover.radius &&
               a.displacement == b.displacement && a.obstacle.a == b.obstacle.a &&
               a.obstacle.b == b.obstacle.b;
    }
};

// One registered algorithm's answer to the lab's query, and whether it disagrees with the
// default (exact) one: hit against miss, or t apart by more than the lab's tolerance.
struct AlgorithmAnswer {
    const ccd::Algorithm* algorithm = nullptr;
    std::optional<ccd::Hit> hit;
    bool disagrees = false;
};

std::string_view to_string(Handle handle);

class QueryLab {
public:
    // Takes the scene's first body and first segment; throws std::runtime_error if either
    // is missing.
    static QueryLab from_scene(const ccd::Scene& scene);

    const ccd::Circle& mover() const { return mover_; }
    ccd::Vec2 displacement() const { return displacement_; }
    const ccd::Segment& obstacle() const { return obstacle_; }
    const std::string& mover_name() const { return mover_name_; }
    const std::string& obstacle_name() const { return obstacle_name_; }
    const std::optional<ccd::Hit>& hit() const { return hit_; }
    // How the exact query reached its answer: every candidate, its equation and its roots.
    const ccd::Trace& trace() const { return trace_; }
    // Every registered algorithm on the same query, the default first.
    const std::vector<AlgorithmAnswer>& algorithm_answers() const { return answers_; }
    bool any_disagreement() const;
    // How far apart two times of impact may be and still agree. The default is above float32's
    // resolution of t, so seed000-float32 is flagged only when it is really off.
    double disagreement_tolerance() const { return tolerance_; }
    void set_disagreement_tolerance(double tolerance);

    double scrub_t = 0.0;
    ccd::Vec2 mover_center_at(double t) const { return mover_.center + displacement_ * t; }

    // Edits recompute the answer at once.
    void set_mover(const ccd::Circle& circle);
    void set_displacement(ccd::Vec2 displacement);
    void set_obstacle(const ccd::Segment& segment);

    LabState state() const { return {mover_, displacement_, obstacle_}; }
    void restore(const LabState& state);

    ccd::Vec2 handle_position(Handle handle) const;
    // The handle drawn nearest to `screen`, if within `radius_px`; later handles win ties so
    // the tip can be grabbed even when the motion is zero.
    Handle pick(ccd::Vec2 screen, const Camera& camera, double radius_px) const;
    // Moves a handle to `world`. Moving the center carries the whole motion along; the radius
    // handle sits on the circle, across the motion, and sets the radius to its distance.
    void drag(Handle handle, ccd::Vec2 world);

private:
    void recompute();

    ccd::Circle mover_;
    ccd::Vec2 displacement_;
    ccd::Segment obstacle_;
    std::string mover_name_;
    std::string obstacle_name_;
    std::optional<ccd::Hit> hit_;
    ccd::Trace trace_;
    std::vector<AlgorithmAnswer> answers_;
    double tolerance_ = 1e-6;
};

} // namespace ccdlab
