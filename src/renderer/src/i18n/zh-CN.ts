// The Chinese table, its own chunk: loaded only when zh-CN is the chosen language (see index.ts).
import zhCN0 from './locales/zh-CN.json';
import formsZh from '../features/forms/locales/zh-CN.json';
import galleryZh from '../features/gallery/locales/zh-CN.json';
import settingsZh from '../features/settings/locales/zh-CN.json';
import libraryZh from '../features/library/locales/zh-CN.json';
import canvasZh from '../features/canvas/locales/zh-CN.json';
import wipeZh from '../ui/wipe/locales/zh-CN.json';
import studioZh from '../features/studio/locales/zh-CN.json';
import noticesZh from '../features/notices/locales/zh-CN.json';
import queueZh from '../features/queue/locales/zh-CN.json';
import teamZh from '../features/team/locales/zh-CN.json';
import { merge } from './merge';

export const zhCN = merge(zhCN0, formsZh, galleryZh, settingsZh, wipeZh, canvasZh, libraryZh, studioZh, noticesZh, queueZh, teamZh);
