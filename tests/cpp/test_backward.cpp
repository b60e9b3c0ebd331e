// Backward kernels: the SIMD path against its ref twin at sizes around the vector width, the ref
// kernels against float64 central differences, and the promises each header makes (outputs are
// added into, masked keys and fully masked rows give zeros, bad tokens/targets are refused).
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "grad_check.hpp"
#include "normwave/attention.hpp"
#include "normwave/embedding.hpp"
#include "normwave/linear.hpp"
#include "normwave/loss.hpp"
#include "normwave/norms.hpp"
#include "normwave/optim.hpp"
#include "normwave/softmax.hpp"
#include "util.hpp"

namespace nw = normwave;
using gradcheck::rel_diff;
using nwtest::edge_sizes;
using nwtest::randn;

namespace {

// Named gradient outputs of one run. The outputs start from the same random values in the fast
// and the ref run, so a kernel that overwrote instead of adding would not match its twin.
using Outputs = std::vector<std::pair<std::string, std::vector<float>>>;

std::vector<float> start(std::size_t n, unsigned seed) { return randn(n, 1000 + seed, 0.f, 0.5f); }

std::string fmt(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2e", v);
  return buf;
}

struct LinearBackward {
  static constexpr const char* name = "linear_backward";
  static double tol(int) { return 2e-6; }
  // (m, n, k) around the width; at 513 both products (depth n for dx, m for dW) cross the
  // 512-deep block, and a tail panel.
  static Outputs run(int w, bool fast) {
    const int m = w + 2 < 530 ? w + 2 : 530, n = w, k = w < 100 ? w : 35;
    const auto x = randn(static_cast<std::size_t>(m) * k, 11),
               wt = randn(static_cast<std::size_t>(n) * k, 12),
               dy = randn(static_cast<std::size_t>(m) * n, 13);
    auto dx = start(x.size(), 1), dw = start(wt.size(), 2), db = start(n, 3);
    if (fast) {
      std::vector<float> work(nw::linear_backward_workspace_floats(m, n, k));
      nw::linear_backward(dx.data(), dw.data(), db.data(), dy.data(), x.data(), wt.data(), m, n, k,
                          work.data());
    } else {
      nw::ref::linear_backward(dx.data(), dw.data(), db.data(), dy.data(), x.data(), wt.data(), m,
                               n, k);
    }
    return {{"dx", dx}, {"dW", dw}, {"db", db}};
  }
};

struct ActivationBackward {
  static constexpr const char* name = "relu/gelu_backward";
  static double tol(int) { return 1e-6; }
  static Outputs run(int n, bool fast) {
    const auto x = randn(n, 21, 0.f, 3.f), dy = randn(n, 22);
    std::vector<float> y = x;
    nw::ref::relu(y.data(), y.size());
    auto dr = start(n, 4), dg = start(n, 5);
    if (fast) {
      nw::relu_backward(dr.data(), dy.data(), y.data(), n);
      nw::gelu_backward(dg.data(), dy.data(), x.data(), n);
    } else {
      nw::ref::relu_backward(dr.data(), dy.data(), y.data(), n);
      nw::ref::gelu_backward(dg.data(), dy.data(), x.data(), n);
    }
    return {{"relu dx", dr}, {"gelu dx", dg}};
  }
};

struct ResidualAddBackward {
  static constexpr const char* name = "residual_add_backward";
  static double tol(int) { return 0.0; }  // one float addition each: exact
  static Outputs run(int n, bool fast) {
    const auto dy = randn(n, 23);
    auto da = start(n, 6), db = start(n, 7);
    if (fast) {
      nw::residual_add_backward(da.data(), db.data(), dy.data(), n);
    } else {
      for (int i = 0; i < n; ++i) {
        da[i] += dy[i];
        db[i] += dy[i];
      }
    }
    return {{"da", da}, {"db", db}};
  }
};

struct LayerNormBackward {
  static constexpr const char* name = "layer_norm_backward";
  // One feature: var = 0 and the true dx is exactly 0, but g - mean(g) keeps a rounding
  // (FMA contraction) that 1/sqrt(eps) = 316 amplifies.
  static double tol(int dim) { return dim == 1 ? 1e-4 : 1e-5; }
  static Outputs run(int dim, bool fast) {
    const int rows = 7;
    const std::size_t n = static_cast<std::size_t>(rows) * dim;
    const auto x = randn(n, 31, 0.5f, 2.f), gamma = randn(dim, 32, 1.f, 0.3f), dy = randn(n, 33);
    std::vector<float> y(n), mean(rows), var(rows);
    nw::layer_norm(y.data(), mean.data(), var.data(), x.data(), gamma.data(), nullptr, rows, dim);
    auto dx = start(n, 8), dg = start(dim, 9), dbeta = start(dim, 10);
    if (fast)
      nw::layer_norm_backward(dx.data(), dg.data(), dbeta.data(), dy.data(), x.data(), gamma.data(),
                              mean.data(), var.data(), rows, dim);
    else
      nw::ref::layer_norm_backward(dx.data(), dg.data(), dbeta.data(), dy.data(), x.data(),
                                   gamma.data(), mean.data(), var.data(), rows, dim);
    return {{"dx", dx}, {"dgamma", dg}, {"dbeta", dbeta}};
  }
};

struct RmsNormBackward {
  static constexpr const char* name = "rms_norm_backward";
  static double tol(int) { return 1e-5; }
  static Outputs run(int dim, bool fast) {
    const int rows = 7;
    const std::size_t n = static_cast<std::size_t>(rows) * dim;
    const auto x = randn(n, 41, 0.5f, 2.f), gamma = randn(dim, 42, 1.f, 0.3f), dy = randn(n, 43);
    std::vector<float> y(n), rms(rows);
    nw::rms_norm(y.data(), rms.data(), x.data(), gamma.data(), rows, dim);
    auto dx = start(n, 11), dg = start(dim, 12);
    if (fast)
      nw::rms_norm_backward(dx.data(), dg.data(), dy.data(), x.data(), gamma.data(), rms.data(),
                            rows, dim);
    else
      nw::ref::rms_norm_backward(dx.data(), dg.data(), dy.data(), x.data(), gamma.data(),
                                 rms.data(), rows, dim);
    return {{"dx", dx}, {"dgamma", dg}};
  }
};

struct SoftmaxBackward {
  static constexpr const char* name = "softmax_backward";
  static double tol(int) { return 1e-6; }
  // Row 0 unmasked, rows 1-2 with every third key masked, row 3 fully masked.
  static Outputs run(int n, bool fast) {
    const int rows = 4;
    const auto x = randn(static_cast<std::size_t>(rows) * n, 51, 0.f, 2.f),
               dy = randn(x.size(), 52);
    std::vector<float> y(x.size());
    std::vector<std::uint8_t> some(n), all(n, 1);
    for (int j = 0; j < n; ++j) some[j] = j % 3 == 1;
    nw::softmax(y.data(), x.data(), nullptr, 1, n);
    nw::softmax(y.data() + n, x.data() + n, some.data(), 2, n);
    nw::softmax(y.data() + 3 * n, x.data() + 3 * n, all.data(), 1, n);
    auto dx = start(x.size(), 13);
    if (fast)
      nw::softmax_backward(dx.data(), dy.data(), y.data(), rows, n);
    else
      nw::ref::softmax_backward(dx.data(), dy.data(), y.data(), rows, n);
    return {{"dx", dx}};
  }
};

struct AttentionBackward {
  static constexpr const char* name = "attention_core_backward";
  static double tol(int) { return 1e-5; }
  // head_dim = width; sequence 1 has two padded keys, sequence 2 is all padding.
  static Outputs run(int hd, bool fast) {
    const nw::AttentionShape s{3, 6, 2 * hd, 2};
    const std::size_t rows = 18, d = s.d_model;
    const auto qkv = randn(rows * 3 * d, 61), dctx = randn(rows * d, 62);
    std::vector<std::uint8_t> mask(rows, 0);
    mask[6 + 4] = mask[6 + 5] = 1;
    for (int j = 12; j < 18; ++j) mask[j] = 1;
    std::vector<float> ctx(rows * d), attn(3 * 2 * 36);
    nw::ref::attention_core(ctx.data(), attn.data(), qkv.data(), mask.data(), s);
    auto dqkv = start(qkv.size(), 14);
    if (fast) {
      std::vector<float> work(nw::attention_core_backward_workspace_floats(s));
      nw::attention_core_backward(dqkv.data(), dctx.data(), qkv.data(), attn.data(), s,
                                  work.data());
    } else {
      nw::ref::attention_core_backward(dqkv.data(), dctx.data(), qkv.data(), attn.data(), s);
    }
    return {{"dqkv", dqkv}};
  }
};

struct EmbeddingBackward {
  static constexpr const char* name = "embedding_backward";
  static double tol(int) { return 1e-6; }
  static Outputs run(int dim, bool fast) {
    const int rows = 9, vocab = 5;
    const std::vector<std::int32_t> tokens{0, 3, 3, 4, 1, 3, 0, 4, 4};  // token 2 unused
    const auto dout = randn(static_cast<std::size_t>(rows) * dim, 71);
    auto dt = start(static_cast<std::size_t>(vocab) * dim, 15);
    if (fast)
      REQUIRE(nw::embedding_backward(dt.data(), dout.data(), tokens.data(), rows, vocab, dim).ok());
    else
      nw::ref::embedding_backward(dt.data(), dout.data(), tokens.data(), rows, dim);
    return {{"dtable", dt}};
  }
};

struct CrossEntropyBackward {
  static constexpr const char* name = "cross_entropy(_backward)";
  static double tol(int) { return 1e-6; }
  // classes = width; rows 1 and 4 ignored; the loss is returned as a one-float output.
  static Outputs run(int classes, bool fast) {
    const int rows = 6;
    const auto z = randn(static_cast<std::size_t>(rows) * classes, 81, 0.f, 3.f);
    std::vector<std::int32_t> t{0, -100, classes - 1, classes / 2, -100, classes > 1 ? 1 : 0};
    auto dz = start(z.size(), 16);
    std::vector<float> loss(1);
    if (fast) {
      REQUIRE(nw::cross_entropy(loss.data(), z.data(), t.data(), rows, classes).ok());
      REQUIRE(nw::cross_entropy_backward(dz.data(), z.data(), t.data(), 0.75f, rows, classes).ok());
    } else {
      nw::ref::cross_entropy(loss.data(), z.data(), t.data(), rows, classes);
      nw::ref::cross_entropy_backward(dz.data(), z.data(), t.data(), 0.75, rows, classes);
    }
    return {{"loss", loss}, {"dlogits", dz}};
  }
};

struct AdamWStep {
  static constexpr const char* name = "adamw_step";
  static double tol(int) { return 2e-6; }
  static Outputs run(int n, bool fast) {
    auto p = randn(n, 91), m = randn(n, 92, 0.f, 0.1f), v = randn(n, 93, 0.f, 0.1f);
    for (float& x : v) x = x * x;
    const auto g = randn(n, 94);
    nw::AdamW hp;
    hp.lr = 0.01;
    hp.beta2 = 0.98;
    for (int step = 1; step <= 3; ++step) {
      if (fast)
        nw::adamw_step(p.data(), m.data(), v.data(), g.data(), hp, step, 0.5f, n);
      else
        nw::ref::adamw_step(p.data(), m.data(), v.data(), g.data(), hp, step, 0.5f, n);
    }
    return {{"param", p}, {"exp_avg", m}, {"exp_avg_sq", v}};
  }
};

}  // namespace

