// .json reader, event by event (nlohmann's SAX parser): no document tree is built, nesting is
// refused past the rule's rank as soon as it is seen, and only the numbers are kept.
//   sparse: {"n": 300 (optional), "entries": [[i, j, value], ...]}
//   dense (or a sparse rule's dense grid): {"shape": [...], "data": [...]} (data flat or nested) or nested arrays
#include <algorithm>
#include <cmath>

#include "input_detail.hpp"

namespace attnlab::input_detail {
namespace {

constexpr int kSkipDepthLimit = 64;  // nesting inside keys we ignore

class Reader {
 public:
  Reader(const InputRule& rule, std::vector<double>& numbers)
      : rule_(rule), sparse_(rule.kind == InputRule::Kind::SparsePattern), numbers_(numbers) {
    maxGridRank_ = sparse_ ? 2 : std::max(0, std::min(rule.maxRank, 32));
    gridShape_.assign(static_cast<std::size_t>(maxGridRank_), -1);
  }

  // --- SAX events ---
  bool null() { return scalar("null"); }
  bool boolean(bool b) { return scalar(b ? "true" : "false"); }
  // The text is kept only where a message may quote it (n, shape): most files are millions of numbers.
  bool number_integer(std::int64_t x) { return numberEvent(static_cast<double>(x), quotable() ? std::to_string(x) : ""); }
  bool number_unsigned(std::uint64_t x) { return numberEvent(static_cast<double>(x), quotable() ? std::to_string(x) : ""); }
  bool number_float(double x, const std::string& text) { return numberEvent(x, text); }
  bool string(std::string& s) { return scalar("the string " + quoteInput(s)); }
  bool binary(Json::binary_t&) { return scalar("binary data"); }
  bool start_object(std::size_t) {
    if (skip_ || (depth_ == 1 && role_ == Role::Skipped && inRootObject_)) return enterSkip();
    if (depth_ == 0) return ++depth_, inRootObject_ = true;
    return fail(where() + ": expected " + expected() + ", got an object");
  }
  bool end_object() {
    if (skip_) return --skip_, true;
    --depth_;
    return true;
  }
  bool key(std::string& k) {
    if (skip_) return true;
    // Only the root object has keys we read; nested objects are refused or skipped before this.
    if (k != "n" && k != "entries" && k != "shape" && k != "data") {
      role_ = Role::Skipped;
      return true;
    }
    if (std::find(seen_.begin(), seen_.end(), k) != seen_.end()) return fail("key " + quoteInput(k) + " appears twice");
    seen_.push_back(k);
    role_ = k == "n" ? Role::N : k == "entries" ? Role::Entries : k == "shape" ? Role::Shape : Role::Data;
    return true;
  }
  bool start_array(std::size_t) {
    if (skip_) return enterSkip();
    if (depth_ == 0) role_ = Role::Data;  // a bare nested array is the grid
    ++depth_;
    switch (role_) {
      case Role::Skipped:
        --depth_;
        return enterSkip();
      case Role::Entries:
        if (inEntries_ == 0) {
          sawEntries_ = true;
          return inEntries_ = 1, true;
        }
        if (inEntries_ == 1) {
          entryFields_ = 0;
          ++entryCount_;
          return inEntries_ = 2, true;
        }
        return fail("entries[" + std::to_string(entryCount_ - 1) + "]: expected [i, j, value]");
      case Role::Shape:
        if (inShape_) return fail("field shape: expected a list of whole numbers such as [64, 32]");
        sawShape_ = true;
        return inShape_ = true, true;
      case Role::Data:
        return gridOpen();
      case Role::N:
        return fail("field n must be an integer, got an array");
    }
    return true;
  }
  bool end_array() {
    if (skip_) return --skip_, true;
    --depth_;
    if (role_ == Role::Entries) {
      if (inEntries_ == 2) {
        if (entryFields_ != 3) return fail("entries[" + std::to_string(entryCount_ - 1) + "]: expected [i, j, value]");
        inEntries_ = 1;
      } else {
        inEntries_ = 0;
      }
      return true;
    }
    if (role_ == Role::Shape) return inShape_ = false, true;
    return gridClose();
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& ex) {
    std::string text = ex.what();
    const auto bracket = text.find("] ");
    if (bracket != std::string::npos) text = text.substr(bracket + 2);
    return fail("not valid JSON: " + shortText(text));
  }

