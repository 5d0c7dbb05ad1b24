import { z } from 'zod';
import { preferencesPatchSchema, preferencesSchema } from '../domain/preferences';
import { gatewayHealthSchema } from '../domain/gateway-health';
import { connectionTestSchema, profileInputSchema, profileSchema } from '../domain/profile';
import { KEPT_SCREEN_MAX_CHARS } from '../kept-screen';
import { inputRefSchema, taskDetailSchema, taskFilterSchema, taskStatusSchema, taskSummarySchema } from '../domain/task';
import { operationIdSchema } from '../operations/ids';
import { estimateSchema } from '../domain/estimate';
import { batchGroupSchema, ledgerSchema, savedPromptSchema } from '../domain/studio';
import { boundedRecord, EXTRA_BOUNDS, VALUES_BOUNDS } from './bounds';
import { noticeSchema } from '../domain/notice';
import { queueCancelInputSchema, queueCancelOutputSchema, queueLimitInputSchema, queueMoveInputSchema, queuePauseInputSchema, queueSnapshotSchema } from '../domain/queue';
import {
  boardNameSchema,
  boardPageSchema,
  boardSchema,
  declaredParentSchema,
  exportResultSchema,
  frameOriginSchema,
  inspectedFileSchema,
  lineageSchema,
} from '../domain/library';
import { shareProgressSchema, teamJoinInputSchema, teamSpendSchema, teamStateSchema, teamTestSchema } from '../domain/team';

/** A bridge method: what it takes and what it answers, both checked at the boundary. */
export interface MethodSpec<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  output: O;
}
const method = <I extends z.ZodType, O extends z.ZodType>(input: I, output: O): MethodSpec<I, O> => ({ input, output });

const none = z.object({}).strict();
const id = z.string().min(1).max(100);
const idInput = z.object({ id }).strict();
const resultRef = z.object({ id, index: z.number().int().nonnegative().max(10_000) }).strict();
const ok = z.object({ ok: z.literal(true) });

export const appInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  transport: z.enum(['electron', 'web']),
  platform: z.string(),
  dataDir: z.string(),
  libraryDir: z.string(),
  /** How API keys are stored here, so the UI can say so plainly. */
  secretStorage: z.object({ kind: z.enum(['os-keychain', 'file-0600', 'weak']), note: z.string() }),
});

export const connectionSchema = z.object({
  profileId: z.string(),
  profileName: z.string(),
  demo: z.boolean(),
  baseUrl: z.string(),
  hasKey: z.boolean(),
  /** The gateway's last answer to this profile's requests (the pill shows it, not only the bridge's state). */
  health: gatewayHealthSchema.default('unknown'),
});

export const taskPageSchema = z.object({
  items: z.array(taskSummarySchema),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
  counts: z.record(taskStatusSchema, z.number().int()),
});


/** `keepFirstScreen`'s input: the HTML, the window width it was laid out for, and what it shows. */
export const keptFirstScreenSchema = z
  .object({
    html: z.string().min(1).max(KEPT_SCREEN_MAX_CHARS),
    width: z.number().int().min(200).max(16_384),
    /** The theme it was painted in (the system's, when the preference follows it). */
    theme: z.enum(['light', 'dark']),
    /**
     * The renderer build it was laid out by: its entry script's file name (hashed, so it changes with any
     * code it loads). A copy is painted only into the same build's index.html: after an update, another
     * build's markup and class names would be wrong for the new styles.
     */
    build: z.string().min(1).max(200),
    /** The gallery's filter when it was kept (its first page is what the tiles show). */
    filter: taskFilterSchema,
    /** The tiles in the HTML, in order: kept only while the first page still has these, in these states. */
    shown: z
      .array(z.object({ id: z.string().min(1).max(100), status: z.string().max(40), favourite: z.boolean() }).strict())
      .min(1)
      .max(300),
  })
  .strict();