TEST_CASE_TEMPLATE("backward kernels match ref at edge widths", K, LinearBackward,
                   ActivationBackward, ResidualAddBackward, LayerNormBackward, RmsNormBackward,
                   SoftmaxBackward, AttentionBackward, EmbeddingBackward, CrossEntropyBackward,
                   AdamWStep) {
  for (int n : edge_sizes()) {
    SUBCASE(("n = " + std::to_string(n)).c_str()) {
      const Outputs fast = K::run(n, true), ref = K::run(n, false);
      REQUIRE(fast.size() == ref.size());
      std::string line = std::string(K::name) + " n=" + std::to_string(n) + ":";
      for (std::size_t i = 0; i < fast.size(); ++i) {
        const double d = rel_diff(fast[i].second, ref[i].second);
        line += " " + fast[i].first + " " + fmt(d);
        CHECK_MESSAGE(d <= K::tol(n), K::name << " n=" << n << " " << fast[i].first
                                              << ": maxdiff/scale " << fmt(d) << " > "
                                              << K::tol(n));
      }
      if (n == edge_sizes().back()) MESSAGE(line << " (maxdiff / max|ref|)");
    }
  }
}

// ---- float64 central differences of the ref kernels ----------------------------------------

namespace {
using gradcheck::fd_rel_error;
using gradcheck::randn64;
constexpr double kFdTol = 1e-6;

void report_fd(const std::string& what, double err) {
  MESSAGE("finite differences (float64) " << what << ": worst rel " << fmt(err));
  CHECK_MESSAGE(err <= kFdTol, what << ": " << fmt(err));
}
}  // namespace

