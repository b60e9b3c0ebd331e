// The .safetensors reader: valid files, dtype conversion, and hostile bytes. Files are built in
// memory: an 8-byte little-endian header length, the header JSON, then the data.
#include <doctest/doctest.h>
#include <malloc.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "alloc_meter.hpp"
#include "normwave/safetensors.hpp"

namespace st = normwave::safetensors;

namespace {

using Bytes = std::vector<std::uint8_t>;

Bytes make_file_with_length(std::uint64_t header_length, const std::string& header,
                            const Bytes& data = {}) {
  Bytes b;
  for (int i = 0; i < 8; ++i) b.push_back(static_cast<std::uint8_t>(header_length >> (8 * i)));
  b.insert(b.end(), header.begin(), header.end());
  b.insert(b.end(), data.begin(), data.end());
  return b;
}

Bytes make_file(const std::string& header, const Bytes& data = {}) {
  return make_file_with_length(header.size(), header, data);
}

void put_u16(Bytes& b, std::uint16_t v) {
  b.push_back(static_cast<std::uint8_t>(v));
  b.push_back(static_cast<std::uint8_t>(v >> 8));
}

void put_u32(Bytes& b, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) b.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}

void put_f32(Bytes& b, float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, 4);
  put_u32(b, u);
}

std::uint32_t bits_of(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

// One tensor "t" of the given dtype over raw data, read back as floats.
std::vector<float> convert(const std::string& dtype, const Bytes& data, std::size_t elem) {
  const std::size_t n = data.size() / elem;
  const std::string header = "{\"t\":{\"dtype\":\"" + dtype + "\",\"shape\":[" + std::to_string(n) +
                             "],\"data_offsets\":[0," + std::to_string(data.size()) + "]}}";
  const Bytes file = make_file(header, data);
  st::File f;
  std::string err = st::parse(f, file.data(), file.size()).message();
  REQUIRE_MESSAGE(err.empty(), err);
  std::vector<float> out(n);
  err = st::to_float32(out.data(), f, f.tensors.at(0)).message();
  REQUIRE_MESSAGE(err.empty(), err);
  return out;
}

// Parses bytes that must be rejected and returns the message.
std::string parse_error(const Bytes& file) {
  st::File f;
  const std::string err = st::parse(f, file.data(), file.size()).message();
  CHECK_FALSE(err.empty());
  return err;
}

std::string header_error(const std::string& header, const Bytes& data = {}) {
  return parse_error(make_file(header, data));
}

bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

// A tensor entry with the given fields (already JSON), for the schema error cases.
std::string one_tensor(const std::string& name, const std::string& fields) {
  return "{\"" + name + "\":{" + fields + "}}";
}

// Independent binary16 decoding through ldexp, for the exhaustive F16 check.
float f16_reference(std::uint16_t h) {
  const int sign = h >> 15, exp = (h >> 10) & 0x1F, mant = h & 0x3FF;
  float v;
  if (exp == 0x1F) {
    v = mant ? std::numeric_limits<float>::quiet_NaN() : std::numeric_limits<float>::infinity();
  } else if (exp == 0) {
    v = static_cast<float>(std::ldexp(static_cast<double>(mant), -24));
  } else {
    v = static_cast<float>(std::ldexp(static_cast<double>(mant + 1024), exp - 25));
  }
  return sign ? -v : v;
}

}  // namespace

TEST_CASE("safetensors: a valid file with two tensors and metadata") {
  const std::string header =
      "{\"__metadata__\":{\"format\":\"pt\",\"source\":\"normwave\"},"
      "\"layers.0.linear1.weight\":{\"dtype\":\"F32\",\"shape\":[2,3],\"data_offsets\":[0,24]},"
      "\"layers.0.linear1.bias\":{\"dtype\":\"F16\",\"shape\":[3],\"data_offsets\":[24,30]}}";
  Bytes data;
  for (float v : {1.0f, -2.5f, 3.25f, 0.0f, 1e-3f, -7.0f}) put_f32(data, v);
  const std::uint16_t halves[] = {0x3C00, 0xC000, 0x3800};  // 1, -2, 0.5
  for (std::uint16_t h : halves) put_u16(data, h);
  const Bytes file = make_file(header, data);

  st::File f;
  std::string err = st::parse(f, file.data(), file.size()).message();
  REQUIRE_MESSAGE(err.empty(), err);
  REQUIRE(f.tensors.size() == 2);
  CHECK(f.data == file.data() + 8 + header.size());
  CHECK(f.data_size == 30);

  const st::TensorInfo& w = f.tensors[0];
  CHECK(w.name == "layers.0.linear1.weight");
  CHECK(w.dtype == st::DType::f32);
  CHECK(w.dtype_name == "F32");
  CHECK(w.shape == std::vector<std::int64_t>{2, 3});
  CHECK(w.numel == 6);
  CHECK(w.begin == 0);
  CHECK(w.end == 24);

  const st::TensorInfo& b = f.tensors[1];
  CHECK(b.name == "layers.0.linear1.bias");
  CHECK(b.dtype == st::DType::f16);
  CHECK(b.dtype_name == "F16");
  CHECK(b.shape == std::vector<std::int64_t>{3});
  CHECK(b.numel == 3);
  CHECK(b.begin == 24);
  CHECK(b.end == 30);

  REQUIRE(f.metadata.size() == 2);
  CHECK(f.metadata[0].first == "format");
  CHECK(f.metadata[0].second == "pt");
  CHECK(f.metadata[1].first == "source");
  CHECK(f.metadata[1].second == "normwave");

  CHECK(f.find("layers.0.linear1.weight") == &f.tensors[0]);
  CHECK(f.find("layers.0.linear1.bias") == &f.tensors[1]);
  CHECK(f.find("layers.0.linear2.weight") == nullptr);
  CHECK(f.find("") == nullptr);

  std::vector<float> wv(6), bv(3);
  err = st::to_float32(wv.data(), f, w).message();
  REQUIRE_MESSAGE(err.empty(), err);
  CHECK(wv == std::vector<float>{1.0f, -2.5f, 3.25f, 0.0f, 1e-3f, -7.0f});
  err = st::to_float32(bv.data(), f, b).message();
  REQUIRE_MESSAGE(err.empty(), err);
  CHECK(bv == std::vector<float>{1.0f, -2.0f, 0.5f});
}

