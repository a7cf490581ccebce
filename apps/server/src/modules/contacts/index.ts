import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { contactRoutes } from './routes.ts';
import { contactsRepository } from './repository.ts';

export { contactNamesByAddress, contactsInReach, createContactsService, orgOf as contactsOrgOf } from './service.ts';
export type { ContactsService } from './service.ts';
export { callerContact, saveCallerContact, type CallerIdentity } from './agentContact.ts';
export type { ContactsTables } from './tables.ts';
export { keyOf as contactKeyOf } from './keys.ts';
/** An organization's contacts with their `tel:` / `email:` keys (for invitations from one's contacts). */
export const contactChannelsOf = contactsRepository.channels.bind(contactsRepository);

/** Contacts of an organization (spec §7 Contacts): one contact per person across SMS, calls and chat. */
export const contactsModule: ServerModule<Services> = { name: 'contacts', register: (app, s) => contactRoutes(app, s.contacts) };
