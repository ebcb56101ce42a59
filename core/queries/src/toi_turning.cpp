// The certified engine of the turning queries (toi_turning.hpp): root isolation on the
// separation of two convex shapes with lower bounds from how fast their vertices can move.
#include "ccd/toi_turning.hpp"

#include "ccd/detail/search_work.hpp"

#include "ccd/sin_cos.hpp"

#include "ccd/detail/swept_rescaling.hpp"
#include "ccd/detail/turning_contact.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <span>
#include <variant>
#include <vector>

namespace ccd {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr int kSamples = 64; // the trace's separation curve: f at t = k / 64

// A side as the engine takes it: its vertex k is at centre + velocity[k] t + accel t^2 / 2 +
// R(angle t) offset[k] at time t. A rigid side (still, translating, turning) has one velocity for
// every vertex, the centre's (its pivot, or the vertices' mean when it does not turn); a segment
// whose ends move (EndMotion) has its ends' own velocities and no angle.
struct Side {
    std::vector<Vec2> offset;
    std::vector<Vec2> velocity;
    Vec2 centre;
    Vec2 linear; // the centre's velocity (rigid sides)
    double angle = 0.0;
    double radius = 0.0;
    bool rigid = true;
    // Its acceleration (Swept::acceleration: every vertex alike) and |accel|. Each speed bound
    // below holds over the whole frame (t <= 1): the velocity at t is velocity[k] + accel t, so
    // |accel| is added to every speed and to every acceleration bound.
    Vec2 accel;
    double accel_norm = 0.0;
    double reach = 0.0; // the largest |offset[k]|
    // Per vertex, worked out once: |offset[k]| (its lever arm), the bound on its speed
    // (|velocity[k]| + |angle| |offset[k]|) and on its acceleration (angle^2 |offset[k]|).
    std::vector<double> lever, speed, acceleration;
    double fastest = 0.0; // the largest speed
    // The side's share of certified_scale: its radius, coordinates and displacements, and, when
    // it turns, |angle| times its reach (its centre is then the pivot).
    double scale = 0.0;

