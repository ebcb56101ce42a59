#include "ccd/collide_and_slide.hpp"

#include "ccd/toi_circle_segment.hpp"
#include "ccd/toi_polygon.hpp"

#include "chain_rule.hpp"

#include <algorithm>
#include <functional>

namespace ccd {
namespace {

// Relative size under which a leftover is rounding, not geometry: a motion shorter than this
// fraction of what it came from is zero, and a motion going into a wall by less than this
// fraction of its length (an angle under 1e-9 rad) counts as sliding along it.
constexpr double kRoundingSlack = 1e-9;

struct Constraint {
    std::size_t wall = 0;
    Vec2 normal;
};

bool respects(Vec2 motion, const std::vector<Constraint>& touching) {
    const double slack = kRoundingSlack * length(motion);
    return std::all_of(touching.begin(), touching.end(),
                       [&](const Constraint& c) { return dot(motion, c.normal) >= -slack; });
}

// The motion nearest `wanted` that goes into none of the walls touching the disk: `wanted`
// itself, or its projection on one wall's line that respects the others (the longest such).
// Nothing when no wall's line will do: in 2D two walls meeting at an angle leave no room.
std::optional<Vec2> slide_along(Vec2 wanted, const std::vector<Constraint>& touching) {
    if (respects(wanted, touching)) return wanted;
    std::optional<Vec2> best;
    for (const Constraint& c : touching) {
        Vec2 along = wanted - c.normal * dot(wanted, c.normal);
        if (length(along) <= kRoundingSlack * length(wanted)) along = Vec2{}; // head-on
        if (!respects(along, touching)) continue;
        if (!best || length_squared(along) > length_squared(*best)) best = along;
    }
    return best;
}

// A hit on the end cap at `joint` of wall `hit_wall` is a ghost when another wall shares that
// endpoint and the center, at the hit, projects strictly inside that wall: the disk is then
// within the neighbour's band, whose own contact (its face normal) governs.
bool covered_by_neighbour(std::size_t hit_wall, Vec2 joint, Vec2 center,
                          std::span<const Segment> walls) {
    for (std::size_t j = 0; j < walls.size(); ++j) {
        if (j == hit_wall) continue;
        const Segment& other = walls[j];
        const Vec2 far = other.a == joint ? other.b : other.b == joint ? other.a : joint;
        if (far == joint) continue; // not a neighbour, or a zero-length one
        if (dot(center - joint, far - joint) > 0.0) return true;
    }
    return false;
}

// The closing speed along the normal: how hard the motion drives into the wall.
double closing_speed(Vec2 motion, const Hit& hit) {
    return -dot(motion, hit.normal);
}

// The time of impact of the mover, its reference point at `at`, moving by `motion`, with wall i.
using WallQuery = std::function<std::optional<Hit>(Vec2 at, Vec2 motion, std::size_t wall)>;

// Whether a hit on wall i counts: a chain's edge by its own rule, another wall unless it is a
// ghost at a joint (with smooth_joints).
bool counts(const Hit& hit, std::size_t i, Vec2 center, std::span<const Segment> walls,
            const CollideAndSlideOptions& options) {
    if (detail::chain_edge_of(options.chains, i))
        return detail::chain_counts(options.chains, i, hit.feature, hit.normal, center);
    return !(options.smooth_joints && hit.feature != Feature::SegmentInterior &&
             covered_by_neighbour(i, hit.point, center, walls));
}

// The earliest hit that blocks the motion: approaching, not a wall already handled at this
// position, not a ghost at a joint. Ties go to the hit driving in hardest, then list order.
std::optional<SlideContact> first_blocking_contact(Vec2 at, Vec2 motion,
                                                   std::span<const Segment> walls,
                                                   const std::vector<Constraint>& touching,
                                                   const CollideAndSlideOptions& options,
                                                   const WallQuery& query) {
    std::optional<SlideContact> best;
    for (std::size_t i = 0; i < walls.size(); ++i) {
        const bool handled = std::any_of(touching.begin(), touching.end(),
                                         [&](const Constraint& c) { return c.wall == i; });
        if (handled) continue;
        const auto hit = query(at, motion, i);
        if (!hit || !hit->approaching) continue;
        if (!counts(*hit, i, at + motion * hit->t, walls, options)) continue;
        const bool earlier = !best || hit->t < best->hit.t ||
                             (hit->t == best->hit.t &&
                              closing_speed(motion, *hit) > closing_speed(motion, best->hit));
        if (earlier) best = SlideContact{i, *hit};
    }
    return best;
}

} // namespace

std::string_view to_string(SlideOutcome outcome) {
    switch (outcome) {
    case SlideOutcome::Finished:
        return "finished";
    case SlideOutcome::Wedged:
        return "wedged";
    case SlideOutcome::OutOfIterations:
        return "out_of_iterations";
    }
    return "unknown";
}

namespace {

// The legs of a mover whose reference point starts at `start`, each leg's hit asked of `query`.
CollideAndSlideResult slide_legs(Vec2 start_at, Vec2 displacement, std::span<const Segment> walls,
                                 const CollideAndSlideOptions& options, const WallQuery& query) {
    CollideAndSlideResult result;
    Vec2 current = start_at;
    Vec2 motion = displacement;
    // The walls met at the current position, with the normals the motion was cleared against.
    // A wall in this list cannot block again here (that would only be rounding); the list is
    // emptied as soon as the disk travels.
    std::vector<Constraint> touching;
    for (int leg = 0; motion != Vec2{}; ++leg) {
        if (leg >= options.max_iterations) {
            result.outcome = SlideOutcome::OutOfIterations;
            break;
        }
        const auto contact =
            first_blocking_contact(current, motion, walls, touching, options, query);
        if (!contact) {
            result.legs.push_back({current, current + motion, motion, {}, {}});
            current += motion;
            break;
        }
        const double t = contact->hit.t;
        const Vec2 start = current;
        const Vec2 set_out = motion;
        if (t > 0.0) {
            current += motion * t;
            touching.clear();
        }
        touching.push_back({contact->wall, contact->hit.normal});
        const Vec2 rest = motion * (1.0 - t);
        const auto slid = slide_along(rest, touching);
        motion = slid.value_or(Vec2{});
        result.legs.push_back({start, current, set_out, contact, motion});
        if (!slid) {
            result.outcome = SlideOutcome::Wedged;
            break;
        }
    }
    result.position = current;
    return result;
}

} // namespace

CollideAndSlideResult collide_and_slide(const Circle& disk, Vec2 displacement,
                                        std::span<const Segment> walls,
                                        const CollideAndSlideOptions& options) {
    return slide_legs(disk.center, displacement, walls, options,
                      [&](Vec2 at, Vec2 motion, std::size_t i) {
                          return time_of_impact(Circle{at, disk.radius}, motion, walls[i]);
                      });
}

CollideAndSlideResult collide_and_slide(const Polygon& polygon, Vec2 displacement,
                                        std::span<const Segment> walls,
                                        const CollideAndSlideOptions& options) {
    const Vec2 start = vertex_centroid(polygon);
    Polygon placed = polygon;
    return slide_legs(start, displacement, walls, options,
                      [&](Vec2 at, Vec2 motion, std::size_t i) {
                          for (std::size_t k = 0; k < placed.vertices.size(); ++k)
                              placed.vertices[k] = polygon.vertices[k] + (at - start);
                          return time_of_impact(placed, motion, MovingSegment{walls[i], {}, {}});
                      });
}

} // namespace ccd
