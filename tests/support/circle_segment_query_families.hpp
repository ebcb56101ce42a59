#pragma once
// Random circle-versus-segment queries for the tests that compare two ways of answering them
// (the batch against the scalar query, a PreparedSegment against a Segment): a fifth of them in
// each degenerate family the contract names, plus values on a coarse grid where exact ties
// between the band and the caps happen.
#include "ccd/batch_circle_segment.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

namespace test_queries {

struct Soa {
    std::vector<double> cx, cy, r, dx, dy, ax, ay, bx, by;
    void add(double cx_, double cy_, double r_, double dx_, double dy_, double ax_, double ay_,
             double bx_, double by_) {
        cx.push_back(cx_), cy.push_back(cy_), r.push_back(r_), dx.push_back(dx_);
        dy.push_back(dy_), ax.push_back(ax_), ay.push_back(ay_), bx.push_back(bx_);
        by.push_back(by_);
    }
    std::size_t size() const { return cx.size(); }
    ccd::CircleSegmentBatch view() const { return {cx, cy, r, dx, dy, ax, ay, bx, by}; }
};

// The families: a point mover, a zero-length segment, no motion, a start touching or a hair
// away, the grid (small integers and halves), tiny shapes far away, inputs beyond 2^100 or below
// 2^-100 (the rescaled path), and plain random queries.
inline Soa random_queries(std::size_t n, std::uint32_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> pos(-10.0, 10.0), rad(0.0, 3.0), unit(0.0, 1.0);
    std::uniform_int_distribution<int> grid(-8, 8), kind(0, 7);
    Soa q;
    for (std::size_t i = 0; i < n; ++i) {
        double cx = pos(rng), cy = pos(rng), r = rad(rng), dx = pos(rng) * 2, dy = pos(rng) * 2;
        double ax = pos(rng), ay = pos(rng), bx = pos(rng), by = pos(rng);
        switch (kind(rng)) {
        case 0:
            r = 0.0;
            break; // a point mover
        case 1:
            bx = ax, by = ay;
            break; // a zero-length segment
        case 2:
            dx = 0.0, dy = 0.0;
            break; // no motion
        case 3: {  // starts touching or overlapping, or a hair away
            const double s = unit(rng);
            const double px = ax + (bx - ax) * s, py = ay + (by - ay) * s;
            const double along = unit(rng) * 2 * M_PI;
            const double dist = r * (kind(rng) < 4 ? unit(rng) : 1.0);
            cx = px + dist * std::cos(along), cy = py + dist * std::sin(along);
            break;
        }
        case 4: // the grid: exact ties, axis-aligned motion, center exactly on the segment
            cx = grid(rng) / 2.0, cy = grid(rng) / 2.0, r = (grid(rng) + 8) / 4.0;
            dx = grid(rng), dy = grid(rng), ax = grid(rng) / 2.0, ay = grid(rng) / 2.0;
            bx = grid(rng) / 2.0, by = grid(rng) / 2.0;
            break;
        case 5: // tiny shapes far away, and huge ones
            cx *= 1e6, cy *= 1e6, dx *= 2e6, dy *= 2e6, r *= 1e-6;
            break;
        case 6: { // beyond 2^100 or below 2^-100, where a rescaling of inputs would show
            const double f = kind(rng) < 4 ? 0x1p110 : 0x1p-110;
            cx *= f, cy *= f, r *= f, dx *= f, dy *= f, ax *= f, ay *= f, bx *= f, by *= f;
            break;
        }
        default:
            break;
        }
        q.add(cx, cy, r, dx, dy, ax, ay, bx, by);
    }
    return q;
}

} // namespace test_queries
