// world_turning_bench: the turning soak's scene (tests/core/world/turning_soak_scene.hpp: 1,000
// bodies in a closed box, a third of them turning polygons, elastic, no gravity) stepped by
// ccd::World and by Box2D 2.4.1's b2World, at 1x, 4x, 16x and 64x a base speed of 0.1 units a
// frame (a fifth of a ball's radius). docs/performance-turning.md has the command and the figures.
//
// First, outside any timing, each world runs CCD_TURNING_BENCH_FRAMES frames (default 600) at
// each speed, and one check counts the bodies that leave the box (the center outside it, or a
// vertex or a point of a disc beyond it by more than kEscapeTolerance), each body once; it also
// prints the deepest overlap at the run's end and the kinetic energy's change. Then Google
// Benchmark times one frame of each (BM_Ccd/k, BM_Box2D/k, k the speed's multiple), and after
// the table the ratio of the medians per speed. The run exits 1 when ccd::World lets a body
// out, so ctest's world_turning_bench_smoke guards that.
//
// The mapping: one unit is one metre, one frame one b2World::Step(1/60 s, 8 velocity and 3
// position iterations); a velocity of v units a frame is 60 v m/s, a spin of w radians a frame
// 60 w rad/s. Box2D's bodies: dynamic, bullets (continuous collision against dynamic bodies
// too), no sleeping, no damping; fixtures of density 1 (the same masses and moments of inertia),
// friction 0, restitution 1 and restitutionThreshold 0 (2.4.1's per-fixture form of
// b2_velocityThreshold, 1 m/s by default: a contact closing slower than it would not bounce);
// a polygon that never turns is a fixedRotation body; the box is one static body of four
// two-sided b2EdgeShapes; gravity 0; continuous physics on (the default, set explicitly).
#include "interleaved_repetitions.hpp"
#include "median_recorder.hpp"
#include "placed_shapes.hpp"
#include "turning_soak_scene.hpp"

#include "ccd/world.hpp"

#include <benchmark/benchmark.h>
#include <box2d/box2d.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

