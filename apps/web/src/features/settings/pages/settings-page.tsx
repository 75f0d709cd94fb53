import { Palette, ShieldCheck, Tag, UserRound } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { useCan } from '@/app/use-can';
import { PageHeader } from '@/components/layout/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { usePageTitle } from '@/lib/page-title';
import { AppearanceTab } from '../components/appearance-tab';
import { GeneralTab } from '../components/general-tab';
import { LabelsTab } from '../components/labels-tab';
import { PointOfSaleCard } from '../components/point-of-sale-card';
import { SecurityTab } from '../components/security-tab';

const TABS = [
  { value: 'general', label: 'General', icon: UserRound },
  { value: 'security', label: 'Security', icon: ShieldCheck },
  { value: 'appearance', label: 'Appearance', icon: Palette },
  { value: 'labels', label: 'Labels', icon: Tag, isAdminOnly: true },
] as const;
type Tab = (typeof TABS)[number]['value'];

/** Everyone's own account, whatever their role: profile, sign-in security, appearance; admins: labels. */
export function SettingsPage() {
  usePageTitle('Settings');
  const isAdmin = useCan('admin');
  const tabs = TABS.filter((t) => isAdmin || !('isAdminOnly' in t));
  // The tab lives in the address, so a reload or a shared link opens the same one.
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = tabs.some((t) => t.value === requested) ? (requested as Tab) : 'general';

  return (
    <>
      <PageHeader
        title="Settings"
        description={
          isAdmin
            ? 'Your profile, how you sign in, how Quantics looks for you, and your company’s labels.'
            : 'Your profile, how you sign in, and how Quantics looks for you.'
        }
      />
      <Tabs
        value={tab}
        onValueChange={(value) => setParams(value === 'general' ? {} : { tab: value }, { replace: true })}
      >
        <TabsList aria-label="Settings sections">
          {tabs.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value} className="px-2.5 sm:px-3">
              {/* Four tabs fit a phone's width without their icons. */}
              <Icon className={tabs.length > 3 ? 'hidden size-4 sm:block' : 'size-4'} aria-hidden />
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
        {isAdmin && (
          <TabsContent value="labels">
            <LabelsTab />
          </TabsContent>
        )}
      </Tabs>
    </>
  );
}
