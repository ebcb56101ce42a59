#include "hostile_inputs.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <string_view>
#include <vector>

namespace ccdfuzz {
namespace {

struct Rng {
    std::uint64_t state;
    std::uint64_t next() { // splitmix64
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
    double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }
    int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
    int between(int lo, int hi) { return lo + below(hi - lo + 1); }
    bool chance(double p) { return uniform() < p; }
    double sign() { return chance(0.5) ? -1.0 : 1.0; }
};

std::string num(double x) {
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.17g", x);
    return buffer;
}

struct V {
    double x = 0, y = 0;
};

std::string vec(V v) {
    return "[" + num(v.x) + "," + num(v.y) + "]";
}

// Any finite double, magnitudes from 5e-324 to 1.8e308 and everything between, with the
// values users and rounding produce most (0, -0, small integers, the extremes) often.
double hostile_number(Rng& rng) {
    const int pick = rng.below(100);
    if (pick < 8) return rng.chance(0.5) ? 0.0 : -0.0;
    if (pick < 18) return rng.between(-10, 10);
    if (pick < 33) return rng.uniform(-100, 100);
    if (pick < 43) // a subnormal with random bits
        return rng.sign() * std::ldexp(rng.uniform(1.0, 2.0), rng.between(-1074, -1023));
    if (pick < 50) {
        const double extremes[] = {4.9406564584124654e-324,
                                   DBL_MIN,
                                   DBL_MAX,
                                   1e308,
                                   1e-320,
                                   1e-300,
                                   1e300,
                                   0x1p-100,
                                   0x1p100,
                                   1e161};
        return rng.sign() * extremes[rng.below(10)];
    }
    const double exponent = rng.uniform(-323.3, 308.25);
    return rng.sign() * std::min(std::pow(10.0, exponent), DBL_MAX);
}

V hostile_vec(Rng& rng) {
    return {hostile_number(rng), hostile_number(rng)};
}

// A power of ten between 1e-323 and 1e307 (or of two), for scaling a sensible configuration.
double hostile_scale(Rng& rng) {
    if (rng.chance(0.3)) return 1.0;
    if (rng.chance(0.5)) return std::ldexp(1.0, rng.between(-1070, 1017));
    return std::pow(10.0, rng.uniform(-321.0, 306.0));
}

struct Scaled {
    Rng& rng;
    double scale;
    // A field that is one hostile value of its own now and then: mixed magnitudes in one query.
    double mixed = 0.15;
    V at(V v) {
        if (rng.chance(mixed)) return hostile_vec(rng);
        return {v.x * scale, v.y * scale};
    }
    double len(double r) {
        if (rng.chance(mixed)) return std::fabs(hostile_number(rng));
        return r * scale;
    }
};

V random_point(Rng& rng, double half) {
    return {rng.uniform(-half, half), rng.uniform(-half, half)};
}

// A convex polygon: a regular n-gon, jittered, about `centre`.
std::vector<V> polygon_around(Rng& rng, V centre, double radius, int n) {
    std::vector<V> out;
    const double turn = rng.uniform(0, 2 * std::numbers::pi);
    for (int i = 0; i < n; ++i) {
        const double angle = turn + 2 * std::numbers::pi * i / n;
        const double r = radius * rng.uniform(0.8, 1.0);
        out.push_back({centre.x + r * std::cos(angle), centre.y + r * std::sin(angle)});
    }
    if (rng.chance(0.5)) std::reverse(out.begin(), out.end());
    return out;
}

std::string polygon_text(const std::vector<V>& vertices, Scaled& s) {
    std::string out = "[";
    for (std::size_t i = 0; i < vertices.size(); ++i)
        out += (i ? "," : "") + vec(s.at(vertices[i]));
    return out + "]";
}

std::string polygon_text_hostile(Rng& rng, int n) {
    std::string out = "[";
    for (int i = 0; i < n; ++i)
        out += (i ? "," : "") + vec(hostile_vec(rng));
    return out + "]";
}

const char* const kKinds[] = {"circle_point",    "circle_circle",        "circle_segment",
                              "point_segment",   "point_moving_segment", "circle_moving_segment",
                              "polygon_polygon", "circle_polygon",       "polygon_moving_segment"};

// A query of `kind` whose shapes come near each other in a frame, scaled by `s` (each field now
// and then replaced by a hostile value). With `s.mixed` = 1, every field is hostile.
std::string query(Rng& rng, std::string_view kind, Scaled s, int polygon_vertices) {
    const V c = random_point(rng, 4), target = random_point(rng, 2);
    const double r = rng.chance(0.1) ? 0.0 : rng.uniform(0.01, 2);
    const double reach = rng.uniform(0.3, 3);
    const V d{(target.x - c.x) * reach, (target.y - c.y) * reach};
    const V a = random_point(rng, 3), b = rng.chance(0.05) ? a : random_point(rng, 3);
    const V da = rng.chance(0.5) ? V{} : random_point(rng, 2);
    const V db = rng.chance(0.3) ? da : random_point(rng, 2);
    std::string q = "{\"kind\":\"" + std::string(kind) + "\"";
    const auto field = [&q](const char* name, const std::string& value) {
        q += ",\"" + std::string(name) + "\":" + value;
    };
    if (kind == "circle_point") {
        field("c", vec(s.at(c)));
        field("r", num(s.len(r)));
        field("d", vec(s.at(d)));
        field("q", vec(s.at(target)));
    } else if (kind == "circle_circle") {
        field("c1", vec(s.at(c)));
        field("r1", num(s.len(r)));
        field("d1", vec(s.at(d)));
        field("c2", vec(s.at(target)));
        field("r2", num(s.len(rng.uniform(0, 2))));
        field("d2", vec(s.at(random_point(rng, 1))));
    } else if (kind == "polygon_polygon") {
        const int n = polygon_vertices ? polygon_vertices : rng.between(3, 9);
        field("p1", polygon_text(polygon_around(rng, c, rng.uniform(0.2, 2), n), s));
        field("d1", vec(s.at(d)));
        field("p2", polygon_text(polygon_around(rng, target, rng.uniform(0.2, 2),
                                                polygon_vertices ? n : rng.between(3, 9)),
                                 s));
        field("d2", vec(s.at(random_point(rng, 1))));
    } else if (kind == "circle_polygon") {
        field("c", vec(s.at(c)));
        field("r", num(s.len(r)));
        field("d", vec(s.at(d)));
        const int n = polygon_vertices ? polygon_vertices : rng.between(3, 9);
        field("polygon", polygon_text(polygon_around(rng, target, rng.uniform(0.2, 2), n), s));
        field("dp", vec(s.at(random_point(rng, 1))));
    } else if (kind == "polygon_moving_segment") {
        const int n = polygon_vertices ? polygon_vertices : rng.between(3, 9);
        field("polygon", polygon_text(polygon_around(rng, c, rng.uniform(0.2, 2), n), s));
        field("d", vec(s.at(d)));
        field("a", vec(s.at(a)));
        field("b", vec(s.at(b)));
        field("da", vec(s.at(da)));
        field("db", vec(s.at(db)));
    } else { // a circle or a point against a segment, static or moving
        const bool point = kind.starts_with("point");
        field(point ? "p" : "c", vec(s.at(c)));
        if (!point) field("r", num(s.len(r)));
        field("d", vec(s.at(d)));
        field("a", vec(s.at(a)));
        field("b", vec(s.at(b)));
        if (kind.ends_with("moving_segment")) {
            field("da", vec(s.at(da)));
            field("db", vec(s.at(db)));
        }
    }
    return q + "}";
}

std::size_t random_position(Rng& rng, const std::string& text) {
    return text.empty() ? 0 : static_cast<std::size_t>(rng.below(static_cast<int>(text.size())));
}

// A number's text somewhere in `text`: [begin, end), or begin == end when there is none.
std::pair<std::size_t, std::size_t> some_number(Rng& rng, const std::string& text) {
    const std::size_t from = random_position(rng, text);
    const std::size_t begin = text.find_first_of("-0123456789", from);
    if (begin == std::string::npos) return {0, 0};
    const std::size_t end = text.find_first_not_of("-+.eE0123456789", begin);
    return {begin, end == std::string::npos ? text.size() : end};
}

// One syntactic attack on a query line. Sets `input.must_be_refused` when the line can no
// longer be a valid query however the rest reads (a key given twice; a NUL byte is looked for
// by the caller).
void mutate(Rng& rng, HostileInput& input) {
    std::string& t = input.text;
    if (t.empty()) t = "{}"; // cut to nothing by an earlier attack
    switch (rng.below(12)) {
    case 0: { // non-ASCII: valid UTF-8 (curly quotes, accents, emoji) or stray bytes
        const char* const bytes[] = {"\xe2\x80\x9c", "\xc3\xa9",     "\xf0\x9f\x92\xa5", "\xff",
                                     "\xc3",         "\xed\xa0\x80", "\xef\xbb\xbf",     "\x80"};
        t.insert(random_position(rng, t), bytes[rng.below(8)]);
        break;
    }
    case 1: { // a NUL byte inside, or after the query with garbage behind it
        if (rng.chance(0.5))
            t.insert(random_position(rng, t), 1, '\0');
        else
            t += std::string(1, '\0') + "garbage";
        break; // refused: the caller looks for the NUL once every attack is made
    }
    case 2: { // a key given twice
        const std::size_t key = t.find("\",\"", random_position(rng, t));
        const std::size_t at = key == std::string::npos ? t.find(",\"") : key + 1;
        if (at == std::string::npos) break;
        const std::size_t colon = t.find(':', at);
        if (colon == std::string::npos) break;
        const std::string name = t.substr(at + 1, colon - at - 1);
        t.insert(1, name + ":" + (rng.chance(0.5) ? "[1,2]" : num(hostile_number(rng))) + ",");
        input.must_be_refused = true;
        input.refused_because = "duplicate_key";
        break;
    }
    case 3: { // a number deep inside arrays
        const auto [begin, end] = some_number(rng, t);
        if (begin == end) break;
        const int depth = rng.chance(0.05) ? rng.between(10000, 200000) : rng.between(1, 600);
        t.replace(begin, end - begin,
                  std::string(depth, '[') + t.substr(begin, end - begin) + std::string(depth, ']'));
        break;
    }
    case 4: { // a huge number: thousands of digits, a huge exponent, or out of range
        const auto [begin, end] = some_number(rng, t);
        if (begin == end) break;
        std::string n;
        switch (rng.below(5)) {
        case 0:
            n = std::string(static_cast<std::size_t>(rng.between(20, 30000)), '9');
            break;
        case 1:
            n = "0." + std::string(static_cast<std::size_t>(rng.between(300, 30000)), '0') + "1";
            break;
        case 2:
            n = "1e" + std::to_string(rng.between(309, 100000));
            break;
        case 3:
            n = "-1e-" + std::to_string(rng.between(325, 100000));
            break;
        default:
            n = "1" + std::string(static_cast<std::size_t>(rng.between(300, 400)), '0');
            break;
        }
        t.replace(begin, end - begin, n);
        break;
    }
    case 5: // cut short
        t.resize(random_position(rng, t));
        break;
    case 6: // bytes flipped
        for (int k = rng.between(1, 4); k > 0 && !t.empty(); --k)
            t[random_position(rng, t)] = static_cast<char>(rng.below(256));
        break;
    case 7: { // the whole line random bytes
        t.assign(static_cast<std::size_t>(rng.between(0, 200)), ' ');
        for (char& c : t)
            c = static_cast<char>(rng.below(256));
        break;
    }
    case 8: // wrong types
        t.insert(1, rng.chance(0.5) ? "\"kind\":[\"circle_point\"]," : "\"kind\":null,");
        input.must_be_refused = true;
        input.refused_because = "duplicate_key";
        break;
    case 9: { // a long string where a name is expected
        const std::size_t quote = t.find("\"kind\":\"");
        if (quote == std::string::npos) break;
        t.insert(quote + 8, std::string(static_cast<std::size_t>(rng.between(100, 50000)), 'x'));
        break;
    }
    case 10: // a key escaped, whitespace, a BOM
        if (rng.chance(0.5)) {
            const std::size_t k = t.find("\"kind\"");
            if (k != std::string::npos) t.replace(k, 6, "\"\\u006bind\"");
        } else {
            t = (rng.chance(0.5) ? "\xef\xbb\xbf" : " \t ") + t + " \r";
        }
        break;
    default: { // a field emptied or a vector made too long
        const std::size_t bracket = t.find('[', random_position(rng, t));
        if (bracket == std::string::npos) break;
        t.insert(bracket + 1, rng.chance(0.5) ? "]," : "1e-320,");
        break;
    }
    }
}

// A convex polygon, counter-clockwise (as the turning kinds take it), about `centre`, made
// degenerate one time in two: a vertex added on an edge (collinear), one moved to a hair from
// its neighbour, the whole flattened to a sliver, or a vertex given twice in a row (which the
// front end must refuse: `repeated`).
std::vector<V> turning_polygon(Rng& rng, V centre, double radius, bool& repeated) {
    std::vector<V> v;
    const int n = rng.between(3, 8);
    const double turn = rng.uniform(0, 2 * std::numbers::pi);
    for (int i = 0; i < n; ++i) {
        const double angle = turn + 2 * std::numbers::pi * i / n;
        v.push_back({centre.x + radius * std::cos(angle), centre.y + radius * std::sin(angle)});
    }
    const std::size_t k = static_cast<std::size_t>(rng.below(n));
    const V a = v[k], b = v[(k + 1) % v.size()];
    switch (rng.below(8)) {
    case 0: // a vertex on an edge
        v.insert(v.begin() + static_cast<long>(k) + 1, V{0.5 * (a.x + b.x), 0.5 * (a.y + b.y)});
        break;
    case 1: // a vertex a hair from the next one
        v.insert(v.begin() + static_cast<long>(k) + 1,
                 V{b.x - (b.x - a.x) * 1e-13, b.y - (b.y - a.y) * 1e-13});
        break;
    case 2: // a sliver: flattened along y about the centre
        for (V& p : v)
            p.y = centre.y + (p.y - centre.y) * std::pow(10.0, -rng.uniform(6, 15));
        break;
    case 3: // a vertex given twice
        v.insert(v.begin() + static_cast<long>(k) + 1, a);
        repeated = true;
        break;
    default:
        break;
    }
    return v;
}

std::string plain_polygon(const std::vector<V>& v) {
    std::string out = "[";
    for (std::size_t i = 0; i < v.size(); ++i)
        out += (i ? "," : "") + vec(v[i]);
    return out + "]";
}

// A turning side's angle a frame: within two turns mostly, up to a hundred, up to 1e6 radians
// (the fastest spin taken), now and then beyond it (`too_fast`: refused).
double turning_angle(Rng& rng, bool& too_fast) {
    const double turn = 2 * std::numbers::pi;
    const int pick = rng.below(100);
    if (pick < 70) return rng.uniform(-2, 2) * turn;
    if (pick < 90) return rng.uniform(-100, 100) * turn;
    if (pick < 98) return rng.sign() * std::pow(10.0, rng.uniform(2, 6));
    too_fast = true;
    return rng.sign() * std::pow(10.0, rng.uniform(6.01, 300));
}

const char* const kTurningKinds[] = {
    "point_rotating_segment",   "circle_rotating_segment",  "circle_rotating_polygon",
    "rotating_polygon_segment", "rotating_polygon_polygon", "rotating_polygon_rotating_segment"};

// A turning query of every kind near contact, its polygons degenerate now and then; the front
// end must refuse a repeated vertex or a spin beyond the fastest.
HostileInput turning_input(Rng& rng) {
    HostileInput in;
    in.family = "toi_turning_degenerate";
    in.algorithm = rng.chance(0.7) ? 0 : rng.below(kAlgorithmCount);
    const std::string_view kind = kTurningKinds[rng.below(6)];
    bool repeated = false, too_fast = false;
    const V mover = random_point(rng, 3), pivot = random_point(rng, 1);
    const V d = random_point(rng, 2), a = random_point(rng, 3), b = random_point(rng, 3);
    std::string q = "{\"kind\":\"" + std::string(kind) + "\"";
    const auto field = [&q](const char* name, const std::string& value) {
        q += ",\"" + std::string(name) + "\":" + value;
    };
    const auto polygon = [&](V centre) {
        return plain_polygon(turning_polygon(rng, centre, rng.uniform(0.2, 2), repeated));
    };
    if (kind == "point_rotating_segment" || kind == "circle_rotating_segment" ||
        kind == "circle_rotating_polygon") {
        field(kind.starts_with("point") ? "p" : "c", vec(mover));
        if (!kind.starts_with("point")) field("r", num(rng.uniform(0.01, 1)));
        field("d", vec(d));
        if (kind.ends_with("segment")) {
            field("a", vec(a));
            field("b", vec(b));
        } else {
            field("polygon", polygon(pivot));
        }
        field("pivot", vec(pivot));
        field("v", vec(random_point(rng, 1)));
        field("angle", num(turning_angle(rng, too_fast)));
    } else if (kind == "rotating_polygon_segment") {
        field("polygon", polygon(mover));
        field("pivot", vec(mover));
        field("v", vec(d));
        field("angle", num(turning_angle(rng, too_fast)));
        field("a", vec(a));
        field("b", vec(b));
        if (rng.chance(0.5)) {
            field("da", vec(random_point(rng, 1)));
            field("db", vec(random_point(rng, 1)));
        }
    } else {
        const bool segment = kind.ends_with("segment");
        field(segment ? "polygon" : "p1", polygon(mover));
        field("pivot1", vec(mover));
        field("v1", vec(d));
        field("angle1", num(turning_angle(rng, too_fast)));
        if (segment) {
            field("a", vec(a));
            field("b", vec(b));
        } else {
            field("p2", polygon(pivot));
        }
        field("pivot2", vec(pivot));
        field("v2", vec(random_point(rng, 1)));
        field("angle2", num(turning_angle(rng, too_fast)));
    }
    in.text = q + "}";
    if (repeated || too_fast) {
        in.must_be_refused = true;
        in.refused_because = repeated ? "repeated_vertex" : "spin";
    }
    return in;
}

// The square [-1, 1]^2 spinning 10,000 to 150,000 turns a frame a hair beyond a segment's reach:
// near passes at every turn, where the certified search can reach its step limit (undecided).
HostileInput step_limit_input(Rng& rng) {
    HostileInput in;
    in.family = "toi_turning_step_limit";
    in.algorithm = 0;
    const double y = std::sqrt(2.0) * (1 + 1e-12) +
                     std::pow(10.0, rng.uniform(-7, -4.5)) * (rng.chance(0.2) ? -1.0 : 1.0);
    in.text = "{\"kind\":\"rotating_polygon_segment\",\"polygon\":[[-1,-1],[1,-1],[1,1],[-1,1]],"
              "\"pivot\":[0,0],\"v\":[0,0],\"angle\":" +
              num(2 * std::numbers::pi * std::pow(10.0, rng.uniform(4, 5.17))) + ",\"a\":[-5," +
              num(y) + "],\"b\":[5," + num(y) + "]}";
    return in;
}

HostileInput toi_input(Rng& rng) {
    if (rng.chance(0.001)) return step_limit_input(rng);
    if (rng.chance(0.12)) return turning_input(rng);
    HostileInput in;
    in.kind = HostileInput::Kind::ToiLine;
    in.algorithm = rng.chance(0.5) ? 0 : rng.below(kAlgorithmCount);
    in.trace = rng.chance(0.25);
    const std::string_view kind = kKinds[rng.below(9)];
    const int pick = rng.below(10000);
    if (pick < 2) { // huge vertex counts
        in.family = "toi_huge_polygon";
        const std::string_view polygon_kinds[] = {"polygon_polygon", "circle_polygon",
                                                  "polygon_moving_segment"};
        const int n = rng.chance(0.5) ? rng.between(256, 2000) : rng.between(2000, 30000);
        in.algorithm = 0;
        in.text = query(rng, polygon_kinds[rng.below(3)], Scaled{rng, 1.0, 0.0}, n);
    } else if (pick < 3500) {
        in.family = "toi_scaled";
        in.text = query(rng, kind, Scaled{rng, hostile_scale(rng)}, 0);
    } else if (pick < 6000) {
        in.family = "toi_hostile_numbers";
        in.text = query(rng, kind, Scaled{rng, 1.0, 1.0}, 0);
    } else if (pick < 6300) {
        in.family = "toi_hostile_polygon";
        in.text =
            "{\"kind\":\"polygon_polygon\",\"p1\":" + polygon_text_hostile(rng, rng.between(3, 8)) +
            ",\"d1\":" + vec(hostile_vec(rng)) +
            ",\"p2\":" + polygon_text_hostile(rng, rng.between(3, 8)) +
            ",\"d2\":" + vec(hostile_vec(rng)) + "}";
    } else if (pick < 8500) {
        in.family = "toi_plain";
        in.text = query(rng, kind, Scaled{rng, 1.0, 0.0}, 0);
    } else {
        in.family = "toi_syntax";
        in.text = query(rng, kind, Scaled{rng, hostile_scale(rng), 0.1}, 0);
        for (int k = rng.between(1, 3); k > 0; --k)
            mutate(rng, in);
        // A NUL byte is refused, whatever else the line holds; looked for once all the attacks
        // are made, since a later one may cut short, overwrite or replace the line a NUL was
        // put in (input 8548: a NUL and "garbage" appended, then the line cut at the NUL).
        if (in.text.find('\0') != std::string::npos) {
            in.must_be_refused = true;
            in.refused_because = "nul";
        }
    }
    return in;
}

const char* const kResponses[] = {"bounce", "slide", "stop", "destroy", "sensor"};

struct SceneText {
    std::string bodies, segments, polygons;
    int count = 0;
    std::string name(const char* prefix) { return std::string(prefix) + std::to_string(count++); }
    void ball(Rng& rng, V at, V velocity, double r) {
        const bool point = r == 0.0 && rng.chance(0.5);
        bodies += std::string(bodies.empty() ? "" : ",") + "{\"name\":\"" + name("b") +
                  "\",\"shape\":\"" + (point ? "point" : "circle") + "\",\"position\":" + vec(at) +
                  ",\"velocity\":" + vec(velocity) + (point ? "" : ",\"radius\":" + num(r));
        if (rng.chance(0.3))
            bodies += ",\"response\":\"" + std::string(kResponses[rng.below(5)]) + "\"";
        if (rng.chance(0.3)) bodies += ",\"restitution\":" + num(rng.uniform());
        bodies += "}";
    }
    void wall(V a, V b, V da = {}, V db = {}) {
        segments += std::string(segments.empty() ? "" : ",") + "{\"name\":\"" + name("w") +
                    "\",\"a\":" + vec(a) + ",\"b\":" + vec(b);
        if (da.x != 0 || da.y != 0 || db.x != 0 || db.y != 0)
            segments += ",\"da\":" + vec(da) + ",\"db\":" + vec(db);
        segments += "}";
    }
    void box(double h) {
        wall({-h, -h}, {h, -h});
        wall({h, -h}, {h, h});
        wall({h, h}, {-h, h});
        wall({-h, h}, {-h, -h});
    }
    // `extra`: more members (",\"angular_velocity\":3", ",\"mass\":1e100").
    void polygon(Rng& rng, const std::vector<V>& vertices, V velocity,
                 const std::string& extra = "") {
        std::string v = "[";
        for (std::size_t i = 0; i < vertices.size(); ++i)
            v += (i ? "," : "") + vec(vertices[i]);
        polygons += std::string(polygons.empty() ? "" : ",") + "{\"name\":\"" + name("p") +
                    "\",\"vertices\":" + v + "],\"velocity\":" + vec(velocity) + extra;
        if (rng.chance(0.3))
            polygons += ",\"response\":\"" + std::string(kResponses[rng.below(5)]) + "\"";
        polygons += "}";
    }
    std::string file(Rng& rng) const {
        const char* const algorithms[kAlgorithmCount] = {
            "exact",          "seed004", "seed000-float32", "conservative-advancement",
            "seed002-chords", "box2d"};
        return "{\"format\":\"ccdlab-scene\",\"version\":1,\"algorithm\":\"" +
               std::string(algorithms[rng.below(kAlgorithmCount)]) + "\",\"bodies\":[" + bodies +
               "],\"segments\":[" + segments + "],\"polygons\":[" + polygons + "]}";
    }
};

// A square of half-size `h` about `at`, counter-clockwise.
std::vector<V> square(V at, double h) {
    return {{at.x - h, at.y - h}, {at.x + h, at.y - h}, {at.x + h, at.y + h}, {at.x - h, at.y + h}};
}

// The families added for the classes the hostile review found: points fast or pumped by a
// turning blade in a closed box (checked every frame), masses at and beyond the World's range,
// spinning squares stacked at one spot (bounded by the step budget: the frame cut), spins at
// and beyond the fastest with rims at the World's largest speed, and tiny polygons in huge
// boxes. Each is also held to reading back what the World wrote (world_invariants.hpp).
void review_scene(Rng& rng, HostileInput& in, SceneText& s) {
    const int pick = rng.below(5);
    if (pick == 0) {
        in.family = "world_fast_points";
        const double h = std::pow(10.0, rng.uniform(-3, 6));
        for (int i = rng.between(1, 8); i > 0; --i) {
            const double speed = h * std::pow(10.0, rng.uniform(-1, 4));
            const double angle = rng.uniform(0, 2 * std::numbers::pi);
            s.ball(rng, {rng.uniform(-0.9, 0.9) * h, rng.uniform(-0.9, 0.9) * h},
                   {speed * std::cos(angle), speed * std::sin(angle)}, 0.0);
        }
        if (rng.chance(0.6)) { // a blade that pumps them
            const double w = rng.sign() * std::pow(10.0, rng.uniform(-1, 3));
            s.polygon(rng,
                      {{-0.6 * h, -0.02 * h},
                       {0.6 * h, -0.02 * h},
                       {0.6 * h, 0.02 * h},
                       {-0.6 * h, 0.02 * h}},
                      {0, 0}, ",\"angular_velocity\":" + num(w) + ",\"mass\":1e6");
        }
        s.box(h);
        in.frames = 6;
    } else if (pick == 1) {
        in.family = "world_extreme_masses";
        for (int i = rng.between(1, 6); i > 0; --i) {
            const double mass = std::pow(10.0, rng.uniform(-170, 170));
            s.polygon(
                rng, square(random_point(rng, 6), rng.uniform(0.2, 1)), random_point(rng, 5),
                (rng.chance(0.5) ? ",\"angular_velocity\":" + num(rng.uniform(-3, 3)) : "") +
                    (rng.chance(0.8) ? ",\"mass\":" + num(mass) : ",\"density\":" + num(mass)));
        }
        for (int i = rng.between(0, 4); i > 0; --i)
            s.ball(rng, random_point(rng, 6), random_point(rng, 5), rng.uniform(0, 0.5));
        s.box(10);
        in.frames = 4;
    } else if (pick == 2) {
        in.family = "world_stacked_spinning";
        const V at = random_point(rng, 3);
        for (int i = rng.between(8, 24); i > 0; --i)
            s.polygon(rng, square({at.x + rng.uniform(-0.1, 0.1), at.y}, 0.5), random_point(rng, 2),
                      ",\"angular_velocity\":" +
                          num(rng.sign() * std::pow(10.0, rng.uniform(0, 3))));
        s.box(10);
        in.frames = 2;
    } else if (pick == 3) {
        in.family = "world_huge_spin";
        const double h = std::pow(10.0, rng.uniform(-50, 58));
        const double w = rng.sign() * std::pow(10.0, rng.uniform(0, 7));
        s.polygon(rng,
                  {{-0.8 * h, -0.05 * h},
                   {0.8 * h, -0.05 * h},
                   {0.8 * h, 0.05 * h},
                   {-0.8 * h, 0.05 * h}},
                  {0, 0}, ",\"angular_velocity\":" + num(w) + ",\"mass\":1e100");
        for (int i = rng.between(1, 3); i > 0; --i)
            s.ball(rng, {rng.uniform(-0.9, 0.9) * h, rng.uniform(-0.9, 0.9) * h},
                   {h * rng.uniform(-1, 1), h * rng.uniform(-1, 1)}, h * rng.uniform(0, 0.05));
        s.box(h);
        in.frames = 2;
    } else {
        in.family = "world_tiny_in_huge";
        const double h = std::pow(10.0, rng.uniform(30, 59.9));
        const double tiny = std::pow(10.0, rng.uniform(-60, -50));
        // Moving at its own scale: far from the origin a crate of 1e-55 is not written as
        // vertices (they round to one point), which no scene format of absolute coordinates can.
        s.polygon(rng, square({tiny * rng.uniform(-3, 3), tiny * rng.uniform(-3, 3)}, tiny),
                  {tiny * rng.uniform(-1, 1), tiny * rng.uniform(-1, 1)},
                  rng.chance(0.5) ? ",\"angular_velocity\":" + num(rng.uniform(-3, 3)) : "");
        s.ball(rng, random_point(rng, 1), {h * rng.uniform(-0.1, 0.1), 0.0}, 0.0);
        s.box(h);
        in.frames = 3;
    }
}

HostileInput scene_input(Rng& rng) {
    HostileInput in;
    in.kind = HostileInput::Kind::Scene;
    SceneText s;
    if (rng.chance(0.25)) {
        review_scene(rng, in, s);
        in.text = s.file(rng);
        return in;
    }
    const int pick = rng.below(100);
    if (pick < 20) { // every ball at one point in a 20 x 20 box
        in.family = "world_one_point";
        const int n = rng.chance(0.005) ? rng.between(200, 1000) : rng.between(2, 24);
        const V at = random_point(rng, 5);
        for (int i = 0; i < n; ++i)
            s.ball(rng, at, random_point(rng, 5), 0.5);
        s.box(10);
    } else if (pick < 55) { // a box of any size, balls and crates inside, speeds to match
        // Now and then a ball as fast as a double goes.
        const bool extreme = rng.chance(0.05);
        in.family = extreme ? "world_extreme_velocity" : "world_scaled_box";
        const double h = rng.chance(0.5) ? std::pow(10.0, rng.uniform(-322.0, 307.5))
                                         : std::ldexp(1.0, rng.between(-1070, 1020));
        const int n = rng.between(1, 12);
        for (int i = 0; i < n; ++i) {
            const double r = rng.chance(0.15) ? 0.0 : h * rng.uniform(0.001, 0.2);
            const double room = h - r;
            V v = {h * rng.uniform(-3, 3), h * rng.uniform(-3, 3)};
            if (extreme) v = {rng.sign() * DBL_MAX, rng.sign() * rng.uniform() * DBL_MAX};
            s.ball(rng, {rng.uniform(-room, room) * 0.99, rng.uniform(-room, room) * 0.99}, v, r);
        }
        if (rng.chance(0.3))
            s.polygon(rng,
                      polygon_around(rng, random_point(rng, 0.5 * h), 0.2 * h, rng.between(3, 8)),
                      {h * rng.uniform(-2, 2), h * rng.uniform(-2, 2)});
        s.box(h);
    } else if (pick < 75) { // a floor and a ceiling closing on balls in a box
        in.family = "world_closing_walls";
        const double scale = rng.chance(0.7) ? 1.0 : hostile_scale(rng);
        const double h = 10 * scale, gap = rng.uniform(1.5, 8) * scale;
        const double speed = rng.uniform(0.2, 3) * scale;
        const int n = rng.between(1, 12);
        for (int i = 0; i < n; ++i)
            s.ball(rng, {rng.uniform(-9, 9) * scale, rng.uniform(-0.5, 0.5) * gap},
                   {rng.uniform(-2, 2) * scale, rng.uniform(-2, 2) * scale},
                   rng.uniform(0.05, 0.5) * std::min(scale, gap));
        s.box(h);
        s.wall({-h, -gap}, {h, -gap}, {0, speed}, {0, speed});
        s.wall({h, gap}, {-h, gap}, {0, -speed}, {0, -speed});
        in.frames = std::min(12, static_cast<int>(std::ceil(gap / speed)) + 2);
    } else { // anything at all
        in.family = "world_hostile";
        for (int i = rng.between(0, 8); i > 0; --i)
            s.ball(rng, hostile_vec(rng), hostile_vec(rng), std::fabs(hostile_number(rng)));
        for (int i = rng.between(0, 4); i > 0; --i) {
            if (rng.chance(0.5))
                s.wall(hostile_vec(rng), hostile_vec(rng));
            else
                s.wall(hostile_vec(rng), hostile_vec(rng), hostile_vec(rng), hostile_vec(rng));
        }
        for (int i = rng.between(0, 2); i > 0; --i) {
            std::vector<V> v;
            for (int k = rng.between(3, 6); k > 0; --k)
                v.push_back(hostile_vec(rng));
            s.polygon(rng, v, hostile_vec(rng));
        }
        if (rng.chance(0.5)) s.box(std::fabs(hostile_number(rng)));
    }
    in.text = s.file(rng);
    if (rng.chance(0.02)) {
        in.text += std::string(1, '\0') + "garbage";
        in.must_be_refused = true;
        in.refused_because = "nul";
    }
    return in;
}

// A small scene of balls, a crate or a turning one, in a box: for links and diffs.
std::string small_scene(Rng& rng) {
    SceneText s;
    for (int i = rng.between(1, 8); i > 0; --i)
        s.ball(rng, random_point(rng, 8), random_point(rng, 4),
               rng.chance(0.2) ? 0.0 : rng.uniform(0.1, 1));
    if (rng.chance(0.4))
        s.polygon(rng, square(random_point(rng, 5), rng.uniform(0.3, 1.5)), random_point(rng, 3),
                  rng.chance(0.5) ? ",\"angular_velocity\":" + num(rng.uniform(-2, 2)) : "");
    s.box(10);
    return s.file(rng);
}

// A scene's link with one character changed: refused at that character (the checksum), or, when
// only the last character's padding bits changed, the same scene.
HostileInput link_input(Rng& rng) {
    static const char alphabet[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    HostileInput in;
    in.kind = HostileInput::Kind::Link;
    in.family = "link_one_character";
    in.text = small_scene(rng);
    in.changed_at = static_cast<std::size_t>(rng.below(1 << 20));
    in.changed_to = alphabet[rng.below(64)];
    return in;
}

const char* const kDiffSettings[] = {
    "restitution=0.5", "response=destroy",     "response=slide",       "algorithm=seed004",
    "log_level=none",  "restitution=0.999999", "broadphase=all-pairs", "event_budget=3"};

// A scene's two runs compared as they are stepped, against the comparison of both whole runs.
HostileInput diff_input(Rng& rng) {
    HostileInput in;
    in.kind = HostileInput::Kind::Diff;
    in.family = "diff_streamed";
    in.text = small_scene(rng);
    in.setting = kDiffSettings[rng.below(8)];
    in.frames = rng.between(1, 30);
    return in;
}

// A file that is not a regular one, loaded as a scene: refused before it is read.
HostileInput special_file_input(Rng& rng) {
    const char* const files[] = {"/dev/zero", "/dev/null", "/dev/urandom", "fifo", "directory"};
    HostileInput in;
    in.kind = HostileInput::Kind::SpecialFile;
    in.family = "special_file";
    in.text = files[rng.below(5)];
    return in;
}

} // namespace

HostileInput hostile_input(std::uint64_t seed, std::uint64_t index) {
    Rng rng{seed * 0x100000001B3ull ^ (index * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull)};
    rng.next();
    if (rng.below(5) != 0) return toi_input(rng);
    const int pick = rng.below(100);
    if (pick < 4) return link_input(rng);
    if (pick < 7) return diff_input(rng);
    if (pick < 8) return special_file_input(rng);
    return scene_input(rng);
}

} // namespace ccdfuzz
