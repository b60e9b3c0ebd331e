// Order statistics for every benchmark script: one quantile (linear interpolation between the two
// nearest ranks, numpy's default), from which the median, p10 and p90 come.

/** The q-quantile (0 ≤ q ≤ 1) of values, in any order (not modified); NaN for no values. */
export function quantile(values, q) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const i = (sorted.length - 1) * q;
  const lo = Math.floor(i);
  const hi = Math.ceil(i);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (i - lo);
}

/** The median of values: the middle one, or the mean of the two middle ones. */
export const median = (values) => quantile(values, 0.5);

/** The median and p10–p90 of values. */
export const spread = (values) => ({
  median: quantile(values, 0.5),
  p10: quantile(values, 0.1),
  p90: quantile(values, 0.9),
});
