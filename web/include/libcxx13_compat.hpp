#pragma once
// The web build's fill-ins for the C++20 library of Debian's emscripten 3.1.6, whose libc++ (13)
// lacks std::bit_cast and the floating-point std::to_chars and std::from_chars (libc++ 14 and
// later have them); force-included into every C++ file of the web build by
// web/dependencies.cmake, and compiled only with that libc++. They give what the standard
// specifies for the calls the project makes: to_chars(first, last, double), the shortest text
// that reads back as the same double, fixed or scientific as printf's %f or %e would write it,
// whichever is shorter (fixed on a tie); from_chars(first, last, double&), the general format.
#include <version>

#if defined(_LIBCPP_VERSION) && _LIBCPP_VERSION < 14000
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <system_error>
#include <type_traits>

namespace std {

#ifndef __cpp_lib_bit_cast
template <class To, class From>
requires(sizeof(To) == sizeof(From) && is_trivially_copyable_v<To> &&
         is_trivially_copyable_v<From>) constexpr To bit_cast(const From& from) noexcept {
    return __builtin_bit_cast(To, from);
}
#endif

inline to_chars_result to_chars(char* first, char* last, double value) {
    std::string text;
    if (std::isnan(value)) {
        text = std::signbit(value) ? "-nan" : "nan";
    } else if (std::isinf(value)) {
        text = value < 0 ? "-inf" : "inf";
    } else if (value == 0.0) {
        text = std::signbit(value) ? "-0" : "0";
    } else {
        // The fewest significant digits that read back as `value`.
        char scientific[40];
        for (int digits = 1; digits <= 17; ++digits) {
            std::snprintf(scientific, sizeof scientific, "%.*e", digits - 1, value);
            if (std::strtod(scientific, nullptr) == value) break;
        }
        // scientific: [-]d[.ddd]e(+|-)XX; its digits without the point, trailing zeros dropped.
        const char* e = std::strchr(scientific, 'e');
        const bool negative = scientific[0] == '-';
        std::string mantissa;
        for (const char* c = scientific + (negative ? 1 : 0); c < e; ++c)
            if (*c != '.') mantissa += *c;
        while (mantissa.size() > 1 && mantissa.back() == '0')
            mantissa.pop_back();
        const int exponent = std::atoi(e + 1);
        std::string sci = mantissa.substr(0, 1);
        if (mantissa.size() > 1) sci += "." + mantissa.substr(1);
        char exponent_text[8];
        std::snprintf(exponent_text, sizeof exponent_text, "e%c%02d", exponent < 0 ? '-' : '+',
                      exponent < 0 ? -exponent : exponent);
        sci += exponent_text;
        std::string fixed;
        const int integer_digits = exponent + 1;
        if (integer_digits <= 0) {
            fixed = "0." + std::string(static_cast<size_t>(-integer_digits), '0') + mantissa;
        } else if (static_cast<size_t>(integer_digits) >= mantissa.size()) {
            // A whole number: its exact digits, as the standard library's to_chars writes them
            // (the same length as the shortest digits padded with zeros).
            char whole[400];
            std::snprintf(whole, sizeof whole, "%.0f", std::fabs(value));
            fixed = whole;
        } else {
            fixed = mantissa.substr(0, integer_digits) + "." + mantissa.substr(integer_digits);
        }
        text = (negative ? "-" : "") + (fixed.size() <= sci.size() ? fixed : sci);
    }
    if (static_cast<size_t>(last - first) < text.size()) return {last, errc::value_too_large};
    std::memcpy(first, text.data(), text.size());
    return {first + text.size(), errc{}};
}

inline from_chars_result from_chars(const char* first, const char* last, double& value,
                                    chars_format = chars_format::general) {
    // No leading space or '+', no hexadecimal: what from_chars refuses, strtod would take.
    if (first == last || *first == '+' || std::isspace(static_cast<unsigned char>(*first)))
        return {first, errc::invalid_argument};
    const std::string text(first, last);
    const char* digits = text.c_str() + (text[0] == '-' ? 1 : 0);
    if (digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) {
        value = text[0] == '-' ? -0.0 : 0.0;
        return {first + (digits - text.c_str()) + 1, errc{}};
    }
    char* end = nullptr;
    errno = 0;
    const double parsed = std::strtod(text.c_str(), &end);
    if (end == text.c_str()) return {first, errc::invalid_argument};
    const char* stop = first + (end - text.c_str());
    // strtod's ERANGE for a subnormal result is no error: only overflow and underflow to 0 are.
    if (errno == ERANGE && (std::isinf(parsed) || parsed == 0.0))
        return {stop, errc::result_out_of_range};
    value = parsed;
    return {stop, errc{}};
}

} // namespace std
#endif
