#include "test_prelude.hpp"

namespace ccd::test_export {
namespace {

// What every target's test shares: the expected verdict, an answer, and the judge's rule.
constexpr const char* kJudgeRule = R"CPP(namespace {

// What ccdlab's judge accepts for one case (ccd/judge.hpp; docs/accuracy.md, "The judge"),
// worked out from the certified answer when the file was exported.
struct Expected {
    bool hit;            // a contact in the frame
    double t;            // its time
    double t_low;        // an answer's t agrees from t_low ...
    double t_high;       // ... to t_high (the tolerance, and the slack allowed)
    double nx, ny;       // its normal, unit, from the obstacle toward the mover
    bool overlap;        // touching at t = 0: then t = 0 agrees and the normal is not judged
    bool miss_agrees;    // a miss agrees too: the shapes overlap by less than the tolerance
    bool hit_window;     // no contact, but a hit with its t in [t_low, t_high] agrees (a near pass)
    double normal_angle; // the most an answer's normal may turn from the certified one (radians)
};

// One answer to a case: a hit (its t and normal), a miss, or a failure and why.
struct Answer {
    bool hit = false;
    bool failed = false;
    double t = 0.0, nx = 0.0, ny = 0.0;
    std::string note;
};

std::string number(double x) {
    char text[40];
    std::snprintf(text, sizeof text, "%.17g", x);
    return text;
}

// Why `a` disagrees with the certified answer as the judge has it; empty when it agrees.
std::string disagreement(const Answer& a, const Expected& e) {
    if (a.failed) return "failed: " + a.note;
    if (!a.hit) {
        if (!e.hit || e.miss_agrees) return "";
        return "miss: no contact reported; the first contact is at t = " + number(e.t);
    }
    if (!e.hit) {
        if (e.hit_window && a.t >= e.t_low && a.t <= e.t_high) return "";
        return "false hit: a contact at t = " + number(a.t) +
               " where the shapes never touch in the frame";
    }
    if (e.overlap && a.t == 0.0) return "";
    if (a.t < e.t_low)
        return "early: t = " + number(a.t) + ", before " + number(e.t_low) +
               " (the first contact is at t = " + number(e.t) + ")";
    if (a.t > e.t_high)
        return "miss: t = " + number(a.t) + ", after " + number(e.t_high) +
               " (the first contact is at t = " + number(e.t) + ")";
    if (e.overlap) return "";
    const double angle =
        std::atan2(std::fabs(a.nx * e.ny - a.ny * e.nx), a.nx * e.nx + a.ny * e.ny);
    if (angle > e.normal_angle)
        return "normal off: (" + number(a.nx) + ", " + number(a.ny) + ") is " +
               number(angle * 57.29577951308232) + " degrees from (" + number(e.nx) + ", " +
               number(e.ny) + ")";
    return "";
}

)CPP";

// The certified target: the installed core's query through the pair registry.
constexpr const char* kCertifiedCall =
    R"CPP(// The core's answer (ccd/pair_registry.hpp), by the algorithm named (the certified one: "exact").
Answer certified_answer(const char* name, const ccd::Swept& mover, const ccd::Swept& obstacle) {
    Answer a;
    const ccd::Algorithm* algorithm = ccd::find_algorithm(name);
    if (!algorithm) {
        a.failed = true;
        a.note = std::string("no algorithm \"") + name + "\" in this build of ccd";
        return a;
    }
    if (const auto why = ccd::inexpressible(*algorithm, mover, obstacle)) {
        a.failed = true;
        a.note = *why;
        return a;
    }
    ccd::Trace trace;
    const std::optional<ccd::Hit> hit = ccd::time_of_impact(*algorithm, mover, obstacle, &trace);
    if (trace.iterative && trace.iterative->state == "failed") {
        a.failed = true;
        a.note = trace.iterative->explanation;
    } else if (hit && hit->undecided) {
        a.failed = true;
        a.note = "undecided: the search stopped at its step limit at t = " + number(hit->t);
    } else if (hit) {
        a.hit = true;
        a.t = hit->t;
        a.nx = hit->normal.x;
        a.ny = hit->normal.y;
    }
    return a;
}

} // namespace

)CPP";

// The engine target's plugin: found at run time (or linked in).
constexpr const char* kEnginePlugin =
    R"CPP(// The engine under test, an engine plugin (docs/engines.md): the shared library named by the
// environment variable CCD_ENGINE_PLUGIN, else by the macro CCD_ENGINE_PLUGIN_PATH (a string);
// or, built with -DCCD_ENGINE_LINKED, the plugin's entry point ccd_engine_plugin_v1 linked in.
#ifdef CCD_ENGINE_LINKED
extern "C" const ccd_engine_plugin* ccd_engine_plugin_v1(void);
#endif

const ccd_engine_plugin* engine_plugin(std::string& error) {
#ifdef CCD_ENGINE_LINKED
    const ccd_engine_plugin* plugin = ccd_engine_plugin_v1();
#else
    const char* path = std::getenv("CCD_ENGINE_PLUGIN");
#ifdef CCD_ENGINE_PLUGIN_PATH
    if (!path || !*path) path = CCD_ENGINE_PLUGIN_PATH;
#endif
    if (!path || !*path) {
        error = "no engine: set CCD_ENGINE_PLUGIN to the plugin's path";
        return nullptr;
    }
    void* library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        error = std::string("cannot load the engine: ") + dlerror();
        return nullptr;
    }
    const auto entry =
        reinterpret_cast<ccd_engine_plugin_entry>(dlsym(library, CCD_ENGINE_PLUGIN_SYMBOL));
    const ccd_engine_plugin* plugin = entry ? entry() : nullptr;
