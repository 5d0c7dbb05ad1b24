import { teamJoinInputSchema, type TeamJoinInput, type TeamState } from '../../../../shared/domain/team';

/** What the Team form holds while it is edited (strings only; credentials start empty and are never filled back). */
export interface TeamDraft {
  postgresUrl: string;
  postgresPassword: string;
  mediaKind: 's3' | 'folder';
  s3Url: string;
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  folder: string;
  member: string;
}

export function draftFrom(state: TeamState | undefined): TeamDraft {
  const media = state?.media;
  return {
    postgresUrl: state?.postgresUrl ?? '',
    postgresPassword: '',
    mediaKind: media?.kind ?? 's3',
    s3Url: media?.kind === 's3' ? media.url : '',
    endpoint: media?.kind === 's3' ? media.endpoint : '',
    region: media?.kind === 's3' ? media.region : '',
    accessKeyId: '',
    secretAccessKey: '',
    folder: media?.kind === 'folder' ? media.path : '',
    member: state?.member ?? '',
  };
}

export function inputFrom(d: TeamDraft): TeamJoinInput {
  return {
    postgresUrl: d.postgresUrl,
    postgresPassword: d.postgresPassword,
    member: d.member,
    media:
      d.mediaKind === 'folder'
        ? { kind: 'folder', path: d.folder }
        : { kind: 's3', url: d.s3Url, endpoint: d.endpoint, region: d.region, accessKeyId: d.accessKeyId, secretAccessKey: d.secretAccessKey },
  };
}

/** The form's field names, as the schema's paths map onto them. */
const FIELD_OF: Record<string, keyof TeamDraft> = {
  postgresUrl: 'postgresUrl',
  postgresPassword: 'postgresPassword',
  member: 'member',
  'media.url': 's3Url',
  'media.endpoint': 'endpoint',
  'media.region': 'region',
  'media.accessKeyId': 'accessKeyId',
  'media.secretAccessKey': 'secretAccessKey',
  'media.path': 'folder',
};

/** Each invalid field's message code (`team.errors.<code>`), checked with the very schema core checks with. */
export function fieldErrors(d: TeamDraft): Partial<Record<keyof TeamDraft, string>> {
  const parsed = teamJoinInputSchema.safeParse(inputFrom(d));
  if (parsed.success) return {};
  const out: Partial<Record<keyof TeamDraft, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF[issue.path.join('.')];
    if (field) out[field] ??= issue.message;
  }
  return out;
}
