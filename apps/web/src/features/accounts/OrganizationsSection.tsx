import type { SectionProps } from '../../shell/sections.ts';
import TreePanel from './TreePanel.tsx';

/** A console's organizations (partners and resellers): the list to search, open, create and delete. */
export default function OrganizationsSection(props: SectionProps) {
  return <TreePanel {...props} only="organization" />;
}
