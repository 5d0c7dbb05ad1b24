import type { SimContext } from './context';
import type { ByteSource } from './byte-source';
import { bufferSource } from './byte-source';
import type { ClipShape } from './media';
import { renderPromptPng } from './image/render-image';

/**
 * How a task's result file is made, as plain data: bytes are produced lazily from it, and a persisted demo
 * gateway makes the very same bytes again after a restart.
 */
export type FileRecipe =
  /** `seed` (the prompt) picks the clip's palette, so demo videos are told apart. */
  | { kind: 'clip'; shape: ClipShape; seed?: string }
  | { kind: 'png'; width: number; height: number; prompt: string; label: string };

export function recipeSource(ctx: SimContext, recipe: FileRecipe): ByteSource {
  if (recipe.kind === 'clip') return ctx.media.video(recipe.shape, recipe.seed);
  return bufferSource(renderPromptPng(recipe.width, recipe.height, recipe.prompt, recipe.label), 'image/png');
}
