#include "hatching.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace ccdlab {
namespace {

using ccd::Vec2;

constexpr double kHalfRoot2 = std::numbers::sqrt2 / 2.0;
constexpr Vec2 kAcross{kHalfRoot2, kHalfRoot2}; // the levels step along it
constexpr Vec2 kAlong{kHalfRoot2, -kHalfRoot2}; // the lines run along it

// The levels k x spacing within [lo, hi], at most `most` of them (spread wider when more).
std::vector<double> levels(double lo, double hi, double spacing, int most) {
    std::vector<double> out;
    if (!(spacing > 0.0) || !(hi >= lo) || !std::isfinite(hi - lo)) return out;
    const double step = std::max(spacing, (hi - lo) / std::max(1, most));
    for (double k = std::ceil(lo / step); k * step <= hi; k += 1.0)
        out.push_back(k * step);
    return out;
}

} // namespace

std::vector<ccd::Segment> hatch_lines(std::span<const Vec2> polygon, double spacing, int most) {
    std::vector<ccd::Segment> out;
    if (polygon.size() < 3) return out;
    double lo = dot(polygon[0], kAcross), hi = lo;
    for (const Vec2 v : polygon) {
        lo = std::min(lo, dot(v, kAcross));
        hi = std::max(hi, dot(v, kAcross));
    }
    for (const double level : levels(lo, hi, spacing, most)) {
        std::vector<Vec2> crossings;
        for (std::size_t i = 0; i < polygon.size(); ++i) {
            const Vec2 p = polygon[i], q = polygon[(i + 1) % polygon.size()];
            const double up = dot(p, kAcross), uq = dot(q, kAcross);
            // Half-open, so a vertex on the level counts for one of its two edges.
            if ((up <= level) == (uq <= level)) continue;
            crossings.push_back(p + (q - p) * ((level - up) / (uq - up)));
        }
        std::sort(crossings.begin(), crossings.end(),
                  [](Vec2 a, Vec2 b) { return dot(a, kAlong) < dot(b, kAlong); });
        for (std::size_t k = 0; k + 1 < crossings.size(); k += 2)
            out.push_back({crossings[k], crossings[k + 1]});
    }
    return out;
}

std::vector<ccd::Segment> hatch_lines(const ccd::Circle& disc, double spacing, int most) {
    std::vector<ccd::Segment> out;
    const double middle = dot(disc.center, kAcross);
    for (const double level : levels(middle - disc.radius, middle + disc.radius, spacing, most)) {
        const double off = level - middle;
        const double half = std::sqrt(std::max(0.0, disc.radius * disc.radius - off * off));
        const Vec2 at = disc.center + kAcross * off;
        out.push_back({at - kAlong * half, at + kAlong * half});
    }
    return out;
}

} // namespace ccdlab
