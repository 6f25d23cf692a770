import { claimRoutes } from "@contract/endpoints/claim-routes";
import type { claimsEndpoints as checkedClaimsEndpoints } from "@contract/endpoints/claims";

/**
 * The claim calls as the buyer's claim page makes them: each endpoint's route (method and path), typed as the
 * endpoint it is. The routes carry no schemas, so the page's bundle has no zod; its calls go through `apiUnchecked`,
 * which reads nothing of an endpoint but its method and path (decision 060). `claimsEndpoints` in the contract is
 * built from the same routes.
 */
export const claimsEndpoints = claimRoutes as unknown as typeof checkedClaimsEndpoints;
