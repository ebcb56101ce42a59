#pragma once
// EngineComparedRun: the world view's scene stepped by a real engine's world (Box2D's b2World,
// Bullet's btDiscreteDynamicsWorld, Chipmunk's cpSpace: ccd::run_engine) beside the exact
// World's run shown, and the engine run's tunnels (ccd::find_tunnels_in_frame), computed on a
// worker thread so that the window never waits for them: first up to the frame shown (want()),
// then on to the last compared frame. The view reads what is ready and draws the engine's bodies
// at each frame's start as ghosts. Native builds only (the web build has no engine worlds). No
// OpenGL (tests/app/runmodel/engine_compared_run_test.cpp).

#include "ccd/engine_run.hpp"
#include "ccd/scene.hpp"
#include "ccd/tunnel_detector.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ccdlab {

class EngineComparedRun {
public:
    // Starts stepping `scene` in `engine`'s world for `frames` frames (at least 1), frame 0
    // first. Throws std::invalid_argument for EngineKind::Exact (the World is run a already).
    EngineComparedRun(const ccd::Scene& scene, ccd::EngineKind engine, int frames);
    // Tells the worker to stop after the piece it is on and returns at once (the worker keeps
    // what it works on alive until then): dropping a comparison never waits for an engine.
    ~EngineComparedRun();
    EngineComparedRun(const EngineComparedRun&) = delete;
    EngineComparedRun& operator=(const EngineComparedRun&) = delete;

    ccd::EngineKind engine() const;
    int frames() const;
    const ccd::Scene& scene() const;

    // The worker goes on from the start of `frame` before it looks for more tunnels: the frame
    // shown comes first.
    void want(int frame);

    // What is ready, copied out under the worker's lock.
    struct Progress {
        int states = 0;         // frames whose start states are ready: 0 .. states - 1
        int frames_checked = 0; // frames searched for tunnels: 0 .. frames_checked - 1
        std::size_t tunnels = 0;
        bool done = false; // every frame stepped and searched (or the engine failed)
        std::string error; // why the engine could not run the scene
        friend bool operator==(const Progress&, const Progress&) = default;
    };
    Progress progress() const;
    // Every body's state at the start of `frame` (the scene's bodies, then its polygons, as the
    // World's); none while it is not ready.
    std::optional<std::vector<ccd::BodyState>> states_at(int frame) const;
    // The tunnels found so far, in frame order (frames below progress().frames_checked).
    std::vector<ccd::Tunnel> tunnels() const;
    std::vector<std::string> body_names() const;
    // What the mapping of the scene into the engine did not carry, one sentence each.
    std::vector<std::string> notes() const;
    // One line of a tunnel: "frame 3: ball through floor at (0.5, 1): <the engine's reason>".
    std::string describe(const ccd::Tunnel& tunnel) const;

    // Blocks until everything is ready (a screenshot, a test).
    void wait_until_done() const;

private:
    struct Shared; // the scene, the engine, and the worker's results under its mutex
    static void work(const std::shared_ptr<Shared>& shared);

    std::shared_ptr<Shared> shared_; // the worker holds it too, until it stops
};

} // namespace ccdlab
