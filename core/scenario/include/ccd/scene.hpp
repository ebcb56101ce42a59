#pragma once
// Scene: everything a scene file holds (docs/scene-format.md). Plain data.

#include "ccd/shapes.hpp"

#include <optional>
#include <string>
#include <vector>

namespace ccd {

inline constexpr int kSceneFormatVersion = 1;

enum class BodyShape { Circle, Point };

// What a body does when the scheduler finds it touching something (docs/scheduler.md).
enum class BodyResponse { Bounce, Slide, Stop, Destroy, Sensor };

// A dynamic body: a circle (or a point, radius 0) that moves by `velocity` per frame.
struct Body {
    std::string name;
    BodyShape shape = BodyShape::Circle;
    Circle circle;
    Vec2 velocity; // displacement over one frame
    BodyResponse response = BodyResponse::Bounce;
    double restitution = 1.0; // in [0, 1]; used by Bounce
};

// A static segment (a wall).
struct Wall {
    std::string name;
    Segment segment;
};

// The part of the world shown when the scene opens.
struct View {
    Vec2 center;
    double height = 10.0; // world units from the bottom to the top of the canvas
};

struct Scene {
    std::string title;
    std::string description;
    std::vector<Body> bodies;
    std::vector<Wall> walls;
    std::optional<View> view;
};

// A view that shows every body (start and end of its frame) and every wall, with a margin.
View framing_view(const Scene& scene);

} // namespace ccd
