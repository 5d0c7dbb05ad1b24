/** The few strings main shows itself (notifications, dialogs), in the user's chosen language. */
export type Language = 'en' | 'zh-CN';

const STRINGS = {
  en: {
    taskDone: 'Generation finished',
    taskFailed: 'Generation failed',
    chooseLibrary: 'Choose the library folder',
    saveAs: 'Save a copy',
    prefsReset: 'Your preferences could not be read, so Atelier started with its default settings.',
    prefsMovedTo: 'The unreadable file was kept as:',
  },
  'zh-CN': {
    taskDone: '生成完成',
    taskFailed: '生成失败',
    chooseLibrary: '选择作品文件夹',
    saveAs: '另存副本',
    prefsReset: '无法读取偏好设置，Atelier 已使用默认设置启动。',
    prefsMovedTo: '无法读取的文件已保留为：',
  },
} as const satisfies Record<Language, Record<string, string>>;

export const mainStrings = (language: Language): (typeof STRINGS)['en'] | (typeof STRINGS)['zh-CN'] =>
  STRINGS[language];
