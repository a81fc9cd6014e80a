// SPDX-License-Identifier: Apache-2.0
// Peak resident memory of this process (Linux VmHWM), for checking the memory estimates (ATTNLAB_REPORT_MEMORY=1).
#pragma once
#include <cstdlib>
#include <fstream>
#include <string>

namespace attnlab::cli {

inline double peakResidentBytes() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("VmHWM:", 0) == 0) return std::atof(line.c_str() + 6) * 1024.0;
  return 0;
}

}  // namespace attnlab::cli
