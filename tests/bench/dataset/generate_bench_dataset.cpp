// generate_bench_dataset: the benchmark's dataset (docs/benchmark.md), seeded and deterministic.
// For each pair kind and stratum: random queries, and adversarial ones made from random ones
// (a graze, touching at t = 0, touching at t = 1, far from the origin, tiny, huge) or by hand
// (parallel edges, a point along its segment, a circle rolling along a segment, a double root
// at an end). Each is labelled by the independent long double reference
// (tests/support/first_contact_reference.hpp), never by the code under test: this program calls
// no query and no registry; it uses the core's vocabulary (the shapes) and the dataset's writer.
//
//   generate_bench_dataset [--per-group N] [--adversarial K] [--seed S] [--out FILE]

#include "ccd/bench_dataset.hpp"
#include "first_contact_reference.hpp"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <numbers>
#include <random>
#include <string>
#include <vector>

namespace {

using ccd::BenchQuery;
using ccd::Swept;
using ccd::Vec2;
using ccd_test::real;

constexpr double kPi = std::numbers::pi;

// A uniform double in [lo, hi) from the generator's own bits (the same on every platform).
struct Random {
    std::mt19937_64 bits;
    double uniform(double lo, double hi) {
        return lo + (hi - lo) * static_cast<double>(bits() >> 11) * 0x1p-53;
    }
    int whole(int lo, int hi) { return lo + static_cast<int>(bits() % (hi - lo + 1)); }
    Vec2 point(double half) { return {uniform(-half, half), uniform(-half, half)}; }
};

// A convex polygon, counter-clockwise: 3 to 8 points of an ellipse (half axes 0.3 to 1.5),
// turned and placed at `center`, consecutive angles at least 0.2 apart.
ccd::Polygon random_polygon(Random& r, Vec2 center) {
    for (;;) {
        const int n = r.whole(3, 8);
        std::vector<double> angles;
        for (int k = 0; k < n; ++k)
            angles.push_back(r.uniform(0.0, 2 * kPi));
        std::sort(angles.begin(), angles.end());
        bool spread = true;
        for (int k = 0; k < n; ++k) {
            const double next = k + 1 < n ? angles[k + 1] : angles[0] + 2 * kPi;
            spread = spread && next - angles[k] >= 0.2;
        }
        if (!spread) continue;
        const double a = r.uniform(0.3, 1.5), b = r.uniform(0.3, 1.5), turn = r.uniform(0, 2 * kPi);
        ccd::Polygon polygon;
        for (const double angle : angles) {
            const Vec2 p{a * std::cos(angle), b * std::sin(angle)};
            polygon.vertices.push_back(center + Vec2{std::cos(turn) * p.x - std::sin(turn) * p.y,
                                                     std::sin(turn) * p.x + std::cos(turn) * p.y});
        }
        if (ccd::is_convex(polygon)) return polygon;
    }
}

// The largest turn of a frame in a stratum, and the least (each stratum adds what the one
// before it does not have).
std::pair<double, double> turn_range(const std::string& stratum) {
    if (stratum == "quarter") return {0.0, kPi / 2};
    if (stratum == "half") return {kPi / 2, kPi};
    if (stratum == "four_turns") return {kPi, 8 * kPi};
    return {0.0, 0.0};
}

Vec2 centre_of(const ccd::Shape& shape) {
    if (const auto* p = std::get_if<ccd::Point>(&shape)) return p->position;
    if (const auto* c = std::get_if<ccd::Circle>(&shape)) return c->center;
    if (const auto* s = std::get_if<ccd::Segment>(&shape)) return (s->a + s->b) * 0.5;
    return ccd::vertex_centroid(std::get<ccd::Polygon>(shape));
}

// A motion: a translation by `d`, or in a turning stratum a turn about the shape's centre
// (jittered) by an angle of the stratum's range while that pivot moves by `d`.
ccd::Motion motion_for(Random& r, const ccd::Shape& shape, Vec2 d, const std::string& stratum,
                       bool turns) {
    const auto [least, most] = turn_range(stratum);
    if (!turns || most == 0.0) return ccd::Translation{d};
    const double angle = r.uniform(least, most) * (r.uniform(0, 1) < 0.5 ? -1.0 : 1.0);
    return ccd::Turning{centre_of(shape) + r.point(0.3), d, angle == 0.0 ? most : angle};
}

// A random query of `kind` in `stratum`: the obstacle about the origin, the mover 2 to 5 away
// and sent toward a point within 1.5 of the origin, by 0.5 to 1.6 times the way there.
BenchQuery random_query(Random& r, const std::string& kind, const std::string& stratum) {
    BenchQuery q;
    q.kind = kind;
    q.stratum = stratum;
    const double heading = r.uniform(0, 2 * kPi), reach = r.uniform(2.0, 5.0);
    const Vec2 start{reach * std::cos(heading), reach * std::sin(heading)};
    const Vec2 d = (r.point(1.5) - start) * r.uniform(0.5, 1.6);
    if (kind == "circle_segment" || kind == "circle_polygon")
        q.mover.shape = ccd::Circle{start, r.uniform(0.05, 1.0)};
    else if (kind == "point_segment")
        q.mover.shape = ccd::Point{start};
    else
        q.mover.shape = random_polygon(r, start);
    const bool polygons = kind == "polygon_polygon";
    q.mover.motion = motion_for(r, q.mover.shape, d, stratum, polygons);
    if (kind == "circle_segment" || kind == "point_segment") {
        const Vec2 a = r.point(2.0);
        Vec2 b = r.point(2.0);
        while (ccd::length(b - a) < 0.1)
            b = r.point(2.0);
        q.obstacle.shape = ccd::Segment{a, b};
        const bool turns = turn_range(stratum).second > 0.0;
        q.obstacle.motion = turns ? motion_for(r, q.obstacle.shape, r.point(0.5), stratum, true)
                                  : ccd::Motion{ccd::Still{}};
    } else {
        q.obstacle.shape = random_polygon(r, r.point(0.5));
        q.obstacle.motion = motion_for(r, q.obstacle.shape, r.point(0.5), stratum, true);
    }
    q.tags = {"random"};
    return q;
}

} // namespace

