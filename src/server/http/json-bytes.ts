/**
 * Where compiled answer writers (compiled-answer.ts) write JSON: straight into UTF-8 bytes. A 20 KB answer built by
 * string concatenation was about two thousand string pieces, which the server then had to join into one string,
 * measure and encode before the socket took it; as bytes it is one buffer the socket takes as it is
 * (docs/performance.md).
 *
 * The generated code writes the schema's own text (keys, punctuation) byte by byte into `out` at its own position,
 * and calls `string` and `number` for values; every call takes and returns the position, and `out` may be replaced by
 * a larger buffer on any call, so the code reads it again after each. One sink serves every answer of a writer: a
 * writer runs from start to finish synchronously, and `take` copies the answer out, so no answer keeps the scratch
 * buffer alive.
 */
export class JsonSink {
  out: Buffer = Buffer.allocUnsafeSlow(64 * 1024);

  /** Makes room for `bytes` more after `at`, and returns the buffer to write to. */
  grow(at: number, bytes: number): Buffer {
    if (at + bytes <= this.out.length) return this.out;
    const bigger = Buffer.allocUnsafeSlow(Math.max(this.out.length * 2, at + bytes));
    this.out.copy(bigger, 0, 0, at);
    this.out = bigger;
    return bigger;
  }

  /** The answer written up to `at`, in a buffer of its own size (not a slice of a shared pool). */
  take(at: number): Buffer {
    const answer = Buffer.allocUnsafeSlow(at);
    this.out.copy(answer, 0, 0, at);
    return answer;
  }

  /**
   * A string as JSON.stringify writes it, in UTF-8. Most answer strings need no escaping; one that does (a quote, a
   * backslash, a control character, a surrogate) is written from JSON.stringify itself.
   */
  string(start: number, text: string): number {
    // Three bytes at most per UTF-16 unit written here, and the quotes.
    const out = this.grow(start, text.length * 3 + 2);
    let at = start;
    out[at++] = 34;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code < 0x80) {
        if (code < 32 || code === 34 || code === 92) return this.escaped(start, text);
        out[at++] = code;
      } else if (code < 0x800) {
        out[at++] = 0xc0 | (code >> 6);
        out[at++] = 0x80 | (code & 0x3f);
      } else if (code >= 0xd800 && code <= 0xdfff) {
        return this.escaped(start, text);
      } else {
        out[at++] = 0xe0 | (code >> 12);
        out[at++] = 0x80 | ((code >> 6) & 0x3f);
        out[at++] = 0x80 | (code & 0x3f);
      }
    }
    out[at++] = 34;
    return at;
  }

  private escaped(at: number, text: string): number {
    const json = JSON.stringify(text);
    return at + this.grow(at, Buffer.byteLength(json)).write(json, at);
  }

  /** A finite number as JSON.stringify writes it (the caller has checked that it is finite). */
  number(at: number, value: number): number {
    // Whole numbers below 2^31 (-0 among them, written 0 as JSON.stringify does) digit by digit; any other as String().
    if (!(value >= 0 && value < 2 ** 31 && (value | 0) === value)) return this.ascii(at, String(value));
    let length = 1;
    for (let rest = value; rest >= 10; rest = (rest / 10) | 0) length++;
    const out = this.grow(at, length);
    let digit = at + length;
    let rest = value;
    do {
      out[--digit] = 48 + (rest % 10);
      rest = (rest / 10) | 0;
    } while (rest !== 0);
    return at + length;
  }

  private ascii(at: number, text: string): number {
    const out = this.grow(at, text.length);
    for (let i = 0; i < text.length; i++) out[at + i] = text.charCodeAt(i);
    return at + text.length;
  }
}
