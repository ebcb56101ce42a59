#include "ccd/shapes.hpp"

namespace ccd {

Vec2 vertex_centroid(const Polygon& polygon) {
    if (polygon.vertices.empty()) return {};
    Vec2 sum;
    for (Vec2 v : polygon.vertices)
        sum += v;
    return sum * (1.0 / static_cast<double>(polygon.vertices.size()));
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
