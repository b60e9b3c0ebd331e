// The header is untrusted, so it is read by a small streaming JSON parser that knows the
// safetensors schema: no DOM, so memory stays proportional to what is kept, and the only
// recursion (skipping values under unknown keys) is capped at kMaxDepth.
#include "normwave/safetensors.hpp"

#include <algorithm>
#include <cstring>
#include <limits>

namespace normwave::safetensors {

namespace {

constexpr int kMaxDepth = 64;
constexpr std::size_t kMaxQuoted = 120;  // bytes of an untrusted string echoed in a message

struct DTypeInfo {
  const char* name;
  DType dtype;
  std::size_t size;
};

// F8_E4M3 and F8_E5M2 are in the format's dtype list; sub-byte dtypes (F4, F6_*) are not
// accepted because their byte length is not numel * a whole element size.
constexpr DTypeInfo kDTypes[] = {
    {"F32", DType::f32, 4},       {"F16", DType::f16, 2},       {"BF16", DType::bf16, 2},
    {"F64", DType::other, 8},     {"I64", DType::other, 8},     {"U64", DType::other, 8},
    {"I32", DType::other, 4},     {"U32", DType::other, 4},     {"I16", DType::other, 2},
    {"U16", DType::other, 2},     {"I8", DType::other, 1},      {"U8", DType::other, 1},
    {"BOOL", DType::other, 1},    {"F8_E4M3", DType::other, 1}, {"F8_E5M2", DType::other, 1},
};

const DTypeInfo* lookup_dtype(const std::string& name) {
  for (const DTypeInfo& d : kDTypes) {
    if (name == d.name) return &d;
  }
  return nullptr;
}

std::string known_dtypes() {
  std::string s;
  for (const DTypeInfo& d : kDTypes) {
    if (!s.empty()) s += ", ";
    s += d.name;
  }
  return s;
}

// Names come from the file and end up in user-facing messages: escape control characters
// and cut very long names (at a UTF-8 character boundary) so the message stays readable.
std::string quote(const std::string& s) {
  std::size_t n = s.size();
  bool cut = false;
  if (n > kMaxQuoted) {
    n = kMaxQuoted;
    while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
    cut = true;
  }
  static const char hex[] = "0123456789abcdef";
  std::string q = "\"";
  for (std::size_t i = 0; i < n; ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == '"' || c == '\\') {
      q += '\\';
      q += static_cast<char>(c);
    } else if (c < 0x20 || c == 0x7F) {
      q += "\\u00";
      q += hex[c >> 4];
      q += hex[c & 0xF];
    } else {
      q += static_cast<char>(c);
    }
  }
  q += cut ? "...\"" : "\"";
  return q;
}

std::string tensor_label(const std::string& name) { return "tensor " + quote(name); }

std::string format_shape(const std::vector<std::int64_t>& shape) {
  constexpr std::size_t kMaxDims = 8;
  std::string s = "[";
  for (std::size_t i = 0; i < shape.size(); ++i) {
    if (i == kMaxDims) {
      s += ", ... (" + std::to_string(shape.size()) + " dims)";
      break;
    }
    if (i) s += ", ";
    s += std::to_string(shape[i]);
  }
  return s + "]";
}

std::string format_offsets(std::uint64_t begin, std::uint64_t end) {
  return "[" + std::to_string(begin) + ", " + std::to_string(end) + "]";
}

// Multiplication that reports overflow instead of wrapping.
bool mul_overflows(std::uint64_t a, std::uint64_t b, std::uint64_t& out) {
  if (a != 0 && b > std::numeric_limits<std::uint64_t>::max() / a) return true;
  out = a * b;
  return false;
}

class HeaderParser {
 public:
  HeaderParser(const std::uint8_t* p, std::size_t n, std::size_t data_size)
      : p_(p), n_(n), data_size_(data_size) {}

