#pragma once
// A console reporter that also keeps one counter of each benchmark case for a summary after the
// table: the median of the case's repetitions when it was repeated, else its one run. Cases are
// named "function" or "function/args" (e.g. "BM_WorldGrid/1000").

#include <benchmark/benchmark.h>

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace bench {

class MedianRecorder : public benchmark::ConsoleReporter {
public:
    // Keeps `counter` times `scale` (e.g. seconds to ns).
    MedianRecorder(std::string counter, double scale)
        : ConsoleReporter(OO_Tabular), // no colour codes: the output goes into docs
          counter_(std::move(counter)), scale_(scale) {}

    std::map<std::string, double> values;

    void ReportRuns(const std::vector<Run>& runs) override {
        ConsoleReporter::ReportRuns(runs);
        for (const Run& run : runs) {
            const auto it = run.counters.find(counter_);
            if (it == run.counters.end() || run.error_occurred) continue;
            std::string name = run.run_name.function_name;
            if (!run.run_name.args.empty()) name += "/" + run.run_name.args;
            const bool median = run.run_type == Run::RT_Aggregate && run.aggregate_name == "median";
            if (median || (run.run_type == Run::RT_Iteration && !values.count(name)))
                values[name] = it->second.value * scale_;
        }
    }

private:
    std::string counter_;
    double scale_;
};

} // namespace bench
