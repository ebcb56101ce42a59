#include "autosave.hpp"

#include "ccd/atomic_write.hpp"
#include "ccd/scene_loader.hpp"
#include "ccd/scene_writer.hpp"

#include <nlohmann/json.hpp>

#include <fstream>
#include <stdexcept>
#include <string>

namespace ccdlab {

std::filesystem::path autosave_path(const std::filesystem::path& folder, int slot) {
    if (folder.empty()) return {};
    return folder / (slot == 0 ? std::string("autosave.json")
                               : "autosave-" + std::to_string(slot) + ".json");
}

void write_autosave(const std::filesystem::path& file, const Autosave& autosave) {
    const nlohmann::json json = {
        {"format", "ccdlab-autosave"},
        {"origin", autosave.origin.string()},
        {"scene", nlohmann::json::parse(ccd::scene_to_json(autosave.scene))}};
    std::error_code ignored;
    std::filesystem::create_directories(file.parent_path(), ignored);
    try {
        ccd::write_file_atomically(file, json.dump(2) + "\n");
    } catch (const ccd::FileWriteError& e) {
        throw std::runtime_error(file.string() + ": " + e.what());
    }
}

std::optional<Autosave> read_autosave(const std::filesystem::path& file) {
    if (file.empty()) return std::nullopt;
    std::ifstream in(file);
    if (!in) return std::nullopt;
    try {
        const nlohmann::json json = nlohmann::json::parse(in);
        if (json.value("format", "") != "ccdlab-autosave" || !json.contains("scene"))
            return std::nullopt;
        Autosave autosave;
        autosave.origin = json.value("origin", "");
        autosave.scene = ccd::parse_scene(json["scene"].dump(), file.string());
        return autosave;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

void remove_autosave(const std::filesystem::path& file) {
    if (file.empty()) return;
    std::error_code ignored;
    std::filesystem::remove(file, ignored);
}

} // namespace ccdlab
