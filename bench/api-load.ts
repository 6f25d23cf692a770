import { at } from "../src/server/db/rows.js";
import type { LoadRequest } from "./load.js";

/** A seller the API benchmark calls as: its bearer key and the item it sells. */
export interface ApiSeller {
  apiKey: string;
  codeName: string;
}

export interface ApiOrderRequests {
  next: () => LoadRequest;
  /** How many distinct orders (Idempotency-Keys) the first `sent` requests carry: what the database must hold. */
  distinctOrders: (sent: number) => number;
}

/**
 * POST /api/v1/create-order requests, round-robin over the sellers, each with its own Idempotency-Key, except that
 * every `repeatEvery`-th request is a client's retry: the same seller, key and body as the request `repeatLag`
 * before it (far enough back to have been answered), which must be answered with the first order, not a second.
 */
export function apiOrderRequests(
  sellers: ApiSeller[],
  runId: string,
  { repeatEvery = 10, repeatLag = 200 }: { repeatEvery?: number; repeatLag?: number } = {},
): ApiOrderRequests {
  // A lag that is a multiple of the sellers' count keeps the retry on the seller of the request it repeats.
  const lag = Math.ceil(repeatLag / sellers.length) * sellers.length;
  const isRepeat = (i: number) => i >= lag && i % repeatEvery === repeatEvery - 1;
  const request = (i: number): LoadRequest => {
    // A retry of a retry is still the first request's.
    let original = i;
    while (isRepeat(original)) original -= lag;
    const seller = at(sellers, original % sellers.length);
    return {
      method: "POST",
      path: "/api/v1/create-order",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${seller.apiKey}`,
        "idempotency-key": `${runId}-${original}`,
      },
      body: JSON.stringify({
        items: [{ codeName: seller.codeName, quantity: 1 + (original % 3) }],
        price: `${4 + (original % 5)}.99`,
      }),
    };
  };
  let n = 0;
  return {
    next: () => request(n++),
    distinctOrders: (sent) => {
      let repeats = 0;
      for (let i = 0; i < sent; i++) if (isRepeat(i)) repeats++;
      return sent - repeats;
    },
  };
}
