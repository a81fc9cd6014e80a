// SPDX-License-Identifier: Apache-2.0
// The SAX events of the plain JSON form (json.cpp turns what they saw into an array): no document tree is
// built, nesting is refused past the rule's rank as soon as it is seen, and only the numbers are kept.
#pragma once
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "lab/inputs/json_sax.hpp"

namespace attnlab::input_detail {

class JsonReader : public SaxReaderBase {
 public:
  JsonReader(const InputRule& rule, std::vector<double>& numbers)
      : rule_(rule), sparse_(rule.kind == InputRule::Kind::SparsePattern), numbers_(numbers) {
    maxGridRank_ = sparse_ ? 2 : std::max(0, std::min(rule.maxRank, 32));
    gridShape_.assign(static_cast<std::size_t>(maxGridRank_), -1);
  }

  // --- SAX events ---
  bool null() { return scalar("null"); }
  bool boolean(bool b) { return scalar(b ? "true" : "false"); }
  // The text is kept only where a message may quote it (n, shape): most files are millions of numbers.
  bool number_integer(std::int64_t x) {
    return numberEvent(static_cast<double>(x), quotable() ? std::to_string(x) : "");
  }
  bool number_unsigned(std::uint64_t x) {
    return numberEvent(static_cast<double>(x), quotable() ? std::to_string(x) : "");
  }
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

  // --- results ---
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
  std::string where() const {
    switch (role_) {
      case Role::N:
        return "field n";
      case Role::Entries:
        return inEntries_ == 2 ? "entries[" + std::to_string(entryCount_ - 1) + "]" : "field entries";
      case Role::Shape:
        return "field shape";
      case Role::Data:
        return gridPath();
      default:
        return "the file";
    }
  }
  std::string expected() const {
    if (role_ == Role::Entries) return inEntries_ == 2 ? "a number" : "[i, j, value]";
    if (role_ == Role::Data)
      return gridDepth_ == 0 ? "an array" : leaf_ == gridDepth_ ? "a number" : "an array or a number";
    return depth_ == 0 ? "an object or an array" : "a number";
  }
  bool scalar(const std::string& what) {
    if (skip_ || (depth_ == 1 && role_ == Role::Skipped && inRootObject_)) return true;
    if (depth_ == 0) return fail("expected an object or an array, got " + what);
    if (role_ == Role::N) return fail("field n must be an integer, got " + what);
    if (role_ == Role::Entries && inEntries_ == 0)
      return fail("field entries: expected an array of [i, j, value], got " + what);
    if (role_ == Role::Entries && inEntries_ == 1)
      return fail("entries[" + std::to_string(entryCount_) + "]: expected [i, j, value]");
    if (role_ == Role::Entries && inEntries_ == 2)
      return fail("entries[" + std::to_string(entryCount_ - 1) + "][" + std::to_string(entryFields_) +
                  "]: expected a finite number, got " + what);
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
      case Role::Entries:
        return entryNumber(x);
      case Role::Shape:
        return shapeNumber(x, text);
      case Role::Data:
        return gridNumber(x);
      default:
        return true;
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
      return fail("data: nested deeper than " + std::to_string(maxGridRank_) + " levels (" + rule_.name +
                  " takes at most " + std::to_string(maxGridRank_) + " dimensions)");
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
      return fail(gridPath(true) + ": expected " + std::to_string(gridShape_[level]) +
                  " entries (as the first at this level), got " + std::to_string(got));
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
    if (rule_.nonNegative && x < 0)
      return fail(gridPath(true) + " = " + number(x) + " is negative (" + rule_.name + " values must be >= 0)");
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
  int depth_ = 0, inEntries_ = 0, entryFields_ = 0;
  int maxGridRank_ = 2, gridDepth_ = 0;
  std::int64_t counts_[32] = {};
  std::vector<std::string> seen_;  // root keys read so far
};

}  // namespace attnlab::input_detail
