#include "ccd/vec2.hpp"

namespace ccd {

Vec2 normalized_rescaled_or(Vec2 a, Vec2 fallback) {
    const double len = length(a);
    if (!(len > 0.0)) return fallback;
    if (len > 0x1p-900 && len < 0x1p1000) return Vec2{a.x / len, a.y / len};
    a *= len < 1.0 ? 0x1p1000 : 0x1p-2;
    const double scaled = length(a);
    return Vec2{a.x / scaled, a.y / scaled};
}

} // namespace ccd
