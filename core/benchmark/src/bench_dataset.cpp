// The benchmark's dataset, one query a line (bench_dataset.hpp, docs/benchmark.md).
#include "ccd/bench_dataset.hpp"

#include "bench_side_json.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <istream>

namespace ccd {
namespace {

using Json = nlohmann::ordered_json;
using bench_json::FieldError;

template <std::size_t N>
bool one_of(const std::string& name, const std::string_view (&names)[N]) {
    return std::find(std::begin(names), std::end(names), name) != std::end(names);
}

template <std::size_t N>
std::string listed(const std::string_view (&names)[N]) {
    std::string out;
    for (std::size_t k = 0; k < N; ++k)
        out += (k == 0 ? "" : k + 1 == N ? " or " : ", ") + ("\"" + std::string(names[k]) + "\"");
    return out;
}

std::string read_name(const nlohmann::json& line, const char* key) {
    const nlohmann::json& value = bench_json::member(line, "", key);
    if (!value.is_string()) throw FieldError(std::string(key) + ": expected a string");
    return value.get<std::string>();
}

// The shapes the kind names: circle_segment's mover is a circle, its obstacle a segment.
void check_shapes(const BenchQuery& query) {
    const auto [mover, obstacle] =
        query.kind == "circle_segment"   ? std::pair{ShapeKind::Circle, ShapeKind::Segment}
        : query.kind == "point_segment"  ? std::pair{ShapeKind::Point, ShapeKind::Segment}
        : query.kind == "circle_polygon" ? std::pair{ShapeKind::Circle, ShapeKind::Polygon}
                                         : std::pair{ShapeKind::Polygon, ShapeKind::Polygon};
    if (query.mover.shape_kind() != mover)
        throw FieldError("mover.shape: a " + query.kind + " query's mover is a " +
                         std::string(to_string(mover)));
    if (query.obstacle.shape_kind() != obstacle)
        throw FieldError("obstacle.shape: a " + query.kind + " query's obstacle is a " +
                         std::string(to_string(obstacle)));
}

BenchLabel read_label(const nlohmann::json& value) {
    bench_json::expect_object(value, "label", {"contact", "t_lo", "t_hi", "least"});
    const nlohmann::json& contact = bench_json::member(value, "label", "contact");
    BenchLabel label;
    const std::string name = contact.is_string() ? contact.get<std::string>() : "";
    if (name == "hit")
        label.contact = BenchContact::Hit;
    else if (name == "graze")
        label.contact = BenchContact::Graze;
    else if (name != "miss")
        throw FieldError("label.contact: expected \"hit\", \"miss\" or \"graze\"");
    label.t_lo = bench_json::read_number(bench_json::member(value, "label", "t_lo"), "label.t_lo");
    label.t_hi = bench_json::read_number(bench_json::member(value, "label", "t_hi"), "label.t_hi");
    label.least =
        bench_json::read_number(bench_json::member(value, "label", "least"), "label.least");
    if (!(0.0 <= label.t_lo && label.t_lo <= label.t_hi && label.t_hi <= 1.0))
        throw FieldError("label: expected 0 <= t_lo <= t_hi <= 1");
    return label;
}

BenchQuery read_query(const nlohmann::json& line) {
    bench_json::expect_object(line, "the line",
                              {"id", "kind", "stratum", "tags", "mover", "obstacle", "label"});
    BenchQuery query;
    query.id = read_name(line, "id");
    query.kind = read_name(line, "kind");
    if (!one_of(query.kind, kBenchKinds))
        throw FieldError("kind: \"" + query.kind.substr(0, 40) + "\" is not " +
                         listed(kBenchKinds));
    query.stratum = read_name(line, "stratum");
    if (!one_of(query.stratum, kBenchStrata))
        throw FieldError("stratum: \"" + query.stratum.substr(0, 40) + "\" is not " +
                         listed(kBenchStrata));
    const nlohmann::json& tags = bench_json::member(line, "", "tags");
    if (!tags.is_array()) throw FieldError("tags: expected an array of strings");
    for (const auto& tag : tags) {
        if (!tag.is_string()) throw FieldError("tags: expected an array of strings");
        query.tags.push_back(tag.get<std::string>());
    }
    query.mover = bench_json::read_side(bench_json::member(line, "", "mover"), "mover");
    query.obstacle = bench_json::read_side(bench_json::member(line, "", "obstacle"), "obstacle");
    check_shapes(query);
    query.label = read_label(bench_json::member(line, "", "label"));
    return query;
}

} // namespace

std::string_view to_string(BenchContact contact) {
    switch (contact) {
    case BenchContact::Hit:
        return "hit";
    case BenchContact::Graze:
        return "graze";
    case BenchContact::Miss:
        return "miss";
    }
    return "miss";
}

std::string hex_float(double value) {
    char text[40];
    std::snprintf(text, sizeof text, "%a", value);
    return text;
}

std::string write_bench_line(const BenchQuery& query) {
    Json tags = Json::array();
    for (const std::string& tag : query.tags)
        tags.push_back(tag);
    const BenchLabel& label = query.label;
    const Json line{{"id", query.id},
                    {"kind", query.kind},
                    {"stratum", query.stratum},
                    {"tags", tags},
                    {"mover", bench_json::side_json(query.mover)},
                    {"obstacle", bench_json::side_json(query.obstacle)},
                    {"label", Json{{"contact", std::string(to_string(label.contact))},
                                   {"t_lo", hex_float(label.t_lo)},
                                   {"t_hi", hex_float(label.t_hi)},
                                   {"least", hex_float(label.least)}}}};
    return line.dump();
}

BenchQuery read_bench_line(std::string_view text, std::string_view where) {
    const std::string at(where);
    nlohmann::json line;
    try {
        line = nlohmann::json::parse(text.begin(), text.end());
    } catch (const nlohmann::json::parse_error& e) {
        throw DatasetError(at + ": not JSON (byte " + std::to_string(e.byte) + ")");
    }
    try {
        return read_query(line);
    } catch (const FieldError& e) {
        throw DatasetError(at + ": " + e.what());
    }
}

std::vector<BenchQuery> read_bench_dataset(std::istream& in, std::string_view file_name) {
    std::vector<BenchQuery> queries;
    std::string text;
    for (int number = 1; std::getline(in, text); ++number) {
        if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
        queries.push_back(
            read_bench_line(text, std::string(file_name) + ":" + std::to_string(number)));
        queries.back().line = number;
    }
    if (in.bad()) throw DatasetError(std::string(file_name) + ": cannot be read");
    return queries;
}

std::vector<BenchQuery> read_bench_dataset(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw DatasetError(path + ": cannot be opened");
    return read_bench_dataset(in, path);
}

} // namespace ccd
