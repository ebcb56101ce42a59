#pragma once
// A method's answers to many cases where a crash cannot end the caller (docs/hunt.md, "Crashes"):
// natively (POSIX) the calls of a batch run in a child process, which sends each answer back
// through a pipe as soon as it has it; when the child dies, the case it was answering is the
// crash (its signal or exit status said), and a new child takes the batch up after it. The child
// is a fork() of the caller, or, for a caller with threads, a fresh worker program started with
// posix_spawn() (CallWorker). In a browser (Emscripten has no processes) or when isolation is
// off, the calls run in this process, and a crash ends it.

#include "ccd/algorithms.hpp"
#include "ccd/hunt_case.hpp"
#include "ccd/judge.hpp"

#include <span>
#include <string>
#include <vector>

namespace ccd {

struct CallOutcome {
    MethodAnswer answer;
    // The method cannot take the input (ccd::inexpressible: a peer's limits, a plugin's answer
    // that its loader refuses); the answer's failure says why. Not judged.
    bool refused = false;
    bool crashed = false;
    std::string crash; // how the child ended: "killed by signal 6 (Aborted)", ...
};

// Whether this build can isolate calls (fork(), posix_spawn() and pipes: POSIX, not the browser).
bool can_isolate_calls();

// The program a batch's calls run in, started afresh for each batch: its path and arguments, to
// which the algorithm's name is added last. The program must answer with serve_calls (on its
// standard input and output) and have the algorithm of that name registered, plugins included.
// Empty: the child is a fork() of the caller instead, which is for a caller with one thread.
// A fork() copies only the thread that calls it, so a lock another thread held at that moment
// stays locked in the child for good: under AddressSanitizer its allocator's lock hangs the
// child of the app, whose window's thread allocates all the time.
using CallWorker = std::vector<std::string>;

// `algorithm`'s answer to each case, in order (ccd::inexpressible first, then answer_of, with no
// trace: both may call a plugin); with `isolate` (and can_isolate_calls()), each batch in a
// child process as above, `worker` when it is not empty. std::runtime_error when a child cannot
// be made, or a worker ends before it has read its cases (it could not start: its status said).
std::vector<CallOutcome> call_method(const Algorithm& algorithm, std::span<const HuntCase> cases,
                                     bool isolate, const CallWorker& worker = {});

// A worker's side of call_method: reads the cases call_method writes to its standard input
// (`in`) until it ends, then answers each on `out` as soon as it has it. 0 when every case is
// answered, 2 when the input does not read as cases, 3 when `out` is closed.
int serve_calls(const Algorithm& algorithm, int in, int out);

} // namespace ccd
