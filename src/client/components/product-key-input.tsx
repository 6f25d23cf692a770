import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/** The product key field of the Subscription page, the purchase wizard and the setup wizard. */
export function ProductKeyInput({
  id,
  value,
  onChange,
  readOnly,
  onSubmit,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  readOnly?: boolean;
  /** Enter in the field (only when there is something to send). */
  onSubmit?: () => void;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Product Key</Label>
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && value.trim() && onSubmit) {
            event.preventDefault();
            onSubmit();
          }
        }}
        placeholder="Enter your product key"
        autoComplete="off"
        spellCheck={false}
        className="font-mono"
        readOnly={readOnly}
      />
    </div>
  );
}
