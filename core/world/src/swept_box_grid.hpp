#pragma once
// The scheduler's broadphase: a uniform grid over the boxes that bodies and walls sweep for the
// rest of the frame (docs/scheduler.md, "Broadphase").
//
// Bodies. A body whose box spans at most two cells on each axis (a "small" one: every body of
// ordinary size and speed, the cells being sized for it) is listed once, in the cell of its
// box's low corner (its home cell); a query for box Q then looks at the home cells from one
// cell below Q's low corner to Q's high corner, which holds every small box that overlaps Q
// (cell coordinates are monotone in the coordinate, so a small box overlapping Q has its low
// corner's cell at most one below Q's). A larger box is listed in every cell it touches and met
// once, in the first cell its range and the query's share. Moving a small body is one removal
// and one insertion; the cells hold a few entries inline, the rest in an overflow list.
//
// Walls. A static wall is listed in the cells its segment crosses (a long wall is not listed in
// its whole bounding box), a moving wall in the cells of the box it sweeps over the frame; they
// are listed once per layout, so each cell's walls are a range of one array.
//
// Cell coordinates are clamped to the grid, so a box that leaves the frame start's bounds is
// listed in the border cells: the grid stays conservative whatever happens mid-frame, only
// slower. Only a candidate filter: two bodies whose boxes do not overlap cannot touch before the
// frame ends, so skipping them changes no result (WorldBroadphase tests compare with all pairs);
// a query may also offer bodies whose boxes do not overlap its own.

#include "ccd/shapes.hpp"

#include <algorithm>
#include <bit>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

namespace ccd::detail {

struct Box {
    double lo_x = 0.0, lo_y = 0.0, hi_x = 0.0, hi_y = 0.0;
};

inline bool overlaps(const Box& a, const Box& b) {
    return a.lo_x <= b.hi_x && b.lo_x <= a.hi_x && a.lo_y <= b.hi_y && b.lo_y <= a.hi_y;
}

// A box in floats, rounded outward: it holds the box it was made from (a NaN stays NaN and
// overlaps nothing, as in doubles).
struct FloatBox {
    float lo_x = 0.0f, lo_y = 0.0f, hi_x = 0.0f, hi_y = 0.0f;
};
// The next float below / above a finite f (std::nextafter without the library call).
inline float float_step_down(float f) {
    if (f == 0.0f) return -std::numeric_limits<float>::denorm_min();
    const std::uint32_t bits = std::bit_cast<std::uint32_t>(f);
    return std::bit_cast<float>(f > 0.0f ? bits - 1 : bits + 1);
}
inline float float_step_up(float f) {
    if (f == 0.0f) return std::numeric_limits<float>::denorm_min();
    const std::uint32_t bits = std::bit_cast<std::uint32_t>(f);
    return std::bit_cast<float>(f > 0.0f ? bits + 1 : bits - 1);
}
inline float float_below(double x) { // the largest float <= x
    if (x > FLT_MAX) return FLT_MAX;
    if (x < -FLT_MAX) return -std::numeric_limits<float>::infinity();
    const float f = static_cast<float>(x);
    return static_cast<double>(f) > x ? float_step_down(f) : f;
}
inline float float_above(double x) { // the smallest float >= x
    if (x < -FLT_MAX) return -FLT_MAX;
    if (x > FLT_MAX) return std::numeric_limits<float>::infinity();
    const float f = static_cast<float>(x);
    return static_cast<double>(f) < x ? float_step_up(f) : f;
}
inline FloatBox outward(const Box& b) {
    return {float_below(b.lo_x), float_below(b.lo_y), float_above(b.hi_x), float_above(b.hi_y)};
}
inline bool overlaps(const Box& a, const FloatBox& b) {
    return a.lo_x <= b.hi_x && b.lo_x <= a.hi_x && a.lo_y <= b.hi_y && b.lo_y <= a.hi_y;
}
inline bool overlaps(const FloatBox& a, const FloatBox& b) {
    return a.lo_x <= b.hi_x && b.lo_x <= a.hi_x && a.lo_y <= b.hi_y && b.lo_y <= a.hi_y;
}

// The smallest box holding both, and a box grown by `margin` on every side.
inline Box united(const Box& a, const Box& b) {
    return {std::min(a.lo_x, b.lo_x), std::min(a.lo_y, b.lo_y), std::max(a.hi_x, b.hi_x),
            std::max(a.hi_y, b.hi_y)};
}
inline Box grown(const Box& box, double margin) {
    return {box.lo_x - margin, box.lo_y - margin, box.hi_x + margin, box.hi_y + margin};
}

class SweptBoxGrid {
public:
    // Lays out an empty grid over `bounds` with square cells of side `cell` (at least; larger
    // when more than `max_cells` cells would be needed) for bodies 0..bodies-1 and walls
    // 0..walls-1. Keeps the cells' storage from the last layout.
    void reset(const Box& bounds, double cell, std::size_t max_cells, int bodies, int walls);

