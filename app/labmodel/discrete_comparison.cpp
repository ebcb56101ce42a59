#include "discrete_comparison.hpp"

#include "ccd/resolve.hpp"
#include "ccd/slide_move.hpp"

namespace ccdlab {

void DiscreteComparison::reset(const ccd::Scene& scene) {
    walls_.clear();
    for (const ccd::Wall& wall : scene.walls)
        walls_.push_back(wall.segment);
    ghosts_.clear();
    restitution_.clear();
    for (const ccd::Body& body : scene.bodies) {
        if (!(body.circle.radius > 0.0)) continue;
        ghosts_.push_back({body.circle, body.velocity, {body.circle.center}, false});
        restitution_.push_back(body.response == ccd::ResponseKind::Bounce ? body.restitution : 0.0);
    }
    frames_ = 0;
}

void DiscreteComparison::step(DiscreteMethod method, bool deepest_first) {
    if (method == DiscreteMethod::None) return;
    for (std::size_t i = 0; i < ghosts_.size(); ++i) {
        DiscreteGhost& ghost = ghosts_[i];
        if (method == DiscreteMethod::SlideMove) {
            ccd::SlideMoveOptions options;
            options.deepest_first = deepest_first;
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
    ++frames_;
}

} // namespace ccdlab
