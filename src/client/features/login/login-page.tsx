import type { LoginResponse } from "@contract/auth";
import { authEndpoints } from "@contract/endpoints/auth";
import { LOGIN_CHALLENGE_TTL_MINUTES } from "@contract/limits";
import { useMutation } from "@tanstack/react-query";
import { ArrowLeftIcon } from "lucide-react";
import { type KeyboardEvent, useId, useState } from "react";
import { Link, useLocation } from "wouter";
import { PRODUCT_NAME } from "@/components/brand";
import { CopyButton } from "@/components/copy-button";
import { RobloxUsernameInput } from "@/components/roblox-username-input";
import { ThemeToggle } from "@/components/theme-toggle";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { ApiError, api } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { normalizeError } from "@/lib/normalize-error";
import { toast } from "@/lib/toast";

const VERIFY_FAILED =
  "The verification phrase was not found in your ROBLOX profile. Add it to your profile description and try again.";

/**
 * Spec 000 §8: on the login pages an HTTP error shows as `${status}: ${text}`; the text is the server's error field
 * rather than raw JSON (decision 004). Other failures are normalised.
 */
function showError(
  err: unknown,
  description = err instanceof ApiError ? `${err.status}: ${err.detail}` : normalizeError(err),
) {
  toast({ title: "Error", description, variant: "destructive" });
}

export function LoginPage() {
  const [, navigate] = useLocation();
  const { refreshUser } = useAuth();
  const [username, setUsername] = useState("");
  const [challenge, setChallenge] = useState<LoginResponse | null>(null);
  const phraseId = useId();

  const signedIn = async () => {
    await refreshUser();
    navigate("/dashboard");
  };

  const login = useMutation({
    mutationFn: (name: string) => api(authEndpoints.login, { body: { username: name } }),
    onSuccess: async (data) => {
      if (data.success) return signedIn();
      setChallenge(data);
    },
    onError: (err) => showError(err),
  });

  const verify = useMutation({
    mutationFn: (c: LoginResponse) =>
      api(authEndpoints.verify, {
        body: {
          username: c.username,
          verificationPhrase: c.verificationPhrase,
          robloxUserId: c.robloxUserId,
        },
      }),
    onSuccess: async (data) => {
      if (data.success) return signedIn();
      showError(null, VERIFY_FAILED);
    },
    onError: (err) => showError(err),
  });

  const submitUsername = () => {
    const name = username.trim();
    if (!name) {
      showError(null, "Please enter your ROBLOX username");
      return;
    }
    if (!login.isPending) login.mutate(name);
  };

  // Enter submits even while the button is disabled, so a blank name still gets its message.
  const onUsernameKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      submitUsername();
    }
  };

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex h-16 items-center justify-between px-4 sm:px-6">
        <Button asChild variant="ghost">
          <Link href="/">
            <ArrowLeftIcon aria-hidden="true" />
            Back to Home
          </Link>
        </Button>
        <ThemeToggle />
      </header>

      <main className="flex flex-1 items-center justify-center px-4 pb-16">
        {challenge === null ? (
          <Card className="w-full max-w-md">
            <CardHeader className="text-center">
              <CardTitle as="h1" className="text-2xl">
                Login <span className="text-primary">{PRODUCT_NAME}</span>
              </CardTitle>
              <CardDescription>Enter your ROBLOX username to get started</CardDescription>
            </CardHeader>
            <form
              className="contents"
              onSubmit={(event) => {
                event.preventDefault();
                submitUsername();
              }}
            >
              <CardContent className="space-y-2">
                <RobloxUsernameInput
                  name="username"
                  autoComplete="username"
                  value={username}
                  onChange={(event) => setUsername(event.target.value)}
                  onKeyDown={onUsernameKeyDown}
                  readOnly={login.isPending}
                />
              </CardContent>
              <CardFooter>
                <Button type="submit" className="w-full" disabled={!username.trim() || login.isPending}>
                  {login.isPending ? "Verifying..." : "Continue"}
                </Button>
              </CardFooter>
            </form>
          </Card>
        ) : (
          <Card className="w-full max-w-md">
            <CardHeader className="text-center">
              <CardTitle as="h1" className="text-2xl">
                Verify Your Account
              </CardTitle>
              <CardDescription>Add the verification phrase to your ROBLOX profile</CardDescription>
            </CardHeader>
            <CardContent className="space-y-4">
              <div className="space-y-2">
                <Label htmlFor={phraseId}>Verification phrase</Label>
                <div className="flex items-start gap-2">
                  {/* A text area, sized to its content, so the whole phrase wraps into view on a phone. */}
                  <Textarea
                    id={phraseId}
                    readOnly
                    rows={1}
                    value={challenge.verificationPhrase}
                    className="field-sizing-content min-h-9 resize-none break-words font-mono"
                    onFocus={(event) => event.currentTarget.select()}
                  />
                  <CopyButton text={challenge.verificationPhrase} label="Copy phrase" what="the phrase" />
                </div>
              </div>
              <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
                <li>
                  Open the ROBLOX profile of{" "}
                  <span className="font-medium text-foreground">{challenge.username}</span> and edit its About
                  description.
                </li>
                <li>Paste the phrase anywhere in the description and save it.</li>
                <li>Come back here and select Verify &amp; Login.</li>
              </ol>
              <p className="text-xs text-muted-foreground">
                The phrase is valid for {LOGIN_CHALLENGE_TTL_MINUTES} minutes. You can remove it once you are
                logged in.
              </p>
            </CardContent>
            <CardFooter className="gap-2">
              <Button variant="outline" onClick={() => setChallenge(null)} disabled={verify.isPending}>
                <ArrowLeftIcon aria-hidden="true" />
                Back
              </Button>
              <Button className="flex-1" onClick={() => verify.mutate(challenge)} disabled={verify.isPending}>
                {verify.isPending ? "Verifying..." : "Verify & Login"}
              </Button>
            </CardFooter>
          </Card>
        )}
      </main>
    </div>
  );
}