namespace {

// ---- adversarial queries made from random ones -------------------------------------------------

// Every point of `side` moved by `w` (its pivot too: the side is where it was, moved by w, at
// every t).
void shift(Swept& side, Vec2 w) {
    std::visit(
        [w](auto& s) {
            using S = std::decay_t<decltype(s)>;
            if constexpr (std::is_same_v<S, ccd::Point>)
                s.position += w;
            else if constexpr (std::is_same_v<S, ccd::Circle>)
                s.center += w;
            else if constexpr (std::is_same_v<S, ccd::Segment>) {
                s.a += w;
                s.b += w;
            } else
                for (Vec2& v : s.vertices)
                    v += w;
        },
        side.shape);
    if (auto* turning = std::get_if<ccd::Turning>(&side.motion)) turning->pivot += w;
}

// Every length of `side` times k (a power of two: exactly); angles kept.
void scale(Swept& side, double k) {
    std::visit(
        [k](auto& s) {
            using S = std::decay_t<decltype(s)>;
            if constexpr (std::is_same_v<S, ccd::Point>)
                s.position *= k;
            else if constexpr (std::is_same_v<S, ccd::Circle>) {
                s.center *= k;
                s.radius *= k;
            } else if constexpr (std::is_same_v<S, ccd::Segment>) {
                s.a *= k;
                s.b *= k;
            } else
                for (Vec2& v : s.vertices)
                    v *= k;
        },
        side.shape);
    if (auto* t = std::get_if<ccd::Translation>(&side.motion)) t->displacement *= k;
    if (auto* turning = std::get_if<ccd::Turning>(&side.motion)) {
        turning->pivot *= k;
        turning->displacement *= k;
    }
}

real f_at(const BenchQuery& q, real t) {
    return ccd_test::ContactReference(q.mover, q.obstacle).f(t);
}

// The least signed distance over the frame: 512 samples, the lowest two refined by
// golden-section search (for aiming a graze; the label is the reference's own).
real least_signed(const BenchQuery& q) {
    const ccd_test::ContactReference ref(q.mover, q.obstacle);
    constexpr int n = 512;
    std::vector<std::pair<real, int>> samples;
    for (int k = 0; k <= n; ++k)
        samples.push_back({ref.f(real(k) / n), k});
    std::sort(samples.begin(), samples.end());
    real best = samples.front().first;
    for (int m = 0; m < 2; ++m) {
        real a = std::max(0, samples[m].second - 1) / real(n);
        real b = std::min(n, samples[m].second + 1) / real(n);
        const real g = (std::sqrt(5.0L) - 1) / 2;
        for (int i = 0; i < 80; ++i) {
            const real x1 = b - g * (b - a), x2 = a + g * (b - a);
            if (ref.f(x1) < ref.f(x2))
                b = x2;
            else
                a = x1;
        }
        best = std::min(best, ref.f((a + b) / 2));
    }
    return best;
}

// The mover moved by s w with s in [0, far] such that `apart` is true just on one side of it,
// on the side where it is (bisection, 80 halvings); nothing when `apart` is not true at far
// and false at 0 (or the other way round).
template <class Apart>
std::optional<BenchQuery> bisect_shift(const BenchQuery& q, Vec2 w, double far, Apart apart) {
    const auto moved = [&](double s) {
        BenchQuery out = q;
        shift(out.mover, w * s);
        return out;
    };
    double in = 0.0, out = far;
    if (apart(moved(in)) || !apart(moved(out))) return std::nullopt;
    for (int i = 0; i < 80; ++i) {
        const double mid = 0.5 * (in + out);
        (apart(moved(mid)) ? out : in) = mid;
    }
    return moved(out);
}

Vec2 unit(Vec2 v) {
    const double l = ccd::length(v);
    return l > 0.0 ? v * (1.0 / l) : Vec2{0.0, 1.0};
}

Vec2 centre_at(const Swept& side, double t) {
    return side.moved(centre_of(side.shape), t);
}

// A graze: a query that hits moved sideways (across its motion) until it only just does not.
std::optional<BenchQuery> graze(const BenchQuery& q) {
    const Vec2 d = q.mover.displacement();
    return bisect_shift(q, unit(Vec2{-d.y, d.x}), 20.0,
                        [](const BenchQuery& x) { return least_signed(x) > 0; });
}

// The mover moved toward the obstacle until the two only just do not touch at time t.
std::optional<BenchQuery> touching_at(const BenchQuery& q, double t) {
    const Vec2 w = centre_at(q.obstacle, t) - centre_at(q.mover, t);
    BenchQuery centred = q; // the centres together at t: touching
    shift(centred.mover, w);
    return bisect_shift(centred, unit(w) * -1.0, ccd::length(w),
                        [t](const BenchQuery& x) { return f_at(x, t) > 0; });
}

// A point's own graze and touches (its distance to a segment never goes below 0, so there is
// no side to bisect toward): the point sent through the segment's end b at a time of the frame,
// or placed on the segment (a random place along it) at t = 0 or at t = 1.
BenchQuery point_through(BenchQuery q, double t, double along) {
    const auto& s = std::get<ccd::Segment>(q.obstacle.shape);
    const Vec2 target = q.obstacle.moved(s.a + (s.b - s.a) * along, t);
    auto& point = std::get<ccd::Point>(q.mover.shape);
    point.position = target - q.mover.displacement() * t;
    return q;
}

} // namespace

