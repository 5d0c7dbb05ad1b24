import { useTranslation } from 'react-i18next';
import { OPERATIONS } from '../../../shared/operations/catalog';
import { useUiStore } from '../state/ui-store';
import { OPERATION_ICONS } from './operation-icons';

/** Operations grouped by what they make; the list comes from the catalog. */
export function OperationSidebar() {
  const { t } = useTranslation();
  const current = useUiStore((s) => s.operationId);
  const select = useUiStore((s) => s.selectOperation);
  return (
    <nav className="sidebar" aria-label={t('app.operations')}>
      {(['video', 'image'] as const).map((group) => (
        <section key={group} className="sidebar-group">
          <h2 className="sidebar-heading">{t(`groups.${group}`)}</h2>
          {OPERATIONS.filter((op) => op.output === group).map((op) => (
            <button
              key={op.id}
              className={`sidebar-item${op.id === current ? ' active' : ''}`}
              data-testid={`op-${op.id}`}
              aria-current={op.id === current ? 'page' : undefined}
              onClick={() => select(op.id)}
            >
              <span className="sidebar-icon">{OPERATION_ICONS[op.id]}</span>
              <span className="sidebar-text">
                <span className="sidebar-label">{t(`op.${op.id}.label`)}</span>
                <span className="sidebar-family">{t(`families.${op.family}`)}</span>
              </span>
            </button>
          ))}
        </section>
      ))}
    </nav>
  );
}
