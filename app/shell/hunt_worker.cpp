// The app as its hunts' worker (hunt_worker.hpp).
#include "hunt_worker.hpp"

#include "ccd/algorithms.hpp"
#include "ccd/plugin_loader.hpp"

#include <filesystem>
#include <iostream>
#include <string_view>
#include <system_error>

namespace ccdlab {

ccd::CallWorker hunt_worker_command(const std::vector<std::string>& plugins) {
    std::error_code error;
    const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
    if (error) return {};
    ccd::CallWorker command{self.string(), kHuntWorkerFlag};
    for (const std::string& plugin : plugins) {
        command.emplace_back("--engine");
        command.push_back(plugin);
    }
    return command;
}

int serve_hunt_worker(int argc, char** argv) {
    int at = 2; // past the program and --hunt-worker
    try {
        for (; at + 1 < argc && std::string_view(argv[at]) == "--engine"; at += 2)
            ccd::load_engine_plugin(argv[at + 1]);
    } catch (const ccd::PluginError& e) {
        std::cerr << "ccdlab " << kHuntWorkerFlag << ": " << e.what() << '\n';
        return 2;
    }
    const ccd::Algorithm* algorithm = at + 1 == argc ? ccd::find_algorithm(argv[at]) : nullptr;
    if (!algorithm) {
        std::cerr << "ccdlab " << kHuntWorkerFlag
                  << ": usage: --hunt-worker [--engine PATH]... ALGORITHM (a registered one)\n";
        return 2;
    }
    return ccd::serve_calls(*algorithm, 0, 1);
}

} // namespace ccdlab
