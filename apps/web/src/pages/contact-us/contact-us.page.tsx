import { ContactCard } from '../../features/content/contact-card';

/** How to reach the house, and how a member pays money in and takes it out. */
export default function ContactUsPage() {
  return <ContactCard />;
}