    std::size_t size() const { return offset.size(); }
    // Edges: none for a single vertex, one for a segment, n for a polygon.
    std::size_t edges() const { return size() < 2 ? 0 : size() == 2 ? 1 : size(); }
};

// A shape's vertices (a point's or circle's one, a segment's two in `buffer`; a polygon's own)
// and its radius (a circle's, a capsule's, a rounded polygon's), without allocating.
std::span<const Vec2> vertices_of(const Shape& shape, double& radius, std::array<Vec2, 2>& buffer) {
    radius = 0.0;
    if (const auto* p = std::get_if<Point>(&shape)) {
        buffer[0] = p->position;
        return {buffer.data(), 1};
    }
    if (const auto* c = std::get_if<Circle>(&shape)) {
        radius = c->radius;
        buffer[0] = c->center;
        return {buffer.data(), 1};
    }
    if (const auto* s = std::get_if<Segment>(&shape)) {
        radius = s->radius; // a capsule
        buffer = {s->a, s->b};
        return {buffer.data(), 2};
    }
    const Polygon& polygon = std::get<Polygon>(shape);
    radius = polygon.radius; // a rounded polygon
    return polygon.vertices;
}

// |v| for the engine's own quantities: inputs are in range (rescaled on entry), so the square
// root of the squared length neither overflows nor underflows, and costs less than hypot.
double norm(Vec2 v) {
    return std::sqrt(dot(v, v));
}

// v / |v|, or `fallback` for the zero vector (the bounds' axes: a unit vector to an ulp is
// enough there).
Vec2 unit_or(Vec2 v, Vec2 fallback) {
    const double l = norm(v);
    return l > 0.0 ? v * (1.0 / l) : fallback;
}

// `swept` as the engine takes it, into `side` (its storage reused: no allocation once it has
// held as many vertices).
void fill_side(const Swept& swept, Side& side) {
    side.angle = 0.0;
    side.rigid = true;
    side.reach = 0.0;
    side.fastest = 0.0;
    side.centre = side.linear = Vec2{};
    side.accel = swept.acceleration;
    side.accel_norm = norm(side.accel);
    std::array<Vec2, 2> buffer;
    const std::span<const Vec2> vertices = vertices_of(swept.shape, side.radius, buffer);
    const std::size_t n = vertices.size();
    side.offset.resize(n);
    side.velocity.resize(n);
    side.lever.resize(n);
    side.speed.resize(n);
    side.acceleration.resize(n);
    side.scale = side.radius;
    if (n == 0) return;
    const auto note = [&side](Vec2 v) {
        side.scale = std::max({side.scale, std::abs(v.x), std::abs(v.y)});
    };
    if (const auto* turning = std::get_if<Turning>(&swept.motion)) {
        side.centre = turning->pivot;
        side.linear = turning->displacement;
        side.angle = turning->angle;
        note(turning->pivot);
    } else {
        Vec2 sum;
        for (const Vec2 v : vertices)
            sum += v;
        side.centre = sum * (1.0 / static_cast<double>(n));
        side.linear = swept.displacement(); // zero for Still and EndMotion
    }
    note(side.linear);
    note(side.accel);
    for (std::size_t k = 0; k < n; ++k) {
        note(vertices[k]);
        side.offset[k] = vertices[k] - side.centre;
        side.velocity[k] = side.linear;
    }
    if (const auto* ends = std::get_if<EndMotion>(&swept.motion)) {
        note(ends->displacement_a);
        note(ends->displacement_b);
        if (n == 2 && ends->displacement_a == ends->displacement_b) { // a translation: rigid
            side.linear = ends->displacement_a;
            side.velocity[0] = side.velocity[1] = side.linear;
        } else if (n == 2) {
            side.rigid = false;
            side.velocity[0] = ends->displacement_a;
            side.velocity[1] = ends->displacement_b;
        }
    }
    const double spin = std::abs(side.angle);
    for (std::size_t k = 0; k < n; ++k) {
        const double lever = norm(side.offset[k]);
        side.lever[k] = lever;
        side.speed[k] = norm(side.velocity[k]) + spin * lever + side.accel_norm;
        side.acceleration[k] = side.angle * side.angle * lever + side.accel_norm;
        side.reach = std::max(side.reach, lever);
        side.fastest = std::max(side.fastest, side.speed[k]);
    }
    side.scale = std::max(side.scale, spin * side.reach); // the pivot's is the centre's offset
}

Side side_of(const Swept& swept) {
    Side side;
    fill_side(swept, side);
    return side;
}

// A side's vertices at time t, and its rotation then.
struct Placed {
    std::vector<Vec2> x;
    Vec2 centre; // where the centre is at t
    double cos = 1.0, sin = 0.0;
    Vec2 drift_velocity; // accel t: what the acceleration has added to every velocity by t
};

// `side` at time t, into `p` (its vertices' storage reused).
void place(const Side& side, double t, Placed& p) {
    const SinCos rotation = sin_cos(side.angle * t);
    p.cos = rotation.cos;
    p.sin = rotation.sin;
    p.centre = side.centre + side.linear * t;
    p.x.resize(side.size());
    for (std::size_t k = 0; k < side.size(); ++k) {
        const Vec2 o = side.offset[k];
        p.x[k] = side.centre + side.velocity[k] * t +
                 Vec2{p.cos * o.x - p.sin * o.y, p.sin * o.x + p.cos * o.y};
    }
    p.drift_velocity = side.accel * t;
    if (side.accel_norm == 0.0) return; // the straight-line placement, bit for bit
    const Vec2 drift = side.accel * (0.5 * t * t);
    p.centre += drift;
    for (Vec2& x : p.x)
        x += drift;
}

// The velocity (per frame) of the side's material point that is at `point` at time t.
Vec2 material_velocity(const Side& side, const Placed& placed, Vec2 point) {
    if (!side.rigid)
        return velocity_along(Segment{placed.x[0], placed.x[1]}, side.velocity[0], side.velocity[1],
                              point) +
               placed.drift_velocity;
    return side.linear + placed.drift_velocity + perp(point - placed.centre) * side.angle;
}

Vec2 edge_start(const Placed& p, std::size_t e) {
    return p.x[e];
}
Vec2 edge_end(const Placed& p, std::size_t e) {
    return p.x[(e + 1) % p.x.size()];
}

// The closest points of the two cores (the vertices' convex hulls) at one time.
enum class Pairing {
    VertexEdge, // a vertex of the mover and an edge (or the single vertex) of the obstacle
    EdgeVertex, // a vertex of the obstacle and an edge of the mover
};

struct Closest {
    double distance = kInfinity; // 0 when the cores overlap
    bool overlap = false;
    Vec2 on_mover, on_obstacle;
    Pairing pairing = Pairing::VertexEdge;
    int vertex = -1; // the mover's for VertexEdge, the obstacle's for EdgeVertex
    int edge = -1;   // the other side's (-1: that side is a single vertex)
    double s = 0.0;  // where on the edge, from its start (0) to its end (1)
};

// An edge at one time, with what the closest-point search needs of it worked out once: its
// start, end, direction and 1 / its squared length (0 for an edge of no length).
struct EdgeAt {
    Vec2 a, b, d;
    double inverse_length2 = 0.0;
};

// The edge `e` of `p` as closest_on takes it.
EdgeAt edge_at(const Placed& p, std::size_t e) {
    EdgeAt edge;
    edge.a = p.x[e];
    edge.b = p.x[(e + 1) % p.x.size()];
    edge.d = edge.b - edge.a;
    const double l2 = dot(edge.d, edge.d);
    edge.inverse_length2 = l2 > 0.0 ? 1.0 / l2 : 0.0;
    return edge;
}

void edges_at(const Placed& p, std::size_t count, std::vector<EdgeAt>& out) {
    out.resize(count);
    for (std::size_t e = 0; e < count; ++e)
        out[e] = edge_at(p, e);
}

// The closest point to `p` on `edge` and where it is on it (0..1).
Vec2 closest_on(Vec2 p, const EdgeAt& edge, double& s) {
    s = std::clamp(dot(p - edge.a, edge.d) * edge.inverse_length2, 0.0, 1.0);
    return s == 1.0 ? edge.b : edge.a + edge.d * s;
}

// Whether `p` is strictly inside the counter-clockwise convex polygon `poly` (3 vertices or
// more).
bool strictly_inside(Vec2 p, const std::vector<Vec2>& poly) {
    for (std::size_t k = 0; k < poly.size(); ++k) {
        const Vec2 a = poly[k], b = poly[(k + 1) % poly.size()];
        if (cross(b - a, p - a) <= 0.0) return false;
    }
    return true;
}

double orientation(Vec2 a, Vec2 b, Vec2 c) {
    return cross(b - a, c - a);
}

bool properly_cross(Vec2 a, Vec2 b, Vec2 c, Vec2 d) {
    const double o1 = orientation(a, b, c), o2 = orientation(a, b, d);
    const double o3 = orientation(c, d, a), o4 = orientation(c, d, b);
    return ((o1 > 0.0 && o2 < 0.0) || (o1 < 0.0 && o2 > 0.0)) &&
           ((o3 > 0.0 && o4 < 0.0) || (o3 < 0.0 && o4 > 0.0));
}

// The edges of both sides at one time, kept between calls (no allocation per step).
struct EdgeScratch {
    std::vector<EdgeAt> mover, obstacle;
};

Closest closest(const Side& mover, const Placed& m, const Side& obstacle, const Placed& o,
                EdgeScratch& edges) {
    if (m.x.size() == 1 && o.x.size() == 2) { // a point or circle and a segment: one pair
        Closest one;
        one.on_mover = m.x[0];
        one.on_obstacle = closest_on(m.x[0], edge_at(o, 0), one.s);
        one.vertex = one.edge = 0;
        one.distance = std::sqrt(length_squared(one.on_mover - one.on_obstacle));
        one.overlap = one.distance == 0.0;
        return one;
    }
    edges_at(m, mover.edges(), edges.mover);
    edges_at(o, obstacle.edges(), edges.obstacle);
    Closest best; // its distance squared until the end
    const auto consider = [&best](double d, Vec2 on_mover, Vec2 on_obstacle, Pairing pairing,
                                  std::size_t vertex, int edge, double s) {
        if (!(d < best.distance)) return;
        best.distance = d;
        best.on_mover = on_mover;
        best.on_obstacle = on_obstacle;
        best.pairing = pairing;
        best.vertex = static_cast<int>(vertex);
        best.edge = edge;
        best.s = s;
    };
    for (std::size_t i = 0; i < m.x.size(); ++i) {
        if (obstacle.edges() == 0) {
            consider(length_squared(m.x[i] - o.x[0]), m.x[i], o.x[0], Pairing::VertexEdge, i, -1,
                     0.0);
            continue;
        }
        for (std::size_t e = 0; e < obstacle.edges(); ++e) {
            double s = 0.0;
            const Vec2 q = closest_on(m.x[i], edges.obstacle[e], s);
            consider(length_squared(m.x[i] - q), m.x[i], q, Pairing::VertexEdge, i,
                     static_cast<int>(e), s);
        }
    }
    for (std::size_t j = 0; j < o.x.size(); ++j)
        for (std::size_t e = 0; e < mover.edges(); ++e) {
            double s = 0.0;
            const Vec2 q = closest_on(o.x[j], edges.mover[e], s);
            consider(length_squared(o.x[j] - q), q, o.x[j], Pairing::EdgeVertex, j,
                     static_cast<int>(e), s);
        }
    best.distance = std::sqrt(best.distance);
    bool overlap = best.distance == 0.0;
    if (!overlap) {
        // Apart along the closest points' direction: the cores cannot overlap, and the tests
        // below (the product of the vertex counts, four times) are not needed.
        const Vec2 n = best.on_mover - best.on_obstacle;
        double lowest_mover = kInfinity, highest_obstacle = -kInfinity;
        for (const Vec2 p : m.x)
            lowest_mover = std::min(lowest_mover, dot(n, p));
        for (const Vec2 p : o.x)
            highest_obstacle = std::max(highest_obstacle, dot(n, p));
        if (lowest_mover > highest_obstacle) return best;
    }
    if (!overlap && obstacle.size() >= 3)
        for (const Vec2 p : m.x)
            overlap = overlap || strictly_inside(p, o.x);
    if (!overlap && mover.size() >= 3)
        for (const Vec2 p : o.x)
            overlap = overlap || strictly_inside(p, m.x);
    for (std::size_t a = 0; a < mover.edges() && !overlap; ++a)
        for (std::size_t b = 0; b < obstacle.edges() && !overlap; ++b)
            overlap =
                properly_cross(edge_start(m, a), edge_end(m, a), edge_start(o, b), edge_end(o, b));
    if (overlap) {
        best.overlap = true;
        best.distance = 0.0;
    }
    return best;
}

// Whether two placements have the same closest features (pairing, vertex and edge).
bool same_features(const Closest& a, const Closest& b) {
    return a.pairing == b.pairing && a.vertex == b.vertex && a.edge == b.edge;
}

// Whether every vertex of `p` but `skip_a` and `skip_b` is on the side of `n` at or above
// (`above`) or at or below the point `from`.
bool all_on_side(const Placed& p, Vec2 n, Vec2 from, bool above, std::size_t skip_a,
                 std::size_t skip_b) {
    for (std::size_t k = 0; k < p.x.size(); ++k) {
        if (k == skip_a || k == skip_b) continue;
        const double along = dot(n, p.x[k] - from);
        if (above ? !(along >= 0.0) : !(along <= 0.0)) return false;
    }
    return true;
}

// The closest of the pairs near `hint`'s: its vertex against its edge and that edge's
// neighbours, and the ends of its edge against the edges at its vertex. Its distance squared.
Closest closest_pair_near(const Side& mover, const Placed& m, const Side& obstacle, const Placed& o,
                          const Closest& hint) {
    // Seen from the hint's pairing: `vp` holds the vertex, `ep` the edge.
    const bool vertex_on_mover = hint.pairing == Pairing::VertexEdge;
    const Placed& vp = vertex_on_mover ? m : o;
    const Placed& ep = vertex_on_mover ? o : m;
    const std::size_t v_edges = (vertex_on_mover ? mover : obstacle).edges();
    const std::size_t e_edges = (vertex_on_mover ? obstacle : mover).edges();
    const auto i = static_cast<std::size_t>(hint.vertex);
    const auto e = static_cast<std::size_t>(hint.edge);
    Closest best;
    const auto consider = [&](bool pairing_as_hint, std::size_t vertex, std::size_t edge) {
        const Placed& pv = pairing_as_hint ? vp : ep;
        const Placed& pe = pairing_as_hint ? ep : vp;
        double s = 0.0;
        const Vec2 x = pv.x[vertex];
        const Vec2 q = closest_on(x, edge_at(pe, edge), s);
        const double d = length_squared(x - q);
        if (!(d < best.distance)) return;
        const bool on_mover = pairing_as_hint == vertex_on_mover; // the vertex is the mover's
        best.distance = d;
        best.on_mover = on_mover ? x : q;
        best.on_obstacle = on_mover ? q : x;
        best.pairing = on_mover ? Pairing::VertexEdge : Pairing::EdgeVertex;
        best.vertex = static_cast<int>(vertex);
        best.edge = static_cast<int>(edge);
        best.s = s;
    };
    consider(true, i, e);
    if (e_edges > 1) {
        consider(true, i, (e + e_edges - 1) % e_edges);
        consider(true, i, (e + 1) % e_edges);
    }
    for (const std::size_t j : {e, (e + 1) % ep.x.size()}) {
        consider(false, j, i % v_edges);
        if (v_edges > 1) consider(false, j, (i + v_edges - 1) % v_edges);
    }
    return best;
}

// Whether the candidate `best` (its distance squared, > 0) is the closest pair of the cores:
// the line through its point on the one side, square to its direction (the edge's normal when
// the point is inside an edge), has every other vertex of each side on its own side of it (then
// no pair can be closer, and the cores do not overlap).
bool certainly_closest(const Placed& m, const Placed& o, const Closest& best) {
    const bool vertex_on_mover = best.pairing == Pairing::VertexEdge;
    const Placed& pv = vertex_on_mover ? m : o;
    const Placed& pe = vertex_on_mover ? o : m;
    const auto vertex = static_cast<std::size_t>(best.vertex);
    const auto edge = static_cast<std::size_t>(best.edge);
    const std::size_t edge_end_index = (edge + 1) % pe.x.size();
    const Vec2 x = vertex_on_mover ? best.on_mover : best.on_obstacle;
    const Vec2 q = vertex_on_mover ? best.on_obstacle : best.on_mover;
    if (best.s > 0.0 && best.s < 1.0) {
        const Vec2 a = pe.x[edge];
        Vec2 n = perp(pe.x[edge_end_index] - a);
        const double side = dot(n, x - a);
        if (side < 0.0) n = -n;
        return side != 0.0 && all_on_side(pv, n, x, true, vertex, vertex) &&
               all_on_side(pe, n, a, false, edge, edge_end_index);
    }
    const std::size_t q_index = best.s <= 0.0 ? edge : edge_end_index;
    const Vec2 n = x - q;
    return all_on_side(pv, n, x, true, vertex, vertex) &&
           all_on_side(pe, n, q, false, q_index, q_index);
}

// The closest points of the cores as `closest` finds them, searched first near the last
// placement's (`hint`): the closest features change rarely from one step to the next. The
// closest of the pairs near the hint's (closest_pair_near) is the answer when certainly_closest
// says so; if not, the search walks on from it (a few times) to the closest pair near it.
// Otherwise, and for small sides (where every pair costs less than the check), every pair as
// `closest` does.
Closest closest_near(const Side& mover, const Placed& m, const Side& obstacle, const Placed& o,
                     const Closest& hint, EdgeScratch& edges) {
    const std::size_t nm = m.x.size(), no = o.x.size();
    if (hint.overlap || hint.vertex < 0 || hint.edge < 0 || nm < 2 || no < 2 || nm * no < 8)
        return closest(mover, m, obstacle, o, edges);
    Closest best = closest_pair_near(mover, m, obstacle, o, hint);
    for (int walk = 0; best.distance > 0.0; ++walk) {
        if (certainly_closest(m, o, best)) {
            best.distance = std::sqrt(best.distance);
            return best;
        }
        if (walk == 3) break;
        const Closest next = closest_pair_near(mover, m, obstacle, o, best);
        if (same_features(next, best)) break;
        best = next;
    }
    return closest(mover, m, obstacle, o, edges);
}

// A first guess at the closest features, for closest_near: the mover's vertex farthest toward
// the obstacle (along the direction between the vertices' means) against the obstacle's edge
// starting at its vertex farthest toward the mover.
Closest facing_pair(const Placed& m, const Placed& o) {
    Closest guess;
    if (m.x.empty() || o.x.empty()) return guess;
    Vec2 sum_m, sum_o;
    for (const Vec2 x : m.x)
        sum_m += x;
    for (const Vec2 y : o.x)
        sum_o += y;
    const Vec2 d = sum_o * (1.0 / static_cast<double>(o.x.size())) -
                   sum_m * (1.0 / static_cast<double>(m.x.size()));
    const auto farthest = [](const Placed& p, Vec2 along) {
        std::size_t best = 0;
        for (std::size_t k = 1; k < p.x.size(); ++k)
            if (dot(along, p.x[k]) > dot(along, p.x[best])) best = k;
        return static_cast<int>(best);
    };
    guess.pairing = Pairing::VertexEdge;
    guess.vertex = farthest(m, d);
    guess.edge = o.x.size() == 2 ? 0 : farthest(o, -d);
    return guess;
}

// ---- lower bounds of the distance over [t0, t0 + w] ----------------------------------------

// A lower bound on a function on [0, w] known by its value T0 and slope T1 at 0, the largest
// |slope| V and the largest |second derivative| M there: first order (T0 - V w) or second
// (a concave parabola, smallest at an end).
double term_bound(double t0, double t1, double v, double m, double w) {
    return std::max(t0 - v * w, std::min(t0, t0 + t1 * w - 0.5 * m * w * w));
}

// The obstacle's vertices along an axis, kept between calls (no allocation per step).
struct Scratch {
    std::vector<double> along, rate;
};

// What the separation along a world-fixed axis n takes from the sides: the obstacle's vertices
// along n and their rates (in `scratch`), the fastest two points' speeds together, the
// obstacle's highest vertex along n, and each vertex pair's largest |slope|.
struct AxisTerms {
    bool uniform; // two rigid sides: every vertex pair has the same relative linear velocity
    double linear, spin_a, spin_b, fastest, highest;