  bool parse(File& out) {
    skip_ws();
    if (peek() < 0) return syntax("the header is empty; it must be a JSON object");
    if (peek() != '{') {
      return syntax("the header must be a JSON object, but it starts with " + found());
    }
    ++pos_;
    skip_ws();
    bool seen_metadata = false;
    if (peek() == '}') {
      ++pos_;
    } else {
      for (;;) {
        if (peek() != '"') return syntax("expected a tensor name (a string), found " + found());
        std::string key;
        if (!parse_string(key)) return false;
        if (!colon()) return false;
        if (key == "__metadata__") {
          if (seen_metadata) return schema("the header has \"__metadata__\" twice");
          seen_metadata = true;
          if (!parse_metadata(out.metadata)) return false;
        } else {
          TensorInfo t;
          t.name = std::move(key);
          if (!parse_tensor(t)) return false;
          out.tensors.push_back(std::move(t));
        }
        skip_ws();
        const int c = peek();
        if (c == ',') {
          ++pos_;
          skip_ws();
        } else if (c == '}') {
          ++pos_;
          break;
        } else {
          return syntax("expected ',' or '}' after a header entry, found " + found());
        }
      }
    }
    // The format allows padding the header with spaces; other JSON whitespace is harmless.
    skip_ws();
    if (pos_ != n_) {
      return syntax("unexpected " + found() +
                    " after the header's closing '}' (only whitespace may follow it)");
    }
    return check_duplicates(out);
  }

  const std::string& error() const { return error_; }

 private:
  int peek() const { return pos_ < n_ ? p_[pos_] : -1; }

  void skip_ws() {
    while (pos_ < n_ && (p_[pos_] == ' ' || p_[pos_] == '\t' || p_[pos_] == '\n' ||
                         p_[pos_] == '\r')) {
      ++pos_;
    }
  }

  std::string found() const {
    const int c = peek();
    if (c < 0) return "the end of the header";
    if (c >= 0x21 && c <= 0x7E) return std::string("'") + static_cast<char>(c) + "'";
    static const char hex[] = "0123456789ABCDEF";
    return std::string("byte 0x") + hex[c >> 4] + hex[c & 0xF];
  }

  // What a value is, judged by its first byte, for messages about a value of the wrong kind.
  const char* kind() const {
    switch (peek()) {
      case '{': return "an object";
      case '[': return "an array";
      case '"': return "a string";
      case 't':
      case 'f': return "a boolean";
      case 'n': return "null";
      case '-':
      case '0': case '1': case '2': case '3': case '4':
      case '5': case '6': case '7': case '8': case '9': return "a number";
      default: return nullptr;
    }
  }

  bool syntax(const std::string& msg) {
    error_ = "malformed safetensors header JSON at byte " + std::to_string(pos_) + " of the " +
             std::to_string(n_) + "-byte header: " + msg;
    return false;
  }

  bool schema(const std::string& msg) {
    error_ = "invalid safetensors header: " + msg;
    return false;
  }

  // A value of the wrong kind: a schema error if it is a valid JSON value, else a syntax error.
  bool wrong_kind(const std::string& what, const char* expected) {
    const char* k = kind();
    if (!k) return syntax("expected a value for " + what + ", found " + found());
    return schema(what + " must be " + expected + ", found " + k);
  }

  bool colon() {
    skip_ws();
    if (peek() != ':') return syntax("expected ':' after the key, found " + found());
    ++pos_;
    skip_ws();
    return true;
  }

  bool hex4(std::uint32_t& v) {
    v = 0;
    for (int i = 0; i < 4; ++i) {
      const int c = peek();
      std::uint32_t d;
      if (c >= '0' && c <= '9') {
        d = static_cast<std::uint32_t>(c - '0');
      } else if (c >= 'a' && c <= 'f') {
        d = static_cast<std::uint32_t>(c - 'a' + 10);
      } else if (c >= 'A' && c <= 'F') {
        d = static_cast<std::uint32_t>(c - 'A' + 10);
      } else {
        return syntax("expected 4 hex digits after \\u, found " + found());
      }
      v = v * 16 + d;
      ++pos_;
    }
    return true;
  }

