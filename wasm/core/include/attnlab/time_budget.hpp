#pragma once
// The time budget of the command-line runners (native CLI and `npm run lab`, which words it the same way in
// web/src/engine/headless.ts): a run whose plan estimates more seconds than --max-seconds (default one
// hour) is refused before it starts, with one line naming the estimate and how to allow it.

#include <algorithm>
#include <cmath>
#include <string>

#include "attnlab/decimal.hpp"
#include "attnlab/schema.hpp"

namespace attnlab {

constexpr const char* kDefaultMaxSeconds = "3600";

// "" when text is a positive plain decimal number, else the refusal.
inline std::string maxSecondsProblem(const std::string& text) {
  double seconds = 0;
  if (parseDecimal(text, seconds) && seconds > 0) return "";
  return "--max-seconds must be a positive number of seconds, written as " + std::string(kDecimalForm) + ", got " +
         quoteValue(text);
}

// "" when the estimate is within the limit (given as its text, which the message repeats), else the refusal.
inline std::string overTimeBudget(double estimatedSeconds, const std::string& limitText) {
  double limit = 0;
  if (!parseDecimal(limitText, limit) || !std::isfinite(estimatedSeconds) || estimatedSeconds <= limit) return "";
  const double seconds = std::min(std::ceil(estimatedSeconds), 1e15);  // whole seconds, printable as an integer
  const auto tenthsOfHours = static_cast<long long>(std::round(seconds / 360));
  const std::string hours = std::to_string(tenthsOfHours / 10) + "." + std::to_string(tenthsOfHours % 10);
  const std::string whole = std::to_string(static_cast<long long>(seconds));
  return "this run is estimated at " + whole + " s (" + hours + " h) on one core of the reference machine, above the " +
         limitText + " s allowed: give --max-seconds " + whole +
         " to run it anyway, or split it into jobs (attnlab plan, README \"Running big sweeps\")";
}

}  // namespace attnlab
