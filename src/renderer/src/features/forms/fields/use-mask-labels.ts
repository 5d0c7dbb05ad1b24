import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultMaskPainterLabels, type MaskPainterLabels } from '../../mask-painter';

/** The painter's strings in the user's language (English defaults from the painter itself). */
export function useMaskLabels(): MaskPainterLabels {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const out = { ...defaultMaskPainterLabels };
    for (const k of Object.keys(out) as (keyof MaskPainterLabels)[]) out[k] = t(`forms.maskPainter.${k}`, { defaultValue: defaultMaskPainterLabels[k] });
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, i18n.language]);
}
