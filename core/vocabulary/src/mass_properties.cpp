#include "ccd/mass_properties.hpp"

#include <cmath>

namespace ccd {

MassProperties mass_properties(const Polygon& polygon) {
    const std::vector<Vec2>& v = polygon.vertices;
    if (v.size() < 3) return {0.0, vertex_centroid(polygon), 0.0};
    const Vec2 s = v[0];
    double twice_area = 0.0;
    Vec2 weighted;       // sum of D (e1 + e2): 6 x area x centroid, relative to s
    double second = 0.0; // sum of D (the six products): 12 x the second moment about s
    for (std::size_t i = 1; i + 1 < v.size(); ++i) {
        const Vec2 e1 = v[i] - s, e2 = v[i + 1] - s;
        const double d = cross(e1, e2);
        twice_area += d;
        weighted += (e1 + e2) * d;
        second +=
            d * (e1.x * e1.x + e1.x * e2.x + e2.x * e2.x + e1.y * e1.y + e1.y * e2.y + e2.y * e2.y);
    }
    if (twice_area == 0.0) return {0.0, vertex_centroid(polygon), 0.0};
    const Vec2 c = weighted * (1.0 / (3.0 * twice_area)); // relative to s
    const double area = 0.5 * twice_area;
    // Per unit of mass: the second moment about s over the area, shifted to the centroid.
    const double about_s = (second / 12.0) / area;
    return {std::fabs(area), s + c, about_s - dot(c, c)};
}

} // namespace ccd
