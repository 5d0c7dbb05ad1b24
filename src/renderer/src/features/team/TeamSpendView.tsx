import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useBridge } from '../../bridge/bridge-context';
import './team.css';
import { memberHue, memberInitial } from './member-colour';
import { dayByMember, formatPoints, totalsBy } from './team-spend-model';
import { queryKeys } from '../../state/query-keys';
import { useTeam } from './use-team';

/** The team's spend in the ledger: per member (with each one's share), per day and member, per board. */
export function TeamSpendView() {
  const { t } = useTranslation();
  const bridge = useBridge();
  const team = useTeam().data;
  const spend = useQuery({ queryKey: queryKeys.team.spend, queryFn: () => bridge.call('getTeamSpend', {}), enabled: team?.active === true });
  if (team?.active !== true) return null;
  if (spend.isError)
    return (
      <p className="settings-error" data-testid="team-spend-error">
        {t('team.spend.unreachable')}
      </p>
    );
  const data = spend.data;
  if (!data) return null;
  const rows = data.rows;
  if (rows.length === 0)
    return (
      <section className="team-spend" data-testid="team-spend">
        <h4>{t('team.spend.title')}</h4>
        <p className="st-hint">{t('team.spend.empty')}</p>
      </section>
    );
  const members = totalsBy(rows, (r) => r.member);
  const total = members.reduce((s, m) => s + m.points, 0) || 1;
  const grid = dayByMember(rows);
  const boards = totalsBy(rows, (r) => r.boardId ?? '');
  const boardName = (id: string) => (id === '' ? t('team.spend.noBoard') : (data.boards[id] ?? t('team.spend.otherBoard')));
  return (
    <section className="team-spend" data-testid="team-spend">
      <h4>{t('team.spend.title')}</h4>
      <table className="team-spend-members" data-testid="team-spend-members">
        <caption>{t('team.spend.perMember')}</caption>
        <thead>
          <tr>
            <th>{t('team.spend.member')}</th>
            <th className="num">{t('team.spend.points')}</th>
            <th className="num">{t('team.spend.tasks')}</th>
            <th>{t('team.spend.share')}</th>
          </tr>
        </thead>
        <tbody>
          {members.map((m) => (
            <tr key={m.key} data-member={m.key}>
              <td>
                <span className="member-inline">
                  <span className="member-initial" style={{ ['--member-hue' as string]: String(memberHue(m.key)) }} aria-hidden>
                    {memberInitial(m.key)}
                  </span>
                  {m.key}
                </span>
              </td>
              <td className="num">{formatPoints(m.points)}</td>
              <td className="num">{m.tasks}</td>
              <td className="share-cell">
                <span className="share-bar" style={{ ['--member-hue' as string]: String(memberHue(m.key)), width: `${Math.max(2, (m.points / total) * 100)}%` }} />
                <span className="share-pct">{Math.round((m.points / total) * 100)}%</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="team-spend-split">
        <table data-testid="team-spend-days">
          <caption>{t('team.spend.perDay')}</caption>
          <thead>
            <tr>
              <th>{t('team.spend.day')}</th>
              {grid.members.map((m) => (
                <th key={m} className="num">
                  {m}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.days.map((day) => (
              <tr key={day}>
                <td>{day}</td>
                {grid.members.map((m) => (
                  <td key={m} className="num">
                    {grid.cell(day, m) ? formatPoints(grid.cell(day, m)) : '—'}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <table data-testid="team-spend-boards">
          <caption>{t('team.spend.perBoard')}</caption>
          <thead>
            <tr>
              <th>{t('team.spend.board')}</th>
              <th className="num">{t('team.spend.points')}</th>
              <th className="num">{t('team.spend.tasks')}</th>
            </tr>
          </thead>
          <tbody>
            {boards.map((b) => (
              <tr key={b.key}>
                <td>{boardName(b.key)}</td>
                <td className="num">{formatPoints(b.points)}</td>
                <td className="num">{b.tasks}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
