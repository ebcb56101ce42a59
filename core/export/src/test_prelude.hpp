#pragma once
// The fixed parts of an exported test: the framework's includes and macros, and the helpers
// every case's test calls (the judge's rule on one answer, the certified call or the engine's).

#include "ccd/test_export.hpp"

#include <string>

namespace ccd::test_export {

// The includes of a file for `framework` and `target`, after its first comment.
std::string includes(TestFramework framework, TestTarget target);
// The helpers: Expected, Answer, disagreement(), and certified_answer() or engine_answer().
std::string helpers(TestTarget target);
// The opening of one test named `name` in `suite` (C identifiers) and, for its body's end, the
// assertion that `why` (a std::string) is empty, showing it when not.
std::string test_opening(TestFramework framework, const std::string& suite,
                         const std::string& name);
std::string test_assertion(TestFramework framework);

} // namespace ccd::test_export
