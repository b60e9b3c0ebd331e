// The header is untrusted, so it is read by a small streaming JSON parser that knows the
// safetensors schema: no DOM, and the only recursion (skipping values under unknown keys) is
// capped at kMaxDepth. It reads the header twice. The first pass validates everything that can
// be judged one entry at a time (syntax, UTF-8, dtype, shape, offsets, byte sizes) and counts
// what the header holds, allocating nothing; the second allocates exactly the counted sizes and
// stores. Then the checks that need every tensor at once (unique names, the tiling of the data
// section) run on what was stored.
#include "normwave/safetensors.hpp"

#include <algorithm>
#include <cstring>
#include <limits>
#include <numeric>
#include <type_traits>

namespace normwave::safetensors {

namespace {

constexpr int kMaxDepth = 64;
constexpr std::size_t kMaxQuoted = 120;  // bytes of an untrusted string echoed in a message

struct DTypeInfo {
  const char* name;
  DType dtype;
  std::size_t bits;
};

// Every dtype of the reference reader (Dtype in tensor.rs), with its size in bits. Sub-byte
// dtypes (F4, F6_*) are accepted when the tensor's total is a whole number of bytes, as there.
constexpr DTypeInfo kDTypes[] = {
    {"F32", DType::f32, 32},          {"F16", DType::f16, 16},
    {"BF16", DType::bf16, 16},        {"F64", DType::other, 64},
    {"C64", DType::other, 64},        {"I64", DType::other, 64},
    {"U64", DType::other, 64},        {"I32", DType::other, 32},
    {"U32", DType::other, 32},        {"I16", DType::other, 16},
    {"U16", DType::other, 16},        {"I8", DType::other, 8},
    {"U8", DType::other, 8},          {"BOOL", DType::other, 8},
    {"F8_E4M3", DType::other, 8},     {"F8_E5M2", DType::other, 8},
    {"F8_E8M0", DType::other, 8},     {"F8_E4M3FNUZ", DType::other, 8},
    {"F8_E5M2FNUZ", DType::other, 8}, {"F6_E2M3", DType::other, 6},
    {"F6_E3M2", DType::other, 6},     {"F4", DType::other, 4},
};
constexpr std::size_t kMaxDTypeName = 11;  // "F8_E4M3FNUZ"

const DTypeInfo* lookup_dtype(std::string_view name) {
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

std::string tensor_label(std::string_view name) { return "tensor " + quote(name); }

std::string format_shape(const std::uint64_t* dims, std::size_t n) {
  constexpr std::size_t kShown = 8;
  std::string s = "[";
  for (std::size_t i = 0; i < n; ++i) {
    if (i == kShown) {
      s += ", ... (" + std::to_string(n) + " dims)";
      break;
    }
    if (i) s += ", ";
    s += std::to_string(dims[i]);
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

std::string schema_error(const std::string& msg) { return "invalid safetensors header: " + msg; }

// A JSON string that json_cursor::string has checked: the raw bytes between its quotes.
struct Token {
  std::size_t begin = 0, end = 0;  // offsets into the header
  std::size_t size = 0;            // its length once decoded (never more than end - begin)
  bool escaped = false;            // it holds a backslash escape
};

std::size_t utf8_length(std::uint32_t cp) {
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

char* put_utf8(char* out, std::uint32_t cp) {
  if (cp < 0x80) {
    *out++ = static_cast<char>(cp);
  } else if (cp < 0x800) {
    *out++ = static_cast<char>(0xC0 | (cp >> 6));
    *out++ = static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    *out++ = static_cast<char>(0xE0 | (cp >> 12));
    *out++ = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    *out++ = static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    *out++ = static_cast<char>(0xF0 | (cp >> 18));
    *out++ = static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    *out++ = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    *out++ = static_cast<char>(0x80 | (cp & 0x3F));
  }
  return out;
}

// A non-owning reference to a callable, so the loops below compile once rather than once per
// lambda (the module's size is budgeted: tests/js/size.test.mjs).
template <class Sig>
class fn_ref;
template <class R, class... Args>
class fn_ref<R(Args...)> {
 public:
  template <class F>
  fn_ref(F&& f)  // NOLINT: converts from any callable, like std::function
      : obj_(const_cast<void*>(static_cast<const void*>(&f))),
        call_([](void* obj, Args... args) -> R {
          return (*static_cast<std::remove_reference_t<F>*>(obj))(args...);
        }) {}
  R operator()(Args... args) const { return call_(obj_, args...); }

 private:
  void* obj_;
  R (*call_)(void*, Args...);
};

using describe_fn = fn_ref<std::string()>;

// A bounded reader over the header's bytes: it never looks outside [p, p + n), and it keeps the
// message of the first error (syntax errors say the byte offset). It owns the JSON grammar:
// strings (validated without allocating, decoded later into caller storage), numbers, literals,
// skipping unknown values, and the one "item (',' item)* close" loop every container uses.
class json_cursor {
 public:
  json_cursor(const std::uint8_t* p, std::size_t n) : p_(p), n_(n) {}

  int peek() const { return pos_ < n_ ? p_[pos_] : -1; }
  bool at_end() const { return pos_ == n_; }
  const std::string& error() const { return error_; }

  void skip_ws() {
    while (pos_ < n_ &&
           (p_[pos_] == ' ' || p_[pos_] == '\t' || p_[pos_] == '\n' || p_[pos_] == '\r')) {
      ++pos_;
    }
  }

  // What is at the cursor, for a message.
  std::string found() const {
    const int c = peek();
    if (c < 0) return "the end of the header";
    if (c >= 0x21 && c <= 0x7E) return std::string("'") + static_cast<char>(c) + "'";
    static const char hex[] = "0123456789ABCDEF";
    return std::string("byte 0x") + hex[c >> 4] + hex[c & 0xF];
  }

  bool syntax(const std::string& msg) {
    error_ = "malformed safetensors header JSON at byte " + std::to_string(pos_) + " of the " +
             std::to_string(n_) + "-byte header: " + msg;
    return false;
  }

  bool schema(const std::string& msg) {
    error_ = schema_error(msg);
    return false;
  }

  // A value of the wrong kind: a schema error if it is a valid JSON value, else a syntax error.
  bool wrong_kind(const std::string& what, const char* expected) {
    const char* k = kind();
    if (!k) return syntax("expected a value for " + what + ", found " + found());
    return schema(what + " must be " + expected + ", found " + k);
  }

  // Reads `open` [item (',' item)*] `close`, with whitespace anywhere between; the cursor is
  // on `open`. item() reads one element (or member) and returns false on an error; where()
  // names the container in a message (" in tensor \"w\""), and is only called for one.
  bool sequence(char close, fn_ref<bool()> item, describe_fn where) {
    ++pos_;
    skip_ws();
    if (peek() == close) {
      ++pos_;
      return true;
    }
    for (;;) {
      if (!item()) return false;
      skip_ws();
      const int c = peek();
      if (c == ',') {
        ++pos_;
        skip_ws();
      } else if (c == close) {
        ++pos_;
        return true;
      } else {
        return syntax(std::string("expected ',' or '") + close + "'" + where() + ", found " +
                      found());
      }
    }
  }

  // An object's members; the cursor is on '{'. member(key) is called with the cursor on the
  // value. key_noun() says what a key is here ("a tensor name (a string)"), for a message.
  bool members(fn_ref<bool(const Token&)> member, describe_fn key_noun, describe_fn where) {
    return sequence(
        '}',
        [&] {
          if (peek() != '"') return syntax("expected " + key_noun() + ", found " + found());
          Token key;
          if (!string(key)) return false;
          skip_ws();
          if (peek() != ':') return syntax("expected ':' after the key, found " + found());
          ++pos_;
          skip_ws();
          return member(key);
        },
        where);
  }

  // Checks the string at the cursor (on its '"'): escapes, surrogate pairs, UTF-8 (RFC 3629:
  // no overlong forms, no surrogates, nothing above U+10FFFF), no raw control characters.
  bool string(Token& t) {
    const std::size_t open = pos_;
    ++pos_;
    t = Token{pos_, pos_, 0, false};
    for (;;) {
      const int c = peek();
      if (c < 0) {
        pos_ = open;
        return syntax("string is not terminated before the end of the header");
      }
      if (c == '"') {
        t.end = pos_++;
        return true;
      }
      if (c < 0x20) return syntax("control character " + found() + " in a string must be escaped");
      if (c >= 0x80) {
        const std::size_t len = utf8_sequence();
        if (!len) return syntax("invalid UTF-8 in a string");
        t.size += len;
        continue;
      }
      ++pos_;
      if (c != '\\') {
        ++t.size;
        continue;
      }
      t.escaped = true;
      const int e = peek();
      if (e == 'u') {
        ++pos_;
        std::uint32_t cp;
        if (!escaped_code_point(cp)) return false;
        t.size += utf8_length(cp);
        continue;
      }
      if (e != '"' && e != '\\' && e != '/' && e != 'b' && e != 'f' && e != 'n' && e != 'r' &&
          e != 't') {
        return syntax("invalid escape in a string: '\\' followed by " + found());
      }
      ++pos_;
      ++t.size;
    }
  }

  // Writes t's t.size decoded bytes to out. t came from string() on these bytes.
  void decode(const Token& t, char* out) const { decode(t, out, t.size); }

  // t decoded, cut once at least `limit` bytes are out (whole characters), for messages.
  std::string decoded_prefix(const Token& t, std::size_t limit) const {
    std::string s(std::min(t.size, limit + 4), '\0');
    s.resize(static_cast<std::size_t>(decode(t, &s[0], limit) - s.data()));
    return s;
  }

  std::string quoted(const Token& t) const { return quote(decoded_prefix(t, kMaxQuoted + 1)); }

  bool equals(const Token& t, std::string_view s) const {
    if (t.size != s.size()) return false;
    if (!t.escaped) return std::memcmp(p_ + t.begin, s.data(), s.size()) == 0;
    char buf[32];
    if (s.size() > sizeof buf) return false;
    decode(t, buf);
    return std::memcmp(buf, s.data(), s.size()) == 0;
  }

  // A number per RFC 8259 at the cursor. is_uint: a plain non-negative integer, whose value
  // is in `value` unless it does not fit 64 bits (too_large).
  bool number(std::size_t& begin, bool& is_uint, std::uint64_t& value, bool& too_large) {
    begin = pos_;
    is_uint = true;
    too_large = false;
    value = 0;
    auto digits = [&](bool accumulate) {
      const std::size_t s = pos_;
      for (; pos_ < n_ && p_[pos_] >= '0' && p_[pos_] <= '9'; ++pos_) {
        if (!accumulate) continue;
        const std::uint64_t d = static_cast<std::uint64_t>(p_[pos_] - '0');
        if (value > (std::numeric_limits<std::uint64_t>::max() - d) / 10) too_large = true;
        value = value * 10 + d;
      }
      return pos_ > s;
    };
    if (peek() == '-') {
      is_uint = false;
      ++pos_;
    }
    if (peek() == '0') {
      ++pos_;
      if (peek() >= '0' && peek() <= '9') return syntax("numbers must not have leading zeros");
    } else if (!digits(is_uint)) {
      return syntax("expected a digit, found " + found());
    }
    if (peek() == '.') {
      is_uint = false;
      ++pos_;
      if (!digits(false)) return syntax("expected a digit after '.', found " + found());
    }
    if (peek() == 'e' || peek() == 'E') {
      is_uint = false;
      ++pos_;
      if (peek() == '+' || peek() == '-') ++pos_;
      if (!digits(false)) return syntax("expected a digit in the exponent, found " + found());
    }
    return true;
  }

  std::string text(std::size_t begin) const {
    return std::string(reinterpret_cast<const char*>(p_ + begin), pos_ - begin);
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
      const auto none = [] { return std::string(); };
      if (c == '[')
        return sequence(
            ']', [&] { return skip_value(depth + 1); }, none);
      return members([&](const Token&) { return skip_value(depth + 1); },
                     [] { return std::string("a string key"); }, none);
    }
    if (c == '"') {
      Token ignored;
      return string(ignored);
    }
    if (c == '-' || (c >= '0' && c <= '9')) {
      std::size_t begin;
      bool is_uint, too_large;
      std::uint64_t value;
      return number(begin, is_uint, value, too_large);
    }
    if (c == 't') return literal("true");
    if (c == 'f') return literal("false");
    if (c == 'n') return literal("null");
    return syntax("expected a value, found " + found());
  }

 private:
  // What a value is, judged by its first byte, for messages about a value of the wrong kind.
  const char* kind() const {
    switch (peek()) {
      case '{':
        return "an object";
      case '[':
        return "an array";
      case '"':
        return "a string";
      case 't':
      case 'f':
        return "a boolean";
      case 'n':
        return "null";
      case '-':
      case '0':
      case '1':
      case '2':
      case '3':
      case '4':
      case '5':
      case '6':
      case '7':
      case '8':
      case '9':
        return "a number";
      default:
        return nullptr;
    }
  }

  // The length of the well-formed UTF-8 sequence at the cursor (moved past it), or 0.
  std::size_t utf8_sequence() {
    const std::uint8_t c = p_[pos_];
    std::size_t len;
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
      return 0;
    }
    ++pos_;
    for (std::size_t i = 1; i < len; ++i) {
      const int b = peek();
      if (b < lo || b > hi) return 0;
      lo = 0x80;
      hi = 0xBF;
      ++pos_;
    }
    return len;
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

  // After "\u": one code point, from a surrogate pair when it takes two escapes.
  bool escaped_code_point(std::uint32_t& cp) {
    if (!hex4(cp)) return false;
    if (cp >= 0xDC00 && cp <= 0xDFFF) {
      pos_ -= 6;
      return syntax("\\u escape is a lone low surrogate");
    }
    if (cp < 0xD800 || cp > 0xDBFF) return true;
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
    return true;
  }

  static std::uint32_t hex_at(const std::uint8_t* h) {
    std::uint32_t v = 0;
    for (int i = 0; i < 4; ++i) {
      const std::uint8_t c = h[i];
      v = v * 16 + static_cast<std::uint32_t>(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
    }
    return v;
  }

  // Decodes the already validated t into out until `limit` bytes are written (whole
  // characters, so up to 3 more); returns the end of what was written.
  char* decode(const Token& t, char* out, std::size_t limit) const {
    char* const start = out;
    std::size_t i = t.begin;
    while (i < t.end && static_cast<std::size_t>(out - start) < limit) {
      const std::uint8_t c = p_[i];
      if (c != '\\') {
        *out++ = static_cast<char>(c);
        ++i;
        continue;
      }
      const std::uint8_t e = p_[i + 1];
      i += 2;
      switch (e) {
        case 'b':
          *out++ = '\b';
          break;
        case 'f':
          *out++ = '\f';
          break;
        case 'n':
          *out++ = '\n';
          break;
        case 'r':
          *out++ = '\r';
          break;
        case 't':
          *out++ = '\t';
          break;
        case 'u': {
          std::uint32_t cp = hex_at(p_ + i);
          i += 4;
          if (cp >= 0xD800 && cp <= 0xDBFF) {
            cp = 0x10000 + ((cp - 0xD800) << 10) + (hex_at(p_ + i + 2) - 0xDC00);
            i += 6;
          }
          out = put_utf8(out, cp);
          break;
        }
        default:
          *out++ = static_cast<char>(e);
          break;  // '"', '\\', '/'
      }
    }
    return out;
  }

  const std::uint8_t* p_;
  std::size_t n_;
  std::size_t pos_ = 0;
  std::string error_;
};

// One tensor entry as the walker reads it: everything on the stack (the shape is capped).
struct TensorEntry {
  Token name;
  const DTypeInfo* dtype = nullptr;
  std::uint64_t dims[kMaxDims];
  std::size_t ndims = 0;
  std::uint64_t numel = 0, begin = 0, end = 0;
};

// What the walker hands each checked entry to: Counter in the first pass, Builder in the second.
class Visitor {
 public:
  virtual void tensor(const TensorEntry& e) = 0;
  virtual void metadata(const Token& key, const Token& value) = 0;

 protected:
  ~Visitor() = default;
};

// Walks the header's grammar and schema, and hands each checked tensor entry and metadata pair
// to the visitor.
class HeaderWalker {
 public:
  HeaderWalker(json_cursor& c, std::size_t data_size, Visitor& v)
      : c_(c), data_size_(data_size), v_(v) {}

  bool walk() {
    c_.skip_ws();
    if (c_.peek() < 0) return c_.syntax("the header is empty; it must be a JSON object");
    if (c_.peek() != '{') {
      return c_.syntax("the header must be a JSON object, but it starts with " + c_.found());
    }
    bool seen_metadata = false;
    const bool ok = c_.members(
        [&](const Token& key) {
          if (!c_.equals(key, "__metadata__")) return tensor(key);
          if (seen_metadata) return c_.schema("the header has \"__metadata__\" twice");
          seen_metadata = true;
          return metadata();
        },
        [] { return std::string("a tensor name (a string)"); },
        [] { return std::string(" after a header entry"); });
    if (!ok) return false;
    // The format allows padding the header with spaces; other JSON whitespace is harmless.
    c_.skip_ws();
    if (!c_.at_end()) {
      return c_.syntax("unexpected " + c_.found() +
                       " after the header's closing '}' (only whitespace may follow it)");
    }
    return true;
  }

 private:
  // "__metadata__": an object of strings, or null (the reference reads it as an Option).
  bool metadata() {
    if (c_.peek() == 'n') return c_.literal("null");
    if (c_.peek() != '{') return c_.wrong_kind("\"__metadata__\"", "an object of strings");
    return c_.members(
        [&](const Token& key) {
          if (c_.peek() != '"') return c_.wrong_kind("metadata " + c_.quoted(key), "a string");
          Token value;
          if (!c_.string(value)) return false;
          v_.metadata(key, value);
          return true;
        },
        [] { return std::string("a string key in \"__metadata__\""); },
        [] { return std::string(" in \"__metadata__\""); });
  }

  // An array of non-negative integers ("shape", "data_offsets"); on_value(v, i) takes each.
  bool uint_array(describe_fn label, const char* what,
                  fn_ref<bool(std::uint64_t, std::size_t)> on_value) {
    if (c_.peek() != '[')
      return c_.wrong_kind(label() + ": " + what, "an array of non-negative integers");
    std::size_t i = 0;
    return c_.sequence(
        ']',
        [&] {
          auto item = [&] { return label() + ": " + what + "[" + std::to_string(i) + "]"; };
          const int ch = c_.peek();
          if (ch != '-' && !(ch >= '0' && ch <= '9'))
            return c_.wrong_kind(item(), "a non-negative integer");
          std::size_t begin;
          bool is_uint, too_large;
          std::uint64_t v;
          if (!c_.number(begin, is_uint, v, too_large)) return false;
          if (!is_uint)
            return c_.schema(item() + " must be a non-negative integer, found " +
                             quote(c_.text(begin)));
          if (too_large) return c_.schema(item() + " = " + quote(c_.text(begin)) + " is too large");
          return on_value(v, i++);
        },
        [&] { return " in " + label() + ": " + what; });
  }

  // A tensor entry: its fields read, then checked against each other and the data section.
  bool tensor(const Token& name) {
    const auto label_of = [&] { return "tensor " + c_.quoted(name); };
    const describe_fn label = label_of;
    if (c_.peek() != '{') {
      return c_.wrong_kind(label(), "an object with \"dtype\", \"shape\" and \"data_offsets\"");
    }
    TensorEntry e;
    e.name = name;
    TensorFields f;
    std::uint64_t nbytes = 0;
    if (!read_fields(label, e, f) || !all_present(label, f) || !known_dtype(label, e, f.dtype) ||
        !byte_size(label, e, nbytes) || !placed(label, e, f, nbytes))
      return false;
    v_.tensor(e);
    return true;
  }

  // One tensor entry's fields as read, before they are checked against each other.
  struct TensorFields {
    Token dtype;
    bool has_dtype = false, has_shape = false, has_offsets = false;
    std::size_t n_offsets = 0;
    std::uint64_t offsets[2] = {0, 0};
  };

  // The members of the entry's object: "dtype", "shape" and "data_offsets" once each (the shape
  // into e), anything else skipped.
  bool read_fields(describe_fn label, TensorEntry& e, TensorFields& f) {
    return c_.members(
        [&](const Token& key) {
          bool* seen = c_.equals(key, "dtype")          ? &f.has_dtype
                       : c_.equals(key, "shape")        ? &f.has_shape
                       : c_.equals(key, "data_offsets") ? &f.has_offsets
                                                        : nullptr;
          if (!seen) return c_.skip_value(2);
          const char* field = seen == &f.has_dtype   ? "dtype"
                              : seen == &f.has_shape ? "shape"
                                                     : "data_offsets";
          if (*seen) return c_.schema(label() + " has \"" + field + "\" twice");
          *seen = true;
          if (seen == &f.has_dtype) {
            if (c_.peek() != '"') return c_.wrong_kind(label() + ": \"dtype\"", "a string");
            return c_.string(f.dtype);
          }
          if (seen == &f.has_shape) {
            return uint_array(label, "shape", [&](std::uint64_t v, std::size_t i) {
              if (i == kMaxDims) {
                return c_.schema(label() + ": shape has more than " + std::to_string(kMaxDims) +
                                 " dimensions (the most NumPy allows, and this reader's limit)");
              }
              e.dims[i] = v;
              e.ndims = i + 1;
              return true;
            });
          }
          return uint_array(label, "data_offsets", [&](std::uint64_t v, std::size_t i) {
            if (i < 2) f.offsets[i] = v;
            f.n_offsets = i + 1;
            return true;
          });
        },
        [&] { return "a string key in " + label(); }, [&] { return " in " + label(); });
  }

  bool all_present(describe_fn label, const TensorFields& f) {
    if (f.has_dtype && f.has_shape && f.has_offsets) return true;
    const char* missing[3];
    std::size_t n = 0;
    if (!f.has_dtype) missing[n++] = "\"dtype\"";
    if (!f.has_shape) missing[n++] = "\"shape\"";
    if (!f.has_offsets) missing[n++] = "\"data_offsets\"";
    std::string list;
    for (std::size_t i = 0; i < n; ++i) {
      if (i) list += i + 1 == n ? " and " : ", ";
      list += missing[i];
    }
    return c_.schema(label() + " is missing " + list);
  }

  bool known_dtype(describe_fn label, TensorEntry& e, const Token& dtype) {
    char dtype_name[kMaxDTypeName + 1];
    if (dtype.size <= kMaxDTypeName) {
      c_.decode(dtype, dtype_name);
      e.dtype = lookup_dtype(std::string_view(dtype_name, dtype.size));
    }
    if (e.dtype) return true;
    return c_.schema(label() + " has unknown dtype " + c_.quoted(dtype) +
                     " (known: " + known_dtypes() + ")");
  }

  // The element count into e.numel, and the byte size: each product checked for overflow.
  bool byte_size(describe_fn label, TensorEntry& e, std::uint64_t& nbytes) {
    const std::string_view dt = e.dtype->name;
    bool has_zero = false;
    for (std::size_t i = 0; i < e.ndims; ++i) {
      if (e.dims[i] > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
        return c_.schema(label() + ": shape[" + std::to_string(i) +
                         "] = " + std::to_string(e.dims[i]) + " is too large");
      }
      has_zero = has_zero || e.dims[i] == 0;
    }
    // A zero dimension makes the tensor empty however large the other dimensions are.
    const auto shape = [&] { return format_shape(e.dims, e.ndims); };
    e.numel = has_zero ? 0 : 1;
    for (std::size_t i = 0; i < e.ndims && !has_zero; ++i) {
      if (mul_overflows(e.numel, e.dims[i], e.numel) ||
          e.numel > std::numeric_limits<std::size_t>::max()) {
        return c_.schema(label() + " has shape " + shape() +
                         ", whose element count overflows this platform's " +
                         std::to_string(8 * sizeof(std::size_t)) + "-bit sizes");
      }
    }
    const auto elements = [&] {
      return std::to_string(e.numel) + " elements of " + std::string(dt);
    };
    std::uint64_t nbits;
    if (mul_overflows(e.numel, e.dtype->bits, nbits)) {
      return c_.schema(label() + " has shape " + shape() + " (" + elements() +
                       "), whose byte size overflows");
    }
    if (nbits % 8 != 0) {
      return c_.schema(label() + " has shape " + shape() + " = " + elements() + " (" +
                       std::to_string(e.dtype->bits) + " bits each) = " + std::to_string(nbits) +
                       " bits, not a whole number of bytes");
    }
    nbytes = nbits / 8;
    return true;
  }

  // data_offsets: two, in order, inside the data section, spanning exactly nbytes.
  bool placed(describe_fn label, TensorEntry& e, const TensorFields& f, std::uint64_t nbytes) {
    if (f.n_offsets != 2) {
      return c_.schema(label() + ": data_offsets must have exactly 2 entries [begin, end], found " +
                       std::to_string(f.n_offsets));
    }
    e.begin = f.offsets[0];
    e.end = f.offsets[1];
    if (e.begin > e.end) {
      return c_.schema(label() + " has data_offsets " + format_offsets(e.begin, e.end) +
                       ": begin is after end");
    }
    if (e.end > data_size_) {
      return c_.schema(label() + " has data_offsets " + format_offsets(e.begin, e.end) +
                       ", past the end of the " + std::to_string(data_size_) +
                       "-byte data section");
    }
    if (e.end - e.begin != nbytes) {
      const std::string each = e.dtype->bits % 8
                                   ? std::to_string(e.dtype->bits) + " bits each"
                                   : std::to_string(e.dtype->bits / 8) + " bytes each";
      return c_.schema(label() + " has shape " + format_shape(e.dims, e.ndims) + " = " +
                       std::to_string(e.numel) + " elements of " + std::string(e.dtype->name) +
                       " (" + each + ") = " + std::to_string(nbytes) +
                       " bytes, but its data_offsets " + format_offsets(e.begin, e.end) + " span " +
                       std::to_string(e.end - e.begin) + " bytes");
    }
    return true;
  }

  json_cursor& c_;
  std::size_t data_size_;
  Visitor& v_;
};

// An allocation of `bytes` (none when 0), with what the allocator adds to it.
constexpr std::size_t block(std::size_t bytes) { return bytes ? bytes + kAllocOverhead : 0; }

// Pass 1: what the second pass will allocate, exactly: blocks for the tensors, their by_name
// index, the metadata, the strings, each shape, and an order index for the checks.
struct Counter final : Visitor {
  std::size_t tensors = 0, metadata_pairs = 0, string_bytes = 0, shape_blocks = 0;

  void tensor(const TensorEntry& e) override {
    ++tensors;
    string_bytes += e.name.size;
    shape_blocks += block(e.ndims * sizeof(std::int64_t));
  }
  void metadata(const Token& key, const Token& value) override {
    ++metadata_pairs;
    string_bytes += key.size + value.size;
  }
};

// Pass 2: stores into storage sized by the Counter (no vector ever grows).
struct Builder final : Visitor {
  Builder(const json_cursor& cursor, File& f, char* strings) : c(cursor), file(f), next(strings) {}
  const json_cursor& c;
  File& file;
  char* next;

  std::string_view store(const Token& t) {
    c.decode(t, next);
    const std::string_view s(next, t.size);
    next += t.size;
    return s;
  }
  void tensor(const TensorEntry& e) override {
    TensorInfo t;
    t.name = store(e.name);
    t.dtype_name = e.dtype->name;
    t.dtype = e.dtype->dtype;
    t.shape = std::vector<std::int64_t>(e.dims, e.dims + e.ndims);
    t.numel = static_cast<std::size_t>(e.numel);
    t.begin = static_cast<std::size_t>(e.begin);
    t.end = static_cast<std::size_t>(e.end);
    file.tensors.push_back(std::move(t));
  }
  void metadata(const Token& key, const Token& value) override {
    const std::string_view k = store(key);
    file.metadata.emplace_back(k, store(value));
  }
};

// Sorts indices with one std::sort instantiation for every order used here.
void sort_indices(std::vector<std::uint32_t>& v, fn_ref<bool(std::uint32_t, std::uint32_t)> less) {
  std::sort(v.begin(), v.end(), [&](std::uint32_t a, std::uint32_t b) { return less(a, b); });
}

// The rules that need every tensor at once: unique names and metadata keys, and (as the
// reference's Metadata::validate) tensors that, sorted by (begin, end), tile the data section:
// the first starts at 0, each starts where the one before ends, the last ends at its end.
std::string check_layout(File& f, std::vector<std::uint32_t>& order) {
  const std::size_t n = f.tensors.size();
  f.by_name.resize(n);
  std::iota(f.by_name.begin(), f.by_name.end(), 0u);
  sort_indices(f.by_name, [&](std::uint32_t a, std::uint32_t b) {
    return f.tensors[a].name < f.tensors[b].name ||
           (f.tensors[a].name == f.tensors[b].name && a < b);
  });
  for (std::size_t i = 1; i < n; ++i) {
    if (f.tensors[f.by_name[i]].name == f.tensors[f.by_name[i - 1]].name) {
      return schema_error(tensor_label(f.tensors[f.by_name[i]].name) +
                          " appears twice in the header");
    }
  }

  const std::size_t m = f.metadata.size();
  order.resize(m);
  std::iota(order.begin(), order.end(), 0u);
  sort_indices(order, [&](std::uint32_t a, std::uint32_t b) {
    return f.metadata[a].first < f.metadata[b].first ||
           (f.metadata[a].first == f.metadata[b].first && a < b);
  });
  for (std::size_t i = 1; i < m; ++i) {
    if (f.metadata[order[i]].first == f.metadata[order[i - 1]].first) {
      return schema_error("metadata key " + quote(f.metadata[order[i]].first) + " appears twice");
    }
  }

  order.resize(n);
  std::iota(order.begin(), order.end(), 0u);
  sort_indices(order, [&](std::uint32_t a, std::uint32_t b) {
    const TensorInfo &x = f.tensors[a], &y = f.tensors[b];
    if (x.begin != y.begin) return x.begin < y.begin;
    if (x.end != y.end) return x.end < y.end;
    return a < b;
  });
  const std::string rule =
      "; sorted by offset, the tensors must cover the data section from byte 0 to its end "
      "with no overlap and no gap";
  const TensorInfo* prev = nullptr;
  for (std::uint32_t i : order) {
    const TensorInfo& t = f.tensors[i];
    const std::size_t at = prev ? prev->end : 0;
    if (t.begin < at) {
      return schema_error(tensor_label(t.name) + " has data_offsets " +
                          format_offsets(t.begin, t.end) + ", which overlap " +
                          tensor_label(prev->name) + "'s " +
                          format_offsets(prev->begin, prev->end) + rule);
    }
    if (t.begin > at) {
      const std::string before =
          prev ? "the tensor before it by offset, " + tensor_label(prev->name) + " " +
                     format_offsets(prev->begin, prev->end) + ", ends at byte " + std::to_string(at)
               : "it is the first tensor by offset";
      return schema_error(tensor_label(t.name) + " has data_offsets " +
                          format_offsets(t.begin, t.end) + " but " + before + ": bytes [" +
                          std::to_string(at) + ", " + std::to_string(t.begin) +
                          ") of the data section belong to no tensor" + rule);
    }
    prev = &t;
  }
  const std::size_t end = prev ? prev->end : 0;
  if (end != f.data_size) {
    const std::string last = prev ? "the last tensor by offset, " + tensor_label(prev->name) + " " +
                                        format_offsets(prev->begin, prev->end) + ", ends at byte " +
                                        std::to_string(end)
                                  : "the header lists no tensor";
    return schema_error(last + " but the data section has " + std::to_string(f.data_size) +
                        " bytes: bytes [" + std::to_string(end) + ", " +
                        std::to_string(f.data_size) + ") belong to no tensor" + rule);
  }
  return {};
}

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

std::string quote(std::string_view head, std::string_view tail) {
  const std::size_t total = head.size() + tail.size();
  const auto at = [&](std::size_t i) {
    return static_cast<unsigned char>(i < head.size() ? head[i] : tail[i - head.size()]);
  };
  std::size_t n = total;
  bool cut = false;
  if (n > kMaxQuoted) {
    n = kMaxQuoted;
    while (n > 0 && (at(n) & 0xC0) == 0x80) --n;
    cut = true;
  }
  static const char hex[] = "0123456789abcdef";
  std::string q = "\"";
  for (std::size_t i = 0; i < n; ++i) {
    const unsigned char c = at(i);
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

const TensorInfo* File::find(std::string_view name) const {
  if (by_name.size() == tensors.size()) {
    const auto it = std::lower_bound(
        by_name.begin(), by_name.end(), name,
        [&](std::uint32_t i, std::string_view key) { return tensors[i].name < key; });
    return it != by_name.end() && tensors[*it].name == name ? &tensors[*it] : nullptr;
  }
  for (const TensorInfo& t : tensors) {
    if (t.name == name) return &t;
  }
  return nullptr;
}

Status check_header_length(std::uint64_t n, std::size_t size) {
  if (size < 8) {
    return Status::error("the file is " + std::to_string(size) +
                         " bytes; a safetensors file starts with an 8-byte header length");
  }
  if (n > kMaxHeaderBytes) {
    return Status::error("header length " + std::to_string(n) + " is over the format's limit of " +
                         std::to_string(kMaxHeaderBytes) + " bytes");
  }
  // Compared as uint64 before any addition: n may be close to 2^64.
  if (n > static_cast<std::uint64_t>(size - 8)) {
    return Status::error("header length " + std::to_string(n) + " runs past the end of the " +
                         std::to_string(size) + "-byte file (at most " + std::to_string(size - 8) +
                         " bytes follow the 8-byte length)");
  }
  return {};
}

// Why this bounds parse() for every header of n bytes. Each header byte belongs to at most one
// of these items, and each item costs at most `rate` bytes of memory per header byte it needs:
//   a tensor entry:   at least 49 bytes of structure,
//   `"":{"dtype":"U8","shape":[],"data_offsets":[0,0]}`
//                     (its name's text counted apart): a TensorInfo, a by_name slot and an order
//                     slot; with a shape, also the first dimension's ≥ 1 byte: its 8 bytes and
//                     the shape block's overhead
//   a further dimension: at least 2 bytes (",0"), 8 bytes of shape
//   a metadata pair:  at least 5 bytes (`"":""`): a pair of views and an order slot
//   a decoded name, key or value byte: at least 1 byte of header, 1 byte of strings
// The blocks themselves (tensors, by_name, metadata, strings, order) add their overhead once
// each, and a refusal's message its kMessageBytes. The first pass (Counter) counts these items;
// the second allocates exactly for them, so no vector grows and nothing is allocated twice.
std::size_t parse_work_bytes(std::size_t n) {
  if (n > kMaxHeaderBytes) return 0;
  constexpr std::size_t slot = sizeof(std::uint32_t);
  struct Ratio {
    std::uint64_t cost, bytes;
  };
  const Ratio items[] = {
      {sizeof(TensorInfo) + 2 * slot, 49},
      {sizeof(TensorInfo) + 2 * slot + sizeof(std::int64_t) + kAllocOverhead, 50},
      {sizeof(std::int64_t), 2},
      {sizeof(std::pair<std::string_view, std::string_view>) + slot, 5},
      {1, 1},
  };
  Ratio rate = items[0];
  for (const Ratio& r : items) {
    if (r.cost * rate.bytes > rate.cost * r.bytes) rate = r;
  }
  const std::uint64_t per_bytes =
      (static_cast<std::uint64_t>(n) * rate.cost + rate.bytes - 1) / rate.bytes;
  return static_cast<std::size_t>(per_bytes + 5 * kAllocOverhead + kMessageBytes);
}

Status parse(File& out, const std::uint8_t* bytes, std::size_t size) {
  if (!bytes && size != 0)
    return Status::error("no bytes given for a " + std::to_string(size) + "-byte safetensors file");
  std::uint64_t n = 0;
  if (size >= 8) {
    for (int i = 7; i >= 0; --i) n = (n << 8) | bytes[i];
  }
  if (Status status = check_header_length(n, size); !status.ok()) return status;
  const std::size_t header_size = static_cast<std::size_t>(n);
  const std::size_t data_size = size - 8 - header_size;

  Counter count;
  {
    json_cursor c(bytes + 8, header_size);
    if (!HeaderWalker(c, data_size, count).walk()) return Status::error(c.error());
  }

  File file;
  file.tensors.reserve(count.tensors);
  file.by_name.reserve(count.tensors);
  file.metadata.reserve(count.metadata_pairs);
  if (count.string_bytes) file.strings.reset(new char[count.string_bytes]);
  {
    json_cursor c(bytes + 8, header_size);
    Builder builder{c, file, file.strings.get()};
    // The same bytes passed every check in the first pass.
    if (!HeaderWalker(c, data_size, builder).walk()) return Status::error(c.error());
  }
  file.data = bytes + 8 + header_size;
  file.data_size = data_size;
  std::vector<std::uint32_t> order;
  order.reserve(std::max(count.tensors, count.metadata_pairs));
  if (std::string error = check_layout(file, order); !error.empty())
    return Status::error(std::move(error));
  out = std::move(file);
  return {};
}

Status to_float32(float* out, const File& file, const TensorInfo& t) {
  std::size_t elem;
  switch (t.dtype) {
    case DType::f32:
      elem = 4;
      break;
    case DType::f16:
    case DType::bf16:
      elem = 2;
      break;
    case DType::other:
    default:
      return Status::error(tensor_label(t.name) + " has dtype " + std::string(t.dtype_name) +
                           "; only F32, F16 and BF16 can be loaded");
  }
  // t may not come from this file's parse(): recheck its range before reading.
  if (t.begin > t.end || t.end > file.data_size || (t.end - t.begin) / elem != t.numel ||
      (t.end - t.begin) % elem != 0 || (t.end > 0 && !file.data)) {
    return Status::error(tensor_label(t.name) + " with data_offsets " +
                         format_offsets(t.begin, t.end) + " and " + std::to_string(t.numel) +
                         " elements does not fit this file's " + std::to_string(file.data_size) +
                         "-byte data section");
  }
  if (t.numel == 0) return {};
  if (!out) {
    return Status::error("no output buffer given for the " + std::to_string(t.numel) +
                         " floats of " + tensor_label(t.name));
  }
  const std::uint8_t* src = file.data + t.begin;
  switch (t.dtype) {
    case DType::f32:
      if (host_is_little_endian()) {
        std::memcpy(out, src, t.numel * 4);
      } else {
        for (std::size_t i = 0; i < t.numel; ++i) {
          const std::uint8_t* p = src + 4 * i;
          out[i] = from_bits(
              static_cast<std::uint32_t>(p[0]) | static_cast<std::uint32_t>(p[1]) << 8 |
              static_cast<std::uint32_t>(p[2]) << 16 | static_cast<std::uint32_t>(p[3]) << 24);
        }
      }
      break;
    case DType::f16:
      for (std::size_t i = 0; i < t.numel; ++i) out[i] = f16_to_f32(load_u16(src + 2 * i));
      break;
    case DType::bf16:
      for (std::size_t i = 0; i < t.numel; ++i)
        out[i] = from_bits(static_cast<std::uint32_t>(load_u16(src + 2 * i)) << 16);
      break;
    case DType::other:
      break;
  }
  return {};
}

}  // namespace normwave::safetensors
