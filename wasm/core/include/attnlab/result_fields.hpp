#pragma once
// A result declared once: a struct whose fields are listed once with ATTNLAB_FIELDS. From that list come
// both the declared shape (shapeOf<T>(), the language of attnlab/result_shape.hpp that `attnlab --schema`
// prints and the page's types are generated from) and the JSON the experiment returns (resultJson(value)).
// No key is written twice, so the shape and the result cannot drift apart.
//
//   struct Edges { double lower = 0, upper = 0; };
//   ATTNLAB_FIELDS(Edges, lower, upper)        // shape {"lower": "number", "upper": "number"}
//
// C++ type -> shape: double "number", int and std::int64_t "int", bool "bool", std::string "string",
// std::optional<X> "X|null" (a nullable object for a struct), std::vector<X> and Eigen::VectorXd "X[]"
// (an array of objects for a struct), a declared struct its object of fields.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "attnlab/json.hpp"

namespace attnlab {

// The shape of a type, by a null pointer of it (overloads, so ADL finds a struct's own in its namespace).
inline Json shapeOf(const double*) { return "number"; }
inline Json shapeOf(const int*) { return "int"; }
inline Json shapeOf(const std::int64_t*) { return "int"; }
inline Json shapeOf(const bool*) { return "bool"; }
inline Json shapeOf(const std::string*) { return "string"; }
inline Json shapeOf(const Eigen::VectorXd*) { return "number[]"; }

inline Json toJson(double x) { return x; }
inline Json toJson(int x) { return x; }
inline Json toJson(std::int64_t x) { return x; }
inline Json toJson(bool x) { return x; }
inline Json toJson(const std::string& x) { return x; }
inline Json toJson(const Eigen::VectorXd& x) { return std::vector<double>(x.data(), x.data() + x.size()); }

template <class T>
Json shapeOf(const std::optional<T>*);
template <class T>
Json shapeOf(const std::vector<T>*);
template <class T>
Json toJson(const std::optional<T>& x);
template <class T>
Json toJson(const std::vector<T>& xs);

template <class T>
Json shapeOf(const std::optional<T>*) {
  Json s = shapeOf(static_cast<const T*>(nullptr));
  if (s.is_string()) return s.get<std::string>() + "|null";
  s["$nullable"] = true;
  return s;
}

template <class T>
Json shapeOf(const std::vector<T>*) {
  const Json s = shapeOf(static_cast<const T*>(nullptr));
  if (!s.is_string()) return Json::array({s});
  const std::string element = s.get<std::string>();
  return (element.find('|') == std::string::npos ? element : "(" + element + ")") + "[]";
}

template <class T>
Json toJson(const std::optional<T>& x) {
  return x ? toJson(*x) : Json(nullptr);
}

template <class T>
Json toJson(const std::vector<T>& xs) {
  Json out = Json::array();
  for (const T& x : xs) out.push_back(toJson(x));
  return out;
}

// The declared shape of T, and the JSON of a value of it.
template <class T>
Json shapeOf() {
  return shapeOf(static_cast<const T*>(nullptr));
}

template <class T>
Json resultJson(const T& value) {
  return toJson(value);
}

}  // namespace attnlab

#define ATTNLAB_SHAPE_FIELD(field) s[#field] = shapeOf(static_cast<const decltype(Self::field)*>(nullptr));
#define ATTNLAB_WRITE_FIELD(field) j[#field] = toJson(v.field);

// Declares the fields of struct Type (in Type's own namespace): its shape and its JSON, from one list.
#define ATTNLAB_FIELDS(Type, ...)                                                     \
  inline ::attnlab::Json shapeOf(const Type*) {                      \
    using Self = Type;                                                                \
    using ::attnlab::shapeOf;                                                         \
    ::attnlab::Json s = ::attnlab::Json::object();                                    \
    NLOHMANN_JSON_EXPAND(NLOHMANN_JSON_PASTE(ATTNLAB_SHAPE_FIELD, __VA_ARGS__))       \
    return s;                                                                         \
  }                                                                                   \
  inline ::attnlab::Json toJson(const Type& v) {                     \
    using ::attnlab::toJson;                                                          \
    ::attnlab::Json j = ::attnlab::Json::object();                                    \
    NLOHMANN_JSON_EXPAND(NLOHMANN_JSON_PASTE(ATTNLAB_WRITE_FIELD, __VA_ARGS__))       \
    return j;                                                                         \
  }
