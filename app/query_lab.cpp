#include "query_lab.hpp"

#include "ccd/toi_circle_segment.hpp"

#include <array>
#include <cmath>
#include <stdexcept>

namespace ccdlab {

std::string_view to_string(Handle handle) {
    switch (handle) {
    case Handle::None:
        return "none";
    case Handle::Center:
        return "center";
    case Handle::Radius:
        return "radius";
    case Handle::Tip:
        return "tip";
    case Handle::EndpointA:
        return "a";
    case Handle::EndpointB:
        return "b";
    }
    return "unknown";
}

QueryLab QueryLab::from_scene(const ccd::Scene& scene) {
    if (scene.bodies.empty())
        throw std::runtime_error("the query lab needs a body (a circle or a point) in \"bodies\"");
    if (scene.walls.empty())
        throw std::runtime_error("the query lab needs a segment in \"segments\"");
    QueryLab lab;
    lab.mover_ = scene.bodies.front().circle;
    lab.displacement_ = scene.bodies.front().velocity;
    lab.mover_name_ = scene.bodies.front().name;
    lab.obstacle_ = scene.walls.front().segment;
    lab.obstacle_name_ = scene.walls.front().name;
    lab.recompute();
    return lab;
}

void QueryLab::set_mover(const ccd::Circle& circle) {
    mover_ = circle;
    recompute();
}
void QueryLab::set_displacement(ccd::Vec2 displacement) {
    displacement_ = displacement;
    recompute();
}
void QueryLab::set_obstacle(const ccd::Segment& segment) {
    obstacle_ = segment;
    recompute();
}

void QueryLab::recompute() {
    hit_ = ccd::time_of_impact(mover_, displacement_, obstacle_, &trace_);
    answers_.clear();
    for (const ccd::Algorithm& algorithm : ccd::algorithms()) {
        AlgorithmAnswer answer{&algorithm,
                               algorithm.circle_segment(mover_, displacement_, obstacle_, nullptr)};
        answer.disagrees = answer.hit.has_value() != hit_.has_value() ||
                           (hit_ && std::fabs(answer.hit->t - hit_->t) > tolerance_);
        answers_.push_back(answer);
    }
}

void QueryLab::set_disagreement_tolerance(double tolerance) {
    tolerance_ = tolerance;
    recompute();
}

bool QueryLab::any_disagreement() const {
    for (const AlgorithmAnswer& answer : answers_)
        if (answer.disagrees) return true;
    return false;
}

void QueryLab::restore(const LabState& state) {
    mover_ = state.mover;
    displacement_ = state.displacement;
    obstacle_ = state.obstacle;
    recompute();
}

ccd::Vec2 QueryLab::handle_position(Handle handle) const {
    switch (handle) {
    case Handle::Center:
        return mover_.center;
    case Handle::Radius: // across the motion, so it is clear of the path and the arrow
        return mover_.center +
               ccd::perp(ccd::normalized_or(displacement_, ccd::Vec2{1.0, 0.0})) * mover_.radius;
    case Handle::Tip:
        return mover_.center + displacement_;
    case Handle::EndpointA:
        return obstacle_.a;
    case Handle::EndpointB:
        return obstacle_.b;
    case Handle::None:
        break;
    }
    return {};
}

Handle QueryLab::pick(ccd::Vec2 screen, const Camera& camera, double radius_px) const {
    constexpr std::array handles{Handle::Center, Handle::Radius, Handle::EndpointA,
                                 Handle::EndpointB, Handle::Tip};
    Handle best = Handle::None;
    double best_distance2 = radius_px * radius_px;
    for (Handle handle : handles) {
        const double d2 = ccd::length_squared(camera.to_screen(handle_position(handle)) - screen);
        if (d2 <= best_distance2) {
            best = handle;
            best_distance2 = d2;
        }
    }
    return best;
}

void QueryLab::drag(Handle handle, ccd::Vec2 world) {
    switch (handle) {
    case Handle::Center:
        mover_.center = world;
        break;
    case Handle::Radius:
        mover_.radius = ccd::length(world - mover_.center);
        break;
    case Handle::Tip:
        displacement_ = world - mover_.center;
        break;
    case Handle::EndpointA:
        obstacle_.a = world;
        break;
    case Handle::EndpointB:
        obstacle_.b = world;
        break;
    case Handle::None:
        return;
    }
    recompute();
}

} // namespace ccdlab
