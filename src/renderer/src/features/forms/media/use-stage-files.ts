import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaKind, MediaValue } from '../../../../../shared/operations/media';
import { useBridge } from '../../../bridge/bridge-context';
import { stageFile } from '../../../bridge/media';
import { checkFile } from './media-info';
import { refusedFileText } from './refused-file';

/**
 * Checks files (type, size) and copies the good ones into the app's input folder. Problems become one
 * clear, translated message for the field; files that pass are returned as media values, in order.
 */
export function useStageFiles(accept: MediaKind, maxBytes: number) {
  const bridge = useBridge();
  const { t } = useTranslation();
  const [busy, setBusy] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const stage = useCallback(
    async (files: File[]): Promise<MediaValue[]> => {
      const problems: string[] = [];
      const good = files.filter((f) => {
        const bad = checkFile(f, accept, maxBytes);
        if (bad) problems.push(t(bad.key, { ...bad.params, kind: t(`forms.mediaKinds.${accept}`) }));
        return !bad;
      });
      setError(problems.length ? problems.join(' ') : null);
      setBusy((n) => n + good.length);
      const settled = await Promise.allSettled(good.map((f) => stageFile(bridge, f)));
      setBusy((n) => n - good.length);
      const out: MediaValue[] = [];
      settled.forEach((r, i) => {
        if (r.status === 'fulfilled') out.push({ kind: 'file', input: r.value });
        else {
          const name = good[i]?.name ?? '';
          problems.push(t('forms.media.stageFailed', { name, detail: refusedFileText(t, name, r.reason) }));
        }
      });
      setError(problems.length ? problems.join(' ') : null);
      return out;
    },
    [bridge, t, accept, maxBytes],
  );
  return { stage, busy, error, setError };
}
