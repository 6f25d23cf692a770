/**
 * The session's facts a page needs before any of its code with zod has loaded (the app's start script,
 * src/client/start-page.ts): no imports, so that script stays a few hundred bytes.
 */

/**
 * A cookie the browser can read that says a session was started here (decision 048): no secret (the session cookie
 * stays httpOnly), only a hint, so the pages a signed-out visitor lands on skip the session call and its 401.
 */
export const SIGNED_IN_HINT_COOKIE = "autodrop_signed_in";

/** The session call: who is signed in (401 when nobody is). */
export const CURRENT_USER_PATH = "/api/auth/me";

/** Whether a `document.cookie` string holds the signed-in hint. */
export function hasSignedInHintIn(cookies: string): boolean {
  return cookies.split(";").some((entry) => entry.trim().startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
}
