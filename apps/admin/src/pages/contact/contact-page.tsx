import { ContactForm } from '../../features/content/contact-form';
import { HouseSection } from '../../features/judge/house-card';

export function ContactPage() {
  return (
    <>
      <ContactForm />
      <HouseSection />
    </>
  );
}