TEST_CASE("ref backward kernels agree with float64 central differences") {
  SUBCASE("linear") {
    const int m = 3, n = 5, k = 4;
    auto x = randn64(m * k, 1), w = randn64(n * k, 2), b = randn64(n, 3);
    const auto dy = randn64(m * n, 4);
    std::vector<double> y(m * n), dx(x.size()), dw(w.size()), db(n);
    const auto loss = [&] {
      nw::ref::linear(y.data(), x.data(), w.data(), b.data(), m, n, k);
      return gradcheck::dot(y, dy);
    };
    nw::ref::linear_backward(dx.data(), dw.data(), db.data(), dy.data(), x.data(), w.data(), m, n,
                             k);
    report_fd("linear dx", fd_rel_error(x, dx, loss));
    report_fd("linear dW", fd_rel_error(w, dw, loss));
    report_fd("linear db", fd_rel_error(b, db, loss));
  }
  SUBCASE("relu and gelu") {
    auto x = randn64(17, 5, 2.0);
    const auto dy = randn64(17, 6);
    std::vector<double> y(17), dr(17), dg(17);
    const auto relu_loss = [&] {
      y = x;
      nw::ref::relu(y.data(), y.size());
      return gradcheck::dot(y, dy);
    };
    const auto gelu_loss = [&] {
      y = x;
      nw::ref::gelu(y.data(), y.size());
      return gradcheck::dot(y, dy);
    };
    relu_loss();
    nw::ref::relu_backward(dr.data(), dy.data(), y.data(), 17);
    nw::ref::gelu_backward(dg.data(), dy.data(), x.data(), 17);
    report_fd("relu dx", fd_rel_error(x, dr, relu_loss));
    report_fd("gelu dx", fd_rel_error(x, dg, gelu_loss));
  }
  SUBCASE("layer_norm and rms_norm") {
    const int rows = 3, dim = 6;
    auto x = randn64(rows * dim, 7, 2.0), g = randn64(dim, 8), b = randn64(dim, 9);
    for (double& v : g) v += 1.0;
    const auto dy = randn64(rows * dim, 10);
    std::vector<double> y(rows * dim), mean(rows), var(rows), dx(x.size()), dg(dim), db(dim);
    const auto ln = [&] {
      nw::ref::layer_norm(y.data(), mean.data(), var.data(), x.data(), g.data(), b.data(), rows,
                          dim);
      return gradcheck::dot(y, dy);
    };
    ln();
    nw::ref::layer_norm_backward(dx.data(), dg.data(), db.data(), dy.data(), x.data(), g.data(),
                                 mean.data(), var.data(), rows, dim);
    report_fd("layer_norm dx", fd_rel_error(x, dx, ln));
    report_fd("layer_norm dgamma", fd_rel_error(g, dg, ln));
    report_fd("layer_norm dbeta", fd_rel_error(b, db, ln));

    std::vector<double> rms(rows), rdx(x.size()), rdg(dim);
    const auto rn = [&] {
      nw::ref::rms_norm(y.data(), rms.data(), x.data(), g.data(), rows, dim);
      return gradcheck::dot(y, dy);
    };
    rn();
    nw::ref::rms_norm_backward(rdx.data(), rdg.data(), dy.data(), x.data(), g.data(), rms.data(),
                               rows, dim);
    report_fd("rms_norm dx", fd_rel_error(x, rdx, rn));
    report_fd("rms_norm dgamma", fd_rel_error(g, rdg, rn));
  }
  SUBCASE("softmax with a mask") {
    const int rows = 2, n = 5;
    auto x = randn64(rows * n, 11);
    const auto dy = randn64(rows * n, 12);
    const std::vector<std::uint8_t> mask{0, 1, 0, 0, 1};
    std::vector<double> y(rows * n), dx(x.size());
    const auto loss = [&] {
      nw::ref::softmax(y.data(), x.data(), mask.data(), rows, n);
      return gradcheck::dot(y, dy);
    };
    loss();
    nw::ref::softmax_backward(dx.data(), dy.data(), y.data(), rows, n);
    report_fd("softmax dx", fd_rel_error(x, dx, loss));
  }
  SUBCASE("attention_core with padding and a fully padded sequence") {
    const nw::AttentionShape s{3, 4, 6, 2};
    auto qkv = randn64(12 * 18, 13);
    const auto dctx = randn64(12 * 6, 14);
    std::vector<std::uint8_t> mask(12, 0);
    mask[4 + 3] = 1;
    for (int j = 8; j < 12; ++j) mask[j] = 1;
    std::vector<double> ctx(12 * 6), attn(3 * 2 * 16), dqkv(qkv.size());
    const auto loss = [&] {
      nw::ref::attention_core(ctx.data(), attn.data(), qkv.data(), mask.data(), s);
      return gradcheck::dot(ctx, dctx);
    };
    loss();
    nw::ref::attention_core_backward(dqkv.data(), dctx.data(), qkv.data(), attn.data(), s);
    report_fd("attention_core dqkv", fd_rel_error(qkv, dqkv, loss));
  }
  SUBCASE("embedding and cross_entropy with ignored rows") {
    const int rows = 5, vocab = 4, dim = 3, classes = 4;
    const std::vector<std::int32_t> tokens{2, 0, 2, 3, 1}, targets{1, -100, 3, 0, -100};
    auto table = randn64(vocab * dim, 15);
    const auto dy = randn64(rows * dim, 16);
    std::vector<double> out(rows * dim), dt(table.size());
    const auto emb = [&] {
      nw::ref::embedding(out.data(), table.data(), tokens.data(), rows, dim);
      return gradcheck::dot(out, dy);
    };
    nw::ref::embedding_backward(dt.data(), dy.data(), tokens.data(), rows, dim);
    report_fd("embedding dtable", fd_rel_error(table, dt, emb));

    auto z = randn64(rows * classes, 17, 2.0);
    std::vector<double> dz(z.size());
    const auto ce = [&] {
      double l = 0;
      nw::ref::cross_entropy(&l, z.data(), targets.data(), rows, classes);
      return l;
    };
    nw::ref::cross_entropy_backward(dz.data(), z.data(), targets.data(), 1.0, rows, classes);
    report_fd("cross_entropy dlogits", fd_rel_error(z, dz, ce));
  }
}

