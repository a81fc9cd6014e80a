// SPDX-License-Identifier: Apache-2.0
#pragma once
// A result declared once: a struct whose fields are listed once with ATTNLAB_FIELDS. From that list come
// both the declared shape (shapeOf<T>(), the language of lab/result_shape.hpp that `attnlab --schema`
// prints and the page's types are generated from) and the JSON the experiment returns (resultJson(value)).
// No key is written twice, so the shape and the result cannot drift apart.
//
//   struct Edges { double lower = 0, upper = 0; };
//   ATTNLAB_FIELDS(Edges, lower, upper)        // shape {"lower": "number", "upper": "number"}
//
// C++ type -> shape: double "number", int and std::int64_t "int", bool "bool", std::string "string",
// std::optional<X> "X|null" (a nullable object for a struct), std::vector<X> and Eigen::VectorXd "X[]"
// (an array of objects for a struct), a declared struct its object of fields.
//
// Also: ATTNLAB_NAMED_FIELDS for keys that are no C++ name ((frobenius, "LB-F")), Joined<A, B> for the
// fields of A then those of B in one object (a job's result: its point, then its index), and
// readResult<T>(json), the inverse of resultJson (a combine step reading its jobs' results back).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "lab/json.hpp"

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

inline void fromJson(const Json& j, double& x) { x = j.get<double>(); }
inline void fromJson(const Json& j, int& x) { x = j.get<int>(); }
inline void fromJson(const Json& j, std::int64_t& x) { x = j.get<std::int64_t>(); }
inline void fromJson(const Json& j, bool& x) { x = j.get<bool>(); }
inline void fromJson(const Json& j, std::string& x) { x = j.get<std::string>(); }
inline void fromJson(const Json& j, Eigen::VectorXd& x) {
  const auto v = j.get<std::vector<double>>();
  x = Eigen::Map<const Eigen::VectorXd>(v.data(), static_cast<Eigen::Index>(v.size()));
}

// The fields of A, then those of B, in one object.
template <class A, class B>
struct Joined : A, B {
  Joined() = default;
  Joined(const A& a, const B& b) : A(a), B(b) {}
};

template <class T>
Json shapeOf(const std::optional<T>*);
template <class T>
Json shapeOf(const std::vector<T>*);
template <class T>
Json toJson(const std::optional<T>& x);
template <class T>
Json toJson(const std::vector<T>& xs);
template <class T>
void fromJson(const Json& j, std::optional<T>& x);
template <class T>
void fromJson(const Json& j, std::vector<T>& xs);
template <class A, class B>
Json shapeOf(const Joined<A, B>*);
template <class A, class B>
Json toJson(const Joined<A, B>& x);
template <class A, class B>
void fromJson(const Json& j, Joined<A, B>& x);

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

template <class T>
void fromJson(const Json& j, std::optional<T>& x) {
  if (j.is_null()) {
    x.reset();
  } else {
    T value{};
    fromJson(j, value);
    x = std::move(value);
  }
}

template <class T>
void fromJson(const Json& j, std::vector<T>& xs) {
  xs.clear();
  for (const Json& e : j) {
    T value{};
    fromJson(e, value);
    xs.push_back(std::move(value));
  }
}

template <class A, class B>
Json shapeOf(const Joined<A, B>*) {
  Json s = shapeOf(static_cast<const A*>(nullptr));
  const Json b = shapeOf(static_cast<const B*>(nullptr));
  for (const auto& [key, value] : b.items()) s[key] = value;
  return s;
}

template <class A, class B>
Json toJson(const Joined<A, B>& x) {
  Json j = toJson(static_cast<const A&>(x));
  const Json b = toJson(static_cast<const B&>(x));
  for (const auto& [key, value] : b.items()) j[key] = value;
  return j;
}

template <class A, class B>
void fromJson(const Json& j, Joined<A, B>& x) {
  fromJson(j, static_cast<A&>(x));
  fromJson(j, static_cast<B&>(x));
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

// A value of T from JSON of its shape (throws nlohmann's errors on a missing key or a wrong type).
template <class T>
T readResult(const Json& j) {
  T value{};
  fromJson(j, value);
  return value;
}

}  // namespace attnlab

#define ATTNLAB_SHAPE_FIELD(field) s[#field] = shapeOf(static_cast<const decltype(Self::field)*>(nullptr));
#define ATTNLAB_WRITE_FIELD(field) j[#field] = toJson(v.field);
#define ATTNLAB_READ_FIELD(field) fromJson(j.at(#field), v.field);

#define ATTNLAB_FIELD_FUNCTIONS(Type, SHAPE, WRITE, READ, ...)    \
  inline ::attnlab::Json shapeOf(const Type*) {                   \
    using Self = Type;                                            \
    using ::attnlab::shapeOf;                                     \
    ::attnlab::Json s = ::attnlab::Json::object();                \
    NLOHMANN_JSON_EXPAND(NLOHMANN_JSON_PASTE(SHAPE, __VA_ARGS__)) \
    return s;                                                     \
  }                                                               \
  inline ::attnlab::Json toJson(const Type& v) {                  \
    using ::attnlab::toJson;                                      \
    ::attnlab::Json j = ::attnlab::Json::object();                \
    NLOHMANN_JSON_EXPAND(NLOHMANN_JSON_PASTE(WRITE, __VA_ARGS__)) \
    return j;                                                     \
  }                                                               \
  inline void fromJson(const ::attnlab::Json& j, Type& v) {       \
    using ::attnlab::fromJson;                                    \
    NLOHMANN_JSON_EXPAND(NLOHMANN_JSON_PASTE(READ, __VA_ARGS__))  \
  }

// Declares the fields of struct Type (in Type's own namespace): its shape, its JSON and its reading, from one list.
#define ATTNLAB_FIELDS(Type, ...) \
  ATTNLAB_FIELD_FUNCTIONS(Type, ATTNLAB_SHAPE_FIELD, ATTNLAB_WRITE_FIELD, ATTNLAB_READ_FIELD, __VA_ARGS__)

// The same for keys that are no C++ name: ATTNLAB_NAMED_FIELDS(Type, (field, "key"), ...).
#define ATTNLAB_SHAPE_NAMED_(field, key) s[key] = shapeOf(static_cast<const decltype(Self::field)*>(nullptr));
#define ATTNLAB_WRITE_NAMED_(field, key) j[key] = toJson(v.field);
#define ATTNLAB_READ_NAMED_(field, key) fromJson(j.at(key), v.field);
#define ATTNLAB_SHAPE_NAMED(pair) ATTNLAB_SHAPE_NAMED_ pair
#define ATTNLAB_WRITE_NAMED(pair) ATTNLAB_WRITE_NAMED_ pair
#define ATTNLAB_READ_NAMED(pair) ATTNLAB_READ_NAMED_ pair
#define ATTNLAB_NAMED_FIELDS(Type, ...) \
  ATTNLAB_FIELD_FUNCTIONS(Type, ATTNLAB_SHAPE_NAMED, ATTNLAB_WRITE_NAMED, ATTNLAB_READ_NAMED, __VA_ARGS__)
