// The hostile campaign: a million generated inputs (hostile_inputs.hpp) against `ccdlab-cli
// toi`'s line front end, the World and the real engines' worlds, judged by toi_answer_check.hpp
// and world_invariants.hpp (an engine's world by whether it ends the program).
// tests/fuzz/README.md says how to run it and what it reports.
//
//   hostile_campaign [--inputs N] [--first I] [--seed S] [--jobs J] [--timeout SECONDS]
//                    [--out DIR] [--print] [--known CATEGORY:FAMILY]... [--family FAMILY]...
//
// Inputs I .. I + N - 1 run in worker processes (J at a time, in chunks), so that a crash or a
// hang costs one input, not the campaign: the parent watches which input each worker is on,
// kills a worker that spent more processor time on one input than the timeout, or waited on it
// five times as long by the wall clock (a hang: work without end, or a read that never returns),
// and restarts after the input that crashed or hung. Processor time, not the wall clock's: on
// a shared machine an input's wall time is mostly other work's. Each worker's address space is
// capped (4 GiB), so unbounded memory is an exception, not a machine in swap. Findings go to
// DIR/findings.txt (one a line: category, input number, family, what), the first inputs of each
// category to DIR/CATEGORY-NUMBER.jsonl or .json, the counts to standard output. Exit status 1 when
// anything was found but what --known names (a CATEGORY:FAMILY known open, findings/README.md).
// --print writes the inputs instead of running them. --family runs only the inputs of that family
// (of any named), the others skipped: a family of one input in a hundred, a few thousand times.
#include "hostile_inputs.hpp"
#include "toi_answer_check.hpp"
#include "toi_line.hpp"
#include "turning_answer_check.hpp"
#include "world_invariants.hpp"

#include "ccd/algorithms.hpp"
#include "ccd/box2d_toi.hpp"
#include "ccd/engine_run.hpp"
#include "ccd/frame_range_export.hpp"
#include "ccd/run_comparison.hpp"
#include "ccd/scene_link.hpp"
#include "ccd/scene_loader.hpp"
#include "ccd/scene_world.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <new>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

namespace {

using ccdfuzz::HostileInput;
using Clock = std::chrono::steady_clock;

struct Options {
    std::uint64_t inputs = 1'000'000;
    std::uint64_t first = 0;
    std::uint64_t seed = 19;
    int jobs = 2;
    double timeout = 2.0;
    std::filesystem::path out = "hostile-campaign";
    bool print = false;
    // CATEGORY:FAMILY pairs known to be open (findings/README.md): counted and shown apart, and
    // not a failure of the run's exit status.
    std::vector<std::string> known;
    // The families to run (the others skipped); empty: every input.
    std::vector<std::string> families;
};

// Options::families, which the workers read (they are forked after it is set).
std::vector<std::string> only_families;

bool runs(const HostileInput& in) {
    return only_families.empty() ||
           std::find(only_families.begin(), only_families.end(), in.family) != only_families.end();
}

// What a worker shares with the parent: the input it is on, since when by the wall clock and
// by its own processor time.
struct Slot {
    std::atomic<std::uint64_t> index;
    std::atomic<std::int64_t> started_ns;
    std::atomic<std::int64_t> started_cpu_ns;
};

std::int64_t now_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch())
        .count();
}

