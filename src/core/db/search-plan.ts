/**
 * Turns what a user typed into the search box into safe FTS5 match expressions.
 *
 * Nothing the user types reaches FTS5 syntax: the input is cut into runs of letters and digits, and each
 * run is emitted as a double-quoted string, so `"`, `*`, `-`, `(`, `NEAR`, `AND`, `:` and friends are
 * either dropped as separators or searched for literally. Terms are AND-ed.
 */

/** Scripts written without spaces between words: unicode61 would index a whole sentence as one token. */
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
/** A term: a run of letters, marks and digits (what unicode61 keeps, plus marks so accents stay attached). */
const TERM = /[\p{L}\p{M}\p{N}]+/gu;
/** The trigram tokenizer cannot match fewer than three characters. */
const TRIGRAM_MIN = 3;
/** Caps the work a pasted paragraph can cause. */
const MAX_TERMS = 16;

/** How one search string is answered; every part is AND-ed with the others. */
export interface SearchPlan {
  /** FTS5 expression for the unicode61 table (word-prefix terms), or null. */
  words: string | null;
  /** FTS5 expression for the trigram table (substrings of ≥3 characters in unspaced scripts), or null. */
  trigram: string | null;
  /** FTS5 expression for the per-character table (unspaced-script terms too short for trigrams), or null. */
  chars: string | null;
}

const quote = (term: string): string => `"${term.replaceAll('"', '""')}"`;

/**
 * Plans a search. Returns null when the input has no searchable term (empty, or only punctuation), which
 * callers treat as "no search filter".
 */
export function planSearch(input: string): SearchPlan | null {
  const terms = [...new Set(input.normalize('NFKC').toLowerCase().match(TERM) ?? [])].slice(0, MAX_TERMS);
  if (terms.length === 0) return null;
  const words: string[] = [];
  const trigrams: string[] = [];
  const chars: string[] = [];
  for (const term of terms) {
    if (!UNSPACED.test(term)) words.push(`${quote(term)}*`);
    else if ([...term].length >= TRIGRAM_MIN) trigrams.push(quote(term));
    else chars.push(quote([...term].join(' ')));
  }
  return {
    words: words.length > 0 ? words.join(' AND ') : null,
    trigram: trigrams.length > 0 ? trigrams.join(' AND ') : null,
    chars: chars.length > 0 ? chars.join(' AND ') : null,
  };
}

/**
 * Separates runs in `tasks_fts_chars`, so a phrase never spans two runs. Two letters, so it can never equal
 * a query token (every indexed and every queried token is one character).
 */
const RUN_BREAK = 'zz';

/**
 * A prompt as `tasks_fts_chars` indexes it: every character of each run of letters and digits that holds
 * an unspaced-script character (so a short mixed term such as "月a" matches "月aurora"), each its own token,
 * runs separated, in the same normalisation as {@link planSearch}. Null when the prompt has no such run.
 */
export function unspacedChars(prompt: string): string | null {
  const out: string[] = [];
  for (const run of prompt.normalize('NFKC').toLowerCase().match(TERM) ?? []) {
    if (!UNSPACED.test(run)) continue;
    if (out.length > 0) out.push(RUN_BREAK);
    out.push(...run);
  }
  return out.length > 0 ? out.join(' ') : null;
}
