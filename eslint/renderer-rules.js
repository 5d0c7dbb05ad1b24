// @ts-check
import path from 'node:path';

const FEATURES = path.join('src', 'renderer', 'src', 'features');

/** The feature a file or import target belongs to, and the path inside it ('' for the folder itself). */
function featureOf(abs) {
  const rel = path.relative(path.resolve(FEATURES), abs);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [name, ...rest] = rel.split(path.sep);
  return { name, inner: rest.join('/') };
}

/**
 * Feature folders meet only at their front door: an import from another feature names the folder (its
 * index.ts), never a file inside it, so each feature can move its insides without breaking the others.
 * @type {import('eslint').Rule.RuleModule}
 */
const featureIndexOnly = {
  meta: { type: 'problem', messages: { deep: "Import '{{feature}}' through its index.ts ('{{suggest}}'), not a file inside it." } },
  create(context) {
    const from = featureOf(path.resolve(context.filename));
    if (!from) return {};
    const check = (node) => {
      const source = node.source && node.source.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = featureOf(path.resolve(path.dirname(path.resolve(context.filename)), source));
      if (!to || to.name === from.name || to.inner === '' || to.inner === 'index' || to.inner === 'index.ts') return;
      const suggest = source.slice(0, source.lastIndexOf(to.name) + to.name.length);
      context.report({ node: node.source, messageId: 'deep', data: { feature: to.name, suggest } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

/** QueryClient methods whose first argument is a query key. */
const KEY_METHODS = new Set([
  'getQueryData', 'setQueryData', 'getQueryState', 'ensureQueryData', 'fetchQuery', 'prefetchQuery',
  'getQueriesData', 'setQueriesData', 'invalidateQueries', 'removeQueries', 'refetchQueries', 'cancelQueries', 'resetQueries',
]);
const FACTORY = path.join('src', 'renderer', 'src', 'state', 'query-keys.ts');

/**
 * Query keys come from the one factory (`state/query-keys.ts`, derived from the contract's method names),
 * never from an array written where it is used: a literal key drifts from the method it caches and is
 * missed by the prefix invalidations the factory's keys share.
 * @type {import('eslint').Rule.RuleModule}
 */
const queryKeyFactory = {
  meta: { type: 'problem', messages: { literal: 'Build query keys with queryKeys (state/query-keys.ts), not a literal array.' } },
  create(context) {
    if (path.resolve(context.filename) === path.resolve(FACTORY)) return {};
    const report = (node) => node && node.type === 'ArrayExpression' && context.report({ node, messageId: 'literal' });
    return {
      Property(node) {
        const name = node.key.type === 'Identifier' ? node.key.name : node.key.value;
        if (name === 'queryKey') report(node.value.type === 'TSAsExpression' ? node.value.expression : node.value);
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type === 'MemberExpression' && callee.property.type === 'Identifier' && KEY_METHODS.has(callee.property.name)) {
          const first = node.arguments[0];
          report(first && first.type === 'TSAsExpression' ? first.expression : first);
        }
      },
    };
  },
};

export const rendererPlugin = { rules: { 'feature-index-only': featureIndexOnly, 'query-key-factory': queryKeyFactory } };

/** Browser dialogs: Electron does not implement `prompt`, and none of them fit a calm studio. */
const DIALOGS = ['prompt', 'confirm', 'alert'];
const why = 'use the in-page Dialog / ConfirmDialog (ui/primitives); Electron does not implement window.prompt.';
export const noBrowserDialogs = {
  'no-restricted-globals': ['error', ...DIALOGS.map((name) => ({ name, message: why }))],
  'no-restricted-properties': ['error', ...['window', 'globalThis', 'self'].flatMap((object) => DIALOGS.map((property) => ({ object, property, message: why })))],
};

/** Native `<select>` and `title` tooltips: the primitives' Select and Tip/ClippedText take a keyboard, Escape and a screen reader. */
const nativeWhy = 'use Select / Tip / ClippedText from ui/primitives (issue 28).';
export const noNativeControls = {
  'no-restricted-syntax': [
    'error',
    { selector: "JSXOpeningElement[name.name='select']", message: `A native <select>: ${nativeWhy}` },
    { selector: 'JSXOpeningElement[name.name=/^[a-z]/] > JSXAttribute[name.name="title"]', message: `A native title tooltip: ${nativeWhy}` },
  ],
};
