#include "number_text.hpp"

#include <cstdio>

namespace ccdlab {
namespace {

std::string printed(const char* format, int digits, double value) {
    char text[64];
    std::snprintf(text, sizeof text, format, digits, value);
    return without_negative_zero(text);
}

} // namespace

std::string without_negative_zero(std::string text) {
    if (text.empty() || text[0] != '-') return text;
    for (const char c : text) {
        if (c == 'e' || c == 'E') break; // the exponent's digits do not count
        if (c >= '1' && c <= '9') return text;
        if (c == 'n' || c == 'i') return text; // nan, inf
    }
    return text.substr(1);
}

std::string number_text(double value, int significant) {
    return printed("%.*g", significant, value);
}

std::string signed_number_text(double value, int significant) {
    const std::string text = number_text(value, significant);
    return text[0] == '-' ? text : "+" + text;
}

std::string fixed_text(double value, int decimals) {
    return printed("%.*f", decimals, value);
}

} // namespace ccdlab
