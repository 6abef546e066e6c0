#pragma once
// A minimal streaming JSON writer (objects, arrays, strings, numbers) for the
// bench's result files and the CLI's --json summaries: writing is all either
// needs, so no library is pulled in.
#include <ostream>
#include <string>
#include <vector>

namespace graphrun::io {

class JsonWriter {
 public:
  explicit JsonWriter(std::ostream& out) : out_(out) {}

  void begin_object();
  void end_object();
  void begin_array();
  void end_array();
  // The key of the next value inside an object.
  void key(const std::string& name);
  void value(const std::string& text);
  void value(const char* text) { value(std::string(text)); }
  void value(double number);  // NaN/inf -> null (JSON has no NaN)
  void value(long long number);
  void value(bool flag);
  template <class T>
  void field(const std::string& name, const T& v) {
    key(name);
    value(v);
  }

  // A quoted, escaped JSON string literal.
  static std::string escape(const std::string& text);
  // A JSON number with 9 significant digits; "null" for NaN / inf.
  static std::string number(double value);

 private:
  void before_value();
  std::ostream& out_;
  std::vector<bool> first_in_scope_;
  bool after_key_ = false;
};

}  // namespace graphrun::io
