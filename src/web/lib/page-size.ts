/**
 * Rows per page of every paginated table on the web: the page asks for this
 * many, its <Pager> steps by it, and its HTML preloads the first page with it
 * (src/web/lib/screens.ts).
 */
export const PAGE_SIZE = 50;

/** A page of a list (`?limit=&offset=`); a type, not an interface, so it passes as query parameters. */
export type PageParams = { limit: number; offset: number };

/** The API's largest page: what fetchAllPages asks for at a time (a form's select, the users list). */
export const LARGEST_PAGE_SIZE = 500;

/** How many matches a search box (the forms' 'Producto' and 'Cliente') lists for one search. */
export const PICKER_LIMIT = 20;
