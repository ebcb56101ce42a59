#include "ccd/event_log.hpp"

#include <cstdio>

namespace ccd {
namespace {

void put(std::string& out, double x) {
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, " %a", x);
    out += buffer;
}
void put(std::string& out, Vec2 v) {
    put(out, v.x);
    put(out, v.y);
}
void put(std::string& out, int i) {
    out += ' ';
    out += std::to_string(i);
}
void put(std::string& out, bool b) {
    out += b ? " 1" : " 0";
}
void put(std::string& out, OtherKind kind) {
    out += kind == OtherKind::Wall ? " wall" : " body";
}
void put(std::string& out, Feature feature) {
    out += ' ';
    out += to_string(feature);
}
// A polygon contact's vertex and edge, only when named (a log of circles has no such words).
void put_polygon_parts(std::string& out, int vertex, int edge) {
    if (vertex < 0 && edge < 0) return;
    out += " vertex";
    put(out, vertex);
    out += " edge";
    put(out, edge);
}

// A turning body's contact: the impulse, the orientations and the angular velocities, only
// then (a log without turning bodies has no such words).
void put_turning_parts(std::string& out, const ContactEvent& e) {
    if (!e.turning) return;
    out += " impulse";
    put(out, e.impulse);
    out += " angles";
    put(out, e.body_angle);
    put(out, e.other_angle);
    out += " spins";
    put(out, e.body_angular_velocity_before);
    put(out, e.body_angular_velocity_after);
    put(out, e.other_angular_velocity_before);
    put(out, e.other_angular_velocity_after);
}

void put_event(std::string& out, const ContactEvent& e) {
    out += "event";
    put(out, e.sequence);
    put(out, e.time);
    put(out, e.body);
    put(out, e.other_kind);
    put(out, e.other);
    put(out, e.feature);
    put(out, e.point);
    put(out, e.normal);
    put(out, e.body_velocity_before);
    put(out, e.body_velocity_after);
    put(out, e.other_velocity_before);
    put(out, e.other_velocity_after);
    put(out, e.body_removed);
    put(out, e.other_removed);
    put_polygon_parts(out, e.vertex, e.edge);
    put_turning_parts(out, e);
    out += '\n';
}

void put_cancelled(std::string& out, const CancelledPrediction& c) {
    out += "cancelled";
    put(out, c.time);
    put(out, c.body);
    put(out, c.other_kind);
    put(out, c.other);
    put(out, c.feature);
    put(out, c.predicted_at);
    put(out, c.predicted_after);
    out += c.reason == CancelReason::Budget ? " budget" : " changed";
    put(out, c.cancelled_by);
    put(out, c.point);
    put(out, c.normal);
    put_polygon_parts(out, c.vertex, c.edge);
    out += '\n';
}

void put_body_path(std::string& out, int body, const BodyPath& path) {
    out += "path";
    put(out, body);
    for (const PathPoint& p : path.points) {
        put(out, p.time);
        put(out, p.position);
    }
    out += '\n';
}

void put_wall_path(std::string& out, int wall, const WallPath& path) {
    out += "wall_path";
    put(out, wall);
    if (path.turn != 0.0) { // a turning wall: its pivot and turn, and each orientation
        out += " turning";
        put(out, path.pivot);
        put(out, path.turn);
    }
    for (const WallPathPoint& p : path.points) {
        put(out, p.time);
        put(out, p.segment.a);
        put(out, p.segment.b);
        if (path.turn != 0.0) put(out, p.angle);
    }
    out += '\n';
}

// A chatter cut or a crush: what befell which body, when, at which event.
template <class BodyMark>
void put_body_mark(std::string& out, const char* name, const BodyMark& mark) {
    out += name;
    put(out, mark.body);
    put(out, mark.time);
    put(out, mark.sequence);
    out += '\n';
}

void put_budget_cut(std::string& out, const BudgetCut& cut) {
    out += "budget";
    put(out, cut.time);
    put(out, cut.events);
    if (cut.kind == BudgetKind::Predictions) { // (an event budget's cut: time and events only)
        out += " predictions ";
        out += std::to_string(cut.predictions);
    } else if (cut.kind != BudgetKind::Events) {
        out += ' ';
        out += to_string(cut.kind);
        out += ' ';
        out += std::to_string(cut.steps);
    }
    out += '\n';
}

} // namespace

const char* to_string(BudgetKind kind) {
    switch (kind) {
    case BudgetKind::Events:
        return "events";
    case BudgetKind::Predictions:
        return "predictions";
    case BudgetKind::Steps:
        return "steps";
    case BudgetKind::Undecided:
        return "undecided";
    }
    return "events";
}

std::string to_text(const EventLog& log) {
    std::string out = "frame";
    put(out, log.frame);
    out += '\n';
    for (const ContactEvent& e : log.events)
        put_event(out, e);
    for (const CancelledPrediction& c : log.cancelled)
        put_cancelled(out, c);
    for (std::size_t i = 0; i < log.paths.size(); ++i)
        put_body_path(out, static_cast<int>(i), log.paths[i]);
    for (std::size_t i = 0; i < log.wall_paths.size(); ++i)
        if (log.wall_paths[i].points.size() >= 2) // (a static wall's path is not written)
            put_wall_path(out, static_cast<int>(i), log.wall_paths[i]);
    for (const ChatterCut& c : log.chatter_cuts)
        put_body_mark(out, "chatter", c);
    for (const Crush& c : log.crushes)
        put_body_mark(out, "crush", c);
    if (log.budget_cut) put_budget_cut(out, *log.budget_cut);
    for (const OutOfRange& o : log.out_of_range) {
        out += "out_of_range";
        put(out, o.body);
        put(out, o.center);
        put(out, o.velocity);
        out += '\n';
    }
    return out;
}

} // namespace ccd
