#include "ccd/toi_moving_segment.hpp"

#include "ccd/detail/exact_arithmetic.hpp"
#include "ccd/detail/input_scaling.hpp"
#include "ccd/polynomial.hpp"
#include "ccd/toi_circle_segment.hpp"
#include "first_touch.hpp"
#include "rounded.hpp"
#include "segment_overlap.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>

namespace ccd {
namespace {

// Everything relative to endpoint a: w(t) = w0 + dw t is the mover, u(t) = u0 + du t the segment.
// The mover relative to endpoint b too, wb(t): whether it is beside end b is decided from it,
// dot(wb, u) > 0, as the static segment's query decides it. Measured from a, dot(w, u) > |u|^2
// rounds a mover a few ulps short of b past it; wb's differences are kept in double-double
// (each start and rate exact), so near b it is the offset to b to within its own rounding.
struct RelativeMotion {
    Vec2 w0, dw, u0, du;
    detail::DoubleDouble wb0x, wb0y, dwbx, dwby;
    Vec2 w(double t) const { return w0 + dw * t; }
    Vec2 u(double t) const { return u0 + du * t; }
    Vec2 wb(double t) const { return {(wb0x + dwbx * t).value(), (wb0y + dwby * t).value()}; }
    // Velocity of the mover relative to the segment's material point at parameter t2.
    Vec2 relative_velocity(double t2) const { return dw - du * t2; }
};

RelativeMotion relative_to_a(Vec2 mover, Vec2 displacement, const MovingSegment& s) {
    using detail::two_sum;
    return {mover - s.start.a,
            displacement - s.displacement_a,
            s.start.b - s.start.a,
            s.displacement_b - s.displacement_a,
            two_sum(mover.x, -s.start.b.x),
            two_sum(mover.y, -s.start.b.y),
            two_sum(displacement.x, -s.displacement_b.x),
            two_sum(displacement.y, -s.displacement_b.y)};
}

// The segment with every coordinate rescaled by k (input_scaling.hpp).
MovingSegment scaled_by(const MovingSegment& s, const detail::InputRescale& k) {
    return {
        {k(s.start.a), k(s.start.b), k(s.start.radius)}, k(s.displacement_a), k(s.displacement_b)};
}

// A capsule's core: the segment and its motion without the radius.
MovingSegment core_of(const MovingSegment& s) {
    return {{s.start.a, s.start.b}, s.displacement_a, s.displacement_b};
}

// Every length halved (exactly: see detail::sum_overflows).
MovingSegment halved(const MovingSegment& s) {
    return {{s.start.a * 0.5, s.start.b * 0.5, s.start.radius * 0.5},
            s.displacement_a * 0.5,
            s.displacement_b * 0.5};
}

Feature feature_at(double t2) {
    return t2 <= 0.0   ? Feature::EndpointA
           : t2 >= 1.0 ? Feature::EndpointB
                       : Feature::SegmentInterior;
}

// The band's distance function evaluated from the geometry at t, not from the quartic's
// expanded coefficients: |cross(u, w)| - r |u|, the distance to the line minus r, times |u|.
double band_gap(const RelativeMotion& m, double radius, double t) {
    const Vec2 u = m.u(t);
    return std::fabs(detail::accurate_cross(u, m.w(t))) - radius * ccd::hypot(u.x, u.y);
}

// The quartic's roots are only as good as its coefficients, which lose accuracy when the radius
// is small next to the coordinates. Each root is polished by bisecting band_gap, which is
// accurate to a few ulps of the scale, over the smallest bracket around it that changes sign
// from outside (> 0) to inside (<= 0). A root without such a bracket (a tangent touch) stays,
// and `bracketed` is false.
double polish_band_root(const RelativeMotion& m, double radius, double t, bool& bracketed) {
    bracketed = true;
    const double gap = band_gap(m, radius, t);
    if (gap == 0.0) return t;
    for (double delta = 1e-13; delta <= 1e-3; delta *= 8.0) {
        // Inside at t: the entry is before it (a symmetric bracket would fail once t + delta
        // is past the exit, which a band crossed in 1e-9 of the frame has).
        double lo = std::max(0.0, t - delta), hi = gap < 0.0 ? t : std::min(1.0, t + delta);
        if (!(band_gap(m, radius, lo) > 0.0) || band_gap(m, radius, hi) > 0.0) continue;
        for (int i = 0; i < 200; ++i) {
            const double mid = 0.5 * (lo + hi);
            if (mid <= lo || mid >= hi) break;
            (band_gap(m, radius, mid) > 0.0 ? lo : hi) = mid;
        }
        return hi;
    }
    bracketed = false;
    return t;
}

Hit make_hit(double t, Vec2 point, Vec2 normal, double t2, const RelativeMotion& m) {
    return Hit{t, point, normal, feature_at(t2), false, dot(m.relative_velocity(t2), normal) < 0.0};
}

// The times at which the point is on the segment's line: f(t) = cross(u(t), w(t)) = c + b t +
// a t^2 = 0, its coefficients and discriminant in double-double (exact_arithmetic.hpp). A double
// root, where both ends of the segment converge on the point at the same instant (f = (t - t*)^2
// cross(du, dw)), is as sensitive as the square root of the coefficients' error: from double
// coefficients it came out about 1e-8 off, from these about 1e-16 (docs/accuracy.md).
struct LineCrossings {
    int count = 0;
    std::array<double, 2> t{};
    bool every_t = false; // f vanishes for every t: the point stays on the line
    // No real root, but f turns at `turning` (its derivative's root, in [0, 1]): where a double
    // root that rounding pushed below zero would be (the caller asks whether it touches there).
    std::optional<double> turning;
    double a = 0.0, b = 0.0, c = 0.0, discriminant = 0.0; // rounded, for the trace
};

LineCrossings line_crossings(const RelativeMotion& m) {
    using detail::cross_dd;
    using detail::DoubleDouble;
    const DoubleDouble c = cross_dd(m.u0, m.w0);
    const DoubleDouble b = cross_dd(m.u0, m.dw) + cross_dd(m.du, m.w0);
    const DoubleDouble a = cross_dd(m.du, m.dw);
    LineCrossings out;
    out.a = a.value();
    out.b = b.value();
    out.c = c.value();
    if (a.hi == 0.0) {
        if (b.hi == 0.0) {
            out.every_t = c.hi == 0.0;
            return out;
        }
        out.t[0] = (-c / b).value();
        out.count = std::isfinite(out.t[0]) ? 1 : 0;
        return out;
    }
    const DoubleDouble disc = b * b - a * c * 4.0;
    out.discriminant = disc.value();
    if (disc.hi < 0.0) {
        const double t = (-b / (a * 2.0)).value();
        if (t >= 0.0 && t <= 1.0) out.turning = t;
        return out;
    }
    const DoubleDouble root = detail::square_root(disc);
    // q = -(b + sign(b) sqrt(disc)) / 2; the roots q / a and c / q, neither cancelling.
    const DoubleDouble q = (b.hi >= 0.0 ? -(b + root) : root - b) * 0.5;
    out.count = 2;
    if (q.hi == 0.0) return out; // b = 0 and disc = 0, so c = 0: a double root at 0
    const double r1 = (q / a).value(), r2 = (c / q).value();
    out.t = {std::fmin(r1, r2), std::fmax(r1, r2)};
    if (!std::isfinite(out.t[1])) out.count = 1; // (a root beyond every frame: dropped)
    if (!std::isfinite(out.t[0])) out.count = 0;
    return out;
}

// The segment and the mover (relative to end a) at t, each with one rounding (fma), and the
// rounding noise of each: what the inputs' own roundings and a root's leave at t.
struct AtRoot {
    Vec2 u, w, wb;   // wb: the mover relative to end b
    bool degenerate; // u is zero to within its noise: the segment is a point at t
    bool coincident; // and the mover is on that point, to within the noise
};

AtRoot at_root(const RelativeMotion& m, double t) {
    const auto along = [t](Vec2 start, Vec2 rate) {
        return Vec2{std::fma(rate.x, t, start.x), std::fma(rate.y, t, start.y)};
    };
    const auto size = [](Vec2 v) { return std::fmax(std::fabs(v.x), std::fabs(v.y)); };
    const double noise = 16.0 * std::numeric_limits<double>::epsilon();
    const Vec2 u = along(m.u0, m.du), w = along(m.w0, m.dw), wb = m.wb(t);
    const double u_noise = noise * (size(m.u0) + size(m.du) * t);
    const double w_noise = noise * (size(m.w0) + size(m.dw) * t) + u_noise;
    const bool degenerate = size(u) <= u_noise;
    return {u, w, wb, degenerate, degenerate && size(w) <= w_noise};
}

// The 1D case: the mover stays on the segment's line. First t with 0 <= dot(w,u) <= |u|^2.
std::optional<Hit> along_the_line(Vec2 mover, Vec2 displacement, const RelativeMotion& m) {
    // q1(t) = dot(w, u) >= 0 and q2(t) = dot(-wb, u) >= 0 (u - w, measured from b), both
    // quadratics.
    const double q1[3] = {dot(m.w0, m.u0), dot(m.w0, m.du) + dot(m.dw, m.u0), dot(m.dw, m.du)};
    const Vec2 v0 = -m.wb(0.0), dv = Vec2{-m.dwbx.value(), -m.dwby.value()};
    const double q2[3] = {dot(v0, m.u0), dot(v0, m.du) + dot(dv, m.u0), dot(dv, m.du)};
    const auto value = [](const double* q, double t) { return (q[2] * t + q[1]) * t + q[0]; };
    std::optional<Hit> best;
    for (int which = 0; which < 2; ++which) {
        const double* q = which == 0 ? q1 : q2;
        const double* other = which == 0 ? q2 : q1;
        const QuadraticRoots roots = solve_quadratic(q[2], q[1], q[0]);
        for (int i = 0; i < roots.count; ++i) {
            const double t = roots.t[i];
            if (t < 0.0 || t > 1.0 || value(other, t) < 0.0) continue;
            // A segment of no length there (to within rounding) is a point: the mover must be
            // on it.
            if (const AtRoot at = at_root(m, t); at.degenerate && !at.coincident) continue;
            if (best && best->t <= t) break;
            const double t2 = which == 0 ? 0.0 : 1.0;
            const Vec2 normal = normalized_or(-m.relative_velocity(t2), Vec2{0.0, 1.0});
            best = make_hit(t, mover + displacement * t, normal, t2, m);
            break;
        }
    }
    return best;
}

// Touching at t = 0; `approaching` uses the velocity of the segment's own point of contact.
std::optional<Hit> overlap_hit(const Circle& mover, const MovingSegment& obstacle,
                               const RelativeMotion& m) {
    const auto overlap = detail::overlap_at_start(mover, obstacle.start, m.dw - m.du * 0.5);
    if (!overlap) return std::nullopt;
    const Vec2 velocity = m.relative_velocity(overlap->along);
    return Hit{0.0,
               overlap->point,
               overlap->normal,
               overlap->feature,
               true,
               dot(velocity, overlap->normal) < 0.0};
}

// The line's trace candidate: f(t) = cross(u(t), w(t)) = c + b t + a t^2.
TraceCandidate& line_candidate(Trace& trace, const LineCrossings& roots) {
    TraceCandidate& candidate = trace.add_candidate("line", Feature::SegmentInterior);
    candidate.a = roots.a;
    candidate.b = roots.b;
    candidate.c = roots.c;
    candidate.discriminant = roots.discriminant;
    if (roots.count == 0 && !roots.every_t)
        candidate.note =
            roots.discriminant < 0.0 ? "no real root: never on the line" : "never on the line";
    return candidate;
}

// The point's first crossing of the segment's line onto the segment, from the line's roots (the
// point not staying on the line), each root's verdict recorded in `candidate` when there is one.
std::optional<Hit> first_crossing(Vec2 mover, Vec2 displacement, const RelativeMotion& m,
                                  const LineCrossings& roots, TraceCandidate* candidate) {
    // The side the point comes from: the sign of f just after t = 0.
    const double side = roots.c != 0.0 ? roots.c : roots.b != 0.0 ? roots.b : roots.a;
    std::optional<Hit> best;
    // Both ends and the point meeting at one instant, a double root that the rounding of the
    // inputs pushed below zero: a touch where the segment is a point on the mover.
    if (roots.turning) {
        const double t = *roots.turning;
        if (at_root(m, t).coincident) {
            best = make_hit(t, mover + displacement * t,
                            normalized_or(-m.relative_velocity(0.0), Vec2{0.0, 1.0}), 0.0, m);
            if (candidate) {
                candidate->note = "no real root; both ends meet the point where f turns";
                candidate->roots.push_back({t, RootVerdict::Taken});
            }
        }
    }
    for (int i = 0; i < roots.count; ++i) {
        const double t = roots.t[i];
        RootVerdict verdict = detail::frame_verdict(t);
        if (verdict == RootVerdict::Taken && !best) {
            // A segment that is a point at t (to within rounding: at a double root both ends
            // converge there) is touched when the mover is on that point.
            const AtRoot at = at_root(m, t);
            const double length2 = dot(at.u, at.u);
            const double along = dot(at.w, at.u);
            if (at.degenerate ? !at.coincident : (along < 0.0 || dot(at.wb, at.u) > 0.0)) {
                verdict = RootVerdict::OffFeature;
            } else {
                const double t2 = at.degenerate ? 0.0 : std::min(along / length2, 1.0);
                Vec2 normal =
                    at.degenerate
                        ? normalized_or(-m.relative_velocity(0.0), Vec2{0.0, 1.0})
                        : normalized_or(perp(at.u), Vec2{0.0, 1.0}) * (side > 0.0 ? 1.0 : -1.0);
                best = make_hit(t, mover + displacement * t, normal, t2, m);
            }
        } else if (verdict == RootVerdict::Taken) {
            verdict = RootVerdict::LaterThanBest;
        }
        if (candidate) candidate->roots.push_back({t, verdict});
    }
    return best;
}

} // namespace

std::optional<Hit> time_of_impact(Vec2 mover, Vec2 displacement, const MovingSegment& obstacle,
                                  Trace* trace) {
    if (const double r = obstacle.start.radius;
        r != 0.0) // against a capsule: a circle of its radius
        return detail::on_rounded_surface(
            time_of_impact(Circle{mover, r}, displacement, core_of(obstacle), trace), r);
    if (const auto k = detail::input_rescale(
            {mover.x, mover.y, displacement.x, displacement.y, obstacle.start.a.x,
             obstacle.start.a.y, obstacle.start.b.x, obstacle.start.b.y, obstacle.displacement_a.x,
             obstacle.displacement_a.y, obstacle.displacement_b.x, obstacle.displacement_b.y});
        k.needed()) {
        auto hit = time_of_impact(k(mover), k(displacement), scaled_by(obstacle, k), trace);
        if (hit) hit->point *= 1.0 / k.scale;
        return hit;
    }
    if (trace) trace->begin("point_moving_segment");
    const RelativeMotion m = relative_to_a(mover, displacement, obstacle);

    // Already on the segment at t = 0?
    if (auto hit = overlap_hit(Circle{mover, 0.0}, obstacle, m)) {
        if (trace) trace->overlap_at_start = true;
        return hit;
    }

    const LineCrossings roots = line_crossings(m);
    TraceCandidate* candidate = trace ? &line_candidate(*trace, roots) : nullptr;
    if (roots.every_t) {
        if (candidate) candidate->note = "the point stays on the segment's line: solved along it";
        auto hit = along_the_line(mover, displacement, m);
        if (hit && candidate) candidate->roots.push_back({hit->t, RootVerdict::Taken});
        return hit;
    }
    return first_crossing(mover, displacement, m, roots, candidate);
}

namespace {

// The band's g(t) = cross(u, w)^2 - r^2 |u|^2, a quartic: f(t) = cross(u, w) = c0 + c1 t + c2 t^2
// and |u|^2 = l0 + l1 t + l2 t^2.
struct BandQuartic {
    double c0, c1, c2;
    std::array<double, 5> g;
};

BandQuartic band_quartic(const RelativeMotion& m, double r) {
    const double c0 = detail::accurate_cross(m.u0, m.w0);
    const double c1 = detail::accurate_cross(m.u0, m.dw) + detail::accurate_cross(m.du, m.w0);
    const double c2 = detail::accurate_cross(m.du, m.dw);
    const double l0 = dot(m.u0, m.u0), l1 = 2.0 * dot(m.u0, m.du), l2 = dot(m.du, m.du);
    const double r2 = r * r;
    return {c0,
            c1,
            c2,
            {c0 * c0 - r2 * l0, 2.0 * c0 * c1 - r2 * l1, c1 * c1 + 2.0 * c0 * c2 - r2 * l2,
             2.0 * c1 * c2, c2 * c2}};
}

// A circle against a segment whose ends move on their own, past the overlap at t = 0: the
// band's roots, then the caps, each against the best contact so far, recorded in the trace's
// candidates when there is a trace.
class CircleAndMovingSegment {
public:
    CircleAndMovingSegment(const Circle& mover, Vec2 displacement, const MovingSegment& obstacle,
                           const RelativeMotion& m, Trace* trace)
        : mover_(mover), displacement_(displacement), obstacle_(obstacle), m_(m), r_(mover.radius),
          trace_(trace), quartic_(band_quartic(m, mover.radius)) {}

