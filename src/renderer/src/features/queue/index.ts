/** Atelier's own queue: gateway slots, waiting tasks, pause and order (issue 30). */
export { QueueButton } from './QueueButton';
export { SlotLimitField } from './SlotLimitField';
export { WaitingLine } from './WaitingLine';
