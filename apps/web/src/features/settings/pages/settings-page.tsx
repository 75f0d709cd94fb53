import { Bell, KeyRound, Palette, ShieldCheck, Tag, UserRound, Webhook } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useCan } from '@/app/use-can';
import { PageHeader } from '@/components/layout/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { usePageTitle } from '@/lib/page-title';
import { ALERT_TEXTS } from '../alert-texts';
import { API_KEY_TEXTS } from '../api-key-texts';
import { ApiKeysTab } from '../components/api-keys-tab';
import { AppearanceTab } from '../components/appearance-tab';
import { GeneralTab } from '../components/general-tab';
import { LabelsTab } from '../components/labels-tab';
import { MetrcCard } from '../components/metrc-card';
import { NotificationsTab } from '../components/notifications-tab';
import { PointOfSaleCard } from '../components/point-of-sale-card';
import { SecurityTab } from '../components/security-tab';
import { WebhooksTab } from '../components/webhooks-tab';

const TABS = [
  { value: 'general', label: 'General', icon: UserRound },
  { value: 'security', label: 'Security', icon: ShieldCheck },
  { value: 'appearance', label: 'Appearance', icon: Palette },
  { value: 'notifications', label: ALERT_TEXTS.notificationsTab, icon: Bell },
  { value: 'labels', label: 'Labels', icon: Tag, isAdminOnly: true },
  { value: 'webhooks', label: ALERT_TEXTS.webhooksTab, icon: Webhook, isAdminOnly: true },
  { value: 'api-keys', label: API_KEY_TEXTS.tab, icon: KeyRound, isAdminOnly: true },
] as const;
type Tab = (typeof TABS)[number]['value'];

/** Everyone's own account, whatever their role: profile, sign-in security, appearance, notifications; admins: labels, webhooks, API keys. */
export function SettingsPage() {
  usePageTitle('Settings');
  // The tab lives in the address, so a reload or a shared link opens the same one.
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const isAdmin = useCan('admin');
  const tabs = TABS.filter((t) => !('isAdminOnly' in t) || isAdmin);
  const tab: Tab = tabs.some((t) => t.value === requested) ? (requested as Tab) : 'general';
  // On a phone the tab strip scrolls: the chosen tab (from a link, say) is brought into view.
  const stripRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    stripRef.current
      ?.querySelector(`[data-value="${tab}"]`)
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]);

  return (
    <>
      <PageHeader
        title="Settings"
        description={
          isAdmin
            ? 'Your profile, how you sign in, what you are told of, how Quantics looks for you, and your company’s labels, webhooks and API keys.'
            : 'Your profile, how you sign in, what you are told of, and how Quantics looks for you.'
        }
      />
      <Tabs
        value={tab}
        onValueChange={(value) => setParams(value === 'general' ? {} : { tab: value }, { replace: true })}
      >
        <div ref={stripRef}>
          <TabsList aria-label="Settings sections">
            {tabs.map(({ value, label, icon: Icon }) => (
              <TabsTrigger key={value} value={value} data-value={value} className="px-2.5 sm:px-3">
                {/* On a phone, more than three tabs go without their icons (the strip scrolls for the rest). */}
                <Icon className={tabs.length > 3 ? 'hidden size-4 sm:block' : 'size-4'} aria-hidden />
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabsContent value="general" className="space-y-6">
          <GeneralTab />
          <PointOfSaleCard />
          <MetrcCard />
        </TabsContent>
        <TabsContent value="security">
          <SecurityTab />
        </TabsContent>
        <TabsContent value="appearance">
          <AppearanceTab />
        </TabsContent>
        <TabsContent value="notifications">
          <NotificationsTab />
        </TabsContent>
        {isAdmin && (
          <TabsContent value="labels">
            <LabelsTab />
          </TabsContent>
        )}
        {isAdmin && (
          <TabsContent value="webhooks">
            <WebhooksTab />
          </TabsContent>
        )}
        {isAdmin && (
          <TabsContent value="api-keys">
            <ApiKeysTab />
          </TabsContent>
        )}
      </Tabs>
    </>
  );
}
