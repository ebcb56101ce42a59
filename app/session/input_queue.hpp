#pragma once
// InputQueue: the window's input events in arrival order, handed to the app a frame's share at a
// time so that no change is hidden by a later one in the same frame. ImGui 1.86 reads key and
// button states once per frame: a key pressed and released between two frames, or a click
// shorter than a frame, would never be seen. The frame's share follows the trickling rules of
// ImGui 1.87's own input queue (io.AddKeyEvent, ImGui::UpdateInputEvents), and is stricter
// with keys: it stops before
//   - a mouse button that already changed in this frame changes again,
//   - a key changes after any key or a button changed in this frame (one key a frame: the frame
//     that sees Q pressed in Ctrl+Q sees Ctrl down, even when Ctrl is let go first),
//   - the pointer moves after a button, wheel, key or text event of this frame,
//   - the wheel turns after the pointer moved or a button changed in this frame,
//   - text arrives after a key or button changed,
// and leaves the rest for the next frames. No GLFW, no ImGui: tests/app.

#include <cstddef>
#include <deque>
#include <vector>

namespace ccdlab {

struct InputEvent {
    enum class Kind { Key, Text, MouseButton, MouseMove, Wheel };
    Kind kind = Kind::Key;
    int code = 0;        // Key: the key code; MouseButton: the button; Text: the code point
    bool down = false;   // Key, MouseButton: pressed (true) or released
    double x = 0, y = 0; // MouseMove: the pointer in window pixels; Wheel: the offsets
};

class InputQueue {
public:
    void push(const InputEvent& event) { events_.push_back(event); }
    // This frame's share of the events, oldest first (possibly none); the rest stay queued.
    std::vector<InputEvent> take_frame();
    bool empty() const { return events_.empty(); }
    std::size_t size() const { return events_.size(); }

private:
    std::deque<InputEvent> events_;
};

} // namespace ccdlab
