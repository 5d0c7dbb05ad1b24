/** The longest kept first screen (characters of HTML): under the web host's 1 MiB message bound. */
export const KEPT_SCREEN_MAX_CHARS = 900_000;
/** The element in `#root` the kept screen is painted in (React's first render replaces it). */
export const KEPT_SCREEN_ID = 'kept-screen';
/** The `<script type="application/json">` that carries the first screen's data beside a kept screen. */
export const FIRST_SCREEN_DATA_ID = 'first-screen-data';
/** Tasks in the gallery's first page (and in every page after it). */
export const FIRST_PAGE_SIZE = 150;
