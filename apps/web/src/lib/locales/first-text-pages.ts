import pages from './first-text-pages.json';

/**
 * The pages a member lands on (the tabs, the mall, a piece, a lot, login): each locale's first
 * part (`<locale>.locale.ts`) holds every text they and the app's shell show, and is all they
 * wait for. Every other page waits for the second part too (`<locale>.more.ts`), which otherwise
 * loads at the member's first touch. A JSON file, so that the build's first-page script reads the
 * same list (vite.config.ts); `first-texts.test.ts` checks the split against the code.
 */
export const FIRST_TEXT_PAGES: readonly string[] = pages;
