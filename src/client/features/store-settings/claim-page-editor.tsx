import type { ClaimPageStyle } from "@contract/auth";
import { settingsEndpoints } from "@contract/endpoints/settings";
import { CLAIM_STYLE_TEXT_LIMITS, DASHBOARD_CLAIM_STYLE_DEFAULTS, SETTINGS_TEXTS } from "@contract/settings";
import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { api } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { toastError } from "@/lib/error-toast";
import { toast } from "@/lib/toast";
import { ClaimPagePreview } from "./claim-page-preview";
import { COLOR_FIELDS, type ColorField, initialStyle, pickerValue, styleErrors } from "./claim-style";

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-xs text-destructive">
      {message}
    </p>
  );
}

function ColorInput({
  field,
  label,
  value,
  error,
  onChange,
}: {
  field: ColorField;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        {/* A mouse shortcut for the text field beside it, which is the accessible control. */}
        <input
          type="color"
          aria-hidden="true"
          tabIndex={-1}
          data-field={field}
          value={pickerValue(value)}
          onChange={(event) => onChange(event.target.value)}
          className="h-9 w-12 shrink-0 cursor-pointer rounded-md border border-input bg-transparent p-1"
        />
        <Input
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          spellCheck={false}
          autoComplete="off"
          className="font-mono"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

function TextField({
  label,
  value,
  error,
  maxLength,
  multiline,
  placeholder,
  onChange,
}: {
  label: string;
  value: string;
  error?: string;
  maxLength?: number;
  multiline?: boolean;
  placeholder?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const props = {
    id,
    value,
    maxLength,
    placeholder,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
  };
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {multiline ? (
        <Textarea {...props} rows={3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <Input {...props} onChange={(event) => onChange(event.target.value)} />
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** Pro sellers style their buyers' claim page: every field of spec 001 §3, with a live preview. */
export function ClaimPageEditor({ saved }: { saved: Partial<ClaimPageStyle> | null }) {
  const { refreshUser } = useAuth();
  const [style, setStyle] = useState<ClaimPageStyle>(() => initialStyle(saved));
  const errors = styleErrors(style);
  const invalid = Object.keys(errors).length > 0;
  const set = (key: keyof ClaimPageStyle) => (value: string) => setStyle((s) => ({ ...s, [key]: value }));

  const save = useMutation({
    mutationFn: (next: ClaimPageStyle) => api(settingsEndpoints.claimPageStyle, { body: { style: next } }),
    onSuccess: async () => {
      toast({ title: "Success", description: SETTINGS_TEXTS.claimStyleSaved });
      await refreshUser();
    },
    onError: (err) => toastError(err, SETTINGS_TEXTS.claimStyleSaveFailed),
  });

  return (
    <div className="grid gap-4">
      <Tabs defaultValue="editor">
        <TabsList aria-label="Claim Page Editor">
          <TabsTrigger value="editor">Editor</TabsTrigger>
          <TabsTrigger value="preview">Preview</TabsTrigger>
        </TabsList>
        <TabsContent value="editor" className="mt-2 grid gap-6">
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-3 text-sm font-semibold">Colors</legend>
            {COLOR_FIELDS.map(({ key, label }) => (
              <ColorInput
                key={key}
                field={key}
                label={label}
                value={style[key]}
                error={errors[key]}
                onChange={set(key)}
              />
            ))}
          </fieldset>
          <fieldset className="grid gap-4">
            <legend className="mb-3 text-sm font-semibold">Content</legend>
            <TextField
              label="Logo URL"
              value={style.logoUrl}
              error={errors.logoUrl}
              placeholder="https://example.com/logo.png"
              onChange={set("logoUrl")}
            />
            <TextField
              label="Header Text"
              value={style.headerText}
              error={errors.headerText}
              maxLength={CLAIM_STYLE_TEXT_LIMITS.headerText}
              onChange={set("headerText")}
            />
            <TextField
              label="Welcome Message"
              value={style.welcomeMessage}
              error={errors.welcomeMessage}
              maxLength={CLAIM_STYLE_TEXT_LIMITS.welcomeMessage}
              multiline
              onChange={set("welcomeMessage")}
            />
            <TextField
              label="Footer Text"
              value={style.footerText}
              error={errors.footerText}
              maxLength={CLAIM_STYLE_TEXT_LIMITS.footerText}
              onChange={set("footerText")}
            />
          </fieldset>
        </TabsContent>
        <TabsContent value="preview" className="mt-2">
          <ClaimPagePreview style={style} />
        </TabsContent>
      </Tabs>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={() => setStyle({ ...DASHBOARD_CLAIM_STYLE_DEFAULTS })}>
          Reset to Defaults
        </Button>
        <Button onClick={() => save.mutate(style)} disabled={invalid || save.isPending}>
          {save.isPending ? "Saving..." : "Save Styles"}
        </Button>
      </div>
      {invalid && (
        <p className="text-right text-xs text-destructive" role="status">
          Fix the highlighted fields to save.
        </p>
      )}
    </div>
  );
}
