#pragma once
// The commands of ccdlab-cli (docs/cli.md), one file each: each reads its arguments (the ones
// after its name), prints its help, answer or errors and returns the exit status.

#include "command_line.hpp"

namespace ccdlab::cli {

int run_toi(const Arguments& args);
int run_replay(const Arguments& args);
int run_check(const Arguments& args);
int run_record(const Arguments& args);
int run_diff(const Arguments& args);
int run_link(const Arguments& args);
int run_bench(const Arguments& args);
int run_import(const Arguments& args);
int run_hunt(const Arguments& args);
int run_export_test(const Arguments& args);

} // namespace ccdlab::cli
