#include "lab_side_view.hpp"

#include "hatching.hpp"
#include "number_fields.hpp"
#include "shape_renderer.hpp"

#include "ccd/rounded_outline.hpp"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

namespace ccdlab {
namespace {

Color color_of(Side side) {
    return side == Side::Mover ? palette::mover : palette::wall;
}

// ---- over the frame ----------------------------------------------------------------------

// How many pieces draw an accelerating side's parabola over the frame.
constexpr int kParabolaPieces = 64;

// An accelerating side's center path over the frame, the parabola x0 + d t + a t^2 / 2 (the
// core's Swept::moved, sampled), and, `radius` out on each side across its way, the edges of
// the band a circle of that radius sweeps.
void parabola(ShapeRenderer& r, const LabSide& s, double radius, Color color) {
    Vec2 before = center_at(s, 0.0);
    Vec2 before_edges[2]{};
    for (int k = 0; k <= kParabolaPieces; ++k) {
        const double t = static_cast<double>(k) / kParabolaPieces;
        const Vec2 at = center_at(s, t);
        const Vec2 way = s.swept.displacement() + s.swept.acceleration * t; // the velocity at t
        const Vec2 across = ccd::perp(ccd::normalized_or(way, Vec2{1.0, 0.0})) * radius;
        const Vec2 edges[2]{at + across, at - across};
        if (k > 0) {
            r.line(before, at, 1.5f, color.with_alpha(0.6f));
            for (int e = 0; e < 2 && radius > 0.0; ++e)
                r.line(before_edges[e], edges[e], 1.0f, color.with_alpha(0.3f));
        }
        before = at;
        before_edges[0] = edges[0];
        before_edges[1] = edges[1];
    }
}

// A side's acceleration: an arrow from its center at t = 0 to where the acceleration alone
// takes it by t = 1 (a / 2), the handle at its tip.
void acceleration_arrow(ShapeRenderer& r, const LabSide& s) {
    if (!s.swept.accelerates()) return;
    const Vec2 start = center_at(s, 0.0);
    r.arrow(start, start + s.swept.drift(1.0), 2.0f, palette::acceleration.with_alpha(0.9f));
}

// A circle's frame: its path (the swept capsule and the center line, or the parabola when it
// accelerates), where it is at t = 1 (dashed), at t = 0 (outlined) and at the scrubbed time
// (filled), its motion arrow and its acceleration arrow.
void draw_circle(ShapeRenderer& r, const QueryLab& lab, Side side) {
    const LabSide& s = lab.side(side);
    const ccd::Circle& circle = s.circle();
    const Color color = color_of(side);
    const Vec2 tip = circle.center + s.swept.displacement();
    const Vec2 end = center_at(s, 1.0), now = center_at(s, lab.scrub_t);
    if (s.swept.accelerates()) {
        parabola(r, s, circle.radius, color);
    } else {
        r.capsule(circle.center, end, circle.radius, color.with_alpha(0.10f));
        r.line(circle.center, end, 1.5f, color.with_alpha(0.6f), 6.0f);
    }
    r.circle_outline(end, circle.radius, 1.5f, color.with_alpha(0.55f), 6.0f);
    r.circle_outline(circle.center, circle.radius, 2.0f, color);
    r.disc(now, circle.radius, color.with_alpha(0.35f));
    r.circle_outline(now, circle.radius, 2.0f, color);
    r.arrow(circle.center, tip, 2.0f, color.with_alpha(0.9f));
    acceleration_arrow(r, s);
    if (circle.radius == 0.0) r.point(now, 4.5f, color); // a point
}

// A polygon's outline: with a radius, its rounded boundary (the core's points,
// ccd::rounded_outline) over its sides, drawn thin.
void outline(ShapeRenderer& r, const ccd::Polygon& p, float width, Color color, float dash = 0.0f) {
    if (p.radius > 0.0) {
        r.polygon_outline(p.vertices, 1.0f, color.with_alpha(0.45f), dash);
        r.polygon_outline(ccd::rounded_outline(p), width, color, dash);
        return;
    }
    r.polygon_outline(p.vertices, width, color, dash);
}

// A segment: with a radius, its capsule's outline about it.
void segment_line(ShapeRenderer& r, const ccd::Segment& s, float width, Color color,
                  float dash = 0.0f) {
    r.line(s.a, s.b, s.radius > 0.0 ? 1.5f : width, color, dash);
    if (s.radius > 0.0) r.polygon_outline(ccd::rounded_outline(s), width * 0.7f, color, dash);
}

// Each point's path over the frame (a turning side's arcs, drawn in lab.arc_pieces() pieces),
// thin and faint.
void arcs(ShapeRenderer& r, const QueryLab& lab, const LabSide& s, Color color) {
    const int pieces = lab.arc_pieces();
    std::vector<Vec2> before = points_at(s, 0.0);
    for (int k = 1; k <= pieces; ++k) {
        const std::vector<Vec2> now = points_at(s, static_cast<double>(k) / pieces);
        for (std::size_t i = 0; i < now.size() && i < before.size(); ++i)
            r.line(before[i], now[i], 1.0f, color.with_alpha(0.4f));
        before = now;
    }
}

// A turning side's pivot (a ring at t = 0, its straight path to t = 1 unless `curved`: an
// accelerating side's parabola is drawn on its own) and the lever from the pivot at t = 1 to
// the angle handle.
void pivot_and_lever(ShapeRenderer& r, Vec2 pivot, Vec2 pivot_end, Vec2 angle_handle, Color color,
                     bool curved = false) {
    if (pivot_end != pivot && !curved) r.line(pivot, pivot_end, 1.0f, color.with_alpha(0.6f), 4.0f);
    r.point(pivot, 5.0f, color);
    r.point(pivot, 2.5f, palette::background);
    r.line(pivot_end, angle_handle, 1.5f, palette::handle.with_alpha(0.55f), 4.0f);
}

// A polygon's frame: its vertices' paths (straight, or arcs when it turns), the polygon at
// t = 1 (dashed), at t = 0 and at the scrubbed time, and its motion arrow from its vertex
// centroid (from its pivot, its centroid, when it turns).
void draw_polygon(ShapeRenderer& r, const QueryLab& lab, Side side) {
    const LabSide& s = lab.side(side);
    const Color color = s.is_static ? palette::static_body : color_of(side);
    const ccd::Polygon start = polygon_at(s, 0.0), end = polygon_at(s, 1.0),
                       now = polygon_at(s, lab.scrub_t);
    if (s.is_static) { // grey and hatched (a tenth of its size apart), where it stays
        Vec2 lo = start.vertices.front(), hi = lo;
        for (const Vec2 v : start.vertices) {
            lo = {std::min(lo.x, v.x), std::min(lo.y, v.y)};
            hi = {std::max(hi.x, v.x), std::max(hi.y, v.y)};
        }
        for (const ccd::Segment& line :
             hatch_lines(start.vertices, std::max(hi.x - lo.x, hi.y - lo.y) / 10.0))
            r.line(line.a, line.b, 1.0f, color.with_alpha(0.6f));
        r.polygon_outline(start.vertices, 2.5f, color);
        return;
    }
    if (s.turns()) {
        arcs(r, lab, s, color);
        pivot_and_lever(r, center_at(s, 0.0), center_at(s, 1.0),
                        lab.handle_position(handle_of(side, Part::Angle)), color,
                        s.swept.accelerates());
    } else if (s.swept.accelerates()) { // each vertex on a parabola
        arcs(r, lab, s, color);
    } else {
        for (std::size_t i = 0; i < start.vertices.size(); ++i)
            r.line(start.vertices[i], end.vertices[i], 1.0f, color.with_alpha(0.35f), 5.0f);
    }
    if (s.swept.accelerates()) parabola(r, s, 0.0, color);
    outline(r, end, 1.5f, color.with_alpha(0.55f), 6.0f);
    outline(r, start, 1.5f, color.with_alpha(0.8f));
    outline(r, now, 2.5f, color);
    for (Vec2 v : now.vertices)
        r.point(v, 3.0f, color);
    r.arrow(center_at(s, 0.0), lab.handle_position(handle_of(side, Part::Tip)), 2.0f,
            color.with_alpha(0.9f));
    acceleration_arrow(r, s);
}

void draw_segment(ShapeRenderer& r, const QueryLab& lab, Side side) {
    segment_line(r, lab.side(side).segment(), 3.0f, palette::wall);
}

// Its ends' paths, the segment at t = 1 (dashed), at t = 0 and at the scrubbed t.
void draw_moving_segment(ShapeRenderer& r, const QueryLab& lab, Side side) {
    const LabSide& s = lab.side(side);
    const ccd::Segment start = segment_at(s, 0.0), end = segment_at(s, 1.0);
    r.line(start.a, end.a, 1.0f, palette::wall.with_alpha(0.45f), 5.0f);
    r.line(start.b, end.b, 1.0f, palette::wall.with_alpha(0.45f), 5.0f);
    segment_line(r, end, 2.0f, palette::wall.with_alpha(0.5f), 7.0f);
    segment_line(r, start, 2.0f, palette::wall.with_alpha(0.55f));
    segment_line(r, segment_at(s, lab.scrub_t), 3.0f, palette::wall);
}

// Its ends' arcs, the segment at t = 0, at t = 1 (dashed), at the scrubbed t, and its pivot
// with the lever to the angle handle.
void draw_turning_segment(ShapeRenderer& r, const QueryLab& lab, Side side) {
    const LabSide& s = lab.side(side);
    arcs(r, lab, s, palette::wall);
    const ccd::Segment end = segment_at(s, 1.0), now = segment_at(s, lab.scrub_t);
    segment_line(r, end, 2.0f, palette::wall.with_alpha(0.5f), 7.0f);
    segment_line(r, s.segment(), 2.0f, palette::wall.with_alpha(0.55f));
    segment_line(r, now, 3.0f, palette::wall);
    pivot_and_lever(r, s.pivot(), s.pivot(), lab.handle_position(handle_of(side, Part::Angle)),
                    palette::wall);
}

// ---- at the time of impact ------------------------------------------------------------------

// The mover outlined; the obstacle dashed.
void circle_at_impact(ShapeRenderer& r, const LabSide& s, Side side, double t) {
    const Vec2 at = center_at(s, t);
    if (side == Side::Obstacle) {
        r.circle_outline(at, s.circle().radius, 2.0f, palette::impact.with_alpha(0.7f), 6.0f);
        return;
    }
    r.circle_outline(at, s.circle().radius, 2.5f, palette::impact);
    r.point(at, 2.5f, palette::impact);
}

void polygon_at_impact(ShapeRenderer& r, const LabSide& s, Side side, double t) {
    if (side == Side::Obstacle)
        outline(r, polygon_at(s, t), 2.0f, palette::impact.with_alpha(0.6f), 6.0f);
    else
        outline(r, polygon_at(s, t), 2.0f, palette::impact);
}

void segment_at_impact(ShapeRenderer& r, const LabSide& s, Side, double t) {
    segment_line(r, segment_at(s, t), 2.5f, palette::impact);
}

// A segment that stays is drawn as it is.
void nothing_at_impact(ShapeRenderer&, const LabSide&, Side, double) {}

// ---- the mover's reach ----------------------------------------------------------------------

// The segment inflated by the mover's radius (and its own): the set of mover centers at which
// the mover touches it; the part that produced the hit (band, cap A, cap B) is tinted where the
// segment is at the time of impact, outlined there too when `moves`.
void reach_of_segment(ShapeRenderer& r, const QueryLab& lab, bool moves) {
    const double radius = radius_of(lab.mover()) + rounding_of(lab.obstacle());
    const auto& hit = lab.hit();
    const ccd::Segment wall = segment_at(lab.obstacle(), lab.scrub_t);
    r.capsule(wall.a, wall.b, radius, palette::capsule);
    r.capsule_outline(wall.a, wall.b, radius, 1.0f, palette::wall.with_alpha(0.25f));
    if (!hit || hit->overlap) return;
    const ccd::Segment at = segment_at(lab.obstacle(), hit->t);
    if (moves) r.capsule_outline(at.a, at.b, radius, 1.0f, palette::impact.with_alpha(0.4f), 5.0f);
    if (hit->feature == ccd::Feature::SegmentInterior)
        r.band(at.a, at.b, radius, palette::produced_hit);
    else
        r.disc(hit->feature == ccd::Feature::EndpointA ? at.a : at.b, radius,
               palette::produced_hit);
}

void segment_reach(ShapeRenderer& r, const QueryLab& lab) {
    reach_of_segment(r, lab, false);
}

void moving_segment_reach(ShapeRenderer& r, const QueryLab& lab) {
    reach_of_segment(r, lab, true);
}

// The obstacle circle inflated by the mover's radius, tinted where it is at the impact.
void circle_reach(ShapeRenderer& r, const QueryLab& lab) {
    const LabSide& obstacle = lab.obstacle();
    const double reach = radius_of(lab.mover()) + radius_of(obstacle);
    const auto& hit = lab.hit();
    r.disc(center_at(obstacle, lab.scrub_t), reach, palette::capsule);
    r.circle_outline(center_at(obstacle, lab.scrub_t), reach, 1.0f,
                     palette::wall.with_alpha(0.25f));
    if (hit && !hit->overlap) r.disc(center_at(obstacle, hit->t), reach, palette::produced_hit);
}

// Each edge's capsule (the query is the circle, grown by a rounded polygon's radius, against
// every edge), and the edge's band or the vertex's disk that produced the hit.
void polygon_reach(ShapeRenderer& r, const QueryLab& lab) {
    const double radius = radius_of(lab.mover()) + rounding_of(lab.obstacle());
    const auto& hit = lab.hit();
    const ccd::Polygon now = polygon_at(lab.obstacle(), lab.scrub_t);
    const std::size_t n = now.vertices.size();
    for (std::size_t i = 0; i < n; ++i)
        r.capsule_outline(now.vertices[i], now.vertices[(i + 1) % n], radius, 1.0f,
                          palette::wall.with_alpha(0.25f));
    if (!hit || hit->overlap) return;
    if (const auto edge = touched_edge(lab, *hit))
        r.band(edge->a, edge->b, radius, palette::produced_hit);
    else if (hit->obstacle_vertex >= 0 && static_cast<std::size_t>(hit->obstacle_vertex) < n)
        r.disc(polygon_at(lab.obstacle(), hit->t)
                   .vertices[static_cast<std::size_t>(hit->obstacle_vertex)],
               radius, palette::produced_hit);
}

// ---- labels -----------------------------------------------------------------------------------

// A circle's or polygon's name at its center at t = 0, "t = 1" where its path ends, and "a / 2"
// at its acceleration arrow's tip.
void center_labels(const LabSide& s, Side side, const AddLabel& label) {
    const bool mover = side == Side::Mover;
    const Color color = color_of(side);
    label(center_at(s, 0.0), 6.0, mover ? 70 : 60, color, s.name + " (t = 0)");
    if (center_at(s, 1.0) != center_at(s, 0.0))
        label(center_at(s, 1.0), 6.0, 40, mover ? color : color.with_alpha(0.7f), "t = 1");
    if (s.swept.accelerates())
        label(center_at(s, 0.0) + s.swept.drift(1.0), 6.0, 45, palette::acceleration, "a / 2");
}

void segment_labels(const LabSide& s, Side, const AddLabel& label) {
    label(s.segment().a, 6.0, 60, palette::wall, "A");
    label(s.segment().b, 6.0, 60, palette::wall, "B " + s.name);
}

void start_labels(const LabSide& s, const AddLabel& label) {
    label(s.segment().a, 6.0, 60, palette::wall, "A (t = 0)");
    label(s.segment().b, 6.0, 60, palette::wall, "B (t = 0) " + s.name);
}

void moving_segment_labels(const LabSide& s, Side, const AddLabel& label) {
    start_labels(s, label);
    const ccd::Segment end = segment_at(s, 1.0);
    if (end.a != s.segment().a) label(end.a, 6.0, 40, palette::wall.with_alpha(0.7f), "A (t = 1)");
    if (end.b != s.segment().b) label(end.b, 6.0, 40, palette::wall.with_alpha(0.7f), "B (t = 1)");
}

void turning_segment_labels(const LabSide& s, Side, const AddLabel& label) {
    start_labels(s, label);
    label(s.pivot(), 6.0, 50, palette::wall, "pivot");
}

// ---- the panel --------------------------------------------------------------------------------

std::string quoted(const std::string& name) {
    return "\"" + name + "\"";
}

std::string circle_heading(const LabSide& s, Side side) {
    return (s.circle().radius > 0.0 ? "Circle " : "Point ") + quoted(s.name) +
           (s.swept.accelerates() ? " (moves on a parabola)"
            : side == Side::Mover ? " (moves)"
                                  : "");
}

std::string polygon_heading(const LabSide& s, Side side) {
    const std::string parabola = s.swept.accelerates() ? ", on a parabola" : "";
    if (side == Side::Mover)
        return "Polygon " + quoted(s.name) +
               (s.turns() ? " (moves" + parabola + ", and turns about its centroid)"
                          : " (moves" + parabola + ")");
    return "Polygon " + quoted(s.name) + (s.turns() ? " (turns about its centroid)" : "");
}

std::string segment_heading(const LabSide& s, Side) {
    const ccd::EndMotion ends = s.swept.end_motion();
    const bool ends_move =
        !s.turns() && (ends.displacement_a != Vec2{} || ends.displacement_b != Vec2{});
    return "Segment " + quoted(s.name) +
           (s.turns()   ? " (turns about its pivot)"
            : ends_move ? " (its ends move)"
                        : "");
}

bool edit_motion(const char* id, LabSide& s) {
    ImGui::PushID(id);
    Vec2 motion = s.swept.displacement();
    const bool edited = edit_vec2("motion", motion);
    if (edited) set_displacement(s, motion);
    ImGui::PopID();
    return edited;
}

// A side's acceleration (per frame squared), for a side the scene's gravity can pull.
bool edit_acceleration(const char* id, LabSide& s) {
    if (!can_accelerate(s)) return false;
    ImGui::PushID(id);
    const bool edited = edit_vec2("acceleration", s.swept.acceleration);
    ImGui::PopID();
    return edited;
}

bool edit_turn(const char* id, LabSide& s) {
    double angle = s.angle();
    const bool edited = edit_angle(("turn##" + std::string(id)).c_str(), angle);
    if (edited) set_angle(s, angle);
    return edited;
}

bool circle_fields(LabSide& s, const char* id) {
    ccd::Circle& circle = std::get<ccd::Circle>(s.swept.shape);
    ImGui::PushID(id);
    bool edited = edit_vec2("center", circle.center);
    edited = edit_length("radius", circle.radius) || edited;
    ImGui::PopID();
    edited = edit_motion(id, s) || edited;
    return edit_acceleration(id, s) || edited;
}

bool polygon_fields(LabSide& s, const char* id) {
    ccd::Polygon& polygon = std::get<ccd::Polygon>(s.swept.shape);
    bool edited = false;
    ImGui::PushID(id);
    if (ImGui::TreeNode("vertices")) {
        for (std::size_t i = 0; i < polygon.vertices.size(); ++i) {
            ImGui::PushID(static_cast<int>(i));
            edited = edit_vec2(std::to_string(i).c_str(), polygon.vertices[i]) || edited;
            ImGui::PopID();
        }
        ImGui::TreePop();
    }
    edited = edit_length("radius", polygon.radius) || edited; // a rounded polygon
    ImGui::PopID();
    edited = edit_motion(id, s) || edited;
    edited = edit_acceleration(id, s) || edited;
    return (s.turns() && edit_turn(id, s)) || edited;
}

// A segment's ends at t = 0: both fields drawn every frame, whichever was edited.
bool segment_fields(LabSide& s, const char*) {
    ccd::Segment& segment = std::get<ccd::Segment>(s.swept.shape);
    const bool a_edited = edit_vec2("a", segment.a);
    const bool b_edited = edit_vec2("b", segment.b);
    const bool radius_edited = edit_length("radius", segment.radius); // a capsule
    return a_edited || b_edited || radius_edited;
}

bool moving_segment_fields(LabSide& s, const char* id) {
    bool edited = segment_fields(s, id);
    ccd::EndMotion& ends = std::get<ccd::EndMotion>(s.swept.motion);
    const bool da_edited = edit_vec2("a moves", ends.displacement_a);
    const bool db_edited = edit_vec2("b moves", ends.displacement_b);
    return da_edited || db_edited || edited;
}

bool turning_segment_fields(LabSide& s, const char* id) {
    bool edited = segment_fields(s, id);
    edited = edit_vec2("pivot", std::get<ccd::Turning>(s.swept.motion).pivot) || edited;
    return edit_turn(id, s) || edited;
}

// ---- the table --------------------------------------------------------------------------------

constexpr const char* kCircleHint = "the circle's center, its radius, its arrow tip (where it "
                                    "is at t = 1)";
constexpr const char* kPolygonHint = "the polygon's vertex centroid (moves it), arrow tip "
                                     "(where it is at t = 1) and radius (out of its first side)";
constexpr const char* kSegmentHint = "the segment's ends and radius (out of its middle)";
constexpr const char* kPolygonTurn = "; a turning polygon turns about its centroid";

// In SideKind's order.
const std::array<SideView, 6> kSideViews{{
    {draw_circle, circle_at_impact, circle_reach, center_labels, circle_heading, circle_fields,
     true, false, kCircleHint, "the obstacle circle's center, radius and arrow tip", "", false},
    {draw_segment, nothing_at_impact, segment_reach, segment_labels, segment_heading,
     segment_fields, false, false, "", kSegmentHint, "", false},
    {draw_moving_segment, segment_at_impact, moving_segment_reach, moving_segment_labels,
     segment_heading, moving_segment_fields, false, true, "",
     "each end of the segment at t = 0 (A, B) and at t = 1, its radius (out of its middle); "
     "Space animates t while you drag",
     "", false},
    {draw_turning_segment, segment_at_impact, moving_segment_reach, turning_segment_labels,
     segment_heading, turning_segment_fields, false, false, "", kSegmentHint,
     ", and the segment's pivot moves alone", false},
    {draw_polygon, polygon_at_impact, polygon_reach, center_labels, polygon_heading, polygon_fields,
     false, false, kPolygonHint,
     "the obstacle polygon's vertex centroid (moves it), arrow tip and radius", kPolygonTurn, true},
    {draw_polygon, polygon_at_impact, polygon_reach, center_labels, polygon_heading, polygon_fields,
     false, false, kPolygonHint,
     "the obstacle polygon's vertex centroid (moves it), arrow tip and radius", kPolygonTurn, true},
}};

} // namespace

const SideView& side_view(const LabSide& side) {
    return kSideViews[static_cast<std::size_t>(side_kind(side))];
}

std::optional<ccd::Segment> touched_edge(const QueryLab& lab, const ccd::Hit& hit) {
    const auto edge_of = [](const ccd::Polygon& polygon, int index) -> std::optional<ccd::Segment> {
        const auto n = polygon.vertices.size(), j = static_cast<std::size_t>(index);
        if (j >= n) return std::nullopt;
        return ccd::Segment{polygon.vertices[j], polygon.vertices[(j + 1) % n]};
    };
    if (hit.overlap) return std::nullopt;
    if (hit.obstacle_edge >= 0)
        return edge_of(polygon_at(lab.obstacle(), hit.t), hit.obstacle_edge);
    if (hit.mover_edge >= 0) return edge_of(polygon_at(lab.mover(), hit.t), hit.mover_edge);
    return std::nullopt;
}

bool edit_side(QueryLab& lab, Side side) {
    LabSide edited = lab.side(side);
    const SideView& view = side_view(edited);
    ImGui::TextUnformatted(view.heading(edited, side).c_str());
    if (!view.fields(edited, side == Side::Mover ? "mover" : "obstacle")) return false;
    lab.set_side(side, std::move(edited));
    return true;
}

std::string drag_hint(const QueryLab& lab) {
    const SideView& mover = side_view(lab.mover());
    const SideView& obstacle = side_view(lab.obstacle());
    std::string hint = "Drag the yellow handles: " + std::string(mover.hint_as_mover) + ", and " +
                       obstacle.hint_as_obstacle;
    if (lab.mover().turns() || lab.obstacle().turns())
        hint += "; a turning side's angle handle (at its farthest point at t = 1) sets its turn "
                "over the frame: drag it round the pivot, again and again for several turns" +
                std::string(lab.obstacle().turns() ? obstacle.turn_hint : mover.turn_hint) +
                "; Space animates the turn";
    if (lab.mover().swept.accelerates() || lab.obstacle().swept.accelerates())
        hint += "; an accelerating side's arrow tip is where its motion alone takes it by t = 1, "
                "and the tip of its teal arrow, a / 2 from its center, sets its acceleration (a "
                "side with none has it in the panel)";
    if (mover.vertices_in_panel || obstacle.vertices_in_panel)
        hint += "; the vertices are in the panel";
    return hint + ". Shift snaps to the grid; Ctrl+Z undoes. F1 lists every key.";
}

} // namespace ccdlab
