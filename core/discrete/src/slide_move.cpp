#include "ccd/slide_move.hpp"

#include <optional>

namespace ccd {
namespace {

struct WallContact {
    std::size_t wall = 0;
    Contact contact;
};

// Seed 001's collideWithSegments: the deepest contact (the first of equal depths), or with
// deepest_first off the first contact in list order, among those deeper than the tolerance.
std::optional<WallContact> contact_to_resolve(const Circle& disk, std::span<const Segment> walls,
                                              const SlideMoveOptions& options) {
    std::optional<WallContact> chosen;
    for (std::size_t i = 0; i < walls.size(); ++i) {
        const auto contact = find_contact(disk, walls[i]);
        if (!contact || contact->depth <= options.touching_tolerance) continue;
        if (!options.deepest_first) return WallContact{i, *contact};
        if (!chosen || contact->depth > chosen->contact.depth) chosen = WallContact{i, *contact};
    }
    return chosen;
}

} // namespace

SlideMoveResult slide_move(const Circle& disk, Vec2 delta, std::span<const Segment> walls,
                           const SlideMoveOptions& options) {
    SlideMoveResult result;
    result.moved = disk.center + delta;
    Circle current{result.moved, disk.radius};
    for (int i = 0; i < options.max_iterations; ++i) {
        const auto chosen = contact_to_resolve(current, walls, options);
        if (!chosen) break;
        current.center += chosen->contact.normal * chosen->contact.depth;
        result.pushes.push_back({chosen->wall, chosen->contact, current.center});
    }
    result.position = current.center;
    // Seed 001 stops after the last push without looking again; we look once more so the
    // caller knows whether the budget, not the walls, ended the loop.
    result.out_of_iterations = static_cast<int>(result.pushes.size()) >= options.max_iterations &&
                               contact_to_resolve(current, walls, options).has_value();
    return result;
}

} // namespace ccd
