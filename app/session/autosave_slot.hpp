#pragma once
// Which autosave file this instance of the app writes. With two instances open, each keeps its
// own, so neither overwrites the other's unsaved edit. Slot 0 is autosave.json, slot k
// autosave-k.json, each held by an exclusive flock on autosave.lock / autosave-k.lock for the
// instance's lifetime. The system drops the lock when the process ends, however it ends, so an
// autosave file whose lock is free was left by a run that did not end cleanly: that is what
// the next instance takes, and offers to recover.

#include <filesystem>

namespace ccdlab {

class AutosaveSlot {
public:
    static constexpr int kSlots = 64;

    AutosaveSlot() = default; // no slot: no autosave
    // In `folder` (created if needed): the first free slot that holds an autosave left behind,
    // else the first free slot. No slot when `folder` is empty, when none of the kSlots is
    // free, or when the folder cannot be written.
    static AutosaveSlot claim(const std::filesystem::path& folder);

    AutosaveSlot(AutosaveSlot&& other) noexcept;
    AutosaveSlot& operator=(AutosaveSlot&& other) noexcept;
    AutosaveSlot(const AutosaveSlot&) = delete;
    AutosaveSlot& operator=(const AutosaveSlot&) = delete;
    ~AutosaveSlot(); // releases the slot (its autosave file stays, if any)

    // The autosave file of this slot; empty when there is no slot.
    const std::filesystem::path& file() const { return file_; }

private:
    AutosaveSlot(int lock_fd, std::filesystem::path file);
    void release();

    int lock_fd_ = -1;
    std::filesystem::path file_;
};

} // namespace ccdlab