  static void append_utf8(std::string& s, std::uint32_t cp) {
    if (cp < 0x80) {
      s += static_cast<char>(cp);
    } else if (cp < 0x800) {
      s += static_cast<char>(0xC0 | (cp >> 6));
      s += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      s += static_cast<char>(0xE0 | (cp >> 12));
      s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      s += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      s += static_cast<char>(0xF0 | (cp >> 18));
      s += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      s += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }

  // Raw bytes must be well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates,
  // nothing above U+10FFFF), since JSON text is UTF-8 and names are shown to users.
  bool utf8_sequence(std::string& out) {
    const std::size_t start = pos_;
    const std::uint8_t c = p_[pos_];
    int len;
    std::uint8_t lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) {
      len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
      len = 3;
      if (c == 0xE0) lo = 0xA0;
      if (c == 0xED) hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
      len = 4;
      if (c == 0xF0) lo = 0x90;
      if (c == 0xF4) hi = 0x8F;
    } else {
      return syntax("invalid UTF-8 in a string");
    }
    ++pos_;
    for (int i = 1; i < len; ++i) {
      const int b = peek();
      if (b < lo || b > hi) return syntax("invalid UTF-8 in a string");
      lo = 0x80;
      hi = 0xBF;
      ++pos_;
    }
    out.append(reinterpret_cast<const char*>(p_ + start), pos_ - start);
    return true;
  }

