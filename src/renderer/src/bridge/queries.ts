import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { MethodInput } from '../../../shared/bridge/contract';
import { useBridge } from './bridge-context';

/** Query keys mirror contract method names (conventions §8). */
export const qk = {
  appInfo: ['getAppInfo'] as const,
  preferences: ['getPreferences'] as const,
  connection: ['getConnection'] as const,
  profiles: ['listProfiles'] as const,
  tasks: ['listTasks'] as const,
  task: (id: string) => ['getTask', id] as const,
};

export const useAppInfo = () => {
  const bridge = useBridge();
  return useQuery({ queryKey: qk.appInfo, queryFn: () => bridge.call('getAppInfo', {}), staleTime: Infinity });
};

export const usePreferences = () => {
  const bridge = useBridge();
  return useQuery({ queryKey: qk.preferences, queryFn: () => bridge.call('getPreferences', {}) });
};

export const useConnection = () => {
  const bridge = useBridge();
  return useQuery({ queryKey: qk.connection, queryFn: () => bridge.call('getConnection', {}) });
};

export const useProfiles = () => {
  const bridge = useBridge();
  return useQuery({ queryKey: qk.profiles, queryFn: () => bridge.call('listProfiles', {}) });
};

export const useUpdatePreferences = () => {
  const bridge = useBridge();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: MethodInput<'updatePreferences'>) => bridge.call('updatePreferences', patch),
    onSuccess: (prefs) => qc.setQueryData(qk.preferences, prefs),
  });
};

/** Push events patch the cache: the renderer never polls. */
export function useBridgeEvents(): void {
  const bridge = useBridge();
  const qc = useQueryClient();
  useEffect(() => {
    const offs = [
      bridge.on('preferencesChanged', (prefs) => qc.setQueryData(qk.preferences, prefs)),
      bridge.on('connectionChanged', (c) => {
        qc.setQueryData(qk.connection, c);
        void qc.invalidateQueries({ queryKey: qk.profiles });
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [bridge, qc]);
}
