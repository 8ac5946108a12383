import { ContactForm } from '../../features/content/contact-form';

export function ContactPage() {
  return <ContactForm />;
}
