import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadLanguage } from '../i18n';
import type { Boot } from '../boot/boot';
import { App } from './App';
import { queryClient } from './query-client';
import { seedFirstScreen } from './seed-first-screen';

/** How long the first render waits for the first screen's data (a slow core still gets its shell shown). */
const WAIT_FOR_DATA_MS = 1500;

/** Renders the studio, with the first screen's data in the cache when it arrives in time. */
export async function mount(boot: Boot): Promise<void> {
  const root = document.getElementById('root');
  if (!root) return;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), WAIT_FOR_DATA_MS));
  const screen = await Promise.race([boot.firstScreen, timeout]);
  if (screen) {
    // A language other than English is its own chunk: loaded before the first render, so the first frame
    // is already in it.
    await loadLanguage(screen.preferences.language).catch(() => undefined);
    seedFirstScreen(queryClient, boot, screen);
  }
  else
    void boot.firstScreen.then(
      (late) => late && seedFirstScreen(queryClient, boot, late, { onlyMissing: true }),
    );
  createRoot(root).render(
    <StrictMode>
      <App transport={boot.transport} />
    </StrictMode>,
  );
}
