// Reads a user file for the CLI into the flat numbers the core takes, in the same layout the web
// parser (web/src/engine/upload-parse.ts) sends: sparse triplets [i0, j0, v0, i1, j1, v1, ...],
// 0-based, the layout of every experiment that takes an upload today (paper 1's patterns).
//   .csv/.txt/.tsv  rows "i,j,value" (also ; tab or spaces); '#' comments; an optional header row
//   .npy            a dense little-endian n × n array (f8, f4, f2 or integers); its nonzeros
//   .json           {"n": 300 (optional), "entries": [[i, j, value], ...]}
// Errors name the file and the line (CSV), entry (JSON) or element (npy) at fault.
#pragma once
#include <string>
#include <vector>

namespace attnlab::cli {
bool readUpload(const std::string& path, std::vector<double>& out, std::string& error);
}
