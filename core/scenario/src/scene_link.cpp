#include "ccd/scene_link.hpp"

#include "ccd/printable_excerpt.hpp"
#include "ccd/scene_loader.hpp"
#include "ccd/scene_writer.hpp"

#include <zlib.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ccd {
namespace {

constexpr std::string_view kBase64Url =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

[[noreturn]] void fail(const std::string& problem) {
    throw SceneError("link: " + problem);
}

std::string base64url(const std::string& bytes) {
    std::string text;
    text.reserve((bytes.size() + 2) / 3 * 4);
    std::size_t i = 0;
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(bytes[k]); };
    for (; i + 3 <= bytes.size(); i += 3) {
        const unsigned group = byte(i) << 16 | byte(i + 1) << 8 | byte(i + 2);
        for (int shift = 18; shift >= 0; shift -= 6)
            text += kBase64Url[(group >> shift) & 63];
    }
    if (bytes.size() - i == 1) {
        const unsigned group = byte(i) << 16;
        text += kBase64Url[(group >> 18) & 63];
        text += kBase64Url[(group >> 12) & 63];
    } else if (bytes.size() - i == 2) {
        const unsigned group = byte(i) << 16 | byte(i + 1) << 8;
        for (int shift = 18; shift >= 6; shift -= 6)
            text += kBase64Url[(group >> shift) & 63];
    }
    return text;
}

// The bytes of `data`, which starts at character `first` (0-based) of the link.
std::string from_base64url(std::string_view data, std::size_t first) {
    std::size_t length = data.size();
    for (int pad = 0; pad < 2 && length > 0 && data[length - 1] == '='; ++pad)
        --length;
    std::string bytes;
    bytes.reserve(length / 4 * 3 + 2);
    unsigned group = 0;
    int bits = 0;
    for (std::size_t i = 0; i < length; ++i) {
        const std::size_t value = kBase64Url.find(data[i]);
        if (value == std::string_view::npos)
            fail("character " + std::to_string(first + i + 1) + " (\"" +
                 printable_excerpt(data.substr(i, 1)) +
                 "\") is not base64url (A-Z, a-z, 0-9, - and _)");
        group = (group << 6 | static_cast<unsigned>(value)) & 0xffffff;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            bytes += static_cast<char>((group >> bits) & 0xff);
        }
    }
    if (length % 4 == 1)
        fail("the scene data (" + std::to_string(length) +
             " characters) ends in the middle of a byte: the link was cut short");
    return bytes;
}

std::string deflate_raw(const std::string& text) {
    z_stream stream{};
    if (deflateInit2(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY) != Z_OK)
        fail("zlib cannot start compressing");
    std::string out(deflateBound(&stream, static_cast<uLong>(text.size())), '\0');
    stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
    stream.avail_in = static_cast<uInt>(text.size());
    stream.next_out = reinterpret_cast<Bytef*>(out.data());
    stream.avail_out = static_cast<uInt>(out.size());
    const int result = deflate(&stream, Z_FINISH);
    out.resize(stream.total_out);
    deflateEnd(&stream);
    if (result != Z_STREAM_END) fail("zlib cannot compress the scene");
    return out;
}

// The text raw DEFLATE data `compressed` holds; its byte 1 is the link data's byte 2 (after the
// version byte), so its byte k, the last one zlib read, is the data's byte k + 1.
std::string inflate_raw(const std::string& compressed) {
    z_stream stream{};
    if (inflateInit2(&stream, -15) != Z_OK) fail("zlib cannot start decompressing");
    stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(compressed.data()));
    stream.avail_in = static_cast<uInt>(compressed.size());
    std::string text;
    std::array<char, 16384> chunk{};
    int result = Z_OK;
    std::string problem;
    while (problem.empty()) {
        stream.next_out = reinterpret_cast<Bytef*>(chunk.data());
        stream.avail_out = static_cast<uInt>(chunk.size());
        result = inflate(&stream, Z_NO_FLUSH);
        text.append(chunk.data(), chunk.size() - stream.avail_out);
        if (text.size() > kMaxSceneLinkJsonBytes) {
            problem = "the scene data decompresses to more than " +
                      std::to_string(kMaxSceneLinkJsonBytes) + " bytes (the limit)";
        } else if (result == Z_STREAM_END) {
            if (stream.avail_in != 0)
                problem = std::to_string(stream.avail_in) +
                          " bytes after the end of the compressed scene (from byte " +
                          std::to_string(stream.total_in + 2) + " of the data)";
            break;
        } else if (result == Z_DATA_ERROR) {
            problem = "the compressed scene is not valid DEFLATE data at byte " +
                      std::to_string(stream.total_in + 1) + " of the data (" +
                      (stream.msg ? stream.msg : "zlib gives no reason") + ")";
        } else if (result == Z_MEM_ERROR) {
            problem = "out of memory decompressing the scene";
        } else if (result == Z_BUF_ERROR ||
                   (result == Z_OK && stream.avail_in == 0 && stream.avail_out != 0)) {
            problem = "the compressed scene ends early, after " +
                      std::to_string(compressed.size()) + " bytes (the link was cut short)";
        } else if (result != Z_OK) {
            problem = "zlib error " + std::to_string(result) + " decompressing the scene";
        }
    }
    inflateEnd(&stream);
    if (!problem.empty()) fail(problem);
    return text;
}

