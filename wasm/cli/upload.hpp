// Reads a user file for the CLI into the flat numbers the core takes (same layout the web parser sends).
#pragma once
#include <string>
#include <vector>

namespace attnlab::cli {
bool readUpload(const std::string& path, std::vector<double>& out, std::string& error);
}