namespace {

// ---- by hand ----------------------------------------------------------------------------------

Swept circle(Vec2 c, double r, Vec2 d) {
    return {ccd::Circle{c, r}, ccd::Translation{d}};
}
Swept box(Vec2 lo, Vec2 hi, Vec2 d) {
    return {ccd::Polygon{{lo, {hi.x, lo.y}, hi, {lo.x, hi.y}}}, ccd::Translation{d}};
}
Swept still_segment(Vec2 a, Vec2 b) {
    return {ccd::Segment{a, b}, ccd::Still{}};
}

BenchQuery hand(std::string kind, std::string stratum, std::vector<std::string> tags, Swept mover,
                Swept obstacle) {
    BenchQuery q;
    q.kind = std::move(kind);
    q.stratum = std::move(stratum);
    q.tags = std::move(tags);
    q.mover = std::move(mover);
    q.obstacle = std::move(obstacle);
    return q;
}

// Parallel edges, double roots, a point along its own segment, a hand-worked turning contact.
std::vector<BenchQuery> hand_built() {
    const Swept point_moving{ccd::Point{{-3, 0}}, ccd::Translation{{6, 0}}};
    const Swept point_still{ccd::Point{{1, 1}}, ccd::Translation{{0, 0}}};
    const Swept point_through_end{ccd::Point{{-1, 1}}, ccd::Translation{{2, -2}}};
    const Swept turning_segment{ccd::Segment{{0, 0}, {2, 0}},
                                ccd::Turning{{0, 0}, {0, 0}, kPi / 2}};
    return {
        hand("circle_segment", "straight", {"hand", "fall"}, circle({0, 3}, 1, {0, -4}),
             still_segment({-2, 0}, {2, 0})),
        hand("circle_segment", "straight", {"hand", "graze", "parallel_edges"},
             circle({-3, 0.5}, 0.5, {6, 0}), still_segment({-1, 0}, {1, 0})),
        hand("circle_segment", "straight", {"hand", "graze", "double_root"},
             circle({-3, 0.5}, 0.5, {6, 0}), still_segment({0, -2}, {0, 0})),
        hand("point_segment", "straight", {"hand", "parallel_edges"}, point_moving,
             still_segment({0, 0}, {1, 0})),
        hand("point_segment", "straight", {"hand", "double_root"}, point_through_end,
             still_segment({0, 0}, {1, 0})),
        hand("point_segment", "quarter", {"hand", "turning"}, point_still, turning_segment),
        hand("circle_polygon", "straight", {"hand", "parallel_edges"},
             circle({-2, 0.5}, 0.5, {3, 0}), box({0, 0}, {1, 1}, {0, 0})),
        hand("circle_polygon", "straight", {"hand", "graze", "parallel_edges"},
             circle({-2, 1.5}, 0.5, {4, 0}), box({0, 0}, {1, 1}, {0, 0})),
        hand("polygon_polygon", "straight", {"hand", "parallel_edges"},
             box({-3, 0}, {-2, 1}, {3, 0}), box({0, 0}, {1, 1}, {0, 0})),
        hand("polygon_polygon", "straight", {"hand", "graze", "parallel_edges"},
             box({-3, 1}, {-2, 2}, {4, 0}), box({0, 0}, {1, 1}, {0, 0})),
    };
}

// ---- labels and the file ------------------------------------------------------------------------

double down(real x) {
    double d = static_cast<double>(x);
    return d > x ? std::nextafter(d, -INFINITY) : d;
}
double up(real x) {
    double d = static_cast<double>(x);
    return d < x ? std::nextafter(d, INFINITY) : d;
}

// `q` labelled by the reference; false when the reference gives up (too many steps).
bool label(BenchQuery& q) {
    ccd_test::ReferenceLabel l;
    try {
        l = ccd_test::first_contact(q.mover, q.obstacle);
    } catch (const std::runtime_error&) {
        return false;
    }
    using C = ccd_test::ReferenceLabel::Contact;
    q.label.contact = l.contact == C::Hit     ? ccd::BenchContact::Hit
                      : l.contact == C::Graze ? ccd::BenchContact::Graze
                                              : ccd::BenchContact::Miss;
    q.label.t_lo = std::clamp(down(l.t_lo), 0.0, 1.0);
    q.label.t_hi = std::clamp(up(l.t_hi), q.label.t_lo, 1.0);
    q.label.least = static_cast<double>(l.least);
    return true;
}

struct Options {
    int per_group = 250;
    int adversarial = 6;
    std::uint64_t seed = 2026;
    std::string out;
};

// One adversarial query of each tag made from random ones of the group (a few tries each).
std::vector<BenchQuery> adversarial(Random& r, const std::string& kind,
                                    const std::string& stratum) {
    std::vector<BenchQuery> out;
    const auto made = [&](const char* tag, auto make) {
        for (int attempt = 0; attempt < 30; ++attempt)
            if (std::optional<BenchQuery> q = make(random_query(r, kind, stratum))) {
                q->tags = {tag};
                out.push_back(std::move(*q));
                return;
            }
    };
    if (kind == "point_segment") {
        const double when = r.uniform(0.2, 0.8), along = r.uniform(0.1, 0.9);
        made("graze", [when](const BenchQuery& q) { return point_through(q, when, 1.0); });
        made("touch_t0", [along](const BenchQuery& q) { return point_through(q, 0.0, along); });
        made("touch_t1", [along](const BenchQuery& q) { return point_through(q, 1.0, along); });
    } else {
        made("graze", [](const BenchQuery& q) { return graze(q); });
        made("touch_t0", [](const BenchQuery& q) { return touching_at(q, 0.0); });
        made("touch_t1", [](const BenchQuery& q) { return touching_at(q, 1.0); });
    }
    const auto transformed = [](auto change) {
        return [change](BenchQuery q) -> std::optional<BenchQuery> {
            change(q);
            return q;
        };
    };
    made("far", transformed([](BenchQuery& q) {
             shift(q.mover, {1e6, -1e6});
             shift(q.obstacle, {1e6, -1e6});
         }));
    made("tiny", transformed([](BenchQuery& q) {
             scale(q.mover, 0x1p-20);
             scale(q.obstacle, 0x1p-20);
         }));
    made("huge", transformed([](BenchQuery& q) {
             scale(q.mover, 0x1p+20);
             scale(q.obstacle, 0x1p+20);
         }));
    return out;
}

std::vector<BenchQuery> group(Random& r, const Options& o, const std::string& kind,
                              const std::string& stratum) {
    std::vector<BenchQuery> queries;
    for (int k = 0; k < o.per_group; ++k)
        queries.push_back(random_query(r, kind, stratum));
    for (int k = 0; k < o.adversarial; ++k)
        for (BenchQuery& q : adversarial(r, kind, stratum))
            queries.push_back(std::move(q));
    for (BenchQuery& q : hand_built())
        if (q.kind == kind && q.stratum == stratum) queries.push_back(std::move(q));
    return queries;
}

Options parse(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string option = argv[i];
        const bool has_value = i + 1 < argc;
        if (option == "--per-group" && has_value)
            o.per_group = std::stoi(argv[++i]);
        else if (option == "--adversarial" && has_value)
            o.adversarial = std::stoi(argv[++i]);
        else if (option == "--seed" && has_value)
            o.seed = std::stoull(argv[++i]);
        else if (option == "--out" && has_value)
            o.out = argv[++i];
        else {
            std::cerr << "usage: generate_bench_dataset [--per-group N] [--adversarial K] "
                         "[--seed S] [--out FILE]\n";
            std::exit(option == "--help" || option == "-h" ? 0 : 2);
        }
    }
    return o;
}

} // namespace

int main(int argc, char** argv) {
    const Options o = parse(argc, argv);
    std::ofstream file;
    if (!o.out.empty()) file.open(o.out, std::ios::binary | std::ios::trunc);
    std::ostream& out = o.out.empty() ? std::cout : file;
    Random r{std::mt19937_64(o.seed)};
    int left_out = 0;
    for (const std::string_view kind : ccd::kBenchKinds)
        for (const std::string_view stratum : ccd::kBenchStrata) {
            int number = 0;
            for (BenchQuery& q : group(r, o, std::string(kind), std::string(stratum))) {
                if (!label(q)) {
                    ++left_out;
                    continue;
                }
                q.id = q.kind + "/" + q.stratum + "/" + q.tags.front() + "/" +
                       std::to_string(number++);
                out << ccd::write_bench_line(q) << '\n';
            }
            std::cerr << kind << ' ' << stratum << ": " << number << " queries\n";
        }
    if (left_out > 0) std::cerr << left_out << " queries left out (the reference gave up)\n";
    out.flush();
    return out ? 0 : 1;
}
