/** Exact percentiles of a small sample (tens of thousands of values: sorting is cheap). */
export const percentiles = (values: number[]) => {
  const sorted = Float64Array.from(values).sort()
  const at = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN)
  const round = (n: number) => Number(n.toFixed(1))
  return { count: sorted.length, p50: round(at(50)), p95: round(at(95)), p99: round(at(99)), max: round(at(100)) }
}
