// The batch API against the scalar query it batches: for every input, the same hit or miss, the
// same t to the bit, the same feature and the same normal to the bit. The scalar query is the
// oracle here on purpose: the batch promises to be exactly it, only faster.
#include "../support/circle_segment_query_families.hpp"
#include "ccd/batch_circle_segment.hpp"
#include "ccd/toi_circle_segment.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <span>
#include <stdexcept>
#include <vector>

namespace {

using test_queries::random_queries;
using test_queries::Soa;

std::uint64_t bits(double v) {
    return std::bit_cast<std::uint64_t>(v);
}

// Runs the batch with every optional output and compares each query with the scalar call.
// Returns the number of hits (so a caller can check both outcomes were exercised).
std::size_t expect_same_as_scalar(const ccd::CircleSegmentBatch& q) {
    const std::size_t n = q.cx.size();
    std::vector<double> t(n, -1.0), nx(n, -1.0), ny(n, -1.0);
    std::vector<std::uint8_t> hit(n, 7), feature(n, 7);
    ccd::time_of_impact_batch(q, {t, hit, nx, ny, feature});
    std::size_t hits = 0, mismatches = 0;
    for (std::size_t i = 0; i < n && mismatches < 10; ++i) {
        const auto expected =
            ccd::time_of_impact(ccd::Circle{{q.cx[i], q.cy[i]}, q.r[i]}, {q.dx[i], q.dy[i]},
                                ccd::Segment{{q.ax[i], q.ay[i]}, {q.bx[i], q.by[i]}});
        SCOPED_TRACE(testing::Message()
                     << std::hexfloat << "query " << i << ": c=(" << q.cx[i] << ", " << q.cy[i]
                     << ") r=" << q.r[i] << " d=(" << q.dx[i] << ", " << q.dy[i] << ") a=("
                     << q.ax[i] << ", " << q.ay[i] << ") b=(" << q.bx[i] << ", " << q.by[i] << ")");
        const bool ok = expected ? hit[i] == 1 && bits(t[i]) == bits(expected->t) &&
                                       feature[i] == static_cast<std::uint8_t>(expected->feature) &&
                                       bits(nx[i]) == bits(expected->normal.x) &&
                                       bits(ny[i]) == bits(expected->normal.y)
                                 : hit[i] == 0 && t[i] == std::numeric_limits<double>::infinity() &&
                                       feature[i] == 0 && nx[i] == 0.0 && ny[i] == 0.0;
        if (!ok) {
            ++mismatches;
            ADD_FAILURE() << std::hexfloat << "batch: hit=" << int(hit[i]) << " t=" << t[i]
                          << " feature=" << int(feature[i]) << " normal=(" << nx[i] << ", " << ny[i]
                          << "); scalar: " << (expected ? "hit" : "miss")
                          << " t=" << (expected ? expected->t : 0.0)
                          << " feature=" << (expected ? int(expected->feature) : 0) << " normal=("
                          << (expected ? expected->normal.x : 0.0) << ", "
                          << (expected ? expected->normal.y : 0.0) << ")";
        }
        hits += expected ? 1 : 0;
    }
    return hits;
}
std::size_t expect_same_as_scalar(const Soa& q) {
    return expect_same_as_scalar(q.view());
}

TEST(BatchCircleSegment, MatchesTheScalarQueryBitForBitOn100kRandomAndDegenerateQueries) {
    const Soa q = random_queries(100'000, 20240607);
    const std::size_t hits = expect_same_as_scalar(q);
    // Both outcomes are exercised in bulk, or the comparison would prove little.
    EXPECT_GT(hits, q.size() / 10);
    EXPECT_LT(hits, q.size() - q.size() / 10);
}

// Asking for t and hit alone takes a kernel of its own (it skips the features): expects the
// same bits as the full kernel's; returns the number of hits.
std::size_t expect_time_and_hit_alone_match(const ccd::CircleSegmentBatch& q) {
    const std::size_t n = q.cx.size();
    std::vector<double> t_full(n), nx(n), ny(n), t_alone(n, -1.0);
    std::vector<std::uint8_t> hit_full(n), feature(n), hit_alone(n, 7);
    ccd::time_of_impact_batch(q, {t_full, hit_full, nx, ny, feature});
    ccd::time_of_impact_batch(q, {t_alone, hit_alone});
    std::size_t mismatches = 0, hits = 0;
    for (std::size_t i = 0; i < n; ++i) {
        mismatches += bits(t_alone[i]) != bits(t_full[i]) || hit_alone[i] != hit_full[i];
        hits += hit_full[i];
    }
    EXPECT_EQ(mismatches, 0u);
    return hits;
}

TEST(BatchCircleSegment, TimeAndHitAloneMatchTheFullKernelBitForBit) {
    for (const std::size_t n : {0u, 1u, 127u, 128u, 129u, 100'000u}) {
        SCOPED_TRACE(n);
        const Soa q = random_queries(n, static_cast<std::uint32_t>(n) + 7);
        const std::size_t hits = expect_time_and_hit_alone_match(q.view());
        if (n == 100'000u) {
            EXPECT_GT(hits, n / 10) << "both outcomes exercised";
        }
    }
}

TEST(BatchCircleSegment, EveryLengthAroundTheVectorAndChunkSizesMatches) {
    // The kernel runs in chunks of 1024 with a vector body and a scalar remainder.
    for (const std::size_t n : {0u, 1u, 3u, 4u, 31u, 63u, 64u, 65u, 1023u, 1024u, 1025u, 2100u}) {
        SCOPED_TRACE(n);
        expect_same_as_scalar(random_queries(n, static_cast<std::uint32_t>(n) + 1));
    }
}

// The kernel's first block ends where cx's cache line does, so that the others read whole lines:
// inputs starting anywhere in a line, all nine equally misaligned or each its own way, give the
// same bits, with the features and with t and hit alone.
TEST(BatchCircleSegment, EveryStartWithinACacheLineMatches) {
    const Soa q = random_queries(300, 4242);
    for (std::size_t offset = 0; offset < 8; ++offset) {
        for (const std::size_t n : {0u, 5u, 70u, 200u}) {
            SCOPED_TRACE(testing::Message() << "offset " << offset << ", n " << n);
            const auto part = [&](const std::vector<double>& v, std::size_t extra) {
                return std::span<const double>(v).subspan(offset + extra, n);
            };
            const ccd::CircleSegmentBatch same{part(q.cx, 0), part(q.cy, 0), part(q.r, 0),
                                               part(q.dx, 0), part(q.dy, 0), part(q.ax, 0),
                                               part(q.ay, 0), part(q.bx, 0), part(q.by, 0)};
            const ccd::CircleSegmentBatch mixed{part(q.cx, 0), part(q.cy, 1), part(q.r, 2),
                                                part(q.dx, 3), part(q.dy, 4), part(q.ax, 5),
                                                part(q.ay, 6), part(q.bx, 7), part(q.by, 8)};
            for (const ccd::CircleSegmentBatch& view : {same, mixed}) {
                expect_same_as_scalar(view);
                expect_time_and_hit_alone_match(view);
            }
        }
    }
}

TEST(BatchCircleSegment, HandMadeCasesGiveTheDocumentedAnswers) {
    // Expected values worked out by hand; the batch must agree with them and with the scalar.
    Soa q;
    q.add(0, 5, 1, 0, -10, -2, 0, 2, 0);  // falls onto the interior: t = 0.4
    q.add(-5, 0, 1, 10, 0, 0, 0, 4, 0);   // along the line into endpoint A: t = 0.4
    q.add(0, 5, 1, 0, -3.9, -2, 0, 2, 0); // stops 0.1 short: miss
    q.add(0, 0.5, 1, 0, 0, -2, 0, 2, 0);  // starts overlapping, not moving: t = 0
    q.add(5, 0, 1, -10, 0, 0, 0, 0, 0);   // zero-length segment hit head-on: t = 0.4, endpoint A
    std::vector<double> t(q.size());
    std::vector<std::uint8_t> hit(q.size()), feature(q.size());
    ccd::time_of_impact_batch(q.view(), {t, hit, {}, {}, feature});
    EXPECT_EQ(hit, (std::vector<std::uint8_t>{1, 1, 0, 1, 1}));
    EXPECT_DOUBLE_EQ(t[0], 0.4);
    EXPECT_EQ(feature[0], static_cast<std::uint8_t>(ccd::Feature::SegmentInterior));
    EXPECT_DOUBLE_EQ(t[1], 0.4);
    EXPECT_EQ(feature[1], static_cast<std::uint8_t>(ccd::Feature::EndpointA));
    EXPECT_EQ(t[2], std::numeric_limits<double>::infinity());
    EXPECT_EQ(t[3], 0.0);
    EXPECT_DOUBLE_EQ(t[4], 0.4);
    EXPECT_EQ(feature[4], static_cast<std::uint8_t>(ccd::Feature::EndpointA));
    expect_same_as_scalar(q);
}

TEST(BatchCircleSegment, MismatchedLengthsAreRejected) {
    Soa q = random_queries(8, 1);
    std::vector<double> t(8), short_t(7), nx(8);
    std::vector<std::uint8_t> hit(8);
    EXPECT_THROW(ccd::time_of_impact_batch(q.view(), {short_t, hit}), std::invalid_argument);
    EXPECT_THROW(ccd::time_of_impact_batch(q.view(), {t, hit, nx, {}}), std::invalid_argument);
    q.r.pop_back();
    EXPECT_THROW(ccd::time_of_impact_batch(q.view(), {t, hit}), std::invalid_argument);
}

} // namespace
