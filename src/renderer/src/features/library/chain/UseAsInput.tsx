import '../library.css';
import { ArrowRightToLine, ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MenuContent, MenuItem, MenuRoot, MenuTrigger } from '../../../ui/primitives';
import type { Slot } from './slots';

/** A button that opens the menu of slots (operation · field) a result or frame can go into; it stays inside the window. */
export function UseAsInput({
  targets,
  onPick,
  label,
  testId = 'use-as-input',
}: {
  targets: Slot[];
  onPick(slot: Slot): void;
  label?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <MenuRoot>
      <MenuTrigger asChild>
        <button type="button" className="btn lb-use-btn" data-testid={testId}>
          <ArrowRightToLine size={15} /> {label ?? t('library.useAsInput')} <ChevronDown size={14} />
        </button>
      </MenuTrigger>
      <MenuContent className="lb-use-menu" data-testid={`${testId}-menu`} align="start">
        {targets.map((s) => (
          <MenuItem key={s.id} className="lb-use-item" data-testid={`${testId}-${s.id}`} onSelect={() => onPick(s)}>
            <span>{t(`library.slot.${s.id}`)}</span>
            <span className="muted">{t(`op.${s.operationId}.label`)}</span>
          </MenuItem>
        ))}
      </MenuContent>
    </MenuRoot>
  );
}
