import {
  reactExtension,
  useApi,
  useEmail,
  useOrder,
  useSettings,
} from "@shopify/ui-extensions-react/customer-account";
import { ClaimButton } from "./ClaimButton.js";

export default reactExtension("customer-account.order-status.block.render", () => <OrderStatus />);

function OrderStatus() {
  const { i18n } = useApi<"customer-account.order-status.block.render">();
  const order = useOrder();
  const settings = useSettings<{ claim_base_url?: string }>();
  return (
    <ClaimButton
      base={settings.claim_base_url}
      orderGid={order?.id}
      email={useEmail()}
      translate={(key) => i18n.translate(key)}
    />
  );
}