    void insert_body(int body, const Box& box);
    void move_body(int body, const Box& box); // the body must be in the grid
    void remove_body(int body);               // idem

    // Walls are listed right after reset, before any query.
    // A segment, listed in every cell within `margin` of it.
    void insert_wall(int wall, const Segment& segment, double margin);
    // A wall listed in every cell of `box` (a moving wall: the box it sweeps over the frame).
    void insert_wall_box(int wall, const Box& box);

    // Every body in the grid (but `self`) whose box may overlap `box`, each once, in no
    // particular but deterministic order; `visit(body)`.
    template <class F>
    void for_each_body_near(const Box& box, int self, F&& visit);
    // Every pair of bodies in the grid whose boxes may overlap, each once, as `visit(a, b)`
    // with a < b, in no particular but deterministic order (the frame start: the same pairs as
    // for_each_body_near from every body, half the cells read).
    template <class F>
    void for_each_pair(F&& visit);
    // Every wall listed in a cell that `box` touches, each once.
    template <class F>
    void for_each_wall_near(const Box& box, F&& visit);
    // The same for `body`'s own box as listed (`box` is that box): a small body whose home cell
    // and the three after it (right, above, both) list no wall is answered from one bit of
    // its home cell, without the cell range.
    template <class F>
    void for_each_wall_near_body(int body, const Box& box, F&& visit);
    // Both at once, in one pass over the cells (a changed body's candidates). With NoWalls
    // for `visit_wall`, bodies only (for_each_body_near).
    struct NoWalls {
        void operator()(int) const {}
    };
    template <class W, class B>
    void for_each_near(const Box& box, int self, W&& visit_wall, B&& visit_body);
    // For two boxes at once (the two bodies of a contact), in one pass over the cells around
    // both: `visit_body(k, body)` for every body that may overlap box k (0: `a`, 1: `b`) and
    // is not self_k, `visit_wall(wall)` once for every wall listed near either.
    template <class W, class B>
    void for_each_near_either(const Box& a, int self_a, const Box& b, int self_b, W&& visit_wall,
                              B&& visit_body);