  // Called with peek() == '"'.
  bool parse_string(std::string& out) {
    const std::size_t open = pos_;
    ++pos_;
    out.clear();
    for (;;) {
      const int c = peek();
      if (c < 0) {
        pos_ = open;
        return syntax("string is not terminated before the end of the header");
      }
      if (c == '"') {
        ++pos_;
        return true;
      }
      if (c < 0x20) return syntax("control character " + found() + " in a string must be escaped");
      if (c >= 0x80) {
        if (!utf8_sequence(out)) return false;
        continue;
      }
      if (c != '\\') {
        out += static_cast<char>(c);
        ++pos_;
        continue;
      }
      ++pos_;
      const int e = peek();
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          ++pos_;
          std::uint32_t cp;
          if (!hex4(cp)) return false;
          if (cp >= 0xDC00 && cp <= 0xDFFF) {
            pos_ -= 6;
            return syntax("\\u escape is a lone low surrogate");
          }
          if (cp >= 0xD800 && cp <= 0xDBFF) {
            if (peek() != '\\' || pos_ + 1 >= n_ || p_[pos_ + 1] != 'u') {
              return syntax("high surrogate \\u escape must be followed by a \\u low surrogate");
            }
            pos_ += 2;
            std::uint32_t low;
            if (!hex4(low)) return false;
            if (low < 0xDC00 || low > 0xDFFF) {
              pos_ -= 6;
              return syntax("high surrogate \\u escape must be followed by a \\u low surrogate");
            }
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          }
          append_utf8(out, cp);
          continue;
        }
        default:
          return syntax("invalid escape in a string: '\\' followed by " + found());
      }
      ++pos_;
    }
  }

  // Scans one JSON number per RFC 8259 and reports whether it is a plain non-negative integer.
  bool scan_number(std::size_t& begin, bool& is_uint) {
    begin = pos_;
    is_uint = true;
    auto digits = [&] {
      const std::size_t s = pos_;
      while (pos_ < n_ && p_[pos_] >= '0' && p_[pos_] <= '9') ++pos_;
      return pos_ > s;
    };
    if (peek() == '-') {
      is_uint = false;
      ++pos_;
    }
    if (peek() == '0') {
      ++pos_;
      if (peek() >= '0' && peek() <= '9') return syntax("numbers must not have leading zeros");
    } else if (!digits()) {
      return syntax("expected a digit, found " + found());
    }
    if (peek() == '.') {
      is_uint = false;
      ++pos_;
      if (!digits()) return syntax("expected a digit after '.', found " + found());
    }
    if (peek() == 'e' || peek() == 'E') {
      is_uint = false;
      ++pos_;
      if (peek() == '+' || peek() == '-') ++pos_;
      if (!digits()) return syntax("expected a digit in the exponent, found " + found());
    }
    return true;
  }

  bool literal(const char* word) {
    const std::size_t len = std::strlen(word);
    if (n_ - pos_ < len || std::memcmp(p_ + pos_, word, len) != 0) {
      return syntax("expected a value, found " + found());
    }
    pos_ += len;
    return true;
  }

  // Skips any JSON value (for keys this reader does not use). depth counts the containers
  // already open around it.
  bool skip_value(int depth) {
    const int c = peek();
    if (c == '{' || c == '[') {
      if (depth + 1 > kMaxDepth) {
        return syntax("nesting is deeper than " + std::to_string(kMaxDepth) + " levels");
      }
      const char close = c == '{' ? '}' : ']';
      ++pos_;
      skip_ws();
      if (peek() == close) {
        ++pos_;
        return true;
      }
      for (;;) {
        if (c == '{') {
          if (peek() != '"') return syntax("expected a string key, found " + found());
          std::string ignored;
          if (!parse_string(ignored)) return false;
          if (!colon()) return false;
        }
        if (!skip_value(depth + 1)) return false;
        skip_ws();
        if (peek() == ',') {
          ++pos_;
          skip_ws();
        } else if (peek() == close) {
          ++pos_;
          return true;
        } else {
          return syntax(std::string("expected ',' or '") + close + "', found " + found());
        }
      }
    }
    if (c == '"') {
      std::string ignored;
      return parse_string(ignored);
    }
    if (c == '-' || (c >= '0' && c <= '9')) {
      std::size_t begin;
      bool is_uint;
      return scan_number(begin, is_uint);
    }
    if (c == 't') return literal("true");
    if (c == 'f') return literal("false");
    if (c == 'n') return literal("null");
    return syntax("expected a value, found " + found());
  }

  // An array of non-negative integers, for "shape" and "data_offsets".
  bool parse_uint_array(std::vector<std::uint64_t>& out, const std::string& what) {
    if (peek() != '[') return wrong_kind(what, "an array of non-negative integers");
    ++pos_;
    skip_ws();
    out.clear();
    if (peek() == ']') {
      ++pos_;
      return true;
    }
    for (;;) {
      const std::string item = what + "[" + std::to_string(out.size()) + "]";
      const int c = peek();
      if (c != '-' && !(c >= '0' && c <= '9')) return wrong_kind(item, "a non-negative integer");
      std::size_t begin;
      bool is_uint;
      if (!scan_number(begin, is_uint)) return false;
      const std::string text(reinterpret_cast<const char*>(p_ + begin), pos_ - begin);
      if (!is_uint) return schema(item + " must be a non-negative integer, found " + quote(text));
      std::uint64_t v = 0;
      for (char d : text) {
        const std::uint64_t digit = static_cast<std::uint64_t>(d - '0');
        if (v > (std::numeric_limits<std::uint64_t>::max() - digit) / 10) {
          return schema(item + " = " + quote(text) + " is too large");
        }
        v = v * 10 + digit;
      }
      out.push_back(v);
      skip_ws();
      if (peek() == ',') {
        ++pos_;
        skip_ws();
      } else if (peek() == ']') {
        ++pos_;
        return true;
      } else {
        return syntax("expected ',' or ']' in " + what + ", found " + found());
      }
    }
  }

  bool parse_metadata(std::vector<std::pair<std::string, std::string>>& out) {
    if (peek() != '{') return wrong_kind("\"__metadata__\"", "an object of strings");
    ++pos_;
    skip_ws();
    if (peek() == '}') {
      ++pos_;
      return true;
    }
    for (;;) {
      if (peek() != '"') return syntax("expected a string key in \"__metadata__\", found " + found());
      std::string key, value;
      if (!parse_string(key)) return false;
      if (!colon()) return false;
      if (peek() != '"') return wrong_kind("metadata " + quote(key), "a string");
      if (!parse_string(value)) return false;
      out.emplace_back(std::move(key), std::move(value));
      skip_ws();
      if (peek() == ',') {
        ++pos_;
        skip_ws();
      } else if (peek() == '}') {
        ++pos_;
        return true;
      } else {
        return syntax("expected ',' or '}' in \"__metadata__\", found " + found());
      }
    }
  }

  bool parse_tensor(TensorInfo& t) {
    const std::string label = tensor_label(t.name);
    if (peek() != '{') {
      return wrong_kind(label, "an object with \"dtype\", \"shape\" and \"data_offsets\"");
    }
    ++pos_;
    skip_ws();
    bool has_dtype = false, has_shape = false, has_offsets = false;
    std::vector<std::uint64_t> shape, offsets;
    if (peek() == '}') {
      ++pos_;
    } else {
      for (;;) {
        if (peek() != '"') return syntax("expected a string key in " + label + ", found " + found());
        std::string key;
        if (!parse_string(key)) return false;
        if (!colon()) return false;
        bool* seen = nullptr;
        if (key == "dtype") seen = &has_dtype;
        if (key == "shape") seen = &has_shape;
        if (key == "data_offsets") seen = &has_offsets;
        if (seen) {
          if (*seen) return schema(label + " has \"" + key + "\" twice");
          *seen = true;
        }
        if (key == "dtype") {
          if (peek() != '"') return wrong_kind(label + ": \"dtype\"", "a string");
          if (!parse_string(t.dtype_name)) return false;
        } else if (key == "shape") {
          if (!parse_uint_array(shape, label + ": shape")) return false;
        } else if (key == "data_offsets") {
          if (!parse_uint_array(offsets, label + ": data_offsets")) return false;
        } else if (!skip_value(2)) {
          return false;
        }
        skip_ws();
        if (peek() == ',') {
          ++pos_;
          skip_ws();
        } else if (peek() == '}') {
          ++pos_;
          break;
        } else {
          return syntax("expected ',' or '}' in " + label + ", found " + found());
        }
      }
    }
    return check_tensor(t, has_dtype, has_shape, has_offsets, shape, offsets);
  }

  bool check_tensor(TensorInfo& t, bool has_dtype, bool has_shape, bool has_offsets,
                    const std::vector<std::uint64_t>& shape,
                    const std::vector<std::uint64_t>& offsets) {
    const std::string label = tensor_label(t.name);
    std::vector<const char*> missing;
    if (!has_dtype) missing.push_back("\"dtype\"");
    if (!has_shape) missing.push_back("\"shape\"");
    if (!has_offsets) missing.push_back("\"data_offsets\"");
    if (!missing.empty()) {
      std::string list;
      for (std::size_t i = 0; i < missing.size(); ++i) {
        if (i) list += i + 1 == missing.size() ? " and " : ", ";
        list += missing[i];
      }
      return schema(label + " is missing " + list);
    }

    const DTypeInfo* dt = lookup_dtype(t.dtype_name);
    if (!dt) {
      return schema(label + " has unknown dtype " + quote(t.dtype_name) + " (known: " +
                    known_dtypes() + ")");
    }
    t.dtype = dt->dtype;

    t.shape.clear();
    t.shape.reserve(shape.size());
    bool has_zero = false;
    for (std::size_t i = 0; i < shape.size(); ++i) {
      if (shape[i] > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
        return schema(label + ": shape[" + std::to_string(i) + "] = " + std::to_string(shape[i]) +
                      " is too large");
      }
      t.shape.push_back(static_cast<std::int64_t>(shape[i]));
      has_zero = has_zero || shape[i] == 0;
    }
    // A zero dimension makes the tensor empty however large the other dimensions are.
    std::uint64_t numel = has_zero ? 0 : 1;
    for (std::size_t i = 0; i < shape.size() && !has_zero; ++i) {
      if (mul_overflows(numel, shape[i], numel) ||
          numel > std::numeric_limits<std::size_t>::max()) {
        return schema(label + " has shape " + format_shape(t.shape) +
                      ", whose element count overflows this platform's " +
                      std::to_string(8 * sizeof(std::size_t)) + "-bit sizes");
      }
    }
    t.numel = static_cast<std::size_t>(numel);
    std::uint64_t nbytes;
    if (mul_overflows(numel, dt->size, nbytes)) {
      return schema(label + " has shape " + format_shape(t.shape) + " (" + std::to_string(numel) +
                    " elements of " + t.dtype_name + "), whose byte size overflows");
    }

    if (offsets.size() != 2) {
      return schema(label + ": data_offsets must have exactly 2 entries [begin, end], found " +
                    std::to_string(offsets.size()));
    }
    const std::uint64_t begin = offsets[0], end = offsets[1];
    if (begin > end) {
      return schema(label + " has data_offsets " + format_offsets(begin, end) +
                    ": begin is after end");
    }
    if (end > data_size_) {
      return schema(label + " has data_offsets " + format_offsets(begin, end) +
                    ", past the end of the " + std::to_string(data_size_) +
                    "-byte data section");
    }
    if (end - begin != nbytes) {
      return schema(label + " has shape " + format_shape(t.shape) + " = " +
                    std::to_string(numel) + " elements of " + t.dtype_name + " (" +
                    std::to_string(dt->size) + " bytes each) = " + std::to_string(nbytes) +
                    " bytes, but its data_offsets " + format_offsets(begin, end) + " span " +
                    std::to_string(end - begin) + " bytes");
    }
    t.begin = static_cast<std::size_t>(begin);
    t.end = static_cast<std::size_t>(end);
    return true;
  }

  // Sorting keeps this O(n log n) even for a hostile header with millions of entries.
  bool check_duplicates(const File& out) {
    std::vector<const std::string*> names;
    names.reserve(out.tensors.size());
    for (const TensorInfo& t : out.tensors) names.push_back(&t.name);
    auto less = [](const std::string* a, const std::string* b) { return *a < *b; };
    auto same = [](const std::string* a, const std::string* b) { return *a == *b; };
    std::sort(names.begin(), names.end(), less);
    auto dup = std::adjacent_find(names.begin(), names.end(), same);
    if (dup != names.end()) return schema(tensor_label(**dup) + " appears twice in the header");

    names.clear();
    for (const auto& kv : out.metadata) names.push_back(&kv.first);
    std::sort(names.begin(), names.end(), less);
    dup = std::adjacent_find(names.begin(), names.end(), same);
    if (dup != names.end()) return schema("metadata key " + quote(**dup) + " appears twice");
    return true;
  }

  const std::uint8_t* p_;
  std::size_t n_;
  std::size_t data_size_;
  std::size_t pos_ = 0;
  std::string error_;
};

