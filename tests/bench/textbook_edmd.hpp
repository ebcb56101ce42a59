#pragma once
// A textbook event-driven simulation of hard disks (Alder and Wainwright; Rapaport, J. Comput.
// Phys. 34, 184 (1980); Lubachevsky, J. Comput. Phys. 94, 255 (1991)): world_bench's peer for
// the scheduler's speed targets, the way event-driven molecular dynamics codes do it, on the same
// scene (equal disks in the box [0, L]^2, bench::disks_in_box).
//
// - Cells of side at least one diameter: two disks in contact are in the same or adjacent cells,
//   so a disk predicts against the 3 x 3 cells around its own only; crossing into another cell
//   is an event of its own (a new prediction), not a contact.
// - One pending event per disk (its earliest), in an indexed binary heap keyed by time; a
//   collision's partner is checked on pop by its collision count (lazy invalidation).
// - Time runs on across frames (a frame is one unit of time); positions are updated lazily.
// - No log: no contact points, no normals, no cancelled predictions, no paths. What ccd::World
//   adds to this (docs/performance.md, "The textbook peer") is the difference in the benchmark.
//
// Only for the benchmark: elastic equal disks, four axis-aligned walls; no other shape.

#include "reference_scheduler.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

namespace bench {

class TextbookEdmd {
public:
    // The scene's disks (all of the first disk's radius) in the box that its four walls bound.
    explicit TextbookEdmd(const ccd_test::ReferenceScene& scene) {
        radius_ = scene.bodies.empty() ? 1.0 : scene.bodies.front().shape.radius;
        for (const ccd::MovingSegment& w : scene.walls) {
            size_ = std::max({size_, w.start.a.x, w.start.a.y, w.start.b.x, w.start.b.y});
        }
        cells_per_side_ = std::max(1, static_cast<int>(size_ / (2.0 * radius_)));
        cell_ = size_ / cells_per_side_;
        head_.assign(static_cast<std::size_t>(cells_per_side_) *
                         static_cast<std::size_t>(cells_per_side_),
                     -1);
        const std::size_t n = scene.bodies.size();
        disks_.resize(n);
        events_.resize(n);
        heap_.reserve(n);
        where_.resize(n);
        for (std::size_t i = 0; i < n; ++i) {
            Disk& d = disks_[i];
            d.x = scene.bodies[i].shape.center.x;
            d.y = scene.bodies[i].shape.center.y;
            d.vx = scene.bodies[i].velocity.x;
            d.vy = scene.bodies[i].velocity.y;
            d.cell = cell_of(d.x, d.y);
            add_to_cell(static_cast<int>(i));
        }
        for (std::size_t i = 0; i < n; ++i) {
            predict(static_cast<int>(i));
            heap_.push_back(static_cast<int>(i));
            where_[i] = heap_.size() - 1;
            sift_up(heap_.size() - 1);
        }
    }

    // Runs up to time `until` (frames since the start); returns the contacts processed (disk
    // with disk, disk with wall) from the current time on.
    std::int64_t run_until(double until) {
        std::int64_t contacts = 0;
        while (!heap_.empty()) {
            const int i = heap_.front();
            const Event e = events_[static_cast<std::size_t>(i)];
            if (e.time >= until) break;
            now_ = e.time;
            switch (e.kind) {
            case Kind::Disk:
                if (disks_[static_cast<std::size_t>(e.other)].collisions != e.other_collisions)
                    break; // the partner changed course since: predict again
                collide(i, e.other);
                ++contacts;
                repredict(e.other);
                break;
            case Kind::WallX:
            case Kind::WallY: {
                Disk& d = move_to_now(i);
                (e.kind == Kind::WallX ? d.vx : d.vy) *= -1.0;
                ++d.collisions;
                ++contacts;
                break;
            }
            case Kind::Cell: {
                Disk& d = move_to_now(i);
                remove_from_cell(i);
                d.cell = e.other;
                add_to_cell(i);
                break;
            }
            case Kind::None:
                break;
            }
            repredict(i);
        }
        now_ = until;
        return contacts;
    }

    double kinetic_energy() const {
        double sum = 0.0;
        for (const Disk& d : disks_)
            sum += 0.5 * (d.vx * d.vx + d.vy * d.vy);
        return sum;
    }

