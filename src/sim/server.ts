import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SimFamily, SimFault, SimOptions, SimRequestLogEntry, Simulator } from './types';
import type { Route, SimContext } from './context';
import type { Exchange } from './exchange';
import { HttpError, sendError } from './exchange';
import { FaultEngine } from './faults';
import { FileStore } from './file-store';
import { MediaLibrary, resolveResourcesDir } from './media';
import { isAuthorized, redactedHeaders } from './auth';
import { applyRequestFaults } from './request-faults';
import { blobRoutes, fileRoutes } from './files-route';
import { controlRoutes } from './control-routes';
import { describeUrl } from './describe';
import { gatewayRoutes } from './families/gateway';
import { videoContentResolver, videoRoutes } from './families/videos';
import { imageEditRoutes } from './families/image-edit';
import { unifiedVideoRoutes } from './families/unified-video';
import { unifiedImageRoutes } from './families/unified-image';
import { vendorRoutes } from './families/vendor';
import { restoreSimState, saveSimState } from './persist';
import { ParallelLimit, parallelRoutes } from './parallel-limit';

const FAMILY_ROUTES: Route[] = [
  ...gatewayRoutes,
  ...videoRoutes,
  ...imageEditRoutes,
  ...unifiedVideoRoutes,
  ...unifiedImageRoutes,
  ...vendorRoutes,
  ...fileRoutes,
];

const isFamily = (f: Route['family']): f is SimFamily => f !== 'files' && f !== 'control';

function methodMatches(route: Route, method: string): boolean {
  return route.method === method || (route.method === 'GET_HEAD' && (method === 'GET' || method === 'HEAD'));
}

export async function startSimulator(options: SimOptions): Promise<Simulator> {
  // One array for the simulator's lifetime: clearLog() empties it in place so held references stay live.
  const log: SimRequestLogEntry[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let baseUrl = '';
  const faults = new FaultEngine(options.seed ?? 1, options.faults ?? []);
  const parallel = new ParallelLimit(options.parallelLimit ?? null);
  const ctx: SimContext = {
    apiKey: options.apiKey,
    speed: options.speed ?? 'fast',
    gatewayAuthHeader: (options.gatewayAuthHeader ?? 'authorization').toLowerCase(),
    faults,
    files: new FileStore(() => baseUrl),
    media: new MediaLibrary(resolveResourcesDir(options.resourcesDir), options.videoResultBytes),
    baseUrl: () => baseUrl,
    now: options.now ?? (() => Date.now()),
    finishes: new Map(),
    schedule(ms, fn) {
      const t = setTimeout(() => {
        timers.delete(t);
        fn();
      }, ms);
      timers.add(t);
    },
    resolvers: [],
    tasks: new Map(),
    saveState: () => {
      if (options.state) saveSimState(ctx, options.state);
    },
  };
  ctx.resolvers.push(videoContentResolver(ctx));
  const setFaults = (f: SimFault[]): void => faults.set(f);
  const clearLog = (): void => {
    log.length = 0;
  };
  const routes: Route[] = [
    ...FAMILY_ROUTES,
    ...(options.control === false ? [] : [...controlRoutes(() => log, setFaults, clearLog), ...blobRoutes, ...parallelRoutes(parallel)]),
  ];

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    const candidates = routes.filter((r) => r.pattern.test(url.pathname));
    const route = candidates.find((r) => methodMatches(r, method));
    const entry: SimRequestLogEntry = {
      at: Date.now(),
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      family: (route ?? candidates[0])?.family ?? 'unknown',
      status: 0,
      authorized: false,
      headers: redactedHeaders(req, ctx.gatewayAuthHeader),
    };
    log.push(entry);
    const ex: Exchange = { req, res, url, entry, params: [], family: undefined, slowMs: 0 };
    try {
      if (!route) {
        if (candidates.length)
          throw new HttpError(405, 'method_not_allowed', `${method} is not allowed on ${url.pathname}`);
        throw new HttpError(404, 'not_found', `no route for ${method} ${url.pathname}`);
      }
      ex.params = (route.pattern.exec(url.pathname) ?? []).slice(1).map((p) => decodeURIComponent(p));
      entry.authorized = isAuthorized(route.auth, req, ctx);
      if (!entry.authorized)
        throw new HttpError(401, 'unauthorized', 'missing or invalid API key', {
          'www-authenticate': 'Bearer',
        });
      if (route.point && isFamily(route.family)) {
        ex.family = route.family;
        if (await applyRequestFaults(ex, ctx, route.point, route.family)) return;
        if (route.point === 'submit' && (await parallel.refuse(ex, ctx, route.family))) return;
      }
      await route.handle(ex, ctx);
    } catch (err) {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (err instanceof HttpError) sendError(ex, err);
      else
        sendError(ex, new HttpError(500, 'internal_error', err instanceof Error ? err.message : String(err)));
    }
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // Loopback only: the demo gateway must never be reachable from the network.
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // After listening: a restored gateway task may schedule its callback, and URLs need the base URL.
  const restoredTasks = options.state ? restoreSimState(ctx, options.state) : 0;

  return {
    baseUrl,
    apiKey: options.apiKey,
    log,
    setFaults,
    clearLog,
    describeResult: (u) => describeUrl(ctx, u),
    finishTimes: () => Object.fromEntries(ctx.finishes),
    restoredTasks,
    setParallelLimit: (limit) => parallel.set(limit),
    parallelFigures: () => parallel.figures(ctx),
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        timers.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
