// A response's one name (ccd/response_kind.hpp): the words a scene file uses, by hand
// (docs/scene-format.md), and back.
#include "ccd/response_kind.hpp"

#include <gtest/gtest.h>

namespace {

using ccd::ResponseKind;

TEST(ResponseKind, EachHasTheNameASceneFileUsesAndIsReadBackFromIt) {
    const struct {
        ResponseKind kind;
        const char* name;
    } named[] = {{ResponseKind::Bounce, "bounce"},
                 {ResponseKind::Slide, "slide"},
                 {ResponseKind::Stop, "stop"},
                 {ResponseKind::Destroy, "destroy"},
                 {ResponseKind::Sensor, "sensor"}};
    for (const auto& [kind, name] : named) {
        EXPECT_EQ(ccd::to_string(kind), name);
        EXPECT_EQ(ccd::parse_response_kind(name), kind) << name;
    }
}

TEST(ResponseKind, ACallbackIsNamedButNoFileCanNameOne) {
    EXPECT_EQ(ccd::to_string(ResponseKind::Callback), "callback");
    EXPECT_FALSE(ccd::parse_response_kind("callback"));
    EXPECT_FALSE(ccd::parse_response_kind("Bounce")); // the names are lower case
    EXPECT_FALSE(ccd::parse_response_kind(""));
    EXPECT_FALSE(ccd::parse_response_kind("bounce "));
}

} // namespace
