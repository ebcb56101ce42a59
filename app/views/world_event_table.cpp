// WorldView's event table: the frame's processed events and cancelled predictions, every field
// of the log's records, sortable, its columns hideable, each row selectable with a tooltip
// of the whole record; when a body turns, its spin before and after and the impulse too.
#include "world_view.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace ccdlab {
namespace {

// The feature column, short enough for it: a polygon's edge or vertex by number, with the
// other polygon's part when the contact names one ("edge 0 (v1)": vertex 1 on edge 0).
std::string feature_label(ccd::Feature feature, int vertex, int edge) {
    const auto part = [](const char* what, int index) {
        return index >= 0 ? std::string(what) + std::to_string(index) : std::string();
    };
    if (feature == ccd::Feature::PolygonEdge)
        return "edge " + std::to_string(edge) + (vertex >= 0 ? " (" + part("v", vertex) + ")" : "");
    if (feature == ccd::Feature::PolygonVertex)
        return "vertex " + std::to_string(vertex) + (edge >= 0 ? " (" + part("e", edge) + ")" : "");
    std::string label(ccd::to_string(feature));
    if (vertex >= 0) label += " " + part("v", vertex);
    if (edge >= 0) label += " " + part("e", edge);
    return label;
}

// The table's columns, their ids for sorting.
// The last three only when a body turns (a log without one reads as before).
enum Column : int {
    Number,
    Time,
    Pair,
    Feature,
    Point,
    Normal,
    Before,
    After,
    Status,
    Columns,
    SpinBefore = Columns,
    SpinAfter,
    Impulse,
    TurningColumns
};

std::string vec_text(Vec2 v) {
    char text[64];
    std::snprintf(text, sizeof text, "(%.4g, %.4g)", v.x == 0.0 ? 0.0 : v.x,
                  v.y == 0.0 ? 0.0 : v.y);
    return text;
}

// The cells after a row's label, the same for an event and a cancelled prediction: where the
// label is goes to `rows` (as `row`), then the time, the two parties and the feature.
template <class Record>
void time_parties_feature_cells(const Record& r, const std::string& parties, TableRowOnScreen row,
                                std::vector<TableRowOnScreen>& rows) {
    const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
    row.center_px = {lo.x + 6.0, (lo.y + hi.y) * 0.5};
    rows.push_back(row);
    ImGui::TableNextColumn();
    ImGui::Text("%.6f", r.time);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(parties.c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(feature_label(r.feature, r.vertex, r.edge).c_str());
}

} // namespace

// Why a cancelled prediction never happened, at the scrubbed t.
std::string WorldView::status_of(const ccd::CancelledPrediction& c) const {
    const bool cancelled_yet =
        c.cancelled_by >= 0 && c.cancelled_by < static_cast<int>(timeline_.log().events.size())
            ? timeline_.log().events[static_cast<std::size_t>(c.cancelled_by)].time <= timeline_.t()
            : timeline_.t() >= 1.0;
    if (c.predicted_at > timeline_.t()) return "not yet predicted";
    if (c.reason == ccd::CancelReason::Budget)
        return cancelled_yet ? "cancelled (budget)" : "pending (the budget cancels it)";
    if (!cancelled_yet) return "pending (event " + std::to_string(c.cancelled_by) + " cancels it)";
    return "cancelled by " + std::to_string(c.cancelled_by);
}

// The table's header row, in the columns' order, each header's meaning on hover (a header
// still sorts on a click and hides columns on a right-click).
void headers_with_tips(int columns) {
    static constexpr const char* kTips[TurningColumns] = {
        "the event's number, in the order processed; c0, c1, ...: cancelled predictions",
        "when in the frame the contact happens (0: its start, 1: its end)",
        "the body and what it touched: a body or a wall",
        "the part touched: a segment's interior or end, a polygon's edge or vertex",
        "processed by the scrubbed t or still ahead; for a cancelled prediction, the event "
        "that cancelled it",
        "the contact point",
        "the contact normal, toward the body",
        "the body's velocity before the contact (units a frame)",
        "the body's velocity after the contact's response",
        "w: the angular velocity before the contact, radians a frame: the body's when it turns, "
        "else the turning party's, named",
        "w: the angular velocity after the contact's response, radians a frame",
        "the impulse the response gave the body (its mass times its change of velocity)",
    };
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    for (int column = 0; column < columns; ++column) {
        if (!ImGui::TableSetColumnIndex(column)) continue;
        ImGui::TableHeader(ImGui::TableGetColumnName(column));
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", kTips[column]);
    }
}

namespace {

// Below these widths of the panel the table opens with fewer columns: under kMediumTableWidth
// the four that fit a 300-pixel panel (number, t, pair, status), under kWideTableWidth the
// feature too; wider, all of them.
constexpr float kMediumTableWidth = 340.0f;
constexpr float kWideTableWidth = 640.0f;

// The columns in the order they are set up (their indices), as the chooser names them.
constexpr const char* kColumnNames[TurningColumns] = {"#",       "t",        "pair",    "feature",
                                                      "status",  "point",    "normal",  "v before",
                                                      "v after", "w before", "w after", "impulse"};
constexpr int kFeatureIndex = 3, kStatusIndex = 4;

// Whether the column at `index` opens shown in a panel `width` wide.
bool shown_by_default(int index, float width) {
    if (width >= kWideTableWidth) return true;
    if (index == kFeatureIndex) return width >= kMediumTableWidth;
    return index <= kStatusIndex;
}

} // namespace

// The Columns button and its popup: a checkbox a column (the number always shown). A change
// reaches the table next frame (apply_table_columns); right-clicking a header does the same.
void WorldView::draw_column_chooser(int columns) {
    const ImVec2 at = ImGui::GetCursorScreenPos();
    if (ImGui::SmallButton("Columns...")) ImGui::OpenPopup("event columns");
    column_button_px_ = {at.x + ImGui::GetItemRectSize().x * 0.5,
                         at.y + ImGui::GetItemRectSize().y * 0.5};
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Choose the event table's columns (or right-click a header). A row's "
                          "tooltip shows every field whatever is shown.");
    ImGui::SameLine();
    ImGui::TextDisabled("%zu of %d columns", table_columns_.size(), columns);
    const std::map<std::string, Vec2> before = std::move(column_checkboxes_px_);
    column_checkboxes_px_.clear();
    if (!ImGui::BeginPopup("event columns")) {
        if (!before.empty()) canvas_.mark_changed(); // closed: reported
        return;
    }
    for (int column = 1; column < columns; ++column) { // the number always shown
        bool shown = (table_column_bits_ >> column) & 1u;
        const char* name = kColumnNames[column];
        if (ImGui::Checkbox(name, &shown)) column_request_ = {column, shown};
        const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
        column_checkboxes_px_[name] = {lo.x + 8.0, (lo.y + hi.y) * 0.5};
    }
    ImGui::EndPopup();
    if (column_checkboxes_px_ != before) canvas_.mark_changed(); // opened or moved: reported
}