// ---- promises ----------------------------------------------------------------------------

TEST_CASE("backward kernels add into their outputs: two calls give twice the gradient") {
  const int m = 9, n = 13, k = 21;
  const auto x = randn(m * k, 1), w = randn(n * k, 2), dy = randn(m * n, 3);
  std::vector<float> work(nw::linear_backward_workspace_floats(m, n, k));
  std::vector<float> dx(m * k, 0.f), dw(n * k, 0.f), db(n, 0.f);
  nw::linear_backward(dx.data(), dw.data(), db.data(), dy.data(), x.data(), w.data(), m, n, k,
                      work.data());
  auto dx2 = dx, dw2 = dw, db2 = db;
  nw::linear_backward(dx2.data(), dw2.data(), db2.data(), dy.data(), x.data(), w.data(), m, n, k,
                      work.data());
  for (auto* v : {&dx, &dw, &db})
    for (float& e : *v) e *= 2.f;
  CHECK(rel_diff(dx2, dx) <= 1e-7);
  CHECK(rel_diff(dw2, dw) <= 1e-7);
  CHECK(rel_diff(db2, db) <= 1e-7);

  std::vector<float> y(m * k), mean(m), var(m), lx(m * k, 0.f), lg(k, 0.f), lb(k, 0.f);
  nw::layer_norm(y.data(), mean.data(), var.data(), x.data(), w.data(), nullptr, m, k);
  for (int rep = 0; rep < 2; ++rep)
    nw::layer_norm_backward(lx.data(), lg.data(), lb.data(), x.data(), x.data(), w.data(),
                            mean.data(), var.data(), m, k);
  std::vector<float> lx1(m * k, 0.f), lg1(k, 0.f), lb1(k, 0.f);
  nw::layer_norm_backward(lx1.data(), lg1.data(), lb1.data(), x.data(), x.data(), w.data(),
                          mean.data(), var.data(), m, k);
  for (auto* v : {&lx1, &lg1, &lb1})
    for (float& e : *v) e *= 2.f;
  CHECK(rel_diff(lx, lx1) <= 1e-6);
  CHECK(rel_diff(lg, lg1) <= 1e-6);
  CHECK(rel_diff(lb, lb1) <= 1e-6);
}

