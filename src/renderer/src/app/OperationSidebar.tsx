import { useTranslation } from 'react-i18next';
import { OPERATIONS } from '../../../shared/operations/catalog';
import { useUiStore } from '../state/ui-store';
import { OPERATION_ICONS } from './operation-icons';
import { Tip } from '../ui/primitives';
import { useMediaQuery } from './use-media-query';

const RAIL_ONLY = '(max-width: 1100px)';

/**
 * After picking an operation, its prompt (or else its first field) has focus: type right away. The form may
 * not be there yet (its own chunk, loaded after the first frame; its draft store; a lazy field), so this
 * looks again each frame, for about two seconds, until the picked operation's form is mounted.
 */
function focusPrompt(operationId: string): void {
  let frames = 0;
  const tryFocus = () => {
    const form = document.querySelector(`[data-testid="operation-form"][data-op="${CSS.escape(operationId)}"]`);
    const el =
      form?.querySelector<HTMLElement>('[data-field="prompt"] textarea, [data-field="prompt"] input') ??
      form?.querySelector<HTMLElement>('[data-field] textarea, [data-field] input:not([type=hidden]), [data-field] button');
    if (el) el.focus();
    else if (++frames < 120) requestAnimationFrame(tryFocus);
  };
  requestAnimationFrame(tryFocus);
}

/** Operations grouped by what they make; the list comes from the catalog. */
export function OperationSidebar() {
  const { t } = useTranslation();
  const current = useUiStore((s) => s.operationId);
  const selectOperation = useUiStore((s) => s.selectOperation);
  // The rail shows icons only below 1100 px (shell.css); only then does a tooltip add anything.
  const railOnly = useMediaQuery(RAIL_ONLY);
  const select = (id: typeof current) => {
    selectOperation(id);
    focusPrompt(id);
  };
  return (
    <nav className="sidebar" aria-label={t('app.operations')}>
      {(['video', 'image'] as const).map((group) => (
        <section key={group} className="sidebar-group">
          <h2 className="sidebar-heading">{t(`groups.${group}`)}</h2>
          {OPERATIONS.filter((op) => op.output === group).map((op) => {
            const label = t(`op.${op.id}.label`);
            const family = t(`families.${op.family}`);
            return (
              <Tip key={op.id} label={railOnly ? label : null} side="right">
                <button
                  className={`sidebar-item${op.id === current ? ' active' : ''}`}
                  data-testid={`op-${op.id}`}
                  aria-current={op.id === current ? 'page' : undefined}
                  // Below 1100 px the text is hidden (icons only): the name stays for screen readers.
                  aria-label={railOnly ? label : undefined}
                  onClick={() => select(op.id)}
                >
                  <span className="sidebar-icon">{OPERATION_ICONS[op.id]}</span>
                  <span className="sidebar-text">
                    <span className="sidebar-label">{label}</span>
                    {/* The family says where it runs; where it is the operation's own name, saying it twice says nothing. */}
                    {family !== label && <span className="sidebar-family">{family}</span>}
                  </span>
                </button>
              </Tip>
            );
          })}
        </section>
      ))}
    </nav>
  );
}
