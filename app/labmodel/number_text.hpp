#pragma once
// Numbers as the panels print them: never "-0" (a number that prints as zero, -0.0 or a tiny
// negative rounded away, prints without its sign).

#include <string>

namespace ccdlab {

// `text` (a printed number) without its minus sign when every digit of it is 0 ("-0",
// "-0.0000", "-0e+00"); unchanged otherwise.
std::string without_negative_zero(std::string text);

// `value` with `significant` digits (printf's %.*g), never "-0".
std::string number_text(double value, int significant = 6);
// The same with its sign always written ("+3", "-2", "+0"), for the terms of an equation.
std::string signed_number_text(double value, int significant = 6);
// `value` with `decimals` digits after the point (printf's %.*f), never "-0.000".
std::string fixed_text(double value, int decimals);

} // namespace ccdlab
