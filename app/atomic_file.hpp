#pragma once
// Writing a small file so that a crash never leaves half of it: a temporary file beside it,
// flushed to the disk, then renamed over it.

#include <filesystem>
#include <string_view>

namespace ccdlab {

// Throws std::runtime_error naming `path` and the reason; the temporary file is removed then.
void write_file_atomically(const std::filesystem::path& path, std::string_view text);

} // namespace ccdlab
