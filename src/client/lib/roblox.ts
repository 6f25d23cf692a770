import type { ValidateUsernameResponse } from "@contract/withdrawals";
import { apiRequest } from "./api";

/** The ROBLOX account a username names, for the user to confirm (withdrawals and the claim page). */
export function validateRobloxUsername(username: string): Promise<ValidateUsernameResponse> {
  return apiRequest<ValidateUsernameResponse>("POST", "/api/orders/claim/validate-username", { username });
}
