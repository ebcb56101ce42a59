#version 330 core
// One shape is one capsule: the segment a-b inflated by a radius. Discs (a == b), lines
// (radius in pixels only) and points are capsules too. Its quad is four vertices with the same
// attributes (app/kit/shape_renderer.cpp: one indexed draw, not instanced); gl_VertexID's last two
// bits say which corner. Positions are world units relative to the camera center, so float
// precision holds far from the origin.

layout(location = 0) in vec4 in_segment; // a.xy, b.xy
layout(location = 1) in vec4 in_style;   // radius (world), radius (px), outline (px, 0 = filled), dash (px, 0 = solid)
layout(location = 2) in vec4 in_color;   // straight (not premultiplied) alpha
layout(location = 3) in vec4 in_shape;   // x: 1 = flat ends (a rectangle, the capsule's band); y: an outline's inside, its alpha (0: none)

uniform vec2 u_world_to_clip;
uniform float u_pixels_per_unit;

out vec2 v_position;
flat out vec4 v_segment;
flat out vec4 v_style;
flat out vec4 v_color;
flat out vec4 v_shape;

void main() {
    // Corners 0 to 3: (-1, -1), (1, -1), (-1, 1), (1, 1).
    vec2 corner = vec2(float(gl_VertexID & 1), float((gl_VertexID >> 1) & 1)) * 2.0 - 1.0;
    vec2 a = in_segment.xy;
    vec2 b = in_segment.zw;
    // One pixel out: shape.frag leaves every pixel whose center is half a pixel out untouched.
    float reach = in_style.x + (in_style.y + 1.0) / u_pixels_per_unit;
    vec2 axis = b - a;
    float len = length(axis);
    vec2 along = len > 0.0 ? axis / len : vec2(1.0, 0.0);
    vec2 across = vec2(-along.y, along.x);
    vec2 p = 0.5 * (a + b) + along * corner.x * (0.5 * len + reach) + across * corner.y * reach;
    v_position = p;
    v_segment = in_segment;
    v_style = in_style;
    v_color = in_color;
    v_shape = in_shape;
    gl_Position = vec4(p * u_world_to_clip, 0.0, 1.0);
}