TEST_CASE(
    "attention backward: padded keys and a fully padded sequence get zero gradient, never NaN") {
  for (int hd : {1, 4, 5, 16}) {
    CAPTURE(hd);
    const nw::AttentionShape s{2, 5, 2 * hd, 2};
    const std::size_t d = s.d_model, ld = 3 * d;
    const auto qkv = randn(10 * ld, 3), dctx = randn(10 * d, 4);
    std::vector<std::uint8_t> mask(10, 0);
    mask[3] = mask[4] = 1;                     // sequence 0: keys 3, 4 padded
    for (int j = 5; j < 10; ++j) mask[j] = 1;  // sequence 1: all padded
    std::vector<float> ctx(10 * d), attn(2 * 2 * 25), dqkv(qkv.size(), 0.f);
    nwtest::attention_core(ctx.data(), attn.data(), qkv.data(), mask.data(), s);
    std::vector<float> work(nw::attention_core_backward_workspace_floats(s));
    nw::attention_core_backward(dqkv.data(), dctx.data(), qkv.data(), attn.data(), s, work.data());
    for (float v : dqkv) REQUIRE(std::isfinite(v));
    for (int i = 5; i < 10; ++i)
      for (std::size_t c = 0; c < ld; ++c) CHECK(dqkv[i * ld + c] == 0.f);
    for (int j :
         {3, 4})  // a padded key's K and V get nothing (its Q still does: queries are not masked)
      for (std::size_t c = d; c < ld; ++c) CHECK(dqkv[j * ld + c] == 0.f);
  }
  std::vector<float> y(4, 0.f), dy = randn(4, 9), dx(4, 0.f);  // softmax of a fully masked row
  nw::softmax_backward(dx.data(), dy.data(), y.data(), 1, 4);
  CHECK(dx == std::vector<float>(4, 0.f));
}

