// SPDX-License-Identifier: Apache-2.0
// Embind surface of "your own model": a checkpoint read through bytes the host fetches itself (the page with
// File.slice(a, b).arrayBuffer(), headless with fs.openAsBlob), because those reads are asynchronous and the core's
// are not. The host asks, the core answers which byte ranges it needs next, the host puts them and asks again:
//   open()  -> {"ok": true, "model": {...}} | {"need": [{file, begin, end}]} | {"ok": false, "error": "..."}
//   start(ids, lastLayer) -> the memory estimate; then nextReads() / put(...) / step() once per layer,
//   q() and k() the layer's queries and keys (tokens × heads·head_dim, row-major), headJson(h) what model-qk prints.
// One session holds one opened checkpoint and at most one pass; its bytes are dropped after every step.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <map>
#include <memory>
#include <new>
#include <optional>

#include "host/model_run.hpp"
#include "lab/json_parse.hpp"
#include "numerics/kernels/softmax.hpp"
#include "model/checkpoint.hpp"
#include "model/head_qk.hpp"
#include "model/head_stack.hpp"
#include "model/model_error.hpp"
#include "model/model_request.hpp"
#include "model/qk_command.hpp"
#include "model/streamed_pass.hpp"
#include "numerics/transformer/layer_math.hpp"
#include "model/weight_heads.hpp"

using emscripten::val;
using namespace attnlab;
using namespace attnlab::model;

namespace {

// The bytes the host has put, by file and offset; a read outside them is recorded as needed and fails.
class PutBytes : public ByteSource {
 public:
  std::map<std::string, std::uint64_t> sizes;
  std::map<std::string, std::map<std::uint64_t, std::string>> chunks;  // file -> offset -> bytes
  std::vector<ByteRange> missing;

  bool fileSize(const std::string& fileName, std::uint64_t& size) override {
    const auto it = sizes.find(fileName);
    if (it == sizes.end()) return false;
    size = it->second;
    return true;
  }
  bool read(const std::string& fileName, std::uint64_t offset, std::uint64_t length, std::string& bytes,
            std::string& error) override {
    const auto file = chunks.find(fileName);
    if (file != chunks.end()) {
      auto it = file->second.upper_bound(offset);  // the last chunk starting at or before offset
      if (it != file->second.begin()) {
        --it;
        const std::uint64_t start = offset - it->first;
        if (start + length <= it->second.size()) {
          bytes.assign(it->second, static_cast<std::size_t>(start), static_cast<std::size_t>(length));
          return true;
        }
      }
    }
    missing.push_back({fileName, offset, offset + length});
    error = fileName + ": bytes " + std::to_string(offset) + "–" + std::to_string(offset + length) + " were not read";
    return false;
  }
};

Json rangesJson(const std::vector<ByteRange>& ranges) {
  Json list = Json::array();
  for (const ByteRange& r : ranges) list.push_back(Json{{"file", r.file}, {"begin", r.begin}, {"end", r.end}});
  return list;
}

// What one allocation of the module may take: its memory is at most 4 GiB (CMakeLists.txt: MAXIMUM_MEMORY), which
// also holds the code, the layer's bytes the host put and what the previous steps keep.
constexpr double kWasmBudgetBytes = 3072.0 * 1048576;
// The longest string V8 makes (2^29 - 24 characters): a longer JSON text fails to cross to JS ("Invalid string
// length").
constexpr double kMaxJsStringChars = 536870888;

std::string failure(const std::string& error) { return Json{{"ok", false}, {"error", error}}.dump(); }

val rowMajor(const Eigen::MatrixXd& m) {
  const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> r = m;
  return val::global("Float64Array").new_(emscripten::typed_memory_view(static_cast<std::size_t>(r.size()), r.data()));
}

class ModelSession {
 public:
  void setFile(const std::string& name, double size) { source_.sizes[name] = static_cast<std::uint64_t>(size); }
  void put(const std::string& name, double offset, const val& bytes) {
    const std::size_t length = bytes["length"].as<std::size_t>();
    std::string data(length, '\0');
    val view = val(emscripten::typed_memory_view(length, reinterpret_cast<unsigned char*>(data.data())));
    view.call<void>("set", bytes);
    source_.chunks[name][static_cast<std::uint64_t>(offset)] = std::move(data);
  }

