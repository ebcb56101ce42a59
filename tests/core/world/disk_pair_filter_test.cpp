// The scheduler's cheap rejection in front of the circle-circle query (core/world/src/
// disk_pair_filter.hpp): whenever it rejects a pair, the exact query reports no hit or a hit
// that is not approaching (which the scheduler never queues). Random pairs at the bench's
// scale and at extreme scales, and the degenerate ones: touching, a hair apart, zero motion,
// grazing, coincident centers, points.
#include "disk_pair_filter.hpp"

#include "ccd/toi_circle_circle.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

namespace {

using ccd::Circle;
using ccd::Vec2;

struct Pair {
    Vec2 pa, pb, da, db;
    double ra, rb;
};

// The query as the scheduler runs it, and whether the scheduler could queue its answer.
bool query_could_queue(const Pair& p) {
    const auto hit = ccd::time_of_impact(Circle{p.pa, p.ra}, p.da, Circle{p.pb, p.rb}, p.db);
    return hit && hit->approaching;
}

bool filter_rejects(const Pair& p) {
    return ccd::detail::disks_cannot_meet(p.pa - p.pb, p.da - p.db, p.ra + p.rb);
}

// Checks every pair; returns how many the filter rejected.
int check(const std::vector<Pair>& pairs) {
    int rejected = 0;
    for (const Pair& p : pairs) {
        if (!filter_rejects(p)) continue;
        ++rejected;
        EXPECT_FALSE(query_could_queue(p))
            << std::hexfloat << "pa " << p.pa.x << ' ' << p.pa.y << " pb " << p.pb.x << ' '
            << p.pb.y << " da " << p.da.x << ' ' << p.da.y << " db " << p.db.x << ' ' << p.db.y
            << " r " << p.ra << ' ' << p.rb;
    }
    return rejected;
}

Vec2 polar(double length, double angle) {
    return {length * std::cos(angle), length * std::sin(angle)};
}

TEST(DiskPairFilter, NeverRejectsAPairTheQueryWouldQueueOnRandomPairs) {
    std::mt19937_64 rng(4);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::vector<Pair> pairs;
    for (int k = 0; k < 200000; ++k) {
        // The bench's scale: radius 1, centers a few radii apart, up to a few radii per frame,
        // far from the origin sometimes (rounding of the positions).
        const double far = k % 3 == 0 ? 1e4 * unit(rng) : 0.0;
        const Vec2 base{far + 300.0 * unit(rng), far};
        const double ra = k % 7 == 0 ? 0.0 : unit(rng) * 2.0;
        const double rb = k % 11 == 0 ? 0.0 : unit(rng) * 2.0;
        const Vec2 pa = base + polar(6.0 * unit(rng), 6.283 * unit(rng));
        pairs.push_back({pa, base, polar(4.0 * unit(rng), 6.283 * unit(rng)),
                         polar(4.0 * unit(rng), 6.283 * unit(rng)), ra, rb});
    }
    const int rejected = check(pairs);
    EXPECT_GT(rejected, 100000); // the filter does reject most of them
}

TEST(DiskPairFilter, NeverRejectsAPairTheQueryWouldQueueOnDegeneratePairs) {
    std::mt19937_64 rng(5);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::vector<Pair> pairs;
    const double hairs[] = {0.0, 1e-300, 1e-16, 1e-15, 1e-13, 1e-12, 1e-10, 1e-9, 1e-8, 1e-6};
    for (int k = 0; k < 20000; ++k) {
        const double scale = std::ldexp(1.0, static_cast<int>(unit(rng) * 400.0) - 200);
        const double r = scale * unit(rng);
        const double angle = 6.283 * unit(rng);
        const Vec2 n = polar(1.0, angle);
        const Vec2 t{-n.y, n.x};
        const Vec2 pb = polar(scale * 100.0 * unit(rng), 6.283 * unit(rng));
        for (const double hair : hairs) {
            for (const double sign : {-1.0, 1.0}) {
                // Touching, a hair apart or inside, moving in, out, along or not at all.
                const double gap = r * (1.0 + sign * hair);
                const Vec2 pa = pb + n * gap;
                const double speed = scale * unit(rng);
                for (const Vec2 d :
                     {Vec2{}, n * speed, n * -speed, t * speed, t * speed + n * (speed * hair),
                      t * speed - n * (speed * hair), polar(speed, 6.283 * unit(rng))}) {
                    pairs.push_back({pa, pb, d, Vec2{}, r * 0.5, r * 0.5});
                    pairs.push_back({pa, pb, d * 0.5, d * -0.5, r, 0.0});
                }
                // Grazing: passing at exactly, just under and just over the summed radius.
                const Vec2 start = pb + t * (-2.0 * r) + n * gap;
                pairs.push_back({start, pb, t * (4.0 * r), Vec2{}, r * 0.25, r * 0.75});
                // Reaching contact at exactly t = 1, a hair before, a hair after.
                const Vec2 from = pb + n * (2.0 * r);
                pairs.push_back({from, pb, n * (-(2.0 * r - gap)), Vec2{}, r, 0.0});
            }
        }
        // Coincident centers, points.
        pairs.push_back({pb, pb, n * r, Vec2{}, 0.0, 0.0});
        pairs.push_back({pb, pb, n * r, Vec2{}, r, r});
        pairs.push_back({pb + n * r, pb, n * -r, Vec2{}, 0.0, 0.0});
    }
    const int rejected = check(pairs);
    EXPECT_GT(rejected, 1000);
}

} // namespace
