import type { OperationId } from './ids';
import type { OperationDef } from './operation';
import { gatewayMotionControl, gatewaySubjectReference, gatewayText2Image, gatewayText2Video } from './catalog/gateway';
import { imageEdit, videosCreate } from './catalog/openai-style';
import { unifiedImage, unifiedVideo } from './catalog/unified';
import { vendorAvatar, vendorExpand, vendorExtend } from './catalog/vendor';

/** Every operation Atelier offers, in the order the sidebar shows them. */
export const OPERATIONS: readonly OperationDef[] = [
  gatewayText2Video,
  gatewaySubjectReference,
  gatewayMotionControl,
  gatewayText2Image,
  videosCreate,
  imageEdit,
  unifiedVideo,
  unifiedImage,
  vendorExpand,
  vendorAvatar,
  vendorExtend,
];

const BY_ID = new Map(OPERATIONS.map((op) => [op.id, op]));

export function getOperation(id: OperationId): OperationDef {
  const op = BY_ID.get(id);
  if (!op) throw new Error(`unknown operation ${id}`);
  return op;
}

/** Fills `{vendor}` in a model id or preset. */
export const fillVendor = (model: string, vendor: string): string => model.replaceAll('{vendor}', vendor);
