import type { TMenuKey } from '@quantics/contracts';
import {
  Bot,
  Building2,
  ClipboardCheck,
  FileBarChart,
  LayoutDashboard,
  type LucideIcon,
  MapPin,
  Package,
  Printer,
  ScanLine,
  Settings,
  Smartphone,
  Users,
} from 'lucide-react';

export const MENU_ICONS: Record<TMenuKey, LucideIcon> = {
  dashboard: LayoutDashboard,
  tallie: Bot,
  audits: ClipboardCheck,
  count: ScanLine,
  devices: Smartphone,
  inventory: Package,
  locations: MapPin,
  'print-labels': Printer,
  reports: FileBarChart,
  team: Users,
  company: Building2,
  settings: Settings,
};
