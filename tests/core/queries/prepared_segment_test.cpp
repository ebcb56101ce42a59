// PreparedSegment: the circle-segment query with the segment's own arithmetic done once. Its
// promise is to be the Segment overload exactly, only faster, so the Segment overload is the
// oracle here: every field of every answer, and every trace, compared bit for bit.
#include "ccd/toi_circle_segment.hpp"

#include "circle_segment_query_families.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>

namespace {

std::uint64_t bits(double v) {
    return std::bit_cast<std::uint64_t>(v);
}

bool same_bits(const std::optional<ccd::Hit>& p, const std::optional<ccd::Hit>& q) {
    if (p.has_value() != q.has_value()) return false;
    if (!p) return true;
    return bits(p->t) == bits(q->t) && bits(p->point.x) == bits(q->point.x) &&
           bits(p->point.y) == bits(q->point.y) && bits(p->normal.x) == bits(q->normal.x) &&
           bits(p->normal.y) == bits(q->normal.y) && p->feature == q->feature &&
           p->overlap == q->overlap && p->approaching == q->approaching &&
           p->mover_vertex == q->mover_vertex && p->mover_edge == q->mover_edge &&
           p->obstacle_vertex == q->obstacle_vertex && p->obstacle_edge == q->obstacle_edge;
}

bool same_bits(const ccd::Trace& p, const ccd::Trace& q) {
    if (p.query != q.query || p.overlap_at_start != q.overlap_at_start ||
        p.candidates.size() != q.candidates.size())
        return false;
    for (std::size_t i = 0; i < p.candidates.size(); ++i) {
        const ccd::TraceCandidate &x = p.candidates[i], &y = q.candidates[i];
        if (x.name != y.name || x.feature != y.feature || bits(x.a) != bits(y.a) ||
            bits(x.b) != bits(y.b) || bits(x.c) != bits(y.c) ||
            bits(x.discriminant) != bits(y.discriminant) || x.note != y.note ||
            x.roots.size() != y.roots.size() || x.coefficients != y.coefficients)
            return false;
        for (std::size_t k = 0; k < x.roots.size(); ++k)
            if (bits(x.roots[k].t) != bits(y.roots[k].t) ||
                x.roots[k].verdict != y.roots[k].verdict)
                return false;
    }
    return true;
}

struct Query {
    ccd::Circle mover;
    ccd::Vec2 displacement;
    ccd::Segment obstacle;
};

Query query_at(const test_queries::Soa& q, std::size_t i) {
    return {
        {{q.cx[i], q.cy[i]}, q.r[i]}, {q.dx[i], q.dy[i]}, {{q.ax[i], q.ay[i]}, {q.bx[i], q.by[i]}}};
}

TEST(PreparedSegment, HoldsTheSegmentsOwnQuantities) {
    const ccd::PreparedSegment p(ccd::Segment{{1.0, 2.0}, {4.0, 6.0}});
    EXPECT_EQ(p.segment(), (ccd::Segment{{1.0, 2.0}, {4.0, 6.0}}));
    EXPECT_EQ(p.direction(), (ccd::Vec2{3.0, 4.0}));
    EXPECT_EQ(p.length_squared(), 25.0);
    EXPECT_EQ(p.length(), 5.0);
    EXPECT_EQ(p.inverse_length(), 0.2);
    EXPECT_EQ(p.box_min(), (ccd::Vec2{1.0, 2.0}));
    EXPECT_EQ(p.box_max(), (ccd::Vec2{4.0, 6.0}));
    EXPECT_EQ(p.largest_coordinate(), 6.0);

    const ccd::PreparedSegment q(ccd::Segment{{-7.0, 1.0}, {2.0, -3.0}});
    EXPECT_EQ(q.box_min(), (ccd::Vec2{-7.0, -3.0}));
    EXPECT_EQ(q.box_max(), (ccd::Vec2{2.0, 1.0}));
    EXPECT_EQ(q.largest_coordinate(), 7.0);

    const ccd::PreparedSegment point; // a zero-length segment at the origin
    EXPECT_EQ(point.length(), 0.0);
    EXPECT_EQ(point.inverse_length(), std::numeric_limits<double>::infinity());
}

TEST(PreparedSegment, AnswersAsTheSegmentOverloadBitForBitOn200kRandomAndDegenerateQueries) {
    const test_queries::Soa q = test_queries::random_queries(200'000, 20261123);
    std::size_t hits = 0, overlaps = 0, mismatches = 0;
    for (std::size_t i = 0; i < q.size() && mismatches < 10; ++i) {
        const Query x = query_at(q, i);
        const auto expected = ccd::time_of_impact(x.mover, x.displacement, x.obstacle);
        const auto got =
            ccd::time_of_impact(x.mover, x.displacement, ccd::PreparedSegment(x.obstacle));
        if (!same_bits(got, expected)) {
            ++mismatches;
            ADD_FAILURE() << std::hexfloat << "query " << i << ": c=(" << q.cx[i] << ", " << q.cy[i]
                          << ") r=" << q.r[i] << " d=(" << q.dx[i] << ", " << q.dy[i] << ") a=("
                          << q.ax[i] << ", " << q.ay[i] << ") b=(" << q.bx[i] << ", " << q.by[i]
                          << ")";
        }
        hits += expected ? 1 : 0;
        overlaps += expected && expected->overlap ? 1 : 0;
    }
    EXPECT_EQ(mismatches, 0u);
    // Every outcome in bulk, or the comparison would prove little.
    EXPECT_GT(hits, q.size() / 10);
    EXPECT_LT(hits, q.size() - q.size() / 10);
    EXPECT_GT(overlaps, q.size() / 50);
}

TEST(PreparedSegment, GivesTheSameTraceBitForBit) {
    const test_queries::Soa q = test_queries::random_queries(20'000, 7);
    std::size_t mismatches = 0;
    for (std::size_t i = 0; i < q.size() && mismatches < 10; ++i) {
        const Query x = query_at(q, i);
        ccd::Trace expected, got;
        const auto h1 = ccd::time_of_impact(x.mover, x.displacement, x.obstacle, &expected);
        const auto h2 =
            ccd::time_of_impact(x.mover, x.displacement, ccd::PreparedSegment(x.obstacle), &got);
        if (!same_bits(h1, h2) || !same_bits(expected, got)) {
            ++mismatches;
            ADD_FAILURE() << "query " << i;
        }
    }
    EXPECT_EQ(mismatches, 0u);
}

TEST(PreparedSegment, NonFiniteInputsGiveTheSameAnswerToo) {
    const double inf = std::numeric_limits<double>::infinity();
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double values[] = {0.0, 1.0, -2.5, inf, -inf, nan};
    std::size_t cases = 0;
    for (const double v : values)
        for (int slot = 0; slot < 9; ++slot) {
            double in[9] = {0.5, 3.0, 1.0, 0.0, -6.0, -2.0, 0.0, 2.0, 0.0}; // falls onto it
            in[slot] = v;
            const ccd::Circle mover{{in[0], in[1]}, in[2]};
            const ccd::Vec2 d{in[3], in[4]};
            const ccd::Segment s{{in[5], in[6]}, {in[7], in[8]}};
            EXPECT_TRUE(same_bits(ccd::time_of_impact(mover, d, ccd::PreparedSegment(s)),
                                  ccd::time_of_impact(mover, d, s)))
                << "input " << slot << " = " << v;
            ++cases;
        }
    EXPECT_EQ(cases, 54u);
}

} // namespace
