#pragma once
// ShapeRenderer: draws the world as capsules with signed-distance shading (shaders/shape.vert,
// shaders/shape.frag), each a quad of four vertices, all in one indexed draw call. Not
// instanced: software rasterisers (a browser's SwiftShader) run one draw per instance, which
// cost about 16 us each. Collect shapes between begin() and end().

#include "camera.hpp"
#include "color.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace ccdlab {

class ShapeRenderer {
public:
    ShapeRenderer();
    ~ShapeRenderer();
    ShapeRenderer(const ShapeRenderer&) = delete;
    ShapeRenderer& operator=(const ShapeRenderer&) = delete;

    // `framebuffer_scale`: framebuffer pixels per window pixel (HiDPI).
    void begin(const Camera& camera, double framebuffer_scale);
    void end(); // draws everything collected, in order

    void disc(Vec2 center, double radius, Color color);
    void circle_outline(Vec2 center, double radius, float width_px, Color color,
                        float dash_px = 0.0f);
    // A disc in `color` at alpha `fill_alpha` inside its outline in `color`: the same pixels as
    // disc() then circle_outline(), in one shape.
    void outlined_disc(Vec2 center, double radius, float fill_alpha, float width_px, Color color);
    void capsule(Vec2 a, Vec2 b, double radius, Color color);
    void capsule_outline(Vec2 a, Vec2 b, double radius, float width_px, Color color,
                         float dash_px = 0.0f);
    // The capsule's band only: the rectangle of half-width `radius` along a-b, flat ends.
    void band(Vec2 a, Vec2 b, double radius, Color color);
    void line(Vec2 a, Vec2 b, float width_px, Color color, float dash_px = 0.0f);
    // The closed outline through `vertices` (each moved by `offset`): a polygon's edges.
    void polygon_outline(std::span<const Vec2> vertices, float width_px, Color color,
                         float dash_px = 0.0f, Vec2 offset = {});
    void point(Vec2 p, float radius_px, Color color);
    void arrow(Vec2 from, Vec2 to, float width_px, Color color);

    // What the last end() drew: the shapes (a quad each), and the framebuffer pixels their
    // quads cover (each shaded once per shape, overlaps counted again).
    struct Drawn {
        std::size_t shapes = 0;
        double quad_pixels = 0.0;
    };
    const Drawn& last_drawn() const { return last_drawn_; }

private:
    // One shape's attributes, the same at its quad's four corners (the vertex shader tells the
    // corners apart by gl_VertexID).
    struct Vertex {
        float segment[4];
        float style[4];
        float color[4];
        float shape[4];
    };
    void add(Vec2 a, Vec2 b, double radius, float radius_px, float outline_px, float dash_px,
             Color color, bool flat_ends = false, float fill_alpha = 0.0f);

    Drawn last_drawn_;
    Camera camera_;
    double framebuffer_scale_ = 1.0;
    std::vector<Vertex> vertices_; // four per shape
    std::uint32_t program_ = 0, vao_ = 0, vertex_buffer_ = 0, index_buffer_ = 0;
    std::size_t indexed_shapes_ = 0; // the shapes the index buffer holds the triangles of
    int world_to_clip_location_ = -1, pixels_per_unit_location_ = -1;
};

} // namespace ccdlab
