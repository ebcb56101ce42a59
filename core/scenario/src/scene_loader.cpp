#include "ccd/scene_loader.hpp"

#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <initializer_list>
#include <sstream>
#include <string>

namespace ccd {
namespace {

using nlohmann::json;

// Reads one JSON value, remembering where it is so every complaint can say so.
class Reader {
public:
    Reader(const json& value, std::string pointer, std::string_view source)
        : value_(value), pointer_(std::move(pointer)), source_(source) {}

    [[noreturn]] void fail(const std::string& problem) const {
        throw SceneError(std::string(source_) + ": " + (pointer_.empty() ? "/" : pointer_) + ": " +
                         problem);
    }

    const json& value() const { return value_; }

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
                Reader(item.value(), pointer_ + "/" + item.key(), source_)
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
    int integer() const {
        if (!value_.is_number_integer()) fail("expected an integer, got " + describe());
        return value_.get<int>();
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
        std::string escaped; // RFC 6901: '~' -> "~0", '/' -> "~1"
        for (char ch : token)
            escaped += ch == '~' ? "~0" : ch == '/' ? "~1" : std::string(1, ch);
        return Reader(v, pointer_ + "/" + escaped, source_);
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

Body read_body(const Reader& r) {
    r.expect_is_object();
    Body body;
    body.name = r.member("name").string();
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
    if (r.has("response")) {
        const Reader field = r.member("response");
        const std::string response = field.string();
        if (response == "bounce")
            body.response = BodyResponse::Bounce;
        else if (response == "slide")
            body.response = BodyResponse::Slide;
        else if (response == "stop")
            body.response = BodyResponse::Stop;
        else if (response == "destroy")
            body.response = BodyResponse::Destroy;
        else if (response == "sensor")
            body.response = BodyResponse::Sensor;
        else
            field.fail("unknown response \"" + response +
                       "\" (expected bounce, slide, stop, destroy or sensor)");
    }
    if (r.has("restitution")) {
        const Reader field = r.member("restitution");
        body.restitution = field.number();
        if (body.restitution < 0.0 || body.restitution > 1.0)
            field.fail("must be from 0 to 1, got " + field.value().dump());
    }
    return body;
}

Wall read_wall(const Reader& r) {
    r.expect_object({"name", "a", "b"});
    return Wall{r.member("name").string(), Segment{r.member("a").vec2(), r.member("b").vec2()}};
}

View read_view(const Reader& r) {
    r.expect_object({"center", "height"});
    return View{r.member("center").vec2(), r.member("height").positive_number()};
}

// Line and column (1-based) of a byte offset, for parse errors.
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

} // namespace

Scene parse_scene(std::string_view json_text, std::string_view source_name) {
    json document;
    try {
        document = json::parse(json_text.begin(), json_text.end(), nullptr, true, false);
    } catch (const json::parse_error& e) {
        // e.byte is 1-based and points just past the offending character.
        const std::size_t offset = e.byte > 0 ? e.byte - 1 : 0;
        std::string what = e.what();
        const auto colon = what.find("syntax error");
        if (colon != std::string::npos) what = what.substr(colon);
        throw SceneError(std::string(source_name) + ":" + line_and_column(json_text, offset) +
                         ": malformed JSON: " + what);
    } catch (const json::out_of_range& e) {
        // A number beyond the range of a double ("1e999"); nlohmann gives no position.
        std::string what = e.what();
        const auto start = what.find("number overflow");
        throw SceneError(std::string(source_name) + ": " +
                         (start == std::string::npos ? what : what.substr(start)));
    }

    const Reader root(document, "", source_name);
    root.expect_object({"format", "version", "title", "description", "view", "bodies", "segments"});
    if (root.member("format").string() != "ccdlab-scene")
        root.member("format").fail("expected \"ccdlab-scene\"");
    const int version = root.member("version").integer();
    if (version > kSceneFormatVersion)
        root.member("version").fail("version " + std::to_string(version) +
                                    " is newer than this ccdlab reads (" +
                                    std::to_string(kSceneFormatVersion) + "); update ccdlab");
    if (version < 1) root.member("version").fail("expected version 1");

    Scene scene;
    if (root.has("title")) scene.title = root.member("title").string();
    if (root.has("description")) scene.description = root.member("description").string();
    if (root.has("view")) scene.view = read_view(root.member("view"));
    if (root.has("bodies"))
        for (const Reader& r : root.member("bodies").elements())
            scene.bodies.push_back(read_body(r));
    if (root.has("segments"))
        for (const Reader& r : root.member("segments").elements())
            scene.walls.push_back(read_wall(r));
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
