#include "engine_compared_run.hpp"

#include <algorithm>
#include <condition_variable>
#include <exception>
#include <iterator>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace ccdlab {

struct EngineComparedRun::Shared {
    // Set before the worker starts, never changed.
    ccd::Scene scene;
    ccd::EngineKind engine = ccd::EngineKind::Box2d;
    int frames = 1;
    mutable std::mutex mutex;
    mutable std::condition_variable changed;
    // Written by the worker alone (under the mutex), so the worker reads it without it.
    ccd::EngineRun run;
    std::vector<ccd::Tunnel> tunnels;
    int frames_checked = 0;
    int wanted = 0;
    bool stop = false;
    bool done = false;
    std::string error;
};

namespace {

// The engine run to `target` frames (a fresh world, as ccd::run_engine steps it), published.
template <class Shared>
void extend_to(Shared& shared, int target) {
    ccd::EngineRun run = ccd::run_engine(shared.scene, shared.engine, target);
    const std::lock_guard lock(shared.mutex);
    shared.run = std::move(run);
}

} // namespace

EngineComparedRun::EngineComparedRun(const ccd::Scene& scene, ccd::EngineKind engine, int frames)
    : shared_(std::make_shared<Shared>()) {
    if (engine == ccd::EngineKind::Exact)
        throw std::invalid_argument("the exact World is the run shown: compare it with an engine");
    shared_->scene = scene;
    shared_->engine = engine;
    shared_->frames = std::max(1, frames);
    shared_->run.engine = engine;
    std::thread([shared = shared_] { work(shared); }).detach();
}

EngineComparedRun::~EngineComparedRun() {
    {
        const std::lock_guard lock(shared_->mutex);
        shared_->stop = true;
    }
    shared_->changed.notify_all();
}

ccd::EngineKind EngineComparedRun::engine() const {
    return shared_->engine;
}

int EngineComparedRun::frames() const {
    return shared_->frames;
}

const ccd::Scene& EngineComparedRun::scene() const {
    return shared_->scene;
}

void EngineComparedRun::want(int frame) {
    {
        const std::lock_guard lock(shared_->mutex);
        if (frame <= shared_->wanted) return;
        shared_->wanted = std::min(frame, shared_->frames);
    }
    shared_->changed.notify_all();
}

// A piece at a time: more of the run while the frame wanted (and the one after it, for its
// tunnels) is not ready or every frame stepped so far is searched; else the next frame's
// tunnels. Each engine run starts a fresh world, so it doubles what is stepped: the frames are
// stepped at most twice in all. Between pieces it stops when told to.
void EngineComparedRun::work(const std::shared_ptr<Shared>& shared) {
    Shared& s = *shared;
    for (;;) {
        int stepped = 0, wanted = 0, checked = 0;
        {
            const std::lock_guard lock(s.mutex);
            if (s.stop || s.done) return;
            stepped = s.run.frames();
            wanted = s.wanted;
            checked = s.frames_checked;
        }
        try {
            if (stepped < s.frames && (stepped < wanted + 1 || checked >= stepped)) {
                extend_to(s, std::min(s.frames, std::max({wanted + 1, 2 * stepped, 1})));
            } else if (checked < stepped) {
                std::vector<ccd::Tunnel> found =
                    ccd::find_tunnels_in_frame(s.scene, s.run, checked);
                const std::lock_guard lock(s.mutex);
                s.tunnels.insert(s.tunnels.end(), std::make_move_iterator(found.begin()),
                                 std::make_move_iterator(found.end()));
                s.frames_checked = checked + 1;
                s.done = checked + 1 >= s.frames;
            }
        } catch (const std::exception& e) {
            const std::lock_guard lock(s.mutex);
            s.error = e.what();
            s.done = true;
        }
        s.changed.notify_all();
    }
}

EngineComparedRun::Progress EngineComparedRun::progress() const {
    const std::lock_guard lock(shared_->mutex);
    return {static_cast<int>(shared_->run.states.size()), shared_->frames_checked,
            shared_->tunnels.size(), shared_->done, shared_->error};
}

std::optional<std::vector<ccd::BodyState>> EngineComparedRun::states_at(int frame) const {
    const std::lock_guard lock(shared_->mutex);
    if (frame < 0 || frame >= static_cast<int>(shared_->run.states.size())) return std::nullopt;
    return shared_->run.states[static_cast<std::size_t>(frame)];
}

std::vector<ccd::Tunnel> EngineComparedRun::tunnels() const {
    const std::lock_guard lock(shared_->mutex);
    return shared_->tunnels;
}

std::vector<std::string> EngineComparedRun::body_names() const {
    const std::lock_guard lock(shared_->mutex);
    return shared_->run.body_names;
}

std::vector<std::string> EngineComparedRun::notes() const {
    const std::lock_guard lock(shared_->mutex);
    return shared_->run.notes;
}

std::string EngineComparedRun::describe(const ccd::Tunnel& tunnel) const {
    const std::lock_guard lock(shared_->mutex);
    return ccd::describe(tunnel, shared_->scene, shared_->run);
}

void EngineComparedRun::wait_until_done() const {
    std::unique_lock lock(shared_->mutex);
    shared_->changed.wait(lock, [&] { return shared_->done || shared_->stop; });
}

} // namespace ccdlab
