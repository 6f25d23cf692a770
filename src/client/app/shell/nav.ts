import {
  CodeIcon,
  CreditCardIcon,
  LayoutDashboardIcon,
  type LucideIcon,
  PackageIcon,
  SettingsIcon,
  ShieldIcon,
  ShoppingCartIcon,
  TagIcon,
} from "lucide-react";

export interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
}

export interface NavSection {
  label: string | null;
  items: NavItem[];
}

const SELLER_NAV: NavItem[] = [
  { href: "/dashboard", label: "Dashboard", icon: LayoutDashboardIcon },
  { href: "/inventory", label: "Inventory", icon: PackageIcon },
  { href: "/listings", label: "Listings", icon: TagIcon },
  { href: "/orders", label: "Orders", icon: ShoppingCartIcon },
  { href: "/api-integration", label: "API Integration", icon: CodeIcon },
  { href: "/store-settings", label: "Store Settings", icon: SettingsIcon },
  { href: "/subscription", label: "My Subscription", icon: CreditCardIcon },
];

const ADMIN_NAV: NavItem[] = [{ href: "/admin-controls", label: "Admin Controls", icon: ShieldIcon }];

export function navSections(isAdmin: boolean): NavSection[] {
  const sections: NavSection[] = [{ label: null, items: SELLER_NAV }];
  if (isAdmin) sections.push({ label: "Admin", items: ADMIN_NAV });
  return sections;
}
