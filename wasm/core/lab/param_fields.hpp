// SPDX-License-Identifier: Apache-2.0
#pragma once
// Parameters declared as a struct: each field listed once with its declaration (lab/schema.hpp's ParamDecl:
// key, kind, default, bounds, unit, help). From that one list come both the schema (decls(): what validate()
// checks and `attnlab --schema` prints) and the typed values (read(values)), so an experiment reads p.beta, never
// a string key, and a key is read only into the field it is declared with.
//
//   struct MapParams : RunParams { int n = 0; double beta = 0; };
//   const ParamList<MapParams>& params() {  // a function's static: built on first use, whatever the order of
//     static const ParamList<MapParams> list{  // static initialisation across files
//         {&MapParams::n, ParamDecl::integer("n", 256, 2, 4096, "Number of points.", "tokens")},
//         {&MapParams::beta, rankParam("beta")},
//         {&MapParams::budget, budgetParam()}, {&MapParams::seed, seedParam()}, {&MapParams::rng, rngParam()}};
//     return list;
//   }
//   declareExperiment("id", "family", params().decls(), ...);    // the schema
//   const MapParams p = params().read(job.params);                // in runJob, plan, combine, ...
//
// The key is the declaration's, so shared declarations (rankParam("geometry"), budgetParam()) stay declared
// once; the field may be a member of a base struct, so a family's helpers take its shared base (RunParams,
// RankPointFields, RmtFields, ConstructionFields) whatever else an experiment declares. Field types by kind:
// Int into int, std::int64_t, std::uint64_t, double or Given<int> (the value and whether the user gave it);
// Real into double; Enum and Text into std::string; the 0 | 1 enums into bool; rngParam() into NormalMethod;
// lists into std::vector<double>, integer lists also into std::vector<std::int64_t>. Any other pairing, or a key
// listed twice, is a std::logic_error when the list is built (at start-up, so every test fails at once).
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <vector>

#include "lab/schema.hpp"

namespace attnlab {

// The parameters every experiment takes: seedParam() (or a family's own seed), rngParam() and budgetParam().
struct RunParams {
  std::uint64_t seed = 0;
  NormalMethod rng = NormalMethod::Ziggurat;  // rngParam(): every random number of the data is drawn with it
  double budget = 0;                          // MiB
  double budgetBytes() const { return budget * 1024.0 * 1024.0; }
};

// A value and whether the user gave it rather than taking the default (sparse-approx's n, which an uploaded
// pattern replaces unless it was given).
template <class T>
struct Given {
  T value{};
  bool given = false;
};

namespace param_fields {

inline void requireKind(const ParamDecl& d, bool ok, const char* type) {
  if (!ok) throw std::logic_error("parameter '" + d.key + "' cannot be read into a field of type " + type);
}
inline bool isFlag(const ParamDecl& d) {
  return d.kind == ParamKind::Enum && d.values == std::vector<std::string>{"0", "1"};
}

}  // namespace param_fields

// One field and its declaration. Non-template constructors, so a member of a base struct converts to P's.
template <class P>
class ParamField {
 public:
  ParamField(int P::*m, ParamDecl d) : decl_(std::move(d)) {
    param_fields::requireKind(decl_, decl_.kind == ParamKind::Int, "int");
    read_ = [m](const Json& j, bool, P& p) { p.*m = static_cast<int>(j.get<std::int64_t>()); };
  }
  ParamField(std::int64_t P::*m, ParamDecl d) : decl_(std::move(d)) {
    param_fields::requireKind(decl_, decl_.kind == ParamKind::Int, "std::int64_t");
    read_ = [m](const Json& j, bool, P& p) { p.*m = j.get<std::int64_t>(); };
  }
  ParamField(std::uint64_t P::*m, ParamDecl d) : decl_(std::move(d)) {
    param_fields::requireKind(decl_, decl_.kind == ParamKind::Int && decl_.min >= 0, "std::uint64_t");
    read_ = [m](const Json& j, bool, P& p) { p.*m = static_cast<std::uint64_t>(j.get<std::int64_t>()); };
  }
  ParamField(double P::*m, ParamDecl d) : decl_(std::move(d)) {
    param_fields::requireKind(decl_, decl_.kind == ParamKind::Real || decl_.kind == ParamKind::Int, "double");
    read_ = [m](const Json& j, bool, P& p) { p.*m = j.get<double>(); };
  }
  ParamField(std::string P::*m, ParamDecl d) : decl_(std::move(d)) {
    param_fields::requireKind(decl_, decl_.kind == ParamKind::Enum || decl_.kind == ParamKind::Text, "std::string");
    read_ = [m](const Json& j, bool, P& p) { p.*m = j.get<std::string>(); };
  }
  ParamField(bool P::*m, ParamDecl d) : decl_(std::move(d)) {
    param_fields::requireKind(decl_, param_fields::isFlag(decl_), "bool (an enum 0 | 1)");
    read_ = [m](const Json& j, bool, P& p) { p.*m = j.get<std::string>() == "1"; };
  }
  ParamField(NormalMethod P::*m, ParamDecl d) : decl_(std::move(d)) {
    param_fields::requireKind(decl_, decl_.kind == ParamKind::Enum && decl_.values == rngParam().values,
                              "NormalMethod");
    read_ = [m](const Json& j, bool, P& p) {
      p.*m = j.get<std::string>() == "box-muller" ? NormalMethod::BoxMuller : NormalMethod::Ziggurat;
    };
  }
  ParamField(std::vector<double> P::*m, ParamDecl d) : decl_(std::move(d)) {
    param_fields::requireKind(decl_, decl_.kind == ParamKind::RealList || decl_.kind == ParamKind::IntList,
                              "std::vector<double>");
    read_ = [m](const Json& j, bool, P& p) { p.*m = j.get<std::vector<double>>(); };
  }
  ParamField(std::vector<std::int64_t> P::*m, ParamDecl d) : decl_(std::move(d)) {
    param_fields::requireKind(decl_, decl_.kind == ParamKind::IntList, "std::vector<std::int64_t>");
    read_ = [m](const Json& j, bool, P& p) { p.*m = j.get<std::vector<std::int64_t>>(); };
  }
  ParamField(Given<int> P::*m, ParamDecl d) : decl_(std::move(d)) {
    param_fields::requireKind(decl_, decl_.kind == ParamKind::Int, "Given<int>");
    read_ = [m](const Json& j, bool given, P& p) { p.*m = {static_cast<int>(j.get<std::int64_t>()), given}; };
  }
  const ParamDecl& decl() const { return decl_; }
  void read(const ParamValues& values, P& p) const { read_(values.json().at(decl_.key), values.given(decl_.key), p); }

 private:
  ParamDecl decl_;
  std::function<void(const Json&, bool given, P&)> read_;
};

// An experiment's parameters in schema order: the schema and the reading of validated values, from one list.
template <class P>
class ParamList {
 public:
  ParamList(std::initializer_list<ParamField<P>> fields) : fields_(fields) {
    for (const auto& f : fields_) {
      for (const auto& d : decls_)
        if (d.key == f.decl().key) throw std::logic_error("parameter '" + d.key + "' is declared twice");
      decls_.push_back(f.decl());
    }
  }
  const std::vector<ParamDecl>& decls() const { return decls_; }
  // The typed values of validated parameters (every declared key is present in them).
  P read(const ParamValues& values) const {
    P p{};
    for (const auto& f : fields_) f.read(values, p);
    return p;
  }

 private:
  std::vector<ParamField<P>> fields_;
  std::vector<ParamDecl> decls_;
};

}  // namespace attnlab
