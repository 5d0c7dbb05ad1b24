/**
 * `text` put into `prompt` in place of the selection `start`–`end` (a caret when equal), with a space on
 * either side where the neighbouring character is not already one, so words never run together.
 * Returns the new prompt and the caret just after what was put in.
 */
export function insertAt(prompt: string, text: string, start: number, end: number): { value: string; caret: number } {
  const from = Math.max(0, Math.min(start, end, prompt.length));
  const to = Math.max(from, Math.min(Math.max(start, end), prompt.length));
  const before = prompt.slice(0, from);
  const after = prompt.slice(to);
  const lead = before !== '' && !/\s$/.test(before) && !/^\s/.test(text) ? ' ' : '';
  const trail = after !== '' && !/^\s/.test(after) && !/\s$/.test(text) ? ' ' : '';
  const inserted = `${lead}${text}${trail}`;
  return { value: `${before}${inserted}${after}`, caret: before.length + lead.length + text.length };
}
