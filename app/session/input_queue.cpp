#include "input_queue.hpp"

#include <algorithm>

namespace ccdlab {

std::vector<InputEvent> InputQueue::take_frame() {
    std::vector<InputEvent> frame;
    std::vector<int> buttons_changed;
    bool key_changed = false;
    bool moved = false, wheeled = false, typed = false;
    const auto contains = [](const std::vector<int>& codes, int code) {
        return std::find(codes.begin(), codes.end(), code) != codes.end();
    };
    while (!events_.empty()) {
        const InputEvent& e = events_.front();
        const bool button_changed = !buttons_changed.empty();
        bool stop = false;
        switch (e.kind) {
        case InputEvent::Kind::Key:
            stop = key_changed || button_changed;
            if (!stop) key_changed = true;
            break;
        case InputEvent::Kind::Text:
            stop = key_changed || button_changed || moved || wheeled;
            typed = true;
            break;
        case InputEvent::Kind::MouseButton:
            stop = contains(buttons_changed, e.code) || wheeled;
            if (!stop) buttons_changed.push_back(e.code);
            break;
        case InputEvent::Kind::MouseMove:
            stop = button_changed || wheeled || key_changed || typed;
            moved = true;
            break;
        case InputEvent::Kind::Wheel:
            stop = moved || button_changed;
            wheeled = true;
            break;
        }
        if (stop) break;
        frame.push_back(e);
        events_.pop_front();
    }
    return frame;
}

} // namespace ccdlab
