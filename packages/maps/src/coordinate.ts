/** A coordinate as plain decimal text (never exponent notation such as 1e-7), 7 decimals at most. */
export const coordinate = (value: number): string => value.toFixed(7).replace(/\.?0+$/, '');
