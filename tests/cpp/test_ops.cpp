// The op table (cpp/include/normwave/ops.hpp): ids that never move, and the committed fuzz seeds
// that depend on them. tests/js/ops.test.mjs checks the other side: bindings, parity checks and
// every header function in some row.
#include <doctest/doctest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

#include "normwave/ops.hpp"

namespace nw = normwave;

namespace {

const std::string kSeeds = std::string(NORMWAVE_GOLDEN_DIR) + "/../fuzz/corpus/fuzz_kernels/";

std::vector<std::uint8_t> read(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

// The op a committed fuzz_kernels seed runs: FuzzedDataProvider reads integers from the end, so
// its last byte (an empty input reads as 0).
const nw::OpInfo* op_of(const std::string& file) {
  const std::vector<std::uint8_t> bytes = read(kSeeds + file);
  return nw::fuzz_op(bytes.empty() ? 0 : bytes.back());
}

}  // namespace

TEST_CASE("op ids are stable: the first eight are those the fuzz seeds were found with") {
  const char* first[] = {"layer_norm", "rms_norm", "batch_norm", "positional_encoding",
                         "linear",     "softmax",  "attention",  "encoder"};
  for (int id = 0; id < 8; ++id) CHECK(std::string(nw::kOps[id].name) == first[id]);
  CHECK(nw::fuzz_op(nw::kOpCount) == nullptr);
  CHECK(nw::fuzz_op(255) == nullptr);
}

namespace {
// The space-separated words of a column.
std::vector<std::string> words(const char* column) {
  std::vector<std::string> out;
  std::string word;
  for (const char* at = column;; ++at) {
    if (*at && *at != ' ') {
      word += *at;
      continue;
    }
    if (!word.empty()) out.push_back(word);
    word.clear();
    if (!*at) return out;
  }
}
}  // namespace

TEST_CASE(
    "op table rows: unique names, bindings, api methods and parity keys; every row covers a "
    "kernel") {
  std::set<std::string> names, bindings, api, parity;
  for (const nw::OpInfo& o : nw::kOps) {
    CAPTURE(o.name);
    CHECK(names.insert(o.name).second);
    for (const std::string& b : words(o.bindings)) {
      CHECK(bindings.insert(b).second);
      CHECK(nw::lists(o.bindings, b.c_str()));
    }
    for (const std::string& m : words(o.api)) CHECK(api.insert(m).second);
    if (o.parity[0]) CHECK(parity.insert(o.parity).second);
    CHECK(!words(o.kernels).empty());
    CHECK(nw::fuzz_op(static_cast<std::uint8_t>(o.op)) == &o);
    // JavaScript reaches a row through its bindings; a row no module links has none, nor methods.
    CHECK((o.transport == nw::Transport::none) == words(o.bindings).empty());
    if (o.module == nw::Module::native) CHECK((words(o.bindings).empty() && words(o.api).empty()));
  }
}

TEST_CASE("lists() finds whole words only") {
  CHECK(nw::lists("linear linearWorkspaceFloats", "linear"));
  CHECK(nw::lists("linear linearWorkspaceFloats", "linearWorkspaceFloats"));
  CHECK_FALSE(nw::lists("linearBackward", "linear"));
  CHECK_FALSE(nw::lists("linear", "linearBackward"));
  CHECK_FALSE(nw::lists("", "linear"));
  CHECK_FALSE(nw::lists("a b", ""));
}

// libFuzzer found three crashes (tests/fuzz/README.md); their inputs are seeds that must keep
// running the op they broke, whatever rows are added. The last byte of each holds its op's id
// (6, 2 and 3) and the rest is the input libFuzzer found, so each op reads the bytes that crashed
// it.
TEST_CASE("the three regression seeds libFuzzer found target the op they crashed") {
  CHECK(std::string(op_of("regression-attention-empty-sequence.bin")->name) == "attention");
  CHECK(std::string(op_of("regression-batch_norm-zero-rows.bin")->name) == "batch_norm");
  CHECK(std::string(op_of("regression-positional_encoding-outside-unit-interval.bin")->name) ==
        "positional_encoding");
}

TEST_CASE("every committed fuzz_kernels seed names the op it runs: [regression-]<op>-<what>.bin") {
  int seeds = 0;
  std::set<std::string> covered;
  for (const auto& entry : std::filesystem::directory_iterator(kSeeds)) {
    std::string file = entry.path().filename().string();
    CAPTURE(file);
    const nw::OpInfo* op = op_of(file);
    REQUIRE(op != nullptr);  // a last byte that names no op would be rejected by the target
    const std::string stem = file.rfind("regression-", 0) == 0 ? file.substr(11) : file;
    CHECK(stem.rfind(std::string(op->name) + "-", 0) == 0);
    covered.insert(op->name);
    ++seeds;
  }
  MESSAGE(seeds << " seeds cover " << covered.size() << " of " << nw::kOpCount << " ops");
  // tests/fuzz/make_corpus.mjs writes seeds for every row.
  CHECK(covered.size() == nw::kOpCount);
}
