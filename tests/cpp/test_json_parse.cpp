// SPDX-License-Identifier: Apache-2.0
// The core's JSON parser (lab/json_parse.hpp): nlohmann's tree in insertion order, built in time linear in the text
// (the inputs below took minutes with ordered_json's own parse), with nesting, keys and values bounded and a key given
// twice refused by name. The model files' readers refuse beyond their limits naming the file.
#include <catch2/catch.hpp>
#include <functional>
#include <string>

#include "model/model_error.hpp"
#include "model/model_config.hpp"
#include "model/safetensors.hpp"
#include "lab/json_parse.hpp"

using namespace attnlab;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

// {"<prefix>0": 0, "<prefix>1": 1, ...}: n members (the values as strings when quoted).
std::string manyKeys(std::size_t n, const std::string& prefix = "k", bool quoted = false) {
  const std::string q = quoted ? "\"" : "";
  std::string text = "{";
  for (std::size_t i = 0; i < n; ++i)
    text += (i ? ",\"" : "\"") + prefix + std::to_string(i) + "\":" + q + std::to_string(i) + q;
  return text + "}";
}

std::string refusal(const std::function<void()>& read) {
  try {
    read();
  } catch (const model::ModelError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("json parse: the tree, its order and its numbers are nlohmann's", "[json]") {
  for (const std::string text :
       {R"({"b":1,"a":[1,2.5,-3,{"z":null,"y":true}],"c":"x\u00e9\n","d":{}})", "[]", "17", R"("s")",
        R"([18446744073709551615,-9223372036854775808,1e-320,0.1])", R"({"nested":{"deeper":{"deepest":[[[]]]}}})"}) {
    INFO(text);
    const JsonParse got = parseJsonBounded(text);
    REQUIRE(got.ok());
    CHECK(got.value == Json::parse(text));
    CHECK(got.value.dump() == Json::parse(text).dump());  // same order, same number kinds
  }
  const JsonParse ordered = parseJsonBounded(R"({"z":1,"a":2,"m":3})");
  std::string keys;
  for (const auto& [key, value] : ordered.value.items()) keys += key;
  CHECK(keys == "zam");
}

TEST_CASE("json parse: text that is not JSON is a syntax fault, limits and duplicates a limit fault", "[json]") {
  for (const std::string text : {"", "{", R"({"a":})", "[1,]", "1e400", "{'a':1}", "[1] 2", "nul"}) {
    INFO(text);
    const JsonParse got = parseJsonBounded(text);
    CHECK(got.fault == JsonFault::Syntax);
    CHECK(got.value.is_null());
    CHECK(got.error.find('\n') == std::string::npos);
  }
  const JsonParse twice = parseJsonBounded(R"({"a":1,"b":{"x\ny":1,"x\ny":2}})");
  CHECK(twice.fault == JsonFault::Limit);
  CHECK(twice.error == "the key 'x\\x0ay' appears twice in one object");
  CHECK(parseJsonBounded(R"([{"a":1},{"a":2}])").ok());  // one key in two objects is no duplicate
}

TEST_CASE("json parse: nesting, keys per object and values are bounded, the limit named", "[json]") {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  const JsonParse tooDeep = parseJsonBounded(deep);
  CHECK(tooDeep.fault == JsonFault::Limit);
  CHECK(tooDeep.error == "nested more than 64 levels deep (the most allowed)");
  CHECK(parseJsonBounded(std::string(64, '[') + std::string(64, ']')).ok());
  CHECK_FALSE(parseJsonBounded(std::string(65, '[') + std::string(65, ']')).ok());

  JsonLimits small;
  small.maxKeysPerObject = 3;
  small.maxValues = 10;
  CHECK(parseJsonBounded(manyKeys(3), small).ok());
  CHECK(parseJsonBounded(manyKeys(4), small).error == "more than 3 keys in one object (the most allowed)");
  CHECK(parseJsonBounded("[1,2,3,4,5,6,7,8,9]", small).ok());  // the array and its 9 numbers
  CHECK(parseJsonBounded("[1,2,3,4,5,6,7,8,9,10]", small).error == "more than 10 values (the most allowed)");
}

TEST_CASE("json parse: 250,000 keys in one object parse whole, each found", "[json]") {
  const std::size_t n = 250000;
  const JsonParse got = parseJsonBounded(manyKeys(n));
  REQUIRE(got.ok());
  REQUIRE(got.value.size() == n);
  CHECK(got.value.begin().key() == "k0");
  CHECK((--got.value.end()).key() == "k249999");
  CHECK(got.value.at("k123456") == 123456);
}

TEST_CASE("json parse: a config.json of 200,000 keys is refused in its own words", "[json][model]") {
  std::string config = manyKeys(200000);
  config.insert(1, R"("model_type":"bert","vocab_size":30,)");
  const std::string why = refusal([&] { model::parseModelConfig(config); });
  CHECK(why == "config.json: more than 200000 keys in one object (the most allowed)");
  CHECK_THAT(refusal([] { model::parseModelConfig(std::string(40, '[') + std::string(40, ']')); }),
             StartsWith("config.json: nested more than 32 levels deep"));
  CHECK(refusal([] { model::parseModelConfig(R"({"model_type":"bert","model_type":"gpt2"})"); }) ==
        "config.json: the key 'model_type' appears twice in one object");
}

TEST_CASE("json parse: a safetensors header with 1,000,000 metadata keys is refused, naming the file",
          "[json][model]") {
  const std::string header =
      R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},"__metadata__":)" + manyKeys(1000000, "m", true) + "}";
  const std::string why =
      refusal([&] { model::parseSafetensorsHeader("m.safetensors", header, 8 + header.size() + 8); });
  CHECK(why == "m.safetensors: the header: more than 200000 keys in one object (the most allowed)");
}
