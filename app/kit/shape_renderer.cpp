#include "shape_renderer.hpp"

#include "shader_sources.hpp"

#include <glad/gl.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace ccdlab {
namespace {

// Throws, with the driver's log after `failure`, when `object` (a shader or a program) did not
// pass the step `status` reads (GL_COMPILE_STATUS, GL_LINK_STATUS); deletes it first.
template <class GetStatus, class GetLog, class Delete>
void throw_on_failure(GLuint object, GLenum status, GetStatus get_status, GetLog get_log,
                      Delete destroy, const std::string& failure) {
    GLint ok = 0;
    get_status(object, status, &ok);
    if (ok) return;
    char log[2048] = {};
    get_log(object, sizeof log, nullptr, log);
    destroy(object);
    throw std::runtime_error(failure + log);
}

GLuint compile(GLenum kind, const char* source, const char* name) {
    const GLuint shader = glCreateShader(kind);
    glShaderSource(shader, 1, &source, nullptr);
    glCompileShader(shader);
    throw_on_failure(shader, GL_COMPILE_STATUS, glGetShaderiv, glGetShaderInfoLog, glDeleteShader,
                     std::string("shader ") + name + " does not compile: ");
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
    throw_on_failure(program, GL_LINK_STATUS, glGetProgramiv, glGetProgramInfoLog, glDeleteProgram,
                     "shape shader program does not link: ");
    return program;
}

} // namespace

ShapeRenderer::ShapeRenderer() {
    program_ = link_program(shader_sources::shape_vert, shader_sources::shape_frag);
    world_to_clip_location_ = glGetUniformLocation(program_, "u_world_to_clip");
    pixels_per_unit_location_ = glGetUniformLocation(program_, "u_pixels_per_unit");

    glGenVertexArrays(1, &vao_);
    glBindVertexArray(vao_);
    glGenBuffers(1, &vertex_buffer_);
    glBindBuffer(GL_ARRAY_BUFFER, vertex_buffer_);
    for (GLuint i = 0; i < 4; ++i) {
        glEnableVertexAttribArray(i);
        glVertexAttribPointer(i, 4, GL_FLOAT, GL_FALSE, sizeof(Vertex),
                              reinterpret_cast<const void*>(i * 4 * sizeof(float)));
    }
    glGenBuffers(1, &index_buffer_); // bound to the vertex array
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, index_buffer_);
    glBindVertexArray(0);
}

ShapeRenderer::~ShapeRenderer() {
    glDeleteBuffers(1, &index_buffer_);
    glDeleteBuffers(1, &vertex_buffer_);
    glDeleteVertexArrays(1, &vao_);
    glDeleteProgram(program_);
}

void ShapeRenderer::begin(const Camera& camera, double framebuffer_scale) {
    camera_ = camera;
    framebuffer_scale_ = framebuffer_scale;
    vertices_.clear();
}

void ShapeRenderer::end() {
    const double ppu = camera_.pixels_per_unit * framebuffer_scale_;
    const std::size_t shapes = vertices_.size() / 4;
    last_drawn_ = {shapes, 0.0};
    for (std::size_t k = 0; k < vertices_.size(); k += 4) { // the quad of shaders/shape.vert
        const Vertex& v = vertices_[k];
        const double reach_px = v.style[0] * ppu + v.style[1] + 1.0;
        const double length_px =
            std::hypot(v.segment[2] - v.segment[0], v.segment[3] - v.segment[1]) * ppu;
        last_drawn_.quad_pixels += (length_px + 2.0 * reach_px) * 2.0 * reach_px;
    }
    if (shapes == 0) return;
    glUseProgram(program_);
    glUniform2f(world_to_clip_location_,
                static_cast<float>(2.0 * camera_.pixels_per_unit / camera_.width),
                static_cast<float>(2.0 * camera_.pixels_per_unit / camera_.height));
    glUniform1f(pixels_per_unit_location_, static_cast<float>(ppu));
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glBindVertexArray(vao_);
    if (shapes > indexed_shapes_) { // two triangles per quad, corners 0 1 2 and 2 1 3
        indexed_shapes_ = std::max(shapes, 2 * indexed_shapes_);
        std::vector<GLuint> indices;
        indices.reserve(6 * indexed_shapes_);
        for (GLuint first = 0; first < 4 * indexed_shapes_; first += 4)
            for (const GLuint corner : {0u, 1u, 2u, 2u, 1u, 3u})
                indices.push_back(first + corner);
        glBufferData(GL_ELEMENT_ARRAY_BUFFER,
                     static_cast<GLsizeiptr>(indices.size() * sizeof(GLuint)), indices.data(),
                     GL_STATIC_DRAW);
    }
    glBindBuffer(GL_ARRAY_BUFFER, vertex_buffer_);
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(vertices_.size() * sizeof(Vertex)),
                 vertices_.data(), GL_STREAM_DRAW);
    glDrawElements(GL_TRIANGLES, static_cast<GLsizei>(6 * shapes), GL_UNSIGNED_INT, nullptr);
    glBindVertexArray(0);
    glUseProgram(0);
    vertices_.clear();
}

void ShapeRenderer::add(Vec2 a, Vec2 b, double radius, float radius_px, float outline_px,
                        float dash_px, Color color, bool flat_ends, float fill_alpha) {
    const Vec2 ra = a - camera_.center, rb = b - camera_.center;
    const auto s = static_cast<float>(framebuffer_scale_);
    const Vertex vertex{{static_cast<float>(ra.x), static_cast<float>(ra.y),
                         static_cast<float>(rb.x), static_cast<float>(rb.y)},
                        {static_cast<float>(radius), radius_px * s, outline_px * s, dash_px * s},
                        {color.r, color.g, color.b, color.a},
                        {flat_ends ? 1.0f : 0.0f, fill_alpha, 0.0f, 0.0f}};
    vertices_.insert(vertices_.end(), 4, vertex);
}

void ShapeRenderer::disc(Vec2 center, double radius, Color color) {
    add(center, center, radius, 0.0f, 0.0f, 0.0f, color);
}
void ShapeRenderer::circle_outline(Vec2 center, double radius, float width_px, Color color,
                                   float dash_px) {
    add(center, center, radius, 0.0f, width_px, dash_px, color);
}
void ShapeRenderer::outlined_disc(Vec2 center, double radius, float fill_alpha, float width_px,
                                  Color color) {
    add(center, center, radius, 0.0f, width_px, 0.0f, color, false, fill_alpha);
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
