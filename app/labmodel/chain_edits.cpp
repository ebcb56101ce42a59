#include "chain_edits.hpp"

#include <algorithm>
#include <string_view>

namespace ccdlab {
namespace {

std::size_t at(int index) {
    return static_cast<std::size_t>(index);
}

bool has_point(const ccd::Chain& chain, int point) {
    return point >= 0 && at(point) < chain.points.size();
}

// Twice the signed area the points enclose, closed from the last back to the first (the
// shoelace sum): positive when they run counter-clockwise (y up).
double twice_signed_area(const ccd::Chain& chain) {
    double sum = 0.0;
    const std::size_t n = chain.points.size();
    for (std::size_t k = 0; k < n; ++k)
        sum += ccd::cross(chain.points[k], chain.points[(k + 1) % n]);
    return sum;
}

} // namespace

std::size_t fewest_points(const ccd::Chain& chain) {
    return chain.loop ? 3 : 2;
}

std::optional<int> insert_chain_point(ccd::Chain& chain, int after) {
    if (!has_point(chain, after)) return std::nullopt;
    auto& points = chain.points;
    const std::size_t k = at(after), n = points.size();
    ccd::Vec2 inserted;
    if (k + 1 < n || chain.loop)
        inserted = (points[k] + points[(k + 1) % n]) * 0.5;
    else if (n >= 2) // past an open chain's last point, on along its last edge
        inserted = points[k] + (points[k] - points[k - 1]);
    else
        inserted = points[k] + ccd::Vec2{1.0, 0.0};
    points.insert(points.begin() + after + 1, inserted);
    return after + 1;
}

bool delete_chain_point(ccd::Chain& chain, int point) {
    if (!has_point(chain, point) || chain.points.size() <= fewest_points(chain)) return false;
    chain.points.erase(chain.points.begin() + point);
    return true;
}

bool set_chain_loop(ccd::Chain& chain, bool loop) {
    if (loop && chain.points.size() < 3) return false;
    chain.loop = loop;
    return true;
}

void flip_chain_side(ccd::Chain& chain) {
    std::reverse(chain.points.begin(), chain.points.end());
}

std::string chain_side_text(const ccd::Chain& chain) {
    const std::string along = "the right of the way from point 0 to point " +
                              std::to_string(chain.points.empty() ? 0 : chain.points.size() - 1);
    if (!chain.loop) return along;
    const double area = twice_signed_area(chain);
    if (area > 0.0) return "outside (its points run counter-clockwise)";
    if (area < 0.0) return "inside (its points run clockwise)";
    return along; // a loop that encloses nothing
}

bool forget_expect_of_chain(ccd::Scene& scene, const std::string& name) {
    if (!scene.expect) return false;
    const std::string edge = name + " edge ";
    const auto names_edge = [&](const ccd::ExpectedEvent& e) {
        return std::string_view(e.b).starts_with(edge) || std::string_view(e.a).starts_with(edge);
    };
    if (std::none_of(scene.expect->events.begin(), scene.expect->events.end(), names_edge))
        return false;
    scene.expect.reset();
    return true;
}

std::optional<std::string> chain_refusal(const ccd::Scene& scene) {
    for (const ccd::Chain& chain : scene.chains) {
        const std::string which = "chain \"" + chain.name + "\": ";
        const std::size_t n = chain.points.size();
        if (n < fewest_points(chain))
            return which + (chain.loop ? "a loop" : "a chain") + " needs at least " +
                   std::to_string(fewest_points(chain)) + " points, got " + std::to_string(n);
        for (std::size_t k = 0; k + 1 < n || (chain.loop && k < n); ++k)
            if (chain.points[k] == chain.points[(k + 1) % n])
                return which + "point " + std::to_string((k + 1) % n) + " repeats point " +
                       std::to_string(k) +
                       (k + 1 == n ? " (a loop closes itself: leave the first point out at the "
                                     "end)"
                                   : " (a zero-length edge: give each point once)");
    }
    return std::nullopt;
}

} // namespace ccdlab