    // Starts fetching where `body` is listed (before moving it).
    void prefetch(int body) const { __builtin_prefetch(&homes_[static_cast<std::size_t>(body)]); }

private:
    struct Range {
        int x0 = 0, y0 = 0, x1 = -1, y1 = -1; // inclusive cell columns and rows
    };
    // A small body as listed in its home cell: its box inline, in floats rounded outward (a
    // query reads cells in a row, not the bodies all over memory).
    struct SmallEntry {
        FloatBox box;
        int body = 0;
    };
    // A large body as listed in each cell of its range: its box and the first cell of its
    // range, so a query meets it once without a "seen" mark: in the first cell the two ranges
    // share.
    struct Entry {
        Box box;
        int body = 0;
        int x0 = 0, y0 = 0;
    };
    // A cell, one cache line: how many small bodies live here (the first kInCell here, the
    // next kSpill in `spill_`, the rest in `overflow_`) and whether large ones are listed here
    // (in `large_`) or walls (their range of `wall_ids_` in `wall_ranges_`). At the bench's
    // density most cells hold three small bodies or fewer: a query reads one line a cell.
    static constexpr std::uint32_t kInCell = 3;
    static constexpr std::uint32_t kSpill = 3;
    // kNearWallsBit: walls are listed here or in the cell right, above or above right (the
    // cells a small body at home here can touch), set when the walls are sealed.
    static constexpr std::uint32_t kNearWallsBit = 1u << 29;
    static constexpr std::uint32_t kLargeBit = 1u << 30;
    static constexpr std::uint32_t kWallsBit = 1u << 31;
    static constexpr std::uint32_t kCountMask = kNearWallsBit - 1;
    struct alignas(64) Cell {
        std::uint32_t bits = 0; // small bodies (count), kNearWallsBit, kLargeBit, kWallsBit
        SmallEntry entries[kInCell];
        std::uint32_t small() const { return bits & kCountMask; }
        bool has_large() const { return (bits & kLargeBit) != 0; }
        bool has_walls() const { return (bits & kWallsBit) != 0; }
    };
    struct alignas(64) Spill {
        SmallEntry entries[kSpill];
    };
    // Where a body is: homes_[body] is its home cell (small), kLarge (its range and box in
    // large_places_[body]) or kAbsent. Four bytes a body: moving a body reads it first.
    static constexpr int kAbsent = -1;
    static constexpr int kLarge = -2;
    struct LargePlace {
        Range range;
        Box box;
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
    static bool is_small(const Range& r) { return r.x1 - r.x0 <= 1 && r.y1 - r.y0 <= 1; }
    std::size_t index(int x, int y) const {
        return static_cast<std::size_t>(y) * static_cast<std::size_t>(nx_) +
               static_cast<std::size_t>(x);
    }
    SmallEntry& small_entry(std::size_t cell, std::uint32_t k) {
        if (k < kInCell) return cells_[cell].entries[k];
        if (k < kInCell + kSpill) return spill_[cell].entries[k - kInCell];
        return overflow_[cell][k - kInCell - kSpill];
    }
    const SmallEntry& small_entry(std::size_t cell, std::uint32_t k) const {
        if (k < kInCell) return cells_[cell].entries[k];
        if (k < kInCell + kSpill) return spill_[cell].entries[k - kInCell];
        return overflow_[cell][k - kInCell - kSpill];
    }
    // The small bodies of cell `c` (not `self`) whose boxes overlap `box`.
    template <class F>
    void visit_small(std::size_t c, const Box& box, int self, F& visit) const {
        const Cell& cell = cells_[c];
        const std::uint32_t n = cell.small();
        const std::uint32_t here = std::min(n, kInCell);
        for (std::uint32_t k = 0; k < here; ++k) {
            const SmallEntry& e = cell.entries[k];
            if (e.body != self && overlaps(box, e.box)) visit(e.body);
        }
        for (std::uint32_t k = kInCell; k < n; ++k) {
            const SmallEntry& e = small_entry(c, k);
            if (e.body != self && overlaps(box, e.box)) visit(e.body);
        }
    }
    // The large bodies listed in cell (x, y) of the query's range `r` that meet it first here.
    template <class F>
    void visit_large(int x, int y, const Range& r, const Box& box, int self, F& visit) const {
        for (const Entry& l : large_[index(x, y)]) {
            if (x != std::max(r.x0, l.x0) || y != std::max(r.y0, l.y0)) continue;
            if (l.body != self && overlaps(box, l.box)) visit(l.body);
        }
    }
    // The walls listed in cell c that no earlier cell of this search (same `stamp`) visited.
    template <class F>
    void visit_walls(std::size_t c, std::uint32_t stamp, F& visit) {
        const auto [walls_begin, walls_end] = wall_ranges_[c];
        for (std::uint32_t k = walls_begin; k < walls_end; ++k) {
            const int wall = wall_ids_[k];
            std::uint32_t& seen = wall_stamps_[static_cast<std::size_t>(wall)];
            if (seen == stamp) continue;
            seen = stamp;
            visit(wall);
        }
    }
    void list_wall(int wall, int x, int y);
    void seal_walls();
    std::uint32_t next_stamp();

