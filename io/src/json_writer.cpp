#include "graphrun/io/json_writer.hpp"

#include <cmath>
#include <cstdio>

namespace graphrun::io {

std::string JsonWriter::escape(const std::string& text) {
  std::string escaped = "\"";
  for (const char c : text) {
    switch (c) {
      case '"': escaped += "\\\""; break;
      case '\\': escaped += "\\\\"; break;
      case '\n': escaped += "\\n"; break;
      case '\r': escaped += "\\r"; break;
      case '\t': escaped += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char code[8];
          std::snprintf(code, sizeof code, "\\u%04x", static_cast<unsigned>(c));
          escaped += code;
        } else {
          escaped += c;
        }
    }
  }
  return escaped + "\"";
}

void JsonWriter::before_value() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (!first_in_scope_.empty()) {
    if (!first_in_scope_.back()) out_ << ',';
    first_in_scope_.back() = false;
  }
}

void JsonWriter::begin_object() {
  before_value();
  out_ << '{';
  first_in_scope_.push_back(true);
}

void JsonWriter::end_object() {
  first_in_scope_.pop_back();
  out_ << '}';
}

void JsonWriter::begin_array() {
  before_value();
  out_ << '[';
  first_in_scope_.push_back(true);
}

void JsonWriter::end_array() {
  first_in_scope_.pop_back();
  out_ << ']';
}

void JsonWriter::key(const std::string& name) {
  before_value();
  out_ << escape(name) << ':';
  after_key_ = true;
}

void JsonWriter::value(const std::string& text) {
  before_value();
  out_ << escape(text);
}

std::string JsonWriter::number(double value) {
  if (!std::isfinite(value)) return "null";
  char text[32];
  std::snprintf(text, sizeof text, "%.9g", value);
  return text;
}

void JsonWriter::value(double number) {
  before_value();
  out_ << JsonWriter::number(number);
}

void JsonWriter::value(long long number) {
  before_value();
  out_ << number;
}

void JsonWriter::value(bool flag) {
  before_value();
  out_ << (flag ? "true" : "false");
}

}  // namespace graphrun::io
