// SPDX-License-Identifier: Apache-2.0
// The native CLI's file door (wasm/cli/read_file.cpp) against uploads that are not plain files: a FIFO, a symlink to
// /dev/zero and a directory are refused by fstat before any byte is read, and a file above the size limit unread. The
// tests link only the core, so the CLI's reader is compiled in here; natively only (it is POSIX).
#include <catch2/catch.hpp>

#if !defined(ATTNLAB_WASM_TESTS)
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "../../wasm/cli/read_file.cpp"
#include "lab/inputs/parse_input.hpp"

using Catch::Matchers::Contains;
namespace fs = std::filesystem;

namespace {
// The CLI's path for one input: read within the limit, then the core's parser.
bool readPattern(const std::string& path, std::vector<double>& triplets, std::string& error) {
  std::string bytes;
  if (!attnlab::cli::readFileBytes(path, bytes, error)) return false;
  const attnlab::ParseOutcome out = attnlab::parseInput(attnlab::patternRule(), path, bytes, attnlab::InputLimits{});
  error = out.error;
  triplets = out.array.values;
  return out.ok;
}

struct Scratch {
  fs::path dir = fs::temp_directory_path() / ("attnlab-inputs-" + std::to_string(::getpid()));
  Scratch() { fs::create_directories(dir); }
  ~Scratch() {
    std::error_code ignored;
    fs::remove_all(dir, ignored);
  }
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(dir / name, std::ios::binary) << text;
    return (dir / name).string();
  }
};
}  // namespace

TEST_CASE("CLI file reading: regular files only, size checked before reading", "[inputs][cli]") {
  const Scratch scratch;
  std::vector<double> triplets;
  std::string error;

  const std::string good = scratch.write("p.csv", "0,0,1\n1,1,2\n");
  REQUIRE(readPattern(good, triplets, error));
  CHECK(triplets == std::vector<double>{0, 0, 1, 1, 1, 2});

  const std::string fifo = (scratch.dir / "pipe.csv").string();
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  CHECK_FALSE(readPattern(fifo, triplets, error));  // returns at once: nothing waits for a writer
  CHECK(error == "'" + fifo + "' is a FIFO, not a regular file");

  const fs::path zero = scratch.dir / "zero.npy";
  fs::create_symlink("/dev/zero", zero);
  CHECK_FALSE(readPattern(zero.string(), triplets, error));
  CHECK_THAT(error, Contains("is a character device, not a regular file"));

  CHECK_FALSE(readPattern(scratch.dir.string() + "/", triplets, error));
  CHECK_THAT(error, Contains("is a directory, not a regular file"));

  CHECK_FALSE(readPattern((scratch.dir / "missing.csv").string(), triplets, error));
  CHECK(error == "cannot open '" + (scratch.dir / "missing.csv").string() + "'");

  // 600 MiB claimed by a sparse file: refused from its size (the limit is 512 MiB), before a byte is read or allocated.
  const std::string huge = scratch.write("huge.npy", "");
  fs::resize_file(huge, 600ull << 20);
  CHECK_FALSE(readPattern(huge, triplets, error));
  CHECK(error == "'" + huge + "' holds 629145600 bytes, above the limit of 536870912 for input files");

  // Parse errors come from the core's parser, naming the rule, the file and the line.
  const std::string bad = scratch.write("bad.csv", "0,0,1\n1,x,2\n");
  CHECK_FALSE(readPattern(bad, triplets, error));
  CHECK(error == "pattern: " + bad + ": line 2: field j 'x' is not a finite number");
}
#endif
