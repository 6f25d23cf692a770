import { BlockStack, Button, Text } from "@shopify/ui-extensions-react/checkout";
import { claimUrl } from "./claim-url.js";

/** The block both targets render: a short hint and the Claim your items button (nothing when no link). */
export function ClaimButton(props: {
  base: string | undefined;
  orderGid: string | undefined;
  email: string | undefined;
  translate: (key: "claim" | "hint") => string;
}) {
  const url = claimUrl(props.base, props.orderGid, props.email);
  if (!url) return null;
  return (
    <BlockStack spacing="tight">
      <Text>{props.translate("hint")}</Text>
      <Button to={url} kind="primary">
        {props.translate("claim")}
      </Button>
    </BlockStack>
  );
}
