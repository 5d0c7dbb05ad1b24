import { useConnection, useProfiles } from '../../bridge/queries';

/** The current profile's vendor name (fills `{vendor}` in model ids shown to the user). */
export function useVendor(): string {
  const connection = useConnection().data;
  const profiles = useProfiles().data;
  return profiles?.find((p) => p.id === connection?.profileId)?.vendor ?? 'vendora';
}
