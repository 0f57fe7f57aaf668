// PostgreSQL refuses U+0000 in text, and a lone surrogate is not text at all (it cannot be
// encoded as UTF-8); neither is anything a person types.
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string can be stored and shown as it is (the HTTP API's and the socket's text alike). */
export const isStorableText = (value: string): boolean => !value.includes('\u0000') && !loneSurrogate.test(value);

/**
 * Characters as people and JSON Schema's `maxLength` count them: code points, so an emoji is
 * one, not the two UTF-16 units of `String.length`.
 */
export function characterCount(value: string): number {
  let count = 0;
  // Each surrogate pair is one step of the string's iterator.
  for (let i = 0; i < value.length; i++) {
    count += 1;
    const unit = value.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < value.length) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i += 1;
    }
  }
  return count;
}