  std::string open() {
    source_.missing.clear();
    try {
      checkpoint_ = std::make_unique<Checkpoint>(openCheckpoint(source_));
    } catch (const ModelError& e) {
      if (!source_.missing.empty()) return Json{{"need", rangesJson(source_.missing)}}.dump();
      return failure(e.what());
    } catch (const std::bad_alloc&) {
      return failure("not enough memory to open the model");
    }
    try {
      fingerprint_ = checkpointFingerprint(source_);  // the bytes open() read are all still here
    } catch (const std::exception&) {
      fingerprint_.clear();
    }
    source_.chunks.clear();
    const ModelConfig& c = checkpoint_->config;
    const Json model{{"name", c.name},
                     {"modelType", c.modelType},
                     {"family", familyName(c.family)},
                     {"layers", c.layers},
                     {"heads", c.heads},
                     {"kvHeads", c.kvHeads},
                     {"headDim", c.headDim},
                     {"hidden", c.hidden},
                     {"vocab", c.vocab},
                     {"tokenLimit", c.tokenLimit()},
                     {"causal", c.causal()},
                     {"dtype", checkpoint_->dtype},
                     {"fileBytes", checkpoint_->fileBytes},
                     {"files", checkpoint_->files},
                     {"fingerprint", fingerprint_},
                     {"weightsProblem", weightHeadsProblem(c)}};  // "" when weights only can run
    return Json{{"ok", true}, {"model", model}}.dump();
  }

  // ids: a JSON array of token ids. {"ok": true, "estimateBytes": ...} or the request's fault.
  std::string start(const std::string& idsText, int lastLayer) {
    if (!checkpoint_) return failure("no model is open");
    std::vector<std::int64_t> ids;
    const JsonParse parsed = parseJsonBounded(idsText);
    if (!parsed.ok() || !parsed.value.is_array()) return failure("ids: a list of whole token ids");
    for (const Json& id : parsed.value) {
      if (!id.is_number_integer()) return failure("ids: a list of whole token ids");
      ids.push_back(id.get<std::int64_t>());
    }
    QkRequest request;
    request.ids = ids;
    request.layer = lastLayer;
    if (const std::string problem = requestProblem(checkpoint_->config, request); !problem.empty())
      return failure(problem);
    const double estimate = memoryEstimateBytes(*checkpoint_, request);
    if (const std::string problem = budgetProblem("the forward pass on " + std::to_string(ids.size()) + " tokens",
                                                  estimate, kWasmBudgetBytes, "give fewer tokens");
        !problem.empty())
      return failure(problem);
    ids_ = ids;
    pass_ = std::make_unique<StreamedPass>(*checkpoint_, ids, lastLayer);
    layer_.reset();
    return Json{{"ok", true}, {"estimateBytes", estimate}}.dump();
  }

  // The kernels run once on made-up numbers so that the host optimises them before the first layer (layer_math.hpp).
  double warm() const { return warmUp(); }

  std::string nextReads() const { return pass_ ? rangesJson(pass_->nextReads()).dump() : "[]"; }
  // What the step of `layer` will read, so the host can fetch it while the previous layer runs.
  std::string readsAt(int layer) const { return pass_ ? rangesJson(pass_->readsAt(layer)).dump() : "[]"; }

  // {"ok": true, "layer": i, "done": bool, "scale": s} or the step's fault (a read, the memory).
  std::string step() {
    if (!pass_) return failure("no pass was started");
    LayerQk out;
    const bool ok = pass_->step(source_, out);
    source_.chunks.clear();
    if (!ok) return failure(pass_->problem());
    layer_ = std::move(out);
    return Json{{"ok", true}, {"layer", layer_->layer}, {"done", pass_->done()}, {"scale", layer_->scale}}.dump();
  }

