/**
 * Where a JSON text first goes wrong, as a 1-based line and column, or null when it is valid JSON. Computed
 * here rather than read from the engine's message (its wording and language vary by engine), so the
 * renderer can say it in the user's language. An unexpected end points just past the last character.
 */
export function jsonErrorAt(text: string): { line: number; column: number } | null {
  const at = firstErrorOffset(text);
  if (at === null) return null;
  const before = text.slice(0, at).split(/\r\n|\r|\n/);
  return { line: before.length, column: (before[before.length - 1]?.length ?? 0) + 1 };
}

const WS = new Set([' ', '\t', '\n', '\r']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;

class Stop {
  constructor(readonly at: number) {}
}

/** The offset of the first character that cannot continue a JSON text (text.length at an early end). */
function firstErrorOffset(text: string): number | null {
  let i = 0;
  const fail = (): never => {
    throw new Stop(i);
  };
  const space = (): void => {
    while (i < text.length && WS.has(text[i] as string)) i++;
  };
  const expect = (c: string): void => {
    if (text[i] !== c) fail();
    i++;
  };
  const string = (): void => {
    expect('"');
    for (;;) {
      const c = text[i];
      if (c === undefined || c < ' ') fail();
      if (c === '"') return void i++;
      if (c === '\\') {
        ESCAPE.lastIndex = i;
        if (!ESCAPE.test(text)) return void ((i += 1), fail());
        i = ESCAPE.lastIndex;
      } else i++;
    }
  };
  const literal = (word: string): void => {
    for (const c of word) expect(c);
  };
  const value = (depth: number): void => {
    if (depth > 512) fail();
    space();
    const c = text[i];
    if (c === '{') {
      i++;
      space();
      if (text[i] === '}') return void i++;
      for (;;) {
        space();
        string();
        space();
        expect(':');
        value(depth + 1);
        space();
        if (text[i] === '}') return void i++;
        expect(',');
      }
    }
    if (c === '[') {
      i++;
      space();
      if (text[i] === ']') return void i++;
      for (;;) {
        value(depth + 1);
        space();
        if (text[i] === ']') return void i++;
        expect(',');
      }
    }
    if (c === '"') return string();
    if (c === 't') return literal('true');
    if (c === 'f') return literal('false');
    if (c === 'n') return literal('null');
    NUMBER.lastIndex = i;
    if (!NUMBER.test(text)) fail();
    i = NUMBER.lastIndex;
  };
  try {
    value(0);
    space();
    if (i < text.length) fail();
    return null;
  } catch (e) {
    if (e instanceof Stop) return e.at;
    throw e;
  }
}
