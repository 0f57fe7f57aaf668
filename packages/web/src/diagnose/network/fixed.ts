/** A measurement to a fixed number of decimals (one unless told). */
export const fixed = (value: number, digits = 1) => value.toFixed(digits);