// Inside the table, before its first row: the default set when the table is new or the panel
// crossed one of the widths (unless the user chose), or the change asked for in the chooser.
bool WorldView::apply_table_columns(int columns, float width) {
    const int width_class = width >= kWideTableWidth ? 2 : width >= kMediumTableWidth ? 1 : 0;
    const int key = (columns == TurningColumns ? 3 : 0) + width_class;
    if (column_request_) {
        ImGui::TableSetColumnEnabled(column_request_->first, column_request_->second);
        column_request_.reset();
        table_columns_chosen_ = true;
        table_columns_applied_ = key;
        return true;
    }
    if (table_columns_chosen_ || key == table_columns_applied_) return false;
    for (int column = 1; column < columns; ++column)
        ImGui::TableSetColumnEnabled(column, shown_by_default(column, width));
    table_columns_applied_ = key;
    return true;
}

// The columns shown, read back after the header row; one hidden or shown by a right-click on a
// header (not by apply_table_columns this frame) is the user's choice.
void WorldView::read_table_columns(int columns, bool applied) {
    unsigned bits = 0;
    std::vector<std::string> names;
    for (int column = 0; column < columns; ++column)
        if (ImGui::TableGetColumnFlags(column) & ImGuiTableColumnFlags_IsEnabled) {
            bits |= 1u << column;
            names.emplace_back(ImGui::TableGetColumnName(column));
        }
    if (bits == table_column_bits_) return;
    if (!applied && table_column_bits_ != 0) table_columns_chosen_ = true;
    table_column_bits_ = bits;
    table_columns_ = std::move(names);
    canvas_.mark_changed(); // reported
}

