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
// A polygon contact's vertex and edge, only when named (a log of circles reads as before).
void put_polygon_parts(std::string& out, int vertex, int edge) {
    if (vertex < 0 && edge < 0) return;
    out += " vertex";
    put(out, vertex);
    out += " edge";
    put(out, edge);
}

// A turning body's contact: the impulse, the orientations and the angular velocities, only
// then (a log without turning bodies reads as before).
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

} // namespace

std::string to_text(const EventLog& log) {
    std::string out = "frame";
    put(out, log.frame);
    out += '\n';
    for (const ContactEvent& e : log.events) {
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
    for (const CancelledPrediction& c : log.cancelled) {
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
    for (std::size_t i = 0; i < log.paths.size(); ++i) {
        out += "path";
        put(out, static_cast<int>(i));
        for (const PathPoint& p : log.paths[i].points) {
            put(out, p.time);
            put(out, p.position);
        }
        out += '\n';
    }
    for (std::size_t i = 0; i < log.wall_paths.size(); ++i) {
        if (log.wall_paths[i].points.size() < 2) continue; // a static wall
        const WallPath& path = log.wall_paths[i];
        out += "wall_path";
        put(out, static_cast<int>(i));
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
    for (const ChatterCut& c : log.chatter_cuts) {
        out += "chatter";
        put(out, c.body);
        put(out, c.time);
        put(out, c.sequence);
        out += '\n';
    }
    for (const Crush& c : log.crushes) {
        out += "crush";
        put(out, c.body);
        put(out, c.time);
        put(out, c.sequence);
        out += '\n';
    }
    if (log.budget_cut) {
        out += "budget";
        put(out, log.budget_cut->time);
        put(out, log.budget_cut->events);
        if (log.budget_cut->kind == BudgetKind::Predictions) { // an event budget's reads as before
            out += " predictions ";
            out += std::to_string(log.budget_cut->predictions);
        }
        out += '\n';
    }
    return out;
}

} // namespace ccd