    double speed(const Side& A, const Side& B, std::size_t i, std::size_t j) const {
        return (uniform ? linear
                        : norm(A.velocity[i] - B.velocity[j]) + A.accel_norm + B.accel_norm) +
               spin_a * A.lever[i] + spin_b * B.lever[j];
    }
};

[[gnu::always_inline]] inline AxisTerms axis_terms(const Side& A, const Side& B, const Placed& pb,
                                                   Vec2 n, Scratch& scratch) {
    scratch.along.resize(B.size());
    scratch.rate.resize(B.size());
    for (std::size_t j = 0; j < B.size(); ++j) {
        scratch.along[j] = dot(n, pb.x[j]);
        scratch.rate[j] = dot(n, material_velocity(B, pb, pb.x[j]));
    }
    const bool uniform = A.rigid && B.rigid;
    return {uniform,
            uniform ? norm(A.linear - B.linear) + A.accel_norm + B.accel_norm : 0.0,
            std::abs(A.angle),
            std::abs(B.angle),
            A.fastest + B.fastest,
            *std::max_element(scratch.along.begin(), scratch.along.end())};
}

// The separation along the axis of the closest points, held fixed: for every vertex pair
// (i of the mover, j of the obstacle), n . (x_i(t) - y_j(t)) bounded as a term; their least.
// The cores' distance is at least that separation at every t.
double world_axis_bound(const Side& A, const Placed& pa, const Side& B, const Placed& pb, Vec2 n,
                        double w, double stop_at, Scratch& scratch) {
    const AxisTerms terms = axis_terms(A, B, pb, n, scratch);
    const double fastest = terms.fastest, highest = terms.highest;
    double bound = kInfinity;
    for (std::size_t i = 0; i < A.size(); ++i) {
        const double sa = dot(n, pa.x[i]);
        if ((sa - highest) - fastest * w >= bound) continue; // no pair of i can be the least
        const double va = dot(n, material_velocity(A, pa, pa.x[i]));
        for (std::size_t j = 0; j < B.size(); ++j) {
            const double t0 = sa - scratch.along[j];
            if (t0 - fastest * w >= bound) continue; // cannot be the least
            const double v = terms.speed(A, B, i, j);
            bound = std::min(bound, term_bound(t0, va - scratch.rate[j], v,
                                               A.acceleration[i] + B.acceleration[j], w));
            if (bound <= stop_at) return bound;
        }
    }
    return bound;
}

// How far (at most `most`) a term of value gap + level at 0, slope `slope`, largest |slope| v and
// largest |second derivative| m certainly stays above the level: 0 when it starts at it or
// below, else the longer of its first-order root (gap / v) and its second-order one (the
// positive root of gap + slope w - m w^2 / 2), capped at `most`.
double term_reach(double gap, double slope, double v, double m, double most) {
    if (!(gap > 0.0)) return 0.0;
    if (gap >= v * most) return most; // the first order alone holds it over `most`
    double second = 0.0;
    if (m > 0.0) {
        const double root = std::sqrt(slope * slope + 2.0 * m * gap);
        second = slope <= 0.0 ? 2.0 * gap / (root - slope) : (slope + root) / m;
    } else {
        second = slope >= 0.0 ? kInfinity : gap / -slope;
    }
    return std::min(most, std::max(gap / v, second));
}

// How far past t0 (at most `most`) the separation along the axis of the closest points, held
// fixed, certainly stays above `level`, by the terms of world_axis_bound: each vertex pair's
// first-order bound T0 - V w stays above it for w <= (T0 - level) / V, its second-order bound
// (min of T0 and T0 + T1 w - M w^2 / 2) up to the parabola's positive root; a pair allows the
// longer of the two, the axis the least over the pairs (0 when a pair starts at the level or
// below). Near a contact approached head-on the second-order root is a Newton step, so the
// search advances to within rounding of the contact in a few steps where halving takes dozens.
double world_axis_reach(const Side& A, const Placed& pa, const Side& B, const Placed& pb, Vec2 n,
                        double level, double most, Scratch& scratch) {
    const AxisTerms terms = axis_terms(A, B, pb, n, scratch);
    const double fastest = terms.fastest, highest = terms.highest;
    double reach = most;
    for (std::size_t i = 0; i < A.size(); ++i) {
        const double sa = dot(n, pa.x[i]);
        // Every pair of i holds at first order over `reach`: none can shorten it.
        if ((sa - highest) - level >= fastest * reach) continue;
        const double va = dot(n, material_velocity(A, pa, pa.x[i]));
        for (std::size_t j = 0; j < B.size(); ++j) {
            const double gap = sa - scratch.along[j] - level;
            if (!(gap > 0.0)) return 0.0;
            const double v = terms.speed(A, B, i, j);
            if (gap >= v * reach) continue; // the first order alone holds it over `reach`
            reach = std::min(reach, term_reach(gap, va - scratch.rate[j], v,
                                               A.acceleration[i] + B.acceleration[j], reach));
        }
    }
    // A hair short of the roots, so that their rounding never reaches past them.
    return reach * (1.0 - 0x1p-20);
}

// The separation along the normal of edge `edge` of the rigid side F, turning with F, toward
// the other side G: n(t) . (x_k(t) - q(t)) for every vertex k of G, with q the edge's start
// (F's farthest point along its own edge normal, F being convex). In F's frame the vertex is
// X(t) = R(-angle_F t)(x_k(t) - centre_F(t)), whose speed and acceleration bound the term.
// Calls term(T0, T1, V, M) for each vertex of G (the term's value, slope, largest |slope| and
// |second derivative| over [t0, t0 + w]).
template <class Term>
void face_terms(const Side& F, const Placed& pf, std::size_t edge, Vec2 n, const Side& G,
                const Placed& pg, double w, Term&& term) {
    const Vec2 q = edge_start(pf, edge);
    const Vec2 q_velocity = material_velocity(F, pf, q);
    const double spin = std::abs(F.angle);
    const double pull = G.accel_norm + F.accel_norm; // what the accelerations add to a speed
    const double linear = G.rigid ? norm(G.linear - F.linear) + pull : 0.0;
    const double spin_g = std::abs(G.angle);
    for (std::size_t k = 0; k < G.size(); ++k) {
        const Vec2 x = pg.x[k];
        const double t0 = dot(n, x - q);
        const double t1 =
            F.angle * dot(perp(n), x - q) + dot(n, material_velocity(G, pg, x) - q_velocity);
        const double u =
            (G.rigid ? linear : norm(G.velocity[k] - F.linear) + pull) + spin_g * G.lever[k];
        const double y = norm(x - pf.centre) + u * w;
        const double v = u + spin * y;
        // F's centre's acceleration moves F's frame: |X''| <= |x_k'' - c_F''| + 2 |angle| |X'| +
        // angle^2 |X| (G.acceleration[k] holds G's |accel|, F.accel_norm adds F's).
        const double m = G.acceleration[k] + F.accel_norm + 2.0 * spin * u + spin * spin * y;
        if (!term(t0, t1, v, m)) return;
    }
}

double face_bound(const Side& F, const Placed& pf, std::size_t edge, Vec2 n, const Side& G,
                  const Placed& pg, double w, double stop_at) {
    double bound = kInfinity;
    face_terms(F, pf, edge, n, G, pg, w, [&](double t0, double t1, double v, double m) {
        bound = std::min(bound, term_bound(t0, t1, v, m, w));
        return bound > stop_at;
    });
    return bound;
}

// How far past t0 (at most `most`) the face separation of face_terms certainly stays above
// `level`: as world_axis_reach, each term by the longer of its first- and second-order roots.
// The normal turns with F, so the term of the vertex closest to the edge has the distance's own
// slope: near a contact the second-order root is a Newton step on the distance itself, where
// the world-fixed axis falls behind by the share of the closing speed its far vertices add.
double face_reach(const Side& F, const Placed& pf, std::size_t edge, Vec2 n, const Side& G,
                  const Placed& pg, double level, double most) {
    double reach = most;
    face_terms(F, pf, edge, n, G, pg, most, [&](double t0, double t1, double v, double m) {
        reach = std::min(reach, term_reach(t0 - level, t1, v, m, reach));
        return reach > 0.0;
    });
    return reach * (1.0 - 0x1p-20);
}

// The unit normal of edge `edge` of `p`, on the side of `toward`.
Vec2 edge_normal_toward(const Placed& p, std::size_t edge, Vec2 toward) {
    const Vec2 n = unit_or(perp(edge_end(p, edge) - edge_start(p, edge)), Vec2{});
    return dot(n, toward - edge_start(p, edge)) >= 0.0 ? n : -n;
}

// The direction from the obstacle toward the mover at the closest points: an edge's own normal
// when a vertex is closest to its inside (the closest points' difference is only as precise as
// their distance is large: at 1e-8 apart, rounding turns it by 1e-8, enough to tip a long
// edge's far end across it), else that difference.
Vec2 closest_direction(const Placed& pa, const Placed& pb, const Closest& c) {
    if (c.edge >= 0 && c.s > 0.0 && c.s < 1.0) {
        const Placed& p = c.pairing == Pairing::VertexEdge ? pb : pa;
        const auto e = static_cast<std::size_t>(c.edge);
        const Vec2 n = unit_or(perp(edge_end(p, e) - edge_start(p, e)), Vec2{});
        if (n != Vec2{}) return dot(n, c.on_mover - c.on_obstacle) >= 0.0 ? n : -n;
    }
    return unit_or(c.on_mover - c.on_obstacle, Vec2{0.0, 1.0});
}

// A lower bound on the cores' distance over [t0, t0 + w], from the closest points at t0
// (their distance > 0): the best of the certain bounds. The first, the distance at t0 less the
// fastest points' speeds times w (every point of a side moves no faster than its fastest
// vertex), clears every short enough interval whatever the others do.
// The least of |a + d s| for s in [0, w] (the distance of the origin to that segment).
double least_length(Vec2 a, Vec2 d, double w) {
    const double l2 = dot(d, d);
    const double s = l2 > 0.0 ? std::clamp(-dot(a, d) / l2, 0.0, w) : 0.0;
    return norm(a + d * s);
}

// A disc that holds a rigid side at every t in [0, 1] while its centre moves with the side's
// pivot, centre + linear t. The pivot's circle of the side's reach is one. While the side turns
// by at most a quarter turn, the chord disc is often far smaller: the side's vertices lie within
// rho of their mean offset o from the pivot (rho the largest distance), and o turns by angle t
// about the pivot; an arc of at most a half turn lies within L |sin(angle / 2)| of its chord's
// midpoint cos(angle / 2) R(angle / 2) o (L = |o|: |R(phi) o - cos(angle / 2) o|^2 = L^2 (1 -
// 2 cos phi cos(angle / 2) + cos^2(angle / 2)) <= L^2 sin^2(angle / 2) for |phi| <= |angle| / 2
// <= pi / 2). Its radius, L |sin(angle / 2)| + rho, is rho alone for a side that does not turn.
// The smaller of the two. The chord disc's radius is rounded up by far more than its own
// rounding (a few ulps; up only makes the test more cautious); its centre's rounding, a few ulps
// of the scale, is far inside the contact level that certainly_apart keeps as its margin. (Past
// a quarter turn the chord disc seldom wins, and its sine costs more than it saves.)
struct SweptDisc {
    Vec2 centre;
    double radius = 0.0;
};

SweptDisc swept_disc(const Side& side) {
    const SweptDisc pivot{side.centre, side.reach};
    if (!(std::abs(side.angle) <= 0.5 * 3.141592653589793) || !(side.reach > 0.0)) return pivot;
    Vec2 mean;
    for (const Vec2 o : side.offset)
        mean += o;
    mean = mean * (1.0 / static_cast<double>(side.size()));
    double rho2 = 0.0;
    for (const Vec2 o : side.offset)
        rho2 = std::max(rho2, dot(o - mean, o - mean));
    const SinCos half = sin_cos(0.5 * side.angle);
    const double radius = (norm(mean) * std::abs(half.sin) + std::sqrt(rho2)) * (1.0 + 0x1p-40);
    if (!(radius < side.reach)) return pivot;
    const Vec2 mid =
        Vec2{half.cos * mean.x - half.sin * mean.y, half.sin * mean.x + half.cos * mean.y} *
        half.cos;
    return {side.centre + mid, radius};
}

// The separation from the line of a segment whose ends move on their own (not rigid: no frame
// turns with it), on the mover's side: for every vertex k of the mover G, the signed area
// C(t) = cross(e(t), x_k(t) - a(t)) with e = b - a (linear in t), bounded as a term (C' =
// cross(e', u) + cross(e, u'), C'' = 2 cross(e', u') + cross(e, u''), u = x_k - a), then
// divided by |e|: by its largest on the interval where the bound is positive, its least where
// it is not. The distance of a point to a segment is at least its distance to the line.
double moving_line_bound(const Side& S, const Placed& ps, Vec2 toward, const Side& G,
                         const Placed& pg, double w) {
    const Vec2 a = ps.x[0], e = ps.x[1] - ps.x[0];
    const Vec2 a_velocity = S.velocity[0] + ps.drift_velocity;
    const Vec2 e_velocity = S.velocity[1] - S.velocity[0]; // the acceleration moves both ends alike
    const double side = cross(e, toward - a) >= 0.0 ? 1.0 : -1.0;
    const double longest = std::max(norm(e), norm(e + e_velocity * w));
    const double shortest = least_length(e, e_velocity, w);
    const double e_speed = norm(e_velocity), spin = std::abs(G.angle);
    double bound = kInfinity;
    for (std::size_t k = 0; k < G.size(); ++k) {
        const Vec2 u = pg.x[k] - a;
        const Vec2 u_velocity = material_velocity(G, pg, pg.x[k]) - a_velocity;
        const double c0 = side * cross(e, u);
        const double c1 = side * (cross(e_velocity, u) + cross(e, u_velocity));
        const double u_speed =
            norm(G.velocity[k] - S.velocity[0]) + spin * G.lever[k] + G.accel_norm + S.accel_norm;
        const double u_most = norm(u) + u_speed * w;
        const double v = e_speed * u_most + longest * u_speed;
        const double m = 2.0 * e_speed * u_speed + longest * (G.acceleration[k] + S.accel_norm);
        const double area = term_bound(c0, c1, v, m, w);
        if (area >= 0.0)
            bound = std::min(bound, area / longest);
        else if (shortest > 0.0)
            bound = std::min(bound, area / shortest);
        else
            return -kInfinity;
    }
    return bound;
}

// The cheapest first: each bound is certain on its own, so once one is above `enough` (the
// level that clears the interval) the others cannot change the verdict and are not computed.
double lower_bound(const Side& A, const Placed& pa, const Side& B, const Placed& pb,
                   const Closest& c, double w, double enough, bool verdict_only, Scratch& scratch) {
    // When only the verdict counts (no trace records the bound), a bound computed over vertices
    // stops at its first term a little below `enough` (by far more than the rounding of the
    // caller's comparison): the least is lower still, and the verdict the same.
    const double stop_at = verdict_only ? enough - std::abs(enough) * 0x1p-40 : -kInfinity;
    double bound = c.distance - (A.fastest + B.fastest) * w;
    if (bound > enough) return bound;
    if (A.rigid && B.rigid) { // the circles about the centres: a spin does not move them
        const double centres_speed = norm(A.linear - B.linear) + A.accel_norm + B.accel_norm;
        bound =
            std::max(bound, norm(pa.centre - pb.centre) - centres_speed * w - A.reach - B.reach);
        if (bound > enough) return bound;
    }
    const bool on_edge_interior = c.edge >= 0 && c.s > 0.0 && c.s < 1.0;
    if (on_edge_interior && c.pairing == Pairing::VertexEdge && B.rigid) {
        const auto e = static_cast<std::size_t>(c.edge);
        bound = std::max(
            bound, face_bound(B, pb, e, edge_normal_toward(pb, e, c.on_mover), A, pa, w, stop_at));
    }
    if (on_edge_interior && c.pairing == Pairing::VertexEdge && !B.rigid && B.size() == 2)
        bound = std::max(bound, moving_line_bound(B, pb, c.on_mover, A, pa, w));
    if (on_edge_interior && c.pairing == Pairing::EdgeVertex && A.rigid) {
        const auto e = static_cast<std::size_t>(c.edge);
        bound = std::max(bound, face_bound(A, pa, e, edge_normal_toward(pa, e, c.on_obstacle), B,
                                           pb, w, stop_at));
    }
    if (bound > enough) return bound;
    return std::max(
        bound, world_axis_bound(A, pa, B, pb, closest_direction(pa, pb, c), w, stop_at, scratch));
}

// How far past t0 (at most `most`) the cores' distance certainly stays above `level`: the
// world-fixed axis's reach, or, once the contact has settled on a vertex closest to the inside
// of a rigid side's edge (`settled`: the same features at the last two placements), the farther
// of that and the edge's turning normal's (face_reach).
double advance_reach(const Side& A, const Placed& pa, const Side& B, const Placed& pb,
                     const Closest& c, bool settled, double level, double most, Scratch& scratch) {
    double reach =
        world_axis_reach(A, pa, B, pb, closest_direction(pa, pb, c), level, most, scratch);
    if (!settled || reach >= most || c.edge < 0 || !(c.s > 0.0 && c.s < 1.0)) return reach;
    const auto e = static_cast<std::size_t>(c.edge);
    if (c.pairing == Pairing::VertexEdge && B.rigid)
        reach = std::max(
            reach, face_reach(B, pb, e, edge_normal_toward(pb, e, c.on_mover), A, pa, level, most));
    if (c.pairing == Pairing::EdgeVertex && A.rigid)
        reach = std::max(reach, face_reach(A, pa, e, edge_normal_toward(pa, e, c.on_obstacle), B,
                                           pb, level, most));
    return reach;
}

// ---- the answer ------------------------------------------------------------------------------

// The axis along which the cores are farthest apart (edge normals of both; the centres'
// direction for two single vertices), from the obstacle toward the mover.
Vec2 separating_axis(const Side& A, const Placed& pa, const Side& B, const Placed& pb) {
    Vec2 best_axis = normalized_or(pa.centre - pb.centre, Vec2{0.0, 1.0});
    double best = -kInfinity;
    const auto separation = [&](Vec2 n) {
        double lo = kInfinity, hi = -kInfinity;
        for (const Vec2 x : pa.x)
            lo = std::min(lo, dot(n, x));
        for (const Vec2 y : pb.x)
            hi = std::max(hi, dot(n, y));
        return lo - hi;
    };
    const auto try_axis = [&](Vec2 n) {
        if (n == Vec2{}) return;
        for (const Vec2 candidate : {n, -n})
            if (const double s = separation(candidate); s > best) {
                best = s;
                best_axis = candidate;
            }
    };
    for (std::size_t e = 0; e < B.edges(); ++e)
        try_axis(normalized_or(perp(edge_end(pb, e) - edge_start(pb, e)), Vec2{}));
    for (std::size_t e = 0; e < A.edges(); ++e)
        try_axis(normalized_or(perp(edge_end(pa, e) - edge_start(pa, e)), Vec2{}));
    return best_axis;
}

void name_parts(Hit& hit, const Closest& c, const Swept& mover, const Swept& obstacle,
                std::size_t obstacle_size) {
    const bool mover_polygon = mover.shape_kind() == ShapeKind::Polygon;
    const ShapeKind o = obstacle.shape_kind();
    const auto obstacle_vertex = [&](int k) {
        if (o == ShapeKind::Segment) {
            hit.feature = k == 0 ? Feature::EndpointA : Feature::EndpointB;
        } else if (o == ShapeKind::Polygon) {
            hit.feature = Feature::PolygonVertex;
            hit.obstacle_vertex = k;
        } else {
            hit.feature = o == ShapeKind::Point ? Feature::Point : Feature::Circle;
        }
    };
    if (c.pairing == Pairing::VertexEdge) {
        if (mover_polygon) hit.mover_vertex = c.vertex;
        if (c.edge < 0) {
            obstacle_vertex(0);
        } else if (c.s <= 0.0) {
            obstacle_vertex(c.edge);
        } else if (c.s >= 1.0) {
            obstacle_vertex(
                static_cast<int>((static_cast<std::size_t>(c.edge) + 1) % obstacle_size));
        } else if (o == ShapeKind::Segment) {
            hit.feature = Feature::SegmentInterior;
        } else {
            hit.feature = Feature::PolygonEdge;
            hit.obstacle_edge = c.edge;
        }
    } else {
        if (mover_polygon) hit.mover_edge = c.edge;
        obstacle_vertex(c.vertex);
    }
}

Hit hit_at(double t, const Side& A, const Placed& pa, const Side& B, const Placed& pb,
           const Closest& c, const Swept& mover, const Swept& obstacle) {
    Hit hit;
    hit.t = t;
    hit.normal = normalized_or(c.distance == 0.0 ? separating_axis(A, pa, B, pb)
                                                 : closest_direction(pa, pb, c),
                               Vec2{0.0, 1.0});
    hit.point = c.on_obstacle;
    hit.overlap = t == 0.0;
    const Vec2 relative =
        material_velocity(A, pa, c.on_mover) - material_velocity(B, pb, c.on_obstacle);
    hit.approaching = dot(relative, hit.normal) < 0.0;
    name_parts(hit, c, mover, obstacle, B.size());
    return hit;
}

double largest_coordinate(Vec2 v) {
    return std::max(std::abs(v.x), std::abs(v.y));
}

double side_scale(const Swept& swept) {
    double radius = 0.0;
    std::array<Vec2, 2> buffer;
    const std::span<const Vec2> vertices = vertices_of(swept.shape, radius, buffer);
    double scale = radius;
    for (const Vec2 v : vertices)
        scale = std::max(scale, largest_coordinate(v));
    if (const auto* e = std::get_if<EndMotion>(&swept.motion))
        scale = std::max(
            {scale, largest_coordinate(e->displacement_a), largest_coordinate(e->displacement_b)});
    else
        scale = std::max(scale, largest_coordinate(swept.displacement()));
    scale = std::max(scale, largest_coordinate(swept.acceleration));
    if (const auto* turning = std::get_if<Turning>(&swept.motion)) {
        scale = std::max(scale, largest_coordinate(turning->pivot));
        for (const Vec2 v : vertices)
            scale = std::max(scale, std::abs(turning->angle) * length(v - turning->pivot));
    }
    return scale;
}

std::optional<Hit> search(const Swept& mover, const Swept& obstacle, Trace* trace,
                          double tolerance);

} // namespace

