// SPDX-License-Identifier: Apache-2.0
// Reading a user file for the CLI, bounded before anything is read: the file is opened without
// blocking and fstat'ed, so a FIFO, a device (a symlink to /dev/zero) or a directory is refused
// before any byte is read, and a file above the input limit is refused from its size. Errors are one line
// naming the file, in the core's words (attnlab::fileProblem). Parsing is the core's (lab/inputs/parse_input.hpp).
#pragma once
#include <cstdint>
#include <string>

namespace attnlab::cli {
bool readFileBytes(const std::string& path, std::string& bytes, std::string& error);
}
