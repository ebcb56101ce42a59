#include "touch_cut.hpp"

#include "shape_corners.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace ccd {
namespace {

// The vertex of `side` within `slack` of `core_point`, or -1.
int vertex_at(const std::vector<Vec2>& side, Vec2 core_point, double slack) {
    int best = -1;
    double nearest = slack;
    for (std::size_t k = 0; k < side.size(); ++k) {
        const double d = length(side[k] - core_point);
        if (d <= nearest) {
            nearest = d;
            best = static_cast<int>(k);
        }
    }
    return best;
}

// Half the shortest of the cut side's edges from its vertex k and of the other side's vertices'
// distances from it (those at the touch left out).
double reach_of(const std::vector<Vec2>& cut, int k, const std::vector<Vec2>& other, double slack) {
    const std::size_t n = cut.size();
    const Vec2 v = cut[static_cast<std::size_t>(k)];
    double shortest = std::numeric_limits<double>::infinity();
    if (n == 2) {
        shortest = length(cut[1] - cut[0]);
    } else {
        const std::size_t i = static_cast<std::size_t>(k);
        shortest = std::min(length(cut[(i + n - 1) % n] - v), length(cut[(i + 1) % n] - v));
    }
    for (const Vec2 w : other) {
        const double d = length(w - v);
        if (d > slack) shortest = std::min(shortest, d);
    }
    return 0.5 * shortest;
}

// `side` with its corner at vertex k cut at `reach` along its edges (a segment: its end k).
Swept cut_side(const Swept& side, int k, double reach, bool& end_a) {
    Swept out = side;
    if (auto* polygon = std::get_if<Polygon>(&out.shape)) {
        std::vector<Vec2>& v = polygon->vertices;
        const std::size_t n = v.size(), i = static_cast<std::size_t>(k);
        const Vec2 at = v[i];
        const Vec2 before = at + normalized_or(v[(i + n - 1) % n] - at, {}) * reach;
        const Vec2 after = at + normalized_or(v[(i + 1) % n] - at, {}) * reach;
        v[i] = before;
        v.insert(v.begin() + static_cast<std::ptrdiff_t>(i) + 1, after);
        return out;
    }
    auto& segment = std::get<Segment>(out.shape);
    end_a = k == 0;
    const Vec2 from = end_a ? segment.a : segment.b, to = end_a ? segment.b : segment.a;
    const double along = reach / length(to - from);
    const Vec2 moved = from + (to - from) * along;
    (end_a ? segment.a : segment.b) = moved;
    if (auto* ends = std::get_if<EndMotion>(&out.motion)) {
        // The material at `along` from the cut end moves as the ends' interpolation there.
        Vec2& d_from = end_a ? ends->displacement_a : ends->displacement_b;
        const Vec2 d_to = end_a ? ends->displacement_b : ends->displacement_a;
        d_from = d_from + (d_to - d_from) * along;
    }
    return out;
}

// A cut polygon's vertex j in the uncut one's parts: its vertex (or -1 for a point of the cut)
// and the edge it lies on where it is a point of the cut.
void name_vertex(int& vertex, int& edge, int k, int n) {
    if (vertex < k) return; // -1 too: k >= 0
    if (vertex > k + 1) {
        vertex -= 1;
        return;
    }
    if (edge < 0) edge = vertex == k ? (k + n - 1) % n : k;
    vertex = -1;
}

// A cut polygon's edge j in the uncut one's: the edge it lies on, or -1 for the cut's own.
void name_edge(int& edge, int k, int n) {
    if (edge < k) return; // -1 too
    if (edge == k)
        edge = -1;
    else if (edge == k + 1)
        edge = k;
    else
        edge = (edge - 1) % n;
}

} // namespace

std::optional<TouchCut> cut_at_touch(const Swept& mover, const Swept& obstacle, const Hit& touch,
                                     double delta) {
    const std::vector<Vec2> m = corners(mover.shape), o = corners(obstacle.shape);
    if (m.empty() || o.empty()) return std::nullopt;
    for (const Swept* side : {&mover, &obstacle})
        if (const auto* p = std::get_if<Polygon>(&side->shape); p && p->vertices.size() < 3)
            return std::nullopt;
    const double slack = 2.0 * delta;
    // The touch on each side's core: the obstacle's under its radius, the mover's beyond its own.
    const Vec2 on_obstacle = touch.point - touch.normal * radius_of(obstacle.shape);
    const Vec2 on_mover = touch.point + touch.normal * radius_of(mover.shape);
    TouchCut cut{mover, obstacle};
    int k = vertex_at(m, on_mover, slack);
    double reach = 0.0;
    if (k >= 0) {
        cut.mover_cut = true;
        reach = reach_of(m, k, o, 2.0 * slack);
    } else {
        k = vertex_at(o, on_obstacle, slack);
        if (k < 0) return std::nullopt;
        reach = reach_of(o, k, m, 2.0 * slack);
    }
    if (!(reach > 16.0 * delta) || !std::isfinite(reach)) return std::nullopt;
    Swept& side = cut.mover_cut ? cut.mover : cut.obstacle;
    side = cut_side(side, k, reach, cut.end_a);
    if (std::holds_alternative<Polygon>(side.shape)) {
        cut.vertex = k;
        cut.vertex_count = static_cast<int>((cut.mover_cut ? m : o).size());
    }
    return cut;
}

void name_in_uncut(Hit& hit, const TouchCut& cut) {
    if (cut.vertex < 0) { // a segment: an end cap at the cut end is its inside
        const Feature cut_end = cut.end_a ? Feature::EndpointA : Feature::EndpointB;
        if (!cut.mover_cut && hit.feature == cut_end) hit.feature = Feature::SegmentInterior;
        return;
    }
    const int k = cut.vertex, n = cut.vertex_count;
    int& vertex = cut.mover_cut ? hit.mover_vertex : hit.obstacle_vertex;
    int& edge = cut.mover_cut ? hit.mover_edge : hit.obstacle_edge;
    name_edge(edge, k, n);
    name_vertex(vertex, edge, k, n);
    if (!cut.mover_cut && hit.feature == Feature::PolygonVertex && hit.obstacle_vertex < 0)
        hit.feature = Feature::PolygonEdge;
}

} // namespace ccd