detail::ContactAt detail::contact_at(const Swept& mover, const Swept& obstacle, double t) {
    const Side A = side_of(mover), B = side_of(obstacle);
    ContactAt out;
    if (A.size() == 0 || B.size() == 0) return out;
    Placed pa, pb;
    place(A, t, pa);
    place(B, t, pb);
    EdgeScratch edges;
    const Closest c = closest(A, pa, B, pb, edges);
    out.distance = c.distance;
    out.overlap = c.overlap;
    out.hit = hit_at(t, A, pa, B, pb, c, mover, obstacle);
    return out;
}

double certified_scale(const Swept& mover, const Swept& obstacle) {
    return std::max({1.0, side_scale(mover), side_scale(obstacle)});
}

std::optional<Hit> certified_time_of_impact(const Swept& mover, const Swept& obstacle, Trace* trace,
                                            double tolerance) {
    // Inputs near the ends of double are brought into range by an exact power of two first (as
    // every query does: input_scaling.hpp); times are the same, lengths are scaled back.
    const detail::InputRescale k = detail::rescale_for(mover, obstacle);
    if (!k.needed()) return search(mover, obstacle, trace, tolerance);
    auto hit = search(detail::rescaled(mover, k), detail::rescaled(obstacle, k), trace, tolerance);
    const double back = 1.0 / k.scale;
    if (hit) hit->point *= back;
    if (trace && trace->search) {
        CertifiedSearch& s = *trace->search;
        s.tolerance *= back;
        for (SeparationSample& sample : s.samples)
            sample.separation *= back;
        for (SearchBracket& bracket : s.brackets) {
            bracket.separation *= back;
            bracket.lower_bound *= back;
        }
    }
    return hit;
}