// The processor time process `pid` has spent (its own when 0), in ns; -1 when it cannot be read.
std::int64_t cpu_ns(pid_t pid) {
    clockid_t clock = CLOCK_PROCESS_CPUTIME_ID;
    if (pid != 0 && clock_getcpuclockid(pid, &clock) != 0) return -1;
    timespec ts{};
    if (clock_gettime(clock, &ts) != 0) return -1;
    return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

int findings_fd = -1;

// One finding, one write (the file is opened with O_APPEND: lines from workers do not mix).
void report(const std::string& category, std::uint64_t index, const std::string& family,
            std::string what) {
    for (char& c : what)
        if (c == '\n' || c == '\t') c = ' ';
    if (what.size() > 600) what = what.substr(0, 600) + "...";
    const std::string line =
        category + '\t' + std::to_string(index) + '\t' + family + '\t' + what + '\n';
    if (::write(findings_fd, line.data(), line.size()) < 0) std::perror("findings");
}

std::string clip(const std::string& text) {
    return text.size() > 200 ? text.substr(0, 200) + "..." : text;
}

// A scene's link with one character of its data changed: refused naming that character (its
// checksum), or the same scene (only the last character's padding bits changed). The version
// byte's two characters may be refused by the version's own message.
void run_link(const HostileInput& in, std::uint64_t index) {
    ccd::Scene scene;
    try {
        scene = ccd::parse_scene(in.text, "hostile.json");
    } catch (const ccd::SceneError&) {
        return;
    }
    const std::string link = ccd::scene_link(scene);
    const std::size_t data = link.find('#') + 7;
    const std::size_t at = data + in.changed_at % (link.size() - data);
    if (link[at] == in.changed_to) return;
    std::string changed = link;
    changed[at] = in.changed_to;
    try {
        if (ccd::scene_from_link(changed) != scene)
            report("link_silent_change", index, in.family,
                   "character " + std::to_string(at + 1) + " changed, another scene opened");
    } catch (const ccd::SceneError& e) {
        const std::string what = e.what();
        if (at >= data + 2 &&
            what.find("character " + std::to_string(at + 1) + " (") == std::string::npos)
            report("link_unlocated", index, in.family,
                   "character " + std::to_string(at + 1) + " changed: " + what);
    }
}

// A scene's runs compared as they are stepped (compare_runs) and whole (find_divergence over
// record_run): the same counts and differences.
void run_diff(const HostileInput& in, std::uint64_t index) {
    ccd::Scene scene;
    ccd::RunSettings b;
    try {
        scene = ccd::parse_scene(in.text, "hostile.json");
        ccd::make_world(scene);
    } catch (const ccd::SceneError&) {
        return;
    }
    ccd::apply_setting(b, in.setting);
    const ccd::RunComparison streamed = ccd::compare_runs(scene, {}, b, in.frames);
    const ccd::RunDivergence whole =
        ccd::find_divergence(ccd::record_run(scene, {}, in.frames).events,
                             ccd::record_run(scene, b, in.frames).events, streamed.within);
    const ccd::RunDivergence& d = streamed.divergence;
    bool same = d.events_a == whole.events_a && d.events_b == whole.events_b &&
                d.differing == whole.differing && d.differences.size() == whole.differences.size();
    for (std::size_t k = 0; same && k < d.differences.size(); ++k)
        same = d.differences[k].index == whole.differences[k].index &&
               d.differences[k].fields.names() == whole.differences[k].fields.names() &&
               d.differences[k].fields.missing == whole.differences[k].fields.missing;
    if (!same)
        report("diff_mismatch", index, in.family,
               in.setting + ", " + std::to_string(in.frames) + " frames: streamed " +
                   std::to_string(d.differing) + " differing of " + std::to_string(d.events_a) +
                   "/" + std::to_string(d.events_b) + ", whole " + std::to_string(whole.differing) +
                   " of " + std::to_string(whole.events_a) + "/" + std::to_string(whole.events_b));
}

// A file that is not a regular one, loaded as a scene: a SceneError (a hang is the parent's).
void run_special_file(const HostileInput& in, std::uint64_t index) {
    std::string path = in.text;
    if (path == "directory") path = std::filesystem::temp_directory_path().string();
    if (path == "fifo") {
        path = (std::filesystem::temp_directory_path() /
                ("ccdlab-hostile-fifo-" + std::to_string(::getpid())))
                   .string();
        ::unlink(path.c_str());
        if (::mkfifo(path.c_str(), 0600) != 0) return;
    }
    try {
        ccd::load_scene_file(path);
        report("special_file_loaded", index, in.family, path + " loaded as a scene");
    } catch (const ccd::SceneError&) {
    }
    if (in.text == "fifo") ::unlink(path.c_str());
}

// The scene in each real engine's world, as `replay --engine-world` steps it: a scene an engine
// cannot take is refused by name (docs/engines.md, "What each engine's world is given"); an
// engine that stops the program instead is the parent's crash. The tunnels are not looked for:
// that steps the World once a frame for each engine, and tripled the smoke's time.
void run_engine_worlds(const ccd::Scene& scene, int frames) {
    for (const ccd::EngineKind engine :
         {ccd::EngineKind::Box2d, ccd::EngineKind::Bullet, ccd::EngineKind::Chipmunk}) {
        try {
            ccd::run_engine(scene, engine, frames);
        } catch (const ccd::SceneError&) {
        }
    }
}

// Runs one input and reports what is wrong with its outcome.
void run_one(std::uint64_t seed, std::uint64_t index) {
    HostileInput in;
    try {
        in = ccdfuzz::hostile_input(seed, index);
    } catch (const std::exception& e) { // the generator's own bug, not the product's
        report("generator", index, "generator", e.what());
        return;
    }
    if (!runs(in)) return;
    try {
        if (in.kind == HostileInput::Kind::ToiLine) {
            const ccd::Algorithm& algorithm = ccd::algorithms()[in.algorithm];
            const bool exact = in.algorithm == 0;
            const ccdlab::cli::LineAnswer answer =
                ccdlab::cli::answer_line(in.text, 1, algorithm, in.trace);
            if (answer.text.empty()) return; // a blank line
            if (in.must_be_refused && !answer.error) {
                report(in.refused_because + "_accepted", index, in.family,
                       "answered " + clip(answer.text));
                return;
            }
            if (auto v = ccdfuzz::check_toi_answer(in.text, answer.text, exact))
                report(v->kind, index, in.family, v->detail + "; answer " + clip(answer.text));
            else if (exact && !answer.error)
                if (auto r = ccdfuzz::check_toi_answer_relative(in.text, answer.text))
                    report(r->kind, index, in.family, r->detail + "; answer " + clip(answer.text));
            if (exact && !answer.error)
                if (auto t = ccdfuzz::check_turning_answer(
                        in.text, answer.text, in.family == "toi_turning_step_limit" ? 4097 : 257))
                    report(t->kind, index, in.family, t->detail + "; answer " + clip(answer.text));
        } else if (in.kind == HostileInput::Kind::Link) {
            run_link(in, index);
        } else if (in.kind == HostileInput::Kind::Diff) {
            run_diff(in, index);
        } else if (in.kind == HostileInput::Kind::SpecialFile) {
            run_special_file(in, index);
        } else {
            ccd::Scene scene;
            try {
                scene = ccd::parse_scene(in.text, "hostile.json");
            } catch (const ccd::SceneError&) {
                return;
            }
            if (in.must_be_refused) {
                report(in.refused_because + "_accepted", index, in.family, "the scene loaded");
                return;
            }
            if (auto v = ccdfuzz::world_violation(scene, in.frames)) {
                const auto says = [&v](const char* what) {
                    return v->find(what) != std::string::npos;
                };
                const std::string category = says("left its box")        ? "world_box"
                                             : says("read back")         ? "world_readback"
                                             : says("cannot be written") ? "world_unwritable"
                                             : says("not between")       ? "world_crush"
                                             : says("is not unit")       ? "world_normal"
                                             : says("normal that is")    ? "world_normal"
                                                                         : "world_nan";
                report(category, index, in.family, *v);
            }
            run_engine_worlds(scene, in.frames);
        }
    } catch (const std::bad_alloc&) {
        report("memory", index, in.family, "out of memory (the worker's cap is 4 GiB)");
    } catch (const std::exception& e) {
        // In ccdlab-cli this escapes main: the process aborts (exit 134), later lines lost.
        report("abort", index, in.family, std::string("uncaught exception: ") + e.what());
    }
}

[[noreturn]] void worker(const Options& o, Slot* slot, std::uint64_t begin, std::uint64_t end) {
    const rlimit cap{4ull << 30, 4ull << 30};
    setrlimit(RLIMIT_AS, &cap);
    for (std::uint64_t i = begin; i < end; ++i) {
        slot->started_cpu_ns.store(cpu_ns(0));
        slot->started_ns.store(now_ns());
        slot->index.store(i);
        run_one(o.seed, i);
    }
    std::_Exit(0);
}

struct Running {
    pid_t pid = -1;
    std::uint64_t end = 0;
};

std::string file_name(const std::string& category, std::uint64_t index, const HostileInput& in) {
    return category + "-" + std::to_string(index) +
           (in.kind == HostileInput::Kind::ToiLine ? ".jsonl" : ".json");
}

void write_input(const std::filesystem::path& path, const HostileInput& in) {
    std::ofstream out(path, std::ios::binary);
    out << in.text << '\n';
}

int usage() {
    std::cerr << "usage: hostile_campaign [--inputs N] [--first I] [--seed S] [--jobs J] "
                 "[--timeout SECONDS] [--out DIR] [--print] [--known CATEGORY:FAMILY]... "
                 "[--family FAMILY]...\n";
    return 2;
}

} // namespace

