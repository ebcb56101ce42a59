#pragma once
// Settings that persist between runs: the last scene, the window's size, its side panel,
// the layers shown, the world view's recording cap, the base URL of scene links and the engine
// plugins to load, in
// $XDG_CONFIG_HOME/ccdlab/settings.json (~/.config/ccdlab when XDG_CONFIG_HOME is unset), with
// ImGui's own layout file beside it. A missing or unreadable file means the defaults.

#include "show_layers.hpp"

#include "ccd/scene_link.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace ccdlab {

struct Settings {
    std::optional<std::filesystem::path> last_scene;
    int width = 1280;
    int height = 800;
    double panel_width = 0.0; // the side panel's width as last dragged; 0: the view's default
    bool panel_collapsed = false;
    // Scene files opened or saved, the latest first (the Open dialog lists them).
    std::vector<std::filesystem::path> recent_files = {};
    // What the canvases show ("show"), and what a dense scene shows ("show_dense"): each kept
    // as the user last set it.
    ShowLayers layers = {};
    ShowLayers dense_scene_layers = dense_layers();
    // The memory the world view's recording of a run may hold (docs/recording.md), in MB.
    int recording_cap_mb = 100;
    // What a scene's link is made against (docs/links.md): the web build's page.
    std::string link_base = std::string(ccd::kDefaultLinkBase);
    // Engine plugins (docs/engines.md) every interactive run loads at its start, beside the
    // ones --engine names: each a shared library's path, as written in the settings file.
    std::vector<std::string> engines = {};
};

inline constexpr std::size_t kMaxRecentFiles = 10;

// A window's or a screen's size in pixels.
struct PixelSize {
    int width = 0, height = 0;
    friend bool operator==(PixelSize, PixelSize) = default;
};

// The window size to open with: `wanted` (the settings' or the default) shrunk, never grown,
// to fit a screen work area of `area` with the window's `frame` (borders and title bar) around
// it. An unknown area (0 x 0) changes nothing.
PixelSize window_size_within(PixelSize wanted, PixelSize area, PixelSize frame);

// `path` (made absolute) moved to the front of `recent`, at most kMaxRecentFiles kept.
void remember_recent_file(std::vector<std::filesystem::path>& recent,
                          const std::filesystem::path& path);

// The folder the settings live in; empty when neither XDG_CONFIG_HOME nor HOME is set.
std::filesystem::path settings_folder();

Settings load_settings(const std::filesystem::path& folder);
// Best effort: a settings file that cannot be written is not worth failing over.
void save_settings(const std::filesystem::path& folder, const Settings& settings);

} // namespace ccdlab
