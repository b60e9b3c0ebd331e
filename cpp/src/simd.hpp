// Shared helpers for the xsimd kernels: the float batch of the target arch
// (sse4.1 → WASM SIMD128 under Emscripten, avx2/avx512 natively).
#pragma once

#include <cstdint>
#include <limits>
#include <xsimd/xsimd.hpp>

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace normwave::simd {

using fbatch = xsimd::batch<float>;
constexpr int kWidth = static_cast<int>(fbatch::size);

inline fbatch load(const float* p) { return fbatch::load_unaligned(p); }
inline void store(float* p, const fbatch& v) { v.store_unaligned(p); }
inline float sum(const fbatch& v) { return xsimd::hadd(v); }
inline float max(const fbatch& v) {
  alignas(64) float lanes[kWidth];
  v.store_aligned(lanes);
  float m = lanes[0];
  for (int i = 1; i < kWidth; ++i) m = lanes[i] > m ? lanes[i] : m;
  return m;
}

// min(max(v, lo), hi), NaN passing through. Under Emscripten, xsimd's min/max become compare +
// bitselect (NaN-exact _mm_min_ps emulation, several x86 instructions each); pmin/pmax are one
// minps/maxps each.
inline fbatch clamp(const fbatch& v, float lo, float hi) {
#if defined(__wasm_simd128__)
  const v128_t x = (v128_t)(__m128)v;
  return fbatch(
      (__m128)wasm_f32x4_pmin(wasm_f32x4_pmax(x, wasm_f32x4_splat(lo)), wasm_f32x4_splat(hi)));
#else
  return xsimd::select(v < fbatch(lo), fbatch(lo), xsimd::select(v > fbatch(hi), fbatch(hi), v));
#endif
}
inline fbatch clamp_unit(const fbatch& v) { return clamp(v, -1.f, 1.f); }

// The larger of a and b lane by lane, for a running maximum: b where b > a, else a (a NaN in b
// is skipped). Under Emscripten this is f32x4.pmax, one maxps; xsimd::max emulates SSE's NaN
// rule in several instructions.
inline fbatch running_max(const fbatch& a, const fbatch& b) {
#if defined(__wasm_simd128__)
  return fbatch((__m128)wasm_f32x4_pmax((v128_t)(__m128)a, (v128_t)(__m128)b));
#else
  return xsimd::select(b > a, b, a);
#endif
}

// The largest of p[0..n), NaNs skipped (-inf when n = 0 or all are NaN or -inf). Four running
// maxima, not one chain of dependent maxps, whose latency would bound the loop.
inline float row_max(const float* p, int n) {
  constexpr float kNegInf = -std::numeric_limits<float>::infinity();
  fbatch m0(kNegInf), m1(kNegInf), m2(kNegInf), m3(kNegInf);
  int j = 0;
  for (; j + 4 * kWidth <= n; j += 4 * kWidth) {
    m0 = running_max(m0, load(p + j));
    m1 = running_max(m1, load(p + j + kWidth));
    m2 = running_max(m2, load(p + j + 2 * kWidth));
    m3 = running_max(m3, load(p + j + 3 * kWidth));
  }
  for (; j + kWidth <= n; j += kWidth) m0 = running_max(m0, load(p + j));
  float m = max(running_max(running_max(m0, m1), running_max(m2, m3)));
  for (; j < n; ++j) m = p[j] > m ? p[j] : m;
  return m;
}

// One float read from memory into every lane. Under Emscripten this is v128.load32_splat (one
// vbroadcastss, a load-port op); xsimd's fbatch(*p) becomes f32x4.splat of a scalar load, a
// shuffle on the same FP ports as the multiply-adds, which the GEMM micro-kernel keeps busy.
inline fbatch splat_load(const float* p) {
#if defined(__wasm_simd128__)
  return fbatch((__m128)wasm_v128_load32_splat(p));
#else
  return fbatch(*p);
#endif
}

// e^x, float32, within 2 ulp of std::exp: 0 below -87.34 (where expf leaves the normal range;
// -inf gives 0), NaN stays NaN, x above 88.38 gives e^88.38. Cephes' expf: x = n ln2 + r with
// |r| <= ln2 / 2 (ln2 in two parts), e^r by a degree-7 polynomial, 2^n built in the exponent bits.
// n is rounded by the float addition of 1.5 * 2^23 + 127, whose low mantissa bits are then 127 + n
// (1..254 here), shifted into place: no float-to-int conversion, which wasm SIMD emulates for
// SSE's semantics with several instructions. It replaces xsimd::exp, which is slow under
// Emscripten's SSE mapping (docs/benchmarks.md has its cost).
inline fbatch exp(const fbatch& x) {
  constexpr float kLo = -87.3365448f, kHi = 88.3762626f;
  const fbatch magic(12582912.f + 127.f);
  const fbatch xc = clamp(x, kLo, kHi);
  const fbatch t = xc * fbatch(1.44269504f) + magic;
  const fbatch n = t - magic;
  const fbatch r = (xc - n * fbatch(0.693359375f)) - n * fbatch(-2.12194440e-4f);
  fbatch p(1.9875691500e-4f);
  p = p * r + fbatch(1.3981999507e-3f);
  p = p * r + fbatch(8.3334519073e-3f);
  p = p * r + fbatch(4.1665795894e-2f);
  p = p * r + fbatch(1.6666665459e-1f);
  p = p * r + fbatch(5.0000001201e-1f);
  p = p * (r * r) + r + fbatch(1.f);
  using ibatch = xsimd::batch<std::int32_t, fbatch::arch_type>;
  const ibatch bits = xsimd::bitwise_cast<ibatch>(t) << 23;
  const fbatch e = p * xsimd::bitwise_cast<fbatch>(bits);
  return xsimd::select(x < fbatch(kLo), fbatch(0.f), e);
}

// sum of a[i] * b[i] over n floats: full batches, then a scalar tail.
inline float dot(const float* a, const float* b, int n) {
  fbatch acc(0.f);
  int i = 0;
  for (; i + kWidth <= n; i += kWidth) acc += load(a + i) * load(b + i);
  float total = sum(acc);
  for (; i < n; ++i) total += a[i] * b[i];
  return total;
}
// y[i] += alpha * x[i] over n floats.
inline void axpy(float* y, float alpha, const float* x, int n) {
  const fbatch a(alpha);
  int i = 0;
  for (; i + kWidth <= n; i += kWidth) store(y + i, load(y + i) + a * load(x + i));
  for (; i < n; ++i) y[i] += alpha * x[i];
}
}  // namespace normwave::simd
