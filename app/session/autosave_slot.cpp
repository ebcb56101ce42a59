#include "autosave_slot.hpp"

#include "autosave.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <string>
#include <utility>

namespace ccdlab {
namespace {

std::filesystem::path lock_path(const std::filesystem::path& folder, int slot) {
    return folder / (slot == 0 ? std::string("autosave.lock")
                               : "autosave-" + std::to_string(slot) + ".lock");
}

// The lock of `slot`, held: its descriptor, or -1 when another instance holds it (or the
// file cannot be opened).
int try_lock(const std::filesystem::path& folder, int slot) {
    const int fd = ::open(lock_path(folder, slot).c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) return -1;
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

} // namespace

AutosaveSlot AutosaveSlot::claim(const std::filesystem::path& folder) {
    if (folder.empty()) return {};
    std::error_code ignored;
    std::filesystem::create_directories(folder, ignored);
    // An autosave left behind first (only slots with a file are tried, so no lock files are
    // made for them), then the first free slot.
    for (int slot = 0; slot < kSlots; ++slot) {
        const std::filesystem::path file = autosave_path(folder, slot);
        if (!std::filesystem::exists(file, ignored)) continue;
        if (const int fd = try_lock(folder, slot); fd >= 0) return {fd, file};
    }
    for (int slot = 0; slot < kSlots; ++slot)
        if (const int fd = try_lock(folder, slot); fd >= 0)
            return {fd, autosave_path(folder, slot)};
    return {};
}

AutosaveSlot::AutosaveSlot(int lock_fd, std::filesystem::path file)
    : lock_fd_(lock_fd), file_(std::move(file)) {}

AutosaveSlot::AutosaveSlot(AutosaveSlot&& other) noexcept
    : lock_fd_(std::exchange(other.lock_fd_, -1)), file_(std::move(other.file_)) {
    other.file_.clear();
}

AutosaveSlot& AutosaveSlot::operator=(AutosaveSlot&& other) noexcept {
    if (this != &other) {
        release();
        lock_fd_ = std::exchange(other.lock_fd_, -1);
        file_ = std::move(other.file_);
        other.file_.clear();
    }
    return *this;
}

AutosaveSlot::~AutosaveSlot() {
    release();
}

void AutosaveSlot::release() {
    if (lock_fd_ >= 0) ::close(lock_fd_); // closing the last descriptor drops the flock
    lock_fd_ = -1;
}

} // namespace ccdlab
