#pragma once
// The app as the worker its hunts run their calls in (ccd::CallWorker, ccd/isolated_calls.hpp):
// a hunt in the app starts `ccdlab --hunt-worker [--engine PATH]... ALGORITHM` for each batch,
// a fresh process of one thread that loads the same plugins and answers the batch (a fork() of
// the app, whose window's thread holds locks at any moment, can hang).

#include "ccd/isolated_calls.hpp"

#include <string>
#include <vector>

namespace ccdlab {

inline constexpr const char* kHuntWorkerFlag = "--hunt-worker";

// The command that starts this executable as a worker with `plugins` loaded (the algorithm's
// name is added by the hunt); empty when this executable's path cannot be read.
ccd::CallWorker hunt_worker_command(const std::vector<std::string>& plugins);

// The worker's main: `--hunt-worker [--engine PATH]... ALGORITHM` in argv[1...]. Its exit
// status is ccd::serve_calls's, or 2 for a plugin that does not load or an unknown algorithm
// (said on standard error).
int serve_hunt_worker(int argc, char** argv);

} // namespace ccdlab