    // The deepest overlap of two disks, or of a disk with a wall, at the current time, over
    // the scale L (a positive number; 0 when nothing overlaps).
    double deepest_overlap() const {
        double worst = 0.0;
        const int n = static_cast<int>(disks_.size());
        for (int i = 0; i < n; ++i) {
            const auto [xi, yi] = position(i);
            worst = std::max(
                {worst, radius_ - xi, radius_ - yi, xi + radius_ - size_, yi + radius_ - size_});
            for_each_near(disks_[static_cast<std::size_t>(i)].cell, [&](int j) {
                if (j <= i) return;
                const auto [xj, yj] = position(j);
                const double gap = std::hypot(xj - xi, yj - yi) - 2.0 * radius_;
                worst = std::max(worst, -gap);
            });
        }
        return worst / size_;
    }

private:
    enum class Kind : std::uint8_t { None, Disk, WallX, WallY, Cell };
    struct Disk {
        double x = 0.0, y = 0.0; // at time `since`
        double vx = 0.0, vy = 0.0;
        double since = 0.0;
        std::uint32_t collisions = 0; // changes of course
        int cell = 0;
        int next = -1, previous = -1; // in its cell's list
    };
    struct Event {
        double time = std::numeric_limits<double>::infinity();
        Kind kind = Kind::None;
        int other = 0; // the partner disk, or the cell entered
        std::uint32_t other_collisions = 0;
    };

    std::pair<double, double> position(int i) const {
        const Disk& d = disks_[static_cast<std::size_t>(i)];
        const double dt = now_ - d.since;
        return {d.x + d.vx * dt, d.y + d.vy * dt};
    }
    Disk& move_to_now(int i) {
        Disk& d = disks_[static_cast<std::size_t>(i)];
        const auto [x, y] = position(i);
        d.x = x;
        d.y = y;
        d.since = now_;
        return d;
    }
    int clamp_cell(double c) const {
        return std::clamp(static_cast<int>(std::floor(c)), 0, cells_per_side_ - 1);
    }
    int cell_of(double x, double y) const {
        return clamp_cell(y / cell_) * cells_per_side_ + clamp_cell(x / cell_);
    }
    // Each cell's disks in a doubly linked list (the linked-cell method).
    void add_to_cell(int i) {
        Disk& d = disks_[static_cast<std::size_t>(i)];
        int& head = head_[static_cast<std::size_t>(d.cell)];
        d.previous = -1;
        d.next = head;
        if (head >= 0) disks_[static_cast<std::size_t>(head)].previous = i;
        head = i;
    }
    void remove_from_cell(int i) {
        const Disk& d = disks_[static_cast<std::size_t>(i)];
        if (d.previous >= 0)
            disks_[static_cast<std::size_t>(d.previous)].next = d.next;
        else
            head_[static_cast<std::size_t>(d.cell)] = d.next;
        if (d.next >= 0) disks_[static_cast<std::size_t>(d.next)].previous = d.previous;
    }
    template <class F>
    void for_each_near(int cell, F&& visit) const {
        const int cx = cell % cells_per_side_, cy = cell / cells_per_side_;
        for (int y = std::max(cy - 1, 0); y <= std::min(cy + 1, cells_per_side_ - 1); ++y)
            for (int x = std::max(cx - 1, 0); x <= std::min(cx + 1, cells_per_side_ - 1); ++x)
                for (int j = head_[static_cast<std::size_t>(y * cells_per_side_ + x)]; j >= 0;
                     j = disks_[static_cast<std::size_t>(j)].next)
                    visit(j);
    }

    // Equal masses, elastic: the two exchange the normal parts of their velocities.
    void collide(int i, int j) {
        Disk& a = move_to_now(i);
        Disk& b = move_to_now(j);
        const double dx = b.x - a.x, dy = b.y - a.y;
        const double dist2 = dx * dx + dy * dy;
        const double along = ((b.vx - a.vx) * dx + (b.vy - a.vy) * dy) / dist2;
        a.vx += along * dx;
        a.vy += along * dy;
        b.vx -= along * dx;
        b.vy -= along * dy;
        ++a.collisions;
        ++b.collisions;
    }

