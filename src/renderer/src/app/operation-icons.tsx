import { Clapperboard, Expand, FastForward, Film, ImagePlus, Images, Move3d, PenTool, UserRound, Users, Wand2 } from 'lucide-react';
import type { ReactElement } from 'react';
import type { OperationId } from '../../../shared/operations/ids';

export const OPERATION_ICONS: Record<OperationId, ReactElement> = {
  'gateway.text2video': <Film size={16} />,
  'gateway.subjectReference': <Users size={16} />,
  'gateway.motionControl': <Move3d size={16} />,
  'gateway.text2image': <ImagePlus size={16} />,
  'videos.create': <Clapperboard size={16} />,
  'imageEdit.edit': <PenTool size={16} />,
  'unifiedVideo.generate': <Wand2 size={16} />,
  'unifiedImage.generate': <Images size={16} />,
  'vendor.expand': <Expand size={16} />,
  'vendor.avatar': <UserRound size={16} />,
  'vendor.extend': <FastForward size={16} />,
};
