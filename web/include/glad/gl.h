#pragma once
// The web build's stand-in for glad's OpenGL loader (web/dependencies.cmake): WebGL 2 is
// OpenGL ES 3.0, whose functions emscripten links directly; the app calls only functions that
// OpenGL 3.3 core and OpenGL ES 3.0 share.
#include <GLES3/gl3.h>
