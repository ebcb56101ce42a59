#include "world_invariants.hpp"

#include "ccd/frame_range_export.hpp"
#include "ccd/scene_loader.hpp"
#include "ccd/scene_world.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <vector>

namespace ccdfuzz {
namespace {

using ccd::Vec2;

struct Box {
    double x0, x1, y0, y1;
};

bool finite(Vec2 v) {
    return std::isfinite(v.x) && std::isfinite(v.y);
}

bool unit(Vec2 n) {
    const long double norm =
        std::hypot(static_cast<long double>(n.x), static_cast<long double>(n.y));
    return std::fabs(norm - 1.0L) <= 1e-9L;
}

std::string text(double x) {
    std::ostringstream out;
    out.precision(17);
    out << x;
    return out.str();
}

std::string text(Vec2 v) {
    return "(" + text(v.x) + ", " + text(v.y) + ")";
}

bool same_span(double a0, double a1, double b0, double b1) {
    return std::min(a0, a1) == std::min(b0, b1) && std::max(a0, a1) == std::max(b0, b1);
}

// Axis-aligned rectangles made of four static walls of the scene.
std::vector<Box> closed_boxes(const ccd::Scene& scene) {
    std::vector<ccd::Segment> horizontal, vertical;
    for (const ccd::Wall& w : scene.walls) {
        if (!w.is_static()) continue;
        const ccd::Segment& s = w.segment;
        if (s.a.y == s.b.y && s.a.x != s.b.x) horizontal.push_back(s);
        if (s.a.x == s.b.x && s.a.y != s.b.y) vertical.push_back(s);
    }
    std::vector<Box> boxes;
    if (horizontal.size() > 64 || vertical.size() > 64) return boxes;
    for (std::size_t i = 0; i < horizontal.size(); ++i) {
        for (std::size_t j = i + 1; j < horizontal.size(); ++j) {
            const ccd::Segment &h0 = horizontal[i], &h1 = horizontal[j];
            if (h0.a.y == h1.a.y || !same_span(h0.a.x, h0.b.x, h1.a.x, h1.b.x)) continue;
            const Box box{std::min(h0.a.x, h0.b.x), std::max(h0.a.x, h0.b.x),
                          std::min(h0.a.y, h1.a.y), std::max(h0.a.y, h1.a.y)};
            bool left = false, right = false;
            for (const ccd::Segment& v : vertical) {
                if (!same_span(v.a.y, v.b.y, box.y0, box.y1)) continue;
                left = left || v.a.x == box.x0;
                right = right || v.a.x == box.x1;
            }
            if (left && right) boxes.push_back(box);
        }
    }
    return boxes;
}

// A floor or ceiling: a kinematic wall, horizontal at the start and moving straight up or down
// as a whole, spanning the box's width exactly.
bool spans_box(const ccd::Wall& w, const Box& box) {
    const ccd::Segment& s = w.segment;
    return !w.is_static() && s.a.y == s.b.y && same_span(s.a.x, s.b.x, box.x0, box.x1) &&
           w.displacement_a == w.displacement_b && w.displacement_a.x == 0.0;
}

struct Check {
    const ccd::Scene& scene;
    ccd::SceneWorld& sw;
    double scale = 0.0; // the largest coordinate, radius, speed or wall displacement
    std::optional<std::string> failure;

    void fail(int frame, const std::string& what) {
        if (!failure) failure = "frame " + std::to_string(frame) + ": " + what;
    }

    void log(int frame) {
        const ccd::EventLog& log = sw.world.log();
        for (const ccd::ContactEvent& e : log.events) {
            const std::string which = "event " + std::to_string(e.sequence);
            if (!(e.time >= 0.0 && e.time <= 1.0)) fail(frame, which + " at t = " + text(e.time));
            if (!finite(e.point) || !finite(e.normal) || !finite(e.body_velocity_before) ||
                !finite(e.body_velocity_after) || !finite(e.other_velocity_before) ||
                !finite(e.other_velocity_after))
                fail(frame, which + " has a NaN or infinity (point " + text(e.point) + ", normal " +
                                text(e.normal) + ", velocity after " + text(e.body_velocity_after) +
                                ")");
            else if (!unit(e.normal))
                fail(frame, which + " has a normal that is not unit: " + text(e.normal));
        }
        for (const ccd::CancelledPrediction& c : log.cancelled) {
            if (!std::isfinite(c.time) || !std::isfinite(c.predicted_at) || !finite(c.point) ||
                !finite(c.normal))
                fail(frame, "a cancelled prediction has a NaN or infinity (t " + text(c.time) +
                                ", point " + text(c.point) + ", normal " + text(c.normal) + ")");
        }
        for (std::size_t b = 0; b < log.paths.size(); ++b)
            for (const ccd::PathPoint& p : log.paths[b].points)
                if (!std::isfinite(p.time) || !finite(p.position))
                    fail(frame, "the path of body " + std::to_string(b) +
                                    " has a NaN or infinity: " + text(p.position));
        for (const ccd::ChatterCut& c : log.chatter_cuts)
            if (!std::isfinite(c.time)) fail(frame, "a chatter cut at t = " + text(c.time));
        for (const ccd::Crush& c : log.crushes)
            if (!std::isfinite(c.time)) fail(frame, "a crush at t = " + text(c.time));
        if (log.budget_cut && !std::isfinite(log.budget_cut->time))
            fail(frame, "a budget cut at t = " + text(log.budget_cut->time));
    }