namespace detail {

SearchWork& certified_search_work() {
    thread_local SearchWork work;
    return work;
}

} // namespace detail

namespace {

// f at t = k / kSamples, k = 0..kSamples: the curve the trace draws.
std::vector<SeparationSample> sample_separation(const Side& A, const Side& B, double r,
                                                EdgeScratch& edges) {
    std::vector<SeparationSample> out;
    Placed pa, pb;
    for (int k = 0; k <= kSamples; ++k) {
        const double t = static_cast<double>(k) / kSamples;
        place(A, t, pa);
        place(B, t, pb);
        out.push_back({t, closest(A, pa, B, pb, edges).distance - r});
    }
    return out;
}

// What a search works in, kept per thread between queries: once a thread has answered a query
// with as many vertices, a query allocates nothing.
struct Workspace {
    Side A, B;
    Placed pa, pb;
    EdgeScratch edges;
    Scratch scratch;
    std::vector<double> ends;
};

// One query's certified search over [0, 1]: the intervals still to decide (`ends`, their right
// ends, the last first), the start t0 of the next one and the closest points there (`c`), and
// the trace's record of every interval when there is a trace.
class SearchRun {
public:
    SearchRun(Workspace& w, const Swept& mover, const Swept& obstacle, Trace* trace, double delta)
        : w_(w), A_(w.A), B_(w.B), mover_(mover), obstacle_(obstacle), trace_(trace), delta_(delta),
          r_(w.A.radius + w.B.radius),
          // An interval is cleared only where the bound is above +delta / 4, not merely above
          // -delta: the distance of a point to a segment (or of two polygons) never goes below
          // 0, so "not below -delta" alone would let a point pass through a segment unseen.
          // Every interval shorter than delta / (4 x the largest speed) after a start with
          // f > delta / 2 is cleared.
          contact_level_(0.5 * delta), clear_level_(0.25 * delta),
          budget_(std::clamp(
              kMaxSearchWork / static_cast<long>(std::max<std::size_t>(1, w.A.size() * w.B.size())),
              kMinSearchSteps, kMaxSearchSteps)) {}

