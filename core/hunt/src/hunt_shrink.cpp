// The shrinker (ccd/hunt_shrink.hpp).
#include "ccd/hunt_shrink.hpp"

#include "ccd/hunt_transform.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <numbers>
#include <variant>

namespace ccd {
namespace {

constexpr int kShortDigits = 6;

// `value` to `digits` significant digits, as a decimal reads back.
double to_digits(double value, int digits) {
    char text[400];
    std::snprintf(text, sizeof text, "%.*g", digits, value);
    return std::strtod(text, nullptr);
}

// A motion's vectors that a shorter motion shortens: each translation or displacement.
std::vector<Vec2*> motion_vectors(Swept& side) {
    if (auto* t = std::get_if<Translation>(&side.motion)) return {&t->displacement};
    if (auto* e = std::get_if<EndMotion>(&side.motion))
        return {&e->displacement_a, &e->displacement_b};
    if (auto* r = std::get_if<Turning>(&side.motion)) return {&r->displacement};
    return {};
}

// Whether `side` lost the extent `original` had: a circle shrunk to its centre, a segment to a
// point, a polygon to no area. Such a form fails for reasons of its own (a sampling method
// misses a point meeting a point whatever its speed), so the shrinker never takes one.
bool degenerate(const Swept& side, const Swept& original) {
    if (const auto* c = std::get_if<Circle>(&side.shape))
        return c->radius == 0.0 && std::get<Circle>(original.shape).radius != 0.0;
    if (const auto* s = std::get_if<Segment>(&side.shape)) {
        const auto& o = std::get<Segment>(original.shape);
        return s->a == s->b && o.a != o.b;
    }
    if (const auto* g = std::get_if<Polygon>(&side.shape)) {
        double area2 = 0.0;
        for (std::size_t k = 0; k < g->vertices.size(); ++k)
            area2 += cross(g->vertices[k], g->vertices[(k + 1) % g->vertices.size()]);
        return area2 == 0.0;
    }
    return false;
}

class Shrinker {
public:
    Shrinker(const Finding& finding, const Algorithm& algorithm, const HuntOptions& options,
             const ShrinkOptions& shrink_options)
        : current_(finding), algorithm_(algorithm), options_(options),
          limit_(shrink_options.max_evaluations) {}

    Shrunk run() {
        bool changed = true;
        while (changed && evaluations_ < limit_) {
            changed = structure();
            changed = numbers() || changed;
            changed = to_origin() || changed;
        }
        return {current_, evaluations_, steps_};
    }

private:
    // The input a simpler form replaces: a metamorphic finding's base (its image is made from
    // it), any other finding's query.
    const HuntCase& input() const {
        return current_.kind == FindingKind::Metamorphic ? *current_.base : current_.query;
    }

    bool attempt(const HuntCase& candidate) {
        if (evaluations_ >= limit_ || candidate == input() || invalid_case(candidate) ||
            candidate.pair != input().pair || degenerate(candidate.mover, input().mover) ||
            degenerate(candidate.obstacle, input().obstacle))
            return false;
        ++evaluations_;
        auto simpler = rejudged(current_, candidate, algorithm_, options_);
        if (!simpler) return false;
        current_ = std::move(*simpler);
        ++steps_;
        return true;
    }

    bool structure() {
        bool changed = fewer_vertices();
        for (const bool mover : {true, false}) {
            changed = less_turn(mover) || changed;
            changed = shorter_motion(mover) || changed;
        }
        return changed;
    }

    bool fewer_vertices() {
        bool changed = false;
        for (const bool mover : {true, false})
            for (std::size_t k = 0;; ++k) {
                HuntCase candidate = input();
                auto* polygon = std::get_if<Polygon>(mover ? &candidate.mover.shape
                                                           : &candidate.obstacle.shape);
                if (!polygon || polygon->vertices.size() <= 3 || k >= polygon->vertices.size())
                    break;
                polygon->vertices.erase(polygon->vertices.begin() + static_cast<long>(k));
                if (attempt(candidate)) {
                    changed = true;
                    k = static_cast<std::size_t>(-1); // from the first vertex again
                }
            }
        return changed;
    }

