#pragma once
// A method's answers to many cases where a crash cannot end the caller (docs/hunt.md, "Crashes"):
// natively (POSIX) the calls of a batch run in a child process made with fork(), which sends
// each answer back through a pipe as soon as it has it; when the child dies, the case it was
// answering is the crash (its signal or exit status said), and a new child takes the batch up
// after it. In a browser (Emscripten has no fork) or when isolation is off, the calls run in
// this process, and a crash ends it.

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

// Whether this build can isolate calls (fork() and pipes: POSIX, not the browser).
bool can_isolate_calls();

// `algorithm`'s answer to each case, in order (ccd::inexpressible first, then answer_of, with no
// trace: both may call a plugin); with `isolate` (and
// can_isolate_calls()), each batch in a child process as above.
std::vector<CallOutcome> call_method(const Algorithm& algorithm, std::span<const HuntCase> cases,
                                     bool isolate);

} // namespace ccd
