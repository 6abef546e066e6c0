#pragma once
// JSON objects for the CLI's --json summaries, built in any order and nested
// (a streaming writer cannot take a sub-object built before its parent);
// escaping and number format are io::JsonWriter's.
#include <cstdint>
#include <string>
#include <vector>

#include "graphrun/edge_list.hpp"
#include "graphrun/io/json_writer.hpp"

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
  // A vertex as the file named it: a JSON number, or a string for named ids.
  JsonObject& add_vertex(const std::string& key, const IdMap& ids, vertex_t v) {
    return ids.named() ? add(key, ids.label(v)) : add(key, ids.original(v));
  }
  JsonObject& add(const std::string& key, const std::vector<std::string>& values) {
    std::string list = "[";
    for (std::size_t i = 0; i < values.size(); ++i) list += (i ? ", " : "") + quote(values[i]);
    return raw(key, list + "]");
  }
  JsonObject& add(const std::string& key, const std::vector<JsonObject>& values) {
    std::string list = "[";
    for (std::size_t i = 0; i < values.size(); ++i) list += (i ? ", " : "") + values[i].str();
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
  static std::string number(double v) { return io::JsonWriter::number(v); }
  static std::string quote(const std::string& s) { return io::JsonWriter::escape(s); }
  std::vector<std::pair<std::string, std::string>> fields_;
};

}  // namespace graphrun::cli
