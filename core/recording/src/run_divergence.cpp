// Where two runs part (ccd/run_divergence.hpp).
#include "ccd/run_divergence.hpp"

#include "ccd/hypot.hpp"

#include <algorithm>
#include <cmath>

namespace ccd {
namespace {

double distance(Vec2 p, Vec2 q) {
    return ccd::hypot(p.x - q.x, p.y - q.y);
}

// Beyond the tolerance, a NaN on either side included.
bool beyond(double difference, double tolerance) {
    return !(difference <= tolerance);
}

// How fast the event's two sides approach along its normal, before it (0 without velocities).
double closing_speed(const RunEvent& e) {
    if (!e.has_velocities) return 0.0;
    const ContactEvent& c = e.event;
    return std::fabs(dot(c.body_velocity_before - c.other_velocity_before, c.normal));
}

// How fast the event's normal may turn: its two sides' angular velocities before it, added.
double turn_rate(const RunEvent& e) {
    return std::fabs(e.event.body_angular_velocity_before) +
           std::fabs(e.event.other_angular_velocity_before);
}

// The time the slack adds to the events' tolerance: its length over the faster closing speed
// (0 without a slack, velocities or a closing speed; a NaN speed adds nothing).
double slack_time(const RunEvent& a, const RunEvent& b, const DivergenceTolerance& tolerance) {
    if (tolerance.slack <= 0.0 || !a.has_velocities || !b.has_velocities) return 0.0;
    const double speed = std::max(closing_speed(a), closing_speed(b));
    if (!(speed > 0.0) || !std::isfinite(speed)) return 0.0;
    return tolerance.slack / speed;
}

} // namespace

std::string EventFields::names() const {
    std::string text;
    const auto add = [&](bool differs, const char* name) {
        if (!differs) return;
        if (!text.empty()) text += ", ";
        text += name;
    };
    add(missing, "missing");
    add(frame, "frame");
    add(parties, "parties");
    add(feature, "feature");
    add(time, "time");
    add(point, "point");
    add(normal, "normal");
    add(velocities, "velocities");
    add(removal, "removal");
    return text;
}

EventDifference compare_events(const RunEvent& a, const RunEvent& b,
                               const DivergenceTolerance& tolerance) {
    EventDifference d;
    d.a = a;
    d.b = b;
    const ContactEvent& x = a.event;
    const ContactEvent& y = b.event;
    d.fields.frame = a.frame != b.frame;
    d.fields.parties = x.body != y.body || x.other_kind != y.other_kind || x.other != y.other;
    d.fields.feature = x.feature != y.feature;
    d.time = std::fabs(x.time - y.time);
    const double by_slack = slack_time(a, b, tolerance);
    d.fields.time = beyond(d.time, tolerance.time + by_slack);
    d.point = distance(x.point, y.point);
    d.fields.point = beyond(d.point, tolerance.distance);
    d.normal = distance(x.normal, y.normal);
    const double turned = std::max(turn_rate(a), turn_rate(b)) * by_slack;
    d.fields.normal = beyond(d.normal, tolerance.normal + (std::isfinite(turned) ? turned : 0.0));
    if (a.has_velocities && b.has_velocities) {
        // The largest, a NaN kept (it differs from anything).
        for (const double part : {distance(x.body_velocity_before, y.body_velocity_before),
                                  distance(x.body_velocity_after, y.body_velocity_after),
                                  distance(x.other_velocity_before, y.other_velocity_before),
                                  distance(x.other_velocity_after, y.other_velocity_after)})
            if (std::isnan(part) || part > d.velocity) d.velocity = part;
        d.fields.velocities = beyond(d.velocity, tolerance.velocity);
        d.fields.removal = x.body_removed != y.body_removed || x.other_removed != y.other_removed;
    }
    return d;
}

RunDivergence find_divergence(std::span<const RunEvent> a, std::span<const RunEvent> b,
                              const DivergenceTolerance& tolerance, std::size_t max_listed) {
    RunDivergence result;
    result.events_a = a.size();
    result.events_b = b.size();
    for (std::size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
        EventDifference d;
        if (i < a.size() && i < b.size()) {
            d = compare_events(a[i], b[i], tolerance);
        } else {
            if (i < a.size()) d.a = a[i];
            if (i < b.size()) d.b = b[i];
            d.fields.missing = true;
        }
        if (!d.fields.any()) continue;
        d.index = i;
        ++result.differing;
        if (result.differences.size() < max_listed) result.differences.push_back(std::move(d));
    }
    return result;
}

} // namespace ccd
