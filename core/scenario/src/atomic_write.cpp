#include "ccd/atomic_write.hpp"

#include <atomic>
#include <cerrno>
#include <cstring>
#include <string>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ccd {
namespace {

// As the system does (SYMLOOP_MAX on Linux).
constexpr int kMaxSymlinkHops = 40;
// The temporary file's name keeps at most this much of the target's, so that it stays within
// the 255 bytes a file name may have.
constexpr std::size_t kTemporaryStemBytes = 200;

[[noreturn]] void fail(const std::string& problem, int error) {
    throw FileWriteError(problem + ": " + std::strerror(error));
}

// The rule the kernel's fs.protected_symlinks applies to following a link: in a sticky
// world-writable folder (/tmp), a link is followed only when its owner is the follower or the
// folder's owner. Otherwise another user could make root write where the link points (replace
// a root-owned file, or create one where a dangling link points): refused, nothing written.
void refuse_a_foreign_link_in_a_sticky_folder(const std::filesystem::path& link,
                                              const struct stat& info) {
    const std::filesystem::path folder =
        link.parent_path().empty() ? std::filesystem::path(".") : link.parent_path();
    struct stat dir {};
    if (::stat(folder.c_str(), &dir) != 0) return; // the write will say why
    const bool sticky_and_open = (dir.st_mode & S_ISVTX) && (dir.st_mode & S_IWOTH);
    if (!sticky_and_open || info.st_uid == ::geteuid() || info.st_uid == dir.st_uid) return;
    throw FileWriteError("is a symbolic link of another user (uid " + std::to_string(info.st_uid) +
                         ") in a sticky world-writable folder: not followed, nothing written "
                         "(the rule of the kernel's protected_symlinks)");
}

// What `path` names once every symbolic link in its last component is followed; `existing` is
// filled in when that file exists.
std::filesystem::path resolve_links(const std::filesystem::path& given, struct stat& existing,
                                    bool& exists) {
    std::filesystem::path path = given;
    for (int hop = 0; hop <= kMaxSymlinkHops; ++hop) {
        if (::lstat(path.c_str(), &existing) != 0) {
            if (errno == ENOENT) {
                exists = false;
                return path;
            }
            fail(path == given ? "cannot look at the path" : "cannot look at " + path.string(),
                 errno);
        }
        if (!S_ISLNK(existing.st_mode)) {
            exists = true;
            return path;
        }
        refuse_a_foreign_link_in_a_sticky_folder(path, existing);
        std::error_code error;
        const std::filesystem::path target = std::filesystem::read_symlink(path, error);
        if (error) fail("cannot read the link " + path.string(), error.value());
        path = target.is_absolute() ? target : path.parent_path() / target;
    }
    fail("cannot follow the symbolic links", ELOOP);
}

// Writes all of `text` to `fd` and flushes it to the disk; false with errno set on failure.
bool write_all_and_sync(int fd, std::string_view text) {
    while (!text.empty()) {
        const ssize_t written = ::write(fd, text.data(), text.size());
        if (written < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        text.remove_prefix(static_cast<std::size_t>(written));
    }
    return ::fsync(fd) == 0;
}

} // namespace

void write_file_atomically(const std::filesystem::path& path, std::string_view text) {
    struct stat existing {};
    bool exists = false;
    const std::filesystem::path target = resolve_links(path, existing, exists);
    if (exists && S_ISDIR(existing.st_mode)) throw FileWriteError("is a directory");
    if (exists && !S_ISREG(existing.st_mode))
        throw FileWriteError(
            (target == path ? std::string() : target.string() + " ") +
            "is not a regular file (a FIFO, a device or a socket): refused, nothing written");

    // A new file beside the target (a rename is atomic only within one file system), named so
    // that two writers never share one.
    static std::atomic<unsigned> counter{0};
    const std::filesystem::path directory =
        target.parent_path().empty() ? std::filesystem::path(".") : target.parent_path();
    const std::string stem = target.filename().string().substr(0, kTemporaryStemBytes);
    std::filesystem::path temporary;
    int fd = -1;
    for (int attempt = 0; fd < 0 && attempt < 100; ++attempt) {
        temporary = directory / ("." + stem + "." + std::to_string(::getpid()) + "." +
                                 std::to_string(counter++) + ".tmp");
        fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                    exists ? 0600 : 0666);
        if (fd < 0 && errno != EEXIST) break;
    }
    if (fd < 0) fail("cannot create a temporary file in " + directory.string(), errno);

    const auto give_up = [&](const std::string& problem, int error) {
        ::close(fd);
        ::unlink(temporary.c_str());
        fail(problem, error);
    };
    if (exists) {
        // The owner first: changing it may clear the set-user-ID bits fchmod then restores.
        // Only a privileged writer can give the file away; otherwise it is the writer's.
        if (existing.st_uid != ::geteuid() || existing.st_gid != ::getegid()) {
            [[maybe_unused]] const int ignored = ::fchown(fd, existing.st_uid, existing.st_gid);
        }
        if (::fchmod(fd, existing.st_mode & 07777) != 0)
            give_up("cannot give " + temporary.string() + " the file's permissions", errno);
    }
    if (!write_all_and_sync(fd, text)) give_up("cannot write " + temporary.string(), errno);
    if (::close(fd) != 0) {
        const int error = errno;
        ::unlink(temporary.c_str());
        fail("cannot write " + temporary.string(), error);
    }
    if (::rename(temporary.c_str(), target.c_str()) != 0) {
        const int error = errno;
        ::unlink(temporary.c_str());
        fail("cannot replace the file", error);
    }
    // Make the rename itself durable; a failure here loses nothing that was there before.
    const int directory_fd = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (directory_fd >= 0) {
        ::fsync(directory_fd);
        ::close(directory_fd);
    }
}

} // namespace ccd
