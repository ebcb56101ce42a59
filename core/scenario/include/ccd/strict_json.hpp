#pragma once
// JSON text read strictly, for scene files and ccdlab-cli's queries alike: what nlohmann's parser
// refuses, plus what it would let through silently (a key twice in one object, whose last
// value it keeps; a NUL byte, where it stops reading), plus nesting deep enough to make
// anything that walks the document recursively overflow the stack. Every complaint says where
// (a byte offset) and quotes at most a short printable excerpt of the input.

#include <nlohmann/json.hpp>

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

namespace ccd {

// Arrays and objects nested deeper than this are refused (a scene nests 5 levels).
inline constexpr std::size_t kMaxJsonNesting = 64;
// Elements of one array, checked while the text is parsed: one more than the longest list of a
// scene or a query (expect.events: 1,000,000), so that the loader still names the list and its
// limit; a longer one is refused before it is built (16 MiB of "{}," in a link's bodies took
// 570 MB before the loader counted them).
inline constexpr std::size_t kMaxJsonArrayElements = 1'000'001;

class JsonTextError : public std::runtime_error {
public:
    enum class Kind { Syntax, NumberOverflow, TooDeep, DuplicateKey, NulByte, TooLong };

    // `problem` is one line of printable ASCII without the position.
    JsonTextError(Kind kind, std::size_t offset, const std::string& problem)
        : std::runtime_error(problem), kind_(kind), offset_(offset) {}

    Kind kind() const { return kind_; }
    // The byte where the problem is, from 0: the offending character, the start of a number
    // too large or of a duplicate key, the bracket opened too deep, the NUL.
    std::size_t offset() const { return offset_; }

private:
    Kind kind_;
    std::size_t offset_;
};

// The one JSON value `text` holds (with nothing but white space around it). Throws
// JsonTextError:
//   Syntax          "malformed JSON: syntax error while parsing ... last read: '...'" (text
//                   that is not JSON, bytes that are not UTF-8 or not ASCII outside a string)
//   NumberOverflow  "number overflow parsing '1e999' (beyond the largest double)"
//   TooDeep         "nested more than 64 arrays or objects deep"
//   DuplicateKey    "duplicate key \"r\" in /bodies/0 (a key may appear once per object)"
//   NulByte         "a NUL byte (JSON text has none; is this a binary file?)"
nlohmann::json parse_strict_json(std::string_view text);

// "line:column" (both from 1) of a byte offset in `text`.
std::string line_and_column(std::string_view text, std::size_t offset);

} // namespace ccd