// zlib's CRC-32 (IEEE 802.3, as Python's zlib.crc32) of `bytes`.
std::uint32_t crc_of(std::string_view bytes) {
    return static_cast<std::uint32_t>(
        crc32(0L, reinterpret_cast<const Bytef*>(bytes.data()), static_cast<uInt>(bytes.size())));
}

std::string big_endian(std::uint32_t value) {
    std::string bytes(4, '\0');
    for (int k = 0; k < 4; ++k)
        bytes[static_cast<std::size_t>(k)] = static_cast<char>((value >> (24 - 8 * k)) & 0xff);
    return bytes;
}

// The data's checksum's difference from what its bytes give, when stream bit `bit` (the data's
// bits in order, each byte's highest first, as base64 reads them) of `bytes` flips: CRC-32 is
// linear, so a change's difference is the XOR of its bits' (`flips[bit]`, one a bit, the
// checksum's own 32 bits last). The CRC's register takes a byte into its low 8 bits and shifts
// right 8 times; a bit of byte q reaches the end through m - q such bytes (m bytes checked).
std::vector<std::uint32_t> bit_flips(std::size_t checked) {
    std::vector<std::uint32_t> flips((checked + 4) * 8, 0);
    std::array<std::uint32_t, 8> column{}; // T^k of each bit of a byte, k = m - q
    for (int b = 0; b < 8; ++b)
        column[static_cast<std::size_t>(b)] = 1u << b;
    for (std::size_t q = checked; q-- > 0;) {
        for (std::uint32_t& c : column)
            for (int step = 0; step < 8; ++step)
                c = (c >> 1) ^ ((c & 1u) ? 0xEDB88320u : 0u);
        for (int b = 0; b < 8; ++b) // stream bit 8q + (7 - b) is the byte's bit b
            flips[8 * q + static_cast<std::size_t>(7 - b)] = column[static_cast<std::size_t>(b)];
    }
    for (std::size_t r = 0; r < 4; ++r) // the checksum's own bytes, big-endian
        for (int b = 0; b < 8; ++b)
            flips[8 * (checked + r) + static_cast<std::size_t>(7 - b)] =
                1u << (8 * (3 - r) + static_cast<std::size_t>(b));
    return flips;
}

// The one character of `data` (base64url, its first at character `first` of the link) whose
// change gives `syndrome` (the checked CRC XOR the stored one) over `bytes` (decoded: the
// version byte and the compressed scene, then the 4-byte checksum), and what it was; none when
// no single character or more than one does (a longer link is not searched).
std::optional<std::pair<std::size_t, char>>
changed_character(std::string_view data, std::size_t bytes, std::uint32_t syndrome) {
    if (bytes > kMaxLocatedLinkBytes) return std::nullopt;
    const std::vector<std::uint32_t> flips = bit_flips(bytes - 4);
    std::optional<std::pair<std::size_t, char>> found;
    for (std::size_t i = 0; i < data.size() && 6 * i < 8 * bytes; ++i) {
        std::array<std::uint32_t, 6> bit{}; // the character's 6 bits, highest first
        for (std::size_t k = 0; k < 6; ++k)
            bit[k] = 6 * i + k < flips.size() ? flips[6 * i + k] : 0u;
        // The bits past the data's end (the last character's padding) are not read: a change
        // there changes nothing, and the character's padding is 0 as written.
        unsigned padding = 0;
        for (std::size_t k = 0; k < 6; ++k)
            if (6 * i + k >= 8 * bytes) padding |= 1u << (5 - k);
        for (unsigned change = 1; change < 64; ++change) {
            if (change & padding) continue;
            std::uint32_t sum = 0;
            for (std::size_t k = 0; k < 6; ++k)
                if (change >> (5 - k) & 1u) sum ^= bit[k];
            if (sum != syndrome) continue;
            if (found) return std::nullopt; // two candidates: no place to name
            const auto value = static_cast<unsigned>(kBase64Url.find(data[i]));
            found = std::pair<std::size_t, char>{i, kBase64Url[(value ^ change) & 63 & ~padding]};
        }
    }
    return found;
}

