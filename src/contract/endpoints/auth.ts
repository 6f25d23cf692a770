import {
  currentUserSchema,
  loginRequestSchema,
  loginResponseSchema,
  okResponseSchema,
  verifyRequestSchema,
  verifyResponseSchema,
} from "../auth.js";
import { defineEndpoint } from "../endpoint.js";
import { CURRENT_USER_PATH } from "../session-hint.js";

export const authEndpoints = {
  login: defineEndpoint({
    method: "POST",
    path: "/api/auth/login",
    body: loginRequestSchema,
    response: loginResponseSchema,
  }),
  verify: defineEndpoint({
    method: "POST",
    path: "/api/auth/verify",
    body: verifyRequestSchema,
    response: verifyResponseSchema,
  }),
  logout: defineEndpoint({ method: "POST", path: "/api/auth/logout", response: okResponseSchema }),
  me: defineEndpoint({ method: "GET", path: CURRENT_USER_PATH, response: currentUserSchema }),
};
