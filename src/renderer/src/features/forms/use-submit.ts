import { currentBoardId } from '../library';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Values } from '../../../../shared/operations/fields';
import type { OperationId } from '../../../../shared/operations/ids';
import { BridgeError } from '../../../../shared/bridge/result';
import { useBridge } from '../../bridge/bridge-context';
import { useBridgeStatus } from '../../bridge/bridge-status';
import { queryKeys } from '../../state/query-keys';

export type Notice =
  | { kind: 'sent'; taskId: string }
  | { kind: 'error'; code: string; message: string }
  | { kind: 'unauthorized'; message: string }
  /** Core cannot be reached (web host or bridge down): said at once, nothing sent, the draft kept. */
  | { kind: 'offline' };

/**
 * Sends a form to core without blocking it: the button spins while the call is in flight, the form stays
 * editable, and the answer becomes a notice (sent, or the server's 400/401 message at the form).
 * One intent, one submission: pressing Generate again while the same values are on their way sends nothing,
 * and each press carries its own idempotency key, so core never submits one intent twice either.
 * Offline, it says so at once instead of waiting for a socket that is not there.
 */
export function useSubmit(operationId: OperationId) {
  const bridge = useBridge();
  const qc = useQueryClient();
  const [pending, setPending] = useState(0);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [serverIssues, setServerIssues] = useState<Record<string, string>>({});
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<{ fingerprint: string; key: string } | null>(null);
  useEffect(() => () => clearTimeout(timer.current), []);

  const submit = useCallback(
    /** `batch`: ×N and/or several models, sent as one batch (issue 17). */
    async (values: Values, extra: Record<string, unknown>, batch?: { count: number; models: string[] | null }) => {
      if (!useBridgeStatus.getState().connected) {
        setNotice({ kind: 'offline' });
        return;
      }
      const fingerprint = JSON.stringify([values, extra]);
      if (inFlight.current?.fingerprint === fingerprint) return; // the same intent is already on its way
      const key = crypto.randomUUID();
      inFlight.current = { fingerprint, key };
      setPending((n) => n + 1);
      setNotice(null);
      setServerIssues({});
      clearTimeout(timer.current);
      try {
        const task = batch
          ? (await bridge.call('submitBatch', { operationId, values, extra, count: batch.count, models: batch.models, boardId: currentBoardId() })).first
          : await bridge.call('submitTask', {
              operationId,
              values,
              extra,
              idempotencyKey: key,
              boardId: currentBoardId(),
            });
        setNotice({ kind: 'sent', taskId: task.id });
        timer.current = setTimeout(() => setNotice((n) => (n?.kind === 'sent' ? null : n)), 6000);
        void qc.invalidateQueries({ queryKey: queryKeys.tasks.all });
      } catch (e) {
        const err =
          e instanceof BridgeError
            ? e
            : new BridgeError('internal', e instanceof Error ? e.message : String(e));
        if (err.fields) setServerIssues(err.fields);
        if (!useBridgeStatus.getState().connected) setNotice({ kind: 'offline' });
        else setNotice(err.code === 'gateway_unauthorized' ? { kind: 'unauthorized', message: err.message } : { kind: 'error', code: err.code, message: err.message });
      } finally {
        if (inFlight.current?.key === key) inFlight.current = null;
        setPending((n) => n - 1);
      }
    },
    [bridge, qc, operationId],
  );

  const clearServerIssue = useCallback((name: string) => {
    setServerIssues((s) => {
      if (!(name in s)) return s;
      const next = { ...s };
      delete next[name];
      return next;
    });
  }, []);

  return {
    submit,
    pending: pending > 0,
    notice,
    dismiss: () => setNotice(null),
    serverIssues,
    clearServerIssue,
  };
}
