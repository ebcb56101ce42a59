#pragma once
// Writing a file so that a crash, a full disk or a second writer never leaves half of it, and
// so that what stood at the path is kept what it was: the one way ccdlab writes a file (scene
// saves, `ccdlab-cli record -o`, fixture export, the app's autosave, settings, screenshots and
// --report).
//
// - The text goes to a new file beside the target, created with O_EXCL | O_NOFOLLOW (never
//   through a link or over a file someone else made), flushed to the disk (fsync), then renamed
//   over the target, and the folder is flushed so that the rename itself survives a crash: the
//   target holds the old content or the whole new one, never a part.
// - A symbolic link is written through: the file it points to (following up to 40 links, and
//   created if the link dangles) gets the new content; the link stays a link.
// - An existing file keeps its permission bits (and, when the writer may, its owner and group);
//   a new one gets 0666 less the umask.
// - A path that is a directory, a FIFO, a device or a socket is refused: nothing is written.
// A hard link to the target is not followed: the rename gives the target a new inode.

#include <filesystem>
#include <stdexcept>
#include <string_view>

namespace ccd {

// what() is one line, the problem and the system's reason, without the path.
class FileWriteError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Throws FileWriteError; the target is then untouched and the temporary file removed.
void write_file_atomically(const std::filesystem::path& path, std::string_view text);

} // namespace ccd
