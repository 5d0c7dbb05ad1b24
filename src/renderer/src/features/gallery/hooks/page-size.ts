import { FIRST_PAGE_SIZE } from '../../../../../shared/kept-screen';

/** Tasks per gallery page (the first screen asks for the same number). */
export const PAGE_SIZE = FIRST_PAGE_SIZE;