    // An early out for the whole frame (without a trace, which wants the search drawn): the
    // circles about the two centres, which a spin does not move, never come within r + the
    // contact level of each other (their centres' least distance over the frame, exactly, less
    // the reaches), so no t can be a contact: the search would answer the same miss.
    // Or the same of the chord discs (swept_disc), far smaller while the sides turn little.
    // Accelerations move the centres off their straight paths by at most |accel| / 2 each over
    // the frame: both tests keep that margin.
    bool certainly_apart() const {
        if (trace_ || !A_.rigid || !B_.rigid) return false;
        const Vec2 relative = A_.linear - B_.linear;
        const double drift = 0.5 * (A_.accel_norm + B_.accel_norm);
        if (least_length(A_.centre - B_.centre, relative, 1.0) - drift - A_.reach - B_.reach - r_ >
            contact_level_)
            return true;
        const SweptDisc a = swept_disc(A_), b = swept_disc(B_);
        if (a.radius == A_.reach && b.radius == B_.reach) return false; // (the test above)
        return least_length(a.centre - b.centre, relative, 1.0) - drift - a.radius - b.radius - r_ >
               contact_level_;
    }

    std::optional<Hit> run() {
        if (trace_) {
            trace_->begin("certified");
            search_ = &trace_->search.emplace();
            search_->tolerance = delta_;
            search_->samples = sample_separation(A_, B_, r_, w_.edges);
        }
        w_.ends.assign(1, 1.0);
        place(A_, t0_, w_.pa);
        place(B_, t0_, w_.pb);
        c_ = closest_near(A_, w_.pa, B_, w_.pb, facing_pair(w_.pa, w_.pb), w_.edges);
        while (!w_.ends.empty()) {
            const double t1 = w_.ends.back();
            const double f = c_.distance - r_;
            if (c_.overlap || f <= contact_level_) {
                record(t0_, t1, f, kNaN, BracketVerdict::ContactFound);
                return answer(t0_);
            }
            if (steps_ >= budget_) { // undecided: the undecided interval's start
                record(t0_, t1, f, kNaN, BracketVerdict::StepLimit);
                if (search_) search_->step_limit_reached = true;
                return undecided(t0_);
            }
            ++steps_;
            if (!decide(t1, f)) return undecided(t0_);
        }
        return at_the_end();
    }

