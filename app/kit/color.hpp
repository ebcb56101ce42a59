#pragma once
// Color and the palette of the canvas, in one place so the tests and docs can name them.

#include "ccd/trace.hpp"

namespace ccdlab {

struct Color {
    float r = 0, g = 0, b = 0, a = 1;
    constexpr Color with_alpha(float alpha) const { return {r, g, b, alpha}; }
};

namespace palette {
inline constexpr Color background{0.08f, 0.09f, 0.11f, 1.0f};
inline constexpr Color grid{0.55f, 0.60f, 0.70f, 0.10f};
inline constexpr Color axis{0.55f, 0.60f, 0.70f, 0.28f};
inline constexpr Color mover{0.25f, 0.60f, 1.00f, 1.0f};    // the moving circle (blue)
inline constexpr Color wall{0.92f, 0.92f, 0.88f, 1.0f};     // the static segment
inline constexpr Color capsule{0.92f, 0.92f, 0.88f, 0.10f}; // the segment inflated by the radius
inline constexpr Color impact{1.00f, 0.42f, 0.22f, 1.0f};   // the circle at the time of impact
inline constexpr Color normal{0.35f, 0.95f, 0.45f, 1.0f};   // the contact normal
inline constexpr Color handle{1.00f, 0.85f, 0.30f, 1.0f};   // draggable points
inline constexpr Color produced_hit{1.00f, 0.42f, 0.22f, 0.22f}; // the capsule part that was hit
inline constexpr Color disagreement{1.00f, 0.25f, 0.45f, 1.0f};  // another algorithm's answer
inline constexpr Color discrete{0.72f, 0.45f, 1.00f, 1.0f};      // a discrete method's ghost
inline constexpr Color highlight{1.00f, 1.00f, 1.00f, 0.95f};    // the selected event's parties
inline constexpr Color cancelled{0.60f, 0.60f, 0.65f, 0.55f};    // a cancelled prediction
inline constexpr Color static_body{0.62f, 0.62f, 0.60f, 1.0f};   // a static body (hatched)
inline constexpr Color acceleration{0.30f, 0.85f, 0.80f, 1.0f};  // a side's acceleration arrow
} // namespace palette

// The colour of a root by its verdict (the equation view and the markers on the path).
Color verdict_color(ccd::RootVerdict verdict);

} // namespace ccdlab
