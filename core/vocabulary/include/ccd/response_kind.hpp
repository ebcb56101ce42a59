#pragma once
// ResponseKind: what a body does when the scheduler finds it touching something
// (docs/scheduler.md, "Responses"). The World's bodies and a scene's bodies and polygons share
// it; a scene file names the first five (docs/scene-format.md), a callback exists in code only.

#include <optional>
#include <string_view>

namespace ccd {

enum class ResponseKind {
    Bounce,   // reflect the closing velocity, scaled by the restitution
    Slide,    // remove the closing velocity, keep the tangential part
    Stop,     // velocity becomes zero (against a kinematic wall: the wall's, at the contact)
    Destroy,  // the body is removed
    Sensor,   // report the contact and pass through (nothing changes)
    Callback, // ask the body's callback (World's Response::call)
};

// Its name, as a scene file spells it: "bounce", "slide", "stop", "destroy", "sensor"; and
// "callback" for the one no file can name.
std::string_view to_string(ResponseKind response);
// The kind a scene file names, or nothing for any other text ("callback" included: a file
// cannot hold a function).
std::optional<ResponseKind> parse_response_kind(std::string_view name);

} // namespace ccd
