#pragma once
// A scene as a link: its canonical JSON (scene_to_json), compressed with raw DEFLATE, behind a
// version byte, base64url-encoded after "#scene=" (docs/links.md gives the exact encoding).

#include "ccd/scene.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace ccd {

// The first byte of a link's data: the encoding's version. Version 2 (what ccdlab writes) ends
// its data with a CRC-32 of the bytes before it, so that a changed character is found and
// named; version 1 (no checksum) is still read, with a note.
inline constexpr std::uint8_t kSceneLinkVersion = 2;
inline constexpr std::uint8_t kSceneLinkVersionWithoutChecksum = 1;
// The note a version-1 link opens with.
inline constexpr std::string_view kSceneLinkWithoutChecksumNote =
    "an old link (version 1, without a checksum): a changed character in it may go unnoticed; "
    "copy the link again from this ccdlab for one with a checksum";
// The longest data (bytes) in which a checksum mismatch is traced to the one character that
// changed (a link of about 22,000 characters); a longer one is refused without a place.
inline constexpr std::size_t kMaxLocatedLinkBytes = 16384;
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

// A link decoded: the text it holds, its version, and a note to show beside the scene (the
// version-1 note; empty for a link with a checksum). A version-2 link whose checksum does not
// match is refused (SceneError): "link: character 57 ("k") does not match the link's checksum:
// it was changed, and the checksum says it was "q" (mend it, or copy the link again)" when one
// character explains it, else the data's characters.
struct DecodedSceneLink {
    std::string json;
    int version = kSceneLinkVersion;
    std::string note;
};
DecodedSceneLink decode_scene_link(std::string_view link);

} // namespace ccd
