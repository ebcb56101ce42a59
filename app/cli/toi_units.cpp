#include "toi_units.hpp"

#include "ccd/scene_units.hpp"

#include <string_view>

namespace ccdlab::cli {

nlohmann::json per_frame_query(nlohmann::json query, double dt) {
    if (!query.is_object()) return query;
    constexpr std::string_view kVectors[] = {"d", "d1", "d2", "dp", "da", "db", "v", "v1", "v2"};
    constexpr std::string_view kAngles[] = {"angle", "angle1", "angle2"};
    for (const std::string_view key : kVectors) {
        const auto it = query.find(std::string(key));
        if (it == query.end() || !it->is_array() || it->size() != 2 || !(*it)[0].is_number() ||
            !(*it)[1].is_number())
            continue;
        const ccd::Vec2 rate{(*it)[0].get<double>(), (*it)[1].get<double>()};
        const ccd::Vec2 moved = ccd::per_frame(rate, dt);
        *it = nlohmann::json::array({moved.x, moved.y});
    }
    for (const std::string_view key : kAngles) {
        const auto it = query.find(std::string(key));
        if (it != query.end() && it->is_number()) *it = ccd::per_frame(it->get<double>(), dt);
    }
    return query;
}

} // namespace ccdlab::cli
