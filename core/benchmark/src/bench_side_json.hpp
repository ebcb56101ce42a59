#pragma once
// A side of a benchmark query (a shape and its motion) as JSON, every number a hex float string:
//   {"shape": {"circle": {"center": [X, Y], "radius": R}}   or {"point": [X, Y]},
//             {"segment": [[AX, AY], [BX, BY]]}, {"polygon": [[X, Y], ...]} (convex, CCW),
//    "motion": "still" or {"translation": [DX, DY]}
//              or {"turning": {"pivot": [X, Y], "displacement": [DX, DY], "angle": A}}}

#include "ccd/shapes.hpp"

#include <nlohmann/json.hpp>

#include <stdexcept>
#include <string>

namespace ccd::bench_json {

// A value that is not what its field needs: what() names the field ("mover.shape.circle.radius")
// and what is wrong.
class FieldError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

nlohmann::ordered_json side_json(const Swept& side);
// `value` read as the side called `name`; throws FieldError.
Swept read_side(const nlohmann::json& value, const std::string& name);

// A finite number written as a hex float string, read back (throws FieldError naming `field`).
double read_number(const nlohmann::json& value, const std::string& field);
// The object `value`, with no member but `allowed` (throws FieldError naming `field`).
void expect_object(const nlohmann::json& value, const std::string& field,
                   std::initializer_list<const char*> allowed);
// The member `key` of the object `value` (throws FieldError naming `field`.key when missing).
const nlohmann::json& member(const nlohmann::json& value, const std::string& field,
                             const char* key);

} // namespace ccd::bench_json
