import { claimsEndpoints } from "@contract/endpoints/claims";
import type { ValidateUsernameResponse } from "@contract/withdrawals";
import { api } from "./api";

/** The ROBLOX account a username names, for the user to confirm (withdrawals and the claim page). */
export function validateRobloxUsername(username: string): Promise<ValidateUsernameResponse> {
  return api(claimsEndpoints.validateUsername, { body: { username } });
}
