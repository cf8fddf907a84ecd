/**
 * Decimal rounding, half away from zero, without binary floating-point surprises.
 *
 * Why not the obvious ways:
 * - `x.toFixed(3)` rounds the exact binary value: 47.6125 is stored as 47.61249999999999…, so it
 *   gives '47.612'.
 * - `Math.round(x * 1000) / 1000` suffers from the multiplication: 0.5005 * 1000 is
 *   500.49999999999994, so it gives 0.5; and `Math.round` rounds halves towards +∞, so
 *   -122.3325 would become -122.332.
 *
 * Here the decimal point is shifted in the number's shortest decimal text (the digits a person
 * sees, e.g. '0.5005' → '0.5005e3' = 500.5 exactly), the magnitude is rounded with `Math.round`
 * and the sign put back, and the point is shifted back the same way. The result never is -0.
 */
export function roundHalfAwayFromZero(x: number, decimals: number): number {
  if (!Number.isFinite(x)) return x;
  if (!Number.isInteger(decimals) || decimals < 0) {
    throw new RangeError(`decimals must be a non-negative integer, got ${decimals}`);
  }
  const magnitude = Math.round(shiftDecimalPoint(Math.abs(x), decimals));
  const rounded = shiftDecimalPoint(magnitude, -decimals);
  return x < 0 && rounded !== 0 ? -rounded : rounded;
}

/** x × 10^places computed on the decimal text of x, so no binary multiplication error creeps in. */
function shiftDecimalPoint(x: number, places: number): number {
  const [mantissa, exponent = '0'] = String(x).split('e');
  return Number(`${mantissa}e${Number(exponent) + places}`);
}
