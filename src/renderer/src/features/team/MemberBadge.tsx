import { useTranslation } from 'react-i18next';
import { Tip } from '../../ui/primitives';
import './team.css';
import { memberHue, memberInitial } from './member-colour';

/**
 * Who made a task, in team mode: a small initial on the tile (the name in a tooltip), or the initial and the
 * name in the lightbox. Renders nothing without a member (solo mode).
 */
export function MemberBadge({ member, self, variant = 'tile' }: { member: string | undefined; self?: string | null; variant?: 'tile' | 'full' }) {
  const { t } = useTranslation();
  if (!member) return null;
  const name = member === self ? `${member} (${t('team.you')})` : member;
  const label = t('team.madeBy', { member: name });
  const dot = (
    <span className="member-initial" style={{ ['--member-hue' as string]: String(memberHue(member)) }} aria-hidden>
      {memberInitial(member)}
    </span>
  );
  if (variant === 'full')
    return (
      <span className="member-badge full" data-testid="member-badge" data-member={member}>
        {dot}
        <span className="member-name">{label}</span>
      </span>
    );
  return (
    <Tip label={label}>
      <span className={`member-badge tile`} data-testid="member-badge" data-member={member} role="img" aria-label={label} tabIndex={-1}>
        {dot}
      </span>
    </Tip>
  );
}
