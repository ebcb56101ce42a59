#include "ccd/strict_json.hpp"

#include "ccd/printable_excerpt.hpp"

#include <iterator>
#include <vector>

namespace ccd {
namespace {

using nlohmann::json;

// A character iterator that records how far the parser has read, so a complaint raised while
// parsing (a duplicate key, a number too large) can say where. nlohmann reads its input one
// character at a time, without buffering ahead.
class CountingIterator {
public:
    using iterator_category = std::input_iterator_tag;
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using pointer = const char*;
    using reference = const char&;

    CountingIterator(const char* at, std::size_t* consumed, const char* begin)
        : at_(at), begin_(begin), consumed_(consumed) {}
    reference operator*() const { return *at_; }
    CountingIterator& operator++() {
        ++at_;
        *consumed_ = static_cast<std::size_t>(at_ - begin_);
        return *this;
    }
    CountingIterator operator++(int) {
        CountingIterator before = *this;
        ++*this;
        return before;
    }
    friend bool operator==(const CountingIterator& l, const CountingIterator& r) {
        return l.at_ == r.at_;
    }

private:
    const char* at_;
    const char* begin_;
    std::size_t* consumed_;
};

// RFC 6901: '~' -> "~0", '/' -> "~1".
std::string escape_pointer_token(std::string_view token) {
    std::string escaped;
    for (char ch : token)
        escaped += ch == '~' ? "~0" : ch == '/' ? "~1" : std::string(1, ch);
    return escaped;
}

// What went wrong, as the SAX handler saw it.
struct Complaint {
    JsonTextError::Kind kind = JsonTextError::Kind::Syntax;
    std::size_t consumed = 0; // bytes read when it was seen
    std::string text;         // DuplicateKey: the key; Syntax, NumberOverflow: nlohmann's message
    std::string object_pointer;
};

// Builds the document as nlohmann's own DOM parser does, and refuses a key that appears twice
// in one object (nlohmann would keep the last silently) and nesting deeper than
// kMaxJsonNesting, before anything walks the document recursively. (nlohmann's parser with a
// callback could check too, but it scans the enclosing array after every object it closes: an
// array of n objects took time in n squared.)
class StrictDomBuilder {
public:
    using number_integer_t = json::number_integer_t;
    using number_unsigned_t = json::number_unsigned_t;
    using number_float_t = json::number_float_t;
    using string_t = json::string_t;
    using binary_t = json::binary_t;

    explicit StrictDomBuilder(const std::size_t* consumed) : consumed_(consumed) {}

    json& root() { return root_; }
    const Complaint& complaint() const { return complaint_; }

    bool null() { return add(nullptr); }
    bool boolean(bool value) { return add(value); }
    bool number_integer(number_integer_t value) { return add(value); }
    bool number_unsigned(number_unsigned_t value) { return add(value); }
    bool number_float(number_float_t value, const string_t& /*text*/) { return add(value); }
    bool string(string_t& value) { return add(std::move(value)); }
    bool binary(binary_t& value) { return add(json::binary(std::move(value))); }

    bool start_object(std::size_t /*size*/) { return open(json::value_t::object); }
    bool start_array(std::size_t /*size*/) { return open(json::value_t::array); }
    bool end_object() { return close(); }
    bool end_array() { return close(); }

    bool key(string_t& key) {
        json& object = *stack_.back();
        if (object.contains(key)) {
            complaint_ = {JsonTextError::Kind::DuplicateKey, *consumed_, key, pointer_of_parent()};
            return false;
        }
        keys_.back() = key;
        member_ = &object[key];
        return true;
    }

    bool parse_error(std::size_t position, const std::string& /*last_token*/,
                     const nlohmann::detail::exception& error) {
        const bool overflow = error.id == 406; // out_of_range.406: a number beyond a double
        complaint_ = {overflow ? JsonTextError::Kind::NumberOverflow : JsonTextError::Kind::Syntax,
                      overflow ? *consumed_ : position,
                      error.what(),
                      {}};
        return false;
    }

private:
    template <class Value>
    bool add(Value&& value) {
        return place(std::forward<Value>(value)) != nullptr || !long_array();
    }
    bool long_array() {
        if (!too_long_) return false;
        complaint_ = {JsonTextError::Kind::TooLong, *consumed_, {}, {}};
        return true;
    }
    template <class Value>
    json* place(Value&& value) {
        if (stack_.empty()) {
            root_ = json(std::forward<Value>(value));
            return &root_;
        }
        if (stack_.back()->is_array()) {
            if (stack_.back()->size() >= kMaxJsonArrayElements) {
                too_long_ = true;
                return nullptr;
            }
            stack_.back()->emplace_back(std::forward<Value>(value));
            return &stack_.back()->back();
        }
        *member_ = json(std::forward<Value>(value));
        return member_;
    }
    bool open(json::value_t type) {
        if (stack_.size() >= kMaxJsonNesting) {
            complaint_ = {JsonTextError::Kind::TooDeep, *consumed_, {}, {}};
            return false;
        }
        json* opened = place(type);
        if (!opened) return !long_array();
        stack_.push_back(opened);
        keys_.emplace_back();
        return true;
    }
    bool close() {
        stack_.pop_back();
        keys_.pop_back();
        return true;
    }
    // The pointer of the object whose key is being read.
    std::string pointer_of_parent() const {
        std::string pointer;
        for (std::size_t i = 0; i + 1 < stack_.size(); ++i)
            pointer += "/" + (stack_[i]->is_array() ? std::to_string(stack_[i]->size() - 1)
                                                    : escape_pointer_token(keys_[i]));
        return pointer.empty() ? "/" : pointer;
    }

