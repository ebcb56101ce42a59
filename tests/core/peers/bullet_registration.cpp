// core_tests sees the algorithms ccdlab-cli and the app see natively: the core's, "box2d", and
// "bullet", "bullet-gjk" and "bullet-subsimplex" from ccd_bullet, registered before any test runs
// (every test that walks algorithms() or pair_methods() then covers Bullet's rows too).
#include "ccd/bullet_toi.hpp"

namespace {

[[maybe_unused]] const bool kBulletRegistered = ccd::bullet::register_algorithms();

} // namespace