    void state(int frame) {
        for (int b = 0; b < sw.world.body_count(); ++b) {
            const ccd::WorldBody body = sw.world.body(b);
            if (!finite(body.shape.center) || !std::isfinite(body.shape.radius) ||
                !finite(body.velocity))
                fail(frame, "body " + sw.body_names[b] + " is at " + text(body.shape.center) +
                                " with velocity " + text(body.velocity));
        }
        for (int w = 0; w < sw.world.wall_count(); ++w) {
            const ccd::Segment s = sw.world.wall(w);
            if (!finite(s.a) || !finite(s.b))
                fail(frame, "wall " + sw.wall_names[w] + " is at " + text(s.a) + " - " + text(s.b));
        }
    }
};

} // namespace

std::optional<std::string> world_violation(const ccd::Scene& scene, int frames) {
    ccd::SceneWorld sw;
    try {
        sw = ccd::make_world(scene);
    } catch (const ccd::SceneError&) {
        return std::nullopt;
    }
    Check check{scene, sw, 0.0, std::nullopt};
    for (const ccd::Body& b : scene.bodies)
        check.scale = std::max({check.scale, std::fabs(b.circle.radius), std::fabs(b.velocity.x),
                                std::fabs(b.velocity.y)});
    for (const ccd::PolygonBody& p : scene.polygons)
        check.scale = std::max({check.scale, std::fabs(p.velocity.x), std::fabs(p.velocity.y)});
    for (const ccd::Wall& w : scene.walls)
        check.scale =
            std::max({check.scale, std::fabs(w.displacement_a.x), std::fabs(w.displacement_a.y),
                      std::fabs(w.displacement_b.x), std::fabs(w.displacement_b.y)});

    // Which body starts clear inside which box, and between which floor and ceiling.
    struct Kept {
        int body;
        Box box;
        double tolerance;
        int floor = -1, ceiling = -1; // wall indices, or -1
    };
    std::vector<Kept> kept;
    const int circles = static_cast<int>(scene.bodies.size());
    for (const Box& box : closed_boxes(scene)) {
        const double box_scale = std::max({check.scale, std::fabs(box.x0), std::fabs(box.x1),
                                           std::fabs(box.y0), std::fabs(box.y1)});
        for (int b = 0; b < sw.world.body_count(); ++b) {
            const ccd::WorldBody body = sw.world.body(b);
            // A sensor passes through walls by design.
            const ccd::ResponseKind response =
                b < circles ? scene.bodies[b].response : scene.polygons[b - circles].response;
            if (response == ccd::ResponseKind::Sensor) continue;
            bool clear = true;
            if (b < circles) {
                const Vec2 c = body.shape.center;
                const double r = body.shape.radius;
                clear =
                    c.x - r > box.x0 && c.x + r < box.x1 && c.y - r > box.y0 && c.y + r < box.y1;
            } else {
                for (const Vec2& v : scene.polygons[b - circles].polygon.vertices)
                    clear = clear && v.x > box.x0 && v.x < box.x1 && v.y > box.y0 && v.y < box.y1;
            }
            if (!clear) continue;
            Kept k{b, box, 1e-9 * box_scale};
            if (b < circles) {
                const Vec2 c = body.shape.center;
                const double r = body.shape.radius;
                for (std::size_t w = 0; w < scene.walls.size(); ++w) {
                    const ccd::Wall& wall = scene.walls[w];
                    if (!spans_box(wall, box) || wall.displacement_a.y == 0.0) continue;
                    const double y = wall.segment.a.y;
                    if (wall.displacement_a.y > 0.0 && y < c.y - r) k.floor = static_cast<int>(w);
                    if (wall.displacement_a.y < 0.0 && y > c.y + r) k.ceiling = static_cast<int>(w);
                }
            }
            kept.push_back(k);
        }
    }

    check.state(-1);
    for (int frame = 0; frame < frames && !check.failure; ++frame) {
        sw.world.step();
        check.log(frame);
        check.state(frame);
        for (const Kept& k : kept) {
            const ccd::WorldBody body = sw.world.body(k.body);
            if (!body.alive) continue;
            const Vec2 c = body.shape.center;
            const double tol = k.tolerance;
            if (!(c.x >= k.box.x0 - tol && c.x <= k.box.x1 + tol && c.y >= k.box.y0 - tol &&
                  c.y <= k.box.y1 + tol))
                check.fail(frame, "body " + sw.body_names[k.body] + " left its box [" +
                                      text(k.box.x0) + ", " + text(k.box.x1) + "] x [" +
                                      text(k.box.y0) + ", " + text(k.box.y1) + "]: it is at " +
                                      text(c));
            if (k.floor >= 0 && k.ceiling >= 0) {
                const double floor = sw.world.wall(k.floor).a.y;
                const double ceiling = sw.world.wall(k.ceiling).a.y;
                if (!(c.y >= floor - tol && c.y <= ceiling + tol))
                    check.fail(frame, "body " + sw.body_names[k.body] +
                                          " is not between its floor (y = " + text(floor) +
                                          ") and ceiling (y = " + text(ceiling) +
                                          ") and was not removed: it is at " + text(c));
            }
        }
    }
    // What the World wrote it must read back: the state after the last frame, exported as a
    // scene (scene_at_frame, what `record --from` writes), makes a World again. A state that
    // scene_at_frame refuses to write (a polygon a scene cannot hold) is told apart.
    if (!check.failure) {
        std::optional<ccd::Scene> written;
        try {
            written = ccd::scene_at_frame(scene, sw.world);
        } catch (const ccd::SceneError& e) {
            check.fail(frames - 1,
                       std::string("the export refuses the World's state: ") + e.what());
        }
        try {
            if (written) ccd::make_world(*written);
        } catch (const ccd::SceneError& e) {
            check.fail(frames - 1,
                       std::string("the World wrote a state it refuses to read back: ") + e.what());
        }
    }
    return check.failure;
}

} // namespace ccdfuzz