    std::optional<Hit> first_contact() {
        std::array<double, 4> roots{};
        const int count = roots_in_interval(quartic_.g, 0.0, 1.0, roots);
        if (trace_) {
            band_ = &trace_->add_candidate("band (quartic)", Feature::SegmentInterior);
            band_->note = "g(t) = cross(u, w)^2 - r^2 |u|^2 is quartic; roots isolated in [0, 1]";
            band_->coefficients.assign(quartic_.g.begin(), quartic_.g.end());
        }
        for (int i = 0; i < count; ++i)
            band_root(roots[i], true);
        line_crossings_as_band_roots();
        cap(obstacle_.start.a, obstacle_.displacement_a, Feature::EndpointA, "cap A");
        cap(obstacle_.start.b, obstacle_.displacement_b, Feature::EndpointB, "cap B");
        if (trace_) trace_->settle(best_ ? &*best_ : nullptr);
        return best_;
    }

private:
    bool earlier_than_best(double t) const { return !(best_ && best_->t <= t); }

    // The quartic is cross(u, w)^2 less r^2 |u|^2: where r |u| is below its rounding (a point, a
    // tiny radius next to the coordinates) each crossing of the line is a double root that its
    // rounding may lift off zero, and the band is then never entered. The crossings themselves
    // (the point query's quadratic, in double-double) bound the entry: the band is entered at
    // the latest where the centre crosses the line, and polishing finds the entry before it.
    // Only a crossing earlier than every band entry found is asked.
    void line_crossings_as_band_roots() {
        const LineCrossings crossings = line_crossings(m_);
        for (int i = 0; i < crossings.count; ++i)
            if (crossings.t[i] >= 0.0 && crossings.t[i] <= 1.0 && earlier_than_best(crossings.t[i]))
                band_root(crossings.t[i], false);
        if (crossings.turning && earlier_than_best(*crossings.turning) &&
            at_root(m_, *crossings.turning).coincident)
            band_root(*crossings.turning, false); // ends meeting on the mover: see the point query
    }

