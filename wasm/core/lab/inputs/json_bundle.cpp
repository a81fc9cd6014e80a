// SPDX-License-Identifier: Apache-2.0
// The head bundle of paper 3's "bring your own head" (docs/theory/rank.md#head-inputs), read for one head input:
//   {"format": "qk" | "attn" | "logits", "q": [[...]], "k": [[...]], "p": [[...]], "l": [[...]],
//    "scale": 0.125, "name": "L3H7", "tokens": [...], "heads": [{same fields}, ...]}
// For the inputs whose rule allows it (InputRule::headBundle). Reading the input q keeps the "q" arrays only (k: "k",
// attention: "p", logits: "l"), one head at the top level, (n, d), or stacked over a heads list, (H, n, d); every other
// field is skipped but "format" and "scale", which are checked. Event by event like json_reader.hpp, with the same
// guarantees: nothing beyond the budget is allocated, nesting is bounded, every error names where it is. A document
// that is not a bundle (a bare array, or the plain {"shape", "data"} form) is left to json.cpp.
#include <algorithm>
#include <cmath>

#include "lab/inputs/json_sax.hpp"

namespace attnlab::input_detail {
namespace {

class BundleReader : public SaxReaderBase {
 public:
  BundleReader(const InputRule& rule, std::vector<double>& numbers) : rule_(rule), numbers_(numbers) {}

  // --- SAX events ---
  bool null() { return scalar("null"); }
  bool boolean(bool b) { return scalar(b ? "true" : "false"); }
  bool number_integer(std::int64_t x) { return numberEvent(static_cast<double>(x)); }
  bool number_unsigned(std::uint64_t x) { return numberEvent(static_cast<double>(x)); }
  bool number_float(double x, const std::string&) { return numberEvent(x); }
  bool string(std::string& s) {
    if (skip_) return true;
    if (field_ == Field::Format) return formatValue(s);
    return scalar("the string " + quoteInput(s));
  }
  bool binary(Json::binary_t&) { return scalar("binary data"); }
  bool start_object(std::size_t) {
    if (skip_) return enterSkip();
    if (!started_) return started_ = true, inRoot_ = true, true;
    if (field_ == Field::Skipped) return enterSkip();
    if (inHeads_ && !inHead_ && field_ == Field::Heads) {
      inHead_ = true;
      headHasGrid_ = false;
      ++heads_;
      return true;
    }
    return fail(where() + ": expected " + expected() + ", got an object");
  }
  bool end_object() {
    if (skip_) return --skip_, true;
    if (inHead_) {
      inHead_ = false;
      field_ = Field::Heads;
      if (!headHasGrid_) return absentInHead();
      return true;
    }
    inRoot_ = false;
    return true;
  }
  bool key(std::string& k) {
    if (skip_) return true;
    if (inRoot_ && !inHead_ && !inHeads_ && (k == "shape" || k == "data" || k == "entries" || k == "n")) {
      notBundle = true;  // the plain form: json.cpp reads it
      return false;
    }
    field_ = k == ownKey()                ? Field::Grid
             : k == "format"              ? Field::Format
             : k == "scale"               ? Field::Scale
             : (k == "heads" && !inHead_) ? Field::Heads
                                          : Field::Skipped;
    if (field_ == Field::Grid && (inHead_ ? headHasGrid_ : sawRootGrid_))
      return fail((inHead_ ? headName() + ": key " : "key ") + quoteInput(k) + " appears twice");
    if (field_ == Field::Heads && sawHeads_) return fail("key \"heads\" appears twice");
    return true;
  }
  bool start_array(std::size_t) {
    if (skip_) return enterSkip();
    if (!started_) {
      notBundle = true;  // a bare nested array: json.cpp reads it
      return false;
    }
    if (field_ == Field::Skipped) return enterSkip();
    if (field_ == Field::Heads && !inHead_) {
      if (inHeads_) return fail("heads[" + std::to_string(heads_) + "]: expected an object, got an array");
      if (sawRootGrid_) return fail(bothMessage());
      sawHeads_ = inHeads_ = true;
      return true;
    }
    if (field_ == Field::Grid) return gridOpen();
    return fail(where() + ": expected " + expected() + ", got an array");
  }
  bool end_array() {
    if (skip_) return --skip_, true;
    if (gridDepth_ > 0) return gridClose();
    if (inHeads_ && !inHead_) {
      inHeads_ = false;
      field_ = Field::Skipped;
      return true;
    }
    return true;
  }

