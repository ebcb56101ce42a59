// A polygon that gives a vertex twice in a row (a zero-length edge) is refused at the vertex:
// the turning methods cannot take that edge's normal, and missed a containment by it.
#include "ccd/scene_loader.hpp"
#include "scene_error.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

using ccdlab_test::error_of;

TEST(SceneRepeatedVertex, AVertexGivenTwiceInARowIsALocatedError) {
    const std::string e = error_of(R"({"format": "ccdlab-scene", "version": 1, "polygons": [
      {"name": "blade", "vertices": [[10, 0], [-5, 9], [-5, -9], [-5, -9]], "velocity": [0, 0],
       "angular_velocity": 1} ]})");
    EXPECT_NE(e.find("/polygons/0/vertices: vertex 3 repeats vertex 2 (a zero-length edge: give "
                     "each vertex once)"),
              std::string::npos)
        << e;
    // The last and the first: the closing edge.
    EXPECT_NE(error_of(R"({"format": "ccdlab-scene", "version": 1, "polygons": [
      {"name": "blade", "vertices": [[10, 0], [-5, 9], [10, 0]], "velocity": [0, 0]} ]})")
                  .find("vertex 0 repeats vertex 2"),
              std::string::npos);
}

} // namespace
