import {
  reactExtension,
  useApi,
  useEmail,
  useSettings,
  useSubscription,
} from "@shopify/ui-extensions-react/checkout";
import { ClaimButton } from "./ClaimButton.js";

export default reactExtension("purchase.thank-you.block.render", () => <ThankYou />);

function ThankYou() {
  const { orderConfirmation, i18n } = useApi<"purchase.thank-you.block.render">();
  const confirmation = useSubscription(orderConfirmation);
  const settings = useSettings<{ claim_base_url?: string }>();
  return (
    <ClaimButton
      base={settings.claim_base_url}
      orderGid={confirmation?.order.id}
      email={useEmail()}
      translate={(key) => i18n.translate(key)}
    />
  );
}