    bool less_turn(bool mover) {
        const auto turning_of = [mover](HuntCase& c) {
            return std::get_if<Turning>(mover ? &c.mover.motion : &c.obstacle.motion);
        };
        bool changed = false;
        const double whole = 2.0 * std::numbers::pi;
        for (int step = 0; step < 3; ++step) {
            HuntCase candidate = input();
            Turning* turning = turning_of(candidate);
            if (!turning || turning->angle == 0.0) return changed;
            if (step == 0) turning->angle = 0.0;
            if (step == 1 && std::fabs(turning->angle) > whole)
                turning->angle -= std::copysign(whole, turning->angle);
            if (step == 2 && std::fabs(turning->angle) > 1e-3) turning->angle *= 0.5;
            if (attempt(candidate)) {
                changed = true;
                if (step > 0) step = 0; // from no turn again
            }
        }
        return changed;
    }

    bool shorter_motion(bool mover) {
        bool changed = false;
        const std::size_t count =
            motion_vectors(mover ? current_.query.mover : current_.query.obstacle).size();
        const double scale = case_scale(input());
        for (std::size_t k = 0; k < count; ++k)
            for (const bool half : {false, true}) {
                HuntCase candidate = input();
                auto vectors = motion_vectors(mover ? candidate.mover : candidate.obstacle);
                if (k >= vectors.size()) break;
                Vec2& v = *vectors[k];
                if (v == Vec2{} || (half && std::hypot(v.x, v.y) < 1e-3 * scale)) continue;
                v = half ? v * 0.5 : Vec2{};
                changed = attempt(candidate) || changed;
            }
        return changed;
    }

    // The whole case moved so that the obstacle's first point is the origin (one anchor, so
    // that a move never undoes another).
    bool to_origin() {
        HuntCase copy = input();
        std::vector<CaseNumber> numbers = numbers_of(copy);
        std::size_t first = 0;
        while (first < numbers.size() && numbers[first].mover)
            ++first;
        if (first + 1 >= numbers.size() || numbers[first].role != NumberRole::Position)
            return false;
        const Vec2 p{*numbers[first].value, *numbers[first + 1].value};
        if (p == Vec2{}) return false;
        return attempt(mapped(input(), PlaneMap{1.0, 0.0, false, Vec2{} - p}));
    }

    // The input with number k set to `value`, if it still fails.
    bool attempt_number(std::size_t k, double value) {
        HuntCase candidate = input();
        *numbers_of(candidate)[k].value = value;
        return attempt(candidate);
    }

    // Number k toward zero (0, then 1 of its sign, then a tenth of it while it is 10 or more) or
    // toward a short decimal (1 to kShortDigits significant digits): the first that still fails.
    bool simpler_number(std::size_t k, double value) {
        if (attempt_number(k, 0.0)) return true;
        if (std::fabs(value) != 1.0 && attempt_number(k, std::copysign(1.0, value))) return true;
        const int digits = std::min(significant_digits(value), kShortDigits + 1);
        for (int d = 1; d < digits; ++d)
            if (attempt_number(k, to_digits(value, d))) return true;
        return std::fabs(value) >= 10.0 && attempt_number(k, to_digits(value / 10.0, 6));
    }

    bool numbers() {
        bool changed = false;
        for (std::size_t k = 0;; ++k) {
            HuntCase copy = input();
            std::vector<CaseNumber> numbers = numbers_of(copy);
            if (k >= numbers.size()) break;
            const double value = *numbers[k].value;
            if (value != 0.0) changed = simpler_number(k, value) || changed;
        }
        return changed;
    }

    Finding current_;
    const Algorithm& algorithm_;
    const HuntOptions& options_;
    int limit_;
    int evaluations_ = 0;
    int steps_ = 0;
};

} // namespace

int significant_digits(double value) {
    if (value == 0.0 || !std::isfinite(value)) return 1;
    for (int digits = 1; digits < 17; ++digits)
        if (to_digits(value, digits) == value) return digits;
    return 17;
}

Shrunk shrink(const Finding& finding, const Algorithm& algorithm, const HuntOptions& options,
              const ShrinkOptions& shrink_options) {
    return Shrinker(finding, algorithm, options, shrink_options).run();
}

} // namespace ccd
