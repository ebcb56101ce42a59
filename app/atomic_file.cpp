#include "atomic_file.hpp"

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

#include <fcntl.h>
#include <unistd.h>

namespace ccdlab {

void write_file_atomically(const std::filesystem::path& path, std::string_view text) {
    const std::filesystem::path temporary =
        path.parent_path() /
        ("." + path.filename().string() + "." + std::to_string(::getpid()) + ".tmp");
    const auto fail = [&](const char* what) {
        const std::string reason = std::strerror(errno);
        std::error_code ignored;
        std::filesystem::remove(temporary, ignored);
        throw std::runtime_error(path.string() + ": " + what + " (" + reason + ")");
    };
    const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) fail("cannot create the file");
    std::size_t written = 0;
    while (written < text.size()) {
        const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
        if (n < 0) {
            if (errno == EINTR) continue;
            ::close(fd);
            fail("cannot write the file");
        }
        written += static_cast<std::size_t>(n);
    }
    if (::fsync(fd) != 0) {
        ::close(fd);
        fail("cannot flush the file");
    }
    if (::close(fd) != 0) fail("cannot close the file");
    if (::rename(temporary.c_str(), path.c_str()) != 0) fail("cannot replace the file");
}

} // namespace ccdlab
