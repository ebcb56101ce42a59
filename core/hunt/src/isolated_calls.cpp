// A method's answers where a crash cannot end the caller (ccd/isolated_calls.hpp).
#include "ccd/isolated_calls.hpp"

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <optional>
#include <stdexcept>

#if defined(__unix__) && !defined(__EMSCRIPTEN__)
#define CCD_HUNT_FORK 1
#include <csignal>
#include <sys/wait.h>
#include <unistd.h>
#endif

namespace ccd {
namespace {

// One answer as bytes: whether it has a hit, the hit's fields, whether it has a failure and the
// failure's text (at most 1000 bytes). Written and read by the same program.
struct AnswerRecord {
    std::uint8_t has_hit = 0, overlap = 0, approaching = 0, undecided = 0, has_failure = 0;
    std::uint8_t refused = 0;
    double t = 0, px = 0, py = 0, nx = 0, ny = 0;
    std::int32_t feature = 0, parts[4] = {-1, -1, -1, -1};
    std::uint32_t failure_size = 0;
};
constexpr std::size_t kMaxFailure = 1000;

void append_record(std::string& out, const CallOutcome& outcome) {
    const MethodAnswer& answer = outcome.answer;
    AnswerRecord r;
    if (answer.hit) {
        const Hit& h = *answer.hit;
        r = {1,
             h.overlap,
             h.approaching,
             h.undecided,
             0,
             0,
             h.t,
             h.point.x,
             h.point.y,
             h.normal.x,
             h.normal.y,
             static_cast<std::int32_t>(h.feature),
             {h.mover_vertex, h.mover_edge, h.obstacle_vertex, h.obstacle_edge},
             0};
    }
    const std::string failure = answer.failure.value_or("").substr(0, kMaxFailure);
    r.has_failure = answer.failure.has_value();
    r.refused = outcome.refused;
    r.failure_size = static_cast<std::uint32_t>(failure.size());
    out.append(reinterpret_cast<const char*>(&r), sizeof r);
    out += failure;
}

// The answer at `bytes`[at...], `at` moved past it; false when the bytes end before it does.
bool read_record(const std::string& bytes, std::size_t& at, CallOutcome& outcome) {
    AnswerRecord r;
    if (bytes.size() - at < sizeof r) return false;
    std::memcpy(&r, bytes.data() + at, sizeof r);
    if (bytes.size() - at - sizeof r < r.failure_size) return false;
    outcome = {};
    outcome.refused = r.refused;
    MethodAnswer& answer = outcome.answer;
    if (r.has_hit) {
        Hit h;
        h.t = r.t;
        h.point = {r.px, r.py};
        h.normal = {r.nx, r.ny};
        h.feature = static_cast<Feature>(r.feature);
        h.overlap = r.overlap;
        h.approaching = r.approaching;
        h.undecided = r.undecided;
        h.mover_vertex = r.parts[0];
        h.mover_edge = r.parts[1];
        h.obstacle_vertex = r.parts[2];
        h.obstacle_edge = r.parts[3];
        answer.hit = h;
    }
    if (r.has_failure) answer.failure = bytes.substr(at + sizeof r, r.failure_size);
    at += sizeof r + r.failure_size;
    return true;
}

CallOutcome call_one(const Algorithm& algorithm, const HuntCase& c) {
    CallOutcome out;
    if (auto why = inexpressible(algorithm, c.mover, c.obstacle)) {
        out.refused = true;
        out.answer.failure = std::move(why);
        return out;
    }
    out.answer = answer_of(algorithm, c.mover, c.obstacle);
    return out;
}

std::vector<CallOutcome> call_here(const Algorithm& algorithm, std::span<const HuntCase> cases) {
    std::vector<CallOutcome> out;
    out.reserve(cases.size());
    for (const HuntCase& c : cases)
        out.push_back(call_one(algorithm, c));
    return out;
}

#ifdef CCD_HUNT_FORK

bool write_all(int fd, const std::string& bytes) {
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += static_cast<std::size_t>(n);
    }
    return true;
}

[[noreturn]] void run_child(int fd, const Algorithm& algorithm, std::span<const HuntCase> cases) {
    for (const HuntCase& c : cases) {
        std::string bytes;
        append_record(bytes, call_one(algorithm, c));
        if (!write_all(fd, bytes)) ::_exit(3);
    }
    ::_exit(0);
}

std::string ending(int status) {
    if (WIFSIGNALED(status)) {
        const int sig = WTERMSIG(status);
        const char* name = ::strsignal(sig);
        return "killed by signal " + std::to_string(sig) + " (" + (name ? name : "?") + ")";
    }
    if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
    return "ended";
}

// The answers a child gave to `cases` from the first on, until it ended; how it ended when it
// did before the last. Nothing from a child that could not be started.
std::optional<std::string> call_in_child(const Algorithm& algorithm,
                                         std::span<const HuntCase> cases,
                                         std::vector<CallOutcome>& answers) {
    int fds[2];
    if (::pipe(fds) != 0) throw std::runtime_error("hunt: no pipe for a child process");
    const pid_t child = ::fork();
    if (child < 0) throw std::runtime_error("hunt: fork failed");
    if (child == 0) {
        ::close(fds[0]);
        run_child(fds[1], algorithm, cases);
    }
    ::close(fds[1]);
    std::string bytes;
    char buffer[65536];
    for (;;) {
        const ssize_t n = ::read(fds[0], buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        bytes.append(buffer, static_cast<std::size_t>(n));
    }
    ::close(fds[0]);
    int status = 0;
    while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    std::size_t at = 0;
    CallOutcome answer;
    while (answers.size() < cases.size() && read_record(bytes, at, answer))
        answers.push_back(answer);
    if (answers.size() == cases.size()) return std::nullopt;
    return ending(status);
}

#endif

} // namespace

bool can_isolate_calls() {
#ifdef CCD_HUNT_FORK
    return true;
#else
    return false;
#endif
}

std::vector<CallOutcome> call_method(const Algorithm& algorithm, std::span<const HuntCase> cases,
                                     bool isolate) {
#ifdef CCD_HUNT_FORK
    if (!isolate) return call_here(algorithm, cases);
    std::vector<CallOutcome> out;
    out.reserve(cases.size());
    while (out.size() < cases.size()) {
        std::vector<CallOutcome> answers;
        const auto crash = call_in_child(algorithm, cases.subspan(out.size()), answers);
        for (CallOutcome& answer : answers)
            out.push_back(std::move(answer));
        if (crash) {
            CallOutcome crashed;
            crashed.crashed = true;
            crashed.crash = *crash;
            out.push_back(std::move(crashed));
        }
    }
    return out;
#else
    (void)isolate;
    return call_here(algorithm, cases);
#endif
}

} // namespace ccd
