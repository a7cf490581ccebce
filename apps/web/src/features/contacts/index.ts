export { useContacts, type Contact } from './api.ts';
