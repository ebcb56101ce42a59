#include "engine_compared_run.hpp"

#include <algorithm>
#include <exception>
#include <iterator>
#include <stdexcept>

namespace ccdlab {

struct EngineComparedRun::Shared {
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

EngineComparedRun::EngineComparedRun(const ccd::Scene& scene, ccd::EngineKind engine, int frames)
    : scene_(scene), engine_(engine), frames_(std::max(1, frames)),
      shared_(std::make_shared<Shared>()) {
    if (engine == ccd::EngineKind::Exact)
        throw std::invalid_argument("the exact World is the run shown: compare it with an engine");
    shared_->run.engine = engine;
    worker_ = std::thread([this] { work(); });
}

EngineComparedRun::~EngineComparedRun() {
    {
        const std::lock_guard lock(shared_->mutex);
        shared_->stop = true;
    }
    shared_->changed.notify_all();
    worker_.join();
}

void EngineComparedRun::want(int frame) {
    {
        const std::lock_guard lock(shared_->mutex);
        if (frame <= shared_->wanted) return;
        shared_->wanted = std::min(frame, frames_);
    }
    shared_->changed.notify_all();
}

// A piece at a time: more of the run while the frame wanted (and the one after it, for its
// tunnels) is not ready or every frame stepped so far is searched; else the next frame's
// tunnels. Each engine run starts a fresh world, so it doubles what is stepped: the frames are
// stepped at most twice in all.
void EngineComparedRun::work() {
    for (;;) {
        int stepped = 0, wanted = 0, checked = 0;
        {
            const std::lock_guard lock(shared_->mutex);
            if (shared_->stop || shared_->done) return;
            stepped = shared_->run.frames();
            wanted = shared_->wanted;
            checked = shared_->frames_checked;
        }
        try {
            if (stepped < frames_ && (stepped < wanted + 1 || checked >= stepped)) {
                extend_to(std::min(frames_, std::max({wanted + 1, 2 * stepped, 1})));
                continue;
            }
            if (checked < stepped) {
                std::vector<ccd::Tunnel> found =
                    ccd::find_tunnels_in_frame(scene_, shared_->run, checked);
                const std::lock_guard lock(shared_->mutex);
                shared_->tunnels.insert(shared_->tunnels.end(),
                                        std::make_move_iterator(found.begin()),
                                        std::make_move_iterator(found.end()));
                shared_->frames_checked = checked + 1;
                shared_->done = checked + 1 >= frames_;
            }
        } catch (const std::exception& e) {
            const std::lock_guard lock(shared_->mutex);
            shared_->error = e.what();
            shared_->done = true;
        }
        shared_->changed.notify_all();
    }
}

void EngineComparedRun::extend_to(int target) {
    ccd::EngineRun run = ccd::run_engine(scene_, engine_, target);
    const std::lock_guard lock(shared_->mutex);
    shared_->run = std::move(run);
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
    return ccd::describe(tunnel, scene_, shared_->run);
}

void EngineComparedRun::wait_until_done() const {
    std::unique_lock lock(shared_->mutex);
    shared_->changed.wait(lock, [&] { return shared_->done || shared_->stop; });
}

} // namespace ccdlab
