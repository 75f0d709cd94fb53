import { usePageTitle } from '@/lib/page-title';
import { BenefitsSection } from '../components/benefits-section';
import { DemoSection } from '../components/demo-section';
import { FeaturesSection } from '../components/features-section';
import { HeroSection } from '../components/hero-section';
import { HowItWorksSection } from '../components/how-it-works-section';
import { LandingFooter } from '../components/landing-footer';
import { LandingNav } from '../components/landing-nav';
import { WaitlistSection } from '../components/waitlist-section';

/** The public page at / for visitors who are not signed in (spec: portal-access section 2). */
export function LandingPage() {
  usePageTitle('Welcome');
  return (
    <div className="min-h-screen bg-white text-slate-900">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow-lg"
      >
        Skip to content
      </a>
      <LandingNav />
      <main id="main">
        <HeroSection />
        <FeaturesSection />
        <HowItWorksSection />
        <BenefitsSection />
        <DemoSection />
        <WaitlistSection />
      </main>
      <LandingFooter />
    </div>
  );
}
