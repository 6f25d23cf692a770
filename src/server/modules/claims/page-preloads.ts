import { parseClaimAccess } from "../../../contract/claim-address.js";
import { endpointUrl } from "../../../contract/endpoint.js";
import { claimsEndpoints as endpoints } from "../../../contract/endpoints/claims.js";

/**
 * The claim page's first calls, as a `Link` header for the page's answer (decision 060): the browser starts them
 * with the page, so they have answered by the time the page's script runs, instead of one after the other once it
 * has. The URLs are built as the page's own calls build them (endpointUrl), or the preloads would go unused; the
 * page sends its cookies (`credentials: "include"`), so the preloads do too (`use-credentials`).
 */
export function claimPagePreloads(pathname: string, search: string): string {
  const access = parseClaimAccess(pathname, search);
  const calls = [endpointUrl(endpoints.config, {})];
  if (access?.kind === "email")
    calls.push(
      endpointUrl(endpoints.orderByEmail, { params: { orderId: access.orderId, email: access.email } }),
    );
  if (access?.kind === "authKey")
    calls.push(endpointUrl(endpoints.orderByAuthKey, { params: { authKey: access.authKey } }));
  return calls.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`).join(", ");
}