// Over the table while an event is selected: its pair, at its frame's start, hunted in the query
// lab (the app opens it there as an untitled scene and starts the Hunt section's hunt).
void WorldView::draw_hunt_button() {
    hunt_button_px_.reset();
    if (selected_event_ < 0) return;
    const bool offered = hunt_offer_.frame == log().frame && hunt_offer_.event == selected_event_;
    const bool can = offered && hunt_offer_.why_not.empty();
    ImGui::BeginDisabled(!can);
    if (ImGui::SmallButton("Hunt from this event")) hunt_requested_ = true;
    ImGui::EndDisabled();
    const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
    hunt_button_px_ = Vec2{0.5 * (lo.x + hi.x), 0.5 * (lo.y + hi.y)};
    if (!ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) return;
    if (can)
        ImGui::SetTooltip("Open this event's pair, at its frame's start, in the query lab as an "
                          "untitled scene and hunt there with the scene's algorithm "
                          "(docs/hunt.md)");
    else
        ImGui::SetTooltip("%s", offered ? hunt_offer_.why_not.c_str()
                                        : "Working out whether the query lab can show the pair");
}

// The event queue of the frame: processed, then cancelled (or sorted by a column's header).
// Only the rows in view are built: a busy frame has thousands. Right-click a header to hide
// or show columns; hover a row for the whole record.
void WorldView::draw_event_table() {
    table_rows_.clear();
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                                  ImGuiTableFlags_ScrollX | ImGuiTableFlags_BordersInnerV |
                                  ImGuiTableFlags_Resizable | ImGuiTableFlags_Hideable |
                                  ImGuiTableFlags_Reorderable | ImGuiTableFlags_Sortable |
                                  ImGuiTableFlags_SortTristate | ImGuiTableFlags_SizingFixedFit;
    const bool spins = any_turning();
    const int columns = spins ? TurningColumns : Columns;
    draw_hunt_button();
    draw_column_chooser(columns);
    const float width = ImGui::GetContentRegionAvail().x;
    if (!ImGui::BeginTable(spins ? "events with spins" : "events", columns, flags, ImVec2(0, 320)))
        return;
    ImGui::TableSetupScrollFreeze(1, 1); // more columns chosen: the number stays in view
    ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_NoHide, 0.0f, Number);
    ImGui::TableSetupColumn("t", 0, 0.0f, Time);
    ImGui::TableSetupColumn("pair", 0, 0.0f, Pair);
    ImGui::TableSetupColumn("feature", 0, 0.0f, Feature);
    ImGui::TableSetupColumn("status", 0, 0.0f, Status);
    ImGui::TableSetupColumn("point", ImGuiTableColumnFlags_NoSort, 0.0f, Point);
    ImGui::TableSetupColumn("normal", ImGuiTableColumnFlags_NoSort, 0.0f, Normal);
    ImGui::TableSetupColumn("v before", ImGuiTableColumnFlags_NoSort, 0.0f, Before);
    ImGui::TableSetupColumn("v after", ImGuiTableColumnFlags_NoSort, 0.0f, After);
    if (spins) { // a turning side's angular velocity (rad/frame), the impulse on the body
        ImGui::TableSetupColumn("w before", ImGuiTableColumnFlags_NoSort, 0.0f, SpinBefore);
        ImGui::TableSetupColumn("w after", ImGuiTableColumnFlags_NoSort, 0.0f, SpinAfter);
        ImGui::TableSetupColumn("impulse", ImGuiTableColumnFlags_NoSort, 0.0f, Impulse);
    }
    const bool applied = apply_table_columns(columns, width);
    headers_with_tips(columns);
    read_table_columns(columns, applied);
    if (ImGuiTableSortSpecs* specs = ImGui::TableGetSortSpecs(); specs && specs->SpecsDirty) {
        rows_need_sort_ = true;
        specs->SpecsDirty = false;
    }
    if (rows_need_sort_) sort_table_rows();
    // An event picked elsewhere (keys, canvas) is scrolled into view.
    const int selected_id = selected_event_ >= 0       ? selected_event_
                            : selected_cancelled_ >= 0 ? -1 - selected_cancelled_
                                                       : kNoRow;
    const auto selected_row = std::find(row_order_.begin(), row_order_.end(), selected_id);
    const bool scroll = scroll_to_selection_ && selected_row != row_order_.end();
    scroll_to_selection_ = false;
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(row_order_.size()));
    if (scroll) {
        const int at = static_cast<int>(selected_row - row_order_.begin());
        clipper.ForceDisplayRangeByIndices(at, at + 1);
    }
    while (clipper.Step())
        for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
            const int id = row_order_[static_cast<std::size_t>(row)];
            ImGui::PushID(row);
            if (id >= 0)
                event_row(timeline_.log().events[static_cast<std::size_t>(id)]);
            else
                cancelled_row(-1 - id);
            if (scroll && id == selected_id) ImGui::SetScrollHereY(0.5f);
            ImGui::PopID();
        }
    scroll_to_selection_ = false;                   // a row clicked now is in view already
    const double overflow = ImGui::GetScrollMaxX(); // the table's own scrolling window
    if (overflow != table_overflow_px_) canvas_.mark_changed(); // reported
    table_overflow_px_ = overflow;
    ImGui::EndTable();
}

