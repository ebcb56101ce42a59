#include "turning_answer_check.hpp"

#include "first_contact_reference.hpp"
#include "query_json.hpp"

#include "ccd/toi_turning.hpp"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <string>

namespace ccdfuzz {
namespace {

std::string text(long double x) {
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, "%.6Lg", x);
    return buffer;
}

bool turns(const std::string& kind) {
    return kind.find("rotating") != std::string::npos;
}

} // namespace

std::optional<Violation> check_turning_answer(std::string_view line, std::string_view answer_text,
                                              int samples) {
    nlohmann::json query, answer;
    try {
        query = nlohmann::json::parse(line);
        answer = nlohmann::json::parse(answer_text);
    } catch (const nlohmann::json::exception&) {
        return std::nullopt; // not a query (the front end answered it: toi_answer_check's part)
    }
    if (!query.is_object() || !query.contains("kind") || !query["kind"].is_string() ||
        !turns(query["kind"].get<std::string>()) || answer.contains("error"))
        return std::nullopt;
    ccdlab::cli::Query sides;
    try {
        sides = ccdlab::cli::read_query(query, ccd::algorithms()[0]);
    } catch (const std::exception&) {
        return std::nullopt;
    }
    const ccd_test::ContactReference ref(sides.mover, sides.obstacle);
    const long double tolerance =
        1e-10L * static_cast<long double>(ccd::certified_scale(sides.mover, sides.obstacle));
    const bool hit = answer.value("hit", false);
    const bool undecided = answer.value("undecided", false);
    const long double t = answer.contains("t") ? answer["t"].get<double>() : 1.0L;
    const long double end = hit || undecided ? t : 1.0L;
    for (int k = 0; k < samples && end > 0.0L; ++k) {
        const long double at = end * k / samples; // before the answer's t
        const long double f = ref.f(at);
        if (f < -tolerance)
            return Violation{undecided ? "undecided_contract" : "turning_contract",
                             std::string(undecided ? "undecided at t = " + text(t)
                                         : hit     ? "a contact at t = " + text(t)
                                                   : "a miss") +
                                 ", but at t = " + text(at) + " the shapes overlap by " + text(-f) +
                                 " (tolerance " + text(tolerance) + ")"};
    }
    if (hit && !undecided && ref.f(t) > tolerance)
        return Violation{"turning_contract", "a contact at t = " + text(t) +
                                                 " where the shapes are " + text(ref.f(t)) +
                                                 " apart (tolerance " + text(tolerance) + ")"};
    return std::nullopt;
}

} // namespace ccdfuzz
