#include "read_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <new>

namespace attnlab::cli {
namespace {

const char* fileKind(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a plain file";
}

// Closes the descriptor on every way out.
struct Descriptor {
  int fd;
  ~Descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

bool readFileBytes(const std::string& path, std::uint64_t maxBytes, std::string& bytes, std::string& error) {
  bytes.clear();
  // Open first, then fstat the descriptor (no window for a swap between the check and the read);
  // O_NONBLOCK so that opening a FIFO returns at once instead of waiting for a writer.
  const Descriptor file{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC)};
  if (file.fd < 0) {
    error = "cannot open '" + path + "'";
    return false;
  }
  struct stat info {};
  if (::fstat(file.fd, &info) != 0) {
    error = "cannot stat '" + path + "'";
    return false;
  }
  if (!S_ISREG(info.st_mode)) {
    error = "'" + path + "' is " + fileKind(info.st_mode) + ", not a regular file";
    return false;
  }
  const auto size = static_cast<std::uint64_t>(info.st_size);
  if (size > maxBytes) {
    error = "'" + path + "' holds " + std::to_string(size) + " bytes, above the limit of " + std::to_string(maxBytes) +
            " for input files";
    return false;
  }
  try {
    bytes.resize(static_cast<std::size_t>(size));
  } catch (const std::bad_alloc&) {
    error = "'" + path + "': not enough memory to read " + std::to_string(size) + " bytes";
    return false;
  }
  std::size_t done = 0;
  while (done < bytes.size()) {  // exactly the size fstat gave: a file that grows is not followed
    const ssize_t got = ::read(file.fd, &bytes[done], bytes.size() - done);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) {
      error = "'" + path + "': the read failed or the file shrank while being read";
      bytes.clear();
      return false;
    }
    done += static_cast<std::size_t>(got);
  }
  return true;
}

}  // namespace attnlab::cli
