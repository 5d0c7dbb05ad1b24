import type { Family } from '../../shared/operations/ids';
import type { FamilyAdapter } from './adapter';
import { imageEditAdapter } from './families/image-edit';
import { taskGatewayAdapter } from './families/task-gateway';
import { unifiedImageAdapter, unifiedVideoAdapter } from './families/unified';
import { vendorAdapter } from './families/vendor';
import { videosAdapter } from './families/videos';

export const ADAPTERS: Record<Family, FamilyAdapter> = {
  gateway: taskGatewayAdapter,
  videos: videosAdapter,
  imageEdit: imageEditAdapter,
  unifiedVideo: unifiedVideoAdapter,
  unifiedImage: unifiedImageAdapter,
  vendor: vendorAdapter,
};
