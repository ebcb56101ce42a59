#pragma once
// WorldKeyframe: the part of a World's state between frames that changes from frame to frame,
// packed (World::keyframe); World::restored rebuilds the whole World from it and a World of
// the same bodies and walls, bit for bit as it would step. What never changes during a run (a
// body's radius, mass, restitution, response, outline and callback, a wall's displacements,
// the options) is kept once, in that other World, and not in every keyframe.
// ccd/recording.hpp keeps its keyframes so; docs/recording.md, "What a keyframe is".

#include "ccd/shapes.hpp"
#include "ccd/vec2.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ccd {

// Made by World::keyframe only; read by World::restored. About 37 bytes a body.
struct WorldKeyframe {
    int frames_completed = 0;
    int log_frame = 0; // log().frame of the World it was taken of
    // By body: where it is at the frame's start, the velocity it moves by, its version counter
    // (ccd/world.hpp's scheduler: a change of trajectory bumps it) and whether it is alive.
    std::vector<Vec2> origins;
    std::vector<Vec2> velocities;
    std::vector<std::uint32_t> versions;
    std::vector<std::uint8_t> alive;
    // The side memories a later frame can still read: a body's last contact, when it was within
    // the chattering window of the frame boundary (docs/scheduler.md, "Side memory"); an older
    // one can never match a prediction again and is not kept. By body, ascending.
    struct SideMemory {
        int body = 0;
        int other = 0;
        double time = 0.0; // frame time, below 0: in the frame before
        Vec2 normal;
        std::uint8_t kind = 0; // 1 + OtherKind
    };
    std::vector<SideMemory> memories;
    // Bodies whose motion is not their velocity (alive) or zero (removed): none, in every World
    // the scheduler leaves between frames; kept so that restored is exact whatever happens.
    struct Motion {
        int body = 0;
        Vec2 motion;
    };
    std::vector<Motion> motions;
    // Turning polygons (ascending by body): the orientation at the frame's start and the angular
    // velocity (between frames a body turns by it, or not at all once removed).
    struct Spin {
        int body = 0;
        double angle = 0.0;
        double angular_velocity = 0.0;
    };
    std::vector<Spin> spins;
    std::vector<Segment> walls; // by wall: where it is at the frame's start

    // What it holds: itself and its vectors' storage.
    std::size_t bytes() const;
};

} // namespace ccd
