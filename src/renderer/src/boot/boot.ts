import type { BridgeTransport } from '../../../shared/bridge/client';
import type { FirstScreen } from '../../../shared/bridge/contract';
import type { TaskFilter } from '../../../shared/domain/task';
import { useBridgeStatus } from '../bridge/bridge-status';
import { connectTransport } from '../bridge/connect';
import { filterOf, useGalleryStore } from '../features/gallery/gallery-store';
import { PAGE_SIZE } from '../features/gallery/hooks/page-size';
import { useBoardStore } from '../features/library/boards/board-store';
import { dropKeptScreenIfOther, keptVideoFrames, takeInlineFirstScreen } from './kept-screen-element';

/** What the entry module starts before the app's code has even loaded. */
export interface Boot {
  /** The bridge's transport, already connecting (null: web mode without a session token). */
  transport: BridgeTransport | null;
  /** The gallery's filter and its counts' filter at start (as `useGalleryFilter` computes them). */
  filter: TaskFilter;
  countsFilter: TaskFilter;
  /** The first screen's data (`getFirstScreen`), or null if that call failed: each part is then asked for alone. */
  firstScreen: Promise<FirstScreen | null>;
  /** The video frames the kept screen painted, by task id (empty without one). */
  keptFrames: Map<string, string>;
}

/**
 * Opens the bridge and asks core for the first screen at once, so the round trip overlaps loading, parsing
 * and running the app's code instead of following it. Small on purpose: it is the entry chunk.
 */
export function startBoot(): Boot {
  const transport = connectTransport(useBridgeStatus.getState().setConnected);
  const gallery = useGalleryStore.getState();
  const boardId = useBoardStore.getState().boardId;
  const board = boardId ? { boardId } : {};
  const filter = { ...filterOf(gallery), ...board };
  const countsFilter = { ...filterOf(gallery, false), ...board };
  dropKeptScreenIfOther(document, filter);
  const keptFrames = keptVideoFrames(document);
  // Served with a kept screen, the HTML carries the first screen's data too: no round trip before React.
  const inline = takeInlineFirstScreen(document, filter);
  const firstScreen = inline
    ? Promise.resolve(inline)
    : transport
      ? transport.invoke('getFirstScreen', { filter, limit: PAGE_SIZE }).then(
          (reply) => (reply.ok ? (reply.value as FirstScreen) : null),
          () => null,
        )
      : Promise.resolve(null);
  return { transport, filter, countsFilter, firstScreen, keptFrames };
}
