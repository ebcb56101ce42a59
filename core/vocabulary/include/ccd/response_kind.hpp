#pragma once
// ResponseKind: what a body does when the scheduler finds it touching something
// (docs/scheduler.md, "Responses"). The World's bodies and a scene's bodies and polygons share
// it; a scene file names the first five (docs/scene-format.md), a callback exists in code only.

namespace ccd {

enum class ResponseKind {
    Bounce,   // reflect the closing velocity, scaled by the restitution
    Slide,    // remove the closing velocity, keep the tangential part
    Stop,     // velocity becomes zero (against a kinematic wall: the wall's, at the contact)
    Destroy,  // the body is removed
    Sensor,   // report the contact and pass through (nothing changes)
    Callback, // ask the body's callback (World's Response::call)
};

} // namespace ccd
