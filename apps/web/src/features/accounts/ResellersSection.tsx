import type { SectionProps } from '../../shell/sections.ts';
import TreePanel from './TreePanel.tsx';

/** A partner's resellers: the list to search, open, create and delete. */
export default function ResellersSection(props: SectionProps) {
  return <TreePanel {...props} only="reseller" />;
}
