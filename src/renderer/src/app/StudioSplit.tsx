import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Group, Panel, Separator, useDefaultLayout } from 'react-resizable-panels';

/** Where the split is remembered across reloads (the library reads and writes it). */
export const STUDIO_SPLIT_KEY = 'atelier.studio-split';

/** Each column scrolls itself (the form under its sticky footer), so the panel's own box does not. */
const CLIP = { overflow: 'hidden' } as const;

/**
 * The form column and the gallery side by side, resizable against each other with the pointer or the
 * keyboard (arrows on the focused handle, Home/End), the split remembered. The minimums keep both usable
 * in a 960×640 window: the form's fields and footer fit in 400 px, the gallery shows two columns in 300.
 */
export function StudioSplit({ form, gallery }: { form: ReactNode; gallery: ReactNode }) {
  const { t } = useTranslation();
  const { defaultLayout, onLayoutChanged } = useDefaultLayout({
    id: STUDIO_SPLIT_KEY,
    storage: localStorage,
    onlySaveAfterUserInteractions: true,
  });
  return (
    <Group
      className="shell-split"
      id="studio-split"
      data-testid="studio-split"
      defaultLayout={defaultLayout}
      onLayoutChanged={onLayoutChanged}
    >
      <Panel id="split-form" minSize={400} defaultSize="52%" style={CLIP}>
        <main className="shell-main" data-testid="form-column">
          {form}
        </main>
      </Panel>
      <Separator className="shell-split-handle" data-testid="split-handle" aria-label={t('app.resizeSplit')} />
      <Panel id="split-gallery" minSize={300} defaultSize="48%" style={CLIP}>
        <aside className="shell-gallery" data-testid="gallery-column">
          {gallery}
        </aside>
      </Panel>
    </Group>
  );
}
