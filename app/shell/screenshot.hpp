#pragma once
// Offscreen rendering target for --screenshot: a framebuffer object of a fixed size whose
// pixels can be written to a PNG.

#include <cstdint>
#include <filesystem>

namespace ccdlab {

// Writes the pixels of the framebuffer bound for reading (its lower-left width x height) to a
// PNG. Throws std::runtime_error naming the file when it cannot be written.
void write_framebuffer_png(const std::filesystem::path& path, int width, int height);

// A new file name for an F12 screenshot in the current folder: ccdlab-YYYYMMDD-HHMMSS[-N].png.
std::filesystem::path next_screenshot_name();

class OffscreenTarget {
public:
    OffscreenTarget(int width, int height);
    ~OffscreenTarget();
    OffscreenTarget(const OffscreenTarget&) = delete;
    OffscreenTarget& operator=(const OffscreenTarget&) = delete;

    void bind() const;
    // Throws std::runtime_error naming the file when it cannot be written.
    void write_png(const std::filesystem::path& path) const;

private:
    int width_, height_;
    std::uint32_t framebuffer_ = 0, color_ = 0;
};

} // namespace ccdlab
