import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The layer rules of conventions §1 are lint errors: these snippets must fail lint where they stand. */
const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('layer rules', () => {
  it('core may not import electron', async () => {
    expect(await ruleIds("import { app } from 'electron';\nexport const x = app;\n", 'src/core/bad.ts')).toContain('no-restricted-imports');
  });
  it('the renderer may not import core', async () => {
    expect(await ruleIds("import { createCore } from '../../core';\nexport const x = createCore;\n", 'src/renderer/src/bad.ts')).toContain('no-restricted-imports');
  });
  it('shared may not import node:* or touch window', async () => {
    expect(await ruleIds("import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n", 'src/shared/bad.ts')).toContain('no-restricted-imports');
    expect(await ruleIds('export const w = window.location;\n', 'src/shared/bad.ts')).toContain('no-restricted-globals');
  });
  it('the simulator shares no code with the client', async () => {
    expect(await ruleIds("import { contract } from '../shared/bridge/contract';\nexport const x = contract;\n", 'src/sim/bad.ts')).toContain('no-restricted-imports');
  });
  it('allowed imports pass', async () => {
    expect(await ruleIds("import { contract } from '../shared/bridge/contract';\nexport const x = contract;\n", 'src/core/ok.ts')).toEqual([]);
  });
});
