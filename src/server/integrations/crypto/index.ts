import type { ProviderDeps } from "../provider.js";
import { PlisioClient } from "./plisio.js";
import type { CryptoProvider } from "./provider.js";

export {
  type CryptoInvoice,
  type CryptoInvoiceUpdate,
  type CryptoProvider,
  CryptoProviderError,
} from "./provider.js";
export { registerPlisioSandbox } from "./sandbox/index.js";

/** The crypto provider for this config: Plisio's API, or its sandbox emulator (same wire format, same secret key). */
export function createCryptoProvider({ config, fetch }: ProviderDeps): CryptoProvider {
  return new PlisioClient(fetch, config.services.cryptoApi, config.cryptoProviderApiKey);
}