  // --- results ---
  std::string error;
  bool sawEntries_ = false, sawShape_ = false, sawData_ = false, sawN_ = false;
  double n_ = 0;
  std::string nText_;
  std::size_t entryCount_ = 0;
  std::vector<std::int64_t> declaredShape_;
  std::vector<std::int64_t> gridShape_;  // per nesting level, -1 until the first array there closes
  int leaf_ = 0;                         // nesting level of the numbers (0 until the first)
  int deepest_ = 0;                      // the deepest array opened so far (an empty one too)
  double maxIndex_[2] = {-1, -1};

 private:
  enum class Role { Skipped, N, Entries, Shape, Data };

  bool quotable() const { return role_ == Role::N || role_ == Role::Shape; }
  bool fail(std::string message) {
    if (error.empty()) error = std::move(message);
    return false;
  }
  bool enterSkip() {
    if (++skip_ > kSkipDepthLimit) return fail("nested more than " + std::to_string(kSkipDepthLimit) + " levels deep");
    return true;
  }
  std::string where() const {
    switch (role_) {
      case Role::N: return "field n";
      case Role::Entries: return inEntries_ == 2 ? "entries[" + std::to_string(entryCount_ - 1) + "]" : "field entries";
      case Role::Shape: return "field shape";
      case Role::Data: return gridPath();
      default: return "the file";
    }
  }
  std::string expected() const {
    if (role_ == Role::Entries) return inEntries_ == 2 ? "a number" : "[i, j, value]";
    if (role_ == Role::Data) return gridDepth_ == 0 ? "an array" : leaf_ == gridDepth_ ? "a number" : "an array or a number";
    return depth_ == 0 ? "an object or an array" : "a number";
  }
  bool scalar(const std::string& what) {
    if (skip_ || (depth_ == 1 && role_ == Role::Skipped && inRootObject_)) return true;
    if (depth_ == 0) return fail("expected an object or an array, got " + what);
    if (role_ == Role::N) return fail("field n must be an integer, got " + what);
    if (role_ == Role::Entries && inEntries_ == 0) return fail("field entries: expected an array of [i, j, value], got " + what);
    if (role_ == Role::Entries && inEntries_ == 1) return fail("entries[" + std::to_string(entryCount_) + "]: expected [i, j, value]");
    if (role_ == Role::Entries && inEntries_ == 2)
      return fail("entries[" + std::to_string(entryCount_ - 1) + "][" + std::to_string(entryFields_) + "]: expected a finite number, got " + what);
    return fail(where() + ": expected " + expected() + ", got " + what);
  }

  bool numberEvent(double x, const std::string& text) {
    if (skip_ || (depth_ == 1 && role_ == Role::Skipped && inRootObject_)) return true;
    if (depth_ == 0) return fail("expected an object or an array, got a number");
    switch (role_) {
      case Role::N:
        sawN_ = true;
        n_ = x;
        nText_ = text;
        return true;
      case Role::Entries: return entryNumber(x);
      case Role::Shape: return shapeNumber(x, text);
      case Role::Data: return gridNumber(x);
      default: return true;
    }
  }

  bool entryNumber(double x) {
    if (inEntries_ == 0) return fail("field entries: expected an array of [i, j, value], got a number");
    if (inEntries_ != 2) return fail("entries[" + std::to_string(entryCount_) + "]: expected [i, j, value]");
    const int f = entryFields_++;
    const auto at = [&] { return "entries[" + std::to_string(entryCount_ - 1) + "][" + std::to_string(f) + "]"; };
    if (f > 2) return fail("entries[" + std::to_string(entryCount_ - 1) + "]: expected [i, j, value]");
    if (!std::isfinite(x)) return fail(at() + ": expected a finite number");
    if (f < 2 && x != std::floor(x)) return fail(at() + ": must be a whole number");
    if (f < 2 && (x < 0 || x >= static_cast<double>(rule_.maxSide)))
      return fail(at() + ": must be in [0, " + std::to_string(rule_.maxSide) + ")");
    if (f == 2 && rule_.nonNegative && x < 0) return fail(at() + ": " + number(x) + " must be >= 0");
    if (f < 2) maxIndex_[f] = std::max(maxIndex_[f], x);
    numbers_.push_back(x);
    return true;
  }

