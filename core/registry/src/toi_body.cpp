#include "ccd/toi_body.hpp"

#include "ccd/detail/search_work.hpp"
#include "ccd/detail/swept_rescaling.hpp"
#include "ccd/pair_registry.hpp"
#include "ccd/toi_turning.hpp"
#include "touch_closing.hpp"
#include "touch_cut.hpp"

#include <algorithm>
#include <cmath>
#include <type_traits>

namespace ccd {
namespace {

// The body's polygon where it is: its outline about its center, turned by its angle.
Polygon placed(const SweptBody& body) {
    Polygon p;
    p.radius = body.rounding;
    p.vertices.reserve(body.outline.size());
    if (body.angle == 0.0) {
        for (const Vec2 offset : body.outline)
            p.vertices.push_back(body.center + offset);
        return p;
    }
    const auto [s, c] = sin_cos(body.angle);
    for (const Vec2 r : body.outline)
        p.vertices.push_back(body.center + Vec2{c * r.x - s * r.y, s * r.x + c * r.y});
    return p;
}

// A polygon side made counter-clockwise for the turning queries: true when it was reversed.
bool counter_clockwise(Swept& side) {
    auto* polygon = std::get_if<Polygon>(&side.shape);
    if (!polygon) return false;
    const std::vector<Vec2>& v = polygon->vertices;
    double twice_area = 0.0;
    for (std::size_t i = 1; i + 1 < v.size(); ++i)
        twice_area += cross(v[i] - v[0], v[i + 1] - v[0]);
    if (!(twice_area < 0.0)) return false;
    std::reverse(polygon->vertices.begin(), polygon->vertices.end());
    return true;
}

// A reversed polygon's vertex and edge numbers back in its own: vertex k of the reversed one is
// vertex n - 1 - k, its edge k (from vertex n - 1 - k to n - 2 - k) edge n - 2 - k, mod n.
void renumber(int& vertex, int& edge, int n) {
    if (vertex >= 0) vertex = n - 1 - vertex;
    if (edge >= 0) edge = (2 * n - 2 - edge) % n;
}

int vertex_count(const Swept& side) {
    const auto* polygon = std::get_if<Polygon>(&side.shape);
    return polygon ? static_cast<int>(polygon->vertices.size()) : 0;
}

// What one more query of a pair costs besides its search's steps, counted with them
// (detail::certified_search_work) toward a caller's step budget (the World's counts its first
// query alike: docs/scheduler.md, "Always finishes"): the re-ask's starts and the cut pair's.
constexpr long long kReaskSteps = 10;

// `algorithm`'s answer where it has a query for the pair that takes the two, else the exact one.
std::optional<Hit> answer_of(const Algorithm* algorithm, const Swept& mover,
                             const Swept& obstacle) {
    if (!algorithm) return time_of_impact(mover, obstacle);
    const PairChoice choice = choose_pair(kind_of(mover), kind_of(obstacle));
    if (!choice.pair || !find_query(*choice.pair, *algorithm) ||
        inexpressible(*algorithm, mover, obstacle))
        return time_of_impact(mover, obstacle);
    return time_of_impact(*algorithm, mover, obstacle);
}

// `side` from time s on, over the rest of the query: placed where it is at s, its motion the
// rest of it. With an acceleration a, the rest's time t' = (t - s) / (1 - s) sees the velocity
// d + a s at its start and the acceleration a (1 - s)^2: its displacements are (d + a s)(1 - s).
Swept advanced(const Swept& side, double s) {
    const double rest = 1.0 - s;
    const Vec2 gained = side.acceleration * s; // what the acceleration added to every velocity
    Swept out = side;
    out.acceleration = side.acceleration * (rest * rest);
    if (const auto* e = std::get_if<EndMotion>(&side.motion)) {
        const Segment& g = std::get<Segment>(side.shape);
        const Vec2 drift = side.drift(s);
        out.shape = Segment{g.a + e->displacement_a * s + drift,
                            g.b + e->displacement_b * s + drift, g.radius};
        out.motion =
            EndMotion{(e->displacement_a + gained) * rest, (e->displacement_b + gained) * rest};
        return out;
    }
    std::visit(
        [&](auto& shape) {
            using T = std::decay_t<decltype(shape)>;
            if constexpr (std::is_same_v<T, Point>)
                shape.position = side.moved(shape.position, s);
            else if constexpr (std::is_same_v<T, Circle>)
                shape.center = side.moved(shape.center, s);
            else if constexpr (std::is_same_v<T, Segment>)
                shape = Segment{side.moved(shape.a, s), side.moved(shape.b, s), shape.radius};
            else
                for (Vec2& v : shape.vertices)
                    v = side.moved(v, s);
        },
        out.shape);
    if (const auto* turning = std::get_if<Turning>(&side.motion))
        out.motion = Turning{turning->pivot + turning->displacement * s + side.drift(s),
                             (turning->displacement + gained) * rest, turning->angle * rest};
    else if (const auto* translation = std::get_if<Translation>(&side.motion))
        out.motion = Translation{(translation->displacement + gained) * rest};
    else if (side.accelerates()) // still at its start, falling from there
        out.motion = Translation{gained * rest};
    return out;
}

// Whether a hit at the query's start is no contact to look for there: it does not close, or
// closes no faster than `resting` times the pair's speed (closing_beyond_rest: the rounding
// residue of a slide, a corner left sliding along a wall, its normal speed 1e-14 of its speed,
// either sign, or a corner a turning square is pinned by in a box's corner), and no other vertex
// touching there closes faster: where one does (a square flat on a floor, turning about one corner,
// presses the other in), the hit is moved there (closing_touch) and is the contact.
bool opens_at_start(Hit& hit, const Swept& mover, const Swept& obstacle, double resting) {
    if (hit.approaching && (!(resting > 0.0) || closing_beyond_rest(mover, obstacle, hit.point,
                                                                    hit.normal, resting) > 0.0))
        return false;
    const double delta = kCertifiedTolerance * certified_scale(mover, obstacle);
    if (std::optional<Hit> closing = closing_touch(hit, mover, obstacle, resting, delta)) {
        hit = *closing;
        return false;
    }
    return true;
}

// A turning pair that touches where the query starts and opens there (the contact just
// processed): the certified query answers that touch at once (t = 0, not approaching), which
// would hide a contact later in the query (another vertex turning into the wall, or the same one
// coming back as its body turns). So the query is asked again from later starts: s = h, 2h, 4h,
// ... with h = delta / (4 x the fastest point's speed) (nothing moves more than a quarter of the
// guarantee's delta over h), while each answers the same opening touch at its start. The first
// start that answers otherwise (a contact later than it, or one closing at it) bounds the next
// contact from above: it is then found between the last two starts by halving, down to h. A miss
// from a start is a miss. What this cannot see: a contact of another part while the opening touch
// stays within delta / 2 (every start answers the touch); other_parts below looks for those.
// `seen_from`: the start from which the rest of the query was seen whole (the miss's; 1 when the
// touch is kept all through).
std::optional<Hit> past_the_touch(const Algorithm* algorithm, const Swept& mover,
                                  const Swept& obstacle, const Hit& touch, double resting,
                                  double& seen_from) {
    seen_from = 1.0;
    const double speed = fastest(mover) + fastest(obstacle);
    if (!(speed > 0.0)) return touch;
    const double h = kCertifiedTolerance * certified_scale(mover, obstacle) / (4.0 * speed);
    // The answer from start s, and whether it does not close there faster than `resting`.
    bool opens_at_s = false;
    const auto from = [&](double s) {
        const Swept m = advanced(mover, s), o = advanced(obstacle, s);
        detail::certified_search_work().steps += kReaskSteps;
        std::optional<Hit> hit = answer_of(algorithm, m, o);
        opens_at_s = hit && hit->t == 0.0 && opens_at_start(*hit, m, o, resting);
        if (hit) hit->t = s + hit->t * (1.0 - s);
        return hit;
    };
    const auto opening = [&](const std::optional<Hit>& hit, double s) {
        return hit && hit->t == s && opens_at_s;
    };
    double lo = 0.0, s = h;
    std::optional<Hit> hit;
    for (;;) {
        if (!(s < 1.0)) return touch;
        hit = from(s);
        if (!hit) {
            seen_from = s;
            return std::nullopt;
        }
        if (!opening(hit, s)) break;
        lo = s;
        s = 2.0 * s;
    }
    while (s - lo > h) {
        const double mid = lo + 0.5 * (s - lo);
        std::optional<Hit> at_mid = from(mid);
        if (!at_mid || opening(at_mid, mid)) {
            lo = mid;
        } else {
            s = mid;
            hit = at_mid;
        }
    }
    hit->overlap = false;
    seen_from = hit->t;
    return hit;
}

// `side` over [0, w] of the query as a query of its own (its time t is the query's w t): every
// displacement and the spin times w, the acceleration times w^2.
Swept first_part(const Swept& side, double w) {
    Swept out = side;
    out.acceleration = side.acceleration * (w * w);
    if (auto* e = std::get_if<EndMotion>(&out.motion)) {
        e->displacement_a = e->displacement_a * w;
        e->displacement_b = e->displacement_b * w;
    } else if (auto* turning = std::get_if<Turning>(&out.motion)) {
        turning->displacement = turning->displacement * w;
        turning->angle *= w;
    } else if (auto* translation = std::get_if<Translation>(&out.motion)) {
        translation->displacement = translation->displacement * w;
    }
    return out;
}

// What the pair meets with parts away from an opening touch before `until` (from where the
// re-ask saw the rest whole), which the re-ask from later starts cannot see while the touch stays
// closed: the certified query on the pair with the corner at the touch cut off (touch_cut.hpp)
// over [0, until], its own opening touch looked past as above. Nothing where no corner is at the
// touch, or where the cut pair meets nothing but that touch.
std::optional<Hit> other_parts(const Algorithm* algorithm, const Swept& mover,
                               const Swept& obstacle, const Hit& touch, double resting,
                               double until) {
    if (!(until > 0.0)) return std::nullopt;
    const double delta = kCertifiedTolerance * certified_scale(mover, obstacle);
    std::optional<TouchCut> cut = cut_at_touch(mover, obstacle, touch, delta);
    if (!cut) return std::nullopt;
    if (until < 1.0) {
        cut->mover = first_part(cut->mover, until);
        cut->obstacle = first_part(cut->obstacle, until);
    }
    detail::certified_search_work().steps += kReaskSteps;
    std::optional<Hit> hit = answer_of(algorithm, cut->mover, cut->obstacle);
    if (hit && hit->t == 0.0 && opens_at_start(*hit, cut->mover, cut->obstacle, resting)) {
        double seen_from = 1.0;
        hit = past_the_touch(algorithm, cut->mover, cut->obstacle, *hit, resting, seen_from);
        if (hit && hit->t == 0.0) return std::nullopt; // its touch, all through the query
    }
    if (!hit) return std::nullopt;
    hit->t *= until;
    name_in_uncut(*hit, *cut);
    return hit;
}

// The exact power of two that brings the pair's largest length to [1, 2) where it is below 1
// (and into range where it is beyond: input_scaling.hpp). The certified engine's delta is
// 1e-12 of the pair's scale but never below 1e-12 (toi_turning.hpp), and so are the steps of the
// re-ask above: a pair 1e-23 across touched at every start, every touch that opened was kept all
// frame, and a turning blade sliding on a wall of a box that small went through it. In units of
// its own size a pair is answered as it is at size 1; times do not change.
detail::InputRescale unit_rescale(const Swept& mover, const Swept& obstacle) {
    const detail::LengthRange range = detail::length_range(mover, obstacle);
    detail::InputRescale k = detail::input_rescale_for(range.largest, range.smallest);
    if (k.scale == 1.0 && range.largest > 0.0 && range.largest < 1.0)
        k.scale = std::ldexp(1.0, -std::ilogb(range.largest));
    return k;
}

// A pair with a turning side: both polygons counter-clockwise, the hit renumbered back; asked in
// units of its own size (unit_rescale), the hit's point given back in the pair's.
std::optional<Hit> turning_answer(const Algorithm* algorithm, Swept mover, Swept obstacle,
                                  double resting) {
    const detail::InputRescale k = unit_rescale(mover, obstacle);
    if (k.needed()) {
        mover = detail::rescaled(mover, k);
        obstacle = detail::rescaled(obstacle, k);
    }
    const bool mover_reversed = counter_clockwise(mover);
    const bool obstacle_reversed = counter_clockwise(obstacle);
    std::optional<Hit> hit = answer_of(algorithm, mover, obstacle);
    if (hit && hit->t == 0.0 && opens_at_start(*hit, mover, obstacle, resting)) {
        const Hit touch = *hit;
        double seen_from = 1.0;
        hit = past_the_touch(algorithm, mover, obstacle, touch, resting, seen_from);
        // The touch kept all through the query (t = 0) is no contact: another part's is first.
        std::optional<Hit> other =
            other_parts(algorithm, mover, obstacle, touch, resting, seen_from);
        if (other && (!hit || hit->t == 0.0 || other->t < hit->t)) hit = other;
    }

    if (hit && k.needed()) hit->point = hit->point * (1.0 / k.scale);
    if (hit && mover_reversed) renumber(hit->mover_vertex, hit->mover_edge, vertex_count(mover));
    if (hit && obstacle_reversed)
        renumber(hit->obstacle_vertex, hit->obstacle_edge, vertex_count(obstacle));
    return hit;
}

} // namespace

Swept swept_body(const SweptBody& body, Vec2 displacement, double turn, Vec2 acceleration) {
    if (!body.is_polygon())
        return {Circle{body.center, body.radius}, Translation{displacement}, acceleration};
    if (turn != 0.0) return {placed(body), Turning{body.center, displacement, turn}, acceleration};
    return {placed(body), Translation{displacement}, acceleration};
}

Swept swept_wall(const MovingSegment& wall) {
    const Motion motion = wall.displacement_a == Vec2{} && wall.displacement_b == Vec2{}
                              ? Motion{Still{}}
                              : Motion{EndMotion{wall.displacement_a, wall.displacement_b}};
    return Swept{wall.start, motion};
}

std::optional<Hit> time_of_impact(const Algorithm* algorithm, const Swept& a, const Swept& b,
                                  double resting_tolerance) {
    // A relative acceleration is answered as a turning pair is (the certified engine where no
    // parabolic query is), with its polygons counter-clockwise and its opening touch looked past.
    if (std::holds_alternative<Turning>(a.motion) || std::holds_alternative<Turning>(b.motion) ||
        a.acceleration != b.acceleration)
        return turning_answer(algorithm, a, b, resting_tolerance);
    return answer_of(algorithm, a, b);
}

} // namespace ccd
