#include "ccd/shapes.hpp"

namespace ccd {

Vec2 vertex_centroid(const Polygon& polygon) {
    if (polygon.vertices.empty()) return {};
    Vec2 sum;
    for (Vec2 v : polygon.vertices)
        sum += v;
    return sum * (1.0 / static_cast<double>(polygon.vertices.size()));
}

Vec2 area_centroid(const Polygon& polygon) {
    const std::vector<Vec2>& v = polygon.vertices;
    if (v.size() < 3) return vertex_centroid(polygon);
    // Triangles fanned from vertex 0, in coordinates relative to it (no cancellation far away).
    double twice_area = 0.0;
    Vec2 weighted;
    for (std::size_t i = 1; i + 1 < v.size(); ++i) {
        const Vec2 p = v[i] - v[0], q = v[i + 1] - v[0];
        const double w = cross(p, q);
        twice_area += w;
        weighted += (p + q) * w;
    }
    if (twice_area == 0.0) return vertex_centroid(polygon);
    return v[0] + weighted * (1.0 / (3.0 * twice_area));
}

bool is_convex(const Polygon& polygon) {
    const std::vector<Vec2>& v = polygon.vertices;
    const std::size_t n = v.size();
    if (n < 3) return false;
    int side = 0; // +1: every vertex left of every edge (counter-clockwise), -1: right
    for (std::size_t i = 0; i < n; ++i) {
        const Vec2 a = v[i], b = v[(i + 1) % n];
        for (std::size_t j = 0; j < n; ++j) {
            const double c = cross(b - a, v[j] - a);
            if (c == 0.0) continue;
            const int s = c > 0.0 ? 1 : -1;
            if (side == 0) side = s;
            if (s != side) return false;
        }
    }
    return side != 0;
}

Polygon translated(Polygon polygon, Vec2 offset) {
    for (Vec2& v : polygon.vertices)
        v += offset;
    return polygon;
}

std::string_view to_string(ShapeKind kind) {
    switch (kind) {
    case ShapeKind::Point:
        return "point";
    case ShapeKind::Circle:
        return "circle";
    case ShapeKind::Segment:
        return "segment";
    case ShapeKind::Polygon:
        return "polygon";
    }
    return "unknown";
}

std::string_view to_string(MotionKind kind) {
    switch (kind) {
    case MotionKind::Still:
        return "still";
    case MotionKind::Translation:
        return "translation";
    case MotionKind::EndMotion:
        return "end_motion";
    case MotionKind::Turning:
        return "turning";
    }
    return "unknown";
}

} // namespace ccd
