#version 330 core
// Signed-distance shading of a capsule, antialiased over one pixel at any zoom: a pixel whose
// center lies half a pixel or more outside the shape is not touched (shaders/shape.vert's quad
// reaches one pixel out).

in vec2 v_position;
flat in vec4 v_segment;
flat in vec4 v_style;
flat in vec4 v_color;
flat in vec4 v_shape;

uniform float u_pixels_per_unit;

out vec4 out_color;

void main() {
    vec2 a = v_segment.xy;
    vec2 ab = v_segment.zw - a;
    vec2 ap = v_position - a;
    float len2 = dot(ab, ab);
    float h_free = len2 > 0.0 ? dot(ap, ab) / len2 : 0.0;
    float h = clamp(h_free, 0.0, 1.0);
    float radius_px = v_style.x * u_pixels_per_unit + v_style.y;
    float edge_px = length(ap - ab * h) * u_pixels_per_unit - radius_px; // < 0 inside

    float coverage;
    float fill = 0.0; // an outlined shape's inside, in its colour at alpha v_shape.y
    if (v_style.z > 0.0) {
        float half_width = 0.5 * v_style.z;
        coverage = clamp(half_width + 0.5 - abs(edge_px + half_width), 0.0, 1.0);
        fill = v_shape.y * clamp(0.5 - edge_px, 0.0, 1.0);
    } else {
        coverage = clamp(0.5 - edge_px, 0.0, 1.0);
    }
    if (v_style.w > 0.0) {
        // Dashes run along the segment, or around a disc.
        float run_px = len2 > 0.0 ? h * sqrt(len2) * u_pixels_per_unit
                                  : (atan(ap.y, ap.x) + 3.14159265) * radius_px;
        if (mod(run_px, 2.0 * v_style.w) > v_style.w) coverage = 0.0;
    }
    if (v_shape.x > 0.0 && len2 > 0.0) {
        // Flat ends: cut at the perpendiculars through a and b, antialiased like the sides.
        float beyond_px = max(-h_free, h_free - 1.0) * sqrt(len2) * u_pixels_per_unit;
        coverage = min(coverage, clamp(0.5 - beyond_px, 0.0, 1.0));
    }
    // The outline over the inside, as two shapes blended one over the other would be.
    float alpha = v_color.a * coverage;
    alpha += fill * (1.0 - alpha);
    if (alpha <= 0.0) discard;
    out_color = vec4(v_color.rgb, alpha);
}
