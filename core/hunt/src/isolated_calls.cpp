// A method's answers where a crash cannot end the caller (ccd/isolated_calls.hpp).
#include "ccd/isolated_calls.hpp"

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <stdexcept>

#if defined(__unix__) && !defined(__EMSCRIPTEN__)
#define CCD_HUNT_FORK 1
#include <csignal>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
extern char** environ;
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

// A case as bytes for a worker: each side's shape (its kind, then its numbers; a polygon's
// vertex count first), motion (likewise) and acceleration. Written and read by the same build.
class CaseWriter {
public:
    std::string bytes;
    void side(const Swept& side) {
        std::visit([&](const auto& shape) { put(shape); }, side.shape);
        std::visit([&](const auto& motion) { put(motion); }, side.motion);
        put(side.acceleration);
    }

private:
    void raw(const void* data, std::size_t size) {
        bytes.append(static_cast<const char*>(data), size);
    }
    void put(double v) { raw(&v, sizeof v); }
    void put(Vec2 v) { put(v.x), put(v.y); }
    void kind(std::uint8_t k) { raw(&k, 1); }
    void put(const Point& p) { kind(0), put(p.position); }
    void put(const Circle& c) { kind(1), put(c.center), put(c.radius); }
    void put(const Segment& s) { kind(2), put(s.a), put(s.b), put(s.radius); }
    void put(const Polygon& g) {
        kind(3);
        const auto n = static_cast<std::uint32_t>(g.vertices.size());
        raw(&n, sizeof n);
        for (const Vec2 v : g.vertices)
            put(v);
        put(g.radius);
    }
    void put(const Still&) { kind(0); }
    void put(const Translation& m) { kind(1), put(m.displacement); }
    void put(const EndMotion& m) { kind(2), put(m.displacement_a), put(m.displacement_b); }
    void put(const Turning& m) { kind(3), put(m.pivot), put(m.displacement), put(m.angle); }
};

// Reads what CaseWriter wrote; std::runtime_error where the bytes end early or name no kind.
class CaseReader {
public:
    explicit CaseReader(const std::string& bytes) : bytes_(bytes) {}
    bool done() const { return at_ == bytes_.size(); }
    Swept side() {
        Swept out;
        out.shape = shape();
        out.motion = motion();
        out.acceleration = vec();
        return out;
    }

private:
    void raw(void* data, std::size_t size) {
        if (bytes_.size() - at_ < size) throw std::runtime_error("the cases end early");
        std::memcpy(data, bytes_.data() + at_, size);
        at_ += size;
    }
    double number() {
        double v = 0;
        raw(&v, sizeof v);
        return v;
    }
    Vec2 vec() {
        const double x = number();
        return {x, number()};
    }
    std::uint8_t kind() {
        std::uint8_t k = 0;
        raw(&k, 1);
        return k;
    }
    Shape shape() {
        switch (kind()) {
        case 0:
            return Point{vec()};
        case 1: {
            const Vec2 c = vec();
            return Circle{c, number()};
        }
        case 2: {
            const Vec2 a = vec(), b = vec();
            return Segment{a, b, number()};
        }
        case 3: {
            std::uint32_t n = 0;
            raw(&n, sizeof n);
            if (n > (bytes_.size() - at_) / (2 * sizeof(double)))
                throw std::runtime_error("a polygon's vertices end early");
            Polygon g;
            for (std::uint32_t i = 0; i < n; ++i)
                g.vertices.push_back(vec());
            g.radius = number();
            return g;
        }
        }
        throw std::runtime_error("a shape of no kind");
    }
    Motion motion() {
        switch (kind()) {
        case 0:
            return Still{};
        case 1:
            return Translation{vec()};
        case 2: {
            const Vec2 a = vec();
            return EndMotion{a, vec()};
        }
        case 3: {
            const Vec2 pivot = vec(), displacement = vec();
            return Turning{pivot, displacement, number()};
        }
        }
        throw std::runtime_error("a motion of no kind");
    }
    const std::string& bytes_;
    std::size_t at_ = 0;
};

// The byte a child writes before its first answer: it has its cases and the method.
constexpr char kReady = 'R';

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

