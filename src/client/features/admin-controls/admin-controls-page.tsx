import {
  DatabaseBackupIcon,
  DownloadIcon,
  FileBarChartIcon,
  HeartPulseIcon,
  KeyRoundIcon,
  PlusIcon,
} from "lucide-react";
import { useState } from "react";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ApiDocsTab } from "./api-docs-tab";
import { AuditLogSection } from "./audit-log-section";
import { DepositBotsTab } from "./deposit-bots-tab";
import { DiscountCodesTab } from "./discount-codes-tab";
import { GameManagementTab } from "./game-management-tab";
import { GenerateKeysDialog } from "./generate-keys-dialog";
import { ItemDialog } from "./item-dialog";
import { ItemDictionaryTab } from "./item-dictionary-tab";
import { PaymentsToSettleSection } from "./payments-to-settle-section";
import { StatCards } from "./stat-cards";
import { SubscriptionKeysTab } from "./subscription-keys-tab";
import { UsersTab } from "./users-tab";

/** Spec 001 §2: four placeholders, disabled until they are built. */
const ACTIONS = [
  { title: "Bulk Export Users", icon: DownloadIcon },
  { title: "System Health Check", icon: HeartPulseIcon },
  { title: "Generate Reports", icon: FileBarChartIcon },
  { title: "Backup Data", icon: DatabaseBackupIcon },
];

function ActionsTab() {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      {ACTIONS.map(({ title, icon: Icon }) => (
        <Card key={title} className="gap-3">
          <CardHeader>
            <CardTitle>{title}</CardTitle>
            <CardDescription>Coming soon.</CardDescription>
          </CardHeader>
          <div className="px-6">
            <Button variant="outline" disabled>
              <Icon aria-hidden="true" /> {title}
            </Button>
          </div>
        </Card>
      ))}
    </div>
  );
}

/** The tabs, exactly as spec 001 §2 names them. */
const TABS = [
  { value: "users", label: "Users", content: UsersTab },
  { value: "games", label: "Game Management", content: GameManagementTab },
  { value: "items", label: "Item Dictionary", content: ItemDictionaryTab },
  { value: "keys", label: "Subscription Keys", content: SubscriptionKeysTab },
  { value: "discounts", label: "Discount Codes", content: DiscountCodesTab },
  { value: "bots", label: "Deposit Bots", content: DepositBotsTab },
  { value: "actions", label: "Actions", content: ActionsTab },
  { value: "api", label: "API Documentation", content: ApiDocsTab },
];

export function AdminControlsPage() {
  const [creatingItem, setCreatingItem] = useState(false);
  const [generatingKeys, setGeneratingKeys] = useState(false);
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Admin Controls"
        description="Users, items, keys, discount codes, bots and game rules."
        actions={
          <>
            <Button onClick={() => setCreatingItem(true)}>
              <PlusIcon aria-hidden="true" /> Create Item
            </Button>
            <Button variant="outline" onClick={() => setGeneratingKeys(true)}>
              <KeyRoundIcon aria-hidden="true" /> Generate Keys
            </Button>
          </>
        }
      />
      <StatCards />
      <Tabs defaultValue="users">
        <TabsList className="w-full justify-start">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value} className="flex-none">
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map(({ value, content: Content }) => (
          <TabsContent key={value} value={value} className="pt-2">
            <Content />
          </TabsContent>
        ))}
      </Tabs>
      <PaymentsToSettleSection />
      <AuditLogSection />
      {creatingItem && <ItemDialog open onOpenChange={setCreatingItem} />}
      <GenerateKeysDialog open={generatingKeys} onOpenChange={setGeneratingKeys} />
    </div>
  );
}
