#pragma once
// Where a test process writes its scratch files: a folder of its own under the system's
// temporary folder, named with the process id, so that two test runs at once (the default and
// the asan build, two developers) never share a file; removed when the process exits normally.

#include <filesystem>
#include <string>
#include <system_error>

#include <unistd.h>

namespace ccdlab_test {

inline const std::filesystem::path& scratch_root() {
    struct Root {
        std::filesystem::path path =
            std::filesystem::temp_directory_path() / ("ccdlab-tests-" + std::to_string(::getpid()));
        Root() { std::filesystem::create_directories(path); }
        ~Root() {
            std::error_code ignored; // leaving a folder behind is not worth a failure at exit
            std::filesystem::remove_all(path, ignored);
        }
    };
    static const Root root;
    return root.path;
}

} // namespace ccdlab_test
