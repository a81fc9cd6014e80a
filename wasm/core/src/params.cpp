#include "attnlab/params.hpp"

#include <sstream>

namespace attnlab {

void requireMemory(double estimatedBytes, double budgetBytes, const std::string& what) {
  if (estimatedBytes > budgetBytes) {
    std::ostringstream s;
    s.precision(4);
    s << what << " needs about " << estimatedBytes / (1024.0 * 1024.0) << " MiB, beyond the memory budget of "
      << budgetBytes / (1024.0 * 1024.0) << " MiB (parameter budget); choose smaller sizes or raise budget";
    throw ParamError(s.str());
  }
}

}  // namespace attnlab
