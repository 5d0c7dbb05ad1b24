/** The longest kept first screen (characters of HTML): under the web host's 1 MiB message bound. */
export const KEPT_SCREEN_MAX_CHARS = 900_000;
/** The element in `#root` the kept screen is painted in (React's first render replaces it). */
export const KEPT_SCREEN_ID = 'kept-screen';
