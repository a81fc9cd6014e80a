// SPDX-License-Identifier: Apache-2.0
#include "lab/json_parse.hpp"

#include <unordered_set>
#include <utility>
#include <vector>

#include "numerics/shared/text.hpp"

namespace attnlab {
namespace {

// Builds the ordered tree from nlohmann's SAX events: object members are appended to the ordered map's vector (one
// hash look-up for a duplicate instead of its linear emplace), containers are tracked by pointer as nlohmann's own
// DOM builder does (only the innermost container grows, so the pointers to the outer ones stay valid).
class BoundedBuilder {
 public:
  BoundedBuilder(Json& root, const JsonLimits& limits, JsonParse& out) : root_(root), limits_(limits), out_(out) {}

  bool null() { return place(Json(nullptr)) != nullptr; }
  bool boolean(bool v) { return place(Json(v)) != nullptr; }
  bool number_integer(Json::number_integer_t v) { return place(Json(v)) != nullptr; }
  bool number_unsigned(Json::number_unsigned_t v) { return place(Json(v)) != nullptr; }
  bool number_float(Json::number_float_t v, const std::string&) { return place(Json(v)) != nullptr; }
  bool string(std::string& v) { return place(Json(std::move(v))) != nullptr; }
  bool binary(Json::binary_t&) { return refuse("binary values are not JSON"); }
  bool start_object(std::size_t) { return open(Json::value_t::object); }
  bool start_array(std::size_t) { return open(Json::value_t::array); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }

  bool key(std::string& name) {
    Frame& frame = frames_.back();
    if (frame.keys.size() >= limits_.maxKeysPerObject)
      return refuse("more than " + std::to_string(limits_.maxKeysPerObject) + " keys in one object (the most allowed)");
    if (!frame.keys.insert(name).second) return refuse("the key " + quotedText(name) + " appears twice in one object");
    auto& members = *frame.container->get_ptr<Json::object_t*>();
    members.emplace_back(std::move(name), Json());  // the vector's append, not ordered_map::emplace's search
    member_ = &members.back().second;
    return true;
  }

  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& ex) {
    if (out_.fault != JsonFault::None) return false;
    std::string text = ex.what();
    const auto bracket = text.find("] ");  // "[json.exception.parse_error.101] parse error at ..."
    out_.fault = JsonFault::Syntax;
    out_.error =
        "not valid JSON: " + printableText(bracket == std::string::npos ? text : text.substr(bracket + 2), 160);
    return false;
  }

 private:
  struct Frame {
    Json* container;
    std::unordered_set<std::string> keys;  // an object's keys so far (empty for an array)
  };

  bool refuse(std::string cause) {
    if (out_.fault == JsonFault::None) {
      out_.fault = JsonFault::Limit;
      out_.error = std::move(cause);
    }
    return false;
  }

  // Puts a value where the text has it (the root, an array's end, the member just keyed); null when over a limit.
  Json* place(Json&& value) {
    if (++values_ > limits_.maxValues) {
      refuse("more than " + std::to_string(limits_.maxValues) + " values (the most allowed)");
      return nullptr;
    }
    if (frames_.empty()) {
      root_ = std::move(value);
      return &root_;
    }
    Json* parent = frames_.back().container;
    if (parent->is_array()) {
      auto& items = *parent->get_ptr<Json::array_t*>();
      items.push_back(std::move(value));
      return &items.back();
    }
    *member_ = std::move(value);
    return member_;
  }

  bool open(Json::value_t kind) {
    if (static_cast<int>(frames_.size()) >= limits_.maxDepth)
      return refuse("nested more than " + std::to_string(limits_.maxDepth) + " levels deep (the most allowed)");
    Json* at = place(Json(kind));
    if (!at) return false;
    frames_.push_back(Frame{at, {}});
    return true;
  }

  bool close() {
    frames_.pop_back();
    return true;
  }

  Json& root_;
  const JsonLimits& limits_;
  JsonParse& out_;
  std::vector<Frame> frames_;
  Json* member_ = nullptr;
  std::size_t values_ = 0;
};

}  // namespace

JsonParse parseJsonBounded(const std::string& text, const JsonLimits& limits) {
  JsonParse out;
  BoundedBuilder builder(out.value, limits, out);
  const bool parsed = Json::sax_parse(text, &builder);
  if (!parsed && out.fault == JsonFault::None) {
    out.fault = JsonFault::Syntax;
    out.error = "not valid JSON";
  }
  if (!out.ok()) out.value = Json();
  return out;
}

}  // namespace attnlab
