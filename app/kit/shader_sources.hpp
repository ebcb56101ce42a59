#pragma once
// The GLSL under shaders/, embedded at build time (app/kit/shader_sources.cpp.in).

namespace ccdlab::shader_sources {
extern const char* const shape_vert;
extern const char* const shape_frag;
} // namespace ccdlab::shader_sources
