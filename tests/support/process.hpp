#pragma once
// Running the real executables from a test: a command to completion, or a process in the
// background that the test drives and then waits for.

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include <sys/types.h>

namespace ccdlab_test {

struct CommandResult {
    int exit_code = -1;
    std::string output; // standard output and standard error together
};

// Runs `command` with /bin/sh and waits for it.
CommandResult run_command(const std::string& command);

class BackgroundProcess {
public:
    // Starts argv[0] (a path) with its arguments, in `directory` when one is given.
    explicit BackgroundProcess(const std::vector<std::string>& argv,
                               const std::string& directory = "");
    ~BackgroundProcess(); // kills the process if it still runs
    BackgroundProcess(const BackgroundProcess&) = delete;
    BackgroundProcess& operator=(const BackgroundProcess&) = delete;

    // The exit code, or nothing if it did not exit within `timeout`.
    std::optional<int> wait_for_exit(std::chrono::milliseconds timeout);
    bool running();

private:
    pid_t pid_ = -1;
    std::optional<int> exit_code_;
};

// Polls `condition` every 50 ms until it holds or `timeout` passes.
template <class Condition>
bool eventually(Condition condition, std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (!condition()) {
        if (std::chrono::steady_clock::now() > deadline) return false;
        struct timespec pause {
            0, 50'000'000
        };
        nanosleep(&pause, nullptr);
    }
    return true;
}

} // namespace ccdlab_test
