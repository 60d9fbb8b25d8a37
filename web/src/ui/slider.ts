/** Clamps to [min, max] and snaps to the nearest step counted from min (spec: sliders clamp and snap). */
export function clampSnap(value: number, min: number, max: number, step = 1): number {
  if (!Number.isFinite(value)) return min;
  const clamped = Math.min(max, Math.max(min, value));
  if (step <= 0) return clamped;
  const snapped = min + Math.round((clamped - min) / step) * step;
  // Rounding may step past max when (max - min) is not a multiple of step; float noise is trimmed.
  const decimals = (String(step).split('.')[1] ?? '').length;
  return Math.min(max, Number(snapped.toFixed(decimals)));
}

/** `count` evenly spaced mark values from min to max, snapped to step (first = min, last = max). */
export function sliderMarks(min: number, max: number, count: number, step = 1): number[] {
  if (count < 2) return [min];
  return Array.from({ length: count }, (_, i) => (i === count - 1 ? max : clampSnap(min + ((max - min) * i) / (count - 1), min, max, step)));
}
