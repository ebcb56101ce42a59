#include "screenshot.hpp"

#include <glad/gl.h>
#include <stb_image_write.h>

#include <stdexcept>
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

void OffscreenTarget::write_png(const std::filesystem::path& path) const {
    std::vector<unsigned char> pixels(static_cast<std::size_t>(width_) * height_ * 3);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer_);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width_, height_, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    stbi_flip_vertically_on_write(1); // OpenGL's rows run bottom-up
    if (!stbi_write_png(path.c_str(), width_, height_, 3, pixels.data(), width_ * 3))
        throw std::runtime_error(path.string() + ": cannot write the PNG file");
}

} // namespace ccdlab
