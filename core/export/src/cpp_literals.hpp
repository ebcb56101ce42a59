#pragma once
// The C++ text of an exported test's inputs: every number a hex-float literal (the double
// itself, bit for bit), with its decimal value in words for the comments.

#include "ccd/shapes.hpp"

#include <string>

namespace ccd::test_export {

// A double as a C++ hex-float literal ("0x1.4p+2", "-0x0p+0").
std::string hex(double value);
// A double in decimal, to 17 significant digits at most (what reads back as the same double).
std::string decimal(double value);
// "{0x1p+0, -0x1.8p+1}"; "(1, -3)".
std::string hex_vec(Vec2 v);
std::string decimal_vec(Vec2 v);

// `side` as a ccd::Swept expression ("ccd::Swept{ccd::Circle{...}, ccd::Translation{...}}").
std::string swept_expression(const Swept& side);
// `side` in words with decimal numbers, for a comment ("circle, center (0, 5), radius 1,
// translating by (0, -10)").
std::string side_in_words(const Swept& side);
// Statements that declare the ccd_side `name` as ccdlab's plugin loader hands `side` to an
// engine (plugin_input.cpp: the fields of its shape and of every motion its motion is a case
// of), each line indented by `indent`.
std::string abi_side_statements(const Swept& side, const std::string& name,
                                const std::string& indent);
// "{CCD_SHAPE_CIRCLE, CCD_MOTION_TRANSLATION}".
std::string abi_kind(ShapeKind shape, MotionKind motion);

} // namespace ccd::test_export
