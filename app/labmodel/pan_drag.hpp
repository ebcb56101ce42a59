#pragma once
// PanDrag: a drag that pans the view, followed frame by frame. It starts where the button went
// down: the first frame of a drag pans by nothing, however far the pointer moved since the
// frame before (a move and a click can reach the app in one frame), and each later frame by
// what the pointer moved since the last.

#include "ccd/vec2.hpp"

#include <optional>

namespace ccdlab {

class PanDrag {
public:
    // This frame: whether the panning button is held and where the pointer is (window
    // pixels). Returns the pixels the view pans by.
    ccd::Vec2 follow(bool held, ccd::Vec2 pointer) {
        if (!held) {
            last_.reset();
            return {};
        }
        const ccd::Vec2 moved = last_ ? pointer - *last_ : ccd::Vec2{};
        last_ = pointer;
        return moved;
    }
    bool dragging() const { return last_.has_value(); }

private:
    std::optional<ccd::Vec2> last_; // the pointer at the drag's last frame
};

} // namespace ccdlab
