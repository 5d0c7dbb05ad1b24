import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MethodInput } from '../../../../../shared/bridge/contract';
import { useBridge } from '../../../bridge/bridge-context';
import { queryKeys } from '../../../state/query-keys';

/** Profile and key mutations; each refreshes the profile list and the connection pill. */
export function useProfileActions() {
  const bridge = useBridge();
  const qc = useQueryClient();
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: queryKeys.profiles });
    void qc.invalidateQueries({ queryKey: queryKeys.connection });
  };
  return {
    save: useMutation({
      mutationFn: (p: MethodInput<'saveProfile'>) => bridge.call('saveProfile', p),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => bridge.call('deleteProfile', { id }),
      onSuccess: refresh,
    }),
    select: useMutation({
      mutationFn: (id: string) => bridge.call('selectProfile', { id }),
      onSuccess: refresh,
    }),
    setKey: useMutation({
      mutationFn: (input: MethodInput<'setProfileKey'>) => bridge.call('setProfileKey', input),
      onSuccess: refresh,
    }),
    clearKey: useMutation({
      mutationFn: (id: string) => bridge.call('clearProfileKey', { id }),
      onSuccess: refresh,
    }),
  };
}
