/**
 * The form values that change how long a task takes and what it costs, in a fixed order. The same list
 * (and order) is spelled out in migration 0002's seed query; change both together.
 */
export const VARIANT_FIELDS = ['duration', 'seconds', 'size', 'mode', 'quality', 'n'] as const;

/** A stable text key for the variant of a task: `[5,null,"1280x720",null,null,null]`. */
export function variantKey(values: Readonly<Record<string, unknown>>): string {
  return JSON.stringify(
    VARIANT_FIELDS.map((f) => {
      const v = values[f];
      return typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)) ? v : null;
    }),
  );
}