TEST_CASE("safetensors: scalars, empty tensors and non-float dtypes") {
  const std::string header =
      "{\"scalar\":{\"dtype\":\"BF16\",\"shape\":[],\"data_offsets\":[0,2]},"
      "\"empty\":{\"dtype\":\"F32\",\"shape\":[0,5],\"data_offsets\":[2,2]},"
      "\"step\":{\"dtype\":\"I64\",\"shape\":[1],\"data_offsets\":[2,10]},"
      "\"mask\":{\"dtype\":\"BOOL\",\"shape\":[2],\"data_offsets\":[10,12]},"
      "\"d\":{\"dtype\":\"F64\",\"shape\":[1],\"data_offsets\":[12,20]},"
      "\"h\":{\"dtype\":\"U16\",\"shape\":[2],\"data_offsets\":[20,24]},"
      "\"q\":{\"dtype\":\"F8_E4M3\",\"shape\":[4],\"data_offsets\":[24,28]}}";
  Bytes data(28, 0);
  data[0] = 0x80;  // BF16 0x3F80 = 1.0
  data[1] = 0x3F;
  const Bytes file = make_file(header, data);

  st::File f;
  std::string err = st::parse(f, file.data(), file.size()).message();
  REQUIRE_MESSAGE(err.empty(), err);
  REQUIRE(f.tensors.size() == 7);

  const st::TensorInfo* scalar = f.find("scalar");
  REQUIRE(scalar != nullptr);
  CHECK(scalar->shape.empty());
  CHECK(scalar->numel == 1);
  float one = 0.0f;
  err = st::to_float32(&one, f, *scalar).message();
  REQUIRE_MESSAGE(err.empty(), err);
  CHECK(one == 1.0f);

  const st::TensorInfo* empty = f.find("empty");
  REQUIRE(empty != nullptr);
  CHECK(empty->numel == 0);
  CHECK(empty->begin == empty->end);
  CHECK(st::to_float32(nullptr, f, *empty).ok());

  for (const char* name : {"step", "mask", "d", "h", "q"}) {
    const st::TensorInfo* t = f.find(name);
    REQUIRE(t != nullptr);
    CHECK(t->dtype == st::DType::other);
  }
  CHECK(f.find("step")->dtype_name == "I64");

  float sink[8];
  err = st::to_float32(sink, f, *f.find("step")).message();
  CHECK_FALSE(err.empty());
  CHECK(err == "tensor \"step\" has dtype I64; only F32, F16 and BF16 can be loaded");
  err = st::to_float32(sink, f, *f.find("mask")).message();
  CHECK_FALSE(err.empty());
  CHECK(contains(err, "\"mask\""));
  CHECK(contains(err, "BOOL"));
}

TEST_CASE("safetensors: F16 edge values") {
  Bytes data;
  const std::uint16_t halves[] = {
      0x0000,  // +0
      0x8000,  // -0
      0x3C00,  // 1
      0xC000,  // -2
      0x7BFF,  // 65504, the largest finite half
      0x0400,  // 2^-14, the smallest normal
      0x0001,  // 2^-24, the smallest subnormal
      0x03FF,  // 1023 * 2^-24, the largest subnormal
      0x8001,  // -2^-24
      0x7C00,  // +inf
      0xFC00,  // -inf
      0x7E00,  // quiet NaN
      0x7C01,  // signalling NaN
      0xFE00,  // negative NaN
      0x3555,  // 0x1.554p-2 ≈ 1/3
  };
  for (std::uint16_t h : halves) put_u16(data, h);
  const std::vector<float> v = convert("F16", data, 2);
  REQUIRE(v.size() == 15);
  CHECK(bits_of(v[0]) == 0x00000000u);
  CHECK(bits_of(v[1]) == 0x80000000u);
  CHECK(v[2] == 1.0f);
  CHECK(v[3] == -2.0f);
  CHECK(v[4] == 65504.0f);
  CHECK(v[5] == std::ldexp(1.0f, -14));
  CHECK(v[6] == std::ldexp(1.0f, -24));
  CHECK(v[7] == std::ldexp(1023.0f, -24));
  CHECK(v[8] == -std::ldexp(1.0f, -24));
  CHECK(std::isinf(v[9]));
  CHECK(v[9] > 0);
  CHECK(std::isinf(v[10]));
  CHECK(v[10] < 0);
  CHECK(std::isnan(v[11]));
  CHECK(std::isnan(v[12]));
  CHECK(std::isnan(v[13]));
  CHECK(std::signbit(v[13]));
  CHECK(v[14] == 0x1.554p-2f);
}

TEST_CASE("safetensors: F16 conversion is exact for all 65536 values") {
  Bytes data;
  for (std::uint32_t h = 0; h < 65536; ++h) put_u16(data, static_cast<std::uint16_t>(h));
  const std::vector<float> v = convert("F16", data, 2);
  REQUIRE(v.size() == 65536);
  int mismatches = 0;
  std::uint32_t first_bad = 0;
  for (std::uint32_t h = 0; h < 65536; ++h) {
    const float ref = f16_reference(static_cast<std::uint16_t>(h));
    bool ok;
    if (std::isnan(ref)) {
      // A NaN keeps its sign and payload: the half's mantissa lands in the top of the float's.
      ok = bits_of(v[h]) == (((h & 0x8000u) << 16) | 0x7F800000u | ((h & 0x3FFu) << 13));
    } else {
      ok = bits_of(v[h]) == bits_of(ref);
    }
    if (!ok && mismatches++ == 0) first_bad = h;
  }
  INFO("first mismatching half: " << first_bad);
  CHECK(mismatches == 0);
}

TEST_CASE("safetensors: BF16 conversion") {
  Bytes data;
  const std::uint16_t bf16s[] = {0x3F80, 0xC000, 0x0000, 0x8000, 0x7F80,
                                 0xFF80, 0x7FC0, 0x0001, 0x3EAB, 0x7F7F};
  for (std::uint16_t h : bf16s) put_u16(data, h);
  const std::vector<float> v = convert("BF16", data, 2);
  REQUIRE(v.size() == 10);
  CHECK(v[0] == 1.0f);
  CHECK(v[1] == -2.0f);
  CHECK(bits_of(v[2]) == 0x00000000u);
  CHECK(bits_of(v[3]) == 0x80000000u);
  CHECK(std::isinf(v[4]));
  CHECK(v[4] > 0);
  CHECK(std::isinf(v[5]));
  CHECK(v[5] < 0);
  CHECK(std::isnan(v[6]));
  CHECK(bits_of(v[7]) == 0x00010000u);  // a float subnormal
  CHECK(bits_of(v[8]) == 0x3EAB0000u);
  CHECK(v[9] == 0x1.FEp+127f);
}

