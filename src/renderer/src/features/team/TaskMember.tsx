import { MemberBadge } from './MemberBadge';
import { useTaskMembers, useTeam } from './use-team';

/** The lightbox's "Made by …" line for one task (team mode only). */
export function TaskMember({ id }: { id: string }) {
  const team = useTeam().data;
  const members = useTaskMembers([id]);
  return <MemberBadge member={members[id]} self={team?.member ?? null} variant="full" />;
}