// The rows in the order of the table's sort specs (none: processing order, then cancelled).
void WorldView::sort_table_rows() {
    rows_need_sort_ = false;
    row_order_.clear();
    for (int i = 0; i < static_cast<int>(timeline_.log().events.size()); ++i)
        row_order_.push_back(i);
    for (int i = 0; i < static_cast<int>(timeline_.log().cancelled.size()); ++i)
        row_order_.push_back(-1 - i);
    const ImGuiTableSortSpecs* specs = ImGui::TableGetSortSpecs();
    if (!specs || specs->SpecsCount == 0) return;
    const ImGuiTableColumnSortSpecs& spec = specs->Specs[0];
    const auto time = [&](int id) {
        return id >= 0 ? timeline_.log().events[static_cast<std::size_t>(id)].time
                       : timeline_.log().cancelled[static_cast<std::size_t>(-1 - id)].time;
    };
    const auto pair = [&](int id) {
        if (id >= 0) {
            const ccd::ContactEvent& e = timeline_.log().events[static_cast<std::size_t>(id)];
            return name_of(ccd::OtherKind::Body, e.body) + " / " + name_of(e.other_kind, e.other);
        }
        const ccd::CancelledPrediction& c =
            timeline_.log().cancelled[static_cast<std::size_t>(-1 - id)];
        return name_of(ccd::OtherKind::Body, c.body) + " / " + name_of(c.other_kind, c.other);
    };
    const auto feature = [&](int id) {
        if (id >= 0) {
            const ccd::ContactEvent& e = timeline_.log().events[static_cast<std::size_t>(id)];
            return feature_label(e.feature, e.vertex, e.edge);
        }
        const ccd::CancelledPrediction& c =
            timeline_.log().cancelled[static_cast<std::size_t>(-1 - id)];
        return feature_label(c.feature, c.vertex, c.edge);
    };
    const auto status = [&](int id) {
        return id >= 0 ? std::string("processed")
                       : status_of(timeline_.log().cancelled[static_cast<std::size_t>(-1 - id)]);
    };
    // Processed first by sequence, then cancelled by their order in the log.
    const auto number = [](int id) { return id >= 0 ? id : 1000000000 - id; };
    const bool ascending = spec.SortDirection != ImGuiSortDirection_Descending;
    const auto less = [&](int a, int b) {
        switch (spec.ColumnUserID) {
        case Time:
            return time(a) < time(b);
        case Pair:
            return pair(a) < pair(b);
        case Feature:
            return feature(a) < feature(b);
        case Status:
            return status(a) < status(b);
        default:
            return number(a) < number(b);
        }
    };
    std::stable_sort(row_order_.begin(), row_order_.end(),
                     [&](int a, int b) { return ascending ? less(a, b) : less(b, a); });
}

