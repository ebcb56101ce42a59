#pragma once
// Strict loading of scene files: anything unexpected is an error that names the file and the
// place (line:column for malformed JSON, a JSON pointer for a wrong value), and nothing is
// returned half-loaded.

#include "ccd/scene.hpp"

#include <filesystem>
#include <stdexcept>
#include <string_view>

namespace ccd {

// what() is one line: "<source>:<line>:<column>: <problem>" or "<source>: <pointer>: <problem>".
class SceneError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// `source_name` only labels error messages.
Scene parse_scene(std::string_view json_text, std::string_view source_name);

Scene load_scene_file(const std::filesystem::path& path);

} // namespace ccd
