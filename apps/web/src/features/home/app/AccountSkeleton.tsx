import { Card, Skeleton } from '../../../ui/index.ts';

export function AccountSkeleton() {
  return (
    <Card className="p-6" aria-busy="true">
      <span className="sr-only">Loading account</span>
      <div className="flex items-center gap-4">
        <Skeleton className="size-14 rounded-full" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-4 w-32" />
        </div>
      </div>
      <div className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-5">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-10" />
        ))}
      </div>
    </Card>
  );
}