TEST_CASE("safetensors: buffers at any alignment") {
  const std::string header =
      "{\"a\":{\"dtype\":\"F32\",\"shape\":[3],\"data_offsets\":[0,12]},"
      "\"b\":{\"dtype\":\"F16\",\"shape\":[2],\"data_offsets\":[12,16]},"
      "\"c\":{\"dtype\":\"BF16\",\"shape\":[2],\"data_offsets\":[16,20]}}";
  Bytes data;
  for (float x : {0.5f, -1.5f, 1e30f}) put_f32(data, x);
  put_u16(data, 0x3C00);
  put_u16(data, 0xBC00);
  put_u16(data, 0x4040);
  put_u16(data, 0xC080);
  const Bytes file = make_file(header, data);

  for (std::size_t shift = 1; shift < 4; ++shift) {
    CAPTURE(shift);
    std::vector<std::uint8_t> buffer(file.size() + shift);
    std::memcpy(buffer.data() + shift, file.data(), file.size());
    st::File f;
    std::string err = st::parse(f, buffer.data() + shift, file.size()).message();
    REQUIRE_MESSAGE(err.empty(), err);
    REQUIRE(f.tensors.size() == 3);
    std::vector<float> a(3), b(2), c(2);
    err = st::to_float32(a.data(), f, f.tensors[0]).message();
    REQUIRE_MESSAGE(err.empty(), err);
    err = st::to_float32(b.data(), f, f.tensors[1]).message();
    REQUIRE_MESSAGE(err.empty(), err);
    err = st::to_float32(c.data(), f, f.tensors[2]).message();
    REQUIRE_MESSAGE(err.empty(), err);
    CHECK(a == std::vector<float>{0.5f, -1.5f, 1e30f});
    CHECK(b == std::vector<float>{1.0f, -1.0f});
    CHECK(c == std::vector<float>{3.0f, -4.0f});
  }
}

TEST_CASE("safetensors: JSON string escapes and UTF-8 names") {
  // "a\"b\\c\/d\b\f\n\r\t\u00e9\u4e2d\ud83d\ude00" and a raw UTF-8 "é" in the metadata.
  const std::string header =
      "{\"a\\\"b\\\\c\\/d\\b\\f\\n\\r\\t\\u00e9\\u4E2D\\ud83d\\ude00\":"
      "{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4]},"
      "\"__metadata__\":{\"caf\xC3\xA9\":\"\\u0041\\u00DF\"}}";
  Bytes data;
  put_f32(data, 2.0f);
  const Bytes file = make_file(header, data);
  st::File f;
  std::string err = st::parse(f, file.data(), file.size()).message();
  REQUIRE_MESSAGE(err.empty(), err);
  REQUIRE(f.tensors.size() == 1);
  CHECK(f.tensors[0].name == "a\"b\\c/d\b\f\n\r\t\xC3\xA9\xE4\xB8\xAD\xF0\x9F\x98\x80");
  REQUIRE(f.metadata.size() == 1);
  CHECK(f.metadata[0].first == "caf\xC3\xA9");
  CHECK(f.metadata[0].second == "A\xC3\x9F");

  // Names are echoed in messages with control characters escaped.
  float sink[1];
  st::TensorInfo t = f.tensors[0];
  t.dtype = st::DType::other;
  t.dtype_name = "I32";
  err = st::to_float32(sink, f, t).message();
  CHECK_FALSE(err.empty());
  CHECK(contains(err, "\\u000a"));
  CHECK_FALSE(contains(err, "\n"));
}

TEST_CASE("safetensors: empty header, padding and unknown keys") {
  SUBCASE("\"{}\" is a valid file with no tensors") {
    const Bytes file = make_file("{}");
    st::File f;
    std::string err = st::parse(f, file.data(), file.size()).message();
    REQUIRE_MESSAGE(err.empty(), err);
    CHECK(f.tensors.empty());
    CHECK(f.metadata.empty());
    CHECK(f.data_size == 0);
    CHECK(f.find("x") == nullptr);
  }
  SUBCASE("a header padded with trailing spaces, as writers do for 8-byte alignment") {
    std::string header = "{\"x\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4]}}";
    header.append(8 - header.size() % 8 + 5, ' ');
    Bytes data;
    put_f32(data, -3.0f);
    const Bytes file = make_file(header, data);
    st::File f;
    std::string err = st::parse(f, file.data(), file.size()).message();
    REQUIRE_MESSAGE(err.empty(), err);
    REQUIRE(f.tensors.size() == 1);
    CHECK(f.data_size == 4);
    float x = 0.0f;
    err = st::to_float32(&x, f, f.tensors[0]).message();
    REQUIRE_MESSAGE(err.empty(), err);
    CHECK(x == -3.0f);
  }
  SUBCASE("whitespace between all tokens") {
    const std::string header =
        " \t\r\n{ \"x\" : { \"shape\" : [ 2 , 1 ] , \"dtype\" : \"BF16\" ,"
        " \"data_offsets\" : [ 0 , 4 ] } , \"__metadata__\" : { } }\n ";
    const Bytes file = make_file(header, Bytes(4, 0));
    st::File f;
    std::string err = st::parse(f, file.data(), file.size()).message();
    REQUIRE_MESSAGE(err.empty(), err);
    REQUIRE(f.tensors.size() == 1);
    CHECK(f.tensors[0].shape == std::vector<std::int64_t>{2, 1});
  }
  SUBCASE("unknown keys in a tensor entry are skipped, whatever their value") {
    const std::string header =
        "{\"x\":{\"dtype\":\"F32\",\"extra\":{\"a\":[1,-2.5e-3,0,1E+9,true,false,null,\"s\"],"
        "\"b\":{}},\"shape\":[1],\"more\":[],\"data_offsets\":[0,4]}}";
    const Bytes file = make_file(header, Bytes(4, 0));
    st::File f;
    std::string err = st::parse(f, file.data(), file.size()).message();
    REQUIRE_MESSAGE(err.empty(), err);
    REQUIRE(f.tensors.size() == 1);
    CHECK(f.tensors[0].numel == 1);
  }
  SUBCASE("\"__metadata__\": null is no metadata, as the reference reads it") {
    const Bytes file = make_file("{\"__metadata__\":null}");
    st::File f;
    const std::string err = st::parse(f, file.data(), file.size()).message();
    REQUIRE_MESSAGE(err.empty(), err);
    CHECK(f.metadata.empty());
  }
}

TEST_CASE("safetensors: file and header length errors") {
  SUBCASE("shorter than 8 bytes") {
    const std::string err = parse_error(Bytes{1, 2, 3, 4, 5, 6, 7});
    CHECK(contains(err, "7 bytes"));
    CHECK(contains(err, "8-byte header length"));
    st::File f;
    std::string e;
    e = st::parse(f, nullptr, 0).message();
    CHECK_FALSE(e.empty());
    CHECK(contains(e, "0 bytes"));
  }
  SUBCASE("header length past the end of the file") {
    Bytes file = make_file_with_length(4096, "{}");
    file.resize(100, ' ');
    const std::string err = parse_error(file);
    CHECK(contains(err, "header length 4096 runs past the end of the 100-byte file"));
  }
  SUBCASE("header length one byte too long") {
    const std::string err = parse_error(make_file_with_length(3, "{}"));
    CHECK(contains(err, "header length 3"));
    CHECK(contains(err, "10-byte file"));
  }
  SUBCASE("absurd header lengths that would overflow if added to 8") {
    for (std::uint64_t n :
         {std::numeric_limits<std::uint64_t>::max(), std::numeric_limits<std::uint64_t>::max() - 7,
          std::uint64_t{1} << 63, std::uint64_t{1} << 32}) {
      CAPTURE(n);
      const std::string err = parse_error(make_file_with_length(n, "{}"));
      CHECK(contains(err, "header length " + std::to_string(n) +
                              " is over the format's limit of 100000000 bytes"));
    }
  }
  SUBCASE("a zero-length header") {
    const std::string err = parse_error(make_file_with_length(0, ""));
    CHECK(contains(err, "the header is empty"));
    CHECK(contains(parse_error(make_file(" \n ")), "the header is empty"));
  }
}

