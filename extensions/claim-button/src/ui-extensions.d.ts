/**
 * The few declarations of @shopify/ui-extensions-react this extension uses, so it type-checks inside Autodrop's
 * repository without installing the Shopify CLI toolchain (the Shopify CLI installs the real packages when it
 * builds the extension; see package.json).
 */
declare module "@shopify/ui-extensions-react/checkout" {
  import type { ReactElement, ReactNode } from "react";

  export interface Subscribable<T> {
    readonly current: T;
    subscribe(fn: (value: T) => void): () => void;
  }
  export interface I18n {
    translate(key: string, options?: Record<string, string | number>): string;
  }
  export interface ThankYouApi {
    orderConfirmation: Subscribable<{ order: { id: string }; number: string | null } | undefined>;
    i18n: I18n;
  }

  export function reactExtension(
    target: "purchase.thank-you.block.render",
    render: () => ReactElement,
  ): unknown;
  export function useApi<Target extends "purchase.thank-you.block.render">(): Target extends string
    ? ThankYouApi
    : never;
  export function useSubscription<T>(subscribable: Subscribable<T>): T;
  export function useEmail(): string | undefined;
  export function useSettings<T extends Record<string, unknown>>(): Partial<T>;

  export function BlockStack(props: {
    spacing?: "none" | "extraTight" | "tight" | "base" | "loose";
    children?: ReactNode;
  }): ReactElement;
  export function Text(props: { size?: "small" | "base" | "large"; children?: ReactNode }): ReactElement;
  export function Button(props: {
    to?: string;
    kind?: "primary" | "secondary" | "plain";
    onPress?: () => void;
    children?: ReactNode;
  }): ReactElement;
}

declare module "@shopify/ui-extensions-react/customer-account" {
  import type { I18n } from "@shopify/ui-extensions-react/checkout";
  import type { ReactElement } from "react";

  export function reactExtension(
    target: "customer-account.order-status.block.render",
    render: () => ReactElement,
  ): unknown;
  export function useApi<Target extends "customer-account.order-status.block.render">(): Target extends string
    ? { i18n: I18n }
    : never;
  export function useOrder(): { id: string; name: string } | undefined;
  export function useEmail(): string | undefined;
  export function useSettings<T extends Record<string, unknown>>(): Partial<T>;
}
