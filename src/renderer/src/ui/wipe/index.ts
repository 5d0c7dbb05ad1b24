export { WipeCompare, type WipeCompareProps, type WipeMode } from './WipeCompare';