// Throws the located error of a version-2 link whose checksum does not match.
[[noreturn]] void fail_checksum(std::string_view data, std::size_t first, const std::string& bytes,
                                std::uint32_t syndrome) {
    if (const auto changed = changed_character(data, bytes.size(), syndrome))
        fail("character " + std::to_string(first + changed->first + 1) + " (\"" +
             std::string(1, data[changed->first]) +
             "\") does not match the link's checksum: it was changed, and the checksum says it "
             "was \"" +
             std::string(1, changed->second) + "\" (mend it, or copy the link again)");
    fail(
        "the scene data (characters " + std::to_string(first + 1) + " to " +
        std::to_string(first + data.size()) +
        ") does not match the link's checksum: the link was changed, cut short or damaged (copy it "
        "again)");
}

bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

} // namespace

std::string scene_link(const Scene& scene, std::string_view base_url) {
    std::string data(1, static_cast<char>(kSceneLinkVersion));
    data += deflate_raw(scene_to_json(scene));
    data += big_endian(crc_of(data));
    return std::string(base_url) + std::string(kSceneLinkMarker) + base64url(data);
}

std::string scene_json_from_link(std::string_view link) {
    return decode_scene_link(link).json;
}

DecodedSceneLink decode_scene_link(std::string_view link) {
    std::size_t begin = 0, end = link.size();
    while (begin < end && is_space(link[begin]))
        ++begin;
    while (end > begin && is_space(link[end - 1]))
        --end;
    const std::string_view trimmed = link.substr(begin, end - begin);
    std::size_t first = 0;
    if (const std::size_t marker = trimmed.find(kSceneLinkMarker); marker != std::string_view::npos)
        first = begin + marker + kSceneLinkMarker.size();
    else if (trimmed.starts_with(kSceneLinkMarker.substr(1)))
        first = begin + kSceneLinkMarker.size() - 1;
    else
        fail("no \"#scene=\" in \"" + printable_excerpt(trimmed) +
             "\" (a scene link ends with #scene= and the scene's data)");
    if (first == end) fail("no scene data after \"#scene=\"");
    const std::string bytes = from_base64url(link.substr(first, end - first), first);
    if (bytes.empty()) fail("no scene data after \"#scene=\"");
    const auto version = static_cast<unsigned char>(bytes[0]);
    if (version != kSceneLinkVersion && version != kSceneLinkVersionWithoutChecksum)
        fail("version byte " + std::to_string(version) + " (characters " +
             std::to_string(first + 1) + " and " + std::to_string(first + 2) + "): " +
             (version > kSceneLinkVersion ? "a newer encoding; update ccdlab"
                                          : "not a ccdlab scene link") +
             " (this ccdlab reads versions 1 and " + std::to_string(kSceneLinkVersion) + ")");
    if (version == kSceneLinkVersionWithoutChecksum) {
        if (bytes.size() == 1) fail("no compressed scene after the version byte");
        return {inflate_raw(bytes.substr(1)), 1, std::string(kSceneLinkWithoutChecksumNote)};
    }
    if (bytes.size() < 6)
        fail("the scene data (" + std::to_string(bytes.size()) +
             " bytes) is shorter than a version byte, a compressed scene and a 4-byte checksum: "
             "the link was cut short");
    const std::string_view data = link.substr(first, end - first);
    std::uint32_t stored = 0;
    for (std::size_t k = bytes.size() - 4; k < bytes.size(); ++k)
        stored = stored << 8 | static_cast<unsigned char>(bytes[k]);
    if (const std::uint32_t syndrome =
            crc_of(std::string_view(bytes).substr(0, bytes.size() - 4)) ^ stored)
        fail_checksum(data, first, bytes, syndrome);
    return {inflate_raw(bytes.substr(1, bytes.size() - 5)), kSceneLinkVersion, ""};
}

Scene scene_from_link(std::string_view link) {
    return parse_scene(scene_json_from_link(link), "link");
}

} // namespace ccd
