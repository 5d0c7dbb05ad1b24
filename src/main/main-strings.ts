/** The few strings main shows itself (notifications, dialogs), in the user's chosen language. */
export type Language = 'en' | 'zh-CN';

const STRINGS = {
  en: {
    taskDone: 'Generation finished',
    taskFailed: 'Generation failed',
    chooseLibrary: 'Choose the library folder',
  },
  'zh-CN': {
    taskDone: '生成完成',
    taskFailed: '生成失败',
    chooseLibrary: '选择作品文件夹',
  },
} as const satisfies Record<Language, Record<string, string>>;

export const mainStrings = (language: Language): (typeof STRINGS)['en'] | (typeof STRINGS)['zh-CN'] =>
  STRINGS[language];
