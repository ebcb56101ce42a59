#pragma once
// The scheduler's broadphase: a uniform grid over the boxes that bodies and walls sweep for the
// rest of the frame (docs/scheduler.md, "Broadphase"). A body is listed in every cell its box
// touches and moved when its trajectory changes; a static wall is listed in the cells its
// segment crosses (a long wall is not listed in its whole bounding box), a moving wall in the
// cells of the box it sweeps over the frame. Cell coordinates are clamped to the grid, so a box
// that leaves the frame start's bounds is listed in the border cells: the grid stays
// conservative whatever happens mid-frame, only slower.
//
// Only a candidate filter: two bodies whose boxes do not overlap cannot touch before the frame
// ends, so skipping them changes no result (WorldBroadphase tests compare with all pairs).

#include "ccd/shapes.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace ccd::detail {

struct Box {
    double lo_x = 0.0, lo_y = 0.0, hi_x = 0.0, hi_y = 0.0;
};

inline bool overlaps(const Box& a, const Box& b) {
    return a.lo_x <= b.hi_x && b.lo_x <= a.hi_x && a.lo_y <= b.hi_y && b.lo_y <= a.hi_y;
}

// The smallest box holding both, and a box grown by `margin` on every side.
Box united(const Box& a, const Box& b);
Box grown(const Box& box, double margin);

class SweptBoxGrid {
public:
    // Lays out an empty grid over `bounds` with square cells of side `cell` (at least; larger
    // when more than `max_cells` cells would be needed) for bodies 0..bodies-1 and walls
    // 0..walls-1. Keeps the cells' storage from the last layout.
    void reset(const Box& bounds, double cell, std::size_t max_cells, int bodies, int walls);

    void insert_body(int body, const Box& box);
    void move_body(int body, const Box& box); // the body must be in the grid
    void remove_body(int body);               // idem

    // A segment, listed in every cell within `margin` of it.
    void insert_wall(int wall, const Segment& segment, double margin);
    // A wall listed in every cell of `box` (a moving wall: the box it sweeps over the frame).
    void insert_wall_box(int wall, const Box& box);

    // Every body in the grid (but `self`) whose box overlaps `box`, each once, in no
    // particular but deterministic order.
    template <class F>
    void for_each_body_near(const Box& box, int self, F&& visit);
    // Every wall listed in a cell that `box` touches, each once.
    template <class F>
    void for_each_wall_near(const Box& box, F&& visit);

    int columns() const { return nx_; }
    int rows() const { return ny_; }

private:
    struct Range {
        int x0 = 0, y0 = 0, x1 = -1, y1 = -1; // inclusive cell columns and rows
    };
    // A body as listed in a cell: its box inline (a query reads cells in a row, not the bodies
    // all over memory) and the first cell of its range, so a query meets it once without a
    // "seen" mark: in the first cell the two ranges share.
    struct Entry {
        Box box;
        int body = 0;
        int x0 = 0, y0 = 0;
    };
    // The cell of a coordinate, clamped to the grid (NaN goes to the first cell). Truncation is
    // the floor here: only positive values reach the cast.
    int column(double x) const {
        const double c = (x - x0_) * inv_cell_;
        if (!(c > 0.0)) return 0;
        return c >= static_cast<double>(nx_ - 1) ? nx_ - 1 : static_cast<int>(c);
    }
    int row(double y) const {
        const double c = (y - y0_) * inv_cell_;
        if (!(c > 0.0)) return 0;
        return c >= static_cast<double>(ny_ - 1) ? ny_ - 1 : static_cast<int>(c);
    }
    Range range_of(const Box& box) const {
        return {column(box.lo_x), row(box.lo_y), column(box.hi_x), row(box.hi_y)};
    }
    std::vector<Entry>& body_cell(int x, int y) {
        return body_cells_[static_cast<std::size_t>(y) * static_cast<std::size_t>(nx_) +
                           static_cast<std::size_t>(x)];
    }
    std::vector<int>& wall_cell(int x, int y) {
        return wall_cells_[static_cast<std::size_t>(y) * static_cast<std::size_t>(nx_) +
                           static_cast<std::size_t>(x)];
    }
    void list_wall(int wall, int x, int y);
    std::uint32_t next_stamp();

    double x0_ = 0.0, y0_ = 0.0, inv_cell_ = 1.0;
    int nx_ = 1, ny_ = 1;
    std::vector<std::vector<Entry>> body_cells_;
    std::vector<std::vector<int>> wall_cells_;
    std::vector<Range> body_ranges_;
    std::vector<std::uint32_t> wall_stamps_;
    std::uint32_t stamp_ = 0;
};

template <class F>
void SweptBoxGrid::for_each_body_near(const Box& box, int self, F&& visit) {
    const Range r = range_of(box);
    for (int y = r.y0; y <= r.y1; ++y)
        for (int x = r.x0; x <= r.x1; ++x)
            for (const Entry& e : body_cell(x, y)) {
                if (x != std::max(r.x0, e.x0) || y != std::max(r.y0, e.y0)) continue;
                if (e.body != self && overlaps(box, e.box)) visit(e.body);
            }
}

template <class F>
void SweptBoxGrid::for_each_wall_near(const Box& box, F&& visit) {
    const std::uint32_t stamp = next_stamp();
    const Range r = range_of(box);
    for (int y = r.y0; y <= r.y1; ++y)
        for (int x = r.x0; x <= r.x1; ++x)
            for (const int wall : wall_cell(x, y)) {
                std::uint32_t& seen = wall_stamps_[static_cast<std::size_t>(wall)];
                if (seen == stamp) continue;
                seen = stamp;
                visit(wall);
            }
}

} // namespace ccd::detail
