#include "fixture_export.hpp"

#include "ccd/fixture.hpp"
#include "ccd/frame_range_export.hpp"
#include "ccd/scene_loader.hpp"
#include "ccd/scene_writer.hpp"

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ccdlab {
namespace {

constexpr std::size_t kMaxSlugLength = 60;
// <stem>.json, <stem>-2.json, ... <stem>-10000.json, then a clear error rather than more tries.
constexpr int kMaxFixtureNames = 10'000;

bool is_kept(char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}

char lower(char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

// Creates `path` empty if it does not exist yet (O_EXCL): the name is ours until the rename of
// the real file over it. False when it exists.
bool reserve(const std::filesystem::path& path) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0) {
        if (errno == EEXIST) return false;
        throw ccd::SceneError(path.string() + ": cannot create the fixture (" +
                              std::strerror(errno) + ")");
    }
    ::close(fd);
    return true;
}

void create_fixtures_folder(const std::filesystem::path& folder) {
    std::error_code error;
    std::filesystem::create_directories(folder, error);
    if (error)
        throw ccd::SceneError(folder.string() + ": cannot create the fixtures folder (" +
                              error.message() + ")");
}

// Writes the fixture into a path reserve() created; a write that fails removes it again.
void save_reserved(const std::filesystem::path& path, const ccd::Scene& fixture) {
    try {
        ccd::save_scene_file(path, fixture);
    } catch (...) {
        std::error_code ignored;
        std::filesystem::remove(path, ignored);
        throw;
    }
}

} // namespace

std::string fixture_slug(std::string_view title) {
    std::string slug;
    bool dash = false;
    for (const char raw : title) {
        const char c = lower(raw);
        if (is_kept(c)) {
            if (dash && !slug.empty()) slug += '-';
            slug += c;
            dash = false;
        } else {
            dash = true;
        }
    }
    if (slug.size() > kMaxSlugLength) {
        const std::size_t cut = slug.rfind('-', kMaxSlugLength);
        slug.resize(cut != std::string::npos && cut > 0 ? cut : kMaxSlugLength);
    }
    return slug.empty() ? "fixture" : slug;
}

std::filesystem::path unused_fixture_path(const std::filesystem::path& folder,
                                          std::string_view stem) {
    for (int n = 1; n <= kMaxFixtureNames; ++n) {
        const std::string name =
            std::string(stem) + (n == 1 ? "" : "-" + std::to_string(n)) + ".json";
        const std::filesystem::path path = folder / name;
        // Only "there is no such file" makes a name free; any other answer of the file system
        // (a folder that cannot be searched, a name too long, a symlink loop) is the same for
        // every name tried, and is said.
        struct stat status {};
        if (::lstat(path.c_str(), &status) == 0) continue;
        if (errno == ENOENT) return path;
        throw ccd::SceneError(path.string() + ": cannot look for a free file name (" +
                              std::strerror(errno) + ")");
    }
    throw ccd::SceneError((folder / std::string(stem)).string() +
                          ".json: " + std::to_string(kMaxFixtureNames) +
                          " fixtures of that name exist already; give the scene another title");
}

ccd::Scene fixture_of(const ccd::Scene& scene, int frames) {
    ccd::Scene fixture = scene;
    const ccd::ExpectTolerance tolerance =
        scene.expect ? scene.expect->tolerance : ccd::ExpectTolerance{};
    fixture.expect = ccd::record_expectation(scene, frames, tolerance);
    return fixture;
}

std::filesystem::path export_fixture(const std::filesystem::path& folder, const ccd::Scene& scene,
                                     int frames, std::string_view title) {
    const ccd::Scene fixture = fixture_of(scene, frames);
    create_fixtures_folder(folder);
    const std::string stem = fixture_slug(title.empty() ? scene.title : title);
    for (int attempt = 0;; ++attempt) {
        const std::filesystem::path path = unused_fixture_path(folder, stem);
        if (!reserve(path)) { // taken between the look and the create: the next one
            if (attempt < kMaxFixtureNames) continue;
            throw ccd::SceneError(path.string() + ": every free name was taken while looking");
        }
        save_reserved(path, fixture);
        return path;
    }
}

ccd::Scene fixture_of(const FixtureCase& shown, std::optional<std::string>* replay_difference) {
    if (shown.first_frame <= 0) return fixture_of(shown.scene, shown.frames);
    const ccd::ExpectTolerance tolerance =
        shown.scene.expect ? shown.scene.expect->tolerance : ccd::ExpectTolerance{};
    ccd::FrameRangeExport range =
        ccd::export_frame_range(shown.scene, shown.first_frame, shown.frames, tolerance);
    if (replay_difference) *replay_difference = range.replay_difference;
    return std::move(range.fixture); // its description rewritten for its first frame
}

std::string default_fixture_name(const std::filesystem::path& folder, std::string_view title) {
    try {
        return unused_fixture_path(folder, fixture_slug(title)).stem().string();
    } catch (const ccd::SceneError&) {
        return fixture_slug(title); // said when the export is tried
    }
}

std::filesystem::path export_fixture_as(const std::filesystem::path& folder,
                                        const FixtureCase& shown, std::string name,
                                        std::optional<std::string>* replay_difference) {
    if (name.ends_with(".json")) name.resize(name.size() - 5);
    if (name.empty() || name.find('/') != std::string::npos || name == "." || name == "..")
        throw ccd::SceneError("\"" + name + "\": a fixture's name is a file name, without '/'");
    const std::filesystem::path path = folder / (name + ".json");
    const ccd::Scene fixture = fixture_of(shown, replay_difference);
    create_fixtures_folder(folder);
    if (!reserve(path))
        throw ccd::SceneError(path.string() + ": exists already; give the fixture another name");
    save_reserved(path, fixture);
    return path;
}

} // namespace ccdlab