    // A cap: the mover relative to the endpoint moves linearly.
    void cap(Vec2 end, Vec2 end_displacement, Feature feature, const char* name) {
        TraceCandidate* candidate = trace_ ? &trace_->add_candidate(name, feature) : nullptr;
        const Vec2 motion = displacement_ - end_displacement;
        const auto t = detail::first_touch_of_disk(mover_.center - end, motion, r_, candidate);
        if (!t || !earlier_than_best(*t)) return;
        const Vec2 at = end + end_displacement * *t;
        const Vec2 normal = normalized_or(mover_.center + displacement_ * *t - at,
                                          normalized_or(-motion, Vec2{0.0, 1.0}));
        best_ = Hit{*t, at, normal, feature, false, dot(motion, normal) < 0.0};
    }

    // A root of the quartic (or a crossing of the line), polished: the band entered there, if
    // the centre then projects onto the segment.
    void band_root(double raw, bool from_quartic) {
        bool bracketed = true;
        const double t = polish_band_root(m_, r_, raw, bracketed);
        const Vec2 u = m_.u(t), w = m_.w(t);
        const double length2 = dot(u, u), along = dot(w, u);
        const bool beside_b = dot(m_.wb(t), u) > 0.0;
        const AtRoot at = at_root(m_, t);
        RootVerdict verdict = RootVerdict::Taken;
        if (!bracketed && band_gap(m_, r_, t) > gap_noise(t, length2, from_quartic)) {
            verdict = RootVerdict::Rounding;
        } else if (at.degenerate) { // the segment is a point here: on the mover, or not touched
            if (!at.coincident) {
                verdict = RootVerdict::OffFeature;
            } else if (best_) {
                verdict = RootVerdict::LaterThanBest;
            } else {
                const Vec2 normal = normalized_or(-m_.relative_velocity(0.0), Vec2{0.0, 1.0});
                best_ = Hit{t,      obstacle_.start.a + obstacle_.displacement_a * t,
                            normal, Feature::EndpointA,
                            false,  dot(m_.relative_velocity(0.0), normal) < 0.0};
            }
        } else if (!(length2 > 0.0) || along < 0.0 || beside_b) {
            verdict = RootVerdict::OffFeature;
        } else if (best_) {
            verdict = RootVerdict::LaterThanBest;
        } else {
            best_ = band_hit(t, u, w, length2, along);
        }
        if (band_) band_->roots.push_back({t, verdict});
    }

