export { TeamSection } from './TeamSection';
export { MemberBadge } from './MemberBadge';
export { TeamSpendView } from './TeamSpendView';
export { useTaskMembers, useTeamActive } from './use-team';
export { TaskMember } from './TaskMember';