    long steps() const { return steps_; }

private:
    static constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

    // The search stopped before deciding [t0, ...]: no contact before t0, nothing known after.
    Hit undecided(double t0) {
        Hit hit = answer(t0);
        hit.undecided = true;
        return hit;
    }

    // One step on [t0, t1] (f: the separation at t0): cleared by a bound, advanced over, or
    // halved; false when it is an ulp wide and still undecided (a tolerance past double's).
    bool decide(double t1, double f) {
        const double bound = lower_bound(A_, w_.pa, B_, w_.pb, c_, t1 - t0_, clear_level_ + r_,
                                         !search_, w_.scratch) -
                             r_;
        if (bound > clear_level_) {
            record(t0_, t1, f, bound, BracketVerdict::NoContact);
            advanced_ = false;
            clear_from_ = t0_;
            t0_ = t1;
            w_.ends.pop_back();
            look_at(t0_);
            return true;
        }
        // Advance first, on every other step (a graze, which the advance only creeps toward, is
        // halved on the steps between): clear [t0, t0 + reach] and look again from there.
        if (!advanced_ && advance(t1, f)) return true;
        advanced_ = false;
        const double mid = t0_ + 0.5 * (t1 - t0_);
        if (!(mid > t0_ && mid < t1)) { // an ulp wide and undecided (a tolerance past double's)
            record(t0_, t1, f, bound, BracketVerdict::StepLimit);
            if (search_) search_->step_limit_reached = true;
            return false;
        }
        record(t0_, t1, f, bound, BracketVerdict::Refined);
        w_.ends.push_back(mid);
        return true;
    }