    // A root with no sign change of the gap around it is a tangent touch only if the gap is zero
    // there to within its rounding; otherwise the quartic's rounding made it (two roots lifted
    // off zero around a crossing of the line, a millionth of the frame apart). A quartic root is
    // measured against |u| at t (near ends that meet, |cross(u, w)| is small over a wide span
    // around the meeting, and only the distance to the line, gap / |u|, tells); a crossing,
    // solved in double-double, against the rounding of cross(u, w) itself.
    double gap_noise(double t, double length2, bool from_quartic) const {
        const double su = length(m_.u0) + length(m_.du) * t;
        const double sw = length(m_.w0) + length(m_.dw) * t;
        return 16.0 * std::numeric_limits<double>::epsilon() *
               (from_quartic ? std::sqrt(length2) : su) * (sw + r_);
    }

    // The band entered at t with the centre projecting onto the segment (u, w at t, |u|^2 and the
    // projection x |u|).
    Hit band_hit(double t, Vec2 u, Vec2 w, double length2, double along) const {
        // The side the mover touches from. At an entry root cross(u, w) = +-r |u|. When r |u|
        // is below what the quartic resolves (a point, a tiny radius), its two roots merge at
        // the crossing of the line, where cross(u, w) is rounding noise: the side is then the
        // one cross(u, w) is leaving, against the sign of its derivative c1 + 2 c2 t.
        const double cross_now = detail::accurate_cross(u, w);
        const double slope = quartic_.c1 + 2.0 * quartic_.c2 * t;
        // Rounding noise of cross(u, w) at a root: the root's own error times the slope,
        // and the cross product's.
        const double noise = 8.0 * std::numeric_limits<double>::epsilon() *
                             (std::fabs(slope) + std::sqrt(length2) * std::sqrt(dot(w, w)));
        const double resolved = 0.5 * r_ * std::sqrt(length2) + noise;
        const double side = std::fabs(cross_now) > resolved ? cross_now
                            : slope != 0.0                  ? -slope
                                                            : quartic_.c0;
        const Vec2 normal = normalized_or(perp(u), Vec2{0.0, 1.0}) * (side > 0.0 ? 1.0 : -1.0);
        const double t2 = std::min(along / length2, 1.0);
        return Hit{t,      obstacle_.start.a + obstacle_.displacement_a * t + u * t2,
                   normal, Feature::SegmentInterior,
                   false,  dot(m_.relative_velocity(t2), normal) < 0.0};
    }

