#include "ccd/scene_link.hpp"

#include "ccd/printable_excerpt.hpp"
#include "ccd/scene_loader.hpp"
#include "ccd/scene_writer.hpp"

#include <zlib.h>

#include <array>
#include <string>
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

bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

} // namespace

std::string scene_link(const Scene& scene, std::string_view base_url) {
    std::string data(1, static_cast<char>(kSceneLinkVersion));
    data += deflate_raw(scene_to_json(scene));
    return std::string(base_url) + std::string(kSceneLinkMarker) + base64url(data);
}

std::string scene_json_from_link(std::string_view link) {
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
    if (version != kSceneLinkVersion)
        fail("version byte " + std::to_string(version) + " (characters " +
             std::to_string(first + 1) + " and " + std::to_string(first + 2) + "): " +
             (version > kSceneLinkVersion ? "a newer encoding; update ccdlab"
                                          : "not a ccdlab scene link") +
             " (this ccdlab reads version " + std::to_string(kSceneLinkVersion) + ")");
    if (bytes.size() == 1) fail("no compressed scene after the version byte");
    return inflate_raw(bytes.substr(1));
}

Scene scene_from_link(std::string_view link) {
    return parse_scene(scene_json_from_link(link), "link");
}

} // namespace ccd
