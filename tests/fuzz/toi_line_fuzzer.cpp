// libFuzzer target for `ccdlab-cli toi` (tests/fuzz/run.sh toi_line builds and runs it). The
// input is the command's standard input: every line is answered as the command answers it
// (answer_line), with every algorithm (Box2D's "box2d" included, registered as ccdlab-cli
// does), with and without --trace. An exception escaping (the
// command would abort), a crash, a sanitizer report, a hang or an answer that breaks what
// toi_answer_check.hpp lists is a bug.
#include "toi_answer_check.hpp"
#include "toi_line.hpp"

#include "ccd/algorithms.hpp"
#include "ccd/box2d_toi.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    ccd::box2d::register_algorithm();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    long number = 1;
    for (std::size_t start = 0; start < input.size(); ++number) {
        std::size_t end = input.find('\n', start);
        if (end == std::string_view::npos) end = input.size();
        const std::string_view line = input.substr(start, end - start);
        start = end + 1;
        for (const ccd::Algorithm& algorithm : ccd::algorithms()) {
            const bool exact = algorithm.name == ccd::algorithms().front().name;
            for (const bool with_trace : {false, true}) {
                const ccdlab::cli::LineAnswer answer =
                    ccdlab::cli::answer_line(line, number, algorithm, with_trace);
                if (answer.text.empty()) continue;
                if (const auto violation = ccdfuzz::check_toi_answer(line, answer.text, exact)) {
                    std::fprintf(stderr, "toi --algorithm %.*s%s: %s: %s\nanswer: %.2000s\n",
                                 static_cast<int>(algorithm.name.size()), algorithm.name.data(),
                                 with_trace ? " --trace" : "", violation->kind.c_str(),
                                 violation->detail.c_str(), answer.text.c_str());
                    std::abort();
                }
            }
        }
    }
    return 0;
}
