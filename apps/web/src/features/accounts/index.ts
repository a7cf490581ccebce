/** What other features use of the account screens. */
export { default as TreePanel } from './TreePanel.tsx';
export { default as SuperAdminPanel } from './SuperAdminPanel.tsx';
