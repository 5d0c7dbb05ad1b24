import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import type { Core } from '../../src/core/create-core';
import type { SimRequestLogEntry, Simulator } from '../../src/sim';
import type { TaskSummary } from '../../src/shared/domain/task';
import { stripProvenance } from '../../src/core/provenance/strip';
import { fileProblem } from './file-check';

export interface Verdict {
  tasks: number;
  succeeded: number;
  failed: number;
  failReasons: Record<string, number>;
  /** Failures whose reason is not one the simulator gave on purpose (#fail, a refused 429 submit). */
  unexpectedFailures: number;
  /** Submitted tasks Atelier does not have, or that never reached a final state. */
  lost: number;
  lostDetail: string[];
  /** Tasks interrupted mid-submission (a kill, a broken connection): shown as `unknown`, never resubmitted (by design). */
  interruptedUnknown: number;
  /** …of which the gateway did receive (accepted, but the id was never recorded: the user must check there). */
  interruptedReceived: number;
  duplicateSubmissions: number;
  corruptFiles: number;
  corruptDetail: string[];
  filesVerified: number;
}

/** Every task of a run, whatever the page size. */
export async function allTasks(core: Core): Promise<TaskSummary[]> {
  const out: TaskSummary[] = [];
  let cursor: string | null = null;
  do {
    const page = await core.handlers.listTasks({ filter: { sort: 'oldest' }, cursor, limit: 500 });
    out.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

/** Reasons the simulator gives on purpose; anything else is an unexpected failure. */
const BUSY = new Set(['waiting', 'submitting', 'queued', 'running', 'downloading']);

/**
 * Every task once nothing is moving any more. A task can go back to `downloading` after it first settled
 * (the downloads a full disk stopped restart when space returns), so reading right after the first final
 * state can catch a restart in flight. Gives up at `timeoutMs` and returns what is there.
 */
export async function quietTasks(core: Core, timeoutMs: number): Promise<TaskSummary[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const tasks = await allTasks(core);
    if (!tasks.some((t) => BUSY.has(t.status)) || Date.now() > until) return tasks;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const EXPECTED_REASONS: [RegExp, string][] = [
  [/#fail in prompt/, 'content risk control (#fail prompt)'],
  [/rate.?limit|too many requests|busy|429/i, 'rate limited at submission (429, never auto-resubmitted)'],
];


/**
 * A submission the gateway took: a POST to a task family. A "not now" refusal (429, or the key's parallel
 * limit: 1303) created nothing at the gateway; the queue sends the task again later (issue 30), which is not a
 * second submission. Every phase counts submissions through this.
 */
export function isSubmission(e: SimRequestLogEntry): boolean {
  return e.method === 'POST' && e.family !== 'control' && e.status !== 429 && !e.refusal;
}

/**
 * Checks every task of a run against the simulator: files (payload without Atelier's provenance metadata,
 * see file-check.ts) by sha256 and size against the task's record and what the simulator served (sim.describeResult), inline b64 images as decodable PNGs, submissions per task from the request
 * log (a unique tag in each prompt), and final states.
 */
export function verifyRun(
  core: Core,
  sim: Simulator,
  tasks: TaskSummary[],
  tags: string[],
  tagOf: (t: TaskSummary) => string | null,
): Verdict {
  const v: Verdict = {
    tasks: tasks.length,
    succeeded: 0,
    failed: 0,
    failReasons: {},
    unexpectedFailures: 0,
    lost: 0,
    lostDetail: [],
    interruptedUnknown: 0,
    interruptedReceived: 0,
    duplicateSubmissions: 0,
    corruptFiles: 0,
    corruptDetail: [],
    filesVerified: 0,
  };
  const submits = new Map<string, number>();
  for (const e of sim.log) {
    if (!isSubmission(e)) continue;
    const body = JSON.stringify(e.json ?? e.form ?? '');
    const tag = tags.find((t) => body.includes(t));
    if (tag) submits.set(tag, (submits.get(tag) ?? 0) + 1);
  }
  const byTag = new Map(tasks.map((t) => [tagOf(t), t]));
  for (const tag of tags) {
    const sent = submits.get(tag) ?? 0;
    if (sent > 1) v.duplicateSubmissions += sent - 1;
    if (sent > 0 && !byTag.has(tag)) {
      v.lost++;
      v.lostDetail.push(`${tag}: the gateway received it, Atelier has no task`);
    }
  }
  const library = core.mediaRoots().library;
  for (const t of tasks) {
    const detail = core.store.get(t.id);
    if (t.status === 'failed') {
      v.failed++;
      const reason =
        EXPECTED_REASONS.find(([re]) => re.test(t.error ?? ''))?.[1] ??
        `unexpected: ${t.error ?? '(no reason)'}`;
      v.failReasons[reason] = (v.failReasons[reason] ?? 0) + 1;
      if (reason.startsWith('unexpected')) v.unexpectedFailures++;
      continue;
    }
    if (
      t.status === 'unknown' &&
      !t.remoteId &&
      // A kill, or a connection that broke after the request went out: `unknown`, never resubmitted.
      detail?.events.some(
        (e) =>
          e.message === 'interrupted during submission' || e.message.startsWith('submission interrupted'),
      )
    ) {
      v.interruptedUnknown++;
      if ((submits.get(tagOf(t) ?? '') ?? 0) > 0) v.interruptedReceived++;
      continue;
    }
    if (t.status !== 'succeeded' || t.results.length === 0 || t.results.some((r) => r.state !== 'done')) {
      v.lost++;
      v.lostDetail.push(
        `${tagOf(t) ?? t.id}: ${t.status} ${t.results.map((r) => r.state).join('/')} ${t.error ?? ''}`,
      );
      continue;
    }
    v.succeeded++;
    for (const r of t.results) {
      const path = join(library, r.file ?? '');
      const bytes = r.file && existsSync(path) ? readFileSync(path) : null;
      const bad = (why: string): void => {
        v.corruptFiles++;
        v.corruptDetail.push(`${tagOf(t) ?? t.id} #${r.index}: ${why}`);
      };
      if (!bytes) {
        bad('file missing');
        continue;
      }
      const url =
        t.family === 'videos' ? `${sim.baseUrl}/v1/videos/${t.remoteId}/content` : (r.remoteUrl ?? '');
      const served = sim.describeResult(url) ?? null;
      const problem = fileProblem(bytes, r.sha256 ?? undefined, served);
      if (problem) bad(problem);
      else if (!served) {
        if (t.family === 'imageEdit') {
          try {
            PNG.sync.read(stripProvenance(bytes));
          } catch {
            bad('inline (b64) image is not a valid PNG');
          }
        } else bad(`the simulator does not know ${url}`);
      }
      v.filesVerified++;
    }
  }
  return v;
}