int main(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const bool has_value = i + 1 < argc;
        if (arg == "--inputs" && has_value)
            o.inputs = std::stoull(argv[++i]);
        else if (arg == "--first" && has_value)
            o.first = std::stoull(argv[++i]);
        else if (arg == "--seed" && has_value)
            o.seed = std::stoull(argv[++i]);
        else if (arg == "--jobs" && has_value)
            o.jobs = std::max(1, std::stoi(argv[++i]));
        else if (arg == "--timeout" && has_value)
            o.timeout = std::stod(argv[++i]);
        else if (arg == "--out" && has_value)
            o.out = argv[++i];
        else if (arg == "--print")
            o.print = true;
        else if (arg == "--known" && has_value)
            o.known.push_back(argv[++i]);
        else if (arg == "--family" && has_value)
            o.families.push_back(argv[++i]);
        else
            return usage();
    }
    // The inputs name algorithms by their index: the campaign's list must be ccdlab-cli's.
    ccd::box2d::register_algorithm();
    if (ccd::algorithms().size() != static_cast<std::size_t>(ccdfuzz::kAlgorithmCount) ||
        ccd::algorithms().back().name != std::string_view("box2d")) {
        std::cerr << "hostile_campaign: the algorithms are not the " << ccdfuzz::kAlgorithmCount
                  << " the inputs are drawn from (the core's and box2d)\n";
        return 2;
    }
    only_families = o.families;
    if (o.print) {
        for (std::uint64_t i = o.first; i < o.first + o.inputs; ++i) {
            const HostileInput in = ccdfuzz::hostile_input(o.seed, i);
            std::cout << "# input " << i << ": " << in.family;
            if (in.kind == HostileInput::Kind::ToiLine)
                std::cout << ", toi --algorithm " << ccd::algorithms()[in.algorithm].name
                          << (in.trace ? " --trace" : "");
            else
                std::cout << ", scene, " << in.frames << " frames";
            std::cout << '\n' << in.text << '\n';
        }
        return 0;
    }

    std::filesystem::create_directories(o.out);
    const std::filesystem::path findings = o.out / "findings.txt";
    findings_fd = ::open(findings.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0644);
    if (findings_fd < 0) {
        std::perror(findings.c_str());
        return 2;
    }
    auto* slots = static_cast<Slot*>(mmap(nullptr, sizeof(Slot) * o.jobs, PROT_READ | PROT_WRITE,
                                          MAP_SHARED | MAP_ANONYMOUS, -1, 0));
    for (int j = 0; j < o.jobs; ++j) {
        new (&slots[j].index) std::atomic<std::uint64_t>(0);
        new (&slots[j].started_ns) std::atomic<std::int64_t>(now_ns());
        new (&slots[j].started_cpu_ns) std::atomic<std::int64_t>(0);
    }

    const auto started = Clock::now();
    const std::uint64_t chunk = 5000;
    std::uint64_t next = o.first;
    const std::uint64_t last = o.first + o.inputs;
    std::vector<Running> running(o.jobs);
    const auto start = [&](int j, std::uint64_t begin, std::uint64_t end) {
        slots[j].index.store(begin);
        slots[j].started_ns.store(now_ns());
        slots[j].started_cpu_ns.store(0); // the worker's clock starts at 0
        std::fflush(nullptr);
        const pid_t pid = fork();
        if (pid == 0) worker(o, &slots[j], begin, end);
        running[j] = {pid, end};
    };
    const auto parent_report = [&](const std::string& category, std::uint64_t index,
                                   const std::string& what) {
        std::string family = "generator";
        try {
            family = ccdfuzz::hostile_input(o.seed, index).family;
        } catch (const std::exception& e) { // the generator's own bug, not the product's
            report("generator", index, family, e.what());
            return;
        }
        report(category, index, family, what);
    };
    std::uint64_t done_reported = 0;
    for (;;) {
        bool any = false;
        for (int j = 0; j < o.jobs; ++j) {
            Running& r = running[j];
            if (r.pid < 0) {
                if (next >= last) continue;
                const std::uint64_t end = std::min(last, next + chunk);
                start(j, next, end);
                next = end;
            }
            any = true;
            int status = 0;
            const pid_t got = waitpid(r.pid, &status, WNOHANG);
            const std::uint64_t at = slots[j].index.load();
            if (got == 0) {
                const double wall =
                    static_cast<double>(now_ns() - slots[j].started_ns.load()) * 1e-9;
                const std::int64_t spent_ns = cpu_ns(r.pid);
                const double cpu =
                    spent_ns < 0
                        ? wall
                        : static_cast<double>(spent_ns - slots[j].started_cpu_ns.load()) * 1e-9;
                if (cpu > o.timeout || wall > 5.0 * o.timeout) { // a hang: this input, then on
                    kill(r.pid, SIGKILL);
                    waitpid(r.pid, &status, 0);
                    parent_report("hang", at,
                                  cpu > o.timeout
                                      ? "still running after " + std::to_string(o.timeout) +
                                            " s of processor time"
                                      : "no answer after " + std::to_string(wall) +
                                            " s by the wall clock (" + std::to_string(cpu) +
                                            " s of processor time)");
                    const std::uint64_t end = r.end;
                    r.pid = -1;
                    if (at + 1 < end) start(j, at + 1, end);
                }
                continue;
            }
            const bool clean = WIFEXITED(status) && WEXITSTATUS(status) == 0;
            const std::uint64_t end = r.end;
            r.pid = -1;
            if (!clean) {
                parent_report("crash", at,
                              WIFSIGNALED(status)
                                  ? std::string("signal ") + strsignal(WTERMSIG(status))
                                  : "exit status " + std::to_string(WEXITSTATUS(status)));
                if (at + 1 < end) start(j, at + 1, end);
            }
        }
        if (!any) break;
        const std::uint64_t done = next - o.first;
        if (done >= done_reported + 100'000) {
            done_reported = done - done % 100'000;
            const double seconds = std::chrono::duration<double>(Clock::now() - started).count();
            std::cerr << "hostile_campaign: " << done_reported << " inputs handed out, "
                      << static_cast<int>(seconds) << " s\n";
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    const double seconds = std::chrono::duration<double>(Clock::now() - started).count();
    ::close(findings_fd);

    // Counts per category and family; the first inputs of each category saved as files.
    std::map<std::string, std::uint64_t> per_category;
    std::map<std::string, std::vector<std::uint64_t>> examples;
    std::map<std::string, std::string> first_detail;
    std::ifstream in(findings);
    for (std::string line; std::getline(in, line);) {
        std::istringstream fields(line);
        std::string category, index, family, what;
        std::getline(fields, category, '\t');
        std::getline(fields, index, '\t');
        std::getline(fields, family, '\t');
        std::getline(fields, what);
        ++per_category[category + " (" + family + ")"];
        if (examples[category].size() < 5) examples[category].push_back(std::stoull(index));
        if (!first_detail.count(category)) first_detail[category] = index + ": " + what;
    }
    for (const auto& [category, indices] : examples)
        for (const std::uint64_t index : indices) {
            if (category == "generator") continue;
            const HostileInput input = ccdfuzz::hostile_input(o.seed, index);
            write_input(o.out / file_name(category, index, input), input);
        }
    std::cout << "hostile_campaign: " << o.inputs << " inputs (" << o.first << " to " << last - 1
              << ", seed " << o.seed << ") in " << static_cast<int>(seconds) << " s with " << o.jobs
              << " workers\n";
    if (!o.families.empty()) { // how many of them were the families', counted again here
        std::uint64_t ran = 0;
        for (std::uint64_t i = o.first; i < last; ++i)
            ran += runs(ccdfuzz::hostile_input(o.seed, i)) ? 1 : 0;
        std::cout << "of them " << ran << " of the families run, the others skipped\n";
    }
    if (per_category.empty()) {
        std::cout << "nothing found\n";
        return 0;
    }
    bool unknown = false;
    for (const auto& [category, count] : per_category) {
        const std::size_t open = category.find(" (");
        const std::string pair =
            category.substr(0, open) + ":" + category.substr(open + 2, category.size() - open - 3);
        const bool known = std::find(o.known.begin(), o.known.end(), pair) != o.known.end();
        unknown = unknown || !known;
        std::cout << "  " << category << ": " << count << (known ? " (known open)" : "") << '\n';
    }
    std::cout << "first of each:\n";
    for (const auto& [category, detail] : first_detail)
        std::cout << "  " << category << " " << detail << '\n';
    std::cout << "findings: " << findings.string() << " (inputs: " << o.out.string()
              << "/CATEGORY-NUMBER.*)\n";
    return unknown ? 1 : 0;
}
