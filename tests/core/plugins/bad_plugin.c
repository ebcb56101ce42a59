/* Engine plugins that are wrong in one way each, for the loader's and ccdlab-cli's tests: built
 * once per way, BAD_PLUGIN naming it (tests/CMakeLists.txt). Every one answers a translating
 * circle against a still segment. */
#include "ccd/engine_plugin.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MISSING_SYMBOL 1
#define ABI_VERSION 2
#define NAN_OUTPUT 3
#define T_OUT_OF_RANGE 4
#define NON_UNIT_NORMAL 5
#define UNREGISTERED_PAIR 6
#define NAME_TAKEN 7
#define FAILS 8
#define CRASHES 9

static void time_of_impact(const ccd_side* mover, const ccd_side* obstacle, ccd_result* r) {
    (void)mover;
    (void)obstacle;
    r->status = CCD_HIT;
    r->t = 0.5;
    r->normal.y = 1.0;
#if BAD_PLUGIN == NAN_OUTPUT
    r->point.x = nan("");
#elif BAD_PLUGIN == T_OUT_OF_RANGE
    r->t = 1.5;
#elif BAD_PLUGIN == NON_UNIT_NORMAL
    r->normal.y = 0.5;
#elif BAD_PLUGIN == FAILS
    r->status = CCD_FAILED;
    strcpy(r->note, "no convergence in 3 iterations");
#elif BAD_PLUGIN == CRASHES
    abort();
#endif
}

static const ccd_pair_kind kPairs[] = {
#if BAD_PLUGIN == UNREGISTERED_PAIR
    {{CCD_SHAPE_POINT, CCD_MOTION_TURNING}, {CCD_SHAPE_POINT, CCD_MOTION_STILL}},
#else
    {{CCD_SHAPE_CIRCLE, CCD_MOTION_TRANSLATION}, {CCD_SHAPE_SEGMENT, CCD_MOTION_STILL}},
#endif
};

static const ccd_engine_plugin kPlugin = {
#if BAD_PLUGIN == ABI_VERSION
    CCD_ENGINE_ABI_VERSION + 1,
#else
    CCD_ENGINE_ABI_VERSION,
#endif
#if BAD_PLUGIN == NAME_TAKEN
    "exact",
#else
    BAD_PLUGIN_NAME,
#endif
    "0.1",
    "wrong on purpose",
    kPairs,
    1,
    time_of_impact,
};

#if BAD_PLUGIN == MISSING_SYMBOL
CCD_ENGINE_EXPORT const ccd_engine_plugin* ccd_engine_plugin_v0(void) {
#else
CCD_ENGINE_EXPORT const ccd_engine_plugin* ccd_engine_plugin_v1(void) {
#endif
    return &kPlugin;
}
