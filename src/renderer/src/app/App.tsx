import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createBridgeClient, type BridgeTransport } from '../../../shared/bridge/client';
import { markFirstFrame } from '../boot/first-frame';
import { BridgeProvider } from '../bridge/bridge-context';
import { useBridgeStatus } from '../bridge/bridge-status';
import { queryClient } from './query-client';
import { TooltipProvider } from '../ui/primitives';
import { Shell } from './Shell';

/** The studio on the bridge the entry module opened (see boot/boot.ts). */
export function App({ transport }: { transport: BridgeTransport | null }) {
  const { t } = useTranslation();
  const connected = useBridgeStatus((s) => s.connected);
  const client = useMemo(() => (transport ? createBridgeClient(transport) : null), [transport]);
  useEffect(() => markFirstFrame(), []);
  if (!client)
    return (
      <div className="empty-state" style={{ height: '100%' }}>
        {t('app.noToken')}
      </div>
    );
  return (
    <QueryClientProvider client={queryClient}>
      <BridgeProvider client={client}>
        <TooltipProvider>
          <Shell connected={connected} />
        </TooltipProvider>
      </BridgeProvider>
    </QueryClientProvider>
  );
}