    // Clears [t0, t0 + reach] when the advance reaches past t0, and looks again from there.
    bool advance(double t1, double f) {
        const double reach = advance_reach(A_, w_.pa, B_, w_.pb, c_, settled_, clear_level_ + r_,
                                           t1 - t0_, w_.scratch);
        if (!(reach > 0.0 && t0_ + reach > t0_)) return false;
        advanced_ = true;
        record(t0_, std::min(t1, t0_ + reach), f, clear_level_, BracketVerdict::NoContact);
        clear_from_ = t0_;
        t0_ = std::min(t1, t0_ + reach);
        if (t0_ == t1) w_.ends.pop_back();
        look_at(t0_);
        return true;
    }

    // Every interval cleared up to t = 1: a contact exactly at the end is still one.
    std::optional<Hit> at_the_end() {
        if (c_.overlap || c_.distance - r_ <= contact_level_) {
            record(1.0, 1.0, c_.distance - r_, kNaN, BracketVerdict::ContactFound);
            return answer(1.0);
        }
        if (search_) {
            search_->final_t0 = search_->final_t1 = 1.0;
            search_->steps = steps_;
        }
        return std::nullopt;
    }

    // The same vertex and edge were closest at the last two placements: the contact has settled
    // on them, and the advance may take their edge's turning normal too (advance_reach).
    void look_at(double t) {
        place(A_, t, w_.pa);
        place(B_, t, w_.pb);
        const Closest next = closest_near(A_, w_.pa, B_, w_.pb, c_, w_.edges);
        settled_ = same_features(next, c_);
        c_ = next;
    }

    void record(double t0, double t1, double f, double bound, BracketVerdict verdict) {
        if (!search_) return;
        if (search_->brackets.size() < CertifiedSearch::kMaxBrackets)
            search_->brackets.push_back({t0, t1, f, bound, verdict});
        else
            search_->brackets_truncated = true;
    }

    // A contact at a vertex of both sides is as close for two vertex-edge pairs (the vertex and
    // either edge at the other): the hit names its parts from every pair's closest points, as
    // `closest` orders them, whichever pair closest_near found.
    Hit answer(double t) {
        const Placed& pa = w_.pa;
        const Placed& pb = w_.pb;
        const bool inside_an_edge = c_.edge >= 0 && c_.s > 0.0 && c_.s < 1.0;
        Hit hit = hit_at(t, A_, pa, B_, pb,
                         c_.overlap || inside_an_edge ? c_ : closest(A_, pa, B_, pb, w_.edges),
                         mover_, obstacle_);
        hit.point += hit.normal * B_.radius; // on the obstacle's surface (a capsule's, ...)
        if (search_) {
            search_->final_t0 = clear_from_;
            search_->final_t1 = t;
            search_->steps = steps_;
            trace_->overlap_at_start = hit.overlap;
        }
        return hit;
    }

    Workspace& w_;
    const Side& A_;
    const Side& B_;
    const Swept& mover_;
    const Swept& obstacle_;
    Trace* trace_;
    CertifiedSearch* search_ = nullptr;
    const double delta_, r_, contact_level_, clear_level_;
    const long budget_;
    double t0_ = 0.0, clear_from_ = 0.0;
    Closest c_;
    bool settled_ = false;  // the last two placements' closest features were the same
    bool advanced_ = false; // the last step advanced (the next undecided one halves)
    long steps_ = 0;
};

std::optional<Hit> search(const Swept& mover, const Swept& obstacle, Trace* trace,
                          double tolerance) {
    thread_local Workspace w;
    fill_side(mover, w.A);
    fill_side(obstacle, w.B);
    if (w.A.size() == 0 || w.B.size() == 0) return std::nullopt;
    const double delta = tolerance * std::max({1.0, w.A.scale, w.B.scale}); // certified_scale's
    SearchRun run(w, mover, obstacle, trace, delta);
    if (run.certainly_apart()) return std::nullopt;
    std::optional<Hit> hit = run.run();
    detail::SearchWork& work = detail::certified_search_work();
    work.steps += run.steps();
    if (hit && hit->undecided) ++work.undecided;
    return hit;
}

} // namespace

} // namespace ccd
