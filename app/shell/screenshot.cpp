#include "screenshot.hpp"

#include "ccd/atomic_write.hpp"

#include <glad/gl.h>
#include <stb_image_write.h>

#include <ctime>
#include <stdexcept>
#include <string>
#include <vector>

namespace ccdlab {

OffscreenTarget::OffscreenTarget(int width, int height) : width_(width), height_(height) {
    glGenRenderbuffers(1, &color_);
    glBindRenderbuffer(GL_RENDERBUFFER, color_);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
    glGenFramebuffers(1, &framebuffer_);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color_);
    const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    if (status != GL_FRAMEBUFFER_COMPLETE)
        throw std::runtime_error("cannot make an offscreen framebuffer for the screenshot");
}

OffscreenTarget::~OffscreenTarget() {
    glDeleteFramebuffers(1, &framebuffer_);
    glDeleteRenderbuffers(1, &color_);
}

void OffscreenTarget::bind() const {
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
    glViewport(0, 0, width_, height_);
}

void write_framebuffer_png(const std::filesystem::path& path, int width, int height) {
    std::vector<unsigned char> pixels(static_cast<std::size_t>(width) * height * 3);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
    stbi_flip_vertically_on_write(1); // OpenGL's rows run bottom-up
    // Encoded in memory, then written as every file of ccdlab is (ccd/atomic_write.hpp): a link
    // written through, an existing file's mode kept, a device refused, never half a PNG.
    std::string png;
    const auto append = [](void* context, void* data, int size) {
        static_cast<std::string*>(context)->append(static_cast<const char*>(data),
                                                   static_cast<std::size_t>(size));
    };
    if (!stbi_write_png_to_func(append, &png, width, height, 3, pixels.data(), width * 3))
        throw std::runtime_error(path.string() + ": cannot encode the PNG file");
    try {
        ccd::write_file_atomically(path, png);
    } catch (const ccd::FileWriteError& e) {
        throw std::runtime_error(path.string() + ": cannot write the PNG file: " + e.what());
    }
}

std::filesystem::path next_screenshot_name() {
    const std::time_t now = std::time(nullptr);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
    std::filesystem::path name = std::string("ccdlab-") + stamp + ".png";
    for (int n = 2; std::filesystem::exists(name); ++n)
        name = std::string("ccdlab-") + stamp + "-" + std::to_string(n) + ".png";
    return name;
}

void OffscreenTarget::write_png(const std::filesystem::path& path) const {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer_);
    write_framebuffer_png(path, width_, height_);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
}

} // namespace ccdlab
