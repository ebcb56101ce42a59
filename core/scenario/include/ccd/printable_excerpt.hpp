#pragma once
// Quoting input in an error message: never more than a bounded prefix of it, and only printable
// ASCII, so that a message stays one short line whatever the input held (a 100 MB number, a
// NUL, bytes that are not UTF-8) and can itself be printed as JSON.

#include <cstddef>
#include <string>
#include <string_view>

namespace ccd {

// How many bytes of an input an error message quotes at most.
inline constexpr std::size_t kMaxQuotedBytes = 40;

// `text` with every byte outside printable ASCII (0x20 to 0x7e) written as \xNN and a
// backslash as \\; when `text` is longer than `limit` bytes, its first `limit` bytes followed by
// "... (N bytes)". "caf\xc3\xa9" for the UTF-8 of "café".
std::string printable_excerpt(std::string_view text, std::size_t limit = kMaxQuotedBytes);

} // namespace ccd