/**
 * Everything the first screen shows, in one answer (`getFirstScreen`): the renderer asks for it before React
 * mounts and seeds its query cache with it, so the studio paints after one round trip.
 */
export const firstScreenSchema = z.object({
  preferences: preferencesSchema,
  connection: connectionSchema,
  profiles: z.array(profileSchema),
  notices: z.array(noticeSchema),
  /** The board picker's first page, with the current board (the filter's) wherever it is. */
  boards: boardPageSchema,
  batches: z.array(batchGroupSchema),
  /** The gallery's first page under the input filter; its counts ignore the filter's statuses (the chips). */
  page: taskPageSchema,
  /** Counts per status over the whole library (the window title's running count). */
  everything: taskPageSchema.shape.counts,
  /** The hidden (rejected) tasks, newest first (the "restore" bar). */
  rejected: taskPageSchema,
});

const submitInput = z
  .object({
    operationId: operationIdSchema,
    values: boundedRecord(VALUES_BOUNDS),
    extra: boundedRecord(EXTRA_BOUNDS).default({}),
    /** One per user intent (a Generate press): repeating it returns the first task, never a second submission. */
    idempotencyKey: z.string().min(8).max(100).optional(),
    /** The board (project) the new task goes on; null: none. */
    boardId: z.string().max(100).nullable().optional(),
    /** Lineage the renderer knows and core cannot infer from the values (e.g. `reruns`). */
    parents: z.array(declaredParentSchema).max(32).optional(),
  })
  .strict();

/**
 * The one contract of the bridge between the renderer and core. The preload API, the IPC handler map, the
 * WebSocket host and the renderer client are all typed from this object; channel names derive from its keys.
 */
