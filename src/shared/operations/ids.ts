import { z } from 'zod';

/** The six API families of gateway-spec.md. */
export const familySchema = z.enum(['gateway', 'videos', 'imageEdit', 'unifiedVideo', 'unifiedImage', 'vendor']);
export type Family = z.infer<typeof familySchema>;

export const operationIdSchema = z.enum([
  'gateway.text2video',
  'gateway.subjectReference',
  'gateway.motionControl',
  'gateway.text2image',
  'videos.create',
  'imageEdit.edit',
  'unifiedVideo.generate',
  'unifiedImage.generate',
  'vendor.expand',
  'vendor.avatar',
  'vendor.extend',
]);
export type OperationId = z.infer<typeof operationIdSchema>;
