import type { ValidateUsernameResponse } from "@contract/withdrawals";
import { apiUnchecked } from "./api";
import { claimsEndpoints } from "./claim-endpoints";

/** The ROBLOX account a username names, for the user to confirm (withdrawals and the claim page). */
export function validateRobloxUsername(username: string): Promise<ValidateUsernameResponse> {
  return apiUnchecked(claimsEndpoints.validateUsername, { body: { username } });
}
