#pragma once
// A scene as a link: its canonical JSON (scene_to_json), compressed with raw DEFLATE, behind a
// version byte, base64url-encoded after "#scene=" (docs/links.md gives the exact encoding).

#include "ccd/scene.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace ccd {

// The first byte of a link's data: the encoding's version.
inline constexpr std::uint8_t kSceneLinkVersion = 1;
// What the fragment of a link starts with.
inline constexpr std::string_view kSceneLinkMarker = "#scene=";
// The base URL a link is made against unless the settings say otherwise.
inline constexpr std::string_view kDefaultLinkBase = "index.html";
// The most a link's data may decompress to: a larger scene is refused before it is read (a
// small link cannot make the reader allocate gigabytes).
inline constexpr std::size_t kMaxSceneLinkJsonBytes = 16u << 20;

// `base_url` + "#scene=" + the scene's data. Throws SceneError for a scene that would not save
// (scene_to_json's errors).
std::string scene_link(const Scene& scene, std::string_view base_url = kDefaultLinkBase);

// The scene a link holds. `link` is a whole URL, or its fragment ("#scene=..." or
// "scene=..."). Throws SceneError, one line starting "link: ", naming the place (the character
// of `link`, or the byte of the compressed data) and the reason for a link that does not
// decode; the loader's located error, with "link" as the source, for one that decodes to text
// that is not a valid scene.
Scene scene_from_link(std::string_view link);

// The canonical JSON a link holds, not yet loaded (the same errors as scene_from_link for a
// link that does not decode).
std::string scene_json_from_link(std::string_view link);

} // namespace ccd