std::uint16_t load_u16(const std::uint8_t* p) {
  return static_cast<std::uint16_t>(p[0] | (p[1] << 8));
}

float from_bits(std::uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

// IEEE 754 binary16 → binary32, exact for every input; NaN payloads are kept.
float f16_to_f32(std::uint16_t h) {
  const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
  const std::uint32_t exp = (h >> 10) & 0x1Fu;
  std::uint32_t mant = h & 0x3FFu;
  if (exp == 0x1F) return from_bits(sign | 0x7F800000u | (mant << 13));
  if (exp != 0) return from_bits(sign | ((exp + 127 - 15) << 23) | (mant << 13));
  if (mant == 0) return from_bits(sign);
  // Subnormal half (mant · 2⁻²⁴) is a normal float: shift the leading 1 into the implicit bit.
  std::uint32_t e = 127 - 15 + 1;
  while ((mant & 0x400u) == 0) {
    mant <<= 1;
    --e;
  }
  return from_bits(sign | (e << 23) | ((mant & 0x3FFu) << 13));
}

bool host_is_little_endian() {
  const std::uint16_t one = 1;
  std::uint8_t first;
  std::memcpy(&first, &one, 1);
  return first == 1;
}

}  // namespace

const TensorInfo* File::find(const std::string& name) const {
  for (const TensorInfo& t : tensors) {
    if (t.name == name) return &t;
  }
  return nullptr;
}

