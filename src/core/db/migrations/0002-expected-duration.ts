/**
 * Migration 0002: how long a task was expected to take when it was submitted (ms), so the gallery's
 * progress estimate starts from the gateway's or the model's typical duration instead of one fixed guess.
 * Append-only: never edit once shipped.
 */
export const MIGRATION_0002_EXPECTED_DURATION = /* sql */ `
ALTER TABLE tasks ADD COLUMN expected_ms INTEGER;
`;
