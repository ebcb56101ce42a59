// core_tests sees the algorithms ccdlab-cli and the app see: the core's, and "box2d" from
// ccd_box2d, registered before any test runs (every test that walks algorithms() or
// pair_methods() then covers Box2D's rows too).
#include "ccd/box2d_toi.hpp"

namespace {

[[maybe_unused]] const bool kBox2DRegistered = ccd::box2d::register_algorithm();

} // namespace