    const std::size_t* consumed_;
    json root_;
    std::vector<json*> stack_;      // the open arrays and objects
    std::vector<std::string> keys_; // each open object's current key
    json* member_ = nullptr;        // where the value of the key just read goes
    bool too_long_ = false;         // an array past kMaxJsonArrayElements
    Complaint complaint_;
};

// Where the string ending with the quote at `closing` starts (its opening quote).
std::size_t opening_quote(std::string_view text, std::size_t closing) {
    for (std::size_t i = closing; i-- > 0;) {
        if (text[i] != '"') continue;
        std::size_t backslashes = 0;
        while (backslashes < i && text[i - 1 - backslashes] == '\\')
            ++backslashes;
        if (backslashes % 2 == 0) return i;
    }
    return 0;
}

// nlohmann's message from `start` on, with the input it quotes ("last read: '...'") cut to a
// short printable excerpt.
std::string bounded_message(const std::string& what, std::string_view start) {
    std::string message = what;
    if (const auto at = message.find(start); at != std::string::npos) message.erase(0, at);
    constexpr std::string_view quote = "last read: '";
    const auto token = message.find(quote);
    if (token == std::string::npos) return printable_excerpt(message, 400);
    // "...; last read: '<input>'" or "...; last read: '<input>'; expected <token name>".
    const std::size_t from = token + quote.size();
    std::size_t to = message.rfind("'; expected ");
    if (to == std::string::npos || to < from) to = message.size() - 1;
    const std::string_view text(message);
    return printable_excerpt(text.substr(0, from), 400) +
           printable_excerpt(text.substr(from, to - from)) +
           printable_excerpt(text.substr(to), 400);
}

} // namespace

std::string line_and_column(std::string_view text, std::size_t offset) {
    std::size_t line = 1, column = 1;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return std::to_string(line) + ":" + std::to_string(column);
}

json parse_strict_json(std::string_view text) {
    using Kind = JsonTextError::Kind;
    // nlohmann takes a NUL for the end of the input and would ignore whatever follows it.
    if (const std::size_t nul = text.find('\0'); nul != std::string_view::npos)
        throw JsonTextError(Kind::NulByte, nul,
                            "a NUL byte (JSON text has none; is this a binary file?)");
    std::size_t consumed = 0;
    const CountingIterator first(text.data(), &consumed, text.data());
    const CountingIterator last(text.data() + text.size(), &consumed, text.data());
    StrictDomBuilder builder(&consumed);
    if (json::sax_parse(first, last, &builder, json::input_format_t::json, true, false))
        return std::move(builder.root());
    const Complaint& complaint = builder.complaint();
    switch (complaint.kind) {
    case Kind::Syntax:
        // The position is 1-based and points just past the offending character.
        throw JsonTextError(Kind::Syntax, complaint.consumed > 0 ? complaint.consumed - 1 : 0,
                            "malformed JSON: " + bounded_message(complaint.text, "syntax error"));
    case Kind::NumberOverflow: {
        // A number beyond the range of a double ("1e999"); the parser has just read it (and at
        // most one character after it).
        constexpr std::string_view overflow = "number overflow parsing '";
        const std::string& what = complaint.text;
        const auto start = what.find(overflow);
        if (start == std::string::npos)
            throw JsonTextError(Kind::Syntax, complaint.consumed, printable_excerpt(what, 400));
        std::string_view number(what);
        number.remove_prefix(start + overflow.size());
        if (number.ends_with('\'')) number.remove_suffix(1);
        const std::size_t at = text.rfind(number, complaint.consumed);
        throw JsonTextError(Kind::NumberOverflow,
                            at == std::string_view::npos ? complaint.consumed : at,
                            "number overflow parsing '" + printable_excerpt(number) +
                                "' (beyond the largest double)");
    }
    case Kind::TooDeep:
        throw JsonTextError(Kind::TooDeep, complaint.consumed > 0 ? complaint.consumed - 1 : 0,
                            "nested more than " + std::to_string(kMaxJsonNesting) +
                                " arrays or objects deep");
    case Kind::DuplicateKey: {
        const std::size_t closing = complaint.consumed > 0 ? complaint.consumed - 1 : 0;
        throw JsonTextError(Kind::DuplicateKey, opening_quote(text, closing),
                            "duplicate key \"" + printable_excerpt(complaint.text) + "\" in " +
                                printable_excerpt(complaint.object_pointer, 200) +
                                " (a key may appear once per object)");
    }
    case Kind::TooLong:
        throw JsonTextError(Kind::TooLong, complaint.consumed > 0 ? complaint.consumed - 1 : 0,
                            "an array of more than " + std::to_string(kMaxJsonArrayElements) +
                                " elements (no list of a scene or a query is that long)");
    case Kind::NulByte:
        break;
    }
    throw JsonTextError(Kind::Syntax, complaint.consumed, "malformed JSON");
}

} // namespace ccd
