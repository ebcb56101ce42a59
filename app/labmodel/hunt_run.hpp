#pragma once
// HuntRun: a hunt (docs/hunt.md, core/hunt) from the query lab's pair, run on a thread of its
// own so that the app stays interactive. The thread hunts, then shrinks the first finding of
// each group (class and feature) and turns it into the lab's two sides where the lab can show
// it (hunt_lab_form.hpp). Stop asks the thread to end after its batch; what it found so far is
// kept (a stopped hunt's findings are listed unshrunk). The app reads a snapshot (status()),
// taken under a mutex, each frame.

#include "query_lab.hpp"

#include "ccd/algorithms.hpp"
#include "ccd/hunt.hpp"
#include "ccd/hunt_case.hpp"
#include "ccd/isolated_calls.hpp"

#include <atomic>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <variant>
#include <vector>

namespace ccdlab {

// Whether this build can hunt in the background: the browser build has no threads unless
// Emscripten builds it with pthreads (it does not: web/), and hides the Hunt button.
bool can_hunt_in_background();

enum class HuntPhase { Idle, Hunting, Shrinking, Done };
std::string_view to_string(HuntPhase phase); // "idle", "hunting", "shrinking", "done"

// A group of findings (its class and feature) and the finding the lab opens for it: the first
// found, shrunk (unless the hunt was stopped first).
struct HuntGroup {
    std::string finding_class; // "miss", "false_hit", ..., "metamorphic", "crash"
    std::string feature;       // the certified contact's ("polygon_edge", "no_contact", ...)
    long size = 0;             // findings in the group
    ccd::Finding finding;      // its first, shrunk when `shrunk`
    bool shrunk = false;
    int shrink_steps = 0;
    // The finding's input as the lab's two sides, or why the lab cannot show it.
    std::variant<LabState, std::string> lab_form;
    // The first finding as it was found (before shrinking) and its lab form: what the row opens
    // when the shrunk form has none (a triangle turning about its vertex, say).
    ccd::Finding found;
    std::variant<LabState, std::string> found_form;

    // What clicking the row opens: the shrunk form where the lab can show it, else the form
    // found; nothing when neither.
    const LabState* opens() const;
};

struct HuntStatus {
    HuntPhase phase = HuntPhase::Idle;
    std::string algorithm;
    long budget = 0;
    // Where the method's calls run: "worker" (the program set_hunt_worker gave), "fork" (a
    // child forked from the app) or "in process" (a browser: no processes).
    std::string calls_in;
    long variants = 0; // judged so far
    long findings = 0;
    bool stopped = false;
    std::vector<HuntGroup> groups; // once the hunt is over, as each is shrunk
    std::string error;             // what went wrong when the hunt could not run
    std::uint64_t revision = 0;    // bumped at every change
};

// The program the app's hunts run their calls in (ccd::CallWorker, ccd/isolated_calls.hpp): the
// app's main sets it, before any hunt, to the app itself with --hunt-worker and the plugins it
// loaded, because a fork() of the app (its window's thread and this one) can hang. Empty (the
// default, and a test's): a fork().
void set_hunt_worker(ccd::CallWorker worker);

class HuntRun {
public:
    HuntRun() = default;
    HuntRun(const HuntRun&) = delete;
    HuntRun& operator=(const HuntRun&) = delete;
    ~HuntRun(); // stops the hunt and waits for its thread

    // Hunts around `start` with `algorithm` (budget in variants), its findings turned into sides
    // of the kinds `lab`'s have, judged with its tolerance. A hunt under way is stopped first.
    void start(const ccd::HuntCase& start, const ccd::Algorithm& algorithm, long budget,
               const LabState& lab);
    // Asks the hunt to stop after its batch (or the shrinker after its group).
    void stop() { stop_ = true; }
    bool running() const;
    HuntStatus status() const;

private:
    void work(ccd::HuntCase start, const ccd::Algorithm* algorithm, LabState lab);
    void shrink_groups(const ccd::HuntReport& report, const ccd::Algorithm& algorithm,
                       const ccd::HuntOptions& options, const LabState& lab);
    template <class Change>
    void publish(Change change) {
        const std::lock_guard lock(mutex_);
        change(status_);
        ++status_.revision;
    }

    std::thread thread_;
    std::atomic<bool> stop_{false};
    mutable std::mutex mutex_;
    HuntStatus status_; // guarded by mutex_
};

} // namespace ccdlab
