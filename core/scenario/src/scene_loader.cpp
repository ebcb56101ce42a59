// The strict scene loader (docs/scene-format.md).
// [SECTION] Parsing: nlohmann's parser, told where it is (duplicate keys, nesting, overflow)
// [SECTION] Reading values: every complaint names the place
// [SECTION] The scene's parts
// [SECTION] Entry points
#include "ccd/scene_loader.hpp"

#include "ccd/algorithms.hpp"

#include <nlohmann/json.hpp>

#include <array>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <string>

namespace ccd {
namespace {

using nlohmann::json;

// RFC 6901: '~' -> "~0", '/' -> "~1".
std::string escape_pointer_token(std::string_view token) {
    std::string escaped;
    for (char ch : token)
        escaped += ch == '~' ? "~0" : ch == '/' ? "~1" : std::string(1, ch);
    return escaped;
}

// Line and column (1-based) of a byte offset.
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

// [SECTION] Parsing: nlohmann's parser, told where it is.

// A character iterator that records how far the parser has read, so a complaint raised while
// parsing (a duplicate key, a number too large) can name its line and column. nlohmann reads
// its input one character at a time, without buffering ahead.
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

// Thrown by the parser callback; turned into a SceneError with the position.
struct DuplicateKey {
    std::string key;
    std::string object_pointer;
    std::size_t consumed; // bytes read when the key was complete (its closing quote)
};
struct TooDeep {
    std::size_t consumed; // bytes read when the array or object was opened
};

// A scene nests 5 levels (/expect/events/0/point/0); a deeper document is refused while it is
// parsed, before anything walks it recursively (printing it for a message would).
constexpr std::size_t kMaxNesting = 64;

// Follows the parser through the document to know the JSON pointer of the current object, and
// refuses a key that appears twice in one object (nlohmann would keep the last silently).
class DuplicateKeyCheck {
public:
    explicit DuplicateKeyCheck(const std::size_t* consumed) : consumed_(consumed) {}

    bool operator()(int /*depth*/, json::parse_event_t event, json& parsed) {
        switch (event) {
        case json::parse_event_t::object_start:
        case json::parse_event_t::array_start:
            if (stack_.size() >= kMaxNesting) throw TooDeep{*consumed_};
            enter_element();
            stack_.push_back(Level{event == json::parse_event_t::array_start, {}, {}, -1});
            break;
        case json::parse_event_t::object_end:
        case json::parse_event_t::array_end:
            if (!stack_.empty()) stack_.pop_back();
            break;
        case json::parse_event_t::value:
            enter_element();
            break;
        case json::parse_event_t::key: {
            Level& level = stack_.back();
            level.key = parsed.get<std::string>();
            if (!level.keys.insert(level.key).second)
                throw DuplicateKey{level.key, pointer_of_parent(), *consumed_};
            break;
        }
        }
        return true;
    }

private:
    struct Level {
        bool is_array;
        std::set<std::string> keys;
        std::string key; // the current member's key (objects)
        long index;      // the current element's index (arrays)
    };

    void enter_element() {
        if (!stack_.empty() && stack_.back().is_array) ++stack_.back().index;
    }
    // The pointer of the object whose key is being read.
    std::string pointer_of_parent() const {
        std::string pointer;
        for (std::size_t i = 0; i + 1 < stack_.size(); ++i)
            pointer += "/" + (stack_[i].is_array ? std::to_string(stack_[i].index)
                                                 : escape_pointer_token(stack_[i].key));
        return pointer.empty() ? "/" : pointer;
    }

