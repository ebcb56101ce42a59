#pragma once
// The CPU versions ("clones") GCC builds of the hot functions on x86-64 Linux: a baseline one,
// x86-64-v3 (AVX2 + FMA: std::fma is one instruction instead of a libm call) and x86-64-v4
// (AVX-512: 32 vector registers, 8 doubles per vector), picked once at load time for the CPU
// (docs/performance.md). Every clone gives the same bits: IEEE operations only, fma exactly
// rounded either way, contraction off (core/CMakeLists.txt).
//
// A machine runs only the clone its CPU picks, so core/CMakeLists.txt also builds the hot files
// with one version only (CCD_CLONE_ONLY="arch=..." or CCD_CLONE_ONLY_BASELINE), and
// tests/clones runs the query tests against each of those libraries that the CPU can run.
//
// CCD_CLONES marks a cloned function; CCD_FLATTEN inlines its helpers into each clone (a helper
// left out of line would be built for the baseline and call libm's fma).

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
#if defined(CCD_CLONE_ONLY)
#define CCD_CLONES __attribute__((target(CCD_CLONE_ONLY)))
#elif defined(CCD_CLONE_ONLY_BASELINE)
#define CCD_CLONES
#else
#define CCD_CLONES __attribute__((target_clones("default", "arch=x86-64-v3", "arch=x86-64-v4")))
#endif
#define CCD_FLATTEN __attribute__((flatten))
#else
#define CCD_CLONES
#define CCD_FLATTEN
#endif
