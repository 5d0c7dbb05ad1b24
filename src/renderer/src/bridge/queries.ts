import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { MethodInput } from '../../../shared/bridge/contract';
import { useBridge } from './bridge-context';
import { queryKeys } from '../state/query-keys';

export const useAppInfo = () => {
  const bridge = useBridge();
  return useQuery({
    queryKey: queryKeys.appInfo,
    queryFn: () => bridge.call('getAppInfo', {}),
    staleTime: Infinity,
  });
};

export const usePreferences = () => {
  const bridge = useBridge();
  return useQuery({ queryKey: queryKeys.preferences, queryFn: () => bridge.call('getPreferences', {}) });
};

export const useConnection = () => {
  const bridge = useBridge();
  return useQuery({ queryKey: queryKeys.connection, queryFn: () => bridge.call('getConnection', {}) });
};

export const useProfiles = () => {
  const bridge = useBridge();
  return useQuery({ queryKey: queryKeys.profiles, queryFn: () => bridge.call('listProfiles', {}) });
};

export const useUpdatePreferences = () => {
  const bridge = useBridge();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: MethodInput<'updatePreferences'>) => bridge.call('updatePreferences', patch),
    onSuccess: (prefs) => qc.setQueryData(queryKeys.preferences, prefs),
  });
};

/** Push events patch the cache: the renderer never polls. */
export function useBridgeEvents(): void {
  const bridge = useBridge();
  const qc = useQueryClient();
  useEffect(() => {
    const offs = [
      bridge.on('preferencesChanged', (prefs) => qc.setQueryData(queryKeys.preferences, prefs)),
      bridge.on('connectionChanged', (c) => {
        qc.setQueryData(queryKeys.connection, c);
        void qc.invalidateQueries({ queryKey: queryKeys.profiles });
      }),
      // Team mode: a teammate's boards, saved prompts or board placements arrived; the lists showing them
      // read again (a placement moves a task between boards: the gallery's board view and the counts too).
      bridge.on('sharedItemsChanged', ({ kinds }) => {
        if (kinds.includes('board') || kinds.includes('placement'))
          void qc.invalidateQueries({ queryKey: queryKeys.boards.all });
        if (kinds.includes('placement')) void qc.invalidateQueries({ queryKey: queryKeys.tasks.all });
        if (kinds.includes('prompt')) void qc.invalidateQueries({ queryKey: queryKeys.prompts.all });
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [bridge, qc]);
}
