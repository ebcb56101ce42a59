#pragma once
// The case the Export dialog writes as a C++ test (ccd/test_export.hpp): the query lab's pair,
// or, in the world, the selected event's pair as it stands at the start of the event's frame.

#include "any_view.hpp"

#include "ccd/test_export.hpp"

#include <string>
#include <variant>
#include <vector>

namespace ccdlab {

struct TestCaseOnScreen {
    std::vector<ccd::ExportCase> cases; // one, or none with `missing` saying why
    std::string what;                   // one line for the dialog: which pair, from where
    std::string missing;
    std::string stem; // the file's name without "_test.cpp": the scene's slug
};

TestCaseOnScreen test_case_on_screen(const AnyView& view);

// The world's selected event's pair, at its frame's start, as a scene of its two items that the
// query lab opens ("Hunt from this event"), with the world scene's algorithm; or why the lab
// cannot take it.
std::variant<ccd::Scene, std::string> event_pair_scene(const WorldView& world);

} // namespace ccdlab