  bool shapeNumber(double x, const std::string& text) {
    const std::string at = "field shape[" + std::to_string(declaredShape_.size()) + "] " + quoteInput(text);
    if (x != std::floor(x) || x < 0) return fail(at + " must be a whole number >= 0");
    if (x >= 9.0e18) return fail(at + " is too large");
    if (declaredShape_.size() >= 32) return fail("field shape: more than 32 dimensions");
    declaredShape_.push_back(static_cast<std::int64_t>(x));
    return true;
  }

  // --- the grid: nested arrays of numbers, rectangular ---
  bool gridOpen() {
    sawData_ = true;
    if (gridDepth_ > 0) ++counts_[gridDepth_ - 1];
    if (leaf_ != 0 && gridDepth_ + 1 > leaf_) return fail(gridPath(true) + ": expected a number, got an array");
    if (gridDepth_ + 1 > maxGridRank_)
      return fail("data: nested deeper than " + std::to_string(maxGridRank_) + " levels (" + rule_.name + " takes at most " +
                  std::to_string(maxGridRank_) + " dimensions)");
    counts_[gridDepth_++] = 0;
    deepest_ = std::max(deepest_, gridDepth_);
    return true;
  }
  bool gridClose() {
    const std::size_t level = static_cast<std::size_t>(--gridDepth_);
    const std::int64_t got = counts_[level];
    if (gridShape_[level] < 0) {
      gridShape_[level] = got;
    } else if (gridShape_[level] != got) {
      return fail(gridPath(true) + ": expected " + std::to_string(gridShape_[level]) + " entries (as the first at this level), got " +
                  std::to_string(got));
    }
    return true;
  }
  bool gridNumber(double x) {
    if (gridDepth_ == 0) return fail("field data: expected an array, got a number");
    ++counts_[gridDepth_ - 1];
    // [[[], 2]]: an (empty) array deeper than the first number means the levels mix arrays and numbers.
    if (leaf_ == 0 && deepest_ > gridDepth_) return fail(gridPath(true) + ": expected an array, got a number");
    if (leaf_ == 0) leaf_ = gridDepth_;
    if (gridDepth_ != leaf_) return fail(gridPath(true) + ": expected an array, got a number");
    if (!std::isfinite(x)) return fail(gridPath(true) + " = " + number(x) + " is not a finite number");
    if (rule_.nonNegative && x < 0) return fail(gridPath(true) + " = " + number(x) + " is negative (" + rule_.name + " values must be >= 0)");
    numbers_.push_back(x);
    return true;
  }
  // data[1, 2]: the indices of the open arrays (with the last number's own index when `number`).
  std::string gridPath(bool number = false) const {
    std::string s = "data";
    const int upto = number ? gridDepth_ : gridDepth_ - 1;
    if (upto <= 0) return s;
    s += "[";
    for (int d = 0; d < upto; ++d) s += (d ? ", " : "") + std::to_string(counts_[d] - 1);
    return s + "]";
  }

