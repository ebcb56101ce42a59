#pragma once
// Document: the scene file being edited, if any, and whether the edit differs from what was last
// loaded or saved. Two scenes count as the same when their canonical text (ccd::scene_to_json)
// is: undoing back to the saved state makes the document clean again.

#include "ccd/scene.hpp"

#include <filesystem>
#include <string>

namespace ccdlab {

class Document {
public:
    Document() = default; // untitled, nothing saved
    // `path` empty: an untitled scene. `saved` is what the file holds.
    Document(std::filesystem::path path, const ccd::Scene& saved);

    const std::filesystem::path& path() const { return path_; }
    bool untitled() const { return path_.empty(); }
    // The file's name, or "untitled".
    std::string name() const;
    bool dirty() const { return dirty_; }

    // Compares the scene as edited now with the saved one; returns its canonical text (empty
    // when it cannot be written).
    std::string update(const ccd::Scene& current);
    // `scene` now is what `path` holds (after a save, a save as or an open).
    void mark_saved(std::filesystem::path path, const ccd::Scene& scene);

private:
    std::filesystem::path path_;
    std::string saved_text_;
    bool dirty_ = false;
};

// The canonical text of a scene, or an empty string for a scene that would not save.
std::string canonical_text(const ccd::Scene& scene);

} // namespace ccdlab
