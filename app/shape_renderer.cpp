#include "shape_renderer.hpp"

#include "shader_sources.hpp"

#include <glad/gl.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace ccdlab {
namespace {

GLuint compile(GLenum kind, const char* source, const char* name) {
    const GLuint shader = glCreateShader(kind);
    glShaderSource(shader, 1, &source, nullptr);
    glCompileShader(shader);
    GLint ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[2048] = {};
        glGetShaderInfoLog(shader, sizeof log, nullptr, log);
        glDeleteShader(shader);
        throw std::runtime_error(std::string("shader ") + name + " does not compile: " + log);
    }
    return shader;
}

GLuint link_program(const char* vert, const char* frag) {
    const GLuint vs = compile(GL_VERTEX_SHADER, vert, "shaders/shape.vert");
    const GLuint fs = compile(GL_FRAGMENT_SHADER, frag, "shaders/shape.frag");
    const GLuint program = glCreateProgram();
    glAttachShader(program, vs);
    glAttachShader(program, fs);
    glLinkProgram(program);
    glDeleteShader(vs);
    glDeleteShader(fs);
    GLint ok = 0;
    glGetProgramiv(program, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[2048] = {};
        glGetProgramInfoLog(program, sizeof log, nullptr, log);
        glDeleteProgram(program);
        throw std::runtime_error(std::string("shape shader program does not link: ") + log);
    }
    return program;
}

} // namespace

ShapeRenderer::ShapeRenderer() {
    program_ = link_program(shader_sources::shape_vert, shader_sources::shape_frag);
    world_to_clip_location_ = glGetUniformLocation(program_, "u_world_to_clip");
    pixels_per_unit_location_ = glGetUniformLocation(program_, "u_pixels_per_unit");

    glGenVertexArrays(1, &vao_);
    glBindVertexArray(vao_);

    constexpr float corners[] = {-1, -1, 1, -1, -1, 1, 1, 1};
    glGenBuffers(1, &quad_vbo_);
    glBindBuffer(GL_ARRAY_BUFFER, quad_vbo_);
    glBufferData(GL_ARRAY_BUFFER, sizeof corners, corners, GL_STATIC_DRAW);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 2 * sizeof(float), nullptr);

    glGenBuffers(1, &instance_vbo_);
    glBindBuffer(GL_ARRAY_BUFFER, instance_vbo_);
    for (GLuint i = 0; i < 4; ++i) {
        glEnableVertexAttribArray(1 + i);
        glVertexAttribPointer(1 + i, 4, GL_FLOAT, GL_FALSE, sizeof(Instance),
                              reinterpret_cast<const void*>(i * 4 * sizeof(float)));
        glVertexAttribDivisor(1 + i, 1);
    }
    glBindVertexArray(0);
}

ShapeRenderer::~ShapeRenderer() {
    glDeleteBuffers(1, &instance_vbo_);
    glDeleteBuffers(1, &quad_vbo_);
    glDeleteVertexArrays(1, &vao_);
    glDeleteProgram(program_);
}

void ShapeRenderer::begin(const Camera& camera, double framebuffer_scale) {
    camera_ = camera;
    framebuffer_scale_ = framebuffer_scale;
    instances_.clear();
}

void ShapeRenderer::end() {
    const double ppu = camera_.pixels_per_unit * framebuffer_scale_;
    last_drawn_ = {instances_.size(), 0.0};
    for (const Instance& i : instances_) { // the quad of shaders/shape.vert
        const double reach_px = i.style[0] * ppu + i.style[1] + 1.5;
        const double length_px =
            std::hypot(i.segment[2] - i.segment[0], i.segment[3] - i.segment[1]) * ppu;
        last_drawn_.quad_pixels += (length_px + 2.0 * reach_px) * 2.0 * reach_px;
    }
    if (instances_.empty()) return;
    glUseProgram(program_);
    glUniform2f(world_to_clip_location_,
                static_cast<float>(2.0 * camera_.pixels_per_unit / camera_.width),
                static_cast<float>(2.0 * camera_.pixels_per_unit / camera_.height));
    glUniform1f(pixels_per_unit_location_, static_cast<float>(ppu));
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glBindVertexArray(vao_);
    glBindBuffer(GL_ARRAY_BUFFER, instance_vbo_);
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(instances_.size() * sizeof(Instance)),
                 instances_.data(), GL_STREAM_DRAW);
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(instances_.size()));
    glBindVertexArray(0);
    glUseProgram(0);
    instances_.clear();
}

void ShapeRenderer::add(Vec2 a, Vec2 b, double radius, float radius_px, float outline_px,
                        float dash_px, Color color, bool flat_ends) {
    const Vec2 ra = a - camera_.center, rb = b - camera_.center;
    const auto s = static_cast<float>(framebuffer_scale_);
    instances_.push_back(
        Instance{{static_cast<float>(ra.x), static_cast<float>(ra.y), static_cast<float>(rb.x),
                  static_cast<float>(rb.y)},
                 {static_cast<float>(radius), radius_px * s, outline_px * s, dash_px * s},
                 {color.r, color.g, color.b, color.a},
                 {flat_ends ? 1.0f : 0.0f, 0.0f, 0.0f, 0.0f}});
}

void ShapeRenderer::disc(Vec2 center, double radius, Color color) {
    add(center, center, radius, 0.0f, 0.0f, 0.0f, color);
}
void ShapeRenderer::circle_outline(Vec2 center, double radius, float width_px, Color color,
                                   float dash_px) {
    add(center, center, radius, 0.0f, width_px, dash_px, color);
}
void ShapeRenderer::capsule(Vec2 a, Vec2 b, double radius, Color color) {
    add(a, b, radius, 0.0f, 0.0f, 0.0f, color);
}
void ShapeRenderer::capsule_outline(Vec2 a, Vec2 b, double radius, float width_px, Color color,
                                    float dash_px) {
    add(a, b, radius, 0.0f, width_px, dash_px, color);
}
void ShapeRenderer::band(Vec2 a, Vec2 b, double radius, Color color) {
    add(a, b, radius, 0.0f, 0.0f, 0.0f, color, true);
}
void ShapeRenderer::line(Vec2 a, Vec2 b, float width_px, Color color, float dash_px) {
    add(a, b, 0.0, 0.5f * width_px, 0.0f, dash_px, color);
}
void ShapeRenderer::polygon_outline(std::span<const Vec2> vertices, float width_px, Color color,
                                    float dash_px, Vec2 offset) {
    const std::size_t n = vertices.size();
    for (std::size_t i = 0; i < n; ++i)
        line(offset + vertices[i], offset + vertices[(i + 1) % n], width_px, color, dash_px);
}
void ShapeRenderer::point(Vec2 p, float radius_px, Color color) {
    add(p, p, 0.0, radius_px, 0.0f, 0.0f, color);
}

void ShapeRenderer::arrow(Vec2 from, Vec2 to, float width_px, Color color) {
    line(from, to, width_px, color);
    const Vec2 direction = to - from;
    const double length_px = ccd::length(direction) * camera_.pixels_per_unit;
    if (!(length_px > 1.0)) return;
    const double head_px = std::min(12.0, 0.4 * length_px);
    const Vec2 back = direction * (-head_px / length_px);
    const Vec2 side = ccd::perp(back) * 0.5;
    line(to, to + back + side, width_px, color);
    line(to, to + back - side, width_px, color);
}

} // namespace ccdlab
