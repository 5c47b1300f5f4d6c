// JSON.parse with every integer exact: grundy's values and heaps are 64-bit
// (nim(18446744073709551615) is worth 18446744073709551615), and a JavaScript
// number holds integers exactly only up to 2^53. Integers beyond that are
// kept as their decimal text, which is all the page does with them.

export function parseExact(text) {
  // Quote long integer literals outside strings, then parse as usual.
  let out = "";
  let i = 0;
  let copied = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      // Skip the string, with its escapes.
      for (++i; i < text.length && text[i] !== '"'; ++i) {
        if (text[i] === "\\") ++i;
      }
      ++i;
      continue;
    }
    if (c === "-" || (c >= "0" && c <= "9")) {
      let end = i + 1;
      while (end < text.length && /[0-9.eE+-]/.test(text[end])) ++end;
      const literal = text.slice(i, end);
      if (/^-?\d{16,}$/.test(literal) && !Number.isSafeInteger(Number(literal))) {
        out += text.slice(copied, i) + '"' + literal + '"';
        copied = end;
      }
      i = end;
      continue;
    }
    ++i;
  }
  return JSON.parse(out + text.slice(copied));
}

// A value as the page shows it: an integer, its decimal text, or ∞(K).
export function valueText(value) {
  if (value === null || value === undefined) return "?";
  if (typeof value === "object" && Array.isArray(value.infinite)) {
    return value.infinite.length === 0 ? "∞" : `∞(${value.infinite.join(",")})`;
  }
  return String(value);
}
