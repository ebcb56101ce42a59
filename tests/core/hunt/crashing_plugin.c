/* An engine plugin that crashes on some inputs, for the hunt's tests (tests/core/hunt): a
 * translating circle against a still segment, it aborts (SIGABRT, as a failed assertion does)
 * when the circle's centre starts left of the y axis (x < 0) and otherwise reports no contact,
 * whatever the input (a miss wherever there is a contact). SIGABRT rather than a null pointer's
 * SIGSEGV: AddressSanitizer (./dev.sh asan) turns a SIGSEGV into a report and exit status 1, and
 * leaves SIGABRT alone, so the tests read the same ending in every build. */
#include "ccd/engine_plugin.h"

#include <stdio.h>
#include <stdlib.h>

static void time_of_impact(const ccd_side* mover, const ccd_side* obstacle, ccd_result* r) {
    (void)obstacle;
    if (mover->position.x < 0.0) abort();
    r->status = CCD_MISS;
    snprintf(r->note, sizeof r->note, "never a contact");
}

static const ccd_pair_kind kPairs[] = {
    {{CCD_SHAPE_CIRCLE, CCD_MOTION_TRANSLATION}, {CCD_SHAPE_SEGMENT, CCD_MOTION_STILL}},
};

static const ccd_engine_plugin kPlugin = {
    CCD_ENGINE_ABI_VERSION,
    "crashing",
    "1.0",
    "crashes left of the y axis, misses elsewhere",
    kPairs,
    1,
    time_of_impact,
};

CCD_ENGINE_EXPORT const ccd_engine_plugin* ccd_engine_plugin_v1(void) {
    return &kPlugin;
}