const std::string& WorldView::name_of(ccd::OtherKind kind, int index) const {
    const auto& names = kind == ccd::OtherKind::Wall ? world().wall_names : world().body_names;
    return names[static_cast<std::size_t>(index)];
}

// A processed event's row; a click selects it and moves t there.
void WorldView::event_row(const ccd::ContactEvent& e) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    const std::string label = std::to_string(e.sequence);
    if (ImGui::Selectable(label.c_str(), e.sequence == selected_event_,
                          ImGuiSelectableFlags_SpanAllColumns))
        select_event(e.sequence);
    if (ImGui::IsItemHovered()) event_tooltip(e);
    time_parties_feature_cells(
        e, name_of(ccd::OtherKind::Body, e.body) + " / " + name_of(e.other_kind, e.other),
        {false, e.sequence, {}}, table_rows_);
    ImGui::TableNextColumn();
    // At the scrubbed t, an event still to come (predicted by then or not).
    ImGui::TextUnformatted(e.time > timeline_.t() ? "ahead" : "processed");
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(vec_text(e.point).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(vec_text(e.normal).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(vec_text(e.body_velocity_before).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(vec_text(e.body_velocity_after).c_str());
    if (!any_turning()) return;
    // The body's spin when it turns, else the other's, named (a ball hitting a crate: the
    // crate's); blank for a contact without a turning body. Every contact has its impulse.
    const bool other_turns = (e.other_kind == ccd::OtherKind::Body && turns(e.other)) ||
                             (e.other_kind == ccd::OtherKind::Wall && wall_turns(e.other));
    const auto spin = [&](double body, double other) {
        ImGui::TableNextColumn();
        if (!e.turning) return;
        if (turns(e.body))
            ImGui::Text("%.4g", body + 0.0);
        else if (other_turns)
            ImGui::Text("%.4g (%s)", other + 0.0, name_of(e.other_kind, e.other).c_str());
    };
    spin(e.body_angular_velocity_before, e.other_angular_velocity_before);
    spin(e.body_angular_velocity_after, e.other_angular_velocity_after);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(vec_text(e.impulse).c_str());
}

// The whole record of an event, both parties' velocities included.
void WorldView::event_tooltip(const ccd::ContactEvent& e) const {
    ImGui::BeginTooltip();
    ImGui::Text("event %d at t = %.17g", e.sequence, e.time);
    ImGui::Text("%s / %s, %s", name_of(ccd::OtherKind::Body, e.body).c_str(),
                name_of(e.other_kind, e.other).c_str(),
                feature_label(e.feature, e.vertex, e.edge).c_str());
    ImGui::Text("point %s, normal %s", vec_text(e.point).c_str(), vec_text(e.normal).c_str());
    ImGui::Text("%s: velocity %s -> %s%s", name_of(ccd::OtherKind::Body, e.body).c_str(),
                vec_text(e.body_velocity_before).c_str(), vec_text(e.body_velocity_after).c_str(),
                e.body_removed ? " (removed)" : "");
    ImGui::Text("%s: velocity %s -> %s%s", name_of(e.other_kind, e.other).c_str(),
                vec_text(e.other_velocity_before).c_str(), vec_text(e.other_velocity_after).c_str(),
                e.other_removed ? " (removed)" : "");
    if (e.turning) { // each participant's orientation and spin, the impulse
        const auto spin = [&](ccd::OtherKind kind, int index, double angle, double before,
                              double after) {
            // A turning body's or wall's (a wall's spin is its turn a frame, never changed).
            if ((kind == ccd::OtherKind::Body && turns(index)) ||
                (kind == ccd::OtherKind::Wall && wall_turns(index)))
                ImGui::Text("%s: turned %.6g rad, spin %.6g -> %.6g rad/frame",
                            name_of(kind, index).c_str(), angle + 0.0, before + 0.0, after + 0.0);
        };
        spin(ccd::OtherKind::Body, e.body, e.body_angle, e.body_angular_velocity_before,
             e.body_angular_velocity_after);
        spin(e.other_kind, e.other, e.other_angle, e.other_angular_velocity_before,
             e.other_angular_velocity_after);
        ImGui::Text("impulse on %s %s", name_of(ccd::OtherKind::Body, e.body).c_str(),
                    vec_text(e.impulse).c_str());
    }
    int cancelled = 0;
    for (const ccd::CancelledPrediction& c : timeline_.log().cancelled)
        cancelled += c.cancelled_by == e.sequence ? 1 : 0;
    if (cancelled > 0)
        ImGui::Text("cancelled %d prediction%s (grey on the canvas)", cancelled,
                    cancelled == 1 ? "" : "s");
    ImGui::EndTooltip();
}

// A cancelled prediction's row, greyed, with where it stands at the scrubbed t; a click
// selects it and shows its predicted contact.
void WorldView::cancelled_row(int index) {
    const ccd::CancelledPrediction& c = timeline_.log().cancelled[static_cast<std::size_t>(index)];
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    const std::string label = "c" + std::to_string(index); // as on the canvas
    if (ImGui::Selectable(label.c_str(), index == selected_cancelled_,
                          ImGuiSelectableFlags_SpanAllColumns))
        select_cancelled(index);
    if (ImGui::IsItemHovered()) cancelled_tooltip(c);
    time_parties_feature_cells(
        c, name_of(ccd::OtherKind::Body, c.body) + " / " + name_of(c.other_kind, c.other),
        {true, index, {}}, table_rows_);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(status_of(c).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(vec_text(c.point).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(vec_text(c.normal).c_str());
    ImGui::PopStyleColor();
}

void WorldView::cancelled_tooltip(const ccd::CancelledPrediction& c) const {
    ImGui::BeginTooltip();
    ImGui::Text("a prediction for t = %.17g that never happened", c.time);
    ImGui::Text("%s / %s, %s", name_of(ccd::OtherKind::Body, c.body).c_str(),
                name_of(c.other_kind, c.other).c_str(),
                feature_label(c.feature, c.vertex, c.edge).c_str());
    ImGui::Text("predicted at t = %.6g, %s", c.predicted_at,
                c.predicted_after >= 0
                    ? ("after event " + std::to_string(c.predicted_after)).c_str()
                    : "at the frame's start");
    ImGui::Text("point %s, normal %s", vec_text(c.point).c_str(), vec_text(c.normal).c_str());
    if (c.reason == ccd::CancelReason::Budget)
        ImGui::TextUnformatted("cancelled: a budget of the frame ran out before its time");
    else
        ImGui::Text("cancelled by event %d, which changed a trajectory", c.cancelled_by);
    ImGui::EndTooltip();
}

} // namespace ccdlab
