#include "ccd/printable_excerpt.hpp"

namespace ccd {

std::string printable_excerpt(std::string_view text, std::size_t limit) {
    constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    const std::string_view shown = text.substr(0, limit);
    for (const char ch : shown) {
        const auto byte = static_cast<unsigned char>(ch);
        if (byte == '\\') {
            out += "\\\\";
        } else if (byte >= 0x20 && byte <= 0x7e) {
            out += ch;
        } else {
            out += "\\x";
            out += kHex[byte >> 4];
            out += kHex[byte & 0xf];
        }
    }
    if (shown.size() < text.size()) out += "... (" + std::to_string(text.size()) + " bytes)";
    return out;
}

} // namespace ccd