export const contract = {
  methods: {
    getAppInfo: method(none, appInfoSchema),
    getPreferences: method(none, preferencesSchema),
    updatePreferences: method(preferencesPatchSchema.strict(), preferencesSchema),
    getConnection: method(none, connectionSchema),
    listProfiles: method(none, z.array(profileSchema)),
    /**
     * Creates or replaces a profile. Changing its base URL or auth header clears its stored key (a key belongs
     * to one origin) unless `key` re-enters it in this same save.
     */
    saveProfile: method(profileInputSchema.extend({ key: z.string().min(1).max(4096).optional() }).strict(), profileSchema),
    deleteProfile: method(idInput, ok),
    /** Sets or replaces a key. There is deliberately no method that returns a key. */
    setProfileKey: method(
      z.object({ id, key: z.string().min(1).max(4096), acceptWeakStorage: z.boolean().default(false) }).strict(),
      profileSchema,
    ),
    clearProfileKey: method(idInput, profileSchema),
    selectProfile: method(idInput, connectionSchema),
    testConnection: method(idInput, connectionTestSchema),
    stageInputFromPath: method(z.object({ path: z.string().min(1).max(4096) }).strict(), inputRefSchema),
    /** `origin`: the bytes are a frame captured from a video result (recorded for lineage). */
    stageInputBytes: method(
      z
        .object({
          name: z.string().max(260),
          mime: z.string().max(100),
          bytes: z.instanceof(Uint8Array),
          origin: frameOriginSchema.optional(),
        })
        .strict(),
      inputRefSchema,
    ),
    submitTask: method(submitInput, taskSummarySchema),
    /**
     * What one task with these form values is expected to take and cost on the active profile, before it is
     * submitted (the Generate button): from the profile's history, else the gateway's own figures, else typical.
     */
    estimateTask: method(z.object({ operationId: operationIdSchema, values: boundedRecord(VALUES_BOUNDS) }).strict(), estimateSchema),
    /** ×N (1–8) submissions of the same values, on one or several models (one task each), as one batch. */
    submitBatch: method(
      submitInput.extend({ count: z.number().int().min(1).max(8), models: z.array(z.string().min(1).max(200)).min(1).max(4).nullable().default(null) }).strict(),
      z.object({ batchId: z.string(), first: taskSummarySchema }),
    ),
    /** Submits a task again with the same inputs (a new task; the old one is kept). `intoBatch`: joins the old one's batch. */
    rerunTask: method(z.object({ id, intoBatch: z.boolean().default(false) }).strict(), taskSummarySchema),
    /** The most recent batches with their members (the gallery's batch groups). */
    listBatches: method(z.object({ limit: z.number().int().min(1).max(50).default(20) }).strict(), z.array(batchGroupSchema)),
    /** "Reject others" in Compare hides tasks from the gallery; `rejected: false` restores them. */
    setRejected: method(z.object({ ids: z.array(id).min(1).max(100), rejected: z.boolean() }).strict(), ok),
    /** Points spent per day and per batch, today's total and the daily budget. */
    getLedger: method(none, ledgerSchema),
    /** Sets (or with null, removes) the daily points budget above which Generate asks for confirmation. */
    setDailyBudget: method(z.object({ points: z.number().positive().max(1e9).nullable() }).strict(), ledgerSchema),
    /** Recent distinct prompts of an operation, newest first (↑/↓ in an empty prompt). */
    recentPrompts: method(z.object({ operationId: operationIdSchema, limit: z.number().int().min(1).max(100).default(30) }).strict(), z.array(z.string())),
    /** The prompt library, newest first, filtered by name or text. */
    listPrompts: method(z.object({ search: z.string().max(200).optional() }).strict(), z.array(savedPromptSchema)),
    /** Saves a prompt to the library (with `id`: renames or edits it). */
    savePrompt: method(
      z.object({ id: id.optional(), name: z.string().trim().min(1).max(120), text: z.string().min(1).max(20_000), operationId: operationIdSchema.nullable().optional() }).strict(),
      savedPromptSchema,
    ),
    deletePrompt: method(idInput, ok),
    listTasks: method(
      z.object({ filter: taskFilterSchema.default({ sort: 'newest' }), cursor: z.string().max(1024).nullable().default(null), limit: z.number().int().min(1).max(500).default(100) }).strict(),
      taskPageSchema,
    ),
    /**
     * The first screen in one call: preferences, connection, profiles, notices, boards, recent batches, the
     * gallery's first page (with its counts) under `filter`, the library's counts and the rejected tasks.
     */
    getFirstScreen: method(
      z.object({ filter: taskFilterSchema.default({ sort: 'newest' }), limit: z.number().int().min(1).max(500).default(150) }).strict(),
      firstScreenSchema,
    ),
    getTask: method(idInput, taskDetailSchema),
    /**
     * The studio's first screen as it is now (serialised by the renderer, test ids renamed, the form column
     * empty), kept by core and painted from the HTML at the next load while it still matches the library.
     */
    keepFirstScreen: method(keptFirstScreenSchema, z.object({ kept: z.boolean() })),
    checkTask: method(idInput, taskSummarySchema),
    retryDownload: method(idInput, taskSummarySchema),
    stopTracking: method(idInput, taskSummarySchema),
    setFavourite: method(z.object({ id, favourite: z.boolean() }).strict(), taskSummarySchema),
    deleteTask: method(z.object({ id, deleteFiles: z.boolean() }).strict(), ok),
    /**
     * Desktop only: main asks where (its own native save dialog) and core copies the file there; the caller
     * never names a target path (strict: a `targetPath` is refused). Web mode saves through a browser download.
     */
    saveResultAs: method(resultRef, z.object({ path: z.string().nullable() })),
    revealResult: method(resultRef, ok),
    openExternal: method(z.object({ url: z.string().max(2048) }).strict(), ok),
    /** Desktop only: quits (core stops first, as at any quit) and starts Atelier again, e.g. to work in a team just joined or left. */
    relaunchApp: method(none, ok),
    /** Desktop only: the OS folder picker for the library folder (null when cancelled). Web mode: `forbidden`. */
    chooseLibraryFolder: method(none, z.object({ path: z.string().nullable() })),
    /** The file name a result would get with this pattern, from sample values (Settings shows it live). */
    previewFileName: method(z.object({ pattern: z.string().min(1).max(200) }).strict(), z.object({ example: z.string() })),
    /**
     * Desktop only: starts an OS drag of a result file out of the app. Call it from the renderer's
     * `dragstart` handler (after `preventDefault()`); web mode answers `forbidden` (use a download link there).
     */
    startDragResult: method(resultRef, ok),
    /** Notices of this run: damaged files kept aside (naming the copy), a full disk. */
    listNotices: method(none, z.array(noticeSchema)),
    /** Hides a notice for the rest of this run. */
    dismissNotice: method(idInput, ok),
    /** "Made from" and "used by" of a task, and the chain through it. */
    getLineage: method(idInput, lineageSchema),
    /**
     * Boards, a page at a time, oldest first (130,000 boards in one answer once passed the 16 MiB bound).
     * `include` adds that board when it is not on the page (the current one); `query` keeps names containing it.
     */
    listBoards: method(
      z
        .object({
          cursor: z.string().regex(/^\d{1,15}$/).nullable().optional(),
          limit: z.number().int().min(1).max(500).optional(),
          include: id.nullable().optional(),
          query: z.string().max(80).optional(),
        })
        .strict(),
      boardPageSchema,
    ),
    createBoard: method(z.object({ name: boardNameSchema }).strict(), boardSchema),
    renameBoard: method(z.object({ id, name: boardNameSchema }).strict(), ok),
    /** Deletes a board; its tasks stay in the library. */
    deleteBoard: method(idInput, ok),
    /** Puts tasks on a board, or (null) takes them off any board. */
    moveToBoard: method(z.object({ ids: z.array(id).min(1).max(5000), boardId: id.nullable() }).strict(), ok),
    /** A ZIP of the tasks' results with manifest.json and manifest.csv, written under the library's `exports/`. */
    exportTasks: method(z.object({ ids: z.array(id).min(1).max(5000) }).strict(), exportResultSchema),
    /**
     * Reads the Atelier settings embedded in a staged file (the renderer stages a dropped file, or only its
     * first and last megabytes: that is where the metadata lives).
     */
    inspectInput: method(z.object({ id: inputRefSchema.shape.id }).strict(), inspectedFileSchema),
    /**
     * "Import folder": indexes the Atelier-made files under a folder into this library (copies into
     * `imported/`). `path` null: the desktop folder picker asks (web mode: a path is required).
     */
    importFolder: method(
      z.object({ path: z.string().min(1).max(4096).nullable() }).strict(),
      z.object({
        scanned: z.number().int(),
        found: z.number().int(),
        imported: z.number().int(),
        known: z.number().int(),
        /** Files left out and why (a damaged file, text named .png, an unreadable file); at most 50 listed. */
        skipped: z.array(z.object({ file: z.string(), reason: z.string() })).max(50).default([]),
        /** Said to the user: the file cap was reached, files were skipped; null when all went well. */
        note: z.string().nullable().default(null),
        path: z.string().nullable(),
      }),
    ),
    /** Records that a staged input is a frame captured from a video result (lineage `frame`). */
    recordFrameOrigin: method(z.object({ inputId: inputRefSchema.shape.id, origin: frameOriginSchema }).strict(), ok),
    /** Issue 30: the queue per gateway profile (running and waiting tasks, places, estimates, pauses, limits). */
    getQueue: method(none, queueSnapshotSchema),
    /** Pauses or resumes the whole queue (`profileId` null) or one profile's line; it survives a restart. */
    setQueuePaused: method(queuePauseInputSchema, queueSnapshotSchema),
    /** Sets a profile's slot limit (null: unlimited), replacing a learned one. */
    setQueueLimit: method(queueLimitInputSchema, queueSnapshotSchema),
    /** Reorders a waiting task: send next, send last, or before another one (a drop in the list). */
    moveQueued: method(queueMoveInputSchema, queueSnapshotSchema),
    /** Cancels a waiting task, or every waiting member of a batch: nothing is sent, nothing spent. */
    cancelQueued: method(queueCancelInputSchema, queueCancelOutputSchema),
    /** Issue 29, Settings → Team: the joined team (credentials only as "set"), and this run's state in it. */
    getTeam: method(none, teamStateSchema),
    /** Reaches the team's database and media with the form's values (stored credentials fill empty fields). */
    testTeam: method(teamJoinInputSchema, teamTestSchema),
    /** Joins (runs the database's migrations, stores the credentials in the secret store); used from the next start. */
    joinTeam: method(teamJoinInputSchema.extend({ acceptWeakStorage: z.boolean().default(false) }).strict(), teamStateSchema),
    leaveTeam: method(none, teamStateSchema),
    /** Who made each of these tasks (team mode; empty in solo mode). */
    getTaskMembers: method(z.object({ ids: z.array(id).max(500) }).strict(), z.record(z.string(), z.string())),
    /** The team's spend per member, day and board (team mode). */
    getTeamSpend: method(none, teamSpendSchema),
    /** Starts (or rejoins) "Share this library with the team"; progress comes as `teamShareProgressed`. */
    shareLibraryWithTeam: method(none, shareProgressSchema),
  },
  events: {
    taskChanged: taskSummarySchema,
    taskRemoved: z.object({ id: z.string() }),
    downloadProgressed: z.object({ id: z.string(), index: z.number().int(), received: z.number(), total: z.number().nullable() }),
    preferencesChanged: preferencesSchema,
    connectionChanged: connectionSchema,
    /** The user clicked an OS notification about this task (desktop): the window is focused, show the task. */
    notificationClicked: z.object({ id: z.string() }),
    /** The whole list of notices, after any change. */
    noticesChanged: z.array(noticeSchema),
    /** The queue after a change (a task waiting, sent, finished; a pause, a limit, a move). */
    queueChanged: queueSnapshotSchema,
    /** "Share this library with the team" moved on (or ended). */
    teamShareProgressed: shareProgressSchema,
    /**
     * Team mode: another machine's edits of boards, saved prompts or a task's board arrived (the lists that
     * show them read again). `placement` is a task moved to or off a board.
     */
    sharedItemsChanged: z.object({ kinds: z.array(z.enum(['board', 'prompt', 'placement'])).max(3) }),
  },
} as const;