  // Weights only (model/weight_heads.hpp): what weightStep reads at `layer`, then that layer's W_Qᵀ and W_Kᵀ as
  // q() and k() (hidden × heads·head_dim): the heads as bilinear forms over the residual stream's basis vectors.
  std::string weightReads(int layer) const {
    if (!checkpoint_ || layer < 0 || layer >= checkpoint_->config.layers) return "[]";
    if (!weightHeadsProblem(checkpoint_->config).empty()) return "[]";  // weightStep refuses, nothing is read
    return rangesJson(weightHeadReads(*checkpoint_, layer)).dump();
  }
  std::string weightStep(int layer) {
    if (!checkpoint_) return failure("no model is open");
    if (layer < 0 || layer >= checkpoint_->config.layers)
      return failure("layer: " + std::to_string(layer) + " is not a layer of the model (0–" +
                     std::to_string(checkpoint_->config.layers - 1) + ")");
    try {
      layer_ = weightHeads(source_, *checkpoint_, layer);
    } catch (const ModelError& e) {
      source_.chunks.clear();
      return failure(e.what());
    } catch (const std::bad_alloc&) {
      source_.chunks.clear();
      return failure("not enough memory for the layer's weights");
    }
    source_.chunks.clear();
    return Json{
        {"ok", true}, {"layer", layer}, {"done", layer + 1 >= checkpoint_->config.layers}, {"scale", layer_->scale}}
        .dump();
  }

  // The head stacks paper 3's experiments take (model/head_stack.hpp: the grouped-query heads repeated and each
  // layer's scale in Q, as for every host): stackStart before the pass, stackLayer after each step (or weightStep),
  // then stackValues("q") and stackValues("k") once the last layer is in. false: no model, or the stacks' memory.
  bool stackStart(int layers, int tokens) {
    stacked_.clear();
    if (!checkpoint_ || layers < 1 || tokens < 1) return false;
    if (!budgetProblem("the heads", headStackBytes(checkpoint_->config, layers, tokens), kWasmBudgetBytes, "").empty())
      return false;
    try {
      stacker_ = std::make_unique<HeadStacker>(checkpoint_->config, layers, tokens);
    } catch (const std::bad_alloc&) {
      return false;
    }
    return true;
  }
  bool stackLayer() {
    if (!stacker_ || !layer_) return false;
    stacker_->add(*layer_);
    return true;
  }
  // A copy of the stack "q" or "k" (its shape is (layers, heads, tokens, head_dim)); the first call ends the filling.
  val stackValues(const std::string& name) {
    if (stacker_) stacked_ = stacker_->take(), stacker_.reset();
    const auto it = stacked_.find(name);
    if (it == stacked_.end()) return val::null();
    const std::vector<double>& v = it->second.values;
    val out = val::global("Float64Array").new_(emscripten::typed_memory_view(v.size(), v.data()));
    stacked_.erase(it);
    return out;
  }

  val q() const { return layer_ ? rowMajor(layer_->q) : val::null(); }
  val k() const { return layer_ ? rowMajor(layer_->k) : val::null(); }

  // What `attnlab model-qk` prints for query head `head` of the last step's layer.
  std::string headJson(int head) const {
    if (!layer_ || !checkpoint_) return failure("no layer was run");
    QkRequest request;
    request.ids = ids_;
    request.layer = layer_->layer;
    request.head = head;
    if (const std::string problem = requestProblem(checkpoint_->config, request); !problem.empty())
      return failure(problem);
    if (const std::string problem =
            budgetProblem("the head's JSON for " + std::to_string(ids_.size()) + " tokens",
                          headJsonBytes(checkpoint_->config, ids_.size()), kWasmBudgetBytes, "give fewer tokens");
        !problem.empty())
      return failure(problem);
    const double t = static_cast<double>(ids_.size()), chars = 24 * (2 * t * checkpoint_->config.headDim + t * t);
    if (chars > kMaxJsStringChars)
      return failure("the head's JSON for " + std::to_string(ids_.size()) + " tokens would be about " +
                     std::to_string(static_cast<long long>(chars / 1e6)) +
                     " million characters, more than a JavaScript string holds (536 million); give fewer tokens");
    const HeadQk h = headOf(checkpoint_->config, *layer_, head);
    return headQkJson(checkpoint_->config, request, h).dump();
  }

