/** A validation problem, as a code plus parameters, so the renderer can translate it. */
export interface FieldIssue {
  code:
    | 'required'
    | 'tooLong'
    | 'tooShort'
    | 'outOfRange'
    | 'notANumber'
    | 'notInteger'
    | 'badSize'
    | 'badAspectRatio'
    | 'aspectRatioRange'
    | 'badUrl'
    | 'tooManyFiles'
    | 'tooFewFiles'
    | 'wrongMediaKind'
    | 'fileTooLarge'
    | 'durationRange'
    | 'undefinedSubject'
    | 'unusedSubject'
    | 'duplicateSubject'
    | 'badSubjectId'
    | 'subjectIdMissing'
    | 'subjectIdTooLong'
    | 'subjectWithoutMedia'
    | 'maskNeedsOneImage'
    | 'badJson'
    | 'needsFirstFrame'
    | 'expansionTooLarge'
    | 'catalogExtra'
    | 'protectedExtra'
    | 'invalid';
  params?: Record<string, string | number>;
}
export type FieldIssues = Record<string, FieldIssue>;

const EN: Record<FieldIssue['code'], string | ((params: NonNullable<FieldIssue['params']>) => string)> = {
  required: 'Required.',
  tooLong: 'At most {max} characters.',
  tooShort: 'At least {min} characters.',
  outOfRange: 'Must be between {min} and {max}.',
  notANumber: 'Enter a number from {min} to {max}.',
  notInteger: 'Must be a whole number.',
  badSize: 'Use the shape WIDTHxHEIGHT, e.g. 1024x1024.',
  badAspectRatio: 'Use the shape W:H, e.g. 16:9 or 2.39:1.',
  aspectRatioRange: 'Keep the ratio between {min} and {max}.',
  badUrl: 'Must be an http(s) link.',
  tooManyFiles: 'At most {max} files: {count} given.',
  tooFewFiles: 'At least {min} files needed.',
  wrongMediaKind: 'Expected {kind}.',
  fileTooLarge: 'File is larger than {max}.',
  durationRange: 'This file is {actual} s long; it must be {min}–{max} s.',
  undefinedSubject: '<<<{id}>>> names no defined subject.',
  unusedSubject: 'Subject "{id}" is not used in the prompt.',
  duplicateSubject: 'Subject id "{id}" is used twice.',
  badSubjectId: 'Subject ids use letters, digits, _ and -.',
  subjectIdMissing: 'Each subject needs an id.',
  subjectIdTooLong: 'Subject ids are at most {max} characters.',
  subjectWithoutMedia: 'Subject "{id}" needs a file or link.',
  maskNeedsOneImage: 'A mask applies to a single image: remove the others or the mask.',
  badJson: 'Not valid JSON: {detail}',
  needsFirstFrame: 'A last frame needs a first frame.',
  expansionTooLarge: 'The expanded picture may be at most {max}× the source’s area.',
  catalogExtra: ({ count }) =>
    count === 1 ? '{names} is a field of this form: set it there, not in the extra fields.' : '{names} are fields of this form: set them there, not in the extra fields.',
  protectedExtra: '{names} is set by Atelier and cannot be overridden.',
  invalid: '{detail}',
};

/** English text for an issue (core error messages, logs, tests). The renderer translates by code. */
export function formatIssue(issue: FieldIssue): string {
  const en = EN[issue.code];
  return (typeof en === 'function' ? en(issue.params ?? {}) : en).replace(/\{(\w+)\}/g, (_, k: string) => String(issue.params?.[k] ?? ''));
}
