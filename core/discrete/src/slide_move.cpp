#include "ccd/slide_move.hpp"

#include "chain_rule.hpp"

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
        if (!detail::chain_counts(options.chains, i, *contact, disk.center)) continue;
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

namespace {

struct ObstacleContact {
    std::size_t obstacle = 0;
    PolygonContact contact;
};

std::optional<ObstacleContact> polygon_contact_to_resolve(const Polygon& polygon,
                                                          std::span<const Segment> walls,
                                                          std::span<const Polygon> obstacles,
                                                          const SlideMoveOptions& options) {
    std::optional<ObstacleContact> chosen;
    for (std::size_t k = 0; k < walls.size() + obstacles.size(); ++k) {
        const auto contact = k < walls.size() ? find_contact(polygon, walls[k])
                                              : find_contact(polygon, obstacles[k - walls.size()]);
        if (!contact || contact->depth <= options.touching_tolerance) continue;
        if (k < walls.size() &&
            !detail::chain_counts(options.chains, k, *contact, vertex_centroid(polygon)))
            continue;
        if (!options.deepest_first) return ObstacleContact{k, *contact};
        if (!chosen || contact->depth > chosen->contact.depth)
            chosen = ObstacleContact{k, *contact};
    }
    return chosen;
}

} // namespace

PolygonSlideMoveResult slide_move(const Polygon& polygon, Vec2 delta,
                                  std::span<const Segment> walls,
                                  std::span<const Polygon> obstacles,
                                  const SlideMoveOptions& options) {
    PolygonSlideMoveResult result;
    result.moved = delta;
    result.offset = delta;
    result.polygon = translated(polygon, delta);
    for (int i = 0; i < options.max_iterations; ++i) {
        const auto chosen = polygon_contact_to_resolve(result.polygon, walls, obstacles, options);
        if (!chosen) break;
        const Vec2 push = chosen->contact.normal * chosen->contact.depth;
        result.offset += push;
        result.polygon = translated(result.polygon, push);
        result.pushes.push_back({chosen->obstacle, chosen->contact, result.offset});
    }
    result.out_of_iterations =
        static_cast<int>(result.pushes.size()) >= options.max_iterations &&
        polygon_contact_to_resolve(result.polygon, walls, obstacles, options).has_value();
    return result;
}

} // namespace ccd
