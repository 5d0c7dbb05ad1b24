import { z } from 'zod';
import { operationIdSchema } from '../operations/ids';
import { getOperation } from '../operations/catalog';
import { withoutCatalogFields } from '../operations/extra-fields';
import { taskSummarySchema } from './task';

/** How a task used another: a result as an input, a frame of a video result, or the task it extends/edits/reruns. */
export const parentKindSchema = z.enum(['input', 'frame', 'extends', 'edits', 'reruns']);
export type ParentKind = z.infer<typeof parentKindSchema>;

/** A parent as the renderer declares it at submit time (reruns, or anything core cannot infer from values). */
export const declaredParentSchema = z
  .object({
    taskId: z.string().min(1).max(100),
    kind: parentKindSchema,
    index: z.number().int().nonnegative().nullable().default(null),
  })
  .strict();
export type DeclaredParent = z.infer<typeof declaredParentSchema>;

/** One edge of the lineage graph, seen from either end. `task` is null when that task was deleted. */
export const lineageLinkSchema = z.object({
  taskId: z.string(),
  kind: parentKindSchema,
  index: z.number().int().nullable(),
  frameMs: z.number().int().nullable(),
  field: z.string().nullable(),
  task: taskSummarySchema.nullable(),
});
export type LineageLink = z.infer<typeof lineageLinkSchema>;

export const lineageSchema = z.object({
  /** "Made from": what this task used. */
  parents: z.array(lineageLinkSchema),
  /** "Used by": tasks that used this one. */
  children: z.array(lineageLinkSchema),
  /** The chain through this task, oldest first (first parents up, first children down). */
  chain: z.array(taskSummarySchema),
});
export type Lineage = z.infer<typeof lineageSchema>;

/** Where a staged frame came from: the video task, its result and the time (ms) in it. */
export const frameOriginSchema = z
  .object({
    taskId: z.string().min(1).max(100),
    index: z.number().int().nonnegative(),
    timeMs: z.number().int().nonnegative(),
  })
  .strict();
export type FrameOrigin = z.infer<typeof frameOriginSchema>;

export const boardSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.number(),
  count: z.number().int(),
});
export type Board = z.infer<typeof boardSchema>;

/** One page of boards (`listBoards`): `nextCursor` asks for the next page; `total` counts every board. */
export const boardPageSchema = z.object({
  items: z.array(boardSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
});
export type BoardPage = z.infer<typeof boardPageSchema>;
export const boardNameSchema = z.string().trim().min(1).max(80);

/**
 * How a result was made, as Atelier embeds it into the file (PNG iTXt, JPEG/WebP XMP, MP4/MOV XMP box)
 * and the optional sidecar. Read back tolerant: unknown fields pass, missing ones default.
 */
export const provenanceSchema = z
  .object({
    app: z.literal('Atelier'),
    version: z.literal(1),
    taskId: z.string(),
    remoteId: z.string().nullable().default(null),
    operationId: operationIdSchema,
    model: z.string().default(''),
    prompt: z.string().default(''),
    negativePrompt: z.string().nullable().default(null),
    values: z.record(z.string(), z.unknown()).default({}),
    extra: z.record(z.string(), z.unknown()).default({}),
    points: z.number().nullable().default(null),
    createdAt: z.number().nullable().default(null),
    finishedAt: z.number().nullable().default(null),
    resultIndex: z.number().int().nonnegative().default(0),
    /** sha256 of the payload as the gateway sent it (before Atelier added this metadata). */
    payloadSha256: z.string().nullable().default(null),
    inputs: z.array(z.object({ name: z.string(), sha256: z.string() })).default([]),
    parents: z.array(z.object({ taskId: z.string(), kind: parentKindSchema })).default([]),
  })
  .loose()
  // A file's extra fields can never carry what the form of its operation shows (model, n, prompt…) or what
  // Atelier computes (the callback URL): dropped as the file is read, so "Reuse settings" sends what the form
  // shows (issue 26).
  .transform((p) => ({ ...p, extra: withoutCatalogFields(getOperation(p.operationId), p.extra) }));
export type Provenance = z.infer<typeof provenanceSchema>;

export const inspectedFileSchema = z.object({
  provenance: provenanceSchema.nullable(),
  /** The task in this library the file came from, when it is still here. */
  task: taskSummarySchema.nullable(),
  /** Why nothing was found, in plain words (null when found). */
  note: z.string().nullable(),
});
export type InspectedFile = z.infer<typeof inspectedFileSchema>;

export const exportResultSchema = z.object({
  path: z.string(),
  name: z.string(),
  files: z.number().int(),
  tasks: z.number().int(),
  url: z.string().nullable(),
});
