import { type ComponentProps, useId } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/**
 * A ROBLOX username field and its label (login, withdrawal, whitelist, claim). The name is taken as typed: no
 * capitalisation, spell check or autofill unless the caller asks for it.
 */
export function RobloxUsernameInput({
  label = "ROBLOX Username",
  id,
  ...props
}: ComponentProps<typeof Input> & { label?: string }) {
  const ownId = useId();
  const inputId = id ?? ownId;
  return (
    <>
      <Label htmlFor={inputId}>{label}</Label>
      <Input
        id={inputId}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="Enter your ROBLOX username"
        {...props}
      />
    </>
  );
}
