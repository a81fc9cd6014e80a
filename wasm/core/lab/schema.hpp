// SPDX-License-Identifier: Apache-2.0
// One declaration per parameter: key, kind, default, bounds, unit and help, declared once per
// experiment in the core. validate() is the only reader of user parameters; the CLI's --help, the
// bindings' listExperiments() and the web page's controls and URL codec all derive from the same
// declaration (exported as JSON by schemaJson()).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "lab/json.hpp"
#include "lab/params.hpp"
#include "numerics/shared/rng.hpp"

namespace attnlab {

// Text: a short free-form string ("prefix:3", "causal:0.5"); the experiment parses it and names the key on error.
enum class ParamKind { Int, Real, Enum, IntList, RealList, Text };

struct ParamDecl {
  std::string key;
  ParamKind kind = ParamKind::Int;
  Json defaultValue;  // a number, a string (enum) or an array of numbers (lists)
  double min = 0, max = 0;
  bool minOpen = false, maxOpen = false;  // exclusive ends
  std::size_t maxCount = 1;               // lists: at most this many entries; text: at most this many characters
  std::vector<std::string> values;        // enums: the allowed values
  std::string unit;
  std::string help;
  // Builders, so a schema reads as a table.
  static ParamDecl integer(std::string key, std::int64_t def, std::int64_t lo, std::int64_t hi, std::string help,
                           std::string unit = "");
  static ParamDecl real(std::string key, double def, double lo, double hi, std::string help, std::string unit = "");
  static ParamDecl choice(std::string key, std::string def, std::vector<std::string> values, std::string help);
  static ParamDecl integers(std::string key, std::vector<std::int64_t> def, std::int64_t lo, std::int64_t hi,
                            std::size_t maxCount, std::string help, std::string unit = "");
  static ParamDecl reals(std::string key, std::vector<double> def, double lo, double hi, std::size_t maxCount,
                         std::string help, std::string unit = "");
  // Printable ASCII without spaces, quotes, '#', '&' or '=' (so it reads unescaped in a link), 1 to maxLength
  // characters.
  static ParamDecl text(std::string key, std::string def, std::size_t maxLength, std::string help);
  ParamDecl& openBelow() {
    minOpen = true;
    return *this;
  }
  ParamDecl& openAbove() {
    maxOpen = true;
    return *this;
  }
  // "an integer in [2, 4096]", "a comma-separated list of 1 to 6 numbers in (0, 1)", "one of sphere | ball"
  std::string allowed() const;
};

// Parameters every experiment takes: seed and the memory budget (MiB).
ParamDecl seedParam();
// Which recipe turns the seed into normal deviates (docs/theory/rank.md#prng-ziggurat): box-muller | ziggurat.
ParamDecl rngParam();
ParamDecl budgetParam();
// The budget's ceiling: below wasm's 4 GiB address space, so a link runs wherever it was made.
constexpr double kBudgetCeilingMiB = 4000.0;

// Validated values: every declared key present (the default where none was given), typed.
class ParamValues {
 public:
  ParamValues() = default;
  ParamValues(Json values, std::vector<std::string> given) : values_(std::move(values)), given_(std::move(given)) {}
  std::int64_t integer(const std::string& key) const;
  int smallInt(const std::string& key) const { return static_cast<int>(integer(key)); }
  double real(const std::string& key) const;
  const std::string& choice(const std::string& key) const;
  const std::string& text(const std::string& key) const { return choice(key); }
  bool flag(const std::string& key) const { return choice(key) == "1"; }  // enums "0" | "1"
  std::vector<std::int64_t> integers(const std::string& key) const;
  std::vector<double> reals(const std::string& key) const;
  std::uint64_t seed() const { return static_cast<std::uint64_t>(integer("seed")); }
  // The value of rngParam(): every random number of an experiment's data is drawn with it.
  NormalMethod normals() const;
  double budgetBytes() const { return real("budget") * 1024.0 * 1024.0; }
  // True when the user gave the key (rather than taking the default).
  bool given(const std::string& key) const;
  // Canonical JSON of every value (lists as arrays), in schema order.
  const Json& json() const { return values_; }

 private:
  const Json& at(const std::string& key) const;
  Json values_ = Json::object();
  std::vector<std::string> given_;
};

// Reads params (numbers, arrays or their text: "512", "512,1024", "sphere", as the CLI and the URL
// give them) against the schema. Throws ParamError naming the key and its allowed range; unknown
// keys are refused. Numbers use plain decimal notation only (no "0x10", "+16", " 16", "16,").
ParamValues validate(const std::vector<ParamDecl>& schema, const Json& params);

Json paramJson(const ParamDecl& p);
// A readable table (key, default, range, unit, help) for `attnlab <id> --help`.
std::string helpTable(const std::vector<ParamDecl>& schema);

// Shortens a user-supplied value for an error message: one line, at most ~80 characters.
std::string quoteValue(const std::string& text);

}  // namespace attnlab
