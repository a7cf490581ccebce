import { lazy, Suspense } from 'react';
import { Card, Skeleton } from '../../../ui/index.ts';
import { type AppSection, type SectionProps } from '../../../shell/sections.ts';

const sectionCache = new Map<string, React.LazyExoticComponent<React.ComponentType<SectionProps>>>();
function sectionComponent(s: AppSection) {
  let c = sectionCache.get(s.id);
  if (!c) {
    c = lazy(s.load);
    sectionCache.set(s.id, c);
  }
  return c;
}

export function SectionView({ section, account, path }: SectionProps & { section: AppSection }) {
  const C = sectionComponent(section);
  return (
    <Suspense
      fallback={
        <Card className="p-6">
          <Skeleton className="h-24 w-full" />
        </Card>
      }
    >
      <C account={account} path={path} />
    </Suspense>
  );
}
