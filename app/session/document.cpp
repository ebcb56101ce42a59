#include "document.hpp"

#include "ccd/scene_loader.hpp"
#include "ccd/scene_writer.hpp"

namespace ccdlab {

std::string canonical_text(const ccd::Scene& scene) {
    try {
        return ccd::scene_to_json(scene);
    } catch (const ccd::SceneError&) {
        return {};
    }
}

Document::Document(std::filesystem::path path, const ccd::Scene& saved)
    : path_(std::move(path)), saved_text_(canonical_text(saved)) {}

std::string Document::name() const {
    return path_.empty() ? "untitled" : path_.filename().string();
}

std::string Document::update(const ccd::Scene& current) {
    std::string text = canonical_text(current);
    dirty_ = text.empty() || text != saved_text_;
    return text;
}

void Document::mark_saved(std::filesystem::path path, const ccd::Scene& scene) {
    path_ = std::move(path);
    saved_text_ = canonical_text(scene);
    dirty_ = false;
}

} // namespace ccdlab
