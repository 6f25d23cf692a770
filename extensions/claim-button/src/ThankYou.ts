import { claimButtonExtension } from "./ClaimBlock.js";

/** Thank-you page: the order is the confirmation's (a gid://shopify/OrderIdentity/… id). */
export default claimButtonExtension(() => shopify.orderConfirmation.value.order.id);
