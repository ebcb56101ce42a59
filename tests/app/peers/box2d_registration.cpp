// app_tests sees the algorithms the app sees: the core's, and "box2d" from ccd_box2d, registered
// before any test runs (app/shell/main.cpp registers it the same way).
#include "ccd/box2d_toi.hpp"

namespace {

[[maybe_unused]] const bool kBox2DRegistered = ccd::box2d::register_algorithm();

} // namespace
