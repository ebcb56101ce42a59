#include "swept_box_grid.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ccd::detail {

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
    // number of cells changes (it does nearly every frame).
    cell_count_ = static_cast<std::size_t>(nx_) * static_cast<std::size_t>(ny_);
    cells_.assign(cell_count_, Cell{});
    if (spill_.size() < cell_count_) spill_.resize(cell_count_);
    // A cell's overflow and large lists are emptied when first used in a layout.
    if (overflow_.size() < cell_count_) {
        overflow_.resize(cell_count_);
        large_.resize(cell_count_);
    }
    homes_.assign(static_cast<std::size_t>(bodies), kAbsent);
    large_places_.resize(static_cast<std::size_t>(bodies));
    wall_listing_.clear();
    wall_ids_.clear();
    if (wall_ranges_.size() < cell_count_) wall_ranges_.resize(cell_count_);
    walls_sealed_ = false;
    wall_stamps_.assign(static_cast<std::size_t>(walls), 0);
    stamp_ = 0;
}

void SweptBoxGrid::insert_body(int body, const Box& box) {
    const Range r = range_of(box);
    int& home = homes_[static_cast<std::size_t>(body)];
    if (is_small(r)) {
        const std::size_t c = index(r.x0, r.y0);
        home = static_cast<int>(c);
        const SmallEntry entry{outward(box), body};
        const std::uint32_t k = cells_[c].small();
        ++cells_[c].bits;
        if (k < kInCell + kSpill)
            small_entry(c, k) = entry;
        else {
            if (k == kInCell + kSpill) overflow_[c].clear(); // its first use in this layout
            overflow_[c].push_back(entry);
        }
        return;
    }
    home = kLarge;
    large_places_[static_cast<std::size_t>(body)] = LargePlace{r, box};
    for (int y = r.y0; y <= r.y1; ++y)
        for (int x = r.x0; x <= r.x1; ++x) {
            const std::size_t c = index(x, y);
            if (!cells_[c].has_large()) large_[c].clear(); // first use in this layout
            cells_[c].bits |= kLargeBit;
            large_[c].push_back(Entry{box, body, r.x0, r.y0});
        }
}

void SweptBoxGrid::remove_body(int body) {
    int& home = homes_[static_cast<std::size_t>(body)];
    if (home >= 0) {
        const std::size_t c = static_cast<std::size_t>(home);
        const std::uint32_t n = cells_[c].small();
        for (std::uint32_t k = 0; k < n; ++k) {
            if (small_entry(c, k).body != body) continue;
            small_entry(c, k) = small_entry(c, n - 1); // the last takes its place
            if (n - 1 >= kInCell + kSpill) overflow_[c].pop_back();
            --cells_[c].bits;
            break;
        }
    } else if (home == kLarge) {
        const Range r = large_places_[static_cast<std::size_t>(body)].range;
        for (int y = r.y0; y <= r.y1; ++y)
            for (int x = r.x0; x <= r.x1; ++x) {
                const std::size_t c = index(x, y);
                std::vector<Entry>& list = large_[c];
                const auto it = std::find_if(list.begin(), list.end(),
                                             [body](const Entry& e) { return e.body == body; });
                if (it == list.end()) continue;
                *it = list.back();
                list.pop_back();
                if (list.empty()) cells_[c].bits &= ~kLargeBit;
            }
    }
    home = kAbsent;
}

void SweptBoxGrid::move_body(int body, const Box& box) {
    const int home = homes_[static_cast<std::size_t>(body)];
    if (home >= 0) {
        const Range now = range_of(box);
        const std::size_t c = static_cast<std::size_t>(home);
        if (is_small(now) && index(now.x0, now.y0) == c) { // same home: the box only
            const std::uint32_t n = cells_[c].small();
            for (std::uint32_t k = 0; k < n; ++k)
                if (small_entry(c, k).body == body) {
                    small_entry(c, k).box = outward(box);
                    break;
                }
            return;
        }
    }
    remove_body(body);
    insert_body(body, box);
}

void SweptBoxGrid::list_wall(int wall, int x, int y) {
    const std::uint32_t c = static_cast<std::uint32_t>(index(x, y));
    if (!wall_listing_.empty() && wall_listing_.back() == std::pair{c, wall}) return;
    wall_listing_.emplace_back(c, wall);
}

// The walls listed, by cell (each cell's in the order they were listed): one array and a range
// per cell.
void SweptBoxGrid::seal_walls() {
    std::stable_sort(wall_listing_.begin(), wall_listing_.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    wall_ids_.clear();
    for (std::size_t k = 0; k < wall_listing_.size(); ++k) {
        const auto [c, wall] = wall_listing_[k];
        // A wall walked band by band can meet a cell twice: list it once.
        if (k > 0 && wall_listing_[k - 1] == wall_listing_[k]) continue;
        Cell& cell = cells_[c];
        auto& [begin, end] = wall_ranges_[c];
        if (!cell.has_walls()) {
            cell.bits |= kWallsBit;
            begin = end = static_cast<std::uint32_t>(wall_ids_.size());
        }
        wall_ids_.push_back(wall);
        ++end;
        // The cells whose small bodies can reach this one: itself, left, below, below left.
        const int x = static_cast<int>(c % static_cast<std::uint32_t>(nx_));
        const int y = static_cast<int>(c / static_cast<std::uint32_t>(nx_));
        for (int dy = 0; dy <= std::min(y, 1); ++dy)
            for (int dx = 0; dx <= std::min(x, 1); ++dx)
                cells_[index(x - dx, y - dy)].bits |= kNearWallsBit;
    }
    walls_sealed_ = true;
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
