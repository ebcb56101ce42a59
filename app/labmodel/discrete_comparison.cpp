#include "discrete_comparison.hpp"

#include "ccd/resolve.hpp"
#include "ccd/slide_move.hpp"

namespace ccdlab {

void DiscreteComparison::reset(const ccd::Scene& scene) {
    walls_.clear();
    chains_.clear();
    for (const ccd::Wall& wall : scene.walls) {
        walls_.push_back(wall.segment);
        chains_.emplace_back();
    }
    for (const ccd::Chain& chain : scene.chains)
        for (const ccd::ChainEdge& edge : ccd::chain_edges(chain.points, chain.loop)) {
            walls_.push_back({edge.a, edge.b});
            chains_.emplace_back(edge);
        }
    ghosts_.clear();
    restitution_.clear();
    for (const ccd::Body& body : scene.bodies) {
        if (!(body.circle.radius > 0.0)) continue;
        ghosts_.push_back({body.circle, body.velocity, {body.circle.center}, false});
        restitution_.push_back(body.response == ccd::ResponseKind::Bounce ? body.restitution : 0.0);
    }
    obstacles_.clear();
    polygon_ghosts_.clear();
    polygon_restitution_.clear();
    for (const ccd::PolygonBody& polygon : scene.polygons) {
        const ccd::Polygon start = polygon.at_start();
        if (!ccd::is_convex(start)) continue;
        if (polygon.is_static) {
            obstacles_.push_back(start);
        } else if (!polygon.turns()) {
            polygon_ghosts_.push_back(
                {start, polygon.velocity, {ccd::vertex_centroid(start)}, false});
            polygon_restitution_.push_back(
                polygon.response == ccd::ResponseKind::Bounce ? polygon.restitution : 0.0);
        }
    }
    frames_ = 0;
}

void DiscreteComparison::step_polygons(DiscreteMethod method, bool deepest_first) {
    // Left inside by no more than this (a touch rounded) is not unresolved.
    constexpr double kTouching = 1e-9;
    for (std::size_t i = 0; i < polygon_ghosts_.size(); ++i) {
        DiscretePolygonGhost& ghost = polygon_ghosts_[i];
        if (method == DiscreteMethod::SlideMove) {
            ccd::SlideMoveOptions options;
            options.deepest_first = deepest_first;
            options.chains = chains_;
            const ccd::PolygonSlideMoveResult result =
                ccd::slide_move(ghost.polygon, ghost.velocity, walls_, obstacles_, options);
            ghost.polygon = result.polygon;
            ghost.unresolved = result.out_of_iterations;
        } else {
            ccd::ResponseOptions options;
            options.restitution = polygon_restitution_[i];
            const ccd::PolygonResolveResult result =
                ccd::resolve_against_obstacles(ccd::translated(ghost.polygon, ghost.velocity),
                                               ghost.velocity, walls_, obstacles_, options);
            ghost.polygon = result.polygon;
            ghost.velocity = result.body.velocity;
            ghost.unresolved = result.remaining_depth > kTouching;
        }
        ghost.trail.push_back(ccd::vertex_centroid(ghost.polygon));
    }
}

void DiscreteComparison::step(DiscreteMethod method, bool deepest_first) {
    if (method == DiscreteMethod::None) return;
    for (std::size_t i = 0; i < ghosts_.size(); ++i) {
        DiscreteGhost& ghost = ghosts_[i];
        if (method == DiscreteMethod::SlideMove) {
            ccd::SlideMoveOptions options;
            options.deepest_first = deepest_first;
            options.chains = chains_;
            const ccd::SlideMoveResult result =
                ccd::slide_move(ghost.disk, ghost.velocity, walls_, options);
            ghost.disk.center = result.position;
            ghost.unresolved = result.out_of_iterations;
        } else {
            const ccd::Circle moved{ghost.disk.center + ghost.velocity, ghost.disk.radius};
            ccd::ResponseOptions options;
            options.restitution = restitution_[i];
            const ccd::ResolveResult result =
                ccd::resolve_against_walls(moved, ghost.velocity, walls_, options);
            ghost.disk.center = result.body.position;
            ghost.velocity = result.body.velocity;
            ghost.unresolved = result.remaining_depth > 0.0;
        }
        ghost.trail.push_back(ghost.disk.center);
    }
    step_polygons(method, deepest_first);
    ++frames_;
}

} // namespace ccdlab