bool parse(File& out, std::string& error, const std::uint8_t* bytes, std::size_t size) {
  if (!bytes && size != 0) {
    error = "no bytes given for a " + std::to_string(size) + "-byte safetensors file";
    return false;
  }
  if (size < 8) {
    error = "the file is " + std::to_string(size) +
            " bytes; a safetensors file starts with an 8-byte header length";
    return false;
  }
  std::uint64_t n = 0;
  for (int i = 7; i >= 0; --i) n = (n << 8) | bytes[i];
  // Compared as uint64 before any addition: n may be close to 2^64.
  if (n > static_cast<std::uint64_t>(size - 8)) {
    error = "header length " + std::to_string(n) + " runs past the end of the " +
            std::to_string(size) + "-byte file (at most " + std::to_string(size - 8) +
            " bytes follow the 8-byte length)";
    return false;
  }
  const std::size_t header_size = static_cast<std::size_t>(n);
  const std::size_t data_size = size - 8 - header_size;

  File file;
  HeaderParser parser(bytes + 8, header_size, data_size);
  if (!parser.parse(file)) {
    error = parser.error();
    return false;
  }
  file.data = bytes + 8 + header_size;
  file.data_size = data_size;
  out = std::move(file);
  return true;
}

bool to_float32(float* out, std::string& error, const File& file, const TensorInfo& t) {
  const std::string label = tensor_label(t.name);
  std::size_t elem;
  switch (t.dtype) {
    case DType::f32: elem = 4; break;
    case DType::f16:
    case DType::bf16: elem = 2; break;
    case DType::other:
    default:
      error = label + " has dtype " + t.dtype_name + "; only F32, F16 and BF16 can be loaded";
      return false;
  }
  // t may not come from this file's parse(): recheck its range before reading.
  if (t.begin > t.end || t.end > file.data_size || (t.end - t.begin) / elem != t.numel ||
      (t.end - t.begin) % elem != 0 || (t.end > 0 && !file.data)) {
    error = label + " with data_offsets " + format_offsets(t.begin, t.end) + " and " +
            std::to_string(t.numel) + " elements does not fit this file's " +
            std::to_string(file.data_size) + "-byte data section";
    return false;
  }
  if (t.numel == 0) return true;
  if (!out) {
    error = "no output buffer given for the " + std::to_string(t.numel) + " floats of " + label;
    return false;
  }
  const std::uint8_t* src = file.data + t.begin;
  switch (t.dtype) {
    case DType::f32:
      if (host_is_little_endian()) {
        std::memcpy(out, src, t.numel * 4);
      } else {
        for (std::size_t i = 0; i < t.numel; ++i) {
          const std::uint8_t* p = src + 4 * i;
          out[i] = from_bits(static_cast<std::uint32_t>(p[0]) |
                             static_cast<std::uint32_t>(p[1]) << 8 |
                             static_cast<std::uint32_t>(p[2]) << 16 |
                             static_cast<std::uint32_t>(p[3]) << 24);
        }
      }
      break;
    case DType::f16:
      for (std::size_t i = 0; i < t.numel; ++i) out[i] = f16_to_f32(load_u16(src + 2 * i));
      break;
    case DType::bf16:
      for (std::size_t i = 0; i < t.numel; ++i) {
        out[i] = from_bits(static_cast<std::uint32_t>(load_u16(src + 2 * i)) << 16);
      }
      break;
    case DType::other:
      break;
  }
  return true;
}

}  // namespace normwave::safetensors