 private:
  PutBytes source_;
  std::unique_ptr<Checkpoint> checkpoint_;
  std::unique_ptr<StreamedPass> pass_;
  std::vector<std::int64_t> ids_;
  std::optional<LayerQk> layer_;
  std::unique_ptr<HeadStacker> stacker_;
  Inputs stacked_;
  std::string fingerprint_;  // model/head_stack.hpp: a study's jobs carry it
};

// `model-qk` arguments (a JSON array of words) parsed by the core: {"ok": true, folder, ids, text?, layer, head}.
std::string modelQkParse(const std::string& argsText) {
  std::vector<std::string> args;
  const JsonParse parsed = parseJsonBounded(argsText);
  if (!parsed.ok() || !parsed.value.is_array()) return failure("model-qk: the arguments are not a list of words");
  for (const Json& a : parsed.value) {
    if (!a.is_string()) return failure("model-qk: the arguments are not a list of words");
    args.push_back(a.get<std::string>());
  }
  const QkCommand c = parseQkCommand(args);
  if (!c.ok) return failure(c.error);
  Json out{
      {"ok", true}, {"folder", c.folder}, {"ids", c.request.ids}, {"layer", c.request.layer}, {"head", c.request.head}};
  if (c.hasText) out["text"] = c.text;
  return out.dump();
}

// An experiment's command line with a model's keys (a JSON array of words) parsed by the core
// (model/model_request.hpp):
// {"present", "rest"} and, with model=, "request" or "error".
std::string modelRequestParse(const std::string& argsText) {
  std::vector<std::string> args;
  const JsonParse parsed = parseJsonBounded(argsText);
  if (!parsed.ok() || !parsed.value.is_array()) return failure("model: the arguments are not a list of words");
  for (const Json& a : parsed.value) {
    if (!a.is_string()) return failure("model: the arguments are not a list of words");
    args.push_back(a.get<std::string>());
  }
  return modelRequestJson(takeModelRequest(args)).dump();
}

// One head's attention over its tokens, for the page's attention map: softmax of the rows of Q Kᵀ (the scale is
// already in Q), with the model's causal mask when it has one. q and k: n × d row-major; null when the sizes do not
// fit.
val headAttention(const val& q, const val& k, int n, int d, bool causal) {
  if (n < 1 || d < 1 || n > 1024 || d > 4096) return val::null();
  const std::vector<double> qv = emscripten::convertJSArrayToNumberVector<double>(q),
                            kv = emscripten::convertJSArrayToNumberVector<double>(k);
  if (qv.size() != static_cast<std::size_t>(n) * d || kv.size() != qv.size()) return val::null();
  const Eigen::Map<const RowMatrix> qm(qv.data(), n, d), km(kv.data(), n, d);
  RowMatrix p = qm * km.transpose();
  rowSoftmaxInPlace(p, causal);
  return val::global("Float64Array").new_(emscripten::typed_memory_view(static_cast<std::size_t>(p.size()), p.data()));
}

}  // namespace

EMSCRIPTEN_BINDINGS(attnlab_model) {
  emscripten::function("headAttention", &headAttention);
  emscripten::function("modelQkParse", &modelQkParse);
  emscripten::function("modelRequestParse", &modelRequestParse);
  emscripten::function("modelRunHelp", &modelRunHelp);
  emscripten::function("modelQkUsage", &qkCommandUsage);
  emscripten::class_<ModelSession>("ModelSession")
      .constructor<>()
      .function("setFile", &ModelSession::setFile)
      .function("put", &ModelSession::put)
      .function("open", &ModelSession::open)
      .function("start", &ModelSession::start)
      .function("nextReads", &ModelSession::nextReads)
      .function("readsAt", &ModelSession::readsAt)
      .function("warm", &ModelSession::warm)
      .function("step", &ModelSession::step)
      .function("weightReads", &ModelSession::weightReads)
      .function("weightStep", &ModelSession::weightStep)
      .function("stackStart", &ModelSession::stackStart)
      .function("stackLayer", &ModelSession::stackLayer)
      .function("stackValues", &ModelSession::stackValues)
      .function("q", &ModelSession::q)
      .function("k", &ModelSession::k)
      .function("headJson", &ModelSession::headJson);
}