    const std::size_t* consumed_;
    std::vector<Level> stack_;
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

json parse_json(std::string_view text, std::string_view source) {
    std::size_t consumed = 0;
    const CountingIterator first(text.data(), &consumed, text.data());
    const CountingIterator last(text.data() + text.size(), &consumed, text.data());
    try {
        return json::parse(first, last, DuplicateKeyCheck(&consumed), true, false);
    } catch (const json::parse_error& e) {
        // e.byte is 1-based and points just past the offending character.
        const std::size_t offset = e.byte > 0 ? e.byte - 1 : 0;
        std::string what = e.what();
        const auto start = what.find("syntax error");
        if (start != std::string::npos) what = what.substr(start);
        throw SceneError(std::string(source) + ":" + line_and_column(text, offset) +
                         ": malformed JSON: " + what);
    } catch (const json::out_of_range& e) {
        // A number beyond the range of a double ("1e999"). nlohmann gives no position; the
        // parser has just read the number (and at most one character after it).
        std::string what = e.what();
        const auto start = what.find("number overflow parsing '");
        if (start == std::string::npos) throw SceneError(std::string(source) + ": " + what);
        what = what.substr(start);
        const std::size_t quote = what.find('\'');
        const std::string number = what.substr(quote + 1, what.size() - quote - 2);
        const std::size_t at = text.rfind(number, consumed);
        throw SceneError(std::string(source) + ":" +
                         line_and_column(text, at == std::string_view::npos ? consumed : at) +
                         ": " + what + " (beyond the largest double)");
    } catch (const TooDeep& e) {
        throw SceneError(std::string(source) + ":" +
                         line_and_column(text, e.consumed > 0 ? e.consumed - 1 : 0) +
                         ": nested more than " + std::to_string(kMaxNesting) +
                         " arrays or objects deep (a scene needs 5)");
    } catch (const DuplicateKey& e) {
        const std::size_t closing = e.consumed > 0 ? e.consumed - 1 : 0;
        throw SceneError(std::string(source) + ":" +
                         line_and_column(text, opening_quote(text, closing)) +
                         ": duplicate key \"" + e.key + "\" in " + e.object_pointer +
                         " (a key may appear once per object)");
    }
}

// [SECTION] Reading values: every complaint names the place.

// Reads one JSON value, remembering where it is so every complaint can say so.
class Reader {
public:
    Reader(const json& value, std::string pointer, std::string_view source)
        : value_(value), pointer_(std::move(pointer)), source_(source) {}

    [[noreturn]] void fail(const std::string& problem) const {
        throw SceneError(std::string(source_) + ": " + pointer() + ": " + problem);
    }

    const json& value() const { return value_; }
    std::string pointer() const { return pointer_.empty() ? "/" : pointer_; }

    Reader member(const std::string& key) const {
        const auto it = value_.find(key);
        if (it == value_.end()) fail("missing required field \"" + key + "\"");
        return child(*it, key);
    }
    bool has(const std::string& key) const { return value_.contains(key); }

    void expect_is_object() const {
        if (!value_.is_object()) fail("expected an object, got " + describe());
    }
    void expect_object(std::initializer_list<std::string_view> allowed) const {
        expect_is_object();
        for (const auto& item : value_.items()) {
            bool known = false;
            for (std::string_view key : allowed)
                known = known || key == item.key();
            if (!known) {
                std::string list;
                for (std::string_view key : allowed)
                    list += (list.empty() ? "" : ", ") + std::string(key);
                child(item.value(), item.key())
                    .fail("unknown field \"" + item.key() + "\" (expected one of: " + list + ")");
            }
        }
    }

    std::vector<Reader> elements() const {
        if (!value_.is_array()) fail("expected an array, got " + describe());
        std::vector<Reader> out;
        for (std::size_t i = 0; i < value_.size(); ++i)
            out.push_back(child(value_[i], std::to_string(i)));
        return out;
    }

    double number() const {
        if (!value_.is_number()) fail("expected a number, got " + describe());
        const double x = value_.get<double>();
        if (!std::isfinite(x)) fail("expected a finite number");
        return x;
    }
    double non_negative_number() const {
        const double x = number();
        if (x < 0.0) fail("must be >= 0, got " + value_.dump());
        return x;
    }
    double positive_number() const {
        const double x = number();
        if (!(x > 0.0)) fail("must be > 0, got " + value_.dump());
        return x;
    }
    double number_from_0_to_1() const {
        const double x = number();
        if (x < 0.0 || x > 1.0) fail("must be from 0 to 1, got " + value_.dump());
        return x;
    }
    // An integer that fits an int ("1", not "1.0").
    int integer() const {
        if (!value_.is_number_integer()) fail("expected an integer, got " + describe());
        constexpr std::int64_t lo = std::numeric_limits<int>::min();
        constexpr std::int64_t hi = std::numeric_limits<int>::max();
        const bool fits =
            value_.is_number_unsigned()
                ? value_.get<std::uint64_t>() <= std::uint64_t{hi}
                : value_.get<std::int64_t>() >= lo && value_.get<std::int64_t>() <= hi;
        if (!fits) fail("integer out of range, got " + value_.dump());
        return static_cast<int>(value_.get<std::int64_t>());
    }
    std::string string() const {
        if (!value_.is_string()) fail("expected a string, got " + describe());
        return value_.get<std::string>();
    }
    Vec2 vec2() const {
        if (!value_.is_array() || value_.size() != 2)
            fail("expected a point or vector [x, y], got " + describe());
        return {child(value_[0], "0").number(), child(value_[1], "1").number()};
    }

private:
    Reader child(const json& v, const std::string& token) const {
        return Reader(v, pointer_ + "/" + escape_pointer_token(token), source_);
    }
    std::string describe() const {
        const std::string text = value_.dump();
        const std::string shown = text.size() > 40 ? text.substr(0, 37) + "..." : text;
        return std::string(value_.type_name()) + " " + shown;
    }

