/** The live task gallery and library (issue 7). */
export { Gallery } from './Gallery';
export { useRunningCount } from './hooks/use-running-count';
export { connectForms, type FormsApi } from './forms-integration';
