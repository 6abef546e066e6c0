#include "npy_header.hpp"

#include <cctype>

#include "graphrun/error.hpp"

namespace graphrun::io::detail {
namespace {

// Recursive descent over the small subset of Python literals that numpy
// writes: strings, True / False, and tuples of non-negative integers.
class DictParser {
 public:
  DictParser(std::string_view text, const std::string& path) : text_(text), path_(path) {}

  NpyHeader parse() {
    NpyHeader header;
    bool have_descr = false, have_order = false, have_shape = false;
    expect('{');
    while (!peek('}')) {
      const std::string key = string_literal();
      expect(':');
      if (key == "descr") {
        header.descr = string_literal();
        have_descr = true;
      } else if (key == "fortran_order") {
        header.fortran_order = boolean();
        have_order = true;
      } else if (key == "shape") {
        header.shape = tuple();
        have_shape = true;
      } else {
        fail("unexpected key '" + key + "' in the header");
      }
      if (!peek('}')) expect(',');
    }
    expect('}');
    skip_spaces();
    if (at_ < text_.size()) fail("unexpected text after the header dict");
    if (!have_descr || !have_order || !have_shape) fail("the header lacks one of 'descr', 'fortran_order', 'shape'");
    return header;
  }

 private:
  [[noreturn]] void fail(const std::string& reason) const { throw InputError(path_, 0, "bad .npy header: " + reason); }

  void skip_spaces() {
    while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]))) ++at_;
  }
  bool peek(char c) {
    skip_spaces();
    return at_ < text_.size() && text_[at_] == c;
  }
  void expect(char c) {
    if (!peek(c)) fail(std::string("expected '") + c + "'");
    ++at_;
  }
  std::string string_literal() {
    skip_spaces();
    if (at_ >= text_.size() || (text_[at_] != '\'' && text_[at_] != '"')) fail("expected a quoted string");
    const char quote = text_[at_++];
    const std::size_t close = text_.find(quote, at_);
    if (close == std::string_view::npos) fail("unterminated string");
    std::string value(text_.substr(at_, close - at_));
    at_ = close + 1;
    return value;
  }
  bool boolean() {
    skip_spaces();
    for (const auto& [word, value] :
         {std::pair{std::string_view("True"), true}, std::pair{std::string_view("False"), false}})
      if (text_.substr(at_, word.size()) == word) {
        at_ += word.size();
        return value;
      }
    fail("expected True or False for 'fortran_order'");
  }
  std::vector<std::uint64_t> tuple() {
    std::vector<std::uint64_t> values;
    expect('(');
    while (!peek(')')) {
      skip_spaces();
      std::uint64_t value = 0;
      const std::size_t start = at_;
      while (at_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[at_]))) {
        if (value > (std::uint64_t{1} << 56)) fail("a dimension in 'shape' is too large");
        value = value * 10 + static_cast<std::uint64_t>(text_[at_++] - '0');
      }
      if (at_ == start) fail("expected a non-negative integer in 'shape'");
      values.push_back(value);
      if (!peek(')')) expect(',');
    }
    expect(')');
    return values;
  }

  std::string_view text_;
  const std::string& path_;
  std::size_t at_ = 0;
};

}  // namespace

NpyHeader parse_npy_header(std::string_view text, const std::string& path) { return DictParser(text, path).parse(); }

std::string format_npy_header(const std::vector<std::uint64_t>& shape, const std::string& descr) {
  std::string dims;
  for (const std::uint64_t d : shape) dims += std::to_string(d) + ", ";
  if (shape.size() > 1)
    dims.resize(dims.size() - 2);  // numpy writes (n,) for 1-D and (r, c) for 2-D
  else if (!dims.empty())
    dims.pop_back();
  return "{'descr': " + descr + ", 'fortran_order': False, 'shape': (" + dims + "), }";
}

}  // namespace graphrun::io::detail
