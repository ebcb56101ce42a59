#pragma once
// A scene's units (docs/scene-format.md, "Units"): what its lengths are measured in, and the
// time step of one frame. With a time step, a scene file writes its rates (velocities, angular
// velocities, a segment's end velocities and turn) per second, as engines have them; the core
// takes displacements per frame, so the loader multiplies each by the time step and the writer
// divides it back.

#include "ccd/vec2.hpp"

#include <optional>
#include <string_view>

namespace ccd {

enum class LengthUnit { Metres, Pixels };

std::string_view to_string(LengthUnit unit); // "metres", "pixels"
// The short form a readout writes after a number: "m", "px".
std::string_view symbol(LengthUnit unit);

struct SceneUnits {
    LengthUnit length = LengthUnit::Metres;
    // How many pixels make a metre, for a scene in pixels (shown beside its readouts); none
    // for a scene in metres.
    std::optional<double> pixels_per_metre = {};
    // Seconds per frame (> 0): the file's rates are per second. None: they are per frame.
    std::optional<double> dt = {};
    friend bool operator==(const SceneUnits&, const SceneUnits&) = default;
};

// A rate per second as the core takes it, per frame: `per_second` x `dt`, rounded once (one IEEE
// double multiplication).
double per_frame(double per_second, double dt);
Vec2 per_frame(Vec2 per_second, double dt);

// What the writer writes for a rate of `per_frame` a frame: of the per-second numbers that
// per_frame() turns back into `per_frame` exactly (a rate read from a file always has one: the
// number it wrote), the one with the shortest decimal form, the nearest `per_frame` / `dt` among
// equals; with none, `per_frame` / `dt` rounded (a rate set per frame by hand, which then reads
// back within an ulp).
double per_second(double per_frame, double dt);
Vec2 per_second(Vec2 per_frame, double dt);

// An acceleration (gravity) per second squared as the core takes it, per frame squared:
// `per_second_squared` x (dt x dt), the square rounded once and the product once, so a file's
// number always has one per-second-squared double that gives it back (per_second_squared below).
Vec2 per_frame_squared(Vec2 per_second_squared, double dt);
// What the writer writes for an acceleration of `per_frame_squared`: per_second over dt x dt.
Vec2 per_second_squared(Vec2 per_frame_squared, double dt);

} // namespace ccd
