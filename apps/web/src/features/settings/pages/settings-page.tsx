import { Palette, ShieldCheck, UserRound } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { usePageTitle } from '@/lib/page-title';
import { AppearanceTab } from '../components/appearance-tab';
import { GeneralTab } from '../components/general-tab';
import { PointOfSaleCard } from '../components/point-of-sale-card';
import { SecurityTab } from '../components/security-tab';

const TABS = [
  { value: 'general', label: 'General', icon: UserRound },
  { value: 'security', label: 'Security', icon: ShieldCheck },
  { value: 'appearance', label: 'Appearance', icon: Palette },
] as const;
type Tab = (typeof TABS)[number]['value'];

/** Everyone's own account, whatever their role: profile, sign-in security, appearance. */
export function SettingsPage() {
  usePageTitle('Settings');
  // The tab lives in the address, so a reload or a shared link opens the same one.
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = TABS.some((t) => t.value === requested) ? (requested as Tab) : 'general';

  return (
    <>
      <PageHeader
        title="Settings"
        description="Your profile, how you sign in, and how Quantics looks for you."
      />
      <Tabs
        value={tab}
        onValueChange={(value) => setParams(value === 'general' ? {} : { tab: value }, { replace: true })}
      >
        <TabsList aria-label="Settings sections">
          {TABS.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value}>
              <Icon className="size-4" aria-hidden />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="general" className="space-y-6">
          <GeneralTab />
          <PointOfSaleCard />
        </TabsContent>
        <TabsContent value="security">
          <SecurityTab />
        </TabsContent>
        <TabsContent value="appearance">
          <AppearanceTab />
        </TabsContent>
      </Tabs>
    </>
  );
}
