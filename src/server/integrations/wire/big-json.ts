// Neutral wire helpers: the clients and the emulators both use them, so neither borrows the other's parser.

/**
 * Rewrites integer literals that a JavaScript number cannot hold exactly (ids above 2^53, as Shopify
 * sends) as JSON strings, leaving string contents untouched, so JSON.parse keeps every digit. One pass over the text.
 */
export function quoteUnsafeIntegers(text: string): string {
  let out = "";
  let copied = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Strings are most of a webhook's text: jump to the closing quote (one after an even run of backslashes)
      // with indexOf rather than stepping through every character.
      let end = text.indexOf('"', i + 1);
      for (;;) {
        if (end < 0) return copied === 0 ? text : out + text.slice(copied);
        let slashes = 0;
        while (text.charCodeAt(end - 1 - slashes) === 0x5c) slashes++;
        if (slashes % 2 === 0) break;
        end = text.indexOf('"', end + 1);
      }
      i = end + 1;
      continue;
    }
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      const start = i;
      let integer = true;
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d >= 0x30 && d <= 0x39) i++;
        else if (d === 0x2e || d === 0x65 || d === 0x45 || d === 0x2b || d === 0x2d) {
          integer = false;
          i++;
        } else break;
      }
      if (integer && i - start > 15 && !Number.isSafeInteger(Number(text.slice(start, i)))) {
        out += `${text.slice(copied, start)}"${text.slice(start, i)}"`;
        copied = i;
      }
      continue;
    }
    i++;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** JSON.parse that keeps big integers as exact decimal strings. */
export function parseJsonExact(raw: Buffer | string): unknown {
  return JSON.parse(quoteUnsafeIntegers(typeof raw === "string" ? raw : raw.toString("utf8")));
}
