import { routePattern } from "../../contract/pages.js";
import { CURRENT_USER_PATH } from "../../contract/session-hint.js";

/** Written by the client's build (vite.config.ts, pagePreloads) beside index.html. */
export const PAGE_PRELOADS_FILE = "page-preloads.json";

/** page-preloads.json: each lazy page's chunks by route path. */
export type PagePreloads = Record<string, { signedIn: boolean; files: string[] }>;

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/** A call preloaded in the mode the app's own call reuses: a credentialed CORS fetch (lib/api.ts). */
const fetchPreload = (url: string) =>
  `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeAttribute(url)}">`;

/**
 * The app's HTML for the page at `pathname` (decision 061): index.html with that page's chunks as modulepreloads,
 * so a phone fetches them beside the app's entry instead of after it has run, and, for a signed-in screen in a
 * browser holding the signed-in hint, the session call and the screen's first calls (`firstCalls`, by route path;
 * decision 062) preloaded. Each page's variants are made once.
 */
export function pageHtmlFor(
  indexHtml: string,
  preloads: PagePreloads,
  firstCalls: Partial<Record<string, readonly string[]>> = {},
): (pathname: string, signedInHint: boolean) => string {
  const pages = Object.entries(preloads).map(
    ([routePath, page]) => [routePattern(routePath), routePath, page] as const,
  );
  const made = new Map<string, string>();
  return (pathname, signedInHint) => {
    const match = pages.find(([pattern]) => pattern.test(pathname));
    if (!match) return indexHtml;
    const [, routePath, page] = match;
    const askSession = page.signedIn && signedInHint;
    const key = `${routePath} ${askSession}`;
    const known = made.get(key);
    if (known) return known;
    const links = page.files.map(
      (file) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`,
    );
    if (askSession) links.unshift(...[CURRENT_USER_PATH, ...(firstCalls[routePath] ?? [])].map(fetchPreload));
    if (!indexHtml.includes("</head>")) throw new Error("index.html has no </head>");
    const html = indexHtml.replace("</head>", `  ${links.join("\n    ")}\n  </head>`);
    made.set(key, html);
    return html;
  };
}
