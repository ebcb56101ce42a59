/* The C ABI of an engine plugin: a shared library whose own time-of-impact code answers in
 * ccdlab as one more algorithm (docs/engines.md). Plain C, usable from C and C++: no C++ type
 * and no exception crosses it. A plugin exports one function,
 *
 *     const ccd_engine_plugin* ccd_engine_plugin_v1(void);
 *
 * (CCD_ENGINE_PLUGIN_SYMBOL) returning a description of itself that lives as long as the
 * library: its ABI version, name, version, the pairs of kinds it answers and its query. The
 * loader (ccd/plugin_loader.hpp) registers it as the algorithm of its name, with one row for
 * each pair it declares. */
#ifndef CCD_ENGINE_PLUGIN_H
#define CCD_ENGINE_PLUGIN_H

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this header's structs; a plugin built against another is refused. */
#define CCD_ENGINE_ABI_VERSION 1
/* The name of the function a plugin exports. */
#define CCD_ENGINE_PLUGIN_SYMBOL "ccd_engine_plugin_v1"
/* Marks the entry point exported from a library built with hidden visibility. */
#if defined(__GNUC__) || defined(__clang__)
#define CCD_ENGINE_EXPORT __attribute__((visibility("default")))
#else
#define CCD_ENGINE_EXPORT
#endif
/* The size of a result's note, its terminating NUL included. */
#define CCD_ENGINE_NOTE_SIZE 256

/* The shapes and the motions of a side, in the order of ccd::ShapeKind and ccd::MotionKind. */
typedef enum ccd_shape_kind {
    CCD_SHAPE_POINT = 0,
    CCD_SHAPE_CIRCLE = 1,
    CCD_SHAPE_SEGMENT = 2,
    CCD_SHAPE_POLYGON = 3
} ccd_shape_kind;

typedef enum ccd_motion_kind {
    CCD_MOTION_STILL = 0,
    CCD_MOTION_TRANSLATION = 1,
    CCD_MOTION_END_MOTION = 2, /* a segment whose ends each move linearly */
    CCD_MOTION_TURNING = 3     /* a turn about a pivot that itself translates */
} ccd_motion_kind;

typedef struct ccd_vec2 {
    double x, y;
} ccd_vec2;

/* One side of a query at t = 0 and how it moves over the frame (t from 0 to 1), as ccd::Swept
 * holds it. The fields of its shape are set, and those of every motion its motion is a case of
 * (still: all zero; a translation: also the ends' displacements alike, and a turn by 0 about the
 * origin), so a plugin may read the fields of the motion it declared; the others are zero. */
typedef struct ccd_side {
    int shape;                /* a ccd_shape_kind */
    ccd_vec2 position;        /* a point's position, a circle's center */
    double radius;            /* a circle's */
    ccd_vec2 a, b;            /* a segment's ends */
    const ccd_vec2* vertices; /* a polygon's (edge k runs from vertex k to vertex k + 1) */
    int vertex_count;         /* either winding */
    int motion;               /* a ccd_motion_kind */
    ccd_vec2 displacement;    /* a translation's; a turning side's pivot's */
    ccd_vec2 displacement_a;  /* an end motion's, of end a */
    ccd_vec2 displacement_b;  /* an end motion's, of end b */
    ccd_vec2 pivot;           /* a turning side's pivot at t = 0 */
    double angle;             /* radians turned counter-clockwise over the frame */
} ccd_side;

/* A kind of side, and a pair of them that a plugin answers: the mover's and the obstacle's.
 * Each pair must be one of ccdlab's registered pairs (ccdlab-cli toi --help lists them), for
 * example a translating circle against a still segment. */
typedef struct ccd_side_kind {
    int shape;  /* a ccd_shape_kind */
    int motion; /* a ccd_motion_kind */
} ccd_side_kind;

typedef struct ccd_pair_kind {
    ccd_side_kind mover;
    ccd_side_kind obstacle;
} ccd_pair_kind;

typedef enum ccd_status {
    CCD_MISS = 0,        /* no contact in [0, 1] */
    CCD_HIT = 1,         /* first contact at t */
    CCD_OVERLAPPING = 2, /* already touching at t = 0 (t is taken as 0) */
    CCD_FAILED = 3       /* no answer: the note says why */
} ccd_status;

/* What Hit calls the obstacle's part that was touched (ccd::Feature's order). */
typedef enum ccd_feature {
    CCD_FEATURE_UNNAMED = -1, /* the loader names it from the obstacle's shape */
    CCD_FEATURE_SEGMENT_INTERIOR = 0,
    CCD_FEATURE_ENDPOINT_A = 1,
    CCD_FEATURE_ENDPOINT_B = 2,
    CCD_FEATURE_POINT = 3,
    CCD_FEATURE_CIRCLE = 4,
    CCD_FEATURE_POLYGON_EDGE = 5,
    CCD_FEATURE_POLYGON_VERTEX = 6
} ccd_feature;

/* A query's answer. The loader fills it with a miss (the optional fields -1, the note empty)
 * before the call; the query sets what it knows. A hit's t must be in [0, 1], its point and
 * normal finite, the normal of unit length (within 1e-9) from the obstacle toward the mover,
 * the point on the obstacle's surface; an answer that is not is refused. */
typedef struct ccd_result {
    int status;                      /* a ccd_status */
    double t;                        /* the time of first contact */
    ccd_vec2 point;                  /* the contact point at t */
    ccd_vec2 normal;                 /* unit, from the obstacle toward the mover */
    int iterations;                  /* the work it did, in its own unit (steps, iterations) */
    char note[CCD_ENGINE_NOTE_SIZE]; /* one line, NUL-terminated: why, how (optional) */
    /* Optional: the part touched, and the numbered parts (a polygon's vertex or edge, a
     * segment's end a = 0 or b = 1), -1 where none is named. */
    int feature; /* a ccd_feature */
    int mover_vertex, mover_edge, obstacle_vertex, obstacle_edge;
} ccd_result;

/* The query: the mover against the obstacle, each of one of the declared pairs' kinds. It must
 * not keep the pointers past its return. Called from one thread at a time. */
typedef void (*ccd_time_of_impact_fn)(const ccd_side* mover, const ccd_side* obstacle,
                                      ccd_result* result);

typedef struct ccd_engine_plugin {
    int abi_version;         /* CCD_ENGINE_ABI_VERSION */
    const char* name;        /* the algorithm's name, as typed after --algorithm */
    const char* version;     /* the plugin's own version, for messages */
    const char* description; /* one line, for menus and --help */
    const ccd_pair_kind* pairs;
    int pair_count;
    ccd_time_of_impact_fn time_of_impact;
} ccd_engine_plugin;

typedef const ccd_engine_plugin* (*ccd_engine_plugin_entry)(void);

#ifdef __cplusplus
}
#endif

#endif /* CCD_ENGINE_PLUGIN_H */
