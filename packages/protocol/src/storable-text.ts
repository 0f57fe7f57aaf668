// PostgreSQL refuses U+0000 in text, and a lone surrogate is not text at all (it cannot be
// encoded as UTF-8); neither is anything a person types.
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string can be stored and shown as it is (the HTTP API's and the socket's text alike). */
export const isStorableText = (value: string): boolean => !value.includes('\u0000') && !loneSurrogate.test(value);