// Answers each case on `fd` after the ready byte; 0, or 3 when `fd` is closed.
int answer_cases(int fd, const Algorithm& algorithm, std::span<const HuntCase> cases) {
    if (!write_all(fd, std::string(1, kReady))) return 3;
    for (const HuntCase& c : cases) {
        std::string bytes;
        append_record(bytes, call_one(algorithm, c));
        if (!write_all(fd, bytes)) return 3;
    }
    return 0;
}

std::string read_all(int fd) {
    std::string bytes;
    char buffer[65536];
    for (;;) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        bytes.append(buffer, static_cast<std::size_t>(n));
    }
    return bytes;
}

// A child made with fork() that answers `cases` on `fd`; its pid.
pid_t forked_child(int fd, int other_end, const Algorithm& algorithm,
                   std::span<const HuntCase> cases) {
    const pid_t child = ::fork();
    if (child < 0) throw std::runtime_error("hunt: fork failed");
    if (child == 0) {
        ::close(other_end);
        ::_exit(answer_cases(fd, algorithm, cases));
    }
    return child;
}

struct FileCloser {
    void operator()(std::FILE* f) const { std::fclose(f); }
};

// `worker` started with the algorithm's name, the cases written to an unnamed file as its
// standard input (a file, not a pipe: a worker that dies early cannot leave a write blocked, or
// raise SIGPIPE), its standard output `fd`; its pid.
pid_t spawned_worker(int fd, int other_end, const Algorithm& algorithm,
                     std::span<const HuntCase> cases, const CallWorker& worker) {
    CaseWriter writer;
    for (const HuntCase& c : cases) {
        writer.side(c.mover);
        writer.side(c.obstacle);
    }
    const std::unique_ptr<std::FILE, FileCloser> input(std::tmpfile());
    if (!input ||
        std::fwrite(writer.bytes.data(), 1, writer.bytes.size(), input.get()) !=
            writer.bytes.size() ||
        std::fflush(input.get()) != 0 || std::fseek(input.get(), 0, SEEK_SET) != 0)
        throw std::runtime_error("hunt: no temporary file for a worker's cases");
    std::vector<std::string> words = worker;
    words.emplace_back(algorithm.name);
    std::vector<char*> argv;
    for (std::string& word : words)
        argv.push_back(word.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, ::fileno(input.get()), 0);
    posix_spawn_file_actions_adddup2(&actions, fd, 1);
    posix_spawn_file_actions_addclose(&actions, other_end);
    pid_t child = 0;
    const int failed = ::posix_spawn(&child, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (failed != 0)
        throw std::runtime_error("hunt: cannot start the worker " + worker.front() + ": " +
                                 std::strerror(failed));
    return child;
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
                                         std::vector<CallOutcome>& answers,
                                         const CallWorker& worker) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error("hunt: no pipe for a child process");
    pid_t child = 0;
    try {
        child = worker.empty() ? forked_child(fds[1], fds[0], algorithm, cases)
                               : spawned_worker(fds[1], fds[0], algorithm, cases, worker);
    } catch (...) {
        ::close(fds[0]);
        ::close(fds[1]);
        throw;
    }
    ::close(fds[1]);
    const std::string bytes = read_all(fds[0]);
    ::close(fds[0]);
    int status = 0;
    while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    if (bytes.empty() || bytes.front() != kReady)
        throw std::runtime_error("hunt: the child for the calls did not start (" + ending(status) +
                                 ")");
    std::size_t at = 1;
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
                                     bool isolate, const CallWorker& worker) {
#ifdef CCD_HUNT_FORK
    if (!isolate) return call_here(algorithm, cases);
    std::vector<CallOutcome> out;
    out.reserve(cases.size());
    while (out.size() < cases.size()) {
        std::vector<CallOutcome> answers;
        const auto crash = call_in_child(algorithm, cases.subspan(out.size()), answers, worker);
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
    (void)worker;
    return call_here(algorithm, cases);
#endif
}

int serve_calls(const Algorithm& algorithm, int in, int out) {
#ifdef CCD_HUNT_FORK
    std::vector<HuntCase> cases;
    try {
        const std::string bytes = read_all(in);
        CaseReader reader(bytes);
        while (!reader.done()) {
            HuntCase c;
            c.mover = reader.side();
            c.obstacle = reader.side();
            cases.push_back(std::move(c));
        }
    } catch (const std::runtime_error&) {
        return 2;
    }
    return answer_cases(out, algorithm, cases);
#else
    (void)algorithm, (void)in, (void)out;
    return 2;
#endif
}

} // namespace ccd