    // Disk i's earliest event from now on.
    void predict(int i) {
        const Disk& d = disks_[static_cast<std::size_t>(i)];
        const auto [x, y] = position(i);
        Event best;
        const auto offer = [&](double t, Kind kind, int other, std::uint32_t count) {
            if (t < best.time) best = {t, kind, other, count};
        };
        // The walls.
        if (d.vx > 0.0)
            offer(now_ + std::max(0.0, (size_ - radius_ - x) / d.vx), Kind::WallX, 0, 0);
        if (d.vx < 0.0) offer(now_ + std::max(0.0, (radius_ - x) / d.vx), Kind::WallX, 0, 0);
        if (d.vy > 0.0)
            offer(now_ + std::max(0.0, (size_ - radius_ - y) / d.vy), Kind::WallY, 0, 0);
        if (d.vy < 0.0) offer(now_ + std::max(0.0, (radius_ - y) / d.vy), Kind::WallY, 0, 0);
        // Leaving the cell (not past the outer cells: the walls come first there).
        const int cx = d.cell % cells_per_side_, cy = d.cell / cells_per_side_;
        if (d.vx > 0.0 && cx + 1 < cells_per_side_)
            offer(now_ + std::max(0.0, ((cx + 1) * cell_ - x) / d.vx), Kind::Cell, d.cell + 1, 0);
        if (d.vx < 0.0 && cx > 0)
            offer(now_ + std::max(0.0, (cx * cell_ - x) / d.vx), Kind::Cell, d.cell - 1, 0);
        if (d.vy > 0.0 && cy + 1 < cells_per_side_)
            offer(now_ + std::max(0.0, ((cy + 1) * cell_ - y) / d.vy), Kind::Cell,
                  d.cell + cells_per_side_, 0);
        if (d.vy < 0.0 && cy > 0)
            offer(now_ + std::max(0.0, (cy * cell_ - y) / d.vy), Kind::Cell,
                  d.cell - cells_per_side_, 0);
        // The disks near: the earlier root of |r + v t| = 2 radius, approaching only.
        const double sigma2 = 4.0 * radius_ * radius_;
        for_each_near(d.cell, [&](int j) {
            if (j == i) return;
            const Disk& o = disks_[static_cast<std::size_t>(j)];
            const auto [ox, oy] = position(j);
            const double rx = ox - x, ry = oy - y, vx = o.vx - d.vx, vy = o.vy - d.vy;
            const double b = rx * vx + ry * vy;
            if (b >= 0.0) return; // receding
            const double v2 = vx * vx + vy * vy;
            const double c = rx * rx + ry * ry - sigma2;
            const double disc = b * b - v2 * c;
            if (disc < 0.0) return; // passing by
            const double t = c <= 0.0 ? 0.0 : c / (-b + std::sqrt(disc));
            offer(now_ + t, Kind::Disk, j, o.collisions);
        });
        events_[static_cast<std::size_t>(i)] = best;
    }
    void repredict(int i) {
        predict(i);
        const std::size_t k = where_[static_cast<std::size_t>(i)];
        sift_up(k);
        sift_down(where_[static_cast<std::size_t>(i)]);
    }

    double key(std::size_t k) const { return events_[static_cast<std::size_t>(heap_[k])].time; }
    void place(std::size_t k, int body) {
        heap_[k] = body;
        where_[static_cast<std::size_t>(body)] = k;
    }
    void sift_up(std::size_t k) {
        const int body = heap_[k];
        const double t = events_[static_cast<std::size_t>(body)].time;
        while (k > 0) {
            const std::size_t parent = (k - 1) / 2;
            if (!(t < key(parent))) break;
            place(k, heap_[parent]);
            k = parent;
        }
        place(k, body);
    }
    void sift_down(std::size_t k) {
        const int body = heap_[k];
        const double t = events_[static_cast<std::size_t>(body)].time;
        const std::size_t n = heap_.size();
        for (;;) {
            std::size_t child = 2 * k + 1;
            if (child >= n) break;
            if (child + 1 < n && key(child + 1) < key(child)) ++child;
            if (!(key(child) < t)) break;
            place(k, heap_[child]);
            k = child;
        }
        place(k, body);
    }

    double radius_ = 1.0, size_ = 0.0, cell_ = 1.0, now_ = 0.0;
    int cells_per_side_ = 1;
    std::vector<Disk> disks_;
    std::vector<Event> events_;      // by disk: its earliest
    std::vector<int> heap_;          // disks, by their event's time
    std::vector<std::size_t> where_; // by disk: its place in heap_
    std::vector<int> head_;          // by cell: its first disk, or -1
};

} // namespace bench
