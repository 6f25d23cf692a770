import { claimButtonExtension } from "./ClaimBlock.js";

/** Order status page: the order (a gid://shopify/Order/… id) is undefined until Shopify has processed it. */
export default claimButtonExtension(() => shopify.order.value?.id);