TEST_CASE("safetensors: malformed JSON says where") {
  SUBCASE("missing colon") {
    const std::string err = header_error("{\"a\":{\"dtype\" \"F32\"}}");
    CHECK(contains(err, "at byte 14 of the 21-byte header"));
    CHECK(contains(err, "expected ':'"));
  }
  SUBCASE("top level is not an object") {
    CHECK(contains(header_error("[]"), "must be a JSON object"));
    CHECK(contains(header_error("\"x\""), "must be a JSON object"));
  }
  SUBCASE("trailing comma") {
    const std::string err = header_error("{\"__metadata__\":{},}");
    CHECK(contains(err, "at byte 19"));
    CHECK(contains(err, "expected a tensor name"));
  }
  SUBCASE("missing comma between entries") {
    const std::string err = header_error("{\"__metadata__\":{} \"x\":{}}");
    CHECK(contains(err, "at byte 19"));
    CHECK(contains(err, "expected ',' or '}'"));
  }
  SUBCASE("truncated JSON") {
    const std::string err = header_error("{\"a\":{\"dtype\":\"F32\"");
    CHECK(contains(err, "at byte 19 of the 19-byte header"));
    CHECK(contains(err, "end of the header"));
  }
  SUBCASE("unterminated string points at its opening quote") {
    const std::string err = header_error("{\"abc");
    CHECK(contains(err, "at byte 1 of the 5-byte header"));
    CHECK(contains(err, "not terminated"));
  }
  SUBCASE("unquoted key") { CHECK(contains(header_error("{a:1}"), "expected a tensor name")); }
  SUBCASE("trailing garbage after the object") {
    const std::string err = header_error("{}  x");
    CHECK(contains(err, "at byte 4 of the 5-byte header"));
    CHECK(contains(err, "'x'"));
    CHECK(contains(err, "after the header's closing '}'"));
    CHECK(contains(header_error("{} {}"), "after the header's closing '}'"));
    CHECK(contains(header_error(std::string("{}\0", 3)), "byte 0x00"));
  }
  SUBCASE("bad string escapes") {
    const std::string prefix = "{\"x\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4],\"";
    auto err_for = [&](const std::string& key) {
      return parse_error(make_file(prefix + key + "\":1}}", Bytes(4, 0)));
    };
    CHECK(contains(err_for("\\x"), "invalid escape"));
    CHECK(contains(err_for("\\u12G4"), "4 hex digits"));
    CHECK(contains(err_for("\\udc00"), "lone low surrogate"));
    CHECK(contains(err_for("\\ud800x"), "low surrogate"));
    CHECK(contains(err_for("\\ud800\\u0041"), "low surrogate"));
    CHECK(contains(err_for("a\tb"), "control character"));
    CHECK(contains(err_for("\xC0\x80"), "invalid UTF-8"));          // overlong NUL
    CHECK(contains(err_for("\xED\xA0\x80"), "invalid UTF-8"));      // encoded surrogate
    CHECK(contains(err_for("\xF4\x90\x80\x80"), "invalid UTF-8"));  // above U+10FFFF
    CHECK(contains(err_for("\xFF"), "invalid UTF-8"));
    CHECK(contains(err_for("\xE2\x82"), "invalid UTF-8"));  // truncated sequence
  }
  SUBCASE("bad numbers and literals under unknown keys") {
    const std::string prefix =
        "{\"x\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4],\"k\":";
    auto err_for = [&](const std::string& value) {
      return parse_error(make_file(prefix + value + "}}", Bytes(4, 0)));
    };
    CHECK(contains(err_for("01"), "leading zeros"));
    CHECK(contains(err_for("1."), "after '.'"));
    CHECK(contains(err_for("1e"), "exponent"));
    CHECK(contains(err_for("-"), "expected a digit"));
    CHECK(contains(err_for("tru"), "expected a value"));
    CHECK(contains(err_for("nul"), "expected a value"));
    CHECK(contains(err_for("+1"), "expected a value"));
    CHECK(contains(err_for("[1,]"), "expected a value"));
    CHECK(contains(err_for("{\"a\" 1}"), "expected ':'"));
    CHECK(contains(err_for("[1 2]"), "expected ',' or ']'"));
  }
}

