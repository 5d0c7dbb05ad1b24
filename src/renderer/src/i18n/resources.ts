import { en } from './index';
import { zhCN } from './zh-CN';

/** Both tables at once (for tests that render either language). */
export const resources = { en: { translation: en }, 'zh-CN': { translation: zhCN } };
