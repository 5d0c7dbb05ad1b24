/**
 * The thumbnail of a task's image result is `thumbs/<task id>-<result index>.webp`: core writes it under this
 * name (when the result is downloaded, or lazily when the gallery first asks for it), so the renderer can ask
 * for a result's thumbnail before core has recorded one.
 */
export const thumbnailName = (taskId: string, index: number): string => `${taskId}-${index}.webp`;

/** A thumbnail name: a task id of safe characters (no separators, no dots) and an index. */
export const THUMBNAIL_NAME_PATTERN = /^([A-Za-z0-9_-]{1,100})-(\d{1,5})\.webp$/;