TEST_CASE("safetensors: schema errors name the tensor") {
  const Bytes four(4, 0);
  SUBCASE("missing fields") {
    std::string err = header_error(one_tensor("w", "\"shape\":[1],\"data_offsets\":[0,4]"), four);
    CHECK(contains(err, "tensor \"w\" is missing \"dtype\""));
    err = header_error(one_tensor("w", "\"dtype\":\"F32\",\"data_offsets\":[0,4]"), four);
    CHECK(contains(err, "tensor \"w\" is missing \"shape\""));
    err = header_error(one_tensor("w", "\"dtype\":\"F32\",\"shape\":[1]"), four);
    CHECK(contains(err, "tensor \"w\" is missing \"data_offsets\""));
    err = header_error(one_tensor("w", ""));
    CHECK(contains(err, "tensor \"w\" is missing \"dtype\", \"shape\" and \"data_offsets\""));
  }
  SUBCASE("fields of the wrong kind") {
    std::string err = header_error("{\"w\":[1,2]}");
    CHECK(contains(err, "tensor \"w\" must be an object"));
    CHECK(contains(err, "found an array"));
    err = header_error(one_tensor("w", "\"dtype\":4,\"shape\":[1],\"data_offsets\":[0,4]"), four);
    CHECK(contains(err, "tensor \"w\": \"dtype\" must be a string, found a number"));
    err =
        header_error(one_tensor("w", "\"dtype\":\"F32\",\"shape\":1,\"data_offsets\":[0,4]"), four);
    CHECK(contains(err, "tensor \"w\": shape must be an array"));
    err = header_error(one_tensor("w", "\"dtype\":\"F32\",\"shape\":[2,-1],\"data_offsets\":[0,4]"),
                       four);
    CHECK(contains(err, "tensor \"w\": shape[1] must be a non-negative integer, found \"-1\""));
    err = header_error(one_tensor("w", "\"dtype\":\"F32\",\"shape\":[1.0],\"data_offsets\":[0,4]"),
                       four);
    CHECK(contains(err, "shape[0] must be a non-negative integer, found \"1.0\""));
    err = header_error(
        one_tensor("w", "\"dtype\":\"F32\",\"shape\":[\"1\"],\"data_offsets\":[0,4]"), four);
    CHECK(contains(err, "shape[0] must be a non-negative integer, found a string"));
    err = header_error(one_tensor("w", "\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":null"),
                       four);
    CHECK(contains(err, "tensor \"w\": data_offsets must be an array"));
    CHECK(contains(err, "found null"));
  }
  SUBCASE("data_offsets must have exactly two entries") {
    std::string err = header_error(
        one_tensor("w", "\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4,8]"), four);
    CHECK(contains(err, "tensor \"w\": data_offsets must have exactly 2 entries"));
    CHECK(contains(err, "found 3"));
    err =
        header_error(one_tensor("w", "\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[4]"), four);
    CHECK(contains(err, "found 1"));
  }
  SUBCASE("unknown dtype") {
    const std::string err = header_error(
        one_tensor("w", "\"dtype\":\"Q4_K\",\"shape\":[1],\"data_offsets\":[0,4]"), four);
    CHECK(contains(err, "tensor \"w\" has unknown dtype \"Q4_K\""));
    CHECK(contains(err, "BF16"));
    CHECK(contains(header_error(one_tensor("w",
                                           "\"dtype\":\"f32\",\"shape\":[1],"
                                           "\"data_offsets\":[0,4]"),
                                four),
                   "unknown dtype \"f32\""));
  }
  SUBCASE("begin after end") {
    const std::string err = header_error(
        one_tensor("w", "\"dtype\":\"U8\",\"shape\":[0],\"data_offsets\":[8,4]"), Bytes(8, 0));
    CHECK(contains(err, "tensor \"w\" has data_offsets [8, 4]: begin is after end"));
  }
  SUBCASE("end past the data section") {
    const std::string err = header_error(
        one_tensor("big", "\"dtype\":\"F32\",\"shape\":[100],\"data_offsets\":[0,400]"),
        Bytes(8, 0));
    CHECK(contains(err, "tensor \"big\""));
    CHECK(contains(err, "[0, 400]"));
    CHECK(contains(err, "8-byte data section"));
  }
  SUBCASE("offsets near 2^64 do not wrap") {
    const std::string err =
        header_error(one_tensor("w",
                                "\"dtype\":\"U8\",\"shape\":[4],"
                                "\"data_offsets\":[18446744073709551612,18446744073709551615]"),
                     four);
    CHECK(contains(err, "past the end of the 4-byte data section"));
    CHECK(contains(header_error(one_tensor("w",
                                           "\"dtype\":\"U8\",\"shape\":[4],"
                                           "\"data_offsets\":[0,18446744073709551616]"),
                                four),
                   "is too large"));
  }
  SUBCASE("byte length does not match the shape and dtype") {
    const std::string err =
        header_error(one_tensor("layers.0.norm1.weight",
                                "\"dtype\":\"F32\",\"shape\":[2,3],\"data_offsets\":[0,20]"),
                     Bytes(24, 0));
    CHECK(contains(err, "tensor \"layers.0.norm1.weight\""));
    CHECK(contains(err, "[2, 3]"));
    CHECK(contains(err, "6 elements of F32"));
    CHECK(contains(err, "24 bytes"));
    CHECK(contains(err, "span 20 bytes"));
  }
  SUBCASE("element count overflow") {
    std::string err =
        header_error(one_tensor("w",
                                "\"dtype\":\"F32\",\"shape\":[4294967296,4294967296,2],"
                                "\"data_offsets\":[0,4]"),
                     four);
    CHECK(contains(err, "tensor \"w\""));
    CHECK(contains(err, "overflows"));
    err = header_error(
        one_tensor("w", "\"dtype\":\"F64\",\"shape\":[4611686018427387904],\"data_offsets\":[0,4]"),
        four);
    CHECK(contains(err, "overflows"));
    err = header_error(
        one_tensor("w", "\"dtype\":\"F32\",\"shape\":[9223372036854775808],\"data_offsets\":[0,4]"),
        four);
    CHECK(contains(err, "shape[0] = 9223372036854775808 is too large"));
    err = header_error(
        one_tensor("w",
                   "\"dtype\":\"F32\",\"shape\":[99999999999999999999],\"data_offsets\":[0,4]"),
        four);
    CHECK(contains(err, "is too large"));
  }
  SUBCASE("a zero dimension makes the tensor empty even beside huge ones") {
    const Bytes file = make_file(one_tensor("w",
                                            "\"dtype\":\"F32\",\"shape\":[4294967296,4294967296,0],"
                                            "\"data_offsets\":[0,0]"));
    st::File f;
    std::string err = st::parse(f, file.data(), file.size()).message();
    REQUIRE_MESSAGE(err.empty(), err);
    CHECK(f.tensors[0].numel == 0);
  }
  SUBCASE("duplicates") {
    const std::string t = "{\"dtype\":\"U8\",\"shape\":[1],\"data_offsets\":[0,1]}";
    std::string err = header_error("{\"a\":" + t + ",\"b\":" + t + ",\"a\":" + t + "}", four);
    CHECK(contains(err, "tensor \"a\" appears twice"));
    // The same name spelled with an escape is still the same name.
    err = header_error("{\"a\":" + t + ",\"\\u0061\":" + t + "}", four);
    CHECK(contains(err, "tensor \"a\" appears twice"));
    err = header_error(one_tensor("w",
                                  "\"dtype\":\"U8\",\"dtype\":\"U8\",\"shape\":[1],"
                                  "\"data_offsets\":[0,1]"),
                       four);
    CHECK(contains(err, "tensor \"w\" has \"dtype\" twice"));
    err = header_error("{\"__metadata__\":{},\"__metadata__\":{}}");
    CHECK(contains(err, "\"__metadata__\" twice"));
    err = header_error("{\"__metadata__\":{\"k\":\"1\",\"j\":\"2\",\"k\":\"3\"}}");
    CHECK(contains(err, "metadata key \"k\" appears twice"));
  }
  SUBCASE("metadata must map strings to strings") {
    std::string err = header_error("{\"__metadata__\":{\"epoch\":3}}");
    CHECK(contains(err, "metadata \"epoch\" must be a string, found a number"));
    err = header_error("{\"__metadata__\":[]}");
    CHECK(contains(err, "\"__metadata__\" must be an object of strings, found an array"));
  }
  SUBCASE("long hostile names are cut in messages") {
    const std::string name(5000, 'n');
    const std::string err = header_error(one_tensor(name, ""));
    CHECK(contains(err, "...\""));
    CHECK(err.size() < 400);
  }
}

TEST_CASE("safetensors: deep nesting cannot exhaust the stack") {
  SUBCASE("100000 open brackets as the whole header") {
    const std::string err = header_error(std::string(100000, '['));
    CHECK(contains(err, "must be a JSON object"));
  }
  SUBCASE("100000 open brackets under an unknown key") {
    const std::string err =
        header_error("{\"x\":{\"dtype\":\"F32\",\"k\":" + std::string(100000, '['), Bytes(4, 0));
    CHECK(contains(err, "nesting is deeper than 64 levels"));
  }
  SUBCASE("100000 nested objects under an unknown key") {
    std::string header = "{\"x\":{\"k\":";
    for (int i = 0; i < 100000; ++i) header += "{\"k\":";
    const std::string err = header_error(header);
    CHECK(contains(err, "nesting is deeper than 64 levels"));
  }
  SUBCASE("the limit counts the header's own two levels") {
    auto header = [](std::size_t depth) {
      return "{\"x\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4],\"k\":" +
             std::string(depth, '[') + std::string(depth, ']') + "}}";
    };
    const Bytes ok = make_file(header(62), Bytes(4, 0));
    st::File f;
    std::string err = st::parse(f, ok.data(), ok.size()).message();
    CHECK_MESSAGE(err.empty(), err);
    CHECK(contains(header_error(header(63), Bytes(4, 0)), "deeper than 64"));
  }
}

TEST_CASE("safetensors: to_float32 rechecks a TensorInfo that did not come from parse") {
  const Bytes file = make_file(
      one_tensor("w", "\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8]"), Bytes(8, 0));
  st::File f;
  std::string err = st::parse(f, file.data(), file.size()).message();
  REQUIRE_MESSAGE(err.empty(), err);
  float out[4];
  st::TensorInfo t = f.tensors[0];
  t.end = 16;
  t.numel = 4;
  err = st::to_float32(out, f, t).message();
  CHECK_FALSE(err.empty());
  CHECK(contains(err, "tensor \"w\""));
  CHECK(contains(err, "8-byte data section"));
  t = f.tensors[0];
  t.numel = 3;
  err = st::to_float32(out, f, t).message();
  CHECK_FALSE(err.empty());
  t = f.tensors[0];
  err = st::to_float32(nullptr, f, t).message();
  CHECK_FALSE(err.empty());
  CHECK(contains(err, "no output buffer"));
}

TEST_CASE("safetensors: random corruption never reads out of bounds") {
  const std::string header =
      "{\"__metadata__\":{\"format\":\"pt\"},"
      "\"a\":{\"dtype\":\"F32\",\"shape\":[2,2],\"data_offsets\":[0,16]},"
      "\"b\":{\"dtype\":\"F16\",\"shape\":[3],\"data_offsets\":[16,22],\"x\":[[1],{\"y\":null}]},"
      "\"c\":{\"dtype\":\"BF16\",\"shape\":[1],\"data_offsets\":[22,24]},"
      "\"d\":{\"dtype\":\"I32\",\"shape\":[],\"data_offsets\":[24,28]}}  ";
  Bytes data;
  for (int i = 0; i < 28; ++i) data.push_back(static_cast<std::uint8_t>(i * 37));
  const Bytes valid = make_file(header, data);

  // Raw mt19937 output (not a distribution) so every platform sees the same mutations.
  std::mt19937 rng(20240611u);
  int accepted = 0, rejected = 0;
  for (int iter = 0; iter < 2000; ++iter) {
    Bytes file = valid;
    const std::uint32_t kind = rng() % 4;
    if (kind == 0 || kind == 2) {
      const std::uint32_t flips = 1 + rng() % 4;
      for (std::uint32_t i = 0; i < flips; ++i) {
        // Mostly hit the length prefix and the header, where the parser looks.
        const std::size_t span = rng() % 4 ? 8 + header.size() : file.size();
        file[rng() % span] ^= static_cast<std::uint8_t>(1 + rng() % 255);
      }
    }
    if (kind == 1 || kind == 2) file.resize(rng() % (file.size() + 1));
    if (kind == 3) {
      // Rewriting digits keeps the JSON well formed, so the shape and offset checks
      // (not the syntax checks) have to catch the damage.
      const std::uint32_t edits = 1 + rng() % 3;
      for (std::uint32_t i = 0; i < edits; ++i) {
        const std::size_t at = 8 + rng() % header.size();
        if (file[at] >= '0' && file[at] <= '9') {
          file[at] = static_cast<std::uint8_t>('0' + rng() % 10);
        }
      }
    }

    // A fresh heap copy of exactly file.size() bytes, so ASan catches any read past the end.
    std::vector<std::uint8_t> exact(file.begin(), file.end());
    st::File f;
    std::string err = st::parse(f, exact.data(), exact.size()).message();
    if (!err.empty()) {
      ++rejected;
      if (err.empty()) CHECK_MESSAGE(false, "empty error message at iteration " << iter);
      continue;
    }
    ++accepted;
    bool in_bounds = f.data >= exact.data() && f.data + f.data_size == exact.data() + exact.size();
    for (const st::TensorInfo& t : f.tensors) {
      in_bounds = in_bounds && t.begin <= t.end && t.end <= f.data_size;
      if (!in_bounds) break;
      if (t.dtype != st::DType::other) {
        std::vector<float> out(t.numel);
        err = st::to_float32(out.data(), f, t).message();
        if (!err.empty()) {
          CHECK_MESSAGE(false, "to_float32 failed at iteration " << iter << ": " << err);
        }
      }
    }
    if (!in_bounds) CHECK_MESSAGE(false, "tensor out of bounds at iteration " << iter);
  }
  INFO("accepted " << accepted << ", rejected " << rejected);
  CHECK(accepted > 0);
  CHECK(rejected > 0);
}

// --- the format's own rules, the dimension cap, bounded memory --------------------------------

namespace {

// One tensor entry of a generated header.
struct Entry {
  std::string name;  // already JSON (escapes as written)
  std::string dtype;
  std::vector<std::uint64_t> shape;
  std::size_t bytes;  // its byte length
};

// A valid file: the entries in the given order, their data tiling the data section in that
// order, then the metadata pairs (already JSON). extra goes inside each tensor object.
Bytes build(const std::vector<Entry>& entries,
            const std::vector<std::pair<std::string, std::string>>& metadata = {},
            const std::string& ws = "", const std::string& extra = "") {
  std::string h = "{" + ws;
  std::size_t offset = 0;
  bool first = true;
  for (const Entry& e : entries) {
    h += (first ? "" : "," + ws) + std::string("\"") + e.name + "\":" + ws + "{\"dtype\":\"" +
         e.dtype + "\"," + extra + "\"shape\":[";
    for (std::size_t i = 0; i < e.shape.size(); ++i)
      h += (i ? "," : "") + std::to_string(e.shape[i]);
    h += "],\"data_offsets\":[" + std::to_string(offset) + "," + std::to_string(offset + e.bytes) +
         "]}";
    offset += e.bytes;
    first = false;
  }
  if (!metadata.empty()) {
    h += std::string(first ? "" : ",") + "\"__metadata__\":{";
    for (std::size_t i = 0; i < metadata.size(); ++i) {
      h += (i ? "," : "") + std::string("\"") + metadata[i].first + "\":\"" + metadata[i].second +
           "\"";
    }
    h += "}";
  }
  h += ws + "}";
  return make_file(h, Bytes(offset, 0));
}

std::size_t header_size(const Bytes& file) {
  std::size_t n = 0;
  for (int i = 7; i >= 0; --i) n = (n << 8) | file[static_cast<std::size_t>(i)];
  return n;
}

// Parses file under a Meter: the peak must stay inside parse_work_bytes(header size), and
// nothing may stay allocated once the File is gone. Returns the peak over the header size.
double check_bound(const Bytes& file, bool valid) {
  const std::size_t n = header_size(file);
  const std::size_t bound = st::parse_work_bytes(n);
  std::size_t peak, live;
  bool accepted;
  char message[256] = {};  // no allocation inside the Meter but the parser's
  {
    alloc_meter::Meter m;
    {
      st::File f;
      const std::string err = st::parse(f, file.data(), file.size()).message();
      accepted = err.empty();
      err.copy(message, sizeof message - 1);
    }
    peak = m.peak();
    live = m.live();
  }
  CAPTURE(n);
  if (valid) CHECK_MESSAGE(accepted, message);
  CHECK(peak <= bound);
  CHECK(live == 0);
  return static_cast<double>(peak) / static_cast<double>(n);
}

}  // namespace

TEST_CASE(
    "safetensors: the format's rules (a header over 100,000,000 bytes, overlapping, gapped and "
    "trailing data are refused)") {
  SUBCASE("a header length over 100,000,000 bytes is refused before anything else") {
    // Only the 8-byte length is needed: the limit is checked before the file's size.
    std::string err = parse_error(make_file_with_length(100000001, "{}"));
    CHECK(contains(err, "header length 100000001 is over the format's limit of 100000000 bytes"));
    // 100,000,000 itself is allowed (here it runs past the end of this short file instead).
    err = parse_error(make_file_with_length(100000000, "{}"));
    CHECK(contains(err, "header length 100000000 runs past the end of the 10-byte file"));
    CHECK(st::check_header_length(100000001, 200000000).message() ==
          "header length 100000001 is over the format's limit of 100000000 bytes");
    CHECK(st::check_header_length(100000000, 100000008).ok());
    CHECK(st::parse_work_bytes(100000001) == 0);
  }
  SUBCASE("overlapping byte ranges") {
    const std::string err = header_error(
        "{\"a\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8]},"
        "\"b\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[4,12]}}",
        Bytes(12, 0));
    CHECK(contains(err,
                   "tensor \"b\" has data_offsets [4, 12], which overlap tensor \"a\"'s [0, 8]"));
    CHECK(contains(err, "no overlap and no gap"));
    // Two tensors on the same non-empty range overlap too.
    CHECK(contains(header_error("{\"a\":{\"dtype\":\"U8\",\"shape\":[4],\"data_offsets\":[0,4]},"
                                "\"b\":{\"dtype\":\"I8\",\"shape\":[4],\"data_offsets\":[0,4]}}",
                                Bytes(4, 0)),
                   "which overlap"));
  }
  SUBCASE("a gap between two tensors") {
    const std::string err = header_error(
        "{\"b\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[8,12]},"
        "\"a\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4]}}",
        Bytes(12, 0));
    CHECK(contains(err,
                   "tensor \"b\" has data_offsets [8, 12] but the tensor before it by offset, "
                   "tensor \"a\" [0, 4], ends at byte 4: bytes [4, 8) of the data section belong "
                   "to no tensor"));
  }
  SUBCASE("the first tensor must start at byte 0") {
    const std::string err = header_error(
        one_tensor("w", "\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[4,8]"), Bytes(8, 0));
    CHECK(contains(
        err,
        "tensor \"w\" has data_offsets [4, 8] but it is the first tensor by offset: bytes [0, 4)"));
  }
  SUBCASE("data after the last tensor") {
    std::string err = header_error(
        one_tensor("x", "\"dtype\":\"U8\",\"shape\":[2],\"data_offsets\":[0,2]"), Bytes(10, 7));
    CHECK(contains(
        err,
        "the last tensor by offset, tensor \"x\" [0, 2], ends at byte 2 but the data section has "
        "10 bytes: bytes [2, 10) belong to no tensor"));
    err = header_error("{}", Bytes(3, 0));
    CHECK(
        contains(err, "the header lists no tensor but the data section has 3 bytes: bytes [0, 3)"));
  }
  SUBCASE("header order does not matter, and empty tensors may sit at any boundary") {
    const Bytes file = make_file(
        "{\"c\":{\"dtype\":\"F32\",\"shape\":[0],\"data_offsets\":[12,12]},"
        "\"b\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[4,12]},"
        "\"e\":{\"dtype\":\"F32\",\"shape\":[3,0],\"data_offsets\":[4,4]},"
        "\"z\":{\"dtype\":\"U8\",\"shape\":[0],\"data_offsets\":[0,0]},"
        "\"a\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4]}}",
        Bytes(12, 0));
    st::File f;
    const std::string err = st::parse(f, file.data(), file.size()).message();
    CHECK_MESSAGE(err.empty(), err);
    CHECK(f.tensors.size() == 5);
    // An empty tensor inside another one's range is an overlap (the reference agrees).
    CHECK(contains(header_error("{\"a\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8]},"
                                "\"e\":{\"dtype\":\"F32\",\"shape\":[0],\"data_offsets\":[4,4]}}",
                                Bytes(8, 0)),
                   "tensor \"e\" has data_offsets [4, 4], which overlap tensor \"a\"'s [0, 8]"));
  }
  SUBCASE("sub-byte dtypes: a whole number of bytes, or refused") {
    const Bytes ok = build({{"f4", "F4", {4}, 2},
                            {"f6", "F6_E2M3", {4}, 3},
                            {"c", "C64", {1}, 8},
                            {"e", "F8_E8M0", {2}, 2}});
    st::File f;
    const std::string err = st::parse(f, ok.data(), ok.size()).message();
    REQUIRE_MESSAGE(err.empty(), err);
    CHECK(f.find("f4")->dtype == st::DType::other);
    CHECK(f.find("f6")->dtype_name == "F6_E2M3");
    const std::string odd = header_error(
        one_tensor("w", "\"dtype\":\"F4\",\"shape\":[3],\"data_offsets\":[0,2]"), Bytes(2, 0));
    CHECK(contains(odd,
                   "tensor \"w\" has shape [3] = 3 elements of F4 (4 bits each) = 12 bits, not a "
                   "whole number of bytes"));
  }
  SUBCASE("leading whitespace before '{' is allowed, as the reference allows it") {
    const Bytes file = make_file("\t\n {}");
    st::File f;
    CHECK(st::parse(f, file.data(), file.size()).ok());
  }
}

TEST_CASE(
    "safetensors: a shape has at most 64 dimensions (67,108,865 dimensions are refused, not an "
    "abort of the module)") {
  auto dims = [](std::size_t n) {
    std::string s;
    for (std::size_t i = 0; i < n; ++i) s += i ? ",1" : "1";
    return s;
  };
  const Bytes ok = make_file(
      one_tensor("t", "\"dtype\":\"F32\",\"shape\":[" + dims(64) + "],\"data_offsets\":[0,4]"),
      Bytes(4, 0));
  st::File f;
  std::string err = st::parse(f, ok.data(), ok.size()).message();
  REQUIRE_MESSAGE(err.empty(), err);
  CHECK(f.tensors[0].shape.size() == 64);

  err = header_error(
      one_tensor("t", "\"dtype\":\"F32\",\"shape\":[" + dims(65) + "],\"data_offsets\":[0,4]"),
      Bytes(4, 0));
  CHECK(contains(err, "tensor \"t\": shape has more than 64 dimensions"));

  // A million dimensions (a 2 MB header) are refused in the first pass, before any allocation
  // but the message's.
  const Bytes big = make_file(
      one_tensor("t", "\"dtype\":\"F32\",\"data_offsets\":[0,4],\"shape\":[" + dims(1000000) + "]"),
      Bytes(4, 0));
  std::size_t peak;
  {
    alloc_meter::Meter m;
    st::File g;
    err = st::parse(g, big.data(), big.size()).message();
    peak = m.peak();
  }
  CHECK(contains(err, "more than 64 dimensions"));
  CHECK(peak <= st::kMessageBytes);

  // A header of 67,108,865 dimensions takes over 128 MiB (2 bytes each): its length alone, read
  // from the first 8 bytes, refuses it.
  CHECK(contains(parse_error(make_file_with_length(134217782, "{}")),
                 "header length 134217782 is over the format's limit"));
}

TEST_CASE(
    "safetensors: parse stays inside parse_work_bytes for random and adversarial headers (some "
    "need 16-20x the header's bytes, more than a flat 12x)") {
  // The Meter sees the parser's allocations (a bound that is never approached proves nothing).
  {
    const Bytes file = build({{"a.long.tensor.name.beyond.any.sso", "F32", {1, 2, 3}, 24}});
    alloc_meter::Meter m;
    st::File f;
    CHECK(st::parse(f, file.data(), file.size()).ok());
    CHECK(m.blocks() >= 3);  // tensors, strings, a shape, the order index
    CHECK(m.peak() >= sizeof(st::TensorInfo) + 3 * sizeof(std::int64_t));
  }

  double worst = 0;
  const auto track = [&](const Bytes& file, bool valid) {
    worst = std::max(worst, check_bound(file, valid));
  };

  SUBCASE("adversarial shapes of header") {
    std::vector<Entry> scalars, vectors, deep, long_names, escaped;
    for (int i = 0; i < 3000; ++i) {
      const std::string n = std::to_string(i);
      scalars.push_back({n, "U8", {}, 1});
      vectors.push_back({n, "U8", {1}, 1});
      deep.push_back({n, "U8", std::vector<std::uint64_t>(64, 1), 1});
      long_names.push_back({std::string(40, 'n') + n, "U8", {}, 1});
      escaped.push_back({"\\u00e9\\ud83d\\ude00" + n, "U8", {}, 1});
    }
    track(build(scalars), true);
    track(build(vectors), true);
    track(build(deep), true);
    track(build(long_names), true);
    track(build(escaped), true);
    std::vector<std::pair<std::string, std::string>> meta;
    for (int i = 0; i < 20000; ++i) meta.emplace_back(std::to_string(i), "");
    track(build({}, meta), true);
    // Refused only after everything was stored: a duplicate name, a gap, trailing data.
    std::vector<Entry> dup = vectors;
    dup.push_back({"0", "U8", {1}, 1});
    track(build(dup), false);
    Bytes gapped = build(deep);
    gapped.push_back(0);
    track(gapped, false);
  }
  SUBCASE("random headers") {
    std::mt19937 rng(1301u);
    for (int iter = 0; iter < 200; ++iter) {
      std::vector<Entry> entries;
      const std::uint32_t count = rng() % 200;
      for (std::uint32_t i = 0; i < count; ++i) {
        std::string name =
            std::to_string(i) + std::string(rng() % 30, static_cast<char>('a' + rng() % 26));
        if (rng() % 4 == 0) name += "\\n\\u4e2d";
        std::vector<std::uint64_t> shape(rng() % 6);
        std::size_t numel = 1;
        for (auto& d : shape) numel *= (d = rng() % 4);
        const char* dtypes[] = {"F32", "F16", "BF16", "U8", "I64"};
        const std::size_t sizes[] = {4, 2, 2, 1, 8};
        const std::uint32_t k = rng() % 5;
        entries.push_back({name, dtypes[k], shape, numel * sizes[k]});
      }
      std::vector<std::pair<std::string, std::string>> meta;
      const std::uint32_t pairs = rng() % 20;
      for (std::uint32_t i = 0; i < pairs; ++i)
        meta.emplace_back("k" + std::to_string(i), std::string(rng() % 50, 'v'));
      const std::string ws = rng() % 2 ? " \n" : "";
      const std::string extra = rng() % 3 ? "" : "\"x\":[1,{\"y\":null}],";
      Bytes file = build(entries, meta, ws, extra);
      const bool corrupt = rng() % 4 == 0;
      if (corrupt && file.size() > 8) file[8 + rng() % (file.size() - 8)] ^= 0x20;
      track(file, !corrupt);
    }
  }
  MESSAGE("most memory per header byte: " << worst << " (the bound allows "
                                          << st::parse_work_bytes(1000000) / 1e6
                                          << " for a 1 MB header)");
}

TEST_CASE(
    "safetensors: one allocation costs at most kAllocOverhead beyond its size here (the bounds' "
    "assumption)") {
#if defined(__SANITIZE_ADDRESS__)
  MESSAGE("skipped under AddressSanitizer: its mallinfo reports nothing");
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
  MESSAGE("skipped under AddressSanitizer: its mallinfo reports nothing");
#define NW_SKIP_MALLINFO
#endif
#endif
#if !defined(__SANITIZE_ADDRESS__) && !defined(NW_SKIP_MALLINFO)
  const auto used = [] {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    return static_cast<std::size_t>(mallinfo2().uordblks);
#else
    return static_cast<std::size_t>(mallinfo().uordblks);
#endif
  };
  for (std::size_t r : {1u, 8u, 15u, 16u, 17u, 24u, 100u, 1000u, 4095u, 65536u, 1000000u}) {
    CAPTURE(r);
    std::vector<void*> blocks;
    const std::size_t before = used();
    for (int i = 0; i < 16; ++i) blocks.push_back(std::malloc(r));
    const std::size_t grew = used() - before;
    for (void* p : blocks) std::free(p);
    CHECK(grew >= 8 * r);  // glibc's tcache may hand back up to 7 blocks it already counts as used
    CHECK(grew <= 16 * (r + st::kAllocOverhead));
  }
#endif
}
