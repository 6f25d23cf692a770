import type { CurrentUser } from "@contract/auth";
import { settingsEndpoints } from "@contract/endpoints/settings";
import type { Tier } from "@contract/plans";
import { hasPaidTier } from "@contract/plans";
import { SETTINGS_TEXTS } from "@contract/settings";
import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Link } from "wouter";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { api } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { toastError } from "@/lib/error-toast";
import { toast } from "@/lib/toast";
import {
  canSaveDiscord,
  type DiscordForm,
  discordFormOf,
  discordPayload,
  discordUrlProblem,
} from "./settings-rules";

type SwitchKey = Exclude<keyof DiscordForm, "webhookUrl">;

const SWITCHES: { key: SwitchKey; label: string; hint: string }[] = [
  { key: "enabled", label: "Enable Discord Notifications", hint: "Turn every Discord message on or off." },
  { key: "orderCreatedEnabled", label: "Order Created", hint: "A message when a new order comes in." },
  { key: "orderDeliveredEnabled", label: "Order Delivered", hint: "A message when a bot delivers an order." },
  { key: "pingEveryone", label: "Ping @everyone", hint: "Mention @everyone in each message." },
];

function SwitchRow({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4">
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} aria-describedby={`${id}-hint`} />
    </div>
  );
}

export function DiscordSection({ user, tier }: { user: CurrentUser; tier: Tier }) {
  const urlId = useId();
  const { refreshUser } = useAuth();
  const [form, setForm] = useState<DiscordForm>(() => discordFormOf(user));
  const urlProblem = discordUrlProblem(form.webhookUrl);

  const save = useMutation({
    mutationFn: (body: ReturnType<typeof discordPayload>) => api(settingsEndpoints.discord, { body }),
    onSuccess: async () => {
      toast({ title: "Success", description: SETTINGS_TEXTS.discordSaved });
      await refreshUser();
    },
    onError: (err) => toastError(err, "Failed to update Discord settings"),
  });

  return (
    <Card aria-labelledby="discord-notifications-title" role="region">
      <CardHeader>
        <CardTitle id="discord-notifications-title">Discord Notifications</CardTitle>
        <CardDescription>
          Get a message in your Discord server when orders come in and are delivered.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {!hasPaidTier(tier) && (
          <Alert>
            <AlertDescription>
              <p>
                {SETTINGS_TEXTS.discordTierRequired}.{" "}
                <Link
                  href="/subscription"
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  Upgrade your plan
                </Link>
              </p>
            </AlertDescription>
          </Alert>
        )}
        <div className="grid gap-2">
          <Label htmlFor={urlId}>Discord Webhook URL</Label>
          <Input
            id={urlId}
            type="url"
            inputMode="url"
            placeholder="https://discord.com/api/webhooks/..."
            autoComplete="off"
            spellCheck={false}
            value={form.webhookUrl}
            onChange={(event) => setForm((f) => ({ ...f, webhookUrl: event.target.value }))}
            aria-invalid={urlProblem ? true : undefined}
            aria-describedby={`${urlId}-hint`}
          />
          <p
            id={`${urlId}-hint`}
            className={urlProblem ? "text-xs text-destructive" : "text-xs text-muted-foreground"}
          >
            {urlProblem ??
              "In Discord: Server Settings, Integrations, Webhooks, New Webhook, Copy Webhook URL."}
          </p>
        </div>
        <div className="grid gap-4">
          {SWITCHES.map(({ key, label, hint }) => (
            <SwitchRow
              key={key}
              label={label}
              hint={hint}
              checked={form[key]}
              onChange={(checked) => setForm((f) => ({ ...f, [key]: checked }))}
            />
          ))}
        </div>
      </CardContent>
      <CardFooter>
        <Button
          onClick={() => save.mutate(discordPayload(form))}
          disabled={!canSaveDiscord(form, tier) || save.isPending}
        >
          {save.isPending ? "Saving..." : "Save Discord Settings"}
        </Button>
      </CardFooter>
    </Card>
  );
}
