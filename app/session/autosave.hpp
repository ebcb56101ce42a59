#pragma once
// The autosave: the scene being edited, written every few seconds while it has unsaved changes
// to autosave.json in the settings folder ($XDG_CONFIG_HOME/ccdlab; autosave-k.json for a
// second, third, ... instance running at once: autosave_slot.hpp), with the file it came from.
// Removed after a save or a discard; one found at start means a run did not end cleanly, and is
// offered for recovery. --screenshot runs never read or write it.

#include "ccd/scene.hpp"

#include <filesystem>
#include <optional>

namespace ccdlab {

struct Autosave {
    ccd::Scene scene;
    std::filesystem::path origin; // the scene file it was edited from; empty: untitled
};

// `folder`/autosave.json for slot 0, `folder`/autosave-k.json for slot k (autosave_slot.hpp);
// empty when `folder` is.
std::filesystem::path autosave_path(const std::filesystem::path& folder, int slot = 0);

// Writes atomically (a crash leaves the previous autosave or this one). Throws
// std::runtime_error or ccd::SceneError when it cannot.
void write_autosave(const std::filesystem::path& file, const Autosave& autosave);

// The autosave in `file`, or nothing when there is none or it does not load.
std::optional<Autosave> read_autosave(const std::filesystem::path& file);

// Best effort.
void remove_autosave(const std::filesystem::path& file);

} // namespace ccdlab
