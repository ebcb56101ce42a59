#include "hunt_run.hpp"

#include "hunt_lab_form.hpp"

#include "ccd/hunt_shrink.hpp"
#include "ccd/isolated_calls.hpp"

#include <exception>
#include <utility>

namespace ccdlab {
namespace {

ccd::CallWorker& hunt_worker() {
    static ccd::CallWorker worker;
    return worker;
}

} // namespace

void set_hunt_worker(ccd::CallWorker worker) {
    hunt_worker() = std::move(worker);
}

bool can_hunt_in_background() {
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
    return false;
#else
    return true;
#endif
}

std::string_view to_string(HuntPhase phase) {
    switch (phase) {
    case HuntPhase::Idle:
        return "idle";
    case HuntPhase::Hunting:
        return "hunting";
    case HuntPhase::Shrinking:
        return "shrinking";
    case HuntPhase::Done:
        return "done";
    }
    return "idle";
}

const LabState* HuntGroup::opens() const {
    if (const auto* state = std::get_if<LabState>(&lab_form)) return state;
    return std::get_if<LabState>(&found_form);
}

HuntRun::~HuntRun() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
}

void HuntRun::start(const ccd::HuntCase& start, const ccd::Algorithm& algorithm, long budget,
                    const LabState& lab) {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
    stop_ = false;
    publish([&](HuntStatus& s) {
        const std::uint64_t revision = s.revision;
        s = HuntStatus{};
        s.revision = revision;
        s.phase = HuntPhase::Hunting;
        s.algorithm = std::string(algorithm.name);
        s.budget = budget;
        s.calls_in = !ccd::can_isolate_calls() ? "in process"
                     : hunt_worker().empty()   ? "fork"
                                               : "worker";
    });
    thread_ = std::thread(&HuntRun::work, this, start, &algorithm, lab);
}

bool HuntRun::running() const {
    const std::lock_guard lock(mutex_);
    return status_.phase == HuntPhase::Hunting || status_.phase == HuntPhase::Shrinking;
}

HuntStatus HuntRun::status() const {
    const std::lock_guard lock(mutex_);
    return status_;
}

void HuntRun::work(ccd::HuntCase start, const ccd::Algorithm* algorithm, LabState lab) {
    ccd::HuntOptions options;
    {
        const std::lock_guard lock(mutex_);
        options.budget = status_.budget;
    }
    options.isolate = ccd::can_isolate_calls(); // a plugin's crash is a finding, not the app's end
    options.worker = hunt_worker();
    options.judge.tolerance = lab.tolerance;
    options.progress = [this](const ccd::HuntProgress& progress) {
        publish([&](HuntStatus& s) {
            s.variants = progress.variants;
            s.findings = progress.findings;
        });
        return !stop_;
    };
    try {
        const ccd::HuntReport report = ccd::hunt(start, *algorithm, options);
        publish([&](HuntStatus& s) {
            s.phase = HuntPhase::Shrinking;
            s.variants = report.variants;
            s.findings = static_cast<long>(report.findings.size());
            s.stopped = report.stopped;
        });
        shrink_groups(report, *algorithm, options, lab);
    } catch (const std::exception& e) {
        publish([&](HuntStatus& s) { s.error = e.what(); });
    }
    publish([&](HuntStatus& s) {
        s.phase = HuntPhase::Done;
        s.stopped = s.stopped || stop_;
    });
}

// Each group's first finding, shrunk while the hunt is not stopped, in the order of the groups
// (class, then feature).
void HuntRun::shrink_groups(const ccd::HuntReport& report, const ccd::Algorithm& algorithm,
                            const ccd::HuntOptions& options, const LabState& lab) {
    for (const auto& [group, members] : ccd::group_findings(report.findings)) {
        HuntGroup row;
        row.finding_class = group.first;
        row.feature = group.second;
        row.size = static_cast<long>(members.size());
        row.found = row.finding = report.findings[members.front()];
        row.found_form = lab_form(row.found.query, lab);
        if (!stop_) {
            const ccd::Shrunk shrunk = ccd::shrink(row.finding, algorithm, options);
            row.finding = shrunk.finding;
            row.shrunk = true;
            row.shrink_steps = shrunk.steps;
        }
        row.lab_form = lab_form(row.finding.query, lab);
        publish([&](HuntStatus& s) { s.groups.push_back(std::move(row)); });
    }
}

} // namespace ccdlab