    const Circle& mover_;
    Vec2 displacement_;
    const MovingSegment& obstacle_;
    const RelativeMotion& m_;
    double r_;
    Trace* trace_;
    BandQuartic quartic_;
    TraceCandidate* band_ = nullptr;
    std::optional<Hit> best_;
};

} // namespace

std::optional<Hit> time_of_impact(const Circle& mover, Vec2 displacement,
                                  const MovingSegment& obstacle, Trace* trace) {
    if (const double r = obstacle.start.radius; r != 0.0) { // a capsule: the circle grown by r
        if (detail::sum_overflows(mover.radius, r))
            return detail::doubled(time_of_impact(Circle{mover.center * 0.5, mover.radius * 0.5},
                                                  displacement * 0.5, halved(obstacle), trace));
        return detail::on_rounded_surface(time_of_impact(Circle{mover.center, mover.radius + r},
                                                         displacement, core_of(obstacle), trace),
                                          r);
    }
    if (const auto k = detail::input_rescale(
            {mover.center.x, mover.center.y, mover.radius, displacement.x, displacement.y,
             obstacle.start.a.x, obstacle.start.a.y, obstacle.start.b.x, obstacle.start.b.y,
             obstacle.displacement_a.x, obstacle.displacement_a.y, obstacle.displacement_b.x,
             obstacle.displacement_b.y});
        k.needed()) {
        auto hit = time_of_impact(Circle{k(mover.center), k(mover.radius)}, k(displacement),
                                  scaled_by(obstacle, k), trace);
        if (hit) hit->point *= 1.0 / k.scale;
        return hit;
    }
    if (obstacle.displacement_a == obstacle.displacement_b) {
        auto hit = time_of_impact_translating(mover, displacement, obstacle.start,
                                              obstacle.displacement_a, trace);
        if (trace) trace->query = "circle_moving_segment";
        return hit;
    }
    if (trace) trace->begin("circle_moving_segment");
    const RelativeMotion m = relative_to_a(mover.center, displacement, obstacle);
    if (auto hit = overlap_hit(mover, obstacle, m)) {
        if (trace) trace->overlap_at_start = true;
        return hit;
    }
    return CircleAndMovingSegment(mover, displacement, obstacle, m, trace).first_contact();
}

} // namespace ccd