TEST_CASE("embedding and cross_entropy refuse bad tokens and targets, naming them") {
  std::vector<float> table(3 * 2, 1.f), out(4 * 2, 7.f);
  const std::vector<std::int32_t> tokens{0, 2, 3, 1};
  const std::string e = nw::embedding(out.data(), table.data(), tokens.data(), 4, 3, 2).message();
  CHECK(e == "token 3 at position 2 is outside the vocabulary [0, 3)");
  CHECK(out == std::vector<float>(8, 7.f));  // nothing written
  CHECK(nw::embedding_backward(table.data(), out.data(), tokens.data(), 4, 3, 2).message() == e);
  CHECK(table == std::vector<float>(6, 1.f));

  std::vector<float> z(3 * 4, 0.5f), dz(3 * 4, 0.f);
  const std::vector<std::int32_t> bad{1, 4, -100};
  float loss = -1.f;
  CHECK(nw::cross_entropy(&loss, z.data(), bad.data(), 3, 4).message() ==
        "target 4 at row 1 is neither a class in [0, 4) nor ignore_index -100");
  CHECK(loss == -1.f);
  const std::vector<std::int32_t> ignored{-100, -100, -100};
  CHECK(nw::cross_entropy(&loss, z.data(), ignored.data(), 3, 4).ok());
  CHECK(loss == 0.f);  // every row ignored: 0 (torch gives NaN), and no gradient
  CHECK(nw::cross_entropy_backward(dz.data(), z.data(), ignored.data(), 1.f, 3, 4).ok());
  CHECK(dz == std::vector<float>(12, 0.f));
}
