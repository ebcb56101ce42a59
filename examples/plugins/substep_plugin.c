/* substep_plugin: continuous collision the way it is often written by hand, as an engine plugin
 * (docs/engines.md). The frame is cut into 8 sub-steps and the shapes are tested for overlap at
 * the end of each; the first overlap is the answer. Cheap, and it tunnels: a shape that moves
 * more than its own size in a sub-step can be on one side of a thin wall at one sub-step and on
 * the other side at the next, and the wall is never hit. Plain C. */
#include "ccd/engine_plugin.h"

#include <math.h>
#include <stdio.h>

enum { kSubSteps = 8 };

static ccd_vec2 along(ccd_vec2 p, ccd_vec2 d, double t) {
    ccd_vec2 q = {p.x + d.x * t, p.y + d.y * t};
    return q;
}

static ccd_vec2 minus(ccd_vec2 a, ccd_vec2 b) {
    ccd_vec2 q = {a.x - b.x, a.y - b.y};
    return q;
}

/* The contact at sub-step `step` whose closest points are `on_obstacle` and the circle's centre
 * `centre`, the obstacle's surface `obstacle_radius` out from its closest point. */
static void touch(ccd_result* r, int step, ccd_vec2 centre, ccd_vec2 on_obstacle,
                  double obstacle_radius) {
    ccd_vec2 n = minus(centre, on_obstacle);
    double length = hypot(n.x, n.y);
    if (length > 0.0) {
        n.x /= length;
        n.y /= length;
    } else {
        n.x = 0.0;
        n.y = 1.0;
    }
    r->status = step == 0 ? CCD_OVERLAPPING : CCD_HIT;
    r->t = (double)step / kSubSteps;
    r->normal = n;
    r->point = along(on_obstacle, n, obstacle_radius);
    r->iterations = step + 1;
    snprintf(r->note, sizeof r->note, "overlap found at sub-step %d of %d", step, kSubSteps);
}

/* The closest point to p on the segment from a to b, and which end it is (0: a, 1: b, -1: between).
 */
static ccd_vec2 closest_on_segment(ccd_vec2 p, ccd_vec2 a, ccd_vec2 b, int* end) {
    ccd_vec2 ab = minus(b, a), ap = minus(p, a);
    double length2 = ab.x * ab.x + ab.y * ab.y;
    double s = length2 > 0.0 ? (ap.x * ab.x + ap.y * ab.y) / length2 : 0.0;
    *end = s <= 0.0 ? 0 : s >= 1.0 ? 1 : -1;
    if (s < 0.0) s = 0.0;
    if (s > 1.0) s = 1.0;
    return along(a, ab, s);
}

static void circle_segment(const ccd_side* m, const ccd_side* o, ccd_result* r) {
    for (int step = 0; step <= kSubSteps; ++step) {
        ccd_vec2 c = along(m->position, m->displacement, (double)step / kSubSteps);
        int end;
        ccd_vec2 q = closest_on_segment(c, o->a, o->b, &end);
        ccd_vec2 gap = minus(c, q);
        if (gap.x * gap.x + gap.y * gap.y <= m->radius * m->radius) {
            touch(r, step, c, q, 0.0);
            r->feature = end == 0   ? CCD_FEATURE_ENDPOINT_A
                         : end == 1 ? CCD_FEATURE_ENDPOINT_B
                                    : CCD_FEATURE_SEGMENT_INTERIOR;
            return;
        }
    }
    r->iterations = kSubSteps + 1;
    snprintf(r->note, sizeof r->note, "no overlap at any of %d sub-steps", kSubSteps);
}

static void circle_circle(const ccd_side* m, const ccd_side* o, ccd_result* r) {
    double reach = m->radius + o->radius;
    for (int step = 0; step <= kSubSteps; ++step) {
        double t = (double)step / kSubSteps;
        ccd_vec2 c = along(m->position, m->displacement, t);
        ccd_vec2 other = along(o->position, o->displacement, t);
        ccd_vec2 gap = minus(c, other);
        if (gap.x * gap.x + gap.y * gap.y <= reach * reach) {
            touch(r, step, c, other, o->radius);
            return;
        }
    }
    r->iterations = kSubSteps + 1;
    snprintf(r->note, sizeof r->note, "no overlap at any of %d sub-steps", kSubSteps);
}

static void time_of_impact(const ccd_side* mover, const ccd_side* obstacle, ccd_result* result) {
    if (obstacle->shape == CCD_SHAPE_SEGMENT)
        circle_segment(mover, obstacle, result);
    else
        circle_circle(mover, obstacle, result);
}

static const ccd_pair_kind kPairs[] = {
    {{CCD_SHAPE_CIRCLE, CCD_MOTION_TRANSLATION}, {CCD_SHAPE_SEGMENT, CCD_MOTION_STILL}},
    {{CCD_SHAPE_CIRCLE, CCD_MOTION_TRANSLATION}, {CCD_SHAPE_CIRCLE, CCD_MOTION_TRANSLATION}},
};

static const ccd_engine_plugin kPlugin = {
    CCD_ENGINE_ABI_VERSION,
    "substep",
    "1.0",
    "8 fixed sub-steps with an overlap test at each, as often written by hand (tunnels)",
    kPairs,
    2,
    time_of_impact,
};

CCD_ENGINE_EXPORT const ccd_engine_plugin* ccd_engine_plugin_v1(void) {
    return &kPlugin;
}
