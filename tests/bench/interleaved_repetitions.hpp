#pragma once
// Google Benchmark set up as the peer benchmarks run it: each case `repetitions` times, the
// repetitions of all cases in a random interleaved order, aggregates only. On a shared machine a
// burst of load then lands on one repetition of one case, not on a whole case and so on a ratio;
// the summaries compare medians (median_recorder.hpp). Flags on the command line come after
// these and win (e.g. --benchmark_repetitions=1).

#include <benchmark/benchmark.h>

#include <string>
#include <vector>

namespace bench {

// False when an argument is not Google Benchmark's (it says which).
inline bool initialize_interleaved(int argc, char** argv, int repetitions) {
    std::string repeat = "--benchmark_repetitions=" + std::to_string(repetitions);
    char interleaving[] = "--benchmark_enable_random_interleaving=true";
    char aggregates[] = "--benchmark_report_aggregates_only=true";
    std::vector<char*> args{argv[0], repeat.data(), interleaving, aggregates};
    args.insert(args.end(), argv + 1, argv + argc);
    int count = static_cast<int>(args.size());
    benchmark::Initialize(&count, args.data());
    return !benchmark::ReportUnrecognizedArguments(count, args.data());
}

} // namespace bench