    double x0_ = 0.0, y0_ = 0.0, inv_cell_ = 1.0;
    int nx_ = 1, ny_ = 1;
    std::size_t cell_count_ = 1;
    std::vector<Cell> cells_;
    std::vector<Spill> spill_;                                         // by cell
    std::vector<std::vector<SmallEntry>> overflow_;                    // by cell
    std::vector<std::vector<Entry>> large_;                            // by cell
    std::vector<int> homes_;                                           // by body
    std::vector<LargePlace> large_places_;                             // by body
    std::vector<std::pair<std::uint32_t, int>> wall_listing_;          // (cell, wall), until sealed
    std::vector<int> wall_ids_;                                        // by cell, in cell order
    std::vector<std::pair<std::uint32_t, std::uint32_t>> wall_ranges_; // by cell
    bool walls_sealed_ = true;
    std::vector<std::uint32_t> wall_stamps_;
    std::uint32_t stamp_ = 0;
};

template <class F>
void SweptBoxGrid::for_each_body_near(const Box& box, int self, F&& visit) {
    for_each_near(box, self, NoWalls{}, visit);
}

template <class W, class B>
void SweptBoxGrid::for_each_near(const Box& box, int self, W&& visit_wall, B&& visit_body) {
    constexpr bool walls = !std::is_same_v<std::decay_t<W>, NoWalls>;
    if (walls && !walls_sealed_) seal_walls();
    std::uint32_t stamp = 0; // taken at the first wall met
    const Range r = range_of(box);
    const int sx0 = std::max(r.x0 - 1, 0), sy0 = std::max(r.y0 - 1, 0);
    for (int y = sy0; y <= r.y1; ++y)
        for (int x = sx0; x <= r.x1; ++x) {
            const std::size_t c = index(x, y);
            visit_small(c, box, self, visit_body);
            const Cell& cell = cells_[c];
            if (x < r.x0 || y < r.y0) continue;
            if (cell.has_large()) visit_large(x, y, r, box, self, visit_body);
            if constexpr (walls) {
                if (!cell.has_walls()) continue;
                if (stamp == 0) stamp = next_stamp();
                visit_walls(c, stamp, visit_wall);
            }
        }
}

template <class W, class B>
void SweptBoxGrid::for_each_near_either(const Box& a, int self_a, const Box& b, int self_b,
                                        W&& visit_wall, B&& visit_body) {
    if (!walls_sealed_) seal_walls();
    std::uint32_t stamp = 0; // taken at the first wall met
    const Box both = united(a, b);
    const Range r = range_of(both);
    const auto test = [&](int body, const auto& box) {
        if (body != self_a && overlaps(a, box)) visit_body(0, body);
        if (body != self_b && overlaps(b, box)) visit_body(1, body);
    };
    const int sx0 = std::max(r.x0 - 1, 0), sy0 = std::max(r.y0 - 1, 0);
    for (int y = sy0; y <= r.y1; ++y)
        for (int x = sx0; x <= r.x1; ++x) {
            const std::size_t c = index(x, y);
            const Cell& cell = cells_[c];
            const std::uint32_t n = cell.small();
            for (std::uint32_t k = 0; k < n; ++k) {
                const SmallEntry& e = k < kInCell ? cell.entries[k] : small_entry(c, k);
                test(e.body, e.box);
            }
            if (x < r.x0 || y < r.y0) continue;
            if (cell.has_large())
                for (const Entry& l : large_[c])
                    if (x == std::max(r.x0, l.x0) && y == std::max(r.y0, l.y0)) test(l.body, l.box);
            if (!cell.has_walls()) continue;
            if (stamp == 0) stamp = next_stamp();
            visit_walls(c, stamp, visit_wall);
        }
}

template <class F>
void SweptBoxGrid::for_each_pair(F&& visit) {
    const auto ordered = [&](int a, int b) {
        if (a < b)
            visit(a, b);
        else
            visit(b, a);
    };
    // Two small bodies whose boxes overlap have home cells at most one apart on each axis:
    // each cell against itself and the four neighbours after it (right, and the row above).
    const auto small_of = [&](std::size_t c, std::uint32_t k) -> const SmallEntry& {
        return small_entry(c, k);
    };
    constexpr int kNeighbours[4][2] = {{1, 0}, {-1, 1}, {0, 1}, {1, 1}};
    for (int y = 0; y < ny_; ++y)
        for (int x = 0; x < nx_; ++x) {
            const std::size_t c = index(x, y);
            const std::uint32_t n = cells_[c].small();
            if (n == 0) continue;
            for (std::uint32_t i = 0; i < n; ++i) {
                const SmallEntry& a = small_of(c, i);
                for (std::uint32_t j = i + 1; j < n; ++j) {
                    const SmallEntry& b = small_of(c, j);
                    if (overlaps(a.box, b.box)) ordered(a.body, b.body);
                }
            }
            for (const auto& [dx, dy] : kNeighbours) {
                const int ox = x + dx, oy = y + dy;
                if (ox < 0 || ox >= nx_ || oy >= ny_) continue;
                const std::size_t o = index(ox, oy);
                const std::uint32_t m = cells_[o].small();
                for (std::uint32_t i = 0; i < n; ++i) {
                    const SmallEntry& a = small_of(c, i);
                    for (std::uint32_t j = 0; j < m; ++j) {
                        const SmallEntry& b = small_of(o, j);
                        if (overlaps(a.box, b.box)) ordered(a.body, b.body);
                    }
                }
            }
        }
    // A large body against everything near it: small bodies always, large ones from the lower
    // index.
    for (std::size_t body = 0; body < homes_.size(); ++body) {
        if (homes_[body] != kLarge) continue;
        const LargePlace& place = large_places_[body];
        const int self = static_cast<int>(body);
        for_each_body_near(place.box, self, [&](int other) {
            if (homes_[static_cast<std::size_t>(other)] == kLarge && other < self)
                return; // large, seen from its side
            ordered(self, other);
        });
    }
}

template <class F>
void SweptBoxGrid::for_each_wall_near(const Box& box, F&& visit) {
    if (!walls_sealed_) seal_walls();
    if (wall_ids_.empty()) return;
    const std::uint32_t stamp = next_stamp();
    const Range r = range_of(box);
    for (int y = r.y0; y <= r.y1; ++y)
        for (int x = r.x0; x <= r.x1; ++x) {
            const std::size_t c = index(x, y);
            if (cells_[c].has_walls()) visit_walls(c, stamp, visit);
        }
}

template <class F>
void SweptBoxGrid::for_each_wall_near_body(int body, const Box& box, F&& visit) {
    if (!walls_sealed_) seal_walls();
    const int home = homes_[static_cast<std::size_t>(body)];
    // A small body's range is its home cell and at most one more column and row.
    if (home >= 0 && (cells_[static_cast<std::size_t>(home)].bits & kNearWallsBit) == 0) return;
    for_each_wall_near(box, visit);
}

} // namespace ccd::detail