  // --- the verdict, once the document has ended ---
  std::string finish(InputArray& out, bool& absent, double& scale) {
    if (!format_.empty() && format_ != ownFormat()) {
      absent = true;
      return "this head bundle's format is " + quoteInput(format_) + ": it holds no " + rule_.name + " (read from \"" +
             ownKey() + "\" in a bundle of format \"" + ownFormat() + "\")";
    }
    if (!sawRootGrid_ && heads_ == 0) {
      absent = !sawHeads_;
      return sawHeads_ ? "the head bundle's heads list is empty"
                       : "the head bundle holds no \"" + ownKey() + "\" array (" + rule_.name +
                             " of a bundle of format \"" + ownFormat() + "\")";
    }
    if (format_.empty()) return "the head bundle has no format: give \"format\": \"" + ownFormat() + "\"";
    std::vector<std::int64_t> shape{gridShape_[0], gridShape_[1]};
    if (sawHeads_) shape.insert(shape.begin(), heads_);
    if (std::string e = shapeProblem(rule_, shape); !e.empty()) return e;
    out.sparse = false;
    out.shape = shape;
    scale = scale_;
    return "";
  }

  bool notBundle = false;

 private:
  enum class Field { Skipped, Format, Scale, Heads, Grid };

  // The bundle's key and format for this input (docs/theory/rank.md#head-inputs: q, k for "qk"; p for "attn"; l for
  // "logits").
  std::string ownKey() const { return rule_.name == "attention" ? "p" : rule_.name == "logits" ? "l" : rule_.name; }
  std::string ownFormat() const {
    return rule_.name == "attention" ? "attn" : rule_.name == "logits" ? "logits" : "qk";
  }

  std::string headName() const { return "heads[" + std::to_string(heads_ - 1) + "]"; }
  std::string where() const {
    const std::string head = inHead_ ? headName() + "." : "";
    switch (field_) {
      case Field::Format:
        return head + "format";
      case Field::Scale:
        return head + "scale";
      case Field::Heads:
        return "heads";
      case Field::Grid:
        return gridPath();
      default:
        return "the file";
    }
  }
  std::string expected() const {
    switch (field_) {
      case Field::Format:
        return "\"qk\", \"attn\" or \"logits\"";
      case Field::Scale:
        return "a positive number";
      case Field::Heads:
        return "a list of head objects";
      case Field::Grid:
        return gridDepth_ < 2 ? "an array of rows" : "a number";
      default:
        return "an object";
    }
  }
  std::string bothMessage() const {
    return "give one head's \"" + ownKey() + "\" at the top level or a \"heads\" list, not both";
  }
  bool absentInHead() {
    return fail(headName() + " has no \"" + ownKey() + "\" array (every head of a bundle of format \"" + ownFormat() +
                "\" needs one)");
  }
  bool scalar(const std::string& what) {
    if (skip_) return true;
    if (!started_) return fail("expected an object or an array, got " + what);
    if (field_ == Field::Skipped) return true;              // the value of a field we do not read
    if (field_ == Field::Grid && gridDepth_ == 2) ++cols_;  // its own place in the row, for the message
    return fail(where() + ": expected " + expected() + ", got " + what);
  }
  bool formatValue(const std::string& s) {
    if (s != "qk" && s != "attn" && s != "logits")
      return fail(where() + ": expected \"qk\", \"attn\" or \"logits\", got " + quoteInput(s));
    if (!format_.empty() && s != format_)
      return fail(where() + " " + quoteInput(s) + " differs from the bundle's format " + quoteInput(format_) +
                  " (one format per bundle)");
    format_ = s;
    return true;
  }
  bool numberEvent(double x) {
    if (skip_) return true;
    if (field_ == Field::Scale) {
      if (!std::isfinite(x) || x <= 0) return fail(where() + ": expected a positive number, got " + number(x));
      if (scale_ > 0 && x != scale_)
        return fail(where() + " = " + number(x) + " differs from " + number(scale_) +
                    " given before (one scale per bundle)");
      scale_ = x;
      return true;
    }
    if (field_ == Field::Grid && gridDepth_ == 2) return gridNumber(x);
    return scalar("a number");
  }

