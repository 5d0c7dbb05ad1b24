/**
 * Migration 0010: members of an open batch that the user deleted (issue 26). A restart finishes an open
 * batch by creating the members that have no row; without this a member that was sent and then deleted had
 * no row either, so it was created and paid for again. A deleted member is remembered here, in the same
 * transaction as its row's removal, until its batch closes (then every member exists or is remembered, and
 * nothing is created any more).
 */
export const MIGRATION_0010_BATCH_DELETED_MEMBERS = /* sql */ `
CREATE TABLE batch_deleted_members (
  batch_id     TEXT    NOT NULL,
  member_index INTEGER NOT NULL,
  PRIMARY KEY (batch_id, member_index)
) WITHOUT ROWID;
`;