namespace {

constexpr double kBaseSpeed = 0.1;        // units a frame at 1x
constexpr double kEscapeTolerance = 0.05; // an eighth of the smallest ball's radius
constexpr float kFrameSeconds = 1.0f / 60.0f;
constexpr std::uint32_t kSeed = 2026u;

int env_int(const char* name, int fallback) {
    if (const char* v = std::getenv(name)) {
        const int n = std::atoi(v);
        if (n > 0) return n;
    }
    return fallback;
}

int bodies() {
    return env_int("CCD_TURNING_BENCH_BODIES", 1000);
}

ccd_test::TurningSoakScene scene_at(int multiple) {
    return ccd_test::turning_soak_scene(bodies(), kBaseSpeed * multiple, kSeed);
}

// ---- the peer ------------------------------------------------------------------------------

struct Box2DWorld {
    std::unique_ptr<b2World> world;
    std::vector<b2Body*> bodies; // by the scene's index
};

b2FixtureDef elastic(const b2Shape* shape) {
    b2FixtureDef def;
    def.shape = shape;
    def.density = 1.0f;
    def.friction = 0.0f;
    def.restitution = 1.0f;
    def.restitutionThreshold = 0.0f;
    return def;
}

Box2DWorld make_box2d(const ccd_test::TurningSoakScene& scene) {
    Box2DWorld out;
    out.world = std::make_unique<b2World>(b2Vec2(0.0f, 0.0f));
    out.world->SetContinuousPhysics(true);
    out.world->SetAllowSleeping(false);
    b2BodyDef box_def; // static
    b2Body* box = out.world->CreateBody(&box_def);
    const float h = static_cast<float>(scene.half);
    const b2Vec2 corners[4] = {{-h, -h}, {h, -h}, {h, h}, {-h, h}};
    for (int k = 0; k < 4; ++k) {
        b2EdgeShape edge;
        edge.SetTwoSided(corners[k], corners[(k + 1) % 4]);
        const b2FixtureDef def = elastic(&edge);
        box->CreateFixture(&def);
    }
    for (const ccd_test::SoakBody& b : scene.bodies) {
        b2BodyDef def;
        def.type = b2_dynamicBody;
        def.position.Set(static_cast<float>(b.center.x), static_cast<float>(b.center.y));
        def.linearVelocity.Set(static_cast<float>(60.0 * b.velocity.x),
                               static_cast<float>(60.0 * b.velocity.y));
        def.angularVelocity = static_cast<float>(60.0 * b.spin.value_or(0.0));
        def.bullet = true;
        def.allowSleep = false;
        def.fixedRotation = !b.outline.empty() && !b.spin;
        b2Body* body = out.world->CreateBody(&def);
        if (b.outline.empty()) {
            b2CircleShape circle;
            circle.m_radius = static_cast<float>(b.radius);
            const b2FixtureDef fixture = elastic(&circle);
            body->CreateFixture(&fixture);
        } else {
            std::vector<b2Vec2> vertices;
            for (const ccd::Vec2 v : b.outline)
                vertices.emplace_back(static_cast<float>(v.x), static_cast<float>(v.y));
            b2PolygonShape polygon;
            polygon.Set(vertices.data(), static_cast<int>(vertices.size()));
            const b2FixtureDef fixture = elastic(&polygon);
            body->CreateFixture(&fixture);
        }
        out.bodies.push_back(body);
    }
    return out;
}

void step(Box2DWorld& w) {
    w.world->Step(kFrameSeconds, 8, 3);
}

ccd_test::Placed placed(const Box2DWorld& w, int index) {
    const b2Body* body = w.bodies[static_cast<std::size_t>(index)];
    const b2Vec2 c = body->GetPosition();
    ccd_test::Placed out{{c.x, c.y}};
    const b2Shape* shape = body->GetFixtureList()->GetShape();
    if (shape->GetType() == b2Shape::e_circle) {
        out.radius = shape->m_radius;
        return out;
    }
    const auto* polygon = static_cast<const b2PolygonShape*>(shape);
    for (int k = 0; k < polygon->m_count; ++k) {
        const b2Vec2 v = body->GetWorldPoint(polygon->m_vertices[k]);
        out.vertices.push_back({v.x, v.y});
    }
    return out;
}

double kinetic_energy(const Box2DWorld& w) {
    double sum = 0.0;
    for (const b2Body* b : w.bodies) {
        const b2Vec2 v = b->GetLinearVelocity();
        const double wv = b->GetAngularVelocity();
        // Box2D's units: the frame's are 1/60 of them (v m/s is v / 60 units a frame).
        sum += 0.5 * b->GetMass() * (double(v.x) * v.x + double(v.y) * v.y) / 3600.0 +
               0.5 * b->GetInertia() * wv * wv / 3600.0;
    }
    return sum;
}

double kinetic_energy(const ccd::World& world, const ccd_test::TurningSoakScene& scene) {
    double sum = 0.0;
    for (int i = 0; i < world.body_count(); ++i) {
        const ccd::WorldBody b = world.body(i);
        const ccd_test::SoakBody& s = scene.bodies[static_cast<std::size_t>(i)];
        sum += 0.5 * s.mass * ccd::dot(b.velocity, b.velocity) +
               0.5 * s.inertia * b.angular_velocity * b.angular_velocity;
    }
    return sum;
}

// The one check for both: out when the center leaves the box or the body reaches beyond it by
// more than the tolerance.
bool escaped(const ccd_test::Placed& p, double half) {
    return std::fabs(p.center.x) > half || std::fabs(p.center.y) > half ||
           ccd_test::beyond_box(p, half) > kEscapeTolerance;
}

struct RunResult {
    int escaped = 0;            // bodies, each counted once
    double deepest = 0.0;       // overlap at the run's end, among the bodies still in the box
    double energy_change = 0.0; // relative, start to end
    long events = 0;            // ccd::World's
};

template <class World, class Step, class Place>
RunResult run(World& world, int frames, double half, int n, Step&& advance, Place&& place) {
    RunResult r;
    std::vector<bool> out(static_cast<std::size_t>(n), false);
    std::vector<ccd_test::Placed> shapes;
    for (int f = 0; f < frames; ++f) {
        advance(world, r);
        for (int i = 0; i < n; ++i) {
            if (out[static_cast<std::size_t>(i)]) continue;
            if (escaped(place(world, i), half)) {
                out[static_cast<std::size_t>(i)] = true;
                ++r.escaped;
            }
        }
    }
    for (int i = 0; i < n; ++i)
        if (!out[static_cast<std::size_t>(i)]) shapes.push_back(place(world, i));
    r.deepest = ccd_test::deepest_overlap(shapes, 0.75);
    return r;
}

constexpr int kMultiples[] = {1, 4, 16, 64};

bool count_escapes() {
    const int frames = env_int("CCD_TURNING_BENCH_FRAMES", 600);
    bool none_out = true;
    std::printf("Bodies that leave the box over %d frames (%d bodies; each counted once; the "
                "center outside, or beyond by more than %.2f):\n",
                frames, bodies(), kEscapeTolerance);
    std::printf("%5s %10s %10s %14s %14s %14s %14s %12s\n", "speed", "ccd out", "Box2D out",
                "ccd overlap", "Box2D overlap", "ccd energy", "Box2D energy", "ccd events");
    for (const int m : kMultiples) {
        const ccd_test::TurningSoakScene scene = scene_at(m);
        const int n = static_cast<int>(scene.bodies.size());
        ccd::World ours = ccd_test::make_world(scene);
        const double ours0 = kinetic_energy(ours, scene);
        RunResult a = run(
            ours, frames, scene.half, n,
            [](ccd::World& w, RunResult& r) {
                r.events += static_cast<long>(w.step().events.size());
            },
            [](const ccd::World& w, int i) { return ccd_test::placed(w, i); });
        a.energy_change = (kinetic_energy(ours, scene) - ours0) / ours0;
        Box2DWorld peer = make_box2d(scene);
        const double peer0 = kinetic_energy(peer);
        RunResult b = run(
            peer, frames, scene.half, n, [](Box2DWorld& w, RunResult&) { step(w); },
            [](const Box2DWorld& w, int i) { return placed(w, i); });
        b.energy_change = (kinetic_energy(peer) - peer0) / peer0;
        std::printf("%4dx %10d %10d %14.3g %14.3g %14.3g %14.3g %12ld\n", m, a.escaped, b.escaped,
                    a.deepest, b.deepest, a.energy_change, b.energy_change, a.events);
        std::fflush(stdout);
        none_out = none_out && a.escaped == 0;
    }
    return none_out;
}

// ---- the timing ----------------------------------------------------------------------------

constexpr int kWarmFrames = 3;

void report(benchmark::State& state, double frames) {
    state.counters["s/frame"] = // CPU time
        benchmark::Counter(frames, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void BM_Ccd(benchmark::State& state) {
    const ccd_test::TurningSoakScene scene = scene_at(static_cast<int>(state.range(0)));
    ccd::World world = ccd_test::make_world(scene);
    for (int k = 0; k < kWarmFrames; ++k)
        world.step();
    double frames = 0.0, events = 0.0;
    for (auto _ : state) {
        const ccd::EventLog& log = world.step();
        events += static_cast<double>(log.events.size());
        frames += 1.0;
        if (log.budget_cut || !log.chatter_cuts.empty()) state.SkipWithError("cut");
    }
    report(state, frames);
    state.counters["events/frame"] = events / frames;
}

void BM_Box2D(benchmark::State& state) {
    const ccd_test::TurningSoakScene scene = scene_at(static_cast<int>(state.range(0)));
    Box2DWorld world = make_box2d(scene);
    for (int k = 0; k < kWarmFrames; ++k)
        step(world);
    double frames = 0.0;
    for (auto _ : state) {
        step(world);
        frames += 1.0;
    }
    report(state, frames);
    state.counters["contacts"] = world.world->GetContactCount();
}

BENCHMARK(BM_Ccd)->Arg(1)->Arg(4)->Arg(16)->Arg(64)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Box2D)->Arg(1)->Arg(4)->Arg(16)->Arg(64)->Unit(benchmark::kMillisecond);

} // namespace

int main(int argc, char** argv) {
    if (!bench::initialize_interleaved(argc, argv, 3)) return 1;
    const bool none_out = count_escapes();
    std::printf("\n");
    bench::MedianRecorder recorder("s/frame", 1e3); // seconds -> ms
    benchmark::RunSpecifiedBenchmarks(&recorder);
    benchmark::Shutdown();
    std::printf("\n");
    for (const int m : kMultiples) {
        const auto a = recorder.values.find("BM_Ccd/" + std::to_string(m));
        const auto b = recorder.values.find("BM_Box2D/" + std::to_string(m));
        if (a == recorder.values.end() || b == recorder.values.end()) continue;
        std::printf("%dx: ccd::World %.3f ms/frame, Box2D b2World %.3f ms/frame: ccd / Box2D "
                    "%.2fx (target at most 2x)\n",
                    m, a->second, b->second, a->second / b->second);
    }
    if (!none_out) std::printf("ERROR: ccd::World let a body leave the box\n");
    return none_out ? 0 : 1;
}
