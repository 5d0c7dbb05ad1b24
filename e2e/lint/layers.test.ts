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

describe('renderer rules (issue 28)', () => {
  it('window.prompt, confirm and alert are errors in the renderer', async () => {
    for (const code of ["export const n = window.prompt('Board name');\n", 'export const ok = confirm("Delete?");\n', "alert('done');\n"])
      expect((await ruleIds(code, 'src/renderer/src/features/library/boards/bad.ts')).some((r) => r === 'no-restricted-properties' || r === 'no-restricted-globals')).toBe(true);
  });
  it('a native <select> or title tooltip is an error in the renderer; a component prop named title is not', async () => {
    const file = 'src/renderer/src/features/queue/bad.tsx';
    expect(await ruleIds('export const s = <select value="1"><option>1</option></select>;\n', file)).toContain('no-restricted-syntax');
    expect(await ruleIds('export const s = <span title="the whole prompt">the whole…</span>;\n', file)).toContain('no-restricted-syntax');
    const ok = 'const Dialog = (p: { title: string }) => <h2>{p.title}</h2>;\nexport const d = <Dialog title="Delete?" />;\n';
    expect(await ruleIds(ok, 'src/renderer/src/features/queue/ok.tsx')).toEqual([]);
  });
  it('a feature imports another feature only through its index.ts', async () => {
    const deep = "import { useGalleryStore } from '../../gallery/gallery-store';\nexport const x = useGalleryStore;\n";
    expect(await ruleIds(deep, 'src/renderer/src/features/library/boards/bad.ts')).toContain('atelier/feature-index-only');
    const front = "import { useGalleryStore } from '../../gallery';\nexport const x = useGalleryStore;\n";
    expect(await ruleIds(front, 'src/renderer/src/features/library/boards/ok.ts')).toEqual([]);
    const own = "import { useBoardStore } from './board-store';\nexport const x = useBoardStore;\n";
    expect(await ruleIds(own, 'src/renderer/src/features/library/boards/ok.ts')).toEqual([]);
  });
});

describe('query keys (issue 28)', () => {
  it('a literal array as a query key is an error outside the factory', async () => {
    const file = 'src/renderer/src/features/studio/bad.ts';
    for (const code of [
      "import { useQuery } from '@tanstack/react-query';\nexport const q = () => useQuery({ queryKey: ['listTasks'], queryFn: () => 1 });\n",
      "import type { QueryClient } from '@tanstack/react-query';\nexport const f = (qc: QueryClient) => qc.setQueryData(['getLedger'], 1);\n",
      "import type { QueryClient } from '@tanstack/react-query';\nexport const f = (qc: QueryClient) => qc.invalidateQueries({ queryKey: ['prompts'] as const });\n",
    ])
      expect(await ruleIds(code, file)).toContain('atelier/query-key-factory');
  });
  it('keys from the factory pass, and the factory itself may write arrays', async () => {
    const ok = "import type { QueryClient } from '@tanstack/react-query';\nimport { queryKeys } from '../../state/query-keys';\nexport const f = (qc: QueryClient) => qc.invalidateQueries({ queryKey: queryKeys.ledger });\n";
    expect(await ruleIds(ok, 'src/renderer/src/features/studio/ok.ts')).toEqual([]);
  });
});
