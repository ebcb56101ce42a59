#pragma once
// A contact as the World's response sees it (world_response.cpp): its two sides, each a body or
// a wall, and the outcome a response strategy gives each. Private to the core.

#include "ccd/world.hpp"

#include "world_records.hpp"

namespace ccd::detail {

// One side of a contact: a body (its records) or a wall (no records), and the velocity of its
// material at the contact point when the contact is processed.
struct ContactSide {
    int index = 0;                // among the bodies, or the walls
    BodyRecord* record = nullptr; // null for a wall
    BodyMotion* motion = nullptr; // null for a wall
    Vec2 velocity;

    bool is_body() const { return record != nullptr; }
};

// The two sides of a contact: `a` its body, `b` the other body or the wall.
struct ContactSides {
    ContactSide a;
    ContactSide b;

    // A sensor takes part: a contact between two bodies then changes neither.
    bool sensor_pair() const {
        return b.is_body() && (is_sensor(*a.motion) || is_sensor(*b.motion));
    }
};

// What a response gives one body: its velocity (or removal) and, for a turning body, its
// angular velocity from now on.
struct SideOutcome {
    ContactOutcome linear;
    double angular = 0.0;
};

struct ContactOutcomes {
    SideOutcome a;
    SideOutcome b; // a wall's is not read
};

} // namespace ccd::detail
