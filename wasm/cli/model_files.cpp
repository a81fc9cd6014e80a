// SPDX-License-Identifier: Apache-2.0
#include "model_files.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <new>

namespace attnlab::cli {
namespace {

struct Descriptor {
  int fd;
  ~Descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

bool FolderByteSource::fileSize(const std::string& fileName, std::uint64_t& size) {
  struct stat info {};
  if (::stat((folder_ + "/" + fileName).c_str(), &info) != 0 || !S_ISREG(info.st_mode)) return false;
  size = static_cast<std::uint64_t>(info.st_size);
  return true;
}

std::string FolderByteSource::whyAbsent(const std::string& fileName) {
  const std::string path = folder_ + "/" + fileName;
  struct stat info {};
  if (::lstat(path.c_str(), &info) != 0) return "missing from the model folder";
  if (S_ISLNK(info.st_mode) && ::stat(path.c_str(), &info) != 0)
    return errno == ELOOP ? "a symbolic link that loops" : "a symbolic link to nothing (dangling)";
  if (S_ISDIR(info.st_mode)) return "a directory, not a regular file";
  if (S_ISFIFO(info.st_mode)) return "a FIFO (named pipe), not a regular file";
  if (S_ISREG(info.st_mode)) return "cannot be read";
  return "a device or socket, not a regular file";
}

bool FolderByteSource::read(const std::string& fileName, std::uint64_t offset, std::uint64_t length, std::string& bytes,
                            std::string& error) {
  const Descriptor file{::open((folder_ + "/" + fileName).c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC)};
  struct stat info {};
  if (file.fd < 0 || ::fstat(file.fd, &info) != 0 || !S_ISREG(info.st_mode)) {
    error = "cannot be opened as a regular file";
    return false;
  }
  if (offset > static_cast<std::uint64_t>(info.st_size) || length > static_cast<std::uint64_t>(info.st_size) - offset) {
    error = "truncated: bytes " + std::to_string(offset) + "+" + std::to_string(length) + " are beyond its end";
    return false;
  }
  try {
    bytes.resize(static_cast<std::size_t>(length));
  } catch (const std::bad_alloc&) {
    error = "not enough memory to read " + std::to_string(length) + " bytes";
    return false;
  }
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t got = ::pread(file.fd, &bytes[done], bytes.size() - done, static_cast<off_t>(offset + done));
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) {
      error = "the read failed or the file shrank while being read";
      return false;
    }
    done += static_cast<std::size_t>(got);
  }
  return true;
}

}  // namespace attnlab::cli
