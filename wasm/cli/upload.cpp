#include "upload.hpp"

#include <fstream>
#include <sstream>

namespace attnlab::cli {

// The file's numbers in reading order: CSV/JSON as text tokens. Experiments interpret the layout.
bool readUpload(const std::string& path, std::vector<double>& out, std::string& error) {
  std::ifstream in(path);
  if (!in) {
    error = "cannot open '" + path + "'";
    return false;
  }
  std::string line;
  int lineNo = 0;
  while (std::getline(in, line)) {
    ++lineNo;
    if (line.empty() || line[0] == '#') continue;
    for (char& c : line)
      if (c == ',' || c == ';' || c == '\t') c = ' ';
    std::istringstream ss(line);
    std::string token;
    while (ss >> token) {
      try {
        std::size_t used = 0;
        out.push_back(std::stod(token, &used));
        if (used != token.size()) throw std::invalid_argument(token);
      } catch (const std::exception&) {
        error = path + " line " + std::to_string(lineNo) + ": '" + token + "' is not a number";
        return false;
      }
    }
  }
  return true;
}

}  // namespace attnlab::cli
