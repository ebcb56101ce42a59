#pragma once
// WorldView: a whole scene stepped by the sub-frame scheduler. It draws what the scheduler
// logged (each body's piecewise path, the events, the bodies at the scrubbed time) and lists the
// frame's events; it never re-derives a collision.

#include "camera.hpp"

#include "ccd/scene.hpp"
#include "ccd/scene_world.hpp"

namespace ccdlab {

class ShapeRenderer;

class WorldView {
public:
    explicit WorldView(const ccd::Scene& scene);

    void layout(Vec2 window_size);
    bool handle_input();
    void draw_world(ShapeRenderer& renderer) const;
    void draw_labels() const;
    void draw_panel();

    const Camera& camera() const { return camera_; }
    const ccd::EventLog& log() const { return log_; }
    const ccd::SceneWorld& world() const { return world_; }
    double scrub_t() const { return scrub_t_; }
    void set_scrub_t(double t);
    bool take_changed();
    // Steps the next frame and shows its log.
    void step_frame();
    // Playing: time runs at `speed` frames per second of wall-clock time, through the frame's
    // events and on into the next frames. `advance(seconds)` moves it on; the app calls it once
    // per drawn frame and keeps drawing while playing.
    bool playing() const { return playing_; }
    void set_playing(bool playing) { playing_ = playing; }
    void advance(double seconds);
    // Where body `index` is at frame time t, on the path the scheduler logged.
    Vec2 position_at(int index, double t) const;

    static constexpr double kPanelWidth = 400.0;

private:
    ccd::Scene scene_info_;
    ccd::View home_view_;
    ccd::SceneWorld world_;
    ccd::EventLog log_;         // the frame shown
    std::vector<double> radii_; // per body
    Camera camera_;
    bool camera_placed_ = false;
    double scrub_t_ = 1.0;
    bool playing_ = false;
    double speed_ = 0.5; // frames per second while playing
    int selected_event_ = -1;
    bool changed_ = true;
};

} // namespace ccdlab
