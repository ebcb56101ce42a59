// --bench-frames: its option and its percentiles (the frames themselves run in
// ccdlab_bench_frames_smoke, label bench).
#include "frame_statistics.hpp"
#include "options.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <vector>

namespace {

TEST(FramePercentiles, AreNearestRankOverTheSortedSamples) {
    std::vector<double> hundred(100);
    std::iota(hundred.begin(), hundred.end(), 1.0); // 1, 2, ..., 100
    std::reverse(hundred.begin(), hundred.end());   // in any order
    const ccdlab::FramePercentiles p = ccdlab::percentiles(hundred);
    EXPECT_EQ(p.p50, 50.0); // the 50th of 100
    EXPECT_EQ(p.p90, 90.0);
    EXPECT_EQ(p.p95, 95.0);
    EXPECT_EQ(p.p99, 99.0);
    EXPECT_EQ(p.max, 100.0);
    // Three samples: p50 is rank ceil(1.5) = 2, p90, p95 and p99 rank 3.
    const std::vector<double> three{5.0, 1.0, 3.0};
    const ccdlab::FramePercentiles q = ccdlab::percentiles(three);
    EXPECT_EQ(q.p50, 3.0);
    EXPECT_EQ(q.p90, 5.0);
    EXPECT_EQ(q.p95, 5.0);
    EXPECT_EQ(q.p99, 5.0);
    EXPECT_EQ(q.max, 5.0);
    EXPECT_EQ(ccdlab::percentiles({}).max, 0.0);
}

TEST(Options, BenchFramesTakesAPositiveCount) {
    const char* ok[] = {"ccdlab", "--bench-frames", "200"};
    EXPECT_EQ(ccdlab::parse_options(3, ok).bench_frames, 200);
    const char* none[] = {"ccdlab"};
    EXPECT_EQ(ccdlab::parse_options(1, none).bench_frames, 0);
    for (const char* bad : {"0", "-3", "many", "10x"}) {
        const char* argv[] = {"ccdlab", "--bench-frames", bad};
        EXPECT_THROW(ccdlab::parse_options(3, argv), std::invalid_argument) << bad;
    }
}

TEST(Options, FrameDelayTakesMillisecondsUpToTwoSeconds) {
    const char* ok[] = {"ccdlab", "--frame-delay-ms", "200"};
    EXPECT_EQ(ccdlab::parse_options(3, ok).frame_delay_ms, 200);
    const char* none[] = {"ccdlab"};
    EXPECT_EQ(ccdlab::parse_options(1, none).frame_delay_ms, 0);
    for (const char* bad : {"-1", "2001", "slow", "5ms"}) {
        const char* argv[] = {"ccdlab", "--frame-delay-ms", bad};
        EXPECT_THROW(ccdlab::parse_options(3, argv), std::invalid_argument) << bad;
    }
}

} // namespace
