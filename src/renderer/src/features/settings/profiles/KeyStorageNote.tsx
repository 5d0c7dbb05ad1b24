import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAppInfo } from '../../../bridge/queries';

/**
 * Says plainly where keys live, translated by kind (core's English note is for logs): the OS keychain,
 * a 0600 file in the data folder (web mode), or weak storage (Linux without a keyring).
 */
export function KeyStorageNote() {
  const { t } = useTranslation();
  const info = useAppInfo().data;
  if (!info) return null;
  const kind = info.secretStorage.kind;
  const Icon = kind === 'os-keychain' ? ShieldCheck : ShieldAlert;
  return (
    <p
      className={`settings-note ${kind === 'weak' ? 'warn' : ''}`}
      data-testid="key-storage"
      data-kind={kind}
    >
      <Icon size={15} aria-hidden />
      <span>{t(`settings.storage.${kind}`, { dir: info.dataDir })}</span>
    </p>
  );
}