export type Contract = typeof contract;
export type MethodName = keyof Contract['methods'];
export type EventName = keyof Contract['events'];
export type MethodInput<M extends MethodName> = z.input<Contract['methods'][M]['input']>;
export type MethodParsedInput<M extends MethodName> = z.output<Contract['methods'][M]['input']>;
export type MethodOutput<M extends MethodName> = z.output<Contract['methods'][M]['output']>;
export type EventPayload<E extends EventName> = z.output<Contract['events'][E]>;

/** What core implements: one async function per method, taking the parsed input. */
export type Handlers = { [M in MethodName]: (input: MethodParsedInput<M>) => Promise<MethodOutput<M>> };

/** Channel names, derived from the contract (never typed by hand). */
export const methodChannel = (m: MethodName): string => `atelier:call:${m}`;
export const eventChannel = (e: EventName): string => `atelier:event:${e}`;
export const METHOD_NAMES = Object.keys(contract.methods) as MethodName[];
export const EVENT_NAMES = Object.keys(contract.events) as EventName[];
export const isMethodName = (s: unknown): s is MethodName => typeof s === 'string' && Object.hasOwn(contract.methods, s);
export const isEventName = (s: unknown): s is EventName => typeof s === 'string' && Object.hasOwn(contract.events, s);

export type AppInfo = z.infer<typeof appInfoSchema>;
export type Connection = z.infer<typeof connectionSchema>;
export type TaskPage = z.infer<typeof taskPageSchema>;
export type FirstScreen = z.infer<typeof firstScreenSchema>;