  // --- one head's grid: rows of numbers, rectangular, the same shape for every head ---
  bool gridOpen() {
    if (gridDepth_ == 0) {
      if (inHead_)
        headHasGrid_ = true;
      else
        sawRootGrid_ = true;
      if (!inHead_ && sawHeads_) return fail(bothMessage());
      rows_ = 0;
    } else if (gridDepth_ == 1) {
      ++rows_;
      cols_ = 0;
    } else {
      return fail(gridPath() + ": expected a number, got an array (one head's " + ownKey() +
                  " is a matrix: rows of numbers)");
    }
    ++gridDepth_;
    return true;
  }
  bool gridClose() {
    if (--gridDepth_ == 1) {  // a row ended
      if (cols_ == 0) return fail(gridPath() + ": is an empty row");
      if (rowLength_ < 0)
        rowLength_ = cols_;
      else if (cols_ != rowLength_)
        return fail(gridPath() + ": has " + std::to_string(cols_) + " numbers, the rows before " +
                    std::to_string(rowLength_));
      return true;
    }
    // the matrix ended
    if (rows_ == 0) return fail(gridPath() + ": holds no rows");
    const std::int64_t shape[2] = {rows_, rowLength_};
    if (gridShape_[0] < 0) {
      gridShape_[0] = shape[0];
      gridShape_[1] = shape[1];
    } else if (shape[0] != gridShape_[0] || shape[1] != gridShape_[1]) {
      return fail(gridPath() + " has shape " + shapeText({shape[0], shape[1]}) + ", the heads before " +
                  shapeText({gridShape_[0], gridShape_[1]}) + " (every head the same shape)");
    }
    rowLength_ = -1;
    return true;
  }
  bool gridNumber(double x) {
    ++cols_;
    if (!std::isfinite(x)) return fail(gridPath() + " = " + number(x) + " is not a finite number");
    if (rowLength_ >= 0 && cols_ > rowLength_)
      return fail(gridPath() + ": has more numbers than the rows before (" + std::to_string(rowLength_) + ")");
    numbers_.push_back(x);
    return true;
  }
  // heads[2].q[4, 7]: the head, the row and (inside a row) the column.
  std::string gridPath() const {
    std::string s = (inHead_ ? headName() + "." : "") + ownKey();
    if (gridDepth_ == 0) return s;
    s += "[" + std::to_string(std::max<std::int64_t>(rows_ - 1, 0));
    if (gridDepth_ == 2) s += ", " + std::to_string(std::max<std::int64_t>(cols_ - 1, 0));
    return s + "]";
  }

  const InputRule& rule_;
  std::vector<double>& numbers_;
  Field field_ = Field::Skipped;
  bool started_ = false, inRoot_ = false, inHeads_ = false, inHead_ = false, headHasGrid_ = false;
  bool sawRootGrid_ = false, sawHeads_ = false;
  int gridDepth_ = 0;
  std::int64_t heads_ = 0, rows_ = 0, cols_ = 0, rowLength_ = -1;
  std::int64_t gridShape_[2] = {-1, -1};
  std::string format_;
  double scale_ = 0;
};

}  // namespace

std::string parseHeadBundle(const Source& src, InputArray& out, bool& notBundle, bool& absent, double& scale) {
  BundleReader r(src.rule, out.values);
  const char* begin = src.bytes.data();
  const bool parsed = Json::sax_parse(begin, begin + src.bytes.size(), &r);
  notBundle = r.notBundle;
  if (notBundle) return "";
  if (!parsed || !r.error.empty()) return r.error.empty() ? "not valid JSON" : r.error;
  return r.finish(out, absent, scale);
}

}  // namespace attnlab::input_detail
