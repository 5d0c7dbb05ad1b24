/** Tasks per gallery page (the first screen asks for the same number). */
export const PAGE_SIZE = 150;