    const json& value_;
    std::string pointer_;
    std::string_view source_;
};

// [SECTION] The scene's parts.

// Every participant's name, unique across bodies, segments and polygons.
class Names {
public:
    enum class Kind { Body, Segment, Polygon };

    std::string read(const Reader& r, Kind kind) {
        const Reader field = r.member("name");
        std::string name = field.string();
        if (name.empty()) field.fail("a name must not be empty");
        const auto [it, inserted] = names_.emplace(name, Entry{kind, field.pointer()});
        if (!inserted)
            field.fail("duplicate name \"" + name + "\" (already used by " + it->second.pointer +
                       "; names are unique across bodies, segments and polygons)");
        return name;
    }
    const Kind* find(const std::string& name) const {
        const auto it = names_.find(name);
        return it == names_.end() ? nullptr : &it->second.kind;
    }

private:
    struct Entry {
        Kind kind;
        std::string pointer;
    };
    std::map<std::string, Entry> names_;
};

ResponseKind read_response(const Reader& field) {
    const std::string response = field.string();
    if (response == "bounce") return ResponseKind::Bounce;
    if (response == "slide") return ResponseKind::Slide;
    if (response == "stop") return ResponseKind::Stop;
    if (response == "destroy") return ResponseKind::Destroy;
    if (response == "sensor") return ResponseKind::Sensor;
    field.fail("unknown response \"" + response +
               "\" (expected bounce, slide, stop, destroy or sensor)");
}

Body read_body(const Reader& r, Names& names) {
    r.expect_is_object();
    Body body;
    body.name = names.read(r, Names::Kind::Body);
    const std::string shape = r.member("shape").string();
    if (shape == "circle") {
        r.expect_object(
            {"name", "shape", "position", "velocity", "radius", "response", "restitution"});
        body.shape = BodyShape::Circle;
        body.circle.radius = r.member("radius").non_negative_number();
    } else if (shape == "point") {
        r.expect_object({"name", "shape", "position", "velocity", "response", "restitution"});
        body.shape = BodyShape::Point;
    } else {
        r.member("shape").fail("unknown shape \"" + shape + "\" (expected circle or point)");
    }
    body.circle.center = r.member("position").vec2();
    body.velocity = r.member("velocity").vec2();
    if (r.has("response")) body.response = read_response(r.member("response"));
    if (r.has("restitution")) body.restitution = r.member("restitution").number_from_0_to_1();
    return body;
}

Wall read_wall(const Reader& r, Names& names) {
    r.expect_object({"name", "a", "b", "da", "db"});
    Wall wall;
    wall.name = names.read(r, Names::Kind::Segment);
    wall.segment = Segment{r.member("a").vec2(), r.member("b").vec2()};
    if (r.has("da")) wall.displacement_a = r.member("da").vec2();
    if (r.has("db")) wall.displacement_b = r.member("db").vec2();
    return wall;
}

PolygonBody read_polygon(const Reader& r, Names& names) {
    r.expect_object({"name", "vertices", "velocity", "response", "restitution"});
    PolygonBody polygon;
    polygon.name = names.read(r, Names::Kind::Polygon);
    const Reader vertices = r.member("vertices");
    for (const Reader& vertex : vertices.elements())
        polygon.polygon.vertices.push_back(vertex.vec2());
    if (polygon.polygon.vertices.size() < 3)
        vertices.fail("a polygon needs at least 3 vertices, got " +
                      std::to_string(polygon.polygon.vertices.size()));
    polygon.velocity = r.member("velocity").vec2();
    if (r.has("response")) polygon.response = read_response(r.member("response"));
    if (r.has("restitution")) polygon.restitution = r.member("restitution").number_from_0_to_1();
    return polygon;
}

View read_view(const Reader& r) {
    r.expect_object({"center", "height"});
    return View{r.member("center").vec2(), r.member("height").positive_number()};
}

std::string read_algorithm(const Reader& field) {
    std::string name = field.string();
    if (find_algorithm(name)) return name;
    std::string list;
    for (const Algorithm& algorithm : algorithms())
        list += (list.empty() ? "" : ", ") + std::string(algorithm.name);
    field.fail("unknown algorithm \"" + name + "\" (expected one of: " + list + ")");
}

// The spellings of ccd::to_string(Feature).
constexpr std::array kFeatures = {
    Feature::SegmentInterior, Feature::EndpointA,   Feature::EndpointB,    Feature::Point,
    Feature::Circle,          Feature::PolygonEdge, Feature::PolygonVertex};

Feature read_feature(const Reader& field) {
    const std::string text = field.string();
    std::string list;
    for (Feature feature : kFeatures) {
        if (to_string(feature) == text) return feature;
        list += (list.empty() ? "" : ", ") + std::string(to_string(feature));
    }
    field.fail("unknown feature \"" + text + "\" (expected one of: " + list + ")");
}

ExpectedEvent read_expected_event(const Reader& r, const Names& names, int frames) {
    r.expect_object({"frame", "time", "a", "b", "feature", "point", "normal"});
    ExpectedEvent event;
    if (r.has("frame")) {
        const Reader field = r.member("frame");
        event.frame = field.integer();
        if (event.frame < 0 || event.frame >= frames)
            field.fail("must be from 0 to frames - 1 = " + std::to_string(frames - 1) + ", got " +
                       std::to_string(event.frame));
    }
    event.time = r.member("time").number_from_0_to_1();
    const Reader a = r.member("a");
    event.a = a.string();
    const Names::Kind* a_kind = names.find(event.a);
    if (!a_kind || *a_kind == Names::Kind::Segment) // a polygon is a body of the World too
        a.fail("\"" + event.a + "\" is not the name of a body or polygon in this scene");
    const Reader b = r.member("b");
    event.b = b.string();
    if (!names.find(event.b))
        b.fail("\"" + event.b + "\" is not the name of a body, segment or polygon in this scene");
    if (event.b == event.a) b.fail("a body does not collide with itself");
    event.feature = read_feature(r.member("feature"));
    event.point = r.member("point").vec2();
    event.normal = r.member("normal").vec2();
    return event;
}

Expectation read_expectation(const Reader& r, const Names& names) {
    r.expect_object({"frames", "tolerance", "events"});
    Expectation expect;
    if (r.has("frames")) {
        const Reader field = r.member("frames");
        expect.frames = field.integer();
        if (expect.frames < 1) field.fail("must be >= 1, got " + std::to_string(expect.frames));
    }
    if (r.has("tolerance")) {
        const Reader tolerance = r.member("tolerance");
        tolerance.expect_object({"time", "distance"});
        if (tolerance.has("time"))
            expect.tolerance.time = tolerance.member("time").non_negative_number();
        if (tolerance.has("distance"))
            expect.tolerance.distance = tolerance.member("distance").non_negative_number();
    }
    for (const Reader& event : r.member("events").elements())
        expect.events.push_back(read_expected_event(event, names, expect.frames));
    return expect;
}

} // namespace

// [SECTION] Entry points.

Scene parse_scene(std::string_view json_text, std::string_view source_name) {
    const json document = parse_json(json_text, source_name);

    const Reader root(document, "", source_name);
    root.expect_object({"format", "version", "title", "description", "algorithm", "view", "bodies",
                        "segments", "polygons", "expect"});
    if (root.member("format").string() != "ccdlab-scene")
        root.member("format").fail("expected \"ccdlab-scene\"");
    const int version = root.member("version").integer();
    if (version > kSceneFormatVersion)
        root.member("version").fail("version " + std::to_string(version) +
                                    " is newer than this ccdlab reads (" +
                                    std::to_string(kSceneFormatVersion) + "); update ccdlab");
    if (version < 1) root.member("version").fail("expected version 1");

    Scene scene;
    Names names;
    if (root.has("title")) scene.title = root.member("title").string();
    if (root.has("description")) scene.description = root.member("description").string();
    if (root.has("algorithm")) scene.algorithm = read_algorithm(root.member("algorithm"));
    if (root.has("view")) scene.view = read_view(root.member("view"));
    if (root.has("bodies"))
        for (const Reader& r : root.member("bodies").elements())
            scene.bodies.push_back(read_body(r, names));
    if (root.has("segments"))
        for (const Reader& r : root.member("segments").elements())
            scene.walls.push_back(read_wall(r, names));
    if (root.has("polygons"))
        for (const Reader& r : root.member("polygons").elements())
            scene.polygons.push_back(read_polygon(r, names));
    // Last: its events name the participants above.
    if (root.has("expect")) scene.expect = read_expectation(root.member("expect"), names);
    return scene;
}

Scene load_scene_file(const std::filesystem::path& path) {
    if (std::filesystem::is_directory(path))
        throw SceneError(path.string() + ": is a directory, not a scene file");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw SceneError(path.string() + ": cannot open the file (does it exist?)");
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) throw SceneError(path.string() + ": cannot read the file");
    return parse_scene(text.str(), path.string());
}

} // namespace ccd
