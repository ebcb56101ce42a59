// The variations of a hunt's case (ccd/hunt_variations.hpp).
#include "ccd/hunt_variations.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <variant>

namespace ccd {
namespace {

constexpr int kFamilies = 11;
enum Family { kUlp, kNudge, kScale, kMove, kTurn, kMirror, kSwap, kTurns, kGraze, kSpeed, kRandom };

std::string number_text(double value) {
    char text[40];
    std::snprintf(text, sizeof text, "%.3g", value);
    return text;
}

std::string vec_text(Vec2 v) {
    return "[" + number_text(v.x) + ", " + number_text(v.y) + "]";
}

// The mover moved by `offset` (its shape and its pivot).
HuntCase mover_moved(const HuntCase& query, Vec2 offset) {
    HuntCase out = query;
    out.mover = mapped(query, PlaneMap{1.0, 0.0, false, offset}).mover;
    return out;
}

bool certified_hit(const HuntCase& query) {
    return time_of_impact(query.mover, query.obstacle).has_value();
}

// A point of a side in the middle of the frame (its first point moved to t = 0.5).
Vec2 middle_point(const Swept& side) {
    Vec2 p;
    if (const auto* q = std::get_if<Point>(&side.shape)) p = q->position;
    if (const auto* c = std::get_if<Circle>(&side.shape)) p = c->center;
    if (const auto* s = std::get_if<Segment>(&side.shape)) p = (s->a + s->b) * 0.5;
    if (const auto* g = std::get_if<Polygon>(&side.shape)) p = vertex_centroid(*g);
    if (const auto* e = std::get_if<EndMotion>(&side.motion))
        return p + (e->displacement_a + e->displacement_b) * 0.25;
    return side.moved(p, 0.5);
}

} // namespace

VariantSource::VariantSource(const HuntCase& start, const Algorithm& algorithm, std::uint64_t seed)
    : start_(start), algorithm_(&algorithm), random_(seed), scale_(case_scale(start)) {}

double VariantSource::uniform() {
    return static_cast<double>(random_() >> 11) * 0x1p-53;
}

double VariantSource::uniform(double low, double high) {
    return low + (high - low) * uniform();
}

int VariantSource::below(int n) {
    return static_cast<int>(uniform() * n);
}

bool VariantSource::usable(const HuntCase& query) const {
    return !invalid_case(query); // a refusal is the method's call's to say (isolated_calls.hpp)
}

std::vector<Variant> VariantSource::next() {
    for (int attempt = 0; attempt < 8; ++attempt) {
        const int family = static_cast<int>(drawn_++ % kFamilies);
        if (family == kMove || family == kTurn || family == kMirror || family == kSwap) {
            std::vector<Variant> pair = metamorphic(family);
            if (!pair.empty()) return pair;
            continue;
        }
        if (auto variant = draw(family); variant && usable(variant->query)) return {*variant};
    }
    for (int attempt = 0; attempt < 64; ++attempt) // near the start: the likelier usable
        if (Variant v = random_draw(-9.0, -4.0); usable(v.query)) return {v};
    return {Variant{start_, "start", std::nullopt}}; // nothing near it is a valid case
}

std::optional<Variant> VariantSource::draw(int family) {
    switch (family) {
    case kUlp:
        return nudge_one(true);
    case kNudge:
        return nudge_one(false);
    case kScale:
        return whole_map(kScale);
    case kTurns:
        return whole_turns();
    case kGraze:
        return graze();
    case kSpeed:
        return faster();
    default:
        return random_draw(-4.0, -1.0);
    }
}

std::optional<Variant> VariantSource::nudge_one(bool ulps) {
    HuntCase query = start_;
    std::vector<CaseNumber> numbers = numbers_of(query);
    const CaseNumber& number = numbers[static_cast<std::size_t>(below(int(numbers.size())))];
    const double sign = below(2) == 0 ? 1.0 : -1.0;
    if (ulps) {
        const int steps = 1 + below(4);
        for (int k = 0; k < steps; ++k)
            *number.value = std::nextafter(*number.value, sign * HUGE_VAL);
        return Variant{query,
                       "ulp: " + number.name + (sign > 0 ? " +" : " -") + std::to_string(steps) +
                           " ulp",
                       std::nullopt};
    }
    const double unit = number.role == NumberRole::Angle ? 1.0 : scale_;
    const double by = sign * std::pow(10.0, uniform(-12.0, -2.0)) * unit;
    if (number.role == NumberRole::Radius && *number.value == 0.0) return std::nullopt;
    *number.value += by;
    return Variant{query, "nudge: " + number.name + " by " + number_text(by), std::nullopt};
}

std::optional<Variant> VariantSource::whole_map(int family) {
    (void)family;
    const bool binary = below(2) == 0;
    const int power = binary ? below(21) - 10 : below(7) - 3;
    if (power == 0) return std::nullopt;
    const double factor = binary ? std::ldexp(1.0, power) : std::pow(10.0, power);
    return Variant{mapped(start_, PlaneMap{factor, 0.0, false, {}}),
                   std::string("scale: the whole case x ") + (binary ? "2^" : "10^") +
                       std::to_string(power),
                   std::nullopt};
}

std::optional<Variant> VariantSource::whole_turns() {
    const bool mover = below(2) == 0;
    const int turns = (1 + below(3)) * (below(2) == 0 ? 1 : -1);
    for (const bool side : {mover, !mover})
        if (auto query = with_whole_turns(start_, side, turns))
            return Variant{*query,
                           std::string("turns: ") + (side ? "mover" : "obstacle") +
                               (turns > 0 ? " +" : " ") + std::to_string(turns) + " whole turn" +
                               (std::abs(turns) > 1 ? "s" : ""),
                           std::nullopt};
    return std::nullopt;
}

std::optional<Variant> VariantSource::graze() {
    if (!graze_searched_) {
        graze_searched_ = true;
        const auto hit = time_of_impact(start_.mover, start_.obstacle);
        const bool hits = hit.has_value() && !hit->undecided;
        Vec2 direction =
            hits ? hit->normal : middle_point(start_.obstacle) - middle_point(start_.mover);
        const double length = std::hypot(direction.x, direction.y);
        if (!(length > 0.0)) return std::nullopt;
        direction = direction * (1.0 / length);
        // Far enough along the direction that the answer flips, then bisected.
        double near = 0.0, far = scale_ * 1e-6;
        while (far < 8.0 * scale_ && certified_hit(mover_moved(start_, direction * far)) == hits)
            far *= 2.0;
        if (far >= 8.0 * scale_) return std::nullopt;
        for (int k = 0; k < 60 && far - near > scale_ * 1e-15; ++k) {
            const double middle = 0.5 * (near + far);
            (certified_hit(mover_moved(start_, direction * middle)) == hits ? near : far) = middle;
        }
        graze_ = std::pair{direction, near};
    }
    if (!graze_) return std::nullopt;
    const double by = (below(2) == 0 ? 1.0 : -1.0) * std::pow(10.0, uniform(-9.0, -3.0)) * scale_;
    const Vec2 offset = graze_->first * (graze_->second + by);
    return Variant{mover_moved(start_, offset),
                   "graze: the mover moved by " + vec_text(offset) + " (" + number_text(by) +
                       " from where it grazes)",
                   std::nullopt};
}

std::optional<Variant> VariantSource::faster() {
    const bool mover = below(2) == 0;
    const double factor = std::pow(2.0, uniform(-2.0, 3.0));
    HuntCase query = start_;
    bool moves = false;
    for (const CaseNumber& number : numbers_of(query))
        if (number.mover == mover &&
            (number.role == NumberRole::Displacement || number.role == NumberRole::Angle)) {
            moves = moves || *number.value != 0.0;
            *number.value *= factor;
        }
    if (!moves) return std::nullopt;
    return Variant{query,
                   std::string("speed: the ") + (mover ? "mover" : "obstacle") + "'s motion x " +
                       number_text(factor),
                   std::nullopt};
}

Variant VariantSource::random_draw(double box_exponent_low, double box_exponent_high) {
    const double box = std::pow(10.0, uniform(box_exponent_low, box_exponent_high));
    HuntCase query = start_;
    for (Swept* side : {&query.mover, &query.obstacle})
        if (auto* polygon = std::get_if<Polygon>(&side->shape)) {
            const Vec2 centre = vertex_centroid(*polygon);
            const double size = 1.0 + uniform(-0.5, 0.5) * box;
            const Vec2 offset{uniform(-1.0, 1.0) * box * scale_, uniform(-1.0, 1.0) * box * scale_};
            for (Vec2& v : polygon->vertices)
                v = centre + (v - centre) * size + offset;
        }
    for (const CaseNumber& number : numbers_of(query)) {
        if (number.polygon_vertex) continue;
        const double u = uniform(-1.0, 1.0);
        if (number.role == NumberRole::Angle)
            *number.value += u * box * std::numbers::pi;
        else if (number.role == NumberRole::Radius)
            *number.value = *number.value > 0.0 ? std::fabs(*number.value + u * box * scale_) : 0.0;
        else
            *number.value += u * box * scale_;
    }
    return Variant{query, "random: every number within " + number_text(box) + " of the scale",
                   std::nullopt};
}

std::vector<Variant> VariantSource::metamorphic(int family) {
    Variant base = below(4) == 0 ? Variant{start_, "start", std::nullopt} : random_draw(-6.0, -2.0);
    if (!usable(base.query)) return {};
    Invariance invariance;
    if (family == kSwap) {
        invariance = {true, {}, "swap: the sides swapped"};
    } else if (family == kMove) {
        const double angle = uniform(0.0, 2.0 * std::numbers::pi);
        const double far = std::pow(10.0, uniform(2.0, 6.0)) * scale_;
        const Vec2 offset{std::cos(angle) * far, std::sin(angle) * far};
        invariance = {
            false, {1.0, 0.0, false, offset}, "move: the whole case by " + vec_text(offset)};
    } else {
        const double angle = uniform(0.0, 2.0 * std::numbers::pi);
        const bool mirror = family == kMirror;
        invariance = {false,
                      {1.0, angle, mirror, {}},
                      mirror ? "mirror: the whole case in the line at " +
                                   number_text((angle + std::numbers::pi) / 2.0) + " rad"
                             : "turn: the whole case by " + number_text(angle) + " rad"};
    }
    const auto image = apply(invariance, base.query, *algorithm_);
    if (!image || !usable(*image)) return {};
    Variant second{*image, base.transformation + ", then " + invariance.text, invariance};
    return {std::move(base), std::move(second)};
}

} // namespace ccd
