// SPDX-License-Identifier: Apache-2.0
#pragma once
// The time budget of the command-line runners (native CLI and `npm run lab`, which words it the same way in
// web/src/engine/headless.ts): a run whose plan estimates more seconds than --max-seconds (default one
// hour) is refused before it starts, with one line naming the estimate and how to allow it.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "numerics/shared/decimal.hpp"
#include "lab/schema.hpp"

namespace attnlab {

constexpr const char* kDefaultMaxSeconds = "3600";

// "" when text is a positive plain decimal number, else the refusal.
inline std::string maxSecondsProblem(const std::string& text) {
  double seconds = 0;
  if (parseDecimal(text, seconds) && seconds > 0) return "";
  return "--max-seconds must be a positive number of seconds, written as " + std::string(kDecimalForm) + ", got " +
         quoteValue(text);
}

// An estimate as the refusal words it and as a --max-seconds that allows it: whole seconds from 1 s on
// (with hours from 0.1 h on), two significant digits rounded up below 1 s ("0.043"), never "0".
inline std::string budgetSeconds(double estimatedSeconds) {
  const double seconds = std::min(estimatedSeconds, 1e15);  // printable as an integer
  if (seconds >= 1) return std::to_string(static_cast<long long>(std::ceil(seconds)));
  const double unit = std::pow(10.0, std::floor(std::log10(std::max(seconds, 1e-300))) - 1);
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", std::ceil(seconds / unit) * unit);
  if (std::strtod(text, nullptr) < seconds) std::snprintf(text, sizeof text, "%.17g", seconds);
  return text;
}

// "" when the estimate is within the limit (given as its text, which the message repeats), else the refusal.
inline std::string overTimeBudget(double estimatedSeconds, const std::string& limitText) {
  double limit = 0;
  if (!parseDecimal(limitText, limit) || !std::isfinite(estimatedSeconds) || estimatedSeconds <= limit) return "";
  const std::string whole = budgetSeconds(estimatedSeconds);
  const double seconds = std::strtod(whole.c_str(), nullptr);
  std::string hours;
  if (seconds >= 360) {
    const auto tenthsOfHours = static_cast<long long>(std::round(seconds / 360));
    hours = " (" + std::to_string(tenthsOfHours / 10) + "." + std::to_string(tenthsOfHours % 10) + " h)";
  }
  return "this run is estimated at " + whole + " s" + hours + " on one core of the reference machine, above the " +
         limitText + " s allowed: give --max-seconds " + whole +
         " to run it anyway, or split it into jobs (attnlab plan, README \"Running big sweeps\")";
}

}  // namespace attnlab
