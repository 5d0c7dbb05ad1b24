import { describe, expect, it } from 'vitest';
import { extensionFor, fileNameFromPattern, slugPrompt } from './file-name';

const at = new Date(2025, 5, 7, 8, 9, 10);

describe('fileNameFromPattern', () => {
  it('expands every token', () => {
    const name = fileNameFromPattern('{date}_{time}_{operation}_{model}_{task}_{index}_{prompt}', {
      at,
      operation: 'text-to-video',
      model: 'kling_3.0-Omni_img2video',
      task: 't_42',
      index: 2,
      prompt: 'A red fox, running!',
      contentType: 'video/mp4',
    });
    expect(name).toBe(
      '2025-06-07_08-09-10_text-to-video_kling_3.0-Omni_img2video_t_42_2_A-red-fox-running.mp4',
    );
  });

  it('keeps Chinese prompts readable and cuts the slug to 40 characters', () => {
    const prompt =
      '一只橘猫坐在窗台上，看着窗外的雨，电影感，柔和光线，高细节，8k，超现实主义风格的城市夜景与霓虹灯';
    const name = fileNameFromPattern('{prompt}', { prompt, contentType: 'image/png' });
    expect(name.startsWith('一只橘猫坐在窗台上-看着窗外的雨-电影感')).toBe(true);
    expect(Array.from(name.replace(/\.png$/, '')).length).toBeLessThanOrEqual(40);
    expect(slugPrompt('😀 emoji  and  spaces 🎉')).toBe('emoji-and-spaces');
  });

  it('removes slashes, backslashes, ".." and characters illegal on Windows', () => {
    const name = fileNameFromPattern('{model}/{prompt}\\{task}', {
      model: '../../etc',
      prompt: '../passwd',
      task: 'a<b>c:d"e|f?g*h',
      contentType: 'image/jpeg',
    });
    expect(name).not.toMatch(/[/\\<>:"|?*]/);
    expect(name).not.toContain('..');
    expect(name.endsWith('.jpg')).toBe(true);
    expect(fileNameFromPattern('{prompt}', { prompt: '..', task: 'tsk' })).toBe('tsk.bin');
    expect(fileNameFromPattern('..{prompt}..', {})).toBe('atelier.bin');
  });

  it('avoids reserved Windows device names, with or without an extension', () => {
    expect(fileNameFromPattern('{prompt}', { prompt: 'CON', contentType: 'image/png' })).toBe('_CON.png');
    expect(fileNameFromPattern('{model}', { model: 'nul', contentType: 'image/png' })).toBe('_nul.png');
    expect(fileNameFromPattern('{model}', { model: 'com1.v2', contentType: 'video/mp4' })).toBe(
      '_com1.v2.mp4',
    );
    expect(fileNameFromPattern('{prompt}', { prompt: 'console', contentType: 'image/png' })).toBe(
      'console.png',
    );
  });

  it('strips control and bidi characters, leading dots and trailing dots or spaces', () => {
    const name = fileNameFromPattern('.{model}. ', {
      model: 'x\u202Ey\u0000z\u200B',
      contentType: 'image/png',
    });
    expect(name).toBe('xyz.png');
  });

  it('stays within 120 characters and 200 UTF-8 bytes', () => {
    const name = fileNameFromPattern('{model}_{prompt}_{task}', {
      model: 'm'.repeat(300),
      prompt: '长'.repeat(300),
      task: '任务'.repeat(100),
      contentType: 'video/mp4',
    });
    expect(name.length).toBeLessThanOrEqual(120);
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(200);
    expect(name.endsWith('.mp4')).toBe(true);
    const cjk = fileNameFromPattern('{task}', { task: '任'.repeat(200) });
    expect(Buffer.byteLength(cjk)).toBeLessThanOrEqual(200);
  });

  it('collapses separators left by empty tokens', () => {
    expect(fileNameFromPattern('{date}_{prompt}_{index}', { at, contentType: 'image/webp' })).toBe(
      '2025-06-07.webp',
    );
  });
});

describe('extensionFor', () => {
  it('takes a known media type, else the fallback; never a script or document type', () => {
    expect(extensionFor('image/jpeg; charset=binary')).toBe('jpg');
    expect(extensionFor('application/octet-stream')).toBe('bin');
    expect(extensionFor(null, 'mp4')).toBe('mp4');
    expect(extensionFor('video/mp4')).toBe('mp4');
    for (const type of ['image/svg+xml', 'application/json', 'text/html', 'application/x-sh'])
      expect(extensionFor(type)).toBe('bin');
  });
});

describe('extensionFor with hostile content types', () => {
  it('never takes an Object.prototype member as an extension', () => {
    for (const type of ['constructor', '__proto__', 'toString', 'hasOwnProperty'])
      expect(extensionFor(type, 'bin')).toBe('bin');
  });
});
