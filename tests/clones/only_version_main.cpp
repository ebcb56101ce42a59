// The query tests against a core whose hot queries are built for one CPU version only
// (core/vocabulary/include/ccd/detail/cpu_clones.hpp). A machine runs only the clone its CPU picks;
// these runs test the others it can run. Exits 77 (ctest: skipped) when this CPU cannot run the
// version.
#include <gtest/gtest.h>

#include <cstdio>

int main(int argc, char** argv) {
    __builtin_cpu_init();
    if (!__builtin_cpu_supports(CCD_TESTED_VERSION)) {
        std::printf("this CPU cannot run %s code: skipped\n", CCD_TESTED_VERSION);
        return 77;
    }
    testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
