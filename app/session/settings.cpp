#include "settings.hpp"

#include "ccd/atomic_write.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <system_error>

namespace ccdlab {
namespace {

// The layers under `key`: each one named keeps its value; any other keeps `layers`' own.
void read_layers(const nlohmann::json& json, const char* key, ShowLayers& layers) {
    if (!json.contains(key) || !json[key].is_object()) return;
    for (const LayerField& field : layer_fields())
        if (json[key].contains(field.key) && json[key][field.key].is_boolean())
            layers.*field.member = json[key][field.key].get<bool>();
}

nlohmann::json layers_json(const ShowLayers& layers) {
    nlohmann::json json = nlohmann::json::object();
    for (const LayerField& field : layer_fields())
        json[field.key] = layers.*field.member;
    return json;
}

} // namespace

std::filesystem::path settings_folder() {
    if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg)
        return std::filesystem::path(xdg) / "ccdlab";
    if (const char* home = std::getenv("HOME"); home && *home)
        return std::filesystem::path(home) / ".config" / "ccdlab";
    return {};
}

Settings load_settings(const std::filesystem::path& folder) {
    Settings settings;
    if (folder.empty()) return settings;
    std::ifstream in(folder / "settings.json");
    if (!in) return settings;
    try {
        const nlohmann::json json = nlohmann::json::parse(in);
        if (json.contains("last_scene") && json["last_scene"].is_string())
            settings.last_scene = json["last_scene"].get<std::string>();
        if (json.contains("width") && json["width"].is_number_integer())
            settings.width = std::clamp(json["width"].get<int>(), 64, 8192);
        if (json.contains("height") && json["height"].is_number_integer())
            settings.height = std::clamp(json["height"].get<int>(), 64, 8192);
        if (json.contains("panel_width") && json["panel_width"].is_number())
            settings.panel_width = std::clamp(json["panel_width"].get<double>(), 0.0, 8192.0);
        if (json.contains("panel_collapsed") && json["panel_collapsed"].is_boolean())
            settings.panel_collapsed = json["panel_collapsed"].get<bool>();
        if (json.contains("recent_files") && json["recent_files"].is_array())
            for (const nlohmann::json& file : json["recent_files"])
                if (file.is_string() && settings.recent_files.size() < kMaxRecentFiles)
                    settings.recent_files.emplace_back(file.get<std::string>());
        if (json.contains("recording_cap_mb") && json["recording_cap_mb"].is_number_integer())
            settings.recording_cap_mb = std::clamp(json["recording_cap_mb"].get<int>(), 1, 65536);
        if (json.contains("link_base") && json["link_base"].is_string())
            settings.link_base = json["link_base"].get<std::string>();
        if (json.contains("engines") && json["engines"].is_array())
            for (const nlohmann::json& engine : json["engines"])
                if (engine.is_string()) settings.engines.push_back(engine.get<std::string>());
        read_layers(json, "show", settings.layers);
        read_layers(json, "show_dense", settings.dense_scene_layers);
    } catch (const nlohmann::json::exception&) {
        return Settings{}; // unreadable: start from the defaults
    }
    return settings;
}

PixelSize window_size_within(PixelSize wanted, PixelSize area, PixelSize frame) {
    if (area.width <= 0 || area.height <= 0) return wanted;
    return {std::max(1, std::min(wanted.width, area.width - frame.width)),
            std::max(1, std::min(wanted.height, area.height - frame.height))};
}

void remember_recent_file(std::vector<std::filesystem::path>& recent,
                          const std::filesystem::path& path) {
    std::error_code error;
    std::filesystem::path absolute = std::filesystem::absolute(path, error);
    if (error) absolute = path;
    absolute = absolute.lexically_normal();
    std::erase(recent, absolute);
    recent.insert(recent.begin(), absolute);
    if (recent.size() > kMaxRecentFiles) recent.resize(kMaxRecentFiles);
}

void save_settings(const std::filesystem::path& folder, const Settings& settings) {
    if (folder.empty()) return;
    std::error_code error;
    std::filesystem::create_directories(folder, error);
    nlohmann::json json = {{"width", settings.width},
                           {"height", settings.height},
                           {"panel_width", settings.panel_width},
                           {"panel_collapsed", settings.panel_collapsed}};
    if (settings.last_scene) json["last_scene"] = settings.last_scene->string();
    json["recent_files"] = nlohmann::json::array();
    for (const std::filesystem::path& file : settings.recent_files)
        json["recent_files"].push_back(file.string());
    json["recording_cap_mb"] = settings.recording_cap_mb;
    json["link_base"] = settings.link_base;
    json["engines"] = settings.engines;
    json["show"] = layers_json(settings.layers);
    json["show_dense"] = layers_json(settings.dense_scene_layers);
    try { // best effort: the settings are a convenience
        ccd::write_file_atomically(
            folder / "settings.json",
            json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
    } catch (const ccd::FileWriteError&) {
    }
}

} // namespace ccdlab
