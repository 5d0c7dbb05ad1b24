import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BridgeProvider } from '../bridge/bridge-context';
import { useBridgeStatus } from '../bridge/bridge-status';
import { connectBridge } from '../bridge/connect';
import { Shell } from './Shell';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 5_000 } },
});

/** Connects the bridge once, then renders the studio. */
export function App() {
  const { t } = useTranslation();
  const connected = useBridgeStatus((s) => s.connected);
  const client = useMemo(() => connectBridge(useBridgeStatus.getState().setConnected), []);
  if (!client) return <div className="empty-state" style={{ height: '100%' }}>{t('app.noToken')}</div>;
  return (
    <QueryClientProvider client={queryClient}>
      <BridgeProvider client={client}>
        <Shell connected={connected} />
      </BridgeProvider>
    </QueryClientProvider>
  );
}
