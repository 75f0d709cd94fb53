import { HelpPanel, type useHelp } from '@/components/ui/help-panel';
import { WORKFLOW } from './workflow';

/** The dashboard's help: what the product does, what the figures mean, the workflow and a few tips. */
export function DashboardHelp({ help }: { help: ReturnType<typeof useHelp> }) {
  return (
    <HelpPanel
      help={help}
      title="How the dashboard works"
      intro="Your company's stock counts, readers and audits at a glance."
      sections={[
        {
          title: 'Core features',
          items: [
            'Handheld RFID readers scan tags 3-10 feet away and report each count as an audit.',
            'Audits compare scanned tags with expected stock and list every discrepancy.',
            'Team roles decide who may change inventory, devices and settings.',
          ],
        },
        {
          title: 'Analytics',
          items: [
            'Accuracy is (expected minus discrepancies) / expected, as a percentage.',
            'Green at 90% or more, yellow at 70% or more, red below.',
            'Reports export inventory, audits, low stock and discrepancies as CSV.',
          ],
        },
        {
          title: 'Four-step workflow',
          items: WORKFLOW.map((w) => `${w.step}: ${w.text}`),
        },
        {
          title: 'Quick tips',
          items: [
            'Keep readers charged: battery shows green above 60%.',
            'Add comments to an audit to explain a discrepancy to your team.',
            'Ask Tallie, the assistant, when you are not sure where something lives.',
          ],
        },
      ]}
    />
  );
}
