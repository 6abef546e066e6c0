#pragma once
// A minimal streaming JSON writer (objects, arrays, strings, numbers): the
// bench's only JSON need is writing its results, so no library is pulled in.
#include <ostream>
#include <string>
#include <vector>

namespace graphrun::bench {

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

  static std::string escape(const std::string& text);

 private:
  void before_value();
  std::ostream& out_;
  std::vector<bool> first_in_scope_;
  bool after_key_ = false;
};

}  // namespace graphrun::bench
