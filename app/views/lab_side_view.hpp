#pragma once
// The query lab view's table of side kinds (app/labmodel/lab_side.hpp holds the model's): per
// kind, how a side is drawn over the frame and at the time of impact, the mover's reach about
// it, its labels, its panel fields and its words in the drag hint. The view asks the table and
// tests no kind.

#include "color.hpp"
#include "query_lab.hpp"

#include <functional>
#include <optional>
#include <string>

namespace ccdlab {

class ShapeRenderer;

// Asks for a label at `world` (the label placer keeps `clearance` pixels around the point).
using AddLabel = std::function<void(ccd::Vec2 world, double clearance, int priority, Color color,
                                    const std::string& text)>;

struct SideView {
    // The side over the frame: where it starts, where it ends, where it is at the scrubbed t.
    void (*draw)(ShapeRenderer& r, const QueryLab& lab, Side side);
    // The side where it is at the time of impact t.
    void (*at_impact)(ShapeRenderer& r, const LabSide& lab_side, Side side, double t);
    // The region of the mover's centers at which a disc mover touches this obstacle, and the
    // part of it that produced the hit.
    void (*reach)(ShapeRenderer& r, const QueryLab& lab);
    // The side's names and times on the canvas (the names layer).
    void (*labels)(const LabSide& lab_side, Side side, const AddLabel& label);
    // The side's heading in the panel and its fields (`id` keeps the two sides' fields apart);
    // the fields return true when one was edited.
    std::string (*heading)(const LabSide& lab_side, Side side);
    bool (*fields)(LabSide& lab_side, const char* id);
    // A disc mover: the reach about the obstacle is drawn, and where the others' answers put it.
    bool disc;
    // The side is drawn at each root of its trace in the frame (a segment whose ends move: the
    // point is on its line there).
    bool at_roots;
    // The drag hint's words for the side's handles, as the mover and as the obstacle; what a
    // turning side's pivot does; whether its vertices are in the panel.
    const char* hint_as_mover;
    const char* hint_as_obstacle;
    const char* turn_hint;
    bool vertices_in_panel;
};

const SideView& side_view(const LabSide& side);

// The polygon edge the hit names (the obstacle's or the mover's), where it is at the time of
// impact. Nothing for an overlap or a hit that names no edge.
std::optional<ccd::Segment> touched_edge(const QueryLab& lab, const ccd::Hit& hit);

// The side's heading and fields in the panel; true when one was edited (the lab recomputed).
bool edit_side(QueryLab& lab, Side side);

// What the canvas's handles do, told side by side: the mover's, then the obstacle's.
std::string drag_hint(const QueryLab& lab);

} // namespace ccdlab
