import { defineEndpoint } from "../endpoint.js";
import {
  createWithdrawalRequestSchema,
  createWithdrawalResponseSchema,
  pendingWithdrawalResponseSchema,
  turnOnRequestSchema,
  turnOnResponseSchema,
} from "../withdrawals.js";

export const withdrawalsEndpoints = {
  create: defineEndpoint({
    method: "POST",
    path: "/api/withdrawals/create",
    body: createWithdrawalRequestSchema,
    response: createWithdrawalResponseSchema,
  }),
  pending: defineEndpoint({
    method: "GET",
    path: "/api/withdrawals/pending",
    response: pendingWithdrawalResponseSchema,
  }),
  turnOn: defineEndpoint({
    method: "POST",
    path: "/api/withdrawals/turn-on",
    body: turnOnRequestSchema,
    response: turnOnResponseSchema,
  }),
};
