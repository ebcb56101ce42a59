// A worker for the hunt's tests (ccd::CallWorker, ccd/isolated_calls.hpp): `hunt_call_worker
// [--engine PATH]... ALGORITHM` loads the plugins, then answers the cases on its standard input
// with ccd::serve_calls. Box2D is registered, as in hunt_tests.
#include "ccd/algorithms.hpp"
#include "ccd/box2d_toi.hpp"
#include "ccd/isolated_calls.hpp"
#include "ccd/plugin_loader.hpp"

#include <string_view>

int main(int argc, char** argv) {
    ccd::box2d::register_algorithm();
    int at = 1;
    for (; at + 1 < argc && std::string_view(argv[at]) == "--engine"; at += 2)
        ccd::load_engine_plugin(argv[at + 1]);
    const ccd::Algorithm* algorithm = at + 1 == argc ? ccd::find_algorithm(argv[at]) : nullptr;
    return algorithm ? ccd::serve_calls(*algorithm, 0, 1) : 2;
}
