// Every number an engine's world is given, within a limit (engine_limits.hpp).
#include "engine_limits.hpp"

#include "ccd/scene_loader.hpp"

#include <cmath>

namespace ccd::engine {
namespace {

class Checker {
public:
    Checker(double smallest, double largest, const std::string& limit)
        : smallest_(smallest), largest_(largest), limit_(limit) {}
    void number(const std::string& whose, const char* what, double x) const {
        const double m = std::fabs(x);
        if (m == 0.0 || (m >= smallest_ && m <= largest_)) return;
        throw SceneError(whose + ": " + what + " " + number_text(x) + " is outside " + limit_);
    }
    void vec(const std::string& whose, const char* what, Vec2 v) const {
        number(whose, what, v.x);
        number(whose, what, v.y);
    }

private:
    double smallest_, largest_;
    const std::string& limit_;
};

} // namespace

void refuse_outside(const EngineScene& scene, double smallest, double largest,
                    const std::string& limit) {
    const Checker check(smallest, largest, limit);
    const double dt = scene.dt;
    check.vec("the scene", "its gravity a frame squared", scene.gravity * (dt * dt));
    for (const EngineBody& body : scene.bodies) {
        const std::string whose = (body.polygon ? "polygon \"" : "body \"") + body.name + "\"";
        check.vec(whose, "its position", body.position);
        check.number(whose, "its radius", body.radius);
        for (const Vec2 v : body.outline)
            check.vec(whose, "a vertex", body.position + v);
        check.vec(whose, "its velocity a frame", body.velocity * dt);
        check.number(whose, "its spin a frame", body.angular_velocity * dt);
    }
    for (const EngineWall& wall : scene.walls) {
        const std::string whose = "segment \"" + wall.name + "\"";
        check.vec(whose, "an end", wall.origin + wall.a);
        check.vec(whose, "an end", wall.origin + wall.b);
        check.vec(whose, "its velocity a frame", wall.velocity * dt);
        check.number(whose, "its turn a frame", wall.angular_velocity * dt);
    }
    for (const EngineChain& chain : scene.chains)
        for (const Vec2 p : chain.points)
            check.vec("chain \"" + chain.name + "\"", "a point", p);
}

} // namespace ccd::engine
