// SPDX-License-Identifier: Apache-2.0
#include "model/model_request.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <regex>
#include <set>
#include <stdexcept>

#include "numerics/shared/text.hpp"

namespace attnlab::model {
namespace {

struct Refusal : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// TS's '…'.slice(0, n) quoting: the first n characters of a value, in single quotes.
std::string cut(const std::string& value, std::size_t n) { return quotedText(value, n); }

bool digits(const std::string& text, std::size_t maxDigits) {
  return !text.empty() && text.size() <= maxDigits && text.find_first_not_of("0123456789") == std::string::npos;
}

bool flag(const std::optional<std::string>& value, const char* key) {
  if (!value) return false;
  if (*value != "0" && *value != "1") throw Refusal(std::string(key) + ": " + cut(*value, 20) + " is not 0 or 1");
  return *value == "1";
}

std::vector<std::string> splitList(const std::string& text) {
  std::vector<std::string> items;
  std::size_t start = 0;
  for (;;) {
    const auto comma = text.find(',', start);
    items.push_back(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) return items;
    start = comma + 1;
  }
}

std::vector<std::int64_t> idList(const std::string& text) {
  std::vector<std::int64_t> ids;
  for (const std::string& item : splitList(text)) {
    if (!digits(item, 10) || std::stoll(item) > std::numeric_limits<std::int32_t>::max())
      throw Refusal("ids: " + cut(item, 40) + " is not a token id (comma-separated integers >= 0)");
    if (ids.size() >= 1000000) throw Refusal("ids: more than 1000000 tokens");
    ids.push_back(std::stoll(item));
  }
  return ids;
}

CorpusRequest corpusOf(std::string path, const std::map<std::string, std::string>& given) {
  CorpusRequest c;
  c.path = std::move(path);
  const auto value = [&](const char* key, const char* fallback) {
    const auto it = given.find(key);
    return it == given.end() ? std::string(fallback) : it->second;
  };
  const std::string n = value("n", "128");
  c.lengths.clear();
  for (const std::string& item : splitList(n)) {
    if (!digits(item, 5)) throw Refusal("n: " + cut(n, 40) + " is not a list of window lengths in tokens (64,128,256)");
    c.lengths.push_back(std::stoll(item));
  }
  const std::set<std::int64_t> distinct(c.lengths.begin(), c.lengths.end());
  if (c.lengths.size() > 8 || distinct.size() != c.lengths.size() || *distinct.begin() < 2)
    throw Refusal("n: give 1 to 8 different window lengths, each at least 2 tokens");
  const std::string windows = value("windows", "1");
  if (!digits(windows, 4) || std::stoi(windows) < 1 || std::stoi(windows) > 1000)
    throw Refusal("windows: " + cut(windows, 20) + " is not a number of windows in [1, 1000]");
  c.windows = std::stoi(windows);
  if (given.count("eps")) {
    const std::string eps = given.at("eps");
    static const std::regex number(R"(^\d*\.?\d+(e-?\d+)?$)");
    for (const std::string& item : splitList(eps)) {
      if (!std::regex_match(item, number)) throw Refusal("eps: " + cut(eps, 40) + " is not a list of 1 to 3 numbers");
      c.eps.push_back(std::stod(item));
    }
    if (c.eps.size() > 3) throw Refusal("eps: a study takes 1 to 3 error levels");
  }
  return c;
}

// The keys a model request takes from a command line; n=, windows= and eps= only beside corpus=.
const std::set<std::string> kModelKeys = {"model", "text", "ids", "lastLayer", "dropFirst", "weights", "corpus"};
const std::set<std::string> kCorpusKeys = {"n", "windows", "eps"};

ModelRequest requestOf(const std::map<std::string, std::string>& given) {
  const auto get = [&](const char* key) -> std::optional<std::string> {
    const auto it = given.find(key);
    return it == given.end() ? std::nullopt : std::optional<std::string>(it->second);
  };
  ModelRequest r;
  r.folder = given.at("model");
  if (r.folder.empty()) throw Refusal("model: give the model's folder");
  r.weights = flag(get("weights"), "weights");
  if (const auto last = get("lastLayer")) {
    if (!digits(*last, 6)) throw Refusal("lastLayer: " + cut(*last, 20) + " is not a layer number from 0");
    r.lastLayer = std::stoi(*last);
  }
  r.dropFirst = flag(get("dropFirst"), "dropFirst");
  if (const auto corpus = get("corpus")) r.corpus = corpusOf(*corpus, given);
  r.text = get("text");
  if (const auto ids = get("ids")) {
    r.ids = idList(*ids);
    r.hasIds = true;
  }
  if (r.corpus && (r.text || r.hasIds || r.weights))
    throw Refusal("corpus: a study reads the corpus; leave out text= and weights=");
  if (r.text && r.hasIds) throw Refusal("model: give text= or ids=, not both");
  return r;
}

}  // namespace

const std::vector<ModelKey>& modelRequestKeys() {
  static const std::vector<ModelKey> keys = {
      {"model", "<folder>",
       "a Hugging Face checkpoint folder (config.json, model.safetensors): its heads replace the "
       "inputs q and k"},
      {"text", "\"...\"", "the text the model reads, tokenized with the folder's tokenizer.json (npm run lab, Python)"},
      {"ids", "<id,...>", "token ids instead of a text (a host that cannot tokenize takes these)"},
      {"lastLayer", "<i>", "read layers 0..i only (default: every layer), counted from 0"},
      {"dropFirst", "1", "leave out the first token (a [CLS] or <s> that every token attends to)"},
      {"weights", "1", "no text: each head's W_Q^T W_K over the residual stream, the norm's gain folded in"},
      {"corpus", "<file>", "a study over a UTF-8 text: every head on windows of the text's tokens"},
      {"n", "<a,b,...>", "with corpus=: the window lengths in tokens, 1 to 8 different (default 128)"},
      {"windows", "<k>", "with corpus=: consecutive windows of each length, 1 to 1000 (default 1)"},
      {"eps", "<a,b,c>", "with corpus=: the error levels of the grid, 1 to 3 (default: the experiment's eps)"},
  };
  return keys;
}

Json modelRequestKeysJson() {
  Json out = Json::array();
  for (const ModelKey& k : modelRequestKeys()) out.push_back({{"key", k.key}, {"value", k.value}, {"help", k.help}});
  return out;
}

ModelRequestParse takeModelRequest(const std::vector<std::string>& words) {
  ModelRequestParse out;
  const bool corpus =
      std::any_of(words.begin(), words.end(), [](const std::string& w) { return w.rfind("corpus=", 0) == 0; });
  std::map<std::string, std::string> given;
  for (const std::string& word : words) {
    const auto eq = word.find('=');
    const std::string key = eq == std::string::npos ? "" : word.substr(0, eq);
    if (!kModelKeys.count(key) && !(corpus && kCorpusKeys.count(key))) {
      out.rest.push_back(word);
      continue;
    }
    if (!given.emplace(key, word.substr(eq + 1)).second && out.error.empty())
      out.error = key + " is given twice: give it once";
  }
  out.present = given.count("model") > 0;
  if (!out.present) {
    out.rest = words;  // nothing taken: the experiment's command line names what it does not know
    out.error.clear();
    return out;
  }
  if (!out.error.empty()) return out;
  try {
    out.request = requestOf(given);
  } catch (const Refusal& refused) {
    out.error = refused.what();
  }
  return out;
}

Json modelRequestJson(const ModelRequestParse& parsed) {
  Json out = {{"present", parsed.present}, {"rest", parsed.rest}};
  if (!parsed.error.empty()) return out["error"] = parsed.error, out;
  const ModelRequest& r = parsed.request;
  Json request = {{"folder", r.folder}, {"dropFirst", r.dropFirst}, {"weights", r.weights}};
  if (r.text) request["text"] = *r.text;
  if (r.hasIds) request["ids"] = r.ids;
  if (r.lastLayer) request["lastLayer"] = *r.lastLayer;
  if (r.corpus)
    request["corpus"] = {{"path", r.corpus->path},
                         {"lengths", r.corpus->lengths},
                         {"windows", r.corpus->windows},
                         {"eps", r.corpus->eps}};
  out["request"] = std::move(request);
  return out;
}

std::vector<std::int64_t> requestIds(const ModelRequest& request) {
  if (!request.dropFirst || request.ids.empty()) return request.ids;
  return std::vector<std::int64_t>(request.ids.begin() + 1, request.ids.end());
}

}  // namespace attnlab::model
