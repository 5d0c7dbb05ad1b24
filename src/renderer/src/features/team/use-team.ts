import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { ShareProgressEvent } from '../../../../shared/domain/team';
import { useFirstFramePainted } from '../../boot/first-frame';
import { useBridge } from '../../bridge/bridge-context';
import { queryKeys } from '../../state/query-keys';
import { memberQueryIds } from './member-query';

/**
 * The joined team and this run's state in it (credentials only as "set"). First asked once the first frame is
 * on screen: the first screen stays one bridge call (tiles get their makers' initials a moment later).
 */
export function useTeam() {
  const bridge = useBridge();
  const painted = useFirstFramePainted();
  return useQuery({ queryKey: queryKeys.team.state, queryFn: () => bridge.call('getTeam', {}), staleTime: 30_000, enabled: painted });
}

/** Whether this run works in a team (tiles and the ledger then say who made and spent what). */
export function useTeamActive(): boolean {
  return useTeam().data?.active === true;
}

/** Who made each of these tasks, in team mode (one call for the visible page; empty in solo mode). */
export function useTaskMembers(ids: readonly string[]): Record<string, string> {
  const bridge = useBridge();
  const active = useTeamActive();
  const sorted = useMemo(() => memberQueryIds(ids, active), [ids, active]);
  const q = useQuery({
    queryKey: queryKeys.team.members(sorted),
    queryFn: () => bridge.call('getTaskMembers', { ids: [...sorted] }),
    enabled: sorted.length > 0,
    staleTime: 60_000,
    placeholderData: (prev) => prev,
  });
  return q.data ?? {};
}

/** The last progress of "Share this library with the team", pushed by core. */
export function useShareProgress(): ShareProgressEvent | undefined {
  const bridge = useBridge();
  const qc = useQueryClient();
  useEffect(() => bridge.on('teamShareProgressed', (p) => qc.setQueryData(queryKeys.team.shareProgress, p)), [bridge, qc]);
  return useQuery<ShareProgressEvent | null>({ queryKey: queryKeys.team.shareProgress, queryFn: () => null, staleTime: Infinity }).data ?? undefined;
}
