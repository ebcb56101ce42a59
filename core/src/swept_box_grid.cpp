#include "swept_box_grid.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ccd::detail {

Box united(const Box& a, const Box& b) {
    return {std::min(a.lo_x, b.lo_x), std::min(a.lo_y, b.lo_y), std::max(a.hi_x, b.hi_x),
            std::max(a.hi_y, b.hi_y)};
}

Box grown(const Box& box, double margin) {
    return {box.lo_x - margin, box.lo_y - margin, box.hi_x + margin, box.hi_y + margin};
}

void SweptBoxGrid::reset(const Box& bounds, double cell, std::size_t max_cells, int bodies,
                         int walls) {
    const double width = bounds.hi_x - bounds.lo_x;
    const double height = bounds.hi_y - bounds.lo_y;
    if (!(cell > 0.0) || !std::isfinite(cell)) cell = std::max(width, height);
    if (!(cell > 0.0) || !std::isfinite(cell)) cell = 1.0;
    max_cells = std::max<std::size_t>(max_cells, 1);
    // Columns and rows as doubles first: a tiny cell over a wide scene must not overflow int.
    double nx = std::max(1.0, std::ceil(width / cell));
    double ny = std::max(1.0, std::ceil(height / cell));
    if (!std::isfinite(nx) || !std::isfinite(ny)) nx = ny = 1.0;
    while (nx * ny > static_cast<double>(max_cells)) {
        cell *= std::max(1.25, std::sqrt(nx * ny / static_cast<double>(max_cells)));
        nx = std::max(1.0, std::ceil(width / cell));
        ny = std::max(1.0, std::ceil(height / cell));
    }
    nx_ = static_cast<int>(nx);
    ny_ = static_cast<int>(ny);
    x0_ = bounds.lo_x;
    y0_ = bounds.lo_y;
    inv_cell_ = 1.0 / cell;

    // The cells are emptied, never freed: their storage serves the next layout even when the
    // number of cells changes (it does nearly every frame; reallocating every cell's list
    // was a third of the malloc calls of a frame).
    const std::size_t count = static_cast<std::size_t>(nx_) * static_cast<std::size_t>(ny_);
    if (body_cells_.size() < count) {
        body_cells_.resize(count);
        wall_cells_.resize(count);
    }
    for (std::size_t c = 0; c < count; ++c) {
        body_cells_[c].clear();
        wall_cells_[c].clear();
    }
    body_ranges_.assign(static_cast<std::size_t>(bodies), Range{});
    wall_stamps_.assign(static_cast<std::size_t>(walls), 0);
    stamp_ = 0;
}

void SweptBoxGrid::insert_body(int body, const Box& box) {
    const Range r = range_of(box);
    body_ranges_[static_cast<std::size_t>(body)] = r;
    for (int y = r.y0; y <= r.y1; ++y)
        for (int x = r.x0; x <= r.x1; ++x)
            body_cell(x, y).push_back(Entry{box, body, r.x0, r.y0});
}

void SweptBoxGrid::remove_body(int body) {
    const Range r = body_ranges_[static_cast<std::size_t>(body)];
    for (int y = r.y0; y <= r.y1; ++y)
        for (int x = r.x0; x <= r.x1; ++x) {
            std::vector<Entry>& cell = body_cell(x, y);
            const auto it = std::find_if(cell.begin(), cell.end(),
                                         [body](const Entry& e) { return e.body == body; });
            if (it == cell.end()) continue;
            *it = cell.back();
            cell.pop_back();
        }
    body_ranges_[static_cast<std::size_t>(body)] = Range{};
}

void SweptBoxGrid::move_body(int body, const Box& box) {
    const Range old = body_ranges_[static_cast<std::size_t>(body)];
    const Range now = range_of(box);
    if (old.x0 == now.x0 && old.y0 == now.y0 && old.x1 == now.x1 && old.y1 == now.y1) {
        for (int y = now.y0; y <= now.y1; ++y)
            for (int x = now.x0; x <= now.x1; ++x)
                for (Entry& e : body_cell(x, y))
                    if (e.body == body) e.box = box;
        return;
    }
    remove_body(body);
    insert_body(body, box);
}

void SweptBoxGrid::list_wall(int wall, int x, int y) {
    std::vector<int>& cell = wall_cell(x, y);
    if (cell.empty() || cell.back() != wall) cell.push_back(wall);
}

void SweptBoxGrid::insert_wall(int wall, const Segment& s, double margin) {
    // Walk the segment's major axis one cell band at a time (the bands within `margin` of its
    // ends included); within a band the segment spans an interval of the minor axis, grown by
    // `margin` (slope at most 1 in magnitude, so rounding stays at the scale of the
    // coordinates, far inside `margin`).
    const double dx = s.b.x - s.a.x, dy = s.b.y - s.a.y;
    const bool along_x = std::fabs(dx) >= std::fabs(dy);
    const double lo = along_x ? std::min(s.a.x, s.b.x) : std::min(s.a.y, s.b.y);
    const double hi = along_x ? std::max(s.a.x, s.b.x) : std::max(s.a.y, s.b.y);
    const double major_a = along_x ? s.a.x : s.a.y;
    const double minor_a = along_x ? s.a.y : s.a.x;
    const double major_d = along_x ? dx : dy;
    const double minor_d = along_x ? dy : dx;
    const double slope = major_d != 0.0 ? minor_d / major_d : 0.0;
    const double origin = along_x ? x0_ : y0_;
    const int bands = along_x ? nx_ : ny_;
    const int first = along_x ? column(lo - margin) : row(lo - margin);
    const int last = along_x ? column(hi + margin) : row(hi + margin);
    const double inf = std::numeric_limits<double>::infinity();
    for (int band = first; band <= last; ++band) {
        const double band_lo = band == 0 ? -inf : origin + band / inv_cell_;
        const double band_hi = band == bands - 1 ? inf : origin + (band + 1) / inv_cell_;
        const double from = std::clamp(band_lo, lo, hi);
        const double to = std::clamp(band_hi, lo, hi);
        const double m0 = minor_a + (from - major_a) * slope;
        const double m1 = minor_a + (to - major_a) * slope;
        const double minor_lo = std::min(m0, m1) - margin, minor_hi = std::max(m0, m1) + margin;
        const int c0 = along_x ? row(minor_lo) : column(minor_lo);
        const int c1 = along_x ? row(minor_hi) : column(minor_hi);
        for (int c = c0; c <= c1; ++c) {
            if (along_x)
                list_wall(wall, band, c);
            else
                list_wall(wall, c, band);
        }
    }
}

void SweptBoxGrid::insert_wall_box(int wall, const Box& box) {
    const Range r = range_of(box);
    for (int y = r.y0; y <= r.y1; ++y)
        for (int x = r.x0; x <= r.x1; ++x)
            list_wall(wall, x, y);
}

std::uint32_t SweptBoxGrid::next_stamp() {
    if (++stamp_ == 0) {
        std::fill(wall_stamps_.begin(), wall_stamps_.end(), 0u);
        stamp_ = 1;
    }
    return stamp_;
}

} // namespace ccd::detail
