#pragma once
// What the certified turning engine (ccd/toi_turning.hpp) has done on this thread: the steps
// (bounded intervals) of its searches, added up, and how many searches stopped at the step
// limit, undecided. A caller that bounds its own work by the search's cost (the World's step
// budget, docs/scheduler.md) reads it before and after a query.

namespace ccd::detail {

struct SearchWork {
    long long steps = 0;
    long long undecided = 0;
};

// This thread's counts, from 0 when the thread started; never reset.
SearchWork& certified_search_work();

} // namespace ccd::detail
