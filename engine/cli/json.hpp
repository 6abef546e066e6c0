#pragma once
// A minimal JSON object writer for the CLI's --json summaries (flat objects
// with nested objects and arrays of scalars; keys in insertion order).
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

namespace graphrun::cli {

class JsonObject {
 public:
  JsonObject& add(const std::string& key, const std::string& value) { return raw(key, quote(value)); }
  JsonObject& add(const std::string& key, const char* value) { return raw(key, quote(value)); }
  JsonObject& add(const std::string& key, bool value) { return raw(key, value ? "true" : "false"); }
  JsonObject& add(const std::string& key, double value) { return raw(key, number(value)); }
  JsonObject& add(const std::string& key, std::int64_t value) { return raw(key, std::to_string(value)); }
  JsonObject& add(const std::string& key, std::uint64_t value) { return raw(key, std::to_string(value)); }
  JsonObject& add(const std::string& key, int value) { return raw(key, std::to_string(value)); }
  JsonObject& add(const std::string& key, const JsonObject& value) { return raw(key, value.str()); }
  JsonObject& add(const std::string& key, const std::vector<std::string>& values) {
    std::string list = "[";
    for (std::size_t i = 0; i < values.size(); ++i) list += (i ? ", " : "") + quote(values[i]);
    return raw(key, list + "]");
  }
  bool empty() const { return fields_.empty(); }

  std::string str() const {
    std::string out = "{";
    for (std::size_t i = 0; i < fields_.size(); ++i) out += (i ? ", " : "") + quote(fields_[i].first) + ": " + fields_[i].second;
    return out + "}";
  }

 private:
  JsonObject& raw(const std::string& key, std::string value) {
    fields_.emplace_back(key, std::move(value));
    return *this;
  }
  static std::string number(double v) {
    if (!std::isfinite(v)) return "null";
    std::ostringstream s;
    s.precision(9);
    s << v;
    return s.str();
  }
  static std::string quote(const std::string& s) {
    std::string out = "\"";
    for (const char c : s) {
      switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\t': out += "\\t"; break;
        default:
          if (static_cast<unsigned char>(c) < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
          } else {
            out += c;
          }
      }
    }
    return out + "\"";
  }
  std::vector<std::pair<std::string, std::string>> fields_;
};

}  // namespace graphrun::cli
