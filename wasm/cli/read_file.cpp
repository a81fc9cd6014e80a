// SPDX-License-Identifier: Apache-2.0
#include "read_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <new>

#include "host/command_line.hpp"

namespace attnlab::cli {
namespace {

// The kind of file in the core's words (attnlab::fileProblem).
const char* fileKind(mode_t mode) {
  if (S_ISREG(mode)) return "file";
  if (S_ISDIR(mode)) return "directory";
  if (S_ISFIFO(mode)) return "FIFO";
  if (S_ISCHR(mode)) return "character device";
  if (S_ISBLK(mode)) return "block device";
  if (S_ISSOCK(mode)) return "socket";
  return "other";
}

// Closes the descriptor on every way out.
struct Descriptor {
  int fd;
  ~Descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

bool readFileBytes(const std::string& path, std::string& bytes, std::string& error) {
  bytes.clear();
  // Open first, then fstat the descriptor (no window for a swap between the check and the read);
  // O_NONBLOCK so that opening a FIFO returns at once instead of waiting for a writer.
  const Descriptor file{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC)};
  if (file.fd < 0) {
    error = fileProblem(path, "missing", 0);
    return false;
  }
  struct stat info {};
  if (::fstat(file.fd, &info) != 0) {
    error = "cannot stat '" + path + "'";
    return false;
  }
  const auto size = static_cast<std::uint64_t>(info.st_size);
  error = fileProblem(path, fileKind(info.st_mode), size);
  if (!error.empty()) return false;
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