#endif
    if (!plugin || plugin->abi_version != CCD_ENGINE_ABI_VERSION) {
        error = "not an engine plugin of ABI version " + std::to_string(CCD_ENGINE_ABI_VERSION);
        return nullptr;
    }
    return plugin;
}

bool declares(const ccd_engine_plugin& plugin, ccd_pair_kind pair) {
    for (int i = 0; i < plugin.pair_count; ++i) {
        const ccd_pair_kind& p = plugin.pairs[i];
        if (p.mover.shape == pair.mover.shape && p.mover.motion == pair.mover.motion &&
            p.obstacle.shape == pair.obstacle.shape && p.obstacle.motion == pair.obstacle.motion)
            return true;
    }
    return false;
}

)CPP";

// The engine target's call, with ccdlab's loader's checks on the answer (plugin_answer.cpp).
constexpr const char* kEngineCall =
    R"CPP(// The engine's answer to the sides as ccdlab's loader hands them over for `pair`; with
// `swapped`, the pair is registered the other way round: the engine is asked obstacle first and
// its normal turned back toward the mover. An answer the loader refuses is a failure.
Answer engine_answer(const ccd_side& mover, const ccd_side& obstacle, ccd_pair_kind pair,
                     bool swapped) {
    Answer a;
    a.failed = true;
    const ccd_engine_plugin* plugin = engine_plugin(a.note);
    if (!plugin) return a;
    const std::string engine = std::string("the engine \"") + plugin->name + "\"";
    if (!declares(*plugin, pair)) {
        a.note = engine + " does not declare this pair of kinds: ccdlab never asks it";
        return a;
    }
    ccd_result r{};
    r.status = CCD_MISS;
    r.feature = CCD_FEATURE_UNNAMED;
    r.mover_vertex = r.mover_edge = r.obstacle_vertex = r.obstacle_edge = -1;
    plugin->time_of_impact(swapped ? &obstacle : &mover, swapped ? &mover : &obstacle, &r);
    if (r.status == CCD_FAILED) {
        a.note = engine + " failed: " + std::string(r.note, strnlen(r.note, sizeof r.note));
        return a;
    }
    if (r.status == CCD_MISS) {
        a.failed = false;
        return a;
    }
    if (r.status == CCD_OVERLAPPING) r.t = 0.0;
    const double length = std::hypot(r.normal.x, r.normal.y);
    if ((r.status != CCD_HIT && r.status != CCD_OVERLAPPING) || !(r.t >= 0.0 && r.t <= 1.0) ||
        !(std::fabs(length - 1.0) <= 1e-9)) {
        a.note = engine + "'s answer is refused by ccdlab's loader (status " +
                 std::to_string(r.status) + ", t = " + number(r.t) + ", |normal| = " +
                 number(length) + ")";
        return a;
    }
    a.failed = false;
    a.hit = true;
    a.t = r.t;
    a.nx = swapped ? -r.normal.x : r.normal.x;
    a.ny = swapped ? -r.normal.y : r.normal.y;
    return a;
}

} // namespace

)CPP";

} // namespace

std::string includes(TestFramework framework, TestTarget target) {
    std::string out;
    switch (framework) {
    case TestFramework::GoogleTest:
        out = "#include <gtest/gtest.h>\n";
        break;
    case TestFramework::Catch2:
        out = "#if __has_include(<catch2/catch_test_macros.hpp>)\n"
              "#include <catch2/catch_test_macros.hpp> // Catch2 3: link Catch2::Catch2WithMain\n"
              "#else\n"
              "#ifndef CCDLAB_TEST_NO_MAIN\n"
              "#define CATCH_CONFIG_MAIN // Catch2 2: this file has the main\n"
              "#endif\n"
              "#include <catch2/catch.hpp>\n"
              "#endif\n";
        break;
    case TestFramework::Doctest:
        out = "#ifndef CCDLAB_TEST_NO_MAIN\n"
              "#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN // this file has the main\n"
              "#endif\n"
              "#include <doctest/doctest.h>\n";
        break;
    }
    out += "\n";
    if (target == TestTarget::Certified)
        out += "#include \"ccd/pair_registry.hpp\"\n#include \"ccd/trace.hpp\"\n\n";
    else
        out += "#include \"ccd/engine_plugin.h\"\n\n#include <dlfcn.h>\n\n";
    return out + "#include <cmath>\n#include <cstdio>\n#include <cstdlib>\n#include <cstring>\n"
                 "#include <optional>\n#include <string>\n\n";
}

std::string helpers(TestTarget target) {
    std::string out = kJudgeRule;
    if (target == TestTarget::Certified) return out + kCertifiedCall;
    return out + kEnginePlugin + kEngineCall;
}

std::string test_opening(TestFramework framework, const std::string& suite,
                         const std::string& name) {
    if (framework == TestFramework::GoogleTest) return "TEST(" + suite + ", " + name + ") {\n";
    return "TEST_CASE(\"" + suite + "." + name + "\") {\n";
}

std::string test_assertion(TestFramework framework) {
    if (framework == TestFramework::GoogleTest) return "    EXPECT_TRUE(why.empty()) << why;\n";
    return "    INFO(why);\n    CHECK(why.empty());\n";
}

} // namespace ccd::test_export