  const InputRule& rule_;
  bool sparse_;
  std::vector<double>& numbers_;
  Role role_ = Role::Skipped;
  bool inRootObject_ = false, inShape_ = false;
  int depth_ = 0, skip_ = 0, inEntries_ = 0, entryFields_ = 0;
  int maxGridRank_ = 2, gridDepth_ = 0;
  std::int64_t counts_[32] = {};
  std::vector<std::string> seen_;  // root keys read so far
};

std::string entriesResult(const Source& src, Reader& r, InputArray& out) {
  if (r.sawData_) return "give either entries or data, not both";
  if (r.entryCount_ == 0) return "field entries: is empty";
  const auto rows = static_cast<std::int64_t>(r.maxIndex_[0]) + 1, cols = static_cast<std::int64_t>(r.maxIndex_[1]) + 1;
  const std::int64_t needed = std::max(rows, cols);
  out.sparse = true;
  out.shape = src.rule.square ? std::vector<std::int64_t>{needed, needed} : std::vector<std::int64_t>{rows, cols};
  if (r.sawN_) {
    if (r.n_ != std::floor(r.n_) || r.n_ < static_cast<double>(needed))
      return "field n must be an integer at least 1 + the largest index (" + std::to_string(needed) + "), got " + quoteInput(r.nText_);
    if (r.n_ > static_cast<double>(src.rule.maxSide))
      return "field n = " + r.nText_ + " is above the largest allowed, " + std::to_string(src.rule.maxSide);
    const auto n = static_cast<std::int64_t>(r.n_);
    out.shape = {n, n};
  }
  if (std::string e = duplicateProblem(out.values, [](std::size_t q) { return "entries[" + std::to_string(q) + "]"; }); !e.empty())
    return e;
  if (std::string e = nonzeroProblem(out, "the file"); !e.empty()) return e;
  return shapeProblem(src.rule, out.shape);
}

std::string gridResult(const Source& src, Reader& r, InputArray& out) {
  if (r.sawN_) return "field n goes with entries; data carries its own shape";
  if (r.leaf_ == 0) return "data holds no numbers";
  std::vector<std::int64_t> shape(r.gridShape_.begin(), r.gridShape_.begin() + r.leaf_);
  const double held = static_cast<double>(out.values.size());
  if (r.sawShape_) {
    std::uint64_t claimed = 0;
    if (!checkedProduct(r.declaredShape_, 1, claimed) || claimed != out.values.size())
      return "field shape " + shapeText(r.declaredShape_) + " = " + number(elementCount(r.declaredShape_)) +
             " elements but data holds " + number(held) + " numbers";
    if (r.leaf_ > 1 && shape != r.declaredShape_)
      return "field shape " + shapeText(r.declaredShape_) + " does not match the nesting of data " + shapeText(shape);
    shape = r.declaredShape_;
  }
  if (std::string e = shapeProblem(src.rule, shape); !e.empty()) return e;
  if (src.rule.kind == InputRule::Kind::Dense) {
    out.sparse = false;
    out.shape = shape;
    return "";
  }
  const std::vector<double> grid = std::move(out.values);
  return gridToTriplets(src.rule, shape, grid, out);
}

}  // namespace

std::string parseJson(const Source& src, InputArray& out, bool* absent, double* bundleScale) {
  if (std::string e = budgetProblem(src, estimateTextBytes(src.rule, src.bytes, true), "the file"); !e.empty()) return e;
  out.values.reserve(numberTokenUpperBound(src.bytes));  // never grows past the estimate
  if (src.rule.headBundle) {
    bool notBundle = false, isAbsent = false;
    double scale = 0;
    const std::string e = parseHeadBundle(src, out, notBundle, isAbsent, scale);
    if (!notBundle) {
      if (absent) *absent = isAbsent;
      if (bundleScale) *bundleScale = scale;
      return e;
    }
    out.values.clear();  // keeps the reservation
  }
  Reader r(src.rule, out.values);
  const char* begin = src.bytes.data();
  if (!Json::sax_parse(begin, begin + src.bytes.size(), &r) || !r.error.empty())
    return r.error.empty() ? "not valid JSON" : r.error;
  const bool sparse = src.rule.kind == InputRule::Kind::SparsePattern;
  if (r.sawEntries_) {
    if (!sparse)
      return "field entries is a sparse [i, j, value] list, but " + src.rule.name +
             " takes a dense array ({\"shape\": [...], \"data\": [...]} or nested arrays)";
    return entriesResult(src, r, out);
  }
  if (r.sawData_) return gridResult(src, r, out);
  return sparse ? "field entries: expected an array of [i, j, value]" : "field data: expected an array of numbers";
}

}  // namespace attnlab::input_detail
